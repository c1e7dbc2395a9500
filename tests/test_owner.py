"""Whether the process of an owner record runs (hanoikit.frontier.owner): a zombie has ended, a pid given to a later
process is not its owner's, and without /proc the kernel decides."""

from __future__ import annotations

import os
import subprocess
import sys

from hanoikit.frontier import owner
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
