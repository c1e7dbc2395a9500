"""The optional dependencies: which extra of ``pip install hanoikit[...]`` brings which module, and :func:`require`,
which imports one or says in one line which extra to install.

The core (``pip install hanoikit``) needs only numpy, rich, click and sympy. Everything else is imported on first use
through :func:`require`, so that ``import hanoikit`` and ``hanoi --help`` work without it.

>>> require("fractions", "plot").__name__
'fractions'
>>> require("no_such_module_here", "plot")
Traceback (most recent call last):
hanoikit.errors.MissingExtraError: this needs no_such_module_here, which is not installed: pip install 'hanoikit[plot]'
"""

from __future__ import annotations

import importlib
from types import ModuleType

from .errors import MissingExtraError

__all__ = ["EXTRAS", "require"]

EXTRAS: dict[str, tuple[str, ...]] = {
    "play": ("fastapi", "uvicorn"),
    "plot": ("matplotlib", "PIL"),
    "graph": ("networkx",),
    "cluster": ("dask", "distributed"),
    "parquet": ("pyarrow",),
    "rg": ("reasoning_gym",),
    "eval": ("openai",),
    "inspect": ("inspect_ai",),
}
"""Each extra and the modules it provides (the ``[docs]`` extra serves the documentation site, not the library)."""


def require(module: str, extra: str) -> ModuleType:
    """The module named ``module``, imported; :class:`~hanoikit.MissingExtraError` naming ``extra`` if it is not
    installed. A module that is installed but fails to import raises as usual.

    Ctrl-C and SIGTERM wait until the import is done: one that lands while a compiled extension initialises
    (matplotlib's ``ft2font``) left it half made, and the interpreter aborted at exit with a fatal error."""
    from .frontier.signals import DeferredSignals

    with DeferredSignals() as held:
        try:
            return _imported(module, extra)
        finally:
            held.check()


def _imported(module: str, extra: str) -> ModuleType:
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        root = module.partition(".")[0]
        if error.name is None or error.name.partition(".")[0] != root:
            raise
        raise MissingExtraError(
            f"this needs {root}, which is not installed: pip install 'hanoikit[{extra}]'", name=root, extra=extra
        ) from None
