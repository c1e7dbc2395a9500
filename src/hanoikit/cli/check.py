"""``hanoi check``, ``hanoi generate`` and ``hanoi score``: check a move list, make a puzzle set, score answers to it.

``hanoi check`` exits with status 0 when the list solves the puzzle optimally, 1 when it solves it in more moves, 3
when it does not solve it (an illegal move, or the goal not reached) and 2 for bad input (an unreadable line, unknown
options).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import IO, Any

import click

from ..checker import check as check_moves
from ..limits import MAX_CHECK_BYTES, MAX_GENERATE_COUNT, MAX_POSTS
from ..puzzle import MOVE_RULES, MagneticPuzzle, Puzzle
from ..state import State
from .app import DISKS, app, fail, magnetic_options

__all__ = ["puzzle_options", "make_family_puzzle"]


def puzzle_options(command):  # type: ignore[no-untyped-def]
    """Add ``-n/--disks``, ``--posts``, ``--moves`` and the magnetic options to a command."""
    command = magnetic_options(command)
    command = click.option(
        "--moves", "rule", default="any", show_default=True, metavar="RULE",
        help=f"Allowed moves: {', '.join(MOVE_RULES)}, or pairs of post letters such as 'SI ID DS'.",
    )(command)
    command = click.option(
        "--posts", type=click.IntRange(3, MAX_POSTS), default=None, metavar="K",
        help=f"Number of posts, 3 to {MAX_POSTS} (with --magnetic: as many as its colours).",
    )(command)
    return click.option("-n", "--disks", type=DISKS, default=None, metavar="N", help="Number of disks.")(command)


def make_family_puzzle(n: int, posts: int | None, rule: str, magnetic: str | None, start_up: str | None,
                       goal_up: str | None) -> Puzzle:
    """The puzzle the options name."""
    if magnetic is None:
        if goal_up is not None or start_up is not None:
            fail("--goal-up and --start-up need --magnetic COLORS")
        return Puzzle(n, posts=3 if posts is None else posts, moves=rule)
    if posts is not None and posts != len(magnetic):
        fail(f"--magnetic {magnetic} colours {len(magnetic)} posts, not --posts {posts}")
    return MagneticPuzzle(n, magnetic, start_up=start_up, goal_up=goal_up, moves=rule)  # type: ignore[arg-type]


def _read(path: str) -> bytes:
    """The bytes of ``path`` (``-``: standard input), at most :data:`~hanoikit.limits.MAX_CHECK_BYTES`."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_CHECK_BYTES + 1)
        else:
            with open(path, "rb") as stream:
                data = stream.read(MAX_CHECK_BYTES + 1)
    except OSError as error:
        fail(f"cannot read {path}: {error.strerror or error}")
    if len(data) > MAX_CHECK_BYTES:
        fail(f"{path} is larger than {MAX_CHECK_BYTES:,} bytes, more than a move list this can check")
    return data


@app.command()
@click.argument("file", metavar="FILE")
@puzzle_options
@click.option("--from", "source", metavar="POSITION", help="Start from this position (default: the start tower).")
@click.option("--to", "target", metavar="POSITION", help="The goal position (default: the goal tower).")
@click.option("--names", metavar="NAMES",
              help="Post names used in the list, in post order: ABC (A=S, B=I, C=D), 123, or words 'left,middle,right'.")
@click.option("--explain", is_flag=True, help="Show the first suboptimal move and an optimal continuation from it.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="The report as plain sentences or as one JSON object.")
@click.pass_context
def check(ctx: click.Context, file: str, disks: int | None, posts: int | None, rule: str, magnetic: str | None,
          start_up: str | None, goal_up: str | None, source: str | None, target: str | None, names: str | None,
          explain: bool, fmt: str) -> None:
    """Check the move list in FILE (- for standard input): is every move legal, is the goal reached, how far from
    the optimum.

    \b
    hanoi check answer.txt -n 3                    classic, 3 disks, S to D
    hanoi check answer.txt -n 4 --magnetic NNN     the magnetic tower
    hanoi check answer.txt -n 3 --posts 4 --names ABCD --explain
    hanoi check - --from SIS --to DDD < moves.txt  any positions

    One move per line: 1SD, 1 S D, (1, 0, 2), [[1,0,2], ...], "move disk 1 from S to D", or hanoikit's text, csv
    and json formats. Posts are named by their letters (S, I, D; S, I, J, D on four posts...) or numbers from 0,
    unless --names says otherwise. Exit status: 0 solved optimally, 1 solved in more moves, 3 not solved (an illegal
    move or the goal not reached), 2 bad input (also an unreadable line). Lists of up to {MAX_CHECK_MOVES} moves.
    """
    if disks is None:
        given = source or target
        if given is None:
            fail("give the number of disks with -n N (or a position with --from)")
        disks = State.parse(given).n
    puzzle = make_family_puzzle(disks, posts, rule, magnetic, start_up, goal_up)
    src = None if source is None else puzzle.parse(source)
    dst = None if target is None else puzzle.parse(target)
    report = check_moves(puzzle, _read(file), src, dst, names=names, explain=explain)
    if fmt == "json":
        data = report.to_dict()
        if not explain:
            del data["continuation"], data["continuation_length"]
        click.echo(json.dumps({"puzzle": repr(puzzle), **data}))
    else:
        click.echo("\n".join(report.summary()))
    if report.unreadable:
        lines = ", ".join(str(u.line) for u in report.unreadable[:10])
        more = ", ..." if len(report.unreadable) > 10 else ""
        first = report.unreadable[0]
        fail(f"{file}: {len(report.unreadable)} line(s) cannot be read as moves ({lines}{more}); "
             f"line {first.line}: {first.text!r}: {first.reason}")
    ctx.exit(0 if report.optimally_solved else 1 if report.solved else 3)
