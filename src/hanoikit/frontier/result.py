"""The outcome of a frontier search: the number of positions at each distance from the source, and the target's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..puzzle import Puzzle
from ..state import State
from .layout import Layout, position_count

__all__ = ["FrontierResult"]


class FrontierResult:
    """What :func:`~hanoikit.frontier.frontier_search` found.

    >>> from hanoikit import Puzzle
    >>> from hanoikit.frontier import frontier_search
    >>> result = frontier_search(Puzzle(2, moves="cyclic"))
    >>> result
    FrontierResult(Puzzle(2, moves='cyclic'), source='SS', reachable=9, eccentricity=7, distance=7)
    >>> result.as_dict()["layers"]
    [1, 1, 1, 1, 1, 2, 1, 1]
    """

    def __init__(
        self,
        puzzle: Puzzle,
        source: State,
        target: State | None,
        layers: Sequence[int],
        distance: int | None,
        seconds: float,
        engine: str,
        workers: int,
        layout: Layout,
    ) -> None:
        self.puzzle, self.source, self.target = puzzle, source, target
        self._layers = layers  # a compact array: a search may have tens of millions of layers
        self.distance = distance
        """The least number of moves from the source to the target, ``None`` if it cannot be reached."""
        self.seconds = seconds
        self.engine, self.workers, self.layout = engine, workers, layout

    @property
    def layer_sizes(self) -> list[int]:
        """How many positions lie at each distance 0, 1, ... from the source."""
        return list(self._layers)

    @property
    def states(self) -> int:
        """The number of legal positions of the puzzle."""
        return position_count(self.puzzle)

    @property
    def reachable(self) -> int:
        """How many positions can be reached from the source (the source included)."""
        return sum(self._layers)

    @property
    def eccentricity(self) -> int:
        """The largest distance from the source."""
        return len(self._layers) - 1

    def as_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready values (``distance`` is ``None`` when the target cannot be reached)."""
        return {
            "puzzle": repr(self.puzzle),
            "source": str(self.source),
            "target": None if self.target is None else str(self.target),
            "states": self.states,
            "reachable": self.reachable,
            "distance": self.distance,
            "eccentricity": self.eccentricity,
            "layers": self.layer_sizes,
            "seconds": round(self.seconds, 3),
            "engine": self.engine,
            "workers": self.workers,
            "blocks": self.layout.blocks,
            "state_bytes": self.layout.state_bytes,
        }

    def __repr__(self) -> str:
        return (
            f"FrontierResult({self.puzzle!r}, source={str(self.source)!r}, reachable={self.reachable}, "
            f"eccentricity={self.eccentricity}, distance={self.distance})"
        )
