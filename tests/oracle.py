"""The plainest oracle: breadth-first search over the puzzle's own rules (``legal_moves`` and ``apply``), independent
of ``hanoikit.search`` and of every solver."""

from __future__ import annotations

import itertools
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


def all_states(puzzle: Puzzle) -> list[State]:
    """Every legal position of ``puzzle``: each disk on each post and, with faces, each top colour, those its rules
    allow."""
    k = puzzle.posts
    if not puzzle.faces:
        return [State(posts, post_count=k) for posts in itertools.product(range(k), repeat=puzzle.n)]
    candidates = (
        State(posts, ups, post_count=k)
        for posts in itertools.product(range(k), repeat=puzzle.n)
        for ups in itertools.product("RB", repeat=puzzle.n)
    )
    return [state for state in candidates if puzzle.is_legal(state)]


def plain_distances_to(puzzle: Puzzle, target: State) -> dict[State, int]:
    """The least number of moves from every legal position that can reach ``target`` to it (the moves need not be
    reversible: the search runs backwards over every legal move)."""
    before: dict[State, list[State]] = {state: [] for state in all_states(puzzle)}
    for state in before:
        for move in puzzle.legal_moves(state):
            before[puzzle.apply(state, move)].append(state)
    distances = {target: 0}
    queue = deque([target])
    while queue:
        state = queue.popleft()
        for earlier in before[state]:
            if earlier not in distances:
                distances[earlier] = distances[state] + 1
                queue.append(earlier)
    return distances


def assert_admissible_and_consistent(puzzle: Puzzle, estimate: Callable[[State], int | None], target: State) -> None:
    """``estimate`` (of the distance to ``target``) never exceeds the oracle's distance, drops by at most one a move,
    is 0 at ``target``, and is ``None`` (the target out of reach) only where the oracle finds no distance."""
    exact = plain_distances_to(puzzle, target)
    for state in all_states(puzzle):
        value = estimate(state)
        if value is None:
            assert state not in exact, state
            continue
        assert value <= exact.get(state, value), (state, value, exact.get(state))
        for _, after in puzzle.successors(state):
            later = estimate(after)
            assert later is None or value <= later + 1, (state, after, value, later)
    assert estimate(target) == 0
