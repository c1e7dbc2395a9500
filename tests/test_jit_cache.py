"""numba's disk cache of hanoikit's compiled functions (hanoikit._jit): files checked when read back. A damaged
index or data file (numba read them as they were: a traceback at every run, a crash, or damaged machine code run) is
a miss: the function is compiled again, answers, and the file is replaced."""

from __future__ import annotations

import importlib
import itertools
import pkgutil
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hanoikit
from hanoikit import _jit

_SOURCE = '''
from hanoikit._jit import njit


@njit(cache=True, nogil=True)
def triple(x):
    return 3 * x
'''

_NAMES = itertools.count()


def _fresh(name: str) -> ModuleType:
    """The module ``name`` imported anew (a new dispatcher, as in a new process)."""
    sys.modules.pop(name, None)
    importlib.invalidate_caches()
    return importlib.import_module(name)


def _run(name: str) -> tuple[int, int, int]:
    """``triple(14)``, and whether it was loaded from the cache (hits) or compiled (misses)."""
    module = _fresh(name)
    answer = module.triple(14)
    stats = module.triple.stats
    return answer, sum(stats.cache_hits.values()), sum(stats.cache_misses.values())


@pytest.fixture
def jitted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    """A module of one function compiled with hanoikit's njit, its cache written by a first run."""
    name = f"hanoikit_jitted_{next(_NAMES)}"
    (tmp_path / f"{name}.py").write_text(_SOURCE)
    monkeypatch.syspath_prepend(str(tmp_path))
    assert _run(name) == (42, 0, 1)  # compiled, and stored
    assert _run(name) == (42, 1, 0)  # read back
    yield Path(sys.modules[name].triple._cache._cache_path), name  # __pycache__, or in $NUMBA_CACHE_DIR
    sys.modules.pop(name, None)


def _files(folder: Path, suffix: str) -> list[Path]:
    return sorted(folder.glob(f"hanoikit_jitted_*{suffix}"))


DAMAGES = {
    "empty": lambda data: b"",
    "truncated": lambda data: data[: len(data) // 2],
    "garbage": lambda data: bytes(range(256)) * 4,
    "a byte more": lambda data: data + b"\0",
    "numba's own format": lambda data: data.partition(b"\n")[2],  # unsealed: a file written by numba alone
}


@pytest.mark.parametrize("suffix", [".nbi", ".nbc"])
@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_cache_file_is_compiled_again_and_replaced(jitted: tuple[Path, str], suffix: str, damage: str
                                                            ) -> None:
    folder, name = jitted
    (path,) = _files(folder, suffix)
    path.write_bytes(DAMAGES[damage](path.read_bytes()))
    assert _run(name) == (42, 0, 1)
    assert _run(name) == (42, 1, 0)


@pytest.fixture
def pristine(jitted: tuple[Path, str]) -> dict[Path, bytes]:
    """The cache files of ``jitted`` as its first run wrote them."""
    folder, _ = jitted
    return {path: path.read_bytes() for path in _files(folder, ".nbi") + _files(folder, ".nbc")}


@settings(max_examples=20, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_any_byte_flipped_is_compiled_again(jitted: tuple[Path, str], pristine: dict[Path, bytes],
                                            data: st.DataObject) -> None:
    """numba ran a data file whose machine code had a byte flipped (a crash, or wrong numbers): here it never
    runs."""
    _, name = jitted
    for path, good in pristine.items():
        path.write_bytes(good)
    path = data.draw(st.sampled_from(sorted(pristine)))
    raw = bytearray(pristine[path])
    raw[data.draw(st.integers(0, len(raw) - 1))] ^= data.draw(st.integers(1, 255))
    path.write_bytes(bytes(raw))
    assert _run(name) == (42, 0, 1)
    assert _run(name) == (42, 1, 0)  # replaced


def test_a_file_of_another_function_is_not_read(tmp_path: Path, jitted: tuple[Path, str]) -> None:
    folder, name = jitted
    (index,) = _files(folder, ".nbi")
    (data,) = _files(folder, ".nbc")
    data.write_bytes(index.read_bytes())  # sealed, but with the index's name
    assert _run(name) == (42, 0, 1)


def _modules() -> list[ModuleType]:
    names = [info.name for info in pkgutil.walk_packages(hanoikit.__path__, "hanoikit.")
             if info.name.startswith(("hanoikit.solvers", "hanoikit.frontier"))]
    return [importlib.import_module(name) for name in names]


def test_every_cached_function_of_hanoikit_is_checked() -> None:
    from numba.core.dispatcher import Dispatcher

    cached = [value for module in _modules() for value in vars(module).values()
              if isinstance(value, Dispatcher) and type(value._cache).__name__ != "NullCache"]
    assert len(cached) >= 10
    assert all(type(value._cache) is _jit.CheckedFunctionCache for value in cached)


_LOW = '''
from hanoikit._jit import njit

STEP = {step}


@njit(cache=True)
def base():
    return {base}
'''

_HIGH = '''
from hanoikit._jit import njit

from .low import STEP, base


@njit(cache=True)
def triple(x):
    return 3 * x * STEP + base()
'''


def test_a_change_in_an_imported_module_compiles_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """numba keeps a function's code while its own file is unchanged, though it inlined the functions and froze the
    constants it imports: here a change in a module it imports is seen."""
    package = f"hanoikit_jitted_package_{next(_NAMES)}"
    (tmp_path / package).mkdir()
    (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / package / "high.py").write_text(_HIGH)
    monkeypatch.syspath_prepend(str(tmp_path))

    def answer() -> int:
        for name in [name for name in sys.modules if name.startswith(package)]:
            del sys.modules[name]
        return int(_fresh(f"{package}.high").triple(14))

    (tmp_path / package / "low.py").write_text(_LOW.format(step=1, base=0))
    assert answer() == answer() == 42
    (tmp_path / package / "low.py").write_text(_LOW.format(step=2, base=100))
    assert answer() == 184
    assert sum(sys.modules[f"{package}.high"].triple.stats.cache_misses.values()) == 1
    assert answer() == 184  # and kept
    assert sum(sys.modules[f"{package}.high"].triple.stats.cache_hits.values()) == 1
