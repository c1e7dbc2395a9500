"""Where the frontier search's table lives, and the room it takes: memory, the RAM disk, or a directory.

The engines with worker processes keep the table in a directory on the RAM disk ``/dev/shm``, named after the process
that owns it (``hanoi-frontier-PID-...``) and holding an ``owner.json`` that also lists the owner's named semaphores.
A search killed with SIGKILL cannot remove them, so :func:`remove_stale_tables` (run by every search that makes one,
and by ``hanoi search --clean``) removes those whose owner is gone; a table of a running process, of another user or
not named this way is never touched.

>>> from hanoikit import Puzzle
>>> from hanoikit.frontier import Layout
>>> need_room(Layout(Puzzle(5, posts=4)), None)  # a few KiB: there is room
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from typing import NamedTuple

from ..errors import EngineError
from .layout import Layout
from .owner import owner_alive, owner_record

__all__ = [
    "SHM",
    "WORKER_BYTES",
    "StaleTable",
    "available_memory",
    "make_shared_table_directory",
    "need_room",
    "need_worker_room",
    "remove_stale_tables",
    "stale_tables",
]

SHM = "/dev/shm"
"""The RAM disk where the engines with worker processes keep the table by default (if the system has one)."""

WORKER_BYTES = 150 * 2**20
"""The memory a local worker process takes (its interpreter, numpy and the compiled kernels), measured."""

_PREFIX = "hanoi-frontier-"
_OWNED = re.compile(re.escape(_PREFIX) + r"(\d+)-[^/]+")
_OWNER = "owner.json"
_SEMAPHORE = re.compile(r"sem\.mp-[A-Za-z0-9_]+")  # the names multiprocessing gives its semaphores


class StaleTable(NamedTuple):
    """A table left on the RAM disk by a search whose process is gone."""

    path: str
    pid: int
    bytes: int  # what it takes on the RAM disk
    semaphores: tuple[str, ...]  # its owner's named semaphores still there


def _own_semaphores(directory: str) -> list[str]:
    """The names in ``directory`` of the named semaphores this process has open (those its mappings share an inode
    with), [] where the system does not say."""
    try:
        with open("/proc/self/maps") as file:
            lines = [line.split() for line in file if "/sem." in line]
    except OSError:
        return []
    inodes = {int(fields[4]) for fields in lines if len(fields) >= 6 and fields[4].isdigit()}
    names = []
    for name in os.listdir(directory):
        try:
            if _SEMAPHORE.fullmatch(name) and os.stat(os.path.join(directory, name)).st_ino in inodes:
                names.append(name)
        except OSError:
            pass
    return sorted(names)


def make_shared_table_directory(directory: str | None = None) -> str:
    """A new directory for a table, on the RAM disk if ``directory`` is not given, named after this process and
    holding its ``owner.json``; the caller removes it."""
    where = directory if directory is not None else SHM if os.path.isdir(SHM) else None
    made = tempfile.mkdtemp(prefix=f"{_PREFIX}{os.getpid()}-", dir=where)
    owner = {**owner_record(), "semaphores": _own_semaphores(os.path.dirname(made))}
    with open(os.path.join(made, _OWNER), "w") as file:
        json.dump(owner, file)
    return made


def stale_tables(directory: str = SHM) -> list[StaleTable]:
    """The tables in ``directory`` of this user's searches whose process is gone."""
    found = []
    for name in sorted(os.listdir(directory)) if os.path.isdir(directory) else []:
        named = _OWNED.fullmatch(name)
        path = os.path.join(directory, name)
        try:
            if not named or os.stat(path).st_uid != os.getuid() or not os.path.isdir(path):
                continue
        except OSError:
            continue
        pid = int(named[1])
        try:
            with open(os.path.join(path, _OWNER)) as file:
                owner = json.load(file)
            started, semaphores = int(owner["started"]), [str(name) for name in owner["semaphores"]]
        except (OSError, ValueError, KeyError, TypeError):  # killed before it was written
            started, semaphores = 0, []
        if owner_alive(pid, started):
            continue
        size = 0
        for entry in os.scandir(path):
            try:
                size += entry.stat().st_blocks * 512
            except OSError:
                pass
        left = [name for name in semaphores if _SEMAPHORE.fullmatch(name) and os.path.exists(f"{directory}/{name}")]
        found.append(StaleTable(path, pid, size, tuple(left)))
    return found


def remove_stale_tables(directory: str = SHM) -> list[StaleTable]:
    """Remove the tables (and named semaphores) of this user's searches in ``directory`` whose process is gone, and
    return them."""
    removed = stale_tables(directory)
    for table in removed:
        for name in table.semaphores:
            try:
                os.remove(os.path.join(directory, name))
            except OSError:
                pass
        shutil.rmtree(table.path, ignore_errors=True)
    return removed


def available_memory() -> int:
    """The bytes of memory this process can still take: what the system says is available, or less if a control
    group limits it."""
    available = 0
    try:
        with open("/proc/meminfo") as file:
            for line in file:
                if line.startswith("MemAvailable:"):
                    available = int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    if not available:
        available = os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    try:
        with open("/sys/fs/cgroup/memory.max") as file:
            limit = file.read().strip()
        with open("/sys/fs/cgroup/memory.current") as file:
            used = int(file.read())
        if limit != "max":
            available = min(available, int(limit) - used)
    except (OSError, ValueError):
        pass
    return max(0, available)


def _size(count: float) -> str:
    """``count`` bytes, for a message.

    >>> _size(2**46), _size(37 * 2**20), _size(512)
    ('64.0 TiB', '37.0 MiB', '512 B')
    """
    for unit in ("B", "KiB", "MiB", "GiB", "TiB", "PiB"):
        if count < 1024 or unit == "PiB":
            return f"{count:.0f} B" if unit == "B" else f"{count:.1f} {unit}"
        count /= 1024
    raise AssertionError  # unreachable


def need_room(layout: Layout, directory: str | None, memory: int | None = None) -> None:
    """Raise :class:`~hanoikit.EngineError` unless the table of ``layout`` (two bits a code) fits: in ``directory``'s
    file system if given (the free space), else in memory (``memory`` bytes, default :func:`available_memory`),
    with the kernels' tables beside it."""
    table, kernels = layout.state_bytes, layout.table_bytes
    if directory is not None:
        probe = directory
        while not os.path.exists(probe) and os.path.dirname(probe) != probe:
            probe = os.path.dirname(probe) or "."
        free = shutil.disk_usage(probe).free
        if table > free:
            raise EngineError(
                f"the search's table takes {_size(table)} (two bits for each of {layout.blocks * layout.block_codes:,}"
                f" codes), more than the {_size(free)} free in {directory}"
            )
        return
    room = available_memory() if memory is None else memory
    if table + kernels > room:
        raise EngineError(
            f"the search needs {_size(table + kernels)} of memory (two bits for each of "
            f"{layout.blocks * layout.block_codes:,} codes), more than the {_size(room)} this machine has available: "
            "give --store DIR on a disk with room, or a smaller puzzle"
        )


def need_worker_room(workers: int, memory: int | None = None) -> None:
    """Raise :class:`~hanoikit.EngineError` unless ``workers`` local worker processes (:data:`WORKER_BYTES` each)
    fit in ``memory`` bytes (default :func:`available_memory`).

    >>> need_worker_room(2, memory=2**30)
    >>> need_worker_room(8, memory=2**30)
    Traceback (most recent call last):
    hanoikit.errors.EngineError: 8 worker processes need about 1.2 GiB of memory, more than the 1.0 GiB available
    """
    room = available_memory() if memory is None else memory
    if workers * WORKER_BYTES > room:
        raise EngineError(
            f"{workers} worker processes need about {_size(workers * WORKER_BYTES)} of memory, more than the "
            f"{_size(room)} available"
        )
