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

from .errors import TooLargeError, quote

__all__ = [
    "MAX_DISKS",
    "MAX_DISK_MOVES_DISKS",
    "MAX_MAGNETIC_DISKS",
    "MAX_POSTS",
    "MAX_RECURSIVE_DISKS",
    "MAX_SEARCH_POSITIONS",
    "MAX_TABLE_DISKS",
    "WEB_MAX_BODY_BYTES",
    "WEB_MAX_DISKS",
    "WEB_MAX_PAGE",
    "WEB_MAX_QUOTE",
    "WEB_MAX_SAVED_MOVES",
    "ensure_at_most",
]

MAX_DISKS = 1_000_000
"""The most disks a puzzle, a position or a move may have: exact counts and single moves stay well under a few seconds
up to here."""


# -- the library (puzzles, positions, moves): each capped call answers in about a second at most ------------------

MAX_MAGNETIC_DISKS = 20_000
"""The most disks for which a magnetic puzzle is solved (distance, solve, move_at, state_at, disk_moves): the engine
builds exact costs level by level, O(n²) bit operations for some colourings (about 1.5 s at the cap)."""

MAX_DISK_MOVES_DISKS = 10_000
"""The most disks for which ``disk_moves`` counts the moves of every disk: n exact counts of up to 1.6 n bits each."""

MAX_RECURSIVE_DISKS = 500
"""The most disks for the classic ``recursive`` method, which nests one Python frame per disk (Python's recursion
limit is 1000)."""

MAX_TABLE_DISKS = 24
"""The most disks for the classic methods that keep a table of ``2**n`` bytes (``route_table``,
``is_hamiltonian_path``): 16 MiB at the cap."""


# -- the model and its solvers (hanoikit.solvers.registry, hanoikit.solvers.exhaustive) ----------------------------

MAX_POSTS = 10
"""The most posts a puzzle has: one letter and one digit name each post in the notations."""

MAX_SEARCH_POSITIONS = 200_000
"""The largest position space the exhaustive solver searches, counted as ``posts**n`` (times ``2**posts`` on a
magnetic tower, one top colour per post): a breadth-first search over the puzzle's own rules, a few seconds at the cap
(4 posts: n <= 8; 3 posts: n <= 11; magnetic on 3 posts: n <= 9)."""


# -- the web API (``hanoi play``): each request answers in well under 100 ms at these caps ------------------------

WEB_MAX_DISKS = 12
"""The largest tower the play page and its API offer: a whole optimal solution (at most 606,778 moves) is built in a
few milliseconds."""

WEB_MAX_PAGE = 1000
"""The most moves one page of a solution may hold."""

WEB_MAX_SAVED_MOVES = 1000
"""The most moves a saved game may hold: each is read and checked against the rules when the game is loaded."""

WEB_MAX_BODY_BYTES = 1_000_000
"""The largest request body the API reads; a larger one is refused (413) before the rest of it is read."""

WEB_MAX_QUOTE = 24
"""The most characters of a bad input an error message quotes."""


def ensure_at_most(value: int, cap: int, what: str) -> None:
    """Raise :class:`TooLargeError` if ``value`` is above ``cap``; ``what`` names the unit in the message."""
    if value > cap:
        raise TooLargeError(f"{quote(value)} {what} is more than this can handle: at most {cap}")
