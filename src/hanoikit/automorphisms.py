"""The symmetries of a member's state graph: renumberings of the posts that keep the move rule and the posts'
colours, on a magnetic tower also with every face turned over (red and blue exchanged on the disks and the posts).

A symmetry ``(pi, flip)`` takes each disk from post ``p`` to post ``pi[p]`` and, with ``flip``, turns every disk over.
It is one of the graph's when ``(pi[a], pi[b])`` is an allowed move for every allowed ``(a, b)`` and post ``pi[p]``
has the colour of post ``p`` (the other colour with ``flip``; neutral stays neutral): legal positions go to legal
positions and moves to moves. :func:`representatives` names each orbit of codes by its least code.

>>> from hanoikit import MagneticPuzzle, Puzzle
>>> len(symmetries(Puzzle(3, posts=4))), symmetries(Puzzle(3, posts=4, moves="linear"))
(24, [((0, 1, 2, 3), False), ((3, 2, 1, 0), False)])
>>> symmetries(MagneticPuzzle(3, "RBB"))
[((0, 1, 2), False), ((0, 2, 1), False)]
>>> image(Puzzle(2, posts=4), ((1, 0, 2, 3), False), Puzzle(2, posts=4).start)
State.parse('II', post_count=4)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import numpy as np

from ._jit import njit as _njit
from .positions import code_space, decode, encode
from .puzzle import Puzzle
from .state import State

__all__ = ["Symmetry", "image", "image_code", "representatives", "symmetries"]

Symmetry = tuple[tuple[int, ...], bool]
"""A renumbering of the posts (post ``p`` to ``pi[p]``) and whether every face is turned over."""

_SWAP = {"R": "B", "B": "R", "N": "N"}
_CHUNK_CODES = 1 << 12  # the most values of the low digits each table lists


def symmetries(puzzle: Puzzle) -> list[Symmetry]:
    """The symmetries of ``puzzle``'s state graph (see the module docstring), the identity first."""
    k, allowed, colours = puzzle.posts, puzzle.moves, puzzle.colors
    found = []
    for flip in (False, True) if puzzle.faces else (False,):
        for pi in itertools.permutations(range(k)):
            if all((pi[a], pi[b]) in allowed for a, b in allowed) and all(
                colours[pi[p]] == (_SWAP[colours[p]] if flip else colours[p]) for p in range(k)
            ):
                found.append((pi, flip))
    return found


def image(puzzle: Puzzle, symmetry: Symmetry, state: State) -> State:
    """The position ``symmetry`` takes ``state`` to."""
    return decode(puzzle, image_code(puzzle, symmetry, encode(puzzle, state)))


def image_code(puzzle: Puzzle, symmetry: Symmetry, code: int) -> int:
    """The code ``symmetry`` takes ``code`` to (see :mod:`hanoikit.positions`)."""
    pi, flip = symmetry
    k, faces = puzzle.posts, puzzle.faces
    digits, bits = (code >> k, code & ((1 << k) - 1)) if faces else (code, 0)
    moved, used, power = 0, 0, 1
    for _ in range(puzzle.n):
        digits, post = divmod(digits, k)
        moved += pi[post] * power
        used |= 1 << post
        power *= k
    if not faces:
        return moved
    shown = sum(((bits >> p & 1) ^ (flip and used >> p & 1)) << pi[p] for p in range(k))
    return (moved << k) | shown


def _jit(function: Callable[..., Any]) -> Callable[..., Any]:
    return _njit(cache=True, nogil=True)(function)  # type: ignore[no-any-return, unused-ignore]


@_jit
def _least(inside: np.ndarray, chunk: int, shift: int, moved: np.ndarray, used: np.ndarray, shown: np.ndarray,
           rep: np.ndarray) -> None:
    """``rep[c]``: the least image of each code ``c`` with ``inside[c]`` under the symmetries (-1 elsewhere). The
    digits of a code are read ``chunk`` values at a time, low chunk first: ``moved[g, j, value]`` is the image of
    chunk ``j`` under symmetry ``g`` and ``used[j, value]`` the posts it holds; ``shown[g, bits, used]`` is the image
    of the colour bits (the ``shift`` low bits of the code)."""
    count, chunks = moved.shape[0], moved.shape[1]
    low = (1 << shift) - 1
    parts = np.empty(chunks, np.int64)
    for c in range(inside.size):
        if not inside[c]:
            rep[c] = -1
            continue
        rest = c >> shift
        bits = c & low
        held = 0
        for j in range(chunks):
            parts[j] = rest % chunk
            rest //= chunk
            held |= used[j, parts[j]]
        best = c
        for g in range(1, count):
            value = 0
            for j in range(chunks - 1, -1, -1):
                value = value * chunk + moved[g, j, parts[j]]
            if shift:
                value = (value << shift) | shown[g, bits, held]
            if value < best:
                best = value
        rep[c] = best


def representatives(puzzle: Puzzle, group: list[Symmetry], inside: np.ndarray) -> np.ndarray:
    """The least code of each code's orbit under ``group`` (the identity first, then symmetries that keep the codes
    ``inside``, a boolean array over the code space, among themselves), -1 for the codes not inside; int32 where the
    codes fit.

    >>> from hanoikit import Puzzle
    >>> p = Puzzle(2, posts=4, moves="linear")  # mirrored end to end: digit d goes to 3 - d
    >>> representatives(p, symmetries(p), np.ones(16, dtype=bool)).tolist()
    [0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1, 0]
    """
    k, n, faces = puzzle.posts, puzzle.n, puzzle.faces
    per = 1
    while k ** (per + 1) <= _CHUNK_CODES and per < n:
        per += 1
    chunks = -(-n // per)
    chunk = k**per
    values = np.arange(chunk)
    moved = np.zeros((len(group), chunks, chunk), dtype=np.int64)
    used = np.zeros((chunks, chunk), dtype=np.int64)
    for j in range(chunks):
        for i in range(min(per, n - j * per)):  # the last chunk's missing digits are no disks
            digit = (values // k**i) % k
            used[j] |= np.int64(1) << digit
            for g, (pi, _) in enumerate(group):
                moved[g, j] += np.array(pi, dtype=np.int64)[digit] * k**i
    width = 1 << k if faces else 1
    shown = np.zeros((len(group), width, width), dtype=np.int64)
    if faces:
        for g, (pi, flip) in enumerate(group):
            for bits in range(width):
                for held in range(width):
                    shown[g, bits, held] = sum(
                        ((bits >> p & 1) ^ (flip and held >> p & 1)) << pi[p] for p in range(k)
                    )
    size = code_space(puzzle)
    rep = np.empty(size, dtype=np.int32 if size < 2**31 else np.int64)
    _least(inside, chunk, k if faces else 0, moved, used, shown, rep)
    return rep
