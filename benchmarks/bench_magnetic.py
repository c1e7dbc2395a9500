"""The magnetic engine at the limits (issue 10), measured side by side with the classic puzzle in one run.

Each row times the magnetic question and the classic one at the same n on the same kind of input, prints both, their
ratio and PASS/FAIL against the goal:

* ``distance`` between two random legal positions (each disk on a random post, each non-empty post a random top
  colour, its own colour on a coloured post; some pairs are not joined, which takes the same work to decide),
  n = 10^4 and 10^5 (and 10^6 with ``--full``): within 2x classic, the engine alone and through the puzzle;
* tower to tower ``distance()``, n = 10^5 (< 0.5 s) and 10^6 (< 5 s, and < 200 MB peak in a fresh process), the
  engine alone and through ``MagneticPuzzle`` (whose state building and checking is not the engine's);
* ``hanoi solve 100000 --magnetic NNN --count`` as a command;
* ``move_at`` and ``state_at`` at n = 10^5 (< 1 s), ``disk_moves`` at n = 10^4, ``hanoi count``'s table in one pass.

Run ``python benchmarks/bench_magnetic.py`` from the repository root (``--full`` adds positions at n = 10^6).
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import hanoikit as hk
from hanoikit.analysis.counts import totals_upto
from hanoikit.solvers import classic, magnetic
from hanoikit.solvers._certificate import certify
from hanoikit.solvers._levels import engine
from timing import best, timed

SRC = str(Path(__file__).resolve().parent.parent / "src")


def row(label: str, mine: float, theirs: float | None, goal: str, ok: bool) -> None:
    ratio = f"{mine / theirs:7.1f}x" if theirs else "        "
    other = f"{theirs:9.4f} s" if theirs is not None else " " * 11
    print(f"{label:<52} {mine:9.4f} s  classic {other} {ratio}  {goal:<18} {'PASS' if ok else 'FAIL'}")


def answer(function: Callable[..., int], *args: object) -> int | None:
    """The distance, or ``None`` when the two positions are not joined (a random pair may not be: deciding it is the
    same work)."""
    try:
        return function(*args)
    except hk.UnsolvableError:
        return None


def in_fresh_process(code: str) -> tuple[float, float]:
    """Seconds and peak resident MiB of ``code`` run in a fresh interpreter (timed after the imports and the engine).
    The peak is the kernel's high-water mark of the new process (``VmHWM``; ``ru_maxrss`` would carry the parent's
    peak across ``exec``)."""
    script = (
        "import resource, sys, time\n"
        "sys.set_int_max_str_digits(0)\n"
        "import hanoikit as hk\n"
        "from hanoikit.solvers._levels import engine\n"
        "engine().jump\n"
        "began = time.perf_counter()\n"
        f"{code}\n"
        "peak = [line.split()[1] for line in open('/proc/self/status') if line.startswith('VmHWM')]\n"
        "print(time.perf_counter() - began, int(peak[0]) / 1024 if peak else "
        "resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, env={"PYTHONPATH": SRC}
    ).stdout.split()
    return float(out[0]), float(out[1])


def main() -> None:
    full = "--full" in sys.argv
    sys.set_int_max_str_digits(0)
    print("hanoikit magnetic engine at the limits, side by side with the classic puzzle\n")
    seconds, _ = timed(lambda: engine().jump)
    print(f"engine first use (24 complete levels, fixed plans, closed form): {seconds:.3f} s")
    seconds, proof = timed(certify)
    print(f"proof that the plans stay optimal at every level ({proof.slacks} slacks): {seconds:.3f} s\n")  # type: ignore[attr-defined]

    rng = random.Random(2024)
    warm = hk.MagneticPuzzle(1000)
    seconds, _ = timed(lambda: answer(magnetic.distance, warm, warm.random_state(rng), warm.random_state(rng)))
    print(f"compiled loops first use (numba, loaded from its cache once compiled): {seconds:.3f} s\n")
    for n in (10_000, 100_000, *((1_000_000,) if full else ())):
        puzzle, plain = hk.MagneticPuzzle(n), hk.Puzzle(n)
        count = 1 if n > 100_000 else 5
        pairs = [(puzzle.random_state(rng), puzzle.random_state(rng)) for _ in range(count)]
        cpairs = [(plain.random_state(rng), plain.random_state(rng)) for _ in range(count)]
        first, _ = timed(lambda: answer(magnetic.distance, puzzle, *pairs[0]))
        mine = best(lambda: [answer(magnetic.distance, puzzle, a, b) for a, b in pairs], repeat=3) / count
        theirs = best(lambda: [classic.distance(plain, a, b) for a, b in cpairs], repeat=3) / count
        row(f"distance, random legal positions, n = {n:,}, engine", mine, theirs, "within 2x classic",
            mine <= 2 * theirs)
        mine = best(lambda: [answer(puzzle.distance, a, b) for a, b in pairs], repeat=3) / count
        theirs = best(lambda: [plain.distance(a, b) for a, b in cpairs], repeat=3) / count
        row("  the same through puzzle.distance(a, b)", mine, theirs, "within 2x classic", mine <= 2 * theirs)
        print(f"  (the first query at this n, before the level's tiny graphs are cached: {first:.4f} s)")
    for n, goal in ((100_000, 0.5), (1_000_000, 5.0)):
        puzzle, plain = hk.MagneticPuzzle(n), hk.Puzzle(n)
        start, end = puzzle.start, puzzle.goal
        mine = best(lambda: magnetic.distance(puzzle, start, end), repeat=2)
        theirs = best(lambda: classic.distance(plain, plain.start, plain.goal), repeat=2)
        row(f"tower to tower distance, engine, n = {n:,}", mine, theirs, f"< {goal} s", mine < goal)
        mine = best(lambda: hk.MagneticPuzzle(n).distance(), repeat=1)
        theirs = best(lambda: hk.Puzzle(n).distance(), repeat=1)
        row("  the same through MagneticPuzzle(n).distance()", mine, theirs, "(puzzle layer)", True)
    for label, code in (
        ("MagneticPuzzle(10**6).distance()", "hk.MagneticPuzzle(10**6).distance()"),
        ("  the engine alone (states built first)", "p = hk.MagneticPuzzle(10**6)\na, b = p.start, p.goal\n"
         "from hanoikit.solvers import magnetic\nmagnetic.distance(p, a, b)"),
    ):
        seconds, peak = in_fresh_process(code)
        print(f"{label + ', fresh process':<52} {seconds:9.4f} s  peak {peak:6.0f} MiB{'':>18}< 5 s, < 200 MB    "
              f"{'PASS' if peak < 200 and seconds < 5 else 'FAIL'}")
    command = [sys.executable, "-m", "hanoikit", "solve", "100000", "--magnetic", "NNN", "--count"]
    began = time.perf_counter()
    subprocess.run(command, capture_output=True, check=True, env={"PYTHONPATH": SRC})
    mine = time.perf_counter() - began
    began = time.perf_counter()
    subprocess.run(command[:5] + ["--count"], capture_output=True, check=True, env={"PYTHONPATH": SRC})
    theirs = time.perf_counter() - began
    row("hanoi solve 100000 --magnetic NNN --count (command)", mine, theirs, "(with start-up)", True)

    n = 100_000
    puzzle, plain = hk.MagneticPuzzle(n), hk.Puzzle(n)
    total, ctotal = puzzle.distance(), plain.distance()
    ks = [rng.randrange(total) for _ in range(3)]
    cks = [rng.randrange(ctotal) for _ in range(3)]
    magnetic.move_at(puzzle, 0)  # the cached rows of the lower levels, once
    for name, mine_f, theirs_f in (
        ("move_at", magnetic.move_at, classic.move_at),
        ("state_at", magnetic.state_at, classic.state_at),
    ):
        mine = best(lambda: [mine_f(puzzle, k) for k in ks], repeat=1) / 3  # type: ignore[operator]
        theirs = best(lambda: [theirs_f(plain, k) for k in cks], repeat=1) / 3  # type: ignore[operator]
        row(f"{name}, random k, n = {n:,}", mine, theirs, "< 1 s", mine < 1)

    n = 10_000
    mine = best(lambda: magnetic.disk_moves(hk.MagneticPuzzle(n)), repeat=1)
    theirs = best(lambda: classic.disk_moves(hk.Puzzle(n)), repeat=1)
    row(f"disk_moves, n = {n:,}", mine, theirs, "< 1 s", mine < 1)
    mine = best(lambda: totals_upto("NNN", 5000), repeat=1)
    theirs = best(lambda: [(1 << m) - 1 for m in range(1, 5001)], repeat=1)
    row("hanoi count --upto 5000: S(1..5000) in one pass", mine, theirs, "one pass", True)


if __name__ == "__main__":
    main()
