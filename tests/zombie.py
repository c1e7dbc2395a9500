"""A child process that has ended and is not reaped yet (a zombie), for the tests of liveness checks."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator


@contextlib.contextmanager
def zombie() -> Iterator[int]:
    """The pid of a child that has exited but is not reaped inside the block; reaped on leaving it."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    try:
        os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)  # ended, still in the process table
        yield child.pid
    finally:
        child.wait()
