"""Breadth-first heuristic search from both ends, keeping only its frontier in memory: the heuristic solver's exact
answers in memory that grows with the widest layers, not with every position seen.

Each end searches breadth first, a layer (one depth) at a time (Zhou and Hansen, *Breadth-first heuristic search*,
2006), and keeps a position of depth ``g`` only if ``g + h`` is at most a bound (``h``: the estimate towards the other
end, the tables of :mod:`hanoikit.solvers.heuristic`) and ``2g + h - h'`` (``h'``: back to its own root, the key of
the search from both ends, DIBBS) at most the bound plus 2 or 1 (:func:`shorter` says why no shortest path is lost).
Each new layer is compared with the other end's layers: a position both hold is a path, and the bound falls below it.
The first bound comes from beams (:func:`beam`): the same layers from each end, each cut to the positions of the
smallest estimates.

A layer is a sorted array of int64 entries, the position's code (:mod:`hanoikit.positions`) shifted left by
:data:`EXACT_BITS` per compressed table above the exact values of its compressed groups (a child's is its parent's
plus -1, 0 or 1, :mod:`hanoikit.solvers.mod3`). As every move can be undone, a child of layer ``g`` lies in layer
``g - 1``, ``g`` or ``g + 1``: the two last layers are all that duplicate detection reads (Korf's frontier search).
The earlier layers are read to compare with the other end's new ones and to recover the path (a position of layer
``g - 1`` next to the one found at ``g``, back to each root): up to :data:`LAYERS_IN_MEMORY` bytes of them in memory,
the older ones in files of a temporary directory, 8 bytes a position.

>>> from hanoikit import Puzzle
>>> p = Puzzle(10, posts=4)
>>> found = search(p, p.start, p.goal)
>>> len(found.path) - 1  # Frame-Stewart's 49, proven optimal on four posts
49
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from .._jit import njit as _njit
from ..errors import TooLargeError, UnsolvableError
from ..limits import MAX_HEURISTIC_NODES
from ..puzzle import Puzzle
from ..state import State
from . import tower_search
from ._estimates import geometry, group_values, holders
from ._prefetch import prefetch
from ._tops import digit_width, top_disks
from .heuristic import Heuristic, SearchStats, both_ends

__all__ = ["BEAM_WIDTH", "EXACT_BITS", "LAYERS_IN_MEMORY", "beam", "search", "shorter"]

EXACT_BITS = 10
"""The bits of an entry per compressed group's exact value (distances below 1,024: 16 disks on four posts reach
at most a few hundred)."""

LAYERS_IN_MEMORY = 1 << 28
"""Bytes of an end's earlier layers kept in memory (256 MiB, 32 million positions) for the meeting checks and the
path; older layers are written to files."""

_CHUNK = 1 << 20
"""Positions of a layer expanded at once (their children, before the duplicates go, at most 12 million entries on
four posts)."""

BEAM_WIDTH = 1 << 12
"""The positions of a layer :func:`beam` keeps at first."""

_NOWHERE = 1 << 62
"""A bound that prunes nothing."""


def _jit(function: Callable[..., Any]) -> Callable[..., Any]:
    return _njit(cache=True, nogil=True)(function)  # type: ignore[no-any-return, unused-ignore]


@_njit(cache=True, nogil=True, inline="always")  # type: ignore[misc, unused-ignore]
def _child(code: int, bits: int, a: int, b: int, tops: np.ndarray, count: np.ndarray, n: int, shift: int, faces: int,
           own: np.ndarray, powers: np.ndarray) -> int:
    """The code after the top disk of post ``a`` moves onto post ``b`` (``tops``, ``count``: :func:`top_disks` of
    the position ``code``, face ``bits``), -1 if the move is not allowed."""
    mover, under = tops[a], tops[b]
    if mover >= under:  # no disk on a, or a larger one than b's top
        return -1
    child = code + (((b - a) * powers[mover]) << shift)
    if faces:
        color = (bits >> a) & 1
        target = own[b] if under == n else (bits >> b) & 1
        if target == color:
            return -1
        clear = (1 << b) | ((1 << a) if count[a] == 1 else 0)
        child = (child & ~clear) | ((1 - color) << b)
    return int(child)


@_jit
def _expand(
    geo: np.ndarray, own: np.ndarray, pairs: np.ndarray, powers: np.ndarray, groups: np.ndarray, ends: np.ndarray,
    place: np.ndarray, tables: np.ndarray, packed: np.ndarray, unreachable: int, layer: np.ndarray, depth: int,
    bound: int, limit: int, out: np.ndarray, estimates: np.ndarray,
) -> int:
    """Write to ``out`` the children of the entries of ``layer`` (at ``depth``) whose depth ``g`` and estimates
    towards the other end ``h`` (the splits whose ``ends`` is 0) and back to this end's root ``h'`` (``ends`` 1)
    keep ``g + h`` within ``bound`` and ``2g + h - h'`` within ``limit``, their ``h`` to ``estimates``; return how
    many. The moves and estimates are those of
    :func:`hanoikit.solvers.heuristic._expander`'s loop, written out again: as helpers shared with it, they cost
    that loop 10 to 90 % more time a position (benchmarks/bench_expand.py, 29 November 2026)."""
    n, k, shift, faces = geo[0], geo[1], geo[2], geo[3]
    slots = groups[:, 2].max() + 1
    xbits = EXACT_BITS * slots
    low, width, ngroups, npairs = (1 << shift) - 1, digit_width(k), groups.shape[0], pairs.shape[0]
    tops = np.empty(k, np.int64)
    count = np.empty(k, np.int64)
    gcount = np.empty((ngroups, k), np.int64)
    occupied = np.empty(ngroups, np.int64)
    proj = np.empty(ngroups, np.int64)
    value = np.empty(ngroups, np.int64)
    parts = groups[:, 1].max() + 1
    sums = np.empty(parts, np.int64)
    totals = np.empty(parts, np.int64)
    exact = np.zeros(max(1, slots), np.int16)
    carried = np.zeros(max(1, slots), np.int16)
    children = np.empty(npairs, np.int64)
    mine = holders(place)
    written = 0
    for i in range(layer.size):
        entry = layer[i]
        code = entry >> xbits
        for s in range(slots):
            exact[s] = (entry >> (EXACT_BITS * s)) & ((1 << EXACT_BITS) - 1)
        posts, bits = code >> shift, code & low
        top_disks(posts, k, n, width, tops, count)
        group_values(posts, bits, n, k, width, shift, groups, mine, place, tables, exact, gcount, occupied, proj,
                     value, sums)
        # the children's rows of the tables asked of memory at once, then read (heuristic._expand)
        for pair in range(npairs):
            children[pair] = child = _child(code, bits, pairs[pair, 0], pairs[pair, 1], tops, count, n, shift, faces,
                                            own, powers)
            if child >= 0:
                mover = tops[pairs[pair, 0]]
                for j in range(mine.shape[1]):
                    group = mine[mover, j]
                    if group < 0:
                        break
                    moved = proj[group] + (pairs[pair, 1] - pairs[pair, 0]) * place[group, mover]
                    if groups[group, 2] >= 0:
                        prefetch(packed, groups[group, 0] + (moved >> 2))
                    else:
                        prefetch(tables, groups[group, 0] + (moved << shift))
        for pair in range(npairs):
            child = children[pair]
            if child < 0:
                continue
            a, b = pairs[pair, 0], pairs[pair, 1]
            mover = tops[a]
            carried[:] = exact
            totals[:] = sums
            reachable = True
            for j in range(mine.shape[1]):
                group = mine[mover, j]
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
            ahead = behind = 0
            for part in range(parts):
                if ends[part]:
                    behind = max(behind, totals[part])
                else:
                    ahead = max(ahead, totals[part])
            if not reachable or depth + 1 + ahead > bound or 2 * (depth + 1) + ahead - behind > limit:
                continue
            kept = child << xbits
            for s in range(slots):
                kept |= np.int64(carried[s]) << (EXACT_BITS * s)
            out[written], estimates[written] = kept, ahead
            written += 1
    return written


@_jit
def _fresh(kids: np.ndarray, current: np.ndarray, previous: np.ndarray, along: np.ndarray) -> int:
    """Keep in place at the front of the sorted ``kids`` each entry once, if it is in neither sorted layer (and the
    same entries of ``along``, if it is not empty); return how many."""
    kept = i = j = 0
    for x in range(kids.size):
        entry = kids[x]
        if x and kids[x - 1] == entry:
            continue
        while i < current.size and current[i] < entry:
            i += 1
        while j < previous.size and previous[j] < entry:
            j += 1
        if (i < current.size and current[i] == entry) or (j < previous.size and previous[j] == entry):
            continue
        kids[kept] = entry
        if along.size:
            along[kept] = along[x]
        kept += 1
    return kept


@_jit
def _common(a: np.ndarray, a_bits: int, b: np.ndarray, b_bits: int) -> int:
    """A code found in both sorted layers (entries shifted by ``a_bits`` and ``b_bits``), -1 if none: each code of
    the smaller looked for in the larger, by halving from where the one before was."""
    if a.size > b.size:
        a, b, a_bits, b_bits = b, a, b_bits, a_bits
    lo = 0
    for i in range(a.size):
        code = a[i] >> a_bits
        key, hi = code << b_bits, b.size
        while lo < hi:
            mid = (lo + hi) >> 1
            if b[mid] < key:
                lo = mid + 1
            else:
                hi = mid
        if lo == b.size:
            return -1
        if b[lo] >> b_bits == code:
            return int(code)
    return -1


class _End:
    """One end of the search: the tables of both ends (``h.groups``' splits of ``ends`` 0 towards the other end, 1
    back to this end's root) and its layers, the last at ``len(layers) - 1``."""

    def __init__(self, puzzle: Puzzle, h: Heuristic, ends: np.ndarray, root: State, spill: Path | None) -> None:
        self.h, self.ends = h, ends
        self.slots = int(h.groups[:, 2].max()) + 1
        self.bits = EXACT_BITS * self.slots
        if (tower_search.code_space(puzzle) - 1).bit_length() + self.bits > 62:
            raise ValueError(f"the positions of {puzzle!r} do not fit an entry beside their exact values")
        values = h.values(puzzle, root)
        if values is None:
            raise UnsolvableError(f"{root} cannot reach the other end in {puzzle!r}")
        entry = tower_search.encode(puzzle, root) << self.bits
        sums = [0] * ends.size
        for value, (_, part, slot) in zip(values, h.groups.tolist(), strict=True):
            sums[part] += value
            if slot >= 0:
                entry |= value << (EXACT_BITS * slot)
        self.estimate = max(total for total, end in zip(sums, ends.tolist(), strict=True) if not end)
        self.layers: list[np.ndarray] = [np.array([entry], np.int64)]
        self.spill = spill
        self._files: tempfile.TemporaryDirectory[str] | None = None
        self._in_memory = 0

    def children(self, puzzle: Puzzle, layer: np.ndarray, depth: int, bound: int = _NOWHERE,
                 limit: int = _NOWHERE) -> tuple[np.ndarray, np.ndarray]:
        """The children of ``layer`` (at ``depth``) within ``bound`` and ``limit`` (:func:`_expand`), unsorted, with
        their estimates."""
        geo, own, pairs, powers = geometry(puzzle, 0)
        out = np.empty(layer.size * len(pairs), np.int64)
        estimates = np.empty(out.size, np.int16)
        written = _expand(geo, own, pairs, powers, self.h.groups, self.ends, self.h.place, self.h.tables,
                          self.h.packed, np.iinfo(self.h.tables.dtype).max, layer, depth, bound, limit, out,
                          estimates)
        return out[:written], estimates[:written]

    def advance(self, puzzle: Puzzle, bound: int, limit: int) -> np.ndarray:
        """The next layer: the children of the last within ``bound`` and ``limit`` in neither of the two last
        layers."""
        last = self.layers[-1]
        previous = self.layers[-2] if len(self.layers) > 1 else last[:0]
        parts = []
        for start in range(0, last.size, _CHUNK):
            kids = self.children(puzzle, last[start: start + _CHUNK], len(self.layers) - 1, bound, limit)[0]
            kids.sort()
            parts.append(kids[: _fresh(kids, last, previous, kids[:0])].copy())  # the children's buffer let go
        kids = np.concatenate(parts) if len(parts) > 1 else parts[0]
        if len(parts) > 1:
            kids.sort()
            kids = kids[: _fresh(kids, kids[:0], kids[:0], kids[:0])].copy()
        self.push(kids)
        return kids

    def push(self, layer: np.ndarray) -> None:
        """Add ``layer``, writing the oldest layers kept in memory to files past :data:`LAYERS_IN_MEMORY` bytes."""
        self.layers.append(layer)
        self._in_memory += self.layers[-3].nbytes if len(self.layers) > 2 else 0
        oldest = 0
        while self._in_memory > LAYERS_IN_MEMORY and oldest < len(self.layers) - 2:
            if not isinstance(self.layers[oldest], np.memmap):
                if self._files is None:
                    self._files = tempfile.TemporaryDirectory(prefix="hanoikit-layers-", dir=self.spill)
                path = Path(self._files.name) / f"{oldest}.npy"
                np.save(path, self.layers[oldest])
                self._in_memory -= self.layers[oldest].nbytes
                self.layers[oldest] = np.load(path, mmap_mode="r")
            oldest += 1

    def chain(self, puzzle: Puzzle, code: int, depth: int) -> list[int]:
        """The codes from ``code`` (in layer ``depth``) back to this end's root, a position of each layer."""
        layer = self.layers[depth]
        entry = int(layer[np.searchsorted(layer, code << self.bits)])
        found = [code]
        for above in range(depth - 1, -1, -1):
            layer = self.layers[above]
            kids = self.children(puzzle, np.array([entry], np.int64), above + 1)[0]
            at = np.searchsorted(layer, kids).clip(0, layer.size - 1)
            entry = int(kids[np.flatnonzero(layer[at] == kids)[0]])
            found.append(entry >> self.bits)
        return found

    def close(self) -> None:
        if self._files is not None:
            self._files.cleanup()


_Tables = tuple[Heuristic, np.ndarray]


def search(
    puzzle: Puzzle, src: State, dst: State, progress: bool = False, spill: str | Path | None = None,
    cache: bool = True, width: int = BEAM_WIDTH, max_nodes: int = MAX_HEURISTIC_NODES,
) -> SearchStats:
    """A shortest path from ``src`` to ``dst`` as codes, with the default tables of
    :mod:`~hanoikit.solvers.heuristic`: :func:`beam`'s path (of ``width``), kept if :func:`shorter` finds none
    shorter. ``stored`` counts the positions of the largest three last layers of an end held at once
    (:class:`~hanoikit.TooLargeError` past ``max_nodes``); ``spill``: where the earlier layers go past
    :data:`LAYERS_IN_MEMORY` (default: the system's temporary directory). Only where every move can be undone.

    >>> p = Puzzle(10, posts=4)
    >>> [len(search(p, p.start, p.goal, width=w).path) - 1 for w in (1, 1000)]  # a beam of 58 moves, then 49
    [49, 49]
    """
    if not puzzle.reversible:
        raise ValueError(f"a search from both ends needs moves that can be undone: not on {puzzle!r}")
    tables = both_ends(puzzle, src, dst, cache)
    known = _beam(puzzle, tables, src, dst, width)
    found = _shorter(puzzle, tables, src, dst, len(known) - 2, progress, spill, max_nodes)
    return found if found.path else found._replace(path=tuple(known))


def shorter(
    puzzle: Puzzle, src: State, dst: State, bound: int, progress: bool = False, spill: str | Path | None = None,
    cache: bool = True, max_nodes: int = MAX_HEURISTIC_NODES,
) -> SearchStats:
    """A shortest path from ``src`` to ``dst`` if one has at most ``bound`` moves, else an empty ``path``.

    Each end searches breadth first, the one whose last layer is smaller first, keeping a position of depth ``g`` if
    ``g + h`` is at most ``bound`` and ``2g + h - h'`` (``h`` towards the other end, ``h'`` back to its own root) at
    most ``bound + 2`` from the source, ``bound + 1`` from the goal, until its layer is empty or as deep as
    ``bound``. Each new layer ``i`` is compared with the other end's layers ``j`` up to ``bound - i``: a position of
    both is a path of ``i + j`` moves, and ``bound`` falls to one less. That key never falls along a shortest path
    (a move changes ``2g`` by 2 and each estimate by at most 1), rises by at most 4 a move, and its two values at a
    position of a path of ``d`` moves add up to ``2d``: along any path of at most ``bound`` moves the source's key
    passes one of the four values from ``2d - bound - 1`` to ``bound + 2``, where both ends keep the position, and
    the path before it from the source, after it from the goal (their keys are smaller). A bound that falls only
    tightens what is kept: the layers already made hold all they must.

    >>> p = Puzzle(6, posts=4)
    >>> [len(shorter(p, p.start, p.goal, bound=b).path) - 1 for b in (16, 17, 30)]
    [-1, 17, 17]
    """
    return _shorter(puzzle, both_ends(puzzle, src, dst, cache), src, dst, bound, progress, spill, max_nodes)


def _shorter(puzzle: Puzzle, tables: _Tables, src: State, dst: State, bound: int, progress: bool,
             spill: str | Path | None, max_nodes: int) -> SearchStats:
    source, goal = tower_search.encode(puzzle, src), tower_search.encode(puzzle, dst)
    if source == goal:
        return SearchStats((source,), 0, 1)
    h, towards = tables
    folder = None if spill is None else Path(spill)
    ends = [_End(puzzle, h, towards, src, folder), _End(puzzle, h, 1 - towards, dst, folder)]
    from ..search import progress_bar

    expanded = widest = 0
    best: tuple[int, int, int] | None = None  # the code where the shortest path known meets, its depth at each end
    try:
        with progress_bar(progress, tower_search.code_space(puzzle), f"layers from both ends {puzzle!r}",
                          "bound") as update:
            while True:
                open_ = [end for end in ends if end.layers[-1].size and len(end.layers) <= bound]
                if not open_:
                    break
                mine = min(open_, key=lambda end: end.layers[-1].size)
                side = ends.index(mine)
                other = ends[1 - side]
                expanded += mine.layers[-1].size
                layer = mine.advance(puzzle, bound, bound + 2 - side)
                widest = max(widest, sum(layer.size for layer in mine.layers[-3:]))
                if widest > max_nodes:
                    raise TooLargeError(f"the search that keeps only its frontier held {widest:,} positions at "
                                        f"once: at most {max_nodes:,} (MAX_HEURISTIC_NODES)")
                depth = len(mine.layers) - 1
                for there in range(min(len(other.layers), bound - depth + 1)):
                    code = _common(layer, mine.bits, np.asarray(other.layers[there]), other.bits)
                    if code >= 0:  # a path of depth + there moves: a shorter one is looked for
                        best = (code, depth, there) if side == 0 else (code, there, depth)
                        bound = depth + there - 1
                        break
                update(expanded, bound)
        if best is None:
            return SearchStats((), expanded, widest)
        code, i, j = best
        ahead, back = ends[0].chain(puzzle, code, i), ends[1].chain(puzzle, code, j)
        return SearchStats((*reversed(ahead), *back[1:]), expanded, widest)
    finally:
        for end in ends:
            end.close()


def beam(puzzle: Puzzle, src: State, dst: State, width: int = BEAM_WIDTH, cache: bool = True) -> list[int]:
    """A path from ``src`` to ``dst`` as codes, not always a shortest: layers from each end as :func:`search`'s, each
    cut to the ``width`` positions of the smallest estimates towards the other end, until one holds the other end;
    the shortest path through a position both ends' layers hold. The width is doubled while both fail (a layer
    empties or the path grows past four times the estimate at the start, plus 64 moves). Raises
    :class:`~hanoikit.UnsolvableError` if there is no path.

    >>> p = Puzzle(10, posts=4)
    >>> len(beam(p, p.start, p.goal, width=1)) - 1, len(beam(p, p.start, p.goal)) - 1  # 49 is the distance
    (76, 49)
    """
    return _beam(puzzle, both_ends(puzzle, src, dst, cache), src, dst, width)


def _beam(puzzle: Puzzle, tables: _Tables, src: State, dst: State, width: int) -> list[int]:
    h, towards = tables
    while True:
        ends = [_End(puzzle, h, towards, src, None), _End(puzzle, h, 1 - towards, dst, None)]
        found = [_narrow(puzzle, ends[0], dst, width), _narrow(puzzle, ends[1], src, width)]
        if any(found):
            return _shortest_join(puzzle, *(end if ok else _End(puzzle, h, end.ends, root, None)
                                            for end, ok, root in zip(ends, found, (src, dst), strict=True)))
        if width >= tower_search.code_space(puzzle):
            raise UnsolvableError(f"{str(dst)!r} cannot be reached from {str(src)!r} in {puzzle!r}")
        width *= 2


def _narrow(puzzle: Puzzle, end: _End, target: State, width: int) -> bool:
    """Add to ``end`` the layers of a beam of ``width`` up to one that holds ``target``; False if a layer empties or
    the path grows past four times the estimate at the start, plus 64 moves."""
    goal = tower_search.encode(puzzle, target)
    while not np.any(end.layers[-1] >> end.bits == goal):
        if len(end.layers) > 4 * end.estimate + 64:
            return False
        last = end.layers[-1]
        kids, estimates = end.children(puzzle, last, len(end.layers) - 1)
        order = np.argsort(kids)
        kids, estimates = kids[order], estimates[order]
        kept = _fresh(kids, last, end.layers[-2] if len(end.layers) > 1 else last[:0], estimates)
        kids, estimates = kids[:kept], estimates[:kept]
        if not kids.size:
            return False
        if kids.size > width:
            kids = np.sort(kids[np.argpartition(estimates, width)[:width]])
        end.layers.append(kids)
    return True


def _shortest_join(puzzle: Puzzle, ahead: _End, back: _End) -> list[int]:
    """The shortest path from ``ahead``'s root to ``back``'s through a position of a layer of each (one of them holds
    the other's root)."""
    codes = np.concatenate([layer >> back.bits for layer in back.layers])
    depths = np.concatenate([np.full(layer.size, j) for j, layer in enumerate(back.layers)])
    order = np.argsort(codes, kind="stable")  # a code's first place: its least depth
    codes, depths = codes[order], depths[order]
    best = None
    for i, layer in enumerate(ahead.layers):
        mine = layer >> ahead.bits
        at = np.searchsorted(codes, mine).clip(0, codes.size - 1)
        hit = np.flatnonzero(codes[at] == mine)
        if hit.size:
            k = hit[np.argmin(depths[at[hit]])]
            if best is None or i + depths[at[k]] < best[0]:
                best = (i + int(depths[at[k]]), int(mine[k]), i, int(depths[at[k]]))
    assert best is not None
    _, code, i, j = best
    return [*reversed(ahead.chain(puzzle, code, i)), *back.chain(puzzle, code, j)[1:]]
