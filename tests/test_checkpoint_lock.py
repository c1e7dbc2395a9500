"""One search at a time in a checkpoint directory: a second search (in this process or another) is refused at once,
naming the owner, and writes nothing; a lock whose owner is gone, even killed outright, is taken over."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import hanoikit as hk
from clirun import run
from hanoikit import Puzzle
from hanoikit.frontier import Layout, frontier_search
from hanoikit.frontier.checkpoint import Checkpoint
from hanoikit.frontier.lock import LOCK, DirectoryLock
from hanoikit.frontier.owner import owner_record

PUZZLE = Puzzle(5, posts=4, moves="linear")
HANOI = [sys.executable, "-c", "import sys; from hanoikit.cli import main; sys.exit(main(sys.argv[1:]))"]
_HOLD = "import sys, time; from hanoikit.frontier.lock import DirectoryLock; l = DirectoryLock(sys.argv[1]); " \
        "print('held', flush=True); time.sleep(120)"


def _checkpoint(directory: Path) -> Checkpoint:
    layout = Layout(PUZZLE)
    return Checkpoint(str(directory), layout, layout.encode(PUZZLE.start), layout.encode(PUZZLE.goal))


def _files(directory: Path) -> dict[str, bytes]:
    return {str(path.relative_to(directory)): path.read_bytes() for path in directory.rglob("*") if path.is_file()}


def _holder(directory: Path) -> subprocess.Popen[str]:
    """Another process holding the lock of ``directory``, once this returns."""
    holder = subprocess.Popen([sys.executable, "-c", _HOLD, str(directory)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    return holder


def test_a_second_checkpoint_of_one_directory_is_refused_until_the_first_is_closed(tmp_path: Path) -> None:
    first = _checkpoint(tmp_path)
    record = json.loads((tmp_path / LOCK).read_text())
    assert record["pid"] == os.getpid() and record["started"] == owner_record()["started"]
    with pytest.raises(hk.CheckpointInUseError) as refused:
        _checkpoint(tmp_path)
    assert refused.value.pid == os.getpid() and refused.value.path == str(tmp_path / LOCK)
    assert f"in use by another search (process {os.getpid()}" in str(refused.value)
    assert isinstance(refused.value, hk.CheckpointError)
    first.close()
    assert not (tmp_path / LOCK).exists()
    _checkpoint(tmp_path).close()


def test_a_search_finished_or_refused_lets_the_directory_go(tmp_path: Path) -> None:
    whole = frontier_search(PUZZLE, checkpoint=str(tmp_path), checkpoint_every=0)
    assert not (tmp_path / LOCK).exists()
    (tmp_path / "state.json").write_text("{}")  # damaged: refused, and the directory left as it was
    before = _files(tmp_path)
    with pytest.raises(hk.CheckpointError):
        frontier_search(PUZZLE, checkpoint=str(tmp_path))
    assert _files(tmp_path) == before
    assert whole.reachable == 4**5


def test_a_search_while_another_process_holds_the_directory_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    holder = _holder(tmp_path)
    try:
        before = _files(tmp_path)
        began = time.monotonic()
        with pytest.raises(hk.CheckpointInUseError) as refused:
            frontier_search(PUZZLE, checkpoint=str(tmp_path))
        assert time.monotonic() - began < 5  # at once, not after waiting
        assert refused.value.pid == holder.pid
        assert _files(tmp_path) == before
    finally:
        holder.kill()
        holder.wait()
    # killed outright: its lock file stays, and the next search takes it over
    assert json.loads((tmp_path / LOCK).read_text())["pid"] == holder.pid
    assert frontier_search(PUZZLE, checkpoint=str(tmp_path)).reachable == 4**5
    assert not (tmp_path / LOCK).exists()


def test_without_flock_the_owner_record_decides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_flock(descriptor: int, operation: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(fcntl, "flock", no_flock)
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = {"pid": int(ended.stdout), "started": 1, "host": os.uname().nodename, "since": 0.0}
    (tmp_path / LOCK).write_text(json.dumps(dead))
    lock = DirectoryLock(str(tmp_path))  # the owner is gone: taken over
    assert json.loads((tmp_path / LOCK).read_text())["pid"] == os.getpid()
    with pytest.raises(hk.CheckpointInUseError):
        DirectoryLock(str(tmp_path))  # this process is alive
    lock.release()
    elsewhere = {**dead, "host": "another-machine"}  # a process on another machine cannot be checked: in use
    (tmp_path / LOCK).write_text(json.dumps(elsewhere))
    with pytest.raises(hk.CheckpointInUseError):
        DirectoryLock(str(tmp_path))


def _refusal(err: str) -> str:
    """``err`` without the notice of tables removed that searches killed elsewhere on this machine left in /dev/shm."""
    return "".join(line for line in err.splitlines(keepends=True) if not line.startswith("hanoi: removed "))


def test_the_command_line_refuses_a_second_search_of_a_directory_in_one_line(tmp_path: Path, capsys) -> None:
    holder = _holder(tmp_path)
    try:
        status, out, err = run(["search", "5", "--posts", "4", "--checkpoint", str(tmp_path)], capsys)
        assert status == 2 and not out
        err = _refusal(err)
        assert err.count("\n") == 1 and err.startswith(f"hanoi: checkpoint directory {tmp_path} is in use"), err
        assert f"process {holder.pid}," in err
        status, out, err = run(["search", "5", "--posts", "4", "--resume", str(tmp_path)], capsys)
        assert status == 2 and "no checkpoint" in err  # nothing to resume yet: said before the lock is asked
    finally:
        holder.kill()
        holder.wait()


@pytest.mark.slow
def test_two_hanoi_searches_of_one_checkpoint_directory(tmp_path: Path) -> None:
    args = ["search", "14", "--posts", "4", "--checkpoint", str(tmp_path), "--checkpoint-every", "3600"]
    first = subprocess.Popen([*HANOI, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "state.json").exists() and first.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert first.poll() is None, first.communicate()
        second = subprocess.run([*HANOI, *args], capture_output=True, text=True, timeout=60)
        assert second.returncode == 2 and second.stdout == ""
        err = _refusal(second.stderr)
        assert err.count("\n") == 1 and f"in use by another search (process {first.pid}," in err, err
    finally:
        first.send_signal(signal.SIGTERM)
        first.communicate(timeout=60)
    assert first.returncode == 143
