"""The play API (``hanoikit.web``): moves, refusals with reasons, hints, paged solutions, validation, save and load.

The oracle is a plain breadth-first search over the model's own moves (``legal_moves``/``apply``), independent of the
solvers the API asks.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
import subprocess
import sys
import time

import httpx
import pytest
from fastapi.testclient import TestClient  # starlette's notice about httpx is filtered in pyproject.toml
from hypothesis import given
from hypothesis import strategies as st

import hanoikit as hk
from hanoikit import MagneticPuzzle, Move, Puzzle, State
from hanoikit.draw.palette import FACE, FACE_DARK, disk_color
from hanoikit.limits import WEB_MAX_BODY_BYTES, WEB_MAX_FAMILY_DISKS, WEB_MAX_POSTS, WEB_MAX_QUOTE
from hanoikit.web import describe, random_state, read_move
from hanoikit.web.app import create_app
from hanoikit.web.schemas import MAX_DISKS, MAX_PAGE, MAX_SAVED_MOVES
from oracle import all_states, plain_distances_to

SIGN = {"R": 1, "B": -1, None: 0}

MODULES = ["app", "api", "state", "game", "board", "animation", "chart", "view", "play", "watch", "store", "link",
           "challenges", "theme", "sound", "daily", "tutorial"]
"""The page's ES modules (tests/test_browser.py checks that the page loads them all)."""


APP = TestClient(create_app())  # one app for the hypothesis tests too (the server is stateless)


@pytest.fixture(scope="module")
def client() -> TestClient:
    return APP


def settings_of(puzzle: Puzzle) -> dict:
    settings = {"n": puzzle.n, "magnetic": puzzle.faces}
    if puzzle.faces:
        settings.update(colors=puzzle.colors, goal_up=puzzle.goal_up)  # type: ignore[attr-defined]
    if puzzle.posts != 3 or len(puzzle.moves) != 6:
        pairs = (puzzle.post_names[a] + puzzle.post_names[b] for a, b in sorted(puzzle.moves))
        settings.update(posts=puzzle.posts, moves="+".join(pairs))
    return settings


@functools.cache
def distances_to_goal(puzzle: Puzzle) -> dict[State, int]:
    """BFS oracle: the least number of moves from every legal position to the goal (unreachable ones left out)."""
    return plain_distances_to(puzzle, puzzle.goal) if puzzle.is_legal(puzzle.goal) else {}


def error_of(response: httpx.Response, status: int = 422) -> str:
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and detail
    return detail


small_puzzles = st.one_of(
    st.builds(Puzzle, st.integers(1, 4)),
    st.builds(MagneticPuzzle, st.integers(1, 3), st.sampled_from(hk.VARIANTS)),
)


# -- the page and the schema ---------------------------------------------------------------------------------------


def test_page_and_schema_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and '<svg id="board"' in page.text
    for name in ("style.css", "favicon.svg", *(f"{module}.js" for module in MODULES)):
        assert client.get(f"/static/{name}").status_code == 200
    assert all("javascript" in client.get(f"/static/{module}.js").headers["content-type"] for module in MODULES)
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/move", "/api/hint", "/api/solution", "/api/game/load", "/api/random"} <= set(paths)


def test_config_lists_the_colourings_and_algorithms(client: TestClient) -> None:
    config = client.get("/api/config").json()
    assert config["variants"] == list(hk.VARIANTS) and len(config["variants"]) == 27
    assert config["max_disks"] == MAX_DISKS and config["max_page"] == MAX_PAGE
    names = [algorithm["name"] for algorithm in config["algorithms"]]
    assert names == ["optimal", *hk.levy.ALGORITHMS]


def test_config_gives_the_page_the_palette_of_the_python_drawings(client: TestClient) -> None:
    palette = client.get("/api/config").json()["palette"]
    assert palette["face"] == FACE and palette["face_dark"] == FACE_DARK
    assert palette["disks"] == [[disk_color(disk, n) for disk in range(1, n + 1)] for n in range(1, MAX_DISKS + 1)]


# -- positions and moves -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("colors", hk.VARIANTS)
def test_every_position_is_described_as_the_model_and_the_oracle_say(client: TestClient, colors: str) -> None:
    puzzle = MagneticPuzzle(2, colors)
    oracle = distances_to_goal(puzzle)
    for state in all_states(puzzle):
        answer = client.post("/api/position", json={"settings": settings_of(puzzle), "state": str(state)}).json()
        assert answer["state"] == str(state) and answer["goal"] == str(puzzle.goal)
        assert answer["legal_moves"] == [str(move) for move in puzzle.legal_moves(state)]
        assert answer["post_colors"] == [puzzle.post_color(state, post) for post in range(3)]
        assert answer["distance"] == oracle.get(state)
        assert answer["solved"] == (state == puzzle.goal)


def test_the_start_is_the_default_position(client: TestClient) -> None:
    answer = client.post("/api/position", json={"settings": {"n": 3}}).json()
    assert answer["state"] == "SSS:RRR" and answer["distance"] == 11
    classic = client.post("/api/position", json={"settings": {"n": 5, "magnetic": False}}).json()
    assert classic["state"] == "SSSSS" and classic["distance"] == 31 and classic["post_colors"] == [None] * 3


@given(small_puzzles, st.data())
def test_every_move_is_played_or_refused_as_the_model_says(puzzle: Puzzle, data: st.DataObject) -> None:
    client = APP
    state = data.draw(st.sampled_from(all_states(puzzle)))
    src, dst = data.draw(st.permutations(range(3)))[:2]
    text = "SID"[src] + "SID"[dst]
    response = client.post("/api/move", json={"settings": settings_of(puzzle), "state": str(state), "move": text})
    assert response.status_code == 200, response.text  # an illegal move is an answer, not an HTTP error
    answer = response.json()
    disk = state.tops()[src]
    empty = f"post {text[0]} is empty: there is no disk to move"
    reason = empty if disk is None else puzzle.move_error(state, Move(disk, src, dst))
    if reason is None:
        assert answer["legal"] is True and answer["reason"] is None
        assert answer["move"] == str(Move(disk, src, dst))
        assert answer["position"]["state"] == str(puzzle.apply(state, Move(disk, src, dst)))
    else:
        assert answer["legal"] is False and answer["move"] is None and answer["reason"] == reason
        assert answer["position"] == describe(puzzle, state)  # the position is unchanged


def test_refusals_give_the_reason_in_words(client: TestClient) -> None:
    free = {"n": 3, "magnetic": True, "colors": "NNN"}

    def refusal(state: str, move: str, settings: dict = free) -> str:
        response = client.post("/api/move", json={"settings": settings, "state": state, "move": move})
        assert response.status_code == 200 and response.json()["legal"] is False, response.text
        return response.json()["reason"]

    assert refusal("SSS:RRR", "2SD").startswith("disk 2 is under disk 1")
    assert refusal("ISS:BRR", "SI").startswith("larger disk on a smaller one")
    assert refusal("IDS:BBR", "ID").startswith("blue would touch blue")
    assert refusal("SIS:RRR", "SI").startswith("red would touch red")
    assert refusal("SSS:RRR", "1SI", {"n": 3, "colors": "RRB"}).startswith("post I is coloured red")
    assert refusal("SSS:RRR", "DI") == "post D is empty: there is no disk to move"


def test_moves_in_full_notation_and_by_posts_agree(client: TestClient) -> None:
    puzzle = MagneticPuzzle(3)
    for move in puzzle.legal_moves(puzzle.start):
        by_posts = "SID"[move.src] + "SID"[move.dst]
        answers = [
            client.post("/api/move", json={"settings": settings_of(puzzle), "state": "SSS:RRR", "move": text}).json()
            for text in (str(move), by_posts.lower())
        ]
        assert answers[0] == answers[1] and answers[0]["move"] == str(move)


# -- hints ---------------------------------------------------------------------------------------------------------


@given(small_puzzles, st.data())
def test_a_hint_is_an_optimal_move_from_any_position(puzzle: Puzzle, data: st.DataObject) -> None:
    client = APP
    oracle = distances_to_goal(puzzle)
    state = data.draw(st.sampled_from(all_states(puzzle)))
    response = client.post("/api/hint", json={"settings": settings_of(puzzle), "state": str(state)})
    if state not in oracle:
        assert "UnsolvableError" == response.json()["error"] and error_of(response)
        return
    hint = response.json()
    assert hint["distance"] == oracle[state]
    if state == puzzle.goal:
        assert hint["move"] is None
        return
    move = Move(hint["disk"], hint["src"], hint["dst"])
    assert str(move) == hint["move"]
    assert oracle[puzzle.apply(state, move)] == oracle[state] - 1


def test_a_hint_for_twelve_disks_is_legal_and_brings_the_goal_one_move_closer(client: TestClient) -> None:
    rng = random.Random(12)
    for puzzle in (MagneticPuzzle(12), MagneticPuzzle(12, "RNB"), Puzzle(12)):
        state = random_state(puzzle, rng)
        hint = client.post("/api/hint", json={"settings": settings_of(puzzle), "state": str(state)}).json()
        after = puzzle.apply(state, Move.parse(hint["move"]))
        assert puzzle.distance(after, puzzle.goal) == hint["distance"] - 1


# -- random positions ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("colors", hk.VARIANTS)
def test_random_positions_are_legal_and_can_reach_the_goal(client: TestClient, colors: str) -> None:
    puzzle = MagneticPuzzle(3, colors)
    oracle = distances_to_goal(puzzle)
    response = client.post("/api/random", json={"settings": settings_of(puzzle), "seed": 7})
    if len(oracle) <= 1:  # only the goal (or nothing) reaches the goal
        assert response.json()["error"] == "UnsolvableError" and error_of(response)
        return
    answer = response.json()
    state = puzzle.parse(answer["state"])
    assert state != puzzle.goal and answer["distance"] == oracle[state]
    again = client.post("/api/random", json={"settings": settings_of(puzzle), "seed": 7}).json()
    assert again == answer


def test_random_positions_vary() -> None:
    puzzle = MagneticPuzzle(6, "NBN")
    rng = random.Random(3)
    assert len({random_state(puzzle, rng) for _ in range(20)}) > 10


# -- solutions, page by page ---------------------------------------------------------------------------------------


def pages(client: TestClient, body: dict, limit: int, follow_state: bool) -> tuple[list[str], list[str], list, dict]:
    """Fetch a whole solution page by page, by offset or (optimal only) from the last position reached."""
    moves: list[str] = []
    states: list[str] = []
    trace: list = []
    first = None
    while True:
        request = dict(body, limit=limit, offset=0 if follow_state else len(moves))
        if follow_state and states:
            request["state"] = states[-1]
        page = client.post("/api/solution", json=request).json()
        first = first or page
        if not page["moves"]:
            return moves, states, trace, first
        assert len(page["moves"]) <= limit and len(page["states"]) == len(page["moves"])
        if page["trace"] is not None:
            assert len(page["trace"]) == len(page["moves"]) + 1
            trace += page["trace"] if not trace else page["trace"][1:]
        moves += page["moves"]
        states += page["states"]


@pytest.mark.parametrize("follow_state", [False, True])
@pytest.mark.parametrize("colors", ["NNN", "RBB", "NRN", None])
def test_optimal_solution_pages_replay_to_the_goal(client: TestClient, colors: str | None, follow_state: bool) -> None:
    puzzle = Puzzle(5) if colors is None else MagneticPuzzle(4, colors)
    state = random_state(puzzle, random.Random(5))
    body = {"settings": settings_of(puzzle), "state": str(state), "algorithm": "optimal"}
    moves, states, trace, first = pages(client, body, limit=7, follow_state=follow_state)
    assert first["total"] == len(moves) == puzzle.distance(state, puzzle.goal)
    assert first["start"] == str(state)
    played = [Move.parse(text) for text in moves]
    assert puzzle.play(played, state) == puzzle.goal
    replay = [state]
    for move in played:
        replay.append(puzzle.apply(replay[-1], move))
    assert states == [str(s) for s in replay[1:]]
    if colors is None:
        assert trace == []
    else:
        assert trace == [[SIGN[puzzle.post_color(s, post)] for post in range(3)] for s in replay]


def crossings_so_far(puzzle: Puzzle, state: State, moves: list[Move]) -> list[list[int]]:
    """Oracle: replay the moves and count, post by post, every change of the colour shown, neutral left aside."""
    last: list[str | None] = [None, None, None]
    count, rows = [0, 0, 0], []
    for k in range(len(moves) + 1):
        state = state if k == 0 else puzzle.apply(state, moves[k - 1])
        for post in range(3):
            color = puzzle.post_color(state, post)
            if color is not None:
                count[post] += last[post] is not None and last[post] != color
                last[post] = color
        rows.append(count.copy())
    return rows


@pytest.mark.parametrize(
    ("puzzle", "algorithm", "state"),
    [
        (MagneticPuzzle(5), "67-down", None),
        (MagneticPuzzle(4, hk.levy.ALGORITHMS["62"].colors), "62", None),
        (MagneticPuzzle(4, "NNB"), "optimal", None),
        (MagneticPuzzle(4, "RNN"), "optimal", "DSIS:BRBR"),
    ],
)
def test_solution_pages_count_the_colour_crossings_since_the_start(
    client: TestClient, puzzle: MagneticPuzzle, algorithm: str, state: str | None
) -> None:
    start = puzzle.start if state is None else puzzle.parse(state)
    body = {"settings": settings_of(puzzle), "state": state, "algorithm": algorithm}
    moves: list[str] = []
    crossings: list[list[int]] = []
    while True:
        page = client.post("/api/solution", json=dict(body, offset=len(moves), limit=6)).json()
        assert len(page["crossings"]) == len(page["moves"]) + 1
        crossings += page["crossings"] if not crossings else page["crossings"][1:]
        if not page["moves"]:
            break
        moves += page["moves"]
    assert crossings == crossings_so_far(puzzle, start, [Move.parse(text) for text in moves])
    assert crossings[-1] == list(hk.analysis.color_crossings(puzzle, list(map(Move.parse, moves)), start))


def test_a_classic_solution_page_has_no_colours_to_cross(client: TestClient) -> None:
    page = client.post("/api/solution", json={"settings": {"n": 3, "magnetic": False}}).json()
    assert page["trace"] is None and page["crossings"] is None


@pytest.mark.parametrize("name", list(hk.levy.ALGORITHMS))
def test_levy_pages_are_the_published_algorithm(client: TestClient, name: str) -> None:
    algorithm = hk.levy.ALGORITHMS[name]
    puzzle = MagneticPuzzle(4, algorithm.colors)
    body = {"settings": settings_of(puzzle), "algorithm": name}
    moves, states, trace, first = pages(client, body, limit=10, follow_state=False)
    expected = [str(move) for move in hk.levy.solution(name, 4)]
    assert moves == expected and first["total"] == len(expected) == hk.levy.counts(name, 4)
    assert puzzle.play(map(Move.parse, moves)) == puzzle.parse(states[-1])
    assert trace == hk.analysis.color_trace(puzzle, list(map(Move.parse, moves))).tolist()


def test_levy_on_a_tower_it_does_not_fit_is_refused(client: TestClient) -> None:
    body = {"settings": {"n": 3, "colors": "RBB"}, "algorithm": "62"}
    assert "cannot be played on the RBB tower" in error_of(client.post("/api/solution", json=body))
    body = {"settings": {"n": 3}, "state": "ISS:BRR", "algorithm": "62"}
    assert "from its start" in error_of(client.post("/api/solution", json=body))
    body = {"settings": {"n": 3, "magnetic": False}, "algorithm": "100"}
    assert "magnetic" in error_of(client.post("/api/solution", json=body))
    body = {"settings": {"n": 3}, "algorithm": "63"}
    assert "unknown algorithm '63'" in error_of(client.post("/api/solution", json=body))


@pytest.mark.parametrize("n", [4, 5])
@pytest.mark.parametrize("name", list(hk.levy.ALGORITHMS))
def test_levy_is_refused_exactly_where_the_rules_refuse_it(client: TestClient, name: str, n: int) -> None:
    """The oracle: every move of the run checked on each of the 27 towers by the library's colour trace."""
    rows = hk.levy.solution_array(name, n).rows()
    for colors in hk.VARIANTS:
        puzzle = MagneticPuzzle(n, colors)
        try:
            hk.analysis.color_trace(puzzle, rows)
            expected = None
        except hk.IllegalMoveError as error:
            expected = f"Levy's {name!r} algorithm cannot be played on the {colors} tower: {error}"
        response = client.post("/api/solution", json={"settings": settings_of(puzzle), "algorithm": name, "limit": 3})
        if expected is None:
            assert response.status_code == 200 and response.json()["total"] == len(rows)
        else:
            assert error_of(response) == expected


def test_solution_pages_are_bounded(client: TestClient) -> None:
    body = {"settings": {"n": 12}, "algorithm": "optimal"}
    for limit in (0, -1, MAX_PAGE + 1, 10**12):
        assert "limit" in error_of(client.post("/api/solution", json=dict(body, limit=limit)))
    assert "offset" in error_of(client.post("/api/solution", json=dict(body, offset=-1)))
    page = client.post("/api/solution", json=dict(body, limit=MAX_PAGE)).json()
    assert len(page["moves"]) == MAX_PAGE and page["total"] == MagneticPuzzle(12).distance()
    beyond = client.post("/api/solution", json=dict(body, offset=page["total"] + 5, limit=3)).json()
    assert beyond["moves"] == [] and beyond["offset"] == page["total"]
    levy = client.post("/api/solution", json={"settings": {"n": 12}, "algorithm": "67-up", "offset": 100_000}).json()
    expected = list(itertools.islice(hk.levy.solution("67-up", 12), 100_000, 100_200))
    assert levy["moves"] == [str(move) for move in expected]


# -- validation: every bad request gets a 4xx with a message -------------------------------------------------------


@pytest.mark.parametrize(
    "path, body, words",
    [
        ("/api/position", {"settings": {"n": 0}}, "settings.n"),
        ("/api/position", {"settings": {"n": 13}}, "less than or equal to 12"),
        ("/api/position", {"settings": {"n": "three"}}, "settings.n"),
        ("/api/position", {"settings": {"n": 3, "colors": "RGB"}}, "settings.colors"),
        ("/api/position", {"settings": {"n": 3, "goal_up": "G"}}, "settings.goal_up"),
        ("/api/position", {"settings": {"n": 3, "magnetic": False, "goal_up": "R"}}, "classic one has no colours"),
        ("/api/position", {"settings": {"n": 3}, "colour": "R"}, "colour"),
        ("/api/position", {}, "settings"),
        ("/api/position", {"settings": {"n": 3}, "state": "SSX"}, "state: should be a position of at most 12 disks"),
        ("/api/position", {"settings": {"n": 3}, "state": "SS:RR"}, "has 2 disks, the puzzle has 3"),
        ("/api/position", {"settings": {"n": 3}, "state": "SSS"}, "needs them"),
        ("/api/position", {"settings": {"n": 2, "colors": "BNN"}, "state": "SS:RR"}, "coloured blue"),
        ("/api/position", {"settings": {"n": 2}, "state": "SS:RB"}, "would touch"),
        ("/api/position", {"settings": {"n": 2}, "state": "S" * 5000}, "state"),
        ("/api/move", {"settings": {"n": 2}, "state": "SS:RR", "move": "9SD"}, "there is no disk 9"),
        ("/api/move", {"settings": {"n": 2}, "state": "SS:RR", "move": "1SS"}, "same post"),
        ("/api/move", {"settings": {"n": 2}, "state": "SS:RR", "move": "hello"}, "move: should be a move: the disk"),
        ("/api/move", {"settings": {"n": 2}, "state": "SS:RR", "move": "0SD"}, "disks are numbered from 1"),
        ("/api/move", {"settings": {"n": 2}, "state": "SS:RR"}, "move"),
        ("/api/hint", {"settings": {"n": 3, "colors": "RRR"}}, "cannot be reached"),
        ("/api/random", {"settings": {"n": 3}, "seed": -1}, "seed"),
    ],
)
def test_bad_requests_are_refused_with_a_message(client: TestClient, path: str, body: dict, words: str) -> None:
    assert words in error_of(client.post(path, json=body))


@pytest.mark.parametrize(
    "content, content_type, words",
    [
        (b"{not json", "application/json", "not valid JSON (Expecting property name"),
        (b'{"settings": {"n": 3}} x', "application/json", "not valid JSON (Extra data"),
        (b"", "application/json", "the body is empty"),
        (b"", None, "the body is empty"),
        (b'{"settings": {"n": 3}}', "text/plain", "content type application/json"),
        (b"settings=3", "application/x-www-form-urlencoded", "content type application/json"),
    ],
)
def test_a_body_that_is_not_json_is_a_400(
    client: TestClient, content: bytes, content_type: str | None, words: str
) -> None:
    headers = {} if content_type is None else {"content-type": content_type}
    response = client.post("/api/move", content=content, headers=headers)
    assert words in error_of(response, 400) and response.json()["error"] == "BadRequest"
    # JSON that is not the request's object stays a 422: the body is JSON, its shape is wrong
    for body in (b"123", b"[]", b'"text"', b"null"):
        response = client.post("/api/move", content=body, headers={"content-type": "application/json"})
        assert response.status_code == 422 and response.json()["error"] == "ValidationError", body


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
fields = st.fixed_dictionaries(
    {},
    optional={
        "settings": st.fixed_dictionaries(
            {},
            optional={
                "n": st.integers(-2, 14) | json_values,
                "magnetic": st.booleans() | json_values,
                "colors": st.sampled_from(hk.VARIANTS) | st.text(max_size=4),
                "goal_up": st.sampled_from(["R", "B", None]) | json_values,
            },
        ),
        "state": st.text("SIDRB:x", max_size=14) | json_values,
        "move": st.text("123SID ", max_size=5) | json_values,
        "algorithm": st.sampled_from(["optimal", "62", "100", "x"]) | json_values,
        "offset": st.integers(-5, 10**6) | json_values,
        "limit": st.integers(-5, 2000) | json_values,
        "seed": st.integers(-5, 10**20) | json_values,
        "initial": st.text("SIDRB:", max_size=8) | json_values,
        "moves": st.lists(st.text("12SID", max_size=4), max_size=5) | json_values,
    },
)


@given(
    st.sampled_from(["/api/position", "/api/move", "/api/hint", "/api/random", "/api/solution", "/api/game/load"]),
    fields | json_values,
)
def test_no_request_gets_a_server_error(path: str, body: object) -> None:
    response = APP.post(path, json=body)  # json=None sends no body at all: that is a 400
    assert response.status_code in ((200, 422) if body is not None else (400,)), response.text
    if response.status_code == 422:
        assert isinstance(response.json()["detail"], str)


# -- save and load -------------------------------------------------------------------------------------------------


def saved(puzzle: Puzzle, moves: list[str], initial: State | None = None) -> dict:
    return {
        "format": "hanoikit-game",
        "version": 1,
        "settings": settings_of(puzzle),
        "initial": str(initial or puzzle.start),
        "moves": moves,
    }


def test_a_saved_game_loads_and_replays(client: TestClient) -> None:
    puzzle = MagneticPuzzle(3, "NNB")
    initial = random_state(puzzle, random.Random(2))
    moves = [str(move) for move in itertools.islice(puzzle.solve(initial, puzzle.goal), 3)]
    text = json.dumps(saved(puzzle, moves, initial))  # as the page sends the file
    loaded = client.post("/api/game/load", content=text, headers={"content-type": "application/json"}).json()
    assert loaded["moves"] == moves and loaded["initial"]["state"] == str(initial)
    assert loaded["optimal"] == puzzle.distance(initial, puzzle.goal)
    final = puzzle.play(map(Move.parse, moves), initial)
    assert loaded["states"][-1] == loaded["position"]["state"] == str(final)
    assert loaded["position"]["distance"] == loaded["optimal"] - 3


def test_a_whole_solved_game_loads_as_solved(client: TestClient) -> None:
    puzzle = Puzzle(4)
    loaded = client.post("/api/game/load", json=saved(puzzle, [str(m) for m in puzzle.solve()])).json()
    assert loaded["position"]["solved"] and len(loaded["moves"]) == loaded["optimal"] == 15


@pytest.mark.parametrize(
    "change, words",
    [
        ({"format": "chess-game"}, "format"),
        ({"version": 2}, "version"),
        ({"settings": {"n": 40}}, "settings.n"),
        ({"initial": "SSQ:RRR"}, "initial: should be a position"),
        ({"initial": "SS:RRR"}, "the saved initial position is not valid: position 'SS:RRR' has 2 post letters"),
        ({"initial": "SSS:RBR"}, "the saved initial position is not valid"),
        ({"moves": ["1SI", "2SD", "1ID"]}, "saved move 3 (1ID) cannot be played in 'IDS:BBR': blue would touch blue"),
        ({"moves": ["1SI", "zz"]}, "moves.1: should be a move"),
        ({"moves": ["1SI", "0SD"]}, "saved move 2 cannot be read: bad move '0SD': disks are numbered from 1"),
        ({"moves": "1SI"}, "moves"),
        ({"moves": ["1SD"] * (MAX_SAVED_MOVES + 1)}, "moves"),
        ({"extra": 1}, "extra"),
    ],
)
def test_a_bad_saved_game_is_refused_with_the_reason(client: TestClient, change: dict, words: str) -> None:
    game = dict(saved(MagneticPuzzle(3), ["1SI"]), **change)
    assert words in error_of(client.post("/api/game/load", json=game))


# -- bounded work and bounded answers, whatever the request (issue 9) ----------------------------------------------

REPRODUCER = {"settings": {"n": 12, "colors": "NRN", "goal_up": "R"}, "offset": 606700, "limit": 1000}


def test_a_solution_page_starts_at_its_offset_without_replaying_the_moves_before(client: TestClient) -> None:
    puzzle = MagneticPuzzle(12, "NRN", goal_up="R")
    page = client.post("/api/solution", json=REPRODUCER).json()  # how fast: benchmarks/bench_web_worst.py
    total = puzzle.distance()
    assert page["total"] == total and page["offset"] == 606700 and len(page["moves"]) == total - 606700
    assert page["moves"] == [str(puzzle.move_at(k)) for k in range(606700, total)]
    assert page["states"] == [str(puzzle.state_at(k)) for k in range(606701, total + 1)]
    first = puzzle.state_at(606700)
    assert page["trace"][0] == [SIGN[puzzle.post_color(first, post)] for post in range(3)]


@pytest.mark.parametrize("puzzle", [MagneticPuzzle(9, "NBN", goal_up="B"), MagneticPuzzle(8, "RBB"), Puzzle(12)])
def test_a_page_from_any_position_and_offset_is_that_part_of_the_optimal_solution(
    client: TestClient, puzzle: Puzzle
) -> None:
    state = random_state(puzzle, random.Random(puzzle.n))
    total = puzzle.distance(state, puzzle.goal)
    offset, limit = total // 2, 37
    body = {"settings": settings_of(puzzle), "state": str(state), "offset": offset, "limit": limit}
    page = client.post("/api/solution", json=body).json()
    expected = list(itertools.islice(puzzle.solve(state, puzzle.goal), offset + limit))
    before = puzzle.play(expected[:offset], state)
    assert page["total"] == total and page["moves"] == [str(move) for move in expected[offset:]]
    after = [before]
    for move in expected[offset:]:
        after.append(puzzle.apply(after[-1], move))
    assert page["states"] == [str(s) for s in after[1:]]
    if puzzle.faces:
        assert page["trace"] == [[SIGN[puzzle.post_color(s, post)] for post in range(3)] for s in after]


def test_a_saved_move_with_thousands_of_digits_is_a_422_that_does_not_quote_it(client: TestClient) -> None:
    absurd = "1" * 5000 + "SD"
    game = saved(MagneticPuzzle(3), ["1SI", absurd])
    move = {"settings": {"n": 3}, "state": "SSS:RRR", "move": absurd}
    for path, body in (("/api/game/load", game), ("/api/move", move)):
        response = client.post(path, json=body)
        assert response.json()["error"] == "ValidationError" and "at most 16 characters" in error_of(response)
        assert len(response.text) < 200


def test_a_saved_game_of_the_largest_length_loads(client: TestClient) -> None:
    puzzle = MagneticPuzzle(12, "NRN", goal_up="R")
    moves = [str(move) for move in itertools.islice(puzzle.solve(), MAX_SAVED_MOVES)]
    loaded = client.post("/api/game/load", json=saved(puzzle, moves)).json()
    assert loaded["moves"] == moves and loaded["position"]["state"] == str(puzzle.state_at(MAX_SAVED_MOVES))
    too_long = client.post("/api/game/load", json=saved(puzzle, moves + moves[:1]))
    assert f"at most {MAX_SAVED_MOVES} items" in error_of(too_long)
    schema = client.get("/openapi.json").json()["components"]["schemas"]["SavedGame"]["properties"]["moves"]
    assert schema["maxItems"] == MAX_SAVED_MOVES and schema["items"]["maxLength"] <= 16


def padded(body: dict, size: int) -> bytes:
    """``body`` as JSON, padded with trailing spaces (still valid JSON) to exactly ``size`` bytes."""
    text = json.dumps(body).encode()
    return text + b" " * (size - len(text))


def test_bodies_over_the_limit_are_refused_with_413_in_the_error_shape(client: TestClient) -> None:
    headers = {"content-type": "application/json"}
    at_limit = client.post("/api/position", content=padded({"settings": {"n": 3}}, WEB_MAX_BODY_BYTES), headers=headers)
    assert at_limit.status_code == 200 and at_limit.json()["state"] == "SSS:RRR"
    over = client.post("/api/position", content=padded({"settings": {"n": 3}}, WEB_MAX_BODY_BYTES + 1), headers=headers)
    assert over.json() == {
        "detail": f"the request body is larger than {WEB_MAX_BODY_BYTES} bytes",
        "error": "RequestTooLarge",
    }
    assert over.status_code == 413

    def chunked():  # no Content-Length
        for _ in range(30):
            yield b" " * 100_000

    response = client.post("/api/position", content=chunked(), headers=headers)
    assert response.status_code == 413 and response.json()["error"] == "RequestTooLarge"
    paths = client.get("/openapi.json").json()["paths"]
    for path, operations in paths.items():
        if "post" in operations:
            assert {"413", "422"} <= set(operations["post"]["responses"]), path


def test_a_chunked_body_is_cut_as_soon_as_it_passes_the_limit() -> None:
    import asyncio

    from hanoikit.web.app import BodyLimit

    pulled, answers, reached = [], [], []

    async def receive() -> dict:
        pulled.append(1)
        return {"type": "http.request", "body": b" " * 1000, "more_body": True}  # a body without end

    async def send(message: dict) -> None:
        answers.append(message)

    async def app(scope: dict, receive: object, send: object) -> None:
        reached.append(1)

    scope = {"type": "http", "method": "POST", "path": "/api/position", "headers": []}
    asyncio.run(BodyLimit(app, limit=10_000)(scope, receive, send))
    assert not reached and len(pulled) == 11 and answers[0]["status"] == 413


def test_many_unknown_fields_give_one_short_message(client: TestClient) -> None:
    over = client.post("/api/position", json={"settings": {"n": 3}, **{f"key{i}": 0 for i in range(200_000)}})
    assert over.status_code == 413
    body = {"settings": {"n": 3, **{f"key{i}": 0 for i in range(60_000)}}, "x" * 100_000: 1}
    detail = error_of(client.post("/api/position", json=body))
    assert detail.startswith("bad request: ") and len(detail) < 300
    assert "'key0', 'key1', 'key2' and 59997 more" in detail or "x" * WEB_MAX_QUOTE + "'" in detail
    assert "x" * (WEB_MAX_QUOTE + 1) not in detail


def test_long_inputs_are_quoted_by_a_short_prefix_at_most(client: TestClient) -> None:
    for body in (
        {"settings": {"n": 3}, "state": "S" * 100_000},
        {"settings": {"n": 3, "colors": "N" * 100_000}},
        {"settings": {"n": 3}, "algorithm": "a" * 100_000},
        {"settings": {"n": 3}, "z" * 100_000: 1},
    ):
        response = client.post("/api/solution", json=body)
        assert len(error_of(response)) < 200 and "S" * 30 not in response.text and "z" * 30 not in response.text


def test_empty_notations_are_refused_by_the_schema(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert schemas["SavedGame"]["properties"]["initial"]["minLength"] >= 1
    assert schemas["MoveRequest"]["properties"]["move"]["minLength"] >= 1
    for path, body in (
        ("/api/game/load", dict(saved(MagneticPuzzle(3), []), initial="")),
        ("/api/move", {"settings": {"n": 3}, "state": "SSS:RRR", "move": ""}),
    ):
        response = client.post(path, json=body)
        assert response.json()["error"] == "ValidationError" and "at least" in error_of(response)


def test_refusals_are_declared_as_the_error_shape(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    error = document["components"]["schemas"]["Error"]
    assert error["properties"]["detail"]["type"] == "string" and set(error["required"]) == {"detail", "error"}
    assert "HTTPValidationError" not in document["components"]["schemas"]
    for operations in document["paths"].values():
        for operation in operations.values():
            for status in ("400", "413", "422"):
                if status in operation["responses"]:
                    content = operation["responses"][status]["content"]["application/json"]
                    assert content["schema"] == {"$ref": "#/components/schemas/Error"}


@pytest.mark.parametrize(
    "content, status, words",
    [
        (b"{not json", 400, "not valid JSON"),
        (b'{"settings": {"n": 3}, "state": "\xff"}', 400, "cannot be read as JSON"),
        (b"[" * 100_000, 400, "cannot be read as JSON"),
        (b'{"settings": {"n": 3}, "offset": ' + b"9" * 5000 + b"}", 400, "cannot be read as JSON"),
    ],
)
def test_unreadable_bodies_are_refused_in_the_error_shape(
    client: TestClient, content: bytes, status: int, words: str
) -> None:
    response = client.post("/api/position", content=content, headers={"content-type": "application/json"})
    assert words in error_of(response, status) and set(response.json()) == {"detail", "error"}


def test_unknown_paths_and_methods_are_answered_in_the_error_shape(client: TestClient) -> None:
    missing = client.get("/api/nothing")
    assert missing.status_code == 404 and missing.json() == {"detail": "Not Found", "error": "NotFound"}
    wrong = client.get("/api/move")
    assert wrong.status_code == 405 and wrong.json()["error"] == "MethodNotAllowed" and wrong.headers["allow"] == "POST"


def test_an_unexpected_failure_is_a_500_without_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    import hanoikit.web.app as web

    def broken(*args: object) -> None:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(web, "describe", broken)
    unchecked = TestClient(create_app(), raise_server_exceptions=False)
    response = unchecked.post("/api/position", json={"settings": {"n": 3}})
    assert response.status_code == 500 and response.json()["error"] == "InternalError"
    assert "secret" not in response.text and "Traceback" not in response.text


@pytest.mark.parametrize(
    "settings, accepted",
    [
        ({"n": 3.0}, True),
        ({"n": True}, False),
        ({"n": "3"}, False),
        ({"n": 3.5}, False),
        ({"n": 3, "magnetic": 1}, False),
    ],
)
def test_numbers_and_bools_are_what_the_schema_says(client: TestClient, settings: dict, accepted: bool) -> None:
    response = client.post("/api/position", json={"settings": settings})
    assert (response.status_code == 200) == accepted, response.text
    assert client.post("/api/random", json={"settings": {"n": 3}, "seed": False}).status_code == 422


# -- the library helpers and the command ---------------------------------------------------------------------------


def test_read_move_reads_both_notations_and_refuses_with_the_reason() -> None:
    puzzle = MagneticPuzzle(2)
    assert read_move(puzzle, puzzle.start, "sd") == read_move(puzzle, puzzle.start, "1SD") == Move(1, 0, 2)
    with pytest.raises(hk.IllegalMoveError, match="disk 2 is under disk 1"):
        read_move(puzzle, puzzle.start, "2SD")
    with pytest.raises(hk.InvalidMoveError):
        read_move(puzzle, puzzle.start, "S")


def test_describe_matches_the_model() -> None:
    puzzle = Puzzle(3)
    info = describe(puzzle, State.parse("SDI"))
    assert info["distance"] == puzzle.distance(State.parse("SDI"), puzzle.goal)
    assert info["legal_moves"] == [str(move) for move in puzzle.legal_moves(State.parse("SDI"))]


def test_hanoi_play_serves_the_page() -> None:
    command = [sys.executable, "-m", "hanoikit", "play", "--no-browser", "--port", "0"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()  # type: ignore[union-attr]
        assert line.startswith("hanoi play: the puzzle is at http://127.0.0.1:"), line
        url = line.split(" at ")[1].split()[0]
        assert httpx.get(url, timeout=30).status_code == 200  # the page at once, while the workers warm
        assert httpx.post(url + "api/hint", json={"settings": {"n": 3}}, timeout=180).json()["move"] == "1SI"
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_hanoi_play_refuses_a_busy_port() -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        started = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-m", "hanoikit", "play", "--no-browser", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=30,
        )
    assert done.returncode == 2 and f"cannot listen on 127.0.0.1:{port}" in done.stderr
    assert done.stderr.count("\n") == 1 and time.monotonic() - started < 30


# -- the family: more posts and restricted moves (hanoi play --posts/--moves) ---------------------------------------

FAMILY = [
    Puzzle(3, posts=4),
    Puzzle(3, moves="cyclic"),
    Puzzle(3, moves="linear"),
    Puzzle(2, posts=5, moves="star"),
    Puzzle(2, posts=4, moves="cyclic"),
    MagneticPuzzle(3, goal_up="R", moves="linear"),
    MagneticPuzzle(2, "NNNN"),
    MagneticPuzzle(2, "RNNB"),
]


@pytest.mark.parametrize("puzzle", FAMILY, ids=lambda p: p.name)
def test_family_hints_lead_to_the_goal_and_distances_match_the_search(client: TestClient, puzzle: Puzzle) -> None:
    oracle = distances_to_goal(puzzle)
    settings = settings_of(puzzle)
    for state in random.Random(7).sample(sorted(oracle, key=str), min(25, len(oracle))):
        here = client.post("/api/position", json={"settings": settings, "state": str(state)}).json()
        assert here["distance"] == oracle[state] and here["solved"] == (state == puzzle.goal)
        allowed = {puzzle.post_names[a] + puzzle.post_names[b] for a, b in puzzle.moves}
        assert set(here["allowed_moves"]) == allowed
        expected = {move.notation(puzzle.posts) for move in puzzle.legal_moves(state)}
        assert set(here["legal_moves"]) == expected
        hint = client.post("/api/hint", json={"settings": settings, "state": str(state)}).json()
        assert hint["distance"] == oracle[state]
        if oracle[state]:
            body = {"settings": settings, "state": str(state), "move": hint["move"]}
            played = client.post("/api/move", json=body).json()  # the hint replayed through the rules
            assert played["legal"] and played["position"]["distance"] == oracle[state] - 1
            assert puzzle.parse(played["position"]["state"]) in oracle


def test_a_move_the_rule_forbids_is_refused_with_the_reason(client: TestClient) -> None:
    puzzle = Puzzle(3, moves="cyclic")
    answer = client.post("/api/move", json={"settings": settings_of(puzzle), "state": "SSS", "move": "1SD"}).json()
    assert answer["legal"] is False and answer["reason"] == puzzle.move_error(puzzle.start, Move(1, 0, 2))
    assert "moves go only" in answer["reason"]


def test_a_saved_four_post_game_loads(client: TestClient) -> None:
    puzzle = MagneticPuzzle(3, "NNNN")
    moves = list(itertools.islice(puzzle.solve(), 4))
    texts = [move.notation(4) for move in moves]
    body = {"settings": settings_of(puzzle), "initial": str(puzzle.start), "moves": texts}
    loaded = client.post("/api/game/load", json=body).json()
    assert loaded["moves"] == texts and loaded["optimal"] == distances_to_goal(puzzle)[puzzle.start]
    assert loaded["states"][-1] == str(puzzle.play(moves)) == loaded["position"]["state"]


@pytest.mark.parametrize("posts, faces", sorted(WEB_MAX_FAMILY_DISKS))
def test_each_member_is_capped_and_answers_a_hint_in_under_50_ms(client: TestClient, posts: int, faces: bool) -> None:
    cap = WEB_MAX_FAMILY_DISKS[posts, faces]
    moves = "any" if posts > 3 else "linear"
    settings = {
        "posts": posts,
        "moves": moves,
        "magnetic": faces,
        "colors": "N" * posts,
        "goal_up": "R" if faces else None,
    }
    refusal = client.post("/api/hint", json={"settings": dict(settings, n=cap + 1)})
    assert refusal.json()["error"] == "TooLargeError" and f"at most {cap}" in error_of(refusal)
    body = {"settings": dict(settings, n=cap)}
    hint = client.post("/api/hint", json=body).json()  # how fast: benchmarks/bench_web_hint.py, not here
    assert hint["distance"] > 0


def test_the_config_lists_the_move_rules_and_the_posts(client: TestClient) -> None:
    config = client.get("/api/config").json()
    assert config["move_rules"] == list(hk.MOVE_RULES)
    assert (config["min_posts"], config["max_posts"]) == (3, WEB_MAX_POSTS)
    assert config["family_max_disks"]["4m"] == WEB_MAX_FAMILY_DISKS[4, True]


def test_colors_must_name_every_post(client: TestClient) -> None:
    body = {"settings": {"n": 2, "posts": 4, "colors": "NNN"}}
    assert "one colour per post" in error_of(client.post("/api/position", json=body))


@pytest.mark.parametrize("puzzle", FAMILY, ids=lambda p: p.name)
def test_family_solution_pages_replay_to_the_goal_in_the_optimum(client: TestClient, puzzle: Puzzle) -> None:
    body = {"settings": settings_of(puzzle), "limit": MAX_PAGE}
    page = client.post("/api/solution", json=body).json()
    assert page["total"] == len(page["moves"]) == distances_to_goal(puzzle)[puzzle.start]
    state = puzzle.start
    for text, after in zip(page["moves"], page["states"], strict=True):
        state = puzzle.apply(state, puzzle.parse_move(text, state))  # checked against the rules
        assert str(state) == after
    assert state == puzzle.goal
    if puzzle.faces:
        assert len(page["trace"][0]) == puzzle.posts
