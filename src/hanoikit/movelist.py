"""Move lists as people and models write them, read into arrays, every unreadable line reported with its number.

One move per line, in any of these forms (case and spacing do not matter)::

    1SD                          disk 1 from S to D (also 1 S D, 1 S->D, 1: S -> D, 1,S,D)
    1 0 2                        posts as numbers (also 1,0,2: a csv row; the header disk,src,dst is skipped)
    (1, 0, 2)   [1, 'S', 'D']    a tuple or a list; several on one line, or a JSON list [[1,0,2], [2,0,1]]
    move disk 1 from S to D      words (also "disk 1 from peg A to peg C" with names="ABC")

Blank lines, lines of brackets only, code fences (```) and comments (``#`` or ``//``) are skipped; a leading step
number (``1.``, ``Step 2:``, ``- ``) is dropped when the rest is a move. Any other line is *unreadable*: it is kept in
:attr:`MoveList.unreadable` with its line number, at its place among the moves, never skipped silently.

**Post names.** By default a post is named by its letter (``S``, ``I``, ``D``; ``S``, ``I``, ``J``, ``D`` on four
posts, see :func:`~hanoikit.post_names`) or by its number from 0. ``names`` replaces them: a string of one character
per post (``"ABC"``: A is post 0 = S, B is 1, C is 2 = D; ``"123"`` for posts numbered from 1), words separated by
commas or spaces (``"left, middle, right"``), a sequence of names, or a mapping of name to post.

>>> moves = read_move_list("1SD\\n2 S I\\nmove disk 1 from D to I\\n(3, 0, 2)\\n")
>>> [str(m) for m in moves], moves.lines.tolist()
(['1SD', '2SI', '1DI', '3SD'], [1, 2, 3, 4])
>>> [str(m) for m in read_move_list("Move disk 1 from peg A to peg C.", names="ABC")]
['1SD']
>>> [bad] = read_move_list("1SD\\n1 S X\\n2SI").unreadable
>>> bad.line, bad.text, bad.index
(2, '1 S X', 1)
>>> print(bad.reason)
unknown post 'X': posts are S, I, D or 0, 1, 2 (name posts otherwise with names=, or --names in hanoi check)

Long lists in hanoikit's own formats (``text``, ``csv``, ``json`` of :mod:`hanoikit.formats`) are read by its
vectorised readers, some 10**7 moves a second; other forms are read line by line. A list holds at most
:data:`~hanoikit.limits.MAX_CHECK_MOVES` moves.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from .errors import InvalidMoveError, InvalidPuzzleError, TooLargeError, quote
from .formats import read_moves
from .limits import MAX_CHECK_MOVES, MAX_DISKS
from .move import Move, as_int, post_names
from .solvers.arrays import Chunk

__all__ = ["MoveList", "Unreadable", "as_move_list", "post_mapping", "read_move_list"]

Names = str | Sequence[str] | Mapping[str, int | str] | None


@dataclass(frozen=True)
class Unreadable:
    """A line that is not a move: its number (from 1), its text, the number of moves read before it, and why."""

    line: int
    text: str
    index: int
    reason: str


@dataclass(frozen=True, eq=False)
class MoveList:
    """Moves as three parallel arrays ``disk``, ``src``, ``dst``, the input line of each (or ``None``), and the
    lines that could not be read."""

    disk: np.ndarray
    src: np.ndarray
    dst: np.ndarray
    lines: np.ndarray | None = None
    unreadable: tuple[Unreadable, ...] = field(default=())

    def __len__(self) -> int:
        return len(self.disk)

    def __iter__(self) -> Iterator[Move]:
        return (Move._make(m) for m in zip(self.disk.tolist(), self.src.tolist(), self.dst.tolist()))

    def line(self, index: int) -> int | None:
        """The input line of move ``index`` (from 0), if the moves were read from text."""
        return None if self.lines is None else int(self.lines[index])


def post_mapping(posts: int = 3, names: Names = None) -> dict[str, int]:
    """The post each name stands for (names in capitals), on a puzzle with ``posts`` posts.

    >>> post_mapping(3)
    {'S': 0, 'I': 1, 'D': 2, '0': 0, '1': 1, '2': 2}
    >>> post_mapping(3, "ABC"), post_mapping(3, "1 2 3")
    ({'A': 0, 'B': 1, 'C': 2}, {'1': 0, '2': 1, '3': 2})
    >>> post_mapping(3, "left, middle, right")["RIGHT"]
    2
    """
    if names is None:
        letters = post_names(posts)
        return {**{c: i for i, c in enumerate(letters)}, **{str(i): i for i in range(posts)}}
    if isinstance(names, Mapping):
        items = list(names.items())
    else:
        words = names if not isinstance(names, str) else (
            re.split(r"[\s,;]+", names.strip()) if re.search(r"[\s,;]", names.strip()) else list(names)
        )
        if len(words) != posts:
            raise InvalidPuzzleError(f"{quote(names)} names {len(words)} posts, the puzzle has {posts}")
        items = list(zip(words, range(posts)))
    mapping: dict[str, int] = {}
    letters = post_names(posts)
    for name, post in items:
        number = as_int(post)
        if number is None and isinstance(post, str) and post.upper() in letters:
            number = letters.index(post.upper())
        if not isinstance(name, str) or not re.fullmatch(r"\w+", name) or number is None or not 0 <= number < posts:
            raise InvalidPuzzleError(f"post names are words naming posts 0 to {posts - 1}, not {quote(name)}: {quote(post)}")
        if name.upper() in mapping:
            raise InvalidPuzzleError(f"the post name {quote(name)} is given twice")
        mapping[name.upper()] = number
    return mapping


_WORD = r"(?:post|peg|rod|tower|pole|stack|needle)"
_TOKEN = r"""['"]?(\w+)['"]?"""
_FORMS = [
    re.compile(p, re.IGNORECASE)
    for p in (
        r"(\d+)\s*([a-z])\s*(?:->|→|>|-|to)?\s*([a-z])",  # 1SD, 1 S D, 1 S->D
        rf"(?:move\s+)?(?:disk\s*#?\s*)?(\d+)\s*(?:from\s+)?(?:{_WORD}\s*)?{_TOKEN}\s+to\s+(?:{_WORD}\s*)?{_TOKEN}",
        r"(?:disk\s*)?(\d+)\s*[,;:]?\s*(\w+)\s*(?:->|→|>|-|,|;|\s)\s*(\w+)",  # 1 0 2, 1,0,2, 1: A -> C
    )
]
_TUPLE = re.compile(rf"[\[(]\s*(\d+)\s*,\s*{_TOKEN}\s*,\s*{_TOKEN}\s*[\])]")
_GLUED = re.compile(r"(\d+)([a-z])([a-z])", re.IGNORECASE)
_STEP = re.compile(r"(?:[-*•]\s*|(?:step|move)\s*\d+\s*[:.)]\s*|\d+\s*[.)]\s*|\d+\s*:\s*)", re.IGNORECASE)
_SKIP = re.compile(r"[\[\](),;\s]*|```\w*|(?:#|//).*|disk\s*,\s*src\s*,\s*dst", re.IGNORECASE)


class _Unread(Exception):
    """A line that is not a move, and why."""


def _moves_of(line: str, mapping: dict[str, int]) -> list[tuple[int, int, int]] | None:
    """The moves one line holds (``None`` if it is not one of the forms); raises :class:`_Unread` for a move that
    names an unknown post or disk."""
    text = line.strip().rstrip(".;,!")
    glued = _GLUED.fullmatch(text)
    if glued:
        return [_move(glued.groups(), mapping)]
    if _TUPLE.search(text) and _SKIP.fullmatch(_TUPLE.sub("", text)) is not None:
        return [_move(m, mapping) for m in _TUPLE.findall(text)]
    pieces = re.split(r"[\s,;]+", text)
    if len(pieces) > 1 and all(_GLUED.fullmatch(p) for p in pieces):
        return [_move(_GLUED.fullmatch(p).groups(), mapping) for p in pieces]  # type: ignore[union-attr]
    for form in _FORMS:
        found = form.fullmatch(text)
        if found:
            return [_move(found.groups(), mapping)]
    return None


def _move(groups: Sequence[str], mapping: dict[str, int]) -> tuple[int, int, int]:
    digits, src, dst = groups
    disk = digits.lstrip("0") or "0"
    if len(disk) > len(str(MAX_DISKS)) or int(disk) > MAX_DISKS:
        raise _Unread(f"disk {quote(digits)}: disks are numbered up to {MAX_DISKS}")
    return int(disk), _post(src, mapping), _post(dst, mapping)


def _post(name: str, mapping: dict[str, int]) -> int:
    post = mapping.get(name.upper())
    if post is None:
        known = list(mapping)
        letters = [k for k in known if not k.isdigit()]
        numbers = [k for k in known if k.isdigit()]
        shown = ", ".join(letters) + (" or " + ", ".join(numbers) if letters and numbers else ", ".join(numbers))
        hint = " (name posts otherwise with names=, or --names in hanoi check)" if known[0] == "S" else ""
        raise _Unread(f"unknown post {quote(name)}: posts are {shown}{hint}")
    return post


def _read_lines(text: str, mapping: dict[str, int], first_line: int = 1) -> MoveList:
    moves: list[tuple[int, int, int]] = []
    lines: list[int] = []
    unreadable: list[Unreadable] = []
    for number, line in enumerate(text.splitlines(), first_line):
        stripped = line.strip()
        if _SKIP.fullmatch(stripped):
            continue
        try:
            found = _moves_of(stripped, mapping)
            if found is None:
                step = _STEP.match(stripped)
                found = _moves_of(stripped[step.end() :], mapping) if step else None
            if found is None:
                raise _Unread("not a move such as '1SD', '1 S D', '(1, 0, 2)' or 'move disk 1 from S to D'")
        except _Unread as error:
            unreadable.append(Unreadable(number, stripped[:80], len(moves), str(error)))
            continue
        moves += found
        lines += [number] * len(found)
        _ensure_moves(len(moves))
    table = np.array(moves, np.int64).reshape(-1, 3)
    return _arrays(table[:, 0], table[:, 1], table[:, 2], np.array(lines, np.int64), tuple(unreadable))


def _arrays(disk: np.ndarray, src: np.ndarray, dst: np.ndarray, lines: np.ndarray | None,
            unreadable: tuple[Unreadable, ...] = ()) -> MoveList:
    """The arrays in small types: disks outside 0..MAX_DISKS become -1 or MAX_DISKS + 1 and posts outside 0..254
    become 255, so that a move that names no disk or post still names none."""
    if len(disk) and (disk.min() < 0 or disk.max() > MAX_DISKS):
        disk = np.clip(disk, -1, MAX_DISKS + 1)
    top = int(disk.max()) if len(disk) else 0
    low = int(disk.min()) if len(disk) else 0
    dtype = np.int32 if low < 0 else np.uint8 if top < 256 else np.uint16 if top < 65536 else np.uint32
    src, dst = (np.where((a < 0) | (a > 254), 255, a).astype(np.uint8) if a.dtype != np.uint8 else a
                for a in (src, dst))
    return MoveList(disk.astype(dtype), src, dst, lines, unreadable)


_BLOCK_BYTES = 1 << 16


def _read_format(data: bytes) -> MoveList | None:
    """The moves of ``data`` in one of hanoikit's formats (three posts), else ``None``. Text and csv are read a
    block of lines at a time: a block with a line out of place is read line by line, the others by the vectorised
    readers of :mod:`hanoikit.formats`."""
    data = data.replace(b"\r\n", b"\n")
    fmt = "csv" if data.startswith(b"disk,src,dst\n") else "json" if data.startswith(b"[\n") else "text"
    if not data.endswith(b"\n"):
        data += b"\n"
    if fmt == "json":
        try:
            chunks = list(read_moves(data, fmt))
        except InvalidMoveError:
            return None
        return _arrays(*_joined(chunks), np.arange(2, 2 + sum(len(c[0]) for c in chunks), dtype=np.int64))
    head = b"disk,src,dst\n" if fmt == "csv" else b""
    parts: list[MoveList] = []
    begin, line, count = len(head), len(head.splitlines()) + 1, 0
    while begin < len(data):
        end = data.find(b"\n", begin + _BLOCK_BYTES) + 1 or len(data)
        block = data[begin:end]
        try:
            disk, src, dst = _joined(list(read_moves(head + block, fmt)))
            part = _arrays(disk, src, dst, np.arange(line, line + len(disk), dtype=np.int64))
        except InvalidMoveError:
            part = _read_lines(block.decode("utf-8", "replace"), post_mapping(3), line)
        parts.append(part)
        count += len(part) + len(part.unreadable)
        _ensure_moves(count)
        begin, line = end, line + block.count(b"\n")
    return _concatenated(parts)


def _concatenated(parts: list[MoveList]) -> MoveList:
    if len(parts) == 1:
        return parts[0]
    unreadable, before = [], 0
    for part in parts:
        unreadable += [Unreadable(u.line, u.text, u.index + before, u.reason) for u in part.unreadable]
        before += len(part)
    disk, src, dst = _joined([(part.disk, part.src, part.dst) for part in parts])
    lines = np.concatenate([part.lines for part in parts if part.lines is not None] or [np.zeros(0, np.int64)])
    return MoveList(disk, src, dst, lines, tuple(unreadable))


def _joined(chunks: list[Chunk]) -> Chunk:
    if not chunks:
        return np.zeros(0, np.uint8), np.zeros(0, np.uint8), np.zeros(0, np.uint8)
    width = max(np.dtype(c[0].dtype).itemsize for c in chunks)
    disk = np.concatenate([c[0].astype(f"u{width}") for c in chunks])
    return disk, np.concatenate([c[1] for c in chunks]), np.concatenate([c[2] for c in chunks])


def read_move_list(data: str | bytes, posts: int = 3, names: Names = None) -> MoveList:
    """Read the moves of ``data`` (text or bytes, in any form this module describes) for a puzzle with ``posts``
    posts, post names as ``names`` says (default: the post letters and numbers from 0).

    >>> moves = read_move_list(b"[\\n[1,0,2],\\n[2,0,1]\\n]\\n")
    >>> [str(m) for m in moves], moves.unreadable
    (['1SD', '2SI'], ())
    >>> [str(m) for m in read_move_list("[[1, 'A', 'B'], [2, 'A', 'C']]", names="ABC")]
    ['1SI', '2SD']
    """
    if isinstance(data, str):
        raw = data.encode("utf-8", "surrogateescape") if data.isascii() else None
    else:
        raw = data
    if raw is not None and posts == 3 and names is None and len(raw) > 1 << 12:
        found = _read_format(raw)
        if found is not None:
            return found
    text = data if isinstance(data, str) else data.decode("utf-8", "replace")
    return _read_lines(text, post_mapping(posts, names))


def as_move_list(moves: str | bytes | MoveList | Iterable[object] | Chunk, posts: int = 3,
                 names: Names = None) -> MoveList:
    """``moves`` as a :class:`MoveList`: text or bytes to read, a move list, ``(disk, src, dst)`` arrays, or moves
    (:class:`~hanoikit.Move`, tuples or lists of three, or text such as ``"1SD"``; posts named as ``names`` says).
    An item that is not a move is kept in :attr:`MoveList.unreadable`, its ``line`` the item's number from 1.

    >>> moves = as_move_list([Move(1, 0, 2), [2, "S", "I"], "1DI", (1, 0, 7)])
    >>> [str(m) for m in moves], [u.line for u in moves.unreadable]
    (['1SD', '2SI', '1DI'], [4])
    """
    if isinstance(moves, MoveList):
        return moves
    if isinstance(moves, (str, bytes)):
        return read_move_list(moves, posts, names)
    if isinstance(moves, tuple) and len(moves) == 3 and all(isinstance(a, np.ndarray) for a in moves):
        disk, src, dst = (np.asarray(a) for a in moves)
        if not len(disk) == len(src) == len(dst):
            raise InvalidMoveError("the arrays disk, src and dst of a move list have different lengths")
        _ensure_moves(len(disk))
        return _arrays(disk.astype(np.int64), src.astype(np.int64), dst.astype(np.int64), None)
    mapping = post_mapping(posts, names)
    table: list[tuple[int, int, int]] = []
    unreadable: list[Unreadable] = []
    for index, item in enumerate(moves, 1):
        try:
            table.append(_item(item, mapping))
        except _Unread as error:
            unreadable.append(Unreadable(index, quote(item, 80), len(table), str(error)))
        _ensure_moves(len(table))
    array = np.array(table, np.int64).reshape(-1, 3)
    return _arrays(array[:, 0], array[:, 1], array[:, 2], None, tuple(unreadable))


def _ensure_moves(count: int) -> None:
    if count > MAX_CHECK_MOVES:
        raise TooLargeError(f"the list has more than {MAX_CHECK_MOVES:,} moves, more than this can check")


def _item(item: object, mapping: dict[str, int]) -> tuple[int, int, int]:
    """One move given as a :class:`Move`, a tuple or list of three, or text."""
    if isinstance(item, str):
        found = _moves_of(item, mapping)
        if found is None or len(found) != 1:
            raise _Unread("not a move such as '1SD', '1 S D', '(1, 0, 2)' or 'move disk 1 from S to D'")
        return found[0]
    if isinstance(item, (tuple, list)) and len(item) == 3:
        disk = as_int(item[0])
        if disk is None or not 0 <= disk <= MAX_DISKS:
            raise _Unread(f"the disk of a move is a whole number up to {MAX_DISKS}")
        posts = []
        for post in item[1:]:
            number = as_int(post)
            if number is None and not isinstance(post, str):
                raise _Unread(f"{quote(post)} is not a post")
            posts.append(_post(post if number is None else str(number), mapping))
        return disk, posts[0], posts[1]
    raise _Unread("a move is (disk, src, dst) or text such as '1SD'")
