"""``--posts`` and ``--moves`` on the commands that take a puzzle: answered where the command handles the family, refused
in one line (exit 2) where it does not yet; ``hanoi count --posts 4`` prints the Frame-Stewart table."""

from __future__ import annotations

import pytest

from hanoikit import MagneticPuzzle, Puzzle, State
from hanoikit.cli import main
from hanoikit.solvers import cyclic, frame_stewart, tower_search


def run(args: list[str], capsys) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    status = main(args)
    out = capsys.readouterr()
    return status, out.out, out.err


def test_count_with_four_posts_prints_the_frame_stewart_table(capsys):
    status, out, _ = run(["count", "--posts", "4", "--upto", "30"], capsys)
    assert status == 0 and "frame-stewart" in out and "proven optimal" in out
    rows = [line.split("│") for line in out.splitlines() if line.startswith("│")]
    assert [int(row[2]) for row in rows] == [frame_stewart.count(n, 4) for n in range(1, 31)]
    assert [int(row[3]) for row in rows][:7] == [1, 2, 2, 4, 4, 4, 8]


def test_count_follows_the_rules_given(capsys):
    status, out, _ = run(["count", "--moves", "cyclic", "--upto", "12"], capsys)
    assert status == 0 and str(cyclic.two_steps(12)) in out and "Atkinson" in out
    status, out, _ = run(["count", "--magnetic", "NNNN", "--upto", "9"], capsys)
    rows = [line.split("│") for line in out.splitlines() if line.startswith("│")]
    assert status == 0 and "exhaustive search" in out and len(rows) == 6  # 4**7 * 16 positions is above the cap
    assert [int(row[2]) for row in rows] == [tower_search.distance(MagneticPuzzle(n, "NNNN")) for n in range(1, 7)]
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
    ],
)
def test_commands_that_handle_the_rules_answer_with_them(args, expected, capsys):
    status, out, _ = run(args, capsys)
    assert status == 0 and out.strip() == expected


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "3", "--posts", "4"],
        ["solve", "3", "--moves", "cyclic"],
        ["move", "3", "1", "--posts", "4"],
        ["distance", "SSS", "DDD", "--posts", "5"],
        ["search", "3", "--posts", "4", "--magnetic", "NNN"],
        ["graph", "3", "--moves", "linear"],
        ["show", "3", "--posts", "4"],
        ["animate", "3", "--posts", "4", "--out", "never.gif"],
        ["count", "--posts", "4", "--magnetic", "NNN"],
        ["count", "--moves", "SX"],
        ["count", "--posts", "11"],
    ],
)
def test_what_a_command_cannot_handle_is_refused_in_one_line(args, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(args, capsys)
    assert status == 2 and len(err.strip().splitlines()) == 1 and not list(tmp_path.iterdir())
