"""A play session: a position with a move stack, as a game board or an undo button needs it."""

from __future__ import annotations

from .errors import EmptyStackError, InvalidPuzzleError, quote
from .move import Move, as_move
from .puzzle import Puzzle
from .state import State

__all__ = ["Game"]


class Game:
    """A puzzle being played: ``push`` plays a move, ``pop`` takes the last one back, ``redo`` plays it again.

    >>> from hanoikit import Puzzle
    >>> g = Game(Puzzle(2))
    >>> g.push(Move(1, 0, 1)); g.push(Move(2, 0, 2)); g.peek()
    Move(2, 0, 2)
    >>> g.pop(); g.state
    Move(2, 0, 2)
    State.parse('IS')
    >>> g.redo(); g.push(Move(1, 1, 2)); g.is_solved()
    Move(2, 0, 2)
    True

    ``pop``, ``peek`` and ``redo`` with no move to give raise :class:`~hanoikit.EmptyStackError` (an ``IndexError``).
    Each push, pop and redo costs O(n) for ``n`` disks.
    """

    def __init__(self, puzzle: Puzzle, state: State | None = None) -> None:
        if not isinstance(puzzle, Puzzle):
            raise InvalidPuzzleError(f"a game is played on a Puzzle or a MagneticPuzzle, not {quote(puzzle)}")
        self.puzzle = puzzle
        self.initial = puzzle.check(puzzle.start if state is None else state)
        self.state = self.initial
        self.moves: list[Move] = []
        self._redo: list[Move] = []
        self._history: list[State] = []

    def push(self, move: Move) -> None:
        """Play ``move``; raises :class:`~hanoikit.IllegalMoveError` and changes nothing if it breaks the rules."""
        move = as_move(move)
        new = self.puzzle.apply(self.state, move)
        self._history.append(self.state)
        self.moves.append(move)
        self.state = new
        self._redo.clear()

    def pop(self) -> Move:
        """Take back the last move and return it (it can be played again with :meth:`redo`)."""
        if not self.moves:
            raise EmptyStackError("no move to take back")
        move = self.moves.pop()
        self.state = self._history.pop()
        self._redo.append(move)
        return move

    def peek(self) -> Move:
        """The last move played."""
        if not self.moves:
            raise EmptyStackError("no move played yet")
        return self.moves[-1]

    def redo(self) -> Move:
        """Play again the last move taken back."""
        if not self._redo:
            raise EmptyStackError("no move to redo")
        move = self._redo.pop()
        redo = self._redo[:]
        self.push(move)
        self._redo = redo
        return move

    def is_solved(self) -> bool:
        """Whether the position is the puzzle's goal."""
        return self.state == self.puzzle.goal

    def __len__(self) -> int:
        return len(self.moves)

    def __repr__(self) -> str:
        return f"<Game {self.puzzle!r} at {self.state} after {len(self.moves)} moves>"


