"""The frontier search at scale: the kernels' rate, memory per position, complete searches, OEIS terms, new numbers and
checks, and the Dask speed-up.

Targets (issue 23): the kernels expand >= 40 M positions per CPU-second (4 posts, every move, n = 13, in process); 4
posts n = 16 complete on 2 processes in < 5 min at <= 2.5 bits a code (--long); A160002 n = 16, 17 reproduced, n = 17
in < 30 min (--long); Frame-Stewart on 5 posts checked optimal up to n = 13 and the magnetic NNNN counts up to n = 13
(each up to 11 without --long); a Dask LocalCluster of 2 workers >= 1.7x faster than 1.

Earlier targets (issue 15, on a 2-core, 24 GB machine):
  * at most 2.5 bits per position at peak (plus a fixed overhead);
  * complete searches: 4 posts every move n = 15 (1.07e9 positions) in under 10 minutes, classic n = 20, free magnetic
    n = 16;
  * OEIS A160002 (4 posts in a line) to n = 15, A338089 and A338024 (4 posts in a cycle) to n = 14, beside the
    published terms;
  * a Dask LocalCluster of 2 workers at least 1.5x faster than 1 worker on >= 1e8 positions;
  * the cost of the next records, from the per-core rate measured here.

Each row runs in a fresh process (so that its peak memory is its own). Run from the repository root:
``python benchmarks/bench_frontier.py [--quick | --long] [--top N] [--only ROW ...]`` (``--top``: the OEIS rows up to
n = N); rows: kernel, memory, any15, any16 (--long only), classic20, magnetic16, a160002, a338, fs5, nnnn, cluster,
paper.
"""

from __future__ import annotations

import itertools
import json
import os
import resource
import subprocess
import sys
import time

from hanoikit.oeis_terms import PUBLISHED
from timing import verdict


def _published(anumber: str) -> list[int]:
    """The published terms a(1), a(2), ... (stored in the package with their source)."""
    entry = PUBLISHED[anumber]
    return list(entry.terms[1 - entry.offset :])


A160002, A338089, A338024, A007665 = (_published(a) for a in ("A160002", "A338089", "A338024", "A007665"))

QUICK = "--quick" in sys.argv
LONG = "--long" in sys.argv
TOP = int(sys.argv[sys.argv.index("--top") + 1]) if "--top" in sys.argv else None  # OEIS rows up to this n
ROWS = ("kernel", "memory", "any15", "any16", "classic20", "magnetic16", "a160002", "a338", "fs5", "nnnn", "cluster",
        "paper")
NNNN = "magnetic, 4 posts NNNN (free), R up to B up"  # its terms recorded so far: hanoikit.oeis.RECORDED[NNNN]


# -- each row, in its own process --------------------------------------------------------------------------------------


def _rss() -> int:
    with open("/proc/self/status") as status:
        fields = dict(line.split(":", 1) for line in status)
    return int(fields["VmRSS"].split()[0]) * 1024, int(fields["VmHWM"].split()[0]) * 1024


def _warm() -> None:
    from hanoikit import MagneticPuzzle, Puzzle
    from hanoikit.frontier import frontier_search

    frontier_search(Puzzle(4, posts=4), block_disks=2, narrow=0)
    frontier_search(MagneticPuzzle(3), block_disks=1, narrow=0)


def _search(puzzle, **options):
    from hanoikit.frontier import frontier_search

    began = time.perf_counter()
    result = frontier_search(puzzle, **options)
    return time.perf_counter() - began, result


def _cpu() -> float:
    """CPU seconds of this process and of its children that have ended (the worker processes of a search)."""
    import resource

    return time.process_time() + resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime + \
        resource.getrusage(resource.RUSAGE_CHILDREN).ru_stime


def _rate(puzzle) -> dict:
    """A complete search in process: its positions per CPU-second (this process's CPU time) and per wall-second."""
    _warm()
    cpu, began = time.process_time(), time.perf_counter()
    result = _search(puzzle)[1]
    cpu, wall = time.process_time() - cpu, time.perf_counter() - began
    return {"puzzle": repr(puzzle), "positions": result.reachable, "cpu": cpu, "wall": wall,
            "load": os.getloadavg()[0]}


def _cpu() -> float:
    """The CPU time of this process and of its children that have ended (the worker processes of a finished search)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _terms(make, top: int, expected) -> dict:
    """The distances from start to goal of ``make(n)``, n = 1..top (2 processes from n = 12), with ``expected(n)``
    beside each, the positions reached, the wall and CPU seconds and the load average before each."""
    from hanoikit.solvers import tower_search

    _warm()
    began_at = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    terms = []
    for n in range(1, top + 1):
        puzzle = make(n)
        load, cpu, began = os.getloadavg()[0], _cpu(), time.perf_counter()
        reached = None
        if n >= 12:
            result = _search(puzzle, until_target=True, engine="processes", workers=2)[1]
            found, reached = result.distance, result.reachable
        else:
            found = tower_search.distance(puzzle, max_codes=2**40)
        terms.append((n, found, expected(n), reached, time.perf_counter() - began, _cpu() - cpu, load))
    return {"terms": terms, "began": began_at}


def _measured(puzzle, **options) -> dict:
    """A complete search with its time and its peak memory above the baseline, per code."""
    from hanoikit.frontier import Layout, overhead_bytes

    _warm()
    with open("/proc/self/clear_refs", "w") as refs:
        refs.write("5")  # reset the peak resident size
    base, _ = _rss()
    load, cpu = os.getloadavg()[0], _cpu()
    seconds, result = _search(puzzle, **options)
    cpu = _cpu() - cpu
    _, peak = _rss()
    layout = Layout(puzzle)
    return {
        "cpu": cpu, "load": load, "load_after": os.getloadavg()[0],
        "puzzle": repr(puzzle), "seconds": seconds, "reachable": result.reachable, "distance": result.distance,
        "eccentricity": result.eccentricity, "codes": layout.codes, "state_bytes": layout.state_bytes,
        "peak_bytes": peak - base, "fixed_bytes": overhead_bytes(layout), "engine": result.engine,
        "workers": result.workers,
    }


def _on_cluster(puzzle, workers: int) -> dict:
    """A search on a LocalCluster of ``workers``: its time, its blocks, and each worker's share of the wall time spent
    in tasks (Dask's task stream) and on a CPU (the worker process's CPU time), beside the driver's CPU time; and the
    workers' CPU time layer by layer, whose sum over the layers of the busiest worker's is what the layers would take
    with a core for each worker (``critical``)."""
    from distributed import get_task_stream

    from hanoikit import Puzzle
    from hanoikit.frontier import make_engine

    with make_engine("dask", workers=workers) as engine:
        client = engine.client
        client.run(_warm)  # compile in every worker
        _search(Puzzle(5, posts=4), engine=engine, block_disks=2, narrow=0)
        load = os.getloadavg()[0]
        cpu = client.run(time.process_time)
        driver = time.process_time()
        samples = [cpu]
        with get_task_stream(client) as stream:
            seconds, result = _search(puzzle, engine=engine, on_layer=lambda _: samples.append(
                client.run(time.process_time)))
        driver = time.process_time() - driver
        cpu = {worker: spent - cpu[worker] for worker, spent in client.run(time.process_time).items()}
        layers = [[after[w] - before[w] for w in cpu] for before, after in itertools.pairwise(samples)]
        busy = dict.fromkeys(cpu, 0.0)
        for task in stream.data:
            for span in task["startstops"]:
                if span["action"] == "compute":
                    busy[task["worker"]] += span["stop"] - span["start"]
    return {
        "seconds": seconds, "positions": result.reachable, "blocks": result.layout.blocks, "load": load,
        "busy": sorted(busy.values(), reverse=True), "cpu": sorted(cpu.values(), reverse=True), "driver": driver,
        "critical": sum(max(layer) for layer in layers), "layers_cpu": sum(map(sum, layers)),
    }


def row(name: str) -> dict:
    from hanoikit import MagneticPuzzle, Puzzle

    if name == "kernel":
        return _rate(Puzzle(11 if QUICK else 13, posts=4))
    if name == "memory":
        return _measured(Puzzle(11 if QUICK else 14, posts=4))
    if name == "any16":
        return _measured(Puzzle(16, posts=4), engine="processes", workers=2)
    if name == "fs5":
        from hanoikit.solvers import frame_stewart

        top = TOP or (9 if QUICK else 13 if LONG else 11)
        return _terms(lambda n: Puzzle(n, posts=5), top, lambda n: frame_stewart.count(n, 5))
    if name == "nnnn":
        from hanoikit.oeis import RECORDED

        top = TOP or (9 if QUICK else 13 if LONG else 11)
        known = RECORDED[NNNN]
        return _terms(lambda n: MagneticPuzzle(n, "NNNN"), top, lambda n: known[n - 1] if n <= len(known) else None)
    if name == "any15":
        return _measured(Puzzle(10 if QUICK else 15, posts=4), engine="processes", workers=2)
    if name == "classic20":
        return _measured(Puzzle(14 if QUICK else 20))
    if name == "magnetic16":
        return _measured(MagneticPuzzle(10 if QUICK else 16))
    if name == "a160002":
        _warm()
        top = TOP or (10 if QUICK else 17 if LONG else 15)
        terms = []
        for n in range(1, top + 1):
            options = {"engine": "processes", "workers": 2} if n >= 13 else {}
            load, cpu = os.getloadavg()[0], _cpu()
            seconds, result = _search(Puzzle(n, posts=4, moves="linear"), until_target=True, **options)
            terms.append((n, result.distance, seconds, _cpu() - cpu, sum(result.layer_sizes), load,
                          os.getloadavg()[0]))
        return {"terms": terms}
    if name == "a338":
        _warm()
        top = TOP or (9 if QUICK else 14)
        terms = []
        for n in range(1, top + 1):
            puzzle = Puzzle(n, posts=4, moves="cyclic")
            options = {"engine": "processes", "workers": 2} if n >= 12 else {}
            s1, three = _search(puzzle, until_target=True, **options)
            s2, one = _search(puzzle, target=puzzle.parse("I" * n), until_target=True, **options)
            terms.append((n, three.distance, one.distance, s1 + s2))
        return {"terms": terms}
    if name == "cluster":
        puzzle = Puzzle(11 if QUICK else 14, posts=4)
        runs = {workers: _on_cluster(puzzle, workers) for workers in (1, 2)}
        return {"puzzle": repr(puzzle), "positions": runs[1]["positions"], "runs": runs}
    raise SystemExit(f"unknown row {name!r}: choose {', '.join(ROWS)}")


def run(name: str) -> dict:
    """``row(name)`` in a fresh process."""
    argv = [sys.executable, __file__, "--row", name] + (["--quick"] if QUICK else []) + (["--long"] if LONG else [])
    argv += ["--top", str(TOP)] if TOP else []
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"row {name} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.splitlines()[-1])


# -- the report --------------------------------------------------------------------------------------------------------


def _complete(name: str, label: str, found: dict, limit: float | None = None) -> float:
    bits = found["peak_bytes"] * 8 / found["codes"]
    rate = found["reachable"] / found["seconds"]
    limit_text = f", target < {limit:.0f} s: {verdict(found['seconds'] < limit)}" if limit else ""
    print(
        f"{label:<34}{found['reachable']:>15,}{found['seconds']:>10.1f}{rate:>14,.0f}{bits:>9.3f}"
        f"  {found['engine']}x{found['workers']}, distance {found['distance']:,}, eccentricity "
        f"{found['eccentricity']:,}{limit_text}"
    )
    return rate


def main() -> None:
    if "--row" in sys.argv:
        print(json.dumps(row(sys.argv[sys.argv.index("--row") + 1])))
        return
    only = [a for a in sys.argv[1:] if a in ROWS] if "--only" in sys.argv else list(ROWS)
    if not LONG and "--only" not in sys.argv:
        only.remove("any16")
    figures = {}
    if "kernel" in only:
        found = run("kernel")
        cpu_rate, wall_rate = found["positions"] / found["cpu"], found["positions"] / found["wall"]
        print(f"kernel rate, {found['puzzle']}, in process: {found['positions']:,} positions, "
              f"{cpu_rate / 1e6:.1f} M positions per CPU-second ({found['cpu']:.2f} CPU-s), {wall_rate / 1e6:.1f} M "
              f"per wall-second (load {found['load']:.1f}); target >= 40 M / CPU-s: {verdict(cpu_rate >= 40e6)}\n")
    print(f"{'complete searches':<34}{'positions':>15}{'seconds':>10}{'positions/s':>14}{'bits':>9}")
    labels = {
        "memory": "4 posts, every move, n=%d (memory)",
        "any15": "4 posts, every move, n=%d",
        "any16": "4 posts, every move, n=%d",
        "classic20": "classic, n=%d",
        "magnetic16": "magnetic NNN, n=%d",
    }
    for name, label in labels.items():
        if name in only:
            found = figures[name] = run(name)
            n = int(found["puzzle"].split("(")[1].split(",")[0].rstrip(")"))
            bits = found["peak_bytes"] * 8 / found["codes"]
            _complete(name, label % n, found, {"any15": 600, "any16": 300}.get(name))
            extra = found["fixed_bytes"] * 8 / found["codes"]
            print(f"{'':<34}peak {bits:.3f} bits a code above the baseline (fixed overhead {extra:.3f}); "
                  f"target <= 2.5: {verdict(bits <= 2.5 + extra)}")
            print(f"{'':<34}{found['cpu']:.1f} CPU-s (with the workers'): {found['reachable'] / found['cpu']:,.0f} "
                  f"positions per CPU-s; load {found['load']:.1f} before, {found['load_after']:.1f} after")
    if "a160002" in only:
        found = run("a160002")
        print("\nOEIS A160002, 4 posts in a line (distance S..S to D..D; the search from S..S alone, halved by the "
              "mirror, 2 processes from n = 13)")
        print(f"{'n':>4}{'searched':>10}{'published':>11}{'seconds':>9}{'CPU-s':>9}{'positions':>16}"
              f"{'per CPU-s':>12}{'per wall-s':>12}{'load':>12}")
        agree = True
        for n, distance, seconds, cpu, positions, load, after in found["terms"]:
            agree &= distance == A160002[n - 1]
            print(f"{n:>4}{distance:>10,}{A160002[n - 1]:>11,}{seconds:>9.1f}{cpu:>9.1f}{positions:>16,}"
                  f"{positions / max(cpu, 1e-9):>12,.0f}{positions / max(seconds, 1e-9):>12,.0f}"
                  f"{load:>6.1f}>{after:<5.1f}")
        last = found["terms"][-1]
        print(f"all equal to the published terms: {verdict(agree)}; n = {last[0]} in {last[2]:.0f} s, target n = 17 "
              f"in < 1800 s: {verdict(last[0] >= 17 and last[2] < 1800) if last[0] >= 17 else 'not run (--long)'}")
    if "a338" in only:
        found = run("a338")
        print("\nOEIS A338089 (three steps away) and A338024 (one step away), 4 posts in a cycle")
        print(f"{'n':>4}{'A338089':>10}{'published':>11}{'A338024':>10}{'published':>11}{'seconds':>10}")
        agree = True
        for n, three, one, seconds in found["terms"]:
            agree &= three == A338089[n - 1] and one == A338024[n - 1]
            print(f"{n:>4}{three:>10,}{A338089[n - 1]:>11,}{one:>10,}{A338024[n - 1]:>11,}{seconds:>10.1f}")
        print(f"all equal to the published terms: {verdict(agree)}")
    for name, title, label in (
        ("fs5", "Frame-Stewart on 5 posts checked by exhaustive search (S..S to D..D)", "Frame-Stewart"),
        ("nnnn", "magnetic NNNN (free), R up to B up: the new counts (hanoi oeis --new)", "recorded"),
    ):
        if name in only:
            _checked(name, title, label, run(name))
    if "cluster" in only:
        found = figures["cluster"] = run("cluster")
        one, two = found["runs"]["1"], found["runs"]["2"]
        speed = one["seconds"] / two["seconds"]
        print(f"\nDask LocalCluster on {found['puzzle']} ({found['positions']:,} positions): 1 worker "
              f"{one['seconds']:.1f} s, 2 workers {two['seconds']:.1f} s, speed-up {speed:.2f}x; target >= 1.7x: "
              f"{verdict(speed >= 1.7)}")
        print(f"{'workers':>9}{'blocks':>8}{'seconds':>9}{'busy (in tasks / wall)':>26}{'CPU (CPU time / wall)':>26}"
              f"{'driver CPU':>12}{'load before':>13}")
        for workers, figure in found["runs"].items():
            seconds = figure["seconds"]
            busy = ", ".join(f"{spent / seconds:.0%}" for spent in figure["busy"])
            cpu = ", ".join(f"{spent / seconds:.0%}" for spent in figure["cpu"])
            print(f"{workers:>9}{figure['blocks']:>8}{seconds:>9.1f}{busy:>26}{cpu:>26}{figure['driver']:>11.1f}s"
                  f"{figure['load']:>13.1f}")
        print(f"(a worker busy in a task but short of CPU, or a load before near the {os.cpu_count()} cores, means "
              "the machine was shared: the speed-up is then not the engine's; `nice` does not help where the kernel "
              "gives each session an equal share, /proc/sys/kernel/sched_autogroup_enabled = 1)")
        print(f"CPU time of the layers: 1 worker {one['layers_cpu']:.1f} s; 2 workers {two['layers_cpu']:.1f} s, of "
              f"which the busier worker's in each layer {two['critical']:.1f} s: the layers split "
              f"{two['layers_cpu'] / two['critical']:.2f}x between the 2 workers, and with a core for each and no "
              f"latency 2 workers would take {one['layers_cpu'] / two['critical']:.2f}x less time than 1")
    if "paper" in only:
        _paper(figures)


def _checked(name: str, title: str, label: str, found: dict) -> None:
    """The terms searched beside the expected ones (Frame-Stewart's count and OEIS A007665, or the terms recorded in
    hanoikit.oeis.RECORDED), and whether the package's record follows what was searched."""
    from hanoikit.oeis import RECORDED
    from hanoikit.solvers import frame_stewart, registry

    print(f"\n{title}, from {found['began']}")
    print(f"{'n':>4}{'searched':>10}{label:>15}{'reached':>15}{'wall s':>9}{'CPU s':>8}{'load':>7}")
    agree = True
    for n, distance, expected, reached, wall, cpu, load in found["terms"]:
        agree &= expected is None or distance == expected
        if name == "fs5":
            agree &= distance == A007665[n - 1]
        shown = "-" if expected is None else f"{expected:,}"
        print(f"{n:>4}{distance:>10,}{shown:>15}{'' if reached is None else f'{reached:,}':>15}{wall:>9.1f}{cpu:>8.1f}"
              f"{load:>7.1f}")
    top = found["terms"][-1][0]
    against = "Frame-Stewart and the published A007665" if name == "fs5" else "the recorded terms"
    print(f"n <= {top} searched, all equal to {against} where known: {verdict(agree)}; target n <= 13: "
          f"{verdict(top >= 13)}")
    if name == "fs5":
        recorded = (frame_stewart.CHECKED_DISKS[5], registry.FRAME_STEWART_5.checked_up_to)
        print(f"frame_stewart.CHECKED_DISKS[5], the registry's checked_up_to: {recorded}, at most what this run "
              f"checked: {verdict(agree and max(recorded) <= top)}")
    else:
        searched, recorded = [distance for _, distance, *_ in found["terms"]], list(RECORDED[NNNN])
        print(f"hanoikit.oeis.RECORDED holds n <= {len(recorded)}: equal to this run's where both are: "
              f"{verdict(recorded[:top] == searched[: len(recorded)])}; every recorded term searched in this run: "
              f"{verdict(top >= len(recorded))}")


def _paper(figures: dict) -> None:
    """The cost of the next records at the per-core rate measured above (4 posts, by blocks)."""
    from hanoikit.limits import FRONTIER_BLOCK_CODES

    if "cluster" in figures:
        rate = figures["cluster"]["positions"] / figures["cluster"]["runs"]["1"]["seconds"]
        source = "the 1-worker Dask row"
    elif "memory" in figures:
        rate = figures["memory"]["reachable"] / figures["memory"]["seconds"]
        source = "the in-process memory row"
    else:
        rate, source = float(os.environ.get("FRONTIER_RATE", "5e6")), "FRONTIER_RATE (not measured in this run)"
    print(f"\nOn paper, at {rate:,.0f} positions per core-second ({source}):")
    print(f"{'record':<16}{'positions':>12}{'2-bit bytes':>14}{'blocks':>12}{'core-hours':>12}{'256 cores':>12}"
          f"{'2048 cores':>12}")
    for label, n in (("A160002 n=24", 24), ("A338089 n=22", 22)):
        codes = 4**n
        hours = codes / rate / 3600
        print(f"{label:<16}{codes:>12.3e}{codes / 4:>14.3e}{codes // FRONTIER_BLOCK_CODES:>12,}{hours:>12,.0f}"
              f"{hours / 256:>11,.1f}h{hours / 2048:>11,.1f}h")


if __name__ == "__main__":
    main()
