"""The component of a position as a compact graph: its positions numbered 0, 1, ... (by increasing code), its moves
as compressed rows of neighbours (CSR, int32), and a compiled breadth-first search on them.

A search of the code space (:mod:`hanoikit.frontier`) sweeps every code at each layer; on a graph whose positions
are few, or whose layers are many (the magnetic tower's colours double the distances), a search that visits each
position once along the rows is faster. The rows are built once, from the moves of :mod:`hanoikit.frontier.memory`
(the same compiled kernels), and serve every search of :func:`hanoikit.search.diameter`.

>>> from hanoikit import Puzzle
>>> from hanoikit.positions import code_space
>>> p = Puzzle(2, posts=4)
>>> graph = build(p, np.ones(code_space(p), dtype=bool))
>>> graph.size, graph.edges, distances(graph, 0).tolist() == [0, 1, 1, 1, 3, 3, 2, 2, 3, 2, 3, 2, 3, 2, 2, 3]
(16, 72, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros  # type: ignore[import-not-found, unused-ignore]

from ._jit import njit as _njit
from .errors import InvalidArgumentError
from .positions import code_space
from .puzzle import Puzzle

__all__ = ["WIDTH", "Graph", "build", "distances", "many_distances", "reversed_graph"]

WIDTH = 64
"""The most sources :func:`many_distances` searches from at once (a bit each in a 64-bit word per position)."""

_CHUNK = 1 << 17  # codes whose moves are listed at a time (a dozen int64 arrays of chunk x pairs)
_tz: Any = trailing_zeros
_ONE = np.uint64(1)
_ALL = np.uint64(0xFFFFFFFFFFFFFFFF)


class Graph(NamedTuple):
    """A graph on positions ``0 .. size - 1``: position ``v`` is the code ``codes[v]`` and its moves lead to
    ``indices[indptr[v]:indptr[v + 1]]``."""

    codes: np.ndarray  # int64, increasing
    indptr: np.ndarray  # int64, size + 1
    indices: np.ndarray  # int32

    @property
    def size(self) -> int:
        """How many positions."""
        return int(self.codes.size)

    @property
    def edges(self) -> int:
        """How many moves (a move and its reverse counted apart)."""
        return int(self.indices.size)

    def rank(self, code: int) -> int:
        """The number of the position with code ``code``; -1 if it is not one of the graph's."""
        where = int(np.searchsorted(self.codes, code))
        return where if where < self.codes.size and int(self.codes[where]) == code else -1

    def ranks(self, codes: np.ndarray) -> np.ndarray:
        """The numbers of ``codes``, every one a position of the graph."""
        return np.searchsorted(self.codes, codes)


def _jit(function: Callable[..., Any]) -> Callable[..., Any]:
    return _njit(cache=True, nogil=True)(function)  # type: ignore[no-any-return, unused-ignore]


@_jit
def _bfs(indptr: np.ndarray, indices: np.ndarray, source: int, dist: np.ndarray, queue: np.ndarray) -> int:
    """Fill ``dist`` (all -1 on entry) with the distance of each position from ``source``; return how many were
    reached."""
    dist[source] = 0
    queue[0] = source
    head, tail = 0, 1
    while head < tail:
        v = queue[head]
        head += 1
        d = dist[v] + 1
        for e in range(indptr[v], indptr[v + 1]):
            w = indices[e]
            if dist[w] < 0:
                dist[w] = d
                queue[tail] = w
                tail += 1
    return tail


def _byte_masks() -> np.ndarray:
    """``masks[b]``: a 64-bit word with byte ``i`` all ones where bit ``i`` of the byte ``b`` is set."""
    bits = (np.arange(256)[:, None] >> np.arange(8)) & 1
    found: np.ndarray = (bits.astype(np.uint64) * np.uint64(0xFF) << (np.arange(8, dtype=np.uint64) * np.uint64(8)))
    summed: np.ndarray = found.sum(axis=1, dtype=np.uint64)
    return summed


_MASKS = _byte_masks()


@_jit
def _bfs_many(indptr: np.ndarray, indices: np.ndarray, sources: np.ndarray, table: np.ndarray, ecc: np.ndarray,
              masks: np.ndarray) -> None:
    """Breadth-first searches from every ``sources[j]`` at once on an undirected graph, bit ``j`` of a word per
    position: each layer, a position not yet reached by every source takes the bits of its neighbours' last layer
    that it has not seen (a pass along the rows, no branch per source), and writes the layer's number into the
    bytes of its row of ``table`` that the new bits select, eight at a time (``masks``). Writes ``ecc[j]``."""
    size = indptr.size - 1
    k = sources.size
    words = table.view(np.uint64)  # a row of 64 distances is eight words
    full = _ALL if k == 64 else (_ONE << np.uint64(k)) - _ONE
    cur = np.zeros(size, np.uint64)
    nxt = np.zeros(size, np.uint64)
    seen = np.zeros(size, np.uint64)
    for j in range(k):
        s = sources[j]
        bit = _ONE << np.uint64(j)
        cur[s] |= bit
        seen[s] |= bit
        table[s, j] = 0
        ecc[j] = 0
    t = 0
    while True:
        t += 1
        spread = np.uint64(t) * np.uint64(0x0101010101010101)
        layer = np.uint64(0)
        for v in range(size):
            s = seen[v]
            if s == full:
                nxt[v] = 0
                continue
            acc = np.uint64(0)
            for e in range(indptr[v], indptr[v + 1]):
                acc |= cur[indices[e]]
            new = acc & ~s
            nxt[v] = new
            if new:
                seen[v] = s | new
                layer |= new
                for i in range(8):
                    m = masks[(new >> np.uint64(8 * i)) & np.uint64(255)]
                    words[v, i] = (words[v, i] & ~m) | (spread & m)
        if layer == 0:
            return
        x = layer
        while x:
            ecc[np.int64(_tz(x))] = t
            x &= x - _ONE
        cur, nxt = nxt, cur


@_jit
def _farthest(table: np.ndarray, ecc: np.ndarray, far: np.ndarray) -> None:
    """``far[j]``: a position at distance ``ecc[j]`` in column ``j`` of ``table``."""
    for w in range(table.shape[0]):
        for j in range(ecc.size):
            if table[w, j] == ecc[j]:
                far[j] = w


@_jit
def _transpose(indptr: np.ndarray, indices: np.ndarray, counts: np.ndarray, out: np.ndarray) -> None:
    """The rows of the reversed graph: ``counts`` (their starts, size + 1) filled, then ``out``."""
    for e in range(indices.size):
        counts[indices[e] + 1] += 1
    for v in range(counts.size - 1):
        counts[v + 1] += counts[v]
    place = counts[:-1].copy()
    for v in range(indptr.size - 1):
        for e in range(indptr[v], indptr[v + 1]):
            w = indices[e]
            out[place[w]] = v
            place[w] += 1


def build(puzzle: Puzzle, inside: np.ndarray) -> Graph:
    """The graph of the positions ``inside`` (a boolean array over ``puzzle``'s code space, legal positions only)
    and the moves among them (a move that leaves them is left out)."""
    from .frontier import memory  # the compiled kernels load on first use

    codes = np.flatnonzero(inside).astype(np.int64)
    rank = np.full(code_space(puzzle), -1, dtype=np.int32)
    rank[codes] = np.arange(codes.size, dtype=np.int32)
    counts = np.zeros(codes.size + 1, dtype=np.int64)
    parts = []
    for low in range(0, codes.size, _CHUNK):
        found = memory.moves(puzzle, codes[low : low + _CHUNK])
        child = rank[found.child]
        kept = child >= 0
        parts.append(child[kept])
        counts[low + 1 : low + 1 + min(_CHUNK, codes.size - low)] = np.bincount(
            found.parent[kept], minlength=min(_CHUNK, codes.size - low)
        )
    del rank
    indices = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int32)
    return Graph(codes, np.cumsum(counts), indices.astype(np.int32, copy=False))


def reversed_graph(graph: Graph) -> Graph:
    """The graph with every move reversed (the searches to a position rather than from it).

    >>> g = Graph(np.arange(3), np.array([0, 1, 2, 3]), np.array([1, 2, 0], dtype=np.int32))  # a directed cycle
    >>> reversed_graph(g).indices.tolist()
    [2, 0, 1]
    """
    counts = np.zeros(graph.size + 1, dtype=np.int64)
    out = np.empty(graph.edges, dtype=np.int32)
    _transpose(graph.indptr, graph.indices, counts, out)
    return Graph(graph.codes, counts, out)


def distances(graph: Graph, source: int, kind: type[np.signedinteger[Any]] = np.int16) -> np.ndarray:
    """The distance of every position of ``graph`` from position ``source`` (-1 where not reached), in an array of
    ``kind`` (values that do not fit wrap: see :func:`hanoikit.distance_arrays.distance_type`)."""
    found = np.full(graph.size, -1, dtype=kind)
    queue = np.empty(graph.size, dtype=np.int32)
    _bfs(graph.indptr, graph.indices, source, found, queue)
    return found


def many_distances(graph: Graph, sources: Sequence[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Breadth-first searches from up to :data:`WIDTH` positions at once on an undirected ``graph`` (every move can
    be undone) whose distances are below 255: a table of distances (uint8, a row per position, a column per
    source), the sources' eccentricities and a position that far from each. Each layer is one pass along the rows
    for all the sources; it pays where the layers are few against the sources (one pass a layer, where
    :func:`distances` visits each position once).

    >>> from hanoikit import Puzzle
    >>> g = build(Puzzle(3), np.ones(27, dtype=bool))
    >>> table, ecc, far = many_distances(g, [0, 26])
    >>> ecc.tolist(), table[26].tolist(), bool((table[:, 0] == distances(g, 0)).all())
    ([7, 7], [7, 0], True)
    """
    chosen = np.asarray(sources, dtype=np.int64)
    if not 1 <= chosen.size <= WIDTH:
        raise InvalidArgumentError(f"searches from 1 to {WIDTH} positions at once, not {chosen.size}")
    table = np.full((graph.size, WIDTH), 255, dtype=np.uint8)  # whole rows of eight words
    ecc = np.zeros(chosen.size, dtype=np.int64)
    far = np.zeros(chosen.size, dtype=np.int64)
    _bfs_many(graph.indptr, graph.indices, chosen, table, ecc, _MASKS)
    _farthest(table, ecc, far)
    return table[:, : chosen.size], ecc, far
