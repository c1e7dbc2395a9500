"""A proof that the engine's fixed plans stay optimal at every level, checked by exact integer arithmetic.

Levels up to :data:`~hanoikit.solvers._levels.EXACT_LEVELS` are solved completely. Above, the engine uses the plans
of the last complete level; its costs are then ``V(m) = A V(m-1) + b`` (one value per class of problems). The plans
are optimal at level ``m`` if, in every tiny graph, no edge shortens a planned path: for an edge ``x -> y`` of cost
``w``, the *slack* ``D(x) + w - D(y) >= 0``, where ``D`` are the planned costs (a shortest-path tree is optimal exactly
when all slacks are non-negative). Each slack is ``c + l . V(m-1)``, an affine form in the costs one level down.

The proof is by induction on the level, for all slacks and for *dominance* claims ``V(m)[a] >= V(m)[b]`` between
classes of different growth ``s = lim V(m)/3^m``, together. A claim ``c + l . V(m-1) >= 0`` follows from lower levels
if, after substituting ``V = A V' + b`` some ``k`` times, the constant is ``>= 0`` and the negative coefficients can
be paid from positive ones of classes of strictly larger growth (dominance at a lower level, and costs ``>= 0``).
Classes whose costs agree at every level (*families*) are merged first; a slack that vanishes at ``R + 2``
consecutive levels (``R`` classes) vanishes at every level, since it obeys a linear recursion of order ``R + 1``.
The levels up to the deepest substitution used are checked directly on the exact costs.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import _levels as L

__all__: list[str] = []


@dataclass(frozen=True)
class Certificate:
    """What :func:`certify` proved: how many distinct slack forms, how many vanish identically, the deepest
    substitution used and the level up to which the claims were checked directly."""

    slacks: int
    vanishing: int
    depth: int
    checked_to: int


def class_families(eng: L.Engine, order: int) -> list[int]:
    """For each class of ``eng``, the first class whose counts agree with it at ``order`` consecutive levels from
    the exact ones on (then at every level, for a recursion of that order)."""
    top = L.EXACT_LEVELS + order + 2
    columns = list(zip(*(eng.row(m) for m in range(1, top + 1))))
    first: dict[tuple[int, ...], int] = {}
    return [first.setdefault(column, i) for i, column in enumerate(columns)]


def _slack_forms(eng: L.Engine) -> set[tuple[int, tuple[int, ...]]]:
    size = len(eng.reps)

    def form(compiled: tuple[int, tuple[int, ...]]) -> tuple[int, list[int]]:
        count, slots = compiled
        vector = [0] * size
        for slot in slots:
            vector[slot] += 1
        return count, vector

    forms: set[tuple[int, tuple[int, ...]]] = set()
    for col in range(27):
        adjacency = L.edges(col, False)
        for P in L.perfect_sources(col):
            planned = {x: form(got) for x in range(36) if (got := eng.compiled(col, P, x)) is not None}
            for x, (cx, vx) in planned.items():
                for y, kind, a, b, c in adjacency[x]:
                    weight = [0] * size
                    if kind == 0:
                        cw = 1
                    else:
                        slot = eng.slot[a * 36 + 6 * b + c]
                        if slot < 0:
                            continue
                        cw, weight[slot] = 0, 1
                    if y not in planned:
                        raise AssertionError(f"a planned node reaches an unplanned one (colours {col}, from {P})")
                    cy, vy = planned[y]
                    forms.add((cx + cw - cy, tuple(vx[i] + weight[i] - vy[i] for i in range(size))))
    return forms


def _group(value: int, groups: list[int]) -> int:
    """The index of the growth group of a cost at the comparison level: costs within 1/1000 share a group."""
    for index, g in enumerate(groups):
        if abs(value - g) * 1000 <= g:
            return index
    raise AssertionError(value)  # pragma: no cover


def certify(max_depth: int = 60) -> Certificate:
    """Prove that the engine's plans are optimal at every level; raises ``AssertionError`` if the proof fails.

    >>> certify()
    Certificate(slacks=61, vanishing=2, depth=6, checked_to=32)
    """
    eng = L.engine()
    size = len(eng.reps)
    family = class_families(eng, size + 1)
    A_T = [[0] * size for _ in range(size)]
    b = [0] * size
    for i, (count, slots) in enumerate(eng.policy):
        b[i] = count
        for j in slots:
            A_T[j][i] += 1
    start = max(m for m in range(1, L.EXACT_LEVELS + 1) if eng.plans(m) != eng.plans(L.EXACT_LEVELS)) + 1
    final = eng.row(L.EXACT_LEVELS + 64)
    zero = {i for i, plan in enumerate(eng.policy) if plan == (0, ())}  # towers that stay put: cost 0 at every level
    finite = [{k for k in range(972) if eng.level_costs(m)[k] != L.INF} for m in (L.EXACT_LEVELS - 1, L.EXACT_LEVELS)]
    assert finite[0] == finite[1], "the solvable problems differ between the last two complete levels"
    # families of positive cost grouped by their growth s = lim V/3^m (compared through a high level): a family of
    # larger s is proven to cost at least as much as one of smaller s, at every level
    scale = {i: final[i] for i in range(size) if family[i] == i and i not in zero}
    groups = sorted(set(scale.values()), reverse=True)
    group_of = {i: _group(scale[i], groups) for i in scale}
    ordered = sorted(scale, key=lambda i: group_of[i])

    def merge(vector: list[int]) -> list[int]:
        out = [0] * size
        for i, x in enumerate(vector):
            if i not in zero:
                out[family[i]] += x
        return out

    def covered(c: int, vector: list[int]) -> bool:
        """Whether c + vector . V >= 0 follows from V >= 0 and the dominance of larger-growth families: negative
        coefficients must be paid from positive ones of strictly larger growth (Hall's condition, top down)."""
        if c < 0:
            return False
        pool, position = 0, 0
        while position < len(ordered):
            group = group_of[ordered[position]]
            members = []
            while position < len(ordered) and group_of[ordered[position]] == group:
                members.append(ordered[position])
                position += 1
            pool += sum(vector[i] for i in members if vector[i] < 0)
            if pool < 0:
                return False
            pool += sum(vector[i] for i in members if vector[i] > 0)
        return True

    def depth(c: int, vector: list[int], least: int) -> int | None:
        vector = merge(vector)
        for k in range(max_depth + 1):
            if k >= least and covered(c, vector):
                return k
            c += sum(vector[i] * b[i] for i in range(size))
            vector = merge([sum(A_T[i][j] * vector[j] for j in range(size)) for i in range(size)])
        return None

    claims: list[tuple[int, tuple[int, ...], int]] = []  # (c, l, shift): the claim c + l . V(m - shift) >= 0
    deepest, vanishing = 0, 0
    failed: list[tuple[int, tuple[int, ...]]] = []
    forms = _slack_forms(eng)
    for c, vector in forms:
        k = depth(c, list(vector), 0)
        if k is None:
            values = [c + sum(v * r for v, r in zip(vector, eng.row(m - 1))) for m in range(start, start + size + 2)]
            if any(values):
                failed.append((c, vector))
                continue
            vanishing += 1
            continue
        deepest = max(deepest, k)
        claims.append((c, vector, 1))
    for upper in ordered:
        for lower in ordered:
            if group_of[upper] < group_of[lower]:
                diff = [0] * size
                diff[upper], diff[lower] = 1, -1
                k = depth(0, diff, 1)
                if k is None:
                    raise AssertionError(f"class {upper} is not proven to cost at least class {lower}")
                deepest = max(deepest, k)
                claims.append((0, tuple(diff), 0))
    if failed:
        raise AssertionError(f"{len(failed)} slacks are not proven non-negative: {failed}")
    # base levels: every claim directly on the exact costs
    checked_to = L.EXACT_LEVELS + deepest + 2
    for m in range(L.EXACT_LEVELS + 1, checked_to + 1):
        for c, vector, shift in claims:
            row = eng.row(m - shift)
            assert c + sum(v * r for v, r in zip(vector, row)) >= 0, (m, c, vector)
    return Certificate(len(forms), vanishing, deepest, checked_to)
