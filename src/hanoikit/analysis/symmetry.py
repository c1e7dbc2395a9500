"""Symmetries of the magnetic variants, found by computation: time reversal, red-blue swap, and equal counts.

* **Red-blue swap**: swapping the two colours everywhere (post colours, start and goal faces) gives the same puzzle;
  names normalise the start tower to show red, so BNN (start blue, goal blue) *is* RNN/R.
* **Time reversal**: playing a solution backwards solves the puzzle with S and D exchanged and the start and goal faces
  exchanged; it has the same optimal count but a different algorithm (seed 001: RBB/RRB, RBN/NRB, RNN/NNB).
* **Equal counts**: some puzzles that neither symmetry relates still have the same counts at every n (RRN and RBB).

>>> time_reversal("RBB"), time_reversal("RNN"), time_reversal("RBN")
('RRB', 'NNB', 'NRB')
>>> color_swap("BNN"), normal_name("BNN")
('RNN/R', 'RNN/R')
"""

from __future__ import annotations

from collections import defaultdict
from typing import cast

from ..puzzle import MagneticPuzzle
from ..state import Color, flip
from . import markov
from .counts import solvable_variants

__all__ = [
    "time_reversal",
    "color_swap",
    "normal_name",
    "variant_names",
    "count_family",
    "reversal_pairs",
    "swap_pairs",
    "distinct_families",
]

_SWAP = str.maketrans("RB", "BR")


def _parse(name: str) -> tuple[str, Color | None]:
    colors, _, goal = name.partition("/")
    return colors, cast("Color | None", goal or None)  # MagneticPuzzle checks it


def _puzzle(name: str) -> MagneticPuzzle:
    colors, goal = _parse(name)
    return MagneticPuzzle(1, colors, goal_up=goal)


def time_reversal(name: str) -> str:
    """The time-reversed variant: start and goal exchanged (posts S and D, start and goal faces)."""
    p = _puzzle(name)
    return markov.variant_name(p.colors[::-1], goal_up=p.start_up, start_up=p.goal_up)


def color_swap(name: str) -> str:
    """The variant with red and blue swapped everywhere, named with its start tower showing red."""
    p = _puzzle(name)
    return markov.variant_name(p.colors.translate(_SWAP), goal_up=flip(p.goal_up), start_up=flip(p.start_up))


def variant_names() -> list[str]:
    """Every colouring with every goal face that can be reached, the start tower as by default, by seed-style name
    (the colouring's own letters; a goal face other than the default after a slash)."""
    return [colors if goal == _default_goal(colors) else f"{colors}/{goal}" for colors, goal in solvable_variants()]


def _default_goal(colors: str) -> str:
    return "R" if colors[2] == "R" else "B"


def count_family(name: str) -> int:
    """An id shared by exactly the variants with the same optimal count S(n) at every n (see
    :func:`hanoikit.analysis.markov.families`)."""
    colors, goal = _parse(name)
    slot = markov.variant_slot(colors, goal, None)
    return markov.families()[slot]


def reversal_pairs() -> list[tuple[str, str]]:
    """Pairs of different variants that are each other's time reversal (equal counts, checked)."""
    names = variant_names()
    pairs = []
    for name in names:
        other = time_reversal(name)
        if other != normal_name(name) and normal_name(name) < other:
            assert count_family(name) == count_family(other)
            pairs.append((normal_name(name), other))
    return sorted(set(pairs))


def normal_name(name: str) -> str:
    """The seed-style name of a variant, its start tower showing red (red and blue swapped if needed)."""
    return markov.variant_name(*_parse(name))


def swap_pairs() -> list[tuple[str, str]]:
    """Colourings (default start) that are the same puzzle as another variant with red and blue swapped."""
    return [(name, normal_name(name)) for name in variant_names() if normal_name(name) != name]


def distinct_families() -> dict[int, list[str]]:
    """The variants grouped by equal counts: one entry per genuinely different count sequence."""
    groups: dict[int, list[str]] = defaultdict(list)
    for name in variant_names():
        groups[count_family(name)].append(name)
    return dict(groups)
