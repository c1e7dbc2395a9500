"""``hanoi demo``: a short, real tour of what hanoikit does."""

from __future__ import annotations

import time

import click
from rich.columns import Columns
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..draw.terminal import output_console
from ..puzzle import MagneticPuzzle, Puzzle
from .app import app


def _solution_panel(puzzle: Puzzle) -> Panel:
    """Every move of the optimal solution with the position it leads to, in columns."""
    from ..text import diagram

    state, lines = puzzle.start, []
    for index, move in enumerate(puzzle.solve(), 1):
        state = puzzle.apply(state, move)
        lines.append(f"{index:>3} {move!s:<4} {state}")
    assert state == puzzle.goal
    body = f"{diagram(puzzle.start, puzzle)}\n\n" + "\n".join(lines)
    title = f"{puzzle.name}, {puzzle.n} disk{'s' * (puzzle.n > 1)}: {len(lines):,} moves, optimal"
    return Panel(Text(body), title=title, expand=False)


@app.command()
@click.argument("n", type=click.IntRange(1, 7), default=5)
def demo(n: int) -> None:
    """Solve an N-disk classic tower and an N-disk free magnetic tower, move by move, then a few exact numbers."""
    from .. import levy
    from ..solvers.classic import disk_sequence

    console = output_console()
    classic, magnetic = Puzzle(n), MagneticPuzzle(n)
    console.rule("[bold]hanoikit demo")
    console.print("Moves are written disk, from, to (1SD: disk 1 from S to D); positions list each disk's post, "
                  "smallest first, then on a magnetic tower each disk's top colour (SSI:RRB).\n")
    console.print(Columns([_solution_panel(classic), _solution_panel(magnetic)]))
    ruler = " ".join(map(str, disk_sequence(min(n, 4))))
    console.print(f"\nclassic disk sequence, move k moves disk floor(log2(k XOR (k + 1))) + 1: {ruler}")
    console.print(f"classic 64 disks: {Puzzle(64).distance():,} moves")
    console.print(f"magnetic 64 disks, free: {MagneticPuzzle(64).distance():,} moves; "
                  f"RBB: {MagneticPuzzle(64, 'RBB').distance():,} = (3^64 - 1)/2")
    began = time.perf_counter()
    big = MagneticPuzzle(1000)
    far = big.state_at(big.distance() // 3)
    steps = big.distance(far)
    console.print(f"magnetic 1000 disks, from a third of the way to the goal: a {len(str(steps))}-digit number of "
                  f"moves, exact, in {time.perf_counter() - began:.2f} s")
    optimal = [MagneticPuzzle(k).distance() for k in range(1, 9)]
    console.print(f"Levy's \"62\" algorithm: {[levy.counts('62', k) for k in range(1, 9)]}")
    console.print(f"the optimum:           {optimal}")
    hanoi = _command()
    console.print("\n[bold]Next[/bold], run:")
    commands = Table.grid(padding=(0, 2))
    commands.add_column(no_wrap=True)
    commands.add_column()
    commands.add_row(f"  {hanoi} play", "the puzzle in your browser (make play)")
    commands.add_row(f"  {hanoi} play --terminal", "the game in this terminal")
    commands.add_row(f"  {hanoi} --help", "every command")
    commands.add_row(f"  {hanoi} reproduce --out report", "the papers' tables, figures")
    console.print(commands, highlight=False)


def _command() -> str:
    """How this shell runs ``hanoi``: the bare name when it is on PATH, else the path it was run by (``make demo``
    runs ``.venv/bin/hanoi``, which is not on PATH)."""
    import os
    import shutil
    import sys

    ran = sys.argv[0] if sys.argv and os.path.basename(sys.argv[0]) == "hanoi" else ""
    found = shutil.which("hanoi")
    if found and (not ran or os.path.samefile(found, ran)):
        return "hanoi"
    return ran if ran and os.path.exists(ran) else f"{sys.executable} -m hanoikit"
