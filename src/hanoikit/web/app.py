"""The play API and page: a stateless FastAPI app that answers every question the page asks from the Python model.

The page sends the settings and the position with each request; the answers come from :class:`~hanoikit.Puzzle`
and :class:`~hanoikit.MagneticPuzzle` (rules and solving), :mod:`hanoikit.levy` (Levy's algorithms) and
:mod:`hanoikit.analysis` (the colour trace). Every :class:`~hanoikit.HanoiError` becomes a 422 answer with its message.
"""

from __future__ import annotations

import functools
import itertools
import random
from pathlib import Path
from typing import Any

import numpy as np
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from .. import levy
from ..analysis import color_trace
from ..errors import HanoiError, IllegalMoveError, InvalidPuzzleError, InvalidStateError
from ..move import Move
from ..puzzle import VARIANTS, MagneticPuzzle, Puzzle
from ..state import State, flip
from .positions import describe, random_state, read_move, remaining
from .schemas import (
    MAX_DISKS,
    MAX_PAGE,
    Algorithm,
    Config,
    Hint,
    LoadedGame,
    MoveRequest,
    MoveResult,
    Position,
    PositionRequest,
    RandomRequest,
    SavedGame,
    SolutionPage,
    SolutionRequest,
)

__all__ = ["create_app", "STATIC"]

STATIC = Path(__file__).with_name("static")
"""The page: ``index.html``, ``app.js`` and ``style.css``."""

OPTIMAL = "optimal"


def _algorithms() -> list[Algorithm]:
    found = [Algorithm(name=OPTIMAL, label="Optimal solution, from the current position")]
    for name, algorithm in levy.ALGORITHMS.items():
        found.append(Algorithm(name=name, label=f'Levy "{name}" (published for {algorithm.colors}), from the start'))
    return found


def _state(puzzle: Puzzle, text: str | None) -> State:
    return puzzle.start if text is None else puzzle.parse(text)


def _position(puzzle: Puzzle, state: State) -> Position:
    return Position(**describe(puzzle, state))


@functools.lru_cache(maxsize=16)
def _levy_run(puzzle: MagneticPuzzle, algorithm: str) -> tuple[np.ndarray, np.ndarray]:
    """All moves of a Levy algorithm on ``puzzle`` as rows (disk, src, dst), and their colour trace.

    Computing the trace checks every move against the puzzle's rules.
    """
    rows = levy.solution_array(puzzle.n, algorithm)
    try:
        trace = color_trace(puzzle, rows)
    except IllegalMoveError as error:
        raise IllegalMoveError(
            f"Levy's {algorithm!r} algorithm cannot be played on the {puzzle.colors} tower: {error}"
        ) from None
    return rows, trace


def _after(puzzle: MagneticPuzzle, rows: np.ndarray) -> State:
    """Where the moves ``rows`` lead from the start: each disk is where its last move took it, flipped once a move."""
    start = puzzle.start
    posts, ups = list(start.posts), list(start.ups or ())
    for disk in range(1, puzzle.n + 1):
        mine = np.flatnonzero(rows[:, 0] == disk)
        if mine.size:
            posts[disk - 1] = int(rows[mine[-1], 2])
            ups[disk - 1] = flip(ups[disk - 1]) if mine.size % 2 else ups[disk - 1]
    return puzzle.check(State(posts, ups))


def _levy_page(puzzle: Puzzle, state: State, request: SolutionRequest) -> tuple[int, State, list[Move], Any]:
    name = levy.get(request.algorithm).name
    if not isinstance(puzzle, MagneticPuzzle) or state != puzzle.start:
        raise InvalidPuzzleError(
            f"Levy's {name!r} algorithm is played on a magnetic tower from its start; choose the magnetic puzzle "
            "and leave the position out"
        )
    rows, trace = _levy_run(puzzle, name)
    offset = min(request.offset, len(rows))
    page = rows[offset : offset + request.limit]
    moves = [Move(*row) for row in page.tolist()]
    return len(rows), _after(puzzle, rows[:offset]), moves, trace[offset : offset + len(moves) + 1]


def _optimal_page(puzzle: Puzzle, state: State, request: SolutionRequest) -> tuple[int, State, list[Move], Any]:
    total = puzzle.distance(state, puzzle.goal)
    if request.offset >= total:
        first, moves = puzzle.goal, []
    else:
        solution = puzzle.solve(state, puzzle.goal)
        first = puzzle.play(itertools.islice(solution, request.offset), state)
        moves = list(itertools.islice(solution, request.limit))
    trace = color_trace(puzzle, moves, first) if puzzle.magnetic else None
    return total, first, moves, trace


def _message(error: RequestValidationError) -> str:
    parts = []
    for item in error.errors():
        if item.get("type") == "json_invalid":
            parts.append(f"the body is not valid JSON ({item.get('ctx', {}).get('error', 'cannot be read')})")
            continue
        where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
        parts.append(f"{where}: {item.get('msg', 'invalid')}" if where else str(item.get("msg", "invalid")))
    return "bad request: " + "; ".join(parts)


def create_app() -> FastAPI:
    """The FastAPI app serving the page at ``/`` and the JSON API under ``/api`` (schema at ``/openapi.json``).

    >>> app = create_app()
    >>> sorted(route.path for route in app.routes if route.path.startswith("/api"))[:3]
    ['/api/config', '/api/game/load', '/api/hint']
    """
    app = FastAPI(
        title="hanoikit play",
        version="1",
        description="Play the Tower of Hanoi and the Magnetic Tower of Hanoi. Stateless: every request carries the "
        "settings and the position.",
    )

    @app.exception_handler(HanoiError)
    async def hanoi_error(request: Request, error: HanoiError) -> JSONResponse:
        return JSONResponse(status_code=422, content={"detail": str(error), "error": type(error).__name__})

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse(status_code=422, content={"detail": _message(error), "error": "ValidationError"})

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/api/config", response_model=Config)
    def config() -> Config:
        """Bounds and choices: the largest tower, the page size, the 27 colourings, the algorithms to watch."""
        return Config(max_disks=MAX_DISKS, max_page=MAX_PAGE, variants=list(VARIANTS), algorithms=_algorithms())

    @app.post("/api/position", response_model=Position)
    def position(request: PositionRequest) -> Position:
        """Describe a position (default: the start): what the posts show, the legal moves, the moves left."""
        puzzle = request.settings.puzzle()
        return _position(puzzle, _state(puzzle, request.state))

    @app.post("/api/random", response_model=Position)
    def random_position(request: RandomRequest) -> Position:
        """A random legal position from which the goal can be reached."""
        puzzle = request.settings.puzzle()
        return _position(puzzle, random_state(puzzle, random.Random(request.seed)))

    @app.post("/api/move", response_model=MoveResult)
    def move(request: MoveRequest) -> MoveResult:
        """Play a move ('1SD', or 'SD' for the top disk of S); an illegal one is refused with the reason (422)."""
        puzzle = request.settings.puzzle()
        state = puzzle.parse(request.state)
        played = read_move(puzzle, state, request.move)
        return MoveResult(move=str(played), position=_position(puzzle, puzzle.apply(state, played)))

    @app.post("/api/hint", response_model=Hint)
    def hint(request: PositionRequest) -> Hint:
        """An optimal next move towards the goal from any position (null when solved)."""
        puzzle = request.settings.puzzle()
        state = _state(puzzle, request.state)
        distance = puzzle.distance(state, puzzle.goal)
        if distance == 0:
            return Hint(move=None, disk=None, src=None, dst=None, distance=0)
        best = next(puzzle.solve(state, puzzle.goal))
        return Hint(move=str(best), disk=best.disk, src=best.src, dst=best.dst, distance=distance)

    @app.post("/api/solution", response_model=SolutionPage)
    def solution(request: SolutionRequest) -> SolutionPage:
        """One page (at most ``limit`` moves from ``offset``) of the optimal solution or of a Levy algorithm."""
        puzzle = request.settings.puzzle()
        start = _state(puzzle, request.state)
        paging = _optimal_page if request.algorithm == OPTIMAL else _levy_page
        total, first, moves, trace = paging(puzzle, start, request)
        state, states = first, []
        for played in moves:
            state = puzzle.apply(state, played)
            states.append(str(state))
        return SolutionPage(
            algorithm=request.algorithm,
            start=str(start),
            total=total,
            offset=min(request.offset, total),
            moves=[str(played) for played in moves],
            states=states,
            trace=None if trace is None else np.asarray(trace).tolist(),
        )

    @app.post("/api/game/load", response_model=LoadedGame)
    def load(game: SavedGame) -> LoadedGame:
        """Check a saved game (settings, initial position, moves) and replay it; a bad one is refused with the reason."""
        puzzle = game.settings.puzzle()
        try:
            initial = puzzle.parse(game.initial)
        except InvalidStateError as error:
            raise InvalidStateError(f"the saved initial position is not valid: {error}") from None
        state, moves, states = initial, [], []
        for index, text in enumerate(game.moves, 1):
            try:
                played = read_move(puzzle, state, text)
            except HanoiError as error:
                raise type(error)(f"saved move {index} ({text!r}) cannot be played in {state}: {error}") from None
            state = puzzle.apply(state, played)
            moves.append(str(played))
            states.append(str(state))
        return LoadedGame(
            settings=game.settings,
            initial=_position(puzzle, initial),
            optimal=remaining(puzzle, initial),
            moves=moves,
            states=states,
            position=_position(puzzle, state),
        )

    return app
