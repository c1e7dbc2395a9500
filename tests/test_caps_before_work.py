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
    MAX_GENERATE_HEURISTIC_DISKS,
    MAX_HEURISTIC_DISKS,
    MAX_HEURISTIC_MAGNETIC_FOUR_POST_DISKS,
    MAX_HEURISTIC_WIDE_CODES,
    MAX_POSTS,
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
        assert 1 <= cap <= MAX_HEURISTIC_DISKS[min(posts, 6), faces] or (posts, rule, faces) == (4, "any", False)
        wide = posts >= 6 or (posts == 5 and rule != "any")
        if wide:
            assert tower_search.code_space(member(posts, rule, faces, cap)) <= MAX_HEURISTIC_WIDE_CODES
            beyond = tower_search.code_space(member(posts, rule, faces, cap + 1))
            assert beyond > MAX_HEURISTIC_WIDE_CODES or cap == MAX_HEURISTIC_DISKS[min(posts, 6), faces]
    assert heuristic.disk_cap(Puzzle(1, posts=10, moves="cyclic")) == 5  # 10**5 positions; 10**6 above the cap
    assert heuristic.disk_cap(MagneticPuzzle(1, "NNNN")) == MAX_HEURISTIC_MAGNETIC_FOUR_POST_DISKS == 13


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
    searched: list[Puzzle] = []

    def distance(puzzle: Puzzle, a: object, b: object) -> int:
        heuristic.check_size(puzzle)
        searched.append(puzzle)
        return 0

    monkeypatch.setattr(heuristic, "distance", distance)
    status, out, err = run(["count", *args], capsys)
    rows = [line for line in out.splitlines() if line.startswith("│")]
    upto = int(args[args.index("--upto") + 1]) if "--upto" in args else 12
    expected = 0
    while expected < upto:
        puzzle = make_member(args, expected + 1)
        if tower_search.code_space(puzzle) > 200_000 and expected + 1 > heuristic.disk_cap(puzzle):
            break
        expected += 1
    assert status == 0 and err == "" and len(rows) == expected < upto
    assert f"stops at n = {expected}" in " ".join(out.split())
    assert all(p.n <= heuristic.disk_cap(p) for p in searched)


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
