"""``hanoi oeis`` and hanoikit.oeis: the published terms against the solvers and the search; the search itself against
the exhaustive solver and the plain oracle; the new numbers."""

from __future__ import annotations

import csv
import io
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hanoikit as hk
from clirun import run
from hanoikit import MagneticPuzzle, Puzzle, oeis
from hanoikit.oeis_terms import PUBLISHED
from hanoikit.solvers import exhaustive, tower_search
from oracle import plain_distances


def test_every_published_sequence_agrees_or_says_why_not():
    rows = oeis.compare(max_codes=20_000)
    assert {row.anumber for row in rows} == set(PUBLISHED)
    assert not [row for row in rows if row.agree is False]
    for row in rows:
        if row.agree is None:
            assert row.method == "not produced" and row.note
        else:
            assert row.checked >= 3 and row.url.endswith(row.anumber)
    methods = {(row.anumber, row.method.split()[0]) for row in rows}
    expected = {("A007664", "frame-stewart"), ("A005666", "cyclic"), ("A103453", "linear"), ("A160002", "exhaustive")}
    assert expected <= methods
    assert ("A183118", "magnetic") in methods and ("A183123", "levy") in methods


def test_a_wrong_published_term_is_reported_with_its_place(monkeypatch):
    entry = PUBLISHED["A007664"]
    terms = list(entry.terms)
    terms[5] += 1
    monkeypatch.setitem(PUBLISHED, "A007664", entry._replace(terms=tuple(terms)))
    rows = [row for row in oeis.compare(upto=8, max_codes=2000) if row.anumber == "A007664"]
    assert rows and all(row.agree is False and "n = 5: computed 13, published 14" in row.note for row in rows)


def test_the_search_limit_bounds_the_searched_terms():
    small = {row.anumber: row for row in oeis.compare(upto=30, max_codes=300) if row.method == "exhaustive search"}
    assert small["A160002"].last == 4 and small["A000225"].last == 5  # 4**4 and 3**5 codes are within 300
    assert small["A183112"].last == 3  # 8 * 3**3 = 216 codes


@pytest.mark.parametrize(
    "puzzle",
    [
        MagneticPuzzle(3, "NNNN"),
        MagneticPuzzle(3, "RBRB"),
        MagneticPuzzle(3, "RNB"),
        MagneticPuzzle(2, "NNNNN"),
        MagneticPuzzle(3, moves="linear"),
        MagneticPuzzle(3, "NNNN", moves="cyclic"),
        Puzzle(4, posts=4, moves="star"),
        Puzzle(3, posts=5, moves="cyclic"),
    ],
)
def test_the_tower_search_agrees_with_the_exhaustive_solver_and_the_plain_oracle(puzzle):
    reach = plain_distances(puzzle, puzzle.start)
    expected = reach.get(puzzle.goal) if puzzle.is_legal(puzzle.goal) else None
    assert tower_search.distance(puzzle) == expected
    for state in sorted(reach, key=str)[:: max(1, len(reach) // 12)]:
        assert tower_search.distance(puzzle, puzzle.start, state) == reach[state] == exhaustive.distance(
            puzzle, puzzle.start, state
        )


@given(st.integers(1, 4), st.sampled_from(["NNNN", "RNNB", "RBBB", "BNRN"]), st.sampled_from(["R", "B"]))
def test_the_new_numbers_are_the_exhaustive_solvers_counts(n, colors, goal):
    try:
        puzzle = MagneticPuzzle(n, colors, goal_up=goal)
    except hk.InvalidPuzzleError:
        return
    expected = plain_distances(puzzle, puzzle.start).get(puzzle.goal) if puzzle.is_legal(puzzle.goal) else None
    assert tower_search.distance(puzzle) == expected


def test_the_search_refuses_above_its_cap():
    with pytest.raises(hk.TooLargeError, match="at most 1000"):
        tower_search.distance(Puzzle(5, posts=4), max_codes=1000)


def test_new_numbers_name_their_puzzle_and_spot_known_sequences():
    rows = {row.name: row for row in oeis.new_numbers(upto=5, max_codes=20_000)}
    free = rows["magnetic, 4 posts NNNN (free), R up to B up"]
    assert free.terms == [tower_search.distance(MagneticPuzzle(n, "NNNN")) for n in range(1, 6)]
    assert free.puzzle.startswith("MagneticPuzzle(n, colors='NNNN'")
    assert "A160002" in rows["magnetic, 4 posts in a line NNNN"].note  # faces follow the parity of the post
    assert rows["magnetic, 3 posts cyclic NNN, R up to B up"].note == "the goal cannot be reached from n = 2 on"


def test_the_recorded_new_numbers_are_searched_again_at_small_n():
    rows = {row.name: row for row in oeis.new_numbers(upto=6, max_codes=70_000)}
    assert set(oeis.RECORDED) <= set(oeis.NEW_MEMBERS)
    for name, recorded in oeis.RECORDED.items():
        row = rows[name]
        assert row.recorded == list(recorded) and len(recorded) >= 10
        assert row.terms == list(recorded[:6]) and "differs" not in row.note
    free = oeis.RECORDED["magnetic, 4 posts NNNN (free), R up to B up"]
    assert len(free) == 13
    for n in range(1, 6):  # and by the plain oracle
        puzzle = MagneticPuzzle(n, "NNNN")
        assert plain_distances(puzzle, puzzle.start)[puzzle.goal] == free[n - 1]
    assert all(not row.recorded for name, row in rows.items() if name not in oeis.RECORDED)


@pytest.mark.parametrize(
    ("table", "rows", "name", "n", "searched"),
    [("RECORDED", oeis.new_numbers, "magnetic, 4 posts NNNN (free), R up to B up", 3, 7),
     ("RECORDED_SHAPES", oeis.new_shapes, "diameter, 4 posts, every move", 4, 9)],
)
def test_a_recorded_term_the_search_contradicts_is_reported(monkeypatch, table, rows, name, n, searched):
    """The optimal counts (RECORDED) and the diameters and radii (RECORDED_SHAPES) alike."""
    recorded = getattr(oeis, table)
    wrong = list(recorded[name])
    wrong[n - 1] += 1
    monkeypatch.setitem(recorded, name, tuple(wrong))
    row = next(row for row in rows(upto=5, max_codes=5000) if row.name == name)
    want = f"differs from the recorded terms at n = {n}: searched {searched}, recorded {wrong[n - 1]}"
    assert row.note.endswith(want)


def test_the_command_prints_the_table_json_and_csv(capsys):
    status, out, _ = run(["oeis", "--upto", "5", "--max-positions", "2000"], capsys)
    assert status == 0 and "A338089" in out and "agree" in out and "NO" not in out
    status, out, _ = run(["oeis", "--upto", "5", "--max-positions", "2000", "--format", "json"], capsys)
    rows = json.loads(out)
    assert status == 0 and {row["anumber"] for row in rows} == set(PUBLISHED)
    status, out, _ = run(["oeis", "--upto", "4", "--max-positions", "5000", "--new", "--format", "csv"], capsys)
    table = list(csv.DictReader(io.StringIO(out)))
    assert status == 0 and table[0]["terms"] == "1 4 7 12"
    assert table[0]["recorded"] == " ".join(map(str, oeis.RECORDED[table[0]["name"]]))
    status, out, _ = run(["oeis", "--upto", "3", "--max-positions", "2000", "--new"], capsys)
    recorded = oeis.RECORDED["magnetic, 4 posts NNNN (free), R up to B up"]
    assert status == 0 and "recorded (n = 1.." in out and str(recorded[-1]) in out


def test_the_command_refuses_bad_limits_in_one_line(capsys):
    status, _, err = run(["oeis", "--max-positions", "0"], capsys)
    assert status == 2 and len(err.strip().splitlines()) == 1


def test_a_bfile_up_to_a_huge_n_stops_at_the_codes_cap() -> None:
    """``upto`` far past what any search reaches (found by hypothesis: 10**30 overflowed a list of every n)."""
    text = oeis.bfile("A382111", upto=10**30, max_codes=2000)
    assert text.splitlines()[-1] == "5 13" and "n = 1..5" in text
    assert oeis.bfile("diameter, 4 posts, every move", upto=10**30, max_codes=2000).splitlines()[-1].startswith("5 ")
