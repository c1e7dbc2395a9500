"""Every integer sequence hanoikit can produce, computed and compared with the published terms of the OEIS
(:mod:`hanoikit.oeis_terms`), and the optimal counts of members no one has published.

Each sequence is produced in up to two independent ways: by the solver the registry picks for the puzzle (a formula
or an algorithm: classic, Frame-Stewart, cyclic, linear, magnetic; never the exhaustive fallback here) for every
published term, and by the vectorised breadth-first search of :mod:`hanoikit.solvers.tower_search` for the terms
whose position space is within ``max_codes`` codes. Each :class:`Row` says how many terms were compared, by which
method, and whether they all agree.

>>> rows = compare(upto=6, max_codes=5000)
>>> [(r.anumber, r.method, r.checked, r.agree) for r in rows if r.anumber == "A160002"]
[('A160002', 'exhaustive search', 6, True)]
>>> all(r.agree is not False for r in rows)
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import NamedTuple

from .limits import MAX_TOWER_SEARCH_CODES, OEIS_DEFAULT_CODES, ensure_at_most
from .move import as_count
from .oeis_terms import PUBLISHED, Published
from .puzzle import MagneticPuzzle, Puzzle
from .solvers import tower_search
from .solvers.registry import EXHAUSTIVE, Guarantee, solver_for
from .state import State

__all__ = [
    "BFILES", "ECCENTRICITIES", "NEW_MEMBERS", "RECORDED", "RECORDED_SHAPES", "SHAPE_MEMBERS", "Member", "NewRow",
    "Row", "bfile", "compare", "new_numbers", "new_shapes",
]


@dataclass(frozen=True)
class Member:
    """How hanoikit produces a sequence: the least number of moves between two towers of ``puzzle(n)`` (from post
    ``src`` to post ``dst``, default the last), or with ``per_disk`` the moves of the ``n``-th largest disk (the
    difference of consecutive totals, which is independent of the tower's height)."""

    puzzle: Callable[[int], Puzzle]
    src: int = 0
    dst: int | None = None
    per_disk: bool = False

    def towers(self, puzzle: Puzzle) -> tuple[State, State]:
        """The start and goal towers the sequence counts between, on ``puzzle``."""
        dst = puzzle.posts - 1 if self.dst is None else self.dst
        start, goal = puzzle.start, puzzle.goal
        start_up, goal_up = (start.ups[0] if start.ups else None), (goal.ups[0] if goal.ups else None)
        src_tower = start if self.src == 0 else State.tower(puzzle.n, self.src, start_up, puzzle.posts)
        dst_tower = goal if dst == puzzle.posts - 1 else State.tower(puzzle.n, dst, goal_up, puzzle.posts)
        return src_tower, dst_tower


def _magnetic(colors: str) -> Callable[[int], Puzzle]:
    return lambda n: MagneticPuzzle(n, colors)


MEMBERS: dict[str, Member] = {
    "A000225": Member(lambda n: Puzzle(n)),
    "A007664": Member(lambda n: Puzzle(n, posts=4)),
    "A007665": Member(lambda n: Puzzle(n, posts=5)),
    "A005665": Member(lambda n: Puzzle(n, moves="cyclic"), dst=1),
    "A005666": Member(lambda n: Puzzle(n, moves="cyclic")),
    "A103453": Member(lambda n: Puzzle(n, moves="linear")),
    "A160002": Member(lambda n: Puzzle(n, posts=4, moves="linear")),
    "A338024": Member(lambda n: Puzzle(n, posts=4, moves="cyclic"), dst=1),
    "A338089": Member(lambda n: Puzzle(n, posts=4, moves="cyclic")),
    "A291876": Member(lambda n: Puzzle(n, posts=4, moves="star")),
    "A291877": Member(lambda n: Puzzle(n, posts=4, moves="star"), src=1),
    "A183111": Member(_magnetic("RBN"), per_disk=True),
    "A183112": Member(_magnetic("RBN")),
    "A183113": Member(_magnetic("RNB"), per_disk=True),
    "A183114": Member(_magnetic("RNB")),
    "A183115": Member(_magnetic("RNN"), per_disk=True),
    "A183116": Member(_magnetic("RNN")),
    "A183117": Member(_magnetic("NNN"), per_disk=True),
    "A183118": Member(_magnetic("NNN")),
}
"""The puzzle behind each published sequence hanoikit produces (the star's centre is post I; S and D are outer)."""

LEVY: dict[str, tuple[str, bool]] = {"A183119": ("semifree", False), "A183122": ("62", True), "A183123": ("62", False)}
"""Sequences of Levy's published non-optimal algorithms (:mod:`hanoikit.levy`): the algorithm, and whether the
sequence counts the moves of the ``n``-th largest disk (else the total)."""

ECCENTRICITIES: dict[str, Callable[[int], Puzzle]] = {"A382111": lambda n: Puzzle(n, posts=4)}
"""Sequences of the start's eccentricity (the most moves from the start tower to any position), by the frontier
search from the start: the number of its last layer."""

NOT_PRODUCED = {
    anumber: "another non-optimal 'forward moving' algorithm, which hanoikit does not implement"
    for anumber in ("A183120", "A183121", "A183124", "A183125")
}


class Row(NamedTuple):
    """One comparison: ``checked`` terms (``n`` from ``first`` to ``last``) computed by ``method``; ``agree`` is
    ``None`` when nothing was compared."""

    anumber: str
    name: str
    method: str
    checked: int
    first: int | None
    last: int | None
    agree: bool | None
    note: str
    url: str


def _bounds(upto: int | None, max_codes: int) -> tuple[int | None, int]:
    """``upto`` (``None``: every term) and ``max_codes`` as Python ints, checked: a whole number of terms of at least
    1 and a search of at most :data:`~hanoikit.limits.MAX_TOWER_SEARCH_CODES` codes."""
    codes = as_count(max_codes, "the most codes searched")
    ensure_at_most(codes, MAX_TOWER_SEARCH_CODES, "codes (searching the towers of a sequence)")
    return (None if upto is None else as_count(upto, "the last n checked")), codes


def _indices(entry: Published, upto: int | None) -> list[int]:
    last = entry.offset + len(entry.terms) - 1
    return list(range(max(1, entry.offset), (last if upto is None else min(last, upto)) + 1))


def _term(member: Member, n: int, count: Callable[[Puzzle, State, State], int | None]) -> int | None:
    if not member.per_disk:
        puzzle = member.puzzle(n)
        return count(puzzle, *member.towers(puzzle))
    totals: list[int | None] = []
    for height in (n - 1, n):
        if height == 0:
            totals.append(0)
            continue
        puzzle = member.puzzle(height)
        totals.append(count(puzzle, *member.towers(puzzle)))
    low, high = totals
    return None if low is None or high is None else high - low


def _row(entry: Published, method: str, computed: dict[int, int | None], note: str = "") -> Row:
    wrong = [n for n, value in computed.items() if value != entry.terms[n - entry.offset]]
    if wrong:
        n = wrong[0]
        note = f"first difference at n = {n}: computed {computed[n]}, published {entry.terms[n - entry.offset]}"
    ns = sorted(computed)
    return Row(
        entry.anumber, entry.name, method, len(ns), ns[0] if ns else None, ns[-1] if ns else None,
        (not wrong) if ns else None, note, entry.url,
    )


def _solver_row(entry: Published, member: Member, upto: int | None) -> Row | None:
    ns = _indices(entry, upto)
    probe = member.puzzle(ns[0])
    solver = solver_for(probe, *member.towers(probe))
    if solver is EXHAUSTIVE:
        return None
    if member.per_disk:
        top = member.puzzle(ns[-1])
        moves = top.disk_moves()[::-1]
        computed: dict[int, int | None] = {n: moves[n - 1] for n in ns}
    else:
        computed = {n: _term(member, n, lambda p, a, b: p.distance(a, b)) for n in ns}
    worth = solver.guarantee_for(member.puzzle(ns[-1])).value
    checked = solver.checked_disks(probe.posts)
    if checked is not None and checked < ns[-1]:
        worth += f"; {Guarantee.CHECKED_OPTIMAL.value} for n <= {checked}"
    return _row(entry, f"{solver.name} ({worth})", computed)


def _levy_row(entry: Published, algorithm: str, per_disk: bool, upto: int | None) -> Row:
    from . import algorithms, levy

    chosen = algorithms.get(algorithm)
    ns = _indices(entry, upto)
    if per_disk:
        moves = levy.disk_counts(chosen.name, ns[-1])[::-1]
        computed: dict[int, int | None] = {n: moves[n - 1] for n in ns}
    else:
        computed = {n: chosen.count(chosen.puzzle(n)) for n in ns}
    return _row(entry, f"levy {chosen.name!r} ({chosen.guarantee_for(chosen.puzzle(1)).value})", computed)


def _eccentricities(make: Callable[[int], Puzzle], ns: Iterable[int], max_codes: int) -> dict[int, int | None]:
    """The start's eccentricity of ``make(n)`` for the ``ns`` (in order) until one's code space is over ``max_codes``
    codes."""
    from .frontier import frontier_search

    computed: dict[int, int | None] = {}
    for n in ns:
        if tower_search.code_space(make(n)) > max_codes:
            break
        computed[n] = frontier_search(make(n)).eccentricity
    return computed


@functools.lru_cache(maxsize=512)
def _searched(puzzle: Puzzle, src: State, dst: State, max_codes: int) -> int | None:
    """The search's count, kept: the per-disk sequences reuse the totals."""
    return tower_search.distance(puzzle, src, dst, max_codes)


def _search_row(entry: Published, member: Member, upto: int | None, max_codes: int) -> Row:
    computed: dict[int, int | None] = {}
    for n in _indices(entry, upto):
        if tower_search.code_space(member.puzzle(n)) > max_codes:
            break
        computed[n] = _term(member, n, lambda p, a, b: _searched(p, a, b, max_codes))
    note = "" if computed else f"the first term is beyond {max_codes:,} codes"
    return _row(entry, "exhaustive search", computed, note)


def compare(upto: int | None = None, max_codes: int = OEIS_DEFAULT_CODES) -> list[Row]:
    """Every published sequence of :data:`~hanoikit.oeis_terms.PUBLISHED` against hanoikit: a row per method (the
    registry's solver for every published term up to ``upto``; the exhaustive search for the terms within
    ``max_codes`` codes), and a row saying why for the sequences hanoikit does not produce. ``upto`` is at least 1
    and ``max_codes`` at most :data:`~hanoikit.limits.MAX_TOWER_SEARCH_CODES`."""
    upto, max_codes = _bounds(upto, max_codes)
    rows = []
    for anumber, entry in PUBLISHED.items():
        member = MEMBERS.get(anumber)
        if anumber in LEVY:
            rows.append(_levy_row(entry, *LEVY[anumber], upto))
            continue
        if anumber in ECCENTRICITIES:
            computed = _eccentricities(ECCENTRICITIES[anumber], _indices(entry, upto), max_codes)
            note = "" if computed else f"the first term is beyond {max_codes:,} codes"
            rows.append(_row(entry, "frontier search (the start's eccentricity)", computed, note))
            continue
        if member is None:
            rows.append(Row(anumber, entry.name, "not produced", 0, None, None, None, NOT_PRODUCED[anumber], entry.url))
            continue
        solved = _solver_row(entry, member, upto)
        if solved is not None:
            rows.append(solved)
        rows.append(_search_row(entry, member, upto, max_codes))
    return rows


# -- new numbers -------------------------------------------------------------------------------------------------------


NEW_MEMBERS: dict[str, Callable[[int], Puzzle]] = {
    "magnetic, 4 posts NNNN (free), R up to B up": lambda n: MagneticPuzzle(n, "NNNN"),
    "magnetic, 4 posts NNNN, R up to R up": lambda n: MagneticPuzzle(n, "NNNN", goal_up="R"),
    "magnetic, 4 posts RNNN": lambda n: MagneticPuzzle(n, "RNNN"),
    "magnetic, 4 posts NNNB": lambda n: MagneticPuzzle(n, "NNNB"),
    "magnetic, 4 posts RNNB": lambda n: MagneticPuzzle(n, "RNNB"),
    "magnetic, 4 posts RBNB": lambda n: MagneticPuzzle(n, "RBNB"),
    "magnetic, 4 posts RBRB": lambda n: MagneticPuzzle(n, "RBRB"),
    "magnetic, 4 posts RBBB": lambda n: MagneticPuzzle(n, "RBBB"),
    "magnetic, 4 posts RRBB": lambda n: MagneticPuzzle(n, "RRBB"),
    "magnetic, 4 posts in a line NNNN": lambda n: MagneticPuzzle(n, "NNNN", moves="linear"),
    "magnetic, 4 posts in a cycle NNNN": lambda n: MagneticPuzzle(n, "NNNN", moves="cyclic"),
    "magnetic, 3 posts cyclic NNN, R up to B up": lambda n: MagneticPuzzle(n, moves="cyclic"),
    "magnetic, 3 posts cyclic NNN, R up to R up": lambda n: MagneticPuzzle(n, goal_up="R", moves="cyclic"),
    "magnetic, 3 posts cyclic RBB": lambda n: MagneticPuzzle(n, "RBB", moves="cyclic"),
    "magnetic, 3 posts linear NNN, R up to B up": lambda n: MagneticPuzzle(n, moves="linear"),
    "magnetic, 3 posts linear NNN, R up to R up": lambda n: MagneticPuzzle(n, goal_up="R", moves="linear"),
    "magnetic, 3 posts linear RBB": lambda n: MagneticPuzzle(n, "RBB", moves="linear"),
}
"""Members whose optimal perfect-to-perfect counts we did not find in the OEIS (start tower on S showing red, goal
tower on D showing blue unless told). With moves in a line or around a cycle of even length a disk's face is fixed
by the parity of its post, so those counts are the classic ones (or the goal cannot be reached): the notes say so.

The terms searched further than ``hanoi oeis`` goes by default are in :data:`RECORDED`. RBBB: a disk cannot move
between two blue posts, so it is the star with centre S (OEIS A291877); three posts, cyclic moves: the goal cannot
be reached for n >= 2 (the cycle is odd)."""

RECORDED: dict[str, tuple[int, ...]] = {
    "magnetic, 4 posts NNNN (free), R up to B up": (1, 4, 7, 12, 19, 26, 37, 50, 67, 86, 109, 136, 169),
    "magnetic, 4 posts NNNN, R up to R up": (2, 4, 8, 14, 20, 30, 40, 54, 68, 90),
    "magnetic, 4 posts RNNB": (1, 4, 7, 12, 19, 26, 37, 50, 69, 90),
    "magnetic, 4 posts RBNB": (1, 4, 7, 12, 19, 28, 39, 52, 71, 92),
    "magnetic, 4 posts RBRB": (1, 4, 7, 12, 21, 30, 41, 56, 75, 102),
    "magnetic, 4 posts RRBB": (1, 4, 7, 12, 21, 30, 41, 56, 75, 102),
}
"""Terms ``n = 1, 2, ...`` of :data:`NEW_MEMBERS` recorded from exhaustive searches larger than ``hanoi oeis --new``
makes by default: up to n = 10 with ``hanoi oeis --new --max-positions 33554432`` (about 90 s for n = 10), and NNNN
(free) up to n = 13 with the frontier search (``benchmarks/bench_frontier.py --long --only nnnn``, 2^30 codes at
n = 13; the run is in ``docs/search-at-scale.md``). :func:`new_numbers` shows them beside the terms it searches and
says where the two differ."""


class NewRow(NamedTuple):
    """The optimal counts of a member for ``n = 1 .. len(terms)`` (``None``: the goal cannot be reached), a note
    when they are a published sequence after all, the goal cannot be reached or they differ from the ``recorded``
    terms (:data:`RECORDED`, ``n = 1 .. len(recorded)``)."""

    name: str
    puzzle: str
    method: str
    terms: list[int | None]
    note: str
    recorded: list[int]


def _note(terms: list[int | None]) -> str:
    """Which published sequence the terms are (all of them, at least three), or from which n on none can be."""
    if None in terms:
        first = terms.index(None) + 1
        if all(t is None for t in terms[first - 1 :]):
            return f"the goal cannot be reached from n = {first} on" if first > 1 else "the goal cannot be reached"
    for entry in PUBLISHED.values():
        known = [entry.terms[n - entry.offset]
                 for n in range(1, len(terms) + 1) if 0 <= n - entry.offset < len(entry.terms)]
        if len(terms) >= 3 and known == terms:
            return f"the same terms as {entry.anumber} ({entry.name})"
    return ""


def new_numbers(upto: int | None = None, max_codes: int = OEIS_DEFAULT_CODES) -> list[NewRow]:
    """The optimal counts of :data:`NEW_MEMBERS` for every ``n`` (up to ``upto``) whose position space is within
    ``max_codes`` codes, by the exhaustive search.

    >>> row = new_numbers(upto=4)[0]
    >>> row.name, row.terms, row.recorded[:6], row.note
    ('magnetic, 4 posts NNNN (free), R up to B up', [1, 4, 7, 12], [1, 4, 7, 12, 19, 26], '')
    """
    upto, max_codes = _bounds(upto, max_codes)
    rows = []
    for name, make in NEW_MEMBERS.items():
        terms: list[int | None] = []
        n = 1
        while (upto is None or n <= upto) and tower_search.code_space(make(n)) <= max_codes:
            puzzle = make(n)
            terms.append(_searched(puzzle, puzzle.start, puzzle.goal, max_codes))
            n += 1
        recorded = list(RECORDED.get(name, ()))
        notes = [_note(terms), _difference(terms, recorded)]
        rows.append(NewRow(name, repr(make(1)).replace("(1, ", "(n, "), "exhaustive search", terms,
                           "; ".join(note for note in notes if note), recorded))
    return rows


def _difference(terms: list[int | None], recorded: list[int]) -> str:
    """Where the searched terms first differ from the recorded ones, if they do.

    >>> _difference([1, 4, 8], [1, 4, 7, 12])
    'differs from the recorded terms at n = 3: searched 8, recorded 7'
    """
    for n, (term, known) in enumerate(zip(terms, recorded), 1):
        if term != known:
            return f"differs from the recorded terms at n = {n}: searched {term}, recorded {known}"
    return ""


# -- diameters and radii -----------------------------------------------------------------------------------------------


SHAPE_MEMBERS: dict[str, Callable[[int], Puzzle]] = {
    "4 posts, every move": lambda n: Puzzle(n, posts=4),
    "5 posts, every move": lambda n: Puzzle(n, posts=5),
    "4 posts in a cycle": lambda n: Puzzle(n, posts=4, moves="cyclic"),
    "4 posts in a line": lambda n: Puzzle(n, posts=4, moves="linear"),
    "4 posts in a star": lambda n: Puzzle(n, posts=4, moves="star"),
    "magnetic, 4 posts NNNN": lambda n: MagneticPuzzle(n, "NNNN"),
}
"""Members whose state graphs' diameters and radii (:func:`hanoikit.search.diameter`: of the component of the start,
directed around a cycle) we did not find in the OEIS as such. As far as computed, the diameters of the members
without faces are the start's eccentricity and published distances between two towers (the notes name them); the
radii, and NNNN's diameters, are new: up to n = 8 the start tower turned over in place, from n = 9 two other
positions farther apart (n = 9: 79 moves, the start's eccentricity 77; n = 10: 106 against 100). Three posts:
2**n - 1 (A000225)."""

RECORDED_SHAPES: dict[str, tuple[int, ...]] = {
    "diameter, 4 posts, every move": (1, 3, 5, 9, 13, 17, 25, 33, 41, 49, 65, 81, 97),
    "radius, 4 posts, every move": (1, 3, 4, 7, 10, 13, 18, 24, 30, 37, 47, 58, 71),
    "diameter, 5 posts, every move": (1, 3, 5, 7, 11, 15, 19, 23, 27, 31),
    "radius, 5 posts, every move": (1, 3, 4, 6, 8, 10, 13, 15, 19, 22),
    "diameter, 4 posts in a cycle": (3, 10, 21, 40, 75, 134, 233, 400, 683, 1166, 1981),
    "radius, 4 posts in a cycle": (3, 7, 12, 24, 41, 74, 123, 215, 364, 621, 1050),
    "diameter, 4 posts in a line": (3, 10, 19, 34, 57, 88, 123, 176, 253, 342, 449),
    "radius, 4 posts in a line": (2, 5, 10, 17, 29, 44, 63, 89, 127, 171, 227),
    "diameter, 4 posts in a star": (2, 6, 12, 20, 32, 48, 66, 90, 122, 158, 206),
    "radius, 4 posts in a star": (1, 4, 7, 13, 20, 30, 43, 59, 80, 105, 136),
    "diameter, magnetic, 4 posts NNNN": (3, 6, 11, 16, 23, 34, 47, 60, 79, 106),
    "radius, magnetic, 4 posts NNNN": (3, 6, 9, 12, 17, 24, 34, 46, 61, 80),
}
"""Terms ``n = 1, 2, ...`` of the rows of :func:`new_shapes`, computed further than ``hanoi oeis --new`` goes by
default (``benchmarks/bench_diameter.py``; the runs are in ``docs/diameters.md``)."""

BFILES = ("A382111",)
"""The published sequences ``hanoi oeis --bfile`` writes, beside every row of :func:`new_shapes` (by name)."""


@functools.lru_cache(maxsize=64)
def _shape(puzzle: Puzzle) -> tuple[int, int]:
    from .search import diameter

    found = diameter(puzzle)
    return found.diameter, found.radius


def new_shapes(upto: int | None = None, max_codes: int = OEIS_DEFAULT_CODES) -> list[NewRow]:
    """The diameters and radii of :data:`SHAPE_MEMBERS` for every ``n`` (up to ``upto``) whose code space is within
    ``max_codes`` codes (and :data:`~hanoikit.limits.MAX_DIAMETER_CODES`), two rows a member.

    >>> rows = new_shapes(upto=4)
    >>> rows[0].name, rows[0].terms, rows[1].name, rows[1].terms
    ('diameter, 4 posts, every move', [1, 3, 5, 9], 'radius, 4 posts, every move', [1, 3, 4, 7])
    """
    from .limits import MAX_DIAMETER_CODES

    upto, max_codes = _bounds(upto, max_codes)
    rows = []
    for name, make in SHAPE_MEMBERS.items():
        found: list[tuple[int, int]] = []
        n = 1
        while (upto is None or n <= upto) and tower_search.code_space(make(n)) <= min(max_codes, MAX_DIAMETER_CODES):
            found.append(_shape(make(n)))
            n += 1
        for i, what in enumerate(("diameter", "radius")):
            row = f"{what}, {name}"
            terms: list[int | None] = [pair[i] for pair in found]
            recorded = list(RECORDED_SHAPES.get(row, ()))
            notes = [_note(terms), _difference(terms, recorded)]
            rows.append(NewRow(row, repr(make(1)).replace("(1, ", "(n, "), "diameter search", terms,
                               "; ".join(note for note in notes if note), recorded))
    return rows


def bfile(identifier: str, upto: int | None = None, max_codes: int = OEIS_DEFAULT_CODES) -> str:
    """An OEIS b-file (lines ``n a(n)`` after comment lines) of the terms hanoikit computes of ``identifier``: an
    A-number of :data:`BFILES` or the name of a row of :func:`new_shapes`, up to ``upto`` and ``max_codes`` codes.
    Raises :class:`~hanoikit.InvalidArgumentError` for another identifier.

    >>> print(bfile("A382111", upto=3))
    # A382111 eccentricity of the perfect state: 4 pegs, the most moves from the start to any position
    # computed by hanoikit (frontier search from the start), n = 1..3 (a(0) = 0: no disks)
    1 1
    2 3
    3 5
    """
    upto, max_codes = _bounds(upto, max_codes)
    if identifier in BFILES:
        entry = PUBLISHED[identifier]
        # a range, not a list: upto may be 10**30 (the search stops at the codes' cap)
        computed = _eccentricities(ECCENTRICITIES[identifier], range(1, (upto or 64) + 1), max_codes)
        title, how = f"{identifier} {entry.name}", "frontier search from the start"
        terms = [(n, value) for n, value in computed.items() if value is not None]
        extra = " (a(0) = 0: no disks)"
    else:
        rows = {row.name: row for row in new_shapes(upto, max_codes)}
        if identifier not in rows:
            from .errors import InvalidArgumentError, quote

            raise InvalidArgumentError(
                f"no b-file for {quote(identifier)}: give one of {', '.join(BFILES)} or a row of hanoi oeis --new "
                f"that is a diameter or a radius, e.g. {next(iter(rows))!r}"
            )
        row = rows[identifier]
        title, how = f"{identifier}: {row.puzzle}", "hanoikit.search.diameter"
        terms = [(n, value) for n, value in enumerate(row.terms, 1) if value is not None]
        extra = ""
    span = f"n = {terms[0][0]}..{terms[-1][0]}" if terms else f"no term within {max_codes:,} codes"
    lines = [f"# {title}", f"# computed by hanoikit ({how}), {span}{extra}"]
    lines += [f"{n} {value}" for n, value in terms]
    return "\n".join(lines)
