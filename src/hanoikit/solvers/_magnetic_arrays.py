"""Optimal magnetic solutions as numpy arrays, whole or streamed in chunks of bounded size.

A solution is a few *legs* (plans of the tiny graphs, see :mod:`hanoikit.solvers._levels`); each small edge of a plan
is a perfect-tower piece one level down. Pieces of at most :data:`LEAF` disks are built once as arrays (by
concatenating their own pieces) and kept; bigger pieces are never built: their leaf pieces are copied straight into
the output, so a solution of ``N`` moves costs about ``N / 3**LEAF`` copies of ready arrays plus the moves of the
disks above the leaves. The kept pieces are :class:`~hanoikit.solvers.arrays.Recurring` runs, so a writer that takes
the :meth:`~hanoikit.solvers.arrays.Chunks.runs` of :func:`chunk_blocks` formats each of them once.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from ._levels import Plan, engine
from .arrays import Chunk, Chunks, Recurring

__all__ = ["LEAF", "Chunk", "leg_blocks", "concatenate_blocks", "chunk_blocks"]

LEAF = 11
"""Pieces of up to this many disks are kept as arrays (a piece of 11 disks has up to 3**11 - 1 = 177 146 moves)."""

PIECE_BUDGET = 256 * 2**20
"""Bytes of kept pieces; past it the kept pieces are dropped (and rebuilt when needed)."""

_pieces: dict[tuple[int, int, int, int], Chunk] = {}
_kept = [0]


def _single(disk: int, src: int, dst: int) -> Chunk:
    return (
        np.array([disk], np.uint16 if disk > 255 else np.uint8),
        np.array([src], np.uint8),
        np.array([dst], np.uint8),
    )


def _piece(m: int, col: int, S: int, T: int) -> Chunk:
    """The moves of the perfect tower of ``m <= LEAF`` disks from config ``S`` to ``T`` under ``col``."""
    key = (m, col, S, T)
    found = _pieces.get(key)
    if found is None:
        plan = engine().plan(m, col, S, 7 * T)
        assert plan is not None
        parts = [_single(m, b, c) if a < 0 else _piece(m - 1, a, b, c) for a, b, c in plan]
        disk, src, dst = (np.concatenate([p[i] for p in parts]) for i in range(3))
        found = Recurring(("magnetic", *key), (disk, src, dst))
        if _kept[0] > PIECE_BUDGET:
            _pieces.clear()
            _kept[0] = 0
        _pieces[key] = found
        _kept[0] += sum(array.nbytes for array in found)
    return found


def leg_blocks(level: int, plan: Plan) -> Iterator[Chunk]:
    """The moves of one leg as read-only array blocks, in order."""
    eng = engine()
    stack: list[tuple[int, Plan, int]] = [(level, plan, 0)]
    while stack:
        m, edges, i = stack.pop()
        if i == len(edges):
            continue
        stack.append((m, edges, i + 1))
        a, b, c = edges[i]
        if a < 0:
            yield _single(m, b, c)
        elif m - 1 <= LEAF:
            yield _piece(m - 1, a, b, c)
        else:
            sub = eng.plan(m - 1, a, b, 7 * c)
            assert sub is not None
            stack.append((m - 1, sub, 0))


def concatenate_blocks(blocks: Iterator[Chunk], total: int, n: int) -> Chunk:
    """Copy ``blocks`` holding ``total`` moves into three new arrays."""
    disk = np.empty(total, np.uint16 if n > 255 else np.uint8)
    src = np.empty(total, np.uint8)
    dst = np.empty(total, np.uint8)
    pos = 0
    for d, s, t in blocks:
        end = pos + len(d)
        disk[pos:end] = d
        src[pos:end] = s
        dst[pos:end] = t
        pos = end
    assert pos == total
    return disk, src, dst


def chunk_blocks(blocks: Iterator[Chunk], size: int, n: int) -> Chunks:
    """Regroup ``blocks`` into fresh chunks of ``size`` moves (the last may be shorter); or, by
    :meth:`~hanoikit.solvers.arrays.Chunks.runs`, give the blocks themselves."""
    blocks = iter(blocks)
    return Chunks(_regroup(blocks, size, n), blocks)


def _regroup(blocks: Iterator[Chunk], size: int, n: int) -> Iterator[Chunk]:
    dtype = np.uint16 if n > 255 else np.uint8

    def fresh() -> Chunk:
        return np.empty(size, dtype), np.empty(size, np.uint8), np.empty(size, np.uint8)

    buffers, fill = fresh(), 0
    for block in blocks:
        start, length = 0, len(block[0])
        while start < length:
            take = min(size - fill, length - start)
            for out, part in zip(buffers, block):
                out[fill : fill + take] = part[start : start + take]
            fill += take
            start += take
            if fill == size:
                yield buffers
                buffers, fill = fresh(), 0
    if fill:
        yield tuple(b[:fill] for b in buffers)  # type: ignore[misc]
