"""The state graph drawn with matplotlib, with the optimal path from start to goal highlighted: on three posts the
Sierpinski triangle of seed 003, on more posts the same nesting with the posts at the corners of a polygon (the
largest disk picks a corner's region, the next one a corner of that region, ...), laid out so that no edge passes
over a position it does not join (:func:`nested_layout`, :func:`node_radius`). On a magnetic tower each disk's face
splits its region in two (four posts, up to two disks) or the colourings gather around their classic point, and each
node shows the colour every post shows on top; one-way moves are drawn as arrows. Positions are named in the
notation of the posts (S, I, D)."""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
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

__all__ = [
    "optimal_path",
    "corners",
    "nested_layout",
    "node_radius",
    "layout",
    "MAX_DISCS",
    "draw_state_graph",
    "save_state_graph",
    "FORMATS",
]

FORMATS = ("png", "svg", "pdf", "dot", "graphml")
MAX_DISCS = 400
"""Graphs of up to this many nodes are drawn with discs of :func:`node_radius` that no edge passes over; larger ones
with dots."""
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


@dataclass(frozen=True)
class _Nesting:
    """How :func:`nested_layout` nests the regions for one number of posts and disks (tuned so that no edge runs over a
    position it does not join: tests/test_graph_layout.py)."""

    ratio: float  # a region's size over its sub-regions'
    mirror: bool  # each region mirrors its sub-regions across its own axis (seed 003's swap of the other two posts)
    turns: tuple[float, ...]  # degrees each smaller disk's polygon is turned, from the second largest disk down
    radius: float  # the nodes' radius, in the layout's units
    face: float = 0.0  # a magnetic disk's face moves it this far (times its polygon's size) into one half of its region
    face_turn: float = 0.0  # in this direction, in degrees from its corner


# by (posts, faces), one nesting for 1, 2, ... disks, the last for more
_NESTINGS = {
    (4, False): tuple(_Nesting(3.5, True, (0.0,), r) for r in (0.6, 0.6, 0.55, 0.5, 0.25)),
    (5, False): tuple(_Nesting(4.0, False, (17.2, 44.6, 12.4), r) for r in (0.28, 0.28, 0.14, 0.05)),
    (4, True): (
        *(_Nesting(5.94, True, (0.0,), r, face=0.42, face_turn=63.9) for r in (0.25, 0.18)),
        # from three disks on, up to 8 colourings per placement: none of these keeps every edge clear, so the
        # colourings gather around the classic positions instead (face 0, see layout)
        _Nesting(3.5, True, (0.0,), 0.1),
    ),
}
_OTHER = tuple(_Nesting(4.0, False, (17.2, 44.6, 12.4), r) for r in (0.2, 0.04, 0.01))


def _nesting(puzzle: Puzzle) -> _Nesting:
    by_disks = _NESTINGS.get((puzzle.posts, puzzle.faces), _OTHER)
    return by_disks[min(puzzle.n, len(by_disks)) - 1]


def nested_layout(puzzle: Puzzle, states: Sequence[State]) -> dict[State, tuple[float, float]]:
    """Positions of ``states`` nested by disk, following the recursive structure of the graph: the largest disk's
    post picks a region at that post's corner of a polygon (see :func:`corners`), the next disk's post a sub-region of
    it ``ratio`` times smaller, and so on down to the smallest disk, whose polygon has circumradius one. On four
    posts each region mirrors its sub-regions across its own axis, as the Sierpinski triangle swaps the other two
    posts, so that the positions a larger disk leaves from face the region it goes to; on more posts the smaller
    polygons are turned instead. On a tower with faces, a disk's face up splits its region in two halves.
    Every edge then keeps clear of the positions it does not join (by more than :func:`node_radius`).

    >>> import hanoikit as hk
    >>> p = hk.Puzzle(2, posts=4)
    >>> pos = nested_layout(p, [p.parse(t) for t in ("SS", "IS", "DS", "JI")])  # S at the top, I at the left
    >>> [(round(x, 2), round(y, 2)) for x, y in pos.values()]
    [(0.0, 4.5), (1.0, 3.5), (-1.0, 3.5), (-3.5, 1.0)]
    """
    k, n = puzzle.posts, puzzle.n
    nesting = _nesting(puzzle)
    unit = corners(k)
    mirrors = [_mirror(x, y) for x, y in unit]
    turns = [_IDENTITY] + [_turn(math.radians(nesting.turns[level % len(nesting.turns)])) for level in range(n - 1)]
    face = _turn(math.radians(nesting.face_turn))
    positions = {}
    for state in states:
        x = y = 0.0
        frame = _IDENTITY
        for disk in range(n, 0, -1):
            post = state.posts[disk - 1]
            scale = nesting.ratio ** (disk - 1)
            cx, cy = _apply(frame, _apply(turns[n - disk], unit[post]))
            x, y = x + scale * cx, y + scale * cy
            if state.ups is not None:
                sign = nesting.face * scale * (1 if state.up(disk) == "R" else -1)
                fx, fy = _apply(face, (cx, cy))
                x, y = x + sign * fx, y + sign * fy
            if nesting.mirror:
                frame = _times(frame, mirrors[post])
        positions[state] = (x, y)
    return positions


def node_radius(puzzle: Puzzle) -> float:
    """The radius of the nodes :func:`draw_state_graph` draws, in the units of :func:`layout` (neighbours moving the
    smallest disk are about one unit apart; on three posts exactly one).

    No two nodes overlap and no edge passes over a node it does not join, checked for every rule on three to five
    posts and for magnetic towers of four posts up to two disks (tests/test_graph_layout.py). Not for the magnetic
    pictures of three posts (colourings gathered around their classic point) or of four posts from three disks on,
    nor beyond five posts: there the nodes are small and may touch an edge.

    >>> import hanoikit as hk
    >>> node_radius(hk.Puzzle(3)), node_radius(hk.Puzzle(2, posts=4))
    (0.3, 0.6)
    """
    if puzzle.posts == 3:
        return 0.1 if puzzle.faces else 0.3 if puzzle.n <= 3 else 0.2
    return _nesting(puzzle).radius


_Matrix = tuple[float, float, float, float]
_IDENTITY: _Matrix = (1.0, 0.0, 0.0, 1.0)


def _mirror(x: float, y: float) -> _Matrix:
    """The reflection across the line through the origin and the unit vector ``(x, y)``."""
    return (x * x - y * y, 2 * x * y, 2 * x * y, y * y - x * x)


def _turn(angle: float) -> _Matrix:
    return (math.cos(angle), -math.sin(angle), math.sin(angle), math.cos(angle))


def _times(a: _Matrix, b: _Matrix) -> _Matrix:
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3])


def _apply(m: _Matrix, v: tuple[float, float]) -> tuple[float, float]:
    return (m[0] * v[0] + m[1] * v[1], m[2] * v[0] + m[3] * v[1])


def layout(puzzle: Puzzle, graph: nx.Graph) -> dict[State, tuple[float, float]]:
    """Node positions: on three posts, the Sierpinski triangle of the disks' posts; on more, :func:`nested_layout`
    (whatever the move rule, so that the graphs of one number of posts can be compared).

    On a magnetic tower of four posts and up to two disks each disk's face splits its region (:func:`nested_layout`).
    On the other magnetic towers, positions with the same posts that differ in the colours the stacks show gather in
    a small cluster around their classic point: each post's stack pushes its position towards (red) or away from
    (blue) that post's corner.
    """
    k = puzzle.posts
    if k != 3 and (not puzzle.faces or _nesting(puzzle).face):
        return nested_layout(puzzle, list(graph.nodes))
    placements = sorted({State(state.posts, post_count=k) for state in graph.nodes}, key=lambda s: s.posts)
    classic = sierpinski_layout(puzzle.n) if k == 3 else nested_layout(Puzzle(puzzle.n, posts=k), placements)
    unit = corners(puzzle.posts)
    radius = [(0.26 if k == 3 else 0.4) * 0.65**post for post in range(puzzle.posts)]
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

    Each node is a disc of :func:`node_radius` (graphs of more than :data:`MAX_DISCS` nodes: a dot), so that no
    two nodes overlap and no edge passes over a node it does not join. Node labels (the notation, ``SSI``; ``SS``
    over ``RB`` for the faces on a magnetic tower) are shown when ``labels`` is true, by default for small graphs
    only. On a tower with faces each node is a disc of wedges, one per post, pointing like the post's corner and
    coloured as the post shows on top (:meth:`~hanoikit.Puzzle.post_color`), with a legend; the labels stand beside
    the nodes. A move that cannot be undone (one-way rules) is an arrow. Returns the matplotlib figure.
    """
    require("matplotlib", "plot")
    import matplotlib

    matplotlib.use("Agg", force=False)
    plt = require("matplotlib.pyplot", "plot")

    graph = state_graph(puzzle) if graph is None else graph
    path = optimal_path(puzzle) if path is None else list(path)
    positions = layout(puzzle, graph)
    count = graph.number_of_nodes()
    if labels is None:
        labels = count <= 81
    figure: Figure
    if ax is None:
        side = 7.0 if count <= 30 else 9.0 if count <= 150 else 11.0
        figure, ax = plt.subplots(figsize=(side, side * 0.9), dpi=110)
    else:
        figure = ax.figure
    ax.set_aspect("equal")
    ax.axis("off")
    xs, ys = zip(*positions.values())
    radius = node_radius(puzzle)
    pad = 2.5 * radius + 0.04 * max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
    ax.set_xlim(min(xs) - pad, max(xs) + pad)
    ax.set_ylim(min(ys) - pad, max(ys) + pad)
    points = _points_per_unit(figure, ax)  # the drawing's scale, for what matplotlib sizes in points
    radius = max(radius, 1.2 / points)  # at least a dot
    discs = count <= MAX_DISCS
    node_size = (2 * radius * points) ** 2 if discs else max(4.0, 4000 / count)
    one_way = _draw_moves(graph, positions, path, ax, node_size, radius * points)
    on_path = set(path)
    if puzzle.faces:
        _draw_faces(puzzle, graph, positions, on_path, radius if discs else 0.5 * math.sqrt(node_size) / points, ax)
    else:
        _draw_positions(graph, positions, on_path, ax, radius if discs else None, node_size)
    if labels:
        _draw_labels(puzzle, graph, positions, ax, radius * points)
    _name_endpoints(positions, path, ax, radius * points)
    kind = "one-way moves as arrows" if one_way else "moves"
    ax.set_title(
        f"{puzzle.n}-disk {puzzle.name} tower: {count:,} positions, {graph.number_of_edges():,} {kind}; "
        f"optimal path {len(path) - 1:,} moves",
        fontsize=10,
        color=INK,
        pad=18,
    )
    return figure


def _draw_moves(
    graph: nx.Graph, positions: dict[State, tuple[float, float]], path: list[State], ax: Any, node_size: float,
    radius_points: float,
) -> bool:
    """The moves as lines (one-way moves as arrows), the path's thick; whether any move is one-way."""
    from matplotlib.collections import LineCollection

    steps = list(itertools.pairwise(path))
    path_edges = {frozenset(pair) for pair in steps}
    two_way = [(u, v) for u, v in graph.edges if not graph.is_directed() or graph.has_edge(v, u)]
    one_way = {(u, v) for u, v in graph.edges if graph.is_directed() and not graph.has_edge(v, u)}
    thin = 0.6 if graph.number_of_nodes() > 300 else 1.0
    segments = [(positions[u], positions[v]) for u, v in two_way if frozenset((u, v)) not in path_edges]
    ax.add_collection(LineCollection(segments, colors=BASE, linewidths=thin, alpha=0.55, zorder=1))
    if one_way:
        import networkx as nx

        arrows = {"node_size": node_size, "arrows": True, "arrowstyle": "-|>", "ax": ax, "node_shape": "o"}
        head = min(10.0, max(4.0, 0.6 * radius_points))
        rest = [edge for edge in graph.edges if edge in one_way and frozenset(edge) not in path_edges]  # in order
        nx.draw_networkx_edges(graph, positions, edgelist=rest, edge_color=BASE, width=thin, alpha=0.8,
                               arrowsize=head, **arrows)
        nx.draw_networkx_edges(graph, positions, edgelist=[e for e in steps if e in one_way], edge_color=PATH,
                               width=2.5, arrowsize=head + 3, **arrows)
    lines = [(positions[u], positions[v]) for u, v in steps if (u, v) not in one_way]
    ax.add_collection(LineCollection(lines, colors=PATH, linewidths=3.5, zorder=2))
    return bool(one_way)


def _draw_positions(
    graph: nx.Graph, positions: dict[State, tuple[float, float]], on_path: set[State], ax: Any, radius: float | None,
    node_size: float,
) -> None:
    """The positions of a tower without faces: discs of ``radius``, or dots of ``node_size`` when it is ``None``."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Circle

    colors = [PATH if s in on_path else "#fbf7f0" for s in graph.nodes]
    if radius is not None:
        circles = [Circle(positions[s], radius) for s in graph.nodes]
        ax.add_collection(PatchCollection(circles, facecolors=colors, edgecolors=INK, linewidths=0.6, zorder=3))
    else:
        px, py = zip(*(positions[s] for s in graph.nodes))
        ax.scatter(px, py, s=node_size, c=colors, edgecolors=INK, linewidths=0.3, zorder=3)


def _draw_labels(
    puzzle: Puzzle, graph: nx.Graph, positions: dict[State, tuple[float, float]], ax: Any, radius_points: float
) -> None:
    """Each position's notation: inside its disc, or beside it on a tower with faces; none if too small to read."""
    names = [str(state).replace(":", "\n") for state in graph.nodes]
    longest = max(len(line) for name in names for line in name.split("\n"))
    beside: dict[str, Any]
    if puzzle.faces:
        size = 5.0
        beside = {"xytext": (radius_points + 2, 0), "textcoords": "offset points", "ha": "left"}
    else:  # inside the disc
        size = min(6.5 if puzzle.n <= 3 and puzzle.posts == 3 else 6.0, 1.6 * radius_points / (0.62 * longest))
        beside = {"ha": "center"}
    if size >= 3.5:
        for state, text in zip(graph.nodes, names, strict=True):
            ax.annotate(text, positions[state], va="center", fontsize=size, zorder=4, **beside)


def _name_endpoints(
    positions: dict[State, tuple[float, float]], path: list[State], ax: Any, radius_points: float
) -> None:
    """"start" and "goal" beside the path's ends, outside the picture, away from its middle."""
    xs, ys = zip(*positions.values())
    middle = ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)
    for state, name in ((path[0], "start"), (path[-1], "goal")):
        x, y = positions[state]
        away = math.atan2(y - middle[1], x - middle[0]) if (x, y) != middle else math.pi / 2
        offset = radius_points + 14
        ax.annotate(
            name,
            (x, y),
            xytext=(offset * math.cos(away), offset * math.sin(away)),
            textcoords="offset points",
            ha="center",
            va="center",
            fontsize=9,
            color=INK,
            fontweight="bold",
            zorder=5,
        )


def _points_per_unit(figure: Figure, ax: Any) -> float:
    """How many points (1/72 inch) one unit of the layout takes in ``ax`` (aspect equal, limits set)."""
    box = ax.get_position()
    width, height = figure.get_size_inches()
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    return float(min(box.width * width * 72 / (x1 - x0), box.height * height * 72 / (y1 - y0)))


def _draw_faces(
    puzzle: Puzzle,
    graph: nx.Graph,
    positions: dict[State, tuple[float, float]],
    on_path: set[State],
    radius: float,
    ax: Any,
) -> None:
    """Each node a disc of one wedge per post in the colour the post shows, and a legend."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Patch, Wedge

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

