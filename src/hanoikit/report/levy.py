"""Seed 000, Uri Levy's paper "The Magnetic Tower of Hanoi": colour crossings, Table 10, Figures 13 and 14, the
concluding arithmetic and Appendix 1, each published item beside what hanoikit computes.

The published values below are transcribed from the seed; every computed value is computed when the report is built.
"""

from __future__ import annotations

import functools
from decimal import Decimal, localcontext
from fractions import Fraction
from pathlib import Path

from .. import levy
from ..analysis.crossings import color_crossings, color_trace, crossing_spans
from ..analysis.duration import duration
from ..errors import TooLargeError, quote
from ..move import POST_NAMES, as_count
from ..puzzle import MagneticPuzzle, Puzzle
from . import Check
from .build import Table

__all__ = ["SEED", "TITLE", "INTRO", "TABLE_10", "table10", "checks", "tables"]

SEED = "000"
"""The founding document this section checks."""
TITLE = (
    'Uri Levy, "The Magnetic Tower of Hanoi": colour crossings, Table 10, Figures 13-14, concluding remarks, Appendix 1'
)
"""The section's title in the report."""

INTRO = (
    "Levy's algorithms are the transcription of Appendix 1 in hanoikit.levy; every sequence is replayed through "
    "MagneticPuzzle.play. Colour crossings are counted on the trace hanoikit.analysis.color_trace computes from the "
    "moves (post colour after every move: +1 red, 0 neutral, -1 blue); a crossing is a post going from one colour, "
    "through neutral, to the other. Published values are transcribed from the seed; everything else is computed."
)
"""The section's opening paragraph: where the algorithms and the colour crossings come from."""

_MAX_TABLE10 = 12
"""The largest N of the computed Table 10 (3^12 moves of each algorithm, under a second)."""

_ALGORITHM = {"67-Down": "67-down", "67-Up": "67-up", "62": "62"}

TABLE_10: dict[str, tuple[int, ...]] = {
    "67-Down-S": (0, 0, 0, 0, 0, 0, 0, 0),
    "67-Down-I": (0, 0, 1, 2, 3, 4, 5, 6),
    "67-Down-D": (0, 0, 1, 2, 3, 4, 5, 6),
    "67-Down-total": (0, 0, 2, 4, 6, 8, 10, 12),
    "P67-Down(N)": (1, 4, 11, 30, 85, 248, 735, 2194),
    "67-Up-S": (0, 0, 0, 2, 2, 4, 4, 6),
    "67-Up-I": (0, 0, 1, 1, 3, 3, 5, 5),
    "67-Up-D": (0, 0, 0, 0, 0, 0, 0, 0),
    "67-Up-total": (0, 0, 1, 3, 5, 7, 9, 11),
    "P67-Up(N)": (1, 4, 11, 30, 85, 248, 735, 2194),
    "62-S": (0, 0, 0, 1, 2, 2, 4, 4),
    "62-I": (0, 0, 1, 2, 3, 8, 9, 14),
    "62-D": (0, 0, 0, 2, 3, 4, 5, 6),
    "62-total": (0, 0, 1, 5, 8, 14, 18, 24),
    "P62(N)": (1, 4, 11, 30, 83, 236, 691, 2050),
}
"""Table 10 of seed 000 as published: colour crossings per post and the move-count rows, for N = 1 to 8."""


@functools.cache
def _crossings(algorithm: str, n: int) -> tuple[int, ...]:
    return color_crossings(MagneticPuzzle(n), levy.solution_array(algorithm, n))


def table10(upto: int = 8) -> dict[str, list[int]]:
    """Table 10 computed for N = 1 to ``upto``, with the published row names (the P rows hold total move counts,
    as in the paper); ``upto`` at most 12."""
    upto = as_count(upto, "the last N", 0)
    if upto > _MAX_TABLE10:
        raise TooLargeError(f"Table 10 is computed up to N = {_MAX_TABLE10}, not {quote(upto)}")
    rows: dict[str, list[int]] = {}
    for label, algorithm in _ALGORITHM.items():
        per_n = [_crossings(algorithm, n) for n in range(1, upto + 1)]
        for post, name in enumerate(POST_NAMES):
            rows[f"{label}-{name}"] = [c[post] for c in per_n]
        rows[f"{label}-total"] = [sum(c) for c in per_n]
        rows[f"P{label}(N)"] = [levy.counts(algorithm, n) for n in range(1, upto + 1)]
    return rows


def _row(values: list[int] | tuple[int, ...]) -> str:
    return " ".join(str(v) for v in values)


def _sci(value: Fraction | int, digits: int) -> str:
    """``value`` in scientific notation with ``digits`` significant digits, exactly rounded."""
    value = Fraction(value)
    with localcontext() as context:
        context.prec = digits
        number = Decimal(value.numerator) / Decimal(value.denominator)
    mantissa, exponent = f"{number:.{digits - 1}e}".split("e")
    return f"{mantissa}*10^{int(exponent)}"


def _table10_checks() -> list[Check]:
    computed = table10(8)
    found = []
    for label, published in TABLE_10.items():
        ours = computed[label]
        if label.startswith("P"):
            note = f"Total move counts S(N) of the {_ALGORITHM[label[1:-3]]!r} sequences (see the label check below)."
        else:
            note = ""
        found.append(Check(SEED, f"Table 10, row {label}", _row(published), _row(ours), tuple(ours) == published, note))
    per_disk = {label: [levy.disk_counts(a, n)[0] for n in range(1, 9)] for label, a in _ALGORITHM.items()}
    found.append(Check(
        SEED, "Table 10 labels its move-count rows P67-Down(N), P67-Up(N), P62(N)",
        "P67(N) = " + _row(TABLE_10["P67-Down(N)"]) + "; P62(N) = " + _row(TABLE_10["P62(N)"]),
        f"P67(N) = {_row(per_disk['67-Down'])}; P62(N) = {_row(per_disk['62'])}; "
        f"S67(N) = {_row(computed['P67-Down(N)'])}; S62(N) = {_row(computed['P62(N)'])}",
        False,
        "Inconsistent labels: in the paper P(k) is the number of moves of disk k (disks numbered from the largest, so "
        "disk N is the smallest of an N-disk tower; P67(k) = 2*3^(k-2) + 1) and S(n) the total number of moves "
        "(S67(n) = 3^(n-1) + n - 1). The rows hold the totals S(N), not P(N); the numbers themselves are right.",
    ))
    return found


def _figure_checks(figure_dir: Path) -> list[Check]:
    from ..draw.crossings import figure13, figure14

    figure13(figure_dir / "figure13")
    figure14(figure_dir / "figure14")
    fig13 = ("figures/figure13.png", "figures/figure13.svg")
    fig14 = ("figures/figure14.png", "figures/figure14.svg")

    def summary(n: int, algorithm: str, colors: str) -> str:
        moves = levy.solution_array(algorithm, n)
        crossings = sum(color_crossings(MagneticPuzzle(n, colors), moves))
        return f"{moves.size} moves, {crossings} colour crossings"

    found = [
        Check(SEED, 'Figure 13A: coloured tower RBB, "100", n = 3', "13 moves, 0 colour crossings",
              summary(3, "100", "RBB"), summary(3, "100", "RBB") == "13 moves, 0 colour crossings",
              "The post curves stay level: each pre-coloured post only ever shows its own colour.", fig13),
        Check(SEED, 'Figure 13B: free tower, "100", n = 3', "13 moves, 0 colour crossings",
              summary(3, "100", "NNN"), summary(3, "100", "NNN") == "13 moves, 0 colour crossings", "", fig13),
        Check(SEED, 'Figure 13C: free tower, "67-Down", n = 3', "11 moves, 2 colour crossings",
              summary(3, "67-down", "NNN"), summary(3, "67-down", "NNN") == "11 moves, 2 colour crossings", "", fig13),
    ]
    trace = color_trace(MagneticPuzzle(3), levy.solution_array("100", 3))
    shown = {POST_NAMES[post]: sorted({int(v) for v in trace[:, post]}) for post in range(3)}
    one_colour = all(len([v for v in values if v]) <= 1 for values in shown.values())
    found.append(Check(
        SEED, 'Figure 13B text: with "100" on the free tower each post wanders between neutral and one colour',
        "each post: neutral and one colour, never the opposite one",
        "colours shown (+1 red, 0 neutral, -1 blue): " + "; ".join(f"{k} {v}" for k, v in shown.items()),
        one_colour, "",
    ))
    crossings_62 = sum(_crossings("62", 3))
    found.append(Check(
        SEED, "Figure 13 text: chart C is the '62-Down' algorithm", '"62-Down", 11 moves, two colour crossings',
        f'"67-down": {summary(3, "67-down", "NNN")}; '
        f'"62": {levy.counts("62", 3)} moves, {crossings_62} colour crossing',
        False,
        "Inconsistent: the caption names chart C '67-Down' and the paper has no '62-Down' algorithm. On three disks "
        f"'62' makes {crossings_62} colour crossing, not two, so the chart with two crossings is '67-Down', "
        "as captioned.",
        fig13,
    ))
    spans = crossing_spans(color_trace(MagneticPuzzle(3), levy.solution_array("67-down", 3)))
    described = "; ".join(f"{POST_NAMES[c.post]} in moves {c.leave - 1}, {c.leave}, {c.start}" for c in spans)
    text = "I in moves 3, 4, 5; D in moves 7, 8, 9"
    found.append(Check(
        SEED, 'Figure 13 text: where "67-Down" (n = 3) crosses', text, described, described == text,
        "The computed trace has the Destination post crossing in moves 3-5 (red after move 3, neutral after move 4, "
        "blue after move 5) and the Intermediate post in moves 7-9 (blue, neutral, red): the text swaps the two posts."
        if described != text else "",
        fig13,
    ))
    found += [
        Check(SEED, 'Figure 14A: free tower, "67-Down", n = 5', "85 moves, 6 colour crossings",
              summary(5, "67-down", "NNN"), summary(5, "67-down", "NNN") == "85 moves, 6 colour crossings", "", fig14),
        Check(SEED, 'Figure 14B: free tower, "62", n = 5', "83 moves, 8 colour crossings",
              summary(5, "62", "NNN"), summary(5, "62", "NNN") == "83 moves, 8 colour crossings", "", fig14),
    ]
    extra = [c for c in crossing_spans(color_trace(MagneticPuzzle(5), levy.solution_array("62", 5))) if c.post == 0]
    down_s = _crossings("67-down", 5)[0]
    described = "; ".join(f"{c.leave - 1} through {c.start}" for c in extra)
    found.append(Check(
        SEED, 'Figure 14 text: "62" adds two Source-post crossings', "71 through 73; 74 through 76",
        f"{described} ('67-Down' crosses the Source post {down_s} times)",
        described == "71 through 73; 74 through 76" and down_s == 0,
        "The text refers to these charts as 'Figure 5A' and 'Figure 5B'; they are Figure 14A and 14B.", fig14,
    ))
    return found


def _claims() -> list[Check]:
    found = []
    ns = range(4, 13)
    more = all(sum(_crossings("62", n)) > sum(_crossings("67-down", n)) for n in ns)
    found.append(Check(
        SEED, 'Table 10 caption: for high towers "62" makes more colour crossings than the two "67" algorithms',
        "more crossings for 62", "62 > 67-Down and 67-Up in total crossings for every N from 4 to 12: "
        + ("yes" if more and all(sum(_crossings("62", n)) > sum(_crossings("67-up", n)) for n in ns) else "no"),
        more, "Extended past the published N = 8 by computation; see the extended table below.",
    ))
    same = all(levy.counts("67-down", n) == levy.counts("67-up", n) for n in range(1, 65))
    found.append(Check(SEED, '"67-Down" and "67-Up" solve the tower in exactly the same number of moves',
                       "same number of moves", f"equal for every N from 1 to 64: {'yes' if same else 'no'}", same))
    upto = 64
    s67 = all(levy.counts(a, n) == 3 ** (n - 1) + n - 1 for a in ("67-down", "67-up") for n in range(1, upto + 1))
    found.append(Check(SEED, '"67" total moves: S67(n) = 3^(n-1) + n - 1', "3^(n-1) + n - 1",
                       f"the transcribed algorithms give it for n = 1..{upto}: {'yes' if s67 else 'no'}", s67,
                       "The formula is the paper's, as quoted in the issue; counted on the algorithms' recursion."))
    per_disk = levy.disk_counts("67-down", 40)[::-1]  # the k-th largest disk first
    p67 = per_disk[0] == 1 and all(per_disk[k - 1] == 2 * 3 ** (k - 2) + 1 for k in range(2, 41))
    found.append(Check(SEED, '"67" moves of the k-th largest disk: P67(k) = 2*3^(k-2) + 1 (k >= 2)', "2*3^(k-2) + 1",
                       f"P67(1..6) = {_row(per_disk[:6])}; the formula holds for k = 2..40: {'yes' if p67 else 'no'}",
                       p67))
    semifree = [levy.counts("semifree", n) for n in range(1, 9)]
    found.append(Check(SEED, '"SemiFree" on the RNB tower: total moves', "1 4 11 32 93 276 823 2464", _row(semifree),
                       semifree == [1, 4, 11, 32, 93, 276, 823, 2464], "Totals as quoted in the issue."))
    s62 = levy.counts("62", 5)
    found.append(Check(SEED, 'A "movie": "62" solves a height-five tower in 83 moves', "83", str(s62), s62 == 83))
    recursive = [f.__name__ for f in levy.FUNCTIONS if any(
        type(step) is levy.Call and step.function is f.__wrapped__
        for n in range(1, 8) for step in f(n, 0, 1, 2).steps()
    )]
    found.append(Check(
        SEED, "Appendix 1: five of the functions are recursive (call themselves)", "5",
        f"{len(recursive)}: {', '.join(recursive)}", len(recursive) == 5,
        "Found by running each transcribed function and looking for calls of itself.",
    ))
    ok = all(
        MagneticPuzzle(n, colors).play(levy.get(name).call(n)) == MagneticPuzzle(n, colors).goal
        for name in levy.ALGORITHMS for colors in {"NNN", levy.get(name).colors} for n in range(1, 8)
    )
    found.append(Check(
        SEED, "Appendix 1: the recursive functions solve the tower", "the functions solve the MToH puzzle",
        "every algorithm replays legally and ends solved on the free tower and on its own tower, N = 1 to 7: "
        + ("yes" if ok else "no"), ok, "Transcribed as hanoikit.levy; the replays use MagneticPuzzle.play.",
    ))
    # "1" is 3^0; "4" is (3^2 - 3^0)/(3^1 - 3^0); "11" is 3(3 - 1) + (3 - 1).
    as_printed = 3 * (3 - 1) + (3 - 1)
    restored = 3 ** (3 - 1) + (3 - 1)
    found.append(Check(SEED, 'Concluding remarks: "1" is actually 3^0', "1", str(3**0), 3**0 == levy.counts("62", 1)))
    four = (3**2 - 3**0) // (3**1 - 3**0)
    found.append(Check(SEED, 'Concluding remarks: "4" is actually (3^2 - 3^0)/(3^1 - 3^0)', "4", str(four),
                       four == levy.counts("62", 2)))
    found.append(Check(
        SEED, 'Concluding remarks: "11" is actually 3(3 - 1) + (3 - 1)', "11", f"{as_printed} as printed",
        as_printed == levy.counts("62", 3),
        f"As printed the expression is {as_printed}. The exponent was lost: 3^(3-1) + (3-1) = {restored}, which is "
        f"S67(3) = 3^(n-1) + n - 1 at n = 3 ({levy.counts('67-down', 3)} moves).",
    ))
    return found


def _monks() -> list[Check]:
    found = []
    classic = Puzzle(64)
    big = classic.move_at(2**63 - 1)
    found.append(Check(
        SEED, "Concluding remarks: 2^63 = 9.223372036854775808*10^18 seconds have passed when the big disk has moved",
        "9.223372036854775808*10^18", f"{_sci(2**63, 19)} (= {2**63}); move {2**63} of the classic solution is {big}",
        _sci(2**63, 19) == "9.223372036854775808*10^18" and big.disk == 64,
    ))
    total = Fraction(3**64 - 1, 2) * Fraction(67, 108)
    found.append(Check(
        SEED, "Concluding remarks: the original ((3^64 - 1)/2)*(67/108) seconds", "1.06507785166480704*10^30",
        f"{_sci(total, 18)} (exactly {total.numerator}/{total.denominator})",
        _sci(total, 16) == _sci(Fraction(106507785166480704, 10**17) * 10**30, 16),
        "Agrees to 16 significant digits, the precision of a double; "
        f"the exact value to 18 digits is {_sci(total, 18)}.",
    ))
    remaining = total - 2**63
    third = Fraction(3**63 - 1, 2) * Fraction(67, 108)
    found.append(Check(
        SEED, "Concluding remarks: ((3^64 - 1)/2)*(67/108) - 2^63 seconds still ahead", "3.550259505549357568*10^29",
        f"{_sci(remaining, 19)}", _sci(remaining, 16) == _sci(Fraction(3550259505549357568, 10**18) * 10**29, 16),
        f"Wrong: the expression as printed is {_sci(remaining, 19)}, about three times the published value (and "
        f"subtracting 2^63 only changes its 11th digit). The published number is ((3^63 - 1)/2)*(67/108) = "
        f"{_sci(third, 19)} to 16 digits, with 3^63 for 3^64 and nothing subtracted.",
    ))
    ratio = Fraction(levy.counts("62", 64), levy.counts("100", 64))
    linear = all(abs(216 * levy.counts("62", n) - 67 * 3**n) < 600 * n for n in range(4, 200))
    found.append(Check(
        SEED, 'The factor 67/108: the "62" algorithm\'s share of the "100" count ((3^n - 1)/2)', "67/108",
        f"S62(64)/S100(64) = {float(ratio):.15f}; 216*S62(n) - 67*3^n grows only linearly (checked to n = 199): "
        + ("the limit is 67/108" if linear else "no"),
        linear,
        f"67/108 = {float(Fraction(67, 108)):.15f}. The paper's 'magnetic' time is thus the '62' algorithm's time, "
        f"approximately: exactly, S62(64) = {levy.counts('62', 64)} moves; the optimum of the free tower is "
        f"{MagneticPuzzle(64).distance()} moves.",
    ))
    _seconds, years = duration(2**64 - 1)
    found.append(Check(
        SEED, "Reference [2]: 2^64 - 1 seconds, roughly 600 billion years; 18,446,744,073,709,551,615 turns",
        "18,446,744,073,709,551,615 turns; roughly 600 billion years",
        f"{Puzzle(64).distance():,} turns; {float(years):,.1f} Julian years",
        Puzzle(64).distance() == 18446744073709551615 and round(years, -11) == 600_000_000_000,
        "At one move per second; a Julian year has 365.25 days.",
    ))
    return found


def checks(figure_dir: Path) -> list[Check]:
    """Every checked item of seed 000; the figures are written into ``figure_dir``."""
    return _table10_checks() + _figure_checks(Path(figure_dir)) + _claims() + _monks()


def tables() -> list[Table]:
    """The computed tables that extend seed 000: Table 10 to N = 12, and each algorithm against the optimum."""
    upto = 12
    computed = table10(upto)
    extended = Table(
        "Table 10 extended to N = 12 (computed)",
        "Colour crossings per post for the published algorithms on the free tower; the P rows hold total moves.",
        ["row"] + [str(n) for n in range(1, upto + 1)],
        [[label] + [str(v) for v in values] for label, values in computed.items()],
    )
    rows = []
    for name, colors in (("100", "RBB"), ("100", "NNN"), ("67-down", "NNN"), ("67-up", "NNN"), ("62", "NNN"),
                         ("semifree", "RNB")):
        first = levy.first_suboptimal(name, 64, colors)
        compared = levy.compare(name, 10, colors)
        rows.append([
            f'"{name}"', colors, ", ".join(str(c.moves) for c in compared), ", ".join(str(c.optimal) for c in compared),
            "optimal up to 64 disks" if first is None else str(first),
        ])
    against = Table(
        "The published algorithms against the optimum (computed)",
        "Moves for N = 1 to 10 next to the optimal counts of the same tower (MagneticPuzzle.distance), and the least N "
        "where the algorithm stops being optimal (searched up to 64).",
        ["algorithm", "tower", "moves, N = 1..10", "optimal, N = 1..10", "first N not optimal"],
        rows,
    )
    return [extended, against]
