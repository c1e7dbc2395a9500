"""The ``hanoi`` command group, shared by the command modules, and the helpers they all use."""

from __future__ import annotations

import re
from typing import Any, NoReturn

import click

from .. import limits
from ..errors import HanoiError, InvalidPuzzleError
from ..puzzle import MagneticPuzzle, Puzzle

__all__ = ["app", "fail", "make_puzzle", "magnetic_options", "OutputError", "DISKS"]

_NEGATIVE = re.compile(r"-\d.*")
_CAP = re.compile(r"\{(MAX_[A-Z_]+)\}")


class OutputError(Exception):
    """An :class:`OSError` raised while a command ran, carried past click (which ends a broken pipe with status 1)
    to ``main``, which prints it as ``hanoi: cannot write PATH: reason``."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


class _Command(click.Command):
    """A command whose help may quote the caps of :mod:`hanoikit.limits` as ``{MAX_DISKS}``, and that reads a
    negative number as an argument (which then gets the range message), not as an unknown option."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.help:
            self.help = _CAP.sub(lambda cap: f"{getattr(limits, cap[1]):,}", self.help)

    def make_parser(self, ctx: click.Context) -> Any:
        parser = super().make_parser(ctx)
        process = parser._process_opts

        def process_opts(arg: str, state: Any) -> None:
            if _NEGATIVE.fullmatch(arg):
                state.largs.append(arg)
            else:
                process(arg, state)

        parser._process_opts = process_opts  # type: ignore[method-assign]
        return parser


class _Group(click.Group):
    command_class = _Command

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except OSError as error:
            raise OutputError(error) from error


DISKS = click.IntRange(1, limits.MAX_DISKS)
"""The type of a number of disks N: 1 to :data:`~hanoikit.limits.MAX_DISKS`."""


@click.group(
    name="hanoi", cls=_Group, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100}
)
@click.version_option(package_name="hanoikit")
def app() -> None:
    """The Tower of Hanoi family, above all the Magnetic Tower of Hanoi: solve, count, analyse, draw and play.

    Every failure ends in one line on stderr. Exit status: 0 done (also when the reader of the output stops early),
    1 the output could not be written, 2 bad input or a size above a cap, 130 interrupted, 143 terminated.
    """


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
