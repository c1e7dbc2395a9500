"""The structure holds: no module reaches into another module's private names, and every public name is documented.

ruff's SLF001 (a gate, on src) catches ``other._private`` attribute access; this test catches the imports it does not
see: ``from .x import _name`` of another module, and a private module (``solvers/_levels.py``) imported from outside
its own package.
"""

from __future__ import annotations

import ast
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
