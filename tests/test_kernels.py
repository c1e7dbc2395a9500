"""The search kernels (hanoikit.frontier.kernels on hanoikit.positions' tables) against the plain oracle: every member
type at small n (3 to 6 posts, every move rule, classic and magnetic), forwards and backwards, from both ends, in
memory and at two bits a code."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanoikit import MOVE_RULES, MagneticPuzzle, Puzzle, State
from hanoikit import positions as P
from hanoikit.frontier import frontier_search, memory
from hanoikit.frontier.mirror import posts_mirror
from hanoikit.solvers import tower_search
from oracle import all_states, plain_distances, plain_distances_to
from strategies import examples, one_way_members

SIZES = {3: 4, 4: 3, 5: 2, 6: 2}  # disks for each number of posts: a few hundred positions at most


def _members() -> list[Puzzle]:
    found: list[Puzzle] = []
    for k, n in SIZES.items():
        for rule in MOVE_RULES:
            found.append(Puzzle(n, posts=k, moves=rule))
            found.append(MagneticPuzzle(n, "N" * k, moves=rule))
            found.append(MagneticPuzzle(n - (k > 3), "R" + "N" * (k - 2) + "B", moves=rule))
    return found


MEMBERS = _members()


def _table(puzzle: Puzzle, distances: dict[State, int]) -> np.ndarray:
    """The oracle's distances as an array by code (-1 elsewhere)."""
    table = np.full(P.code_space(puzzle), -1, dtype=np.int32)
    for state, d in distances.items():
        table[P.encode(puzzle, state)] = d
    return table


def _layers(distances: dict[State, int]) -> list[int]:
    layers = [0] * (max(distances.values()) + 1)
    for d in distances.values():
        layers[d] += 1
    return layers


@pytest.mark.parametrize("puzzle", MEMBERS, ids=repr)
def test_forwards_and_backwards_in_memory_and_at_two_bits(puzzle):
    states = all_states(puzzle)
    assert len(states) == P.state_count(puzzle) == len(P.legal_codes(puzzle))
    assert sorted(P.encode(puzzle, s) for s in states) == P.legal_codes(puzzle).tolist()
    source = states[len(states) // 3]
    ahead = plain_distances(puzzle, source)
    found = memory.search(puzzle, P.encode(puzzle, source))
    assert np.array_equal(found.distances, _table(puzzle, ahead))
    assert found.layers == _layers(ahead)
    for block_disks in range(puzzle.n + 1):
        result = frontier_search(puzzle, source, block_disks=block_disks, narrow=0)
        assert result.layer_sizes == _layers(ahead)
    target = states[-1]
    behind = plain_distances_to(puzzle, target)
    assert np.array_equal(memory.search(puzzle, P.encode(puzzle, target), reverse=True).distances,
                          _table(puzzle, behind))
    assert np.array_equal(tower_search.distances_to(puzzle, target), _table(puzzle, behind))


@pytest.mark.parametrize("puzzle", MEMBERS, ids=repr)
def test_from_both_ends_as_from_one(puzzle):
    states = all_states(puzzle)
    source = states[len(states) // 2]
    ahead = plain_distances(puzzle, source)
    one_way = memory.search(puzzle, P.encode(puzzle, source)).distances
    for target in states[:: max(1, len(states) // 25)]:
        code = P.encode(puzzle, target)
        both = memory.distance(puzzle, P.encode(puzzle, source), code)  # from both ends when reversible
        expected = ahead.get(target)
        assert both == expected == (None if one_way[code] < 0 else int(one_way[code]))
        assert tower_search.distance(puzzle, source, target) == expected


@pytest.mark.parametrize("puzzle", MEMBERS[::3], ids=repr)
def test_the_moves_of_every_code_are_the_rules(puzzle):
    states = all_states(puzzle)
    codes = np.array([P.encode(puzzle, s) for s in states])
    found = memory.moves(puzzle, codes)
    got = sorted(
        (int(p), (int(d), int(a), int(b)), int(c))
        for p, c, d, a, b in zip(found.parent, found.child, found.disk, found.src, found.dst)
    )
    expected = sorted(
        (i, (m.disk, m.src, m.dst), P.encode(puzzle, puzzle.apply(state, m)))
        for i, state in enumerate(states)
        for m in puzzle.legal_moves(state)
    )
    assert got == expected


@pytest.mark.parametrize("rows", [1, 4, 16])
@pytest.mark.parametrize("puzzle", [MagneticPuzzle(3, "RNNB"), Puzzle(3, posts=5, moves="star"),
                                    MagneticPuzzle(2, "NBNRN", moves="cyclic")], ids=repr)
def test_every_split_of_the_low_digits_agrees(monkeypatch, puzzle, rows):
    source = puzzle.start
    ahead = _table(puzzle, plain_distances(puzzle, source))
    monkeypatch.setattr(P, "_LOW_ROWS", rows)
    P.move_tables.cache_clear()
    try:
        assert np.array_equal(memory.search(puzzle, P.encode(puzzle, source)).distances, ahead)
        for block_disks in range(puzzle.n + 1):
            assert frontier_search(puzzle, block_disks=block_disks, narrow=0).reachable == (ahead >= 0).sum()
    finally:
        P.move_tables.cache_clear()


@st.composite
def _one_way(draw: st.DrawFn) -> tuple[Puzzle, State, State]:
    """A member with a random set of allowed moves (most of them one way), and two of its positions."""
    puzzle = draw(one_way_members({3: 4, 4: 3, 5: 2}))
    states = all_states(puzzle)
    return puzzle, draw(st.sampled_from(states)), draw(st.sampled_from(states))


@settings(max_examples=examples(60), deadline=None)
@given(_one_way())
def test_random_one_way_move_sets_agree_with_the_oracle(member):
    puzzle, source, target = member
    ahead = plain_distances(puzzle, source)
    found = memory.search(puzzle, P.encode(puzzle, source))
    assert np.array_equal(found.distances, _table(puzzle, ahead))
    assert memory.distance(puzzle, P.encode(puzzle, source), P.encode(puzzle, target)) == ahead.get(target)
    behind = _table(puzzle, plain_distances_to(puzzle, target))
    assert np.array_equal(memory.search(puzzle, P.encode(puzzle, target), reverse=True).distances, behind)
    assert frontier_search(puzzle, source, block_disks=1, narrow=0).layer_sizes == _layers(ahead)


@st.composite
def _four_posts(draw: st.DrawFn) -> tuple[Puzzle, int, int]:
    """A tower without faces on 4 posts with a random set of allowed moves (the kernels take its codes 16 at a time),
    a number of block disks and a source."""
    pairs = [(a, b) for a in range(4) for b in range(4) if a != b]
    moves = draw(st.sets(st.sampled_from(pairs), min_size=1))
    n = draw(st.integers(3, 6))
    return Puzzle(n, 4, moves), draw(st.integers(0, n - 2)), draw(st.integers(0, 4**n - 1))


@settings(max_examples=examples(40), deadline=None)
@given(_four_posts())
def test_the_kernels_by_groups_of_codes_agree_with_the_oracle(member):
    puzzle, block_disks, code = member
    assert P.move_tables(puzzle, block_disks).geo[P.GROUP] == 2
    source = P.decode(puzzle, code)
    ahead = plain_distances(puzzle, source)
    assert frontier_search(puzzle, source, block_disks=block_disks, narrow=0).layer_sizes == _layers(ahead)
    assert frontier_search(puzzle, source, block_disks=block_disks, narrow=4).layer_sizes == _layers(ahead)


@settings(max_examples=examples(40), deadline=None)
@given(st.sampled_from(MOVE_RULES), st.integers(1, 6), st.data())
def test_a_search_halved_by_a_mirror_finds_the_distance_of_the_oracle(rule, n, data):
    puzzle = Puzzle(n, posts=4, moves=rule)
    allowed = set(puzzle.moves)
    mirrors = [pi for pi in itertools.permutations(range(4)) if all((pi[b], pi[a]) in allowed for a, b in allowed)]
    pi = data.draw(st.sampled_from(mirrors))  # the identity when every move is reversible
    source = P.decode(puzzle, data.draw(st.integers(0, 4**n - 1)))
    target = State([pi.index(post) for post in source.posts], post_count=4)  # pi takes it to the source
    assert posts_mirror(puzzle, source, target) is not None
    expected = plain_distances(puzzle, source).get(target)
    for narrow in (0, 1 << 16):
        halved = frontier_search(puzzle, source, target, until_target=True, narrow=narrow, block_disks=n // 2)
        whole = frontier_search(puzzle, source, target, until_target=True, narrow=narrow, mirror=False)
        assert halved.distance == whole.distance == expected
        assert len(halved.layer_sizes) <= len(whole.layer_sizes)
