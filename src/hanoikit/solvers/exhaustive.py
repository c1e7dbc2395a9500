"""Exact answers for every member of the family, by breadth-first search over its positions within a size cap.

It follows whatever rules the puzzle has: any number of posts, any set of allowed moves, magnetic faces and post
colours. It is the registry's fallback (:mod:`hanoikit.solvers.registry`) and the oracle for the other solvers'
restricted cases. Up to :data:`~hanoikit.limits.MAX_SEARCH_POSITIONS` positions, a vectorised search backwards from
the target gives the distance of every position to it at once (:func:`hanoikit.solvers.tower_search.distances_to`, a
few milliseconds for some 20,000 positions; the tables of the 16 latest targets are kept, at most 800 KB each): a
distance is then one look-up, and a path steps down the table one move at a time, lazily. A puzzle with rule hooks
of its own is searched through them instead, position by position. Above that size, ``distance`` is answered by the
frontier search (:mod:`hanoikit.frontier`, two bits a position) up to
:data:`~hanoikit.limits.MAX_FRONTIER_SOLVER_CODES` codes. Larger puzzles raise :class:`~hanoikit.TooLargeError`.

>>> from hanoikit import Puzzle
>>> [Puzzle(n, posts=4).distance() for n in range(1, 8)]  # OEIS A007664
[1, 3, 5, 9, 13, 17, 25]
>>> [Puzzle(n, moves="linear").distance() for n in range(1, 6)]  # 3**n - 1
[2, 8, 26, 80, 242]
>>> [str(m) for m in Puzzle(2, moves="cyclic").solve()]
['1SI', '1ID', '2SI', '1DS', '2ID', '1SI', '1ID']
"""

from __future__ import annotations

import functools
import itertools
import threading
from collections import Counter
from collections.abc import Iterator

import numpy as np

from ..errors import UnsolvableError
from ..limits import MAX_FRONTIER_SOLVER_CODES, MAX_SEARCH_POSITIONS, ensure_at_most
from ..move import Move
from ..puzzle import Puzzle
from ..state import State
from . import tower_search

__all__ = ["check_size", "disk_moves", "distance", "move_at", "position_bound", "solve", "state_at"]


def position_bound(puzzle: Puzzle) -> int:
    """An upper bound on the number of positions: ``posts**n``, times ``2**posts`` top colours on a magnetic tower.

    >>> from hanoikit import MagneticPuzzle
    >>> position_bound(Puzzle(3, posts=4)), position_bound(MagneticPuzzle(3))
    (64, 216)
    """
    return tower_search.code_space(puzzle)


def _bound(puzzle: Puzzle) -> int:
    return int(puzzle.posts ** min(puzzle.n, 64) * (2**puzzle.posts if puzzle.faces else 1))


def check_size(puzzle: Puzzle) -> None:
    """Raise :class:`~hanoikit.TooLargeError` if ``puzzle`` has more than
    :data:`~hanoikit.limits.MAX_FRONTIER_SOLVER_CODES` positions to search (the most :func:`distance` takes on)."""
    ensure_at_most(_bound(puzzle), MAX_FRONTIER_SOLVER_CODES, f"positions (searching {puzzle!r} exhaustively)")


def _check_path_size(puzzle: Puzzle) -> None:
    ensure_at_most(
        _bound(puzzle), MAX_SEARCH_POSITIONS, f"positions (searching {puzzle!r} for a path; distance goes further)"
    )


def _path(puzzle: Puzzle, src: State, dst: State) -> tuple[Move, ...]:
    """A shortest move sequence from ``src`` to ``dst``."""
    _check_path_size(puzzle)
    return tuple(_walk(puzzle, src, dst)) if _tabled(puzzle) else _searched_path(puzzle, src, dst)


_WALKED: dict[tuple[Puzzle, State, State], tuple[Move, ...]] = {}
"""The paths walked to their end lately, the oldest first (at most :data:`_KEPT`): a solution asked for page after
page, or move after move, is walked once."""
_KEPT = 16
_WALKED_LOCK = threading.Lock()


def _unreachable(puzzle: Puzzle, src: State, dst: State) -> UnsolvableError:
    return UnsolvableError(f"{str(dst)!r} cannot be reached from {str(src)!r} in {puzzle!r}")


def _tabled(puzzle: Puzzle) -> bool:
    """Whether the vectorised search takes ``puzzle`` on: no rule hook of its own, a table of moves within reach."""
    return puzzle.rules_as_data and tower_search.tabulated(puzzle)


@functools.lru_cache(maxsize=16)
def _table(puzzle: Puzzle, dst: State) -> np.ndarray:
    """The distance to ``dst`` of every position, by code (:func:`~hanoikit.solvers.tower_search.distances_to`)."""
    table = tower_search.distances_to(puzzle, dst)
    table.flags.writeable = False
    return table


def _tabled_distance(puzzle: Puzzle, src: State, dst: State) -> int:
    found = int(_table(puzzle, dst)[tower_search.encode(puzzle, src)])
    if found < 0:
        raise _unreachable(puzzle, src, dst)
    return found


def _walk(puzzle: Puzzle, src: State, dst: State) -> Iterator[Move]:
    """A shortest move sequence from ``src`` to ``dst``, lazily: each move leads one step down the table of distances
    to ``dst``. Raises :class:`~hanoikit.UnsolvableError` at once, before the first move."""
    key = (puzzle, src, dst)
    with _WALKED_LOCK:
        walked = _WALKED.get(key)
    if walked is not None:
        return iter(walked)
    table, left = _table(puzzle, dst), _tabled_distance(puzzle, src, dst)

    def steps() -> Iterator[Move]:
        moves, state = [], src
        for after_this in range(left - 1, -1, -1):
            move, state = next(
                (move, after)
                for move, after in puzzle.successors(state)
                if table[tower_search.encode(puzzle, after)] == after_this
            )
            moves.append(move)
            yield move
        with _WALKED_LOCK:
            _WALKED[key] = tuple(moves)
            while len(_WALKED) > _KEPT:
                del _WALKED[next(iter(_WALKED))]

    return steps()


@functools.lru_cache(maxsize=16)
def _searched_path(puzzle: Puzzle, src: State, dst: State) -> tuple[Move, ...]:
    """A shortest move sequence from ``src`` to ``dst``, by breadth-first search from ``src`` over the puzzle's own
    rule hooks."""
    parent: dict[State, tuple[State, Move] | None] = {src: None}
    layer = [src]
    while layer and dst not in parent:
        following = []
        for state in layer:
            for move, after in puzzle.successors(state):
                if after not in parent:
                    parent[after] = (state, move)
                    following.append(after)
        layer = following
    if dst not in parent:
        raise _unreachable(puzzle, src, dst)
    moves = []
    step = parent[dst]
    while step is not None:
        state, move = step
        moves.append(move)
        step = parent[state]
    return tuple(reversed(moves))


def distance(puzzle: Puzzle, src: State, dst: State) -> int:
    """The least number of moves from ``src`` to ``dst``; raises :class:`~hanoikit.UnsolvableError` if there is
    none. Above :data:`~hanoikit.limits.MAX_SEARCH_POSITIONS` positions, by the frontier search (which stops at the
    layer of ``dst``)."""
    check_size(puzzle)
    if _bound(puzzle) <= MAX_SEARCH_POSITIONS:
        return _tabled_distance(puzzle, src, dst) if _tabled(puzzle) else len(_path(puzzle, src, dst))
    from ..frontier import frontier_search

    found = frontier_search(puzzle, src, dst, until_target=True).distance
    if found is None:
        raise _unreachable(puzzle, src, dst)
    return int(found)


def solve(puzzle: Puzzle, src: State, dst: State) -> Iterator[Move]:
    """A shortest sequence of moves from ``src`` to ``dst``, lazily when the table is searched."""
    _check_path_size(puzzle)
    return _walk(puzzle, src, dst) if _tabled(puzzle) else iter(_path(puzzle, src, dst))


def _first(puzzle: Puzzle, k: int) -> tuple[Move, ...]:
    """The first ``k`` moves of the solution :func:`solve` gives from start to goal, walked no further than move
    ``k`` on a table (a hint, ``move_at(0)``, takes one step down it instead of the whole path)."""
    if not _tabled(puzzle):
        return _path(puzzle, puzzle.start, puzzle.goal)[:k]
    return tuple(itertools.islice(solve(puzzle, puzzle.start, puzzle.goal), k))


def move_at(puzzle: Puzzle, k: int) -> Move:
    """Move ``k`` (from 0) of the shortest solution from start to goal that :func:`solve` gives.

    >>> move_at(Puzzle(11, moves="linear"), 0), move_at(Puzzle(2, moves="cyclic"), 6)
    (Move(1, 0, 1), Move(1, 1, 2))
    """
    return _first(puzzle, k + 1)[k]


def state_at(puzzle: Puzzle, k: int) -> State:
    """The position after the first ``k`` moves of the solution :func:`solve` gives from start to goal."""
    return puzzle.play(_first(puzzle, k))


def disk_moves(puzzle: Puzzle) -> list[int]:
    """How often each disk moves in the solution :func:`solve` gives from start to goal; index 0 is disk 1."""
    counts = Counter(move.disk for move in _path(puzzle, puzzle.start, puzzle.goal))
    return [counts[disk] for disk in range(1, puzzle.n + 1)]
