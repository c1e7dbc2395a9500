"""Pattern databases of magnetic groups: the distance to a goal of every position of a group of disks with faces, one
byte a code, the code holding one colour bit a post.

On a magnetic tower every disk shows one face up; touching faces differ, so a disk stacked on another shows the same
colour up as the one below it. Induction up a stack: **all the disks of a stack show the same colour up**, and a
legal position is its posts of disks plus one colour bit a non-empty post (a coloured post fixes that bit, and an
empty post has none). That is the code of :mod:`hanoikit.positions` (``k**m * 2**k`` codes for ``m`` disks on ``k``
posts, not the ``(2 k)**m`` of a face a disk), and the tables here are indexed by it.

Any set of disks, not only a run, is a relaxation with the same posts and colours
(:func:`hanoikit.solvers.pdb.abstraction`, ``neutral=False``). Its projection of a legal position is legal: the set's
disks on a post show that post's one colour, a coloured post's own. A move of the whole puzzle moves one disk of one
set, and is a legal move of that set's abstraction: the disk is on top of its set's stack (a smaller disk of the set
above it would block it in the whole puzzle too); it lands on a stack of the set that shows the colour of the whole
stack it lands on, which the move's rule accepts, or on an empty post that, if coloured, the disk shows the colour
of after the move, as in the whole puzzle. So a set's distance in its abstraction bounds its disks' moves from below,
and the bounds of disjoint sets add up (each move counts in one).

:func:`distances` searches a table backwards from the goal layer by layer, compiled by numba: the table one byte a
code (two if a distance passes 254) and three bitmaps (the codes reached, the current and the next layer), where the
frontier engine's in-memory search keeps 8 bytes a code. That takes the largest group of a magnetic member on four
posts to 11 disks (67 million codes, 88 MiB while built) under :data:`~hanoikit.limits.MAX_FACE_TABLE_CODES`. On
four posts (:func:`_word_layers`) a word of the bitmaps is 64 codes that differ only in disk 1's post and the colour
bits, expanded together: disk 1's moves stay in the word (a table by each byte of the layer's word), and a larger
disk moves alike in every code of the word whose disk 1 is off its two posts, its colour bits changed by three masks
a move (kept, one bit up, one bit down). The table can count the moves of the smaller disks only, the largest
``free`` ones obstacles that move for nothing (a 0-1 search; the tables with free obstacles of
:func:`hanoikit.solvers.pdb.free_moves_to`): the set is a relaxation as above, and its disks' moves in the whole
puzzle are a path of the relaxation, so the counted disks' moves there bound theirs in the whole puzzle, and still
add up with the other groups'.

>>> from hanoikit import MagneticPuzzle
>>> from hanoikit.solvers import tower_search
>>> m = MagneticPuzzle(3, "NNNN")
>>> table = distances(m, m.goal)
>>> int(table[tower_search.encode(m, m.start)]), tower_search.distance(m)
(7, 7)
"""

from __future__ import annotations

import functools

import numpy as np

from .._jit import njit as _njit
from ..limits import MAX_FACE_TABLE_CODES, ensure_at_most
from ..puzzle import Puzzle
from ..state import State
from ._tops import digit_powers, digit_width, top_disks
from ._words import lowest
from .tower_search import code_space, encode

__all__ = ["distances", "largest_group"]


def largest_group(puzzle: Puzzle) -> int:
    """The most disks of a group's table on ``puzzle``'s member (faces): the largest abstraction with at most
    :data:`~hanoikit.limits.MAX_FACE_TABLE_CODES` codes (4 posts: 11 disks; 5 posts: 9).

    >>> from hanoikit import MagneticPuzzle
    >>> largest_group(MagneticPuzzle(14, "NNNN")), largest_group(MagneticPuzzle(14, "NNNNN"))
    (11, 9)
    >>> largest_group(MagneticPuzzle(6, "RBNN"))
    6
    """
    k = puzzle.posts
    size = 1
    while size < puzzle.n and k ** (size + 1) << k <= MAX_FACE_TABLE_CODES:
        size += 1
    return size


def distances(puzzle: Puzzle, goal: State, free: int = 0) -> np.ndarray:
    """The least number of moves from every code of ``puzzle`` (a magnetic member) to ``goal``, ``uint8`` (``uint16``
    where a distance passes 254), the dtype's largest value where ``goal`` cannot be reached and at codes that are no
    position. With ``free`` (four posts), the moves of the ``free`` largest disks cost nothing: the least number of
    moves of the others, the large ones obstacles that move (and flip) for nothing, as
    :func:`~hanoikit.solvers.pdb.free_moves_to` counts them. Raises :class:`~hanoikit.TooLargeError` past
    :data:`~hanoikit.limits.MAX_FACE_TABLE_CODES` codes, :class:`ValueError` on a member without faces.

    The search runs backwards: a predecessor carries a post's top disk back along an allowed move and flips it back,
    and is kept if it is a legal position and the move out of it is legal, so one-way rules (cyclic) are searched as
    they are.

    >>> from hanoikit import MagneticPuzzle
    >>> m = MagneticPuzzle(2, "RBNN")
    >>> table = distances(m, m.goal)
    >>> int(table[encode(m, m.goal)]), table.dtype.name, table.size
    (0, 'uint8', 256)
    >>> m = MagneticPuzzle(3, "NNNN")
    >>> int(distances(m, m.goal, free=1)[encode(m, m.start)])  # disks 1 and 2 of the 9 moves
    6
    """
    if not puzzle.faces:
        raise ValueError(f"{puzzle!r} has no faces: its tables are pdb.pattern_table's")
    if free and (puzzle.posts != 4 or not 0 <= free < puzzle.n):
        raise ValueError(f"free obstacles in a table of {puzzle!r}: four posts and fewer than {puzzle.n} of them")
    size = code_space(puzzle)
    ensure_at_most(size, MAX_FACE_TABLE_CODES, f"codes (a table of distances of {puzzle!r})")
    k, m = puzzle.posts, puzzle.n
    pairs = np.array(sorted(puzzle.moves), np.int64).reshape(-1, 2)
    own = np.array([{"R": 0, "B": 1}.get(color, -1) for color in puzzle.colors], np.int64)
    target = encode(puzzle, goal)
    words = (size + 63) // 64
    lanes = _lane_tables(tuple(map(tuple, pairs.tolist())), tuple(own.tolist())) if k == 4 else None
    cost = np.array([1] * (m - 1 - free) + [0] * free, np.int64)  # by disk 2..m
    for dtype in (np.uint8, np.uint16):
        table = np.full(size, np.iinfo(dtype).max, dtype)
        bitmaps = [np.zeros(words, np.int64) for _ in range(2)]
        if lanes is not None:
            depth = _word_layers(m, pairs, cost, target, *lanes, table, np.zeros(words, np.int64), *bitmaps)
        else:
            depth = _layers(k, m, pairs, own, target, table, *bitmaps)
        if depth >= 0:
            return table
    raise AssertionError("a distance past 65,534 moves")  # pragma: no cover - far beyond the cap


@_njit(cache=True, nogil=True)  # type: ignore[misc, unused-ignore]
def _layers(k: int, m: int, pairs: np.ndarray, own: np.ndarray, goal: int, table: np.ndarray, layer: np.ndarray,
            following: np.ndarray) -> int:
    """Fill ``table`` (all its dtype's largest value) with the distances to ``goal``, the current layer's codes
    marked in the bitmap ``layer``, the next one's in ``following`` (both all 0); the number of layers, -1 if a
    distance does not fit the dtype."""
    unseen = table[goal]
    powers, width = digit_powers(k, m), digit_width(k)
    low = (1 << k) - 1
    tops = np.empty(k, np.int64)
    count = np.empty(k, np.int64)
    table[goal] = 0
    layer[goal >> 6] |= np.int64(1) << (goal & 63)
    depth, found = 0, 1
    while found:
        if depth + 1 >= unseen:
            return -1
        found = 0
        value = depth + 1
        for word in range(layer.size):
            bits = layer[word]
            if bits == 0:
                continue
            layer[word] = 0
            last = -1
            for bit in range(64):
                if not (bits >> bit) & 1:
                    continue
                code = word * 64 + bit
                posts, faces = code >> k, code & low
                if posts != last:  # the codes of one placement of the disks are 2**k neighbours
                    top_disks(posts, k, m, width, tops, count)
                    last = posts
                for pair in range(pairs.shape[0]):
                    x, y = pairs[pair, 0], pairs[pair, 1]  # a move x -> y brought y's top disk here
                    mover = tops[y]
                    if mover >= tops[x]:
                        continue
                    up = (faces >> y) & 1  # it shows ``up``: on x it showed ``1 - up``, as x's stack must
                    if tops[x] < m:
                        if ((faces >> x) & 1) == up:
                            continue
                    elif own[x] == up:
                        continue
                    if count[y] == 1 and own[y] == 1 - up:  # onto an empty coloured post it shows that colour
                        continue
                    child = ((posts + (x - y) * powers[mover]) << k) | (faces & ~(1 << x)) | ((1 - up) << x)
                    if count[y] == 1:
                        child &= ~(1 << y)
                    if table[child] == unseen:
                        table[child] = value
                        following[child >> 6] |= np.int64(1) << (child & 63)
                        found += 1
        layer, following = following, layer
        depth += 1
    return depth


@functools.lru_cache(maxsize=16)
def _lane_tables(moves: tuple[tuple[int, int], ...], own: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """The moves of a word of codes on four posts (disks 2..m fixed; bit ``16 p + f``: disk 1 on post ``p``, colour
    bits ``f``), backwards, for the rule's ``moves`` and the posts' colours ``own`` (0 R, 1 B, -1 neutral):
    ``small[occupied, byte, value]``, the codes of the word from which disk 1 moved to reach the codes of ``value`` in
    byte ``byte`` of a layer's word (``occupied``: the posts that hold disks 2..m); ``masks[4 pair + 2 empty +
    emptied]``, the codes of a word whose colour bits stay, go up by ``2**x`` and down by ``2**y`` when a larger
    disk is carried back along move ``pair`` (``x -> y``) to the codes it came from (``empty``: its source post holds
    no other disk; ``emptied``: it was alone on its destination), the lanes of disk 1 on ``x`` or ``y`` left out."""

    def before(x: int, y: int, f: int, empty: bool, emptied: bool) -> int:
        """The colour bits before a move x -> y that left ``f``, -1 if there is none."""
        up = f >> y & 1  # the mover shows ``up``: on x it showed ``1 - up``, as x's stack must
        if (own[x] == up) if empty else (f >> x & 1) == up:
            return -1
        if emptied and own[y] == 1 - up:  # onto an empty coloured post it shows that colour
            return -1
        f = (f & ~(1 << x)) | (1 - up) << x
        return f & ~(1 << y) if emptied else f

    small = np.zeros((16, 8, 256), np.int64)
    one = np.zeros((16, 64), np.int64)
    for occupied in range(16):
        for bit in range(64):
            y, f = bit >> 4, bit & 15
            for x, to in moves:
                if to == y:
                    g = before(x, y, f, not occupied >> x & 1, not occupied >> y & 1)
                    if g >= 0:
                        one[occupied, bit] |= np.int64(1) << (16 * x + g)
        for byte in range(8):
            for value in range(256):
                for bit in range(8):
                    if value >> bit & 1:
                        small[occupied, byte, value] |= one[occupied, 8 * byte + bit]
    shifts = np.zeros((len(moves), 2, 2, 3), np.int64)  # the codes kept, moved up by 2**x, down by 2**y
    for pair, (x, y) in enumerate(moves):
        lanes = sum(0xFFFF << 16 * lane for lane in range(4) if lane not in (x, y))
        for empty in range(2):
            for emptied in range(2):
                for f in range(16):
                    g = before(x, y, f, bool(empty), bool(emptied))
                    if g >= 0 and not (empty and f >> x & 1):  # an empty post shows no colour
                        kind = [f, f + (1 << x), f - (1 << y)].index(g)  # one bit set, or one cleared
                        shifts[pair, empty, emptied, kind] |= 0x0001000100010001 << f & lanes
    return small, shifts.reshape(-1, 3)


@_njit(cache=True, nogil=True, error_model="numpy")  # type: ignore[misc, unused-ignore]
def _word_layers(m: int, pairs: np.ndarray, cost: np.ndarray, goal: int, small: np.ndarray, masks: np.ndarray,
                 table: np.ndarray, seen: np.ndarray, layer: np.ndarray, following: np.ndarray) -> int:
    """:func:`_layers` on four posts, a word of 64 codes at a time, the moves of disk ``d + 2`` costing
    ``cost[d]`` (0 or 1; disk 1's always 1): word ``w`` holds the codes whose disks 2..m are ``w``'s digits (disk 1's
    post and the colour bits vary within it, bit ``16 p + f``), one cache line of the table, written as its layer is
    scanned. ``seen`` marks the codes reached. The moves of disk 1 stay in the word (``small``, a byte of the layer's
    word at a time); a larger disk moves alike in every lane of disk 1 off its two posts, to another word, its colour
    bits moved by ``masks``. A move that costs nothing adds to the current layer (taking the code from the next one
    if it was there), scanned again from the lowest word so added until no code is added (a 0-1 breadth-first
    search); the number of layers, -1 if a distance does not fit the dtype."""
    unseen = table[goal]
    rest = m - 1
    tops = np.empty(4, np.int64)
    count = np.empty(4, np.int64)
    powers = digit_powers(4, rest)
    seen[goal >> 6] |= np.int64(1) << (goal & 63)
    layer[goal >> 6] |= np.int64(1) << (goal & 63)
    depth, found, start = 0, 1, goal >> 6
    while found:
        if depth >= unseen:
            return -1
        found = 0
        while start < layer.size:
            first, start = start, layer.size  # the lowest word added behind the scan: scanned again from there
            for word in range(first, layer.size):
                bits = layer[word]
                if bits == 0:
                    continue
                layer[word] = 0
                rest_bits = bits
                while rest_bits:
                    low = rest_bits & -rest_bits
                    table[word * 64 + lowest(low)] = depth
                    rest_bits ^= low
                top_disks(word, 4, rest, 2, tops, count)
                occupied = 0
                for post in range(4):
                    if count[post]:
                        occupied |= 1 << post
                reach = np.int64(0)
                for byte in range(8):
                    reach |= small[occupied, byte, (bits >> (8 * byte)) & 0xFF]
                found |= _mark(word, reach, seen, following)
                legal = 0  # the moves of a larger disk, as bits: no branch a move (they were mispredicted)
                for pair in range(pairs.shape[0]):  # a move x -> y brought y's top disk here
                    legal |= int(tops[pairs[pair, 1]] < tops[pairs[pair, 0]]) << pair
                while legal:
                    pair = lowest(legal)
                    legal &= legal - 1
                    x, y = pairs[pair, 0], pairs[pair, 1]
                    mover = tops[y]
                    at = 4 * pair + 2 * (count[x] == 0) + (count[y] == 1)
                    reach = ((bits & masks[at, 0]) | ((bits & masks[at, 1]) << (1 << x))
                             | ((bits & masks[at, 2]) >> (1 << y)))
                    child = word + (x - y) * powers[mover]
                    if cost[mover]:
                        found |= _mark(child, reach, seen, following)
                        continue
                    new = reach & (~seen[child] | following[child])  # no cost: this layer, even if found for the next
                    if new:
                        seen[child] |= new
                        following[child] &= ~new
                        layer[child] |= new
                        if child <= word:
                            start = min(start, child)
        layer, following = following, layer
        depth += 1
        start = 0
    return depth - 1
@_njit(cache=True, nogil=True, inline="always")  # type: ignore[misc, unused-ignore]
def _mark(word: int, reach: np.int64, seen: np.ndarray, following: np.ndarray) -> int:
    """Mark the codes of ``reach`` in ``word`` not seen yet as seen and in the next layer; whether there were any."""
    new = reach & ~seen[word]
    seen[word] |= new
    following[word] |= new
    return int(new != 0)
