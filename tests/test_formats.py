"""The move writers of hanoikit.formats against a per-move reference, and the readers that parse them back."""

from __future__ import annotations

import io
import json
import sys
import time
from collections.abc import Iterable

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanoikit import InvalidMoveError, MagneticPuzzle, Move, Puzzle, State, formats, search
from hanoikit.errors import UnsolvableError
from hanoikit.formats import FORMATS, read_moves, write_moves
from hanoikit.movearray import MoveArray, Recurring, batches
from hanoikit.puzzle import VARIANTS
from hanoikit.solvers import arrays, magnetic


def reference(moves: Iterable[Move], fmt: str) -> bytes:
    """The bytes of ``moves`` in ``fmt``, one move at a time (what ``hanoi solve`` printed before the writers)."""
    if fmt == "text":
        return "".join(f"{m}\n" for m in moves).encode()
    if fmt == "csv":
        return ("disk,src,dst\n" + "".join(f"{m.disk},{m.src},{m.dst}\n" for m in moves)).encode()
    return ("[" + ",".join(f"\n[{m.disk},{m.src},{m.dst}]" for m in moves) + "\n]\n").encode()


def written(chunks: Iterable[MoveArray], n: int, fmt: str) -> bytes:
    out = io.BytesIO()
    write_moves(chunks, n, fmt, out)
    return out.getvalue()


def read_back(data: bytes, fmt: str, size: int = 1 << 22) -> list[Move]:
    return [Move(*m) for chunk in read_moves(io.BytesIO(data), fmt, size) for m in zip(*(a.tolist() for a in chunk))]


def check(chunks: Iterable[MoveArray], n: int, moves: list[Move], fmt: str) -> None:
    data = written(chunks, n, fmt)
    assert data == reference(moves, fmt)
    assert read_back(data, fmt) == moves


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("n", [1, 2, 9, 10, 16, 17])
def test_classic_towers(fmt: str, n: int) -> None:
    """Towers of up to 16 disks are one recurring run; at 17 the large disk is spliced between two runs."""
    puzzle = Puzzle(n)
    check(arrays.solution_chunks(puzzle), n, list(puzzle.solve()), fmt)


@pytest.mark.parametrize("src, dst", [(0, 1), (2, 0)])
def test_towers_between_any_posts(src: int, dst: int) -> None:
    n = 17  # two runs of 16 disks, on either side of a move of disk 17 (two-digit disks: wider lines)
    moves = list(Puzzle(n).solve(State.tower(n, src), State.tower(n, dst)))
    runs = list(arrays.tower_runs(n, src, dst))
    assert sum(isinstance(run, Recurring) for run in runs) == 2
    for fmt in FORMATS:
        check(iter(runs), n, moves, fmt)


@given(n=st.integers(1, 12), data=st.data())
def test_classic_between_any_positions(n: int, data: st.DataObject) -> None:
    puzzle = Puzzle(n)
    a, b = (State(data.draw(st.lists(st.integers(0, 2), min_size=n, max_size=n))) for _ in range(2))
    fmt = data.draw(st.sampled_from(FORMATS))
    check(arrays.solution_chunks(puzzle, a, b), n, list(puzzle.solve(a, b)), fmt)


def test_classic_from_a_position_of_many_disks() -> None:
    n = 17
    puzzle = Puzzle(n)
    a, b = State([k * k % 3 for k in range(n)]), State([k % 2 * 2 for k in range(n)])
    moves = list(puzzle.solve(a, b))
    assert len(moves) > 2**16
    for fmt in FORMATS:
        check(arrays.solution_chunks(puzzle, a, b), n, moves, fmt)


@pytest.mark.parametrize("colors", sorted(VARIANTS))
def test_magnetic_every_colouring(colors: str) -> None:
    for n in (1, 4, 10):
        puzzle = MagneticPuzzle(n, colors)
        try:
            moves = list(puzzle.solve())
        except UnsolvableError:
            continue
        for fmt in FORMATS:
            check(magnetic.solution_chunks(puzzle), n, moves, fmt)


def test_magnetic_between_positions() -> None:
    rng = np.random.default_rng(10)
    puzzle = MagneticPuzzle(7, "NRB")
    legal = search.legal_states(puzzle)
    done = 0
    for _ in range(30):
        a, b = (search.decode(puzzle, int(rng.choice(legal))) for _ in range(2))
        try:
            moves = list(puzzle.solve(a, b))
        except UnsolvableError:
            continue
        check(magnetic.solution_chunks(puzzle, a, b), 7, moves, FORMATS[done % 3])
        done += 1
    assert done > 5


@pytest.mark.parametrize("fmt", FORMATS)
def test_plain_chunks_and_runs_agree(fmt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    n = 17
    whole = written(arrays.solution_chunks(Puzzle(n)), n, fmt)
    assert written(iter(list(arrays.solution_chunks(Puzzle(n), size=1000))), n, fmt) == whole
    assert written(arrays.chunks(n, 4097), n, fmt) == whole
    monkeypatch.setattr(formats, "RUN_CACHE_BYTES", 1000)  # every run formatted again
    assert written(arrays.solution_chunks(Puzzle(n)), n, fmt) == whole


def test_large_disk_numbers() -> None:
    moves = [Move(1, 0, 2), Move(99, 2, 1), Move(100, 1, 0), Move(123_456, 0, 1), *[Move(9, 1, 2)] * 20]
    chunk = tuple(np.array(column, dtype) for column, dtype in zip(zip(*moves), (np.uint32, np.uint8, np.uint8)))
    for fmt in FORMATS:
        check([chunk], 123_456, moves, fmt)
        check(batches(moves, size=3), 123_456, moves, fmt)


@pytest.mark.parametrize("fmt", FORMATS)
def test_readers_stream_across_lines(fmt: str) -> None:
    moves = list(Puzzle(7).solve())
    data = written(arrays.solution_chunks(Puzzle(7)), 7, fmt)
    for size in (1, 2, 5, 64):
        assert read_back(data, fmt, size) == moves
    assert read_back(written([], 7, fmt), fmt) == []


def test_json_is_json() -> None:
    data = written(magnetic.solution_chunks(MagneticPuzzle(5)), 5, "json")
    assert json.loads(data) == [list(m) for m in MagneticPuzzle(5).solve()]


@pytest.mark.parametrize(
    "fmt, data, words",
    [
        ("text", b"1SD\n1SS\n", "line 2 of the text moves: '1SS'"),
        ("text", b"1SD\n01SD\n", "'01SD'"),
        ("text", b"1SD\nSD\n", "'SD'"),
        ("text", b"1SD\n1SX\n", "'1SX'"),
        ("text", b"1SD", "middle of a line"),
        ("text", b"1sd\n", "'1sd'"),
        ("csv", b"1,0,2\n", "start with 'disk,src,dst"),
        ("csv", b"disk,src,dst\n1,0,2\n1,0;2\n", "line 3 of the csv moves: '1,0;2'"),
        ("csv", b"disk,src,dst\n1,0,3\n", "'1,0,3'"),
        ("csv", b"disk,src,dst\n0,0,1\n", "'0,0,1'"),
        ("csv", b"disk,src,dst\n1234567890,0,1\n", "'1234567890,0,1'"),
        ("json", b"[\n[1,0,2]\n[1,2,0]\n]\n", "line 2 of the json moves: '[1,0,2]'"),
        ("json", b"[\n[1,0,2],\n]\n", "comma after the last move"),
        ("json", b"[\n[1,0,2]\n", "end with a line ']'"),
        ("json", b"[[1,0,2]]\n", "start with"),
        ("json", b"[\n(1,0,2)\n]\n", "'(1,0,2)'"),
    ],
)
def test_readers_refuse_what_the_writers_never_write(fmt: str, data: bytes, words: str) -> None:
    with pytest.raises(InvalidMoveError, match=words.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        list(read_moves(data, fmt))


def test_unknown_format() -> None:
    with pytest.raises(ValueError, match="xml"):
        write_moves([], 3, "xml", io.BytesIO())


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.progress import Progress

    told: list[float] = []
    advance = Progress.advance
    monkeypatch.setattr(Progress, "advance", lambda bar, task, moves: told.append(moves) or advance(bar, task, moves))
    monkeypatch.setattr(sys, "stderr", _Terminal())
    n = 23  # the bar shows from 2**22 moves on
    out = io.BytesIO()
    write_moves(arrays.solution_chunks(Puzzle(n)), n, "text", out, total=2**n - 1)
    assert sum(told) == 2**n - 1
    assert 2 <= len(told) <= 1000  # told in steps, not once per run
    assert out.getvalue() == written(arrays.chunks(n), n, "text")


@pytest.mark.parametrize("columns", ["0", "5"])
def test_progress_bars_are_drawn_at_a_readable_width(columns: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A terminal that says it is 0 or 5 columns wide still gets the bars, laid out for 80 columns
    (:func:`hanoikit.draw.terminal.output_console`): rich drew nothing at all at width 0."""
    monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.setenv("FORCE_COLOR", "1")
    stderr = _Terminal()
    monkeypatch.setattr(sys, "stderr", stderr)
    with formats.move_progress(1 << 22) as advance:
        advance(1 << 22)
    with search.progress_bar(True, 10, "layers") as update:
        time.sleep(0.15)  # the bar is refreshed at most ten times a second
        update(7, 3)
    drawn = stderr.getvalue()
    assert "4194304/4194304" in drawn and "7 of 10 positions, depth 3" in drawn


moves_strategy = st.lists(
    st.tuples(st.integers(1, 10**6), st.permutations([0, 1, 2])).map(lambda t: Move(t[0], t[1][0], t[1][1])),
    max_size=40,
)


@given(moves=moves_strategy, fmt=st.sampled_from(FORMATS), size=st.integers(1, 50))
def test_any_moves_round_trip(moves: list[Move], fmt: str, size: int) -> None:
    data = written(batches(moves, size=7), 10**6, fmt)
    assert data == reference(moves, fmt)
    assert read_back(data, fmt, size) == moves


@given(moves=moves_strategy, fmt=st.sampled_from(FORMATS), data=st.data())
def test_readers_accept_exactly_what_the_writers_write(moves: list[Move], fmt: str, data: st.DataObject) -> None:
    """A byte changed, dropped or added anywhere either still reads as the moves it now spells, or is refused."""
    text = bytearray(reference(moves, fmt))
    at = data.draw(st.integers(0, len(text)))
    byte = data.draw(st.sampled_from(b"0129SIDX,[]\n "))
    edit = data.draw(st.sampled_from(["replace", "drop", "add"]))
    if edit == "add" or at == len(text):
        text.insert(at, byte)
    elif edit == "drop":
        del text[at]
    else:
        text[at] = byte
    try:
        got = read_back(bytes(text), fmt, data.draw(st.integers(1, 64)))
    except InvalidMoveError:
        return
    assert reference(got, fmt) == bytes(text)


@given(moves=moves_strategy, fmt=st.sampled_from(FORMATS), edits=st.lists(
    st.tuples(st.integers(0, 10**4), st.sampled_from(b"0129SIDX,[]\n ")), max_size=4))
def test_the_compiled_scan_reads_as_the_plain_one(moves: list[Move], fmt: str, edits: list[tuple[int, int]]) -> None:
    """The line scan compiled by numba (long inputs) and the same loop in plain Python find the same moves and the
    same lines out of shape, in lines with bytes changed anywhere."""
    text = bytearray(reference(moves, fmt))
    for at, byte in edits:
        text[at % max(len(text), 1) : at % max(len(text), 1) + 1] = bytes([byte])
    lines = bytes(text[: text.rfind(b"\n") + 1])
    shape = formats._SHAPES[fmt]
    found = []
    for scan in (formats._scan, formats._scanning.compiled):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(formats, "_scanning", lambda size, scan=scan: scan)
            (disk, src, dst), bad, last = formats._shaped(shape, lines)
        found.append(([a[~bad].tolist() for a in (disk, src, dst)], bad.tolist(), last))
    assert found[0] == found[1]
