"""Compiled helpers of the kernels that read a position's code digit by digit (:mod:`~hanoikit.solvers.mod3`,
:mod:`~hanoikit.solvers.pdb`, :mod:`~hanoikit.solvers.heuristic`): a disk's digit is its post, disk 1's the lowest,
and the smallest disk on a post is the one that moves. numba inlines them into the kernels that call them.

>>> import numpy as np
>>> tops, count = np.empty(4, np.int64), np.empty(4, np.int64)
>>> top_disks(0b11_00_00_01, 4, 4, digit_width(4), tops, count)  # disks 1..4 on I, S, S, D
>>> tops.tolist(), count.tolist(), digit_powers(4, 3).tolist()
([1, 0, 4, 3], [2, 1, 0, 1], [1, 4, 16, 64])
"""

from __future__ import annotations

import numpy as np

from .._jit import njit as _njit

__all__ = ["digit_powers", "digit_width", "top_disks"]


@_njit(cache=True, nogil=True)  # type: ignore[misc, unused-ignore]
def digit_powers(k: int, m: int) -> np.ndarray:
    """``k**0 .. k**m`` as int64: what a step of each disk's digit adds to a code."""
    powers = np.empty(m + 1, np.int64)
    powers[0] = 1
    for disk in range(m):
        powers[disk + 1] = powers[disk] * k
    return powers


@_njit(cache=True, nogil=True)  # type: ignore[misc, unused-ignore]
def digit_width(k: int) -> int:
    """The bits of a digit if ``k`` is a power of two (digits read by shifts, no division), else 0."""
    if k & (k - 1):
        return 0
    width = 0
    while (1 << width) < k:
        width += 1
    return width


@_njit(cache=True, nogil=True)  # type: ignore[misc, unused-ignore]
def top_disks(code: int | np.int64, k: int, m: int, width: int, tops: np.ndarray, count: np.ndarray) -> None:
    """Fill ``tops[p]`` with the smallest disk (0-based) on post ``p`` of the ``m`` digits of ``code``, ``m`` if
    the post is empty, and ``count[p]`` with the number of disks on it; an empty ``count`` is not filled, and the
    digits past the last post's top are not read. ``width``: :func:`digit_width` of ``k``."""
    tops[:] = m
    counted = count.size > 0
    if counted:
        count[:] = 0
    rest = code
    found = 0
    for disk in range(m):
        if width:
            post = rest & (k - 1)
            rest >>= width
        else:
            post = rest % k
            rest //= k
        if counted:
            count[post] += 1
        if tops[post] == m:
            tops[post] = disk
            found += 1
            if found == k and not counted:
                break
