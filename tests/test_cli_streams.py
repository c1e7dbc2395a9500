"""Closed standard streams (issue 35): ``hanoi ... >&-`` ends in one line and exit status 1 wherever the command has
something to write (it ended in a traceback, or exited 0 with its report never written), and ``2>&-`` changes
neither the work nor its output. Every command runs in process with ``sys.stdout`` or ``sys.stderr`` set to ``None``
(what Python makes of a closed descriptor), and a few as a shell runs them, with the descriptor closed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import hanoikit
from hanoikit.cli import main
from test_cli_hostile import _BASE

_SOURCE = str(Path(hanoikit.__file__).resolve().parents[1])
_TIMED = {"demo", "search"}
"""Commands whose output holds the time they took: compared line by line in number only."""
_CLOSED = "hanoi: cannot write standard output: Bad file descriptor\n"


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "moves.txt").write_text("1SI\n2SD\n1ID\n")
    assert main(["generate", "--count", "3", "--disks", "2..3", "--out", str(tmp_path / "set.jsonl")]) == 0
    (tmp_path / "answers.jsonl").write_text("")
    return tmp_path


def _run(args: list[str], closed: str | None = None) -> tuple[int, str, str]:
    """``hanoi ARGS`` in process, with the stream ``closed`` (``stdout`` or ``stderr``) closed."""
    with CliRunner().isolation() as (out, err, _):
        if closed is not None:
            setattr(sys, closed, None)
        status = main(args)
        return status, out.getvalue().decode(), err.getvalue().decode()


@pytest.mark.parametrize("name", sorted(_BASE))
def test_closed_streams_in_every_command(workdir: Path, name: str) -> None:
    args = [name, *(arg.replace("{tmp}", str(workdir)) for arg in _BASE[name])]
    status, out, err = _run(args)
    closed_out = _run(args, "stdout")
    if out:
        assert closed_out == (1, "", err + _CLOSED), args  # what it says on stderr first (variants: its search)
    else:  # nothing to write there: the same run (reproduce's directory is missing: status 1 and its line)
        assert closed_out == (status, "", err), args
    closed_err = _run(args, "stderr")
    assert closed_err[0] == status and closed_err[2] == "", args
    if name in _TIMED:
        assert closed_err[1].count("\n") == out.count("\n"), args
    else:
        assert closed_err[1] == out, args
    assert sys.stdout is not None and sys.stderr is not None  # the caller's streams are back


def _shell(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    hanoi = f"{sys.executable} -m hanoikit"
    return subprocess.run(
        ["sh", "-c", command.replace("hanoi", hanoi)], cwd=cwd, capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": _SOURCE},
    )


def test_a_closed_standard_output_in_a_real_process(workdir: Path) -> None:
    solved = _shell("hanoi solve 3 >&-", workdir)
    checked = _shell("hanoi check moves.txt -n 2 >&-", workdir)
    for finished in (solved, checked):
        assert (finished.returncode, finished.stderr) == (1, _CLOSED)


def test_a_closed_standard_error_in_a_real_process(workdir: Path) -> None:
    generated = _shell("hanoi generate --count 50 --seed 7 2>&- > out.jsonl", workdir)
    assert generated.returncode == 0 and (workdir / "out.jsonl").read_text().count("\n") == 50
    assert _run(["generate", "--count", "50", "--seed", "7"]) == (0, (workdir / "out.jsonl").read_text(), "")
    searched = _shell("hanoi search 4 --posts 4 --format json 2>&- > out.json", workdir)
    assert searched.returncode == 0 and '"reachable": 256' in (workdir / "out.json").read_text()
