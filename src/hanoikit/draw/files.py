"""Files written whole or not at all, through temporaries that are never left behind.

A temporary's name is recorded before the file is made (:func:`temporary`), so that :func:`remove_temporaries` finds
it whatever moment a signal stops the work: the command line sweeps them as it ends on Ctrl-C or SIGTERM.
"""

from __future__ import annotations

import errno
import functools
import os
import secrets
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from .._extras import require

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "write_atomically", "temporary", "remove_temporaries", "check_parent", "naming", "extension", "save_figure",
]

_LIVE: set[str] = set()
"""The temporaries of this process not yet moved into place or removed: each recorded before it is made."""


def extension(target: str | os.PathLike[str]) -> str:
    """The lower-case extension of a file name, without the dot.

    >>> extension("Graph.PNG"), extension("movie")
    ('png', '')
    """
    return os.path.splitext(os.fspath(target))[1].lower().lstrip(".")


def write_atomically(target: str | os.PathLike[str], write: Callable[[str], object]) -> None:
    """Call ``write(temporary_path)`` next to ``target`` and move the result onto ``target`` only if it succeeded.

    The temporary file is removed on any failure, Ctrl-C included. A missing directory is not created. An
    :class:`OSError` names ``target`` (not the temporary file). An existing target that is not a regular file (a
    device, a pipe) is written in place: it cannot be replaced.
    """
    target = os.fspath(target)
    if os.path.exists(target) and not os.path.isfile(target) and not os.path.isdir(target):
        try:
            write(target)
        except OSError as error:
            raise naming(error, target) from error
        return
    directory = os.path.dirname(os.path.abspath(target))
    try:
        with temporary(directory, suffix=os.path.splitext(target)[1]) as path:
            write(path)
            os.replace(path, target)
    except OSError as error:
        raise naming(error, target) from error


@contextmanager
def temporary(directory: str | os.PathLike[str], prefix: str = ".hanoikit-", suffix: str = "", *,
              folder: bool = False) -> Iterator[str]:
    """A new empty file (a directory if ``folder``) in ``directory``, named ``prefix`` + random + ``suffix``, removed
    when the block ends unless it was moved away (by :func:`os.replace`) in it. Made with the usual permissions of a
    new file (a private directory).

    Its name is recorded (for :func:`remove_temporaries`) before it is made, so no signal can leave it unrecorded.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as where, temporary(where, suffix=".txt") as path:
    ...     os.path.basename(path).startswith(".hanoikit-"), path.endswith(".txt"), os.path.isfile(path)
    (True, True, True)
    >>> os.path.exists(path)
    False
    """
    while True:
        path = os.path.join(os.fspath(directory), f"{prefix}{secrets.token_hex(6)}{suffix}")
        _LIVE.add(path)
        try:
            if folder:
                os.mkdir(path, 0o700)
            else:
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            break
        except FileExistsError:
            _LIVE.discard(path)
        except BaseException:
            _remove(path)
            raise
    try:
        yield path
    finally:
        _remove(path)


def remove_temporaries() -> None:
    """Remove every temporary of :func:`temporary` still there: for a process ending on a signal, which may have
    cut a block short anywhere (even in its own clean-up)."""
    for path in sorted(_LIVE):
        _remove(path)


def _remove(path: str) -> None:
    """Remove the temporary ``path`` if it is still there, then forget it (in that order: a signal in between leaves
    it recorded)."""
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path, ignore_errors=True)
    elif os.path.lexists(path):
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
    _LIVE.discard(path)


def check_parent(target: str | os.PathLike[str]) -> None:
    """Raise the :class:`OSError` that writing ``target`` would meet if its directory is missing or is not a
    directory: to fail before any work, not after it.

    >>> check_parent("/no/such/directory/x.png")
    Traceback (most recent call last):
    FileNotFoundError: [Errno 2] No such file or directory: '/no/such/directory/x.png'
    """
    directory = os.path.dirname(os.path.abspath(target))
    try:
        os.stat(directory)
    except OSError as error:
        raise naming(error, target) from None
    if not os.path.isdir(directory):
        raise naming(NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR)), target)


def naming(error: OSError, target: str | os.PathLike[str]) -> OSError:
    """The same error (same type and reason) about ``target``.

    >>> naming(FileNotFoundError(2, "No such file or directory", "/x/.tmp123"), "/x/a.png")
    FileNotFoundError(2, 'No such file or directory')
    >>> _.filename
    '/x/a.png'
    """
    if error.errno is None:
        return OSError(None, str(error), os.fspath(target))
    return OSError(error.errno, error.strerror or os.strerror(error.errno), os.fspath(target))


def save_figure(figure: Figure, *targets: str | os.PathLike[str], **options: Any) -> None:
    """Save a matplotlib figure to each target atomically, in the format its extension names, and close it.

    SVG keeps real text (not outlines) and no date, so the same figure gives the same file; ``options`` go to
    ``savefig``.
    """
    import matplotlib
    plt = require("matplotlib.pyplot", "plot")

    try:
        with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "hanoikit"}):
            for target in targets:
                fmt = extension(target)
                metadata = {"Date": None} if fmt == "svg" else None
                write_atomically(target, functools.partial(figure.savefig, format=fmt, metadata=metadata, **options))
    finally:
        plt.close(figure)
