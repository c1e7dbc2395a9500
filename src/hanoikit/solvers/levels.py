"""The magnetic engine's level tables, for the analyses that read them (:mod:`hanoikit.analysis`).

The engine (:func:`engine`) keeps, level by level, the optimal cost of every perfect-to-perfect problem of the tiny
graphs: exactly up to :data:`EXACT_LEVELS`, as rows of one int per class of symmetric problems above, cached up to
:data:`CACHED_LEVELS`. The implementation is private to :mod:`hanoikit.solvers`; this module is its public face.

>>> from hanoikit import MagneticPuzzle
>>> key = 6 * 0 + 5  # the neutral colouring NNN (column 0), S red up (config 0) to D blue up (config 5)
>>> [int(engine().level_costs(m)[key]) for m in range(1, 5)] == [MagneticPuzzle(m).distance() for m in range(1, 5)]
True
"""

from __future__ import annotations

from ._certificate import class_families
from ._levels import CACHED_LEVELS, COLS, EXACT_LEVELS, Engine, engine, optimal_plans, plan_terms

__all__ = [
    "engine", "Engine", "EXACT_LEVELS", "CACHED_LEVELS", "COLS", "optimal_plans", "plan_terms", "class_families",
]
