"""Pattern databases: the exact distance to a goal of every position of a group of disks, with the other disks gone.

A group is a run of consecutive disks ``lo + 1 .. hi``. Its *abstraction* is the member's puzzle with only those
disks: every move of the whole puzzle moves one disk of one group, and is a legal move of that group's abstraction
(taking the other disks away removes obstacles only), so the distance in the abstraction is a lower bound of the
true distance, and the bounds of disjoint groups add up (Felner, Korf and Hanan, JAIR 22, 2004). On a magnetic
tower every stack shows one colour, a coloured post's own, so every group's abstraction keeps the posts' colours
(:mod:`~hanoikit.solvers.face_tables`, whose tables serve the groups, on four posts those with free obstacles too).

A table is the backward breadth-first search of :func:`hanoikit.solvers.tower_search.distances_to` from the group's
goal (on four posts without faces, :func:`free_moves_to`'s search 64 codes at a time), stored one byte a code (two
where a distance passes 254), the dtype's largest value where the goal cannot be reached. Tables are kept per
(member, group pattern) in memory and on disk (:func:`cache_dir`, the latest 256), and a relabelling of the posts that
keeps the move rule and the colours turns one table into the table of every pattern it maps to.

>>> from hanoikit import Puzzle, State
>>> table = pattern_table(Puzzle(3, posts=4), State.tower(3, 3, post_count=4), cache=False)
>>> int(table[0])  # the tower on S, 3 disks, to D: the Frame-Stewart count
5
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import itertools
import threading
from pathlib import Path
from typing import Any

import numpy as np

from .. import cache as disk_cache
from .. import positions as _positions
from .. import puzzle as _puzzle
from .. import state as _state
from .._jit import njit as _njit
from ..limits import MAX_PATTERN_ENTRIES, ensure_at_most
from ..puzzle import MagneticPuzzle, Puzzle
from ..state import State
from . import _tops, _words, face_tables, mod3, tower_search
from ._tops import digit_powers, digit_width, top_disks
from ._words import larger_moves, larger_tops, lowest, mark, moved, reach, word_tables

__all__ = [
    "UNREACHABLE",
    "abstraction",
    "automorphisms",
    "cache_dir",
    "free_moves_to",
    "largest_group",
    "pattern_table",
]

UNREACHABLE = 0xFFFF
"""The entry of a pattern from which the group's goal cannot be reached, in a ``uint16`` table (0xFF in a ``uint8``
one)."""

def cache_dir() -> Path | None:
    """The directory of the pattern databases kept on disk (``pdb`` in :func:`hanoikit.cache.cache_dir`), ``None``
    when the disk cache is off."""
    root = disk_cache.cache_dir()
    return None if root is None else root / "pdb"


def abstraction(puzzle: Puzzle, size: int, neutral: bool) -> Puzzle:
    """The puzzle of ``size`` disks with ``puzzle``'s posts and moves (neutral posts if ``neutral``, on a magnetic
    tower).

    >>> from hanoikit import MagneticPuzzle
    >>> abstraction(MagneticPuzzle(9, "RBNN"), 3, neutral=True)
    MagneticPuzzle(3, colors='NNNN', start_up='R', goal_up='B')
    """
    if puzzle.faces:
        return MagneticPuzzle(size, "N" * puzzle.posts if neutral else puzzle.colors, moves=puzzle.moves)
    return Puzzle(size, posts=puzzle.posts, moves=puzzle.moves)


def largest_group(puzzle: Puzzle, max_entries: int = MAX_PATTERN_ENTRIES) -> int:
    """The most disks a group's table may hold on ``puzzle``'s member: the largest abstraction with at most
    ``max_entries`` code-move pairs (:data:`~hanoikit.limits.MAX_PATTERN_ENTRIES`).

    >>> p = Puzzle(20, posts=4)
    >>> largest_group(p), largest_group(Puzzle(20, posts=5)), largest_group(p, 2**23)
    (12, 10, 9)
    """
    size = 1
    while size < puzzle.n and tower_search.tabulated(abstraction(puzzle, size + 1, neutral=True), max_entries):
        size += 1
    return size


@functools.cache
def automorphisms(puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
    """The relabellings of the posts that keep the move rule and the posts' colours (the identity first).

    >>> len(automorphisms(Puzzle(3, posts=4))), automorphisms(Puzzle(3, posts=4, moves="cyclic"))[:2]
    (24, ((0, 1, 2, 3), (1, 2, 3, 0)))
    """
    k, moves = puzzle.posts, set(puzzle.moves)
    return tuple(
        perm
        for perm in itertools.permutations(range(k))
        if {(perm[a], perm[b]) for a, b in moves} == moves and all(puzzle.colors[perm[p]] == puzzle.colors[p]
                                                                   for p in range(k))
    )


def _relabelled(table: np.ndarray, perm: tuple[int, ...], k: int, m: int, bits: int) -> np.ndarray:
    """The table ``out`` of ``m`` disks on ``k`` posts (``bits``: a bit a post's colour, or 0) with
    ``out[code] = table[code']``, ``code'`` the code with each post ``p`` renamed ``perm[p]``: the table's axes
    (a digit a disk, a bit a post's colour) taken through ``perm``, a few digits at a time."""
    out = table.reshape(table.size >> bits, 1 << bits)
    if bits:  # bit p of the colours is read at bit perm[p]
        low = np.arange(1 << bits)
        moved = sum(((low >> post) & 1) << perm[post] for post in range(k))
        out = out[:, moved]
    done = 0
    while done < m:
        chunk = min(4, m - done)
        digits = np.arange(k**chunk)
        mapped = sum(np.array(perm)[digits // k**j % k] * k**j for j in range(chunk))
        outer = k ** (m - done - chunk)
        out = out.reshape(outer, k**chunk, -1)[:, mapped, :]
        done += chunk
    return np.ascontiguousarray(out).reshape(-1)


def _relabelled_mod3(puzzle: Puzzle, table: np.ndarray, perm: tuple[int, ...]) -> np.ndarray:
    """:func:`_relabelled` on a compressed table (:func:`~hanoikit.solvers.mod3.mod3_table`). On four posts a byte
    holds the four codes that differ in disk 1 alone: the bytes are relabelled as a table of disks 2..m, and the four
    two-bit entries of each byte (disk 1 on each post) permuted by ``perm`` through a table of the 256 bytes, so no
    array is larger than the table. On other posts the entries are unpacked one a byte."""
    k, m = puzzle.posts, puzzle.n
    if k != 4:
        size = tower_search.code_space(puzzle)
        return mod3.pack(_relabelled(mod3.unpack(table, size), perm, k, m, 0))
    byte = np.arange(256)
    fields = sum(((byte >> 2 * perm[post]) & 3) << 2 * post for post in range(k))
    permuted: np.ndarray = np.asarray(fields, np.uint8)[_relabelled(table, perm, k, m - 1, 0)]
    return permuted


_TABLES: dict[tuple[object, ...], np.ndarray] = {}
_LOCK = threading.Lock()
_KEPT = 64
_KEPT_BYTES = 1 << 29
"""The tables kept in memory, the oldest let go first: at most :data:`_KEPT` of them and, beside the newest, at most
512 MiB (a compressed table of 14 disks is 64 MiB)."""


def pattern_table(puzzle: Puzzle, goal: State, cache: bool = True, free: int = 0, compressed: bool = False,
                  threads: int = 1) -> np.ndarray:
    """The distance to ``goal`` of every code of ``puzzle`` (an abstraction: one group's disks), as ``uint8`` or
    ``uint16``, the dtype's largest value where ``goal`` cannot be reached (or at a code that is no position).
    With ``free``, the moves of the ``free`` largest disks cost nothing (:func:`free_moves_to`): the
    least number of moves of the others, the large ones only in their way. With ``compressed``, the distances modulo 3
    in two bits (:func:`hanoikit.solvers.mod3.mod3_table`), built in ``threads`` threads (one or two).

    A table kept for a relabelling of ``goal`` by one of the member's :func:`automorphisms` (in memory, or in
    :func:`cache_dir` when ``cache``) is relabelled; otherwise ``goal``'s own table is searched (and kept).
    """
    tag = ("mod3",) if compressed else ()
    key: tuple[object, ...] = (puzzle, goal, free, *tag) if free else (puzzle, goal, *tag)
    with _LOCK:
        table = _TABLES.get(key)
    if table is not None:
        return table
    images = [(perm, State([perm[p] for p in goal.posts], goal.ups, post_count=puzzle.posts))
              for perm in automorphisms(puzzle)]
    where = cache_dir() if cache else None
    version = _code_key() if where is not None else None
    for perm, image in images:
        other = (puzzle, image, free, *tag) if free else (puzzle, image, *tag)
        with _LOCK:
            table = _TABLES.get(other)
        if table is None and where is not None and version is not None:
            table = _load(where, puzzle, image, other, version, compressed)
        if table is not None and image != goal:
            if compressed:
                table = _relabelled_mod3(puzzle, table, perm)
            else:
                table = _relabelled(table, perm, puzzle.posts, puzzle.n, puzzle.posts if puzzle.faces else 0)
        if table is not None:
            return _keep(key, table)
    if compressed:
        table = mod3.mod3_table(puzzle, goal, threads)
    elif puzzle.faces and (not free or puzzle.posts == 4):
        table = face_tables.distances(puzzle, goal, free)
    elif free or _by_words(puzzle):
        table = _narrow(free_moves_to(puzzle, goal, free))
    else:
        table = _narrow(tower_search.distances_to(puzzle, goal, max_entries=MAX_PATTERN_ENTRIES))
    if where is not None and version is not None:
        _save(where, key, version, table)
    return _keep(key, table)


def _keep(key: tuple[object, ...], table: np.ndarray) -> np.ndarray:
    table.flags.writeable = False
    with _LOCK:
        _TABLES[key] = table
        while len(_TABLES) > 1 and (
            len(_TABLES) > _KEPT or sum(kept.nbytes for kept in _TABLES.values()) > _KEPT_BYTES
        ):
            del _TABLES[next(iter(_TABLES))]
    return table


_BUILDERS = (__file__, mod3.__file__, face_tables.__file__, tower_search.__file__, _words.__file__, _tops.__file__,
             _positions.__file__, _puzzle.__file__, _state.__file__)
"""The modules whose code a table follows: those that build it, the position code, the move rules and the
positions."""


def _code_key() -> str | None:
    """The key of the code that builds the tables (:func:`hanoikit.cache.source_key`; ``None``: nothing is kept on
    disk). Read again at each search of the disk: a few small files."""
    return disk_cache.source_key(*_BUILDERS)


def _identity(key: tuple[object, ...], version: str) -> str:
    """What a table on disk is: its member, goal, free disks and compression (``key``) and the code's ``version``."""
    return f"{key!r} built by {version}"


def _path(where: Path, identity: str) -> Path:
    return where / f"{hashlib.sha256(identity.encode()).hexdigest()[:32]}{_SUFFIX}"


def _load(where: Path, puzzle: Puzzle, goal: State, key: tuple[object, ...], version: str, compressed: bool
          ) -> np.ndarray | None:
    """The table ``key`` (of ``puzzle``, to ``goal``) in the disk cache ``where`` if it is exactly what this code
    builds (checksum, identity, dtype and shape: :func:`hanoikit.cache.read_array`; the goal at distance 0, ``uint16``
    only where a distance passes 255, so that a ``uint8`` table widened is refused: one whose longest distance is
    255 is built again each time, which costs time only), else ``None`` (and a file in its place is removed)."""
    size = tower_search.code_space(puzzle)
    dtypes: list[type[np.unsignedinteger[Any]]] = [np.uint8] if compressed else [np.uint8, np.uint16]
    shape = ((size + 3) // 4,) if compressed else (size,)  # compressed: four entries a byte (mod3.mod3_table)
    code = tower_search.encode(puzzle, goal)

    def plausible(table: np.ndarray) -> bool:
        if compressed:
            return mod3.entry(table, code) == 0
        wide = table.dtype == np.uint16
        return int(table[code]) == 0 and (not wide or bool(np.any((table > 0xFF) & (table != UNREACHABLE))))

    identity = _identity(key, version)
    return disk_cache.read_array(_path(where, identity), identity, shape, dtypes, plausible)


def free_moves_to(puzzle: Puzzle, goal: State, free: int) -> np.ndarray:
    """The least number of moves of the ``puzzle.n - free`` smallest disks from every code to ``goal``, the moves of
    the ``free`` largest costing nothing (int32, -1 where ``goal`` cannot be reached, and at codes that are no
    position); on a magnetic tower every move still flips its disk, under the rules of faces and post colours.

    Every move of the whole puzzle moves a disk of one group: a group's table that counts its own disks' moves only,
    with larger disks of other groups present as obstacles whose moves are free, adds to the tables of those groups
    (a cost partitioning: Yang, Culberson, Holte, Zahavi and Felner, JAIR 32, 2008), and counts the moves the small
    disks make to clear the way of the large ones. A breadth-first search backwards from ``goal`` with edges of
    cost 0 and 1 (a deque: cost-0 predecessors in front); a predecessor is found by carrying a post's top disk back
    along an allowed move (flipped back, on a magnetic tower), so one-way rules (cyclic) are searched as they are.

    >>> p = Puzzle(3, posts=4)
    >>> table = free_moves_to(p, p.goal, 1)  # disk 3 moves for nothing: disks 1 and 2 still clear its way
    >>> int(table[0]), int(tower_search.distances_to(Puzzle(2, posts=4))[0])
    (4, 3)
    >>> m = MagneticPuzzle(3, "NNNN")
    >>> int(free_moves_to(m, m.goal, 1)[tower_search.encode(m, m.start)])  # disks 1 and 2 of the 9 moves
    6
    """
    k, m = puzzle.posts, puzzle.n
    ensure_at_most(tower_search.code_space(puzzle) * len(puzzle.moves), MAX_PATTERN_ENTRIES,
                   f"code-move pairs (a table of distances of {puzzle!r})")
    pairs = np.array(sorted(puzzle.moves), np.int64).reshape(-1, 2)
    dist = np.full(tower_search.code_space(puzzle), -1, np.int32)
    target = tower_search.encode(puzzle, goal)
    if _by_words(puzzle):
        back = np.ascontiguousarray(pairs[:, ::-1])  # a predecessor: a post's top disk carried back
        costly = m - free
        inner, larger, six = word_tables(back, range(min(costly, 3)))
        inner_free = word_tables(back, range(costly, 3))[0] if costly < 3 else np.zeros_like(inner)
        _words_zero_one(m, costly, back, target, inner, inner_free, larger, six, dist)
        return dist
    cost = np.array([1] * (m - free) + [0] * free, np.int64)
    own = np.array([{"R": 0, "B": 1}.get(color, -1) for color in puzzle.colors], np.int64)
    _zero_one(k, m, k if puzzle.faces else 0, pairs, cost, own, target, dist)
    return dist


def _by_words(puzzle: Puzzle) -> bool:
    """Whether :func:`free_moves_to` searches ``puzzle`` 64 codes at a time: four posts, three disks or more, no
    faces."""
    return puzzle.posts == 4 and puzzle.n >= 3 and not puzzle.faces


@_njit(cache=True, nogil=True)  # type: ignore[misc, unused-ignore]
def _words_zero_one(m: int, costly: int, pairs: np.ndarray, goal: int, inner: np.ndarray, inner_free: np.ndarray,
                    larger: np.ndarray, six: np.ndarray, dist: np.ndarray) -> None:
    """:func:`_zero_one` on four posts without faces, 64 codes at a time (:mod:`~hanoikit.solvers._words`), the
    ``costly`` smallest disks' moves costing 1 (``inner`` for those among disks 1 to 3), the others' nothing
    (``inner_free``), along ``pairs``: level by level, each level first closed under the moves that cost nothing
    (sweeps over the words it gained, until none), then its distances written and the moves that cost 1 taken
    from it into the next level."""
    high = m - 3
    words = np.int64(1) << 2 * high
    sums = (words + 63) >> 6
    seen, pending, level = np.zeros(words, np.uint64), np.zeros(words, np.uint64), np.zeros(words, np.uint64)
    pending_marks, level_marks = np.zeros(sums, np.uint64), np.zeros(sums, np.uint64)
    tops, movers = np.empty(4, np.int64), np.empty(4, np.int64)
    one = np.uint64(1)
    start = goal >> 6
    seen[start] = pending[start] = one << np.uint64(goal & 63)
    pending_marks[start >> 6] = one << np.uint64(start & 63)
    depth = 0
    while True:
        swept = True
        while swept:  # the level's closure under the free moves
            swept = False
            for s in range(sums):
                summary = pending_marks[s]
                if summary == 0:
                    continue
                pending_marks[s] = 0
                swept = True
                while summary:
                    word = (s << 6) + np.int64(lowest(summary))
                    summary &= summary - one
                    mask = pending[word]
                    pending[word] = 0
                    level_marks[word >> 6] |= one << np.uint64(word & 63)
                    level[word] |= mask
                    mark(word, reach(inner_free, mask), seen, pending, pending_marks)
                    if costly >= m:  # no larger disk moves for nothing
                        continue
                    larger_tops(word, high, six, tops)
                    for post in range(4):  # the disks that move for nothing
                        movers[post] = tops[post] if tops[post] + 3 >= costly else high
                    _carry(word, mask, larger_moves(movers, tops, pairs), pairs, tops, larger, seen, pending,
                           pending_marks)
        found = np.uint64(0)
        for s in range(sums):  # the level's distances, and the moves that cost 1 out of it
            summary = level_marks[s]
            if summary == 0:
                continue
            level_marks[s] = 0
            while summary:
                word = (s << 6) + np.int64(lowest(summary))
                summary &= summary - one
                mask = level[word]
                level[word] = 0
                rest = mask
                while rest:
                    dist[(word << 6) + np.int64(lowest(rest))] = depth
                    rest &= rest - one
                found |= mark(word, reach(inner, mask), seen, pending, pending_marks)
                if costly <= 3:  # no larger disk's move costs 1
                    continue
                larger_tops(word, high, six, tops)
                for post in range(4):  # the disks whose moves cost 1
                    movers[post] = tops[post] if tops[post] + 3 < costly else high
                found |= _carry(word, mask, larger_moves(movers, tops, pairs), pairs, tops, larger, seen, pending,
                                pending_marks)
        if not found:
            return
        depth += 1


@_njit(inline="always", nogil=True)  # type: ignore[misc, unused-ignore]
def _carry(word: np.int64, mask: np.uint64, legal: int, pairs: np.ndarray, tops: np.ndarray, larger: np.ndarray,
           seen: np.ndarray, pending: np.ndarray, pending_marks: np.ndarray) -> np.uint64:
    """The moves ``legal`` (bits of ``pairs``, :func:`~hanoikit.solvers._words.larger_moves`) of larger disks out of
    the codes ``mask`` of ``word`` taken (:func:`~hanoikit.solvers._words.mark`); the codes they reached first."""
    found = np.uint64(0)
    while legal:
        pair = lowest(legal)
        legal &= legal - 1
        child = moved(word, tops, pairs[pair, 0], pairs[pair, 1])
        found |= mark(child, mask & larger[pair], seen, pending, pending_marks)
    return found


@_njit(cache=True, nogil=True)  # type: ignore[misc, unused-ignore]
def _zero_one(k: int, m: int, shift: int, pairs: np.ndarray, cost: np.ndarray, own: np.ndarray, goal: int,
              dist: np.ndarray) -> None:
    size = dist.size
    cap = 1  # a code is queued at most twice (found at d + 1, then at d): a power of two, at least 2 * size
    while cap < 2 * size:
        cap *= 2
    mask = cap - 1
    deque = np.empty(cap, np.int32)  # codes below MAX_PATTERN_ENTRIES
    powers, width = digit_powers(k, m), digit_width(k)
    low = (1 << shift) - 1
    tops = np.empty(k, np.int64)
    stacked = np.empty(k if shift else 0, np.int64)  # with faces: the disks on each post (a top disk alone?)
    dist[goal] = 0
    deque[0] = goal
    head, count = 0, 1
    while count:
        code = np.int64(deque[head])
        head = (head + 1) & mask
        count -= 1
        here = dist[code]
        posts, bits = code >> shift, code & low
        top_disks(posts, k, m, width, tops, stacked)
        for pair in range(pairs.shape[0]):
            x, y = pairs[pair, 0], pairs[pair, 1]  # a move x -> y brought y's top disk here
            mover = tops[y]
            if mover >= tops[x]:
                continue
            child = code + (((x - y) * powers[mover]) << shift)
            if shift:
                up = (bits >> y) & 1  # the mover shows ``up``; before the move, ``1 - up`` on x
                if tops[x] < m:
                    if ((bits >> x) & 1) == up:  # x's stack shows ``up``: not one stack's colour
                        continue
                elif own[x] == up:  # a coloured post shows its own colour
                    continue
                if stacked[y] == 1 and own[y] == 1 - up:  # the move onto an empty coloured post shows its colour
                    continue
                child |= 1 << x if up == 0 else 0
                child &= ~(1 << x) if up == 1 else ~0
                if stacked[y] == 1:
                    child &= ~(1 << y)
            step = cost[mover]
            if dist[child] < 0 or dist[child] > here + step:
                dist[child] = here + step
                if step:
                    deque[(head + count) & mask] = child
                else:
                    head = (head - 1) & mask
                    deque[head] = child
                count += 1


def _narrow(found: np.ndarray) -> np.ndarray:
    """Distances (-1 where the goal cannot be reached) narrowed to ``uint8`` values where they fit."""
    wide = found.max() >= 0xFF
    table = found.astype(np.uint16 if wide else np.uint8)
    table[found < 0] = 0xFFFF if wide else 0xFF
    return table


def _save(where: Path, key: tuple[object, ...], version: str, table: np.ndarray) -> None:
    """Keep ``table`` (of ``key``, built by the code ``version``) in the disk cache ``where``
    (:func:`hanoikit.cache.write_array`), then remove all but the latest :data:`_KEPT_ON_DISK` tables, within
    :data:`_KEPT_ON_DISK_BYTES`; a cache that cannot be written costs a rebuild next time, nothing else."""
    identity = _identity(key, version)
    path = _path(where, identity)
    disk_cache.write_array(path, identity, table)
    kept = []
    for file in itertools.chain(where.glob(f"*{_SUFFIX}"), where.glob("*.npy")):  # .npy: an older hanoikit's
        with contextlib.suppress(OSError):
            if file.is_file():
                kept.append((file.stat().st_mtime, file.stat().st_size, file))
    total = 0
    for rank, (_, size, old) in enumerate(sorted(kept, key=lambda entry: (entry[0], entry[2] == path), reverse=True)):
        total += size
        if rank >= _KEPT_ON_DISK or (rank and total > _KEPT_ON_DISK_BYTES):
            with contextlib.suppress(OSError):
                old.unlink(missing_ok=True)


_SUFFIX = ".table"
"""The ending of a table's file name (its beginning: the hash of its :func:`_identity`)."""

_KEPT_ON_DISK = 256
"""The most tables kept on disk (the latest written): random goals each leave theirs."""

_KEPT_ON_DISK_BYTES = 1 << 30
"""The most bytes of tables kept on disk (the latest written, and always the latest one)."""
