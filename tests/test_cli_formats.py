"""``--format table|json|csv`` of ``hanoi count``, ``variants``, ``crossings`` and ``time``: JSON keeps every number
an exact int, CSV starts with its header, and the tables keep every word whole at 80 columns."""

from __future__ import annotations

import csv
import io
import json
import re
from fractions import Fraction

import pytest

from hanoikit import MagneticPuzzle, Puzzle, levy
from hanoikit.cli import main
from oracle import plain_distances


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    status = main(args)
    out = capsys.readouterr()
    assert status == 0, out.err
    return out.out


def rows_of(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[list[dict[str, object]], list[str]]:
    """The rows given with --format json, and the header given with --format csv (the same columns)."""
    rows = json.loads(run([*args, "--format", "json"], capsys))
    header = next(csv.reader(io.StringIO(run([*args, "--format", "csv"], capsys))))
    assert header == list(rows[0])
    return rows, header


def test_count_formats_hold_exact_ints(capsys: pytest.CaptureFixture[str]) -> None:
    rows, header = rows_of(["count", "--upto", "70"], capsys)  # 2**70 is past a float's exact ints
    assert header == ["n / k", "S(n)", "P(k)", "S(n)/2^n"]
    assert [row["S(n)"] for row in rows] == [Puzzle(n).distance() for n in range(1, 71)]
    assert all(type(row["S(n)"]) is int for row in rows) and rows[-1]["S(n)"] == 2**70 - 1
    rows, _ = rows_of(["count", "--magnetic", "RBB", "--upto", "4"], capsys)
    oracle = [plain_distances(MagneticPuzzle(n, "RBB"), MagneticPuzzle(n, "RBB").start) for n in range(1, 5)]
    assert [row["S(n)"] for row in rows] == [d[MagneticPuzzle(n, "RBB").goal] for n, d in enumerate(oracle, 1)]


def test_count_of_a_family_member_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    rows, header = rows_of(["count", "--posts", "4", "--upto", "5"], capsys)
    assert header == ["n", "S(n)", "S(n) - S(n-1)"]
    oracle = [
        plain_distances(Puzzle(n, posts=4), Puzzle(n, posts=4).start)[Puzzle(n, posts=4).goal] for n in range(1, 6)
    ]
    assert [row["S(n)"] for row in rows] == oracle


def test_variants_formats(capsys: pytest.CaptureFixture[str]) -> None:
    rows, header = rows_of(["variants", "--upto", "3"], capsys)
    assert header[:3] == ["variant", "goals", "S(1..3)"] and len({row["variant"] for row in rows}) == len(rows)
    rbb = next(row for row in rows if row["variant"] == "RBB")
    puzzles = [MagneticPuzzle(n, "RBB") for n in range(1, 4)]
    assert rbb["S(1..3)"] == [plain_distances(p, p.start)[p.goal] for p in puzzles]
    assert next(row for row in rows if row["variant"] == "RRR")["goals"] == "none"


def test_crossings_formats(capsys: pytest.CaptureFixture[str]) -> None:
    rows, header = rows_of(["crossings", "--algorithm", "62", "--upto", "8"], capsys)
    assert header == ["N", "S", "I", "D", "total", "moves", "optimal", "above optimal"]
    assert [row["moves"] for row in rows] == [levy.counts("62", n) for n in range(1, 9)]
    assert [row["optimal"] for row in rows] == [MagneticPuzzle(n).distance() for n in range(1, 9)]
    assert all(row["total"] == row["S"] + row["I"] + row["D"] for row in rows)  # type: ignore[operator]


def test_time_formats(capsys: pytest.CaptureFixture[str]) -> None:
    rows, header = rows_of(["time", "64", "--rate", "1/3"], capsys)
    assert header == ["n", "solution", "moves", "rate", "seconds", "years"]
    (row,) = rows
    assert row["moves"] == 2**64 - 1 and row["rate"] == "1/3" and row["seconds"] == 3 * (2**64 - 1)
    assert Fraction(str(row["years"])) == Fraction(3 * (2**64 - 1)) / Fraction("365.25") / 86400


def words(text: str) -> set[str]:
    return set(re.sub(r"[│┃━─┏┓┗┛┡┩┣┫╇╋┳┻┯┷└┘┌┐├┤┼┬┴]", " ", text).split())


@pytest.mark.parametrize(
    "args",
    [
        ["variants"],
        ["count"],
        ["count", "--magnetic", "RBN", "--goal-up", "R", "--upto", "30"],
        ["count", "--posts", "4", "--upto", "30"],
        ["count", "--magnetic", "NNNN", "--upto", "5"],
        ["crossings", "--algorithm", "62", "--upto", "8"],
        ["explain", "8", "--cycles"],
    ],
)
def test_tables_keep_words_whole_at_80_columns(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    wide = run(args, capsys)
    monkeypatch.setenv("COLUMNS", "80")
    narrow = run(args, capsys)
    assert max(len(line) for line in narrow.splitlines()) <= 80
    assert words(narrow) <= words(wide), words(narrow) - words(wide)  # a split word leaves pieces not in the wide table
