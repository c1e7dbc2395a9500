"""Long replies read fast: hanoikit's own formats a block of lines at a time by the vectorised readers of
:mod:`hanoikit.formats` (the other lines of a block read line by line), and a long one-line list ``[[1, 0, 2], ...]``
scanned at once."""

from __future__ import annotations

import numpy as np

from ..errors import InvalidMoveError
from ..formats import parse_lines, read_moves
from ..loops import Loop
from ._lines import EMPTY_LIST, LIST_HEAD, Read, read_lines
from ._model import MoveList, Names, Unreadable, concatenated, ensure_moves, joined_arrays, post_mapping, small_arrays

__all__ = ["read_long", "scan", "scanning"]


_BLOCK_BYTES = 1 << 16


def _read_format(data: bytes, strict: bool) -> Read | None:
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
        return Read(small_arrays(*joined_arrays(chunks), lines), [])
    head = b"disk,src,dst\n" if fmt == "csv" else b""
    parts: list[MoveList] = []
    marks: list[tuple[int, int]] = []
    noted: list[int] = []
    cut: list[int] = []
    mapping = post_mapping(3)
    begin, line, count = len(head), len(head.splitlines()) + 1, 0
    if head:
        marks.append((1, EMPTY_LIST))  # a header opens a list
    while begin < len(data):
        end = data.find(b"\n", begin + _BLOCK_BYTES) + 1 or len(data)
        block = data[begin:end]
        (disk, src, dst), bad = parse_lines(block, fmt)
        numbers = np.arange(line, line + len(bad), dtype=np.int64)
        if not bad.any():
            parts.append(small_arrays(disk, src, dst, numbers))
        else:  # the other lines alone, line by line, a run of them at a time
            runs = _runs(np.flatnonzero(bad).tolist())
            low = runs[0][1] + 1 if runs[0][0] == 0 else 0
            high = runs[-1][0] if runs[-1][1] == len(bad) - 1 else len(bad)
            if high - low == len(bad) - int(bad.sum()):  # prose only around the moves: a slice of them
                parts.append(small_arrays(disk[low:high], src[low:high], dst[low:high], numbers[low:high]))
            else:
                good = ~bad
                parts.append(small_arrays(disk[good], src[good], dst[good], numbers[good]))
            for first, last in runs:
                text = _lines_of(block, first, last, len(bad))
                read = read_lines(text.decode("utf-8", "replace"), mapping, line + first, strict)
                parts.append(read.moves)
                marks += read.marks
                noted += read.noted
                cut += read.cut
        count = sum(len(part) + len(part.unreadable) for part in parts)
        ensure_moves(count)
        begin, line = end, line + block.count(b"\n")
    return Read(_in_line_order(parts), marks, noted, cut)


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
        listed = concatenated(moving)
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
    count = int(scanning(len(body))(raw, table))
    if count < 0:
        return None  # not in that shape: read line by line
    ensure_moves(count)
    table = table[:count]
    posts = table[:, 1:]
    if posts.max() > 254:
        return None
    named = np.array([mapping.get(str(number), -1) for number in range(int(posts.max()) + 1)], np.int64)
    if (named[posts] < 0).any():
        return None  # a post named by a number the names do not know: read line by line, and reported there
    return small_arrays(table[:, 0], named[table[:, 1]], named[table[:, 2]], np.full(count, line, np.int64))


def scan(raw: np.ndarray, table: np.ndarray) -> int:
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


scanning = Loop(scan, 1 << 14)
"""The scan compiled from 16 KiB of text (or once loaded)."""


def read_long(raw: bytes, posts: int, names: Names, strict: bool) -> Read | None:
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
            before = read_lines(raw[:begin].decode("utf-8", "replace"), mapping)
            after = read_lines(raw[end:].decode("utf-8", "replace"), mapping, line)
            head = [(line, LIST_HEAD)] if raw[begin:end].split(b"[[", 1)[0].strip() else []
            return Read(concatenated([before.moves, listed, after.moves]), [*before.marks, *head, *after.marks],
                         before.noted + after.noted, before.cut + after.cut)
    if posts == 3 and names is None:
        return _read_format(raw, strict)
    return None
