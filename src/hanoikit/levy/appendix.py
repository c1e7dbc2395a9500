"""Appendix 1 of Levy's paper, transcribed: the recursive functions of the "62" solution.

The functions below transcribe *Appendix 1: Recursive functions for the "62" solution* of Levy's paper
"The Magnetic Tower of Hanoi" (seed 000 of this project; the paper's functions ran on NUMERIT), keeping its names,
its argument orders and its structure line for line. ``move(n, a, b)`` carries disk ``n`` from post ``a`` to post ``b``;
in every function disk ``n`` is the largest of the sub-tower it moves (disk 1 is the smallest, as in hanoikit), and the
first two posts are where that sub-tower starts and ends, the third the spare one, whatever their names
(``move_busy_2and1(n, i, s, d)`` moves ``n`` disks from ``i`` to ``s``).

Each function, called, returns a :class:`Call`: iterable as the moves it makes (a lazy generator), and the unit from
which :mod:`hanoikit.levy.arrays` composes numpy arrays (the output of a call on posts ``(a, b, c)`` is its output on
``(0, 1, 2)`` with the posts relabelled); :meth:`Call.count` counts its moves without making them.

>>> [str(m) for m in move_busy_1and2(2, 0, 2, 1)]
['1SI', '2SD', '1IS', '1SD']
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Protocol

from ..limits import MAX_LEVY_DISKS, ensure_at_most
from ..move import Move

__all__ = [
    "Body",
    "Call",
    "CANONICAL",
    "FUNCTIONS",
    "disk_moves_made",
    "move",
    "move_all_but_n_up",
    "move_busy_1and2",
    "move_busy_2and1",
    "move_down_67",
    "move_down_67_3disks",
    "move_semifree_BNR",
    "move_up_67",
    "move_up_67_3disks",
    "moves_made",
    "solve_MToH_puzzle",
    "warm",
]

Body = Callable[[int, int, int, int], Iterator["Move | Call"]]
CANONICAL = (0, 1, 2)
"""The posts ``(0, 1, 2)`` a call is counted and composed on."""


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
            if isinstance(step, Call):
                yield from step
            else:
                yield step

    def count(self) -> int:
        """How many moves the call makes, counted without making them; up to
        :data:`~hanoikit.limits.MAX_LEVY_DISKS` disks (else :class:`~hanoikit.TooLargeError`)."""
        ensure_at_most(self.n, MAX_LEVY_DISKS, "disks (counting Levy's moves call by call)")
        warm(moves_made, self.n)
        return moves_made(self.function, self.n)

    def __repr__(self) -> str:
        return f"{self.function.__name__}({self.n}, {', '.join(map(str, self.posts))})"


class _Function(Protocol):
    """An Appendix 1 function as :func:`_appendix` makes it, its body kept by :func:`functools.wraps`."""

    __name__: str
    __wrapped__: Body

    def __call__(self, n: int, a: int, b: int, c: int, /) -> Call: ...


def _appendix(body: Body) -> _Function:
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


FUNCTIONS = (
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
"""The functions of Appendix 1, every one before the ones it calls: reversed, the order in which caches fill
bottom-up."""


# -- counting the moves of a call, without making them ---------------------------------------------------------

_STEP = 16
"""How many levels :func:`warm` fills at a time: its working set, ``_STEP`` levels of every function (and the few
small calls every level makes), must stay well within both caches."""


@functools.lru_cache(maxsize=1024)  # ~64 levels; entries of n disks hold ~0.2 n bytes (6.5 KB at MAX_LEVY_DISKS)
def moves_made(body: Body, n: int) -> int:
    """How many moves ``body(n, ...)`` makes, by recursion over the calls it makes (cached, the most recent calls;
    see :func:`warm`)."""
    return sum(moves_made(step.function, step.n) if isinstance(step, Call) else 1 for step in body(n, *CANONICAL))


@functools.lru_cache(maxsize=256)  # ~28 levels; entries of n disks hold ~n * (0.1 n + 36) bytes (140 KB at 1000)
def disk_moves_made(body: Body, n: int) -> tuple[int, ...]:
    """How often each disk moves in ``body(n, ...)``, disk 1 first (cached, the most recent calls; see
    :func:`warm`)."""
    tally = [0] * max(n, 0)
    for step in body(n, *CANONICAL):
        if isinstance(step, Call):
            for disk, times in enumerate(disk_moves_made(step.function, step.n)):
                tally[disk] += times
        else:
            tally[step.disk - 1] += 1
    return tuple(tally)


def warm(cache: Callable[[Body, int], object], n: int) -> None:
    """Fill ``cache`` (:func:`moves_made` or :func:`disk_moves_made`) from the bottom up to ``n`` disks, so that deep
    towers never recurse deeply. The caches keep the most recent calls only (a few dozen levels): memory stays
    bounded, and ``n`` is reached again from the bottom after a smaller ``n`` (linear work either way)."""
    for m in range(_STEP, n + 1, _STEP):
        for function in reversed(FUNCTIONS):
            cache(function.__wrapped__, m)
