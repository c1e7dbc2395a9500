"""State graphs: every position reachable from the start as a node, every legal move as an edge.

The classic graph of ``n`` disks has ``3**n`` nodes and ``3 * (3**n - 1) / 2`` edges and, drawn with
:func:`sierpinski_layout`, is the Sierpinski triangle of seed 003: the tower on S at the top, the towers on I and D at
the bottom corners.

>>> import hanoikit as hk
>>> g = state_graph(hk.Puzzle(3))
>>> g.number_of_nodes(), g.number_of_edges(), diameter(g)
(27, 39, 7)
>>> [abc(s) for s in shortest_path(g, hk.Puzzle(3).start, hk.Puzzle(3).goal)]
['AAA', 'CAA', 'CBA', 'BBA', 'BBC', 'ABC', 'ACC', 'CCC']
>>> m = state_graph(hk.MagneticPuzzle(2))
>>> m.number_of_nodes(), diameter(m)
(30, 8)
"""

from __future__ import annotations

import math
import os
from collections import deque
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ._extras import require
from .draw.files import write_atomically
from .errors import TooLargeError
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
    "diameter",
    "shortest_path",
    "abc",
    "to_dot",
    "write_dot",
    "plain_graph",
    "write_graphml",
]

MAX_NODES = 200_000
"""The largest graph :func:`state_graph` builds (the classic graph of 11 disks has 177,147 nodes)."""


def abc(state: State) -> str:
    """Seed 003's name of a position: the post letters A, B, C (for S, I, D), smallest disk first.

    >>> abc(State.parse("SID")), abc(State.parse("DS:RB"))
    ('ABC', 'CA')
    """
    return "".join("ABC"[post] for post in state.posts)


def state_graph(puzzle: Puzzle, source: State | None = None) -> nx.Graph:
    """The graph of all positions reachable from ``source`` (default: the start) by legal moves.

    Nodes are :class:`~hanoikit.State` objects (with the attribute ``label``, the notation); each edge carries the
    ``move`` (a :class:`~hanoikit.Move` from the endpoint found first to the other) and the ``disk`` it moves. Moves are
    reversible on every tower of the family, so the graph is undirected. Raises :class:`TooLargeError` when the graph
    would exceed :data:`MAX_NODES` nodes (counted first by the breadth-first oracle :func:`hanoikit.search.bfs`).

    >>> import hanoikit as hk
    >>> g = state_graph(hk.Puzzle(2))
    >>> sorted(str(s) for s in g[hk.State.parse("SS")])
    ['DS', 'IS']
    >>> g.edges[hk.State.parse("SS"), hk.State.parse("IS")]["move"]
    Move(1, 0, 1)
    """
    require("networkx", "graph")
    import networkx as nx

    from .search import bfs, code_count

    start = puzzle.check(puzzle.start if source is None else source)
    limit = f"graphs are built up to {MAX_NODES:,} positions (classic n <= 11, free magnetic n <= 9)"
    if code_count(puzzle) > 50 * MAX_NODES:
        raise TooLargeError(f"the state graph of {puzzle!r} is far too large: {limit}")
    size = bfs(puzzle, start).reachable
    if size > MAX_NODES:
        raise TooLargeError(f"the state graph of {puzzle!r} has {size:,} positions: {limit}")
    graph = nx.Graph(puzzle=repr(puzzle))
    graph.add_node(start, label=str(start))
    queue = deque([start])
    while queue:
        state = queue.popleft()
        for move in puzzle.legal_moves(state):
            after = puzzle.apply(state, move)
            if after not in graph:
                graph.add_node(after, label=str(after))
                queue.append(after)
            if not graph.has_edge(state, after):
                graph.add_edge(state, after, move=move, disk=move.disk)
    return graph


def sierpinski_layout(puzzle: Puzzle | int) -> dict[State, tuple[float, float]]:
    """Positions of the classic ``n``-disk states on a Sierpinski triangle, as in seed 003's picture.

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
    n = puzzle if isinstance(puzzle, int) else puzzle.n
    if isinstance(puzzle, Puzzle) and puzzle.magnetic:
        raise TooLargeError("the Sierpinski layout is drawn for the classic puzzle only; use a force layout instead")
    if 3**n > MAX_NODES:
        raise TooLargeError(f"the Sierpinski layout is computed up to {MAX_NODES:,} states, not 3**{n}")
    height = math.sqrt(3) / 2
    corner = ((0.0, 2 * height), (-1.0, 0.0), (1.0, 0.0))  # S top, I bottom left, D bottom right
    positions: dict[State, tuple[float, float]] = {}
    # Walk the tree of sub-triangles from the largest disk down, carrying the map from post to corner.
    stack: list[tuple[tuple[int, ...], tuple[int, int, int], float, float]] = [((), (0, 1, 2), 0.0, 0.0)]
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
            stack.append((placed + (post,), tuple(swapped), x + cx * scale, y + cy * scale))  # type: ignore[arg-type]
    return positions


def sierpinski_text(n: int) -> str:
    """The classic state graph as text, drawn like seed 003's picture: positions in seed 003's letters, edges as
    ``/``, ``\\`` and ``-``.

    >>> print(sierpinski_text(2))
          AA
         /  \\
        CA--BA
       /      \\
      CB      BC
     /  \\    /  \\
    BB--AB--AC--CC
    """
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 5:
        raise TooLargeError(f"the graph is drawn as text for 1 to 5 disks, not {n!r}")
    positions = sierpinski_layout(n)
    left = min(x for x, _ in positions.values())
    top = max(y for _, y in positions.values())
    unit = n + 1 if n % 2 else n + 2  # characters between neighbours on a row: a label and one or two dashes
    height = math.sqrt(3) / 2
    start = {s: (2 * round((top - y) / height), round((x - left) * unit)) for s, (x, y) in positions.items()}
    grid = [[" "] * round(-2 * left * unit + n) for _ in range(max(row for row, _ in start.values()) + 1)]
    for state, (row, col) in start.items():
        grid[row][col : col + n] = abc(state)
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


def diameter(graph: nx.Graph) -> int:
    """The largest distance between two positions of ``graph``.

    >>> import hanoikit as hk
    >>> [diameter(state_graph(hk.Puzzle(n))) for n in (1, 2, 3, 4)]
    [1, 3, 7, 15]
    """
    import networkx as nx

    return int(nx.diameter(graph))


def shortest_path(graph: nx.Graph, source: State, target: State) -> list[State]:
    """A shortest sequence of positions from ``source`` to ``target`` (both included)."""
    import networkx as nx

    return list(nx.shortest_path(graph, source, target))


def _quote(text: object) -> str:
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_dot(
    graph: nx.Graph,
    path: Sequence[State] = (),
    positions: dict[State, tuple[float, float]] | None = None,
    labels: str = "notation",
) -> str:
    """The graph in Graphviz's DOT language, with the positions on ``path`` and the edges between them highlighted.

    ``labels`` is ``"notation"`` (``SSI``) or ``"abc"`` (seed 003's ``AAB``); ``positions`` (e.g. from
    :func:`sierpinski_layout`) are written as ``pos`` attributes for ``neato -n``.

    >>> import hanoikit as hk
    >>> print(to_dot(state_graph(hk.Puzzle(1)), path=[hk.State.parse("S"), hk.State.parse("D")], labels="abc"))
    graph "Puzzle(1)" {
      node [shape=circle, fontsize=10];
      "S" [label="A", style=filled, fillcolor="#e8a33d"];
      "I" [label="B"];
      "D" [label="C", style=filled, fillcolor="#e8a33d"];
      "S" -- "I" [label="1SI", disk=1];
      "S" -- "D" [label="1SD", disk=1, color="#e8a33d", penwidth=3];
      "I" -- "D" [label="1ID", disk=1];
    }
    """
    from .draw.palette import PATH

    on_path = set(path)
    path_edges = {frozenset(pair) for pair in zip(path, path[1:])}
    lines = [f"graph {_quote(graph.graph.get('puzzle', 'hanoi'))} {{", "  node [shape=circle, fontsize=10];"]
    for state in graph.nodes:
        attrs = [f"label={_quote(abc(state) if labels == 'abc' else state)}"]
        if positions is not None and state in positions:
            x, y = positions[state]
            attrs.append(f'pos="{x * 72:.1f},{y * 72:.1f}!"')
        if state in on_path:
            attrs.append(f'style=filled, fillcolor="{PATH}"')
        lines.append(f"  {_quote(state)} [{', '.join(attrs)}];")
    for u, v, data in graph.edges(data=True):
        attrs = [f"label={_quote(data['move'])}", f"disk={data['disk']}"]
        if frozenset((u, v)) in path_edges:
            attrs.append(f'color="{PATH}", penwidth=3')
        lines.append(f"  {_quote(u)} -- {_quote(v)} [{', '.join(attrs)}];")
    lines.append("}")
    return "\n".join(lines)


def write_dot(graph: nx.Graph, target: str | os.PathLike[str], **options: object) -> None:
    """Write :func:`to_dot` to the file ``target`` (atomically)."""
    text = to_dot(graph, **options)  # type: ignore[arg-type]

    def write(path: str) -> None:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")

    write_atomically(target, write)


def plain_graph(graph: nx.Graph, path: Iterable[State] = ()) -> nx.Graph:
    """A copy of ``graph`` with nodes named by their notation and only string and number attributes (for GraphML)."""
    import networkx as nx

    on_path = set(path)
    plain = nx.Graph(puzzle=str(graph.graph.get("puzzle", "")))
    for state in graph.nodes:
        plain.add_node(str(state), abc=abc(state), on_path=int(state in on_path))
    for u, v, data in graph.edges(data=True):
        plain.add_edge(str(u), str(v), move=str(data["move"]), disk=int(data["disk"]))
    return plain


def write_graphml(graph: nx.Graph, target: str | os.PathLike[str], path: Iterable[State] = ()) -> None:
    """Write ``graph`` as GraphML (atomically): nodes named by their notation, edges with ``move`` and ``disk``."""
    import networkx as nx

    plain = plain_graph(graph, path)
    write_atomically(target, lambda temporary: nx.write_graphml(plain, temporary))
