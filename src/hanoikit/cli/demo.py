"""``hanoi demo``: a short, real tour of what hanoikit does, on one 80×24 screen."""

from __future__ import annotations

import time

import click

from ..puzzle import MagneticPuzzle, Puzzle
from .app import app

SHOWN_MOVES = 5
"""The first moves of the solution the tour writes out (then ``…`` and the last move)."""


@app.command()
@click.argument("n", type=click.IntRange(1, 7), default=5)
def demo(n: int) -> None:
    """A tour on one screen: the N-disk magnetic tower drawn and solved (its optimal solution replayed and checked),
    the classic one beside it, exact counts for 64 and 1,000 disks computed on the spot, and where to go next."""
    from rich.table import Table
    from rich.text import Text

    from ..draw.terminal import output_console, picture

    console = output_console()
    magnetic, classic = MagneticPuzzle(n), Puzzle(n)
    moves = list(magnetic.solve())
    assert magnetic.play(moves) == magnetic.goal  # replayed under the rules: every flip and every colour checked
    shown = " ".join(map(str, moves[:SHOWN_MOVES])) + (f" … {moves[-1]}" if len(moves) > SHOWN_MOVES else "")
    disks = f"{n} disk{'s' * (n > 1)}"
    third = len(moves) // 3
    board = picture(magnetic.play(moves[:third]), magnetic, caption=f"after {third} of {_moves(len(moves))}",
                    letters=console.color_system is None)
    about = Text.assemble(
        ("Magnetic Tower of Hanoi", "bold"), f", {disks}: a move flips the disk, red or blue face up; "
        "touching faces differ.\n",
        ("Optimal: ", "bold"), f"{_moves(len(moves))}, checked now: {shown}\n",
        ("Classic", "bold"), f", {disks}: {_moves(classic.distance())}.",
    )
    top = Table.grid(padding=(0, 3))
    top.add_column(no_wrap=True)
    top.add_column()
    top.add_row(board, about)

    began = time.perf_counter()
    big = MagneticPuzzle(1000)
    steps = big.distance(big.state_at(big.distance() // 3))
    took = time.perf_counter() - began
    counts = Table.grid(padding=(0, 2))
    counts.add_column(no_wrap=True)
    counts.add_column(justify="right", no_wrap=True)
    counts.add_column(no_wrap=True)
    counts.add_row("  classic", f"{Puzzle(64).distance():,}", "= 2^64 - 1")
    counts.add_row("  magnetic NNN", f"{MagneticPuzzle(64).distance():,}")
    counts.add_row("  magnetic RBB", f"{MagneticPuzzle(64, 'RBB').distance():,}", "= (3^64 - 1)/2")

    hanoi = _command()

    console.rule("[bold]hanoikit demo")
    console.print(top)
    console.print("[bold]Exact move counts for 64 disks[/bold], computed now:")
    console.print(counts, highlight=False)
    console.print(f"  magnetic, 1,000 disks, from a third of the way: {len(str(steps))} digits, exact, in {took:.2f} s",
                  highlight=False)
    console.print("[bold]Next:[/bold] hanoi play (the puzzle in your browser) · hanoi play --terminal", highlight=False)
    console.print("      hanoi --help (every command) · hanoi reproduce --out report", highlight=False)
    if hanoi != "hanoi":
        console.print(f"      (hanoi is not on PATH here: run {hanoi})", highlight=False, soft_wrap=True)


def _moves(count: int) -> str:
    return f"{count:,} move{'s' * (count != 1)}"


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
