"""Gathering costs of a position above the closed form's base: decided on floats, summed exactly once.

The gathering costs obey ``cost[j][P] = min_S cost[j - 1][S] + leg_j(S -> P)`` (see
:func:`hanoikit.solvers.magnetic._chains`), every number of the size of ``3^j``. Above the closed form's base
(:class:`~hanoikit.solvers._levels.Jump`), ``den * leg_j`` is ``den * moves + g * a * 3^k + <x^k mod q, T>`` with
``k = j - 1 - base`` and small integers ``moves``, ``a`` and ``T`` fixed by the leg. Scaled by ``3^-j``, the costs
``w[j] = cost[j] / 3^j`` obey ``w[j][P] = min_S w[j - 1][S] / 3 + c`` with one float ``c = g a / (den 3^(base + 1))``
per leg, up to terms below ``(2/3)^j``: a contraction, so floats carry it with an error that stays below ``1e-14``.
Each level runs as one straight-line function per ``(colour triple, config)`` (:meth:`Gatherer.step`), which also
reports whether some choice was closer than :data:`MARGIN`; such a level is decided again exactly (from exact path
sums) and the floats are set from the exact costs. The chosen legs are then summed exactly along the few paths that
matter (:meth:`Gatherer.total`): ``sum a_i 3^i`` and ``sum C^i T_i`` (``C`` the companion matrix of ``q``) by
binary splitting, on int64 leaves of :data:`LEAF` levels, so a chain costs about as much as writing its cost's digits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from math import gcd
from typing import cast

import numpy as np

from ._levels import INF, Engine, engine, set_col, xpow

__all__: list[str] = []

MARGIN = 1e-9
"""A float choice closer than this (in units of ``3^j``) is made again exactly; the float error is below 1e-14."""
LEAF = 16
"""Levels summed on int64 before the exact binary splitting."""

Step = Callable[..., tuple[tuple[float, ...], tuple[int, ...], bool]]


class Gatherer:
    """The legs of every ``(colour triple, config)`` above the base, compiled to float steps and exact summands."""

    def __init__(self, eng: Engine, margin: float = MARGIN) -> None:
        jump = eng.jump
        self.margin = margin
        assert jump.roots == [3], jump.roots
        self.eng, self.base, self.den, self.q = eng, jump.base, jump.den, jump.q
        self.g = g = gcd(*(share[0] for share in jump.shares))
        tails: dict[tuple[int, ...], int] = {}
        self.leg_s: list[int] = []
        self.leg_p: list[int] = []
        self.leg_key: list[tuple[int, int]] = []
        a_list: list[int] = []
        t_list: list[int] = []
        m_list: list[int] = []
        self.legs: dict[tuple[int, int], list[tuple[int, int, int]]] = {}  # (P, S, leg id)
        unit = float(g) / float(self.den * 3 ** (self.base + 1))
        self.const: list[float] = []
        d = len(self.q)

        def terms(moves: int, slots: tuple[int, ...]) -> tuple[int, int, tuple[int, ...]]:
            a = sum(jump.shares[i][0] for i in slots)
            return moves, a, tuple(sum(jump.tails[i][r] for i in slots) for r in range(d))

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
                    a = mine[1] // g
                    T = mine[2]
                    out.append((P, S, len(self.leg_s)))
                    self.leg_s.append(S)
                    self.leg_p.append(P)
                    self.leg_key.append((col, M))
                    a_list.append(a)
                    t_list.append(tails.setdefault(T, len(tails)))
                    m_list.append(moves)
                    self.const.append(a * unit)
                self.legs[(col, M)] = out
        self.leg_a = np.array(a_list, dtype=np.int64)
        self.leg_t = np.array(t_list, dtype=np.int64)
        self.leg_m = np.array(m_list, dtype=np.int64)
        assert max(a_list) * 3**LEAF < 2**62
        self.tails = [list(T) for T in tails]
        self.companion = [[int(c == r + 1) for c in range(d)] for r in range(d - 1)] + [list(self.q)]
        # C^i T for i < LEAF and every tail, exactly, then as int64 (checked to fit with LEAF of them summed)
        pushed = []
        power = [[int(r == c) for c in range(d)] for r in range(d)]
        for _ in range(LEAF):
            pushed.append([_apply(power, T) for T in self.tails])
            power = _matmul(self.companion, power)
        assert max(abs(x) for row in pushed for v in row for x in v) * LEAF < 2**62
        self.pushed = np.array(pushed, dtype=np.int64)  # (LEAF, tails, d)
        self.p3 = np.array([3**i for i in range(LEAF)], dtype=np.int64)
        self._steps: dict[tuple[int, int], Step] = {}
        self._c3: dict[int, int] = {}
        self._cpow: dict[int, np.ndarray] = {}

    # -- the float steps ---------------------------------------------------------------------------------------------

    def step(self, col: int, M: int) -> Step:
        """``f(w0, .., w5) -> (w, leg ids, close)``: one level of the scaled costs under ``(col, M)``."""
        key = (col, M)
        found = self._steps.get(key)
        if found is None:
            found = self._steps[key] = self._compile(self.legs[key])
        return found

    def _compile(self, legs: list[tuple[int, int, int]]) -> Step:
        lines = ["def step(w0, w1, w2, w3, w4, w5):"]
        used = sorted({S for _, S, _ in legs})
        lines += [f"    t{S} = w{S} * THIRD" for S in used]
        close = []
        for P in range(6):
            mine = [(S, i) for Q, S, i in legs if Q == P]
            if not mine:
                lines.append(f"    v{P} = INF; i{P} = -1")
                continue
            S, i = mine[0]
            lines.append(f"    v{P} = t{S} + {self.const[i]!r}; i{P} = {i}")
            if len(mine) > 1:
                lines.append(f"    s{P} = INF")
                for S, i in mine[1:]:
                    lines += [
                        f"    x = t{S} + {self.const[i]!r}",
                        f"    if x < v{P}: s{P} = v{P}; v{P} = x; i{P} = {i}",
                        f"    elif x < s{P}: s{P} = x",
                    ]
                close.append(f"s{P} - v{P} <= MARGIN")
        lines.append(
            "    return (v0, v1, v2, v3, v4, v5), (i0, i1, i2, i3, i4, i5), " + (" or ".join(close) or "False")
        )
        space = {"INF": INF, "THIRD": 1 / 3, "MARGIN": self.margin}
        exec("\n".join(lines), space)
        return cast("Step", space["step"])  # exec built it with the signature of Step

    def run(
        self, below: list[float], j0: int, cols: list[int], configs: list[int], top: int
    ) -> tuple[list[tuple[int, ...]], list[float]]:
        """The leg ids of levels ``j0 + 1 .. top`` (``ids[j - j0 - 1][P]``, -1 where none) from the exact costs
        ``below`` of level ``j0`` (at least the base), and each level's least cost divided by ``3^j`` (within
        ``1e-12`` of it): floats, with close levels decided again exactly."""
        assert j0 >= self.base
        scale = 3**j0
        w = tuple(INF if c == INF else _ratio(int(c), scale) for c in below)
        ids: list[tuple[int, ...]] = []
        low: list[float] = []
        step, append, least = self.step, ids.append, low.append
        for j in range(j0 + 1, top + 1):
            w, chosen, close = step(cols[j], configs[j])(*w)
            if close:
                w, chosen = self._exact_level(below, j0, ids, j, cols[j], configs[j])
            append(chosen)
            least(min(w))
        return ids, low

    def _exact_level(
        self, below: list[float], j0: int, ids: list[tuple[int, ...]], j: int, col: int, M: int
    ) -> tuple[tuple[float, ...], tuple[int, ...]]:
        """Level ``j`` decided on exact costs: those of level ``j - 1`` summed along their paths."""
        prev = [self.cost(below, j0, ids, S) for S in range(6)]
        k = j - 1 - self.base
        p3, e = 3**k, xpow(k, self.q)
        best: list[float] = [INF] * 6
        chosen = [-1] * 6
        for P, S, i in self.legs[(col, M)]:
            if chosen[P] < 0:
                chosen[P] = i
            if prev[S] == INF:
                continue
            num = self.den * int(self.leg_m[i]) + self.g * int(self.leg_a[i]) * p3
            num += sum(x * y for x, y in zip(e, self.tails[int(self.leg_t[i])]))
            value, rest = divmod(num, self.den)
            assert rest == 0
            total = int(prev[S]) + value
            if total < best[P]:
                best[P], chosen[P] = total, i
        scale = 3**j
        return tuple(INF if c == INF else _ratio(int(c), scale) for c in best), tuple(chosen)

    # -- exact sums along paths --------------------------------------------------------------------------------------

    def path(self, ids: Sequence[Sequence[int]], P: int, stop: list[int] | None = None) -> list[int] | None:
        """The leg ids of the path into config ``P`` at the top of ``ids``, top first, down to the bottom or to the
        first level where it meets ``stop`` (a path of the same kind, top first); ``None`` if it has no legs."""
        out = []
        count = len(ids)
        leg_s = self.leg_s
        for index in range(count - 1, -1, -1):
            i = ids[index][P]
            if i < 0:
                return None
            if stop is not None and i == stop[count - 1 - index]:
                break
            out.append(i)
            P = leg_s[i]
        return out

    def total(self, legs: list[int], k0: int) -> int:
        """``den`` times the exact sum of the legs ``legs`` (bottom first) at ``k = k0, k0 + 1, ..``."""
        if not legs:
            return 0
        index = np.array(legs, dtype=np.int64)
        count = len(legs)
        size = LEAF
        while size < count:
            size *= 2
        pad = size - count
        a = np.concatenate([self.leg_a[index], np.zeros(pad, dtype=np.int64)]).reshape(-1, LEAF)
        t = np.concatenate([self.leg_t[index], np.zeros(pad, dtype=np.int64)]).reshape(-1, LEAF)
        mask = np.concatenate([np.ones(count, dtype=np.int64), np.zeros(pad, dtype=np.int64)]).reshape(-1, LEAF)
        threes = (a @ self.p3).astype(object)
        # (leaves, d)
        vectors = (self.pushed[np.arange(LEAF)[None, :], t] * mask[:, :, None]).sum(axis=1).astype(object)
        span = LEAF
        while len(threes) > 1:
            threes = threes[0::2] + threes[1::2] * self._three(span)
            vectors = vectors[0::2] + vectors[1::2] @ self._cpower(span)
            span *= 2
        e = xpow(k0, self.q)
        return int(
            self.den * int(self.leg_m[index].sum())
            + self.g * 3**k0 * int(threes[0])
            + sum(int(x) * y for x, y in zip(vectors[0], e))
        )

    def cost(self, below: list[float], j0: int, ids: Sequence[Sequence[int]], P: int) -> float:
        """The exact cost of config ``P`` at the top of ``ids`` (levels above ``j0``), ``INF`` if none."""
        legs = self.path(ids, P)
        if legs is None:
            return INF
        origin = self.leg_s[legs[-1]] if legs else P
        if below[origin] == INF:
            return INF
        legs.reverse()
        value, rest = divmod(self.total(legs, j0 - self.base), self.den)
        assert rest == 0
        return int(below[origin]) + value

    def costs(self, below: list[float], j0: int, ids: Sequence[Sequence[int]]) -> list[float]:
        """The exact costs of every config at the top of ``ids`` (levels above ``j0``): one full path sum, and the
        others as differences where their paths part from it (or in full when they never meet it)."""
        out: list[float] = [INF] * 6
        main = None
        count = len(ids)
        for P in range(6):
            own = self.path(ids, P, stop=main)
            if own is None:
                continue
            if main is None or len(own) == count:
                out[P] = self.cost(below, j0, ids, P)
                if main is None and out[P] != INF:
                    main, value = own, out[P]
                continue
            low = count - len(own)  # both paths agree below level j0 + low + 1
            k = j0 + low - self.base
            diff, rest = divmod(self.total(own[::-1], k) - self.total(main[: len(own)][::-1], k), self.den)
            assert rest == 0
            out[P] = value + diff
        return out

    def _three(self, span: int) -> int:
        found = self._c3.get(span)
        if found is None:
            found = self._c3[span] = 3**span
        return found

    def _cpower(self, span: int) -> np.ndarray:
        """The transpose of ``C^span`` (row vectors times it push them ``span`` levels), as Python ints."""
        found = self._cpow.get(span)
        if found is None:
            rows = [xpow(span + r, self.q) for r in range(len(self.q))]  # (C^span u)_r = <x^(span + r) mod q, u>
            found = self._cpow[span] = np.array(rows, dtype=object).T
        return found


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


def _ratio(value: int, scale: int) -> float:
    """``value / scale`` as a float, for ints of any size."""
    shift = max(0, scale.bit_length() - 64)
    return (value >> shift) / (scale >> shift) if shift else value / scale


@lru_cache(maxsize=1)
def gatherer() -> Gatherer:
    """The shared compiled legs."""
    return Gatherer(engine())
