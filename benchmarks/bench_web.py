"""Play API figures, on loopback only (the server runs in this process, bound to 127.0.0.1).

* a hint for n = 12 from random positions, at the API over HTTP (target: below 50 ms), for the free, a coloured and a
  semi-coloured magnetic tower and the classic one;
* exactly 200 concurrent requests (hints and moves, n = 12, random positions) fired at once with httpx's
  AsyncClient, within a bounded time (target: no error; the p99 latency is printed).

Run ``python benchmarks/bench_web.py``.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx

from hanoikit import MagneticPuzzle, Puzzle
from hanoikit.web import create_app, random_state
from hanoikit.web.serve import running

CONCURRENT = 200
DEADLINE = 120.0  # seconds the load test may take at most


def settings_of(puzzle: Puzzle) -> dict:
    if isinstance(puzzle, MagneticPuzzle):
        return {"n": puzzle.n, "magnetic": True, "colors": puzzle.colors}
    return {"n": puzzle.n, "magnetic": False}


@contextmanager
def serving(**options: object) -> Iterator[str]:
    """uvicorn with the play app (``options``: :func:`hanoikit.web.app.create_app`'s) in a thread, on a free loopback
    port; room for :data:`CONCURRENT` requests waiting for a worker unless said otherwise."""
    with running(create_app(**{"waiting": CONCURRENT, **options}), backlog=2 * CONCURRENT) as url:
        yield url


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def hint_latency(url: str, rng: random.Random) -> None:
    print("hint for n = 12 from random positions, over HTTP on loopback (target: below 50 ms)")
    with httpx.Client(base_url=url, timeout=30) as client:
        for puzzle in (MagneticPuzzle(12), MagneticPuzzle(12, "RBB"), MagneticPuzzle(12, "RNB"), Puzzle(12)):
            body = {"settings": settings_of(puzzle)}
            client.post("/api/hint", json=body).raise_for_status()  # warm up
            times = []
            for _ in range(60):
                body["state"] = str(random_state(puzzle, rng))
                start = time.perf_counter()
                response = client.post("/api/hint", json=body)
                times.append(time.perf_counter() - start)
                response.raise_for_status()
            kind = f"magnetic {puzzle.colors}" if isinstance(puzzle, MagneticPuzzle) else "classic"
            verdict = "ok" if max(times) < 0.050 else "SLOW"
            print(
                f"  {kind:<13} median {statistics.median(times) * 1e3:6.2f} ms"
                f"   p99 {percentile(times, 99) * 1e3:6.2f} ms   max {max(times) * 1e3:6.2f} ms   {verdict}"
            )


async def load_test(url: str, rng: random.Random) -> None:
    print(f"{CONCURRENT} concurrent hint/move requests, n = 12, loopback (target: no error)")
    requests = []
    for index in range(CONCURRENT):
        puzzle = MagneticPuzzle(12, rng.choice(["NNN", "RBB", "NNB", "RNB"])) if index % 4 else Puzzle(12)
        state = random_state(puzzle, rng)
        if index % 2:
            move = rng.choice(puzzle.legal_moves(state))
            requests.append(("/api/move", {"settings": settings_of(puzzle), "state": str(state), "move": str(move)}))
        else:
            requests.append(("/api/hint", {"settings": settings_of(puzzle), "state": str(state)}))
    limits = httpx.Limits(max_connections=CONCURRENT, max_keepalive_connections=CONCURRENT)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:

        async def one(path: str, body: dict) -> tuple[float, int | str]:
            start = time.perf_counter()
            try:
                response = await client.post(path, json=body)
                outcome: int | str = response.status_code
            except httpx.HTTPError as error:
                outcome = type(error).__name__
            return time.perf_counter() - start, outcome

        start = time.perf_counter()
        results = await asyncio.wait_for(asyncio.gather(*(one(p, b) for p, b in requests)), DEADLINE)
        wall = time.perf_counter() - start
    latencies = [latency for latency, _ in results]
    errors = [outcome for _, outcome in results if outcome != 200]
    print(
        f"  {len(results)} requests in {wall:.2f} s: {len(errors)} errors{' ' + str(errors[:5]) if errors else ''}; "
        f"latency median {statistics.median(latencies) * 1e3:.1f} ms, p99 {percentile(latencies, 99) * 1e3:.1f} ms, "
        f"max {max(latencies) * 1e3:.1f} ms   {'ok' if not errors else 'FAILED'}"
    )


def main() -> None:
    rng = random.Random(2026)
    with serving() as url:
        hint_latency(url, rng)
        asyncio.run(load_test(url, rng))


if __name__ == "__main__":
    main()
