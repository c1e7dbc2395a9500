"""Breadth-first search at scale: two bits per position, in blocks, in-process, on all cores or on a Dask cluster.

:func:`frontier_search` searches every position of any member of the family (any number of posts, any move rule,
magnetic faces and post colours) reachable from a source, layer by layer, keeping two bits per code
(:mod:`~hanoikit.frontier.layout`); :mod:`~hanoikit.frontier.engines` runs its block tasks
(:mod:`~hanoikit.frontier.block`) and :mod:`~hanoikit.frontier.checkpoint` makes each layer durable.

>>> from hanoikit import MagneticPuzzle
>>> result = frontier_search(MagneticPuzzle(3))
>>> result.distance, result.reachable, result.states
(11, 114, 126)
"""

from .engines import ENGINES, make_engine
from .layout import Layout, position_count
from .result import FrontierResult
from .search import NARROW, frontier_search

__all__ = ["ENGINES", "FrontierResult", "Layout", "NARROW", "frontier_search", "make_engine", "position_count"]
