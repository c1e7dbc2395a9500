"""Positions and solutions in the terminal, drawn with rich: a magnetic disk is a row of half blocks, its top colour
above and its bottom colour below, so that every flip shows."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable

from ..move import POST_NAMES, Move
from ..puzzle import Puzzle
from ..state import State
from .palette import BASE, FACE, NEUTRAL_POST, disk_color

__all__ = ["picture", "show"]


def picture(state: State, puzzle: Puzzle | None = None, caption: str = ""):  # type: ignore[no-untyped-def]
    """A rich :class:`~rich.text.Text` drawing of ``state``, with an optional caption line under it.

    >>> from rich.console import Console
    >>> console = Console(width=40, color_system=None)
    >>> with console.capture() as captured:
    ...     console.print(picture(State.parse("SI")))
    >>> print(captured.get().rstrip())
       ┃      ┃      ┃
      ▀1▀   ▀▀2▀▀    ┃
    ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀
       S      I      D
    """
    from rich.text import Text

    if puzzle is not None:
        puzzle.check(state)
    n = state.n
    width = 2 * n + 3
    colors = getattr(puzzle, "colors", "NNN") if puzzle is not None else "NNN"
    post_styles = [NEUTRAL_POST if c == "N" else FACE[c] for c in colors]
    stacks = state.stacks()
    height = max(len(stack) for stack in stacks) + 1
    text = Text()
    for row in range(height - 1, -1, -1):
        for post, stack in enumerate(stacks):
            if row >= len(stack):
                text.append("┃".center(width), style=post_styles[post])
                continue
            disk = stack[row]
            bar = 2 * disk + 1
            pad = (width - bar) // 2
            label = str(disk) if len(str(disk)) <= bar else ""
            left = (bar - len(label)) // 2
            up = state.up(disk)
            if up is None:
                face = f"{disk_color(disk, n)} on {disk_color(disk, n)}"
                digits = f"bold black on {disk_color(disk, n)}"
            else:
                face = f"{FACE[up]} on {FACE['B' if up == 'R' else 'R']}"
                digits = f"bold white on {FACE[up]}"
            text.append(" " * pad)
            text.append("▀" * left, style=face)
            text.append(label, style=digits)
            text.append("▀" * (bar - left - len(label)), style=face)
            text.append(" " * (width - pad - bar))
        text.rstrip()
        text.append("\n")
    text.append("▀" * (3 * width), style=BASE)
    text.append("\n")
    for post in range(3):
        name = POST_NAMES[post] if colors[post] == "N" else f"{POST_NAMES[post]}({colors[post]})"
        text.append(name.center(width), style=post_styles[post] if colors[post] != "N" else "")
    text.rstrip()
    if caption:
        text.append("\n" + caption)
    return text


def show(
    puzzle: Puzzle,
    moves: Iterable[Move],
    state: State | None = None,
    delay: float = 0.4,
    step: bool = False,
    console=None,  # type: ignore[no-untyped-def]
    read_key: Callable[[], str] | None = None,
) -> State:
    """Play ``moves`` from ``state`` (default: the start) in the terminal, one position every ``delay`` seconds.

    With ``step``, each move waits for a key (``q`` stops) when the input is a terminal; otherwise it just goes on.
    When the output is not a terminal, every position is printed in turn. Returns the last position shown.
    """
    from rich.console import Console
    from rich.live import Live

    console = console or Console()
    state = puzzle.check(puzzle.start if state is None else state)
    moves = list(moves)
    total = len(moves)
    first = picture(state, puzzle, f"start {state}   ({total} move{'s' * (total != 1)})")
    if not console.is_terminal:  # piped or captured: a transcript of every position, without waiting
        console.print(first)
        for done, move in enumerate(moves, 1):
            state = puzzle.apply(state, move)
            console.print()
            console.print(picture(state, puzzle, f"move {done}/{total}: {move}   {state}"))
        return state
    if read_key is None and step and sys.stdin.isatty():
        import click

        read_key = click.getchar
    wait = (lambda: read_key() if read_key else "") if step else (lambda: time.sleep(delay) or "")
    with Live(first, console=console, auto_refresh=False) as live:
        for done, move in enumerate(moves, 1):
            if wait().lower() == "q":
                break
            state = puzzle.apply(state, move)
            live.update(picture(state, puzzle, f"move {done}/{total}: {move}   {state}"), refresh=True)
    return state
