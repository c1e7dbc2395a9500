"""The numpy builder of the classic solution against the move-by-move formulas and generators."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanoikit import Move, Puzzle, State, TooLargeError
from hanoikit.movearray import Chunks, Recurring
from hanoikit.solvers.arrays import (
    MAX_ARRAY_DISKS,
    arrays,
    chunks,
    plan_chunks,
    solution_chunks,
    tower_runs,
)
from hanoikit.solvers.classic import plan, recursive, tower_move


def as_moves(parts: Iterable[tuple[np.ndarray, np.ndarray, np.ndarray]]) -> list[Move]:
    return [Move(*move) for columns in parts for move in zip(*(column.tolist() for column in columns))]


@pytest.mark.parametrize("n", range(1, 16))
def test_arrays_equal_the_recursion(n: int) -> None:
    disk, src, dst = arrays(n)
    assert len(disk) == 2**n - 1
    assert as_moves([(disk, src, dst)]) == list(recursive(n))


@pytest.mark.parametrize("src,dst", [(0, 1), (1, 0), (2, 1), (1, 2)])
def test_arrays_between_other_posts(src: int, dst: int) -> None:
    assert as_moves([arrays(14, src, dst)]) == list(recursive(14, src, dst))


def test_arrays_across_several_block_levels() -> None:
    n = 26  # disks above 12 and above 24 come from two levels of the block recursion
    disk, src, dst = arrays(n)
    rng = np.random.default_rng(26)
    for k in [0, 4095, 2**24 - 1, 2**25 - 1, len(disk) - 1, *rng.integers(0, len(disk), 300).tolist()]:
        assert Move(int(disk[k]), int(src[k]), int(dst[k])) == tower_move(n, k)
    assert np.bincount(disk).tolist()[1:] == Puzzle(n).disk_moves()


@pytest.mark.parametrize("size", [1, 5, 4096, 12288, 12289, 1 << 20])
def test_chunks_join_up_to_the_whole(size: int) -> None:
    n = 15
    parts = list(chunks(n, size))
    assert all(len(part[0]) <= size for part in parts)
    for got, whole in zip((np.concatenate(column) for column in zip(*parts)), arrays(n)):
        assert np.array_equal(got, whole)


@given(n=st.sampled_from([13, 30, 64, 1000]), data=st.data())
def test_any_window_of_a_huge_solution(n: int, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, 2**n - 2))
    stop = start + data.draw(st.integers(1, 3 * 4096 + 7))
    got = as_moves(chunks(n, 5000, start=start, stop=stop))
    assert got == [tower_move(n, k) for k in range(start, min(stop, 2**n - 1))]


@given(n=st.integers(1, 9), data=st.data())
def test_solution_chunks_from_any_position(n: int, data: st.DataObject) -> None:
    puzzle = Puzzle(n)
    a = State(data.draw(st.lists(st.integers(0, 2), min_size=n, max_size=n)))
    b = State(data.draw(st.lists(st.integers(0, 2), min_size=n, max_size=n)))
    assert as_moves(solution_chunks(puzzle, a, b, size=7)) == list(puzzle.solve(a, b))


def test_plan_chunks_of_a_large_tower() -> None:
    puzzle = Puzzle(16)
    a = State([k * k % 3 for k in range(16)])
    moves = as_moves(plan_chunks(plan(puzzle, a, puzzle.goal), 16, size=1000))
    assert len(moves) == puzzle.distance(a)
    assert puzzle.play(moves, a) == puzzle.goal


def test_arrays_refuse_what_cannot_be_held() -> None:
    with pytest.raises(TooLargeError, match=f"{2 ** (MAX_ARRAY_DISKS + 1) - 1:,} moves"):
        arrays(MAX_ARRAY_DISKS + 1)
    assert chunks(64).__next__()[0][:3].tolist() == [1, 2, 1]


@pytest.mark.parametrize("src, dst", [(0, 2), (2, 1)])
def test_tower_runs_are_the_tower(src: int, dst: int) -> None:
    n = 18  # four recurring towers of 16 disks, and the three moves of disks 17 and 18 between them
    runs = list(tower_runs(n, src, dst))
    assert as_moves(runs) == list(recursive(n, src, dst))
    assert [isinstance(run, Recurring) for run in runs] == [True, False] * 3 + [True]
    assert all(np.array_equal(a, b) for run in runs[::2] for a, b in zip(run, arrays(16, *run.key[2:])))


@given(n=st.integers(1, 9), data=st.data())
def test_solution_runs_from_any_position(n: int, data: st.DataObject) -> None:
    puzzle = Puzzle(n)
    a, b = (State(data.draw(st.lists(st.integers(0, 2), min_size=n, max_size=n))) for _ in range(2))
    chunks = solution_chunks(puzzle, a, b)
    assert isinstance(chunks, Chunks)
    assert as_moves(chunks.runs()) == list(puzzle.solve(a, b))
