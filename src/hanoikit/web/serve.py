"""The play server: uvicorn on a listening socket, with deadlines for clients that send their request slowly.

uvicorn closes a kept-alive connection idle for :data:`~hanoikit.limits.WEB_KEEP_ALIVE` seconds and h11 refuses
incomplete request headers over :data:`~hanoikit.limits.WEB_MAX_HEADER_BYTES` bytes, but neither times out a client
that sends its headers a byte at a time: :class:`HeaderDeadline` answers 408 and closes a connection whose request
line and headers are not all in :data:`~hanoikit.limits.WEB_HEADER_TIMEOUT` seconds after its first byte (or after
the connection, on a new one), and answers a request it cannot read in the API's error shape. The body's deadline is
the app's (:class:`hanoikit.web.app.BodyLimit`).
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http import HTTPStatus
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..limits import WEB_HEADER_TIMEOUT, WEB_KEEP_ALIVE, WEB_MAX_HEADER_BYTES

__all__ = ["GRACE", "HeaderDeadline", "listen", "running", "server"]


class HeaderDeadline(H11Protocol):
    """uvicorn's h11 protocol with a deadline of :attr:`timeout` seconds on each request's line and headers."""

    timeout: float = WEB_HEADER_TIMEOUT

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._last = self.cycle  # the request before the one whose headers are awaited

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self._deadline is None and (self.cycle is None or self.cycle.response_complete):  # a next request begins
            self._arm()
        super().data_received(data)
        if self.cycle is not self._last:  # uvicorn has read its headers and begun its cycle
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._last = self.cycle
        self._deadline = self.loop.call_later(self.timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        self._close_with(408, f"the request's headers were not sent within {self.timeout:g} s", "RequestTimeout")

    def send_400_response(self, msg: str) -> None:
        """h11 cannot read the request line or headers (malformed, or longer than the limit): a 400 in the API's
        error shape (uvicorn's is plain text)."""
        detail = f"bad request: the request line and headers cannot be read (malformed, or over {WEB_MAX_HEADER_BYTES} "
        self._close_with(400, detail + "bytes)", "BadRequest")

    def _close_with(self, status: int, detail: str, error: str) -> None:
        """Answer ``status`` with ``{"detail": ..., "error": ...}`` and close the connection (outside h11's cycle: no
        request has been read)."""
        if self.transport.is_closing():
            return
        body = json.dumps({"detail": detail, "error": error}).encode()
        head = (
            f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
        )
        self.transport.write(head.encode() + body)
        self.transport.close()


def listen(host: str = "127.0.0.1", port: int = 0) -> socket.socket:
    """A socket bound to ``host``:``port`` (0: a free port) for :func:`server`; raises :class:`OSError`.

    >>> with listen() as sock:
    ...     sock.getsockname()[1] > 0
    True
    """
    # IPPROTO_TCP named, so that asyncio sets TCP_NODELAY on every connection (else each answer waits ~40 ms)
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


GRACE = 3
"""Seconds a stopping server waits for the requests under way (one waiting for a worker still warming, say) before it
cancels them."""


def server(
    app: Any,
    *,
    header_timeout: float = WEB_HEADER_TIMEOUT,
    keep_alive: int = WEB_KEEP_ALIVE,
    **options: Any,
) -> uvicorn.Server:
    """A uvicorn server for ``app`` with the deadlines above, which stops within :data:`GRACE` seconds of being told
    to (``options``: more of :class:`uvicorn.Config`'s)."""
    protocol = type("HeaderDeadline", (HeaderDeadline,), {"timeout": header_timeout})
    config = uvicorn.Config(
        app,
        http=protocol,
        timeout_keep_alive=keep_alive,
        h11_max_incomplete_event_size=WEB_MAX_HEADER_BYTES,
        **{"log_level": "warning", "timeout_graceful_shutdown": GRACE, **options},
    )
    return uvicorn.Server(config)


@contextmanager
def running(app: Any, host: str = "127.0.0.1", startup: float = 120, **options: Any) -> Iterator[str]:
    """Serve ``app`` (see :func:`server`) in a thread on a free port of ``host`` while in the block; yields its URL
    (no trailing slash). For tests and benchmarks: ``hanoi play`` serves in its main thread."""
    sock = listen(host)
    serving = server(app, **options)
    thread = threading.Thread(target=serving.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    began = time.monotonic()
    while not serving.started and thread.is_alive() and time.monotonic() - began < startup:
        time.sleep(0.02)
    try:
        if not serving.started:
            raise RuntimeError("the play server did not start")
        yield f"http://{host}:{sock.getsockname()[1]}"
    finally:
        serving.should_exit = True
        thread.join(timeout=30)
        sock.close()
