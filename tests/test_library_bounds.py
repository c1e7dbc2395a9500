"""The library's entry points raise only a :class:`HanoiError` subclass or a :class:`TypeError`, and refuse work beyond
their caps before doing it (issue 21): Levy's counts, the text diagram, the count tables, the monks' arithmetic."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import levy, limits
from hanoikit.analysis import counts, duration
from hanoikit.text import diagram
from strategies import examples


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: levy.counts("62", 2**70), hk.TooLargeError, f"at most {limits.MAX_DISKS}"),
        (lambda: levy.structural_count("62", limits.MAX_LEVY_DISKS + 1), hk.TooLargeError, "at most"),
        (lambda: levy.disk_counts("62", limits.MAX_LEVY_DISK_COUNTS_DISKS + 1), hk.TooLargeError, "at most"),
        (lambda: levy.compare("62", 10**9), hk.TooLargeError, "rows"),
        (lambda: diagram(hk.Puzzle(10_000).start), hk.TooLargeError, "drawn as text"),
        (lambda: counts.totals_upto("Nbnbn", 3, "B"), hk.InvalidPuzzleError, "three posts"),
        (lambda: counts.totals_upto("NNN", 100_000), hk.TooLargeError, "totals"),
        (lambda: counts.closed_form("NNN", terms=10**6), hk.TooLargeError, "terms"),
        (lambda: counts.closed_form("NNN", kind="Q"), hk.UnknownMethodError, "'S' or 'P'"),
        (lambda: duration("INF", 1), TypeError, "whole number"),
        (lambda: duration(10, float("nan")), hk.InvalidPuzzleError, "finite"),
        (lambda: duration(10, Decimal("-Infinity")), hk.InvalidPuzzleError, "finite"),
        (lambda: duration(-1), hk.InvalidPuzzleError, "at least 0"),
        (lambda: duration(10, 0), hk.InvalidPuzzleError, "positive"),
    ],
)
def test_refused_at_once_with_a_library_error(call, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        call()


def test_answers_at_the_caps_are_exact() -> None:
    """The caps cut off what is too costly, not what is cheap: the closed forms at the largest n, against the
    recursion where both exist."""
    assert levy.counts("100", limits.MAX_DISKS) == (3**limits.MAX_DISKS - 1) // 2
    assert levy.counts("62", 3000) == levy.structural_count("62", 3000)
    totals = counts.totals_upto("NNN", 200)
    assert totals[-1] == hk.MagneticPuzzle(200).distance() and len(totals) == 200
    assert duration(7, 2.5)[0] == Fraction(14, 5) and duration(7, Decimal("0.5"))[0] == 14
    assert diagram(hk.Puzzle(limits.MAX_DIAGRAM_DISKS).start).count("\n") == limits.MAX_DIAGRAM_DISKS + 2


_HOSTILE = st.one_of(
    st.sampled_from([0, -1, 1, 2, 3, 10**20, 2**70, -(10**20), True, None, "", "NNN", "Nbnbn", "62", "INF", b"\xff",
                     "x" * 10_000, math.nan, math.inf, -math.inf, 0.5, Fraction(1, 3), Decimal("NaN"), [], {}]),
    st.integers(-5, 12),
    st.text(max_size=6),
)

_ENTRY_POINTS = {
    "levy.counts": lambda a, b: levy.counts(a, b),
    "levy.structural_count": lambda a, b: levy.structural_count(a, b),
    "levy.disk_counts": lambda a, b: levy.disk_counts(a, b),
    "levy.compare": lambda a, b: levy.compare(a, b),
    "levy.first_suboptimal": lambda a, b: levy.first_suboptimal(a, b),
    "text.diagram": lambda a, b: diagram(hk.State.parse(a) if isinstance(a, str) else a, b),
    "counts.totals_upto": lambda a, b: counts.totals_upto(a, b),
    "counts.total_moves": lambda a, b: counts.total_moves(a, b),
    "counts.counts_table": lambda a, b: counts.counts_table(a, b),
    "counts.reachable_goals": lambda a, b: counts.reachable_goals(a, b),
    "duration.duration": lambda a, b: duration(a, b),
}


@settings(deadline=None, max_examples=examples(300))
@given(name=st.sampled_from(sorted(_ENTRY_POINTS)), first=_HOSTILE, second=_HOSTILE)
def test_hostile_arguments_raise_only_library_errors_or_type_errors(name: str, first: object, second: object) -> None:
    try:
        _ENTRY_POINTS[name](first, second)
    except (hk.HanoiError, TypeError):
        pass
