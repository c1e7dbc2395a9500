"""Positions, solutions and tables in the terminal, drawn with rich: a magnetic disk is a row of half blocks, its top
colour above and its bottom colour below, so that every flip shows.

Every drawing fits the width it is given (the terminal's): disks are narrowed, never cut, and a frame keeps one
height for the whole game, so that nothing jumps as the stacks change. Tables never break a word: :func:`table` makes
their columns wrap only at spaces, and :func:`emit` prints the same rows as JSON or CSV for a pipe.
"""

from __future__ import annotations

import csv
import io
import json
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from numbers import Rational
from typing import TYPE_CHECKING, Any

from ..digits import unlimited
from ..errors import InvalidPuzzleError
from ..move import Move, post_names
from ..puzzle import Puzzle
from ..state import State
from .palette import BASE, FACE, NEUTRAL_POST, disk_color

if TYPE_CHECKING:  # rich is imported when drawing, not with the package
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

__all__ = [
    "FORMATS", "MIN_WIDTH", "STEP_KEYS", "emit", "natural_width", "output_console", "picture", "print_table", "show",
    "table",
]

STEP_KEYS = "any key: next move · q: stop"
"""The key hint ``show --step`` prints under the drawing."""

MAX_WORD = 24
"""The longest word a table column keeps whole (a longer one, rare, may still fold)."""


MIN_WIDTH = 20
"""The narrowest console a command prints for: below it (``COLUMNS=0``, where rich prints nothing at all) the output
is laid out for 80 columns, as for a pipe."""

FORMATS = ("table", "json", "csv")
"""The output formats of the commands that print numbers: a rich table for people, JSON or CSV for programs."""


def output_console(stderr: bool = False) -> Console:
    """A rich console for a command's output (``stderr``: its messages and progress), as wide as the terminal or
    ``COLUMNS`` says, but laid out for 80 columns when that is below :data:`MIN_WIDTH`.

    >>> output_console().width >= MIN_WIDTH
    True
    """
    from rich.console import Console

    found = Console(stderr=stderr)
    return found if found.width >= MIN_WIDTH else Console(stderr=stderr, width=80)


def natural_width(n: int, posts: int = 3) -> int:
    """The columns a drawing of ``n`` disks on ``posts`` posts takes at full size (each disk ``2d + 1`` wide).

    >>> natural_width(12), natural_width(8)
    (81, 57)
    """
    return posts * (2 * n + 3)


def _bars(n: int, column: int) -> list[int]:
    """The width of each disk 1..n in a column ``column`` characters wide: ``2d + 1`` when it fits, else narrowed
    evenly (never below 1, never wider than the column less one, larger disks never narrower).

    >>> _bars(3, 9), _bars(8, 13)
    ([3, 5, 7], [1, 3, 4, 6, 7, 9, 10, 12])
    """
    if 2 * n + 3 <= column:
        return [2 * disk + 1 for disk in range(1, n + 1)]
    widest = max(1, column - 1)
    if n == 1:
        return [widest]
    return [max(1, round(1 + (widest - 1) * (disk - 1) / (n - 1))) for disk in range(1, n + 1)]


def _wide_bars(n: int, column: int) -> list[int]:
    """Disk widths filling a column wider than the natural one: from about a third of it to all but two characters,
    odd, so that each disk is centred.

    >>> _wide_bars(3, 26)
    [7, 15, 23]
    """
    widest, narrowest = column - 2, max(3, column // 3)
    widths = [narrowest + (widest - narrowest) * (disk - 1) // max(1, n - 1) for disk in range(1, n + 1)]
    return [width - (1 - width % 2) for width in widths]


def picture(
    state: State,
    puzzle: Puzzle | None = None,
    caption: str = "",
    *,
    width: int | None = None,
    selected: int | None = None,
    cursor: int | None = None,
    letters: bool = False,
    fill: bool = False,
) -> Text:
    """A rich :class:`~rich.text.Text` drawing of ``state`` at most ``width`` columns wide (default: full size), one
    row per disk and one above (the same height whatever the position), with an optional caption line under it.

    ``selected`` marks a post picked as the source of a move, ``cursor`` the post the keyboard is on. With
    ``letters`` (a terminal without colour), a magnetic disk is drawn in the letter of its top face (``RR1RR``).
    With ``fill``, the posts share the whole ``width`` and the disks widen to fill their columns (a game's board).

    >>> from rich.console import Console
    >>> console = Console(width=40, color_system=None)
    >>> with console.capture() as captured:
    ...     console.print(picture(State.parse("SI")))
    >>> print(captured.get().rstrip())
       ┃      ┃      ┃
       ┃      ┃      ┃
      ▀1▀   ▀▀2▀▀    ┃
    ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀
       S      I      D
    >>> with console.capture() as captured:
    ...     console.print(picture(State.parse("SSSSSSSS"), width=40))
    >>> max(len(line) for line in captured.get().splitlines()) <= 40
    True
    """
    from rich.text import Text

    if puzzle is not None:
        puzzle.check(state)
    n = state.n
    k = state.post_count if puzzle is None else puzzle.posts
    names = puzzle.post_names if puzzle is not None else post_names(k)
    colors = puzzle.colors if puzzle is not None else "N" * k
    column = 2 * n + 3 if width is None else max(3, width // k if fill else min(2 * n + 3, width // k))
    bars = _bars(n, column) if not fill or column <= 2 * n + 3 else _wide_bars(n, column)
    post_styles = [NEUTRAL_POST if c == "N" else FACE[c] for c in colors]
    stacks = state.stacks()
    text = Text()
    for row in range(n, -1, -1):
        for post, stack in enumerate(stacks):
            if row >= len(stack):
                text.append("┃".center(column), style=post_styles[post])
                continue
            disk = stack[row]
            bar = bars[disk - 1]
            pad = (column - bar) // 2
            label = str(disk) if len(str(disk)) <= bar else ""
            left = (bar - len(label)) // 2
            up = state.up(disk)
            if up is None:
                face = f"{disk_color(disk, n)} on {disk_color(disk, n)}"
                digits = f"bold black on {disk_color(disk, n)}"
            else:
                face = f"{FACE[up]} on {FACE['B' if up == 'R' else 'R']}"
                digits = f"bold white on {FACE[up]}"
            block = up if letters and up is not None else "▀"
            text.append(" " * pad)
            text.append(block * left, style=face)
            text.append(label, style=digits)
            text.append(block * (bar - left - len(label)), style=face)
            text.append(" " * (column - pad - bar))
        text.rstrip()
        text.append("\n")
    text.append("▀" * (k * column), style=BASE)
    text.append("\n")
    for post in range(k):
        name = names[post] if colors[post] == "N" or column < 6 else f"{names[post]}({colors[post]})"
        if post == selected:
            name = f"[{name}]"
        elif post == cursor:
            name = f">{name}<"
        style = post_styles[post] if colors[post] != "N" else ""
        if post == selected or post == cursor:
            style = f"{style} bold reverse".strip()
        text.append(name.center(column), style=style)
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
    console: Console | None = None,
    read_key: Callable[[], str] | None = None,
) -> State:
    """Play ``moves`` from ``state`` (default: the start) in the terminal, one position every ``delay`` seconds
    (0 to 3600, else :class:`~hanoikit.InvalidPuzzleError`).

    With ``step``, each move waits for a key (``q`` stops) when the input is a terminal, and the key hint is shown
    under the drawing; otherwise it just goes on. When the output is not a terminal, every position is printed in
    turn. The drawing fits the console's width and keeps one height. Returns the last position shown.
    """
    from rich.live import Live

    if not 0 <= delay <= 3600:  # false for nan too
        raise InvalidPuzzleError(f"the delay between moves is 0 to 3600 seconds, not {delay!r}")
    console = console or output_console()
    state = puzzle.check(puzzle.start if state is None else state)
    moves = list(moves)
    total = len(moves)
    if not console.is_terminal:  # piped or captured: a transcript of every position, without waiting
        first = f"start {state}   ({total:,} move{'s' * (total != 1)})"
        console.print(picture(state, puzzle, first, width=console.width))
        for done, move in enumerate(moves, 1):
            state = puzzle.apply(state, move)
            console.print()
            caption = f"move {done}/{total}: {move.notation(puzzle.posts)}   {state}"
            console.print(picture(state, puzzle, caption, width=console.width))
        return state
    if read_key is None and step and sys.stdin.isatty():
        import click

        read_key = click.getchar
    stepping = step and read_key is not None
    keys = f"\n{STEP_KEYS}" if stepping else ""

    def frame(at: State, caption: str) -> Text:
        return picture(at, puzzle, caption + keys, width=console.width)

    def wait() -> str:
        if step:
            return read_key() if read_key else ""
        time.sleep(delay)
        return ""

    opening = frame(state, f"start {state}   ({total:,} move{'s' * (total != 1)})")
    with Live(opening, console=console, auto_refresh=False) as live:
        for done, move in enumerate(moves, 1):
            if wait().lower() == "q":
                break
            state = puzzle.apply(state, move)
            live.update(frame(state, f"move {done}/{total}: {move.notation(puzzle.posts)}   {state}"), refresh=True)
    return state


# -- tables -----------------------------------------------------------------------------------------------------------


def table(title: str | None, columns: Sequence[str], rows: Iterable[Sequence[object]], *, caption: str | None = None,
          numeric: Sequence[bool] | None = None, **options: Any) -> Table:
    """A rich :class:`~rich.table.Table` whose cells never break inside a word: a column too narrow for a word folds
    its text at spaces only, and the title and caption wrap at spaces too. ``numeric`` right-aligns the columns that
    hold numbers, and keeps them as wide as their longest number (:func:`emit` prints a table whose numbers do not
    fit the console wider than it, whole).

    >>> from rich.console import Console
    >>> console = Console(width=80, color_system=None)
    >>> columns = ["colouring", "goals", "variant", "S(1..6)", "time reversal", "same counts as", "steps", "p"]
    >>> row = ["RRB", "B", "RRB", "1, 4, 13, 40, 121, 364", "RBB", "", "1/2", "1"]
    >>> with console.capture() as captured:
    ...     console.print(table("The 27 colourings", columns, [row]))
    >>> words = captured.get().replace("│", " ").replace("┃", " ").split()
    >>> "colouring" in words and "reversal" in words and "colourin" not in words
    True
    """
    from rich.table import Table

    grid = Table(title=title, caption=caption, **options)
    cells = [[str(cell) for cell in row] for row in rows]
    numeric = list(numeric) if numeric is not None else [False] * len(columns)
    for index, (name, number) in enumerate(zip(columns, numeric)):
        words = [len(word) for text in [name, *(row[index] for row in cells)] for word in text.split()]
        longest = max(words, default=1)
        widest = max([len(name), *(len(row[index]) for row in cells)])  # a number's column never wraps
        grid.add_column(name, justify="right" if number else "left", overflow="ellipsis" if number else "fold",
                        no_wrap=bool(number), min_width=widest if number else min(longest, MAX_WORD))
    for row in cells:
        grid.add_row(*row)
    return grid


def _column_widths(grid: Table) -> tuple[list[int], list[int]]:
    """The natural width of each column of ``grid`` (its widest line of text) and the least it may take: its
    ``min_width``, or all of its widest line when it may not wrap."""
    from rich.cells import cell_len
    from rich.text import Text

    def width(cell: object) -> int:
        text = cell if isinstance(cell, Text) else Text.from_markup(str(cell))  # as rich renders a string
        return max((cell_len(line) for line in text.plain.splitlines()), default=0)

    natural = [max(column.min_width or 1, *map(width, (column.header, *column.cells))) for column in grid.columns]
    least = [size if column.no_wrap else (column.min_width or 1) for size, column in zip(natural, grid.columns)]
    return natural, least


def _frame(grid: Table) -> int:
    """The columns of ``grid``'s output that are padding and borders, not cells."""
    count = len(grid.columns)
    padding = (grid.padding[1] + grid.padding[3]) * count - (0 if grid.pad_edge else grid.padding[1] + grid.padding[3])
    borders = 0 if grid.box is None else count - 1 + (2 if grid.show_edge else 0)
    return padding + borders


def _fit(grid: Table, room: int, natural: list[int], least: list[int]) -> None:
    """Give the columns of ``grid`` widths that fit ``room`` cells (without padding and borders) when their contents
    do not: the widest column that can still fold narrows first, none below its least width. Rich's own last resort
    narrows every column evenly, below its minimum, and then widens them back, so that the table overflowed the
    console and lost its right border (``hanoi variants`` at 67 to 69 columns)."""
    if sum(natural) <= room:
        return
    widths = list(natural)
    excess = sum(widths) - room
    while excess > 0:
        widest = max(range(len(widths)), key=lambda i: (widths[i] > least[i], widths[i]))
        if widths[widest] <= least[widest]:
            break
        widths[widest] -= 1
        excess -= 1
    for column, cells in zip(grid.columns, widths):
        column.width = cells


def emit(fmt: str, columns: Sequence[str], rows: Sequence[Sequence[object]], console: Console | None = None, *,
         title: str | None = None, caption: str | None = None) -> None:
    """Print ``rows`` as a table (``fmt`` ``"table"``: as wide as its longest numbers need, whatever the console's
    width, so that every digit shows), as JSON (a list of objects keyed by the column names, numbers
    kept exact) or as CSV (a header line, then the rows), on ``console`` (default: standard output).

    >>> emit("csv", ["n", "moves"], [[1, 1], [2, 4]])
    n,moves
    1,1
    2,4
    >>> emit("json", ["n", "moves"], [[64, 2**64 - 1]])
    [{"n": 64, "moves": 18446744073709551615}]
    """
    if fmt == "json":
        with unlimited():  # every digit of a count
            sys.stdout.write(json.dumps([dict(zip(columns, row)) for row in rows]) + "\n")
        return
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(columns)
        with unlimited():
            writer.writerows(rows)
        sys.stdout.write(out.getvalue())
        return
    if fmt != "table":
        raise ValueError(f"unknown format {fmt!r}: choose one of {', '.join(FORMATS)}")

    numeric = [all(isinstance(row[i], Rational) for row in rows) and bool(rows) for i in range(len(columns))]
    print_table(table(title, columns, rows, caption=caption, numeric=numeric), console)


def print_table(grid: Table, console: Console | None = None) -> None:
    """Print a :func:`table` (or any rich table whose columns that must not wrap say ``no_wrap``) on ``console``
    (default: standard output) within its width, its columns narrowed as their words allow, or wider than the console
    when its words or numbers do not fit, never cut."""
    printer = console or output_console()
    width = printer.width
    natural, least = _column_widths(grid)
    frame = _frame(grid)
    if sum(least) + frame > width:  # printed wider than the console (a terminal wraps the lines): nothing is cut
        printer.width = sum(least) + frame
    _fit(grid, printer.width - frame, natural, least)
    try:
        printer.print(grid)
    finally:
        printer.width = width
