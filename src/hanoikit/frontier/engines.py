"""Where the block tasks run: in this process, in local worker processes, or on a Dask cluster.

Every engine holds the table of two-bit rows and runs :func:`~hanoikit.frontier.block.run_block` on the blocks of a
layer; they differ only in who runs the tasks. The in-process engine keeps the table in memory (or in a file in
``store``, when it is larger than memory). The others keep it in a file that every worker maps: on the RAM disk
``/dev/shm`` by default, or in ``store``, which must be a directory every worker sees (a shared file system for a
cluster of several machines), and hand each worker one share of a layer's blocks, of about equal work
(:func:`shares`), as one task: a layer costs the scheduler one task and one round trip per worker, not per block, and
no row ever moves. Dask schedules the tasks (``Client.map``); nothing else is home-made. On a LocalCluster that the
engine starts, whose workers all map the table on this machine, a task runs many layers instead
(:meth:`Engine.run_round`, :mod:`~hanoikit.frontier.rounds`).
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import heapq
import multiprocessing
import os
import shutil
import signal
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Self

import numpy as np

from .._pools import POLL_SECONDS, STOP_SECONDS, close_pool, died, end_pool, pool_answers, pool_processes
from ..digits import as_int
from ..errors import EngineError, InvalidArgumentError, UnknownMethodError, quote
from ..limits import CLUSTER_CONNECT_SECONDS, MAX_WORKERS, ROUND_WAIT_SECONDS, ensure_at_most
from . import ENGINES
from .block import BlockResult, BlockTask, Share, TableRef, run_block, run_blocks
from .connect import connect
from .layout import Layout
from .owner import end_with_parent
from .rounds import Control, RoundResult, RoundTask, control_bytes, run_round
from .signals import DeferredSignals
from .tables import SHM, directory_path, make_shared_table_directory, need_room, need_worker_room, remove_stale_tables

__all__ = [
    "ENGINES", "LISTED_COST", "POLL_SECONDS", "ROW_COST", "STOP_SECONDS", "Engine", "cost", "make_engine", "shares",
]


LISTED_COST = 3
"""What a listed position costs beside one found by scanning the row (measured: 25-33 ns against 8 ns, 4 posts)."""

ROW_COST = 128
"""The codes of a row whose scan costs about as much as one position (measured: ~1.4 ms a row of 2**24 codes)."""

_DIED = "a worker process of the search died ({}): killed, or out of memory?"


def shares(tasks: Sequence[BlockTask], parts: int) -> list[list[BlockTask]]:
    """``tasks`` dealt into at most ``parts`` shares of about equal work (the largest task to the lightest share), the
    heaviest share first.

    >>> from hanoikit import Puzzle
    >>> from hanoikit.frontier import Layout
    >>> layout = Layout(Puzzle(2))
    >>> tasks = [BlockTask(None, layout, block, 2, None, -1, work) for block, work in enumerate([5, 1, 3, 4])]
    >>> [[task.block for task in share] for share in shares(tasks, 2)]
    [[3, 2], [0, 1]]
    """
    count = min(parts, len(tasks))
    dealt: list[list[BlockTask]] = [[] for _ in range(count)]
    loads = [(0, index) for index in range(count)]
    for task in sorted(tasks, key=cost, reverse=True):
        load, index = heapq.heappop(loads)
        dealt[index].append(task)
        heapq.heappush(loads, (load + cost(task), index))
    return [dealt[index] for _, index in sorted(loads, reverse=True)]


def cost(task: BlockTask) -> int:
    """The work of ``task`` in units of a position found by scanning the row: a listed position costs about
    :data:`LISTED_COST` (a random access, where a scan goes word by word), and a block about one unit for every
    :data:`ROW_COST` codes of its row, scanned for the next layer's list, and at least 1.

    >>> from hanoikit import Puzzle
    >>> from hanoikit.frontier import Layout
    >>> layout = Layout(Puzzle(14, posts=4), block_disks=2)
    >>> cost(BlockTask(None, layout, 0, 2, None, -1, 1000)), cost(BlockTask(None, layout, 0, 2, np.zeros(9), -1, 9))
    (132072, 131099)
    """
    listed = task.codes is not None
    return task.work * (LISTED_COST if listed else 1) + max(1, int(task.layout.block_codes) // ROW_COST)


class Engine:
    """Runs the block tasks in this process; the table is an array, or a file in ``store``."""

    name = "inprocess"
    workers = 1
    rounds = False
    """Whether the engine runs rounds of many layers (:meth:`run_round`): its workers share the table's memory."""
    wait = ROUND_WAIT_SECONDS
    """The longest a worker of a round waits for the others at a layer's end before it gives up."""

    def __init__(self, store: str | None = None) -> None:
        self.store = store
        self._owned: str | None = None
        self.control: Control | None = None

    def table(self, layout: Layout) -> np.ndarray:
        """A zeroed table of ``layout.blocks`` rows of ``layout.row_bytes`` bytes; raises
        :class:`~hanoikit.EngineError` first if there is no room for it."""
        if self.store is not None:
            remove_stale_tables(self.store)  # left by searches killed with SIGKILL
        need_room(layout, self.store)
        self._release()  # the previous search's table
        if self.store is None:
            return np.zeros((layout.blocks, layout.row_bytes), dtype=np.uint8)
        return self._file_table(self.store, layout)

    def _file_table(self, directory: str | None, layout: Layout) -> np.memmap:
        """A table in a file in a new directory of this search's own (:func:`make_shared_table_directory`: two
        searches may share a ``store``, and the next one removes it if this one is killed) in ``directory``, or on
        the RAM disk; removed on release."""
        if directory is not None:
            os.makedirs(directory, exist_ok=True)
        self._owned = owned = make_shared_table_directory(directory)
        path = os.path.join(owned, "table.bin")
        with open(path, "wb") as file:
            file.truncate(layout.state_bytes)  # sparse: zeros until written
        self.ref = TableRef(os.path.abspath(path), layout.blocks, layout.row_bytes)
        return np.memmap(path, dtype=np.uint8, mode="r+", shape=(layout.blocks, layout.row_bytes))

    def run(
        self, table: np.ndarray, tasks: Sequence[BlockTask], poll: Callable[[], None] | None = None
    ) -> Iterator[BlockResult]:
        """The results of ``tasks`` (in any order); an engine that waits for workers calls ``poll()`` every
        :data:`POLL_SECONDS` while it waits (an exception it raises, a signal's, stops the layer)."""
        return map(run_block, tasks)

    def run_round(self, tasks: Sequence[RoundTask], poll: Callable[[int, int], None]) -> list[RoundResult]:
        """The results of a round's tasks, one for each worker (see :mod:`~hanoikit.frontier.rounds`), calling
        ``poll(layers, positions)`` with the round's progress while they run; only where :attr:`rounds`."""
        raise NotImplementedError(f"the {self.name} engine runs a layer at a time")

    def close(self) -> None:
        """Release the engine's workers and its table's file (also on leaving a ``with`` block)."""
        self._release()

    def _release(self) -> None:
        """Remove the table's directory, with the rounds' control file (an engine serves one search at a time)."""
        self.control = None
        if self._owned is not None:
            shutil.rmtree(self._owned, ignore_errors=True)
            self._owned = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        with DeferredSignals():  # a signal meanwhile (the command line repeats one after 2 s) waits for the release
            self.close()


class _PoolEngine(Engine):
    """Runs the block tasks on an executor's workers, which map the table from a file."""

    executor: concurrent.futures.Executor
    _futures: Sequence[concurrent.futures.Future[list[BlockResult]]] = ()  # the last layer's

    def table(self, layout: Layout) -> np.ndarray:
        self._release()  # the previous search's table
        control = control_bytes(self.workers) if self.rounds else 0
        if self.store is None:
            if os.path.isdir(SHM):
                remove_stale_tables(SHM)  # left by searches killed with SIGKILL
                need_room(layout, SHM, beside=control)
            need_room(layout, None, beside=control)
        else:
            remove_stale_tables(self.store)
            need_room(layout, self.store, beside=control)
        table = self._file_table(self.store, layout)
        if self.rounds:
            assert self._owned is not None
            self.control = Control(os.path.join(self._owned, "control.bin"), self.workers, create=True)
        return table

    def run(
        self, table: np.ndarray, tasks: Sequence[BlockTask], poll: Callable[[], None] | None = None
    ) -> Iterator[BlockResult]:
        """The results of ``tasks``, or :class:`~hanoikit.EngineError` once a worker has died: the pool says so,
        or, if its thread waits for the rest of an answer the worker was sending when it died (then the pool never
        notices), a look at the workers every :data:`POLL_SECONDS` does."""
        mapped = [task._replace(table=self.ref) for task in tasks]
        self._futures = futures = [
            self.executor.submit(run_blocks, Share(share)) for share in shares(mapped, self.workers)
        ]
        pending = set(futures)
        try:
            while pending:
                done, pending = concurrent.futures.wait(pending, POLL_SECONDS, concurrent.futures.FIRST_COMPLETED)
                for future in done:
                    yield from future.result()
                if not done and died(self.executor):
                    end_pool(pool_processes(self.executor), pool_answers(self.executor))
                    raise EngineError(_DIED.format("it ended while the pool waited for its answer"))
                if not done and poll is not None:
                    poll()
        except concurrent.futures.BrokenExecutor as error:
            raise EngineError(_DIED.format(error)) from None


def _worker_count(workers: object) -> int:
    """``workers``, a whole number from 1 to :data:`~hanoikit.limits.MAX_WORKERS`, as a Python int; ``None``: one a
    core, up to that cap.

    >>> _worker_count(None) >= 1, _worker_count(2)
    (True, 2)
    """
    if workers is None:
        return min(os.cpu_count() or 1, MAX_WORKERS)
    count = as_int(workers)
    if count is None or count < 1:
        raise InvalidArgumentError(f"workers is a whole number of at least 1, not {quote(workers)}")
    ensure_at_most(count, MAX_WORKERS, "worker processes")
    return count


def _start_worker(parent: int) -> None:
    """In a worker: ignore Ctrl-C and a closed terminal's SIGHUP, which the terminal sends to every process of the
    command (the search stops them), and end with the search's process ``parent`` if it is killed outright."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    end_with_parent(parent)


@contextlib.contextmanager
def _workers_leave_interrupts() -> Iterator[None]:
    """Ignore Ctrl-C and SIGHUP while worker processes start, so that they ignore them too (an ignored signal stays
    ignored in a new program); the search stops them itself. One meanwhile is lost."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {number: signal.signal(number, signal.SIG_IGN) for number in (signal.SIGINT, signal.SIGHUP)}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


class ProcessEngine(_PoolEngine):
    """Local worker processes (``concurrent.futures``), one per core unless told."""

    name = "processes"

    def __init__(self, workers: int | None = None, store: str | None = None) -> None:
        super().__init__(store)
        self.workers = _worker_count(workers)
        need_worker_room(self.workers)
        context = multiprocessing.get_context("spawn")
        self.executor = concurrent.futures.ProcessPoolExecutor(
            self.workers, mp_context=context, initializer=_start_worker, initargs=(os.getpid(),)
        )

    def close(self) -> None:
        """Release the workers, within seconds whatever their state (:func:`~hanoikit._pools.close_pool`): idle ones
        leave when asked; busy ones (a search stopped by an error or a signal), and all of them when one has died, are
        ended."""
        busy = any(not future.done() for future in self._futures)
        self._futures = ()
        try:
            close_pool(self.executor, busy)
        finally:
            super().close()


_QUIET = {  # a LocalCluster's workers run one compiled task each: no sampling of their stacks, rarer health checks
    "distributed.worker.profile.enabled": False,
    "distributed.admin.system-monitor.gil.enabled": False,
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.tick.interval": "1s",
    "distributed.scheduler.allowed-failures": 0,  # a round's task is not run again elsewhere when its worker dies
}


class DaskEngine(_PoolEngine):
    """A Dask distributed cluster: the scheduler at ``address``, or a LocalCluster of ``workers`` processes.

    On a LocalCluster, which this engine starts and whose workers share the table's memory, the wide layers go in
    rounds of many layers (:mod:`~hanoikit.frontier.rounds`), one task a worker; on a cluster at ``address`` (its
    workers perhaps on other machines, or shared with other clients) one task a worker for each layer.
    """

    name = "dask"

    def __init__(self, address: str | None = None, workers: int | None = None, store: str | None = None) -> None:
        super().__init__(store)
        from .._extras import require

        distributed = require("distributed", "cluster")
        import dask

        Client, LocalCluster = distributed.Client, distributed.LocalCluster
        self._distributed = distributed
        self.cluster: Any = None
        self.client: Any = None
        self._scratch: str | None = None  # the LocalCluster's working files, removed on close
        self._held: list[Any] = []  # the last layer's futures
        count = _worker_count(workers)
        if address is None:
            need_worker_room(count)
            self._scratch = tempfile.mkdtemp(prefix="hanoi-dask-")
            settings = {**_QUIET, "temporary-directory": self._scratch}
            try:  # a signal meanwhile waits until the cluster is whole, then closes it as a search's end does
                with dask.config.set(settings), DeferredSignals(), _workers_leave_interrupts():
                    self.cluster = LocalCluster(
                        n_workers=count, threads_per_worker=1, processes=True,
                        host="127.0.0.1", scheduler_port=0, dashboard_address=None,  # local, a free port, no dashboard
                        # its HTTP server (health, metrics) on a free port too, not on 8787, where a second cluster of
                        # the machine warned on stderr ("Port 8787 is already in use")
                        scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
                    )
                    self.client = Client(self.cluster)
            except BaseException:
                with DeferredSignals():
                    self.close()
                raise
        else:
            self.client = connect(address, CLUSTER_CONNECT_SECONDS)  # closed again if it fails
        self.workers = len(self.client.nthreads()) or count
        self.rounds = self.cluster is not None

    def table(self, layout: Layout) -> np.ndarray:
        table = super().table(layout)
        unseen = [worker for worker, seen in self.client.run(os.path.exists, self.ref.path).items() if not seen]
        if unseen:
            raise EngineError(
                f"{len(unseen)} Dask workers cannot see the table {self.ref.path}: give a directory on a file system "
                "every worker sees (--store DIR)"
            )
        return table

    def run(
        self, table: np.ndarray, tasks: Sequence[BlockTask], poll: Callable[[], None] | None = None
    ) -> Iterator[BlockResult]:
        """The shares of a layer go to the scheduler as one message (``Client.map``), and the previous layer's results
        are let go only after it: the client sends at most one message every 10 ms, and a submit or a release just
        before would hold the layer back. While it waits, ``poll()`` is called every :data:`POLL_SECONDS`."""
        mapped = [task._replace(table=self.ref) for task in tasks]
        futures = self.client.map(run_blocks, [Share(share) for share in shares(mapped, self.workers)], pure=False)
        self._held = futures
        distributed, pending = self._distributed, set(futures)
        try:
            while pending:
                try:
                    distributed.wait(pending, timeout=POLL_SECONDS, return_when="FIRST_COMPLETED")
                except TimeoutError:
                    if poll is not None:
                        poll()
                    continue
                done = {future for future in pending if future.done()}
                pending -= done
                for future in done:
                    yield from future.result()
        except distributed.KilledWorker as error:
            raise _killed(error) from None

    def run_round(self, tasks: Sequence[RoundTask], poll: Callable[[int, int], None]) -> list[RoundResult]:
        """Each task to a worker of its own (it waits for the others at every layer), its progress polled every
        0.1 s; a task that fails, or an interruption, stops the others at their next meeting."""
        assert self.control is not None
        distributed = self._distributed
        control = self.control
        control.reset()
        addresses = sorted(self.client.scheduler_info()["workers"])
        if len(addresses) < len(tasks):
            raise EngineError(f"the search has {len(tasks)} tasks a round and {len(addresses)} Dask workers left")
        futures = [
            self.client.submit(run_round, task, workers=[address], allow_other_workers=False, pure=False)
            for task, address in zip(tasks, addresses)
        ]
        try:
            while not any(future.status == "error" for future in futures):
                try:
                    distributed.wait(futures, timeout=0.1)
                    break
                except TimeoutError:
                    poll(*control.progress())
            results: list[RoundResult] = self.client.gather(futures)
        except distributed.KilledWorker as error:
            control.abort()
            raise _killed(error) from None
        except BaseException:
            control.abort()
            with contextlib.suppress(Exception):  # the workers stop at their next meeting
                distributed.wait(futures, timeout=self.wait)
            raise
        finally:
            self.client.cancel(futures)
        return _round_results(results)

    def close(self) -> None:
        self._held = []
        try:
            if self.client is not None:
                self.client.close()
            if self.cluster is not None:
                self.cluster.close()
        finally:
            if self._scratch is not None:
                shutil.rmtree(self._scratch, ignore_errors=True)
                self._scratch = None
            super().close()


def _killed(error: BaseException) -> EngineError:
    """What a Dask ``KilledWorker`` means for the search."""
    where = getattr(error, "last_worker", None) or "a worker"
    return EngineError(f"a Dask worker of the search died ({where}): killed, or out of memory?")


def _round_results(results: list[RoundResult]) -> list[RoundResult]:
    """``results``, or :class:`~hanoikit.EngineError` with the first reason a worker gave for stopping (a death
    before the failures it caused)."""
    errors = sorted((" died" not in result.error, result.error) for result in results if result.error)
    if errors:
        raise EngineError(errors[0][1])
    return results


def make_engine(
    engine: str | None = None, *, workers: int | None = None, cluster: str | None = None, store: str | None = None
) -> Engine:
    """The engine named ``engine`` (see :data:`ENGINES`); ``cluster`` (a scheduler address) implies Dask.

    >>> make_engine().name
    'inprocess'
    """
    name = engine or ("dask" if cluster else "inprocess")
    store = None if store is None else directory_path(store, "store")
    if name == "inprocess":
        return Engine(store)
    if name == "processes":
        return ProcessEngine(workers, store)
    if name == "dask":
        return DaskEngine(cluster, workers, store)
    raise UnknownMethodError(f"unknown engine {name!r}: choose {', '.join(ENGINES)}")
