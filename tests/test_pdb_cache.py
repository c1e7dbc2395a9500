"""The pattern databases kept on disk (hanoikit.solvers.pdb, through hanoikit.cache's arrays): a file is used only if
it is exactly the table this code builds. Damaged files of every kind (bytes flipped, truncated, empty, of another
dtype, shape or goal, written by another version of the code, a directory, unreadable) give the tables and the
distances the cache off gives, and are replaced by a good file."""

from __future__ import annotations

import builtins
import os
import random
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hanoikit import MagneticPuzzle, Puzzle, State, cache
from hanoikit.solvers import exhaustive, face_tables, heuristic, mod3, pdb, tower_search

KINDS: dict[str, tuple[Puzzle, State, dict[str, Any]]] = {
    "four posts": (Puzzle(5, posts=4), State([3, 1, 2, 0, 3], post_count=4), {}),
    "free obstacles": (Puzzle(6, posts=4), State([0, 1, 2, 3, 0, 1], post_count=4), {"free": 2}),
    "wide": (Puzzle(6, posts=3, moves="linear"), State.tower(6, 2), {}),  # 728 moves: uint16
    "faces": (MagneticPuzzle(3, "RBNN"), MagneticPuzzle(3, "RBNN").goal, {}),
    "compressed": (Puzzle(5, posts=4), State([3, 1, 2, 0, 3], post_count=4), {"compressed": True}),
}


@pytest.fixture
def disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The tables' directory (empty, in ``tmp_path``), no table in memory."""
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(pdb, "_TABLES", {})
    yield tmp_path / "pdb"


def _table(kind: str, stored: bool = True) -> np.ndarray:
    """The table of ``kind`` as a new process finds it (none in memory): from the disk cache if ``stored``."""
    puzzle, goal, options = KINDS[kind]
    pdb._TABLES.clear()
    return pdb.pattern_table(puzzle, goal, cache=stored, **options)


def _built(kind: str) -> np.ndarray:
    return _table(kind, stored=False)


def _same(found: np.ndarray, expected: np.ndarray) -> bool:
    return found.dtype == expected.dtype and np.array_equal(found, expected)


def _not_built(*args: object, **kwargs: object) -> None:
    raise AssertionError("built again: the file on disk was not read")


def _read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table from now on comes from the disk (or the test fails)."""
    monkeypatch.setattr(pdb, "free_moves_to", _not_built)
    monkeypatch.setattr(tower_search, "distances_to", _not_built)
    monkeypatch.setattr(face_tables, "distances", _not_built)
    monkeypatch.setattr(mod3, "mod3_table", _not_built)


def _assert_replaced(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table of ``kind`` on disk is now the good one: read back without building, equal to the one built."""
    expected = _built(kind)
    with monkeypatch.context() as patched:
        _read_only(patched)
        assert _same(_table(kind), expected)


def _stored(disk: Path, kind: str) -> Path:
    """The file of ``kind``'s table, written by a first run."""
    _table(kind)
    (path,) = disk.iterdir()
    return path


def _header_end(data: bytes) -> int:
    return data.index(b"\n")


def _flip(where: Callable[[bytes], int]) -> Callable[[Path], None]:
    def damage(path: Path) -> None:
        data = bytearray(path.read_bytes())
        data[where(bytes(data))] ^= 0x01
        path.write_bytes(bytes(data))

    return damage


def _cut(keep: Callable[[int], int]) -> Callable[[Path], None]:
    def damage(path: Path) -> None:
        data = path.read_bytes()
        path.write_bytes(data[: keep(len(data))])

    return damage


def _directory(path: Path) -> None:
    path.unlink()
    path.mkdir()


DAMAGES: dict[str, Callable[[Path], None]] = {
    "a data byte flipped (the last)": _flip(lambda data: len(data) - 1),
    "a data byte flipped (the first)": _flip(lambda data: _header_end(data) + 1),
    "a header byte flipped (the first)": _flip(lambda data: 0),
    "a header byte flipped (its last)": _flip(lambda data: _header_end(data) - 1),
    "the line break flipped": _flip(_header_end),
    "truncated by a byte": _cut(lambda size: size - 1),
    "truncated to half": _cut(lambda size: size // 2),
    "a byte too many": lambda path: path.write_bytes(path.read_bytes() + b"\0"),
    "empty": lambda path: path.write_bytes(b""),
    "a directory in its place": _directory,
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_file_gives_the_table_built_and_is_replaced(
    disk: Path, monkeypatch: pytest.MonkeyPatch, kind: str, damage: str
) -> None:
    DAMAGES[damage](_stored(disk, kind))
    assert _same(_table(kind), _built(kind))
    _assert_replaced(kind, monkeypatch)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_any_byte_flipped_gives_the_table_built(disk: Path, monkeypatch: pytest.MonkeyPatch, data: st.DataObject
                                               ) -> None:
    kind = data.draw(st.sampled_from(sorted(KINDS)))
    shutil.rmtree(disk, ignore_errors=True)
    path = _stored(disk, kind)
    raw = bytearray(path.read_bytes())
    where = data.draw(st.integers(0, len(raw) - 1))
    raw[where] ^= data.draw(st.integers(1, 255))
    path.write_bytes(bytes(raw))
    assert _same(_table(kind), _built(kind))
    _assert_replaced(kind, monkeypatch)


def test_an_unreadable_file_gives_the_table_built_and_is_replaced(disk: Path, monkeypatch: pytest.MonkeyPatch
                                                                  ) -> None:
    path = _stored(disk, "four posts")
    path.chmod(0)
    real_open = builtins.open

    def refusing(file: Any, *args: Any, **kwargs: Any) -> Any:  # the tests may run as root, whom chmod stops not
        if isinstance(file, (str, os.PathLike)) and Path(file) == path:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(file, *args, **kwargs)

    with monkeypatch.context() as patched:
        patched.setattr(builtins, "open", refusing)
        assert _same(_table("four posts"), _built("four posts"))
    _assert_replaced("four posts", monkeypatch)


def test_a_full_directory_in_its_place_still_gives_the_table(disk: Path) -> None:
    path = _stored(disk, "wide")
    path.unlink()
    (path / "inside").mkdir(parents=True)
    for _ in range(2):
        assert _same(_table("wide"), _built("wide"))
    assert (path / "inside").is_dir()  # left alone: it is not the cache's to remove


def test_another_goals_file_under_this_name_is_not_used(disk: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _stored(disk, "four posts")
    puzzle, _, _ = KINDS["four posts"]
    pdb.pattern_table(puzzle, State.tower(5, 3, post_count=4))  # a tower: no relabelling of the other goal
    (other,) = set(disk.iterdir()) - {path}
    shutil.copyfile(other, path)
    assert _same(_table("four posts"), _built("four posts"))
    _assert_replaced("four posts", monkeypatch)


def _off_by_one(build: Callable[..., np.ndarray]) -> Callable[..., np.ndarray]:
    """A builder of an older version of the code: other numbers (one more, but at the goal)."""

    def older(puzzle: Puzzle, goal: State, *args: Any, **kwargs: Any) -> np.ndarray:
        table = build(puzzle, goal, *args, **kwargs)
        wrong = table + (table >= 0)
        wrong[tower_search.encode(puzzle, goal)] = 0
        return wrong.astype(table.dtype)

    return older


@pytest.mark.parametrize("kind", ["four posts", "wide", "faces"])
def test_a_file_written_by_another_version_of_the_code_is_not_used(
    disk: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    with monkeypatch.context() as older:
        older.setattr(cache, "source_key", lambda *files: "0" * 32)
        older.setattr(pdb, "free_moves_to", _off_by_one(pdb.free_moves_to))
        older.setattr(tower_search, "distances_to", _off_by_one(tower_search.distances_to))
        older.setattr(face_tables, "distances", _off_by_one(face_tables.distances))
        stale = _table(kind)
    assert not _same(stale, _built(kind))  # the older code built other numbers
    (old,) = disk.iterdir()
    assert _same(_table(kind), _built(kind))
    for path in set(disk.iterdir()) - {old}:  # the older file under this version's name
        shutil.copyfile(old, path)
    assert _same(_table(kind), _built(kind))
    _assert_replaced(kind, monkeypatch)


def _rewritten(disk: Path, kind: str, monkeypatch: pytest.MonkeyPatch, change: Callable[[np.ndarray], np.ndarray]
               ) -> None:
    """Store ``change(table)`` in ``kind``'s file, as a good file of this code (its identity, a right checksum)."""
    written: list[tuple[Path, str]] = []
    real = cache.write_array

    def spy(path: Path, identity: str, array: np.ndarray) -> None:
        written.append((path, identity))
        real(path, identity, array)

    with monkeypatch.context() as patched:
        patched.setattr(cache, "write_array", spy)
        table = _table(kind)
    ((path, identity),) = written
    cache.write_array(path, identity, change(table))


def _goal_not_at_zero(kind: str) -> Callable[[np.ndarray], np.ndarray]:
    puzzle, goal, options = KINDS[kind]
    code = tower_search.encode(puzzle, goal)

    def change(table: np.ndarray) -> np.ndarray:
        changed = table.copy()
        if options.get("compressed"):
            changed[code >> 2] ^= 1 << 2 * (code & 3)
        else:
            changed[code] = 1
        return changed

    return change


CHANGES: dict[str, Callable[[str], Callable[[np.ndarray], np.ndarray]]] = {
    # a uint8 table read as uint16 turns 0xFF (unreachable) into 255 moves
    "wider": lambda kind: lambda table: table.astype(np.uint16 if table.dtype == np.uint8 else np.uint32),
    "int64": lambda kind: lambda table: table.astype(np.int64),
    "shorter": lambda kind: lambda table: table[:-1],
    "longer": lambda kind: lambda table: np.concatenate([table, table[:1]]),
    "a column": lambda kind: lambda table: table.reshape(-1, 1),
    "the goal not at 0": _goal_not_at_zero,
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("change", CHANGES)
def test_a_file_of_another_dtype_or_shape_is_not_used(
    disk: Path, monkeypatch: pytest.MonkeyPatch, kind: str, change: str
) -> None:
    """Files written as this code writes them (the right identity and checksum), but of another dtype or shape, or
    a goal not at distance 0: what a mistake in the code that writes them would leave."""
    _rewritten(disk, kind, monkeypatch, CHANGES[change](kind))
    assert _same(_table(kind), _built(kind))
    _assert_replaced(kind, monkeypatch)


def test_the_distances_read_from_damaged_tables_are_those_of_the_search(disk: Path) -> None:
    """The lead's case, smaller: each stored table's entries multiplied by 3 in 30% of its bytes (of the second
    half: entries in any format); with nothing in memory (as a new process), the distances are still exact."""
    puzzle = Puzzle(9, posts=4)
    rng = random.Random(6)
    pairs = [(puzzle.random_state(rng), puzzle.random_state(rng)) for _ in range(3)]
    exact = [exhaustive.distance(puzzle, a, b) for a, b in pairs]

    def distances() -> list[int]:
        pdb._TABLES.clear()
        heuristic._KEPT.clear()
        heuristic._path.cache_clear()
        return [heuristic.distance(puzzle, a, b) for a, b in pairs]

    assert distances() == exact
    numbers = np.random.default_rng(6)
    for path in disk.iterdir():
        data = path.read_bytes()
        start = len(data) // 2
        body = np.frombuffer(data[start:], np.uint8).copy()
        chosen = numbers.random(body.size) < 0.3
        body[chosen] = body[chosen] * 3
        path.write_bytes(data[:start] + body.tobytes())
    assert distances() == exact


def test_old_files_count_against_the_disk_cache_and_are_pruned(disk: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    disk.mkdir(parents=True)
    old = disk / ("0" * 32 + ".npy")  # an older hanoikit's table
    np.save(old, np.zeros(16, np.uint8))
    os.utime(old, (1, 1))
    monkeypatch.setattr(pdb, "_KEPT_ON_DISK", 1)
    assert _same(_table("four posts"), _built("four posts"))
    assert [path.suffix for path in disk.iterdir()] == [".table"]
