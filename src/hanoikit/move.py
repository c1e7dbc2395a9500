"""A move: one disk carried from one post to another."""

from __future__ import annotations

import re
from typing import NamedTuple

from .errors import InvalidMoveError

__all__ = ["Move", "POST_NAMES", "post_index"]

POST_NAMES = "SID"
"""Letters of the posts 0, 1, 2: source, intermediate, destination."""

_MOVE_RE = re.compile(r"(\d+)([SID012])(?:->|>|-)?([SID012])")


def post_index(name: str | int) -> int:
    """The index of a post named by its letter (``S``, ``I``, ``D``) or its number.

    >>> post_index("D"), post_index("s"), post_index(1)
    (2, 0, 1)
    """
    if isinstance(name, int) and not isinstance(name, bool) and 0 <= name <= 2:
        return name
    if isinstance(name, str):
        text = name.strip().upper()
        if text in ("S", "I", "D"):
            return POST_NAMES.index(text)
        if text in ("0", "1", "2"):
            return int(text)
    raise InvalidMoveError(f"unknown post {name!r}: use S, I or D (or 0, 1, 2)")


def _letter(post: object) -> str:
    return POST_NAMES[post] if post in (0, 1, 2) else f"<{post!r}>"  # type: ignore[index]


class Move(NamedTuple):
    """Disk ``disk`` (1 = smallest) goes from post ``src`` to post ``dst`` (0, 1, 2 = S, I, D).

    The notation is the disk number followed by the two post letters:

    >>> m = Move.parse("3SD")
    >>> m
    Move(3, 0, 2)
    >>> str(m), m.disk, m.src, m.dst
    ('3SD', 3, 0, 2)
    >>> Move.parse(str(Move(12, 1, 0))) == Move(12, 1, 0)
    True
    """

    disk: int
    src: int
    dst: int

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move such as ``"1SD"``, ``"1 S->D"`` or ``"1 0 2"``; raises :class:`InvalidMoveError`."""
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move is text such as '1SD', not {text!r}")
        match = _MOVE_RE.fullmatch(re.sub(r"\s+", "", text).upper())
        if match is None:
            raise InvalidMoveError(f"cannot read move {text!r}: write the disk number then two posts, e.g. '1SD'")
        disk, src, dst = int(match[1]), post_index(match[2]), post_index(match[3])
        if disk < 1:
            raise InvalidMoveError(f"bad move {text!r}: disks are numbered from 1")
        if src == dst:
            raise InvalidMoveError(f"bad move {text!r}: source and destination are the same post")
        return cls(disk, src, dst)

    def __str__(self) -> str:
        return f"{self.disk}{_letter(self.src)}{_letter(self.dst)}"

    def __repr__(self) -> str:
        return f"Move({self.disk}, {self.src}, {self.dst})"

    def reverse(self) -> Move:
        """The move that undoes this one.

        >>> Move(2, 0, 1).reverse()
        Move(2, 1, 0)
        """
        return Move(self.disk, self.dst, self.src)
