"""Tables kept on disk between runs: built once (on the first run after an install, or after the code that builds
them changed), then read back in milliseconds.

A table is stored under a name and a *key* that says what built it (:func:`source_key`: the source files that build
it and the Python version), as :mod:`marshal` data (ints, floats, strings, tuples, lists and dicts: reading it runs
no code) after a header with its BLAKE2b checksum, taken over the table's name and key too. What is read back is
checked: a file that is damaged, written for another name or key, or unreadable is never turned into a result; the
table is built again and the file replaced. Files are written whole (a temporary file renamed), and a cache that
cannot be written only costs the next run the time to build.

Arrays (the pattern databases of :mod:`hanoikit.solvers.pdb`) are kept alike by :func:`write_array` and
:func:`read_array`: their bytes after a header with the dtype, the shape and the checksum of the three and of the
array's *identity* (what it is the table of, and the key of the code that built it); one is read back only when all
of these are what the caller expects.

Every file kept here, and every checkpoint file (:mod:`hanoikit.frontier.checkpoint`), is read by
:func:`open_regular` or :func:`read_regular`: only if it is a regular file (a FIFO, a device such as ``/dev/zero`` or a
directory in its place is refused without blocking) and only up to a bound taken from what it should hold.

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
import errno
import hashlib
import io
import marshal
import os
import re
import stat
import sys
import threading
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any, TypeVar, cast

import numpy as np
from numpy.typing import DTypeLike

from .errors import InvalidArgumentError, quote

__all__ = [
    "CACHE_ENV", "KEPT", "TABLE_BYTES", "cache_dir", "cached", "open_regular", "read_array", "read_regular", "seal",
    "source_key", "unseal", "write_array",
]

CACHE_ENV = "HANOIKIT_CACHE_DIR"
"""The environment variable that moves the disk cache (default: the user's cache directory, by ``platformdirs``);
the empty string turns it off. The pattern databases (:mod:`hanoikit.solvers.pdb`) read it too."""

KEPT = 4
"""Files kept per table: one per key (version of the code that builds it and of Python), the newest."""

TABLE_BYTES = 1 << 26
"""The most bytes of a table's file that :func:`cached` reads unless told (64 MiB; the largest table, the magnetic
tower's levels, takes 1 MiB)."""

_MAGIC = b"hanoikit-table 2 "  # 2: the checksum covers the name and key
_ARRAY_MAGIC = b"hanoikit-array 1 "
_HEADER_BYTES = 200  # the most bytes of an array's header line
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


def source_key(*files: str, python: bool = True) -> str | None:
    """A key for tables built by the code in ``files`` (module ``__file__`` paths): it changes with their text and,
    if ``python``, with the Python version (which :mod:`marshal`'s format follows); ``None`` when a file cannot be
    read (a zipped install), so that nothing is cached.

    >>> source_key(__file__) == source_key(__file__), len(source_key(__file__) or "")
    (True, 32)
    >>> source_key(__file__) != source_key(__file__, python=False)
    True
    """
    digest = hashlib.blake2b(sys.version.encode() if python else b"", digest_size=16)
    try:
        for file in files:
            digest.update(Path(file).read_bytes())
    except OSError:
        return None
    return digest.hexdigest()


def cached(
    name: str, key: str | None, build: Callable[[], T], directory: Path | None = None, limit: int = TABLE_BYTES
) -> T:
    """The table ``name`` built by ``build``: read from the disk cache (``directory``, by default :func:`cache_dir`)
    when a file for ``key`` is there, intact and of at most ``limit`` bytes, else built and stored. ``build``
    returns plain data that :mod:`marshal` writes (no class instances). A name or key that is not a plain part of a
    file name (see :func:`source_key`) is refused with :class:`~hanoikit.InvalidArgumentError`."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise InvalidArgumentError(f"a table's name is letters, digits, '_', '.' and '-', not {quote(name)}")
    if key is not None and (not isinstance(key, str) or not _KEY.fullmatch(key)):
        raise InvalidArgumentError(f"a table's key is letters, digits, '_' and '.', or None, not {quote(key)}")
    folder = directory if directory is not None else cache_dir()
    if folder is None or key is None:
        return build()
    path = folder / f"{name}-{key}.marshal"
    found = _read(path, limit)
    if found:
        return cast(T, found[0])
    value = build()
    _write(path, value)
    _prune(folder, name)
    return value


def seal(identity: str, body: bytes) -> bytes:
    """``body`` after a header line with the BLAKE2b checksum of ``identity`` (what the file is: its name, say) and
    ``body``, as the tables' files are written; :func:`unseal` reads it back.

    >>> sealed = seal("greeting", b"hello")
    >>> unseal(sealed, "greeting"), unseal(sealed, "farewell"), unseal(sealed[:-1], "greeting")
    (b'hello', None, None)
    """
    return _sealed(_MAGIC, identity, b"", body) + body


def unseal(data: bytes, identity: str) -> bytes | None:
    """The body of ``data`` written by :func:`seal` for ``identity``, ``None`` if it is not (damaged, truncated, of
    another identity, or not sealed)."""
    line, _, body = data.partition(b"\n")
    return body if _opened(line, _MAGIC) == (_checksum(identity, b"", body), b"") else None


def open_regular(path: str | os.PathLike[str]) -> io.BufferedReader:
    """``path`` opened for reading in binary if it is a regular file (or a link to one); else :class:`OSError`
    (``strerror`` says what it is), at once: it is opened without blocking (a FIFO with no writer would wait for
    one) and checked once open (no other file can take its place in between).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     open_regular(tmp)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    IsADirectoryError: [Errno 21] not a regular file (a directory): '...'
    """
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            number = errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL
            raise OSError(number, f"not a regular file ({_kind(mode)})", os.fsdecode(path))
        os.set_blocking(descriptor, True)
        return io.open(descriptor, "rb")  # noqa: UP020  # typed as a buffered reader, unlike os.fdopen
    except BaseException:
        os.close(descriptor)
        raise


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file ``path`` (see :func:`open_regular`), if there are at most ``limit``; else
    :class:`OSError` (``strerror`` says why), having read no more than ``limit + 1`` bytes.

    >>> read_regular("/dev/zero", 10)
    Traceback (most recent call last):
    OSError: [Errno 22] not a regular file (a character device): '/dev/zero'
    """
    with open_regular(path) as file:
        if os.fstat(file.fileno()).st_size <= limit:
            data = file.read(limit + 1)
            if len(data) <= limit:
                return data
    raise OSError(errno.EFBIG, f"larger than {limit:,} bytes", os.fsdecode(path))


def _kind(mode: int) -> str:
    """What a file of ``mode`` is that is not a regular file.

    >>> _kind(stat.S_IFIFO), _kind(stat.S_IFSOCK)
    ('a FIFO', 'a socket')
    """
    kinds = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))
    return next((kind for test, kind in kinds if test(mode)), "not a file")


def _read(path: Path, limit: int) -> tuple[object] | None:
    """The data of ``path`` (in a 1-tuple) if it is a regular file of at most ``limit`` bytes and its checksum holds,
    else ``None`` (absent, damaged, unreadable, too large or no regular file)."""
    try:
        body = unseal(read_regular(path, limit), path.stem)
    except OSError:
        return None
    if body is None:
        return None
    try:
        return (marshal.loads(body),)
    except (ValueError, EOFError, TypeError):
        return None


def _write(path: Path, value: Any) -> None:
    """Store ``value`` in ``path`` whole (a temporary file renamed over it); a failure to write is ignored."""
    _store(path, b"", seal(path.stem, marshal.dumps(value)))


def read_array(path: Path, identity: str, shape: tuple[int, ...], dtypes: Collection[DTypeLike],
               check: Callable[[np.ndarray], bool] | None = None) -> np.ndarray | None:
    """The array that :func:`write_array` stored in ``path`` for ``identity``, if its shape is ``shape``, its dtype
    one of ``dtypes``, its checksum holds and ``check(array)`` (if given) is true; else ``None``, and a file that is
    there (damaged, of another identity, shape or dtype, unreadable, or an empty directory) is removed, so that the
    caller's table, built again, takes its place. The bytes are read once, into the array returned, and checksummed
    there (BLAKE2b: about 0.1 s of processor time for 64 MiB).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     path = Path(tmp) / "squares.table"
    ...     write_array(path, "squares v1", np.arange(5) ** 2)
    ...     same = read_array(path, "squares v1", (5,), [np.int64])
    ...     other = read_array(path, "squares v2", (5,), [np.int64]), path.exists()
    >>> same.tolist(), other
    ([0, 1, 4, 9, 16], (None, False))
    """
    allowed = {np.dtype(dtype).str: np.dtype(dtype) for dtype in dtypes}
    try:
        with open_regular(path) as file:
            opened = _opened(file.readline(_HEADER_BYTES), _ARRAY_MAGIC)
            if opened is not None:
                sealed, meta = opened
                kind, _, dimensions = meta.decode("ascii", "replace").partition(" ")
                if kind in allowed and dimensions == _dimensions(shape):
                    array = np.empty(shape, allowed[kind])
                    if file.readinto(array.data.cast("B")) == array.nbytes and not file.read(1) and (
                        _checksum(identity, meta, array) == sealed and (check is None or check(array))
                    ):
                        return array
    except FileNotFoundError:
        return None
    except OSError:
        pass
    _discard(path)
    return None


def write_array(path: Path, identity: str, array: np.ndarray) -> None:
    """Store ``array`` in ``path`` for ``identity`` (what it is the table of, and the key of the code that built
    it), whole (a temporary file renamed over it); a failure to write is ignored, an empty directory in its place
    removed."""
    array = np.ascontiguousarray(array)
    meta = f"{array.dtype.str} {_dimensions(array.shape)}".encode()
    _store(path, _sealed(_ARRAY_MAGIC, identity, meta, array), array)


def _dimensions(shape: tuple[int, ...]) -> str:
    return ",".join(map(str, shape))


def _sealed(magic: bytes, identity: str, meta: bytes, body: Any) -> bytes:
    """The header line of a file of ``body``: the magic, the checksum of ``identity``, ``meta`` and ``body``, and
    ``meta`` (no line break)."""
    return magic + _checksum(identity, meta, body).encode() + b" " + meta + b"\n"


def _opened(line: bytes, magic: bytes) -> tuple[str, bytes] | None:
    """The checksum and the meta of a header ``line`` (:func:`_sealed`, the line break included or not)."""
    if not line.startswith(magic):
        return None
    sealed, _, meta = line[len(magic) :].removesuffix(b"\n").partition(b" ")
    return sealed.decode("ascii", "replace"), meta


def _store(path: Path, header: bytes, body: Any) -> None:
    """Write ``header`` and ``body`` to ``path`` through a temporary file renamed over it, so that a reader never
    sees half of it; a failure to write is ignored."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(temporary, "wb") as file:
            file.write(header)
            file.write(body.data.cast("B") if isinstance(body, np.ndarray) else body)
        if path.is_dir():
            path.rmdir()  # an empty directory in its place (a full one stays: the table is not kept)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)


def _discard(path: Path) -> None:
    """Remove the file (or empty directory) ``path`` if it can be."""
    with contextlib.suppress(OSError):
        if path.is_dir():
            path.rmdir()
        else:
            path.unlink(missing_ok=True)


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


def _checksum(identity: str, meta: bytes, body: Any) -> str:
    """The BLAKE2b checksum (16 bytes, in hex) of a file's identity (its name and key), meta and body."""
    digest = hashlib.blake2b(identity.encode("utf-8", "surrogateescape"), digest_size=16)
    digest.update(b"\n" + meta + b"\n")
    digest.update(body)
    return digest.hexdigest()
