"""The monks' arithmetic: how long a number of moves takes at a given rate, exactly.

>>> seconds, years = duration(2**64 - 1)
>>> seconds == 2**64 - 1, round(years)
(True, 584542046091)
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

from ..errors import InvalidPuzzleError, quote
from ..move import as_int

__all__ = ["JULIAN_YEAR", "duration"]

JULIAN_YEAR = 31_557_600
"""Seconds in a Julian year (365.25 days of 86 400 seconds)."""


def duration(moves: int, rate: int | Fraction = 1) -> tuple[Fraction, Fraction]:
    """The exact time ``moves`` take at ``rate`` moves per second: ``(seconds, Julian years)``.

    ``moves`` is a whole number of at least 0, ``rate`` a positive int, :class:`~fractions.Fraction`, finite float
    or :class:`~decimal.Decimal`: :class:`TypeError` for other types, :class:`~hanoikit.InvalidPuzzleError` for other
    values.

    >>> duration(90, Fraction(3, 2))[0]
    Fraction(60, 1)
    """
    whole = as_int(moves)  # an int or a numpy integer, never a bool
    if whole is None:
        raise TypeError(f"moves must be a whole number (an int), not {type(moves).__name__}")
    moves = whole
    if moves < 0:
        raise InvalidPuzzleError(f"the number of moves must be at least 0, not {quote(moves)}")
    if isinstance(rate, bool) or not isinstance(rate, (int, Fraction, float, Decimal)):
        raise TypeError(f"the rate must be a number of moves per second, not {type(rate).__name__}")
    finite = rate.is_finite() if isinstance(rate, Decimal) else not isinstance(rate, float) or math.isfinite(rate)
    if not finite:
        raise InvalidPuzzleError(f"the rate must be a finite number of moves per second, not {rate!r}")
    rate = Fraction(rate)
    if rate <= 0:
        raise InvalidPuzzleError(f"the rate must be a positive number of moves per second, not {rate}")
    seconds = Fraction(moves) / rate
    return seconds, seconds / JULIAN_YEAR
