"""The pattern databases of magnetic groups (hanoikit.solvers.face_tables): one colour bit a post encodes every face,
a group of the largest or smallest disks projects to a legal position of its abstraction, and the tables equal the
plain BFS oracle's distances; the heuristic built on them stays admissible and its searches optimal."""

from __future__ import annotations

import functools
import random
from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanoikit import MagneticPuzzle, Puzzle, State, TooLargeError
from hanoikit.oeis import RECORDED
from hanoikit.positions import decode, encode, legal_codes
from hanoikit.solvers import face_tables, heuristic, pdb, tower_search
from oracle import all_states, assert_admissible_and_consistent, plain_distances_to

COLOURINGS = ["NNNN", "RBNN", "RNBN", "RNNB", "BRRB", "NNNNN", "RNNNB"]
RULES = ["any", "cyclic", "linear", "star"]


@st.composite
def positions(draw: st.DrawFn) -> tuple[MagneticPuzzle, State]:
    colors = draw(st.sampled_from(COLOURINGS))
    puzzle = MagneticPuzzle(draw(st.integers(1, 9)), colors)
    return puzzle, puzzle.random_state(random.Random(draw(st.integers(0, 2**32 - 1))))


@settings(max_examples=200)
@given(positions())
def test_one_colour_a_stack_encodes_every_face(drawn: tuple[MagneticPuzzle, State]) -> None:
    """Touching faces differ, so every disk of a stack shows its stack's colour up (a coloured post's own): the code's
    bit a post fixes every face, and decoding gives the position back."""
    puzzle, state = drawn
    assert state.ups is not None
    for post in range(puzzle.posts):
        stack = [disk for disk in range(puzzle.n) if state.posts[disk] == post]
        shown = {state.ups[disk] for disk in stack}
        assert len(shown) <= 1
        if stack and puzzle.colors[post] != "N":
            assert shown == {puzzle.colors[post]}
    assert decode(puzzle, encode(puzzle, state)) == state


@settings(max_examples=200)
@given(positions(), st.integers(0, 9))
def test_groups_of_the_largest_and_smallest_disks_project_to_legal_positions(
    drawn: tuple[MagneticPuzzle, State], cut: int
) -> None:
    """The largest disks keep the posts' colours, the smallest (standing on larger disks) a neutral abstraction; both
    projections are legal there, as the heuristic's groups assume."""
    puzzle, state = drawn
    assert state.ups is not None
    cut = min(cut, puzzle.n)
    small, large = range(cut), range(cut, puzzle.n)
    for disks, neutral in ((small, True), (large, False)):
        if not disks:
            continue
        sub = pdb.abstraction(puzzle, len(disks), neutral=neutral)
        projected = State([state.posts[d] for d in disks], [state.ups[d] for d in disks], post_count=puzzle.posts)
        assert sub.state_error(projected) is None


@pytest.mark.parametrize("colors", COLOURINGS)
@pytest.mark.parametrize("rule", RULES)
def test_tables_equal_the_oracle(colors: str, rule: str) -> None:
    """At every legal code, the distance of the plain BFS oracle to a random goal (the dtype's largest value where it
    cannot be reached), on members of 1 to 3 disks and every move rule."""
    for n in (1, 2, 3):
        puzzle = MagneticPuzzle(n, colors, moves=rule)
        rng = random.Random(f"{colors} {rule} {n}")
        for _ in range(2):
            goal = puzzle.random_state(rng)
            table = face_tables.distances(puzzle, goal)
            exact = plain_distances_to(puzzle, goal)
            unseen = np.iinfo(table.dtype).max
            for code in legal_codes(puzzle).tolist():
                want = exact.get(decode(puzzle, code))
                assert int(table[code]) == (unseen if want is None else want)


def test_tables_equal_the_frontier_engines_on_larger_members() -> None:
    for puzzle in (MagneticPuzzle(6, "NNNN"), MagneticPuzzle(5, "RBNN", moves="cyclic"), MagneticPuzzle(4, "NNNNN")):
        goal = puzzle.random_state(random.Random(repr(puzzle)))
        legal = legal_codes(puzzle)
        table = face_tables.distances(puzzle, goal)[legal].astype(np.int64)
        table[table == 0xFF] = -1
        assert np.array_equal(table, tower_search.distances_to(puzzle, goal)[legal])


def free_distances_to(puzzle: MagneticPuzzle, target: State, free: int) -> dict[State, int]:
    """The oracle of a table with free obstacles: the least number of moves of the ``n - free`` smallest disks from
    every legal position that can reach ``target``, the moves of the others costing nothing (a 0-1 breadth-first
    search backwards over every legal move of the rules)."""
    before: dict[State, list[tuple[State, int]]] = {state: [] for state in all_states(puzzle)}
    for state in before:
        for move in puzzle.legal_moves(state):
            before[puzzle.apply(state, move)].append((state, int(move.disk <= puzzle.n - free)))
    found = {target: 0}
    queue = deque([target])
    while queue:
        state = queue.popleft()
        for earlier, cost in before[state]:
            if earlier not in found or found[earlier] > found[state] + cost:
                found[earlier] = found[state] + cost
                (queue.append if cost else queue.appendleft)(earlier)
    return found


@settings(max_examples=30, deadline=None)
@given(colors=st.sampled_from(["NNNN", "RBNN", "RNNB", "BRRB"]), rule=st.sampled_from([*RULES, "DJ JI IS SD"]),
       n=st.integers(1, 4), free=st.integers(0, 3), seed=st.integers(0, 2**32 - 1))
def test_tables_with_free_obstacles_equal_the_oracle(colors: str, rule: str, n: int, free: int, seed: int) -> None:
    """Four posts, any goal, any number of free disks (none: the plain table): at every legal code, the 0-1
    breadth-first search of the oracle over the rules' moves (the dtype's largest value where the goal cannot be
    reached)."""
    free = min(free, n - 1)
    puzzle = MagneticPuzzle(n, colors, moves=rule)
    goal = puzzle.random_state(random.Random(seed))
    table = face_tables.distances(puzzle, goal, free)
    exact = free_distances_to(puzzle, goal, free)
    unseen = np.iinfo(table.dtype).max
    for code in legal_codes(puzzle).tolist():
        want = exact.get(decode(puzzle, code))
        assert int(table[code]) == (unseen if want is None else want)


@pytest.mark.parametrize("puzzle", [MagneticPuzzle(7, "NNNN"), MagneticPuzzle(6, "RBNN", moves="cyclic"),
                                    MagneticPuzzle(6, "RNNB", moves="linear")], ids=repr)
def test_tables_with_free_obstacles_equal_the_code_by_code_search(puzzle: MagneticPuzzle) -> None:
    """On larger members, the word kernel's tables (every number of free disks) equal
    :func:`~hanoikit.solvers.pdb.free_moves_to`'s code-by-code 0-1 search at every legal code."""
    goal = puzzle.random_state(random.Random(repr(puzzle)))
    legal = legal_codes(puzzle)
    for free in range(puzzle.n):
        table = face_tables.distances(puzzle, goal, free)[legal].astype(np.int64)
        table[table == 0xFF] = -1
        assert np.array_equal(table, pdb.free_moves_to(puzzle, goal, free)[legal])


def test_refusals_and_caps() -> None:
    with pytest.raises(ValueError, match="no faces"):
        face_tables.distances(Puzzle(3, posts=4), State.tower(3, 0, post_count=4))
    with pytest.raises(TooLargeError):
        face_tables.distances(MagneticPuzzle(12, "NNNN"), MagneticPuzzle(12, "NNNN").goal)
    for puzzle, free in ((MagneticPuzzle(3, "NNNNN"), 1), (MagneticPuzzle(3, "NNNN"), 3)):
        with pytest.raises(ValueError, match="free obstacles"):
            face_tables.distances(puzzle, puzzle.goal, free)
    assert [face_tables.largest_group(MagneticPuzzle(n, "NNNN")) for n in (3, 11, 20)] == [3, 11, 11]


@pytest.mark.parametrize("colors", ["NNNN", "RBNN", "RNNB"])
@pytest.mark.parametrize("rule", ["any", "cyclic"])
def test_default_magnetic_splits_are_admissible_and_consistent(colors: str, rule: str) -> None:
    """The kind of splits the search uses on magnetic members (the largest disks, the smallest with free obstacles;
    every group keeps the posts' colours), and a split into groups that are no runs of disks (every subset of the
    disks is a relaxation, since a stack shows one colour), never overestimate and drop by at most one a move, at
    every position of a member small enough for the oracle."""
    puzzle = MagneticPuzzle(4, colors, moves=rule)
    splits = [*heuristic.default_splits(4, 2, 3), [(0, 2), (1, 3)]]
    rng = random.Random(f"{colors} {rule}")
    for _ in range(2):
        dst = puzzle.random_state(rng)
        h = heuristic.heuristic(puzzle, dst, splits, cache=False)
        assert_admissible_and_consistent(puzzle, functools.partial(h.estimate, puzzle), dst)


@settings(max_examples=10, deadline=None)
@given(colors=st.sampled_from(["NNNN", "RBNN", "RNBN"]), seed=st.integers(0, 2**32 - 1))
def test_search_with_magnetic_splits_is_optimal(colors: str, seed: int) -> None:
    """Between random positions of 7 disks, the search with the magnetic splits (groups smaller than the default's)
    gives the exhaustive distance, along moves that replay through the rules."""
    puzzle = MagneticPuzzle(7, colors)
    rng = random.Random(seed)
    src, dst = puzzle.random_state(rng), puzzle.random_state(rng)
    exact = int(tower_search.distances_to(puzzle, dst)[tower_search.encode(puzzle, src)])
    if exact < 0:
        return
    splits = heuristic.default_splits(7, 4, 5)
    path = heuristic.search(puzzle, src, dst, splits=splits, cache=False).path
    assert len(path) - 1 == exact
    state = src
    for code in path[1:]:
        after = decode(puzzle, code)
        assert after in {successor for _, successor in puzzle.successors(state)}
        state = after
    assert state == dst


@pytest.mark.parametrize("n", [11, pytest.param(12, marks=pytest.mark.slow)])
def test_tower_to_tower_equals_the_recorded_terms(n: int) -> None:
    """Tower to tower on NNNN, the search with the default tables (9 and 10 largest disks in one table) gives the terms
    the exhaustive search recorded (:data:`hanoikit.oeis.RECORDED`: 109 moves at 11 disks, 136 at 12)."""
    puzzle = MagneticPuzzle(n, "NNNN")
    found = heuristic.search(puzzle, puzzle.start, puzzle.goal, cache=False)
    assert len(found.path) - 1 == RECORDED["magnetic, 4 posts NNNN (free), R up to B up"][n - 1]
