"""The family's hints in the play API (issue 12): each member's cap is what ``/api/config`` tells the page, and the
first hint of a member (its table of distances not built yet) is an optimal move. How fast it answers at each cap is
measured by benchmarks/bench_web_hint.py (< 50 ms), not here.

The oracles: ``hanoikit.search``'s breadth-first search (three posts, moves that can be undone) and the plain search
over the model's own moves (tests/oracle.py), both independent of the solver the API asks.
"""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from hanoikit import MOVE_RULES, MagneticPuzzle, Puzzle, State
from hanoikit.limits import WEB_MAX_DISKS, WEB_MAX_FAMILY_DISKS, WEB_MAX_POSTS
from hanoikit.search import bfs, decode, encode
from hanoikit.solvers import exhaustive, registry
from hanoikit.web.app import create_app, warm_family
from oracle import all_states, plain_distances_to


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())  # without the app's startup (a second or more): no hint here needs it


def forget_tables() -> None:
    """As if no member had been asked about since the app started (whose startup builds the deep members' tables)."""
    exhaustive._table.cache_clear()
    exhaustive._WALKED.clear()
    warm_family()


def settings_of(posts: int, rule: str, faces: bool, n: int) -> dict:
    """The settings the page sends for a member (its colours: every post neutral)."""
    return {"n": n, "posts": posts, "moves": rule, "magnetic": faces, "colors": "N" * posts}


def offered() -> list[tuple[int, str, bool]]:
    """Every member the page offers: (posts, move rule, magnetic)."""
    return [(k, rule, faces) for k in range(3, WEB_MAX_POSTS + 1) for rule in MOVE_RULES for faces in (False, True)]


def page_cap(config: dict, posts: int, rule: str, faces: bool) -> int:
    """The largest tower the page's disk selector offers for a member, read from the config as the page reads it."""
    if posts == 3 and rule == "any":
        return int(config["max_disks"])
    return int(config["family_max_disks"][f"{posts}{'m' if faces else ''}"])


def hint(client: TestClient, settings: dict, state: State | None = None) -> dict:
    body = {"settings": settings} if state is None else {"settings": settings, "state": str(state)}
    response = client.post("/api/hint", json=body)
    assert response.status_code in (200, 422), response.text
    answer: dict = response.json()
    return answer


@pytest.mark.parametrize("posts, rule, faces", offered())
def test_each_members_cap_is_the_one_the_config_gives_the_page(
    client: TestClient, posts: int, rule: str, faces: bool
) -> None:
    config = client.get("/api/config").json()
    cap = page_cap(config, posts, rule, faces)
    assert cap == (WEB_MAX_DISKS if posts == 3 and rule == "any" else WEB_MAX_FAMILY_DISKS[posts, faces])
    at_cap = hint(client, settings_of(posts, rule, faces, cap))
    assert "distance" in at_cap or at_cap["error"] == "UnsolvableError"  # a member whose goal its start cannot reach
    over = hint(client, settings_of(posts, rule, faces, cap + 1))
    assert over["error"] in ("TooLargeError", "ValidationError") and str(cap) in over["detail"]


def test_the_config_names_every_member_it_caps(client: TestClient) -> None:
    config = client.get("/api/config").json()
    keys = {f"{k}{m}" for k in range(3, WEB_MAX_POSTS + 1) for m in ("", "m")}
    assert set(config["family_max_disks"]) == keys and config["max_posts"] == WEB_MAX_POSTS


@pytest.mark.parametrize(
    "colors, goal_up, rule", [("NNN", "R", "linear"), ("BRN", "B", "star"), ("RNN", "R", "linear")]
)
def test_first_hints_are_optimal_against_the_search(client: TestClient, colors: str, goal_up: str, rule: str) -> None:
    puzzle = MagneticPuzzle(WEB_MAX_FAMILY_DISKS[3, True], colors, goal_up=goal_up, moves=rule)
    settings = {"n": puzzle.n, "moves": rule, "colors": colors, "goal_up": goal_up}
    result = bfs(puzzle, puzzle.goal)  # every move can be undone: the distance from the goal is the distance to it
    reachable = result.distances >= 0
    rng = random.Random(12)
    forget_tables()
    for code in rng.sample(sorted(reachable.nonzero()[0].tolist()), 20):
        state = decode(puzzle, code)
        answer = hint(client, settings, state)
        assert answer["distance"] == result.distances[code]
        if answer["distance"]:
            after = puzzle.apply(state, puzzle.parse_move(answer["move"], state))
            assert result.distances[encode(puzzle, after)] == answer["distance"] - 1


@pytest.mark.parametrize(
    "puzzle",
    [
        Puzzle(4, moves="cyclic"),
        Puzzle(3, posts=4, moves="cyclic"),
        Puzzle(3, posts=5, moves="star"),
        MagneticPuzzle(3, "NNNN", moves="linear"),
        MagneticPuzzle(2, "RNNNB", moves="any"),
    ],
    ids=lambda p: f"{p.posts}-{p.name}",
)
def test_first_hints_are_optimal_against_the_plain_search(client: TestClient, puzzle: Puzzle) -> None:
    forget_tables()
    _assert_optimal_hints(client, puzzle, random.Random(5).sample(sorted(all_states(puzzle), key=str), 20))


def _assert_optimal_hints(client: TestClient, puzzle: Puzzle, states: list[State]) -> None:
    """Each hint from ``states``: the plain search's distance, and a move one step closer (or no way to the goal)."""
    rule = next(name for name in MOVE_RULES if puzzle.moves == Puzzle(1, puzzle.posts, name).moves)
    settings = {"n": puzzle.n, "posts": puzzle.posts, "moves": rule, "magnetic": puzzle.faces, "colors": puzzle.colors}
    expected = plain_distances_to(puzzle, puzzle.goal)
    for state in states:
        answer = hint(client, settings, state)
        if state not in expected:
            assert answer["error"] == "UnsolvableError"
            continue
        assert answer["distance"] == expected[state]
        if expected[state]:
            after = puzzle.apply(state, puzzle.parse_move(answer["move"], state))
            assert expected[after] == expected[state] - 1


@pytest.mark.parametrize(
    "puzzle",
    [Puzzle(4, posts=4, moves="cyclic"), Puzzle(3, posts=5), MagneticPuzzle(3, "NNNN"), MagneticPuzzle(2, "RNNB",
                                                                                                      moves="star")],
    ids=lambda p: f"{p.posts}-{p.name}",
)
def test_hints_from_the_heuristic_search_are_optimal_against_the_plain_search(
    client: TestClient, puzzle: Puzzle, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Above the exhaustive search's range (lowered here to every size) the heuristic search answers the hints."""
    monkeypatch.setattr(registry, "MAX_SEARCH_POSITIONS", 0)
    forget_tables()
    states = random.Random(9).sample(sorted(all_states(puzzle), key=str), 20)
    reachable = plain_distances_to(puzzle, puzzle.goal)
    for state in states:
        if len(set(state.posts)) > 1 and state in reachable:  # a tower may have a closed form
            assert puzzle.solver(state, puzzle.goal) is registry.HEURISTIC
    _assert_optimal_hints(client, puzzle, states)
