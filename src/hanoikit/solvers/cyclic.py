"""Three posts with cyclic moves: every move carries a disk one step around the cycle, from one perfect tower to
another (M. D. Atkinson, *The cyclic Towers of Hanoi*, Inform. Process. Lett. 13 (1981) 118-119).

On ``Puzzle(n, moves="cyclic")`` the moves go ``i -> i + 1 (mod 3)``: S to I, I to D, D to S, so the goal D is **two
steps** from S. The reversed cycle (S to D, D to I, I to S: the pairs ``{(0, 2), (2, 1), (1, 0)}``) is covered too,
and there the goal is one step from S. With ``Q(n)`` the moves of a tower one step on and ``R(n)`` two steps on:

* one step: the ``n - 1`` smaller disks two steps on, disk ``n`` one step, the smaller ones two steps on again:
  ``Q(n) = 2 R(n - 1) + 1``;
* two steps: smaller two on, disk ``n`` one, smaller one on (back to the start), disk ``n`` one, smaller two on:
  ``R(n) = 2 R(n - 1) + Q(n - 1) + 2``.

Both are optimal (Atkinson). In closed form, with ``(1 + sqrt 3)**j = a_j + b_j sqrt 3``: ``Q(n) = b_(n+1) - 1``
(OEIS A005665) and ``R(n) = b_(n+2) / 2 - 1`` (OEIS A005666), computed here by exact squaring in ``Z[sqrt 3]``.

>>> [one_step(n) for n in range(6)], [two_steps(n) for n in range(6)]
([0, 1, 5, 15, 43, 119], [0, 2, 7, 21, 59, 163])
>>> from hanoikit import Puzzle
>>> p = Puzzle(2, moves="cyclic")
>>> [str(m) for m in solve(p, p.start, p.goal)]
['1SI', '1ID', '2SI', '1DS', '2ID', '1SI', '1ID']
"""

from __future__ import annotations

from collections.abc import Iterator

from ..errors import InvalidPuzzleError, quote
from ..limits import MAX_DISK_MOVES_DISKS, MAX_DISKS, ensure_at_most
from ..move import Move, as_int
from ..puzzle import Puzzle, move_rule
from ..state import State

__all__ = ["covers", "direction", "disk_moves", "distance", "move_at", "one_step", "solve", "state_at", "two_steps"]

_FORWARD = move_rule("cyclic", 3)
_BACKWARD = frozenset((b, a) for a, b in _FORWARD)


def covers(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` has three posts, no faces, and moves around a cycle only (either way round)."""
    return puzzle.posts == 3 and not puzzle.faces and puzzle.moves in (_FORWARD, _BACKWARD)


def direction(puzzle: Puzzle) -> int:
    """The step of every move: ``+1`` for ``moves="cyclic"``, ``-1`` for the reversed cycle."""
    return 1 if puzzle.moves == _FORWARD else -1


def _power(j: int) -> tuple[int, int]:
    """``(a, b)`` with ``(1 + sqrt 3)**j == a + b sqrt 3``, by squaring: O(log j) products of exact ints."""
    a, b = 1, 0
    x, y = 1, 1
    while j:
        if j & 1:
            a, b = a * x + 3 * b * y, a * y + b * x
        j >>= 1
        if j:
            x, y = x * x + 3 * y * y, 2 * x * y
    return a, b


def _disks(n: int) -> int:
    disks = as_int(n)
    if disks is None or disks < 0:
        raise InvalidPuzzleError(f"the number of disks must be a whole number of at least 0, not {quote(n)}")
    ensure_at_most(disks, MAX_DISKS, "disks")
    return disks


def one_step(n: int) -> int:
    """``Q(n)``: the least number of moves of a tower of ``n`` disks one step around the cycle (OEIS A005665).

    >>> one_step(1000) == 2 * two_steps(999) + 1
    True
    """
    return _power(_disks(n) + 1)[1] - 1


def two_steps(n: int) -> int:
    """``R(n)``: the least number of moves of a tower of ``n`` disks two steps around the cycle (OEIS A005666).

    >>> two_steps(1000) == 2 * two_steps(999) + one_step(999) + 2
    True
    """
    return _power(_disks(n) + 2)[1] // 2 - 1


def _check(puzzle: Puzzle) -> None:
    if not isinstance(puzzle, Puzzle) or not covers(puzzle):
        raise InvalidPuzzleError(f"this solver answers three posts with cyclic moves, not {quote(puzzle)}")


def _steps(puzzle: Puzzle, src: State, dst: State) -> int:
    """How many steps around the cycle lead from the tower ``src`` to the tower ``dst`` (0, 1 or 2)."""
    _check(puzzle)
    return (dst.posts[0] - src.posts[0]) * direction(puzzle) % 3


def distance(puzzle: Puzzle, src: State, dst: State) -> int:
    """The least number of moves between two perfect towers: 0, ``Q(n)`` or ``R(n)``.

    >>> distance(Puzzle(3, moves="cyclic"), State.parse("SSS"), State.parse("DDD"))
    21
    >>> distance(Puzzle(3, moves=[(0, 2), (2, 1), (1, 0)]), State.parse("SSS"), State.parse("DDD"))
    15
    """
    steps = _steps(puzzle, src, dst)
    return (0, one_step, two_steps)[steps](puzzle.n) if steps else 0


_MOVE, _ONE, _TWO = 0, 1, 2


def solve(puzzle: Puzzle, src: State, dst: State) -> Iterator[Move]:
    """The optimal moves from one perfect tower to another, lazily: O(1) amortised per move, O(n) memory."""
    steps = _steps(puzzle, src, dst)
    if not steps:
        return iter(())
    return _moves(puzzle.n, src.posts[0], steps, direction(puzzle))


def _moves(n: int, post: int, steps: int, step: int) -> Iterator[Move]:
    make = Move._make
    stack = [(steps, n, post)]
    while stack:
        kind, disk, a = stack.pop()
        if kind == _MOVE:
            yield make((disk, a, (a + step) % 3))
            continue
        b, c = (a + step) % 3, (a + 2 * step) % 3
        if disk == 1:
            stack.extend([(_MOVE, 1, b), (_MOVE, 1, a)][2 - kind :])
        elif kind == _ONE:
            stack += [(_TWO, disk - 1, c), (_MOVE, disk, a), (_TWO, disk - 1, a)]
        else:
            stack += [(_TWO, disk - 1, a), (_MOVE, disk, b), (_ONE, disk - 1, c), (_MOVE, disk, a), (_TWO, disk - 1, a)]


def _walk(puzzle: Puzzle, k: int, posts: list[int] | None) -> Move | None:
    """Walk down the levels to move ``k`` of the solution from start to goal; fill ``posts`` with the position after
    ``k`` moves if given (then ``k`` may be the length), else return the move."""
    n, step = puzzle.n, direction(puzzle)
    kind, a = (_TWO if step == 1 else _ONE), 0  # S to D: two steps on, or one on the reversed cycle
    q, r = one_step(n - 1), two_steps(n - 1)  # Q and R one level down
    for disk in range(n, 0, -1):
        b, c = (a + step) % 3, (a + 2 * step) % 3
        if kind == _ONE:
            parts = [(_TWO, a, r, a), (_MOVE, a, 1, b), (_TWO, c, r, b)]
        else:
            parts = [(_TWO, a, r, a), (_MOVE, a, 1, b), (_ONE, c, q, b), (_MOVE, b, 1, c), (_TWO, a, r, c)]
        for sub, start, length, here in parts:
            if sub == _MOVE:
                if posts is None and k == 0:
                    return Move(disk, start, (start + step) % 3)
                k -= 1
                continue
            if k < length or (posts is not None and k == length):
                if posts is not None:
                    posts[disk - 1] = here
                kind, a = sub, start
                break
            k -= length
        if disk > 1:
            r, q = (q - 1) // 2, r - (q - 1) - 2  # R(j-2) from Q(j-1), then Q(j-2) from R(j-1)
    return None


def move_at(puzzle: Puzzle, k: int) -> Move:
    """Move ``k`` (from 0) of the optimal solution from start to goal, walking down the levels: O(n) steps on exact
    ints of O(n) bits.

    >>> p = Puzzle(2, moves="cyclic")
    >>> [str(move_at(p, k)) for k in range(7)]
    ['1SI', '1ID', '2SI', '1DS', '2ID', '1SI', '1ID']
    """
    _check(puzzle)
    move = _walk(puzzle, k, None)
    assert move is not None
    return move


def state_at(puzzle: Puzzle, k: int) -> State:
    """The position after the first ``k`` moves of the optimal solution from start to goal.

    >>> p = Puzzle(2, moves="cyclic")
    >>> [str(state_at(p, k)) for k in range(8)]
    ['SS', 'IS', 'DS', 'DI', 'SI', 'SD', 'ID', 'DD']
    """
    _check(puzzle)
    posts = [0] * puzzle.n
    _walk(puzzle, k, posts)
    return State(posts)


def disk_moves(puzzle: Puzzle) -> list[int]:
    """How often each disk moves in the optimal solution from start to goal; index 0 is disk 1.

    >>> disk_moves(Puzzle(3, moves="cyclic")), sum(disk_moves(Puzzle(30, moves="cyclic"))) == two_steps(30)
    ([14, 5, 2], True)
    """
    _check(puzzle)
    ensure_at_most(puzzle.n, MAX_DISK_MOVES_DISKS, "disks (counting the moves of each)")
    two, one = (1, 0) if direction(puzzle) == 1 else (0, 1)  # how many two- and one-step towers of each size
    counts = []
    for _ in range(puzzle.n):
        counts.append(2 * two + one)
        two, one = 2 * two + 2 * one, two
    return counts[::-1]
