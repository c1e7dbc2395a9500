"""The inspect-ai task through ``inspect eval hanoikit/hanoi`` itself, found by hanoikit's ``inspect_ai`` entry point,
against the scripted OpenAI-compatible server of tests/chatserver.py (inspect's ``openai-api`` provider): a right, a
wrong and an ambiguous reply, each scored as hanoikit's checker scores it."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from chatserver import chat_server
from hanoikit import State
from hanoikit.checker import check
from hanoikit.generate import answer_text, instance_puzzle

pytest.importorskip("inspect_ai")  # the inspect extra
pytest.importorskip("openai")
from inspect_ai.log import read_eval_log

from hanoikit.integrations.inspect_task import samples, verdict

ROOT = Path(__file__).parent.parent


def _entry_point(directory: Path) -> Path:
    """A distribution's metadata declaring hanoikit's ``inspect_ai`` entry point as pyproject.toml declares it, for
    an installation made before it was declared (an editable install keeps the metadata of its day)."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["inspect_ai"]
    assert declared == {"hanoikit": "hanoikit.integrations.inspect_task"}
    info = directory / "hanoikit_inspect_entry_point-0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: hanoikit-inspect-entry-point\nVersion: 0\n")
    (info / "entry_points.txt").write_text("[inspect_ai]\n" + "".join(f"{k} = {v}\n" for k, v in declared.items()))
    return directory


def _three_samples() -> tuple[dict[str, object], list[object]]:
    """Task options whose three samples have three different prompts (the server tells them apart by prompt)."""
    for seed in range(100):
        options = {"family": "classic", "disks": "2..4", "size": 3, "seed": seed}
        found = samples(**options)  # type: ignore[arg-type]
        if len({sample.input for sample in found}) == 3:
            return options, list(found)
    raise AssertionError("no seed below 100 gives three different prompts")


def _replies(instance: dict[str, object]) -> list[str]:
    """A right, a wrong (legal, to the wrong post) and an ambiguous reply (a second list that repeats most of the first
    but not all: a second answer cut short, or a recap)."""
    puzzle, src, dst = instance_puzzle(instance)  # type: ignore[arg-type]
    right = answer_text(puzzle, puzzle.solve(src, dst))
    elsewhere = State.tower(puzzle.n, 1)
    wrong = answer_text(puzzle, puzzle.solve(src, elsewhere))
    lines = right.splitlines()
    return [right, wrong, f"Here is one way:\n{right}\n\nOr perhaps:\n" + "\n".join(lines[:len(lines) // 2 + 1]) + "\n"]


@pytest.mark.slow
def test_inspect_eval_scores_with_hanoikit(tmp_path: Path) -> None:
    options, found = _three_samples()
    instances = [dict(sample.metadata or {}) for sample in found]  # type: ignore[attr-defined]
    replies = [_replies(instance)[k] for k, instance in enumerate(instances)]  # right, wrong, ambiguous
    by_prompt = {sample.input: reply for sample, reply in zip(found, replies)}  # type: ignore[attr-defined]
    for instance, reply in zip(instances, replies):  # the scorer gives what hanoikit's checker gives, in process
        puzzle, src, dst = instance_puzzle(instance)
        report = check(puzzle, reply, src, dst, names=instance["names"])
        score = verdict(instance, reply)
        assert score.value["solved"] == int(report.solved) and score.metadata["kind"] == report.kind  # type: ignore[index]

    logs = tmp_path / "logs"
    path = os.pathsep.join([str(_entry_point(tmp_path / "ep")), os.environ.get("PYTHONPATH", "")])
    homes = {f"XDG_{kind}_HOME": str(tmp_path / kind.lower()) for kind in ("DATA", "CACHE", "CONFIG", "STATE")}
    environment = {**os.environ, "LOCAL_API_KEY": "unused", "PYTHONPATH": path, **homes}  # inspect's files: here
    with chat_server(lambda prompt, attempt: by_prompt[prompt]) as server:
        environment["LOCAL_BASE_URL"] = server.url
        args = ["eval", "hanoikit/hanoi", "--model", "openai-api/local/scripted", "--log-format", "json",
                "--display", "plain", "--log-dir", str(logs), *(f"-T{key}={value}" for key, value in options.items())]
        done = subprocess.run([sys.executable, "-m", "inspect_ai", *args], env=environment, capture_output=True,
                              text=True, timeout=600)
        assert done.returncode == 0, (done.stdout[-2000:], done.stderr[-2000:])
        assert sorted(server.asked.values()) == [1, 1, 1] and set(server.asked) == set(by_prompt)
    [written] = logs.glob("*.json")
    log = read_eval_log(str(written))
    assert log.status == "success" and log.eval.task == "hanoikit/hanoi"
    assert log.stats.model_usage["openai-api/local/scripted"].output_tokens == sum(len(r.split()) for r in replies)
    scores = {str(s.id): s.scores["hanoi_scorer"] for s in log.samples or []}  # type: ignore[index]
    right, wrong, ambiguous = (scores[str(instance["id"])] for instance in instances)
    for instance, reply in zip(instances, replies):
        scored = scores[str(instance["id"])]
        puzzle, src, dst = instance_puzzle(instance)
        assert scored.value == verdict(instance, reply).value
        assert scored.metadata["kind"] == check(puzzle, reply, src, dst, names=instance["names"]).kind  # type: ignore[index]
    assert right.value == {"solved": 1, "optimal": 1, "format": 1} and right.metadata["kind"] is None  # type: ignore[index]
    assert wrong.value == {"solved": 0, "optimal": 0, "format": 1} and wrong.metadata["kind"] == "unfinished"  # type: ignore[index]
    # Never scored solved (the reply hedges), nor in the format asked (prose around it), and said why.
    assert ambiguous.value["solved"] == 0 and ambiguous.value["format"] == 0  # type: ignore[index]
    assert ambiguous.metadata["kind"] == "ambiguous" and ambiguous.metadata["warnings"]  # type: ignore[index]
    means = {s.name: s.metrics["mean"].value for s in log.results.scores}  # type: ignore[union-attr]
    assert means == {"solved": 1 / 3, "optimal": 1 / 3, "format": 2 / 3}
