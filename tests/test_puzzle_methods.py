"""What the puzzle offers its clients instead of being asked its class: random positions, the move shorthand, a saved
game replayed, the legality of the goal, its name, whether moves can be undone; and the move-number parser."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import Game, MagneticPuzzle, Move, Puzzle, State
from hanoikit.limits import MAX_INDEX_BITS, MAX_INDEX_CHARS
from hanoikit.move import parse_index
from hanoikit.puzzle import as_puzzle
from hanoikit.search import state_count
from oracle import legal_walk


@st.composite
def members(draw, max_posts=5, max_disks=3):
    """A member of the family: 3 to ``max_posts`` posts, a named or random move set, classic or magnetic."""
    k = draw(st.integers(3, max_posts))
    pairs = [(a, b) for a in range(k) for b in range(k) if a != b]
    moves = draw(st.one_of(st.sampled_from(hk.MOVE_RULES), st.sets(st.sampled_from(pairs), min_size=1)))
    n = draw(st.integers(1, max_disks))
    if draw(st.booleans()):
        return Puzzle(n, posts=k, moves=moves)
    return MagneticPuzzle(n, "".join(draw(st.lists(st.sampled_from("RBN"), min_size=k, max_size=k))), moves=moves)


def every_legal_state(puzzle: Puzzle) -> set[State]:
    """The oracle: every assignment of posts (and faces, on a magnetic tower) that ``is_legal`` accepts."""
    faces = list(itertools.product("RB", repeat=puzzle.n)) if puzzle.faces else [None]
    candidates = [State(p, f, puzzle.posts) for p in itertools.product(range(puzzle.posts), repeat=puzzle.n)
                  for f in faces]
    return {state for state in candidates if puzzle.is_legal(state)}


def walk(puzzle: Puzzle, seed: int, length: int) -> tuple[State, list[Move]]:
    """A random legal position and a random walk of legal moves from it."""
    rng = random.Random(seed)
    start = puzzle.random_state(rng)
    return start, legal_walk(puzzle, start, length, rng.choice)[1]


# -- random positions ------------------------------------------------------------------------------------------------


@given(members(max_posts=10, max_disks=12), st.integers(0, 2**32))
def test_random_positions_are_legal_and_repeatable(puzzle: Puzzle, seed: int) -> None:
    state = puzzle.random_state(random.Random(seed))
    assert puzzle.is_legal(state) and state.post_count == puzzle.posts
    assert puzzle.random_state(random.Random(seed)) == state


@pytest.mark.parametrize(
    "puzzle",
    [Puzzle(2), Puzzle(2, posts=4, moves="cyclic"), MagneticPuzzle(2), MagneticPuzzle(2, "RNBN"),
     MagneticPuzzle(3, "NBR", moves="star")],
    ids=repr,
)
def test_random_positions_reach_every_legal_position(puzzle: Puzzle) -> None:
    legal = every_legal_state(puzzle)
    rng = random.Random(11)
    drawn = {puzzle.random_state(rng) for _ in range(40 * len(legal))}
    assert drawn == legal


@given(members(max_disks=3))
def test_state_count_is_the_number_of_legal_positions(puzzle: Puzzle) -> None:
    assert state_count(puzzle) == len(every_legal_state(puzzle))


# -- the move shorthand and saved games -------------------------------------------------------------------------------


@given(members(), st.integers(0, 2**32))
def test_moves_read_back_in_both_notations(puzzle: Puzzle, seed: int) -> None:
    state, _ = walk(puzzle, seed, 0)
    names = puzzle.post_names
    for move in puzzle.legal_moves(state):
        assert puzzle.parse_move(move.notation(puzzle.posts)) == move
        assert puzzle.parse_move(names[move.src] + names[move.dst].lower(), state) == move
    for post in set(range(puzzle.posts)) - set(state.posts):
        with pytest.raises(hk.IllegalMoveError, match=f"post {names[post]} is empty"):
            puzzle.parse_move(names[post] + names[post - 1], state)
    with pytest.raises(hk.InvalidMoveError):
        puzzle.parse_move(names[0] + names[-1])  # the shorthand needs a position


@given(members(), st.integers(0, 2**32), st.integers(0, 12))
def test_a_replayed_game_ends_where_play_ends(puzzle: Puzzle, seed: int, length: int) -> None:
    start, moves = walk(puzzle, seed, length)
    names, texts, state = puzzle.post_names, [], start
    for i, move in enumerate(moves):  # every other move as text, the shorthand and the full notation in turn
        texts.append(move if i % 2 else names[move.src] + names[move.dst] if i % 4 else move.notation(puzzle.posts))
        state = puzzle.apply(state, move)
    game = Game.replay(puzzle, texts, start)
    assert game.state == puzzle.play(moves, start) == state
    assert game.moves == moves and game.initial == start
    for _ in moves:
        game.pop()
    assert game.state == start


@given(members(), st.integers(0, 2**32), st.integers(1, 8), st.data())
def test_a_replay_stops_at_the_first_bad_move_and_names_it(puzzle: Puzzle, seed: int, length: int, data) -> None:
    start, moves = walk(puzzle, seed, length)
    k = data.draw(st.integers(0, len(moves)))
    before = puzzle.play(moves[:k], start)
    bad = Move(data.draw(st.integers(1, puzzle.n)), *data.draw(st.sampled_from(sorted(puzzle.moves))))
    reason = puzzle.move_error(before, bad)
    sequence = [*moves[:k], bad, *moves[k:]]
    if reason is None:
        return
    with pytest.raises(hk.IllegalMoveError) as raised:
        Game.replay(puzzle, sequence, start)
    assert str(raised.value) == f"move {k + 1} ({bad.notation(puzzle.posts)}) cannot be played in '{before}': {reason}"
    with pytest.raises(hk.InvalidMoveError, match=f"^move {k + 1} cannot be read: "):
        Game.replay(puzzle, [*moves[:k], "1XY"], start)


def test_a_game_needs_a_puzzle() -> None:
    for thing in (3, "NNN", None, State.parse("SS")):
        with pytest.raises(hk.InvalidPuzzleError, match="is not a puzzle"):
            Game(thing)  # type: ignore[arg-type]
        with pytest.raises(hk.InvalidPuzzleError):
            as_puzzle(thing)
    with pytest.raises(hk.InvalidStateError):
        Game.replay(Puzzle(2), [], State.parse("SS:RR"))


# -- what the rules say ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("colors", hk.VARIANTS)
@pytest.mark.parametrize("goal_up", ["R", "B"])
def test_the_goal_is_legal_unless_post_d_refuses_its_colour(colors: str, goal_up: str) -> None:
    try:
        puzzle = MagneticPuzzle(2, colors, goal_up=goal_up)  # type: ignore[arg-type]
    except hk.InvalidPuzzleError:  # the start tower contradicts S's colour
        return
    assert puzzle.goal_is_legal == (colors[-1] in ("N", goal_up))
    assert Puzzle(2, posts=len(colors)).goal_is_legal


@given(members(), st.integers(0, 2**32))
def test_moves_can_be_undone_exactly_when_the_rules_are_reversible(puzzle: Puzzle, seed: int) -> None:
    assert puzzle.reversible == all((b, a) in puzzle.moves for a, b in puzzle.moves)
    state, _ = walk(puzzle, seed, 0)
    for move, after in puzzle.successors(state):
        if (move.dst, move.src) in puzzle.moves:  # a legal move's reverse is legal whenever it is allowed
            assert puzzle.apply(after, move.reverse()) == state
    if puzzle.posts**puzzle.n <= 1000:  # one-way rules give a directed state graph
        assert hk.graph.state_graph(puzzle).is_directed() == (not puzzle.reversible)


def test_names_say_the_rules() -> None:
    assert [Puzzle(3).name, MagneticPuzzle(3, "RBB").name] == ["classic", "magnetic RBB"]
    assert Puzzle(2, posts=6, moves="linear").name == "classic, 6 posts, linear moves"
    assert MagneticPuzzle(2, "NNNB", moves="star").name == "magnetic NNNB, star moves"
    assert Puzzle(2, moves=[(0, 2), (2, 0)]).name == "classic, moves SD DS"
    puzzles = [Puzzle(1, posts=k, moves=r) for k in range(3, 6) for r in hk.MOVE_RULES]
    assert len({p.name for p in puzzles}) == len(set(puzzles)) == 11  # one name per set of rules (star = linear on 3)


# -- move numbers ----------------------------------------------------------------------------------------------------


@given(st.lists(st.tuples(st.sampled_from("+-"), st.integers(0, 10**6), st.integers(1, 70)), min_size=1, max_size=4),
       st.sampled_from(["", " ", "_"]))
def test_move_numbers_read_as_python_computes_them(terms: list[tuple[str, int, int]], space: str) -> None:
    text = "".join(f"{sign}{space}{base}**{power}" for sign, base, power in terms)
    assert parse_index(text) == sum((-1 if sign == "-" else 1) * base**power for sign, base, power in terms)


@given(st.integers())
def test_whole_numbers_read_back(k: int) -> None:
    assert parse_index(str(k)) == parse_index(k) == k


@pytest.mark.parametrize("text", ["", "2^63", "1e5", "0x10", "٣", "1/0", "2***3", "nan", "--1", "2**-1"])
def test_other_text_is_not_a_move_number(text: str) -> None:
    with pytest.raises(hk.MoveIndexError, match="not a whole number"):
        parse_index(text)


def test_huge_move_numbers_are_refused_before_they_are_computed() -> None:
    with pytest.raises(hk.TooLargeError, match=f"2\\*\\*{MAX_INDEX_BITS}"):
        parse_index(f"2**{10**9}")  # would take gigabytes
    with pytest.raises(hk.TooLargeError, match="characters"):
        parse_index("1" * (MAX_INDEX_CHARS + 1))
    assert parse_index("9" * 5000) == 10**5000 - 1  # past Python's 4300-digit limit
    assert parse_index(f"2**{MAX_INDEX_BITS // 2}") == 1 << (MAX_INDEX_BITS // 2)  # the cap counts 2 as two bits
