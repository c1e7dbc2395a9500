"""hanoikit's puzzle sets as an inspect-ai task (``pip install 'hanoikit[inspect]'``): ``inspect eval hanoikit/hanoi
--model ...``, scored by hanoikit's checker.

inspect-ai finds the task through hanoikit's ``inspect_ai`` entry point (this module, loaded when a name starting
``hanoikit/`` is asked for). Its options (``-T name=value``) are those of ``hanoi generate``: ``family`` (one or
several, comma-separated), ``disks`` (``3..6`` or ``5``), ``start``, ``goal``, ``goal_post``, ``style`` (the prompt
and the answer format it asks for), ``size`` (the number of instances) and ``seed``::

    inspect eval hanoikit/hanoi --model openai/gpt-4.1-mini -T family=classic,magnetic -T disks=3..6 -T size=50

Each sample is an instance of :func:`hanoikit.generate.generate` (its prompt the input, its optimum the target, the
instance its metadata). :func:`hanoi_scorer` checks the reply with :func:`hanoikit.checker.check` and gives each
sample the values ``solved``, ``optimal`` (solved in the least number of moves) and ``format`` (written exactly in
the format the prompt asks for), each 0 or 1, with their means and standard errors as the task's metrics; the
kind of result (``None`` solved, ``"unfinished"``, the kind of the first illegal move, ``"unreadable"``, ...) and
the reader's warnings are in the score's metadata, its summary in the explanation.
"""

from __future__ import annotations

from typing import Any

from .._extras import require

require("inspect_ai", "inspect")

from inspect_ai import Task, task  # noqa: E402 (after the check that names the extra)
from inspect_ai.dataset import MemoryDataset, Sample  # noqa: E402
from inspect_ai.scorer import Score, Scorer, Target, mean, scorer, stderr  # noqa: E402
from inspect_ai.solver import TaskState, generate  # noqa: E402

from ..checker import check  # noqa: E402
from ..errors import HanoiError, InvalidArgumentError, quote  # noqa: E402
from ..generate import generate as instances  # noqa: E402
from ..generate import instance_puzzle  # noqa: E402
from ..limits import MAX_GENERATE_COUNT  # noqa: E402

__all__ = ["METRICS", "hanoi", "hanoi_scorer", "samples", "verdict"]

METRICS = ("solved", "optimal", "format")
"""The values of each sample's score, 0 or 1: solved, solved optimally, written exactly as the prompt asks."""


def _disks(disks: int | str) -> tuple[int, int]:
    low, _, high = str(disks).partition("..")
    try:
        return int(low), int(high or low)
    except ValueError:
        raise InvalidArgumentError(f"disks is a number or a range such as 3..6, not {quote(disks)}") from None


def samples(family: str = "classic", disks: int | str = "3..6", start: str = "perfect", goal: str = "perfect",
            style: str = "hanoikit", size: int = 100, seed: int = 0, goal_post: str = "D") -> list[Sample]:
    """The samples of the task: ``size`` instances of :func:`hanoikit.generate.generate` (at most
    :data:`~hanoikit.limits.MAX_GENERATE_COUNT`), each its prompt, its optimum and the instance as metadata."""
    if not isinstance(size, int) or not 1 <= size <= MAX_GENERATE_COUNT:
        raise InvalidArgumentError(f"size is 1 to {MAX_GENERATE_COUNT}, not {quote(size)}")
    families = [name.strip() for name in str(family).split(",") if name.strip()]
    made = instances(size, seed, families, _disks(disks), start, goal, style=style, goal_post=goal_post)
    return [Sample(input=i.pop("prompt"), target=str(i["optimal"]), id=i["id"], metadata=i) for i in made]


@scorer(metrics={name: [mean(), stderr()] for name in METRICS})
def hanoi_scorer() -> Scorer:
    """Score a reply with hanoikit's checker: ``solved``, ``optimal`` and ``format``, each 0 or 1."""

    async def score(state: TaskState, target: Target) -> Score:
        instance: dict[str, Any] = dict(state.metadata)
        return verdict(instance, state.output.completion)

    return score


def verdict(instance: dict[str, Any], reply: str) -> Score:
    """The score of ``reply`` to ``instance`` (a generated instance, as a sample's metadata holds it)."""
    puzzle, src, dst = instance_puzzle(instance)
    names = instance.get("names")
    try:
        report = check(puzzle, reply, src, dst, names=names, suboptimal=False, optimal=instance.get("optimal"),
                       style=instance.get("style"))
    except HanoiError as error:
        return Score(value=dict.fromkeys(METRICS, 0), answer=reply, explanation=str(error),
                     metadata={"kind": "unreadable", "warnings": []})
    exact = report.format_ok
    values = {"solved": int(report.solved), "optimal": int(report.optimally_solved), "format": int(bool(exact))}
    metadata = {"kind": report.kind, "moves": report.moves, "first_illegal": report.first_illegal,
                "excess": report.excess, "extracted_from": report.extracted_from,
                "format_ok": report.format_ok, "warnings": list(report.warnings)}
    return Score(value=values, answer=reply, explanation="\n".join(report.summary()), metadata=metadata)


@task
def hanoi(family: str = "classic", disks: int | str = "3..6", start: str = "perfect", goal: str = "perfect",
          style: str = "hanoikit", size: int = 100, seed: int = 0, goal_post: str = "D") -> Task:
    """Tower of Hanoi puzzles of hanoikit's family (classic, magnetic, more posts, restricted moves) with exact
    optima, scored by hanoikit's checker: solved, optimal and format rates."""
    data = samples(family, disks, start, goal, style, size, seed, goal_post)
    name = f"hanoikit-{family}-{disks}-{style}-seed{seed}".replace(",", "+")
    return Task(dataset=MemoryDataset(data, name=name), solver=generate(), scorer=hanoi_scorer())
