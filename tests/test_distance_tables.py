"""The tables of distances to a target (``hanoikit.solvers.tower_search.distances_to``) and the exhaustive solver that
answers from them, against the plain breadth-first search over the model's own moves (tests/oracle.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanoikit import MOVE_RULES, MagneticPuzzle, Puzzle, State, TooLargeError, UnsolvableError
from hanoikit.solvers import exhaustive, tower_search
from oracle import all_states, plain_distances_to


@st.composite
def members(draw: st.DrawFn) -> Puzzle:
    """A small member of the family: 3 to 5 posts, a named rule or any set of one-way pairs, classic or magnetic with
    any post colours and goal colour."""
    posts = draw(st.integers(3, 5))
    pairs = [(a, b) for a in range(posts) for b in range(posts) if a != b]
    moves = draw(st.sampled_from(MOVE_RULES) | st.sets(st.sampled_from(pairs), min_size=1).map(frozenset))
    n = draw(st.integers(1, 3 if posts < 5 else 2))
    if not draw(st.booleans()):
        return Puzzle(n, posts, moves)
    colors = "".join(draw(st.lists(st.sampled_from("RBN"), min_size=posts, max_size=posts)))
    return MagneticPuzzle(n, colors, goal_up=draw(st.sampled_from("RB")), moves=moves)


@given(members(), st.randoms(use_true_random=False))
def test_a_table_holds_the_distance_of_every_position_to_its_target(puzzle: Puzzle, rng: random.Random) -> None:
    states = all_states(puzzle)
    target = rng.choice(states)
    expected = plain_distances_to(puzzle, target)
    table = tower_search.distances_to(puzzle, target)
    assert {state: int(table[tower_search.encode(puzzle, state)]) for state in states} == {
        state: expected.get(state, -1) for state in states
    }
    assert (table >= 0).sum() == len(expected)  # no code that is not a legal position is reached


@given(members(), st.randoms(use_true_random=False))
def test_the_exhaustive_solver_walks_a_shortest_path_down_the_table(puzzle: Puzzle, rng: random.Random) -> None:
    src, dst = rng.choice(all_states(puzzle)), rng.choice(all_states(puzzle))
    expected = plain_distances_to(puzzle, dst).get(src)
    if expected is None:
        with pytest.raises(UnsolvableError, match="cannot be reached"):
            exhaustive.solve(puzzle, src, dst)  # refused at once, before the first move is asked for
        with pytest.raises(UnsolvableError, match="cannot be reached"):
            exhaustive.distance(puzzle, src, dst)
        return
    moves = list(exhaustive.solve(puzzle, src, dst))
    assert exhaustive.distance(puzzle, src, dst) == len(moves) == expected
    assert puzzle.play(moves, src) == dst


def test_deep_searches_agree_with_the_oracle() -> None:
    # three posts with cyclic moves, 6 disks: hundreds of layers of a few positions each
    puzzle = Puzzle(6, moves="cyclic")
    expected = plain_distances_to(puzzle, puzzle.goal)
    table = tower_search.distances_to(puzzle)
    assert max(expected.values()) > 200
    assert all(table[tower_search.encode(puzzle, state)] == d for state, d in expected.items())
    assert len(expected) == 3**6 == (table >= 0).sum()


def test_a_table_too_large_is_refused_and_the_solver_searches_by_the_rules_instead() -> None:
    puzzle = Puzzle(5, posts=10)  # 10**5 positions, 90 pairs of posts: a table of 9,000,000 moves
    assert not tower_search.tabulated(puzzle)
    with pytest.raises(TooLargeError, match="code-move pairs"):
        tower_search.distances_to(puzzle)
    near = State.parse("SDDDD", post_count=10)  # one move from the goal: the search from it stops at once
    assert exhaustive.distance(puzzle, near, puzzle.goal) == len(list(exhaustive.solve(puzzle, near, puzzle.goal))) == 1


class _LargestGoesAround(Puzzle):
    """A member with a rule hook of its own (the one ``legal_moves`` asks): the largest disk never goes straight from
    S to D."""

    def face_error(self, state: State, disk: int, dst: int) -> str | None:
        straight = disk == self.n and state.posts[disk - 1] == 0 and dst == self.posts - 1
        return "the largest disk never goes straight from S to D" if straight else None


def test_a_puzzle_with_a_rule_hook_of_its_own_is_searched_through_it() -> None:
    puzzle, plain = _LargestGoesAround(3, posts=4), Puzzle(3, posts=4)
    assert not exhaustive._tabled(puzzle) and exhaustive._tabled(plain)
    reach = plain_distances_to(puzzle, puzzle.goal)
    for src in all_states(puzzle)[::5]:
        moves = list(exhaustive.solve(puzzle, src, puzzle.goal))
        assert exhaustive.distance(puzzle, src, puzzle.goal) == len(moves) == reach[src]
        assert puzzle.play(moves, src) == puzzle.goal
    assert exhaustive.distance(puzzle, puzzle.start, puzzle.goal) > exhaustive.distance(plain, plain.start, plain.goal)
