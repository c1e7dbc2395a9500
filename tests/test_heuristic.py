"""The heuristic solver (A* with additive pattern databases) against the plain BFS oracle and the exhaustive solver:
optimal distances, solutions that replay through the rules, tables that never overestimate, Frame-Stewart's counts."""

from __future__ import annotations

import functools
import itertools
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanoikit import MagneticPuzzle, Puzzle, State, TooLargeError, UnsolvableError, cache
from hanoikit.limits import MAX_HEURISTIC_EVERY_MOVE_DISKS, MAX_HEURISTIC_NODES
from hanoikit.positions import legal_codes
from hanoikit.solvers import exhaustive, heuristic, pdb, tower_search
from hanoikit.solvers.frame_stewart import count as frame_stewart
from hanoikit.solvers.registry import solver_for
from oracle import all_states, assert_admissible_and_consistent, plain_distances_to
from strategies import examples

RULES = ["any", "cyclic", "linear", "star"]


def member(kind: str, rule: str, n: int) -> Puzzle:
    if kind == "classic4":
        return Puzzle(n, posts=4, moves=rule)
    if kind == "classic5":
        return Puzzle(n, posts=5, moves=rule)
    return MagneticPuzzle(n, {"neutral": "NNNN", "coloured": "RNBN", "ends": "RNNB"}[kind], moves=rule)


KINDS = ["classic4", "classic5", "neutral", "coloured", "ends"]


def assert_shortest(puzzle: Puzzle, src: State, dst: State, **options: Any) -> heuristic.SearchStats | None:
    """:func:`heuristic.search` from ``src`` to ``dst`` (``options`` passed on, no disk cache) against the exhaustive
    search's table: :class:`UnsolvableError` where the goal cannot be reached (``None``), else a path from ``src`` to
    ``dst`` whose every move is one step nearer the goal, so as long as the distance (the search's answer)."""
    table = tower_search.distances_to(puzzle, dst)
    exact = int(table[tower_search.encode(puzzle, src)])
    if exact < 0:
        with pytest.raises(UnsolvableError):
            heuristic.search(puzzle, src, dst, cache=False, **options)
        return None
    found = heuristic.search(puzzle, src, dst, cache=False, **options)
    assert found.path[0] == tower_search.encode(puzzle, src) and found.path[-1] == tower_search.encode(puzzle, dst)
    assert [int(table[code]) for code in found.path] == list(range(exact, -1, -1))
    return found


def small_splits(n: int, seed: int) -> list[heuristic.Split]:
    """Two random splits of the disks into groups (not always runs), so that the tables are far from exact."""
    rng = random.Random(seed)
    splits = []
    for _ in range(2):
        disks = list(range(n))
        rng.shuffle(disks)
        cut = sorted(rng.sample(range(1, n), min(n - 1, rng.randint(0, 2)))) if n > 1 else []
        bounds = [0, *cut, n]
        splits.append([tuple(sorted(disks[lo:hi])) for lo, hi in itertools.pairwise(bounds)])
    return splits


@settings(max_examples=examples(40))
@given(
    kind=st.sampled_from(KINDS),
    rule=st.sampled_from(RULES),
    n=st.integers(1, 4),
    seed=st.integers(0, 2**32 - 1),
)
def test_optimal_against_the_oracle(kind: str, rule: str, n: int, seed: int) -> None:
    puzzle = member(kind, rule, n if kind != "classic5" else min(n, 3))
    rng = random.Random(seed)
    src, dst = puzzle.random_state(rng), puzzle.random_state(rng)
    exact = plain_distances_to(puzzle, dst).get(src)
    splits = small_splits(puzzle.n, seed)
    if exact is None:
        with pytest.raises(UnsolvableError):
            heuristic.search(puzzle, src, dst, splits=splits, cache=False)
        return
    found = heuristic.search(puzzle, src, dst, splits=splits, cache=False)
    assert len(found.path) - 1 == exact
    assert heuristic.distance(puzzle, src, dst) == exact == exhaustive.distance(puzzle, src, dst)
    moves = list(heuristic.solve(puzzle, src, dst))
    assert len(moves) == exact and puzzle.play(moves, src) == dst


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rule", RULES)
def test_optimal_against_the_exhaustive_solver_at_larger_sizes(kind: str, rule: str) -> None:
    n = {"classic4": 7, "classic5": 5}.get(kind, 5)
    puzzle = member(kind, rule, n)
    rng = random.Random(f"{kind} {rule}")
    for _ in range(3):
        src, dst = puzzle.random_state(rng), puzzle.random_state(rng)
        assert_shortest(puzzle, src, dst, splits=heuristic.default_splits(n, 3))


@settings(max_examples=examples(60))
@given(
    posts=st.sampled_from([4, 5]),
    rule=st.sampled_from(["any", "linear", "star"]),
    n=st.integers(1, 6),
    seed=st.integers(0, 2**32 - 1),
    both=st.booleans(),
    weak=st.booleans(),
)
def test_from_both_ends_and_from_one_are_optimal(posts: int, rule: str, n: int, seed: int, both: bool,
                                                 weak: bool) -> None:
    """The search from both ends and A* alone, with weak random splits or splits with free obstacles: a path as
    long as the oracle's distance, each move one step nearer the goal."""
    puzzle = Puzzle(n if posts == 4 else min(n, 5), posts=posts, moves=rule)
    rng = random.Random(seed)
    src, dst = puzzle.random_state(rng), puzzle.random_state(rng)
    splits = small_splits(puzzle.n, seed) if weak else heuristic.default_splits(puzzle.n, 2, free=3)
    found = assert_shortest(puzzle, src, dst, splits=splits, both=both)
    assert found is not None and len(found.path) - 1 == plain_distances_to(puzzle, dst)[src]


@settings(max_examples=examples(20), deadline=None)
@given(n=st.integers(3, 6), size=st.integers(2, 5), free=st.integers(0, 2), seed=st.integers(0, 2**32 - 1),
       both=st.booleans(), nearest=st.booleans())
def test_compressed_splits_from_both_ends_and_from_one(n: int, size: int, free: int, seed: int, both: bool,
                                                       nearest: bool) -> None:
    """The compressed groups of both ends' tables carried side by side (their slots, offsets and splits joined),
    with both splits or the default's one: a shortest path, each move one step nearer the goal."""
    puzzle = Puzzle(n, posts=4)
    size = min(size, n - 1)
    rng = random.Random(seed)
    src, dst = puzzle.random_state(rng), puzzle.random_state(rng)
    splits = heuristic.compressed_splits(n, size, min(free, size), nearest)
    found = assert_shortest(puzzle, src, dst, splits=splits, both=both)
    assert found is not None and len(found.path) - 1 == plain_distances_to(puzzle, dst)[src]


def test_a_group_of_several_splits_is_built_once() -> None:
    """The compressed group that both splits of :func:`compressed_splits` hold: one table, one carried value, read
    for each split alike."""
    puzzle = Puzzle(7, posts=4)
    dst = puzzle.random_state(random.Random("shared"))
    splits = heuristic.compressed_splits(7, 5, 2)
    h = heuristic.heuristic(puzzle, dst, splits, cache=False)
    alone = heuristic.heuristic(puzzle, dst, splits[:1], cache=False)
    assert h.packed.size == alone.packed.size and h.groups[1, 0] == h.groups[3, 0]
    assert int(h.groups[:, 2].max()) == 0
    for state in (puzzle.start, puzzle.random_state(random.Random(1))):
        values = h.values(puzzle, state)
        assert values is not None and values[1] == values[3]
        assert values[:2] == alone.values(puzzle, state)


def test_the_default_search_from_both_ends_is_exact() -> None:
    """12 disks on four posts: the default search runs from both ends with its own tables (two of 10 disks an end)."""
    puzzle = Puzzle(12, posts=4)
    assert heuristic.from_both_ends(puzzle) and heuristic.group_size(puzzle) == heuristic.BOTH_ENDS_GROUP
    rng = random.Random("both ends")
    src, dst = puzzle.random_state(rng), puzzle.random_state(rng)
    moves = list(heuristic.solve(puzzle, src, dst))
    assert len(moves) == exhaustive.distance(puzzle, src, dst) and puzzle.play(moves, src) == dst


@settings(max_examples=examples(30), deadline=None)
@given(n=st.integers(3, 8), seed=st.integers(0, 2**32 - 1), tower=st.booleans(), weak=st.booleans())
def test_the_sides_in_the_order_of_their_buckets_stay_exact(n: int, seed: int, tower: bool, weak: bool) -> None:
    """From both ends a side takes out its next bucket only if it is no larger than the other side's, however far
    its keys then run ahead (a tower's side, with few moves a position, against a scattered one's; random weak
    tables against free obstacles): the path is a shortest one, each move one step nearer the goal."""
    puzzle = Puzzle(n, posts=4)
    rng = random.Random(seed)
    src, dst = (puzzle.start if tower else puzzle.random_state(rng)), puzzle.random_state(rng)
    splits = small_splits(n, seed) if weak else heuristic.default_splits(n, 2, free=3)
    assert_shortest(puzzle, src, dst, splits=splits, both=True)


@settings(max_examples=examples(30), deadline=None)
@given(
    kind=st.sampled_from(KINDS),
    rule=st.sampled_from(["any", "linear", "star"]),
    n=st.integers(1, 5),
    seed=st.integers(0, 2**32 - 1),
    same=st.booleans(),
    both=st.booleans(),
)
def test_a_position_to_itself_and_any_pair_against_the_exhaustive_search(
        kind: str, rule: str, n: int, seed: int, same: bool, both: bool) -> None:
    """Every member with moves that can be undone, from both ends or from one: a position to itself is a path of
    length 0 (from both ends on a magnetic member it was a move and its reverse, or unsolvable), and any pair is as
    far as the exhaustive search says, each move one step nearer the goal."""
    puzzle = member(kind, rule, n if kind != "classic5" else min(n, 4))
    rng = random.Random(seed)
    src = puzzle.random_state(rng)
    dst = src if same else puzzle.random_state(rng)
    found = assert_shortest(puzzle, src, dst, both=both)
    if same:
        assert found is not None and found.path == (tower_search.encode(puzzle, src),)


@settings(max_examples=examples(20), deadline=None)
@given(n=st.integers(1, 5), seed=st.integers(0, 2**32 - 1))
def test_nnnn_searches_from_both_ends_by_default_and_stays_exact(n: int, seed: int) -> None:
    """NNNN from :data:`heuristic.MAGNETIC_BOTH_ENDS` disks (lowered here to 1) searches from both ends by default,
    each end with the magnetic split of A* (its largest group and free obstacles, not the 12-13-disk tables of the
    members without faces): a shortest path, or unsolvable where the exhaustive search says so."""
    puzzle = MagneticPuzzle(n, "NNNN")
    rng = random.Random(seed)
    src, dst = puzzle.random_state(rng), puzzle.random_state(rng)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(heuristic, "MAGNETIC_BOTH_ENDS", 1)
        assert heuristic.from_both_ends(puzzle) and heuristic.group_size(puzzle) == min(n, 8)
        goals: list[State] = []
        tables = heuristic._default_heuristic

        def spy(puzzle: Puzzle, goal: State, cache: bool) -> heuristic.Heuristic:
            goals.append(goal)
            return tables(puzzle, goal, cache)

        patch.setattr(heuristic, "_default_heuristic", spy)
        assert_shortest(puzzle, src, dst)
    assert sorted(map(str, goals)) == ([] if src == dst else sorted(map(str, [src, dst])))  # both ends' tables


def test_from_both_ends_needs_moves_that_can_be_undone() -> None:
    puzzle = Puzzle(5, posts=4, moves="cyclic")
    assert not heuristic.from_both_ends(puzzle) and heuristic.from_both_ends(Puzzle(12, posts=4))
    with pytest.raises(ValueError, match="both ends"):
        heuristic.search(puzzle, puzzle.start, puzzle.goal, both=True, cache=False)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rule", RULES)
def test_tables_are_admissible_and_consistent(kind: str, rule: str) -> None:
    """Every split's estimate is at most the exact distance, and drops by at most one a move."""
    puzzle = member(kind, rule, 3 if kind == "classic5" else 4)
    rng = random.Random(f"{kind} {rule} tables")
    dst = puzzle.random_state(rng)
    choices = [small_splits(puzzle.n, 1), small_splits(puzzle.n, 2), heuristic.default_splits(puzzle.n, 2)]
    n = puzzle.n
    # tables with free obstacles: the smallest disks' detours around the largest, one disk a group
    choices += [heuristic.default_splits(n, 2, free=3), [[heuristic.Group((0,), (n - 1,)), tuple(range(1, n))]],
                [[heuristic.Group((d,), tuple(range(d + 1, n))) for d in range(n)]]]
    for splits in choices:
        h = heuristic.heuristic(puzzle, dst, splits, cache=False)
        assert_admissible_and_consistent(puzzle, functools.partial(h.estimate, puzzle), dst)


def test_a_group_alone_is_exact() -> None:
    puzzle = MagneticPuzzle(5, "RNBN", moves="star")
    dst = puzzle.random_state(random.Random(3))
    h = heuristic.heuristic(puzzle, dst, [[tuple(range(5))]], cache=False)
    exact = plain_distances_to(puzzle, dst)
    for state in all_states(puzzle):
        assert h.estimate(puzzle, state) == exact.get(state)


@pytest.mark.parametrize("n", range(1, 12))
def test_tower_to_tower_is_frame_stewart(n: int) -> None:
    """Frame-Stewart's count is optimal on four posts (T. Bousch, 2014)."""
    puzzle = Puzzle(n, posts=4)
    assert heuristic.distance(puzzle, puzzle.start, puzzle.goal) == frame_stewart(n, 4)


@pytest.mark.slow
@pytest.mark.parametrize("n", [12, 14, 16])  # 14 and 16: the largest 13 disks in a compressed table
def test_tower_to_tower_is_frame_stewart_larger(n: int) -> None:
    """From 17 disks (15 s of processor time at 16, 80 s at 17) in benchmarks/bench_heuristic.py --rows towers."""
    puzzle = Puzzle(n, posts=4)
    assert heuristic.distance(puzzle, puzzle.start, puzzle.goal) == frame_stewart(n, 4)


def test_relabelled_tables_are_the_tables_of_their_goals() -> None:
    """A table reused through a relabelling of the posts is the table searched for its own goal."""
    for puzzle in (Puzzle(4, posts=4), Puzzle(3, posts=5, moves="cyclic"), MagneticPuzzle(3, "RNRN", moves="linear")):
        rng = random.Random(str(puzzle))
        for _ in range(2):
            first = puzzle.random_state(rng)
            pdb.pattern_table(puzzle, first, cache=False)  # kept in memory: its relabellings reuse it
            for perm in pdb.automorphisms(puzzle):
                goal = State([perm[p] for p in first.posts], first.ups, post_count=puzzle.posts)
                table = pdb.pattern_table(puzzle, goal, cache=False)
                direct = tower_search.distances_to(puzzle, goal)
                reached = direct >= 0
                assert np.array_equal(table[reached], direct[reached])
                assert (table[~reached] == np.iinfo(table.dtype).max).all()


def test_tables_are_cached_on_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path))
    puzzle = Puzzle(5, posts=4, moves="star")
    goal = State.tower(5, 0, post_count=4)  # a goal not relabelled: its own table is kept
    first = pdb.pattern_table(puzzle, goal)
    assert len(list((tmp_path / "pdb").iterdir())) == 1
    pdb._TABLES.clear()
    monkeypatch.setattr(pdb, "free_moves_to", None)  # the copy on disk is what a new process reads
    assert np.array_equal(pdb.pattern_table(puzzle, goal), first)
    monkeypatch.setenv(cache.CACHE_ENV, "")
    assert pdb.cache_dir() is None


def test_the_registry_sends_large_members_here() -> None:
    rng = random.Random(9)
    puzzle = Puzzle(10, posts=4)
    src, dst = puzzle.random_state(rng), puzzle.random_state(rng)
    assert solver_for(puzzle, src, dst).name == "heuristic"
    assert solver_for(Puzzle(8, posts=4), src=State.parse("SSSSSSSI", post_count=4)).name == "exhaustive"
    assert solver_for(puzzle).name == "frame-stewart"  # towers on four posts have their own solver
    moves = list(puzzle.solve(src, dst))
    assert len(moves) == puzzle.distance(src, dst) and puzzle.play(moves, src) == dst
    with pytest.raises(TooLargeError, match="disks"):
        large = Puzzle(heuristic.disk_cap(puzzle) + 1, posts=4)
        large.distance(large.start.replace(1, 1))


@pytest.mark.parametrize("both", [False, True])
def test_too_many_positions_stop_the_search(both: bool) -> None:
    puzzle = Puzzle(9, posts=4)
    with pytest.raises(TooLargeError, match="MAX_HEURISTIC_NODES"):
        heuristic.search(puzzle, puzzle.start, puzzle.goal, splits=[[(d,) for d in range(9)]], max_nodes=5000,
                         both=both)


@pytest.mark.parametrize("cap", [3000, 20_000, 70_000])
def test_the_two_sides_together_stay_within_the_cap(cap: int) -> None:
    """A search that needs more than ``max_nodes`` positions refuses having stored at most that many, both sides
    together (up to one expansion's children): the budget of each call of the compiled loop shrinks as the cap nears.
    Before, each side's arrays were capped by the other's count only when they grew (65,536 positions each at first),
    and the two passed the cap together."""
    puzzle = Puzzle(11, posts=4)
    weak = [[(d,) for d in range(11)]]
    with pytest.raises(TooLargeError, match="MAX_HEURISTIC_NODES") as refused:
        heuristic.search(puzzle, puzzle.start, puzzle.goal, splits=weak, max_nodes=cap, both=True)
    stored = int(str(refused.value).split(" stored ")[1].split(" positions")[0].replace(",", ""))
    assert cap - 2 * len(puzzle.moves) < stored <= cap + len(puzzle.moves)


def test_start_to_goal_indexing() -> None:
    puzzle = MagneticPuzzle(6, "NNNN", moves="cyclic")
    moves = list(heuristic.solve(puzzle, puzzle.start, puzzle.goal))
    assert [heuristic.move_at(puzzle, k) for k in range(len(moves))] == moves
    assert heuristic.state_at(puzzle, len(moves)) == puzzle.goal
    assert sum(heuristic.disk_moves(puzzle)) == len(moves) == exhaustive.distance(puzzle, puzzle.start, puzzle.goal)


def test_the_disk_cache_keeps_the_latest_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(pdb, "_KEPT_ON_DISK", 2)
    puzzle = Puzzle(3, posts=4, moves="cyclic")
    for post in range(4):  # cyclic relabellings keep the order: the goal on S is the canonical one of each
        pdb.pattern_table(puzzle, State([0, post, 0], post_count=4))
    assert len(list((tmp_path / "pdb").iterdir())) == 2


def test_the_disk_cache_keeps_the_latest_tables_within_its_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(pdb, "_KEPT_ON_DISK_BYTES", 1)  # fewer bytes than any table: the latest one is kept
    monkeypatch.setattr(pdb, "_TABLES", {})
    puzzle = Puzzle(3, posts=4, moves="cyclic")
    for post in range(3):
        latest = pdb.pattern_table(puzzle, State([0, post, 0], post_count=4))
    assert len(list((tmp_path / "pdb").iterdir())) == 1
    pdb._TABLES.clear()
    monkeypatch.setattr(pdb, "free_moves_to", None)  # the latest table is the one read back
    assert np.array_equal(pdb.pattern_table(puzzle, State([0, 2, 0], post_count=4)), latest)


def test_the_tables_in_memory_are_kept_within_their_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Kept by count only, 64 compressed tables of 14 disks would have held 4 GiB."""
    monkeypatch.setattr(pdb, "_TABLES", {})
    puzzle = Puzzle(5, posts=4)
    one = pdb.pattern_table(puzzle, puzzle.goal, cache=False).nbytes
    monkeypatch.setattr(pdb, "_KEPT_BYTES", 2 * one)
    goals = [State([post] * 5, post_count=4) for post in (1, 2, 3)] + [State([0, 1, 2, 3, 0], post_count=4)]
    for goal in goals:
        latest = pdb.pattern_table(puzzle, goal, cache=False)
    assert sum(table.nbytes for table in pdb._TABLES.values()) <= 2 * one
    assert any(table is latest for table in pdb._TABLES.values())
    monkeypatch.setattr(pdb, "_KEPT_BYTES", 1)  # fewer bytes than any table: the newest is kept
    newest = pdb.pattern_table(puzzle, State([3, 2, 1, 0, 3], post_count=4), cache=False)
    assert len(pdb._TABLES) == 1 and next(iter(pdb._TABLES.values())) is newest


def test_the_default_heuristics_in_memory_are_kept_within_their_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Kept by count only, eight heuristics of 18 disks held 2 GiB of compressed tables: the least recently used
    goes first, the latest is always kept, and a goal asked again is not built again."""
    monkeypatch.setattr(heuristic, "_KEPT", {})
    puzzle = Puzzle(6, posts=4)
    goals = [State([post] * 6, post_count=4) for post in (0, 1, 2, 3)]
    first = heuristic._default_heuristic(puzzle, goals[0], False)
    one = heuristic._nbytes(first)
    monkeypatch.setattr(heuristic, "_KEPT_BYTES", 2 * one)
    assert heuristic._default_heuristic(puzzle, goals[1], False) is not first
    assert heuristic._default_heuristic(puzzle, goals[0], False) is first  # now the latest used
    heuristic._default_heuristic(puzzle, goals[2], False)  # goals[1] let go, not goals[0]
    assert [key[1] for key in heuristic._KEPT] == [goals[0], goals[2]]
    assert sum(map(heuristic._nbytes, heuristic._KEPT.values())) <= 2 * one
    monkeypatch.setattr(heuristic, "_KEPT_BYTES", 1)  # fewer bytes than any: the newest alone is kept
    newest = heuristic._default_heuristic(puzzle, goals[3], False)
    assert len(heuristic._KEPT) == 1 and next(iter(heuristic._KEPT.values())) is newest


def test_the_default_heuristic_beyond_the_exhaustive_tables() -> None:
    """Groups past the exhaustive solver's 9-disk tables, on the default split: exact against the exhaustive search,
    and the estimate is at least half the distance (the largest disks' group is exact for them)."""
    puzzle = Puzzle(11, posts=4)
    assert heuristic.group_size(puzzle) == 9 and heuristic.default_splits(11, 9) == [[(0, 1), tuple(range(2, 11))]]
    rng = random.Random(11)
    for _ in range(2):
        src, dst = puzzle.random_state(rng), puzzle.random_state(rng)
        exact = exhaustive.distance(puzzle, src, dst)
        estimate = heuristic.heuristic(puzzle, dst).estimate(puzzle, src)
        assert estimate is not None and exact / 2 <= estimate <= exact
        assert heuristic.distance(puzzle, src, dst) == exact
        assert puzzle.play(list(heuristic.solve(puzzle, src, dst)), src) == dst


def test_pattern_tables_past_the_exhaustive_cap_are_exact() -> None:
    """A table of 10 disks (above distances_to's default 2**23 code-move pairs) is the plain BFS's, at sample codes."""
    puzzle, goal = Puzzle(10, posts=4), State.parse("DISSDIIDSD", post_count=4)
    assert not tower_search.tabulated(puzzle)
    table = pdb.pattern_table(puzzle, goal, cache=False)
    rng = random.Random(10)
    for _ in range(3):
        state = puzzle.random_state(rng)
        assert int(table[tower_search.encode(puzzle, state)]) == exhaustive.distance(puzzle, state, goal)


@pytest.mark.parametrize("rule", RULES)
def test_tables_with_free_obstacles(rule: str) -> None:
    """No disk free: the plain table; every disk free: nothing to count; in between, optimal searches."""
    puzzle = Puzzle(6, posts=4, moves=rule)
    rng = random.Random(rule)
    goal = puzzle.random_state(rng)
    plain = tower_search.distances_to(puzzle, goal)
    assert np.array_equal(pdb.free_moves_to(puzzle, goal, 0), plain)
    assert set(np.unique(pdb.free_moves_to(puzzle, goal, 6)).tolist()) <= {-1, 0}
    counted = pdb.free_moves_to(puzzle, goal, 3)
    assert ((counted >= 0) == (plain >= 0)).all() and (counted <= plain).all()
    splits = heuristic.default_splits(6, 4, free=5)
    top = (2, 3, 4, 5)
    assert splits == [[heuristic.Group((0, 1), (3, 4, 5)), top], [heuristic.Group((0, 1), (2, 3, 4)), top]]
    for _ in range(3):
        src = puzzle.random_state(rng)
        exact = int(plain[tower_search.encode(puzzle, src)])
        if exact < 0:
            continue
        assert len(heuristic.search(puzzle, src, goal, splits=splits, cache=False).path) - 1 == exact


COLOURINGS = ["NNNN", "RNBN", "RNNB", "RBBN", "BRRB"]  # neutral, coloured, ends, and RBB-style posts on four posts
ONE_WAY = ["cyclic", "DJ JI IS SD"]  # the cycle both ways round


@pytest.mark.parametrize("colors", COLOURINGS)
@pytest.mark.parametrize("rule", [*RULES, *ONE_WAY[1:]])
def test_free_tables_with_faces(colors: str, rule: str) -> None:
    """On a magnetic tower: no disk free, the plain table at every legal code; every disk free, nothing to count;
    in between, a lower bound of the plain table that reaches the same codes."""
    for n in (1, 3, 4):
        puzzle = MagneticPuzzle(n, colors, moves=rule)
        legal = legal_codes(puzzle)
        rng = random.Random(f"{colors} {rule} {n}")
        for _ in range(2):
            goal = puzzle.random_state(rng)
            plain = tower_search.distances_to(puzzle, goal)[legal]
            assert np.array_equal(pdb.free_moves_to(puzzle, goal, 0)[legal], plain)
            assert set(np.unique(pdb.free_moves_to(puzzle, goal, n)[legal]).tolist()) <= {-1, 0}
            counted = pdb.free_moves_to(puzzle, goal, n // 2)[legal]
            assert ((counted >= 0) == (plain >= 0)).all() and (counted <= plain).all()


def one_way_member(kind: str, rule: str, n: int) -> Puzzle:
    return Puzzle(n, posts=4, moves=rule) if kind == "classic" else MagneticPuzzle(n, kind, moves=rule)


@pytest.mark.parametrize("kind", ["classic", "NNNN", "RNBN"])
@pytest.mark.parametrize("rule", ONE_WAY)
def test_one_way_splits_are_admissible_and_consistent(kind: str, rule: str) -> None:
    """The default splits of one-way rules (a table a small disk, the others free) never overestimate and drop by
    at most one a move, at every position of a small member."""
    puzzle = one_way_member(kind, rule, 4)
    splits = heuristic.default_splits(4, 2, free=3, alone=True)
    assert splits == [[heuristic.Group((0,), (2, 3)), heuristic.Group((1,), (2, 3)), (2, 3)]]
    rng = random.Random(f"{kind} {rule}")
    for _ in range(2):
        dst = puzzle.random_state(rng)
        h = heuristic.heuristic(puzzle, dst, splits, cache=False)
        assert_admissible_and_consistent(puzzle, functools.partial(h.estimate, puzzle), dst)


@settings(max_examples=examples(12), deadline=None)
@given(
    kind=st.sampled_from(["classic", "NNNN", "RNBN", "RBBN"]),
    rule=st.sampled_from([*ONE_WAY, "any", "linear", "star"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_default_heuristic_is_optimal_on_restricted_and_magnetic_members(kind: str, rule: str, seed: int) -> None:
    """The default kind of split of each member (one-way rules: a table a small disk; faces: free obstacles), with
    groups smaller than the default's (which holds every disk at these sizes), gives the exhaustive search's
    distance between random positions, along a path of moves each one step nearer."""
    puzzle = one_way_member(kind, rule, 7 if kind == "classic" else 6)
    n = puzzle.n
    splits = heuristic.default_splits(n, n - 3, n - 1, alone=not puzzle.reversible)
    rng = random.Random(seed)
    src, dst = puzzle.random_state(rng), puzzle.random_state(rng)
    found = assert_shortest(puzzle, src, dst, splits=splits)
    if found is not None:
        estimate = heuristic.heuristic(puzzle, dst, splits, cache=False).estimate(puzzle, src)
        assert estimate is not None and estimate <= len(found.path) - 1


@pytest.mark.parametrize("both", [False, True])
def test_an_index_of_hashes_searches_as_one_of_whole_codes(both: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a code passes the bits of an index entry (many posts), the entry holds a hash of it and the codes are
    read on a match: the same positions expanded and stored as with whole codes, and a shortest path; 9 disks with
    weak tables grow A*'s index past its first size (rehashed)."""
    assert heuristic._whole(Puzzle(18, posts=4)) and not heuristic._whole(Puzzle(19, posts=4))
    assert not heuristic._whole(Puzzle(12, posts=10))
    rng = random.Random(f"hashed {both}")
    for n, splits in ((6, heuristic.default_splits(6, 3)), (6, heuristic.default_splits(6, 3)),
                      (9, [[(disk,) for disk in range(9)]])):
        puzzle = Puzzle(n, posts=4)
        src, dst = (puzzle.random_state(rng), puzzle.random_state(rng)) if n < 9 else (puzzle.start, puzzle.goal)
        whole = heuristic.search(puzzle, src, dst, splits=splits, cache=False, both=both)
        with monkeypatch.context() as patched:
            patched.setattr(heuristic, "_whole", lambda puzzle: 0)
            hashed = heuristic.search(puzzle, src, dst, splits=splits, cache=False, both=both)
        assert hashed == whole and len(whole.path) - 1 == exhaustive.distance(puzzle, src, dst)
        assert n < 9 or both or whole.stored > 1 << 16


def test_an_index_entry_holds_the_code_beside_the_largest_node_number_to_18_disks() -> None:
    """Every code of 18 disks on four posts is held whole in an index entry (int64, not negative) beside any node
    number up to :data:`~hanoikit.limits.MAX_HEURISTIC_NODES`; from 19 disks a hash of it (the codes read on a match,
    the path ``test_an_index_of_hashes_searches_as_one_of_whole_codes`` checks)."""
    assert heuristic._NODE >= MAX_HEURISTIC_NODES
    puzzle = Puzzle(18, posts=4)
    whole = heuristic._whole(puzzle)
    code = tower_search.code_space(puzzle) - 1
    for node in (0, MAX_HEURISTIC_NODES - 1):
        entry = heuristic._tag(code, whole) | node
        assert whole and entry >= 0 and heuristic._node(entry) == node and entry >> heuristic._NODE_BITS == code
    largest = Puzzle(MAX_HEURISTIC_EVERY_MOVE_DISKS, posts=4)
    assert heuristic._whole(largest) == (MAX_HEURISTIC_EVERY_MOVE_DISKS <= 18)
    entry = heuristic._tag(tower_search.code_space(largest) - 1, heuristic._whole(largest)) | (MAX_HEURISTIC_NODES - 1)
    assert entry >= 0 and heuristic._node(entry) == MAX_HEURISTIC_NODES - 1


def test_the_compressed_group_grows_with_the_tower() -> None:
    """13 largest disks compressed from 14 disks, 14 from 17, 15 from 18, 16 from 19 (the largest member searched); the
    rest in one table with free obstacles, every disk counted once."""
    sizes = {n: heuristic.compressed_size(Puzzle(n, posts=4)) for n in range(13, MAX_HEURISTIC_EVERY_MOVE_DISKS + 1)}
    assert sizes == {13: 0, 14: 13, 15: 13, 16: 13, 17: 14, 18: 15, 19: 16}
    for n, size in sizes.items():
        for split in heuristic.compressed_splits(n, size, 11 - (n - size), nearest=False) if size else []:
            assert sorted(d for group in split for d in group.disks) == list(range(n))
