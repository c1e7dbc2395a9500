"""Moves as numpy arrays: :class:`MoveArray`, the one array type of the array builders, Levy's algorithms, the move
writers and readers, and the colour analysis.

A run of moves is three parallel arrays: ``disk`` (1 = smallest), ``src`` and ``dst`` (post numbers, S = 0). One
dtype rule (:func:`disk_dtype`): the disks of an ``n``-disk puzzle are held in the smallest unsigned type that holds
``n``, the posts in :data:`POST_DTYPE`. (A shared piece of a solution, such as a :class:`Recurring` small tower, holds
its own disks in the type its height needs, never a wider one.)

>>> run = MoveArray.of([Move(1, 0, 1), Move(2, 0, 2), Move(1, 1, 2)], 2)
>>> run.size, run.disk.dtype.name, [str(m) for m in run.moves()]
(3, 'uint8', ['1SI', '2SD', '1ID'])
>>> run.rows().tolist()
[[1, 0, 1], [2, 0, 2], [1, 1, 2]]

:class:`Chunks` is a lazily built solution: an iterator of arrays of bounded size that can instead give its moves as
they are built (:meth:`Chunks.runs`), recurring pieces marked :class:`Recurring` so that a writer formats each once.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from itertools import islice
from typing import NamedTuple

import numpy as np

from .move import Move

__all__ = [
    "POST_DTYPE",
    "MoveArray",
    "Recurring",
    "Chunks",
    "disk_dtype",
    "batches",
    "concatenate",
    "regroup",
    "moves_of",
]

POST_DTYPE = np.dtype(np.uint8)
"""The dtype of posts in every :class:`MoveArray`."""

_UINT16, _UINT32 = np.dtype(np.uint16), np.dtype(np.uint32)


def disk_dtype(n: int) -> np.dtype:
    """The dtype of the disks of an ``n``-disk puzzle (or of moves whose largest disk is ``n``): the smallest
    unsigned type that holds ``n``.

    >>> disk_dtype(3).name, disk_dtype(255).name, disk_dtype(256).name, disk_dtype(10**6).name
    ('uint8', 'uint8', 'uint16', 'uint32')
    """
    return POST_DTYPE if n < 256 else _UINT16 if n < 65536 else _UINT32


class MoveArray(NamedTuple):
    """Consecutive moves as three parallel numpy arrays ``(disk, src, dst)``; unpacks as the three arrays.

    >>> disk, src, dst = MoveArray.empty(4, 300)
    >>> disk.dtype.name, src.dtype.name, len(dst)
    ('uint16', 'uint8', 4)
    """

    disk: np.ndarray
    src: np.ndarray
    dst: np.ndarray

    @classmethod
    def empty(cls, size: int, n: int) -> MoveArray:
        """Arrays for ``size`` moves of an ``n``-disk puzzle, not filled in."""
        return cls(np.empty(size, disk_dtype(n)), np.empty(size, POST_DTYPE), np.empty(size, POST_DTYPE))

    @classmethod
    def single(cls, disk: int, src: int, dst: int, n: int | None = None) -> MoveArray:
        """One move, its disk in the dtype of an ``n``-disk puzzle (default: of the disk itself).

        >>> MoveArray.single(300, 0, 2).disk.dtype.name
        'uint16'
        """
        return cls(np.array([disk], disk_dtype(disk if n is None else n)), np.array([src], POST_DTYPE),
                   np.array([dst], POST_DTYPE))

    @classmethod
    def of(cls, moves: Iterable[Sequence[int]], n: int | None = None) -> MoveArray:
        """The moves ``(disk, src, dst)`` (e.g. :class:`~hanoikit.Move`) as arrays, the disks in the dtype of an
        ``n``-disk puzzle (default: of the largest disk).

        >>> MoveArray.of([]).size
        0
        """
        table = np.array([tuple(move) for move in moves], np.int64).reshape(-1, 3)
        largest = n if n is not None else int(table[:, 0].max()) if len(table) else 1
        return cls(table[:, 0].astype(disk_dtype(largest)), table[:, 1].astype(POST_DTYPE),
                   table[:, 2].astype(POST_DTYPE))

    @property
    def size(self) -> int:
        """The number of moves."""
        return len(self.disk)

    def moves(self) -> Iterator[Move]:
        """The moves one by one, as :class:`~hanoikit.Move`."""
        return map(Move, self.disk.tolist(), self.src.tolist(), self.dst.tolist())

    def rows(self) -> np.ndarray:
        """The moves as one new ``(size, 3)`` array of rows ``(disk, src, dst)``, in the disks' dtype."""
        out = np.empty((self.size, 3), self.disk.dtype)
        out[:, 0], out[:, 1], out[:, 2] = self.disk, self.src, self.dst
        return out

    def relabel(self, posts: Sequence[int]) -> MoveArray:
        """The same moves with post ``p`` renamed ``posts[p]`` (the disks are shared, not copied).

        >>> MoveArray.single(1, 0, 2).relabel((2, 0, 1)).dst.tolist()
        [1]
        """
        table = np.asarray(posts, POST_DTYPE)
        return MoveArray(self.disk, table.take(self.src), table.take(self.dst))

    def frozen(self) -> MoveArray:
        """The same arrays, made read-only (so that they can be shared); returns ``self``."""
        for array in self:
            array.flags.writeable = False
        return self


class Recurring(MoveArray):
    """A read-only :class:`MoveArray` that recurs in a solution, named by ``key``: every run with the same key holds
    the same moves, so a writer formats it once.

    >>> run = Recurring(("tower", 1, 0, 2), MoveArray.single(1, 0, 2))
    >>> run.key, run.disk.flags.writeable
    (('tower', 1, 0, 2), False)
    """

    key: Hashable

    def __new__(cls, key: Hashable, moves: MoveArray) -> Recurring:
        run = super().__new__(cls, *moves)
        run.frozen()
        run.key = key
        return run


class Chunks(Iterator[MoveArray]):
    """The moves of a solution, built lazily: an iterator of arrays of at most a given size, which can instead give
    by :meth:`runs` the same moves as they are built, recurring pieces marked :class:`Recurring`. Use it one way.

    >>> parts = Chunks(iter([MoveArray.single(1, 0, 2)]), iter([]))
    >>> [part.size for part in parts]
    [1]
    """

    def __init__(self, chunks: Iterator[MoveArray], runs: Iterator[MoveArray]) -> None:
        self._chunks = chunks
        self._runs = runs

    def __next__(self) -> MoveArray:
        return next(self._chunks)

    def runs(self) -> Iterator[MoveArray]:
        """The moves as built: plain arrays and :class:`Recurring` runs, in order."""
        return self._runs


def batches(moves: Iterable[Sequence[int]], n: int | None = None, size: int = 1 << 16) -> Iterator[MoveArray]:
    """A stream of moves ``(disk, src, dst)`` as arrays of ``size`` moves (the last may be shorter), the disks in
    the dtype of an ``n``-disk puzzle (default: of each batch's largest disk).

    >>> [part.disk.tolist() for part in batches([Move(1, 0, 2), Move(12, 2, 1), Move(1, 2, 1)], size=2)]
    [[1, 12], [1]]
    """
    moves = iter(moves)
    while batch := list(islice(moves, size)):
        yield MoveArray.of(batch, n)


def concatenate(parts: Iterable[MoveArray], n: int, total: int | None = None) -> MoveArray:
    """The moves of ``parts`` in one new :class:`MoveArray` of an ``n``-disk puzzle; with ``total``, the number of
    moves in all, they are copied straight into arrays of that size.

    >>> concatenate([MoveArray.single(1, 0, 1), MoveArray.single(2, 0, 2)], 2).disk.tolist()
    [1, 2]
    """
    if total is None:
        listed = list(parts)
        total = sum(part.size for part in listed)
        parts = listed
    out = MoveArray.empty(total, n)
    pos = 0
    for part in parts:
        end = pos + part.size
        for target, values in zip(out, part, strict=True):
            target[pos:end] = values
        pos = end
    if pos != total:
        raise ValueError(f"the parts hold {pos} moves, not {total}")
    return out


def regroup(parts: Iterable[MoveArray], size: int, n: int) -> Iterator[MoveArray]:
    """The moves of ``parts`` regrouped into fresh arrays of ``size`` moves each (the last may be shorter), for an
    ``n``-disk puzzle.

    >>> [part.disk.tolist() for part in regroup([MoveArray.of([(1, 0, 1), (2, 0, 2), (1, 1, 2)])], 2, 2)]
    [[1, 2], [1]]
    """
    buffers, fill = MoveArray.empty(size, n), 0
    for part in parts:
        start, length = 0, part.size
        while start < length:
            take = min(size - fill, length - start)
            for out, values in zip(buffers, part, strict=True):
                out[fill : fill + take] = values[start : start + take]
            fill += take
            start += take
            if fill == size:
                yield buffers
                buffers, fill = MoveArray.empty(size, n), 0
    if fill:
        yield MoveArray(*(array[:fill] for array in buffers))


def moves_of(parts: Iterable[MoveArray]) -> Iterator[Move]:
    """The moves of a stream of arrays, one by one.

    >>> [str(m) for m in moves_of(batches([(1, 0, 2), (2, 0, 1)], size=1))]
    ['1SD', '2SI']
    """
    for part in parts:
        yield from part.moves()
