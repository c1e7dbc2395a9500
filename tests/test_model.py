"""The model of the whole family: rules as data (posts, moves, faces), notations on 3 to 10 posts, immutable puzzles,
and the solver registry with its exhaustive fallback."""

from __future__ import annotations

import copy
import pickle
from functools import cache

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import Game, MagneticPuzzle, Move, Puzzle, State
from hanoikit.limits import MAX_FRONTIER_SOLVER_CODES, MAX_HEURISTIC_FOUR_POST_DISKS, MAX_POSTS
from hanoikit.move import MIN_POSTS
from hanoikit.solvers import Guarantee, exhaustive, registry, solvers_for
from oracle import plain_distances

post_counts = st.integers(MIN_POSTS, MAX_POSTS)


def definition(rule: str, k: int) -> set[tuple[int, int]]:
    """The allowed moves of a named rule, written out from its definition."""
    pairs = {(a, b) for a in range(k) for b in range(k) if a != b}
    return {
        "any": pairs,
        "cyclic": {(a, b) for a, b in pairs if b == (a + 1) % k},
        "linear": {(a, b) for a, b in pairs if abs(a - b) == 1},
        "star": {(a, b) for a, b in pairs if 1 in (a, b)},
    }[rule]


@st.composite
def members(draw, max_posts=5, max_disks=4):
    """Any member of the family: k posts, a named or random move set, classic or magnetic with random colours."""
    k = draw(st.integers(MIN_POSTS, max_posts))
    n = draw(st.integers(1, max_disks))
    all_pairs = sorted(definition("any", k))
    moves = draw(st.one_of(st.sampled_from(hk.puzzle.MOVE_RULES), st.sets(st.sampled_from(all_pairs), min_size=1)))
    if draw(st.booleans()):
        return Puzzle(n, posts=k, moves=moves)
    colors = "".join(draw(st.lists(st.sampled_from("RBN"), min_size=k, max_size=k)))
    return MagneticPuzzle(n, colors, moves=moves)


@st.composite
def positions(draw, puzzle):
    """A legal position: any posts; on a magnetic tower one colour per post, forced by a coloured post."""
    where = draw(st.lists(st.integers(0, puzzle.posts - 1), min_size=puzzle.n, max_size=puzzle.n))
    if not puzzle.faces:
        return State(where, post_count=puzzle.posts)
    shows = [c if c != "N" else draw(st.sampled_from("RB")) for c in puzzle.colors]
    return State(where, [shows[p] for p in where], post_count=puzzle.posts)


# -- the contract: constructors, rules as data -------------------------------------------------------------------------


@pytest.mark.parametrize("rule", hk.puzzle.MOVE_RULES)
@pytest.mark.parametrize("k", range(MIN_POSTS, MAX_POSTS + 1))
def test_named_move_rules_are_their_definitions(rule, k):
    p = Puzzle(2, posts=k, moves=rule)
    assert p.posts == k and isinstance(p.moves, frozenset) and p.moves == definition(rule, k)
    assert p.start == State.tower(2, 0, post_count=k) and p.goal == State.tower(2, k - 1, post_count=k)
    assert len(p.post_names) == k and p.post_names[0] == "S" and p.post_names[-1] == "D"
    assert not set(p.post_names) & set("RBN")  # no post letter is a colour letter


def test_defaults_are_the_classic_and_magnetic_puzzles_of_today():
    assert Puzzle(3) == Puzzle(3, posts=3, moves="any") and Puzzle(3).moves == definition("any", 3)
    m = MagneticPuzzle(3)
    assert (m.posts, m.colors, m.start_up, m.goal_up) == (3, "NNN", "R", "B")
    assert m == MagneticPuzzle(3, "NNN", "R", "B", moves="any")
    assert MagneticPuzzle(2, "NRNB").posts == 4 and MagneticPuzzle(2, "NRNB").goal == State.parse("DD:BB", 4)


def test_explicit_pairs_by_number_letter_or_text():
    cyclic = Puzzle(3, moves="cyclic")
    assert cyclic == Puzzle(3, moves=[(0, 1), (1, 2), (2, 0)]) == Puzzle(3, moves={("S", "I"), ("I", "D"), ("D", "S")})
    assert cyclic == Puzzle(3, moves="SI ID DS") == Puzzle(3, moves="SI,ID,DS")
    assert Puzzle(3, moves="star") == Puzzle(3, moves="linear")  # the same rules on three posts
    assert Puzzle(3, posts=4, moves="SD").moves == {(0, 3)}


@pytest.mark.parametrize(
    "kwargs",
    [
        {"posts": 2},
        {"posts": 11},
        {"posts": True},
        {"posts": "4"},
        {"moves": "spiral"},
        {"moves": []},
        {"moves": [(0, 0)]},
        {"moves": [(0, 3)]},
        {"moves": [(0, 1, 2)]},
        {"moves": [5]},
        {"moves": 5},
        {"moves": "SX"},
    ],
)
def test_bad_rules_are_refused_with_a_reason(kwargs):
    with pytest.raises(hk.InvalidPuzzleError):
        Puzzle(3, **kwargs)


@pytest.mark.parametrize("colors", ["NN", "N" * 11, "NNX", "", 3])
def test_bad_colourings_are_refused(colors):
    with pytest.raises(hk.InvalidPuzzleError, match="colouring"):
        MagneticPuzzle(2, colors)


def test_puzzles_are_immutable_values():
    p, m = Puzzle(3, posts=4), MagneticPuzzle(3, "RBB")
    for puzzle, name in ((p, "n"), (p, "posts"), (p, "moves"), (m, "colors"), (m, "start_up")):
        with pytest.raises(AttributeError, match="immutable"):
            setattr(puzzle, name, 5)
        with pytest.raises(AttributeError, match="immutable"):
            delattr(puzzle, name)
    assert p.n == 3 and m.colors == "RBB"


@given(members())
def test_equal_rules_make_equal_puzzles_with_equal_hashes(puzzle):
    copies = copy.copy(puzzle), copy.deepcopy(puzzle), pickle.loads(pickle.dumps(puzzle)), eval(repr(puzzle), vars(hk))
    for same in copies:
        assert same == puzzle and hash(same) == hash(puzzle) and same is not puzzle
    assert len({puzzle, copy.copy(puzzle)}) == 1
    other = MagneticPuzzle(puzzle.n, "N" * puzzle.posts, moves=puzzle.moves) if not puzzle.faces else None
    assert other is None or other != puzzle  # faces are part of the rules


def test_repr_is_short_for_the_default_rules():
    assert repr(Puzzle(3)) == "Puzzle(3)"
    assert repr(Puzzle(3, posts=4, moves="cyclic")) == "Puzzle(3, posts=4, moves='cyclic')"
    assert repr(Puzzle(3, moves=[(1, 0), (0, 1)])) == "Puzzle(3, moves={(0, 1), (1, 0)})"
    assert repr(MagneticPuzzle(3)) == "MagneticPuzzle(3, colors='NNN', start_up='R', goal_up='B')"


# -- notation on 3 to 10 posts -----------------------------------------------------------------------------------------


@given(post_counts, st.data())
def test_state_notation_round_trips_on_every_number_of_posts(k, data):
    where = data.draw(st.lists(st.integers(0, k - 1), min_size=1, max_size=12))
    ups = data.draw(st.none() | st.lists(st.sampled_from("RB"), min_size=len(where), max_size=len(where)))
    state = State(where, ups, post_count=k)
    text = str(state)
    assert State.parse(text, post_count=k) == state == eval(repr(state), {"State": State})
    puzzle = Puzzle(len(where), posts=k) if ups is None else MagneticPuzzle(len(where), "N" * k)
    if puzzle.is_legal(state):
        assert puzzle.parse(text.lower() if ups is None else text) == state
    inferred = State.parse(text)  # the fewest posts the letters allow
    assert inferred.posts == state.posts or inferred.post_count < k
    assert inferred.post_count <= k and str(inferred) == text


@given(post_counts, st.data())
def test_move_notation_round_trips_on_every_number_of_posts(k, data):
    src, dst = data.draw(st.lists(st.integers(0, k - 1), min_size=2, max_size=2, unique=True))
    move = Move(data.draw(st.integers(1, hk.limits.MAX_DISKS)), src, dst)
    text = move.notation(k)
    assert Move.parse(text, posts=k) == move == Puzzle(1, posts=k).parse_move(text)
    assert Move.parse(f"{move.disk} {src} {dst}", posts=k) == move
    assert text[-1] == "D" if dst == k - 1 else text[-1] != "D"


def test_existing_notations_keep_their_meaning():
    assert Move.parse("1SD") == Move.parse("1 S->D") == Move.parse("1 0 2") == Move(1, 0, 2)
    assert State.parse("SSI:RRB") == State((0, 0, 1), "RRB")
    assert str(Move(1, 0, 3)) == "1S<3>" and Move(1, 0, 3).notation(4) == "1SD"
    assert State.parse("SJD").post_count == 4 and State.parse("SSD").post_count == 3
    with pytest.raises(hk.InvalidStateError, match="4 posts, the puzzle has 3"):
        Puzzle(2).check(State.parse("SJ"))
    with pytest.raises(hk.InvalidStateError):
        Puzzle(2).parse("SJ")
    with pytest.raises(hk.InvalidMoveError, match="cannot read move"):
        Move.parse("1SJ")


# -- the rules of every member -----------------------------------------------------------------------------------------


def allowed_by_definition(puzzle: Puzzle, state: State, move: Move) -> bool:
    """A move's legality from the definition: allowed route, top disk, no larger on smaller, magnetic faces."""
    disk, src, dst = move
    stacks = state.stacks()
    if (src, dst) not in puzzle.moves or not stacks[src] or stacks[src][-1] != disk:
        return False
    top = stacks[dst][-1] if stacks[dst] else None
    if top is not None and top < disk:
        return False
    if not puzzle.faces:
        return True
    new_up = hk.flip(state.up(disk))
    if top is None:
        return puzzle.colors[dst] in ("N", new_up)
    return state.up(top) == new_up  # the old top face lands on the top face below: they must differ


@given(members(), st.data())
def test_legal_moves_are_those_the_definition_allows(puzzle, data):
    state = data.draw(positions(puzzle))
    assume(puzzle.is_legal(state))
    k = puzzle.posts
    every = [Move(d, a, b) for d in range(1, puzzle.n + 1) for a in range(k) for b in range(k) if a != b]
    expected = [m for m in every if allowed_by_definition(puzzle, state, m)]
    assert sorted(puzzle.legal_moves(state)) == sorted(expected)
    assert [m for m in every if puzzle.move_error(state, m) is None] == expected
    applied = [puzzle.apply(state, m) for m in puzzle.legal_moves(state)]
    assert [after for _, after in puzzle.successors(state)] == applied


@given(members(), st.data())
def test_random_legal_walks_stay_legal_and_reverse_moves_undo(puzzle, data):
    state = puzzle.start
    game = Game(puzzle)
    for _ in range(data.draw(st.integers(0, 20))):
        moves = puzzle.legal_moves(state)
        if not moves:
            break
        move = data.draw(st.sampled_from(moves))
        after = puzzle.apply(state, move)
        game.push(move)
        assert puzzle.is_legal(after) and game.state == after
        assert (puzzle.post_color(after, move.dst) is None) == (not puzzle.faces)
        if (move.dst, move.src) in puzzle.moves:
            assert puzzle.apply(after, move.reverse()) == state
        else:
            assert "moves go only" in puzzle.move_error(after, move.reverse())
        state = after
    assert puzzle.play(game.moves) == state


def test_a_forbidden_route_is_named_in_the_reason():
    p = Puzzle(2, moves="cyclic")
    assert p.move_error(p.start, Move(1, 0, 2)) == "moves go only from S to I, from I to D and from D to S here"
    with pytest.raises(hk.IllegalMoveError, match="moves go only between S and I and between I and D here"):
        Puzzle(2, moves="linear").apply(State.parse("SS"), Move(1, 0, 2))
    with pytest.raises(hk.IllegalMoveError, match="does not name two different posts 0 to 3"):
        Puzzle(2, posts=4).apply(Puzzle(2, posts=4).start, Move(1, 0, 4))


def test_magnetic_rules_on_four_posts():
    m = MagneticPuzzle(2, "NRNB")
    assert m.legal_moves(m.start) == [Move(1, 0, 2), Move(1, 0, 3)]  # disk 1 would show blue: not on red I
    assert "coloured red" in m.move_error(m.start, Move(1, 0, 1))
    after = m.apply(m.start, Move(1, 0, 2))
    assert after == m.parse("JS:BR") and m.post_color(after, "J") == "B" and m.post_color(after, "D") == "B"
    assert m.post_color(after, 3) == "B" and m.post_color(after, "I") == "R"


# -- the registry ------------------------------------------------------------------------------------------------------


def test_each_puzzle_is_answered_by_the_solver_that_covers_it():
    cases = {
        Puzzle(3): "classic",
        MagneticPuzzle(3, "RBB"): "magnetic",
        Puzzle(3, posts=4): "frame-stewart",
        Puzzle(3, moves="cyclic"): "cyclic",
        Puzzle(3, moves="linear"): "linear",
        Puzzle(3, posts=4, moves="cyclic"): "exhaustive",
        MagneticPuzzle(2, "NNNN"): "exhaustive",
        MagneticPuzzle(2, moves="linear"): "exhaustive",
    }
    for puzzle, name in cases.items():
        assert puzzle.solver().name == name == solvers_for(puzzle)[0].name
        assert solvers_for(puzzle)[-1] is registry.EXHAUSTIVE
    conjectured = (registry.FRAME_STEWART_5, registry.FRAME_STEWART)
    others = [s for s in registry.registered() if all(s is not c for c in conjectured)]
    assert all(s.guarantee is Guarantee.PROVEN_OPTIMAL for s in others)
    assert all(s.guarantee is Guarantee.CONJECTURED_OPTIMAL and s.checked_up_to for s in conjectured)
    assert hk.solvers.solver_for(Puzzle(3)) is registry.CLASSIC


def test_a_perfect_to_perfect_solver_answers_only_between_towers(monkeypatch):
    towers = registry.Solver(
        name="towers",
        covers=lambda puzzle: puzzle.posts == 4,
        endpoints=registry.Endpoints.PERFECT,
        guarantee=Guarantee.CONJECTURED_OPTIMAL,
        cost="as the search",
        load=lambda: exhaustive,
    )
    monkeypatch.setattr(registry, "_SOLVERS", [s for s in registry._SOLVERS if s.name != "frame-stewart"])
    assert registry.register(towers) is towers and registry.registered()[-2:] == (towers, registry.EXHAUSTIVE)
    p = Puzzle(3, posts=4)
    assert p.solver() is towers and p.solver(dst=State.tower(3, 1, post_count=4)) is towers
    assert p.solver(src=p.parse("SSI")) is registry.EXHAUSTIVE is p.solver(dst=p.parse("DDS"))
    assert [s.name for s in solvers_for(p)] == ["towers", "exhaustive"]
    assert solvers_for(Puzzle(3))[0].name == "classic"
    assert p.distance() == plain_distances(p, p.start)[p.goal] == frame_stewart(3, 4)


def test_classic_solver_functions_refuse_puzzles_they_do_not_cover():
    from hanoikit.solvers import classic

    p = Puzzle(2, posts=4)
    with pytest.raises(hk.InvalidPuzzleError, match="three posts"):
        classic.move_at(p, 0)


@pytest.mark.parametrize("puzzle", [Puzzle(2, posts=4), Puzzle(2, moves="cyclic"), MagneticPuzzle(2, "NNNN")])
def test_the_three_post_search_refuses_other_rules_instead_of_answering_wrongly(puzzle):
    for query in (hk.search.distance, hk.search.bfs, lambda p: hk.search.encode(p, p.start)):
        with pytest.raises(hk.InvalidPuzzleError, match="three posts with moves that can be undone"):
            query(puzzle)


@pytest.mark.parametrize("puzzle", [MagneticPuzzle(2, moves="star"), Puzzle(3, moves=[(0, 2), (2, 0), (1, 2), (2, 1)])])
def test_the_three_post_search_answers_rules_whose_moves_can_be_undone(puzzle):
    result, expected = hk.search.bfs(puzzle), plain_distances(puzzle, puzzle.start)
    assert result.reachable == len(expected)
    assert all(result.distance(state) == d for state, d in expected.items())


def test_no_solver_means_unknown_method_and_too_large_names_the_cap(monkeypatch):
    big = Puzzle(30, posts=4, moves="cyclic")
    with pytest.raises(hk.TooLargeError, match=f"at most {MAX_HEURISTIC_FOUR_POST_DISKS}"):
        big.distance()  # the heuristic search's cap on four posts
    with pytest.raises(hk.TooLargeError, match=f"at most {MAX_FRONTIER_SOLVER_CODES}"):
        Puzzle(30, moves="SI ID DS SD").distance()  # three posts: the exhaustive search's
    assert Puzzle(30).distance() == 2**30 - 1  # the classic solver has no such cap
    monkeypatch.setattr(registry, "_FALLBACKS", [])
    with pytest.raises(hk.UnknownMethodError, match="no solver answers Puzzle"):
        Puzzle(3, posts=4, moves="cyclic").distance()
    with pytest.raises(hk.UnknownMethodError):
        Puzzle(3, moves="SI ID DS SD").move_at(0)


# -- the exhaustive solver against facts derived by hand ---------------------------------------------------------------


@cache
def frame_stewart(n: int, k: int) -> int:
    """The Frame-Stewart number: optimal for four posts (Bousch 2014) and, for the n checked here, five."""
    if n <= 1 or k == 3:
        return 2**n - 1 if k == 3 else n
    return min(2 * frame_stewart(m, k) + frame_stewart(n - m, k - 1) for m in range(1, n))


@cache
def cyclic(n: int) -> tuple[int, int]:
    """Three posts in a cycle: the least moves of an n-tower one step on and two steps on (Atkinson 1981):
    Q(n) = 2 R(n-1) + 1 and R(n) = 2 R(n-1) + Q(n-1) + 2."""
    if n == 0:
        return 0, 0
    q, r = cyclic(n - 1)
    return 2 * r + 1, 2 * r + q + 2


@pytest.mark.parametrize("n", range(1, 8))
def test_four_and_five_posts_take_the_frame_stewart_numbers(n):
    p, q = Puzzle(n, posts=4), Puzzle(n, posts=5)
    assert exhaustive.distance(p, p.start, p.goal) == frame_stewart(n, 4)
    assert n > 6 or exhaustive.distance(q, q.start, q.goal) == frame_stewart(n, 5)


@pytest.mark.parametrize("n", range(1, 7))
def test_three_posts_with_restricted_moves_take_the_known_numbers(n):
    line, cycle = Puzzle(n, moves="linear"), Puzzle(n, moves="cyclic")
    assert exhaustive.distance(line, line.start, line.goal) == 3**n - 1
    q, r = cyclic(n)
    assert exhaustive.distance(cycle, cycle.start, cycle.goal) == r
    assert exhaustive.distance(cycle, cycle.start, State.tower(n, 1)) == q


@given(members(max_disks=3), st.data())
def test_exhaustive_answers_agree_with_the_plain_oracle_and_replay(puzzle, data):
    src, dst = data.draw(positions(puzzle)), data.draw(positions(puzzle))
    assume(puzzle.is_legal(src) and puzzle.is_legal(dst))
    reach = plain_distances(puzzle, src)
    if dst not in reach:
        with pytest.raises(hk.UnsolvableError):
            exhaustive.distance(puzzle, src, dst)
        return
    assert exhaustive.distance(puzzle, src, dst) == reach[dst]
    moves = list(exhaustive.solve(puzzle, src, dst))
    assert len(moves) == reach[dst] and puzzle.play(moves, src) == dst


@pytest.mark.parametrize("puzzle", [Puzzle(4), MagneticPuzzle(4, "RBB"), MagneticPuzzle(3, "NNB")])
def test_exhaustive_agrees_with_the_dedicated_solvers_on_three_posts(puzzle):
    for src in (puzzle.start, puzzle.goal):
        for dst in list(plain_distances(puzzle, src))[::7]:
            assert exhaustive.distance(puzzle, src, dst) == puzzle.distance(src, dst)


@pytest.mark.parametrize(
    "puzzle", [Puzzle(4, posts=4, moves="star"), MagneticPuzzle(3, "NRNB"), Puzzle(3, moves="cyclic")]
)
def test_indexed_queries_follow_the_solution(puzzle):
    moves = list(puzzle.solve())
    assert len(moves) == puzzle.distance()
    assert [puzzle.move_at(k) for k in range(len(moves))] == moves
    assert puzzle.state_at(len(moves)) == puzzle.goal == puzzle.play(moves)
    assert puzzle.state_at(1) == puzzle.apply(puzzle.start, moves[0])
    assert sum(puzzle.disk_moves()) == len(moves) and all(c > 0 for c in puzzle.disk_moves())
    with pytest.raises(hk.MoveIndexError):
        puzzle.move_at(len(moves))
