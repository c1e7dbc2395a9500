"""Exact diameters, radii and eccentricities of the state graphs (hanoikit.search.diameter), member by member.

Targets (issue 36), each n in under 30 min on this machine: 4 posts every move to n = 13 (n = 11 in under 2 min);
5 posts every move to n = 10; 4 posts cyclic, linear and star to n = 11; magnetic NNNN to n = 10; and A382111 (the
start's eccentricity on 4 posts, by the frontier search) to n = 17 in memory, n = 18 with ``--store DIR`` (its
table of 16 GiB on disk in DIR; not checkpointed: a checkpoint a minute wrote the changed blocks of the table, 57 GB
in the first 16 minutes, and left the search a third of a core).

One invocation computes and prints every row of the table, a line as each n finishes (``--quick``: a short subset,
a minute or two). Each n runs in a fresh process (its peak memory its own) under ``nice -n 15``; the line printed
gives the values, the breadth-first searches, the engine (``codes`` or ``graph``, hanoikit.search.ENGINES), the
classes of positions under the symmetries, processor seconds beside wall seconds, the load average over the run of
that n and the peak memory. A diameter of minutes checkpoints under the cache directory: stopped, the same command
resumes it. ``--record FILE`` appends each result to FILE as a JSON line. Run from the repository root:
``python benchmarks/bench_diameter.py [--quick] [--only ROW ...] [--from N] [--upto N] [--record FILE]
[--store DIR]``; rows: any4, any5, cyclic4, linear4, star4, nnnn, a382111.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

from hanoikit.oeis_terms import PUBLISHED
from timing import verdict

ROWS: dict[str, tuple[str, int, int]] = {  # the member, the n to reach, the n of --quick
    "any4": ("Puzzle({n}, posts=4)", 13, 9),
    "any5": ("Puzzle({n}, posts=5)", 10, 7),
    "cyclic4": ("Puzzle({n}, posts=4, moves='cyclic')", 11, 7),
    "linear4": ("Puzzle({n}, posts=4, moves='linear')", 11, 7),
    "star4": ("Puzzle({n}, posts=4, moves='star')", 11, 7),
    "nnnn": ("MagneticPuzzle({n}, 'NNNN')", 10, 6),
}
LIMIT = 30 * 60  # seconds of processor time for each n (the machine is shared: wall time counts the others' work)
A382111_TOP = 17  # in memory; one more with --store


def _one(member: str, n: int) -> dict[str, object]:
    """Run in the child: one member's diameter, as a dict."""
    from hanoikit import MagneticPuzzle, Puzzle  # noqa: F401  (the member's text names them)
    from hanoikit.search import diameter

    puzzle = eval(member.format(n=n))
    wall, cpu = time.perf_counter(), time.process_time()
    found = diameter(puzzle)
    row = found.as_dict()
    row.update(
        n=n, wall=round(time.perf_counter() - wall, 2), cpu=round(time.process_time() - cpu, 2),
        peak_mib=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
    )
    return row


def _eccentricity(n: int, store: str | None = None) -> dict[str, object]:
    """Run in the child: the start's eccentricity on 4 posts (A382111), by the frontier search."""
    from hanoikit import Puzzle
    from hanoikit.frontier import frontier_search

    wall, cpu = time.perf_counter(), time.process_time()
    found = frontier_search(Puzzle(n, posts=4), store=store)
    return {
        "puzzle": f"Puzzle({n}, posts=4)", "n": n, "eccentricity": found.eccentricity,
        "wall": round(time.perf_counter() - wall, 2), "cpu": round(time.process_time() - cpu, 2),
        "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
    }


def _child(args: list[str]) -> dict[str, object]:
    """Run one n in a fresh process under ``nice -n 15``; its result, and the load average over its run (the mean of
    the one-minute figure sampled every ten seconds)."""
    env = {**os.environ, "PYTHONPATH": os.environ.get("PYTHONPATH", "src")}
    loads = [os.getloadavg()[0]]
    with subprocess.Popen(
        ["nice", "-n", "15", sys.executable, __file__, "--child", *args], env=env, stdout=subprocess.PIPE, text=True,
    ) as child:
        while True:
            try:
                out, _ = child.communicate(timeout=10)
                break
            except subprocess.TimeoutExpired:
                loads.append(os.getloadavg()[0])
    if child.returncode:
        raise SystemExit(f"{' '.join(args)}: the child failed with status {child.returncode}")
    found: dict[str, object] = json.loads(out.splitlines()[-1])
    found["load"] = round(sum(loads) / len(loads), 1)
    return found


def _verdict(quick: bool, passed: bool) -> str:
    """PASS or FAIL against the target; ``--quick`` reaches no target, and says so."""
    return "quick subset, no verdict" if quick else verdict(passed)


def main(argv: list[str]) -> None:
    if argv[:1] == ["--child"]:
        n = int(argv[2])
        print(json.dumps(_eccentricity(n, *argv[3:]) if argv[1] == "a382111" else _one(argv[1], n)))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short subset, a minute or two")
    parser.add_argument("--only", nargs="+", choices=[*ROWS, "a382111"], help="these rows only")
    parser.add_argument("--from", dest="start", type=int, default=1, help="from this n")
    parser.add_argument("--upto", type=int, help="up to this n")
    parser.add_argument("--record", help="append each result to this file as a JSON line")
    parser.add_argument("--store", metavar="DIR", help="A382111 goes one n further, its table in DIR")
    args = parser.parse_args(argv)
    quick, only, upto, start, record, store = args.quick, args.only, args.upto, args.start, args.record, args.store
    print(f"load {os.getloadavg()[0]:.1f}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    for name, (member, top, small) in ROWS.items():
        if only is not None and name not in only:
            continue
        last = min(small if quick else top, upto or top)
        worst = 0.0
        for n in range(start, last + 1):
            row = _child([member, str(n)])
            worst = max(worst, float(row["cpu"]))  # type: ignore[arg-type]
            print(
                f"{name} n={n}: diameter {row['diameter']}, radius {row['radius']}, start eccentricity "
                f"{row['eccentricity']}, pair {row['pair'][0]} -> {row['pair'][1]}, centre {row['centre']}, "  # type: ignore[index]
                f"{row['searches']} searches ({row['engine']}), {row['orbits']:,} classes, cpu {row['cpu']} s, "
                f"wall {row['wall']} s, load {row['load']}, peak {row['peak_mib']} MiB",
                flush=True,
            )
            if record:
                with open(record, "a") as out:
                    out.write(json.dumps({"row": name, **row}) + "\n")
        print(f"{name}: to n = {last}, slowest n {worst:.1f} s of processor time: "
              f"{_verdict(quick, worst < LIMIT and last >= top)}", flush=True)
    if only is None or "a382111" in only:
        top = A382111_TOP + (store is not None)
        last = min(12 if quick else top, upto or top)
        agree = True
        for n in range(start, last + 1):
            row = _child(["a382111", str(n)] + ([store] if store is not None and n > A382111_TOP else []))
            published = PUBLISHED["A382111"].terms[n]
            print(f"a382111 n={n}: {row['eccentricity']} (published {published}), cpu {row['cpu']} s, "
                  f"wall {row['wall']} s, load {row['load']}, peak {row['peak_mib']} MiB", flush=True)
            agree = agree and row["eccentricity"] == published
            if record:
                with open(record, "a") as out:
                    out.write(json.dumps({"row": "a382111", **row}) + "\n")
        print(f"a382111: to n = {last}, the published terms: {_verdict(quick, agree and last >= top)}",
              flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
