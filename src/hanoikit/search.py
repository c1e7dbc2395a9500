"""Breadth-first search over the whole state space: the exact oracle every solver is tested against.

It covers three posts, classic or magnetic, with every move allowed or a subset that can be undone (:func:`covers`).
The search runs on numpy arrays of integer *codes*, one per position:

* classic: the posts of the disks read as a base-3 number, disk 1 the least significant digit, so
  ``code = sum(post(i) * 3**(i - 1))`` over disks ``i = 1 .. n`` and codes run over ``0 .. 3**n - 1``;
* magnetic: that number times 8 plus three colour bits, bit ``p`` set when the stack on post ``p`` shows blue on top
  (0 for an empty post). In a legal position every disk of a stack shows the same colour on top, so the bits fix the
  colour of every disk. Codes run over ``0 .. 8 * 3**n - 1``; those that are not legal positions are never reached.

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

import functools
import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

import numpy as np

from .errors import InvalidPuzzleError, InvalidStateError, TooLargeError, UnsolvableError
from .move import Move
from .puzzle import Puzzle
from .solvers import tower_search
from .solvers.tower_search import code_space
from .state import State

__all__ = [
    "DIAMETER_LIMIT",
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

MAX_CODES = 2**28
"""The largest code space searched (a 4-byte distance per code, 1 GiB): classic n <= 17, magnetic n <= 15."""

DIAMETER_LIMIT = 3 * 10**8
"""The most work :func:`diameter` takes on, counted as ``V * ceil(V / 64) * e`` for a component of ``V`` positions
whose start has eccentricity ``e`` (at most about ten seconds): classic n <= 8, free magnetic n <= 6, RBB n <= 7."""

_SRC = np.array([0, 0, 1, 1, 2, 2])
_DST = np.array([1, 2, 0, 2, 0, 1])
_STEP = _DST - _SRC
_BIT = np.array([1, 2, 4])
_CHUNK = 13  # low base-3 digits of the posts number summarised by one table (3**13 rows)
_OWN = {"R": 0, "B": 1, "N": -1}


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
    return code_space(puzzle)


def _colour_codes(puzzle: Puzzle) -> int:
    """How many colour-bit patterns a code carries: 8 (one bit per post) with faces, else 1."""
    return 8 if puzzle.faces else 1


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
    return tower_search.encode(puzzle, state)  # the family's codes, which on three posts are these


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
    size = code_count(puzzle)
    if isinstance(code, bool) or not isinstance(code, (int, np.integer)) or not 0 <= code < size:
        raise InvalidStateError(f"code {code!r} is not a whole number in 0..{size - 1}")
    code = int(code)
    colours = _colour_codes(puzzle)
    bits, rest = code % colours, code // colours
    posts = []
    for _ in range(puzzle.n):
        rest, post = divmod(rest, 3)
        posts.append(post)
    if colours == 1:
        return State(posts)
    for post in range(3):
        if bits >> post & 1 and post not in posts:
            raise InvalidStateError(
                f"code {code} is not a position of {puzzle!r}: it colours the empty post {puzzle.post_names[post]}"
            )
    state = State(posts, ["B" if bits >> post & 1 else "R" for post in posts])
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


# -- vectorised move generation --------------------------------------------------------------------------------------


def _digits_table(start: int, stop: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """For the disks ``start .. stop - 1`` (0-based) read as base-3 digits ``v``: ``tops[v, p]``, the smallest of them
    on post ``p`` (``n`` if none), and ``counts[v, p]``, how many of them are on ``p``."""
    tops = np.full((1, 3), n, dtype=np.int16)
    counts = np.zeros((1, 3), dtype=np.int16)
    for disk in range(start, stop):  # the next digit is a larger disk: it is a top only on an empty post
        more_tops = [tops.copy() for _ in range(3)]
        more_counts = [counts.copy() for _ in range(3)]
        for post in range(3):
            more_tops[post][:, post] = np.minimum(tops[:, post], disk)
            more_counts[post][:, post] += 1
        tops, counts = np.concatenate(more_tops), np.concatenate(more_counts)
    return tops, counts


class Successors(NamedTuple):
    """The legal moves out of an array of codes, flattened: move ``k`` leads from ``codes[parent[k]]`` to
    ``child[k]`` by carrying disk ``disk[k]`` from post ``src[k]`` to post ``dst[k]``."""

    parent: np.ndarray
    child: np.ndarray
    disk: np.ndarray
    src: np.ndarray
    dst: np.ndarray


class _Space:
    """The code space of one puzzle and its vectorised move generator.

    A position's moves depend only on its *signature*: the top disk of each post and, on a magnetic tower, the colour
    bits and which posts hold a single disk (they empty when it leaves). The rules are applied once, to every
    signature, into a table of code steps (0 for an illegal move) by post pair; a search then only looks signatures
    up and adds steps. With tops ``t0, t1, t2`` (0-based disks, ``n`` for an empty post) and ``T = t0 + (n + 1) * t1
    + (n + 1)**2 * t2``, the signature is ``T`` (classic) or ``64 * T + 8 * bits + single`` (magnetic, ``single`` bit
    ``p`` set when post ``p`` holds one disk).

    Signatures come from the posts number split into its low ``_CHUNK`` digits and the rest: the low part names one
    of a few thousand *summaries* (tops and counts up to 2 of its disks by post), and a small table combines a
    summary with the high part.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.n = n = puzzle.n
        self.faces = puzzle.faces
        self.size = code_count(puzzle)
        if self.size > MAX_CODES:
            raise TooLargeError(
                f"a breadth-first search of {puzzle!r} would index {self.size:,} codes; the limit is {MAX_CODES:,} "
                "(classic n <= 17, magnetic n <= 15)"
            )
        self.own = np.array([_OWN[c] for c in puzzle.colors])  # 0 red, 1 blue, -1 neutral
        self.weights = (n + 1) ** np.arange(3) * (64 if self.faces else 1)
        width = min(n, _CHUNK)
        self.rows = 3**width
        low_tops, low_counts = _digits_table(0, width, n)
        high_tops, high_counts = _digits_table(width, n, n)
        low_counts = np.minimum(low_counts, 2)
        key = low_tops.astype(np.int64) @ (n + 1) ** np.arange(3) * 27 + low_counts @ 3 ** np.arange(3)
        _, first, summary = np.unique(key, return_index=True, return_inverse=True)
        tops = np.minimum(low_tops[first, None], high_tops[None])  # (summaries, high values, 3)
        counts = low_counts[first, None] + high_counts[None]
        self.combine = tops @ self.weights + ((counts == 1) @ _BIT if self.faces else 0)
        if width == n:  # no high part: one lookup
            self.flat = self.combine[summary.reshape(-1), 0]
        else:
            self.summary = summary.reshape(-1).astype(np.int16)
        self.steps, self.disks = self._rule_table()

    def _rule_table(self) -> tuple[np.ndarray, np.ndarray]:
        n = self.n
        signature = np.arange((n + 1) ** 3 * (64 if self.faces else 1))
        tops = self.tops(signature)
        moving = tops[:, _SRC]
        allowed = np.array([(src, dst) in self.puzzle.moves for src, dst in zip(_SRC.tolist(), _DST.tolist())])
        legal = (moving < tops[:, _DST]) & allowed
        step = _STEP * 3 ** np.minimum(moving, n - 1)
        if self.faces:
            bits, single = signature >> 3 & 7, signature & 7
            shows = bits[:, None] >> np.arange(3) & 1  # the colour of each stack, 1 = blue
            shown = np.where(tops == n, self.own, shows)  # what each post shows: -1 when empty and neutral
            color = shows[:, _SRC]  # the mover's top face, its bottom face after the flip
            legal &= shown[:, _DST] != color
            new_bits = bits[:, None] & (7 ^ _BIT[_DST]) | (1 - color) << _DST
            new_bits &= np.where(single[:, None] >> _SRC & 1, 7 ^ _BIT[_SRC], 7)
            step = 8 * step + new_bits - bits[:, None]
        return np.where(legal, step, 0), moving.astype(np.int16)

    def tops(self, signatures: np.ndarray) -> np.ndarray:
        """The top disk of each post (0-based, ``n`` when empty), as an (N, 3) array."""
        return signatures[:, None] // self.weights % (self.n + 1)

    def signatures(self, codes: np.ndarray, colors: bool = True) -> np.ndarray:
        """The signatures of ``codes`` (of posts numbers if ``colors`` is false)."""
        posts = codes >> 3 if self.faces and colors else codes
        key: np.ndarray
        if self.rows == 3**self.n:
            key = self.flat[posts]
        else:
            key = self.combine[self.summary[posts % self.rows], posts // self.rows]
        return key + ((codes & 7) << 3) if self.faces and colors else key

    def children(self, codes: np.ndarray) -> np.ndarray:
        """The codes reached by one move from ``codes`` (with repeats)."""
        steps = self.steps[self.signatures(codes)]
        children: np.ndarray = (codes[:, None] + steps)[steps != 0]
        return children

    def moves(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Every legal move out of ``codes``: (parent index, pair index 0..5, 0-based disk, child code)."""
        signature = self.signatures(codes)
        steps = self.steps[signature]
        parent, pair = np.nonzero(steps)
        return parent, pair, self.disks[signature[parent], pair], codes[parent] + steps[parent, pair]


@functools.lru_cache(maxsize=4)
def _space(puzzle: Puzzle) -> _Space:
    return _Space(puzzle)


def successors(puzzle: Puzzle, codes: np.ndarray) -> Successors:
    """The legal moves out of the positions ``codes`` (codes of legal positions), vectorised.

    >>> from hanoikit import Puzzle
    >>> s = successors(Puzzle(2), np.array([0, 8]))
    >>> s.parent.tolist(), s.child.tolist(), s.disk.tolist(), s.src.tolist(), s.dst.tolist()
    ([0, 0, 1, 1], [1, 2, 6, 7], [1, 1, 1, 1], [0, 0, 2, 2], [1, 2, 0, 1])
    """
    parent, pair, disk, child = _space(puzzle).moves(np.asarray(codes, dtype=np.int64).reshape(-1))
    return Successors(parent, child, disk.astype(np.int64) + 1, _SRC[pair], _DST[pair])


def legal_states(puzzle: Puzzle) -> np.ndarray:
    """The codes of all legal positions, in increasing order.

    >>> from hanoikit import MagneticPuzzle
    >>> legal_states(MagneticPuzzle(1, "RNB")).tolist()
    [0, 8, 10, 20]
    """
    space = _space(puzzle)
    posts = np.arange(3**space.n, dtype=np.int64)
    if not space.faces:
        return posts
    tops = space.tops(space.signatures(posts, colors=False))
    empty = (tops == space.n)[:, None, :]  # (P, 1, 3)
    blue = (np.arange(8)[:, None] >> np.arange(3) & 1).astype(bool)[None]  # (1, 8, 3)
    allowed = np.where(empty, ~blue, (space.own == -1) | (blue == (space.own == 1)))
    return np.flatnonzero(allowed.all(axis=2))  # flat index = 8 * posts + bits


# -- breadth-first search --------------------------------------------------------------------------------------------


@contextmanager
def progress_bar(
    enabled: bool, total: int, label: str, step: str = "depth"
) -> Iterator[Callable[[int, int], None]]:
    """Yield ``update(done, depth)``: a rich progress bar on stderr (positions, the depth named ``step``, rate, time
    left), refreshed at most ten times a second; also the frontier search's."""
    if not enabled:
        yield lambda done, depth: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        TextColumn(f"{{task.completed:,.0f}} of {{task.total:,}} positions, {step} {{task.fields[depth]:,}}"),
        TextColumn("{task.fields[rate]:,.0f}/s"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
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


def _label(puzzle: Puzzle) -> str:
    return f"BFS {puzzle.name} n={puzzle.n}"


def _search(
    space: _Space, origin: int, stop: int | None = None, progress: bool = False
) -> tuple[np.ndarray, list[int]]:
    """Distances from ``origin`` (-1 where not reached) and layer sizes; with ``stop``, end at the layer of ``stop``."""
    distances = np.full(space.size, -1, dtype=np.int32)
    distances[origin] = 0
    frontier = np.array([origin], dtype=np.int64)
    layers = [1]
    done = 1
    with progress_bar(progress, state_count(space.puzzle), _label(space.puzzle)) as update:
        while origin != stop:
            child = space.children(frontier)
            child = child[distances[child] < 0]
            if not child.size:
                break
            frontier = np.unique(child)
            distances[frontier] = len(layers)
            layers.append(frontier.size)
            done += frontier.size
            update(done, len(layers) - 1)
            if stop is not None and distances[stop] >= 0:
                break
    return distances, layers


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
        """The codes of the positions at distance ``d``, in increasing order."""
        return np.flatnonzero(self.distances == d)

    def states_at(self, d: int) -> list[State]:
        """The positions at distance ``d``, by increasing code."""
        return [decode(self.puzzle, int(code)) for code in self.codes_at(d)]

    def path(self, target: State) -> list[Move]:
        """An optimal sequence of moves from the source to ``target``; raises :class:`UnsolvableError`."""
        code = self._code(target)
        if self.distances[code] < 0:
            raise UnsolvableError(_unreachable(self.puzzle, self.source, target, self.reachable))
        return _walk_back(_space(self.puzzle), self.distances, code)

    def __repr__(self) -> str:
        return (
            f"SearchResult({self.puzzle!r}, source={str(self.source)!r}, reachable={self.reachable}, "
            f"eccentricity={self.eccentricity})"
        )


def _walk_back(space: _Space, distances: np.ndarray, code: int) -> list[Move]:
    """An optimal path to ``code``: step to a neighbour one closer to the source, reversing each move (every move of
    the puzzles searched here can be undone by carrying the disk back, see :func:`covers`)."""
    moves = []
    d = int(distances[code])
    while d > 0:
        _, pair, disk, child = space.moves(np.array([code], dtype=np.int64))
        k = int(np.argmax(distances[child] == d - 1))
        moves.append(Move(int(disk[k]) + 1, int(_DST[pair[k]]), int(_SRC[pair[k]])))
        code, d = int(child[k]), d - 1
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
    space = _space(puzzle)
    distances, layers = _search(space, encode(puzzle, source), progress=progress)
    return SearchResult(puzzle, source, distances, layers)


def _between(puzzle: Puzzle, a: State | None, b: State | None) -> tuple[_Space, np.ndarray, int]:
    if b is None and not puzzle.is_legal(puzzle.goal):
        raise UnsolvableError(
            f"the goal {str(puzzle.goal)!r} of {puzzle!r} is not a legal position: {puzzle.state_error(puzzle.goal)}"
        )
    a = puzzle.check(puzzle.start if a is None else a)
    b = puzzle.check(puzzle.goal if b is None else b)
    space = _space(puzzle)
    target = encode(puzzle, b)
    distances, layers = _search(space, encode(puzzle, a), stop=target)
    if distances[target] < 0:
        raise UnsolvableError(_unreachable(puzzle, a, b, sum(layers)))
    return space, distances, target


def distance(puzzle: Puzzle, a: State | None = None, b: State | None = None) -> int:
    """The least number of moves from ``a`` to ``b`` (default: start to goal), by search.

    Raises :class:`UnsolvableError` when ``b`` cannot be reached from ``a``.

    >>> from hanoikit import MagneticPuzzle
    >>> [distance(MagneticPuzzle(n)) for n in range(1, 5)]
    [1, 4, 11, 30]
    """
    _, distances, target = _between(puzzle, a, b)
    return int(distances[target])


def path(puzzle: Puzzle, a: State | None = None, b: State | None = None) -> list[Move]:
    """An optimal sequence of moves from ``a`` to ``b`` (default: start to goal), by search.

    >>> from hanoikit import MagneticPuzzle
    >>> [str(m) for m in path(MagneticPuzzle(2))]
    ['1SI', '2SD', '1IS', '1SD']
    """
    space, distances, target = _between(puzzle, a, b)
    return _walk_back(space, distances, target)


def diameter(puzzle: Puzzle) -> int:
    """The exact diameter of the component of the start in the state graph: the largest distance between two
    positions that can be reached from the start (the whole graph for the classic puzzle, which is connected).

    Every move can be undone, so the graph is undirected. One bit-parallel search runs from all ``V`` positions at
    once, each step costing ``V * ceil(V / 64)`` words; it stops within twice the start's eccentricity ``e``.
    Raises :class:`TooLargeError` when ``V * ceil(V / 64) * e`` exceeds :data:`DIAMETER_LIMIT`.

    >>> from hanoikit import MagneticPuzzle, Puzzle
    >>> diameter(Puzzle(4)), diameter(MagneticPuzzle(2))
    (15, 8)
    """
    result = bfs(puzzle)
    size, words = result.reachable, (result.reachable + 63) // 64
    work = size * words * result.eccentricity
    if work > DIAMETER_LIMIT:
        raise TooLargeError(
            f"the diameter of {puzzle!r} needs a search from each of its {size:,} positions, about {work:,} units "
            f"of work; the limit is {DIAMETER_LIMIT:,}"
        )
    codes = np.flatnonzero(result.distances >= 0)
    parent, pair, _, child = _space(puzzle).moves(codes)
    neighbours = np.full((size, 6), size)  # row `size` of the frontier is an all-zero sink for missing moves
    neighbours[parent, pair] = np.searchsorted(codes, child)
    index = np.arange(size)
    frontier = np.zeros((size + 1, words), dtype=np.uint64)  # bit s of row v: v is on the frontier of source s
    frontier[index, index >> 6] = np.uint64(1) << (index & 63).astype(np.uint64)
    seen = frontier[:size].copy()
    reach, gathered = np.empty_like(seen), np.empty_like(seen)
    steps = 0
    while True:
        np.take(frontier, neighbours[:, 0], axis=0, out=reach)
        for column in range(1, 6):
            reach |= np.take(frontier, neighbours[:, column], axis=0, out=gathered)
        reach &= ~seen
        if not reach.any():
            return steps
        steps += 1
        seen |= reach
        frontier[:size] = reach
