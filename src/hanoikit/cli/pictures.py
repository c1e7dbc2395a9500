"""``hanoi graph | animate | show | explain | ncube``: pictures, movies and teaching."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from .. import algorithms
from ..move import Move
from ..puzzle import Puzzle
from ..state import State
from .app import FiniteRange, OutputPath, app, fail, magnetic_options, make_puzzle

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["graph", "animate", "show", "explain", "ncube"]



def _names(family: algorithms.Family) -> str:
    return ", ".join(algorithm.name for algorithm in algorithms.registered(family))


_ALGORITHM_HELP = (
    f"optimal (default, for every puzzle), a classic method ({_names(algorithms.Family.CLASSIC)}) "
    f"or one of Levy's magnetic algorithms ({_names(algorithms.Family.LEVY)})."
)


def _moves(
    n: int, magnetic: str | None, start_up: str | None, goal_up: str | None, algorithm: str, source: str | None
) -> tuple[Puzzle, list[Move], State | None]:
    from ..draw.animate import resolve

    puzzle = make_puzzle(n, magnetic, goal_up, start_up)
    state = None if source is None else puzzle.parse(source)
    puzzle, moves = resolve(puzzle, algorithm, state)
    return puzzle, moves, state


@app.command()
@click.argument("n", type=click.IntRange(1, 10))
@magnetic_options
@click.option("--out", "out", type=OutputPath(), metavar="FILE",
              help="Write the graph: .png, .svg, .pdf (a drawing), .dot or .graphml.")
def graph(n: int, magnetic: str | None, start_up: str | None, goal_up: str | None, out: str | None) -> None:
    """The state graph of the N-disk tower: every position reachable from the start, every move between them.

    On three posts it is drawn as a Sierpinski triangle (start at the top, towers on I and D at the bottom corners,
    as in seed 003's figure), on K posts nested in a K-gon (each disk's post picks a region inside its bigger
    disks' one); positions are named in the notation (SSI). Magnetic positions split their region by the disk's face
    (4 posts, up to 2 disks) or gather around the classic ones, each node coloured by what its posts show on top.
    Graphs of more than 400 positions are drawn as dots; more than {MAX_GRAPH_NODES} positions are refused before any
    work, and more than {MAX_DRAWN_GRAPH_NODES} before a drawing (.png, .svg, .pdf). One-way moves
    (--moves cyclic, one-way pairs) are arrows. The optimal path from start to goal is highlighted. Without --out,
    prints the graph's facts (and, up to 4 classic disks, the triangle drawn in text).
    """
    from ..draw.files import check_parent, extension
    from ..draw.graph import FORMATS, save_state_graph
    from ..graph import state_graph
    from ..limits import MAX_DRAWN_GRAPH_NODES, MAX_GRAPH_NODES
    from ..search import covers, diameter

    if out is not None and extension(out) not in FORMATS:
        fail(f"cannot write a graph to {out!r}: use a file ending in {', '.join('.' + f for f in FORMATS)}")
    if out is not None:
        check_parent(out)
    puzzle = make_puzzle(n, magnetic, goal_up, start_up)
    drawing = out is not None and extension(out) in ("png", "svg", "pdf")
    g = state_graph(puzzle, max_nodes=MAX_DRAWN_GRAPH_NODES if drawing else MAX_GRAPH_NODES)
    goal_reached = puzzle.is_legal(puzzle.goal) and puzzle.goal in g
    count = g.number_of_nodes()
    facts = f"{count:,} position{'s' * (count != 1)}, {g.number_of_edges():,} moves"
    if puzzle.reversible and count <= (3000 if covers(puzzle) else 1000):
        import networkx as nx

        facts += f", diameter {diameter(puzzle).diameter if covers(puzzle) else nx.diameter(g):,}"
    if goal_reached:
        facts += f", start to goal {puzzle.distance():,} moves"
    else:
        facts += ", the goal cannot be reached"
    if out is None:
        if puzzle == Puzzle(n) and n <= 4:
            from ..graph import sierpinski_text

            click.echo(sierpinski_text(n) + "\n")
        click.echo(f"{puzzle!r}: {facts}")
        return
    if not goal_reached:
        fail(f"the goal {puzzle.goal} cannot be reached from the start, so there is no optimal path to draw")
    save_state_graph(puzzle, out, g)
    click.echo(f"wrote {out}: {facts}")


def solution_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``--algorithm NAME`` and ``--from STATE``: which solution to play, and from where."""
    command = click.option(
        "--from", "source", metavar="STATE", help="Start from this position (optimal only), e.g. SSI:RRB."
    )(command)
    return click.option(
        "--algorithm", default="optimal", show_default=True, metavar="NAME", help=_ALGORITHM_HELP
    )(command)


@app.command()
@click.argument("n", type=click.IntRange(1, 12))
@magnetic_options
@solution_options
@click.option("--out", "out", type=OutputPath(), required=True, metavar="FILE",
              help="The movie: .gif, or .mp4 where ffmpeg is installed.")
@click.option("--fps", type=FiniteRange(1, 60), default=12, show_default=True, help="Frames per second.")
@click.option("--size", default="480x320", show_default=True, metavar="WxH", help="Frame size in pixels.")
@click.option("--tween", type=click.IntRange(0, 30), help="In-between frames per move (default: fewer when long).")
def animate(
    n: int,
    magnetic: str | None,
    start_up: str | None,
    goal_up: str | None,
    algorithm: str,
    source: str | None,
    out: str,
    fps: float,
    size: str,
    tween: int | None,
) -> None:
    """A movie of the N-disk tower being solved: each disk lifts, travels (turning over on a magnetic tower, so both
    faces show) and drops. Up to {MAX_MOVIE_MOVES} moves and {MAX_FRAMES} frames (fewer --tween frames for long
    solutions); the frames are streamed to the file, one at a time. The first and last positions are held a second.
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ..draw.animate import animate as make_movie
    from ..draw.animate import check_output
    from ..draw.files import check_parent

    check_output(out, size)  # an unwritable format or a missing encoder fails before any work
    check_parent(out)
    puzzle, moves, state = _moves(n, magnetic, start_up, goal_up, algorithm, source)
    with Progress(
        TextColumn(f"[bold]{out}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=_stderr(), disable=not sys.stderr.isatty(), transient=True,
    ) as bar:
        task = bar.add_task("frames", total=None)
        movie = make_movie(
            puzzle, moves, out, state=state, fps=fps, size=size, tween=tween,
            progress=lambda done, total: bar.update(task, completed=done + 1, total=total),
        )
    click.echo(
        f"wrote {out}: {len(moves):,} moves, {movie.frames:,} frames of {movie.frame_ms} ms, the first and last held "
        f"{movie.hold_ms} ms ({movie.seconds:.2f} s)"
    )


def _stderr() -> Console:
    from ..draw.terminal import output_console

    return output_console(stderr=True)


@app.command()
@click.argument("n", type=click.IntRange(1, 12))
@magnetic_options
@solution_options
@click.option("--delay", type=FiniteRange(0, 10), default=0.4, show_default=True, help="Seconds per move.")
@click.option("--step", is_flag=True, help="Wait for a key before each move (q stops).")
def show(
    n: int,
    magnetic: str | None,
    start_up: str | None,
    goal_up: str | None,
    algorithm: str,
    source: str | None,
    delay: float,
    step: bool,
) -> None:
    """Play the solution of the N-disk tower in the terminal; magnetic disks show their top colour above and their
    bottom colour below."""
    from ..draw.terminal import show as play

    puzzle, moves, state = _moves(n, magnetic, start_up, goal_up, algorithm, source)
    play(puzzle, moves, state, delay=delay, step=step)


@app.command()
@click.argument("n", type=click.IntRange(1, 10), default=4)
@click.option("--lang", type=click.Choice(["en", "de"]), default="en", show_default=True, help="Language of the disks.")
@click.option("--cycles", is_flag=True,
              help="Instead, tabulate the recursion, the disk formula and the 4- and 3-step cycles.")
@click.option("--numbered", is_flag=True, help="Number the moves in the dialogue.")
def explain(n: int, lang: str, cycles: bool, numbered: bool) -> None:
    """The N disks talk their way through the classic puzzle (seed 002): each, asked to move, asks the disk above it
    to make room on the third post, moves, and calls it back."""
    if cycles:
        from ..draw.terminal import print_table
        from ..teach.cycles import MAX_DISKS, table

        if n > MAX_DISKS:
            fail(f"the table of cycles is shown up to {MAX_DISKS} disks, not {n}")
        print_table(table(n))
        return
    from ..teach.explain import script

    click.echo(script(n, lang, numbered=numbered))


@app.command()
@click.argument("n", type=click.IntRange(1, 10), default=3)
@click.option("--out", "out", type=OutputPath(), metavar="FILE",
              help="Also draw the cube and the walk (.png, .svg, .pdf; N up to 6).")
def ncube(n: int, out: str | None) -> None:
    """The disk sequence of the N-disk solution as a walk on the N-cube (seed 002): every corner once, a Gray code."""
    from ..draw.files import check_parent, extension
    from ..teach import ncube as cube

    if out is not None and n > cube.MAX_DRAWN:
        fail(f"the cube is drawn up to {cube.MAX_DRAWN} dimensions, not {n}")
    if out is not None and extension(out) not in ("png", "svg", "pdf"):
        fail(f"cannot draw the cube into {out!r}: use a .png, .svg or .pdf file")
    if out is not None:
        check_parent(out)
    click.echo(cube.table(n))
    if out is not None:
        cube.save(n, out)
        click.echo(f"wrote {out}")
