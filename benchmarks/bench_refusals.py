"""Refusals come before work: how long the library and the ``hanoi`` command take to refuse what is over a cap.

The unit tests check *that* each input is refused with the right error (tests/test_fuzz.py, tests/test_cli_robust.py);
this script measures *how fast*, wall time beside CPU time, each against its target:

* ``Move.parse`` of a disk number of 10**6 digits (target < 500 ms: the length is read, not the number);
* ``Puzzle``, ``MagneticPuzzle`` and ``State.tower`` with 10**5000 disks (target < 100 ms for the three);
* the quadratic magnetic queries and ``disk_moves`` one disk above their caps (target < 300 ms for all);
* the classic methods that keep tables or recurse, one disk above their caps (target < 100 ms);
* the ``hanoi`` command refusing fourteen bad numbers, all started at once (target < 30 s, Python's start included).

Run ``python benchmarks/bench_refusals.py`` from the repository root.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import hanoikit as hk
import hanoikit.solvers.magnetic
from hanoikit.limits import (
    MAX_DISK_MOVES_DISKS,
    MAX_DISKS,
    MAX_MAGNETIC_DISKS,
    MAX_MAGNETIC_INDEX_DISKS,
    MAX_RECURSIVE_DISKS,
    MAX_TABLE_DISKS,
)
from hanoikit.solvers import classic
from timing import verdict


def refused(calls: list[Callable[[], object]]) -> tuple[float, float]:
    """Wall and CPU seconds to run ``calls``, each of which must raise a ``HanoiError``."""
    wall, cpu = time.perf_counter(), time.process_time()
    for call in calls:
        try:
            call()
        except hk.HanoiError:
            continue
        raise AssertionError(f"{call} was not refused")
    return time.perf_counter() - wall, time.process_time() - cpu


def report(label: str, seconds: tuple[float, float], target: float) -> bool:
    ok = seconds[0] < target
    wall, cpu = seconds
    print(f"  {label:48s}: {wall * 1000:9.2f} ms wall, {cpu * 1000:9.2f} ms CPU (target < {target * 1000:,.0f} ms):"
          f" {verdict(ok)}")
    return ok


def library() -> bool:
    magnetic = hk.MagneticPuzzle(MAX_MAGNETIC_INDEX_DISKS + 1)
    scattered_puzzle = hk.MagneticPuzzle(MAX_MAGNETIC_DISKS + 1)
    scattered = scattered_puzzle.start.replace(scattered_puzzle.n, 1)
    huge = 10**5000
    cases: list[tuple[str, list[Callable[[], object]], float]] = [
        ("Move.parse of a 10**6-digit disk number", [lambda: hk.Move.parse("9" * 10**6 + "SD")], 0.5),
        ("three constructors with 10**5000 disks", [lambda: hk.Puzzle(huge), lambda: hk.MagneticPuzzle(huge),
                                                    lambda: hk.State.tower(huge)], 0.1),
        ("magnetic queries and disk_moves over their caps", [
            lambda: magnetic.move_at(0), lambda: magnetic.state_at(0),
            lambda: scattered_puzzle.distance(scattered), lambda: scattered_puzzle.solve(scattered),
            lambda: hk.Puzzle(MAX_DISK_MOVES_DISKS + 1).disk_moves(),
            lambda: hk.MagneticPuzzle(MAX_DISK_MOVES_DISKS + 1).disk_moves(),
        ], 0.3),
        ("classic tables and recursion over their caps", [
            lambda: classic.recursive(MAX_RECURSIVE_DISKS + 1), lambda: classic.route_table(MAX_TABLE_DISKS + 1),
            lambda: classic.is_hamiltonian_path(MAX_TABLE_DISKS + 1, []),
            lambda: classic.disk_moves(hk.Puzzle(MAX_DISK_MOVES_DISKS + 1)),
        ], 0.1),
    ]
    print("The library refuses over its caps:")
    return all([report(label, refused(calls), target) for label, calls, target in cases])


def command() -> bool:
    cases = [["solve", "1" + "0" * 23, "--count"], ["solve", "-3"], ["move", "100000000", "5"],
             ["move", "30", "99**99999999"], ["move", "30", "1" * 10_001], ["state", "-1", "0"],
             ["time", str(MAX_DISKS + 1)], ["time", "10", "--rate", "1e-999999999"],
             ["time", "10", "--rate", "1e999999"], ["time", "10", "--rate", "1/" + "9" * 200],
             ["solve", "100000000000000000"], ["move", "3", "-1"], ["time", "-5"], ["state", "3", "-1"]]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent / "src")}
    wall = time.perf_counter()
    started = [subprocess.Popen([sys.executable, "-m", "hanoikit", *args], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True) for args in cases]
    statuses = [process.communicate(timeout=120) and process.returncode for process in started]
    seconds = time.perf_counter() - wall
    children = os.times()
    assert all(status == 2 for status in statuses), statuses
    print(f"The hanoi command refuses {len(cases)} bad numbers, started at once:")
    return report("all of them", (seconds, children.children_user + children.children_system), 30)


def main() -> None:
    outcomes = [library(), command()]
    print("ALL PASS" if all(outcomes) else "SOME FAIL")


if __name__ == "__main__":
    main()
