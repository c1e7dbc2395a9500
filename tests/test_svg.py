"""SVG pictures of positions, parsed back with xml.etree: every disk on its post, in order, with both faces."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit.draw.palette import FACE
from hanoikit.svg import state as svg_state

NS = "{http://www.w3.org/2000/svg}"


def _disks(svg: str) -> dict[int, dict[str, float | str]]:
    root = ET.fromstring(svg)
    disks = {}
    for rect in root.iter(f"{NS}rect"):
        if rect.get("class") == "disk":
            disks[int(rect.get("data-disk"))] = {
                "x": float(rect.get("x")) + float(rect.get("width")) / 2,
                "y": float(rect.get("y")),
                "width": float(rect.get("width")),
                "fill": rect.get("fill"),
            }
    return disks


def _posts(svg: str) -> list[tuple[float, str]]:
    root = ET.fromstring(svg)
    posts = [r for r in root.iter(f"{NS}rect") if r.get("class") == "post"]
    return [(float(r.get("x")) + float(r.get("width")) / 2, r.get("fill")) for r in posts]


@given(st.integers(1, 8).flatmap(lambda n: st.lists(st.integers(0, 2), min_size=n, max_size=n)))
def test_classic_disks_sit_on_their_posts_in_order(posts: list[int]) -> None:
    state = hk.State(posts)
    svg = svg_state(state, hk.Puzzle(state.n), size=300)
    root = ET.fromstring(svg)
    assert root.get("width") == "300" and root.find(f"{NS}title").text == str(state)
    disks = _disks(svg)
    centres = [x for x, _ in _posts(svg)]
    assert sorted(disks) == list(range(1, state.n + 1))
    for disk, data in disks.items():
        assert data["x"] == pytest.approx(centres[state.posts[disk - 1]], abs=0.2)
    for stack in state.stacks():
        heights = [disks[d]["y"] for d in stack]
        widths = [disks[d]["width"] for d in stack]
        assert heights == sorted(heights, reverse=True) and widths == sorted(widths, reverse=True)


@given(st.integers(3, hk.MAX_POSTS).flatmap(
    lambda k: st.lists(st.integers(0, k - 1), min_size=1, max_size=8).map(lambda p: hk.State(p, post_count=k))))
def test_disks_sit_on_their_posts_on_any_number_of_posts(state: hk.State) -> None:
    svg = svg_state(state, hk.Puzzle(state.n, posts=state.post_count))
    posts = _posts(svg)
    centres = [x for x, _ in posts]
    assert len(posts) == state.post_count and centres == sorted(centres)
    disks = _disks(svg)
    for disk, data in disks.items():
        assert data["x"] == pytest.approx(centres[state.posts[disk - 1]], abs=0.2)
    gaps = [b - a for a, b in zip(centres, centres[1:])]
    assert all(data["width"] < min(gaps) for data in disks.values())  # neighbouring stacks never overlap
    names = [t.text for t in ET.fromstring(svg).iter(f"{NS}text") if t.get("text-anchor") == "middle"]
    assert list(hk.post_names(state.post_count)) == [name for name in names if not name.isdigit()]


def test_magnetic_disks_show_both_faces_and_posts_their_colour() -> None:
    puzzle = hk.MagneticPuzzle(3, "NRB")
    state = puzzle.start
    for move in puzzle.solve():
        state = puzzle.apply(state, move)
        svg = svg_state(state, puzzle, lastmove=move)
        for disk, data in _disks(svg).items():
            up = state.up(disk)
            assert data["fill"] == f"url(#hanoikit-{up}{hk.flip(up)})"
        root = ET.fromstring(svg)
        gradients = {g.get("id"): [s.get("stop-color") for s in g] for g in root.iter(f"{NS}linearGradient")}
        assert gradients["hanoikit-RB"] == [FACE["R"], FACE["B"]]
        assert [fill for _, fill in _posts(svg)][1:] == [FACE["R"], FACE["B"]]
        moved = [r for r in root.iter(f"{NS}rect") if r.get("data-disk") == str(move.disk)]
        assert moved[0].get("stroke-width") == "2.5"
        assert len([p for p in root.iter(f"{NS}path") if p.get("class") == "lastmove"]) == 1


def test_repr_svg_in_jupyter() -> None:
    svg = hk.State.parse("SID:RBR")._repr_svg_()
    assert ET.fromstring(svg).tag == f"{NS}svg" and len(_disks(svg)) == 3


def test_large_towers_fit() -> None:
    svg = svg_state(hk.State.tower(64), size=400)
    disks = _disks(svg)
    assert len(disks) == 64 and min(d["y"] for d in disks.values()) > 0
    assert 'font-size' in svg and svg.count('class="disk"') == 64


def test_bad_positions_are_refused() -> None:
    with pytest.raises(hk.InvalidStateError):
        svg_state(hk.State.parse("SS:RR"), hk.MagneticPuzzle(2, "BNN"))
