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

:func:`distances_to` searches backwards from one target to give the distance of every position to it at once: the
table behind the exhaustive solver's distances and paths (:mod:`hanoikit.solvers.exhaustive`), and so behind the play
page's hints on the family's members.

>>> from hanoikit import MagneticPuzzle, Puzzle
>>> [distance(Puzzle(n, posts=4, moves="linear")) for n in range(1, 7)]  # OEIS A160002
[3, 10, 19, 34, 57, 88]
>>> distance(MagneticPuzzle(3)), distance(MagneticPuzzle(3, moves="cyclic"))
(11, None)
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..errors import InvalidStateError
from ..limits import MAX_TOWER_SEARCH_CODES, ensure_at_most
from ..puzzle import Puzzle
from ..state import State

__all__ = ["code_space", "distance", "distances_to", "encode", "tabulated"]


def code_space(puzzle: Puzzle) -> int:
    """The number of codes: ``k**n``, times ``2**k`` on a magnetic tower.

    >>> from hanoikit import MagneticPuzzle
    >>> code_space(Puzzle(3, posts=4)), code_space(MagneticPuzzle(3, "NNNN"))
    (64, 1024)
    """
    positions: int = puzzle.posts**puzzle.n
    return positions * (1 << puzzle.posts if puzzle.faces else 1)


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
    ups = state.ups
    if not puzzle.faces or ups is None:  # a checked position has faces exactly when the puzzle has
        return code
    bits = sum(1 << post for post, top in enumerate(state.tops()) if top is not None and ups[top - 1] == "B")
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


def tabulated(puzzle: Puzzle) -> bool:
    """Whether :func:`distances_to` takes ``puzzle`` on: its table of moves, ``code_space * len(moves)`` codes, is
    at most 2**23 (64 MiB).

    >>> tabulated(Puzzle(9, posts=4)), tabulated(Puzzle(12, posts=4))
    (True, False)
    """
    return code_space(puzzle) * len(puzzle.moves) <= _TABLE_ENTRIES


def distances_to(puzzle: Puzzle, dst: State | None = None) -> np.ndarray:
    """The least number of moves from every code to ``dst`` (default: the goal), as an int32 array indexed by code:
    -1 where ``dst`` cannot be reached (and at codes that are no legal position).

    A breadth-first search backwards from ``dst`` over the table of every code's moves with the pairs of posts
    reversed: the reverse of a legal move carries the disk back (flipping it back on a magnetic tower), so the
    reversed rules lead from a position to those one move before it (a few milliseconds for some 20,000 codes).
    Raises :class:`~hanoikit.TooLargeError` unless :func:`tabulated`, :class:`~hanoikit.InvalidStateError` if ``dst``
    is not a legal position.

    >>> p = Puzzle(3, posts=4, moves="cyclic")
    >>> table = distances_to(p)
    >>> int(table[encode(p, p.start)]) == distance(p), int(table[encode(p, p.goal)])
    (True, 0)
    """
    entries = code_space(puzzle) * len(puzzle.moves)
    ensure_at_most(entries, _TABLE_ENTRIES, f"code-move pairs (a table of distances of {puzzle!r})")
    target = encode(puzzle, puzzle.goal if dst is None else dst)
    return _distances(_Search(puzzle, reverse=True).table(), target)


_TABLE_ENTRIES = 1 << 23  # below this many (code, move) pairs the whole move table is built first


class _Search:
    def __init__(self, puzzle: Puzzle, reverse: bool = False) -> None:
        self.n, self.k, self.faces = puzzle.n, puzzle.posts, puzzle.faces
        self.pairs = sorted((b, a) if reverse else (a, b) for a, b in puzzle.moves)
        self.own = np.array([{"R": 0, "B": 1, "N": -1}[c] for c in puzzle.colors], np.int64)
        self.powers = np.array([self.k**d for d in range(self.n)], np.int64)
        self.shift = self.k if self.faces else 0
        self.size = self.k**self.n << self.shift

    def run(self, source: int, target: int) -> int | None:
        """Breadth-first from ``source`` until ``target``: over a table of every code's moves when it is small
        (deep searches then cost a few numpy calls per layer), else layer by layer."""
        if self.size * len(self.pairs) <= _TABLE_ENTRIES:
            table = self.table()
            return _layers(lambda codes: table[codes].ravel(), self.size, source, target, dedupe=_stamp(self.size))
        return _layers(lambda codes: self.moves(codes).ravel(), self.size, source, target, dedupe=np.unique)

    def table(self) -> np.ndarray:
        """:meth:`moves` of every code, as one (codes, pairs) array: the stacks are read once per posts number and
        shared by its ``2**k`` colourings."""
        tops, sizes = self._every_stack()
        posts = np.arange(tops.shape[1], dtype=np.int64)
        codes = (posts << self.shift)[:, None] | np.arange(1 << self.shift)  # (posts numbers, colour bits)
        out = np.empty((*codes.shape, len(self.pairs)), np.int64)
        for column, (a, b) in enumerate(self.pairs):
            out[..., column] = self._move(a, b, codes, tops[a, :, None], tops[b, :, None], sizes[a, :, None] == 1)
        return out.reshape(self.size, len(self.pairs))

    def _every_stack(self) -> tuple[np.ndarray, np.ndarray]:
        """The top disk (``n`` if none) and the size of each stack of every posts number, as (k, k**n) arrays: one
        disk at a time, as the next base-k digit (a larger disk is a top only of an empty post)."""
        k = self.k
        tops, sizes = np.full((k, 1), self.n, np.int64), np.zeros((k, 1), np.int64)
        for disk in range(self.n):
            tops, sizes = np.tile(tops, k), np.tile(sizes, k)
            width = tops.shape[1] // k
            for post in range(k):  # the posts numbers whose new digit is `post`
                block = slice(post * width, (post + 1) * width)
                np.minimum(tops[post, block], disk, out=tops[post, block])
                sizes[post, block] += 1
        return tops, sizes

    def moves(self, codes: np.ndarray) -> np.ndarray:
        """The code after each allowed move (one column per pair of posts) from each of ``codes``, -1 if illegal."""
        tops, sizes = self._stacks(codes >> self.shift)
        out = np.empty((codes.size, len(self.pairs)), np.int64)
        for column, (a, b) in enumerate(self.pairs):
            out[:, column] = self._move(a, b, codes, tops[:, a], tops[:, b], sizes[:, a] == 1)
        return out

    def _stacks(self, posts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The top disk (``n`` if none) and the size of each stack of the posts numbers ``posts``: (N, k) each."""
        n, k = self.n, self.k
        tops = np.full((posts.size, k), n, np.int64)
        sizes = np.zeros((posts.size, k), np.int64)
        rows = np.arange(posts.size)
        rest = posts.copy()
        digits = np.empty((n, posts.size), np.int64)
        for disk in range(n):
            rest, digits[disk] = np.divmod(rest, k)
        for disk in range(n - 1, -1, -1):  # smallest last: it ends on top
            tops[rows, digits[disk]] = disk
            sizes[rows, digits[disk]] += 1
        return tops, sizes

    def _move(
        self, a: int, b: int, codes: np.ndarray, mover: np.ndarray, under: np.ndarray, emptied: np.ndarray
    ) -> np.ndarray:
        """The codes after carrying the top disk ``mover`` of post ``a`` onto ``b`` (whose top is ``under``), -1
        where the rules refuse it; ``emptied``: ``a`` holds that disk only. The arrays broadcast against ``codes``."""
        n = self.n
        legal = mover < under
        moved = codes + ((b - a) * self.powers[np.minimum(mover, n - 1)] << self.shift)
        if self.faces:
            bits = codes & ((1 << self.shift) - 1)
            color = bits >> a & 1  # the mover's top face: its bottom face once flipped
            legal = legal & (np.where(under == n, self.own[b], bits >> b & 1) != color)
            moved = moved & ~((1 << b) | np.where(emptied, 1 << a, 0)) | (1 - color) << b
        result: np.ndarray = np.where(legal, moved, -1)
        return result


def _stamp(size: int) -> Callable[[np.ndarray], np.ndarray]:
    """A linear-time de-duplication of codes below ``size`` (the order is not kept)."""
    last = np.empty(size, np.int64)

    def dedupe(codes: np.ndarray) -> np.ndarray:
        index = np.arange(codes.size)
        last[codes] = index
        kept: np.ndarray = codes[last[codes] == index]
        return kept

    return dedupe


def _layers(
    expand: Callable[[np.ndarray], np.ndarray], size: int, source: int, target: int,
    dedupe: Callable[[np.ndarray], np.ndarray],
) -> int | None:
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


_NARROW = 64
_DEEP = 128
"""After :data:`_DEEP` layers of fewer than :data:`_NARROW` codes the search is deep (cyclic moves: thousands of
layers of a few codes), where a numpy call costs more than the codes of a layer: its narrow layers then go code by
code in Python."""


def _distances(table: np.ndarray, target: int) -> np.ndarray:
    """The layer of every code in a breadth-first search from ``target`` over ``table`` (-1 where not reached)."""
    distances = np.full(len(table), -1, np.int32)
    known = distances.data  # the same numbers, quick to read and write one at a time
    known[target] = 0
    dedupe = _stamp(len(table))
    rows: list[list[int]] | None = None  # the table in Python lists, once the search is deep
    frontier: np.ndarray | list[int] = np.array([target], np.int64)
    depth = narrow = 0
    while len(frontier):
        depth += 1
        narrow += len(frontier) < _NARROW
        if rows is None and narrow >= _DEEP:
            rows = table.tolist()
        if rows is None or len(frontier) >= _NARROW:
            children = table[np.asarray(frontier)].ravel()
            children = dedupe(children[children >= 0])
            children = children[distances[children] < 0]
            distances[children] = depth
            frontier = children if rows is None or children.size >= _NARROW else children.tolist()
            continue
        following = []
        for code in frontier:
            for child in rows[code]:
                if child >= 0 and known[child] < 0:
                    known[child] = depth
                    following.append(child)
        frontier = following
    return distances
