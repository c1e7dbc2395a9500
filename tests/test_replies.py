"""Reading models' replies (hanoikit.movelist's extraction rules, hanoikit.checker on whole replies): every rule on
the hand-made replies of tests/fixtures/replies/, each with its expected extraction in expected.json."""

from __future__ import annotations

import json
import pathlib
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import Move, Puzzle, movelist
from hanoikit.checker import check
from hanoikit.cli import main
from hanoikit.generate import answer_text
from hanoikit.movelist import named_position, read_move_list

REPLIES = pathlib.Path(__file__).parent / "fixtures" / "replies"
EXPECTED = json.loads((REPLIES / "expected.json").read_text())


def test_every_fixture_is_listed() -> None:
    assert sorted(EXPECTED) == sorted(p.name for p in REPLIES.glob("*.txt"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_extraction(name: str) -> None:
    want = EXPECTED[name]
    text = (REPLIES / name).read_text()
    for data in (text, text.encode()):
        listed = read_move_list(data, 3, want.get("names"))
        assert [str(m) for m in listed] == want["moves"]
        assert listed.extracted_from == (None if want["extracted_from"] is None else tuple(want["extracted_from"]))
        assert [u.line for u in listed.unreadable] == want.get("unreadable", [])
        assert listed.found == want.get("found", True)
    lines = text.splitlines()
    if listed.extracted_from is not None:  # no move follows the list read: it is the last one
        after = [line for line in lines[listed.extracted_from[1] :] if line.strip() not in ("]", "```")]
        assert not read_move_list("\n".join(after), 3, want.get("names")).found


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_check(name: str) -> None:
    """Checked as a whole reply: the extracted list is what is judged; a blank reply is no answer."""
    want = EXPECTED[name]
    text = (REPLIES / name).read_text()
    n = max([int(m[0]) for m in want["moves"]] or [2])
    report = check(Puzzle(n), text, names=want.get("names"))
    if not want.get("found", True):
        assert report.kind == ("no_answer" if not text.strip() else "unreadable") and not report.legal
        assert report.moves == 0 and report.first_illegal is None
        return
    assert report.extracted_from == (tuple(want["extracted_from"]) if want["extracted_from"] else None)
    optimal = [m.notation(3) for m in Puzzle(n).solve()]
    if want["moves"] == optimal and not want.get("unreadable"):
        assert report.optimally_solved
    elif want.get("unreadable"):
        assert report.kind == "unreadable" and report.line == want["unreadable"][0]


def test_strict_refuses_prose() -> None:
    text = (REPLIES / "prose_around_lines.txt").read_text()
    report = check(Puzzle(2), text, strict=True)
    assert report.kind == "unreadable" and report.line == 1 and not report.solved
    assert [u.line for u in report.unreadable] == [1, 7]
    assert check(Puzzle(2), (REPLIES / "paper_moves_assignment.txt").read_text(), strict=True).kind == "unreadable"
    assert check(Puzzle(2), "1SI\n2SD\n1ID\n", strict=True).optimally_solved


PROSE = st.sampled_from([
    "Sure! Here are the moves:", "Let me think step by step.", "This is the optimal solution.", "Final answer:",
    "That is 7 moves total.", "I hope this helps!", "**Answer**", "Note: the smallest disk moves every other turn.",
])


@given(st.integers(1, 6), st.lists(PROSE, max_size=3), st.lists(PROSE, max_size=3),
       st.sampled_from(["hanoikit", "reasoning-gym", "apple"]), st.booleans())
def test_prose_around_any_answer_is_ignored(n: int, before: list[str], after: list[str], style: str,
                                            fence: bool) -> None:
    """An optimal answer in any style, in a fence or not, with prose before and after, is read whole."""
    puzzle = Puzzle(n)
    answer = answer_text(puzzle, puzzle.solve(), style)
    body = ["```", *answer.splitlines(), "```"] if fence else answer.splitlines()
    lines = [*before, "", *body, "", *after]
    names = {"hanoikit": None, "reasoning-gym": "123", "apple": "012"}[style]
    report = check(puzzle, "\n".join(lines), names=names)
    assert report.optimally_solved
    first = len(before) + 2 + fence
    assert report.extracted_from == (first, first + len(answer.splitlines()) - 1)


def test_the_last_list_wins() -> None:
    text = "moves = [[1, 0, 2]]\nWait, no. Let me redo it.\nmoves = [[1, 0, 1], [2, 0, 2], [1, 1, 2]]\n"
    report = check(Puzzle(2), text)
    assert report.optimally_solved and report.extracted_from == (3, 3)
    again = check(Puzzle(2), "1SD\n2SD\nI am not sure, so once more:\n1SD\n")
    assert (again.kind, again.moves, again.extracted_from) == ("unfinished", 1, (4, 4))
    # a shorter list after one that solves: a second answer cut short, or a recap? Not certain, so not judged
    cut = check(Puzzle(2), "1SI\n2SD\n1ID\nI am not sure, so once more:\n1SD\n")
    assert (cut.kind, cut.moves, cut.extracted_from, cut.solved) == ("ambiguous", 0, None, False)
    assert "lines 1-3 solves the puzzle" in cut.warnings[0]
    longer = check(Puzzle(2), "1SI\n2SD\n1ID\nNo, once more:\n1SD\n2SI\n1DI\n2ID\n")
    assert (longer.kind, longer.moves, longer.extracted_from) == ("covered", 4, (5, 8))
    assert "an earlier list (lines 1-3) solves the puzzle; the last list (lines 5-8) is read" in longer.warnings


@pytest.mark.parametrize("style, names", [("hanoikit", None), ("apple", "012"), ("apple", None),
                                          ("reasoning-gym", "123")])
def test_long_replies_read_fast_agree(style: str, names: str | None) -> None:
    """Long answers in prose take the vectorised readers; they read what the line-by-line reader reads."""
    puzzle = Puzzle(12)
    answer = answer_text(puzzle, puzzle.solve(), style)
    text = f"Here is my answer.\n\n{answer}\n\nThat is all {2**12 - 1} moves."
    listed = read_move_list(text, 3, names)
    assert len(listed) == 2**12 - 1 and listed.unreadable == ()
    slow = read_move_list(text.replace("Here", "H\u00e9re"), 3, names)  # not ASCII: read line by line
    assert [listed.disk.tolist(), listed.src.tolist(), listed.dst.tolist()] == [
        slow.disk.tolist(), slow.src.tolist(), slow.dst.tolist()]
    assert listed.extracted_from == slow.extracted_from
    assert check(puzzle, text, names=names).optimally_solved


def test_a_long_list_with_an_unknown_post_is_reported() -> None:
    puzzle = Puzzle(12)
    text = "moves = " + json.dumps([list(m) for m in puzzle.solve()]).replace("[1, 0, 1]", "[1, 0, 7]", 1)
    report = check(puzzle, text)
    assert report.kind == "unreadable" and report.line == 1


def test_names_everywhere(capsys) -> None:  # type: ignore[no-untyped-def]
    """--names reads the list, --from and --to, and the messages speak them."""
    assert named_position("1134", 4, "1234") == "SSJD" and named_position("SSD") == "SSD"
    with pytest.raises(hk.InvalidStateError, match="write one post name"):
        named_position("15", 4, "1234")
    reply = (REPLIES / "reasoning_gym_pegs.txt").read_text().replace("Peg 1 to Peg 2", "Peg 1 to Peg 3", 1)
    report = check(Puzzle(2), reply, names="123")
    assert report.reason == "larger disk on a smaller one: disk 2 cannot go on disk 1"
    assert report.summary()[0] == "move 2 (line 2) is illegal in 31: larger disk on a smaller one: disk 2 cannot go " \
        "on disk 1"
    words = check(Puzzle(2), "disk 2 from left to right", names="left middle right")
    assert words.reason == "disk 2 is under disk 1 on post left"
    assert "(left: 2 1; middle: empty; right: empty)" in words.summary()[0]
    path = REPLIES / "reasoning_gym_pegs.txt"
    assert main(["check", str(path), "--names", "123", "--from", "22", "--to", "33"]) == 3
    out = capsys.readouterr().out
    assert "move 1 (line 1) is illegal in 22: disk 1 is not on post 1" in out
    assert main(["check", str(path), "--names", "123", "--from", "11", "--to", "33"]) == 0
    assert main(["check", str(path), "--names", "123", "--from", "11", "--to", "44"]) == 2


def test_no_answer_and_no_list_in_the_command(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    empty = tmp_path / "empty.txt"
    empty.write_text("\n")
    assert main(["check", str(empty), "-n", "3"]) == 3
    assert capsys.readouterr().out.startswith("no answer: the reply is empty")
    prose = REPLIES / "no_moves.txt"
    assert main(["check", str(prose), "-n", "3"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no move list in the reply" in err
    assert main(["check", str(REPLIES / "paper_multiline_list.txt"), "-n", "3", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["extracted_from"] == [3, 10]


def test_a_million_disks_are_counted_exactly(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The optimum 2**1000000 - 1 has 301,030 digits, beyond Python's default of 4300 for str()."""
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"1SD\n")))
    assert main(["check", "-", "-n", "1000000"]) == 3
    out = capsys.readouterr().out
    assert "is 9,900,656,229,295,898,250,697,923,616,301,903,250,733,624,241,787,567,332,866,396,114,531,709,483" in out
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"1SD\n")))
    assert main(["check", "-", "-n", "1000000", "--format", "json"]) == 3
    data = capsys.readouterr().out
    assert '"optimal": 99006562292958982506979236163019032507336242417875673328663961145317094833094861' in data


def test_moves_of_arrays_keep_their_rules() -> None:
    assert check(Puzzle(2), [Move(1, 0, 0)]).reason == "disk 1 cannot move from post S to the same post"


def test_the_readme_check_examples_run_as_written(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The README's hanoi check examples read the answers shipped in docs/examples/ and print what it shows."""
    import re
    import shlex

    root = pathlib.Path(__file__).resolve().parent.parent
    monkeypatch.chdir(root)
    readme = (root / "README.md").read_text()
    shown = re.findall(r"^\$ (hanoi check docs/examples/\S+[^\n#]*?)\s*(?:#[^\n]*)?\n((?:[^$`\n][^\n]*\n)+)", readme,
                       re.MULTILINE)
    assert len(shown) == 3
    for command, output in shown:
        status = main(shlex.split(command)[1:])
        assert status in (0, 3) and capsys.readouterr().out == output, command


_BRACKETED = re.compile(r"[ \t]*\[[ \t]*(\d{1,9})[ \t]*,[ \t]*(\d{1,9})[ \t]*,[ \t]*(\d{1,9})[ \t]*\][ \t]*")


@given(st.lists(st.tuples(st.integers(0, 10**4), st.integers(0, 9), st.integers(0, 9)), min_size=1, max_size=12),
       st.lists(st.tuples(st.integers(0, 10**3), st.sampled_from("0123456789[], \tx")), max_size=3))
def test_the_bracketed_scan_reads_the_list_shape_exactly(moves: list[tuple[int, int, int]],
                                                         edits: list[tuple[int, str]]) -> None:
    """The scan of a long one-line list (compiled by numba, and the same loop in plain Python) reads exactly the
    texts that are ``[d, a, b]`` items separated by commas, numbers of at most 9 digits, spaces between marks."""
    text = list(", ".join(f"[{d}, {a}, {b}]" for d, a, b in moves))
    for at, char in edits:
        text[at % len(text)] = char
    body = "".join(text)
    items = body.split(",")
    groups = [",".join(items[i : i + 3]) for i in range(0, len(items), 3)]
    matches = [_BRACKETED.fullmatch(group) for group in groups]
    expected = [tuple(map(int, m.groups())) for m in matches if m] if len(items) % 3 == 0 and all(matches) else None
    for scan in (movelist._scan, movelist._scanning.compiled):
        table = np.zeros((len(body) // 7 + 1, 3), np.int64)
        count = scan(np.frombuffer(body.encode(), np.uint8), table)
        assert (None if count < 0 else [tuple(row) for row in table[:count].tolist()]) == expected
