"""``hanoi play`` from a cold start (issue 33): how long until the address, the page, the first hint of the page's
first game (answered at once: in the server's own threads while the workers warm) and the first hint of a cold member
(10 disks, 4 posts, linear moves: its tables built on that hint), on a quiet machine and with the cores busy; side by
side with the previous way, which warmed the tables before it served anything (the address printed at once, the page
answered only after the warm-up). With ``--fresh-install`` numba's compiled code is kept in an empty folder too
(``NUMBA_CACHE_DIR``), as on the first run after an install or in a fresh copy of the sources: the warm-up then
compiles it (some 30 s of processor time).

Each row starts a fresh ``hanoi play --no-browser`` on a free loopback port (with an empty cache directory, as a first
run after an install) and stops it at the end of the row; the times are from the start of the process. CPU is the
processor time of the server and its workers (user + system), read once they have ended. "Busy" runs one bounded CPU
burner per core (a loop that ends by itself after :data:`BURN_SECONDS`, and is killed at the end of the row), started
and stopped by this script. The machine is shared: the load average is printed before and after.

Run ``python benchmarks/bench_play_start.py`` from the repository root (``--repeat N`` rows per case, default 1;
``--fresh-install``).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from hanoikit.cache import CACHE_ENV

SRC = str(Path(__file__).resolve().parent.parent / "src")
BURN_SECONDS = 120
"""The longest a CPU burner runs (it is killed at the end of its row before that)."""
DEADLINE = 300.0
"""The longest one request is waited for."""

NEW = "import sys\nfrom hanoikit.cli import main\nsys.exit(main(['play', '--no-browser']))"
"""``hanoi play --no-browser`` as the installed script runs it."""
PREVIOUS = """
import sys, click
from hanoikit.web import app as web, create_app, serve
sock = serve.listen('127.0.0.1', 0)
sock.listen(128)
print(f"hanoi play: the puzzle is at http://127.0.0.1:{sock.getsockname()[1]}/ (Ctrl+C to stop)", flush=True)
web.warm()  # before the workers are forked, which inherit the tables; requests wait in the socket's backlog
serve.server(create_app(warmed=False)).run(sockets=[sock])
"""
"""The previous way: the address at once, the tables warmed before the server answered anything."""
BURNER = f"import time\nend = time.monotonic() + {BURN_SECONDS}\nwhile time.monotonic() < end:\n    pass\n"

COLD = {"settings": {"n": 10, "posts": 4, "moves": "linear", "magnetic": False}, "state": "I" + "S" * 9}
"""A member whose tables no warm-up builds (the page's 10-disk, 4-post, linear tower), from a position off the tower."""


def one_run(code: str, cache: str) -> dict[str, float]:
    """Start a server running ``code``; the seconds from its start to the address, the page, the first game's hint
    and the cold member's hint, and the processor time of the server and its workers."""
    env = {**os.environ, "PYTHONPATH": SRC, CACHE_ENV: cache}
    if "--fresh-install" in sys.argv:
        env["NUMBA_CACHE_DIR"] = cache + "-numba"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    server = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=env)
    times: dict[str, float] = {}
    try:
        line = server.stdout.readline()  # type: ignore[union-attr]
        times["address"] = time.perf_counter() - began
        url = line.split(" at ")[1].split()[0]
        with httpx.Client(base_url=url, timeout=DEADLINE) as client:
            client.get("/").raise_for_status()
            times["page"] = time.perf_counter() - began
            client.get("/api/config").raise_for_status()
            times["config"] = time.perf_counter() - began
            client.post("/api/hint", json={"settings": {"n": 3}}).raise_for_status()
            times["hint"] = time.perf_counter() - began
            client.post("/api/hint", json=COLD).raise_for_status()
            times["cold"] = time.perf_counter() - began
    finally:
        server.terminate()
        server.wait(timeout=60)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    times["cpu"] = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return times


def burners() -> list[subprocess.Popen[bytes]]:
    """One bounded CPU burner per core, at the normal priority."""
    return [subprocess.Popen([sys.executable, "-c", BURNER]) for _ in range(os.cpu_count() or 1)]


def main() -> None:
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 1
    fresh = ", numba's code compiled afresh" if "--fresh-install" in sys.argv else ""
    print(f"hanoi play from a cold start{fresh}, median of {repeat} (load average {os.getloadavg()[0]:.2f} on "
          f"{os.cpu_count()} cores); seconds from the start of the process\n")
    print(f"{'':<40} {'address':>8} {'page':>7} {'config':>7} {'hint':>7} {'cold hint':>10} {'CPU':>7}")
    with tempfile.TemporaryDirectory() as tmp:
        for busy in (False, True):
            for label, code in (("now", NEW), ("previous way (warm, then serve)", PREVIOUS)):
                runs = []
                for index in range(repeat):
                    burning = burners() if busy else []
                    try:
                        runs.append(one_run(code, f"{tmp}/{busy}-{label[:3]}-{index}"))
                    finally:
                        for burner in burning:
                            burner.kill()
                            burner.wait()
                row = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
                name = f"{'busy' if busy else 'quiet'}, {label}"
                print(f"{name:<40} {row['address']:8.2f} {row['page']:7.2f} {row['config']:7.2f} {row['hint']:7.2f} "
                      f"{row['cold']:10.2f} {row['cpu']:7.2f}")
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
