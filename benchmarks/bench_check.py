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
* ``hanoi score`` in a child process on 500, 2,000 and 10,000 such answers read from files: processor time and peak
  memory, the child's own high-water mark (targets at 10,000: < 10 s of processor time, peak < 300 MB; peak at
  2,000 against 500 < 1.3x);
* ``hanoi eval`` of 1,000 prompts against a local OpenAI-compatible endpoint answering at once, 16 requests in flight
  (target < 20 s);
* one unfinished 4-post, 10-disk list checked end to end (target: < 50 ms once the heuristic's tables exist): the
  first check of a fresh process with the tables built, then loaded from the disk cache, then 20 other lists.

Run ``python benchmarks/bench_check.py`` from the repository root (``--quick`` skips the magnetic list and the
random starts; ``--evaluation`` runs only the rows of ``hanoi score`` in a child process and ``hanoi eval``).
"""

from __future__ import annotations

import io
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

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
    if "--evaluation" in sys.argv[1:]:  # the rows of issue 34 alone: hanoi score's memory, hanoi eval
        instances = list(generate(2_000 if quick else 10_000, seed=7, families=["classic", "magnetic", "posts4"],
                                  disks=(3, 10)))
        same, varied = _both_answers(instances)
        with tempfile.TemporaryDirectory() as directory:
            scoring_memory(directory, instances, same, quick, varied)
        evaluating(quick)
        return
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
    evaluating(quick)


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
    answers = _answers(instances)
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
    with tempfile.TemporaryDirectory() as directory:
        scoring_memory(directory, instances, answers, quick)
    unfinished_four_posts()


def _answers(instances: list[dict[str, object]], varied: bool = False) -> list[dict[str, str]]:
    """A reply with prose around its list to each instance, every other one unfinished: stopped halfway, or with
    ``varied`` after a share of the optimum that differs from answer to answer (so that the positions where they
    stop, and the distances left from them, are seldom the same)."""
    return _both_answers(instances, (varied,))[0]


def _both_answers(instances: list[dict[str, object]],
                  variants: tuple[bool, ...] = (False, True)) -> list[list[dict[str, str]]]:
    """:func:`_answers` of each variant in ``variants``, each instance solved once."""
    answers: list[list[dict[str, str]]] = [[] for _ in variants]
    for k, instance in enumerate(instances):
        puzzle, src, dst = instance_puzzle(instance)
        moves = list(puzzle.solve(src, dst))
        for listed, varied in zip(answers, variants):
            share = (k * 7919 % 97 + 1, 99) if varied else (1, 2)
            stop = len(moves) if k % 2 == 0 else max(1, len(moves) * share[0] // share[1])
            reply = "Here are the moves:\n" + answer_text(puzzle, moves[:stop]) + "\nDone."
            listed.append({"id": str(instance["id"]), "answer": reply})
    return answers


_PEAK = """
import atexit, sys

def peak():  # the high-water mark of this process's own memory since its exec (VmHWM), in kB
    with open("/proc/self/status") as status:
        kb = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    sys.stderr.write(f"\\npeak-kB {kb}\\n")

atexit.register(peak)
from hanoikit.cli import main
sys.exit(main(sys.argv[1:]))
"""


def child(args: list[str]) -> tuple[float, float, float]:
    """Run ``hanoi ARGS`` in a child process: its wall seconds, processor seconds (user and system, os.wait4's
    rusage of that child) and peak resident memory in MB. The peak is the child's own VmHWM, read as it exits:
    rusage's ru_maxrss would count the parent's memory at the fork (Linux carries it over the exec)."""
    began = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-c", _PEAK, *args], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    assert process.stderr is not None
    error = process.stderr.read().decode()  # read before waiting: a full pipe would block the child
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - began
    process.returncode = os.waitstatus_to_exitcode(status)
    assert process.returncode == 0 and "peak-kB" in error, (args, process.returncode, error[-500:])
    peak = int(error.rpartition("peak-kB ")[2].split()[0])
    return wall, usage.ru_utime + usage.ru_stime, peak / 1024


def _load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def scoring_memory(directory: str, instances: list[dict[str, object]], answers: list[dict[str, str]],
                   quick: bool, varied: list[dict[str, str]] | None = None) -> None:
    """``hanoi score`` in a child process (the command as a user runs it: the files read a line at a time), its
    processor time and peak memory, by number of answers; with ``varied`` (the same set, its unfinished answers
    stopping at varied points) the largest again, every distance left computed rather than found already asked."""
    print("  hanoi score SET ANSWERS in a child process, with the distance left (peak resident memory of the child; "
          "the heuristic's tables built first, then loaded from the disk cache by each run)")
    peaks = {}
    counts = (50, 500, 2_000) if quick else (50, 500, 2_000, 10_000)
    runs = [(count, answers, "") for count in counts]
    if varied is not None:
        runs.append((counts[-1], varied, ", unfinished answers stopping at varied points"))
    for count, given, what in runs:
        instances_path = os.path.join(directory, f"set{count}.jsonl")
        answers_path = os.path.join(directory, f"answers{count}{'-varied' * bool(what)}.jsonl")
        with open(instances_path, "w") as out:
            out.writelines(json.dumps(i) + "\n" for i in instances[:count])
        with open(answers_path, "w") as out:
            out.writelines(json.dumps(a) + "\n" for a in given[:count])
        size = os.path.getsize(answers_path) / 2**20
        wall, cpu, peak = child(["score", instances_path, answers_path])
        peaks.setdefault(count, peak)
        if count == 50:
            continue  # the tables built or loaded: not measured
        target = (f"   target < 10 s processor: {cpu / 10:.2f}x of it {verdict(cpu < 10)}, peak < 300 MB: "
                  f"{peak / 300:.2f}x {verdict(peak < 300)}" if count == 10_000 else "")
        print(f"    {count:>6,} answers ({size:.1f} MiB{what}): wall {wall:.2f} s, processor {cpu:.2f} s, peak "
              f"{peak:.0f} MB, {_load()}{target}")
    ratio = peaks[2_000] / peaks[500]
    print(f"    peak memory, 2,000 vs 500 answers: {ratio:.2f}x   target < 1.3x: {ratio / 1.3:.2f}x of it "
          f"{verdict(ratio < 1.3)}")


_SERVER = """
import asyncio, json, sys

BODY = json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": "bench",
                   "choices": [{"index": 0, "finish_reason": "stop",
                                "message": {"role": "assistant", "content": "1SI\\n2SD\\n1ID"}}],
                   "usage": {"prompt_tokens": 100, "completion_tokens": 9, "total_tokens": 109}}).encode()
RESPONSE = (b"HTTP/1.1 200 OK\\r\\nContent-Type: application/json\\r\\nContent-Length: %d\\r\\n\\r\\n"
            % len(BODY) + BODY)


async def answer(reader, writer):  # HTTP/1.1 with keep-alive: each request read whole, the same reply to each
    try:
        while True:
            head = await reader.readuntil(b"\\r\\n\\r\\n")
            length = next((int(line[15:]) for line in head.split(b"\\r\\n")
                           if line[:15].lower() == b"content-length:"), 0)
            await reader.readexactly(length)
            writer.write(RESPONSE)
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
        pass
    finally:
        writer.close()


async def main():
    server = await asyncio.start_server(answer, "127.0.0.1", 0, backlog=64)
    print(server.sockets[0].getsockname()[1], flush=True)
    await asyncio.sleep(float(sys.argv[1]))  # stops by itself


asyncio.run(main())
"""
"""The endpoint of the ``hanoi eval`` row: one asyncio process on 127.0.0.1 answering every request at once with
the same chat completion (a few tens of microseconds of work a request, so that it is not what is measured)."""

_BARE = """
import asyncio, json, sys, time
import aiohttp

async def main(url, prompts, concurrency):
    pending = iter(prompts)
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=concurrency)) as session:
        async def worker():
            for prompt in pending:
                body = {"model": "bench", "messages": [{"role": "user", "content": prompt}]}
                async with session.post(url, json=body) as response:
                    assert response.status == 200
                    json.loads(await response.read())
        await asyncio.gather(*(worker() for _ in range(concurrency)))

with open(sys.argv[2]) as stream:
    prompts = [json.loads(line)["prompt"] for line in stream]
wall, cpu = time.perf_counter(), time.process_time()
asyncio.run(main(sys.argv[1], prompts, int(sys.argv[3])))
print(json.dumps([time.perf_counter() - wall, time.process_time() - cpu]))
"""
"""The endpoint alone: the same prompts posted by a bare aiohttp loop, as many in flight, each reply read as JSON."""


def _cpu_of(pid: int) -> float:
    """The processor seconds (user and system) process ``pid`` has used so far."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def evaluating(quick: bool) -> None:
    """``hanoi eval`` of 1,000 prompts against a local endpoint that answers at once (a child process on 127.0.0.1
    that stops by itself), 16 requests in flight; first the endpoint alone, driven by a bare aiohttp loop."""
    count, concurrency = (200 if quick else 1_000), 16
    print(f"asking a model (hanoi eval, {count:,} prompts, a local endpoint answering at once, concurrency "
          f"{concurrency})")
    with tempfile.TemporaryDirectory() as directory:
        set_path, out = os.path.join(directory, "set.jsonl"), os.path.join(directory, "answers.jsonl")
        with open(set_path, "w") as stream:
            stream.writelines(json.dumps(i) + "\n" for i in generate(count, seed=3, disks=(3, 6)))
        server = subprocess.Popen([sys.executable, "-c", _SERVER, "300"], stdout=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None
            url = f"http://127.0.0.1:{int(server.stdout.readline())}/v1"
            before = _cpu_of(server.pid)
            done = subprocess.run([sys.executable, "-c", _BARE, f"{url}/chat/completions", set_path,
                                   str(concurrency)], check=True, capture_output=True, text=True)
            bare_wall, bare_cpu = json.loads(done.stdout.splitlines()[-1])
            served = _cpu_of(server.pid) - before
            print(f"  the endpoint alone, {count:,} requests from a bare aiohttp loop: wall {bare_wall:.2f} s, "
                  f"processor {bare_cpu:.2f} s (the loop), {served:.2f} s (the endpoint), {_load()}")
            before = _cpu_of(server.pid)
            wall, cpu, peak = child(["eval", set_path, "--base-url", url, "--model", "bench", "--out", out,
                                     "--concurrency", str(concurrency)])
            served = _cpu_of(server.pid) - before
        finally:
            server.terminate()
            server.wait(10)
        with open(out) as stream:
            answered = sum(1 for _ in stream)
        assert answered == count, answered
        target = 20 * count / 1_000
        print(f"  hanoi eval, {count:,} prompts answered: wall {wall:.2f} s, processor {cpu:.2f} s (the client, "
              f"its start included), {served:.2f} s (the endpoint), peak {peak:.0f} MB, {_load()}   target < "
              f"{target:g} s: wall {wall / target:.2f}x of it {verdict(wall < target)}")


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
