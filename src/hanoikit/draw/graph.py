"""The state graph drawn with matplotlib, with the optimal path from start to goal highlighted: on three posts the
Sierpinski triangle of seed 003 (magnetic positions gathered around their classic points), on more posts a force
layout."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .._extras import require
from ..errors import UnknownMethodError
from ..graph import abc, sierpinski_layout, state_graph
from ..graph_files import to_dot, write_graphml
from ..puzzle import Puzzle
from ..state import State
from .files import extension, save_figure, write_atomically
from .palette import BASE, INK, PATH

if TYPE_CHECKING:
    import networkx as nx
    from matplotlib.figure import Figure

__all__ = ["optimal_path", "layout", "draw_state_graph", "save_state_graph", "FORMATS"]

FORMATS = ("png", "svg", "pdf", "dot", "graphml")
"""The files :func:`save_state_graph` writes, chosen by the file name's extension."""


def optimal_path(puzzle: Puzzle) -> list[State]:
    """The positions of the puzzle's optimal solution from start to goal, both included."""
    states = [puzzle.start]
    for move in puzzle.solve():
        states.append(puzzle.apply(states[-1], move))
    return states


def layout(puzzle: Puzzle, graph: nx.Graph) -> dict[State, tuple[float, float]]:
    """Node positions: on three posts, the Sierpinski triangle of the disks' posts; on more, a force layout
    (networkx's ``spring_layout``, the same every time).

    Positions with the same posts that differ in the colours the stacks show (on a magnetic tower) gather in a small
    cluster around their classic point: each post's stack pushes its position towards (red) or away from (blue) that
    post's corner.
    """
    if puzzle.posts != 3:
        import networkx as nx

        return {state: (float(x), float(y)) for state, (x, y) in nx.spring_layout(graph, seed=3).items()}
    classic = sierpinski_layout(puzzle.n)
    corners = ((0.0, 1.0), (-0.866, -0.5), (0.866, -0.5))
    radius = (0.26, 0.17, 0.1)
    positions = {}
    for state in graph.nodes:
        if state.ups is None:
            positions[state] = classic[state]
            continue
        x, y = classic[State(state.posts)]
        for post, top in enumerate(state.tops()):
            if top is not None:
                sign = 1 if state.up(top) == "R" else -1
                x += sign * radius[post] * corners[post][0]
                y += sign * radius[post] * corners[post][1]
        positions[state] = (x, y)
    return positions


def draw_state_graph(
    puzzle: Puzzle,
    graph: nx.Graph | None = None,
    path: Sequence[State] | None = None,
    labels: bool | None = None,
    ax: Any = None,
) -> Figure:
    """Draw the state graph of ``puzzle`` with ``path`` (default: the optimal solution) highlighted.

    Node labels (the letters ``AAB`` of seed 003 for positions without colours, the notation for those with) are
    shown when ``labels`` is true, by default for small graphs only. Returns the matplotlib figure.
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

    path_edges = {frozenset(pair) for pair in zip(path, path[1:])}
    segments = [(positions[u], positions[v]) for u, v in graph.edges if frozenset((u, v)) not in path_edges]
    thin = 0.6 if count > 300 else 1.0
    ax.add_collection(LineCollection(segments, colors=BASE, linewidths=thin, alpha=0.55, zorder=1))
    steps = [(positions[u], positions[v]) for u, v in zip(path, path[1:])]
    ax.add_collection(LineCollection(steps, colors=PATH, linewidths=3.5, zorder=2))
    xs, ys = zip(*(positions[s] for s in graph.nodes))
    on_path = set(path)
    node_size = 330 if labels else max(4.0, 4000 / count)
    colors = [PATH if s in on_path else "#fbf7f0" for s in graph.nodes]
    ax.scatter(xs, ys, s=node_size, c=colors, edgecolors=INK, linewidths=0.6 if labels else 0.3, zorder=3)
    if labels:
        for state in graph.nodes:
            text = abc(state) if state.ups is None else str(state).replace(":", "\n")
            size = 6.5 if puzzle.n <= 3 else 5
            ax.annotate(text, positions[state], ha="center", va="center", fontsize=size, zorder=4)
    for state, name in ((path[0], "start"), (path[-1], "goal")):
        x, y = positions[state]
        ax.annotate(name, (x, y), xytext=(0, 15) if name == "start" else (0, -19), textcoords="offset points",
                    ha="center", va="center", fontsize=9, color=INK, fontweight="bold", zorder=5)
    ax.set_title(
        f"{puzzle.n}-disk {puzzle.name} tower: {count:,} positions, {graph.number_of_edges():,} moves; "
        f"optimal path {len(path) - 1:,} moves",
        fontsize=10,
        color=INK,
        pad=18,
    )
    ax.autoscale_view()
    ax.margins(0.06)
    return figure


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
        positions = sierpinski_layout(puzzle) if puzzle.posts == 3 and not puzzle.faces else None
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

