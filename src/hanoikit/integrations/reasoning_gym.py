"""reasoning-gym both ways: its ``tower_of_hanoi`` entries read as hanoikit instances, and hanoikit's members
registered as reasoning-gym procedural datasets whose ``score_answer`` is hanoikit's checker.

**Reading.** A reasoning-gym ``tower_of_hanoi`` entry (``question``, ``answer``, ``metadata`` with ``num_disks``,
``num_pegs``, ``start_peg`` and ``target_peg``, pegs numbered from 1) is the classic puzzle on ``num_pegs`` posts from
the tower on ``start_peg`` to the tower on ``target_peg``; its answers are read with the post names ``1 2 3 ...``
("Move disk 1 from Peg 1 to Peg 3"). :func:`instance_from_entry` makes it a hanoikit instance, so that
:func:`hanoikit.score.score` and ``hanoi score`` take a reasoning-gym set as it is.

>>> entry = {"question": "...", "answer": "Move disk 1 from Peg 2 to Peg 1",
...          "metadata": {"source_dataset": "tower_of_hanoi", "num_disks": 1, "num_pegs": 3, "start_peg": 2,
...                       "target_peg": 1, "solution_length": 1}}
>>> instance = instance_from_entry(entry)
>>> instance["family"], instance["start"], instance["goal"], instance["names"], instance["optimal"]
('classic', 'I', 'S', '123', 1)

**Registering** (``pip install 'hanoikit[rg]'``). :func:`register` adds to reasoning-gym's registry one dataset per
entry of :data:`DATASETS` (``hanoikit_magnetic``, ``hanoikit_posts4``, ...), each configured by
:class:`HanoikitConfig` (families, disks, start, goal, goal post, prompt style, size, seed). Entry ``i`` is
:func:`hanoikit.generate.instance_at` of the seed and ``i``: the prompt is its ``question``, an optimal answer in the
style its ``answer``, the instance its ``metadata``. ``score_answer`` checks an answer with
:func:`hanoikit.checker.check`: 1.0 for an optimal solution, ``optimal / moves`` for a longer one, 0.0 otherwise::

    import reasoning_gym
    from hanoikit.integrations import reasoning_gym as bridge

    bridge.register()
    data = reasoning_gym.create_dataset("hanoikit_magnetic", min_disks=2, max_disks=4, size=10, seed=1)
    data.score_answer(data[0]["answer"], data[0])   # 1.0
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field, make_dataclass
from typing import Any

from ..checker import check
from ..errors import HanoiError, InvalidPuzzleError, quote
from ..generate import STARTS, STYLES, answer_text, check_sizes, instance_at, instance_puzzle
from ..limits import MAX_GENERATE_SOLUTION_MOVES
from ..puzzle import Puzzle
from ..state import State

__all__ = ["DATASETS", "HanoikitConfig", "instance_from_entry", "is_entry", "register", "score_answer"]

DATASETS: dict[str, tuple[str, ...]] = {
    "hanoikit_classic": ("classic",),
    "hanoikit_magnetic": ("magnetic",),
    "hanoikit_posts4": ("posts4",),
    "hanoikit_posts5": ("posts5",),
    "hanoikit_restricted": ("cyclic", "linear", "star4"),
    "hanoikit_family": ("classic", "magnetic", "posts4", "posts5", "cyclic", "linear", "star4"),
}
"""The datasets :func:`register` adds, and the families each draws from."""

_RG_KEYS = ("num_disks", "num_pegs", "start_peg", "target_peg")
_INSTANCE_KEYS = ("n", "posts", "moves", "colors", "start", "goal")
_SOURCE_KEYS = ("source_dataset", "source_index", "difficulty")


def is_entry(item: Mapping[str, Any]) -> bool:
    """Whether ``item`` is a reasoning-gym entry: of its ``tower_of_hanoi`` or of a dataset :func:`register` adds."""
    metadata = item.get("metadata") if isinstance(item, Mapping) else None
    return isinstance(metadata, Mapping) and (
        all(key in metadata for key in _RG_KEYS) or all(key in metadata for key in _INSTANCE_KEYS)
    )


def instance_from_entry(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The hanoikit instance of a reasoning-gym entry (see above); its ``id`` is the entry's, if any, and its
    ``source_index`` reasoning-gym's (the entry's index in its dataset, by which :func:`hanoikit.score.score` pairs
    answers with a set that has no ids)."""
    metadata = entry["metadata"]
    if all(key in metadata for key in _INSTANCE_KEYS):
        instance = {key: value for key, value in metadata.items() if key not in _SOURCE_KEYS}
        return {**instance, "id": entry.get("id", instance.get("id")), "source_index": metadata.get("source_index")}
    try:
        n, k, first, last = (metadata[key] for key in _RG_KEYS)
        puzzle = Puzzle(n, k)
        src, dst = (State.tower(n, post - 1, post_count=k) for post in (first, last))
    except (KeyError, TypeError, HanoiError) as error:
        raise InvalidPuzzleError(f"a tower_of_hanoi entry with metadata {quote(dict(metadata))}: {error}") from None
    names = "".join(map(str, range(1, k + 1))) if k < 10 else " ".join(map(str, range(1, k + 1)))
    return {
        "id": entry.get("id"), "family": "classic" if k == 3 else f"posts{k}", "n": n, "posts": k, "moves": "any",
        "colors": None, "start": str(src), "goal": str(dst), "optimal": puzzle.distance(src, dst), "names": names,
        "style": "reasoning-gym", "source_index": metadata.get("source_index"),
    }


def score_answer(answer: object, entry: Mapping[str, Any]) -> float:
    """The reward of ``answer`` to ``entry``: 1.0 solved optimally, ``optimal / moves`` solved in more moves, 0.0
    otherwise (an illegal move, the goal not reached, no answer, or not text).

    >>> entry = {"metadata": {"num_disks": 2, "num_pegs": 3, "start_peg": 1, "target_peg": 3}}
    >>> score_answer("Move disk 1 from Peg 1 to Peg 2\\nMove disk 2 from Peg 1 to Peg 3\\n"
    ...              "Move disk 1 from Peg 2 to Peg 3", entry), score_answer("", entry)
    (1.0, 0.0)
    """
    if not isinstance(answer, str):
        return 0.0
    instance = instance_from_entry(entry)
    puzzle, src, dst = instance_puzzle(instance)
    try:
        report = check(puzzle, answer, src, dst, names=instance.get("names"), suboptimal=False,
                       optimal=instance.get("optimal"))
    except HanoiError:
        return 0.0
    if not report.solved or not report.optimal or not report.moves:
        return 0.0
    return min(1.0, report.optimal / report.moves)


@dataclass
class HanoikitConfig:
    """A hanoikit dataset's configuration, as reasoning-gym's ``create_dataset(name, **options)`` takes it."""

    families: tuple[str, ...] = ("classic",)
    min_disks: int = 3
    max_disks: int = 5
    start: str = "perfect"
    goal: str = "perfect"
    goal_post: str = "D"
    style: str = "reasoning-gym"
    size: int = 500
    seed: int | None = None

    def validate(self) -> None:
        """Raise a :class:`~hanoikit.HanoiError` for options hanoikit refuses (sizes above its caps included)."""
        if self.style not in STYLES or self.start not in STARTS or self.goal not in STARTS:
            raise InvalidPuzzleError(f"style is one of {STYLES}, start and goal of {STARTS}")
        check_sizes(list(self.families), (self.min_disks, self.max_disks), self.start, self.goal)


@functools.cache
def _dataset_class() -> type:
    from .._extras import require

    dataset = require("reasoning_gym.dataset", "rg")

    class HanoikitDataset(dataset.ProceduralDataset):  # type: ignore[misc, name-defined]
        """A hanoikit member as a reasoning-gym procedural dataset."""

        def __init__(self, config: HanoikitConfig) -> None:
            super().__init__(config=config, seed=config.seed, size=config.size)

        def __getitem__(self, idx: int) -> dict[str, Any]:
            config: HanoikitConfig = self.config
            instance = instance_at(self.seed, idx, config.families, (config.min_disks, config.max_disks),
                                   config.start, config.goal, style=config.style, goal_post=config.goal_post)
            puzzle, src, dst = instance_puzzle(instance)
            answer = None
            if instance["optimal"] <= MAX_GENERATE_SOLUTION_MOVES:
                answer = answer_text(puzzle, puzzle.solve(src, dst), config.style)
            question = instance.pop("prompt")
            return {"question": question, "answer": answer,
                    "metadata": {**instance, "source_dataset": self._name, "source_index": idx}}

        def score_answer(self, answer: str | None, entry: dict[str, Any]) -> float:
            return score_answer(answer, entry)

    return HanoikitDataset


def register() -> list[str]:
    """Register every dataset of :data:`DATASETS` with reasoning-gym (those not yet registered) and return their
    names; :class:`~hanoikit.MissingExtraError` without reasoning-gym (``pip install 'hanoikit[rg]'``)."""
    from .._extras import require

    factory = require("reasoning_gym.factory", "rg")
    base = _dataset_class()
    for name, families in DATASETS.items():
        if name in factory.DATASETS:
            continue
        config = make_dataclass(f"{_camel(name)}Config", [("families", tuple[str, ...], field(default=families))],
                                bases=(HanoikitConfig,))
        dataset = type(f"{_camel(name)}Dataset", (base,), {"_name": name})
        factory.register_dataset(name, dataset, config)
    return list(DATASETS)


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))
