"""The solver registry: which solver answers which puzzle, between which positions, with which guarantee.

Each :class:`Solver` says which puzzles it covers (a predicate on the rules: posts, moves, faces), which endpoints
(perfect towers only, or any positions), what it guarantees (a :class:`Guarantee`) and what it costs. A puzzle's
queries (:meth:`~hanoikit.Puzzle.distance`, :meth:`~hanoikit.Puzzle.solve`, :meth:`~hanoikit.Puzzle.move_at`,
:meth:`~hanoikit.Puzzle.state_at`, :meth:`~hanoikit.Puzzle.disk_moves`) go to the first registered solver that covers
the puzzle and the endpoints; the exhaustive search comes last, as the fallback for any rules within its size cap.

>>> import hanoikit as hk
>>> [s.name for s in solvers_for(hk.Puzzle(3))]
['classic', 'exhaustive']
>>> solver = solvers_for(hk.MagneticPuzzle(3, "RBB"))[0]
>>> solver.name, solver.endpoints.value, solver.guarantee.value
('magnetic', 'any to any', 'proven optimal')
>>> solver_for(hk.Puzzle(3, posts=4, moves="cyclic")).name
'exhaustive'
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, cast

from ..errors import UnknownMethodError
from ..limits import MAX_FAMILY_INDEX_DISKS, MAX_MAGNETIC_INDEX_DISKS, MAX_SEARCH_POSITIONS, ensure_at_most
from ..puzzle import Puzzle
from ..state import State

if TYPE_CHECKING:
    from ..move import Move
    from ..movearray import MoveArray
    from ..puzzle import MagneticPuzzle

__all__ = [
    "Endpoints",
    "Guarantee",
    "Solver",
    "SolverFunctions",
    "register",
    "registered",
    "solver_for",
    "solvers_for",
]


class Guarantee(enum.Enum):
    """What a solver's answers are worth."""

    PROVEN_OPTIMAL = "proven optimal"
    CHECKED_OPTIMAL = "optimal by exhaustive check"
    """Optimal as far as the exhaustive search has checked: up to :meth:`Solver.checked_disks` disks."""
    CONJECTURED_OPTIMAL = "conjectured optimal"
    NOT_OPTIMAL = "a published non-optimal algorithm"


class Endpoints(enum.Enum):
    """Between which positions a solver answers."""

    PERFECT = "perfect to perfect"
    ANY = "any to any"


class SolverFunctions(Protocol):
    """The functions a solver module provides; the positions are legal positions of ``puzzle``, checked by it."""

    def distance(self, puzzle: Puzzle, src: State, dst: State) -> int:
        """The optimal number of moves from ``src`` to ``dst``."""

    def solve(self, puzzle: Puzzle, src: State, dst: State) -> Iterator[Move]:
        """An optimal solution from ``src`` to ``dst``, lazily."""

    def move_at(self, puzzle: Puzzle, k: int) -> Move:
        """Move ``k`` (from 0) of the optimal solution from the start to the goal."""

    def state_at(self, puzzle: Puzzle, k: int) -> State:
        """The position after the first ``k`` moves of that solution."""

    def disk_moves(self, puzzle: Puzzle) -> list[int]:
        """How many times each disk moves in that solution, disk 1 first."""


def _perfect(state: State | None) -> bool:
    """Whether ``state`` is a perfect tower (``None`` stands for the start or the goal, which are)."""
    if state is None:
        return True
    if not isinstance(state, State):
        return False
    n, ups = state.n, state.ups
    return state.posts.count(state.posts[0]) == n and (ups is None or ups.count(ups[0]) == n)


def _no_cap(puzzle: Puzzle) -> None:
    """No size cap beyond the puzzle's own."""


@dataclass(frozen=True)
class Solver:
    """A solver: what it covers, what it guarantees, what it costs, and its functions (loaded on first use).

    ``covers`` is a predicate on the puzzle's rules; ``check`` raises :class:`~hanoikit.TooLargeError` for a puzzle
    it covers but beyond its cap, ``check_index`` likewise for ``move_at`` and ``state_at``; ``load`` returns the
    module (or any object) with the :class:`SolverFunctions`; ``checked``, for a conjectured solver, returns the
    record of how far an exhaustive search confirmed it (number of posts to disks, loaded on first use: the one
    source of :meth:`guarantee_for`); ``chunks``, when the solver has one, builds a solution as numpy chunks of at
    most ``size`` moves (the others' moves are batched from ``solve``).
    """

    name: str
    covers: Callable[[Puzzle], bool] = field(repr=False)
    endpoints: Endpoints
    guarantee: Guarantee
    cost: str
    load: Callable[[], SolverFunctions] = field(repr=False)
    check: Callable[[Puzzle], None] = field(default=_no_cap, repr=False)
    check_index: Callable[[Puzzle], None] = field(default=_no_cap, repr=False)
    checked: Callable[[], Mapping[int, int]] | None = field(default=None, repr=False)
    reference: str = ""
    chunks: Callable[[Puzzle, State, State, int], Iterable[MoveArray]] | None = field(default=None, repr=False)

    def answers(self, puzzle: Puzzle, src: State | None = None, dst: State | None = None) -> bool:
        """Whether this solver covers ``puzzle`` between ``src`` and ``dst`` (``None``: the start or the goal)."""
        if not self.covers(puzzle):
            return False
        return self.endpoints is Endpoints.ANY or (_perfect(src) and _perfect(dst))

    def guarantee_for(self, puzzle: Puzzle) -> Guarantee:
        """What this solver's answers on ``puzzle`` are worth: a conjecture checked by exhaustive search up to
        :meth:`checked_disks` disks on ``puzzle``'s posts is :attr:`Guarantee.CHECKED_OPTIMAL` there.

        >>> import hanoikit as hk
        >>> solver = hk.Puzzle(13, posts=5).solver()
        >>> solver.guarantee_for(hk.Puzzle(13, posts=5)).value, solver.guarantee_for(hk.Puzzle(14, posts=5)).value
        ('optimal by exhaustive check', 'conjectured optimal')
        """
        checked = self.checked_disks(puzzle.posts)
        if self.guarantee is Guarantee.CONJECTURED_OPTIMAL and checked is not None and puzzle.n <= checked:
            return Guarantee.CHECKED_OPTIMAL
        return self.guarantee

    def checked_disks(self, posts: int) -> int | None:
        """Up to how many disks an exhaustive search confirmed this solver's answers on ``posts`` posts (``None``:
        no record).

        >>> import hanoikit as hk
        >>> solver = hk.Puzzle(3, posts=8).solver()
        >>> solver.checked_disks(6), solver.checked_disks(8), solver.checked_disks(4)
        (6, 7, None)
        """
        return None if self.checked is None else self.checked().get(posts)

    @property
    def checked_up_to(self) -> int | None:
        """Up to how many disks an exhaustive search confirmed this solver's answers on every member it covers: the
        fewest of :meth:`checked_disks` (``None``: no record)."""
        record = {} if self.checked is None else self.checked()
        return min(record.values(), default=None)

    def distance(self, puzzle: Puzzle, src: State, dst: State) -> int:
        """The optimal number of moves from ``src`` to ``dst``. Loads the solver's module on first use."""
        return self.load().distance(puzzle, src, dst)

    def solve(self, puzzle: Puzzle, src: State, dst: State) -> Iterator[Move]:
        """An optimal solution from ``src`` to ``dst``, lazily. Loads the solver's module on first use."""
        return self.load().solve(puzzle, src, dst)

    def move_at(self, puzzle: Puzzle, k: int) -> Move:
        """Move ``k`` (from 0) of the optimal solution from the start to the goal. Loads the solver's module on
        first use."""
        return self.load().move_at(puzzle, k)

    def state_at(self, puzzle: Puzzle, k: int) -> State:
        """The position after the first ``k`` moves of that solution. Loads the solver's module on first use."""
        return self.load().state_at(puzzle, k)

    def disk_moves(self, puzzle: Puzzle) -> list[int]:
        """How many times each disk moves in that solution, disk 1 first. Loads the solver's module on first use."""
        return self.load().disk_moves(puzzle)


_SOLVERS: list[Solver] = []
_FALLBACKS: list[Solver] = []


def register(solver: Solver, fallback: bool = False) -> Solver:
    """Add ``solver`` after the solvers registered so far (a ``fallback`` after all the others).

    Parameters
    ----------
    solver : Solver
        What it covers, what it guarantees and its functions.
    fallback : bool, default False
        Ask it after every other solver, whenever registered (the exhaustive search is the fallback).

    Returns
    -------
    Solver
        ``solver`` itself.

    Examples
    --------
    A new member's solver says what it covers and what it is worth, e.g. Frame-Stewart on five posts::

        register(Solver(name="frame-stewart", covers=lambda p: p.every_move and not p.faces,
                        endpoints=Endpoints.PERFECT, guarantee=Guarantee.CONJECTURED_OPTIMAL,
                        checked=lambda: {5: 7}, cost="O(n) per count", load=_load_frame_stewart))
    """
    (_FALLBACKS if fallback else _SOLVERS).append(solver)
    return solver


def registered() -> tuple[Solver, ...]:
    """Every registered solver, in the order they are asked.

    Returns
    -------
    tuple of Solver
        The solvers, the fallback last.

    Examples
    --------
    >>> [solver.name for solver in registered()][-1]
    'exhaustive'
    """
    return (*_SOLVERS, *_FALLBACKS)


def solvers_for(puzzle: Puzzle, src: State | None = None, dst: State | None = None) -> list[Solver]:
    """The solvers that cover ``puzzle`` between ``src`` and ``dst``, first one first.

    Parameters
    ----------
    puzzle : Puzzle
        The rules.
    src, dst : State, optional
        The endpoints (default: the start and the goal).

    Returns
    -------
    list of Solver
        Every registered solver covering them, in the order they are asked.

    Examples
    --------
    >>> import hanoikit as hk
    >>> [solver.name for solver in solvers_for(hk.Puzzle(3, posts=4))]
    ['frame-stewart', 'exhaustive']
    """
    return [solver for solver in registered() if solver.answers(puzzle, src, dst)]


def solver_for(puzzle: Puzzle, src: State | None = None, dst: State | None = None) -> Solver:
    """The solver that answers ``puzzle`` between ``src`` and ``dst``: the first that covers them.

    Parameters
    ----------
    puzzle : Puzzle
        The rules.
    src, dst : State, optional
        The endpoints (default: the start and the goal).

    Returns
    -------
    Solver
        The first registered solver covering them.

    Raises
    ------
    UnknownMethodError
        If none does.
    TooLargeError
        If the puzzle is beyond that solver's cap.

    Examples
    --------
    >>> import hanoikit as hk
    >>> solver_for(hk.Puzzle(3)).name, solver_for(hk.MagneticPuzzle(3)).guarantee.value
    ('classic', 'proven optimal')
    """
    for solver in registered():
        if solver.answers(puzzle, src, dst):
            solver.check(puzzle)
            return solver
    between = "" if src is None and dst is None else " between these positions"
    raise UnknownMethodError(f"no solver answers {puzzle!r}{between} yet")


# -- the built-in solvers ---------------------------------------------------------------------------------------------

def _three_posts_any_moves(puzzle: Puzzle) -> bool:
    return puzzle.posts == 3 and puzzle.every_move


def _load_classic() -> SolverFunctions:
    from . import classic

    return classic


def _load_magnetic() -> SolverFunctions:
    from . import magnetic

    return magnetic  # type: ignore[return-value]  # its functions take the MagneticPuzzle they cover


def _load_exhaustive() -> SolverFunctions:
    from . import exhaustive

    return exhaustive


def _magnetic_index_cap(puzzle: Puzzle) -> None:
    ensure_at_most(puzzle.n, MAX_MAGNETIC_INDEX_DISKS, "disks (indexing a magnetic solution)")


def _exhaustive_cap(puzzle: Puzzle) -> None:
    from .exhaustive import check_size

    check_size(puzzle)


def _classic_chunks(puzzle: Puzzle, src: State, dst: State, size: int) -> Iterable[MoveArray]:
    from .arrays import solution_chunks

    return solution_chunks(puzzle, src, dst, size)


def _magnetic_chunks(puzzle: Puzzle, src: State, dst: State, size: int) -> Iterable[MoveArray]:
    from .magnetic import solution_chunks

    chunks = solution_chunks(cast("MagneticPuzzle", puzzle), src, dst, size)  # the magnetic solver covers it
    return cast("Iterable[MoveArray]", chunks)  # a Chunks of MoveArray


def _frame_stewart_chunks(puzzle: Puzzle, src: State, dst: State, size: int) -> Iterable[MoveArray]:
    from .frame_stewart import chunks

    return iter(()) if src == dst else chunks(puzzle.n, puzzle.posts, src.posts[0], dst.posts[0], size)  # towers


CLASSIC = register(
    Solver(
        name="classic",
        covers=lambda puzzle: _three_posts_any_moves(puzzle) and not puzzle.faces,
        endpoints=Endpoints.ANY,
        guarantee=Guarantee.PROVEN_OPTIMAL,
        cost="O(n) steps on exact ints per answer; each move of a solution in O(1) amortised",
        load=_load_classic,
        reference="A. M. Hinz et al., The Tower of Hanoi - Myths and Maths, 2nd ed., 2018, ch. 2",
        chunks=_classic_chunks,
    )
)

MAGNETIC = register(
    Solver(
        name="magnetic",
        covers=lambda puzzle: _three_posts_any_moves(puzzle) and puzzle.faces,
        endpoints=Endpoints.ANY,
        guarantee=Guarantee.PROVEN_OPTIMAL,
        cost="closed forms between perfect towers; otherwise a few microseconds a level and exact sums once "
        "(at most MAX_MAGNETIC_DISKS disks; move_at and state_at at most MAX_MAGNETIC_INDEX_DISKS)",
        load=_load_magnetic,
        check_index=_magnetic_index_cap,
        reference="shortest paths over the tiny graph of each level (hanoikit.solvers.magnetic), every colouring",
        chunks=_magnetic_chunks,
    )
)

def _load_frame_stewart() -> SolverFunctions:
    from . import frame_stewart

    return frame_stewart


def _every_move(puzzle: Puzzle) -> bool:
    return puzzle.every_move and not puzzle.faces


def _frame_stewart(posts: Callable[[int], bool], guarantee: Guarantee, steps: str, reference: str) -> Solver:
    """Frame-Stewart's solver on the members with every move, no faces and a number of posts ``posts`` accepts;
    conjectured optimal ones confirmed as far as :data:`hanoikit.solvers.frame_stewart.CHECKED_DISKS` says."""

    def checked() -> Mapping[int, int]:
        from .frame_stewart import CHECKED_DISKS

        return {k: disks for k, disks in CHECKED_DISKS.items() if posts(k)}

    return register(Solver(
        name="frame-stewart", covers=lambda puzzle: posts(puzzle.posts) and _every_move(puzzle),
        endpoints=Endpoints.PERFECT, guarantee=guarantee,
        cost=f"the count in {steps} steps on exact ints; moves lazily or as numpy arrays, O(1) each",
        load=_load_frame_stewart, chunks=_frame_stewart_chunks, reference=reference,
        checked=checked if guarantee is Guarantee.CONJECTURED_OPTIMAL else None,
    ))


FRAME_STEWART_4 = _frame_stewart(
    lambda posts: posts == 4, Guarantee.PROVEN_OPTIMAL, "O(sqrt(n))",
    "T. Bousch, La quatrieme tour de Hanoi, Bull. Belg. Math. Soc. 21 (2014) 895-912 (OEIS A007664)",
)
FRAME_STEWART_5 = _frame_stewart(
    lambda posts: posts == 5, Guarantee.CONJECTURED_OPTIMAL, "O(n**(1/3))",
    "Frame-Stewart (1941), closed form of Klavzar and Milutinovic (OEIS A137695, A007665); optimal by exhaustive "
    "search here up to 13 disks (hanoikit.solvers.frame_stewart.CHECKED_DISKS)",
)
FRAME_STEWART = _frame_stewart(
    lambda posts: posts >= 6, Guarantee.CONJECTURED_OPTIMAL, "O(n**(1/(k-2)))",
    "Frame-Stewart (1941), closed form of Klavzar and Milutinovic (OEIS A137695); optimal by exhaustive search here "
    "up to 6 disks on 6 posts, k - 1 on k >= 7 (hanoikit.solvers.frame_stewart.CHECKED_DISKS)",
)


def _family_index_cap(puzzle: Puzzle) -> None:
    ensure_at_most(puzzle.n, MAX_FAMILY_INDEX_DISKS, "disks (indexing a solution with restricted moves)")


def _family(name: str, endpoints: Endpoints, cost: str, reference: str) -> Solver:
    """The proven-optimal solver of a family with restricted moves in the module ``hanoikit.solvers.NAME``, which
    provides ``covers(puzzle)`` and the :class:`SolverFunctions`, imported on first use; ``move_at`` and
    ``state_at`` up to MAX_FAMILY_INDEX_DISKS disks."""

    def load() -> SolverFunctions:
        return cast(SolverFunctions, importlib.import_module(f"{__package__}.{name}"))

    return Solver(name=name, covers=lambda puzzle: bool(cast(Any, load()).covers(puzzle)), endpoints=endpoints,
                  guarantee=Guarantee.PROVEN_OPTIMAL, cost=cost, load=load, check_index=_family_index_cap,
                  reference=reference)


CYCLIC = register(_family(
    "cyclic", Endpoints.PERFECT,
    cost="counts by exact squaring in Z[sqrt 3], O(log n) products; moves lazily, O(1) amortised each; move_at and "
    "state_at O(n) levels (at most MAX_FAMILY_INDEX_DISKS disks)",
    reference="M. D. Atkinson, The cyclic Towers of Hanoi, Inform. Process. Lett. 13 (1981) 118-119 (OEIS A005665, "
    "A005666)",
))

LINEAR = register(_family(
    "linear", Endpoints.ANY,
    cost="O(n) for a distance (the ternary Gray rank of both positions); moves lazily, O(1) each; move_at and "
    "state_at convert an index to base 3 (at most MAX_FAMILY_INDEX_DISKS disks)",
    reference="the state graph of three posts in a line is a path through all 3**n positions (Hinz et al., The "
    "Tower of Hanoi - Myths and Maths, 2nd ed., 2018, ch. 8; OEIS A024023)",
))


def _load_heuristic() -> SolverFunctions:
    from . import heuristic

    return heuristic


def _covers_heuristic(puzzle: Puzzle) -> bool:
    """Four posts or more, above the exhaustive solver's comfortable range (its tables of distances)."""
    from .exhaustive import position_bound
    from .heuristic import covers

    return covers(puzzle) and position_bound(puzzle) > MAX_SEARCH_POSITIONS


def _heuristic_cap(puzzle: Puzzle) -> None:
    from .heuristic import check_size

    check_size(puzzle)


HEURISTIC = register(
    Solver(
        name="heuristic",
        covers=_covers_heuristic,
        endpoints=Endpoints.ANY,
        guarantee=Guarantee.PROVEN_OPTIMAL,
        cost="A* search guided by additive pattern databases (admissible and consistent), built for the goal and "
        "cached; at most MAX_HEURISTIC_DISKS disks and MAX_HEURISTIC_NODES positions stored",
        load=_load_heuristic,
        check=_heuristic_cap,
        reference="R. E. Korf and A. Felner, Recent progress in heuristic search: a case study of the four-peg Towers "
        "of Hanoi problem, IJCAI 2007; A. Felner, R. E. Korf and S. Hanan, Additive pattern database heuristics, "
        "JAIR 22 (2004) 279-318",
    )
)


EXHAUSTIVE = register(
    Solver(
        name="exhaustive",
        covers=lambda puzzle: True,
        endpoints=Endpoints.ANY,
        guarantee=Guarantee.PROVEN_OPTIMAL,
        cost="breadth-first search over the reachable positions; at most MAX_SEARCH_POSITIONS positions",
        load=_load_exhaustive,
        check=_exhaustive_cap,
        reference="breadth-first search over the puzzle's own rules (hanoikit.solvers.exhaustive)",
    ),
    fallback=True,
)
