"""Move lists as people and models write them, read into arrays, every unreadable line reported with its number.

One move per line, in any of these forms (case, spacing and markdown emphasis do not matter)::

    1SD                          disk 1 from S to D (also 1 S D, 1 S->D, 1: S -> D, 1,S,D)
    1 0 2                        posts as numbers (also 1,0,2: a csv row; the header disk,src,dst is skipped)
    (1, 0, 2)   [1, 'S', 'D']    a tuple or a list; several on one line, or a JSON list [[1,0,2], [2,0,1]]
    move disk 1 from S to D      words (also "Move disk 1 from Peg 1 to Peg 3" with names="123")

Blank lines, lines of brackets only, code fences (```) and comments (``#`` or ``//``) are skipped; a leading step
number (``1.``, ``Step 2:``, ``- ``) and a trailing full stop are dropped when the rest is a move.

**Finding the list in a reply** (the default, ``strict=False``). A model's reply holds prose around its answer; the
move list read is the *last* one in the text, and the lines it was read from are :attr:`MoveList.extracted_from`:

1. Lines are moves (above), *near-moves*, list heads, position printouts, fences, tags, or prose. A move may carry a
   note after it, dropped: ``Move disk 3 from Peg 1 to Peg 3 (the largest disk)``, ``1SD # done``, ``... - done!``,
   ``Step 1: Move disk 1 from A to C. This frees disk 2.`` (a note that holds another move, ``... then disk 2 to Peg
   2``, is no note: the line is prose; a code comment after a bracketed move, ``[1, 0, 2],  # move disk 1 from peg 0 to
   peg 2``, is always a note). A near-move has the form of a move but names an unknown post or disk (``1 S X``, ``Move
   disk 1 from X to Y``; posts of one or two characters, or any word when the posts are named by words): it is kept as
   unreadable. A list head holds a list of moves after other text on its line, such as the paper's ``moves = [[1, 0, 2],
   [2, 0, 1]]``, ``The answer is [[1,0,2]].`` or an opening ``moves = [`` of a list continued on the next lines; a list
   that breaks off (``moves = [[1, 0, 2], [2, 0``: a reply cut short) gives its whole moves. A position printout names
   posts with their disks (``Peg 2: [3, 2, 1]``, ``S: 3 2, D: 1``) or lists stacks that cannot be moves (``[[], [], [3,
   2, 1]]``): it is never read as moves (:attr:`MoveList.states`). ``<think>`` and ``</think>`` mark a block of thinking
   (the text after ``</think>`` on its line is read), ``<answer>`` an answer. Any other line is prose.
2. A list (a :class:`Candidate`) is a run of lines holding moves or near-moves, with the blank and skipped lines
   between them, begun by a list head or by its first move, and ended by any other line.
3. The last list is read, everything outside it ignored; every list is kept in :attr:`MoveList.candidates`, for
   :func:`hanoikit.checker.check` to choose the answer among them with the puzzle (halves of one answer around a
   heading, a recap after it, drafts before it). A reply with no move at all is *empty* (:attr:`MoveList.found` is
   false; the checker calls a blank reply "no answer" and any other such reply unreadable); an empty list ``[]`` (or
   ``moves = []``) is a list of no moves.

With ``strict=True`` the text must be a bare list: every line that is not a move or skipped is unreadable (a list
head too), kept in :attr:`MoveList.unreadable` with its line number, at its place among the moves, never skipped
silently.

**Post names.** By default a post is named by its letter (``S``, ``I``, ``D``; ``S``, ``I``, ``J``, ``D`` on four
posts, see :func:`~hanoikit.post_names`) or by its number from 0. ``names`` replaces them: a string of one character
per post (``"ABC"``: A is post 0 = S, B is 1, C is 2 = D; ``"123"`` for posts numbered from 1, as in "Peg 1"), words
separated by commas or spaces (``"left, middle, right"``), a sequence of names, or a mapping of name to post.

>>> moves = read_move_list("1SD\\n2 S I\\nmove disk 1 from D to I\\n(3, 0, 2)\\n")
>>> [str(m) for m in moves], moves.lines.tolist()
(['1SD', '2SI', '1DI', '3SD'], [1, 2, 3, 4])
>>> [str(m) for m in read_move_list("Move disk 1 from peg A to peg C.", names="ABC")]
['1SD']
>>> reply = "Sure! Here are the moves:\\n\\nmoves = [[1, 0, 2], [2, 0, 1],\\n  [1, 2, 1]]\\n\\nThat is 3 moves."
>>> moves = read_move_list(reply)
>>> [str(m) for m in moves], moves.extracted_from
(['1SD', '2SI', '1DI'], (3, 4))
>>> [bad] = read_move_list("1SD\\n1 S X\\n2SI").unreadable
>>> bad.line, bad.text, bad.index
(2, '1 S X', 1)
>>> print(bad.reason)
unknown post 'X': posts are S, I, D or 0, 1, 2 (name posts otherwise with names=, or --names in hanoi check)
>>> [u.line for u in read_move_list("Sure:\\n1SD", strict=True).unreadable]
[1]

Long lists in hanoikit's own formats (``text``, ``csv``, ``json`` of :mod:`hanoikit.formats`) are read by its
vectorised readers, some 10**7 moves a second; other forms are read line by line. A list holds at most
:data:`~hanoikit.limits.MAX_CHECK_MOVES` moves.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from .errors import InvalidMoveError, InvalidPuzzleError, InvalidStateError, MoveIndexError, TooLargeError, quote
from .formats import parse_lines, read_moves
from .limits import MAX_CHECK_MOVES, MAX_DISKS
from .loops import Loop
from .move import Move, as_int, post_names
from .movearray import MoveArray

__all__ = ["Candidate", "MoveList", "Unreadable", "as_move_list", "joined", "named_position", "post_labels",
           "post_mapping", "read_move_list"]

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

    >>> moves = read_move_list("1SI\\nNow the largest disk:\\n2SD\\n1ID")
    >>> [c.moves.extracted_from for c in moves.candidates], joined([c.moves for c in moves.candidates]).extracted_from
    ([(1, 1), (3, 4)], (1, 4))
    """
    whole = _concatenated(list(lists))
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
_STEP = re.compile(r"[*_]*(?:[-*•]\s*|(?:step|move)\s*\d+\s*[:.)]\s*|\d+\s*[.)]\s*|\d+\s*:\s*)[*_]*\s*",
                   re.IGNORECASE)
_SKIP = re.compile(r"[\[\](),;\s]*|```\w*|(?:#|//).*", re.IGNORECASE)
_HEADER = re.compile(r"disk\s*,\s*src\s*,\s*dst", re.IGNORECASE)


class _Unread(Exception):
    """A line that is not a move, and why."""


class _Prose(_Unread):
    """A line not even in the form of a move."""


_EMPHASIS = "*_`"


def _moves_of(line: str, mapping: dict[str, int]) -> list[tuple[int, int, int]] | None:
    """The moves one line holds (``None`` if it is not one of the forms); raises :class:`_Unread` for a move that
    names an unknown post or disk."""
    text = line.strip().strip(_EMPHASIS).rstrip(".;,!").strip(_EMPHASIS + " ")
    if "**" in text or "`" in text:
        text = text.replace("**", "").replace("`", "")  # emphasis inside: Move **disk 1** from ...
    glued = _GLUED.fullmatch(text)
    if glued:
        return [_move(glued.groups(), mapping)]
    if _TUPLE.search(text) and _SKIP.fullmatch(_TUPLE.sub("", text)) is not None:
        return [_move(m, mapping) for m in _TUPLE.findall(text)]
    pieces = re.split(r"[\s,;]+", text)
    glued_pieces = [_GLUED.fullmatch(p) for p in pieces]
    if len(pieces) > 1 and all(glued_pieces):
        return [_move(m.groups(), mapping) for m in glued_pieces if m is not None]
    for form in _FORMS:
        found = form.fullmatch(text)
        if found:
            if not _near(found.groups(), mapping):
                return None
            return [_move(found.groups(), mapping)]
    return None


def _near(groups: Sequence[str], mapping: dict[str, int]) -> bool:
    """Whether a line in the form of a move is a move or a near-move, not prose: its unknown post names are short
    (one or two characters), or the posts are named by words."""
    wordy = any(len(name) > 2 for name in mapping)
    return wordy or all(name.upper() in mapping or len(name) <= 2 for name in groups[1:])


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


_FENCE = re.compile(r"```.*|~~~.*")
_HEAD = re.compile(r"[\[(](?=\s*[\[(]\s*['\"]?\w)|[=:]\s*(?=\[\s*$)|[=:]\s*(?=\[\s*\]$)")
_NOT_A_MOVE = "not a move such as '1SD', '1 S D', '(1, 0, 2)' or 'move disk 1 from S to D'"
_PROSE, _FENCE_LINE, _LIST_HEAD, _EMPTY_LIST, _STATE, _THINK, _THOUGHT, _ANSWER, _PARAGRAPH = range(9)
_LONG_HEADING = 100
"""The most characters of a line of prose that may stand between two halves of one list, as a heading."""
_HARD = (_THINK, _THOUGHT)
"""Marks no list joins across."""

_TAG = re.compile(r"<(/?)(think|thinking|reasoning|answer)>", re.IGNORECASE)
_NOTE_AT = re.compile(r"\s*(?:\((?!\s*\d+\s*,)|#|//|[-–—=]+>?\s|[←→⇒]|<-|[✓✔✅]|[.,;:!]\s)")
"""Where a note after a move may begin: a bracket, a comment, a dash, an arrow, a tick, or a punctuation mark."""
_NOTE_MOVE = re.compile(rf"\bdisk\s*#?\s*\d+\s+(?:from\b|to\s+(?:the\s+)?(?:{_WORD}\s*\w+|\w{{1,2}}\b))|"
                        r"[\[(]\s*\d+\s*,\s*['\"]?\w+['\"]?\s*,\s*['\"]?\w", re.I)
"""A move inside a note (``disk 2 from ...``, ``disk 2 to Peg 3``, ``(2, 0, 1)``; not ``disk 2 to move``, ``disk 3 to
its goal``): then it is no note."""
_MOVE_START = re.compile(r"[\W_]*(?:\d|move\b|disk\b|step\b)", re.IGNORECASE)
_STACK = r"(?:\[[\d,\s]*\]|\([\d,\s]*\)|\{[\d,\s]*\}|empty|none|nothing|-|—|\d+(?:\s*,?\s*\d+)*)"
_STATE_ITEM = re.compile(rf"({_WORD}\s*\w+|[a-z]\w{{0,11}})(?:\s*\([^()]*\))?\s*[:=]\s*{_STACK}(?:\s*\([^()]*\))?",
                         re.IGNORECASE)
_STATE_LINE = re.compile(rf"(?:[^:=\[\]]{{0,60}}[:=]\s*)??((?:{_STATE_ITEM.pattern}\s*[,;|]?\s*)+)[.,;]?",
                         re.IGNORECASE)
_STACKS = re.compile(r"(?:[^:=\[\]]{0,60}[:=]\s*)?\[\s*((?:\[[\d,\s]*\]\s*,?\s*)+)\]\s*[.,;]?")


def _is_state(line: str, mapping: dict[str, int]) -> bool:
    """Whether ``line`` prints a position: posts with their disks (``Peg 2: [3, 2, 1]``, ``S: 3 2, D: 1``), or a
    list of stacks (``[[], [], [3, 2, 1]]``) that cannot be moves."""
    text = line.strip().strip(_EMPHASIS + "-•").strip()
    if ":" not in text and "=" not in text and not text.startswith("[["):
        return False
    found = _STATE_LINE.fullmatch(text)
    if found and _NOTE_MOVE.search(text, 0, found.start(1)):
        return False  # a move, with the position after it as a note
    if found:
        labels = [m[1] for m in _STATE_ITEM.finditer(found[1])]
        return all(re.match(_WORD, label, re.I) or (label.upper() in mapping and not label.isdigit())
                   for label in labels)
    stacks = _STACKS.fullmatch(text)
    if not stacks:
        return False
    items = [[int(x) for x in re.findall(r"\d+", item)] for item in re.findall(r"\[([\d,\s]*)\]", stacks[1])]
    if any(len(item) != 3 for item in items):
        return True  # no move has other than three numbers
    disks = sorted(d for item in items for d in item)
    return len(items) == len(set(mapping.values())) and disks == list(range(1, len(disks) + 1))


@dataclass
class _Read:
    """The moves of some lines, and the marks that bound a list: ``(line, kind)`` for prose, fences, heads, position
    printouts and tags; the lines of moves followed by a note, and of lists that break off."""

    moves: MoveList
    marks: list[tuple[int, int]]
    noted: list[int] = field(default_factory=list)
    cut: list[int] = field(default_factory=list)


def _noted(text: str, mapping: dict[str, int]) -> list[tuple[int, int, int]] | None:
    """The moves of a line that holds a move followed by a note (``Move disk 3 from Peg 1 to Peg 3 (the largest
    disk)``, ``1SD # done``, ``... - done!``), else ``None``. A note that holds a move is no note."""
    if not _MOVE_START.match(text):
        return None
    for at in _NOTE_AT.finditer(text, 1):
        head = text[: at.start()]
        step = _STEP.match(head)
        for form in (head, head[step.end() :] if step else None):
            try:
                found = None if not form else _moves_of(form, mapping)
            except _Unread:
                return None  # an unknown post before a note: prose, not a near-move
            if found is not None:
                comment = head.rstrip().endswith(("]", ")")) and re.match(r"\s*[,;]?\s*(?:#|//)", text[at.start() :])
                return None if not comment and _other_move(text[at.start() :], found, mapping) else found
    return None


_NOTE_WORDS = re.compile(rf"disk\s*#?\s*(\d+)(?:\s+from\s+(?:the\s+)?(?:{_WORD}\s*)?{_TOKEN})?"
                         rf"(?:\s+(?:to|onto)\s+(?:the\s+)?(?:{_WORD}\s*)?{_TOKEN})?", re.IGNORECASE)


def _other_move(note: str, moves: list[tuple[int, int, int]], mapping: dict[str, int]) -> bool:
    """Whether ``note`` names a move other than the line's own ``moves`` (``... (then disk 2 to Peg 2)``): a note
    that only repeats its move (``Move disk 1 from Peg 1 to Peg 3 (disk 1 to Peg 3)``, ``1SD # (1, 0, 2)``) is a
    note; a move it names that is not the line's, or that cannot be read, makes the line prose."""
    for mention in _NOTE_MOVE.finditer(note):
        if len(moves) != 1:
            return True
        disk, src, dst = moves[0]
        tuple_ = _TUPLE.match(note, mention.start())
        words = None if tuple_ else _NOTE_WORDS.match(note, mention.start())
        if tuple_:
            try:
                if _move(tuple_.groups(), mapping) != moves[0]:
                    return True
            except _Unread:
                return True
        elif words is None or int(words[1]) != disk or any(
                name is not None and mapping.get(name.upper()) != post for name, post in ((words[2], src),
                                                                                          (words[3], dst))):
            return True
    return False


def _cut_list(rest: str, mapping: dict[str, int]) -> list[tuple[int, int, int]] | None:
    """The whole moves of a list that breaks off after them (``[[1, 0, 2], [2, 0, 1], [1, 2``), else ``None``."""
    close = rest.rfind("]")
    if close < 0 or not re.fullmatch(r"\s*,?\s*(?:\[\s*(?:\d+\s*(?:,\s*(?:\d+\s*)?)*)?)?", rest[close + 1 :]):
        return None
    found = _moves_of(rest[: close + 1], mapping)
    return found or None


def _noted_list(rest: str, mapping: dict[str, int]) -> list[tuple[int, int, int]] | None:
    """The moves of a list followed by a note (``[[1, 0, 2]] # done``, ``[[1, 0, 2]] (7 moves)``), else ``None``."""
    comment = re.search(r"\s(?:#|//)", rest)
    close = rest.rfind("]", 0, comment.start() if comment else len(rest))
    note = rest[close + 1 :]
    if close < 0 or not _NOTE_AT.match(note) or (_NOTE_MOVE.search(note) and not comment):
        return None
    return _moves_of(rest[: close + 1], mapping) or None


_FENCED, _EMPTIED, _CLOSING, _HEADED, _OPENING, _BLANK, _SKIPPED, _STATED, _MOVES, _BAD = range(10)
"""What a line is, to :func:`_read_lines` (:func:`_line`): a fence, ``[]``, a lone ``]`` or ``[``, a csv header, a
blank or other skipped line, a position printout, moves, or unreadable."""

_Line = tuple[int, tuple[tuple[int, int, int], ...], int | None, str | None, bool, bool]
"""A line read alone: its kind, its moves, the mark it sets (``None``: none), why it is unreadable, whether a note
was dropped after its moves, whether it is a list that breaks off."""

_CACHED_CHARS = 200
"""Lines up to this length are read once per post names (replies repeat their lines, and each other's)."""
_CACHE_LINES = 1 << 15
_caches: dict[tuple[object, ...], dict[str, _Line]] = {}


def _line(stripped: str, mapping: dict[str, int], strict: bool) -> _Line:
    """What the line ``stripped`` holds, read alone (a pure function of its text, the post names and ``strict``)."""
    if _FENCE.fullmatch(stripped):
        return _FENCED, (), _FENCE_LINE, None, False, False
    if stripped.replace(" ", "") == "[]":
        return _EMPTIED, (), _EMPTY_LIST, None, False, False
    if _HEADER.fullmatch(stripped):
        return _HEADED, (), _EMPTY_LIST, None, False, False
    if _SKIP.fullmatch(stripped):
        kind = _CLOSING if stripped == "]" else _OPENING if stripped == "[" else _SKIPPED if stripped else _BLANK
        return kind, (), None, None, False, False
    if not strict and _is_state(stripped, mapping):
        return _STATED, (), _STATE, None, False, False
    mark, noted, cut = None, False, False
    try:
        found = _moves_of(stripped, mapping)
        if found is None:
            step = _STEP.match(stripped)
            found = _moves_of(stripped[step.end() :], mapping) if step else None
        rest = None if found is not None or strict else _list_after_head(stripped)
        if rest is not None:
            try:
                found = [] if _SKIP.fullmatch(rest) else _moves_of(rest, mapping)
            except _Unread as error:  # a list of its own, with posts the names do not know
                return _BAD, (), _LIST_HEAD, str(error), False, False
            if found is None:
                found = _cut_list(rest, mapping)
                cut = found is not None
            if found is None:
                found = _noted_list(rest, mapping)
                noted = found is not None
            if found is not None:
                mark = _EMPTY_LIST if rest.replace(" ", "") == "[]" else _LIST_HEAD
        if found is None and not strict:
            found = _noted(stripped, mapping)
            noted = found is not None
        if found is None:
            raise _Prose(_NOT_A_MOVE)
    except _Unread as error:
        if isinstance(error, _Prose):
            mark = _PROSE if len(stripped) < _LONG_HEADING else _PARAGRAPH
        return _BAD, (), mark, str(error), False, False
    return _MOVES, tuple(found), mark, None, noted, cut


def _read_lines(text: str, mapping: dict[str, int], first_line: int = 1, strict: bool = False) -> _Read:
    moves: list[tuple[int, int, int]] = []
    lines: list[int] = []
    unreadable: list[Unreadable] = []
    marks: list[tuple[int, int]] = []
    noted: list[int] = []
    cut: list[int] = []
    opened = None  # the line of a lone "[" with nothing read since
    key = (strict, *mapping.items())
    cache = _caches.get(key)
    if cache is None or len(cache) > _CACHE_LINES:
        if len(_caches) > 64:
            _caches.clear()
        cache = _caches[key] = {}
    for number, line in enumerate(text.splitlines(), first_line):
        stripped = line.strip()
        if not strict and "<" in stripped:
            tags = _TAG.findall(stripped)
            if tags:
                for closing, name in tags:
                    answer = name.lower() == "answer"
                    if not (answer and closing):
                        marks.append((number, _ANSWER if answer else _THOUGHT if closing else _THINK))
                thought = [m for m in _TAG.finditer(stripped) if m[2].lower() != "answer"]
                if thought and not thought[-1][1]:
                    continue  # the rest of a line that opens a block of thinking is not read
                after = stripped[thought[-1].end() :] if thought else stripped
                stripped = _TAG.sub("", after).strip()  # the text after </think> on its line is read
                if not stripped:
                    continue
        read = cache.get(stripped)
        if read is None:
            read = _line(stripped, mapping, strict)
            if len(stripped) <= _CACHED_CHARS:
                cache[stripped] = read
        kind, found, mark, error, was_noted, was_cut = read
        if kind == _MOVES:
            opened = None
            moves += found
            lines += [number] * len(found)
            if len(moves) > MAX_CHECK_MOVES:
                _ensure_moves(len(moves))
            if mark is not None:
                marks.append((number, mark))
            if was_noted:
                noted.append(number)
            if was_cut:
                cut.append(number)
            continue
        if kind >= _BLANK and kind <= _SKIPPED:  # blank and skipped lines leave an opening "[" open
            opened = None if kind == _SKIPPED else opened
            continue
        if kind == _OPENING or (kind == _CLOSING and opened is None):
            opened = number if kind == _OPENING else None
            continue
        if kind == _CLOSING or kind == _EMPTIED:
            marks.append((number if opened is None else opened, _EMPTY_LIST))
            continue
        if kind != _HEADED and kind != _FENCED:
            opened = None
        if mark is not None:
            marks.append((number, mark))
        if kind == _BAD:
            unreadable.append(Unreadable(number, stripped[:80], len(moves), error or ""))
    return _Read(_listed(moves, lines, tuple(unreadable)), marks, noted, cut)


def _listed(moves: list[tuple[int, int, int]], lines: list[int], unreadable: tuple[Unreadable, ...]) -> MoveList:
    """The moves read line by line as arrays: disks from 0 to :data:`~hanoikit.limits.MAX_DISKS` and posts that a
    mapping names (:func:`_arrays` for posts past 254)."""
    if not moves:
        return MoveList(np.zeros(0, np.uint8), np.zeros(0, np.uint8), np.zeros(0, np.uint8), np.zeros(0, np.int64),
                        unreadable)
    table = np.array(moves, np.int64)
    if int(table[:, 1:].max()) > 254:
        return _arrays(table[:, 0], table[:, 1], table[:, 2], np.array(lines, np.int64), unreadable)
    top = int(table[:, 0].max())
    dtype = np.uint8 if top < 256 else np.uint16 if top < 65536 else np.uint32
    return MoveList(table[:, 0].astype(dtype), table[:, 1].astype(np.uint8), table[:, 2].astype(np.uint8),
                    np.array(lines, np.int64), unreadable)


def _list_after_head(line: str) -> str | None:
    """The list that follows other text on ``line`` (``moves = [[1, 0, 2]]``, ``The answer is [[1,0,2]].``, an
    opening ``moves = [``), or ``None``."""
    head = _HEAD.search(line)
    if head is None:
        return None
    return line[head.end() :] if head.group().startswith(("=", ":")) else line[head.start() :]


_FINAL = re.compile(r"\b(?:final|answer|solution)\b", re.IGNORECASE)
_NOT_FINAL = re.compile(r"\b(?:draft|attempt|recap|summar\w*|first|wrong|incorrect|check\w*|verif\w*|not)\b", re.I)


@dataclass
class _Segment:
    first: int  # the first line (a list head's, or the first move's)
    items: list[int] = field(default_factory=list)  # the first and the last line holding moves
    between: list[tuple[int, int]] = field(default_factory=list)  # the marks since the candidate before
    thinking: bool = False


def _extracted(read: _Read) -> MoveList:
    """The last list of ``read`` (see the rules above), with the lines it was read from, and every list found."""
    listed = read.moves
    candidates = _candidates(read)
    states = tuple(line for line, kind in read.marks if kind == _STATE)
    if not candidates:
        return MoveList(listed.disk[:0], listed.src[:0], listed.dst[:0], listed.lines, (), None, False, (), states)
    last = candidates[-1].moves
    return MoveList(last.disk, last.src, last.dst, last.lines, last.unreadable, last.extracted_from, True, candidates,
                    states)


def _candidates(read: _Read) -> tuple[Candidate, ...]:
    """Every list of ``read``: runs of lines holding moves (or near-moves), each begun by a list head or the first
    move after a mark, and ended by a mark."""
    listed, marks = read.moves, sorted(read.marks)
    prose = {line: kind for line, kind in marks if kind in (_PROSE, _PARAGRAPH)}
    heads = {line for line, kind in marks if kind in (_LIST_HEAD, _EMPTY_LIST)}
    texts = {u.line: u.text for u in listed.unreadable if u.line in prose}
    near = [u.line for u in listed.unreadable if u.line not in prose]
    assert listed.lines is not None
    items = listed.lines if not near else np.sort(np.concatenate([listed.lines, np.array(near, np.int64)]))
    segments: list[_Segment] = []
    current: _Segment | None = None
    between: list[tuple[int, int]] = []
    thinking, taken = False, 0
    at = np.searchsorted(items, [line for line, _ in marks], "left").tolist() if marks else []
    for (line, kind), before in zip([*marks, (-1, -1)], [*at, len(items)]):
        if before > taken:  # items before this mark: the current list goes on, or a new one begins
            if current is None:
                current = _Segment(int(items[taken]), between=between, thinking=thinking)
                segments.append(current)
                between = []
            current.items = [current.items[0] if current.items else int(items[taken]), int(items[before - 1])]
            taken = before
        if kind < 0:
            break
        current = None
        if kind in (_LIST_HEAD, _EMPTY_LIST):
            current = _Segment(line, between=between, thinking=thinking)
            segments.append(current)
            between = []
            continue
        thinking = True if kind == _THINK else False if kind == _THOUGHT else thinking
        between.append((line, kind))
    found = []
    for index, segment in enumerate(segments):
        last = segment.items[-1] if segment.items else segment.first
        begin, end = np.searchsorted(listed.lines, [segment.first, last + 1], "left").tolist()
        kept = tuple(Unreadable(u.line, u.text, u.index - begin, u.reason) for u in listed.unreadable
                     if segment.first <= u.line <= last and u.line not in prose)
        moves = MoveList(listed.disk[begin:end], listed.src[begin:end], listed.dst[begin:end],
                         listed.lines[begin:end], kept, (segment.first, last), True)
        headings = [texts[line] for line, kind in segment.between if kind == _PROSE]
        soft = all(kind not in _HARD and kind != _PARAGRAPH for _, kind in segment.between)
        joins = bool(index and soft and segments[index - 1].items and len(headings) <= 2 and segment.first not in heads)
        heading = " / ".join(headings[-2:])
        marked = any(kind == _ANSWER for _, kind in segment.between) or bool(
            _FINAL.search(heading) and not _NOT_FINAL.search(heading))
        noted = tuple(line for line in read.noted if segment.first <= line <= last)
        cut = next((line for line in read.cut if segment.first <= line <= last), None)
        found.append(Candidate(moves, joins, segment.thinking, heading, marked, noted, cut))
    return tuple(found)


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


def _read_format(data: bytes, strict: bool) -> _Read | None:
    """The moves of ``data`` in one of hanoikit's formats (three posts), else ``None``. Text and csv are read a
    block of lines at a time: a block with a line out of place is read line by line, the others by the vectorised
    readers of :mod:`hanoikit.formats`."""
    data = data.replace(b"\r\n", b"\n") if b"\r" in data else data
    fmt = "csv" if data.startswith(b"disk,src,dst\n") else "json" if data.startswith(b"[\n") else "text"
    if not data.endswith(b"\n"):
        data += b"\n"
    if fmt == "json":
        try:
            chunks = list(read_moves(data, fmt))
        except InvalidMoveError:
            return None
        lines = np.arange(2, 2 + sum(len(c[0]) for c in chunks), dtype=np.int64)
        return _Read(_arrays(*_joined(chunks), lines), [])
    head = b"disk,src,dst\n" if fmt == "csv" else b""
    parts: list[MoveList] = []
    marks: list[tuple[int, int]] = []
    noted: list[int] = []
    cut: list[int] = []
    mapping = post_mapping(3)
    begin, line, count = len(head), len(head.splitlines()) + 1, 0
    if head:
        marks.append((1, _EMPTY_LIST))  # a header opens a list
    while begin < len(data):
        end = data.find(b"\n", begin + _BLOCK_BYTES) + 1 or len(data)
        block = data[begin:end]
        (disk, src, dst), bad = parse_lines(block, fmt)
        numbers = np.arange(line, line + len(bad), dtype=np.int64)
        if not bad.any():
            parts.append(_arrays(disk, src, dst, numbers))
        else:  # the other lines alone, line by line, a run of them at a time
            runs = _runs(np.flatnonzero(bad).tolist())
            low = runs[0][1] + 1 if runs[0][0] == 0 else 0
            high = runs[-1][0] if runs[-1][1] == len(bad) - 1 else len(bad)
            if high - low == len(bad) - int(bad.sum()):  # prose only around the moves: a slice of them
                parts.append(_arrays(disk[low:high], src[low:high], dst[low:high], numbers[low:high]))
            else:
                good = ~bad
                parts.append(_arrays(disk[good], src[good], dst[good], numbers[good]))
            for first, last in runs:
                text = _lines_of(block, first, last, len(bad))
                read = _read_lines(text.decode("utf-8", "replace"), mapping, line + first, strict)
                parts.append(read.moves)
                marks += read.marks
                noted += read.noted
                cut += read.cut
        count = sum(len(part) + len(part.unreadable) for part in parts)
        _ensure_moves(count)
        begin, line = end, line + block.count(b"\n")
    return _Read(_in_line_order(parts), marks, noted, cut)


def _runs(where: list[int]) -> list[tuple[int, int]]:
    """The runs of consecutive numbers in ``where`` (ascending), as (first, last)."""
    runs: list[tuple[int, int]] = []
    for at in where:
        if runs and runs[-1][1] == at - 1:
            runs[-1] = (runs[-1][0], at)
        else:
            runs.append((at, at))
    return runs


def _lines_of(block: bytes, first: int, last: int, count: int) -> bytes:
    """Lines ``first`` to ``last`` (from 0) of ``block``, ``count`` whole lines, without the last newline; found from
    the nearer end when they lie near one."""
    if last < 64:
        begin = end = -1
        for at in range(last + 1):
            end = block.index(b"\n", end + 1)
            begin = end if at == first - 1 else begin
        return block[begin + 1 : end]
    if count - first <= 64:
        end = begin = len(block) - 1  # the last newline
        for at in range(count - 1, first - 1, -1):
            begin = block.rindex(b"\n", 0, begin) if at else -1
            end = begin if at == last + 1 else end
        return block[begin + 1 : end]
    ends = np.flatnonzero(np.frombuffer(block, np.uint8) == ord("\n"))
    return block[int(ends[first - 1]) + 1 if first else 0 : int(ends[last])]


def _in_line_order(parts: list[MoveList]) -> MoveList:
    """The moves and unreadable lines of ``parts`` (read from text) together, in the order of their lines."""
    if len(parts) == 1:
        return parts[0]
    moving = [part for part in parts if len(part)]
    if len(moving) <= 1:  # the moves of one part, the others' lines unreadable
        base = moving[0] if moving else parts[0]
        disk, src, dst, lines = base.disk, base.src, base.dst, base.lines
    else:
        listed = _concatenated(moving)
        disk, src, dst, lines = listed.disk, listed.src, listed.dst, listed.lines
    assert lines is not None
    if len(moving) > 1 and (np.diff(lines) < 0).any():
        order = np.argsort(lines, kind="stable")
        disk, src, dst, lines = disk[order], src[order], dst[order], lines[order]
    unreadable = sorted((u.line, u.text, u.reason) for part in parts for u in part.unreadable)
    places = np.searchsorted(lines, [at for at, _, _ in unreadable]).tolist() if unreadable else []
    kept = tuple(Unreadable(at, text, place, reason) for (at, text, reason), place in zip(unreadable, places))
    return MoveList(disk, src, dst, lines, kept)


def _bracketed(data: bytes, line: int, mapping: dict[str, int]) -> MoveList | None:
    """A long one-line list of moves with posts as numbers, ``[[1, 0, 2], [2, 0, 1], ...]``, read at once (the moves
    of the line that holds one), else ``None``."""
    open_, close = data.find(b"[["), data.rfind(b"]]")
    body = data[open_ + 1 : close + 1]
    if open_ < 0 or close < open_ or len(body) < 1 << 12 or not body.isascii():
        return None
    raw = np.frombuffer(body, np.uint8)
    table = np.zeros((len(body) // 7 + 1, 3), np.int64)
    count = int(_scanning(len(body))(raw, table))
    if count < 0:
        return None  # not in that shape: read line by line
    _ensure_moves(count)
    table = table[:count]
    posts = table[:, 1:]
    if posts.max() > 254:
        return None
    named = np.array([mapping.get(str(number), -1) for number in range(int(posts.max()) + 1)], np.int64)
    if (named[posts] < 0).any():
        return None  # a post named by a number the names do not know: read line by line, and reported there
    return _arrays(table[:, 0], named[table[:, 1]], named[table[:, 2]], np.full(count, line, np.int64))


def _scan(raw: np.ndarray, table: np.ndarray) -> int:
    """Read ``raw``, ``[d, a, b], [d, a, b], ...`` (numbers of at most 9 digits, spaces anywhere between the marks),
    into the rows of ``table``; the number of moves, or -1 if ``raw`` is not in that shape."""
    size, at, count = raw.shape[0], 0, 0
    while True:
        while at < size and (raw[at] == 32 or raw[at] == 9):
            at += 1
        if at == size or raw[at] != 91:  # [
            return -1
        at += 1
        for item in range(3):
            while at < size and (raw[at] == 32 or raw[at] == 9):
                at += 1
            begin, value = at, 0
            while at < size and 48 <= raw[at] <= 57:
                value = value * 10 + int(raw[at]) - 48
                at += 1
                if at - begin > 9:
                    return -1
            if at == begin:
                return -1
            table[count, item] = value
            while at < size and (raw[at] == 32 or raw[at] == 9):
                at += 1
            if at == size or raw[at] != (44 if item < 2 else 93):  # , or ]
                return -1
            at += 1
        count += 1
        while at < size and (raw[at] == 32 or raw[at] == 9):
            at += 1
        if at == size:
            return count
        if raw[at] != 44:  # ,
            return -1
        at += 1


_scanning = Loop(_scan, 1 << 14)
"""The scan compiled from 16 KiB of text (or once loaded)."""


def _concatenated(parts: list[MoveList]) -> MoveList:
    if len(parts) == 1:
        return parts[0]
    unreadable, before = [], 0
    for part in parts:
        unreadable += [Unreadable(u.line, u.text, u.index + before, u.reason) for u in part.unreadable]
        before += len(part)
    disk, src, dst = _joined([MoveArray(part.disk, part.src, part.dst) for part in parts])
    lines = np.concatenate([part.lines for part in parts if part.lines is not None] or [np.zeros(0, np.int64)])
    return MoveList(disk, src, dst, lines, tuple(unreadable))


def _joined(chunks: list[MoveArray]) -> MoveArray:
    if not chunks:
        return MoveArray.empty(0, 1)
    width = max(np.dtype(c[0].dtype).itemsize for c in chunks)
    disk = np.concatenate([c[0].astype(f"u{width}") for c in chunks])
    return MoveArray(disk, np.concatenate([c[1] for c in chunks]), np.concatenate([c[2] for c in chunks]))


def read_move_list(data: str | bytes, posts: int = 3, names: Names = None, strict: bool = False) -> MoveList:
    """Read the moves of ``data`` (text or bytes, in any form this module describes) for a puzzle with ``posts``
    posts, post names as ``names`` says (default: the post letters and numbers from 0): the last move list in the
    text, or with ``strict`` the whole text as a bare list.

    >>> moves = read_move_list(b"[\\n[1,0,2],\\n[2,0,1]\\n]\\n")
    >>> [str(m) for m in moves], moves.unreadable
    (['1SD', '2SI'], ())
    >>> [str(m) for m in read_move_list("[[1, 'A', 'B'], [2, 'A', 'C']]", names="ABC")]
    ['1SI', '2SD']
    """
    raw = data if isinstance(data, bytes) else data.encode("utf-8", "surrogateescape") if data.isascii() else None
    read = None
    if raw is not None and len(raw) > 1 << 9:
        read = _read_long(raw, posts, names, strict)
    if read is None:
        text = data if isinstance(data, str) else data.decode("utf-8", "replace")
        read = _read_lines(text, post_mapping(posts, names), strict=strict)
    if strict:
        return read.moves if read.moves.unreadable or len(read.moves) else _strict_empty(read.moves, raw or data)
    return _extracted(read)


def _strict_empty(listed: MoveList, data: str | bytes) -> MoveList:
    """A bare list of no moves: found if the text is not blank (``[]``, say)."""
    return MoveList(listed.disk, listed.src, listed.dst, listed.lines, (), None, bool(data.strip()))


def _read_long(raw: bytes, posts: int, names: Names, strict: bool) -> _Read | None:
    """A long text read fast: its last line holding a long list of moves with posts as numbers at once, and
    hanoikit's formats by blocks (three posts, default names); ``None`` when it is neither."""
    close = raw.rfind(b"]]")
    if not strict and close >= 0:
        begin = raw.rfind(b"\n", 0, raw.rfind(b"[[", 0, close + 1)) + 1
        end = raw.find(b"\n", close) % (len(raw) + 1)  # the end of the line, or of the text
        line = raw.count(b"\n", 0, begin) + 1
        mapping = post_mapping(posts, names)
        listed = _bracketed(raw[begin:end], line, mapping)
        if listed is not None:
            before = _read_lines(raw[:begin].decode("utf-8", "replace"), mapping)
            after = _read_lines(raw[end:].decode("utf-8", "replace"), mapping, line)
            head = [(line, _LIST_HEAD)] if raw[begin:end].split(b"[[", 1)[0].strip() else []
            return _Read(_concatenated([before.moves, listed, after.moves]), [*before.marks, *head, *after.marks],
                         before.noted + after.noted, before.cut + after.cut)
    if posts == 3 and names is None:
        return _read_format(raw, strict)
    return None


def as_move_list(moves: str | bytes | MoveList | Iterable[object] | MoveArray, posts: int = 3,
                 names: Names = None, strict: bool = False) -> MoveList:
    """``moves`` as a :class:`MoveList`: text or bytes to read, a move list, ``(disk, src, dst)`` arrays or an
    integer array of such rows, or moves
    (:class:`~hanoikit.Move`, tuples or lists of three, or text such as ``"1SD"``; posts named as ``names`` says).
    An item that is not a move is kept in :attr:`MoveList.unreadable`, its ``line`` the item's number from 1.

    >>> moves = as_move_list([Move(1, 0, 2), [2, "S", "I"], "1DI", (1, 0, 7)])
    >>> [str(m) for m in moves], [u.line for u in moves.unreadable]
    (['1SD', '2SI', '1DI'], [4])
    """
    if isinstance(moves, MoveList):
        return moves
    if isinstance(moves, (str, bytes)):
        return read_move_list(moves, posts, names, strict)
    if isinstance(moves, tuple) and len(moves) == 3 and all(isinstance(a, np.ndarray) for a in moves):
        disk, src, dst = (np.asarray(a) for a in moves)
        if not len(disk) == len(src) == len(dst):
            raise InvalidMoveError("the arrays disk, src and dst of a move list have different lengths")
        _ensure_moves(len(disk))
        return _arrays(disk.astype(np.int64), src.astype(np.int64), dst.astype(np.int64), None)
    if isinstance(moves, np.ndarray) and moves.ndim == 2 and moves.shape[1] == 3 and moves.dtype.kind in "iu":
        _ensure_moves(len(moves))  # rows (disk, src, dst), as MoveArray.rows() gives them
        rows = moves.astype(np.int64)
        return _arrays(rows[:, 0], rows[:, 1], rows[:, 2], None)
    if not isinstance(moves, Iterable):
        raise TypeError(f"a move list is text, bytes, moves or arrays of them, not {type(moves).__name__}")
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
    """One move given as a :class:`Move`, a tuple, list or numpy row of three, or text."""
    if isinstance(item, str):
        found = _moves_of(item, mapping)
        if found is None or len(found) != 1:
            raise _Unread("not a move such as '1SD', '1 S D', '(1, 0, 2)' or 'move disk 1 from S to D'")
        return found[0]
    if isinstance(item, (tuple, list, np.ndarray)) and np.ndim(item) == 1 and len(item) == 3:
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
