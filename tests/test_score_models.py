"""hanoi score, second round: several models side by side (table, JSON, plot), reasoning-gym sets paired by id or
source_index in any order, solutions written in each prompt's style, families kept apart by disks, hostile JSON."""

from __future__ import annotations

import io
import json
import random
import re

import pytest

from clirun import run
from hanoikit.checker import check
from hanoikit.generate import STYLES, generate, instance_puzzle
from hanoikit.score import ROW_FIELDS, SUMMARY_KEYS, score, table
from oracle import plain_distances


def _write(path, items) -> str:  # type: ignore[no-untyped-def]
    path.write_text("".join(json.dumps(item) + "\n" for item in items))
    return str(path)


@pytest.mark.parametrize("style", STYLES)
def test_solutions_are_written_in_the_prompt_style(style: str) -> None:
    instances = list(generate(12, seed=3, families=["classic", "posts4", "magnetic"], disks=(2, 4), style=style,
                              solutions=True))
    for instance in instances:
        puzzle, src, dst = instance_puzzle(instance)
        solution = instance["solution"]
        assert isinstance(solution, str) and len(solution) == instance["answer_chars"]
        first = {"hanoikit": r"^\d+[SIJD]{2}$", "reasoning-gym": r"^Move disk \d+ from Peg \d to Peg \d$",
                 "apple": r"^moves = \[\[\d+, \d, \d\]"}[style]
        assert re.match(first, solution.splitlines()[0])
        report = check(puzzle, solution, src, dst, names=instance["names"])
        assert report.optimally_solved and report.moves == plain_distances(puzzle, src)[dst]
    answers = [{"id": i["id"], "answer": i["solution"]} for i in instances]
    assert score(instances, answers).summary["optimal"] == len(instances)


def test_the_disk_table_keeps_families_apart() -> None:
    instances = list(generate(20, seed=2, families=["classic", "posts4"], disks=(3, 3)))
    answers = [{"id": i["id"], "answer": "1SD"} for i in instances]
    result = score(instances, answers)
    assert set(result.disks) == {"classic", "posts4"}
    for family, sizes in result.disks.items():
        assert sizes[3]["instances"] == sum(i["family"] == family for i in instances)
        assert sizes[3]["mean_optimal"] == (7.0 if family == "classic" else 5.0)  # not averaged together
    lines = table(result).splitlines()
    assert any(line.startswith("classic 3 ") for line in lines) and any(line.startswith("posts4 3 ") for line in lines)
    assert set(result.results[0]) == set(ROW_FIELDS) and set(result.summary) == set(SUMMARY_KEYS)
    assert result.results[0]["reply_chars"] == 3 and "answer_chars" not in result.results[0]


def test_reasoning_gym_sets_pair_by_source_index_in_any_order(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    reasoning_gym = pytest.importorskip("reasoning_gym")
    entries = list(reasoning_gym.create_dataset("tower_of_hanoi", min_disks=2, max_disks=4, min_pegs=3, max_pegs=4,
                                                size=12, seed=5))
    wrong = "Move disk 1 from Peg 1 to Peg 1"
    shuffled = entries[:]
    random.Random(1).shuffle(shuffled)
    assert shuffled != entries
    answers = [{"metadata": {"source_index": e["metadata"]["source_index"]},
                "answer": e["answer"] if e["metadata"]["source_index"] % 3 else wrong} for e in shuffled]
    result = score(entries, answers)
    assert result.paired_by == "source_index"
    assert [row["id"] for row in result.results] == list(range(12))
    assert [row["solved"] for row in result.results] == [k % 3 != 0 for k in range(12)]
    by_id = [{"id": a["metadata"]["source_index"], "answer": a["answer"]} for a in answers]  # an id works too
    assert [r["solved"] for r in score(entries, by_id).results] == [k % 3 != 0 for k in range(12)]
    set_path = _write(tmp_path / "rg.jsonl", entries)
    status, out, err = run(["score", set_path, _write(tmp_path / "a.jsonl", by_id), "--format", "json"], capsys)
    assert status == 0 and err == "" and json.loads(out)["paired_by"] == "source_index"
    assert json.loads(out)["summary"]["solved"] == 8
    plain = [{"answer": a["answer"]} for a in answers]  # no key at all: line order, said on stderr
    status, out, err = run(["score", set_path, _write(tmp_path / "b.jsonl", plain)], capsys)
    assert status == 0 and err.count("\n") == 1 and "by line order" in err
    for bad in ([{"id": 99, "answer": ""}], by_id + by_id[:1]):
        status, _, err = run(["score", set_path, _write(tmp_path / "c.jsonl", bad)], capsys)
        assert status == 2 and err.count("\n") == 1 and ("not in the set" in err or "two answers" in err)


def test_a_set_without_ids_warns_that_it_pairs_by_line_order(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    instances = [{k: v for k, v in i.items() if k != "id"} for i in generate(3, seed=1, disks=(2, 2))]
    answers = [{"id": "x", "answer": "1SI 2SD 1ID"}]
    status, _, err = run(["score", _write(tmp_path / "s.jsonl", instances), _write(tmp_path / "a.jsonl", answers)],
                         capsys)
    assert status == 0 and "warning" in err and "line order" in err
    with_ids = list(generate(3, seed=1, disks=(2, 2)))
    answers = [{"id": with_ids[0]["id"], "answer": "1SI 2SD 1ID"}]
    status, _, err = run(["score", _write(tmp_path / "s.jsonl", with_ids), _write(tmp_path / "a.jsonl", answers)],
                         capsys)
    assert status == 0 and err == ""


def test_several_models(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    instances = list(generate(30, seed=4, families=["classic", "magnetic"], disks=(2, 4), solutions=True))
    good = [{"id": i["id"], "answer": i["solution"]} for i in instances]
    half = [{"id": i["id"], "answer": i["solution"] if k % 2 else ""} for k, i in enumerate(instances)]
    set_path = _write(tmp_path / "set.jsonl", instances)
    files = [_write(tmp_path / "good.jsonl", good), _write(tmp_path / "half.jsonl", half)]
    plot_path = tmp_path / "compare.png"
    status, out, err = run(["score", set_path, *files, "--label", "strong", "--label", "weak", "--plot",
                            str(plot_path)], capsys)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("model ") and lines[1].startswith("strong ") and lines[2].startswith("weak ")
    assert "100.0%" in lines[1] and "50.0%" in lines[2]
    assert any(line.startswith("weak: magnetic ") for line in lines)
    assert any(line.startswith("strong: classic 2 ") for line in lines) or any(
        line.startswith("strong: classic 3 ") for line in lines)
    assert plot_path.read_bytes().startswith(b"\x89PNG") and plot_path.stat().st_size > 20_000
    status, out, _ = run(["score", set_path, *files, "--format", "json"], capsys)
    models = json.loads(out)["models"]
    assert [m["label"] for m in models] == ["good", "half"]
    assert [m["summary"]["solved"] for m in models] == [30, 15]
    assert set(models[0]["disks"]) == {"classic", "magnetic"}
    status, _, err = run(["score", set_path, *files, "--label", "one"], capsys)
    assert status == 2 and err.count("\n") == 1 and "--label" in err


def test_huge_integers_are_one_line(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """A JSON integer of more than 4,300 digits (Python's cap on reading one from text) anywhere: one line, exit 2."""
    instances = list(generate(2, seed=1, disks=(2, 2)))
    huge = "9" * 5000
    set_path = _write(tmp_path / "set.jsonl", instances)
    answers = tmp_path / "a.jsonl"
    answers.write_text(json.dumps({"id": instances[0]["id"], "answer": "1SD"}) + "\n" + '{"id": ' + huge
                       + ', "answer": "1SD"}\n')
    status, _, err = run(["score", set_path, str(answers)], capsys)
    assert status == 2 and err.count("\n") == 1 and "line 2" in err and "too long" in err
    bad_set = tmp_path / "bad.jsonl"
    bad_set.write_text('{"id": "1-0", "n": ' + huge + "}\n")
    status, _, err = run(["score", str(bad_set), str(answers)], capsys)
    assert status == 2 and err.count("\n") == 1 and "line 1" in err


def test_a_set_from_standard_input_is_read_once(tmp_path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    instances = list(generate(4, seed=1, disks=(2, 2)))
    answers = [{"id": i["id"], "answer": "1SI 2SD 1ID"} for i in instances]
    data = "".join(json.dumps(i) + "\n" for i in instances).encode()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    files = [_write(tmp_path / "a.jsonl", answers), _write(tmp_path / "b.jsonl", answers[:2])]
    status, out, err = run(["score", "-", *files, "--format", "json"], capsys)
    assert status == 0 and err == ""
    assert [m["summary"]["solved"] for m in json.loads(out)["models"]] == [4, 2]


@pytest.mark.parametrize("family", ["classic", "magnetic", "posts4"])
def test_the_distance_left_is_the_oracle_s_on_course_or_off(family: str) -> None:
    """``remaining`` of every unfinished or illegal answer is the breadth-first distance from where it stopped:
    answers that stop along the optimal solution (found without a query), and answers that leave it."""
    from oracle import plain_distances_to

    instances = list(generate(40, seed=3, families=[family], disks=(2, 4)))
    rng = random.Random(5)
    answers = []
    for k, instance in enumerate(instances):
        puzzle, src, dst = instance_puzzle(instance)
        moves = list(puzzle.solve(src, dst))[: rng.randrange(instance["optimal"])]
        if k % 2:  # off course: a legal detour of a few moves from there
            state = src
            for move in moves:
                state = puzzle.apply(state, move)
            moves += [rng.choice(puzzle.legal_moves(state))]
        answers.append({"id": instance["id"], "answer": [[m.disk, m.src, m.dst] for m in moves]})
    result = score(instances, answers)
    for instance, row in zip(instances, result.results):
        puzzle, src, dst = instance_puzzle(instance)
        assert row["kind"] == "unfinished" or row["kind"] is None
        if row["kind"] == "unfinished":
            state = src
            for disk, a, b in next(a["answer"] for a in answers if a["id"] == instance["id"]):
                state = puzzle.apply(state, (disk, a, b))
            assert row["remaining"] == plain_distances_to(puzzle, dst)[state]
