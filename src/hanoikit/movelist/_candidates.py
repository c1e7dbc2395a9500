"""The lists of a reply read line by line (:class:`~hanoikit.movelist.Candidate`): runs of lines holding moves, each
with what the reply says around it, for :func:`hanoikit.checker.check` to choose the answer among them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from ._lines import ANSWER, EMPTY_LIST, HARD, LIST_HEAD, PARAGRAPH, PROSE, STATE, THINK, THOUGHT, Read
from ._model import Candidate, MoveList, Unreadable

__all__ = ["extracted"]


_FINAL = re.compile(r"\b(?:final|answer|solution)\b", re.IGNORECASE)
_NOT_FINAL = re.compile(r"\b(?:draft|attempt|recap|summar\w*|first|wrong|incorrect|check\w*|verif\w*|not)\b", re.I)


@dataclass
class _Segment:
    first: int  # the first line (a list head's, or the first move's)
    items: list[int] = field(default_factory=list)  # the first and the last line holding moves
    between: list[tuple[int, int]] = field(default_factory=list)  # the marks since the candidate before
    thinking: bool = False


def extracted(read: Read) -> MoveList:
    """The last list of ``read`` (see the rules above), with the lines it was read from, and every list found."""
    listed = read.moves
    candidates = _one_list(read) or _candidates(read)
    states = tuple(line for line, kind in read.marks if kind == STATE)
    if not candidates:
        return MoveList(listed.disk[:0], listed.src[:0], listed.dst[:0], listed.lines, (), None, False, (), states)
    last = candidates[-1].moves
    return MoveList(last.disk, last.src, last.dst, last.lines, last.unreadable, last.extracted_from, True, candidates,
                    states)


def _one_list(read: Read) -> tuple[Candidate, ...]:
    """The one list of a reply whose only other lines are prose before and after it (the common case, found without
    :func:`_candidates`' search), else ``()``."""
    listed = read.moves
    if not len(listed) or any(kind != PROSE and kind != PARAGRAPH for _, kind in read.marks):
        return ()
    assert listed.lines is not None
    first, last = int(listed.lines[0]), int(listed.lines[-1])
    if [u.line for u in listed.unreadable] != sorted(line for line, _ in read.marks) or any(
            first < line < last for line, _ in read.marks):
        return ()  # a near-move (an unreadable line that is not prose) or prose among the moves
    prose = [u.text for u in listed.unreadable if u.line < first and (u.line, PROSE) in read.marks]
    heading = " / ".join(prose[-2:])
    moves = MoveList(listed.disk, listed.src, listed.dst, listed.lines, (), (first, last), True)
    marked = bool(_FINAL.search(heading) and not _NOT_FINAL.search(heading))
    return (Candidate(moves, False, False, heading, marked, tuple(line for line in read.noted if first <= line <= last),
                      next((line for line in read.cut if first <= line <= last), None)),)


def _candidates(read: Read) -> tuple[Candidate, ...]:
    """Every list of ``read``: runs of lines holding moves (or near-moves), each begun by a list head or the first
    move after a mark, and ended by a mark."""
    listed, marks = read.moves, sorted(read.marks)
    prose = {line: kind for line, kind in marks if kind in (PROSE, PARAGRAPH)}
    heads = {line for line, kind in marks if kind in (LIST_HEAD, EMPTY_LIST)}
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
        if kind in (LIST_HEAD, EMPTY_LIST):
            current = _Segment(line, between=between, thinking=thinking)
            segments.append(current)
            between = []
            continue
        thinking = True if kind == THINK else False if kind == THOUGHT else thinking
        between.append((line, kind))
    found = []
    for index, segment in enumerate(segments):
        last = segment.items[-1] if segment.items else segment.first
        begin, end = np.searchsorted(listed.lines, [segment.first, last + 1], "left").tolist()
        kept = tuple(Unreadable(u.line, u.text, u.index - begin, u.reason) for u in listed.unreadable
                     if segment.first <= u.line <= last and u.line not in prose)
        moves = MoveList(listed.disk[begin:end], listed.src[begin:end], listed.dst[begin:end],
                         listed.lines[begin:end], kept, (segment.first, last), True)
        headings = [texts[line] for line, kind in segment.between if kind == PROSE]
        soft = all(kind not in HARD and kind != PARAGRAPH for _, kind in segment.between)
        joins = bool(index and soft and segments[index - 1].items and len(headings) <= 2 and segment.first not in heads)
        heading = " / ".join(headings[-2:])
        marked = any(kind == ANSWER for _, kind in segment.between) or bool(
            _FINAL.search(heading) and not _NOT_FINAL.search(heading))
        noted = tuple(line for line in read.noted if segment.first <= line <= last)
        cut = next((line for line in read.cut if segment.first <= line <= last), None)
        found.append(Candidate(moves, joins, segment.thinking, heading, marked, noted, cut))
    return tuple(found)
