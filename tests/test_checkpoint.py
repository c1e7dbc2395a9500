"""Checkpoints of the frontier search under damage: every corruption of every kind of file is refused, naming the file,
before anything is changed; an undamaged checkpoint resumes to the uninterrupted search's result."""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest

import hanoikit as hk
from clirun import run
from hanoikit import Puzzle
from hanoikit.frontier import frontier_search
from hanoikit.frontier.checkpoint import checksum

PUZZLE = Puzzle(5, posts=4, moves="linear")
SMALL = {"block_disks": 2, "narrow": 0}  # 16 blocks, every layer wide: block files beside the layer's list


class _Killed(Exception):
    pass


def _killed_at(directory: Path, layer: int, **options: int) -> None:
    def on_layer(done: int) -> None:
        if done >= layer:
            raise _Killed

    with pytest.raises(_Killed):
        frontier_search(PUZZLE, checkpoint=str(directory), checkpoint_every=0, on_layer=on_layer, **options)


def _files(directory: Path) -> dict[str, bytes]:
    return {str(path.relative_to(directory)): path.read_bytes() for path in directory.rglob("*") if path.is_file()}


def _record(directory: Path) -> dict:
    return json.loads((directory / "state.json").read_text())


def _reseal(directory: Path, record: dict) -> None:
    """Write ``record`` as state.json with a checksum that matches it: an edit made on purpose."""
    body = {key: value for key, value in record.items() if key != "checksum"}
    record["checksum"] = checksum(json.dumps(body, sort_keys=True, separators=(",", ":")).encode())
    (directory / "state.json").write_text(json.dumps(record))


def _target(directory: Path, kind: str) -> Path:
    record = _record(directory)
    if kind == "state":
        return directory / "state.json"
    if kind == "frontier":
        return directory / record["frontier"]
    block, version = max(record["versions"].items(), key=lambda item: item[1])  # a block of the last layer
    return directory / "blocks" / f"{block}-{version}.bin"


def _edit(directory: Path, kind: str, path: Path) -> None:
    """A change made with intent: the checksums are made to match, so only the checks of the counts can see it."""
    record = _record(directory)
    if kind == "state":
        record["state"]["layers"][-2] += 1
    elif kind == "frontier":
        with np.load(path) as arrays:
            listed, dense = arrays["listed"][1:], arrays["dense"]
        layer = io.BytesIO()
        np.savez(layer, listed=listed, dense=dense)
        path.write_bytes(layer.getvalue())
        record["checksums"]["frontier"] = checksum(layer.getvalue())
    else:
        row = bytearray(path.read_bytes())
        row[0] = 0x55 if row[0] == 0 else 0  # four codes made done, or the first four made unvisited
        path.write_bytes(row)
        record["checksums"]["blocks"][path.name.split("-")[0]] = checksum(bytes(row))
    _reseal(directory, record)


def _damage(directory: Path, kind: str, damage: str) -> Path:
    path = _target(directory, kind)
    data = path.read_bytes()
    if damage == "flip":
        middle = bytearray(data)
        middle[len(data) // 2] ^= 0x04
        path.write_bytes(middle)
    elif damage == "zero":
        path.write_bytes(bytes(len(data)))
    elif damage == "truncate":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "delete":
        path.unlink()
    else:
        _edit(directory, kind, path)
    return path


KINDS = ["block", "frontier", "state"]
DAMAGES = ["flip", "zero", "truncate", "empty", "delete", "edit"]


@pytest.mark.parametrize("damage", DAMAGES)
@pytest.mark.parametrize("kind", KINDS)
def test_a_damaged_checkpoint_is_refused_naming_the_file_and_left_as_it_is(tmp_path, kind, damage):
    _killed_at(tmp_path, 6, **SMALL)
    damaged = _damage(tmp_path, kind, damage)
    before = _files(tmp_path)
    with pytest.raises(hk.CheckpointError) as refused:
        frontier_search(PUZZLE, checkpoint=str(tmp_path), checkpoint_every=0, **SMALL)
    named = _named(tmp_path, kind, damage, damaged)
    assert refused.value.path == str(named) and str(named) in str(refused.value)
    assert _files(tmp_path) == before


def _named(directory: Path, kind: str, damage: str, damaged: Path) -> Path:
    """The file a refusal names: the damaged one, or state.json when an edit with matching checksums leaves the
    record and the blocks at odds."""
    return directory / "state.json" if damage == "edit" and kind == "block" else damaged


@pytest.mark.parametrize("damage", DAMAGES)
@pytest.mark.parametrize("kind", KINDS)
def test_the_command_line_refuses_a_damaged_checkpoint_in_one_line(tmp_path, capsys, kind, damage):
    _killed_at(tmp_path, 5)  # the layout the command line uses
    damaged = _damage(tmp_path, kind, damage)
    before = _files(tmp_path)
    for option in ("--resume", "--checkpoint"):
        status, out, err = run(["search", "5", "--posts", "4", "--moves", "linear", option, str(tmp_path)], capsys)
        assert (status, out, err.count("\n")) == (2, "", 1), err
        assert err.startswith("hanoi: ") and str(_named(tmp_path, kind, damage, damaged)) in err
        assert _files(tmp_path) == before


@pytest.mark.parametrize("options", [SMALL, {}], ids=["blocks", "narrow"])
def test_an_undamaged_checkpoint_resumes_to_the_uninterrupted_result(tmp_path, options):
    whole = frontier_search(PUZZLE, **options)
    _killed_at(tmp_path, 6, **options)
    resumed = frontier_search(PUZZLE, checkpoint=str(tmp_path), checkpoint_every=0, **options)
    assert (resumed.layer_sizes, resumed.distance, resumed.reachable) == (whole.layer_sizes, whole.distance, 1024)
    names = set(_files(tmp_path))
    record = _record(tmp_path)
    named = {"state.json", record["frontier"]} | {f"blocks/{b}-{v}.bin" for b, v in record["versions"].items()}
    assert names == named  # only the last checkpoint's files remain


def test_files_left_by_a_checkpoint_cut_short_are_removed_on_resume(tmp_path):
    _killed_at(tmp_path, 6, **SMALL)
    (tmp_path / "blocks" / "3-99.bin").write_bytes(b"left over")
    (tmp_path / "frontier-99.npz").write_bytes(b"left over")
    resumed = frontier_search(PUZZLE, checkpoint=str(tmp_path), **SMALL)
    assert resumed.reachable == 1024
    assert not (tmp_path / "blocks" / "3-99.bin").exists() and not (tmp_path / "frontier-99.npz").exists()


def test_a_first_checkpoint_cut_short_starts_the_search_again(tmp_path):
    def on_layer(done: int) -> None:
        raise _Killed

    with pytest.raises(_Killed):  # killed before its second checkpoint
        frontier_search(PUZZLE, checkpoint=str(tmp_path), checkpoint_every=3600, on_layer=on_layer, **SMALL)
    (tmp_path / "state.json").unlink()  # as if killed before the first state.json was in place
    assert frontier_search(PUZZLE, checkpoint=str(tmp_path), **SMALL).reachable == 1024


def test_a_checkpoint_without_checksums_is_refused(tmp_path):
    _killed_at(tmp_path, 6, **SMALL)
    record = _record(tmp_path)
    del record["checksum"]
    (tmp_path / "state.json").write_text(json.dumps(record))
    with pytest.raises(hk.CheckpointError, match="no checksum"):
        frontier_search(PUZZLE, checkpoint=str(tmp_path), **SMALL)


@pytest.mark.parametrize("layer", [1, 9])
def test_a_checkpoint_from_the_target_itself_resumes(tmp_path, layer):
    def on_layer(done: int) -> None:
        if done >= layer:
            raise _Killed

    goal = PUZZLE.goal
    whole = frontier_search(PUZZLE, goal, goal, **SMALL)
    with pytest.raises(_Killed):
        frontier_search(PUZZLE, goal, goal, checkpoint=str(tmp_path), checkpoint_every=3600 * (layer == 1),
                        on_layer=on_layer, **SMALL)
    resumed = frontier_search(PUZZLE, goal, goal, checkpoint=str(tmp_path), **SMALL)
    assert (resumed.distance, resumed.layer_sizes) == (0, whole.layer_sizes)


@pytest.mark.parametrize(("field", "change"), [("distance", 3), ("value", 5), ("layers", [1, 3])])
def test_an_edited_record_that_disagrees_with_the_blocks_is_refused(tmp_path, field, change):
    _killed_at(tmp_path, 6, **SMALL)
    record = _record(tmp_path)
    if field == "value":
        change = change - record["state"]["value"]  # the other layer value
    record["state"][field] = change
    _reseal(tmp_path, record)
    with pytest.raises(hk.CheckpointError, match=r"state\.json"):
        frontier_search(PUZZLE, checkpoint=str(tmp_path), **SMALL)


@pytest.mark.parametrize("moved", [(3, 4), (4, 3), (5, 3)])  # layers 1, 1, 1, 2, 2, 2 (the sixth the current)
def test_counts_moved_between_finished_layers_are_refused(tmp_path, moved):
    """An edit that keeps every check of the blocks (the sum, the last layer) and reseals: the layers of the search
    run again differ."""
    _killed_at(tmp_path, 6, **SMALL)
    record = _record(tmp_path)
    layers = record["state"]["layers"]
    source, destination = moved
    layers[source] -= 1
    layers[destination] += 1
    _reseal(tmp_path, record)
    before = _files(tmp_path)
    with pytest.raises(hk.CheckpointError, match=rf"state\.json counts {layers[min(moved)]} positions at distance "
                       rf"{min(moved)}, the search run again finds"):
        frontier_search(PUZZLE, checkpoint=str(tmp_path), **SMALL)
    assert _files(tmp_path) == before


def _spread(layers: list[int]) -> None:
    """Layers 1 to 5 made one large layer and four of one position each (the sum and the current layer kept)."""
    layers[1:6] = [sum(layers[1:6]) - 4, 1, 1, 1, 1]


@pytest.mark.parametrize(("puzzle", "edit", "words"), [
    (PUZZLE, lambda layers: layers.__setitem__(slice(0, 2), [2, layers[1] - 1]), "not the source alone"),
    (PUZZLE, lambda layers: layers.__setitem__(slice(3, 5), [0, layers[3] + layers[4]]), "no search finds that"),
    (Puzzle(5, posts=4), _spread, "positions at distance 1 after 1: no search finds that"),  # 77 > 12 moves
])
def test_layers_no_search_gives_are_refused_when_too_many_to_derive_again(tmp_path, monkeypatch, puzzle, edit, words):
    with pytest.raises(_Killed):
        frontier_search(puzzle, checkpoint=str(tmp_path), checkpoint_every=0, on_layer=_stop_at(6), **SMALL)
    monkeypatch.setattr("hanoikit.frontier.checkpoint.REDERIVE_POSITIONS", 0)  # the bounds alone
    record = _record(tmp_path)
    edit(record["state"]["layers"])
    _reseal(tmp_path, record)
    with pytest.raises(hk.CheckpointError, match=words):
        frontier_search(puzzle, checkpoint=str(tmp_path), **SMALL)


def _stop_at(layer: int):  # type: ignore[no-untyped-def]
    def on_layer(done: int) -> None:
        if done >= layer:
            raise _Killed

    return on_layer


def test_an_undamaged_checkpoint_is_derived_again_only_while_small(tmp_path, monkeypatch):
    _killed_at(tmp_path, 6, **SMALL)
    whole = frontier_search(PUZZLE, **SMALL)
    monkeypatch.setattr("hanoikit.frontier.checkpoint.REDERIVE_POSITIONS", 0)
    record = _record(tmp_path)
    layers = record["state"]["layers"]
    layers[3], layers[4] = layers[3] - 1, layers[4] + 1  # within the bounds: not seen without the search run again
    _reseal(tmp_path, record)
    resumed = frontier_search(PUZZLE, checkpoint=str(tmp_path), **SMALL)
    assert resumed.layer_sizes != whole.layer_sizes and sum(resumed.layer_sizes) == sum(whole.layer_sizes)
