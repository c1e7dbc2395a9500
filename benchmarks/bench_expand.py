"""The heuristic search's compiled loop per position expanded, this checkout against others, on the same pairs.

Each row draws seeded random pairs of one member and searches each pair twice in one process: the first search
builds the goal's tables (and compiles), the second is timed, so the time is the loop's own; the figure is processor
microseconds per position expanded (median over the pairs), wall time beside it. With ``--against SRC`` (the ``src``
folder of another checkout, e.g. a ``git worktree add /tmp/old <commit>``), every row runs in a fresh process per
checkout, one after the other, and prints each checkout's figure and its ratio to this one's. A checkout whose
:func:`~hanoikit.solvers.heuristic.search` has no ``both`` runs only the A* rows (A* is then its default). Run
``python benchmarks/bench_expand.py`` from the repository root (``--pairs N``, ``--only TEXT``, ``--long`` adds the
row of 17 disks).
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import in_checkout

ROWS = {
    "A*, 4 posts linear, n=13": (13, "linear", False),
    "A*, 4 posts every move, n=16": (16, "all", False),
    "both ends, 4 posts every move, n=16": (16, "all", None),
    "both ends, 4 posts every move, n=17": (17, "all", None),
}
LONG = {"both ends, 4 posts every move, n=17"}
"""The rows run only with ``--long`` (the arrays and tables of the issue's 17 disks, beyond the caches)."""


def measure(label: str, pairs: int) -> dict[str, float] | None:
    """This process's figures for one row (``hanoikit`` as ``sys.path`` finds it); ``None`` if it cannot run it."""
    import hanoikit as hk
    from hanoikit.solvers import heuristic

    n, moves, both = ROWS[label]
    knows_both = "both" in inspect.signature(heuristic.search).parameters
    if both is None and not knows_both:
        return None
    extra = {"both": both} if knows_both else {}
    puzzle = hk.Puzzle(n, posts=4, moves=moves) if moves != "all" else hk.Puzzle(n, posts=4)
    rng = random.Random(label)
    per, walls, expanded = [], [], []
    while len(per) < pairs:
        src, dst = puzzle.random_state(rng), puzzle.random_state(rng)
        heuristic.search(puzzle, src, dst, **extra)  # tables built, loop compiled
        wall, cpu = time.perf_counter(), time.process_time()
        found = heuristic.search(puzzle, src, dst, **extra)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        per.append(cpu / found.expanded * 1e6)
        walls.append(wall / found.expanded * 1e6)
        expanded.append(found.expanded)
    return {"cpu": statistics.median(per), "wall": statistics.median(walls), "expanded": sum(expanded)}


def run(src: str, label: str, pairs: int) -> dict[str, float] | None:
    """:func:`measure` in a fresh process on the checkout whose ``src`` folder is ``src``."""
    found: dict[str, float] | None = in_checkout(__file__, src, "--child", label, "--pairs", str(pairs))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--against", action="append", default=[], help="the src folder of another checkout")
    parser.add_argument("--only", default="")
    parser.add_argument("--long", action="store_true", help="add the rows of 17 disks (a minute or more a pair)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.child, args.pairs)))
        return
    with tempfile.TemporaryDirectory(prefix="hanoikit-bench-") as tables:  # the children's disk cache
        os.environ.setdefault("HANOIKIT_CACHE_DIR", tables)
        compare(args.pairs, args.against, args.only, args.long)


def compare(pairs: int, against: list[str], only: str, long: bool) -> None:
    """Every row of :data:`ROWS` whose label holds ``only`` (those of :data:`LONG` if ``long``), this checkout then
    each of ``against``."""
    here = str(Path(__file__).resolve().parent.parent / "src")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {pairs} random pairs a row; "
          "processor microseconds a position expanded (median over the pairs), wall beside it")
    for label in ROWS:
        if only not in label or (label in LONG and not long):
            continue
        mine = run(here, label, pairs)
        assert mine is not None
        for src in [here, *against]:
            found = mine if src == here else run(src, label, pairs)
            if found is None:
                print(f"{label:36} {src:24} (no such search)", flush=True)
                continue
            ratio = "" if src == here else f"  this checkout {mine['cpu'] / found['cpu']:.2f}x its time"
            print(f"{label:36} {src:24} {found['cpu']:6.2f} us cpu  {found['wall']:6.2f} us wall  "
                  f"expanded {int(found['expanded']):>10,}{ratio}", flush=True)


if __name__ == "__main__":
    main()
