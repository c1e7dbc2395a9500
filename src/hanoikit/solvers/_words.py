"""Compiled helpers of the table builds that search four posts 64 codes at a time (:mod:`~hanoikit.solvers.mod3`,
:mod:`~hanoikit.solvers.pdb`): a *word* holds the 64 codes that differ in disks 1, 2 and 3 only (code ``64 w + i``:
disk 1 on ``i % 4``, disk 2 on ``i // 4 % 4``, disk 3 on ``i // 16``), one bit each in a ``uint64`` mask. The moves
of disks 1 to 3 stay in the word (:func:`reach`, a table by each byte of the mask); a larger disk moves alike in
every code of the word whose disks 1 to 3 leave both of its posts free, to the same codes of another word
(:func:`larger_tops` finds the larger disks' tops of a word, :func:`larger_moves` their legal moves, :func:`moved`
the word a move leads to). A layer's codes are kept with a bitmap of its non-empty words (:func:`mark`).

>>> import numpy as np
>>> inner, free, six = word_tables(np.array([(0, 1), (1, 0)]))  # two posts: disk 1 to and fro
>>> int(reach(inner, np.uint64(1))), bin(int(free[0])).count("1")  # disk 1 on I; 2**3 codes off posts S, I
(2, 8)
>>> tops = np.empty(4, np.int64)
>>> larger_tops(0b11_00_01, 3, six, tops)  # disks 4, 5, 6 on I, S, D
>>> tops.tolist()
[1, 0, 3, 2]
>>> pairs = np.array([(0, 2), (1, 0), (2, 3)])
>>> bin(larger_moves(tops, tops, pairs)), bin(larger_moves(np.array([1, 3, 3, 3]), tops, pairs))  # disk 4 kept
('0b11', '0b1')
>>> bin(moved(0b11_00_01, tops, 0, 2))  # disk 5 from S to D
'0b111001'

"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros  # type: ignore[import-not-found, unused-ignore]

from .._jit import njit as _njit

__all__ = ["larger_moves", "larger_tops", "lowest", "mark", "moved", "reach", "spread", "word_tables"]

lowest: Any = trailing_zeros
"""The index of the lowest set bit of a word (compiled code only), one instruction; the magnetic word kernel
(:mod:`~hanoikit.solvers.face_tables`) uses it too."""


def word_tables(pairs: np.ndarray, disks: Iterable[int] = (0, 1, 2)) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For the moves ``pairs`` (rows of two posts) on four posts: ``inner[j, byte]``, the codes of a word one move of
    one of ``disks`` (0-based, among disks 0 to 2) away from the codes of the bits of ``byte`` at byte ``j`` of a
    mask; ``free[q]``, the codes whose disks 1 to 3 leave both posts of pair ``q`` free; and ``six[v, p]``, the
    lowest of six digits ``v`` on post ``p``, 64 if none (:func:`larger_tops`). Kept for the latest rules (read-only
    arrays)."""
    return _word_tables(tuple((int(a), int(b)) for a, b in pairs), frozenset(disks))


@functools.lru_cache(maxsize=16)
def _word_tables(moves: tuple[tuple[int, int], ...], movers: frozenset[int]
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    children = np.zeros(64, np.uint64)
    free = np.zeros(len(moves), np.uint64)
    for i in range(64):
        digits = (i % 4, i // 4 % 4, i // 16)
        for disk, post in enumerate(digits):
            if disk not in movers or post in digits[:disk]:
                continue
            for a, b in moves:
                if a == post and b not in digits[:disk]:
                    children[i] |= np.uint64(1 << (i + 4**disk * (b - a)))
        for q, (a, b) in enumerate(moves):
            if a not in digits and b not in digits:
                free[q] |= np.uint64(1 << i)
    bits = (np.arange(256)[:, None] >> np.arange(8)) & 1  # bits[byte, bit]
    inner = np.zeros((8, 256), np.uint64)
    for j in range(8):
        for bit in range(8):
            inner[j] |= np.where(bits[:, bit] == 1, children[8 * j + bit], np.uint64(0))
    values = np.arange(4**6)
    six = np.full((4**6, 4), 64, np.int64)
    for digit in range(5, -1, -1):
        six[values, values >> 2 * digit & 3] = digit
    for table in (inner, free, six):
        table.flags.writeable = False
    return inner, free, six


@_njit(inline="always", nogil=True)  # type: ignore[misc, unused-ignore]
def reach(inner: np.ndarray, mask: np.uint64) -> np.uint64:
    """The codes of a word one move (of the disks of ``inner``, :func:`word_tables`) away from those of ``mask``."""
    found = np.uint64(0)
    for j in range(8):
        found |= inner[j, (mask >> np.uint64(8 * j)) & np.uint64(255)]
    return found


@_njit(inline="always", nogil=True)  # type: ignore[misc, unused-ignore]
def spread(x: np.uint64) -> np.uint64:
    """Bit ``b`` of the low 32 bits of ``x`` moved to bit ``2 b``: a mask of 32 codes as the low bits of their
    two-bit entries."""
    x &= np.uint64(0xFFFFFFFF)
    x = (x | (x << np.uint64(16))) & np.uint64(0x0000FFFF0000FFFF)
    x = (x | (x << np.uint64(8))) & np.uint64(0x00FF00FF00FF00FF)
    x = (x | (x << np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    x = (x | (x << np.uint64(2))) & np.uint64(0x3333333333333333)
    return (x | (x << np.uint64(1))) & np.uint64(0x5555555555555555)


@_njit(inline="always", nogil=True)  # type: ignore[misc, unused-ignore]
def larger_tops(word: int | np.int64, high: int, six: np.ndarray, tops: np.ndarray) -> None:
    """``tops[p]``: the smallest of the ``high`` digits of ``word`` (disks 4 and up, from 0) on post ``p``, ``high``
    if none; without a branch on the digits."""
    for post in range(4):
        tops[post] = high
    rest, base = word, 0
    while base < high:  # the digits past ``high`` are 0: phantom disks on post 0, above ``high``
        chunk = rest & 4095
        for post in range(4):
            tops[post] = min(tops[post], base + six[chunk, post])
        rest >>= 12
        base += 6


@_njit(inline="always", nogil=True)  # type: ignore[misc, unused-ignore]
def larger_moves(movers: np.ndarray, tops: np.ndarray, pairs: np.ndarray) -> int:
    """The legal moves along ``pairs`` (rows of two posts) of the larger disks ``movers[p]`` (the top of post ``p``, or
    one that may not move) onto posts whose tops are ``tops`` (:func:`larger_tops`), bit ``q`` for row ``q``; without
    a branch a move (they were mispredicted)."""
    legal = 0
    for pair in range(pairs.shape[0]):
        legal |= (movers[pairs[pair, 0]] < tops[pairs[pair, 1]]) << pair
    return legal


@_njit(inline="always", nogil=True)  # type: ignore[misc, unused-ignore]
def moved(word: int | np.int64, tops: np.ndarray, a: int, b: int) -> np.int64:
    """The word whose codes a move of the top larger disk of post ``a`` to post ``b`` leads to (``tops``:
    :func:`larger_tops`)."""
    return np.int64(word + (b - a) * (np.int64(1) << 2 * tops[a]))


@_njit(inline="always", nogil=True)  # type: ignore[misc, unused-ignore]
def mark(word: int | np.int64, codes: np.uint64, seen: np.ndarray, layer: np.ndarray, marks: np.ndarray
         ) -> np.uint64:
    """The codes of ``codes`` in ``word`` not ``seen`` yet, marked seen and added to ``layer``, and ``word`` to
    ``marks`` (the layer's bitmap of non-empty words) if there are any."""
    new = codes & ~seen[word]
    seen[word] |= new
    layer[word] |= new
    marks[word >> 6] |= np.uint64(new != 0) << np.uint64(word & 63)
    return np.uint64(new)
