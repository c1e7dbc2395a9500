"""The exception hierarchy: every error hanoikit raises is a :class:`HanoiError`."""

from __future__ import annotations

__all__ = [
    "HanoiError",
    "InvalidPuzzleError",
    "InvalidMoveError",
    "IllegalMoveError",
    "InvalidStateError",
    "UnsolvableError",
    "UnknownMethodError",
    "TooLargeError",
    "MoveIndexError",
]


class HanoiError(Exception):
    """Base class of all hanoikit errors."""


class InvalidPuzzleError(HanoiError, ValueError):
    """A puzzle was asked for with bad parameters (disk count, colours, orientations)."""


class InvalidMoveError(HanoiError, ValueError):
    """A move's notation could not be read."""


class IllegalMoveError(HanoiError, ValueError):
    """A move breaks the rules in the position it was played in."""


class InvalidStateError(HanoiError, ValueError):
    """A position is malformed or breaks the rules of its puzzle."""


class UnsolvableError(HanoiError, ValueError):
    """The target cannot be reached from the given position."""


class UnknownMethodError(HanoiError, ValueError):
    """A solver, algorithm or output method was asked for by a name that does not exist."""


class TooLargeError(HanoiError, ValueError):
    """A request would produce more output than can be listed or stored."""


class MoveIndexError(HanoiError, IndexError):
    """A move number outside the solution it indexes."""
