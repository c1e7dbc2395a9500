"""Solvers: plain functions over a puzzle that check their input and hand off to lazy generators, found through a
typed registry that says which puzzles each covers and what it guarantees.

``classic`` answers the classic puzzle, ``magnetic`` every magnetic colouring on three posts, ``exhaustive`` every
member of the family within its size cap; ``hanoikit.search`` is the breadth-first oracle they are tested against.

>>> import hanoikit as hk
>>> [(s.name, s.guarantee.value) for s in solvers_for(hk.Puzzle(3, moves="cyclic"))]
[('exhaustive', 'proven optimal')]
"""

from .registry import Endpoints, Guarantee, Solver, register, registered, solver_for, solvers_for

__all__ = ["Endpoints", "Guarantee", "Solver", "register", "registered", "solver_for", "solvers_for"]
