"""Files written whole or not at all."""

from __future__ import annotations

import errno
import functools
import os
import tempfile
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["write_atomically", "check_parent", "naming", "extension", "save_figure"]


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
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=".hanoikit-", suffix=os.path.splitext(target)[1])
    except OSError as error:
        raise naming(error, target) from error
    os.close(handle)
    try:
        write(temporary)
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes private files; give the usual permissions
        os.replace(temporary, target)
    except BaseException as error:
        if os.path.lexists(temporary):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise naming(error, target) from error
        raise


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


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def save_figure(figure: Figure, *targets: str | os.PathLike[str], **options: Any) -> None:
    """Save a matplotlib figure to each target atomically, in the format its extension names, and close it.

    SVG keeps real text (not outlines) and no date, so the same figure gives the same file; ``options`` go to
    ``savefig``.
    """
    import matplotlib
    import matplotlib.pyplot as plt

    try:
        with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "hanoikit"}):
            for target in targets:
                fmt = extension(target)
                metadata = {"Date": None} if fmt == "svg" else None
                write_atomically(target, functools.partial(figure.savefig, format=fmt, metadata=metadata, **options))
    finally:
        plt.close(figure)
