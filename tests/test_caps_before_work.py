"""Caps before the work (issue 35, finding 7): a request whose search would outgrow the caps is refused before any
search starts, and the tables of counts stop, saying so, where the next count would need such a search.

The searches are replaced by a stand-in that fails the test if it is called above a cap, so that the tests check
*that* the refusal comes first, not how long it takes.
"""

from __future__ import annotations

import itertools

import pytest

import hanoikit as hk
from clirun import run
from hanoikit import MagneticPuzzle, Puzzle
from hanoikit.generate import check_sizes, heuristic_disks
from hanoikit.limits import (
    MAX_COUNT_SEARCH_CODES,
    MAX_GENERATE_HEURISTIC_DISKS,
    MAX_HEURISTIC_DISKS,
    MAX_HEURISTIC_MAGNETIC_FOUR_POST_DISKS,
    MAX_HEURISTIC_NNNN_DISKS,
    MAX_HEURISTIC_WIDE_CODES,
    MAX_POSTS,
    MAX_SEARCH_POSITIONS,
)
from hanoikit.solvers import heuristic, tower_search

RULES = ["any", "cyclic", "linear", "star"]


def member(posts: int, rule: str, faces: bool, n: int) -> Puzzle:
    return MagneticPuzzle(n, "N" * posts, moves=rule) if faces else Puzzle(n, posts=posts, moves=rule)


@pytest.fixture
def no_search(monkeypatch: pytest.MonkeyPatch) -> list[Puzzle]:
    """The heuristic search replaced by a stand-in that records its puzzles and fails above the cap."""
    searched: list[Puzzle] = []

    def search(puzzle: Puzzle, *args: object, **kwargs: object) -> heuristic.SearchStats:
        searched.append(puzzle)
        raise AssertionError(f"searched {puzzle!r}, above its cap of {heuristic.disk_cap(puzzle)} disks")

    monkeypatch.setattr(heuristic, "search", search)
    return searched


@pytest.mark.parametrize("posts", range(4, MAX_POSTS + 1))
@pytest.mark.parametrize("faces", [False, True])
def test_the_disk_cap_keeps_the_positions_of_wide_members_within_their_cap(posts: int, faces: bool) -> None:
    """Five posts with restricted moves and six or more: the cap on disks follows the positions, posts**n (times
    2**posts with faces), not the disks alone (ten posts with 8 disks were taken on: 10**8 positions)."""
    for rule in RULES:
        puzzle = member(posts, rule, faces, 1)
        cap = heuristic.disk_cap(puzzle)
        assert 1 <= cap <= MAX_HEURISTIC_DISKS[min(posts, 6), faces] or (posts, rule) == (4, "any")
        wide = posts >= 6 or (posts == 5 and rule != "any")
        if wide:
            assert tower_search.code_space(member(posts, rule, faces, cap)) <= MAX_HEURISTIC_WIDE_CODES
            beyond = tower_search.code_space(member(posts, rule, faces, cap + 1))
            assert beyond > MAX_HEURISTIC_WIDE_CODES or cap == MAX_HEURISTIC_DISKS[min(posts, 6), faces]
    assert heuristic.disk_cap(Puzzle(1, posts=10, moves="cyclic")) == 5  # 10**5 positions; 10**6 above the cap
    assert heuristic.disk_cap(MagneticPuzzle(1, "RBNN")) == MAX_HEURISTIC_MAGNETIC_FOUR_POST_DISKS == 13
    assert heuristic.disk_cap(MagneticPuzzle(1, "NNNN")) == MAX_HEURISTIC_NNNN_DISKS  # from both ends


@pytest.mark.parametrize(
    "make",
    [
        lambda n: Puzzle(n, posts=10, moves="cyclic"),
        lambda n: MagneticPuzzle(n, "N" * 10),
        lambda n: Puzzle(n, posts=5, moves="cyclic"),
        lambda n: MagneticPuzzle(n, "NNNN"),
        lambda n: MagneticPuzzle(n, "RNBN", moves="linear"),
        lambda n: Puzzle(n, posts=7, moves="star"),
    ],
)
def test_one_disk_above_the_cap_is_refused_before_any_search(make, no_search: list[Puzzle]) -> None:
    """``MagneticPuzzle(14, 'NNNN').distance(a, b)`` searched for 70 s and then raised TooLargeError; ten posts with
    cyclic moves searched for minutes: now the puzzle one disk above the cap is refused before the search."""
    cap = heuristic.disk_cap(make(1))
    puzzle = make(cap + 1)
    a = puzzle.start.replace(1, puzzle.posts - 2)  # not a tower: only a search answers
    with pytest.raises(hk.TooLargeError, match=f"at most {cap}"):
        puzzle.distance(a, puzzle.goal)
    with pytest.raises(hk.TooLargeError, match=f"at most {cap}"):
        next(iter(puzzle.solve(a, puzzle.goal)))
    assert no_search == []


@pytest.mark.parametrize(
    "args",
    [
        ["--moves", "cyclic", "--posts", "10"],  # 28-38 s and 2 GB before
        ["--moves", "cyclic", "--posts", "10", "--upto", "2000"],  # 115 s
        ["--posts", "10", "--magnetic", "N" * 10, "--upto", "2000"],  # ran on
        ["--posts", "5", "--moves", "cyclic", "--upto", "2000"],
        ["--posts", "7", "--moves", "star", "--upto", "2000"],
        ["--magnetic", "NNNN", "--upto", "2000"],
    ],
)
def test_count_stops_at_the_caps_and_says_so(args: list[str], capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """``hanoi count`` on a member without a formula: it asks the heuristic search only within its caps (the
    stand-in answers 0: the counts themselves are tested against the oracle elsewhere), shows every count up to the
    first that no search takes on, and says where it stopped."""
    asked: list[Puzzle] = []

    def distance(puzzle: Puzzle, a: object, b: object) -> int:
        heuristic.check_size(puzzle)
        asked.append(puzzle)
        return 0

    monkeypatch.setattr(heuristic, "distance", distance)
    status, out, err = run(["count", *args], capsys)
    rows = [line for line in out.splitlines() if line.startswith("│")]
    upto = int(args[args.index("--upto") + 1]) if "--upto" in args else 12
    expected = 0
    while expected < upto:
        puzzle = make_member(args, expected + 1)
        searched = tower_search.code_space(puzzle) > MAX_SEARCH_POSITIONS
        if searched and (expected + 1 > heuristic.disk_cap(puzzle) or
                         tower_search.code_space(puzzle) > MAX_COUNT_SEARCH_CODES):
            break
        expected += 1
    assert status == 0 and err == "" and len(rows) == expected < upto
    assert f"stops at n = {expected}" in " ".join(out.split())
    assert all(p.n <= heuristic.disk_cap(p) and tower_search.code_space(p) <= MAX_COUNT_SEARCH_CODES for p in asked)
    if args == ["--magnetic", "NNNN", "--upto", "2000"]:
        assert expected == 9  # 4**9 * 16 positions; 13 searched tower to tower took more than 20 s in all


def make_member(args: list[str], n: int) -> Puzzle:
    posts = int(args[args.index("--posts") + 1]) if "--posts" in args else None
    moves = args[args.index("--moves") + 1] if "--moves" in args else "any"
    if "--magnetic" in args:
        return MagneticPuzzle(n, args[args.index("--magnetic") + 1], moves=moves)
    return Puzzle(n, posts=posts or 3, moves=moves)


def test_generated_instances_on_many_posts_stay_within_the_search_caps() -> None:
    """``hanoi generate --family cyclic10 --disks 8..8 --start random`` took the six-post cap (8 disks) on ten
    posts."""
    for family, posts in itertools.product(["posts", "cyclic", "star"], range(6, MAX_POSTS + 1)):
        puzzle = Puzzle(1, posts=posts, moves={"posts": "any"}.get(family, family))
        cap = heuristic_disks(puzzle)
        assert cap <= min(MAX_GENERATE_HEURISTIC_DISKS[6, False], heuristic.disk_cap(puzzle))
        with pytest.raises(hk.TooLargeError, match=f"--disks up to {cap} for it"):
            check_sizes([f"{family}{posts}"], (1, cap + 1), "random")


@pytest.mark.parametrize("command", ["distance", "solve", "check", "count"])
def test_help_quotes_the_cap_on_positions(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run([command, "--help"], capsys)
    text = " ".join(out.split())
    assert status == 0 and f"six or more: {'' if command == 'count' else 'at most '}" in text
    assert f"{MAX_HEURISTIC_WIDE_CODES:,} positions" in text


def test_a_drawing_of_a_graph_is_capped_before_the_graph_is_built(tmp_path, capsys: pytest.CaptureFixture[str],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """``hanoi graph 10 --out g.svg`` (59,049 positions) took 31 s of processor time to draw; a drawing of
    MAX_GRAPH_NODES would take minutes: above MAX_DRAWN_GRAPH_NODES a drawing is refused before the graph is built
    (.dot and .graphml still take up to MAX_GRAPH_NODES)."""
    from hanoikit import graph as graphs
    from hanoikit.limits import MAX_DRAWN_GRAPH_NODES, MAX_GRAPH_NODES

    assert 3**10 <= MAX_DRAWN_GRAPH_NODES < 4**8 <= MAX_GRAPH_NODES
    built: list[Puzzle] = []
    original = graphs.state_graph

    def state_graph(puzzle: Puzzle, *args: object, **kwargs: object) -> object:
        result = original(puzzle, *args, **kwargs)  # type: ignore[arg-type]
        built.append(puzzle)
        return result

    monkeypatch.setattr(graphs, "state_graph", state_graph)
    status, out, err = run(["graph", "8", "--posts", "4", "--out", str(tmp_path / "g.svg")], capsys)
    assert status == 2 and out == "" and f"up to {MAX_DRAWN_GRAPH_NODES:,} positions" in err
    assert err.count("\n") == 1 and built == [] and not (tmp_path / "g.svg").exists()
    with pytest.raises(hk.TooLargeError, match="65,536 positions"):
        original(Puzzle(8, posts=4), max_nodes=MAX_DRAWN_GRAPH_NODES)


@pytest.mark.parametrize("command", ["graph"])
def test_graph_help_quotes_the_drawing_cap(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    from hanoikit.limits import MAX_DRAWN_GRAPH_NODES

    status, out, _ = run([command, "--help"], capsys)
    assert status == 0 and f"more than {MAX_DRAWN_GRAPH_NODES:,} before a drawing" in " ".join(out.split())
