"""A position: where each disk is and, on a magnetic tower, which face it shows on top."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from .errors import InvalidMoveError, InvalidStateError, TooLargeError, quote
from .limits import MAX_DISKS, ensure_at_most
from .move import POST_NAMES, as_int

__all__ = ["State", "Color", "COLORS", "flip"]

Color = Literal["R", "B"]
COLORS: tuple[Color, Color] = ("R", "B")

_COLOR_NAMES = {"R": "red", "B": "blue"}
_NOTATION = re.compile(r"([SID]+)(?::([RB]+))?")
_POSTS = frozenset((0, 1, 2))


def flip(color: Color) -> Color:
    """The other face of a magnetic disk.

    >>> flip("R"), flip("B")
    ('B', 'R')
    """
    return "B" if color == "R" else "R"


def color_name(color: str | None) -> str:
    """``"red"``, ``"blue"`` or ``"neutral"``."""
    return _COLOR_NAMES.get(color or "", "neutral")


class State:
    """A position of ``n`` disks on three posts.

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

    A position has 1 to :data:`~hanoikit.limits.MAX_DISKS` disks (more raise :class:`~hanoikit.TooLargeError`); posts
    are whole numbers 0, 1, 2 (numpy integers are taken, bools are not), faces ``"R"`` or ``"B"``; anything else raises
    :class:`~hanoikit.InvalidStateError`.
    """

    __slots__ = ("posts", "ups", "_hash")

    posts: tuple[int, ...]
    ups: tuple[Color, ...] | None

    def __init__(self, posts: Iterable[int], ups: Iterable[str] | None = None) -> None:
        if isinstance(posts, (str, bytes)):
            raise InvalidStateError(f"posts are numbers 0, 1, 2, not {quote(posts)}: read a notation with State.parse")
        posts = tuple(posts)
        if not posts:
            raise InvalidStateError("a position needs at least one disk")
        ensure_at_most(len(posts), MAX_DISKS, "disks")
        if set(map(type, posts)) != {int}:
            posts = tuple(_post(post, disk) for disk, post in enumerate(posts, 1))
        if not _POSTS.issuperset(posts):
            disk, post = next((d, p) for d, p in enumerate(posts, 1) if p not in _POSTS)
            raise InvalidStateError(_bad_post(disk, post))
        if ups is not None:
            ups = tuple(ups)
            if len(ups) != len(posts):
                raise InvalidStateError(f"{len(posts)} disks but {len(ups)} top colours")
            for disk, up in enumerate(ups, 1):
                if up not in COLORS:
                    raise InvalidStateError(f"disk {disk} shows {quote(up)} on top: a face is 'R' or 'B'")
        self.posts = posts
        self.ups = ups  # type: ignore[assignment]
        self._hash = hash((self.posts, self.ups))

    @classmethod
    def tower(cls, n: int, post: int = 0, up: Color | None = None) -> State:
        """A perfect tower of ``n`` disks on ``post``, all showing ``up`` (``None`` for a classic tower).

        >>> str(State.tower(3, 2, "B"))
        'DDD:BBB'
        """
        disks = as_int(n)
        if disks is None or disks < 1:
            raise InvalidStateError(f"a tower needs a whole number of at least one disk, not {quote(n)}")
        ensure_at_most(disks, MAX_DISKS, "disks")
        return cls((post,) * disks, None if up is None else (up,) * disks)

    @classmethod
    def parse(cls, text: str) -> State:
        """Read the notation written by ``str(state)``; raises :class:`InvalidStateError`.

        >>> State.parse("sid").posts
        (0, 1, 2)
        >>> State.parse("SX")
        Traceback (most recent call last):
        hanoikit.errors.InvalidStateError: cannot read position 'SX': write one post letter (S, I, D) per disk, smallest first, then optionally ':' and one top colour (R, B) per disk, e.g. 'SSI:RRB'
        """
        if not isinstance(text, str):
            raise InvalidStateError(f"a position is text such as 'SSI:RRB', not {quote(text)}")
        notation = text.strip()
        if len(notation) > 2 * MAX_DISKS + 1:
            raise TooLargeError(f"position {quote(text)} is longer than a position of at most {MAX_DISKS} disks")
        match = _NOTATION.fullmatch(notation.upper()) if text.isascii() else None
        if match is None:
            raise InvalidStateError(
                f"cannot read position {quote(text)}: write one post letter (S, I, D) per disk, smallest first, "
                "then optionally ':' and one top colour (R, B) per disk, e.g. 'SSI:RRB'"
            )
        posts = [POST_NAMES.index(c) for c in match[1]]
        ups = None if match[2] is None else tuple(match[2])
        if ups is not None and len(ups) != len(posts):
            raise InvalidStateError(f"position {quote(text)} has {len(posts)} post letters but {len(ups)} colours")
        return cls(posts, ups)

    @property
    def n(self) -> int:
        """The number of disks."""
        return len(self.posts)

    @property
    def magnetic(self) -> bool:
        """Whether the disks have coloured faces."""
        return self.ups is not None

    def stacks(self) -> tuple[list[int], list[int], list[int]]:
        """The disks on each post, bottom to top.

        >>> State.parse("SDS").stacks()
        ([3, 1], [], [2])
        """
        stacks: tuple[list[int], list[int], list[int]] = ([], [], [])
        for disk in range(self.n, 0, -1):
            stacks[self.posts[disk - 1]].append(disk)
        return stacks

    def tops(self) -> tuple[int | None, int | None, int | None]:
        """The top (smallest) disk of each post, or ``None`` for an empty post.

        >>> State.parse("SDS").tops()
        (1, None, 2)
        """
        tops: list[int | None] = [None, None, None]
        missing = 3
        for disk, post in enumerate(self.posts, 1):
            if tops[post] is None:
                tops[post] = disk
                missing -= 1
                if missing == 0:
                    break
        return tops[0], tops[1], tops[2]

    def up(self, disk: int) -> Color | None:
        """The colour ``disk`` shows on top (``None`` on a classic tower)."""
        return None if self.ups is None else self.ups[self._disk(disk) - 1]

    def replace(self, disk: int, post: int, up: Color | None = None) -> State:
        """A copy with ``disk`` moved to ``post`` (and showing ``up``); no rule is checked."""
        disk = self._disk(disk)
        posts = list(self.posts)
        posts[disk - 1] = post
        if self.ups is None:
            return State(posts)
        ups = list(self.ups)
        if up is not None:
            ups[disk - 1] = up
        return State(posts, ups)

    def _disk(self, disk: int) -> int:
        number = as_int(disk)
        if number is None or not 1 <= number <= len(self.posts):
            raise InvalidMoveError(f"there is no disk {quote(disk)}: disks are 1 to {len(self.posts)}")
        return number

    def __str__(self) -> str:
        text = "".join(POST_NAMES[p] for p in self.posts)
        return text if self.ups is None else f"{text}:{''.join(self.ups)}"

    def __repr__(self) -> str:
        return f"State.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.posts == other.posts and self.ups == other.ups

    def __hash__(self) -> int:
        return self._hash

    def _repr_svg_(self) -> str:
        from .svg import state as svg_state

        return svg_state(self)


def _post(post: object, disk: int) -> int:
    number = as_int(post)
    if number is None:
        raise InvalidStateError(_bad_post(disk, post))
    return number


def _bad_post(disk: int, post: object) -> str:
    return f"disk {disk} is on post {quote(post)}: posts are 0, 1, 2 (S, I, D)"
