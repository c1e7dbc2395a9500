"""Compressed pattern databases: the distance to a goal of every code of a group of disks, modulo 3, in two bits.

On a member whose moves can be taken back (every move, linear, star: the move rule is symmetric) and without faces,
one move changes the distance to a goal by -1, 0 or +1, so the distance modulo 3 of a neighbour of a position whose
distance is known tells its exact distance: a search that knows the exact value of its start carries it along every
move (Korf and Felner, IJCAI 2007; Felner, Korf and Hanan, JAIR 22, 2004), and the table costs two bits a code: 16 MiB
for 13 disks on four posts, 64 MiB for 14. The exact value at one code is found by a *descent*: a neighbour whose
entry is one less modulo 3 is one move nearer the goal, down to the goal, the one code without such a neighbour
(:func:`exact`).

The table is built by a breadth-first search from the goal, layer by layer (:func:`_build`, compiled by numba): a
bitmap marks the current layer, scanned 64 codes a word, and each entry not reached yet (the fourth value, 3) that a
move reaches gets the next layer's value. Entries stay 3 where the goal cannot be reached. On four posts the search
takes 64 codes at a time (:func:`_build_words`, :mod:`~hanoikit.solvers._words`), in one thread or two.

>>> from hanoikit import Puzzle
>>> p = Puzzle(6, posts=4)
>>> table = mod3_table(p, p.goal)
>>> table.nbytes, entry(table, 0), exact(p, table, 0)  # 4**6 codes, 4 a byte; the tower on S: 17 moves to D
(1024, 2, 17)
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np

from .._jit import njit as _njit
from ..errors import InvalidStateError
from ..limits import MAX_MOD3_ENTRIES, ensure_at_most
from ..puzzle import Puzzle
from ..state import State
from . import tower_search
from ._tops import digit_powers, digit_width, top_disks
from ._words import larger_moves, larger_tops, lowest, mark, moved, reach, spread, word_tables

__all__ = ["UNSEEN", "compressible", "entry", "exact", "mod3_table", "pack", "unpack"]

UNSEEN = 3
"""The entry of a code from which the goal cannot be reached (the fourth value of two bits)."""


def compressible(puzzle: Puzzle) -> bool:
    """Whether ``puzzle``'s distances can be kept modulo 3: no faces, and every move can be taken back.

    >>> compressible(Puzzle(5, posts=4)), compressible(Puzzle(5, posts=4, moves="cyclic"))
    (True, False)
    """
    moves = set(puzzle.moves)
    return not puzzle.faces and all((b, a) in moves for a, b in moves)


def mod3_table(puzzle: Puzzle, goal: State, threads: int = 1) -> np.ndarray:
    """The distance to ``goal`` modulo 3 of every code of ``puzzle`` (:func:`~hanoikit.solvers.tower_search.encode`),
    four entries a byte (code ``c`` in bits ``2 (c % 4)`` of byte ``c // 4``), :data:`UNSEEN` where ``goal`` cannot be
    reached. Raises :class:`ValueError` unless :func:`compressible`, :class:`~hanoikit.TooLargeError` past
    :data:`~hanoikit.limits.MAX_MOD3_ENTRIES` codes. On four posts from 7 disks, two ``threads`` share the build
    (for a table built alone: the heuristic search builds the tables of its two ends at once).

    >>> p = Puzzle(3, posts=4)
    >>> [entry(mod3_table(p, p.goal), code) for code in (0, 63, 62)]  # 5 moves, 0, 1
    [2, 0, 1]
    """
    if not compressible(puzzle):
        raise ValueError(f"the distances of {puzzle!r} cannot be kept modulo 3")
    k, m = puzzle.posts, puzzle.n
    ensure_at_most(k**m, MAX_MOD3_ENTRIES, f"codes (a table of distances modulo 3 of {puzzle!r})")
    size = k**m
    pairs = np.array(sorted(puzzle.moves), np.int64).reshape(-1, 2)
    goal_code = tower_search.encode(puzzle, goal)
    if k == 4 and m >= 3:
        table = np.full(size // 4, 0xFF, np.uint8)
        _build_words(m, pairs, goal_code, table.view(np.uint64), threads if m >= 7 else 1)
        return table
    table = np.full((size + 3) // 4, 0xFF, np.uint8)
    words = (size + 63) // 64
    _build(k, m, pairs, goal_code, table, np.zeros(words, np.int64), np.zeros(words, np.int64))
    return table


def unpack(table: np.ndarray, size: int) -> np.ndarray:
    """The first ``size`` entries of ``table`` (:func:`mod3_table`), one a byte.

    >>> p = Puzzle(2, posts=4)
    >>> unpack(pack(unpack(mod3_table(p, p.goal), 16)), 16).tolist()[:5]  # 3 moves, 2, 2, 3, 2
    [0, 2, 2, 0, 2]
    """
    return ((table[:, None] >> np.arange(0, 8, 2, dtype=np.uint8)) & 3).reshape(-1)[:size]


def pack(entries: np.ndarray) -> np.ndarray:
    """Entries one a byte (values 0 to 3) four a byte, as :func:`mod3_table` keeps them."""
    padded = np.full(-(-entries.size // 4) * 4, UNSEEN, np.uint8)
    padded[: entries.size] = entries
    quads = padded.reshape(-1, 4)
    return (quads[:, 0] | quads[:, 1] << 2 | quads[:, 2] << 4 | quads[:, 3] << 6).astype(np.uint8)


def entry(table: np.ndarray, code: int) -> int:
    """The entry of ``code`` in ``table`` (:func:`mod3_table`): its distance modulo 3, or :data:`UNSEEN`."""
    _check_code(code, 4 * table.size)
    return int(table[code >> 2]) >> 2 * (code & 3) & 3


def _check_code(code: int, codes: int) -> None:
    if not 0 <= code < codes:
        raise InvalidStateError(f"no code {code} among the {codes:,} codes of the table")


def exact(puzzle: Puzzle, table: np.ndarray, code: int) -> int | None:
    """The distance to the goal of ``table`` (:func:`mod3_table` of ``puzzle``) from ``code``, by descending: each step
    to a neighbour whose entry is one less modulo 3, until there is none (only the goal has no neighbour nearer it);
    ``None`` if the goal cannot be reached.

    >>> p = Puzzle(8, posts=4)
    >>> exact(p, mod3_table(p, p.goal), 0)  # Frame-Stewart, 8 disks
    33
    """
    codes = tower_search.code_space(puzzle)
    if table.size != -(-codes // 4):
        raise ValueError(f"a table of {table.size:,} bytes is not one of {puzzle!r} ({-(-codes // 4):,} bytes)")
    _check_code(code, codes)
    if entry(table, code) == UNSEEN:
        return None
    pairs = np.array(sorted(puzzle.moves), np.int64).reshape(-1, 2)
    return int(_descend(puzzle.posts, puzzle.n, pairs, table, code))


@_njit(cache=True, nogil=True)  # type: ignore[misc, unused-ignore]
def _descend(k: int, m: int, pairs: np.ndarray, table: np.ndarray, code: int) -> int:
    tops, uncounted = np.empty(k, np.int64), np.empty(0, np.int64)
    powers, width = digit_powers(k, m), digit_width(k)
    steps = 0
    here = (table[code >> 2] >> 2 * (code & 3)) & 3
    while True:
        top_disks(code, k, m, width, tops, uncounted)
        down = (here + 2) % 3
        for pair in range(pairs.shape[0]):
            a, b = pairs[pair, 0], pairs[pair, 1]
            mover = tops[a]
            if mover >= tops[b]:
                continue
            child = code + (b - a) * powers[mover]
            if (table[child >> 2] >> 2 * (child & 3)) & 3 == down:
                code = child
                break
        else:  # no neighbour nearer the goal: the goal
            return steps
        here = down
        steps += 1


@_njit(cache=True, nogil=True)  # type: ignore[misc, unused-ignore]
def _build(k: int, m: int, pairs: np.ndarray, goal: int, table: np.ndarray, layer: np.ndarray,
           following: np.ndarray) -> int:
    """Fill ``table`` (all 0xFF) from ``goal`` layer by layer, the current layer's codes marked in the bitmap
    ``layer`` and the next one's in ``following`` (both all 0); the number of layers."""
    tops, uncounted = np.empty(k, np.int64), np.empty(0, np.int64)
    powers, width = digit_powers(k, m), digit_width(k)
    table[goal >> 2] &= ~(3 << 2 * (goal & 3))
    layer[goal >> 6] |= np.int64(1) << (goal & 63)
    npairs = pairs.shape[0]
    depth = 0
    found = 1
    while found:
        found = 0
        value = (depth + 1) % 3
        for word in range(layer.size):
            bits = layer[word]
            if bits == 0:
                continue
            layer[word] = 0
            for byte in range(8):
                part = (bits >> (8 * byte)) & 0xFF
                if part == 0:
                    continue
                for bit in range(8):
                    if not (part >> bit) & 1:
                        continue
                    code = word * 64 + byte * 8 + bit
                    top_disks(code, k, m, width, tops, uncounted)
                    for pair in range(npairs):
                        a, b = pairs[pair, 0], pairs[pair, 1]
                        mover = tops[a]
                        if mover >= tops[b]:
                            continue
                        child = code + (b - a) * powers[mover]
                        at = 2 * (child & 3)
                        if (table[child >> 2] >> at) & 3 == 3:
                            table[child >> 2] ^= (3 - value) << at
                            following[child >> 6] |= np.int64(1) << (child & 63)
                            found += 1
        layer, following = following, layer
        depth += 1
    return depth


def _build_words(m: int, pairs: np.ndarray, goal: int, table: np.ndarray, threads: int) -> None:
    """:func:`_build` on four posts, 64 codes at a time (:mod:`~hanoikit.solvers._words`): a *word* holds the codes
    that differ in disks 1, 2 and 3 only (two ``uint64`` of ``table``, all 0xFF..., one bit each in the bitmaps of
    the codes seen and of the layers), a layer's words found through a bitmap of its non-empty words
    (:func:`_expand`). With two ``threads`` (and 7 disks or more), each layer is expanded in two parts at once: the
    words split by one bit of the digit of a middle disk (:func:`_split`), each part's words written only by its
    thread; the moves of that disk from one part to the other are passed on and taken by the other part's thread
    once both have expanded the layer (:func:`_take`)."""
    inner, free, six = word_tables(pairs)
    high = m - 3
    words = 1 << 2 * high
    sums = -(-words // 64)
    seen = np.zeros(words, np.uint64)
    layer, following = np.zeros(words, np.uint64), np.zeros(words, np.uint64)
    marks, following_marks = np.zeros(sums, np.uint64), np.zeros(sums, np.uint64)
    start = goal >> 6
    seen[start] = layer[start] = np.uint64(1 << (goal & 63))
    marks[start >> 6] = np.uint64(1 << (start & 63))
    split = _split(high) if threads > 1 else -1
    digit = (split - 1) // 2
    room = 0 if split < 0 else 8 * 3**digit * 4 ** (high - 1 - digit)  # the words where that disk can move, twice
    passed = [(np.empty(room, np.int64), np.empty(room, np.uint64)) for _ in range(2)]
    shared = (high, pairs, inner, free, six, table, seen)
    depth = 0
    with ThreadPoolExecutor(1) as pool:
        while True:
            flip = np.uint64(3 - depth % 3)
            if split < 0:
                found = _expand(0, -1, *shared, flip, layer, following, marks, following_marks, *passed[0])[1]
            else:
                other = pool.submit(_expand, 1, split, *shared, flip, layer, following, marks, following_marks,
                                    *passed[1])
                counts = [_expand(0, split, *shared, flip, layer, following, marks, following_marks, *passed[0])]
                counts.append(other.result())
                taken = pool.submit(_take, *passed[0], counts[0][0], seen, following, following_marks)
                found = _take(*passed[1], counts[1][0], seen, following, following_marks)
                found = found | taken.result() | counts[0][1] | counts[1][1]
            depth += 1
            if not found:
                return
            layer, following = following, layer
            marks, following_marks = following_marks, marks


def _split(high: int) -> int:
    """The bit of a word's number that tells the two parts of a layer apart (two threads): the high bit of the digit
    of the disk 5 below the largest (disk 7 at least, so that a part's words come 64 at a time, the bits of one
    word of the layer's bitmap of words; a smaller disk moves from part to part more often, a larger one
    unbalances the parts)."""
    return 2 * max(3, high - 5) + 1


@_njit(cache=True, nogil=True)  # type: ignore[misc, unused-ignore]
def _expand(part: int, split: int, high: int, pairs: np.ndarray, inner: np.ndarray, free: np.ndarray,
            six: np.ndarray, table: np.ndarray, seen: np.ndarray, flip: np.uint64, layer: np.ndarray,
            following: np.ndarray, marks: np.ndarray, following_marks: np.ndarray, passed_words: np.ndarray,
            passed_masks: np.ndarray) -> tuple[int, bool]:
    """Expand the layer's words (the codes of ``layer`` in the words marked in ``marks``; ``part`` of them if
    ``split`` is a bit, else all), writing their entries (``flip``: 3 minus the layer's value) and marking the
    codes they reach first in ``following`` and ``seen``, their words in ``following_marks``. The moves of disks 1
    to 3 stay in the word (``inner``); a larger disk moves alike in every code of the word whose disks 1 to 3 leave
    both posts free (``free``), to the same codes of another word. A move into the other part is passed on
    (``passed_words``, ``passed_masks``); the number of moves passed on, and whether a code was reached."""
    tops = np.empty(4, np.int64)
    one = np.uint64(1)
    crossing = (split - 1) >> 1 if split >= 0 else -1  # the digit of the disk that moves from part to part
    count = 0
    found = np.uint64(0)
    for s in range(marks.size):
        summary = marks[s]
        if summary == 0 or (split >= 0 and (s >> (split - 6)) & 1 != part):
            continue
        marks[s] = 0
        while summary:
            word = (s << 6) + np.int64(lowest(summary))
            summary &= summary - one
            mask = layer[word]
            layer[word] = 0
            table[2 * word] ^= spread(mask) * flip
            table[2 * word + 1] ^= spread(mask >> np.uint64(32)) * flip
            found |= mark(word, reach(inner, mask), seen, following, following_marks)
            larger_tops(word, high, six, tops)
            legal = larger_moves(tops, tops, pairs)
            while legal:
                pair = lowest(legal)
                legal &= legal - 1
                a, b = pairs[pair, 0], pairs[pair, 1]
                child = moved(word, tops, a, b)
                if tops[a] == crossing and (a ^ b) & 2:
                    passed_words[count] = child
                    passed_masks[count] = mask & free[pair]
                    count += 1
                    continue
                found |= mark(child, mask & free[pair], seen, following, following_marks)
    return count, bool(found != 0)


@_njit(cache=True, nogil=True)  # type: ignore[misc, unused-ignore]
def _take(passed_words: np.ndarray, passed_masks: np.ndarray, count: int, seen: np.ndarray, following: np.ndarray,
          following_marks: np.ndarray) -> bool:
    """The first ``count`` moves passed on by :func:`_expand`, taken into the next layer; whether a code was
    reached."""
    found = np.uint64(0)
    for i in range(count):
        found |= mark(passed_words[i], passed_masks[i], seen, following, following_marks)
    return bool(found != 0)
