"""Where the frontier search's table lives, and the room it takes: memory, the RAM disk, or a directory.

A table kept in a file (and the rounds' control file beside it) lives in a directory of its own: on the RAM disk
``/dev/shm`` for the engines with worker processes, or in ``--store DIR``. The directory is named after the process
that owns it (``hanoi-frontier-PID-...``) and holds an ``owner.json`` naming that process (pid, start time, host) and
its named semaphores. A search killed with SIGKILL cannot remove them, so :func:`remove_stale_tables` (run by every
search that makes one, and by ``hanoi search --clean``) removes those whose owner is gone; a table of a running
process, of another user or of another machine sharing the directory, or not named this way, is never touched.

>>> from hanoikit import Puzzle
>>> from hanoikit.frontier import Layout
>>> need_room(Layout(Puzzle(5, posts=4)), None)  # a few KiB: there is room
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import stat
import tempfile
import time
from typing import NamedTuple

from ..cache import read_regular
from ..errors import EngineError, InvalidArgumentError, quote
from .layout import Layout
from .owner import owner_alive, owner_record

__all__ = [
    "SHM",
    "WORKER_BYTES",
    "StaleTable",
    "available_memory",
    "directory_path",
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
_OWNER_BYTES = 1 << 16  # the most bytes of an owner record read (it takes about 200)
_SEMAPHORE = re.compile(r"sem\.mp-[A-Za-z0-9_]+")  # the names multiprocessing gives its semaphores, in SHM
_UNOWNED_SECONDS = 60.0  # the age at which a table without its owner record counts as stale


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


def directory_path(path: object, what: str) -> str:
    """``path``, the path of a directory that exists or can be made (a string or path-like, no NUL), as a string;
    else :class:`~hanoikit.InvalidArgumentError` naming ``what``, the option, and saying why.

    >>> directory_path("/", "store")
    '/'
    >>> directory_path("/dev/null", "store")
    Traceback (most recent call last):
    hanoikit.errors.InvalidArgumentError: store '/dev/null' is not a directory
    """
    found = os.fspath(path) if isinstance(path, (str, os.PathLike)) else None
    if not isinstance(found, str) or not found or "\x00" in found:
        raise InvalidArgumentError(f"{what} is the path of a directory, not {quote(path)}")
    try:
        mode = os.stat(found).st_mode
    except FileNotFoundError:  # made when it is needed
        return found
    except UnicodeEncodeError:  # a lone surrogate, not an undecodable byte read back
        raise InvalidArgumentError(f"{what} {quote(found)} is not a name this system's files can have") from None
    except OSError as error:  # a parent is a file, a name too long, no access
        raise InvalidArgumentError(f"{what} {quote(found)}: {error.strerror or error}") from None
    if not stat.S_ISDIR(mode):
        raise InvalidArgumentError(f"{what} {quote(found)} is not a directory")
    return found


def make_shared_table_directory(directory: str | None = None) -> str:
    """A new directory for a table in ``directory`` (default: the RAM disk, if there is one), named after this
    process and holding its ``owner.json``; the caller removes it."""
    where = directory if directory is not None else SHM if os.path.isdir(SHM) else None
    made = tempfile.mkdtemp(prefix=f"{_PREFIX}{os.getpid()}-", dir=where)
    semaphores = _own_semaphores(SHM) if os.path.isdir(SHM) else []
    owner = {**owner_record(), "host": socket.gethostname(), "semaphores": semaphores}
    with open(os.path.join(made, _OWNER), "w") as file:
        json.dump(owner, file)
    return made


def stale_tables(directory: str = SHM) -> list[StaleTable]:
    """The tables in ``directory`` of this user's searches on this machine whose process is gone. A table without
    its owner record (killed before it was written, or being made by another machine's search in a shared
    directory) counts once it is a minute old."""
    found = []
    host = socket.gethostname()
    for name in sorted(os.listdir(directory)) if os.path.isdir(directory) else []:
        named = _OWNED.fullmatch(name)
        path = os.path.join(directory, name)
        try:
            if not named or os.stat(path).st_uid != os.getuid() or not os.path.isdir(path):
                continue
            age = time.time() - os.stat(path).st_mtime
        except OSError:
            continue
        pid = int(named[1])
        try:
            owner = json.loads(read_regular(os.path.join(path, _OWNER), _OWNER_BYTES))
            started, semaphores = int(owner["started"]), [str(name) for name in owner["semaphores"]]
            elsewhere = owner.get("host", host) != host
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
            if age < _UNOWNED_SECONDS:
                continue
            started, semaphores, elsewhere = 0, [], False
        if elsewhere or owner_alive(pid, started):
            continue
        size = 0
        for entry in os.scandir(path):
            try:
                size += entry.stat().st_blocks * 512
            except OSError:
                pass
        left = [name for name in semaphores if _SEMAPHORE.fullmatch(name) and os.path.exists(os.path.join(SHM, name))]
        found.append(StaleTable(path, pid, size, tuple(left)))
    return found


def remove_stale_tables(directory: str = SHM) -> list[StaleTable]:
    """Remove the tables of this user's searches on this machine in ``directory`` whose process is gone (and their
    named semaphores, in :data:`SHM`), and return them."""
    removed = stale_tables(directory)
    for table in removed:
        for name in table.semaphores:
            try:
                os.remove(os.path.join(SHM, name))
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


def need_room(layout: Layout, directory: str | None, memory: int | None = None, *, beside: int = 0) -> None:
    """Raise :class:`~hanoikit.EngineError` unless the table of ``layout`` (two bits a code) and ``beside`` bytes
    of other files (the rounds' control file: :func:`~hanoikit.frontier.rounds.control_bytes`) fit: in
    ``directory``'s file system if given (the free space), else in memory (``memory`` bytes, default
    :func:`available_memory`), with the kernels' tables beside them.

    >>> from hanoikit import Puzzle
    >>> need_room(Layout(Puzzle(12, posts=4)), None, memory=2**25, beside=2**24)  # 4 MiB + 16 MiB: room
    >>> need_room(Layout(Puzzle(12, posts=4)), None, memory=2**25, beside=2**25)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    hanoikit.errors.EngineError: the search needs ... codes and 32.0 MiB for its workers' meetings), more than the ...
    """
    table, kernels = layout.state_bytes, layout.table_bytes
    files = f" and {_size(beside)} for its workers' meetings" if beside else ""
    if directory is not None:
        probe = directory
        while not os.path.exists(probe) and os.path.dirname(probe) != probe:
            probe = os.path.dirname(probe) or "."
        free = shutil.disk_usage(probe).free
        if table + beside > free:
            raise EngineError(
                f"the search's files take {_size(table + beside)} (two bits for each of "
                f"{layout.blocks * layout.block_codes:,} codes{files}), more than the {_size(free)} free in {directory}"
            )
        return
    room = available_memory() if memory is None else memory
    if table + beside + kernels > room:
        raise EngineError(
            f"the search needs {_size(table + beside + kernels)} of memory (two bits for each of "
            f"{layout.blocks * layout.block_codes:,} codes{files}), more than the {_size(room)} this machine has "
            "available: give --store DIR on a disk with room, or a smaller puzzle"
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
