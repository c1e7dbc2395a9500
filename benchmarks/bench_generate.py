"""Generating puzzle sets on four posts and more at the caps of :data:`~hanoikit.limits.MAX_GENERATE_HEURISTIC_DISKS`.

For each member the generator offers on 4 to 6 posts (every move, cyclic, linear and star moves, magnetic), at its
cap: ``--count`` instances (default 100) with random starts and the goal tower, then with random starts and random
goals (each goal builds its own pattern databases), from an empty table cache (a temporary directory), as
``hanoikit.generate.instance_at`` makes them one by one. Printed: the wall and processor seconds of the whole set, the
median and the slowest instance's processor time, and the ratio of the set's processor time to that of the same
count of instances of four posts at the previous cap (10 disks, random starts), measured first in the same run.

PASS when every set takes less than :data:`TARGET` seconds of processor time per 100 instances and no instance more
than :data:`SLOWEST` (the machine is shared: wall time is printed beside processor time).

Run ``python benchmarks/bench_generate.py [--count N] [--quick] [--only FAMILY,...]`` from the repository root
(``--quick``: 20 instances, random goals only on four posts; ``--only``: these families).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time

from timing import verdict

TARGET = 60.0
"""Processor seconds per 100 instances a set may take."""
SLOWEST = 10.0
"""Processor seconds the slowest instance may take."""

MEMBERS = ["posts4", "cyclic4", "linear4", "star4", "posts5", "cyclic5", "star5", "posts6", "magnetic-NNNN",
           "magnetic-RBNB", "magnetic-NNNNN", "magnetic-NNNNNN"]


def measure(family: str, n: int, count: int, goal: str) -> tuple[float, float, float, float]:
    """Wall and processor seconds of ``count`` instances, the median and the slowest instance's processor time."""
    from hanoikit.generate import instance_at

    times = []
    wall, cpu = time.perf_counter(), time.process_time()
    for index in range(count):
        began = time.process_time()
        instance_at(24, index, [family], (n, n), "random", goal)
        times.append(time.process_time() - began)
    return time.perf_counter() - wall, time.process_time() - cpu, statistics.median(times), max(times)


def main() -> None:
    quick = "--quick" in sys.argv
    only = sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else MEMBERS
    count = int(sys.argv[sys.argv.index("--count") + 1]) if "--count" in sys.argv else 20 if quick else 100
    os.environ["HANOIKIT_CACHE_DIR"] = tempfile.mkdtemp(prefix="hanoikit-bench-")  # every table built here
    from hanoikit.generate import check_sizes, family_puzzle, heuristic_disks

    base = measure("posts4", 10, count, "perfect")[1]
    print(f"{count} instances per set, random starts, tables built from an empty cache; baseline: four posts, "
          f"10 disks (the previous cap), {base:.2f} s CPU")
    print(f"  {'family':<16} {'n':>3} {'goal':<8} {'wall s':>8} {'CPU s':>8} {'median':>8} {'slowest':>8} "
          f"{'x base':>7}")
    failed = 0
    for family in only:
        n = heuristic_disks(family_puzzle(family, 3))
        goals = ["perfect", "random"] if not quick or family == "posts4" else ["perfect"]
        for goal in goals:
            check_sizes([family], (n, n), "random", goal)
            wall, cpu, median, slowest = measure(family, n, count, goal)
            ok = cpu * 100 / count < TARGET and slowest < SLOWEST
            failed += not ok
            print(f"  {family:<16} {n:>3} {goal:<8} {wall:8.2f} {cpu:8.2f} {median:8.3f} {slowest:8.3f} "
                  f"{cpu / base:7.1f}  {verdict(ok)} (< {TARGET:.0f} s CPU per 100, slowest < {SLOWEST:.0f} s)",
                  flush=True)
    print("every set within its target" if not failed else f"{failed} set(s) over the target")


if __name__ == "__main__":
    main()
