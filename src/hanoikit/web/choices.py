"""What the page's menus may offer: for a number of disks and posts, each move rule, each colouring and each goal face,
the par of the game it starts, or the reason there is none (``/api/choices``).

A classic rule is available when its moves join every post to every other (Leiss 1983: the tower then moves for any
number of disks), a fact of the rule read without a search; a magnetic goal is available when a search reaches it.

No game starts without a par: the page disables a choice whose goal cannot be reached and says why, and its default
goal is one that can be reached (the model's default when it can, else the other face).
"""

from __future__ import annotations

import functools
from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import Response
from pydantic import BaseModel

from ..errors import UnsolvableError
from ..limits import WEB_MAX_DISKS, WEB_MAX_FAMILY_DISKS, WEB_MAX_POSTS
from ..move import MIN_POSTS, post_names
from ..puzzle import MOVE_RULES, VARIANTS, MagneticPuzzle, Puzzle
from ..state import COLORS
from .offload import BUSY, Work, answered
from .schemas import Error

__all__ = ["Choices", "Coloring", "Goal", "Rule", "choices", "moves_join_posts", "router"]

router = APIRouter()

FACE_WORD = {"R": "red", "B": "blue"}


class Goal(BaseModel):
    """A goal face of a colouring: the par from the start tower, or why it cannot be played."""

    goal_up: str
    par: int | None
    reason: str | None


class Coloring(BaseModel):
    """A colouring of S, I and D (the posts between I and D are plain): its goal faces, and the one to play by
    default (``None``: none can be reached, ``reason`` says why)."""

    code: str
    colors: str
    goals: list[Goal]
    model_goal: str
    default_goal: str | None
    reason: str | None


class Rule(BaseModel):
    """A move rule: the colourings of the magnetic game (none for the classic one); ``reason`` when the rule cannot
    be played."""

    moves: str
    max_disks: int
    colorings: list[Coloring]
    reason: str | None


class Choices(BaseModel):
    """What the menus may offer for ``n`` disks on ``posts`` posts, classic or ``magnetic``: each rule's choices."""

    n: int
    posts: int
    magnetic: bool
    rules: list[Rule]


def _cap(posts: int, moves: str, magnetic: bool) -> int:
    return WEB_MAX_DISKS if posts == MIN_POSTS and moves == "any" else WEB_MAX_FAMILY_DISKS[posts, magnetic]


def _par(puzzle: Puzzle) -> int | None:
    try:
        return puzzle.distance()
    except UnsolvableError:
        return None


def moves_join_posts(puzzle: Puzzle) -> bool:
    """Whether the puzzle's moves lead from every post to every other (its move graph is strongly connected).

    >>> moves_join_posts(Puzzle(10, 4, "cyclic")), moves_join_posts(Puzzle(2, 3, "SI ID"))
    (True, False)
    """
    def all_reached(pairs: list[tuple[int, int]]) -> bool:
        reached = {0}
        for _ in range(puzzle.posts):
            reached |= {dst for src, dst in pairs if src in reached}
        return len(reached) == puzzle.posts

    return all_reached(list(puzzle.moves)) and all_reached([(dst, src) for src, dst in puzzle.moves])


def _coloring(n: int, posts: int, moves: str, code: str) -> Coloring:
    colors = code[:2] + "N" * (posts - 3) + code[2]
    last = post_names(posts)[-1]
    goals = []
    reason: str | None
    for face in COLORS:
        puzzle = MagneticPuzzle(n, colors, goal_up=face, moves=moves)
        par = _par(puzzle) if puzzle.goal_is_legal else None
        if par is not None:
            reason = None
        elif not puzzle.goal_is_legal:
            own = FACE_WORD[colors[-1]]
            reason = f"post {last} is {own}, so a tower on it shows {own} on top"
        else:
            reason = f"no tower on {last} showing {FACE_WORD[face]} can be reached from the start with {moves} moves"
        goals.append(Goal(goal_up=face, par=par, reason=reason))
    model = MagneticPuzzle(n, colors, moves=moves).goal.up(1) or "B"
    reachable = [goal.goal_up for goal in goals if goal.par is not None]
    default = model if model in reachable else (reachable[0] if reachable else None)
    reason = None if reachable else f"no tower on {last} can be reached from the start with {moves} moves"
    return Coloring(code=code, colors=colors, goals=goals, model_goal=model, default_goal=default, reason=reason)


@functools.lru_cache(maxsize=128)
def choices(n: int, posts: int, magnetic: bool) -> Choices:
    """The menus' choices for ``n`` disks on ``posts`` posts (classic: no search; magnetic: one per colouring and goal
    face, at most some 0.6 s of processor time at the page's caps, once).

    >>> rules = {rule.moves: rule for rule in choices(3, 3, True).rules}
    >>> rules["cyclic"].reason
    'no colouring reaches a goal tower with cyclic moves on 3 posts'
    >>> [(c.default_goal, [g.par for g in c.goals]) for c in rules["any"].colorings if c.code == "NNN"]
    [('B', [16, 11])]
    """
    rules = []
    reason: str | None
    for moves in MOVE_RULES:
        cap = _cap(posts, moves, magnetic)
        if n > cap:
            reason = f"at most {cap} disks with {moves} moves on {posts} posts"
            rules.append(Rule(moves=moves, max_disks=cap, colorings=[], reason=reason))
            continue
        if not magnetic:
            joined = moves_join_posts(Puzzle(n, posts, moves))
            reason = None if joined else f"the tower cannot be moved with {moves} moves"
            rules.append(Rule(moves=moves, max_disks=cap, colorings=[], reason=reason))
            continue
        colorings = [_coloring(n, posts, moves, code) for code in VARIANTS]
        none = all(coloring.default_goal is None for coloring in colorings)
        reason = f"no colouring reaches a goal tower with {moves} moves on {posts} posts" if none else None
        rules.append(Rule(moves=moves, max_disks=cap, colorings=colorings, reason=reason))
    return Choices(n=n, posts=posts, magnetic=magnetic, rules=rules)


@router.get(
    "/api/choices",
    response_model=Choices,
    responses={
        422: {"model": Error, "description": "A number of disks or posts out of range (`ValidationError`)."},
        503: BUSY,
    },
)
async def choices_route(
    work: Work,
    n: Annotated[int, Query(ge=1, le=WEB_MAX_DISKS, description="number of disks")] = 3,
    posts: Annotated[int, Query(ge=MIN_POSTS, le=WEB_MAX_POSTS, description="number of posts")] = 3,
    magnetic: bool = True,
) -> Response:
    """For each move rule, colouring and goal face: the par of the game, or the reason it cannot be played (the
    page disables those choices and says why)."""
    return await answered(work, _choices_of, (n, posts, magnetic))


def _choices_of(menu: tuple[int, int, bool]) -> Choices:
    return choices(*menu)
