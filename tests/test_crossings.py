"""Colour crossings (seed 000): the vectorised trace against a move-by-move replay, Table 10 cell for cell."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import MagneticPuzzle, Move, levy
from hanoikit.analysis import Crossing, color_crossings, color_trace, crossing_spans, streamed_crossings
from hanoikit.movearray import MoveArray, regroup
from hanoikit.report.levy import TABLE_10, table10
from oracle import legal_walk

SIGN = {"R": 1, "B": -1, None: 0}


def replayed_trace(puzzle: MagneticPuzzle, moves: list[Move], state: hk.State | None = None) -> np.ndarray:
    """The oracle: apply each move and ask the puzzle for each post's colour."""
    state = puzzle.start if state is None else state
    rows = [[SIGN[puzzle.post_color(state, p)] for p in range(puzzle.posts)]]
    for move in moves:
        state = puzzle.apply(state, move)
        rows.append([SIGN[puzzle.post_color(state, p)] for p in range(puzzle.posts)])
    return np.array(rows)


def replayed_crossings(trace: np.ndarray) -> tuple[int, ...]:
    """The definition read literally: a colour, then neutral for one move or more, then the opposite colour."""
    counts = []
    for column in trace.T:
        runs = [int(v) for k, v in enumerate(column) if k == 0 or v != column[k - 1]]
        counts.append(sum(1 for a, b, c in zip(runs, runs[1:], runs[2:]) if b == 0 and a == -c != 0))
    return tuple(counts)


@st.composite
def walks(draw):
    """A random legal walk on a random colouring, from a random legal position."""
    colors = draw(st.sampled_from([v for v in hk.VARIANTS]))
    n = draw(st.integers(1, 6))
    puzzle = MagneticPuzzle(n, colors, start_up=colors[0] if colors[0] != "N" else None)
    where = draw(st.lists(st.integers(0, 2), min_size=n, max_size=n))
    shows = [c if c != "N" else draw(st.sampled_from("RB")) for c in colors]
    state = hk.State(where, [shows[p] for p in where])
    _, moves = legal_walk(puzzle, state, draw(st.integers(0, 80)), lambda legal: draw(st.sampled_from(legal)))
    return puzzle, state, moves


@st.composite
def member_walks(draw):
    """A random legal walk on a magnetic member of the family: 3 to 5 posts, any colours, a named move rule, from a
    random legal position."""
    k = draw(st.integers(3, 5))
    colors = "".join(draw(st.lists(st.sampled_from("RBN"), min_size=k, max_size=k)))
    rule = draw(st.sampled_from(hk.MOVE_RULES))
    puzzle = MagneticPuzzle(draw(st.integers(1, 4)), colors, start_up=colors[0] if colors[0] != "N" else None,
                            moves=rule)
    state = puzzle.random_state(random.Random(draw(st.integers(0, 2**32))))
    _, moves = legal_walk(puzzle, state, draw(st.integers(0, 40)), lambda legal: draw(st.sampled_from(legal)))
    return puzzle, state, moves


@given(st.one_of(walks(), member_walks()))
def test_trace_matches_a_move_by_move_replay(walk) -> None:
    puzzle, start, moves = walk
    trace = color_trace(puzzle, moves, start)
    assert trace.dtype == np.int8 and trace.shape == (len(moves) + 1, puzzle.posts)
    assert (trace == replayed_trace(puzzle, moves, start)).all()
    assert color_crossings(puzzle, moves, start) == replayed_crossings(trace)


@given(st.one_of(walks(), member_walks()), st.data())
def test_an_illegal_move_is_reported_as_play_reports_it(walk, data) -> None:
    puzzle, start, moves = walk
    k = data.draw(st.integers(0, len(moves)))
    post = st.integers(0, puzzle.posts)  # one past the last post too
    bad = Move(data.draw(st.integers(0, puzzle.n + 1)), data.draw(post), data.draw(post))
    sequence = moves[:k] + [bad] + moves[k:]
    try:
        puzzle.play(sequence, start)
        expected = None
    except hk.IllegalMoveError as error:
        expected = str(error)
    if expected is None:
        color_trace(puzzle, sequence, start)
    else:
        with pytest.raises(hk.IllegalMoveError) as raised:
            color_trace(puzzle, sequence, start)
        assert str(raised.value) == expected


@pytest.mark.parametrize("name", list(levy.ALGORITHMS))
def test_the_published_algorithms_trace_like_the_replay(name: str) -> None:
    for n in range(1, 7):
        puzzle = levy.get(name).puzzle(n)
        moves = list(levy.solution(name, n))
        assert (color_trace(puzzle, moves) == replayed_trace(puzzle, moves)).all()


def test_moves_may_come_as_arrays_blocks_or_moves() -> None:
    puzzle = MagneticPuzzle(6)
    as_list = list(levy.solution("62", 6))
    block = next(levy.blocks("62", 6))
    expected = color_trace(puzzle, as_list)
    assert (color_trace(puzzle, levy.solution_array("62", 6)) == expected).all()
    assert (color_trace(puzzle, block) == expected).all()
    assert color_trace(puzzle, []).tolist() == [[1, 0, 0]]


def test_table_10_cell_for_cell() -> None:
    computed = table10(8)
    assert list(computed) == list(TABLE_10)
    for row, published in TABLE_10.items():
        assert tuple(computed[row]) == published, row


def test_table_10_extends() -> None:
    rows = table10(10)
    # The patterns visible in the published table continue.
    assert rows["67-Down-I"] == rows["67-Down-D"] == [0, 0] + list(range(1, 9))
    assert rows["67-Up-D"] == [0] * 10 and rows["67-Down-S"] == [0] * 10
    assert all(t62 > t67 for t62, t67 in zip(rows["62-total"][3:], rows["67-Down-total"][3:]))


def test_crossings_of_the_figures() -> None:
    # Figure 13C: "67-Down", n = 3, crosses D in moves 3-5 and I in moves 7-9 (the text names them the other way).
    spans = crossing_spans(color_trace(MagneticPuzzle(3), levy.solution_array("67-down", 3)))
    assert spans == [Crossing(post=2, leave=4, start=5, color=-1), Crossing(post=1, leave=8, start=9, color=1)]
    # Figure 14B: "62", n = 5, adds the Source-post crossings of moves 71-73 and 74-76.
    spans = crossing_spans(color_trace(MagneticPuzzle(5), levy.solution_array("62", 5)))
    assert [(c.leave - 1, c.start) for c in spans if c.post == 0] == [(71, 73), (74, 76)]
    # Figure 13A/B: "100" never crosses, on RBB or on the free tower.
    for colors in ("RBB", "NNN"):
        assert color_crossings(MagneticPuzzle(7, colors), levy.solution_array("100", 7)) == (0, 0, 0)


def test_classic_puzzles_have_no_colours() -> None:
    with pytest.raises(hk.InvalidPuzzleError):
        color_trace(hk.Puzzle(3), [Move(1, 0, 2)])
    with pytest.raises(hk.IllegalMoveError):
        color_trace(MagneticPuzzle(3), np.zeros((2, 4), int))


def test_long_sequences_are_fast() -> None:
    moves = levy.solution_array("62", 12)
    trace = color_trace(MagneticPuzzle(12), moves)
    assert trace.shape == (levy.counts("62", 12) + 1, 3)
    assert color_crossings(MagneticPuzzle(12), moves) == (8, 26, 10)


def test_charts_have_a_strip_per_post() -> None:
    from hanoikit.draw.crossings import Panel, draw_panels

    puzzle = MagneticPuzzle(3, "NBNN", moves="linear")
    moves = list(puzzle.solve())
    figure = draw_panels([Panel("A", "four posts", color_trace(puzzle, moves))])
    labels = [tick.get_text() for tick in figure.axes[0].get_yticklabels()]
    assert labels == ["blue", "S", "red", "blue", "I", "red", "blue", "J", "red", "blue", "D", "red"]


@given(st.one_of(walks(), member_walks()), st.lists(st.integers(1, 9), min_size=1, max_size=12))
def test_streamed_in_parts_as_the_whole_trace(walk, sizes) -> None:
    """Cut anywhere, including between a post's colour and its return through neutral: the same counts as the
    literal definition on the whole trace."""
    puzzle, start, moves = walk
    parts, at = [], 0
    while at < len(moves):
        size = sizes[len(parts) % len(sizes)]
        parts.append(MoveArray.of(moves[at : at + size], puzzle.n))
        at += size
    seen: list[int] = []
    counted = streamed_crossings(puzzle, iter(parts), start, progress=seen.append)
    assert counted == replayed_crossings(replayed_trace(puzzle, moves, start))
    assert seen == [part.size for part in parts]


def test_streamed_crossings_keep_memory_to_one_part() -> None:
    """The counts of a long tower in small parts need the memory of a part, not of the whole trace (numpy reports
    its buffers to tracemalloc)."""
    import tracemalloc

    puzzle = MagneticPuzzle(11)
    whole = levy.solution_array("62", 11)
    expected = color_crossings(puzzle, whole)
    del whole
    tracemalloc.start()
    try:
        counted = streamed_crossings(puzzle, regroup(levy.blocks("62", 11), 1 << 10, 11))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert counted == expected
    assert levy.counts("62", 11) > 50_000 and peak < 4_000_000  # the whole trace's work arrays take some 10 MB
