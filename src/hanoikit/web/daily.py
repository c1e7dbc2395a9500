"""The daily puzzle (``/api/daily``): the same for everyone on a date, a member of the family, a start and a goal drawn
from the date's seed, with its par (the distance from the start to the goal, computed here, not in the page).
"""

from __future__ import annotations

import datetime
import functools
import hashlib
import random
from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import Response
from pydantic import BaseModel

from ..errors import InvalidPuzzleError
from ..limits import WEB_MAX_FAMILY_DISKS
from .choices import choices
from .offload import BUSY, Work, answered
from .positions import random_state
from .schemas import Error, Settings

__all__ = ["Daily", "daily", "router", "seed_of"]

router = APIRouter()

FIRST = datetime.date(2000, 1, 1)
LAST = datetime.date(2100, 12, 31)
"""The dates the daily puzzle is offered for."""

POSTS = (3, 3, 4, 4, 5)
"""The posts a day's puzzle may have (three and four posts twice as often as five)."""

TRIES = 30
MIN_PAR_PER_DISK = 3
"""A day's start is drawn until its par is at least this many moves a disk (at most :data:`TRIES` draws)."""


class Daily(BaseModel):
    """A day's puzzle: its settings (as ``/api/position`` takes them), start and goal positions and par."""

    date: str
    seed: int
    settings: Settings
    start: str
    goal: str
    par: int


def seed_of(date: datetime.date) -> int:
    """The date's seed: the first 8 bytes of the SHA-256 of its ISO form, as a number (the same everywhere).

    >>> seed_of(datetime.date(2026, 11, 25)) == seed_of(datetime.date(2026, 11, 25))
    True
    """
    return int.from_bytes(hashlib.sha256(date.isoformat().encode()).digest()[:8], "big")


@functools.lru_cache(maxsize=64)
def daily(date: datetime.date) -> Daily:
    """The puzzle of ``date``: a magnetic member (posts, move rule, colouring and goal face among those that can be
    played), 3 disks up to the member's cap (at most 5), and a random start from which the goal can be reached.

    >>> day = daily(datetime.date(2026, 11, 25))
    >>> day.settings.puzzle().distance(day.settings.puzzle().parse(day.start)) == day.par > 0
    True
    """
    rng = random.Random(seed_of(date))
    posts = rng.choice(POSTS)
    n = rng.randint(3, min(5, WEB_MAX_FAMILY_DISKS[posts, True]))
    options = [
        (rule.moves, coloring.colors, goal.goal_up)
        for rule in choices(n, posts, True).rules
        for coloring in rule.colorings
        for goal in coloring.goals
        if goal.par is not None
    ]
    moves, colors, goal_up = rng.choice(options)
    settings = Settings.model_validate(
        {"n": n, "posts": posts, "moves": moves, "magnetic": True, "colors": colors, "goal_up": goal_up}
    )
    puzzle = settings.puzzle()
    best, par = puzzle.start, -1
    for _ in range(TRIES):  # a start worth a day: at least MIN_PAR_PER_DISK moves a disk, else the farthest drawn
        start = random_state(puzzle, rng)
        distance = puzzle.distance(start, puzzle.goal)
        if distance > par:
            best, par = start, distance
        if par >= MIN_PAR_PER_DISK * n:
            break
    return Daily(date=date.isoformat(), seed=seed_of(date), settings=settings, start=str(best), goal=str(puzzle.goal),
                 par=par)


@router.get(
    "/api/daily",
    response_model=Daily,
    responses={422: {"model": Error, "description": "A date that is not YYYY-MM-DD from 2000 to 2100."}, 503: BUSY},
)
async def daily_route(
    work: Work,
    date: Annotated[
        datetime.date | None, Query(description="the day, YYYY-MM-DD (default: today in UTC), 2000-01-01 to 2100-12-31")
    ] = None,
) -> Response:
    """The daily puzzle: the same member, start, goal and par for everyone on a date."""
    day = date or datetime.datetime.now(datetime.UTC).date()
    if not FIRST <= day <= LAST:
        raise InvalidPuzzleError(f"the daily puzzle is offered from {FIRST} to {LAST}, not on {day}")
    return await answered(work, daily, day)
