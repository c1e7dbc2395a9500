"""ASCII drawings of positions: every disk where the position says, in the right order, with its colour."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit.text import diagram, disk_text


def _read_back(text: str, n: int, magnetic: bool, posts: int = 3) -> tuple[list[list[int]], list[str | None]]:
    """Recover the stacks (bottom to top) and top colours from a drawing by column."""
    lines = text.splitlines()
    width = 2 * n + (5 if magnetic else 3)
    stacks: list[list[int]] = [[] for _ in range(posts)]
    ups: list[str | None] = [None] * n
    for line in reversed(lines[:-2]):
        for post in range(posts):
            cell = line[post * width : (post + 1) * width].strip()
            if cell.startswith("["):
                inner = cell[1:-1]
                disk = int(inner.strip("=rb"))
                stacks[post].append(disk)
                if magnetic:
                    ups[disk - 1] = inner[0].upper()
                assert len(cell) == 2 * disk + (3 if magnetic else 1)
    return stacks, ups


@given(st.integers(1, 9).flatmap(lambda n: st.lists(st.integers(0, 2), min_size=n, max_size=n)))
def test_classic_diagram_reads_back(posts: list[int]) -> None:
    state = hk.State(posts)
    text = diagram(state, hk.Puzzle(len(posts)))
    stacks, _ = _read_back(text, state.n, magnetic=False)
    assert stacks == [list(s) for s in state.stacks()]
    assert text.splitlines()[-1].split() == ["S", "I", "D"]


@pytest.mark.parametrize("colors", ["NNN", "NRB", "BNR"])
def test_magnetic_diagram_reads_back(colors: str) -> None:
    puzzle = hk.MagneticPuzzle(3, colors)
    state = puzzle.start
    for move in puzzle.solve():
        state = puzzle.apply(state, move)
        stacks, ups = _read_back(diagram(state, puzzle), 3, magnetic=True)
        assert stacks == [list(s) for s in state.stacks()]
        assert tuple(ups) == state.ups
    names = diagram(state, puzzle).splitlines()[-1].split()
    assert names == [p if c == "N" else f"{p}({c})" for p, c in zip("SID", colors)]


@given(st.integers(4, hk.MAX_POSTS).flatmap(lambda k: st.tuples(
    st.just(k), st.lists(st.integers(0, k - 1), min_size=1, max_size=6), st.lists(st.sampled_from("RBN"), min_size=k,
                                                                                   max_size=k))))
def test_diagrams_on_more_posts_read_back(case: tuple[int, list[int], list[str]]) -> None:
    k, posts, colors = case
    puzzle = hk.MagneticPuzzle(len(posts), "".join(colors))
    state = puzzle.random_state(random.Random(len(posts)))
    for drawn, magnetic in ((hk.State(posts, post_count=k), False), (state, True)):
        text = diagram(drawn, puzzle if magnetic else None)
        stacks, ups = _read_back(text, drawn.n, magnetic, k)
        assert stacks == [list(s) for s in drawn.stacks()]
        assert ups == list(drawn.ups or [None] * drawn.n)
    names = text.splitlines()[-1].split()
    assert names == [p if c == "N" else f"{p}({c})" for p, c in zip(hk.post_names(k), colors)]


def test_disk_text() -> None:
    assert [disk_text(d) for d in (1, 2, 10)] == ["[1]", "[=2=]", "[=========10========]"]
    assert disk_text(2, "R") == "[rr2rr]"


def test_diagram_checks_the_position_against_the_puzzle() -> None:
    with pytest.raises(hk.InvalidStateError):
        diagram(hk.State.parse("SS:RB"), hk.MagneticPuzzle(2))
    with pytest.raises(hk.InvalidStateError):
        diagram(hk.State.parse("SS"), hk.Puzzle(3))
