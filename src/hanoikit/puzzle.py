"""The puzzles: the rules of every member of the Tower of Hanoi family, as data, and the rule hooks that read them.

A puzzle is ``n`` disks, ``posts`` posts (3 to :data:`~hanoikit.limits.MAX_POSTS`), the set of allowed moves (pairs
``(src, dst)`` of posts) and, on the Magnetic Tower of Hanoi, disks with coloured faces and post colours. The rule
hooks (:meth:`~Puzzle.state_error`, :meth:`~Puzzle.move_error`, :meth:`~Puzzle.post_color`,
:meth:`~Puzzle.legal_moves`) read that data and nothing else. The queries (:meth:`~Puzzle.distance`,
:meth:`~Puzzle.solve`, ...) are answered by the first solver of :mod:`hanoikit.solvers.registry` that covers the rules.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn

import numpy as np

from .errors import (
    QUOTE_LIMIT,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPuzzleError,
    InvalidStateError,
    MoveIndexError,
    UnsolvableError,
    quote,
)
from .limits import MAX_DISK_MOVES_DISKS, MAX_DISKS, MAX_POSTS, ensure_at_most
from .move import MIN_POSTS, Move, as_int, as_move, as_post_count, post_index, post_names
from .state import COLORS, Color, State, color_name, flip

if TYPE_CHECKING:
    from .solvers.registry import Solver

__all__ = ["Puzzle", "MagneticPuzzle", "MOVE_RULES", "VARIANTS", "as_puzzle", "move_rule", "rule_name", "rule_text"]

VARIANTS: tuple[str, ...] = tuple(s + i + d for s in "RBN" for i in "RBN" for d in "RBN")
"""The 27 post colourings of the three-post magnetic tower, named by the colours of S, I and D (R, B or N)."""

MOVE_RULES: tuple[str, ...] = ("any", "cyclic", "linear", "star")
"""The named move rules: every move; post ``i`` to ``i + 1`` (mod the number of posts) only; between neighbours
``i`` and ``i + 1`` both ways; to or from the centre post 1 (I) only."""

Moves = frozenset[tuple[int, int]]


def move_rule(moves: str | Iterable[Iterable[int | str]], posts: int = 3) -> Moves:
    """The allowed moves ``(src, dst)`` of a rule on ``posts`` posts.

    Parameters
    ----------
    moves : str or iterable of pairs
        A name of :data:`MOVE_RULES`, pairs of posts (numbers or letters), or text listing pairs of post letters.
    posts : int, default 3
        The number of posts.

    Returns
    -------
    frozenset of (int, int)
        The allowed ``(src, dst)`` pairs.

    Raises
    ------
    InvalidPuzzleError
        For an unknown name, a post that does not exist, a pair of one post, or no move at all.

    Examples
    --------
    >>> sorted(move_rule("cyclic"))
    [(0, 1), (1, 2), (2, 0)]
    >>> pairs = [(0, 1), (1, 0), (1, 2), (2, 1), (2, 3), (3, 2)]
    >>> move_rule("linear", 4) == move_rule("SI IS IJ JI JD DJ", 4) == move_rule(pairs, 4)
    True
    >>> move_rule("star", 4) == move_rule({("S", "I"), ("I", "S"), ("J", "I"), ("I", "J"), ("D", "I"), ("I", "D")}, 4)
    True
    """
    try:
        k = as_post_count(posts)
    except InvalidMoveError as error:
        raise InvalidPuzzleError(str(error)) from None
    if isinstance(moves, str):
        name = moves.strip().lower()
        if name == "any":
            return frozenset((a, b) for a in range(k) for b in range(k) if a != b)
        if name == "cyclic":
            return frozenset((a, (a + 1) % k) for a in range(k))
        if name == "linear":
            return frozenset(pair for a in range(k - 1) for pair in ((a, a + 1), (a + 1, a)))
        if name == "star":
            return frozenset(pair for a in range(k) if a != 1 for pair in ((a, 1), (1, a)))
        words = moves.replace(",", " ").split()
        if not words or not all(len(word) == 2 for word in words):
            raise InvalidPuzzleError(
                f"unknown move rule {quote(moves)}: choose {', '.join(MOVE_RULES)}, or list the allowed moves as "
                "pairs of post letters such as 'SI ID DS'"
            )
        moves = words
    try:
        pairs = list(moves)
    except TypeError:
        raise InvalidPuzzleError(f"the allowed moves are a rule name or (src, dst) pairs, not {quote(moves)}") from None
    allowed = set()
    for pair in pairs:
        items = tuple(pair) if isinstance(pair, (tuple, list, str)) else ()
        try:
            if len(items) != 2:
                raise InvalidMoveError("")
            src, dst = post_index(items[0], k), post_index(items[1], k)
        except InvalidMoveError:
            raise InvalidPuzzleError(
                f"{quote(pair)} is not a move between two of the {k} posts: give (src, dst) pairs of post numbers "
                f"0 to {k - 1} or letters {post_names(k)}"
            ) from None
        if src == dst:
            raise InvalidPuzzleError(f"{quote(pair)} is not a move: its two posts are the same")
        allowed.add((src, dst))
    if not allowed:
        raise InvalidPuzzleError("a puzzle needs at least one allowed move")
    return frozenset(allowed)


def rule_name(moves: Moves, posts: int) -> str | None:
    """The name in :data:`MOVE_RULES` of the allowed ``moves`` on ``posts`` posts, or ``None`` for other pairs.

    >>> rule_name(move_rule("cyclic", 4), 4), rule_name(frozenset({(0, 1), (1, 2)}), 3)
    ('cyclic', None)
    """
    return next((name for name in MOVE_RULES if move_rule(name, posts) == moves), None)


def rule_text(moves: Moves, names: str) -> str:
    """The move rule ``moves`` in words, the posts called by ``names``: the message of a move it forbids.

    >>> rule_text(move_rule("linear"), "SID")
    'moves go only between S and I and between I and D here'
    """
    parts = []
    for src, dst in sorted(moves):
        if (dst, src) in moves:
            if src < dst:
                parts.append(f"between {names[src]} and {names[dst]}")
        else:
            parts.append(f"from {names[src]} to {names[dst]}")
    listing = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"moves go only {listing} here"


def _shown(state: State) -> str:
    """A position's notation for a message, cut short for a large one."""
    text = str(state)
    return text if len(text) <= QUOTE_LIMIT else f"{text[:QUOTE_LIMIT]}... ({state.n:,} disks)"


class Puzzle:
    """The Tower of Hanoi with ``n`` disks on ``posts`` posts (three unless told), from a tower on the first post S
    to a tower on the last post D, moving only as ``moves`` allows (every move unless told).

    >>> p = Puzzle(3)
    >>> p.start, p.goal
    (State.parse('SSS'), State.parse('DDD'))
    >>> p.legal_moves(p.start)
    [Move(1, 0, 1), Move(1, 0, 2)]
    >>> p.apply(p.start, Move(1, 0, 2))
    State.parse('DSS')
    >>> p.distance(), [str(m) for m in p.solve()][:3]
    (7, ['1SD', '2SI', '1DI'])

    ``moves`` is ``"any"``, ``"cyclic"`` (post ``i`` to ``i + 1`` only, D back to S), ``"linear"`` (between
    neighbours, both ways), ``"star"`` (to or from the centre post I only), or the allowed ``(src, dst)`` pairs
    (see :func:`move_rule`). The rules are data, for clients to read instead of asking a puzzle's class: ``posts``,
    ``moves`` (a frozenset of pairs), ``post_names``, ``faces`` (whether disks have coloured faces, the magnetic
    rules), ``colors`` (the colour of each post, all ``N`` here) and :attr:`name` (the rules in a few words, for
    titles). Puzzles are immutable values, equal when their rules are:

    >>> q = Puzzle(2, posts=4, moves="cyclic")
    >>> q, q.posts, sorted(q.moves), q.post_names, q.name
    (Puzzle(2, posts=4, moves='cyclic'), 4, [(0, 1), (1, 2), (2, 3), (3, 0)], 'SIJD', 'classic, 4 posts, cyclic moves')
    >>> q.move_error(q.start, Move(1, 0, 3))
    'moves go only from S to I, from I to J, from J to D and from D to S here'
    >>> q == Puzzle(2, posts=4, moves=[(0, 1), (1, 2), (2, 3), (3, 0)])
    True

    The rule hooks are public, for a variant to override (as python-chess's variants do): :meth:`rule_error` (why a
    move breaks the rules), :meth:`face_error` (the faces' part of it) and :meth:`moved` (the position after a move),
    each unchecked; :meth:`move_error`, :meth:`legal_moves`, :meth:`apply` and :meth:`play` check and call them, and
    :attr:`rules_as_data` says whether a subclass changed any.

    ``n`` is a whole number (a Python or numpy integer) from 1 to :data:`~hanoikit.limits.MAX_DISKS`; above it
    :class:`~hanoikit.TooLargeError` is raised at once. Every method checks that the positions and moves it is given
    belong to the puzzle and raises a :class:`~hanoikit.HanoiError` if not: :class:`~hanoikit.InvalidStateError`
    for a position of another puzzle, :class:`~hanoikit.InvalidMoveError` for something that is not a move (a tuple
    ``(disk, src, dst)`` is taken as a :class:`Move`).

    The queries (:meth:`distance`, :meth:`solve`, :meth:`move_at`, :meth:`state_at`, :meth:`disk_moves`) ask the
    first solver of :mod:`hanoikit.solvers.registry` that covers the rules and the endpoints
    (``hanoikit.solvers.solvers_for(puzzle)`` lists them with their guarantees); with none,
    :class:`~hanoikit.UnknownMethodError` is raised.

    Costs, for ``n`` disks: building positions, checking them, :meth:`legal_moves`, :meth:`apply` and each move of
    :meth:`play` take O(n); on the classic puzzle :meth:`distance`, :meth:`move_at`, :meth:`state_at` and the first
    move of :meth:`solve` take O(n) steps on exact ints (``2**n`` has n bits); :meth:`disk_moves` returns n counts of
    up to n bits, O(n²) in all, and is capped at :data:`~hanoikit.limits.MAX_DISK_MOVES_DISKS` disks.

    Parameters
    ----------
    n : int
        The number of disks, 1 to :data:`~hanoikit.limits.MAX_DISKS`.
    posts : int, default 3
        The number of posts, 3 to :data:`~hanoikit.limits.MAX_POSTS`.
    moves : str or iterable of pairs, default "any"
        The move rule: a name of :data:`MOVE_RULES` or the allowed pairs (see :func:`move_rule`).

    Raises
    ------
    InvalidPuzzleError
        For a number of disks or posts, or a move rule, that is not one.
    TooLargeError
        For more than :data:`~hanoikit.limits.MAX_DISKS` disks.

    Examples
    --------
    >>> Puzzle(4, posts=4).distance(), Puzzle(3, moves="cyclic").distance()
    (9, 21)
    """

    faces: ClassVar[bool] = False
    """Whether the disks have coloured faces that flip with every move (the magnetic rules)."""

    n: int
    posts: int
    moves: Moves
    post_names: str
    colors: str
    _pairs: tuple[tuple[int, int], ...]
    _any: bool
    _rule: str

    def __init__(self, n: int, posts: int = 3, moves: str | Iterable[Iterable[int | str]] = "any") -> None:
        disks = as_int(n)
        if disks is None or disks < 1:
            raise InvalidPuzzleError(f"the number of disks must be a whole number of at least 1, not {quote(n)}")
        ensure_at_most(disks, MAX_DISKS, "disks")
        count = as_int(posts)
        if count is None or not MIN_POSTS <= count <= MAX_POSTS:
            raise InvalidPuzzleError(
                f"the number of posts is a whole number from {MIN_POSTS} to {MAX_POSTS}, not {quote(posts)}"
            )
        allowed = move_rule(moves, count)
        names = post_names(count)
        self._set(
            n=disks,
            posts=count,
            moves=allowed,
            post_names=names,
            colors="N" * count,
            _pairs=tuple(sorted(allowed)),
            _any=len(allowed) == count * (count - 1),
            _rule=rule_text(allowed, names),
        )

    def _set(self, **values: object) -> None:
        self.__dict__.update(values)
        self.__dict__.pop("_hash", None)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable: make a new one instead of setting {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable: {name!r} cannot be deleted")

    # -- positions -------------------------------------------------------------------------------------------------

    @property
    def start(self) -> State:
        """The perfect tower on S."""
        return State.tower(self.n, 0, None, self.posts)

    @property
    def goal(self) -> State:
        """The perfect tower on D."""
        return State.tower(self.n, self.posts - 1, None, self.posts)

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
        if state.post_count != self.posts:
            return (
                f"position {quote(str(state))} is on {state.post_count} posts, the puzzle has {self.posts}: "
                "read it with puzzle.parse"
            )
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
        """Read a position of this puzzle from its notation (the letters of :attr:`post_names`) and check it.

        >>> Puzzle(2).parse("SD"), Puzzle(2, posts=4).parse("SD")
        (State.parse('SD'), State.parse('SD', post_count=4))
        """
        return self.check(State.parse(text, self.posts))

    def parse_move(self, text: str, state: State | None = None) -> Move:
        """Read a move naming the posts of this puzzle: ``"1SD"`` (or ``"1 S->D"``, ``"1 0 2"``, see
        :meth:`Move.parse`) or, given the position ``state``, the shorthand of two post letters such as ``"SD"``:
        the top disk of the first post to the second. Whether the move obeys the rules is not checked.

        Raises :class:`~hanoikit.InvalidMoveError` for text that is not a move, and
        :class:`~hanoikit.IllegalMoveError` for a shorthand whose first post is empty in ``state``.

        >>> p = Puzzle(2, posts=4)
        >>> p.parse_move("1SD"), p.parse_move("jd", p.parse("SJ"))
        (Move(1, 0, 3), Move(2, 2, 3))
        >>> p.parse_move("ID", p.start)
        Traceback (most recent call last):
        hanoikit.errors.IllegalMoveError: post I is empty: there is no disk to move
        """
        if state is not None and isinstance(text, str):
            self.check(state)
            names = self.post_names
            pair = text.strip().upper()
            if len(pair) == 2 and text.isascii() and set(pair) <= set(names) and pair[0] != pair[1]:
                src, dst = names.index(pair[0]), names.index(pair[1])
                disk = state.tops()[src]
                if disk is None:
                    raise IllegalMoveError(f"post {pair[0]} is empty: there is no disk to move")
                return Move(disk, src, dst)
        return Move.parse(text, self.posts)

    def post_color(self, state: State, post: int) -> Color | None:
        """The colour a post shows: its top disk's top face, else its own colour (``None`` when neutral).

        ``post`` is a number or a letter of :attr:`post_names` (see :func:`~hanoikit.post_index`).
        """
        self.check(state)
        post_index(post, self.posts)
        return None

    @property
    def every_move(self) -> bool:
        """Whether every move between two different posts is allowed (the rule ``"any"``).

        >>> Puzzle(3, posts=4).every_move, Puzzle(3, moves="cyclic").every_move
        (True, False)
        """
        return self._any

    @property
    def reversible(self) -> bool:
        """Whether every move can be undone: the allowed moves go both ways (every rule but ``"cyclic"`` and one-way
        pairs). A legal move's reverse is then legal too, on a magnetic tower as well, so the positions and moves
        form an undirected graph.

        >>> Puzzle(3).reversible, Puzzle(3, moves="star").reversible, Puzzle(3, moves="cyclic").reversible
        (True, True, False)
        """
        return all((dst, src) in self.moves for src, dst in self._pairs)

    @property
    def rules_as_data(self) -> bool:
        """Whether the rules are the puzzle's data alone (posts, moves, faces, colours), no rule hook of a subclass
        changing them: then vectorised code (the checker's replay, the search's tables) may apply them itself.

        >>> Puzzle(3, posts=4).rules_as_data, MagneticPuzzle(3, "RBB").rules_as_data
        (True, True)
        """
        cls = type(self)
        base = MagneticPuzzle if self.faces else Puzzle
        return (cls.rule_error, cls.face_error, cls.moved) == (Puzzle.rule_error, base.face_error, base.moved)

    @property
    def goal_is_legal(self) -> bool:
        """Whether the goal tower is a legal position (a magnetic tower may ask for a goal its post D refuses);
        whether it can be reached is the solvers' to say.

        >>> Puzzle(3).goal_is_legal, MagneticPuzzle(2, "NNR").goal_is_legal
        (True, True)
        >>> MagneticPuzzle(2, "NNR", goal_up="B").goal_is_legal  # a tower showing blue on the red post D
        False
        """
        return self.is_legal(self.goal)

    def random_state(self, rng: random.Random | None = None) -> State:
        """A random legal position: each disk on a random post and, on a magnetic tower, every post showing one
        colour (its own if it is coloured, else a random one), so that every stack obeys the rules. O(n).

        ``rng`` (a :class:`random.Random`) makes the position repeatable; whether the goal can be reached from it is
        not checked.

        >>> p = MagneticPuzzle(4, "RBNN", moves="linear")
        >>> s = p.random_state(random.Random(1))
        >>> p.is_legal(s), s.post_count
        (True, 4)
        """
        rng = random.Random() if rng is None else rng
        if not isinstance(rng, random.Random):
            raise TypeError(f"rng is a random.Random, not {quote(rng)}")
        posts = tuple([rng.randrange(self.posts) for _ in range(self.n)])
        return State._make(posts, self._random_ups(posts, rng), self.posts)

    def _random_ups(self, posts: tuple[int, ...], rng: random.Random) -> tuple[Color, ...] | None:
        """The faces of a random position with disks on ``posts`` (none on a classic puzzle)."""
        return None

    @property
    def name(self) -> str:
        """The rules in a few words, for titles and messages: ``'classic'``, ``'magnetic RBB'``, then the number of
        posts and the move rule when they are not the usual ones.

        >>> Puzzle(3).name, Puzzle(3, posts=5).name, Puzzle(3, moves=[(0, 1), (1, 2), (2, 0)]).name
        ('classic', 'classic, 5 posts', 'classic, cyclic moves')
        >>> MagneticPuzzle(3, "RBNB", moves=[(0, 3), (3, 0)]).name
        'magnetic RBNB, moves SD DS'
        """
        parts = [self._family()]
        if not self._any:
            rule = rule_name(self.moves, self.posts)
            names = self.post_names
            pairs = " ".join(names[src] + names[dst] for src, dst in self._pairs)
            parts.append(f"{rule} moves" if rule else f"moves {pairs}")
        return ", ".join(parts)

    def _family(self) -> str:
        return "classic" if self.posts == 3 else f"classic, {self.posts} posts"

    # -- moves -----------------------------------------------------------------------------------------------------

    def move_error(self, state: State, move: Move) -> str | None:
        """Why ``move`` cannot be played in ``state``, in words, or ``None`` if it can.

        A ``state`` that is not a legal position of this puzzle raises :class:`~hanoikit.InvalidStateError`, and a
        ``move`` that is not a move raises :class:`~hanoikit.InvalidMoveError`, as in :meth:`apply`:

        >>> Puzzle(5).move_error(State.parse("SS"), Move(3, 0, 2))
        Traceback (most recent call last):
        hanoikit.errors.InvalidStateError: position 'SS' has 2 disks, the puzzle has 5
        """
        return self.rule_error(self.check(state), as_move(move))

    def rule_error(self, state: State, move: Move) -> str | None:
        """:meth:`move_error` without checking its arguments: ``state`` must be a legal position of this puzzle and
        ``move`` a :class:`Move`. A rule hook (python-chess's variants override theirs so): a subclass with other
        rules overrides it, and then :attr:`rules_as_data` is false.

        >>> Puzzle(2).rule_error(State.parse("SS"), Move(2, 0, 1))
        'disk 2 is under disk 1 on post S'
        """
        disk, src, dst = move
        if not 1 <= disk <= self.n:
            return f"there is no disk {quote(disk)}: disks are 1 to {self.n}"
        if (src, dst) not in self.moves:
            k = self.posts
            if not (0 <= src < k and 0 <= dst < k) or src == dst:
                named = "0, 1, 2" if k == 3 else f"0 to {k - 1}"
                return f"{move!r} does not name two different posts {named}"
            return self._rule
        posts = state.posts
        if posts[disk - 1] != src:
            return f"disk {disk} is not on post {self.post_names[src]}"
        smaller = posts[: disk - 1]
        if src in smaller:
            return f"disk {disk} is under disk {smaller.index(src) + 1} on post {self.post_names[src]}"
        if dst in smaller:
            return f"larger disk on a smaller one: disk {disk} cannot go on disk {smaller.index(dst) + 1}"
        return self.face_error(state, disk, dst)

    def face_error(self, state: State, disk: int, dst: int) -> str | None:
        """Why the top disk ``disk`` of a legal ``state`` cannot land on post ``dst`` for its faces (never, on a
        classic puzzle); the rule hook :class:`MagneticPuzzle` overrides. Unchecked, as :meth:`rule_error`.

        >>> Puzzle(2).face_error(State.parse("SS"), 1, 2) is None
        True
        """
        return None

    def is_legal_move(self, state: State, move: Move) -> bool:
        """Whether ``move`` can be played in ``state``; raises as :meth:`move_error` does."""
        return self.move_error(state, move) is None

    def legal_moves(self, state: State) -> list[Move]:
        """All moves that can be played in ``state``, by source post then destination post."""
        self.check(state)
        tops = state.tops()
        moves = []
        for src, dst in self._pairs:
            disk = tops[src]
            if disk is not None:
                top = tops[dst]
                if (top is None or top > disk) and self.face_error(state, disk, dst) is None:
                    moves.append(Move(disk, src, dst))
        return moves

    def successors(self, state: State) -> list[tuple[Move, State]]:
        """Each legal move in ``state`` with the position it leads to, as a search needs them.

        >>> Puzzle(2, moves="cyclic").successors(State.parse("SS"))
        [(Move(1, 0, 1), State.parse('IS'))]
        """
        return [(move, self.moved(state, move)) for move in self.legal_moves(state)]

    def apply(self, state: State, move: Move) -> State:
        """The position after ``move``; raises :class:`IllegalMoveError` with the reason if it breaks the rules
        (and :class:`InvalidStateError` if ``state`` is not a legal position of this puzzle)."""
        move = as_move(move)
        error = self.move_error(state, move)
        if error is not None:
            raise IllegalMoveError(f"illegal move {move.notation(self.posts)} in {_shown(state)}: {error}")
        return self.moved(state, move)

    def moved(self, state: State, move: Move) -> State:
        """The position after a legal ``move`` in a legal ``state``, unchecked (:meth:`apply` checks first); the
        rule hook that flips the faces on :class:`MagneticPuzzle`.

        >>> Puzzle(2).moved(State.parse("SS"), Move(1, 0, 2))
        State.parse('DS')
        """
        disk, _, dst = move
        posts = state.posts
        return State._make(posts[: disk - 1] + (dst,) + posts[disk:], None, self.posts)

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
            reason = self.rule_error(state, move)
            if reason is not None:
                raise IllegalMoveError(
                    f"move {index} ({move.notation(self.posts)}) is illegal in {_shown(state)}: {reason}"
                )
            state = self.moved(state, move)
        return state

    # -- queries, answered by the solvers -------------------------------------------------------------------------

    def solver(self, src: State | None = None, dst: State | None = None) -> Solver:
        """The solver that answers the queries from ``src`` to ``dst`` (default: start to goal); raises
        :class:`~hanoikit.UnknownMethodError` if none covers this puzzle, :class:`~hanoikit.TooLargeError` if it is
        beyond the solver's cap.

        >>> Puzzle(3).solver().name, Puzzle(3, posts=4).solver().name
        ('classic', 'frame-stewart')
        """
        from .solvers.registry import solver_for

        return solver_for(self, src, dst)

    def endpoints(self, src: State | None = None, dst: State | None = None) -> tuple[State, State]:
        """``src`` and ``dst`` checked, the start and the goal standing in for ``None``."""
        return self.check(self.start if src is None else src), self.check(self.goal if dst is None else dst)


    def distance(self, src: State | None = None, dst: State | None = None) -> int:
        """The least number of moves from ``src`` to ``dst`` (default: start to goal)."""
        solver = self.solver(src, dst)
        return solver.distance(self, *self.endpoints(src, dst))

    def solve(self, src: State | None = None, dst: State | None = None) -> Iterator[Move]:
        """An optimal sequence of moves from ``src`` to ``dst`` (default: start to goal), generated lazily."""
        solver = self.solver(src, dst)
        return solver.solve(self, *self.endpoints(src, dst))

    def move_at(self, k: int) -> Move:
        """The ``k``-th move (from 0) of the optimal solution from start to goal; ``k`` is a Python or numpy int."""
        solver = self.solver()
        solver.check_index(self)
        index = self._check_index(k, last=self.distance() - 1)
        return solver.move_at(self, index)

    def state_at(self, k: int) -> State:
        """The position after the first ``k`` moves of the optimal solution from start to goal."""
        solver = self.solver()
        solver.check_index(self)
        index = self._check_index(k, last=self.distance())
        return solver.state_at(self, index)

    def disk_moves(self) -> list[int]:
        """How often each disk moves in the optimal solution; index 0 is disk 1.

        The answer has O(n²) bits in all: puzzles above :data:`~hanoikit.limits.MAX_DISK_MOVES_DISKS` disks raise
        :class:`~hanoikit.TooLargeError`.
        """
        ensure_at_most(self.n, MAX_DISK_MOVES_DISKS, "disks (counting the moves of each)")
        return self.solver().disk_moves(self)

    def _check_index(self, k: int, last: int) -> int:
        index = as_int(k)
        if index is None:
            raise MoveIndexError(f"a move index is a whole number, not {quote(k)}")
        if not 0 <= index <= last:
            raise MoveIndexError(f"move index {quote(index)} is outside 0..{quote(last)}")
        return index

    # -- identity --------------------------------------------------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (type(self).__name__, self.n, self.posts, self.moves)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Puzzle) and hash(self) == hash(other) and self._key() == other._key()

    def __hash__(self) -> int:
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = self.__dict__["_hash"] = hash(self._key())
        return cached

    def _rules_repr(self) -> str:
        """The keyword arguments that name the posts and moves, when not the default ones."""
        parts = [] if self.posts == 3 else [f"posts={self.posts}"]
        if not self._any:
            name = rule_name(self.moves, self.posts)
            parts.append(f"moves={name!r}" if name else f"moves={{{', '.join(map(repr, self._pairs))}}}")
        return "".join(f", {part}" for part in parts)

    def __repr__(self) -> str:
        return f"Puzzle({self.n}{self._rules_repr()})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.n, self.posts, self._pairs))


def as_puzzle(value: object) -> Puzzle:
    """``value`` if it is a puzzle (any member of the family); raises :class:`~hanoikit.InvalidPuzzleError` for
    anything else, so that a client checks its argument without asking which member it is.

    >>> as_puzzle(MagneticPuzzle(2, "NNNR"))
    MagneticPuzzle(2, colors='NNNR', start_up='R', goal_up='R')
    >>> as_puzzle(3)
    Traceback (most recent call last):
    hanoikit.errors.InvalidPuzzleError: 3 is not a puzzle: give a Puzzle or a MagneticPuzzle
    """
    if isinstance(value, Puzzle):
        return value
    raise InvalidPuzzleError(f"{quote(value)} is not a puzzle: give a Puzzle or a MagneticPuzzle")


def _faces(state: State) -> tuple[Color, ...]:
    """The faces of a position a magnetic puzzle has checked (so it has them)."""
    ups = state.ups
    assert ups is not None
    return ups


class MagneticPuzzle(Puzzle):
    """The Magnetic Tower of Hanoi: every move flips the disk, touching faces must differ in colour, and a post coloured
    R or B takes only disks showing that colour on top.

    ``colors`` names the colour of each post, S first (each ``R``, ``B`` or ``N`` for neutral); the puzzle has as
    many posts as ``colors`` has letters (3 to :data:`~hanoikit.limits.MAX_POSTS`), and ``moves`` restricts the moves
    as on :class:`Puzzle` (a keyword argument, so that ``MagneticPuzzle(n, colors, start_up, goal_up)`` keeps its
    meaning). The start tower shows ``start_up`` on top (default red, blue when S is blue); the goal
    tower shows ``goal_up`` (default blue, red when D is red).

    Between the perfect towers the solving methods answer up to :data:`~hanoikit.limits.MAX_DISKS` disks (exact
    counts in closed form); from or to any other position, :meth:`distance` and :meth:`solve` decide the gathering
    level by level (a few microseconds a level) and sum exact costs once, and are capped at
    :data:`~hanoikit.limits.MAX_MAGNETIC_DISKS` disks (:class:`~hanoikit.TooLargeError` above); :meth:`move_at` and
    :meth:`state_at` are capped at :data:`~hanoikit.limits.MAX_MAGNETIC_INDEX_DISKS`.

    >>> m = MagneticPuzzle(2)
    >>> m.start, m.goal
    (State.parse('SS:RR'), State.parse('DD:BB'))
    >>> m.apply(m.start, Move(1, 0, 1))
    State.parse('IS:BR')
    >>> m.move_error(State.parse("SI:RR"), Move(1, 0, 1))
    'red would touch red: disk 1 shows red below and disk 2 shows red on top'
    >>> m.distance(), m.disk_moves()
    (4, [3, 1])
    >>> MagneticPuzzle(2, "NNNR", moves="linear")
    MagneticPuzzle(2, colors='NNNR', moves='linear', start_up='R', goal_up='R')

    Parameters
    ----------
    n : int
        The number of disks, 1 to :data:`~hanoikit.limits.MAX_DISKS`.
    colors : str, default "NNN"
        The colour of each post, S first: ``R`` (red), ``B`` (blue) or ``N`` (neutral); one letter per post.
    start_up, goal_up : {"R", "B"}, optional
        The face the start and goal towers show on top (default: red at the start; blue at the goal, red on a red D).
    moves : str or iterable of pairs, default "any"
        The move rule, as for :class:`Puzzle`.

    Raises
    ------
    InvalidPuzzleError
        For colours, faces or a move rule that are not ones.
    TooLargeError
        For more than :data:`~hanoikit.limits.MAX_DISKS` disks.

    Examples
    --------
    >>> MagneticPuzzle(3).distance(), MagneticPuzzle(3, "RBB").distance()
    (11, 13)
    """

    faces = True

    start_up: Color
    goal_up: Color
    _own: tuple[Color | None, ...]

    def __init__(
        self,
        n: int,
        colors: str = "NNN",
        start_up: Color | None = None,
        goal_up: Color | None = None,
        *,
        moves: str | Iterable[Iterable[int | str]] = "any",
    ) -> None:
        if (
            not isinstance(colors, str)
            or not colors.isascii()
            or not MIN_POSTS <= len(colors) <= MAX_POSTS
            or not set(colors.upper()) <= set("RBN")
        ):
            raise InvalidPuzzleError(
                f"unknown colouring {quote(colors)}: give the colour of each post, S first, as letters R, B or N "
                f"({MIN_POSTS} to {MAX_POSTS} of them), e.g. 'NNN' or 'RBB'"
            )
        palette = colors.upper()
        super().__init__(n, len(palette), moves)
        default_start: Color = "B" if palette[0] == "B" else "R"
        default_goal: Color = "R" if palette[-1] == "R" else "B"
        start = self._orientation(start_up, default_start, "start_up")
        goal = self._orientation(goal_up, default_goal, "goal_up")
        if palette[0] != "N" and start != palette[0]:
            raise InvalidPuzzleError(
                f"the start tower cannot show {color_name(start)} on post S, which is coloured {color_name(palette[0])}"
            )
        own = tuple(None if c == "N" else c for c in palette)
        self._set(colors=palette, start_up=start, goal_up=goal, _own=own)

    @staticmethod
    def _orientation(value: str | None, default: Color, name: str) -> Color:
        if value is None:
            return default
        if isinstance(value, str) and value.isascii() and value.upper() in COLORS:
            return "R" if value.upper() == "R" else "B"
        raise InvalidPuzzleError(f"{name} must be 'R' or 'B', not {quote(value)}")

    @property
    def start(self) -> State:
        return State.tower(self.n, 0, self.start_up, self.posts)

    @property
    def goal(self) -> State:
        return State.tower(self.n, self.posts - 1, self.goal_up, self.posts)

    def post_color(self, state: State, post: int) -> Color | None:
        """The colour post ``post`` shows: the top face of its top disk, else its own colour (``None`` if neutral).

        >>> m = MagneticPuzzle(2, "NNR")
        >>> [m.post_color(m.start, post) for post in range(3)]
        ['R', None, 'R']
        """
        return self._post_color(self.check(state), post_index(post, self.posts))

    def _post_color(self, state: State, post: int) -> Color | None:
        try:
            top = state.posts.index(post)
        except ValueError:
            return self._own[post]
        return _faces(state)[top]

    def state_error(self, state: State) -> str | None:
        error = self._size_error(state)
        if error is not None:
            return error
        if state.ups is None:
            return f"position {quote(str(state))} gives no disk colours; a magnetic position needs them, e.g. 'SS:RR'"
        # legal: each post shows one colour, allowed by the post's own (counted by numpy for many disks)
        pairs: set[tuple[int, str]]
        if state.n < 256:
            pairs = set(zip(state.posts, state.ups))
        else:
            posts, blue = state.arrays()
            faces = np.bincount(posts * 2 + blue, minlength=2 * self.posts)
            pairs = {(int(code) >> 1, "RB"[int(code) & 1]) for code in np.flatnonzero(faces)}
        if len(pairs) == len({post for post, _ in pairs}) and all(self._own[p] in (None, up) for p, up in pairs):
            return None
        below: list[int | None] = [None] * self.posts
        names = self.post_names
        for disk in range(self.n, 0, -1):
            post, up = state.posts[disk - 1], state.ups[disk - 1]
            lower = below[post]
            if lower is None:
                own = self.colors[post]
                if own != "N" and up != own:
                    return (
                        f"position {quote(str(state))}: disk {disk} shows {color_name(up)} on post {names[post]}, "
                        f"which is coloured {color_name(own)}"
                    )
            elif state.ups[lower - 1] != up:
                face = color_name(flip(up))
                return (
                    f"position {quote(str(state))}: {face} would touch {face} where disk {disk} sits on disk {lower} "
                    f"on post {names[post]}"
                )
            below[post] = disk
        return None

    def face_error(self, state: State, disk: int, dst: int) -> str | None:
        """:meth:`Puzzle.face_error` by the magnetic rules: touching faces differ, a coloured post takes its colour.

        >>> MagneticPuzzle(2, "NNR").face_error(State.parse("SS:RR"), 1, 2)  # it would show B on the red post D
        'post D is coloured red and takes only disks showing red on top: disk 1 would show blue'
        """
        ups = _faces(state)
        below = ups[disk - 1]  # the face that will touch the destination after the flip
        top: int | None
        try:
            found = state.posts.index(dst, disk)  # no smaller disk is on dst
        except ValueError:
            top, target = None, self._own[dst]
        else:
            top, target = found + 1, ups[found]
        if target is None or target != below:
            return None
        face = color_name(target)
        if top is None:
            return (
                f"post {self.post_names[dst]} is coloured {face} and takes only disks showing {face} on top: "
                f"disk {disk} would show {color_name(flip(target))}"
            )
        return f"{face} would touch {face}: disk {disk} shows {face} below and disk {top} shows {face} on top"

    def moved(self, state: State, move: Move) -> State:
        """:meth:`Puzzle.moved`, the disk flipped.

        >>> MagneticPuzzle(2).moved(State.parse("SS:RR"), Move(1, 0, 2))
        State.parse('DS:BR')
        """
        disk, _, dst = move
        posts, ups = state.posts, _faces(state)
        up: Color = "B" if ups[disk - 1] == "R" else "R"
        return State._make(posts[: disk - 1] + (dst,) + posts[disk:], ups[: disk - 1] + (up,) + ups[disk:], self.posts)

    def _random_ups(self, posts: tuple[int, ...], rng: random.Random) -> tuple[Color, ...]:
        shows: list[Color] = [own if own is not None else rng.choice(COLORS) for own in self._own]
        return tuple([shows[post] for post in posts])

    def _family(self) -> str:
        return f"magnetic {self.colors}"

    def endpoints(self, src: State | None = None, dst: State | None = None) -> tuple[State, State]:
        if dst is None and not self.goal_is_legal:
            raise UnsolvableError(
                f"the goal cannot be reached: a tower showing {color_name(self.goal_up)} cannot stand on post D, "
                f"which is coloured {color_name(self.colors[-1])}"
            )
        return super().endpoints(src, dst)


    def _key(self) -> tuple[object, ...]:
        return (*super()._key(), self.colors, self.start_up, self.goal_up)

    def __repr__(self) -> str:
        rules = self._rules_repr().replace(f", posts={self.posts}", "")
        return (
            f"MagneticPuzzle({self.n}, colors={self.colors!r}{rules}, start_up={self.start_up!r}, "
            f"goal_up={self.goal_up!r})"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (functools.partial(type(self), moves=self._pairs), (self.n, self.colors, self.start_up, self.goal_up))
