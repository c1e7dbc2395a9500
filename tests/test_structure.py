"""The structure holds: no module reaches into another module's private names, and every public name is documented.

ruff's SLF001 (a gate, on src) catches ``other._private`` attribute access; this test catches the imports it does not
see: ``from .x import _name`` of another module, and a private module (``solvers/_levels.py``) imported from outside
its own package.
"""

from __future__ import annotations

import ast
import enum
import functools
import importlib
import inspect
import itertools
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "hanoikit"


def _module_name(path: Path) -> str:
    parts = ["hanoikit", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _private_imports(text: str, module: str, package: str) -> Iterator[str]:
    """``module: name`` for every private name it imports from outside its own package: a private module
    (``_levels``) is for the package that holds it (and its subpackages), a private name (``_shown``) for its own
    module only."""
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            source = ".".join([*base, *([node.module] if node.module else [])])
        else:
            source = node.module or ""
        if source.split(".")[0] != "hanoikit":
            continue
        for alias in node.names:
            parts = f"{source}.{alias.name}".split(".")
            private = [i for i, part in enumerate(parts) if part.startswith("_") and not part.startswith("__")]
            owner = ".".join(parts[: private[0]]) if private else None
            if owner is not None and not f"{package}.".startswith(f"{owner}."):
                yield f"{module}: {'.'.join(parts)}"


def test_no_module_imports_private_names_of_another() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module_name(path)
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        found += _private_imports(path.read_text(encoding="utf-8"), module, package)
    assert not found, "private names reached from outside their module or package:\n" + "\n".join(found)


def test_the_check_sees_private_imports() -> None:
    text = "from ..solvers._levels import engine\nfrom ..puzzle import _shown, Puzzle\nfrom .._extras import require\n"
    assert list(_private_imports(text, "hanoikit.analysis.probe", "hanoikit.analysis")) == [
        "hanoikit.analysis.probe: hanoikit.solvers._levels.engine", "hanoikit.analysis.probe: hanoikit.puzzle._shown"
    ]
    inside = "from ._levels import engine\nfrom . import _gather\n"
    assert not list(_private_imports(inside, "hanoikit.solvers.magnetic", "hanoikit.solvers"))


# -- every public name has a docstring ---------------------------------------------------------------------------


def _public_modules() -> list[str]:
    """Every public module of hanoikit (no part of its name starts with ``_``)."""
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module_name(path)
        if not any(part.startswith("_") for part in module.split(".")):
            names.append(module)
    return names


def _documented_data(module: object) -> set[str]:
    """The module-level names assigned in ``module``'s source with a string right after them (an attribute
    docstring, as mkdocstrings reads it)."""
    source = inspect.getsource(module)  # type: ignore[arg-type]
    body = ast.parse(source).body
    found = set()
    for node, after in itertools.pairwise(body):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign) else []
        if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) and isinstance(after.value.value, str):
            found |= {t.id for t in targets if isinstance(t, ast.Name)}
    return found


def _own_doc(owner: type, name: str) -> str | None:
    """The docstring of a method or property, an override inheriting the one of the method it overrides."""
    for cls in owner.__mro__:
        if name in vars(cls):
            value = vars(cls)[name]
            if isinstance(value, (staticmethod, classmethod)):
                value = value.__func__
            if isinstance(value, property):
                value = value.fget
            doc = getattr(value, "__doc__", None)
            if doc:
                return str(doc)
    return None


def _undocumented() -> Iterator[str]:
    for name in _public_modules():
        module = importlib.import_module(name)
        for member in getattr(module, "__all__", ()):
            value = getattr(module, member)
            if inspect.ismodule(value):
                continue
            if inspect.isclass(value) or inspect.isfunction(value):
                home = f"{value.__module__}.{value.__qualname__}"
                if not (value.__dict__.get("__doc__") if inspect.isclass(value) else value.__doc__):
                    yield home
                if inspect.isclass(value) and not issubclass(value, enum.Enum):
                    for attribute, _ in vars(value).items():
                        if attribute.startswith("_") or attribute in _FIELDS_OF(value):
                            continue
                        static = inspect.getattr_static(value, attribute)
                        if callable(static) or isinstance(static, (property, staticmethod, classmethod)):
                            if not _own_doc(value, attribute):
                                yield f"{home}.{attribute}"
            elif callable(value):
                continue  # an instance with __call__ (documented by its class)
            else:
                if not any(member in _documented_data_cached(m) for m in _all_modules()):
                    yield f"{name}.{member}"  # data documented nowhere (an attribute docstring where it is set)


@functools.cache
def _all_modules() -> tuple[str, ...]:
    return tuple(_module_name(path) for path in sorted(PACKAGE.rglob("*.py")) if path.name != "__main__.py")


@functools.cache
def _documented_data_cached(name: str) -> frozenset[str]:
    return frozenset(_documented_data(importlib.import_module(name)))


def _FIELDS_OF(cls: type) -> set[str]:
    """Fields of a NamedTuple or a dataclass: documented in the class's docstring."""
    fields = set(getattr(cls, "_fields", ()))
    fields |= set(getattr(cls, "__dataclass_fields__", {}))
    return fields


def test_every_public_name_has_a_docstring() -> None:
    missing = sorted(set(_undocumented()))
    assert not missing, f"{len(missing)} public names without a docstring:\n" + "\n".join(missing)


# -- numpydoc sections on the main names -------------------------------------------------------------------------


def _numpydoc_targets() -> list[tuple[str, object, tuple[str, ...]]]:
    """Every function and class of ``hanoikit.__all__`` (the exceptions aside: a class and its one-line cause) and
    the two registries' functions, with the numpydoc sections each must have."""
    import hanoikit as hk
    from hanoikit import algorithms
    from hanoikit.solvers import registry

    targets: list[tuple[str, object, tuple[str, ...]]] = []
    for name in hk.__all__:
        value = getattr(hk, name)
        if inspect.isclass(value) and not issubclass(value, Exception):
            fields = "Attributes" if issubclass(value, tuple) else "Parameters"  # a NamedTuple's fields
            targets.append((f"hanoikit.{name}", value, (fields, "Examples")))
        elif inspect.isfunction(value):
            targets.append((f"hanoikit.{name}", value, ("Parameters", "Returns", "Examples")))
    for module in (algorithms, registry):
        for name in ("register", "registered", "get", "playing", "solver_for", "solvers_for"):
            if hasattr(module, name):
                sections = ("Returns", "Examples") if name == "registered" and module is registry else (
                    "Parameters", "Returns", "Examples")
                targets.append((f"{module.__name__}.{name}", getattr(module, name), sections))
    return targets


def test_main_names_have_numpydoc_sections() -> None:
    targets = _numpydoc_targets()
    assert len(targets) >= 15
    missing = []
    for name, value, sections in targets:
        doc = inspect.getdoc(value) or ""
        missing += [f"{name}: {section}" for section in sections if f"\n{section}\n{'-' * len(section)}\n" not in doc]
    assert not missing, "numpydoc sections missing:\n" + "\n".join(missing)
