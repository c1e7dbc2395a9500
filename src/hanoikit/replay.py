"""Replay a move list given as arrays: how many moves are legal in a row, and the position after them.

:func:`replay` applies the rules of a puzzle whose rules are data (:attr:`~hanoikit.Puzzle.rules_as_data`: any
posts, any allowed moves, faces and post colours) itself, one move at a time over the arrays ``disk``, ``src``,
``dst`` with the posts as stacks: O(n + m) for m moves of n disks. The loop is compiled by numba for long lists (some
10**8 moves a second) and runs as plain Python for short ones until then (a few microseconds a move, without the
import of numba): a :class:`~hanoikit.loops.Loop`.

>>> import numpy as np
>>> import hanoikit as hk
>>> moves = [np.array(a) for a in ([1, 2, 1, 2], [0, 0, 2, 1], [2, 1, 1, 0])]
>>> replay(hk.Puzzle(2), hk.State.parse("SS"), *moves)  # the fourth move takes disk 2 from under disk 1
(3, State.parse('II'))
"""

from __future__ import annotations

import numpy as np

from .loops import Loop
from .puzzle import Puzzle
from .state import State

__all__ = ["COMPILE_AT", "replay"]

COMPILE_AT = 2_000
"""The length from which a list is replayed by the compiled loop (see :class:`~hanoikit.loops.Loop`)."""

_NO_FACE = -1


def _play(disk: np.ndarray, src: np.ndarray, dst: np.ndarray, posts: np.ndarray, ups: np.ndarray,
          allowed: np.ndarray, own: np.ndarray) -> int:
    """Play the moves from the position ``posts`` (each disk's post) and ``ups`` (each disk's top face, 0 red and
    1 blue; empty without faces) while they are legal, updating both; the number played. ``allowed[a, b]``: the
    move from post a to post b is allowed; ``own[p]``: the colour of post p, or -1."""
    n, k = posts.shape[0], allowed.shape[0]
    faces = ups.shape[0] > 0
    stacks = np.zeros((k, n + 1), np.int64)  # stacks[p, h]: the disk at height h (from 0) of post p
    height = np.zeros(k, np.int64)
    for d in range(n, 0, -1):
        p = posts[d - 1]
        stacks[p, height[p]] = d
        height[p] += 1
    for i in range(disk.shape[0]):
        d, a, b = disk[i], src[i], dst[i]
        if d < 1 or d > n or a >= k or b >= k or not allowed[a, b]:
            return i
        top_a, top_b = height[a], height[b]
        if top_a == 0 or stacks[a, top_a - 1] != d:  # not on post a, or under a smaller disk
            return i
        if top_b > 0 and stacks[b, top_b - 1] < d:  # onto a smaller disk
            return i
        if faces:
            below = ups[d - 1]  # the face that will touch post b's top after the flip
            target = ups[stacks[b, top_b - 1] - 1] if top_b > 0 else own[b]
            if target != _NO_FACE and target == below:
                return i
            ups[d - 1] = 1 - below
        height[a] = top_a - 1
        stacks[b, top_b] = d
        height[b] = top_b + 1
        posts[d - 1] = b
    return int(disk.shape[0])


_loop = Loop(_play, COMPILE_AT)


def replay(puzzle: Puzzle, state: State, disk: np.ndarray, src: np.ndarray, dst: np.ndarray) -> tuple[int, State]:
    """How many of the moves ``(disk[i], src[i], dst[i])`` are legal in a row from ``state`` (a legal position of
    ``puzzle``, whose rules must be data), and the position after them. Disks and posts that do not exist (a disk
    below 1, a post number beyond the puzzle's) stop the replay as any illegal move does.

    >>> import numpy as np
    >>> import hanoikit as hk
    >>> puzzle = hk.MagneticPuzzle(2)
    >>> moves = [np.array(a) for a in ([1, 2, 1], [0, 0, 1], [1, 2, 2])]
    >>> replay(puzzle, puzzle.start, *moves)  # disk 1 would show blue below, on disk 2's blue top
    (2, State.parse('ID:BB'))
    """
    if not puzzle.rules_as_data:
        raise ValueError(f"{puzzle!r} has rule hooks of its own: replay it through them")
    k = puzzle.posts
    allowed = np.zeros((k, k), np.bool_)
    for a, b in puzzle.moves:
        allowed[a, b] = True
    own = np.array([{"R": 0, "B": 1}.get(c, _NO_FACE) for c in puzzle.colors] if puzzle.faces else [], np.int64)
    posts, blue = state.arrays()
    where = posts.astype(np.int64)
    ups = np.zeros(0, np.int64) if blue is None else blue.astype(np.int64)
    played = int(_loop(len(disk))(np.asarray(disk, np.int64), np.asarray(src, np.int64), np.asarray(dst, np.int64),
                                  where, ups, allowed, own))
    faces = None if blue is None else tuple(np.array(["R", "B"])[ups].tolist())
    return played, State._make(tuple(where.tolist()), faces, k)
