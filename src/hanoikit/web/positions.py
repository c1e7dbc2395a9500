"""What the page needs to know about a position, and random positions to start from; no web framework here."""

from __future__ import annotations

import random
from typing import Any

from ..errors import IllegalMoveError, InvalidMoveError, UnsolvableError
from ..move import POST_NAMES, Move
from ..puzzle import MagneticPuzzle, Puzzle
from ..state import State

__all__ = ["describe", "random_state", "read_move", "remaining"]


def remaining(puzzle: Puzzle, state: State) -> int | None:
    """The least number of moves from ``state`` to the goal, or ``None`` if the goal cannot be reached.

    >>> remaining(MagneticPuzzle(1), State.parse("S:R"))
    1
    """
    try:
        return puzzle.distance(state, puzzle.goal)
    except UnsolvableError:
        return None


def describe(puzzle: Puzzle, state: State) -> dict[str, Any]:
    """The position as the page shows it: notation, what each post shows, the legal moves, the optimal remainder.

    >>> info = describe(MagneticPuzzle(2), State.parse("IS:BR"))
    >>> info["post_colors"], info["legal_moves"], info["solved"]
    (['R', 'B', None], ['2SD', '1IS', '1ID'], False)
    """
    return {
        "state": str(state),
        "goal": str(puzzle.goal),
        "post_colors": [puzzle.post_color(state, post) for post in range(3)],
        "legal_moves": [str(move) for move in puzzle.legal_moves(state)],
        "distance": remaining(puzzle, state),
        "solved": state == puzzle.goal,
    }


def read_move(puzzle: Puzzle, state: State, text: str) -> Move:
    """The move named by ``text`` in ``state``: full notation (``"1SD"``) or just two posts (``"SD"``: the top disk).

    Raises :class:`~hanoikit.IllegalMoveError` with the reason in words if the move breaks the rules, and
    :class:`~hanoikit.InvalidMoveError` if it names a disk the puzzle does not have.

    >>> read_move(Puzzle(2), State.parse("SS"), "SD")
    Move(1, 0, 2)
    >>> read_move(Puzzle(2), State.parse("SS"), "ID")
    Traceback (most recent call last):
    hanoikit.errors.IllegalMoveError: post I is empty: there is no disk to move
    """
    compact = text.strip().upper()
    if len(compact) == 2 and set(compact) <= set(POST_NAMES) and compact[0] != compact[1]:
        src, dst = POST_NAMES.index(compact[0]), POST_NAMES.index(compact[1])
        disk = state.tops()[src]
        if disk is None:
            raise IllegalMoveError(f"post {compact[0]} is empty: there is no disk to move")
        move = Move(disk, src, dst)
    else:
        move = Move.parse(text)
    error = puzzle.move_error(state, move)
    if error is not None:  # a disk that does not exist is a move that cannot be read, not one the rules refuse
        raise (InvalidMoveError if move.disk > state.n else IllegalMoveError)(error)
    return move


def random_state(puzzle: Puzzle, rng: random.Random | None = None, tries: int = 200) -> State:
    """A random legal position, other than the goal, from which the goal can be reached.

    Each disk goes on a random post; on a magnetic tower each post shows one colour (its own if it is coloured, else a
    random one), so every stack is legal.

    >>> p = MagneticPuzzle(4, "RBN")
    >>> s = random_state(p, random.Random(1))
    >>> p.is_legal(s) and s != p.goal
    True
    """
    rng = rng or random.Random()
    if isinstance(puzzle, MagneticPuzzle) and not puzzle.solvable:
        puzzle.distance()  # raises UnsolvableError with the reason
    for _ in range(tries):
        posts = [rng.randrange(3) for _ in range(puzzle.n)]
        if isinstance(puzzle, MagneticPuzzle):
            shows = [own if own != "N" else rng.choice("RB") for own in puzzle.colors]
            state = State(posts, [shows[post] for post in posts])
        else:
            state = State(posts)
        if state != puzzle.goal and puzzle.is_legal(state) and remaining(puzzle, state) is not None:
            return state
    raise UnsolvableError(f"found no random position from which the goal can be reached in {puzzle!r}")
