"""Compressed pattern databases (distances modulo 3 in two bits) and the heuristic search through them: the entries
against the plain BFS oracle and the exact tables, the descent to an exact value, relabelled tables, optimal answers
through the compressed splits."""

from __future__ import annotations

import functools
import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanoikit import InvalidStateError, MagneticPuzzle, Puzzle, State, cache, positions
from hanoikit.solvers import exhaustive, heuristic, mod3, pdb, tower_search
from oracle import all_states, assert_admissible_and_consistent, plain_distances_to
from strategies import examples


@settings(max_examples=examples(30), deadline=None)
@given(posts=st.sampled_from([4, 5]), rule=st.sampled_from(["any", "linear", "star"]), n=st.integers(1, 5),
       seed=st.integers(0, 2**32 - 1))
def test_entries_are_the_distances_modulo_3(posts: int, rule: str, n: int, seed: int) -> None:
    puzzle = Puzzle(min(n, 4) if posts == 5 else n, posts=posts, moves=rule)
    goal = puzzle.random_state(random.Random(seed))
    table = mod3.mod3_table(puzzle, goal)
    exact = plain_distances_to(puzzle, goal)
    for state in all_states(puzzle):
        code = tower_search.encode(puzzle, state)
        assert mod3.entry(table, code) == exact[state] % 3
        assert mod3.exact(puzzle, table, code) == exact[state]


@pytest.mark.parametrize("n", [6, 8, 9])
def test_the_grouped_build_equals_the_exact_table(n: int) -> None:
    """Four posts and three disks or more: the build 16 codes at a time, against the uint8 table."""
    puzzle = Puzzle(n, posts=4)
    rng = random.Random(n)
    for goal in (puzzle.goal, puzzle.random_state(rng)):
        exact = tower_search.distances_to(puzzle, goal)
        table = mod3.mod3_table(puzzle, goal)
        assert table.nbytes == 4**n // 4
        assert np.array_equal(mod3.unpack(table, exact.size), exact % 3)
        for code in rng.sample(range(exact.size), 30):
            assert mod3.exact(puzzle, table, code) == exact[code]


def test_unpack_and_pack_round_trip() -> None:
    entries = np.random.default_rng(5).integers(0, 4, 1001).astype(np.uint8)
    assert np.array_equal(mod3.unpack(mod3.pack(entries), entries.size), entries)


def test_only_symmetric_rules_without_faces_are_compressed() -> None:
    assert mod3.compressible(Puzzle(4, posts=4, moves="star"))
    for puzzle in (Puzzle(4, posts=4, moves="cyclic"), MagneticPuzzle(4, "NNNN")):
        assert not mod3.compressible(puzzle)
        with pytest.raises(ValueError, match="modulo 3"):
            mod3.mod3_table(puzzle, puzzle.goal)
    with pytest.raises(ValueError, match="cannot be compressed"):
        heuristic.heuristic(Puzzle(4, posts=4, moves="cyclic"), Puzzle(4, posts=4).goal,
                            [[heuristic.Group((0, 1, 2, 3), compressed=True)]], cache=False)


def test_a_relabelled_table_is_the_table_of_the_image(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path))
    puzzle = Puzzle(7, posts=4, moves="star")
    goal = puzzle.random_state(random.Random(2))
    image = State([{0: 0, 1: 2, 2: 3, 3: 1}[p] for p in goal.posts], post_count=4)  # keeps the star at post 0
    pdb._TABLES.clear()
    built = pdb.pattern_table(puzzle, goal, compressed=True)
    pdb._TABLES.clear()
    relabelled = pdb.pattern_table(puzzle, image, compressed=True)  # from the disk cache of ``goal``'s table
    assert np.array_equal(relabelled, mod3.mod3_table(puzzle, image))
    assert not np.array_equal(built, relabelled)


@pytest.mark.parametrize(("posts", "rule"), [(4, "any"), (4, "linear"), (4, "star"), (5, "any"), (5, "star")])
def test_a_compressed_table_is_relabelled_in_place_of_its_entries(posts: int, rule: str) -> None:
    """Relabelling a compressed table byte by byte (four posts) gives what unpacking, relabelling one entry a byte and
    packing gives, for every automorphism; and that is the image's own table."""
    for n in range(1, 6 if posts == 4 else 4):
        puzzle = Puzzle(n, posts=posts, moves=rule)
        goal = puzzle.random_state(random.Random(f"{n} {posts} {rule}"))
        table = mod3.mod3_table(puzzle, goal)
        size = tower_search.code_space(puzzle)
        for perm in pdb.automorphisms(puzzle):
            relabelled = pdb._relabelled_mod3(puzzle, table, perm)
            unpacked = mod3.pack(pdb._relabelled(mod3.unpack(table, size), perm, posts, n, 0))
            assert relabelled.dtype == np.uint8 and np.array_equal(relabelled, unpacked), (n, perm)
            image = State([perm.index(p) for p in goal.posts], post_count=posts)  # out[c] = table[perm(c)]
            assert np.array_equal(relabelled, mod3.mod3_table(puzzle, image)), (n, perm)


def compressed_splits(n: int, seed: int) -> list[heuristic.Split]:
    """Two random splits, each with one compressed group (any disks) beside exact groups or free obstacles."""
    rng = random.Random(seed)
    splits: list[heuristic.Split] = []
    for _ in range(2):
        disks = list(range(n))
        rng.shuffle(disks)
        cut = rng.randint(1, n - 1)
        packed, rest = tuple(sorted(disks[:cut])), tuple(sorted(disks[cut:]))
        splits.append([heuristic.Group(packed, compressed=True), rest])
    smallest = rng.randint(1, n - 2)
    free = tuple(range(smallest, rng.randint(smallest + 1, n)))
    splits.append([heuristic.Group(tuple(range(smallest)), free),
                   heuristic.Group(tuple(range(smallest, n)), compressed=True)])
    return splits


@settings(max_examples=examples(25), deadline=None)
@given(rule=st.sampled_from(["any", "linear", "star"]), n=st.integers(3, 8), seed=st.integers(0, 2**32 - 1))
def test_optimal_through_compressed_splits(rule: str, n: int, seed: int) -> None:
    puzzle = Puzzle(n, posts=4, moves=rule)
    rng = random.Random(seed)
    src, dst = puzzle.random_state(rng), puzzle.random_state(rng)
    found = heuristic.search(puzzle, src, dst, splits=compressed_splits(n, seed), cache=False)
    assert len(found.path) - 1 == exhaustive.distance(puzzle, src, dst)
    states = [positions.decode(puzzle, code) for code in found.path]
    assert states[0] == src and states[-1] == dst
    assert all(any(after == b for _, after in puzzle.successors(a)) for a, b in itertools.pairwise(states))


def test_compressed_estimates_are_admissible_and_consistent() -> None:
    puzzle = Puzzle(5, posts=4, moves="linear")
    dst = puzzle.random_state(random.Random(9))
    assert len(plain_distances_to(puzzle, dst)) == 4**5  # every position reaches dst: an estimate is never None
    for splits in (compressed_splits(5, 1), compressed_splits(5, 2)):
        h = heuristic.heuristic(puzzle, dst, splits, cache=False)
        assert_admissible_and_consistent(puzzle, functools.partial(h.estimate, puzzle), dst)


@pytest.mark.parametrize("n", [7, 9])
def test_the_compressed_splits_are_optimal(n: int) -> None:
    """The default split past 13 disks, at sizes the exhaustive search checks: the largest disks compressed, the
    smaller ones with free obstacles."""
    puzzle = Puzzle(n, posts=4)
    rng = random.Random(f"compressed {n}")
    splits = heuristic.compressed_splits(n, n - 3, 4)
    for _ in range(4):
        src, dst = puzzle.random_state(rng), puzzle.random_state(rng)
        assert len(heuristic.search(puzzle, src, dst, splits=splits, cache=False).path) - 1 == exhaustive.distance(
            puzzle, src, dst)


def test_every_move_on_four_posts_is_refused_past_its_own_cap_before_the_work() -> None:
    from hanoikit import TooLargeError
    from hanoikit.limits import MAX_HEURISTIC_EVERY_MOVE_DISKS, MAX_HEURISTIC_FOUR_POST_DISKS

    n = MAX_HEURISTIC_EVERY_MOVE_DISKS
    far = State.parse("I" * n, post_count=4)
    with pytest.raises(TooLargeError, match=f"at most {n}"):
        heuristic.distance(Puzzle(n + 1, posts=4), State.parse("S" * (n + 1), post_count=4),
                           State.parse("D" * (n + 1), post_count=4).replace(1, 1))
    with pytest.raises(TooLargeError, match=f"at most {MAX_HEURISTIC_FOUR_POST_DISKS}"):
        heuristic.distance(Puzzle(n, posts=4, moves="cyclic"), far, far.replace(1, 0))


def test_compressed_groups_stay_compressed_when_the_largest_disks_stay_put() -> None:
    puzzle = Puzzle(8, posts=4)
    rng = random.Random(4)
    src = puzzle.random_state(rng)
    dst = src.replace(1, (src.posts[0] + 1) % 4)  # only disk 1 moves: the search narrows to one disk
    found = heuristic.search(puzzle, src, dst, splits=heuristic.compressed_splits(8, 5, 2), cache=False)
    assert len(found.path) == 2
    splits = heuristic.compressed_splits(8, 6, 1)
    assert heuristic._narrowed(splits, 5)[0][1] == heuristic.Group((2, 3, 4), compressed=True)


@pytest.mark.parametrize("code", [-3, -1, 4**6, 10**30])
def test_a_code_outside_the_table_is_refused(code: int) -> None:
    """A negative code read the table from its end, a large one past it (the descent, compiled, reads any memory)."""
    puzzle = Puzzle(6, posts=4)
    table = mod3.mod3_table(puzzle, puzzle.goal)
    with pytest.raises(InvalidStateError, match="no code"):
        mod3.exact(puzzle, table, code)
    with pytest.raises(InvalidStateError, match="no code"):
        mod3.entry(table, code)
    with pytest.raises(ValueError, match="is not one of"):
        mod3.exact(Puzzle(7, posts=4), table, 0)
