"""``hanoi solve``, ``move``, ``state`` and ``distance`` through ``hanoikit.cli.main``, as a user runs them."""

from __future__ import annotations

import csv
import io
import json

import pytest

from hanoikit import MagneticPuzzle, Move, Puzzle, State
from hanoikit.algorithms import Family, registered
from hanoikit.cli import main
from hanoikit.cli.solve import LISTING_LIMIT
from hanoikit.digits import unlimited
from hanoikit.formats import FORMATS, write_moves
from hanoikit.solvers.arrays import chunks
from hanoikit.solvers.classic import recursive
from test_formats import reference


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def run_failing(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


def test_solve_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "solve", "3").splitlines() == ["1SD", "2SI", "1DI", "3SD", "1IS", "2ID", "1SD"]


@pytest.mark.parametrize("n", [1, 9, 10, 13])
def test_solve_text_is_the_recursion(capsys: pytest.CaptureFixture[str], n: int) -> None:
    assert run(capsys, "solve", str(n)).splitlines() == [str(m) for m in recursive(n)]


@pytest.mark.parametrize("n", [3, 11])
def test_solve_json_and_csv(capsys: pytest.CaptureFixture[str], n: int) -> None:
    expected = [list(m) for m in recursive(n)]
    assert json.loads(run(capsys, "solve", str(n), "--format", "json")) == expected
    rows = list(csv.reader(io.StringIO(run(capsys, "solve", str(n), "--format", "csv"))))
    assert rows[0] == ["disk", "src", "dst"]
    assert [[int(x) for x in row] for row in rows[1:]] == expected


@pytest.mark.parametrize("fmt", ["text", "json", "csv"])
def test_writer_across_chunk_boundaries(fmt: str) -> None:
    n = 12
    whole, pieces = io.BytesIO(), io.BytesIO()
    write_moves(chunks(n), n, fmt, whole)
    write_moves(chunks(n, 1000), n, fmt, pieces)
    assert whole.getvalue() == pieces.getvalue()
    if fmt == "json":
        assert json.loads(pieces.getvalue()) == [list(m) for m in recursive(n)]


@pytest.mark.parametrize("method", [a.name for a in registered(Family.CLASSIC)])
def test_every_method_prints_the_same(capsys: pytest.CaptureFixture[str], method: str) -> None:
    assert run(capsys, "solve", "6", "--method", method) == run(capsys, "solve", "6")


@pytest.mark.parametrize("fmt", FORMATS)
def test_solve_prints_the_moves_of_the_puzzle(capsysbinary: pytest.CaptureFixture[bytes], fmt: str) -> None:
    """The bytes of ``hanoi solve`` are those of the moves of ``puzzle.solve()``, one at a time."""
    cases = [
        (Puzzle(17), [], None, None),
        (Puzzle(13), ["--method", "bits"], None, None),
        (Puzzle(12), [], "SIDSIDSIDDDI", "IIDSSDSDIDSS"),
        (MagneticPuzzle(10, "NRB"), ["--magnetic", "NRB"], None, None),
        (MagneticPuzzle(7, "NNN", goal_up="R"), ["--magnetic", "NNN", "--goal-up", "R"], "ISDDIIS:RRBBRRR", None),
    ]
    for puzzle, options, a, b in cases:
        ends = [*(["--from", a] if a else []), *(["--to", b] if b else [])]
        assert main(["solve", str(puzzle.n), "--format", fmt, *options, *ends]) == 0
        src, dst = (None if x is None else puzzle.parse(x) for x in (a, b))
        assert capsysbinary.readouterr().out == reference(puzzle.solve(src, dst), fmt)


def test_count_is_exact(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "solve", "64", "--count") == f"{2**64 - 1}\n"
    assert run(capsys, "solve", "1000", "--count") == f"{2**1000 - 1}\n"
    a = State.parse("SIDSI")
    assert run(capsys, "solve", "5", "--from", str(a), "--to", "DDDDD", "--count") == f"{Puzzle(5).distance(a)}\n"


def test_counts_with_thousands_of_digits(capsys: pytest.CaptureFixture[str]) -> None:
    a, b = "S" * 20_000, "SD" * 10_000
    outputs = [run(capsys, "solve", "20000", "--count"), run(capsys, "distance", a, b)]
    with unlimited():  # Python's default stops at 4300 digits
        assert [int(out) for out in outputs] == [2**20_000 - 1, Puzzle(20_000).distance(State.parse(a), State.parse(b))]


def test_solve_between_positions(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = Puzzle(6)
    a, b = State.parse("SIDSIS"), State.parse("DSIDDI")
    moves = [Move.parse(line) for line in run(capsys, "solve", "6", "--from", str(a), "--to", str(b)).splitlines()]
    assert len(moves) == puzzle.distance(a, b)
    assert puzzle.play(moves, a) == b
    assert run(capsys, "solve", "6", "--from", str(b), "--to", str(b)) == ""


def test_too_many_moves_are_refused_with_the_exact_count(capsys: pytest.CaptureFixture[str]) -> None:
    n = LISTING_LIMIT.bit_length()  # the smallest tower beyond the limit
    assert 2 ** (n - 1) - 1 <= LISTING_LIMIT < 2**n - 1
    assert str(2**n - 1) in run_failing(capsys, "solve", str(n))
    assert str(2**64 - 1) in run_failing(capsys, "solve", "64", "--format", "json")


def test_move_state_distance(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "move", "3", "3") == "3SD\n"
    assert run(capsys, "move", "64", str(2**63 - 1)) == run(capsys, "move", "64", "2**63-1") == "64SD\n"
    assert run(capsys, "move", "20000", "2**19999 - 1") == "20000SD\n"

    assert run(capsys, "move", "64", str(2**64 - 2)) == f"{Puzzle(64).move_at(2**64 - 2)}\n"
    assert run(capsys, "state", "4", "8") == "IIID\n"
    assert run(capsys, "state", "64", str(2**64 - 1)) == "D" * 64 + "\n"
    assert run(capsys, "distance", "SSIDD", "DDDDD") == f"{Puzzle(5).distance(State.parse('SSIDD'))}\n"
    assert run(capsys, "distance", "SSS", "DDD") == "7\n"


@pytest.mark.parametrize(
    "args, words",
    [
        (["solve", "0"], "0"),
        (["solve", "3", "--from", "SXS"], "SXS"),
        (["solve", "3", "--to", "DD"], "2 disks"),
        (["solve", "3", "--method", "magic"], "recursive, iterative"),
        (["solve", "3", "--method", "recursive", "--from", "ISS"], "--method optimal"),
        (["solve", "3", "--format", "xml"], "xml"),
        (["solve", "3", "--goal-up", "R"], "--magnetic"),
        (["move", "3", "7"], "there is no move 7: the solution has 7 moves"),
        (["move", "3", "--", "-1"], "no move -1"),
        (["state", "3", "8"], "no position after 8 moves"),
        (["move", "20000", "2**20000"], "about 3.980·10^6020 (6,021 digits) moves"),
        (["move", "3", "2**x"], "2**x"),
        (["move", "3", "x"], "x"),
        (["distance", "SSS", "DD"], "2 disks"),
        (["distance", "SSS", "DDD:BBB"], "colours"),
        (["solve", "3", "--magnetic", "XYZ"], "XYZ"),
        (["solve", "3", "--magnetic", "NNR", "--goal-up", "B"], "cannot be reached"),
        (["solve", "3", "--magnetic", "NNN", "--to", "DDD:RRB"], "DDD:RRB"),
    ],
)
def test_bad_input_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str], args: list[str], words: str) -> None:
    assert words in run_failing(capsys, *args)


def test_magnetic_goes_through_the_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = MagneticPuzzle(4, "NNN")
    moves = [Move.parse(line) for line in run(capsys, "solve", "4", "--magnetic", "NNN").splitlines()]
    assert len(moves) == puzzle.distance()
    assert puzzle.play(moves) == puzzle.goal
    assert run(capsys, "solve", "4", "--magnetic", "NNN", "--count") == f"{puzzle.distance()}\n"
    assert json.loads(run(capsys, "solve", "4", "--magnetic", "NNN", "--format", "json")) == [list(m) for m in moves]
    assert run(capsys, "move", "4", "0", "--magnetic", "NNN") == f"{moves[0]}\n"
    assert run(capsys, "state", "4", "3", "--magnetic", "NNN") == f"{puzzle.play(moves[:3])}\n"
    assert run(capsys, "distance", "SS:RR", "DD:BB", "--magnetic", "NNN") == f"{MagneticPuzzle(2).distance()}\n"
    assert "optimal" in run_failing(capsys, "solve", "3", "--magnetic", "NNN", "--method", "bits")
