"""Options that name a file or directory to write: every one is an :class:`~hanoikit.cli.app.OutputPath`, which
refuses an empty, blank or odd name with one line and status 2 before any work (``hanoi reproduce --out ''`` wrote
its report into the current directory)."""

from __future__ import annotations

import os
from pathlib import Path

import click
import pytest
from hypothesis import given
from hypothesis import strategies as st

from clirun import run
from hanoikit.cli import app
from hanoikit.cli.app import OutputPath

_WRITTEN = {"--out", "--plot", "--store", "--checkpoint", "--resume"}
"""The options that name what a command writes."""

_VALID = {
    "reproduce": [], "graph": ["3"], "animate": ["1"], "ncube": ["2"], "generate": ["--count", "1"], "crossings": [],
    "search": ["3"], "diameter": ["3", "--posts", "4"], "score": ["set.jsonl", "answers.jsonl"],
    "eval": ["set.jsonl", "--base-url", "http://127.0.0.1:9/v1", "--model", "m", "--retries", "0"],
}
"""A run of each command with such an option, valid but for that option."""

_ODD = ["", " ", "\t", "a\nb", "x\x1b[2J", " out", "out ", "-"]


def _path_options() -> list[tuple[str, click.Option]]:
    context = click.Context(app)
    commands = {name: app.get_command(context, name) for name in app.list_commands(context)}
    return [
        (name, param)
        for name, command in sorted(commands.items())
        if command is not None
        for param in command.params
        if isinstance(param, click.Option) and set(param.opts) & _WRITTEN
    ]


def test_every_option_naming_what_is_written_is_an_output_path() -> None:
    found = _path_options()
    assert {name for name, _ in found} == set(_VALID)
    for name, option in found:
        assert isinstance(option.type, OutputPath), (name, option.opts)


@pytest.mark.parametrize(("name", "option"), _path_options(), ids=lambda x: getattr(x, "name", x))
@pytest.mark.parametrize("value", _ODD, ids=repr)
def test_odd_paths_are_refused_in_one_line_and_nothing_is_written(
    name: str, option: click.Option, value: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    assert isinstance(option.type, OutputPath)
    if value == "-" and option.type.dash:
        return  # standard output, where the option allows it
    monkeypatch.chdir(tmp_path)
    status, out, err = run([name, *_VALID[name], option.opts[0], value], capsys)
    assert status == 2, (name, value, out, err)
    assert err.count("\n") == 1 and err.startswith(f"hanoi {name}: Invalid value for '{option.opts[0]}'"), err
    assert not out
    assert os.listdir(tmp_path) == []


def test_a_file_where_a_directory_goes_and_a_directory_where_a_file_goes(tmp_path: Path, capsys) -> None:
    (tmp_path / "file").write_text("x")
    status, _, err = run(["reproduce", "--out", str(tmp_path / "file")], capsys)
    assert status == 2 and "it is a file" in err
    status, _, err = run(["graph", "3", "--out", str(tmp_path)], capsys)
    assert status == 2 and "it is a directory" in err
    status, _, err = run(["graph", "3", "--out", f"{tmp_path}/new/"], capsys)
    assert status == 2 and "it is a directory" in err


@given(st.text(min_size=1, max_size=12))
def test_the_type_passes_a_plain_name_and_refuses_the_rest_with_a_reason(name: str) -> None:
    plain = name.strip() == name and name != "-" and all(32 <= ord(c) != 127 for c in name)
    plain = plain and not name.endswith(os.sep) and not os.path.isdir(name)
    try:
        assert OutputPath().convert(name, None, None) == name
    except click.BadParameter as refused:
        assert not plain, (name, refused)
        assert "is no file name: it" in str(refused)
    else:
        assert plain, name
