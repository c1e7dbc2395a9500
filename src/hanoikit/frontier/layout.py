"""The code space of a puzzle, cut into blocks by its largest disks: what the frontier search stores and where.

The codes are :mod:`hanoikit.positions`'s. The ``m`` largest disks are the most significant digits: they pick the
*block*, and the rest of the code is the position within it. A move of one of the ``s = n - m`` smaller disks keeps
the large disks where they are and, on a magnetic tower, keeps the colour of every stack that holds a large disk (a
legal move never changes the colour a non-empty destination shows, and a post with a large disk never empties), so it
stays inside its block; only moves of the large disks cross blocks.

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

from ..digits import as_int, rounded
from ..errors import InvalidArgumentError, TooLargeError, quote
from ..limits import FRONTIER_BLOCK_CODES, MAX_FRONTIER_CODES
from ..positions import MoveTables, code_space, decode, encode, move_tables
from ..positions import state_count as position_count  # the legal positions, one formula for the family
from ..puzzle import Puzzle
from ..state import State

__all__ = ["Layout", "position_count"]


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
                f"a frontier search of {puzzle!r} would index {rounded(self.codes)} codes; the limit is "
                f"MAX_FRONTIER_CODES = {MAX_FRONTIER_CODES:,}"
            )
        if block_disks is None:
            block_disks = 0
            while k ** (n - block_disks) * self.width > FRONTIER_BLOCK_CODES:
                block_disks += 1
        m = as_int(block_disks)
        if m is None or not 0 <= m <= n:
            raise InvalidArgumentError(f"block_disks is a whole number from 0 to {n}, not {quote(block_disks)}")
        block_disks = m
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
        """The code of a legal position of the puzzle (:func:`hanoikit.positions.encode`)."""
        return encode(self.puzzle, state)

    def decode(self, code: int) -> State:
        """The position with ``code``; raises :class:`~hanoikit.InvalidStateError` if it is not a legal one."""
        return decode(self.puzzle, code)

    # -- the kernels' tables ---------------------------------------------------------------------------------------

    def tables(self, reverse: bool = False) -> MoveTables:
        """The tables of moves the kernels read (:func:`hanoikit.positions.move_tables`), backwards if ``reverse``."""
        return move_tables(self.puzzle, self.m, reverse)

    @property
    def table_bytes(self) -> int:
        """The bytes of the kernels' tables: a fixed overhead, at most a few MiB."""
        return sum(array.nbytes for array in self.tables())


@functools.lru_cache(maxsize=8)
def _layout(puzzle: Puzzle, block_disks: int) -> Layout:
    """One layout per puzzle and block size in each process (workers rebuild it from its pickle)."""
    return Layout(puzzle, block_disks)
