"""Positions drawn as plain text, for terminals, logs and doctests.

>>> from hanoikit import Puzzle, MagneticPuzzle, State
>>> print(diagram(State.parse("SSI")))
    |        |        |
   [1]       |        |
  [=2=]   [==3==]     |
===========================
    S        I        D
>>> print(diagram(State.parse("IS:BR"), MagneticPuzzle(2, "NNB")))
    |        |        |
 [rr2rr]   [b1b]      |
===========================
    S        I       D(B)
"""

from __future__ import annotations

from .limits import MAX_DIAGRAM_DISKS, ensure_at_most
from .move import as_count, post_names
from .puzzle import Puzzle
from .state import State

__all__ = ["diagram", "disk_text"]


def disk_text(disk: int, up: str | None = None) -> str:
    """One disk as text: ``[==3==]``, ``2 * disk + 1`` characters wide; a magnetic disk is two characters wider and
    filled with the letter of its top colour.

    >>> disk_text(1), disk_text(3), disk_text(1, "R"), disk_text(3, "B")
    ('[1]', '[==3==]', '[r1r]', '[bbb3bbb]')
    """
    disk = as_count(disk, "a disk")
    ensure_at_most(disk, MAX_DIAGRAM_DISKS, "disks (drawn as text)")
    if up is None:
        return f"[{str(disk).center(2 * disk - 1, '=')}]"
    return f"[{str(disk).center(2 * disk + 1, up.lower())}]"


def diagram(state: State, puzzle: Puzzle | None = None) -> str:
    """An ASCII drawing of ``state``: its posts with their disks, the base, and the post names.

    A magnetic disk is filled with the letter of the colour it shows on top (``r`` or ``b``); a pre-coloured post is
    named with its colour, e.g. ``D(B)``. A drawing grows as the square of the disks: up to
    :data:`~hanoikit.limits.MAX_DIAGRAM_DISKS` disks (else :class:`~hanoikit.TooLargeError`).

    >>> print(diagram(State.parse("SJD")))
        |        |        |        |
       [1]       |      [=2=]   [==3==]
    ====================================
        S        I        J        D
    """
    if not isinstance(state, State):
        raise TypeError(f"diagram draws a State, not {type(state).__name__}: use State.parse(text)")
    if puzzle is not None and not isinstance(puzzle, Puzzle):
        raise TypeError(f"the puzzle is a Puzzle or None, not {type(puzzle).__name__}")
    if puzzle is not None:
        puzzle.check(state)
    ensure_at_most(state.n, MAX_DIAGRAM_DISKS, "disks (drawn as text)")
    n, k = state.n, state.post_count
    width = 2 * n + (3 if state.ups is None else 5)
    stacks = state.stacks()
    height = max(len(stack) for stack in stacks) + 1
    columns = []
    for stack in stacks:
        cells = [disk_text(disk, state.up(disk)).center(width) for disk in stack]
        cells += ["|".center(width)] * (height - len(stack))
        columns.append(cells[::-1])
    rows = ["".join(column[row] for column in columns).rstrip() for row in range(height)]
    rows.append("=" * (k * width))
    colors = "N" * k if puzzle is None else puzzle.colors
    names = [name if color == "N" else f"{name}({color})" for name, color in zip(post_names(k), colors)]
    rows.append("".join(name.center(width) for name in names).rstrip())
    return "\n".join(rows)
