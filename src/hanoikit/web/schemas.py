"""The JSON shapes of the play API (pydantic models, so that FastAPI validates them and publishes an OpenAPI schema)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..errors import InvalidPuzzleError
from ..puzzle import MagneticPuzzle, Puzzle

__all__ = [
    "MAX_DISKS",
    "MAX_PAGE",
    "MAX_SAVED_MOVES",
    "Algorithm",
    "Config",
    "Hint",
    "LoadedGame",
    "MoveRequest",
    "MoveResult",
    "Position",
    "PositionRequest",
    "RandomRequest",
    "SavedGame",
    "Settings",
    "SolutionPage",
    "SolutionRequest",
]

MAX_DISKS = 12
"""The largest tower the page offers."""

MAX_PAGE = 1000
"""The most moves one solution page may hold."""

MAX_SAVED_MOVES = 200_000
"""The most moves a saved game may hold."""

Face = Literal["R", "B"]
Notation = Field(max_length=2 * MAX_DISKS + 1, examples=["SSI:RRB"])


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Settings(_Model):
    """Which puzzle is played: classic, or magnetic with the colours of posts S, I, D and the goal's top colour."""

    n: int = Field(3, ge=1, le=MAX_DISKS, description="number of disks")
    magnetic: bool = True
    colors: str = Field("NNN", pattern="^[RBNrbn]{3}$", description="colours of S, I, D: R, B or N each")
    goal_up: Face | None = Field(None, description="colour the goal tower shows on top (default: the model's)")

    def puzzle(self) -> Puzzle:
        """The puzzle these settings name; raises :class:`~hanoikit.InvalidPuzzleError`."""
        if not self.magnetic:
            if self.goal_up is not None:
                raise InvalidPuzzleError("goal_up is for the magnetic puzzle only; the classic one has no colours")
            return Puzzle(self.n)
        return MagneticPuzzle(self.n, self.colors, goal_up=self.goal_up)


class PositionRequest(_Model):
    settings: Settings
    state: str | None = Field(None, max_length=2 * MAX_DISKS + 1, description="position; default: the start")


class RandomRequest(_Model):
    settings: Settings
    seed: int | None = Field(None, ge=0, lt=2**63, description="for a repeatable position")


class MoveRequest(_Model):
    settings: Settings
    state: str = Notation
    move: str = Field(max_length=8, description="'1SD', or two posts such as 'SD' for the top disk of S")


class SolutionRequest(_Model):
    settings: Settings
    state: str | None = Field(None, max_length=2 * MAX_DISKS + 1, description="where the solution starts")
    algorithm: str = Field("optimal", max_length=16, description="'optimal' or one of Levy's algorithms")
    offset: int = Field(0, ge=0, description="index of the first move of the page")
    limit: int = Field(200, ge=1, le=MAX_PAGE, description="most moves in the page")


class SavedGame(_Model):
    """A game saved by the page: its settings, the position it began in and the moves played."""

    format: Literal["hanoikit-game"] = "hanoikit-game"
    version: Literal[1] = 1
    settings: Settings
    initial: str = Notation
    moves: list[str] = Field(default_factory=list, max_length=MAX_SAVED_MOVES)


class Position(_Model):
    state: str = Field(examples=["SSI:RRB"])
    goal: str = Field(examples=["DDD:BBB"])
    post_colors: list[Face | None] = Field(description="colour each post shows (its top disk, else its own)")
    legal_moves: list[str]
    distance: int | None = Field(description="optimal number of moves to the goal; null if it cannot be reached")
    solved: bool


class MoveResult(_Model):
    move: str
    position: Position


class Hint(_Model):
    move: str | None = Field(description="an optimal next move; null when solved")
    disk: int | None
    src: int | None
    dst: int | None
    distance: int


class SolutionPage(_Model):
    algorithm: str
    start: str = Field(description="where the whole solution starts")
    total: int = Field(description="number of moves of the whole solution")
    offset: int
    moves: list[str]
    states: list[str] = Field(description="position after each move of the page")
    trace: list[list[int]] | None = Field(
        description="colour of S, I, D (+1 red, 0 neutral, -1 blue) before the page's first move and after each move"
    )


class Algorithm(_Model):
    name: str
    label: str


class Config(_Model):
    max_disks: int
    max_page: int
    variants: list[str]
    algorithms: list[Algorithm]


class LoadedGame(_Model):
    settings: Settings
    initial: Position
    optimal: int | None = Field(description="optimal number of moves from the initial position")
    moves: list[str]
    states: list[str] = Field(description="position after each move")
    position: Position
