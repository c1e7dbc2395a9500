"""The search's kernels: compiled loops over codes, reading the tables of moves of :mod:`hanoikit.positions`.

A position's moves come from two places. The moves of its ``L`` smallest disks are listed, code deltas ready, for
each value of the code's low index (its ``L`` lowest digits and colour bits): a position looks them up and adds. The
larger disks are constant across a run of codes, so the tops of the posts among them are computed once a run, and
the only other moves (a larger disk from a post empty of small disks onto another) are tried for the few pairs of
posts the low index leaves empty.

The frontier search keeps two bits per code: :data:`UNVISITED`, :data:`DONE`, or the current or the next layer, which
take turns between the values 2 and 3 (the next layer's value is ``5 - current``). Expanding a layer marks each
unvisited child with the next layer's value and the layer's positions done, so no pass over the rows is needed
between layers; every move keeps its direction, so directed move rules are searched as they are. A block's current
layer is found a 64-bit word (32 codes) at a time. Small members are searched in memory instead, with a distance per
code (:func:`distances`).

The kernels are compiled with numba (on first use, then loaded from numba's cache).

>>> import numpy as np
>>> row = np.zeros(8, dtype=np.uint8)
>>> bool(mark(row, 5, 2)), bool(mark(row, 5, 3)), int(state_of(row, 5)), row[:2].tolist()
(True, False, 2, [0, 8])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros  # type: ignore[import-not-found, unused-ignore]

from .._jit import njit as _njit
from ..positions import FACES, GROUP, KLOG, PAIRS, PLOG, ROWS, ROWSLOG, SHIFT, K, M, N, P, S

__all__ = [
    "DONE", "UNVISITED", "distances", "expand_block", "list_layer", "list_moves", "mark", "mark_codes", "meet",
    "mirror_meets", "run_narrow", "state_of",
]

UNVISITED = 0
"""The two-bit mark of a position not reached yet."""
DONE = 1
"""The two-bit mark of a position reached in an earlier layer."""

_tz: Any = trailing_zeros  # the count of trailing zero bits of a word, one instruction
_ODD = np.uint64(0x5555555555555555)  # the low bit of every two-bit slot of a word
_ONE = np.uint64(1)
_LOW32 = np.uint32(0x55555555)  # the same in a group's 32 bits
_M1 = np.uint32(0x33333333)
_M2 = np.uint32(0x0F0F0F0F)
_M3 = np.uint32(0x00FF00FF)
_M4 = np.uint32(0x0000FFFF)
_BYTE = np.uint32(255)


def _jit(function: Callable[..., Any]) -> Callable[..., Any]:
    return _njit(cache=True, nogil=True, error_model="numpy")(function)  # type: ignore[no-any-return, unused-ignore]


def _inline(function: Callable[..., Any]) -> Callable[..., Any]:
    """A compiled helper of the innermost loops, inlined into its callers."""
    return _njit(inline="always", nogil=True, error_model="numpy")(function)  # type: ignore[no-any-return, unused-ignore]


@_jit
def state_of(row: np.ndarray, code: int) -> int:
    """The two-bit value of ``code`` in ``row``."""
    return int((row[code >> 2] >> ((code & 3) << 1)) & 3)


@_jit
def mark(row: np.ndarray, code: int, value: int) -> bool:
    """Give ``code`` the value ``value`` if it is unvisited; whether it was."""
    j = code >> 2
    shift = (code & 3) << 1
    byte = row[j]
    if (byte >> shift) & 3 != 0:
        return False
    row[j] = byte | (value << shift)
    return True


@_jit
def _finish(row: np.ndarray, code: int) -> None:
    j = code >> 2
    shift = (code & 3) << 1
    row[j] = (row[j] & (255 ^ (3 << shift))) | (DONE << shift)


@_jit
def _block_tops(block: int, geo: np.ndarray, btop: np.ndarray, bcnt: np.ndarray) -> None:
    """The top large disk of each post of ``block`` (numbered from ``s``; ``n`` when none) and how many, at most 2."""
    k, n, s = geo[K], geo[N], geo[S]
    for p in range(k):
        btop[p] = n
        bcnt[p] = 0
    rest = block
    shift = geo[KLOG]
    for j in range(geo[M]):
        if shift >= 0:
            p = rest & (k - 1)
            rest >>= shift
        else:
            p = rest % k
            rest //= k
        if btop[p] == n:
            btop[p] = s + j
        if bcnt[p] < 2:
            bcnt[p] += 1


@_jit
def _run_tops(hi: int, geo: np.ndarray, high_top: np.ndarray, high_cnt: np.ndarray, btop: np.ndarray,
              bcnt: np.ndarray, htop: np.ndarray) -> int:
    """The top of each post among the disks above the low ones (``n`` if none) for the high part ``hi``, into
    ``htop``; returns the posts holding such a disk (bits 0..k-1) and those holding exactly one (bits k..2k-1)."""
    k, n = geo[K], geo[N]
    held = 0
    for p in range(k):
        t = high_top[hi, p]
        htop[p] = t if t != n else btop[p]
        c = high_cnt[hi, p] + bcnt[p]
        if c > 0:
            held |= 1 << p
        if c == 1:
            held |= 1 << (k + p)
    return held


@_jit
def _colour_step(f: int, d: int, a: int, b: int, own_b: int, bits: int, held: int) -> int:
    """The change of the code by a move of a low disk from post ``a`` to ``b`` listed with the flags ``f`` and the
    change ``d``, once the colours that depend on the larger disks are known (``held``: the posts holding one, see
    :func:`_run_tops`); 0 if they refuse it."""
    up = (bits >> a) & 1
    if f & 1:  # no low disk under it: the post shows its top larger disk's colour, or its own
        shown = (bits >> b) & 1 if (held >> b) & 1 else own_b
        if shown == up:
            return 0
    if f & 2 and not (held >> a) & 1:  # it leaves its post empty: no colour there
        d -= up << a
    return d


@_jit
def _moves(local: int, block: int, held: int, htop: np.ndarray, t: Any, cb: np.ndarray, cl: np.ndarray,
           cd: np.ndarray, cq: np.ndarray) -> int:
    """The moves out of the code ``local`` of ``block`` (whose run has ``htop`` and ``held``): each child's block,
    local code, disk and pair into ``cb``, ``cl``, ``cd``, ``cq``; their number."""
    geo, low_count, low_delta, low_flag, low_disk, low_empty = t[0], t[1], t[2], t[3], t[4], t[5]
    empty_pairs, powers, src, dst, own = t[8], t[9], t[10], t[11], t[12]
    rows_log = geo[ROWSLOG]
    lo = local & (geo[ROWS] - 1) if rows_log >= 0 else local % geo[ROWS]
    bits = local & ((1 << geo[SHIFT]) - 1)
    count = 0
    for j in range(low_count[lo]):
        f = low_flag[lo, j]
        d = low_delta[lo, j]
        q = f >> 2
        if f & 3:
            d = _colour_step(f, d, src[q], dst[q], own[dst[q]], bits, held)
            if d == 0:
                continue
        cb[count] = block
        cl[count] = local + d
        cd[count] = low_disk[lo, j]
        cq[count] = q
        count += 1
    made: int = _high_moves(
        local, lo, block, held, htop, geo, low_empty, empty_pairs, powers, src, dst, own, cb, cl, cd, cq, count
    )
    return made


@_inline
def _high_pair(pairs: np.ndarray, e: int, i: int, src: np.ndarray, dst: np.ndarray, htop: np.ndarray) -> tuple[
    int, int, int, int, int
]:
    """The ``i``-th pair ``q`` of posts between which a larger disk may move, with no smaller disk on either (``e``:
    which posts have none; ``pairs``: the pairs of each such set), its posts ``a`` and ``b`` and their tops among the
    larger disks (``htop``): the move is legal if the first is the smaller."""
    q = pairs[e, 1 + i]
    a = src[q]
    b = dst[q]
    return q, a, b, htop[a], htop[b]


@_jit
def _high_moves(local: int, lo: int, block: int, held: int, htop: np.ndarray, geo: np.ndarray, low_empty: np.ndarray,
                empty_pairs: np.ndarray, powers: np.ndarray, src: np.ndarray, dst: np.ndarray, own: np.ndarray,
                cb: np.ndarray, cl: np.ndarray, cd: np.ndarray, cq: np.ndarray, count: int) -> int:
    """The moves of :func:`_moves` that carry a disk above the low ones (between posts empty of low disks), written
    from ``count`` on; the new count."""
    k, n, s, shift, faces = geo[K], geo[N], geo[S], geo[SHIFT], geo[FACES]
    bits = local & ((1 << shift) - 1)
    e = low_empty[lo]
    for i in range(empty_pairs[e, 0]):
        q, a, b, ta, tb = _high_pair(empty_pairs, e, i, src, dst, htop)
        if ta >= tb:
            continue
        d = 0
        if faces:
            up = (bits >> a) & 1
            shown = own[b] if tb == n else (bits >> b) & 1
            if shown == up:
                continue
            after = (bits & ~(1 << b)) | ((1 - up) << b)
            if (held >> (k + a)) & 1:
                after &= ~(1 << a)
            d = after - bits
        if ta < s:
            cb[count] = block
            cl[count] = local + d + (((b - a) * powers[ta]) << shift)
        else:
            cb[count] = block + (b - a) * powers[ta - s]
            cl[count] = local + d
        cd[count] = ta
        cq[count] = q
        count += 1
    return count


@_jit
def _high(local: int, geo: np.ndarray) -> int:
    rows_log = geo[ROWSLOG]
    return int(local >> rows_log if rows_log >= 0 else local // geo[ROWS])


@_inline
def _count(x: Any) -> int:
    """The number of set bits of ``x`` (32 bits, set at even places only)."""
    x = (x & _M1) + ((x >> np.uint32(2)) & _M1)
    x = (x + (x >> np.uint32(4))) & _M2
    return int(((x * np.uint32(0x01010101)) >> np.uint32(24)) & _BYTE)


@_inline
def _mark_group(halves: np.ndarray, at: int, marks: Any, following: int) -> int:
    """Give the unvisited codes among ``marks`` (low bits of two-bit slots) of group ``at`` the value ``following``;
    their number."""
    y = halves[at]
    fresh = marks & ~(y | (y >> np.uint32(1)))
    halves[at] = y | (fresh << np.uint32(1)) | (fresh * np.uint32(following & 1))
    made: int = _count(fresh)
    return made


@_inline
def _expand_group(halves: np.ndarray, at: int, cur: Any, mid: int, block: int, following: int, geo: np.ndarray,
                  t: tuple[np.ndarray, ...], htop: np.ndarray, cross: np.ndarray, crossed: int) -> tuple[int, int]:
    """Expand the codes ``cur`` (low bits of two-bit slots) of group ``at`` of ``block``: the moves of the group's
    disks inside it, those of the next disks (``mid``: their digits) to the same codes of another group, found in
    tables, and those of a larger disk (``htop``: the tops of the posts among them) between posts with none of the
    others, to another group or another block (listed in ``cross``). ``t``: the tables' arrays it reads, unpacked
    once by the caller."""
    inner, free, count, pair, step, empty, pairs, powers, src, dst = t
    g, s, size = geo[GROUP], geo[S], geo[P]
    c = cur  # its slots' low bits gathered into 16 bits
    c = (c | (c >> np.uint32(1))) & _M1
    c = (c | (c >> np.uint32(2))) & _M2
    c = (c | (c >> np.uint32(4))) & _M3
    c = (c | (c >> np.uint32(8))) & _M4
    listed = _mark_group(halves, at, inner[0, c & _BYTE] | inner[1, c >> np.uint32(8)], following)
    for j in range(count[mid]):
        listed += _mark_group(halves, at + step[mid, j], cur & free[pair[mid, j]], following)
    e = empty[mid]
    for i in range(pairs[e, 0]):
        q, a, b, mover, top = _high_pair(pairs, e, i, src, dst, htop)
        if mover >= top:
            continue
        marks = cur & free[q]
        if mover < s:
            listed += _mark_group(halves, at + (b - a) * powers[mover - g], marks, following)
        else:
            other = (block + (b - a) * powers[mover - s]) * size + at * 16
            while marks:
                cross[crossed] = other + (np.int64(_tz(marks)) >> 1)
                crossed += 1
                marks &= marks - np.uint32(1)
    return listed, crossed


@_jit
def _expand_groups(row: np.ndarray, block: int, value: int, codes: np.ndarray, dense: bool, start: int, target: int,
                   t: Any, cross: np.ndarray, out: np.ndarray) -> None:
    """:func:`expand_block` a group of codes at a time (see :data:`hanoikit.positions.GROUP_CODES`)."""
    geo = t[0]
    k, pairs = geo[K], geo[PAIRS]
    rows_log = geo[ROWSLOG]
    mid_mask = (1 << (rows_log - 4)) - 1  # a group's number within its run (a group is 16 = 2**4 codes)
    following = 5 - value
    btop = np.empty(k, np.int64)
    bcnt = np.empty(k, np.int64)
    htop = np.empty(k, np.int64)
    _block_tops(block, geo, btop, bcnt)
    halves = row.view(np.uint32)
    words = row.view(np.uint64)
    pattern = np.uint32(value) * _LOW32
    pattern64 = np.uint64(value) * _ODD
    arrays = (t[13], t[14], t[15], t[16], t[17], t[18], t[8], t[9], t[10], t[11])  # unpacked once: see _expand_group
    high_top, high_cnt = t[6], t[7]
    room = cross.size
    per_item = 32 * pairs
    items = words.size if dense else codes.size
    listed = out[0]
    crossed = out[1]
    run = -1
    out[3] = -1
    for item in range(start, items):
        if dense:  # the two groups of a word
            x = words[item] ^ pattern64
            both = ~(x | (x >> _ONE)) & _ODD
            first = item * 2
        else:
            code = np.int64(codes[item])
            first = code >> 4  # type: ignore[assignment]  # numba types both branches as int64
            y = halves[first] ^ pattern
            both = np.uint64(~(y | (y >> np.uint32(1))) & (np.uint32(1) << np.uint32(2 * (code & 15))))
        if both == 0:
            continue
        if crossed + per_item > room:
            out[3] = item
            break
        for half in range(2):
            cur = np.uint32(both & np.uint64(0xFFFFFFFF))
            both >>= np.uint64(32)
            if cur == 0:
                continue
            at = first + half
            hi = at >> (rows_log - 4)
            if hi != run:
                _run_tops(hi, geo, high_top, high_cnt, btop, bcnt, htop)
                run = hi
            made, crossed = _expand_group(halves, at, cur, at & mid_mask, block, following, geo, arrays, htop, cross,
                                          crossed)
            listed += made
            z = halves[at]  # the layer's positions are done
            halves[at] = (z & ~(cur | (cur << np.uint32(1)))) | cur
    out[0] = listed
    out[1] = crossed
    if target >= 0 and state_of(row, target) == following:
        out[2] = 1


@_jit
def expand_block(row: np.ndarray, block: int, value: int, codes: np.ndarray, dense: bool, start: int, target: int,
                 t: Any, cross: np.ndarray, out: np.ndarray) -> None:
    """Expand the positions of the current layer (``value``) in one block's ``row``, from ``codes`` or, if ``dense``,
    by scanning the row a word at a time, starting at item (or word) ``start``.

    Children in the block are marked with the next layer's value (:func:`list_layer` lists them); children in other
    blocks are written to ``cross`` as global codes. ``out`` receives: next-layer positions found, crossing
    children written, 1 if ``target`` (a local code) was found, and where to resume when ``cross`` filled up (-1 when
    done).
    """
    if t[0][GROUP]:
        _expand_groups(row, block, value, codes, dense, start, target, t, cross, out)
        return
    geo, low_count, low_delta, low_flag, low_empty = t[0], t[1], t[2], t[3], t[5]
    empty_pairs, powers, src, dst, own = t[8], t[9], t[10], t[11], t[12]
    k, pairs, size, faces = geo[K], geo[PAIRS], geo[P], geo[FACES]
    rows, rows_log, bit_mask = geo[ROWS], geo[ROWSLOG], (1 << geo[SHIFT]) - 1
    following = 5 - value
    btop = np.empty(k, np.int64)
    bcnt = np.empty(k, np.int64)
    htop = np.empty(k, np.int64)
    cb = np.empty(pairs, np.int64)
    cl = np.empty(pairs, np.int64)
    cd = np.empty(pairs, np.int64)
    cq = np.empty(pairs, np.int64)
    _block_tops(block, geo, btop, bcnt)
    room = cross.size
    per_item = 32 * pairs if dense else pairs
    items = (row.size >> 3) if dense else codes.size
    words = row.view(np.uint64)
    pattern = np.uint64(value) * _ODD
    listed = out[0]
    crossed = out[1]
    run = -1
    held = 0
    out[3] = -1
    for item in range(start, items):
        if dense:  # the slots of the word that hold ``value``, by the low bit of each
            x = words[item] ^ pattern
            hits = ~(x | (x >> _ONE)) & _ODD
            base = item * 32
        else:
            base = np.int64(codes[item])  # type: ignore[assignment]  # numba types both branches as int64
            hits = _ONE if state_of(row, base) == value else np.uint64(0)
        if hits == 0:
            continue
        if crossed + per_item > room:
            out[3] = item
            break
        left = hits
        while left:
            code = base + (np.int64(_tz(left)) >> 1)
            left &= left - _ONE
            lo = code & (rows - 1) if rows_log >= 0 else code % rows
            hi = code >> rows_log if rows_log >= 0 else code // rows
            if hi != run:
                held = _run_tops(hi, geo, t[6], t[7], btop, bcnt, htop)
                run = hi
            bits = code & bit_mask
            for j in range(low_count[lo]):
                d = low_delta[lo, j]
                if faces:
                    f = low_flag[lo, j]
                    if f & 3:
                        d = _colour_step(f, d, src[f >> 2], dst[f >> 2], own[dst[f >> 2]], bits, held)
                        if d == 0:
                            continue
                child = code + d  # a move of a low disk stays in the block
                byte_at = child >> 2
                shift = (child & 3) << 1
                byte = row[byte_at]
                fresh = ((byte >> shift) & 3) == 0  # marked without a branch: it is hard to predict
                row[byte_at] = byte | ((following * fresh) << shift)
                listed += fresh
            if empty_pairs[low_empty[lo], 0]:
                made = _high_moves(code, lo, block, held, htop, geo, low_empty, empty_pairs, powers, src, dst, own,
                                   cb, cl, cd, cq, 0)
                for i in range(made):
                    child = cl[i]
                    if cb[i] == block:
                        listed += mark(row, child, following)
                    else:
                        cross[crossed] = cb[i] * size + child
                        crossed += 1
        if dense:  # the layer's positions are done
            words[item] = (words[item] & ~(hits | (hits << _ONE))) | hits
        else:
            _finish(row, base)
    out[0] = listed
    out[1] = crossed
    if target >= 0 and state_of(row, target) == following:
        out[2] = 1


@_jit
def list_layer(row: np.ndarray, value: int, found: np.ndarray) -> int:
    """List the codes of ``row`` with the value ``value`` in ``found`` while it has room, scanning a word at a time;
    their number."""
    words = row.view(np.uint64)
    pattern = np.uint64(value) * _ODD
    listed = 0
    for item in range(words.size):
        x = words[item] ^ pattern
        hits = ~(x | (x >> _ONE)) & _ODD
        while hits:
            if listed < found.size:
                found[listed] = item * 32 + (np.int64(_tz(hits)) >> 1)
            listed += 1
            hits &= hits - _ONE
    return listed


@_inline
def _image_state(table: np.ndarray, code: int, bits: int, plog: int, mapped: np.ndarray) -> int:
    """The two-bit value of the image of the global ``code`` (``bits`` bits) under the renumbering of its 2-bit
    digits ``mapped`` (a byte at a time), in a table of blocks of ``2**plog`` codes."""
    image = 0
    rest = code
    for shift in range(0, bits, 8):
        image |= mapped[rest & 255] << shift
        rest >>= 8
    image &= (1 << bits) - 1
    found: int = state_of(table[image >> plog], image & ((1 << plog) - 1))
    return found


@_jit
def mirror_meets(table: np.ndarray, block: int, value: int, codes: np.ndarray, dense: bool, bits: int, plog: int,
                 mapped: np.ndarray) -> int:
    """Whether the image of a position of the layer with ``value`` is in that layer (bit 0) or done (bit 1): the
    positions of ``block``'s row (from ``codes``, local, or by scanning it if ``dense``) or, if ``block`` is -1, the
    global ``codes`` (see :mod:`hanoikit.frontier.mirror`)."""
    met = 0
    if dense:
        words = table[block].view(np.uint64)
        pattern = np.uint64(value) * _ODD
        for item in range(words.size):
            x = words[item] ^ pattern
            hits = ~(x | (x >> _ONE)) & _ODD
            while hits:
                code = (block << plog) + item * 32 + (np.int64(_tz(hits)) >> 1)
                hits &= hits - _ONE
                state = _image_state(table, code, bits, plog, mapped)
                met |= (state == value) | ((state == DONE) << 1)
        return met
    base = 0 if block < 0 else block << plog
    for item in range(codes.size):
        code = base + np.int64(codes[item])
        if state_of(table[code >> plog], code & ((1 << plog) - 1)) != value:
            continue
        state = _image_state(table, code, bits, plog, mapped)
        met |= (state == value) | ((state == DONE) << 1)
    return met


@_jit
def mark_codes(table: np.ndarray, codes: np.ndarray, value: int, size: int, marked: np.ndarray,
               dirty: np.ndarray) -> int:
    """Give each unvisited code of ``codes`` (global, ``size`` per block) the value ``value``; list them in
    ``marked`` and flag their blocks ``dirty``; their number."""
    count = 0
    for g in codes:
        block = g // size
        if mark(table[block], g - block * size, value):
            marked[count] = g
            count += 1
            dirty[block] = 1
    return count


@_jit
def run_narrow(table: np.ndarray, current: np.ndarray, spare: np.ndarray, count: int, value: int, target: int,
               max_layers: int, max_work: int, cap: int, t: Any, sizes: np.ndarray, dirty: np.ndarray,
               out: np.ndarray) -> np.ndarray:
    """Expand whole layers from the list ``current`` (``count`` global codes of the layer with ``value``) over the
    whole ``table``, until a layer is empty or has more than ``cap`` positions, or after ``max_layers`` layers or
    ``max_work`` expansions. ``spare`` has room for ``cap`` times the moves per position.

    Writes each layer's size to ``sizes`` and, in ``out``: the layers done, the last layer's size and value, and the
    number of the layer (from 1) in which ``target`` was found, 0 if not. Returns the array that lists the last layer.
    """
    geo = t[0]
    k, pairs, size, plog = geo[K], geo[PAIRS], geo[P], geo[PLOG]
    btop = np.empty(k, np.int64)
    bcnt = np.empty(k, np.int64)
    htop = np.empty(k, np.int64)
    cb = np.empty(pairs, np.int64)
    cl = np.empty(pairs, np.int64)
    cd = np.empty(pairs, np.int64)
    cq = np.empty(pairs, np.int64)
    layers = 0
    work = 0
    known = -1
    run = -1
    held = 0
    while True:
        following = 5 - value
        made_layer = 0
        for i in range(count):
            g = current[i]
            block = g >> plog if plog >= 0 else g // size
            local = g - block * size
            row = table[block]
            if state_of(row, local) != value:
                continue
            _finish(row, local)
            dirty[block] = 1
            if block != known:  # consecutive positions mostly share their block
                _block_tops(block, geo, btop, bcnt)
                known = block
                run = -1
            hi = _high(local, geo)
            if hi != run:
                held = _run_tops(hi, geo, t[6], t[7], btop, bcnt, htop)
                run = hi
            made = _moves(local, block, held, htop, t, cb, cl, cd, cq)
            for j in range(made):
                if mark(table[cb[j]], cl[j], following):
                    child = cb[j] * size + cl[j]
                    spare[made_layer] = child
                    made_layer += 1
                    dirty[cb[j]] = 1
                    if child == target:
                        out[3] = layers + 1
        work += count
        sizes[layers] = made_layer
        layers += 1
        current, spare = spare, current
        count = made_layer
        value = following
        if count == 0 or count > cap or layers >= max_layers or work >= max_work:
            break
    out[0] = layers
    out[1] = count
    out[2] = value
    return current


@_jit
def distances(t: Any, dist: np.ndarray, queue: np.ndarray, sizes: np.ndarray, state: np.ndarray, stop: int,
              max_work: int) -> None:
    """Breadth-first search in memory over a code space of one block (``m = 0``), with a distance per code in
    ``dist`` (-1 where not reached) and the positions in ``queue`` in the order found. ``state`` holds the queue's
    head and tail, the number of layers and (out) how many new layers' sizes were written to ``sizes``. It goes on
    from ``state`` and returns after about ``max_work`` expansions, or once the queue is empty or the layer of
    ``stop`` (-1: none) is complete."""
    geo = t[0]
    k, pairs = geo[K], geo[PAIRS]
    btop = np.empty(k, np.int64)
    bcnt = np.empty(k, np.int64)
    htop = np.empty(k, np.int64)
    cb = np.empty(pairs, np.int64)
    cl = np.empty(pairs, np.int64)
    cd = np.empty(pairs, np.int64)
    cq = np.empty(pairs, np.int64)
    _block_tops(0, geo, btop, bcnt)
    head, tail, layers = state[0], state[1], state[2]
    written = 0
    work = 0
    run = -1
    held = 0
    while head < tail and work < max_work:
        if stop >= 0 and dist[stop] >= 0 and dist[stop] < layers:
            break
        end = tail
        work += end - head
        depth = dist[queue[head]] + 1
        while head < end:
            code = np.int64(queue[head])
            head += 1
            hi = _high(code, geo)
            if hi != run:
                held = _run_tops(hi, geo, t[6], t[7], btop, bcnt, htop)
                run = hi
            made = _moves(code, 0, held, htop, t, cb, cl, cd, cq)
            for j in range(made):
                child = cl[j]
                if dist[child] < 0:
                    dist[child] = depth
                    queue[tail] = child
                    tail += 1
        if tail > end:
            sizes[written] = tail - end
            written += 1
            layers += 1
    state[0], state[1], state[2], state[3] = head, tail, layers, written


@_jit
def _layer_toward(t: Any, dist: np.ndarray, queue: np.ndarray, head: int, tail: int, other: np.ndarray,
                  tops: np.ndarray) -> tuple[int, int]:
    """Expand the layer ``queue[head:tail]`` of one side of a search from both ends; the new tail, and the shortest
    length of a path through a child the ``other`` side has reached (-1 if none)."""
    geo = t[0]
    pairs = geo[PAIRS]
    btop, bcnt, htop = tops[0], tops[1], tops[2]
    cb = np.empty(pairs, np.int64)
    cl = np.empty(pairs, np.int64)
    cd = np.empty(pairs, np.int64)
    cq = np.empty(pairs, np.int64)
    end = tail
    depth = dist[queue[head]] + 1
    best = -1
    run = -1
    held = 0
    for i in range(head, end):
        code = np.int64(queue[i])
        hi = _high(code, geo)
        if hi != run:
            held = _run_tops(hi, geo, t[6], t[7], btop, bcnt, htop)
            run = hi
        made = _moves(code, 0, held, htop, t, cb, cl, cd, cq)
        for j in range(made):
            child = cl[j]
            if dist[child] < 0:
                dist[child] = depth
                queue[tail] = child
                tail += 1
                if other[child] >= 0 and (best < 0 or depth + other[child] < best):
                    best = depth + other[child]
    return tail, best


@_jit
def meet(t: Any, source: int, target: int, ahead: np.ndarray, behind: np.ndarray, queue_a: np.ndarray,
         queue_b: np.ndarray) -> int:
    """The distance from ``source`` to ``target`` (-1 if none) over moves that can all be undone (a code space of one
    block), by breadth-first search from both ends, a whole layer of the smaller side at a time, until a layer
    reaches a position the other side has; the distances go to ``ahead`` and ``behind`` (-1 where not reached)."""
    if source == target:
        return 0
    k = t[0][K]
    tops = np.empty((3, k), np.int64)
    _block_tops(0, t[0], tops[0], tops[1])
    ahead[source] = 0
    behind[target] = 0
    queue_a[0] = source
    queue_b[0] = target
    head_a, tail_a, head_b, tail_b = 0, 1, 0, 1
    while head_a < tail_a and head_b < tail_b:
        if tail_a - head_a <= tail_b - head_b:
            end = tail_a
            tail_a, best = _layer_toward(t, ahead, queue_a, head_a, tail_a, behind, tops)
            head_a = end
        else:
            end = tail_b
            tail_b, best = _layer_toward(t, behind, queue_b, head_b, tail_b, ahead, tops)
            head_b = end
        if best >= 0:
            return int(best)
    return -1


@_jit
def list_moves(t: Any, codes: np.ndarray, parent: np.ndarray, child: np.ndarray, disk: np.ndarray,
               pair: np.ndarray) -> int:
    """Every legal move out of ``codes`` (a code space of one block): the index of its code, the child, the disk
    (0-based) and the pair index, into the arrays (room for ``pairs`` a code); their number."""
    geo = t[0]
    k, pairs = geo[K], geo[PAIRS]
    btop = np.empty(k, np.int64)
    bcnt = np.empty(k, np.int64)
    htop = np.empty(k, np.int64)
    cb = np.empty(pairs, np.int64)
    cl = np.empty(pairs, np.int64)
    cd = np.empty(pairs, np.int64)
    cq = np.empty(pairs, np.int64)
    _block_tops(0, geo, btop, bcnt)
    count = 0
    for i in range(codes.size):
        code = np.int64(codes[i])
        held = _run_tops(_high(code, geo), geo, t[6], t[7], btop, bcnt, htop)
        made = _moves(code, 0, held, htop, t, cb, cl, cd, cq)
        for j in range(made):
            parent[count] = i
            child[count] = cl[j]
            disk[count] = cd[j]
            pair[count] = cq[j]
            count += 1
    return count

