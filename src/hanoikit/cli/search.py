"""``hanoi search``: breadth-first search of the whole state space, and its summary."""

from __future__ import annotations

import json
import math
import os
import sys
import time
from typing import Any

import click

from .. import limits
from ..draw.terminal import emit, output_console, print_table, table
from ..frontier import ENGINES
from ..puzzle import Puzzle
from .app import DISKS, OutputPath, app, fail, magnetic_options, make_puzzle

__all__ = ["diameter", "search"]

_SHOWN_LAYERS = 24  # more layers than this are shown as the first and last few


@app.command()
@click.argument("n", type=DISKS, required=False)
@magnetic_options
@click.option("--from", "source", metavar="STATE", help="Search from this position (default: the start), e.g. SSI:RRB.")
@click.option("--engine", type=click.Choice(ENGINES), help="Run the search's block tasks here (default), on local "
              "processes, or on Dask; implies the frontier search.")
@click.option("--workers", type=click.IntRange(1, limits.MAX_WORKERS), help="Worker processes (processes engine), or "
              f"start a Dask LocalCluster of N workers (default engine: dask); at most {limits.MAX_WORKERS}. "
              "A LocalCluster's workers run many layers a task and meet in shared memory (one silent for "
              f"{limits.ROUND_WAIT_SECONDS} s ends the search).")
@click.option("--cluster", metavar="ADDRESS", help="Run on the Dask scheduler at ADDRESS, e.g. tcp://host:8786 "
              f"(given up after {limits.CLUSTER_CONNECT_SECONDS} s without an answer).")
@click.option("--store", metavar="DIR", type=OutputPath(directory=True), help="Keep the table of two-bit rows in "
              "DIR instead of memory (for a cluster: a directory every worker sees).")
@click.option("--checkpoint", metavar="DIR", type=OutputPath(directory=True), help="Make each finished layer durable "
              "in DIR (resuming from it if it holds this search).")
@click.option("--resume", metavar="DIR", type=OutputPath(directory=True), help="Resume the killed search "
              "checkpointed in DIR, and go on checkpointing there.")
@click.option("--checkpoint-every", type=click.FloatRange(0), default=60.0, show_default=True, metavar="SECONDS",
              callback=lambda ctx, param, value: _finite(value, param, ctx),
              help="Write a checkpoint at most this often (0: after every layer).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "csv"]), default="text", show_default=True,
              help="json: states, reachable, distance, eccentricity, layers, seconds, ...; csv: positions by distance.")
@click.option("--clean", is_flag=True, help="Only remove the tables that searches killed outright (SIGKILL) left in "
              "/dev/shm (and in --store DIR), as every search does before it starts, and say what was removed.")
def search(
    n: int | None,
    magnetic: str | None,
    start_up: str | None,
    goal_up: str | None,
    source: str | None,
    engine: str | None,
    workers: int | None,
    cluster: str | None,
    store: str | None,
    checkpoint: str | None,
    resume: str | None,
    checkpoint_every: float,
    fmt: str,
    clean: bool,
) -> None:
    """Breadth-first search from the start (or --from STATE) over every position of the N-disk puzzle.

    Prints how many positions can be reached, the eccentricity of the source, the distance to the goal and the
    number of positions at each distance. Three posts with every move allowed, up to 17 classic or 15 magnetic disks,
    are searched by the exact oracle the solvers are tested against; every other member of the family, and larger
    ones (up to {MAX_FRONTIER_CODES} codes), by the frontier search at two bits per position, with a progress bar,
    on all cores or a Dask cluster if asked, checkpointed and resumable.

    \b
    hanoi search 15 --posts 4 --moves linear       OEIS A160002
    hanoi search 14 --posts 4 --workers 2          on a Dask LocalCluster
    hanoi search 20 --checkpoint run/              then, if killed: --resume run/

    A table needs two bits a position in memory (or in --store DIR): a search that would not fit in the memory
    available is refused before it starts. A checkpoint is verified file by file (checksums) before a search
    resumes from it: a damaged one is refused, naming the file, and left as it is. Ctrl-C or SIGTERM stop the
    search within a second or so, removing its table.
    """
    if clean and store is not None and not os.path.isdir(store):
        fail(f"--store: the directory {store} does not exist")
    if clean or n is not None:
        _remove_stale_tables(clean, store)
    if clean:
        return
    if n is None:
        raise click.MissingParameter(ctx=click.get_current_context(), param_type="argument", param_hint="'N'")
    puzzle = make_puzzle(n, magnetic, goal_up, start_up)
    origin = puzzle.start if source is None else puzzle.parse(source)
    if resume is not None:
        if checkpoint is not None and checkpoint != resume:
            fail("give --checkpoint DIR or --resume DIR, not both")
        from ..frontier.checkpoint import holds_checkpoint

        if not holds_checkpoint(resume):
            fail(f"--resume: no checkpoint in {resume}")
        checkpoint = resume
    progress = sys.stderr.isatty()
    frontier = any(x is not None for x in (engine, workers, cluster, store, checkpoint)) or not _oracle_covers(puzzle)
    began = time.perf_counter()
    if frontier:
        from ..frontier import frontier_search

        if engine is None and (workers is not None or cluster is not None):
            engine = "dask"
        if engine == "dask":
            _quiet_dask()
        found = frontier_search(
            puzzle, origin, engine=engine, workers=workers, cluster=cluster, store=store, checkpoint=checkpoint,
            checkpoint_every=checkpoint_every, progress=progress,
        ).as_dict()
    else:
        found = _oracle(puzzle, origin, progress)
        found["seconds"] = round(time.perf_counter() - began, 3)
    if fmt == "json":
        click.echo(json.dumps(found))
    elif fmt == "csv":
        emit("csv", ["distance", "positions"], list(enumerate(found["layers"])))
    else:
        _print(puzzle, found)


def _finite(value: float, param: click.Parameter, ctx: click.Context) -> float:
    """``value``, if it is a finite number (``nan`` passes a :class:`click.FloatRange`)."""
    if not math.isfinite(value):
        raise click.BadParameter(f"{value!r} is not a finite number", ctx, param)
    return value


def _quiet_dask() -> None:
    """Only Dask's critical reports on stderr: it reports a worker that dies (and its restart) in lines of its own,
    where the search ends in one line that says so."""
    import logging

    from .._extras import require

    require("distributed", "cluster")  # it sets its loggers' levels as it is imported
    logging.getLogger("distributed").setLevel(logging.CRITICAL)


def _remove_stale_tables(always: bool, store: str | None) -> None:
    """Remove the tables of searches killed outright, from /dev/shm and ``store``, and say so on stderr (with
    ``always``, also that there were none)."""
    from ..frontier.tables import SHM, remove_stale_tables

    for directory in [SHM] + ([store] if store is not None else []):
        removed = remove_stale_tables(directory)
        if removed:
            pids = ", ".join(str(table.pid) for table in removed)
            size = sum(table.bytes for table in removed) / 2**20
            semaphores = sum(len(table.semaphores) for table in removed)
            click.echo(
                f"hanoi: removed {len(removed)} table{'s' * (len(removed) > 1)} of killed searches from {directory} "
                f"({size:,.1f} MiB, process {pids}) and {semaphores} semaphore{'s' * (semaphores != 1)}",
                err=True,
            )
        elif always:
            click.echo(f"hanoi: no tables of killed searches in {directory}", err=True)


def _oracle_covers(puzzle: Puzzle) -> bool:
    from ..search import MAX_CODES, code_count, covers

    return covers(puzzle) and puzzle.every_move and code_count(puzzle) <= MAX_CODES


def _oracle(puzzle: Puzzle, origin: Any, progress: bool) -> dict[str, Any]:
    """The figures of :func:`hanoikit.search.bfs`, as the frontier search gives them."""
    from ..search import bfs, code_count, state_count

    result = bfs(puzzle, origin, progress=progress and code_count(puzzle) >= 3**12)
    goal = puzzle.goal if puzzle.is_legal(puzzle.goal) else None
    return {
        "puzzle": repr(puzzle),
        "source": str(origin),
        "target": None if goal is None else str(goal),
        "states": state_count(puzzle),
        "reachable": result.reachable,
        "distance": None if goal is None else result.distance(goal),
        "eccentricity": result.eccentricity,
        "layers": result.layer_sizes,
        "engine": "oracle",
    }


def _print(puzzle: Puzzle, found: dict[str, Any]) -> None:
    goal = puzzle.goal
    if not puzzle.is_legal(goal):
        to_goal = f"none: {puzzle.state_error(goal)}"
    else:
        d = found["distance"]
        to_goal = "unreachable" if d is None else f"{d:,}"
    n = puzzle.n
    sizes = found["layers"]
    widest = max(range(len(sizes)), key=sizes.__getitem__)
    seconds = found["seconds"]
    facts = [
        ["from", found["source"]],
        ["legal positions", f"{found['states']:,}"],
        ["reachable", f"{found['reachable']:,}"],
        ["eccentricity", f"{found['eccentricity']:,}"],
        [f"distance to the goal {goal}", to_goal],
        ["widest layer", f"{sizes[widest]:,} positions at distance {widest:,}"],
        ["time", f"{seconds:.2f} s ({found['reachable'] / max(seconds, 1e-9):,.0f} positions/s)"],
    ]
    if found["engine"] != "oracle":
        workers = f", {found['workers']} workers" if found["workers"] > 1 else ""
        facts.append(["engine", f"frontier search, {found['engine']}{workers}, {found['blocks']:,} blocks"])
    summary = table(f"Breadth-first search: {puzzle.name}, {n} disk{'s' * (n > 1)}", ["", ""], facts,
                    show_header=False)
    summary.columns[0].style = "bold"
    summary.columns[1].justify = "right"
    if len(sizes) <= _SHOWN_LAYERS:
        shown = list(range(len(sizes)))
    else:
        half = _SHOWN_LAYERS // 2
        shown = list(range(half)) + [-1] + list(range(len(sizes) - half, len(sizes)))
    rows = [["…", "…"] if d < 0 else [f"{d:,}", f"{sizes[d]:,}"] for d in shown]
    layers = table("Positions by distance", ["distance", "positions"], rows, numeric=[True, True])

    console = output_console()
    with console.capture() as captured:
        print_table(summary, console)
        print_table(layers, console)
    sys.stdout.write(captured.get())  # a closed pipe is an OSError here, which the command line ends quietly



@app.command()
@click.argument("n", type=DISKS)
@magnetic_options
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="json: diameter, radius, eccentricity, pair, searches (and centre, positions, classes, seconds).")
@click.option("--engine", type=click.Choice(["auto", "codes", "graph"]), default="auto", show_default=True,
              help="codes: a search at a time over the code space; graph: the component's moves as rows, 64 "
                   "searches at a time (undirected members); auto: the graph for magnetic towers.")
@click.option("--checkpoint", metavar="DIR", type=OutputPath(directory=True),
              help="Save the bounds in DIR after the searches, and resume there a run stopped on the way (default: "
                   "under the cache directory, from 2**20 codes on).")
@click.option("--no-checkpoint", is_flag=True, help="Save no bounds, however long the run.")
def diameter(n: int, magnetic: str | None, start_up: str | None, goal_up: str | None, fmt: str, engine: str,
             checkpoint: str | None, no_checkpoint: bool) -> None:
    """The exact diameter of the N-disk puzzle's state graph (the component of the start; distances follow the
    moves where they go one way), two positions that far apart, the radius and a centre, and the start's
    eccentricity, with the number of breadth-first searches it took.

    \b
    hanoi diameter 10 --posts 4                    four posts, every move
    hanoi diameter 8 --posts 4 --moves cyclic      one-way moves: directed distances
    hanoi diameter 6 --magnetic NNNN --format json

    Any member of the family, up to {MAX_DIAMETER_CODES} codes (posts**N, times 2**posts when magnetic: 4 posts
    N <= 13, 5 posts N <= 11, magnetic on 4 posts N <= 11); larger ones are refused before the work. The searches
    start from few positions chosen by bounds on every eccentricity and the puzzle's symmetries (a progress bar on
    a terminal); a run of minutes saves its bounds as it goes, and the same command started again resumes it. See
    the documentation's page on diameters.
    """
    from ..search import diameter as shape

    if checkpoint is not None and no_checkpoint:
        fail("give --checkpoint DIR or --no-checkpoint, not both")
    puzzle = make_puzzle(n, magnetic, goal_up, start_up)
    where = False if no_checkpoint else checkpoint
    found = shape(puzzle, progress=sys.stderr.isatty(), engine=engine, checkpoint=where)
    if fmt == "json":
        click.echo(json.dumps(found.as_dict()))
        return
    a, b = (str(state) for state in found.pair)
    click.echo(f"{puzzle!r}: {found.positions:,} positions in the component of the start")
    click.echo(f"diameter      {found.diameter:,}  ({a} to {b})")
    click.echo(f"radius        {found.radius:,}  (a centre: {found.centre})")
    click.echo(f"eccentricity  {found.eccentricity:,}  (of the start {puzzle.start})")
    click.echo(f"searches      {found.searches:,}  ({found.orbits:,} classes of positions under "
               f"{found.symmetries:,} {'symmetry' if found.symmetries == 1 else 'symmetries'})")
