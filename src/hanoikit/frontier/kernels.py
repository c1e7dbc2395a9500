"""The frontier search's kernels: compiled loops over rows of two-bit codes.

Each code holds :data:`UNVISITED`, :data:`DONE`, or the current or the next layer, which take turns between the values
2 and 3 (the next layer's value is ``5 - current``). Expanding a position marks it done at once, and marks each
unvisited child with the next layer's value, so no pass over the rows is needed between layers; every move keeps its
direction, so directed move rules are searched as they are.

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
from numba import njit as _njit  # type: ignore[import-not-found, unused-ignore]  # numba ships no stubs

__all__ = ["DONE", "UNVISITED", "expand_block", "mark", "mark_codes", "run_narrow", "state_of"]

UNVISITED = 0
"""The two-bit mark of a position not reached yet."""
DONE = 1
"""The two-bit mark of a position reached in an earlier layer."""

# indices into Geometry.geo
_K, _N, _S, _SHIFT, _P, _L, _KL, _FACES, _PAIRS, _M, _KLOG, _KLLOG, _PLOG = range(13)
_ODD = np.uint64(0x5555555555555555)  # the low bit of every two-bit slot of a word
_ONE = np.uint64(1)


def _jit(function: Callable[..., Any]) -> Callable[..., Any]:
    return _njit(cache=True, nogil=True)(function)  # type: ignore[no-any-return, unused-ignore]


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
def _block_tops(block: int, geo: np.ndarray, top: np.ndarray, cnt: np.ndarray) -> None:
    """The top large disk of each post of ``block`` (numbered from ``s``; ``n`` when none) and how many, at most 2."""
    k, n, s = geo[_K], geo[_N], geo[_S]
    for p in range(k):
        top[p] = n
        cnt[p] = 0
    rest = block
    shift = geo[_KLOG]
    for j in range(geo[_M]):
        if shift >= 0:
            p = rest & (k - 1)
            rest >>= shift
        else:
            p = rest % k
            rest //= k
        if top[p] == n:
            top[p] = s + j
        if cnt[p] < 2:
            cnt[p] += 1


@_jit
def _children(
    local: int,
    block: int,
    geo: np.ndarray,
    low_top: np.ndarray,
    low_cnt: np.ndarray,
    high_top: np.ndarray,
    high_cnt: np.ndarray,
    powers: np.ndarray,
    src: np.ndarray,
    dst: np.ndarray,
    own: np.ndarray,
    btop: np.ndarray,
    bcnt: np.ndarray,
    top: np.ndarray,
    cnt: np.ndarray,
    out_block: np.ndarray,
    out_local: np.ndarray,
) -> int:
    """The positions one legal move away from ``local`` in ``block``, as (block, local code) pairs; their number."""
    k, n, s, shift = geo[_K], geo[_N], geo[_S], geo[_SHIFT]
    digits = local >> shift
    if geo[_KLLOG] >= 0:
        lo = digits & (geo[_KL] - 1)
        hi = digits >> geo[_KLLOG]
    else:
        hi = digits // geo[_KL]
        lo = digits - hi * geo[_KL]
    for p in range(k):
        t = np.int64(low_top[lo, p])
        if t != 255:
            top[p] = t
        else:
            t = np.int64(high_top[hi, p])
            top[p] = t + geo[_L] if t != 255 else btop[p]
        cnt[p] = np.int64(low_cnt[lo, p]) + np.int64(high_cnt[hi, p]) + bcnt[p]
    bits = local & ((1 << shift) - 1)
    count = 0
    for q in range(geo[_PAIRS]):
        a = src[q]
        b = dst[q]
        ta = top[a]
        if ta >= top[b]:
            continue
        after = bits
        if geo[_FACES]:
            up = (bits >> a) & 1  # the colour the mover shows, its bottom face once flipped
            shown = own[b] if top[b] == n else (bits >> b) & 1
            if shown == up:
                continue
            after = (after & ~(1 << b)) | ((1 - up) << b)
            if cnt[a] == 1:
                after &= ~(1 << a)
        if ta < s:
            out_block[count] = block
            out_local[count] = local + (((b - a) * powers[ta]) << shift) + after - bits
        else:
            out_block[count] = block + (b - a) * powers[ta - s]
            out_local[count] = local + after - bits
        count += 1
    return count


@_jit
def expand_block(
    row: np.ndarray,
    block: int,
    value: int,
    codes: np.ndarray,
    dense: bool,
    start: int,
    target: int,
    geo: np.ndarray,
    low_top: np.ndarray,
    low_cnt: np.ndarray,
    high_top: np.ndarray,
    high_cnt: np.ndarray,
    powers: np.ndarray,
    src: np.ndarray,
    dst: np.ndarray,
    own: np.ndarray,
    found: np.ndarray,
    cross: np.ndarray,
    out: np.ndarray,
) -> None:
    """Expand the positions of the current layer (``value``) in one block's ``row``, from ``codes`` or, if ``dense``,
    by scanning the row, starting at item (or word) ``start``.

    Children in the block are marked with the next layer's value and listed in ``found`` while it has room; children
    in other blocks are written to ``cross`` as global codes. ``out`` receives: next-layer positions found, crossing
    children written, 1 if ``target`` (a local code) was found, and where to resume when ``cross`` filled up (-1 when
    done).
    """
    k, pairs, size = geo[_K], geo[_PAIRS], geo[_P]
    following = 5 - value
    btop = np.empty(k, np.int64)
    bcnt = np.empty(k, np.int64)
    top = np.empty(k, np.int64)
    cnt = np.empty(k, np.int64)
    out_block = np.empty(pairs, np.int64)
    out_local = np.empty(pairs, np.int64)
    _block_tops(block, geo, btop, bcnt)
    room = cross.size
    items = (row.size >> 3) if dense else codes.size
    words = row.view(np.uint64)
    pattern = np.uint64(value) * _ODD
    out[3] = -1
    for item in range(start, items):
        if dense:
            x = words[item] ^ pattern  # a slot holding ``value`` reads 00
            if ((x | (x >> _ONE)) & _ODD) == _ODD:
                continue
            first, last = item * 32, min(item * 32 + 32, size)
            if out[1] + 32 * pairs > room:
                out[3] = item
                return
        else:
            first = np.int64(codes[item])  # type: ignore[assignment]  # numba types both branches as int64
            last = first + 1
            if out[1] + pairs > room:
                out[3] = item
                return
        for code in range(first, last):
            if state_of(row, code) != value:
                continue
            _finish(row, code)
            made = _children(
                code, block, geo, low_top, low_cnt, high_top, high_cnt, powers, src, dst, own, btop, bcnt, top, cnt,
                out_block, out_local,
            )
            for i in range(made):
                child = out_local[i]
                if out_block[i] == block:
                    if mark(row, child, following):
                        if out[0] < found.size:
                            found[out[0]] = child
                        out[0] += 1
                        if child == target:
                            out[2] = 1
                else:
                    cross[out[1]] = out_block[i] * size + child
                    out[1] += 1


@_jit
def mark_codes(
    table: np.ndarray, codes: np.ndarray, value: int, size: int, marked: np.ndarray, dirty: np.ndarray
) -> int:
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
def run_narrow(
    table: np.ndarray,
    current: np.ndarray,
    spare: np.ndarray,
    count: int,
    value: int,
    target: int,
    max_layers: int,
    max_work: int,
    cap: int,
    geo: np.ndarray,
    low_top: np.ndarray,
    low_cnt: np.ndarray,
    high_top: np.ndarray,
    high_cnt: np.ndarray,
    powers: np.ndarray,
    src: np.ndarray,
    dst: np.ndarray,
    own: np.ndarray,
    sizes: np.ndarray,
    dirty: np.ndarray,
    out: np.ndarray,
) -> np.ndarray:
    """Expand whole layers from the list ``current`` (``count`` global codes of the layer with ``value``) over the
    whole ``table``, until a layer is empty or has more than ``cap`` positions, or after ``max_layers`` layers or
    ``max_work`` expansions. ``spare`` has room for ``cap`` times the moves per position.

    Writes each layer's size to ``sizes`` and, in ``out``: the layers done, the last layer's size and value, and the
    number of the layer (from 1) in which ``target`` was found, 0 if not. Returns the array that lists the last layer.
    """
    k, pairs, size = geo[_K], geo[_PAIRS], geo[_P]
    btop = np.empty(k, np.int64)
    bcnt = np.empty(k, np.int64)
    top = np.empty(k, np.int64)
    cnt = np.empty(k, np.int64)
    out_block = np.empty(pairs, np.int64)
    out_local = np.empty(pairs, np.int64)
    layers = 0
    work = 0
    known = -1
    while True:
        following = 5 - value
        made_layer = 0
        for i in range(count):
            g = current[i]
            block = g >> geo[_PLOG] if geo[_PLOG] >= 0 else g // size
            local = g - block * size
            row = table[block]
            if state_of(row, local) != value:
                continue
            _finish(row, local)
            dirty[block] = 1
            if block != known:  # consecutive positions mostly share their block
                _block_tops(block, geo, btop, bcnt)
                known = block
            made = _children(
                local, block, geo, low_top, low_cnt, high_top, high_cnt, powers, src, dst, own, btop, bcnt, top, cnt,
                out_block, out_local,
            )
            for j in range(made):
                if mark(table[out_block[j]], out_local[j], following):
                    child = out_block[j] * size + out_local[j]
                    spare[made_layer] = child
                    made_layer += 1
                    dirty[out_block[j]] = 1
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
