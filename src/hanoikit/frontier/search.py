"""The frontier search: breadth-first search over every position of a puzzle at two bits per position.

The layers go one after the other. While a layer is narrow (at most :data:`NARROW` positions) its positions are one
list, and a compiled loop expands layer after layer over the whole table (the classic and magnetic towers spend
almost all their layers there: their layers are many and small). A wider layer is expanded block by block, each block
a task for the engine (:mod:`hanoikit.frontier.engines`); the children that fall in other blocks are marked once
every task of the layer is done.

>>> from hanoikit import Puzzle
>>> result = frontier_search(Puzzle(4, posts=4, moves="linear"))
>>> result.distance, result.reachable, result.eccentricity
(34, 256, 34)
"""

from __future__ import annotations

import math
import numbers
import time
from array import array
from collections.abc import Callable
from contextlib import nullcontext

import numpy as np

from ..digits import as_int
from ..errors import EngineError, InvalidArgumentError, quote
from ..limits import MAX_NARROW
from ..positions import PLOG
from ..puzzle import Puzzle
from ..search import progress_bar
from ..state import State
from .block import CROSS_ROOM, LIST_SHARE, BlockResult, BlockTask, add_listed
from .checkpoint import Checkpoint
from .engines import Engine, make_engine
from .kernels import mark_codes, mirror_meets, run_narrow
from .layout import Layout, position_count
from .mirror import byte_map, posts_mirror
from .result import FrontierResult
from .rounds import Round, RoundTask
from .signals import DeferredSignals
from .tables import directory_path

__all__ = [
    "BLOCKS_PER_WORKER", "NARROW", "ROUND_BLOCKS_PER_WORKER", "frontier_search", "overhead_bytes",
]

NARROW = 1 << 16
"""The most positions of a layer expanded as one list over the whole table, in one compiled call for many layers."""

_WORK = 1 << 22  # expansions per compiled call in the narrow regime, between progress updates and checkpoints
_SIZES = 1 << 16  # layers per compiled call in the narrow regime
BLOCKS_PER_WORKER = 8
"""The fewest blocks a search on several workers gets for each worker (unless ``block_disks`` or ``checkpoint`` is
given): enough for the workers' shares of a layer to be of about equal work, also while one block holds most of it
(4 posts, n = 14, 2 workers: 16 blocks split the layers 1.9x, 64 blocks 2.0x, but cost the driver more per layer than
that gains)."""
ROUND_BLOCKS_PER_WORKER = 32
"""The same where the workers run rounds of many layers (:mod:`~hanoikit.frontier.rounds`), each on blocks of its
own for the whole round: blocks dealt in turn split the layers about evenly only when there are many (4 posts,
n = 14, 2 workers: 16 blocks 1.75x, 64 blocks 1.90x); in a round a block costs no message."""


def overhead_bytes(layout: Layout, narrow: int = NARROW) -> int:
    """The most memory a search needs besides its table of two bits a code: the kernels' tables, the two lists of
    the narrow regime and their hand-over to the blocks (up to ``narrow`` times the moves per position, 8 bytes
    each, in a few arrays), and one block task's buffers. It does not grow with the puzzle beyond the block size.

    >>> from hanoikit import Puzzle
    >>> overhead_bytes(Layout(Puzzle(15, posts=4))) // 2**20  # MiB, beside a table of 256 MiB
    37
    """
    pairs = len(layout.puzzle.moves)
    found = 4 * max(16, layout.block_codes // LIST_SHARE)
    return int(layout.table_bytes + 48 * narrow * pairs + 8 * _SIZES + found + 8 * CROSS_ROOM)


def frontier_search(
    puzzle: Puzzle,
    source: State | None = None,
    target: State | None = None,
    *,
    engine: str | Engine | None = None,
    workers: int | None = None,
    cluster: str | None = None,
    store: str | None = None,
    checkpoint: str | None = None,
    checkpoint_every: float = 60.0,
    progress: bool = False,
    block_disks: int | None = None,
    narrow: int = NARROW,
    until_target: bool = False,
    mirror: bool = True,
    on_layer: Callable[[int], None] | None = None,
) -> FrontierResult:
    """Breadth-first search of every position of ``puzzle`` reachable from ``source`` (default: the start), and the
    distance to ``target`` (default: the goal, if it is a legal position).

    ``engine`` is ``"inprocess"`` (the default), ``"processes"`` (``workers`` local processes, one per core unless
    told) or ``"dask"`` (the scheduler at ``cluster``, or a LocalCluster of ``workers`` processes); ``store`` is a
    directory for the table of two-bit rows (one every worker sees), when not in memory. With ``checkpoint``, a
    directory, each finished layer is made durable there at most every ``checkpoint_every`` seconds (0: every layer),
    and a search that finds a checkpoint of itself there resumes from it. ``on_layer(d)`` is called after each layer
    (or run of narrow layers) with the number of the current layer. ``block_disks``
    sets how many of the largest disks pick the block (see :class:`~hanoikit.frontier.Layout`; on several workers,
    without a checkpoint, at least :data:`BLOCKS_PER_WORKER` blocks a worker by default) and ``narrow`` the most
    positions of a layer expanded as one list (:data:`NARROW`); neither changes the result. With
    ``until_target``, the search stops once the target's distance is known (the layers are then those up to it):
    where a renumbering of the posts takes the target to the source and reverses every move
    (:mod:`~hanoikit.frontier.mirror`; unless ``mirror`` is false), at the layer halfway to it. Raises
    :class:`~hanoikit.TooLargeError` above :data:`~hanoikit.limits.MAX_FRONTIER_CODES` codes.
    """
    layout = Layout(puzzle, block_disks)
    narrow = _cap(narrow, layout)
    checkpoint_every = _every(checkpoint_every)
    checkpoint = None if checkpoint is None else directory_path(checkpoint, "checkpoint")
    source = puzzle.check(puzzle.start if source is None else source)
    if target is None and puzzle.is_legal(puzzle.goal):
        target = puzzle.goal
    target = None if target is None else puzzle.check(target)
    runner = (
        engine if isinstance(engine, Engine) else make_engine(engine, workers=workers, cluster=cluster, store=store)
    )
    if block_disks is None and checkpoint is None and runner.workers > 1:  # a checkpoint names its blocks
        layout = _spread(layout, (ROUND_BLOCKS_PER_WORKER if runner.rounds else BLOCKS_PER_WORKER) * runner.workers)
    target_code = -1 if target is None else layout.encode(target)
    with runner if not isinstance(engine, Engine) else nullcontext(runner):  # an engine given is the caller's
        search = _Search(layout, runner, layout.encode(source), target_code, narrow)
        pi = posts_mirror(puzzle, source, target) if until_target and mirror and target is not None else None
        search.mapped = None if pi is None else byte_map(pi)
        if checkpoint is not None:
            search.checkpoint(checkpoint, checkpoint_every)
        try:
            with progress_bar(progress, position_count(puzzle), f"search {puzzle!r}", "layer") as update:
                with DeferredSignals() as held:  # SIGINT/SIGTERM act between kernel calls, at each progress update
                    search.run(held.checking(update), on_layer, until_target)
        finally:  # the directory let go however the search ends (a traceback kept by the caller holds its frames)
            if search.saver is not None:
                search.saver.close()
    return FrontierResult(
        puzzle, source, target, search.layers.data, search.distance, search.seconds, runner.name, runner.workers, layout
    )


def _cap(narrow: object, layout: Layout) -> int:
    """``narrow``, a whole number from 0 to :data:`~hanoikit.limits.MAX_NARROW`, as a Python int no larger than the
    code space (the narrow regime takes room for ``narrow`` times the moves per position).

    >>> from hanoikit import Puzzle
    >>> _cap(10**6, Layout(Puzzle(3)))
    27
    """
    cap = as_int(narrow)
    if cap is None or not 0 <= cap <= MAX_NARROW:
        raise InvalidArgumentError(f"narrow is a whole number from 0 to {MAX_NARROW:,}, not {quote(narrow)}")
    return min(cap, layout.codes)


def _every(seconds: object) -> float:
    """``checkpoint_every``, a real number of seconds of at least 0 (inf: at the end only), as a float."""
    if not isinstance(seconds, numbers.Real) or isinstance(seconds, bool) or not float(seconds) >= 0:
        raise InvalidArgumentError(f"checkpoint_every is a number of seconds of at least 0, not {quote(seconds)}")
    return float(seconds)


def _spread(layout: Layout, blocks: int) -> Layout:
    """``layout`` with more, smaller blocks, until there are ``blocks`` of them (or every disk picks the block).

    >>> from hanoikit import Puzzle
    >>> _spread(Layout(Puzzle(10, posts=4)), 32)
    Layout(Puzzle(10, posts=4), block_disks=3)
    """
    m = layout.m
    while layout.k**m < blocks and m < layout.n:
        m += 1
    return layout if m == layout.m else Layout(layout.puzzle, m)


class _Sizes:
    """Layer sizes in the narrowest unsigned array that holds them (a magnetic tower has tens of millions of layers),
    and their running total."""

    def __init__(self, values: list[int]) -> None:
        self.data = array("B")
        self.total = 0
        self.extend(values)

    def extend(self, values: list[int]) -> None:
        if values:
            top = max(values)
            code = next(c for c in "BHIQ" if top < 1 << 8 * array(c).itemsize)
            if array(code).itemsize > self.data.itemsize:
                self.data = array(code, self.data)
            self.data.extend(values)
            self.total += sum(values)

    def append(self, value: int) -> None:
        self.extend([value])

    def pop(self) -> int:
        value = self.data.pop()
        self.total -= value
        return value

    def __getitem__(self, index: int) -> int:
        return self.data[index]

    def __len__(self) -> int:
        return len(self.data)

    def tolist(self) -> list[int]:
        return self.data.tolist()


class _Enough(Exception):
    """Raised to stop a search run again for a checkpoint's first layers once it has them."""


class _Search:
    """The state of one search between layers: the table, the current layer and the layers so far."""

    def __init__(self, layout: Layout, engine: Engine, source: int, target: int, narrow: int) -> None:
        self.layout, self.engine, self.target, self.cap = layout, engine, target, narrow
        self.table = engine.table(layout)
        self.dirty = np.zeros(layout.blocks, dtype=np.uint8)
        self.size = layout.block_codes
        self.value = 2
        self.layers = _Sizes([1])
        self.distance: int | None = 0 if source == target else None
        self.seconds = 0.0
        self.saver: Checkpoint | None = None
        self.every = 0.0
        self.narrow: np.ndarray | None = np.array([source], dtype=np.int64)  # the current layer as one list
        self.wide: dict[int, np.ndarray | None] = {}  # else by block: local codes, None to scan the row
        self.work: dict[int, int] = {}  # and the number of its positions in each block, where known
        mark_codes(self.table, self.narrow, self.value, self.size, np.empty(1, np.int64), self.dirty)
        self.source = source
        self.mapped: np.ndarray | None = None  # the renumbering of a mirror, byte by byte (see .mirror)
        self.round = 0  # the rounds run (see .rounds)

    # -- checkpoints -----------------------------------------------------------------------------------------------

    def checkpoint(self, directory: str, every: float) -> None:
        self.saver = Checkpoint(directory, self.layout, self.source, self.target)
        self.every = every
        if not self.saver.exists:
            self._save()
            return
        self.table[self.source // self.size].fill(0)
        state, listed, dense = self.saver.load(self.table, self._first_layers)
        self.value, self.layers, self.distance = state["value"], _Sizes(state["layers"]), state["distance"]
        self.seconds = state["seconds"]
        self._set_layer(listed, dense)

    def _first_layers(self, count: int) -> list[int] | None:
        """The first ``count`` layers of this search run again in memory (a last 0 if it ends before), for a
        checkpoint's to be checked against; ``None`` if there is no room for a second table."""
        try:
            again = _Search(self.layout, Engine(), self.source, -1, self.cap)
        except EngineError:
            return None

        def enough(layer: int) -> None:
            if len(again.layers) >= count:
                raise _Enough

        try:
            again.run(lambda done, layer: None, enough)
            again.layers.append(0)
        except _Enough:
            pass
        return again.layers.tolist()[:count]

    def _save(self) -> None:
        assert self.saver is not None
        listed, dense = self._layer_codes()
        state = {
            "value": self.value, "layers": self.layers.tolist(), "distance": self.distance, "seconds": self.seconds
        }
        self.saver.save(self.table, self.dirty, state, listed, dense)
        self.saved = time.monotonic()

    def _layer_codes(self) -> tuple[np.ndarray, np.ndarray]:
        """The current layer as global codes, and the blocks whose positions are found by scanning."""
        if self.narrow is not None:
            return self.narrow, np.empty(0, dtype=np.int64)
        size = self.size
        listed = [block * size + codes.astype(np.int64) for block, codes in self.wide.items() if codes is not None]
        dense = [block for block, codes in self.wide.items() if codes is None]
        return np.concatenate(listed or [np.empty(0, np.int64)]), np.array(dense, dtype=np.int64)

    def _set_layer(self, listed: np.ndarray, dense: np.ndarray) -> None:
        if not dense.size and listed.size <= self.cap:
            self.narrow, self.wide, self.work = listed.astype(np.int64), {}, {}
            return
        self.narrow = None
        blocks = listed // self.size
        order = np.argsort(blocks, kind="stable")
        keys, starts = np.unique(blocks[order], return_index=True)
        parts = np.split((listed[order] - blocks[order] * self.size).astype(np.uint32), starts[1:])
        listing = {int(block): part for block, part in zip(keys, parts)} if listed.size else {}
        self.work = {block: part.size for block, part in listing.items()}
        self.wide = dict(listing)
        for block in dense.tolist():
            self.wide[block] = None

    # -- the layers ------------------------------------------------------------------------------------------------

    def run(
        self, update: Callable[[int, int], None], on_layer: Callable[[int], None] | None, until_target: bool = False
    ) -> None:
        began = time.monotonic() - self.seconds
        self.saved = time.monotonic()
        while self.layers[-1]:
            if until_target and self.distance is None and self.mapped is not None:
                self._meet()
            if until_target and self.distance is not None:
                return
            if self.narrow is not None:
                self._narrow_layers()
            elif self.engine.rounds and self.mapped is None:  # a mirror's meeting is checked layer by layer
                self._wide_round(update, until_target)
            else:
                self._wide_layer(update)
            self.seconds = time.monotonic() - began
            update(self.layers.total, len(self.layers) - 1)
            if self.saver is not None and time.monotonic() - self.saved >= self.every:
                self._save()
            if on_layer is not None:
                on_layer(len(self.layers) - 1)
        self.layers.pop()  # the empty layer that ended the search
        self.seconds = time.monotonic() - began
        if self.saver is not None:
            self.layers.append(0)
            self._save()
            self.layers.pop()

    def _meet(self) -> None:
        """The distance, if the current layer ``D`` holds a position whose image by the mirror is in layer ``D``
        (``2 D``) or ``D - 1`` (``2 D - 1``, which wins): the first such layer is halfway along a shortest path."""
        assert self.mapped is not None
        bits, plog = 2 * self.layout.n, int(self.layout.tables().geo[PLOG])
        if self.narrow is not None:
            met = mirror_meets(self.table, -1, self.value, self.narrow, False, bits, plog, self.mapped)
        else:
            none = np.empty(0, dtype=np.uint32)
            met = 0
            for block, codes in self.wide.items():
                met |= mirror_meets(
                    self.table, block, self.value, none if codes is None else codes, codes is None, bits, plog,
                    self.mapped,
                )
        if met:
            here = len(self.layers) - 1
            self.distance = 2 * here - 1 if met & 2 else 2 * here

    def _narrow_layers(self) -> None:
        assert self.narrow is not None
        tables = self.layout.tables()
        room = max(self.cap, self.narrow.size) * max(1, len(tables.src))
        current = np.empty(room, dtype=np.int64)
        current[: self.narrow.size] = self.narrow
        sizes = np.zeros(_SIZES, dtype=np.int64)
        out = np.zeros(4, dtype=np.int64)
        one = self.mapped is not None or (self.saver is not None and self.every == 0)  # a mirror checks each layer
        most = 1 if one else sizes.size
        last = run_narrow(
            self.table, current, np.empty(room, dtype=np.int64), self.narrow.size, self.value, self.target, most,
            _WORK, self.cap, tables, sizes, self.dirty, out,
        )
        done, count, self.value = int(out[0]), int(out[1]), int(out[2])
        if out[3] and self.distance is None:
            self.distance = len(self.layers) - 1 + int(out[3])
        self.layers.extend(sizes[:done].tolist())
        self._set_layer(last[:count].copy(), np.empty(0, dtype=np.int64))

    def _wide_layer(self, update: Callable[[int, int], None]) -> None:
        layout, size, value = self.layout, self.size, self.value
        target_block = self.target // size if self.target >= 0 else -1
        tasks = [
            BlockTask(
                self.table, layout, block, value, codes, self.target - block * size if block == target_block else -1,
                self.work.get(block, size),
            )
            for block, codes in self.wide.items()
        ]
        done = self.layers.total
        found = 0

        def waiting() -> None:  # for the workers of the layer: a signal is delivered meanwhile
            update(done + found, len(self.layers))

        crossing = []
        following: dict[int, np.ndarray | None] = {}
        self.work = {}
        for result in self.engine.run(self.table, tasks, waiting):
            self._collect(result, following)
            found += result.found
            crossing.append(result.cross)
            update(done + found, len(self.layers))
        for block in self.wide:
            self.dirty[block] = 1
        if crossing and sum(part.size for part in crossing):
            codes = np.unique(np.concatenate(crossing))
            marked = np.empty(codes.size, dtype=np.int64)
            count = mark_codes(self.table, codes, 5 - value, size, marked, self.dirty)
            found += count
            if self.distance is None and count and self.target in marked[:count]:
                self.distance = len(self.layers)
            add_listed(marked[:count], size, following, self.work)
        self.value = 5 - value
        self.layers.append(found)
        self.wide = following
        if found <= self.cap and all(codes is not None for codes in following.values()):
            listed, dense = self._layer_codes()
            self._set_layer(listed, dense)

    def _wide_round(self, update: Callable[[int, int], None], until_target: bool) -> None:
        """Wide layers in a round of the engine's workers (:mod:`~hanoikit.frontier.rounds`), block ``b`` to worker
        ``b % workers``, up to the next checkpoint, the narrow regime, the target (``until_target``) or the end."""
        engine, size = self.engine, self.size
        assert engine.control is not None
        workers = engine.workers
        mine: list[tuple[dict[int, np.ndarray | None], dict[int, int]]] = [({}, {}) for _ in range(workers)]
        for block, codes in self.wide.items():
            blocks, work = mine[block % workers]
            blocks[block] = codes
            work[block] = self.work.get(block, size)
        seconds = math.inf if self.saver is None else max(0.0, self.every - (time.monotonic() - self.saved))
        self.round += 1
        plan = Round(
            engine.ref, engine.control.path, self.layout, workers, self.round, self.value, self.target, self.cap,
            until_target, seconds, 1 if self.saver is not None and self.every == 0 else 0, engine.wait,
        )
        done, here = self.layers.total, len(self.layers)
        results = engine.run_round(
            [RoundTask(plan, worker, *mine[worker]) for worker in range(workers)],
            lambda layers, found: update(done + found, here + layers),
        )
        self.wide, self.work = {}, {}
        for result in results:
            self.wide.update(result.blocks)
            self.work.update(result.work)
            self.dirty[result.dirty] = 1
        first = results[0]
        if first.hit >= 0 and self.distance is None:
            self.distance = here + first.hit
        self.layers.extend(first.layers)
        self.value = first.value
        if self.layers[-1] <= self.cap and all(codes is not None for codes in self.wide.values()):
            listed, dense = self._layer_codes()
            self._set_layer(listed, dense)

    def _collect(self, result: BlockResult, following: dict[int, np.ndarray | None]) -> None:
        if result.hit and self.distance is None:
            self.distance = len(self.layers)
        if result.found:
            following[result.block] = result.codes
            self.work[result.block] = result.found
