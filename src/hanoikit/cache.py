"""Tables kept on disk between runs: built once (on the first run after an install, or after the code that builds
them changed), then read back in milliseconds.

A table is stored under a name and a *key* that says what built it (:func:`source_key`: the source files that build
it and the Python version), as :mod:`marshal` data (ints, floats, strings, tuples, lists and dicts: reading it runs
no code) after a header with its BLAKE2b checksum. What is read back is checked: a file that is damaged, written for
another key or unreadable is never turned into a result; the table is built again and the file replaced. Files are
written whole (a temporary file renamed), and a cache that cannot be written only costs the next run the time to
build.

The directory is the user's cache directory (by ``platformdirs``), or ``$HANOIKIT_CACHE_DIR`` when it is set; the
empty string turns the cache off.

>>> import tempfile
>>> from pathlib import Path
>>> with tempfile.TemporaryDirectory() as tmp:
...     first = cached("squares", "v1", lambda: [n * n for n in range(5)], Path(tmp))
...     again = cached("squares", "v1", lambda: "built again", Path(tmp))
>>> first, again
([0, 1, 4, 9, 16], [0, 1, 4, 9, 16])
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

from .errors import InvalidArgumentError, quote

__all__ = ["CACHE_ENV", "KEPT", "cache_dir", "cached", "source_key"]

CACHE_ENV = "HANOIKIT_CACHE_DIR"
"""The environment variable that moves the disk cache (default: the user's cache directory, by ``platformdirs``);
the empty string turns it off. The pattern databases (:mod:`hanoikit.solvers.pdb`) read it too."""

KEPT = 4
"""Files kept per table: one per key (version of the code that builds it and of Python), the newest."""

_MAGIC = b"hanoikit-table 1 "
_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}")  # a file name's start, no pattern of glob (see _prune)
_KEY = re.compile(r"[A-Za-z0-9_.]{1,100}")  # no '-': the name ends at the last one

T = TypeVar("T")


def cache_dir() -> Path | None:
    """The directory of the tables kept on disk, ``None`` when the disk cache is off."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None:
        return Path(chosen) if chosen else None
    import platformdirs

    return Path(platformdirs.user_cache_dir("hanoikit"))


def source_key(*files: str) -> str | None:
    """A key for tables built by the code in ``files`` (module ``__file__`` paths): it changes with their text and
    with the Python version (which :mod:`marshal`'s format follows); ``None`` when a file cannot be read (a zipped
    install), so that nothing is cached.

    >>> source_key(__file__) == source_key(__file__), len(source_key(__file__) or "")
    (True, 32)
    """
    digest = hashlib.blake2b(sys.version.encode(), digest_size=16)
    try:
        for file in files:
            digest.update(Path(file).read_bytes())
    except OSError:
        return None
    return digest.hexdigest()


def cached(name: str, key: str | None, build: Callable[[], T], directory: Path | None = None) -> T:
    """The table ``name`` built by ``build``: read from the disk cache (``directory``, by default :func:`cache_dir`)
    when a file for ``key`` is there and intact, else built and stored. ``build`` returns plain data that
    :mod:`marshal` writes (no class instances). A name or key that is not a plain part of a file name (see
    :func:`source_key`) is refused with :class:`~hanoikit.InvalidArgumentError`."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise InvalidArgumentError(f"a table's name is letters, digits, '_', '.' and '-', not {quote(name)}")
    if key is not None and (not isinstance(key, str) or not _KEY.fullmatch(key)):
        raise InvalidArgumentError(f"a table's key is letters, digits, '_' and '.', or None, not {quote(key)}")
    folder = directory if directory is not None else cache_dir()
    if folder is None or key is None:
        return build()
    path = folder / f"{name}-{key}.marshal"
    found = _read(path)
    if found:
        return cast(T, found[0])
    value = build()
    _write(path, value)
    _prune(folder, name)
    return value


def _read(path: Path) -> tuple[object] | None:
    """The data of ``path`` (in a 1-tuple) if its checksum holds, else ``None`` (absent, damaged or unreadable)."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    header, _, body = data.partition(b"\n")
    if not header.startswith(_MAGIC) or header[len(_MAGIC) :] != _checksum(body).encode():
        return None
    try:
        return (marshal.loads(body),)
    except (ValueError, EOFError, TypeError):
        return None


def _write(path: Path, value: Any) -> None:
    """Store ``value`` in ``path`` whole (a temporary file renamed over it); a failure to write is ignored."""
    body = marshal.dumps(value)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(_MAGIC + _checksum(body).encode() + b"\n" + body)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)


def _prune(folder: Path, name: str) -> None:
    """Remove all but the :data:`KEPT` newest files of table ``name`` (each version of the code that builds it, or of
    Python, has its own)."""
    try:
        mine = [path for path in folder.glob(f"{name}-*.marshal") if "-" not in path.name[len(name) + 1 :]]
        files = sorted(mine, key=lambda path: path.stat().st_mtime, reverse=True)
        for stale in files[KEPT:]:
            stale.unlink(missing_ok=True)
    except OSError:
        pass


def _checksum(body: bytes) -> str:
    return hashlib.blake2b(body, digest_size=16).hexdigest()
