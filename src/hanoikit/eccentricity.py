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

__all__ = ["Extremes", "adjacency_distances", "extremes", "orbit_index"]

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


def extremes(
    orbit: np.ndarray,
    orbits: int,
    representative: np.ndarray,
    forward: Search,
    backward: Search | None,
    first: int,
    on_search: Callable[[int, int], None] | None = None,
) -> Extremes:
    """The diameter and radius of a strongly connected graph (its vertices: those with ``orbit >= 0``), exactly.

    ``orbit[v]`` numbers the orbit of vertex ``v`` under the symmetries used (-1: not a vertex), ``orbits`` their
    number and ``representative[o]`` a vertex of orbit ``o``. ``forward(v)`` is a breadth-first search from ``v``,
    ``backward(v)`` one to ``v`` along the edges (``None``: the graph is undirected). The searches start at ``first``;
    ``on_search(searches, open)`` is told after each source how many searches ran and how many orbits are in doubt.
    """
    low = np.zeros(orbits, dtype=np.int64)
    high = np.full(orbits, np.iinfo(np.int64).max, dtype=np.int64)
    searched = np.zeros(orbits, dtype=bool)
    sources: list[int] = []
    searches = 0
    best: tuple[int, int, int] | None = None  # the largest eccentricity found, its source and a farthest vertex
    least: tuple[int, int] | None = None  # the smallest eccentricity found, its source
    start_ecc = -1
    source = first
    turn = 0
    while True:
        ahead = forward(source)
        behind = ahead if backward is None else backward(source)
        searches += 1 if backward is None else 2
        ecc, far, missed = (int(x) for x in _farthest(orbit, ahead))
        if missed or (backward is not None and _farthest(orbit, behind)[2]):
            raise InvalidArgumentError(f"the graph is not strongly connected: {source} does not reach every vertex")
        _tighten(orbit, ahead, behind, ecc, low, high)
        o = int(orbit[source])
        low[o] = high[o] = ecc
        searched[o] = True
        sources.append(source)
        if not start_ecc >= 0:
            start_ecc = ecc
        if best is None or ecc > best[0]:
            best = (ecc, source, far)
        if least is None or ecc < least[0]:
            least = (ecc, source)
        wide = (~searched) & (high > best[0])  # could still be farther than the diameter found
        narrow = (~searched) & (low < least[0])  # could still have a smaller eccentricity
        if on_search is not None:
            on_search(searches, int(np.count_nonzero(wide | narrow)))
        if not wide.any() and not narrow.any():
            return Extremes(best[0], (best[1], best[2]), least[0], least[1], start_ecc, searches, tuple(sources))
        turn += 1
        if narrow.any() and (turn % 2 == 0 or not wide.any()):
            pick = _argbest(narrow, low, -high)
        else:
            pick = _argbest(wide, low - high, low)  # the most in doubt, the most central first
        source = int(representative[pick])


def _argbest(candidates: np.ndarray, key: np.ndarray, tie: np.ndarray) -> int:
    """The candidate with the least ``key``, ties broken by the least ``tie``."""
    where = np.flatnonzero(candidates)
    keys = key[where]
    where = where[keys == keys.min()]
    return int(where[np.argmin(tie[where])])


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
