"""``hanoi search``: breadth-first search of the whole state space, and its summary."""

from __future__ import annotations

import sys
import time

import click

from .app import DISKS, app, magnetic_options, make_puzzle

__all__ = ["search"]

_SHOWN_LAYERS = 24  # more layers than this are shown as the first and last few


@app.command()
@click.argument("n", type=DISKS)
@magnetic_options
@click.option("--from", "source", metavar="STATE", help="Search from this position (default: the start), e.g. SSI:RRB.")
def search(n: int, magnetic: str | None, start_up: str | None, goal_up: str | None, source: str | None) -> None:
    """Breadth-first search from the start (or --from STATE) over every position of the N-disk puzzle.

    Prints how many positions can be reached, the eccentricity of the source, the distance to the goal and the
    number of positions at each distance. This is the exact oracle the solvers are tested against; it handles up to
    17 classic or 15 magnetic disks.
    """
    from rich.console import Console
    from rich.table import Table

    from ..search import bfs, code_count, state_count

    puzzle = make_puzzle(n, magnetic, goal_up, start_up)
    origin = puzzle.start if source is None else puzzle.parse(source)
    began = time.perf_counter()
    result = bfs(puzzle, origin, progress=sys.stderr.isatty() and code_count(puzzle) >= 3**12)
    seconds = time.perf_counter() - began

    goal = puzzle.goal
    if not puzzle.is_legal(goal):
        to_goal = f"none: {puzzle.state_error(goal)}"
    else:
        d = result.distance(goal)
        to_goal = "unreachable" if d is None else f"{d:,}"
    summary = Table(title=f"Breadth-first search: {puzzle.name}, {n} disk{'s' * (n > 1)}", show_header=False)
    summary.add_column(style="bold")
    summary.add_column(justify="right")
    summary.add_row("from", str(origin))
    summary.add_row("legal positions", f"{state_count(puzzle):,}")
    summary.add_row("reachable", f"{result.reachable:,}")
    summary.add_row("eccentricity", f"{result.eccentricity:,}")
    summary.add_row(f"distance to the goal {goal}", to_goal)
    sizes = result.layer_sizes
    widest = max(range(len(sizes)), key=sizes.__getitem__)
    summary.add_row("widest layer", f"{sizes[widest]:,} positions at distance {widest:,}")
    summary.add_row("time", f"{seconds:.2f} s ({result.reachable / max(seconds, 1e-9):,.0f} positions/s)")

    layers = Table(title="Positions by distance")
    layers.add_column("distance", justify="right")
    layers.add_column("positions", justify="right")
    if len(sizes) <= _SHOWN_LAYERS:
        shown = list(range(len(sizes)))
    else:
        half = _SHOWN_LAYERS // 2
        shown = list(range(half)) + [-1] + list(range(len(sizes) - half, len(sizes)))
    for d in shown:
        layers.add_row(*(("…", "…") if d < 0 else (f"{d:,}", f"{sizes[d]:,}")))

    console = Console()
    console.print(summary)
    console.print(layers)
