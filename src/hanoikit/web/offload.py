"""How a route hands its work to the app's worker pool (:mod:`hanoikit.web.workers`) instead of doing it on the event
loop: the pool as a FastAPI dependency, and the answer computed and rendered to JSON in a worker.

A route that asks the model is ``async``, takes ``work: Work`` and returns ``await answered(work, function, argument)``,
where ``function`` is a module-level function of one picklable argument returning a pydantic model (the route's
``response_model``), and documents :data:`BUSY` among its responses.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import Depends, Request
from fastapi.responses import Response
from pydantic import BaseModel

from ..limits import WEB_MAX_WAITING
from .schemas import Error
from .workers import Workers

__all__ = ["BUSY", "Work", "answered", "app_workers"]

A = TypeVar("A")

BUSY: dict[str, Any] = {
    "model": Error,
    "description": f"The server is busy (error `ServiceUnavailable`): {WEB_MAX_WAITING} requests already wait for a "
    "worker, so this one is refused at once instead of queueing; send it again after `Retry-After` seconds. "
    "The same answer (its detail saying so) when a worker process died while this request was on the pool (killed, "
    "out of memory): the pool is started again. `/api/config` and the page never wait for a worker.",
    "headers": {
        "Retry-After": {"description": "seconds to wait before sending it again", "schema": {"type": "integer"}}
    },
}
"""The 503 answer of every route that hands its work to the pool, for its ``responses``."""


async def app_workers(request: Request) -> Workers:
    """The dependency of the routes that ask the model: the app's pool (``app.state.workers``)."""
    work: Workers = request.app.state.workers
    return work


Work = Annotated[Workers, Depends(app_workers)]
"""The type of a route's ``work`` parameter: the app's pool, through :func:`app_workers`."""


def _rendered(function: Callable[[A], BaseModel], argument: A) -> bytes:
    """The JSON of ``function(argument)``, rendered in the worker: the event loop only sends the bytes."""
    return function(argument).model_dump_json().encode()


async def answered(work: Workers, function: Callable[[A], BaseModel], argument: A) -> Response:
    """``function(argument)`` computed and rendered in ``work``'s pool, as a JSON response; raises
    :class:`~hanoikit.web.workers.Busy` (503) when the pool is full, else what ``function`` raises."""
    return Response(await work.run(functools.partial(_rendered, function), argument), media_type="application/json")
