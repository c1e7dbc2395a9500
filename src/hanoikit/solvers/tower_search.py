"""The least number of moves between two positions of any member of the family, by breadth-first search: the counting
oracle behind ``hanoi oeis`` and the new numbers of the magnetic tower on four posts.

It follows the same rules as :mod:`hanoikit.solvers.exhaustive` (k posts, any set of allowed moves, magnetic faces and
post colours) and keeps no paths. The codes are :mod:`hanoikit.positions`'s, the search is the frontier search's
(:mod:`hanoikit.frontier`): in memory, with a distance per code, up to
:data:`~hanoikit.limits.MAX_MEMORY_SEARCH_CODES` codes, and at two bits a code above. Where every move can be undone,
a distance is searched from both ends at once (they meet in the middle, each side a fraction of the positions).
:class:`~hanoikit.TooLargeError` is raised when the code space is above ``max_codes`` (default
:data:`~hanoikit.limits.MAX_TOWER_SEARCH_CODES`).

:func:`distances_to` searches backwards from one target to give the distance of every position to it at once: the
table behind the exhaustive solver's distances and paths (:mod:`hanoikit.solvers.exhaustive`), and so behind the play
page's hints on the family's members, and the pattern databases of heuristic search.

>>> from hanoikit import MagneticPuzzle, Puzzle
>>> [distance(Puzzle(n, posts=4, moves="linear")) for n in range(1, 7)]  # OEIS A160002
[3, 10, 19, 34, 57, 88]
>>> distance(MagneticPuzzle(3)), distance(MagneticPuzzle(3, moves="cyclic"))
(11, None)
"""

from __future__ import annotations

import numpy as np

from ..errors import InvalidStateError
from ..limits import MAX_TOWER_SEARCH_CODES, ensure_at_most
from ..positions import code_space, encode
from ..puzzle import Puzzle
from ..state import State

__all__ = ["code_space", "distance", "distances_to", "encode", "tabulated"]

_IN_MEMORY = 1 << 22
"""Up to this many codes a distance is searched in memory (16 MiB of distances), above at two bits a code."""

_TABLE_ENTRIES = 1 << 23
"""The most (code, allowed move) pairs of a table of distances to a target (:func:`tabulated`)."""


def distance(
    puzzle: Puzzle, src: State | None = None, dst: State | None = None, max_codes: int = MAX_TOWER_SEARCH_CODES
) -> int | None:
    """The least number of moves from ``src`` to ``dst`` (default: start to goal), ``None`` if ``dst`` cannot be
    reached (or is not a legal position, as a goal tower on a post of the other colour).

    >>> distance(Puzzle(4, posts=4)), distance(Puzzle(3, posts=4, moves="cyclic"))
    (9, 21)
    """
    ensure_at_most(code_space(puzzle), max_codes, f"codes (searching {puzzle!r})")
    src = puzzle.check(puzzle.start if src is None else src)
    dst = puzzle.goal if dst is None else dst
    try:
        target = encode(puzzle, dst)
    except InvalidStateError:
        return None
    if code_space(puzzle) <= _IN_MEMORY:
        from ..frontier import memory

        return memory.distance(puzzle, encode(puzzle, src), target)
    from ..frontier import frontier_search

    found = frontier_search(puzzle, src, dst, until_target=True).distance
    return None if found is None else int(found)


def tabulated(puzzle: Puzzle, max_entries: int = _TABLE_ENTRIES) -> bool:
    """Whether :func:`distances_to` takes ``puzzle`` on: ``code_space * len(moves)`` is at most ``max_entries``
    (default 2**23).

    >>> tabulated(Puzzle(9, posts=4)), tabulated(Puzzle(12, posts=4)), tabulated(Puzzle(12, posts=4), 2**28)
    (True, False, True)
    """
    return code_space(puzzle) * len(puzzle.moves) <= max_entries


def distances_to(puzzle: Puzzle, dst: State | None = None, max_entries: int = _TABLE_ENTRIES) -> np.ndarray:
    """The least number of moves from every code to ``dst`` (default: the goal), as an int32 array indexed by code:
    -1 where ``dst`` cannot be reached (and at codes that are no legal position).

    A breadth-first search backwards from ``dst``, in memory, over the moves with the pairs of posts reversed: the
    reverse of a legal move carries the disk back (flipping it back on a magnetic tower), so the reversed rules lead
    from a position to those one move before it (a millisecond or so for some 20,000 codes). Raises
    :class:`~hanoikit.TooLargeError` unless :func:`tabulated`, :class:`~hanoikit.InvalidStateError` if ``dst`` is not
    a legal position. ``max_entries`` raises the cap (the pattern databases of heuristic search take larger tables,
    at 8 bytes a code while searching).

    >>> p = Puzzle(3, posts=4, moves="cyclic")
    >>> table = distances_to(p)
    >>> int(table[encode(p, p.start)]) == distance(p), int(table[encode(p, p.goal)])
    (True, 0)
    """
    entries = code_space(puzzle) * len(puzzle.moves)
    ensure_at_most(entries, max_entries, f"code-move pairs (a table of distances of {puzzle!r})")
    target = encode(puzzle, puzzle.goal if dst is None else dst)
    from ..frontier import memory

    return memory.search(puzzle, target, reverse=True).distances
