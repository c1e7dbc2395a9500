"""A hostile sweep of the ``hanoi`` command line, run on demand (not by the suite): every command's numeric options
and arguments with hostile values, each cap and one above it (also beside the options that make work heavier, such
as ``--posts 10 --moves cyclic``), every command with standard output or standard error closed, special files where
a file is read, and every file of a warm cache replaced by a special or damaged one.

Each run is a child process bounded in processor time (``--timeout``, default 20 s: the machine may be shared),
wall time (``--wall``, default 120 s: a run that waits) and memory (``--memory-mb``, the address space, default
4000 MB), in its own session and temporary directory with its own cache, killed by its id when it overruns.
Outcomes, counted by kind of run:

* ``ok``: exit status 0, 1 or 2 (3 from ``check``: its verdict), at most one line on stderr, no traceback;
* ``traceback``, ``lines`` (more than one stderr line), ``status`` (any other exit status or a signal);
* ``hang``: past its processor or wall time with little output; ``stream``: still writing then (an accepted
  request whose output has no end by design, such as every move of a million disks: not a finding).

Run from the repository root, e.g.::

    PYTHONPATH=src .venv/bin/python benchmarks/sweep_hostile.py                 # everything, a few minutes
    PYTHONPATH=src .venv/bin/python benchmarks/sweep_hostile.py --only count distance --kinds numbers
    PYTHONPATH=src .venv/bin/python benchmarks/sweep_hostile.py --list          # the runs, without running them

The exit status is 0 when every run is ``ok`` or ``stream``, 1 otherwise; each other outcome is listed with its
command line and the first lines of its stderr.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import click

from hanoikit.cli import app

KINDS = ("numbers", "heavy", "streams", "files", "cache")

BASE: dict[str, list[str]] = {
    "animate": ["1", "--size", "64x64", "--tween", "0", "--out", "{tmp}/a.gif"],
    "check": ["{tmp}/moves.txt", "--disks", "2"],
    "count": ["--upto", "3"],
    "crossings": ["--upto", "3"],
    "demo": ["2"],
    "diameter": ["3"],
    "distance": ["SSS", "DDD"],
    "eval": ["{tmp}/set.jsonl", "--base-url", "http://127.0.0.1:9/v1", "--model", "m", "--out", "{tmp}/ans.jsonl"],
    "explain": ["2"],
    "generate": ["--count", "2", "--disks", "2..3"],
    "graph": ["3", "--out", "{tmp}/g.svg"],
    "markov": [],
    "move": ["3", "2"],
    "ncube": ["2", "--out", "{tmp}/c.svg"],
    "oeis": ["--upto", "3", "--max-positions", "1000"],
    "play": ["--no-browser", "--disks", "3"],
    "reproduce": ["--out", "{tmp}/no/such/directory"],
    "score": ["{tmp}/set.jsonl", "{tmp}/answers.jsonl"],
    "search": ["3"],
    "show": ["2", "--delay", "0"],
    "solve": ["3"],
    "state": ["3", "2"],
    "time": ["5"],
    "variants": ["--posts", "4", "--upto", "2"],
}
"""A quick valid run of each command; ``{tmp}`` is the run's directory."""

HEAVY: dict[str, list[list[str]]] = {
    "count": [["--posts", "10", "--moves", "cyclic"], ["--posts", "10", "--magnetic", "N" * 10],
              ["--posts", "7", "--moves", "star"], ["--posts", "5", "--moves", "linear"],
              ["--magnetic", "NNNN"], ["--magnetic", "RNBN", "--moves", "cyclic"]],
    "variants": [["--posts", "6", "--moves", "cyclic"], ["--posts", "10"], ["--moves", "linear"]],
    "distance": [["--posts", "10", "--moves", "cyclic"], ["--posts", "4", "--magnetic", "NNNN"]],
    "solve": [["--posts", "10", "--moves", "cyclic"], ["--posts", "4"], ["--magnetic", "NNN", "--count"],
              ["--posts", "5", "--moves", "star", "--count"]],
    "move": [["--posts", "10", "--moves", "cyclic"], ["--posts", "4", "--magnetic", "NNNN"]],
    "state": [["--posts", "10", "--moves", "cyclic"], ["--posts", "4", "--magnetic", "NNNN"]],
    "graph": [["--posts", "10", "--moves", "cyclic"], ["--posts", "4", "--magnetic", "NNNN"]],
    "animate": [["--posts", "10", "--moves", "cyclic"]],
    "show": [["--posts", "10", "--moves", "cyclic"]],
    "check": [["--posts", "10", "--moves", "cyclic", "--explain"], ["--posts", "4", "--magnetic", "NNNN", "--explain"]],
    "time": [["--magnetic", "NNN", "--exact"]],
    "crossings": [["--magnetic", "NNN"]],
    "generate": [["--family", "4"], ["--family", "magnetic"]],
}
"""Options beside which each numeric slot is run at its cap: where a cap on one number may not hold with the
others."""

EXTRA_NUMERIC = {("time", "--rate"), ("generate", "--disks"), ("animate", "--size"), ("generate", "--seed")}
"""Options read as numbers though click does not type them so."""

NO_VALID_RUN = {"play", "reproduce"}
"""Commands whose valid runs take long by design (a server until stopped; the whole report): only values they
refuse are tried on them."""

LEFT_OUT = {("search", "--workers")}
"""Slots not swept at their caps: ``search --workers 64`` starts 64 worker processes (some 150 MB each) by design."""

HOSTILE = ["-1", "0", str(10**20), "nan", "x"]
"""Values for every numeric slot, beside the slot's cap and one above it."""

VERDICTS = {"check": {3}}
"""Exit statuses that are a command's answer (``check``: the moves do not solve the puzzle)."""


@dataclass
class Run:
    """One child run: its kind, the command line, and how its streams and files are set up."""

    kind: str
    args: list[str]
    close: tuple[int, ...] = ()
    prepare: Callable[[Path, Path], None] | None = field(default=None, repr=False)
    label: str = ""
    feed: str | None = None
    """A FIFO (``{tmp}/...``) the sweep writes the original file into once the command opens it, as a shell's
    ``<(...)`` does."""

    def text(self) -> str:
        shown = " ".join(repr(a) if (not a or " " in a) else (a[:40] + "..." if len(a) > 40 else a) for a in self.args)
        closed = {1: " >&-", 2: " 2>&-"}
        return f"hanoi {shown}{''.join(closed[f] for f in self.close)}{' [' + self.label + ']' if self.label else ''}"


def _params(name: str) -> list[click.Parameter]:
    command = app.get_command(click.Context(app), name)
    assert command is not None
    return [p for p in command.params if p.name != "help"]


def _numeric(name: str) -> list[click.Parameter]:
    kinds = (click.types.IntParamType, click.types.FloatParamType)
    found = []
    for p in _params(name):
        opt = p.opts[0]
        numeric = isinstance(p.type, kinds) or type(p.type).__name__ == "_Index" or (name, opt) in EXTRA_NUMERIC
        if numeric and not getattr(p, "is_flag", False):
            found.append(p)
    return found


def _cap(param: click.Parameter) -> int | None:
    top = getattr(param.type, "max", None)
    return int(top) if isinstance(top, (int, float)) and top == top and abs(top) < 10**30 else None


def _with(name: str, param: click.Parameter, value: str, extra: list[str] | None = None) -> list[str]:
    """The base run of ``name`` with ``param`` set to ``value`` (and ``extra`` options)."""
    base = list(BASE[name])
    positional = [p for p in _params(name) if isinstance(p, click.Argument)]
    values = [arg for arg in base if not arg.startswith("-")][: len(positional)]
    options = base[len(values):]
    if isinstance(param, click.Argument):
        index = positional.index(param)
        values += [""] * (index + 1 - len(values))
        values[index] = value
    else:
        options += [param.opts[0], value]  # the last of an option given twice counts
    return [name, *values, *options, *(extra or [])]


def _numbers(names: list[str]) -> Iterator[Run]:
    for name in names:
        for param in _numeric(name):
            cap = _cap(param)
            values = list(HOSTILE)
            if cap is not None:
                values += [str(cap), str(cap + 1)]
            for value in values:
                accepted = value in ("0", "3.5", str(cap))  # may be: a long run by design
                left_out = (name, param.opts[0]) in LEFT_OUT and value == str(cap)
                if accepted and (name in NO_VALID_RUN or left_out):
                    continue
                yield Run("numbers", _with(name, param, value))


def _heavy(names: list[str]) -> Iterator[Run]:
    for name in names:
        for extra in HEAVY.get(name, []):
            for param in _numeric(name):
                if param.opts[0] in extra:
                    continue  # set by the heavy options
                cap = _cap(param)
                for value in ([str(cap), str(cap + 1)] if cap is not None else ["20", "64", "2000"]):
                    if (name, param.opts[0]) in EXTRA_NUMERIC | LEFT_OUT:
                        continue
                    yield Run("heavy", _with(name, param, value, extra))
            if name in ("distance", "move", "state", "check"):
                continue
            yield Run("heavy", [name, *BASE[name], *extra])


def _streams(names: list[str]) -> Iterator[Run]:
    for name in names:
        if name == "play":
            continue
        for closed in ((1,), (2,), (1, 2)):
            yield Run("streams", [name, *BASE[name]], close=closed)


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _directory(path: Path) -> None:
    path.mkdir()


def _dangling(path: Path) -> None:
    path.symlink_to(path.with_name("no-such-file"))


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _truncated(path: Path, original: bytes) -> None:
    path.write_bytes(original[: len(original) // 2])


def _flipped(path: Path, original: bytes) -> None:
    data = bytearray(original)
    for i in random.Random(len(data)).sample(range(len(data)), min(8, len(data))):
        data[i] ^= 0x5A
    path.write_bytes(bytes(data))


SPECIAL: dict[str, Callable[[Path], None]] = {
    "fifo": _fifo, "/dev/zero link": _zero, "directory": _directory, "dangling link": _dangling, "empty": _empty,
}
DAMAGED: dict[str, Callable[[Path, bytes], None]] = {"truncated": _truncated, "flipped": _flipped}

READS = {"check": ["{tmp}/moves.txt"], "score": ["{tmp}/set.jsonl", "{tmp}/answers.jsonl"]}
"""The files each command reads, as they stand in its base run."""


def _replacing(target: str, make: Callable[[Path], None]) -> Callable[[Path, Path], None]:
    def prepare(tmp: Path, cache: Path) -> None:
        path = Path(target.replace("{tmp}", str(tmp)))
        path.unlink()
        make(path)

    return prepare


def _files(names: list[str]) -> Iterator[Run]:
    """The files a command reads replaced by special ones; a FIFO is fed its file (a pipe is a file to read, as
    ``<(...)`` gives: one without a writer blocks by design, as ``cat`` does)."""
    for name in names:
        for target in READS.get(name, []):
            for label, make in SPECIAL.items():
                yield Run("files", [name, *BASE[name]], prepare=_replacing(target, make),
                          label=f"{Path(target).name} as {label}{' (fed)' if make is _fifo else ''}",
                          feed=target if make is _fifo else None)


def _feeder(path: Path, data: bytes, deadline: float) -> None:
    """Write ``data`` into the FIFO ``path`` once a reader has it open (until ``deadline``)."""
    while time.monotonic() < deadline:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
        except OSError:  # no reader yet (ENXIO), or no FIFO any more
            time.sleep(0.05)
            continue
        os.set_blocking(fd, True)
        try:
            os.write(fd, data)
        except OSError:
            pass
        finally:
            os.close(fd)
        return


CACHE_RUNS = [
    ["distance", "SIJDSIJDSI", "DDDDJJJJII", "--posts", "4"],
    ["distance", "SIJDSIJ:RBRBRBR", "DDDDJJJ:RRRRRRR", "--magnetic", "NNNN"],
    ["distance", "SID" * 8 + ":" + "RB" * 12, "D" * 24 + ":" + "R" * 24, "--magnetic", "NNN"],
    ["check", "{tmp}/moves.txt", "--disks", "2", "--magnetic", "NNN", "--explain"],
]
"""Runs that fill a cache (pattern tables, the magnetic levels, compiled code) and read it back."""


def _cache_files(warm: Path) -> list[Path]:
    """One file of each kind (suffix and directory) of the warm cache."""
    seen: dict[tuple[str, str], Path] = {}
    for path in sorted(warm.rglob("*")):
        if path.is_file() and not path.is_symlink():
            seen.setdefault((str(path.parent.relative_to(warm)), path.suffix), path)
    return list(seen.values())


def _cache(names: list[str], warm: Path | None) -> Iterator[Run]:
    if warm is None:
        return
    runs = [r for r in CACHE_RUNS if r[0] in names]
    for found in _cache_files(warm):
        relative = found.relative_to(warm)
        original = found.read_bytes()
        damages: list[tuple[str, Callable[[Path], None]]] = list(SPECIAL.items())
        damages += [(label, (lambda path, damage=damage: damage(path, original))) for label, damage in DAMAGED.items()]
        for label, make in damages:
            for args in runs:
                def prepare(tmp: Path, cache: Path, relative: Path = relative, make: Callable[[Path], None] = make
                            ) -> None:
                    shutil.rmtree(cache)
                    shutil.copytree(warm, cache, symlinks=True)
                    path = cache / relative
                    path.unlink()
                    make(path)

                yield Run("cache", list(args), prepare=prepare, label=f"cache {relative} as {label}")


@dataclass
class Outcome:
    run: Run
    verdict: str
    status: int | None
    err: str
    seconds: float


def _limits(memory_mb: int, close: tuple[int, ...], cpu: float | None = None) -> Callable[[], None]:
    def child() -> None:
        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        if cpu is not None:  # SIGXCPU ends the process past its processor time
            resource.setrlimit(resource.RLIMIT_CPU, (int(cpu), int(cpu) + 5))
        for fd in close:
            os.close(fd)

    return child


def _drain(stream: object, keep: int, sink: list[bytes], counted: list[int]) -> None:
    read = stream.read1 if hasattr(stream, "read1") else stream.read  # type: ignore[attr-defined]
    while True:
        chunk = read(65536)
        if not chunk:
            return
        counted[0] += len(chunk)
        if sum(map(len, sink)) < keep:
            sink.append(chunk)


_ORIGINALS = {"moves.txt": b"1SI\n2SD\n1ID\n", "answers.jsonl": b""}


def _setup(tmp: Path) -> None:
    (tmp / "file").write_text("x")
    for name, data in _ORIGINALS.items():
        (tmp / name).write_bytes(data)


def run_one(run: Run, root: Path, timeout: float, wall: float, memory_mb: int) -> Outcome:
    tmp = Path(tempfile.mkdtemp(prefix="run-", dir=root))
    cache = tmp / "cache"
    cache.mkdir()
    _setup(tmp)
    shutil.copy(root / "set.jsonl", tmp / "set.jsonl")
    if run.prepare is not None:
        run.prepare(tmp, cache)
    feeder = None
    if run.feed is not None:
        fifo = Path(run.feed.replace("{tmp}", str(tmp)))
        original = (root / "set.jsonl") if fifo.name == "set.jsonl" else None
        data = original.read_bytes() if original is not None else _ORIGINALS.get(fifo.name, b"")
        feeder = threading.Thread(target=_feeder, args=(fifo, data, time.monotonic() + wall), daemon=True)
    args = [a.replace("{tmp}", str(tmp)) for a in run.args]
    env = {**os.environ, "HANOIKIT_CACHE_DIR": str(cache), "COLUMNS": "100", "TMPDIR": str(tmp)}
    start = time.monotonic()
    child = subprocess.Popen(
        [sys.executable, "-m", "hanoikit", *args], cwd=tmp, env=env, stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        preexec_fn=_limits(memory_mb, run.close, timeout),
    )
    out: list[bytes] = []
    err: list[bytes] = []
    out_bytes, err_bytes = [0], [0]
    threads = [threading.Thread(target=_drain, args=(child.stdout, 0, out, out_bytes), daemon=True),
               threading.Thread(target=_drain, args=(child.stderr, 65536, err, err_bytes), daemon=True)]
    for thread in threads:
        thread.start()
    if feeder is not None:
        feeder.start()
    status: int | None
    still_writing = False
    try:
        status = child.wait(wall)
    except subprocess.TimeoutExpired:
        status = None
        with_output = out_bytes[0]
        time.sleep(0.5)
        still_writing = out_bytes[0] > with_output
        try:
            os.killpg(child.pid, signal.SIGKILL)  # its own session: the child and what it started
        except ProcessLookupError:
            pass
        child.wait()
    for thread in threads:
        thread.join(5)
    seconds = time.monotonic() - start
    text = b"".join(err).decode("utf-8", "replace")
    lines = [line for line in text.splitlines() if line.strip()]
    if status is None or status == -signal.SIGXCPU:
        verdict = "stream" if (still_writing or status is not None) and out_bytes[0] > 1 << 20 else "hang"
    elif "Traceback" in text:
        verdict = "traceback"
    elif status not in {0, 1, 2} | VERDICTS.get(run.args[0], set()):
        verdict = "status"
    elif len(lines) > 1:
        verdict = "lines"
    else:
        verdict = "ok"
    shutil.rmtree(tmp, ignore_errors=True)
    return Outcome(run, verdict, status, text, seconds)


def _warm_cache(root: Path, names: list[str], timeout: float, memory_mb: int) -> Path | None:
    """A cache filled by :data:`CACHE_RUNS`, copied before each damaged run."""
    runs = [r for r in CACHE_RUNS if r[0] in names]
    if not runs:
        return None
    warm = root / "warm-cache"
    warm.mkdir()
    for args in runs:
        tmp = root / "warm-run"
        tmp.mkdir()
        _setup(tmp)
        env = {**os.environ, "HANOIKIT_CACHE_DIR": str(warm)}
        subprocess.run([sys.executable, "-m", "hanoikit", *[a.replace("{tmp}", str(tmp)) for a in args]], cwd=tmp,
                       env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout * 3,
                       preexec_fn=_limits(memory_mb, ()))
        shutil.rmtree(tmp)
    return warm


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0],
                                     formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--only", nargs="+", metavar="COMMAND", help="only these commands")
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS), help="only these kinds of run")
    parser.add_argument("--timeout", type=float, default=20.0, help="processor seconds a run may take (default 20)")
    parser.add_argument("--wall", type=float, default=120.0, help="wall seconds a run may take (default 120)")
    parser.add_argument("--memory-mb", type=int, default=4000, help="address space of a run (default 4000 MB)")
    parser.add_argument("--jobs", type=int, default=2, help="runs at once (default 2)")
    parser.add_argument("--sample", type=int, default=None, help="at most this many runs, drawn at random")
    parser.add_argument("--seed", type=int, default=0, help="of --sample's draw")
    parser.add_argument("--list", action="store_true", help="print the runs and stop")
    options = parser.parse_args()
    commands = sorted(app.list_commands(click.Context(app)))
    missing = set(commands) - set(BASE)
    if missing:
        print(f"sweep_hostile: no base run for {sorted(missing)}: add one to BASE", file=sys.stderr)
        return 2
    names = [c for c in commands if options.only is None or c in options.only]
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="hanoi-sweep-") as directory:
        root = Path(directory)
        warm = _warm_cache(root, names, options.timeout, options.memory_mb) if "cache" in options.kinds else None
        makers = {"numbers": _numbers, "heavy": _heavy, "streams": _streams, "files": _files}
        runs = [run for kind in options.kinds if kind in makers for run in makers[kind](names)]
        if "cache" in options.kinds:
            runs += list(_cache(names, warm))
        if options.sample is not None and options.sample < len(runs):
            runs = random.Random(options.seed).sample(runs, options.sample)
        if options.list:
            for run in runs:
                print(f"{run.kind:8} {run.text()}")
            print(f"{len(runs)} runs")
            return 0
        subprocess.run([sys.executable, "-m", "hanoikit", "generate", "--count", "3", "--disks", "2..3", "--out",
                        str(root / "set.jsonl")], check=True, capture_output=True)
        print(f"{len(runs)} runs, {options.jobs} at a time, each at most {options.timeout:g} s of processor time, "
              f"{options.wall:g} s of wall time and {options.memory_mb} MB", flush=True)
        outcomes: list[Outcome] = []
        lock = threading.Lock()
        queue = list(reversed(runs))

        def worker() -> None:
            while True:
                with lock:
                    if not queue:
                        return
                    run = queue.pop()
                outcome = run_one(run, root, options.timeout, options.wall, options.memory_mb)
                with lock:
                    outcomes.append(outcome)
                    if outcome.verdict not in ("ok", "stream"):
                        first = outcome.err.strip().splitlines()[-1:] or [""]
                        print(f"  {outcome.verdict:9} {outcome.status!s:>4} {outcome.seconds:5.1f} s  "
                              f"{outcome.run.text()}\n            {first[0][:160]}", flush=True)

        workers = [threading.Thread(target=worker) for _ in range(max(1, options.jobs))]
        for thread in workers:
            thread.start()
        for thread in workers:
            thread.join()
    counts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for outcome in outcomes:
        counts[outcome.run.kind][outcome.verdict] += 1
    verdicts = ["ok", "stream", "traceback", "lines", "status", "hang"]
    print(f"\n{'kind':8} {'runs':>5} " + " ".join(f"{v:>9}" for v in verdicts))
    for kind in KINDS:
        if counts[kind]:
            print(f"{kind:8} {sum(counts[kind].values()):5} " + " ".join(f"{counts[kind][v]:9}" for v in verdicts))
    total = collections.Counter(o.verdict for o in outcomes)
    print(f"{'all':8} {len(outcomes):5} " + " ".join(f"{total[v]:9}" for v in verdicts))
    slowest = max(outcomes, key=lambda o: o.seconds, default=None)
    if slowest is not None:
        print(f"slowest finished run: {slowest.seconds:.1f} s, {slowest.run.text()}")
    print(f"{time.monotonic() - started:.0f} s in all (wall)")
    return 0 if all(o.verdict in ("ok", "stream") for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
