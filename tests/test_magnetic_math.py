"""The mathematics of the magnetic counts: tables, closed forms, seed 001's matrix, symmetries, the proof of the
engine's plans."""

from __future__ import annotations

from fractions import Fraction

import pytest

import hanoikit as hk
from hanoikit.analysis import counts, markov, symmetry
from hanoikit.solvers import _levels
from hanoikit.solvers._certificate import certify


def test_plans_are_proven_optimal_at_every_level() -> None:
    proof = certify()
    assert proof.slacks > 0 and proof.checked_to > _levels.EXACT_LEVELS


def test_policy_matches_complete_computation_above_the_exact_levels() -> None:
    """Independent of the proof: solve levels 25..40 completely and compare with the fixed plans' costs."""
    eng = _levels.engine()
    below = {col: eng._F[_levels.EXACT_LEVELS][col * 36 : col * 36 + 36] for col in range(27)}
    for m in range(_levels.EXACT_LEVELS + 1, 41):
        F, _, plans = _levels.solve_level(m, below)
        for col in range(27):
            for i in range(36):
                assert F[col][i] == eng.F(m, col, *divmod(i, 6))
        assert plans == eng._plans[_levels.EXACT_LEVELS]
        below = F


@pytest.mark.parametrize("name", symmetry.variant_names())
def test_disk_counts_do_not_depend_on_n(name: str) -> None:
    colors, _, goal = name.partition("/")
    longest = counts.disk_move_counts(colors, 14, goal or None)
    for n in range(1, 14):
        assert counts.disk_move_counts(colors, n, goal or None) == longest[:n]
        assert sum(longest[:n]) == counts.total_moves(colors, n, goal or None)


def test_matrix_recursion_for_large_n() -> None:
    M, s1 = markov.seed_matrix(), markov.seed_s1()
    for n in (40, 200):
        vector = list(M ** (n - 1) * s1)
        for name, value in zip(markov.SEED_VARIANTS, vector):
            assert counts.total_moves(name, n) == value


def test_seed_tables() -> None:
    published = {"NNN": 20, "RNN": 21, "NNR": 39, "NBR": 42, "RNB": 24, "RBN": 30, "RRB": 33}
    for name, sixty_sixths in published.items():
        s, p = markov.asymptotic_factors(name)
        assert s == Fraction(sixty_sixths, 66) and p == 2 * s
    assert str(markov.characteristic_polynomial(markov.seed_matrix())) == "K**2*(K - 3)*(K - 1)**2*(K**3 - K - 2)"


def test_asymptotic_factors_against_large_n() -> None:
    for name in symmetry.variant_names():
        colors, _, goal = name.partition("/")
        s, p = markov.asymptotic_factors(colors, goal or None)
        n = 120
        assert abs(Fraction(counts.total_moves(colors, n, goal or None), 3**n) - s) < Fraction(1, 10**12)
        disks = counts.disk_move_counts(colors, n, goal or None)
        assert abs(Fraction(disks[-1], 3 ** (n - 1)) - p) < Fraction(1, 10**12)


def test_closed_forms() -> None:
    import sympy

    n, k = sympy.Symbol("n", integer=True), sympy.Symbol("k", integer=True)
    form, first = counts.closed_form("RBB")
    assert first == 1 and sympy.simplify(form - (3**n - 1) / 2) == 0
    form, first = counts.closed_form("RRB", kind="P")
    assert sympy.simplify(form - 3 ** (k - 1)) == 0
    assert counts.closed_form("NNN") is None  # roots of K^3 - K - 2
    assert counts.linear_recurrence([counts.total_moves("NNN", i) for i in range(1, 30)]) == ([4, -2, -2, -5, 6], 5)


def test_symmetries() -> None:
    pairs = symmetry.reversal_pairs()
    for a, b in [("RBB", "RRB"), ("NRB", "RBN"), ("NNB", "RNN")]:
        assert (a, b) in pairs
    for a, b in pairs:
        ca, _, ga = a.partition("/")
        cb, _, gb = b.partition("/")
        assert [counts.total_moves(ca, i, ga or None) for i in range(1, 9)] == [
            counts.total_moves(cb, i, gb or None) for i in range(1, 9)
        ]
    assert symmetry.time_reversal("RNB") == "RNB"  # its own reversal: BNR is RNB with the colours swapped
    assert symmetry.color_swap("BNR") == "RNB"
    families = symmetry.distinct_families()
    assert sum(map(len, families.values())) == len(symmetry.variant_names()) == 31
    assert len(families) == 11


def test_solvable_goals_do_not_depend_on_n() -> None:
    for colors in hk.VARIANTS:
        goals = counts.reachable_goals(colors)
        for n in (1, 2, 6):
            for goal in "RB":
                puzzle = hk.MagneticPuzzle(n, colors, goal_up=goal)
                try:
                    puzzle.distance()
                    reached = True
                except hk.UnsolvableError:
                    reached = False
                assert reached == (goal in goals)


def test_cli_commands() -> None:
    from hanoikit.cli import main

    assert main(["count", "--magnetic", "NNN", "--upto", "7"]) == 0
    assert main(["markov"]) == 0
    assert main(["variants", "--upto", "3"]) == 0
    assert main(["count", "--magnetic", "XYZ"]) == 2


def test_cli_count_output(capsys: pytest.CaptureFixture[str]) -> None:
    from hanoikit.cli import main

    main(["count", "--magnetic", "NNN", "--upto", "7"])
    out = capsys.readouterr().out
    for value in ("687", "451", "10/33", "20/33"):
        assert value in out


def test_encyclopedia_report_rows(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from hanoikit.report import encyclopedia

    rows = encyclopedia.checks(tmp_path)
    assert len(rows) > 30 and all(row.seed == "001" and row.computed for row in rows)
    mismatches = [row for row in rows if not row.match]
    assert [row.item for row in mismatches] == ["the eight roots"]  # the article prints 1.52183 for 1.52138
    assert "1.521380" in mismatches[0].note
    assert (tmp_path / "seed001_s_limits.png").exists()
    assert len(encyclopedia.tables()[1].rows) == 31
