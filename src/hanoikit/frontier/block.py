"""The block task: what every engine runs for one block and one layer of the frontier search.

A task names its block's row in the table of two-bit codes (the array itself in-process, or a :class:`TableRef` that a
worker process opens), the current layer's value, and the current layer's positions in the block (their local codes,
or ``None`` to scan the row) and their number, the task's work. It expands them in place and returns the next layer's
positions found in the block and the children that fall in other blocks, which the search marks once every task of the
layer is done. :func:`run_blocks` runs a :class:`Share` of a layer's tasks one after the other, so that an engine can
hand a worker its part of a layer at once.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from .layout import Layout

__all__ = [
    "CROSS_ROOM", "LIST_SHARE", "BlockResult", "BlockTask", "Share", "TableRef", "add_listed", "run_block",
    "run_blocks",
]

LIST_SHARE = 256
"""A block lists the next layer's positions (4 bytes each) while they are at most one in ``LIST_SHARE`` of its codes,
an eighth of a bit per code; a fuller layer is found by scanning the row."""

CROSS_ROOM = 1 << 14
"""Room for the children in other blocks that one kernel call gathers (8 bytes each)."""


class TableRef(NamedTuple):
    """A table of two-bit rows in a file (on a RAM disk, a local disk, or one shared by every worker)."""

    path: str
    blocks: int
    row_bytes: int

    def open(self) -> np.ndarray:
        """The table, mapped from its file read-only."""
        return _open(self.path, self.blocks, self.row_bytes)


@functools.lru_cache(maxsize=1)  # a worker serves one search at a time; the last table is let go
def _open(path: str, blocks: int, row_bytes: int) -> np.ndarray:
    return np.memmap(path, dtype=np.uint8, mode="r+", shape=(blocks, row_bytes))


class BlockTask(NamedTuple):
    table: TableRef | np.ndarray
    layout: Layout
    block: int
    value: int
    codes: np.ndarray | None
    target: int  # the target's local code in this block, -1 if it is elsewhere
    work: int  # the current layer's positions in the block (the block's codes if not known)


class BlockResult(NamedTuple):
    block: int
    found: int
    codes: np.ndarray | None  # the local codes (uint32) of the next layer's positions in the block, None when many
    cross: np.ndarray  # the global codes (int64) of children in other blocks, with repeats
    hit: bool


def run_block(task: BlockTask) -> BlockResult:
    """Expand the current layer of one block (see the module docstring)."""
    from .kernels import expand_block, list_layer

    table = task.table if isinstance(task.table, np.ndarray) else task.table.open()
    layout = task.layout
    tables = layout.tables()
    dense = task.codes is None
    codes = np.empty(0, dtype=np.uint32) if dense else task.codes
    out = np.zeros(4, dtype=np.int64)
    chunks = []
    start = 0
    cross = np.empty(CROSS_ROOM, dtype=np.int64)  # reused: each pass's crossings are copied out
    while True:
        out[1] = 0
        expand_block(
            table[task.block], task.block, task.value, codes, dense, start, task.target,
            tables, cross, out,
        )
        chunks.append(cross[: out[1]].copy())
        if out[3] < 0:
            break
        start = int(out[3])
    count = int(out[0])
    listed = None
    if count <= max(16, layout.block_codes // LIST_SHARE):  # few: listed, for the next layer to skip the scan
        listed = np.empty(count, dtype=np.uint32)
        list_layer(table[task.block], 5 - task.value, listed)
    return BlockResult(task.block, count, listed, np.concatenate(chunks), bool(out[2]))


class Share:
    """Block tasks of one layer for one worker, as one object: a scheduler ships it whole, where it would look into a
    list of tasks field by field for its own references (Dask does, at a cost of milliseconds a layer)."""

    def __init__(self, tasks: Sequence[BlockTask]) -> None:
        self.tasks = list(tasks)


def run_blocks(share: Share) -> list[BlockResult]:
    """Run the tasks of ``share`` one after the other (blocks of one layer, each its own row)."""
    return [run_block(task) for task in share.tasks]


def add_listed(codes: np.ndarray, size: int, following: dict[int, np.ndarray | None], work: dict[int, int]) -> None:
    """Add the global ``codes``, marked for the next layer, to its positions by block (``size`` codes each):
    ``following`` (local codes, ``None`` where the row is scanned) and ``work`` (their numbers).

    >>> following, work = {0: np.array([1], np.uint32), 1: None}, {0: 1, 1: 500}
    >>> add_listed(np.array([2, 9, 17], np.int64), 8, following, work)
    >>> {block: None if codes is None else codes.tolist() for block, codes in following.items()}, work
    ({0: [1, 2], 1: None, 2: [1]}, {0: 2, 1: 501, 2: 1})
    """
    blocks = codes // size
    for block in np.unique(blocks).tolist():
        local = (codes[blocks == block] - block * size).astype(np.uint32)
        work[block] = work.get(block, 0) + local.size
        if block in following:
            known = following[block]
            following[block] = None if known is None else np.concatenate([known, local])
        else:
            following[block] = local
