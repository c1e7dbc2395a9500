"""The play API's worker pool when a worker dies: killed while it sends its answer (which the pool itself never
notices), the request gets a 503 (``WorkerDied``) within seconds, the pool is started again, and its close never waits
for ever; nothing is left running."""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
from fastapi.testclient import TestClient

import dying
import hanoikit.web.app as web
from hanoikit import _pools
from hanoikit.web.app import create_app
from hanoikit.web.workers import Busy, WorkerDied, Workers

GENEROUS = 20.0  # seconds: a bound no healthy run comes near, even on a loaded machine


def pid(_: object) -> int:
    return os.getpid()


def _managers() -> list[threading.Thread]:
    """The pools' threads still running (CPython's name for them)."""
    return [thread for thread in threading.enumerate() if "ExecutorManager" in type(thread).__name__]


def _in_pool(processes: int, scenario: Callable[[Workers], Coroutine[Any, Any, None]]) -> None:
    """Run ``scenario`` on a started pool of ``processes`` workers, closed after it; nothing left running."""
    before, managers = dying.children(), _managers()
    work = Workers(processes=processes)
    work.start()
    try:
        asyncio.run(scenario(work))
    finally:
        work.close()
    assert _managers() == managers and not dying.children() - before


def test_a_pool_whose_worker_died_halfway_through_its_answer_hangs_until_it_is_closed() -> None:
    before, managers = dying.children(), _managers()
    pool = concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork"))
    future = pool.submit(dying.answer_halfway, None)
    worker = _pools.pool_processes(pool)[0]
    worker.join(GENEROUS)
    assert worker.exitcode == -9 and _pools.died(pool)
    time.sleep(2 * _pools.POLL_SECONDS)
    assert not future.done()  # the pool's thread waits for the rest of the answer: the hang itself
    began = time.monotonic()
    _pools.close_pool(pool, busy=True)
    assert time.monotonic() - began < GENEROUS
    with pytest.raises(concurrent.futures.process.BrokenProcessPool):
        future.result(timeout=GENEROUS)
    assert _managers() == managers and not dying.children() - before


def test_a_request_whose_worker_died_halfway_through_its_answer_is_refused_and_the_pool_restarted() -> None:
    async def scenario(work: Workers) -> None:
        first = await work.run(pid, None)
        other = asyncio.create_task(work.run(dying.busy, None))  # on the other worker, for a minute
        while work.admitted < 1:
            await asyncio.sleep(0.01)
        with pytest.raises(WorkerDied, match="worker process of the server died") as refused:
            await asyncio.wait_for(work.run(dying.answer_halfway, None), GENEROUS)
        assert isinstance(refused.value, Busy) and refused.value.retry_after >= 1
        with pytest.raises(WorkerDied):  # the pool's other requests fail too: its answers no longer come
            await asyncio.wait_for(other, GENEROUS)
        assert work.admitted == 0
        again = await work.run(pid, None)  # a new worker, of a new pool
        assert again not in (first, os.getpid())

    _in_pool(2, scenario)


def test_closing_the_pool_ends_busy_workers_and_their_requests_within_seconds() -> None:
    async def scenario(work: Workers) -> None:
        held = asyncio.create_task(work.run(dying.busy, None))  # a minute of work
        while not held.done() and work.admitted < 1:
            await asyncio.sleep(0.01)
        await asyncio.sleep(2 * _pools.POLL_SECONDS)
        began = time.monotonic()
        work.close()
        with pytest.raises(WorkerDied):
            await asyncio.wait_for(held, GENEROUS)
        assert time.monotonic() - began < GENEROUS

    _in_pool(1, scenario)


def test_the_api_answers_503_when_a_worker_dies_and_answers_again_after(monkeypatch: pytest.MonkeyPatch) -> None:
    before, managers = dying.children(), _managers()
    monkeypatch.setattr(web, "_hint", dying.answer_halfway)  # forked into the workers with the app's startup
    app = create_app(processes=1, warmed=False)
    began = time.monotonic()
    with TestClient(app) as client:
        refused = client.post("/api/hint", json={"settings": {"n": 3}})
        assert refused.status_code == 503 and int(refused.headers["retry-after"]) >= 1
        assert refused.json()["error"] == "ServiceUnavailable" and "worker process" in refused.json()["detail"]
        answered = client.post("/api/position", json={"settings": {"n": 3}})
        assert answered.status_code == 200, answered.text
        assert client.post("/api/hint", json={"settings": {"n": 3}}).status_code == 503  # and again, as often
    assert time.monotonic() - began < GENEROUS  # the shutdown too
    assert _managers() == managers and not dying.children() - before


def test_requests_are_answered_in_the_servers_threads_while_it_warms_and_by_the_workers_after() -> None:
    """The fork waits for the warm-up and for the answers under way in the server's threads; nothing waits for it."""
    held, release = threading.Event(), threading.Event()

    def warm() -> None:
        held.set()
        release.wait(GENEROUS)

    async def scenario() -> None:
        work = Workers(processes=1, warm=warm)
        work.start()
        try:
            assert held.wait(GENEROUS)
            answers = [await asyncio.wait_for(work.run(pid, None), GENEROUS / 4) for _ in range(3)]
            assert answers == [os.getpid()] * 3  # here, without waiting for the warm-up
            slow = asyncio.create_task(work.run(time.sleep, 0.5))  # under way in a thread as the warm-up ends
            while work.admitted < 1:
                await asyncio.sleep(0.01)
            release.set()
            began = time.monotonic()
            while await asyncio.wait_for(work.run(pid, None), GENEROUS) == os.getpid():
                assert time.monotonic() - began < GENEROUS, "the workers were never forked"
                await asyncio.sleep(0.01)
            assert slow.done()  # a worker's answer, forked once the slow answer was in
            assert work.admitted == 0
        finally:
            release.set()
            work.close()

    before, managers = dying.children(), _managers()
    asyncio.run(scenario())
    assert _managers() == managers and not dying.children() - before
