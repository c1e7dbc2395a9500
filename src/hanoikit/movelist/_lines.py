"""What one line of a reply holds (moves, a note after them, a list head, a position printout, a tag, or prose),
each line read once per post names, and the moves of a text read line by line with the marks that bound its lists."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ..errors import quote
from ..limits import MAX_DISKS
from ._model import MoveList, Unreadable, ensure_moves, small_arrays

__all__ = ["ANSWER", "EMPTY_LIST", "FENCE_LINE", "HARD", "LIST_HEAD", "PARAGRAPH", "PROSE", "STATE", "THINK", "THOUGHT",
           "Read", "Unread", "moves_of", "post_of", "read_lines"]


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


class Unread(Exception):
    """A line that is not a move, and why."""


class _Prose(Unread):
    """A line not even in the form of a move."""


_EMPHASIS = "*_`"


def moves_of(line: str, mapping: dict[str, int]) -> list[tuple[int, int, int]] | None:
    """The moves one line holds (``None`` if it is not one of the forms); raises :class:`Unread` for a move that
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
        raise Unread(f"disk {quote(digits)}: disks are numbered up to {MAX_DISKS}")
    return int(disk), post_of(src, mapping), post_of(dst, mapping)


def post_of(name: str, mapping: dict[str, int]) -> int:
    """The post ``name`` stands for in ``mapping``; :class:`Unread`, saying which names there are, if none."""
    post = mapping.get(name.upper())
    if post is None:
        known = list(mapping)
        letters = [k for k in known if not k.isdigit()]
        numbers = [k for k in known if k.isdigit()]
        shown = ", ".join(letters) + (" or " + ", ".join(numbers) if letters and numbers else ", ".join(numbers))
        hint = " (name posts otherwise with names=, or --names in hanoi check)" if known[0] == "S" else ""
        raise Unread(f"unknown post {quote(name)}: posts are {shown}{hint}")
    return post


_FENCE = re.compile(r"```.*|~~~.*")
_HEAD = re.compile(r"[\[(](?=\s*[\[(]\s*['\"]?\w)|[=:]\s*(?=\[\s*$)|[=:]\s*(?=\[\s*\]$)")
_NOT_A_MOVE = "not a move such as '1SD', '1 S D', '(1, 0, 2)' or 'move disk 1 from S to D'"
PROSE, FENCE_LINE, LIST_HEAD, EMPTY_LIST, STATE, THINK, THOUGHT, ANSWER, PARAGRAPH = range(9)
_LONG_HEADING = 100
"""The most characters of a line of prose that may stand between two halves of one list, as a heading."""
HARD = (THINK, THOUGHT)
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
class Read:
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
                found = None if not form else moves_of(form, mapping)
            except Unread:
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
            except Unread:
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
    found = moves_of(rest[: close + 1], mapping)
    return found or None


def _noted_list(rest: str, mapping: dict[str, int]) -> list[tuple[int, int, int]] | None:
    """The moves of a list followed by a note (``[[1, 0, 2]] # done``, ``[[1, 0, 2]] (7 moves)``), else ``None``."""
    comment = re.search(r"\s(?:#|//)", rest)
    close = rest.rfind("]", 0, comment.start() if comment else len(rest))
    note = rest[close + 1 :]
    if close < 0 or not _NOTE_AT.match(note) or (_NOTE_MOVE.search(note) and not comment):
        return None
    return moves_of(rest[: close + 1], mapping) or None


_FENCED, _EMPTIED, _CLOSING, _HEADED, _OPENING, _BLANK, _SKIPPED, _STATED, _MOVES, _BAD = range(10)
"""What a line is, to :func:`read_lines` (:func:`_line`): a fence, ``[]``, a lone ``]`` or ``[``, a csv header, a
blank or other skipped line, a position printout, moves, or unreadable."""

_Line = tuple[int, tuple[tuple[int, int, int], ...], int | None, str | None, bool, bool]
"""A line read alone: its kind, its moves, the mark it sets (``None``: none), why it is unreadable, whether a note
was dropped after its moves, whether it is a list that breaks off."""

_CACHED_CHARS = 200
"""Lines up to this length are read once per post names (replies repeat their lines, and each other's)."""
_CACHE_LINES = 1 << 14
_caches: dict[tuple[object, ...], dict[str, _Line]] = {}
"""The lines read, by ``strict`` and post names: each such cache emptied past :data:`_CACHE_LINES` lines, all of them
past 8 sets of names (a few megabytes at most)."""


def _line(stripped: str, mapping: dict[str, int], strict: bool) -> _Line:
    """What the line ``stripped`` holds, read alone (a pure function of its text, the post names and ``strict``)."""
    if _FENCE.fullmatch(stripped):
        return _FENCED, (), FENCE_LINE, None, False, False
    if stripped.replace(" ", "") == "[]":
        return _EMPTIED, (), EMPTY_LIST, None, False, False
    if _HEADER.fullmatch(stripped):
        return _HEADED, (), EMPTY_LIST, None, False, False
    if _SKIP.fullmatch(stripped):
        kind = _CLOSING if stripped == "]" else _OPENING if stripped == "[" else _SKIPPED if stripped else _BLANK
        return kind, (), None, None, False, False
    if not strict and _is_state(stripped, mapping):
        return _STATED, (), STATE, None, False, False
    mark, noted, cut = None, False, False
    try:
        found = moves_of(stripped, mapping)
        if found is None:
            step = _STEP.match(stripped)
            found = moves_of(stripped[step.end() :], mapping) if step else None
        rest = None if found is not None or strict else _list_after_head(stripped)
        if rest is not None:
            try:
                found = [] if _SKIP.fullmatch(rest) else moves_of(rest, mapping)
            except Unread as error:  # a list of its own, with posts the names do not know
                return _BAD, (), LIST_HEAD, str(error), False, False
            if found is None:
                found = _cut_list(rest, mapping)
                cut = found is not None
            if found is None:
                found = _noted_list(rest, mapping)
                noted = found is not None
            if found is not None:
                mark = EMPTY_LIST if rest.replace(" ", "") == "[]" else LIST_HEAD
        if found is None and not strict:
            found = _noted(stripped, mapping)
            noted = found is not None
        if found is None:
            raise _Prose(_NOT_A_MOVE)
    except Unread as error:
        if isinstance(error, _Prose):
            mark = PROSE if len(stripped) < _LONG_HEADING else PARAGRAPH
        return _BAD, (), mark, str(error), False, False
    return _MOVES, tuple(found), mark, None, noted, cut


def read_lines(text: str, mapping: dict[str, int], first_line: int = 1, strict: bool = False) -> Read:
    """The moves of ``text`` read a line at a time (its first line numbered ``first_line``), each line as
    :func:`_line` reads it, and the marks that bound its lists."""
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
        if len(_caches) > 8:
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
                        marks.append((number, ANSWER if answer else THOUGHT if closing else THINK))
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
            ensure_moves(len(moves))
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
            marks.append((number if opened is None else opened, EMPTY_LIST))
            continue
        if kind != _HEADED and kind != _FENCED:
            opened = None
        if mark is not None:
            marks.append((number, mark))
        if kind == _BAD:
            unreadable.append(Unreadable(number, stripped[:80], len(moves), error or ""))
    return Read(_listed(moves, lines, tuple(unreadable)), marks, noted, cut)


def _listed(moves: list[tuple[int, int, int]], lines: list[int], unreadable: tuple[Unreadable, ...]) -> MoveList:
    """The moves read line by line as arrays: disks from 0 to :data:`~hanoikit.limits.MAX_DISKS` and posts that a
    mapping names (:func:`small_arrays` for posts past 254)."""
    if not moves:
        return MoveList(np.zeros(0, np.uint8), np.zeros(0, np.uint8), np.zeros(0, np.uint8), np.zeros(0, np.int64),
                        unreadable)
    table = np.array(moves, np.int64)
    if int(table[:, 1:].max()) > 254:
        return small_arrays(table[:, 0], table[:, 1], table[:, 2], np.array(lines, np.int64), unreadable)
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
