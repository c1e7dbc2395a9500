"""The monks' arithmetic: how long a number of moves takes at a given rate, exactly.

>>> seconds, years = duration(2**64 - 1)
>>> seconds == 2**64 - 1, round(years)
(True, 584542046091)
"""

from __future__ import annotations

from fractions import Fraction

from ..errors import InvalidPuzzleError

__all__ = ["JULIAN_YEAR", "duration"]

JULIAN_YEAR = 31_557_600
"""Seconds in a Julian year (365.25 days of 86 400 seconds)."""


def duration(moves: int, rate: int | Fraction = 1) -> tuple[Fraction, Fraction]:
    """The exact time ``moves`` take at ``rate`` moves per second: ``(seconds, Julian years)``.

    >>> duration(90, Fraction(3, 2))[0]
    Fraction(60, 1)
    """
    rate = Fraction(rate)
    if rate <= 0:
        raise InvalidPuzzleError(f"the rate must be a positive number of moves per second, not {rate}")
    seconds = Fraction(moves) / rate
    return seconds, seconds / JULIAN_YEAR
