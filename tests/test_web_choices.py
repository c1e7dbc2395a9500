"""The menus' choices (``/api/choices``): each rule, colouring and goal face has the par a breadth-first oracle finds
from the start tower, or a reason; the default goal is always one that can be reached."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from hanoikit import MagneticPuzzle, Puzzle
from hanoikit.limits import WEB_MAX_FAMILY_DISKS
from hanoikit.puzzle import MOVE_RULES
from hanoikit.web.app import create_app
from hanoikit.web.choices import choices, moves_join_posts
from oracle import plain_distances

APP = TestClient(create_app())


@pytest.mark.parametrize(("n", "posts"), [(1, 3), (3, 3), (2, 4), (2, 5)])
def test_every_choice_has_the_oracles_par_or_a_reason(n: int, posts: int) -> None:
    answer = APP.get("/api/choices", params={"n": n, "posts": posts, "magnetic": True})
    assert answer.status_code == 200
    for rule in answer.json()["rules"]:
        reachable_somewhere = False
        for coloring in rule["colorings"]:
            colors = coloring["code"][:2] + "N" * (posts - 3) + coloring["code"][2]
            assert coloring["colors"] == colors
            pars = {}
            for goal in coloring["goals"]:
                puzzle = MagneticPuzzle(n, colors, goal_up=goal["goal_up"], moves=rule["moves"])
                par = plain_distances(puzzle, puzzle.start).get(puzzle.goal) if puzzle.goal_is_legal else None
                assert goal["par"] == par, (rule["moves"], colors, goal)
                assert (goal["reason"] is None) == (par is not None)
                pars[goal["goal_up"]] = par
            default = coloring["default_goal"]
            if default is None:
                assert set(pars.values()) == {None} and coloring["reason"]
            else:  # the model's goal when it can be reached, else the other face
                assert pars[default] is not None
                assert default == coloring["model_goal"] or pars[coloring["model_goal"]] is None
                reachable_somewhere = True
        assert (rule["reason"] is None) == reachable_somewhere


def test_classic_choices_and_the_caps() -> None:
    rules = APP.get("/api/choices", params={"n": 6, "posts": 4, "magnetic": False}).json()["rules"]
    for rule in rules:
        assert rule["max_disks"] == WEB_MAX_FAMILY_DISKS[4, False]  # every rule on four posts
        assert rule["reason"] is None and "par" not in rule
    cap = WEB_MAX_FAMILY_DISKS[5, False]
    rules = APP.get("/api/choices", params={"n": cap + 1, "posts": 5, "magnetic": False}).json()["rules"]
    assert all(rule["reason"] == f"at most {cap} disks with {rule['moves']} moves on 5 posts" for rule in rules)
    assert APP.get("/api/choices", params={"n": 0}).status_code == 422
    assert APP.get("/api/choices", params={"posts": 6}).status_code == 422


def _played(settings: dict) -> int | None:
    """The par of the game the API plays for ``settings`` (a hint from the start, whose distance the start's
    description agrees with), or ``None`` when it refuses it with a documented 422."""
    hint = APP.post("/api/hint", json={"settings": settings})
    start = APP.post("/api/position", json={"settings": settings})
    if hint.status_code == 200:
        assert start.status_code == 200 and start.json()["distance"] == hint.json()["distance"]
        return int(hint.json()["distance"])
    assert hint.status_code == 422, hint.text
    assert hint.json()["error"] in ("UnsolvableError", "InvalidStateError", "TooLargeError"), hint.text
    assert start.status_code == 422 or start.json()["distance"] is None
    return None


@pytest.mark.parametrize("magnetic", [False, True])
@pytest.mark.parametrize("posts", [3, 4, 5])
def test_what_the_choices_offer_is_what_the_api_plays(posts: int, magnetic: bool) -> None:
    """Every rule (and colouring and goal face) the choices call available is a game the API plays with that par;
    every one they give a reason for, the API refuses with a 422. At 2 disks and one above the member's cap."""
    for n in (2, WEB_MAX_FAMILY_DISKS[posts, magnetic] + 1):
        answer = APP.get("/api/choices", params={"n": n, "posts": posts, "magnetic": magnetic}).json()
        for rule in answer["rules"]:
            settings = {"n": n, "posts": posts, "moves": rule["moves"], "magnetic": magnetic}
            if not magnetic:
                assert (_played(settings) is not None) == (rule["reason"] is None), settings
                continue
            colorings = rule["colorings"] or [{"colors": "N" * posts, "goals": [{"goal_up": f} for f in "RB"]}]
            for coloring in colorings:  # no colourings listed: the rule is above its cap, so every one is refused
                for goal in coloring["goals"]:
                    par = _played({**settings, "colors": coloring["colors"], "goal_up": goal["goal_up"]})
                    assert par == goal.get("par"), (settings, coloring["colors"], goal)
                    assert rule["reason"] is None or par is None


@pytest.mark.parametrize("posts", [3, 4, 5])
def test_the_classic_choices_search_nothing(posts: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """At the member's cap (four posts, 10 disks: seconds of search for cyclic and linear moves) the classic choices
    read the rules only: no distance is asked of any solver."""
    asked: list[Puzzle] = []
    monkeypatch.setattr(Puzzle, "distance", lambda puzzle, *args, **kwargs: asked.append(puzzle))
    n = WEB_MAX_FAMILY_DISKS[posts, False]
    rules = choices.__wrapped__(n, posts, False).rules
    assert [rule.moves for rule in rules] == list(MOVE_RULES) and asked == []


@pytest.mark.parametrize("moves", ["SI ID", "SI IS ID", "SD DI IS", "SI IS ID DI"])
def test_a_rule_ismoves_join_posts_exactly_when_the_oracle_moves_the_tower(moves: str) -> None:
    """The rule fact the classic choices read agrees with a plain search on small towers (2 and 3 disks)."""
    for n in (2, 3):
        puzzle = Puzzle(n, 3, moves)
        assert moves_join_posts(puzzle) == (puzzle.goal in plain_distances(puzzle, puzzle.start)), (moves, n)
