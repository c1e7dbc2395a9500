"""The ``hanoi`` command group, shared by the command modules, and the helpers they all use."""

from __future__ import annotations

import contextvars
import functools
import importlib
import math
import os
import re
from collections.abc import Callable
from typing import Any, NoReturn, cast

import click

from .. import limits
from ..errors import HanoiError, InvalidPuzzleError, quote
from ..puzzle import MOVE_RULES, MagneticPuzzle, Puzzle
from ..state import Color

__all__ = [
    "app", "COMMAND_MODULES", "fail", "make_puzzle", "magnetic_options", "family_options", "puzzle_rules",
    "table_format", "OutputError",
    "DISKS", "FiniteRange", "OutputPath", "cap_text",
]

_NEGATIVE = re.compile(r"-\d.*")
_CAP = re.compile(r"\{(MAX_[A-Z_]+)\}")
_PATH_QUOTE = 200  # a path is quoted whole unless it is longer


class OutputError(Exception):
    """An :class:`OSError` raised while a command ran, carried past click (which ends a broken pipe with status 1)
    to ``main``, which prints it as ``hanoi: cannot write PATH: reason``."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


def cap_text(cap: int | dict[tuple[int, bool], int]) -> str:
    """A cap of :mod:`hanoikit.limits` as a help text quotes it: a number with thousands separators, or a cap by
    ``(posts, faces)`` as a list (the last posts standing for that many and more).

    >>> cap_text(1_000_000)
    '1,000,000'
    >>> cap_text({(4, False): 13, (5, False): 11, (4, True): 10})
    '13 on 4 posts, 11 on 5 posts or more; magnetic: 10 on 4 posts or more'
    """
    if isinstance(cap, int):
        return f"{cap:,}"
    parts = []
    for faces in (False, True):
        posts = sorted(k for k, f in cap if f is faces)
        text = ", ".join(f"{cap[k, faces]:,} on {k} posts" + (" or more" if k == posts[-1] else "") for k in posts)
        if text:
            parts.append(("magnetic: " if faces else "") + text)
    return "; ".join(parts)


class _Command(click.Command):
    """A command whose help may quote the caps of :mod:`hanoikit.limits` as ``{MAX_DISKS}``, and that reads a
    negative number as an argument (which then gets the range message), not as an unknown option."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.help:
            self.help = _CAP.sub(lambda cap: cap_text(getattr(limits, cap[1])), self.help)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Read the arguments; a negative number is an argument (click's documented ``ignore_unknown_options``, for
        this call only), and every other unknown option is still refused as click refuses it."""
        if any(_NEGATIVE.fullmatch(arg) for arg in args):
            known = {opt for param in self.get_params(ctx) for opt in (*param.opts, *param.secondary_opts)}
            for arg in args:
                if arg == "--":
                    break
                option = arg.partition("=")[0]
                unknown = option not in known and arg[:2] not in known  # ``-n3``: a short option and its value
                if arg.startswith("-") and not _NEGATIVE.fullmatch(arg) and unknown:
                    raise click.NoSuchOption(option, ctx=ctx)
            ctx.ignore_unknown_options = True
        return super().parse_args(ctx, args)


COMMAND_MODULES = ("solve", "demo", "search", "magnetic", "levy", "pictures", "play", "check", "oeis")
"""The modules of this package that add commands to :data:`app`, imported on demand: a command runs with only the
modules up to its own loaded (``hanoi distance`` with ``solve`` alone), and the list of commands loads them all."""


class _Group(click.Group):
    """The ``hanoi`` group: its commands are those of :data:`COMMAND_MODULES`, imported when first asked for."""

    command_class = _Command

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        for module in COMMAND_MODULES:
            if cmd_name in self.commands:
                break
            importlib.import_module(f"{__package__}.{module}")
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        for module in COMMAND_MODULES:
            importlib.import_module(f"{__package__}.{module}")
        return super().list_commands(ctx)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except OSError as error:
            raise OutputError(error) from error


class _Disks(click.IntRange):
    """A number of disks: a text that is not a whole number is refused saying what is expected."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            int(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of disks: give a whole number from {self.min} to {self.max:,}",
                      param, ctx)
        return super().convert(value, param, ctx)


DISKS = _Disks(1, limits.MAX_DISKS)
"""The type of a number of disks N: 1 to :data:`~hanoikit.limits.MAX_DISKS`."""


class FiniteRange(click.FloatRange):
    """A :class:`click.FloatRange` that refuses ``nan`` and the infinities as well (``nan`` compares false with
    both bounds, so a plain range lets it through)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


class OutputPath(click.ParamType[str]):
    """The type of every option naming a file (or, with ``directory``, a directory) a command writes: it refuses,
    before any work, a path that is empty or blank, holds a control character or begins or ends with a space, ``-``
    unless ``dash`` (standard output) is allowed, a directory where a file is written and a file where a directory
    is.

    >>> OutputPath().convert("figure.png", None, None)
    'figure.png'
    >>> OutputPath(directory=True).convert("", None, None)
    Traceback (most recent call last):
    click.exceptions.BadParameter: '' is no directory name: it is empty
    """

    name = "path"

    def __init__(self, directory: bool = False, dash: bool = False) -> None:
        self.directory = directory
        self.dash = dash

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        path = os.fspath(value)
        if not isinstance(path, str):
            self.fail(f"{quote(path)} is not a path", param, ctx)
        reason = None
        if not path.strip():
            reason = "it is empty" if not path else "it is blank"
        elif any(ord(c) < 32 or ord(c) == 127 for c in path):
            reason = "it holds a control character"
        elif path != path.strip():
            reason = "it begins or ends with a space"
        elif path == "-" and not self.dash:
            reason = "it stands for standard output"
        elif self.directory and os.path.exists(path) and not os.path.isdir(path):
            reason = "it is a file"
        elif not self.directory and (os.path.isdir(path) or path.endswith(os.sep)):
            reason = "it is a directory"
        if reason is not None:
            kind = "directory" if self.directory else "file"
            self.fail(f"{quote(path, _PATH_QUOTE)} is no {kind} name: {reason}", param, ctx)
        return path


@click.group(
    name="hanoi", cls=_Group, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100}
)
@click.version_option(package_name="hanoikit")
def app() -> None:
    """The Tower of Hanoi family, above all the Magnetic Tower of Hanoi: solve, count, analyse, draw and play.

    Every failure ends in one line on stderr. Exit status: 0 done (also when the reader of the output stops early),
    1 the output could not be written, 2 bad input or a size above a cap, 130 interrupted, 143 terminated, 129
    hung up (the terminal closed).
    """


class UsageFailure(HanoiError):
    """Bad command-line input found by a command itself; ``main`` prints it as one line and exits with status 2."""


def fail(message: str) -> NoReturn:
    """Stop the command: ``main`` prints ``message`` on one line and exits with status 2."""
    raise UsageFailure(message)


_RULES: contextvars.ContextVar[tuple[int | None, str]] = contextvars.ContextVar("rules", default=(None, "any"))

def puzzle_rules() -> tuple[int | None, str]:
    """The ``--posts`` (``None``: not given) and ``--moves`` options of the running command."""
    return _RULES.get()


def make_puzzle(n: int, magnetic: str | None = None, goal_up: str | None = None, start_up: str | None = None) -> Puzzle:
    """The puzzle named by the common options: classic, or magnetic with one colour per post (S first), on
    ``--posts`` posts with the ``--moves`` rule."""
    posts, moves = _RULES.get()
    if magnetic is None:
        if goal_up is not None or start_up is not None:
            raise InvalidPuzzleError("--goal-up and --start-up need --magnetic with the colour of each post, e.g. NNN")
        return Puzzle(n, 3 if posts is None else posts, moves)
    if posts is not None and len(magnetic) != posts:
        raise InvalidPuzzleError(f"--magnetic names the colour of each post: give {posts} letters for --posts {posts}")
    faces = cast("tuple[Color | None, Color | None]", (start_up, goal_up))  # MagneticPuzzle checks them
    return MagneticPuzzle(n, magnetic, start_up=faces[0], goal_up=faces[1], moves=moves)


def family_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``--posts K`` and ``--moves RULE`` to a command; :func:`make_puzzle` and :func:`puzzle_rules` read
    them."""

    @functools.wraps(command)
    def run(*args: Any, posts: int | None = None, moves: str = "any", **kwargs: Any) -> Any:
        token = _RULES.set((posts, moves))
        try:
            return command(*args, **kwargs)
        finally:
            _RULES.reset(token)

    run = click.option(
        "--moves", default="any", show_default=True, metavar="RULE",
        help=f"Allowed moves: {'|'.join(MOVE_RULES)}, or the allowed pairs of posts such as 'SI ID DS'.",
    )(run)
    return click.option(
        "--posts", type=click.IntRange(3, limits.MAX_POSTS), default=None, metavar="K",
        help=f"Number of posts, 3 to {limits.MAX_POSTS} (default 3, or one per --magnetic colour).",
    )(run)


def magnetic_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add the puzzle options to a command: ``--magnetic COLOURS``, ``--start-up R|B``, ``--goal-up R|B`` and those
    of :func:`family_options`, ``--posts K`` and ``--moves RULE``."""
    run = family_options(command)
    run = click.option(
        "--goal-up", type=click.Choice(["R", "B"], case_sensitive=False), help="Colour the goal tower shows on top."
    )(run)
    run = click.option(
        "--start-up", type=click.Choice(["R", "B"], case_sensitive=False), help="Colour the start tower shows on top."
    )(run)
    return click.option(
        "--magnetic", "magnetic", metavar="COLOURS",
        help="Magnetic tower with each post (S first) coloured R, B or N (e.g. NNN, or NNNN on 4 posts).",
    )(run)


def table_format(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``--format table|json|csv`` (the formats of :func:`hanoikit.draw.terminal.emit`) to a command that prints
    a table, as its ``fmt`` argument."""
    from ..draw.terminal import FORMATS

    return click.option(
        "--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True,
        help="table, or json (a list of objects, numbers exact) or csv (a header line) to pipe the numbers.",
    )(command)
