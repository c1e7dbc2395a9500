"""Move lists as bytes: the ``text``, ``csv`` and ``json`` formats, written from array chunks and read back.

Posts are S, I, D = 0, 1, 2 and disk 1 is the smallest:

* ``text``: one move per line, the disk number then the source and destination post letters, e.g. ``1SD``;
* ``csv``: a header ``disk,src,dst``, then one move per line with posts as numbers, e.g. ``1,0,2``;
* ``json``: one JSON array of moves ``[disk, src, dst]`` with posts as numbers, one move per line.

>>> import io
>>> from hanoikit.solvers.arrays import solution_chunks
>>> from hanoikit import Puzzle
>>> out = io.BytesIO()
>>> write_moves(solution_chunks(Puzzle(2)), 2, "json", out)
>>> print(out.getvalue().decode(), end="")
[
[1,0,1],
[2,0,2],
[1,1,2]
]
>>> [a.tolist() for a in next(read_json(out.getvalue()))]
[[1, 2, 1], [0, 0, 1], [1, 2, 2]]

Writers take moves as :class:`~hanoikit.movearray.MoveArray` values (any stream of moves becomes one by
:func:`~hanoikit.movearray.batches`) and format a whole array with one table lookup into a reusable buffer. Given a
:class:`~hanoikit.movearray.Chunks` (what the solvers' ``solution_chunks`` return), they take its runs instead and
format each :class:`~hanoikit.movearray.Recurring` run once, so that a long solution is written at about the speed of
copying bytes. Readers parse a stream back into arrays in bounded memory, checking every byte.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from typing import BinaryIO

import numpy as np

from .errors import InvalidMoveError, UnknownMethodError
from .loops import Loop
from .move import post_names
from .movearray import Chunks, MoveArray, Recurring, disk_dtype

__all__ = [
    "FORMATS",
    "RUN_CACHE_BYTES",
    "write_moves",
    "read_moves",
    "read_text",
    "read_csv",
    "read_json",
    "move_progress",
    "parse_lines",
]

FORMATS = ("text", "json", "csv")

RUN_CACHE_BYTES = 64 * 2**20
"""Bytes of formatted recurring runs a writer keeps; past it they are dropped (and formatted again when met)."""

_ITEM = {"text": "{disk}{src_name}{dst_name}\n", "csv": "{disk},{src},{dst}\n", "json": ",\n[{disk},{src},{dst}]"}
_HEAD = {"text": b"", "csv": b"disk,src,dst\n", "json": b"["}
_TAIL = {"text": b"", "csv": b"", "json": b"\n]\n"}
_SKIP = {"text": 0, "csv": 0, "json": 1}  # bytes dropped from the first item: json's comma


def _check_format(fmt: str) -> None:
    if fmt not in FORMATS:
        raise UnknownMethodError(f"unknown move format {fmt!r}: choose one of {', '.join(FORMATS)}")


class _Table:
    """The bytes of every move ``disk * k² + src * k + dst`` (``k`` posts) in one format, for formatting whole chunks
    at once.

    The moves of disks 1 to 9 have one width, so a chunk is one gather of fixed-width items into a reusable buffer;
    the few longer moves (about one in 512 of a classic solution) are spliced in between the runs of short ones.
    """

    def __init__(self, fmt: str, posts: int = 3) -> None:
        self.fmt, self.posts, self.names = fmt, posts, post_names(posts)
        self.square = posts * posts
        self.width = len(self.item(9 * self.square))
        self.short = np.frombuffer(b"".join(self.item(code) for code in range(10 * self.square)), f"V{self.width}")
        self.items: dict[int, bytes] = {}
        self.buffer = np.empty(0, self.short.dtype)

    def item(self, code: int) -> bytes:
        disk, pair = divmod(code, self.square)
        src, dst = divmod(pair, self.posts)
        return _ITEM[self.fmt].format(
            disk=disk, src=src, dst=dst, src_name=self.names[src], dst_name=self.names[dst]
        ).encode()

    def cached_item(self, code: int) -> bytes:
        found = self.items.get(code)
        if found is None:
            if len(self.items) > 1 << 16:
                self.items.clear()
            found = self.items[code] = self.item(code)
        return found

    def format(self, chunk: MoveArray) -> bytes | memoryview:
        """The bytes of ``chunk``; a memoryview of the reusable buffer, valid until the next call."""
        disk, src, dst = chunk
        k, square = self.posts, self.square
        if len(disk) <= 8:
            return b"".join(
                self.cached_item(int(d) * square + int(s) * k + int(t)) for d, s, t in zip(disk, src, dst)
            )
        code_type = np.dtype(np.uint16 if disk.dtype.itemsize == 1 else np.int64)
        codes: np.ndarray = disk.astype(code_type)
        longs = np.flatnonzero(codes >= 10).tolist()
        codes *= code_type.type(square)
        codes += src * np.uint8(k) + dst
        if len(self.buffer) < len(disk):
            self.buffer = np.empty(len(disk), self.short.dtype)
        out = self.buffer[: len(disk)]
        np.take(self.short, codes, out=out, mode="clip")  # codes of long moves are patched in below
        data = out.view(np.uint8).data
        if not longs:
            return data
        parts: list[bytes | memoryview] = []
        width, begin = self.width, 0
        for at in longs:
            parts += (data[begin * width : at * width], self.cached_item(int(codes[at])))
            begin = at + 1
        parts.append(data[begin * width :])
        return b"".join(parts)


def write_moves(
    chunks: Iterable[MoveArray], n: int, fmt: str, stream: BinaryIO, total: int | None = None, posts: int = 3
) -> None:
    """Write moves given as :class:`~hanoikit.movearray.MoveArray` chunks in format ``fmt`` to the binary ``stream``,
    posts named by :func:`~hanoikit.move.post_names` of ``posts`` in text; with ``total``, show a progress bar on
    stderr when it is a terminal. (``n``, the puzzle's number of disks, is no longer used: any disk numbers are
    written.)

    >>> import io
    >>> from hanoikit.solvers.arrays import chunks
    >>> out = io.BytesIO()
    >>> write_moves(chunks(2), 2, "text", out)
    >>> out.getvalue()
    b'1SI\\n2SD\\n1ID\\n'
    >>> out = io.BytesIO()
    >>> write_moves(chunks(2), 2, "csv", out)
    >>> out.getvalue()
    b'disk,src,dst\\n1,0,1\\n2,0,2\\n1,1,2\\n'
    """
    _check_format(fmt)
    table = _Table(fmt, posts)  # one per call: its buffer is reused from chunk to chunk
    runs = chunks.runs() if isinstance(chunks, Chunks) else chunks
    cache: dict[Hashable, bytes] = {}
    cached = 0
    skip = _SKIP[fmt]
    stream.write(_HEAD[fmt])
    with move_progress(total) as advance:
        for run in runs:
            if not len(run[0]):
                continue
            if isinstance(run, Recurring):
                data: bytes | memoryview | None = cache.get(run.key)
                if data is None:
                    data = bytes(table.format(run))
                    if cached + len(data) > RUN_CACHE_BYTES:
                        cache.clear()
                        cached = 0
                    cache[run.key] = data
                    cached += len(data)
            else:
                data = table.format(run)
            if skip:
                data, skip = memoryview(data)[skip:], 0
            stream.write(data)
            advance(len(run[0]))
    stream.write(_TAIL[fmt])
    stream.flush()


@contextmanager
def move_progress(total: int | None) -> Iterator[Callable[[int], None]]:
    """Yield ``advance(moves)``: a rich progress bar on stderr for long work on moves (from 2**22 moves) when stderr
    is a terminal."""
    if total is None or total < 1 << 22 or not sys.stderr.isatty():
        yield lambda moves: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from .draw.terminal import output_console

    columns = ("moves", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=output_console(stderr=True), transient=True) as bar:
        task = bar.add_task("moves", total=total)
        pending = [0]
        step = max(1 << 20, total // 1000)  # the bar is told in steps: a call per run would cost more than the run

        def advance(moves: int) -> None:
            pending[0] += moves
            if pending[0] >= step:
                bar.advance(task, pending[0])
                pending[0] = 0

        yield advance
        bar.advance(task, pending[0])


# Readers: each format as the line shape ``prefix, disk digits, middle, src, middle, dst, suffix`` of its moves.


class _Shape:
    def __init__(self, fmt: str, head: bytes, tail: bytes, prefix: bytes, middle: bytes, suffix: bytes, posts: bytes):
        self.fmt, self.head, self.tail = fmt, head, tail
        self.prefix, self.middle, self.suffix = prefix, middle, suffix
        self.posts = np.full(256, 255, np.uint8)
        self.posts[list(posts)] = [0, 1, 2]
        self.parts = tuple(np.frombuffer(part, np.uint8) for part in (prefix, middle, suffix))
        self.example = _ITEM[fmt].format(disk=1, src=0, dst=2, src_name="S", dst_name="D").strip(",\n")


_SHAPES = {
    "text": _Shape("text", b"", b"", b"", b"", b"", b"SID"),
    "csv": _Shape("csv", b"disk,src,dst\n", b"", b"", b",", b"", b"012"),
    "json": _Shape("json", b"[\n", b"]\n", b"[", b",", b"]", b"012"),
}

_MAX_DIGITS = 9


def read_moves(stream: BinaryIO | bytes, fmt: str, size: int = 1 << 22) -> Iterator[MoveArray]:
    """Parse moves written by :func:`write_moves` in format ``fmt`` back into ``(disk, src, dst)`` chunks, reading
    about ``size`` bytes at a time; raises :class:`~hanoikit.errors.InvalidMoveError` at the first byte out of place.

    >>> [a.tolist() for a in next(read_moves(b"disk,src,dst\\n3,0,2\\n", "csv"))]
    [[3], [0], [2]]
    >>> next(read_moves(b"1SD\\n1SS\\n", "text"))
    Traceback (most recent call last):
    hanoikit.errors.InvalidMoveError: line 2 of the text moves: '1SS' is not a move such as '1SD'
    """
    _check_format(fmt)
    shape = _SHAPES[fmt]
    read = (lambda _: b"") if isinstance(stream, bytes) else stream.read
    data = stream if isinstance(stream, bytes) else stream.read(size)
    while len(data) < len(shape.head) and (more := read(size)):
        data += more
    if not data.startswith(shape.head):
        raise InvalidMoveError(f"the {fmt} moves do not start with {shape.head.decode()!r}: {data[:20]!r}")
    data, line, last = data[len(shape.head) :], len(shape.head.splitlines()) + 1, False
    while True:
        end = data.rfind(b"\n") + 1
        more = read(size)
        if not more:
            end = len(data)
        lines = data[:end]
        if fmt == "json" and not more:
            if not (lines == shape.tail or lines.endswith(b"\n" + shape.tail)):
                raise InvalidMoveError(f"the json moves do not end with a line ']': {lines[-20:]!r}")
            lines = lines[: -len(shape.tail)]
        if lines:
            if last:
                raise InvalidMoveError(f"line {line} of the json moves: a move after the last one (no comma)")
            chunk, last = _parse(shape, lines, line)
            line += len(chunk[0])
            yield chunk
        data = data[end:] + more
        if not more:
            if fmt == "json" and line > 2 and not last:
                raise InvalidMoveError("the json moves have a comma after the last move")
            return


def parse_lines(lines: bytes, fmt: str) -> tuple[MoveArray, np.ndarray]:
    """The moves of ``lines`` (whole lines, each ending with a newline) in the line shape of ``fmt`` (``text`` or
    ``csv``, no header), and which lines are not in that shape (their moves are meaningless): a reader that meets
    other lines among the moves reads those alone.

    >>> (disk, src, dst), bad = parse_lines(b"1SD\\nSure!\\n2SI\\n", "text")
    >>> disk[~bad].tolist(), bad.tolist()
    ([1, 2], [False, True, False])
    """
    _check_format(fmt)
    (disk, src, dst), bad, _ = _shaped(_SHAPES[fmt], lines)
    return MoveArray(disk, src, dst), bad


def _parse(shape: _Shape, lines: bytes, first_line: int) -> tuple[MoveArray, bool]:
    """The moves of ``lines`` (whole lines) and, for json, whether the last one ends the list (has no comma)."""
    if not lines.endswith(b"\n"):
        raise InvalidMoveError(f"the {shape.fmt} moves end in the middle of a line: {lines[-20:]!r}")
    moves, bad, last = _shaped(shape, lines)
    if bad.any():
        raw = np.frombuffer(lines, np.uint8)
        newlines = np.flatnonzero(raw == ord("\n"))
        starts = np.concatenate(([0], newlines[:-1] + 1))
        at = int(np.argmax(bad))
        text = lines[starts[at] : newlines[at]]
        raise InvalidMoveError(
            f"line {first_line + at} of the {shape.fmt} moves: {text.decode(errors='replace')!r} "
            f"is not a move such as {shape.example!r}"
        )
    disk = moves[0]
    return MoveArray(disk.astype(disk_dtype(int(disk.max()))), moves[1], moves[2]), last


def _shaped(shape: _Shape, lines: bytes) -> tuple[MoveArray, np.ndarray, bool]:
    """The moves of every line of ``lines`` in ``shape``, which lines are not in it, and for json whether the last
    move ends the list."""
    raw = np.frombuffer(lines, np.uint8)
    count = lines.count(b"\n")
    disk, src, dst = np.zeros(count, np.int64), np.zeros(count, np.uint8), np.zeros(count, np.uint8)
    bad = np.zeros(count, np.bool_)
    last = _scanning(len(raw))(raw, *shape.parts, shape.posts, shape.fmt == "json", disk, src, dst, bad)
    return MoveArray(disk, src, dst), bad, bool(last)


def _scan(raw: np.ndarray, prefix: np.ndarray, middle: np.ndarray, suffix: np.ndarray, posts: np.ndarray,
          commas: bool, disk: np.ndarray, src: np.ndarray, dst: np.ndarray, bad: np.ndarray) -> bool:
    """Read each line of ``raw`` (ending with a newline) as ``prefix, disk digits, middle, src, middle, dst,
    suffix`` into ``disk``, ``src``, ``dst`` (posts by their byte through ``posts``), marking in ``bad`` the lines
    that are not; with ``commas``, every line but the last ends with a comma. Whether the last line has none."""
    line, begin, last = 0, 0, False
    fixed = prefix.shape[0] + 2 * middle.shape[0] + suffix.shape[0] + 2
    for end in range(raw.shape[0]):
        if raw[end] != 10:
            continue
        stop, wrong = end, False
        if commas:
            comma = end > begin and raw[end - 1] == 44
            if comma:
                stop -= 1
            last = not comma
            if not comma and end + 1 < raw.shape[0]:
                wrong = True
        digits = stop - begin - fixed
        if digits < 1 or digits > _MAX_DIGITS:
            wrong = True
        else:
            at = begin
            for byte in prefix:
                wrong |= raw[at] != byte
                at += 1
            number = 0
            for k in range(digits):
                digit = int(raw[at]) - 48
                wrong |= digit < 0 or digit > 9 or (k == 0 and digit == 0)
                number = number * 10 + digit
                at += 1
            for byte in middle:
                wrong |= raw[at] != byte
                at += 1
            a = posts[raw[at]]
            at += 1
            for byte in middle:
                wrong |= raw[at] != byte
                at += 1
            b = posts[raw[at]]
            at += 1
            for byte in suffix:
                wrong |= raw[at] != byte
                at += 1
            wrong |= a > 2 or b > 2 or a == b
            disk[line], src[line], dst[line] = number, a, b
        bad[line] = wrong
        line += 1
        begin = end + 1
    return last


_scanning = Loop(_scan, 1 << 14)
"""The scan compiled from 16 KiB of lines (or once loaded)."""


def read_text(stream: BinaryIO | bytes) -> Iterator[MoveArray]:
    """Moves in the ``text`` format (``1SD`` per line) as chunks.

    >>> [a.tolist() for a in next(read_text(b"1SI\\n2SD\\n1ID\\n"))]
    [[1, 2, 1], [0, 0, 1], [1, 2, 2]]
    """
    return read_moves(stream, "text")


def read_csv(stream: BinaryIO | bytes) -> Iterator[MoveArray]:
    """Moves in the ``csv`` format (a header, then ``1,0,2`` per line) as chunks.

    >>> [a.tolist() for a in next(read_csv(b"disk,src,dst\\n1,0,1\\n12,2,0\\n"))]
    [[1, 12], [0, 2], [1, 0]]
    """
    return read_moves(stream, "csv")


def read_json(stream: BinaryIO | bytes) -> Iterator[MoveArray]:
    """Moves in the ``json`` format (``[`` then ``[1,0,2],`` per line, then ``]``) as chunks.

    >>> [a.tolist() for a in next(read_json(b"[\\n[1,0,1],\\n[2,0,2]\\n]\\n"))]
    [[1, 2], [0, 0], [1, 2]]
    >>> list(read_json(b"[\\n]\\n"))
    []
    """
    return read_moves(stream, "json")
