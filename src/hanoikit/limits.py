"""Every cap on the size of a request, in one place.

Work whose cost grows faster than linearly with its size is refused above its cap, before it starts, with a
:class:`~hanoikit.TooLargeError` that names the cap. The CLI's ``--help`` texts, the web API's schema and the
docstrings quote these constants, so that there is one number to change.

>>> from hanoikit.limits import MAX_DISKS, ensure_at_most
>>> ensure_at_most(MAX_DISKS + 1, MAX_DISKS, "disks")
Traceback (most recent call last):
hanoikit.errors.TooLargeError: 1000001 disks is more than this can handle: at most 1000000
"""

from __future__ import annotations

from .errors import TooLargeError

__all__ = ["MAX_DISKS", "ensure_at_most"]

MAX_DISKS = 1_000_000
"""The most disks a puzzle may have: exact counts and single moves stay well under a few seconds up to here."""


def ensure_at_most(value: int, cap: int, what: str) -> None:
    """Raise :class:`TooLargeError` if ``value`` is above ``cap``; ``what`` names the unit in the message."""
    if value > cap:
        raise TooLargeError(f"{value} {what} is more than this can handle: at most {cap}")


# -- the command line (hanoi ...) and its movies --------------------------------------------------------------------

__all__ += ["MAX_INDEX_BITS", "MAX_INDEX_CHARS", "MAX_RATE_EXPONENT", "MAX_COUNT_ROWS", "MAX_MOVIE_MOVES",
            "MAX_FRAMES"]

MAX_INDEX_BITS = 1 << 22
"""The longest move number ``hanoi move`` and ``hanoi state`` read, in bits: a sum of powers such as ``2**63-1`` whose
terms would be longer is refused before it is computed (every solution of up to :data:`MAX_DISKS` disks is shorter)."""

MAX_INDEX_CHARS = 10_000
"""The longest text read as a move number."""

MAX_RATE_EXPONENT = 100
"""``hanoi time --rate`` reads moves per second between 1e-100 and 1e100."""

MAX_COUNT_ROWS = 2000
"""The most rows of ``hanoi count``'s table: its text grows as the square of the rows (row n has about n/2 digits
twice), some 2 MB and a few seconds at this cap."""

MAX_MOVIE_MOVES = 5000
"""The longest solution made into a movie (``hanoi animate``) or shown in the terminal (``hanoi show``)."""

MAX_FRAMES = 20_000
"""The most frames in one movie (``hanoi animate``). Frames are streamed to the file, so memory does not grow with
them, but time does (about two minutes per thousand frames at 480x320)."""
