"""The numpy builder of magnetic solutions agrees with the lazy generator and with move_at."""

from __future__ import annotations

import numpy as np
import pytest

import hanoikit as hk
from hanoikit import search
from hanoikit.errors import UnsolvableError
from hanoikit.movearray import Chunks, Recurring
from hanoikit.solvers import magnetic


def _as_list(chunk: tuple[np.ndarray, np.ndarray, np.ndarray]) -> list[hk.Move]:
    return [hk.Move(int(d), int(s), int(t)) for d, s, t in zip(*chunk)]


@pytest.mark.parametrize("colors", ["NNN", "RBB", "NBR", "RNN", "BNB"])
def test_arrays_equal_solve(colors: str) -> None:
    for n in (1, 2, 5, 9, 11):
        puzzle = hk.MagneticPuzzle(n, colors)
        try:
            moves = np.array(list(puzzle.solve())).reshape(-1, 3)
        except UnsolvableError:
            continue
        assert np.array_equal(np.stack(magnetic.solution_arrays(puzzle), axis=1), moves)
        chunks = list(magnetic.solution_chunks(puzzle, size=1000))
        assert all(len(c[0]) == 1000 for c in chunks[:-1])
        assert np.array_equal(np.concatenate([np.stack(c, axis=1) for c in chunks]), moves)


def test_arrays_between_positions() -> None:
    rng = np.random.default_rng(3)
    puzzle = hk.MagneticPuzzle(6, "NNN")
    legal = search.legal_states(puzzle)
    done = 0
    for _ in range(40):
        a, b = (search.decode(puzzle, int(rng.choice(legal))) for _ in range(2))
        try:
            moves = list(puzzle.solve(a, b))
        except UnsolvableError:
            continue
        assert _as_list(magnetic.solution_arrays(puzzle, a, b)) == moves
        done += 1
    assert done > 5


def test_large_solution_spot_checks() -> None:
    puzzle = hk.MagneticPuzzle(15)
    disk, src, dst = magnetic.solution_arrays(puzzle)
    assert len(disk) == puzzle.distance()
    for k in (0, 1, 12345, len(disk) // 2, len(disk) - 1):
        assert puzzle.move_at(k) == hk.Move(int(disk[k]), int(src[k]), int(dst[k]))
    assert np.bincount(disk, minlength=16)[1:].tolist() == puzzle.disk_moves()


def test_chunks_offer_the_kept_pieces_as_recurring_runs() -> None:
    """Writers format a solution at the speed of copying bytes only if almost all of it comes as recurring pieces."""
    puzzle = hk.MagneticPuzzle(17, "NNN")
    chunks = magnetic.solution_chunks(puzzle)
    assert isinstance(chunks, Chunks)
    runs = list(chunks.runs())
    assert sum(len(run[0]) for run in runs) == puzzle.distance()
    recurring = [run for run in runs if isinstance(run, Recurring)]
    assert sum(len(run[0]) for run in recurring) > 0.999 * puzzle.distance()
    assert len({run.key for run in recurring}) < len(recurring) / 5  # each formatted once
