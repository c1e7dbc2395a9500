"""hanoikit: the Tower of Hanoi family, above all the Magnetic Tower of Hanoi, exact and fast.

>>> import hanoikit as hk
>>> hk.Puzzle(5).distance()
31
>>> hk.MagneticPuzzle(3).distance()
11
>>> hk.Puzzle(4, posts=4).distance(), hk.Puzzle(4, moves="cyclic").distance()
(9, 59)
"""

from __future__ import annotations

import importlib
from typing import Any

from .errors import (
    CheckpointError,
    CheckpointInUseError,
    EmptyStackError,
    EngineError,
    HanoiError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidMoveError,
    InvalidPuzzleError,
    InvalidStateError,
    MissingExtraError,
    MoveIndexError,
    TooLargeError,
    UnknownMethodError,
    UnsolvableError,
)
from .limits import MAX_POSTS
from .move import POST_NAMES, Move, post_index, post_names
from .puzzle import MOVE_RULES, VARIANTS, MagneticPuzzle, Puzzle, move_rule
from .session import Game
from .state import COLORS, Color, State, flip

__version__ = "0.1.0"

__all__ = [
    "COLORS",
    "CheckpointError",
    "CheckpointInUseError",
    "Color",
    "EmptyStackError",
    "EngineError",
    "Game",
    "HanoiError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidMoveError",
    "InvalidPuzzleError",
    "InvalidStateError",
    "MAX_POSTS",
    "MOVE_RULES",
    "MagneticPuzzle",
    "MissingExtraError",
    "MoveIndexError",
    "Move",
    "POST_NAMES",
    "Puzzle",
    "State",
    "TooLargeError",
    "UnknownMethodError",
    "UnsolvableError",
    "VARIANTS",
    "flip",
    "move_rule",
    "post_index",
    "post_names",
]

# Clients of the core, imported on first use so that ``import hanoikit`` stays light.
_SUBMODULES = {"analysis", "graph", "levy", "search", "solvers", "svg", "text"}
_FUNCTIONS = {"check": "checker", "CheckReport": "checker"}  # names of such clients, found in their modules


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    if name in _FUNCTIONS:
        value = getattr(importlib.import_module(f".{_FUNCTIONS[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'hanoikit' has no attribute {name!r}")
