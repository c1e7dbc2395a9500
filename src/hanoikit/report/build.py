"""Write the reproduction report: every checked item of the seeds, in Markdown and HTML, with the figures as files.

The items come as :class:`~hanoikit.report.Check` rows from one module per source (``levy`` for Levy's paper, seed
000; ``encyclopedia`` for the encyclopedia article, seed 001; ``classic`` for seeds 002 and 003); each module may also
give computed :class:`Table` s. The report is built in a temporary directory beside the target and its files are moved
into place only when all of them are written.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as out:  # doctest: +SKIP
...     sorted(p.name for p in build(out).path.iterdir())
['figures', 'report.html', 'report.md']
"""

from __future__ import annotations

import html
import importlib
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from ..draw.files import naming, temporary
from . import Check

__all__ = ["Table", "Section", "Built", "MATCH", "MISMATCH", "collect", "render_markdown", "render_html", "build"]

MATCH = "✓ match"
"""How the report marks an item where hanoikit computes the published value."""
MISMATCH = "✗ mismatch"
"""How the report marks an item where it does not (each with a note explaining why)."""

_SEEDS = (
    ("levy", "000"),
    ("encyclopedia", "001"),
    ("classic", "002 and 003"),
)


@dataclass(frozen=True)
class Table:
    """A computed table shown in the report beside the checks."""

    title: str
    intro: str
    header: list[str]
    rows: list[list[str]]


@dataclass(frozen=True)
class Section:
    """The part of the report for one seed module: its title, its checks and its tables."""

    seeds: str
    title: str
    checks: list[Check]
    tables: list[Table]
    missing: str = ""
    intro: str = ""


def _section(module_name: str, seeds: str, figure_dir: Path) -> Section:
    """Run one seed module; a module that does not exist yet (or gives nothing) is reported, not fatal."""
    try:
        module = importlib.import_module(f"{__package__}.{module_name}")
    except ModuleNotFoundError as error:
        if error.name != f"{__package__}.{module_name}":
            raise
        return Section(seeds, f"Seed {seeds}", [], [], f"hanoikit.report.{module_name} is not written yet.")
    make_checks: Callable[[Path], list[Check]] | None = getattr(module, "checks", None)
    found = list(make_checks(figure_dir)) if make_checks is not None else []
    make_tables: Callable[[], list[Table]] | None = getattr(module, "tables", None)
    title = getattr(module, "TITLE", f"Seed {seeds}")
    missing = "" if found else f"hanoikit.report.{module_name} gives no checks yet."
    intro = getattr(module, "INTRO", "")
    return Section(seeds, title, found, list(make_tables()) if make_tables else [], missing, intro)


def collect(figure_dir: str | os.PathLike[str]) -> list[Section]:
    """Every seed's section, its figures written into ``figure_dir``."""
    figure_dir = Path(figure_dir)
    figure_dir.mkdir(parents=True, exist_ok=True)
    return [_section(name, seeds, figure_dir) for name, seeds in _SEEDS]


def _counts(sections: Sequence[Section]) -> tuple[int, int]:
    every = [c for s in sections for c in s.checks]
    return sum(c.match for c in every), sum(not c.match for c in every)


# -- Markdown ------------------------------------------------------------------------------------------------------


def _cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def render_markdown(sections: Sequence[Section], stamp: str) -> str:
    """The report as Markdown (figures linked from ``figures/``)."""
    matched, mismatched = _counts(sections)
    lines = [
        "# hanoikit: reproduction of the seeds",
        "",
        f"Built {stamp}. Every published number, table and figure of the seeds beside what hanoikit computes: "
        f"**{matched}** {MATCH}, **{mismatched}** {MISMATCH}. Each mismatch carries a note saying why.",
        "",
    ]
    for section in sections:
        lines += [f"## Seed {section.seeds}: {section.title}", ""]
        if section.intro:
            lines += [section.intro, ""]
        if section.missing:
            lines += [f"_{section.missing}_", ""]
        if section.checks:
            lines += ["| item | published | computed | | note |", "|---|---|---|---|---|"]
            for check in section.checks:
                mark = MATCH if check.match else MISMATCH
                lines.append(
                    f"| {_cell(check.item)} | {_cell(check.published)} | {_cell(check.computed)} | {mark} "
                    f"| {_cell(check.note)} |"
                )
            lines.append("")
        figures = sorted({f for c in section.checks for f in c.figures if f.endswith(".png")})
        for figure in figures:
            lines += [f"![{Path(figure).stem}]({figure})", ""]
        for table in section.tables:
            lines += [f"### {table.title}", "", table.intro, ""]
            lines += ["| " + " | ".join(map(_cell, table.header)) + " |", "|" + "---|" * len(table.header)]
            lines += ["| " + " | ".join(map(_cell, row)) + " |" for row in table.rows]
            lines.append("")
    return "\n".join(lines)


# -- HTML ----------------------------------------------------------------------------------------------------------

_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 1200px; margin: 2em auto; padding: 0 1em; color: #222; }
h1 { font-weight: 600; } h2 { margin-top: 2em; border-bottom: 1px solid #ddd; padding-bottom: .2em; }
table { border-collapse: collapse; width: 100%; margin: 1em 0; font-size: 14px; }
th, td { border: 1px solid #ddd; padding: .35em .5em; vertical-align: top; text-align: left; }
th { background: #f5f5f5; } td.mark { white-space: nowrap; font-weight: 600; }
tr.match td.mark { color: #1a7f37; } tr.mismatch td.mark { color: #c8322d; } tr.mismatch { background: #fff6f5; }
td.num { font-family: ui-monospace, monospace; }
figure { margin: 1.5em 0; } figure img { max-width: 100%; border: 1px solid #eee; }
.summary { font-size: 16px; } .missing { color: #777; font-style: italic; }
"""


def render_html(sections: Sequence[Section], stamp: str) -> str:
    """The report as one HTML page (figures referenced from ``figures/``)."""
    e = html.escape
    matched, mismatched = _counts(sections)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"><title>hanoikit: reproduction of the seeds</title>',
        f"<style>{_STYLE}</style></head><body>",
        "<h1>hanoikit: reproduction of the seeds</h1>",
        f'<p class="summary">Built {e(stamp)}. Every published number, table and figure of the seeds beside what '
        f"hanoikit computes: <b>{matched}</b> {e(MATCH)}, <b>{mismatched}</b> {e(MISMATCH)}. "
        "Each mismatch carries a note saying why.</p>",
    ]
    for section in sections:
        parts.append(f"<h2>Seed {e(section.seeds)}: {e(section.title)}</h2>")
        if section.intro:
            parts.append(f"<p>{e(section.intro)}</p>")
        if section.missing:
            parts.append(f'<p class="missing">{e(section.missing)}</p>')
        if section.checks:
            parts.append("<table><tr><th>item</th><th>published</th><th>computed</th><th></th><th>note</th></tr>")
            for check in section.checks:
                kind = "match" if check.match else "mismatch"
                mark = MATCH if check.match else MISMATCH
                parts.append(
                    f'<tr class="{kind}"><td>{e(check.item)}</td><td class="num">{e(check.published)}</td>'
                    f'<td class="num">{e(check.computed)}</td><td class="mark">{e(mark)}</td>'
                    f"<td>{e(check.note)}</td></tr>"
                )
            parts.append("</table>")
        listed = {f for c in section.checks for f in c.figures}
        for figure in sorted(f for f in listed if f.endswith(".png")):
            svg = Path(figure).with_suffix(".svg").as_posix()
            link = f' (<a href="{e(svg)}">SVG</a>)' if svg in listed else ""
            parts.append(
                f'<figure><img src="{e(figure)}" alt="{e(Path(figure).stem)}">'
                f"<figcaption>{e(Path(figure).stem)}{link}</figcaption></figure>"
            )
        for table in section.tables:
            parts.append(f"<h3>{e(table.title)}</h3><p>{e(table.intro)}</p><table>")
            parts.append("<tr>" + "".join(f"<th>{e(h)}</th>" for h in table.header) + "</tr>")
            for row in table.rows:
                parts.append("<tr>" + "".join(f'<td class="num">{e(str(v))}</td>' for v in row) + "</tr>")
            parts.append("</table>")
    parts.append("</body></html>")
    return "\n".join(parts)


class Built(NamedTuple):
    """What :func:`build` wrote: the report's directory and its sections."""

    path: Path
    sections: list[Section]

    @property
    def mismatches(self) -> list[Check]:
        """The items that do not match."""
        return [c for s in self.sections for c in s.checks if not c.match]

    @property
    def matches(self) -> list[Check]:
        """The items that match."""
        return [c for s in self.sections for c in s.checks if c.match]


# -- writing -------------------------------------------------------------------------------------------------------


def build(out: str | os.PathLike[str]) -> Built:
    """Write ``report.md``, ``report.html`` and ``figures/`` into the directory ``out``.

    Everything is written into a temporary directory beside ``out`` first (removed on any failure); files already
    in ``out`` are replaced only once the whole report has been written. The parent of ``out`` must exist; an
    :class:`OSError` names ``out``.
    """
    out = Path(out)
    try:
        return _build(out)
    except OSError as error:
        raise naming(error, out) from error


def _build(out: Path) -> Built:
    with temporary(out.parent, prefix=f".{out.name}.", folder=True) as name:  # the parent must exist
        work = Path(name)
        sections = collect(work / "figures")
        stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
        (work / "report.md").write_text(render_markdown(sections, stamp), encoding="utf-8")
        (work / "report.html").write_text(render_html(sections, stamp), encoding="utf-8")
        for path in sorted(work.rglob("*")):
            path.chmod(0o755 if path.is_dir() else 0o644)
        if not out.exists():
            work.chmod(0o755)
            os.replace(work, out)
            return Built(out, sections)
        for path in sorted(work.rglob("*")):
            target = out / path.relative_to(work)
            if path.is_dir():
                target.mkdir(exist_ok=True)
            else:
                os.replace(path, target)
    return Built(out, sections)
