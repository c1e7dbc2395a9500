"""Generated puzzle sets (hanoikit.generate) and their scoring (hanoikit.score), against the breadth-first oracle."""

from __future__ import annotations

import json
import pathlib
from urllib.parse import parse_qs

import pytest

import hanoikit as hk
from hanoikit import MagneticPuzzle, Puzzle
from hanoikit import generate as generate_module
from hanoikit.checker import check
from hanoikit.cli import main
from hanoikit.generate import answer_text, branching, check_sizes, family_puzzle, generate, instance_puzzle
from hanoikit.limits import MAX_GENERATE_HEURISTIC_DISKS
from hanoikit.score import score, table, wilson
from hanoikit.solvers import heuristic
from oracle import all_states, plain_distances

FIELDS = {"id", "family", "n", "posts", "moves", "colors", "start", "goal", "optimal", "guarantee", "prompt", "link",
          "style", "names", "answer_chars", "branching"}
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
    assert "Post S is red and post D is blue" in prompt and "The other posts take any disk." in prompt
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
    for family, key in [("posts4", (4, False)), ("posts5", (5, False)), ("star4", (4, False)),
                        ("magnetic-NNNN", (4, True)), ("magnetic-RBNNN", (5, True)), ("posts6", (6, False)),
                        ("posts7", None), ("cyclic10", None)]:
        # on more posts the positions grow faster than on six: within what the heuristic search takes on
        cap = MAX_GENERATE_HEURISTIC_DISKS[key] if key else heuristic.disk_cap(family_puzzle(family, 1))
        check_sizes([family], (3, cap), "random", "random")  # the heuristic search takes them on
        with pytest.raises(hk.TooLargeError, match=f"--disks up to {cap} for it"):
            check_sizes([family], (3, cap + 1), "random")
    cap = MAX_GENERATE_HEURISTIC_DISKS[4, False]
    check_sizes(["posts4"], (3, 64), goal="perfect")  # between towers Frame-Stewart answers: no search
    with pytest.raises(hk.TooLargeError, match=f"--disks up to {cap} for it"):
        check_sizes(["cyclic4"], (3, cap + 1))  # between towers with restricted moves, a search
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
    assert capsys.readouterr().out == "".join(f"wrote {tmp_path / f}.jsonl: 25 instances (JSON lines)\n" for f in "ab")
    assert main(args) == 0
    assert capsys.readouterr().out.encode() == first
    instances = [json.loads(line) for line in first.decode().splitlines()]
    assert [i["id"] for i in instances] == [f"9-{k}" for k in range(25)]
    too_many = MAX_GENERATE_HEURISTIC_DISKS[5, False] + 1
    assert main(["generate", "--count", "3", "--family", "posts5", "--disks", f"3..{too_many}", "--start", "random",
                 "--out", str(tmp_path / "c.jsonl")]) == 2
    assert "heuristic search" in capsys.readouterr().err and not (tmp_path / "c.jsonl").exists()
    assert main(["generate", "--count", "3", "--family", "cyclic", "--disks", "3..9", "--start", "random", "--out",
                 str(tmp_path / "c.jsonl")]) == 2
    assert "exhaustive search" in capsys.readouterr().err and not (tmp_path / "c.jsonl").exists()
    assert main(["generate", "--count", "3", "--disks", "x"]) == 2


def test_score(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    instances = list(generate(6, seed=1, families=["classic", "posts4"], disks=(2, 3), solutions=True))
    solution = [i["solution"].splitlines() for i in instances]
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
    assert kinds == [None, "unfinished", "covered", None, None, "missing"]  # the prose before a list is ignored
    assert result.results[3]["extracted_from"] == (2, 1 + len(solution[3]))
    assert result.summary["solved_rate"] == 3 / 6 and result.summary["optimal_rate"] == 2 / 6
    assert result.summary["solved_interval"] == wilson(3, 6) and result.summary["optimal_interval"] == wilson(2, 6)
    assert result.summary["mean_excess"] == 2 / 3 and result.results[4]["excess"] == 2
    assert result.errors == {"unfinished": 1, "covered": 1, "missing": 1}
    assert sum(result.positions.values()) == 1 and result.positions["0-25%"] == 1
    unfinished = result.results[1]
    assert unfinished["remaining"] == plain_distances(*_puzzle_from(instances[1]))[instance_puzzle(instances[1])[2]]
    assert set(result.disks) == {"classic", "posts4"}
    assert set(result.disks["classic"]) | set(result.disks["posts4"]) == {2, 3}
    assert sum(t["instances"] for sizes in result.disks.values() for t in sizes.values()) == 6
    text = table(result)
    assert "all" in text and "50.0% [18.8, 81.2]" in text and "33.3%" in text
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
    assert data["summary"] == json.loads(json.dumps(result.summary)) and len(data["results"]) == 6
    assert set(data["disks"]) == {"classic", "posts4"} and "classic" in data["families"]
    assert plot_path.read_bytes().startswith(b"\x89PNG")
    answers_path.write_text("not json\n")
    assert main(["score", str(set_path), str(answers_path)]) == 2
    assert "line 1: not a JSON object" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("successes", "trials", "z", "words"),
    [
        (5, 3, 1.96, "from 0 to the 3 trials"),
        (-1, 3, 1.96, "from 0 to the 3 trials"),
        (True, 3, 1.96, "successes"),
        (1.0, 3, 1.96, "successes"),
        (0, -1, 1.96, "number of trials"),
        (0, "3", 1.96, "number of trials"),
        (1, 3, 0, "positive finite"),
        (1, 3, float("nan"), "positive finite"),
        (1, 3, float("inf"), "positive finite"),
        (1, 3, "1.96", "positive finite"),  # math.isfinite raised TypeError
        (1, 3, None, "positive finite"),
        (1, 3, True, "positive finite"),
    ],
)
def test_wilson_refuses_bad_arguments_by_cause(successes: object, trials: object, z: object, words: str) -> None:
    """A rate's bad counts or quantile are an InvalidArgumentError (a ValueError), not a puzzle's error."""
    with pytest.raises(hk.InvalidArgumentError, match=words) as raised:
        wilson(successes, trials, z)  # type: ignore[arg-type]
    assert isinstance(raised.value, ValueError) and not isinstance(raised.value, hk.InvalidPuzzleError)
    low, high = wilson(1, 3, 1)  # a z that is an int is a number
    assert 0 < low < 1 / 3 < high < 1



def test_family_names() -> None:
    assert family_puzzle("posts5", 2) == Puzzle(2, posts=5)
    assert family_puzzle("star4", 2) == Puzzle(2, posts=4, moves="star")
    assert family_puzzle("MAGNETIC-rbb", 2) == MagneticPuzzle(2, "RBB")


def _puzzle_from(instance: dict[str, object]) -> tuple[hk.Puzzle, hk.State]:
    puzzle, _, _ = instance_puzzle(instance)  # type: ignore[arg-type]
    reached = check(puzzle, instance["solution"].splitlines()[:-1]).final  # type: ignore[attr-defined]
    return puzzle, puzzle.parse(reached)


# -- styles, goals on any post, answer lengths, branching ------------------------------------------------------------


@pytest.mark.parametrize("style", ["hanoikit", "reasoning-gym", "apple"])
def test_styles(style: str) -> None:
    """Each style's prompt asks for its format; an optimal answer in it is read with the instance's names, and its
    length is answer_chars."""
    for instance in generate(12, seed=3, families=SMALL, disks=(1, 4), start="random", style=style):
        puzzle, src, dst = instance_puzzle(instance)
        answer = answer_text(puzzle, puzzle.solve(src, dst), style)
        assert instance["answer_chars"] == len(answer)
        assert instance["style"] == style and check(puzzle, answer, src, dst,
                                                    names=instance["names"]).optimally_solved
        example = {"hanoikit": "moves disk 1 from post S", "reasoning-gym": "'Move disk X from Peg Y to Peg Z'",
                   "apple": "moves = [[disk, from peg, to peg], ...]"}[style]
        assert example in instance["prompt"]
        if style != "hanoikit":
            assert "post S" not in instance["prompt"]


def test_answer_chars_from_the_moves_of_each_disk(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Between the puzzle's own towers the length is counted from the moves of each disk (elsewhere from the
    solution's arrays, see test_styles): the length of the answer written out."""
    for style in ("hanoikit", "reasoning-gym", "apple"):
        for instance in generate(8, seed=1, families=["classic", "posts4", "magnetic", "cyclic"], disks=(1, 9),
                                 style=style):
            puzzle, src, dst = instance_puzzle(instance)
            assert (src, dst) == (puzzle.start, puzzle.goal)
            assert instance["answer_chars"] == len(answer_text(puzzle, puzzle.solve(src, dst), style))
    monkeypatch.setattr(generate_module, "MAX_GENERATE_SOLUTION_MOVES", 0)
    [far] = generate(1, seed=1, disks=(5, 5), start="random")
    assert far["answer_chars"] is None  # neither between the puzzle's own towers nor listed
    [big] = generate(1, disks=(64, 64))
    assert big["answer_chars"] == sum(2**(64 - d) * (len(str(d)) + 2) for d in range(1, 65)) + big["optimal"] - 1


def test_goal_on_any_post() -> None:
    goals = set()
    for instance in generate(30, seed=8, families=["classic", "posts4", "magnetic"], disks=(2, 3), goal_post="any"):
        puzzle, src, dst = instance_puzzle(instance)
        assert len(set(dst.posts)) == 1 and dst.posts[0] != src.posts[-1]
        assert instance["optimal"] == plain_distances(puzzle, src)[dst]
        goals.add(dst.posts[0])
    assert len(goals) >= 3


def test_max_answer_chars() -> None:
    kept = list(generate(20, seed=2, families=["classic", "posts4"], disks=(2, 8), max_answer_chars=100))
    assert len(kept) == 20 and all(i["answer_chars"] <= 100 for i in kept)
    everything = {i["id"]: i for i in generate(200, seed=2, families=["classic", "posts4"], disks=(2, 8))}
    assert all(everything[i["id"]] == i for i in kept)  # the same instances, the longer ones skipped
    with pytest.raises(hk.TooLargeError, match="no instance fits"):
        next(generate(5, disks=(10, 12), max_answer_chars=100))


def test_branching() -> None:
    """The pairs of posts a disk may cross between bound the legal moves of every position; with every move allowed
    some position reaches the bound."""
    for family in SMALL:
        puzzle = family_puzzle(family, 3)
        most = max(len(puzzle.legal_moves(state)) for state in all_states(puzzle))
        assert most <= branching(puzzle) == len({frozenset(pair) for pair in puzzle.moves})
        if puzzle.every_move and not puzzle.faces:
            assert most == branching(puzzle)


def test_generate_styles_and_parquet(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "set.parquet"
    args = ["generate", "--count", "12", "--seed", "4", "--family", "classic,posts4", "--disks", "2..4",
            "--style", "reasoning-gym", "--goal-post", "any", "--max-answer-chars", "400"]
    assert main([*args, "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {out}: 12 instances (Parquet)\n"
    assert main(args) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    import pyarrow.parquet as parquet

    assert parquet.read_table(out).to_pylist() == lines
    answers = tmp_path / "answers.jsonl"
    replies = []
    for i in lines:
        puzzle, src, dst = instance_puzzle(i)
        replies.append({"id": i["id"], "answer": "Sure:\n" + answer_text(puzzle, puzzle.solve(src, dst),
                                                                         "reasoning-gym")})
    answers.write_text("".join(json.dumps(r) + "\n" for r in replies))
    assert main(["score", str(out), str(answers), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["summary"]["optimal"] == 12
    assert main(["score", str(out), str(answers), "--names", "1234", "--format", "json"]) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    assert {r["kind"] for r in results if r["posts"] == 3} == {"unreadable"}  # four names for three posts
    assert {r["kind"] for r in results if r["posts"] == 4} == {None}
    assert main(["generate", "--count", "2", "--style", "nope"]) == 2
    (tmp_path / "bad.parquet").write_text("not parquet")
    assert main(["score", str(tmp_path / "bad.parquet"), str(answers)]) == 2
    assert "not a Parquet file" in capsys.readouterr().err


def test_score_hostile_answers(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Answers that are numbers, booleans, objects or null; lines nested 100,000 deep; plots to no image file."""
    instances = list(generate(6, seed=1, disks=(2, 2)))
    answers = [{"id": i["id"], "answer": value} for i, value in zip(instances, [5, True, None, {"a": 1}, "", 2.5])]
    result = score(instances, answers)
    assert [r["kind"] for r in result.results] == ["unreadable", "unreadable", "no_answer", "unreadable", "no_answer",
                                                   "unreadable"]
    assert result.summary["no_answer"] == 2 and result.summary["answered"] == 4
    set_path, answers_path = tmp_path / "set.jsonl", tmp_path / "answers.jsonl"
    set_path.write_text("".join(json.dumps(i) + "\n" for i in instances))
    answers_path.write_text("".join(json.dumps(a) + "\n" for a in answers))
    assert main(["score", str(set_path), str(answers_path)]) == 0
    assert "no_answer 2" in capsys.readouterr().out
    deep = tmp_path / "deep.jsonl"
    deep.write_text("[" * 100_000 + "\n")
    for args in ([str(deep), str(answers_path)], [str(set_path), str(deep)]):
        assert main(["score", *args]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "nested too deeply" in err
    answers_path.write_text(json.dumps({"id": instances[0]["id"], "answer": "[" * 100_000}) + "\n")
    assert main(["score", str(set_path), str(answers_path)]) == 0
    assert "unreadable 1" in capsys.readouterr().out
    for plot in ("out.xyz", ".", "dir.png"):
        (tmp_path / "dir.png").mkdir(exist_ok=True)
        assert main(["score", str(set_path), str(answers_path), "--plot", str(tmp_path / plot)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith(("hanoi: cannot plot to", "hanoi score: Invalid value"))


def test_score_by_line_order() -> None:
    instances = [{k: v for k, v in i.items() if k != "id"} for i in generate(3, seed=1, disks=(2, 2))]
    result = score(instances, [{"answer": "1SI 2SD 1ID"}, {"answer": "1SD"}])
    assert [r["kind"] for r in result.results] == [None, "unfinished", "missing"]
    with pytest.raises(hk.InvalidMoveError, match=r"4 answers \(or more\) to a set of 3"):
        score(instances, [{"answer": ""}] * 4)


def test_the_example_set_is_what_generate_writes() -> None:
    """docs/examples/set.jsonl (scored in the README) is the set its command writes today."""
    path = pathlib.Path(__file__).parent.parent / "docs" / "examples" / "set.jsonl"
    shipped = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    made = generate(5, seed=4, families=["classic", "magnetic", "posts4"], disks=(3, 4), style="apple")
    assert shipped == [json.loads(json.dumps(instance)) for instance in made]
