"""First contact with the command line (issue 33): the messages say what is expected and what was done, the slow
member of ``hanoi variants`` says what it is doing, and the search's progress bar keeps its numbers and times whole on
a terminal 100 columns wide."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from clirun import run
from hanoikit import Puzzle
from hanoikit.search import progress_bar


@pytest.mark.parametrize("given", ["abc", "3.5", ""])
def test_a_number_of_disks_that_is_no_number_says_what_is_expected(
    given: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["solve", given], capsys)
    assert status == 2 and out == ""
    assert f"{given!r} is not a number of disks: give a whole number from 1 to 1,000,000" in err
    assert "integer range" not in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("a", "b", "colored"), [("SIS:RBR", "DDD:BBB", "SIS:RBR"), ("SIS", "DDD:BBB", "DDD:BBB")]
)
def test_distance_of_coloured_positions_without_magnetic_suggests_it(
    a: str, b: str, colored: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["distance", a, b], capsys)
    assert status == 2 and out == ""
    assert err == (f"hanoi: position {colored!r} gives top colours, which only the magnetic tower has: add --magnetic "
                   f"with the colour of each post, e.g. hanoi distance {a} {b} --magnetic NNN\n")
    status, out, _ = run(["distance", "SIS:RBR", "DDD:BBB", "--magnetic", "NNN"], capsys)  # the suggestion works
    assert (status, out) == (0, "8\n")


def test_generate_says_what_it_wrote(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "set.jsonl"
    status, out, err = run(["generate", "--count", "3", "--seed", "1", "--disks", "2..3", "--out", str(out_file)],
                           capsys)
    assert status == 0 and err == ""
    written = out_file.read_text().splitlines()
    assert out == f"wrote {out_file}: {len(written)} instances (JSON lines)\n" and len(written) == 3
    assert all(json.loads(line)["n"] in (2, 3) for line in written)


def test_variants_of_a_searched_member_says_what_it_does_once(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["variants", "--posts", "4", "--moves", "cyclic", "--upto", "2"], capsys)
    assert status == 0 and "RBRN" in out
    assert err == "hanoi variants: searching 23,040 positions for the first 2 counts of the 81 colourings of 4 posts " \
        "with cyclic moves...\n"
    status, out, err = run(["variants", "--posts", "6", "--upto", "4"], capsys)  # refused: one line, no search said
    assert status == 2 and err.count("\n") == 1 and "would search" in err
    status, out, err = run(["variants"], capsys)  # the 27 colourings: a formula each, nothing to wait for
    assert status == 0 and err == ""


_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@pytest.mark.parametrize("width", [80, 100, 140])
@pytest.mark.parametrize("puzzle", [Puzzle(14, posts=4), Puzzle(20)], ids=repr)
def test_the_search_bar_keeps_its_numbers_and_times_whole(
    puzzle: Puzzle, width: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # rich draws the bar although stderr is captured
    total = puzzle.posts**puzzle.n
    with progress_bar(True, total, f"search {puzzle!r}", "layer") as update:
        time.sleep(0.15)
        update(total // 3, 1234)
        time.sleep(0.15)
        update(total // 2, 2345)
    frames = [_ANSI.sub("", frame) for frame in capsys.readouterr().err.split("\r")]
    drawn = [frame.rstrip() for frame in frames if f"{total // 2:,} of {total:,} positions, layer 2,345" in frame]
    assert drawn
    for frame in drawn:
        assert len(frame) <= width
        assert re.search(r" \d+:\d\d:\d\d (\d+:\d\d:\d\d|-:--:--)$", frame), frame  # the time taken and left
