"""What the page needs to know about a position, and random positions to start from; no web framework here."""

from __future__ import annotations

import random
from typing import Any

from ..errors import IllegalMoveError, UnsolvableError
from ..move import Move
from ..puzzle import Puzzle
from ..state import State

__all__ = ["describe", "random_state", "read_move", "remaining"]


def remaining(puzzle: Puzzle, state: State) -> int | None:
    """The least number of moves from ``state`` to the goal, or ``None`` if the goal cannot be reached.

    >>> from hanoikit import MagneticPuzzle
    >>> remaining(MagneticPuzzle(1), State.parse("S:R"))
    1
    """
    try:
        return puzzle.distance(state, puzzle.goal)
    except UnsolvableError:
        return None


def describe(puzzle: Puzzle, state: State) -> dict[str, Any]:
    """The position as the page shows it: notation, what each post shows, the legal moves, the optimal remainder.

    >>> from hanoikit import MagneticPuzzle
    >>> info = describe(MagneticPuzzle(2), State.parse("IS:BR"))
    >>> info["post_colors"], info["legal_moves"], info["solved"]
    (['R', 'B', None], ['2SD', '1IS', '1ID'], False)
    """
    return {
        "state": str(state),
        "goal": str(puzzle.goal),
        "post_colors": [puzzle.post_color(state, post) for post in range(puzzle.posts)],
        "legal_moves": [move.notation(puzzle.posts) for move in puzzle.legal_moves(state)],
        "distance": remaining(puzzle, state),
        "solved": state == puzzle.goal,
    }


def read_move(puzzle: Puzzle, state: State, text: str) -> Move:
    """The move named by ``text`` in ``state`` (see :meth:`Puzzle.parse_move`): full notation (``"1SD"``) or just two
    posts (``"SD"``: the top disk).

    Raises :class:`~hanoikit.IllegalMoveError` with the reason in words if the move breaks the rules.

    >>> read_move(Puzzle(2), State.parse("SS"), "SD")
    Move(1, 0, 2)
    >>> read_move(Puzzle(2), State.parse("SS"), "ID")
    Traceback (most recent call last):
    hanoikit.errors.IllegalMoveError: post I is empty: there is no disk to move
    """
    move = puzzle.parse_move(text, state)
    error = puzzle.move_error(state, move)
    if error is not None:
        raise IllegalMoveError(error)
    return move


def random_state(puzzle: Puzzle, rng: random.Random | None = None, tries: int = 200) -> State:
    """A random legal position (:meth:`Puzzle.random_state`), other than the goal, from which the goal can be reached;
    raises :class:`~hanoikit.UnsolvableError` if ``tries`` positions drawn are not.

    >>> from hanoikit import MagneticPuzzle
    >>> p = MagneticPuzzle(4, "RBN")
    >>> s = random_state(p, random.Random(1))
    >>> p.is_legal(s) and s != p.goal
    True
    """
    rng = rng or random.Random()
    if not puzzle.goal_is_legal:
        puzzle.distance()  # raises UnsolvableError with the reason
    for _ in range(tries):
        state = puzzle.random_state(rng)
        if state != puzzle.goal and remaining(puzzle, state) is not None:
            return state
    raise UnsolvableError(f"found no random position from which the goal can be reached in {puzzle!r}")
