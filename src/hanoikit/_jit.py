"""numba's ``njit``, its disk cache checked: the compiled code numba keeps beside the sources (``__pycache__``, or
``$NUMBA_CACHE_DIR``) is written with a BLAKE2b checksum (:func:`hanoikit.cache.seal`) and read back only when the
checksum holds. numba itself reads its cache files as they are: a damaged one raised an exception at every run, or
ran damaged machine code (a crash, or wrong numbers). A file that does not hold is a miss: the function is compiled
again and the file replaced. A file is read only if it is a regular file of a bounded size
(:func:`hanoikit.cache.read_regular`: a FIFO or ``/dev/zero`` in its place is a miss too), and one that cannot be
written (a directory in its place) leaves the compiled code in memory only.

numba also keeps a function's code while its own file is unchanged, though it inlines the compiled functions and
freezes the constants it imports from other modules (numba's documentation says so): here the code is kept only
while the function's module and every module of its package it imports, directly or not, are unchanged
(:func:`sources`).

>>> from hanoikit.solvers import _tops  # its functions are compiled by njit(cache=True, nogil=True)
>>> type(_tops.digit_width._cache).__name__
'CheckedFunctionCache'
"""

from __future__ import annotations

import ast
import contextlib
import functools
import importlib.util
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from numba import njit as _numba_njit  # type: ignore[import-not-found, unused-ignore]  # numba ships no stubs
from numba.core import caching  # type: ignore[import-not-found, unused-ignore]
from numba.core.dispatcher import Dispatcher  # type: ignore[import-not-found, unused-ignore]

from . import cache

__all__ = ["CheckedCacheFile", "CheckedFunctionCache", "njit", "sources"]

F = TypeVar("F", bound=Callable[..., Any])

INDEX_BYTES = 1 << 20
"""The most bytes of a function's index file read (a few KiB: its compiled signatures)."""
DATA_BYTES = 1 << 26
"""The most bytes of a compiled function's data file read (hundreds of KiB: its machine code)."""


def njit(**options: Any) -> Callable[[F], F]:
    """``numba.njit(**options)``; with ``cache=True``, its cache files are checked (:class:`CheckedCacheFile`)."""
    cached = options.pop("cache", False)
    compile_ = _numba_njit(**options)
    if not cached:
        return compile_  # type: ignore[no-any-return]

    def compiled(function: F) -> F:
        dispatcher = compile_(function)
        if isinstance(dispatcher, Dispatcher):  # not with NUMBA_DISABLE_JIT: numba's enable_caching(), checked
            dispatcher._cache = CheckedFunctionCache(function)  # type: ignore[attr-defined]  # noqa: SLF001
        return dispatcher  # type: ignore[no-any-return]

    return compiled


class CheckedFunctionCache(caching.FunctionCache):  # type: ignore[misc, unused-ignore]
    """numba's cache of a function's compiled code, in :class:`CheckedCacheFile` files."""

    def __init__(self, function: Callable[..., Any]) -> None:
        super().__init__(function)  # type: ignore[no-untyped-call, unused-ignore]
        where, name, stamp = self._cache_path, self._impl.filename_base, self._impl.locator.get_source_stamp()
        self._cache_file = CheckedCacheFile(where, name, stamp, function.__module__)


def sources(module: str) -> tuple[str, ...]:
    """The source files of ``module`` and of every module of its package that it imports, directly or not (found in
    their text; imports inside functions are not followed): the code its compiled functions may inline or read
    constants from.

    >>> sorted(Path(file).name for file in sources("hanoikit.solvers._tops"))
    ['_jit.py', '_tops.py', 'cache.py', 'errors.py']
    """
    return _sources(module)


@functools.cache
def _sources(module: str) -> tuple[str, ...]:
    top = module.partition(".")[0]
    found: dict[str, str] = {}
    todo = [module]
    while todo:
        name = todo.pop()
        if name in found:
            continue
        origin, imports = _module_imports(name)
        if origin is None:
            continue
        found[name] = origin
        todo += [imported for imported in imports if imported.partition(".")[0] == top]
    return tuple(sorted(found.values()))


@functools.cache
def _module_imports(name: str) -> tuple[str | None, tuple[str, ...]]:
    """The source file of module ``name`` (``None`` if it has none) and the modules it imports on import; each
    module's text is parsed once a process, however many compiled functions' :func:`sources` hold it."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None, ()
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return None, ()
    package = name if spec.submodule_search_locations else name.rpartition(".")[0]
    body = ast.parse(Path(spec.origin).read_bytes()).body
    return spec.origin, tuple(imported for node in _top_level(body) for imported in _imports(node, package))


def _top_level(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements of a module's ``body`` run on import: those in ``if`` and ``try`` blocks too, not those in
    functions (whose imports compiled code never sees)."""
    found = []
    for node in body:
        found.append(node)
        if isinstance(node, (ast.If, ast.Try)):
            found += _top_level(node.body + node.orelse + getattr(node, "finalbody", []))
    return found


def _imports(node: ast.AST, package: str) -> list[str]:
    """The modules an import statement ``node`` (in ``package``) may name: ``from m import x`` names ``m.x`` if it
    is a module, else ``m``."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    base = importlib.util.resolve_name("." * node.level + (node.module or ""), package) if node.level else (
        node.module or "")
    inner = [f"{base}.{alias.name}" for alias in node.names]
    modules = [name for name in inner if _is_module(name)]
    return modules if len(modules) == len(inner) else [base, *modules]


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


class CheckedCacheFile(caching.IndexDataCacheFile):  # type: ignore[misc, unused-ignore]
    """numba's index and data files of a function's cache (of a function of ``module``), each sealed with its name
    (:func:`hanoikit.cache.seal`): one that does not unseal, or unpickle, is a miss. The index is of one version of
    the function's :func:`sources`."""

    def __init__(self, cache_path: str, filename_base: str, source_stamp: object, module: str) -> None:
        super().__init__(cache_path, filename_base, source_stamp)  # type: ignore[no-untyped-call, unused-ignore]
        self._module = module

    @functools.cached_property
    def _stamp(self) -> tuple[object, str | None]:
        """numba's stamp of the function's file, and the key of its :func:`sources` (read on the first use: a
        module's import costs nothing more)."""
        return self._source_stamp, cache.source_key(*sources(self._module), python=False)

    def _save_index(self, overloads: dict[Any, str]) -> None:
        with contextlib.suppress(OSError), self._open_for_write(self._index_path) as file:  # not kept: no harm
            file.write(self._sealed(self._index_name, (self._version, self._stamp, overloads)))

    def _load_index(self) -> dict[Any, str]:
        found = self._read(self._index_path, INDEX_BYTES)
        if not isinstance(found, tuple) or len(found) != 3 or found[:2] != (self._version, self._stamp):
            return {}  # none, damaged, or of another numba or another version of the sources
        overloads: dict[Any, str] = found[2]
        return overloads

    def _save_data(self, name: str, data: object) -> None:
        path = self._data_path(name)  # type: ignore[no-untyped-call, unused-ignore]
        with contextlib.suppress(OSError), self._open_for_write(path) as file:
            file.write(self._sealed(name, data))

    def _load_data(self, name: str) -> object:
        return self._read(self._data_path(name), DATA_BYTES)  # type: ignore[no-untyped-call, unused-ignore]

    def _sealed(self, name: str, value: object) -> bytes:
        return cache.seal(name, self._dump(value))  # type: ignore[no-untyped-call, unused-ignore]

    @staticmethod
    def _read(path: str, limit: int) -> object:
        """The value in the file ``path``, ``None`` if it is missing, damaged, no regular file, larger than ``limit``
        bytes or cannot be unpickled."""
        try:
            body = cache.unseal(cache.read_regular(path, limit), os.path.basename(path))
        except OSError:
            return None
        if body is None:
            return None
        try:
            return pickle.loads(body)
        except Exception:  # sealed by another numba: any error of unpickling is a miss
            return None
