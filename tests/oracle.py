"""The plainest oracle: breadth-first search over the puzzle's own rules (``legal_moves`` and ``apply``), independent
of ``hanoikit.search`` and of every solver."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from hanoikit import Move, Puzzle, State


def legal_walk(
    puzzle: Puzzle, state: State, steps: int, pick: Callable[[Sequence[Move]], Move]
) -> tuple[State, list[Move]]:
    """Up to ``steps`` legal moves from ``state``, each chosen by ``pick`` among the legal ones (it stops where none
    is); the position reached and the moves."""
    moves: list[Move] = []
    for _ in range(steps):
        legal = puzzle.legal_moves(state)
        if not legal:
            break
        moves.append(pick(legal))
        state = puzzle.apply(state, moves[-1])
    return state, moves


def plain_distances(puzzle: Puzzle, source: State) -> dict[State, int]:
    """The least number of moves from ``source`` to every position it can reach."""
    distances = {source: 0}
    queue = deque([source])
    while queue:
        state = queue.popleft()
        for move in puzzle.legal_moves(state):
            after = puzzle.apply(state, move)
            if after not in distances:
                distances[after] = distances[state] + 1
                queue.append(after)
    return distances
