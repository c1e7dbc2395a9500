"""The builds of the pattern databases 64 codes at a time on four posts (:mod:`hanoikit.solvers._words`): tables
with free obstacles and exact tables against a plain 0-1 search over the puzzle's own rules, compressed tables
against the exact table of the frontier engine, on random goals and every kind of move rule."""

from __future__ import annotations

import heapq
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanoikit import Puzzle, State
from hanoikit.solvers import mod3, pdb, tower_search
from oracle import all_states
from strategies import examples

RULES = ["any", "linear", "star", "cyclic", "DJ JI IS SD"]


def plain_free_distances_to(puzzle: Puzzle, target: State, free: int) -> dict[State, int]:
    """The least number of moves of the ``puzzle.n - free`` smallest disks from every position that reaches
    ``target``, the moves of the others costing nothing: Dijkstra's search backwards over ``legal_moves``."""
    before: dict[State, list[tuple[State, int]]] = {state: [] for state in all_states(puzzle)}
    for state in before:
        for move in puzzle.legal_moves(state):
            before[puzzle.apply(state, move)].append((state, int(move.disk <= puzzle.n - free)))
    distances = {target: 0}
    queue = [(0, 0, target)]
    order = 1
    while queue:
        here, _, state = heapq.heappop(queue)
        if here > distances[state]:
            continue
        for earlier, cost in before[state]:
            if here + cost < distances.get(earlier, here + cost + 1):
                distances[earlier] = here + cost
                heapq.heappush(queue, (here + cost, order, earlier))
                order += 1
    return distances


@settings(max_examples=examples(30), deadline=None)
@given(rule=st.sampled_from(RULES), n=st.integers(3, 6), data=st.data())
def test_free_tables_are_the_plain_zero_one_distances(rule: str, n: int, data: st.DataObject) -> None:
    puzzle = Puzzle(n, posts=4, moves=rule)
    free = data.draw(st.integers(0, n), label="free")
    goal = puzzle.random_state(random.Random(data.draw(st.integers(0, 2**32 - 1), label="seed")))
    table = pdb.free_moves_to(puzzle, goal, free)
    exact = plain_free_distances_to(puzzle, goal, free)
    for state in all_states(puzzle):
        assert table[tower_search.encode(puzzle, state)] == exact.get(state, -1), (state, free)


@pytest.mark.parametrize("rule", RULES)
def test_exact_pattern_tables_are_the_plain_distances(rule: str) -> None:
    """The exact tables of four posts (the 0-1 search with no disk free) against the frontier engine's in-memory
    search, at a size with many words and larger disks."""
    puzzle = Puzzle(8, posts=4, moves=rule)
    goal = puzzle.random_state(random.Random(rule))
    table = pdb.pattern_table(puzzle, goal, cache=False)
    plain = tower_search.distances_to(puzzle, goal, max_entries=1 << 28)
    assert np.array_equal(table, np.where(plain < 0, np.iinfo(table.dtype).max, plain))


@pytest.mark.parametrize(("n", "rule"), [(10, "any"), (9, "linear"), (9, "star")])
def test_compressed_tables_of_many_words(n: int, rule: str) -> None:
    """The compressed build 64 codes at a time against the frontier engine's exact distances (modulo 3)."""
    puzzle = Puzzle(n, posts=4, moves=rule)
    goal = puzzle.random_state(random.Random(f"{n} {rule}"))
    plain = tower_search.distances_to(puzzle, goal, max_entries=1 << 28)
    assert np.array_equal(mod3.unpack(mod3.mod3_table(puzzle, goal), plain.size), plain % 3)


@settings(max_examples=examples(10), deadline=None)
@given(n=st.integers(7, 9), rule=st.sampled_from(["any", "linear", "star"]), seed=st.integers(0, 2**32 - 1))
def test_compressed_tables_built_in_two_threads(n: int, rule: str, seed: int) -> None:
    """Two threads, each expanding its part of every layer and passing the moves into the other part on."""
    puzzle = Puzzle(n, posts=4, moves=rule)
    goal = puzzle.random_state(random.Random(seed))
    plain = tower_search.distances_to(puzzle, goal, max_entries=1 << 28)
    assert np.array_equal(mod3.unpack(mod3.mod3_table(puzzle, goal, threads=2), plain.size), plain % 3)
