"""Failed connections to a Dask scheduler, several in one process (as the CLI runs in process under test): each is
one error, and none leaves a client whose finalizer can hang a later one.

A ``distributed.Client`` that failed to connect used to stay half-built until the garbage collector ran its
``__del__``, which stops its event loop under the lock that a new client holds while its own loop starts: a collection
at that moment waited for ever (seen as ``test_cli_hostile`` hanging). The script below makes the moment happen on
purpose, in a child process bounded in time, so that the old behaviour fails the test instead of blocking the suite.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
import threading

import pytest

import hanoikit as hk
from hanoikit.frontier.connect import connect

pytest.importorskip("distributed")

_SCRIPT = textwrap.dedent(
    """
    import contextlib, gc, io, socket, sys, threading

    from distributed.utils import LoopRunner

    from hanoikit.cli import main
    from hanoikit.frontier import engines

    engines.CLUSTER_CONNECT_SECONDS = 1

    def listener(reply):
        # a TCP port on 127.0.0.1 that is not a Dask scheduler: it sends `reply` and hangs up, or (None) stays silent
        server = socket.create_server(("127.0.0.1", 0))
        held = []
        def serve():
            while True:
                try:
                    conn, _ = server.accept()
                except OSError:
                    return
                if reply is None:
                    held.append(conn)
                else:
                    conn.sendall(reply)
                    conn.close()
        threading.Thread(target=serve, daemon=True).start()
        return server, f"tcp://127.0.0.1:{server.getsockname()[1]}"

    servers = [listener(b"HTTP/1.0 200 OK\\r\\n\\r\\nnot dask\\n"), listener(b""), listener(None)]
    addresses = ["tcp://127.0.0.1:1", "notaurl", "tcp://[::1", *[address for _, address in servers]]
    for address in addresses:
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            status = main(["search", "3", "--cluster", address])
        print(status, err.getvalue().count("\\n"), "cannot reach the Dask scheduler" in err.getvalue(), flush=True)
    for server, _ in servers:
        server.close()
    with LoopRunner._lock:  # the moment a new client starts its event loop: nothing left may need this lock
        gc.collect()
    print("loops", sum(thread.name == "IO loop" for thread in threading.enumerate()), flush=True)
    """
)


def test_failed_connections_leave_nothing_that_can_hang_the_next():
    child = subprocess.Popen([sys.executable, "-c", _SCRIPT], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = child.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        child.kill()
        out, err = child.communicate()
        pytest.fail(f"failed Dask connections hung the process; it printed:\n{out}")
    assert child.returncode == 0, err
    lines = out.splitlines()
    assert lines[:-1] == ["2 1 True"] * 6 and lines[-1] == "loops 0", out


def _loops() -> int:
    return sum(thread.name == "IO loop" for thread in threading.enumerate())


def test_a_failed_connection_is_an_engine_error_and_stops_its_loop():
    loops = _loops()
    with pytest.raises(hk.EngineError, match=re.escape("cannot reach the Dask scheduler at 'tcp://127.0.0.1:1'")):
        connect("tcp://127.0.0.1:1", 1)
    assert _loops() == loops


def test_dask_missing_is_a_missing_extra_not_a_scheduler_out_of_reach(monkeypatch):
    from hanoikit.frontier import connect as module

    def missing(name, extra):
        raise hk.MissingExtraError(f"this needs {name}: pip install 'hanoikit[{extra}]'")

    monkeypatch.setattr(module, "require", missing)
    module._client_class.cache_clear()
    try:
        with pytest.raises(hk.MissingExtraError, match=re.escape("hanoikit[cluster]")):
            connect("tcp://127.0.0.1:1", 1)
    finally:
        module._client_class.cache_clear()
