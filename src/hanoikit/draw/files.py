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
        os.replace(temporary, target)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def save_figure(figure, target: str | os.PathLike[str], fmt: str) -> None:  # type: ignore[no-untyped-def]
    """Save a matplotlib figure atomically (SVG with real text, not outlines) and close it."""
    import matplotlib
    import matplotlib.pyplot as plt

    try:
        with matplotlib.rc_context({"svg.fonttype": "none"}):
            write_atomically(target, lambda temporary: figure.savefig(temporary, format=fmt, bbox_inches="tight"))
    finally:
        plt.close(figure)
