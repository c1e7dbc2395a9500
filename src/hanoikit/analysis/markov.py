"""The matrix ("Markov") description of the optimal counts, derived from the engine: recursions, matrices,
characteristic polynomials and the asymptotic factors s = lim S(n)/3^n and p = lim P(k)/3^(k-1), exactly.

A *variant* is a tower-to-tower problem named as in seed 001: the colours of its source, intermediate and destination
posts, the start tower showing red (swap red and blue otherwise), and the goal colour after a slash when it is not the
default (blue, or red when the destination is red): ``"NNR"`` ends red up, ``"RNN/R"`` is RNN ending red up.

The engine's optimal plans are the same at every level from :func:`stationary_level` on, so every variant obeys a fixed
linear recursion over the finitely many *classes* of problems (problems equal by relabelling the posts, swapping the
colours or playing backwards): :func:`class_system`. Seed 001's own recursion over its seven variants is found among
the engine's optimal plans: :func:`seed_recursions`.

>>> seed_recursions()["NNN"]
(1, {'RNN': 1, 'NNR': 1})
>>> s, p = asymptotic_factors("NNN")
>>> s, p
(Fraction(10, 33), Fraction(20, 33))
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from typing import Any, cast

from ..errors import InvalidPuzzleError, UnsolvableError, quote
from ..move import as_count
from ..puzzle import MagneticPuzzle
from ..solvers import levels as L
from ..state import Color

__all__ = [
    "SEED_VARIANTS",
    "variant_name",
    "variant_key",
    "variant_slot",
    "stationary_level",
    "families",
    "class_system",
    "recursion",
    "asymptotic_factors",
    "seed_recursions",
    "seed_matrix",
    "seed_s1",
    "characteristic_polynomial",
    "eigenvalues",
]

SEED_VARIANTS = ("NNN", "RNN", "NNR", "NBR", "RNB", "RBN", "RRB")
"""The variants of seed 001's vector S(n), in its order (NNR and NBR end red up)."""

_LETTER = "NRB"
_MAX_DIGITS = 15  # a complex holds about 16 significant digits


def _name(col: int, P: int, Q: int) -> str:
    c = L.COLS[col]
    p, u = P >> 1, P & 1
    q, v = Q >> 1, Q & 1
    swap = u == 1  # the start shows blue: swap the colours so that it shows red
    letters = [_LETTER[(3 - x if x else 0) if swap else x] for x in c]
    goal = "RB"[v ^ swap]
    if p == q:
        others = sorted(letters[i] for i in range(3) if i != p)
        return f"{letters[p]}{''.join(others)}/flip"
    t = 3 - p - q
    colors = letters[p] + letters[t] + letters[q]
    default = "R" if colors[2] == "R" else "B"
    return colors if goal == default else f"{colors}/{goal}"


def variant_key(colors: str, goal_up: Color | None = None, start_up: Color | None = None) -> int:
    """The engine's key ``col * 36 + 6 P + Q`` of the tower-to-tower problem from S to D; the engine solves the
    magnetic towers on three posts (:class:`~hanoikit.InvalidPuzzleError` for others)."""
    puzzle = MagneticPuzzle(1, colors, start_up=start_up, goal_up=goal_up)
    if puzzle.posts != 3:
        raise InvalidPuzzleError(
            f"the engine counts the magnetic towers on three posts (colours of S, I, D such as NNN), not {colors!r}"
        )
    col: int = sum(" RB".index(ch if ch != "N" else " ") * 3**i for i, ch in enumerate(puzzle.colors))
    P = 0 + (puzzle.start_up == "B")
    Q = 4 + (puzzle.goal_up == "B")
    return col * 36 + 6 * P + Q


def variant_name(colors: str, goal_up: Color | None = None, start_up: Color | None = None) -> str:
    """The seed-style name of a puzzle's problem.

    >>> variant_name("NNR"), variant_name("RNN", "R"), variant_name("BNN")
    ('NNR', 'RNN/R', 'RNN/R')
    """
    col, rest = divmod(variant_key(colors, goal_up, start_up), 36)
    return _name(col, *divmod(rest, 6))


@lru_cache(maxsize=1)
def stationary_level() -> int:
    """The first level from which the engine's optimal plans are the same at every level (checked up to
    :data:`~hanoikit.solvers.levels.EXACT_LEVELS`)."""
    eng = L.engine()
    last = eng.plans(L.EXACT_LEVELS)
    level = L.EXACT_LEVELS
    while level > 1 and eng.plans(level - 1) == last:
        level -= 1
    return level


@lru_cache(maxsize=1)
def class_system() -> dict[str, Any]:
    """The linear recursion of all classes: ``V(m) = A V(m-1) + b`` for ``m >= stationary_level()``.

    Returns a dict with ``names`` (one representative variant name per class), ``A`` and ``b`` (sympy integer
    matrices), ``start`` (the level the recursion starts from) and ``initial`` (the exact costs ``V(start - 1)``).
    """
    import sympy

    eng = L.engine()
    size = len(eng.reps)
    A = sympy.zeros(size, size)
    b = sympy.zeros(size, 1)
    for i, (count, slots) in enumerate(eng.policy):
        b[i] = count
        for j in slots:
            A[i, j] += 1
    start = stationary_level()
    names = [_name(key // 36, *divmod(key % 36, 6)) for key in eng.reps]
    initial = sympy.Matrix([int(eng.level_costs(start - 1)[key]) for key in eng.reps])
    return {"names": names, "A": A, "b": b, "start": start, "initial": initial}


def variant_slot(colors: str, goal_up: Color | None = None, start_up: Color | None = None) -> int:
    """The engine's class of a variant (the index of its count in a level's row); raises
    :class:`~hanoikit.UnsolvableError` if the goal cannot be reached.

    >>> variant_slot("NNN") == variant_slot("NNN", "B")
    True
    """
    key = variant_key(colors, goal_up, start_up)
    slot = L.engine().slot[key]
    if slot < 0:
        raise UnsolvableError(f"the {variant_name(colors, goal_up, start_up)} tower cannot reach its goal")
    return slot


def recursion(colors: str, goal_up: Color | None = None, start_up: Color | None = None) -> tuple[int, dict[str, int]]:
    """The engine's recursion of a variant at large n: ``S(n) = moves + sum of S_w(n - 1)``, as
    ``(moves, {w: times})`` with each ``w`` named by its class representative.

    >>> recursion("RBB")  # the RBR piece is seed 001's RRB piece followed by its RBB piece
    (1, {'RBB': 1, 'RBR': 1})
    """
    eng = L.engine()
    system = class_system()
    count, slots = eng.policy[variant_slot(colors, goal_up, start_up)]
    return count, dict(Counter(system["names"][j] for j in slots))


def _projection(A: Any) -> tuple[Any, Any]:
    """Right and left eigenvectors of the simple eigenvalue 3 of ``A``, scaled so that ``w . u = 1``."""
    import sympy

    u = (A - 3 * sympy.eye(A.rows)).nullspace()
    w = (A.T - 3 * sympy.eye(A.rows)).nullspace()
    if len(u) != 1 or len(w) != 1:
        raise ValueError("the eigenvalue 3 is not simple")  # pragma: no cover
    u, w = u[0], w[0]
    return u, w / (w.T * u)[0]


@lru_cache(maxsize=1)
def _factors() -> tuple[list[Fraction], list[Fraction]]:
    import sympy

    system = class_system()
    A, b, start, initial = system["A"], system["b"], system["start"], system["initial"]
    u, w = _projection(A)
    # V(m) = A^(m-start+1) V(start-1) + sum_i A^i b; its 3^m part is u (w.V(start-1) + w.b / 2) 3^(m-start+1)
    s = u * ((w.T * initial)[0] + (w.T * b)[0] / 2) / sympy.Integer(3) ** (start - 1)
    p = u * (w.T * b)[0]
    return [Fraction(str(x)) for x in s], [Fraction(str(x)) for x in p]


def asymptotic_factors(
    colors: str, goal_up: Color | None = None, start_up: Color | None = None
) -> tuple[Fraction, Fraction]:
    """``(s, p)`` with S(n) ~ s 3^n and P(k) ~ p 3^(k-1), exactly, from the class system.

    >>> asymptotic_factors("RBB"), asymptotic_factors("NNR")
    ((Fraction(1, 2), Fraction(1, 1)), (Fraction(13, 22), Fraction(13, 11)))
    """
    slot = variant_slot(colors, goal_up, start_up)
    s, p = _factors()
    return s[slot], p[slot]


# -- seed 001's own description ---------------------------------------------------------------------------------------


def _class_of(name: str) -> int:
    colors, _, goal = name.partition("/")
    return variant_slot(colors, cast("Color | None", goal or None), None)  # MagneticPuzzle checks it


@lru_cache(maxsize=1)
def families() -> list[int]:
    """For each class, the first class with the same counts at every n (its *family*).

    Classes join when their counts agree at ``len(classes) + 1`` consecutive levels from the start of the class
    recursion on: their difference obeys that recursion (of order ``len(classes) + 1``), so it then vanishes forever.
    """
    eng = L.engine()
    return L.class_families(eng, len(eng.reps) + 1)


@lru_cache(maxsize=1)
def seed_recursions(level: int = 12) -> dict[str, tuple[int, dict[str, int]]]:
    """Seed 001's recursion of each of its variants, found among the engine's optimal plans: for each variant, an
    optimal plan of ``level`` disks whose pieces all belong to classes of seed variants, written with the seed's names.

    Pieces are matched by their counts (:func:`families`): seed 001 uses e.g. RRB for a piece that is RRN or NBB.
    Raises ``ValueError`` if a variant has no such plan (then the seed's recursion would not be optimal).
    """
    level = as_count(level, "the level")
    if level > L.EXACT_LEVELS:
        raise InvalidPuzzleError(f"the level is at most {L.EXACT_LEVELS}, not {level}")
    family = families()
    classes = {family[_class_of(name)]: name for name in SEED_VARIANTS}
    eng = L.engine()
    out: dict[str, tuple[int, dict[str, int]]] = {}
    for name in SEED_VARIANTS:
        key = variant_key(name)
        col, rest = divmod(key, 36)
        P, Q = divmod(rest, 6)
        choices = []
        for plan in L.optimal_plans(level, col, P, Q):
            count, keys = L.plan_terms(plan)
            slots = [family[eng.slot[k]] for k in keys]
            if all(slot in classes for slot in slots):
                choices.append((count, Counter(classes[slot] for slot in slots)))
        if not choices:
            raise ValueError(f"no optimal plan of {name} uses only the seed's variants")
        count, pieces = min(choices, key=lambda c: (sorted(c[1].items()), c[0]))
        out[name] = (count, {v: pieces[v] for v in SEED_VARIANTS if v in pieces})
    return out


def seed_matrix() -> Any:
    """Seed 001's 8 x 8 matrix M, rebuilt from :func:`seed_recursions` (the last row and column carry the constant)."""
    import sympy

    M = sympy.zeros(8, 8)
    for i, name in enumerate(SEED_VARIANTS):
        count, pieces = seed_recursions()[name]
        for w, times in pieces.items():
            M[i, SEED_VARIANTS.index(w)] = times
        M[i, 7] = count
    M[7, 7] = 1
    return M


def seed_s1() -> Any:
    """The vector S(1) of seed 001 (one disk), computed by the engine."""
    import sympy

    values = []
    for name in SEED_VARIANTS:
        values.append(MagneticPuzzle(1, name).distance())
    return sympy.Matrix(values + [1])


def characteristic_polynomial(M: Any) -> Any:
    """The factored characteristic polynomial of ``M`` in the variable K."""
    import sympy

    K = sympy.Symbol("K")
    return sympy.factor(M.charpoly(K).as_expr())


def eigenvalues(M: Any, digits: int = 6) -> list[complex]:
    """The eigenvalues of ``M`` with multiplicity, numerically, largest modulus first; ``digits`` from 1 to 15 (the
    roots are Python complex numbers, which hold no more)."""
    import sympy

    found = as_count(digits, "the number of digits")
    if found > _MAX_DIGITS:
        raise InvalidPuzzleError(f"the eigenvalues are computed to at most {_MAX_DIGITS} digits, not {quote(digits)}")
    digits = found

    K = sympy.Symbol("K")
    roots = sympy.Poly(M.charpoly(K).as_expr(), K).nroots(n=digits + 4)
    values = [complex(r) for r in roots]
    return sorted(values, key=lambda z: (-round(abs(z), 9), -z.real, -z.imag))
