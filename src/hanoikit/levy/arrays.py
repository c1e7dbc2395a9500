"""Levy's algorithms as numpy move arrays: a stream of :class:`~hanoikit.movearray.MoveArray` blocks in bounded
memory, the whole run as one array, and the moves one by one from the same blocks.

A call making at most :data:`MEMO_LIMIT` moves is built once on the posts ``(0, 1, 2)`` (by concatenating the blocks of
the calls it makes) and kept; a call on other posts is that block with its posts relabelled. Longer calls are
streamed, call by call.

>>> [str(m) for m in solution("62", 2)]
['1SI', '2SD', '1IS', '1SD']
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from ..digits import rounded
from ..errors import TooLargeError
from ..limits import MAX_LEVY_ARRAY_MOVES, MAX_LEVY_DISKS, ensure_at_most
from ..move import Move, as_count
from ..movearray import MoveArray, concatenate, disk_dtype, moves_of
from .appendix import CANONICAL, Body, Call, moves_made
from .counting import counts
from .published import check_n, get

__all__ = ["MEMO_LIMIT", "blocks", "solution", "solution_array"]

MEMO_LIMIT = 1 << 18
"""Calls making at most this many moves are kept as canonical blocks and relabelled; longer ones are streamed."""


@functools.lru_cache(maxsize=64)
def _memo_disks(body: Body, limit: int) -> int:
    """The most disks on which ``body`` makes at most ``limit`` moves (its count grows with the disks)."""
    n = 0
    while moves_made(body, n + 1) <= limit:
        n += 1
    return n


@functools.lru_cache(maxsize=256)  # at most 9 functions x 12 levels exist (MEMO_LIMIT): about 11 MB in all
def _canonical(body: Body, n: int) -> MoveArray:
    """The moves of ``body(n, 0, 1, 2)`` as one read-only block, composed of the canonical blocks of the calls it
    makes."""
    parts = []
    for step in body(n, *CANONICAL):
        if isinstance(step, Call):
            parts.append(_canonical(step.function, step.n).relabel(step.posts))
        else:
            parts.append(MoveArray.single(step.disk, step.src, step.dst, n))
    return concatenate(parts, n).frozen()


def _stream(body: Body, n: int, posts: tuple[int, int, int], top: int) -> Iterator[MoveArray]:
    """The moves of ``body(n, *posts)`` in a tower of ``top`` disks, their disks in the dtype of ``top``: the calls
    expanded depth first on a stack of their bodies (a tower of thousands of disks nests as deep)."""
    dtype = disk_dtype(top)
    pending: list[Iterator[Move | Call]] = [iter((Call(body, n, posts),))]
    singles: list[Move] = []
    while pending:
        step = next(pending[-1], None)
        if step is None:
            pending.pop()
        elif not isinstance(step, Call):
            singles.append(step)
        elif step.n > _memo_disks(step.function, MEMO_LIMIT):
            pending.append(step.steps())
        elif step.n > 0:
            if singles:
                yield MoveArray.of(singles, top)
                singles = []
            block = _canonical(step.function, step.n).relabel(step.posts)
            yield block if block.disk.dtype == dtype else block._replace(disk=block.disk.astype(dtype))
    if singles:
        yield MoveArray.of(singles, top)


def blocks(algorithm: str, n: int) -> Iterator[MoveArray]:
    """The moves of ``algorithm`` on ``n`` disks (at most :data:`~hanoikit.limits.MAX_LEVY_DISKS`) as a stream of
    :class:`~hanoikit.movearray.MoveArray` blocks, in bounded memory. Blocks may be shared and are read-only.

    >>> sum(block.size for block in blocks("62", 12))
    164870
    """
    n = check_n(n)
    ensure_at_most(n, MAX_LEVY_DISKS, "disks (streaming Levy's moves)")
    call = get(algorithm).call(n)
    return _stream(call.function, n, call.posts, n)


def solution(algorithm: str, n: int) -> Iterator[Move]:
    """The moves of ``algorithm`` on the ``n``-disk tower from S to D, generated lazily (from the :func:`blocks`).

    >>> [str(m) for m in solution("100", 3)][:5]
    ['1SD', '2SI', '1DS', '1SI', '3SD']
    >>> sum(1 for _ in solution("semifree", 6))
    276
    """
    return moves_of(blocks(algorithm, n))


def solution_array(algorithm: str, n: int, limit: int = MAX_LEVY_ARRAY_MOVES) -> MoveArray:
    """All moves of ``algorithm`` on ``n`` disks as one :class:`~hanoikit.movearray.MoveArray`.

    Raises :class:`TooLargeError` when there would be more than ``limit`` moves.

    >>> solution_array("100", 2).rows().tolist()
    [[1, 0, 1], [2, 0, 2], [1, 1, 0], [1, 0, 2]]
    """
    n = check_n(n)
    total = counts(algorithm, n)
    limit = as_count(limit, "the limit of moves", 0)
    if total > limit:
        raise TooLargeError(
            f"{algorithm!r} makes {rounded(total)} moves on {n:,} disks, more than the limit of {rounded(limit)}"
        )
    return concatenate(blocks(algorithm, n), n, total)
