"""The JSON shapes of the play API (pydantic models, so that FastAPI validates them and publishes an OpenAPI schema)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from ..errors import InvalidPuzzleError
from ..limits import (
    WEB_MAX_BODY_BYTES,
    WEB_MAX_DISKS,
    WEB_MAX_PAGE,
    WEB_MAX_POSTS,
    WEB_MAX_QUOTE,
    WEB_MAX_SAVED_MOVES,
    ensure_at_most,
    web_max_disks,
)
from ..move import MIN_POSTS
from ..puzzle import MOVE_RULES, MagneticPuzzle, Puzzle

__all__ = [
    "MAX_DISKS",
    "MAX_PAGE",
    "MAX_POSTS",
    "MOVES",
    "MAX_SAVED_MOVES",
    "MOVE",
    "POSITION",
    "SPELLED_OUT",
    "Algorithm",
    "Config",
    "Error",
    "Hint",
    "LoadedGame",
    "MoveRequest",
    "MoveResult",
    "Palette",
    "Position",
    "PositionRequest",
    "RandomRequest",
    "SavedGame",
    "Settings",
    "SolutionPage",
    "SolutionRequest",
]

MAX_DISKS = WEB_MAX_DISKS
"""The largest tower the page offers (:data:`hanoikit.limits.WEB_MAX_DISKS`)."""

MAX_PAGE = WEB_MAX_PAGE
"""The most moves one solution page may hold (:data:`hanoikit.limits.WEB_MAX_PAGE`)."""

MAX_POSTS = WEB_MAX_POSTS
"""The most posts the page offers (:data:`hanoikit.limits.WEB_MAX_POSTS`)."""

MAX_SAVED_MOVES = WEB_MAX_SAVED_MOVES
"""The most moves a saved game may hold (:data:`hanoikit.limits.WEB_MAX_SAVED_MOVES`)."""

Face = Literal["R", "B"]

POSITION = f"^[SIJKDsijkd]{{1,{MAX_DISKS}}}(?::[RBrb]{{1,{MAX_DISKS}}})?$"
"""A position: one post letter per disk (S, I, J, K, D on five posts), smallest first, then optionally ':' and one top
colour per disk."""

MOVE = "^ *(?:[0-9]{1,2} *[SIJKDsijkd0-4] *(?:->|>|-)? *[SIJKDsijkd0-4]|[SIJKDsijkd]{2}) *$"
"""A move: the disk number and two posts ('1SD', '1 S->D', '1 0 2'), or two post letters for the top disk ('SD')."""

MOVES = "^ *(?:any|cyclic|linear|star|[SIJKDsijkd]{2}(?:[ ,+]+[SIJKDsijkd]{2})*) *$"
"""A move rule: a name of :data:`hanoikit.MOVE_RULES`, or the allowed moves as pairs of post letters ('SI+ID+DS')."""


def _integral(value: Any) -> Any:
    """JSON Schema counts ``7.0`` as an integer: read it as ``7`` (``true`` stays a bool, and is refused)."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


Whole = Annotated[int, BeforeValidator(_integral)]
"""A whole number in a request: strictly an integer, as JSON Schema says (not a bool, not a string)."""

SPELLED_OUT = {
    POSITION: f"a position of at most {MAX_DISKS} disks: one post letter (S, I, J, K, D) per disk, smallest first, "
    "then optionally ':' and one top colour (R, B) per disk, e.g. 'SSI:RRB'",
    MOVE: "a move: the disk number and two posts, e.g. '1SD', or two posts, e.g. 'SD' for the top disk of S",
    MOVES: f"a move rule: one of {', '.join(MOVE_RULES)}, or pairs of post letters such as 'SI+ID+DS'",
}
"""What each pattern asks for, in words (for refusals)."""

Notation = Annotated[
    str, Field(min_length=1, max_length=2 * MAX_DISKS + 1, pattern=POSITION, examples=["SSI:RRB"])
]
MoveText = Annotated[
    str,
    Field(
        min_length=2,
        max_length=16,
        pattern=MOVE,
        description="'1SD', or two posts such as 'SD' for the top disk of S",
        examples=["1SD"],
    ),
]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    @model_validator(mode="before")
    @classmethod
    def _known_fields(cls, data: Any) -> Any:
        """Refuse unknown fields in one error naming a few of them (not one error each: a body may hold thousands)."""
        if isinstance(data, dict):
            known = cls.model_fields
            unknown = [key for key in data if key not in known]
            if unknown:
                named = ", ".join(repr(str(key)[:WEB_MAX_QUOTE]) for key in unknown[:3])
                more = f" and {len(unknown) - 3} more" if len(unknown) > 3 else ""
                raise PydanticCustomError(
                    "unknown_fields",
                    "unknown {what} {named}{more}: the fields are {fields}",
                    {"what": "field" if len(unknown) == 1 else "fields", "named": named, "more": more,
                     "fields": ", ".join(known)},
                )
        return data


class Settings(_Model):
    """Which puzzle is played: its disks, posts and move rule; classic, or magnetic with the colour of each post and
    the goal's top colour.

    A member other than the three-post tower with every move allowed is capped at fewer disks
    (:data:`~hanoikit.limits.WEB_MAX_FAMILY_DISKS`), so that a hint answers in well under 50 ms once the member's
    tables are built; a larger one is refused (422, ``TooLargeError``).
    """

    n: Whole = Field(3, ge=1, le=MAX_DISKS, description="number of disks")
    posts: Whole = Field(3, ge=MIN_POSTS, le=MAX_POSTS, description=f"number of posts, {MIN_POSTS} to {MAX_POSTS}")
    moves: str = Field(
        "any",
        max_length=64,
        pattern=MOVES,
        description=f"the move rule: {', '.join(MOVE_RULES)}, or the allowed moves as pairs of post letters",
        examples=["cyclic", "SI+ID+DS"],
    )
    magnetic: bool = True
    colors: str = Field(
        "NNN",
        pattern=f"^[RBNrbn]{{{MIN_POSTS},{MAX_POSTS}}}$",
        description="colours of the posts, S first: R, B or N each, one per post (magnetic only)",
    )
    goal_up: Face | None = Field(None, description="colour the goal tower shows on top (default: the model's)")

    def puzzle(self) -> Puzzle:
        """The puzzle these settings name; raises :class:`~hanoikit.InvalidPuzzleError`, or
        :class:`~hanoikit.TooLargeError` above the member's cap."""
        moves = self.moves.replace("+", " ")
        if not self.magnetic:
            if self.goal_up is not None:
                raise InvalidPuzzleError("goal_up is for the magnetic puzzle only; the classic one has no colours")
            puzzle = Puzzle(self.n, self.posts, moves)
        elif len(self.colors) != self.posts:
            raise InvalidPuzzleError(
                f"colors names {len(self.colors)} posts but the puzzle has {self.posts}: give one colour per post"
            )
        else:
            puzzle = MagneticPuzzle(self.n, self.colors, goal_up=self.goal_up, moves=moves)
        if puzzle.posts != MIN_POSTS or not puzzle.every_move:
            cap = web_max_disks(puzzle.posts, puzzle.faces, puzzle.every_move)
            ensure_at_most(puzzle.n, cap, f"disks ({puzzle.name})")
        return puzzle


class PositionRequest(_Model):
    """A puzzle and a position in it (default: the start), for a hint or a check."""

    settings: Settings
    state: Notation | None = Field(None, description="position; default: the start")


class RandomRequest(_Model):
    """A puzzle and an optional seed, for a random legal position."""

    settings: Settings
    seed: Annotated[int, Field(ge=0, le=2**53 - 1), BeforeValidator(_integral)] | None = Field(
        None, description="for a repeatable position (at most 2^53 - 1, exact in JavaScript)"
    )


class MoveRequest(_Model):
    """A move to play in a position of a puzzle."""

    settings: Settings
    state: Notation
    move: MoveText


class SolutionRequest(_Model):
    """A page of a solution: the puzzle, where it starts, the algorithm, and which moves."""

    settings: Settings
    state: Notation | None = Field(None, description="where the solution starts; default: the start")
    algorithm: str = Field(
        "optimal", min_length=1, max_length=16, description="'optimal' or one of Levy's algorithms (see /api/config)"
    )
    offset: Whole = Field(0, ge=0, description="index of the first move of the page")
    limit: Whole = Field(200, ge=1, le=MAX_PAGE, description="most moves in the page")


class SavedGame(_Model):
    """A game saved by the page: its settings, the position it began in and the moves played (at most
    :data:`~hanoikit.limits.WEB_MAX_SAVED_MOVES`)."""

    format: Literal["hanoikit-game"] = "hanoikit-game"
    version: Annotated[Literal[1], BeforeValidator(_integral)] = 1
    settings: Settings
    initial: Notation
    moves: list[MoveText] = Field(
        default_factory=list, max_length=MAX_SAVED_MOVES, description=f"the moves played, at most {MAX_SAVED_MOVES}"
    )


class Error(_Model):
    """Every refusal: the reason in words and the kind of error."""

    detail: str = Field(description="why the request is refused, in one sentence", examples=["post D is empty"])
    error: str = Field(
        description="the hanoikit error class (IllegalMoveError, ...), ValidationError for a request that does not fit "
        f"the schema, RequestTooLarge for a body over {WEB_MAX_BODY_BYTES} bytes, else the HTTP status in words "
        "(BadRequest, NotFound, MethodNotAllowed, InternalError)",
        examples=["IllegalMoveError"],
    )


class Position(_Model):
    """A position with what the page shows about it: the goal, the distance to it and whether it is solved."""

    state: str = Field(examples=["SSI:RRB"])
    goal: str = Field(examples=["DDD:BBB"])
    post_colors: list[Face | None] = Field(description="colour each post shows (its top disk, else its own)")
    legal_moves: list[str]
    allowed_moves: list[str] = Field(
        description="the moves the rule allows between posts, as pairs of post letters ('SI': from S to I)",
        examples=[["SI", "ID", "DS"]],
    )
    distance: int | None = Field(description="optimal number of moves to the goal; null if it cannot be reached")
    solved: bool


class MoveResult(_Model):
    """The answer to a move: played (``legal``, the move and the new position) or refused by the rules (the reason, and
    the position unchanged). An illegal move is an expected answer, not an HTTP error."""

    legal: bool = Field(description="true: the move was played; false: the rules refuse it (see reason)")
    move: str | None = Field(description="the move played in full notation, e.g. '1SD'; null when refused")
    reason: str | None = Field(
        None, description="why the rules refuse the move, in words; null when played", examples=["post D is empty"]
    )
    position: Position = Field(description="the position after the move, or the same position when refused")


class Hint(_Model):
    """An optimal next move and the distance to the goal."""

    move: str | None = Field(description="an optimal next move; null when solved")
    disk: int | None
    src: int | None
    dst: int | None
    distance: int


class SolutionPage(_Model):
    """A page of moves of a solution, with where the whole solution starts and how long it is."""

    algorithm: str
    start: str = Field(description="where the whole solution starts")
    total: int = Field(description="number of moves of the whole solution")
    offset: int
    moves: list[str]
    states: list[str] = Field(description="position after each move of the page")
    trace: list[list[int]] | None = Field(
        description="colour of S, I, D (+1 red, 0 neutral, -1 blue) before the page's first move and after each move"
    )
    crossings: list[list[int]] | None = Field(
        description="colour crossings S, I, D have made since the whole solution's start, before the page's first move "
        "and after each move (as trace)"
    )


class Algorithm(_Model):
    """An algorithm the page can watch (:mod:`hanoikit.algorithms`): its name and its label."""

    name: str
    label: str


class Palette(_Model):
    """The colours every picture shares (:mod:`hanoikit.draw.palette`), as CSS colours."""

    face: dict[str, str] = Field(description="the red and blue faces of a magnetic disk, and the coloured posts")
    face_dark: dict[str, str] = Field(description="the faces' darker shades")
    disks: list[list[str]] = Field(description="a classic disk's colour: disks[n - 1][disk - 1] in a tower of n disks")


class Config(_Model):
    """What the page needs to know: the caps, the colourings, the algorithms and the palette."""

    max_disks: int
    max_page: int
    min_posts: int
    max_posts: int
    move_rules: list[str] = Field(description="the named move rules (or give the allowed moves as pairs of letters)")
    family_max_disks: dict[str, int] = Field(
        description="the largest tower of a member other than three posts with every move: by 'POSTS' (classic) "
        "and 'POSTSm' (magnetic), e.g. '4m'"
    )
    variants: list[str]
    algorithms: list[Algorithm]
    palette: Palette


class LoadedGame(_Model):
    """A saved game replayed: its settings, the position it began in, the moves and where they lead."""

    settings: Settings
    initial: Position
    optimal: int | None = Field(description="optimal number of moves from the initial position")
    moves: list[str]
    states: list[str] = Field(description="position after each move")
    position: Position
