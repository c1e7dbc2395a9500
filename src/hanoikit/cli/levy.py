"""``hanoi crossings``, ``hanoi time`` and ``hanoi reproduce``: Levy's algorithms, the monks' arithmetic, the report."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import NoReturn

import click

from .. import algorithms
from ..digits import digit_count, exact, rounded
from ..draw.terminal import emit
from ..limits import MAX_CHART_MOVES, MAX_RATE_EXPONENT
from .app import DISKS, OutputPath, app, fail, table_format

__all__ = ["crossings", "time_command", "reproduce"]

_NAMES = tuple(algorithm.name for algorithm in algorithms.registered(algorithms.Family.LEVY))


def _tower(text: str) -> str:
    from ..puzzle import VARIANTS

    if text.upper() not in VARIANTS:
        fail(f"unknown tower {text!r}: give the colours of S, I, D as three letters R, B or N, e.g. NNN or RBB")
    return text.upper()


_PART_MOVES = 1 << 18
"""The moves traced at once by ``hanoi crossings`` (some 50 MB of work arrays), whatever the tower's size."""


@app.command()
@click.option("--algorithm", "-a", type=click.Choice(_NAMES, case_sensitive=False), default="62", show_default=True,
              help="Levy's published algorithm.")
@click.option("--upto", type=click.IntRange(1, 16), default=8, show_default=True, help="Largest number of disks.")
@click.option("--magnetic", "tower", metavar="SID", default="NNN", show_default=True,
              help="The tower the moves are played on (post colours of S, I, D).")
@click.option("--plot", "plot_name", type=OutputPath(), metavar="FILE",
              help=f"Also draw the colour chart for --upto disks to this file (.png, .svg or .pdf); at most "
                   f"{MAX_CHART_MOVES:,} moves.")
@table_format
def crossings(algorithm: str, upto: int, tower: str, plot_name: str | None, fmt: str) -> None:
    """Colour crossings of each post (Levy's Table 10) for 1 to --upto disks, with the moves and the optimum.

    A post's colour is the top face of its stack (or its own colour when empty); a crossing is a post going from one
    colour, through neutral, to the other. The moves are traced in parts, in bounded memory, with a progress bar on a
    terminal (--upto 16: some 30 million moves).
    """
    from ..analysis.crossings import streamed_crossings
    from ..errors import IllegalMoveError
    from ..formats import move_progress
    from ..movearray import regroup
    from ..puzzle import MagneticPuzzle

    tower = _tower(tower)
    chosen = algorithms.get(algorithm)
    plot = None if plot_name is None else Path(plot_name)
    if plot is not None and plot.suffix.lower() not in (".png", ".svg", ".pdf"):
        fail(f"cannot draw to {str(plot)!r}: give a file name ending in .png, .svg or .pdf")
    if plot is not None:
        from .._extras import require
        from ..draw.crossings import check_chart
        from ..draw.files import check_parent

        require("matplotlib", "plot")  # before the table, so a missing extra is the one thing said
        check_chart(upto, algorithm)
        check_parent(plot)  # before the work
    puzzles = [MagneticPuzzle(n, tower) for n in range(1, upto + 1)]
    rows: list[list[object]] = []
    with move_progress(sum(chosen.count(puzzle) for puzzle in puzzles)) as advance:
        for puzzle in puzzles:
            parts = regroup(chosen.arrays(puzzle), _PART_MOVES, puzzle.n)
            try:
                s, i, d = streamed_crossings(puzzle, parts, progress=advance)
            except IllegalMoveError as error:
                fail(f'the "{algorithm}" algorithm cannot be played on the tower {tower}: {error}')
            moves, optimal = chosen.count(puzzle), puzzle.distance()
            rows.append([puzzle.n, s, i, d, s + i + d, moves, optimal, moves - optimal])
    columns = ["N", "S", "I", "D", "total", "moves", "optimal", "above optimal"]
    emit(fmt, columns, rows, title=f'Colour crossings of the "{algorithm}" algorithm on the tower {tower}')
    if plot is not None:
        from ..draw.crossings import crossings_chart

        written = crossings_chart(upto, algorithm, plot, tower)
        click.echo(f"chart of {upto} disks written to {written}", err=fmt != "table")  # stdout holds the data


_RATE = re.compile(r"\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE](?P<exponent>[+-]?\d+))?(\s*/\s*\d+)?\s*")


def _rate(text: str) -> Fraction:
    """Moves per second, from 10**-MAX_RATE_EXPONENT to 10**MAX_RATE_EXPONENT; the exponent is checked first."""
    shape = _RATE.fullmatch(text) if len(text) <= 100 and text.isascii() else None
    if shape is None:
        fail(f"cannot read the rate {text[:40]!r}: give moves per second as a number, e.g. 1, 2.5, 1/60 or 1e6")
    if shape["exponent"] is not None and abs(int(shape["exponent"])) > 2 * MAX_RATE_EXPONENT:
        _out_of_range(text)
    try:
        rate = Fraction(text.replace(" ", ""))
    except (ValueError, ZeroDivisionError):
        fail(f"cannot read the rate {text!r}: give moves per second as a number, e.g. 1, 2.5, 1/60 or 1e6")
    if rate <= 0:
        fail(f"the rate must be positive, not {text!r}")
    if not Fraction(1, 10**MAX_RATE_EXPONENT) <= rate <= 10**MAX_RATE_EXPONENT:
        _out_of_range(text)
    return rate


def _out_of_range(text: str) -> NoReturn:
    fail(f"the rate {text!r} is out of range: from 1e-{MAX_RATE_EXPONENT} to 1e{MAX_RATE_EXPONENT} moves per second")


_HUGE = 10**60  # numbers from here on are shown rounded, with their number of digits, unless --exact


def _exact(value: Fraction) -> str:
    def whole(number: int) -> str:
        return f"{number:,}" if number < _HUGE else exact(number)

    if value.denominator == 1:
        return whole(value.numerator)
    return f"{whole(value.numerator)}/{whole(value.denominator)}"


def _fraction(value: Fraction) -> int | str:
    """``value`` as an int when whole, else as text such as ``"7/3"`` (for JSON and CSV)."""
    return value.numerator if value.denominator == 1 else f"{exact(value.numerator)}/{exact(value.denominator)}"


def _approx(value: Fraction | int) -> str:
    """Three decimals for ordinary sizes, seven significant digits in powers of ten for huge or tiny ones."""
    from decimal import Decimal, localcontext

    value = Fraction(value)
    if value == 0:
        return "0"
    if not Fraction(1, 100) <= value < 10**15:
        return rounded(value, 7)
    with localcontext() as context:
        context.prec = 60
        number = Decimal(value.numerator) / Decimal(value.denominator)
        return f"{number.quantize(Decimal('0.001')):,f}".rstrip("0").rstrip(".")


def _figure(value: Fraction | int, full: bool) -> str:
    """``value`` exactly when it is short (or ``full``), then about how much; huge ones rounded with their size."""
    value = Fraction(value)
    if full or max(value.numerator, value.denominator) < _HUGE:
        shown = _exact(value)
        return shown if value.denominator == 1 and value < 10**15 else f"{shown}  (≈ {_approx(value)})"
    size = f"{digit_count(value.numerator):,} digits" if value.denominator == 1 else "not a whole number"
    return f"≈ {_approx(value)}  ({size}; --exact for every digit)"


@app.command(name="time")
@click.argument("n", type=DISKS)
@click.option("--magnetic", "tower", metavar="SID", help="The optimum of a magnetic tower (post colours of S, I, D).")
@click.option("--algorithm", "-a", type=click.Choice(_NAMES, case_sensitive=False),
              help="The moves of one of Levy's published algorithms instead of the optimum.")
@click.option("--rate", default="1", show_default=True, metavar="MOVES_PER_SECOND",
              help="Moves per second: a whole number, a decimal or a fraction such as 1/60, "
                   f"from 1e-{MAX_RATE_EXPONENT} to 1e{MAX_RATE_EXPONENT}.")
@click.option("--exact", "full", is_flag=True,
              help="Print every digit of huge numbers (else rounded, with their size).")
@table_format
def time_command(n: int, tower: str | None, algorithm: str | None, rate: str, full: bool, fmt: str) -> None:
    """How long N disks take the monks: the number of moves, the seconds and the (Julian) years.

    Classic by default (2^N - 1 moves); --magnetic SID for the optimum of a magnetic tower, --algorithm NAME for one
    of Levy's published algorithms (on the free tower). N goes up to {MAX_DISKS}; numbers of more than 60 digits are
    shown rounded with their number of digits, all of them with --exact. --format json or csv gives one row with
    every digit: moves as an int, the rate, seconds and years as ints or exact fractions such as "7/3".
    """
    from ..analysis.duration import duration
    from ..puzzle import MagneticPuzzle, Puzzle

    speed = _rate(rate)
    if tower is not None and algorithm is not None:
        fail("give --magnetic SID (the optimum of that tower) or --algorithm NAME, not both")
    if algorithm is not None:
        chosen = algorithms.get(algorithm)
        moves = chosen.count(chosen.puzzle(n))
        what = f'Levy\'s "{algorithm}" algorithm'
    elif tower is not None:
        moves = MagneticPuzzle(n, _tower(tower)).distance()
        what = f"the optimum of the magnetic tower {tower.upper()}"
    else:
        moves = Puzzle(n).distance()
        what = "the optimum of the classic tower"
    seconds, years = duration(moves, speed)
    if fmt != "table":
        columns = ["n", "solution", "moves", "rate", "seconds", "years"]
        row = [n, what, moves, *(_fraction(value) for value in (speed, seconds, years))]
        emit(fmt, columns, [row])  # every digit, as --exact
        return
    per = "move" if speed == 1 else "moves"
    lines = [
        f"{n} disks, {what}",
        f"  moves    {_figure(moves, full)}",
        f"  rate     {_exact(speed)} {per} per second",
        f"  seconds  {_figure(seconds, full)}",
        f"  years    ≈ {_approx(years)} Julian years of 365.25 days",
    ]
    if full or max(years.numerator, years.denominator) < _HUGE:
        lines[-1] += f" (exactly {_exact(years)})"
    click.echo("\n".join(lines))


@app.command()
@click.option("--out", "out_name", type=OutputPath(directory=True), default="reproduction", metavar="DIR",
              show_default=True, help="Directory for report.md, report.html and figures/.")
def reproduce(out_name: str) -> None:
    """Write the reproduction report: every number, table and figure of the seeds beside hanoikit's computation.

    Markdown and HTML with the figures as files; each item is marked match or mismatch, and each mismatch explained.
    """
    from ..draw.files import check_parent
    from ..report.build import build

    out = Path(out_name)

    check_parent(out)
    built = build(out)
    figures = sorted(p.name for p in (built.path / "figures").glob("*"))
    click.echo(f"wrote {built.path / 'report.md'}, {built.path / 'report.html'} and {len(figures)} figure files")
    click.echo(f"{len(built.matches)} items match, {len(built.mismatches)} do not:")
    for check in built.mismatches:
        click.echo(f"  ✗ seed {check.seed}: {check.item}")
