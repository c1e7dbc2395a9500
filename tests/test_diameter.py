"""Exact diameters, radii and eccentricities (hanoikit.search.diameter, hanoikit.eccentricity, hanoikit.automorphisms)
against an all-pairs breadth-first search over the puzzles' own rules, and the bounds on generic graphs."""

from __future__ import annotations

import json
import random

import networkx as nx
import numpy as np
import pytest

import hanoikit as hk
from clirun import run
from hanoikit import MagneticPuzzle, Puzzle, State, oeis
from hanoikit import automorphisms as A
from hanoikit import search as S
from hanoikit.eccentricity import adjacency_distances, extremes, orbit_index
from hanoikit.oeis_terms import PUBLISHED
from hanoikit.positions import encode
from oracle import all_states, plain_distances

# -- the oracle: every eccentricity, by a bit-parallel search from all positions at once -----------------------------


def _graph(puzzle: Puzzle) -> tuple[list[State], list[list[int]]]:
    """The positions of the component of the start (reached from it and reaching it back) and their moves, from
    the puzzle's own rules (legal_moves, apply)."""
    states = all_states(puzzle)
    index = {s: i for i, s in enumerate(states)}
    out = [[index[puzzle.apply(s, m)] for m in puzzle.legal_moves(s)] for s in states]
    start = index[puzzle.start]
    ahead = adjacency_distances(out, start)
    back = [[] for _ in states]
    for v, targets in enumerate(out):
        for w in targets:
            back[w].append(v)
    behind = adjacency_distances(back, start)
    keep = [i for i in range(len(states)) if ahead[i] >= 0 and behind[i] >= 0]
    new = {old: i for i, old in enumerate(keep)}
    return [states[i] for i in keep], [[new[w] for w in out[v] if w in new] for v in keep]


def _eccentricities(out: list[list[int]]) -> np.ndarray:
    """The out-eccentricity of every vertex: all sources searched at once, a bit per source in each vertex's row."""
    size = len(out)
    words = (size + 63) // 64
    preds = [[] for _ in range(size)]
    for v, targets in enumerate(out):
        for w in targets:
            preds[w].append(v)
    width = max(len(p) for p in preds)
    table = np.full((size, width), size)  # row `size` is all zeros
    for w, p in enumerate(preds):
        table[w, : len(p)] = p
    index = np.arange(size)
    frontier = np.zeros((size + 1, words), dtype=np.uint64)
    frontier[index, index >> 6] = np.uint64(1) << (index & 63).astype(np.uint64)
    seen = frontier[:size].copy()
    ecc = np.zeros(size, dtype=np.int64)
    step = 0
    while True:
        reach = np.bitwise_or.reduce(frontier[table], axis=1) & ~seen
        moving = np.bitwise_or.reduce(reach, axis=0)
        if not moving.any():
            return ecc
        step += 1
        bits = np.unpackbits(moving.view(np.uint8), bitorder="little")[:size].astype(bool)
        ecc[bits] = step
        seen |= reach
        frontier[:size] = reach


def _check(puzzle: Puzzle, engine: str = "auto") -> S.Diameter:
    states, out = _graph(puzzle)
    ecc = _eccentricities(out)
    found = S.diameter(puzzle, engine=engine)
    if engine != "auto":  # the searches 64 at a time take undirected graphs of distances below 255, else the codes
        assert found.engine == (engine if puzzle.reversible and 2 * found.eccentricity < 255 else "codes")
    assert found.positions == len(states)
    assert (found.diameter, found.radius) == (ecc.max(), ecc.min())
    assert found.eccentricity == ecc[states.index(puzzle.start)]
    a, b = found.pair
    assert plain_distances(puzzle, a)[b] == found.diameter
    goal = plain_distances(puzzle, puzzle.start).get(puzzle.goal) if puzzle.is_legal(puzzle.goal) else None
    assert found.goal_distance == goal
    around = plain_distances(puzzle, found.centre)  # the component's distances: its paths stay inside it
    assert max(around[s] for s in states) == found.radius
    return found


# -- every member against the oracle ---------------------------------------------------------------------------------


ENGINES = ["codes", "graph"]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("rule", ["any", "cyclic", "linear", "star"])
@pytest.mark.parametrize("n", [1, 3, 6])
def test_four_posts_every_rule(rule, n, engine):
    _check(Puzzle(n, posts=4, moves=rule), engine)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("rule", ["any", "cyclic", "linear", "star"])
def test_five_posts(rule, engine):
    _check(Puzzle(5 if rule == "any" else 4, posts=5, moves=rule), engine)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("rule", ["any", "cyclic", "linear"])
@pytest.mark.parametrize("n", [2, 5])
def test_three_posts(rule, n, engine):
    found = _check(Puzzle(n, moves=rule), engine)
    if rule == "any":
        assert found.diameter == 2**n - 1


@pytest.mark.parametrize(
    ("colors", "n", "rule"),
    [("NNN", 4, "any"), ("RBB", 4, "any"), ("RNB", 4, "linear"), ("NNN", 3, "cyclic"), ("NNNN", 3, "any"),
     ("NNNN", 3, "cyclic"), ("RBNN", 3, "any"), ("NBNR", 2, "star")],
)
@pytest.mark.parametrize("engine", ENGINES)
def test_magnetic(colors, n, rule, engine):
    _check(MagneticPuzzle(n, colors, moves=rule), engine)


def test_one_way_pairs_of_posts():
    _check(Puzzle(3, posts=4, moves="SI ID DJ JS SD"))  # a cycle with one chord


def test_pair_distance_by_the_command_line(capsys):
    found = S.diameter(Puzzle(5, posts=4))
    a, b = (str(s) for s in found.pair)
    status, out, _ = run(["distance", a, b, "--posts", "4"], capsys)
    assert status == 0 and int(out) == found.diameter


def test_asymmetric_member_uses_the_identity_alone():
    p = MagneticPuzzle(3, "RBNN", moves="linear")
    assert A.symmetries(p) == [((0, 1, 2, 3), False)]
    assert _check(p).symmetries == 1


# -- the symmetries --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "puzzle",
    [Puzzle(3, posts=4), Puzzle(3, posts=4, moves="cyclic"), Puzzle(3, posts=4, moves="star"), Puzzle(2, posts=5),
     MagneticPuzzle(2, "NNNN"), MagneticPuzzle(2, "RBB"), MagneticPuzzle(2, "RBRB", moves="cyclic")],
)
def test_symmetries_are_automorphisms(puzzle):
    group = A.symmetries(puzzle)
    assert group[0] == (tuple(range(puzzle.posts)), False)
    for g in group:
        for s in all_states(puzzle):
            t = A.image(puzzle, g, s)
            assert puzzle.is_legal(t)
            assert sorted(str(A.image(puzzle, g, puzzle.apply(s, m))) for m in puzzle.legal_moves(s)) == sorted(
                str(puzzle.apply(t, m)) for m in puzzle.legal_moves(t)
            )


def test_symmetry_counts():
    assert len(A.symmetries(Puzzle(2, posts=5))) == 120
    assert len(A.symmetries(Puzzle(2, posts=4, moves="cyclic"))) == 4  # the rotations (a turn over reverses moves)
    assert len(A.symmetries(Puzzle(2, posts=4, moves="star"))) == 6  # the centre I stays
    assert len(A.symmetries(MagneticPuzzle(2, "NNNN"))) == 48  # and every face turned over
    assert len(A.symmetries(MagneticPuzzle(2, "RBNN"))) == 4  # R and B exchanged with the faces, N and N


def test_representatives_are_least_of_their_orbits():
    p = MagneticPuzzle(2, "NNNN")
    group = A.symmetries(p)
    size = 4**2 * 16
    inside = np.zeros(size, dtype=bool)
    legal = [encode(p, s) for s in all_states(p)]
    inside[legal] = True
    rep = A.representatives(p, group, inside)
    for code in legal:
        assert rep[code] == min(A.image_code(p, g, code) for g in group)
    assert (rep[~inside] == -1).all()


# -- the bounds, on generic graphs -----------------------------------------------------------------------------------


def _generic(adjacency, first=0, orbit=None, reps=None, count=None):
    size = len(adjacency)
    directed = any(v not in adjacency[w] for v in range(size) for w in adjacency[v])
    back = [[v for v in range(size) if w in adjacency[v]] for w in range(size)]
    if orbit is None:
        orbit, count, reps = np.arange(size), size, np.arange(size)
    return extremes(
        orbit, count, reps, lambda v: adjacency_distances(adjacency, v),
        (lambda v: adjacency_distances(back, v)) if directed else None, first,
    )


def _lists(g):
    return [sorted(g.successors(v)) if g.is_directed() else sorted(g.neighbors(v)) for v in range(len(g))]


def test_a_path_is_settled_by_its_end_and_middle():  # the lower bounds from an end are exact: tight
    found = _generic(_lists(nx.path_graph(21)))
    assert (found.diameter, found.radius, found.centre, found.searches) == (20, 10, 10, 2)
    assert found.pair == (0, 20)


def test_a_cycle_needs_every_vertex_without_its_symmetry():  # every upper bound stays loose on a cycle
    cycle = _lists(nx.cycle_graph(9))
    found = _generic(cycle)
    assert (found.diameter, found.radius, found.searches) == (4, 4, 9)
    one = np.zeros(9, dtype=np.int64)  # the rotations: one orbit
    found = _generic(cycle, orbit=one, reps=np.array([0]), count=1)
    assert (found.diameter, found.radius, found.searches) == (4, 4, 1)


def test_a_directed_cycle_counts_each_search_both_ways():
    found = _generic([[(v + 1) % 6] for v in range(6)])
    assert (found.diameter, found.radius) == (5, 5)
    assert found.searches % 2 == 0


@pytest.mark.parametrize("seed", range(12))
def test_random_graphs_against_networkx(seed):
    rng = random.Random(seed)
    size = rng.randint(2, 40)
    if seed % 3 == 2:
        g = nx.gnp_random_graph(size, 0.15, seed=seed, directed=True)
        g = g.subgraph(max(nx.strongly_connected_components(g), key=len))
    else:
        g = nx.gnp_random_graph(size, rng.choice([0.05, 0.1, 0.3]), seed=seed)
        g = g.subgraph(max(nx.connected_components(g), key=len))
    g = nx.convert_node_labels_to_integers(g)
    found = _generic(_lists(g), first=rng.randrange(len(g)))
    ecc = nx.eccentricity(g)
    assert (found.diameter, found.radius) == (max(ecc.values()), min(ecc.values()))
    assert ecc[found.centre] == found.radius and ecc[found.pair[0]] == found.diameter
    assert nx.shortest_path_length(g, *found.pair) == found.diameter
    assert found.searches <= 2 * len(g)


def test_a_graph_that_is_not_strongly_connected_is_refused():
    with pytest.raises(hk.InvalidArgumentError, match="strongly connected"):
        _generic([[1], []])


def test_orbit_numbering():
    orbit, count, reps = orbit_index(np.array([0, 1, 0, -1, 1, 5], dtype=np.int32))
    assert (orbit.tolist(), count, reps.tolist()) == ([0, 1, 0, -1, 1, 2], 3, [0, 1, 5])


# -- the public entry points -----------------------------------------------------------------------------------------


def test_eccentricity_of_the_perfect_state_is_a382111():
    terms = PUBLISHED["A382111"].terms
    for n in range(1, 8):
        assert S.diameter(Puzzle(n, posts=4)).eccentricity == terms[n]


def test_result_and_refusals():
    found = S.diameter(Puzzle(4, posts=4))
    assert found.as_dict()["pair"] == [str(s) for s in found.pair]
    assert repr(found).startswith("Diameter(Puzzle(4, posts=4), diameter=9,")
    with pytest.raises(hk.TooLargeError, match="67,108,864"):
        S.diameter(Puzzle(14, posts=4))


def test_command_line(capsys):
    status, out, err = run(["diameter", "6", "--posts", "4", "--format", "json"], capsys)
    assert status == 0 and not err
    found = json.loads(out)
    assert {"diameter", "radius", "eccentricity", "pair", "searches"} <= set(found)
    assert (found["diameter"], found["eccentricity"]) == (17, 17)
    status, out, _ = run(["diameter", "3", "--magnetic", "NNNN"], capsys)
    assert status == 0 and "diameter      11" in out
    status, _, err = run(["diameter", "14", "--posts", "4"], capsys)
    assert status == 2 and err.count("\n") == 1 and "limit" in err
    status, _, err = run(["diameter", "3", "--posts", "4", "--moves", "XY"], capsys)
    assert status == 2 and err.count("\n") == 1


def test_symmetries_change_the_work_not_the_answer(monkeypatch):
    p = Puzzle(5, posts=4)
    with_them = S.diameter(p)
    monkeypatch.setattr(A, "symmetries", lambda puzzle: [(tuple(range(puzzle.posts)), False)])
    without = S.diameter(p)
    assert (without.symmetries, with_them.symmetries) == (1, 24)
    assert (without.diameter, without.radius, without.eccentricity) == (
        with_them.diameter, with_them.radius, with_them.eccentricity
    )
    assert without.orbits > with_them.orbits


# -- the OEIS table --------------------------------------------------------------------------------------------------


def test_a382111_row_agrees_with_the_published_terms():
    rows = [row for row in oeis.compare(upto=7, max_codes=20_000) if row.anumber == "A382111"]
    assert [(r.method, r.checked, r.first, r.last, r.agree) for r in rows] == [
        ("frontier search (the start's eccentricity)", 7, 1, 7, True)
    ]


def test_recorded_diameters_and_radii_are_computed_again_at_small_n():
    rows = {row.name: row for row in oeis.new_shapes(upto=7, max_codes=70_000)}
    assert set(oeis.RECORDED_SHAPES) == set(rows)
    for name, recorded in oeis.RECORDED_SHAPES.items():
        row = rows[name]
        assert row.terms == list(recorded[: len(row.terms)]) and len(row.terms) >= 6 and "differs" not in row.note
    assert "A160002" in rows["diameter, 4 posts in a line"].note  # the two ends of the line are the farthest apart
    assert "A291876" in rows["diameter, 4 posts in a star"].note
    for name, make in oeis.SHAPE_MEMBERS.items():  # and by the all-pairs oracle, at n = 3
        ecc = _eccentricities(_graph(make(3))[1])
        assert (rows[f"diameter, {name}"].terms[2], rows[f"radius, {name}"].terms[2]) == (ecc.max(), ecc.min())


def test_bfiles(capsys):
    text = oeis.bfile("A382111", max_codes=5000)
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    assert lines == [f"{n} {PUBLISHED['A382111'].terms[n]}" for n in range(1, 7)]  # 4**6 codes
    status, out, _ = run(["oeis", "--bfile", "diameter, 5 posts, every move", "--upto", "4"], capsys)
    assert status == 0 and out.splitlines()[-4:] == ["1 1", "2 3", "3 5", "4 7"]
    status, _, err = run(["oeis", "--bfile", "A000225"], capsys)
    assert status == 2 and err.count("\n") == 1 and "A382111" in err


def test_new_rows_in_the_command(capsys):
    status, out, _ = run(["oeis", "--new", "--upto", "3", "--max-positions", "2000", "--format", "json"], capsys)
    rows = {row["name"]: row for row in json.loads(out)}
    assert status == 0 and rows["diameter, magnetic, 4 posts NNNN"]["terms"][:2] == [
        S.diameter(MagneticPuzzle(n, "NNNN")).diameter for n in (1, 2)
    ]


def test_many_posts_go_without_their_symmetries():
    """Ten posts: 10! relabellings, each a pass over the codes, would cost more than the searches they cut (found by
    the hostile sweep: `hanoi diameter 3 --posts 10` ran past 30 s); the searches go without them, still exact."""
    found = _check(Puzzle(2, posts=10))
    assert found.symmetries == 1
    assert _check(Puzzle(2, posts=8)).symmetries == 40320  # within the limit: every relabelling

def test_four_posts_keep_their_symmetries_at_every_size(monkeypatch):
    """24 relabellings times the codes passed the codes' limit from 11 disks, which then went without them (73
    searches became hundreds): up to 5 posts the symmetries are always found."""
    monkeypatch.setattr(S, "DIAMETER_LIMIT", 4**6)  # 24 x 4**6 codes past it, as 24 x 4**11 past 2**26
    assert S.diameter(Puzzle(6, posts=4)).symmetries == 24
