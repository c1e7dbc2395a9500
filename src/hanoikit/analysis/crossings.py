"""Colour crossings (Levy, seed 000, section "Color-Crossings"): the colour each post shows, move by move.

A post shows the top face of its top disk, or its own colour when it is empty: +1 red, 0 neutral, -1 blue. A *colour
crossing* is a post going from one colour, through neutral (for one move or more), to the opposite colour.

The trace is computed with numpy for the whole sequence at once (a stack per post, matched by levels), so millions of
moves take about a second; the moves are checked against the rules on the way. :func:`streamed_crossings` counts the
crossings of a stream of move arrays one array at a time, in memory bounded by the largest array.

>>> import hanoikit as hk
>>> moves = list(hk.levy.solution("67-down", 3))
>>> color_trace(hk.MagneticPuzzle(3), moves)[:4].tolist()
[[1, 0, 0], [1, -1, 0], [1, 0, 1], [1, -1, 1]]
>>> color_crossings(hk.MagneticPuzzle(3), moves)
(0, 1, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

import numpy as np

from ..errors import IllegalMoveError, InvalidPuzzleError
from ..move import Move
from ..movearray import MoveArray
from ..puzzle import Puzzle
from ..state import State, flip

__all__ = ["Crossing", "color_trace", "color_crossings", "crossing_spans", "streamed_crossings"]

_SIGN = {"R": 1, "B": -1, None: 0}
_LETTER = {1: "R", -1: "B"}


class Crossing(NamedTuple):
    """A colour crossing of ``post``: it shows ``color`` from move ``start`` on (after the ``start``-th move),
    having shown the opposite colour until move ``leave``, and neutral in between."""

    post: int
    leave: int
    start: int
    color: int


def _as_array(moves: Iterable[Move] | MoveArray | np.ndarray) -> np.ndarray:
    if isinstance(moves, np.ndarray):
        array = moves
    elif isinstance(moves, MoveArray):
        array = moves.rows()
    else:
        array = np.array([tuple(m) for m in moves], dtype=np.int64).reshape(-1, 3)
    if array.ndim != 2 or array.shape[1] != 3:
        raise IllegalMoveError(f"moves must be rows (disk, src, dst); got an array of shape {array.shape}")
    return array.astype(np.int64, copy=False)


def color_trace(
    puzzle: Puzzle, moves: Iterable[Move] | MoveArray | np.ndarray, state: State | None = None
) -> np.ndarray:
    """The colour of each post (S, I, D on three posts) at the start and after every move: +1 red, 0 neutral, -1 blue.

    Parameters
    ----------
    puzzle : MagneticPuzzle
        The tower; its post colours count when a post is empty.
    moves : iterable of Move, a MoveArray, or an ``(m, 3)`` integer array of rows ``(disk, src, dst)``
        A legal sequence from ``state``.
    state : State, optional
        Where the moves start (default: the puzzle's start).

    Returns
    -------
    numpy.ndarray
        Shape ``(m + 1, posts)``, dtype int8; row ``k`` is after the ``k``-th move.

    Raises
    ------
    IllegalMoveError
        Naming the first move that breaks the rules, as :meth:`Puzzle.play` would.
    InvalidPuzzleError
        For a puzzle whose disks have no faces (:attr:`Puzzle.faces`): no post ever shows a colour.

    >>> import hanoikit as hk
    >>> color_trace(hk.MagneticPuzzle(1, "RNB"), [hk.Move(1, 0, 2)]).tolist()
    [[1, 0, -1], [1, 0, -1]]
    """
    if not puzzle.faces:
        raise InvalidPuzzleError(f"colour traces need disks with coloured faces (a magnetic tower), not {puzzle!r}")
    state = puzzle.check(puzzle.start if state is None else state)
    array = _as_array(moves)
    n, m, k = puzzle.n, len(array), puzzle.posts
    disk, src, dst = array[:, 0], array[:, 1], array[:, 2]
    allowed = np.zeros((k, k), bool)
    allowed[tuple(np.array(sorted(puzzle.moves)).T)] = True
    bad = (disk < 1) | (disk > n) | (src < 0) | (src >= k) | (dst < 0) | (dst >= k)
    disk = np.where(bad, 1, disk)
    src, dst = np.where(bad, 0, src), np.where(bad, 1, dst)
    bad |= ~allowed[src, dst]  # also a move from a post to itself

    # The face each disk shows after each of its moves: its first face, flipped once per move so far.
    start_face = np.array([_SIGN[up] for up in state.ups or ()], np.int8)  # a checked position has its faces
    order, group = _groups(disk)
    odd = np.empty(m, bool)
    odd[order] = (np.arange(m) - group) % 2 == 0
    face_after = np.where(odd, -start_face[disk - 1], start_face[disk - 1]).astype(np.int8)

    own = np.array([_SIGN[None if c == "N" else c] for c in puzzle.colors], np.int8)
    stacks = state.stacks()
    trace = np.empty((m + 1, k), np.int8)
    top_before = np.zeros((m, 2), np.int64)  # top disk of src and of dst before each move (0: empty)
    color_before_dst = np.zeros(m, np.int8)
    for post in range(k):
        initial = np.array(stacks[post], np.int64)  # bottom to top
        initial_color = start_face[initial[-1] - 1] if initial.size else own[post]
        times = np.flatnonzero((src == post) | (dst == post))
        if times.size == 0:
            trace[:, post] = initial_color
            continue
        push = dst[times] == post
        level = initial.size + np.cumsum(np.where(push, 1, -1))  # the height of the post after each event
        last = _last_push_at_level(level, push)
        pushed = last >= 0
        source = times[np.maximum(last, 0)]  # the move that brought the top disk, where ``pushed``
        from_start = initial[np.clip(level, 1, max(initial.size, 1)) - 1] if initial.size else np.zeros_like(level)
        top = np.select([level < 0, level == 0, pushed], [-1, 0, disk[source]], from_start)  # -1: popped nothing
        color = np.select(
            [level <= 0, pushed], [own[post], face_after[source]], start_face[np.maximum(top, 1) - 1]
        ).astype(np.int8)
        # Forward-fill each event's colour over the moves that do not touch this post.
        which = np.full(m + 1, -1, np.int64)
        which[times + 1] = np.arange(times.size)
        which = np.maximum.accumulate(which)
        trace[:, post] = np.where(which >= 0, color[np.maximum(which, 0)], initial_color)
        first_top = initial[-1] if initial.size else 0
        before = np.concatenate(([first_top], top[:-1]))
        before_color = np.concatenate(([initial_color], color[:-1])).astype(np.int8)
        top_before[times[~push], 0] = before[~push]
        top_before[times[push], 1] = before[push]
        color_before_dst[times[push]] = before_color[push]

    # A move is legal when the disk is on top of its post, lands on a larger disk or an empty post, and the face it
    # turns down (the one it showed) differs from the colour the destination shows.
    shown_before = -face_after
    bad |= top_before[:, 0] != disk
    bad |= (top_before[:, 1] != 0) & (top_before[:, 1] < disk)
    bad |= color_before_dst == shown_before
    if bad.any():
        _raise_first(puzzle, state, array, int(np.argmax(bad)))
    return trace


def _groups(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A stable order sorting ``keys`` and, for each sorted place, where its run of equal keys begins."""
    small = keys.astype(np.int16) if keys.size and -(2**15) <= keys.min() and keys.max() < 2**15 else keys
    order = np.argsort(small, kind="stable")  # a radix sort for 16-bit keys
    ranked = small[order]
    starts = np.zeros(keys.size, np.int64)
    boundary = np.flatnonzero(ranked[1:] != ranked[:-1]) + 1
    starts[boundary] = boundary
    return order, np.maximum.accumulate(starts) if keys.size else starts


def _last_push_at_level(level: np.ndarray, push: np.ndarray) -> np.ndarray:
    """For each event on one post (in time order), the index of the latest push up to it that reached the height the
    post has after it, or -1: that push brought the disk now on top (a later one would have covered it, a pop below
    it would have removed it). Without such a push the top is a disk of the first position, or the post is empty."""
    k = level.size
    by_level, group = _groups(level)
    marks = np.where(push[by_level], by_level, -1)
    # A running maximum over the events sorted by height then time, restarted at each height by lifting every
    # height's values above all those of the heights before it.
    offset = group * (k + 1)
    latest = np.maximum.accumulate(np.where(marks >= 0, marks + offset + 1, offset)) - offset - 1
    last = np.empty(k, np.int64)
    last[by_level] = latest
    return last


def _raise_first(puzzle: Puzzle, state: State, array: np.ndarray, index: int) -> None:
    """Raise the error :meth:`Puzzle.play` gives for move ``index``, from the position the moves before it reach."""
    posts, ups = list(state.posts), list(state.ups or ())  # a checked position has its faces
    for disk, _, dst in array[:index].tolist():
        posts[disk - 1] = dst
        ups[disk - 1] = "B" if ups[disk - 1] == "R" else "R"
    before = State(posts, ups, puzzle.posts)
    move = Move(*(int(x) for x in array[index]))
    reason = puzzle.move_error(before, move) or "it breaks the rules"
    raise IllegalMoveError(f"move {index} ({move.notation(puzzle.posts)}) is illegal in {before}: {reason}")


def crossing_spans(trace: np.ndarray) -> list[Crossing]:
    """The colour crossings in a trace, in order of arrival.

    >>> import numpy as np
    >>> crossing_spans(np.array([[1, 0, 0], [0, 0, 0], [0, 0, 0], [-1, 0, 0], [0, 0, 0], [-1, 0, 0]]))
    [Crossing(post=0, leave=1, start=3, color=-1)]
    """
    found = []
    for post in range(trace.shape[1]):
        column = trace[:, post]
        shown = np.flatnonzero(column)
        values = column[shown]
        crossed = np.flatnonzero((values[1:] != values[:-1]) & (np.diff(shown) > 1)) + 1
        found += [Crossing(post, int(shown[j - 1]) + 1, int(shown[j]), int(values[j])) for j in crossed]
    return sorted(found, key=lambda c: (c.start, c.post))


def color_crossings(
    puzzle: Puzzle, moves: Iterable[Move] | MoveArray | np.ndarray, state: State | None = None
) -> tuple[int, ...]:
    """How many colour crossings each post (S, I, D on three posts) makes during ``moves``.

    >>> import hanoikit as hk
    >>> color_crossings(hk.MagneticPuzzle(5), hk.levy.solution_array("62", 5))
    (2, 3, 3)
    """
    return streamed_crossings(puzzle, [_as_array(moves)], state)


def streamed_crossings(
    puzzle: Puzzle,
    parts: Iterable[MoveArray | np.ndarray],
    state: State | None = None,
    progress: Callable[[int], None] | None = None,
) -> tuple[int, ...]:
    """How many colour crossings each post makes during the moves of ``parts`` (move arrays, played one after the
    other from ``state``), traced one part at a time: memory is bounded by the largest part, whatever the number of
    moves. ``progress(moves)`` is called after each part with the number of its moves.

    The same counts as :func:`crossing_spans` of the whole trace: each post carries its last colour shown, and where,
    from one part to the next.

    >>> import hanoikit as hk
    >>> from hanoikit.movearray import regroup
    >>> parts = regroup(hk.levy.blocks("62", 5), 7, 5)  # 83 moves in parts of 7
    >>> streamed_crossings(hk.MagneticPuzzle(5), parts)
    (2, 3, 3)
    """
    k = puzzle.posts
    state = puzzle.check(puzzle.start if state is None else state)
    counts = [0] * k
    last_at, last_color = [-1] * k, [0] * k  # the last row (a global index) where each post showed a colour
    offset = 0  # the global index of a part's row 0, the position before its first move
    for number, part in enumerate(parts):
        array = _as_array(part)
        trace = color_trace(puzzle, array, state)
        skip = 0 if number == 0 else 1  # row 0 repeats the last row of the part before
        for post in range(k):
            column = trace[skip:, post]
            shown = np.flatnonzero(column)
            at, colors = shown + offset + skip, column[shown].astype(np.int64)
            if last_at[post] >= 0:
                at, colors = np.concatenate(([last_at[post]], at)), np.concatenate(([last_color[post]], colors))
            counts[post] += int(np.count_nonzero((colors[1:] != colors[:-1]) & (np.diff(at) > 1)))
            if shown.size:
                last_at[post], last_color[post] = int(at[-1]), int(colors[-1])
        offset += len(array)
        state = _after(puzzle, state, array)
        if progress is not None:
            progress(len(array))
    return tuple(counts)


def _after(puzzle: Puzzle, state: State, array: np.ndarray) -> State:
    """The position after the legal moves ``array`` (rows ``(disk, src, dst)``) from ``state``: each disk on the post
    of its last move, turned over once per move."""
    if not len(array):
        return state
    disk, dst = array[:, 0], array[:, 2]
    posts = np.array(state.posts, np.int64)
    moved, last = np.unique(disk[::-1], return_index=True)  # the first in reverse: the last move of each disk
    posts[moved - 1] = dst[::-1][last]
    turned = np.bincount(disk, minlength=puzzle.n + 1)[1:] % 2
    ups = [flip(up) if odd else up for up, odd in zip(state.ups or (), turned.tolist())]
    return State(posts.tolist(), ups, puzzle.posts)
