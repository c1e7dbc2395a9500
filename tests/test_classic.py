"""The classic solvers against the recursion, the rules (every sequence is replayed) and a breadth-first oracle."""

from __future__ import annotations

import collections
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import InvalidPuzzleError, Move, Puzzle, State, UnknownMethodError
from hanoikit.algorithms import Family, registered
from hanoikit.solvers import classic
from hanoikit.solvers.classic import (
    Tower,
    disk_at,
    disk_sequence,
    gray_code,
    is_hamiltonian_path,
    plan,
    recursive,
    solution,
    tower_move,
    tower_moves,
)
from oracle import plain_distances

SMALL = range(1, 11)


def positions(n: int) -> list[State]:
    return [State(posts) for posts in itertools.product(range(3), repeat=n)]


def state_strategy(n: int) -> st.SearchStrategy[State]:
    return st.lists(st.integers(0, 2), min_size=n, max_size=n).map(State)


@st.composite
def position_pairs(draw: st.DrawFn, max_n: int = 8) -> tuple[Puzzle, State, State]:
    n = draw(st.integers(1, max_n))
    return Puzzle(n), draw(state_strategy(n)), draw(state_strategy(n))


# -- the seed methods ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [a.name for a in registered(Family.CLASSIC)])
@pytest.mark.parametrize("n", SMALL)
def test_every_method_is_the_optimal_solution(name: str, n: int) -> None:
    puzzle = Puzzle(n)
    moves = list(solution(n, name))
    assert moves == list(recursive(n))
    assert len(moves) == 2**n - 1 == puzzle.distance()
    assert puzzle.play(moves) == puzzle.goal


@pytest.mark.parametrize("n", SMALL)
def test_puzzle_solve_and_disk_moves(n: int) -> None:
    puzzle = Puzzle(n)
    moves = list(puzzle.solve())
    assert moves == list(recursive(n))
    counts = collections.Counter(move.disk for move in moves)
    assert puzzle.disk_moves() == [counts[disk] for disk in range(1, n + 1)] == [2 ** (n - d) for d in range(1, n + 1)]


def test_unknown_method_names_the_allowed_ones() -> None:
    with pytest.raises(UnknownMethodError, match="recursive, iterative, four-step, three-step, route-table, bits"):
        solution(3, "quick")


@pytest.mark.parametrize("bad", [0, -1, 2.0, True, "3"])
def test_methods_check_the_disk_count(bad: object) -> None:
    for method in (classic.recursive, classic.iterative, classic.four_step, classic.three_step, classic.route_table,
                   classic.bits):
        with pytest.raises(InvalidPuzzleError):
            method(bad)  # type: ignore[arg-type]


def test_recursive_checks_the_posts() -> None:
    with pytest.raises(InvalidPuzzleError):
        recursive(3, 1, 1)


@pytest.mark.parametrize("src,dst", [(a, b) for a in range(3) for b in range(3) if a != b])
def test_tower_moves_equal_the_recursion_between_any_posts(src: int, dst: int) -> None:
    for height in range(1, 9):
        moves = list(tower_moves(height, src, dst))
        assert moves == list(recursive(height, src, dst))
        assert moves == [tower_move(height, k, src, dst) for k in range(2**height - 1)]
        start = State.tower(height, src)
        assert Puzzle(height).play(moves, start) == State.tower(height, dst)


# -- closed formulas -------------------------------------------------------------------------------------------


@given(n=st.integers(1, 12), data=st.data())
def test_move_at_and_state_at_follow_the_solution(n: int, data: st.DataObject) -> None:
    puzzle = Puzzle(n)
    moves = list(recursive(n))
    k = data.draw(st.integers(0, 2**n - 1))
    assert puzzle.state_at(k) == puzzle.play(moves[:k])
    if k < len(moves):
        assert puzzle.move_at(k) == moves[k]


@pytest.mark.parametrize("n", [64, 10_000])
def test_move_at_and_state_at_are_arithmetic_for_huge_towers(n: int) -> None:
    puzzle = Puzzle(n)
    middle = 2 ** (n - 1) - 1
    assert puzzle.move_at(middle) == Move(n, 0, 2)
    assert puzzle.state_at(middle) == State((1,) * (n - 1) + (0,))
    assert puzzle.state_at(middle + 1) == State((1,) * (n - 1) + (2,))
    assert puzzle.state_at(2**n - 1) == puzzle.goal
    for k in (0, 1, 3**40, 2**n - 2, 12345678901234567 * 3**30 % (2**n - 1)):
        assert puzzle.apply(puzzle.state_at(k), puzzle.move_at(k)) == puzzle.state_at(k + 1)


@given(k=st.integers(0, 2**64 - 2))
def test_consecutive_states_of_the_64_disk_tower_differ_by_move_at(k: int) -> None:
    puzzle = Puzzle(64)
    assert puzzle.apply(puzzle.state_at(k), puzzle.move_at(k)) == puzzle.state_at(k + 1)


def test_move_index_out_of_range() -> None:
    with pytest.raises(IndexError):
        Puzzle(3).move_at(7)
    with pytest.raises(IndexError):
        Puzzle(3).state_at(-1)


@pytest.mark.parametrize("n", SMALL)
def test_disk_sequence_formula(n: int) -> None:
    expected = [move.disk for move in recursive(n)]
    assert list(disk_sequence(n)) == expected
    assert [(k ^ (k + 1)).bit_length() for k in range(2**n - 1)] == expected
    assert [disk_at(k) for k in range(2**n - 1)] == expected


@pytest.mark.parametrize("n", SMALL)
def test_gray_code_and_the_hypercube(n: int) -> None:
    codes = list(gray_code(n))
    assert sorted(codes) == list(range(2**n))  # every corner of the n-cube once
    disks = list(disk_sequence(n))
    for k, disk in enumerate(disks):
        assert codes[k] ^ codes[k + 1] == 1 << (disk - 1)
    assert is_hamiltonian_path(n, disks)
    # bit d-1 of g(k) is the parity of the number of moves of disk d among the first k moves
    for k in range(0, 2**n, max(1, 2**n // 64)):
        parities = sum((disks[:k].count(d) % 2) << (d - 1) for d in range(1, n + 1))
        assert parities == codes[k]


def test_hamiltonian_path_rejects_other_walks() -> None:
    disks = list(disk_sequence(4))
    assert not is_hamiltonian_path(4, disks[:-1])  # misses a corner
    assert not is_hamiltonian_path(4, disks + [1])  # revisits one
    assert not is_hamiltonian_path(4, [1, 1] + disks[2:])
    assert not is_hamiltonian_path(3, disks)  # disk 4 has no axis in the 3-cube


# -- arbitrary positions ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_all_pairs_against_breadth_first_search(n: int) -> None:
    puzzle = Puzzle(n)
    twice = 0
    for a in positions(n):
        oracle = plain_distances(puzzle, a)
        assert len(oracle) == 3**n
        for b, d in oracle.items():
            assert puzzle.distance(a, b) == d
            moves = list(puzzle.solve(a, b))
            assert len(moves) == d and puzzle.play(moves, a) == b
            largest = max((m.disk for m in moves), default=0)
            twice += sum(m.disk == largest for m in moves) == 2
    if n >= 3:
        assert twice  # the largest differing disk sometimes has to move twice


@given(position_pairs())
def test_random_pairs_against_the_search_oracle(pair: tuple[Puzzle, State, State]) -> None:
    puzzle, a, b = pair
    d = hk.search.distance(puzzle, a, b)
    assert puzzle.distance(a, b) == d == puzzle.distance(b, a)
    moves = list(puzzle.solve(a, b))
    assert len(moves) == d
    assert puzzle.play(moves, a) == b


@given(position_pairs(max_n=8))
def test_distance_to_a_perfect_tower(pair: tuple[Puzzle, State, State]) -> None:
    puzzle, a, _ = pair
    distances = hk.search.bfs(puzzle, a)
    for post in range(3):
        tower = State.tower(puzzle.n, post)
        assert puzzle.distance(a, tower) == distances.distance(tower)


@given(n=st.integers(9, 80), data=st.data())
def test_plans_for_larger_towers_add_up(n: int, data: st.DataObject) -> None:
    puzzle = Puzzle(n)
    a, b = data.draw(state_strategy(n)), data.draw(state_strategy(n))
    segments = plan(puzzle, a, b)
    assert len(segments) <= 4 * n
    assert sum(s.length if isinstance(s, Tower) else 1 for s in segments) == puzzle.distance(a, b)
    # replay the plan tower by tower: each transfer needs disks 1..height stacked on its source
    state = a
    for segment in segments:
        if isinstance(segment, Tower):
            assert state.posts[: segment.height] == (segment.src,) * segment.height
            state = State((segment.dst,) * segment.height + state.posts[segment.height :])
        else:
            state = puzzle.apply(state, segment)
    assert state == b


def test_huge_towers_from_arbitrary_positions() -> None:
    n = 10_000
    puzzle = Puzzle(n)
    a = State([k * k % 3 for k in range(n)])
    b = State([(k * 7 + 1) % 3 for k in range(n)])
    d = puzzle.distance(a, b)
    assert 2 ** (n - 2) < d < 2**n
    assert puzzle.distance(a, puzzle.goal) == classic._to_tower(a.posts, n, 2)
    near = a.replace(1, (a.posts[0] + 1) % 3)
    assert puzzle.distance(a, near) == 1
    assert list(puzzle.solve(a, near)) == [Move(1, a.posts[0], near.posts[0])]


def test_distance_checks_the_positions() -> None:
    with pytest.raises(hk.InvalidStateError):
        Puzzle(3).distance(State.parse("SS"), State.parse("DDD"))
    with pytest.raises(hk.InvalidStateError):
        classic.distance(Puzzle(2), State.parse("SS:RR"), State.parse("DD"))
