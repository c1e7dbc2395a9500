"""Shared test settings: a hypothesis profile that keeps the suite within a few minutes on two cores, and a deep one
(``HANOIKIT_HYPOTHESIS=deep``) that hunts the rare failures a single CI run draws one day; the reproduction report,
built once for the run."""

from __future__ import annotations

import fcntl
import os
import pickle
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, settings

if TYPE_CHECKING:
    from hanoikit.frontier.engines import Engine
    from hanoikit.report.build import Built

LONG_FIRST = (
    "test_browser.py", "test_heuristic.py", "test_release.py", "test_hostile_files.py", "test_docs.py",
    "test_web_api.py", "test_library_numbers.py", "test_magnetic_perfect.py", "test_magnetic_fast.py",
    "test_formats.py", "test_cli_signals.py", "test_cli_hostile.py", "test_frontier.py", "test_inspect.py",
    "test_fuzz.py", "test_face_tables.py", "test_frontier_rounds.py", "test_cli_robust.py",
)
"""The test files that take longest (CPU time), longest first: run before the others, so that ``pytest -n 2 --dist
loadfile`` (which gives each worker a whole file at a time, in collection order) ends with short files on both
workers instead of one worker alone on the wheel's build while the other waits."""

settings.register_profile(
    "hanoikit", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "deep", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile(os.environ.get("HANOIKIT_HYPOTHESIS") or "hanoikit")

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    # A suite started as a background job of a shell (`make test &`, nohup) ignores SIGINT, and so would every command
    # it starts: the tests that interrupt a command would wait for ever. Commands started from here take it again.
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True, scope="session")
def _cache_in_tmp(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The heuristic solver's tables (hanoikit.solvers.pdb) are cached under a temporary directory, never the user's
    (also for the command lines the tests run)."""
    old = os.environ.get("HANOIKIT_CACHE_DIR")
    os.environ["HANOIKIT_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if old is None:
        del os.environ["HANOIKIT_CACHE_DIR"]
    else:
        os.environ["HANOIKIT_CACHE_DIR"] = old


@pytest.fixture(scope="session")
def reproduction(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The reproduction report (:func:`hanoikit.report.build.build`, ~12 CPU-s), built once per run and read by
    every test that needs one: the first worker of ``pytest -n 2`` to ask builds it under a lock in the run's shared
    temporary directory, the other reads it there. Read only: a test that writes into a report copies it first."""
    from hanoikit.report.build import Built, build

    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the workers' base directories are in the run's own
    out, sections = shared / "reproduction" / "report", shared / "reproduction.pickle"
    with open(shared / "reproduction.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed, also if the build fails
        if sections.exists():
            return Built(out, pickle.loads(sections.read_bytes()))
        out.parent.mkdir()  # the report alone in it (tests/test_report.py looks for temporary files beside it)
        built = build(out)
        sections.write_bytes(pickle.dumps(built.sections))
        return built


@pytest.fixture
def collect_once(reproduction: Built, monkeypatch: pytest.MonkeyPatch) -> Built:
    """:func:`hanoikit.report.build.collect` gives the sections of :func:`reproduction` and copies its figures, for
    the tests of what is done with them (``hanoi reproduce``, a rebuild): the seeds' computations are what
    tests/test_report.py checks, once."""
    from hanoikit.report import build

    def collect(figure_dir: str | os.PathLike[str]) -> list[build.Section]:
        shutil.copytree(reproduction.path / "figures", Path(figure_dir), dirs_exist_ok=True)
        return list(reproduction.sections)

    monkeypatch.setattr(build, "collect", collect)
    return reproduction


@pytest.fixture(scope="session")
def local_cluster() -> Iterator[Engine]:
    """One Dask LocalCluster of two workers (its engine) for the run's tests of what a search on a cluster finds,
    in tests/test_frontier.py and tests/test_frontier_rounds.py, which :data:`TOGETHER` keeps on one worker of
    ``pytest -n 2``: a cluster costs seconds to start and its workers load every kernel. A test of a cluster's own
    start or end makes its own."""
    pytest.importorskip("distributed")
    from hanoikit.frontier import make_engine

    with make_engine("dask", workers=2) as engine:
        yield engine


TOGETHER = {"tests/test_frontier_rounds.py": "tests/test_frontier.py"}
"""Test files that ``pytest -n 2 --dist loadfile`` runs on one worker, as one file (the first after the second):
they share a session fixture that is costly to make (:func:`local_cluster`)."""


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadfile`` with the files of :data:`TOGETHER` given to one worker."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class Together(LoadFileScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            path = super()._split_scope(nodeid)
            return TOGETHER.get(path, path)

    return Together(config, log)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files of :data:`LONG_FIRST` first, in its order; every other file after them, in its own order."""
    rank = {name: index for index, name in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(LONG_FIRST)))
