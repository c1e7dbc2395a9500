"""Nothing typed at ``hanoi`` crashes it or ties it up (issue 9): every reproducer ends in one line and the documented
status: 0 done (a closed pipe too), 1 output not written, 2 bad input, 143 terminated; files half written are removed.
What concerns the process (pipes, signals, a full disk) runs as a user would, in a subprocess; the rest in process."""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
import time
from decimal import Decimal, localcontext
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hanoikit
from clirun import run
from hanoikit import levy
from hanoikit.cli import main
from hanoikit.digits import unlimited
from hanoikit.limits import MAX_CHART_MOVES, MAX_DISKS, MAX_FRAMES, MAX_GRAPH_NODES, MAX_RATE_EXPONENT

_SOURCE = str(Path(hanoikit.__file__).resolve().parents[1])
_ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (_SOURCE, os.environ.get("PYTHONPATH"))))}


def hanoi(*args: str, cwd: Path | None = None, **options) -> subprocess.Popen:  # type: ignore[no-untyped-def, type-arg]
    """Start ``python -m hanoikit ARGS`` with this checkout's code."""
    options.setdefault("stdout", subprocess.PIPE)
    return subprocess.Popen(
        [sys.executable, "-m", "hanoikit", *args], cwd=cwd, env=_ENV, stderr=subprocess.PIPE, text=True, **options
    )


def run_all(cases: list[list[str]], capsys: pytest.CaptureFixture[str]) -> list[tuple[int, str, str]]:
    """Run every case in process, one after the other: ``(status, stdout, stderr)`` each."""
    return [run(args, capsys) for args in cases]


def one_line(err: str) -> str:
    assert err.endswith("\n") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


_REFUSED = [
    (["solve", "100000000000000000"], "not in the range"),
    (["solve", "1" + "0" * 23, "--count"], "not in the range"),
    (["solve", "-3"], "-3 is not in the range"),
    (["move", "100000000", "5"], "not in the range"),
    (["move", "3", "-1"], "no move -1"),
    (["move", "30", "99**99999999"], "too large"),
    (["move", "30", "1" * 10_001], "too long"),
    (["state", "-1", "0"], "-1 is not in the range"),
    (["time", str(MAX_DISKS + 1)], "not in the range"),
    (["time", "-5"], "not in the range"),
    (["time", "10", "--rate", "1e-999999999"], "out of range"),
    (["time", "10", "--rate", "1e999999"], "out of range"),
    (["time", "10", "--rate", "1/" + "9" * 200], "cannot read the rate"),
    (["time", "10", "--rate", f"1e{MAX_RATE_EXPONENT + 1}"], "out of range"),
]


def test_caps_and_bad_numbers_are_refused_at_once_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    results = run_all([args for args, _ in _REFUSED], capsys)
    for (args, words), (status, out, err) in zip(_REFUSED, results):
        assert status == 2 and out == "", args
        assert words in one_line(err), (args, err)
        assert "No such option" not in err


def _rounded(number: int) -> str:
    """An independent rounding: seven significant digits by the decimal module."""
    with localcontext() as context:
        context.prec = 7
        mantissa, exponent = f"{+Decimal(number):e}".split("e")
    return f"{mantissa}·10^{int(exponent)}"


def _digits(number: int) -> str:
    with unlimited():  # str itself, not hanoikit's digits.exact: an oracle apart from the code under test
        return str(number)


def test_time_answers_for_every_n_it_accepts(capsys: pytest.CaptureFixture[str]) -> None:
    cases = [["time", "14300"], ["time", "9100", "--magnetic", "NNN"], ["time", "100000", "--algorithm", "62"],
             ["time", "3000", "--algorithm", "62", "--exact"], ["time", "5000", "--exact", "--rate", "1/3"]]
    results = run_all(cases, capsys)
    for args, (status, _out, err) in zip(cases, results):
        assert status == 0 and err == "", (args, err)
    classic = 2**14300 - 1
    moves = results[0][1].splitlines()[1]
    assert f"≈ {_rounded(classic)}" in moves and f"{len(_digits(classic)):,} digits" in moves
    magnetic = hanoikit.MagneticPuzzle(9100).distance()
    assert f"{len(_digits(magnetic)):,} digits" in results[1][1]
    assert f"{len(_digits(levy.counts('62', 100_000))):,} digits" in results[2][1]
    assert _digits(levy.structural_count("62", 3000)) in results[3][1]
    assert _digits((2**5000 - 1) * 3) in results[4][1].splitlines()[3]


def test_help_quotes_the_caps(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("solve", "move", "time"):
        assert main([command, "--help"]) == 0
        assert f"{MAX_DISKS:,}" in " ".join(capsys.readouterr().out.split())
    assert main(["animate", "--help"]) == 0
    assert f"{MAX_FRAMES:,} frames" in " ".join(capsys.readouterr().out.split())
    assert main(["graph", "--help"]) == 0
    assert f"more than {MAX_GRAPH_NODES:,} positions are refused" in " ".join(capsys.readouterr().out.split())
    assert main(["crossings", "--help"]) == 0
    assert f"at most {MAX_CHART_MOVES:,} moves" in " ".join(capsys.readouterr().out.split())


def _writers(target: Path) -> list[list[str]]:
    """Every command that writes a file, writing to ``target`` (a directory for ``reproduce``)."""
    return [
        ["graph", "3", "--out", str(target / "g.png")],
        ["graph", "2", "--out", str(target / "g.dot")],
        ["animate", "1", "--size", "64x64", "--out", str(target / "a.gif")],
        ["reproduce", "--out", str(target / "report")],
        ["crossings", "--upto", "2", "--plot", str(target / "c.png")],
        ["ncube", "2", "--out", str(target / "n.svg")],
    ]


@pytest.mark.parametrize("where", ["under a file", "missing directory", "/proc"])
def test_unwritable_output_is_one_line_and_status_1(
    tmp_path: Path, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if where == "under a file":  # refused to root as well, unlike a chmod'ed directory
        (tmp_path / "file").write_text("x")
        target, reason = tmp_path / "file", "Not a directory"
    elif where == "missing directory":
        target, reason = tmp_path / "missing", "No such file or directory"
    else:
        target, reason = Path("/proc"), ""
    cases = _writers(target) if target != Path("/proc") else _writers(target)[::3]  # /proc: after the work
    for args, (status, _, err) in zip(cases, run_all(cases, capsys)):
        assert status == 1, (args, err)
        assert one_line(err).startswith(f"hanoi: cannot write {args[-1]}: {reason}"), err
    assert not (tmp_path / "missing").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == (["file"] if where == "under a file" else [])


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_is_one_line_and_status_1() -> None:
    cases = [["solve", "12"], ["count", "--upto", "3"], ["time", "64"], ["solve", "20000", "--count"]]
    with open("/dev/full", "w") as full:
        started = [hanoi(*args, stdout=full) for args in cases]
        for args, process in zip(cases, started):
            _, err = process.communicate(timeout=60)
            assert process.returncode == 1, args
            assert one_line(err) == "hanoi: cannot write standard output: No space left on device\n"


@pytest.mark.parametrize("args", [["solve", "25"], ["solve", "25", "--format", "json"], ["time", "64"]])
def test_a_closed_pipe_ends_silently_with_status_0(args: list[str]) -> None:
    process = hanoi(*args)
    assert process.stdout is not None and process.stdout.readline()
    process.stdout.close()
    assert process.wait(timeout=60) == 0
    assert process.stderr is not None and process.stderr.read() == ""


_CLOSED_PIPE = [["markov"], ["variants"], ["count", "--upto", "30"], ["crossings", "--upto", "3"], ["solve", "3"],
                ["time", "64"], ["explain", "3"], ["graph", "3"], ["solve", "3", "--format", "json"]]


def test_a_reader_gone_before_any_output_ends_silently_with_status_0() -> None:
    """Rich tables (whose console ends a broken pipe with status 1 of its own) and plain text alike: the reader
    closed its end before the command wrote anything."""
    started = []
    for args in _CLOSED_PIPE:
        read, write = os.pipe()
        os.close(read)
        started.append(hanoi(*args, stdout=write))
        os.close(write)
    for args, process in zip(_CLOSED_PIPE, started):
        _, err = process.communicate(timeout=60)
        assert (process.returncode, err) == (0, ""), args


_SIGNALS = [(signal.SIGTERM, 143, "hanoi: terminated\n"), (signal.SIGINT, 130, "hanoi: interrupted\n")]


@pytest.mark.parametrize("signum, status, said", _SIGNALS, ids=["SIGTERM", "SIGINT"])
@pytest.mark.parametrize(
    "args, temporary",
    [(["animate", "6", "--out", "m.gif"], ".hanoikit-"), (["reproduce", "--out", "rep"], ".rep.")],
)
def test_a_signal_removes_the_temporary_files(
    tmp_path: Path, args: list[str], temporary: str, signum: int, status: int, said: str
) -> None:
    process = hanoi(*args, cwd=tmp_path)
    deadline = time.monotonic() + 60
    while not any(p.name.startswith(temporary) for p in tmp_path.iterdir()):  # mid-work: the temporary is there
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.02)
    process.send_signal(signum)
    _, err = process.communicate(timeout=60)
    assert process.returncode == status and one_line(err) == said, err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("signum, status, said", _SIGNALS, ids=["SIGTERM", "SIGINT"])
def test_a_signal_while_streaming_is_one_line(signum: int, status: int, said: str) -> None:
    process = hanoi("solve", "40")
    assert process.stdout is not None and process.stdout.readline() == "1SI\n"
    process.send_signal(signum)
    process.stdout.read()
    assert process.wait(timeout=60) == status
    assert process.stderr is not None and one_line(process.stderr.read()) == said


@pytest.mark.parametrize(
    "args", [[], ["--magnetic", "NNN"], ["--magnetic", "NRB"], ["--magnetic", "NNR", "--goal-up", "R"]]
)
def test_count_table_against_the_search(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    """``hanoi count`` adds up P(k) for S(n): each S(n) is the breadth-first distance from start to goal."""
    from hanoikit.cli.app import make_puzzle
    from oracle import plain_distances

    assert main(["count", "--upto", "5", *args]) == 0
    rows = [line.strip("│ ").split("│") for line in capsys.readouterr().out.splitlines() if line.startswith("│")]
    magnetic = args[1] if args else None
    goal_up = args[3] if len(args) > 2 else None
    for n in range(1, 6):
        puzzle = make_puzzle(n, magnetic, goal_up)
        assert int(rows[n - 1][1]) == plain_distances(puzzle, puzzle.start)[puzzle.goal]


_NUMBER = st.one_of(
    st.integers(-(10**30), 10**30).map(str),
    st.text(st.characters(codec="utf-8"), max_size=12),
    st.sampled_from(["2**63-1", "-0", "1e5", "9" * 5000, "1/0", "٣", "1_000", " 7 ", "nan", "inf", "0x10"]),
)


@settings(deadline=None)
@given(command=st.sampled_from(["solve", "move", "state", "time", "count", "distance"]), first=_NUMBER, second=_NUMBER)
def test_fuzzed_arguments_end_in_one_line(command: str, first: str, second: str) -> None:
    """Whatever the numbers typed, a command answers or ends in one line with status 2, never a traceback."""
    args = {
        "solve": ["solve", first, "--count"],
        "move": ["move", first, second],
        "state": ["state", first, second],
        "time": ["time", "20", "--rate", first],
        "count": ["count", "--upto", first],
        "distance": ["distance", first, second],
    }[command]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(args)
    assert status in (0, 2), (args, err.getvalue())
    assert status == 0 or one_line(err.getvalue())


def test_a_path_of_undecodable_bytes_is_written_and_named_as_those_bytes(tmp_path: Path) -> None:
    """A POSIX shell passes any bytes; Python reads the undecodable ones as surrogates (PEP 383), which hanoi prints
    back as the same bytes rather than failing to encode them."""
    name = b"a\xff\xfe.svg"
    done = subprocess.run([sys.executable, "-m", "hanoikit", "ncube", "2", "--out", name], cwd=tmp_path, env=_ENV,
                          capture_output=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.endswith(b"wrote " + name + b"\n")
    assert os.listdir(os.fsencode(tmp_path)) == [name]
