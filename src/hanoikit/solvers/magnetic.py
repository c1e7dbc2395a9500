"""The magnetic engine: exact optimal solutions of every colouring, from any legal position to any legal position.

The principle. Take the largest disk ``m`` of the part being moved. Whenever ``m`` moves, all smaller disks sit on the
third post, and in a legal stack they all show one colour on top: they form a perfect tower with one orientation.
So an optimal solution splits at the moves of ``m`` into pieces, each a perfect-to-perfect problem for ``m - 1``
disks under the post colours imposed by the bigger disks. The optimal cost is a shortest path in a *tiny graph* whose
nodes are the configurations (post and top face) of disk ``m`` and of the small tower; its edge costs are optimal
costs one level down (:mod:`hanoikit.solvers._levels`).

From an arbitrary position, the smaller disks must first *gather* into a perfect tower before the largest disk that
moves first moves; gathering is computed along the single chain of the given position, level by level. Between
arbitrary positions ``A`` and ``B`` the solution is gather(``A``) + a tiny-graph path + scatter(``B``), scatter being a
gather played backwards (every move can be undone); or, when the largest disk stands the same in both, the smaller
problem with that disk fixed, whichever is shorter.

>>> from hanoikit import MagneticPuzzle, State
>>> p = MagneticPuzzle(3)
>>> p.distance(), " ".join(map(str, p.solve()))
(11, '1SI 2SD 1IS 2DI 1SD 1DI 3SD 1ID 1DS 2ID 1SD')
>>> p.distance(State.parse("SID:RBB"), State.parse("DDD:BBB"))
5
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from math import log
from typing import cast

import numpy as np

from ..errors import TooLargeError, UnsolvableError
from ..limits import MAX_MAGNETIC_DISKS, ensure_at_most
from ..move import Move, as_count
from ..puzzle import MagneticPuzzle
from ..state import State
from . import _magnetic_arrays as _arrays
from ._gather import LOOPS, ROWS_ERROR, gatherer, ratio, scaled
from ._levels import (
    CACHED_LEVELS,
    EXACT_LEVELS,
    INF,
    Edge,
    Engine,
    Plan,
    accepts,
    edges,
    engine,
    polymulmod,
    xpow,
)

__all__ = ["distance", "solve", "move_at", "state_at", "disk_moves", "solution_arrays", "solution_chunks"]

_COLOR = {"N": 0, "R": 1, "B": 2}


def _base(puzzle: MagneticPuzzle) -> int:
    c = [_COLOR[ch] for ch in puzzle.colors]
    return c[0] + 3 * c[1] + 9 * c[2]


def _configs(state: State) -> np.ndarray:
    """Config ``2 * post + face - 1`` of each disk: ``configs[j]`` is disk ``j``'s (``configs[0]`` is 0)."""
    assert state.ups is not None, "a magnetic position has its colours"
    configs = np.zeros(state.n + 1, dtype=np.int64)
    posts, blue = state.arrays()
    configs[1:] = posts * 2 + blue
    return configs


def _sure(plan: Plan | None) -> Plan:
    """A plan the engine has for a move it chose (a reachable node: never ``None``)."""
    assert plan is not None, "the engine has a plan for every move it chooses"
    return plan


def _perfect(configs: np.ndarray) -> int | None:
    """The config of a perfect tower (all disks alike), else ``None``."""
    first = int(configs[1])
    return first if bool((configs[1:] == first).all()) else None


# -- gathering: from a position to a perfect tower -------------------------------------------------------------------


@dataclass
class _Chain:
    """The gathering costs of one position, level by level.

    ``cols[j]`` is the colour triple the disks ``1..j`` see (bigger disks colour their posts), ``configs[j]`` the
    config of disk ``j``; ``cost[j][P]`` the least moves to gather disks ``1..j`` into a perfect tower of config ``P``
    and ``via[j][P]`` the config of the tower of disks ``1..j-1`` when disk ``j`` first moves. Above the levels of
    ``cost``, on the levels ``fast`` (a range), ``ids[j - fast.start, P]`` is instead the id of the chosen leg and,
    from level ``keep`` on, ``rows[j - keep]`` the costs divided by ``3^j``, as floats
    (:mod:`hanoikit.solvers._gather`).
    """

    cols: np.ndarray
    configs: np.ndarray
    cost: list[list[float]]
    via: list[list[int]]
    fast: range = range(0)
    ids: np.ndarray = field(default_factory=lambda: np.empty((0, 6), dtype=np.int64))
    rows: np.ndarray = field(default_factory=lambda: np.empty((0, 6)))
    keep: int = 0

    def below(self, j: int, P: int) -> int:
        """The config of the tower of disks ``1..j-1`` when disk ``j`` first moves, gathering into ``P``."""
        if j in self.fast:
            return int(gatherer().leg_s[self.ids[j - self.fast.start, P]])
        return self.via[j][P]

    def scaled(self, j: int) -> list[float]:
        """The costs of level ``j`` divided by ``3^j``, as floats (within ``_gather.ROWS_ERROR``)."""
        if j in self.fast:
            assert j >= self.keep, "a level the chain did not keep"
            return cast("list[float]", self.rows[j - self.keep].tolist())
        return scaled(self.cost[j], j)


def _difference(chain: _Chain, j: int, P: int, Q: int) -> float:
    """The exact cost of gathering disks ``1..j`` of ``chain`` into ``P`` less that into ``Q`` (which has one)."""
    if P == Q:
        return 0
    if j not in chain.fast:
        return chain.cost[j][P] - chain.cost[j][Q]
    j0 = chain.fast.start - 1
    return gatherer().difference(chain.cost[j0], j0, chain.ids[: j - j0], P, Q)


def _gathered(a: _Chain, b: _Chain, j: int, g: int, h: int) -> float:
    """The exact cost of gathering disks ``1..j`` of ``a`` into ``g`` and those of ``b`` into ``h``."""
    if j not in a.fast:
        return a.cost[j][g] + b.cost[j][h]
    j0 = a.fast.start - 1
    return gatherer().cost([(a.cost[j0], a.ids[: j - j0], g), (b.cost[j0], b.ids[: j - j0], h)], j0)


FAST_FROM = 64
"""Levels above the closed form's base from which the gathering runs on floats (:mod:`hanoikit.solvers._gather`)."""


def _chains(positions: list[np.ndarray], base: int, upto: int, keep: int = 0) -> list[_Chain]:
    """The gathering chains of several positions (their :func:`_configs`) up to level ``upto``, their float costs
    kept from level ``keep`` on.

    Far enough above the closed form's base, the levels are decided on floats and their exact costs summed once asked
    for (:class:`hanoikit.solvers._gather.Gatherer`); every other level is computed exactly, one at a time.
    """
    eng = engine()
    chains = []
    for configs in positions:
        cols = np.zeros(len(configs), dtype=np.int64)
        LOOPS.colours(upto)(configs, base, cols)
        M1 = int(configs[1])
        cost: list[list[float]] = [[0] * 6, [eng.D(1, int(cols[1]), P, 7 * M1) for P in range(6)]]
        chain = _Chain(cols, configs, cost, [[0] * 6, [M1] * 6])
        j0 = eng.jump.base
        if upto > j0 + FAST_FROM:
            for j in range(2, j0 + 1):
                _level(eng, chain, j)
            chain.keep = max(keep, j0 + 1)
            chain.ids, chain.rows = gatherer().run(chain.cost[j0], j0, cols, configs, upto, chain.keep)
            chain.fast = range(j0 + 1, upto + 1)
        else:
            for j in range(2, upto + 1):
                _level(eng, chain, j)
        chains.append(chain)
    return chains


def _level(eng: Engine, chain: _Chain, j: int) -> None:
    """Level ``j`` of a gathering chain, exactly, from level ``j - 1``."""
    below = chain.cost[j - 1]
    row: list[float] = [INF] * 6
    arg = [0] * 6
    for P, S, cost in _level_legs(j, int(chain.cols[j]), int(chain.configs[j])):
        if below[S] != INF and below[S] + cost < row[P]:
            row[P], arg[P] = below[S] + cost, S
    chain.cost.append(row)
    chain.via.append(arg)


@lru_cache(maxsize=16384)
def _level_legs(j: int, col: int, M: int) -> tuple[tuple[int, int, int], ...]:
    """The finite legs ``(P, S, cost)`` of level ``j`` under ``(col, M)``: gathering into ``P`` from the smaller
    tower on ``S`` (the levels below the closed form's base, where a chain is computed exactly)."""
    eng = engine()
    if j <= EXACT_LEVELS:
        every = ((P, S, eng.D(j, col, P, 6 * M + S)) for P in range(6) for S in range(6))
    else:
        costs = eng.row(j - 1)
        every = ((P, S, moves + sum(costs[i] for i in slots)) for P, S, moves, slots in eng.legs(col, M))
    return tuple((P, S, int(cost)) for P, S, cost in every if cost != INF)


def _gather_steps(chain: _Chain, upto: int, target: int) -> list[tuple[int, int, int]]:
    """The tiny-graph legs of gathering disks ``1..upto`` into ``target``: ``(level, from node, to config)``."""
    steps = []
    P = target
    for j in range(upto, 0, -1):
        S = chain.below(j, P)
        steps.append((j, 6 * int(chain.configs[j]) + S, P))
        P = S
    steps.reverse()
    return steps


# -- shortest paths in a tiny graph between arbitrary nodes ---------------------------------------------------------


@lru_cache(maxsize=256)
def _tiny_paths(m: int, col: int, source: int) -> tuple[list[float], list[tuple[int, Edge] | None]]:
    """Dijkstra in the tiny graph of level ``m`` from ``source``: distances and the edge into each node (kept for
    the next query at the same level: the largest disks' levels recur)."""
    eng = engine()
    adjacency = edges(col, m == 1)
    dist: list[float] = [INF] * 36
    into: list[tuple[int, Edge] | None] = [None] * 36
    dist[source] = 0
    heap: list[tuple[float, int]] = [(0, source)]
    while heap:
        d, x = heapq.heappop(heap)
        if d > dist[x]:
            continue
        for y, kind, a, b, c in adjacency[x]:
            edge: Edge = (-1, a, b) if kind == 0 else (a, b, c)
            cost = eng.edge_cost(m, edge)
            if cost == INF:
                continue
            nd = d + cost
            if nd < dist[y]:
                dist[y] = nd
                into[y] = (x, edge)
                heapq.heappush(heap, (nd, y))
    return dist, into


def _path(into: list[tuple[int, Edge] | None], source: int, target: int) -> Plan:
    path: list[Edge] = []
    x = target
    while x != source:
        step = into[x]
        assert step is not None
        x, edge = step
        path.append(edge)
    return tuple(reversed(path))


# -- the decomposition of a solution --------------------------------------------------------------------------------


@dataclass
class _Solution:
    """An optimal solution as legs: ``(level, plan)`` pieces played in order. Each plan's small edges expand into
    perfect-tower pieces one level down."""

    length: int
    legs: list[tuple[int, Plan]]


def _reverse(plan: Plan) -> Plan:
    return tuple((a, c, b) for a, b, c in reversed(plan))


def _leg_into(m: int, col: int, x: int, P: int) -> Plan:
    """A plan of level ``m`` from node ``x`` to the perfect node of ``P`` (a stored plan played backwards)."""
    plan = engine().plan(m, col, P, x)
    assert plan is not None
    return _reverse(plan)


def _short(state: State) -> str:
    text = str(state)
    return repr(text) if len(text) <= 41 else f"'{text[:16]}...{text[-16:]}'"


def _unsolvable(puzzle: MagneticPuzzle, src: State, dst: State) -> UnsolvableError:
    return UnsolvableError(
        f"position {_short(dst)} cannot be reached from {_short(src)} in the {puzzle.colors} puzzle with "
        f"{puzzle.n} disks: {_why(puzzle, src, dst)}"
    )


@lru_cache(maxsize=27)
def _alone(base: int) -> tuple[frozenset[int], ...]:
    """The configs a disk alone reaches from each config under the post colours ``base`` (every move flips it)."""
    out = []
    for start in range(6):
        seen, todo = {start}, [start]
        while todo:
            M = todo.pop()
            p, u = M >> 1, (M & 1) + 1
            for q in range(3):
                N = 2 * q + (2 - u)
                if q != p and N not in seen and accepts(base, q, 3 - u):
                    seen.add(N)
                    todo.append(N)
        out.append(frozenset(seen))
    return tuple(out)


def _why(puzzle: MagneticPuzzle, src: State, dst: State) -> str:
    """A reason in words: a disk that can never get where it must, even alone; else the general fact."""
    names = {0: "S", 1: "I", 2: "D"}
    reach = _alone(_base(puzzle))
    start, target = _configs(src), _configs(dst)
    masks = np.array([sum(1 << c for c in seen) for seen in reach], dtype=np.int64)
    stuck = np.flatnonzero((masks[start] >> target) & 1 == 0)
    if len(stuck):
        disk = int(stuck[-1])
        seen, goal = reach[int(start[disk])], int(target[disk])
        where = ", ".join(f"{names[c >> 1]} {'red' if c & 1 == 0 else 'blue'} up" for c in sorted(seen))
        return (
            f"disk {disk} can never stand on post {names[goal >> 1]} showing {'red' if goal & 1 == 0 else 'blue'}: "
            f"every move flips it, and the post colours let it reach only {where}"
        )
    if not puzzle.legal_moves(src):
        return "no disk can move at all"
    return "no sequence of legal moves joins them (they lie in different parts of the state graph)"


def _decompose(puzzle: MagneticPuzzle, src: State, dst: State, legs: bool) -> _Solution:
    n, base = puzzle.n, _base(puzzle)
    if src == dst:
        return _Solution(0, [])
    ca, cb = _configs(src), _configs(dst)
    P, Q = _perfect(ca), _perfect(cb)
    if P is None or Q is None:  # between perfect towers every size answers (closed forms)
        ensure_at_most(n, MAX_MAGNETIC_DISKS, "disks (solving a magnetic tower between arbitrary positions)")
    eng = engine()
    if P is not None and Q is not None:
        length = eng.tower(n, base, P, Q)
        if length == INF:
            raise _unsolvable(puzzle, src, dst)
        plan = eng.plan(n, base, P, 7 * Q)
        return _Solution(int(length), [(n, _sure(plan))] if legs else [])
    top = int(np.flatnonzero(ca != cb)[-1])
    a, b = _chains([ca, cb], base, n - 1, keep=top - 1)
    # Going up from the largest disk that differs: either disk j stays put (the best so far stands) or it moves,
    # after the smaller disks gather into a perfect tower g, ending with them scattering from a perfect tower h.
    # Each way is bounded on floats first, in units of 3^(top - 1) (the chains' floats are within ROWS_ERROR of the
    # costs in units of 3^(j - 1)); only the ways whose lower bound reaches the least upper bound are priced exactly.
    ways: list[tuple[float, int, int, int, int, list[tuple[int, Edge] | None]]] = []
    upper, scale = INF, 3 ** (top - 1)

    def low(scaled: float, unit: float) -> float:  # a lower bound of scaled * 3^(j - 1), in units of 3^(top - 1)
        return (scaled - 2 * ROWS_ERROR) * unit if scaled > 2 * ROWS_ERROR else 0.0

    for j in range(top, n + 1):
        if j > top and upper < INF and (j - 2) * log(2) > log(upper) + (top - 1) * log(3) + 1e-9:
            break  # disk j > top moves only with the small tower moved to another config: 2^(j - 2) moves or more
        unit = 3.0 ** (j - top) if j - top < 600 else INF  # 3^(j - 1) in units of 3^(top - 1)
        fa, fb = a.scaled(j - 1), b.scaled(j - 1)
        least_b = min(fb)
        beyond = 0.0 if j == top else 2 / scale  # disk j moves away and back, else a smaller j has the way
        if least_b == INF or low(min(fa) + least_b, unit) + beyond > upper * (1 + 1e-12):
            continue  # gathering on both sides alone costs more than a way found already
        Ma, Mb = int(a.configs[j]), int(b.configs[j])
        for g in [Ma] if j == 1 else sorted(range(6), key=fa.__getitem__):
            if fa[g] == INF or low(fa[g] + least_b, unit) + beyond > upper * (1 + 1e-12):
                continue
            dist, into = _tiny_paths(j, int(a.cols[j]), 6 * Ma + g)
            for h in [Mb] if j == 1 else range(6):
                moves = dist[6 * Mb + h]
                if moves != INF and fb[h] != INF and (j == top or h != g):  # else disk j stays: a smaller j's way
                    share = ratio(int(moves), scale)
                    ways.append((low(fa[g] + fb[h], unit) + share, j, g, h, int(moves), into))
                    upper = min(upper, (fa[g] + fb[h] + 2 * ROWS_ERROR) * unit + share)
    best: float = INF
    chosen: tuple[int, int, int, list[tuple[int, Edge] | None]] | None = None
    priced: dict[int, tuple[int, int, float]] = {}  # level: a way priced in full there (g, h, its gathering)
    for bound, j, g, h, moves, into in sorted(ways, key=lambda way: way[0]):
        if bound > upper * (1 + 1e-12):
            break
        if j not in priced:
            priced[j] = (g, h, _gathered(a, b, j - 1, g, h))
        g0, h0, gathered = priced[j]
        total = gathered + _difference(a, j - 1, g, g0) + _difference(b, j - 1, h, h0) + moves
        if total < best:
            best, chosen = total, (j, g, h, into)
    if chosen is None:
        raise _unsolvable(puzzle, src, dst)
    out: list[tuple[int, Plan]] = []
    if legs:
        j, g, h, into = chosen
        Ma, Mb = int(a.configs[j]), int(b.configs[j])
        out.extend((level, _leg_into(level, int(a.cols[level]), x, P)) for level, x, P in _gather_steps(a, j - 1, g))
        out.append((j, _path(into, 6 * Ma + g, 6 * Mb + h)))
        for level, x, P in reversed(_gather_steps(b, j - 1, h)):
            out.append((level, _sure(engine().plan(level, int(b.cols[level]), P, x))))
    return _Solution(int(best), out)


def _expand(level: int, plan: Plan) -> Iterator[Move]:
    """The moves of a leg, one by one, from the same blocks as :func:`solution_arrays`."""
    for disk, src, dst in _arrays.leg_blocks(level, plan):
        yield from map(Move, disk.tolist(), src.tolist(), dst.tolist())


# -- the public functions ---------------------------------------------------------------------------------------------


def distance(puzzle: MagneticPuzzle, src: State, dst: State) -> int:
    """The least number of moves from ``src`` to ``dst``; raises :class:`UnsolvableError` if there is none.

    >>> from hanoikit import MagneticPuzzle
    >>> [MagneticPuzzle(n).distance() for n in range(1, 8)]
    [1, 4, 11, 30, 83, 236, 687]
    >>> MagneticPuzzle(1000, "RBB").distance() == (3**1000 - 1) // 2
    True
    """
    return _decompose(puzzle, src, dst, legs=False).length


def solve(puzzle: MagneticPuzzle, src: State, dst: State) -> Iterator[Move]:
    """An optimal sequence of moves from ``src`` to ``dst``, generated lazily.

    >>> from hanoikit import MagneticPuzzle
    >>> [str(m) for m in MagneticPuzzle(2, "RBB").solve()]
    ['1SI', '2SD', '1IS', '1SD']
    """
    solution = _decompose(puzzle, src, dst, legs=True)
    return (move for level, plan in solution.legs for move in _expand(level, plan))


def _top(puzzle: MagneticPuzzle) -> tuple[int, Plan, int]:
    base = _base(puzzle)
    P = 2 * 0 + (0 if puzzle.start_up == "R" else 1)
    Q = 2 * 2 + (0 if puzzle.goal_up == "R" else 1)
    plan = engine().plan(puzzle.n, base, P, 7 * Q)
    if plan is None:
        raise _unsolvable(puzzle, puzzle.start, puzzle.goal)
    return P, plan, base


# -- one move of the solution: the descent through the levels ------------------------------------------------------

WINDOW = 256
"""Levels decided per exact correction in :func:`_descend` (see there)."""
GUARD = 64
"""Bits kept below the unit of the smallest cost of a window."""


class _Node:
    """A plan above the complete levels, compiled for :func:`_descend`: the prefix sums of its edge costs as
    ``(moves, a, u)`` (the cost ``(den * moves + a * 3^κ + <x^κ mod q, u>) / den`` at ``κ = m - 1 - base``), and
    the plan of each small edge one level down."""

    __slots__ = ("plan", "moves", "a", "u", "children", "pushed")

    def __init__(self, plan: Plan, moves: list[int], a: list[int], u: list[list[int]]) -> None:
        self.plan, self.moves, self.a, self.u = plan, moves, a, u
        self.children: list[_Node | None] = [None] * len(plan)
        self.pushed: dict[tuple[int, int], list[int]] = {}


class _Fast:
    """What :func:`_descend` needs of the closed form (:class:`~hanoikit.solvers._levels.Jump`) above the cached
    levels."""

    def __init__(self, eng: Engine) -> None:
        jump = eng.jump
        assert jump.roots == [3] and jump.q, jump.roots
        self.eng, self.jump = eng, jump
        self.d = len(jump.q)
        self.q0 = jump.q[0]
        self.growth = (1 + sum(abs(c) for c in jump.q)).bit_length()  # bits a coefficient can gain per power of x
        self.ubits = max(abs(u) for tail in jump.tails for u in tail).bit_length() + 8
        self.p3 = [3**t for t in range(WINDOW + 1)]
        self.p3G = [p << GUARD for p in self.p3]
        self._nodes: dict[Plan, _Node] = {}
        self._inverse: dict[int, list[int]] = {}

    def node(self, plan: Plan) -> _Node:
        found = self._nodes.get(plan)
        if found is None:
            moves, a, u = [0], [0], [[0] * self.d]
            for x, y, z in plan:
                if x < 0:
                    moves.append(moves[-1] + 1)
                    a.append(a[-1])
                    u.append(u[-1])
                else:
                    slot = self.eng.slot[x * 36 + 6 * y + z]
                    moves.append(moves[-1])
                    a.append(a[-1] + self.jump.shares[slot][0])
                    u.append([p + r for p, r in zip(u[-1], self.jump.tails[slot])])
            found = self._nodes[plan] = _Node(plan, moves, a, u)
        return found

    def child(self, node: _Node, i: int) -> _Node:
        found = node.children[i]
        if found is None:
            x, y, z = node.plan[i]
            found = node.children[i] = self.node(_sure(self.eng.plan(EXACT_LEVELS + 1, x, y, 7 * z)))
        return found

    def pushed(self, node: _Node, i: int, t: int) -> list[int]:
        """``u`` of prefix ``i`` moved ``t`` levels up: ``<x^(κ + t) mod q, u> = <x^κ mod q, pushed>``."""
        cache = node.pushed
        found = cache.get((i, t))
        if found is None:  # from the highest push of this prefix already made, one step at a time
            q = self.jump.q
            cache.setdefault((i, 0), node.u[i])
            s = t
            while (i, s) not in cache:
                s -= 1
            found = cache[(i, s)]
            while s < t:
                found = found[1:] + [sum(c * x for c, x in zip(q, found))]
                s += 1
                cache[(i, s)] = found
        return found

    def down(self, e: list[int], steps: int) -> list[int]:
        """``x^(κ - steps) mod q`` from ``e = x^κ mod q``: times ``(q0 / x)^steps``, then divided by ``q0^steps``."""
        Y = self._inverse.get(steps)
        if Y is None:
            q = self.jump.q
            Z = [-c for c in q[1:]] + [0]
            Z[self.d - 1] += 1  # q0 / x = x^(d-1) - sum_{i >= 1} q_i x^(i-1) modulo q
            Y = [1] + [0] * (self.d - 1)
            for _ in range(steps):
                Y = polymulmod(Y, Z, q)
            self._inverse[steps] = Y
        scale = self.q0**steps
        out = []
        for c in polymulmod(e, Y, self.jump.q):
            value, rest = divmod(c, scale)
            assert rest == 0
            out.append(value)
        return out


_FAST: list[_Fast] = []


def _fast() -> _Fast:
    if not _FAST:
        _FAST.append(_Fast(engine()))
    return _FAST[0]


def _descend(puzzle: MagneticPuzzle, k: int) -> Iterator[tuple[int, Plan, int]]:
    """The levels of the optimal solution from start to goal around move ``k`` (``k`` up to its length), from the top
    down: ``(m, plan, i)`` where edge ``i`` of level ``m``'s plan holds move ``k``, or ``i == len(plan)`` when ``k``
    is the length. The last level yielded is the one whose edge ``i`` is a move of disk ``m`` (or ``len(plan)``).

    Above :data:`~hanoikit.solvers._levels.CACHED_LEVELS` the costs are never written out (see :func:`_descend_fast`).
    """
    eng = engine()
    _, plan, _ = _top(puzzle)
    m = puzzle.n
    if m > CACHED_LEVELS + 1:
        found = yield from _descend_fast(_fast(), m, plan, k, puzzle.n)
        if found is None:
            return
        m, plan, k = found
    while True:
        i = 0
        for i, (a, b, c) in enumerate(plan):  # noqa: B007
            cost = 1 if a < 0 else eng.F(m - 1, a, b, c)
            if k < cost:
                break
            k -= int(cost)  # finite here: k < INF
        else:
            i = len(plan)
        yield m, plan, i
        if i == len(plan) or plan[i][0] < 0:
            return
        a, b, c = plan[i]
        plan = _sure(eng.plan(m - 1, a, b, 7 * c))
        m -= 1


def _descend_fast(
    fast: _Fast, m: int, plan: Plan, k: int, n: int
) -> Generator[tuple[int, Plan, int], None, tuple[int, Plan, int] | None]:  # returns (m, plan, k), or None if stopped
    """:func:`_descend` above the cached levels, in windows of :data:`WINDOW` levels.

    ``k`` is kept exactly at the top of each window. Inside, the chosen prefix costs are kept as small sums: ``S3``
    of ``a 3^t``, ``He`` of ``u`` pushed ``t`` levels up, ``Hc`` of moves, ``t`` counted from the window's last level
    ``κ_low``; ``k`` below them is ``(den k - 3^κ_low S3 - <x^κ_low mod q, He> - den Hc) / den``. A comparison of
    ``k`` with a prefix is decided on ``Q = floor(2^G den k / 3^κ_low)``, :data:`GUARD` ``= G`` bits below the
    unit ``3^κ_low``: the neglected part ``<x^κ mod q, u> / 3^κ_low`` is proven smaller than ``2^-G`` from the bit
    lengths, so the error is under two units, and a comparison within two units is made exactly. ``k`` is made
    exact again at the end of each window: a few products per window, small numbers in between.
    """
    jump, q, d = fast.jump, fast.jump.q, fast.d
    den, G = jump.den, GUARD
    p3, p3G = fast.p3, fast.p3G
    node = fast.node(plan)
    P_low: int = 0
    e_low: list[int] = []
    K = k
    while m > CACHED_LEVELS + 1:
        B = min(WINDOW, m - CACHED_LEVELS - 1)
        low = m - B - jump.base  # κ of the window's last level: its costs are those of level m - B
        if not P_low:
            P_low, e_low = 3**low, xpow(low, q)
        else:
            P_low, e_low = P_low // p3[B], fast.down(e_low, B)
        limit = P_low.bit_length() - 1 - G
        ebits = max(abs(c) for c in e_low).bit_length() + d.bit_length()
        # the neglected part stays below 2^-G of the unit over the whole window, or every comparison is exact
        sure = ebits + fast.growth * B + fast.ubits + fast.growth * B + B.bit_length() + 2 < limit
        S3, He, Hc = 0, [0] * d, 0
        Qp = (den * K << G) // P_low
        for t in range(B - 1, -1, -1):
            last = len(node.plan) if m == n else len(node.plan) - 1  # below the top, k is less than the level's cost
            a = node.a
            i = 0
            exact: tuple[int, list[int]] | None = None
            for j in range(1, last + 1):
                if exact is None:
                    Z = Qp - p3G[t] * a[j]
                    if sure and Z >= 2:
                        i = j
                        continue
                    if sure and Z <= -2:
                        break
                    # too close to call: k exactly at this level, then exact comparisons here
                    num = den * K - P_low * S3 - sum(x * y for x, y in zip(e_low, He)) - den * Hc
                    K, rest = divmod(num, den)
                    assert rest == 0
                    S3, He, Hc = 0, [0] * d, 0
                    Qp = (den * K << G) // P_low
                    exact = (P_low * p3[t], polymulmod(e_low, xpow(t, q), q))
                P, e = exact
                if den * K >= den * node.moves[j] + P * a[j] + sum(x * y for x, y in zip(e, node.u[j])):
                    i = j
                else:
                    break
            yield m, node.plan, i
            if i == len(node.plan) or node.plan[i][0] < 0:
                return None
            if i:
                S3 += a[i] * p3[t]
                Qp -= p3G[t] * a[i]
                Hc += node.moves[i]
                if any(node.u[i]):
                    He = [x + y for x, y in zip(He, fast.pushed(node, i, t))]
            node = fast.child(node, i)
            m -= 1
        num = den * K - P_low * S3 - sum(x * y for x, y in zip(e_low, He)) - den * Hc
        K, rest = divmod(num, den)
        assert rest == 0
    return m, node.plan, K


def move_at(puzzle: MagneticPuzzle, k: int) -> Move:
    """The ``k``-th move (from 0) of the optimal solution from start to goal, found in O(n) small steps.

    >>> from hanoikit import MagneticPuzzle
    >>> p = MagneticPuzzle(3)
    >>> [str(move_at(p, k)) for k in range(4)]
    ['1SI', '2SD', '1IS', '2DI']
    """
    m, plan, i = deque(_descend(puzzle, k), maxlen=1)[0]  # the last level yielded
    _, b, c = plan[i]
    return Move(m, b, c)


def state_at(puzzle: MagneticPuzzle, k: int) -> State:
    """The position after the first ``k`` moves of the optimal solution from start to goal, in O(n) small steps.

    >>> from hanoikit import MagneticPuzzle
    >>> p = MagneticPuzzle(3)
    >>> str(state_at(p, 6)), str(state_at(p, 7))
    ('IIS:RRR', 'IID:RRB')
    """
    P, _, _ = _top(puzzle)
    n = puzzle.n
    configs = [P] * (n + 1)
    for m, plan, i in _descend(puzzle, k):
        M, small = configs[m], configs[m]
        for a, _b, c in plan[:i]:
            if a < 0:
                M = 2 * c + (1 - (M & 1))
            else:
                small = c
        configs[m] = M
        if i < len(plan) and plan[i][0] >= 0:
            configs[m - 1] = plan[i][1]
        else:
            configs[1:m] = [small] * (m - 1)
    posts = [c >> 1 for c in configs[1:]]
    ups = ["R" if c & 1 == 0 else "B" for c in configs[1:]]
    return State(posts, ups)


@lru_cache(maxsize=1)
def _piece_classes() -> tuple[dict[tuple[int, int, int], int], list[list[tuple[int, tuple[tuple[int, int], ...]]]]]:
    """Tower pieces ``(col, S, T)`` grouped so that pieces of one group move every disk equally often at every level
    (the coarsest such grouping, by refinement), and for each group and level ``1 .. EXACT_LEVELS + 1`` (the last
    standing for all higher levels) its big-disk moves and the groups of its pieces one level down, with multiplicity.
    """
    eng = engine()
    top = EXACT_LEVELS + 1
    pieces = sorted(
        {(a, b, c) for col in range(27) for P, targets in eng.plans(top - 1)[col].items()
         for x, plan in targets.items() if x % 7 == 0 for a, b, c in plan if a >= 0}
        | {(col, P, x // 7) for m in range(1, top) for col in range(27) for P, targets in eng.plans(m)[col].items()
           for x in targets if x % 7 == 0}
    )
    Piece = tuple[int, int, int]
    expand: dict[Piece, list[tuple[int, tuple[Piece, ...]]]] = {}
    for key in pieces:
        col, S, T = key
        rows: list[tuple[int, tuple[Piece, ...]]] = []
        for m in range(1, top + 1):
            plan = eng.plan(m, col, S, 7 * T)
            if plan is None:
                rows.append((-1, ()))
                continue
            rows.append((sum(1 for e in plan if e[0] < 0), tuple(e for e in plan if e[0] >= 0)))
        expand[key] = rows
    group = {key: 0 for key in pieces}
    while True:
        signature = {
            key: tuple((moves, tuple(sorted(group[e] for e in small))) for moves, small in expand[key])
            for key in pieces
        }
        names: dict[tuple[object, ...], int] = {}
        new = {key: names.setdefault((group[key], signature[key]), len(names)) for key in pieces}
        if len(names) == len(set(group.values())):
            break
        group = new
    group = new
    table: list[list[tuple[int, tuple[tuple[int, int], ...]]]] = [[] for _ in range(len(names))]
    for key in pieces:
        if not table[group[key]]:
            for moves, small in expand[key]:
                children: dict[int, int] = {}
                for e in small:
                    children[group[e]] = children.get(group[e], 0) + 1
                table[group[key]].append((moves, tuple(children.items())))
    return group, table


def disk_moves(puzzle: MagneticPuzzle) -> list[int]:
    """How often each disk moves in the optimal solution from start to goal (index 0 is disk 1), exactly.

    >>> from hanoikit import MagneticPuzzle
    >>> disk_moves(MagneticPuzzle(4, "RBB"))
    [27, 9, 3, 1]
    """
    _, plan, _ = _top(puzzle)
    n = puzzle.n
    counts = [0] * (n + 1)
    group, table = _piece_classes()
    pieces: dict[int, int] = {}
    for a, b, c in plan:
        if a < 0:
            counts[n] += 1
        else:
            pieces[group[(a, b, c)]] = pieces.get(group[(a, b, c)], 0) + 1
    for m in range(n - 1, 0, -1):
        level = min(m, EXACT_LEVELS + 1) - 1
        below: dict[int, int] = {}
        total = 0
        for g, times in pieces.items():
            moves, children = table[g][level]
            total += moves * times
            for child, mult in children:
                below[child] = below.get(child, 0) + times * mult
        counts[m] = total
        pieces = below
    return counts[1:]


MAX_ARRAY_MOVES = 2**31
"""The most moves :func:`solution_arrays` builds at once (6 GiB); stream longer solutions with
:func:`solution_chunks`."""


def _endpoints(puzzle: MagneticPuzzle, src: State | None, dst: State | None) -> tuple[State, State]:
    return puzzle.endpoints(src, dst)


def solution_arrays(
    puzzle: MagneticPuzzle, src: State | None = None, dst: State | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The optimal solution (the same moves as :func:`solve`) as three numpy arrays ``(disk, src, dst)``.

    >>> from hanoikit import MagneticPuzzle
    >>> disk, src, dst = solution_arrays(MagneticPuzzle(2))
    >>> disk.tolist(), src.tolist(), dst.tolist()
    ([1, 1, 2, 1], [0, 2, 0, 1], [2, 1, 2, 2])
    """
    src, dst = _endpoints(puzzle, src, dst)
    solution = _decompose(puzzle, src, dst, legs=True)
    if solution.length > MAX_ARRAY_MOVES:
        raise TooLargeError(
            f"the solution has {solution.length:,} moves, more than {MAX_ARRAY_MOVES:,}: stream it with solution_chunks"
        )
    blocks = (block for level, plan in solution.legs for block in _arrays.leg_blocks(level, plan))
    return _arrays.concatenate_blocks(blocks, solution.length, puzzle.n)


def solution_chunks(
    puzzle: MagneticPuzzle, src: State | None = None, dst: State | None = None, size: int = 1 << 20
) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The optimal solution as ``(disk, src, dst)`` arrays of ``size`` moves each (the last may be shorter), built
    lazily in bounded memory.

    >>> from hanoikit import MagneticPuzzle
    >>> [len(chunk[0]) for chunk in solution_chunks(MagneticPuzzle(5), size=40)]
    [40, 40, 3]
    """
    src, dst = _endpoints(puzzle, src, dst)
    size = as_count(size, "the size of a chunk")
    solution = _decompose(puzzle, src, dst, legs=True)
    blocks = (block for level, plan in solution.legs for block in _arrays.leg_blocks(level, plan))
    return _arrays.chunk_blocks(blocks, min(size, max(solution.length, 1)), puzzle.n)  # buffers of at most all
