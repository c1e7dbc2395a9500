"""Timing helpers shared by the benchmark scripts (run them from the repository root: python benchmarks/bench_*.py)."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def timed(function: Callable[[], T], repeat: int = 1) -> tuple[float, T]:
    """The median wall-clock seconds of ``repeat`` calls, and the last call's result."""
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - began)
    return statistics.median(times), result


def best(function: Callable[[], object], repeat: int = 3) -> float:
    """The fastest of ``repeat`` calls, in seconds."""
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        function()
        times.append(time.perf_counter() - began)
    return min(times)


def wall_and_cpu(function: Callable[[], object], repeat: int = 3) -> tuple[float, float]:
    """The fastest wall-clock and processor seconds of ``repeat`` calls: on a shared machine (see the load each
    benchmark prints first) the wall-clock time also counts the time other processes hold the cores."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        function()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def in_checkout(script: str, src: str, *args: str) -> Any:
    """What ``script`` (a benchmark's ``__file__``) prints as JSON on its last line, run with ``args`` in a fresh
    process on the checkout whose ``src`` folder is ``src``: the way a benchmark measures this checkout against
    others side by side."""
    out = subprocess.run([sys.executable, script, *args], env={**os.environ, "PYTHONPATH": src}, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.splitlines()[-1])


def verdict(ok: bool) -> str:
    """``PASS`` or ``FAIL``, as every benchmark prints it against its target."""
    return "PASS" if ok else "FAIL"
