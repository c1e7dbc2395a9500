"""Rounds: many layers in one task a worker, the workers meeting in shared memory between layers.

Where every worker maps the table on one machine, a round gives each worker one task for many layers (up to the next
checkpoint, a narrow layer, or the end), on blocks of its own: block ``b`` belongs to worker ``b % workers`` for the
whole round. A layer goes in three steps. Each worker expands its blocks (:func:`~hanoikit.frontier.block.run_block`)
and writes the children that fall in another worker's blocks to its outbox for that worker; the workers meet; each
marks the children sent to it in its own blocks; they meet again, and each reads every worker's count of the next
layer. No two processes ever write the same row, and a layer costs two meetings in a small mapped file
(:class:`Control`), microseconds, where a task of the scheduler costs milliseconds.

A meeting is a counter for each worker, written by that worker only: a worker writes its own and waits until every
other worker's has reached it (spinning briefly, then sleeping). A worker that fails says so in its cell; a worker
that waits checks that the others are alive (same machine: their process ids and start times, :mod:`.owner`), and
gives up after ``wait`` seconds without the meeting, so a dead worker stops the round with
:class:`~hanoikit.EngineError`, never hangs it. Every
worker decides the same way, from the same cells, whether the round goes on; only worker 0 reads the clock and the
round's time, and tells the others in its cell; the driver can only abort a round (an interruption, a failed
worker), whose work it then discards. (The cells are written in program order and read by
processes of one machine, whose stores are seen in order on x86-64 and, being followed by the barrier's load of
another's counter, through the OS's coherent shared mapping elsewhere.)
"""

from __future__ import annotations

import functools
import time
from typing import NamedTuple

import numpy as np

from ..errors import EngineError
from .block import BlockTask, TableRef, add_listed, run_block
from .kernels import mark_codes
from .layout import Layout
from .owner import owner_alive, owner_record

__all__ = ["Control", "Round", "RoundResult", "RoundTask", "control_bytes", "outbox_codes", "run_round"]

_HEADER = 8  # the driver's order to stop, and worker 0's progress (layers done, positions found)
ABORT, LAYERS, FOUND_SO_FAR = 0, 1, 2
_CELL = 16  # int64 words a worker: two cache lines of its own
SEQ, FOUND, HIT, MORE, PID, FAILED, LAST, DENSE, ROUND, STARTED = range(10)
_SPIN = 300  # checks of a meeting before the first sleep (~0.3 ms: a spinning worker takes a core)
_NAP = 0.001  # the longest sleep between two checks, in seconds
_LOOK = 0.25  # seconds between two checks that the others are alive


def outbox_codes(workers: int) -> int:
    """Room for the codes one worker sends another at once (8 bytes each): at most 2**20, and 2**25 between all the
    pairs; more go in several passes.

    >>> outbox_codes(2), outbox_codes(64)
    (1048576, 8192)
    """
    return min(1 << 20, (1 << 25) // (workers * workers))


def _control_words(workers: int) -> tuple[int, int]:
    """The int64 words of a control file before its outboxes, and in all."""
    small = _HEADER + workers * _CELL + workers * workers
    return small, small + workers * workers * outbox_codes(workers)


def control_bytes(workers: int) -> int:
    """The most room the control file of a round of ``workers`` workers takes (in memory or on disk), in bytes: its
    outboxes (:func:`outbox_codes`) take it as they are written.

    >>> control_bytes(2) // 2**20, control_bytes(64) // 2**20  # MiB
    (32, 256)
    """
    return 8 * _control_words(workers)[1]


class Control:
    """The mapped control file of a round: a header, a cell for each worker, and the outboxes between workers."""

    def __init__(self, path: str, workers: int, create: bool = False) -> None:
        self.path, self.workers = path, workers
        self.room = outbox_codes(workers)
        small, words = _control_words(workers)
        if create:
            with open(path, "wb") as file:
                file.truncate(8 * words)  # sparse: the outboxes take memory only where written
        self.mapped = np.memmap(path, dtype=np.int64, mode="r+", shape=(words,))
        self.words = np.asarray(self.mapped)  # a plain array: a memmap's every index costs microseconds
        self.header = self.words[:_HEADER]
        self.cells = self.words[_HEADER : _HEADER + workers * _CELL].reshape(workers, _CELL)
        self.counts = self.words[_HEADER + workers * _CELL : small].reshape(workers, workers)
        self.outbox = self.words[small:].reshape(workers, workers, self.room)
        self._small = small

    def reset(self) -> None:
        """Zero the header, the cells and the counts (by the driver, before a round: no worker reads them then)."""
        self.words[: self._small] = 0

    def abort(self) -> None:
        """Stop the round's workers at their next meeting (with :class:`~hanoikit.EngineError`): the driver gives the
        round up."""
        self.header[ABORT] = 1

    def progress(self) -> tuple[int, int]:
        """The layers done in this round and the positions they found, as far as worker 0 has told."""
        return int(self.header[LAYERS]), int(self.header[FOUND_SO_FAR])

    def meet(self, worker: int, seq: int, wait: float) -> None:
        """Tell the others that ``worker`` reached meeting ``seq`` and wait until they all have; raise
        :class:`~hanoikit.EngineError` if one failed or died, or after ``wait`` seconds without them."""
        cells = self.cells
        cells[worker, SEQ] = seq
        spins = 0
        nap = 0.0
        began = looked = time.monotonic()
        self._check_failed()
        while cells[:, SEQ].min() < seq:
            spins += 1
            if spins < _SPIN:
                continue
            self._check_failed()
            nap = min(2 * nap or 1e-5, _NAP)
            time.sleep(nap)
            now = time.monotonic()
            if now - looked >= _LOOK:
                looked = now
                self._check_alive(worker)
                if now - began > wait:
                    late = [other for other in range(self.workers) if cells[other, SEQ] < seq]
                    raise EngineError(
                        f"the search's workers {late} did not reach layer step {seq} within {wait:g} s: stopped"
                    )

    def _check_failed(self) -> None:
        if self.header[ABORT]:
            raise EngineError("the search stopped the round")
        if self.cells[:, FAILED].any():
            raise EngineError("another worker of the search failed: the round stopped")

    def _check_alive(self, worker: int) -> None:
        for other in range(self.workers):
            pid = int(self.cells[other, PID])
            if other != worker and pid and not owner_alive(pid, int(self.cells[other, STARTED])):
                raise EngineError(f"worker {other} of the search (process {pid}) died: killed, or out of memory?")


@functools.lru_cache(maxsize=1)  # a worker serves one search at a time
def _control(path: str, workers: int) -> Control:
    return Control(path, workers)


class Round(NamedTuple):
    """What every worker of a round is told."""

    table: TableRef
    control: str
    layout: Layout
    workers: int
    number: int  # the round's number, to refuse a task run twice (a scheduler retrying it elsewhere)
    value: int  # the current layer's two-bit value
    target: int  # the target's global code, -1 if none
    cap: int  # the round ends after a layer of at most ``cap`` positions, all listed (the narrow regime takes over)
    until_target: bool  # the round ends once the target is found
    seconds: float  # worker 0 ends the round after the first layer that ends this long after the start
    most: int  # the most layers of the round, 0 for no limit
    wait: float  # the longest wait for the other workers at a meeting


class RoundTask:
    """One worker's task of a round: its blocks' current positions (local codes, or ``None`` to scan the row) and
    their numbers. A plain object, which a scheduler ships whole."""

    def __init__(self, plan: Round, worker: int, blocks: dict[int, np.ndarray | None], work: dict[int, int]) -> None:
        self.plan, self.worker, self.blocks, self.work = plan, worker, blocks, work


class RoundResult(NamedTuple):
    layers: list[int]  # the sizes of the layers found in the round (the same in every worker's result)
    hit: int  # the number of the round's layer (0 for its first) where the target was found, -1 if not
    value: int  # the two-bit value of the last layer found
    blocks: dict[int, np.ndarray | None]  # the worker's blocks holding the last layer, as in the task
    work: dict[int, int]
    dirty: np.ndarray  # the blocks the worker wrote
    error: str = ""  # why the round stopped without its layers (another worker failed or died, the driver aborted)


def run_round(task: RoundTask) -> RoundResult:
    """Run a round in a worker (see the module docstring). A round stopped by another worker's failure or death, or
    by the driver, gives a result that says why, no layers: the driver raises :class:`~hanoikit.EngineError` with it
    (a task that raises has its traceback logged by the scheduler's worker, on the terminal of a LocalCluster)."""
    plan = task.plan
    control = _control(plan.control, plan.workers)
    cell = control.cells[task.worker]
    if cell[ROUND] == plan.number:
        raise EngineError(f"worker {task.worker}'s task of round {plan.number} ran twice: the round is lost")
    me = owner_record()
    cell[PID], cell[STARTED] = me["pid"], me["started"]  # its start tells it from a later process given its pid
    cell[ROUND] = plan.number
    try:
        return _Worker(task, control).run()
    except EngineError as error:
        cell[FAILED] = 1
        return RoundResult([], -1, plan.value, {}, {}, np.empty(0, np.int64), str(error))
    except BaseException:
        cell[FAILED] = 1
        raise


class _Worker:
    """One worker's state through a round."""

    def __init__(self, task: RoundTask, control: Control) -> None:
        self.plan, self.me, self.control = task.plan, task.worker, control
        self.blocks, self.work = task.blocks, task.work
        self.table = self.plan.table.open()
        self.size = self.plan.layout.block_codes
        self.dirty = np.zeros(self.plan.layout.blocks, dtype=np.uint8)
        self.seq = 0

    def _meet(self) -> None:
        self.seq += 1
        self.control.meet(self.me, self.seq, self.plan.wait)

    def run(self) -> RoundResult:
        plan, control, cell = self.plan, self.control, self.control.cells[self.me]
        began = time.monotonic()
        value, hit = plan.value, -1
        layers: list[int] = []
        while True:
            following, found, crossing, here = self._expand(value)
            marked, seen = self._exchange(crossing, 5 - value, following)
            found += marked
            if (here or seen) and hit < 0:
                hit = len(layers)
            self.blocks, value = following, 5 - value
            cell[FOUND] = found
            cell[HIT] = hit >= 0
            cell[DENSE] = sum(codes is None for codes in following.values())
            if self.me == 0:
                cell[LAST] = time.monotonic() - began >= plan.seconds
            self._meet()
            cells = control.cells
            layers.append(int(cells[:, FOUND].sum()))
            if hit < 0 and cells[:, HIT].any():
                hit = len(layers) - 1
            if self.me == 0:
                control.header[FOUND_SO_FAR] = sum(layers)
                control.header[LAYERS] = len(layers)
            narrow = layers[-1] <= plan.cap and not cells[:, DENSE].any()
            if (
                not layers[-1] or narrow or (plan.until_target and hit >= 0) or cells[0, LAST]
                or len(layers) == plan.most
            ):
                return RoundResult(layers, hit, value, self.blocks, self.work, np.flatnonzero(self.dirty))

    def _expand(self, value: int) -> tuple[dict[int, np.ndarray | None], int, list[np.ndarray], bool]:
        """Expand the current layer in the worker's blocks: the next layer's positions there, their number, the
        children in other blocks, and whether the target is among them."""
        plan, size = self.plan, self.size
        target_block = plan.target // size if plan.target >= 0 else -1
        following: dict[int, np.ndarray | None] = {}
        work: dict[int, int] = {}
        found, crossing, hit = 0, [], False
        for block, codes in self.blocks.items():
            local = plan.target - block * size if block == target_block else -1
            work_here = self.work.get(block, size)
            result = run_block(BlockTask(self.table, plan.layout, block, value, codes, local, work_here))
            self.dirty[block] = 1
            hit |= result.hit
            crossing.append(result.cross)
            if result.found:
                following[block] = result.codes
                work[block] = result.found
                found += result.found
        self.work = work
        return following, found, crossing, hit

    def _exchange(self, crossing: list[np.ndarray], value: int, following: dict[int, np.ndarray | None]) -> tuple[
        int, bool
    ]:
        """Send the children in other workers' blocks to them, and mark those sent to this worker (and its own) with
        ``value`` where unvisited: their number, and whether the target is among them. Several passes while an
        outbox is too small."""
        control, me, workers = self.control, self.me, self.plan.workers
        codes = np.concatenate(crossing) if crossing else np.empty(0, np.int64)
        owners = (codes // self.size) % workers
        parts = [codes[owners == other] for other in range(workers)]
        found, hit = self._mark(parts[me], value, following)
        sent = [0] * workers
        sent[me] = parts[me].size
        while True:
            for other in range(workers):
                if other != me:
                    count = min(control.room, parts[other].size - sent[other])
                    control.outbox[me, other, :count] = parts[other][sent[other] : sent[other] + count]
                    control.counts[me, other] = count
                    sent[other] += count
            control.cells[me, MORE] = any(sent[other] < parts[other].size for other in range(workers))
            self._meet()
            more = bool(control.cells[:, MORE].any())
            for other in range(workers):
                if other != me and control.counts[other, me]:
                    count, seen = self._mark(control.outbox[other, me, : control.counts[other, me]], value, following)
                    found, hit = found + count, hit or seen
            if not more:
                return found, hit
            self._meet()  # everyone has read its outboxes before they are written again

    def _mark(self, codes: np.ndarray, value: int, following: dict[int, np.ndarray | None]) -> tuple[int, bool]:
        """Mark ``codes`` (global, in this worker's blocks) with ``value`` where unvisited, and list them in
        ``following``: their number, and whether the target is among them."""
        if not codes.size:
            return 0, False
        marked = np.empty(codes.size, dtype=np.int64)
        count = mark_codes(self.table, np.ascontiguousarray(codes), value, self.size, marked, self.dirty)
        add_listed(marked[:count], self.size, following, self.work)
        return count, self.plan.target >= 0 and bool((marked[:count] == self.plan.target).any())
