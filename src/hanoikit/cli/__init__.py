"""The ``hanoi`` command line. Each module of this package adds one group of commands to the shared app, imported
when a command of it is asked for (:data:`~hanoikit.cli.app.COMMAND_MODULES`), so that a command starts quickly.

Exit statuses: 0 done (also when the reader of the output went away, as in ``hanoi solve 25 | head -1``), 1 the
output could not be written, 2 bad input, 130 interrupted (Ctrl-C), 143 terminated (SIGTERM), 129 hung up (SIGHUP,
the terminal closed). Every failure ends with one line on stderr, and files half written are removed. Once the work
is done and its output written, the process ends at once (the interpreter's own tear-down, seconds after a large
command, is skipped), signals ignored meanwhile: a signal either stops the work or comes after it.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import io
import os
import re
import signal
import sys
import threading
from types import FrameType
from typing import Any

import click

from ..draw.files import remove_temporaries
from ..errors import HanoiError
from .app import OutputError, app

__all__ = ["app", "main", "Terminated"]


class Terminated(BaseException):
    """Raised by SIGTERM or SIGHUP (``signum``) while ``main`` runs, so that temporary files are removed as on
    Ctrl-C."""

    def __init__(self, signum: int = signal.SIGTERM) -> None:
        super().__init__(signum)
        self.signum = signum


_ENDINGS: dict[int, str] = {signal.SIGTERM: "terminated", signal.SIGHUP: "hung up"}
"""The signals that end ``main`` with :class:`Terminated` (status 128 + the signal's number), and what it says."""


RETRY_SECONDS = 2.0
"""How long after a SIGTERM the signal is sent again if ``main`` has not yet ended on it."""


class _Termination:
    """The SIGTERM and SIGHUP handler: raises :class:`Terminated` in the main thread, and sends the signal again
    :data:`RETRY_SECONDS` later until ``main`` has it, since an exception raised by a signal handler can be lost
    (inside a finaliser, or while a module is compiled); late enough not to cut short the removal of temporary files
    that the first one set off."""

    def __init__(self) -> None:
        self.retry: threading.Timer | None = None
        self.stopped = False

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if self.stopped:
            return
        self.stop()
        self.stopped = False
        self.retry = threading.Timer(RETRY_SECONDS, os.kill, (os.getpid(), signum))
        self.retry.daemon = True
        self.retry.start()
        raise Terminated(signum)

    def stop(self) -> None:
        self.stopped = True
        if self.retry is not None:
            self.retry.cancel()


def main(argv: list[str] | None = None) -> int:
    """Run ``hanoi``; every failure ends with one line on stderr: exit status 2 for bad input, 1 when the output
    cannot be written, 130 when interrupted, 143 when terminated."""
    streams = sys.stdin, sys.stdout, sys.stderr
    _stand_in()
    try:
        try:
            status = _main(sys.argv[1:] if argv is None else argv)
        except _STOPS as stop:  # a signal in the clean-up of _main, after its own handlers: finished here
            status = _stopped(stop)
            _sweep(threading.current_thread() is threading.main_thread())
    finally:
        if argv is not None:  # in process: the caller's streams back (a stand-in's unwritten text dropped)
            for stand_in in {sys.stdin, sys.stdout, sys.stderr} - set(streams):
                with contextlib.suppress(OSError, ValueError):
                    stand_in.close()
            sys.stdin, sys.stdout, sys.stderr = streams
    if argv is None:
        _end(status)
    return status


def _stopped(stop: BaseException) -> int:
    """Say that a signal (its exception ``stop``) stopped the command, and return the exit status."""
    signum = stop.signum if isinstance(stop, Terminated) else signal.SIGINT
    with contextlib.suppress(OSError, ValueError):  # a closed terminal
        print(f"hanoi: {_ENDINGS.get(signum, 'interrupted')}", file=sys.stderr)
    return 128 + signum


def _end(status: int) -> None:
    """End the process with ``status``, the command's work and clean-up done: its exit functions run and its streams
    flushed, signals ignored meanwhile, and the interpreter's tear-down (seconds after ``reproduce``: freeing every
    object) skipped, so that no signal can land there and kill the process without a word (seen in CI: 'hanoi:
    interrupted' printed, then killed by SIGINT). A thread still at work (not a daemon) is waited for as usual."""
    if threading.current_thread() is not threading.main_thread():
        return
    for number in (signal.SIGINT, *_ENDINGS):
        signal.signal(number, signal.SIG_IGN)
    if any(thread.is_alive() and not thread.daemon and thread is not threading.current_thread()
           for thread in threading.enumerate()):
        return
    atexit._run_exitfuncs()  # noqa: SLF001  # no public way to run them before os._exit
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.flush()
    os._exit(status)


class _Unwritable(io.RawIOBase):
    """A closed standard output: every write fails as a closed descriptor's does."""

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))


def _stand_in() -> None:
    """Stand-ins for the standard streams that are closed (``>&-``: Python sets them to ``None``), so that a command
    neither depends on them nor ends in a traceback: standard error (and input) is the null device, and standard
    output fails at the first write (``hanoi: cannot write standard output``, exit status 1). A closed descriptor
    (0, 1 or 2) is taken by the null device as well (for output opened read-only, so writes to it fail), so that no
    file the command opens lands there and a worker process inherits the same."""
    for number, name in enumerate(("stdin", "stdout", "stderr")):
        if getattr(sys, name) is not None:
            continue
        try:
            os.fstat(number)
            taken = False
        except OSError:  # closed: the null device takes its place
            descriptor = os.open(os.devnull, os.O_WRONLY if number == 2 else os.O_RDONLY)
            if descriptor != number:
                os.dup2(descriptor, number)
                os.close(descriptor)
            taken = True
        if number == 1:
            raw: io.RawIOBase = io.FileIO(number, "w", closefd=False) if taken else _Unwritable()
            stream: Any = io.TextIOWrapper(io.BufferedWriter(raw), line_buffering=False)
        else:
            stream = open(os.devnull, "w" if number == 2 else "r", encoding="utf-8")  # kept open
        setattr(sys, name, stream)


def _main(args: list[str]) -> int:
    if not args:
        args = ["--help"]
    in_main_thread = threading.current_thread() is threading.main_thread()
    terminate = _Termination()
    previous = {
        number: signal.signal(number, terminate)
        for number in _ENDINGS
        if in_main_thread and signal.getsignal(number) is not signal.SIG_IGN  # under nohup, SIGHUP stays ignored
    }
    hook = sys.unraisablehook
    sys.unraisablehook = lambda report: None if isinstance(report.exc_value, _STOPS) else hook(report)
    # a path typed as undecodable bytes (read as surrogates, PEP 383) is printed back as those bytes
    streams = [(stream, stream.errors) for stream in (sys.stdout, sys.stderr) if isinstance(stream, io.TextIOWrapper)]
    for stream, _ in streams:
        stream.reconfigure(errors="surrogateescape")
    try:
        if any("\x00" in arg for arg in args):  # only in process: no shell passes one, and no path may hold one
            raise click.UsageError("an argument holds a NUL character")
        # not app.main: on Ctrl-C it prints a blank line before its own, and it ends a closed pipe with status 1
        with app.make_context("hanoi", list(args)) as ctx:
            status = app.invoke(ctx)  # a status set by ctx.exit(status) comes as click.exceptions.Exit
        sys.stdout.flush()
    except click.UsageError as error:
        path = error.ctx.command_path if error.ctx is not None else "hanoi"
        print(_line(f"{path}: {error.format_message()} (see --help)"), file=sys.stderr)
        return 2
    except click.ClickException as error:
        print(_line(f"hanoi: {error.format_message()}"), file=sys.stderr)
        return 2
    except click.exceptions.Exit as done:
        return done.exit_code
    except (click.exceptions.Abort, EOFError):
        print("hanoi: aborted", file=sys.stderr)
        return 130
    except _STOPS as stop:
        terminate.stop()
        return _stopped(stop)
    except HanoiError as error:
        print(_line(f"hanoi: {error}"), file=sys.stderr)
        return 2
    except OutputError as failure:
        return _cannot_write(failure.error)
    except OSError as error:  # from the last flush of stdout
        return _cannot_write(error)
    except SystemExit as end:
        if isinstance(end.__context__, BrokenPipeError):  # rich's Console.on_broken_pipe: a reader that went away
            return _cannot_write(end.__context__)
        raise
    finally:
        terminate.stop()
        _sweep(in_main_thread)
        for stream, errors in streams:
            with contextlib.suppress(OSError, ValueError):  # it flushes: a closed stream has said so already
                stream.reconfigure(errors=errors)
        sys.unraisablehook = hook
        for number, handler in previous.items():
            signal.signal(number, handler)
    return status if isinstance(status, int) and not isinstance(status, bool) else 0


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_LONG = re.compile(r"\S{201,}")  # a word of more than 200 characters


def _line(message: str) -> str:
    r"""``message`` on one short line: control characters (a newline in a file's name) written as escapes, and a word
    of more than 200 characters (click quotes a bad value whole; a path may be long) cut to its first 100 and its
    length.

    >>> _line("hanoi: cannot read a\nb: No such file or directory")
    'hanoi: cannot read a\\nb: No such file or directory'
    >>> _line("hanoi: Invalid value for 'N': '" + "9" * 5000 + "' is not a valid integer.")[-60:]
    '99999999999999... (5,002 characters) is not a valid integer.'
    """
    escaped = _CONTROL.sub(lambda found: repr(found[0])[1:-1], message)
    return _LONG.sub(lambda word: f"{word[0][:100]}... ({len(word[0]):,} characters)", escaped)


_STOPS = (Terminated, KeyboardInterrupt)
"""The exceptions a signal raises: not reported when they end in a finaliser (where they are lost)."""


def _sweep(in_main_thread: bool) -> None:
    """Remove the temporary files a signal may have cut off from their clean-up, a second Ctrl-C ignored
    meanwhile."""
    interrupt = signal.signal(signal.SIGINT, signal.SIG_IGN) if in_main_thread else None
    try:
        remove_temporaries()
    finally:
        if in_main_thread:
            signal.signal(signal.SIGINT, interrupt)


def _cannot_write(error: OSError) -> int:
    """Report ``error`` in one line (a closed pipe silently) and send what is left of stdout nowhere."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    if isinstance(error, BrokenPipeError):
        return 0
    where = "standard output" if error.filename is None else os.fsdecode(error.filename)
    print(_line(f"hanoi: cannot write {where}: {error.strerror or error}"), file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
