"""Breadth-first search over the whole state space: the exact oracle every solver is tested against.

It covers three posts, classic or magnetic, with every move allowed or a subset that can be undone (:func:`covers`).
The positions are :mod:`hanoikit.positions`'s codes (on three posts: the posts read as a base-3 number, disk 1 the
least significant digit, times 8 plus three colour bits on a magnetic tower), and the search is the frontier search's
in-memory path (:mod:`hanoikit.frontier.memory`): one distance per code, on the same compiled kernels.
:func:`diameter` covers every member of the family (any posts, any rule, classic or magnetic).

>>> from hanoikit import MagneticPuzzle, Puzzle
>>> bfs(Puzzle(3)).layer_sizes
[1, 2, 2, 4, 2, 4, 4, 8]
>>> m = MagneticPuzzle(3)
>>> result = bfs(m)
>>> result.distance(m.goal), result.reachable, state_count(m)  # the free puzzle's graph is not connected
(11, 114, 126)
>>> encode(m, m.goal), decode(m, 212)
(212, State.parse('DDD:BBB'))
"""

from __future__ import annotations

import errno
import math
import os
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from . import positions
from .digits import rounded
from .errors import InvalidArgumentError, InvalidPuzzleError, InvalidStateError, TooLargeError, UnsolvableError, quote
from .limits import MAX_DIAMETER_CODES, MAX_MEMORY_SEARCH_CODES
from .move import Move, as_int
from .positions import Moves as Successors
from .positions import decode as positions_decode
from .positions import state_count
from .puzzle import Puzzle
from .state import State

if TYPE_CHECKING:
    from .eccentricity import Extremes

__all__ = [
    "DIAMETER_LIMIT",
    "Diameter",
    "ENGINES",
    "GRAPH_AUTO_CODES",
    "MAX_CODES",
    "SearchResult",
    "Successors",
    "bfs",
    "code_count",
    "covers",
    "decode",
    "diameter",
    "distance",
    "encode",
    "legal_states",
    "path",
    "state_count",
    "successors",
]

MAX_CODES = MAX_MEMORY_SEARCH_CODES
"""The largest code space searched (a 4-byte distance per code, 1 GiB): classic n <= 17, magnetic n <= 15."""

DIAMETER_LIMIT = MAX_DIAMETER_CODES
"""The largest code space :func:`diameter` takes on (a distance per code, 4 bytes, and its orbit, 4 bytes): 4 posts
n <= 13, 5 posts n <= 11, magnetic on 4 posts n <= 11."""


# -- codes -----------------------------------------------------------------------------------------------------------


def covers(puzzle: Puzzle) -> bool:
    """Whether this search covers ``puzzle``: three posts, classic or magnetic, with moves that can be undone (every
    move, or a symmetric subset such as ``"linear"``; see :attr:`~hanoikit.Puzzle.reversible`). The other members of
    the family are searched by :mod:`hanoikit.solvers.exhaustive`, through ``puzzle.distance()``.

    >>> from hanoikit import MagneticPuzzle, Puzzle
    >>> covers(MagneticPuzzle(3, "RBB", moves="linear")), covers(Puzzle(3, posts=4)), covers(Puzzle(3, moves="cyclic"))
    (True, False, False)
    """
    return puzzle.posts == 3 and puzzle.reversible


def code_count(puzzle: Puzzle) -> int:
    """The size of the code space: ``3**n``, times 8 colour bits when the disks have faces (magnetic).

    >>> from hanoikit import MagneticPuzzle, Puzzle
    >>> code_count(Puzzle(4)), code_count(MagneticPuzzle(4))
    (81, 648)
    """
    _check_rules(puzzle)
    return positions.code_space(puzzle)


def _check_rules(puzzle: Puzzle) -> None:
    if not covers(puzzle):
        raise InvalidPuzzleError(
            f"this search covers three posts with moves that can be undone, not {puzzle!r}: puzzle.distance() and "
            "puzzle.solve() search any member of the family (hanoikit.solvers.exhaustive)"
        )


def encode(puzzle: Puzzle, state: State) -> int:
    """The code of a legal position of ``puzzle`` (see the module docstring); exact for any ``n``.

    >>> from hanoikit import MagneticPuzzle, Puzzle, State
    >>> encode(Puzzle(3), State.parse("ISD"))
    19
    >>> encode(MagneticPuzzle(2), State.parse("IS:BR"))
    10
    """
    _check_rules(puzzle)
    return positions.encode(puzzle, state)


def decode(puzzle: Puzzle, code: int) -> State:
    """The position with code ``code``; raises :class:`InvalidStateError` if no legal position has it.

    >>> from hanoikit import MagneticPuzzle, Puzzle
    >>> decode(Puzzle(3), 19)
    State.parse('ISD')
    >>> decode(MagneticPuzzle(2), 10)
    State.parse('IS:BR')
    >>> decode(MagneticPuzzle(2), 2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    hanoikit.errors.InvalidStateError: code 2 is not a position of MagneticPuzzle(2, ...): it colours the empty post I
    """
    _check_rules(puzzle)
    return positions.decode(puzzle, code)


# -- moves -----------------------------------------------------------------------------------------------------------


def _memory() -> Any:
    from .frontier import memory  # the compiled kernels load on first use

    return memory


def successors(puzzle: Puzzle, codes: np.ndarray) -> Successors:
    """The legal moves out of the positions ``codes`` (codes of legal positions), vectorised: move ``k`` leads from
    ``codes[parent[k]]`` to ``child[k]`` by carrying disk ``disk[k]`` from post ``src[k]`` to post ``dst[k]``.

    >>> from hanoikit import Puzzle
    >>> s = successors(Puzzle(2), np.array([0, 8]))
    >>> s.parent.tolist(), s.child.tolist(), s.disk.tolist(), s.src.tolist(), s.dst.tolist()
    ([0, 0, 1, 1], [1, 2, 6, 7], [1, 1, 1, 1], [0, 0, 2, 2], [1, 2, 0, 1])
    >>> successors(Puzzle(2), np.array([9]))
    Traceback (most recent call last):
    hanoikit.errors.InvalidStateError: codes are whole numbers in 0..8, not 9
    """
    _check_size(puzzle)
    found: Successors = _memory().moves(puzzle, _codes(puzzle, codes))
    return found


def _codes(puzzle: Puzzle, codes: object) -> np.ndarray:
    """``codes`` as a flat array of int64 if every one is a code of ``puzzle``'s code space, else
    :class:`~hanoikit.InvalidStateError` (the compiled kernels index their tables with them unchecked)."""
    found = np.asarray(codes)
    size = code_count(puzzle)
    if found.size and found.dtype.kind not in "iu":
        raise InvalidStateError(f"codes are whole numbers in 0..{size - 1}, not an array of {found.dtype}")
    found = found.reshape(-1)
    if found.size and (int(found.min()) < 0 or int(found.max()) >= size):
        wrong = found[(found < 0) | (found >= size)][0]
        raise InvalidStateError(f"codes are whole numbers in 0..{size - 1}, not {int(wrong)}")
    return found.astype(np.int64, copy=False)


def legal_states(puzzle: Puzzle) -> np.ndarray:
    """The codes of all legal positions, in increasing order.

    >>> from hanoikit import MagneticPuzzle
    >>> legal_states(MagneticPuzzle(1, "RNB")).tolist()
    [0, 8, 10, 20]
    """
    _check_size(puzzle)
    return positions.legal_codes(puzzle)


def _check_size(puzzle: Puzzle) -> None:
    size = code_count(puzzle)
    if size > MAX_CODES:
        raise TooLargeError(
            f"a breadth-first search of {puzzle!r} would index {rounded(size)} codes; the limit is {MAX_CODES:,} "
            "(classic n <= 17, magnetic n <= 15)"
        )


# -- breadth-first search --------------------------------------------------------------------------------------------


@contextmanager
def progress_bar(
    enabled: bool, total: int, label: str, step: str = "depth"
) -> Iterator[Callable[[int, int], None]]:
    """Yield ``update(done, depth)``: a rich progress bar on stderr (positions, the depth named ``step``, rate, time
    taken and left), refreshed at most ten times a second; also the frontier search's. The numbers and the times
    always show whole: on a narrow terminal the label is shortened and the bar narrowed, or left out."""
    if not enabled:
        yield lambda done, depth: None
        return
    from rich.markup import escape
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    from .draw.terminal import output_console

    console = output_console(stderr=True)
    # as wide as they grow: the positions, a depth up to 100,000, a rate up to 10^9 a second, two times
    rate = len(f"{min(total, 10**9):,}/s") + 1
    numbers = len(f"{total:,} of {total:,} positions, {step} {10**5:,}") + rate + 14
    room = console.width - numbers - 5  # the columns are one space apart
    if room < 0:  # the rate gives way first
        room, rate = room + rate, 0
    shown = label if len(label) <= room else label[: room - 1] + "…" if room >= 12 else ""
    bar_width = min(40, room - len(shown) - 1)
    columns = (
        TextColumn(f"[bold]{escape(shown)}"),
        *([BarColumn(bar_width=bar_width)] if bar_width >= 5 else []),
        TextColumn(f"{{task.completed:,.0f}} of {{task.total:,}} positions, {step} {{task.fields[depth]:,}}"),
        *([TextColumn("{task.fields[rate]:,.0f}/s")] if rate else []),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(label, total=total, depth=0, rate=0.0)
        began = time.monotonic()
        last = 0.0

        def update(done: int, depth: int) -> None:
            nonlocal last
            now = time.monotonic()
            if now - last > 0.1:
                last = now
                bar.update(task, completed=done, depth=depth, rate=done / max(now - began, 1e-9))

        yield update


def _search(puzzle: Puzzle, origin: int, stop: int = -1, progress: bool = False) -> tuple[np.ndarray, list[int]]:
    """Distances from ``origin`` (-1 where not reached) and layer sizes; with ``stop``, end at the layer of ``stop``."""
    _check_size(puzzle)
    with progress_bar(progress, state_count(puzzle), f"BFS {puzzle.name} n={puzzle.n}") as update:
        found = _memory().search(puzzle, origin, stop=stop, update=update)
    return found.distances, found.layers


class SearchResult:
    """The outcome of :func:`bfs`: the distance of every position from ``source``.

    >>> from hanoikit import Puzzle, State
    >>> result = bfs(Puzzle(2))
    >>> result
    SearchResult(Puzzle(2), source='SS', reachable=9, eccentricity=3)
    >>> result.distance(State.parse("DD")), [str(m) for m in result.path(State.parse("DD"))]
    (3, ['1SI', '2SD', '1ID'])
    >>> result.states_at(3)
    [State.parse('SI'), State.parse('II'), State.parse('SD'), State.parse('DD')]
    """

    def __init__(self, puzzle: Puzzle, source: State, distances: np.ndarray, layer_sizes: list[int]) -> None:
        self.puzzle = puzzle
        self.source = source
        self.distances = distances
        """numpy int32 array indexed by code: the distance from the source, -1 where not reached."""
        self.layer_sizes = layer_sizes
        """How many positions lie at each distance 0, 1, ... from the source."""

    @property
    def reachable(self) -> int:
        """How many positions can be reached from the source (the source included)."""
        return sum(self.layer_sizes)

    @property
    def eccentricity(self) -> int:
        """The largest distance from the source."""
        return len(self.layer_sizes) - 1

    def _code(self, state: State) -> int:
        return encode(self.puzzle, state)

    def distance(self, state: State) -> int | None:
        """The least number of moves from the source to ``state``, ``None`` if it cannot be reached."""
        d = int(self.distances[self._code(state)])
        return None if d < 0 else d

    def codes_at(self, d: int) -> np.ndarray:
        """The codes of the positions at distance ``d`` (a whole number), in increasing order."""
        found = as_int(d)
        if found is None:
            raise InvalidArgumentError(f"a distance is a whole number, not {quote(d)}")
        return np.flatnonzero(self.distances == found) if 0 <= found <= self.eccentricity else np.zeros(0, np.intp)

    def states_at(self, d: int) -> list[State]:
        """The positions at distance ``d``, by increasing code."""
        return [decode(self.puzzle, int(code)) for code in self.codes_at(d)]

    def path(self, target: State) -> list[Move]:
        """An optimal sequence of moves from the source to ``target``; raises :class:`UnsolvableError`."""
        code = self._code(target)
        if self.distances[code] < 0:
            raise UnsolvableError(_unreachable(self.puzzle, self.source, target, self.reachable))
        return _walk_back(self.puzzle, self.distances, code)

    def __repr__(self) -> str:
        return (
            f"SearchResult({self.puzzle!r}, source={str(self.source)!r}, reachable={self.reachable}, "
            f"eccentricity={self.eccentricity})"
        )


def _walk_back(puzzle: Puzzle, distances: np.ndarray, code: int) -> list[Move]:
    """An optimal path to ``code``: step to a neighbour one closer to the source, reversing each move (every move of
    the puzzles searched here can be undone by carrying the disk back, see :func:`covers`)."""
    moves = []
    d = int(distances[code])
    while d > 0:
        found = successors(puzzle, np.array([code], dtype=np.int64))
        k = int(np.argmax(distances[found.child] == d - 1))
        moves.append(Move(int(found.disk[k]), int(found.dst[k]), int(found.src[k])))
        code, d = int(found.child[k]), d - 1
    moves.reverse()
    return moves


def _unreachable(puzzle: Puzzle, a: State, b: State, reachable: int) -> str:
    return (
        f"{str(b)!r} cannot be reached from {str(a)!r} in {puzzle!r}: only {reachable:,} of its "
        f"{state_count(puzzle):,} positions can"
    )


def bfs(puzzle: Puzzle, source: State | None = None, *, progress: bool = False) -> SearchResult:
    """Breadth-first search of the whole state space from ``source`` (default: the start).

    Memory: one 4-byte distance per code plus the frontier. ``progress=True`` shows a progress bar on stderr.
    Raises :class:`InvalidStateError` for an illegal source and :class:`TooLargeError` beyond :data:`MAX_CODES`.

    >>> from hanoikit import Puzzle
    >>> result = bfs(Puzzle(4))
    >>> result.reachable, result.eccentricity, sum(result.layer_sizes) == 3**4
    (81, 15, True)
    """
    source = puzzle.check(puzzle.start if source is None else source)
    distances, layers = _search(puzzle, encode(puzzle, source), progress=progress)
    return SearchResult(puzzle, source, distances, layers)


def _between(puzzle: Puzzle, a: State | None, b: State | None) -> tuple[np.ndarray, int]:
    if b is None and not puzzle.is_legal(puzzle.goal):
        raise UnsolvableError(
            f"the goal {str(puzzle.goal)!r} of {puzzle!r} is not a legal position: {puzzle.state_error(puzzle.goal)}"
        )
    a = puzzle.check(puzzle.start if a is None else a)
    b = puzzle.check(puzzle.goal if b is None else b)
    target = encode(puzzle, b)
    distances, layers = _search(puzzle, encode(puzzle, a), stop=target)
    if distances[target] < 0:
        raise UnsolvableError(_unreachable(puzzle, a, b, sum(layers)))
    return distances, target


def distance(puzzle: Puzzle, a: State | None = None, b: State | None = None) -> int:
    """The least number of moves from ``a`` to ``b`` (default: start to goal), by search.

    Raises :class:`UnsolvableError` when ``b`` cannot be reached from ``a``.

    >>> from hanoikit import MagneticPuzzle
    >>> [distance(MagneticPuzzle(n)) for n in range(1, 5)]
    [1, 4, 11, 30]
    """
    distances, target = _between(puzzle, a, b)
    return int(distances[target])


def path(puzzle: Puzzle, a: State | None = None, b: State | None = None) -> list[Move]:
    """An optimal sequence of moves from ``a`` to ``b`` (default: start to goal), by search.

    >>> from hanoikit import MagneticPuzzle
    >>> [str(m) for m in path(MagneticPuzzle(2))]
    ['1SI', '2SD', '1IS', '1SD']
    """
    distances, target = _between(puzzle, a, b)
    return _walk_back(puzzle, distances, target)


class Diameter:
    """The outcome of :func:`diameter`: the shape of the component of the start in a member's state graph.

    >>> from hanoikit import Puzzle
    >>> found = diameter(Puzzle(3, posts=4))
    >>> found
    Diameter(Puzzle(3, posts=4), diameter=5, radius=4, eccentricity=5, searches=2)
    >>> [str(state) for state in found.pair], str(found.centre)
    (['SSS', 'SSI'], 'JIS')
    """

    def __init__(
        self, puzzle: Puzzle, found: Extremes, positions: int, orbits: int, symmetries: int, seconds: float,
        goal_distance: int | None = None, engine: str = "codes",
    ) -> None:
        self.puzzle = puzzle
        self.diameter = found.diameter
        """The largest distance from one position of the component to another (directed where moves are one-way)."""
        self.pair = (positions_decode(puzzle, found.pair[0]), positions_decode(puzzle, found.pair[1]))
        """Two positions that far apart: the second is :attr:`diameter` moves from the first."""
        self.radius = found.radius
        """The smallest eccentricity of a position of the component (the most moves it needs to reach any other)."""
        self.centre = positions_decode(puzzle, found.centre)
        """A position of eccentricity :attr:`radius`."""
        self.eccentricity = found.eccentricity
        """The start's eccentricity: the most moves from the start to a position of the component."""
        self.searches = found.searches
        """The breadth-first searches it took (a search backwards counted as one)."""
        self.sources = found.sources
        """The codes the searches started from, in order."""
        self.positions = positions
        """The positions in the component of the start (those it reaches and that reach it back)."""
        self.orbits = orbits
        """How many classes of positions the symmetries leave (the bounds are kept one per class)."""
        self.symmetries = symmetries
        """How many symmetries of the graph were used (the identity included)."""
        self.seconds = seconds
        """The wall time it took."""
        self.goal_distance = goal_distance
        """The least number of moves from the start to the goal tower (``None`` if the goal is no legal position or
        cannot be reached): where it is less than :attr:`diameter`, two positions are farther apart than the two
        towers."""
        self.engine = engine
        """How the searches ran (:data:`ENGINES`: ``"codes"`` or ``"graph"``)."""

    def as_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready values."""
        return {
            "puzzle": repr(self.puzzle),
            "diameter": self.diameter,
            "radius": self.radius,
            "eccentricity": self.eccentricity,
            "pair": [str(state) for state in self.pair],
            "centre": str(self.centre),
            "searches": self.searches,
            "goal_distance": self.goal_distance,
            "positions": self.positions,
            "orbits": self.orbits,
            "symmetries": self.symmetries,
            "seconds": round(self.seconds, 3),
            "engine": self.engine,
        }

    def __repr__(self) -> str:
        return (
            f"Diameter({self.puzzle!r}, diameter={self.diameter}, radius={self.radius}, "
            f"eccentricity={self.eccentricity}, searches={self.searches})"
        )


ENGINES = ("auto", "codes", "graph")
"""The ways :func:`diameter` searches: ``"codes"`` sweeps the code space (the frontier search's kernels, one search at
a time), ``"graph"`` numbers the component's positions and searches along compressed rows of their moves, 64 sources
at a time (:mod:`hanoikit.component`; undirected members whose distances stay below 255); ``"auto"`` takes the
one measured faster for the member (``benchmarks/bench_diameter.py``): the graph for magnetic towers up to
:data:`GRAPH_AUTO_CODES` codes, the codes for the others."""

GRAPH_AUTO_CODES = 2**24
"""The largest code space for which ``engine="auto"`` takes the graph (magnetic on 4 posts n <= 10): the graph keeps
about 100 bytes a position (its rows, three words of bits and a byte a source for 64 sources), the codes about 6."""


def diameter(puzzle: Puzzle, *, progress: bool = False, engine: str = "auto",
             checkpoint: bool | str | None = None) -> Diameter:
    """The exact diameter of the component of the start in ``puzzle``'s state graph, with two positions that far
    apart, the radius and a centre, and the start's eccentricity; any member of the family (any number of posts,
    every move rule, classic or magnetic).

    The component is the positions the start reaches and that reach it back (every position the start reaches,
    where every move can be undone); distances follow the moves' directions. The searches are breadth-first from
    few sources chosen by bounds on every eccentricity (:mod:`hanoikit.eccentricity`), kept one per orbit of the
    graph's symmetries (:mod:`hanoikit.automorphisms`): forwards by the frontier search, a distance per code read
    from its table (:mod:`hanoikit.distance_arrays`), backwards (one-way moves) by the search in memory on the same
    kernels (:mod:`hanoikit.frontier.memory`); or 64 at a time along the component's rows of moves
    (``engine="graph"``, see :data:`ENGINES`). ``progress=True`` shows a progress bar on stderr. With
    ``checkpoint`` (``True``: under the cache directory; or a directory), the bounds are saved after each search
    and a run started again on the same member resumes from them (:mod:`hanoikit.diameter_checkpoint`). Raises
    :class:`TooLargeError` above :data:`DIAMETER_LIMIT` codes.

    >>> from hanoikit import MagneticPuzzle, Puzzle
    >>> diameter(Puzzle(4)).diameter, diameter(MagneticPuzzle(2)).diameter, diameter(Puzzle(3, moves="cyclic")).radius
    (15, 8, 14)
    """
    from . import automorphisms
    from .eccentricity import extremes, orbit_index

    began = time.monotonic()
    if engine not in ENGINES:
        raise InvalidArgumentError(f"the engine is one of {', '.join(ENGINES)}, not {quote(engine)}")
    if not puzzle.rules_as_data:
        raise InvalidPuzzleError(f"the diameter is searched on the rules as data; {puzzle!r} changes them in code")
    size = positions.code_space(puzzle)
    if size > DIAMETER_LIMIT:
        raise TooLargeError(
            f"the diameter of {puzzle!r} would search {rounded(size)} codes at a time; the limit is "
            f"{DIAMETER_LIMIT:,} (4 posts: n <= 13, 5 posts: n <= 11, magnetic on 4 posts: n <= 11)"
        )
    from .distance_arrays import distance_type, distances

    memory = _memory()
    start = positions.encode(puzzle, puzzle.start)
    directed = not puzzle.reversible
    first = distances(puzzle, start, np.int32)
    goal = int(first[positions.encode(puzzle, puzzle.goal)]) if puzzle.is_legal(puzzle.goal) else -1
    inside = first >= 0
    bound = 2 * int(first.max())
    if directed:
        behind = memory.search(puzzle, start, reverse=True).distances
        inside &= behind >= 0
        bound = int(first.max()) + int(behind[inside].max())
        del behind
    if engine == "auto":
        engine = "graph" if puzzle.faces and size <= GRAPH_AUTO_CODES else "codes"
    if engine == "graph" and (directed or bound >= 255):
        engine = "codes"  # the searches 64 at a time are for undirected graphs of distances below 255
    kind = distance_type(bound)  # no eccentricity in the component is larger
    # the symmetries cut the searches, but finding them costs posts! relabellings and each a pass over the codes:
    # up to 5 posts they always pay (4 posts n = 13 took 235 searches with them); with more posts, past the codes'
    # limit in all (9 posts and more at any size) the searches go without them
    relabellings = math.factorial(puzzle.posts) * (2 if puzzle.faces else 1)
    identity: automorphisms.Symmetry = (tuple(range(puzzle.posts)), False)
    cheap = puzzle.posts <= 5 or relabellings * size <= DIAMETER_LIMIT
    every = automorphisms.symmetries(puzzle) if cheap else [identity]
    group = [g for g in every if inside[automorphisms.image_code(puzzle, g, start)]]
    orbit, count, reps = orbit_index(automorphisms.representatives(puzzle, group, inside))
    positions_count = int(np.count_nonzero(orbit >= 0))
    saved = _checkpointer(puzzle, checkpoint, engine, count)
    resumed = saved.load() if saved is not None else None
    if engine == "graph":
        from . import component

        graph = component.build(puzzle, inside)
        del inside
        ranked_orbit = orbit[graph.codes]
        del orbit
        ranked_reps = graph.ranks(reps)
        ahead = first[graph.codes].astype(kind)
        del first

        def search_one(v: int) -> np.ndarray:
            return ahead if v == graph.rank(start) else component.distances(graph, v, kind)

        def search_many(sources: Sequence[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
            return component.many_distances(graph, sources)

        with _diameter_bar(progress, count, puzzle) as update:
            found = extremes(ranked_orbit, count, ranked_reps, search_one, None, graph.rank(start), update,
                             many=search_many, bounds=resumed, on_bounds=None if saved is None else saved.save)
        codes = graph.codes
        found = found._replace(pair=(int(codes[found.pair[0]]), int(codes[found.pair[1]])),
                               centre=int(codes[found.centre]), sources=tuple(int(codes[v]) for v in found.sources))
    else:
        del inside
        cached = {start: first.astype(kind)}
        del first

        def forward(code: int) -> np.ndarray:
            found = cached.pop(code, None)
            return distances(puzzle, code, kind) if found is None else found

        def backward(code: int) -> np.ndarray:
            found: np.ndarray = memory.search(puzzle, code, reverse=True).distances
            return found

        with _diameter_bar(progress, count, puzzle) as update:
            found = extremes(orbit, count, reps, forward, backward if directed else None, start, update,
                             bounds=resumed, on_bounds=None if saved is None else saved.save)
    if saved is not None:
        saved.remove()
    return Diameter(
        puzzle, found, positions_count, count, len(group), time.monotonic() - began, goal if goal >= 0 else None,
        engine,
    )


def _checkpointer(puzzle: Puzzle, where: bool | str | None, engine: str, orbits: int) -> Any:
    """The checkpoint of this run (:mod:`hanoikit.diameter_checkpoint`), ``None`` for none: ``where`` is a
    directory, ``True`` (under the cache directory), ``False`` (none) or ``None`` (under the cache directory from
    :data:`~hanoikit.diameter_checkpoint.CHECKPOINT_CODES` codes on)."""
    from .cache import cache_dir
    from .diameter_checkpoint import CHECKPOINT_CODES, Checkpoint

    if where is None:
        where = positions.code_space(puzzle) >= CHECKPOINT_CODES
    if where is False:
        return None
    if where is True:
        folder = cache_dir()
        return None if folder is None else Checkpoint.at(puzzle, folder / "diameter", engine, orbits)
    if not isinstance(where, str):
        raise InvalidArgumentError(f"a checkpoint is a directory, True, False or None, not {quote(where)}")
    Path(where).mkdir(parents=True, exist_ok=True)  # a directory asked for and not writable: an error before the work
    if not os.access(where, os.W_OK | os.X_OK):
        raise PermissionError(errno.EACCES, "cannot write there", where)
    return Checkpoint.at(puzzle, where, engine, orbits)


@contextmanager
def _diameter_bar(enabled: bool, orbits: int, puzzle: Puzzle) -> Iterator[Callable[[int, int], None]]:
    """Yield ``update(searches, open)``: a rich progress bar on stderr of the classes of positions settled."""
    if not enabled:
        yield lambda searches, open_: None
        return
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from .draw.terminal import output_console

    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        TextColumn("{task.completed:,.0f} of {task.total:,} classes settled, {task.fields[searches]:,} searches"),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=output_console(stderr=True), transient=True) as bar:
        task = bar.add_task(f"diameter {puzzle.name} n={puzzle.n}", total=orbits, searches=0)

        def update(searches: int, open_: int) -> None:
            bar.update(task, completed=orbits - open_, searches=searches)

        yield update
