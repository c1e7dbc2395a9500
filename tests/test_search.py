"""The breadth-first search oracle: facts derived by hand, and an independent pure-Python search over the core rules."""

from __future__ import annotations

import collections
import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import MagneticPuzzle, Move, Puzzle, State
from hanoikit import positions as P
from hanoikit import search as S
from hanoikit.cli import main
from oracle import plain_distances


def all_magnetic_puzzles(n: int) -> list[MagneticPuzzle]:
    """Every colouring, every start orientation S allows, both goal orientations."""
    puzzles = []
    for colors in hk.VARIANTS:
        for start_up in ("R", "B") if colors[0] == "N" else (colors[0],):
            for goal_up in ("R", "B"):
                puzzles.append(MagneticPuzzle(n, colors, start_up=start_up, goal_up=goal_up))
    return puzzles


def every_state(puzzle: hk.Puzzle) -> list[State]:
    """All legal positions, enumerated from the definition (``is_legal``) rather than from the encoding."""
    n = puzzle.n
    if not puzzle.faces:
        return [State(posts) for posts in itertools.product(range(3), repeat=n)]
    states = []
    for posts in itertools.product(range(3), repeat=n):
        for ups in itertools.product("RB", repeat=n):
            state = State(posts, ups)
            if puzzle.is_legal(state):
                states.append(state)
    return states


@st.composite
def positions(draw, max_n: int = 8):
    """A puzzle (classic or any magnetic colouring) and one of its legal positions."""
    n = draw(st.integers(1, max_n))
    where = draw(st.lists(st.integers(0, 2), min_size=n, max_size=n))
    if draw(st.booleans()):
        return Puzzle(n), State(where)
    colors = draw(st.sampled_from(hk.VARIANTS))
    shows = [c if c != "N" else draw(st.sampled_from("RB")) for c in colors]
    return MagneticPuzzle(n, colors), State(where, [shows[p] for p in where])


# -- the encoding ----------------------------------------------------------------------------------------------------


@given(positions(max_n=40))
def test_encode_decode_round_trip(case):
    puzzle, state = case
    code = S.encode(puzzle, state)
    assert 0 <= code < S.code_count(puzzle)
    assert S.decode(puzzle, code) == state


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_legal_states_are_exactly_the_legal_positions(n):
    for puzzle in [Puzzle(n)] + [MagneticPuzzle(n, colors) for colors in hk.VARIANTS]:
        codes = S.legal_states(puzzle)
        expected = sorted(S.encode(puzzle, state) for state in every_state(puzzle))
        assert codes.tolist() == expected
        assert S.state_count(puzzle) == len(expected)
        if n <= 2:  # every other code is refused by decode
            for code in set(range(S.code_count(puzzle))) - set(expected):
                with pytest.raises(hk.InvalidStateError):
                    S.decode(puzzle, code)


def test_state_count_is_exact_for_huge_n():
    assert S.state_count(Puzzle(1000)) == 3**1000
    assert S.state_count(MagneticPuzzle(7, "RBB")) == 3**7
    assert S.state_count(MagneticPuzzle(200)) % 2 == 0


def test_decode_refuses_bad_codes():
    for code in (-1, 27, 2.0, True, "3"):
        with pytest.raises(hk.InvalidStateError):
            S.decode(Puzzle(3), code)


# -- the vectorised rules against the core ---------------------------------------------------------------------------


def check_successors(puzzle: hk.Puzzle, states: list[State]) -> None:
    codes = np.array([S.encode(puzzle, s) for s in states])
    out = S.successors(puzzle, codes)
    found = collections.defaultdict(dict)
    for parent, child, disk, src, dst in zip(*(a.tolist() for a in out)):
        found[parent][Move(disk, src, dst)] = child
    for index, state in enumerate(states):
        moves = found[index]
        assert set(moves) == set(puzzle.legal_moves(state)), state
        for move, child in moves.items():
            assert S.decode(puzzle, child) == puzzle.apply(state, move)
        for disk, src, dst in itertools.product(range(1, puzzle.n + 1), range(3), range(3)):
            move = Move(disk, src, dst)
            assert (move in moves) == (src != dst and puzzle.move_error(state, move) is None)


@given(positions())
def test_successors_agree_with_move_error(case):
    puzzle, state = case
    check_successors(puzzle, [state])


@pytest.mark.parametrize("n", [1, 3])
def test_successors_agree_on_every_position(n):
    for puzzle in [Puzzle(n)] + [MagneticPuzzle(n, colors) for colors in hk.VARIANTS]:
        check_successors(puzzle, every_state(puzzle))


@pytest.mark.parametrize("rows", [1, 3, 9, 8 * 9])
def test_every_split_of_the_low_digits_agrees(monkeypatch, rows):
    """The tables of moves list the moves of the low disks by low index and find the others from the run's tops:
    force every split of the digits (no low disk at all, one, two) on small puzzles."""
    puzzles = (Puzzle(5), MagneticPuzzle(5), MagneticPuzzle(5, "RNB"), MagneticPuzzle(5, "BRN"))
    expected = {p: (S.bfs(p).distances, S.legal_states(p)) for p in puzzles}
    monkeypatch.setattr(P, "_LOW_ROWS", rows)
    P.move_tables.cache_clear()
    try:
        for puzzle, (distances, legal) in expected.items():
            assert P.move_tables(puzzle).geo[P.ROWS] <= max(rows, 8 if puzzle.faces else 1)
            assert np.array_equal(S.bfs(puzzle).distances, distances)
            assert np.array_equal(S.legal_states(puzzle), legal)
            check_successors(puzzle, every_state(puzzle)[::7])
    finally:
        P.move_tables.cache_clear()


# -- classic facts ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 9))
def test_classic_facts(n):
    puzzle = Puzzle(n)
    result = S.bfs(puzzle)
    assert result.reachable == sum(result.layer_sizes) == 3**n
    assert result.distance(puzzle.goal) == 2**n - 1
    assert result.eccentricity == 2**n - 1
    for code in range(3**n):
        assert result.distances[code] == to_tower(S.decode(puzzle, code).posts, 0)
    edges = len(S.successors(puzzle, S.legal_states(puzzle)).child)
    assert edges == 2 * (3 * (3**n - 1) // 2)  # each edge seen from both ends
    assert len(S.path(puzzle)) == 2**n - 1


def to_tower(posts: tuple[int, ...], post: int) -> int:
    """Moves to gather a classic position on ``post``: the largest disk off its target costs 2^(disk - 1) and makes
    the third post the target of the smaller disks."""
    total = 0
    for disk in range(len(posts), 0, -1):
        if posts[disk - 1] != post:
            total += 2 ** (disk - 1)
            post = 3 - post - posts[disk - 1]
    return total


@pytest.mark.parametrize("n", range(1, 6))
def test_classic_diameter(n):
    assert S.diameter(Puzzle(n)).diameter == 2**n - 1


def test_classic_layers_match_the_state_graph_of_seed_003():
    assert S.bfs(Puzzle(3)).layer_sizes == [1, 2, 2, 4, 2, 4, 4, 8]  # read off the drawing, level by level


# -- magnetic facts --------------------------------------------------------------------------------------------------


def test_free_magnetic_distances_of_seed_001():
    # Published for n = 1..3 (4 and 11 are worked out in the text); the rest follow from the Markov recursion.
    assert [S.distance(MagneticPuzzle(n)) for n in range(1, 7)] == [1, 4, 11, 30, 83, 236]


def test_seven_variants_follow_the_markov_recursion_of_seed_001():
    """S(n) = M S(n-1) over (NNN, RNN, NNR, NBR, RNB, RBN, RRB, 1), with S(1) and M as published."""
    from hanoikit.analysis.markov import SEED_VARIANTS as names
    from hanoikit.report.encyclopedia import PUBLISHED_MATRIX as matrix
    from hanoikit.report.encyclopedia import PUBLISHED_S1 as vector

    for n in range(1, 9):
        assert [S.distance(MagneticPuzzle(n, name)) for name in names] == vector[:7], n
        vector = [sum(m * v for m, v in zip(row, vector)) for row in matrix]


@pytest.mark.parametrize("n", range(1, 8))
def test_rbb_and_rrb_take_half_of_three_to_the_n_minus_one(n):
    for colors in ("RBB", "RRB"):
        assert S.bfs(MagneticPuzzle(n, colors)).distance(MagneticPuzzle(n, colors).goal) == (3**n - 1) // 2


@pytest.mark.parametrize("n", [1, 2, 3])
def test_magnetic_distances_match_a_plain_search(n):
    for puzzle in all_magnetic_puzzles(n):
        expected = plain_distances(puzzle, puzzle.start)
        result = S.bfs(puzzle)
        assert result.reachable == len(expected)
        got = {S.decode(puzzle, int(c)): int(result.distances[c]) for c in np.flatnonzero(result.distances >= 0)}
        assert got == expected
        if puzzle.is_legal(puzzle.goal) and puzzle.goal in expected:
            moves = S.path(puzzle)
            assert len(moves) == S.distance(puzzle) == expected[puzzle.goal]
            assert puzzle.play(moves) == puzzle.goal
        else:
            with pytest.raises(hk.UnsolvableError):
                S.distance(puzzle)


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("colors", [None, "NNN", "RNB", "NBR", "RRB"])
def test_restricted_moves_match_a_plain_search(n, colors):
    for rule in ("linear", {(0, 2), (2, 0), (0, 1), (1, 0)}, {(1, 2), (2, 1)}):
        puzzle = Puzzle(n, moves=rule) if colors is None else MagneticPuzzle(n, colors, moves=rule)
        expected = plain_distances(puzzle, puzzle.start)
        result = S.bfs(puzzle)
        got = {S.decode(puzzle, int(c)): int(result.distances[c]) for c in np.flatnonzero(result.distances >= 0)}
        assert got == expected
        for target in list(expected)[-3:]:
            moves = result.path(target)
            assert puzzle.play(moves) == target and len(moves) == expected[target]
        component = {s: max(plain_distances(puzzle, s).values()) for s in expected}
        assert S.diameter(puzzle).diameter == max(component.values())


def test_one_way_moves_and_other_posts_are_refused():
    for puzzle in (Puzzle(2, moves="cyclic"), Puzzle(2, posts=4), MagneticPuzzle(2, "NNNN")):
        assert not S.covers(puzzle)
        with pytest.raises(hk.InvalidPuzzleError, match="three posts with moves that can be undone"):
            S.bfs(puzzle)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_diameter_matches_all_pairs_plain_search(n):
    for puzzle in [Puzzle(n)] + [MagneticPuzzle(n, colors) for colors in ("NNN", "RBB", "RNB", "NBR")]:
        component = plain_distances(puzzle, puzzle.start)
        expected = max(max(plain_distances(puzzle, s).values()) for s in component)
        assert S.diameter(puzzle).diameter == expected


# -- results, paths and errors ---------------------------------------------------------------------------------------


@given(positions(max_n=5), st.data())
def test_paths_between_positions_are_optimal_and_legal(case, data):
    puzzle, source = case
    result = S.bfs(puzzle, source)
    codes = np.flatnonzero(result.distances >= 0)
    target = S.decode(puzzle, int(data.draw(st.sampled_from(codes.tolist()))))
    moves = result.path(target)
    assert puzzle.play(moves, source) == target
    assert len(moves) == result.distance(target) == S.distance(puzzle, source, target)
    assert S.path(puzzle, source, target) == moves
    assert S.distance(puzzle, target, source) == len(moves)  # every move can be undone


def test_states_at_follow_the_layers():
    result = S.bfs(MagneticPuzzle(3, "RNB"))
    for d, size in enumerate(result.layer_sizes):
        states = result.states_at(d)
        assert len(states) == size == len(result.codes_at(d))
        assert all(result.distance(s) == d for s in states)
    assert result.states_at(result.eccentricity + 1) == []


def test_unreachable_targets_raise_with_the_reason():
    puzzle = MagneticPuzzle(3)
    lonely = State.parse("SID:RRR")  # every move would put red on red
    assert puzzle.legal_moves(lonely) == []
    assert S.bfs(puzzle).distance(lonely) is None
    with pytest.raises(hk.UnsolvableError, match="'SID:RRR' cannot be reached from 'SSS:RRR'"):
        S.path(puzzle, puzzle.start, lonely)
    with pytest.raises(hk.UnsolvableError, match="cannot be reached"):
        S.bfs(puzzle).path(lonely)
    with pytest.raises(hk.UnsolvableError, match="coloured red"):
        S.distance(MagneticPuzzle(2, "NNR", goal_up="B"))


def test_bad_input_raises_specific_errors():
    with pytest.raises(hk.InvalidStateError):
        S.bfs(MagneticPuzzle(2, "RNN"), State.parse("SS:BB"))
    with pytest.raises(hk.InvalidStateError):
        S.bfs(Puzzle(2), State.parse("SSS"))
    with pytest.raises(hk.TooLargeError, match=r"Puzzle\(18\)"):
        S.bfs(Puzzle(18))
    with pytest.raises(hk.TooLargeError):
        S.legal_states(MagneticPuzzle(16))
    with pytest.raises(hk.TooLargeError, match="diameter"):
        S.diameter(Puzzle(17))


def test_progress_bar_changes_nothing(capsys):
    assert S.bfs(Puzzle(7), progress=True).layer_sizes == S.bfs(Puzzle(7)).layer_sizes
    assert capsys.readouterr().out == ""


def test_reachable_through_the_package():
    result = hk.search.bfs(Puzzle(2))
    assert repr(result) == "SearchResult(Puzzle(2), source='SS', reachable=9, eccentricity=3)"


# -- the command line ------------------------------------------------------------------------------------------------


def test_cli_summary(capsys):
    assert main(["search", "3", "--magnetic", "NNN"]) == 0
    out = capsys.readouterr().out
    assert "reachable" in out and "114" in out and "126" in out
    assert "distance to the goal DDD:BBB" in out and " 11 " in out


def test_cli_from_a_position(capsys):
    assert main(["search", "2", "--from", "DS"]) == 0
    out = capsys.readouterr().out
    assert "DS" in out and "eccentricity" in out


@pytest.mark.parametrize(
    "args",
    [
        ["search", "25", "--posts", "4"],
        ["search", "3", "--from", "SSX"],
        ["search", "0"],
        ["search", "3", "--magnetic", "XYZ"],
    ],
)
def test_cli_refuses_bad_input_in_one_line(args, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_cli_csv_lists_the_positions_by_distance(capsys):
    from hanoikit.cli import main

    assert main(["search", "4", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.split()
    assert lines[0] == "distance,positions"
    assert [int(line.split(",")[1]) for line in lines[1:]] == list(S.bfs(Puzzle(4)).layer_sizes)
