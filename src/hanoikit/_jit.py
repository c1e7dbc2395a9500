"""numba's ``njit``, its disk cache checked: the compiled code numba keeps beside the sources (``__pycache__``, or
``$NUMBA_CACHE_DIR``) is written with a BLAKE2b checksum (:func:`hanoikit.cache.seal`) and read back only when the
checksum holds. numba itself reads its cache files as they are: a damaged one raised an exception at every run, or
ran damaged machine code (a crash, or wrong numbers). A file that does not hold is a miss: the function is compiled
again and the file replaced.

>>> @njit(cache=True)
... def twice(x: int) -> int:
...     return 2 * x
>>> twice(21), type(twice._cache._cache_file).__name__
(42, 'CheckedCacheFile')
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from numba import njit as _numba_njit  # type: ignore[import-not-found, unused-ignore]  # numba ships no stubs
from numba.core import caching  # type: ignore[import-not-found, unused-ignore]

from . import cache

__all__ = ["CheckedCacheFile", "CheckedFunctionCache", "njit"]

F = TypeVar("F", bound=Callable[..., Any])


def njit(**options: Any) -> Callable[[F], F]:
    """``numba.njit(**options)``; with ``cache=True``, its cache files are checked (:class:`CheckedCacheFile`)."""
    cached = options.pop("cache", False)
    compile_ = _numba_njit(**options)
    if not cached:
        return compile_  # type: ignore[no-any-return]

    def compiled(function: F) -> F:
        dispatcher = compile_(function)
        dispatcher._cache = CheckedFunctionCache(function)  # noqa: SLF001 - numba's enable_caching(), checked
        return dispatcher  # type: ignore[no-any-return]

    return compiled


class CheckedFunctionCache(caching.FunctionCache):  # type: ignore[misc, unused-ignore]
    """numba's cache of a function's compiled code, in :class:`CheckedCacheFile` files."""

    def __init__(self, function: Callable[..., Any]) -> None:
        super().__init__(function)  # type: ignore[no-untyped-call, unused-ignore]
        where, name, stamp = self._cache_path, self._impl.filename_base, self._impl.locator.get_source_stamp()
        self._cache_file = CheckedCacheFile(where, name, stamp)  # type: ignore[no-untyped-call, unused-ignore]


class CheckedCacheFile(caching.IndexDataCacheFile):  # type: ignore[misc, unused-ignore]
    """numba's index and data files of a function's cache, each sealed with its name (:func:`hanoikit.cache.seal`):
    one that does not unseal, or unpickle, is a miss."""

    def _save_index(self, overloads: dict[Any, str]) -> None:
        with self._open_for_write(self._index_path) as file:
            file.write(self._sealed(self._index_name, (self._version, self._source_stamp, overloads)))

    def _load_index(self) -> dict[Any, str]:
        found = self._read(self._index_path)
        if not isinstance(found, tuple) or len(found) != 3 or found[:2] != (self._version, self._source_stamp):
            return {}  # none, damaged, or of another numba or another version of the source
        overloads: dict[Any, str] = found[2]
        return overloads

    def _save_data(self, name: str, data: object) -> None:
        with self._open_for_write(self._data_path(name)) as file:  # type: ignore[no-untyped-call, unused-ignore]
            file.write(self._sealed(name, data))

    def _load_data(self, name: str) -> object:
        return self._read(self._data_path(name))  # type: ignore[no-untyped-call, unused-ignore]

    def _sealed(self, name: str, value: object) -> bytes:
        return cache.seal(name, self._dump(value))  # type: ignore[no-untyped-call, unused-ignore]

    @staticmethod
    def _read(path: str) -> object:
        """The value in the file ``path``, ``None`` if it is missing, damaged or cannot be unpickled."""
        try:
            body = cache.unseal(Path(path).read_bytes(), os.path.basename(path))
        except OSError:
            return None
        if body is None:
            return None
        try:
            return pickle.loads(body)
        except Exception:  # sealed by another numba: any error of unpickling is a miss
            return None
