"""The quality gates: ``ruff check`` (the rule set in pyproject.toml) on every Python file and ``mypy --strict`` on
src/ both pass. Neither writes a cache into the checkout: ruff keeps none and mypy keeps its own under tmp_path."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff() -> None:
    result = _run("ruff", "check", "--no-cache", "--output-format", "concise")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_mypy_strict(tmp_path: Path) -> None:
    result = _run("mypy", "--strict", "--cache-dir", str(tmp_path / "mypy"), "src")
    assert result.returncode == 0, result.stdout + result.stderr
