"""The disk cache of tables (hanoikit.cache): what is read back is what was stored, a damaged file or one for another
key is built again and replaced, a cache that cannot be written still answers; the magnetic engine's complete levels
read back equal those solved afresh."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import cache
from hanoikit.solvers import _levels

PLAIN = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.integers(-3, 3), inner, max_size=4),
    max_leaves=20,
)


def _builder(value: object) -> tuple[list[int], Callable[[], object]]:
    calls: list[int] = []

    def build() -> object:
        calls.append(1)
        return value

    return calls, build


@given(PLAIN)
def test_a_table_is_read_back_as_stored(tmp_path_factory: pytest.TempPathFactory, value: object) -> None:
    folder = tmp_path_factory.mktemp("tables")
    calls, build = _builder(value)
    assert cache.cached("t", "k", build, folder) == value
    assert cache.cached("t", "k", build, folder) == value
    assert len(calls) == 1  # the second answer came from the disk


@given(st.data())
def test_a_damaged_file_is_built_again_and_replaced(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
                                                    ) -> None:
    folder = tmp_path_factory.mktemp("tables")
    value = {1: [2.5, float("inf")], 2: ((1, 2), "x")}
    calls, build = _builder(value)
    cache.cached("t", "k", build, folder)
    (path,) = folder.iterdir()
    raw = bytearray(path.read_bytes())
    where = data.draw(st.integers(0, len(raw) - 1))
    raw[where] ^= data.draw(st.integers(1, 255))
    cut = data.draw(st.booleans())
    path.write_bytes(bytes(raw[: where + 1] if cut else raw))
    assert cache.cached("t", "k", build, folder) == value
    assert len(calls) == 2
    assert cache.cached("t", "k", build, folder) == value
    assert len(calls) == 2  # the file was replaced by a good one


def test_keys_keep_tables_apart_and_follow_the_source(tmp_path: Path) -> None:
    assert cache.cached("t", "a", lambda: 1, tmp_path) == 1
    assert cache.cached("t", "b", lambda: 2, tmp_path) == 2
    assert cache.cached("t", "a", lambda: 3, tmp_path) == 1
    source = tmp_path / "code.py"
    source.write_text("x = 1\n")
    first = cache.source_key(str(source))
    source.write_text("x = 2\n")
    assert first is not None and cache.source_key(str(source)) not in (first, None)
    assert cache.source_key(str(tmp_path / "missing.py")) is None
    assert cache.cached("t", None, lambda: 4, tmp_path) == 4  # no key: nothing stored
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".marshal") == ["t-a.marshal", "t-b.marshal"]


def test_an_unwritable_or_disabled_cache_still_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    assert cache.cached("t", "k", lambda: [1], blocked / "below") == [1]
    monkeypatch.setenv(cache.CACHE_ENV, "")
    assert cache.cache_dir() is None
    assert cache.cached("t", "k", lambda: [2]) == [2]
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path / "moved"))
    assert cache.cache_dir() == tmp_path / "moved"
    assert not (tmp_path / "moved").exists()
    assert cache.cached("t", "k", lambda: [3]) == [3]
    assert [p.name for p in (tmp_path / "moved").iterdir()] == ["t-k.marshal"]
    assert not [name for name in os.listdir(tmp_path / "moved") if name.endswith(".tmp")]


def test_the_engine_levels_read_back_equal_the_levels_solved_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path))
    built = _levels.complete_levels()  # solved and stored
    (stored,) = tmp_path.iterdir()
    assert stored.name.startswith("magnetic-levels-")
    read = _levels.complete_levels()
    assert read == built == _levels._solve_complete_levels()
    assert len(read) == _levels.EXACT_LEVELS
    engine = _levels.Engine()  # from the stored levels, with its checks of symmetry and settled plans
    assert engine.stable and engine.level_costs(3) == read[2][0]


def test_the_newest_files_of_a_table_are_kept(tmp_path: Path) -> None:
    past = time.time() - 1000
    cache.cached("t-other", "0", lambda: 0, tmp_path)  # another table, whose name starts alike
    for i in range(cache.KEPT + 2):
        cache.cached("t", f"{i}", lambda i=i: i, tmp_path)  # type: ignore[misc]
        os.utime(tmp_path / f"t-{i}.marshal", (past + i, past + i))
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert kept == sorted(["t-other-0.marshal"] + [f"t-{i}.marshal" for i in range(2, cache.KEPT + 2)])


_ODD = st.one_of(
    st.text(max_size=120), st.binary(max_size=20), st.integers(), st.none(), st.floats(allow_nan=True),
    st.sampled_from(["", "*", "a*", "[ab]", "../up", "/etc/passwd", "a/b", "a\x00b", "x" * 101, "tab\t", "new\n"]),
)


@given(name=_ODD, key=_ODD)
def test_any_name_and_key_give_the_table_or_a_library_error_and_stay_in_the_folder(
    tmp_path_factory: pytest.TempPathFactory, name: object, key: object
) -> None:
    root = tmp_path_factory.mktemp("odd")
    folder = root / "cache"
    try:
        found = cache.cached(name, key, lambda: [1, 2], folder)  # type: ignore[arg-type]
    except hk.InvalidArgumentError:
        assert not root.joinpath("cache").exists()
        return
    again = cache.cached(name, key, lambda: "built again", folder)  # type: ignore[arg-type]
    assert found == [1, 2] and again == ([1, 2] if key is not None else "built again")
    assert {path.parent for path in root.rglob("*") if path.is_file()} <= {folder}  # nothing written elsewhere
    assert [path.name for path in folder.glob("*")] == ([f"{name}-{key}.marshal"] if key is not None else [])


def test_another_keys_file_under_this_name_is_built_again_and_replaced(tmp_path: Path) -> None:
    """The checksum covers the table's name and key: a file copied (or renamed) over another is not read."""
    cache.cached("t", "a", lambda: "table a", tmp_path)
    cache.cached("t", "b", lambda: "table b", tmp_path)
    (tmp_path / "t-b.marshal").write_bytes((tmp_path / "t-a.marshal").read_bytes())
    calls, build = _builder("table b")
    assert cache.cached("t", "b", build, tmp_path) == "table b" and calls == [1]
    assert cache.cached("t", "b", build, tmp_path) == "table b" and calls == [1]  # replaced
    assert cache.cached("t", "a", lambda: "built again", tmp_path) == "table a"
