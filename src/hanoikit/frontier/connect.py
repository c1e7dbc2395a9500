"""A Dask client of a scheduler, or one error line: a connection that fails leaves nothing behind.

A ``distributed.Client`` that cannot connect raises from its constructor with its event-loop thread still running,
sometimes not even closed. The garbage collector finalizes it later, at any moment: its ``__del__`` then closes it and
stops that thread under a lock that a new client holds while its own event loop starts, so a second connection made
in the same process (a CLI run in process, a server, a test suite) could wait for ever. :func:`connect` closes a
client that fails to start, and stops its thread, before it raises; and it bounds the whole start in time (Dask's
own timeout leaves the handshake's reply unbounded: a listener that accepts and stays silent held a client for ever).
"""

from __future__ import annotations

import contextlib
import functools
from typing import Any

from .._extras import require
from ..errors import EngineError

__all__ = ["connect"]


def connect(address: str, seconds: float) -> Any:
    """A Dask client of the scheduler at ``address``, or :class:`~hanoikit.EngineError` within about ``seconds``
    (one attempt, the client closed and its thread stopped).

    >>> try:
    ...     connect("no port", 1)
    ... except EngineError as error:
    ...     print(error)
    cannot reach the Dask scheduler at 'no port': missing port number in address 'no port'
    """
    client = _client_class()  # Dask missing is MissingExtraError, not a scheduler out of reach
    try:
        return client(address, timeout=seconds)
    except Exception as error:  # anything a stranger's listener provokes: a timeout, a refusal, a garbled reply
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise EngineError(f"cannot reach the Dask scheduler at {address!r}: {reason}") from None


@functools.cache
def _client_class() -> type:
    """``distributed.Client``, closing itself when it fails to start (made on first use: Dask is an extra)."""
    distributed = require("distributed", "cluster")

    class Client(distributed.Client):  # type: ignore[misc,name-defined]
        """A Dask client that, when it cannot start, closes and stops its event loop before it raises."""

        def start(self, **kwargs: Any) -> None:
            kwargs.setdefault("callback_timeout", self._timeout)  # the whole start: Dask waits for a handshake's
            try:  # reply without a limit (a listener that accepts and stays silent held it for ever)
                super().start(**kwargs)
            except BaseException:
                self._discard()
                raise

        def _discard(self) -> None:
            with contextlib.suppress(Exception):  # a loop that never ran, a close that timed out
                self.close(timeout=self._timeout)
            with contextlib.suppress(Exception):
                self._loop_runner.stop()  # close() leaves it running when the failed start closed the client
            self.status = "closed"  # so that ``__del__``, whenever it runs, does nothing

    return Client
