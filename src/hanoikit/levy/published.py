"""Levy's published algorithms by name: each is an Appendix 1 function run on the whole tower from S to D, with the
colouring of the tower it was published for.

- ``"100"``: ``move_busy_1and2`` on the whole tower; optimal on the coloured tower RBB, (3^n - 1)/2 moves.
- ``"67-down"``, ``"67-up"``: ``move_down_67`` / ``move_up_67``; 3^(n-1) + n - 1 moves on the free tower.
- ``"62"``: ``solve_MToH_puzzle``; 1, 4, 11, 30, 83, 236, 691, 2050, ... moves on the free tower.
- ``"semifree"``: ``move_semifree_BNR``; for the semi-coloured tower RNB, 1, 4, 11, 32, 93, 276, 823, 2464, ...

>>> get("62").call(2)
solve_MToH_puzzle(2, 0, 2, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..errors import UnknownMethodError
from ..move import as_count
from ..puzzle import MagneticPuzzle
from .appendix import Call, move_busy_1and2, move_down_67, move_semifree_BNR, move_up_67, solve_MToH_puzzle

__all__ = ["ALGORITHMS", "Published", "get", "check_n"]


class Published(NamedTuple):
    """A published algorithm: the Appendix 1 function run on the whole tower from S to D, and the colouring of the
    tower it was published for."""

    name: str
    function: Callable[[int, int, int, int], Call]
    colors: str
    description: str

    def call(self, n: int) -> Call:
        """The whole ``n``-disk tower from S to D (spare post I)."""
        return self.function(n, 0, 2, 1)

    def puzzle(self, n: int) -> MagneticPuzzle:
        """The tower the algorithm was published for, with ``n`` disks."""
        return MagneticPuzzle(n, self.colors)


ALGORITHMS: dict[str, Published] = {
    a.name: a
    for a in (
        Published(
            "100", move_busy_1and2, "RBB", "move_busy_1and2: the coloured tower, optimal on RBB, (3^n-1)/2 moves"
        ),
        Published("67-down", move_down_67, "NNN", "move_down_67: the free tower in 3^(n-1)+n-1 moves"),
        Published("67-up", move_up_67, "NNN", "move_up_67: the free tower in 3^(n-1)+n-1 moves, crossing other posts"),
        Published("62", solve_MToH_puzzle, "NNN", "solve_MToH_puzzle: the free tower, Levy's shortest"),
        Published("semifree", move_semifree_BNR, "RNB", "move_semifree_BNR: the semi-coloured tower RNB"),
    )
}
"""The published algorithms by name (:mod:`hanoikit.algorithms` lists them beside the others)."""


def get(algorithm: str) -> Published:
    """The algorithm named ``algorithm`` (case does not matter); raises :class:`UnknownMethodError`.

    >>> get("62").colors
    'NNN'
    >>> try:
    ...     get("63")
    ... except UnknownMethodError as error:
    ...     print(error)
    unknown algorithm '63': choose one of '100', '67-down', '67-up', '62', 'semifree'
    """
    found = ALGORITHMS.get(algorithm.lower()) if isinstance(algorithm, str) else None
    if found is None:
        allowed = ", ".join(repr(name) for name in ALGORITHMS)
        raise UnknownMethodError(f"unknown algorithm {algorithm!r}: choose one of {allowed}")
    return found


def check_n(n: int) -> int:
    """``n`` if it is a number of disks (a whole number of at least 1), else :class:`InvalidPuzzleError`."""
    return as_count(n, "the number of disks")
