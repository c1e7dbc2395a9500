"""State graphs written to files: Graphviz's DOT language (with the positions of a layout) and GraphML, the optimal
path marked in both. The graphs themselves are built by :mod:`hanoikit.graph`.

>>> import hanoikit as hk
>>> from hanoikit.graph import state_graph
>>> print(to_dot(state_graph(hk.Puzzle(1))).splitlines()[2])
  "S" [label="S"];
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from .draw.files import write_atomically
from .graph import abc
from .state import State

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["to_dot", "write_dot", "plain_graph", "write_graphml"]


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
    >>> from hanoikit.graph import state_graph
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
