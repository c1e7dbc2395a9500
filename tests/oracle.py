"""The plainest oracle: breadth-first search over the puzzle's own rules (``legal_moves`` and ``apply``), independent
of ``hanoikit.search`` and of every solver."""

from __future__ import annotations

from collections import deque

from hanoikit import Puzzle, State


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
