"""Optimal move counts of the magnetic tower: S(n), the total, and P(k), the moves of the k-th largest disk.

Every number comes from the magnetic engine (:mod:`hanoikit.solvers.magnetic`), exactly.

>>> total_moves("NNN", 7), total_moves("RBB", 5)
(687, 121)
>>> disk_move_counts("RBB", 4)
[1, 3, 9, 27]
>>> counts_table("NNN", 3)
[(1, 1, 1), (2, 4, 3), (3, 11, 7)]
>>> reachable_goals("RNR"), reachable_goals("RRR")
(('R',), ())
"""

from __future__ import annotations

from ..errors import UnsolvableError
from ..puzzle import VARIANTS, MagneticPuzzle
from ..state import Color

__all__ = ["total_moves", "disk_move_counts", "counts_table", "reachable_goals", "solvable_variants"]


def total_moves(colors: str, n: int, goal_up: Color | None = None, start_up: Color | None = None) -> int:
    """S(n): the least number of moves from the start tower to the goal tower; raises :class:`UnsolvableError`."""
    return MagneticPuzzle(n, colors, start_up=start_up, goal_up=goal_up).distance()


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
    return [(n, total_moves(colors, n, goal_up, start_up), disks[n - 1]) for n in range(1, upto + 1)]


def reachable_goals(colors: str, start_up: Color | None = None) -> tuple[Color, ...]:
    """The top colours the goal tower on D can show and be reached from the start (checked with three disks, which
    decides it for every n: see :func:`hanoikit.analysis.markov.class_system`)."""
    goals: list[Color] = []
    for goal in ("R", "B"):
        try:
            total_moves(colors, 3, goal, start_up)  # type: ignore[arg-type]
        except UnsolvableError:
            continue
        goals.append(goal)  # type: ignore[arg-type]
    return tuple(goals)


def solvable_variants() -> list[tuple[str, Color]]:
    """Every colouring with every goal colour that can be reached, start tower as by default."""
    return [(colors, goal) for colors in VARIANTS for goal in reachable_goals(colors)]
