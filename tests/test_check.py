"""The checker (hanoikit.checker) and the move-list reader (hanoikit.movelist) against a plain replay through the
puzzle's rule hooks and the breadth-first oracle of tests/oracle.py."""

from __future__ import annotations

import io
import json
import re
import sys
import unittest.mock
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import MagneticPuzzle, Move, Puzzle, State, checker, replay
from hanoikit.checker import check
from hanoikit.cli import main
from hanoikit.formats import write_moves
from hanoikit.movearray import batches
from hanoikit.movelist import as_move_list, read_move_list
from hanoikit.movelist._model import ensure_moves  # where the reader's cap is checked
from hanoikit.puzzle import VARIANTS
from oracle import legal_walk, plain_distances

PUZZLES = [
    Puzzle(3),
    Puzzle(4),
    MagneticPuzzle(3),
    MagneticPuzzle(3, "RBB"),
    MagneticPuzzle(2, "NRNB"),
    Puzzle(3, posts=4),
    Puzzle(3, moves="cyclic"),
    Puzzle(2, posts=4, moves="star"),
    MagneticPuzzle(2, "NNNN", moves="linear"),
]


# -- the oracle -------------------------------------------------------------------------------------------------------


def to_goal(puzzle: Puzzle, state: State, goal: State) -> int | None:
    return plain_distances(puzzle, state).get(goal)


@dataclass
class Expected:
    legal: bool
    solved: bool
    first_illegal: int | None
    reason: str | None
    optimal: int | None
    first_suboptimal: int | None
    final: State


def expected(puzzle: Puzzle, moves: list[Move], src: State | None = None, dst: State | None = None) -> Expected:
    """The report by a plain replay through ``move_error`` and ``apply`` and distances by breadth-first search."""
    state = src = src or puzzle.start
    dst = dst or puzzle.goal
    optimal = to_goal(puzzle, src, dst)
    first_illegal = reason = first_suboptimal = None
    for index, move in enumerate(moves):
        reason = puzzle.move_error(state, move)
        if reason is not None:
            first_illegal = index + 1
            break
        after = puzzle.apply(state, move)
        before, now = to_goal(puzzle, state, dst), to_goal(puzzle, after, dst)
        if first_suboptimal is None and (before is None or now is None or now != before - 1):
            first_suboptimal = index + 1
        state = after
    solved = first_illegal is None and state == dst
    if optimal is None:
        first_suboptimal = None
    return Expected(first_illegal is None, solved, first_illegal, reason, optimal, first_suboptimal, state)


def assert_matches(report: checker.CheckReport, want: Expected, moves: int) -> None:
    assert (report.legal, report.solved, report.first_illegal, report.reason) == (
        want.legal, want.solved, want.first_illegal, want.reason)
    assert report.optimal == want.optimal
    assert report.moves == moves
    assert report.excess == (moves - want.optimal if want.solved and want.optimal is not None else None)
    assert report.first_suboptimal == want.first_suboptimal
    assert report.final == str(want.final)


# -- the input forms --------------------------------------------------------------------------------------------------


def _names(puzzle: Puzzle) -> str:
    return puzzle.post_names


FORMS: dict[str, Callable[[Puzzle, list[Move]], tuple[object, object]]] = {
    "1SD": lambda p, ms: ("\n".join(m.notation(p.posts) for m in ms), None),
    "1 S D": lambda p, ms: ("\n".join(f"{m.disk} {_names(p)[m.src]} {_names(p)[m.dst]}" for m in ms), None),
    "(1, 0, 2)": lambda p, ms: ("\n".join(f"({m.disk}, {m.src}, {m.dst})" for m in ms), None),
    "[[1,0,2], ...]": lambda p, ms: (json.dumps([list(m) for m in ms]), None),
    "words": lambda p, ms: ("\n".join(f"Move disk {m.disk} from {_names(p)[m.src]} to {_names(p)[m.dst]}."
                                      for m in ms), None),
    "named": lambda p, ms: ("\n".join(f"{i}. disk {m.disk} from peg {'ABCDEFGHKL'[m.src]} to peg "
                                      f"{'ABCDEFGHKL'[m.dst]}" for i, m in enumerate(ms, 1)), "ABCDEFGHKL"[:p.posts]),
    "one based": lambda p, ms: ("\n".join(f"{m.disk} {m.src + 1} {m.dst + 1}" for m in ms),
                                " ".join(str(i) for i in range(1, p.posts + 1))),
    "moves": lambda p, ms: (list(ms), None),
    "tuples": lambda p, ms: ([tuple(m) for m in ms], None),
}

HANOIKIT_FORMATS = ["text", "csv", "json"]


def hanoikit_format(moves: list[Move], fmt: str) -> bytes:
    out = io.BytesIO()
    write_moves(batches(moves), 3, fmt, out)
    return out.getvalue()


# -- hand-made lists, every branch in every form ----------------------------------------------------------------------

SOLUTION = [Move.parse(m) for m in ["1SD", "2SI", "1DI", "3SD", "1IS", "2ID", "1SD"]]
BRANCHES = {
    "optimal": SOLUTION,
    "detour": SOLUTION[:3] + [Move(1, 1, 0), Move(1, 0, 1)] + SOLUTION[3:],  # move 4 does not bring the goal closer
    "illegal at 5": SOLUTION[:4] + [Move(2, 1, 2)] + SOLUTION[5:],  # disk 2 is under disk 1
    "illegal at 1": [Move(3, 0, 2)] + SOLUTION[1:],
    "unfinished": SOLUTION[:5],
    "empty": [],
}


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("branch", BRANCHES)
def test_branches_in_every_form(branch: str, form: str) -> None:
    puzzle, moves = Puzzle(3), BRANCHES[branch]
    data, names = FORMS[form](puzzle, moves)
    report = check(puzzle, data, names=names)  # type: ignore[arg-type]
    if data == "":
        assert (report.kind, report.legal, report.answered, report.moves) == ("no_answer", False, False, 0)
        return
    want = expected(puzzle, moves)
    if names is not None and want.reason is not None:  # the messages speak the answer's post names
        labels = names.split() if " " in names else list(names)  # type: ignore[attr-defined]
        want.reason = re.sub(r"post ([SID])", lambda m: "post " + labels["SID".index(m[1])], want.reason)
    assert_matches(report, want, len(moves))
    assert report.unreadable == ()


@pytest.mark.parametrize("fmt", HANOIKIT_FORMATS)
@pytest.mark.parametrize("branch", BRANCHES)
def test_branches_in_hanoikit_formats(branch: str, fmt: str) -> None:
    puzzle, moves = Puzzle(3), BRANCHES[branch]
    report = check(puzzle, hanoikit_format(moves, fmt))
    if not moves and fmt == "text":
        assert report.kind == "no_answer"
        return
    assert_matches(report, expected(puzzle, moves), len(moves))


def test_branch_facts() -> None:
    """The hand-made lists do what their names say (the oracle agrees, and the report says it in words)."""
    puzzle = Puzzle(3)
    reports = {name: check(puzzle, moves, explain=True) for name, moves in BRANCHES.items()}
    assert reports["optimal"].optimally_solved and reports["optimal"].kind is None
    detour = reports["detour"]
    assert detour.solved and detour.excess == 2 and detour.first_suboptimal == 4
    assert detour.continuation == tuple(puzzle.solve(puzzle.play(SOLUTION[:3])))
    illegal = reports["illegal at 5"]
    assert (illegal.first_illegal, illegal.kind, illegal.line) == (5, "covered", None)
    assert illegal.reason == "disk 2 is under disk 1 on post I"
    assert reports["illegal at 1"].kind == "covered" and reports["illegal at 1"].final == "SSS"
    unfinished = reports["unfinished"]
    assert not unfinished.solved and unfinished.legal and unfinished.kind == "unfinished"
    assert unfinished.remaining == 2 and unfinished.first_suboptimal is None
    assert unfinished.continuation == (Move(2, 1, 2), Move(1, 0, 2))
    assert "move 5 is illegal in" not in " ".join(unfinished.summary())
    assert "move 5 is illegal in IID: disk 2 is under disk 1" in " ".join(illegal.summary())


@pytest.mark.parametrize("puzzle", PUZZLES, ids=repr)
def test_branches_on_every_member(puzzle: Puzzle) -> None:
    solution = list(puzzle.solve())
    k = len(solution) // 2
    back = Move(solution[k - 1].disk, solution[k - 1].dst, solution[k - 1].src)
    lists = {
        "optimal": solution,
        "detour": solution[:k] + [back, solution[k - 1]] + solution[k:],
        "unfinished": solution[:-1],
        "illegal": solution[:k] + [Move(puzzle.n, 0, 1)] + solution[k:],
    }
    for moves in lists.values():
        for data in (moves, "\n".join(m.notation(puzzle.posts) for m in moves)):
            assert_matches(check(puzzle, data), expected(puzzle, moves), len(moves))


def test_other_endpoints() -> None:
    puzzle = MagneticPuzzle(3, "NNB")
    src, dst = puzzle.parse("SID:RBB"), puzzle.parse("IIS:RRR")
    moves = list(puzzle.solve(src, dst))
    report = check(puzzle, moves, "SID:RBB", dst)
    assert report.optimally_solved and (report.start, report.goal) == ("SID:RBB", "IIS:RRR")
    assert_matches(check(puzzle, moves[1:], src, dst), expected(puzzle, moves[1:], src, dst), len(moves) - 1)


def test_unreachable_goal() -> None:
    """Magnetic moves on a cycle cannot reach this goal: no optimum, and no first suboptimal move."""
    puzzle = MagneticPuzzle(2, moves="cyclic")
    report = check(puzzle, "1SI\n1ID")
    assert report.optimal is None and report.first_suboptimal is None and not report.solved
    assert report.legal and report.remaining is None
    assert report.unreachable and "does not exist" in " ".join(report.summary())


def test_beyond_the_solvers() -> None:
    """Without an optimum (beyond the exhaustive search's cap) the moves are still checked."""
    puzzle = Puzzle(18, posts=4, moves=[(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)])  # beyond the heuristic search's cap
    moves = [Move(1, 0, 1), Move(2, 0, 2), Move(1, 1, 2), Move(3, 0, 1)]
    report = check(puzzle, moves + [Move(2, 0, 1)])
    assert (report.legal, report.first_illegal, report.optimal, report.first_suboptimal) == (False, 5, None, None)
    assert report.reason == "disk 2 is not on post S" and "positions" in str(report.no_optimum)
    assert "is not known" in " ".join(report.summary()) and not report.unreachable


# -- random walks -----------------------------------------------------------------------------------------------------


@st.composite
def walks(draw: st.DrawFn) -> tuple[Puzzle, State, list[Move]]:
    puzzle = draw(st.sampled_from(PUZZLES + [MagneticPuzzle(3, draw(st.sampled_from(VARIANTS)))]))
    _, moves = legal_walk(puzzle, puzzle.start, draw(st.integers(0, 60)), lambda legal: draw(st.sampled_from(legal)))
    return puzzle, puzzle.start, moves


@given(walks())
def test_legal_walks_are_accepted(walk: tuple[Puzzle, State, list[Move]]) -> None:
    puzzle, _, moves = walk
    report = check(puzzle, moves, suboptimal=False)
    final = puzzle.play(moves)
    assert report.legal and report.first_illegal is None and report.reason is None
    assert report.final == str(final) and report.solved == (final == puzzle.goal)


def _kind_of(reason: str) -> str:
    """The kind of a broken rule, read from the model's own words (an oracle apart from ``checker.error_kind``)."""
    for words, kind in (("there is no disk", "disk"), ("does not name", "rule"), ("the same post", "rule"),
                        ("moves go only", "rule"),
                        ("is not on post", "absent"), ("is under", "covered"), ("larger disk", "larger")):
        if words in reason:
            return kind
    return "faces"


@given(walks(), st.data())
def test_one_corrupted_move_is_rejected_there(walk: tuple[Puzzle, State, list[Move]], data: st.DataObject) -> None:
    puzzle, _, moves = walk
    assume(moves)
    k = data.draw(st.integers(0, len(moves) - 1))
    before = puzzle.play(moves[:k])
    bad = data.draw(st.builds(Move, st.integers(0, puzzle.n + 1), st.integers(0, puzzle.posts - 1),
                              st.integers(0, puzzle.posts - 1)))
    reason = puzzle.move_error(before, bad)
    assume(reason is not None)
    if bad.src == bad.dst and 1 <= bad.disk <= puzzle.n:  # the checker words it in the answer's terms
        reason = f"disk {bad.disk} cannot move from post {puzzle.post_names[bad.src]} to the same post"
    corrupted = moves[:k] + [bad] + moves[k + 1 :]
    text = "\n".join(m.notation(puzzle.posts) if 1 <= m.disk and m.src != m.dst else f"({m.disk}, {m.src}, {m.dst})"
                     for m in corrupted)
    for given_moves in (corrupted, text):
        report = check(puzzle, given_moves, suboptimal=False)
        assert (report.first_illegal, report.reason, report.final) == (k + 1, reason, str(before))
        assert report.kind == _kind_of(reason)


@given(walks(), st.booleans())
def test_the_array_replay_and_the_per_move_replay_agree(walk: tuple[Puzzle, State, list[Move]], compiled: bool) -> None:
    """The replay over arrays (compiled by numba, or the same loop in plain Python) and the plain per-move replay
    through the rule hooks find the same first illegal move and the same position before it."""
    puzzle, start, moves = walk
    corrupted = moves + [Move(puzzle.n, 0, puzzle.posts - 1)] + moves
    listed = as_move_list(corrupted, puzzle.posts)
    slow = checker._replay_slowly(puzzle, start, listed, 0, len(listed))
    loop = replay._loop.compiled if compiled else replay._play
    with unittest.mock.patch.object(replay, "_loop", lambda moves: loop):
        assert checker._replay(puzzle, start, listed, len(listed)) == slow


class _NoLargestOnI(Puzzle):
    """A member with a rule hook of its own: the largest disk never goes to I."""

    def rule_error(self, state: State, move: Move) -> str | None:
        if move.disk == self.n and move.dst == 1:
            return "the largest disk never goes to I"
        return super().rule_error(state, move)


def test_other_rule_hooks_are_replayed_move_by_move() -> None:
    puzzle = _NoLargestOnI(3)
    report = check(puzzle, "1SI\n2SD\n1ID\n3SI")
    assert (report.first_illegal, report.reason) == (4, "the largest disk never goes to I")
    assert not puzzle.rules_as_data and Puzzle(3).rules_as_data and MagneticPuzzle(2).rules_as_data


def test_a_long_list() -> None:
    puzzle = Puzzle(12)
    moves = list(puzzle.solve())
    data = hanoikit_format(moves, "text")
    assert check(puzzle, data).optimally_solved
    bad = data.replace(b"\n1ID\n", b"\n1SS\n", 1)
    index = data[: data.index(b"\n1ID\n") + 1].count(b"\n")
    report = check(puzzle, bad)
    assert (report.first_illegal, report.line, report.kind) == (index + 1, index + 1, "rule")
    assert report.reason == "disk 1 cannot move from post S to the same post"


# -- the reader -------------------------------------------------------------------------------------------------------


def test_unreadable_lines_are_reported_with_their_numbers() -> None:
    text = "```\n1SD\n\n# a comment\n1 S X\nMove disk 2 from S to I\nI think so\n```\n"
    assert [(u.line, u.text, u.index) for u in read_move_list(text).unreadable] == [(5, "1 S X", 1)]  # prose: not
    listed = read_move_list(text, strict=True)
    assert [str(m) for m in listed] == ["1SD", "2SI"]
    assert [(u.line, u.text, u.index) for u in listed.unreadable] == [(5, "1 S X", 1), (7, "I think so", 2)]
    report = check(Puzzle(2), text, strict=True)
    assert not report.legal and not report.solved
    assert (report.first_illegal, report.line, report.kind) == (2, 5, "unreadable")
    assert report.reason.startswith("line 5 cannot be read as a move: unknown post 'X': posts are S, I, D or 0, 1, 2")
    assert report.moves == 4


@pytest.mark.parametrize("text, names, moves", [
    ("1SD 2SI 1DI", None, ["1SD", "2SI", "1DI"]),
    ("1sd, 2si", None, ["1SD", "2SI"]),
    ("1 S->D\n2: S -> I\n1 D I", None, ["1SD", "2SI", "1DI"]),
    ("[(1, 'S', 'D'), (2, 'S', 'I')]", None, ["1SD", "2SI"]),
    ("[\n  [1, 0, 2],\n  [2, 0, 1]\n]", None, ["1SD", "2SI"]),
    ("disk,src,dst\n1,0,2\n", None, ["1SD"]),
    ("Step 1: Move disk 1 from rod A to rod C\nStep 2: move disk 2 from A to B", "ABC", ["1SD", "2SI"]),
    ("1. disk 1 from left to right", "left, middle, right", ["1SD"]),
    ("- 1 1 3\n- 2 1 2", "123", ["1SD", "2SI"]),
    ("1SJ\n1JD", None, ["1SJ", "1JD"]),
])
def test_forms(text: str, names: str | None, moves: list[str]) -> None:
    posts = 4 if "J" in text else 3
    listed = read_move_list(text, posts, names)
    assert listed.unreadable == ()
    assert [m.notation(posts) for m in listed] == moves


def test_arrays() -> None:
    """Moves given as arrays, with disks and posts that fit no small type, still name no disk or post."""
    import numpy as np

    puzzle = Puzzle(3)
    disk, src, dst = (np.array(a, np.int64) for a in ([1, 2, 1], [0, 0, 2], [2, 1, 1]))
    assert check(puzzle, (disk, src, dst)).moves == 3
    assert check(puzzle, np.stack([disk, src, dst], axis=1)).moves == 3  # rows, as MoveArray.rows() gives them
    assert check(puzzle, list(np.stack([disk, src, dst], axis=1))).moves == 3
    # the reason never quotes the stand-in a move list keeps for a number outside its small types (255, 1000001)
    for bad, reason in [((1, 0, 258), "there is no such post (numbered from 0): the posts are S, I, D"),
                        ((1, 0, 7), "there is no post number 7 (numbered from 0)"),
                        ((2**40, 0, 2), "there is no such disk: disks are 1 to 3"),
                        ((-3, 0, 2), "there is no such disk"),
                        ((9, 0, 2), "there is no disk 9")]:
        arrays = tuple(np.array([value], np.int64) for value in bad)
        assert check(puzzle, arrays).reason.startswith(reason)  # type: ignore[union-attr]
        assert check(puzzle, np.array([bad], np.int64)).reason.startswith(reason)  # type: ignore[union-attr]


def test_windows_line_ends() -> None:
    puzzle = Puzzle(11)  # long enough for the vectorised readers
    data = hanoikit_format(list(puzzle.solve()), "text").replace(b"\n", b"\r\n")
    assert check(puzzle, data).optimally_solved


def test_names_are_checked() -> None:
    with pytest.raises(hk.InvalidPuzzleError, match="names 2 posts"):
        read_move_list("1AB", names="AB")
    with pytest.raises(hk.InvalidPuzzleError, match="given twice"):
        read_move_list("1AB", names="AAB")
    assert read_move_list("1AC", names={"a": 0, "b": "I", "c": 2}).disk.tolist() == [1]


def test_too_long() -> None:
    original = ensure_moves.__globals__["MAX_CHECK_MOVES"]
    ensure_moves.__globals__["MAX_CHECK_MOVES"] = 3
    try:
        with pytest.raises(hk.TooLargeError):
            check(Puzzle(2), "1SI\n2SD\n1ID\n1DS")
    finally:
        ensure_moves.__globals__["MAX_CHECK_MOVES"] = original


def test_report_as_json() -> None:
    data = check(Puzzle(2), "1SI\n2SD\n1IS", explain=True).to_dict()
    json.dumps(data)
    for field in ("legal", "solved", "moves", "optimal", "excess", "first_illegal", "reason", "first_suboptimal"):
        assert field in data
    assert data["first_suboptimal"] == 3 and data["continuation"] == ["1ID"]


# -- the command ------------------------------------------------------------------------------------------------------


def run(args: list[str], capsys: pytest.CaptureFixture[str], stdin: bytes | None = None,
        monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("branch, status", [("optimal", 0), ("detour", 1), ("illegal at 5", 3), ("unfinished", 3)])
def test_exit_statuses(branch: str, status: int, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "moves.txt"
    path.write_text("\n".join(map(str, BRANCHES[branch])) + "\n")
    code, out, err = run(["check", str(path), "-n", "3", "--format", "json"], capsys)
    assert code == status and err == ""
    report = json.loads(out)
    want = expected(Puzzle(3), BRANCHES[branch])
    assert (report["solved"], report["first_illegal"], report["first_suboptimal"]) == (
        want.solved, want.first_illegal, want.first_suboptimal)
    assert report["puzzle"] == "Puzzle(3)"


def test_bad_input(tmp_path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run(["check", "-", "-n", "2", "--strict"], capsys, b"1SI\nnonsense\n", monkeypatch)
    assert code == 2 and err.startswith("hanoi: -: 1 line(s) cannot be read as moves (2)")
    assert "line 2 cannot be read" in out
    assert run(["check", "-", "-n", "2"], capsys, b"1SI\n1ID\n", monkeypatch)[0] == 3
    code, _, err = run(["check", str(tmp_path / "none.txt"), "-n", "2"], capsys)
    assert code == 2 and "cannot read" in err
    code, _, err = run(["check", "-"], capsys, b"1SI\n", monkeypatch)
    assert code == 2 and "-n N" in err
    code, _, err = run(["check", "-", "--from", "SS", "--moves", "sideways"], capsys, b"1SI\n", monkeypatch)
    assert code == 2 and "unknown move rule" in err


def test_explain_and_members(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(["check", "-", "-n", "2", "--posts", "4", "--names", "ABCD", "--explain"], capsys,
                       b"1AB\n2AD\n1BC\n1CD\n", monkeypatch)
    assert code == 1
    assert "move 3 is the first that does not bring the goal closer" in out
    assert "an optimal continuation from BD, before move 3 (1 move): 1BD" in out  # in the answer's names
    code, out, _ = run(["check", "-", "--magnetic", "NNN", "--from", "SS:RR", "--to", "DD:BB"], capsys,
                       b"1SI\n2SD\n1ID\n1DS\n", monkeypatch)
    assert code == 3 and "move 3 (line 3) is illegal in ID:BB: blue would touch blue" in out


def test_the_summary_writes_counts_with_thousands_separators(tmp_path, capsys) -> None:
    """``hanoi check`` printed "solved optimally: 1048575 moves" while every other output writes 1,048,575."""
    puzzle = Puzzle(11)
    moves = [m.notation() for m in puzzle.solve()]
    optimum = puzzle.distance()
    cases = {
        "optimal": (moves, 0, f"solved optimally: {optimum:,} moves, the optimum from"),
        "longer": (["1SI", "1IS", *moves], 1, f"solved in {optimum + 2:,} moves, 2 more than the optimum from"),
        "one": (moves[:1], 3, f"not solved: 1 legal move reaches {puzzle.state_at(1)}, {optimum - 1:,} moves from"),
        "short": (moves[:1500], 3, f"not solved: 1,500 legal moves reach {puzzle.state_at(1500)}, "
                                   f"{optimum - 1500:,} moves from the goal; the optimum from"),
    }
    for name, (lines, status, words) in cases.items():
        path = tmp_path / f"{name}.txt"
        path.write_text("\n".join(lines) + "\n")
        assert main(["check", str(path), "-n", "11"]) == status
        out = capsys.readouterr().out
        assert words in out, (name, out)
        assert f"is {optimum:,} moves" in out or f"({optimum:,})" in out or "optimally" in out
        assert not re.search(r"\d{4}", out), out
