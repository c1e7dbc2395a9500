"""The magnetic engine from tower to tower, for all 27 colourings and both goal orientations, against the BFS oracle."""

from __future__ import annotations

import pytest

import hanoikit as hk
from hanoikit import search
from hanoikit.errors import UnsolvableError

CASES = [(colors, up) for colors in hk.VARIANTS for up in "RB"]


def _check(puzzle: hk.MagneticPuzzle) -> None:
    if not puzzle.is_legal(puzzle.goal):
        with pytest.raises(UnsolvableError, match="cannot stand on post D"):
            puzzle.distance()
        return
    want = search.bfs(puzzle).distance(puzzle.goal)
    if want is None:
        with pytest.raises(UnsolvableError):
            puzzle.distance()
        with pytest.raises(UnsolvableError):
            list(puzzle.solve())
        return
    assert puzzle.distance() == want
    moves = list(puzzle.solve())
    assert len(moves) == want
    assert puzzle.play(moves) == puzzle.goal
    assert puzzle.disk_moves() == [sum(1 for m in moves if m.disk == d) for d in range(1, puzzle.n + 1)]
    state = puzzle.start
    for k, move in enumerate(moves):
        assert puzzle.move_at(k) == move
        assert puzzle.state_at(k) == state
        state = puzzle.apply(state, move)
    assert puzzle.state_at(len(moves)) == puzzle.goal


@pytest.mark.parametrize("colors, up", CASES)
def test_towers_match_bfs(colors: str, up: str) -> None:
    for n in range(1, 8):
        _check(hk.MagneticPuzzle(n, colors, goal_up=up))


@pytest.mark.parametrize("colors, up", CASES[::9])
def test_eight_and_nine_disks_match_bfs(colors: str, up: str) -> None:
    for n in (8, 9):
        puzzle = hk.MagneticPuzzle(n, colors, goal_up=up)
        if puzzle.is_legal(puzzle.goal):
            want = search.bfs(puzzle).distance(puzzle.goal)
            if want is None:
                with pytest.raises(UnsolvableError):
                    puzzle.distance()
            else:
                assert puzzle.distance() == want


def test_start_orientations() -> None:
    for colors in ("NNN", "NBN", "NRB"):
        for start_up in "RB":
            _check(hk.MagneticPuzzle(4, colors, start_up=start_up, goal_up="B"))


def test_free_counts() -> None:
    assert [hk.MagneticPuzzle(n).distance() for n in range(1, 8)] == [1, 4, 11, 30, 83, 236, 687]


def test_large_towers_follow_the_closed_forms() -> None:
    for n in (30, 200, 1001):
        assert hk.MagneticPuzzle(n, "RBB").distance() == (3**n - 1) // 2
        assert hk.MagneticPuzzle(n, "RRB").disk_moves() == [3 ** (n - k) for k in range(1, n + 1)]


def test_move_at_large() -> None:
    puzzle = hk.MagneticPuzzle(60)
    total = puzzle.distance()
    for k in (0, 1, total // 3, total // 2, total - 1):
        move = puzzle.move_at(k)
        before = puzzle.state_at(k)
        assert puzzle.apply(before, move) == puzzle.state_at(k + 1)
    with pytest.raises(IndexError):
        puzzle.move_at(total)


def test_unsolvable_message_is_short() -> None:
    puzzle = hk.MagneticPuzzle(200, "RRR", goal_up="R")
    with pytest.raises(UnsolvableError, match="cannot be reached") as info:
        puzzle.distance()
    assert "..." in str(info.value) and len(str(info.value)) < 400
    assert "disk 200 can never stand on post D showing red" in str(info.value)
