"""The cost of checking a pattern database read from the disk cache, beside the cost of building it: the largest
table the heuristic search keeps (distances modulo 3 of 14 disks on four posts, 64 MiB).

Rows, measured side by side in one run (the fastest of ``--repeat``, processor and wall seconds): building the table
(:func:`hanoikit.solvers.pdb.pattern_table`, no cache), reading it back checked (:func:`hanoikit.cache.read_array`:
header, dtype, shape, BLAKE2b checksum), the BLAKE2b checksum alone, and reading the same bytes unchecked
(``np.load`` of a ``.npy`` file, as the cache did before it was checked). The file is in the page cache: the figures
are the processor's work, not the disk's. Run ``python benchmarks/bench_pdb_cache.py`` from the repository root.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hanoikit import Puzzle, cache
from hanoikit.solvers import pdb
from timing import wall_and_cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--disks", type=int, default=14)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    puzzle = Puzzle(options.disks, posts=4)
    goal = puzzle.goal
    pdb.pattern_table(Puzzle(7, posts=4), Puzzle(7, posts=4).goal, cache=False, compressed=True)  # compiled
    build_wall, build_cpu = wall_and_cpu(lambda: pdb.pattern_table(puzzle, goal, cache=False, compressed=True), 1)
    table = pdb.pattern_table(puzzle, goal, cache=False, compressed=True)
    with tempfile.TemporaryDirectory() as tmp:
        checked, plain = Path(tmp) / "table", Path(tmp) / "table.npy"
        cache.write_array(checked, "the benchmark's table", table)
        np.save(plain, table)

        found = cache.read_array(checked, "the benchmark's table", table.shape, [np.uint8])
        assert found is not None and np.array_equal(found, table)

        def read() -> None:
            assert cache.read_array(checked, "the benchmark's table", table.shape, [np.uint8]) is not None

        rows = {
            "build (no cache)": (build_wall, build_cpu),
            "read, checked": wall_and_cpu(read, options.repeat),
            "BLAKE2b alone": wall_and_cpu(lambda: hashlib.blake2b(table, digest_size=16), options.repeat),
            "np.load, unchecked": wall_and_cpu(lambda: np.load(plain), options.repeat),
        }
    print(f"mod-3 table of {options.disks} disks: {table.nbytes / 2**20:.0f} MiB")
    for label, (wall, cpu) in rows.items():
        print(f"{label:20} cpu {cpu:7.3f} s  wall {wall:7.3f} s  cpu/build {cpu / build_cpu:6.3f}")
    extra = rows["read, checked"][1] - rows["np.load, unchecked"][1]
    print(f"checking costs {extra:.3f} s of processor time more than an unchecked read, "
          f"{extra / build_cpu:.1%} of a build")


if __name__ == "__main__":
    main()
