"""The magnetic engine's fast paths above the cached levels (the closed form of the rows, the windowed descent of
``move_at``/``state_at``, ``hanoi count`` in one pass), against plain iteration of the level recursion and against
the level-by-level implementation of commit 00062c2 (frozen in ``tests/reference``), for every colouring and both
goal orientations."""

from __future__ import annotations

import random
import types
from functools import lru_cache
from typing import Any

import pytest

import hanoikit as hk
from hanoikit import MagneticPuzzle, State, TooLargeError
from hanoikit.analysis import counts, markov
from hanoikit.errors import UnsolvableError
from hanoikit.solvers import _levels, magnetic
from reference import magnetic_00062c2

SOLVABLE = [(colors, goal) for colors in hk.VARIANTS for goal in counts.reachable_goals(colors)]
QUICK = [("NNN", "B"), ("NNN", "R"), ("RBB", "B"), ("NRB", "B"), ("RNR", "R")]
"""The variants checked against the slow reference in every run; all of them under ``-m slow``."""
DESCENT_CASES = [
    pytest.param(colors, goal, marks=() if (colors, goal) in QUICK else pytest.mark.slow) for colors, goal in SOLVABLE
]


def _reference() -> types.ModuleType:
    """The reference engine: the level-by-level ``magnetic`` module of commit 00062c2, frozen in ``tests/reference``."""
    return magnetic_00062c2


@lru_cache(maxsize=1)
def _iterated_rows(top: int) -> list[list[int]]:
    """The rows of every level up to ``top`` by plain iteration of the fixed plans (no closed form)."""
    eng = _levels.engine()
    rows = [eng.row(m) for m in range(_levels.CACHED_LEVELS + 1)]
    while len(rows) <= top:
        rows.append(eng.next_row(rows[-1]))
    return rows


def test_closed_form_rows_match_the_iteration() -> None:
    eng = _levels.engine()
    jump = eng.jump
    rows = _iterated_rows(_levels.CACHED_LEVELS + 700)
    everything = range(len(eng.reps))
    for m in [*range(jump.base, jump.base + 80), *range(_levels.CACHED_LEVELS - 5, len(rows), 37)]:
        assert jump.row(m, everything) == rows[m]
    for m in (_levels.CACHED_LEVELS + 1, _levels.CACHED_LEVELS + 64, _levels.CACHED_LEVELS + 650):
        assert eng.row(m) == rows[m]  # blocks above the cached levels start from the closed form
    assert 3 in jump.roots and all(abs(c) < 10 for c in jump.q)


def test_xpow_against_repeated_multiplication() -> None:
    q = _levels.engine().jump.q
    e = [1] + [0] * (len(q) - 1)
    for k in range(200):
        assert _levels.xpow(k, q) == e
        top = e[-1]
        e = [0] + e[:-1]
        e = [a + c * top for a, c in zip(e, q)]


@pytest.mark.parametrize("colors, goal", SOLVABLE)
def test_tower_distance_and_count_table_against_the_iteration(colors: str, goal: str) -> None:
    top = _levels.CACHED_LEVELS + 300
    key = markov.variant_key(colors, goal)
    slot = _levels.engine().slot[key]
    rows = _iterated_rows(_levels.CACHED_LEVELS + 700)
    for n in (1, 2, 5, 30, 200, _levels.CACHED_LEVELS + 1, top):
        puzzle = hk.MagneticPuzzle(n, colors, goal_up=goal)  # type: ignore[arg-type]
        assert magnetic.distance(puzzle, puzzle.start, puzzle.goal) == rows[n][slot]
    table = counts.totals_upto(colors, top, goal)  # type: ignore[arg-type]
    assert table[:40] == [counts.total_moves(colors, n, goal) for n in range(1, 41)]  # type: ignore[arg-type]
    assert table[-1] == rows[top][slot]


def test_count_table_refuses_what_cannot_be_solved() -> None:
    with pytest.raises(UnsolvableError):
        counts.totals_upto("RRR", 5)


def _boundaries(puzzle: hk.MagneticPuzzle, total: int) -> list[int]:
    """Move indices on the edges of the top level's pieces: where the windowed descent must compare exactly."""
    eng = _levels.engine()
    _, plan, _ = magnetic._top(puzzle)
    out, k = [], 0
    for a, b, c in plan:
        k += 1 if a < 0 else eng.F(puzzle.n - 1, a, b, c)  # type: ignore[operator]
        out += [k - 1, k]
    return [x for x in out if 0 <= x < total]


@pytest.mark.parametrize("colors, goal", DESCENT_CASES)
def test_move_at_and_state_at_above_the_cached_levels(colors: str, goal: str) -> None:
    reference = _reference()
    rng = random.Random(f"{colors}{goal}")
    n = _levels.CACHED_LEVELS + 1 + magnetic.WINDOW + rng.randrange(1, 40)  # a full window and a partial one
    puzzle = hk.MagneticPuzzle(n, colors, goal_up=goal)  # type: ignore[arg-type]
    total = magnetic.distance(puzzle, puzzle.start, puzzle.goal)
    ks = [0, total - 1, total // 2, *_boundaries(puzzle, total), *(rng.randrange(total) for _ in range(2))]
    for k in ks:
        assert magnetic.move_at(puzzle, k) == reference.move_at(puzzle, k), k
        assert magnetic.state_at(puzzle, k) == reference.state_at(puzzle, k), k
    assert magnetic.state_at(puzzle, total) == puzzle.goal


def assert_agrees(reference: Any, puzzle: hk.MagneticPuzzle, a: State, b: State) -> None:
    """The engine's distance from ``a`` to ``b`` is the reference's, unsolvable pairs included."""
    try:
        want = reference.distance(puzzle, a, b)
    except UnsolvableError:
        with pytest.raises(UnsolvableError):
            magnetic.distance(puzzle, a, b)
        return
    assert magnetic.distance(puzzle, a, b) == want


@pytest.mark.parametrize("colors", ["NNN", "RBB", "NRB", "BNR"])
def test_random_positions_against_the_reference(colors: str) -> None:
    reference = _reference()
    rng = random.Random(colors)
    for n in (7, 60, 2000, _levels.CACHED_LEVELS + 100):
        puzzle = hk.MagneticPuzzle(n, colors)
        a, b = puzzle.random_state(rng), puzzle.random_state(rng)
        assert_agrees(reference, puzzle, a, b)


@pytest.mark.parametrize("colors, goal", SOLVABLE)
def test_disk_moves_against_the_reference(colors: str, goal: str) -> None:
    reference = _reference()
    for n in (1, 2, 5, 40, 300):
        puzzle = hk.MagneticPuzzle(n, colors, goal_up=goal)  # type: ignore[arg-type]
        assert magnetic.disk_moves(puzzle) == reference.disk_moves(puzzle)


def test_magnetic_caps_refuse_before_working():
    from hanoikit.limits import MAX_MAGNETIC_DISKS, MAX_MAGNETIC_INDEX_DISKS

    big = MagneticPuzzle(MAX_MAGNETIC_INDEX_DISKS + 1)
    with pytest.raises(TooLargeError, match="indexing a magnetic solution"):
        big.move_at(0)
    with pytest.raises(TooLargeError, match="indexing a magnetic solution"):
        big.state_at(0)
    n = MAX_MAGNETIC_DISKS + 1
    puzzle = MagneticPuzzle(n)
    scattered = State([0] * (n - 1) + [1], ["R"] * n)
    with pytest.raises(TooLargeError, match="between arbitrary positions"):
        puzzle.distance(scattered)
    with pytest.raises(TooLargeError, match="between arbitrary positions"):
        puzzle.solve(puzzle.start, scattered)
    assert MagneticPuzzle(n, "RBB").distance() == (3**n - 1) // 2  # towers answer at any size


def test_random_positions_every_colouring_against_the_reference() -> None:
    """Gathering on floats above the closed form's base (n well above it), every colouring, against exact levels."""
    reference = _reference()
    rng = random.Random(10)
    for colors in hk.VARIANTS:
        for n in (150, 400):
            puzzle = hk.MagneticPuzzle(n, colors)
            a, b = puzzle.random_state(rng), puzzle.random_state(rng)
            assert_agrees(reference, puzzle, a, b)


def test_close_float_choices_are_made_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    """With every choice counted as too close for the floats, each level and each way is decided on exact sums."""
    from hanoikit.solvers import _gather

    strict = _gather.Gatherer(_levels.engine(), margin=float("inf"))
    monkeypatch.setattr(magnetic, "gatherer", lambda: strict)
    monkeypatch.setattr(magnetic, "ROWS_ERROR", float("inf"))  # every way of the decomposition priced exactly too
    reference = _reference()
    rng = random.Random(11)
    for colors in ("NNN", "RBB", "NRB"):
        for n in (7, 140):  # the solution is replayed where it is short enough to list
            puzzle = hk.MagneticPuzzle(n, colors)
            a, b = puzzle.random_state(rng), puzzle.random_state(rng)
            try:
                want = reference.distance(puzzle, a, b)
            except UnsolvableError:
                continue
            assert magnetic.distance(puzzle, a, b) == want
            if n == 7:
                moves = list(puzzle.solve(a, b))
                assert len(moves) == want and puzzle.play(moves, a) == b


@pytest.mark.parametrize("colors", ["NNN", "RBB", "NRB"])
def test_positions_a_few_moves_apart_far_below_the_top(colors: str) -> None:
    """Positions that differ only in their smallest disks, with hundreds of levels above them (beyond the floats'
    range of 3^(j - top)): a walk of k moves is at most k away, one move exactly 1, and the reference agrees."""
    reference = _reference()
    rng = random.Random(colors)
    for n in (700, 3000):
        puzzle = hk.MagneticPuzzle(n, colors)
        here = puzzle.start
        walk = [here]
        for _ in range(4):
            here = puzzle.apply(here, rng.choice(puzzle.legal_moves(here)))
            walk.append(here)
        assert magnetic.distance(puzzle, walk[0], walk[1]) == 1
        for k in (2, 4):
            assert magnetic.distance(puzzle, walk[0], walk[k]) <= k
            assert magnetic.distance(puzzle, walk[k], walk[0]) <= k
        if n == 700:
            assert_agrees(reference, puzzle, walk[0], walk[4])
            assert_agrees(reference, puzzle, walk[4], walk[1])
