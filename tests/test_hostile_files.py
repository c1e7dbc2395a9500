"""Files that are not what they seem, in every place a cache or a checkpoint keeps one (issue 35): a FIFO (which
blocked the reader for ever), a link to ``/dev/zero`` (read without bound), a directory, an empty, truncated or
flipped file. A cache file of any of these is a miss (the answer is that of a clean cache, the file rebuilt where it
can be); a checkpoint file is refused in one line naming it, exit status 2.

The FIFO and ``/dev/zero`` run in a child process bounded in time and memory (``RLIMIT_AS``), so that a regression
fails the test instead of hanging the suite or exhausting the machine; the rest runs in process. (Empty, truncated and
flipped pattern tables and numba files are in tests/test_pdb_cache.py and tests/test_jit_cache.py.)
"""

from __future__ import annotations

import importlib
import json
import os
import resource
import shutil
import stat
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

import hanoikit
from clirun import run
from hanoikit import Puzzle, cache
from hanoikit.frontier import frontier_search
from hanoikit.frontier.checkpoint import _state_bytes
from hanoikit.frontier.layout import Layout
from hanoikit.solvers import _levels

_SOURCE = str(Path(hanoikit.__file__).resolve().parents[1])
_MEMORY = 2 << 30  # address space of a child: about 5 times what it needs (a read of /dev/zero would pass it)
_SECONDS = 120  # a child's time (about 2-8 s on a loaded 2-core machine)

PUZZLE = Puzzle(5, posts=4, moves="linear")
SEARCH = ["search", "5", "--posts", "4", "--moves", "linear"]


def _bounded() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (_MEMORY, _MEMORY))


def _child(code: str, cwd: Path, args: tuple[str, ...] = (), **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` (with the arguments ``args``) in a new interpreter with this checkout's hanoikit, bounded in time
    and memory."""
    environment = {**os.environ, "PYTHONPATH": _SOURCE, **env}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), *args], cwd=cwd, env=environment, capture_output=True, text=True,
        timeout=_SECONDS, preexec_fn=_bounded,
    )


def _replace(path: Path, kind: str) -> None:
    """Put a hostile ``kind`` of file in the place of the file ``path``."""
    data = path.read_bytes()
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "directory":
        path.mkdir()
        (path / "inside").write_text("a directory that is not empty: it cannot be removed")
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "truncated":
        path.write_bytes(data[: len(data) // 2])
    else:
        flipped = bytearray(data)
        flipped[len(data) // 2] ^= 0x10
        path.write_bytes(bytes(flipped))


# -- caches ---------------------------------------------------------------------------------------------------------

_CACHES: dict[str, tuple[str, str]] = {
    "levels": (  # the magnetic tower's levels (marshal)
        "from hanoikit.solvers._levels import complete_levels\nlevels = complete_levels()\nprint(len(levels), "
        "levels[-1][0][:4])",
        "magnetic-levels-*.marshal",
    ),
    "pattern": (  # a pattern database (an array)
        "from hanoikit import Puzzle, State\nfrom hanoikit.solvers import pdb\n"
        "table = pdb.pattern_table(Puzzle(5, posts=4), State([3, 1, 2, 0, 3], post_count=4))\n"
        "print(int(table.sum()), table.dtype)",
        "pdb/*.table",
    ),
    "numba index": ("import jitted\nprint(jitted.triple(14))", "__pycache__/jitted.triple-*.nbi"),
    "numba data": ("import jitted\nprint(jitted.triple(14))", "__pycache__/jitted.triple-*.nbc"),
}

_JITTED = "from hanoikit._jit import njit\n\n\n@njit(cache=True)\ndef triple(x):\n    return 3 * x\n"


_QUICK = {"levels", "numba index"}
"""The caches checked by default: each child takes seconds (a new interpreter, numba); the rest are marked slow."""


@pytest.mark.parametrize(
    "name", [pytest.param(name, marks=[] if name in _QUICK else [pytest.mark.slow]) for name in sorted(_CACHES)]
)
def test_a_cache_file_that_is_no_regular_file_is_a_miss(tmp_path: Path, name: str) -> None:
    """The cache file made by a clean run is replaced by a FIFO, and the next run's answer is the clean one (the file
    built again in its place); then the same with a link to ``/dev/zero``. One clean run serves both kinds."""
    code, pattern = _CACHES[name]
    (tmp_path / "jitted.py").write_text(_JITTED)
    env = {"HANOIKIT_CACHE_DIR": str(tmp_path), "PYTHONPATH": f"{_SOURCE}:{tmp_path}"}
    clean = _child(code, tmp_path, **env)
    assert clean.returncode == 0 and clean.stdout, clean.stderr
    (path,) = tmp_path.glob(pattern)
    for kind in ("fifo", "zero"):
        _replace(path, kind)
        again = _child(code, tmp_path, **env)
        assert (again.returncode, again.stdout, again.stderr) == (0, clean.stdout, ""), kind
        assert stat.S_ISREG(path.lstat().st_mode), kind  # built again, and stored in its place


def test_a_marshal_table_that_is_damaged_or_a_directory_is_built_again(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path))
    clean = _levels.complete_levels()
    (path,) = tmp_path.glob("magnetic-levels-*.marshal")
    for kind in ("empty", "truncated", "flipped", "directory"):
        _replace(path, kind)
        assert _levels.complete_levels() == clean, kind
        assert path.is_file() != (kind == "directory"), kind  # a full directory stays: the table is not kept


def test_a_marshal_table_larger_than_its_bound_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path))
    clean = _levels.complete_levels()
    (path,) = tmp_path.glob("magnetic-levels-*.marshal")
    monkeypatch.setattr(_levels, "_LEVELS_BYTES", path.stat().st_size - 1)
    built: list[int] = []
    solve = _levels._solve_complete_levels
    monkeypatch.setattr(_levels, "_solve_complete_levels", lambda: built.append(1) or solve())
    assert _levels.complete_levels() == clean and built == [1]


def test_a_numba_cache_file_replaced_by_a_directory_leaves_the_code_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "jitted_dir.py").write_text(_JITTED)
    monkeypatch.syspath_prepend(str(tmp_path))

    def triple() -> tuple[int, int]:  # the answer, and whether it was compiled (as in a new process)
        sys.modules.pop("jitted_dir", None)
        importlib.invalidate_caches()
        module = importlib.import_module("jitted_dir")
        return module.triple(14), sum(module.triple.stats.cache_misses.values())

    try:
        assert triple() == (42, 1)
        for suffix in ("nbi", "nbc"):
            (path,) = tmp_path.glob(f"__pycache__/jitted_dir.triple-*.{suffix}")
            _replace(path, "directory")
            assert triple() == (42, 1), suffix  # compiled, and not kept: no error
            shutil.rmtree(path)
            assert triple() == (42, 1) and path.is_file()  # stored again
    finally:
        sys.modules.pop("jitted_dir", None)


# -- checkpoints ----------------------------------------------------------------------------------------------------


class _Killed(Exception):
    pass


def _checkpoint(directory: Path) -> None:
    """A checkpoint of the command line's search of PUZZLE, killed after layer 5."""

    def on_layer(done: int) -> None:
        if done >= 5:
            raise _Killed

    with pytest.raises(_Killed):
        frontier_search(PUZZLE, checkpoint=str(directory), checkpoint_every=0, on_layer=on_layer)


_CHECKPOINT_FILES: dict[str, Callable[[Path], Path]] = {
    "state": lambda directory: directory / "state.json",
    "frontier": lambda directory: next(directory.glob("frontier-*.npz")),
    "block": lambda directory: max(directory.glob("blocks/*.bin"), key=lambda path: path.stat().st_mtime),
}


def _refused(status: int, out: str, err: str, path: Path) -> None:
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert err.startswith("hanoi: checkpoint file ") and f" {path} " in err, err


_RESUMES = """
import contextlib, io, json, sys
from hanoikit.cli import main
ran = []
for directory in json.loads(sys.argv[1]):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main([*json.loads(sys.argv[2]), "--resume", directory])
    ran.append([status, out.getvalue(), err.getvalue()])
print(json.dumps(ran))
"""


def test_a_checkpoint_file_that_is_no_regular_file_is_refused_naming_it(tmp_path: Path) -> None:
    """Each checkpoint file in turn replaced by a FIFO or a link to ``/dev/zero``: ``hanoi search --resume`` refuses
    it in one line naming it. The six resumes run one after the other in one child process (bounded as each was)."""
    cases = [(name, kind) for name in sorted(_CHECKPOINT_FILES) for kind in ("fifo", "zero")]
    paths = []
    for name, kind in cases:
        _checkpoint(tmp_path / f"{name}-{kind}")
        path = _CHECKPOINT_FILES[name](tmp_path / f"{name}-{kind}")
        _replace(path, kind)
        paths.append(path.relative_to(tmp_path))
    directories = json.dumps([f"{name}-{kind}" for name, kind in cases])
    child = _child(_RESUMES, tmp_path, (directories, json.dumps(SEARCH)))
    assert child.returncode == 0 and child.stderr == "", child.stderr
    for (name, kind), path, (status, out, err) in zip(cases, paths, json.loads(child.stdout), strict=True):
        _refused(status, out, err, path)
        assert "not a regular file" in err, (name, kind, err)


@pytest.mark.parametrize("kind", ["directory", "empty", "truncated", "flipped"])
@pytest.mark.parametrize("name", sorted(_CHECKPOINT_FILES))
def test_a_damaged_checkpoint_file_is_refused_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        name: str, kind: str) -> None:
    _checkpoint(tmp_path)
    path = _CHECKPOINT_FILES[name](tmp_path)
    _replace(path, kind)
    _refused(*run([*SEARCH, "--resume", str(tmp_path)], capsys), path)


@pytest.mark.parametrize("text", [b"[" * 200_000, b'{"a":' * 200_000, b" " * (_state_bytes(Layout(PUZZLE)) + 1)])
def test_a_state_file_too_deep_or_too_large_is_refused_before_it_is_parsed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: bytes
) -> None:
    _checkpoint(tmp_path)
    (tmp_path / "state.json").write_bytes(text)
    status, out, err = run([*SEARCH, "--resume", str(tmp_path)], capsys)
    _refused(status, out, err, tmp_path / "state.json")
    assert "nested too deep" in err or "larger than" in err


def test_stale_checkpoint_files_that_are_directories_are_ignored(tmp_path: Path) -> None:
    whole = frontier_search(PUZZLE)
    _checkpoint(tmp_path)
    for stale in (tmp_path / "frontier-99.npz", tmp_path / "blocks" / "0-99.bin"):
        stale.mkdir()
        (stale / "inside").write_text("x")
    resumed = frontier_search(PUZZLE, checkpoint=str(tmp_path))
    assert resumed.layer_sizes == whole.layer_sizes


@pytest.mark.parametrize("kind", ["fifo", "directory", "zero"])
def test_a_lock_file_that_is_no_regular_file_is_refused_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                  kind: str) -> None:
    _checkpoint(tmp_path)
    lock = tmp_path / "lock.json"
    lock.write_text("{}")
    _replace(lock, kind)
    status, out, err = run([*SEARCH, "--resume", str(tmp_path)], capsys)
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert err.startswith(f"hanoi: lock file {lock} is not a regular file"), err
