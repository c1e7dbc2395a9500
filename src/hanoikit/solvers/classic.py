"""The classic Tower of Hanoi: the textbook solvers, closed formulas, and optimal play between any two positions.

The optimal solution moving a tower of ``n`` disks from S to D has ``2**n - 1`` moves; move ``k`` (from 0) carries disk
``disk_at(k)``, and every disk cycles through the posts in one direction (S→I→D→S when ``n - disk`` is odd, S→D→I→S
when it is even). :func:`move_at` and :func:`state_at` use this to answer any ``k`` in O(n) arithmetic on exact ints.

From arbitrary positions the largest disk that has to move decides (see A. M. Hinz et al., *The Tower of Hanoi -
Myths and Maths*, 2nd ed., 2018, ch. 2): to reach a perfect tower, each disk not yet on its target moves exactly once,
over the smaller disks parked on the third post; between two arbitrary positions the largest differing disk moves
either once, or twice via the third post, whichever is shorter. :func:`plan` writes such a solution as a short list of
single moves and whole-tower transfers, which :func:`solve` expands lazily and ``hanoikit.solvers.arrays`` expands
into numpy arrays.

The seed methods (:func:`recursive`, :func:`iterative`, :func:`four_step`, :func:`three_step`, :func:`route_table`,
:func:`bits`; by name in :mod:`hanoikit.algorithms`) all produce the same optimal sequence from S to D in different
ways.

Every function checks its input and raises a :class:`~hanoikit.HanoiError` for a bad one. Disk counts go up to
:data:`~hanoikit.limits.MAX_DISKS`; :func:`recursive` (one Python frame per disk) up to
:data:`~hanoikit.limits.MAX_RECURSIVE_DISKS`; :func:`route_table` and :func:`is_hamiltonian_path`, which keep a table
of ``2**n`` entries, up to :data:`~hanoikit.limits.MAX_TABLE_DISKS`.

>>> [str(m) for m in recursive(2)]
['1SI', '2SD', '1ID']
>>> [disk_at(k) for k in range(7)]
[1, 2, 1, 3, 1, 2, 1]
>>> move_at(Puzzle(64), 2**63 - 1), str(state_at(Puzzle(4), 8))
(Move(64, 0, 2), 'IIID')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain
from typing import NamedTuple, TypeAlias

from ..errors import InvalidPuzzleError, InvalidStateError, MoveIndexError, UnknownMethodError, quote
from ..limits import MAX_DISK_MOVES_DISKS, MAX_DISKS, MAX_RECURSIVE_DISKS, MAX_TABLE_DISKS, ensure_at_most
from ..move import Move, as_count, as_int
from ..puzzle import Puzzle, as_puzzle
from ..state import State
from .registry import CLASSIC

__all__ = [
    "ROUTES",
    "check_posts",
    "Tower",
    "Segment",
    "bits",
    "disk_at",
    "disk_moves",
    "disk_sequence",
    "distance",
    "expand",
    "four_step",
    "gray_code",
    "is_hamiltonian_path",
    "iterative",
    "move_at",
    "plan",
    "recursive",
    "route_table",
    "solution",
    "solve",
    "state_at",
    "three_step",
    "tower_move",
    "tower_moves",
    "tower_state",
]


# -- closed formulas ---------------------------------------------------------------------------------------------


def disk_at(k: int) -> int:
    """The disk moved at step ``k`` (from 0) of every optimal tower transfer: ``floor(log2(k XOR (k+1))) + 1``.

    >>> [disk_at(k) for k in range(15)]
    [1, 2, 1, 3, 1, 2, 1, 4, 1, 2, 1, 3, 1, 2, 1]
    >>> disk_at(2**63 - 1)
    64
    """
    return _disk_at(_check_step(k))


def _disk_at(k: int) -> int:
    return (k ^ (k + 1)).bit_length()


def _check_step(k: int, last: int | None = None) -> int:
    """``k`` as a step number ``0 .. last``; raises :class:`MoveIndexError`."""
    step = as_int(k)
    if step is None:
        raise MoveIndexError(f"a move index is a whole number, not {quote(k)}")
    if step < 0 or (last is not None and step > last):
        raise MoveIndexError(f"move index {quote(step)} is outside 0..{'' if last is None else quote(last)}")
    return step


def disk_sequence(n: int) -> Iterator[int]:
    """The disks moved by the optimal solution for ``n`` disks, in order (the ruler sequence).

    >>> list(disk_sequence(3))
    [1, 2, 1, 3, 1, 2, 1]
    """
    n = as_disk_count(n)
    return (_disk_at(k) for k in range((1 << n) - 1))


def gray_code(n: int) -> Iterator[int]:
    """The reflected binary Gray code of ``n`` bits, ``g(k) = k ^ (k >> 1)`` for ``k = 0 .. 2**n - 1``.

    Step ``k`` of the optimal solution moves the disk whose bit (``disk - 1``) flips between ``g(k)`` and ``g(k+1)``:

    >>> codes = list(gray_code(3))
    >>> codes
    [0, 1, 3, 2, 6, 7, 5, 4]
    >>> [(a ^ b).bit_length() for a, b in zip(codes, codes[1:])] == list(disk_sequence(3))
    True
    """
    n = as_disk_count(n)
    return (k ^ (k >> 1) for k in range(1 << n))


def is_hamiltonian_path(n: int, disks: Iterable[int]) -> bool:
    """Whether walking the ``n``-cube from the origin, one step along axis ``disk - 1`` per disk, visits every corner
    exactly once: true for the disk sequence of the optimal solution.

    >>> is_hamiltonian_path(4, disk_sequence(4)), is_hamiltonian_path(2, [1, 1, 2])
    (True, False)
    """
    n = as_disk_count(n, MAX_TABLE_DISKS)
    seen = bytearray(1 << n)
    corner, visited = 0, 1
    seen[0] = 1
    for item in disks:
        disk = as_int(item)
        if disk is None or not 1 <= disk <= n:
            return False
        corner ^= 1 << (disk - 1)
        if seen[corner]:
            return False
        seen[corner] = 1
        visited += 1
    return visited == 1 << n


def _direction(height: int, disk: int) -> int:
    """How far (mod 3) ``disk`` steps each time it moves in the transfer of a ``height``-tower from post 0 to post 2."""
    return 1 if (height - disk) % 2 else 2


def tower_move(height: int, k: int, src: int = 0, dst: int = 2) -> Move:
    """Move ``k`` (from 0) of the optimal transfer of a tower of disks ``1 .. height`` from ``src`` to ``dst``.

    Disk ``d`` moves at the steps ``k`` with ``k + 1`` an odd multiple of ``2**(d-1)``, each time one post further in
    its direction, so O(1) arithmetic on ``k`` names the move.

    >>> tower_move(3, 3), tower_move(3, 3, 1, 0)
    (Move(3, 0, 2), Move(3, 1, 0))
    """
    height, src, dst = _check_tower(height, src, dst)
    k = _check_step(k, (1 << height) - 2)
    disk = _disk_at(k)
    turn = (k + 1) >> disk  # how often the disk has moved before
    step = _direction(height, disk)
    labels = (src, 3 - src - dst, dst)
    return Move(disk, labels[turn * step % 3], labels[(turn + 1) * step % 3])


def tower_state(height: int, k: int, src: int = 0, dst: int = 2) -> State:
    """The position after ``k`` moves of the optimal transfer of a ``height``-tower from ``src`` to ``dst``.

    Read the bits of ``k`` from the largest disk down: a 0 bit means the disk has not moved yet (the smaller ones are
    on their way to the spare post), a 1 bit means it has (they are on their way to it).

    >>> str(tower_state(3, 4)), str(tower_state(3, 7, 0, 1))
    ('IID', 'III')
    """
    height, src, dst = _check_tower(height, src, dst)
    k = _check_step(k, (1 << height) - 1)
    posts = [0] * height
    aux = 3 - src - dst
    for disk, bit in zip(range(height, 0, -1), format(k, f"0{height}b")):
        if bit == "0":
            posts[disk - 1] = src
            aux, dst = dst, aux
        else:
            posts[disk - 1] = dst
            src, aux = aux, src
    return State(posts)


def tower_moves(height: int, src: int = 0, dst: int = 2) -> Iterator[Move]:
    """The optimal transfer of a tower of disks ``1 .. height`` from ``src`` to ``dst``, lazily and without recursion.

    >>> [str(m) for m in tower_moves(2, 2, 1)]
    ['1DS', '2DI', '1SI']
    """
    count = as_int(height)
    if count is not None and count < 1:
        return iter(())
    height, src, dst = _check_tower(height, src, dst)
    labels = (src, 3 - src - dst, dst)
    table: list[tuple[Move, ...]] = [()]
    for disk in range(1, height + 1):
        step = _direction(height, disk)
        table.append(tuple(Move(disk, labels[j * step % 3], labels[(j + 1) * step % 3]) for j in range(3)))
    return (_tower_step(table, m) for m in range(1, 1 << height))


def _tower_step(table: list[tuple[Move, ...]], m: int) -> Move:
    disk = (m & -m).bit_length()
    return table[disk][(m >> disk) % 3]


# -- the seed methods, all from S to D ----------------------------------------------------------------------------


def as_disk_count(n: int, cap: int = MAX_DISKS) -> int:
    """``n`` as a number of disks from 1 to ``cap``; raises :class:`InvalidPuzzleError` or :class:`TooLargeError`."""
    disks = as_count(n, "the number of disks")
    ensure_at_most(disks, cap, "disks")
    return disks


def check_posts(src: int, dst: int) -> tuple[int, int]:
    """``src`` and ``dst`` as two different posts 0, 1, 2 (ints or numpy integers); raises
    :class:`InvalidPuzzleError` for anything else.

    >>> check_posts(2, 0)
    (2, 0)
    """
    a, b = as_int(src), as_int(dst)
    if a is None or b is None or not (0 <= a <= 2 and 0 <= b <= 2) or a == b:
        raise InvalidPuzzleError(f"src and dst must be two different posts 0, 1, 2, not {quote(src)} and {quote(dst)}")
    return a, b


def _check_tower(height: int, src: int, dst: int) -> tuple[int, int, int]:
    return (as_disk_count(height), *check_posts(src, dst))


def recursive(n: int, src: int = 0, dst: int = 2) -> Iterator[Move]:
    """Lucas's recursion: park the ``n - 1`` smaller disks on the spare post, move disk ``n``, bring them back.

    Python's recursion limit bounds ``n`` to :data:`~hanoikit.limits.MAX_RECURSIVE_DISKS`; :func:`tower_moves` has no
    such bound.

    >>> [str(m) for m in recursive(3)]
    ['1SD', '2SI', '1DI', '3SD', '1IS', '2ID', '1SD']
    """
    n = as_disk_count(n, MAX_RECURSIVE_DISKS)
    src, dst = check_posts(src, dst)
    return _recursive(n, src, dst)


def _recursive(n: int, src: int, dst: int) -> Iterator[Move]:
    if n:
        aux = 3 - src - dst
        yield from _recursive(n - 1, src, aux)
        yield Move(n, src, dst)
        yield from _recursive(n - 1, aux, dst)


class _Board:
    """Three stacks of disks for the rule-following methods."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.stacks: list[list[int]] = [list(range(n, 0, -1)), [], []]

    @property
    def done(self) -> bool:
        return len(self.stacks[2]) == self.n

    def move(self, src: int, dst: int) -> Move:
        disk = self.stacks[src].pop()
        self.stacks[dst].append(disk)
        return Move(disk, src, dst)

    def between(self, a: int, b: int) -> Move:
        """The one legal move between posts ``a`` and ``b``: the smaller top disk goes onto the other post."""
        top_a = self.stacks[a][-1] if self.stacks[a] else self.n + 1
        top_b = self.stacks[b][-1] if self.stacks[b] else self.n + 1
        return self.move(a, b) if top_a < top_b else self.move(b, a)


def iterative(n: int) -> Iterator[Move]:
    """The children's rule: move the smallest disk one post on, cyclically (S→I→D for even ``n``, S→D→I for odd
    ``n``), then make the only legal move of another disk; repeat until the tower stands on D.

    >>> [str(m) for m in iterative(2)]
    ['1SI', '2SD', '1ID']
    """
    n = as_disk_count(n)
    return _iterative(n)


def _iterative(n: int) -> Iterator[Move]:
    board, step, smallest = _Board(n), 1 if n % 2 == 0 else 2, 0
    while True:
        yield board.move(smallest, (smallest + step) % 3)
        smallest = (smallest + step) % 3
        if board.done:
            return
        yield board.between((smallest + 1) % 3, (smallest + 2) % 3)


def four_step(n: int) -> Iterator[Move]:
    """The four-step cycle: smallest disk one post on, second smallest two posts on (same direction), smallest one
    post on (onto it), then the only legal move of another disk.

    >>> [str(m) for m in four_step(3)]
    ['1SD', '2SI', '1DI', '3SD', '1IS', '2ID', '1SD']
    """
    n = as_disk_count(n)
    return _four_step(n)


def _four_step(n: int) -> Iterator[Move]:
    board, step = _Board(n), 1 if n % 2 == 0 else 2
    where = {1: 0, 2: 0}
    while True:
        for disk, steps in ((1, step), (2, 2 * step), (1, step), (0, 0)):
            if disk:
                src = where[disk]
                where[disk] = (src + steps) % 3
                yield board.move(src, where[disk])
            else:  # disks 1 and 2 share a post: the move between the other two
                yield board.between((where[1] + 1) % 3, (where[1] + 2) % 3)
            if board.done:
                return


def three_step(n: int) -> Iterator[Move]:
    """The three-step cycle: the legal move between S and I, then S and D, then I and D (for odd ``n``: S and D, S
    and I, I and D), repeated until the tower stands on D.

    >>> [str(m) for m in three_step(2)]
    ['1SI', '2SD', '1ID']
    """
    n = as_disk_count(n)
    return _three_step(n)


def _three_step(n: int) -> Iterator[Move]:
    board = _Board(n)
    pairs = ((0, 1), (0, 2), (1, 2)) if n % 2 == 0 else ((0, 2), (0, 1), (1, 2))
    while True:
        for a, b in pairs:
            yield board.between(a, b)
            if board.done:
                return


ROUTES: tuple[tuple[int, int], ...] = ((0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1))
"""The six routes of the route table, numbered 0 to 5: S→I, S→D, I→S, I→D, D→S, D→I."""

_SWAP_ID = bytes([1, 0, 4, 5, 2, 3]) + bytes(range(6, 256))  # relabel I↔D
_ROTATE = bytes([3, 2, 5, 4, 0, 1]) + bytes(range(6, 256))  # relabel S→I→D→S


def route_table(n: int) -> Iterator[Move]:
    """The stackless route-table method: number the six routes, and build the route list for ``n`` disks from the one
    for ``n - 1`` by two table lookups (swap I and D; then rotate S→I→D→S), around the one move S→D of disk ``n``.

    It keeps the ``2**n - 1`` route numbers (one byte each), so ``n`` is at most
    :data:`~hanoikit.limits.MAX_TABLE_DISKS`, and names the disks by :func:`disk_at`.

    >>> [str(m) for m in route_table(3)]
    ['1SD', '2SI', '1DI', '3SD', '1IS', '2ID', '1SD']
    """
    n = as_disk_count(n, MAX_TABLE_DISKS)
    return _route_table(n)


def _route_table(n: int) -> Iterator[Move]:
    routes = b"\x01"  # one disk: S→D
    for _ in range(n - 1):
        to_spare = routes.translate(_SWAP_ID)  # n - 1 disks S→I
        routes = to_spare + b"\x01" + to_spare.translate(_ROTATE)  # ... then I→D
    for k, route in enumerate(routes):
        yield Move(_disk_at(k), *ROUTES[route])


def bits(n: int) -> Iterator[Move]:
    """The bit formula: move ``m`` (from 1) carries disk ``trailing_zeros(m) + 1`` from post ``(m & (m-1)) % 3`` to
    post ``((m | (m-1)) + 1) % 3``, with I and D swapped when ``n`` is even.

    >>> [str(m) for m in bits(2)]
    ['1SI', '2SD', '1ID']
    """
    n = as_disk_count(n)
    return _bits(n)


def _bits(n: int) -> Iterator[Move]:
    label = (0, 2, 1) if n % 2 == 0 else (0, 1, 2)
    for m in range(1, 1 << n):
        yield Move((m & -m).bit_length(), label[(m & (m - 1)) % 3], label[((m | (m - 1)) + 1) % 3])


def solution(n: int, method: str = "recursive") -> Iterator[Move]:
    """The optimal solution for ``n`` disks from S to D, produced by the seed method named ``method``: one of the
    classic methods of the one table of named algorithms (:func:`hanoikit.algorithms.registered` with
    ``Family.CLASSIC``).

    >>> [str(m) for m in solution(2, "three-step")]
    ['1SI', '2SD', '1ID']
    >>> solution(2, "magic")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    hanoikit.errors.UnknownMethodError: unknown method 'magic': choose one of recursive, iterative, four-step, ...
    """
    from ..algorithms import Family, registered

    methods = {algorithm.name: algorithm for algorithm in registered(Family.CLASSIC)}
    if not isinstance(method, str) or method not in methods:
        raise UnknownMethodError(f"unknown method {quote(method)}: choose one of {', '.join(methods)}")
    return methods[method].moves(Puzzle(as_disk_count(n)))


# -- optimal play between any two positions ---------------------------------------------------------------------


class Tower(NamedTuple):
    """A whole-tower transfer: disks ``1 .. height`` stacked on ``src`` go to ``dst`` in ``2**height - 1`` moves."""

    height: int
    src: int
    dst: int

    @property
    def length(self) -> int:
        """The number of moves, ``2**height - 1``."""
        return (1 << self.height) - 1

    def reverse(self) -> Tower:
        """The same tower moved back, from ``dst`` to ``src``."""
        return Tower(self.height, self.dst, self.src)

    def moves(self) -> Iterator[Move]:
        """Its optimal moves, lazily (:func:`tower_moves`)."""
        return tower_moves(self.height, self.src, self.dst)


Segment: TypeAlias = "Move | Tower"
"""A piece of a plan: one move, or a whole tower moved optimally."""


def _to_tower(posts: tuple[int, ...], height: int, target: int) -> int:
    """The least number of moves that stack disks ``1 .. height`` of ``posts`` on ``target``."""
    moved = []
    for disk in range(height, 0, -1):
        post = posts[disk - 1]
        if post == target:
            moved.append("0")
        else:
            moved.append("1")
            target = 3 - post - target
    return int("".join(moved) or "0", 2)


def _gather(posts: tuple[int, ...], height: int, target: int) -> list[Segment]:
    """An optimal way to stack disks ``1 .. height`` of ``posts`` on ``target``: each disk not on its target moves
    once, after the smaller ones have been gathered on the third post."""
    stacked = 0  # disks 1 .. stacked already form a tower
    while stacked < height and posts[stacked] == posts[0]:
        stacked += 1
    decisions = []
    for disk in range(height, stacked, -1):
        post = posts[disk - 1]
        if post != target:
            decisions.append((disk, post, target))
            target = 3 - post - target
    segments: list[Segment] = []
    if stacked and posts[0] != target:
        segments.append(Tower(stacked, posts[0], target))
    for disk, post, target in reversed(decisions):
        segments.append(Move(disk, post, target))
        if disk > 1:
            segments.append(Tower(disk - 1, 3 - post - target, target))
    return segments


def _scatter(posts: tuple[int, ...], height: int, source: int) -> list[Segment]:
    """An optimal way from a tower of disks ``1 .. height`` on ``source`` to ``posts``: the gathering, backwards."""
    return [segment.reverse() for segment in reversed(_gather(posts, height, source))]


def _largest_difference(a: State, b: State) -> int:
    for disk in range(a.n, 0, -1):
        if a.posts[disk - 1] != b.posts[disk - 1]:
            return disk
    return 0


def _options(a: State, b: State) -> tuple[int, int, int, int, int]:
    """The largest differing disk, its posts in ``a`` and ``b``, and the lengths of the two candidate solutions:
    moving it once directly, or twice via the third post."""
    disk = _largest_difference(a, b)
    if not disk:
        return 0, 0, 0, 0, 0
    x, y = a.posts[disk - 1], b.posts[disk - 1]
    z = 3 - x - y
    once = _to_tower(a.posts, disk - 1, z) + 1 + _to_tower(b.posts, disk - 1, z)
    twice = _to_tower(a.posts, disk - 1, y) + (1 << (disk - 1)) + 1 + _to_tower(b.posts, disk - 1, x)
    return disk, x, y, once, twice


def plan(puzzle: Puzzle, src: State, dst: State) -> list[Segment]:
    """An optimal solution from ``src`` to ``dst`` as a list of single moves and :class:`Tower` transfers (O(n) long).

    >>> plan(Puzzle(3), State.parse("SSS"), State.parse("DDD"))
    [Tower(height=2, src=0, dst=1), Move(3, 0, 2), Tower(height=2, src=1, dst=2)]
    >>> plan(Puzzle(3), State.parse("DSI"), State.parse("SSD"))
    [Tower(height=1, src=2, dst=0), Move(3, 1, 2)]
    """
    _check_pair(puzzle, src, dst)
    disk, x, y, once, twice = _options(src, dst)
    if not disk:
        return []
    z = 3 - x - y
    if once <= twice:
        middle: list[Segment] = [Move(disk, x, y)]
        return _gather(src.posts, disk - 1, z) + middle + _scatter(dst.posts, disk - 1, z)
    middle = [Move(disk, x, z)] + ([Tower(disk - 1, y, x)] if disk > 1 else []) + [Move(disk, z, y)]
    return _gather(src.posts, disk - 1, y) + middle + _scatter(dst.posts, disk - 1, x)


def _check_pair(puzzle: Puzzle, src: State, dst: State) -> None:
    _check_puzzle(puzzle)
    for state in (src, dst):
        error = puzzle.state_error(state)
        if error is not None:
            raise InvalidStateError(error)


def _check_puzzle(puzzle: Puzzle) -> None:
    if not CLASSIC.covers(as_puzzle(puzzle)):
        raise InvalidPuzzleError(
            f"this solver answers the classic puzzle (three posts, every move), not {quote(puzzle)}"
        )


def distance(puzzle: Puzzle, src: State, dst: State) -> int:
    """The least number of moves from ``src`` to ``dst``, an exact int, in O(n) decisions.

    >>> p = Puzzle(3)
    >>> distance(p, p.start, p.goal), distance(p, State.parse("DSI"), State.parse("SSD"))
    (7, 2)
    """
    _check_pair(puzzle, src, dst)
    if len(set(src.posts)) == len(set(dst.posts)) == 1:  # tower to tower, the usual question
        return 0 if src == dst else (1 << puzzle.n) - 1
    _, _, _, once, twice = _options(src, dst)
    return min(once, twice)


def expand(segments: Iterable[Segment]) -> Iterator[Move]:
    """The moves of a :func:`plan`, lazily."""
    return chain.from_iterable(s.moves() if isinstance(s, Tower) else (s,) for s in segments)


def solve(puzzle: Puzzle, src: State, dst: State) -> Iterator[Move]:
    """An optimal sequence of moves from ``src`` to ``dst``, generated lazily.

    >>> [str(m) for m in solve(Puzzle(3), State.parse("DSI"), State.parse("SSD"))]
    ['1DS', '3ID']
    """
    return expand(plan(puzzle, src, dst))


def move_at(puzzle: Puzzle, k: int) -> Move:
    """Move ``k`` (from 0) of the optimal solution from start to goal, in O(n).

    >>> move_at(Puzzle(3), 0), move_at(Puzzle(10_000), 2**9_999 - 1)
    (Move(1, 0, 2), Move(10000, 0, 2))
    """
    _check_puzzle(puzzle)
    return tower_move(puzzle.n, k)


def state_at(puzzle: Puzzle, k: int) -> State:
    """The position after ``k`` moves of the optimal solution from start to goal, in O(n).

    >>> str(state_at(Puzzle(3), 3)), str(state_at(Puzzle(3), 7))
    ('IIS', 'DDD')
    """
    _check_puzzle(puzzle)
    return tower_state(puzzle.n, k)


def disk_moves(puzzle: Puzzle) -> list[int]:
    """How often each disk moves in the optimal solution: disk ``d`` moves ``2**(n-d)`` times.

    >>> disk_moves(Puzzle(4))
    [8, 4, 2, 1]
    """
    _check_puzzle(puzzle)
    ensure_at_most(puzzle.n, MAX_DISK_MOVES_DISKS, "disks (counting the moves of each)")
    return [1 << (puzzle.n - disk) for disk in range(1, puzzle.n + 1)]
