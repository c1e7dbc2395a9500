"""The in-memory path of the search, for small members: a distance per code, on the frontier search's kernels.

Where a table of one distance per code fits in memory (:data:`~hanoikit.limits.MAX_MEMORY_SEARCH_CODES` codes), the
search keeps the distance of every position instead of two bits: it answers distances and paths by look-up and
backs :func:`hanoikit.search.bfs` and the tables of distances to a target behind the hints
(:func:`hanoikit.solvers.tower_search.distances_to`). It reads the same tables of moves as the frontier search
(:func:`hanoikit.positions.move_tables`), forwards or backwards.

>>> from hanoikit import Puzzle
>>> found = search(Puzzle(3, posts=4, moves="linear"), 0)
>>> found.layers[:6], int(found.distances[63])
([1, 1, 1, 2, 2, 2], 19)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from ..limits import MAX_MEMORY_SEARCH_CODES, ensure_at_most
from ..positions import Moves, code_space, move_tables
from ..puzzle import Puzzle
from .kernels import distances, list_moves, meet

__all__ = ["Searched", "distance", "moves", "search"]

_WORK = 1 << 21  # expansions per compiled call, between progress updates


class Searched(NamedTuple):
    """The distance of every code from the source (int32, -1 where not reached), and the layers' sizes."""

    distances: np.ndarray
    layers: list[int]


def search(
    puzzle: Puzzle, source: int, *, reverse: bool = False, stop: int = -1,
    update: Callable[[int, int], None] | None = None,
) -> Searched:
    """Breadth-first search from the code ``source``: the distance of every code from it (to it if ``reverse``: the
    moves are taken backwards). With ``stop``, a code, the search ends with its layer. ``update(done, depth)`` is
    called between compiled calls. Raises :class:`~hanoikit.TooLargeError` above
    :data:`~hanoikit.limits.MAX_MEMORY_SEARCH_CODES` codes."""
    size = code_space(puzzle)
    ensure_at_most(size, MAX_MEMORY_SEARCH_CODES, f"codes (a table of distances of {puzzle!r})")
    tables = move_tables(puzzle, 0, reverse)
    dist = np.full(size, -1, dtype=np.int32)
    queue = np.empty(size, dtype=np.int32 if size < 2**31 else np.int64)
    sizes = np.zeros(_WORK + 2, dtype=np.int64)  # a call ends within a layer of _WORK expansions
    layers = [1]
    dist[source] = 0
    queue[0] = source
    state = np.array([0, 1, 1, 0], dtype=np.int64)
    while True:
        distances(tables, dist, queue, sizes, state, stop, _WORK)
        head, tail, depth, written = state.tolist()
        layers += sizes[:written].tolist()
        if update is not None:
            update(tail, depth - 1)
        if head >= tail or (stop >= 0 and 0 <= dist[stop] < depth):
            return Searched(dist, layers)


def distance(puzzle: Puzzle, source: int, target: int) -> int | None:
    """The least number of moves from the code ``source`` to the code ``target``, ``None`` if there is none. Where
    every move can be undone (:attr:`~hanoikit.Puzzle.reversible`) both ends are searched at once, a layer of the
    smaller side at a time, until they meet.

    >>> from hanoikit import Puzzle
    >>> distance(Puzzle(4, posts=4, moves="linear"), 0, 255), distance(Puzzle(2, moves="cyclic"), 8, 0)
    (34, 5)
    """
    if not puzzle.reversible:
        found = search(puzzle, source, stop=target).distances[target]
        return None if found < 0 else int(found)
    return _meet(puzzle, source, target)


def _meet(puzzle: Puzzle, source: int, target: int) -> int | None:
    size = code_space(puzzle)
    ensure_at_most(size, MAX_MEMORY_SEARCH_CODES, f"codes (a search of {puzzle!r} from both ends)")
    kind = np.int32 if size < 2**31 else np.int64
    ahead, behind = np.full(size, -1, dtype=np.int32), np.full(size, -1, dtype=np.int32)
    found = meet(move_tables(puzzle, 0), source, target, ahead, behind, np.empty(size, kind), np.empty(size, kind))
    return None if found < 0 else int(found)


def moves(puzzle: Puzzle, codes: np.ndarray) -> Moves:
    """Every legal move out of ``codes`` (codes of legal positions), in order of ``codes``.

    >>> from hanoikit import Puzzle
    >>> m = moves(Puzzle(2), np.array([0, 8]))
    >>> m.parent.tolist(), m.child.tolist(), m.disk.tolist(), m.src.tolist(), m.dst.tolist()
    ([0, 0, 1, 1], [1, 2, 6, 7], [1, 1, 1, 1], [0, 0, 2, 2], [1, 2, 0, 1])
    """
    codes = np.ascontiguousarray(codes, dtype=np.int64).reshape(-1)
    tables = move_tables(puzzle, 0)
    room = codes.size * max(1, len(tables.src))
    parent, child, disk, pair = (np.empty(room, dtype=np.int64) for _ in range(4))
    count = list_moves(tables, codes, parent, child, disk, pair)
    pair = pair[:count]
    return Moves(parent[:count], child[:count], disk[:count] + 1, tables.src[pair], tables.dst[pair])
