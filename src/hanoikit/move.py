"""A move: one disk carried from one post to another."""

from __future__ import annotations

import re
from typing import NamedTuple

from .digits import as_int, unlimited
from .errors import InvalidMoveError, InvalidPuzzleError, MoveIndexError, TooLargeError, quote
from .limits import MAX_DISKS, MAX_INDEX_BITS, MAX_INDEX_CHARS, MAX_POSTS

__all__ = [
    "Move", "MIN_POSTS", "POST_NAMES", "post_names", "post_index", "as_int", "as_count", "as_move", "parse_index",
]

POST_NAMES = "SID"
"""Letters of the posts 0, 1, 2 of the three-post puzzle: source, intermediate, destination."""

MIN_POSTS = 3
"""The fewest posts a puzzle has."""

_MIDDLE = "IJKLMPQT"  # the posts between S and D, in order; N (neutral), O (like 0), R and B (colours) are left out
_LETTERS = "S" + _MIDDLE + "D"
_MOVE_RE = re.compile(r"([0-9]+)([A-Z0-9])(?:->|>|-)?([A-Z0-9])")
_DISK_DIGITS = len(str(MAX_DISKS))
_INDEX_SHAPE = re.compile(r"[+-]?\d+(\*\*\d+)?([+-]\d+(\*\*\d+)?)*")
_INDEX_TERM = re.compile(r"([+-]?)(\d+)(?:\*\*(\d+))?")
_tuple_new = tuple.__new__


def as_count(value: object, what: str, low: int = 1) -> int:
    """``value`` as a Python int if it is a whole number (:func:`as_int`: an int or a numpy integer, never a bool) of
    at least ``low``, else :class:`~hanoikit.InvalidPuzzleError` naming ``what``.

    >>> import numpy as np
    >>> as_count(np.int64(3), "the number of disks")
    3
    >>> as_count(True, "the number of disks")
    Traceback (most recent call last):
    hanoikit.errors.InvalidPuzzleError: the number of disks must be a whole number of at least 1, not True
    """
    found = as_int(value)
    if found is None or found < low:
        raise InvalidPuzzleError(f"{what} must be a whole number of at least {low}, not {quote(value)}")
    return found


def post_names(posts: int = 3) -> str:
    """The letters of the posts of a puzzle with ``posts`` posts, one each.

    S is the first post (the start) and D the last (the goal); the posts between them are I, J, K, L, M, P, Q, T in
    order (N, O, R and B are left out: N, R and B name colours, O looks like 0).

    Parameters
    ----------
    posts : int, default 3
        The number of posts, 3 to :data:`~hanoikit.limits.MAX_POSTS`.

    Returns
    -------
    str
        One letter per post, S first and D last.

    Raises
    ------
    InvalidMoveError
        If ``posts`` is not a number of posts.

    Examples
    --------
    >>> post_names(), post_names(4), post_names(10)
    ('SID', 'SIJD', 'SIJKLMPQTD')
    """
    count = as_post_count(posts)
    return _LETTERS[: count - 1] + "D"


def as_post_count(posts: object) -> int:
    """``posts`` as a number of posts from :data:`MIN_POSTS` to :data:`~hanoikit.limits.MAX_POSTS`; raises
    :class:`~hanoikit.InvalidMoveError` otherwise.

    >>> as_post_count(4)
    4
    """
    count = as_int(posts)
    if count is None or not MIN_POSTS <= count <= MAX_POSTS:
        raise InvalidMoveError(
            f"the number of posts is a whole number from {MIN_POSTS} to {MAX_POSTS}, not {quote(posts)}"
        )
    return count


def post_index(name: str | int, posts: int = 3) -> int:
    """The index of a post named by its letter or its number.

    Parameters
    ----------
    name : str or int
        A post letter of :func:`post_names` (any case) or a post number from 0.
    posts : int, default 3
        The number of posts of the puzzle.

    Returns
    -------
    int
        The post's index, from 0 (S) to ``posts - 1`` (D).

    Raises
    ------
    InvalidMoveError
        If ``name`` names no post of such a puzzle.

    Examples
    --------
    >>> post_index("D"), post_index("s"), post_index(1), post_index("D", posts=4), post_index("J", posts=4)
    (2, 0, 1, 3, 2)
    """
    names = post_names(posts)
    if isinstance(name, str):
        text = name.strip().upper()
        if name.isascii() and len(text) == 1:
            if text in names:
                return names.index(text)
            if text.isdigit() and int(text) < len(names):
                return int(text)
    else:
        post = as_int(name)
        if post is not None and 0 <= post < len(names):
            return post
    letters = ", ".join(names[:-1]) + " or " + names[-1]
    raise InvalidMoveError(f"unknown post {quote(name)}: use {letters} (or 0 to {len(names) - 1})")


def _letter(post: int, names: str = POST_NAMES) -> str:
    return names[post] if 0 <= post < len(names) else f"<{quote(post)}>"


class _Move(NamedTuple):
    disk: int
    src: int
    dst: int


class Move(_Move):
    """Disk ``disk`` (1 = smallest) goes from post ``src`` to post ``dst`` (0, 1, 2 = S, I, D).

    The notation is the disk number followed by the two post letters:

    >>> m = Move.parse("3SD")
    >>> m
    Move(3, 0, 2)
    >>> str(m), m.disk, m.src, m.dst
    ('3SD', 3, 0, 2)
    >>> Move.parse(str(Move(12, 1, 0))) == Move(12, 1, 0)
    True

    The disk and the posts are whole numbers (numpy integers become Python ints; a bool is refused with
    :class:`InvalidMoveError`). Whether they name a disk and two different posts of a puzzle is the puzzle's to say
    (:meth:`~hanoikit.Puzzle.move_error`), so that a faulty algorithm's moves can be shown and judged:

    >>> Move(True, 0, 2)
    Traceback (most recent call last):
    hanoikit.errors.InvalidMoveError: Move(True, 0, 2) is not a move: the disk and the posts are whole numbers
    >>> str(Move(0, 0, 5))
    '0S<5>'

    ``Move._make((disk, src, dst))`` builds a move without the check, for code that makes many from Python ints.

    Attributes
    ----------
    disk : int
        The disk moved, from 1 (the smallest).
    src, dst : int
        The posts it moves from and to, from 0 (S).

    Raises
    ------
    InvalidMoveError
        For a disk or posts that are not whole numbers.

    Examples
    --------
    >>> Move(1, 0, 2), str(Move(1, 0, 2)), Move.parse("1SD") == Move(1, 0, 2)
    (Move(1, 0, 2), '1SD', True)
    """

    __slots__ = ()

    def __new__(cls, disk: int, src: int, dst: int) -> Move:
        if type(disk) is not int or type(src) is not int or type(dst) is not int:
            disk, src, dst = _whole_numbers(disk, src, dst)
        return _tuple_new(cls, (disk, src, dst))

    @classmethod
    def parse(cls, text: str, posts: int = 3) -> Move:
        """Read a move such as ``"1SD"``, ``"1 S->D"`` or ``"1 0 2"``, naming the posts of a puzzle with ``posts``
        posts (see :func:`post_names`); raises :class:`InvalidMoveError`.

        >>> Move.parse("2JD", posts=4), Move.parse("2 2 3", posts=4)
        (Move(2, 2, 3), Move(2, 2, 3))
        """
        names = post_names(posts)
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move is text such as '1SD', not {quote(text)}")
        match = _MOVE_RE.fullmatch(re.sub(r"\s+", "", text).upper()) if text.isascii() else None
        if match is None:
            raise InvalidMoveError(f"cannot read move {quote(text)}: write the disk number then two posts, e.g. '1SD'")
        try:
            src, dst = post_index(match[2], len(names)), post_index(match[3], len(names))
        except InvalidMoveError as error:
            raise InvalidMoveError(f"cannot read move {quote(text)}: {error}") from None
        digits = match[1].lstrip("0")
        if not digits or len(digits) > _DISK_DIGITS or int(digits) > MAX_DISKS:
            raise InvalidMoveError(f"bad move {quote(text)}: disks are numbered from 1 to {MAX_DISKS}")
        if src == dst:
            raise InvalidMoveError(f"bad move {quote(text)}: source and destination are the same post")
        return _tuple_new(cls, (int(digits), src, dst))

    def notation(self, posts: int = 3) -> str:
        """The notation of this move on a puzzle with ``posts`` posts; ``str(move)`` is ``move.notation(3)``.

        >>> Move(1, 0, 3).notation(4), Move(1, 0, 2).notation(4), str(Move(1, 0, 2))
        ('1SD', '1SJ', '1SD')
        """
        names = POST_NAMES if posts == 3 else post_names(posts)
        try:
            return f"{self.disk}{_letter(self.src, names)}{_letter(self.dst, names)}"
        except ValueError:  # a disk number too long to write out in full
            return f"{quote(self.disk)}{_letter(self.src, names)}{_letter(self.dst, names)}"

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        try:
            return f"Move({self.disk}, {self.src}, {self.dst})"
        except ValueError:
            return f"Move({quote(self.disk)}, {quote(self.src)}, {quote(self.dst)})"

    def reverse(self) -> Move:
        """The move that undoes this one.

        >>> Move(2, 0, 1).reverse()
        Move(2, 1, 0)
        """
        return _tuple_new(Move, (self.disk, self.dst, self.src))


def _whole_numbers(*values: object) -> tuple[int, ...]:
    numbers = tuple(number for number in map(as_int, values) if number is not None)
    if len(numbers) < len(values):
        shown = ", ".join(map(quote, values))
        raise InvalidMoveError(f"Move({shown}) is not a move: the disk and the posts are whole numbers")
    return numbers


def as_move(value: object) -> Move:
    """``value`` as a :class:`Move`: a move, or a tuple ``(disk, src, dst)`` that makes one; raises
    :class:`InvalidMoveError` for anything else.

    >>> as_move((1, 0, 2)), as_move(Move(2, 1, 0))
    (Move(1, 0, 2), Move(2, 1, 0))
    >>> as_move((1, 0))
    Traceback (most recent call last):
    hanoikit.errors.InvalidMoveError: (1, 0) is not a move: give a Move(disk, src, dst)
    """
    if isinstance(value, Move):
        return value
    if isinstance(value, tuple) and len(value) == 3:
        return Move(*value)
    raise InvalidMoveError(f"{quote(value)} is not a move: give a Move(disk, src, dst)")


def parse_index(text: str) -> int:
    """Read a move number: a whole number in digits, or a sum of powers such as ``2**63-1`` (the move numbers of
    huge towers); spaces and underscores are ignored, and an int passes as it is. The result may be negative:
    whether it indexes a solution is the puzzle's to say (:meth:`~hanoikit.Puzzle.move_at`).

    Raises :class:`~hanoikit.MoveIndexError` for text of another shape and :class:`~hanoikit.TooLargeError` for
    text longer than :data:`~hanoikit.limits.MAX_INDEX_CHARS` characters or terms of more than
    :data:`~hanoikit.limits.MAX_INDEX_BITS` bits in all, refused before any power is computed.

    >>> parse_index("12"), parse_index("2**63-1"), parse_index("2**10 + 3**2 - 1"), parse_index("1_000")
    (12, 9223372036854775807, 1032, 1000)
    >>> parse_index("2^63")
    Traceback (most recent call last):
    hanoikit.errors.MoveIndexError: '2^63' is not a whole number such as 12 or 2**63-1
    """
    number = as_int(text)
    if number is not None:
        return number
    if not isinstance(text, str):
        raise MoveIndexError(f"a move number is text such as '12' or '2**63-1', not {quote(text)}")
    if len(text) > MAX_INDEX_CHARS:
        raise TooLargeError(
            f"{quote(text, 20)} is too long: move numbers are read up to {MAX_INDEX_CHARS:,} characters"
        )
    compact = re.sub(r"[\s_]", "", text)
    if not compact.isascii() or not _INDEX_SHAPE.fullmatch(compact):
        raise MoveIndexError(f"{quote(text)} is not a whole number such as 12 or 2**63-1")
    terms = [(sign, _whole(base), _whole(power or "1")) for sign, base, power in _INDEX_TERM.findall(compact)]
    if sum(base.bit_length() * power for _, base, power in terms) > MAX_INDEX_BITS:
        raise TooLargeError(f"{quote(compact)} is too large: move numbers are read up to 2**{MAX_INDEX_BITS}")
    return sum(-(base**power) if sign == "-" else base**power for sign, base, power in terms)


def _whole(digits: str) -> int:
    """An int from up to :data:`~hanoikit.limits.MAX_INDEX_CHARS` ASCII digits, past Python's 4300-digit limit."""
    with unlimited():
        return int(digits)
