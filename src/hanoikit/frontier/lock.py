"""One search at a time in a checkpoint directory: a lock file held while the search runs.

The lock is ``lock.json`` in the directory, held with an exclusive ``flock``, recording its owner (the pid and start
time of :func:`~hanoikit.frontier.owner.owner_record`, and the wall-clock time it was taken) and removed when the
lock is released. The system
releases a ``flock`` when its process ends, however it ends, so the lock of a search killed outright is taken over
by the next one. On a file system without ``flock`` the record decides: a lock whose owner is gone is taken over.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as directory:
...     with DirectoryLock(directory):
...         DirectoryLock(directory)  # doctest: +ELLIPSIS
Traceback (most recent call last):
hanoikit.errors.CheckpointInUseError: ... is in use by another search (process ..., since ...): wait for it to end...
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import socket
import stat
import time
import weakref
from types import TracebackType

from ..errors import CheckpointError, CheckpointInUseError
from .owner import owner_alive, owner_record

__all__ = ["LOCK", "DirectoryLock"]

LOCK = "lock.json"
"""The name of the lock file in a locked directory."""

_NO_FLOCK = {errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL}
_ATTEMPTS = 100  # lock files removed by their owners between our open and our lock, before giving up


class DirectoryLock:
    """Take the lock of ``directory`` (made if missing) for this process, or raise
    :class:`~hanoikit.CheckpointInUseError` at once, naming the process that holds it. Released by :meth:`release`,
    at the end of a ``with`` block, when the object is collected, or when the process ends."""

    def __init__(self, directory: str) -> None:
        os.makedirs(directory, exist_ok=True)
        self.path = os.path.join(directory, LOCK)
        for _ in range(_ATTEMPTS):
            descriptor = self._open()
            try:
                self._take(descriptor, directory)
                if _same_file(descriptor, self.path):  # not a lock file its owner removed meanwhile
                    break
            except BaseException:
                os.close(descriptor)
                raise
            os.close(descriptor)
        else:
            raise self._busy(directory, {})  # its lock file replaced again and again: other searches are at work
        record = {**owner_record(), "host": socket.gethostname(), "since": time.time()}
        os.ftruncate(descriptor, 0)
        os.pwrite(descriptor, json.dumps(record).encode(), 0)
        self._release = weakref.finalize(self, _release, self.path, descriptor)

    def _open(self) -> int:
        """The lock file, opened (made if missing) without blocking; :class:`~hanoikit.CheckpointError` naming it if
        it is no regular file (a FIFO, a directory)."""
        try:
            descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | os.O_CLOEXEC, 0o644)
        except IsADirectoryError:
            raise self._strange("a directory") from None
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            os.close(descriptor)
            raise self._strange("a FIFO" if stat.S_ISFIFO(mode) else "a special file")
        return descriptor

    def _strange(self, kind: str) -> CheckpointError:
        return CheckpointError(f"lock file {self.path} is not a regular file ({kind}): remove it", path=self.path)

    def _take(self, descriptor: int, directory: str) -> None:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise self._busy(directory, _read(descriptor)) from None
        except OSError as error:
            if error.errno not in _NO_FLOCK:
                raise
            owner = _read(descriptor)  # no flock here: the record alone decides
            pid, started = owner.get("pid"), owner.get("started")
            same_host = owner.get("host") == socket.gethostname()
            if isinstance(pid, int) and isinstance(started, int) and (not same_host or owner_alive(pid, started)):
                raise self._busy(directory, owner) from None

    def _busy(self, directory: str, owner: dict[str, object]) -> CheckpointInUseError:
        pid = owner.get("pid", "?")  # "?": the owner is writing its record at this moment
        since = owner.get("since")
        when = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(since)) if isinstance(since, float) else "?"
        return CheckpointInUseError(
            f"checkpoint directory {directory} is in use by another search (process {pid}, since {when}): wait for "
            "it to end or give another directory",
            path=self.path,
            pid=pid if isinstance(pid, int) else 0,
        )

    def release(self) -> None:
        """Let the directory go: remove the lock file, then unlock it."""
        self._release()

    def __enter__(self) -> DirectoryLock:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.release()


def _same_file(descriptor: int, path: str) -> bool:
    try:
        return os.fstat(descriptor).st_ino == os.stat(path).st_ino
    except FileNotFoundError:
        return False


def _release(path: str, descriptor: int) -> None:
    """Remove the lock file while it is still locked (a process that opened it meanwhile sees it is gone), then
    unlock it."""
    try:
        os.remove(path)
    except FileNotFoundError:
        pass
    os.close(descriptor)


def _read(descriptor: int) -> dict[str, object]:
    """The owner record in the lock file (empty if there is none, or it cannot be read)."""
    try:
        record = json.loads(os.pread(descriptor, 4096, 0))
    except (OSError, ValueError):
        return {}
    return record if isinstance(record, dict) else {}
