"""Seed 001, the Magnetic Tower of Hanoi encyclopedia article — the worked examples, the RBB/RRB and NNN algorithms,
the recurrences and closed forms, the s/p table, the Markov matrix and its spectrum, and the symmetry pairs.

The published values below are transcribed from the seed; every computed value comes from the magnetic engine and the
analyses (:mod:`hanoikit.analysis`) when the report is built.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import cast

from .._extras import require
from ..analysis import counts, markov, symmetry
from ..move import Move
from ..puzzle import MagneticPuzzle
from ..state import Color
from . import Check
from .build import Table

__all__ = [
    "SEED", "TITLE", "checks", "tables", "rbb_algorithm", "rrb_algorithm", "markov_total", "PUBLISHED_N3",
    "PUBLISHED_MATRIX", "PUBLISHED_S1",
]

SEED = "001"
"""The founding document this section checks."""
TITLE = "Magnetic Tower of Hanoi (encyclopedia article): examples, algorithms, recurrences, s and p, the Markov matrix"
"""The section's title in the report."""

PUBLISHED_N3 = "1SD 2SI 1DS 1SI 3SD 1IS 1SD 2IS 1DI 2SD 1ID"
"""The article's 11-move solution for three disks, in hanoikit's notation (disk 1 smallest): two disks to I in four
moves, the big disk to D, then "disk 3 from I to D via S", "disk 2 from I to S", "disk 3 from D to I", "disk 2 from S
to D", "disk 3 from I to D" (the article numbers the disks from the largest)."""

_S_P_TABLE = {  # s and p as published (the first table)
    ("RRB", "RBB"): ("1/2", "1"),
    ("RBN", "NRB"): ("5/11", "10/11"),
    ("RNB",): ("4/11", "8/11"),
    ("RNN", "NNB"): ("7/22", "14/22"),
    ("NNN",): ("10/33", "20/33"),
}
_S_TABLE = {
    "NNN": "20/66", "RNN": "21/66", "NNR": "39/66", "NBR": "42/66", "RNB": "24/66", "RBN": "30/66", "RRB": "33/66",
}
_RECURRENCES = {  # the Markov section's recurrences as published: moves and pieces (n - 1)
    "NNN": "S_RNN + 1 + S_NNR",
    "RNN": "S_RNN + 1 + S_NBR",
    "NNR": "2 S_RRB + 1 + S_RBN + 1 + S_RNN",
    "NBR": "2 S_RRB + 1 + S_RBN + 1 + S_RBN",
    "RNB": "S_RBN + 1 + S_NBR",
    "RBN": "S_RNB + 2 S_RRB + 1",
    "RRB": "2 S_RRB + 1 + S_RRB",
}
PUBLISHED_MATRIX = [
    [0, 1, 1, 0, 0, 0, 0, 1],
    [0, 1, 0, 1, 0, 0, 0, 1],
    [0, 1, 0, 0, 0, 1, 2, 2],
    [0, 0, 0, 0, 0, 2, 2, 2],
    [0, 0, 0, 1, 0, 1, 0, 1],
    [0, 0, 0, 0, 1, 0, 2, 1],
    [0, 0, 0, 0, 0, 0, 3, 1],
    [0, 0, 0, 0, 0, 0, 0, 1],
]
"""The article's matrix M, as printed: the recurrences of the seven seed variants and the constant."""
PUBLISHED_S1 = [1, 1, 2, 2, 1, 1, 1, 1]
"""The article's S(1) vector, as printed."""
_ROOTS = "3, 1.52183, -0.7607 + 0.8579i, -0.7607 - 0.8579i, 1, 1, 0, 0"
_PAIRS = [("RBB", "RRB"), ("RBN", "NRB"), ("RNB", "BNR"), ("RNN", "NNB")]


# -- the article's algorithms ------------------------------------------------------------------------------------------


def rbb_algorithm(m: int, s: int = 0, i: int = 1, d: int = 2) -> Iterator[Move]:
    """The article's RBB(n) algorithm for the ``m`` smallest disks from ``s`` to ``d``."""
    if m == 0:
        return
    yield from rbb_algorithm(m - 1, s, d, i)
    yield Move(m, s, d)
    yield from rrb_algorithm(m - 1, i, d, s)
    yield from rbb_algorithm(m - 1, s, i, d)


def rrb_algorithm(m: int, s: int = 0, i: int = 1, d: int = 2) -> Iterator[Move]:
    """The article's RRB(n) algorithm for the ``m`` smallest disks from ``s`` to ``d``."""
    if m == 0:
        return
    yield from rrb_algorithm(m - 1, s, i, d)
    yield from rbb_algorithm(m - 1, d, s, i)
    yield Move(m, s, d)
    yield from rrb_algorithm(m - 1, i, s, d)


def _replays_optimally(colors: str, moves: Iterator[Move], n: int) -> bool:
    puzzle = MagneticPuzzle(n, colors)
    listed = list(moves)
    return puzzle.play(listed) == puzzle.goal and len(listed) == puzzle.distance()


# -- the checks ----------------------------------------------------------------------------------------------------


def _fraction_text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _matrix_text(rows: list[list[int]]) -> str:
    return "; ".join(" ".join(str(x) for x in row) for row in rows)


def _recurrence_text(count: int, pieces: dict[str, int]) -> str:
    terms = [f"{times} S_{name}" if times > 1 else f"S_{name}" for name, times in pieces.items()]
    return " + ".join(terms) + f" + {count} (moves of the big disk)"


def _published_row(text: str) -> list[int]:
    row = [0] * 8
    for term in text.split(" + "):
        term = term.strip()
        if term == "1":
            row[7] += 1
            continue
        times, _, name = term.rpartition(" ")
        row[markov.SEED_VARIANTS.index(name[2:])] += int(times or 1)
    return row


def _time_reversed(moves: list[Move]) -> list[Move]:
    swap = {0: 2, 1: 1, 2: 0}
    return [Move(m.disk, swap[m.dst], swap[m.src]) for m in reversed(moves)]


def _check(
    item: str, published: str, computed: str, match: bool, note: str = "", figures: tuple[str, ...] = ()
) -> Check:
    return Check(SEED, item, published, computed, match, note, figures)


def _S(name: str, n: int) -> int:
    return 0 if n == 0 else markov_total(name, n)


def _worked_examples(figure_dir: Path) -> Iterator[Check]:
    """The article's worked examples: n = 2 and n = 3, the free counts."""
    two, three = MagneticPuzzle(2), MagneticPuzzle(3)
    yield _check("n = 2 needs four moves", "4", str(two.distance()), two.distance() == 4, "BFS-checked engine distance")
    moves = [Move.parse(m) for m in PUBLISHED_N3.split()]
    legal = three.play(moves) == three.goal
    yield _check(
        "n = 3: the listed 11-move solution",
        "11 moves: 2 disks to I (4), big disk to D, then 6 moves",
        f"{len(moves)} moves, replay {'legal, reaches the goal' if legal else 'fails'}; optimum {three.distance()}",
        legal and len(moves) == three.distance() == 11,
        "the article's moves replayed through MagneticPuzzle.play; the engine finds another 11-move solution, "
        f"{' '.join(map(str, three.solve()))}, which is the article's played backwards with S and D exchanged: "
        f"{_time_reversed(moves) == list(three.solve())}",
    )
    after5 = three.play(moves[:5])
    rest = three.distance(after5)
    nnb = MagneticPuzzle(2, "NNB", start_up="B").distance()
    yield _check(
        "n = 3: after 5 moves the rest is the NNB puzzle",
        "equivalent to NNB (n = 2)",
        f"position {after5}: {rest} moves left; NNB with 2 disks starting blue up: {nnb}; NNR: "
        f"{MagneticPuzzle(2, 'NNR').distance()}",
        rest == nnb,
        "the small tower starts blue up on I, so it is NNB with the start colour swapped, i.e. seed 001's NNR",
    )
    free = [MagneticPuzzle(n).distance() for n in range(1, 8)]
    yield _check("free puzzle counts 1, 4, 11, ...", "1, 4, 11", ", ".join(map(str, free)), free[:3] == [1, 4, 11])


def _algorithms(figure_dir: Path) -> Iterator[Check]:
    """The RBB, RRB and NNN algorithms, their recurrences and closed forms."""
    ok = all(_replays_optimally("RBB", rbb_algorithm(n), n) and _replays_optimally("RRB", rrb_algorithm(n), n)
             for n in range(1, 9))
    yield _check("RBB(n) and RRB(n) algorithms are optimal", "optimal (proof by induction)",
        f"legal and optimal for n = 1..8: {ok}", ok)

    # the NNN algorithm, by its move count
    nnn = [_S("RNN", n - 1) + 1 + _S("RRB", n - 2) + _S("RBB", n - 2) + 1 + _S("RBN", n - 2) + 1 + _S("NNB", n - 2)
           for n in range(2, 31)]
    engine_nnn = [_S("NNN", n) for n in range(2, 31)]
    yield _check(
        "NNN algorithm (RNN, 1, RRB, RBB, 1, RBN, 1, NNB pieces)",
        "optimal",
        "count equals the optimum for n = 2..30" if nnn == engine_nnn
        else f"counts {nnn[:6]} vs optimum {engine_nnn[:6]}",
        nnn == engine_nnn,
        "checked by the count its pieces add up to (the pieces' own algorithms are not spelled out)",
    )

    # recurrences and closed forms of RBB / RRB
    rbb = [_S("RBB", n) for n in range(1, 61)]
    rrb = [_S("RRB", n) for n in range(1, 61)]
    yield _check(
        "S_RBB(n+1) = 3 S_RBB(n) + 1 and S_RBB = S_RRB",
        "3 S_RBB(n) + 1",
        f"holds for n = 1..59: {all(rbb[i + 1] == 3 * rbb[i] + 1 for i in range(59))}; S_RBB = S_RRB: {rbb == rrb}",
        all(rbb[i + 1] == 3 * rbb[i] + 1 for i in range(59)) and rbb == rrb,
    )
    p_rbb = counts.disk_move_counts("RBB", 40)
    p_rrb = counts.disk_move_counts("RRB", 40)
    ok = all(p_rbb[k + 1] == 3 * p_rbb[k] for k in range(39)) and p_rbb == p_rrb
    yield _check("P_RBB(k+1) = 3 P_RBB(k) and P_RBB = P_RRB", "3 P_RBB(k)", f"holds for k = 1..39: {ok}", ok)
    s_form, s_from = counts.closed_form("RBB") or (None, 0)
    p_form, p_from = counts.closed_form("RBB", kind="P") or (None, 0)
    yield _check(
        "closed form S_RBB(n) = S_RRB(n)",
        "3^n/2 - 1/2",
        f"{s_form} (n >= {s_from}), same for RRB: {counts.closed_form('RRB') == (s_form, s_from)}",
        str(s_form) == "3**n/2 - 1/2",
        "sympy rsolve on the recursion found in the engine's counts",
    )
    yield _check("closed form P_RBB(k) = P_RRB(k)", "3^(k-1)", f"{p_form} (k >= {p_from})", str(p_form) == "3**(k - 1)")


def _asymptotics(figure_dir: Path) -> Iterator[Check]:
    """The s / p table and the limit S(n) ~ s 3^n (with its figure)."""
    for names, (s_pub, p_pub) in _S_P_TABLE.items():
        values = {name: markov.asymptotic_factors(name) for name in names}
        s_set = {_fraction_text(s) for s, _ in values.values()}
        p_set = {_fraction_text(p) for _, p in values.values()}
        match = ({Fraction(s_pub)} == {s for s, _ in values.values()}
                 and {Fraction(p_pub)} == {p for _, p in values.values()})
        yield _check(
            f"s and p of {' / '.join(names)}",
            f"s = {s_pub}, p = {p_pub}",
            f"s = {', '.join(sorted(s_set))}, p = {', '.join(sorted(p_set))}",
            match,
            "exact projection on the eigenvalue 3 of the engine's class recursion"
            + ("; 14/22 = 7/11" if p_pub == "14/22" else ""),
        )
    figure = _convergence_figure(figure_dir)
    s_big, _ = markov.asymptotic_factors("NNN")
    approx = Fraction(markov_total("NNN", 300), 3**300)
    yield _check(
        "S(n) ~ s 3^n (NNN)",
        "lim S(n)/3^n = s",
        f"S(300)/3^300 - 10/33 = {float(approx - s_big):.2e}",
        abs(approx - s_big) < Fraction(1, 10**20),
        "the figure shows S(n)/3^n of the seven variants approaching their s",
        figure,
    )
    family = [markov.asymptotic_factors(v) for v in markov.SEED_VARIANTS]
    doubled = all(p == 2 * s for s, p in family)
    yield _check("p = 2 s for every variant", "s/p table: p = 2 s", f"holds for the seven variants: {doubled}", doubled)


def _markov_section(figure_dir: Path) -> Iterator[Check]:
    """The Markov section: recurrences, S(1), the matrix M, its polynomial and roots, s."""
    recursions = markov.seed_recursions()
    for name in markov.SEED_VARIANTS:
        count, pieces = recursions[name]
        computed_row = [pieces.get(v, 0) for v in markov.SEED_VARIANTS] + [count]
        published_row = _published_row(_RECURRENCES[name])
        yield _check(
            f"recurrence of S_{name}",
            f"S_{name}(n) = {_RECURRENCES[name]}",
            _recurrence_text(count, pieces),
            computed_row == published_row,
            "an optimal plan of the engine whose pieces are all seed variants (pieces matched by equal counts)",
        )
    yield _check(
        "NNR and NBR end red up",
        "red up (destination coloured red)",
        f"default goal NNR: {MagneticPuzzle(1, 'NNR').goal_up}, NBR: {MagneticPuzzle(1, 'NBR').goal_up}; "
        f"blue up reachable: {counts.reachable_goals('NNR')}, {counts.reachable_goals('NBR')}",
        counts.reachable_goals("NNR") == ("R",) and counts.reachable_goals("NBR") == ("R",),
    )
    s1 = [int(x) for x in markov.seed_s1()]
    yield _check("S(1)", str(PUBLISHED_S1), str(s1), s1 == PUBLISHED_S1, "distances of one disk")
    M = markov.seed_matrix()
    computed_M = [[int(M[i, j]) for j in range(8)] for i in range(8)]
    yield _check("the matrix M", _matrix_text(PUBLISHED_MATRIX), _matrix_text(computed_M),
                 computed_M == PUBLISHED_MATRIX, "rows rebuilt from the engine's plans")
    rows_ok = all(_published_row(_RECURRENCES[v]) == PUBLISHED_MATRIX[i] for i, v in enumerate(markov.SEED_VARIANTS))
    yield _check("M's rows against the article's own recurrences", "(consistent)",
        f"every row matches its recurrence: {rows_ok}", rows_ok, "both sides transcribed from the article")
    vector = [markov_total(v, n) for n in (10, 25) for v in markov.SEED_VARIANTS]
    power = [int(x) for n in (10, 25) for x in list(M ** (n - 1) * markov.seed_s1())[:7]]
    yield _check("S(n) = M^(n-1) S(1)", "S(n) = M^(n-1) S(1)",
                 f"equals the engine's optima at n = 10 and 25: {vector == power}", vector == power)
    poly = markov.characteristic_polynomial(M)
    yield _check(
        "characteristic polynomial of M",
        "(K-3)(K^3-K-2)(K-1)^2 K^2",
        str(poly).replace("**", "^"),
        str(poly) == "K**2*(K - 3)*(K - 1)**2*(K**3 - K - 2)",
    )
    roots = markov.eigenvalues(M)
    text = ", ".join(f"{z.real:.5g}" if abs(z.imag) < 1e-12
                     else f"{z.real:.5g} {'+' if z.imag > 0 else '-'} {abs(z.imag):.5g}i" for z in roots)
    expected = [3, 1.52183, complex(-0.7607, 0.8579), complex(-0.7607, -0.8579), 1, 1, 0, 0]
    off = [f"{e} (computed {z.real:.6f})" for z, e in zip(roots, expected) if abs(z - e) >= 1e-4]
    yield _check(
        "the eight roots",
        _ROOTS,
        text,
        not off,
        "" if not off else "the real root of K^3 - K - 2 is 1.521380; the article prints "
        + ", ".join(off) + ", digits 8 and 3 swapped (the complex pair, of modulus sqrt(2/1.521380), agrees)",
    )
    for name, published in _S_TABLE.items():
        s, _ = markov.asymptotic_factors(name)
        computed = f"{_fraction_text(s)} = {s * 66}/66"
        yield _check(f"s of {name} (Markov table)", published, computed, s == Fraction(published))


def _symmetry(figure_dir: Path) -> Iterator[Check]:
    """The time-reversal pairs."""
    for a, b in _PAIRS:
        normalised = {symmetry.color_swap(b) if b.startswith("B") else b}
        reverse = symmetry.time_reversal(a)
        same = [markov_total(a, n) for n in range(1, 13)] == [markov_total(b, n) for n in range(1, 13)]
        yield _check(
            f"time-reversal pair {a} / {b}",
            f"{a} backwards is {b}; equal counts",
            f"reverse({a}) = {reverse}; equal counts n = 1..12: {same}",
            reverse in normalised and same,
            "" if not b.startswith("B")
            else f"{b} starts blue; with the colours swapped it is {symmetry.color_swap(b)}, i.e. {a} itself",
        )


SECTIONS: tuple[Callable[[Path], Iterator[Check]], ...] = (
    _worked_examples,
    _algorithms,
    _asymptotics,
    _markov_section,
    _symmetry,
)
"""The report's sections in order, each a function of the figure directory yielding its check records."""


def checks(figure_dir: Path) -> list[Check]:
    """One check per published item of seed 001, everything on the computed side computed now: the records of every
    section of :data:`SECTIONS`, in order."""
    return [check for section in SECTIONS for check in section(figure_dir)]


def _convergence_figure(figure_dir: Path) -> tuple[str, ...]:
    """S(n)/3^n against n for seed 001's variants, with their limits s dashed."""
    require("matplotlib", "plot")
    import matplotlib

    matplotlib.use("Agg")
    plt = require("matplotlib.pyplot", "plot")

    figure_dir = Path(figure_dir)
    figure_dir.mkdir(parents=True, exist_ok=True)
    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=120)
    ns = list(range(1, 16))
    for name in markov.SEED_VARIANTS:
        line = ax.plot(ns, [markov_total(name, n) / 3**n for n in ns], marker="o", markersize=3, label=name)[0]
        ax.axhline(float(markov.asymptotic_factors(name)[0]), color=line.get_color(), linestyle="--", linewidth=0.8)
    ax.set_xlabel("n (disks)")
    ax.set_ylabel("S(n) / 3^n")
    ax.set_title("Seed 001: S(n)/3^n tends to s (dashed)")
    ax.legend(ncol=4, fontsize=8)
    fig.tight_layout()
    target = figure_dir / "seed001_s_limits.png"
    partial = target.with_suffix(".tmp.png")
    fig.savefig(partial)
    plt.close(fig)
    partial.replace(target)
    return ("figures/seed001_s_limits.png",)


def markov_total(name: str, n: int) -> int:
    """S(n) of a seed-style variant name."""
    colors, goal = _split(name)
    return counts.total_moves(colors, n, goal)


def tables() -> list[Table]:
    """The counts of seed 001's variants and the summary of all 27 colourings."""
    header = ["n"] + list(markov.SEED_VARIANTS)
    rows = [[str(n)] + [str(markov_total(v, n)) for v in markov.SEED_VARIANTS] for n in range(1, 13)]
    first = Table("Optimal counts S(n) of seed 001's variants", "Computed by the magnetic engine.", header, rows)
    rows = []
    for name in symmetry.variant_names():
        s, p = markov.asymptotic_factors(*_split(name))
        first_counts = ", ".join(str(markov_total(name, n)) for n in range(1, 7))
        rows.append([name, first_counts, _fraction_text(s), _fraction_text(p), symmetry.time_reversal(name)])
    second = Table(
        "Every colouring: reachable goals, first counts, s, p, time reversal",
        "Goal faces other than the default after a slash; the reversal is named with its start showing red.",
        ["variant", "S(1..6)", "s", "p", "time reversal"],
        rows,
    )
    return [first, second]


def _split(name: str) -> tuple[str, Color | None]:
    colors, _, goal = name.partition("/")
    return colors, cast("Color | None", goal or None)  # MagneticPuzzle checks it
