"""The one table of named ways to produce moves: the optimal solution (which the solver registry,
:mod:`hanoikit.solvers.registry`, dispatches to the solver covering the puzzle), the classic seed methods and Levy's
published algorithms (:mod:`hanoikit.levy.published` holds their transcription), each with what its moves are worth
in the solver registry's terms (:class:`~hanoikit.solvers.registry.Guarantee`). The command line (``hanoi solve
--method``, ``hanoi crossings --algorithm``, ``hanoi time``), the web page's Watch menu (through the API's
``/api/config``), movies and the OEIS table read it.

Each :class:`Algorithm` says which puzzles it plays (a predicate on the rules: posts, moves, faces), whether its moves
are optimal, whether it starts from any position or only from the start tower, and gives its moves lazily
(:meth:`~Algorithm.moves`), as numpy :class:`~hanoikit.movearray.MoveArray` chunks (:meth:`~Algorithm.arrays`) and
counted without making them (:meth:`~Algorithm.count`).

>>> import hanoikit as hk
>>> [a.name for a in registered()][:4], [a.name for a in registered(Family.LEVY)]
(['optimal', 'recursive', 'iterative', 'four-step'], ['100', '67-down', '67-up', '62', 'semifree'])
>>> [a.name for a in playing(hk.MagneticPuzzle(3)) if a.optimal]
['optimal']
>>> levy = get("SemiFree")
>>> levy.optimal, levy.count(levy.puzzle(6)), [str(m) for m in levy.moves(hk.MagneticPuzzle(2, "RNB"))]
(False, 276, ['1SD', '1DI', '2SD', '1ID'])

Levy's runs take the tower showing red on S to the tower showing blue on D, and are not checked against the
puzzle's colours as they are made: on another tower the rules may refuse them, or they may end elsewhere; play them
(:meth:`~hanoikit.Puzzle.play`, or :func:`hanoikit.analysis.color_trace` for arrays) to check them.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from .errors import UnknownMethodError
from .levy import published as _levy
from .move import Move
from .movearray import MoveArray, batches
from .puzzle import Puzzle
from .solvers import classic
from .solvers.registry import CLASSIC, MAGNETIC, Guarantee
from .state import State

__all__ = ["CHUNK", "OPTIMAL", "Algorithm", "Family", "get", "playing", "register", "registered"]

CHUNK = 1 << 20
"""The default number of moves of the chunks of :meth:`Algorithm.arrays`."""


class Family(enum.Enum):
    """Where an algorithm comes from."""

    OPTIMAL = "the optimal solution, from the solver registry"
    CLASSIC = "a seed method of the classic tower (the optimal moves, computed another way)"
    LEVY = "Levy's published algorithm for the magnetic tower"


Moves = Callable[[Puzzle, State, State], Iterator[Move]]
Arrays = Callable[[Puzzle, State, State, int], Iterable[MoveArray]]
Count = Callable[[Puzzle, State, State], int]


@dataclass(frozen=True)
class Algorithm:
    """A named algorithm: what it plays, what it is worth, and its moves.

    ``plays`` is a predicate on the puzzle's rules and ``plays_text`` says the same in words; ``guarantee`` is what
    its moves are worth, in the solver registry's terms (:class:`~hanoikit.solvers.registry.Guarantee`; ``None`` for
    ``optimal``: the guarantee of the solver that answers the puzzle, see :meth:`guarantee_for`); ``any_position``
    is whether it starts from any position to any position (else from the start tower to the goal tower only);
    ``home`` is the puzzle it was made for, with ``n`` disks.
    """

    name: str
    label: str
    description: str
    family: Family
    guarantee: Guarantee | None
    any_position: bool
    plays: Callable[[Puzzle], bool] = field(repr=False)
    plays_text: str = field(repr=False)
    home: Callable[[int], Puzzle] = field(repr=False)
    _moves: Moves = field(repr=False)
    _arrays: Arrays = field(repr=False)
    _count: Count = field(repr=False)

    @property
    def optimal(self) -> bool:
        """Whether its moves are the fewest on every puzzle it plays (every guarantee but ``NOT_OPTIMAL``).

        >>> get("bits").optimal, get("62").optimal
        (True, False)
        """
        return self.guarantee is not Guarantee.NOT_OPTIMAL

    def guarantee_for(self, puzzle: Puzzle) -> Guarantee:
        """What its moves on ``puzzle`` are worth: its own guarantee, or the answering solver's for ``optimal``.

        >>> get("optimal").guarantee_for(Puzzle(3)).value, get("62").guarantee_for(get("62").puzzle(3)).value
        ('proven optimal', 'a published non-optimal algorithm')
        """
        return self.guarantee if self.guarantee is not None else puzzle.solver().guarantee_for(puzzle)

    def puzzle(self, n: int) -> Puzzle:
        """The puzzle the algorithm was made for, with ``n`` disks.

        >>> get("62").puzzle(3), get("bits").puzzle(3)
        (MagneticPuzzle(3, colors='NNN', start_up='R', goal_up='B'), Puzzle(3))
        """
        return self.home(n)

    def endpoints(self, puzzle: Puzzle, src: State | None = None, dst: State | None = None) -> tuple[State, State]:
        """``src`` and ``dst`` checked (default: the start and the goal); raises :class:`~hanoikit.UnknownMethodError`
        if the algorithm does not play ``puzzle`` or does not start from ``src`` or end at ``dst``.

        >>> from hanoikit import MagneticPuzzle
        >>> get("recursive").endpoints(MagneticPuzzle(2))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        hanoikit.errors.UnknownMethodError: 'recursive' plays the classic tower (three posts, every move), not Magn...
        """
        if not self.plays(puzzle):
            raise UnknownMethodError(f"{self.name!r} plays {self.plays_text}, not {puzzle!r}")
        if not self.any_position and not (src in (None, puzzle.start) and dst in (None, puzzle.goal)):
            raise UnknownMethodError(
                f"{self.name!r} plays from the start tower to the goal tower only; the optimal solution plays between "
                "any positions"
            )
        return puzzle.endpoints(src, dst)

    def moves(self, puzzle: Puzzle, src: State | None = None, dst: State | None = None) -> Iterator[Move]:
        """The moves from ``src`` to ``dst`` (default: start to goal), generated lazily."""
        return self._moves(puzzle, *self.endpoints(puzzle, src, dst))

    def arrays(
        self, puzzle: Puzzle, src: State | None = None, dst: State | None = None, size: int = CHUNK
    ) -> Iterable[MoveArray]:
        """The same moves as :meth:`moves` as :class:`~hanoikit.movearray.MoveArray` chunks, built lazily in bounded
        memory (about ``size`` moves each, or shared read-only blocks); a :class:`~hanoikit.movearray.Chunks` where
        the builder marks recurring runs, which the writers of :mod:`hanoikit.formats` format once.

        >>> [part.size for part in get("optimal").arrays(Puzzle(3), size=4)]
        [4, 3]
        """
        return self._arrays(puzzle, *self.endpoints(puzzle, src, dst), size)

    def count(self, puzzle: Puzzle, src: State | None = None, dst: State | None = None) -> int:
        """How many moves :meth:`moves` makes, counted without making them (an exact int)."""
        return self._count(puzzle, *self.endpoints(puzzle, src, dst))


_REGISTRY: dict[str, Algorithm] = {}


def register(algorithm: Algorithm) -> Algorithm:
    """Add ``algorithm`` after those registered so far.

    Parameters
    ----------
    algorithm : Algorithm
        What it plays, what it is worth and its moves.

    Returns
    -------
    Algorithm
        ``algorithm`` itself.

    Raises
    ------
    ValueError
        If an algorithm of that name (in lower case) is registered already.

    Examples
    --------
    >>> register(get("62"))
    Traceback (most recent call last):
    ValueError: an algorithm named '62' is registered already
    """
    key = algorithm.name.lower()
    if key in _REGISTRY:
        raise ValueError(f"an algorithm named {algorithm.name!r} is registered already")
    _REGISTRY[key] = algorithm
    return algorithm


def registered(family: Family | None = None) -> tuple[Algorithm, ...]:
    """Every registered algorithm (of ``family``, if given), in the order they were registered.

    Parameters
    ----------
    family : Family, optional
        Only the algorithms of this family.

    Returns
    -------
    tuple of Algorithm
        The algorithms.

    Examples
    --------
    >>> [a.name for a in registered(Family.CLASSIC)]
    ['recursive', 'iterative', 'four-step', 'three-step', 'route-table', 'bits']
    """
    return tuple(a for a in _REGISTRY.values() if family is None or a.family is family)


def playing(puzzle: Puzzle) -> list[Algorithm]:
    """The registered algorithms that play ``puzzle``'s rules.

    Parameters
    ----------
    puzzle : Puzzle
        The rules.

    Returns
    -------
    list of Algorithm
        The algorithms, in the order they were registered.

    Examples
    --------
    >>> from hanoikit import MagneticPuzzle
    >>> [a.name for a in playing(MagneticPuzzle(3))]
    ['optimal', '100', '67-down', '67-up', '62', 'semifree']
    """
    return [a for a in _REGISTRY.values() if a.plays(puzzle)]


def get(name: str) -> Algorithm:
    """The algorithm named ``name`` (case and surrounding spaces do not matter).

    Parameters
    ----------
    name : str
        An algorithm's name.

    Returns
    -------
    Algorithm
        The registered algorithm.

    Raises
    ------
    UnknownMethodError
        If no algorithm has that name; the message lists them.

    Examples
    --------
    >>> get("Four-Step").name
    'four-step'
    >>> get("quick")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    hanoikit.errors.UnknownMethodError: unknown algorithm 'quick': choose one of optimal, recursive, iterative, ...
    """
    found = _REGISTRY.get(name.strip().lower()) if isinstance(name, str) else None
    if found is None:
        raise UnknownMethodError(f"unknown algorithm {name!r}: choose one of {', '.join(_REGISTRY)}")
    return found


# -- the built-in algorithms -------------------------------------------------------------------------------------------

def _optimal_arrays(puzzle: Puzzle, src: State, dst: State, size: int) -> Iterable[MoveArray]:
    solver = puzzle.solver(src, dst)
    if solver.chunks is None:
        return batches(puzzle.solve(src, dst), puzzle.n, size)
    return solver.chunks(puzzle, src, dst, size)


OPTIMAL = register(
    Algorithm(
        name="optimal",
        label="Optimal solution",
        description="the fewest moves known, from the solver that answers the puzzle, with that solver's guarantee "
        "(hanoikit.solvers.registry: proven, checked up to some n, or conjectured)",
        family=Family.OPTIMAL,
        guarantee=None,
        any_position=True,
        plays=lambda puzzle: True,
        plays_text="every puzzle a solver answers",
        home=Puzzle,
        _moves=lambda puzzle, src, dst: puzzle.solve(src, dst),
        _arrays=_optimal_arrays,
        _count=lambda puzzle, src, dst: puzzle.distance(src, dst),
    )
)
"""The optimal solution, for every puzzle a solver answers, between any positions."""


def _classic_method(name: str, method: Callable[[int], Iterator[Move]]) -> Algorithm:
    def moves(puzzle: Puzzle, src: State, dst: State) -> Iterator[Move]:
        return method(puzzle.n)

    return Algorithm(
        name=name,
        label=f"Classic method {name!r}",
        description=f"the seed method {name!r} (hanoikit.solvers.classic): the optimal moves from S to D",
        family=Family.CLASSIC,
        guarantee=Guarantee.PROVEN_OPTIMAL,
        any_position=False,
        plays=CLASSIC.covers,
        plays_text="the classic tower (three posts, every move)",
        home=Puzzle,
        _moves=moves,
        _arrays=lambda puzzle, src, dst, size: batches(moves(puzzle, src, dst), puzzle.n, size),
        _count=lambda puzzle, src, dst: puzzle.distance(),
    )


for _method in (classic.recursive, classic.iterative, classic.four_step, classic.three_step, classic.route_table,
                classic.bits):
    register(_classic_method(_method.__name__.replace("_", "-"), _method))


def _levy_algorithm(published: _levy.Published) -> Algorithm:
    name = published.name

    def moves(puzzle: Puzzle, src: State, dst: State) -> Iterator[Move]:
        from .levy import solution

        return solution(name, puzzle.n)

    def arrays(puzzle: Puzzle, src: State, dst: State, size: int) -> Iterable[MoveArray]:
        from .levy import blocks

        return blocks(name, puzzle.n)

    def count(puzzle: Puzzle, src: State, dst: State) -> int:
        from .levy import counts

        return counts(name, puzzle.n)

    return Algorithm(
        name=name,
        label=f'Levy "{name}" (published for {published.colors})',
        description=f"Levy's {published.description}",
        family=Family.LEVY,
        guarantee=Guarantee.NOT_OPTIMAL,
        any_position=False,
        plays=MAGNETIC.covers,
        plays_text="the magnetic tower on three posts (every move; the post colours decide which runs are legal)",
        home=published.puzzle,
        _moves=moves,
        _arrays=arrays,
        _count=count,
    )


for _published in _levy.ALGORITHMS.values():
    register(_levy_algorithm(_published))
