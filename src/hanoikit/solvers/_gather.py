"""Gathering costs of a position above the closed form's base: decided on floats, summed exactly once.

The gathering costs obey ``cost[j][P] = min_S cost[j - 1][S] + leg_j(S -> P)`` (see
:func:`hanoikit.solvers.magnetic._chains`), every number of the size of ``3^j``. Above the closed form's base
(:class:`~hanoikit.solvers._levels.Jump`), ``den * leg_j`` is ``den * moves + g * a * 3^k + <x^k mod q, T>`` with
``k = j - 1 - base`` and small integers ``moves``, ``a`` and ``T`` fixed by the leg. Scaled by ``3^-j``, the costs
``w[j] = cost[j] / 3^j`` obey ``w[j][P] = min_S w[j - 1][S] / 3 + c`` with one float ``c = g a / (den 3^(base + 1))``
per leg, up to terms below ``(2/3)^j``: a contraction, so floats carry it with an error that stays below ``1e-14``.
The levels run in one compiled loop (numba) over a table of every ``(colour triple, config)``'s legs, which stops at
a level where some choice is closer than :data:`MARGIN`; there the near candidates are compared exactly (the costs
below them as differences, summed only where their paths part) and the loop goes on. The chosen legs are then summed
exactly along the few paths that matter (:meth:`Gatherer.total`): ``sum a_i 3^i`` and ``sum C^i T_i`` (``C`` the
companion matrix of ``q``) by binary splitting, on int64 leaves of :data:`LEAF` levels, so a chain costs about as
much as writing its cost's digits a few times.

The loops are plain Python functions over numpy arrays. A run of fewer than :data:`COMPILE_FROM` levels calls them as
they are (about 12 µs a level), unless this process has compiled them already: loading numba and its compiled code
costs more than half a CPU-second per process (seconds on the first run after an install), more than such a run, so
``hanoi distance`` between two 1,000-disk positions never imports numba (:data:`LOOPS`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import gcd
from types import SimpleNamespace

import numpy as np

from ..loops import Loop
from ._levels import INF, Engine, engine, set_col, xpow

__all__: list[str] = []

MARGIN = 1e-9
"""A float choice closer than this (in units of ``3^j``) is made again exactly; the float error is below 1e-14."""
ROWS_ERROR = 1e-12
"""A bound of the floats' error in the costs of a level ``j`` divided by ``3^j``."""
LEAF = 24
"""Levels summed on int64 before the exact binary splitting."""
STEPS = 512
"""``x^k mod q`` is stepped up from a known power at most this far below ``k``, else made by squaring."""
COMPILE_FROM = 30_000
"""Levels from which a run loads the compiled loops (numba) rather than interpreting them (see :data:`LOOPS`)."""


class Gatherer:
    """The legs of every ``(colour triple, config)`` above the base, as a table for the compiled levels and as exact
    summands."""

    def __init__(self, eng: Engine, margin: float = MARGIN) -> None:
        jump = eng.jump
        self.margin = margin
        assert jump.roots == [3], jump.roots
        self.eng, self.base, self.den, self.q = eng, jump.base, jump.den, jump.q
        self.g = g = gcd(*(share[0] for share in jump.shares))
        tails: dict[tuple[int, ...], int] = {}
        s_list: list[int] = []
        a_list: list[int] = []
        t_list: list[int] = []
        m_list: list[int] = []
        self.legs: dict[tuple[int, int], list[tuple[int, int, int]]] = {}  # (P, S, leg id)
        d = len(self.q)

        known: dict[tuple[int, tuple[int, ...]], tuple[int, int, tuple[int, ...]]] = {}

        def terms(moves: int, slots: tuple[int, ...]) -> tuple[int, int, tuple[int, ...]]:
            found = known.get((moves, slots))  # few legs differ: worked out once each
            if found is None:
                a = sum(jump.shares[i][0] for i in slots)
                found = known[(moves, slots)] = moves, a, tuple(sum(jump.tails[i][r] for i in slots) for r in range(d))
            return found

        for col in range(27):
            for M in range(6):
                out = []
                every = eng.legs(col, M)
                wcol = set_col(col, M >> 1, (M & 1) + 1)
                for P, S, moves, slots in every:
                    mine = terms(moves, slots)
                    if any(_through(mine, terms(moves2, slots2), eng.slot[wcol * 36 + 6 * S + S2], terms)
                           for P2, S2, moves2, slots2 in every if P2 == P and S2 != S):
                        continue  # never better than moving the small tower to S2 first: dropped
                    out.append((P, S, len(s_list)))
                    s_list.append(S)
                    a_list.append(mine[1] // g)
                    t_list.append(tails.setdefault(mine[2], len(tails)))
                    m_list.append(moves)
                self.legs[(col, M)] = out
        self.leg_s = np.array(s_list, dtype=np.int64)
        self.leg_a = np.array(a_list, dtype=np.int64)
        self.leg_t = np.array(t_list, dtype=np.int64)
        self.leg_m = np.array(m_list, dtype=np.int64)
        self.const = self.leg_a * (float(g) / float(self.den * 3 ** (self.base + 1)))
        """Each leg's cost above the smaller tower's, in units of ``3^j``, up to terms below ``(2/3)^j``."""
        width = max(sum(1 for Q, _, _ in out if Q == P) for out in self.legs.values() for P in range(6))
        self.table = np.full((27 * 6, 6, width), -1, dtype=np.int64)
        """``table[6 col + M, P]``: the ids of the legs into ``P`` under ``(col, M)``, then -1."""
        for (col, M), out in self.legs.items():
            for P in range(6):
                ids = [i for Q, _, i in out if Q == P]
                self.table[6 * col + M, P, : len(ids)] = ids
        assert max(a_list) * 3**LEAF < 2**61
        self.tails = [list(T) for T in tails]
        self.companion = [[int(c == r + 1) for c in range(d)] for r in range(d - 1)] + [list(self.q)]
        # C^i T for i < LEAF and every tail, exactly, then as int64 (checked to fit with LEAF of them summed)
        pushed = []
        power = [[int(r == c) for c in range(d)] for r in range(d)]
        for _ in range(LEAF):
            pushed.append([_apply(power, T) for T in self.tails])
            power = _matmul(self.companion, power)
        assert max(abs(x) for row in pushed for v in row for x in v) * LEAF < 2**61
        self.pushed = np.array(pushed, dtype=np.int64)  # (LEAF, tails, d)
        self.p3 = np.array([3**i for i in range(LEAF)], dtype=np.int64)
        self._c3: dict[int, int] = {}
        self._known: dict[int, tuple[int, list[int]]] = {}
        self._cpow: dict[int, list[list[int]]] = {}

    # -- the float levels --------------------------------------------------------------------------------------------

    def run(
        self, below: list[float], j0: int, cols: np.ndarray, configs: np.ndarray, top: int, keep: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """The leg ids of levels ``j0 + 1 .. top`` (``ids[j - j0 - 1, P]``, -1 where none) from the exact costs
        ``below`` of level ``j0`` (at least the base), and the costs of the levels ``keep .. top`` divided by
        ``3^j`` (``rows[j - keep]``, within ``1e-12`` of them): floats, with close levels decided again exactly."""
        assert j0 >= self.base and j0 < keep <= top + 1
        w = np.array(scaled(below, j0))
        ids = np.full((top - j0, 6), -1, dtype=np.int16)
        rows = np.empty((top + 1 - keep, 6))
        levels = LOOPS.levels(top - j0)
        j = j0 + 1
        while j <= top:
            j = levels(w, cols, configs, j, top, j0, keep, self.table, self.leg_s, self.const, self.margin, ids, rows)
            if j <= top:  # a level with a close choice, made exactly
                level = j0, ids[: j - j0 - 1], w, j, int(cols[j]), int(configs[j])
                row, ids[j - j0 - 1] = self._exact_level(below, *level)
                w[:] = row
                if j >= keep:
                    rows[j - keep] = row
                j += 1
        return ids, rows

    def _exact_level(
        self, below: list[float], j0: int, ids: np.ndarray, w: np.ndarray, j: int, col: int, M: int
    ) -> tuple[list[float], list[int]]:
        """Level ``j`` from the floats ``w`` of level ``j - 1``, each choice closer than the margin made on exact
        costs: those of level ``j - 1`` compared as differences along their paths (``ids``, levels above ``j0``)."""
        k = j - 1 - self.base
        p3, e = self._powers(k)
        row: list[float] = [INF] * 6
        chosen = [-1] * 6

        def leg(i: int) -> int:  # den times the cost of leg i at level j
            return int(
                self.den * int(self.leg_m[i]) + self.g * int(self.leg_a[i]) * p3
                + sum(x * y for x, y in zip(e, self.tails[int(self.leg_t[i])]))
            )

        apart: dict[int, float] = {}  # S: the exact cost of S at level j - 1 less that of the first S compared

        def cost(S: int) -> float:  # den times apart[S], worked out once
            if S not in apart:
                ref = next(iter(apart), S)
                apart[S] = 0 if S == ref else (
                    self.difference(below, j0, ids, S, ref) if len(ids) else below[S] - below[ref]
                )
            return apart[S] if apart[S] == INF else int(apart[S]) * self.den

        for P in range(6):
            legs = sorted((w[S] / 3 + self.const[i], S, i) for Q, S, i in self.legs[(col, M)] if Q == P)
            if not legs:
                continue
            row[P], _, chosen[P] = legs[0]
            near = [(S, i) for value, S, i in legs if value - row[P] <= self.margin]
            if len(near) > 1:
                exact = [(cost(S) + leg(i), i) for S, i in near if cost(S) != INF]
                chosen[P] = min(exact)[1]
        return row, chosen

    # -- exact sums along paths --------------------------------------------------------------------------------------

    def path(self, ids: np.ndarray, P: int, stop: np.ndarray | None = None) -> np.ndarray | None:
        """The leg ids of the path into config ``P`` at the top of ``ids``, top first, down to the bottom or to the
        first level where it meets ``stop`` (a path of the same kind, top first); ``None`` if it has no legs."""
        out = np.empty(len(ids), dtype=np.int64)
        count = LOOPS.walk(len(ids))(ids, self.leg_s, P, _NONE if stop is None else stop, out)
        return None if count < 0 else out[:count]

    def total(self, paths: list[tuple[np.ndarray, int]], k0: int) -> int:
        """``den`` times the exact sum of ``sign`` times the legs ``legs`` (bottom first) at ``k = k0, k0 + 1, ..``,
        over at most two ``(legs, sign)`` of the same length."""
        assert len(paths) <= 2  # a leaf of each is below 2^61: their sum fits in int64
        if not len(paths[0][0]):
            return 0
        leaves = LOOPS.leaves(len(paths[0][0]))
        threes, vectors, moves = 0, 0, 0
        for legs, sign in paths:
            three, vector = leaves(legs, self.leg_a, self.leg_t, self.p3, self.pushed)
            threes, vectors = threes + sign * three, vectors + sign * vector
            moves += sign * int(self.leg_m[legs].sum())
        assert isinstance(threes, np.ndarray) and isinstance(vectors, np.ndarray)
        parts = [threes.astype(object)] + [vectors[:, r].astype(object) for r in range(len(self.q))]
        span = LEAF
        while len(parts[0]) > 1:
            if len(parts[0]) % 2:
                parts = [np.append(part, 0) for part in parts]
            low, high = [part[0::2] for part in parts], [part[1::2] for part in parts]
            push = self._cpower(span)
            parts = [low[0] + high[0] * self._three(span)] + [
                low[1 + c] + sum(high[1 + r] * push[r][c] for r in range(len(push))) for c in range(len(push))
            ]
            span *= 2
        p3, e = self._powers(k0)
        return self.den * moves + self.g * p3 * int(parts[0][0]) + sum(int(x[0]) * y for x, y in zip(parts[1:], e))

    def cost(self, paths: list[tuple[list[float], np.ndarray, int]], j0: int) -> float:
        """The exact cost of config ``P`` at the top of ``ids`` (levels above ``j0``, whose exact costs are
        ``below``), or the sum of two such costs (as many levels each) summed at once; ``INF`` if one has none."""
        value, legs = 0, []
        for below, ids, P in paths:
            path = self.path(ids, P)
            if path is None:
                return INF
            origin = int(self.leg_s[path[-1]]) if len(path) else P
            if below[origin] == INF:
                return INF
            value += int(below[origin])
            legs.append((path[::-1], 1))
        total, rest = divmod(self.total(legs, j0 - self.base), self.den)
        assert rest == 0
        return value + total

    def difference(self, below: list[float], j0: int, ids: np.ndarray, P: int, Q: int) -> float:
        """The exact cost of config ``P`` at the top of ``ids`` less that of ``Q`` (which has one), summed only
        where their paths differ; ``INF`` if ``P`` has none."""
        main = self.path(ids, Q)
        own = self.path(ids, P, stop=main)
        assert main is not None
        if own is None:
            return INF
        count, parted = len(ids), len(own)
        value: float = 0
        if parted == count:  # they never meet: they start from different configs of level j0
            origin, other = (int(self.leg_s[own[-1]]) if parted else P), (int(self.leg_s[main[-1]]) if count else Q)
            if below[origin] == INF:
                return INF
            value = int(below[origin]) - int(below[other])
        k = j0 + count - parted - self.base  # the paths agree below level j0 + count - parted + 1
        diff, rest = divmod(self.total([(own[::-1], 1), (main[:parted][::-1], -1)], k), self.den)
        assert rest == 0
        return value + diff

    def _powers(self, k: int) -> tuple[int, list[int]]:
        """``3^k`` and ``x^k mod q``; stepped up from one already made a few levels below (paths part near the top,
        so a chain asks for many close ``k``)."""
        known = dict(self._known)  # a snapshot: another thread may add to it or clear it
        found = known.get(k)
        if found is None:
            near = max((i for i in known if 0 < k - i <= STEPS), default=None)
            if near is None:
                found = 3**k, xpow(k, self.q)
            else:
                p3, e = known[near]
                for _ in range(k - near):
                    e = [0, *e[:-1]] if not e[-1] else [a + c * e[-1] for a, c in zip([0, *e[:-1]], self.q)]
                found = p3 * 3 ** (k - near), e
            if len(self._known) >= 64:
                self._known.clear()
            self._known[k] = found
        return found

    def _three(self, span: int) -> int:
        found = self._c3.get(span)
        if found is None:
            found = self._c3[span] = 3**span
        return found

    def _cpower(self, span: int) -> list[list[int]]:
        """The transpose of ``C^span`` (row vectors times it push them ``span`` levels)."""
        found = self._cpow.get(span)
        if found is None:
            rows = [xpow(span + r, self.q) for r in range(len(self.q))]  # (C^span u)_r = <x^(span + r) mod q, u>
            found = self._cpow[span] = [list(column) for column in zip(*rows)]
        return found


# -- the compiled loops -----------------------------------------------------------------------------------------------

_NONE = np.empty(0, dtype=np.int64)


def _levels(
    w: np.ndarray, cols: np.ndarray, configs: np.ndarray, start: int, top: int, j0: int, keep: int,
    table: np.ndarray, leg_s: np.ndarray, const: np.ndarray, margin: float, ids: np.ndarray, rows: np.ndarray,
) -> int:
    """Levels ``start .. top`` on floats: ``w`` (the scaled costs of level ``start - 1``) becomes each level's in
    turn, its legs written to ``ids`` and, from level ``keep`` on, ``w`` to ``rows``. Returns the first level with a
    choice closer than ``margin`` (left unwritten), else ``top + 1``."""
    third = np.empty(6)
    value = np.empty(6)
    chosen = np.empty(6, dtype=np.int64)
    for j in range(start, top + 1):
        key = 6 * cols[j] + configs[j]
        for S in range(6):
            third[S] = w[S] / 3.0
        close = False
        for P in range(6):
            v = np.inf
            second = np.inf
            best = -1
            for slot in range(table.shape[2]):
                i = table[key, P, slot]
                if i < 0:
                    break
                x = third[leg_s[i]] + const[i]
                if best < 0 or x < v:
                    second, v, best = v, x, i
                elif x < second:
                    second = x
            close = close or (second < np.inf and second - v <= margin)  # inf - inf would be nan
            value[P] = v
            chosen[P] = best
        if close:
            return j
        for P in range(6):
            w[P] = value[P]
            ids[j - j0 - 1, P] = chosen[P]
            if j >= keep:
                rows[j - keep, P] = value[P]
    return top + 1


def colours(configs: np.ndarray, base: int, cols: np.ndarray) -> None:
    """``cols[j]``, the colour triple disks ``1..j`` of a position (its configs) see: each post shows the top face of
    its smallest disk above ``j``, or its own colour (``base``) when there is none."""
    col = base
    cols[configs.shape[0] - 1] = col
    for j in range(configs.shape[0] - 1, 1, -1):
        weight = (1, 3, 9)[configs[j] >> 1]
        col += ((configs[j] & 1) + 1 - (col // weight) % 3) * weight
        cols[j - 1] = col


def _walk(ids: np.ndarray, leg_s: np.ndarray, P: int, stop: np.ndarray, out: np.ndarray) -> int:
    """The path into ``P`` from the top of ``ids`` down, written top first to ``out`` until it meets ``stop``;
    its length, or -1 if a level has no leg into it."""
    k = 0
    for index in range(ids.shape[0] - 1, -1, -1):
        i = ids[index, P]
        if i < 0:
            return -1
        if k < stop.shape[0] and i == stop[k]:
            break
        out[k] = i
        k += 1
        P = leg_s[i]
    return k


def _leaves(
    legs: np.ndarray, leg_a: np.ndarray, leg_t: np.ndarray, p3: np.ndarray, pushed: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Per run of ``LEAF`` legs (bottom first): ``sum a_i 3^i`` and ``sum C^i T_i`` with ``i`` counted in the run."""
    leaf = p3.shape[0]
    count = (legs.shape[0] + leaf - 1) // leaf
    threes = np.zeros(count, dtype=np.int64)
    vectors = np.zeros((count, pushed.shape[2]), dtype=np.int64)
    for index in range(legs.shape[0]):
        run, i = divmod(index, leaf)
        leg = legs[index]
        threes[run] += leg_a[leg] * p3[i]
        vectors[run] += pushed[i, leg_t[leg]]
    return threes, vectors


LOOPS = SimpleNamespace(**{
    name: Loop(function, COMPILE_FROM)
    for name, function in (("levels", _levels), ("walk", _walk), ("leaves", _leaves), ("colours", colours))
})
"""The loops above as :class:`hanoikit.loops.Loop`: ``LOOPS.levels(count)`` is the loop to run over ``count``
levels, compiled by numba from :data:`COMPILE_FROM` levels on (or once this process has it), else interpreted; both
give the same results."""


def _through(
    leg: tuple[int, int, tuple[int, ...]],
    other: tuple[int, int, tuple[int, ...]],
    slot: int,
    terms: Callable[[int, tuple[int, ...]], tuple[int, int, tuple[int, ...]]],
) -> bool:
    """Whether ``leg`` (from ``S``) equals at every level the small tower's move ``slot`` from ``S`` to ``S2`` and then
    ``other`` (from ``S2``): then gathering into ``S2`` costs at most gathering into ``S`` plus that move, so the leg
    from ``S`` is never strictly better than the one from ``S2``."""
    if slot < 0:
        return False
    moves, a, T = terms(0, (slot,))
    return leg == (other[0] + moves, other[1] + a, tuple(x + y for x, y in zip(other[2], T)))


def _apply(matrix: list[list[int]], vector: list[int]) -> list[int]:
    return [sum(x * y for x, y in zip(row, vector)) for row in matrix]


def _matmul(a: list[list[int]], b: list[list[int]]) -> list[list[int]]:
    return [[sum(a[r][i] * b[i][c] for i in range(len(b))) for c in range(len(b[0]))] for r in range(len(a))]


def ratio(value: int, scale: int) -> float:
    """``value / scale`` as a float (``inf`` beyond the floats), for non-negative ints of any size."""
    shift = max(0, scale.bit_length() - 64)
    try:
        return (value >> shift) / (scale >> shift) if shift else value / scale
    except OverflowError:
        return INF


def scaled(costs: list[float], j: int) -> list[float]:
    """Exact costs of level ``j`` divided by ``3^j``, as floats."""
    scale = 3**j
    return [INF if c == INF else ratio(int(c), scale) for c in costs]


@lru_cache(maxsize=1)
def gatherer() -> Gatherer:
    """The shared compiled legs."""
    return Gatherer(engine())
