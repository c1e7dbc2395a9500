"""Solvers: plain functions over a puzzle that check their input and hand off to lazy generators, found through a
typed registry that says which puzzles each covers and what it guarantees.

``classic`` answers the classic puzzle, ``magnetic`` every magnetic colouring on three posts, ``frame_stewart`` four
posts and more with every move allowed, ``cyclic`` and ``linear`` three posts with restricted moves, ``exhaustive``
every member of the family within its size cap; ``hanoikit.search`` and the exhaustive search are the oracles they
are tested against.

>>> import hanoikit as hk
>>> [(s.name, s.guarantee.value) for s in solvers_for(hk.Puzzle(3, moves="cyclic"))]
[('cyclic', 'proven optimal'), ('exhaustive', 'proven optimal')]
>>> [(s.name, s.guarantee.value, s.checked_up_to) for s in solvers_for(hk.Puzzle(3, posts=5))][0]
('frame-stewart', 'conjectured optimal', 13)
"""

from .registry import Endpoints, Guarantee, Solver, register, registered, solver_for, solvers_for

__all__ = ["Endpoints", "Guarantee", "Solver", "register", "registered", "solver_for", "solvers_for"]
