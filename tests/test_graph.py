"""State graphs: counts and diameters by formula and against the breadth-first oracle, seed 003's picture, exports."""

from __future__ import annotations

import itertools
import math
import re
import xml.etree.ElementTree as ET

import networkx as nx
import pytest

import hanoikit as hk
from hanoikit import search
from hanoikit.cli import main
from hanoikit.draw.graph import optimal_path, save_state_graph
from hanoikit.graph import (
    TooLargeError,
    abc,
    distances,
    shortest_path,
    sierpinski_layout,
    sierpinski_text,
    state_graph,
)
from hanoikit.graph_files import plain_graph, to_dot, write_graphml
from oracle import plain_distances

diameter = nx.diameter

# Seed 003's picture of the 3-disk graph, as published (disk 1 first; A, B, C = S, I, D).
SEED_003 = r"""
              AAA
              / \
            BAA-CAA
            /     \
          BCA     CBA
          / \     / \
        CCA-ACA-ABA-BBA
        /             \
      CCB             BBC
      / \             / \
    ACB-BCB         CBC-ABC
    /     \         /     \
  ABB     BAB     CAC     ACC
  / \     / \     / \     / \
BBB-CBB CAB-AAB-AAC-BAC-BCC-CCC
"""


def _seed_picture() -> tuple[dict[str, tuple[int, int]], set[frozenset[str]]]:
    """Label -> (column of its middle letter, row) and the edges drawn between labels on the same row."""
    where: dict[str, tuple[int, int]] = {}
    joined: set[frozenset[str]] = set()
    for row, line in enumerate(SEED_003.strip("\n").splitlines()):
        for index in range(len(line) - 2):
            word = line[index : index + 3]
            if set(word) <= set("ABC") and (index == 0 or line[index - 1] not in "ABC"):
                where[word] = (index + 1, row)
                if index >= 4 and line[index - 1] == "-":
                    joined.add(frozenset((word, line[index - 4 : index - 1])))
    return where, joined


@pytest.mark.parametrize("n", range(1, 7))
def test_classic_graph_counts_by_formula(n: int) -> None:
    g = state_graph(hk.Puzzle(n))
    assert g.number_of_nodes() == 3**n
    assert g.number_of_edges() == 3 * (3**n - 1) // 2
    if n <= 5:
        assert diameter(g) == 2**n - 1
    assert distances(g, hk.Puzzle(n).start)[hk.Puzzle(n).goal] == 2**n - 1


@pytest.mark.parametrize("colors", hk.VARIANTS)
@pytest.mark.parametrize("n", [1, 2, 3])
def test_magnetic_graph_agrees_with_the_search_oracle(colors: str, n: int) -> None:
    puzzle = hk.MagneticPuzzle(n, colors)
    g = state_graph(puzzle)
    result = search.bfs(puzzle)
    assert g.number_of_nodes() == result.reachable
    assert diameter(g) == search.diameter(puzzle).diameter
    assert max(distances(g, puzzle.start).values()) == result.eccentricity
    for state, d in distances(g, puzzle.start).items():
        assert result.distance(state) == d


@pytest.mark.parametrize("colors", ["NNN", "RBB", "NRB", "BNR"])
def test_magnetic_graph_four_disks(colors: str) -> None:
    puzzle = hk.MagneticPuzzle(4, colors)
    g = state_graph(puzzle)
    assert g.number_of_nodes() == search.bfs(puzzle).reachable
    assert diameter(g) == search.diameter(puzzle).diameter


def _plain_bfs(puzzle: hk.Puzzle) -> dict[hk.State, int]:
    """A tiny independent search: all rule checks by ``move_error`` over every (disk, src, dst)."""
    seen = {puzzle.start: 0}
    frontier = [puzzle.start]
    while frontier:
        following = []
        for state in frontier:
            for disk in range(1, puzzle.n + 1):
                for dst in range(3):
                    move = hk.Move(disk, state.posts[disk - 1], dst)
                    if dst != move.src and puzzle.move_error(state, move) is None:
                        after = puzzle.apply(state, move)
                        if after not in seen:
                            seen[after] = seen[state] + 1
                            following.append(after)
        frontier = following
    return seen


@pytest.mark.parametrize("puzzle", [hk.Puzzle(3), hk.MagneticPuzzle(3), hk.MagneticPuzzle(3, "NRB")], ids=repr)
def test_graph_against_a_plain_search(puzzle: hk.Puzzle) -> None:
    g = state_graph(puzzle)
    assert distances(g, puzzle.start) == _plain_bfs(puzzle)


@pytest.mark.parametrize("puzzle", [hk.Puzzle(3), hk.MagneticPuzzle(3), hk.MagneticPuzzle(2, "RNB")], ids=repr)
def test_every_edge_is_a_legal_move_both_ways(puzzle: hk.Puzzle) -> None:
    g = state_graph(puzzle)
    for u, v, data in g.edges(data=True):
        move = data["move"]
        assert data["disk"] == move.disk
        a, b = (u, v) if puzzle.apply(u, move) == v else (v, u)
        assert puzzle.apply(a, move) == b
        assert puzzle.apply(b, move.reverse()) == a
        assert all(g.nodes[s]["label"] == str(s) for s in (u, v))


def test_shortest_path_is_the_optimal_solution() -> None:
    puzzle = hk.Puzzle(4)
    path = shortest_path(state_graph(puzzle), puzzle.start, puzzle.goal)
    states = [puzzle.start]
    for move in puzzle.solve():
        states.append(puzzle.apply(states[-1], move))
    assert path == states == optimal_path(puzzle)


def test_magnetic_optimal_path_replays() -> None:
    puzzle = hk.MagneticPuzzle(3)
    path = optimal_path(puzzle)
    assert path[0] == puzzle.start and path[-1] == puzzle.goal
    assert len(path) - 1 == search.distance(puzzle)
    g = state_graph(puzzle)
    assert all(g.has_edge(a, b) for a, b in itertools.pairwise(path))


def test_sierpinski_layout_matches_seed_003_picture() -> None:
    where, joined = _seed_picture()
    assert len(where) == 27
    positions = {abc(state): xy for state, xy in sierpinski_layout(3).items()}
    # Same row in the picture, same height; left to right in the picture, left to right in the layout.
    for a, (col_a, row_a) in where.items():
        for b, (col_b, row_b) in where.items():
            (xa, ya), (xb, yb) = positions[a], positions[b]
            assert (row_a == row_b) == math.isclose(ya, yb)
            if row_a == row_b:
                assert (col_a < col_b) == (xa < xb)
            else:
                assert (row_a < row_b) == (ya > yb)
    # The horizontal edges drawn in the picture are edges of the graph.
    g = nx.relabel_nodes(state_graph(hk.Puzzle(3)), abc)
    assert joined and all(g.has_edge(*pair) for pair in map(tuple, joined))


def test_sierpinski_text_is_seed_003_picture() -> None:
    """Drawn as text, the graph is seed 003's picture, with one more dash: the picture leaves out the edge CBB-CAB
    (disk 2 between A and B while disk 1 sits on C), which the rules allow."""
    g = nx.relabel_nodes(state_graph(hk.Puzzle(3)), abc)
    assert g.has_edge("CBB", "CAB")
    published = SEED_003.strip("\n").replace("CBB CAB", "CBB-CAB")
    assert sierpinski_text(3, names="ABC") == "\n".join(line.rstrip() for line in published.splitlines())


@pytest.mark.parametrize("n", range(1, 6))
def test_sierpinski_text_draws_every_edge_once(n: int) -> None:
    text = sierpinski_text(n)
    assert sierpinski_text(n, names="ABC") == text.translate(str.maketrans("SID", "ABC"))
    slashes = text.count("/") + text.count("\\")
    assert len(re.findall("-+", text)) + slashes == 3 * (3**n - 1) // 2
    assert sorted(re.findall("[SID]+", text)) == sorted(str(s) for s in sierpinski_layout(n))


@pytest.mark.parametrize("n", range(1, 6))
def test_sierpinski_layout_edges_are_unit_and_points_distinct(n: int) -> None:
    positions = sierpinski_layout(n)
    assert len(set(positions.values())) == 3**n
    for u, v in state_graph(hk.Puzzle(n)).edges:
        assert math.dist(positions[u], positions[v]) == pytest.approx(1, abs=1e-3)
    top = positions[hk.State.tower(n, 0)]
    left, right = positions[hk.State.tower(n, 1)], positions[hk.State.tower(n, 2)]
    assert top[1] == max(y for _, y in positions.values())
    assert left[1] == right[1] == 0 and left[0] < top[0] < right[0]


def test_too_large_graphs_are_refused() -> None:
    with pytest.raises(TooLargeError, match=r"177,147|531,441"):
        state_graph(hk.Puzzle(12))
    with pytest.raises(TooLargeError):
        state_graph(hk.MagneticPuzzle(10))
    with pytest.raises(TooLargeError, match="far too large"):
        state_graph(hk.MagneticPuzzle(16))
    with pytest.raises(hk.InvalidPuzzleError):
        sierpinski_layout(hk.MagneticPuzzle(2))


@pytest.mark.parametrize(
    "args, puzzle",
    [
        (["8", "--posts", "5"], hk.Puzzle(8, posts=5)),
        (["9", "--posts", "4", "--moves", "cyclic"], hk.Puzzle(9, posts=4, moves="cyclic")),
        (["6", "--magnetic", "NNNNN"], hk.MagneticPuzzle(6, "NNNNN")),
        (["9", "--posts", "4", "--moves", "star"], hk.Puzzle(9, posts=4, moves="star")),
    ],
    ids=repr,
)
def test_a_graph_beyond_the_cap_is_refused_before_any_move(
    args: list[str], puzzle: hk.Puzzle, monkeypatch, capsys
) -> None:
    """From the count of its positions (every legal one, or those the breadth-first oracle reaches), not after
    building 200,000 nodes: no move is ever generated. The command line says so in one line."""
    from hanoikit.graph import MAX_NODES

    def no_moves(*_):  # type: ignore[no-untyped-def]
        raise AssertionError("a move was generated")

    monkeypatch.setattr(type(puzzle), "successors", no_moves)
    assert search.state_count(puzzle) > MAX_NODES
    with pytest.raises(TooLargeError, match=f"has up to {search.state_count(puzzle):,} positions"):
        state_graph(puzzle)
    assert main(["graph", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"hanoi: the state graph of {puzzle!r} has up to") and err.count("\n") == 1


def test_dot_export_marks_the_path() -> None:
    puzzle = hk.Puzzle(3)
    g = state_graph(puzzle)
    path = optimal_path(puzzle)
    text = to_dot(g, path=path, positions=sierpinski_layout(3))
    lines = text.splitlines()
    assert lines[0].startswith('graph "Puzzle(3)"') and lines[-1] == "}"
    assert sum(" -- " in line for line in lines) == 39
    assert sum("penwidth" in line for line in lines) == 7
    assert sum("fillcolor" in line for line in lines) == 8
    assert '"SSS" [label="SSS", pos=' in text
    assert '"SSS" [label="AAA", pos=' in to_dot(g, positions=sierpinski_layout(3), labels="abc")  # seed 003


def test_graphml_round_trip(tmp_path) -> None:
    puzzle = hk.MagneticPuzzle(2)
    g = state_graph(puzzle)
    target = tmp_path / "m.graphml"
    write_graphml(g, target, path=optimal_path(puzzle))
    back = nx.read_graphml(target)
    assert nx.is_isomorphic(back, plain_graph(g))
    assert sum(back.nodes[v]["on_path"] for v in back) == 5
    assert {back.edges[e]["move"][0] for e in back.edges} == {"1", "2"}


@pytest.mark.parametrize("suffix", ["png", "svg", "dot", "graphml"])
def test_save_state_graph_files(tmp_path, suffix: str) -> None:
    target = tmp_path / f"g.{suffix}"
    assert save_state_graph(hk.Puzzle(3), target) == suffix
    data = target.read_bytes()
    if suffix == "png":
        from PIL import Image

        with Image.open(target) as image:
            assert image.width > 400 and image.height > 300
    elif suffix == "svg":
        root = ET.fromstring(data)
        assert root.tag.endswith("svg")
        texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
        assert {"SSS", "DDD", "III", "start", "goal"} <= set(texts)
        assert not {"AAA", "CCC"} & set(texts)  # seed 003's letters only in the reproduction of its figure
    assert list(tmp_path.iterdir()) == [target]  # nothing half-written left behind


def test_cli_graph(tmp_path, capsys) -> None:
    target = tmp_path / "m.png"
    assert main(["graph", "3", "--magnetic", "NNN", "--out", str(target)]) == 0
    out = capsys.readouterr().out
    assert "114 positions" in out and "start to goal 11 moves" in out and target.stat().st_size > 10_000
    assert main(["graph", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "Puzzle(4): 81 positions, 120 moves, diameter 15, start to goal 15 moves"
    assert out[0].strip() == "SSSS" and out[-3].startswith("IIII--SIII")
    assert main(["graph", "3", "--out", str(tmp_path / "x.jpg")]) == 2
    assert main(["graph", "3", "--magnetic", "RRR", "--out", str(tmp_path / "r.png")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "x.jpg" in err and "cannot be reached" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.png"]
    assert main(["graph", "2", "--posts", "4", "--moves", "cyclic", "--out", str(tmp_path / "c.svg")]) == 0
    cyclic = hk.Puzzle(2, posts=4, moves="cyclic")
    edges = state_graph(cyclic).number_of_edges()
    assert capsys.readouterr().out == f"wrote {tmp_path / 'c.svg'}: 16 positions, {edges} moves, start to goal " + (
        f"{plain_distances(cyclic, cyclic.start)[cyclic.goal]} moves\n"
    )


# -- other members of the family -------------------------------------------------------------------------------------

MEMBERS = [
    hk.Puzzle(3, posts=4),
    hk.Puzzle(3, moves="linear"),
    hk.Puzzle(2, posts=5, moves="star"),
    hk.MagneticPuzzle(2, "NNNN"),
    hk.MagneticPuzzle(3, "RNB", moves="linear"),
    hk.Puzzle(2, posts=4, moves={(0, 1), (1, 0), (2, 3), (3, 2)}),  # two separate pairs of posts
]


@pytest.mark.parametrize("puzzle", MEMBERS, ids=repr)
def test_graphs_of_other_members_agree_with_the_plain_search(puzzle: hk.Puzzle) -> None:
    g = state_graph(puzzle)
    assert distances(g, puzzle.start) == plain_distances(puzzle, puzzle.start)
    for u, v, data in g.edges(data=True):
        a, b = (u, v) if puzzle.apply(u, data["move"]) == v else (v, u)
        assert puzzle.apply(b, data["move"].reverse()) == a


@pytest.mark.parametrize("n, k", [(1, 4), (2, 4), (3, 4), (2, 5)])
def test_classic_graph_on_k_posts_counts_by_formula(n: int, k: int) -> None:
    g = state_graph(hk.Puzzle(n, posts=k))
    # every position; each position with tops t_1 < ... < t_m has sum_i (k - i) moves, and each edge is counted twice
    assert len(g) == k**n == search.state_count(hk.Puzzle(n, posts=k))
    degrees = sum(d for _, d in g.degree())
    assert degrees == sum(sum(k - i for i in range(1, len({*s.posts}) + 1)) for s in g.nodes)


ONE_WAY = [
    hk.Puzzle(3, moves="cyclic"),
    hk.Puzzle(2, posts=4, moves="cyclic"),
    hk.Puzzle(2, posts=4, moves=[(0, 1), (1, 2), (2, 3), (3, 0), (1, 0)]),  # one pair both ways
    hk.MagneticPuzzle(2, "NNN", moves="cyclic"),
]


@pytest.mark.parametrize("puzzle", ONE_WAY, ids=repr)
def test_one_way_rules_give_directed_graphs_of_the_legal_moves(puzzle: hk.Puzzle) -> None:
    g = state_graph(puzzle)
    assert g.is_directed()
    reachable = plain_distances(puzzle, puzzle.start)
    assert set(g.nodes) == set(reachable)
    if search.covers(puzzle):
        assert len(g) == search.bfs(puzzle).reachable
    legal = {(s, puzzle.apply(s, m)) for s in reachable for m in puzzle.legal_moves(s)}
    assert set(g.edges) == legal
    for u, v, data in g.edges(data=True):
        assert puzzle.apply(u, data["move"]) == v and g.nodes[u]["label"] == str(u)
    assert distances(g, puzzle.start) == reachable


def test_undirected_graphs_for_rules_that_go_both_ways() -> None:
    assert not any(state_graph(hk.Puzzle(2, moves=rule)).is_directed() for rule in ("any", "linear", "star"))
    with pytest.raises(hk.InvalidPuzzleError, match="three posts"):
        sierpinski_layout(hk.Puzzle(2, posts=4))
    linear = sierpinski_layout(hk.Puzzle(2, moves="linear"))
    assert linear == sierpinski_layout(2)


def test_directed_exports(tmp_path) -> None:
    puzzle = hk.Puzzle(2, moves="cyclic")
    g = state_graph(puzzle)
    path = optimal_path(puzzle)
    text = to_dot(g, path=path)
    assert text.startswith('digraph "Puzzle(2, moves=\'cyclic\')"') and " -- " not in text
    assert sum(" -> " in line for line in text.splitlines()) == g.number_of_edges()
    assert sum("penwidth" in line for line in text.splitlines()) == len(path) - 1 == puzzle.distance()
    write_graphml(g, tmp_path / "c.graphml", path=path)
    back = nx.read_graphml(tmp_path / "c.graphml")
    assert back.is_directed() and set(back.edges) == {(str(u), str(v)) for u, v in g.edges}


@pytest.mark.parametrize(
    "puzzle",
    [hk.Puzzle(3, moves="cyclic"), hk.Puzzle(2, posts=4, moves="star"), hk.Puzzle(3, posts=4),
     hk.MagneticPuzzle(2, "NRB"), hk.MagneticPuzzle(2, "NNNN", moves="linear")],
    ids=repr,
)
def test_family_graphs_are_drawn_with_post_names(tmp_path, puzzle: hk.Puzzle) -> None:
    target = tmp_path / "g.svg"
    assert save_state_graph(puzzle, target) == "svg"
    root = ET.fromstring(target.read_bytes())
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    names = {str(s).split(":")[0] for s in state_graph(puzzle)}
    assert {"start", "goal"} <= texts and names <= {line for t in texts if t for line in t.split("\n")}
    if puzzle.faces:
        assert {"the post shows red", "the post shows blue"} <= texts  # the legend
    if not puzzle.reversible:
        assert "arrows" in target.read_text()


def test_four_post_graph_is_drawn(tmp_path) -> None:
    puzzle = hk.Puzzle(2, posts=4)
    target = tmp_path / "four.svg"
    assert save_state_graph(puzzle, target) == "svg"
    root = ET.fromstring(target.read_bytes())
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {"SS", "IJ", "DD", "start", "goal"} <= texts
