"""The first move of an exhaustive solution (a hint) against the whole path, measured side by side in one run.

``hanoikit.solvers.exhaustive.move_at(puzzle, 0)`` steps once down the table of distances to the goal; before, it
walked the whole solution first. For a few members whose solutions are long, the table is built first (timed apart),
then the first move (three times, the fastest) and the whole path (once: a path walked to its end is kept).
Target: the first move at least 100x cheaper than the whole path on every member (thousands of moves each).

Run ``python benchmarks/bench_first_move.py`` from the repository root (with ``PYTHONPATH=src``).
"""

from __future__ import annotations

import os

from hanoikit import MagneticPuzzle, Puzzle
from hanoikit.solvers import exhaustive
from timing import verdict, wall_and_cpu

MEMBERS = [
    Puzzle(11, moves="linear"),  # 177,146 moves
    Puzzle(10, moves="SI ID DS IS"),  # 15,343 moves
    MagneticPuzzle(8, moves="linear", goal_up="R"),  # 6,560 moves
]


def whole_path(puzzle: Puzzle) -> int:
    return sum(1 for _ in exhaustive.solve(puzzle, puzzle.start, puzzle.goal))


def main() -> None:
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    ok = True
    for puzzle in MEMBERS:
        table_wall, table_cpu = wall_and_cpu(lambda: exhaustive.distance(puzzle, puzzle.start, puzzle.goal), 1)
        first_wall, first_cpu = wall_and_cpu(lambda: exhaustive.move_at(puzzle, 0), 3)  # no path is kept yet
        whole_wall, whole_cpu = wall_and_cpu(lambda: whole_path(puzzle), 1)  # once: a path walked whole is kept
        moves = whole_path(puzzle)
        ratio = whole_cpu / max(first_cpu, 1e-9)
        ok &= ratio >= 100
        print(f"{puzzle!r}: {moves:,} moves; table {table_cpu * 1e3:.1f} ms CPU ({table_wall * 1e3:.1f} wall); "
              f"whole path {whole_cpu * 1e3:.2f} ms CPU ({whole_wall * 1e3:.2f} wall); first move "
              f"{first_cpu * 1e3:.3f} ms CPU ({first_wall * 1e3:.3f} wall); {ratio:,.0f}x {verdict(ratio >= 100)}")
    print(f"first move at least 100x cheaper than the whole path: {verdict(ok)}")


if __name__ == "__main__":
    main()
