"""Exact answers on four posts and more between any two positions, past the exhaustive search, by heuristic search
guided by additive pattern databases.

The heuristic (:mod:`hanoikit.solvers.pdb`) splits the disks into runs of consecutive disks, *groups*; the distance
of each group's disks to their goal, in the puzzle where the other disks are absent, is read from a table built for
the query's goal. Every move moves one disk of one group, so the sum over the groups is a lower bound of the true
distance (admissible) that changes by at most one a move (consistent); several splits are kept and the largest sum
is the estimate (Korf and Felner, IJCAI 2007, see docs/heuristic-search.md).

Where every move can be taken back and there are no faces (:func:`from_both_ends`), the search runs from both ends,
each with its own tables, by the key ``2g + h - h'`` (DIBBS, Sewell and Jacobson 2021), and stops when the shortest
path found is at most half the sum of the two sides' least keys; elsewhere A* (Hart, Nilsson and Raphael 1968)
expands positions by increasing ``g + h``, the deepest first among equals, and stops when it takes out the goal. Both
are one compiled loop (:func:`_expander`, numba, one copy a mode) over a hash table of the positions seen with their
parents.

From :data:`FRONTIER_FROM` disks on four posts with every move, the search keeps only its frontier in memory
(:mod:`~hanoikit.solvers.bfhs`: breadth-first layers from both ends, pruned by the same keys), where it measured as
fast with 5 to 11 times fewer positions held and 40 % less memory.

Without faces, the disks larger than every disk that must move stay at the bottom of their posts, where they never
block a smaller disk: they are left out of the search (the distance is that of the smaller disks' own puzzle).

It answers every member with four posts or more whose rules are data (any move rule, classic or magnetic), from at
most :data:`~hanoikit.limits.MAX_HEURISTIC_DISKS` disks (by posts and faces;
:data:`~hanoikit.limits.MAX_HEURISTIC_EVERY_MOVE_DISKS` on four posts with every move, where the largest disks'
table is compressed, :mod:`hanoikit.solvers.mod3`), and gives up with
:class:`~hanoikit.TooLargeError` past :data:`~hanoikit.limits.MAX_HEURISTIC_NODES` positions.

>>> from hanoikit import Puzzle, State
>>> p = Puzzle(10, posts=4)
>>> a, b = State.parse("SIDDSSIDDS", post_count=4), State.parse("DDDDIIISSS", post_count=4)
>>> distance(p, a, b) == len(list(solve(p, a, b)))
True
>>> distance(p, p.start, p.goal)  # Frame-Stewart, proven optimal on four posts (OEIS A007664)
49
"""

from __future__ import annotations

import functools
import itertools
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, NamedTuple

import numpy as np

from .._jit import njit as _njit
from ..errors import TooLargeError, UnsolvableError
from ..limits import (
    MAX_HEURISTIC_DISKS,
    MAX_HEURISTIC_EVERY_MOVE_DISKS,
    MAX_HEURISTIC_NNNN_DISKS,
    MAX_HEURISTIC_NODES,
    ensure_at_most,
)
from ..move import Move
from ..puzzle import Puzzle
from ..state import State
from . import _estimates as estimates
from . import face_tables, mod3, pdb, tower_search
from ._prefetch import prefetch
from ._tops import digit_width, top_disks

__all__ = [
    "BOTH_ENDS_GROUP",
    "COMPRESSED_CODES",
    "COMPRESSED_HUGE",
    "COMPRESSED_LARGER",
    "COMPRESSED_LARGEST",
    "FRONTIER_FROM",
    "MAGNETIC_BOTH_ENDS",
    "Group",
    "Heuristic",
    "SearchStats",
    "Split",
    "both_ends",
    "check_size",
    "compressed_size",
    "compressed_splits",
    "covers",
    "default_splits",
    "disk_cap",
    "disks_within",
    "disk_moves",
    "distance",
    "from_both_ends",
    "free_size",
    "group_size",
    "heuristic",
    "keeps_frontier",
    "move_at",
    "search",
    "solve",
    "state_at",
]


def covers(puzzle: Puzzle) -> bool:
    """Whether this solver takes ``puzzle`` on: four posts or more, rules that are data.

    >>> from hanoikit import MagneticPuzzle
    >>> covers(Puzzle(9, posts=4)), covers(MagneticPuzzle(9, "NNNN", moves="cyclic")), covers(Puzzle(9))
    (True, True, False)
    """
    return puzzle.posts >= 4 and puzzle.rules_as_data


def disk_cap(puzzle: Puzzle) -> int:
    """The most disks searched on ``puzzle``'s member (:data:`~hanoikit.limits.MAX_HEURISTIC_DISKS`).

    With four posts, every move and no faces, :data:`~hanoikit.limits.MAX_HEURISTIC_EVERY_MOVE_DISKS` (the largest
    disks' table compressed, :func:`compressed_splits`); with four neutral magnetic posts and every move (NNNN),
    :data:`~hanoikit.limits.MAX_HEURISTIC_NNNN_DISKS` (a search from both ends, :func:`from_both_ends`).

    Where the tables are weak (five posts with restricted moves, six posts or more), also no more disks than keep
    the positions within :data:`~hanoikit.limits.MAX_HEURISTIC_WIDE_CODES`.

    >>> disk_cap(Puzzle(3, posts=4)), disk_cap(Puzzle(3, posts=4, moves="cyclic")), disk_cap(Puzzle(3, posts=7))
    (19, 14, 6)
    >>> disk_cap(Puzzle(3, posts=5)), disk_cap(Puzzle(3, posts=5, moves="cyclic")), disk_cap(Puzzle(3, posts=10))
    (15, 7, 5)
    >>> from hanoikit import MagneticPuzzle
    >>> disk_cap(MagneticPuzzle(3, "NNNN")), disk_cap(MagneticPuzzle(3, "RBNN"))
    (15, 13)
    >>> disk_cap(MagneticPuzzle(3, "NNNN", moves="cyclic"))
    13
    """
    from ..limits import MAX_HEURISTIC_WIDE_CODES

    if _every_move_on_four(puzzle):
        return MAX_HEURISTIC_EVERY_MOVE_DISKS
    if _nnnn(puzzle):
        return MAX_HEURISTIC_NNNN_DISKS
    cap = MAX_HEURISTIC_DISKS[min(puzzle.posts, 6), puzzle.faces]
    if puzzle.posts >= 6 or (puzzle.posts == 5 and not puzzle.every_move):
        return min(cap, disks_within(puzzle, MAX_HEURISTIC_WIDE_CODES))
    return cap


def disks_within(puzzle: Puzzle, codes: int) -> int:
    """The most disks whose positions on ``puzzle``'s member, counted as ``posts**n`` (times ``2**posts`` with
    faces), are at most ``codes``.

    >>> disks_within(Puzzle(3, posts=10), 10**6), disks_within(Puzzle(3, posts=10), 10**6 - 1)
    (6, 5)
    """
    factor = 2**puzzle.posts if puzzle.faces else 1
    n = 0
    while factor * puzzle.posts ** (n + 1) <= codes:
        n += 1
    return n


def _every_move_on_four(puzzle: Puzzle) -> bool:
    return puzzle.posts == 4 and len(puzzle.moves) == 12 and not puzzle.faces


def _nnnn(puzzle: Puzzle) -> bool:
    """Four neutral magnetic posts, every move (NNNN)."""
    return puzzle.posts == 4 and len(puzzle.moves) == 12 and puzzle.faces and set(puzzle.colors) == {"N"}


def check_size(puzzle: Puzzle) -> None:
    """Raise :class:`~hanoikit.TooLargeError` if ``puzzle`` has more disks than :func:`disk_cap` (the estimated
    search is then too long to start)."""
    ensure_at_most(puzzle.n, disk_cap(puzzle), f"disks (a heuristic search over the positions of {puzzle!r})")


# -- the heuristic -----------------------------------------------------------------------------------------------


class Heuristic(NamedTuple):
    """Additive pattern databases for one goal, as the compiled search reads them.

    ``groups`` holds one row ``(offset, split, slot)`` per group: its table at ``offset`` in ``tables`` if ``slot``
    is -1, else a compressed table (:mod:`~hanoikit.solvers.mod3`) at byte ``offset`` of ``packed``, whose exact
    value each position of the search carries in its ``slot``; ``place[g, d]`` is the weight of disk ``d + 1`` in
    group ``g``'s code (``posts ** rank``, its rank among the group's disks, from 0), 0 if the disk is not in the
    group; ``tables`` are the tables end to end, ``uint8`` (0xFF where the goal cannot be reached) or, where a
    distance passes 254, ``uint16`` (with :data:`~hanoikit.solvers.pdb.UNREACHABLE`).
    """

    groups: np.ndarray
    place: np.ndarray
    tables: np.ndarray
    packed: np.ndarray = np.zeros(1, np.uint8)

    def values(self, puzzle: Puzzle, state: State) -> list[int] | None:
        """The lower bound of each group (in the order of ``groups``); ``None`` if the goal cannot be reached.

        >>> p = Puzzle(8, posts=4)
        >>> heuristic(p, p.goal, [[Group((0, 1, 2, 3), compressed=True), (4, 5, 6, 7)]]).values(p, p.start)
        [9, 9]
        """
        code = tower_search.encode(puzzle, state)
        shift = puzzle.posts if puzzle.faces else 0
        found: list[int] = []
        shared: dict[tuple[int, int], int] = {}  # a group of several splits: its row read once (a descent each)
        for group, (offset, _, slot) in enumerate(self.groups.tolist()):
            if (offset, slot) in shared:
                found.append(found[shared[offset, slot]])
                continue
            shared[offset, slot] = group
            disks = [d for d in range(puzzle.n) if self.place[group, d]]
            proj = sum(state.posts[d] * int(self.place[group, d]) for d in disks)
            if slot >= 0:
                sub = pdb.abstraction(puzzle, len(disks), neutral=True)
                size = -(-tower_search.code_space(sub) // 4)
                exact = mod3.exact(sub, self.packed[offset: offset + size], proj)
                if exact is None:
                    return None
                found.append(exact)
                continue
            mask = sum(1 << post for post in {state.posts[d] for d in disks})
            value = int(self.tables[offset + (proj << shift | (code & ((1 << shift) - 1) & mask))])
            if value == np.iinfo(self.tables.dtype).max:
                return None
            found.append(value)
        return found

    def estimate(self, puzzle: Puzzle, state: State) -> int | None:
        """The lower bound of the distance from ``state`` to the goal; ``None`` if the goal cannot be reached.

        >>> p = Puzzle(6, posts=4)
        >>> heuristic(p, p.goal, [[(0, 1, 2), (3, 4, 5)]]).estimate(p, p.start)  # 5 + 5 of the 17 moves
        10
        >>> heuristic(p, p.goal, [[Group((0, 1, 2), free=(3, 4, 5)), (3, 4, 5)]]).estimate(p, p.start)  # 10 + 5
        15
        """
        values = self.values(puzzle, state)
        return None if values is None else self.bound(values)

    def bound(self, values: list[int]) -> int:
        """The estimate from the groups' :meth:`values`: the largest sum over a split."""
        sums = [0] * (int(self.groups[:, 1].max()) + 1)
        for value, part in zip(values, self.groups[:, 1].tolist(), strict=True):
            sums[part] += value
        return max(sums)


class Group(NamedTuple):
    """A group of a split whose table counts the moves of ``disks`` only, with the larger disks ``free`` present as
    obstacles that move for nothing (:func:`~hanoikit.solvers.pdb.free_moves_to`; with faces they flip as they
    move): the small disks' detours around the large ones are counted, and the moves of ``free`` are left to their
    own group. A ``compressed`` group's table keeps its distances modulo 3 (:mod:`~hanoikit.solvers.mod3`: no faces,
    a symmetric move rule, no ``free`` disks)."""

    disks: tuple[int, ...]
    free: tuple[int, ...] = ()
    compressed: bool = False

    def __repr__(self) -> str:
        return f"Group(disks={self.disks!r}, free={self.free!r}{', compressed=True' if self.compressed else ''})"


Split = list[tuple[int, ...] | Group]
"""A split of the disks into groups, each a tuple of disks counted from 0 (disk 1 is 0), smallest first, or a
:class:`Group`; every disk is counted in one group."""


def _group(group: tuple[int, ...] | Group) -> Group:
    return group if isinstance(group, Group) else Group(tuple(group))


def default_splits(n: int, largest: int, free: int = 0, alone: bool = False) -> list[Split]:
    """The splits the search uses on ``n`` disks with groups of at most ``largest`` disks: the largest disks in one
    group of ``largest`` (their detours around each other counted exactly), the smaller ones in groups of at most
    ``largest``, the odd one with the smallest disks. With ``free``, each smaller group's table holds larger disks
    as free obstacles (:class:`Group`), up to ``free`` disks in all: in one split the largest disks, in another the
    disks just above the group (they move more often); the estimate is the larger sum. With ``alone`` (and
    ``free``), each disk below the largest group is a group of its own, with as many of the largest group's disks
    as free obstacles (the smallest first): on one-way rules (cyclic) the small disks make most of the moves, mostly
    to clear the way of all the others.

    >>> default_splits(5, 3), default_splits(8, 3)
    ([[(0, 1), (2, 3, 4)]], [[(0, 1), (2, 3, 4), (5, 6, 7)]])
    >>> default_splits(6, 4, free=4)
    [[Group(disks=(0, 1), free=(4, 5)), (2, 3, 4, 5)], [Group(disks=(0, 1), free=(2, 3)), (2, 3, 4, 5)]]
    >>> default_splits(6, 4, free=5, alone=True)
    [[Group(disks=(0,), free=(2, 3, 4, 5)), Group(disks=(1,), free=(2, 3, 4, 5)), (2, 3, 4, 5)]]
    """
    if alone and free > 1 and largest < n:
        top = tuple(range(n - largest, n))
        return [[*(Group((disk,), top[: free - 1]) for disk in range(n - largest)), top]]
    full, rest = divmod(n, largest)
    bounds = np.cumsum([0, *([rest] if rest else []), *[largest] * full]).tolist()
    splits: list[Split] = []
    for nearest in (False, True) if free else (False,):
        split: Split = []
        for lo, hi in itertools.pairwise(bounds):
            room = min(free - (hi - lo), n - hi) if hi < n else 0
            above = range(hi, hi + room) if nearest else range(n - room, n)
            split.append(Group(tuple(range(lo, hi)), tuple(above)) if room > 0 else tuple(range(lo, hi)))
        if split not in splits:
            splits.append(split)
    return splits


def group_size(puzzle: Puzzle) -> int:
    """The disks of the largest group of :func:`default_splits` on ``puzzle``: all of them up to 8 disks, else all but
    the two smallest (their table costs a quarter of the exhaustive search on four posts, and leaves the search
    little to do), at most :func:`~hanoikit.solvers.pdb.largest_group` (with faces
    :func:`~hanoikit.solvers.face_tables.largest_group`, one byte a code: 11 disks on four posts). On one-way rules
    (cyclic), all but the smallest: the smallest disk's own table (:func:`free_size`) counts its detours around all the
    others. Where :func:`from_both_ends` builds the tables of both ends without compressing them (four posts, every
    move, 12 and 13 disks), :data:`BOTH_ENDS_GROUP` disks and no free obstacles.

    >>> group_size(Puzzle(6, posts=4)), group_size(Puzzle(11, posts=4)), group_size(Puzzle(20, posts=4))
    (6, 9, 12)
    >>> group_size(Puzzle(13, posts=4)), free_size(Puzzle(13, posts=4))
    (10, 0)
    >>> group_size(Puzzle(14, posts=4, moves="cyclic")), group_size(Puzzle(15, posts=4, moves="cyclic"))
    (13, 13)
    >>> from hanoikit import MagneticPuzzle
    >>> [group_size(MagneticPuzzle(n, "NNNN")) for n in (12, 14, 15)]
    [10, 11, 11]
    """
    n = puzzle.n
    if _both_ends_uncompressed(puzzle):
        return BOTH_ENDS_GROUP
    largest = face_tables.largest_group(puzzle) if puzzle.faces else pdb.largest_group(puzzle)
    return min(largest, n if n <= 8 else n - 2 if puzzle.reversible else n - 1)


BOTH_ENDS_GROUP = 10
"""The largest group of the tables of both ends of 12 and 13 disks on four posts with every move: on 9 random pairs
of 13 disks (26 November 2026, load 8), 170 ms of processor time at the median (two tables of 10 disks, 43,000
positions expanded), against 230 ms with 9 disks, 210 ms with 10 disks beside two tables of free obstacles, 540 ms
with 11; A* with its tables (11 disks, free obstacles) 300 ms; the exhaustive search 630 ms."""


def _both_ends_uncompressed(puzzle: Puzzle) -> bool:
    return _every_move_on_four(puzzle) and from_both_ends(puzzle) and not compressed_size(puzzle)


def free_size(puzzle: Puzzle) -> int:
    """The most disks of a table with free obstacles in :func:`default_splits`: all but four disks, one fewer than
    the cap (two of them are built); on one-way rules (``alone`` splits), the cap.

    >>> free_size(Puzzle(20, posts=4)), free_size(Puzzle(20, posts=5)), free_size(Puzzle(13, posts=4))
    (11, 9, 0)
    >>> free_size(Puzzle(14, posts=4, moves="cyclic")), free_size(Puzzle(11, posts=4))
    (13, 7)
    """
    if _both_ends_uncompressed(puzzle):
        return 0
    if not puzzle.reversible:
        return pdb.largest_group(puzzle)
    return max(0, min(pdb.largest_group(puzzle) - 1, puzzle.n - 4))


COMPRESSED_CODES = 4**13
"""The most codes of the compressed table of :func:`compressed_splits` below :data:`COMPRESSED_LARGER` disks (16 MiB,
about 0.4 s of processor time to build on four posts, benchmarks/bench_tables.py)."""

COMPRESSED_LARGER = 17
"""From this many disks, the compressed table holds 14 disks (64 MiB, about 1.6 s to build): its few more moves of
estimate save more search than they cost (17 disks: 26 million positions expanded instead of more than 60 million on
a hard pair). At 16 disks they do not: on 3 random pairs 0.37 M, 90 k, 0.36 M expanded instead of 1.11 M, 203 k,
1.02 M, but 3.5 s of tables for both ends instead of 0.9 s, 4.3-4.7 s in all against 1.2-2.5 s."""

COMPRESSED_LARGEST = 18
"""From this many disks, the compressed table holds 15 disks (256 MiB, about 14 s of processor time to build on the
loaded machine, 3.2 times the 14 disks' table): at 18 disks it raises the estimate at the start by 4 to 11 moves on
the benchmark's first 5 pairs, and a pair that stored 60 million positions without an answer finishes after 27 million
expansions. At 17 disks the two tables (one an end) would cost three times today's median search."""

COMPRESSED_HUGE = 19
"""From this many disks, the compressed table holds 16 disks (1 GiB, about 50 s of processor time to build; the two
ends' tables are built side by side): at 19 disks it raises the estimate at the start by 15 moves on the benchmark's
first 2 pairs (112 and 107 against 97 and 92 with 15), some 7 times fewer positions expanded by the growth of
docs/heuristic-search.md. At 18 disks the two tables would cost more than the target of the whole search."""


def compressed_size(puzzle: Puzzle) -> int:
    """The disks of the compressed group of :func:`compressed_splits` on ``puzzle``, 0 where they are not used:
    four posts, every move, 14 disks or more (the largest 13 in a table of distances modulo 3, 14 from
    :data:`COMPRESSED_LARGER` disks, 15 from :data:`COMPRESSED_LARGEST`, 16 from :data:`COMPRESSED_HUGE`).

    >>> compressed_size(Puzzle(13, posts=4)), compressed_size(Puzzle(16, posts=4)), compressed_size(Puzzle(17, posts=4))
    (0, 13, 14)
    >>> compressed_size(Puzzle(18, posts=4)), compressed_size(Puzzle(19, posts=4))
    (15, 16)
    >>> compressed_size(Puzzle(17, posts=4, moves="star")), compressed_size(Puzzle(17, posts=5))
    (0, 0)
    """
    if not _every_move_on_four(puzzle) or puzzle.n < 14:
        return 0
    size = (COMPRESSED_CODES.bit_length() - 1) // 2  # 4 ** size codes
    return size + sum(puzzle.n >= n for n in (COMPRESSED_LARGER, COMPRESSED_LARGEST, COMPRESSED_HUGE))


def compressed_splits(n: int, size: int, free: int, nearest: bool = True) -> list[Split]:
    """The splits of ``n`` disks with the ``size`` largest in one compressed group (:mod:`~hanoikit.solvers.mod3`,
    their detours around each other counted exactly) and the smaller ones in one group whose table holds ``free``
    larger disks as free obstacles (:class:`Group`): in one split the disks just above the group (if ``nearest``), in
    the other the largest; the estimate is the larger sum. The default heuristic keeps the second split alone: from
    both ends, the larger sum of the two expanded more positions than it (see :func:`heuristic`).

    >>> compressed_splits(5, 3, 2)  # doctest: +NORMALIZE_WHITESPACE
    [[Group(disks=(0, 1), free=(2, 3)), Group(disks=(2, 3, 4), free=(), compressed=True)],
     [Group(disks=(0, 1), free=(3, 4)), Group(disks=(2, 3, 4), free=(), compressed=True)]]
    >>> compressed_splits(5, 3, 2, nearest=False)
    [[Group(disks=(0, 1), free=(3, 4)), Group(disks=(2, 3, 4), free=(), compressed=True)]]
    """
    rest = n - size
    large = Group(tuple(range(rest, n)), compressed=True)
    return [[Group(tuple(range(rest)), tuple(above)), large]
            for above in ((range(rest, rest + free),) if nearest else ()) + (range(n - free, n),)]


def heuristic(puzzle: Puzzle, goal: State, splits: list[Split] | None = None, cache: bool = True) -> Heuristic:
    """The additive pattern databases of ``puzzle`` for ``goal``, one table per group of each split (default:
    :func:`compressed_splits` where :func:`compressed_size` allows, else :func:`default_splits` with groups of at
    most :func:`group_size` disks).

    >>> h = heuristic(Puzzle(5, posts=4), Puzzle(5, posts=4).goal)
    >>> h.groups.tolist(), h.tables.size  # one group of every disk: the exact table (slot -1: not compressed)
    ([[0, 0, -1]], 1024)
    """
    n, k = puzzle.n, puzzle.posts
    if splits is None and compressed_size(puzzle):
        size = compressed_size(puzzle)
        splits = compressed_splits(n, size, max(1, _COMPRESSED_FREE - (n - size)), nearest=False)
    if splits is None:
        splits = default_splits(n, group_size(puzzle), free_size(puzzle), alone=not puzzle.reversible)
    rows: list[list[int]] = []
    tables: list[np.ndarray] = []
    packed: list[np.ndarray] = [np.zeros(1, np.uint8)]
    places: list[list[int]] = []
    offset, packed_offset, slots = 0, 1, 0
    built: dict[Group, list[int]] = {}  # a group of several splits: one table, one compressed slot
    for part, split in enumerate(splits):
        for group in map(_group, split):
            disks = tuple(sorted(group.disks + group.free))
            if group in built:
                rows.append([built[group][0], part, built[group][2]])
                places.append(places[built[group][1]])
                continue
            if group.free and min(group.free) < max(group.disks):
                raise ValueError(f"the free disks of {group} are not the group's largest")
            # every stack shows one colour, a coloured post's own: each group keeps the colours (face_tables)
            sub = pdb.abstraction(puzzle, len(disks), neutral=False)
            if group.compressed and (group.free or not mod3.compressible(sub)):
                raise ValueError(f"{group} cannot be compressed on {puzzle!r}")
            ups = [goal.ups[d] for d in disks] if goal.ups is not None else None
            table = pdb.pattern_table(sub, State([goal.posts[d] for d in disks], ups, post_count=k), cache=cache,
                                      free=len(group.free), compressed=group.compressed)
            place = [0] * n
            for rank, disk in enumerate(disks):
                place[disk] = k**rank
            places.append(place)
            if group.compressed:
                built[group] = [packed_offset, len(places) - 1, slots]
                rows.append([packed_offset, part, slots])
                packed.append(table)
                packed_offset += table.size
                slots += 1
                continue
            built[group] = [offset, len(places) - 1, -1]
            rows.append([offset, part, -1])
            tables.append(table)
            offset += table.size
    if any(table.dtype != np.uint8 for table in tables):
        tables = [_widened(table) for table in tables]
    return Heuristic(np.array(rows, np.int64), np.array(places, np.int64).reshape(-1, n),
                     np.concatenate(tables) if tables else np.zeros(1, np.uint8), np.concatenate(packed))


_COMPRESSED_FREE = 11
"""The most disks of the table with free obstacles beside a compressed group (4 posts: 4 million codes, about 50 ms
to build, benchmarks/bench_tables.py)."""


def _widened(table: np.ndarray) -> np.ndarray:
    """``table`` as ``uint16``, :data:`~hanoikit.solvers.pdb.UNREACHABLE` where it cannot reach its goal."""
    if table.dtype == np.uint16:
        return table
    wide = table.astype(np.uint16)
    wide[table == np.iinfo(table.dtype).max] = pdb.UNREACHABLE
    return wide


def _default_heuristic(puzzle: Puzzle, goal: State, cache: bool) -> Heuristic:
    """The :func:`heuristic` of the default splits, kept for the latest goals (:data:`_KEPT`): a play page's hints,
    a checker's queries and a scoring run ask for one goal again and again."""
    key = (puzzle, goal, cache)
    with _KEPT_LOCK:
        found = _KEPT.pop(key, None)
        if found is not None:
            _KEPT[key] = found  # the latest used last
            return found
    made = heuristic(puzzle, goal, cache=cache)
    with _KEPT_LOCK:
        _KEPT[key] = made
        while len(_KEPT) > 1 and (len(_KEPT) > _KEPT_COUNT or sum(map(_nbytes, _KEPT.values())) > _KEPT_BYTES):
            del _KEPT[next(iter(_KEPT))]
    return made


_KEPT: dict[tuple[Puzzle, State, bool], Heuristic] = {}
_KEPT_LOCK = threading.Lock()  # the two ends' tables are built in two threads
_KEPT_COUNT = 8
_KEPT_BYTES = 1 << 29
"""The default heuristics kept in memory, the least recently used let go first: at most :data:`_KEPT_COUNT` of them
and, beside the latest, at most 512 MiB (a heuristic of 18 disks holds a compressed table of 256 MiB: eight of them
were 2 GiB)."""


def _nbytes(h: Heuristic) -> int:
    return int(h.tables.nbytes + h.packed.nbytes)


# -- the search ------------------------------------------------------------------------------------------------------


def _jit(function: Callable[..., Any]) -> Callable[..., Any]:
    return _njit(cache=True, nogil=True)(function)  # type: ignore[no-any-return, unused-ignore]


def _inlined(function: Callable[..., Any]) -> Callable[..., Any]:
    """Compiled into its callers (numba's own inlining): the search's helpers cost no call."""
    return _njit(cache=True, nogil=True, inline="always")(function)  # type: ignore[no-any-return, unused-ignore]


_FOUND, _BUDGET, _GROW, _EMPTY, _DEEP, _TURN = range(6)
_NEVER = 1 << 40  # no path known yet (meet[0])
# counters: nodes, pool entries used, the free pool entry, the least open f, expanded, the goal's node, the key whose
# bucket the side is taking out (from both ends)
_NODES, _POOL, _FREE, _FMIN, _EXPANDED, _GOAL, _LEVEL = range(7)
_MIX = 0x9E3779B97F4A7C15 - (1 << 64)  # Fibonacci hashing, as an int64
_NODE_BITS = 27  # the low bits of an index entry: its node number
_NODE = (1 << _NODE_BITS) - 1  # more than MAX_HEURISTIC_NODES
_WHOLE = 63 - _NODE_BITS  # the bits above the node number in an index entry (int64, not negative): 4**18 codes


def _whole(puzzle: Puzzle) -> int:
    """1 if every code of ``puzzle`` fits the :data:`_WHOLE` bits of an index entry beside its node number (all the
    members the caps let through but many posts), else 0."""
    return int(tower_search.code_space(puzzle) <= 1 << _WHOLE)


@_jit
def _slot(index: np.ndarray, codes: np.ndarray, code: int, whole: int) -> int:
    """The slot of ``code`` in the open-addressing ``index`` (-1 free, else :func:`_tag` of the code with its node
    number in the low :data:`_NODE_BITS` bits): its own or the free one where it would go. With ``whole`` the entry
    holds the code itself, and a probe never reads ``codes``; else a hash of it, and ``codes`` is read only when they
    agree."""
    mask = index.size - 1
    slot: int = _home(index, code)
    tag = _tag(code, whole)
    while index[slot] >= 0 and ((index[slot] & ~_NODE) != tag or (not whole and codes[index[slot] & _NODE] != code)):
        slot = (slot + 1) & mask
    return slot


@_inlined
def _home(index: np.ndarray, code: int) -> int:
    """The first slot :func:`_slot` probes for ``code``."""
    mixed = code * _MIX
    return (mixed ^ (mixed >> 29)) & (index.size - 1)


@_jit
def _tag(code: int, whole: int) -> int:
    """The bits of ``code``'s index entry above the node number's :data:`_NODE_BITS`, as :func:`_slot` stores them:
    the code if ``whole``, else :data:`_WHOLE` bits of its hash."""
    if whole:
        return code << _NODE_BITS
    return ((code * _MIX) >> 27 & ((1 << _WHOLE) - 1)) << _NODE_BITS


@_jit
def _node(entry: int) -> int:
    """The node number of an ``index`` entry, -1 for a free slot."""
    return entry & _NODE if entry >= 0 else -1


@_jit
def _rehash(index: np.ndarray, codes: np.ndarray, nodes: int, whole: int) -> None:
    index[:] = -1
    for node in range(nodes):
        if node + _AHEAD < nodes:  # the slots of later codes asked of memory while this one is placed
            prefetch(index, _home(index, codes[node + _AHEAD]))
        index[_slot(index, codes, codes[node], whole)] = _tag(codes[node], whole) | node


_AHEAD = 16
"""How many codes ahead :func:`_rehash` prefetches their slots."""


@_inlined
def _bounds(totals: np.ndarray, ends: np.ndarray) -> tuple[int, int]:
    """The estimates towards this search's target (the largest sum over the splits of end 0) and towards the other
    end (end 1; 0 if there is none)."""
    ahead = behind = 0
    for part in range(totals.size):
        if ends[part]:
            behind = max(behind, totals[part])
        else:
            ahead = max(ahead, totals[part])
    return ahead, behind


@_inlined
def _prefetch_open(entry: int, pool: np.ndarray, codes: np.ndarray, depth: np.ndarray, closed: np.ndarray,
                   exact: np.ndarray) -> None:
    """Ask memory for the rows of the position of open-list ``entry`` (none if -1), likely the next taken out, and
    for the entry after it: positions are taken out in the order of their keys, at random places of the arrays."""
    if entry >= 0:
        node = pool[entry, 0]
        prefetch(codes, node)
        prefetch(depth, node)
        prefetch(closed, node)
        prefetch(exact, node)
        prefetch(pool, pool[entry, 2])


def _expander(both: bool) -> Callable[..., int]:
    """The compiled loop :func:`_expand` of one mode: ``both`` (a side of a search from both ends) or A* alone, a
    constant of the compiled code, so that each mode's machine code holds none of the other's. Both copies are cached
    on disk (numba keys a closure's cache entry by the values it closes over).
    """

    def _expand(
        geo: np.ndarray, own: np.ndarray, pairs: np.ndarray, powers: np.ndarray, groups: np.ndarray, ends: np.ndarray,
        place: np.ndarray, tables: np.ndarray, packed: np.ndarray, codes: np.ndarray, depth: np.ndarray,
        parent: np.ndarray, closed: np.ndarray, exact: np.ndarray, index: np.ndarray, pool: np.ndarray,
        heads: np.ndarray, sizes: np.ndarray, counters: np.ndarray, other_codes: np.ndarray, other_depth: np.ndarray,
        other_index: np.ndarray, other_sizes: np.ndarray, other_counters: np.ndarray, meet: np.ndarray,
        goal: int, budget: int, unreachable: int, side: int,
    ) -> int:
        """Expand up to ``budget`` positions, best first; the status: found, budget spent, arrays to grow, no path,
        too deep, or (``both``) the other side's turn.

        Alone (A*), positions are taken out by ``g + h`` (the estimate towards ``goal``), the deepest first, and the
        goal ends the search when it is taken out. With ``both`` (one side of a search from both ends: this is side
        ``side``, 0 from the source, 1 from the goal), by ``2g + h - h'`` (``h'``: the estimate back towards this
        side's root, the splits whose ``ends`` is 1); a child found in the other side's store (``other_*``) may
        lower the best path known, ``meet[0]`` (through node ``meet[1]`` of side 0 and ``meet[2]`` of side 1);
        children with ``g + h`` at least that long are not kept; ``sizes[f]`` counts the entries of bucket ``f``: the
        side gives the other its turn rather than begin a bucket larger than the one the other side is at (its least
        key), and the search ends when ``meet[0]`` is at most half the two least keys' sum, rounded up (sound in any
        order of the sides, :func:`search`). ``exact[node]`` holds the values of the node's compressed groups: a
        child's is its parent's plus -1, 0 or 1, the one whose entry is the child's modulo 3."""
        n, k, shift, faces, whole = geo[0], geo[1], geo[2], geo[3], geo[4]
        parts, ngroups, npairs = groups[:, 1].max() + 1, groups.shape[0], pairs.shape[0]
        low, width = (1 << shift) - 1, digit_width(k)
        tops = np.empty(k, np.int64)
        count = np.empty(k, np.int64)
        gcount = np.empty((ngroups, k), np.int64)
        occupied = np.empty(ngroups, np.int64)
        proj = np.empty(ngroups, np.int64)
        value = np.empty(ngroups, np.int64)
        sums = np.empty(parts, np.int64)
        totals = np.empty(parts, np.int64)
        carried = np.empty(exact.shape[1], np.int16)
        children = np.empty(npairs, np.int64)
        moves = np.empty(npairs, np.int64)
        holders = estimates.holders(place)
        while budget > 0:
            if (counters[_NODES] + npairs > codes.size or counters[_POOL] + npairs > pool.shape[0]
                    or 2 * (counters[_NODES] + npairs) > index.size):
                return _GROW
            f = counters[_FMIN]
            while f < heads.size and heads[f] < 0:
                f += 1
            if f >= heads.size:
                return _FOUND if both and meet[0] < _NEVER else _EMPTY
            counters[_FMIN] = f
            if both:
                if 2 * meet[0] <= f + other_counters[_FMIN] + 1:
                    return _FOUND
                if f != counters[_LEVEL]:  # a bucket begun only if it is no larger than the other side's
                    if sizes[f] > other_sizes[other_counters[_FMIN]]:
                        return _TURN
                    counters[_LEVEL] = f
            entry = heads[f]
            heads[f] = pool[entry, 2]
            sizes[f] -= 1
            node, pushed = pool[entry, 0], pool[entry, 1]
            pool[entry, 2] = counters[_FREE]
            counters[_FREE] = entry
            _prefetch_open(heads[f], pool, codes, depth, closed, exact)
            if closed[node] or depth[node] != pushed:
                continue
            closed[node] = 1
            code = codes[node]
            if code == goal and not both:
                counters[_GOAL] = node
                return _FOUND
            budget -= 1
            counters[_EXPANDED] += 1
            posts, bits = code >> shift, code & low
            top_disks(posts, k, n, width, tops, count)
            estimates.group_values(posts, bits, n, k, width, shift, groups, holders, place, tables, exact[node],
                                   gcount, occupied, proj, value, sums)
            after = depth[node] + 1
            # the children first, each one's rows of the tables and slots of the indexes asked of memory at once
            # (prefetch): the misses of all the children overlap instead of following one another
            kids = 0
            for pair in range(npairs):
                a, b = pairs[pair, 0], pairs[pair, 1]
                mover, under = tops[a], tops[b]
                if mover >= under:  # no disk on a, or a larger one than b's top
                    continue
                child = code + (((b - a) * powers[mover]) << shift)
                if faces:
                    color = (bits >> a) & 1
                    target = own[b] if under == n else (bits >> b) & 1
                    if target == color:
                        continue
                    clear = (1 << b) | ((1 << a) if count[a] == 1 else 0)
                    child = (child & ~clear) | ((1 - color) << b)
                children[kids], moves[kids] = child, pair
                kids += 1
                for j in range(holders.shape[1]):
                    group = holders[mover, j]
                    if group < 0:
                        break
                    moved = proj[group] + (b - a) * place[group, mover]
                    if groups[group, 2] >= 0:
                        prefetch(packed, groups[group, 0] + (moved >> 2))
                    else:
                        prefetch(tables, groups[group, 0] + (moved << shift))
                if both:
                    prefetch(other_index, _home(other_index, child))
                prefetch(index, _home(index, child))
            for kid in range(kids):
                child, pair = children[kid], moves[kid]
                a, b = pairs[pair, 0], pairs[pair, 1]
                mover = tops[a]
                carried[:] = exact[node]
                # the sum of each split after the move: only the mover's groups read again (a helper here cost A*
                # alone twice the time a position, inlined or called)
                totals[:] = sums
                reachable = True
                for j in range(holders.shape[1]):
                    group = holders[mover, j]
                    if group < 0:
                        break
                    moved = proj[group] + (b - a) * place[group, mover]
                    gslot = groups[group, 2]
                    if gslot >= 0:
                        mod = (packed[groups[group, 0] + (moved >> 2)] >> (2 * (moved & 3))) & 3
                        if mod == 3:
                            reachable = False
                            break
                        carried[gslot] = value[group] + ((mod - value[group]) % 3 + 1) % 3 - 1
                        totals[groups[group, 1]] += carried[gslot] - value[group]
                        continue
                    mask = occupied[group] | (1 << b)
                    if gcount[group, a] == 1:
                        mask &= ~(1 << a)
                    found = tables[groups[group, 0] + ((moved << shift) | (child & low & mask))]
                    if found == unreachable:
                        reachable = False
                        break
                    totals[groups[group, 1]] += found - value[group]
                if not reachable:
                    continue
                ahead, behind = _bounds(totals, ends) if both else (totals.max(), 0)
                met = -1
                if both:
                    if after + ahead >= meet[0]:  # no shorter path through it: the other side's store not read
                        continue
                    there = _node(other_index[_slot(other_index, other_codes, child, whole)])
                    if there >= 0 and after + other_depth[there] < meet[0]:
                        met = there
                slot = _slot(index, codes, child, whole)
                seen = _node(index[slot])
                if seen >= 0:
                    if closed[seen] or depth[seen] <= after:
                        continue
                else:
                    seen = counters[_NODES]
                    counters[_NODES] += 1
                    codes[seen] = child
                    closed[seen] = 0
                    exact[seen] = carried
                    index[slot] = _tag(child, whole) | seen
                depth[seen] = after
                parent[seen] = node
                if met >= 0:
                    meet[0], meet[1 + side], meet[2 - side] = after + other_depth[met], seen, met
                    if after + ahead >= meet[0]:
                        continue
                f = 2 * after + ahead - behind if both else after + ahead
                if f >= heads.size:
                    return _DEEP
                entry = counters[_FREE]
                if entry >= 0:
                    counters[_FREE] = pool[entry, 2]
                else:
                    entry = counters[_POOL]
                    counters[_POOL] += 1
                pool[entry, 0], pool[entry, 1], pool[entry, 2] = seen, after, heads[f]
                heads[f] = entry
                sizes[f] += 1
                if f < counters[_FMIN]:
                    counters[_FMIN] = f
        return _BUDGET

    return _jit(_expand)


_EXPAND = {both: _expander(both) for both in (False, True)}
"""The compiled loop of each mode, by ``both``."""


class SearchStats(NamedTuple):
    """What one search did: the path as codes (source first), positions expanded and stored."""

    path: tuple[int, ...]
    expanded: int
    stored: int


def _index_size(nodes: int) -> int:
    """The slots of the open-addressing index for ``nodes`` positions: a power of two (:func:`_slot` masks), at
    least two slots a position (it is grown before it is half full)."""
    return 1 << (2 * nodes - 1).bit_length()


class _Arrays:
    """The search's growing arrays (``exact``: ``slots`` values a position)."""

    def __init__(self, nodes: int, slots: int, whole: int) -> None:
        self.whole = whole
        self.codes = np.empty(nodes, np.int64)
        self.exact = np.empty((nodes, max(1, slots)), np.int16)
        self.depth = np.empty(nodes, np.int16)  # paths are shorter than len(heads)
        self.parent = np.empty(nodes, np.int32)
        self.closed = np.empty(nodes, np.uint8)
        self.index = np.full(_index_size(nodes), -1, np.int64)
        self.pool = np.empty((nodes, 3), np.int32)
        self.heads = np.full(1 << 15, -1, np.int64)
        self.sizes = np.zeros(self.heads.size, np.int64)  # the entries of each bucket
        self.counters = np.zeros(7, np.int64)
        self.counters[_LEVEL] = -1
        self.counters[_FREE] = -1

    def grow(self, cap: int, margin: int) -> bool:
        """Make room for ``margin`` more positions: double what is full, up to ``cap`` positions; False if the
        arrays already hold ``cap``."""
        used = int(self.counters[_NODES])
        if used + margin > self.codes.size:
            if self.codes.size >= cap:
                return False
            size = min(2 * self.codes.size, cap)
            for name in ("codes", "depth", "parent", "closed", "exact"):
                old = getattr(self, name)
                new = np.empty((size, *old.shape[1:]), old.dtype)
                new[:used] = old[:used]
                setattr(self, name, new)
        rows = self.pool.shape[0]
        if int(self.counters[_POOL]) + margin > rows:
            pool = np.empty((2 * rows, 3), np.int32)
            pool[:rows] = self.pool
            self.pool = pool
        if 2 * (used + margin) > self.index.size:
            self.index = np.empty(_index_size(self.codes.size), np.int64)
            _rehash(self.index, self.codes, used, self.whole)
        return True


def search(
    puzzle: Puzzle, src: State, dst: State, progress: bool = False, splits: list[Split] | None = None,
    max_nodes: int = MAX_HEURISTIC_NODES, cache: bool = True, both: bool | None = None, frontier: bool | None = None,
) -> SearchStats:
    """A shortest path from ``src`` to ``dst`` as position codes (:func:`~hanoikit.solvers.tower_search.encode`),
    with the work it took. Raises :class:`~hanoikit.UnsolvableError` if there is none, and
    :class:`~hanoikit.TooLargeError` past ``max_nodes`` positions stored. ``splits`` chooses the groups of the
    heuristic (default: those of :func:`heuristic`); ``both`` searches from both ends (default: where
    :func:`from_both_ends`); ``frontier`` keeps only the frontier in memory (:mod:`~hanoikit.solvers.bfhs`, where
    every move can be undone, with the default tables; default: where :func:`keeps_frontier` and neither ``splits``
    nor ``both`` is given); ``progress`` shows a bar on stderr.

    From both ends, each side takes out its positions by the key ``2g + h - h'``, which no move lowers (consistent
    estimates), so a position taken out has its least ``g``; which side takes out its next bucket is free: the one
    whose bucket at its least key holds fewer entries (Pohl's cardinality rule, a bucket at a time). The stop stays
    exact in any such order: while the best path ``U`` found exceeds the shortest ``C*``, some position ``x`` of a
    shortest path is open on the source's side and a later one ``y`` on the goal's, each with its least ``g``, and
    ``key(x) + key(y) <= 2C*``; so the search ends, when ``2U <= fA + fB + 1`` (the least keys), with ``U = C*``.

    >>> p = Puzzle(4, posts=4)
    >>> found = search(p, p.start, p.goal)
    >>> len(found.path) - 1, found.path[0], found.path[-1] == 4**4 - 1
    (9, 0, True)
    >>> len(search(p, p.start, p.goal, both=False).path) - 1
    9
    """
    source, goal = tower_search.encode(puzzle, src), tower_search.encode(puzzle, dst)
    if source == goal:  # found before any side is searched (from both ends, no side takes out its own root)
        return SearchStats((source,), 0, 1)
    keep = max((d + 1 for d in range(puzzle.n) if src.posts[d] != dst.posts[d]), default=0)
    if keep < puzzle.n and not puzzle.faces:
        # the larger disks stay at the bottom of their posts, where they never block a smaller one: the smaller
        # disks' own puzzle has the same distance
        fewer = Puzzle(keep, posts=puzzle.posts, moves=puzzle.moves)
        below = State(src.posts[:keep], post_count=puzzle.posts), State(dst.posts[:keep], post_count=puzzle.posts)
        found = search(fewer, *below, progress, None if splits is None else _narrowed(splits, keep), max_nodes, cache,
                       both, frontier)
        fixed = source - tower_search.encode(fewer, below[0])
        return found._replace(path=tuple(code + fixed for code in found.path))
    if frontier is None:
        frontier = splits is None and both is None and keeps_frontier(puzzle)
    if frontier:
        if splits is not None:
            raise ValueError("the search that keeps only its frontier reads the default tables: no splits")
        from . import bfhs

        return bfhs.search(puzzle, src, dst, progress=progress, cache=cache, max_nodes=max_nodes)
    if max_nodes > _NODE:
        raise ValueError(f"at most {_NODE:,} positions can be stored, not {max_nodes:,}")
    if both is None:
        both = from_both_ends(puzzle)
    if both and not puzzle.reversible:
        raise ValueError(f"a search from both ends needs moves that can be undone: not on {puzzle!r}")
    def tables(goal: State) -> Heuristic:
        return _default_heuristic(puzzle, goal, cache) if splits is None else heuristic(puzzle, goal, splits, cache)

    if both:
        with ThreadPoolExecutor(1) as pool:  # the builds release the GIL: the source's tables beside the goal's
            later = pool.submit(tables, src)
            ahead = tables(dst)
            h, ends = _joined(ahead, later.result())
    else:
        ahead = tables(dst)
        h, ends = ahead, np.zeros(int(ahead.groups[:, 1].max()) + 1, np.int64)
    sides = [_side(h, ends, puzzle, src, max_nodes, src, dst)]
    if both:
        sides.append(_side(h, 1 - ends, puzzle, dst, max_nodes, src, dst))
    meet = np.array([_NEVER, -1, -1], np.int64)
    geometry = estimates.geometry(puzzle, _whole(puzzle))
    unreachable = np.iinfo(h.tables.dtype).max
    from ..search import progress_bar

    turn = stored = 0
    with progress_bar(progress, max_nodes, f"{'search from both ends' if both else 'A*'} {puzzle!r}",
                      "bound") as update:
        while True:
            mine, other = sides[turn], sides[-1 - turn]
            # an expansion stores at most one position a move: the two sides together stay within max_nodes
            budget = min(1 << 18, max(1, (max_nodes - stored) // len(puzzle.moves)))
            status = _EXPAND[both](
                *geometry, h.groups, mine.ends, h.place, h.tables, h.packed, mine.codes, mine.depth, mine.parent,
                mine.closed, mine.exact, mine.index, mine.pool, mine.heads, mine.sizes, mine.counters, other.codes,
                other.depth, other.index, other.sizes, other.counters, meet, goal, budget, unreachable, turn,
            )
            stored = sum(int(side.counters[_NODES]) for side in sides)
            update(stored, sum(int(side.counters[_FMIN]) for side in sides) // (2 if both else 1))
            if status == _FOUND:
                break
            if stored > max_nodes:
                raise _too_many(stored, max_nodes)
            if status == _EMPTY:
                raise _unreachable(puzzle, src, dst)
            if status == _DEEP:
                raise _too_deep(mine)
            if status == _GROW and not mine.grow(max_nodes - stored + int(mine.counters[_NODES]),
                                                 len(puzzle.moves) + 1):
                raise _too_many(stored, max_nodes)
            if status == _TURN:
                turn = len(sides) - 1 - turn
    expanded = sum(int(side.counters[_EXPANDED]) for side in sides)
    if not both:
        return SearchStats(tuple(reversed(sides[0].chain(int(sides[0].counters[_GOAL])))), expanded, stored)
    path = (*reversed(sides[0].chain(int(meet[1]))), *sides[1].chain(int(meet[2]))[1:])
    return SearchStats(path, expanded, stored)


def from_both_ends(puzzle: Puzzle) -> bool:
    """Whether :func:`search` searches from both ends on ``puzzle`` by default: four posts, every move, no faces, 12
    disks or more; four neutral magnetic posts with every move (NNNN), :data:`MAGNETIC_BOTH_ENDS` disks or more
    (where it measured faster than A*; ``both=True`` takes any member whose moves can be undone).

    >>> from_both_ends(Puzzle(12, posts=4)), from_both_ends(Puzzle(11, posts=4))
    (True, False)
    >>> from_both_ends(Puzzle(14, posts=4, moves="star")), from_both_ends(Puzzle(14, posts=5))
    (False, False)
    >>> from hanoikit import MagneticPuzzle
    >>> from_both_ends(MagneticPuzzle(14, "NNNN")), from_both_ends(MagneticPuzzle(13, "NNNN"))
    (True, False)
    >>> from_both_ends(MagneticPuzzle(14, "RBNN")), from_both_ends(MagneticPuzzle(14, "NNNN", moves="cyclic"))
    (False, False)
    """
    if _nnnn(puzzle):
        return puzzle.n >= MAGNETIC_BOTH_ENDS
    return _every_move_on_four(puzzle) and puzzle.n >= 12


def keeps_frontier(puzzle: Puzzle) -> bool:
    """Whether :func:`search` keeps only its frontier by default (:mod:`~hanoikit.solvers.bfhs`): four posts, every
    move, no faces, :data:`FRONTIER_FROM` disks or more.

    >>> keeps_frontier(Puzzle(18, posts=4)), keeps_frontier(Puzzle(17, posts=4)), keeps_frontier(Puzzle(18, posts=5))
    (True, False, False)
    """
    return _every_move_on_four(puzzle) and puzzle.n >= FRONTIER_FROM


FRONTIER_FROM = 18
"""From this many disks on four posts with every move, :func:`search` keeps only its frontier: as fast, less memory.
Side by side with the search from both ends on the benchmark's first 5 pairs, each building its tables (processor
seconds, median and max; 29 November 2026, load 1.0 to 1.4): 18 disks, 42.2 and 94.0 s against 42.8 and 89.3 s,
2.05 GiB resident against 3.34; 17 disks, 22.9 and 68.2 s against 21.8 and 52.8 s, 1.01 GiB against 1.75 (kept from
both ends: its target is to be no slower). At 16 disks the beams and layers cost more than the whole search from both
ends (3 pairs: 4.9, 3.5, 4.3 s against 2.0, 0.4, 0.9 s)."""

MAGNETIC_BOTH_ENDS = 14
"""From this many disks, :func:`search` runs from both ends on NNNN (four neutral magnetic posts, every move).
On the benchmark's first two pairs of 14 disks (192 and 182 moves; 29 November 2026, load 12 to 15), from both ends
expanded 3.5 and 3.1 million positions in 17-19 s of processor time, tables included, where A* expanded 17.7 million
at the median of 20 pairs (24 s, load 5); with 12-disk tables, 1.4 and 1.0 million against A*'s 5.3 and 8.1 million.
Below 14 disks A* is kept (not measured from both ends)."""


def both_ends(puzzle: Puzzle, src: State, dst: State, cache: bool = True) -> tuple[Heuristic, np.ndarray]:
    """The default tables of ``dst`` and of ``src`` as one heuristic, and the end of each split: 0 towards ``dst``, 1
    towards ``src`` (the two built side by side).

    >>> p = Puzzle(5, posts=4)
    >>> h, ends = both_ends(p, p.start, p.goal)
    >>> ends.tolist(), h.estimate(p, p.start)  # the larger of the two ends' estimates
    ([0, 1], 13)
    """
    with ThreadPoolExecutor(1) as pool:  # the builds release the GIL: the source's tables beside the goal's
        later = pool.submit(_default_heuristic, puzzle, src, cache)
        return _joined(_default_heuristic(puzzle, dst, cache), later.result())


def _joined(ahead: Heuristic, back: Heuristic) -> tuple[Heuristic, np.ndarray]:
    """One heuristic holding the groups of ``ahead`` then those of ``back`` (their offsets, splits and compressed
    slots moved past ``ahead``'s), and the end of each split: 0 for ``ahead``'s, 1 for ``back``'s."""
    tables = [ahead.tables, back.tables]
    if any(table.dtype != np.uint8 for table in tables):
        tables = [_widened(table) for table in tables]
    moved = back.groups.copy()
    parts = int(ahead.groups[:, 1].max()) + 1
    compressed = moved[:, 2] >= 0
    moved[:, 0] += np.where(compressed, ahead.packed.size, ahead.tables.size)
    moved[:, 1] += parts
    moved[compressed, 2] += int(ahead.groups[:, 2].max()) + 1
    ends = np.array([0] * parts + [1] * (int(back.groups[:, 1].max()) + 1), np.int64)
    joined = Heuristic(np.concatenate([ahead.groups, moved]), np.concatenate([ahead.place, back.place]),
                       np.concatenate(tables), np.concatenate([ahead.packed, back.packed]))
    return joined, ends


class _Side(_Arrays):
    """One side of a search: its store and the ``ends`` of the splits as it reads them."""

    def __init__(self, nodes: int, slots: int, ends: np.ndarray, whole: int) -> None:
        super().__init__(nodes, slots, whole)
        self.ends = ends

    def chain(self, node: int) -> list[int]:
        """The codes from ``node`` back to this side's root."""
        found = []
        while node >= 0:
            found.append(int(self.codes[node]))
            node = int(self.parent[node])
        return found


def _side(h: Heuristic, ends: np.ndarray, puzzle: Puzzle, root: State, max_nodes: int, src: State, dst: State
          ) -> _Side:
    """A side of the search from ``root`` (``src`` or ``dst``), its root stored and open."""
    values = h.values(puzzle, root)
    if values is None:
        raise _unreachable(puzzle, src, dst)
    code = tower_search.encode(puzzle, root)
    slots = h.groups[:, 2]
    side = _Side(min(1 << 16, max_nodes), int(slots.max()) + 1, ends, _whole(puzzle))
    sums = [0] * ends.size
    for value, part in zip(values, h.groups[:, 1].tolist(), strict=True):
        sums[part] += value
    ahead = max(s for s, end in zip(sums, ends.tolist(), strict=True) if not end)
    behind = max([0, *(s for s, end in zip(sums, ends.tolist(), strict=True) if end)])
    first = ahead - behind
    if first >= side.heads.size:
        raise _too_deep(side)
    side.codes[0], side.depth[0], side.parent[0], side.closed[0] = code, 0, -1, 0
    side.exact[0] = 0
    for value, slot in zip(values, slots.tolist(), strict=True):
        if slot >= 0:
            side.exact[0, slot] = value
    side.index[_slot(side.index, side.codes, code, side.whole)] = _tag(code, side.whole)
    side.pool[0] = (0, 0, -1)
    side.heads[first] = 0
    side.sizes[first] = 1
    side.counters[_NODES], side.counters[_POOL], side.counters[_FMIN] = 1, 1, first
    return side


def _too_many(stored: int, cap: int) -> TooLargeError:
    return TooLargeError(f"the heuristic search stored {stored:,} positions without reaching the goal: at most "
                         f"{cap:,} (MAX_HEURISTIC_NODES)")


def _too_deep(arrays: _Arrays) -> TooLargeError:
    return TooLargeError(f"a path longer than {arrays.heads.size - 1:,} moves is beyond this search")


def _narrowed(splits: list[Split], keep: int) -> list[Split]:
    """``splits`` on the disks below ``keep`` only."""
    narrowed: list[Split] = []
    for split in splits:
        narrowed.append([])
        for group in map(_group, split):
            disks, free = tuple(d for d in group.disks if d < keep), tuple(d for d in group.free if d < keep)
            if disks:
                narrowed[-1].append(Group(disks, free, group.compressed) if free or group.compressed else disks)
    return narrowed


def _unreachable(puzzle: Puzzle, src: State, dst: State) -> UnsolvableError:
    return UnsolvableError(f"{str(dst)!r} cannot be reached from {str(src)!r} in {puzzle!r}")


@functools.lru_cache(maxsize=16)
def _path(puzzle: Puzzle, src: State, dst: State) -> tuple[int, ...]:
    check_size(puzzle)
    puzzle.check(src)
    puzzle.check(dst)
    if src == dst:
        return (tower_search.encode(puzzle, src),)
    return search(puzzle, src, dst, progress=sys.stderr.isatty()).path


def _move(puzzle: Puzzle, before: int, after: int) -> Move:
    """The move between two positions one move apart, from their codes."""
    k, shift = puzzle.posts, puzzle.posts if puzzle.faces else 0
    was, now = before >> shift, after >> shift
    disk = 1
    while was % k == now % k:
        was, now, disk = was // k, now // k, disk + 1
    return Move(disk, was % k, now % k)


# -- the solver's functions ------------------------------------------------------------------------------------------


def distance(puzzle: Puzzle, src: State, dst: State) -> int:
    """The least number of moves from ``src`` to ``dst``; raises :class:`~hanoikit.UnsolvableError` if there is
    none."""
    return len(_path(puzzle, src, dst)) - 1


def solve(puzzle: Puzzle, src: State, dst: State) -> Iterator[Move]:
    """A shortest sequence of moves from ``src`` to ``dst``, lazily from the path the search found (which is found
    before the first move, so that :class:`~hanoikit.UnsolvableError` is raised at once)."""
    path = _path(puzzle, src, dst)
    return (_move(puzzle, before, after) for before, after in itertools.pairwise(path))


def move_at(puzzle: Puzzle, k: int) -> Move:
    """Move ``k`` (from 0) of the solution :func:`solve` gives from start to goal."""
    path = _path(puzzle, puzzle.start, puzzle.goal)
    return _move(puzzle, path[k], path[k + 1])


def state_at(puzzle: Puzzle, k: int) -> State:
    """The position after the first ``k`` moves of the solution :func:`solve` gives from start to goal."""
    moves = list(solve(puzzle, puzzle.start, puzzle.goal))[:k]
    return puzzle.play(moves)


def disk_moves(puzzle: Puzzle) -> list[int]:
    """How often each disk moves in the solution :func:`solve` gives from start to goal; index 0 is disk 1."""
    counts = Counter(move.disk for move in solve(puzzle, puzzle.start, puzzle.goal))
    return [counts[disk] for disk in range(1, puzzle.n + 1)]
