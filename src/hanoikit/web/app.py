"""The play API and page: a stateless FastAPI app that answers every question the page asks from the Python model.

The page sends the settings and the position with each request; the answers come from :class:`~hanoikit.Puzzle`
and :class:`~hanoikit.MagneticPuzzle` (rules and solving), :mod:`hanoikit.levy` (Levy's algorithms) and
:mod:`hanoikit.analysis` (the colour trace). Every :class:`~hanoikit.HanoiError` becomes a 422 answer with its message,
except an illegal move: that is an expected answer of ``/api/move`` (``legal`` false, with the reason).

Every request does bounded work: bodies are cut at :data:`~hanoikit.limits.WEB_MAX_BODY_BYTES` bytes, every string
field has a maximum length, saved games at most :data:`~hanoikit.limits.WEB_MAX_SAVED_MOVES` moves, and a solution page
is sliced out of the whole solution built as a numpy array (a few milliseconds at the largest tower), never replayed.

The routes are module-level functions on two routers, :data:`pages` (the page) and :data:`api` (the JSON API);
:func:`create_app` assembles them with the body limit and the error handlers (:data:`HANDLERS`), and keeps what it
builds once in ``app.state``, which the routes reach through FastAPI dependencies (:func:`app_config`, and
:data:`~hanoikit.web.offload.Work` for the worker pool).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import functools
import random
from collections.abc import AsyncIterator, Callable, Coroutine
from http import HTTPStatus
from pathlib import Path
from typing import Annotated, Any

import numpy as np
from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import algorithms, levy
from ..analysis import color_trace, crossing_spans, solvable_variants
from ..draw.palette import FACE, FACE_DARK, disk_color
from ..errors import HanoiError, IllegalMoveError, InvalidPuzzleError, InvalidStateError, UnknownMethodError
from ..limits import WEB_BODY_TIMEOUT, WEB_MAX_BODY_BYTES, WEB_MAX_FAMILY_DISKS, WEB_MAX_QUOTE, WEB_MAX_WAITING
from ..move import MIN_POSTS, POST_NAMES, Move
from ..puzzle import MOVE_RULES, VARIANTS, MagneticPuzzle, Puzzle
from ..session import Game
from ..state import Color, State, flip
from . import choices, daily
from .offload import BUSY, Work, answered
from .positions import describe, random_state, read_move, remaining
from .schemas import (
    MAX_DISKS,
    MAX_PAGE,
    MAX_POSTS,
    SPELLED_OUT,
    Algorithm,
    Config,
    Error,
    Hint,
    LoadedGame,
    MoveRequest,
    MoveResult,
    Palette,
    Position,
    PositionRequest,
    RandomRequest,
    SavedGame,
    Settings,
    SolutionPage,
    SolutionRequest,
)
from .workers import Busy, Workers

__all__ = [
    "create_app",
    "api",
    "app_config",
    "pages",
    "warm",
    "warm_family",
    "BodyLimit",
    "DEEP_MEMBERS",
    "HANDLERS",
    "REFUSALS",
    "STATIC",
]

STATIC = Path(__file__).with_name("static")
"""The page: ``index.html``, ``style.css`` and its ES modules, ``app.js`` first."""

OPTIMAL = "optimal"

PALETTE = Palette(
    face=FACE,
    face_dark=FACE_DARK,
    disks=[[disk_color(disk, n) for disk in range(1, n + 1)] for n in range(1, MAX_DISKS + 1)],
)
"""The colours of :mod:`hanoikit.draw.palette`, as the page draws with them."""

MAX_PROBLEMS = 3
"""The most schema problems one refusal lists (the others are counted)."""

UNREADABLE = (
    "bad request: the body cannot be read as JSON (it is not UTF-8 text, is nested too deeply, or holds a number with "
    "too many digits)"
)
"""The refusal of a body that is not even JSON the server can read (FastAPI answers those with a bare 400)."""

REFUSALS: dict[int | str, dict[str, Any]] = {
    400: {
        "model": Error,
        "description": "The body is not JSON (empty, not valid JSON, or not sent as application/json), or cannot be "
        "read as JSON (not UTF-8, nested too deeply...).",
    },
    408: {
        "model": Error,
        "description": f"The body was not all sent within {WEB_BODY_TIMEOUT} seconds (error `RequestTimeout`); the "
        "connection is closed.",
    },
    413: {"model": Error, "description": f"The body is larger than {WEB_MAX_BODY_BYTES} bytes."},
    422: {
        "model": Error,
        "description": "The request does not fit the schema (error `ValidationError`), or the rules refuse it: the "
        "hanoikit error and its reason (a position that is not legal, an unsolvable puzzle, a bad saved game...). "
        "An illegal move is not refused so: `/api/move` answers it with `legal` false and the reason.",
    },
    503: BUSY,
}
"""The refusals every API route that asks the model may answer, all in the :class:`Error` shape."""


def _clip(text: object) -> str:
    """``text`` cut to its first :data:`~hanoikit.limits.WEB_MAX_QUOTE` characters.

    >>> _clip("S" * 100)[-5:], len(_clip("S" * 100)) - 3 == WEB_MAX_QUOTE
    ('SS...', True)
    """
    text = str(text)
    return text if len(text) <= WEB_MAX_QUOTE else text[:WEB_MAX_QUOTE] + "..."


def _refusal(status: int, detail: str, error: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(status_code=status, content={"detail": detail, "error": error}, headers=headers)


class BodyLimit:
    """ASGI middleware: read at most ``limit`` bytes of a request body, answering 413 as soon as it would be more, and
    408 if the body is not all in within ``timeout`` seconds (a client that trickles it).

    The body is read here (declared by ``Content-Length`` or chunked) and handed on whole, so that no route reads
    more than ``limit`` bytes or waits for a slow client.
    """

    def __init__(self, app: ASGIApp, limit: int = WEB_MAX_BODY_BYTES, timeout: float = WEB_BODY_TIMEOUT) -> None:
        self.app = app
        self.limit = limit
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length", b"")
        if declared.isdigit() and (len(declared) > len(str(self.limit)) or int(declared) > self.limit):
            await self._refuse(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        try:
            async with asyncio.timeout(self.timeout):
                while True:
                    message = await receive()
                    if message["type"] != "http.request":  # the client went away
                        return
                    chunks.append(message.get("body", b""))
                    size += len(chunks[-1])
                    if size > self.limit:
                        await self._refuse(scope, receive, send)
                        return
                    if not message.get("more_body", False):
                        break
        except TimeoutError:
            detail = f"the request body was not sent within {self.timeout:g} s"
            await _refusal(408, detail, "RequestTimeout", headers={"connection": "close"})(scope, receive, send)
            return
        body: Message | None = {"type": "http.request", "body": b"".join(chunks), "more_body": False}

        async def replay() -> Message:
            nonlocal body
            if body is None:
                return await receive()
            message, body = body, None
            return message

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        detail = f"the request body is larger than {self.limit} bytes"
        response = _refusal(413, detail, "RequestTooLarge", headers={"connection": "close"})
        await response(scope, receive, send)


def _algorithms() -> list[Algorithm]:
    """The algorithms to watch, from :mod:`hanoikit.algorithms`: the optimal solution and Levy's (the classic methods
    play the optimal moves)."""
    return [
        Algorithm(name=a.name, label=f"{a.label}, from {'the current position' if a.any_position else 'the start'}")
        for a in algorithms.registered()
        if a.family is not algorithms.Family.CLASSIC
    ]


def _state(puzzle: Puzzle, text: str | None) -> State:
    return puzzle.start if text is None else puzzle.parse(text)


def _position(puzzle: Puzzle, state: State) -> Position:
    return Position(**describe(puzzle, state))


def _after(puzzle: Puzzle, state: State, rows: np.ndarray) -> State:
    """Where the moves ``rows`` (disk, src, dst) lead from ``state``: each disk is where its last move took it, and a
    magnetic disk is flipped once a move. Numpy work in the number of moves, no Python loop over them."""
    disks = rows[:, 0].astype(np.intp)
    posts, ups = list(state.posts), None if state.ups is None else list(state.ups)
    backwards = disks[::-1]
    counts = np.bincount(disks, minlength=puzzle.n + 1)
    for disk in np.flatnonzero(counts).tolist():
        posts[disk - 1] = int(rows[len(disks) - 1 - int(np.argmax(backwards == disk)), 2])
        if ups is not None and counts[disk] % 2:
            ups[disk - 1] = flip(ups[disk - 1])
    return puzzle.check(State(posts, ups, post_count=puzzle.posts))


def _states(state: State, rows: np.ndarray, names: str = POST_NAMES) -> list[str]:
    """The notation of the position after each of the moves ``rows`` from ``state``, in numpy work over a page (the
    moves come from the solvers, or from a Levy run checked once, so they are not checked again); ``names``: the
    posts' letters.

    >>> _states(State.parse("SS:RR"), np.array([[1, 0, 1], [2, 0, 2]]))
    ['IS:BR', 'ID:BB']
    """
    steps, n = len(rows), state.n
    moved = np.zeros((steps, n), bool)
    moved[np.arange(steps), rows[:, 0].astype(np.intp) - 1] = True
    last = np.maximum.accumulate(np.where(moved, np.arange(steps)[:, None], -1), axis=0)  # each disk's last move
    posts = np.where(last >= 0, rows[np.maximum(last, 0), 2], np.array(state.posts))
    texts = ["".join(row) for row in np.array(list(names))[posts].tolist()]
    if state.ups is None:
        return texts
    blue = (np.cumsum(moved, axis=0) % 2 == 1) ^ (np.array(state.ups) == "B")
    return [f"{text}:{''.join(ups)}" for text, ups in zip(texts, np.where(blue, "B", "R").tolist())]


def _optimal_rows(puzzle: Puzzle, state: State) -> np.ndarray:
    """The whole optimal solution from ``state`` to the goal as rows (disk, src, dst): a few milliseconds at
    :data:`MAX_DISKS` disks (at most 606,778 moves)."""
    parts = [chunk.rows() for chunk in algorithms.OPTIMAL.arrays(puzzle, state, puzzle.goal)]
    return np.concatenate(parts) if parts else np.zeros((0, 3), np.int16)


@functools.lru_cache(maxsize=64)
def _levy_rows(n: int, name: str) -> np.ndarray:
    rows = levy.solution_array(name, n).rows()
    rows.flags.writeable = False
    return rows


@functools.lru_cache(maxsize=64)
def _levy_on_neutral(name: str, n: int, start_up: Color) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Levy's run on the neutral tower with the same start: the moves that land on an empty post, that post and the
    colour (+1 red, -1 blue) the disk then shows on top; ``None`` if the run breaks the rules even there.

    A neutral post shows no colour exactly when it is empty, so one colour trace (under 100 ms at :data:`MAX_DISKS`
    disks) answers for all 27 colourings: posts' own colours only matter when a disk lands on an empty post.
    """
    rows = _levy_rows(n, name)
    try:
        trace = color_trace(MagneticPuzzle(n, "NNN", start_up=start_up), rows)
    except IllegalMoveError:
        return None
    steps = np.arange(len(rows))
    posts = rows[:, 2].astype(np.intp)
    landing = np.flatnonzero(trace[steps, posts] == 0)
    return landing, posts[landing], trace[landing + 1, posts[landing]]


@functools.lru_cache(maxsize=1024)
def _levy_refusal(puzzle: MagneticPuzzle, name: str) -> str | None:
    """Why Levy's algorithm ``name`` cannot be played on ``puzzle`` (``None`` if it can), with the first illegal move
    and the library's reason for it."""
    rows = _levy_rows(puzzle.n, name)
    prefix = f"Levy's {name!r} algorithm cannot be played on the {puzzle.colors} tower"
    neutral = _levy_on_neutral(name, puzzle.n, puzzle.start_up)
    if neutral is None:  # the disks' faces clash whatever the posts' colours: the library names the move
        try:
            color_trace(puzzle, rows)
        except IllegalMoveError as error:
            return f"{prefix}: {error}"
        return None
    landing, posts, shown = neutral
    refused = np.zeros(len(landing), bool)
    for post, own in enumerate(puzzle.colors):
        if own != "N":  # a coloured post refuses a disk that would touch it with its own colour
            refused |= (posts == post) & (shown == (-1 if own == "R" else 1))
    if not refused.any():
        return None
    index = int(landing[np.argmax(refused)])
    state, move = _after(puzzle, puzzle.start, rows[:index]), Move(*rows[index].tolist())
    return f"{prefix}: move {index} ({move}) is illegal in {state}: {puzzle.move_error(state, move)}"


def warm() -> None:
    """Build the solvers' tables for every colouring and run Levy's algorithms on the neutral tower at the largest
    size once (about a second), so that no request pays for them; build the tables of the family's deep members and
    load the heuristic search (:func:`warm_family`; every other member's table is built on its first request). The
    server runs it in a thread while it already answers the page, then forks its worker processes, which inherit the
    tables (see :meth:`.Workers.start`).

    It first computes the menus' choices and the daily puzzle that the page asks for as it opens (otherwise paid by
    the first visitor: seconds on a busy machine, in a worker of lowered priority); the requests that come meanwhile
    are answered in threads of the server, each building what it needs (:meth:`.Workers.start`).

    The colour crossings of a whole optimal solution (:func:`_crossing_starts`, for the pages of a magnetic tower) are
    left to the first such page of each colouring (about a tenth of a second at :data:`MAX_DISKS` disks): tracing
    all 31 solutions took most of the warm-up (4 s of processor time, 20 s and more on a busy machine)."""
    choices.choices(3, MIN_POSTS, True)  # the menus of the page's first game
    daily.daily(datetime.datetime.now(datetime.UTC).date())  # today's in UTC (the page asks for its own day)
    for settings in [Settings(n=MAX_DISKS, magnetic=False)] + [
        Settings(n=MAX_DISKS, colors=colors, goal_up=goal_up) for colors, goal_up in solvable_variants()
    ]:
        puzzle = settings.puzzle()
        _optimal_rows(puzzle, puzzle.start)
    for name in (a.name for a in algorithms.registered(algorithms.Family.LEVY)):
        for start_up in ("R", "B"):
            _levy_on_neutral(name, MAX_DISKS, start_up)
    warm_family()


@contextlib.asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Warm the caches (:func:`warm`) and start the app's worker processes while the server already answers
    (:meth:`.Workers.start`); stop them at the end."""
    work: Workers = app.state.workers
    work.start()
    try:
        yield
    finally:
        work.close()


DEEP_MEMBERS = (Settings(n=WEB_MAX_FAMILY_DISKS[MIN_POSTS, False], moves="cyclic", magnetic=False),)
"""The members the page offers whose table of distances is a deep search: three posts with cyclic moves, 9,135
layers of a few positions each, which Python walks one position at a time (about 10 ms, some 50 ms on a busy
machine). The table of every other member is a few numpy calls a layer (at most about 20 ms at its cap)."""


def warm_family() -> None:
    """Answer a hint on each of :data:`DEEP_MEMBERS` from a position that is not a tower (the tower-to-tower counts are
    closed forms), so that its table is built before the first request and the family's search is loaded; and load
    the heuristic search's compiled kernels with one small search (some seconds of loading otherwise paid by the first
    hint on four posts and more above the exhaustive search's range, in each worker)."""
    for settings in DEEP_MEMBERS:
        _hint(PositionRequest(settings=settings, state="I" + "S" * (settings.n - 1)))
    from ..solvers import heuristic

    small = Puzzle(3, posts=4)
    heuristic.search(small, small.start.replace(1, 1), small.goal, progress=False)  # no bar in the server's terminal


def _hint(request: PositionRequest) -> Hint:
    """The answer of ``/api/hint``: the solver's first move and the distance."""
    puzzle = request.settings.puzzle()
    state = _state(puzzle, request.state)
    distance = puzzle.distance(state, puzzle.goal)
    if distance == 0:
        return Hint(move=None, disk=None, src=None, dst=None, distance=0)
    best = next(puzzle.solve(state, puzzle.goal))
    return Hint(move=best.notation(puzzle.posts), disk=best.disk, src=best.src, dst=best.dst, distance=distance)


def _solution_rows(puzzle: Puzzle, start: State, algorithm: str) -> np.ndarray:
    """The whole solution ``algorithm`` plays from ``start`` as rows (disk, src, dst); Levy's are refused on a tower
    or from a position they do not fit."""
    if algorithm == OPTIMAL:
        return _optimal_rows(puzzle, start)
    chosen = algorithms.get(algorithm)
    if chosen.family is not algorithms.Family.LEVY:
        watched = ", ".join(a.name for a in _algorithms())
        raise UnknownMethodError(f"unknown algorithm {algorithm!r}: choose one of {watched}")
    name = chosen.name
    if not chosen.plays(puzzle) or start != puzzle.start:
        raise InvalidPuzzleError(
            f"Levy's {name!r} algorithm is played on a magnetic tower from its start; choose the magnetic "
            "puzzle and leave the position out"
        )
    refusal = _levy_refusal(puzzle, name)
    if refusal is not None:
        raise IllegalMoveError(refusal)
    return _levy_rows(puzzle.n, name)


@functools.lru_cache(maxsize=64)
def _crossing_starts(puzzle: Puzzle, start: State, algorithm: str) -> tuple[np.ndarray, ...]:
    """Where each post's colour crossings begin in the trace of the whole solution (at most a fifth of a second at
    :data:`MAX_DISKS` disks, once): a page then counts the crossings so far by a binary search."""
    rows = _solution_rows(puzzle, start, algorithm)
    trace = color_trace(puzzle, rows, start)
    spans = crossing_spans(trace)
    return tuple(np.array([c.start for c in spans if c.post == post], np.int64) for post in range(trace.shape[1]))


def _solution_page(request: SolutionRequest) -> SolutionPage:
    """The page ``request`` asks for, sliced out of the whole solution (see the ``/api/solution`` route)."""
    puzzle = request.settings.puzzle()
    start = _state(puzzle, request.state)
    rows = _solution_rows(puzzle, start, request.algorithm)
    offset = min(request.offset, len(rows))
    first, page = _after(puzzle, start, rows[:offset]), rows[offset : offset + request.limit]
    trace = crossings = None
    if puzzle.faces:
        trace = color_trace(puzzle, page, first).tolist()
        steps = np.arange(offset, offset + len(page) + 1)
        starts = _crossing_starts(puzzle, start, request.algorithm)
        crossings = np.column_stack([np.searchsorted(s, steps, side="right") for s in starts]).tolist()
    return SolutionPage(
        algorithm=request.algorithm,
        start=str(start),
        total=len(rows),
        offset=offset,
        moves=[Move(*row).notation(puzzle.posts) for row in page.tolist()],
        states=_states(first, page, puzzle.post_names),
        trace=trace,
        crossings=crossings,
    )


def _not_json(problem: dict[str, Any]) -> str | None:
    """Why the body is not JSON, if ``problem`` (one of FastAPI's validation errors) says it is not; else ``None``.

    >>> _not_json({"type": "missing", "loc": ("body",)})
    'the body is empty: send the request as a JSON object'
    >>> _not_json({"type": "missing", "loc": ("body", "settings")}) is None
    True
    """
    if problem.get("type") == "json_invalid":
        return f"the body is not valid JSON ({_clip(problem.get('ctx', {}).get('error', 'cannot be read'))})"
    if tuple(problem.get("loc", ())) != ("body",):
        return None
    if problem.get("type") == "missing":
        return "the body is empty: send the request as a JSON object"
    if isinstance(problem.get("input"), bytes | bytearray):  # FastAPI reads JSON only when the content type says so
        return "the body is not JSON: send a JSON object with the content type application/json"
    return None


def _message(error: RequestValidationError) -> str:
    """One sentence for a request that does not fit the schema: at most :data:`MAX_PROBLEMS` problems, each naming
    its field (cut to a short prefix), never quoting the input."""
    problems = error.errors()
    parts = []
    for item in problems[:MAX_PROBLEMS]:
        where = ".".join(_clip(part) for part in item.get("loc", ()) if part != "body")
        pattern = item.get("ctx", {}).get("pattern") if item.get("type") == "string_pattern_mismatch" else None
        message = f"should be {SPELLED_OUT[pattern]}" if pattern in SPELLED_OUT else str(item.get("msg", "invalid"))
        parts.append(f"{where}: {message}" if where else message)
    if len(problems) > MAX_PROBLEMS:
        parts.append(f"and {len(problems) - MAX_PROBLEMS} more problems")
    return "bad request: " + "; ".join(parts)


async def _hanoi_error(request: Request, error: Exception) -> JSONResponse:
    return _refusal(422, str(error), type(error).__name__)


async def _bad_request(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, RequestValidationError)
    for problem in error.errors():
        reason = _not_json(problem)
        if reason is not None:
            return _refusal(400, f"bad request: {reason}", "BadRequest")
    return _refusal(422, _message(error), "ValidationError")


async def _http_error(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, HTTPException)
    phrase = HTTPStatus(error.status_code).phrase
    detail = UNREADABLE if error.status_code == 400 else str(error.detail)
    headers = dict(error.headers) if error.headers else None
    return _refusal(error.status_code, detail, "".join(phrase.split()), headers)


async def _busy(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, Busy)
    return _refusal(503, str(error), "ServiceUnavailable", {"retry-after": str(error.retry_after)})


async def _failure(request: Request, error: Exception) -> JSONResponse:
    return _refusal(500, "internal error: the server could not answer this request", "InternalError")


HANDLERS: dict[int | type[Exception], Callable[[Request, Exception], Coroutine[Any, Any, Response]]] = {
    HanoiError: _hanoi_error,
    RequestValidationError: _bad_request,
    HTTPException: _http_error,
    Busy: _busy,
    Exception: _failure,
}
"""How each kind of failure is answered, always in the :class:`~hanoikit.web.schemas.Error` shape."""


def _config() -> Config:
    return Config(
        max_disks=MAX_DISKS,
        max_page=MAX_PAGE,
        min_posts=MIN_POSTS,
        max_posts=MAX_POSTS,
        move_rules=list(MOVE_RULES),
        family_max_disks={f"{k}{'m' if faces else ''}": cap for (k, faces), cap in WEB_MAX_FAMILY_DISKS.items()},
        variants=list(VARIANTS),
        algorithms=_algorithms(),
        palette=PALETTE,
    )


async def app_config(request: Request) -> bytes:
    """The dependency of ``/api/config``: the answer the app built and rendered once (``app.state.config``)."""
    config: bytes = request.app.state.config
    return config


pages = APIRouter(include_in_schema=False)
"""The page: ``/`` (its modules are mounted under ``/static``)."""

api = APIRouter(prefix="/api")
"""The JSON API; the refusals its routes may give are in :data:`REFUSALS`.

A route that asks the model never does the work on the event loop: the answer is a module-level function of the
request model (such as ``_hint``), and the route, ``async``, hands it to the app's pool with
``return await answered(work, _hint, request)`` (``work: Work``), which also renders the JSON there. Only answers built
once (``/api/config``) are served on the loop."""


@pages.get("/")
async def index() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@api.get("/config", response_model=Config, responses={413: REFUSALS[413]})
async def config(answer: Annotated[bytes, Depends(app_config)]) -> Response:
    """Bounds and choices: the largest tower, the page size, the posts and move rules (and the caps of the family's
    members), the 27 colourings, the algorithms to watch, and the colours the pictures share
    (:mod:`hanoikit.draw.palette`)."""
    return Response(answer, media_type="application/json")


def _describe_position(request: PositionRequest) -> Position:
    puzzle = request.settings.puzzle()
    return _position(puzzle, _state(puzzle, request.state))


def _random_position(request: RandomRequest) -> Position:
    puzzle = request.settings.puzzle()
    return _position(puzzle, random_state(puzzle, random.Random(request.seed)))


def _play(request: MoveRequest) -> MoveResult:
    puzzle = request.settings.puzzle()
    state = puzzle.parse(request.state)
    try:
        played = read_move(puzzle, state, request.move)
    except IllegalMoveError as error:
        return MoveResult(legal=False, move=None, reason=str(error), position=_position(puzzle, state))
    after = puzzle.apply(state, played)
    return MoveResult(legal=True, move=played.notation(puzzle.posts), position=_position(puzzle, after))


def _load(game: SavedGame) -> LoadedGame:
    puzzle = game.settings.puzzle()
    try:
        initial = puzzle.parse(game.initial)
    except InvalidStateError as error:
        raise InvalidStateError(f"the saved initial position is not valid: {error}") from None
    try:
        played = Game.replay(puzzle, game.moves, initial)
    except HanoiError as error:
        raise type(error)(f"saved {error}") from None
    rows = np.array([tuple(move) for move in played.moves], np.int64).reshape(-1, 3)
    return LoadedGame(
        settings=game.settings,
        initial=_position(puzzle, initial),
        optimal=remaining(puzzle, initial),
        moves=[move.notation(puzzle.posts) for move in played.moves],
        states=_states(initial, rows, puzzle.post_names),
        position=_position(puzzle, played.state),
    )


@api.post("/position", response_model=Position, responses=REFUSALS)
async def position(request: PositionRequest, work: Work) -> Response:
    """Describe a position (default: the start): what the posts show, the legal moves, the moves left."""
    return await answered(work, _describe_position, request)


@api.post("/random", response_model=Position, responses=REFUSALS)
async def random_position(request: RandomRequest, work: Work) -> Response:
    """A random legal position from which the goal can be reached."""
    return await answered(work, _random_position, request)


@api.post("/move", response_model=MoveResult, responses=REFUSALS)
async def move(request: MoveRequest, work: Work) -> Response:
    """Play a move ('1SD', or 'SD' for the top disk of S). A move the rules refuse is an expected answer (200,
    ``legal`` false, with the reason); only a request that cannot be read (a bad position, a disk that does not
    exist) is a 422."""
    return await answered(work, _play, request)


@api.post("/hint", response_model=Hint, responses=REFUSALS)
async def hint(request: PositionRequest, work: Work) -> Response:
    """An optimal next move towards the goal from any position (null when solved).

    Where no solver has a closed form (more posts or restricted moves, from most positions), the answer is read
    from a table of the distance of each position of the member to its goal, built on the member's first such
    request (a few milliseconds; at startup for :data:`DEEP_MEMBERS`) and kept for the 16 members asked about last;
    above 200,000 positions (four posts with 9 or 10 disks, five posts with 8), the heuristic search answers it,
    proven optimal, from pattern databases built for the goal on the member's first hint (about 0.15 s of processor
    time, in a worker: the server keeps answering; then kept on disk) and in a few milliseconds after that. The caps
    are :data:`~hanoikit.limits.WEB_MAX_FAMILY_DISKS`.
    """
    return await answered(work, _hint, request)


@api.post("/solution", response_model=SolutionPage, responses=REFUSALS)
async def solution(request: SolutionRequest, work: Work) -> Response:
    """One page (at most ``limit`` moves from ``offset``) of the optimal solution or of a Levy algorithm.

    The page starts at its offset without replaying the moves before it: the whole solution is built as a numpy
    array (a few milliseconds at the largest tower) and sliced.
    """
    return await answered(work, _solution_page, request)


@api.post("/game/load", response_model=LoadedGame, responses=REFUSALS)
async def load(game: SavedGame, work: Work) -> Response:
    """Check a saved game (settings, initial position, moves) and replay it; a bad one is refused with the reason.

    A saved game holds at most :data:`~hanoikit.limits.WEB_MAX_SAVED_MOVES` moves (the schema says so).
    """
    return await answered(work, _load, game)


def create_app(
    processes: int | None = None,
    waiting: int = WEB_MAX_WAITING,
    threads: int = 1,
    body_timeout: float = WEB_BODY_TIMEOUT,
    warmed: bool = True,
) -> FastAPI:
    """The FastAPI app serving the page at ``/`` and the JSON API under ``/api`` (schema at ``/openapi.json``).

    Every refusal has the :class:`~hanoikit.web.schemas.Error` shape: a :class:`~hanoikit.HanoiError` or a request
    that does not fit the schema is a 422, a body over :data:`~hanoikit.limits.WEB_MAX_BODY_BYTES` bytes a 413, and an
    unexpected failure a 500 without a traceback.

    The work on the rules runs in ``processes`` worker processes (default: :func:`~.workers.default_processes`),
    started with the app (see :meth:`.Workers.start`); with ``processes=0``, in ``threads`` threads. At most
    ``waiting`` requests wait for a worker: more are refused with 503 and ``Retry-After``. A body not all in within
    ``body_timeout`` seconds is refused with 408 (the headers' deadline is the server's: :mod:`hanoikit.web.serve`).
    ``warmed``: fill the caches at startup (:func:`warm`, in a thread, before the workers are forked), so that no
    request pays for them; meanwhile the page and ``/api/config`` are answered at once, and the requests for the
    workers in threads of the server, each building what it needs.

    >>> app = create_app()
    >>> sorted(app.openapi()["paths"])[:3]
    ['/api/choices', '/api/config', '/api/daily']
    """
    app = FastAPI(
        title="hanoikit play",
        version="1",
        description="Play the Tower of Hanoi and the Magnetic Tower of Hanoi. Stateless: every request carries the "
        f"settings and the position. Request bodies are at most {WEB_MAX_BODY_BYTES} bytes. The work on the rules runs "
        f"in worker processes; when {WEB_MAX_WAITING} requests already wait for one, the next is refused at once "
        "(503, `Retry-After`).",
        lifespan=_lifespan,
        exception_handlers=HANDLERS,
    )
    app.state.config = _config().model_dump_json().encode()
    app.state.workers = Workers(processes, threads=threads, waiting=waiting, warm=warm if warmed else None)
    app.add_middleware(BodyLimit, limit=WEB_MAX_BODY_BYTES, timeout=body_timeout)
    app.include_router(pages)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(api)
    app.include_router(choices.router)
    app.include_router(daily.router)
    return app
