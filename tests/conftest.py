"""Shared test settings: a hypothesis profile that keeps the suite within a few minutes on two cores, and a deep one
(``HANOIKIT_HYPOTHESIS=deep``) that hunts the rare failures a single CI run draws one day."""

import os
import signal
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files of :data:`LONG_FIRST` first, in its order; every other file after them, in its own order."""
    rank = {name: index for index, name in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(LONG_FIRST)))
