"""Optimal move counts of the magnetic tower: S(n), the total, and P(k), the moves of the k-th largest disk.

Every number comes from the magnetic engine (:mod:`hanoikit.solvers.magnetic`), exactly.

>>> total_moves("NNN", 7), total_moves("RBB", 5)
(687, 121)
>>> disk_move_counts("RBB", 4)
[1, 3, 9, 27]
>>> counts_table("NNN", 3)
[(1, 1, 1), (2, 4, 3), (3, 11, 7)]
>>> totals_upto("NNN", 7)
[1, 4, 11, 30, 83, 236, 687]
>>> reachable_goals("RNR"), reachable_goals("RRR")
(('R',), ())
>>> closed_form("RBB"), closed_form("RBB", kind="P")
((3**n/2 - 1/2, 1), (3**(k - 1), 1))
"""

from __future__ import annotations

from ..errors import InvalidPuzzleError, UnknownMethodError, UnsolvableError, quote
from ..limits import MAX_RECURRENCE_TERMS, MAX_TOTALS_DISKS, ensure_at_most
from ..move import as_count, as_int
from ..puzzle import VARIANTS, MagneticPuzzle
from ..state import Color

__all__ = [
    "total_moves",
    "totals_upto",
    "disk_move_counts",
    "counts_table",
    "reachable_goals",
    "solvable_variants",
    "linear_recurrence",
    "closed_form",
]


def total_moves(colors: str, n: int, goal_up: Color | None = None, start_up: Color | None = None) -> int:
    """S(n): the least number of moves from the start tower to the goal tower; raises :class:`UnsolvableError`."""
    return MagneticPuzzle(n, colors, start_up=start_up, goal_up=goal_up).distance()


def totals_upto(colors: str, upto: int, goal_up: Color | None = None, start_up: Color | None = None) -> list[int]:
    """S(1), ..., S(``upto``) in one pass over the levels (each level's costs from the one below); raises
    :class:`UnsolvableError`. The answer itself has O(upto^2) digits, and that is the cost: ``upto`` at most
    :data:`~hanoikit.limits.MAX_TOTALS_DISKS` (else :class:`~hanoikit.TooLargeError`, at once). The tower is one
    of the three-post magnetic towers (else :class:`~hanoikit.InvalidPuzzleError`)."""
    from ..solvers import levels as L
    from .markov import variant_key

    key = variant_key(colors, goal_up, start_up)  # a three-post tower
    if as_int(upto) is None:
        raise InvalidPuzzleError(f"upto is a whole number of disks, not {quote(upto)}")
    ensure_at_most(upto, MAX_TOTALS_DISKS, "totals")
    MagneticPuzzle(1, colors, start_up=start_up, goal_up=goal_up).distance()  # the same error if there is no solution
    eng = L.engine()
    out = [int(eng.level_costs(m)[key]) for m in range(1, min(upto, L.EXACT_LEVELS) + 1)]
    slot = eng.slot[key]
    row = eng.row(L.EXACT_LEVELS)
    for m in range(L.EXACT_LEVELS + 1, upto + 1):
        row = eng.row(m) if m <= L.CACHED_LEVELS else eng.next_row(row)
        out.append(row[slot])
    return out


def disk_move_counts(colors: str, n: int, goal_up: Color | None = None, start_up: Color | None = None) -> list[int]:
    """P(1), ..., P(n): how often the k-th largest disk moves in the engine's optimal solution (k = 1 is the largest,
    as in seed 001)."""
    return MagneticPuzzle(n, colors, start_up=start_up, goal_up=goal_up).disk_moves()[::-1]


def counts_table(
    colors: str, upto: int, goal_up: Color | None = None, start_up: Color | None = None
) -> list[tuple[int, int, int]]:
    """Rows ``(n, S(n), P(n))`` for n = 1 .. ``upto``, where P(n) is the moves of the n-th largest disk of a tower of
    ``upto`` disks."""
    disks = disk_move_counts(colors, upto, goal_up, start_up)
    totals = totals_upto(colors, upto, goal_up, start_up)
    return [(n, totals[n - 1], disks[n - 1]) for n in range(1, upto + 1)]


def reachable_goals(colors: str, start_up: Color | None = None) -> tuple[Color, ...]:
    """The top colours the goal tower on D can show and be reached from the start tower.

    Decided with three disks: which tower-to-tower problems can be solved is the same at every level from the first on
    (the engine's complete levels agree, and the fixed plans keep it so), and the tests check n = 1, 2, 6."""
    goals: list[Color] = []
    for goal in ("R", "B"):
        try:
            total_moves(colors, 3, goal, start_up)
        except UnsolvableError:
            continue
        goals.append(goal)
    return tuple(goals)


def solvable_variants() -> list[tuple[str, Color]]:
    """Every colouring with every goal colour that can be reached, start tower as by default."""
    return [(colors, goal) for colors in VARIANTS for goal in reachable_goals(colors)]


def linear_recurrence(values: list[int], max_order: int = 12) -> tuple[list[int], int] | None:
    """The shortest recursion ``a(i) = c_1 a(i-1) + ... + c_d a(i-d)`` that ``values`` obey from some index on:
    ``(coefficients, first index it holds for)``, or ``None``. Exact rational linear algebra; the fit must hold on
    all remaining values (at least ``d + 4`` of them)."""
    from fractions import Fraction

    import sympy

    max_order = as_count(max_order, "the highest order")
    for order in range(1, max_order + 1):
        for offset in range(0, 6):
            if len(values) < offset + 2 * order + 4:
                return None
            rows = [values[offset + i : offset + i + order][::-1] for i in range(order)]
            rhs = [values[offset + i + order] for i in range(order)]
            system = sympy.Matrix(rows)
            if system.det() == 0:
                continue
            coeffs = [Fraction(str(c)) for c in system.LUsolve(sympy.Matrix(rhs))]
            if any(c.denominator != 1 for c in coeffs):
                continue
            ints = [int(c) for c in coeffs]
            if all(
                values[i] == sum(c * values[i - j - 1] for j, c in enumerate(ints))
                for i in range(offset + order, len(values))
            ):
                return ints, offset + order
    return None


def closed_form(
    colors: str, goal_up: Color | None = None, start_up: Color | None = None, kind: str = "S", terms: int = 40
) -> tuple[object, int] | None:
    """A closed form of S(n) (``kind="S"``, in ``n``) or P(k) (``kind="P"``, in ``k``) as a sympy expression and the
    first index it holds for, derived by solving the counts' linear recursion with sympy's ``rsolve``; ``None`` when
    the recursion's characteristic roots are not all rational (e.g. the free puzzle: the roots of K^3 - K - 2).
    ``terms`` at most :data:`~hanoikit.limits.MAX_RECURRENCE_TERMS`; ``kind`` another letter:
    :class:`~hanoikit.UnknownMethodError`."""
    import sympy

    if kind not in ("S", "P"):
        raise UnknownMethodError(f"kind must be 'S' or 'P', not {kind!r}")
    terms = as_count(terms, "the number of terms")
    ensure_at_most(terms, MAX_RECURRENCE_TERMS, "terms")

    if kind == "S":
        values = [total_moves(colors, i, goal_up, start_up) for i in range(1, terms + 1)]
    else:
        values = disk_move_counts(colors, terms, goal_up, start_up)
    found = linear_recurrence(values)
    if found is None:
        return None
    coeffs, first = found
    K = sympy.Symbol("K")
    poly = sympy.Poly(K ** len(coeffs) - sum(c * K ** (len(coeffs) - 1 - j) for j, c in enumerate(coeffs)), K)
    if any(sympy.degree(f, K) > 1 for f, _ in sympy.factor_list(poly.as_expr())[1]):
        return None
    var = sympy.Symbol("n" if kind == "S" else "k", integer=True)
    a = sympy.Function("a")
    d = len(coeffs)
    equation = a(var) - sum(c * a(var - j - 1) for j, c in enumerate(coeffs))
    start = max(first - d, 0)
    initial = {a(start + 1 + i): values[start + i] for i in range(d)}
    solution = sympy.rsolve(equation, a(var), initial)
    if solution is None:  # pragma: no cover
        return None
    solution = sympy.simplify(solution)
    if any(solution.subs(var, i + 1) != values[i] for i in range(start, len(values))):  # pragma: no cover
        return None
    return solution, start + 1
