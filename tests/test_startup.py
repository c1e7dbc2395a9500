"""Start-up: a command loads only what its query needs. ``import hanoikit`` loads neither numba nor the command line;
``hanoi distance`` between two 1,000-disk magnetic positions runs the gathering loops interpreted, without numba
(:data:`hanoikit.solvers._gather.LOOPS`), and gets the compiled loops' answer; a command imports its own command
module, ``hanoi --help`` all of them. Timings are in ``benchmarks/bench_startup.py``."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit.cli.app import COMMAND_MODULES
from hanoikit.errors import UnsolvableError
from hanoikit.loops import Loop
from hanoikit.solvers import _gather, magnetic
from strategies import examples

HEAVY = ("numba", "llvmlite", "rich", "click", "sympy", "matplotlib", "networkx", "fastapi", "dask")

_PROBE = """
import contextlib, io, json, sys
args = json.loads(sys.argv[1])
import hanoikit
status = None
if args is not None:
    from hanoikit.cli import main
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(args)
print(json.dumps({"status": status, "out": out.getvalue() if args is not None else "",
                  "modules": sorted(sys.modules)}))
"""


def _probe(args: list[str] | None) -> dict[str, object]:
    """Run ``hanoi ARGS`` (or only ``import hanoikit`` when ``args`` is None) in a fresh Python: its status, its
    output and the modules it loaded."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(args)], capture_output=True, text=True, timeout=120, env=env
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, object] = json.loads(done.stdout)
    return found


def _packages(found: dict[str, object]) -> set[str]:
    modules = found["modules"]
    assert isinstance(modules, list)
    return {name.partition(".")[0] for name in modules}


def _pair(colors: str, n: int, seed: int) -> tuple[hk.MagneticPuzzle, hk.State, hk.State]:
    """Two random positions of an ``n``-disk ``colors`` tower between which there is a solution."""
    puzzle = hk.MagneticPuzzle(n, colors)
    rng = random.Random(seed)
    while True:
        a, b = puzzle.random_state(rng), puzzle.random_state(rng)
        try:
            puzzle.distance(a, b)
        except UnsolvableError:
            continue
        return puzzle, a, b


def _use(monkeypatch: pytest.MonkeyPatch, compiled: bool) -> None:
    """Run every :class:`hanoikit.loops.Loop` compiled, or every one interpreted, whatever its input's length."""
    monkeypatch.setattr(Loop, "__call__", (lambda self, items: self.compiled) if compiled else (
        lambda self, items: self.function))


def test_import_hanoikit_loads_nothing_heavy() -> None:
    assert not _packages(_probe(None)) & set(HEAVY)


@pytest.mark.parametrize("colors", ["NNN", "RBB"])
def test_a_distance_of_1000_disk_magnetic_positions_needs_no_numba(
    colors: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle, a, b = _pair(colors, 1000, 11)
    found = _probe(["distance", str(a), str(b), "--magnetic", colors])
    assert found["status"] == 0
    assert not _packages(found) & {"numba", "llvmlite", "rich"}
    _use(monkeypatch, compiled=True)  # the compiled loops in this process give the same answer
    assert found["out"] == f"{puzzle.distance(a, b)}\n"


def test_a_command_imports_its_own_command_module_only() -> None:
    found = _probe(["distance", "SSIDD", "DDDDD"])
    assert found["out"] == "4\n"
    modules = found["modules"]
    assert isinstance(modules, list)
    loaded = {name.rpartition(".")[2] for name in modules if name.startswith("hanoikit.cli.")}
    assert loaded & set(COMMAND_MODULES) == {"solve"}
    assert not _packages(found) & {"numba", "llvmlite", "rich"}


def test_help_lists_the_commands_of_every_module() -> None:
    found = _probe(["--help"])
    modules = found["modules"]
    assert isinstance(modules, list)
    assert {f"hanoikit.cli.{name}" for name in COMMAND_MODULES} <= set(modules)
    for command in ("solve", "distance", "demo", "search", "markov", "play", "check", "oeis", "reproduce"):
        assert f"\n  {command} " in str(found["out"])


def test_long_runs_and_loaded_processes_take_the_compiled_loops() -> None:
    loop = _gather.LOOPS.levels
    assert loop.compile_at == _gather.COMPILE_FROM
    compiled = loop(_gather.COMPILE_FROM)
    assert compiled is loop.compiled and compiled is not _gather._levels
    assert loop(10) is compiled  # once loaded, the compiled loop serves every run of this process


@settings(max_examples=examples(20))
@given(
    colors=st.sampled_from(hk.VARIANTS),
    n=st.integers(magnetic.FAST_FROM + 56, 700),  # above the closed form's base (55) plus FAST_FROM: the float levels
    seed=st.integers(0, 2**32),
)
def test_interpreted_loops_match_the_compiled_loops(colors: str, n: int, seed: int) -> None:
    """The gathering chains (leg ids and float rows, bit for bit) and the distance are the same whichever loops run."""
    puzzle = hk.MagneticPuzzle(n, colors)
    rng = random.Random(seed)
    a, b = puzzle.random_state(rng), puzzle.random_state(rng)
    results = []
    for compiled in (False, True):
        with pytest.MonkeyPatch.context() as monkeypatch:
            _use(monkeypatch, compiled)
            configs = [magnetic._configs(a), magnetic._configs(b)]
            chains = magnetic._chains(configs, magnetic._base(puzzle), n - 1, keep=n // 2)
            try:
                answer: object = puzzle.distance(a, b)
            except UnsolvableError as error:
                answer = str(error)
            results.append((chains, answer))
    (plain, plain_answer), (compiled, compiled_answer) = results
    assert plain_answer == compiled_answer
    for x, y in zip(plain, compiled):
        assert x.fast == y.fast and np.array_equal(x.cols, y.cols)
        assert np.array_equal(x.ids, y.ids) and np.array_equal(x.rows, y.rows)
