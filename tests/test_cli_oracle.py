"""Every number a command prints that comes from a table or a search, for small cases, against the plain breadth-first
search of ``tests/oracle.py``: ``distance``, ``solve --count`` and the listed solution between random positions of
every member, ``move`` and ``state`` at every index, ``count`` and ``variants``, the moves, optimum and colour
crossings of ``crossings`` (recounted here from the moves), and the agreement ``oeis`` reports."""

from __future__ import annotations

import functools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hanoikit as hk
from clirun import run
from hanoikit import levy, oeis
from hanoikit.oeis_terms import PUBLISHED
from oracle import all_states, plain_distances
from strategies import examples

_MEMBERS = [
    (hk.Puzzle(4), []),
    (hk.Puzzle(3, posts=4), ["--posts", "4"]),
    (hk.Puzzle(3, moves="cyclic"), ["--moves", "cyclic"]),
    (hk.Puzzle(3, moves="linear"), ["--moves", "linear"]),
    (hk.Puzzle(3, posts=4, moves="star"), ["--posts", "4", "--moves", "star"]),
    (hk.Puzzle(4, moves="SI ID DS"), ["--moves", "SI ID DS"]),
    (hk.MagneticPuzzle(3), ["--magnetic", "NNN"]),
    (hk.MagneticPuzzle(3, "RBN", goal_up="R"), ["--magnetic", "RBN", "--goal-up", "R"]),
    (hk.MagneticPuzzle(3, "NRB"), ["--magnetic", "NRB"]),
    (hk.MagneticPuzzle(2, "NNNN"), ["--magnetic", "NNNN"]),
    (hk.MagneticPuzzle(3, moves="linear"), ["--magnetic", "NNN", "--moves", "linear"]),
]


@functools.cache
def _states(index: int) -> list[hk.State]:
    return all_states(_MEMBERS[index][0])


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(index=st.integers(0, len(_MEMBERS) - 1), data=st.data())
def test_distance_count_and_solution_between_any_positions(index: int, data, capsys) -> None:
    puzzle, options = _MEMBERS[index]
    a, b = (data.draw(st.sampled_from(_states(index))) for _ in range(2))
    truth = plain_distances(puzzle, a).get(b)
    args = [str(puzzle.n), "--from", str(a), "--to", str(b), *options]
    for command in (["distance", str(a), str(b), *options], ["solve", *args, "--count"]):
        status, out, err = run(command, capsys)
        if truth is None:  # refused in one line, never a traceback's status 1
            assert status == 2 and err.count("\n") == 1, (puzzle, a, b, command, err)
        else:
            assert status == 0 and int(out) == truth, (puzzle, a, b, command, err)
    status, out, err = run(["solve", *args, "--format", "json"], capsys)
    if truth is None:
        assert status == 2 and err.count("\n") == 1
    else:
        moves = [hk.Move(*m) for m in json.loads(out)]
        assert len(moves) == truth and puzzle.play(moves, a) == b


@pytest.mark.parametrize("index", range(len(_MEMBERS)))
def test_move_and_state_at_every_index(index: int, capsys) -> None:
    puzzle, options = _MEMBERS[index]
    truth = plain_distances(puzzle, puzzle.start).get(puzzle.goal)
    status, out, _ = run(["solve", str(puzzle.n), *options, "--format", "json"], capsys)
    if truth is None:
        assert status == 2
        return
    moves = [hk.Move(*m) for m in json.loads(out)]
    assert len(moves) == truth
    text = run(["solve", str(puzzle.n), *options], capsys)[1].split()
    state = puzzle.start
    for k in range(truth + 1):
        assert run(["state", str(puzzle.n), str(k), *options], capsys)[1].strip() == str(state)
        if k < truth:
            assert run(["move", str(puzzle.n), str(k), *options], capsys)[1].strip() == text[k]
            state = puzzle.apply(state, moves[k])
    assert state == puzzle.goal
    assert run(["move", str(puzzle.n), str(truth), *options], capsys)[0] == 2


def _crossings(puzzle: hk.MagneticPuzzle, moves: list[hk.Move]) -> list[int]:
    """Each post's colour over the moves (its top face, else its own colour); a crossing is R, N, B or B, N, R."""

    def colours(state: hk.State) -> list[str]:
        return [state.up(s[-1]) or "N" if s else puzzle.colors[i] for i, s in enumerate(state.stacks())]

    state, seen = puzzle.start, [[c] for c in colours(puzzle.start)]
    for move in moves:
        state = puzzle.apply(state, move)
        for post, colour in enumerate(colours(state)):
            if seen[post][-1] != colour:
                seen[post].append(colour)
    return [sum(1 for a, b, c in zip(s, s[1:], s[2:]) if b == "N" and {a, c} == {"R", "B"}) for s in seen]


@pytest.mark.parametrize("algorithm", sorted(levy.ALGORITHMS))
def test_crossings_tables(algorithm: str, capsys) -> None:
    for tower in sorted({"NNN", levy.get(algorithm).colors}):
        status, out, err = run(["crossings", "-a", algorithm, "--upto", "6", "--magnetic", tower, "--format", "json"],
                               capsys)
        assert status == 0, err
        for row in json.loads(out):
            puzzle = hk.MagneticPuzzle(row["N"], tower)
            moves = list(levy.solution(algorithm, row["N"]))
            s, i, d = _crossings(puzzle, moves)
            optimal = plain_distances(puzzle, puzzle.start)[puzzle.goal]
            assert row == {"N": row["N"], "S": s, "I": i, "D": d, "total": s + i + d, "moves": len(moves),
                           "optimal": optimal, "above optimal": len(moves) - optimal}, (algorithm, tower)


def test_count_and_variants_tables(capsys) -> None:
    status, out, _ = run(["variants", "--upto", "4", "--format", "json"], capsys)
    assert status == 0
    rows = json.loads(out)
    assert len(rows) >= 2 and any(row["S(1..4)"] for row in rows)
    for row in rows:
        colors, _, goal = row["variant"].partition("/")
        for n, value in enumerate(row["S(1..4)"] or [], 1):
            puzzle = hk.MagneticPuzzle(n, colors, goal_up=goal or None)
            assert value == plain_distances(puzzle, puzzle.start).get(puzzle.goal), (row["variant"], n)
        if not row["S(1..4)"]:
            continue
        status, out, _ = run(["count", "--magnetic", colors, *(["--goal-up", goal] if goal else []), "--upto", "4",
                              "--format", "json"], capsys)
        assert status == 0
        counts = json.loads(out)
        assert [r["n / k"] for r in counts] == [1, 2, 3, 4]
        assert [r["S(n)"] for r in counts] == row["S(1..4)"]
        assert [sum(r["P(k)"] for r in counts[:n]) for n in range(1, 5)] == row["S(1..4)"]
    for posts, moves in [(4, "any"), (3, "cyclic"), (4, "star"), (5, "any")]:
        status, out, _ = run(["count", "--posts", str(posts), "--moves", moves, "--upto", "4", "--format", "json"],
                             capsys)
        assert status == 0
        counts = json.loads(out)
        assert [row["n"] for row in counts] == [1, 2, 3, 4]
        for row in counts:
            puzzle = hk.Puzzle(row["n"], posts=posts, moves=moves)
            assert row["S(n)"] == plain_distances(puzzle, puzzle.start).get(puzzle.goal)


def test_oeis_agreement_is_the_oracles(capsys) -> None:
    """Where ``hanoi oeis`` says a sequence agrees, the oracle's first terms are the published ones."""
    status, out, _ = run(["oeis", "--upto", "4", "--max-positions", "5000", "--format", "json"], capsys)
    assert status == 0
    agreed = {row["anumber"] for row in json.loads(out) if row["agree"]}
    assert agreed
    def total(member: oeis.Member, n: int) -> int | None:
        if n == 0:
            return 0
        puzzle = member.puzzle(n)
        source, target = member.towers(puzzle)
        return plain_distances(puzzle, source).get(target)

    for anumber, member in oeis.MEMBERS.items():
        entry = PUBLISHED[anumber]
        for n in range(max(1, entry.offset), min(4, entry.offset + len(entry.terms) - 1) + 1):
            low, high = total(member, n - 1), total(member, n)
            truth = high - low if member.per_disk and high is not None and low is not None else high
            assert (truth == entry.terms[n - entry.offset]) or anumber not in agreed, (anumber, n)
