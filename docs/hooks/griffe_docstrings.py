"""A griffe extension for the API reference: hanoikit's docstrings are written for ``help()`` and doctest, in plain
text with a few Sphinx roles; this turns them into the Markdown that mkdocstrings renders.

- a run of doctest lines (``>>>`` and what follows up to a blank line) becomes a ``pycon`` code block;
- a Sphinx role (``:class:`~hanoikit.State```) becomes inline code (``State``), a reST ``::`` a plain colon.
"""

from __future__ import annotations

import re
from typing import Any

from griffe import Extension, Object

_ROLE = re.compile(r":(?:class|func|meth|mod|data|attr|exc|obj):`~?([^`]+)`")


def _short(match: re.Match[str]) -> str:
    target = match[1]
    return f"`{target.rsplit('.', 1)[-1]}`" if match[0].count("~") else f"`{target}`"


def markdown(text: str) -> str:
    r"""``text`` with its doctest runs fenced and its roles as inline code.

    >>> markdown("Sum::\n\n>>> 1 + 1\n2\n\nSee :func:`~a.b`.").splitlines()
    ['Sum:', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'See `b`.']
    """
    out: list[str] = []
    in_example = in_fence = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
        if not in_fence and not in_example and line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            in_example = True
        elif in_example and not line.strip():
            out.append(f"{indent}```")
            in_example = False
        if not in_example and not in_fence:
            line = _ROLE.sub(_short, line)
            line = re.sub(r"(\S)::$", r"\1:", line)
        out.append(line)
    if in_example:
        out.append(f"{indent}```")
    return "\n".join(out)


class DoctestMarkdown(Extension):
    """Rewrite every docstring with :func:`markdown` once the object tree is built."""

    def on_object(self, *, obj: Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
