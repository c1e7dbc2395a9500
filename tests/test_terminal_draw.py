"""Terminal drawings (``hanoi show``) fit the terminal and keep one height; tables keep their words whole and print
as JSON or CSV too."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from clirun import run
from hanoikit import MagneticPuzzle, Puzzle
from hanoikit.draw.terminal import STEP_KEYS, emit, natural_width, picture, show, table

SRC = Path(__file__).resolve().parents[1] / "src"


def hanoi(*args: str, columns: int) -> str:
    env = dict(os.environ, PYTHONPATH=str(SRC), COLUMNS=str(columns))
    done = subprocess.run(
        [sys.executable, "-m", "hanoikit", *args], capture_output=True, text=True, env=env, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize(("n", "columns", "magnetic"), [(10, 60, None), (6, 40, "RBN"), (5, 20, "NNN")])
def test_show_fits_the_terminal_and_keeps_one_height(n: int, columns: int, magnetic: str | None) -> None:
    assert natural_width(n) > columns  # the full-size drawing would not fit
    args = ["show", str(n), "--delay", "0"] + (["--magnetic", magnetic] if magnetic else [])
    frames = hanoi(*args, columns=columns).split("\n\n")
    puzzle = Puzzle(n) if magnetic is None else MagneticPuzzle(n, magnetic)
    assert len(frames) == puzzle.distance() + 1
    for frame in frames[:50] + frames[-50:]:
        lines = frame.rstrip("\n").split("\n")
        assert max(len(line) for line in lines) <= columns
        assert lines[n + 3].startswith(("start ", "move "))  # disks, one row above, the base, the names: one height
    assert " ".join(frames[-1].split("\n")[n + 3 :]).split()[-1] == str(puzzle.goal)


def test_every_disk_stays_told_apart_when_narrowed() -> None:
    console = Console(width=40, color_system=None)
    with console.capture() as captured:
        console.print(picture(Puzzle(8).start, Puzzle(8), width=40))
    rows = [row[: 40 // 3] for row in captured.get().split("\n")[1:9]]  # the column of post S
    widths = [len(row.strip()) for row in rows]
    assert widths == sorted(widths) and [row.strip().strip("▀") for row in rows] == [str(d) for d in range(1, 9)]


def test_step_mode_shows_its_keys_and_stops_on_q() -> None:
    out = io.StringIO()
    console = Console(file=out, width=60, force_terminal=True, color_system=None)
    keys = iter(["x", "q"])
    puzzle = MagneticPuzzle(2)
    last = show(puzzle, puzzle.solve(), step=True, console=console, read_key=lambda: next(keys))
    assert last == puzzle.apply(puzzle.start, next(puzzle.solve()))  # one move, then q
    assert STEP_KEYS in out.getvalue()


COLUMNS = ["colouring", "goals", "variant", "S(1..6)", "steps", "p", "time reversal", "same counts as"]
ROWS = [
    ["RRB", "B", "RRB", "1, 4, 13, 40, 121, 364", "1/2", 1, "RBB", ""],
    ["NNN", "R, B", "NNN", "", "", 2, "", "RBB"],
]


def test_tables_never_break_a_word_at_80_columns() -> None:
    console = Console(width=80, color_system=None)
    with console.capture() as captured:
        console.print(table("The 27 colourings", COLUMNS, ROWS, caption="counts S(n) for n = 1..6; p: the period"))
    words = set(captured.get().replace("│", " ").replace("┃", " ").split())
    expected = {word.strip(",") for text in COLUMNS + [str(c) for row in ROWS for c in row] for word in text.split()}
    assert {word.strip(",") for word in words} >= expected


def test_emit_prints_json_and_csv_with_exact_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    rows = [[n, 2**n - 1] for n in (1, 64, 200)]
    emit("json", ["n", "moves"], rows)
    assert json.loads(capsys.readouterr().out) == [{"n": n, "moves": moves} for n, moves in rows]
    emit("csv", ["n", "moves"], rows)
    table = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert table == [["n", "moves"]] + [[str(a), str(b)] for a, b in rows]
    with pytest.raises(ValueError, match="unknown format 'xml'"):
        emit("xml", ["n"], [])


@pytest.mark.parametrize("width", [0, 1, 40, 80])
def test_a_table_of_counts_shows_every_digit_whatever_the_width(width: int, monkeypatch, capsys) -> None:
    """``hanoi count`` on a narrow terminal (or a pipe, 80 columns) cut its numbers: '900719925' for 2**53 at 40
    columns, '8034690221294951377709810461705813…' and no n column at 80; with COLUMNS=0 it printed nothing."""
    monkeypatch.setenv("COLUMNS", str(width))
    status, out, err = run(["count", "--upto", "120"], capsys)
    assert status == 0 and not err
    rows = [line.split("│") for line in out.splitlines() if line.startswith("│")]
    assert [int(row[1]) for row in rows] == list(range(1, 121))
    assert [int(row[2]) for row in rows] == [2**n - 1 for n in range(1, 121)]
    assert [int(row[3]) for row in rows] == [2 ** (k - 1) for k in range(1, 121)]


def test_emit_prints_a_table_wider_than_its_console_whole() -> None:
    console = Console(width=20, color_system=None)
    with console.capture() as captured:
        emit("table", ["n", "moves"], [[n, 3**n] for n in (1, 50, 100)], console)
    assert all(str(3**n) in captured.get() for n in (1, 50, 100))
    assert console.width == 20


_TABLE_COMMANDS = {
    "markov": ["markov"],
    "oeis": ["oeis", "--upto", "3", "--max-positions", "1000"],
    "oeis --new": ["oeis", "--new", "--upto", "3", "--max-positions", "1000"],
    "search": ["search", "4", "--magnetic", "NNN"],
    "count": ["count", "--magnetic", "NNN", "--upto", "30"],
    "crossings": ["crossings", "--upto", "4"],
    "explain --cycles": ["explain", "4", "--cycles"],
}


@pytest.mark.parametrize("name", sorted(_TABLE_COMMANDS))
@pytest.mark.parametrize("width", [0, 24, 68])
def test_tables_print_whole_at_any_width(name: str, width: int, monkeypatch, capsys) -> None:
    """With COLUMNS=0 ``hanoi markov``, ``oeis`` and ``search`` printed nothing and exited 0; at narrow widths their
    tables cut numbers ('SSSSSSS…', '1,23…') or broke words inside. Every table line keeps both borders, no cell
    ends in an ellipsis, and every number of the wide output is in the narrow one, whole."""
    monkeypatch.setenv("COLUMNS", "200")
    status, wide, _ = run(_TABLE_COMMANDS[name], capsys)
    assert status == 0
    monkeypatch.setenv("COLUMNS", str(width))
    status, out, err = run(_TABLE_COMMANDS[name], capsys)
    assert status == 0 and out.strip(), (name, width, err)
    rows = [line for line in out.splitlines() if line and line[0] in "┏┃┡│└┌├"]
    assert rows and all(line.rstrip()[-1] in "┓┃┩│┘┐┤" for line in rows), (name, width)
    assert "…" not in out.replace("│        … │         … │", "")
    numbers = re.compile(r"(?<![\w,./])\d[\d,]*(?:/\d+)?(?![\w,/])")
    def cells(text: str) -> set[str]:  # the numbers in table cells, but the time a search took
        lines = [line for line in text.splitlines() if line and line[0] in "┃│" and "positions/s" not in line]
        return {number for line in lines for number in numbers.findall(line)}

    assert cells(wide) <= cells(out), (name, width, cells(wide) - cells(out))
