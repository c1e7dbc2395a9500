"""The algorithm registry: every algorithm's moves replayed through the puzzle's rules, its arrays and count against
its moves, and the optimal ones against breadth-first search."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import MagneticPuzzle, Puzzle, algorithms, levy
from hanoikit.algorithms import Family
from hanoikit.movearray import moves_of
from oracle import plain_distances

PUZZLES = [
    *(Puzzle(n) for n in range(1, 6)),
    *(MagneticPuzzle(n, colors) for n in range(1, 5) for colors in ("NNN", "RBB", "RNB", "NBR", "BNN")),
    Puzzle(3, posts=4),
    Puzzle(4, posts=5),
    Puzzle(3, moves="cyclic"),
    MagneticPuzzle(2, "NNNN"),
]


def _played(algorithm: algorithms.Algorithm) -> list[Puzzle]:
    return [puzzle for puzzle in PUZZLES if algorithm.plays(puzzle)]


@pytest.mark.parametrize("algorithm", algorithms.registered(), ids=lambda a: a.name)
def test_moves_arrays_and_count_agree_and_follow_the_rules(algorithm: algorithms.Algorithm) -> None:
    played = 0
    for puzzle in _played(algorithm):
        try:
            moves = list(algorithm.moves(puzzle))
        except hk.UnsolvableError:
            continue
        assert [tuple(m) for m in moves_of(algorithm.arrays(puzzle, size=5))] == [tuple(m) for m in moves]
        assert algorithm.count(puzzle) == len(moves)
        try:
            end = puzzle.play(moves)
        except hk.IllegalMoveError:
            assert algorithm.family is Family.LEVY  # the post colours may refuse a run published for other ones
            continue
        home = algorithm.puzzle(puzzle.n)
        assert end == puzzle.goal or (algorithm.family is Family.LEVY and puzzle.start != home.start)
        played += 1
        if algorithm.optimal:
            assert len(moves) == puzzle.distance() == plain_distances(puzzle, puzzle.start)[puzzle.goal]
    assert played


@pytest.mark.parametrize("algorithm", algorithms.registered(), ids=lambda a: a.name)
def test_each_plays_the_puzzle_it_was_made_for(algorithm: algorithms.Algorithm) -> None:
    for n in range(1, 7):
        puzzle = algorithm.puzzle(n)
        assert algorithm.plays(puzzle) and algorithm in algorithms.playing(puzzle)
        assert puzzle.play(algorithm.moves(puzzle)) == puzzle.goal
        optimum = hk.search.distance(puzzle)
        assert algorithm.count(puzzle) >= optimum
        if algorithm.optimal:
            assert algorithm.count(puzzle) == optimum


def test_levy_counts_match_the_optimum_where_published_optimal() -> None:
    rbb = algorithms.get("100")
    assert all(rbb.count(rbb.puzzle(n)) == rbb.puzzle(n).distance() for n in range(1, 30))
    assert not rbb.optimal  # not on the free tower: 13 moves against 11 for three disks
    assert rbb.count(MagneticPuzzle(3)) > MagneticPuzzle(3).distance()


@given(st.integers(1, 6), st.data())
def test_optimal_from_any_position(n: int, data: st.DataObject) -> None:
    puzzle = data.draw(st.sampled_from([Puzzle(n), MagneticPuzzle(min(n, 4), "NBR"), Puzzle(min(n, 3), posts=4)]))
    reachable = plain_distances(puzzle, puzzle.start)  # moves can be undone: every one of them reaches the goal
    source = data.draw(st.sampled_from(sorted(reachable, key=str)))
    optimal = algorithms.get("optimal")
    moves = list(optimal.moves(puzzle, source))
    assert puzzle.play(moves, source) == puzzle.goal
    assert optimal.count(puzzle, source) == len(moves) == plain_distances(puzzle, source)[puzzle.goal]
    assert [tuple(m) for m in moves_of(optimal.arrays(puzzle, source, size=3))] == [tuple(m) for m in moves]


def test_the_registry_lists_every_algorithm_once() -> None:
    names = [a.name for a in algorithms.registered()]
    assert len(names) == len(set(names))
    assert names[0] == "optimal"
    classic_names = ["recursive", "iterative", "four-step", "three-step", "route-table", "bits"]
    assert [a.name for a in algorithms.registered(Family.CLASSIC)] == classic_names
    assert [a.name for a in algorithms.registered(Family.LEVY)] == list(levy.ALGORITHMS)
    assert {a.name for a in algorithms.playing(Puzzle(3))} == {"optimal", *classic_names}
    assert {a.name for a in algorithms.playing(MagneticPuzzle(3, "RBB"))} == {"optimal", *levy.ALGORITHMS}
    assert [a.name for a in algorithms.playing(Puzzle(3, posts=4))] == ["optimal"]


def test_names_and_refusals() -> None:
    assert algorithms.get(" Four-Step ").name == "four-step"
    with pytest.raises(hk.UnknownMethodError, match=r"'quick'.*optimal, recursive"):
        algorithms.get("quick")
    with pytest.raises(hk.UnknownMethodError, match="plays the classic tower"):
        algorithms.get("recursive").moves(MagneticPuzzle(3))
    with pytest.raises(hk.UnknownMethodError, match="plays the magnetic tower"):
        algorithms.get("62").count(Puzzle(3))
    with pytest.raises(hk.UnknownMethodError, match="start tower to the goal tower"):
        algorithms.get("bits").moves(Puzzle(3), hk.State.parse("ISS"))
    with pytest.raises(ValueError, match="registered already"):
        algorithms.register(algorithms.get("62"))
