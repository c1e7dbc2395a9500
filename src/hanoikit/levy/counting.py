"""How many moves Levy's algorithms make, counted without making them, and how they compare with the optimum.

>>> counts("62", 5), counts("100", 3), counts("67-down", 64) == 3**63 + 63
(83, 13, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..limits import MAX_COUNT_ROWS, MAX_DISKS, MAX_LEVY_DISK_COUNTS_DISKS, MAX_LEVY_DISKS, ensure_at_most
from ..move import as_count
from ..puzzle import MagneticPuzzle
from .appendix import disk_moves_made, moves_made, warm
from .published import check_n, get

__all__ = ["Comparison", "compare", "counts", "disk_counts", "first_suboptimal", "structural_count"]

_CLOSED_FORMS: dict[str, tuple[int, Callable[[int], int]]] = {
    "100": (1, lambda n: (3**n - 1) // 2),
    "67-down": (1, lambda n: 3 ** (n - 1) + n - 1),
    "67-up": (1, lambda n: 3 ** (n - 1) + n - 1),
    "62": (3, lambda n: (67 * 3**n - 27 * (-1) ** n + 540 * (n - 2)) // 216),
    "semifree": (1, lambda n: (3 ** (n + 1) + 4 * n - 4 + (-1) ** n) // 8),
}
"""Each algorithm's count in closed form, from the least ``n`` on which it holds. The counts of Appendix 1's
functions satisfy linear recurrences whose characteristic roots are 3, 1 (double) and -1; the coefficients were solved
from the first counts of :func:`structural_count`, which the tests check the forms against."""


def structural_count(algorithm: str, n: int) -> int:
    """How many moves ``algorithm`` makes on ``n`` disks, by recursion over its functions, no moves made: the
    definition :func:`counts` is checked against. Linear in ``n`` big-int additions, each kept: up to
    :data:`~hanoikit.limits.MAX_LEVY_DISKS` disks (else :class:`~hanoikit.TooLargeError`).

    >>> [structural_count("62", n) for n in range(1, 9)]
    [1, 4, 11, 30, 83, 236, 691, 2050]
    """
    n = check_n(n)
    call = get(algorithm).call(n)
    ensure_at_most(n, MAX_LEVY_DISKS, "disks (counting Levy's moves call by call)")
    warm(moves_made, n)
    return moves_made(call.function, n)


def counts(algorithm: str, n: int) -> int:
    """How many moves ``algorithm`` makes on ``n`` disks: exact, in closed form (one power of 3), no moves made; up to
    :data:`~hanoikit.limits.MAX_DISKS` disks (else :class:`~hanoikit.TooLargeError`).

    >>> [counts("semifree", n) for n in range(1, 9)]
    [1, 4, 11, 32, 93, 276, 823, 2464]
    >>> counts("100", 1000) == (3**1000 - 1) // 2
    True
    >>> from hanoikit.levy import ALGORITHMS
    >>> all(counts(name, n) == structural_count(name, n) for name in ALGORITHMS for n in range(1, 300))
    True
    """
    start, form = _CLOSED_FORMS[get(algorithm).name]
    n = check_n(n)
    ensure_at_most(n, MAX_DISKS, "disks")
    return form(n) if n >= start else structural_count(algorithm, n)


def disk_counts(algorithm: str, n: int) -> list[int]:
    """How often each disk moves under ``algorithm`` on ``n`` disks; index 0 is disk 1 (the smallest). Up to
    :data:`~hanoikit.limits.MAX_LEVY_DISK_COUNTS_DISKS` disks (else :class:`~hanoikit.TooLargeError`).

    >>> disk_counts("67-down", 5)
    [55, 19, 7, 3, 1]
    """
    n = check_n(n)
    call = get(algorithm).call(n)
    ensure_at_most(n, MAX_LEVY_DISK_COUNTS_DISKS, "disks (counting the moves of each disk)")
    warm(disk_moves_made, n)
    return list(disk_moves_made(call.function, n))


class Comparison(NamedTuple):
    """An algorithm's move count on ``n`` disks next to the optimum of the same tower."""

    n: int
    moves: int
    optimal: int

    @property
    def excess(self) -> int:
        """Moves beyond the optimum."""
        return self.moves - self.optimal


def compare(algorithm: str, upto: int, colors: str | None = None) -> list[Comparison]:
    """``algorithm``'s counts for 1 to ``upto`` disks beside the optimal counts of the tower ``colors`` (default: the
    one it was published for), from :meth:`MagneticPuzzle.distance`; ``upto`` at most
    :data:`~hanoikit.limits.MAX_COUNT_ROWS` (else :class:`~hanoikit.TooLargeError`).

    >>> [tuple(c) for c in compare("100", 3, "NNN")]
    [(1, 1, 1), (2, 4, 4), (3, 13, 11)]
    """
    colors = colors or get(algorithm).colors
    upto = as_count(upto, "the number of rows", 0)
    ensure_at_most(upto, MAX_COUNT_ROWS, "rows")
    return [Comparison(n, counts(algorithm, n), MagneticPuzzle(n, colors).distance()) for n in range(1, upto + 1)]


def first_suboptimal(algorithm: str, upto: int = 64, colors: str | None = None) -> int | None:
    """The least number of disks (at most ``upto``) on which ``algorithm`` makes more moves than the optimum, or
    ``None`` if it is optimal up to ``upto``.

    >>> first_suboptimal("62"), first_suboptimal("67-down"), first_suboptimal("100")
    (7, 5, None)
    >>> first_suboptimal("100", colors="NNN")
    3
    """
    for row in compare(algorithm, upto, colors):
        if row.excess:
            return row.n
    return None
