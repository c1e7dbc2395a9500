"""The compiled helpers both heuristic searches share (:mod:`~hanoikit.solvers.heuristic`, from both ends or A*, and
:mod:`~hanoikit.solvers.bfhs`, its layers): a member's geometry as arrays, and the pattern databases' values of a
position."""

from __future__ import annotations

import numpy as np

from .._jit import njit as _njit
from ..puzzle import Puzzle
from ._tops import digit_powers

__all__ = ["geometry", "group_values", "holders"]


@_njit(cache=True, nogil=True, inline="always")  # type: ignore[misc, unused-ignore]
def group_values(
    posts: int, bits: int, n: int, k: int, width: int, shift: int, groups: np.ndarray, holders: np.ndarray,
    place: np.ndarray, tables: np.ndarray, exact_row: np.ndarray, gcount: np.ndarray, occupied: np.ndarray,
    proj: np.ndarray, value: np.ndarray, sums: np.ndarray,
) -> None:
    """The groups of a position to expand (``posts`` and face ``bits`` of its code; ``exact_row``: the values of its
    compressed groups; ``holders[d]``: the groups of disk ``d``, then -1): each group's code ``proj``, posts
    ``occupied``, disks a post ``gcount`` and table ``value``, and the sum of each split in ``sums``. With
    the children's sums in the searches' loops, the one place they read their tables."""
    gcount[:, :] = 0
    occupied[:] = 0
    proj[:] = 0
    rest = posts
    for disk in range(n):
        if width:
            post = rest & (k - 1)
            rest >>= width
        else:
            post = rest % k
            rest //= k
        for j in range(holders.shape[1]):
            group = holders[disk, j]
            if group < 0:
                break
            gcount[group, post] += 1
            occupied[group] |= 1 << post
            proj[group] += post * place[group, disk]
    sums[:] = 0
    for group in range(groups.shape[0]):
        if groups[group, 2] >= 0:
            value[group] = exact_row[groups[group, 2]]
        else:
            value[group] = tables[groups[group, 0] + ((proj[group] << shift) | (bits & occupied[group]))]
        sums[groups[group, 1]] += value[group]


@_njit(cache=True, nogil=True)  # type: ignore[misc, unused-ignore]
def holders(place: np.ndarray) -> np.ndarray:
    """The groups of each disk (``place`` not 0), then -1."""
    found = np.full((place.shape[1], place.shape[0]), -1, np.int64)
    for disk in range(place.shape[1]):
        j = 0
        for group in range(place.shape[0]):
            if place[group, disk]:
                found[disk, j] = group
                j += 1
    return found


def geometry(puzzle: Puzzle, whole: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The member as the compiled loops read it: ``(n, posts, face bits, faces, whole)``, each post's colour (0 red,
    1 blue, -1 neutral), the allowed moves as rows ``(a, b)`` and the weight of each disk's digit."""
    k = puzzle.posts
    geo = np.array([puzzle.n, k, k if puzzle.faces else 0, int(puzzle.faces), whole], np.int64)
    own = np.array([{"R": 0, "B": 1, "N": -1}[c] for c in puzzle.colors], np.int64)
    pairs = np.array(sorted(puzzle.moves), np.int64).reshape(-1, 2)
    return geo, own, pairs, digit_powers(k, puzzle.n)
