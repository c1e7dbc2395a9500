"""The component as compressed rows and its searches (hanoikit.component), the bounds searched in batches
(hanoikit.eccentricity.extremes with ``many``), and the checkpoints of hanoikit.search.diameter."""

from __future__ import annotations

import os
import random

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanoikit import MagneticPuzzle, Puzzle, component
from hanoikit import search as S
from hanoikit.diameter_checkpoint import Checkpoint
from hanoikit.eccentricity import Bounds, adjacency_distances, extremes
from hanoikit.positions import code_space, encode
from oracle import all_states, plain_distances

# -- the rows and their searches against the puzzles' own rules -----------------------------------------------------


def _component(puzzle):
    inside = np.zeros(code_space(puzzle), dtype=bool)
    inside[[encode(puzzle, s) for s in all_states(puzzle)]] = True
    return component.build(puzzle, inside)


@pytest.mark.parametrize(
    "puzzle",
    [Puzzle(3, posts=4), Puzzle(4, posts=4, moves="star"), Puzzle(3, posts=5), MagneticPuzzle(3, "NNNN"),
     MagneticPuzzle(3, "RBB"), Puzzle(3, posts=4, moves="cyclic")],
)
def test_rows_are_the_moves_and_searches_are_distances(puzzle):
    graph = _component(puzzle)
    states = all_states(puzzle)
    assert graph.size == len(states) and (np.diff(graph.codes) > 0).all()
    for state in states[:: max(1, len(states) // 7)]:
        v = graph.rank(encode(puzzle, state))
        want = sorted(graph.rank(encode(puzzle, puzzle.apply(state, m))) for m in puzzle.legal_moves(state))
        assert sorted(graph.indices[graph.indptr[v] : graph.indptr[v + 1]].tolist()) == want
        plain = plain_distances(puzzle, state)
        found = component.distances(graph, v, np.int32)
        assert {s: int(found[graph.rank(encode(puzzle, s))]) for s in plain} == plain
    assert graph.rank(-5) == -1


def test_reversed_rows_search_towards_a_position():
    puzzle = Puzzle(3, posts=4, moves="cyclic")
    graph = _component(puzzle)
    back = component.reversed_graph(graph)
    assert back.edges == graph.edges
    to = component.distances(back, 0, np.int32)
    for v in range(0, graph.size, 5):
        assert component.distances(graph, v, np.int32)[0] == to[v]


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, 4**5 - 1), min_size=1, max_size=64))
def test_many_sources_at_once_are_each_source_alone(sources):
    graph = _graph_4_5()
    table, ecc, far = component.many_distances(graph, sources)
    assert table.shape == (graph.size, len(sources))
    for j, source in enumerate(sources):
        alone = component.distances(graph, source, np.int16)
        assert (table[:, j] == alone).all() and ecc[j] == alone.max() and alone[far[j]] == ecc[j]


_GRAPHS: dict[str, component.Graph] = {}


def _graph_4_5() -> component.Graph:
    if "g" not in _GRAPHS:
        _GRAPHS["g"] = _component(Puzzle(5, posts=4))
    return _GRAPHS["g"]


def test_many_sources_refuses_more_than_a_word():
    with pytest.raises(Exception, match="from 1 to 64"):
        component.many_distances(_graph_4_5(), list(range(65)))


# -- the bounds in batches, on generic graphs -----------------------------------------------------------------------


def _many(adjacency):
    def search(sources):
        columns = [adjacency_distances(adjacency, v) for v in sources]
        table = np.stack(columns, axis=1).astype(np.uint8)
        ecc = np.array([c.max() for c in columns])
        return table, ecc, np.array([int(np.argmax(c)) for c in columns])

    return search


@pytest.mark.parametrize("width", [1, 3, 64])
@pytest.mark.parametrize("seed", range(8))
def test_batches_against_networkx(seed, width):
    rng = random.Random(seed)
    g = nx.gnp_random_graph(rng.randint(2, 60), rng.choice([0.05, 0.1, 0.3]), seed=seed)
    g = nx.convert_node_labels_to_integers(g.subgraph(max(nx.connected_components(g), key=len)))
    adjacency = [sorted(g.neighbors(v)) for v in range(len(g))]
    size = len(g)
    found = extremes(np.arange(size), size, np.arange(size), lambda v: adjacency_distances(adjacency, v), None,
                     rng.randrange(size), many=_many(adjacency), width=width)
    ecc = nx.eccentricity(g)
    assert (found.diameter, found.radius) == (max(ecc.values()), min(ecc.values()))
    assert ecc[found.centre] == found.radius and nx.shortest_path_length(g, *found.pair) == found.diameter
    assert found.searches <= size + 1


def test_a_path_in_batches_is_settled_by_its_first_batch():  # an end, then the most central: tight bounds
    path = [sorted(nx.path_graph(21).neighbors(v)) for v in range(21)]
    found = extremes(np.arange(21), 21, np.arange(21), lambda v: adjacency_distances(path, v), None, 0,
                     many=_many(path), width=4)
    assert (found.diameter, found.radius, found.searches) == (20, 10, 5)


def test_a_batch_gives_a_quarter_to_the_radius_and_the_rest_to_the_largest_upper_bounds():
    bounds = Bounds(20)
    bounds.add(np.arange(20) % 20, 0, np.arange(20), None)
    picked = bounds.pick(16)
    wide, narrow = bounds.doubt()
    assert len(picked) == 16 and len(set(picked)) == 16 and 0 not in picked
    where = np.flatnonzero(narrow)
    by_low = where[np.lexsort((-bounds.high[where], bounds.low[where]))]  # the least lower bound, the widest first
    assert picked[:4] == by_low[:4].tolist()  # 16 // 4 for the radius
    highs = bounds.high[picked[4:]]
    assert (np.diff(highs) <= 0).all() and highs[-1] >= bounds.high[wide & ~np.isin(np.arange(20), picked)].max()


# -- the engines agree ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "puzzle", [Puzzle(6, posts=4), Puzzle(6, posts=4, moves="star"), MagneticPuzzle(5, "NNNN"), Puzzle(4, posts=5)]
)
def test_both_engines_give_the_same_shape(puzzle):
    codes = S.diameter(puzzle, engine="codes", checkpoint=False)
    graph = S.diameter(puzzle, engine="graph", checkpoint=False)
    assert (codes.engine, graph.engine) == ("codes", "graph")
    assert (codes.diameter, codes.radius, codes.eccentricity, codes.positions, codes.orbits) == (
        graph.diameter, graph.radius, graph.eccentricity, graph.positions, graph.orbits)
    assert plain_distances(puzzle, graph.pair[0])[graph.pair[1]] == graph.diameter
    assert max(plain_distances(puzzle, graph.centre).values()) == graph.radius


def test_auto_takes_the_graph_for_magnetic_towers_and_the_codes_else():
    assert S.diameter(MagneticPuzzle(3, "NNNN")).engine == "graph"
    assert S.diameter(Puzzle(3, posts=4)).engine == "codes"
    assert S.diameter(Puzzle(3, posts=4, moves="cyclic"), engine="graph").engine == "codes"  # directed
    with pytest.raises(Exception, match="the engine is one of"):
        S.diameter(Puzzle(3, posts=4), engine="gpu")


# -- checkpoints ----------------------------------------------------------------------------------------------------


class Stop(Exception):
    pass


@pytest.mark.parametrize(("puzzle", "engine"), [(MagneticPuzzle(6, "NNNN"), "graph"), (Puzzle(7, posts=4), "codes")])
def test_a_run_stopped_on_the_way_resumes_to_the_same_answer(tmp_path, monkeypatch, puzzle, engine):
    whole = S.diameter(puzzle, engine=engine, checkpoint=False)
    assert whole.searches > 3
    saved = Checkpoint.save
    calls = []

    def save_then_stop(self, bounds):
        monkeypatch.setattr(self, "every", 0)
        saved(self, bounds)
        calls.append(len(bounds.sources))
        if len(calls) == 2:
            raise Stop

    monkeypatch.setattr(Checkpoint, "save", save_then_stop)
    with pytest.raises(Stop):
        S.diameter(puzzle, engine=engine, checkpoint=str(tmp_path))
    assert len(os.listdir(tmp_path)) == 1
    monkeypatch.setattr(Checkpoint, "save", saved)
    loads = []
    load = Checkpoint.load

    def load_and_count(self):
        found = load(self)
        loads.append(None if found is None else len(found.sources))
        return found

    monkeypatch.setattr(Checkpoint, "load", load_and_count)
    again = S.diameter(puzzle, engine=engine, checkpoint=str(tmp_path))
    assert loads == [calls[1]]  # resumed from the second save
    assert (again.diameter, again.radius, again.eccentricity, again.searches, again.sources) == (
        whole.diameter, whole.radius, whole.eccentricity, whole.searches, whole.sources)
    assert os.listdir(tmp_path) == []  # removed at the end


def test_a_damaged_or_foreign_checkpoint_is_not_used(tmp_path):
    puzzle = Puzzle(4, posts=4)
    mine = Checkpoint.at(puzzle, tmp_path, "codes", 15, every=0)
    bounds = Bounds(15)
    bounds.sources.append(3)
    mine.save(bounds)
    data = mine.path.read_bytes()
    assert mine.load() is not None
    mine.path.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
    assert mine.load() is None
    other = Checkpoint.at(puzzle, tmp_path, "codes", 16, every=0)  # another number of classes: another file
    assert other.path != mine.path
    other.path.write_bytes(data)  # the right bytes under another identity
    assert other.load() is None
    mine.path.unlink()
    os.mkfifo(mine.path)  # not a regular file: refused without blocking
    assert mine.load() is None
    mine.path.unlink()
    found = S.diameter(puzzle, checkpoint=str(tmp_path))  # and a run that finds nothing usable starts afresh
    assert found.diameter == 9


def test_checkpoints_are_on_by_default_for_long_runs_under_the_cache(monkeypatch, tmp_path):
    monkeypatch.setenv("HANOIKIT_CACHE_DIR", str(tmp_path))
    seen = []
    saved = Checkpoint.save
    monkeypatch.setattr(Checkpoint, "save", lambda self, bounds: seen.append(self.path) or saved(self, bounds))
    S.diameter(Puzzle(3, posts=4))  # small: none
    assert seen == []
    S.diameter(Puzzle(3, posts=4), checkpoint=True)
    assert seen and seen[0].parent == tmp_path / "diameter" and not seen[0].exists()


def test_the_command_takes_the_engine_and_the_checkpoint(capsys, tmp_path, monkeypatch):
    import json

    from clirun import run

    monkeypatch.setenv("HANOIKIT_CACHE_DIR", str(tmp_path))
    status, out, _ = run(["diameter", "3", "--magnetic", "NNNN", "--engine", "codes", "--format", "json"], capsys)
    found = json.loads(out)
    assert status == 0 and found["engine"] == "codes" and found["diameter"] == 11
    seen = []
    saved = Checkpoint.save
    monkeypatch.setattr(Checkpoint, "save", lambda self, bounds: seen.append(self.path) or saved(self, bounds))
    status, out, _ = run(["diameter", "3", "--magnetic", "NNNN", "--checkpoint", str(tmp_path / "runs"), "--format",
                          "json"], capsys)
    assert status == 0 and json.loads(out)["engine"] == "graph"
    assert seen and seen[0].parent == tmp_path / "runs" and not seen[0].exists()  # saved there, removed at the end
    seen.clear()
    monkeypatch.setattr("hanoikit.diameter_checkpoint.CHECKPOINT_CODES", 1)  # every run is long
    status, _, _ = run(["diameter", "3", "--posts", "4", "--no-checkpoint"], capsys)
    assert status == 0 and seen == []
    status, _, _ = run(["diameter", "3", "--posts", "4"], capsys)
    assert status == 0 and seen and seen[0].parent == tmp_path / "diameter"  # by default: under the cache
    status, _, err = run(["diameter", "3", "--posts", "4", "--checkpoint", str(tmp_path), "--no-checkpoint"], capsys)
    assert status == 2 and "not both" in err and err.count("\n") == 1
    (tmp_path / "file").write_text("")
    status, _, err = run(["diameter", "3", "--posts", "4", "--checkpoint", str(tmp_path / "file")], capsys)
    assert status == 2 and "it is a file" in err and err.count("\n") == 1
    status, _, err = run(["diameter", "3", "--posts", "4", "--checkpoint", str(tmp_path / "file" / "under")], capsys)
    assert status == 1 and "cannot write" in err and err.count("\n") == 1  # before the work, as hanoi search
    status, _, err = run(["diameter", "3", "--posts", "4", "--engine", "gpu"], capsys)
    assert status == 2 and err.count("\n") == 1


def test_nnnn_at_nine_disks_has_a_pair_farther_apart_than_the_start_reaches():
    """The recorded diameter 79 at n = 9 is more than the start's eccentricity 77: the witness pair's distance by
    the exhaustive solver and the start's eccentricity by the search in memory, engines apart from the rows."""
    from hanoikit import State
    from hanoikit.frontier import memory
    from hanoikit.oeis import RECORDED_SHAPES

    puzzle = MagneticPuzzle(9, "NNNN")
    a = State.parse("DDDDDDJIS:RRRRRRBBB", post_count=4)
    b = State.parse("DDDDDDJIS:BBBBBBRRR", post_count=4)
    assert RECORDED_SHAPES["diameter, magnetic, 4 posts NNNN"][8] == puzzle.distance(a, b) == 79
    assert memory.search(puzzle, encode(puzzle, puzzle.start)).distances.max() == 77
