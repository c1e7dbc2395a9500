"""``hanoi variants --posts K --moves RULE``: every colouring of a member of the family, its reachable goal faces and
first counts, checked against the plain breadth-first search of ``tests/oracle.py``; the default table is unchanged."""

from __future__ import annotations

import itertools
import json

import pytest

from clirun import run
from hanoikit import MagneticPuzzle, limits
from oracle import plain_distances


def rows_of(args: list[str], capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    status, out, err = run([*args, "--format", "json"], capsys)
    assert status == 0, err
    rows: list[dict[str, object]] = json.loads(out)
    return rows


def counts(puzzle: MagneticPuzzle, upto: int) -> list[int | None]:
    """S(1..upto) of ``puzzle``'s rules, by the plain search (``None``: the goal cannot be reached)."""
    made = [MagneticPuzzle(n, puzzle.colors, goal_up=puzzle.goal_up, moves=puzzle.moves) for n in range(1, upto + 1)]
    return [plain_distances(p, p.start).get(p.goal) for p in made]


def expected_rows(posts: int, moves: str, upto: int) -> list[dict[str, object]]:
    """The rows the command should print, from the plain search: each colouring with every legal goal face reached
    for some n (a slash names a goal face other than the default), or "none"; and the first row with the same counts."""
    rows: list[dict[str, object]] = []
    first_of: dict[tuple[int | None, ...], str] = {}
    for word in map("".join, itertools.product("RBN", repeat=posts)):
        default = MagneticPuzzle(1, word, moves=moves).goal_up
        listed = []
        for goal in ("R", "B"):
            puzzle = MagneticPuzzle(1, word, goal_up=goal, moves=moves)
            totals = counts(puzzle, upto) if puzzle.goal_is_legal else [None]
            if any(total is not None for total in totals):
                listed.append((word if goal == default else f"{word}/{goal}", goal, totals))
        if not listed:
            rows.append({"variant": word, "goals": "none", f"S(1..{upto})": "", "same counts as": ""})
        for name, _, totals in listed:
            twin = first_of.setdefault(tuple(totals), name)
            rows.append({"variant": name, "goals": " ".join(goal for _, goal, _ in listed), f"S(1..{upto})": totals,
                         "same counts as": "" if twin == name else twin})
    return rows


@pytest.mark.parametrize(
    "args, posts, moves, upto",
    [
        (["--posts", "4"], 4, "any", 2),
        (["--posts", "4", "--moves", "linear"], 4, "linear", 2),  # I and J cannot be swapped here
        (["--moves", "cyclic"], 3, "cyclic", 3),
        (["--moves", "linear"], 3, "linear", 3),
        (["--moves", "star"], 3, "star", 3),
        (["--moves", "SI ID SD DS"], 3, "SI ID SD DS", 3),
    ],
)
def test_every_colouring_of_a_member_against_the_plain_search(args, posts, moves, upto, capsys):
    rows = rows_of(["variants", *args, "--upto", str(upto)], capsys)
    assert rows == expected_rows(posts, moves, upto)
    names = [str(row["variant"]) for row in rows]
    assert len(set(names)) == len(names) and len({name[:posts] for name in names}) == 3**posts


def test_colourings_searched_once_for_their_symmetry_have_their_own_counts(capsys):
    rows = {row["variant"]: row["S(1..4)"] for row in rows_of(["variants", "--posts", "4", "--upto", "4"], capsys)}
    # BNNR is RNNB with red and blue swapped, RBNN is RNBN with I and J relabelled: each searched as the other
    for word in ("BNNR", "RNNB", "RBNN", "RNBN"):
        assert rows[word] == counts(MagneticPuzzle(1, word), 4), word
    assert "RRRR/B" not in rows and "RRRR" in rows  # a tower showing red cannot leave a red post for another red one


def test_counts_stop_at_the_search_cap_and_say_so(capsys, monkeypatch):
    monkeypatch.setattr(limits, "MAX_SEARCH_POSITIONS", 2000)  # magnetic on three posts: 3**n * 8 positions, n <= 5
    monkeypatch.setenv("COLUMNS", "200")
    status, out, _ = run(["variants", "--moves", "cyclic", "--upto", "9"], capsys)
    assert status == 0 and "S(1..5)" in out and "S(1..6)" not in out
    assert "n <= 5" in out and f"{3**6 * 8:,}" in out and "-: the goal cannot be reached" in out
    nnn = next(line for line in out.splitlines() if line.startswith("│ NNN "))
    oracle = counts(MagneticPuzzle(1, moves="cyclic"), 5)
    assert nnn.split("│")[3].strip().split(", ") == ["-" if t is None else str(t) for t in oracle]


def test_the_default_upto_keeps_within_the_cap(capsys):
    rows = rows_of(["variants", "--posts", "4", "--moves", "linear"], capsys)
    (key,) = [key for key in rows[0] if key.startswith("S(1..")]
    upto = int(key[5:-1])
    assert 1 <= upto and 4**upto * 2**4 <= limits.MAX_SEARCH_POSITIONS
    assert len(rows) >= 3**4 and all(type(t) is int or t is None for row in rows for t in row[key] or [])


@pytest.mark.parametrize(
    "args",
    [
        ["--posts", "7"],  # 3**7 colourings
        ["--posts", "6", "--upto", "4"],  # more positions in all than MAX_VARIANTS_POSITIONS
        ["--moves", "SX"],
        ["--posts", "11"],
    ],
)
def test_what_is_too_much_is_refused_in_one_line(args, capsys):
    status, out, err = run(["variants", *args], capsys)
    assert status == 2 and not out and len(err.strip().splitlines()) == 1 and err.startswith(("hanoi", "Usage"))


def test_the_default_table_is_the_three_post_one(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    default = rows_of(["variants"], capsys)
    assert list(default[0]) == ["variant", "goals", "S(1..6)", "s", "p", "time reversal", "same counts as"]
    for same in (["--posts", "3"], ["--moves", "any"], ["--moves", "SI IS SD DS ID DI"]):
        assert rows_of(["variants", *same], capsys) == default
    status, out, _ = run(["variants"], capsys)
    assert status == 0 and "The 27 colourings" in out and "solvable variants" in out
    assert run(["variants", "--posts", "3"], capsys)[1] == out


def test_a_member_table_reads_well_at_80_columns(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    status, out, _ = run(["variants", "--posts", "4", "--upto", "3"], capsys)
    assert status == 0 and max(len(line) for line in out.splitlines()) <= 80
    assert "The 81 colourings, 4 posts" in out and "same counts as" in out and "time reversal" not in out


@pytest.mark.parametrize("width", [0, 1, 40, 66, 67, 68, 69, 70, 72, 80, 100, 200])
def test_every_table_line_keeps_its_borders_at_any_width(width, capsys, monkeypatch):
    """At 67 to 69 columns the 27 colourings lost their right border (rich narrowed every column below its minimum
    and widened them back); a table fits the console when its words can, else it is printed as narrow as its words
    allow."""
    monkeypatch.setenv("COLUMNS", str(width))
    for args in (["variants"], ["variants", "--posts", "4", "--upto", "2"]):
        status, out, _ = run(args, capsys)
        lines = [line for line in out.splitlines() if line and line[0] in "┏┃┡│└"]
        assert status == 0 and len(lines) > 10
        assert len({len(line) for line in lines}) == 1, (width, args)
        assert all(line[-1] in "┓┃┩│┘" for line in lines), (width, args)
        assert len(lines[0]) <= width or width < 67
