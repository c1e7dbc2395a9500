"""Checking move lists and generating puzzle sets, measured side by side in one run.

* ``hk.check`` on a list of about 10**6 moves given as text (the classic solution of 20 disks, 1,048,575 moves, and
  the magnetic solution of 14 disks, 1,449,876 moves): read, replayed and compared with the optimum (target: < 1 s
  per 10**6 moves); the same
  with one illegal move near the end (the block around it read line by line, the first suboptimal move looked for);
* against a naive replay, one ``Move.parse`` and one ``puzzle.apply`` a move, on the same list of 17 disks
  (131,071 moves): the ratio;
* ``hanoikit.generate.generate``: 10,000 instances of up to 10 disks, classic and magnetic (target: < 10 s); and,
  for information, from random starts;
* reading a model's reply: a 2**20-move answer wrapped in prose, read and checked, as ``1SD`` lines and as the
  paper's ``moves = [[1, 0, 2], ...]``, and as ``1SD`` lines in two halves around a heading with a note, a recap
  and a position printout after them (target: < 2 s);
* ``hanoikit.score.score``: 10,000 answers to a mixed set of 3 to 10 disks (classic, magnetic, 4 posts), half of
  them unfinished, each a reply with prose around its list (target: < 10 s); with and without the distance left
  from where each unfinished answer stops (``remaining``: on 4 posts the exhaustive search's tables up to 8 disks,
  the heuristic search beyond);
* one unfinished 4-post, 10-disk list checked end to end (target: < 50 ms once the heuristic's tables exist): the
  first check of a fresh process with the tables built, then loaded from the disk cache, then 20 other lists.

Run ``python benchmarks/bench_check.py`` from the repository root (``--quick`` skips the magnetic list and the
random starts).
"""

from __future__ import annotations

import io
import os
import random
import statistics
import subprocess
import sys
import tempfile

import hanoikit as hk
from hanoikit.formats import write_moves
from hanoikit.generate import answer_text, generate, instance_puzzle
from hanoikit.score import score
from hanoikit.solvers import arrays, magnetic
from timing import best, timed, verdict, wall_and_cpu


def text_of(puzzle: hk.Puzzle) -> bytes:
    solution = magnetic.solution_chunks(puzzle) if puzzle.faces else arrays.solution_chunks(puzzle)
    out = io.BytesIO()
    write_moves(solution, puzzle.n, "text", out)
    return out.getvalue()


def naive(puzzle: hk.Puzzle, data: bytes) -> bool:
    state = puzzle.start
    for line in data.decode().splitlines():
        state = puzzle.apply(state, hk.Move.parse(line))
    return state == puzzle.goal


def per_million(seconds: float, moves: int) -> str:
    return f"{seconds / moves * 1e6:.2f} s per 10**6 moves: {verdict(seconds / moves * 1e6 < 1)}"


def main() -> None:
    quick = "--quick" in sys.argv[1:]
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("checking move lists (hk.check on text)")
    puzzles = [hk.Puzzle(20)] + ([] if quick else [hk.MagneticPuzzle(14)])
    for puzzle in puzzles:
        data = text_of(puzzle)
        moves = data.count(b"\n")
        wall, cpu = wall_and_cpu(lambda puzzle=puzzle, data=data: hk.check(puzzle, data))
        report = hk.check(puzzle, data)
        assert report.optimally_solved and report.moves == moves
        print(f"  {puzzle!r}: {moves:,} moves in {wall:.3f} s ({moves / wall / 1e6:.1f} M moves/s), processor "
              f"{cpu:.3f} s   target < 1 s per 10**6 moves: wall {per_million(wall, moves)}; processor "
              f"{per_million(cpu, moves)}")
        at = data.rindex(b"\n", 0, len(data) - 40) + 1
        bad = data[:at] + b"1SS\n" + data[data.index(b"\n", at) + 1 :]
        wall, cpu = wall_and_cpu(lambda puzzle=puzzle, bad=bad: hk.check(puzzle, bad))
        report = hk.check(puzzle, bad)
        assert report.first_illegal == data[:at].count(b"\n") + 1 and report.kind == "rule"
        print(f"    with an illegal move at {report.first_illegal:,}: {wall:.3f} s, processor {cpu:.3f} s   "
              f"target: wall {per_million(wall, moves)}; processor {per_million(cpu, moves)}")

    puzzle = hk.Puzzle(17)
    data = text_of(puzzle)
    moves = data.count(b"\n")
    plain, solved = timed(lambda: naive(puzzle, data))
    assert solved
    fast = best(lambda: hk.check(puzzle, data), repeat=3)
    print(f"  {puzzle!r}, {moves:,} moves: naive per-move replay (Move.parse + apply) {plain:.2f} s "
          f"({moves / plain / 1e3:.0f} k moves/s), hk.check {fast * 1e3:.0f} ms -> {plain / fast:.0f}x")

    print("generating puzzle sets")
    count = 10_000
    generate(1, families=["classic", "magnetic"], start="random").__next__()  # the magnetic engine's tables, once
    seconds, cpu = wall_and_cpu(lambda: sum(1 for _ in generate(count, seed=1, families=["classic", "magnetic"],
                                                              disks=(3, 10))), repeat=1)
    print(f"  {count:,} instances, classic and magnetic, 3 to 10 disks: {seconds:.2f} s (processor {cpu:.2f} s, "
          f"{count / seconds:,.0f} instances/s)   target < 10 s: wall {verdict(seconds < 10)}")
    if not quick:
        seconds, _ = timed(lambda: sum(1 for _ in generate(count, seed=1, families=["classic", "magnetic"],
                                                           disks=(3, 10), start="random")))
        print(f"  the same from random starts: {seconds:.2f} s (the magnetic solver from any position, about "
              f"{seconds / count * 2e3:.1f} ms a magnetic instance)")

    replies()
    scoring(quick)


def replies() -> None:
    print("reading a model's reply (hk.check of the whole reply)")
    puzzle = hk.Puzzle(20)
    moves = list(puzzle.solve())
    prose = "Sure! I will solve it step by step.\n\nThe smallest disk moves every other turn. Here is my answer:\n\n"
    tail = "\n\nThis takes 1,048,575 moves, which is optimal."
    for label, body in (("1SD lines", text_of(puzzle).decode()), ("moves = [[1, 0, 2], ...]",
                                                                  answer_text(puzzle, moves, "apple"))):
        reply = prose + body + tail
        wall, cpu = wall_and_cpu(lambda reply=reply: hk.check(puzzle, reply), repeat=2)
        report = hk.check(puzzle, reply)
        assert report.optimally_solved and report.extracted_from is not None
        print(f"  2**20 - 1 moves as {label} in prose ({len(reply) / 2**20:.1f} MiB): {wall:.2f} s, processor "
              f"{cpu:.2f} s   target < 2 s: wall {verdict(wall < 2)}, processor {verdict(cpu < 2)}")
    lines = text_of(puzzle).decode().splitlines()
    half = len(lines) // 2
    lines[half] += " (the largest disk)"
    reply = (prose + "\n".join(lines[:half]) + "\n\nNow the largest disk:\n" + "\n".join(lines[half:]) +
             "\n\nTo recap, the first two moves were:\n1SD\n2SI\n\nFinal state:\nS: []\nI: []\nD: " +
             str(list(range(20, 0, -1))) + tail)
    wall, cpu = wall_and_cpu(lambda: hk.check(puzzle, reply), repeat=2)
    report = hk.check(puzzle, reply)
    assert report.optimally_solved and len(report.warnings) == 4, report.warnings
    print(f"  the same 1SD lines in two halves around a heading, a note, a recap and a position after (4 warnings): "
          f"{wall:.2f} s, processor {cpu:.2f} s   target < 2 s: wall {verdict(wall < 2)}, processor {verdict(cpu < 2)}")


def scoring(quick: bool) -> None:
    print("scoring answers (hanoikit.score.score)")
    count = 2_000 if quick else 10_000
    families = ["classic", "magnetic", "posts4"]
    instances = list(generate(count, seed=7, families=families, disks=(3, 10)))
    answers = []
    for k, instance in enumerate(instances):
        puzzle, src, dst = instance_puzzle(instance)
        moves = list(puzzle.solve(src, dst))
        if k % 2:
            moves = moves[: len(moves) // 2]  # unfinished, from a position off the towers
        reply = "Here are the moves:\n" + answer_text(puzzle, moves) + "\nDone."
        answers.append({"id": instance["id"], "answer": reply})
    by_family = {f: sum(i["family"] == f for i in instances) for f in families}
    print(f"  {count:,} answers, 3 to 10 disks ({', '.join(f'{f} {c:,}' for f, c in by_family.items())}), "
          f"{sum(a['answer'].count(chr(10)) for a in answers):,} lines, "
          f"{sum(len(a['answer']) for a in answers) / 2**20:.1f} MiB of replies, half unfinished")
    for remaining in (False, True):
        wall, cpu = wall_and_cpu(lambda remaining=remaining: score(instances, answers, remaining=remaining), repeat=1)
        result = score(instances, answers, remaining=remaining) if remaining else None
        what = "with the distance left from each unfinished answer" if remaining else "without the distance left"
        print(f"    {what}: {wall:.2f} s, processor {cpu:.2f} s   target < 10 s: wall {verdict(wall < 10)}, "
              f"processor {verdict(cpu < 10 * count / 10_000)}")
        if result is not None:
            unknown = sum(r["remaining"] is None for r in result.results if r["kind"] == "unfinished")
            print(f"      {unknown} unfinished answers without a distance")
    unfinished_four_posts()


_FIRST_CHECK = """
import sys, time
import hanoikit as hk
from hanoikit.generate import answer_text
puzzle = hk.Puzzle(10, posts=4)
moves = list(puzzle.solve())
back = hk.Move(moves[19].disk, moves[19].dst, moves[19].src)
text = answer_text(puzzle, moves[:20] + [back] + moves[19:30])  # a move undone and redone: off course, unfinished
wall, cpu = time.perf_counter(), time.process_time()
report = hk.check(puzzle, text)
assert report.kind == "unfinished" and report.remaining is not None and report.first_suboptimal == 21
print(time.perf_counter() - wall, time.process_time() - cpu)
"""


def unfinished_four_posts() -> None:
    """One unfinished 4-post, 10-disk list checked end to end (the distance left and the first suboptimal move, by
    the registry's solvers): in a fresh process with the heuristic's tables built, then loaded from the disk cache,
    then 20 other lists in one process once they are there."""
    print("  an unfinished 4-post, 10-disk list, hk.check end to end (the distance left and the first suboptimal "
          "move)")
    with tempfile.TemporaryDirectory() as cache:
        environment = {**os.environ, "HANOIKIT_CACHE_DIR": cache}
        for what in ("tables built (an empty cache)", "tables loaded from the disk cache"):
            done = subprocess.run([sys.executable, "-c", _FIRST_CHECK], env=environment, check=True,
                                  capture_output=True, text=True)
            wall, cpu = map(float, done.stdout.split())
            print(f"    first check in a fresh process, {what}, numba's loops loaded: {wall:.2f} s, processor "
                  f"{cpu:.2f} s")
    puzzle = hk.Puzzle(10, posts=4)
    rng = random.Random(1)
    texts = []
    while len(texts) < 21:
        state, moves = puzzle.start, []
        for _ in range(rng.randint(5, 60)):  # a random walk: unfinished, and rarely optimal
            move = rng.choice(puzzle.legal_moves(state))
            moves.append(move)
            state = puzzle.moved(state, move)
        if state != puzzle.goal:
            texts.append(answer_text(puzzle, moves))
    hk.check(puzzle, texts[0])
    walls, cpus = zip(*(wall_and_cpu(lambda text=text: hk.check(puzzle, text), repeat=1) for text in texts[1:]))
    print(f"    then 20 random unfinished lists: median {statistics.median(walls) * 1e3:.1f} ms, max "
          f"{max(walls) * 1e3:.1f} ms (processor median {statistics.median(cpus) * 1e3:.1f} ms, max "
          f"{max(cpus) * 1e3:.1f} ms)   target < 50 ms: wall {verdict(max(walls) < 0.05)}, processor "
          f"{verdict(max(cpus) < 0.05)}")


if __name__ == "__main__":
    main()
