"""Seed 003's three ways to play without thinking, side by side with the recursion they come from.

* the disk formula: move ``k`` (from 0) takes disk ``floor(log2(k XOR (k + 1))) + 1``;
* the four-step cycle: smallest disk one post on, second smallest one post the other way, smallest onto it, then the
  one move left for a larger disk (the smallest goes S→I→D→S for even ``n``, S→D→I→S for odd ``n``);
* the three-step cycle: the legal move between S and I, then S and D, then I and D (odd ``n``: S–D, S–I, I–D).

>>> rows = steps(3)
>>> [(row.move, row.formula, row.four_step, row.three_step) for row in rows[:2]]
[(Move(1, 0, 2), 1, Move(1, 0, 2), Move(1, 0, 2)), (Move(2, 0, 1), 2, Move(2, 0, 1), Move(2, 0, 1))]
>>> all(row.agree for row in rows)
True
>>> rows[3].calls, rows[4].calls
('3SD', '3SD›2ID›1IS')
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

from ..digits import rounded
from ..errors import TooLargeError
from ..move import POST_NAMES, Move, as_count

if TYPE_CHECKING:
    from rich.table import Table

__all__ = ["MAX_DISKS", "Step", "steps", "four_step_rule", "three_step_pair", "table"]

MAX_DISKS = 8
"""The largest tower whose steps are tabulated (255 rows)."""


class Step(NamedTuple):
    """Move ``k`` (from 0) of the optimal solution as the recursion makes it (``move``, with ``calls``: the towers
    being moved, outermost first, each written like a move of its largest disk), the disk the formula gives, and the
    moves the two cycles make."""

    n: int
    k: int
    move: Move
    calls: str
    formula: int
    four_step: Move
    three_step: Move

    @property
    def agree(self) -> bool:
        """Whether the formula and both cycles make the recursion's move, for the reason each cycle states."""
        disk, phase = self.move.disk, self.k % 4
        return (
            self.formula == disk
            and self.four_step == self.move
            and self.three_step == self.move
            and (disk == 1 if phase in (0, 2) else disk == 2 if phase == 1 else disk >= 3)
            and {self.move.src, self.move.dst} == set(three_step_pair(self.k, self.n))
        )


def _check(n: int) -> int:
    n = as_count(n, "the number of disks")
    if n > MAX_DISKS:
        raise TooLargeError(
            f"the table is shown up to {MAX_DISKS} disks ({2**MAX_DISKS - 1:,} steps), not {rounded(n)}"
        )
    return n


def _recursion(height: int, src: int, dst: int, outer: tuple[str, ...]) -> Iterator[tuple[Move, str]]:
    calls = outer + (str(Move(height, src, dst)),)
    spare = 3 - src - dst
    if height > 1:
        yield from _recursion(height - 1, src, spare, calls)
    yield Move(height, src, dst), "›".join(calls)
    if height > 1:
        yield from _recursion(height - 1, spare, dst, calls)


def four_step_rule(k: int, n: int) -> str:
    """What the four-step cycle says at move ``k`` (from 0) of an ``n``-disk tower.

    >>> [four_step_rule(k, 4) for k in range(4)]
    ['1 one on (S→I→D)', '2 one back', '1 onto 2', 'only other move']
    """
    k, n = as_count(k, "the move number", low=0), as_count(n, "the number of disks")
    cycle = "S→I→D" if n % 2 == 0 else "S→D→I"
    return (f"1 one on ({cycle})", "2 one back", "1 onto 2", "only other move")[k % 4]


def three_step_pair(k: int, n: int) -> tuple[int, int]:
    """The two posts the three-step cycle looks at in move ``k`` (from 0) of an ``n``-disk tower.

    >>> [three_step_pair(k, 2) for k in range(3)], three_step_pair(0, 3)
    ([(0, 1), (0, 2), (1, 2)], (0, 2))
    """
    k, n = as_count(k, "the move number", low=0), as_count(n, "the number of disks")
    pairs = ((0, 1), (0, 2), (1, 2)) if n % 2 == 0 else ((0, 2), (0, 1), (1, 2))
    return pairs[k % 3]


def steps(n: int) -> list[Step]:
    """Every move of the ``n``-disk solution with the recursion, the formula and both cycles (from
    :mod:`hanoikit.solvers.classic`)."""
    n = _check(n)
    from ..solvers.classic import disk_at, four_step, three_step

    rows = []
    for k, ((move, calls), four, three) in enumerate(zip(_recursion(n, 0, 2, ()), four_step(n), three_step(n))):
        rows.append(Step(n, k, move, calls, disk_at(k), four, three))
    return rows


def table(n: int) -> Table:
    """A rich table of :func:`steps` for the terminal."""
    from rich.table import Table


    rows = steps(n)
    grid = Table(
        title=f"{n} disks, {len(rows)} moves: the recursion, the disk formula and the 4- and 3-step cycles agree",
        caption=(
            "recursion: the towers being moved, outermost first (3SD: 3 disks from S to D)\n"
            "formula: disk = floor(log2(k XOR (k+1))) + 1, k from 0\n"
            "4-step cycle: 1 = smallest disk, 2 = second smallest\n"
            "3-step: the pair of posts to move between"
        ),
    )
    grid.pad_edge = False  # with the columns below, 8 disks fit 80 columns, every word whole
    grid.add_column("k", justify="right", no_wrap=True)
    grid.add_column("recursion", no_wrap=True)
    for heading in ("move", "formula"):
        grid.add_column(heading, justify="center", no_wrap=True, min_width=len(heading))
    grid.add_column("4-step cycle", min_width=len("(S→D→I)"))
    grid.add_column("3-step", justify="center", no_wrap=True, min_width=len("3-step"))
    grid.add_column("", justify="center", no_wrap=True)
    for row in rows:
        a, b = three_step_pair(row.k, n)
        grid.add_row(
            str(row.k),
            row.calls,
            str(row.move),
            str(row.formula),
            four_step_rule(row.k, n),
            f"{POST_NAMES[a]}–{POST_NAMES[b]}",
            "[green]✓[/]" if row.agree else "[red]✗[/]",
        )
    return grid
