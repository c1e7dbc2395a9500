"""Hostile requests across the whole family (more posts, named and listed move rules, any post colours): the API
never fails (no 5xx), and what fits the schema is refused, if at all, by the rules of the puzzle (422 naming the
hanoikit error), never as a request that does not fit it. The query strings of ``/api/choices`` and ``/api/daily``
are fuzzed too: any text gives an answer or a 422."""

from __future__ import annotations

from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit.limits import WEB_MAX_FAMILY_DISKS, WEB_MAX_POSTS
from hanoikit.move import MIN_POSTS
from hanoikit.web.app import create_app

APP = TestClient(create_app(processes=0, warmed=False))  # in threads, no warm-up: each request does its own work

PATHS = ["/api/position", "/api/move", "/api/hint", "/api/random", "/api/solution", "/api/game/load"]


@st.composite
def family_requests(draw: st.DrawFn) -> tuple[str, dict[str, object]]:
    """A request that fits the schema, to any route, for a member within the caps: any posts, a named rule or pairs
    of posts (possibly none that helps), any colours, and positions and moves that need not be legal."""
    posts = draw(st.integers(MIN_POSTS, WEB_MAX_POSTS))
    magnetic = draw(st.booleans())
    n = draw(st.integers(1, WEB_MAX_FAMILY_DISKS[posts, magnetic]))
    names = hk.post_names(posts)
    letter = st.sampled_from(names)
    pairs = st.lists(st.tuples(letter, letter).map("".join), min_size=1, max_size=8).map("+".join)
    settings: dict[str, object] = {
        "n": n, "posts": posts, "magnetic": magnetic, "moves": draw(st.sampled_from(hk.MOVE_RULES) | pairs)
    }
    if magnetic:
        settings["colors"] = draw(st.text("RBN", min_size=posts, max_size=posts))
        settings["goal_up"] = draw(st.sampled_from(["R", "B", None]))
    state = "".join(draw(st.lists(letter, min_size=n, max_size=n)))
    if magnetic:
        state += ":" + draw(st.text("RB", min_size=n, max_size=n))
    move = st.tuples(st.integers(1, 12).map(str) | st.just(""), letter, letter).map("".join)
    path = draw(st.sampled_from(PATHS))
    body: dict[str, object] = {"settings": settings}
    if path in ("/api/position", "/api/hint", "/api/solution") and draw(st.booleans()):
        body["state"] = state
    if path == "/api/move":
        body.update(state=state, move=draw(move))
    if path == "/api/random":
        body["seed"] = draw(st.integers(0, 2**53 - 1))
    if path == "/api/solution":
        body.update(
            offset=draw(st.integers(0, 10**30)),
            limit=draw(st.integers(1, 1000)),
            algorithm=draw(st.sampled_from(["optimal", "62", "100", "67", "semifree", "bits", "x"])),
        )
    if path == "/api/game/load":
        body.update(initial=state, moves=draw(st.lists(move, max_size=5)))
    return path, body


@given(family_requests())
def test_no_request_of_the_family_gets_a_server_error(request: tuple[str, dict[str, object]]) -> None:
    path, body = request
    response = APP.post(path, json=body)
    assert response.status_code in (200, 422), response.text
    if response.status_code == 422:
        refusal = response.json()
        assert refusal["error"] != "ValidationError" and issubclass(getattr(hk, refusal["error"]), hk.HanoiError)


@given(st.text(max_size=12), st.text(max_size=12), st.text(max_size=12))
def test_any_query_for_the_choices_is_answered_or_refused(n: str, posts: str, magnetic: str) -> None:
    response = APP.get("/api/choices", params={"n": n, "posts": posts, "magnetic": magnetic})
    assert response.status_code in (200, 422), response.text
    assert response.status_code == 200 or isinstance(response.json()["detail"], str)


@given(st.text(max_size=16) | st.dates().map(str))
def test_any_date_for_the_daily_puzzle_is_answered_or_refused(day: str) -> None:
    response = APP.get("/api/daily", params={"date": day})
    assert response.status_code in (200, 422), response.text
    assert response.status_code == 200 or isinstance(response.json()["detail"], str)
