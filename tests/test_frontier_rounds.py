"""Rounds of many layers (hanoikit.frontier.rounds): workers that meet in a mapped file between layers, on threads
and on a Dask LocalCluster, against the in-process search and the plain oracle; killed and resumed; a worker that
dies."""

from __future__ import annotations

import concurrent.futures
import json
import os
import signal
import threading
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import MagneticPuzzle, Puzzle
from hanoikit.frontier import Layout, frontier_search, make_engine, rounds
from hanoikit.frontier.engines import _PoolEngine
from hanoikit.frontier.owner import owner_record
from hanoikit.frontier.search import ROUND_BLOCKS_PER_WORKER
from oracle import plain_distances
from strategies import examples, one_way_members
from zombie import zombie

MEMBERS = [  # every member type: 3, 4 and 5 posts, restricted rules, magnetic with and without colours
    Puzzle(6),
    Puzzle(5, posts=4),
    Puzzle(4, posts=5),
    Puzzle(5, posts=4, moves="cyclic"),
    Puzzle(5, posts=4, moves="linear"),
    MagneticPuzzle(5),
    MagneticPuzzle(5, "RBB"),
    MagneticPuzzle(4, "NNNN", moves="cyclic"),
]


def _oracle(puzzle: Puzzle) -> tuple[list[int], int | None]:
    distances = plain_distances(puzzle, puzzle.start)
    layers = [0] * (max(distances.values()) + 1)
    for d in distances.values():
        layers[d] += 1
    return layers, distances.get(puzzle.goal)


class _Killed(Exception):
    pass


class _Threads(_PoolEngine):
    """Rounds on threads of this process (each task a thread: they meet in the control file as processes do)."""

    name, rounds = "threads", True

    def __init__(self, workers: int = 2) -> None:
        super().__init__()
        self.workers = workers
        self.executor = concurrent.futures.ThreadPoolExecutor(workers)
        self.rounds_run: list[int] = []

    def run_round(self, tasks, poll):
        self.control.reset()
        futures = [self.executor.submit(rounds.run_round, task) for task in tasks]
        results = [future.result() for future in futures]
        self.rounds_run.append(len(results[0].layers))
        return results

    def close(self) -> None:
        self.executor.shutdown()
        super().close()


# -- on threads: the meetings and the exchange -----------------------------------------------------------------------


@pytest.mark.parametrize("puzzle", MEMBERS, ids=repr)
def test_rounds_on_threads_agree_with_the_plain_oracle(puzzle):
    expected = _oracle(puzzle)
    with _Threads() as engine:
        for block_disks in (1, 2, 3):
            found = frontier_search(puzzle, engine=engine, block_disks=block_disks, narrow=0)
            assert (found.layer_sizes, found.distance) == expected
    assert max(engine.rounds_run) > 1  # many layers a round


def test_outboxes_too_small_for_a_layer_take_several_passes(monkeypatch):
    monkeypatch.setattr(rounds, "outbox_codes", lambda workers: 3)
    rounds._control.cache_clear()
    puzzle = Puzzle(6, posts=4, moves="cyclic")
    try:
        with _Threads(3) as engine:
            found = frontier_search(puzzle, engine=engine, block_disks=2, narrow=0)
            assert engine.control.room == 3
    finally:
        rounds._control.cache_clear()
    assert found.layer_sizes == frontier_search(puzzle).layer_sizes


@settings(max_examples=examples(15), deadline=None)
@given(one_way_members({3: 4, 4: 3}), st.integers(1, 3), st.sampled_from([0, 5]))
def test_rounds_on_any_member_agree_with_the_in_process_search(puzzle, block_disks, narrow):
    alone = frontier_search(puzzle, block_disks=min(block_disks, puzzle.n), narrow=narrow)
    with _Threads() as engine:
        found = frontier_search(puzzle, engine=engine, block_disks=min(block_disks, puzzle.n), narrow=narrow)
    assert (found.layer_sizes, found.distance) == (alone.layer_sizes, alone.distance)


def test_a_round_stops_at_the_target_and_at_the_time_for_a_checkpoint(tmp_path):
    puzzle = Puzzle(5, posts=4, moves="linear")
    whole = frontier_search(puzzle, block_disks=2, narrow=0)
    with _Threads() as engine:
        near = frontier_search(puzzle, engine=engine, block_disks=2, narrow=0, until_target=True, mirror=False)
        assert near.layer_sizes == whole.layer_sizes[: whole.distance + 1] and near.distance == whole.distance
        every = frontier_search(puzzle, engine=engine, block_disks=2, narrow=0, checkpoint=str(tmp_path),
                                checkpoint_every=0)
        assert every.layer_sizes == whole.layer_sizes and max(engine.rounds_run[-5:]) == 1  # a round a layer


def test_a_dead_worker_stops_a_meeting_and_a_silent_one_times_out(tmp_path):
    control = rounds.Control(str(tmp_path / "control.bin"), 2, create=True)
    control.cells[1, rounds.PID] = _dead_pid()
    began = time.monotonic()
    with pytest.raises(hk.EngineError, match=r"worker 1 of the search .* died"):
        control.meet(0, 1, wait=30)
    with zombie() as pid:  # ended, not yet reaped by its parent (a worker of a pool that has not noticed)
        control.reset()
        control.cells[1, rounds.PID] = pid
        with pytest.raises(hk.EngineError, match=rf"worker 1 of the search \(process {pid}\) died"):
            control.meet(0, 1, wait=30)
    control.reset()
    me = owner_record()
    control.cells[1, rounds.PID], control.cells[1, rounds.STARTED] = me["pid"], me["started"] + 1  # a pid reused
    with pytest.raises(hk.EngineError, match=rf"worker 1 of the search \(process {me['pid']}\) died"):
        control.meet(0, 1, wait=30)
    control.reset()
    with pytest.raises(hk.EngineError, match=r"workers \[1\] did not reach"):
        control.meet(0, 1, wait=0.3)
    control.reset()
    control.cells[1, rounds.FAILED] = 1
    with pytest.raises(hk.EngineError, match="another worker of the search failed"):
        control.meet(0, 1, wait=30)
    assert time.monotonic() - began < 10


def _dead_pid() -> int:
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    return pid


def test_a_task_run_twice_is_refused(tmp_path):
    layout = Layout(Puzzle(3), 1)
    path = str(tmp_path / "control.bin")
    rounds.Control(path, 1, create=True)
    ref = hk.frontier.block.TableRef(str(tmp_path / "table.bin"), layout.blocks, layout.row_bytes)
    with open(ref.path, "wb") as file:
        file.truncate(layout.state_bytes)
    plan = rounds.Round(ref, path, layout, 1, 7, 2, -1, 0, False, 1.0, 1, 5.0)
    task = rounds.RoundTask(plan, 0, {0: np.zeros(1, np.uint32)}, {0: 1})
    rounds._control.cache_clear()
    try:
        rounds.run_round(task)
        with pytest.raises(hk.EngineError, match="ran twice"):
            rounds.run_round(task)
    finally:
        rounds._control.cache_clear()


# -- on a Dask LocalCluster --------------------------------------------------------------------------------------------
# local_cluster is the run's (tests/conftest.py), shared with tests/test_frontier.py; the test of a worker that dies
# starts and stops a cluster of its own.


@pytest.mark.slow
def test_a_local_cluster_runs_rounds_that_agree_with_the_oracle_and_resume(local_cluster, tmp_path):
    engine = local_cluster
    assert engine.rounds and engine.workers == 2
    for puzzle in MEMBERS:
        alone = frontier_search(puzzle, block_disks=2, narrow=0)
        found = frontier_search(puzzle, engine=engine, block_disks=2, narrow=0)
        assert (found.layer_sizes, found.distance) == (alone.layer_sizes, alone.distance) == _oracle(puzzle)
    puzzle = Puzzle(6, posts=4, moves="cyclic")  # 32 blocks a worker by default
    spread = frontier_search(puzzle, engine=engine, narrow=0)
    assert spread.layout.blocks >= ROUND_BLOCKS_PER_WORKER * 2 and spread.layer_sizes == _oracle(puzzle)[0]
    # killed after a round of several layers, resumed through rounds; rounds of 2 ms: the whole search takes 40 ms on
    # a quiet machine, so a round that passes layer 30 has always ended on the clock and been saved (with 50 ms rounds a
    # quiet machine finished the search in the first round and nothing past the start was durable)
    puzzle = Puzzle(7, posts=4, moves="linear")
    whole = frontier_search(puzzle, block_disks=2, narrow=0)
    seen: list[int] = []

    def kill_after_a_round(layer: int) -> None:
        seen.append(layer)
        if layer >= 30:
            raise _Killed

    with pytest.raises(_Killed):
        frontier_search(puzzle, engine=engine, block_disks=2, narrow=0, checkpoint=str(tmp_path),
                        checkpoint_every=0.002, on_layer=kill_after_a_round)
    durable = len(json.loads((tmp_path / "state.json").read_text())["state"]["layers"])
    assert 1 < durable <= seen[-1] + 1
    resumed = frontier_search(puzzle, engine=engine, block_disks=2, narrow=0, checkpoint=str(tmp_path))
    assert (resumed.layer_sizes, resumed.distance) == (whole.layer_sizes, whole.distance)


@pytest.mark.slow
def test_a_worker_that_dies_in_a_round_stops_the_search_with_an_engine_error():
    pytest.importorskip("distributed")
    with make_engine("dask", workers=2) as engine:
        frontier_search(Puzzle(4, posts=4), engine=engine, block_disks=1, narrow=0)  # compiled in both workers
        killed: list[int] = []
        before = engine.control

        def kill_worker_1() -> None:  # once the next search's round is under way
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                control = engine.control
                if control is not None and control is not before and control.progress()[0] >= 50:
                    killed.append(int(control.cells[1, rounds.PID]))
                    os.kill(killed[0], signal.SIGKILL)
                    return
                time.sleep(0.01)

        killer = threading.Thread(target=kill_worker_1, daemon=True)
        killer.start()
        began = time.monotonic()
        with pytest.raises(hk.EngineError, match="died"):
            frontier_search(Puzzle(13), engine=engine, block_disks=2, narrow=0)  # 8,191 layers of few positions
        assert killed and time.monotonic() - began < 60


@pytest.mark.slow
def test_ctrl_c_aborts_a_round_and_leaves_the_engine_usable(local_cluster):
    engine = local_cluster
    puzzle = Puzzle(12)  # 4,095 layers of few positions: a long round
    frontier_search(Puzzle(3), engine=engine)
    before = engine.control

    def interrupt_mid_round() -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            control = engine.control
            if control is not None and control is not before and control.progress()[0] >= 50:
                os.kill(os.getpid(), signal.SIGINT)
                return
            time.sleep(0.01)

    threading.Thread(target=interrupt_mid_round, daemon=True).start()
    began = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        frontier_search(puzzle, engine=engine, block_disks=2, narrow=0)
    assert time.monotonic() - began < 60
    again = frontier_search(Puzzle(5, posts=4), engine=engine, block_disks=2, narrow=0)  # the aborted tasks ended
    assert again.layer_sizes == _oracle(Puzzle(5, posts=4))[0]
