"""The position code of every member of the family, and the tables of moves the search kernels read.

A position's *code* reads the posts of the disks as a base-``k`` number (``k`` posts, disk 1 the least significant
digit); on a puzzle with faces (magnetic) it is that number times ``2**k`` plus one bit per post, set when the stack on
the post shows blue on top (0 for an empty post). In a legal position every disk of a stack shows the same colour on
top, so the bits fix every face. Codes run over ``0 .. code_space(puzzle) - 1``; those that are no legal position are
never reached by a search.

>>> from hanoikit import MagneticPuzzle, Puzzle, State
>>> encode(Puzzle(3), State.parse("ISD")), decode(Puzzle(3), 19)
(19, State.parse('ISD'))
>>> m = MagneticPuzzle(3)
>>> encode(m, m.goal), decode(m, 212), code_space(m), state_count(m)
(212, State.parse('DDD:BBB'), 216, 126)

:func:`move_tables` gives what the compiled kernels of the search (:mod:`hanoikit.frontier.kernels`) read to find the
moves of a code: the rules (posts, allowed moves, faces, post colours) are applied here once, as data, to every value
of the code's low digits, and the kernels only look them up.
"""

from __future__ import annotations

import functools
import math
from typing import NamedTuple

import numpy as np

from .errors import InvalidStateError
from .puzzle import Puzzle
from .state import State

__all__ = ["MoveTables", "Moves", "code_space", "decode", "encode", "legal_codes", "move_tables", "state_count"]


def code_space(puzzle: Puzzle) -> int:
    """The number of codes: ``k**n``, times ``2**k`` on a magnetic tower.

    >>> from hanoikit import MagneticPuzzle, Puzzle
    >>> code_space(Puzzle(3, posts=4)), code_space(MagneticPuzzle(3, "NNNN")), code_space(MagneticPuzzle(4))
    (64, 1024, 648)
    """
    positions: int = puzzle.posts**puzzle.n
    return positions << (puzzle.posts if puzzle.faces else 0)


def encode(puzzle: Puzzle, state: State) -> int:
    """The code of a legal position of ``puzzle``; exact for any ``n``. Raises :class:`~hanoikit.InvalidStateError`
    for an illegal one.

    >>> from hanoikit import MagneticPuzzle, Puzzle, State
    >>> encode(Puzzle(2, posts=4), State.parse("DS", post_count=4)), encode(MagneticPuzzle(2), State.parse("IS:BR"))
    (3, 10)
    """
    puzzle.check(state)
    code = 0
    for post in reversed(state.posts):
        code = code * puzzle.posts + post
    ups = state.ups
    if not puzzle.faces or ups is None:  # a checked position has faces exactly when the puzzle has
        return code
    bits = sum(1 << post for post, top in enumerate(state.tops()) if top is not None and ups[top - 1] == "B")
    return (code << puzzle.posts) | bits


def decode(puzzle: Puzzle, code: int) -> State:
    """The position with code ``code``; raises :class:`~hanoikit.InvalidStateError` if no legal position has it.

    >>> from hanoikit import MagneticPuzzle, Puzzle
    >>> decode(Puzzle(3, posts=4), 19), decode(MagneticPuzzle(2), 10)
    (State.parse('DSI', post_count=4), State.parse('IS:BR'))
    >>> decode(MagneticPuzzle(2), 2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    hanoikit.errors.InvalidStateError: code 2 is not a position of MagneticPuzzle(2, ...): it colours the empty post I
    """
    size = code_space(puzzle)
    if isinstance(code, bool) or not isinstance(code, (int, np.integer)) or not 0 <= code < size:
        raise InvalidStateError(f"code {code!r} is not a whole number in 0..{size - 1}")
    k = puzzle.posts
    rest, bits = divmod(int(code), 1 << k if puzzle.faces else 1)
    posts = []
    for _ in range(puzzle.n):
        rest, post = divmod(rest, k)
        posts.append(post)
    if not puzzle.faces:
        return State(posts, post_count=k)
    for post in range(k):
        if bits >> post & 1 and post not in posts:
            raise InvalidStateError(
                f"code {code} is not a position of {puzzle!r}: it colours the empty post {puzzle.post_names[post]}"
            )
    state = State(posts, ["B" if bits >> post & 1 else "R" for post in posts], post_count=k)
    error = puzzle.state_error(state)
    if error is not None:
        raise InvalidStateError(f"code {code} is not a position of {puzzle!r}: {error}")
    return state


def state_count(puzzle: Puzzle) -> int:
    """The number of legal positions of any member of the family, exact for any ``n`` (a formula, no enumeration).

    A set ``E`` of non-empty posts is filled in ``surj(n, |E|)`` ways, and each of its posts shows one of the faces
    it allows: either colour if the disks have faces and the post is neutral, else one (its own colour, or none on a
    classic tower). Classic: ``k**n`` on ``k`` posts. The allowed moves do not matter.

    >>> from hanoikit import MagneticPuzzle, Puzzle
    >>> state_count(Puzzle(10)), state_count(MagneticPuzzle(2)), state_count(MagneticPuzzle(2, "RBB"))
    (59049, 30, 9)
    >>> state_count(Puzzle(3, posts=5, moves="star")), state_count(MagneticPuzzle(1, "NNNR"))
    (125, 7)
    """
    n = puzzle.n
    faces = [2 if puzzle.faces and color == "N" else 1 for color in puzzle.colors]
    # by_size[m]: the sum over the sets E of m posts of the product of their faces (elementary symmetric sums)
    by_size = [1] + [0] * len(faces)
    for weight in faces:
        for m in range(len(faces), 0, -1):
            by_size[m] += by_size[m - 1] * weight
    powers = [base**n for base in range(len(faces) + 1)]
    return sum(_surjections(powers, m) * by_size[m] for m in range(1, len(faces) + 1))


def _surjections(powers: list[int], m: int) -> int:
    """The number of ways to put ``n`` distinct disks on ``m`` posts leaving none empty, by inclusion-exclusion from
    ``powers[b] = b**n``."""
    return sum((-1) ** j * math.comb(m, j) * powers[m - j] for j in range(m + 1))


def legal_codes(puzzle: Puzzle) -> np.ndarray:
    """The codes of all legal positions, in increasing order (a numpy array of ``state_count(puzzle)`` codes).

    >>> from hanoikit import MagneticPuzzle
    >>> legal_codes(MagneticPuzzle(1, "RNB")).tolist()
    [0, 8, 10, 20]
    """
    k = puzzle.posts
    posts = np.arange(k**puzzle.n, dtype=np.int64)
    if not puzzle.faces:
        return posts
    occupied = np.zeros(posts.size, dtype=np.int64)
    rest = posts.copy()
    for _ in range(puzzle.n):
        rest, digit = np.divmod(rest, k)
        occupied |= 1 << digit
    bits = np.arange(1 << k)
    own = np.array([_OWN[c] for c in puzzle.colors])
    blue = (bits[:, None] >> np.arange(k) & 1).astype(bool)  # (2**k, k)
    empty = (occupied[:, None, None] >> np.arange(k) & 1) == 0  # (P, 1, k)
    allowed = np.where(empty, ~blue[None], ((own == -1) | (blue == (own == 1)))[None])
    return np.flatnonzero(allowed.all(axis=2))  # flat index = 2**k * posts + bits


# -- moves -----------------------------------------------------------------------------------------------------------


class Moves(NamedTuple):
    """The legal moves out of an array of codes, flattened: move ``i`` leads from ``codes[parent[i]]`` to
    ``child[i]`` by carrying disk ``disk[i]`` (from 1) from post ``src[i]`` to post ``dst[i]``."""

    parent: np.ndarray
    child: np.ndarray
    disk: np.ndarray
    src: np.ndarray
    dst: np.ndarray


# -- the tables of moves ----------------------------------------------------------------------------------------------

_OWN = {"R": 0, "B": 1, "N": -1}
_NONE = 255  # "no disk" in the tables of tops
_LOW_ROWS = 1 << 13  # the low digits' table has at most this many rows (with the colour bits)

# indices into MoveTables.geo
K, N, S, SHIFT, P, L, ROWS, FACES, PAIRS, M, KLOG, ROWSLOG, PLOG, WIDTH, GROUP = range(15)

GROUP_CODES = 16
"""The codes of a *group* (half a 64-bit word of two-bit marks): those that differ only in the ``g`` smallest disks,
where ``k**g == GROUP_CODES`` (4 posts: ``g = 2``) and the tower has no faces."""


class MoveTables(NamedTuple):
    """What the kernels read to find the moves of a code, for a code space cut into blocks by its ``m`` largest disks
    (a block holds ``P`` codes of the ``s = n - m`` smaller disks).

    A code's *low index* is its colour bits and its ``L`` lowest digits (``lo = local % ROWS``); the rest of the
    block's digits, its *high* part, is the same across a run of ``ROWS`` codes. The moves of a small disk among the
    ``L`` lowest are listed for each low index (``low_*``): they depend on the high part only through which posts
    hold a larger disk (flags). The other moves carry the top of a post empty of low disks onto another such post:
    the kernels find them from the tops of the high part and the block (``high_*``), for the pairs of
    ``empty_pairs[mask of the posts empty of low disks]``.
    """

    geo: np.ndarray  # int64: k, n, s, shift (k with faces, else 0), P, L, ROWS, faces, pairs, m, log2 of k, ROWS, P
    low_count: np.ndarray  # (ROWS,) int32: how many moves of low disks
    low_delta: np.ndarray  # (ROWS, WIDTH) int32: the change of the code by each
    low_flag: np.ndarray  # (ROWS, WIDTH) int32: 1 its destination holds no low disk, 2 its source holds one; | 4 * pair
    low_disk: np.ndarray  # (ROWS, WIDTH) int32: the disk it moves (0-based)
    low_empty: np.ndarray  # (ROWS,) int64: the posts that hold no low disk, as a bit mask
    high_top: np.ndarray  # (k**(s-L), k) int64: the smallest of the other small disks on each post (n if none)
    high_cnt: np.ndarray  # (k**(s-L), k) int64: how many of them, at most 2
    empty_pairs: np.ndarray  # (2**k, pairs + 1) int64: the number of pairs with both posts in the mask, then those
    powers: np.ndarray  # int64 k**i, i = 0 .. n
    src: np.ndarray  # int64 source post of each allowed move (destination if reversed)
    dst: np.ndarray
    own: np.ndarray  # int64 colour of each post: -1 neutral, 0 red, 1 blue
    group_inner: np.ndarray  # (2, 256) uint32: the children in a group of its marked codes, by each byte of the mask
    group_free: np.ndarray  # (pairs,) uint32: the codes of a group whose two posts of the pair hold no disk of it
    group_count: np.ndarray  # (k**(L-g),) int64: by the digits g..L-1 of a group, how many moves of those disks
    group_pair: np.ndarray  # (k**(L-g), pairs) int64: the pair of each
    group_step: np.ndarray  # (k**(L-g), pairs) int64: the change of the group's number by each
    group_empty: np.ndarray  # (k**(L-g),) int64: the posts that hold none of the disks g..L-1, as a bit mask


def _log2(value: int) -> int:
    """The exponent of ``value`` if it is a power of two, else -1 (the kernels then divide instead of shifting)."""
    return value.bit_length() - 1 if value & (value - 1) == 0 else -1


def _tops(digits: int, k: int, first: int, none: int) -> tuple[np.ndarray, np.ndarray]:
    """For every value of ``digits`` base-``k`` digits (the disks ``first``, ``first + 1``, ..., the first least
    significant): the smallest disk on each post (``none`` if none) and how many disks, at most 2."""
    values = np.arange(k**digits, dtype=np.int64)
    tops = np.full((values.size, k), none, dtype=np.int64)
    counts = np.zeros((values.size, k), dtype=np.int64)
    rows = np.arange(values.size)
    for disk in range(digits - 1, -1, -1):  # the smaller disk written last wins the top
        post = values // k**disk % k
        tops[rows, post] = first + disk
        counts[rows, post] += 1
    return tops, np.minimum(counts, 2)


@functools.lru_cache(maxsize=16)
def move_tables(puzzle: Puzzle, block_disks: int = 0, reverse: bool = False) -> MoveTables:
    """The tables of moves of ``puzzle`` (see :class:`MoveTables`), its ``block_disks`` largest disks picking the
    block; ``reverse``: the moves backwards (each pair of posts reversed), which lead from a position to those one
    move before it (the reverse of a legal move carries the disk back, flipping it back on a magnetic tower).

    >>> from hanoikit import Puzzle
    >>> t = move_tables(Puzzle(1))  # the moves of disk 1 from each value of its digit: two each
    >>> t.low_count.tolist(), t.low_delta[0].tolist(), t.low_disk[2].tolist()
    ([2, 2, 2], [1, 2], [0, 0])
    """
    n, k, faces = puzzle.n, puzzle.posts, bool(puzzle.faces)
    shift = k if faces else 0
    s = n - block_disks
    most = min(_LOW_ROWS, max(64, code_space(puzzle) >> 6))  # a small puzzle gets small tables, built at once
    low = 0
    while low < s and k ** (low + 1) << shift <= most:
        low += 1
    rows = k**low << shift
    pairs = sorted((b, a) if reverse else (a, b) for a, b in puzzle.moves)
    src = np.array([a for a, _ in pairs], dtype=np.int64)
    dst = np.array([b for _, b in pairs], dtype=np.int64)
    own = np.array([_OWN[c] for c in puzzle.colors], dtype=np.int64)
    powers = np.array([k**i for i in range(n + 1)], dtype=np.int64)

    tops, counts = _tops(low, k, 0, _NONE)
    index = np.arange(rows, dtype=np.int32)
    tops, counts, bits = tops[index >> shift], counts[index >> shift], index & ((1 << shift) - 1)
    legal = np.zeros((rows, len(pairs)), dtype=bool)
    delta = np.zeros((rows, len(pairs)), dtype=np.int32)  # 32-bit: the tables stay small in the caches and in memory
    flag = np.zeros((rows, len(pairs)), dtype=np.int32)
    for q, (a, b) in enumerate(pairs):
        mover, under = tops[:, a], tops[:, b]
        legal[:, q] = (mover != _NONE) & (mover < under)  # _NONE is above every disk
        delta[:, q] = (b - a) * powers[np.minimum(mover, n)] << shift
        flag[:, q] = 4 * q
        if faces:
            up = bits >> a & 1  # the colour the mover shows: its bottom face once flipped
            low_under = under != _NONE
            legal[:, q] &= ~low_under | ((bits >> b & 1) != up)
            after = bits & ~(1 << b) | (1 - up) << b
            delta[:, q] += after - bits
            flag[:, q] |= np.where(low_under, 0, 1) | np.where(counts[:, a] == 1, 2, 0)
    low_count = legal.sum(axis=1, dtype=np.int32)
    width = max(1, int(low_count.max(initial=0)))
    rank = np.cumsum(legal, axis=1, dtype=np.int8) - 1  # each legal move's place in its row
    row_of, pair_of = np.nonzero(legal)
    place = rank[row_of, pair_of]
    low_delta = np.zeros((rows, width), dtype=np.int32)
    low_flag = np.zeros((rows, width), dtype=np.int32)
    low_disk = np.zeros((rows, width), dtype=np.int32)
    low_delta[row_of, place] = delta[row_of, pair_of]
    low_flag[row_of, place] = flag[row_of, pair_of]
    low_disk[row_of, place] = tops[row_of, src[pair_of]]
    low_empty = ((tops == _NONE) << np.arange(k)).sum(axis=1).astype(np.int64)

    high_top, high_cnt = _tops(s - low, k, low, n)
    masks = np.arange(1 << k)
    both = (masks[:, None] >> src & 1) & (masks[:, None] >> dst & 1)  # (2**k, pairs)
    empty_pairs = np.zeros((1 << k, len(pairs) + 1), dtype=np.int64)
    for mask in masks.tolist():
        chosen = np.flatnonzero(both[mask])
        empty_pairs[mask, 0] = chosen.size
        empty_pairs[mask, 1 : 1 + chosen.size] = chosen
    block_codes = k**s << shift
    geo = [k, n, s, shift, block_codes, low, rows, int(faces), len(pairs), block_disks, _log2(k), _log2(rows)]
    group = _group_disks(k, low, faces)
    geo += [_log2(block_codes), width, group]
    return MoveTables(
        np.array(geo, dtype=np.int64), low_count, low_delta, low_flag, low_disk, low_empty, high_top, high_cnt,
        empty_pairs, powers, src, dst, own, *_group_tables(k, n, group, low, src, dst),
    )


def _group_disks(k: int, low: int, faces: bool) -> int:
    """The disks that pick a code within its group (0: the kernels take the codes one by one).

    >>> _group_disks(4, 6, False), _group_disks(3, 8, False), _group_disks(4, 6, True), _group_disks(4, 1, False)
    (2, 0, 0, 0)
    """
    g = 0
    while k**g < GROUP_CODES:
        g += 1
    return g if k**g == GROUP_CODES and not faces and g <= low else 0


def _spread(masks: np.ndarray) -> np.ndarray:
    """Bit ``i`` of each mask moved to bit ``2 i`` (the low bit of slot ``i`` of two-bit marks)."""
    spread = np.zeros(masks.shape, dtype=np.uint32)
    for i in range(GROUP_CODES):
        spread |= ((masks >> i & 1) << 2 * i).astype(np.uint32)
    return spread


def _group_tables(k: int, n: int, g: int, low: int, src: np.ndarray, dst: np.ndarray) -> tuple[np.ndarray, ...]:
    """The tables of :class:`MoveTables` for groups of ``k**g`` codes (empty when ``g == 0``)."""
    pairs = len(src)
    if not g:
        return (np.zeros((2, 256), np.uint32), np.zeros(pairs, np.uint32), np.zeros(1, np.int64),
                np.zeros((1, pairs), np.int64), np.zeros((1, pairs), np.int64), np.zeros(1, np.int64))
    tops, _ = _tops(g, k, 0, _NONE)  # (16, k)
    codes = np.arange(GROUP_CODES)
    children = np.zeros(GROUP_CODES, dtype=np.int64)  # bit mask of each code's children in the group
    free = np.zeros(pairs, dtype=np.int64)
    for q, (a, b) in enumerate(zip(src.tolist(), dst.tolist())):
        moves = (tops[:, a] != _NONE) & (tops[:, a] < tops[:, b])
        child = codes + (b - a) * k ** np.minimum(tops[:, a], g)
        children |= np.where(moves, 1 << np.where(moves, child, 0), 0)
        free[q] = int(((tops[:, a] == _NONE) & (tops[:, b] == _NONE)) @ (1 << codes))
    halves = np.arange(256)
    inner = np.zeros((2, 256), dtype=np.int64)
    for i in range(8):
        inner[0] |= np.where(halves >> i & 1, children[i], 0)
        inner[1] |= np.where(halves >> i & 1, children[8 + i], 0)
    mid_tops, _ = _tops(low - g, k, g, _NONE)  # (k**(low - g), k)
    mids = mid_tops.shape[0]
    count = np.zeros(mids, dtype=np.int64)
    pair = np.zeros((mids, pairs), dtype=np.int64)
    step = np.zeros((mids, pairs), dtype=np.int64)
    for q, (a, b) in enumerate(zip(src.tolist(), dst.tolist())):
        mover, under = mid_tops[:, a], mid_tops[:, b]
        rows = np.flatnonzero((mover != _NONE) & (mover < under))
        pair[rows, count[rows]] = q
        step[rows, count[rows]] = (b - a) * k ** (mover[rows] - g)
        count[rows] += 1
    empty = ((mid_tops == _NONE) << np.arange(k)).sum(axis=1).astype(np.int64)
    return _spread(inner), _spread(free), count, pair, step, empty
