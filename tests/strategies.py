"""Hypothesis strategies shared by the tests."""

from __future__ import annotations

import os

from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import MagneticPuzzle, Puzzle


@st.composite
def one_way_members(draw: st.DrawFn, disks: dict[int, int]) -> Puzzle:
    """A member of the family on ``k`` posts (a key of ``disks``) with up to ``disks[k]`` disks and a random set of
    allowed moves (most of them one way), classic or magnetic with random post colours."""
    posts = draw(st.sampled_from(sorted(disks)))
    pairs = [(a, b) for a in range(posts) for b in range(posts) if a != b]
    moves = draw(st.sets(st.sampled_from(pairs), min_size=1))
    n = draw(st.integers(1, disks[posts]))
    if not draw(st.booleans()):
        return Puzzle(n, posts, moves)
    colors = "".join(draw(st.lists(st.sampled_from("NRB"), min_size=posts, max_size=posts)))
    try:
        return MagneticPuzzle(n, colors, moves=moves)
    except hk.InvalidPuzzleError:
        return MagneticPuzzle(n, "N" * posts, moves=moves)


def examples(budget: int) -> int:
    """The ``max_examples`` of a test that sets its own: ``budget``, or twenty times it up to 2,000 (never less than
    ``budget``) under the deep profile (``HANOIKIT_HYPOTHESIS=deep``, tests/conftest.py), whose own
    ``max_examples`` an explicit setting would otherwise override."""
    if os.environ.get("HANOIKIT_HYPOTHESIS") == "deep":
        return max(budget, min(20 * budget, 2000))
    return budget
