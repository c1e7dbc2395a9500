"""A frozen copy of the magnetic engine of commit 00062c2 (``src/hanoikit/solvers/magnetic.py``), the test reference.

That engine walks every level with exact costs; the current one jumps above the cached levels with a closed form and
descends through a window on floats. ``tests/test_magnetic_fast.py`` compares the two. The file was extracted once with
``git show 00062c2:src/hanoikit/solvers/magnetic.py`` so that the suite needs no git history; the only edits are
absolute imports (it is no longer inside the package) and ``puzzle.endpoints`` for the private alias it called.
It still runs on the current level tables (:mod:`hanoikit.solvers._levels`), which it shares by design. Do not edit.

The original module docstring follows.

The magnetic engine: exact optimal solutions of every colouring, from any legal position to any legal position.

The principle. Take the largest disk ``m`` of the part being moved. Whenever ``m`` moves, all smaller disks sit on the
third post, and in a legal stack they all show one colour on top: they form a perfect tower with one orientation.
So an optimal solution splits at the moves of ``m`` into pieces, each a perfect-to-perfect problem for ``m - 1``
disks under the post colours imposed by the bigger disks. The optimal cost is a shortest path in a *tiny graph* whose
nodes are the configurations (post and top face) of disk ``m`` and of the small tower; its edge costs are optimal
costs one level down (:mod:`hanoikit.solvers._levels`).

From an arbitrary position, the smaller disks must first *gather* into a perfect tower before the largest disk that
moves first moves; gathering is computed along the single chain of the given position, level by level. Between
arbitrary positions ``A`` and ``B`` the solution is gather(``A``) + a tiny-graph path + scatter(``B``), scatter being a
gather played backwards (every move can be undone); or, when the largest disk stands the same in both, the smaller
problem with that disk fixed, whichever is shorter.
"""


from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from hanoikit.errors import TooLargeError, UnsolvableError
from hanoikit.move import Move
from hanoikit.puzzle import MagneticPuzzle
from hanoikit.solvers import _magnetic_arrays as _arrays
from hanoikit.solvers._levels import EXACT_LEVELS, INF, Edge, Plan, accepts, edges, engine, set_col
from hanoikit.state import State

__all__ = ["distance", "solve", "move_at", "state_at", "disk_moves", "solution_arrays", "solution_chunks"]

_COLOR = {"N": 0, "R": 1, "B": 2}


def _base(puzzle: MagneticPuzzle) -> int:
    c = [_COLOR[ch] for ch in puzzle.colors]
    return c[0] + 3 * c[1] + 9 * c[2]


def _configs(state: State) -> list[int]:
    """Config ``2 * post + face - 1`` of each disk, index 0 is disk 1."""
    return [2 * p + (0 if u == "R" else 1) for p, u in zip(state.posts, state.ups)]  # type: ignore[arg-type]


def _perfect(state: State) -> int | None:
    """The config of ``state`` if it is a perfect tower, else ``None``."""
    configs = _configs(state)
    return configs[0] if all(c == configs[0] for c in configs) else None


# -- gathering: from a position to a perfect tower -------------------------------------------------------------------


@dataclass
class _Chain:
    """The gathering costs of one position, level by level.

    ``cols[j]`` is the colour triple the disks ``1..j`` see (bigger disks colour their posts), ``configs[j]`` the
    config of disk ``j``; ``cost[j][P]`` the least moves to gather disks ``1..j`` into a perfect tower of config ``P``
    and ``via[j][P]`` the config of the tower of disks ``1..j-1`` when disk ``j`` first moves.
    """

    cols: list[int]
    configs: list[int]
    cost: list[list[float]]
    via: list[list[int]]


def _chains(states: list[State], base: int, upto: int) -> list[_Chain]:
    """The gathering chains of several positions, computed level by level together (one pass over the levels)."""
    eng = engine()
    chains = []
    for state in states:
        n = state.n
        configs = [0] + _configs(state)
        cols = [0] * (n + 1)
        cols[n] = base
        for j in range(n, 1, -1):
            cols[j - 1] = set_col(cols[j], configs[j] >> 1, (configs[j] & 1) + 1)
        M1 = configs[1]
        cost: list[list[float]] = [[0] * 6, [eng.D(1, cols[1], P, 7 * M1) for P in range(6)]]
        chains.append(_Chain(cols, configs, cost, [[0] * 6, [M1] * 6]))
    for j in range(2, upto + 1):
        costs = eng.row(j - 1) if j > EXACT_LEVELS else None
        for chain in chains:
            M, col, below = chain.configs[j], chain.cols[j], chain.cost[j - 1]
            row: list[float] = [INF] * 6
            arg = [0] * 6
            if costs is None:
                for P in range(6):
                    for S in range(6):
                        leg = eng.D(j, col, P, 6 * M + S)
                        if below[S] != INF and leg != INF and below[S] + leg < row[P]:
                            row[P], arg[P] = below[S] + leg, S
            else:
                for P, S, moves, slots in eng.legs(col, M):
                    if below[S] != INF:
                        total = below[S] + moves + sum([costs[i] for i in slots])
                        if total < row[P]:
                            row[P], arg[P] = total, S
            chain.cost.append(row)
            chain.via.append(arg)
    return chains


def _gather_steps(chain: _Chain, upto: int, target: int) -> list[tuple[int, int, int]]:
    """The tiny-graph legs of gathering disks ``1..upto`` into ``target``: ``(level, from node, to config)``."""
    steps = []
    P = target
    for j in range(upto, 0, -1):
        S = chain.via[j][P]
        steps.append((j, 6 * chain.configs[j] + S, P))
        P = S
    steps.reverse()
    return steps


# -- shortest paths in a tiny graph between arbitrary nodes ---------------------------------------------------------


def _tiny_paths(m: int, col: int, source: int) -> tuple[list[float], list[tuple[int, Edge] | None]]:
    """Dijkstra in the tiny graph of level ``m`` from ``source``: distances and the edge into each node."""
    eng = engine()
    adjacency = edges(col, m == 1)
    dist: list[float] = [INF] * 36
    into: list[tuple[int, Edge] | None] = [None] * 36
    dist[source] = 0
    heap = [(0, source)]
    while heap:
        d, x = heapq.heappop(heap)
        if d > dist[x]:
            continue
        for y, kind, a, b, c in adjacency[x]:
            edge: Edge = (-1, a, b) if kind == 0 else (a, b, c)
            cost = eng.edge_cost(m, edge)
            if cost == INF:
                continue
            nd = d + cost
            if nd < dist[y]:
                dist[y] = nd
                into[y] = (x, edge)
                heapq.heappush(heap, (nd, y))
    return dist, into


def _path(into: list[tuple[int, Edge] | None], source: int, target: int) -> Plan:
    path: list[Edge] = []
    x = target
    while x != source:
        step = into[x]
        assert step is not None
        x, edge = step
        path.append(edge)
    return tuple(reversed(path))


# -- the decomposition of a solution --------------------------------------------------------------------------------


@dataclass
class _Solution:
    """An optimal solution as legs: ``(level, plan)`` pieces played in order. Each plan's small edges expand into
    perfect-tower pieces one level down."""

    length: int
    legs: list[tuple[int, Plan]]


def _reverse(plan: Plan) -> Plan:
    return tuple((a, c, b) for a, b, c in reversed(plan))


def _leg_into(m: int, col: int, x: int, P: int) -> Plan:
    """A plan of level ``m`` from node ``x`` to the perfect node of ``P`` (a stored plan played backwards)."""
    plan = engine().plan(m, col, P, x)
    assert plan is not None
    return _reverse(plan)


def _short(state: State) -> str:
    text = str(state)
    return repr(text) if len(text) <= 41 else f"'{text[:16]}...{text[-16:]}'"


def _unsolvable(puzzle: MagneticPuzzle, src: State, dst: State) -> UnsolvableError:
    return UnsolvableError(
        f"position {_short(dst)} cannot be reached from {_short(src)} in the {puzzle.colors} puzzle with "
        f"{puzzle.n} disks: {_why(puzzle, src, dst)}"
    )


def _why(puzzle: MagneticPuzzle, src: State, dst: State) -> str:
    """A reason in words: a disk that can never get where it must, even alone; else the general fact."""
    base = _base(puzzle)
    names = {0: "S", 1: "I", 2: "D"}
    start, target = _configs(src), _configs(dst)
    for disk in range(puzzle.n, 0, -1):
        seen, todo = {start[disk - 1]}, [start[disk - 1]]
        while todo:
            M = todo.pop()
            p, u = M >> 1, (M & 1) + 1
            for q in range(3):
                N = 2 * q + (2 - u)
                if q != p and N not in seen and accepts(base, q, 3 - u):
                    seen.add(N)
                    todo.append(N)
        if target[disk - 1] not in seen:
            where = ", ".join(f"{names[c >> 1]} {'red' if c & 1 == 0 else 'blue'} up" for c in sorted(seen))
            goal = target[disk - 1]
            return (
                f"disk {disk} can never stand on post {names[goal >> 1]} showing {'red' if goal & 1 == 0 else 'blue'}: "
                f"every move flips it, and the post colours let it reach only {where}"
            )
    if not puzzle.legal_moves(src):
        return "no disk can move at all"
    return "no sequence of legal moves joins them (they lie in different parts of the state graph)"


def _decompose(puzzle: MagneticPuzzle, src: State, dst: State, legs: bool) -> _Solution:
    n, base = puzzle.n, _base(puzzle)
    eng = engine()
    if src == dst:
        return _Solution(0, [])
    P, Q = _perfect(src), _perfect(dst)
    if P is not None and Q is not None:
        length = eng.F(n, base, P, Q)
        if length == INF:
            raise _unsolvable(puzzle, src, dst)
        plan = eng.plan(n, base, P, 7 * Q)
        return _Solution(int(length), [(n, plan)] if legs else [])  # type: ignore[list-item]
    top = max(j for j in range(1, n + 1) if (src.posts[j - 1], src.ups[j - 1]) != (dst.posts[j - 1], dst.ups[j - 1]))  # type: ignore[index]
    a, b = _chains([src, dst], base, n - 1)
    # Going up from the largest disk that differs: either disk j stays put (the best so far stands) or it moves,
    # after the smaller disks gather into a perfect tower g, ending with them scattering from a perfect tower h.
    best: float = INF
    choice: dict[int, tuple[int, int, list[tuple[int, Edge] | None]] | None] = {}
    for j in range(top, n + 1):
        choice[j] = None
        gathered_a, gathered_b = a.cost[j - 1], b.cost[j - 1]
        if j > top and best != INF and best <= 2 + min(gathered_a) + min(gathered_b):
            continue  # moving disk j away and back costs at least two moves more than gathering on both sides
        Ma, Mb = a.configs[j], b.configs[j]
        for g in [Ma] if j == 1 else range(6):
            if gathered_a[g] == INF:
                continue
            dist, into = _tiny_paths(j, a.cols[j], 6 * Ma + g)
            for h in [Mb] if j == 1 else range(6):
                if dist[6 * Mb + h] == INF or gathered_b[h] == INF:
                    continue
                total = gathered_a[g] + dist[6 * Mb + h] + gathered_b[h]
                if total < best:
                    best, choice[j] = total, (g, h, into)
    if best == INF:
        raise _unsolvable(puzzle, src, dst)
    out: list[tuple[int, Plan]] = []
    if legs:
        j = max(j for j, how in choice.items() if how is not None)
        g, h, into = choice[j]  # type: ignore[misc]
        Ma, Mb = a.configs[j], b.configs[j]
        out.extend((level, _leg_into(level, a.cols[level], x, P)) for level, x, P in _gather_steps(a, j - 1, g))
        out.append((j, _path(into, 6 * Ma + g, 6 * Mb + h)))
        for level, x, P in reversed(_gather_steps(b, j - 1, h)):
            out.append((level, engine().plan(level, b.cols[level], P, x)))  # type: ignore[arg-type]
    return _Solution(int(best), out)


def _expand(level: int, plan: Plan) -> Iterator[Move]:
    """The moves of a leg, one by one, from the same blocks as :func:`solution_arrays`."""
    for disk, src, dst in _arrays.leg_blocks(level, plan):
        yield from map(Move, disk.tolist(), src.tolist(), dst.tolist())


# -- the public functions ---------------------------------------------------------------------------------------------


def distance(puzzle: MagneticPuzzle, src: State, dst: State) -> int:
    """The least number of moves from ``src`` to ``dst``; raises :class:`UnsolvableError` if there is none.

    >>> from hanoikit import MagneticPuzzle
    >>> [MagneticPuzzle(n).distance() for n in range(1, 8)]
    [1, 4, 11, 30, 83, 236, 687]
    >>> MagneticPuzzle(1000, "RBB").distance() == (3**1000 - 1) // 2
    True
    """
    return _decompose(puzzle, src, dst, legs=False).length


def solve(puzzle: MagneticPuzzle, src: State, dst: State) -> Iterator[Move]:
    """An optimal sequence of moves from ``src`` to ``dst``, generated lazily.

    >>> from hanoikit import MagneticPuzzle
    >>> [str(m) for m in MagneticPuzzle(2, "RBB").solve()]
    ['1SI', '2SD', '1IS', '1SD']
    """
    solution = _decompose(puzzle, src, dst, legs=True)
    return (move for level, plan in solution.legs for move in _expand(level, plan))


def _top(puzzle: MagneticPuzzle) -> tuple[int, Plan, int]:
    base = _base(puzzle)
    P = 2 * 0 + (0 if puzzle.start_up == "R" else 1)
    Q = 2 * 2 + (0 if puzzle.goal_up == "R" else 1)
    plan = engine().plan(puzzle.n, base, P, 7 * Q)
    if plan is None:
        raise _unsolvable(puzzle, puzzle.start, puzzle.goal)
    return P, plan, base


def move_at(puzzle: MagneticPuzzle, k: int) -> Move:
    """The ``k``-th move (from 0) of the optimal solution from start to goal, found in O(n) steps.

    >>> from hanoikit import MagneticPuzzle
    >>> p = MagneticPuzzle(3)
    >>> [str(move_at(p, k)) for k in range(4)]
    ['1SI', '2SD', '1IS', '2DI']
    """
    eng = engine()
    _, plan, _ = _top(puzzle)
    m = puzzle.n
    while True:
        for a, b, c in plan:
            if a < 0:
                if k == 0:
                    return Move(m, b, c)
                k -= 1
            else:
                cost = eng.F(m - 1, a, b, c)
                if k < cost:
                    plan = eng.plan(m - 1, a, b, 7 * c)  # type: ignore[assignment]
                    m -= 1
                    break
                k -= cost  # type: ignore[assignment]
        else:  # pragma: no cover - k was checked against the length
            raise IndexError(k)


def state_at(puzzle: MagneticPuzzle, k: int) -> State:
    """The position after the first ``k`` moves of the optimal solution from start to goal, in O(n) steps.

    >>> from hanoikit import MagneticPuzzle
    >>> p = MagneticPuzzle(3)
    >>> str(state_at(p, 6)), str(state_at(p, 7))
    ('IIS:RRR', 'IID:RRB')
    """
    eng = engine()
    P, plan, _ = _top(puzzle)
    n = puzzle.n
    configs = [P] * (n + 1)
    m, small = n, P
    while m >= 1:
        M, small, descend = configs[m], configs[m], None
        for a, b, c in plan:
            if k == 0:
                break
            if a < 0:
                M = 2 * c + (1 - (M & 1))
                k -= 1
            else:
                cost = eng.F(m - 1, a, b, c)
                if k < cost:
                    descend = (a, b, c)
                    break
                k -= cost  # type: ignore[assignment]
                small = c
        configs[m] = M
        if descend is None:
            for j in range(1, m):
                configs[j] = small
            break
        a, b, c = descend
        plan = eng.plan(m - 1, a, b, 7 * c)  # type: ignore[assignment]
        m -= 1
        configs[m] = b
    posts = [configs[j] >> 1 for j in range(1, n + 1)]
    ups = ["R" if configs[j] & 1 == 0 else "B" for j in range(1, n + 1)]
    return State(posts, ups)


def disk_moves(puzzle: MagneticPuzzle) -> list[int]:
    """How often each disk moves in the optimal solution from start to goal (index 0 is disk 1), exactly.

    >>> from hanoikit import MagneticPuzzle
    >>> disk_moves(MagneticPuzzle(4, "RBB"))
    [27, 9, 3, 1]
    """
    eng = engine()
    _, plan, base = _top(puzzle)
    n = puzzle.n
    counts = [0] * (n + 1)
    pieces: dict[tuple[int, int, int], int] = {}
    top_count = 0
    for a, b, c in plan:
        if a < 0:
            top_count += 1
        else:
            pieces[(a, b, c)] = pieces.get((a, b, c), 0) + 1
    counts[n] = top_count
    for m in range(n - 1, 0, -1):
        below: dict[tuple[int, int, int], int] = {}
        for (col, S, T), times in pieces.items():
            sub = eng.plan(m, col, S, 7 * T)
            assert sub is not None
            for a, b, c in sub:
                if a < 0:
                    counts[m] += times
                else:
                    below[(a, b, c)] = below.get((a, b, c), 0) + times
        pieces = below
    return counts[1:]


MAX_ARRAY_MOVES = 2**31
"""The most moves :func:`solution_arrays` builds at once (6 GiB); stream longer solutions with :func:`solution_chunks`."""


def _endpoints(puzzle: MagneticPuzzle, src: State | None, dst: State | None) -> tuple[State, State]:
    return puzzle.endpoints(src, dst)


def solution_arrays(
    puzzle: MagneticPuzzle, src: State | None = None, dst: State | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The optimal solution (the same moves as :func:`solve`) as three numpy arrays ``(disk, src, dst)``.

    >>> from hanoikit import MagneticPuzzle
    >>> disk, src, dst = solution_arrays(MagneticPuzzle(2))
    >>> disk.tolist(), src.tolist(), dst.tolist()
    ([1, 1, 2, 1], [0, 2, 0, 1], [2, 1, 2, 2])
    """
    src, dst = _endpoints(puzzle, src, dst)
    solution = _decompose(puzzle, src, dst, legs=True)
    if solution.length > MAX_ARRAY_MOVES:
        raise TooLargeError(
            f"the solution has {solution.length:,} moves, more than {MAX_ARRAY_MOVES:,}: stream it with solution_chunks"
        )
    blocks = (block for level, plan in solution.legs for block in _arrays.leg_blocks(level, plan))
    return _arrays.concatenate_blocks(blocks, solution.length, puzzle.n)


def solution_chunks(
    puzzle: MagneticPuzzle, src: State | None = None, dst: State | None = None, size: int = 1 << 20
) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The optimal solution as ``(disk, src, dst)`` arrays of ``size`` moves each (the last may be shorter), built
    lazily in bounded memory.

    >>> from hanoikit import MagneticPuzzle
    >>> [len(chunk[0]) for chunk in solution_chunks(MagneticPuzzle(5), size=40)]
    [40, 40, 3]
    """
    src, dst = _endpoints(puzzle, src, dst)
    solution = _decompose(puzzle, src, dst, legs=True)
    blocks = (block for level, plan in solution.legs for block in _arrays.leg_blocks(level, plan))
    return _arrays.chunk_blocks(blocks, size, puzzle.n)
