"""A symmetry that halves a distance-only search: a map of the positions that takes the target to the source and
reverses every move.

If ``sigma`` maps the target to the source and each move ``x -> y`` to a move ``sigma(y) -> sigma(x)``, then the
distance from ``x`` to the target is the distance from the source to ``sigma(x)``: a search from the source alone
knows both halves of every path, and the distance is found by the layer halfway along the shortest one (the first
layer ``D`` with a position whose image is in layer ``D`` or ``D - 1``: the distance is ``2 D`` or ``2 D - 1``).

The maps here renumber the posts of a tower without faces on 4 posts (the code's base-4 digits are its 2-bit
fields, renumbered a byte at a time): 4 posts in a line mirrored end to end, or in a cycle turned over.

>>> from hanoikit import Puzzle
>>> p = Puzzle(3, posts=4, moves="linear")
>>> posts_mirror(p, p.start, p.goal)
(3, 2, 1, 0)
>>> posts_mirror(Puzzle(3, posts=4, moves="cyclic"), p.start, p.parse("III"))  # a cycle turned over about S, I
(1, 0, 3, 2)
>>> posts_mirror(Puzzle(3), Puzzle(3).start, Puzzle(3).goal)  # 3 posts: the codes are not 2-bit fields
"""

from __future__ import annotations

import itertools

import numpy as np

from ..puzzle import Puzzle
from ..state import State

__all__ = ["byte_map", "posts_mirror"]


def posts_mirror(puzzle: Puzzle, source: State, target: State) -> tuple[int, ...] | None:
    """A renumbering ``pi`` of the posts that takes ``target`` to ``source`` and reverses every allowed move
    (``(a, b)`` allowed implies ``(pi[b], pi[a])`` allowed), on a tower without faces on 4 posts; None if there is
    none (or the tower has faces, or another number of posts)."""
    if puzzle.faces or puzzle.posts != 4:
        return None
    allowed = set(puzzle.moves)
    for pi in itertools.permutations(range(puzzle.posts)):
        if all(pi[t] == s for s, t in zip(source.posts, target.posts)) and all(
            (pi[b], pi[a]) in allowed for a, b in allowed
        ):
            return pi
    return None


def byte_map(pi: tuple[int, ...]) -> np.ndarray:
    """Each byte (four 2-bit digits) renumbered by ``pi``.

    >>> byte_map((3, 2, 1, 0))[:3].tolist()  # reversed posts: the complement of each digit
    [255, 254, 253]
    """
    values = np.arange(256)
    mapped = np.zeros(256, dtype=np.int64)
    for digit in range(4):
        mapped |= np.array(pi, dtype=np.int64)[values >> 2 * digit & 3] << 2 * digit
    return mapped
