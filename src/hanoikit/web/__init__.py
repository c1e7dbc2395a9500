"""``hanoi play``: the puzzle in the browser, served by a small stateless FastAPI app (see :mod:`hanoikit.web.app`).

The rules and the solving stay in the Python model; the page (plain HTML, CSS, JavaScript and SVG in ``static/``)
draws the tower and asks the API about everything else.
"""

from __future__ import annotations

from .positions import describe, random_state, read_move, remaining

__all__ = ["create_app", "describe", "random_state", "read_move", "remaining"]


def create_app():  # type: ignore[no-untyped-def]
    """The FastAPI app (imported on first use: FastAPI is only needed to serve the page)."""
    from .app import create_app as factory

    return factory()
