"""``hanoi demo``: a short tour of what hanoikit does."""

from __future__ import annotations

import click
from rich.console import Console

from ..puzzle import MagneticPuzzle, Puzzle
from .app import app


@app.command()
@click.argument("n", type=click.IntRange(1, 8), default=5)
def demo(n: int) -> None:
    """Solve an N-disk classic tower and an N-disk free magnetic tower, showing every move."""
    console = Console()
    for puzzle in (Puzzle(n), MagneticPuzzle(n)):
        state = puzzle.start
        kind = "magnetic " + puzzle.colors if isinstance(puzzle, MagneticPuzzle) else "classic"
        console.rule(f"[bold]{n}-disk {kind} tower: {puzzle.distance()} moves")
        console.print(f"start  {state}")
        for index, move in enumerate(puzzle.solve(), 1):
            state = puzzle.apply(state, move)
            console.print(f"{index:>4}  disk {move.disk} {move}  ->  {state}")
    console.print()
