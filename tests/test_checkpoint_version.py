"""A checkpoint of the frontier search written by another version of hanoikit's position code (its record names
the key of the modules that give its bytes their meaning) is refused, naming its state.json, and left as it is: its
blocks would be read with another layout."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import hanoikit as hk
from hanoikit import Puzzle, cache
from hanoikit.frontier import checkpoint, frontier_search

PUZZLE = Puzzle(5, posts=4, moves="linear")
SMALL = {"block_disks": 2, "narrow": 0}


class _Killed(Exception):
    pass


def _stop(done: int) -> None:
    if done >= 4:
        raise _Killed


def _files(directory: Path) -> dict[str, bytes]:
    return {str(path.relative_to(directory)): path.read_bytes() for path in directory.rglob("*") if path.is_file()}


def test_a_checkpoint_of_another_version_of_the_code_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    with monkeypatch.context() as older:
        older.setattr(checkpoint, "source_key", lambda *files, python=True: "0" * 32)
        with pytest.raises(_Killed):
            frontier_search(PUZZLE, checkpoint=str(tmp_path), checkpoint_every=0, on_layer=_stop, **SMALL)
    before = _files(tmp_path)
    with pytest.raises(hk.CheckpointError, match="another version of hanoikit") as refused:
        frontier_search(PUZZLE, checkpoint=str(tmp_path), checkpoint_every=0, **SMALL)
    assert refused.value.path == str(tmp_path / "state.json")
    assert _files(tmp_path) == before


def test_the_key_follows_the_position_code_not_the_python_version(tmp_path: Path) -> None:
    with pytest.raises(_Killed):
        frontier_search(PUZZLE, checkpoint=str(tmp_path), checkpoint_every=0, on_layer=_stop, **SMALL)
    code = json.loads((tmp_path / "state.json").read_text())["code"]
    files = [hk.positions.__file__, hk.frontier.layout.__file__, checkpoint.__file__]
    assert code == cache.source_key(*files, python=False) != cache.source_key(*files)
    whole = frontier_search(PUZZLE, **SMALL)
    assert frontier_search(PUZZLE, checkpoint=str(tmp_path), **SMALL).reachable == whole.reachable
