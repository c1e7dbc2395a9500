"""Levy's published algorithms (seed 000, Appendix 1): legal replays, the published counts, the block stream."""

from __future__ import annotations

import collections
import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import MagneticPuzzle, levy

NAMES = list(levy.ALGORITHMS)


def replay(colors: str, n: int, moves: list[hk.Move]) -> bool:
    puzzle = MagneticPuzzle(n, colors)
    return puzzle.play(moves) == puzzle.goal


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("n", range(1, 8))
def test_every_algorithm_solves_the_free_tower_and_its_own(name: str, n: int) -> None:
    moves = list(levy.get(name).call(n))
    assert replay("NNN", n, moves)
    assert replay(levy.get(name).colors, n, moves)
    assert levy.counts(name, n) == len(moves)
    tally = collections.Counter(m.disk for m in moves)
    assert levy.disk_counts(name, n) == [tally[d] for d in range(1, n + 1)]


def test_home_towers() -> None:
    assert {name: a.colors for name, a in levy.ALGORITHMS.items()} == {
        "100": "RBB", "67-down": "NNN", "67-up": "NNN", "62": "NNN", "semifree": "RNB"
    }


@pytest.mark.parametrize("n", range(1, 40, 3))
def test_published_formulas(n: int) -> None:
    assert levy.counts("100", n) == (3**n - 1) // 2
    for name in ("67-down", "67-up"):
        assert levy.counts(name, n) == 3 ** (n - 1) + n - 1  # S67(n)
        per_disk = levy.disk_counts(name, n)[::-1]  # k-th largest disk first
        assert per_disk[0] == 1
        assert per_disk[1:] == [2 * 3 ** (k - 2) + 1 for k in range(2, n + 1)]  # P67(k)


def test_published_totals() -> None:
    # Table 10 of seed 000 (its P62 row) and the issue's totals of the SemiFree algorithm.
    assert [levy.counts("62", n) for n in range(1, 9)] == [1, 4, 11, 30, 83, 236, 691, 2050]
    assert [levy.counts("semifree", n) for n in range(1, 9)] == [1, 4, 11, 32, 93, 276, 823, 2464]
    assert len(list(levy.solution("100", 3))) == 13


def test_semifree_follows_the_issue_description() -> None:
    """With the largest disk called disk 1: n-2 by SemiFree, disk 2, n-2 (3^(n-2)-1), disk 1, n-2 (3^(n-2)-1),
    disk 2, n-2 ((3^(n-2)-1)/2), disk 2, n-2 ((3^(n-2)-1)/2)."""
    for n in range(3, 9):
        moves = list(levy.solution("semifree", n))
        big = [(i, m) for i, m in enumerate(moves) if m.disk >= n - 1]
        assert [str(m)[-2:] for _, m in big] == ["SI", "SD", "IS", "SD"]
        assert [m.disk for _, m in big] == [n - 1, n, n - 1, n - 1]
        gaps = np.diff([-1] + [i for i, _ in big] + [len(moves)]) - 1
        b = 3 ** (n - 2) - 1
        assert gaps.tolist() == [levy.counts("semifree", n - 2), b, b, b // 2, b // 2]


def test_counts_are_instant_and_exact_for_a_thousand_disks() -> None:
    assert levy.counts("100", 1000) == (3**1000 - 1) // 2
    assert levy.counts("67-up", 1000) == 3**999 + 999
    assert levy.counts("62", 1000) < levy.counts("67-down", 1000)
    assert isinstance(levy.counts("semifree", 1000), int)


def test_the_62_algorithm_tends_to_67_108_of_the_100_algorithm() -> None:
    # 216 * S62(n) - 67 * 3^n stays within a linear bound, so S62(n) / ((3^n - 1) / 2) -> 67/108.
    for n in range(5, 200, 7):
        assert abs(216 * levy.counts("62", n) - 67 * 3**n) < 600 * n


@pytest.mark.parametrize("name", NAMES)
def test_streamed_blocks_equal_the_plain_generator(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(levy.arrays, "MEMO_LIMIT", 40)  # force the streaming path on small towers
    for n in range(1, 9):
        plain = [tuple(m) for m in levy.get(name).call(n)]
        streamed = np.concatenate([b.rows() for b in levy.blocks(name, n)])
        assert streamed.tolist() == [list(m) for m in plain]
        assert levy.solution_array(name, n).rows().tolist() == streamed.tolist()


def test_blocks_are_read_only_and_bounded() -> None:
    sizes = [b.disk.size for b in levy.blocks("62", 14)]
    assert sum(sizes) == levy.counts("62", 14)
    assert max(sizes) <= levy.arrays.MEMO_LIMIT
    block = next(levy.blocks("62", 5))
    with pytest.raises(ValueError):
        block.disk[0] = 9


def test_appendix_calls_read_their_arguments_literally() -> None:
    # move_busy_2and1(n, i, s, d) carries n disks from its first post to its second.
    moves = list(levy.move_busy_2and1(3, 1, 0, 2))
    assert (moves[0].src, moves[-1].dst) == (1, 0)
    start = hk.State.tower(3, 1, "B")
    end = MagneticPuzzle(3, "RBB").play(moves, start)
    assert end == hk.State.tower(3, 0, "R")
    call = levy.move_down_67(5, 0, 2, 1)
    assert repr(call) == "move_down_67(5, 0, 2, 1)" and call.count() == 85
    assert [type(step).__name__ for step in call.steps()][:2] == ["Call", "Move"]


def test_unknown_names_and_bad_sizes() -> None:
    with pytest.raises(hk.UnknownMethodError, match=r"'62'.*'semifree'"):
        levy.solution("61", 3)
    with pytest.raises(hk.UnknownMethodError):
        levy.counts("fast", 3)
    with pytest.raises(hk.InvalidPuzzleError):
        levy.counts("62", 0)
    with pytest.raises(hk.TooLargeError):
        levy.solution_array("62", 30)
    assert levy.get("SemiFree").name == "semifree"


@pytest.mark.parametrize(("name", "colors"), [("62", "NNN"), ("67-down", "NNN"), ("semifree", "RNB"),
                                              ("100", "RBB"), ("100", "NNN")])
def test_comparison_with_the_optimum_matches_exhaustive_search(name: str, colors: str) -> None:
    rows = levy.compare(name, 7, colors)
    oracle = [hk.search.distance(MagneticPuzzle(n, colors)) for n in range(1, 8)]
    assert [r.optimal for r in rows] == oracle
    assert all(r.moves >= r.optimal for r in rows)
    worse = [r.n for r in rows if r.moves > r.optimal]
    assert levy.first_suboptimal(name, 7, colors) == (worse[0] if worse else None)


@given(st.sampled_from(NAMES), st.integers(1, 9), st.data())
def test_any_window_of_the_stream_matches(name: str, n: int, data: st.DataObject) -> None:
    whole = levy.solution_array(name, n).rows()
    k = data.draw(st.integers(0, len(whole) - 1))
    assert tuple(whole[k]) == tuple(list(levy.solution(name, n))[k])


def test_the_count_caches_stay_bounded_and_exact_after_evictions() -> None:
    caches = (levy.appendix.moves_made, levy.appendix.disk_moves_made)
    assert all(cache.cache_info().maxsize is not None for cache in caches)
    for n in (3000, 40, 3001, 1):
        assert levy.structural_count("62", n) == levy.counts("62", n)
    assert levy.disk_counts("62", 400)[-1] == 1 and sum(levy.disk_counts("62", 400)) == levy.counts("62", 400)
    for cache in caches:
        info = cache.cache_info()
        assert info.currsize <= info.maxsize  # type: ignore[operator]


def test_counts_are_non_decreasing_in_the_disks() -> None:
    """What the block stream relies on to keep the calls of at most MEMO_LIMIT moves."""
    for function in levy.FUNCTIONS:
        made = [levy.moves_made(function.__wrapped__, n) for n in range(1, 200)]
        assert made == sorted(made)


def test_a_call_counts_a_deep_tower_and_refuses_beyond_the_cap() -> None:
    assert levy.move_busy_1and2(3000, 0, 2, 1).count() == (3**3000 - 1) // 2  # "100" on 3000 disks
    assert levy.get("62").call(5000).count() == levy.counts("62", 5000)
    with pytest.raises(hk.TooLargeError):
        levy.move_busy_1and2(hk.limits.MAX_LEVY_DISKS + 1, 0, 2, 1).count()


@pytest.mark.parametrize("name", NAMES)
def test_the_stream_of_a_deep_tower_starts_legally(name: str) -> None:
    n = 2500  # deeper than Python's recursion limit
    puzzle = levy.get(name).puzzle(n)
    state, made = puzzle.start, 0
    for move in itertools.islice(levy.solution(name, n), 500):
        state = puzzle.apply(state, move)
        made += 1
    assert made == 500
