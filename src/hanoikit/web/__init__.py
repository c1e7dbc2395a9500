"""``hanoi play``: the puzzle in the browser, served by a small stateless FastAPI app (see :mod:`hanoikit.web.app`).

The rules and the solving stay in the Python model; the page (plain HTML, CSS and SVG drawn by JavaScript modules in
``static/``, with no build step) draws the tower and asks the API about everything else: the rules, the solutions, the
colour crossings and the palette it shares with :mod:`hanoikit.draw.palette`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._extras import require
from .positions import describe, random_state, read_move, remaining

if TYPE_CHECKING:
    from fastapi import FastAPI

__all__ = ["create_app", "describe", "random_state", "read_move", "remaining"]


def create_app(**options: Any) -> FastAPI:
    """The FastAPI app (imported on first use: FastAPI is only needed to serve the page); ``options`` as
    :func:`hanoikit.web.app.create_app`'s."""
    require("fastapi", "play")
    from .app import create_app as factory

    return factory(**options)
