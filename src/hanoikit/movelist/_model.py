"""What a move list is: the moves as arrays with the line of each (:class:`MoveList`), the lines that are not moves
(:class:`Unreadable`), the lists found in a reply (:class:`Candidate`), and the names of the posts."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from ..errors import InvalidPuzzleError, InvalidStateError, MoveIndexError, TooLargeError, quote
from ..limits import MAX_CHECK_MOVES, MAX_DISKS
from ..move import Move, as_int, post_names
from ..movearray import MoveArray

__all__ = ["Candidate", "MoveList", "Names", "Unreadable", "concatenated", "ensure_moves", "joined", "joined_arrays",
           "named_position", "post_labels", "post_mapping", "small_arrays"]

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
    extracted_from: tuple[int, int] | None = None
    """The first and last line (from 1) of the list found in a longer text, or ``None`` (not read from text, or no
    list found)."""
    found: bool = True
    """Whether the text held a move list at all (a move, a near-move or an empty list ``[]``)."""
    candidates: tuple[Candidate, ...] = field(default=(), repr=False)
    """Every list found in the text, in order (read with ``strict=False``); this list is the last of them."""
    states: tuple[int, ...] = field(default=(), repr=False)
    """The lines that print positions (``Peg 2: [3, 2, 1]``, ``[[], [], [3, 2, 1]]``), never read as moves."""

    def __len__(self) -> int:
        return len(self.disk)

    def __iter__(self) -> Iterator[Move]:
        return (Move._make(m) for m in zip(self.disk.tolist(), self.src.tolist(), self.dst.tolist()))

    def line(self, index: int) -> int | None:
        """The input line of move ``index`` (from 0), if the moves were read from text; an index outside
        ``0..len(self) - 1``: :class:`~hanoikit.MoveIndexError`."""
        found = as_int(index)
        if found is None or not 0 <= found < len(self):
            raise MoveIndexError(f"move index {quote(index)} is outside 0..{len(self) - 1}")
        return None if self.lines is None else int(self.lines[found])


@dataclass(frozen=True)
class Candidate:
    """One list of moves found in a reply, with what the reply says around it.

    ``moves`` are its moves (``moves.extracted_from``: its first and last line); ``joins`` tells whether only
    headings (at most two short lines of prose), position printouts and blank lines separate it from the candidate
    before it, so that the two may be halves of one answer; ``thinking`` whether it lies inside a ``<think>`` block;
    ``heading`` the prose lines just before it; ``marked`` whether the reply gives it as the answer (an ``<answer>``
    tag or a heading such as "Final answer:"); ``noted`` the lines whose text after the move was dropped as a note
    (``Move disk 3 from Peg 1 to Peg 3 (the largest disk)``, ``1SD # done``); ``cut`` the line where the list breaks
    off (a reply cut short), else ``None``."""

    moves: MoveList
    joins: bool = False
    thinking: bool = False
    heading: str = ""
    marked: bool = False
    noted: tuple[int, ...] = ()
    cut: int | None = None


def joined(lists: Sequence[MoveList]) -> MoveList:
    """The moves of ``lists`` (read from one text, in order) as one list, read from the first line of the first to the
    last line of the last.

    >>> from hanoikit.movelist import read_move_list
    >>> moves = read_move_list("1SI\\nNow the largest disk:\\n2SD\\n1ID")
    >>> [c.moves.extracted_from for c in moves.candidates], joined([c.moves for c in moves.candidates]).extracted_from
    ([(1, 1), (3, 4)], (1, 4))
    """
    whole = concatenated(list(lists))
    spans = [m.extracted_from for m in lists if m.extracted_from is not None]
    span = (spans[0][0], spans[-1][1]) if spans else None
    return MoveList(whole.disk, whole.src, whole.dst, whole.lines, whole.unreadable, span, True)


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
    mapping: dict[str, int] = {}
    for name, post in _named(posts, names):
        if name.upper() in mapping:
            raise InvalidPuzzleError(f"the post name {quote(name)} is given twice")
        mapping[name.upper()] = post
    return mapping


def post_labels(posts: int = 3, names: Names = None) -> tuple[str, ...]:
    """The name of each post, in post order, as ``names`` gives it (the first one given for a post; its letter when
    none is): how messages write the posts of an answer.

    >>> post_labels(3), post_labels(4, "1234"), post_labels(3, "left, middle, right")
    (('S', 'I', 'D'), ('1', '2', '3', '4'), ('left', 'middle', 'right'))
    """
    labels = list(post_names(posts)) if names is None else [""] * posts
    for name, post in ([] if names is None else _named(posts, names)):
        labels[post] = labels[post] or name
    return tuple(label or letter for label, letter in zip(labels, post_names(posts)))


def _named(posts: int, names: str | Sequence[str] | Mapping[str, int | str]) -> list[tuple[str, int]]:
    """The pairs (name, post) that ``names`` gives, checked."""
    if isinstance(names, Mapping):
        items = list(names.items())
    else:
        words = names if not isinstance(names, str) else (
            re.split(r"[\s,;]+", names.strip()) if re.search(r"[\s,;]", names.strip()) else list(names)
        )
        if len(words) != posts:
            raise InvalidPuzzleError(f"{quote(names)} names {len(words)} posts, the puzzle has {posts}")
        items = list(zip(words, range(posts)))
    letters = post_names(posts)
    pairs = []
    for name, post in items:
        number = as_int(post)
        if number is None and isinstance(post, str) and post.upper() in letters:
            number = letters.index(post.upper())
        if not isinstance(name, str) or not re.fullmatch(r"\w+", name) or number is None or not 0 <= number < posts:
            raise InvalidPuzzleError(
                f"post names are words naming posts 0 to {posts - 1}, not {quote(name)}: {quote(post)}"
            )
        pairs.append((name, number))
    return pairs


def named_position(text: str, posts: int = 3, names: Names = None) -> str:
    """A position written with the post names ``names`` (one name a disk, smallest first: characters, or words
    separated by commas or spaces; then optionally ``:`` and the top colours) in hanoikit's notation, to parse.

    >>> named_position("22", 3, "123"), named_position("left, right:RB", 3, "left middle right")
    ('II', 'SD:RB')
    """
    if names is None:
        return text
    where, colon, faces = text.partition(":")
    mapping = post_mapping(posts, names)
    parts = re.split(r"[\s,;]+", where.strip()) if re.search(r"[\s,;]", where.strip()) else list(where.strip())
    letters = post_names(posts)
    try:
        return "".join(letters[mapping[part.upper()]] for part in parts) + colon + faces
    except KeyError:
        shown = ", ".join(post_labels(posts, names))
        raise InvalidStateError(
            f"cannot read position {quote(text)}: write one post name ({shown}) per disk, smallest first"
        ) from None


def small_arrays(disk: np.ndarray, src: np.ndarray, dst: np.ndarray, lines: np.ndarray | None,
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


def concatenated(parts: list[MoveList]) -> MoveList:
    """The moves and unreadable lines of ``parts``, in that order, as one list."""
    if len(parts) == 1:
        return parts[0]
    unreadable, before = [], 0
    for part in parts:
        unreadable += [Unreadable(u.line, u.text, u.index + before, u.reason) for u in part.unreadable]
        before += len(part)
    disk, src, dst = joined_arrays([MoveArray(part.disk, part.src, part.dst) for part in parts])
    lines = np.concatenate([part.lines for part in parts if part.lines is not None] or [np.zeros(0, np.int64)])
    return MoveList(disk, src, dst, lines, tuple(unreadable))


def joined_arrays(chunks: list[MoveArray]) -> MoveArray:
    """The moves of ``chunks`` as one :class:`~hanoikit.movearray.MoveArray`, the disks in the widest type."""
    if not chunks:
        return MoveArray.empty(0, 1)
    width = max(np.dtype(c[0].dtype).itemsize for c in chunks)
    disk = np.concatenate([c[0].astype(f"u{width}") for c in chunks])
    return MoveArray(disk, np.concatenate([c[1] for c in chunks]), np.concatenate([c[2] for c in chunks]))


def ensure_moves(count: int) -> None:
    """:class:`~hanoikit.TooLargeError` for a list of more than :data:`~hanoikit.limits.MAX_CHECK_MOVES` moves."""
    if count > MAX_CHECK_MOVES:
        raise TooLargeError(f"the list has more than {MAX_CHECK_MOVES:,} moves, more than this can check")
