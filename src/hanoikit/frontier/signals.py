"""SIGINT, SIGTERM and SIGHUP held while the search's compiled kernels run, and delivered between two of their calls.

A Python signal handler that raises inside a compiled (numba) call leaves the call returning a result with an
exception set (``SystemError``), not the exception. :class:`DeferredSignals` therefore only notes the signal while
the search runs; :meth:`DeferredSignals.check`, called at every layer and block boundary, puts the handlers that were
there back and raises the signal again, so that they act on it as usual (``KeyboardInterrupt``, the command line's
exit 143 or 129, or the default action) with the search's cleanup done on the way out. A kernel call is short (a
block, or a bounded number of expansions), so a signal waits a second or so at most.

>>> import os, signal
>>> previous = signal.signal(signal.SIGTERM, lambda number, frame: print("delivered"))
>>> with DeferredSignals() as held:
...     os.kill(os.getpid(), signal.SIGTERM)
...     print("held", held.pending == signal.SIGTERM)
...     held.check()
held True
delivered
>>> _ = signal.signal(signal.SIGTERM, previous)
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any, Self

__all__ = ["SIGNALS", "DeferredSignals"]

SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
"""The signals held: Ctrl-C, a polite request to stop and a closed terminal."""


class DeferredSignals:
    """Hold :data:`SIGNALS` inside the ``with`` block (in the main thread; elsewhere signals do not arrive); see the
    module docstring. On leaving the block, also by an exception, a signal still pending is delivered."""

    def __init__(self) -> None:
        self.pending: int | None = None
        self._previous: dict[int, Any] = {}

    def __enter__(self) -> Self:
        if threading.current_thread() is threading.main_thread():
            for number in SIGNALS:
                self._previous[number] = signal.signal(number, self._hold)
        return self

    def _hold(self, number: int, frame: FrameType | None) -> None:
        if self.pending is None:
            self.pending = number

    def check(self) -> None:
        """Deliver a signal that arrived since the block began, to the handlers that were there before it."""
        if self.pending is not None:
            self._restore()
            number, self.pending = self.pending, None
            signal.raise_signal(number)  # the handler runs now, as the call returns

    def checking(self, update: Callable[[int, int], None]) -> Callable[[int, int], None]:
        """``update`` (a progress callback, called at every boundary) that first calls :meth:`check`."""

        def checked(done: int, layer: int) -> None:
            self.check()
            update(done, layer)

        return checked

    def _restore(self) -> None:
        for number, handler in self._previous.items():
            signal.signal(number, handler)
        self._previous = {}

    def __exit__(self, *exc: object) -> None:
        self._restore()
        self.check()  # also on an error, which the signal may have caused (a worker it ended): it says why
