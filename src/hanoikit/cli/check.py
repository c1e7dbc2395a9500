"""``hanoi check``, ``hanoi generate`` and ``hanoi score``: check a move list, make a puzzle set, score answers to it.

``hanoi check`` exits with status 0 when the list solves the puzzle optimally, 1 when it solves it in more moves, 3
when it does not solve it (an illegal move, or the goal not reached) and 2 for bad input (an unreadable line, unknown
options).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import click

from .._extras import require
from ..checker import check as check_moves
from ..digits import exact
from ..draw.files import check_parent, extension, write_atomically
from ..limits import MAX_CHECK_BYTES, MAX_GENERATE_COUNT
from ..movelist import named_position
from ..state import State
from .app import DISKS, OutputPath, app, fail, magnetic_options, make_puzzle, puzzle_rules

__all__: list[str] = []


def _with_disks(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``-n/--disks`` and the puzzle options (``--magnetic``, ``--posts``, ``--moves``, ...) to a command."""
    command = magnetic_options(command)
    return click.option("-n", "--disks", type=DISKS, default=None, metavar="N", help="Number of disks.")(command)


def _read(path: str) -> bytes:
    """The bytes of ``path`` (``-``: standard input), at most :data:`~hanoikit.limits.MAX_CHECK_BYTES`."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_CHECK_BYTES + 1)
        else:
            with open(path, "rb") as stream:
                if os.fstat(stream.fileno()).st_size > MAX_CHECK_BYTES:  # a regular file: refused before reading
                    fail(f"{path} is larger than {MAX_CHECK_BYTES:,} bytes, more than a move list this can check")
                data = stream.read(MAX_CHECK_BYTES + 1)
    except OSError as error:
        fail(f"cannot read {path}: {error.strerror or error}")
    if len(data) > MAX_CHECK_BYTES:
        fail(f"{path} is larger than {MAX_CHECK_BYTES:,} bytes, more than a move list this can check")
    return data


@app.command()
@click.argument("file", metavar="FILE")
@_with_disks
@click.option("--from", "source", metavar="POSITION", help="Start from this position (default: the start tower).")
@click.option("--to", "target", metavar="POSITION", help="The goal position (default: the goal tower).")
@click.option("--names", metavar="NAMES", help="Post names used in the list, --from, --to and the messages, in post "
              "order: ABC (A=S, B=I, C=D), 123 (reasoning-gym's 'Peg 1'...), or words 'left,middle,right'.")
@click.option("--strict", is_flag=True, help="Refuse anything but a bare move list (no prose around it).")
@click.option("--explain", is_flag=True, help="Show the first suboptimal move and an optimal continuation from it.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="The report as plain sentences or as one JSON object.")
@click.pass_context
def check(ctx: click.Context, file: str, disks: int | None, magnetic: str | None,
          start_up: str | None, goal_up: str | None, source: str | None, target: str | None, names: str | None,
          strict: bool, explain: bool, fmt: str) -> None:
    """Check the move list in FILE (- for standard input): is every move legal, is the goal reached, how far from
    the optimum.

    \b
    hanoi check answer.txt -n 3                    classic, 3 disks, S to D
    hanoi check answer.txt -n 4 --magnetic NNN     the magnetic tower
    hanoi check answer.txt -n 3 --posts 4 --names ABCD --explain
    hanoi check - --from SIS --to DDD < moves.txt  any positions
    hanoi check reply.txt -n 3 --posts 4 --names 1234 --from 1111 --to 3333   "Move disk 1 from Peg 1 to Peg 2"

    The file may be a model's whole reply: the last move list in it is read (a moves = [[1, 0, 2], ...] line, a
    JSON list, a fenced code block, or consecutive move lines), the prose around it ignored, and the JSON report
    says which lines were read (extracted_from); --strict refuses anything but a bare list. Moves are written 1SD,
    1 S D, (1, 0, 2), [[1,0,2], ...], "move disk 1 from S to D", or in hanoikit's text, csv and json formats. Posts
    are named by their letters (S, I, D; S, I, J, D on four posts...) or numbers from 0, unless --names says
    otherwise. Exit status: 0 solved optimally, 1 solved in more moves, 3 not solved (an illegal move, the goal not
    reached, or an empty reply: no answer), 2 bad input (also an unreadable line, or no move list in the reply).
    Lists of up to {MAX_CHECK_MOVES} moves. The optimum (and --explain's continuation) comes from the solvers of
    hanoi distance: on four posts or more between positions other than towers the heuristic search, at most so many
    disks: {MAX_HEURISTIC_DISKS} (four posts with every move: {MAX_HEURISTIC_EVERY_MOVE_DISKS}; five posts with
    restricted moves, six or more: at most {MAX_HEURISTIC_WIDE_CODES} positions); beyond what a
    solver answers, the report says why there is no optimum.
    """
    if disks is None:
        given = source or target
        if given is None:
            fail("give the number of disks with -n N (or a position with --from)")
        disks = State.parse(named_position(given, puzzle_rules()[0] or len(magnetic or 'SID'), names)).n
    puzzle = make_puzzle(disks, magnetic, goal_up, start_up)
    src = None if source is None else puzzle.parse(named_position(source, puzzle.posts, names))
    dst = None if target is None else puzzle.parse(named_position(target, puzzle.posts, names))
    report = check_moves(puzzle, _read(file), src, dst, names=names, strict=strict, explain=explain)
    if fmt == "json":
        data = report.to_dict()
        if not explain:
            del data["continuation"], data["continuation_length"], data["continuation_from"]
        click.echo(exact_json({"puzzle": repr(puzzle), **data}))
    else:
        click.echo("\n".join(report.summary()))
    if report.kind == "unreadable" and not report.unreadable:
        fail(f"{file}: {report.reason}")
    if report.unreadable:
        lines = ", ".join(str(u.line) for u in report.unreadable[:10])
        more = ", ..." if len(report.unreadable) > 10 else ""
        first = report.unreadable[0]
        fail(f"{file}: {len(report.unreadable)} line(s) cannot be read as moves ({lines}{more}); "
             f"line {first.line}: {first.text!r}: {first.reason}")
    ctx.exit(0 if report.optimally_solved else 1 if report.solved else 3)


def exact_json(data: dict[str, Any]) -> str:
    """``data`` as JSON, its whole numbers however long written in full (Python's ``str`` refuses more than 4300
    digits and is quadratic)."""
    huge = {f"\x00{key}\x00": value for key, value in data.items()
            if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 1024}
    text = json.dumps({key: f"\x00{key}\x00" if f"\x00{key}\x00" in huge else value for key, value in data.items()})
    for token, value in huge.items():
        text = text.replace(json.dumps(token), exact(value), 1)
    return text


def _disk_range(text: str) -> tuple[int, int]:
    """``3..10`` (or ``5``) as (low, high)."""
    low, _, high = text.partition("..")
    try:
        return int(low), int(high or low)
    except ValueError:
        fail(f"--disks is a number or a range such as 3..10, not {text!r}")


def _jsonl(path: str, what: str) -> list[dict[str, Any]]:
    """The JSON objects of a JSON-lines file, one a line (blank lines skipped), or the rows of a Parquet file."""
    if extension(path) == "parquet":
        return _parquet(path, what)
    items = []
    for number, line in enumerate(_read(path).decode("utf-8", "replace").splitlines(), 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as error:
            fail(f"{path} line {number}: not a JSON object ({error.msg}); {what} are one JSON object a line")
        except RecursionError:
            fail(f"{path} line {number}: nested too deeply to read; {what} are one JSON object a line")
        if not isinstance(item, dict):
            fail(f"{path} line {number}: not a JSON object; {what} are one JSON object a line")
        items.append(item)
    return items


def _parquet(path: str, what: str) -> list[dict[str, Any]]:
    parquet = require("pyarrow.parquet", "parquet")
    try:
        rows: list[dict[str, Any]] = parquet.read_table(path).to_pylist()
    except OSError as error:
        fail(f"cannot read {path}: {error}")
    except Exception as error:  # pyarrow's own errors for a file that is not Parquet
        fail(f"{path}: not a Parquet file of {what} ({type(error).__name__}: {str(error)[:200]})")
    return rows


def _write_parquet(path: str, items: Iterable[dict[str, Any]]) -> None:
    """Write the instances as a Parquet table (a column a field; solutions as lists of moves)."""
    pyarrow = require("pyarrow", "parquet")
    parquet = require("pyarrow.parquet", "parquet")
    table = pyarrow.Table.from_pylist(list(items))
    parquet.write_table(table, path)


@app.command()
@click.option("--count", type=click.IntRange(1, MAX_GENERATE_COUNT), required=True, metavar="N",
              help="Number of instances.")
@click.option("--seed", type=int, default=0, show_default=True, help="The same seed gives the same set.")
@click.option("--family", "families", default="classic", show_default=True, metavar="NAMES",
              help="Comma-separated families: classic, magnetic, magnetic-RBB, posts4, cyclic, linear, star, ...")
@click.option("--disks", default="3..10", show_default=True, metavar="LOW..HIGH", help="Numbers of disks.")
@click.option("--start", type=click.Choice(["perfect", "random"]), default="perfect", show_default=True,
              help="The start: the tower on S, or any legal position.")
@click.option("--goal", type=click.Choice(["perfect", "random"]), default="perfect", show_default=True,
              help="The goal: the tower on D, or any legal position.")
@click.option("--goal-post", type=click.Choice(["D", "any"]), default="D", show_default=True,
              help="Where a goal tower stands: on D, or on any post but the start's, drawn for each instance.")
@click.option("--style", type=click.Choice(["hanoikit", "reasoning-gym", "apple"]), default="hanoikit",
              show_default=True, help="The prompt and the answer format it asks for: 1SD lines, 'Move disk 1 from "
              "Peg 1 to Peg 3' lines, or moves = [[1, 0, 2], ...].")
@click.option("--max-answer-chars", type=click.IntRange(1), default=None, metavar="N",
              help="Keep only instances whose optimal answer, written in the style, has at most N characters.")
@click.option("--solutions", is_flag=True, help="Include an optimal solution in each instance.")
@click.option("--out", type=OutputPath(dash=True), default="-", show_default=True, metavar="FILE",
              help="The JSON-lines file (- for stdout), or FILE.parquet for a Parquet table (pip install "
              "'hanoikit[parquet]').")
def generate(count: int, seed: int, families: str, disks: str, start: str, goal: str, goal_post: str, style: str,
             max_answer_chars: int | None, solutions: bool, out: str) -> None:
    """Write a set of puzzle instances with exact optima, one JSON object a line, the same for the same seed.

    \b
    hanoi generate --count 1000 --seed 1 --family classic,magnetic,posts4 --disks 3..6 --start random --out set.jsonl
    hanoi generate --count 500 --family posts4 --style reasoning-gym --goal-post any --max-answer-chars 4000

    Each instance has id, family, n, posts, moves (the rule), colors (null unless magnetic), start, goal
    (positions), optimal (the exact least number of moves: the difficulty), guarantee (what the solver that gave it
    guarantees), style, names (the post names its answers use), answer_chars (the length of an optimal answer in the
    style), branching (the most legal moves of a position), prompt (the rules, the positions and the answer format in
    plain English), link (the play page) and with --solutions an optimal solution. Sizes whose
    optimum needs more than quick work are refused before any is drawn: at most {MAX_GENERATE_DISKS} disks; on
    four posts or more where no closed form gives the optimum (random positions; towers with restricted moves), the
    heuristic search, at most so many disks: {MAX_GENERATE_HEURISTIC_DISKS}; other members answered only by the
    exhaustive search at most {MAX_GENERATE_SEARCH_POSITIONS} positions. A progress bar shows on a terminal.
    """
    from ..generate import check_sizes
    from ..generate import generate as instances

    names = [name.strip() for name in families.split(",") if name.strip()]
    low_high = _disk_range(disks)
    check_sizes(names, low_high, start, goal)
    made = _counted(instances(count, seed, names, low_high, start, goal, solutions, style=style, goal_post=goal_post,
                              max_answer_chars=max_answer_chars), count)
    if extension(out) == "parquet":
        require("pyarrow", "parquet")
        check_parent(out)
        write_atomically(out, lambda path: _write_parquet(path, made))
        return
    lines = (json.dumps(item) + "\n" for item in made)
    if out == "-":
        for line in lines:
            sys.stdout.write(line)
        return
    check_parent(out)

    def write(path: str) -> None:
        with open(path, "w", encoding="utf-8") as stream:
            stream.writelines(lines)

    write_atomically(out, write)


def _counted(items: Iterable[dict[str, Any]], count: int) -> Iterator[dict[str, Any]]:
    """``items``, with a progress bar of the ``count`` instances on stderr when it is a terminal."""
    if not sys.stderr.isatty():
        yield from items
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ..draw.terminal import output_console

    columns = (TextColumn("[bold]instances"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=output_console(stderr=True), transient=True) as bar:
        task = bar.add_task("instances", total=count)
        for item in items:
            yield item
            bar.advance(task)


@app.command()
@click.argument("instances", metavar="SET")
@click.argument("answers", metavar="ANSWERS")
@click.option("--names", metavar="NAMES", help="Post names used in the answers (default: each instance's own names, "
              "else S, I, D and 0, 1, 2): ABC, 123 (reasoning-gym's 'Peg 1'...), or words 'left,middle,right'.")
@click.option("--strict", is_flag=True, help="Count an answer with anything but a bare move list as unreadable.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="A table, or one JSON object with every answer's result.")
@click.option("--plot", "plot_path", type=OutputPath(), metavar="FILE.png",
              help="Also plot the solved and optimal rates by number of disks, a curve per family with its 95% "
              "interval, to this file (png, svg or pdf).")
def score(instances: str, answers: str, names: str | None, strict: bool, fmt: str, plot_path: str | None) -> None:
    """Check every answer in ANSWERS against its instance in SET and sum up: solved and optimal rates with 95% Wilson
    intervals, by family and by number of disks, mean excess, first errors.

    \b
    hanoi score set.jsonl answers.jsonl --plot success.png
    hanoi score rg_tower_of_hanoi.jsonl rg_answers.jsonl       a reasoning-gym set as it is

    SET is JSON lines (or Parquet) as hanoi generate writes, or a reasoning-gym tower_of_hanoi dataset (its entries
    with their metadata, pegs named 1, 2, 3...). Each answer is {"id": ..., "answer": ...}: the model's reply as it
    is (the last move list in it is read, as hanoi check does) or a list of moves [[disk, src, dst], ...]. Answers
    are paired with instances by id, or by line order when the set has no ids. Results: solved, unfinished, the kind
    of the first illegal move, unreadable, no_answer (an empty reply or null), missing (no answer line).
    """
    from ..score import PLOT_FORMATS, plot, table
    from ..score import score as score_set

    if plot_path is not None:
        if extension(plot_path) not in PLOT_FORMATS:
            fail(f"cannot plot to {plot_path}: name a .png, .svg or .pdf file")
        if os.path.isdir(plot_path):
            fail(f"cannot plot to {plot_path}: it is a directory")
        check_parent(plot_path)
    given = _jsonl(instances, "instances")
    if not given:
        fail(f"{instances} holds no instances to score")
    result = score_set(given, _jsonl(answers, "answers"), names=names, strict=strict)
    click.echo(exact_json(result.to_dict()) if fmt == "json" else table(result))
    if plot_path is not None:
        plot(result, plot_path)
