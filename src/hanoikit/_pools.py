"""The worker processes of a ``concurrent.futures`` process pool: watched, and ended within seconds whatever they do.

A worker killed while it sends its answer (SIGKILL, the out-of-memory killer) leaves the pool's thread reading the
rest of that answer for ever: the pool never notices, its futures never end, and its shutdown waits for that thread.
Whoever waits on such a pool looks every :data:`POLL_SECONDS` whether a worker has ended (:func:`died`), and then
ends the pool (:func:`end_pool`); :func:`close_pool` releases a pool within seconds in every state. Used by the search's
process engine (:mod:`hanoikit.frontier.engines`) and the play API's pool (:mod:`hanoikit.web.workers`).

CPython lists a pool's workers, its answer pipe and its thread only in private attributes (nothing public names them
before 3.14): they are read here, and nowhere else.

>>> import concurrent.futures
>>> with concurrent.futures.ThreadPoolExecutor(1) as threads:
...     pool_processes(threads), died(threads)
([], False)
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing.connection
import multiprocessing.process
import time
from collections.abc import Sequence
from typing import Any

__all__ = ["POLL_SECONDS", "STOP_SECONDS", "close_pool", "died", "end_pool", "ended", "pool_answers", "pool_processes"]

POLL_SECONDS = 0.25
"""How often one waiting for a pool's workers looks whether one of them has died."""

STOP_SECONDS = 2.0
"""The longest a pool's worker is waited for, to leave or to end once told to, before it is killed."""


def pool_processes(executor: concurrent.futures.Executor) -> list[multiprocessing.process.BaseProcess]:
    """The worker processes of ``executor`` (none for a pool of threads, or once it is shut down)."""
    return list((getattr(executor, "_processes", None) or {}).values())


def pool_answers(executor: concurrent.futures.Executor) -> Any:
    """The pipe on which ``executor``'s workers send their answers (``None`` for a pool of threads)."""
    return getattr(executor, "_result_queue", None)


def died(executor: concurrent.futures.Executor) -> bool:
    """Whether one of ``executor``'s worker processes has ended (a pool's workers never leave on their own)."""
    return ended(pool_processes(executor), 0)


def ended(processes: Sequence[multiprocessing.process.BaseProcess], seconds: float, every: bool = False) -> bool:
    """Whether one of ``processes`` (``every``: each of them) has ended, waiting up to ``seconds`` for it; it is not
    reaped (their pool does that).

    >>> ended([], 0), ended([], 0, every=True)
    (False, True)
    """
    sentinels = {process.sentinel for process in processes}
    if not sentinels:
        return every
    if not every:
        return bool(multiprocessing.connection.wait(list(sentinels), seconds))
    deadline = time.monotonic() + seconds
    while sentinels:
        ready = multiprocessing.connection.wait(list(sentinels), max(0.0, deadline - time.monotonic()))
        if not ready:
            return False
        sentinels.difference_update(ready)
    return True


def end_pool(processes: Sequence[multiprocessing.process.BaseProcess], answers: Any) -> None:
    """End ``processes``, the workers of a pool (SIGTERM, then SIGKILL after :data:`STOP_SECONDS`), then close this
    process's end of the pool's pipe of ``answers`` (:func:`pool_answers`), which CPython holds open and never writes
    to: the pool's thread, if it waits for the rest of an answer a worker was sending when it died, then reads the end
    of the pipe, marks the pool broken (its futures fail with ``BrokenProcessPool``) and reaps the workers."""
    for process in processes:
        process.terminate()
    if not ended(processes, STOP_SECONDS, every=True):
        for process in processes:
            process.kill()
        ended(processes, STOP_SECONDS, every=True)
    writer = getattr(answers, "_writer", None)
    if writer is not None:
        writer.close()


def close_pool(executor: concurrent.futures.Executor, busy: bool) -> None:
    """Shut ``executor`` down within seconds whatever its workers' state: idle ones leave when asked; busy ones
    (``busy``: work of it is still running), and all of them when one has died, are ended (:func:`end_pool`); its
    thread is joined. Work not yet begun is cancelled."""
    manager = getattr(executor, "_executor_manager_thread", None)  # read before shutdown forgets it, as the others
    processes, answers = pool_processes(executor), pool_answers(executor)
    if busy or ended(processes, 0):
        end_pool(processes, answers)
    executor.shutdown(wait=False, cancel_futures=True)
    if not ended(processes, STOP_SECONDS, every=True):
        end_pool(processes, answers)
    if manager is not None:
        manager.join(STOP_SECONDS)  # it reaps the workers
