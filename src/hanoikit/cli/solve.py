"""``hanoi solve``, ``hanoi move``, ``hanoi state`` and ``hanoi distance``: solutions and single facts about them.

Output formats of ``hanoi solve`` (posts are S, I, D = 0, 1, 2; disk 1 is the smallest):

* ``text``: one move per line, the disk number then the source and destination post letters, e.g. ``1SD``;
* ``csv``: a header ``disk,src,dst``, then one move per line with posts as numbers, e.g. ``1,0,2``;
* ``json``: one JSON array of moves ``[disk, src, dst]`` with posts as numbers, one move per line.

The output is streamed: the classic solutions are built as numpy arrays chunk by chunk
(:mod:`hanoikit.solvers.arrays`) and each chunk is formatted with one table lookup, so memory stays bounded and
``hanoi solve 30 > /dev/null`` takes seconds. Solutions longer than :data:`LISTING_LIMIT` moves are refused.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from itertools import islice
from typing import BinaryIO

import click
import numpy as np

from ..digits import digit_count, exact, rounded
from ..errors import TooLargeError, UnknownMethodError
from ..limits import MAX_DISKS, MAX_INDEX_BITS, MAX_INDEX_CHARS
from ..move import POST_NAMES, Move
from ..puzzle import Puzzle
from ..state import State
from .app import DISKS, app, fail, make_puzzle, magnetic_options

__all__ = ["LISTING_LIMIT", "FORMATS", "write_moves", "move_chunks"]

LISTING_LIMIT = 10**13
"""The most moves ``hanoi solve`` lists: at a hundred million moves a second, 10**13 moves take more than a day and
fill some fifty terabytes (``n = 43`` disks is the largest classic tower within it)."""

FORMATS = ("text", "json", "csv")

_ITEM = {"text": "{disk}{src_name}{dst_name}\n", "csv": "{disk},{src},{dst}\n", "json": ",\n[{disk},{src},{dst}]"}
_HEAD = {"text": b"", "csv": b"disk,src,dst\n", "json": b"["}
_TAIL = {"text": b"", "csv": b"", "json": b"\n]\n"}

Chunk = tuple[np.ndarray, np.ndarray, np.ndarray]


class _Table:
    """The bytes of every move ``disk * 9 + src * 3 + dst`` in one format, for formatting whole chunks at once.

    Most moves (disks 1 to 9) have the same width, so a chunk is one gather of fixed-width items; the few longer
    moves (about one in 512 of an optimal solution) are spliced in between the runs of short ones.
    """

    def __init__(self, n: int, fmt: str) -> None:
        self.items = [
            _ITEM[fmt].format(disk=disk, src=src, dst=dst, src_name=POST_NAMES[src], dst_name=POST_NAMES[dst]).encode()
            for disk in range(n + 1)
            for src in range(3)
            for dst in range(3)
        ]
        self.width = len(self.items[9])
        self.first_long = next((disk for disk in range(1, n + 1) if len(self.items[9 * disk]) > self.width), n + 1)
        short = [item if len(item) == self.width else bytes(self.width) for item in self.items]
        self.short = np.frombuffer(b"".join(short), f"V{self.width}")
        self.code_type = np.uint16 if len(self.items) <= 1 << 16 else np.int64

    def format(self, chunk: Chunk) -> bytes | memoryview:
        disk, src, dst = chunk
        codes = disk.astype(self.code_type) * self.code_type(9)
        codes += src * np.uint8(3) + dst
        data = memoryview(self.short[codes].view(np.uint8))
        longs = np.flatnonzero(disk >= self.first_long).tolist()
        if not longs:
            return data
        parts, width, begin = [], self.width, 0
        for at in longs:
            parts += (data[begin * width : at * width], self.items[codes[at]])
            begin = at + 1
        parts.append(data[begin * width :])
        return b"".join(parts)


@lru_cache(maxsize=8)
def _table(n: int, fmt: str) -> _Table:
    return _Table(n, fmt)


def move_chunks(moves: Iterable[Move], size: int = 1 << 16) -> Iterator[Chunk]:
    """Batch a stream of moves into ``(disk, src, dst)`` arrays for :func:`write_moves`."""
    moves = iter(moves)
    while batch := list(islice(moves, size)):
        table = np.array(batch, np.int64)
        yield table[:, 0], table[:, 1].astype(np.uint8), table[:, 2].astype(np.uint8)


def write_moves(chunks: Iterable[Chunk], n: int, fmt: str, stream: BinaryIO, total: int | None = None) -> None:
    """Write moves given as array chunks in format ``fmt`` to the binary ``stream``; with ``total``, show a progress
    bar on stderr when it is a terminal."""
    table = _table(n, fmt)
    stream.write(_HEAD[fmt])
    with _progress(total) as advance:
        first = True
        for chunk in chunks:
            data = table.format(chunk)
            if first and fmt == "json":
                data = data[1:]  # no comma before the first item
            first = first and not data
            stream.write(data)
            advance(len(chunk[0]))
    stream.write(_TAIL[fmt])
    stream.flush()


@contextmanager
def _progress(total: int | None) -> Iterator[Callable[[int], object]]:
    """Yield ``advance(moves)``: a rich progress bar on stderr for long listings when stderr is a terminal."""
    if total is None or total < 1 << 22 or not sys.stderr.isatty():
        yield lambda moves: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    columns = ("moves", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("moves", total=total)
        yield lambda moves: bar.advance(task, moves)


def _short(number: int) -> str:
    """``number`` in digits, or rounded when it has more than 60 of them (for messages)."""
    if abs(number) < 10**60:
        return str(number)
    return f"about {rounded(number)} ({digit_count(number):,} digits)"


class _Index(click.ParamType):
    """A whole number in digits, or as a sum of powers such as ``2**63-1``: move numbers of huge towers.

    At most :data:`~hanoikit.limits.MAX_INDEX_CHARS` characters and terms of at most
    :data:`~hanoikit.limits.MAX_INDEX_BITS` bits in all, checked before any power is computed.
    """

    name = "K"
    _SHAPE = re.compile(r"[+-]?\d+(\*\*\d+)?([+-]\d+(\*\*\d+)?)*")
    _TERM = re.compile(r"([+-]?)(\d+)(?:\*\*(\d+))?")

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        text = str(value)
        if len(text) > MAX_INDEX_CHARS:
            self.fail(f"{text[:20]!r}... is too long: move numbers are read up to {MAX_INDEX_CHARS:,} characters",
                      param, ctx)
        text = re.sub(r"[\s_]", "", text)
        if not text.isascii() or not self._SHAPE.fullmatch(text):
            self.fail(f"{str(value)[:40]!r} is not a whole number such as 12 or 2**63-1", param, ctx)
        terms = self._TERM.findall(text)
        terms = [(sign, _whole(base), _whole(power or "1")) for sign, base, power in terms]
        if sum(base.bit_length() * power for _, base, power in terms) > MAX_INDEX_BITS:
            self.fail(f"{text[:40]!r} is too large: move numbers are read up to 2**{MAX_INDEX_BITS}", param, ctx)
        return sum(-base**power if sign == "-" else base**power for sign, base, power in terms)


def _whole(digits: str) -> int:
    """An int from up to :data:`~hanoikit.limits.MAX_INDEX_CHARS` ASCII digits, past Python's 4300-digit limit."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return int(digits)
    finally:
        sys.set_int_max_str_digits(limit)


def _binary_stdout() -> BinaryIO:
    sys.stdout.flush()
    return sys.stdout.buffer


def _methods(puzzle: Puzzle) -> list[str]:
    if puzzle.magnetic:
        return ["optimal"]
    from ..solvers.classic import METHODS

    return ["optimal", *METHODS]


@app.command()
@click.argument("n", type=DISKS)
@magnetic_options
@click.option("--from", "source", metavar="STATE", help="Start from this position (default: the start tower).")
@click.option("--to", "target", metavar="STATE", help="Solve to this position (default: the goal tower).")
@click.option(
    "--method",
    default="optimal",
    show_default=True,
    metavar="NAME",
    help="Classic only: a seed method (recursive, iterative, four-step, three-step, route-table, bits), "
    "from the start tower to the goal tower.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="text: 1SD per line; csv: disk,src,dst; json: [[disk, src, dst], ...].",
)
@click.option("--count", is_flag=True, help="Print only the number of moves.")
def solve(
    n: int,
    magnetic: str | None,
    start_up: str | None,
    goal_up: str | None,
    source: str | None,
    target: str | None,
    method: str,
    fmt: str,
    count: bool,
) -> None:
    """List an optimal solution for N disks, one move per line (e.g. 1SD: disk 1 from S to D).

    \b
    hanoi solve 3                       the classic tower from S to D
    hanoi solve 3 --magnetic NNN        the magnetic tower
    hanoi solve 4 --from SIDS --to DDDD from any position to any position
    hanoi solve 64 --count              the number of moves, exactly

    N goes up to {MAX_DISKS}; listings up to 10**13 moves.
    """
    puzzle = make_puzzle(n, magnetic, goal_up, start_up)
    src = None if source is None else puzzle.parse(source)
    dst = None if target is None else puzzle.parse(target)
    allowed = _methods(puzzle)
    if method not in allowed:
        kind = "the magnetic tower" if puzzle.magnetic else "the classic tower"
        raise UnknownMethodError(f"unknown method {method!r} for {kind}: choose one of {', '.join(allowed)}")
    if method != "optimal" and (src is not None or dst is not None):
        fail(f"--method {method} solves from the start tower to the goal tower; use --method optimal with --from/--to")
    if method == "route-table" and n > 26:
        fail(f"--method route-table keeps all 2**n route numbers in memory; use it for at most 26 disks, not {n}")
    total = puzzle.distance(src, dst)
    if count:
        click.echo(exact(total))
        return
    if total > LISTING_LIMIT:
        raise TooLargeError(
            f"the solution has {_short(total)} moves, more than can be listed (at most 10**13); "
            "use --count for the number, or `hanoi move N K` for single moves"
        )
    write_moves(_solution(puzzle, src, dst, method), puzzle.n, fmt, _binary_stdout(), total)


def _solution(puzzle: Puzzle, src: State | None, dst: State | None, method: str) -> Iterator[Chunk]:
    if method == "optimal":
        if puzzle.magnetic:
            from ..solvers.magnetic import solution_chunks
        else:
            from ..solvers.arrays import solution_chunks
        return solution_chunks(puzzle, src, dst)  # type: ignore[arg-type]
    from ..solvers.classic import solution

    return move_chunks(solution(puzzle.n, method))


@app.command()
@click.argument("n", type=DISKS)
@click.argument("k", type=_Index())
@magnetic_options
def move(n: int, k: int, magnetic: str | None, start_up: str | None, goal_up: str | None) -> None:
    """Print move K (from 0) of the optimal solution for N disks, e.g. 1SD.

    K may be huge and may be written as a sum of powers: hanoi move 64 2**63-1 prints 64SD. N goes up to
    {MAX_DISKS}.
    """
    puzzle = make_puzzle(n, magnetic, goal_up, start_up)
    total = puzzle.distance()
    if not 0 <= k < total:
        fail(f"there is no move {_short(k)}: the solution has {_short(total)} moves, numbered from 0")
    click.echo(str(puzzle.move_at(k)))


@app.command()
@click.argument("n", type=DISKS)
@click.argument("k", type=_Index())
@magnetic_options
def state(n: int, k: int, magnetic: str | None, start_up: str | None, goal_up: str | None) -> None:
    """Print the position after the first K moves of the optimal solution for N disks, e.g. IID.

    K may be huge and may be written as a sum of powers: hanoi state 64 2**63 prints IIII...IID. N goes up to
    {MAX_DISKS}.
    """
    puzzle = make_puzzle(n, magnetic, goal_up, start_up)
    total = puzzle.distance()
    if not 0 <= k <= total:
        fail(f"there is no position after {_short(k)} moves: the solution has {_short(total)} moves")
    click.echo(str(puzzle.state_at(k)))


@app.command()
@click.argument("a", metavar="A")
@click.argument("b", metavar="B")
@magnetic_options
def distance(a: str, b: str, magnetic: str | None, start_up: str | None, goal_up: str | None) -> None:
    """Print the least number of moves between positions A and B, e.g. hanoi distance SSIDD DDDDD, or with
    --magnetic NNN positions with top colours such as SS:RR. Up to {MAX_DISKS} disks."""
    if max(len(a), len(b)) > 2 * MAX_DISKS + 1:
        fail(f"positions are read up to {MAX_DISKS:,} disks")
    first = State.parse(a)
    puzzle = make_puzzle(first.n, magnetic, goal_up, start_up)
    click.echo(exact(puzzle.distance(puzzle.check(first), puzzle.parse(b))))
