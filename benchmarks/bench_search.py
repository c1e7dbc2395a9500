"""Breadth-first search speed: the vectorised oracle at its targets, and side by side with a plain search.

Targets (2-core machine): classic n = 15 (14.3 M positions) and free magnetic n = 12, each in under 60 s.
Run: ``.venv/bin/python benchmarks/bench_search.py [--quick]``.
"""

from __future__ import annotations

import collections
import sys

from hanoikit import MagneticPuzzle, Puzzle
from hanoikit.search import bfs
from timing import timed


def plain_bfs(puzzle: Puzzle) -> int:
    """A straightforward search over ``legal_moves`` and ``apply``: the reference for the speed-up."""
    seen = {puzzle.start}
    queue = collections.deque(seen)
    while queue:
        state = queue.popleft()
        for move in puzzle.legal_moves(state):
            after = puzzle.apply(state, move)
            if after not in seen:
                seen.add(after)
                queue.append(after)
    return len(seen)


def main() -> None:
    quick = "--quick" in sys.argv
    first, _ = timed(lambda: bfs(Puzzle(2)))
    print(f"the first search in a process loads the compiled kernels (numba's cache): {first:.2f} s, before the rows")
    print("side by side with a plain search over legal_moves/apply")
    print(f"{'puzzle':<28}{'positions':>12}{'plain s':>10}{'bfs s':>10}{'speed-up':>10}")
    for puzzle in (Puzzle(10), MagneticPuzzle(8)):
        plain, count = timed(lambda: plain_bfs(puzzle))
        fast, result = timed(lambda: bfs(puzzle))
        assert result.reachable == count
        print(f"{_name(puzzle):<28}{count:>12,}{plain:>10.2f}{fast:>10.3f}{plain / fast:>9.0f}x")

    print("\nthe targets (under 60 s each)")
    print(f"{'puzzle':<28}{'positions':>12}{'to goal':>10}{'seconds':>10}{'positions/s':>14}")
    cases = [Puzzle(n) for n in (13, 14, 15)] + [MagneticPuzzle(n) for n in (10, 11, 12)]
    cases += [MagneticPuzzle(12, "RBB")]
    if quick:
        cases = [Puzzle(13), MagneticPuzzle(10)]
    for puzzle in cases:
        seconds, result = timed(lambda: bfs(puzzle))
        print(
            f"{_name(puzzle):<28}{result.reachable:>12,}{result.distance(puzzle.goal):>10,}{seconds:>10.2f}"
            f"{result.reachable / seconds:>14,.0f}"
        )


def _name(puzzle: Puzzle) -> str:
    return f"{puzzle.name} n={puzzle.n}"


if __name__ == "__main__":
    main()
