"""The ``hanoi`` command line. Each module of this package adds one group of commands to the shared app."""

from __future__ import annotations

import importlib
import sys

import click

from ..errors import HanoiError
from .app import app

__all__ = ["app", "main"]

_COMMAND_MODULES = ("demo", "solve", "search", "magnetic", "levy", "pictures", "play")

for _name in _COMMAND_MODULES:
    importlib.import_module(f"{__name__}.{_name}")


def main(argv: list[str] | None = None) -> int:
    """Run ``hanoi``; every error in the input ends with one line on stderr and exit status 2."""
    args = sys.argv[1:] if argv is None else argv
    if not args:
        args = ["--help"]
    try:
        app.main(args=args, prog_name="hanoi", standalone_mode=False)
    except click.UsageError as error:
        path = error.ctx.command_path if error.ctx is not None else "hanoi"
        print(f"{path}: {error.format_message()} (see --help)", file=sys.stderr)
        return 2
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.exceptions.Abort:
        print("hanoi: aborted", file=sys.stderr)
        return 130
    except HanoiError as error:
        print(f"hanoi: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
