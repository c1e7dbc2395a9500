"""The documentation site: every ``pycon`` example of its pages runs as a doctest, every ``console`` example of
``hanoi`` in its pages and in README.md prints what the page shows (or is marked as not run, with its reason), and
``mkdocs build --strict`` passes with every public name in the reference."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import itertools
import os
import re
import shlex
import shutil
import subprocess
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from hanoikit.cli import app, main
from hanoikit.report.build import Built

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


EXAMPLE_PAGES = [page for page in PAGES if any(True for _ in blocks(page.read_text(encoding="utf-8"), "pycon"))]


@pytest.mark.parametrize("page", EXAMPLE_PAGES, ids=page_id)
def test_page_examples(page: Path) -> None:
    """The page's pycon blocks, in order and sharing one namespace, as one doctest (line numbers kept)."""
    text = page.read_text(encoding="utf-8")
    kept = [""] * len(text.splitlines())
    for first, lines in blocks(text, "pycon"):
        kept[first : first + len(lines)] = lines
    source = "\n".join(kept) + "\n"
    test = doctest.DocTestParser().get_doctest(source, {}, page_id(page), str(page), 0)
    assert test.examples
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures: list[str] = []
    runner.run(test, out=failures.append)
    assert runner.failures == 0, "".join(failures)


README = ROOT / "README.md"
NOT_RUN = re.compile(r"<!-- console: not run: (.+?) -->")
NOT_RUN_ENTRY = re.compile(r"(hanoi [^(;]+?)\s*\(([^)]+)\)")
EXAMPLES = ROOT / "docs" / "examples"
"""The files the examples read (``hanoi check docs/examples/answer.txt``), copied into the directory each runs in."""


def _not_run(text: str, first: int) -> dict[str, str]:
    """The commands a block's marker leaves out, ``{prefix: reason}``: the marker is the line before the fence,
    ``<!-- console: not run: hanoi play (serves until stopped); hanoi search (long-running) -->``."""
    lines = text.splitlines()
    marker = NOT_RUN.fullmatch(lines[first - 2].strip()) if first >= 2 else None
    if marker is None:
        return {}
    entries = dict(NOT_RUN_ENTRY.findall(marker[1]))
    assert entries and len(entries) == marker[1].count(";") + 1, f"cannot read the marker {marker[0]!r}"
    return entries


def _commands(page: Path) -> Iterator[tuple[int, str, str, str | None]]:
    """Each ``$ hanoi ...`` of the page's console blocks: (line, command, the output shown, why it is not run or
    ``None``). A comment after ``#`` is not part of the command."""
    text = page.read_text(encoding="utf-8")
    for first, lines in blocks(text, "console"):
        skipped = _not_run(text, first)
        starts = [i for i, line in enumerate(lines) if line.startswith("$ ")] + [len(lines)]
        for start, end in itertools.pairwise(starts):
            command = re.sub(r"\s+#.*$", "", lines[start][2:]).strip()
            if not command.startswith("hanoi "):
                continue  # pip install, a shell comment
            shown = "".join(line + "\n" for line in lines[start + 1 : end])
            reason = next((why for prefix, why in skipped.items() if command.startswith(prefix)), None)
            yield first + start + 1, command, shown, reason


def _args(command: str) -> tuple[list[str], str]:
    """The arguments after ``hanoi`` (an input redirection ``< FILE`` left out) and the pipe after ``|``."""
    command, _, pipe = command.partition(" | ")
    return shlex.split(command.partition(" < ")[0])[1:], pipe.strip()


def _run(command: str, capsys: pytest.CaptureFixture[str]) -> str:
    args, pipe = _args(command)
    status = main(args)
    captured = capsys.readouterr()
    assert (status == 2) == captured.err.startswith("hanoi:"), captured.err  # hanoi check has statuses 1 and 3 too
    out = captured.out + captured.err
    if pipe:
        head = re.fullmatch(r"head -(\d+)", pipe)
        assert head is not None, f"only '| head -N' is understood, not {pipe!r}"
        out = "".join(out.splitlines(keepends=True)[: int(head[1])])
    return out


def _matches(out: str, shown: str) -> bool:
    """The output is what the page shows, trailing spaces aside; a last line ``...`` shows only its beginning."""
    got = [line.rstrip() for line in out.splitlines()]
    want = [line.rstrip() for line in shown.splitlines()]
    if want and want[-1] == "...":
        return got[: len(want) - 1] == want[:-1] and len(got) >= len(want)
    return got == want


PAGE_COMMANDS = [(page, *case) for page in [README, *PAGES] for case in _commands(page)]
COMMANDS = [case for case in PAGE_COMMANDS if case[4] is None]
NOT_RUN_COMMANDS = [case for case in PAGE_COMMANDS if case[4] is not None]


def _case_id(case: tuple[Path, int, str, str, str | None]) -> str:
    return f"{case[0].relative_to(ROOT).as_posix()}:{case[1]}"


@pytest.mark.parametrize(("page", "line", "command", "shown", "reason"), COMMANDS, ids=map(_case_id, COMMANDS))
def test_page_commands(
    page: Path, line: int, command: str, shown: str, reason: None, capsys: pytest.CaptureFixture[str],
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every ``$ hanoi ...`` of README.md and docs/ prints what the page shows (in an empty directory, at 80
    columns); a command shown without output prints nothing."""
    shutil.copytree(EXAMPLES, tmp_path / "docs" / "examples")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "80")
    out = _run(command, capsys)
    assert _matches(out, shown), f"{page.relative_to(ROOT)} line {line}: {command}\n{out}"


@pytest.mark.parametrize(("page", "line", "command", "shown", "reason"), NOT_RUN_COMMANDS,
                         ids=map(_case_id, NOT_RUN_COMMANDS))
def test_commands_not_run_are_read(page: Path, line: int, command: str, shown: str, reason: str) -> None:
    """A command marked as not run (long-running, interactive, or reading the reader's files) still names a command
    and options that exist: click reads its arguments without running it. (What such a command is shown printing is
    an illustration, not compared.)"""
    args, _ = _args(command)
    name, *rest = args
    command_object = app.get_command(click.Context(app), name)
    assert command_object is not None, f"{page.relative_to(ROOT)} line {line}: no command {name!r}"
    command_object.make_context(name, rest)
    assert reason.strip()


def test_every_console_example_is_run_or_marked() -> None:
    assert len(COMMANDS) >= 30 and any(case[0] == README for case in COMMANDS)
    assert {case[0] for case in NOT_RUN_COMMANDS} <= {README, *PAGES}


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
def test_site_builds_strict_with_every_public_name(tmp_path: Path, reproduction: Built) -> None:
    """The strict build, with the report built once for the run (tests/conftest.py) rather than again."""
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
        env={**os.environ, "TMPDIR": str(tmp_path), "NO_MKDOCS_2_WARNING": "1",
             "HANOIKIT_SITE_REPORT": str(reproduction.path)},
    )
    assert done.returncode == 0, done.stderr[-5000:]
    assert "WARNING" not in done.stderr, done.stderr
    for page in ("index.html", "getting-started/index.html", "reproduction/index.html", "reference/cli/index.html"):
        assert (site / page).is_file(), page
    for figure in (reproduction.path / "figures").iterdir():  # the report's figures, beside the site's
        assert (site / "figures" / figure.name).read_bytes() == figure.read_bytes(), figure.name
    stamp = re.search(r"Built [^.]+ UTC", (reproduction.path / "report.md").read_text(encoding="utf-8"))
    assert stamp is not None and stamp[0] in (site / "reproduction" / "index.html").read_text(encoding="utf-8")
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
