"""Count tables of the family: the optimal counts of a member by its own solver or by exhaustive search, and every
colouring of a member side by side (``hanoi count`` and ``hanoi variants`` print them).

>>> from hanoikit import MagneticPuzzle, Puzzle
>>> member_counts(Puzzle(5, moves="cyclic")).totals  # A005665: three posts in a cycle
[2, 7, 21, 59, 163]
>>> table = variants(MagneticPuzzle(1), upto=3)
>>> [(v.name, v.counts) for v in table.rows[:2]]
[('RRR', ()), ('RRB', (1, 4, 13))]
>>> table.rows[1].s, table.rows[1].time_reversal
(Fraction(1, 2), 'RBB')
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple, cast

from ..errors import TooLargeError, UnsolvableError
from ..limits import MAX_VARIANTS_COUNTS, ensure_at_most
from ..move import as_count
from ..puzzle import VARIANTS, MagneticPuzzle, Puzzle
from ..state import COLORS, Color, flip

if TYPE_CHECKING:
    from ..solvers.registry import Solver

__all__ = ["MemberCounts", "Variant", "Variants", "first_counts", "member_counts", "variants", "with_disks"]


def with_disks(puzzle: Puzzle, n: int) -> Puzzle:
    """The same member of the family (posts, moves, colours, start and goal faces) with ``n`` disks.

    >>> with_disks(MagneticPuzzle(3, "NNR", goal_up="R", moves="linear"), 5)
    MagneticPuzzle(5, colors='NNR', moves='linear', start_up='R', goal_up='R')
    """
    if isinstance(puzzle, MagneticPuzzle):
        first, last = puzzle.start.up(1), puzzle.goal.up(1)
        return MagneticPuzzle(n, puzzle.colors, start_up=first, goal_up=last, moves=puzzle.moves)
    return Puzzle(n, puzzle.posts, puzzle.moves)


def first_counts(make: Callable[[int], Puzzle], upto: int) -> list[int | None]:
    """S(1), S(2), ... from S to D of ``make(n)`` (``None``: the goal cannot be reached with n disks), up to ``upto``
    disks: by the member's own solver, else by the exhaustive search, stopping before the n where its positions would
    be more than :data:`~hanoikit.limits.MAX_SEARCH_POSITIONS`, or where the heuristic search answers, more than
    :data:`~hanoikit.limits.MAX_COUNT_SEARCH_CODES` (or its own caps).

    Parameters
    ----------
    make : callable
        The member with ``n`` disks, for ``n`` from 1.
    upto : int
        The most disks.

    Returns
    -------
    list of int or None
        The counts, as many as the search reaches.

    Examples
    --------
    >>> first_counts(lambda n: Puzzle(n, posts=4), 6)
    [1, 3, 5, 9, 13, 17]
    """
    from ..limits import MAX_COUNT_SEARCH_CODES, MAX_SEARCH_POSITIONS
    from ..solvers import tower_search
    from ..solvers.registry import EXHAUSTIVE, HEURISTIC, solvers_for

    totals: list[int | None] = []
    for n in range(1, upto + 1):
        puzzle = make(n)
        solver = solvers_for(puzzle)[0]
        if solver is HEURISTIC and tower_search.code_space(puzzle) > MAX_COUNT_SEARCH_CODES:
            break
        if solver is not EXHAUSTIVE:
            try:
                totals.append(puzzle.distance())
            except UnsolvableError:
                totals.append(None)
            except TooLargeError:  # beyond that solver's cap (the heuristic search's disks)
                break
        elif tower_search.code_space(puzzle) <= MAX_SEARCH_POSITIONS:
            totals.append(tower_search.distance(puzzle))
        else:
            break
    return totals


class MemberCounts(NamedTuple):
    """The counts of a member from S to D: ``totals[n - 1]`` is S(n) (``None``: unreachable), computed by ``solver``
    (exact for every n) or, when it is ``None``, by exhaustive search as far as its cap allows."""

    totals: list[int | None]
    solver: Solver | None


def member_counts(puzzle: Puzzle) -> MemberCounts:
    """S(1) .. S(``puzzle.n``) of ``puzzle``'s member of the family, by its own solver, else by exhaustive search
    (fewer counts then, up to :data:`~hanoikit.limits.MAX_SEARCH_POSITIONS` positions).

    Parameters
    ----------
    puzzle : Puzzle
        The member, with the most disks wanted.

    Returns
    -------
    MemberCounts
        The counts and the solver that gave them.

    Examples
    --------
    >>> counted = member_counts(Puzzle(4, posts=4))
    >>> counted.totals, counted.solver.name
    ([1, 3, 5, 9], 'frame-stewart')
    """
    from ..solvers.registry import EXHAUSTIVE, solvers_for

    solver = solvers_for(puzzle)[0]
    totals = first_counts(lambda n: with_disks(puzzle, n), puzzle.n)
    return MemberCounts(totals, None if solver is EXHAUSTIVE else solver)


class Variant(NamedTuple):
    """One colouring with one goal face: ``name`` (the colours of the posts, then ``/`` and the goal face when it is
    not the default), ``goals`` (the goal faces its colouring can reach, ``"none"``), its first ``counts`` (``None``
    where the goal cannot be reached), ``s`` and ``p`` (S(n) ~ s 3^n, P(k) ~ p 3^(k-1); three posts with every move
    only), its ``time_reversal`` (three posts with every move only) and the first variant with the ``same_counts_as``
    its own (``None``: itself)."""

    name: str
    goals: str
    counts: tuple[int | None, ...]
    s: Fraction | None = None
    p: Fraction | None = None
    time_reversal: str | None = None
    same_counts_as: str | None = None


class Variants(NamedTuple):
    """Every colouring of a member: the ``rows``; the counts go to ``reach`` disks of the ``upto`` asked (the
    exhaustive search's cap may stop them earlier, ``next_positions`` then being the positions of n = reach + 1);
    ``searched`` is whether every count came from the exhaustive search."""

    rows: list[Variant]
    upto: int
    reach: int
    searched: bool
    next_positions: int | None


def variants(
    puzzle: Puzzle, upto: int | None = None, searching: Callable[[int, int], object] | None = None
) -> Variants:
    """Every colouring of ``puzzle``'s member of the family (its posts and moves; the disks and colours do not
    matter): the goal faces each can reach and its first counts, and which share them.

    On three posts with every move, the 27 colourings with s, p and the time reversal (``upto`` defaults to 6).
    Otherwise the 3^k colourings (at most :data:`~hanoikit.limits.MAX_VARIANTS_COLORINGS`) by their solvers, else by
    exhaustive search: puzzles that differ only by swapping red and blue, or by relabelling the posts between S and
    D in a way that keeps the allowed moves, are searched once; without ``upto`` the counts go as far as
    :data:`~hanoikit.limits.MAX_VARIANTS_DEFAULT_POSITIONS` positions searched in all allow.

    Parameters
    ----------
    puzzle : Puzzle
        Any puzzle of the member.
    upto : int, optional
        How many first counts.
    searching : callable, optional
        Called as ``searching(upto, positions)`` once the sizes are checked, before a member without formulas is
        searched: the counts and the positions to search in all (to say so while it works).

    Returns
    -------
    Variants
        The table.

    Raises
    ------
    TooLargeError
        Too many colourings, ``upto`` above :data:`~hanoikit.limits.MAX_VARIANTS_COUNTS`, or ``upto`` would search
        more than :data:`~hanoikit.limits.MAX_VARIANTS_POSITIONS` positions in all.
    InvalidPuzzleError
        ``upto`` is not a whole number of at least 1.

    Examples
    --------
    >>> table = variants(Puzzle(1, posts=4, moves="cyclic"), upto=2)
    >>> solvable = [v for v in table.rows if v.counts]
    >>> len(table.rows), table.reach, solvable[1]
    (81, 2, Variant(name='RBRN', goals='B', counts=(3, 10), s=None, p=None, time_reversal=None, same_counts_as='RBRB'))
    """
    if upto is not None:
        upto = as_count(upto, "the number of first counts")
        ensure_at_most(upto, MAX_VARIANTS_COUNTS, "first counts of each colouring")
    if puzzle.posts == 3 and puzzle.every_move:
        return _magnetic_variants(6 if upto is None else upto)
    return _family_variants(Puzzle(1, puzzle.posts, puzzle.moves), upto, searching)


def _magnetic_variants(upto: int) -> Variants:
    from . import counts, markov, symmetry

    names = symmetry.variant_names()
    families = {name: symmetry.count_family(name) for name in names}
    first_of: dict[int, str] = {}
    for name in names:
        first_of.setdefault(families[name], name)
    rows: list[Variant] = []
    for colors in VARIANTS:
        goals = " ".join(counts.reachable_goals(colors)) or "none"
        mine = [n for n in names if n.partition("/")[0] == colors]
        if not mine:
            rows.append(Variant(colors, goals, ()))
        for name in mine:
            c, _, written = name.partition("/")
            goal = cast("Color | None", written or None)  # MagneticPuzzle checks it
            s, p = markov.asymptotic_factors(c, goal)
            firsts = tuple(counts.total_moves(c, n, goal) for n in range(1, upto + 1))
            twin = first_of[families[name]]
            reversal = symmetry.time_reversal(name)
            rows.append(Variant(name, goals, firsts, s, p, reversal, None if twin == name else twin))
    return Variants(rows, upto, upto, False, None)


def _relabellings(rules: Puzzle) -> list[tuple[int, ...]]:
    """The relabellings of the posts that keep S, D and the allowed moves (the identity first): each maps a
    colouring to the same puzzle with its posts renamed."""
    k = rules.posts
    relabellings = [(0, *middle, k - 1) for middle in itertools.permutations(range(1, k - 1))]
    return [p for p in relabellings if {(p[a], p[b]) for a, b in rules.moves} == rules.moves]


_SWAP = str.maketrans("RB", "BR")


def _same_puzzle(colors: str, start: Color, goal: Color, relabellings: list[tuple[int, ...]]) -> tuple[str, ...]:
    """One key for all the puzzles that are this one with its posts relabelled (see :func:`_relabellings`) or red
    and blue swapped: they have the same counts."""
    keys = []
    for p in relabellings:
        moved = [""] * len(colors)
        for post, color in enumerate(colors):
            moved[p[post]] = color
        word = "".join(moved)
        keys += [(word, start, goal), (word.translate(_SWAP), flip(start), flip(goal))]
    return min(keys)


def _member(n: int, word: str, goal: Color | None = None, *, moves: frozenset[tuple[int, int]]) -> MagneticPuzzle:
    return MagneticPuzzle(n, word, goal_up=goal, moves=moves)


def _family_variants(
    rules: Puzzle, upto: int | None, searching: Callable[[int, int], object] | None = None
) -> Variants:
    from ..limits import (
        MAX_SEARCH_POSITIONS,
        MAX_VARIANTS_COLORINGS,
        MAX_VARIANTS_DEFAULT_POSITIONS,
        MAX_VARIANTS_POSITIONS,
    )
    from ..solvers import tower_search
    from ..solvers.registry import EXHAUSTIVE, solvers_for

    k = rules.posts

    member = functools.partial(_member, moves=rules.moves)

    if 3**k > MAX_VARIANTS_COLORINGS:
        raise TooLargeError(f"hanoi variants lists at most {MAX_VARIANTS_COLORINGS:,} colourings, not the {3**k:,} of "
                            f"{k} posts (hanoi count --magnetic COLOURS counts one)")
    relabellings = _relabellings(rules)
    words = ["".join(word) for word in itertools.product("RBN", repeat=k)]
    problems: dict[str, list[tuple[Color, tuple[str, ...]]]] = {}  # the legal goal faces of each colouring, keyed
    searched: set[tuple[str, ...]] = set()
    for word in words:
        problems[word] = []
        for goal in COLORS:
            puzzle = member(1, word, goal)
            if puzzle.goal_is_legal:
                key = _same_puzzle(word, cast("Color", puzzle.start.up(1)), goal, relabellings)
                problems[word].append((goal, key))
                if solvers_for(puzzle)[0] is EXHAUSTIVE:
                    searched.add(key)
    positions = [tower_search.code_space(member(n, "N" * k)) for n in range(1, 21)]
    within = sum(1 for size in positions if size <= MAX_SEARCH_POSITIONS)  # the same for every colouring

    def work(n: int) -> int:
        return len(searched) * sum(positions[: min(n, within)])

    if upto is None:
        upto = max((n for n in range(1, within + 1) if work(n) <= MAX_VARIANTS_DEFAULT_POSITIONS), default=1)
    elif work(upto) > MAX_VARIANTS_POSITIONS:
        most = max((n for n in range(1, upto) if work(n) <= MAX_VARIANTS_POSITIONS), default=0)
        raise TooLargeError(f"hanoi variants --upto {upto} would search {work(upto):,} positions on this member, at "
                            f"most {MAX_VARIANTS_POSITIONS:,}: ask for --upto {most} at most")
    reach = min(upto, within)
    if searching is not None and searched:
        searching(reach, work(reach))
    found: dict[tuple[str, ...], tuple[int | None, ...]] = {}
    first_of: dict[tuple[int | None, ...], str] = {}
    rows: list[Variant] = []
    for word in words:
        default_goal = member(1, word).goal.up(1)
        listed = []
        for goal, key in problems[word]:
            if key not in found:
                found[key] = tuple(first_counts(functools.partial(_member, word=word, goal=goal, moves=rules.moves),
                                                reach))
            totals = found[key]
            if any(total is not None for total in totals):
                listed.append((word if goal == default_goal else f"{word}/{goal}", goal, totals))
        if not listed:
            rows.append(Variant(word, "none", ()))
        goals = " ".join(goal for _, goal, _ in listed)
        for name, _, totals in listed:
            twin = first_of.setdefault(totals, name)
            rows.append(Variant(name, goals, totals, same_counts_as=None if twin == name else twin))
    return Variants(rows, upto, reach, len(searched) == len(found), positions[reach] if reach < upto else None)
