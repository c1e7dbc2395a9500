"""Files written whole or not at all."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable

__all__ = ["write_atomically", "extension", "save_figure"]


def extension(target: str | os.PathLike[str]) -> str:
    """The lower-case extension of a file name, without the dot.

    >>> extension("Graph.PNG"), extension("movie")
    ('png', '')
    """
    return os.path.splitext(os.fspath(target))[1].lower().lstrip(".")


def write_atomically(target: str | os.PathLike[str], write: Callable[[str], object]) -> None:
    """Call ``write(temporary_path)`` next to ``target`` and move the result onto ``target`` only if it succeeded."""
    target = os.fspath(target)
    directory = os.path.dirname(os.path.abspath(target))
    handle, temporary = tempfile.mkstemp(dir=directory, prefix=".hanoikit-", suffix=os.path.splitext(target)[1])
    os.close(handle)
    try:
        write(temporary)
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes private files; give the usual permissions
        os.replace(temporary, target)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def save_figure(figure, *targets: str | os.PathLike[str], **options) -> None:  # type: ignore[no-untyped-def]
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
                write_atomically(
                    target,
                    lambda temporary: figure.savefig(temporary, format=fmt, metadata=metadata, **options),
                )
    finally:
        plt.close(figure)
