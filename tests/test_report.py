"""The reproduction report: built from one call into a directory, with match marks and a note for every mismatch."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from hanoikit.report import Check, classic
from hanoikit.report import build as report_build
from hanoikit.report import levy as levy_paper


@pytest.fixture
def built(reproduction: report_build.Built) -> report_build.Built:
    """The report built once for the run (tests/conftest.py)."""
    return reproduction


def test_files_exist(built: report_build.Built) -> None:
    out = built.path
    assert (out / "report.md").is_file() and (out / "report.html").is_file()
    for name in ("figure13", "figure14"):
        for suffix in (".png", ".svg"):
            figure = out / "figures" / f"{name}{suffix}"
            assert figure.is_file() and figure.stat().st_size > 10_000
    assert (out / "figures" / "figure13.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not [p for p in out.parent.iterdir() if p.name.startswith(".")]  # no temporary directory left behind


def test_marks_and_notes(built: report_build.Built) -> None:
    markdown = (built.path / "report.md").read_text(encoding="utf-8")
    page = (built.path / "report.html").read_text(encoding="utf-8")
    checks = built.matches + built.mismatches
    assert markdown.count(report_build.MATCH) >= len(built.matches)
    assert markdown.count(report_build.MISMATCH) >= len(built.mismatches)
    assert page.count('<tr class="match">') == len(built.matches)
    assert page.count('<tr class="mismatch">') == len(built.mismatches)
    assert all(c.note.strip() for c in built.mismatches)
    assert all(isinstance(c, Check) and c.item and c.published and c.computed for c in checks)
    links = re.findall(r'<img src="([^"]+)"', page) + re.findall(r'<a href="([^"]+)"', page)
    links += re.findall(r"!\[[^]]*\]\(([^)]+)\)", markdown)
    assert len(links) >= 5
    for figure in links:
        assert (built.path / figure).is_file(), figure


def test_every_seed_has_its_section(built: report_build.Built) -> None:
    by_seed = {s.seeds: s for s in built.sections}
    assert set(by_seed) == {"000", "001", "002 and 003"}
    seeds = {c.seed for s in built.sections for c in s.checks}
    assert {"000", "002", "003"} <= seeds
    assert by_seed["001"].checks or by_seed["001"].missing  # the magnetic engine's module, when it exists


def test_the_known_faults_of_seed_000_are_reported(built: report_build.Built) -> None:
    faulty = {c.item for c in built.mismatches if c.seed == "000"}
    assert any("62-Down" in item for item in faulty)
    assert any('"11"' in item for item in faulty)
    assert any("still ahead" in item for item in faulty)
    table = [c for c in built.matches if c.item.startswith("Table 10, row")]
    assert len(table) == len(levy_paper.TABLE_10)


def test_the_classic_seeds_match() -> None:
    rows = classic.checks(Path("."))
    assert rows and all(c.match for c in rows), [c.item for c in rows if not c.match]


def test_rebuilding_replaces_the_files(collect_once: report_build.Built, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(collect_once.path, out)
    (out / "report.md").write_text("stale", encoding="utf-8")
    (out / "figures" / "figure13.png").write_bytes(b"stale")
    again = report_build.build(out)
    assert again.path == out
    assert (out / "report.md").read_text(encoding="utf-8").count(report_build.MATCH) >= len(collect_once.matches)
    figure = out / "figures" / "figure13.png"
    assert figure.read_bytes() == (collect_once.path / "figures" / "figure13.png").read_bytes()
    assert [p.name for p in tmp_path.iterdir()] == ["out"]  # the temporary directory beside it is gone


def test_a_missing_seed_module_is_reported_not_fatal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(report_build, "_SEEDS", (("seed999", "999"), ("classic", "002 and 003")))
    built = report_build.build(tmp_path / "partial")
    assert built.sections[0].missing and not built.sections[0].checks
    assert "not written yet" in (built.path / "report.md").read_text(encoding="utf-8")
