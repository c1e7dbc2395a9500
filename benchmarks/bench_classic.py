"""Classic solver figures, measured side by side in one run.

* the numpy builder of the full optimal sequence (n = 25) in moves per second, and against the plain recursive
  generator of seed 002 on n = 20 (target: at least 200 M moves/s, at least 100x);
* ``hanoi solve 24 --format text > /dev/null`` against a plain ``print`` loop over the recursive generator, both as
  fresh processes (target: at least 10x);
* ``hanoi solve 30 > /dev/null``: time and peak memory (target: below 300 MB);
* ``move_at`` / ``state_at`` for n = 64 and n = 10000 (no loop over moves).

Run ``python benchmarks/bench_classic.py`` (``--quick`` skips the n = 30 run and uses n = 22 for the print loop).
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

from hanoikit import Puzzle
from hanoikit.solvers.arrays import arrays
from hanoikit.solvers.classic import recursive
from timing import best

HANOI = str(Path(sys.executable).with_name("hanoi"))
PLAIN_PRINT = "from hanoikit.solvers.classic import recursive\nfor move in recursive({n}):\n    print(move)\n"


def run_to_devnull(args: list[str]) -> tuple[float, float]:
    """Seconds and peak resident megabytes of a child process writing to /dev/null."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    subprocess.run(args, stdout=subprocess.DEVNULL, check=True)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, max(peak, before) / 1024


def consume(n: int) -> None:
    for _ in recursive(n):
        pass


def main() -> None:
    quick = "--quick" in sys.argv[1:]
    print("classic solvers")

    n = 25
    cold = best(lambda: arrays(n), repeat=1)
    warm = best(lambda: arrays(n))
    moves = 2**n - 1
    print(f"  arrays({n}): {moves:,} moves in {warm * 1e3:.1f} ms = {moves / warm / 1e6:,.0f} M moves/s "
          f"(first call, with fresh memory pages: {moves / cold / 1e6:,.0f} M moves/s)   target >= 200 M moves/s")

    n = 20
    moves = 2**n - 1
    plain = best(lambda: consume(n), repeat=1)
    fast = best(lambda: arrays(n))
    print(f"  n = {n}: recursive generator {moves / plain / 1e6:.2f} M moves/s, "
          f"arrays {moves / fast / 1e6:,.0f} M moves/s -> {plain / fast:,.0f}x   target >= 100x")

    n = 22 if quick else 24
    plain_s, _ = run_to_devnull([sys.executable, "-c", PLAIN_PRINT.format(n=n)])
    cli_s, _cli_mb = run_to_devnull([HANOI, "solve", str(n), "--format", "text"])
    print(f"  hanoi solve {n} > /dev/null: {cli_s:.2f} s; plain print loop over recursive(): {plain_s:.2f} s"
          f" -> {plain_s / cli_s:.1f}x   target >= 10x")

    if not quick:
        seconds, megabytes = run_to_devnull([HANOI, "solve", "30", "--format", "text"])
        print(f"  hanoi solve 30 > /dev/null: {2**30 - 1:,} moves in {seconds:.1f} s "
              f"({(2**30 - 1) / seconds / 1e6:.0f} M moves/s), peak memory {megabytes:.0f} MB   target < 300 MB")

    for n in (64, 10_000):
        puzzle = Puzzle(n)
        k = 3 ** (n * 5 // 8) % (2**n - 1)
        move = best(lambda: puzzle.move_at(k), repeat=5)
        state = best(lambda: puzzle.state_at(k), repeat=5)
        print(f"  Puzzle({n}).move_at(k): {move * 1e6:,.0f} us, state_at(k): {state * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
