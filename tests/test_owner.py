"""Whether the process of an owner record runs (hanoikit.frontier.owner): a zombie has ended, a pid given to a later
process is not its owner's, and without /proc the kernel decides."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import dying
from hanoikit.frontier import make_engine, owner
from hanoikit.frontier.owner import owner_alive, owner_record
from zombie import zombie


def _reaped_pid() -> int:
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(ended.stdout)


def test_a_running_process_is_alive_only_with_its_own_start_time():
    started = owner_record()["started"]
    assert started not in (0, 1)
    assert owner_alive(os.getpid(), started) and owner_alive(os.getpid(), 0) and owner_alive(os.getpid())
    assert not owner_alive(os.getpid(), 1)  # this pid, but another start time


def test_a_zombie_or_a_reaped_process_is_dead():
    with zombie() as pid:
        with open(f"/proc/{pid}/stat") as file:
            assert file.read().rpartition(")")[2].split()[0] == "Z"
        assert not owner_alive(pid) and not owner_alive(pid, 0)
    assert not owner_alive(_reaped_pid())
    assert not owner_alive(0) and not owner_alive(-1)  # never a process group


def test_without_proc_the_kernel_decides(monkeypatch):
    def no_proc(pid: int) -> tuple[str, int] | None:
        raise PermissionError("no /proc here")

    monkeypatch.setattr(owner, "_stat", no_proc)
    assert owner_alive(os.getpid(), 1)  # the start time is not known without /proc
    assert not owner_alive(_reaped_pid())
    assert owner_record() == {"pid": os.getpid(), "started": 0}
    assert owner_alive(1)  # init: another user's process (PermissionError) or, as root, one the kernel signals


_WATCHED = """
import os, subprocess, sys
child = subprocess.Popen([sys.executable, "-c", "import os, time; from hanoikit.frontier.owner import end_with_parent; "
                          "end_with_parent(os.getppid(), every=0.05); print('ready', flush=True); time.sleep(60)"],
                         stdout=subprocess.PIPE, text=True)
child.stdout.readline()
print(child.pid, flush=True)
os.kill(os.getpid(), 9)  # killed outright: the child is left to init
"""


def test_a_worker_ends_with_its_parent_killed_outright():
    ran = subprocess.run([sys.executable, "-c", _WATCHED], capture_output=True, text=True, timeout=60)
    child = int(ran.stdout)
    deadline = time.monotonic() + 10
    while owner_alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not owner_alive(child)


def test_a_process_engines_workers_watch_their_parent():
    with make_engine("processes", workers=1) as engine:
        names = engine.executor.submit(dying.thread_names, None).result(timeout=60)
    assert "hanoikit-parent" in names
