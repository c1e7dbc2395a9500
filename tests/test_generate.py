"""Generated puzzle sets (hanoikit.generate) and their scoring (hanoikit.score), against the breadth-first oracle."""

from __future__ import annotations

import json
from urllib.parse import parse_qs

import pytest

import hanoikit as hk
from hanoikit import MagneticPuzzle, Puzzle
from hanoikit.checker import check
from hanoikit.cli import main
from hanoikit.generate import check_sizes, family_puzzle, generate, instance_puzzle
from hanoikit.limits import MAX_GENERATE_HEURISTIC_DISKS
from hanoikit.score import score, table
from oracle import plain_distances

FIELDS = {"id", "family", "n", "posts", "moves", "colors", "start", "goal", "optimal", "guarantee", "prompt", "link"}
SMALL = ["classic", "magnetic", "posts4", "cyclic", "linear", "star", "cyclic4", "magnetic-RBN"]


@pytest.mark.parametrize("start", ["perfect", "random"])
def test_optima_against_the_oracle(start: str) -> None:
    """Every instance's optimum is the breadth-first distance, its positions legal and different."""
    for instance in generate(40, seed=11, families=SMALL, disks=(1, 3), start=start, goal=start):
        assert set(instance) == FIELDS
        puzzle, src, dst = instance_puzzle(instance)
        assert puzzle == family_puzzle(instance["family"], instance["n"]) or instance["family"] == "magnetic"
        assert puzzle.is_legal(src) and puzzle.is_legal(dst) and src != dst
        assert instance["optimal"] == plain_distances(puzzle, src)[dst]
        assert (instance["colors"] is None) == (not puzzle.faces)
        assert instance["posts"] == puzzle.posts and instance["n"] == puzzle.n
        assert instance["guarantee"] == "proven optimal"


def test_solutions_are_optimal() -> None:
    for instance in generate(20, seed=2, families=SMALL, disks=(2, 4), start="random", solutions=True):
        puzzle, src, dst = instance_puzzle(instance)
        report = check(puzzle, instance["solution"], src, dst)
        assert report.optimally_solved and report.moves == instance["optimal"]


def test_deterministic_by_seed() -> None:
    options = {"families": ["classic", "magnetic", "posts4"], "disks": (3, 5), "start": "random"}
    first = list(generate(30, seed=5, **options))  # type: ignore[arg-type]
    assert first == list(generate(30, seed=5, **options))  # type: ignore[arg-type]
    assert first[:10] == list(generate(10, seed=5, **options))  # type: ignore[arg-type]
    assert first != list(generate(30, seed=6, **options))  # type: ignore[arg-type]


def test_prompt_and_link() -> None:
    [instance] = generate(1, seed=4, families=["magnetic-RNB"], disks=(3, 3), start="random")
    prompt = instance["prompt"]
    assert "3 posts, S, I and D" in prompt and "red face and a blue face" in prompt
    assert "Post S is red and D is blue" in prompt and "The other posts take any disk." in prompt
    assert "1SD moves disk 1 from post S to post D" in prompt
    query = {key: value[0] for key, value in parse_qs(instance["link"][2:]).items()}
    assert query == {"n": "3", "posts": "3", "moves": "any", "colors": "RNB", "start": instance["start"],
                     "goal": instance["goal"], "par": str(instance["optimal"])}
    [instance] = generate(1, seed=4, families=["cyclic4"], disks=(2, 2))
    assert "Moves go only from S to I, from I to J, from J to D and from D to S." in instance["prompt"]
    assert "red face" not in instance["prompt"] and instance["colors"] is None


def test_sizes_are_bounded() -> None:
    check_sizes(["classic", "magnetic"], (3, 64), "random")
    check_sizes(["posts4"], (3, 6), "random")
    check_sizes(["posts4"], (3, 10))  # between towers Frame-Stewart answers: no search
    check_sizes(["posts4"], (3, MAX_GENERATE_HEURISTIC_DISKS), "random")  # the heuristic search takes them on
    with pytest.raises(hk.TooLargeError, match=f"--disks up to {MAX_GENERATE_HEURISTIC_DISKS}"):
        check_sizes(["posts4"], (3, MAX_GENERATE_HEURISTIC_DISKS + 1), "random")
    with pytest.raises(hk.TooLargeError, match="--disks up to 7"):
        check_sizes(["cyclic"], (3, 8), "random")
    with pytest.raises(hk.TooLargeError):
        check_sizes(["classic"], (3, 65))
    with pytest.raises(hk.InvalidPuzzleError, match="unknown family"):
        check_sizes(["hexagonal"], (3, 4))
    with pytest.raises(hk.InvalidPuzzleError):
        check_sizes(["classic"], (4, 3))


def test_generate_command(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    args = ["generate", "--count", "25", "--seed", "9", "--family", "classic,magnetic,posts4", "--disks", "2..4",
            "--start", "random"]
    assert main([*args, "--out", str(tmp_path / "a.jsonl")]) == 0
    assert main([*args, "--out", str(tmp_path / "b.jsonl")]) == 0
    first = (tmp_path / "a.jsonl").read_bytes()
    assert first == (tmp_path / "b.jsonl").read_bytes()
    assert main(args) == 0
    assert capsys.readouterr().out.encode() == first
    instances = [json.loads(line) for line in first.decode().splitlines()]
    assert [i["id"] for i in instances] == [f"9-{k}" for k in range(25)]
    assert main(["generate", "--count", "3", "--family", "posts5", "--disks", "3..9", "--start", "random", "--out",
                 str(tmp_path / "c.jsonl")]) == 2
    assert "exhaustive search" in capsys.readouterr().err and not (tmp_path / "c.jsonl").exists()
    assert main(["generate", "--count", "3", "--disks", "x"]) == 2


def test_score(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    instances = list(generate(6, seed=1, families=["classic", "posts4"], disks=(2, 3), solutions=True))
    solution = [i["solution"] for i in instances]
    first = solution[4][0]  # played, taken back, then the solution: a detour of two moves
    answers = [
        {"id": instances[0]["id"], "answer": "\n".join(solution[0])},  # optimal
        {"id": instances[1]["id"], "answer": "\n".join(solution[1][:-1])},  # unfinished
        {"id": instances[2]["id"], "moves": [[2, 0, 1]] + solution[2]},  # illegal at 1 (disk 2 is covered)
        {"id": instances[3]["id"], "answer": "Sure! Here it is:\n" + "\n".join(solution[3])},  # unreadable line 1
        {"id": instances[4]["id"], "answer": "\n".join([first, first[0] + first[2] + first[1], *solution[4]])},
    ]
    result = score(instances, answers)
    kinds = [row["kind"] for row in result.results]
    assert kinds == [None, "unfinished", "covered", "unreadable", None, "missing"]
    assert result.summary["solved_rate"] == 2 / 6 and result.summary["optimal_rate"] == 1 / 6
    assert result.summary["mean_excess"] == 1.0 and result.results[4]["excess"] == 2
    assert result.errors == {"unfinished": 1, "covered": 1, "unreadable": 1, "missing": 1}
    assert sum(result.positions.values()) == 2 and result.positions["0-25%"] == 2
    text = table(result)
    assert "all" in text and "33.3%" in text and "16.7%" in text
    with pytest.raises(hk.InvalidMoveError, match="two answers"):
        score(instances, answers + answers[:1])
    with pytest.raises(hk.InvalidMoveError, match="not in the set"):
        score(instances, [{"id": "nope", "answer": ""}])

    set_path, answers_path, plot_path = tmp_path / "set.jsonl", tmp_path / "answers.jsonl", tmp_path / "plot.png"
    set_path.write_text("".join(json.dumps(i) + "\n" for i in instances))
    answers_path.write_text("".join(json.dumps(a) + "\n" for a in answers))
    capsys.readouterr()
    assert main(["score", str(set_path), str(answers_path), "--format", "json", "--plot", str(plot_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["summary"] == result.summary and len(data["results"]) == 6
    assert plot_path.read_bytes().startswith(b"\x89PNG")
    answers_path.write_text("not json\n")
    assert main(["score", str(set_path), str(answers_path)]) == 2
    assert "line 1: not a JSON object" in capsys.readouterr().err


def test_family_names() -> None:
    assert family_puzzle("posts5", 2) == Puzzle(2, posts=5)
    assert family_puzzle("star4", 2) == Puzzle(2, posts=4, moves="star")
    assert family_puzzle("MAGNETIC-rbb", 2) == MagneticPuzzle(2, "RBB")
