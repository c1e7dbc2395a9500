"""Breadth-first search at scale: two bits per position, in blocks, in-process, on all cores or on a Dask cluster.

:func:`frontier_search` searches every position of any member of the family (any number of posts, any move rule,
magnetic faces and post colours) reachable from a source, layer by layer, keeping two bits per code
(:mod:`~hanoikit.frontier.layout`); :mod:`~hanoikit.frontier.engines` runs its block tasks
(:mod:`~hanoikit.frontier.block`) and :mod:`~hanoikit.frontier.checkpoint` makes each layer durable.

>>> from hanoikit import MagneticPuzzle
>>> from hanoikit.frontier import frontier_search
>>> result = frontier_search(MagneticPuzzle(3))
>>> result.distance, result.reachable, result.states
(11, 114, 126)
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "ENGINES",
    "NARROW",
    "FrontierResult",
    "Layout",
    "frontier_search",
    "make_engine",
    "overhead_bytes",
    "position_count",
]

ENGINES = ("inprocess", "processes", "dask")
"""The engines by name (:func:`~hanoikit.frontier.engines.make_engine`): the default runs the tasks in this process.
Named here, so that the command line offers them without loading the engines (numba)."""

_HOMES = {
    "make_engine": "engines",
    "Layout": "layout",
    "position_count": "layout",
    "FrontierResult": "result",
    "NARROW": "search",
    "frontier_search": "search",
    "overhead_bytes": "search",
}


def __getattr__(name: str) -> Any:  # the kernels (and numba) load on first use, not with the command line
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{_HOMES[name]}", __name__), name)
