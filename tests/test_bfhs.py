"""The search that keeps only its frontier (breadth-first heuristic search from both ends, hanoikit.solvers.bfhs)
against the plain BFS oracle and the heuristic solver: shortest paths that replay through the rules, the beam's
paths, the bound of :func:`bfhs.shorter`, the earlier layers in files."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanoikit import MagneticPuzzle, Puzzle, State, TooLargeError, UnsolvableError
from hanoikit.solvers import bfhs, heuristic, tower_search
from hanoikit.solvers.frame_stewart import count as frame_stewart
from oracle import plain_distances_to
from strategies import examples

MEMBERS = {
    "4 posts": lambda n, rule: Puzzle(n, posts=4, moves=rule),
    "5 posts": lambda n, rule: Puzzle(min(n, 4), posts=5, moves=rule),
    "NNNN": lambda n, rule: MagneticPuzzle(n, "NNNN", moves=rule),
    "RNBN": lambda n, rule: MagneticPuzzle(n, "RNBN", moves=rule),
}


def assert_a_path(puzzle: Puzzle, src: State, dst: State, path: tuple[int, ...] | list[int]) -> None:
    """``path`` goes from ``src`` to ``dst`` by legal moves."""
    assert path[0] == tower_search.encode(puzzle, src) and path[-1] == tower_search.encode(puzzle, dst)
    state = src
    for before, after in itertools.pairwise(path):
        move = heuristic._move(puzzle, before, after)
        assert puzzle.is_legal_move(state, move)
        state = puzzle.apply(state, move)
        assert tower_search.encode(puzzle, state) == after


@settings(max_examples=examples(40), deadline=None)
@given(kind=st.sampled_from(sorted(MEMBERS)), rule=st.sampled_from(["any", "linear", "star", "cyclic"]),
       n=st.integers(1, 5), seed=st.integers(0, 2**32 - 1), width=st.sampled_from([1, 2, 1000]))
def test_shortest_against_the_oracle(kind: str, rule: str, n: int, seed: int, width: int) -> None:
    """Narrow beams give long paths: the layers then find the shortest."""
    puzzle = MEMBERS[kind](n, rule)
    rng = random.Random(seed)
    src, dst = puzzle.random_state(rng), puzzle.random_state(rng)
    if not puzzle.reversible:
        with pytest.raises(ValueError, match="undone"):
            bfhs.search(puzzle, src, dst, cache=False)
        return
    exact = plain_distances_to(puzzle, dst).get(src)
    if exact is None:
        with pytest.raises(UnsolvableError):
            bfhs.search(puzzle, src, dst, cache=False, width=width)
        return
    found = bfhs.search(puzzle, src, dst, cache=False, width=width)
    assert len(found.path) - 1 == exact
    assert_a_path(puzzle, src, dst, found.path)
    known = bfhs.beam(puzzle, src, dst, width, cache=False)
    assert len(known) - 1 >= exact
    assert_a_path(puzzle, src, dst, known)


@settings(max_examples=examples(30), deadline=None)
@given(n=st.integers(1, 7), seed=st.integers(0, 2**32 - 1), below=st.integers(0, 3))
def test_shorter_finds_a_path_within_its_bound_only(n: int, seed: int, below: int) -> None:
    puzzle = Puzzle(n, posts=4, moves="linear")
    rng = random.Random(seed)
    src, dst = puzzle.random_state(rng), puzzle.random_state(rng)
    exact = plain_distances_to(puzzle, dst)[src]
    assert bfhs.shorter(puzzle, src, dst, exact - 1 - below, cache=False).path == (() if src != dst else
                                                                                   (tower_search.encode(puzzle, src),))
    found = bfhs.shorter(puzzle, src, dst, exact + below, cache=False)
    assert len(found.path) - 1 == exact
    assert_a_path(puzzle, src, dst, found.path)


def test_the_earlier_layers_go_to_files_and_are_removed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every layer but the two last in a file, and the layers expanded 7 positions at a time (their children merged
    across the pieces)."""
    monkeypatch.setattr(bfhs, "LAYERS_IN_MEMORY", 0)
    monkeypatch.setattr(bfhs, "_CHUNK", 7)
    written: list[Path] = []
    save = np.save
    monkeypatch.setattr(np, "save", lambda path, array: (written.append(Path(path)), save(path, array)))
    puzzle = Puzzle(9, posts=4)
    found = bfhs.shorter(puzzle, puzzle.start, puzzle.goal, frame_stewart(9, 4), spill=tmp_path, cache=False)
    assert len(found.path) - 1 == frame_stewart(9, 4)
    assert_a_path(puzzle, puzzle.start, puzzle.goal, found.path)
    assert len(written) > 10 and all(path.parent.parent == tmp_path for path in written)
    assert not list(tmp_path.iterdir())


def test_the_default_tables_as_the_heuristic_solver() -> None:
    """14 disks: the largest 13 in a compressed table, their exact values carried in the entries."""
    n = 14
    puzzle = Puzzle(n, posts=4)
    rng = random.Random(n)
    assert len(heuristic.search(puzzle, puzzle.start, puzzle.goal, frontier=True).path) - 1 == frame_stewart(n, 4)
    for _ in range(2):
        src, dst = puzzle.random_state(rng), puzzle.random_state(rng)
        found = heuristic.search(puzzle, src, dst, frontier=True)
        assert len(found.path) == len(heuristic.search(puzzle, src, dst).path)
        assert_a_path(puzzle, src, dst, found.path)


def test_the_frontier_search_reads_the_default_tables_only() -> None:
    puzzle = Puzzle(5, posts=4)
    with pytest.raises(ValueError, match="no splits"):
        heuristic.search(puzzle, puzzle.start, puzzle.goal, splits=[[(0, 1), (2, 3, 4)]], frontier=True)


def test_too_many_positions_at_once_stop_the_search() -> None:
    puzzle = Puzzle(10, posts=4)
    with pytest.raises(TooLargeError, match="MAX_HEURISTIC_NODES"):
        heuristic.search(puzzle, puzzle.start, puzzle.goal, frontier=True, max_nodes=50)
