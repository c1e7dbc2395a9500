"""``hanoi solve``, ``hanoi move``, ``hanoi state`` and ``hanoi distance``: solutions and single facts about them.

The output formats of ``hanoi solve`` (text, csv, json) are those of :mod:`hanoikit.formats`; the methods are the
optimal algorithms of :mod:`hanoikit.algorithms` that play the puzzle. The output is streamed: solutions are built
as numpy arrays run by run (:meth:`hanoikit.algorithms.Algorithm.arrays`), and the runs that recur are formatted
once, so memory stays bounded and ``hanoi solve 30 > /dev/null`` takes seconds. Solutions longer than
:data:`LISTING_LIMIT` moves are refused.
"""

from __future__ import annotations

import shlex
import sys
from typing import BinaryIO, cast

import click

from .. import algorithms
from ..digits import digit_count, exact, rounded
from ..errors import HanoiError, TooLargeError, UnknownMethodError
from ..formats import FORMATS, write_moves
from ..limits import MAX_DISKS
from ..move import parse_index
from ..puzzle import Puzzle
from ..state import State
from .app import DISKS, app, fail, magnetic_options, make_puzzle, puzzle_rules

__all__ = ["LISTING_LIMIT"]

LISTING_LIMIT = 10**13
"""The most moves ``hanoi solve`` lists: at a hundred million moves a second, 10**13 moves take more than a day and
fill some fifty terabytes (``n = 43`` disks is the largest classic tower within it)."""


def _short(number: int) -> str:
    """``number`` in digits, or rounded when it has more than 60 of them (for messages)."""
    if abs(number) < 10**60:
        return str(number)
    return f"about {rounded(number)} ({digit_count(number):,} digits)"


class _Index(click.ParamType[int]):
    """A move number (:func:`hanoikit.move.parse_index`): a whole number in digits, or a sum of powers such as
    ``2**63-1``, for the move numbers of huge towers."""

    name = "K"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> int:
        try:
            return parse_index(cast(str, value))
        except HanoiError as error:
            self.fail(str(error), param, ctx)


def _binary_stdout() -> BinaryIO:
    sys.stdout.flush()
    return sys.stdout.buffer


def _methods(puzzle: Puzzle) -> list[str]:
    """The names of the optimal algorithms that play ``puzzle``."""
    return [algorithm.name for algorithm in algorithms.playing(puzzle) if algorithm.optimal]


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
    help="text: 1SD per line (post letters S, I, J, ..., D on more posts); csv: disk,src,dst; "
    "json: [[disk, src, dst], ...] (posts as numbers from 0).",
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
    hanoi solve 5 --posts 4             four posts (Frame-Stewart), posts S, I, J, D
    hanoi solve 4 --moves cyclic        only the moves S to I, I to D, D to S
    hanoi solve 64 --count              the number of moves, exactly

    N goes up to {MAX_DISKS}; listings up to 10**13 moves. A puzzle no solver answers exactly at this size is
    refused before the search: the exhaustive search stops at {MAX_SEARCH_POSITIONS} positions; on four posts or
    more between positions other than towers, the heuristic search (A* with pattern databases, a progress bar on a
    terminal) takes at most so many disks: {MAX_HEURISTIC_DISKS} (four posts with every move:
    {MAX_HEURISTIC_EVERY_MOVE_DISKS}; magnetic NNNN: {MAX_HEURISTIC_NNNN_DISKS}; five posts with restricted moves,
    six or more: at most {MAX_HEURISTIC_WIDE_CODES} positions); it gives up past {MAX_HEURISTIC_NODES} positions
    stored.
    """
    puzzle = make_puzzle(n, magnetic, goal_up, start_up)
    src = None if source is None else puzzle.parse(source)
    dst = None if target is None else puzzle.parse(target)
    allowed = _methods(puzzle)
    if method.strip().lower() not in allowed:
        raise UnknownMethodError(f"unknown method {method!r} for this puzzle: choose one of {', '.join(allowed)}")
    chosen = algorithms.get(method)
    if not chosen.any_position and (src is not None or dst is not None):
        fail(f"--method {method} solves from the start tower to the goal tower; use --method optimal with --from/--to")
    if chosen.name == "route-table" and n > 26:
        fail(f"--method route-table keeps all 2**n route numbers in memory; use it for at most 26 disks, not {n}")
    total = chosen.count(puzzle, src, dst)
    if count:
        click.echo(exact(total))
        return
    if total > LISTING_LIMIT:
        raise TooLargeError(
            f"the solution has {_short(total)} moves, more than can be listed (at most 10**13); "
            "use --count for the number, or `hanoi move N K` for single moves"
        )
    chunks = chosen.arrays(puzzle, src, dst)
    write_moves(chunks, puzzle.n, fmt, _binary_stdout(), total, puzzle.posts)


@app.command()
@click.argument("n", type=DISKS)
@click.argument("k", type=_Index())
@magnetic_options
def move(n: int, k: int, magnetic: str | None, start_up: str | None, goal_up: str | None) -> None:
    """Print move K (from 0) of the optimal solution for N disks, e.g. 1SD.

    K may be huge and may be written as a sum of powers: hanoi move 64 2**63-1 prints 64SD. N goes up to
    {MAX_DISKS} ({MAX_MAGNETIC_INDEX_DISKS} with --magnetic).
    """
    puzzle = make_puzzle(n, magnetic, goal_up, start_up)
    total = puzzle.distance()
    if not 0 <= k < total:
        fail(f"there is no move {_short(k)}: the solution has {_short(total)} moves, numbered from 0")
    click.echo(puzzle.move_at(k).notation(puzzle.posts))


@app.command()
@click.argument("n", type=DISKS)
@click.argument("k", type=_Index())
@magnetic_options
def state(n: int, k: int, magnetic: str | None, start_up: str | None, goal_up: str | None) -> None:
    """Print the position after the first K moves of the optimal solution for N disks, e.g. IID.

    K may be huge and may be written as a sum of powers: hanoi state 64 2**63 prints IIII...IID. N goes up to
    {MAX_DISKS} ({MAX_MAGNETIC_INDEX_DISKS} with --magnetic).
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
    --magnetic NNN positions with top colours such as SS:RR.

    \b
    hanoi distance SIS:RBR DDD:BBB --magnetic NNN
    hanoi distance SIJDSIJDSI DDDDDDDDDD --posts 4     four posts, by heuristic search
    hanoi distance SIJKD DDDDD --posts 5 --moves cyclic

    Up to {MAX_DISKS} disks ({MAX_MAGNETIC_DISKS} with --magnetic unless both are perfect towers). On four posts or
    more between positions other than towers, the heuristic search (A* with pattern databases, a progress bar on a
    terminal) takes at most so many disks: {MAX_HEURISTIC_DISKS} (four posts with every move:
    {MAX_HEURISTIC_EVERY_MOVE_DISKS}; magnetic NNNN: {MAX_HEURISTIC_NNNN_DISKS}; five posts with restricted moves,
    six or more: at most {MAX_HEURISTIC_WIDE_CODES} positions); it gives up past {MAX_HEURISTIC_NODES} positions
    stored. Members no other solver answers are searched exhaustively, up to {MAX_FRONTIER_SOLVER_CODES} positions.
    Larger ones are refused before the search."""
    if max(len(a), len(b)) > 2 * MAX_DISKS + 1:
        fail(f"positions are read up to {MAX_DISKS:,} disks")
    posts = puzzle_rules()[0] or (len(magnetic) if magnetic else None)
    first = State.parse(a, posts)
    if magnetic is None and ":" in a + b:
        coloured = a if ":" in a else b
        example = f"hanoi distance {shlex.quote(a)} {shlex.quote(b)} --magnetic {'N' * (posts or 3)}"
        fail(f"position {coloured!r} gives top colours, which only the magnetic tower has: add --magnetic with the "
             f"colour of each post, e.g. {example}")
    puzzle = make_puzzle(first.n, magnetic, goal_up, start_up)
    click.echo(exact(puzzle.distance(puzzle.parse(a), puzzle.parse(b))))
