"""A cheap request while expensive ones run: ``GET /api/config`` under 100 concurrent clients asking for hints at the
members' caps and solution pages, against a real play server on 127.0.0.1.

For each way of running the work (side by side in one run):

* ``threads, as before``: the work in 40 threads of the server's process (as FastAPI's ``def`` routes ran it in
  AnyIO's 40 threads before), every request queued;
* ``1 thread, bounded``: the work in one thread, at most :data:`~hanoikit.limits.WEB_MAX_WAITING` requests waiting,
  more refused with 503;
* ``N processes, bounded``: the app's default, N worker processes (one per core, at most
  :data:`~hanoikit.limits.WEB_MAX_WORKERS`), the same bound;

the script starts a uvicorn server (``hanoikit.web.serve``) in a process of its own on a free loopback port, starts
:data:`CLIENTS` expensive clients in another process (each sends its next request when the last is answered, and waits
``Retry-After`` after a 503), and sends :data:`PROBES` config requests one after another from this one, each
:data:`GAP` seconds after the last answer. It prints the probes' p50/p99/max latency and the expensive requests
answered and refused, with CPU time beside wall time; PASS/FAIL says whether the probes' p99 is below
:data:`TARGET` with the app's default. Each server is stopped at the end of its row; the whole run is bounded
(:data:`DEADLINE` a row).

Run ``python benchmarks/bench_web_load.py`` (about a minute).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time

import httpx

from bench_web import percentile
from hanoikit.limits import WEB_KEEP_ALIVE, WEB_MAX_DISKS, WEB_MAX_FAMILY_DISKS, WEB_MAX_PAGE, WEB_MAX_WAITING
from hanoikit.web.workers import default_processes
from timing import verdict

CLIENTS = 100
PROBES = 150
GAP = 0.02  # seconds between a probe's answer and the next probe
LOAD = 8.0  # seconds the expensive clients send requests
DEADLINE = 90.0  # seconds a row may take at most
TARGET = 0.100  # seconds: the probes' p99
JSON = {"content-type": "application/json"}
CROWD_NICE = 10  # the crowd stands for clients on other machines: it yields the processor to the server and the probes


def expensive(rng: random.Random) -> tuple[str, dict]:
    """A hint at a member's cap from its start, or a solution page of a random colouring at a random offset."""
    if rng.random() < 0.5:
        posts, faces = rng.choice(sorted(WEB_MAX_FAMILY_DISKS))
        settings = {"n": WEB_MAX_FAMILY_DISKS[posts, faces], "posts": posts, "moves": "any" if posts > 3 else "linear",
                    "magnetic": faces, "colors": "N" * posts}
        return "/api/hint", {"settings": settings}
    colors = rng.choice(["NNN", "NRN", "RBN", "NNB", "RBB"])
    settings = {"n": WEB_MAX_DISKS, "colors": colors, "goal_up": "R" if colors == "NRN" else None}
    return "/api/solution", {"settings": settings, "offset": rng.randrange(200_000), "limit": WEB_MAX_PAGE}


async def load(url: str, seconds: float) -> dict:
    """:data:`CLIENTS` clients sending expensive requests for ``seconds``: how many were answered, refused, failed."""
    rng = random.Random(7)
    counts = {"answered": 0, "refused": 0, "failed": 0}
    failures: dict[str, int] = {}
    latencies: list[float] = []
    # idle connections dropped before the server's keep-alive time ends them, so that none is closed under a request
    limits = httpx.Limits(
        max_connections=CLIENTS, max_keepalive_connections=CLIENTS, keepalive_expiry=WEB_KEEP_ALIVE / 2
    )
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        stop = time.monotonic() + seconds

        async def one() -> None:
            while time.monotonic() < stop:
                path, body = expensive(rng)
                began = time.perf_counter()
                try:
                    response = await client.post(path, content=json.dumps(body).encode(), headers=JSON)
                except httpx.HTTPError as error:
                    counts["failed"] += 1
                    failures[type(error).__name__] = failures.get(type(error).__name__, 0) + 1
                    continue
                if response.status_code == 503:
                    counts["refused"] += 1
                    await asyncio.sleep(float(response.headers.get("retry-after", 1)))
                elif response.status_code in (200, 422):
                    counts["answered"] += 1
                    latencies.append(time.perf_counter() - began)
                else:
                    counts["failed"] += 1
                    failures[str(response.status_code)] = failures.get(str(response.status_code), 0) + 1

        await asyncio.wait_for(asyncio.gather(*(one() for _ in range(CLIENTS))), seconds + 60)
    return {**counts, "p50": statistics.median(latencies) if latencies else 0.0, "failures": failures}


def serve(options: dict) -> None:
    """Serve the play app with ``options`` (create_app's) until this process is stopped; print the URL first."""
    from hanoikit.web import create_app
    from hanoikit.web.serve import running

    with running(create_app(**options), backlog=4 * CLIENTS) as url:
        print(url, flush=True)
        while True:
            time.sleep(1)


def row(label: str, options: dict) -> tuple[float, bool]:
    """Start a server with ``options``, the load and the probes; print the row; the probes' p99 and no failure."""
    here = os.path.abspath(__file__)
    options = dict(options)
    loaded = options.pop("crowd", True)
    server = subprocess.Popen([sys.executable, here, "--serve", json.dumps(options)], stdout=subprocess.PIPE, text=True)
    crowd = None
    try:
        url = server.stdout.readline().strip()  # type: ignore[union-attr]
        if not url.startswith("http://127.0.0.1:"):
            raise SystemExit(f"the server did not start: {url!r}")
        with httpx.Client(base_url=url, timeout=30) as client:
            client.get("/api/config").raise_for_status()
            if loaded:
                crowd = subprocess.Popen([sys.executable, here, "--load", url, str(LOAD)], stdout=subprocess.PIPE,
                                         text=True)
                time.sleep(1.0)  # the crowd is connected and busy
            cpu, wall = time.process_time(), time.perf_counter()
            times = []
            for _ in range(PROBES):
                began = time.perf_counter()
                response = client.get("/api/config")
                times.append(time.perf_counter() - began)
                response.raise_for_status()
                time.sleep(GAP)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        counts = {"answered": 0, "refused": 0, "failed": 0, "p50": 0.0, "failures": {}}
        if crowd is not None:
            out, _ = crowd.communicate(timeout=DEADLINE)
            counts = json.loads(out.strip().splitlines()[-1])
    finally:
        for process in (crowd, server):
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(timeout=30)
    p99 = percentile(times, 99)
    print(
        f"  {label:<24} p50 {statistics.median(times) * 1e3:6.1f} ms  p99 {p99 * 1e3:7.1f} ms  "
        f"max {max(times) * 1e3:7.1f} ms | expensive: {counts['answered']:4} answered (p50 "
        f"{counts['p50'] * 1e3:5.0f} ms) {counts['refused']:4} refused (503) {counts['failed']:3} failed | probes "
        f"{wall:4.1f} s wall, {cpu:4.2f} s CPU{'  failures: ' + str(counts['failures']) if counts['failed'] else ''}"
    )
    return p99, counts["failed"] == 0


def main() -> None:
    processes = default_processes()
    print(
        f"GET /api/config, {PROBES} probes one after another, while {CLIENTS} clients ask hints at the members' caps "
        f"and {WEB_MAX_PAGE}-move solution pages for {LOAD:g} s (server, crowd and probes: three processes on "
        "127.0.0.1; the crowd at nice 10, as if on other machines)"
    )
    rows = [
        ("no load (the floor)", {"processes": processes, "waiting": WEB_MAX_WAITING, "crowd": False}),
        ("threads, as before", {"processes": 0, "threads": 40, "waiting": 100_000}),
        ("1 thread, bounded", {"processes": 0, "threads": 1, "waiting": WEB_MAX_WAITING}),
        (f"{processes} processes, bounded", {"processes": processes, "waiting": WEB_MAX_WAITING}),
    ]
    results = [row(label, options) for label, options in rows]
    (floor, _), (before, _), (p99, clean) = results[0], results[1], results[-1]
    print(
        f"default ({processes} processes): p99 {p99 * 1e3:.1f} ms vs {before * 1e3:.1f} ms as before "
        f"({before / p99:.1f}x)  {verdict(p99 < TARGET and clean)} (p99 < {TARGET * 1e3:.0f} ms, no failure; "
        f"this machine's p99 without load: {floor * 1e3:.1f} ms)"
    )


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve"]:
        serve(json.loads(sys.argv[2]))
    elif sys.argv[1:2] == ["--load"]:
        os.nice(CROWD_NICE)
        print(json.dumps(asyncio.run(load(sys.argv[2], float(sys.argv[3])))))
    else:
        main()
