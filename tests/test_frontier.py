"""The frontier search (hanoikit.frontier): against the oracles, across its engines, killed and resumed, and its
memory at two bits per position."""

from __future__ import annotations

import concurrent.futures
import json
import os
import signal
import subprocess
import sys
import time
import tracemalloc

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import MagneticPuzzle, Puzzle
from hanoikit.cli import main
from hanoikit.frontier import Layout, frontier_search, make_engine, overhead_bytes, position_count
from hanoikit.frontier.block import BlockTask
from hanoikit.frontier.engines import LISTED_COST, _PoolEngine, cost, shares
from hanoikit.frontier.search import BLOCKS_PER_WORKER
from hanoikit.search import bfs
from hanoikit.solvers import exhaustive
from oracle import plain_distances
from strategies import one_way_members

FAMILY = [
    Puzzle(5),
    Puzzle(4, posts=4),
    Puzzle(4, posts=4, moves="cyclic"),
    Puzzle(4, posts=4, moves="linear"),
    Puzzle(5, moves="cyclic"),
    MagneticPuzzle(4),
    MagneticPuzzle(4, "RBB"),
    MagneticPuzzle(3, "NNNN", moves="cyclic"),
    MagneticPuzzle(3, "NBR", moves="linear"),
]


def _layers(puzzle: Puzzle, source: hk.State | None = None) -> tuple[list[int], int | None]:
    """Layer sizes and the distance to the goal, by the plainest oracle."""
    distances = plain_distances(puzzle, puzzle.start if source is None else source)
    layers = [0] * (max(distances.values()) + 1)
    for d in distances.values():
        layers[d] += 1
    return layers, distances.get(puzzle.goal)


def _same(result: hk.frontier.FrontierResult, layers: list[int], distance: int | None) -> None:
    assert (result.layer_sizes, result.distance) == (layers, distance)


# -- against the oracles ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("puzzle", FAMILY, ids=repr)
def test_every_block_size_and_regime_agrees_with_the_plain_oracle(puzzle):
    layers, distance = _layers(puzzle)
    for block_disks in range(puzzle.n + 1):
        for narrow in (0, 3, 1 << 16):  # every layer by blocks, a mix, every layer as one list
            _same(frontier_search(puzzle, block_disks=block_disks, narrow=narrow), layers, distance)


@pytest.mark.parametrize("puzzle", [Puzzle(9), MagneticPuzzle(7), MagneticPuzzle(7, "NRB")], ids=repr)
def test_three_posts_agree_with_the_vectorised_search(puzzle):
    old = bfs(puzzle)
    goal = old.distance(puzzle.goal) if puzzle.is_legal(puzzle.goal) else None
    for block_disks, narrow in ((3, 0), (2, 50), (None, 1 << 16)):
        _same(frontier_search(puzzle, block_disks=block_disks, narrow=narrow), old.layer_sizes, goal)


@st.composite
def _members(draw: st.DrawFn) -> tuple[Puzzle, hk.State]:
    puzzle = draw(one_way_members({3: 4, 4: 3}))
    layout = Layout(puzzle)
    legal = [code for code in range(layout.codes) if _legal(layout, code)]
    return puzzle, layout.decode(draw(st.sampled_from(legal)))


def _legal(layout: Layout, code: int) -> bool:
    try:
        layout.decode(code)
    except hk.InvalidStateError:
        return False
    return True


@given(_members(), st.integers(0, 4), st.sampled_from([0, 2, 1 << 16]))
def test_any_member_from_any_position_agrees_with_the_plain_oracle(member, block_disks, narrow):
    puzzle, source = member
    layers, distance = _layers(puzzle, source)
    found = frontier_search(puzzle, source, block_disks=min(block_disks, puzzle.n), narrow=narrow)
    _same(found, layers, distance)
    layout = Layout(puzzle)
    assert found.reachable <= found.states == sum(_legal(layout, code) for code in range(layout.codes))


def test_codes_are_those_of_the_vectorised_search_and_decode_back():
    for puzzle in (Puzzle(4), MagneticPuzzle(3, "RNB")):
        layout = Layout(puzzle, block_disks=1)
        for code in hk.search.legal_states(puzzle).tolist():
            state = hk.search.decode(puzzle, code)
            assert layout.encode(state) == code and layout.decode(code) == state


def test_positions_are_counted_exactly():
    for puzzle in (Puzzle(6), MagneticPuzzle(6), MagneticPuzzle(6, "RBB")):
        assert position_count(puzzle) == len(hk.search.legal_states(puzzle))
    for puzzle in (MagneticPuzzle(3, "NRBN"), MagneticPuzzle(2, "BNNNR"), Puzzle(3, posts=5)):
        layout = Layout(puzzle)
        assert position_count(puzzle) == sum(_legal(layout, code) for code in range(layout.codes))


# -- the three engines -----------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def processes():
    with make_engine("processes", workers=2) as engine:
        yield engine


ENGINE_CASES = [Puzzle(6), Puzzle(5, posts=4), Puzzle(5, posts=4, moves="cyclic"), Puzzle(5, posts=4, moves="linear"),
                MagneticPuzzle(5), MagneticPuzzle(4, "NNNN", moves="cyclic")]


@pytest.mark.slow
@pytest.mark.parametrize("fixture", ["processes", "local_cluster"])
def test_the_engines_agree_with_the_in_process_search(fixture, request):
    engine = request.getfixturevalue(fixture)  # local_cluster: the run's (tests/conftest.py)
    assert engine.workers == 2
    if fixture == "local_cluster":
        address = engine.cluster.scheduler_address
        assert address.startswith("tcp://127.0.0.1:") and not address.endswith(":8786")  # a free local port
        http = engine.cluster.scheduler.http_server  # health and metrics: a free local port too, not the dashboard's
        assert (http.address, http.port != 8787) == ("127.0.0.1", True)
    for puzzle in ENGINE_CASES:
        alone = frontier_search(puzzle, block_disks=2, narrow=0)
        shared = frontier_search(puzzle, engine=engine, block_disks=2, narrow=0)
        assert (shared.layer_sizes, shared.distance) == (alone.layer_sizes, alone.distance)
        assert shared.engine == engine.name
    old = bfs(Puzzle(6))
    assert frontier_search(Puzzle(6), engine=engine, block_disks=3, narrow=0).layer_sizes == old.layer_sizes
    puzzle = Puzzle(6, posts=4, moves="cyclic")  # blocks of its own: at least BLOCKS_PER_WORKER for each worker
    spread = frontier_search(puzzle, engine=engine, narrow=0)
    assert spread.layout.blocks >= BLOCKS_PER_WORKER * 2 > Layout(puzzle).blocks
    assert spread.layer_sizes == _layers(puzzle)[0]


class _Counting(concurrent.futures.ThreadPoolExecutor):
    """Two threads that count the tasks of each layer."""

    def __init__(self) -> None:
        super().__init__(2)
        self.layers: list[int] = []

    def submit(self, fn, /, *args, **kwargs):
        self.layers[-1] += 1
        return super().submit(fn, *args, **kwargs)


class _Threads(_PoolEngine):
    """The pool engines' dealing of a layer, on two threads."""

    name, workers = "threads", 2

    def __init__(self) -> None:
        super().__init__()
        self.executor = _Counting()

    def run(self, table, tasks, poll=None):
        self.executor.layers.append(0)
        return super().run(table, tasks, poll)

    def close(self) -> None:
        self.executor.shutdown()
        super().close()


def test_a_pool_engine_gives_each_worker_one_task_a_layer_on_blocks_of_its_own():
    puzzle = Puzzle(6, posts=4, moves="linear")
    with _Threads() as engine:
        found = frontier_search(puzzle, engine=engine, narrow=0)
        first = os.path.dirname(engine.ref.path)
        frontier_search(Puzzle(3), engine=engine)  # the next search on the engine lets the first one's table go
        assert os.path.isdir(os.path.dirname(engine.ref.path)) and not os.path.exists(first)
    assert not os.path.exists(os.path.dirname(engine.ref.path))
    _same(found, *_layers(puzzle))
    assert found.layout.blocks >= BLOCKS_PER_WORKER * 2 > Layout(puzzle).blocks
    assert len(engine.executor.layers) == found.eccentricity and max(engine.executor.layers) == 2


@given(st.lists(st.tuples(st.integers(0, 10**6), st.booleans()), max_size=40), st.integers(1, 6), st.integers(2, 9))
def test_a_layer_is_dealt_to_the_workers_in_shares_of_about_equal_work(works, parts, n):
    layout = Layout(Puzzle(n, posts=4), block_disks=1)
    tasks = [
        BlockTask(np.empty(0), layout, block, 2, np.zeros(1, np.uint32) if listed else None, -1, work)
        for block, (work, listed) in enumerate(works)
    ]
    dealt = shares(tasks, parts)
    assert len(dealt) == min(parts, len(tasks)) and all(dealt)
    assert sorted(task.block for share in dealt for task in share) == list(range(len(works)))
    loads = [sum(map(cost, share)) for share in dealt]
    assert loads == sorted(loads, reverse=True)  # the heaviest share first
    if tasks:  # each share within one task of the even split (the largest task first to the lightest share)
        assert loads[0] <= sum(loads) / len(dealt) + max(map(cost, tasks))
    for task in tasks:  # a listed position costs more than a scanned one, and every block at least 1
        assert cost(task) >= max(1, task.work * (LISTED_COST if task.codes is not None else 1))


def test_an_unknown_engine_is_refused():
    with pytest.raises(hk.UnknownMethodError, match="choose inprocess, processes, dask"):
        make_engine("threads")


def test_a_table_spilled_to_a_directory_gives_the_same_result(tmp_path):
    puzzle = Puzzle(5, posts=4, moves="cyclic")
    with make_engine(store=str(tmp_path)) as engine:
        table = engine.table(Layout(puzzle, 2))
        [owned] = tmp_path.iterdir()  # a directory of its own: two searches may share a store
        assert owned.name.startswith(f"hanoi-frontier-{os.getpid()}-") and (owned / "owner.json").exists()
        assert (owned / "table.bin").stat().st_size == table.nbytes == Layout(puzzle, 2).state_bytes
    assert not any(tmp_path.iterdir())  # removed when the engine is done
    spilled = frontier_search(puzzle, store=str(tmp_path), block_disks=2, narrow=0)
    _same(spilled, *_layers(puzzle))
    assert not any(tmp_path.iterdir())


# -- killed and resumed ----------------------------------------------------------------------------------------------


class _Killed(Exception):
    pass


def _kill_after(layers: int):
    def on_layer(layer: int) -> None:
        if layer >= layers:
            raise _Killed

    return on_layer


@pytest.mark.parametrize("narrow", [0, 1 << 16])
def test_a_killed_search_resumes_from_its_last_layer_with_the_same_result(tmp_path, narrow):
    puzzle = Puzzle(4, posts=4, moves="linear")
    whole = frontier_search(puzzle, block_disks=2, narrow=narrow)
    seen = []
    with pytest.raises(_Killed) as killed:  # held: its frames must not hold the directory's lock
        frontier_search(puzzle, block_disks=2, narrow=narrow, checkpoint=str(tmp_path), checkpoint_every=0,
                        on_layer=_kill_after(7))
    assert killed.traceback
    state = json.loads((tmp_path / "state.json").read_text())
    assert len(state["state"]["layers"]) == 8  # layers 0..7 are durable
    resumed = frontier_search(puzzle, block_disks=2, narrow=narrow, checkpoint=str(tmp_path), checkpoint_every=0,
                              on_layer=seen.append)
    assert seen[0] == 8  # it went on from layer 7, not from the start
    assert (resumed.layer_sizes, resumed.distance) == (whole.layer_sizes, whole.distance)
    again = frontier_search(puzzle, block_disks=2, narrow=narrow, checkpoint=str(tmp_path))  # a finished search
    assert again.layer_sizes == whole.layer_sizes


@pytest.mark.parametrize("narrow", [0, 1 << 16])
def test_a_killed_search_halved_by_a_mirror_resumes_with_the_same_distance(tmp_path, narrow):
    puzzle = Puzzle(6, posts=4, moves="linear")
    whole = frontier_search(puzzle, block_disks=2, narrow=narrow, until_target=True, mirror=False)
    halved = frontier_search(puzzle, block_disks=2, narrow=narrow, until_target=True)
    assert halved.distance == whole.distance == 88 and len(halved.layer_sizes) == 45  # A160002(6), 44 layers
    with pytest.raises(_Killed):
        frontier_search(puzzle, block_disks=2, narrow=narrow, until_target=True, checkpoint=str(tmp_path),
                        checkpoint_every=0, on_layer=_kill_after(20))
    resumed = frontier_search(puzzle, block_disks=2, narrow=narrow, until_target=True, checkpoint=str(tmp_path))
    assert (resumed.layer_sizes, resumed.distance) == (halved.layer_sizes, halved.distance)


@pytest.mark.slow
def test_a_search_killed_with_sigkill_resumes_with_the_same_result(tmp_path):
    args = ["search", "8", "--posts", "4", "--moves", "linear", "--format", "json"]
    command = [sys.executable, "-c", "import sys; from hanoikit.cli import main; sys.exit(main(sys.argv[1:]))", *args]
    every_layer = ["--checkpoint", str(tmp_path), "--checkpoint-every", "0"]
    run = subprocess.Popen([*command, *every_layer], stdout=subprocess.DEVNULL)
    state = tmp_path / "state.json"
    deadline = time.monotonic() + 60
    layers = 0
    while layers < 6 and run.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
        try:
            layers = len(json.loads(state.read_text())["state"]["layers"])
        except (OSError, ValueError):
            pass
    run.send_signal(signal.SIGKILL)
    run.wait()
    assert run.returncode == -signal.SIGKILL, "the search ended before it could be killed"
    done = subprocess.run([*command, "--resume", str(tmp_path)], capture_output=True, text=True, check=True)
    found = json.loads(done.stdout)
    whole = frontier_search(Puzzle(8, posts=4, moves="linear"))
    assert (found["layers"], found["distance"]) == (whole.layer_sizes, whole.distance)


def test_a_checkpoint_of_another_search_is_refused(tmp_path):
    frontier_search(Puzzle(3, posts=4), checkpoint=str(tmp_path))
    with pytest.raises(hk.InvalidPuzzleError, match="another search"):
        frontier_search(Puzzle(3, posts=4, moves="cyclic"), checkpoint=str(tmp_path))


def test_the_command_line_resumes_a_killed_search(tmp_path, capsys):
    with pytest.raises(_Killed):
        frontier_search(Puzzle(4, posts=4, moves="cyclic"), checkpoint=str(tmp_path), checkpoint_every=0,
                        on_layer=_kill_after(5))
    args = ["search", "4", "--posts", "4", "--moves", "cyclic", "--resume", str(tmp_path), "--format", "json"]
    assert main(args) == 0
    found = json.loads(capsys.readouterr().out)
    layers, distance = _layers(Puzzle(4, posts=4, moves="cyclic"))
    assert (found["layers"], found["distance"], found["eccentricity"]) == (layers, distance, len(layers) - 1)
    assert main(["search", "4", "--resume", str(tmp_path / "none")]) == 2
    assert "no checkpoint" in capsys.readouterr().err


# -- memory ----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "puzzle", [Puzzle(15, posts=4), Puzzle(20), MagneticPuzzle(16), Puzzle(24, posts=4, moves="linear")], ids=repr
)
def test_the_table_holds_two_bits_per_code(puzzle):
    layout = Layout(puzzle)
    assert layout.state_bytes * 8 / layout.codes < 2.001  # rows are padded to whole words only
    assert layout.block_codes <= hk.limits.FRONTIER_BLOCK_CODES < layout.block_codes * puzzle.posts
    assert layout.table_bytes < 2**21


def test_the_peak_memory_of_a_search_is_at_most_two_and_a_half_bits_per_code_plus_fixed_overhead():
    puzzle = Puzzle(11, posts=4)
    layout = Layout(puzzle, block_disks=3)
    frontier_search(Puzzle(3, posts=4), block_disks=1, narrow=0)  # compile first
    tracemalloc.start()
    try:
        found = frontier_search(puzzle, block_disks=3, narrow=4096)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    fixed = overhead_bytes(layout, narrow=4096)
    assert found.reachable == 4**11
    assert peak <= layout.codes * 2.5 / 8 + fixed, (peak, layout.state_bytes, fixed)


# -- the exhaustive solver above the path search's cap ---------------------------------------------------------------


def test_the_exhaustive_distance_uses_the_frontier_search_above_the_path_cap(monkeypatch):
    puzzles = [Puzzle(5, posts=4, moves="linear"), MagneticPuzzle(3, "NNNN", moves="cyclic")]
    expected = [exhaustive.distance(p, p.start, p.goal) for p in puzzles]
    monkeypatch.setattr(exhaustive, "MAX_SEARCH_POSITIONS", 10)
    assert [p.distance() for p in puzzles] == expected
    with pytest.raises(hk.TooLargeError, match="for a path"):
        list(puzzles[0].solve())
    stuck = MagneticPuzzle(3, "NRBN", moves="cyclic")  # no first move: red cannot go on blue I
    with pytest.raises(hk.UnsolvableError):
        exhaustive.distance(stuck, stuck.start, stuck.goal)


def test_the_command_line_prints_the_figures_as_json(capsys):
    assert main(["search", "5", "--posts", "4", "--moves", "linear", "--format", "json"]) == 0
    found = json.loads(capsys.readouterr().out)
    layers, distance = _layers(Puzzle(5, posts=4, moves="linear"))
    assert {k: found[k] for k in ("states", "reachable", "distance", "eccentricity", "layers")} == {
        "states": 4**5, "reachable": 4**5, "distance": distance, "eccentricity": len(layers) - 1, "layers": layers
    }
    assert found["seconds"] >= 0
    assert main(["search", "5", "--format", "json"]) == 0  # the oracle's range: the same figures
    old = json.loads(capsys.readouterr().out)
    assert old["layers"] == bfs(Puzzle(5)).layer_sizes and old["distance"] == 31 == len(old["layers"]) - 1
    assert main(["search", "3", "--magnetic", "NNN", "--posts", "4"]) == 2
