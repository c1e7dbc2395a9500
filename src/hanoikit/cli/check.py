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
from typing import Any, TypeVar

import click

from .._extras import require
from ..checker import check as check_moves
from ..digits import exact
from ..draw.files import check_parent, extension, write_atomically
from ..limits import MAX_CHECK_BYTES, MAX_EVAL_CONCURRENCY, MAX_EVAL_TOKENS, MAX_GENERATE_COUNT
from ..movelist import named_position
from ..state import State
from .app import DISKS, FiniteRange, OutputPath, app, fail, magnetic_options, make_puzzle, puzzle_rules

__all__: list[str] = []

T = TypeVar("T")


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
@click.option("--style", type=click.Choice(["hanoikit", "reasoning-gym", "apple"]), default=None,
              help="The prompt style the reply answers: also say whether it is written exactly in its format.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="The report as plain sentences or as one JSON object.")
@click.pass_context
def check(ctx: click.Context, file: str, disks: int | None, magnetic: str | None,
          start_up: str | None, goal_up: str | None, source: str | None, target: str | None, names: str | None,
          strict: bool, explain: bool, style: str | None, fmt: str) -> None:
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
    says which lines were read (extracted_from); notes after moves, position printouts and recaps are passed over,
    halves of a list around a heading joined, and each such reading noted (warnings); a reply whose answer is not
    certain among several lists is ambiguous (status 3); --style says whether the reply is written exactly as that
    prompt style asks (format_ok); --strict refuses anything but a bare list. Moves are written 1SD,
    1 S D, (1, 0, 2), [[1,0,2], ...], "move disk 1 from S to D", or in hanoikit's text, csv and json formats. Posts
    are named by their letters (S, I, D; S, I, J, D on four posts...) or numbers from 0, unless --names says
    otherwise. Exit status: 0 solved optimally, 1 solved in more moves, 3 not solved (an illegal move, the goal not
    reached, or an empty reply: no answer), 2 bad input (also an unreadable line, or no move list in the reply).
    Lists of up to {MAX_CHECK_MOVES} moves. The optimum (and --explain's continuation) comes from the solvers of
    hanoi distance: on four posts or more between positions other than towers the heuristic search, at most so many
    disks: {MAX_HEURISTIC_DISKS} (four posts with every move: {MAX_HEURISTIC_EVERY_MOVE_DISKS}; magnetic NNNN:
    {MAX_HEURISTIC_NNNN_DISKS}; five posts with restricted moves, six or more: at most {MAX_HEURISTIC_WIDE_CODES}
    positions); beyond what a solver answers, the report says why there is no optimum.
    """
    if disks is None:
        given = source or target
        if given is None:
            fail("give the number of disks with -n N (or a position with --from)")
        disks = State.parse(named_position(given, puzzle_rules()[0] or len(magnetic or 'SID'), names)).n
    puzzle = make_puzzle(disks, magnetic, goal_up, start_up)
    src = None if source is None else puzzle.parse(named_position(source, puzzle.posts, names))
    dst = None if target is None else puzzle.parse(named_position(target, puzzle.posts, names))
    report = check_moves(puzzle, _read(file), src, dst, names=names, strict=strict, explain=explain, style=style)
    if fmt == "json":
        data = report.to_dict()
        if not explain:
            del data["continuation"], data["continuation_length"], data["continuation_from"]
        click.echo(exact_json({"puzzle": repr(puzzle), **data}))
    else:
        click.echo("\n".join(report.summary()))
        if report.format_ok is not None:
            click.echo(f"format: {'exactly' if report.format_ok else 'not exactly'} as the {style} prompt asks")
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
    return list(records(path, what))


def records(path: str, what: str) -> Iterator[dict[str, Any]]:
    """The JSON objects of a JSON-lines file (``-``: standard input) of at most
    :data:`~hanoikit.limits.MAX_CHECK_BYTES`, read one line at a time, or the rows of a Parquet file; a line that is
    not a JSON object ends the command in one line naming it."""
    if extension(path) == "parquet":
        yield from _parquet(path, what)
        return
    try:
        stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # closed below
        if path != "-" and os.fstat(stream.fileno()).st_size > MAX_CHECK_BYTES:  # refused before reading
            stream.close()
            fail(f"{path} is larger than {MAX_CHECK_BYTES:,} bytes, more than this can score")
    except OSError as error:
        fail(f"cannot read {path}: {error.strerror or error}")
    try:
        number = read = 0
        while True:
            try:
                line = stream.readline(MAX_CHECK_BYTES + 1)
            except OSError as error:
                fail(f"cannot read {path}: {error.strerror or error}")
            if not line:
                return
            number, read = number + 1, read + len(line)
            if read > MAX_CHECK_BYTES:  # a pipe or a file that grew
                fail(f"{path} is larger than {MAX_CHECK_BYTES:,} bytes, more than this can score")
            if line.strip():
                yield _record(line.decode("utf-8", "replace"), path, number, what)
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


def _record(line: str, path: str, number: int, what: str) -> dict[str, Any]:
    try:
        item = json.loads(line)
    except json.JSONDecodeError as error:
        fail(f"{path} line {number}: not a JSON object ({error.msg}); {what} are one JSON object a line")
    except RecursionError:
        fail(f"{path} line {number}: nested too deeply to read; {what} are one JSON object a line")
    except ValueError as error:  # Python's cap on the digits of an int read from text (sys.get_int_max_str_digits)
        fail(f"{path} line {number}: a number too long to read ({str(error).partition(':')[0]}); {what} are one "
             "JSON object a line")
    if not isinstance(item, dict):
        fail(f"{path} line {number}: not a JSON object; {what} are one JSON object a line")
    return item


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
    """Write the instances as a Parquet table (a column a field)."""
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
@click.option("--solutions", is_flag=True, help="Include an optimal solution in each instance, written as its prompt "
              "asks (--style): a reference answer any scorer takes.")
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
    plain English), link (the play page) and with --solutions solution, an optimal answer in the style. Sizes whose
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
        click.echo(f"wrote {out}: {count:,} instance{'s' * (count != 1)} (Parquet)")
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
    click.echo(f"wrote {out}: {count:,} instance{'s' * (count != 1)} (JSON lines)")


def _counted(items: Iterable[T], count: int, what: str = "instances") -> Iterator[T]:
    """``items``, with a progress bar of the ``count`` items on stderr when it is a terminal."""
    if not sys.stderr.isatty():
        yield from items
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ..draw.terminal import output_console

    columns = (TextColumn(f"[bold]{what}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=output_console(stderr=True), transient=True) as bar:
        task = bar.add_task(what, total=count)
        for item in items:
            yield item
            bar.advance(task)


@app.command()
@click.argument("instances", metavar="SET")
@click.argument("answers", metavar="ANSWERS...", nargs=-1, required=True)
@click.option("--label", "labels", multiple=True, metavar="NAME",
              help="Name each ANSWERS file's model, in order (default: the file's name without .jsonl).")
@click.option("--names", metavar="NAMES", help="Post names used in the answers (default: each instance's own names, "
              "else S, I, D and 0, 1, 2): ABC, 123 (reasoning-gym's 'Peg 1'...), or words 'left,middle,right'.")
@click.option("--strict", is_flag=True, help="Count an answer with anything but a bare move list as unreadable.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="A table, or one JSON object with every answer's result ({\"models\": [...]} for several).")
@click.option("--plot", "plot_path", type=OutputPath(), metavar="FILE.png",
              help="Also plot the solved and optimal rates by number of disks with their 95% intervals and the "
              "instances behind each point, a curve per family (per model for several), to this file (png, svg or "
              "pdf).")
def score(instances: str, answers: tuple[str, ...], labels: tuple[str, ...], names: str | None, strict: bool,
          fmt: str, plot_path: str | None) -> None:
    """Check every answer in ANSWERS against its instance in SET and sum up: solved and optimal rates with 95% Wilson
    intervals, by family and by family and number of disks, mean excess, first errors; several ANSWERS files (one a
    model) side by side.

    \b
    hanoi score set.jsonl answers.jsonl --plot success.png
    hanoi score set.jsonl a.jsonl b.jsonl --label small --label large --plot compare.png
    hanoi score rg_tower_of_hanoi.jsonl rg_answers.jsonl       a reasoning-gym set as it is

    SET is JSON lines (or Parquet) as hanoi generate writes, or a reasoning-gym tower_of_hanoi dataset (its entries
    with their metadata, pegs named 1, 2, 3...). Each answer is {"id": ..., "answer": ...} (as hanoi eval writes):
    the model's reply as it is (the last move list in it is read, as hanoi check does) or a list of moves [[disk,
    src, dst], ...]. Answers are paired with instances by id, or by reasoning-gym's metadata.source_index (an
    answer's id or its own metadata.source_index); else by line order, which a warning on stderr says. Results:
    solved, unfinished, the kind of the first illegal move, unreadable, no_answer (an empty reply or null), missing
    (no answer line). Answers are read one at a time: the memory does not grow with them.
    """
    from ..score import PLOT_FORMATS, plot, table
    from ..score import score as score_set

    if labels and len(labels) != len(answers):
        fail(f"give one --label for each of the {len(answers)} ANSWERS files, not {len(labels)}")
    if plot_path is not None:
        if extension(plot_path) not in PLOT_FORMATS:
            fail(f"cannot plot to {plot_path}: name a .png, .svg or .pdf file")
        if os.path.isdir(plot_path):
            fail(f"cannot plot to {plot_path}: it is a directory")
        check_parent(plot_path)
    kept = None if os.path.isfile(instances) else list(records(instances, "instances"))  # a pipe is read once
    if next(iter(kept) if kept is not None else records(instances, "instances"), None) is None:
        fail(f"{instances} holds no instances to score")
    names_of = labels or _labels(answers)
    results = []
    for path, label in zip(answers, names_of):
        given = kept if kept is not None else records(instances, "instances")  # a file is read again, a line at a time
        result = score_set(given, records(path, "answers"), names=names, strict=strict,
                           label=label if labels or len(answers) > 1 else None)
        results.append(result)
    if fmt == "json":
        click.echo(exact_json(results[0].to_dict()) if len(results) == 1 else json.dumps(
            {"models": [r.to_dict() for r in results]}))
    else:
        click.echo(table(results))
    for path, result in zip(answers, results):
        if result.paired_by == "line order":
            click.echo(f"hanoi score: warning: {path} paired with {instances} by line order (pairing by id needs "
                       "ids, or reasoning-gym's metadata.source_index, in both)", err=True)
    if plot_path is not None:
        plot(results, plot_path)


def _labels(paths: tuple[str, ...]) -> list[str]:
    """Each answers file's name without its directory and .jsonl (the whole path where two would be the same)."""
    stems = [os.path.basename(path).removesuffix(".jsonl").removesuffix(".parquet") or path for path in paths]
    return stems if len(set(stems)) == len(stems) else list(paths)


@app.command(name="eval")
@click.argument("instances", metavar="SET")
@click.option("--base-url", required=True, metavar="URL",
              help="The OpenAI-compatible endpoint, e.g. https://api.openai.com/v1, http://127.0.0.1:8000/v1 (vLLM, "
              "llama.cpp's server), http://127.0.0.1:11434/v1 (Ollama).")
@click.option("--model", required=True, metavar="NAME", help="The model to ask, as the endpoint names it.")
@click.option("--out", type=OutputPath(), required=True, metavar="ANSWERS.jsonl",
              help="The answers, one JSON object a line, appended: ids already there are not asked again.")
@click.option("--api-key-env", default="OPENAI_API_KEY", show_default=True, metavar="VAR",
              help="The environment variable holding the key (a local server needs none).")
@click.option("--concurrency", type=click.IntRange(1, MAX_EVAL_CONCURRENCY), default=4, show_default=True,
              metavar="N", help="Requests in flight at once.")
@click.option("--max-tokens", type=click.IntRange(1, MAX_EVAL_TOKENS), default=None, metavar="N",
              help="The most tokens of a reply (default: the endpoint's).")
@click.option("--temperature", type=FiniteRange(0, 2), default=None, metavar="T",
              help="The sampling temperature (default: the endpoint's).")
@click.option("--retries", type=click.IntRange(0, 20), default=5, show_default=True, metavar="N",
              help="Retries of a request on 429, 5xx, timeouts and lost connections, with exponential backoff.")
@click.option("--timeout", type=FiniteRange(0.1, 3600), default=600, show_default=True, metavar="SECONDS",
              help="How long one request may take.")
def evaluate(instances: str, base_url: str, model: str, out: str, api_key_env: str, concurrency: int,
             max_tokens: int | None, temperature: float | None, retries: int, timeout: float) -> None:
    """Ask a model every prompt of SET through an OpenAI-compatible chat endpoint and append its answers to
    ANSWERS.jsonl, ready for hanoi score (pip install 'hanoikit[eval]').

    \b
    hanoi eval set.jsonl --base-url https://api.openai.com/v1 --model gpt-4.1-mini --out answers.jsonl
    hanoi eval set.jsonl --base-url http://127.0.0.1:8000/v1 --model Qwen/Qwen3-8B --concurrency 16 --out qwen.jsonl
    hanoi score set.jsonl answers.jsonl qwen.jsonl --plot compare.png

    SET is what hanoi generate writes (each instance's prompt) or a reasoning-gym dataset (each entry's question,
    answered under its metadata.source_index). Each answer line holds id, answer (the reply as it came), model,
    served_by, finish_reason, usage (tokens), seconds and answered_at, and is written and flushed as it comes: a run
    stopped in any way loses nothing written, and the same command resumes it, asking only the ids not yet in
    ANSWERS.jsonl (all by the same model). At most {MAX_EVAL_CONCURRENCY} requests in flight; a progress bar on a
    terminal. Exit status: 0 every prompt answered, 3 some still unanswered after the retries (listed; run again to
    ask them), 2 bad input or an endpoint that answers nothing (no server, a refused key, an unknown model), 1
    ANSWERS.jsonl could not be written.
    """
    from ..integrations.chat import ask, check_base_url, prompts_of

    check_base_url(base_url)
    prompts = list(prompts_of(records(instances, "instances")))
    if not prompts:
        fail(f"{instances} holds no instances to ask")
    ids = {key for key, _ in prompts}
    if len(ids) < len(prompts):
        fail(f"{instances} gives two instances the same id: answers could not be told apart")
    done, end = _resume(out, model)
    if done - ids:
        fail(f"{out} holds answers to ids not in {instances} ({', '.join(sorted(done - ids)[:3])}...): another set's")
    pending = [(key, text) for key, text in prompts if key not in done]
    check_parent(out)
    failures = []
    written = 0
    with open(out, "ab") as stream:
        stream.truncate(end)  # a line cut short by a run killed while writing it
        answers = ask(pending, base_url=base_url, model=model, api_key=os.environ.get(api_key_env) or None,
                      concurrency=concurrency, max_tokens=max_tokens, temperature=temperature, retries=retries,
                      timeout=timeout)
        for answer in _counted(answers, len(pending), "prompts"):
            if isinstance(answer, dict):
                stream.write(json.dumps(answer).encode() + b"\n")
                stream.flush()
                written += 1
            else:
                failures.append(answer)
    already = f" ({len(done)} already there)" if done else ""
    click.echo(f"hanoi eval: {written} answers written to {out}{already}", err=True)
    if failures:
        listed = "; ".join(f"{f.id}: {f.reason}" for f in failures[:3])
        click.echo(f"hanoi eval: {len(failures)} prompts still unanswered after {retries} retries (run the same "
                   f"command again to ask them): {listed}{' ...' if len(failures) > 3 else ''}", err=True)
        raise click.exceptions.Exit(3)


def _resume(path: str, model: str) -> tuple[set[str], int]:
    """The ids ``path`` already answers (by ``model``) and where its last whole line ends (0 if it is missing)."""
    from ..integrations.chat import answered_ids

    if not os.path.exists(path):
        return set(), 0
    if not os.path.isfile(path):
        fail(f"{path} is not a regular file of answers")
    if os.path.getsize(path) > MAX_CHECK_BYTES:
        fail(f"{path} is larger than {MAX_CHECK_BYTES:,} bytes, more than a file of answers this resumes")
    ends = [0]

    def lines() -> Iterator[str]:
        with open(path, "rb") as stream:
            for line in stream:
                if line.endswith(b"\n"):
                    ends[0] += len(line)
                elif line.strip():  # a last line without its newline: whole if it reads
                    try:
                        json.loads(line)
                        ends[0] += len(line)
                    except ValueError:
                        pass
                yield line.decode("utf-8", "replace")

    try:
        found = answered_ids(lines(), model)
    except OSError as error:
        fail(f"cannot read {path}: {error.strerror or error}")
    return found, ends[0]
