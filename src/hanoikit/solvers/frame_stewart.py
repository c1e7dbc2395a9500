"""Frame-Stewart: a tower on ``k >= 4`` posts with every move allowed, from one perfect tower to another.

Park the ``m`` smallest disks on a spare post (using all ``k`` posts), carry the ``r = n - m`` largest to the goal on
the ``k - 1`` posts left (three posts: the classic solution), bring the ``m`` back on top (using all ``k`` posts).
With the best split the count is ``FS(n, k) = 2 FS(m, k) + FS(r, k - 1)``, which Klavžar and Milutinović wrote in
closed form (OEIS A137695): with ``s`` the largest integer such that ``n > C(k - 3 + s, k - 2)``,

    ``FS(n, k) = sum(2**t * C(k - 3 + t, k - 3) for t < s) + 2**s * (n - C(k - 3 + s, k - 2))``.

The increments ``FS(n, k) - FS(n - 1, k)`` are the powers ``2**t``, each ``C(k - 3 + t, k - 3)`` times; the best split
takes them in increasing order (:func:`split`). :func:`count` costs O(s) exact-int steps (``s`` is about
``sqrt(2n)`` on four posts), so ``n = 10**4`` answers in well under a millisecond.

Optimality: proven for four posts by T. Bousch (*La quatrième tour de Hanoï*, Bull. Belg. Math. Soc. 21 (2014),
895-912); conjectured for five posts and more (the Frame-Stewart conjecture), and checked here against an exhaustive
search for every ``n`` up to ``CHECKED_DISKS[k]`` on ``k`` posts (:data:`CHECKED_DISKS`): 5 posts up to 13 disks by
the frontier search (``benchmarks/bench_frontier.py --long --only fs5``, recorded in ``docs/search-at-scale.md``; the
tests search up to 9), 6 posts up to 6 (the slow tests; 4 posts up to 8), and 7 to 10 posts up to ``k - 1`` by the
bound ``2n - 1`` (for ``n < k`` every disk but the largest moves at least twice, and Frame-Stewart takes ``2n - 1``;
the fast tests search 7 to 10 posts up to 3 disks).

>>> [count(n, 4) for n in range(1, 11)]  # OEIS A007664
[1, 3, 5, 9, 13, 17, 25, 33, 41, 49]
>>> [count(n, 5) for n in range(1, 11)]  # OEIS A007665
[1, 3, 5, 7, 11, 15, 19, 23, 27, 31]
>>> from hanoikit import Puzzle
>>> p = Puzzle(3, posts=4)
>>> [m.notation(4) for m in solve(p, p.start, p.goal)]
['1SI', '2SJ', '3SD', '2JD', '1ID']
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from math import comb

import numpy as np

from ..errors import InvalidPuzzleError, quote
from ..limits import MAX_DISK_MOVES_DISKS, MAX_DISKS, MAX_FAMILY_ARRAY_MOVES, MAX_POSTS, ensure_at_most
from ..move import Move, as_count, as_int
from ..movearray import POST_DTYPE, MoveArray, concatenate, disk_dtype, moves_of
from ..puzzle import Puzzle
from ..state import State
from . import arrays as classic_arrays
from . import classic

__all__ = [
    "CHECKED_DISKS",
    "arrays",
    "chunks",
    "count",
    "disk_moves",
    "distance",
    "move_at",
    "solve",
    "split",
    "state_at",
]

CHECKED_DISKS: dict[int, int] = {5: 13, 6: 6, 7: 6, 8: 7, 9: 8, 10: 9}
"""Frame-Stewart on ``k`` posts (five and more) agrees with an exhaustive search for every ``n`` up to
``CHECKED_DISKS[k]`` (how each was checked: the module docstring); the registry's guarantees are read from here
(:meth:`hanoikit.solvers.Solver.guarantee_for`)."""

_BLOCK = 1 << 15  # solutions up to this many moves are built once, cached, and relabelled


def _check(n: int, posts: int) -> tuple[int, int]:
    disks, k = as_int(n), as_int(posts)
    if disks is None or disks < 0:
        raise InvalidPuzzleError(f"the number of disks must be a whole number of at least 0, not {quote(n)}")
    if k is None or not 3 <= k <= MAX_POSTS:
        raise InvalidPuzzleError(f"the number of posts is a whole number from 3 to {MAX_POSTS}, not {quote(posts)}")
    ensure_at_most(disks, MAX_DISKS, "disks")
    return disks, k


def _level(n: int, k: int) -> int:
    """The largest ``s`` with ``n > C(k - 3 + s, k - 2)`` (``n >= 1``, ``k >= 4``)."""
    s = 0
    while n > comb(k - 2 + s, k - 2):
        s += 1
    return s


@functools.lru_cache(maxsize=4096)
def count(n: int, posts: int = 4) -> int:
    """``FS(n, posts)``: the number of moves of the Frame-Stewart solution for ``n`` disks on ``posts`` posts, an
    exact int (the closed form of the module docstring).

    >>> count(10_000, 4).bit_length(), count(64, 3) == 2**64 - 1
    (149, True)
    """
    n, k = _check(n, posts)
    if n == 0:
        return 0
    if k == 3:
        return (1 << n) - 1
    s = _level(n, k)
    total = sum(comb(k - 3 + t, k - 3) << t for t in range(s))
    return total + ((n - comb(k - 3 + s, k - 2)) << s)


@functools.lru_cache(maxsize=4096)
def split(n: int, posts: int = 4) -> tuple[int, int]:
    """The best split ``(m, r)`` of ``n`` disks on ``posts >= 4`` posts: park ``m``, carry ``r = n - m`` on one post
    fewer, so that ``2 count(m, posts) + count(r, posts - 1) == count(n, posts)``.

    >>> split(10, 4), 2 * count(6, 4) + count(4, 3) == count(10, 4)
    ((6, 4), True)
    """
    n, k = _check(n, posts)
    if k < 4:
        raise InvalidPuzzleError(f"Frame-Stewart splits a tower on 4 posts or more, not {k}")
    if n == 0:
        return 0, 0
    s = _level(n, k)
    extra = n - comb(k - 3 + s, k - 2)  # the increments 2**s taken: from either side
    to_carry = min(extra, comb(k - 4 + s, k - 4))
    return comb(k - 4 + s, k - 2) + extra - to_carry, comb(k - 4 + s, k - 3) + to_carry


def _roles(pegs: tuple[int, ...], m: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The posts of the three parts of a transfer over ``pegs`` (source first, goal last): park on a spare post,
    carry over the others, bring back."""
    spare, others = pegs[1], pegs[2:-1]
    source, goal = pegs[0], pegs[-1]
    park = (source, *others, goal, spare)
    carry = (source, *others, goal)
    back = (spare, *others, source, goal)
    return park, carry, back


# -- the moves as numpy arrays ------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def _canonical(n: int, k: int) -> MoveArray:
    """The whole solution for ``n`` disks from post 0 to post ``k - 1`` over posts ``0 .. k - 1`` (short ones only),
    read-only."""
    return concatenate(_build(n, tuple(range(k)), 0, canonical=False), n).frozen()


def _build(
    n: int, pegs: tuple[int, ...], offset: int, canonical: bool = True, size: int = 1 << 20
) -> Iterator[MoveArray]:
    """The transfer of disks ``offset + 1 .. offset + n`` over ``pegs`` as chunks (pieces of at most ``size``
    moves are never cut, larger ones come in chunks of at most ``size``). The transfers still to make wait on a
    stack, not in nested calls: a million disks on four posts park some 1,400 times deep."""
    todo = [(n, pegs, offset, canonical)]
    while todo:
        n, pegs, offset, canonical = todo.pop()
        if n == 0:
            continue
        k = len(pegs)
        labels = np.array(pegs, POST_DTYPE)
        dtype = disk_dtype(offset + n)
        if canonical and count(n, k) <= _BLOCK:
            disk, src, dst = _canonical(n, k)
            yield MoveArray(disk.astype(dtype) + dtype.type(offset), labels[src], labels[dst])
            continue
        if k == 3:
            for disk, src, dst in classic_arrays.chunks(n, size=size):
                yield MoveArray(disk.astype(dtype) + dtype.type(offset), labels[src], labels[dst])
            continue
        m, r = split(n, k)
        park, carry, back = _roles(pegs, m)
        todo += [(m, back, offset, True), (r, carry, offset + m, True), (m, park, offset, True)]  # park first


def _pegs(puzzle: Puzzle, src: State, dst: State) -> tuple[int, tuple[int, ...]]:
    """The number of disks and the posts (source first, goal last) of a transfer between two perfect towers."""
    _check_puzzle(puzzle)
    a, b = src.posts[0], dst.posts[0]
    return puzzle.n, (a, *(p for p in range(puzzle.posts) if p not in (a, b)), b)


def chunks(
    n: int, posts: int = 4, src: int = 0, dst: int | None = None, size: int = 1 << 20
) -> Iterator[MoveArray]:
    """The Frame-Stewart transfer of ``n`` disks from post ``src`` to post ``dst`` (default: the last) on ``posts``
    posts, lazily, as :class:`~hanoikit.movearray.MoveArray` chunks of at most about ``size`` moves each (memory stays
    bounded).

    >>> [a.tolist() for a in next(chunks(2, 4))]
    [[1, 2, 1], [0, 0, 2], [2, 3, 3]]
    """
    n, k = _check(n, posts)
    first, goal = as_int(src), as_int(k - 1 if dst is None else dst)
    if first is None or goal is None or not (0 <= first < k and 0 <= goal < k) or first == goal:
        raise InvalidPuzzleError(f"src and dst must be two different posts of {k}, not {quote(src)} and {quote(dst)}")
    size = as_count(size, "the size of a chunk")
    pegs = (first, *(p for p in range(k) if p not in (first, goal)), goal)
    return _sized(_build(n, pegs, 0, size=size), size, n)


def _sized(parts: Iterator[MoveArray], size: int, n: int) -> Iterator[MoveArray]:
    """Small consecutive parts joined into chunks of about ``size`` moves."""
    held: list[MoveArray] = []
    length = 0
    for part in parts:
        held.append(part)
        length += part.size
        if length >= size:
            yield _join(held, n)
            held, length = [], 0
    if held:
        yield _join(held, n)


def _join(parts: list[MoveArray], n: int) -> MoveArray:
    return parts[0] if len(parts) == 1 else concatenate(parts, n)


def arrays(n: int, posts: int = 4, src: int = 0, dst: int | None = None) -> MoveArray:
    """The whole Frame-Stewart transfer as one :class:`~hanoikit.movearray.MoveArray`; at most
    :data:`~hanoikit.limits.MAX_FAMILY_ARRAY_MOVES` moves (stream longer ones with :func:`chunks`).

    >>> disk, src, dst = arrays(3, 4)
    >>> disk.tolist(), src.tolist(), dst.tolist()
    ([1, 2, 3, 2, 1], [0, 0, 0, 2, 1], [1, 2, 3, 3, 3])
    """
    n, k = _check(n, posts)
    ensure_at_most(count(n, k), MAX_FAMILY_ARRAY_MOVES, f"moves (the Frame-Stewart solution for {n} disks)")
    parts = list(chunks(n, k, src, dst, size=MAX_FAMILY_ARRAY_MOVES))
    return parts[0] if parts else MoveArray.empty(0, n)


# -- the solver's functions ---------------------------------------------------------------------------------------


def _check_puzzle(puzzle: Puzzle) -> None:
    from .registry import FRAME_STEWART, FRAME_STEWART_4, FRAME_STEWART_5

    solvers = (FRAME_STEWART_4, FRAME_STEWART_5, FRAME_STEWART)
    if not isinstance(puzzle, Puzzle) or not any(solver.covers(puzzle) for solver in solvers):
        raise InvalidPuzzleError(
            f"Frame-Stewart answers 4 posts or more with every move allowed and no faces, not {quote(puzzle)}"
        )


def distance(puzzle: Puzzle, src: State, dst: State) -> int:
    """The number of moves between two perfect towers: ``FS(n, k)``, or 0 for the same tower.

    >>> p = Puzzle(10_000, posts=4)
    >>> distance(p, p.start, p.goal) == count(10_000, 4)
    True
    """
    _check_puzzle(puzzle)
    return 0 if src == dst else count(puzzle.n, puzzle.posts)


def solve(puzzle: Puzzle, src: State, dst: State) -> Iterator[Move]:
    """The Frame-Stewart moves from one perfect tower to another, lazily."""
    n, pegs = _pegs(puzzle, src, dst)
    if src == dst:
        return iter(())
    return moves_of(_build(n, pegs, 0, size=1 << 12))


def move_at(puzzle: Puzzle, k: int) -> Move:
    """Move ``k`` (from 0) of the solution from start to goal, by walking down the splits: O(s) levels.

    >>> p = Puzzle(1000, posts=4)
    >>> move_at(p, count(1000, 4) // 2), move_at(p, 0)
    (Move(1000, 0, 3), Move(1, 0, 1))
    """
    _check_puzzle(puzzle)
    n, pegs, offset = puzzle.n, tuple(range(puzzle.posts)), 0
    while len(pegs) > 3:
        m, r = split(n, len(pegs))
        park, carry, back = _roles(pegs, m)
        parked = count(m, len(pegs))
        if k < parked:
            n, pegs = m, park
        elif k < parked + count(r, len(pegs) - 1):
            k -= parked
            n, pegs, offset = r, carry, offset + m
        else:
            k -= parked + count(r, len(pegs) - 1)
            n, pegs = m, back
    disk, a, b = classic.tower_move(n, k)
    return Move(disk + offset, pegs[a], pegs[b])


def state_at(puzzle: Puzzle, k: int) -> State:
    """The position after ``k`` moves of the solution from start to goal, in O(n) plus O(s) levels.

    >>> str(state_at(Puzzle(3, posts=4), 2)), str(state_at(Puzzle(3, posts=4), 5))
    ('IJS', 'DDD')
    """
    _check_puzzle(puzzle)
    posts = [0] * puzzle.n
    n, pegs, offset = puzzle.n, tuple(range(puzzle.posts)), 0
    while n and len(pegs) > 3:
        m, r = split(n, len(pegs))
        park, carry, back = _roles(pegs, m)
        parked, carried = count(m, len(pegs)), count(r, len(pegs) - 1)
        if k < parked:
            posts[offset + m : offset + n] = [pegs[0]] * r
            n, pegs = m, park
        elif k <= parked + carried:
            posts[offset : offset + m] = [park[-1]] * m
            k -= parked
            n, pegs, offset = r, carry, offset + m
        else:
            posts[offset + m : offset + n] = [pegs[-1]] * r
            k -= parked + carried
            n, pegs = m, back
    if n:
        posts[offset : offset + n] = [pegs[p] for p in classic.tower_state(n, k).posts]
    return State(posts, post_count=puzzle.posts)


def disk_moves(puzzle: Puzzle) -> list[int]:
    """How often each disk moves in the solution; index 0 is disk 1.

    >>> disk_moves(Puzzle(4, posts=4)), sum(disk_moves(Puzzle(20, posts=5))) == count(20, 5)
    ([2, 4, 2, 1], True)
    """
    _check_puzzle(puzzle)
    ensure_at_most(puzzle.n, MAX_DISK_MOVES_DISKS, "disks (counting the moves of each)")
    return _disk_moves(puzzle.n, puzzle.posts)


def _disk_moves(n: int, k: int) -> list[int]:
    if n == 0:
        return []
    if k == 3:
        return [1 << (n - d) for d in range(1, n + 1)]
    m, r = split(n, k)
    return [2 * c for c in _disk_moves(m, k)] + (_disk_moves(r, k - 1) if r else [])
