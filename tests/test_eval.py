"""hanoi eval against an OpenAI-compatible endpoint started by the test on 127.0.0.1 (tests/chatserver.py): answers
written with what the issue asks, retries on 429 and 5xx, prompts still failing left for the next run, bad input in
one line, and a run killed with SIGKILL resumed without asking an answered prompt again or losing a line."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from chatserver import chat_server
from clirun import run
from hanoikit.generate import generate

pytest.importorskip("openai")  # the eval extra


def _set(tmp_path: Path, count: int, seed: int = 1) -> tuple[str, dict[str, str], list[str]]:
    """A set with solutions, each prompt's optimal answer (the prompts all different: the server knows only them)
    and the ids in order."""
    instances: dict[str, dict[str, str]] = {}
    for instance in generate(3 * count, seed=seed, families=["classic"], disks=(3, 5), start="random",
                             solutions=True):
        instances.setdefault(instance["prompt"], instance)
    chosen = list(instances.values())[:count]
    assert len(chosen) == count
    path = tmp_path / "set.jsonl"
    path.write_text("".join(json.dumps(i) + "\n" for i in chosen))
    return str(path), {i["prompt"]: i["solution"] for i in chosen}, [i["id"] for i in chosen]


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_answers_are_written_and_scored(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    set_path, solutions, ids = _set(tmp_path, 8)
    out = tmp_path / "answers.jsonl"
    with chat_server(lambda prompt, attempt: f"Sure! Here it is:\n{solutions[prompt]}\nDone.") as server:
        status, stdout, err = run(["eval", set_path, "--base-url", server.url, "--model", "scripted", "--out",
                                   str(out), "--concurrency", "3", "--max-tokens", "500", "--temperature", "0.5"],
                                  capsys)
    assert status == 0 and stdout == "" and "8 answers written" in err
    answers = _lines(out)
    assert sorted(a["id"] for a in answers) == sorted(ids)
    for answer in answers:
        assert answer["model"] == answer["served_by"] == "scripted" and answer["finish_reason"] == "stop"
        assert answer["usage"]["total_tokens"] == answer["usage"]["prompt_tokens"] + answer["usage"][  # type: ignore[index]
            "completion_tokens"]  # type: ignore[index]
        assert isinstance(answer["seconds"], float) and str(answer["answered_at"]).endswith("+00:00")
        assert str(answer["answer"]).startswith("Sure! Here it is:\n")
    assert all(b["max_tokens"] == 500 and b["temperature"] == 0.5 for b in server.bodies)
    assert sorted(server.asked.values()) == [1] * 8
    status, stdout, _ = run(["score", set_path, str(out), "--format", "json"], capsys)
    assert status == 0 and json.loads(stdout)["summary"]["optimal"] == 8


def test_one_client_keeps_the_concurrency_over_as_many_connections(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``ask`` holds ``concurrency`` requests in flight, no more, over a pool of at most as many connections reused
    from request to request (one client for the run, not one a request), and yields every answer."""
    from hanoikit.integrations.chat import ask

    set_path, solutions, ids = _set(tmp_path, 24)
    prompts = [(i["id"], i["prompt"]) for i in map(json.loads, Path(set_path).read_text().splitlines())]
    with chat_server(lambda prompt, attempt: solutions[prompt], delay=0.05) as server:
        answers = list(ask(prompts, base_url=server.url, model="m", concurrency=4))
    assert sorted(a["id"] for a in answers if isinstance(a, dict)) == sorted(ids)
    assert server.most_in_flight == 4 and len(server.clients) <= 4 < len(prompts)


def test_retries_on_429_and_5xx(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    set_path, solutions, _ = _set(tmp_path, 5)
    flaky = sorted(solutions)[2]
    statuses = {1: 429, 2: 500, 3: 503}

    def script(prompt: str, attempt: int) -> str | int:
        return statuses.get(attempt, solutions[prompt]) if prompt == flaky else solutions[prompt]

    out = tmp_path / "answers.jsonl"
    with chat_server(script) as server:
        status, _, err = run(["eval", set_path, "--base-url", server.url, "--model", "m", "--out", str(out)], capsys)
    assert status == 0, err
    assert server.asked[flaky] == 4 and len(_lines(out)) == 5


def test_prompts_still_failing_are_asked_again_next_run(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    set_path, solutions, ids = _set(tmp_path, 6)
    broken = set(list(solutions)[3:5])
    healthy = True

    def script(prompt: str, attempt: int) -> str | int:
        return 503 if prompt in broken and not healthy else solutions[prompt]

    out = tmp_path / "answers.jsonl"
    first = next(iter(solutions))  # the first prompt goes alone: it must answer
    assert first not in broken
    with chat_server(script) as server:
        healthy = False
        args = ["eval", set_path, "--base-url", server.url, "--model", "m", "--out", str(out), "--retries", "1"]
        status, _, err = run(args, capsys)
        assert status == 3 and "2 prompts still unanswered" in err and "HTTP 503" in err
        assert all(server.asked[p] == 2 for p in broken) and len(_lines(out)) == 4
        healthy = True
        server.asked.clear()
        status, _, err = run(args, capsys)
        assert status == 0 and "2 answers written" in err and "(4 already there)" in err
        assert set(server.asked) == broken
    assert sorted(a["id"] for a in _lines(out)) == sorted(ids)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_bad_input_is_one_line(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    set_path, solutions, _ = _set(tmp_path, 2)
    out = str(tmp_path / "answers.jsonl")
    nowhere = f"http://127.0.0.1:{_free_port()}/v1"
    cases = {
        "missing set": ["eval", str(tmp_path / "nope.jsonl"), "--base-url", nowhere, "--model", "m", "--out", out],
        "bad url": ["eval", set_path, "--base-url", "127.0.0.1:8000", "--model", "m", "--out", out],
        "no scheme host": ["eval", set_path, "--base-url", "http:///v1", "--model", "m", "--out", out],
        "unreachable": ["eval", set_path, "--base-url", nowhere, "--model", "m", "--out", out, "--retries", "0"],
        "concurrency": ["eval", set_path, "--base-url", nowhere, "--model", "m", "--out", out, "--concurrency", "0"],
    }
    for name, args in cases.items():
        status, _, err = run(args, capsys)
        assert status == 2 and err.count("\n") == 1 and err.startswith("hanoi"), (name, err)
    assert not os.path.exists(out) or os.path.getsize(out) == 0
    with chat_server(lambda prompt, attempt: 401) as server:  # a key the server refuses: nothing else asked
        status, _, err = run(["eval", set_path, "--base-url", server.url, "--model", "m", "--out", out], capsys)
        assert status == 2 and err.count("\n") == 1 and "401" in err and sum(server.asked.values()) == 1
    Path(out).write_text(json.dumps({"id": "1-0", "answer": "1SD", "model": "other"}) + "\n")
    with chat_server(lambda prompt, attempt: solutions[prompt]) as server:
        status, _, err = run(["eval", set_path, "--base-url", server.url, "--model", "m", "--out", out], capsys)
        assert status == 2 and "other" in err and not server.asked
        Path(out).write_text(json.dumps({"id": "9-9", "answer": "1SD", "model": "m"}) + "\n")
        status, _, err = run(["eval", set_path, "--base-url", server.url, "--model", "m", "--out", out], capsys)
        assert status == 2 and "not in" in err and not server.asked


def test_a_killed_run_resumes_without_losing_or_repeating(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    set_path, solutions, ids = _set(tmp_path, 30, seed=2)
    out = tmp_path / "answers.jsonl"
    with chat_server(lambda prompt, attempt: solutions[prompt], delay=0.05) as server:
        args = ["eval", set_path, "--base-url", server.url, "--model", "m", "--out", str(out), "--concurrency", "2"]
        child = subprocess.Popen([sys.executable, "-m", "hanoikit", *args], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 60
            while (not out.exists() or out.read_text().count("\n") < 6) and time.monotonic() < deadline:
                assert child.poll() is None, child.stderr.read() if child.stderr else ""
                time.sleep(0.02)
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(10)
            if child.stderr:
                child.stderr.close()
        written = {a["id"] for a in _lines(out)}
        assert 6 <= len(written) < 30
        with out.open("a") as stream:
            stream.write('{"id": "' + ids[-1] + '", "answer": "1S')  # as if killed in the middle of a line
        before = dict(server.asked)
        status, _, err = run(args, capsys)
        assert status == 0, err
        again = {p for p in solutions if server.asked[p] > before.get(p, 0)}
    answers = _lines(out)
    written_ids = [a["id"] for a in answers]
    assert sorted(written_ids) == sorted(ids) and len(set(written_ids)) == 30  # each once, none torn
    prompt_of = dict(zip(ids, solutions))  # the set's order
    assert {prompt_of[i] for i in written}.isdisjoint(again)  # nothing written was asked again
