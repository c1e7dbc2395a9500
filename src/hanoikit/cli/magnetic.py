"""``hanoi count``, ``hanoi variants`` and ``hanoi markov``: the optimal counts of the magnetic tower and their
mathematics, all computed by the magnetic engine."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

import click

from ..draw.terminal import emit
from ..limits import MAX_COUNT_ROWS
from ..puzzle import rule_name
from .app import app, family_options, magnetic_options, make_puzzle, table_format

if TYPE_CHECKING:
    from ..analysis.colourings import Variants
    from ..puzzle import Puzzle

__all__ = ["count", "variants", "markov"]


@app.command()
@magnetic_options
@click.option("--upto", type=click.IntRange(1, MAX_COUNT_ROWS), default=12, show_default=True,
              help=f"Largest number of disks, up to {MAX_COUNT_ROWS:,}.")
@table_format
def count(magnetic: str | None, start_up: str | None, goal_up: str | None, upto: int, fmt: str) -> None:
    """The optimal counts: S(n), the total moves of an n-disk tower, and P(k), the moves of the k-th largest disk
    (independent of n), for n, k = 1 .. UPTO.

    On a member with no formula the counts stop where its searches would not be quick: the exhaustive search up to
    {MAX_SEARCH_POSITIONS} positions, then the heuristic search up to {MAX_COUNT_SEARCH_CODES} positions and
    {MAX_HEURISTIC_DISKS} disks (five posts with restricted moves, six or more: up to {MAX_HEURISTIC_WIDE_CODES}
    positions).

    \b
    hanoi count --magnetic NNN --upto 10
    hanoi count --magnetic NNR --goal-up R
    hanoi count                       the classic tower
    hanoi count --posts 4             Frame-Stewart (Reve's puzzle), exact
    hanoi count --moves cyclic        three posts in a cycle (Atkinson)
    hanoi count --format csv          the numbers, to pipe
    """
    top = make_puzzle(upto, magnetic, goal_up, start_up)
    if top.posts != 3 or not top.every_move:
        _family_table(top, fmt)
        return
    disks = top.disk_moves()[::-1]
    first, last = top.start.up(1), top.goal.up(1)  # the faces the towers show, None without faces
    name = top.name if first is None else f"{top.name}, {first} up to {last} up"
    base = 3 if top.faces else 2  # S(n) grows as 2^n on the classic tower, as 3^n on a magnetic one
    rows = [
        [n, total, disks[n - 1], f"{total / base**n:.6f}" if n < 1000 else ""]
        for n, total in enumerate(itertools.accumulate(disks), 1)  # S(n) = P(1) + ... + P(n)
    ]
    caption = None
    if first is not None:
        from ..analysis.markov import asymptotic_factors

        s, p = asymptotic_factors(top.colors, last, first)
        caption = f"S(n) ~ s 3^n with s = {s}, P(k) ~ p 3^(k-1) with p = {p} (exact)"
    columns = ["n / k", "S(n)", "P(k)", f"S(n)/{base}^n"]
    emit(fmt, columns, rows, title=f"Optimal counts, {name}", caption=caption)


def _family_table(top: Puzzle, fmt: str) -> None:
    """The counts from S to D of a member with more posts or restricted moves
    (:func:`~hanoikit.analysis.member_counts`)."""
    from ..analysis import member_counts
    from ..limits import MAX_SEARCH_POSITIONS
    from ..solvers.registry import Guarantee

    counted = member_counts(top)
    rules = repr(top).split(", ", 1)[1].rstrip(")") if ", " in repr(top) else ""
    rows: list[list[object]] = []
    previous = 0
    for n, total in enumerate(counted.totals, 1):
        rows.append([n, "unreachable", ""] if total is None else [n, total, total - previous])
        previous = total or 0
    shown = len(counted.totals)
    if counted.solver is not None:
        solver = counted.solver
        checked = solver.checked_disks(top.posts)
        worth = solver.guarantee_for(top).value
        if checked is not None and checked < top.n:
            worth += f"; {Guarantee.CHECKED_OPTIMAL.value} for n <= {checked}"
        caption = f"by the {solver.name} solver ({worth}): {solver.reference}"
        if shown < top.n:
            caption += f"; stops at n = {shown}, where the next count would pass the caps of the searches"
    else:
        caption = (
            f"by exhaustive search, no formula being known; n <= {len(counted.totals)}: at most "
            f"{MAX_SEARCH_POSITIONS:,} positions (hanoi oeis --new --max-positions goes further)"
        )
    title = f"Optimal counts from S to D, {type(top).__name__}(n, {rules})"
    emit(fmt, ["n", "S(n)", "S(n) - S(n-1)"], rows, title=title, caption=caption)


@app.command()
@family_options
@click.option(
    "--upto", type=click.IntRange(1, 20), default=None,
    help="How many first counts to show (default 6 on three posts with every move, else see above).",
)
@table_format
def variants(upto: int | None, fmt: str) -> None:
    """All 27 colourings: the goal faces that can be reached, the first counts, s and p, the time-reversed variant and
    which variants share their counts.

    A variant is named by the colours of S, I, D; a goal face other than the default (blue, red on a red D) follows
    a slash; goals lists the goal faces its colouring can reach ("none": no variant). The time reversal is named
    with its start tower showing red (red and blue swapped if needed). With
    --format json the first counts are a list of exact ints, and s and p fractions written as text.

    With --posts K or --moves RULE: the 3^K colourings of that member (at most {MAX_VARIANTS_COLORINGS}, so K <= 6)
    and their first counts by exhaustive search, no formula being known ("-": the goal cannot be reached with that
    many disks, null in json; "same counts as": as far as computed). Each search stays within
    {MAX_SEARCH_POSITIONS} positions; without --upto the counts go as far as {MAX_VARIANTS_DEFAULT_POSITIONS}
    positions searched in all allow (a few seconds); --upto may ask for as many as {MAX_VARIANTS_POSITIONS} in all.
    Puzzles that differ only by swapping red and blue, or by relabelling the posts between S and D in a way that
    keeps the allowed moves, are searched once.

    \b
    hanoi variants                         the 27 colourings of the magnetic tower
    hanoi variants --posts 4               the 81 colourings on four posts
    hanoi variants --moves linear --upto 9 three posts in a line
    hanoi variants --posts 4 --format json
    """
    from ..analysis import variants as table_of

    rules = make_puzzle(1)

    def searching(upto: int, positions: int) -> None:  # seconds of searching: said once, before
        rule = rule_name(rules.moves, rules.posts) or "custom"
        click.echo(f"hanoi variants: searching {positions:,} positions for the first {upto} counts of the "
                   f"{3**rules.posts:,} colourings of {rules.posts} posts with {rule} moves...", err=True)

    table = table_of(rules, upto, searching)
    json = fmt == "json"
    if rules.posts == 3 and rules.every_move:
        rows: list[list[object]] = [
            [v.name, v.goals, (list(v.counts) if json else ", ".join(map(str, v.counts))) if v.counts else "",
             _text(v.s), _text(v.p),
             v.time_reversal or "", v.same_counts_as or ""]
            for v in table.rows
        ]
        names = [v for v in table.rows if v.counts]
        distinct = len({v.same_counts_as or v.name for v in names})
        columns = ["variant", "goals", f"S(1..{table.upto})", "s", "p", "time reversal", "same counts as"]
        caption = f"{len(names)} solvable variants, {distinct} different count sequences"
        emit(fmt, columns, rows, title="The 27 colourings", caption=caption)
        return
    _family_variants(rules, table, fmt)


def _text(value: object) -> str:
    return "" if value is None else str(value)


def _family_variants(rules: Puzzle, table: Variants, fmt: str) -> None:
    """``hanoi variants`` on a member other than three posts with every move."""
    from ..limits import MAX_SEARCH_POSITIONS

    rows: list[list[object]] = []
    for v in table.rows:
        shown = list(v.counts) if fmt == "json" else ", ".join("-" if t is None else str(t) for t in v.counts)
        rows.append([v.name, v.goals, shown if v.counts else "", v.same_counts_as or ""])
    listed = [v for v in table.rows if v.counts]
    sequences = len({v.counts for v in listed})
    counted = f"{sequences} different count sequences" if sequences != 1 else "all with the same counts"
    cap = f" (n = {table.reach + 1} would have {table.next_positions:,})" if table.next_positions is not None else ""
    method = "by exhaustive search, no formula being known" if table.searched else (
        "by the members' own solvers, else by exhaustive search")
    found_goals = f"{len(listed)} solvable variants, {counted}" if listed else "no colouring reaches a goal"
    caption = (
        f"{found_goals} for n <= {table.reach}; S(n) {method}, each search within {MAX_SEARCH_POSITIONS:,} "
        f"positions{cap}"
    )
    if any(None in v.counts for v in listed):
        caption += "; -: the goal cannot be reached with that many disks"
    emit(fmt, ["variant", "goals", f"S(1..{table.reach})", "same counts as"], rows,
         title=f"The {3**rules.posts} colourings, {rules.name.partition(', ')[2]}",
         caption=caption)


@app.command()
def markov() -> None:
    """The matrix analysis of the encyclopedia article (seed 001), computed: the recursions of its seven variants,
    S(1), the matrix M, its characteristic polynomial and roots, and the factors s; then the same for the engine's
    full class system."""
    from ..analysis import markov as mk
    from ..draw.terminal import output_console

    console = output_console()
    recursions = mk.seed_recursions()
    rows: list[list[object]] = []
    for name, s1 in zip(mk.SEED_VARIANTS, mk.seed_s1()):
        moves, pieces = recursions[name]
        terms = " + ".join(f"{t} S_{w}(n-1)" if t > 1 else f"S_{w}(n-1)" for w, t in pieces.items())
        s, p = mk.asymptotic_factors(name)
        rows.append([name, f"{terms} + {moves}", int(s1), s, p])
    title = "The article's recursions (seed 001), found among the engine's optimal plans"
    emit("table", ["variant", "S(n) =", "S(1)", "s", "p"], rows, console, title=title)
    M = mk.seed_matrix()
    names = (*mk.SEED_VARIANTS, "1")
    matrix = [[name, *(int(M[i, j]) for j in range(len(names)))] for i, name in enumerate(names)]
    emit("table", ["", *names], matrix, console, title="M (last row and column: the constant)")
    console.print(f"characteristic polynomial: {str(mk.characteristic_polynomial(M)).replace('**', '^')}")
    roots = ", ".join(
        f"{z.real:.6g}" if abs(z.imag) < 1e-12 else f"{z.real:.6g}{z.imag:+.6g}i" for z in mk.eigenvalues(M)
    )
    console.print(f"roots: {roots}")
    system = mk.class_system()
    console.print(
        f"\nThe engine's full system: {len(system['names'])} classes of tower problems, plans fixed from level "
        f"{system['start']}; characteristic polynomial "
        f"{str(mk.characteristic_polynomial(system['A'])).replace('**', '^')}"
    )
