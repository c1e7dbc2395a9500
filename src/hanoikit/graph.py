"""State graphs: every position reachable from the start as a node, every legal move as an edge (files in DOT and
GraphML: :mod:`hanoikit.graph_files`; drawings: :mod:`hanoikit.draw.graph`).

The classic graph of ``n`` disks has ``3**n`` nodes and ``3 * (3**n - 1) / 2`` edges and, drawn with
:func:`sierpinski_layout`, is the Sierpinski triangle of seed 003: the tower on S at the top, the towers on I and D at
the bottom corners. The largest distance in a graph is :func:`hanoikit.search.diameter`.

>>> import hanoikit as hk
>>> g = state_graph(hk.Puzzle(3))
>>> g.number_of_nodes(), g.number_of_edges()
(27, 39)
>>> [str(s) for s in shortest_path(g, hk.Puzzle(3).start, hk.Puzzle(3).goal)]
['SSS', 'DSS', 'DIS', 'IIS', 'IID', 'SID', 'SDD', 'DDD']
>>> len(state_graph(hk.MagneticPuzzle(2))), len(state_graph(hk.Puzzle(2, posts=4, moves="star")))  # 4**2 positions
(30, 16)

Positions are named in the notation of the posts (S, I, D; S, I, J, D on four posts, see
:func:`~hanoikit.post_names`) everywhere; seed 003's letters A, B, C are only for reproducing its figure
(:func:`abc`, ``sierpinski_text(n, names="ABC")``). Rules with one-way moves (``"cyclic"``, one-way pairs) give a
directed graph:

>>> d = state_graph(hk.Puzzle(2, moves="cyclic"))
>>> d.is_directed(), len(d), d.number_of_edges()
(True, 9, 12)
"""

from __future__ import annotations

import math
import string
from collections import deque
from typing import TYPE_CHECKING

from ._extras import require
from .errors import InvalidPuzzleError, TooLargeError, quote
from .limits import MAX_GRAPH_NODES
from .move import as_int
from .puzzle import Puzzle
from .state import State

if TYPE_CHECKING:
    import networkx as nx

__all__ = [
    "MAX_NODES",
    "state_graph",
    "sierpinski_layout",
    "sierpinski_text",
    "distances",
    "shortest_path",
    "abc",
]

MAX_NODES = MAX_GRAPH_NODES
"""The largest graph :func:`state_graph` builds: :data:`hanoikit.limits.MAX_GRAPH_NODES`."""


def abc(state: State) -> str:
    """A position named by letters A, B, C, ... for the posts from S to D, smallest disk first: on three posts, the
    names of the Chinese article (seed 003), whose rods are A, B, C. Only for reproducing seed 003's figure; every
    other picture names positions by their notation (``str(state)``).

    >>> abc(State.parse("SID")), abc(State.parse("DS:RB")), abc(State.parse("SJD"))
    ('ABC', 'CA', 'ACD')
    """
    return "".join([string.ascii_uppercase[post] for post in state.posts])


def state_graph(puzzle: Puzzle, source: State | None = None, max_nodes: int = MAX_NODES) -> nx.Graph:
    """The graph of all positions reachable from ``source`` (default: the start) by legal moves.

    Nodes are :class:`~hanoikit.State` objects (with the attribute ``label``, the notation); each edge carries the
    ``move`` (a :class:`~hanoikit.Move` from the endpoint found first to the other) and the ``disk`` it moves. The
    graph is undirected (an ``nx.Graph``) when every move can be undone (:attr:`~hanoikit.Puzzle.reversible`), else
    directed (an ``nx.DiGraph``, one edge ``u -> v`` per legal move, with the ``move`` from ``u`` to ``v``).
    Raises :class:`TooLargeError` before any work when the graph could exceed ``max_nodes`` nodes (at most
    :data:`MAX_NODES`; a drawing takes :data:`hanoikit.limits.MAX_DRAWN_GRAPH_NODES`): counted by the breadth-first
    oracle :func:`hanoikit.search.bfs` where it covers the puzzle, else as every legal position
    (:func:`hanoikit.search.state_count`).

    >>> import hanoikit as hk
    >>> g = state_graph(hk.Puzzle(2))
    >>> sorted(str(s) for s in g[hk.State.parse("SS")])
    ['DS', 'IS']
    >>> g.edges[hk.State.parse("SS"), hk.State.parse("IS")]["move"]
    Move(1, 0, 1)
    """
    require("networkx", "graph")
    import networkx as nx

    from .search import bfs, covers, state_count

    start = puzzle.check(puzzle.start if source is None else source)
    limit = f"graphs are built up to {MAX_NODES:,} positions (classic n <= 11, free magnetic n <= 9)"
    if max_nodes < MAX_NODES:
        limit = f"this takes graphs up to {max_nodes:,} positions ({MAX_NODES:,} for .dot and .graphml)"
    # every placement of the disks has a legal colouring, so there are at least posts**n positions
    if puzzle.posts ** min(puzzle.n, 64) > 50 * MAX_NODES or state_count(puzzle) > 50 * MAX_NODES:
        raise TooLargeError(f"the state graph of {puzzle!r} is far too large: {limit}")
    # the positions reachable: counted exactly by the breadth-first oracle where it covers the puzzle, else at most
    # every legal position (all of them on a classic tower whose moves connect the posts)
    size = bfs(puzzle, start).reachable if covers(puzzle) else state_count(puzzle)
    if size > min(max_nodes, MAX_NODES):
        up_to = "" if covers(puzzle) else "up to "
        raise TooLargeError(f"the state graph of {puzzle!r} has {up_to}{size:,} positions: {limit}")
    graph: nx.Graph = (nx.Graph if puzzle.reversible else nx.DiGraph)(puzzle=repr(puzzle))
    graph.add_node(start, label=str(start))
    queue = deque([start])
    while queue:
        state = queue.popleft()
        for move, after in puzzle.successors(state):
            if after not in graph:
                if len(graph) == MAX_NODES:
                    raise TooLargeError(f"the state graph of {puzzle!r} has more than {MAX_NODES:,} positions: {limit}")
                graph.add_node(after, label=str(after))
                queue.append(after)
            if not graph.has_edge(state, after):
                graph.add_edge(state, after, move=move, disk=move.disk)
    return graph


def sierpinski_layout(puzzle: Puzzle | int) -> dict[State, tuple[float, float]]:
    """Positions of the classic ``n``-disk states on a Sierpinski triangle, as in seed 003's picture: the positions of
    any three-post puzzle without faces (``puzzle`` or ``n``); others raise :class:`~hanoikit.InvalidPuzzleError`.

    The tower on S is at the top, the tower on I at the bottom left and the tower on D at the bottom right; the
    largest disk picks one of three sub-triangles, and inside it the two posts it does not stand on trade corners, so
    that every edge joins neighbouring points. Neighbours are one unit apart.

    >>> import hanoikit as hk
    >>> pos = sierpinski_layout(2)
    >>> [pos[hk.State.parse(t)] for t in ("SS", "II", "DD")]
    [(0.0, 2.598), (-1.5, 0.0), (1.5, 0.0)]
    >>> pos[hk.State.parse("DS")], pos[hk.State.parse("IS")]
    ((-0.5, 1.732), (0.5, 1.732))
    """
    if isinstance(puzzle, Puzzle):
        n = puzzle.n
        if puzzle.posts != 3 or puzzle.faces:
            raise InvalidPuzzleError(
                f"the Sierpinski layout places the positions of three posts without colours, not those of "
                f"{puzzle!r}; use a force layout instead"
            )
    else:
        found = as_int(puzzle)
        if found is None or found < 1:
            raise InvalidPuzzleError(f"the Sierpinski layout takes a puzzle or a number of disks, not {quote(puzzle)}")
        n = found
    if n > MAX_NODES.bit_length() or 3**n > MAX_NODES:
        raise TooLargeError(f"the Sierpinski layout is computed up to {MAX_NODES:,} states, not 3**{n}")
    height = math.sqrt(3) / 2
    corner = ((0.0, 2 * height), (-1.0, 0.0), (1.0, 0.0))  # S top, I bottom left, D bottom right
    positions: dict[State, tuple[float, float]] = {}
    # Walk the tree of sub-triangles from the largest disk down, carrying the map from post to corner.
    stack: list[tuple[tuple[int, ...], tuple[int, ...], float, float]] = [((), (0, 1, 2), 0.0, 0.0)]
    while stack:
        placed, corner_of, x, y = stack.pop()
        disk = n - len(placed)
        if disk == 0:
            positions[State(placed[::-1])] = (round(x, 3), round(y, 3))
            continue
        scale = (2 ** (disk - 1)) / 2
        for post in (0, 1, 2):
            cx, cy = corner[corner_of[post]]
            a, b = (q for q in (0, 1, 2) if q != post)
            swapped = list(corner_of)
            swapped[a], swapped[b] = corner_of[b], corner_of[a]
            stack.append((placed + (post,), tuple(swapped), x + cx * scale, y + cy * scale))
    return positions


def sierpinski_text(n: int, names: str = "SID") -> str:
    """The classic state graph as text, drawn like seed 003's picture: positions in the notation (or, with
    ``names="ABC"``, in seed 003's letters), edges as ``/``, ``\\`` and ``-``.

    >>> print(sierpinski_text(2))
          SS
         /  \\
        DS--IS
       /      \\
      DI      ID
     /  \\    /  \\
    II--SI--SD--DD
    """
    found = as_int(n)
    if found is None or not 1 <= found <= 5:
        raise TooLargeError(f"the graph is drawn as text for 1 to 5 disks, not {quote(n)}")
    n = found
    if not isinstance(names, str) or len(names) != 3:
        raise InvalidPuzzleError(f"the names of the three posts are three letters, not {names!r}")
    positions = sierpinski_layout(n)
    left = min(x for x, _ in positions.values())
    top = max(y for _, y in positions.values())
    unit = n + 1 if n % 2 else n + 2  # characters between neighbours on a row: a label and one or two dashes
    height = math.sqrt(3) / 2
    start = {s: (2 * round((top - y) / height), round((x - left) * unit)) for s, (x, y) in positions.items()}
    grid = [[" "] * round(-2 * left * unit + n) for _ in range(max(row for row, _ in start.values()) + 1)]
    for state, (row, col) in start.items():
        grid[row][col : col + n] = [names[post] for post in state.posts]
    for u, v in state_graph(Puzzle(n)).edges:
        (row, col), (below, other) = sorted((start[u], start[v]))
        if row == below:
            grid[row][col + n : other] = "-" * (other - col - n)
        else:
            inset = (n - 1) // 2  # the slashes leave the label's middle letter(s) on either side
            grid[row + 1][col + inset - 1 if other < col else col + n - inset] = "/" if other < col else "\\"
    return "\n".join("".join(line).rstrip() for line in grid)


def distances(graph: nx.Graph, source: State) -> dict[State, int]:
    """The number of moves from ``source`` to every node of ``graph``.

    >>> import hanoikit as hk
    >>> d = distances(state_graph(hk.Puzzle(3)), hk.State.parse("SSS"))
    >>> d[hk.State.parse("DDD")], max(d.values())
    (7, 7)
    """
    import networkx as nx

    return dict(nx.single_source_shortest_path_length(graph, source))


def shortest_path(graph: nx.Graph, source: State, target: State) -> list[State]:
    """A shortest sequence of positions from ``source`` to ``target`` (both included)."""
    import networkx as nx

    return list(nx.shortest_path(graph, source, target))
