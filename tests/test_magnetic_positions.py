"""The magnetic engine between arbitrary legal positions, against the BFS oracle."""

from __future__ import annotations

from functools import cache

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import search
from hanoikit.errors import UnsolvableError
from oracle import plain_distances


@cache
def _legal(colors: str, n: int) -> np.ndarray:
    return search.legal_states(hk.MagneticPuzzle(n, colors))


@st.composite
def pairs(draw, max_n: int = 6):  # type: ignore[no-untyped-def]
    colors = draw(st.sampled_from(hk.VARIANTS))
    n = draw(st.integers(1, max_n))
    puzzle = hk.MagneticPuzzle(n, colors)
    legal = _legal(colors, n)
    a, b = (search.decode(puzzle, int(legal[draw(st.integers(0, len(legal) - 1))])) for _ in range(2))
    return puzzle, a, b


@given(pairs())
def test_random_pairs_match_bfs(case) -> None:  # type: ignore[no-untyped-def]
    puzzle, a, b = case
    want = search.bfs(puzzle, a).distance(b)
    if want is None:
        try:
            puzzle.distance(a, b)
        except UnsolvableError as error:
            assert "cannot be reached" in str(error)
        else:
            raise AssertionError(f"{a} -> {b} should be unsolvable")
        return
    assert puzzle.distance(a, b) == want
    moves = list(puzzle.solve(a, b))
    assert len(moves) == want
    assert puzzle.play(moves, a) == b


def test_every_pair_of_three_disks_free_and_coloured() -> None:
    for colors in ("NNN", "RBN", "NRB", "BBN"):
        puzzle = hk.MagneticPuzzle(3, colors)
        legal = [search.decode(puzzle, int(code)) for code in _legal(colors, 3)]
        for a in legal[::3]:
            dist = plain_distances(puzzle, a)
            for b in legal:
                if b in dist:
                    assert puzzle.distance(a, b) == dist[b]
                else:
                    try:
                        puzzle.distance(a, b)
                    except UnsolvableError:
                        continue
                    raise AssertionError(f"{a} -> {b} should be unsolvable")


def test_large_random_positions_replay() -> None:
    rng = np.random.default_rng(7)
    puzzle = hk.MagneticPuzzle(40, "NNN")
    legal = _legal("NNN", 8)
    small = hk.MagneticPuzzle(8, "NNN")
    # bigger disks kept as a perfect red tower on S below an arbitrary 8-disk position
    for _ in range(5):
        a8, b8 = (search.decode(small, int(rng.choice(legal))) for _ in range(2))
        a = hk.State(a8.posts + (0,) * 32, a8.ups + ("R",) * 32)  # type: ignore[operator]
        b = hk.State(b8.posts + (0,) * 32, b8.ups + ("R",) * 32)  # type: ignore[operator]
        if not (puzzle.is_legal(a) and puzzle.is_legal(b)):
            continue
        try:
            d = puzzle.distance(a, b)
        except UnsolvableError:
            continue
        moves = list(puzzle.solve(a, b))
        assert len(moves) == d and puzzle.play(moves, a) == b
