"""Tasks for a process pool's worker that die in ways a pool may not notice, for the tests of the engines' close."""

from __future__ import annotations

import contextlib
import os
import signal
import struct
import sys
import threading
import time
from pathlib import Path


def answer_halfway(share: object) -> None:
    """Die (SIGKILL) in the middle of sending an answer: the pool's answer pipe holds the head of a message of 1 MiB
    and 1,000 of its bytes, and the rest never comes (as when SIGTERM ends a worker while it sends a large result).

    The answer pipe is the ``result_queue`` of CPython's ``concurrent.futures.process._process_worker``, which calls
    the task (perhaps through a wrapper); a message is a 4-byte big-endian length, then the bytes
    (``multiprocessing.connection``).
    """
    frame = sys._getframe(1)
    while "result_queue" not in frame.f_locals:
        frame = frame.f_back  # type: ignore[assignment]
    answers = frame.f_locals["result_queue"]
    os.write(answers._writer.fileno(), struct.pack("!i", 1 << 20) + bytes(1000))
    os.kill(os.getpid(), signal.SIGKILL)


def busy(share: object) -> None:
    """Work (sleep) for a minute: a worker busy with a long share when the search stops."""
    time.sleep(60)


def thread_names(share: object) -> list[str]:
    """The names of the worker's threads."""
    return [thread.name for thread in threading.enumerate()]


def children() -> set[int]:
    """This process's children, zombies included, but not multiprocessing's resource tracker, which stays."""
    pids = {int(pid) for path in Path("/proc/self/task").glob("*/children") for pid in path.read_text().split()}
    return {pid for pid in pids if b"resource_tracker" not in _cmdline(pid)}


def _cmdline(pid: int) -> bytes:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    return b""
