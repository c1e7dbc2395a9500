"""The ``hanoi`` command group, shared by the command modules, and the helpers they all use."""

from __future__ import annotations

from typing import NoReturn

import click

from ..errors import HanoiError, InvalidPuzzleError
from ..puzzle import MagneticPuzzle, Puzzle

__all__ = ["app", "fail", "make_puzzle", "magnetic_options"]


@click.group(name="hanoi", context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="hanoikit")
def app() -> None:
    """The Tower of Hanoi family, above all the Magnetic Tower of Hanoi: solve, count, analyse, draw and play."""


class UsageFailure(HanoiError):
    """Bad command-line input found by a command itself; ``main`` prints it as one line and exits with status 2."""


def fail(message: str) -> NoReturn:
    """Stop the command: ``main`` prints ``message`` on one line and exits with status 2."""
    raise UsageFailure(message)


def make_puzzle(n: int, magnetic: str | None = None, goal_up: str | None = None, start_up: str | None = None) -> Puzzle:
    """The puzzle named by the common options: classic, or magnetic with the colours of S, I, D."""
    if magnetic is None:
        if goal_up is not None or start_up is not None:
            raise InvalidPuzzleError("--goal-up and --start-up need --magnetic SID")
        return Puzzle(n)
    return MagneticPuzzle(n, magnetic, start_up=start_up, goal_up=goal_up)  # type: ignore[arg-type]


def magnetic_options(command):  # type: ignore[no-untyped-def]
    """Add ``--magnetic SID``, ``--start-up R|B`` and ``--goal-up R|B`` to a command."""
    command = click.option(
        "--goal-up", type=click.Choice(["R", "B"], case_sensitive=False), help="Colour the goal tower shows on top."
    )(command)
    command = click.option(
        "--start-up", type=click.Choice(["R", "B"], case_sensitive=False), help="Colour the start tower shows on top."
    )(command)
    return click.option(
        "--magnetic", "magnetic", metavar="SID", help="Magnetic tower with posts S, I, D coloured R, B or N (e.g. NNN)."
    )(command)
