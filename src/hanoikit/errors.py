"""The exception hierarchy: every error hanoikit raises is a :class:`HanoiError`; and :func:`quote`, which keeps the
bad input an error message repeats short."""

from __future__ import annotations

__all__ = [
    "HanoiError",
    "InvalidPuzzleError",
    "InvalidArgumentError",
    "InvalidMoveError",
    "IllegalMoveError",
    "InvalidStateError",
    "UnsolvableError",
    "UnknownMethodError",
    "TooLargeError",
    "MoveIndexError",
    "EmptyStackError",
    "MissingExtraError",
    "CheckpointError",
    "CheckpointInUseError",
    "EngineError",
    "quote",
]


class HanoiError(Exception):
    """Base class of all hanoikit errors."""


class InvalidPuzzleError(HanoiError, ValueError):
    """A puzzle was asked for with bad parameters (disk count, colours, orientations)."""


class InvalidArgumentError(HanoiError, ValueError):
    """A function that is no puzzle's was given an argument outside its domain (counts of a rate, a quantile)."""


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


class EmptyStackError(HanoiError, IndexError):
    """A move was taken back, redone or looked at where there is none."""


class MissingExtraError(HanoiError, ImportError):
    """A feature needs an optional dependency that is not installed; the message names the extra to install
    (``pip install 'hanoikit[plot]'``), and ``extra`` holds its name."""

    def __init__(self, message: str, *, name: str | None = None, extra: str = "") -> None:
        super().__init__(message, name=name)
        self.extra = extra


class CheckpointError(HanoiError):
    """A checkpoint of a search cannot be resumed: one of its files is missing, damaged or inconsistent with the
    others; the message names the file, and ``path`` holds it. Nothing of the checkpoint has been changed."""

    def __init__(self, message: str, *, path: str = "") -> None:
        super().__init__(message)
        self.path = path


class CheckpointInUseError(CheckpointError):
    """A checkpoint directory is in use by another running search (``pid``): two searches never write one
    directory at once."""

    def __init__(self, message: str, *, path: str = "", pid: int = 0) -> None:
        super().__init__(message, path=path)
        self.pid = pid


class EngineError(HanoiError):
    """A search engine cannot start or run as asked: a cluster that cannot be reached, workers that cannot see the
    table, too little memory or disk for the table."""


QUOTE_LIMIT = 40
"""The most characters of a bad input that an error message repeats."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to about ``limit`` characters.

    Long text keeps its first characters and says how long it was; a huge int keeps its order of magnitude.

    >>> quote("1SD"), quote("S" * 100, 5), quote(2**1000), quote(-(10**70))
    ("'1SD'", "'SSSSS'... (100 characters)", '~10^301', '-~10^70')
    """
    if isinstance(value, str):
        prefix = value[:limit]
        while len(repr(prefix)) > limit + 2:  # escapes make a character up to 10 long
            prefix = prefix[:-1]
        return repr(value) if prefix == value else f"{prefix!r}... ({len(value):,} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 199:
        digits = int(value.bit_length() * 0.30103)  # roughly: enough to say how large it is
        return f"{'-' if value < 0 else ''}~10^{digits}"
    try:
        text = repr(value)
    except Exception:  # a repr that fails (a container of huge ints) still leaves a message
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else f"{text[:limit]}..."
