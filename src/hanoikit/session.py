"""A play session: a position with a move stack, as a game board or an undo button needs it."""

from __future__ import annotations

from collections.abc import Iterable

from .errors import EmptyStackError, IllegalMoveError, InvalidMoveError, quote
from .move import Move, as_move
from .puzzle import Puzzle, as_puzzle
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

    Parameters
    ----------
    puzzle : Puzzle
        The rules.
    state : State, optional
        Where the game begins (default: the start).

    Raises
    ------
    InvalidStateError
        If ``state`` is not a legal position of ``puzzle``.

    Examples
    --------
    >>> from hanoikit import Puzzle
    >>> g = Game(Puzzle(2))
    >>> g.push(Move(1, 0, 1)); g.pop(); len(g)
    Move(1, 0, 1)
    0
    """

    def __init__(self, puzzle: Puzzle, state: State | None = None) -> None:
        self.puzzle = puzzle = as_puzzle(puzzle)
        self.initial = puzzle.check(puzzle.start if state is None else state)
        self.state = self.initial
        self.moves: list[Move] = []
        self._redo: list[Move] = []
        self._history: list[State] = []

    @classmethod
    def replay(cls, puzzle: Puzzle, moves: Iterable[Move | str], state: State | None = None) -> Game:
        """The game after ``moves`` played from ``state`` (default: the start), each checked against the rules as it
        is pushed: a saved game, loaded. A move is a :class:`Move` (or a tuple ``(disk, src, dst)``) or text read by
        :meth:`Puzzle.parse_move` in the position it is played in (``"1SD"``, or ``"SD"`` for the top disk of S).

        The first bad move stops the replay with an error naming it, counted from 1:
        :class:`~hanoikit.InvalidMoveError` if it cannot be read, :class:`~hanoikit.IllegalMoveError` (with the
        reason) if it cannot be played. A bad ``state`` raises :class:`~hanoikit.InvalidStateError`. O(n) per move.

        >>> from hanoikit import Puzzle
        >>> g = Game.replay(Puzzle(2), ["1SI", "SD", Move(1, 1, 2)])
        >>> g.moves, g.is_solved()
        ([Move(1, 0, 1), Move(2, 0, 2), Move(1, 1, 2)], True)
        >>> Game.replay(Puzzle(2), ["1SI", "1SD"])
        Traceback (most recent call last):
        hanoikit.errors.IllegalMoveError: move 2 (1SD) cannot be played in 'IS': disk 1 is not on post S
        """
        game = cls(puzzle, state)
        puzzle, posts = game.puzzle, game.puzzle.posts
        for number, item in enumerate(moves, 1):
            try:
                move = puzzle.parse_move(item, game.state) if isinstance(item, str) else as_move(item)
            except InvalidMoveError as error:
                raise InvalidMoveError(f"move {number} cannot be read: {error}") from None
            except IllegalMoveError as error:  # the shorthand of an empty post
                where, text = quote(str(game.state)), quote(str(item).strip())
                raise IllegalMoveError(f"move {number} ({text}) cannot be played in {where}: {error}") from None
            reason = puzzle.move_error(game.state, move)
            if reason is not None:
                where = quote(str(game.state))
                raise IllegalMoveError(f"move {number} ({move.notation(posts)}) cannot be played in {where}: {reason}")
            game.push(move)
        return game

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


