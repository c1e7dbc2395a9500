"""MkDocs hooks: the parts of the site that hanoikit itself makes at build time, so that they cannot go stale.

- the API reference: one page per public module (``::: hanoikit.puzzle``), its nav section read from the package;
- the command line: every ``hanoi`` command's ``--help``;
- the figures, drawn by hanoikit's drawing functions, and the reproduction report with its own figures (a report
  already built is read from the directory ``HANOIKIT_SITE_REPORT`` names, as the tests' strict build does);
- the formulas: the TeX that ``pymdownx.arithmatex`` marks becomes MathML, which browsers typeset with no script.
"""

from __future__ import annotations

import ast
import html
import os
import re
import tempfile
from pathlib import Path
from typing import Any

import click
from latex2mathml.converter import convert
from mkdocs.structure.files import File, Files

import hanoikit as hk

PACKAGE = Path(hk.__file__).parent
REFERENCE = "reference"
_made: dict[str, bytes | str] = {}  # kept across the rebuilds of ``mkdocs serve``


# -- the API reference ---------------------------------------------------------------------------------------------


def public_modules() -> list[str]:
    """Every public module of hanoikit (no part of its name starts with ``_``), the command line left to its page."""
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = ["hanoikit", *path.relative_to(PACKAGE).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        if any(part.startswith("_") for part in parts) or parts[:2] == ["hanoikit", "cli"]:
            continue
        names.append(".".join(parts))
    return sorted(names, key=lambda name: (name.count(".") > 1 or _is_package(name), name))


def _is_package(module: str) -> bool:
    return (PACKAGE.joinpath(*module.split(".")[1:]) / "__init__.py").exists() and module != "hanoikit"


def _page(module: str) -> str:
    return f"{REFERENCE}/{module}.md"


def reference_nav() -> list[Any]:
    """The nav section: the package's names, its core modules (those ``import hanoikit`` reads), the other modules,
    then each subpackage with its modules."""
    core = set(_origins().values())
    nav: list[Any] = [{"hanoikit": f"{REFERENCE}/index.md"}]
    groups: dict[str, list[Any]] = {"The core": [], "Modules": []}
    for module in public_modules():
        top = ".".join(module.split(".")[:2])
        if module == "hanoikit":
            continue
        group = top if _is_package(top) else "The core" if module in core else "Modules"
        groups.setdefault(group, []).append({module: _page(module)})
    return nav + [{title: pages} for title, pages in groups.items() if pages]


def _origins() -> dict[str, str]:
    """For each name ``import hanoikit`` gives, the module it comes from (read from ``hanoikit/__init__.py``)."""
    tree = ast.parse((PACKAGE / "__init__.py").read_text())
    return {
        alias.asname or alias.name: f"hanoikit.{node.module}"
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module
        for alias in node.names
    }


def _index_page() -> str:
    origins = _origins()
    rows = "\n".join(
        f"| [`hk.{name}`][{origins[name]}.{name}] | `{origins[name]}` |" for name in sorted(hk.__all__, key=str.lower)
    )
    submodules = ", ".join(f"[`{m}`]({m}.md)" for m in public_modules() if m.count(".") == 1)
    return (
        "# The hanoikit package\n\n"
        "::: hanoikit\n    options:\n      members: false\n      show_root_heading: false\n\n"
        "## The names of `import hanoikit as hk`\n\n"
        "The core: the puzzles, positions, moves, the move stack and the errors. Each name is documented in the "
        "module that defines it.\n\n"
        f"| name | defined in |\n|---|---|\n{rows}\n\n"
        f"## Modules\n\nThe clients of the core, imported on first use: {submodules}.\n"
    )


# -- the command line ----------------------------------------------------------------------------------------------


def _cli_page() -> str:
    from hanoikit.cli import app

    parts = [
        "# The `hanoi` command\n",
        "Every command of `hanoi`, with its `--help`. Every failure ends in one line on standard error: exit status 2 "
        "for bad input or a size above a cap (the caps are in [`hanoikit.limits`](hanoikit.limits.md)), 1 when the "
        "output cannot be written, 130 when interrupted. A command that needs an optional part of hanoikit names "
        "the extra to install (`pip install 'hanoikit[plot]'`).\n",
    ]
    with click.Context(app, info_name="hanoi", terminal_width=80, max_content_width=80) as ctx:
        parts += ["```text", app.get_help(ctx), "```\n"]
        for name in app.list_commands(ctx):
            command = app.get_command(ctx, name)
            assert command is not None
            with click.Context(command, info_name=name, parent=ctx, terminal_width=80, max_content_width=80) as sub:
                parts += [f"## hanoi {name}\n", "```text", command.get_help(sub), "```\n"]
    return "\n".join(parts)


# -- figures and the reproduction report ---------------------------------------------------------------------------


def _figures() -> dict[str, bytes | str]:
    from hanoikit import svg
    from hanoikit.draw import graph
    from hanoikit.report import build
    from hanoikit.teach import ncube

    made: dict[str, bytes | str] = {}
    magnetic = hk.MagneticPuzzle(3)
    made["figures/classic-start.svg"] = svg.state(hk.Puzzle(4).start, hk.Puzzle(4))
    made["figures/magnetic-start.svg"] = svg.state(magnetic.start, magnetic)
    made["figures/magnetic-position.svg"] = svg.state(
        hk.State.parse("SIS:RBR"), magnetic, lastmove=hk.Move(1, 2, 1)
    )
    made["figures/magnetic-goal.svg"] = svg.state(magnetic.goal, magnetic)
    with tempfile.TemporaryDirectory() as work:
        out = Path(work)
        graph.save_state_graph(hk.Puzzle(3), out / "graph-classic-3.svg")
        graph.save_state_graph(hk.MagneticPuzzle(2), out / "graph-magnetic-2.svg")
        ncube.save(3, out / "ncube-3.svg")
        for path in out.glob("*.svg"):
            made[f"figures/{path.name}"] = path.read_bytes()
        prebuilt = os.environ.get("HANOIKIT_SITE_REPORT")
        report = Path(prebuilt) if prebuilt else build.build(out / "report").path
        made["reproduction.md"] = (report / "report.md").read_text(encoding="utf-8")
        for path in (report / "figures").iterdir():
            made[f"figures/{path.name}"] = path.read_bytes()
    return made


# -- the hooks -----------------------------------------------------------------------------------------------------


def on_config(config: Any) -> Any:
    """Put the API reference into the nav, where mkdocs.yml names its index page."""
    nav = config["nav"]
    for index, item in enumerate(nav):
        if isinstance(item, dict) and item.get("API reference") == f"{REFERENCE}/index.md":
            nav[index] = {"API reference": reference_nav()}
    return config


def on_files(files: Files, config: Any) -> Files:
    """Add the generated pages and figures."""
    if not _made:
        _made.update(_figures())
        _made[f"{REFERENCE}/index.md"] = _index_page()
        _made[f"{REFERENCE}/cli.md"] = _cli_page()
        for module in public_modules():
            if module != "hanoikit":
                _made[_page(module)] = f"# {module}\n\n::: {module}\n"
    for uri, content in _made.items():
        files.append(File.generated(config, uri, content=content))
    return files


_MATH = re.compile(r'<(span|div) class="arithmatex">\\[(\[]\s*(.*?)\s*\\[)\]]</\1>', re.S)


def on_page_content(text: str, **kwargs: Any) -> str:
    """Typeset the formulas as MathML."""

    def mathml(match: re.Match[str]) -> str:
        display = "block" if match[1] == "div" else "inline"
        return f'<{match[1]} class="math">{convert(html.unescape(match[2]), display=display)}</{match[1]}>'

    return _MATH.sub(mathml, text)
