"""Running the ``hanoi`` command inside a test: its status and what it printed."""

from __future__ import annotations

import pytest

from hanoikit.cli import main


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``hanoi ARGS`` in process: the exit status, standard output and standard error."""
    status = main(args)
    out = capsys.readouterr()
    return status, out.out, out.err
