"""``hanoi crossings``, ``hanoi time`` and ``hanoi reproduce``: Levy's algorithms, the monks' arithmetic, the report."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import click

from .app import app, fail

__all__ = ["crossings", "time_command", "reproduce"]

_NAMES = ("100", "67-down", "67-up", "62", "semifree")  # hanoikit.levy.ALGORITHMS, kept here so --help stays light


def _tower(text: str) -> str:
    from ..puzzle import VARIANTS

    if text.upper() not in VARIANTS:
        fail(f"unknown tower {text!r}: give the colours of S, I, D as three letters R, B or N, e.g. NNN or RBB")
    return text.upper()


@app.command()
@click.option("--algorithm", "-a", type=click.Choice(_NAMES, case_sensitive=False), default="62", show_default=True,
              help="Levy's published algorithm.")
@click.option("--upto", type=click.IntRange(1, 16), default=8, show_default=True, help="Largest number of disks.")
@click.option("--magnetic", "tower", metavar="SID", default="NNN", show_default=True,
              help="The tower the moves are played on (post colours of S, I, D).")
@click.option("--plot", type=click.Path(dir_okay=False, writable=True, path_type=Path),
              help="Also draw the colour chart for --upto disks to this file (.png, .svg or .pdf).")
def crossings(algorithm: str, upto: int, tower: str, plot: Path | None) -> None:
    """Colour crossings of each post (Levy's Table 10) for 1 to --upto disks, with the moves and the optimum.

    A post's colour is the top face of its stack (or its own colour when empty); a crossing is a post going from one
    colour, through neutral, to the other.
    """
    from rich.console import Console
    from rich.table import Table

    from .. import levy
    from ..analysis.crossings import color_crossings
    from ..errors import IllegalMoveError
    from ..puzzle import MagneticPuzzle

    tower = _tower(tower)
    if plot is not None and plot.suffix.lower() not in (".png", ".svg", ".pdf"):
        fail(f"cannot draw to {str(plot)!r}: give a file name ending in .png, .svg or .pdf")
    table = Table(title=f'Colour crossings of the "{algorithm}" algorithm on the tower {tower}')
    for heading in ("N", "S", "I", "D", "total", "moves", "optimal"):
        table.add_column(heading, justify="right")
    for n in range(1, upto + 1):
        puzzle = MagneticPuzzle(n, tower)
        try:
            s, i, d = color_crossings(puzzle, levy.solution_array(n, algorithm))
        except IllegalMoveError as error:
            fail(f'the "{algorithm}" algorithm cannot be played on the tower {tower}: {error}')
        moves, optimal = levy.counts(algorithm, n), puzzle.distance()
        mark = "" if moves == optimal else f" (+{moves - optimal:,})"
        table.add_row(str(n), str(s), str(i), str(d), str(s + i + d), f"{moves:,}{mark}", f"{optimal:,}")
    Console().print(table)
    if plot is not None:
        from ..draw.crossings import crossings_chart

        plot.parent.mkdir(parents=True, exist_ok=True)
        click.echo(f"chart of {upto} disks written to {crossings_chart(upto, algorithm, plot, tower)}")


def _rate(text: str) -> Fraction:
    try:
        rate = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        fail(f"cannot read the rate {text!r}: give moves per second as a number, e.g. 1, 2.5, 1/60 or 1e6")
    if rate <= 0:
        fail(f"the rate must be positive, not {text!r}")
    return rate


def _exact(value: Fraction) -> str:
    if value.denominator == 1:
        return f"{value.numerator:,}"
    return f"{value.numerator:,}/{value.denominator:,}"


def _approx(value: Fraction | int) -> str:
    """Three decimals for ordinary sizes, seven significant digits in powers of ten for huge or tiny ones."""
    from decimal import Decimal, localcontext

    value = Fraction(value)
    if value == 0:
        return "0"
    with localcontext() as context:
        context.prec = 60
        number = Decimal(value.numerator) / Decimal(value.denominator)
        exponent = number.adjusted()
        if -2 <= exponent < 15:
            return f"{number.quantize(Decimal('0.001')):,f}".rstrip("0").rstrip(".")
        context.prec = 7
        return f"{(+number).scaleb(-exponent):f}·10^{exponent}"


@app.command(name="time")
@click.argument("n", type=click.IntRange(1, 100_000))
@click.option("--magnetic", "tower", metavar="SID", help="The optimum of a magnetic tower (post colours of S, I, D).")
@click.option("--algorithm", "-a", type=click.Choice(_NAMES, case_sensitive=False),
              help="The moves of one of Levy's published algorithms instead of the optimum.")
@click.option("--rate", default="1", show_default=True, metavar="MOVES_PER_SECOND",
              help="Moves per second: a whole number, a decimal or a fraction such as 1/60.")
def time_command(n: int, tower: str | None, algorithm: str | None, rate: str) -> None:
    """How long N disks take the monks: the exact number of moves, the seconds and the (Julian) years.

    Classic by default (2^N - 1 moves); --magnetic SID for the optimum of a magnetic tower, --algorithm NAME for one
    of Levy's published algorithms (on the free tower).
    """
    from .. import levy
    from ..puzzle import MagneticPuzzle, Puzzle

    speed = _rate(rate)
    if tower is not None and algorithm is not None:
        fail("give --magnetic SID (the optimum of that tower) or --algorithm NAME, not both")
    if algorithm is not None:
        moves = levy.counts(algorithm, n)
        what = f'Levy\'s "{algorithm}" algorithm'
    elif tower is not None:
        moves = MagneticPuzzle(n, _tower(tower)).distance()
        what = f"the optimum of the magnetic tower {tower.upper()}"
    else:
        moves = Puzzle(n).distance()
        what = "the optimum of the classic tower"
    seconds, years = levy.duration(moves, speed)
    per = "move" if speed == 1 else "moves"
    lines = [
        f"{n} disks, {what}",
        f"  moves    {moves:,}" + (f"  (≈ {_approx(moves)})" if moves >= 10**15 else ""),
        f"  rate     {_exact(speed)} {per} per second",
        f"  seconds  {_exact(seconds)}" + ("" if seconds.denominator == 1 and seconds < 10**15 else f"  (≈ {_approx(seconds)})"),
        f"  years    ≈ {_approx(years)} Julian years of 365.25 days (exactly {_exact(years)})",
    ]
    click.echo("\n".join(lines))


@app.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("reproduction"),
              show_default=True, help="Directory for report.md, report.html and figures/.")
def reproduce(out: Path) -> None:
    """Write the reproduction report: every number, table and figure of the seeds beside hanoikit's computation.

    Markdown and HTML with the figures as files; each item is marked match or mismatch, and each mismatch explained.
    """
    from ..report.build import build

    if out.exists() and not out.is_dir():
        fail(f"cannot write the report into {str(out)!r}: it is a file")
    built = build(out)
    figures = sorted(p.name for p in (built.path / "figures").glob("*"))
    click.echo(f"wrote {built.path / 'report.md'}, {built.path / 'report.html'} and {len(figures)} figure files")
    click.echo(f"{len(built.matches)} items match, {len(built.mismatches)} do not:")
    for check in built.mismatches:
        click.echo(f"  ✗ seed {check.seed}: {check.item}")
