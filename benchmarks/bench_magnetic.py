"""Magnetic engine figures, measured side by side in one run.

* the engine's first use (the complete levels and the fixed plans) and the exact proof that the plans stay optimal;
* the full optimal sequence of the free puzzle, n = 17 (about 39 M moves), built into numpy arrays (target:
  >= 100 M moves/s), against the lazy move generator; the same sequence streamed in chunks, with its peak memory;
* ``distance`` between two random legal positions (reachable from each other), n = 1000 (target < 50 ms) and
  n = 10000 (target < 2 s), first call and repeated;
* ``move_at`` and ``state_at`` with n = 1000 (target < 10 ms).

Run ``python benchmarks/bench_magnetic.py`` (``--quick`` uses n = 15 for the full sequence).
"""

from __future__ import annotations

import random
import sys
import time
import tracemalloc

from timing import timed

import hanoikit as hk
from hanoikit.solvers import magnetic
from hanoikit.solvers._certificate import certify
from hanoikit.solvers._levels import engine


def row(label: str, figure: str, target: str = "") -> None:
    print(f"{label:<58} {figure:>22}  {target}")


def main() -> None:
    quick = "--quick" in sys.argv
    n_full = 15 if quick else 17
    print("hanoikit magnetic engine benchmark\n")

    seconds, _ = timed(engine)
    row("engine first use (24 complete levels, fixed plans)", f"{seconds * 1e3:.0f} ms")
    seconds, proof = timed(certify)
    row(f"proof of the plans at every level ({proof.slacks} slacks)", f"{seconds * 1e3:.0f} ms")  # type: ignore[attr-defined]

    puzzle = hk.MagneticPuzzle(n_full)
    seconds, arrays = timed(lambda: magnetic.solution_arrays(puzzle))
    count = len(arrays[0])  # type: ignore[index]
    row(f"full sequence n = {n_full} into numpy arrays, first call", f"{count / seconds / 1e6:,.0f} M moves/s", "builds the leaf pieces")
    del arrays
    seconds, arrays = timed(lambda: magnetic.solution_arrays(puzzle), repeat=3)
    rate = count / seconds
    row(f"full sequence n = {n_full} into numpy arrays ({count:,} moves)", f"{rate / 1e6:,.0f} M moves/s", "target >= 100 M/s")
    del arrays
    small = hk.MagneticPuzzle(12)
    seconds_gen, generated = timed(lambda: sum(1 for _ in small.solve()))
    gen_rate = generated / seconds_gen  # type: ignore[operator]
    row("lazy generator puzzle.solve(), n = 12", f"{gen_rate / 1e6:,.2f} M moves/s", f"arrays are {rate / gen_rate:,.0f}x faster")
    tracemalloc.start()
    began = time.perf_counter()
    streamed = sum(len(chunk[0]) for chunk in magnetic.solution_chunks(puzzle, size=1 << 20))
    seconds = time.perf_counter() - began
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    row(f"streamed in chunks of 2^20 moves ({streamed:,} moves)", f"{streamed / seconds / 1e6:,.0f} M moves/s", f"peak {peak / 2**20:.1f} MiB")

    rng = random.Random(2024)
    for n, target in ((1000, "target < 50 ms"), (10000, "target < 2 s")):
        free = hk.MagneticPuzzle(n)
        total = free.distance()
        pairs = [(free.state_at(rng.randrange(total)), free.state_at(rng.randrange(total))) for _ in range(5)]
        first, _ = timed(lambda: free.distance(*pairs[0]))
        again, _ = timed(lambda: [free.distance(a, b) for a, b in pairs[1:]])
        row(f"distance, two random positions, n = {n} (first call)", f"{first * 1e3:,.1f} ms", target)
        row(f"distance, two random positions, n = {n} (mean of 4 more)", f"{again / 4 * 1e3:,.1f} ms", target)
    free = hk.MagneticPuzzle(1000)
    total = free.distance()
    ks = [rng.randrange(total) for _ in range(20)]
    seconds, _ = timed(lambda: [free.move_at(k) for k in ks])
    row("move_at, n = 1000 (mean of 20 random k)", f"{seconds / 20 * 1e3:.2f} ms", "target < 10 ms")
    seconds, _ = timed(lambda: [free.state_at(k) for k in ks])
    row("state_at, n = 1000 (mean of 20 random k)", f"{seconds / 20 * 1e3:.2f} ms")
    seconds, _ = timed(lambda: hk.MagneticPuzzle(10000, "NNN").disk_moves())
    row("disk_moves, n = 10000 (exact)", f"{seconds * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
