"""The code space of a puzzle, cut into blocks by its largest disks: what the frontier search stores and where.

A position's *code* reads the posts of the disks as a base-``k`` number (``k`` posts, disk 1 the least significant
digit); on a puzzle with faces it is that number times ``2**k`` plus one bit per post, set when the stack on the post
shows blue on top (0 for an empty post), as in :mod:`hanoikit.search`. The ``m`` largest disks are the most significant
digits: they pick the *block*, and the rest of the code is the position within it. A move of one of the ``s = n - m``
smaller disks keeps the large disks where they are and, on a magnetic tower, keeps the colour of every stack that holds
a large disk (a legal move never changes the colour a non-empty destination shows, and a post with a large disk never
empties), so it stays inside its block; only moves of the large disks cross blocks.

Each block keeps two bits per code (unvisited, done, and the current and next layers), packed four to a byte, in a
row of :attr:`Layout.row_bytes` bytes.

>>> from hanoikit import MagneticPuzzle, Puzzle
>>> layout = Layout(Puzzle(5, posts=4), block_disks=2)
>>> layout.blocks, layout.block_codes, layout.codes, layout.state_bytes
(16, 64, 1024, 256)
>>> layout.encode(Puzzle(5, posts=4).goal), layout.block_of(1023)
(1023, 15)
>>> m = MagneticPuzzle(2)
>>> Layout(m).encode(m.goal), Layout(m).decode(68)
(68, State.parse('DD:BB'))
"""

from __future__ import annotations

import functools
import math
from typing import NamedTuple

import numpy as np

from ..errors import InvalidStateError, TooLargeError
from ..limits import FRONTIER_BLOCK_CODES, MAX_FRONTIER_CODES
from ..puzzle import Puzzle
from ..search import state_count as position_count  # the legal positions, one formula for the family
from ..solvers.tower_search import code_space, encode
from ..state import State

__all__ = ["Geometry", "Layout", "position_count"]

_NONE = 255  # "no disk" in the tops tables
_LOW_ROWS = 1 << 16  # the low digits' table has at most this many rows


class Geometry(NamedTuple):
    """The arrays the kernels read (see :mod:`hanoikit.frontier.kernels`)."""

    geo: np.ndarray  # int64: k, n, s, log2 W, P, L, k**L, faces, pairs, m, then log2 of k, k**L and P (-1 if none)
    low_top: np.ndarray  # (k**L, k) uint8: the smallest of the L low disks on each post, 255 if none
    low_cnt: np.ndarray  # (k**L, k) uint8: how many of them, at most 2
    high_top: np.ndarray  # (k**(s-L), k) uint8: the same for the other small disks, numbered from L
    high_cnt: np.ndarray
    powers: np.ndarray  # int64 k**i, i = 0 .. n
    src: np.ndarray  # int64 source post of each allowed move
    dst: np.ndarray
    own: np.ndarray  # int64 colour of each post: -1 neutral, 0 red, 1 blue


def _tops_table(digits: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    """For every value of ``digits`` base-``k`` digits (disk 0 least significant): the smallest disk on each post
    (255 if none) and how many disks, at most 2."""
    values = np.arange(k**digits, dtype=np.int64)
    tops = np.full((values.size, k), _NONE, dtype=np.uint8)
    counts = np.zeros((values.size, k), dtype=np.uint8)
    rows = np.arange(values.size)
    for disk in range(digits - 1, -1, -1):  # the smaller disk written last wins the top
        post = values // k**disk % k
        tops[rows, post] = disk
        counts[rows, post] += 1
    return tops, np.minimum(counts, 2)


class Layout:
    """The blocks of ``puzzle``'s code space: ``block_disks`` largest disks pick the block (default: as few as keep a
    block within :data:`~hanoikit.limits.FRONTIER_BLOCK_CODES` codes). Raises :class:`~hanoikit.TooLargeError` above
    :data:`~hanoikit.limits.MAX_FRONTIER_CODES` codes."""

    def __init__(self, puzzle: Puzzle, block_disks: int | None = None) -> None:
        n, k = puzzle.n, puzzle.posts
        self.puzzle = puzzle
        self.k, self.n = k, n
        self.faces = bool(puzzle.faces)
        self.width = 1 << k if self.faces else 1
        self.codes = code_space(puzzle)
        if self.codes > MAX_FRONTIER_CODES:
            raise TooLargeError(
                f"a frontier search of {puzzle!r} would index {self.codes:,} codes; the limit is "
                f"MAX_FRONTIER_CODES = {MAX_FRONTIER_CODES:,}"
            )
        if block_disks is None:
            block_disks = 0
            while k ** (n - block_disks) * self.width > FRONTIER_BLOCK_CODES:
                block_disks += 1
        if not 0 <= block_disks <= n:
            raise ValueError(f"block_disks is 0 to {n}, not {block_disks}")
        self.m = block_disks
        self.s = n - block_disks
        self.blocks = k**self.m
        self.block_codes = k**self.s * self.width
        self.row_bytes = -(-self.block_codes // 32) * 8  # two bits a code, whole 64-bit words
        self.state_bytes = self.blocks * self.row_bytes

    def __reduce__(self) -> tuple[object, ...]:
        return (_layout, (self.puzzle, self.m))

    def __repr__(self) -> str:
        return f"Layout({self.puzzle!r}, block_disks={self.m})"

    @property
    def positions(self) -> int:
        """The number of legal positions (see :func:`position_count`)."""
        return position_count(self.puzzle)

    def block_of(self, code: int) -> int:
        """The block that holds ``code``."""
        return int(code // self.block_codes)

    # -- codes -----------------------------------------------------------------------------------------------------

    def encode(self, state: State) -> int:
        """The code of a legal position of the puzzle (:func:`hanoikit.solvers.tower_search.encode`)."""
        return encode(self.puzzle, state)

    def decode(self, code: int) -> State:
        """The position with ``code``; raises :class:`~hanoikit.InvalidStateError` if it is not a legal one."""
        if not 0 <= code < self.codes:
            raise InvalidStateError(f"code {code!r} is not a whole number in 0..{self.codes - 1}")
        rest, bits = divmod(int(code), self.width)
        posts = []
        for _ in range(self.n):
            rest, post = divmod(rest, self.k)
            posts.append(post)
        if not self.faces:
            return State(posts, post_count=self.k)
        if any(bits >> p & 1 and p not in posts for p in range(self.k)):
            raise InvalidStateError(f"code {code} is not a position of {self.puzzle!r}: it colours an empty post")
        state = State(posts, ["B" if bits >> p & 1 else "R" for p in posts], post_count=self.k)
        return self.puzzle.check(state)

    # -- the kernels' tables ---------------------------------------------------------------------------------------

    @functools.cached_property
    def geometry(self) -> Geometry:
        k, s = self.k, self.s
        low = min(s, int(math.log(_LOW_ROWS, k)))
        low_top, low_cnt = _tops_table(low, k)
        high_top, high_cnt = _tops_table(s - low, k)
        pairs = sorted(self.puzzle.moves)
        colors = getattr(self.puzzle, "colors", "N" * k)
        geo = [k, self.n, s, self.width.bit_length() - 1, self.block_codes, low, k**low, int(self.faces), len(pairs)]
        return Geometry(
            geo=np.array(geo + [self.m, _log2(k), _log2(k**low), _log2(self.block_codes)], dtype=np.int64),
            low_top=low_top,
            low_cnt=low_cnt,
            high_top=high_top,
            high_cnt=high_cnt,
            powers=np.array([k**i for i in range(self.n + 1)], dtype=np.int64),
            src=np.array([a for a, _ in pairs], dtype=np.int64),
            dst=np.array([b for _, b in pairs], dtype=np.int64),
            own=np.array([{"N": -1, "R": 0, "B": 1}[c] for c in colors], dtype=np.int64),
        )

    @property
    def table_bytes(self) -> int:
        """The bytes of the kernels' tables: a fixed overhead, at most a few MiB."""
        return sum(array.nbytes for array in self.geometry)


def _log2(value: int) -> int:
    """The exponent of ``value`` if it is a power of two, else -1 (the kernels then shift instead of dividing)."""
    return value.bit_length() - 1 if value & (value - 1) == 0 else -1


@functools.lru_cache(maxsize=8)
def _layout(puzzle: Puzzle, block_disks: int) -> Layout:
    """One layout per puzzle and block size in each process (workers rebuild it from its pickle)."""
    return Layout(puzzle, block_disks)
