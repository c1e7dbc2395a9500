"""The core model: notations that round-trip, the rules of both puzzles, errors by cause, the play session."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import Game, MagneticPuzzle, Move, Puzzle, State

posts = st.lists(st.integers(0, 2), min_size=1, max_size=12)
colourings = st.sampled_from(hk.VARIANTS)


@st.composite
def magnetic_states(draw, n=None):
    """A legal magnetic position: each non-empty post shows one colour, forced by a pre-coloured post."""
    colors = draw(colourings)
    n = n or draw(st.integers(1, 8))
    where = draw(st.lists(st.integers(0, 2), min_size=n, max_size=n))
    shows = [c if c != "N" else draw(st.sampled_from("RB")) for c in colors]
    return MagneticPuzzle(n, colors), State(where, [shows[p] for p in where])


# -- notation ------------------------------------------------------------------------------------------------------


@given(posts)
def test_classic_notation_round_trips(where):
    state = State(where)
    assert State.parse(str(state)) == state
    assert eval(repr(state), {"State": State}) == state


@given(posts, st.data())
def test_magnetic_notation_round_trips(where, data):
    ups = data.draw(st.lists(st.sampled_from("RB"), min_size=len(where), max_size=len(where)))
    state = State(where, ups)
    assert State.parse(str(state)) == state
    assert str(state).count(":") == 1


@given(st.integers(1, hk.limits.MAX_DISKS), st.sampled_from(list(itertools.permutations(range(3), 2))))
def test_move_notation_round_trips(disk, posts):
    move = Move(disk, *posts)
    assert eval(repr(move), {"Move": Move}) == move
    assert Move.parse(str(move)) == move


@given(st.text(max_size=12))
def test_parsing_garbage_raises_only_value_errors(text):
    for parse in (State.parse, Move.parse):
        try:
            parse(text)
        except hk.HanoiError as error:
            assert isinstance(error, ValueError)
            assert hk.errors.quote(text) in str(error) or text.strip() == ""


@pytest.mark.parametrize("text", ["", "SSX", "SS:R", "SS:RX", "1", "SS:RR:BB"])
def test_bad_state_text_is_refused_with_the_text_quoted(text):
    with pytest.raises(hk.InvalidStateError):
        State.parse(text)


@pytest.mark.parametrize("text", ["", "1SS", "0SD", "SD", "1SX"])
def test_bad_move_text_is_refused(text):
    with pytest.raises(hk.InvalidMoveError):
        Move.parse(text)


def test_move_parse_accepts_spaced_and_numeric_forms():
    assert Move.parse("1 S->D") == Move.parse("1 0 2") == Move.parse("1sd") == Move(1, 0, 2)


# -- classic rules -------------------------------------------------------------------------------------------------


def test_classic_rules_by_example():
    p = Puzzle(3)
    s = p.apply(p.start, Move(1, 0, 2))
    assert s == State.parse("DSS")
    with pytest.raises(hk.IllegalMoveError, match="larger disk on a smaller one"):
        p.apply(s, Move(2, 0, 2))
    with pytest.raises(hk.IllegalMoveError, match="under disk 1"):
        p.apply(p.start, Move(3, 0, 1))
    with pytest.raises(hk.IllegalMoveError, match="no disk 4"):
        p.apply(p.start, Move(4, 0, 1))


@given(posts)
def test_every_classic_position_is_legal_and_has_consistent_moves(where):
    p, state = Puzzle(len(where)), State(where)
    assert p.is_legal(state)
    moves = p.legal_moves(state)
    occupied = sum(1 for t in state.tops() if t is not None)
    # The smallest top disk can go to both other posts; each other top disk to at most one post.
    assert len(moves) == {1: 2, 2: 3, 3: 3}[occupied]
    for move in moves:
        after = p.apply(state, move)
        assert p.apply(after, move.reverse()) == state


def test_classic_rejects_magnetic_positions_and_wrong_sizes():
    p = Puzzle(2)
    assert not p.is_legal(State.parse("SS:RR"))
    with pytest.raises(hk.InvalidStateError, match="3 disks"):
        p.check(State.parse("SSS"))


# -- magnetic rules ------------------------------------------------------------------------------------------------


def test_magnetic_flip_and_touching_faces():
    m = MagneticPuzzle(2)
    s = m.apply(m.start, Move(1, 0, 1))
    assert s == State.parse("IS:BR")
    assert m.apply(s, Move(1, 1, 0)) == m.start  # back onto disk 2: blue face down on a red face
    s = m.apply(s, Move(2, 0, 2))
    assert s == State.parse("ID:BB")
    with pytest.raises(hk.IllegalMoveError, match="blue would touch blue"):
        m.apply(s, Move(1, 1, 2))
    with pytest.raises(hk.IllegalMoveError, match="red would touch red"):
        m.apply(State.parse("SI:RR"), Move(1, 0, 1))


def test_pre_coloured_post_takes_only_its_colour():
    m = MagneticPuzzle(1, "RRB")
    with pytest.raises(hk.IllegalMoveError, match="coloured red"):
        m.apply(m.start, Move(1, 0, 1))  # the disk would show blue on a red post
    assert m.apply(m.start, Move(1, 0, 2)) == State.parse("D:B")


@given(magnetic_states())
def test_legal_magnetic_moves_flip_and_keep_positions_legal(case):
    m, state = case
    assert m.is_legal(state)
    for move in m.legal_moves(state):
        after = m.apply(state, move)
        assert m.is_legal(after)
        assert after.up(move.disk) != state.up(move.disk)
        assert m.apply(after, move.reverse()) == state  # every move is reversible


@given(magnetic_states(), st.integers(0, 2), st.integers(0, 2))
def test_the_rules_agree_with_their_definition(case, src, dst):
    """Brute force: a move is legal exactly when size, touching faces and post colour allow it."""
    m, state = case
    disk = state.tops()[src]
    if disk is None or src == dst:
        return
    top = state.tops()[dst]
    new_up = hk.flip(state.up(disk))
    size_ok = top is None or top > disk
    faces_ok = top is None or state.up(top) == new_up  # bottom face (old up) differs from the top face below
    post_ok = m.colors[dst] in ("N", new_up) or top is not None
    assert m.is_legal_move(state, Move(disk, src, dst)) == (size_ok and faces_ok and post_ok)


def test_inconsistent_magnetic_states_are_rejected_with_a_reason():
    m = MagneticPuzzle(2)
    assert "blue would touch blue" in m.state_error(State.parse("SS:RB"))
    assert "coloured red" in MagneticPuzzle(1, "RNN").state_error(State.parse("S:B"))
    assert "no disk colours" in m.state_error(State.parse("SS"))


def test_magnetic_defaults_and_bad_parameters():
    assert MagneticPuzzle(2, "BNN").start == State.parse("SS:BB")
    assert MagneticPuzzle(2, "NNR").goal == State.parse("DD:RR")
    with pytest.raises(hk.InvalidPuzzleError, match="colouring"):
        MagneticPuzzle(2, "XYZ")
    with pytest.raises(hk.InvalidPuzzleError, match="coloured blue"):
        MagneticPuzzle(2, "BNN", start_up="R")
    with pytest.raises(hk.InvalidPuzzleError, match="goal_up"):
        MagneticPuzzle(2, goal_up="G")
    with pytest.raises(hk.InvalidPuzzleError, match="at least 1"):
        Puzzle(0)
    assert not MagneticPuzzle(2, "NNR", goal_up="B").goal_is_legal
    with pytest.raises(hk.UnsolvableError, match="coloured red"):
        MagneticPuzzle(2, "NNR", goal_up="B").distance()


def test_there_are_27_colourings():
    assert len(set(hk.VARIANTS)) == 27
    assert set(itertools.chain(*hk.VARIANTS)) == set("RBN")


def test_puzzles_compare_by_value_and_repr_pastes_back():
    m = MagneticPuzzle(4, "rbb")
    assert m == eval(repr(m), {"MagneticPuzzle": MagneticPuzzle})
    assert len({Puzzle(3), Puzzle(3), MagneticPuzzle(3)}) == 2


def test_play_names_the_first_illegal_move():
    p = Puzzle(2)
    with pytest.raises(hk.IllegalMoveError, match="move 1"):
        p.play([Move(1, 0, 1), Move(2, 0, 1)])


# -- play session --------------------------------------------------------------------------------------------------


def test_game_is_a_move_stack_with_undo_and_redo():
    g = Game(MagneticPuzzle(1))
    g.push(Move(1, 0, 2))
    assert g.is_solved() and len(g) == 1
    assert g.pop() == Move(1, 0, 2) and g.state == g.initial
    with pytest.raises(hk.IllegalMoveError):
        g.push(Move(1, 1, 2))
    assert g.redo() == Move(1, 0, 2)
    with pytest.raises(IndexError):
        g.redo()


def test_move_index_out_of_range_is_a_hanoi_error_and_an_index_error():
    with pytest.raises(hk.MoveIndexError, match="outside 0..6"):
        Puzzle(3).move_at(7)
    with pytest.raises(IndexError, match=r"~10\^"):
        Puzzle(700).state_at(2**800)


def test_moves_naming_no_post_are_refused_not_crashed():
    assert str(Move(1, 0, 5)) == "1S<5>"
    with pytest.raises(hk.IllegalMoveError, match="does not name two different posts"):
        Puzzle(2).play([Move(1, 0, 5)])
    for move in (Move(1, 2, 2), Move(1, -1, 2)):
        assert "does not name two different posts" in Puzzle(2).move_error(Puzzle(2).start, move)
    for disk in (0, -1, 3, 10**5000):
        assert "there is no disk" in Puzzle(2).move_error(Puzzle(2).start, Move(disk, 0, 2))


@pytest.mark.parametrize("args", [(True, 0, 2), (1, False, 2), (1.0, 0, 2), ("1", 0, 2), (1, None, 2)])
def test_moves_are_made_of_whole_numbers_never_bools(args):
    with pytest.raises(hk.InvalidMoveError, match="whole numbers"):
        Move(*args)


def test_numpy_integers_make_moves_of_python_ints():
    np = pytest.importorskip("numpy")
    move = Move(np.int64(3), np.uint8(0), np.int16(2))
    assert move == Move(3, 0, 2) and all(type(x) is int for x in move)
    with pytest.raises(hk.InvalidMoveError):
        Move(np.True_, 0, 2)


def test_tuples_are_taken_as_moves_and_anything_else_is_refused():
    p = Puzzle(2)
    assert p.apply(p.start, (1, 0, 2)) == p.apply(p.start, Move(1, 0, 2))
    for bad in [(1, 0), (1, 0, 2, 0), "1SD", None, 1, (1, 0, 2.0)]:
        with pytest.raises(hk.InvalidMoveError):
            p.apply(p.start, bad)
        with pytest.raises(hk.InvalidMoveError):
            p.move_error(p.start, bad)
    with pytest.raises(hk.InvalidMoveError, match="move 1: "):
        p.play([Move(1, 0, 1), (1, 2)])


def test_apply_refuses_a_position_of_another_puzzle():
    with pytest.raises(hk.InvalidStateError, match="2 disks, the puzzle has 3"):
        MagneticPuzzle(3).apply(State.parse("SI:RR"), Move(1, 0, 1))
