"""The family's exact solvers (Frame-Stewart, cyclic and linear moves) against the exhaustive search and the plain
breadth-first oracle: distances between all pairs of positions where feasible, random pairs otherwise, and every
produced sequence replayed through the puzzle's own rules."""

from __future__ import annotations

import itertools
import random
from functools import cache

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import MagneticPuzzle, Move, Puzzle, State, algorithms, limits
from hanoikit.limits import MAX_FAMILY_INDEX_DISKS, MAX_FRONTIER_SOLVER_CODES, MAX_POSTS, MAX_SEARCH_POSITIONS
from hanoikit.oeis_terms import PUBLISHED
from hanoikit.solvers import cyclic, exhaustive, frame_stewart, linear, registry, tower_search
from oracle import plain_distances


def towers(puzzle: Puzzle) -> list[State]:
    return [State.tower(puzzle.n, post, None, puzzle.posts) for post in range(puzzle.posts)]


def every_position(puzzle: Puzzle) -> list[State]:
    return [State(p, post_count=puzzle.posts) for p in itertools.product(range(puzzle.posts), repeat=puzzle.n)]


def check_solution(puzzle: Puzzle, src: State, dst: State, length: int) -> None:
    moves = list(puzzle.solve(src, dst))
    assert len(moves) == length == puzzle.distance(src, dst)
    assert puzzle.play(moves, src) == dst


# -- Frame-Stewart ---------------------------------------------------------------------------------------------------


@cache
def frame_stewart_by_minimum(n: int, k: int) -> int:
    """The Frame-Stewart recursion as defined: the best split, tried one by one."""
    if n == 0:
        return 0
    if k == 3:
        return 2**n - 1
    return min(2 * frame_stewart_by_minimum(m, k) + frame_stewart_by_minimum(n - m, k - 1) for m in range(n))


@pytest.mark.parametrize("k", range(3, 11))
def test_frame_stewart_counts_are_the_best_split_and_the_split_reaches_them(k):
    for n in range(0, 70 if k > 3 else 20):
        assert frame_stewart.count(n, k) == frame_stewart_by_minimum(n, k)
        if k > 3:
            m, r = frame_stewart.split(n, k)
            assert m + r == n
            assert 2 * frame_stewart.count(m, k) + frame_stewart.count(r, k - 1) == frame_stewart.count(n, k)


# the exhaustive search reaches these sizes within a second each; the slow test goes to CHECKED_DISKS and beyond
FAST_SIZES = [(4, n) for n in range(1, 7)] + [(5, n) for n in range(1, 6)] + [(6, n) for n in range(1, 5)]
FAST_SIZES += [(k, n) for k in range(7, 11) for n in range(1, 4)]


@pytest.mark.parametrize("k, n", FAST_SIZES)
def test_frame_stewart_is_optimal_between_every_pair_of_towers_by_search(k, n):
    p = Puzzle(n, posts=k)
    assert p.solver().name == "frame-stewart"
    reach = plain_distances(p, p.start)
    assert frame_stewart.count(n, k) == reach[p.goal] == exhaustive.distance(p, p.start, p.goal)
    for a, b in itertools.permutations(towers(p), 2):
        check_solution(p, a, b, reach[p.goal])


@pytest.mark.slow
@pytest.mark.parametrize("k, n", [(4, 7), (4, 8), (5, 6), (5, 7), (6, 5), (6, 6)])
def test_frame_stewart_is_optimal_up_to_the_checked_disks(k, n):
    p = Puzzle(n, posts=k)
    assert frame_stewart.count(n, k) == exhaustive.distance(p, p.start, p.goal)


def test_frame_stewart_guarantees_are_stated_honestly():
    assert Puzzle(3, posts=4).solver().guarantee is hk.solvers.Guarantee.PROVEN_OPTIMAL
    checked = frame_stewart.CHECKED_DISKS
    assert sorted(checked) == list(range(5, MAX_POSTS + 1))
    for k in range(5, MAX_POSTS + 1):
        solver = Puzzle(3, posts=k).solver()
        assert solver.name == "frame-stewart" and solver.guarantee is hk.solvers.Guarantee.CONJECTURED_OPTIMAL
        assert solver.checked_up_to == min(checked[j] for j in checked if registry_covers(solver, j))
    assert registry.FRAME_STEWART_5.checked_up_to == checked[5]
    assert 5**7 <= MAX_SEARCH_POSITIONS  # five posts, 7 disks: within reach of the exhaustive search (slow test)
    assert checked[6] == 6  # the slow test searches six posts up to 6 disks
    for k in range(7, 11):  # n <= k - 1: every disk but the largest moves at least twice, so 2n - 1 is optimal
        assert checked[k] == k - 1
        assert all(frame_stewart.count(n, k) == 2 * n - 1 for n in range(1, k))


def test_the_frame_stewart_label_reads_the_checked_record_for_every_number_of_posts():
    """One source: on every number of posts, a size up to CHECKED_DISKS[k] is 'optimal by exhaustive check', one
    disk more 'conjectured optimal' (8 posts with 7 disks, 9 with 8, 10 with 9 were labelled conjectured), whatever
    solver, command or generated instance reads the label."""
    checked = frame_stewart.CHECKED_DISKS
    for k in range(5, MAX_POSTS + 1):
        solver = Puzzle(1, posts=k).solver()
        assert solver.checked_disks(k) == checked[k]
        for n in range(1, checked[k] + 3):
            puzzle = Puzzle(n, posts=k)
            expected = "optimal by exhaustive check" if n <= checked[k] else "conjectured optimal"
            assert solver.guarantee_for(puzzle).value == expected
            assert algorithms.get("optimal").guarantee_for(puzzle).value == expected
    assert Puzzle(5, posts=4).solver().checked_disks(4) is None  # proven: no record needed
    assert Puzzle(9, posts=10).solver().guarantee_for(Puzzle(9, posts=10)) is hk.solvers.Guarantee.CHECKED_OPTIMAL


def registry_covers(solver: registry.Solver, posts: int) -> bool:
    return solver.covers(Puzzle(1, posts=posts))


def test_frame_stewart_on_five_posts_is_the_frontier_search_distance_at_small_n():
    """The five-post record (searched to CHECKED_DISKS[5] by bench_frontier.py --long) where the search is cheap: the
    tower search (in memory from both ends up to 2^22 codes) against Frame-Stewart and the published A007665."""
    published = PUBLISHED["A007665"]
    for n in range(1, 10):
        expected = frame_stewart.count(n, 5)
        assert tower_search.distance(Puzzle(n, posts=5)) == expected == published.terms[n - published.offset]


@pytest.mark.parametrize("k, n", [(4, 9), (4, 12), (5, 10), (6, 9), (10, 12)])
def test_frame_stewart_sequences_replay_and_match_arrays_and_indexing(k, n):
    p = Puzzle(n, posts=k)
    moves = list(p.solve())
    assert len(moves) == frame_stewart.count(n, k) and p.play(moves) == p.goal
    disk, src, dst = frame_stewart.arrays(n, k)
    assert list(zip(disk.tolist(), src.tolist(), dst.tolist())) == moves
    chunked = [m for d, s, t in frame_stewart.chunks(n, k, size=7) for m in zip(d.tolist(), s.tolist(), t.tolist())]
    assert chunked == moves
    picks = sorted({0, len(moves) - 1, *random.Random(n).sample(range(len(moves)), min(40, len(moves)))})
    state, done = p.start, 0
    for index in picks:
        state = p.play(moves[done:index], state)
        done = index
        assert p.move_at(index) == moves[index] and p.state_at(index) == state
    assert p.state_at(len(moves)) == p.goal
    counts = p.disk_moves()
    assert counts == [sum(1 for m in moves if m.disk == d) for d in range(1, n + 1)]


def test_frame_stewart_between_any_two_towers_and_large_counts():
    p = Puzzle(7, posts=5)
    for a, b in itertools.permutations(towers(p), 2):
        moves = list(p.solve(a, b))
        assert len(moves) == frame_stewart.count(7, 5) and p.play(moves, a) == b
    big = Puzzle(10_000, posts=4)
    total = big.distance()  # how fast: benchmarks/bench_family.py (target < 100 ms)
    assert total == four_posts(10_000)
    assert big.move_at(total // 2) == Move(10_000, 0, 3) and big.state_at(total).posts == big.goal.posts
    first = list(itertools.islice(big.solve(), 5))
    assert big.play(first) == big.state_at(5)


@pytest.mark.parametrize("k", [4, 5, 10])
def test_a_million_disks_start_moving_without_deep_recursion(k):
    """Four posts with a million disks park some 1,400 times deep before their first move (a RecursionError there
    before; 500,000 disks worked): the first moves come at once and agree with the indexing, also as chunks."""
    p = Puzzle(limits.MAX_DISKS, posts=k)
    first = list(itertools.islice(p.solve(), 4))
    assert first == [p.move_at(i) for i in range(4)]
    assert p.play(first, p.start) == p.state_at(4)
    disk, src, dst = next(frame_stewart.chunks(limits.MAX_DISKS, k, size=4))
    assert list(zip(disk.tolist()[:4], src.tolist()[:4], dst.tolist()[:4])) == first


@cache
def four_posts(n: int) -> int:
    """Four posts: carry the t largest disks on three posts, t the least with n <= t(t+1)/2 (Frame 1941)."""
    if n == 0:
        return 0
    t = next(t for t in range(1, n + 1) if n <= t * (t + 1) // 2)
    return 2 * four_posts(n - t) + 2**t - 1


# -- three posts, cyclic moves ---------------------------------------------------------------------------------------


@cache
def atkinson(n: int) -> tuple[int, int]:
    """Q(n), R(n): one step and two steps around the cycle (Atkinson 1981), by the recursion."""
    if n == 0:
        return 0, 0
    q, r = atkinson(n - 1)
    return 2 * r + 1, 2 * r + q + 2


REVERSED = [(0, 2), (2, 1), (1, 0)]


def test_cyclic_counts_follow_atkinsons_recursion():
    for n in range(0, 400):
        assert (cyclic.one_step(n), cyclic.two_steps(n)) == atkinson(n)


@pytest.mark.parametrize("moves", ["cyclic", REVERSED])
@pytest.mark.parametrize("n", range(1, 7))
def test_cyclic_solver_is_optimal_between_every_pair_of_towers(moves, n):
    p = Puzzle(n, moves=moves)
    assert p.solver().name == "cyclic"
    for a in towers(p):
        reach = plain_distances(p, a)
        for b in towers(p):
            check_solution(p, a, b, reach[b])
    moves_made = list(p.solve())
    assert [p.move_at(k) for k in range(len(moves_made))] == moves_made
    states = [p.start]
    for move in moves_made:
        states.append(p.apply(states[-1], move))
    assert [p.state_at(k) for k in range(len(states))] == states
    assert p.disk_moves() == [sum(1 for m in moves_made if m.disk == d) for d in range(1, n + 1)]


def test_cyclic_direction_decides_which_count_reaches_the_goal():
    n = 40
    q, r = atkinson(n)
    assert Puzzle(n, moves="cyclic").distance() == r and Puzzle(n, moves=REVERSED).distance() == q
    big = Puzzle(5000, moves="cyclic")
    k = big.distance() // 3
    assert big.play([big.move_at(k)], big.state_at(k)) == big.state_at(k + 1)


# -- three posts in a line (and the star, the same puzzle on three posts) ----------------------------------------------


LINES = ["linear", "SI IS SD DS", "SD DS ID DI"]  # centre I, S, D


@pytest.mark.parametrize("moves, n", [(moves, n) for moves in LINES for n in range(1, 4)] + [("linear", 4)])
def test_linear_solver_is_optimal_between_every_pair_of_positions(moves, n):
    p = Puzzle(n, moves=moves)
    assert p.solver(State([0] * (n - 1) + [1])).name == "linear"
    positions = every_position(p)
    for a in positions:
        reach = plain_distances(p, a)
        assert len(reach) == 3**n  # one path through every position
        for b in positions:
            assert linear.distance(p, a, b) == reach[b]
        for b in positions[:: max(1, len(positions) // 9)]:
            check_solution(p, a, b, reach[b])


@given(st.integers(5, 7), st.data())
def test_linear_solver_agrees_with_the_search_on_random_pairs(n, data):
    p = Puzzle(n, moves="linear")
    a, b = (State(data.draw(st.lists(st.integers(0, 2), min_size=n, max_size=n))) for _ in range(2))
    assert p.distance(a, b) == exhaustive.distance(p, a, b)
    check_solution(p, a, b, exhaustive.distance(p, a, b))


def test_the_linear_path_visits_every_position_in_rank_order():
    p = Puzzle(5, moves="linear")
    ranked = [linear.unrank(p, k) for k in range(3**5)]
    assert len(set(ranked)) == 3**5 and [linear.rank(p, s) for s in ranked] == list(range(3**5))
    for before, after in itertools.pairwise(ranked):
        assert sum(x != y for x, y in zip(before.posts, after.posts)) == 1
        assert after in [state for _, state in p.successors(before)]
    moves = list(p.solve())
    assert [p.move_at(k) for k in range(len(moves))] == moves and p.state_at(100) == ranked[100]
    assert p.disk_moves() == [sum(1 for m in moves if m.disk == d) for d in range(1, 6)]


def test_the_star_on_three_posts_is_the_line_and_large_distances_are_exact():
    assert Puzzle(4, moves="star").solver().name == "linear"
    p = Puzzle(2000, moves="linear")
    assert p.distance() == 3**2000 - 1
    rng = random.Random(5)
    for _ in range(5):
        k = rng.randrange(3**300)
        q = Puzzle(300, moves="linear")
        assert linear.rank(q, linear.unrank(q, k)) == k
    a = State(rng.choices(range(3), k=2000))
    first = list(itertools.islice(p.solve(a, p.goal), 50))
    assert p.distance(p.play(first, a), p.goal) == p.distance(a, p.goal) - 50


# -- the members left to the search ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "puzzle",
    [
        MagneticPuzzle(3, "NNNN"),
        MagneticPuzzle(2, "RNNB"),
        MagneticPuzzle(3, moves="cyclic"),
        MagneticPuzzle(3, goal_up="R", moves="cyclic"),
        MagneticPuzzle(3, moves="linear"),
        Puzzle(3, posts=4, moves="star"),
        Puzzle(3, posts=4, moves="linear"),
        Puzzle(3, posts=4, moves="cyclic"),
    ],
)
def test_magnetic_and_restricted_members_go_to_the_search_and_agree_with_the_oracle(puzzle):
    assert puzzle.solver().name == "exhaustive"
    reach = plain_distances(puzzle, puzzle.start)
    if puzzle.goal not in reach:
        with pytest.raises(hk.UnsolvableError):
            puzzle.distance()
    else:
        assert puzzle.distance() == reach[puzzle.goal]
        moves = list(puzzle.solve())
        assert puzzle.play(moves) == puzzle.goal and len(moves) == reach[puzzle.goal]
    others = sorted(reach, key=str)[:: max(1, len(reach) // 15)]
    for b in others:
        assert puzzle.distance(puzzle.start, b) == reach[b]


@pytest.mark.parametrize("puzzle", [Puzzle(9, moves="linear"), MagneticPuzzle(5, "NNNN"), Puzzle(7, 4, "cyclic")])
def test_exhaustive_indexing_walks_no_further_than_the_move_asked(puzzle, monkeypatch):
    """``move_at(0)`` (a hint) built the whole path first: 177,146 moves on eleven disks in a line. It now steps
    down the table of distances as far as the move asked, and agrees with the whole solution at every index."""
    target = puzzle.distance()
    steps = []
    successors = Puzzle.successors
    monkeypatch.setattr(Puzzle, "successors", lambda self, state: steps.append(state) or successors(self, state))
    first = exhaustive.move_at(puzzle, 0)
    assert len(steps) <= 1 and first == next(exhaustive.solve(puzzle, puzzle.start, puzzle.goal))
    assert exhaustive.state_at(puzzle, 1) == puzzle.apply(puzzle.start, first)
    monkeypatch.setattr(Puzzle, "successors", successors)
    whole = list(exhaustive.solve(puzzle, puzzle.start, puzzle.goal))
    assert len(whole) == target
    for k in sorted({0, 1, 2, target // 2, target - 1}):
        assert exhaustive.move_at(puzzle, k) == whole[k]
        assert exhaustive.state_at(puzzle, k) == puzzle.play(whole[:k])
    assert exhaustive.state_at(puzzle, target) == puzzle.goal


def test_exhaustive_indexing_move_after_move_walks_the_path_once(monkeypatch):
    """Asking every move in turn walked the table from the start each time (quadratic in the length): past the first
    few moves the whole path is walked once and kept."""
    puzzle = Puzzle(7, moves="linear")
    whole = list(exhaustive.solve(puzzle, puzzle.start, puzzle.goal))
    exhaustive._WALKED.clear()
    steps = []
    successors = Puzzle.successors
    monkeypatch.setattr(Puzzle, "successors", lambda self, state: steps.append(state) or successors(self, state))
    assert [exhaustive.move_at(puzzle, k) for k in range(len(whole))] == whole
    assert len(steps) <= len(whole) + exhaustive._FEW**2


@pytest.mark.parametrize("n, make", [(8, lambda n: MagneticPuzzle(n, "NNNN")), (9, lambda n: Puzzle(n, 4, "linear"))])
def test_members_above_the_search_cap_say_so(n, make):
    puzzle, larger = make(n), make(n + 5)
    with pytest.raises(hk.TooLargeError, match=f"at most {MAX_SEARCH_POSITIONS}"):
        next(exhaustive.solve(puzzle, puzzle.start, puzzle.goal))  # a path: the plain search's cap
    with pytest.raises(hk.TooLargeError, match=f"at most {MAX_FRONTIER_SOLVER_CODES}"):
        exhaustive.distance(larger, larger.start, larger.goal)  # a distance: the frontier search's cap
    assert puzzle.solver().name == registry.solvers_for(larger)[0].name == "heuristic"  # four posts: past the search


@pytest.mark.parametrize("moves", ["cyclic", "linear"])
def test_indexing_restricted_solutions_is_capped(moves):
    p = Puzzle(MAX_FAMILY_INDEX_DISKS + 1, moves=moves)
    with pytest.raises(hk.TooLargeError, match=f"at most {MAX_FAMILY_INDEX_DISKS}"):
        p.move_at(0)


def test_solver_functions_refuse_puzzles_they_do_not_cover():
    for module, puzzle in [(frame_stewart, Puzzle(2)), (cyclic, Puzzle(2, moves="linear")), (linear, Puzzle(2))]:
        with pytest.raises(hk.InvalidPuzzleError):
            module.distance(puzzle, puzzle.start, puzzle.goal)
    assert registry.FRAME_STEWART_4.covers(Puzzle(2, posts=4)) and not registry.FRAME_STEWART_4.covers(
        MagneticPuzzle(2, "NNNN")
    )
    assert np.array_equal(frame_stewart.arrays(1, 4)[0], [1])
