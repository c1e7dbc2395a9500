"""The layouts of the state-graph pictures, checked geometrically: no two node discs overlap and no edge passes over a
node it does not join (which would read as a false move), for every rule on three to five posts as long as the graph
is drawn with discs, and for magnetic towers of four posts up to two disks."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import networkx as nx
import numpy as np
import pytest

import hanoikit as hk
from hanoikit.draw.graph import MAX_DISCS, layout, node_radius, save_state_graph
from hanoikit.graph import sierpinski_layout, state_graph


def _drawn(puzzle_of_n: Callable[[int], hk.Puzzle]) -> list[hk.Puzzle]:
    """The classic puzzle for n = 1, 2, ... as long as its graph (of posts**n positions) is drawn with discs."""
    puzzles = [puzzle_of_n(1)]
    while puzzles[-1].posts ** (puzzles[-1].n + 1) <= MAX_DISCS:
        puzzles.append(puzzle_of_n(puzzles[-1].n + 1))
    return puzzles


MEMBERS = [
    *(p for k in (3, 4, 5) for rule in ("any", "cyclic", "linear", "star")
      for p in _drawn(lambda n, k=k, rule=rule: hk.Puzzle(n, posts=k, moves=rule))),
    *(hk.MagneticPuzzle(n, colors) for n in (1, 2) for colors in ("NNNN", "NRBN", "RBRB")),
]


def _clearances(graph: nx.Graph, positions: dict[Any, tuple[float, float]]) -> tuple[float, float]:
    """The smallest distance between two nodes and the smallest distance from an edge to a node it does not join."""
    nodes = list(graph.nodes)
    index = {state: i for i, state in enumerate(nodes)}
    points = np.array([positions[state] for state in nodes])
    gaps = np.linalg.norm(points[:, None, :] - points[None, :, :], axis=-1)
    np.fill_diagonal(gaps, np.inf)
    ends = np.array([(index[u], index[v]) for u, v in graph.edges]).reshape(-1, 2)
    start, along = points[ends[:, 0]], points[ends[:, 1]] - points[ends[:, 0]]
    # for every edge and node, the point of the edge's segment nearest to the node
    t = np.einsum("enk,ek->en", points[None, :, :] - start[:, None, :], along) / (along**2).sum(axis=1)[:, None]
    nearest = start[:, None, :] + np.clip(t, 0, 1)[:, :, None] * along[:, None, :]
    off = np.linalg.norm(points[None, :, :] - nearest, axis=-1)
    rows = np.arange(len(ends))
    off[rows, ends[:, 0]] = off[rows, ends[:, 1]] = np.inf
    return float(gaps.min()), float(off.min())


@pytest.mark.parametrize("puzzle", MEMBERS, ids=repr)
def test_no_edge_passes_over_a_node_and_no_nodes_overlap(puzzle: hk.Puzzle) -> None:
    graph = state_graph(puzzle)
    gap, clearance = _clearances(graph, layout(puzzle, graph))
    radius = node_radius(puzzle)
    assert gap > 2 * radius
    assert clearance > radius


def test_the_members_cover_the_family() -> None:
    assert all(len(state_graph(p)) <= MAX_DISCS for p in MEMBERS)
    drawn = {(p.posts, p.faces, p.n) for p in MEMBERS}
    assert {(3, False, 5), (4, False, 4), (5, False, 3), (4, True, 2)} <= drawn
    assert not {(3, False, 6), (4, False, 5), (5, False, 4)} & drawn  # 729, 1024, 625 positions: drawn with dots
    rules = {hk.Puzzle(2, posts=4, moves=rule).moves for rule in ("any", "cyclic", "linear", "star")}
    assert {p.moves for p in MEMBERS if p.posts == 4} >= rules


def test_the_check_sees_a_node_on_an_edge_and_overlapping_nodes() -> None:
    path = nx.path_graph(3)
    assert _clearances(path, {0: (0.0, 0.0), 1: (1.0, 0.0), 2: (2.0, 0.0)}) == (1.0, 1.0)
    path.add_edge(0, 2)  # passes over 1
    assert _clearances(path, {0: (0.0, 0.0), 1: (1.0, 0.1), 2: (2.0, 0.0)})[1] == pytest.approx(0.1)


def test_classic_three_posts_keep_the_sierpinski_triangle() -> None:
    puzzle = hk.Puzzle(4)
    assert layout(puzzle, state_graph(puzzle)) == sierpinski_layout(4)


def test_one_way_moves_are_arrows(tmp_path) -> None:
    target = tmp_path / "c.svg"
    save_state_graph(hk.Puzzle(2, posts=4, moves="cyclic"), target)
    root = ET.fromstring(target.read_bytes())
    paths = sum(1 for element in root.iter("{http://www.w3.org/2000/svg}path"))
    assert paths >= state_graph(hk.Puzzle(2, posts=4, moves="cyclic")).number_of_edges()
