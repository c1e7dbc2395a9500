"""``hanoi distance``, ``solve`` and ``check --explain`` on four and five posts, where the registry hands them to the
heuristic search (issue 24): every answer against the plain breadth-first oracle, and the refusals above its caps.

The registry gives the heuristic search the members above the exhaustive solver's range
(:data:`~hanoikit.limits.MAX_SEARCH_POSITIONS` positions); the tests lower that threshold so that small members, which
the oracle searches in moments, take the same path through the command line as large ones.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clirun import run
from hanoikit import MagneticPuzzle, Move, Puzzle, State
from hanoikit.cli.app import cap_text
from hanoikit.limits import (
    MAX_HEURISTIC_DISKS,
    MAX_HEURISTIC_EVERY_MOVE_DISKS,
    MAX_HEURISTIC_NNNN_DISKS,
    MAX_HEURISTIC_NODES,
)
from hanoikit.solvers import registry
from hanoikit.solvers.heuristic import disk_cap
from oracle import legal_walk, plain_distances
from strategies import examples

MEMBERS = [
    (4, "any", None),
    (4, "cyclic", None),
    (4, "star", None),
    (5, "any", None),
    (5, "linear", None),
    (4, "any", "NNNN"),
    (4, "linear", "RNBN"),
]
"""(posts, move rule, colours or None) of the members drawn: classic and magnetic, every move and restricted."""

_LINE = re.compile(r"hanoi: [^\n]*\n")


@pytest.fixture(autouse=True)
def _heuristic_from_small_sizes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "MAX_SEARCH_POSITIONS", 0)


def _puzzle(posts: int, moves: str, colors: str | None, n: int) -> Puzzle:
    return Puzzle(n, posts=posts, moves=moves) if colors is None else MagneticPuzzle(n, colors, moves=moves)


def _options(puzzle: Puzzle, posts: int, moves: str, colors: str | None) -> list[str]:
    return ["--posts", str(posts), "--moves", moves, *([] if colors is None else ["--magnetic", colors])]


members = st.sampled_from(MEMBERS)


def _pair(puzzle: Puzzle, seed: int) -> tuple[State, State]:
    rng = random.Random(seed)
    return puzzle.random_state(rng), puzzle.random_state(rng)


@settings(max_examples=examples(25), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(member=members, n=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_distance_and_solve_agree_with_the_oracle(member, n, seed, capsys):
    posts, moves, colors = member
    puzzle = _puzzle(posts, moves, colors, n)
    src, dst = _pair(puzzle, seed)
    towers = len(set(src.posts)) == len(set(dst.posts)) == 1  # tower to tower: Frame-Stewart where it is checked
    if src != dst and not towers and puzzle.solver(src, dst) is not registry.HEURISTIC:
        pytest.fail(f"the registry did not choose the heuristic search for {puzzle!r}")
    expected = plain_distances(puzzle, src).get(dst)
    options = _options(puzzle, posts, moves, colors)
    status, out, err = run(["distance", str(src), str(dst), *options], capsys)
    if expected is None:
        assert status == 2 and _LINE.fullmatch(err) and "cannot be reached" in err
        return
    assert (status, out.strip(), err) == (0, str(expected), "")
    status, out, err = run(["solve", str(n), "--from", str(src), "--to", str(dst), "--format", "json", *options],
                           capsys)
    assert status == 0, err
    state = src
    for disk, a, b in json.loads(out):
        state = puzzle.apply(state, Move(disk, a, b))  # raises if a move breaks the rules
    assert state == dst and len(json.loads(out)) == expected


@settings(max_examples=examples(15), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(member=members, n=st.integers(2, 4), seed=st.integers(0, 2**32), steps=st.integers(1, 12))
def test_check_explain_continues_optimally_from_an_unfinished_list(member, n, seed, steps, capsys, tmp_path):
    posts, moves, colors = member
    puzzle = _puzzle(posts, moves, colors, n)
    src, dst = _pair(puzzle, seed)
    reach = plain_distances(puzzle, src)
    if dst not in reach or src == dst:
        return
    rng = random.Random(seed)
    _, walk = legal_walk(puzzle, src, steps, rng.choice)
    if dst in {puzzle.play(walk[:k], src) for k in range(len(walk) + 1)}:
        return  # a list that passes through the goal has nothing to continue
    listed = tmp_path / "moves.txt"
    listed.write_text("\n".join(move.notation(posts) for move in walk) + "\n")
    status, out, err = run(["check", str(listed), "--from", str(src), "--to", str(dst), "--explain",
                            "--format", "json", *_options(puzzle, posts, moves, colors)], capsys)
    report = json.loads(out)
    assert report["optimal"] == reach[dst], err
    if status == 0:
        return  # the walk solved it optimally
    start = puzzle.parse(report["continuation_from"])
    remaining = plain_distances(puzzle, start).get(dst)
    assert report["continuation_length"] == remaining == len(report["continuation"])
    state = start
    for move in report["continuation"]:
        state = puzzle.apply(state, Move.parse(move, posts) if isinstance(move, str) else Move(*move))
    assert state == dst


@pytest.mark.parametrize("posts, colors", [(4, None), (5, None), (4, "NNNN"), (5, "NNNNN")])
def test_a_member_above_the_cap_is_refused_before_the_search(posts, colors, capsys):
    puzzle = _puzzle(posts, "any", colors, 3)
    n = disk_cap(puzzle) + 1
    big = _puzzle(posts, "any", colors, n)
    src = big.start.replace(1, 1)  # not a tower: the heuristic search would answer it
    status, out, err = run(["distance", str(src), str(big.goal), *_options(big, posts, "any", colors)], capsys)
    assert status == 2 and out == "" and _LINE.fullmatch(err)
    assert f"{n} disks" in err and f"at most {n - 1}" in err


@pytest.mark.parametrize("command", ["distance", "solve", "check"])
def test_help_quotes_the_heuristic_caps(command, capsys):
    status, out, _ = run([command, "--help"], capsys)
    text = " ".join(out.split())
    assert status == 0 and cap_text(MAX_HEURISTIC_DISKS) in text
    assert f"four posts with every move: {MAX_HEURISTIC_EVERY_MOVE_DISKS}" in text
    assert f"magnetic NNNN: {MAX_HEURISTIC_NNNN_DISKS}" in text  # its own cap, past the magnetic one
    if command != "check":
        assert f"{MAX_HEURISTIC_NODES:,}" in text


@settings(max_examples=examples(10), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(family=st.sampled_from(["posts4", "posts5", "cyclic4", "star5", "magnetic-NNNN", "magnetic-RBNN"]),
       n=st.integers(2, 4), seed=st.integers(0, 1000), goal=st.sampled_from(["perfect", "random"]))
def test_generated_optima_on_more_posts_agree_with_the_oracle(family, n, seed, goal):
    from hanoikit.generate import instance_at, instance_puzzle

    instance = instance_at(seed, 0, [family], (n, n), "random", goal)
    puzzle, src, dst = instance_puzzle(instance)
    assert instance["optimal"] == plain_distances(puzzle, src)[dst] > 0
    assert instance["guarantee"] in {"proven optimal", "optimal by exhaustive check"}


def test_generate_shows_its_progress_on_a_terminal(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    out = tmp_path / "set.jsonl"
    status, _, _ = run(["generate", "--count", "7", "--family", "posts4,posts5", "--disks", "3..5", "--start",
                        "random", "--goal", "random", "--out", str(out)], capsys)
    assert status == 0 and len(out.read_text().splitlines()) == 7
