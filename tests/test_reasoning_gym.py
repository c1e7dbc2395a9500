"""reasoning-gym both ways (hanoikit.integrations.reasoning_gym), through reasoning-gym's own API: its
tower_of_hanoi sets scored by hanoikit with no glue, and hanoikit's members as its procedural datasets."""

from __future__ import annotations

import json

import pytest

from hanoikit.cli import main
from hanoikit.generate import instance_puzzle
from hanoikit.integrations import reasoning_gym as bridge
from hanoikit.limits import MAX_GENERATE_HEURISTIC_DISKS
from hanoikit.score import score
from oracle import plain_distances

reasoning_gym = pytest.importorskip("reasoning_gym")  # the rg extra; `make venv` installs it


def tower_set(size: int, seed: int) -> list[dict[str, object]]:
    data = reasoning_gym.create_dataset("tower_of_hanoi", min_disks=1, max_disks=6, min_pegs=3, max_pegs=5,
                                        size=size, seed=seed)
    return list(data)


def test_reference_answers_score_solved_and_optimal() -> None:
    entries = tower_set(40, 7)
    result = score(entries, [{"answer": entry["answer"]} for entry in entries])  # paired by line order
    assert result.summary["solved"] == result.summary["optimal"] == 40
    for entry, row in zip(entries, result.results):
        instance = bridge.instance_from_entry(entry)
        puzzle, src, dst = instance_puzzle(instance)
        assert row["optimal"] == entry["metadata"]["solution_length"] == plain_distances(puzzle, src)[dst]


def test_a_reasoning_gym_set_on_the_command_line(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    entries = tower_set(12, 3)
    set_path, answers_path = tmp_path / "rg.jsonl", tmp_path / "answers.jsonl"
    set_path.write_text("".join(json.dumps(entry) + "\n" for entry in entries))
    replies = [f"Sure, here is the solution:\n\n{entry['answer']}\n\nDone." for entry in entries]
    replies[0] = ""
    replies[1] = replies[1].replace("Move disk 1 from", "Move disk 2 from", 1)
    answers_path.write_text("".join(json.dumps({"answer": reply}) + "\n" for reply in replies))
    assert main(["score", str(set_path), str(answers_path), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["optimal"] == 10 and data["summary"]["no_answer"] == 1
    assert data["results"][0]["kind"] == "no_answer" and data["results"][1]["kind"] in ("covered", "absent")
    assert data["results"][2]["extracted_from"] == [3, 2 + len(entries[2]["answer"].splitlines())]


def test_hanoikit_datasets_through_create_dataset() -> None:
    names = bridge.register()
    assert bridge.register() == names  # twice is harmless
    for name in names:
        data = reasoning_gym.create_dataset(name, min_disks=2, max_disks=4, size=6, seed=5)
        again = reasoning_gym.create_dataset(name, min_disks=2, max_disks=4, size=6, seed=5)
        entries = list(data)
        assert entries == list(again) and len(entries) == 6
        for entry in entries:
            assert data.score_answer(entry["answer"], entry) == 1.0
            assert data.score_answer(None, entry) == data.score_answer("", entry) == 0.0
            lines = entry["answer"].splitlines()
            assert data.score_answer("\n".join(lines[:-1]), entry) == 0.0
            instance = bridge.instance_from_entry(entry)
            puzzle, src, dst = instance_puzzle(instance)
            assert entry["metadata"]["optimal"] == plain_distances(puzzle, src)[dst]
            assert entry["metadata"]["family"] in bridge.DATASETS[name]
        assert score(entries, [{"id": e["metadata"]["id"], "answer": e["answer"]} for e in entries]).summary[
            "optimal"] == 6


def test_longer_solutions_earn_less() -> None:
    bridge.register()
    data = reasoning_gym.create_dataset("hanoikit_classic", min_disks=2, max_disks=2, size=1, seed=1)
    entry = data[0]
    detour = "Move disk 1 from Peg 1 to Peg 2\nMove disk 1 from Peg 2 to Peg 1\n" + entry["answer"]
    assert data.score_answer(detour, entry) == pytest.approx(3 / 5)


def test_configs_are_checked() -> None:
    bridge.register()
    from hanoikit.errors import HanoiError

    too_many = MAX_GENERATE_HEURISTIC_DISKS[5, False] + 1  # above generate's cap for its optimum
    with pytest.raises(HanoiError):
        reasoning_gym.create_dataset("hanoikit_posts5", min_disks=3, max_disks=too_many, start="random", size=2)
