"""``hanoi crossings``, ``hanoi time`` and ``hanoi reproduce`` from the command line."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from hanoikit import levy
from hanoikit.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_crossings_prints_table_10(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "crossings", "--algorithm", "62", "--upto", "8")
    assert status == 0
    last = next(line for line in out.splitlines() if line.startswith("│ 8 "))
    assert [cell.strip() for cell in last.strip("│ ").split("│")][:5] == ["8", "4", "14", "6", "24"]
    assert [int(cell) for cell in last.strip("│ ").split("│")][5:] == [2050, 2026, 24]


def test_crossings_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chart = tmp_path / "chart.png"
    status, _out, _ = run(capsys, "crossings", "-a", "67-down", "--upto", "4", "--plot", str(chart))
    assert status == 0 and chart.read_bytes()[:4] == b"\x89PNG"
    status, _, err = run(capsys, "crossings", "--plot", str(tmp_path / "chart.txt"))
    assert status == 2 and err.count("\n") == 1


def test_time_classic_and_magnetic(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "time", "64")
    assert status == 0
    assert "18,446,744,073,709,551,615" in out and "584,542,046,090.626" in out and "365.25" in out
    status, out, _ = run(capsys, "time", "64", "--algorithm", "62", "--rate", "1/3")
    assert f"{levy.counts('62', 64) * 3:,}" in out
    status, out, _ = run(capsys, "time", "3", "--rate", "2.5")
    seconds = Fraction(7) / Fraction("2.5")
    assert f"{seconds.numerator}/{seconds.denominator}" in out


@pytest.mark.parametrize(
    "args",
    [
        ["time", "64", "--rate", "0"],
        ["time", "64", "--rate", "fast"],
        ["time", "64", "--magnetic", "XYZ"],
        ["time", "64", "--magnetic", "NNN", "--algorithm", "62"],
        ["time", "0"],
        ["crossings", "--algorithm", "63"],
        ["crossings", "--algorithm", "62", "--magnetic", "RBB"],
        ["reproduce", "--out", __file__],
    ],
)
def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    status, _, err = run(capsys, *args)
    assert status == 2 and err.count("\n") == 1


def test_reproduce(tmp_path: Path, capsys: pytest.CaptureFixture[str], collect_once: object) -> None:
    """The command writes the report and names its mismatches (the seeds' items computed once for the run:
    tests/conftest.py; what they are is tests/test_report.py's)."""
    status, out, _ = run(capsys, "reproduce", "--out", str(tmp_path / "rep"))
    assert status == 0
    assert (tmp_path / "rep" / "report.html").is_file()
    assert "items match" in out and "✗ seed 000" in out
