"""The optimal classic solution as numpy arrays, whole or in chunks of bounded size.

A move is three small ints in three parallel arrays: ``disk`` (1 = smallest), ``src`` and ``dst`` (0, 1, 2 = S, I, D).
The builder uses the block structure of the solution instead of a loop over moves: with ``B = 2**12``, the moves of the
disks ``1 .. 12`` repeat with period ``3B`` (each disk cycles through the posts), and the moves at the positions
``k = B - 1, 2B - 1, ...`` between the blocks are exactly the solution for the ``n - 12`` larger disks. So a run of
moves is one broadcast copy of a precomputed pattern, plus a strided write of a run that is ``B`` times shorter, built
the same way. Any window ``start .. stop`` of the solution can be built directly, even for ``n = 64`` or ``1000``.

Moves are :class:`~hanoikit.movearray.MoveArray` values. A writer that formats moves (:mod:`hanoikit.formats`) need
not format every move: :func:`solution_chunks` returns :class:`~hanoikit.movearray.Chunks`, whose
:meth:`~hanoikit.movearray.Chunks.runs` gives the same moves as whole towers of at most :data:`RUN_DISKS` disks
(:class:`~hanoikit.movearray.Recurring` runs, six of them in all) between the moves of the larger disks, so each run
is formatted once.

>>> disk, src, dst = arrays(3)
>>> disk.tolist(), src.tolist(), dst.tolist()
([1, 2, 1, 3, 1, 2, 1], [0, 0, 2, 0, 1, 1, 0], [2, 1, 1, 2, 0, 2, 2])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache

import numpy as np

from ..digits import rounded
from ..errors import TooLargeError
from ..move import Move, as_count
from ..movearray import POST_DTYPE, Chunks, MoveArray, Recurring, disk_dtype
from ..puzzle import Puzzle
from ..state import State
from .classic import Tower, as_disk_count, check_posts, plan

__all__ = [
    "MAX_ARRAY_DISKS",
    "RUN_DISKS",
    "arrays",
    "chunks",
    "tower_runs",
    "plan_chunks",
    "plan_runs",
    "solution_chunks",
]

MAX_ARRAY_DISKS = 32
"""The largest ``n`` whose whole solution :func:`arrays` builds at once (``2**32 - 1`` moves, 12 GiB); use
:func:`chunks` beyond."""

_BITS = 12
_BLOCK = 1 << _BITS
_PERIOD = 3 * _BLOCK

RUN_DISKS = 16
""":func:`tower_runs` cuts towers into whole towers of this many disks (65 535 moves, six of them: one per pair of
posts)."""


_Columns = tuple[np.ndarray, np.ndarray, np.ndarray]


def _formula(n: int, ks: np.ndarray) -> _Columns:
    """Moves ``ks`` (from 0, each below ``2**62``) of the solution for ``n`` disks, by the closed formula: the disks
    as int64, the posts as :data:`~hanoikit.movearray.POST_DTYPE`."""
    m = ks.astype(np.int64) + 1
    disk = np.frexp((m & -m).astype(np.float64))[1].astype(np.int64)  # the lowest set bit 2**(d-1) is 0.5 * 2**d
    turn = m >> disk  # how often this disk has moved before
    step = 2 - (n - disk) % 2  # 1: S→I→D, 2: S→D→I
    return disk, (turn * step % 3).astype(POST_DTYPE), ((turn + 1) * step % 3).astype(POST_DTYPE)


def _labels(src: int, dst: int) -> np.ndarray:
    """The posts S, I, D of a transfer from ``src`` to ``dst``."""
    return np.array([src, 3 - src - dst, dst], POST_DTYPE)


@lru_cache(maxsize=12)
def _pattern(parity: int, src: int, dst: int) -> _Columns:
    """Two periods of the moves of disks ``1 .. 12`` from ``src`` to ``dst`` when ``n`` has this parity (wrong at the
    block ends)."""
    disk, moved_from, moved_to = _formula(_BITS + 2 + parity, np.arange(2 * _PERIOD))
    labels = _labels(src, dst)
    return disk.astype(np.uint8), labels[moved_from], labels[moved_to]


def _fill(n: int, start: int, out: MoveArray, src: int = 0, dst: int = 2) -> None:
    """Write moves ``start, start + 1, ...`` of the transfer of ``n`` disks from ``src`` to ``dst`` into the arrays
    ``out``: the posts are relabelled in the small pattern and in the moves of the large disks, never in ``out``."""
    length = out.size
    if length == 0:
        return
    if n <= _BITS:
        disk, moved_from, moved_to = _formula(n, np.arange(start, start + length))
        labels = _labels(src, dst)
        out.disk[:], out.src[:], out.dst[:] = disk, labels[moved_from], labels[moved_to]
        return
    offset = start % _PERIOD
    periods, rest = divmod(length, _PERIOD)
    for target, pattern in zip(out, _pattern(n % 2, src, dst), strict=True):
        window = pattern[offset : offset + _PERIOD]
        target[: periods * _PERIOD].reshape(periods, _PERIOD)[:] = window
        target[periods * _PERIOD :] = window[:rest]
    first = (_BLOCK - 1 - start) % _BLOCK  # the first block end in the run: a move of a disk above 12
    if first < length:
        count = (length - 1 - first) // _BLOCK + 1
        big = MoveArray(np.empty(count, out.disk.dtype), np.empty(count, POST_DTYPE), np.empty(count, POST_DTYPE))
        _fill(n - _BITS, (start + first + 1) // _BLOCK - 1, big, src, dst)
        big.disk[:] += _BITS
        for target, values in zip(out, big, strict=True):
            target[first::_BLOCK] = values


def arrays(n: int, src: int = 0, dst: int = 2) -> MoveArray:
    """The whole optimal transfer of ``n`` disks from ``src`` to ``dst`` as one :class:`~hanoikit.movearray.MoveArray`.

    >>> [str(m) for m in arrays(2, 2, 0).moves()]
    ['1DI', '2DS', '1IS']
    """
    n = as_disk_count(n)
    src, dst = check_posts(src, dst)
    if n > MAX_ARRAY_DISKS:
        raise TooLargeError(
            f"the solution for {n:,} disks has {rounded(2**n - 1)} moves, too many to hold at once "
            f"(at most {MAX_ARRAY_DISKS} disks): stream it with chunks()"
        )
    out = MoveArray.empty((1 << n) - 1, n)
    _fill(n, 0, out, src, dst)
    return out


def chunks(
    n: int, size: int = 1 << 20, src: int = 0, dst: int = 2, start: int = 0, stop: int | None = None
) -> Iterator[MoveArray]:
    """Moves ``start .. stop - 1`` (default: all) of the optimal transfer of ``n`` disks from ``src`` to ``dst``, as
    arrays of at most ``size`` moves each; memory stays bounded whatever ``n``.

    >>> [len(d) for d, _, _ in chunks(4, 6)]
    [6, 6, 3]
    >>> [d.tolist() for d, _, _ in chunks(64, 4, start=2**63 - 2, stop=2**63 + 1)]
    [[1, 64, 1]]
    """
    n = as_disk_count(n)
    src, dst = check_posts(src, dst)
    size = as_count(size, "the size of a chunk")
    start = as_count(start, "the first move of the chunks", 0)
    total = (1 << n) - 1
    stop = total if stop is None else min(as_count(stop, "the end of the chunks", 0), total)
    for begin in range(start, stop, size):
        out = MoveArray.empty(min(size, stop - begin), n)
        _fill(n, begin, out, src, dst)
        yield out


def tower_runs(height: int, src: int = 0, dst: int = 2, size: int = 1 << 16) -> Iterator[MoveArray]:
    """The optimal transfer of ``height`` disks from ``src`` to ``dst`` as :class:`~hanoikit.movearray.Recurring`
    whole towers of at most :data:`RUN_DISKS` disks, between single moves of the larger disks (taken ``size`` at a
    time).

    >>> [run.size for run in tower_runs(18)]
    [65535, 1, 65535, 1, 65535, 1, 65535]
    >>> [run.key for run in tower_runs(17, 0, 1) if isinstance(run, Recurring)]
    [('tower', 16, 0, 2), ('tower', 16, 2, 1)]
    """
    if height <= RUN_DISKS:
        if height > 0:
            yield _tower_run(height, src, dst)
        return
    low = src  # where the small tower stands: on the post that the next large move leaves free
    for disk, moved_from, moved_to in chunks(height - RUN_DISKS, size, src, dst):
        for big, a, b in zip((disk + RUN_DISKS).tolist(), moved_from.tolist(), moved_to.tolist(), strict=True):
            high = 3 - a - b
            yield _tower_run(RUN_DISKS, low, high)
            yield _move_run(big, a, b, height)
            low = high
    yield _tower_run(RUN_DISKS, low, dst)


@lru_cache(maxsize=6 * RUN_DISKS)
def _tower_run(height: int, src: int, dst: int) -> Recurring:
    return Recurring(("tower", height, src, dst), arrays(height, src, dst))


@lru_cache(maxsize=1 << 12)
def _move_run(disk: int, src: int, dst: int, height: int) -> MoveArray:
    """The single move of a large disk, read-only and shared: the same few recur all through a long solution."""
    return MoveArray.single(disk, src, dst, height).frozen()


def plan_runs(segments: Iterable[Move | Tower], n: int) -> Iterator[MoveArray]:
    """The moves of a :func:`hanoikit.solvers.classic.plan` for ``n`` disks as runs: single moves and the
    :func:`tower_runs` of its towers.

    >>> p = Puzzle(3)
    >>> [d.tolist() for d, _, _ in plan_runs(plan(p, State.parse("DSI"), p.goal), 3)]
    [[1], [3], [1, 2, 1]]
    """
    for segment in segments:
        if isinstance(segment, Tower):
            yield from tower_runs(segment.height, segment.src, segment.dst)
        else:
            yield MoveArray.single(*segment, n=n)


def plan_chunks(segments: Iterable[Move | Tower], n: int, size: int = 1 << 20) -> Chunks:
    """The moves of a :func:`hanoikit.solvers.classic.plan` for ``n`` disks as arrays of at most about ``size`` moves
    (or, by :meth:`~hanoikit.movearray.Chunks.runs`, as :func:`plan_runs`).

    >>> p = Puzzle(3)
    >>> [d.tolist() for d, _, _ in plan_chunks(plan(p, p.start, p.goal), 3)]
    [[1, 2, 1, 3, 1, 2, 1]]
    """
    segments = iter(segments)  # consumed once, by whichever of the two ways is used
    return Chunks(_plan_chunks(segments, n, size), plan_runs(segments, n))


def _plan_chunks(segments: Iterable[Move | Tower], n: int, size: int) -> Iterator[MoveArray]:
    dtype = disk_dtype(n)
    pending: list[Move] = []
    for segment in segments:
        if isinstance(segment, Tower) and segment.height > 8:
            if pending:
                yield MoveArray.of(pending, n)
                pending.clear()
            for disk, src, dst in chunks(segment.height, size, segment.src, segment.dst):
                yield MoveArray(disk.astype(dtype, copy=False), src, dst)
            continue
        pending.extend(segment.moves() if isinstance(segment, Tower) else (segment,))
        if len(pending) >= size:
            yield MoveArray.of(pending, n)
            pending.clear()
    if pending:
        yield MoveArray.of(pending, n)


def solution_chunks(puzzle: Puzzle, src: State | None = None, dst: State | None = None, size: int = 1 << 20) -> Chunks:
    """An optimal solution of the classic ``puzzle`` from ``src`` to ``dst`` (default: start to goal) in chunks.

    >>> p = Puzzle(3)
    >>> [d.tolist() for d, _, _ in solution_chunks(p, State.parse("DSI"), State.parse("SSD"))]
    [[1, 3]]
    """
    src = puzzle.check(puzzle.start if src is None else src)
    dst = puzzle.check(puzzle.goal if dst is None else dst)
    return plan_chunks(plan(puzzle, src, dst), puzzle.n, size)
