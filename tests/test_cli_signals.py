"""Signals in real processes (issue 35): SIGHUP (a closed terminal) ends a command as SIGTERM does, exit status 129
and one line, its temporary files and its table removed; SIGTERM while a Dask LocalCluster starts leaves neither a
warning of leaked semaphores nor Dask's working files; a signal after the work is done never kills the process without
a word. Each run checks the exit status, the lines on stderr and what is left in the working directory, the temporary
directory, ``/dev/shm`` and the store."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import hanoikit

_SOURCE = str(Path(hanoikit.__file__).resolve().parents[1])
_SHM = Path("/dev/shm")


def _start(args: list[str], cwd: Path, code: str | None = None) -> subprocess.Popen[str]:
    """``hanoi ARGS`` (or the Python ``code`` given) in a new process, its temporary directory ``cwd/tmp``."""
    (cwd / "tmp").mkdir()
    command = [sys.executable, "-m", "hanoikit", *args] if code is None else [sys.executable, "-c", code, *args]
    return subprocess.Popen(
        command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": _SOURCE, "TMPDIR": str(cwd / "tmp")},
    )


def _when(ready: Callable[[], bool], process: subprocess.Popen[str], seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not ready():
        assert process.poll() is None and time.monotonic() < deadline, process.communicate()
        time.sleep(0.02)


def _ended(process: subprocess.Popen[str]) -> tuple[int, str]:
    _, err = process.communicate(timeout=120)
    return process.returncode, err


def _left_in_shm(pid: int) -> list[str]:
    return [path.name for path in _SHM.glob(f"hanoi-frontier-{pid}-*")] if _SHM.is_dir() else []


def test_a_hangup_removes_the_set_half_written(tmp_path: Path) -> None:
    process = _start(["generate", "--count", "1000000", "--out", "set.jsonl"], tmp_path)
    _when(lambda: any(path.name.startswith(".hanoikit-") for path in tmp_path.iterdir()), process)
    process.send_signal(signal.SIGHUP)
    assert _ended(process) == (129, "hanoi: hung up\n")
    assert sorted(path.name for path in tmp_path.rglob("*")) == ["tmp"]


def test_a_hangup_removes_the_table_from_the_store(tmp_path: Path) -> None:
    (tmp_path / "store").mkdir()
    process = _start(["search", "11", "--posts", "4", "--store", "store"], tmp_path)
    _when(lambda: any((tmp_path / "store").rglob("table.bin")), process)
    process.send_signal(signal.SIGHUP)
    assert _ended(process) == (129, "hanoi: hung up\n")
    assert sorted(path.name for path in tmp_path.rglob("*")) == ["store", "tmp"]
    assert _left_in_shm(process.pid) == []


_TERMINATED_STARTING = """
import os, signal, sys, threading
import distributed
from hanoikit.cli import main
start, delay = distributed.LocalCluster.__init__, float(sys.argv.pop(1))
def starting(self, *args, **kwargs):  # SIGTERM while the cluster starts, its scheduler up and its workers coming
    threading.Timer(delay, os.kill, (os.getpid(), signal.SIGTERM)).start()
    return start(self, *args, **kwargs)
distributed.LocalCluster.__init__ = starting
main()
"""


@pytest.mark.slow
@pytest.mark.parametrize("after", [0.3, 1.0])
def test_a_signal_while_a_dask_cluster_starts_leaves_nothing(tmp_path: Path, after: float) -> None:
    pytest.importorskip("distributed")
    args = [str(after), "search", "9", "--posts", "4", "--workers", "2"]
    process = _start(args, tmp_path, code=_TERMINATED_STARTING)
    status, err = _ended(process)  # the resource tracker's warnings, if any, come before the pipe's end
    assert (status, err) == (143, "hanoi: terminated\n")
    assert sorted(path.name for path in tmp_path.rglob("*")) == ["tmp"]  # no dask-scratch-space
    assert _left_in_shm(process.pid) == []


@pytest.mark.slow
def test_an_interruption_once_the_report_is_written_ends_in_a_word(tmp_path: Path) -> None:
    """The output is written when the work is done: an interruption then may say so (130) or come too late (0), but
    never kills the process silently (it did in the seconds the interpreter took to end)."""
    process = _start(["reproduce", "--out", "report"], tmp_path)
    assert process.stdout is not None and process.stdout.readline().startswith("wrote ")
    process.send_signal(signal.SIGINT)
    status, err = _ended(process)
    assert (status, err) in {(0, ""), (130, "hanoi: interrupted\n")}
    assert sorted(path.name for path in tmp_path.iterdir()) == ["report", "tmp"]
    assert (tmp_path / "report" / "report.html").is_file()
