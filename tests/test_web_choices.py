"""The menus' choices (``/api/choices``): each rule, colouring and goal face has the par a breadth-first oracle finds
from the start tower, or a reason; the default goal is always one that can be reached."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from hanoikit import MagneticPuzzle, Puzzle
from hanoikit.limits import WEB_MAX_FAMILY_DISKS
from hanoikit.web.app import create_app
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
        assert rule["par"] == Puzzle(6, 4, rule["moves"]).distance() and rule["reason"] is None
    cap = WEB_MAX_FAMILY_DISKS[5, False]
    rules = APP.get("/api/choices", params={"n": cap + 1, "posts": 5, "magnetic": False}).json()["rules"]
    assert all(rule["reason"] == f"at most {cap} disks with {rule['moves']} moves on 5 posts" for rule in rules)
    assert APP.get("/api/choices", params={"n": 0}).status_code == 422
    assert APP.get("/api/choices", params={"posts": 6}).status_code == 422
