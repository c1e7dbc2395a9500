"""Three posts in a line: disks move only between a post and its neighbour, so every move is to or from the centre.

``Puzzle(n, moves="linear")`` and ``Puzzle(n, moves="star")`` are the same puzzle on three posts (centre I); moves
between the centre S or D and the two others are covered too. Each pair of neighbouring posts allows at most one move
in any position (the smaller top disk onto the other post), so every position has at most two neighbours and the
state graph is a single path through all ``3**n`` positions, from the tower on one end post to the tower on the
other. Moving a tower from end to end takes ``3**n - 1`` moves (OEIS A024023).

A position's place on the path is its *rank*, a reflected ternary Gray code: read the disks from the largest down,
each as a digit 0, 1, 2 for its post along the line (end, centre, end), the digit mirrored (``2 - d``) when an odd
number of larger disks sit on the centre. The distance between any two positions is the difference of their ranks,
O(n), and the optimal solution is the walk along the path between them, produced lazily in O(1) per move.

>>> from hanoikit import Puzzle
>>> p = Puzzle(2, moves="linear")
>>> [str(m) for m in solve(p, p.start, p.goal)]
['1SI', '1ID', '2SI', '1DI', '1IS', '2ID', '1SI', '1ID']
>>> rank(p, State.parse("DI")), distance(p, State.parse("DI"), State.parse("IS"))
(3, 2)
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

import numpy as np

from ..errors import InvalidArgumentError, InvalidPuzzleError, quote
from ..limits import MAX_DISK_MOVES_DISKS, ensure_at_most
from ..move import Move, as_int
from ..puzzle import Puzzle
from ..state import State

__all__ = ["centre", "covers", "disk_moves", "distance", "move_at", "rank", "solve", "state_at", "unrank"]

_GROUP = 39  # base-3 digits per int64 (3**39 < 2**63)


def centre(puzzle: Puzzle) -> int | None:
    """The centre post if the moves of ``puzzle`` are exactly those between a centre and the two other posts (both
    ways) on three posts, else ``None``.

    >>> centre(Puzzle(1, moves="linear")), centre(Puzzle(1, moves="star")), centre(Puzzle(1, moves="SI IS SD DS"))
    (1, 1, 0)
    """
    if puzzle.posts != 3 or len(puzzle.moves) != 4:
        return None
    for c in range(3):
        if puzzle.moves == frozenset(p for x in range(3) if x != c for p in ((c, x), (x, c))):
            return c
    return None


def covers(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` is three posts in a line without faces."""
    return not puzzle.faces and centre(puzzle) is not None


def _line(puzzle: Puzzle) -> tuple[int, int, int]:
    """The posts along the line: an end, the centre, the other end (the lower-numbered end first)."""
    c = centre(puzzle) if isinstance(puzzle, Puzzle) and not puzzle.faces else None
    if c is None:
        raise InvalidPuzzleError(f"this solver answers three posts in a line, not {quote(puzzle)}")
    x, y = (p for p in range(3) if p != c)
    return x, c, y


@functools.lru_cache(maxsize=64)
def _power(exponent: int) -> int:
    power: int = 3**exponent
    return power


def _from_digits(values: list[int], width: int) -> int:
    """The int whose base-``3**width`` digits are ``values``, most significant first, by halves: O(M(n) log n)."""
    if len(values) == 1:
        return values[0]
    half = len(values) // 2
    low = values[half:]
    return _from_digits(values[:half], width) * _power(width * len(low)) + _from_digits(low, width)


def _digits(posts: np.ndarray, line: tuple[int, int, int]) -> np.ndarray:
    """The reflected Gray digits of a position, largest disk first."""
    along = np.empty(3, np.int8)
    along[list(line)] = [0, 1, 2]
    place = along[posts[::-1]]
    middle = (place == 1).astype(np.int8)
    mirrored = (np.cumsum(middle) - middle) & 1
    digits: np.ndarray = np.where(mirrored == 1, 2 - place, place)
    return digits


def rank(puzzle: Puzzle, state: State) -> int:
    """The place of ``state`` on the path of all positions, from 0 (the tower on the lower-numbered end post) to
    ``3**n - 1``; O(n) numpy steps and an exact conversion from base 3 by halves.

    >>> p = Puzzle(3, moves="linear")
    >>> rank(p, p.start), rank(p, p.goal), rank(p, State.parse("DIS"))
    (0, 26, 3)
    """
    line = _line(puzzle)
    digits = _digits(np.asarray(state.posts, np.int8), line).astype(np.int64)
    pad = -len(digits) % _GROUP
    grouped = np.concatenate([np.zeros(pad, np.int64), digits]).reshape(-1, _GROUP)
    values = grouped @ (3 ** np.arange(_GROUP - 1, -1, -1, dtype=np.int64))
    return _from_digits(values.tolist(), _GROUP)


def _base3(value: int, length: int) -> list[int]:
    """The ``length`` base-3 digits of ``value``, most significant first, by halves."""
    if length <= _GROUP:
        digits = []
        for _ in range(length):
            value, digit = divmod(value, 3)
            digits.append(digit)
        return digits[::-1]
    low = length // 2
    high, rest = divmod(value, _power(low))
    return _base3(high, length - low) + _base3(rest, low)


def unrank(puzzle: Puzzle, k: int) -> State:
    """The position with rank ``k`` (``0 <= k < 3**n``), the inverse of :func:`rank`.

    >>> p = Puzzle(3, moves="linear")
    >>> unrank(p, 3), all(rank(p, unrank(p, k)) == k for k in range(27))
    (State.parse('DIS'), True)
    """
    line = _line(puzzle)
    found = as_int(k)
    if found is None or not 0 <= found < 3**puzzle.n:
        raise InvalidArgumentError(f"a rank of {puzzle!r} is a whole number from 0 to 3^{puzzle.n} - 1, not {quote(k)}")
    posts = []
    mirrored = False
    for digit in _base3(found, puzzle.n):
        place = 2 - digit if mirrored else digit
        mirrored ^= place == 1
        posts.append(line[place])
    return State(posts[::-1])


def distance(puzzle: Puzzle, src: State, dst: State) -> int:
    """The least number of moves from ``src`` to ``dst``: the difference of their ranks.

    >>> p = Puzzle(20, moves="linear")
    >>> distance(p, p.start, p.goal) == 3**20 - 1
    True
    """
    return abs(rank(puzzle, dst) - rank(puzzle, src))


def solve(puzzle: Puzzle, src: State, dst: State) -> Iterator[Move]:
    """The walk along the path from ``src`` to ``dst``, lazily: O(n) to start, O(1) per move.

    The moves alternate between the two pairs of neighbouring posts (the other move on the same pair would undo the
    last one), so each move is the smaller top disk of the next pair onto the other post.
    """
    x, c, y = _line(puzzle)
    steps = rank(puzzle, dst) - rank(puzzle, src)
    if steps == 0:
        return iter(())
    stacks: list[list[int]] = [[], [], []]
    for disk in range(puzzle.n, 0, -1):
        stacks[src.posts[disk - 1]].append(disk)
    pairs = [(x, c), (c, y)]
    first = _move(stacks, *pairs[0])
    forward = first is not None and rank(puzzle, puzzle.apply(src, first)) > rank(puzzle, src)
    turn = 0 if forward == (steps > 0) and first is not None else 1
    return _walk(stacks, pairs, turn, abs(steps))


def _move(stacks: list[list[int]], a: int, b: int) -> Move | None:
    """The one move between posts ``a`` and ``b``: the smaller top disk onto the other post."""
    top_a = stacks[a][-1] if stacks[a] else None
    top_b = stacks[b][-1] if stacks[b] else None
    if top_a is None and top_b is None:
        return None
    if top_b is None or (top_a is not None and top_a < top_b):
        return Move._make((top_a, a, b))
    return Move._make((top_b, b, a))


def _walk(stacks: list[list[int]], pairs: list[tuple[int, int]], turn: int, steps: int) -> Iterator[Move]:
    for _ in range(steps):
        move = _move(stacks, *pairs[turn])
        assert move is not None
        stacks[move.dst].append(stacks[move.src].pop())
        yield move
        turn ^= 1


def _start_rank(puzzle: Puzzle) -> tuple[int, int]:
    """The ranks of the start and the goal."""
    return rank(puzzle, puzzle.start), rank(puzzle, puzzle.goal)


def state_at(puzzle: Puzzle, k: int) -> State:
    """The position after the first ``k`` moves of the optimal solution from start to goal.

    >>> p = Puzzle(2, moves="linear")
    >>> [str(state_at(p, k)) for k in (0, 1, 4, 8)]
    ['SS', 'IS', 'II', 'DD']
    """
    start, goal = _start_rank(puzzle)
    return unrank(puzzle, start + k if goal > start else start - k)


def move_at(puzzle: Puzzle, k: int) -> Move:
    """Move ``k`` (from 0) of the optimal solution from start to goal: the disk that differs between the positions
    before and after it.

    >>> p = Puzzle(2, moves="linear")
    >>> [str(move_at(p, k)) for k in range(8)]
    ['1SI', '1ID', '2SI', '1DI', '1IS', '2ID', '1SI', '1ID']
    """
    before, after = state_at(puzzle, k), state_at(puzzle, k + 1)
    disk = next(d for d in range(1, puzzle.n + 1) if before.posts[d - 1] != after.posts[d - 1])
    return Move(disk, before.posts[disk - 1], after.posts[disk - 1])


def disk_moves(puzzle: Puzzle) -> list[int]:
    """How often each disk moves from start to goal: disk ``d`` moves each time the rank passes a multiple of
    ``3**(d - 1)`` that is not a multiple of ``3**d``.

    >>> disk_moves(Puzzle(3, moves="linear")), disk_moves(Puzzle(2, moves="SI IS SD DS"))
    ([18, 6, 2], [3, 1])
    """
    ensure_at_most(puzzle.n, MAX_DISK_MOVES_DISKS, "disks (counting the moves of each)")
    low, high = sorted(_start_rank(puzzle))
    passed = [high // 3**i - low // 3**i for i in range(puzzle.n + 1)]
    return [passed[i] - passed[i + 1] for i in range(puzzle.n)]
