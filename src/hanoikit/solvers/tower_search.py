"""The least number of moves between two positions of any member of the family, by a vectorised breadth-first
search: the counting oracle behind ``hanoi oeis`` and the new numbers of the magnetic tower on four posts.

It follows the same rules as :mod:`hanoikit.solvers.exhaustive` (k posts, any set of allowed moves, magnetic faces and
post colours) but keeps no paths and works on numpy arrays of integer codes, a few million positions a second:

* a position's code is its posts read as a base-``k`` number (disk 1 the least significant digit), times ``2**k``
  on a magnetic tower plus one bit per post, set when its stack shows blue on top (every disk of a stack shows the
  same colour on top in a legal position, so the bits fix every face);
* a layer of codes is expanded at once: the top disk and the size of each stack by one pass over the disks, then
  one vector step per allowed move.

Memory is one byte per code (the visited set) plus the layers; :class:`~hanoikit.TooLargeError` is raised when the
code space is above ``max_codes`` (default :data:`~hanoikit.limits.MAX_TOWER_SEARCH_CODES`).

>>> from hanoikit import MagneticPuzzle, Puzzle
>>> [distance(Puzzle(n, posts=4, moves="linear")) for n in range(1, 7)]  # OEIS A160002
[3, 10, 19, 34, 57, 88]
>>> distance(MagneticPuzzle(3)), distance(MagneticPuzzle(3, moves="cyclic"))
(11, None)
"""

from __future__ import annotations

import numpy as np

from ..errors import InvalidStateError
from ..limits import MAX_TOWER_SEARCH_CODES, ensure_at_most
from ..puzzle import Puzzle
from ..state import State

__all__ = ["code_space", "distance", "encode"]


def code_space(puzzle: Puzzle) -> int:
    """The number of codes: ``k**n``, times ``2**k`` on a magnetic tower.

    >>> from hanoikit import MagneticPuzzle
    >>> code_space(Puzzle(3, posts=4)), code_space(MagneticPuzzle(3, "NNNN"))
    (64, 1024)
    """
    return puzzle.posts ** puzzle.n * (1 << puzzle.posts if puzzle.faces else 1)


def encode(puzzle: Puzzle, state: State) -> int:
    """The code of a legal position of ``puzzle``.

    >>> from hanoikit import MagneticPuzzle
    >>> encode(Puzzle(2, posts=4), State.parse("DS", post_count=4)), encode(MagneticPuzzle(1), State.parse("I:B"))
    (3, 10)
    """
    puzzle.check(state)
    code = 0
    for post in reversed(state.posts):
        code = code * puzzle.posts + post
    if not puzzle.faces:
        return code
    bits = sum(1 << post for post, top in enumerate(state.tops()) if top is not None and state.ups[top - 1] == "B")  # type: ignore[index]
    return (code << puzzle.posts) | bits


def distance(
    puzzle: Puzzle, src: State | None = None, dst: State | None = None, max_codes: int = MAX_TOWER_SEARCH_CODES
) -> int | None:
    """The least number of moves from ``src`` to ``dst`` (default: start to goal), ``None`` if ``dst`` cannot be
    reached (or is not a legal position, as a goal tower on a post of the other colour).

    >>> distance(Puzzle(4, posts=4)), distance(Puzzle(3, posts=4, moves="cyclic"))
    (9, 21)
    """
    ensure_at_most(code_space(puzzle), max_codes, f"codes (searching {puzzle!r})")
    src = puzzle.check(puzzle.start if src is None else src)
    dst = puzzle.goal if dst is None else dst
    try:
        target = encode(puzzle, dst)
    except InvalidStateError:
        return None
    return _Search(puzzle).run(encode(puzzle, src), target)


_TABLE_ENTRIES = 1 << 23  # below this many (code, move) pairs the whole move table is built first


class _Search:
    def __init__(self, puzzle: Puzzle) -> None:
        self.n, self.k, self.faces = puzzle.n, puzzle.posts, puzzle.faces
        self.pairs = sorted(puzzle.moves)
        self.own = np.array([{"R": 0, "B": 1, "N": -1}[c] for c in puzzle.colors], np.int64)
        self.powers = np.array([self.k**d for d in range(self.n)], np.int64)
        self.shift = self.k if self.faces else 0
        self.size = self.k**self.n << self.shift

    def run(self, source: int, target: int) -> int | None:
        """Breadth-first from ``source`` until ``target``: over a table of every code's moves when it is small
        (deep searches then cost a few numpy calls per layer), else layer by layer."""
        if self.size * len(self.pairs) <= _TABLE_ENTRIES:
            table = np.concatenate([self.moves(np.arange(a, min(a + (1 << 18), self.size))) for a in range(0, self.size, 1 << 18)])
            return _layers(lambda codes: table[codes].ravel(), self.size, source, target, dedupe=_stamp(self.size))
        return _layers(lambda codes: self.moves(codes).ravel(), self.size, source, target, dedupe=np.unique)

    def moves(self, codes: np.ndarray) -> np.ndarray:
        """The code after each allowed move (one column per pair of posts) from each of ``codes``, -1 if illegal."""
        n, k = self.n, self.k
        posts = codes >> self.shift
        bits = codes & ((1 << self.shift) - 1)
        tops = np.full((codes.size, k), n, np.int64)
        sizes = np.zeros((codes.size, k), np.int64)
        rows = np.arange(codes.size)
        rest = posts.copy()
        digits = np.empty((n, codes.size), np.int64)
        for disk in range(n):
            rest, digits[disk] = np.divmod(rest, k)
        for disk in range(n - 1, -1, -1):  # smallest last: it ends on top
            tops[rows, digits[disk]] = disk
            sizes[rows, digits[disk]] += 1
        out = np.full((codes.size, len(self.pairs)), -1, np.int64)
        for column, (a, b) in enumerate(self.pairs):
            mover, under = tops[:, a], tops[:, b]
            legal = mover < under
            if self.faces:
                color = bits >> a & 1  # the mover's top face: its bottom face once flipped
                shown = np.where(under == n, self.own[b], bits >> b & 1)
                legal &= shown != color
            moved = codes[legal] + ((b - a) * self.powers[np.minimum(mover[legal], n - 1)] << self.shift)
            if self.faces:
                color, emptied = color[legal], sizes[legal, a] == 1
                moved &= ~((1 << b) | np.where(emptied, 1 << a, 0))
                moved |= (1 - color) << b
            out[legal, column] = moved
        return out


def _stamp(size: int):  # type: ignore[no-untyped-def]
    """A linear-time de-duplication of codes below ``size`` (the order is not kept)."""
    last = np.empty(size, np.int64)

    def dedupe(codes: np.ndarray) -> np.ndarray:
        index = np.arange(codes.size)
        last[codes] = index
        return codes[last[codes] == index]

    return dedupe


def _layers(expand, size: int, source: int, target: int, dedupe) -> int | None:  # type: ignore[no-untyped-def]
    seen = np.zeros(size, np.bool_)
    seen[source] = True
    frontier = np.array([source], np.int64)
    depth = 0
    while not seen[target]:
        if not frontier.size:
            return None
        children = expand(frontier)
        children = children[children >= 0]
        children = dedupe(children[~seen[children]])
        seen[children] = True
        frontier, depth = children, depth + 1
    return depth
