"""The documentation site: every ``pycon`` example of its pages runs as a doctest, every ``console`` example of
``hanoi`` prints what the page shows, and ``mkdocs build --strict`` passes with every public name in the reference."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import itertools
import os
import re
import shlex
import subprocess
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from hanoikit.cli import main

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md") if "hooks" not in p.parts)
FENCE = re.compile(r"^(\s*)```(\w*)")


def blocks(text: str, language: str) -> Iterator[tuple[int, list[str]]]:
    """The fenced code blocks of ``language``: (index of the first line inside, the lines, unindented)."""
    lines = text.splitlines()
    inside: tuple[int, str, str] | None = None
    for number, line in enumerate(lines):
        fence = FENCE.match(line)
        if fence and inside is None:
            inside = (number + 1, fence[1], fence[2])
        elif fence and inside is not None and line.strip() == "```":
            first, indent, lang = inside
            if lang == language:
                yield first, [body[len(indent):] for body in lines[first:number]]
            inside = None


def page_id(page: Path) -> str:
    return page.relative_to(DOCS).as_posix()


def test_pages_found() -> None:
    assert {"index.md", "getting-started.md", "mathematics.md", "tutorials/classic.md"} <= set(map(page_id, PAGES))
    assert sum(len(list(blocks(p.read_text(), "pycon"))) for p in PAGES) >= 20


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_page_examples(page: Path) -> None:
    """The page's pycon blocks, in order and sharing one namespace, as one doctest (line numbers kept)."""
    text = page.read_text(encoding="utf-8")
    kept = [""] * len(text.splitlines())
    for first, lines in blocks(text, "pycon"):
        kept[first : first + len(lines)] = lines
    source = "\n".join(kept) + "\n"
    test = doctest.DocTestParser().get_doctest(source, {}, page_id(page), str(page), 0)
    if not test.examples:
        pytest.skip("no Python examples on this page")
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures: list[str] = []
    runner.run(test, out=failures.append)
    assert runner.failures == 0, "".join(failures)


def _commands(page: Path) -> Iterator[tuple[int, str, str]]:
    """Each ``$ hanoi ...`` of the page's console blocks that shows its output: (line, command, output)."""
    for first, lines in blocks(page.read_text(encoding="utf-8"), "console"):
        starts = [i for i, line in enumerate(lines) if line.startswith("$ ")] + [len(lines)]
        for start, end in itertools.pairwise(starts):
            command, shown = lines[start][2:], lines[start + 1 : end]
            if command.startswith("hanoi ") and shown:
                yield first + start + 1, command, "\n".join(shown) + "\n"


def _run(command: str, capsys: pytest.CaptureFixture[str]) -> str:
    command, _, pipe = command.partition(" | ")
    args = shlex.split(command)[1:]
    status = main(args)
    captured = capsys.readouterr()
    assert status == (2 if captured.err.startswith("hanoi:") else 0), captured.err
    out = captured.out + captured.err
    if pipe:
        head = re.fullmatch(r"head -(\d+)", pipe.strip())
        assert head is not None, f"only '| head -N' is understood, not {pipe!r}"
        out = "".join(out.splitlines(keepends=True)[: int(head[1])])
    return out


COMMANDS = [(page, line, command, shown) for page in PAGES for line, command, shown in _commands(page)]


@pytest.mark.parametrize(
    ("page", "line", "command", "shown"), COMMANDS, ids=[f"{page_id(c[0])}:{c[1]}" for c in COMMANDS]
)
def test_page_commands(page: Path, line: int, command: str, shown: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(command, capsys) == shown, f"{page_id(page)} line {line}: {command}"


def _hook(name: str):  # type: ignore[no-untyped-def]
    """A module of docs/hooks/, loaded by path (mkdocs and griffe load them so)."""
    spec = importlib.util.spec_from_file_location(f"docs_hooks_{name}", DOCS / "hooks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_docstrings_become_markdown() -> None:
    """The griffe extension fences doctest runs and turns Sphinx roles into inline code, and nothing else."""
    markdown = _hook("griffe_docstrings").markdown
    result = doctest.testmod(_hook("griffe_docstrings"))
    assert result.attempted > 0 and result.failed == 0
    text = "Plain :class:`~hanoikit.State` and :data:`hanoikit.limits.MAX_DISKS`.\n\n>>> 1\n1\n>>> 2\n2"
    assert markdown(text).splitlines() == [
        "Plain `State` and `hanoikit.limits.MAX_DISKS`.", "", "```pycon", ">>> 1", "1", ">>> 2", "2", "```"
    ]
    fenced = "```python\n>>> x\n```"
    assert markdown(fenced) == fenced


def _inventory(path: Path) -> set[str]:
    """The names in a Sphinx ``objects.inv`` (what mkdocstrings rendered)."""
    data = path.read_bytes()
    body = data.split(b"\n", 4)[4]
    return {line.split(" ", 1)[0] for line in zlib.decompress(body).decode().splitlines()}


@pytest.mark.slow
def test_site_builds_strict_with_every_public_name(tmp_path: Path) -> None:
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
        env={**os.environ, "TMPDIR": str(tmp_path), "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stderr[-5000:]
    assert "WARNING" not in done.stderr, done.stderr
    for page in ("index.html", "getting-started/index.html", "reproduction/index.html", "reference/cli/index.html"):
        assert (site / page).is_file(), page
    assert "<math" in (site / "mathematics" / "index.html").read_text()

    hooks = _hook("site")
    rendered = _inventory(site / "objects.inv")
    missing = []
    for name in hooks.public_modules():
        module = importlib.import_module(name)
        for member in getattr(module, "__all__", ()):
            # a name a package re-exports from one of its modules is documented in that module
            homes = {f"{name}.{member}"}
            homes |= {r for r in rendered if r.startswith(f"{name}.") and r.endswith(f".{member}")}
            if not homes & set(rendered):
                missing.append(f"{name}.{member}")
        assert name in rendered, name
    assert not missing, f"public names not in the API reference: {missing}"
