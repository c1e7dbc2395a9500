"""``hanoi count``, ``hanoi variants`` and ``hanoi markov``: the optimal counts of the magnetic tower and their
mathematics, all computed by the magnetic engine."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import click

from ..draw.terminal import emit
from ..limits import MAX_COUNT_ROWS
from .app import app, fail, family_options, magnetic_options, make_puzzle, table_format

if TYPE_CHECKING:
    from ..puzzle import Puzzle
    from ..state import Color

__all__ = ["count", "variants", "markov"]


@app.command()
@magnetic_options
@click.option("--upto", type=click.IntRange(1, MAX_COUNT_ROWS), default=12, show_default=True,
              help=f"Largest number of disks, up to {MAX_COUNT_ROWS:,}.")
@table_format
def count(magnetic: str | None, start_up: str | None, goal_up: str | None, upto: int, fmt: str) -> None:
    """The optimal counts: S(n), the total moves of an n-disk tower, and P(k), the moves of the k-th largest disk
    (independent of n), for n, k = 1 .. UPTO.

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
        _family_table(top, magnetic, goal_up, start_up, fmt)
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


def _family_table(top: Puzzle, magnetic: str | None, goal_up: str | None, start_up: str | None, fmt: str) -> None:
    """The counts from S to D of a member with more posts or restricted moves: by its own solver (exact for every
    n), else by the search up to the exhaustive solver's cap."""
    from ..limits import MAX_SEARCH_POSITIONS
    from ..solvers.registry import EXHAUSTIVE, solvers_for

    solver = solvers_for(top)[0]
    exact_solver = None if solver is EXHAUSTIVE else solver
    rules = repr(top).split(", ", 1)[1].rstrip(")") if ", " in repr(top) else ""
    totals = _first_counts(lambda n: make_puzzle(n, magnetic, goal_up, start_up), top.n)
    rows: list[list[object]] = []
    previous = 0
    for n, total in enumerate(totals, 1):
        rows.append([n, "unreachable", ""] if total is None else [n, total, total - previous])
        previous = total or 0
    if exact_solver is not None:
        caption = f"by the {exact_solver.name} solver ({exact_solver.guarantee.value}): {exact_solver.reference}"
    else:
        caption = (
            f"by exhaustive search, no formula being known; n <= {len(totals)}: at most {MAX_SEARCH_POSITIONS:,} "
            "positions (hanoi oeis --new --max-positions goes further)"
        )
    title = f"Optimal counts from S to D, {type(top).__name__}(n, {rules})"
    emit(fmt, ["n", "S(n)", "S(n) - S(n-1)"], rows, title=title, caption=caption)


def _first_counts(make: Callable[[int], Puzzle], upto: int) -> list[int | None]:
    """S(1), S(2), ... from S to D for ``make(n)`` (``None``: the goal cannot be reached with n disks), up to
    ``upto`` disks: by the member's own solver, else by the exhaustive search, stopping before n where its positions
    would be more than :data:`~hanoikit.limits.MAX_SEARCH_POSITIONS`."""
    from ..errors import TooLargeError, UnsolvableError
    from ..limits import MAX_SEARCH_POSITIONS
    from ..solvers import tower_search
    from ..solvers.registry import EXHAUSTIVE, solvers_for

    totals: list[int | None] = []
    for n in range(1, upto + 1):
        puzzle = make(n)
        if solvers_for(puzzle)[0] is not EXHAUSTIVE:
            try:
                totals.append(puzzle.distance())
            except UnsolvableError:
                totals.append(None)
            except TooLargeError:  # beyond that solver's cap (the heuristic search's disks)
                break
        elif tower_search.code_space(puzzle) <= MAX_SEARCH_POSITIONS:
            totals.append(tower_search.distance(puzzle))
        else:
            break
    return totals


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
    rules = make_puzzle(1)
    if rules.posts != 3 or not rules.every_move:
        _family_variants(rules, upto, fmt)
        return
    upto = upto or 6
    from ..analysis import counts, markov, symmetry
    from ..puzzle import VARIANTS

    names = symmetry.variant_names()
    families = {name: symmetry.count_family(name) for name in names}
    first_of: dict[int, str] = {}
    for name in names:
        first_of.setdefault(families[name], name)
    rows: list[list[object]] = []
    for colors in VARIANTS:
        goals = " ".join(counts.reachable_goals(colors)) or "none"
        mine = [n for n in names if n.partition("/")[0] == colors]
        if not mine:
            rows.append([colors, goals, "", "", "", "", ""])
        for name in mine:
            c, _, written = name.partition("/")
            goal = cast("Color | None", written or None)  # MagneticPuzzle checks it
            s, p = markov.asymptotic_factors(c, goal)
            firsts = [counts.total_moves(c, n, goal) for n in range(1, upto + 1)]
            twin = first_of[families[name]]
            shown = firsts if fmt == "json" else ", ".join(map(str, firsts))
            reversal = symmetry.time_reversal(name)
            rows.append([name, goals, shown, str(s), str(p), reversal, "" if twin == name else twin])
    distinct = len(set(families.values()))
    columns = ["variant", "goals", f"S(1..{upto})", "s", "p", "time reversal", "same counts as"]
    caption = f"{len(names)} solvable variants, {distinct} different count sequences"
    emit(fmt, columns, rows, title="The 27 colourings", caption=caption)


def _relabellings(rules: Puzzle) -> list[tuple[int, ...]]:
    """The relabellings of the posts that keep S, D and the allowed moves (the identity first): each maps a
    colouring to the same puzzle with its posts renamed."""
    k = rules.posts
    relabellings = [(0, *middle, k - 1) for middle in itertools.permutations(range(1, k - 1))]
    return [p for p in relabellings if {(p[a], p[b]) for a, b in rules.moves} == rules.moves]


_SWAP = str.maketrans("RB", "BR")


def _same_puzzle(colors: str, start: Color, goal: Color, relabellings: list[tuple[int, ...]]) -> tuple[str, ...]:
    """One key for all the puzzles that are this one with its posts relabelled (see :func:`_relabellings`) or red
    and blue swapped: they have the same counts."""
    from ..state import flip

    keys = []
    for p in relabellings:
        moved = [""] * len(colors)
        for post, color in enumerate(colors):
            moved[p[post]] = color
        word = "".join(moved)
        keys += [(word, start, goal), (word.translate(_SWAP), flip(start), flip(goal))]
    return min(keys)


def _family_variants(rules: Puzzle, upto: int | None, fmt: str) -> None:
    """``hanoi variants`` on a member other than three posts with every move: every colouring, its reachable goal
    faces and first counts (by :func:`_first_counts`), and which colourings share them."""
    from ..limits import (
        MAX_SEARCH_POSITIONS,
        MAX_VARIANTS_COLORINGS,
        MAX_VARIANTS_DEFAULT_POSITIONS,
        MAX_VARIANTS_POSITIONS,
    )
    from ..solvers import tower_search
    from ..solvers.registry import EXHAUSTIVE, solvers_for
    from ..state import COLORS

    k = rules.posts
    if 3**k > MAX_VARIANTS_COLORINGS:
        fail(f"hanoi variants lists at most {MAX_VARIANTS_COLORINGS:,} colourings, not the {3**k:,} of {k} posts "
             "(hanoi count --magnetic COLOURS counts one)")
    relabellings = _relabellings(rules)
    words = ["".join(word) for word in itertools.product("RBN", repeat=k)]
    problems: dict[str, list[tuple[Color, tuple[str, ...]]]] = {}  # the legal goal faces of each colouring, keyed
    searched: set[tuple[str, ...]] = set()
    for word in words:
        problems[word] = []
        for goal in COLORS:
            puzzle = make_puzzle(1, word, goal)
            if puzzle.goal_is_legal:
                key = _same_puzzle(word, cast("Color", puzzle.start.up(1)), goal, relabellings)
                problems[word].append((goal, key))
                if solvers_for(puzzle)[0] is EXHAUSTIVE:
                    searched.add(key)
    positions = [tower_search.code_space(make_puzzle(n, "N" * k)) for n in range(1, 21)]
    within = sum(1 for size in positions if size <= MAX_SEARCH_POSITIONS)  # the same for every colouring

    def work(n: int) -> int:
        return len(searched) * sum(positions[: min(n, within)])

    if upto is None:
        upto = max((n for n in range(1, within + 1) if work(n) <= MAX_VARIANTS_DEFAULT_POSITIONS), default=1)
    elif work(upto) > MAX_VARIANTS_POSITIONS:
        most = max((n for n in range(1, upto) if work(n) <= MAX_VARIANTS_POSITIONS), default=0)
        fail(f"hanoi variants --upto {upto} would search {work(upto):,} positions on this member, at most "
             f"{MAX_VARIANTS_POSITIONS:,}: ask for --upto {most} at most")
    reach = min(upto, within)

    def first_counts(word: str, goal: Color) -> list[int | None]:
        return _first_counts(lambda n: make_puzzle(n, word, goal), reach)

    found: dict[tuple[str, ...], list[int | None]] = {}
    first_of: dict[tuple[int | None, ...], str] = {}
    rows: list[list[object]] = []
    gaps = False
    for word in words:
        default_goal = make_puzzle(1, word).goal.up(1)
        listed = []
        for goal, key in problems[word]:
            if key not in found:
                found[key] = first_counts(word, goal)
            totals = found[key]
            if any(total is not None for total in totals):
                listed.append((word if goal == default_goal else f"{word}/{goal}", goal, totals))
        if not listed:
            rows.append([word, "none", "", ""])
        goals = " ".join(goal for _, goal, _ in listed)
        for name, _, totals in listed:
            twin = first_of.setdefault(tuple(totals), name)
            gaps = gaps or None in totals
            shown = totals if fmt == "json" else ", ".join("-" if t is None else str(t) for t in totals)
            rows.append([name, goals, shown, "" if twin == name else twin])
    solvable = sum(1 for row in rows if row[1] != "none")
    sequences = f"{len(first_of)} different count sequences" if len(first_of) != 1 else "all with the same counts"
    cap = f" (n = {reach + 1} would have {positions[reach]:,})" if reach < upto else ""
    method = "by exhaustive search, no formula being known" if len(searched) == len(found) else (
        "by the members' own solvers, else by exhaustive search")
    found_goals = f"{solvable} solvable variants, {sequences}" if solvable else "no colouring reaches a goal"
    caption = (
        f"{found_goals} for n <= {reach}; S(n) {method}, each search within {MAX_SEARCH_POSITIONS:,} positions{cap}"
    )
    if gaps:
        caption += "; -: the goal cannot be reached with that many disks"
    emit(fmt, ["variant", "goals", f"S(1..{reach})", "same counts as"], rows,
         title=f"The {len(words)} colourings, {rules.name.partition(', ')[2]}", caption=caption)


@app.command()
def markov() -> None:
    """The matrix analysis of the encyclopedia article (seed 001), computed: the recursions of its seven variants,
    S(1), the matrix M, its characteristic polynomial and roots, and the factors s; then the same for the engine's
    full class system."""
    from rich.console import Console
    from rich.table import Table

    from ..analysis import markov as mk

    console = Console()
    recursions = mk.seed_recursions()
    table = Table(title="The article's recursions (seed 001), found among the engine's optimal plans")
    table.add_column("variant")
    table.add_column("S(n) =")
    table.add_column("S(1)", justify="right")
    table.add_column("s", justify="right")
    table.add_column("p", justify="right")
    s1 = list(mk.seed_s1())
    for i, name in enumerate(mk.SEED_VARIANTS):
        moves, pieces = recursions[name]
        terms = " + ".join(f"{t} S_{w}(n-1)" if t > 1 else f"S_{w}(n-1)" for w, t in pieces.items())
        s, p = mk.asymptotic_factors(name)
        table.add_row(name, f"{terms} + {moves}", str(s1[i]), str(s), str(p))
    console.print(table)
    M = mk.seed_matrix()
    grid = Table(title="M (last row and column: the constant)", show_header=True)
    grid.add_column("")
    for name in (*mk.SEED_VARIANTS, "1"):
        grid.add_column(name, justify="right")
    for i, name in enumerate((*mk.SEED_VARIANTS, "1")):
        grid.add_row(name, *(str(M[i, j]) for j in range(8)))
    console.print(grid)
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
