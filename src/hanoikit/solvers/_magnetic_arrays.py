"""Optimal magnetic solutions as numpy arrays, whole or streamed in chunks of bounded size.

A solution is a few *legs* (plans of the tiny graphs, see :mod:`hanoikit.solvers._levels`); each small edge of a plan
is a perfect-tower piece one level down. Pieces of at most :data:`LEAF` disks are built once as arrays (by
concatenating their own pieces) and kept; bigger pieces are never built: their leaf pieces are copied straight into
the output, so a solution of ``N`` moves costs about ``N / 3**LEAF`` copies of ready arrays plus the moves of the
disks above the leaves. The kept pieces are :class:`~hanoikit.movearray.Recurring` runs, so a writer that takes
the :meth:`~hanoikit.movearray.Chunks.runs` of :func:`chunk_blocks` formats each of them once.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..movearray import Chunks, MoveArray, Recurring, concatenate, regroup
from ._levels import Plan, engine

__all__ = ["LEAF", "leg_blocks", "concatenate_blocks", "chunk_blocks"]

LEAF = 11
"""Pieces of up to this many disks are kept as arrays (a piece of 11 disks has up to 3**11 - 1 = 177 146 moves)."""

PIECE_BUDGET = 256 * 2**20
"""Bytes of kept pieces; past it the kept pieces are dropped (and rebuilt when needed)."""

_pieces: dict[tuple[int, int, int, int], Recurring] = {}
_kept = [0]


def _piece(m: int, col: int, S: int, T: int) -> Recurring:
    """The moves of the perfect tower of ``m <= LEAF`` disks from config ``S`` to ``T`` under ``col``."""
    key = (m, col, S, T)
    found = _pieces.get(key)
    if found is None:
        plan = engine().plan(m, col, S, 7 * T)
        assert plan is not None
        parts = [MoveArray.single(m, b, c) if a < 0 else _piece(m - 1, a, b, c) for a, b, c in plan]
        found = Recurring(("magnetic", *key), concatenate(parts, m))
        if _kept[0] > PIECE_BUDGET:
            _pieces.clear()
            _kept[0] = 0
        _pieces[key] = found
        _kept[0] += sum(array.nbytes for array in found)
    return found


def leg_blocks(level: int, plan: Plan) -> Iterator[MoveArray]:
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
            yield MoveArray.single(m, b, c)
        elif m - 1 <= LEAF:
            yield _piece(m - 1, a, b, c)
        else:
            sub = eng.plan(m - 1, a, b, 7 * c)
            assert sub is not None
            stack.append((m - 1, sub, 0))


def concatenate_blocks(blocks: Iterator[MoveArray], total: int, n: int) -> MoveArray:
    """Copy ``blocks`` holding ``total`` moves into one new :class:`~hanoikit.movearray.MoveArray`."""
    return concatenate(blocks, n, total)


def chunk_blocks(blocks: Iterator[MoveArray], size: int, n: int) -> Chunks:
    """Regroup ``blocks`` into fresh arrays of ``size`` moves (the last may be shorter); or, by
    :meth:`~hanoikit.movearray.Chunks.runs`, give the blocks themselves."""
    blocks = iter(blocks)
    return Chunks(regroup(blocks, size, n), blocks)
