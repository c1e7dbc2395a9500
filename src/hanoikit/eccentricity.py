"""Exact diameter and radius of a graph from few breadth-first searches: bounds on every eccentricity, tightened
search by search (Takes and Kosters' *bounding diameters*), on a graph given by its searches.

A search from ``v`` gives ``v``'s eccentricity ``e(v)`` exactly, and for every other vertex ``w`` (distances ``d``,
out-eccentricities where the edges are one-way: ``e(w)`` is the largest ``d(w, x)``)::

    max(d(w, v), e(v) - d(v, w))  <=  e(w)  <=  d(w, v) + e(v)

(``d(w, v) = d(v, w)`` on an undirected graph; on a directed one ``d(w, v)`` is a search backwards from ``v``). The
diameter is the largest eccentricity and the radius the smallest: the search stops when the largest upper bound is
an eccentricity found (the diameter) and the smallest lower bound one too (the radius). Each search starts from the
vertex with the largest upper bound or the smallest lower bound among those still in doubt, in turn.

A symmetry of the graph (an automorphism ``g``: ``d(g v, g w) = d(v, w)``) gives a search from every ``g v`` for the
price of one: the bounds hold for whole *orbits*, and are kept one per orbit (:func:`orbit_index`).

>>> import numpy as np
>>> path = [[1], [0, 2], [1, 3], [2, 4], [3]]  # a path of 5 vertices: diameter 4, radius 2 (the middle)
>>> found = extremes(np.arange(5), 5, np.arange(5), lambda v: adjacency_distances(path, v), None, 0)
>>> found.diameter, found.pair, found.radius, found.centre, found.searches
(4, (0, 4), 2, 2, 2)

References: F. W. Takes and W. A. Kosters, Determining the diameter of small world networks, CIKM 2011; Computing
the eccentricity distribution of large graphs, Algorithms 6 (2013); P. Crescenzi, R. Grossi, M. Habib, L. Lanzi and
A. Marino, On computing the diameter of real-world undirected graphs, Theoretical Computer Science 514 (2013).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

from ._jit import njit as _njit
from .errors import InvalidArgumentError

__all__ = ["Bounds", "Extremes", "Many", "adjacency_distances", "extremes", "orbit_index"]

Search = Callable[[int], np.ndarray]
"""A breadth-first search from a vertex: the distance of every vertex (int32, -1 where not reached)."""


class Extremes(NamedTuple):
    """What :func:`extremes` found: the diameter and two vertices that far apart (``pair[0]`` to ``pair[1]``), the
    radius and a vertex of that eccentricity (a centre), the first source's eccentricity, the breadth-first searches
    it took (backward ones counted too) and the sources they started from."""

    diameter: int
    pair: tuple[int, int]
    radius: int
    centre: int
    eccentricity: int
    searches: int
    sources: tuple[int, ...]


def _jit(function: Callable[..., Any]) -> Callable[..., Any]:
    return _njit(cache=True, nogil=True)(function)  # type: ignore[no-any-return, unused-ignore]


@_jit
def _tighten(orbit: np.ndarray, ahead: np.ndarray, behind: np.ndarray, ecc: int, low: np.ndarray,
             high: np.ndarray) -> None:
    """Raise ``low`` and lower ``high`` (one bound per orbit) by a search from a vertex of eccentricity ``ecc``:
    ``ahead`` its distances to the vertices, ``behind`` theirs to it."""
    for w in range(orbit.size):
        o = orbit[w]
        if o < 0:
            continue
        forth = ahead[w]
        back = behind[w]
        lo = max(back, ecc - forth)
        if lo > low[o]:
            low[o] = lo
        hi = back + ecc
        if hi < high[o]:
            high[o] = hi


@_jit
def _tighten_many(orbit: np.ndarray, table: np.ndarray, ecc: np.ndarray, low: np.ndarray, high: np.ndarray) -> None:
    """:func:`_tighten` for searches from several sources on an undirected graph: ``table[w, j]`` the distance from
    source ``j`` to ``w`` and ``ecc[j]`` its eccentricity."""
    k = ecc.size
    for w in range(orbit.size):
        o = orbit[w]
        if o < 0:
            continue
        lo = low[o]
        hi = high[o]
        for j in range(k):
            d = np.int64(table[w, j])
            e = ecc[j]
            a = max(d, e - d)
            if a > lo:
                lo = a
            if d + e < hi:
                hi = d + e
        low[o] = lo
        high[o] = hi


@_jit
def _number(rep: np.ndarray, reps: np.ndarray) -> None:
    """Number the orbits in place, in order of their least vertex (``rep[v] <= v``), -1 kept; list their least
    vertices in ``reps``."""
    count = 0
    for v in range(rep.size):
        r = rep[v]
        if r < 0:
            continue
        if r == v:
            rep[v] = count
            reps[count] = v
            count += 1
        else:
            rep[v] = rep[r]


@_jit
def _farthest(orbit: np.ndarray, ahead: np.ndarray) -> tuple[int, int, int]:
    """The largest distance in ``ahead`` to a vertex (``orbit >= 0``), a vertex that far, and how many vertices are
    not reached."""
    ecc = -1
    far = -1
    missed = 0
    for w in range(orbit.size):
        if orbit[w] < 0:
            continue
        d = ahead[w]
        if d < 0:
            missed += 1
        elif d > ecc:
            ecc = d
            far = w
    return ecc, far, missed


def orbit_index(least: np.ndarray) -> tuple[np.ndarray, int, np.ndarray]:
    """From each vertex's orbit named by its least vertex (-1 for a vertex left out), each vertex's orbit number (0,
    1, ... by least vertex; -1 kept; the array ``least`` is renumbered in place and returned), the number of orbits
    and the least vertex of each orbit.

    >>> orbit, count, reps = orbit_index(np.array([0, 0, 2, -1, 2]))
    >>> orbit.tolist(), count, reps.tolist()
    ([0, 0, 1, -1, 1], 2, [0, 2])
    """
    count = int(np.count_nonzero(least == np.arange(least.size, dtype=least.dtype)))
    reps = np.empty(count, dtype=np.int64)
    _number(least, reps)
    return least, count, reps


class Bounds:
    """The state of the bounding: a lower and an upper bound on the eccentricity of each of ``orbits`` orbits,
    which orbits were searched from, the sources in order and the extremes found so far. :func:`extremes` tightens
    it search by search; :meth:`as_dict` and :meth:`from_dict` carry it to a file and back (a checkpoint).

    >>> b = Bounds(3)
    >>> b.add(np.array([0, 1, 2]), 0, np.array([0, 1, 2]), None)
    >>> b.low.tolist(), b.high.tolist(), b.settled
    ([2, 1, 2], [2, 3, 4], False)
    """

    def __init__(self, orbits: int) -> None:
        self.low = np.zeros(orbits, dtype=np.int64)
        self.high = np.full(orbits, np.iinfo(np.int64).max, dtype=np.int64)
        self.searched = np.zeros(orbits, dtype=bool)
        self.sources: list[int] = []
        self.searches = 0
        self.best: tuple[int, int, int] = (-1, -1, -1)  # the largest eccentricity found, its source, a vertex so far
        self.least: tuple[int, int] = (-1, -1)  # the smallest eccentricity found, its source
        self.start_ecc = -1
        self.turn = 0

    def _found(self, orbit: np.ndarray, source: int, ecc: int, far: int) -> None:
        o = int(orbit[source])
        self.low[o] = self.high[o] = ecc
        self.searched[o] = True
        self.sources.append(source)
        if self.start_ecc < 0:
            self.start_ecc = ecc
        if ecc > self.best[0]:
            self.best = (ecc, source, far)
        if self.least[0] < 0 or ecc < self.least[0]:
            self.least = (ecc, source)

    def add(self, orbit: np.ndarray, source: int, ahead: np.ndarray, behind: np.ndarray | None) -> None:
        """Tighten the bounds by a search from ``source``: ``ahead`` its distances to every vertex, ``behind``
        theirs to it (``None``: the graph is undirected, the same)."""
        ecc, far, missed = (int(x) for x in _farthest(orbit, ahead))
        if missed or (behind is not None and _farthest(orbit, behind)[2]):
            raise InvalidArgumentError(f"the graph is not strongly connected: {source} does not reach every vertex")
        _tighten(orbit, ahead, ahead if behind is None else behind, ecc, self.low, self.high)
        self.searches += 1 if behind is None else 2
        self._found(orbit, source, ecc, far)

    def add_many(self, orbit: np.ndarray, sources: Sequence[int], table: np.ndarray, ecc: np.ndarray,
                 far: np.ndarray) -> None:
        """Tighten the bounds by searches from ``sources`` on an undirected graph at once: ``table[w, j]`` the
        distance from ``sources[j]`` to vertex ``w``, ``ecc[j]`` its eccentricity and ``far[j]`` a vertex that far."""
        _tighten_many(orbit, table, ecc.astype(np.int64), self.low, self.high)
        self.searches += len(sources)
        for j, source in enumerate(sources):
            self._found(orbit, int(source), int(ecc[j]), int(far[j]))

    def doubt(self) -> tuple[np.ndarray, np.ndarray]:
        """The orbits whose eccentricity could still be larger than the diameter found (``wide``) and those whose
        could still be smaller than the radius found (``narrow``)."""
        wide = (~self.searched) & (self.high > self.best[0])
        narrow = (~self.searched) & (self.low < self.least[0])
        return wide, narrow

    @property
    def settled(self) -> bool:
        """Whether the diameter and the radius are proven."""
        wide, narrow = self.doubt()
        return bool(self.sources) and not wide.any() and not narrow.any()

    def open(self) -> int:
        """How many orbits are in doubt."""
        wide, narrow = self.doubt()
        return int(np.count_nonzero(wide | narrow))

    def pick(self, count: int = 1) -> list[int]:
        """The next orbits to search from. One: in turn the one with the smallest lower bound (for the radius) and
        the one most in doubt (for the diameter: the widest gap between its bounds, the most central first). A
        batch of up to ``count``: a quarter for the radius in that order, the rest for the diameter by the largest
        upper bound, ties spread over the orbits by a fixed hash (measured on the magnetic tower NNNN: 129 searches
        at n = 7 and 286 at n = 8, against 208 and 385 by the widest gap)."""
        wide, narrow = self.doubt()
        narrow_order = _ranked(narrow, self.low, -self.high)
        if count == 1:
            wide_order = _ranked(wide, self.low - self.high, self.low)
            self.turn += 1
            if narrow_order.size and (self.turn % 2 == 0 or not wide_order.size):
                return [int(narrow_order[0])]
            return [int(wide_order[0])] if wide_order.size else []
        spread = (np.arange(self.low.size, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(40)
        wide_order = _ranked(wide, -self.high, spread)
        radius = narrow_order[: max(1, count // 4)]
        order = np.concatenate([radius, wide_order, narrow_order[radius.size :]])
        _, first = np.unique(order, return_index=True)  # each orbit once, where it comes first
        return [int(o) for o in order[np.sort(first)][:count]]

    def result(self) -> Extremes:
        """What was found."""
        return Extremes(self.best[0], (self.best[1], self.best[2]), self.least[0], self.least[1], self.start_ecc,
                        self.searches, tuple(self.sources))

    def as_dict(self) -> dict[str, Any]:
        """The state as plain data (:mod:`marshal` writes it)."""
        return {
            "low": self.low.tobytes(), "high": self.high.tobytes(), "searched": self.searched.tobytes(),
            "sources": list(self.sources), "searches": self.searches, "best": list(self.best),
            "least": list(self.least), "start_ecc": self.start_ecc, "turn": self.turn,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], orbits: int) -> Bounds:
        """The state :meth:`as_dict` wrote, for ``orbits`` orbits; :class:`InvalidArgumentError` if it does not
        fit."""
        found = cls(orbits)
        try:
            low = np.frombuffer(data["low"], dtype=np.int64)
            high = np.frombuffer(data["high"], dtype=np.int64)
            searched = np.frombuffer(data["searched"], dtype=bool)
            if not low.size == high.size == searched.size == orbits:
                raise ValueError("sizes")
            found.low, found.high, found.searched = low.copy(), high.copy(), searched.copy()
            found.sources = [int(s) for s in data["sources"]]
            found.searches, found.start_ecc, found.turn = int(data["searches"]), int(data["start_ecc"]), int(
                data["turn"])
            best, least = [int(x) for x in data["best"]], [int(x) for x in data["least"]]
            found.best, found.least = (best[0], best[1], best[2]), (least[0], least[1])
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise InvalidArgumentError(f"not a state of the bounds of {orbits:,} orbits: {error}") from None
        return found


Many = Callable[[Sequence[int]], tuple[np.ndarray, np.ndarray, np.ndarray]]
"""Breadth-first searches from several vertices at once on an undirected graph: a table of distances (a row per
vertex, a column per source; uint8), the sources' eccentricities and a farthest vertex of each."""


def extremes(
    orbit: np.ndarray,
    orbits: int,
    representative: np.ndarray,
    forward: Search,
    backward: Search | None,
    first: int,
    on_search: Callable[[int, int], None] | None = None,
    *,
    many: Many | None = None,
    width: int = 64,
    bounds: Bounds | None = None,
    on_bounds: Callable[[Bounds], None] | None = None,
) -> Extremes:
    """The diameter and radius of a strongly connected graph (its vertices: those with ``orbit >= 0``), exactly.

    ``orbit[v]`` numbers the orbit of vertex ``v`` under the symmetries used (-1: not a vertex), ``orbits`` their
    number and ``representative[o]`` a vertex of orbit ``o``. ``forward(v)`` is a breadth-first search from ``v``,
    ``backward(v)`` one to ``v`` along the edges (``None``: the graph is undirected). The searches start at ``first``;
    ``on_search(searches, open)`` is told after each source how many searches ran and how many orbits are in doubt.
    On an undirected graph, ``many`` searches from ``width`` sources at a time after the first (see :data:`Many`).
    ``bounds`` resumes from a state found before (a checkpoint); ``on_bounds(bounds)`` is given the state after
    each search or batch of searches.
    """
    state = Bounds(orbits) if bounds is None else bounds
    source = first
    while True:
        if not state.sources:
            ahead = forward(source)
            state.add(orbit, source, ahead, None if backward is None else backward(source))
            del ahead
        elif many is not None and backward is None:
            sources = [int(representative[o]) for o in state.pick(width)]
            table, ecc, far = many(sources)
            state.add_many(orbit, sources, table, ecc, far)
            del table
        else:
            source = int(representative[state.pick()[0]])
            ahead = forward(source)
            state.add(orbit, source, ahead, None if backward is None else backward(source))
            del ahead
        if on_bounds is not None:
            on_bounds(state)
        if on_search is not None:
            on_search(state.searches, state.open())
        if state.settled:
            return state.result()


def _ranked(candidates: np.ndarray, key: np.ndarray, tie: np.ndarray) -> np.ndarray:
    """The candidates by increasing ``key``, ties by increasing ``tie``."""
    where = np.flatnonzero(candidates)
    return where[np.lexsort((tie[where], key[where]))]


def adjacency_distances(adjacency: Sequence[Sequence[int]], source: int) -> np.ndarray:
    """Breadth-first search on a graph given by lists of out-neighbours: the distance of every vertex from
    ``source`` (-1 where not reached), as :func:`extremes` reads them.

    >>> adjacency_distances([[1], [2], [0]], 1).tolist()  # a directed cycle
    [2, 0, 1]
    """
    found = np.full(len(adjacency), -1, dtype=np.int32)
    found[source] = 0
    queue = deque([source])
    while queue:
        v = queue.popleft()
        for w in adjacency[v]:
            if found[w] < 0:
                found[w] = found[v] + 1
                queue.append(w)
    return found
