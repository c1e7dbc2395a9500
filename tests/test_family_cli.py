"""``--posts`` and ``--moves`` on the commands that take a puzzle: answered where the command handles the family,
refused in one line (exit 2) where it does not yet; ``hanoi count --posts 4`` prints the Frame-Stewart table."""

from __future__ import annotations

import json

import pytest

from clirun import run
from hanoikit import MagneticPuzzle, Move, Puzzle, State
from hanoikit.limits import MAX_HEURISTIC_NNNN_DISKS
from hanoikit.solvers import cyclic, frame_stewart, tower_search
from oracle import plain_distances


def test_count_with_four_posts_prints_the_frame_stewart_table(capsys):
    status, out, _ = run(["count", "--posts", "4", "--upto", "30"], capsys)
    assert status == 0 and "frame-stewart" in out and "proven optimal" in out
    rows = [line.split("│") for line in out.splitlines() if line.startswith("│")]
    assert [int(row[2]) for row in rows] == [frame_stewart.count(n, 4) for n in range(1, 31)]
    assert [int(row[3]) for row in rows][:7] == [1, 2, 2, 4, 4, 4, 8]


def test_count_labels_frame_stewart_from_the_checked_record(capsys):
    for k in (8, 10):
        checked = frame_stewart.CHECKED_DISKS[k]
        status, out, _ = run(["count", "--posts", str(k), "--upto", str(checked)], capsys)
        caption = " ".join(out.split())
        assert status == 0 and "(optimal by exhaustive check)" in caption and "conjectured" not in caption
        status, out, _ = run(["count", "--posts", str(k), "--upto", str(checked + 1)], capsys)
        caption = " ".join(out.split())
        assert f"(conjectured optimal; optimal by exhaustive check for n <= {checked})" in caption


def test_count_follows_the_rules_given(capsys):
    status, out, _ = run(["count", "--moves", "cyclic", "--upto", "12"], capsys)
    assert status == 0 and str(cyclic.two_steps(12)) in out and "Atkinson" in out
    status, out, _ = run(["count", "--magnetic", "NNNN", "--upto", "9"], capsys)
    rows = [line.split("│") for line in out.splitlines() if line.startswith("│")]
    assert status == 0 and "heuristic" in out and len(rows) == 9  # past 4**6 * 16 positions, the heuristic search
    assert [int(row[2]) for row in rows][:7] == [tower_search.distance(MagneticPuzzle(n, "NNNN")) for n in range(1, 8)]
    status, out, _ = run(["count"], capsys)
    assert status == 0 and "127" in out and "classic" in out  # the classic table is unchanged


@pytest.mark.parametrize(
    "args, expected",
    [
        (["state", "3", "2", "--posts", "4"], str(Puzzle(3, posts=4).state_at(2))),
        (["state", "3", "4", "--magnetic", "NNNN"], str(MagneticPuzzle(3, "NNNN").state_at(4))),
        (["state", "4", "20", "--moves", "cyclic"], str(Puzzle(4, moves="cyclic").state_at(20))),
        (["move", "3", "3", "--moves", "linear"], str(Puzzle(3, moves="linear").move_at(3))),
        (["distance", "SIS", "DDD", "--moves", "star"], str(Puzzle(3, moves="star").distance(State.parse("SIS")))),
        (["move", "3", "3", "--posts", "4"], Puzzle(3, posts=4).move_at(3).notation(4)),
        (
            ["distance", "SJS", "DDD", "--posts", "4"],
            str(plain_distances(Puzzle(3, posts=4), State.parse("SJS", 4))[State.parse("DDD", 4)]),
        ),
        (
            ["distance", "SS:RR", "DD:BB", "--magnetic", "NNNN"],
            str(plain_distances(MagneticPuzzle(2, "NNNN"), State.parse("SS:RR", 4))[State.parse("DD:BB", 4)]),
        ),
    ],
)
def test_commands_that_handle_the_rules_answer_with_them(args, expected, capsys):
    status, out, _ = run(args, capsys)
    assert status == 0 and out.strip() == expected


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "30", "--posts", "4", "--moves", "cyclic"],  # beyond every solver's cap
        ["solve", str(MAX_HEURISTIC_NNNN_DISKS + 1), "--magnetic", "NNNN"],  # one past the cap
        ["solve", "3", "--posts", "4", "--method", "recursive"],
        ["move", "30", "1", "--posts", "4", "--moves", "linear"],
        ["distance", "SSS", "DDJ", "--posts", "3"],
        ["search", "3", "--posts", "4", "--magnetic", "NNN"],
        ["graph", "3", "--moves", "SX"],  # hanoi graph draws every move rule, refusing only what is not one
        ["show", "3", "--posts", "4", "--algorithm", "recursive"],
        ["animate", "3", "--posts", "4", "--moves", "cyclic", "--algorithm", "62", "--out", "never.gif"],
        ["count", "--posts", "4", "--magnetic", "NNN"],
        ["count", "--moves", "SX"],
        ["count", "--posts", "11"],
    ],
)
def test_what_a_command_cannot_handle_is_refused_in_one_line(args, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, _out, err = run(args, capsys)
    assert status == 2 and len(err.strip().splitlines()) == 1 and not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    "args, puzzle",
    [
        (["5", "--posts", "4"], Puzzle(5, posts=4)),
        (["4", "--posts", "5"], Puzzle(4, posts=5)),
        (["4", "--moves", "cyclic"], Puzzle(4, moves="cyclic")),
        (["3", "--posts", "4", "--moves", "linear"], Puzzle(3, posts=4, moves="linear")),
        (["3", "--magnetic", "NNNN"], MagneticPuzzle(3, "NNNN")),
        (["3", "--magnetic", "NNNN", "--moves", "cyclic"], MagneticPuzzle(3, "NNNN", moves="cyclic")),
    ],
)
@pytest.mark.parametrize("fmt", ["text", "csv", "json"])
def test_solve_lists_an_optimal_solution_of_every_member(args, puzzle, fmt, capsys):
    status, out, _ = run(["solve", *args, "--format", fmt], capsys)
    assert status == 0
    if fmt == "text":
        moves = [Move.parse(line, posts=puzzle.posts) for line in out.splitlines()]
    elif fmt == "csv":
        header, *lines = out.splitlines()
        assert header == "disk,src,dst"
        moves = [Move(*map(int, line.split(","))) for line in lines]
    else:
        moves = [Move(*row) for row in json.loads(out)]
    assert puzzle.play(moves) == puzzle.goal
    assert len(moves) == plain_distances(puzzle, puzzle.start)[puzzle.goal]


def test_solve_between_positions_and_counts_on_more_posts(capsys):
    puzzle = Puzzle(4, posts=4)
    source, target = puzzle.parse("JSDI"), puzzle.parse("SSSJ")
    status, out, _ = run(["solve", "4", "--posts", "4", "--from", "JSDI", "--to", "SSSJ"], capsys)
    moves = [Move.parse(line, posts=4) for line in out.splitlines()]
    assert status == 0 and puzzle.play(moves, source) == target
    assert len(moves) == plain_distances(puzzle, source)[target]
    status, out, _ = run(["solve", "100", "--posts", "4", "--count"], capsys)
    assert status == 0 and int(out) == frame_stewart.count(100, 4)
    status, out, _ = run(["solve", "3", "--posts", "4", "--from", "DDD", "--format", "json"], capsys)
    assert status == 0 and json.loads(out) == []


@pytest.mark.parametrize(
    "args, puzzle",
    [
        (["3", "--posts", "4"], Puzzle(3, posts=4)),
        (["2", "--magnetic", "NNNN", "--moves", "cyclic"], MagneticPuzzle(2, "NNNN", moves="cyclic")),
    ],
)
def test_show_plays_k_posts_with_their_post_letters(args, puzzle, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    status, out, err = run(["show", *args, "--delay", "0"], capsys)
    assert status == 0, err
    captions = [line.split(": ", 1)[1].split() for line in out.splitlines() if line.startswith("move ")]
    moves = [puzzle.parse_move(move) for move, _ in captions]
    assert status == 0 and puzzle.play(moves) == puzzle.goal
    assert len(moves) == plain_distances(puzzle, puzzle.start)[puzzle.goal]
    assert [after for _, after in captions][-1] == str(puzzle.goal)
    assert any(line.split() == list(puzzle.post_names) for line in out.splitlines())


def test_animate_draws_k_posts(tmp_path, capsys):
    movie = tmp_path / "four.gif"
    status, out, _ = run(["animate", "2", "--posts", "4", "--out", str(movie), "--tween", "0"], capsys)
    assert status == 0 and movie.read_bytes()[:6] == b"GIF89a" and f"{frame_stewart.count(2, 4)} moves" in out
