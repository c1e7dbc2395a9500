"""``hanoi search`` under abuse: signals while a kernel runs, tables left by killed searches, searches too large for
the machine, clusters that cannot be reached, too many workers, a closed pipe."""

from __future__ import annotations

import concurrent.futures
import concurrent.futures.process
import contextlib
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import dying
import hanoikit as hk
from clirun import run
from hanoikit import Puzzle, limits
from hanoikit.cli import main
from hanoikit.frontier import Layout, engines, frontier_search, make_engine, rounds
from hanoikit.frontier import tables as shm
from hanoikit.frontier.tables import need_room, need_worker_room, remove_stale_tables, stale_tables
from zombie import zombie


@contextlib.contextmanager
def patched_connect_seconds(seconds: int = 1):
    """The engines give up on a scheduler after ``seconds`` (a hypothesis test cannot take a fixture per example)."""
    saved = engines.CLUSTER_CONNECT_SECONDS
    engines.CLUSTER_CONNECT_SECONDS = seconds
    try:
        yield
    finally:
        engines.CLUSTER_CONNECT_SECONDS = saved


def _run_captured(args: list[str]) -> tuple[int, str, str]:
    """``hanoi ARGS`` in process with its standard output and error captured (no fixture: hypothesis runs many)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(args)
    return status, out.getvalue(), err.getvalue()


HANOI = [sys.executable, "-c", "import sys; from hanoikit.cli import main; sys.exit(main(sys.argv[1:]))"]


def _dead_pid() -> int:
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(ended.stdout)


def _table(directory: Path, name: str, owner: dict | None = None) -> Path:
    """A fake table directory, as a search makes one, with a table file of 1 MiB."""
    path = directory / name
    path.mkdir()
    (path / "table.bin").write_bytes(bytes(2**20))
    if owner is not None:
        (path / "owner.json").write_text(json.dumps(owner))
    return path


# -- tables left by searches killed outright -------------------------------------------------------------------------


def test_only_the_tables_of_our_searches_whose_process_is_gone_are_removed(tmp_path, monkeypatch):
    monkeypatch.setattr(shm, "SHM", str(tmp_path))  # where the semaphores are
    dead = _dead_pid()
    (tmp_path / "sem.mp-deadbeef").write_bytes(bytes(32))
    (tmp_path / "sem.mp-alive123").write_bytes(bytes(32))
    owner = {"pid": dead, "started": 1, "semaphores": ["sem.mp-deadbeef"]}
    stale = _table(tmp_path, f"hanoi-frontier-{dead}-abc", owner)
    cut_short = _table(tmp_path, f"hanoi-frontier-{dead}-def")  # killed before it wrote its owner, a minute ago
    os.utime(cut_short, (time.time() - 61, time.time() - 61))
    making = _table(tmp_path, f"hanoi-frontier-{dead}-mno")  # or another machine's, writing its owner now
    elsewhere = _table(tmp_path, f"hanoi-frontier-{dead}-pqr", {**owner, "host": "another-machine"})
    ours = _table(tmp_path, f"hanoi-frontier-{os.getpid()}-ghi", {"pid": os.getpid(), "started": 0,
                                                                    "semaphores": ["sem.mp-alive123"]})
    unnamed = _table(tmp_path, "hanoi-frontier-jkl")  # no owner in the name: never touched
    other = _table(tmp_path, f"other-{dead}-abc")
    found = stale_tables(str(tmp_path))
    assert [(table.path, table.pid, table.semaphores) for table in found] == [
        (str(stale), dead, ("sem.mp-deadbeef",)), (str(cut_short), dead, ()),
    ]
    assert all(table.bytes >= 2**20 for table in found)
    assert remove_stale_tables(str(tmp_path)) == found
    assert not stale.exists() and not cut_short.exists() and not (tmp_path / "sem.mp-deadbeef").exists()
    assert ours.exists() and unnamed.exists() and other.exists() and (tmp_path / "sem.mp-alive123").exists()
    assert making.exists() and elsewhere.exists()
    assert remove_stale_tables(str(tmp_path)) == []


def test_a_table_whose_owner_is_a_zombie_is_stale(tmp_path):
    with zombie() as pid:
        stale = _table(tmp_path, f"hanoi-frontier-{pid}-abc", {"pid": pid, "started": 0, "semaphores": []})
        assert [table.path for table in remove_stale_tables(str(tmp_path))] == [str(stale)]


def test_a_pool_engine_names_its_table_after_its_process_and_removes_it():
    with make_engine("processes", workers=1) as engine:
        engine.table(Layout(Puzzle(3, posts=4)))
        directory = Path(engine.ref.path).parent
        assert directory.name.startswith(f"hanoi-frontier-{os.getpid()}-")
        owner = json.loads((directory / "owner.json").read_text())
        assert owner["pid"] == os.getpid() and all(name.startswith("sem.mp-") for name in owner["semaphores"])
        assert directory not in [Path(table.path) for table in stale_tables(str(directory.parent))]
    assert not directory.exists()


def test_a_store_keeps_its_table_and_control_file_in_a_directory_of_its_own(tmp_path):
    with make_engine("processes", workers=1, store=str(tmp_path)) as engine:
        engine.rounds = True  # as a LocalCluster's engine: the rounds' control file beside the table
        engine.table(Layout(Puzzle(3, posts=4)))
        [owned] = tmp_path.iterdir()
        assert owned.name.startswith(f"hanoi-frontier-{os.getpid()}-")
        assert sorted(path.name for path in owned.iterdir()) == ["control.bin", "owner.json", "table.bin"]
        assert engine.control is not None and Path(engine.control.path).parent == owned
    assert list(tmp_path.iterdir()) == []


def test_a_search_killed_outright_leaves_its_store_to_the_next(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(shm, "SHM", str(tmp_path / "shm"))  # an empty RAM disk: only the store has leftovers
    store = tmp_path / "store"
    args = ["search", "15", "--posts", "4", "--moves", "linear", "--store", str(store)]  # about 30 s
    search = subprocess.Popen([*HANOI, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not list(store.glob("hanoi-frontier-*/table.bin")) and time.monotonic() < deadline:
            assert search.poll() is None, search.communicate()[1]
            time.sleep(0.05)
    finally:
        os.kill(search.pid, signal.SIGKILL)
        search.communicate()
    [left] = store.iterdir()
    assert left.name.startswith(f"hanoi-frontier-{search.pid}-") and (left / "table.bin").exists()
    status, out, err = run(["search", "--clean", "--store", str(store)], capsys)
    assert (status, out) == (0, "") and f"removed 1 table of killed searches from {store}" in err
    assert f"process {search.pid})" in err and list(store.iterdir()) == []
    assert run(["search", "--clean", "--store", str(store)], capsys)[2].endswith(
        f"hanoi: no tables of killed searches in {store}\n"
    )
    again = _table(store, f"hanoi-frontier-{search.pid}-abc", {"pid": search.pid, "started": 0, "semaphores": []})
    status, out, err = run(["search", "3", "--posts", "4", "--store", str(store), "--format", "json"], capsys)
    assert status == 0 and json.loads(out)["reachable"] == 4**3 and not again.exists()
    assert f"removed 1 table of killed searches from {store}" in err and list(store.iterdir()) == []


def test_the_command_line_removes_stale_tables_and_says_so(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(shm, "SHM", str(tmp_path))
    dead = _dead_pid()
    _table(tmp_path, f"hanoi-frontier-{dead}-abc", {"pid": dead, "started": 1, "semaphores": []})
    status, out, err = run(["search", "3", "--posts", "4", "--format", "json"], capsys)
    assert status == 0 and json.loads(out)["reachable"] == 4**3
    assert err.count("\n") == 1 and f"removed 1 table of killed searches from {tmp_path}" in err
    assert f"process {dead}" in err and list(tmp_path.iterdir()) == []
    unowned = _table(tmp_path, f"hanoi-frontier-{dead}-def")  # killed before it wrote its owner, a minute ago
    os.utime(unowned, (time.time() - 61, time.time() - 61))
    assert run(["search", "--clean"], capsys)[::2] == (0, f"hanoi: removed 1 table of killed searches from {tmp_path}"
                                                          f" (1.0 MiB, process {dead}) and 0 semaphores\n")
    assert run(["search", "--clean"], capsys) == (0, "", f"hanoi: no tables of killed searches in {tmp_path}\n")
    missing = tmp_path / "missing"
    assert run(["search", "--clean", "--store", str(missing)], capsys) == (
        2, "", f"hanoi: --store: the directory {missing} does not exist\n"
    )
    status, out, err = run(["search"], capsys)
    assert (status, out, err.count("\n")) == (2, "", 1) and "Missing argument 'N'" in err


# -- signals while a compiled kernel runs ----------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("number", "status", "engine"), [(signal.SIGTERM, 143, "processes"),
                                                           (signal.SIGINT, 130, "inprocess")])
def test_a_signal_while_the_kernels_run_ends_in_one_line_with_the_cleanup_done(tmp_path, number, status, engine):
    args = ["search", "15", "--posts", "4", "--moves", "linear", "--engine", engine]  # about 30 s of kernel calls
    args += ["--workers", "1"] if engine == "processes" else []
    started = ["--checkpoint", str(tmp_path), "--checkpoint-every", "3600"]  # state.json: the search has begun
    search = subprocess.Popen([*HANOI, *args, *started], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              start_new_session=True)
    deadline = time.monotonic() + 60
    while not (tmp_path / "state.json").exists() and search.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(1.5)  # into the kernels
    os.killpg(search.pid, number)  # to every process of the command, as a terminal's Ctrl-C or a service manager
    out, err = search.communicate(timeout=60)
    assert search.returncode == status, err
    assert out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert not list(Path(shm.SHM).glob(f"hanoi-frontier-{search.pid}-*"))
    assert len(json.loads((tmp_path / "state.json").read_text())["state"]["layers"]) == 1  # left as it was


# -- refused before the work -----------------------------------------------------------------------------------------


def test_a_search_larger_than_the_memory_is_refused_before_it_starts(capsys):
    layout = Layout(Puzzle(24, posts=4, moves="linear"))
    with pytest.raises(hk.EngineError, match=r"needs 64\.0 TiB of memory .* more than the 1\.0 GiB"):
        need_room(layout, None, memory=2**30)
    need_room(Layout(Puzzle(8, posts=4)), None, memory=2**20)  # 16 KiB: room
    status, out, err = run(["search", "24", "--posts", "4", "--moves", "linear"], capsys)
    assert (status, out, err.count("\n")) == (2, "", 1) and "needs 64.0 TiB of memory" in err and "available" in err


@pytest.mark.parametrize("store", [False, True])
def test_the_room_check_counts_the_rounds_outboxes(tmp_path, monkeypatch, store):
    layout = Layout(Puzzle(8, posts=4))
    outboxes = rounds.control_bytes(2)
    assert outboxes >= 32 * 2**20
    need = layout.state_bytes + outboxes + (0 if store else layout.table_bytes)
    with make_engine("processes", workers=2, store=str(tmp_path) if store else None) as engine:
        usage = shutil.disk_usage(tmp_path)
        monkeypatch.setattr(shm, "available_memory", lambda: need - 1)
        monkeypatch.setattr(shm.shutil, "disk_usage", lambda path: usage._replace(free=need - 1))
        engine.table(layout)  # a layer a task: no control file
        engine.rounds = True
        with pytest.raises(hk.EngineError, match=r"and 32\.0 MiB for its workers' meetings"):
            engine.table(layout)
        monkeypatch.setattr(shm, "available_memory", lambda: need)
        monkeypatch.setattr(shm.shutil, "disk_usage", lambda path: usage._replace(free=need))
        engine.table(layout)
        assert engine.control is not None and 8 * engine.control.words.size == outboxes


@pytest.mark.parametrize("args", [["1000000"], ["1000000", "--posts", "5"], ["100000", "--magnetic", "NNN"]])
def test_a_search_beyond_any_code_space_is_one_line(args, capsys):
    status, out, err = run(["search", *args], capsys)  # its code count has more digits than str() gives
    assert (status, out, err.count("\n")) == (2, "", 1) and "codes; the limit is MAX_FRONTIER_CODES" in err


def test_a_store_without_room_is_refused(tmp_path):
    with pytest.raises(hk.EngineError, match="free in"):
        frontier_search(Puzzle(24, posts=4, moves="linear"), store=str(tmp_path / "table"))
    assert not (tmp_path / "table").exists()


def test_workers_are_capped(capsys):
    with pytest.raises(hk.TooLargeError, match=f"at most {limits.MAX_WORKERS}"):
        make_engine("processes", workers=limits.MAX_WORKERS + 1)
    status, out, err = run(["search", "5", "--workers", "100000"], capsys)
    assert (status, out, err.count("\n")) == (2, "", 1) and f"1<=x<={limits.MAX_WORKERS}" in err
    assert f"at most {limits.MAX_WORKERS}" in run(["search", "--help"], capsys)[1]


@pytest.mark.parametrize("address", ["notaurl", "tcp://127.0.0.1:1"])
def test_a_cluster_that_cannot_be_reached_is_one_line(address, capsys, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(limits, "CLUSTER_CONNECT_SECONDS", 1)
    monkeypatch.setattr("hanoikit.frontier.engines.CLUSTER_CONNECT_SECONDS", 1)
    began = time.monotonic()
    status, out, err = run(["search", "5", "--cluster", address], capsys)
    assert (status, out, err.count("\n")) == (2, "", 1) and f"cannot reach the Dask scheduler at {address!r}" in err
    assert time.monotonic() - began < 10


def test_a_closed_pipe_ends_the_search_quietly():
    search = subprocess.Popen([*HANOI, "search", "7", "--posts", "4"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert search.stdout is not None
    search.stdout.close()  # before the search writes a line
    assert search.wait(timeout=60) == 0 and search.stderr is not None and search.stderr.read() == b""


def test_a_worker_that_dies_is_one_error():
    class Broken(concurrent.futures.Executor):
        def submit(self, *args, **kwargs):
            future = concurrent.futures.Future()
            future.set_exception(concurrent.futures.process.BrokenProcessPool("a process was terminated abruptly"))
            return future

    puzzle = Puzzle(6, posts=4)
    with make_engine("processes", workers=1) as engine:
        engine.executor.shutdown()
        engine.executor = Broken()
        with pytest.raises(hk.EngineError, match="worker process of the search died"):
            frontier_search(puzzle, engine=engine, narrow=0)


class _Terminated(Exception):
    """What this test's SIGTERM handler raises (the command line's ends the process)."""


@pytest.mark.parametrize("task", [dying.answer_halfway, dying.busy])
def test_a_worker_dead_halfway_through_its_answer_or_busy_on_a_signal_is_ended_within_seconds(monkeypatch, task):
    monkeypatch.setattr(engines, "run_blocks", task)  # the workers import it from tests/dying.py
    previous = signal.signal(signal.SIGTERM, lambda number, frame: (_ for _ in ()).throw(_Terminated()))
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGTERM))  # the worker at work for a minute
    ours = f"hanoi-frontier-{os.getpid()}-*"  # the tables of this process: the run's shared cluster keeps its own
    before, tables, began = dying.children(), set(Path(shm.SHM).glob(ours)), time.monotonic()
    expected = (_Terminated, None) if task is dying.busy else (hk.EngineError, "worker process of the search died")
    try:
        if task is dying.busy:
            timer.start()
        with pytest.raises(expected[0], match=expected[1]):
            frontier_search(Puzzle(6, posts=4), engine="processes", workers=1, narrow=0)
    finally:
        timer.cancel()
        signal.signal(signal.SIGTERM, previous)
    assert time.monotonic() - began < 2 * engines.STOP_SECONDS + 10  # the pool's start, under load
    assert not dying.children() - before  # the worker ended and reaped
    assert set(Path(shm.SHM).glob(ours)) == tables  # the search's own table removed


def test_a_signal_while_an_engine_closes_waits_for_its_release(tmp_path):
    class Slow(engines.Engine):
        def close(self):
            os.kill(os.getpid(), signal.SIGTERM)  # as the command line's repeat of one (a Dask cluster closing)
            time.sleep(0.05)
            super().close()

    previous = signal.signal(signal.SIGTERM, lambda number, frame: (_ for _ in ()).throw(_Terminated()))
    try:
        with pytest.raises(_Terminated), Slow(store=str(tmp_path)) as engine:
            engine.table(Layout(Puzzle(4, posts=4)))
            assert list(tmp_path.iterdir())
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert not list(tmp_path.iterdir())  # released, then the signal delivered


def test_a_worker_dead_halfway_through_its_answer_ends_the_command_in_one_line(monkeypatch, capsys):
    monkeypatch.setattr(engines, "run_blocks", dying.answer_halfway)
    status, out, err = run(["search", "11", "--posts", "4", "--engine", "processes", "--workers", "1"], capsys)
    assert (status, out, err.count("\n")) == (2, "", 1) and "worker process of the search died" in err, err


def test_more_workers_than_the_memory_holds_are_refused():
    with pytest.raises(hk.EngineError, match="worker processes need about"):
        need_worker_room(limits.MAX_WORKERS, memory=2**30)


# -- hostile options -------------------------------------------------------------------------------------------------

_HOSTILE = {
    "--posts": ["3", "4", "0", "11", "x", ""],
    "--moves": ["any", "linear", "bogus", "SI ID", ""],
    "--magnetic": ["NNN", "Q", "NNNN", ""],
    "--from": ["XYZ", "S" * 9, ":", "SSS"],
    "--engine": ["bogus", ""],
    "--workers": ["0", "-3", str(limits.MAX_WORKERS + 1), "abc", "100000"],
    "--cluster": ["notaurl", "", "tcp://", "x:y", "tcp://[::1"],
    "--checkpoint-every": ["nan", "inf", "-1", "1e400", "-0"],
    "--format": ["json", "csv", "xml"],
}


@given(
    n=st.sampled_from(["1", "3", "5", "0", "-1", str(limits.MAX_DISKS + 1), "1e3", "abc"]),
    options=st.dictionaries(st.sampled_from(sorted(_HOSTILE)), st.none(), max_size=4).flatmap(
        lambda keys: st.fixed_dictionaries({key: st.sampled_from(_HOSTILE[key]) for key in keys})
    ),
)
def test_hostile_options_end_in_an_answer_or_one_line(n, options):
    args = ["search", n, *[part for option, value in options.items() for part in (option, value)]]
    with patched_connect_seconds():
        status, out, err = _run_captured(args)
    assert status in (0, 2), (args, err)
    assert "Traceback" not in err
    invalid = {"--engine", "--workers", "--cluster"} & set(options) or options.get("--format") == "xml"
    if invalid or options.get("--checkpoint-every", "-0") != "-0" or n not in ("1", "3", "5"):
        assert status == 2, (args, out)
    if status == 2:
        assert err.count("\n") == 1 and out == "", (args, err)
    else:
        assert out and err == "", (args, err)


@given(
    option=st.sampled_from(["store", "checkpoint"]),
    path=st.one_of(
        st.text(st.characters(blacklist_characters="/"), max_size=300), st.binary(max_size=10), st.integers(),
        st.sampled_from(["", "\x00", "a\x00b", "/dev/null", "/dev/null/sub", "x" * 5000, "plain", "sub/dir", "\ud800"]),
    ),
)
def test_any_directory_option_gives_the_search_or_a_library_error(option, path):
    puzzle = Puzzle(2, posts=4)
    with tempfile.TemporaryDirectory() as tmp, contextlib.chdir(tmp):  # a relative path lands here
        try:
            found = frontier_search(puzzle, **{option: path})
        except hk.HanoiError as error:
            assert isinstance(error, hk.InvalidArgumentError), error
            return
        assert found.layer_sizes == frontier_search(puzzle).layer_sizes
