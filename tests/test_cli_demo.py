"""``hanoi demo``: the quick start's main job, a real tour that fits one 80×24 screen."""

import pytest

from hanoikit import MagneticPuzzle, Puzzle
from hanoikit.cli import demo, main
from hanoikit.draw.terminal import natural_width
from hanoikit.move import Move
from oracle import plain_distances, plain_distances_to


@pytest.mark.parametrize("n", [1, 5, 7])
def test_demo_fits_one_80_by_24_screen(
    n: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(demo, "_command", lambda: ".venv/bin/hanoi")  # as make demo runs it
    assert main(["demo", str(n)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) <= 21  # with the command, make's echo and the prompt: one 24-line screen
    assert lines[-1].strip() == "(hanoi is not on PATH here: run .venv/bin/hanoi)"
    assert max(len(line.rstrip()) for line in lines) <= 80


def test_demo_computes_what_it_shows(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Oracle: breadth-first search for the 4-disk towers, closed forms for the 64-disk counts."""
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["demo", "4"]) == 0
    out = capsys.readouterr().out
    magnetic, classic = MagneticPuzzle(4), Puzzle(4)
    optimum = plain_distances(magnetic, magnetic.start)[magnetic.goal]
    beside = " ".join(line[natural_width(4) + 3 :].strip() for line in out.splitlines()[1:9])  # right of the board
    shown = beside.split(f"Optimal: {optimum} moves, checked now: ")[1].split(" … ")[0].split()
    to_goal, state = plain_distances_to(magnetic, magnetic.goal), magnetic.start
    for move in map(Move.parse, shown):  # each shown move is legal and one step nearer the goal
        after = magnetic.apply(state, move)
        assert to_goal[after] == to_goal[state] - 1
        state = after
    assert f"Classic, 4 disks: {plain_distances(classic, classic.start)[classic.goal]} moves" in beside
    assert f"after {optimum // 3} of {optimum} moves" in out
    assert f"{2**64 - 1:,}" in out and f"{(3**64 - 1) // 2:,}" in out
    assert "magnetic, 1,000 disks, from a third of the way: 477 digits, exact" in out


def test_demo_refuses_a_tower_too_tall_to_show(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "9"]) == 2
    assert "1<=x<=7" in capsys.readouterr().err
