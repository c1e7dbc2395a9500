"""Uri Levy's published algorithms for the Magnetic Tower of Hanoi, as published.

The functions below transcribe *Appendix 1: Recursive functions for the "62" solution* of Levy's paper
"The Magnetic Tower of Hanoi" (seed 000 of this project; the paper's functions ran on NUMERIT), keeping its names,
its argument orders and its structure line for line. ``move(n, a, b)`` carries disk ``n`` from post ``a`` to post ``b``;
in every function disk ``n`` is the largest of the sub-tower it moves (disk 1 is the smallest, as in hanoikit), and the
first two posts are where that sub-tower starts and ends, the third the spare one, whatever their names
(``move_busy_2and1(n, i, s, d)`` moves ``n`` disks from ``i`` to ``s``).

Each function, called, returns a :class:`Call`: iterable as the moves it makes (a lazy generator), and the unit from
which :func:`blocks` composes numpy arrays (the output of a call on posts ``(a, b, c)`` is its output on
``(0, 1, 2)`` with the posts relabelled), and :func:`counts` counts moves without making them.

The algorithms, by the paper's names:

- ``"100"``: ``move_busy_1and2`` on the whole tower; optimal on the coloured tower RBB, (3^n - 1)/2 moves.
- ``"67-down"``, ``"67-up"``: ``move_down_67`` / ``move_up_67``; 3^(n-1) + n - 1 moves on the free tower.
- ``"62"``: ``solve_MToH_puzzle``; 1, 4, 11, 30, 83, 236, 691, 2050, ... moves on the free tower.
- ``"semifree"``: ``move_semifree_BNR``; for the semi-coloured tower RNB, 1, 4, 11, 32, 93, 276, 823, 2464, ...

>>> [str(m) for m in solution(2, "62")]
['1SI', '2SD', '1IS', '1SD']
>>> counts("62", 5), counts("100", 3), counts("67-down", 64) == 3**63 + 63
(83, 13, True)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from .errors import InvalidPuzzleError, TooLargeError, UnknownMethodError
from .move import Move
from .puzzle import MagneticPuzzle

__all__ = [
    "ALGORITHMS",
    "Algorithm",
    "Call",
    "MoveBlock",
    "Comparison",
    "JULIAN_YEAR",
    "duration",
    "blocks",
    "compare",
    "counts",
    "disk_counts",
    "first_suboptimal",
    "get",
    "move",
    "move_all_but_n_up",
    "move_busy_1and2",
    "move_busy_2and1",
    "move_down_67",
    "move_down_67_3disks",
    "move_semifree_BNR",
    "move_up_67",
    "move_up_67_3disks",
    "solution",
    "solution_array",
    "solve_MToH_puzzle",
    "structural_count",
]

Body = Callable[[int, int, int, int], Iterator["Move | Call"]]
_CANONICAL = (0, 1, 2)


class Call:
    """A call ``function(n, a, b, c)`` of one of Appendix 1's functions: iterating it yields its moves lazily.

    >>> call = move_busy_1and2(2, 0, 2, 1)
    >>> call
    move_busy_1and2(2, 0, 2, 1)
    >>> [str(m) for m in call], call.count()
    (['1SI', '2SD', '1IS', '1SD'], 4)
    """

    __slots__ = ("function", "n", "posts")

    def __init__(self, function: Body, n: int, posts: tuple[int, int, int]) -> None:
        self.function = function
        self.n = n
        self.posts = posts

    def steps(self) -> Iterator[Move | Call]:
        """The lines of the function's body: single moves and the calls it makes, not expanded."""
        return self.function(self.n, *self.posts)

    def __iter__(self) -> Iterator[Move]:
        for step in self.function(self.n, *self.posts):
            if type(step) is Move:
                yield step
            else:
                yield from step  # type: ignore[misc]

    def count(self) -> int:
        """How many moves the call makes, counted without making them."""
        return _count(self.function, self.n)

    def __repr__(self) -> str:
        return f"{self.function.__name__}({self.n}, {', '.join(map(str, self.posts))})"


def _appendix(body: Body) -> Callable[[int, int, int, int], Call]:
    """Make an Appendix 1 function: calling it returns a lazy :class:`Call` of ``body``."""

    @functools.wraps(body)
    def function(n: int, a: int, b: int, c: int) -> Call:
        return Call(body, n, (a, b, c))

    return function


def move(n: int, s: int, d: int) -> Move:
    """Appendix 1's ``move(n, s, d)``: disk ``n`` goes from post ``s`` to post ``d``."""
    return Move(n, s, d)


# -- Appendix 1, function by function (seed 000) -------------------------------------------------------------------


@_appendix
def solve_MToH_puzzle(n: int, s: int, d: int, i: int) -> Iterator[Move | Call]:
    """The "62" algorithm: the free tower of ``n`` disks from ``s`` to ``d``."""
    if n == 1:
        yield move_down_67(n, s, d, i)
        return
    if n == 2:
        yield move_down_67(n, s, d, i)
        return
    yield move_down_67(n - 1, s, i, d)
    yield move(n, s, d)
    yield move_all_but_n_up(n, i, d, s)


@_appendix
def move_all_but_n_up(n: int, i: int, d: int, s: int) -> Iterator[Move | Call]:
    """The ``n - 1`` smallest disks from ``i`` up onto disk ``n`` on ``d`` (the second half of "62")."""
    if n > 2:
        yield move_busy_2and1(n - 2, i, s, d)
        yield move_busy_1and2(n - 2, s, d, i)
        yield move(n - 1, i, s)
        yield move_semifree_BNR(n - 3, d, s, i)
        yield move(n - 2, d, i)
        yield move_busy_2and1(n - 3, s, d, i)
        yield move_busy_1and2(n - 3, d, i, s)
        yield move(n - 1, s, d)
        yield move_up_67(n - 2, i, d, s)


@_appendix
def move_semifree_BNR(n: int, s: int, d: int, i: int) -> Iterator[Move | Call]:
    """The "SemiFree" algorithm: ``n`` disks from ``s`` to ``d`` with ``i`` free."""
    if n > 2:
        yield move_semifree_BNR(n - 2, s, d, i)
        yield move(n - 1, s, i)
        yield move_busy_2and1(n - 2, d, s, i)
        yield move_busy_1and2(n - 2, s, i, d)
        yield move(n, s, d)
        yield move_busy_2and1(n - 2, i, s, d)
        yield move_busy_1and2(n - 2, s, d, i)
        yield move(n - 1, i, s)
        yield move_busy_1and2(n - 2, d, i, s)
        yield move(n - 1, s, d)
        yield move_busy_2and1(n - 2, i, d, s)
        return
    if n == 1:
        yield move_busy_2and1(1, s, d, i)
        return
    if n == 2:
        yield move_busy_2and1(2, s, d, i)
        return


@_appendix
def move_down_67_3disks(n: int, s: int, d: int, i: int) -> Iterator[Move | Call]:
    """The "67-Down" algorithm for three disks."""
    if n > 0:
        yield move_busy_2and1(n - 1, s, i, d)
        yield move(n, s, d)
        yield move_busy_1and2(n - 2, i, s, d)
        yield move_busy_2and1(n - 2, s, d, i)
        yield move(n - 1, i, s)
        yield move_busy_2and1(n - 2, d, i, s)
        yield move(n - 1, s, d)
        yield move_busy_1and2(n - 2, i, d, s)


@_appendix
def move_up_67_3disks(n: int, s: int, d: int, i: int) -> Iterator[Move | Call]:
    """The "67-Up" algorithm for three disks."""
    if n > 0:
        yield move_busy_2and1(n - 2, s, i, d)
        yield move(n - 1, s, d)
        yield move_busy_1and2(n - 2, i, s, d)
        yield move(n - 1, d, i)
        yield move_busy_1and2(n - 2, s, d, i)
        yield move_busy_2and1(n - 2, d, i, s)
        yield move(n, s, d)
        yield move_busy_2and1(n - 1, i, d, s)


@_appendix
def move_down_67(n: int, s: int, d: int, i: int) -> Iterator[Move | Call]:
    """The "67-Down" algorithm: ``n`` disks from ``s`` to ``d`` on the free tower."""
    if n > 3:
        yield move_down_67(n - 1, s, i, d)
        yield move(n, s, d)
        yield move_busy_2and1(n - 2, i, s, d)
        yield move_busy_1and2(n - 2, s, d, i)
        yield move(n - 1, i, s)
        yield move_busy_1and2(n - 2, d, i, s)
        yield move(n - 1, s, d)
        yield move_busy_2and1(n - 2, i, d, s)
        return
    if n == 2:
        yield move_busy_1and2(2, s, d, i)
        return
    if n == 1:
        yield move_busy_1and2(1, s, d, i)
        return
    yield move_down_67_3disks(3, s, d, i)


@_appendix
def move_up_67(n: int, s: int, d: int, i: int) -> Iterator[Move | Call]:
    """The "67-Up" algorithm: ``n`` disks from ``s`` to ``d`` on the free tower."""
    if n > 3:
        yield move_busy_1and2(n - 2, s, i, d)
        yield move(n - 1, s, d)
        yield move_busy_2and1(n - 2, i, s, d)
        yield move(n - 1, d, i)
        yield move_busy_2and1(n - 2, s, d, i)
        yield move_busy_1and2(n - 2, d, i, s)
        yield move(n, s, d)
        yield move_up_67(n - 1, i, d, s)
        return
    if n == 2:
        yield move_busy_1and2(2, s, d, i)
        return
    if n == 1:
        yield move_busy_1and2(1, s, d, i)
        return
    yield move_up_67_3disks(3, s, d, i)


@_appendix
def move_busy_2and1(n: int, i: int, s: int, d: int) -> Iterator[Move | Call]:
    """The coloured tower, the other way round (RRB): ``n`` disks from ``i`` to ``s``."""
    if n > 0:
        yield move_busy_2and1(n - 1, i, s, d)
        yield move_busy_1and2(n - 1, s, d, i)
        yield move(n, i, s)
        yield move_busy_2and1(n - 1, d, s, i)


@_appendix
def move_busy_1and2(n: int, s: int, d: int, i: int) -> Iterator[Move | Call]:
    """The "100" algorithm of the coloured tower (RBB): ``n`` disks from ``s`` to ``d``."""
    if n > 0:
        yield move_busy_1and2(n - 1, s, i, d)
        yield move(n, s, d)
        yield move_busy_2and1(n - 1, i, s, d)
        yield move_busy_1and2(n - 1, s, d, i)


# Every function before the ones it calls: reversed, the order in which the caches fill bottom-up.
_FUNCTIONS = (
    solve_MToH_puzzle,
    move_all_but_n_up,
    move_semifree_BNR,
    move_down_67,
    move_up_67,
    move_down_67_3disks,
    move_up_67_3disks,
    move_busy_2and1,
    move_busy_1and2,
)


# -- the algorithms ------------------------------------------------------------------------------------------------


class Algorithm(NamedTuple):
    """A published algorithm: the Appendix 1 function run on the whole tower from S to D, and the colouring of the
    tower it was published for."""

    name: str
    function: Callable[[int, int, int, int], Call]
    colors: str
    description: str

    def call(self, n: int) -> Call:
        """The whole ``n``-disk tower from S to D (spare post I)."""
        return self.function(n, 0, 2, 1)

    def puzzle(self, n: int) -> MagneticPuzzle:
        """The tower the algorithm was published for, with ``n`` disks."""
        return MagneticPuzzle(n, self.colors)


ALGORITHMS: dict[str, Algorithm] = {
    a.name: a
    for a in (
        Algorithm("100", move_busy_1and2, "RBB", "move_busy_1and2: the coloured tower, optimal on RBB, (3^n-1)/2 moves"),
        Algorithm("67-down", move_down_67, "NNN", "move_down_67: the free tower in 3^(n-1)+n-1 moves"),
        Algorithm("67-up", move_up_67, "NNN", "move_up_67: the free tower in 3^(n-1)+n-1 moves, crossing other posts"),
        Algorithm("62", solve_MToH_puzzle, "NNN", "solve_MToH_puzzle: the free tower, Levy's shortest"),
        Algorithm("semifree", move_semifree_BNR, "RNB", "move_semifree_BNR: the semi-coloured tower RNB"),
    )
}
"""The published algorithms by name."""


def get(algorithm: str) -> Algorithm:
    """The algorithm named ``algorithm`` (case does not matter); raises :class:`UnknownMethodError`.

    >>> get("62").colors
    'NNN'
    >>> get("63")
    Traceback (most recent call last):
    hanoikit.errors.UnknownMethodError: unknown algorithm '63': choose one of '100', '67-down', '67-up', '62', 'semifree'
    """
    found = ALGORITHMS.get(algorithm.lower()) if isinstance(algorithm, str) else None
    if found is None:
        allowed = ", ".join(repr(name) for name in ALGORITHMS)
        raise UnknownMethodError(f"unknown algorithm {algorithm!r}: choose one of {allowed}")
    return found


def _check_n(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidPuzzleError(f"the number of disks must be a whole number of at least 1, not {n!r}")
    return n


def solution(n: int, algorithm: str) -> Iterator[Move]:
    """The moves of ``algorithm`` on the ``n``-disk tower from S to D, generated lazily (from numpy blocks).

    >>> [str(m) for m in solution(3, "100")][:5]
    ['1SD', '2SI', '1DS', '1SI', '3SD']
    >>> sum(1 for _ in solution(6, "semifree"))
    276
    """
    return _moves(blocks(n, algorithm))


def _moves(stream: Iterator[MoveBlock]) -> Iterator[Move]:
    for block in stream:
        yield from map(Move._make, zip(block.disk.tolist(), block.src.tolist(), block.dst.tolist()))


# -- counting ------------------------------------------------------------------------------------------------------


@functools.cache
def _count(body: Body, n: int) -> int:
    return sum(1 if type(step) is Move else _count(step.function, step.n) for step in body(n, *_CANONICAL))  # type: ignore[union-attr]


@functools.cache
def _disk_counts(body: Body, n: int) -> tuple[int, ...]:
    tally = [0] * max(n, 0)
    for step in body(n, *_CANONICAL):
        if type(step) is Move:
            tally[step.disk - 1] += 1  # type: ignore[union-attr]
        else:
            for disk, times in enumerate(_disk_counts(step.function, step.n)):  # type: ignore[union-attr]
                tally[disk] += times
    return tuple(tally)


def _warm(cache: Callable[[Body, int], object], n: int) -> None:
    """Fill ``cache`` from the bottom up so that deep towers never recurse deeply."""
    for m in range(50, n + 1, 50):
        for function in reversed(_FUNCTIONS):
            cache(function.__wrapped__, m)  # type: ignore[attr-defined]


_CLOSED_FORMS: dict[str, tuple[int, Callable[[int], int]]] = {
    "100": (1, lambda n: (3**n - 1) // 2),
    "67-down": (1, lambda n: 3 ** (n - 1) + n - 1),
    "67-up": (1, lambda n: 3 ** (n - 1) + n - 1),
    "62": (3, lambda n: (67 * 3**n - 27 * (-1) ** n + 540 * (n - 2)) // 216),
    "semifree": (1, lambda n: (3 ** (n + 1) + 4 * n - 4 + (-1) ** n) // 8),
}
"""Each algorithm's count in closed form, from the least ``n`` on which it holds. The counts of Appendix 1's
functions satisfy linear recurrences whose characteristic roots are 3, 1 (double) and -1; the coefficients were solved
from the first counts of :func:`structural_count`, which the tests check the forms against."""


def structural_count(algorithm: str, n: int) -> int:
    """How many moves ``algorithm`` makes on ``n`` disks, by recursion over its functions, no moves made: the
    definition :func:`counts` is checked against. Linear in ``n`` big-int additions.

    >>> [structural_count("62", n) for n in range(1, 9)]
    [1, 4, 11, 30, 83, 236, 691, 2050]
    """
    call = get(algorithm).call(_check_n(n))
    _warm(_count, n)
    return _count(call.function, n)


def counts(algorithm: str, n: int) -> int:
    """How many moves ``algorithm`` makes on ``n`` disks: exact, in closed form (one power of 3), no moves made.

    >>> [counts("semifree", n) for n in range(1, 9)]
    [1, 4, 11, 32, 93, 276, 823, 2464]
    >>> counts("100", 1000) == (3**1000 - 1) // 2
    True
    >>> all(counts(name, n) == structural_count(name, n) for name in ALGORITHMS for n in range(1, 300))
    True
    """
    start, form = _CLOSED_FORMS[get(algorithm).name]
    return form(n) if _check_n(n) >= start else structural_count(algorithm, n)


def disk_counts(algorithm: str, n: int) -> list[int]:
    """How often each disk moves under ``algorithm`` on ``n`` disks; index 0 is disk 1 (the smallest).

    >>> disk_counts("67-down", 5)
    [55, 19, 7, 3, 1]
    """
    call = get(algorithm).call(_check_n(n))
    _warm(_disk_counts, n)
    return list(_disk_counts(call.function, n))


# -- against the optimum -------------------------------------------------------------------------------------------


class Comparison(NamedTuple):
    """An algorithm's move count on ``n`` disks next to the optimum of the same tower."""

    n: int
    moves: int
    optimal: int

    @property
    def excess(self) -> int:
        """Moves beyond the optimum."""
        return self.moves - self.optimal


def compare(algorithm: str, upto: int, colors: str | None = None) -> list[Comparison]:
    """``algorithm``'s counts for 1 to ``upto`` disks beside the optimal counts of the tower ``colors`` (default: the
    one it was published for), from :meth:`MagneticPuzzle.distance`.

    >>> [tuple(c) for c in compare("100", 3, "NNN")]
    [(1, 1, 1), (2, 4, 4), (3, 13, 11)]
    """
    colors = colors or get(algorithm).colors
    return [Comparison(n, counts(algorithm, n), MagneticPuzzle(n, colors).distance()) for n in range(1, upto + 1)]


def first_suboptimal(algorithm: str, upto: int = 64, colors: str | None = None) -> int | None:
    """The least number of disks (at most ``upto``) on which ``algorithm`` makes more moves than the optimum, or
    ``None`` if it is optimal up to ``upto``.

    >>> first_suboptimal("62"), first_suboptimal("67-down"), first_suboptimal("100"), first_suboptimal("100", colors="NNN")
    (7, 5, None, 3)
    """
    for row in compare(algorithm, upto, colors):
        if row.excess:
            return row.n
    return None


JULIAN_YEAR = 31_557_600
"""Seconds in a Julian year (365.25 days of 86 400 seconds)."""


def duration(moves: int, rate: int | Fraction = 1) -> tuple[Fraction, Fraction]:
    """The exact time ``moves`` take at ``rate`` moves per second: ``(seconds, Julian years)``.

    >>> seconds, years = duration(2**64 - 1)
    >>> seconds == 2**64 - 1, round(years)
    (True, 584542046091)
    """
    rate = Fraction(rate)
    if rate <= 0:
        raise InvalidPuzzleError(f"the rate must be a positive number of moves per second, not {rate}")
    seconds = Fraction(moves) / rate
    return seconds, seconds / JULIAN_YEAR


# -- numpy blocks --------------------------------------------------------------------------------------------------


class MoveBlock(NamedTuple):
    """Consecutive moves as three equal-length numpy arrays: disks (int16) and source and destination posts (uint8)."""

    disk: np.ndarray
    src: np.ndarray
    dst: np.ndarray

    def as_array(self) -> np.ndarray:
        """The moves as one ``(k, 3)`` int16 array of rows ``(disk, src, dst)``."""
        return np.column_stack((self.disk, self.src, self.dst)).astype(np.int16)


_MEMO_LIMIT = 1 << 18
"""Calls making at most this many moves are kept as canonical blocks and relabelled; longer ones are streamed."""


def _frozen(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)
    return array


@functools.cache
def _canonical(body: Body, n: int) -> MoveBlock:
    """The moves of ``body(n, 0, 1, 2)`` as one block, composed of the canonical blocks of the calls it makes."""
    parts = [_relabel(_canonical(step.function, step.n), step.posts) if type(step) is Call else _block([step])
             for step in body(n, *_CANONICAL)]  # type: ignore[list-item]
    if not parts:
        return MoveBlock(*(_frozen(np.empty(0, dtype)) for dtype in (np.int16, np.uint8, np.uint8)))
    return MoveBlock(*(_frozen(np.concatenate(column)) for column in zip(*parts)))


def _block(moves: list[Move]) -> MoveBlock:
    disk, src, dst = zip(*moves)
    return MoveBlock(np.array(disk, np.int16), np.array(src, np.uint8), np.array(dst, np.uint8))


def _relabel(block: MoveBlock, posts: tuple[int, int, int]) -> MoveBlock:
    """``block`` with post 0 renamed ``posts[0]``, 1 ``posts[1]`` and 2 ``posts[2]``."""
    if posts == _CANONICAL:
        return block
    table = np.array(posts, np.uint8)
    return MoveBlock(block.disk, table.take(block.src), table.take(block.dst))


def _stream(body: Body, n: int, posts: tuple[int, int, int]) -> Iterator[MoveBlock]:
    if _count(body, n) <= _MEMO_LIMIT:
        if n > 0:
            yield _relabel(_canonical(body, n), posts)
        return
    singles: list[Move] = []
    for step in body(n, *posts):
        if type(step) is Move:
            singles.append(step)  # type: ignore[arg-type]
            continue
        if singles:
            yield _block(singles)
            singles = []
        yield from _stream(step.function, step.n, step.posts)  # type: ignore[union-attr]
    if singles:
        yield _block(singles)


def blocks(n: int, algorithm: str) -> Iterator[MoveBlock]:
    """The moves of ``algorithm`` on ``n`` disks as a stream of numpy blocks, in bounded memory.

    Blocks may be shared and are read-only.

    >>> sum(block.disk.size for block in blocks(12, "62"))
    164870
    """
    if _check_n(n) > 2**15 - 1:
        raise TooLargeError(f"{n} disks: the move arrays hold disk numbers up to 32767")
    call = get(algorithm).call(n)
    _warm(_count, n)
    return _stream(call.function, n, call.posts)


def solution_array(n: int, algorithm: str, limit: int = 50_000_000) -> np.ndarray:
    """All moves of ``algorithm`` on ``n`` disks as one ``(k, 3)`` int16 array of rows ``(disk, src, dst)``.

    Raises :class:`TooLargeError` when there would be more than ``limit`` moves.

    >>> solution_array(2, "100").tolist()
    [[1, 0, 1], [2, 0, 2], [1, 1, 0], [1, 0, 2]]
    """
    total = counts(algorithm, n)
    if total > limit:
        raise TooLargeError(f"{algorithm!r} makes {total} moves on {n} disks, more than the limit of {limit}")
    out = np.empty((total, 3), np.int16)
    at = 0
    for block in blocks(n, algorithm):
        size = block.disk.size
        out[at : at + size, 0] = block.disk
        out[at : at + size, 1] = block.src
        out[at : at + size, 2] = block.dst
        at += size
    return out
