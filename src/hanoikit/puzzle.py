"""The puzzles: the classic Tower of Hanoi and the Magnetic Tower of Hanoi as a variant with its own rule hooks.

The rules live here; the solvers (``hanoikit.solvers``) are clients that the query methods import when first asked.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator
from types import ModuleType
from typing import ClassVar

from .errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidPuzzleError,
    InvalidStateError,
    MoveIndexError,
    UnsolvableError,
    QUOTE_LIMIT,
    quote,
)
from .limits import MAX_DISK_MOVES_DISKS, MAX_DISKS, MAX_MAGNETIC_DISKS, MAX_MAGNETIC_INDEX_DISKS, ensure_at_most
from .move import POST_NAMES, Move, as_int, as_move, post_index
from .state import COLORS, Color, State, color_name, flip

__all__ = ["Puzzle", "MagneticPuzzle", "VARIANTS"]

VARIANTS: tuple[str, ...] = tuple(s + i + d for s in "RBN" for i in "RBN" for d in "RBN")
"""The 27 post colourings of the magnetic tower, named by the colours of S, I and D (R, B or N)."""

_PAIRS = ((0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1))


def _shown(state: State) -> str:
    """A position's notation for a message, cut short for a large one."""
    text = str(state)
    return text if len(text) <= QUOTE_LIMIT else f"{text[:QUOTE_LIMIT]}... ({state.n:,} disks)"


class Puzzle:
    """The classic Tower of Hanoi with ``n`` disks on three posts, from a tower on S to a tower on D.

    >>> p = Puzzle(3)
    >>> p.start, p.goal
    (State.parse('SSS'), State.parse('DDD'))
    >>> p.legal_moves(p.start)
    [Move(1, 0, 1), Move(1, 0, 2)]
    >>> p.apply(p.start, Move(1, 0, 2))
    State.parse('DSS')
    >>> p.distance(), [str(m) for m in p.solve()][:3]
    (7, ['1SD', '2SI', '1DI'])

    ``n`` is a whole number (a Python or numpy integer) from 1 to :data:`~hanoikit.limits.MAX_DISKS`; above it
    :class:`~hanoikit.TooLargeError` is raised at once. Every method checks that the positions and moves it is given
    belong to the puzzle and raises a :class:`~hanoikit.HanoiError` if not: :class:`~hanoikit.InvalidStateError`
    for a position of another puzzle, :class:`~hanoikit.InvalidMoveError` for something that is not a move (a tuple
    ``(disk, src, dst)`` is taken as a :class:`Move`).

    Costs, for ``n`` disks: building positions, checking them, :meth:`legal_moves`, :meth:`apply` and each move of
    :meth:`play` take O(n); :meth:`distance`, :meth:`move_at`, :meth:`state_at` and the first move of :meth:`solve`
    take O(n) steps on exact ints (``2**n`` has n bits); :meth:`disk_moves` returns n counts of up to n bits, O(n²)
    in all, and is capped at :data:`~hanoikit.limits.MAX_DISK_MOVES_DISKS` disks.
    """

    magnetic: ClassVar[bool] = False
    _solver: ClassVar[str] = "classic"

    def __init__(self, n: int) -> None:
        disks = as_int(n)
        if disks is None or disks < 1:
            raise InvalidPuzzleError(f"the number of disks must be a whole number of at least 1, not {quote(n)}")
        ensure_at_most(disks, MAX_DISKS, "disks")
        self.n = disks

    # -- positions -------------------------------------------------------------------------------------------------

    @property
    def start(self) -> State:
        """The perfect tower on S."""
        return State.tower(self.n, 0)

    @property
    def goal(self) -> State:
        """The perfect tower on D."""
        return State.tower(self.n, 2)

    def state_error(self, state: State) -> str | None:
        """Why ``state`` is not a position of this puzzle, in words, or ``None`` if it is."""
        error = self._size_error(state)
        if error is not None:
            return error
        if state.ups is not None:
            return f"position {str(state)!r} gives disk colours, but the classic puzzle has none"
        return None

    def _size_error(self, state: State) -> str | None:
        if not isinstance(state, State):
            return f"{quote(state)} is not a State"
        if state.n != self.n:
            return f"position {quote(str(state))} has {state.n} disks, the puzzle has {self.n}"
        return None

    def is_legal(self, state: State) -> bool:
        """Whether ``state`` is a position of this puzzle that obeys its rules."""
        return self.state_error(state) is None

    def check(self, state: State) -> State:
        """Return ``state`` if it is legal, else raise :class:`InvalidStateError` with the reason."""
        error = self.state_error(state)
        if error is not None:
            raise InvalidStateError(error)
        return state

    def parse(self, text: str) -> State:
        """Read a position of this puzzle from its notation and check it.

        >>> Puzzle(2).parse("SD")
        State.parse('SD')
        """
        return self.check(State.parse(text))

    def post_color(self, state: State, post: int) -> Color | None:
        """The colour a post shows: its top disk's top face, else its own colour (``None`` when neutral).

        ``post`` is 0, 1, 2 or a letter S, I, D (see :func:`~hanoikit.post_index`).
        """
        self.check(state)
        post_index(post)
        return None

    # -- moves -----------------------------------------------------------------------------------------------------

    def move_error(self, state: State, move: Move) -> str | None:
        """Why ``move`` cannot be played in ``state``, in words, or ``None`` if it can.

        A ``state`` that is not a legal position of this puzzle raises :class:`~hanoikit.InvalidStateError`, and a
        ``move`` that is not a move raises :class:`~hanoikit.InvalidMoveError`, as in :meth:`apply`:

        >>> Puzzle(5).move_error(State.parse("SS"), Move(3, 0, 2))
        Traceback (most recent call last):
        hanoikit.errors.InvalidStateError: position 'SS' has 2 disks, the puzzle has 5
        """
        return self._move_error(self.check(state), as_move(move))

    def _move_error(self, state: State, move: Move) -> str | None:
        """:meth:`move_error` for a legal ``state`` and a :class:`Move`."""
        disk, src, dst = move
        if not 1 <= disk <= self.n:
            return f"there is no disk {quote(disk)}: disks are 1 to {self.n}"
        if not (0 <= src <= 2 and 0 <= dst <= 2) or src == dst:
            return f"{move!r} does not name two different posts 0, 1, 2"
        if state.posts[disk - 1] != src:
            return f"disk {disk} is not on post {POST_NAMES[src]}"
        tops = state.tops()
        if tops[src] != disk:
            return f"disk {disk} is under disk {tops[src]} on post {POST_NAMES[src]}"
        if tops[dst] is not None and tops[dst] < disk:  # type: ignore[operator]
            return f"larger disk on a smaller one: disk {disk} cannot go on disk {tops[dst]}"
        return None

    def is_legal_move(self, state: State, move: Move) -> bool:
        """Whether ``move`` can be played in ``state``; raises as :meth:`move_error` does."""
        return self.move_error(state, move) is None

    def legal_moves(self, state: State) -> list[Move]:
        """All moves that can be played in ``state``."""
        self.check(state)
        tops = state.tops()
        moves = []
        for src, dst in _PAIRS:
            disk = tops[src]
            if disk is not None:
                move = Move(disk, src, dst)
                if self._move_error(state, move) is None:
                    moves.append(move)
        return moves

    def apply(self, state: State, move: Move) -> State:
        """The position after ``move``; raises :class:`IllegalMoveError` with the reason if it breaks the rules
        (and :class:`InvalidStateError` if ``state`` is not a legal position of this puzzle)."""
        move = as_move(move)
        error = self.move_error(state, move)
        if error is not None:
            raise IllegalMoveError(f"illegal move {move} in {_shown(state)}: {error}")
        return self._moved(state, move)

    def _moved(self, state: State, move: Move) -> State:
        return state.replace(move.disk, move.dst)

    def play(self, moves: Iterable[Move], state: State | None = None) -> State:
        """Play ``moves`` from ``state`` (default: the start) and return the final position.

        Raises :class:`IllegalMoveError` naming the first move that breaks the rules and its index
        (:class:`InvalidMoveError` for the first item that is not a move). Each move costs O(n).
        """
        state = self.check(self.start if state is None else state)
        for index, item in enumerate(moves):
            try:
                move = as_move(item)
            except InvalidMoveError as error:
                raise InvalidMoveError(f"move {index}: {error}") from None
            reason = self._move_error(state, move)
            if reason is not None:
                raise IllegalMoveError(f"move {index} ({move}) is illegal in {_shown(state)}: {reason}")
            state = self._moved(state, move)
        return state

    # -- queries, answered by the solvers -------------------------------------------------------------------------

    def _solvers(self) -> ModuleType:
        return importlib.import_module(f"hanoikit.solvers.{self._solver}")

    def _endpoints(self, src: State | None, dst: State | None) -> tuple[State, State]:
        return self.check(self.start if src is None else src), self.check(self.goal if dst is None else dst)

    def _check_solvable_size(self, *positions: State) -> None:
        """Refuse sizes the solvers cannot answer quickly between ``positions`` (none for the classic puzzle)."""

    def distance(self, src: State | None = None, dst: State | None = None) -> int:
        """The least number of moves from ``src`` to ``dst`` (default: start to goal)."""
        endpoints = self._endpoints(src, dst)
        self._check_solvable_size(*endpoints)
        return self._solvers().distance(self, *endpoints)

    def solve(self, src: State | None = None, dst: State | None = None) -> Iterator[Move]:
        """An optimal sequence of moves from ``src`` to ``dst`` (default: start to goal), generated lazily."""
        endpoints = self._endpoints(src, dst)
        self._check_solvable_size(*endpoints)
        return self._solvers().solve(self, *endpoints)

    def move_at(self, k: int) -> Move:
        """The ``k``-th move (from 0) of the optimal solution from start to goal; ``k`` is a Python or numpy int."""
        index = self._check_index(k, last=self.distance() - 1)
        return self._solvers().move_at(self, index)

    def state_at(self, k: int) -> State:
        """The position after the first ``k`` moves of the optimal solution from start to goal."""
        index = self._check_index(k, last=self.distance())
        return self._solvers().state_at(self, index)

    def disk_moves(self) -> list[int]:
        """How often each disk moves in the optimal solution; index 0 is disk 1.

        The answer has O(n²) bits in all: puzzles above :data:`~hanoikit.limits.MAX_DISK_MOVES_DISKS` disks raise
        :class:`~hanoikit.TooLargeError`.
        """
        ensure_at_most(self.n, MAX_DISK_MOVES_DISKS, "disks (counting the moves of each)")
        self._check_solvable_size()
        return self._solvers().disk_moves(self)

    def _check_index(self, k: int, last: int) -> int:
        index = as_int(k)
        if index is None:
            raise MoveIndexError(f"a move index is a whole number, not {quote(k)}")
        if not 0 <= index <= last:
            raise MoveIndexError(f"move index {quote(index)} is outside 0..{quote(last)}")
        return index

    # -- identity --------------------------------------------------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (type(self).__name__, self.n)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Puzzle) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Puzzle({self.n})"


class MagneticPuzzle(Puzzle):
    """The Magnetic Tower of Hanoi: every move flips the disk, touching faces must differ in colour, and a post coloured
    R or B takes only disks showing that colour on top.

    ``colors`` names the colours of S, I and D (each ``R``, ``B`` or ``N`` for neutral). The start tower shows
    ``start_up`` on top (default red, blue when S is blue); the goal tower shows ``goal_up`` (default blue, red when D
    is red).

    Between the perfect towers the solving methods answer up to :data:`~hanoikit.limits.MAX_DISKS` disks (exact
    counts in closed form); from or to any other position, :meth:`distance` and :meth:`solve` compare exact costs
    level by level, O(n²) bit operations, and are capped at :data:`~hanoikit.limits.MAX_MAGNETIC_DISKS` disks
    (:class:`~hanoikit.TooLargeError` above); :meth:`move_at` and :meth:`state_at` are capped at
    :data:`~hanoikit.limits.MAX_MAGNETIC_INDEX_DISKS`.

    >>> m = MagneticPuzzle(2)
    >>> m.start, m.goal
    (State.parse('SS:RR'), State.parse('DD:BB'))
    >>> m.apply(m.start, Move(1, 0, 1))
    State.parse('IS:BR')
    >>> m.move_error(State.parse("SI:RR"), Move(1, 0, 1))
    'red would touch red: disk 1 shows red below and disk 2 shows red on top'
    >>> m.distance(), m.disk_moves()
    (4, [3, 1])
    """

    magnetic = True
    _solver = "magnetic"

    def __init__(self, n: int, colors: str = "NNN", start_up: Color | None = None, goal_up: Color | None = None) -> None:
        super().__init__(n)
        if not isinstance(colors, str) or not colors.isascii() or colors.upper() not in VARIANTS:
            raise InvalidPuzzleError(
                f"unknown colouring {quote(colors)}: give the colours of S, I, D as three letters R, B or N, "
                "e.g. 'NNN' or 'RBB'"
            )
        self.colors = colors.upper()
        default_start: Color = "B" if self.colors[0] == "B" else "R"
        default_goal: Color = "R" if self.colors[2] == "R" else "B"
        self.start_up: Color = self._orientation(start_up, default_start, "start_up")
        self.goal_up: Color = self._orientation(goal_up, default_goal, "goal_up")
        if self.colors[0] != "N" and self.start_up != self.colors[0]:
            raise InvalidPuzzleError(
                f"the start tower cannot show {color_name(self.start_up)} on post S, which is coloured "
                f"{color_name(self.colors[0])}"
            )

    @staticmethod
    def _orientation(value: str | None, default: Color, name: str) -> Color:
        if value is None:
            return default
        if isinstance(value, str) and value.isascii() and value.upper() in COLORS:
            return value.upper()  # type: ignore[return-value]
        raise InvalidPuzzleError(f"{name} must be 'R' or 'B', not {quote(value)}")

    @property
    def start(self) -> State:
        return State.tower(self.n, 0, self.start_up)

    @property
    def goal(self) -> State:
        return State.tower(self.n, 2, self.goal_up)

    def post_color(self, state: State, post: int) -> Color | None:
        """The colour post ``post`` shows: the top face of its top disk, else its own colour (``None`` if neutral).

        >>> m = MagneticPuzzle(2, "NNR")
        >>> [m.post_color(m.start, post) for post in range(3)]
        ['R', None, 'R']
        """
        return self._post_color(self.check(state), post_index(post))

    def _post_color(self, state: State, post: int) -> Color | None:
        top = state.tops()[post]
        if top is not None:
            return state.ups[top - 1]  # type: ignore[index]
        own = self.colors[post]
        return None if own == "N" else own  # type: ignore[return-value]

    def state_error(self, state: State) -> str | None:
        error = self._size_error(state)
        if error is not None:
            return error
        if state.ups is None:
            return f"position {quote(str(state))} gives no disk colours; a magnetic position needs them, e.g. 'SS:RR'"
        below: list[int | None] = [None, None, None]
        for disk in range(self.n, 0, -1):
            post, up = state.posts[disk - 1], state.ups[disk - 1]
            lower = below[post]
            if lower is None:
                own = self.colors[post]
                if own != "N" and up != own:
                    return (
                        f"position {quote(str(state))}: disk {disk} shows {color_name(up)} on post {POST_NAMES[post]}, "
                        f"which is coloured {color_name(own)}"
                    )
            elif state.ups[lower - 1] != up:
                face = color_name(flip(up))
                return (
                    f"position {quote(str(state))}: {face} would touch {face} where disk {disk} sits on disk {lower} "
                    f"on post {POST_NAMES[post]}"
                )
            below[post] = disk
        return None

    def _move_error(self, state: State, move: Move) -> str | None:
        error = super()._move_error(state, move)
        if error is not None:
            return error
        disk, _, dst = move
        below = state.ups[disk - 1]  # type: ignore[index]  # the face that will touch the destination after the flip
        target = self._post_color(state, dst)
        if target is None or target != below:
            return None
        top = state.tops()[dst]
        if top is None:
            return (
                f"post {POST_NAMES[dst]} is coloured {color_name(target)} and takes only disks showing "
                f"{color_name(target)} on top: disk {disk} would show {color_name(flip(target))}"
            )
        face = color_name(target)
        return f"{face} would touch {face}: disk {disk} shows {face} below and disk {top} shows {face} on top"

    def _moved(self, state: State, move: Move) -> State:
        return state.replace(move.disk, move.dst, flip(state.ups[move.disk - 1]))  # type: ignore[index]

    @property
    def solvable(self) -> bool:
        """Whether the goal tower is a legal position (the solvers say whether it can be reached)."""
        return self.is_legal(self.goal)

    def _check_solvable_size(self, *positions: State) -> None:
        if any(len(set(zip(state.posts, state.ups or ()))) > 1 for state in positions):
            ensure_at_most(self.n, MAX_MAGNETIC_DISKS, "disks (solving a magnetic tower between arbitrary positions)")

    def move_at(self, k: int) -> Move:
        ensure_at_most(self.n, MAX_MAGNETIC_INDEX_DISKS, "disks (indexing a magnetic solution)")
        return super().move_at(k)

    def state_at(self, k: int) -> State:
        ensure_at_most(self.n, MAX_MAGNETIC_INDEX_DISKS, "disks (indexing a magnetic solution)")
        return super().state_at(k)

    def _endpoints(self, src: State | None, dst: State | None) -> tuple[State, State]:
        if dst is None and not self.solvable:
            raise UnsolvableError(
                f"the goal cannot be reached: a tower showing {color_name(self.goal_up)} cannot stand on post D, "
                f"which is coloured {color_name(self.colors[2])}"
            )
        return super()._endpoints(src, dst)

    def _key(self) -> tuple[object, ...]:
        return (type(self).__name__, self.n, self.colors, self.start_up, self.goal_up)

    def __repr__(self) -> str:
        return f"MagneticPuzzle({self.n}, colors={self.colors!r}, start_up={self.start_up!r}, goal_up={self.goal_up!r})"
