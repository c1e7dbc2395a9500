"""Move output (``hanoi solve > /dev/null``) against the array builder on the same solution, measured in one run.

For the classic tower of 30 disks and the magnetic NNN tower of 20 disks:

* the array builder: the solver's ``solution_chunks`` consumed in this process (chunks of 2**20 moves);
* ``hanoi solve N [--magnetic NNN] --format F > /dev/null`` for F = text, csv, json, as a fresh process (Python's
  start-up and imports included), with its peak resident memory, and the same writer called in this process;

and the ratio of the two times. Targets (issue 10): classic 30 as text in < 5 s; magnetic NNN 20 as text at
>= 200 M moves/s; every format in bounded memory (< 300 MB).

Run ``python benchmarks/bench_output.py`` from the repository root (about half a minute). Writing to /dev/null costs
the kernel nothing; a pipe or a file adds the kernel's copy of every byte (about 4 GB of text for n = 30).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterable

from hanoikit import MagneticPuzzle, Puzzle
from hanoikit.formats import write_moves
from hanoikit.movearray import MoveArray
from hanoikit.solvers import arrays, magnetic
from timing import best, verdict

FORMATS = ("text", "csv", "json")
MEMORY_MB = 300


def run_to_devnull(args: list[str]) -> tuple[float, float, float]:
    """Wall-clock seconds, CPU seconds and peak resident megabytes of ``python -m hanoikit ARGS > /dev/null`` (stderr
    kept: a terminal there shows the progress bar, as a user would see it)."""
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "hanoikit", *args], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"hanoi {' '.join(args)} failed with status {os.waitstatus_to_exitcode(status)}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def consume(chunks: Iterable[MoveArray]) -> int:
    return sum(len(chunk[0]) for chunk in chunks)


def measure(
    label: str,
    args: list[str],
    solution: Callable[[], Iterable[MoveArray]],
    n: int,
    moves: int,
    goal: str,
    met: Callable[[float], bool],
) -> bool:
    """Print the array builder's figures, then one row per format (``met`` judges the text row's seconds); return
    whether every goal was met."""
    build = best(lambda: consume(solution()), repeat=1)
    print(f"  {label}: {moves:,} moves; array builder {build:.2f} s = {moves / build / 1e6:,.0f} M moves/s")
    passed = True
    for fmt in FORMATS:
        with open(os.devnull, "wb") as null:
            inside = best(lambda: write_moves(solution(), n, fmt, null), repeat=1)
        seconds, cpu, megabytes = run_to_devnull([*args, "--format", fmt])
        line = (f"    {fmt:4}: {seconds:6.2f} s (CPU {cpu:5.2f} s) = {moves / seconds / 1e6:7,.0f} M moves/s, "
                f"{megabytes:4.0f} MB peak; in this process {inside:.2f} s; "
                f"time / array builder = {seconds / build:.2f} ({inside / build:.2f} in this process)")
        fine = megabytes < MEMORY_MB
        if fmt == "text":
            line += f"   goal {goal}: {verdict(met(seconds))}"
            fine = fine and met(seconds)
        line += f"   memory < {MEMORY_MB} MB: {verdict(megabytes < MEMORY_MB)}"
        passed = passed and fine
        print(line)
    return passed


def main() -> None:
    print("move output against the array builder")
    start_up, cpu, _ = run_to_devnull(["solve", "3"])
    print(f"  start-up: a fresh `python -m hanoikit solve 3` takes {start_up:.2f} s (CPU {cpu:.2f} s), included below")

    n = 30
    puzzle = Puzzle(n)
    ok = measure(
        f"classic n = {n}",
        ["solve", str(n)],
        lambda: arrays.solution_chunks(puzzle),
        n,
        puzzle.distance(),
        "< 5 s",
        lambda seconds: seconds < 5,
    )

    n = 20
    mag = MagneticPuzzle(n, "NNN")
    moves = mag.distance()
    ok = measure(
        f"magnetic NNN n = {n}",
        ["solve", str(n), "--magnetic", "NNN"],
        lambda: magnetic.solution_chunks(mag),
        n,
        moves,
        ">= 200 M moves/s",
        lambda seconds: moves / seconds >= 200e6,
    ) and ok
    print(f"  all goals: {verdict(ok)}")


if __name__ == "__main__":
    main()
