"""The cost of building a query's pattern databases, this checkout against others: one row per table the heuristic
search builds for a goal on four posts with every move.

Each row builds its table for fresh random goals through :func:`hanoikit.solvers.pdb.pattern_table` with
``cache=False`` (no disk cache; each goal new, so no table kept in memory serves it), after one build that compiles,
and prints the fastest processor and wall seconds of ``--repeat`` builds. With ``--against REV`` (a git revision of
this repository, or the ``src`` folder of another checkout), every row runs in a fresh process per checkout, one
after the other, and prints each checkout's figures and this checkout's ratio to them. Run
``python benchmarks/bench_tables.py`` from the repository root (``--only TEXT``, ``--repeat N``).
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import in_checkout, wall_and_cpu

ROWS = {
    "mod 3, 14 disks (n >= 17)": (14, 0, True, 1),
    "mod 3, 14 disks, two threads": (14, 0, True, 2),
    "mod 3, 13 disks (n = 14..16)": (13, 0, True, 1),
    "mod 3, 13 disks, two threads": (13, 0, True, 2),
    "free, 3 + 8 free disks (n = 17)": (11, 8, False, 1),
    "exact, 10 disks (n = 13)": (10, 0, False, 1),
}
"""Each row's disks in the table, free obstacles among them, whether it is compressed (distances modulo 3), and the
threads building it."""


def measure(label: str, repeat: int) -> dict[str, float] | None:
    """This process's fastest wall and processor seconds for one row (``hanoikit`` as ``sys.path`` finds it);
    ``None`` if it cannot build in two threads."""
    from hanoikit import Puzzle
    from hanoikit.solvers import pdb

    size, free, compressed, threads = ROWS[label]
    puzzle = Puzzle(size, posts=4)
    rng = random.Random(label)
    extra = {"threads": threads} if threads > 1 else {}
    if extra and "threads" not in inspect.signature(pdb.pattern_table).parameters:
        return None

    def build() -> object:
        return pdb.pattern_table(puzzle, puzzle.random_state(rng), cache=False, free=free, compressed=compressed,
                                 **extra)

    build()  # compiled (or loaded from numba's cache)
    wall, cpu = wall_and_cpu(build, repeat)
    return {"wall": wall, "cpu": cpu}


def run(src: str, label: str, repeat: int) -> dict[str, float] | None:
    """:func:`measure` in a fresh process on the checkout whose ``src`` folder is ``src``."""
    found: dict[str, float] | None = in_checkout(__file__, src, "--child", label, "--repeat", str(repeat))
    return found


def checkout(against: str, into: Path) -> str:
    """The ``src`` folder of ``against``: a folder as it is, or a git revision of this repository exported into
    ``into``."""
    if Path(against).is_dir():
        return against
    root = Path(__file__).resolve().parent.parent
    archive = subprocess.run(["git", "-C", str(root), "archive", against, "src"], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return str(into / "src")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--against", action="append", default=[],
                        help="a git revision, or the src folder of another checkout")
    parser.add_argument("--only", default="")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.child, args.repeat)))
        return
    with tempfile.TemporaryDirectory(prefix="hanoikit-bench-") as scratch:
        os.environ["HANOIKIT_CACHE_DIR"] = str(Path(scratch) / "cache")  # nothing read from the user's cache
        sources = []
        for number, rev in enumerate(args.against):
            into = Path(scratch) / str(number)
            into.mkdir()
            sources.append((rev, checkout(rev, into)))
        compare(args.repeat, sources, args.only)


def compare(repeat: int, against: list[tuple[str, str]], only: str) -> None:
    """Every row of :data:`ROWS` whose label holds ``only``, this checkout then each of ``against``."""
    here = str(Path(__file__).resolve().parent.parent / "src")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; a random goal a build, no disk cache; "
          f"fastest of {repeat} builds, processor and wall seconds")
    for label in ROWS:
        if only not in label:
            continue
        mine = run(here, label, repeat)
        assert mine is not None
        for name, src in [("this checkout", here), *against]:
            found = mine if src == here else run(src, label, repeat)
            if found is None:
                print(f"{label:32} {name[:16]:16} (no such build)", flush=True)
                continue
            ratio = "" if src == here else (f"  this checkout: {found['cpu'] / mine['cpu']:.2f}x less cpu, "
                                             f"{found['wall'] / mine['wall']:.2f}x less wall")
            print(f"{label:32} {name[:16]:16} cpu {found['cpu']:7.3f} s  wall {found['wall']:7.3f} s{ratio}",
                  flush=True)


if __name__ == "__main__":
    main()
