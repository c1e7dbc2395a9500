"""Huge whole numbers as text: every decimal digit, or a rounded figure with the number of digits.

Python 3.11 converts an int to decimal in quadratic time and refuses more than 4300 digits
(:func:`sys.set_int_max_str_digits`); :func:`exact` converts through the :mod:`decimal` module instead, splitting the
number in halves by powers of two as CPython 3.12's ``_pylong`` does, in subquadratic time and with no digit limit.
:func:`leading` rounds exactly with integer arithmetic (never through a float), so that it holds for any size.

>>> len(exact(3**100_000)), exact(3**100_000)[:12], int(exact(-3**4000)) == -3**4000
(47713, '133497141423', True)
>>> leading(3**100_000), digit_count(3**100_000), rounded(3**100_000)
((1335, 47712), 47713, '1.335·10^47712')
>>> rounded(2**64 - 1, 6), rounded(12_345), rounded(Fraction(1, 3)), rounded(Fraction(-2, 3) / 10**8)
('1.84467·10^19', '12,345', '0.3333', '-6.667·10^-9')
"""

from __future__ import annotations

import decimal
import math
import operator
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import SupportsIndex, cast

from .errors import InvalidArgumentError, quote

__all__ = ["as_int", "exact", "grouped", "digit_count", "leading", "rounded", "unlimited"]

_MAX_FIGURES = 1000
_SMALL_BITS = 1024  # below this, int -> str is fast and within Python's limit


@contextmanager
def unlimited() -> Iterator[None]:
    """Lift Python's limit of 4300 digits on converting between int and decimal text, for the ``with`` block (for
    writers, such as :mod:`json` and :mod:`csv`, that call ``str`` themselves; :func:`exact` is faster for one
    number).

    >>> with unlimited():
    ...     len(str(10**5000))
    5001
    """
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(limit)


def exact(number: int) -> str:
    """Every decimal digit of ``number`` (an int or a numpy integer), however long, in subquadratic time."""
    number = _whole(number)
    if number.bit_length() <= _SMALL_BITS:
        return str(number)
    sign, number = ("-", -number) if number < 0 else ("", number)
    with decimal.localcontext() as context:
        context.prec, context.Emax, context.Emin = decimal.MAX_PREC, decimal.MAX_EMAX, decimal.MIN_EMIN
        context.traps[decimal.Inexact] = True
        powers: dict[int, decimal.Decimal] = {}

        def power(bits: int) -> decimal.Decimal:  # 2**bits as a Decimal, each one computed once
            if bits not in powers:
                half = bits >> 1
                powers[bits] = decimal.Decimal(2) ** bits if bits <= 128 else power(half) * power(bits - half)
            return powers[bits]

        def convert(value: int, bits: int) -> decimal.Decimal:
            if bits <= 128:
                return decimal.Decimal(value)
            half = bits >> 1
            high = value >> half
            return convert(value - (high << half), half) + convert(high, bits - half) * power(half)

        return sign + str(convert(number, number.bit_length()))


def grouped(number: int) -> str:
    """Every decimal digit of ``number`` (as :func:`exact`), in groups of three separated by commas.

    >>> grouped(1_048_575), grouped(-1000), grouped(999), len(grouped(10**6000))
    ('1,048,575', '-1,000', '999', 8001)
    """
    text = exact(number)
    sign, digits = ("-", text[1:]) if text.startswith("-") else ("", text)
    head = len(digits) % 3 or 3
    return sign + ",".join([digits[:head], *(digits[i : i + 3] for i in range(head, len(digits), 3))])


def _floor_log10(number: int) -> int:
    """The exponent ``e`` with ``10**e <= number < 10**(e + 1)``, for ``number >= 1``; exact."""
    guess = (number.bit_length() - 1) * 301_029_995_663_981 // 10**15  # log10(2) from below: at most one too small
    while 10 ** (guess + 1) <= number:
        guess += 1
    return guess


def digit_count(number: int) -> int:
    """How many decimal digits ``number`` has (its sign not counted).

    >>> digit_count(0), digit_count(-999), digit_count(10**5000)
    (1, 3, 5001)
    """
    number = _whole(number)
    return 1 if number == 0 else _floor_log10(abs(number)) + 1


def as_int(value: object) -> int | None:
    """``value`` as a Python int if it is a whole number (an int or a numpy integer, never a bool), else ``None``.

    >>> import numpy as np
    >>> as_int(3), as_int(np.int64(3)), as_int(True), as_int(3.0), as_int("3")
    (3, 3, None, None, None)
    """
    if type(value) is int:
        return value
    if isinstance(value, bool):
        return None
    try:
        return operator.index(cast("SupportsIndex", value))  # numpy integers; numpy's bool and the rest raise
    except TypeError:
        return None


def _whole(number: object) -> int:
    """``number`` as a Python int if it is a whole number (:func:`as_int`)."""
    found = as_int(number)
    if found is None:
        raise InvalidArgumentError(f"{quote(number)} is not a whole number")
    return found


def _exact(number: object) -> Fraction:
    """``number`` (an int, a numpy integer, a Fraction or a finite float or Decimal) as a Fraction."""
    if isinstance(number, (int, Fraction)) and not isinstance(number, bool):
        return Fraction(number)
    if isinstance(number, (float, decimal.Decimal)) and math.isfinite(number):
        return Fraction(number)
    whole = as_int(number)  # numpy integers
    if whole is not None:
        return Fraction(whole)
    raise InvalidArgumentError(f"{quote(number)} is not a number that can be written out")


def _figures(figures: object) -> int:
    found = as_int(figures)
    if found is None or not 1 <= found <= _MAX_FIGURES:
        raise InvalidArgumentError(f"figures is a whole number from 1 to {_MAX_FIGURES:,}, not {quote(figures)}")
    return found


def leading(number: int | Fraction, figures: int = 4) -> tuple[int, int]:
    """``number`` rounded to ``figures`` significant digits, as ``(mantissa, exponent)`` with ``number`` about
    ``mantissa * 10**(exponent - figures + 1)``; the mantissa has exactly ``figures`` digits (half rounds up).

    >>> leading(2**64 - 1), leading(Fraction(2, 3), 2), leading(99_999, 3)
    ((1845, 19), (67, -1), (100, 5))
    """
    value, figures = _exact(number), _figures(figures)
    if value == 0:
        return 0, 0
    top, bottom = abs(value.numerator), value.denominator
    exponent = _floor_log10(top) - _floor_log10(bottom)
    if top * 10 ** max(-exponent, 0) < bottom * 10 ** max(exponent, 0):
        exponent -= 1  # the quotient of the leading digits was below 1
    shift = figures - 1 - exponent
    top, bottom = top * 10 ** max(shift, 0), bottom * 10 ** max(-shift, 0)
    mantissa, rest = divmod(top, bottom)
    mantissa += 2 * rest >= bottom
    if mantissa == 10**figures:
        mantissa, exponent = 10 ** (figures - 1), exponent + 1
    return (mantissa if value > 0 else -mantissa), exponent


def rounded(number: int | Fraction, figures: int = 4) -> str:
    """``number`` for people: whole numbers under 10**15 in full with thousands separators, anything else to
    ``figures`` significant digits (1 to 1,000), in powers of ten outside 0.01 to 10**15."""
    value = _exact(number)
    if value.denominator == 1 and abs(value) < 10**15:
        return f"{value.numerator:,}"
    mantissa, exponent = leading(value, figures)
    sign, digits = ("-", str(-mantissa)) if mantissa < 0 else ("", str(mantissa))
    if -2 <= exponent < 15:
        point = exponent + 1
        digits = digits.ljust(point, "0")
        text = digits[:point] + "." + digits[point:] if point > 0 else "0." + "0" * -point + digits
        whole, _, tail = text.partition(".")
        tail = tail.rstrip("0")
        return sign + f"{int(whole):,}" + (f".{tail}" if tail else "")
    tail = digits[1:]
    return f"{sign}{digits[0]}{'.' + tail if tail else ''}·10^{exponent}"
