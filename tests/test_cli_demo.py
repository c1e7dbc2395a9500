"""``hanoi demo``: the quick start's main job runs and shows real solutions."""

from hanoikit.cli import main


def test_demo_solves_both_towers_move_by_move(capsys):
    assert main(["demo", "3"]) == 0
    out = capsys.readouterr().out
    assert "classic, 3 disks: 7 moves" in out and "magnetic NNN, 3 disks: 11 moves" in out
    assert "DDD:BBB" in out and "[r1r]" in out  # the last position and the magnetic start drawn
    assert "18,446,744,073,709,551,615" in out


def test_demo_refuses_a_tower_too_tall_to_show(capsys):
    assert main(["demo", "9"]) == 2
    assert "1<=x<=7" in capsys.readouterr().err
