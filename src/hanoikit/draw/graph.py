"""The state graph drawn with matplotlib, with the optimal path from start to goal highlighted: on three posts the
Sierpinski triangle of seed 003, on more posts the same nesting with the posts at the corners of a polygon (the
largest disk picks a corner's cluster, the next one a corner of that cluster, ...). Magnetic positions gather around
their classic points and each node shows the colour every post shows on top; one-way moves are drawn as arrows.
Positions are named in the notation of the posts (S, I, D)."""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .._extras import require
from ..errors import UnknownMethodError
from ..graph import sierpinski_layout, state_graph
from ..graph_files import to_dot, write_graphml
from ..puzzle import Puzzle
from ..state import State
from .files import extension, save_figure, write_atomically
from .palette import BASE, EMPTY_POST, FACE, INK, PATH

if TYPE_CHECKING:
    import networkx as nx
    from matplotlib.figure import Figure

__all__ = ["optimal_path", "corners", "nested_layout", "layout", "draw_state_graph", "save_state_graph", "FORMATS"]

FORMATS = ("png", "svg", "pdf", "dot", "graphml")
"""The files :func:`save_state_graph` writes, chosen by the file name's extension."""


def optimal_path(puzzle: Puzzle) -> list[State]:
    """The positions of the puzzle's optimal solution from start to goal, both included."""
    states = [puzzle.start]
    for move in puzzle.solve():
        states.append(puzzle.apply(states[-1], move))
    return states


def corners(posts: int) -> list[tuple[float, float]]:
    """Unit vectors towards the posts' corners of a regular polygon, S at the top, the others counter-clockwise
    (on three posts: I at the lower left, D at the lower right, as in seed 003's triangle).

    >>> [(round(x, 3), round(y, 3)) for x, y in corners(4)]
    [(0.0, 1.0), (-1.0, 0.0), (-0.0, -1.0), (1.0, -0.0)]
    """
    angles = (math.pi / 2 + 2 * math.pi * post / posts for post in range(posts))
    return [(math.cos(angle), math.sin(angle)) for angle in angles]


def nested_layout(puzzle: Puzzle, states: Sequence[State]) -> dict[State, tuple[float, float]]:
    """Positions of ``states`` (placements of the disks, colours ignored) nested by disk: disk ``d`` adds
    ``ratio**(d - 1)`` times its post's corner (see :func:`corners`; the polygon turned by half a corner on every
    other level, the largest disk's not), with ``ratio`` just large enough that the
    clusters of the larger disks never overlap. Neighbours moving the smallest disk are about one unit apart.
    """
    k = puzzle.posts
    side = 2 * math.sin(math.pi / k)
    ratio = 1 + 1.3 / math.sin(math.pi / k)
    # every other level turned by half a corner, so that no move of a larger disk runs straight through a position
    c, s = math.cos(math.pi / k), math.sin(math.pi / k)
    turned = [(x * c - y * s, x * s + y * c) for x, y in corners(k)]
    levels = [corners(k) if (puzzle.n - 1 - disk) % 2 == 0 else turned for disk in range(puzzle.n)]
    positions = {}
    for state in states:
        x = y = 0.0
        for disk, post in enumerate(state.posts):
            scale = ratio**disk / side
            x += levels[disk][post][0] * scale
            y += levels[disk][post][1] * scale
        positions[state] = (round(x, 3), round(y, 3))
    return positions


def layout(puzzle: Puzzle, graph: nx.Graph) -> dict[State, tuple[float, float]]:
    """Node positions: on three posts, the Sierpinski triangle of the disks' posts; on more, :func:`nested_layout`
    (whatever the move rule, so that the graphs of one number of posts can be compared).

    Positions with the same posts that differ in the colours the stacks show (on a magnetic tower) gather in a small
    cluster around their classic point: each post's stack pushes its position towards (red) or away from (blue) that
    post's corner.
    """
    placements = {State(state.posts, post_count=puzzle.posts) for state in graph.nodes}
    if puzzle.posts == 3:
        classic = sierpinski_layout(puzzle.n)
    else:
        classic = nested_layout(puzzle, sorted(placements, key=lambda s: s.posts))
    unit = corners(puzzle.posts)
    radius = [0.26 * 0.65**post for post in range(puzzle.posts)]
    positions = {}
    for state in graph.nodes:
        x, y = classic[State(state.posts, post_count=puzzle.posts)]
        if state.ups is not None:
            for post, top in enumerate(state.tops()):
                if top is not None:
                    sign = 1 if state.up(top) == "R" else -1
                    x += sign * radius[post] * unit[post][0]
                    y += sign * radius[post] * unit[post][1]
        positions[state] = (x, y)
    return positions


def _where(angle: float) -> str:
    """A direction in words, for the legend."""
    names = ("right", "upper right", "up", "upper left", "left", "lower left", "down", "lower right")
    return names[round(math.degrees(angle) / 45) % 8]


def draw_state_graph(
    puzzle: Puzzle,
    graph: nx.Graph | None = None,
    path: Sequence[State] | None = None,
    labels: bool | None = None,
    ax: Any = None,
) -> Figure:
    """Draw the state graph of ``puzzle`` with ``path`` (default: the optimal solution) highlighted.

    Node labels (the notation, ``SSI``; ``SS`` over ``RB`` for the faces on a magnetic tower) are shown when
    ``labels`` is true, by default for small graphs only. On a tower with faces each node is a disc of wedges, one per
    post, pointing like the post's corner and coloured as the post shows on top (:meth:`~hanoikit.Puzzle.post_color`),
    with a legend; the labels stand beside the nodes. A move that cannot be undone (one-way rules) is an arrow.
    Returns the matplotlib figure.
    """
    require("matplotlib", "plot")
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt
    from matplotlib.collections import LineCollection

    graph = state_graph(puzzle) if graph is None else graph
    path = optimal_path(puzzle) if path is None else list(path)
    positions = layout(puzzle, graph)
    count = graph.number_of_nodes()
    if labels is None:
        labels = count <= 81
    if ax is None:
        side = 7.0 if count <= 81 else 9.0
        figure, ax = plt.subplots(figsize=(side, side * 0.9), dpi=110)
    else:
        figure = ax.figure
    ax.set_aspect("equal")
    ax.axis("off")

    steps = list(itertools.pairwise(path))
    path_edges = {frozenset(pair) for pair in steps}
    two_way = [(u, v) for u, v in graph.edges if not graph.is_directed() or graph.has_edge(v, u)]
    one_way = [(u, v) for u, v in graph.edges if graph.is_directed() and not graph.has_edge(v, u)]
    thin = 0.6 if count > 300 else 1.0
    segments = [(positions[u], positions[v]) for u, v in two_way if frozenset((u, v)) not in path_edges]
    ax.add_collection(LineCollection(segments, colors=BASE, linewidths=thin, alpha=0.55, zorder=1))
    node_size = 330 if labels else max(4.0, 4000 / count)
    arrows = {"node_size": node_size, "arrows": True, "arrowstyle": "-|>", "ax": ax}
    if one_way:
        import networkx as nx

        rest = [edge for edge in one_way if frozenset(edge) not in path_edges]
        nx.draw_networkx_edges(graph, positions, edgelist=rest, edge_color=BASE, width=thin, alpha=0.7,
                               arrowsize=7 if count > 81 else 10, **arrows)
        nx.draw_networkx_edges(graph, positions, edgelist=[e for e in steps if e in one_way], edge_color=PATH,
                               width=2.5, arrowsize=12, **arrows)
    lines = [(positions[u], positions[v]) for u, v in steps if (u, v) not in one_way]
    ax.add_collection(LineCollection(lines, colors=PATH, linewidths=3.5, zorder=2))
    on_path = set(path)
    if puzzle.faces:
        _draw_faces(puzzle, graph, positions, on_path, labels, ax)
    else:
        xs, ys = zip(*(positions[s] for s in graph.nodes))
        colors = [PATH if s in on_path else "#fbf7f0" for s in graph.nodes]
        ax.scatter(xs, ys, s=node_size, c=colors, edgecolors=INK, linewidths=0.6 if labels else 0.3, zorder=3)
    if labels:
        size = 6.5 if puzzle.n <= 3 and puzzle.posts == 3 else 5
        beside = {"xytext": (7, 0), "textcoords": "offset points", "ha": "left"} if puzzle.faces else {"ha": "center"}
        for state in graph.nodes:
            text = str(state).replace(":", "\n")
            ax.annotate(text, positions[state], va="center", fontsize=size, zorder=4, **beside)
    for state, name in ((path[0], "start"), (path[-1], "goal")):
        x, y = positions[state]
        ax.annotate(name, (x, y), xytext=(0, 15) if name == "start" else (0, -19), textcoords="offset points",
                    ha="center", va="center", fontsize=9, color=INK, fontweight="bold", zorder=5)
    kind = "one-way moves as arrows" if one_way else "moves"
    ax.set_title(
        f"{puzzle.n}-disk {puzzle.name} tower: {count:,} positions, {graph.number_of_edges():,} {kind}; "
        f"optimal path {len(path) - 1:,} moves",
        fontsize=10,
        color=INK,
        pad=18,
    )
    ax.autoscale_view()
    ax.margins(0.06)
    return figure


def _draw_faces(
    puzzle: Puzzle,
    graph: nx.Graph,
    positions: dict[State, tuple[float, float]],
    on_path: set[State],
    labels: bool,
    ax: Any,
) -> None:
    """Each node a disc of one wedge per post in the colour the post shows, and a legend."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Patch, Wedge

    radius = 0.1  # the layouts put neighbours one unit apart, the colourings of a placement within 0.3 or so
    k = puzzle.posts
    wedges, colors = [], []
    for state in graph.nodes:
        for post in range(k):
            middle = 90 + 360 * post / k
            wedges.append(Wedge(positions[state], radius, middle - 180 / k, middle + 180 / k))
            color = puzzle.post_color(state, post)
            colors.append(EMPTY_POST if color is None else FACE[color])
    ring = PatchCollection(wedges, facecolors=colors, edgecolors="white", linewidths=0.3, zorder=3)
    ax.add_collection(ring)
    outline = [Wedge(positions[s], radius, 0, 360) for s in graph.nodes if s in on_path]
    ax.add_collection(PatchCollection(outline, facecolors="none", edgecolors=PATH, linewidths=2, zorder=3.5))
    names = enumerate(puzzle.post_names)
    where = ", ".join(f"{name} {_where(math.radians(90 + 360 * post / k))}" for post, name in names)
    ax.legend(
        handles=[
            Patch(color=FACE["R"], label="the post shows red"),
            Patch(color=FACE["B"], label="the post shows blue"),
            Patch(color=EMPTY_POST, label="empty neutral post"),
            Patch(facecolor="none", edgecolor=PATH, linewidth=2, label="on the optimal path"),
        ],
        title=f"each node: one wedge per post ({where})",
        loc="upper left",
        bbox_to_anchor=(1.0, 1.0),
        fontsize=8,
        title_fontsize=8,
        frameon=False,
    )


def save_state_graph(puzzle: Puzzle, target: str | os.PathLike[str], graph: nx.Graph | None = None) -> str:
    """Write the state graph of ``puzzle`` to ``target`` with the optimal path marked; the format follows the
    extension (see :data:`FORMATS`). The file is written atomically. Returns the format."""
    fmt = extension(target)
    if fmt not in FORMATS:
        allowed = ", ".join("." + f for f in FORMATS)
        raise UnknownMethodError(f"cannot write a graph to {os.fspath(target)!r}: use a file ending in {allowed}")
    graph = state_graph(puzzle) if graph is None else graph
    path = optimal_path(puzzle)
    if fmt == "dot":
        positions = None if puzzle.faces else layout(puzzle, graph)
        text = to_dot(graph, path=path, positions=positions, labels="notation")

        def write(temporary: str) -> None:
            with open(temporary, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")

        write_atomically(target, write)
    elif fmt == "graphml":
        write_graphml(graph, target, path=path)
    else:
        figure = draw_state_graph(puzzle, graph, path)
        save_figure(figure, target, bbox_inches="tight")
    return fmt

