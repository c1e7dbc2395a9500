"""``hanoi count``, ``hanoi variants`` and ``hanoi markov``: the optimal counts of the magnetic tower and their
mathematics, all computed by the magnetic engine."""

from __future__ import annotations

import itertools

import click

from ..digits import exact
from ..limits import MAX_COUNT_ROWS
from .app import app, magnetic_options, make_puzzle

__all__ = ["count", "variants", "markov"]


@app.command()
@magnetic_options
@click.option("--upto", type=click.IntRange(1, MAX_COUNT_ROWS), default=12, show_default=True,
              help=f"Largest number of disks, up to {MAX_COUNT_ROWS:,}.")
def count(magnetic: str | None, start_up: str | None, goal_up: str | None, upto: int) -> None:
    """The optimal counts: S(n), the total moves of an n-disk tower, and P(k), the moves of the k-th largest disk
    (independent of n), for n, k = 1 .. UPTO.

    \b
    hanoi count --magnetic NNN --upto 10
    hanoi count --magnetic NNR --goal-up R
    hanoi count                       the classic tower
    hanoi count --posts 4             Frame-Stewart (Reve's puzzle), exact
    hanoi count --moves cyclic        three posts in a cycle (Atkinson)
    """
    from rich.console import Console
    from rich.table import Table

    top = make_puzzle(upto, magnetic, goal_up, start_up)
    if top.posts != 3 or len(top.moves) != 6:
        Console().print(_family_table(top, magnetic, goal_up, start_up))
        return
    disks = top.disk_moves()[::-1]
    first, last = top.start.up(1), top.goal.up(1)  # the faces the towers show, None without faces
    name = top.name if first is None else f"{top.name}, {first} up to {last} up"
    base = 3 if top.faces else 2  # S(n) grows as 2^n on the classic tower, as 3^n on a magnetic one
    table = Table(title=f"Optimal counts, {name}")
    table.add_column("n / k", justify="right")
    table.add_column("S(n)", justify="right", overflow="fold")
    table.add_column("P(k)", justify="right", overflow="fold")
    table.add_column(f"S(n)/{base}^n", justify="right")
    for n, total in enumerate(itertools.accumulate(disks), 1):  # S(n) = P(1) + ... + P(n)
        table.add_row(str(n), exact(total), exact(disks[n - 1]), f"{total / base**n:.6f}" if n < 1000 else "")
    if first is not None:
        from ..analysis.markov import asymptotic_factors

        s, p = asymptotic_factors(top.colors, last, first)
        table.caption = f"S(n) ~ s 3^n with s = {s}, P(k) ~ p 3^(k-1) with p = {p} (exact)"
    Console().print(table)


def _family_table(top, magnetic, goal_up, start_up):  # type: ignore[no-untyped-def]
    """The counts from S to D of a member with more posts or restricted moves: by its own solver (exact for every
    n), else by the search up to the exhaustive solver's cap."""
    from rich.table import Table

    from ..limits import MAX_SEARCH_POSITIONS
    from ..solvers import tower_search
    from ..solvers.registry import EXHAUSTIVE, solvers_for

    solver = solvers_for(top)[0]
    exact_solver = None if solver is EXHAUSTIVE else solver
    rules = repr(top).split(", ", 1)[1].rstrip(")") if ", " in repr(top) else ""
    table = Table(title=f"Optimal counts from S to D, {type(top).__name__}(n, {rules})")
    for column in ("n", "S(n)", "S(n) - S(n-1)"):
        table.add_column(column, justify="right", overflow="fold")
    previous, reached = 0, 0
    for n in range(1, top.n + 1):
        puzzle = make_puzzle(n, magnetic, goal_up, start_up)
        if exact_solver is not None:
            total: int | None = puzzle.distance()
        elif tower_search.code_space(puzzle) <= MAX_SEARCH_POSITIONS:
            total = tower_search.distance(puzzle)
        else:
            break
        reached = n
        table.add_row(str(n), "unreachable" if total is None else exact(total), "" if total is None else exact(total - previous))
        previous = total or 0
    if exact_solver is not None:
        table.caption = f"by the {exact_solver.name} solver ({exact_solver.guarantee.value}): {exact_solver.reference}"
    else:
        table.caption = (
            f"by exhaustive search, no formula being known; n <= {reached}: at most {MAX_SEARCH_POSITIONS:,} positions "
            "(hanoi oeis --new --max-positions goes further)"
        )
    return table


@app.command()
@click.option("--upto", type=click.IntRange(1, 20), default=6, show_default=True, help="How many first counts to show.")
def variants(upto: int) -> None:
    """All 27 colourings: the goal faces that can be reached, the first counts, s and p, the time-reversed variant and
    which variants share their counts.

    A variant is named by the colours of S, I, D; a goal face other than the default (blue, red on a red D) follows
    a slash. The time reversal is named with its start tower showing red (red and blue swapped if needed).
    """
    from rich.console import Console
    from rich.table import Table

    from ..analysis import counts, markov, symmetry
    from ..puzzle import VARIANTS

    names = symmetry.variant_names()
    families = {name: symmetry.count_family(name) for name in names}
    first_of: dict[int, str] = {}
    for name in names:
        first_of.setdefault(families[name], name)
    table = Table(title="The 27 colourings")
    for column in ("colouring", "goals", "variant", f"S(1..{upto})", "s", "p", "time reversal", "same counts as"):
        table.add_column(column, overflow="fold")
    for colors in VARIANTS:
        goals = counts.reachable_goals(colors)
        mine = [n for n in names if n.partition("/")[0] == colors]
        if not mine:
            table.add_row(colors, "none", "", "", "", "", "", "")
            continue
        for i, name in enumerate(mine):
            c, _, goal = name.partition("/")
            s, p = markov.asymptotic_factors(c, goal or None)  # type: ignore[arg-type]
            firsts = ", ".join(str(counts.total_moves(c, n, goal or None)) for n in range(1, upto + 1))  # type: ignore[arg-type]
            twin = first_of[families[name]]
            table.add_row(
                colors if i == 0 else "",
                " ".join(goals) if i == 0 else "",
                name,
                firsts,
                str(s),
                str(p),
                symmetry.time_reversal(name),
                "" if twin == name else twin,
            )
    distinct = len(set(families.values()))
    table.caption = f"{len(names)} solvable variants, {distinct} different count sequences"
    Console().print(table)


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
