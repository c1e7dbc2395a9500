"""A position: where each disk is and, on a magnetic tower, which face it shows on top."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal, cast

import numpy as np

from .errors import InvalidMoveError, InvalidStateError, TooLargeError, quote
from .limits import MAX_DISKS, MAX_POSTS, ensure_at_most
from .move import MIN_POSTS, POST_NAMES, as_int, as_post_count, post_names

__all__ = ["State", "Color", "COLORS", "flip"]

Color = Literal["R", "B"]
COLORS: tuple[Color, Color] = ("R", "B")
"""The two faces of a magnetic disk, red and blue, in that order."""

_COLOR_NAMES = {"R": "red", "B": "blue"}
_NOTATION = re.compile(r"([A-Z]+)(?::([RB]+))?")
_ALL_NAMES = post_names(MAX_POSTS)
_POST_SETS = {k: frozenset(range(k)) for k in range(MIN_POSTS, MAX_POSTS + 1)}
_NAMES = {k: post_names(k) for k in range(MIN_POSTS, MAX_POSTS + 1)}
_new = object.__new__


def flip(color: Color) -> Color:
    """The other face of a magnetic disk.

    Parameters
    ----------
    color : {"R", "B"}
        A face: red or blue.

    Returns
    -------
    str
        The other face.

    Examples
    --------
    >>> flip("R"), flip("B")
    ('B', 'R')
    """
    return "B" if color == "R" else "R"


def color_name(color: str | None) -> str:
    """``"red"``, ``"blue"`` or ``"neutral"``."""
    return _COLOR_NAMES.get(color or "", "neutral")


class State:
    """A position of ``n`` disks on ``post_count`` posts (three unless told).

    ``posts[i]`` is the post (0, 1, 2 = S, I, D) of disk ``i + 1``; disk 1 is the smallest, and on every post the disks
    are stacked by size, so the posts alone fix the picture. ``ups[i]`` is the colour disk ``i + 1`` shows on top
    (``"R"`` or ``"B"``) on a magnetic tower, and ``ups`` is ``None`` on a classic one.

    The notation lists the post letter of each disk from the smallest up, then, on a magnetic tower, a colon and each
    disk's top colour:

    >>> s = State.parse("SSI:RRB")
    >>> s.posts, s.ups
    ((0, 0, 1), ('R', 'R', 'B'))
    >>> str(s), repr(s)
    ('SSI:RRB', "State.parse('SSI:RRB')")
    >>> State.parse("DDD") == State((2, 2, 2))
    True

    On more posts the letters are those of :func:`~hanoikit.post_names`, S first and D last (``SIJD`` for four
    posts); :meth:`parse` takes the fewest posts the letters allow, or ``post_count`` when given:

    >>> s = State((0, 2, 3), post_count=4)
    >>> str(s), s.post_count, State.parse("SJD") == s
    ('SJD', 4, True)
    >>> State.parse("SSD", post_count=4).posts, State((0, 0, 3), post_count=4)
    ((0, 0, 3), State.parse('SSD', post_count=4))

    A position has 1 to :data:`~hanoikit.limits.MAX_DISKS` disks (more raise :class:`~hanoikit.TooLargeError`); posts
    are whole numbers from 0 to ``post_count - 1`` (numpy integers are taken, bools are not), faces ``"R"`` or
    ``"B"``; anything else raises :class:`~hanoikit.InvalidStateError`. Positions on different numbers of posts
    differ.

    Parameters
    ----------
    posts : iterable of int
        The post of each disk, disk 1 (the smallest) first.
    ups : iterable of {"R", "B"}, optional
        The face each disk shows on top (magnetic towers), disk 1 first.
    post_count : int, default 3
        The number of posts.

    Raises
    ------
    InvalidStateError
        For posts or faces that are not ones.
    TooLargeError
        For more than :data:`~hanoikit.limits.MAX_DISKS` disks.

    Examples
    --------
    >>> State([0, 1, 2], "RBR"), State.parse("SID:RBR") == State([0, 1, 2], "RBR")
    (State.parse('SID:RBR'), True)
    """

    __slots__ = ("posts", "ups", "post_count", "_hash")

    posts: tuple[int, ...]
    ups: tuple[Color, ...] | None
    post_count: int

    def __init__(self, posts: Iterable[int], ups: Iterable[str] | None = None, post_count: int = 3) -> None:
        if post_count != 3 or type(post_count) is not int:
            try:
                post_count = as_post_count(post_count)
            except InvalidMoveError as error:
                raise InvalidStateError(str(error)) from None
        if isinstance(posts, (str, bytes)):
            raise InvalidStateError(f"posts are numbers 0, 1, 2, not {quote(posts)}: read a notation with State.parse")
        posts = tuple(posts)
        if not posts:
            raise InvalidStateError("a position needs at least one disk")
        ensure_at_most(len(posts), MAX_DISKS, "disks")
        if set(map(type, posts)) != {int}:
            posts = tuple(_post(post, disk, post_count) for disk, post in enumerate(posts, 1))
        valid = _POST_SETS[post_count]
        if not valid.issuperset(posts):
            disk, post = next((d, p) for d, p in enumerate(posts, 1) if p not in valid)
            raise InvalidStateError(_bad_post(disk, post, post_count))
        if ups is not None:
            ups = tuple(ups)
            if len(ups) != len(posts):
                raise InvalidStateError(f"{len(posts)} disks but {len(ups)} top colours")
            for disk, up in enumerate(ups, 1):
                if up not in COLORS:
                    raise InvalidStateError(f"disk {disk} shows {quote(up)} on top: a face is 'R' or 'B'")
        self.posts = posts
        self.ups = cast("tuple[Color, ...] | None", ups)  # each face checked above
        self.post_count = post_count
        self._hash = hash((posts, ups) if post_count == 3 else (posts, ups, post_count))

    @classmethod
    def _make(cls, posts: tuple[int, ...], ups: tuple[Color, ...] | None, post_count: int) -> State:
        """A position from parts already checked (tuples of Python ints and faces), without checking them again."""
        state: State = _new(cls)
        state.posts, state.ups, state.post_count = posts, ups, post_count
        state._hash = hash((posts, ups) if post_count == 3 else (posts, ups, post_count))
        return state

    @classmethod
    def tower(cls, n: int, post: int = 0, up: Color | None = None, post_count: int = 3) -> State:
        """A perfect tower of ``n`` disks on ``post``, all showing ``up`` (``None`` for a classic tower).

        >>> str(State.tower(3, 2, "B")), str(State.tower(2, 3, post_count=4))
        ('DDD:BBB', 'DD')
        """
        disks = as_int(n)
        if disks is None or disks < 1:
            raise InvalidStateError(f"a tower needs a whole number of at least one disk, not {quote(n)}")
        ensure_at_most(disks, MAX_DISKS, "disks")
        one = cls((post,), None if up is None else (up,), post_count)  # checks the post and the face, once
        return cls._make(one.posts * disks, None if one.ups is None else one.ups * disks, one.post_count)

    @classmethod
    def parse(cls, text: str, post_count: int | None = None) -> State:
        """Read the notation written by ``str(state)`` on ``post_count`` posts (default: the fewest, at least three,
        that the letters allow); raises :class:`InvalidStateError`.

        >>> State.parse("sid").posts
        (0, 1, 2)
        >>> State.parse("SX")  # doctest: +NORMALIZE_WHITESPACE
        Traceback (most recent call last):
        hanoikit.errors.InvalidStateError: cannot read position 'SX': write one post letter (S, I, D) per disk, smallest
        first, then optionally ':' and one top colour (R, B) per disk, e.g. 'SSI:RRB'
        """
        if not isinstance(text, str):
            raise InvalidStateError(f"a position is text such as 'SSI:RRB', not {quote(text)}")
        notation = text.strip()
        if len(notation) > 2 * MAX_DISKS + 1:
            raise TooLargeError(f"position {quote(text)} is longer than a position of at most {MAX_DISKS} disks")
        match = _NOTATION.fullmatch(notation.upper()) if text.isascii() else None
        letters = "" if match is None else match[1]
        if post_count is None:
            highest = max((_ALL_NAMES.find(c) for c in set(letters) - {"D"}), default=0)
            count = max(MIN_POSTS, highest + 2) if highest >= 0 else MIN_POSTS
        else:
            try:
                count = as_post_count(post_count)
            except InvalidMoveError as error:
                raise InvalidStateError(str(error)) from None
        names = _NAMES[count]
        if match is None or not set(letters) <= set(names):
            shown = ", ".join(names)
            raise InvalidStateError(
                f"cannot read position {quote(text)}: write one post letter ({shown}) per disk, smallest first, "
                "then optionally ':' and one top colour (R, B) per disk, e.g. 'SSI:RRB'"
            )
        posts = tuple(names.index(c) for c in letters)
        ups = None if match[2] is None else tuple(match[2])
        if ups is not None and len(ups) != len(posts):
            raise InvalidStateError(f"position {quote(text)} has {len(posts)} post letters but {len(ups)} colours")
        return cls(posts, ups, count)

    @property
    def n(self) -> int:
        """The number of disks."""
        return len(self.posts)

    def stacks(self) -> tuple[list[int], ...]:
        """The disks on each post, bottom to top.

        >>> State.parse("SDS").stacks()
        ([3, 1], [], [2])
        """
        stacks: tuple[list[int], ...] = tuple([] for _ in range(self.post_count))
        for disk in range(self.n, 0, -1):
            stacks[self.posts[disk - 1]].append(disk)
        return stacks

    def arrays(self) -> tuple[np.ndarray, np.ndarray | None]:
        """The position as numpy arrays (for vectorised code): each disk's post (``uint8``) and, on a magnetic
        tower, whether it shows blue on top (``None`` on a classic one).

        >>> posts, blue = State.parse("SDI:RBB").arrays()
        >>> posts.tolist(), blue.tolist()
        ([0, 2, 1], [False, True, True])
        """
        posts = np.frombuffer(bytes(self.posts), dtype=np.uint8)
        if self.ups is None:
            return posts, None
        return posts, np.frombuffer("".join(self.ups).encode("ascii"), dtype=np.uint8) == ord("B")

    def tops(self) -> tuple[int | None, ...]:
        """The top (smallest) disk of each post, or ``None`` for an empty post.

        >>> State.parse("SDS").tops(), State.parse("SD", post_count=4).tops()
        ((1, None, 2), (1, None, None, 2))
        """
        posts = self.posts
        tops: list[int | None] = []
        for post in range(self.post_count):
            try:
                tops.append(posts.index(post) + 1)
            except ValueError:
                tops.append(None)
        return tuple(tops)

    def up(self, disk: int) -> Color | None:
        """The colour ``disk`` shows on top (``None`` on a classic tower)."""
        return None if self.ups is None else self.ups[self._disk(disk) - 1]

    def replace(self, disk: int, post: int, up: Color | None = None) -> State:
        """A copy with ``disk`` moved to ``post`` (and showing ``up``); no rule is checked."""
        disk = self._disk(disk)
        if type(post) is not int or not 0 <= post < self.post_count:
            post = _post(post, disk, self.post_count)
            if not 0 <= post < self.post_count:
                raise InvalidStateError(_bad_post(disk, post, self.post_count))
        posts = self.posts[: disk - 1] + (post,) + self.posts[disk:]
        ups = self.ups
        if ups is not None and up is not None:
            if up not in COLORS:
                raise InvalidStateError(f"disk {disk} shows {quote(up)} on top: a face is 'R' or 'B'")
            ups = ups[: disk - 1] + (up,) + ups[disk:]
        return State._make(posts, ups, self.post_count)

    def _disk(self, disk: int) -> int:
        number = as_int(disk)
        if number is None or not 1 <= number <= len(self.posts):
            raise InvalidMoveError(f"there is no disk {quote(disk)}: disks are 1 to {len(self.posts)}")
        return number

    def __str__(self) -> str:
        names = POST_NAMES if self.post_count == 3 else _NAMES[self.post_count]
        text = "".join([names[p] for p in self.posts])
        return text if self.ups is None else f"{text}:{''.join(self.ups)}"

    def __repr__(self) -> str:
        text = str(self)
        if self.post_count == 3 or State.parse(text).post_count == self.post_count:
            return f"State.parse({text!r})"
        return f"State.parse({text!r}, post_count={self.post_count})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.posts == other.posts and self.ups == other.ups and self.post_count == other.post_count

    def __hash__(self) -> int:
        return self._hash

    def _repr_svg_(self) -> str:
        from .svg import state as svg_state

        return svg_state(self)


def _post(post: object, disk: int, post_count: int = 3) -> int:
    number = as_int(post)
    if number is None:
        raise InvalidStateError(_bad_post(disk, post, post_count))
    return number


def _bad_post(disk: int, post: object, post_count: int = 3) -> str:
    if post_count == 3:
        return f"disk {disk} is on post {quote(post)}: posts are 0, 1, 2 (S, I, D)"
    return f"disk {disk} is on post {quote(post)}: posts are 0 to {post_count - 1} ({', '.join(_NAMES[post_count])})"
