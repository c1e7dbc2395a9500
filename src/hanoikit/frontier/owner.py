"""Processes by their owner records: who owns a table or a lock, and whether a search's worker still runs.

A pid alone may name a later process that got the same pid; a pid and the time the process started (clock ticks
after boot, from ``/proc``) name one process. A process that has ended but is not yet reaped (a zombie) has ended.

>>> import os
>>> record = owner_record()
>>> record["pid"] == os.getpid(), owner_alive(record["pid"], record["started"])
(True, True)
"""

from __future__ import annotations

import os
import threading
import time

__all__ = ["end_with_parent", "owner_alive", "owner_record"]

_ENDED = ("Z", "X")  # /proc's states of a process that has ended: a zombie, dead


def _stat(pid: int) -> tuple[str, int] | None:
    """The state letter of process ``pid`` and when it started (0 if unknown), from ``/proc``; ``None`` if there is
    no such process. Raises :class:`OSError` where ``/proc`` does not say."""
    try:
        with open(f"/proc/{pid}/stat") as file:
            fields = file.read().rpartition(")")[2].split()
    except FileNotFoundError:
        return None
    try:
        return fields[0], int(fields[19])
    except (ValueError, IndexError):
        return (fields[0] if fields else "?"), 0


def owner_record() -> dict[str, int]:
    """This process as an owner record names it: its ``pid`` and when it ``started`` (which tell it from a later
    process given the same pid)."""
    pid = os.getpid()
    try:
        found = _stat(pid)
    except OSError:
        found = None
    return {"pid": pid, "started": 0 if found is None else found[1]}


def owner_alive(pid: int, started: int = 0) -> bool:
    """Whether the process of an owner record (``pid``, ``started``: 0 if unknown) still runs on this machine: not
    if it has ended (a zombie too) or its pid went to a process that started at another time. Where ``/proc`` does
    not say, the kernel decides (a process of another user counts as running).

    >>> owner_alive(0), owner_alive(-1)
    (False, False)
    """
    if pid <= 0:
        return False
    try:
        found = _stat(pid)
    except OSError:  # no /proc: ask the kernel
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:  # another user's process
            pass
        return True
    if found is None:
        return False
    state, now = found
    return state not in _ENDED and not (started and now and now != started)


def end_with_parent(parent: int, every: float = 1.0) -> None:
    """In a worker process: end it (``os._exit``) within ``every`` seconds once its parent ``parent`` (a pid) is gone,
    killed outright without stopping its workers, which would otherwise run on for ever (a pool's worker holds its own
    end of the pipe it waits on). A daemon thread watches whose child this process is."""
    threading.Thread(target=_orphaned, args=(parent, every), daemon=True, name="hanoikit-parent").start()


def _orphaned(parent: int, every: float) -> None:
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(0)
