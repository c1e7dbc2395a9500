"""Loops over arrays written once in plain Python and compiled by numba when the input is long enough to pay for it.

A :class:`Loop` hands out the compiled loop for inputs of at least ``compile_at`` items, and for every input once it
is loaded (numba's cache keeps the compiled code between runs: loading it costs about a third of a second, the first
compilation a few seconds); shorter inputs before that run the same function in plain Python, so that a short job
never waits for numba.

>>> import numpy as np
>>> def total(a: np.ndarray) -> int:
...     s = 0
...     for x in a:
...         s += x
...     return s
>>> summed = Loop(total, compile_at=10**9)
>>> int(summed(3)(np.arange(4))), summed.loaded
(6, False)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

__all__ = ["Loop"]


class Loop:
    """``function``, compiled by numba (``cache=True``, ``nogil=True``) on first use for ``compile_at`` items or
    more."""

    def __init__(self, function: Callable[..., Any], compile_at: int) -> None:
        self.function, self.compile_at = function, compile_at

    @functools.cached_property
    def compiled(self) -> Callable[..., Any]:
        """The compiled function (imports numba, and compiles or loads from numba's cache)."""
        from ._jit import njit

        return njit(cache=True, nogil=True)(self.function)

    @property
    def loaded(self) -> bool:
        """Whether the compiled function has been asked for."""
        return "compiled" in self.__dict__

    def __call__(self, items: int) -> Callable[..., Any]:
        """The function to run on ``items`` items: the compiled one for a long input or once loaded."""
        return self.compiled if items >= self.compile_at or self.loaded else self.function
