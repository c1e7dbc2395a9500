"""The level tables of the magnetic engine: optimal costs of perfect towers, level by level.

Encoding (small ints, for speed):

* a colour is 0 (neutral), 1 (red) or 2 (blue); a face is 1 or 2 and ``3 - u`` is the other face;
* a colour triple (the colours of S, I, D as the disks of one level see them) is ``c0 + 3 c1 + 9 c2`` (0..26);
* a *config* of a perfect tower is ``2 * post + face - 1`` (0..5);
* a *node* of the tiny graph of level ``m`` is ``6 * M + S``: disk ``m`` in config ``M`` (post and top face) and the
  perfect tower of the ``m - 1`` smaller disks in config ``S``. At level 1 there are no smaller disks, and the nodes
  are ``6 * M + M``.

The tiny graph of level ``m`` under a colour triple has two kinds of edges: disk ``m`` moves (cost 1; the small tower
must be on the third post and the destination must accept the new face), and the small tower moves from one perfect
config to another under the colours with disk ``m``'s post replaced by its top face (cost: the optimal cost of that
perfect-to-perfect problem one level down). Every move is reversible, so the graph is undirected.

A *plan* is a shortest path of a tiny graph from a perfect node ``(P, P)`` to a node ``x``: the tuple of its edges,
each ``(-1, p, q)`` (disk ``m`` moves from post ``p`` to ``q``) or ``(col, S, T)`` (the small tower moves from config
``S`` to ``T`` under colour triple ``col``). Its cost is the number of disk-``m`` moves plus the costs of the small
moves one level down.

Up to :data:`EXACT_LEVELS` every level is solved completely (Dijkstra on every tiny graph, exact ints). The optimal
plans become the same at every level after a few levels; from then on the plans of the last complete level are used
(:class:`Engine` checks that they have stopped changing), so each higher level costs a few exact additions per class
of problems. :func:`hanoikit.solvers._certificate.certify` proves, by exact arithmetic, that these plans stay optimal
at every level (the tests run it).
"""

from __future__ import annotations

import heapq
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cache, cached_property, lru_cache

__all__: list[str] = []

INF = float("inf")
EXACT_LEVELS = 24
"""Levels solved completely; the plans of the last must agree with those of the :data:`STABLE_WINDOW` before it."""
STABLE_WINDOW = 12
CACHED_LEVELS = 2048
"""Rows of exact costs kept for every level up to here; above, blocks made from the closed form (see ``row``)."""
BLOCK = 64
KEPT_BLOCKS = 4

Edge = tuple[int, int, int]
Plan = tuple[Edge, ...]

COLS: tuple[tuple[int, int, int], ...] = tuple((c0, c1, c2) for c2 in range(3) for c1 in range(3) for c0 in range(3))
"""Colour triple of each code: ``COLS[c0 + 3 * c1 + 9 * c2] == (c0, c1, c2)``."""


def col_code(c: tuple[int, int, int] | list[int]) -> int:
    return c[0] + 3 * c[1] + 9 * c[2]


def set_col(col: int, post: int, color: int) -> int:
    """The triple ``col`` with post ``post`` showing ``color``."""
    c = list(COLS[col])
    c[post] = color
    return col_code(c)


def accepts(col: int, post: int, face: int) -> bool:
    """Whether a disk showing ``face`` on top may stand at the bottom of ``post`` under ``col``."""
    own = COLS[col][post]
    return own == 0 or own == face


def node_legal(col: int, M: int, S: int) -> bool:
    p, u = M >> 1, (M & 1) + 1
    q, v = S >> 1, (S & 1) + 1
    if not accepts(col, p, u):
        return False
    return v == u if q == p else accepts(col, q, v)


@cache
def edges(col: int, level1: bool) -> tuple[tuple[tuple[int, int, int, int, int], ...], ...]:
    """Adjacency of the tiny graph: for each node, ``(neighbour, kind, wcol, S, T)`` where kind 0 is a move of the big
    disk (cost 1) and kind 1 a move of the small tower from ``S`` to ``T`` under ``wcol``."""
    adjacency: list[tuple[tuple[int, int, int, int, int], ...]] = []
    for x in range(36):
        M, S = divmod(x, 6)
        out: list[tuple[int, int, int, int, int]] = []
        if level1:
            if S == M and accepts(col, M >> 1, (M & 1) + 1):
                p, u = M >> 1, (M & 1) + 1
                for q in range(3):
                    if q != p and accepts(col, q, 3 - u):
                        M2 = 2 * q + (2 - u)
                        out.append((6 * M2 + M2, 0, p, q, 0))
        elif node_legal(col, M, S):
            p, u = M >> 1, (M & 1) + 1
            q = S >> 1
            wcol = set_col(col, p, u)
            for T in range(6):
                if T != S and node_legal(col, M, T):
                    out.append((6 * M + T, 1, wcol, S, T))
            if q != p:
                r = 3 - p - q
                if accepts(col, r, 3 - u):
                    out.append((6 * (2 * r + (2 - u)) + S, 0, p, r, 0))
        adjacency.append(tuple(out))
    return tuple(adjacency)


def perfect_sources(col: int) -> list[int]:
    return [P for P in range(6) if accepts(col, P >> 1, (P & 1) + 1)]


def solve_level(
    m: int, below: dict[int, list[float]] | None
) -> tuple[dict[int, list[float]], dict[int, dict[int, list[float]]], dict[int, dict[int, dict[int, Plan]]]]:
    """Solve level ``m`` completely from the perfect-to-perfect costs ``below`` of level ``m - 1``.

    Returns ``(F, D, plans)``: ``F[col][6 P + Q]`` the cost of the perfect tower of ``m`` disks from ``P`` to ``Q``,
    ``D[col][P][x]`` the cost from ``(P, P)`` to node ``x`` and ``plans[col][P][x]`` a canonical optimal plan.
    """
    F: dict[int, list[float]] = {}
    D: dict[int, dict[int, list[float]]] = {}
    plans: dict[int, dict[int, dict[int, Plan]]] = {}
    for col in range(27):
        adjacency = _weighted(edges(col, m == 1), below)
        F[col] = [INF] * 36
        D[col] = {}
        plans[col] = {}
        for P in perfect_sources(col):
            dist, plan = _dijkstra(adjacency, 6 * P + P)
            D[col][P] = dist
            plans[col][P] = plan
            for Q in range(6):
                F[col][6 * P + Q] = dist[6 * Q + Q]
    return F, D, plans


def _weight(kind: int, wcol: int, S: int, T: int, below: Mapping[int, Sequence[float]] | None) -> float:
    if kind == 0:
        return 1
    assert below is not None  # a move of the small tower has a level below it
    return below[wcol][6 * S + T]


_Weighted = tuple[tuple[tuple[int, float, Edge], ...], ...]


def _weighted(
    adjacency: Sequence[Sequence[tuple[int, int, int, int, int]]], below: Mapping[int, Sequence[float]] | None
) -> _Weighted:
    """The tiny graph with its costs one level up from ``below``: for each node, ``(neighbour, cost, edge)``, the
    edge written from the neighbour back to the node (the graph is undirected), as a plan walks it."""
    return tuple(
        tuple((y, _weight(kind, a, b, c, below), (-1, b, a) if kind == 0 else (a, c, b)) for y, kind, a, b, c in out)
        for out in adjacency
    )


def _dijkstra(adjacency: _Weighted, source: int) -> tuple[list[float], dict[int, Plan]]:
    dist: list[float] = [INF] * 36
    dist[source] = 0
    heap: list[tuple[float, int]] = [(0, source)]
    order: list[int] = []
    done = [False] * 36
    while heap:
        d, x = heapq.heappop(heap)
        if done[x]:
            continue
        done[x] = True
        order.append(x)
        for y, weight, _ in adjacency[x]:
            nd = d + weight
            if nd < dist[y]:
                dist[y] = nd
                heapq.heappush(heap, (nd, y))
    # canonical plans: fewest edges, then the smallest predecessor, among the tight edges
    hops = {source: 0}
    plan: dict[int, Plan] = {source: ()}
    for x in order[1:]:
        best = None
        for y, weight, edge in adjacency[x]:  # undirected: an edge x-y is also y-x
            if y in hops and dist[y] + weight == dist[x]:
                key = (hops[y], y)
                if best is None or key < best[0]:
                    best = (key, y, edge)
        assert best is not None
        hops[x] = best[0][0] + 1
        plan[x] = plan[best[1]] + (best[2],)
    return dist, plan


def plan_terms(plan: Plan) -> tuple[int, tuple[int, ...]]:
    """The number of big-disk moves of ``plan`` and the keys ``col * 36 + 6 S + T`` of its small-tower moves."""
    count = 0
    keys: list[int] = []
    for a, b, c in plan:
        if a < 0:
            count += 1
        else:
            keys.append(a * 36 + 6 * b + c)
    return count, tuple(keys)


def _images(key: int) -> list[int]:
    """The keys ``col * 36 + 6 P + Q`` equal in cost to ``key``: relabel the posts, swap red and blue, reverse."""
    col, rest = divmod(key, 36)
    P, Q = divmod(rest, 6)
    c = COLS[col]
    out = []
    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        for swap in (False, True):
            c2 = [0, 0, 0]
            for i in range(3):
                c2[perm[i]] = (3 - c[i] if c[i] else 0) if swap else c[i]
            P2 = 2 * perm[P >> 1] + ((P & 1) ^ swap)
            Q2 = 2 * perm[Q >> 1] + ((Q & 1) ^ swap)
            base = col_code(c2) * 36
            out += [base + 6 * P2 + Q2, base + 6 * Q2 + P2]
    return out


Level = tuple[tuple[float, ...], dict[int, dict[int, list[float]]], dict[int, dict[int, dict[int, Plan]]]]
"""A complete level as :class:`Engine` keeps it: ``F`` flat (``F[col * 36 + 6 P + Q]``), ``D`` and the plans."""


_LEVELS_BYTES = 1 << 23  # the most bytes of their file read back (it takes 1 MiB)


def complete_levels() -> list[Level]:
    """Levels 1 to :data:`EXACT_LEVELS` solved completely (:func:`solve_level`), equal plans shared as one object;
    kept on disk between runs by :func:`hanoikit.cache.cached` (read back in milliseconds), under a key that changes
    with this module's source."""
    from ..cache import cached, source_key

    return cached("magnetic-levels", source_key(__file__), _solve_complete_levels, limit=_LEVELS_BYTES)


def _solve_complete_levels() -> list[Level]:
    levels: list[Level] = []
    shared: dict[Plan, Plan] = {}
    below = None
    for m in range(1, EXACT_LEVELS + 1):
        F, D, plans = solve_level(m, below)
        for per_col in plans.values():
            for per_source in per_col.values():
                for x, plan in per_source.items():
                    per_source[x] = shared.setdefault(plan, plan)
        levels.append((tuple([F[col][i] for col in range(27) for i in range(36)]), D, plans))
        below = F
    return levels


class Engine:
    """The optimal costs and plans of every level, built on demand and kept (one engine serves every puzzle).

    Above :data:`EXACT_LEVELS`, a level's perfect-to-perfect costs are a *row*: one exact int per class of keys
    equal by symmetry (post relabelling, red-blue swap, reversal), computed from the row below by the fixed plans.
    """

    def __init__(self) -> None:
        self._F: list[tuple[float, ...]] = [(0,) * 972]  # level 0
        self._D: list[dict[int, dict[int, list[float]]]] = [{}]
        self._plans: list[dict[int, dict[int, dict[int, Plan]]]] = [{}]
        for F, D, plans in complete_levels():
            self._F.append(F)
            self._D.append(D)
            self._plans.append(plans)
        last = self._plans[EXACT_LEVELS]
        self.stable = all(self._plans[m] == last for m in range(EXACT_LEVELS - STABLE_WINDOW, EXACT_LEVELS))
        # classes of finite keys and the plan of each class representative
        finite = [k for k in range(972) if self._F[EXACT_LEVELS][k] != INF]
        self.reps: list[int] = []
        self.slot: list[int] = [-1] * 972
        for key in finite:
            if self.slot[key] < 0:
                for image in _images(key):
                    self.slot[image] = len(self.reps)
                self.reps.append(key)
        for m in range(1, EXACT_LEVELS + 1):  # the symmetries hold on every complete level
            assert all(self._F[m][k] == self._F[m][self.reps[self.slot[k]]] for k in finite)
        policy = []
        for key in self.reps:
            col, rest = divmod(key, 36)
            P, Q = divmod(rest, 6)
            count, keys = plan_terms(last[col][P][7 * Q])
            policy.append((count, tuple(self.slot[k] for k in keys)))
        self._policy: tuple[tuple[int, tuple[int, ...]], ...] = tuple(policy)
        self._rows: list[list[int]] = [[int(self._F[m][k]) for k in self.reps] for m in range(EXACT_LEVELS + 1)]
        self._blocks: OrderedDict[int, list[list[int]]] = OrderedDict()
        self._compiled: dict[tuple[int, int, int], tuple[int, tuple[int, ...]] | None] = {}
        self._legs: dict[tuple[int, int], tuple[tuple[int, int, int, tuple[int, ...]], ...]] = {}

    # -- read-only views for analysis and the certificate ---------------------------------------------------------

    @property
    def policy(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """Above :data:`EXACT_LEVELS`, the fixed plan of each class (see :attr:`reps`) as ``(big-disk moves, slots
        of the small moves one level down)``: ``row(m + 1)[i] = moves + sum(row(m)[s] for s in slots)``."""
        return self._policy

    def plans(self, m: int) -> Mapping[int, Mapping[int, Mapping[int, Plan]]]:
        """The canonical optimal plans of complete level ``m`` (``0 <= m <=`` :data:`EXACT_LEVELS`), read only:
        ``plans(m)[col][P][x]`` from the perfect node of ``P`` to node ``x``."""
        _complete(m)
        return self._plans[m]

    def level_costs(self, m: int) -> tuple[float, ...]:
        """The perfect-to-perfect costs of complete level ``m`` (``0 <= m <=`` :data:`EXACT_LEVELS`):
        ``level_costs(m)[col * 36 + 6 P + Q]``, ``INF`` where there is no solution.

        >>> from hanoikit import MagneticPuzzle
        >>> engine().level_costs(2)[6 * 0 + 5] == MagneticPuzzle(2).distance()  # S red up to D blue up, all neutral
        True
        """
        _complete(m)
        return self._F[m]

    def level_distances(self, m: int) -> dict[int, dict[int, list[float]]]:
        """The tiny graph's distances of exact level ``m`` (1 to :data:`EXACT_LEVELS`): ``[col][P][7 * Q + ...]``,
        as :func:`optimal_plans` walks them back."""
        return self._D[m]

    def next_row(self, below: list[int]) -> list[int]:
        """The row of the level above the row ``below`` (above :data:`EXACT_LEVELS`)."""
        return [count + sum([below[i] for i in slots]) for count, slots in self._policy]

    _next = next_row

    def row(self, m: int) -> list[int]:
        """The exact costs of level ``m``, one per class (see :attr:`reps`).

        Rows up to :data:`CACHED_LEVELS` are kept; above, rows are made a block of :data:`BLOCK` at a time from the
        closed form of the block's first row (:class:`Jump`), and a few blocks are kept.
        """
        rows = self._rows
        if m < len(rows):
            return rows[m]
        if not self.stable:
            raise RuntimeError("the optimal plans did not settle; raise EXACT_LEVELS")  # pragma: no cover
        if m <= CACHED_LEVELS:
            while len(rows) <= m:
                rows.append(self._next(rows[-1]))
            return rows[m]
        block = m // BLOCK
        cached = self._blocks.get(block)
        if cached is None:
            start = block * BLOCK
            cached = [self.row(start) if start <= CACHED_LEVELS else self.jump.row(start, range(len(self.reps)))]
            for _ in range(BLOCK - 1):
                cached.append(self._next(cached[-1]))
            self._blocks[block] = cached
            if len(self._blocks) > KEPT_BLOCKS:
                self._blocks.pop(next(iter(self._blocks)))
        else:
            self._blocks.move_to_end(block)
        return cached[m - block * BLOCK]

    @cached_property
    def jump(self) -> Jump:
        """The closed form of the rows above the complete levels (see :class:`Jump`)."""
        if not self.stable:
            raise RuntimeError("the optimal plans did not settle; raise EXACT_LEVELS")  # pragma: no cover
        return Jump(self)

    def cost(self, m: int, slot: int) -> int:
        """The exact cost of class ``slot`` at level ``m``, for any ``m``: from the cached rows when they are there,
        else by :class:`Jump` in O(M(m) log m)."""
        if m < len(self._rows) or m <= 2 * self.jump.base:
            return self.row(m)[slot]
        return self.jump.row(m, [slot])[0]

    def tower(self, m: int, col: int, P: int, Q: int) -> float:
        """The same as :meth:`F`, for one question at any level: in O(M(m) log m) without the rows below."""
        if m <= EXACT_LEVELS:
            return self._F[m][col * 36 + 6 * P + Q]
        slot = self.slot[col * 36 + 6 * P + Q]
        return INF if slot < 0 else self.cost(m, slot)

    def F(self, m: int, col: int, P: int, Q: int) -> float:
        """Optimal moves of a perfect tower of ``m`` disks from config ``P`` to ``Q`` under ``col``
        (``INF`` if none)."""
        if m <= EXACT_LEVELS:
            return self._F[m][col * 36 + 6 * P + Q]
        slot = self.slot[col * 36 + 6 * P + Q]
        return INF if slot < 0 else self.row(m)[slot]

    def plan(self, m: int, col: int, P: int, x: int) -> Plan | None:
        """A canonical optimal plan of level ``m`` from the perfect node of ``P`` to node ``x`` (``None`` if none)."""
        plans = self._plans[min(m, EXACT_LEVELS)]
        return plans[col].get(P, {}).get(x)

    def compiled(self, col: int, P: int, x: int) -> tuple[int, tuple[int, ...]] | None:
        """The plan above :data:`EXACT_LEVELS` from ``P`` to node ``x`` as big-disk moves and row slots below."""
        key = (col, P, x)
        if key not in self._compiled:
            plan = self.plan(EXACT_LEVELS, col, P, x)
            if plan is None:
                self._compiled[key] = None
            else:
                count, keys = plan_terms(plan)
                self._compiled[key] = (count, tuple(self.slot[k] for k in keys))
        return self._compiled[key]

    def legs(self, col: int, M: int) -> tuple[tuple[int, int, int, tuple[int, ...]], ...]:
        """Above :data:`EXACT_LEVELS`: every finite ``(P, S, moves, slots)`` from node ``6 M + S`` to the perfect
        node of ``P`` (``moves`` big-disk moves plus the costs of ``slots`` one level down)."""
        key = (col, M)
        found = self._legs.get(key)
        if found is None:
            entries = []
            for P in range(6):
                for S in range(6):
                    compiled = self.compiled(col, P, 6 * M + S)
                    if compiled is not None:
                        entries.append((P, S, *compiled))
            found = self._legs[key] = tuple(entries)
        return found

    def D(self, m: int, col: int, P: int, x: int) -> float:
        """Optimal cost of level ``m`` between the perfect node of ``P`` and node ``x``."""
        if m <= EXACT_LEVELS:
            per = self._D[m][col].get(P)
            return INF if per is None else per[x]
        compiled = self.compiled(col, P, x)
        if compiled is None:
            return INF
        below = self.row(m - 1)
        count, slots = compiled
        return count + sum([below[i] for i in slots])

    def edge_cost(self, m: int, edge: Edge) -> float:
        """The cost of one edge of a level-``m`` plan: 1 for a move of the largest disk, else the optimal cost of
        the perfect-to-perfect problem one level down."""
        a, b, c = edge
        return 1 if a < 0 else self.F(m - 1, a, b, c)


def _complete(m: int) -> None:
    if not 0 <= m <= EXACT_LEVELS:
        raise ValueError(f"level {m} is outside the complete levels 0..{EXACT_LEVELS}")


def polymulmod(a: list[int], b: list[int], q: list[int]) -> list[int]:
    """``a * b`` modulo the monic ``x^d - sum q[i] x^i`` (``d = len(q)``), coefficients low first."""
    d = len(q)
    if a is b:  # squaring: half the products
        prod = [0] * (2 * d - 1)
        for i, x in enumerate(a):
            if x:
                prod[2 * i] += x * x
                x2 = 2 * x
                for j in range(i + 1, d):
                    prod[i + j] += x2 * a[j]
    else:
        prod = [0] * (2 * d - 1)
        for i, x in enumerate(a):
            if x:
                for j, y in enumerate(b):
                    prod[i + j] += x * y
    for k in range(2 * d - 2, d - 1, -1):  # x^k = x^(k-d) * sum q[i] x^i
        top = prod[k]
        if top:
            for i, c in enumerate(q):
                if c:
                    prod[k - d + i] += c * top
    return prod[:d]


def xpow(k: int, q: list[int]) -> list[int]:
    """The coefficients of ``x^k`` modulo the monic ``x^d - sum q[i] x^i``, by repeated squaring.

    >>> xpow(10, [1, 1])  # Fibonacci: x^10 = F(10) x + F(9) modulo x^2 - x - 1
    [34, 55]
    """
    d = len(q)
    if k < d:
        return [int(i == k) for i in range(d)]
    e = [int(i == 1) for i in range(d)] if d > 1 else [q[0]]
    for bit in bin(k)[3:]:
        e = polymulmod(e, e, q)
        if bit == "1":  # times x
            top = e[-1]
            e = [0] + e[:-1]
            if top:
                e = [a + c * top for a, c in zip(e, q)]
    return e


class Jump:
    """The rows of levels ``m >= base`` in closed form, exactly, in O(M(m) log m) for any ``m``.

    Above the complete levels the augmented rows ``W(m) = (V(m), 1)`` obey ``W(m + 1) = A W(m)`` for a fixed integer
    matrix ``A``. From ``base`` on (past the nilpotent part of ``A``) they obey ``W(m + d) = sum r_i W(m + i)`` for the
    least ``d``, found from the exact rows: a relation between ``W(base .. base + d)`` holds at every higher level,
    ``A`` applied to it. The simple integer roots ``λ`` of its polynomial (3 and 2) are split off: each class's cost is
    ``(sum_λ a_λ λ^(m - base) + <x^(m - base) mod q, t>) / den`` with small integers ``a_λ``, ``t`` and ``den``, ``q``
    the rest of the polynomial (roots of modulus < 2), so a level costs one power of each root, one power of ``x``
    modulo the small ``q`` and a few products by small numbers.
    """

    def __init__(self, eng: Engine) -> None:
        size = len(eng.reps)
        self.base = base = EXACT_LEVELS + size + 2
        rows = [[*eng.row(m), 1] for m in range(base, base + size + 2)]
        self.r = r = _relation(rows)
        poly = [-c for c in r] + [1]  # x^d - sum r_i x^i (d = len(r)), low first
        roots = []
        for lam in sorted({x for x in range(-abs(r[0]), abs(r[0]) + 1) if abs(x) >= 2 and r[0] % x == 0}, key=abs):
            if _evaluate(poly, lam) == 0 and _evaluate(_derivative(poly), lam) != 0:
                roots.append(lam)
        rest = poly
        for lam in roots:
            rest = _divide(rest, lam)
        self.roots = roots
        self.q = [-c for c in rest[:-1]]  # the rest as x^e = sum q_i x^i
        seq = list(zip(*rows))[:size]  # seq[slot][i] = V(base + i)[slot]
        shares: list[list[Fraction]] = []  # per root: a_λ for every slot, the λ^(m-base) coefficient
        for lam in roots:
            g = _divide(poly, lam)
            den = _evaluate(g, lam)
            shares.append([Fraction(sum(c * s[i] for i, c in enumerate(g)), den) for s in seq])
        e = len(self.q)
        tails = [
            [Fraction(s[i]) - sum(share[slot] * lam**i for lam, share in zip(roots, shares)) for i in range(e)]
            for slot, s in enumerate(seq)
        ]
        self.den = den = _lcm(
            [x.denominator for share in shares for x in share] + [x.denominator for t in tails for x in t]
        )
        self.shares = [[int(share[slot] * den) for share in shares] for slot in range(size)]
        # the rest's value at base + k is <x^k mod q, u> where u holds its first e values
        self.tails = [[int(x * den) for x in t] for t in tails]
        for m in range(base, base + size + 2):  # the split reproduces the exact rows it came from
            assert self.row(m, range(size)) == eng.row(m)

    def row(self, m: int, slots: Iterable[int]) -> list[int]:
        """The exact costs of ``slots`` at level ``m >= base``."""
        k = m - self.base
        powers = [lam**k for lam in self.roots]
        e = xpow(k, self.q) if self.q else []
        out = []
        for slot in slots:
            total = sum(a * p for a, p in zip(self.shares[slot], powers)) + sum(
                c * u for c, u in zip(e, self.tails[slot]) if u
            )
            value, remainder = divmod(total, self.den)
            assert remainder == 0
            out.append(value)
        return out


def _relation(rows: list[list[int]]) -> list[int]:
    """The least ``d`` and integers ``r`` with ``rows[d] = sum r_i rows[i]`` (exact Gaussian elimination)."""
    basis: list[tuple[int, list[Fraction], list[Fraction]]] = []  # (pivot, reduced row, its combination of rows)
    for d, row in enumerate(rows):
        vector = [Fraction(x) for x in row]
        combo = [Fraction(0)] * len(rows)
        combo[d] = Fraction(1)
        for pivot, b, c in basis:
            if vector[pivot]:
                f = vector[pivot] / b[pivot]
                vector = [x - f * y for x, y in zip(vector, b)]
                combo = [x - f * y for x, y in zip(combo, c)]
        nonzero = [i for i, x in enumerate(vector) if x]
        if not nonzero:  # combo . rows = 0 with combo[d] = 1
            r = [-combo[i] for i in range(d)]
            assert all(x.denominator == 1 for x in r)  # a monic factor of an integer characteristic polynomial
            return [int(x) for x in r]
        basis.append((nonzero[0], vector, combo))
    raise AssertionError("no linear relation among the rows")  # pragma: no cover


def _evaluate(poly: list[int], x: int) -> int:
    value = 0
    for c in reversed(poly):
        value = value * x + c
    return value


def _derivative(poly: list[int]) -> list[int]:
    return [i * c for i, c in enumerate(poly)][1:]


def _divide(poly: list[int], root: int) -> list[int]:
    """``poly / (x - root)`` for a root of ``poly`` (synthetic division, low first)."""
    out = [0] * (len(poly) - 1)
    carry = 0
    for i in range(len(poly) - 1, 0, -1):
        carry = poly[i] + carry * root
        out[i - 1] = carry
    return out


def _lcm(values: list[int]) -> int:
    from math import lcm

    return lcm(1, *values)


@lru_cache(maxsize=1)
def engine() -> Engine:
    """The shared engine."""
    return Engine()


def optimal_plans(m: int, col: int, P: int, Q: int, limit: int = 10_000) -> list[Plan]:
    """Every optimal plan of level ``m`` (at most :data:`EXACT_LEVELS`) moving the perfect tower from ``P`` to ``Q``
    under ``col``: all shortest paths of the tiny graph, as edge tuples (at most ``limit`` of them)."""
    eng = engine()
    if not 1 <= m <= EXACT_LEVELS:
        raise ValueError(f"level {m} is outside 1..{EXACT_LEVELS}")
    per = eng.level_distances(m)[col].get(P)
    if per is None or per[7 * Q] == INF:
        return []
    dist, adjacency = per, edges(col, m == 1)
    below = None if m == 1 else {c: eng.level_costs(m - 1)[c * 36 : c * 36 + 36] for c in range(27)}
    found: list[Plan] = []

    def back(x: int, tail: Plan) -> None:
        if len(found) >= limit:
            return
        if x == 7 * P:
            found.append(tail)
            return
        for y, kind, a, b, c in adjacency[x]:
            if dist[y] != INF and dist[y] + _weight(kind, a, b, c, below) == dist[x]:
                back(y, (((-1, b, a) if kind == 0 else (a, c, b)),) + tail)

    back(7 * Q, ())
    return found
