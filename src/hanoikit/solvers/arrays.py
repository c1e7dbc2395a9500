"""The optimal classic solution as numpy arrays, whole or in chunks of bounded size.

A move is three small ints in three parallel arrays: ``disk`` (1 = smallest), ``src`` and ``dst`` (0, 1, 2 = S, I, D).
The builder uses the block structure of the solution instead of a loop over moves: with ``B = 2**12``, the moves of the
disks ``1 .. 12`` repeat with period ``3B`` (each disk cycles through the posts), and the moves at the positions
``k = B - 1, 2B - 1, ...`` between the blocks are exactly the solution for the ``n - 12`` larger disks. So a run of
moves is one broadcast copy of a precomputed pattern, plus a strided write of a run that is ``B`` times shorter, built
the same way. Any window ``start .. stop`` of the solution can be built directly, even for ``n = 64`` or ``1000``.

A writer that formats moves (:mod:`hanoikit.formats`) need not format every move: :func:`solution_chunks` returns
:class:`Chunks`, whose :meth:`Chunks.runs` gives the same moves as whole towers of at most :data:`RUN_DISKS` disks
(:class:`Recurring` runs, six of them in all) between the moves of the larger disks, so each run is formatted once.

>>> disk, src, dst = arrays(3)
>>> disk.tolist(), src.tolist(), dst.tolist()
([1, 2, 1, 3, 1, 2, 1], [0, 0, 2, 0, 1, 1, 0], [2, 1, 1, 2, 0, 2, 2])
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from functools import lru_cache

import numpy as np

from ..errors import TooLargeError
from ..move import Move
from ..puzzle import Puzzle
from ..state import State
from .classic import Tower, _check_n, plan

__all__ = [
    "MAX_ARRAY_DISKS",
    "RUN_DISKS",
    "Chunk",
    "Chunks",
    "Recurring",
    "arrays",
    "chunks",
    "tower_runs",
    "plan_chunks",
    "plan_runs",
    "solution_chunks",
]

Chunk = tuple[np.ndarray, np.ndarray, np.ndarray]
"""Three parallel arrays ``(disk, src, dst)`` of a run of moves."""


class Recurring(tuple[np.ndarray, np.ndarray, np.ndarray]):
    """A read-only chunk ``(disk, src, dst)`` that recurs in a solution, named by ``key``: every run with the same key
    holds the same moves, so a writer formats it once.

    >>> run = Recurring(("tower", 2, 0, 2), arrays(2))
    >>> run.key, [a.tolist() for a in run]
    (('tower', 2, 0, 2), [[1, 2, 1], [0, 0, 1], [1, 2, 2]])
    """

    key: Hashable

    def __new__(cls, key: Hashable, chunk: Chunk) -> Recurring:
        for array in chunk:
            array.flags.writeable = False
        run = super().__new__(cls, chunk)
        run.key = key
        return run


class Chunks(Iterator[Chunk]):
    """The moves of a solution, built lazily: an iterator of chunks of at most a given size, which can instead give
    by :meth:`runs` the same moves as they are built, recurring pieces marked :class:`Recurring`. Use it one way.

    >>> solution = solution_chunks(Puzzle(3))
    >>> [d.tolist() for d, _, _ in solution]
    [[1, 2, 1, 3, 1, 2, 1]]
    """

    def __init__(self, chunks: Iterator[Chunk], runs: Iterator[Chunk]) -> None:
        self._chunks = chunks
        self._runs = runs

    def __next__(self) -> Chunk:
        return next(self._chunks)

    def runs(self) -> Iterator[Chunk]:
        """The moves as built: plain chunks and :class:`Recurring` runs, in order."""
        return self._runs


MAX_ARRAY_DISKS = 32
"""The largest ``n`` whose whole solution :func:`arrays` builds at once (``2**32 - 1`` moves, 12 GiB); use
:func:`chunks` beyond."""

_BITS = 12
_BLOCK = 1 << _BITS
_PERIOD = 3 * _BLOCK

RUN_DISKS = 16
""":func:`tower_runs` cuts towers into whole towers of this many disks (65 535 moves, six of them: one per pair of
posts)."""


def _disk_dtype(n: int) -> type[np.unsignedinteger]:
    return np.uint8 if n < 256 else np.uint16 if n < 65536 else np.uint32


def _formula(n: int, ks: np.ndarray) -> Chunk:
    """Moves ``ks`` (from 0, each below ``2**62``) of the solution for ``n`` disks, by the closed formula."""
    m = ks.astype(np.int64) + 1
    disk = np.frexp((m & -m).astype(np.float64))[1].astype(np.int64)  # the lowest set bit 2**(d-1) is 0.5 * 2**d
    turn = m >> disk  # how often this disk has moved before
    step = 2 - (n - disk) % 2  # 1: S→I→D, 2: S→D→I
    return disk, (turn * step % 3).astype(np.uint8), ((turn + 1) * step % 3).astype(np.uint8)


def _labels(src: int, dst: int) -> np.ndarray:
    """The posts S, I, D of a transfer from ``src`` to ``dst``."""
    return np.array([src, 3 - src - dst, dst], np.uint8)


@lru_cache(maxsize=12)
def _pattern(parity: int, src: int, dst: int) -> Chunk:
    """Two periods of the moves of disks ``1 .. 12`` from ``src`` to ``dst`` when ``n`` has this parity (wrong at the
    block ends)."""
    disk, moved_from, moved_to = _formula(_BITS + 2 + parity, np.arange(2 * _PERIOD))
    labels = _labels(src, dst)
    return disk.astype(np.uint8), labels[moved_from], labels[moved_to]


def _fill(n: int, start: int, out: Chunk, src: int = 0, dst: int = 2) -> None:
    """Write moves ``start, start + 1, ...`` of the transfer of ``n`` disks from ``src`` to ``dst`` into the arrays
    ``out``: the posts are relabelled in the small pattern and in the moves of the large disks, never in ``out``."""
    length = len(out[0])
    if length == 0:
        return
    if n <= _BITS:
        disk, moved_from, moved_to = _formula(n, np.arange(start, start + length))
        labels = _labels(src, dst)
        out[0][:], out[1][:], out[2][:] = disk, labels[moved_from], labels[moved_to]
        return
    offset = start % _PERIOD
    periods, rest = divmod(length, _PERIOD)
    for target, pattern in zip(out, _pattern(n % 2, src, dst)):
        window = pattern[offset : offset + _PERIOD]
        target[: periods * _PERIOD].reshape(periods, _PERIOD)[:] = window
        target[periods * _PERIOD :] = window[:rest]
    first = (_BLOCK - 1 - start) % _BLOCK  # the first block end in the run: a move of a disk above 12
    if first < length:
        count = (length - 1 - first) // _BLOCK + 1
        big = (np.empty(count, out[0].dtype), np.empty(count, np.uint8), np.empty(count, np.uint8))
        _fill(n - _BITS, (start + first + 1) // _BLOCK - 1, big, src, dst)
        big[0][:] += _BITS
        for target, values in zip(out, big):
            target[first::_BLOCK] = values


def arrays(n: int, src: int = 0, dst: int = 2) -> Chunk:
    """The whole optimal transfer of ``n`` disks from ``src`` to ``dst`` as arrays ``(disk, src, dst)``.

    >>> [str(Move(*m)) for m in zip(*(a.tolist() for a in arrays(2, 2, 0)))]
    ['1DI', '2DS', '1IS']
    """
    _check_n(n)
    if n > MAX_ARRAY_DISKS:
        raise TooLargeError(
            f"the solution for {n} disks has {(1 << n) - 1} moves, too many to hold at once "
            f"(at most {MAX_ARRAY_DISKS} disks): stream it with chunks()"
        )
    size = (1 << n) - 1
    out = (np.empty(size, _disk_dtype(n)), np.empty(size, np.uint8), np.empty(size, np.uint8))
    _fill(n, 0, out, src, dst)
    return out


def chunks(
    n: int, size: int = 1 << 20, src: int = 0, dst: int = 2, start: int = 0, stop: int | None = None
) -> Iterator[Chunk]:
    """Moves ``start .. stop - 1`` (default: all) of the optimal transfer of ``n`` disks from ``src`` to ``dst``, as
    arrays of at most ``size`` moves each; memory stays bounded whatever ``n``.

    >>> [len(d) for d, _, _ in chunks(4, 6)]
    [6, 6, 3]
    >>> [d.tolist() for d, _, _ in chunks(64, 4, start=2**63 - 2, stop=2**63 + 1)]
    [[1, 64, 1]]
    """
    _check_n(n)
    total = (1 << n) - 1
    stop = total if stop is None else min(stop, total)
    if size < 1 or start < 0:
        raise ValueError(f"chunks need size >= 1 and start >= 0, not size={size!r}, start={start!r}")
    dtype = _disk_dtype(n)
    for begin in range(start, stop, size):
        length = min(size, stop - begin)
        out = (np.empty(length, dtype), np.empty(length, np.uint8), np.empty(length, np.uint8))
        _fill(n, begin, out, src, dst)
        yield out


def tower_runs(height: int, src: int = 0, dst: int = 2, size: int = 1 << 16) -> Iterator[Chunk]:
    """The optimal transfer of ``height`` disks from ``src`` to ``dst`` as :class:`Recurring` whole towers of at most
    :data:`RUN_DISKS` disks, between single moves of the larger disks (taken ``size`` at a time).

    >>> [len(run[0]) for run in tower_runs(18)]
    [65535, 1, 65535, 1, 65535, 1, 65535]
    >>> [run.key for run in tower_runs(17, 0, 1) if isinstance(run, Recurring)]
    [('tower', 16, 0, 2), ('tower', 16, 2, 1)]
    """
    if height <= RUN_DISKS:
        if height > 0:
            yield _tower_run(height, src, dst)
        return
    dtype = _disk_dtype(height)
    low = src  # where the small tower stands: on the post that the next large move leaves free
    for disk, moved_from, moved_to in chunks(height - RUN_DISKS, size, src, dst):
        disk = disk.astype(dtype) + dtype(RUN_DISKS)
        for k, high in enumerate((3 - moved_from - moved_to).tolist()):
            yield _tower_run(RUN_DISKS, low, high)
            yield disk[k : k + 1], moved_from[k : k + 1], moved_to[k : k + 1]
            low = high
    yield _tower_run(RUN_DISKS, low, dst)


@lru_cache(maxsize=6 * RUN_DISKS)
def _tower_run(height: int, src: int, dst: int) -> Recurring:
    return Recurring(("tower", height, src, dst), arrays(height, src, dst))


def plan_runs(segments: Iterable[Move | Tower], n: int) -> Iterator[Chunk]:
    """The moves of a :func:`hanoikit.solvers.classic.plan` for ``n`` disks as runs: single moves and the
    :func:`tower_runs` of its towers.

    >>> p = Puzzle(3)
    >>> [d.tolist() for d, _, _ in plan_runs(plan(p, State.parse("DSI"), p.goal), 3)]
    [[1], [3], [1, 2, 1]]
    """
    dtype = _disk_dtype(n)
    for segment in segments:
        if isinstance(segment, Tower):
            yield from tower_runs(segment.height, segment.src, segment.dst)
        else:
            yield np.array([segment.disk], dtype), np.array([segment.src], np.uint8), np.array([segment.dst], np.uint8)


def plan_chunks(segments: Iterable[Move | Tower], n: int, size: int = 1 << 20) -> Chunks:
    """The moves of a :func:`hanoikit.solvers.classic.plan` for ``n`` disks as arrays of at most about ``size`` moves
    (or, by :meth:`Chunks.runs`, as :func:`plan_runs`).

    >>> p = Puzzle(3)
    >>> [d.tolist() for d, _, _ in plan_chunks(plan(p, p.start, p.goal), 3)]
    [[1, 2, 1, 3, 1, 2, 1]]
    """
    segments = iter(segments)  # consumed once, by whichever of the two ways is used
    return Chunks(_plan_chunks(segments, n, size), plan_runs(segments, n))


def _plan_chunks(segments: Iterable[Move | Tower], n: int, size: int) -> Iterator[Chunk]:
    dtype = _disk_dtype(n)
    pending: list[tuple[int, int, int]] = []

    def flush() -> Chunk:
        table = np.array(pending, np.int64).reshape(-1, 3)
        pending.clear()
        return table[:, 0].astype(dtype), table[:, 1].astype(np.uint8), table[:, 2].astype(np.uint8)

    for segment in segments:
        if isinstance(segment, Tower) and segment.height > 8:
            if pending:
                yield flush()
            for disk, src, dst in chunks(segment.height, size, segment.src, segment.dst):
                yield disk.astype(dtype, copy=False), src, dst
            continue
        pending.extend(segment.moves() if isinstance(segment, Tower) else (segment,))
        if len(pending) >= size:
            yield flush()
    if pending:
        yield flush()


def solution_chunks(puzzle: Puzzle, src: State | None = None, dst: State | None = None, size: int = 1 << 20) -> Chunks:
    """An optimal solution of the classic ``puzzle`` from ``src`` to ``dst`` (default: start to goal) in chunks.

    >>> p = Puzzle(3)
    >>> [d.tolist() for d, _, _ in solution_chunks(p, State.parse("DSI"), State.parse("SSD"))]
    [[1, 3]]
    """
    src = puzzle.check(puzzle.start if src is None else src)
    dst = puzzle.check(puzzle.goal if dst is None else dst)
    return plan_chunks(plan(puzzle, src, dst), puzzle.n, size)
