"""Whatever a user passes, the library answers or raises one of its own errors (or a TypeError), quickly.

Every public entry point of the core (the notations, the constructors, the rules, the queries, the play session) is
fed arbitrary values: text with non-ASCII characters and huge digit strings, ints of any size and sign, bools, numpy
scalars, floats, None, tuples of the wrong length, positions of the wrong size, with and without colours.
"""

from __future__ import annotations

from itertools import islice

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import Game, MagneticPuzzle, Move, Puzzle, State
from hanoikit.limits import MAX_DISK_MOVES_DISKS, MAX_DISKS, MAX_MAGNETIC_DISKS, MAX_MAGNETIC_INDEX_DISKS
from hanoikit.move import parse_index
from oracle import legal_walk
from strategies import examples

ALLOWED = (hk.HanoiError, TypeError)

notation_text = st.text(alphabet="SIDRBNsidrbn:0123456789 ->", max_size=12)
huge_digits = st.integers(4000, 6000).map(lambda k: "1" * k + "SD")
look_alikes = st.sampled_from(["ſſı", "١SD", "1ＳＤ", "Ｓ", "1\u00a0SD", "SS:ʀʀ", "ı", "ſ", "١", "𝟏SD"])
texts = st.one_of(st.text(max_size=20), notation_text, huge_digits, look_alikes)
huge_ints = st.sampled_from([10**23, 10**5000, -(10**5000), MAX_DISKS, MAX_DISKS + 1, 2**64, -(2**63)])
numbers = st.one_of(
    st.integers(-3, 8),
    st.integers(),
    huge_ints,
    st.booleans(),
    st.integers(-3, 8).map(np.int64),
    st.integers(0, 8).map(np.uint8),
    st.sampled_from([np.True_, np.False_, np.float64(1.0), np.int64(-1)]),
    st.floats(allow_nan=True),
)
posts = st.lists(st.integers(0, 2), min_size=1, max_size=5)
states = st.one_of(
    st.builds(State, posts),
    posts.flatmap(
        lambda p: st.builds(State, st.just(p), st.lists(st.sampled_from("RB"), min_size=len(p), max_size=len(p)))
    ),
)
moves = st.builds(lambda disk, src, step: Move(disk, src, (src + step) % 3), st.integers(1, 6), st.integers(0, 2),
                  st.integers(1, 2))
values = st.one_of(
    texts,
    numbers,
    st.none(),
    states,
    moves,
    st.tuples(numbers),
    st.tuples(numbers, numbers),
    st.tuples(numbers, numbers, numbers),
    st.tuples(numbers, numbers, numbers, numbers),
    st.lists(numbers, max_size=4),
    st.sampled_from(["R", "B", "N", "r", "NNN", "RBB", "nrn"]),
)
colourings = st.one_of(st.sampled_from(hk.VARIANTS), values)
orientations = st.one_of(st.none(), st.sampled_from("RBrb"), values)


@st.composite
def puzzles(draw):
    """A small puzzle, classic or magnetic with any colouring (the orientations may contradict the colours)."""
    n = draw(st.integers(1, 4))
    if draw(st.booleans()):
        return Puzzle(n)
    try:
        return MagneticPuzzle(n, draw(st.sampled_from(hk.VARIANTS)), draw(st.sampled_from([None, "R", "B"])),
                              draw(st.sampled_from([None, "R", "B"])))
    except hk.InvalidPuzzleError:
        return MagneticPuzzle(n)


@st.composite
def members(draw):
    """A small member of the family: 3 to 5 posts, any named or explicit move rule, classic or magnetic."""
    k, n = draw(st.integers(3, 5)), draw(st.integers(1, 3))
    pairs = st.tuples(st.integers(0, k - 1), st.integers(0, k - 1)).filter(lambda p: p[0] != p[1])
    rule = draw(st.one_of(st.sampled_from(hk.MOVE_RULES), st.sets(pairs, min_size=1)))
    if draw(st.booleans()):
        return Puzzle(n, k, rule)
    return MagneticPuzzle(n, "".join(draw(st.lists(st.sampled_from("RBN"), min_size=k, max_size=k))), moves=rule)


@st.composite
def positions(draw, puzzle):
    """A legal position of ``puzzle``, reached by a few legal moves from its start."""
    return legal_walk(puzzle, puzzle.start, draw(st.integers(0, 6)), lambda legal: draw(st.sampled_from(legal)))[0]


def answers(call, *args):
    """Call and return the answer, or ``None`` if it raised an allowed error; any other exception fails the test."""
    try:
        return call(*args)
    except ALLOWED:
        return None


# -- the notations -------------------------------------------------------------------------------------------------


@settings(max_examples=examples(300))
@given(values)
def test_parsers_raise_only_library_errors(value):
    for parse in (State.parse, Move.parse, hk.post_index, Puzzle(3).parse, MagneticPuzzle(2).parse, parse_index):
        answers(parse, value)
    for puzzle in (Puzzle(3), MagneticPuzzle(2, "NNNR")):
        answers(puzzle.parse_move, value, puzzle.start)
        answers(puzzle.parse_move, "SD", value)
        answers(puzzle.random_state, value)
        answers(Game.replay, puzzle, [value])
        answers(Game.replay, puzzle, value)
        answers(Game.replay, puzzle, ["SI"], value)


@settings(max_examples=examples(200))
@given(st.text(min_size=1, max_size=12).filter(lambda text: not text.isascii()))
def test_notations_accept_ascii_only(text):
    for parse, error in ((State.parse, hk.InvalidStateError), (Move.parse, hk.InvalidMoveError),
                         (hk.post_index, hk.InvalidMoveError)):
        with pytest.raises(error):
            parse(text)


@pytest.mark.parametrize("text", ["ſſı", "SSı", "ſ", "Ｓ"])
def test_look_alike_letters_are_not_posts(text):
    with pytest.raises(hk.InvalidStateError):
        State.parse(text)
    with pytest.raises(hk.InvalidMoveError):
        hk.post_index(text)


@pytest.mark.parametrize("text", ["١SD", "1١SD", "𝟏SD", "1\u00a0SD", "1ＳＤ"])
def test_look_alike_digits_are_not_disk_numbers(text):
    with pytest.raises(hk.InvalidMoveError):
        Move.parse(text)


def test_huge_disk_numbers_are_refused_by_their_length_with_a_short_message():
    for text in ("1" * 5000 + "SD", "9" * 10**6 + "SD", str(MAX_DISKS + 1) + "SD"):
        with pytest.raises(hk.InvalidMoveError, match=f"from 1 to {MAX_DISKS}") as error:
            Move.parse(text)
        assert len(str(error.value)) < 200  # how fast: benchmarks/bench_refusals.py
    assert Move.parse(f"{MAX_DISKS}SD") == Move(MAX_DISKS, 0, 2)
    assert Move.parse("007SD") == Move(7, 0, 2)


@given(st.text(min_size=200, max_size=2000))
def test_error_messages_quote_a_short_prefix_of_long_input(text):
    for parse in (State.parse, Move.parse, hk.post_index, lambda t: MagneticPuzzle(2, t), lambda t: Puzzle(t),
                  parse_index, lambda t: Puzzle(2).parse_move(t, Puzzle(2).start),
                  lambda t: Game.replay(Puzzle(2), [t])):
        try:
            parse(text)
        except hk.HanoiError as error:
            assert len(str(error)) < 300
            assert repr(text[:1])[1:-1] in str(error)


# -- constructors ------------------------------------------------------------------------------------------------


@settings(max_examples=examples(300))
@given(values, colourings, orientations, orientations)
def test_constructors_raise_only_library_errors(n, colors, start_up, goal_up):
    answers(Puzzle, n)
    answers(MagneticPuzzle, n, colors, start_up, goal_up)
    answers(State, n)
    answers(State, n, colors)
    answers(State.tower, n, start_up, goal_up)
    answers(Move, n, start_up, goal_up)
    answers(Move, n, 0, 2)
    answers(Game, n)
    answers(Game, Puzzle(2), n)


@settings(max_examples=examples(300))
@given(values, values, values)
def test_family_constructors_and_notations_raise_only_library_errors(n, posts, rule):
    answers(Puzzle, 2, posts, rule)
    answers(Puzzle, n, 4, rule)
    answers(lambda: MagneticPuzzle(2, posts, moves=rule))
    answers(lambda: MagneticPuzzle(2, "NNNN", moves=rule))
    answers(hk.move_rule, rule, posts)
    answers(hk.post_names, posts)
    answers(hk.post_index, n, posts)
    answers(State, [0, 3], None, posts)
    answers(State.tower, 2, 3, None, posts)
    answers(State.parse, n, posts)
    answers(State.parse, "SJD", posts)
    answers(Move.parse, n, posts)
    answers(Move.parse, "1JD", posts)
    answers(Move(1, 0, 3).notation, posts)


@pytest.mark.parametrize("n", [MAX_DISKS + 1, 10**23, 10**5000], ids=["cap+1", "1e23", "1e5000"])
def test_too_many_disks_are_refused_at_once_naming_the_cap(n):
    for make in (Puzzle, MagneticPuzzle, State.tower):  # how fast: benchmarks/bench_refusals.py
        with pytest.raises(hk.TooLargeError, match=f"at most {MAX_DISKS}$"):
            make(n)


def test_quadratic_queries_are_refused_above_their_caps_at_once():
    magnetic = MagneticPuzzle(MAX_MAGNETIC_INDEX_DISKS + 1)
    for query in (lambda: magnetic.move_at(0), lambda: magnetic.state_at(0)):
        with pytest.raises(hk.TooLargeError, match=f"at most {MAX_MAGNETIC_INDEX_DISKS}$"):
            query()
    magnetic = MagneticPuzzle(MAX_MAGNETIC_DISKS + 1)
    scattered = magnetic.start.replace(magnetic.n, 1)
    for query in (lambda: magnetic.distance(scattered), lambda: magnetic.solve(scattered)):
        with pytest.raises(hk.TooLargeError, match=f"at most {MAX_MAGNETIC_DISKS}$"):
            query()
    for puzzle in (Puzzle(MAX_DISK_MOVES_DISKS + 1), MagneticPuzzle(MAX_DISK_MOVES_DISKS + 1)):
        with pytest.raises(hk.TooLargeError, match=f"at most {MAX_DISK_MOVES_DISKS}$"):
            puzzle.disk_moves()
    # the work refused would take seconds to minutes; how fast the refusal is: benchmarks/bench_refusals.py
    assert "MAX_MAGNETIC_DISKS" in MagneticPuzzle.__doc__
    assert "MAX_DISK_MOVES_DISKS" in Puzzle.disk_moves.__doc__
    assert "MAX_DISKS" in Puzzle.__doc__


# -- the rules, the queries and the play session -----------------------------------------------------------------


@settings(max_examples=examples(300))
@given(st.one_of(puzzles(), members()), st.data())
def test_every_method_raises_only_library_errors(puzzle, data):
    legal = data.draw(positions(puzzle))
    state = data.draw(st.one_of(st.just(legal), states, values))
    other = data.draw(st.one_of(st.none(), st.just(puzzle.goal), states, values))
    move = data.draw(st.one_of(st.sampled_from(puzzle.legal_moves(legal) or [Move(1, 0, 1)]), moves, values))
    value = data.draw(values)
    answers(puzzle.apply, state, move)
    answers(puzzle.move_error, state, move)
    answers(puzzle.is_legal_move, state, move)
    answers(puzzle.legal_moves, state)
    answers(puzzle.post_color, state, value)
    answers(puzzle.post_color, legal, value)
    answers(puzzle.distance, state, other)
    answers(lambda: list(islice(puzzle.solve(state, other), 5)))
    answers(puzzle.move_at, value)
    answers(puzzle.state_at, value)
    answers(puzzle.disk_moves)
    answers(puzzle.play, [move, value], state)
    answers(puzzle.play, value)
    answers(puzzle.is_legal, value)
    answers(legal.up, value)
    answers(legal.replace, value, value)


@settings(max_examples=examples(100))
@given(st.one_of(puzzles(), members()), st.lists(st.one_of(moves, values), max_size=6), st.data())
def test_game_raises_only_library_errors(puzzle, items, data):
    game = Game(puzzle)
    for item in items:
        action = data.draw(st.sampled_from(["push", "push", "pop", "peek", "redo"]))
        before = (game.state, list(game.moves))
        if action == "push":
            if answers(game.push, item) is None and game.moves == before[1]:
                assert game.state == before[0]  # a refused move changes nothing
        else:
            answers(getattr(game, action))


def test_empty_stacks_raise_a_library_error_that_is_an_index_error():
    game = Game(Puzzle(2))
    for action in (game.pop, game.peek, game.redo):
        with pytest.raises(hk.EmptyStackError) as error:
            action()
        assert isinstance(error.value, IndexError) and isinstance(error.value, hk.HanoiError)


def test_positions_of_another_puzzle_are_refused_by_every_rule_method():
    for puzzle, state, move in [
        (Puzzle(5), State.parse("SS"), Move(3, 0, 2)),
        (MagneticPuzzle(2), State.parse("SS"), Move(1, 0, 1)),
        (Puzzle(2), State.parse("SS:RR"), Move(1, 0, 1)),
    ]:
        for method in (puzzle.move_error, puzzle.is_legal_move, puzzle.apply):
            with pytest.raises(hk.InvalidStateError):
                method(state, move)
        with pytest.raises(hk.InvalidStateError):
            puzzle.post_color(state, 0)


@pytest.mark.parametrize("post", [3, -1, True, 1.0, "X", None])
def test_post_color_refuses_a_post_that_does_not_exist(post):
    m = MagneticPuzzle(2, "RNB")
    with pytest.raises(hk.InvalidMoveError, match="unknown post"):
        m.post_color(m.start, post)


# -- numpy integers are whole numbers, bools are not -------------------------------------------------------------


@given(puzzles(), st.data())
def test_numpy_integers_answer_as_python_ints_do(puzzle, data):
    kind = data.draw(st.sampled_from([np.int8, np.int64, np.uint16, np.uint64]))
    try:
        k = data.draw(st.integers(0, puzzle.distance() - 1))
    except hk.UnsolvableError:
        assume(False)
    post = data.draw(st.integers(0, 2))
    state = data.draw(positions(puzzle))
    if puzzle.faces:
        same = MagneticPuzzle(kind(puzzle.n), puzzle.colors, puzzle.start_up, puzzle.goal_up)
    else:
        same = Puzzle(kind(puzzle.n))
    assert same == puzzle and type(same.n) is int
    assert puzzle.move_at(kind(k)) == puzzle.move_at(k)
    assert all(type(x) is int for x in puzzle.move_at(kind(k)))
    assert puzzle.state_at(kind(k)) == puzzle.state_at(k)
    assert puzzle.post_color(state, kind(post)) == puzzle.post_color(state, post)
    assert State(np.array(state.posts, dtype=kind), state.ups) == state
    assert all(type(p) is int for p in State(np.array(state.posts, dtype=kind)).posts)
    assert State.tower(kind(puzzle.n)) == State.tower(puzzle.n)


@pytest.mark.parametrize("flag", [True, False, np.True_, np.False_])
def test_bools_are_never_numbers(flag):
    for make, error in ((Puzzle, hk.InvalidPuzzleError), (MagneticPuzzle, hk.InvalidPuzzleError),
                        (Puzzle(3).move_at, hk.MoveIndexError), (Puzzle(3).state_at, hk.MoveIndexError),
                        (State.tower, hk.InvalidStateError), (hk.post_index, hk.InvalidMoveError)):
        with pytest.raises(error):
            make(flag)
    with pytest.raises(hk.InvalidMoveError):
        Move(flag, 0, 2)
    with pytest.raises(hk.InvalidStateError):
        State([flag])


# -- the classic solvers' own functions ----------------------------------------------------------------------------


@settings(max_examples=examples(200))
@given(values, values, values, values)
def test_classic_solver_functions_raise_only_library_errors(a, b, c, d):
    from hanoikit.solvers import classic

    answers(classic.disk_at, a)
    answers(classic.tower_move, a, b, c, d)
    answers(classic.tower_state, a, b, c, d)
    answers(lambda: list(islice(classic.tower_moves(a, b, c), 5)))
    answers(lambda: list(islice(classic.recursive(a, b, c), 5)))
    answers(lambda: list(islice(classic.solution(a, b), 5)))
    answers(lambda: list(islice(classic.disk_sequence(a), 5)))
    answers(lambda: list(islice(classic.gray_code(a), 5)))
    answers(classic.is_hamiltonian_path, a, [b, c, d])
    for method in (classic.recursive, classic.iterative, classic.four_step, classic.three_step, classic.route_table,
                   classic.bits):
        answers(lambda method: list(islice(method(a), 5)), method)
    for query in (classic.plan, classic.distance):
        answers(query, Puzzle(2), b, c)
        answers(query, a, State.parse("SS"), State.parse("DD"))
        answers(query, MagneticPuzzle(2), State.parse("SS:RR"), State.parse("DD:BB"))
    answers(classic.move_at, Puzzle(3), a)
    answers(classic.state_at, Puzzle(3), a)


def test_classic_methods_that_keep_tables_or_recurse_refuse_large_counts_at_once():
    from hanoikit.limits import MAX_RECURSIVE_DISKS, MAX_TABLE_DISKS
    from hanoikit.solvers import classic

    for call, cap in ((lambda n: classic.recursive(n), MAX_RECURSIVE_DISKS),
                      (lambda n: classic.route_table(n), MAX_TABLE_DISKS),
                      (lambda n: classic.is_hamiltonian_path(n, []), MAX_TABLE_DISKS),
                      (lambda n: classic.disk_moves(Puzzle(n)), MAX_DISK_MOVES_DISKS)):
        with pytest.raises(hk.TooLargeError, match=f"at most {cap}$"):
            call(cap + 1)
    assert next(iter(classic.recursive(MAX_RECURSIVE_DISKS))) == Move(1, 0, 2 if MAX_RECURSIVE_DISKS % 2 else 1)
    with pytest.raises(hk.MoveIndexError):
        classic.tower_move(3, 7)  # a 3-tower moves in 7 steps, 0 .. 6
    with pytest.raises(hk.InvalidPuzzleError, match="classic puzzle"):
        classic.distance(MagneticPuzzle(2), State.parse("SS:RR"), State.parse("DD:BB"))
