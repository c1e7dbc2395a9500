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
from hanoikit.checker import check, format_ok
from hanoikit.cli import main
from hanoikit.generate import answer_text
from hanoikit.movelist import _long, named_position, read_move_list

REPLIES = pathlib.Path(__file__).parent / "fixtures" / "replies"
EXPECTED = json.loads((REPLIES / "expected.json").read_text())


def test_every_fixture_is_listed() -> None:
    assert sorted(EXPECTED) == sorted(p.name for p in REPLIES.glob("*.txt"))


READER = sorted(name for name, want in EXPECTED.items() if "moves" in want)
"""The fixtures whose last list read by read_move_list is given; the others give the verdict of check."""
VERDICTS = sorted(name for name, want in EXPECTED.items() if "check" in want)


@pytest.mark.parametrize("name", READER)
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


@pytest.mark.parametrize("name", READER)
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


@pytest.mark.parametrize("name", VERDICTS)
def test_fixture_verdict(name: str) -> None:
    """Replies as models write them (notes after moves, headings between halves, recaps, position printouts,
    drafts, <think> blocks, lists cut short, two answers): the verdict, the lines read, whether the format is the
    prompt's, and a warning for every unusual reading (each expected warning a part of one given, none more)."""
    want = EXPECTED[name]["check"]
    text = (REPLIES / name).read_text()
    for data in (text, text.encode()):
        report = check(Puzzle(want["n"]), data, names=want["names"], style=want["style"])
        assert report.kind == want["kind"] and report.moves == want["moves"] and report.solved == want["solved"]
        assert report.extracted_from == (tuple(want["extracted_from"]) if want["extracted_from"] else None)
        assert report.format_ok == want["format_ok"]
        assert report.first_illegal == want.get("first_illegal")
        assert len(report.warnings) == len(want["warnings"]), report.warnings
        for part, warning in zip(want["warnings"], report.warnings):
            assert part in warning
        if report.kind == "ambiguous":
            assert not report.legal and report.first_illegal is None and report.remaining is None
    data = report.to_dict()
    assert data["warnings"] == list(report.warnings) and data["format_ok"] == want["format_ok"]


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
    for scan in (_long.scan, _long.scanning.compiled):
        table = np.zeros((len(body) // 7 + 1, 3), np.int64)
        count = scan(np.frombuffer(body.encode(), np.uint8), table)
        assert (None if count < 0 else [tuple(row) for row in table[:count].tolist()]) == expected


NOTES = st.sampled_from([" (the largest disk)", " # done", " - done!", " ✓", ". This frees the next disk.",
                         "  // ok", " (smallest disk)", " — on top of disk 2", "; that clears the way"])
HEADINGS = st.sampled_from(["Now the largest disk:", "Next:", "**Phase 2**", "Then the rest:", "### Part two",
                            "Continuing:"])
ENDINGS = st.sampled_from(["That is all.", "I hope this helps!", "Total: optimal.", ""])


def _state_text(puzzle: Puzzle, moves: list[Move], style: str, nested: bool) -> str:
    """The position after ``moves``, printed as models print it: ``Peg 1: [3, 2], ...`` or ``[[3, 2], [], [1]]``."""
    state = puzzle.start
    for move in moves:
        state = puzzle.moved(state, move)
    stacks = state.stacks()
    if nested:
        return json.dumps([list(stack) for stack in stacks])
    first = 1 if style == "reasoning-gym" else 0
    return ", ".join(f"Peg {post + first}: {list(stack)}" for post, stack in enumerate(stacks))


@given(st.integers(1, 5), st.sampled_from(["hanoikit", "reasoning-gym", "apple"]), st.data())
def test_decorated_answers_read_back_or_ambiguous(n: int, style: str, data: st.DataObject) -> None:
    """An optimal answer in any style, with notes after its moves, headings and position printouts between them,
    prose before, recaps and position printouts after, reads back as that answer, or is ambiguous: never another
    answer without a word."""
    puzzle = Puzzle(n)
    moves = list(puzzle.solve())
    names = {"hanoikit": None, "reasoning-gym": "123", "apple": "012"}[style]
    lines = answer_text(puzzle, moves, style).splitlines()
    body: list[str] = []
    if style == "apple" and data.draw(st.booleans(), "over lines"):
        items = [f"    [{d}, {a}, {b}],{data.draw(st.sampled_from(['', '  # ok', '  # the largest disk']))}"
                 for d, a, b in moves]
        lines = ["moves = [", *items, "]"]
    for index, line in enumerate(lines):
        if style != "apple" and index and data.draw(st.integers(0, 4)) == 0:  # a heading, a printout, a blank line
            gap = [data.draw(HEADINGS), "", _state_text(puzzle, moves[:index], style, data.draw(st.booleans()))]
            body += data.draw(st.lists(st.sampled_from(gap), min_size=1, max_size=2, unique=True))
        note = data.draw(NOTES) if style != "apple" and data.draw(st.integers(0, 3)) == 0 else ""
        body.append(line + note)
    after: list[str] = []
    if len(moves) > 1 and data.draw(st.booleans()):
        count = data.draw(st.integers(1, len(moves) - 1))
        after += ["", data.draw(st.sampled_from([f"To recap, the first {count} moves were:", "Recap:"])),
                  *answer_text(puzzle, moves[:count], style).splitlines()]
    if data.draw(st.booleans()):
        after += ["", "Final state:", _state_text(puzzle, moves, style, data.draw(st.booleans()))]
    text = "\n".join([*data.draw(st.lists(PROSE, max_size=2)), "", *body, *after, "", data.draw(ENDINGS)])
    report = check(puzzle, text, names=names, style=style)
    assert report.kind == "ambiguous" or report.optimally_solved, (text, report)
    if report.optimally_solved:
        assert report.moves == len(moves)


@given(st.integers(1, 5), st.sampled_from(["hanoikit", "reasoning-gym"]), st.data())
def test_a_note_repeating_its_move_is_a_note_and_no_other_move_is_read_from_it(n: int, style: str,
                                                                                  data: st.DataObject) -> None:
    """A note that repeats its line's move (``(disk 1 to Peg 3)``, ``# (1, 0, 2)``) is dropped like any note: the
    answer reads back whole. A note that names another move (or the same disk elsewhere) makes its line prose: no
    move is read from that line, so the note's move is never taken for the answer's."""
    puzzle = Puzzle(n)
    moves = list(puzzle.solve())
    names = None if style == "hanoikit" else "123"

    def label(post: int) -> str:
        return "SID"[post] if style == "hanoikit" else str(post + 1)

    lines = answer_text(puzzle, moves, style).splitlines()
    marked = data.draw(st.lists(st.integers(0, len(moves) - 1), min_size=1, max_size=3, unique=True))
    body = list(lines)
    for k in marked:
        d, a, b = moves[k]
        own = [f" (disk {d} to Peg {label(b)})", f" - disk {d} from peg {label(a)} to peg {label(b)}",
               f" (moving disk {d} onto Peg {label(b)}, done)"] + ([f"  # ({d}, {a}, {b})"] if names is None else [])
        body[k] += data.draw(st.sampled_from(own))
    report = check(puzzle, "\n".join(["Here are the moves:", "", *body]), names=names, style=style)
    assert report.optimally_solved and report.moves == len(moves), report
    assert any("read as a note" in warning for warning in report.warnings)

    k = data.draw(st.sampled_from(marked))
    d, a, b = moves[k]
    other = [(disk, src, dst) for disk in range(1, n + 1) for src in range(3) for dst in range(3)
             if src != dst and (disk, dst) != (d, b)]
    od, oa, ob = data.draw(st.sampled_from(other))
    foreign = data.draw(st.sampled_from([f" (then disk {od} to Peg {label(ob)})",
                                         f" (disk {od} from peg {label(oa)} to peg {label(ob)} next)"]))
    body = list(lines)
    body[k] += foreign
    listed = read_move_list("\n".join(body), 3, names)
    read = [c.moves.lines.tolist() for c in listed.candidates if c.moves.lines is not None]
    assert all(k + 1 not in numbers for numbers in read), (body[k], read)


@given(st.integers(1, 6), st.sampled_from(["hanoikit", "reasoning-gym", "apple"]),
       st.sampled_from(["", "period", "number", "bold", "prose", "fence", "note"]), st.integers(0, 62))
def test_format_ok_is_the_prompt_format_exactly(n: int, style: str, change: str, at: int) -> None:
    """An optimal answer written by answer_text is in its style's format; one full stop, step number, bold, line of
    prose, code fence or note makes it not (for apple: a note on its line, or the list inside a fence's line is
    still on a line of its own, so only a change to that line counts)."""
    puzzle = Puzzle(n)
    lines = answer_text(puzzle, puzzle.solve(), style).splitlines()
    at %= len(lines)
    edit = {"": "{}", "period": "{}.", "number": "1. {}", "bold": "**{}**", "prose": "Here is my answer:\n{}",
            "fence": "```\n{}", "note": "{} # ok"}[change]
    lines[at] = edit.format(lines[at])
    text = "\n".join(lines) + "\n"
    exact = change == "" or (style == "apple" and change in ("prose", "fence"))
    assert format_ok(text, style, puzzle.posts) == exact
    names = {"hanoikit": None, "reasoning-gym": "123", "apple": "012"}[style]
    report = check(puzzle, text, names=names, style=style)
    assert report.format_ok == exact and report.optimally_solved
    assert check(puzzle, text, names=names).format_ok is None


def test_format_ok_refuses_unknown_styles_and_moves_not_text() -> None:
    with pytest.raises(hk.UnknownMethodError, match="unknown style 'paper'"):
        format_ok("1SD", "paper")
    assert check(Puzzle(1), [Move(1, 0, 2)], style="hanoikit").format_ok is None
    assert check(Puzzle(1), "", style="hanoikit").format_ok is False
    assert format_ok("1SD\n1SJ\n", "hanoikit", 4) and not format_ok("1SJ", "hanoikit", 3)
    assert not format_ok("moves = [[1, 0, 2], [2, 0]]", "apple") and format_ok("moves = []", "apple")


def test_score_counts_format_and_ambiguous_apart() -> None:
    """hanoi score's rows carry format_ok and warnings; the summary a format_ok rate with its interval and the
    ambiguous answers, which are never counted as illegal."""
    from hanoikit.generate import generate
    from hanoikit.score import score, wilson

    instances = list(generate(4, seed=1, families=["classic"], disks=(2, 2), style="reasoning-gym"))
    rg = "Move disk 1 from Peg 1 to Peg 2\nMove disk 2 from Peg 1 to Peg 3\nMove disk 1 from Peg 2 to Peg 3"
    answers = [{"id": "1-0", "answer": rg}, {"id": "1-1", "answer": rg.replace("Move", "1. Move", 1)},
               {"id": "1-2", "answer": f"Final answer:\n{rg}\n\nOr start with:\nMove disk 1 from Peg 1 to Peg 3"},
               {"id": "1-3", "answer": [[1, 1, 2], [2, 1, 3], [1, 2, 3]]}]
    result = score(instances, answers)
    rows = result.results
    assert [r["format_ok"] for r in rows] == [True, False, False, None]
    assert [r["kind"] for r in rows] == [None, None, "ambiguous", None]
    assert rows[2]["warnings"] and not rows[0]["warnings"] and rows[2]["remaining"] is None
    summary = result.summary
    assert (summary["format_checked"], summary["format_ok"], summary["ambiguous"], summary["solved"]) == (3, 1, 1, 3)
    assert summary["format_ok_interval"] == wilson(1, 3) and summary["format_ok_rate"] == 1 / 3
    assert result.errors == {"ambiguous": 1} and sum(result.positions.values()) == 0


def _candidate_fields(candidates: tuple[movelist.Candidate, ...]) -> list[tuple[object, ...]]:
    return [(c.moves.disk.tolist(), c.moves.src.tolist(), c.moves.dst.tolist(),
             None if c.moves.lines is None else c.moves.lines.tolist(), c.moves.unreadable, c.moves.extracted_from,
             c.joins, c.thinking, c.heading, c.marked, c.noted, c.cut) for c in candidates]


LINES = st.sampled_from(["1SD", "2SI", "1 S X", "Move disk 1 from S to D (the smallest)", "", "Next:", "Peg 1: [2]",
                         "<think>", "</think>", "[1, 0, 2],", "moves = [[1, 0, 2]]", "```"])


@given(st.lists(PROSE, max_size=3), st.lists(LINES, max_size=8), st.lists(PROSE, max_size=3), st.sampled_from([3, 4]))
def test_a_lone_list_found_fast_is_the_list_the_search_finds(before: list[str], body: list[str], after: list[str],
                                                             posts: int) -> None:
    """The reader's short cut for a reply that is one list with prose only before and after it (the common case)
    finds what the general search of lists finds, whenever it takes it."""
    from hanoikit.movelist import _candidates, _lines

    read = _lines.read_lines("\n".join([*before, *body, *after]), movelist.post_mapping(posts))
    fast = _candidates._one_list(read)
    if fast:
        assert _candidate_fields(fast) == _candidate_fields(_candidates._candidates(read))
