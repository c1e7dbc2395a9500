"""Building the pattern databases of magnetic groups (hanoikit.solvers.face_tables) for a random goal: processor and
wall seconds of one table, by member and disks, compiled first (a 4-disk table) and timed once each (the machine is
shared: processor time is the figure to compare). Run ``python benchmarks/bench_face_tables.py`` from the
repository root (``--disks 9 10 11`` picks the sizes).
"""

from __future__ import annotations

import argparse
import os
import random
import time

import numpy as np

import hanoikit as hk
from hanoikit.solvers import face_tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--disks", type=int, nargs="+", default=[10, 11])
    parser.add_argument("--colors", nargs="+", default=["NNNN", "RBNN"])
    parser.add_argument("--moves", nargs="+", default=["any", "cyclic"])
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    warm = hk.MagneticPuzzle(4, "NNNN")
    face_tables.distances(warm, warm.goal)
    for n in args.disks:
        for colors in args.colors:
            for moves in args.moves:
                puzzle = hk.MagneticPuzzle(n, colors, moves=moves)
                # a random goal; on one-way rules the goal tower (few positions reach a random one)
                goal = puzzle.random_state(random.Random(f"{puzzle!r}")) if puzzle.reversible else puzzle.goal
                wall, cpu = time.perf_counter(), time.process_time()
                table = face_tables.distances(puzzle, goal)
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                reached = int(np.count_nonzero(table != np.iinfo(table.dtype).max))
                print(f"{colors} {moves:6} n={n:2}  cpu {cpu:6.2f} s  wall {wall:6.2f} s  "
                      f"{table.size / 2**20:6.0f} MiB  {reached:>11,} codes reached  "
                      f"{reached / cpu / 1e6:6.1f} M codes/s cpu", flush=True)


if __name__ == "__main__":
    main()
