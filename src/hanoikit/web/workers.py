"""Where the play API's work on the rules runs: a bounded pool beside the event loop, never on it.

The event loop reads requests and answers the cheap ones (the config, the page) itself; every request that asks the
model (a position, a hint, a solution page...) is handed to a :class:`Workers` pool. With ``processes`` worker
processes, that work never holds the event loop's interpreter lock, so a cheap request does not wait for it; with
``processes=0`` it runs in ``threads`` threads of this process, which share that lock, as it does with processes
while the server's caches warm before the workers are forked (:meth:`Workers.start`). At most ``waiting``
requests wait for a worker: one more raises :class:`Busy` at once (the app answers 503 with ``Retry-After``) instead of
queueing without bound. A worker that dies (killed, out of memory) fails the requests on the pool with
:class:`WorkerDied` (also a 503) and the pool is started again, even when it died while it sent an answer, which the
pool itself never notices (:mod:`hanoikit._pools`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from .._pools import POLL_SECONDS, close_pool, died
from ..frontier.owner import end_with_parent
from ..limits import WEB_MAX_WAITING, WEB_MAX_WORKERS

__all__ = ["EARLY_THREADS", "NICE", "RETRY_AFTER", "Busy", "WorkerDied", "Workers", "default_processes"]

A = TypeVar("A")
T = TypeVar("T")

RETRY_AFTER = 1
"""Seconds a refused client is told to wait before it sends the request again (``Retry-After``)."""


NICE = 10
"""How much lower the workers' scheduling priority is than the server's: the operating system then runs the event
loop as soon as a request arrives, ahead of the work (which gets about a ninth of the processor against it)."""

EARLY_THREADS = 16
"""The most threads of the server that answer while its caches warm (:meth:`Workers.start`), made as they are needed:
more than a few visitors ask at once as their pages open (the menus, the daily puzzle, the first game), so that a quick
answer never queues behind slow ones (the menus' first search compiles numba's code on a fresh install: seconds, or a
minute on a loaded machine). They share this process's interpreter lock: more threads add no work, only turns."""


class Busy(Exception):
    """The pool already holds as many requests as it takes: this one is refused at once, to be sent again later.

    >>> str(Busy(64))
    'the server is busy: 64 requests are already waiting for a worker; try again in 1 s'
    """

    def __init__(self, waiting: int, retry_after: int = RETRY_AFTER) -> None:
        super().__init__(
            f"the server is busy: {waiting} requests are already waiting for a worker; try again in {retry_after} s"
        )
        self.retry_after = retry_after


class WorkerDied(Busy):
    """A worker process died (killed, out of memory) while the request was on the pool, which is started again: the
    request may be sent again later.

    >>> str(WorkerDied())
    'a worker process of the server died (killed, or out of memory?) and was replaced; try again in 1 s'
    """

    def __init__(self, retry_after: int = RETRY_AFTER) -> None:
        Exception.__init__(
            self,
            "a worker process of the server died (killed, or out of memory?) and was replaced; "
            f"try again in {retry_after} s",
        )
        self.retry_after = retry_after


def default_processes() -> int:
    """One worker process per core, at most :data:`~hanoikit.limits.WEB_MAX_WORKERS`.

    >>> 1 <= default_processes() <= WEB_MAX_WORKERS
    True
    """
    return max(1, min(WEB_MAX_WORKERS, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1))


def _start_worker(parent: int, warm: Callable[[], object] | None) -> None:
    """A worker's start: leave Ctrl+C to the server (which stops the pool), end with the server even if it is
    killed, fill the caches with ``warm`` (:func:`_warm`; a forked worker has the server's), then yield the processor
    to the server (:data:`NICE`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    end_with_parent(parent)
    _warm(warm)
    if hasattr(os, "nice"):
        os.nice(NICE)


def _warm(warm: Callable[[], object] | None) -> None:
    """Fill the caches with ``warm``; one that fails leaves them to be filled by the requests that need them."""
    if warm is None:
        return
    with contextlib.suppress(Exception):
        warm()
    gc.freeze()  # the warm caches live as long as the server: never scanned again


def _nothing() -> None:
    """A task that makes the pool start a worker."""


class Workers:
    """A bounded pool for the API's work: :meth:`run` a function on one argument there, or get :class:`Busy`.

    Until :meth:`start` (and after :meth:`close`) the work runs in ``threads`` threads, so an app used without its
    startup (a test client) still answers.

    >>> import asyncio
    >>> asyncio.run(Workers(processes=0).run(sum, [1, 2, 3]))
    6
    """

    def __init__(
        self,
        processes: int | None = None,
        *,
        threads: int = 1,
        waiting: int = WEB_MAX_WAITING,
        warm: Callable[[], object] | None = None,
    ) -> None:
        self.processes = default_processes() if processes is None else processes
        self.threads = threads
        self.waiting = waiting
        self.warm = warm
        self._pool: ProcessPoolExecutor | None = None
        self._threads: ThreadPoolExecutor | None = None
        self._admitted = 0
        self._lock = threading.Lock()
        self._warming: threading.Thread | None = None  # the thread filling this process's caches before the fork
        self._warmed_up = False  # that thread has ended: the fork waits only for the answers under way here
        self._early: ThreadPoolExecutor | None = None  # this process's threads answering meanwhile
        self._early_running = 0  # their requests under way (counted on the event loop)
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def capacity(self) -> int:
        """The most requests the pool holds at once: those running and those waiting."""
        return (self.processes or self.threads) + self.waiting

    @property
    def admitted(self) -> int:
        """The requests the pool holds now (running or waiting)."""
        return self._admitted

    def start(self) -> None:
        """Fill the caches (``warm``) and start the worker processes, without holding up the server: called on its
        event loop, the caches are filled in a thread of this process, and the workers are forked from the loop once
        that thread has ended, so that they inherit the caches. Meanwhile every request is answered in threads of
        this process (:data:`EARLY_THREADS`), each building what it needs itself: a small member's hint
        never waits for the warm-up of others (some 30 s of processor time where numba's compiled code is not yet on
        disk). Once the warm-up ends, a request waits only for the answers still under way in those threads, and the
        workers are forked as soon as they are in. Elsewhere the caches are filled and the workers started before it
        returns. Without worker processes, the first of the threads fills the caches before any request.

        On Linux each worker is a fork of this process, taken while no other thread of the server is at work; elsewhere
        a fresh interpreter that warms itself.
        """
        if self._pool is not None or self._warming is not None:
            return
        if not self.processes:
            if self.warm is not None and self._threads is None:
                self._threads = ThreadPoolExecutor(self.threads, thread_name_prefix="hanoikit-web")
                self._threads.submit(_warm, self.warm)  # the first task: requests queue behind it
            return
        fork = sys.platform.startswith("linux")  # elsewhere forking after numpy's libraries is not safe
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if self.warm is None or not fork or loop is None:
            if fork:
                _warm(self.warm)
            self._fork(fork)
            return
        warm = self.warm

        def warming() -> None:
            with contextlib.suppress(Exception):
                warm()
            with contextlib.suppress(RuntimeError):  # the loop has ended meanwhile: nothing to start
                loop.call_soon_threadsafe(self._warmed)

        self._loop, self._warmed_up = loop, False
        self._early = ThreadPoolExecutor(max(self.threads, EARLY_THREADS), thread_name_prefix="hanoikit-early")
        self._warming = threading.Thread(target=warming, name="hanoikit-warm", daemon=True)
        self._warming.start()

    def _warmed(self) -> None:
        """On the event loop, once the caches are filled: fork the workers when the answers under way in this
        process's threads are in (unless the pool was closed meanwhile)."""
        if self._warming is None:
            return
        self._warming.join()
        self._warmed_up = True
        self._fork_when_idle()

    def _fork_when_idle(self) -> None:
        """On the event loop: fork the workers once the warm-up has ended and no request runs in this process's
        threads (a fork taken while another thread is at work may copy a lock it holds)."""
        if self._warming is None or not self._warmed_up or self._early_running:
            return
        early, self._early, self._warming = self._early, None, None
        if early is not None:
            early.shutdown(wait=True)  # idle threads: they end at once
        gc.freeze()  # the warm caches live as long as the server: never scanned again, nor copied into the forks
        self._fork(True)

    def _early_done(self, _: object = None) -> None:
        """In an early thread, as one of its requests ends: counted off on the event loop."""
        self._release()
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop has ended: nothing to fork
                loop.call_soon_threadsafe(self._early_ended)

    def _early_ended(self) -> None:
        self._early_running -= 1
        self._fork_when_idle()

    def _fork(self, fork: bool) -> None:
        self._pool = ProcessPoolExecutor(
            self.processes,
            mp_context=multiprocessing.get_context("fork" if fork else "spawn"),
            initializer=_start_worker,
            initargs=(os.getpid(), None if fork else self.warm),
        )
        for _ in range(self.processes):
            self._pool.submit(_nothing)

    def close(self) -> None:
        """Stop the worker processes within seconds (work still running is abandoned: its requests get
        :class:`WorkerDied`); later work runs in threads."""
        pool, self._pool, self._warming = self._pool, None, None
        early, self._early = self._early, None
        if early is not None:
            early.shutdown(wait=False)  # the requests under way there end by themselves
        if pool is not None:
            close_pool(pool, busy=self._admitted > 0)

    def _admit(self) -> None:
        with self._lock:
            if self._admitted >= self.capacity:
                raise Busy(self.waiting)
            self._admitted += 1

    def _release(self, _: object = None) -> None:
        with self._lock:
            self._admitted -= 1

    async def run(self, function: Callable[[A], T], argument: A) -> T:
        """``function(argument)`` in a worker (a module-level function and a picklable argument); raises
        :class:`Busy` at once if the pool is full, :class:`WorkerDied` if a worker died meanwhile, else what the
        function raises."""
        self._admit()
        try:
            while self._warming is not None and self._warmed_up:  # the workers come once the early answers are in
                await asyncio.sleep(POLL_SECONDS / 10)
        except BaseException:
            self._release()
            raise
        early = self._early
        if self._warming is not None and early is not None:  # the caches are being filled: answered here meanwhile
            try:
                future: Future[T] = early.submit(function, argument)
            except RuntimeError:  # closed meanwhile
                self._release()
                raise Busy(self.waiting) from None
            self._early_running += 1
            future.add_done_callback(self._early_done)
            return await asyncio.wrap_future(future)
        pool = self._pool
        executor: Executor
        if pool is None:
            if self._threads is None:
                self._threads = ThreadPoolExecutor(self.threads, thread_name_prefix="hanoikit-web")
            executor = self._threads
        else:
            executor = pool
        try:
            future = executor.submit(function, argument)
        except (BrokenProcessPool, RuntimeError) as error:  # a worker died (killed, out of memory), or the pool stops
            self._release()
            if pool is not None:
                self._restart(pool)
            raise (WorkerDied() if isinstance(error, BrokenProcessPool) else Busy(self.waiting)) from None
        future.add_done_callback(self._release)  # when the work ends, even if the request was given up before
        answer = asyncio.wrap_future(future)
        if pool is None:
            return await answer
        try:
            while not answer.done():
                await asyncio.wait([answer], timeout=POLL_SECONDS)
                if not answer.done() and (self._pool is not pool or died(pool)):  # an answer that never comes
                    self._restart(pool)
                    raise WorkerDied()
            return answer.result()
        except BrokenProcessPool:
            self._restart(pool)
            raise WorkerDied() from None
        finally:
            answer.cancel()  # a request given up: work not yet begun is not done

    def _restart(self, broken: ProcessPoolExecutor) -> None:
        """Replace the pool ``broken`` (unless done already): its workers ended, its requests failed."""
        if self._pool is broken:
            self.close()
            self.start()
