"""Levy's published algorithms and colour crossings: figures measured side by side in one run.

* the "62" algorithm on 16 disks (13,352,490 moves) streamed as numpy blocks composed from memoised canonical blocks,
  cold (caches cleared) and warm, in moves per second (target: at least 20 M moves/s), against the plain generator
  (the Appendix 1 transcription iterated move by move) on 12 disks, and against ``solution()`` yielding ``Move``s;
* the exact counts for n = 1000 (arithmetic on the same recursion, no moves made), and the memory the count caches
  keep after the deepest counts allowed (``structural_count`` on ``MAX_LEVY_DISKS`` disks, ``disk_counts`` on
  ``MAX_LEVY_DISK_COUNTS_DISKS``; target: at most 64 MiB, as the caches keep only the latest calls);
* the vectorised colour trace (``hanoikit.analysis.color_trace``) against a replay through ``puzzle.apply``.

Run ``python benchmarks/bench_levy.py``.
"""

from __future__ import annotations

import time
import tracemalloc

from hanoikit import MagneticPuzzle, levy
from hanoikit.analysis import color_trace
from hanoikit.limits import MAX_LEVY_DISK_COUNTS_DISKS, MAX_LEVY_DISKS
from timing import best, verdict

SIGN = {"R": 1, "B": -1, None: 0}


def stream(n: int, algorithm: str) -> int:
    return sum(block.disk.size for block in levy.blocks(algorithm, n))


def cold_stream(n: int, algorithm: str) -> int:
    levy.arrays._canonical.cache_clear()
    return stream(n, algorithm)


def plain(n: int, algorithm: str) -> int:
    return sum(1 for _ in levy.get(algorithm).call(n))


def moves(n: int, algorithm: str) -> int:
    return sum(1 for _ in levy.solution(algorithm, n))


def replay_trace(puzzle: MagneticPuzzle, sequence: list) -> list:
    state, rows = puzzle.start, []
    for move in sequence:
        state = puzzle.apply(state, move)
        rows.append([SIGN[puzzle.post_color(state, p)] for p in range(3)])
    return rows


def main() -> None:
    total = levy.counts("62", 16)
    print(f'"62" on 16 disks: {total:,} moves')
    cold = best(lambda: cold_stream(16, "62"), repeat=2)
    warm = best(lambda: stream(16, "62"))
    print(f"  numpy blocks, cold caches : {cold:7.3f} s  {total / cold / 1e6:8.1f} M moves/s  (target >= 20)")
    print(f"  numpy blocks, warm caches : {warm:7.3f} s  {total / warm / 1e6:8.1f} M moves/s")
    small = levy.counts("62", 12)
    slow = best(lambda: plain(12, "62"), repeat=1)
    print(f"  plain generator (n = 12)  : {slow:7.3f} s  {small / slow / 1e6:8.2f} M moves/s  "
          f"-> blocks are {total / cold / (small / slow):,.0f}x faster (cold)")
    as_moves = best(lambda: moves(13, "62"), repeat=1)
    print(f"  solution() as Moves (n=13): {as_moves:7.3f} s  {levy.counts('62', 13) / as_moves / 1e6:8.2f} M moves/s")

    seconds = best(lambda: levy.moves_made.cache_clear() or [levy.counts(a, 1000) for a in levy.ALGORITHMS], repeat=1)
    print(f"exact counts of all five algorithms for n = 1000, cold: {seconds * 1e3:.1f} ms")
    for count, n in ((levy.structural_count, MAX_LEVY_DISKS), (levy.disk_counts, MAX_LEVY_DISK_COUNTS_DISKS)):
        levy.moves_made.cache_clear()
        levy.disk_moves_made.cache_clear()
        tracemalloc.start()
        cpu = time.process_time()
        count("62", n)
        cpu = time.process_time() - cpu
        kept, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"{count.__name__}('62', {n}): processor {cpu:.2f} s (traced), peak {peak / 2**20:.1f} MiB, kept by the "
              f"caches after {kept / 2**20:.1f} MiB (target <= 64): {verdict(kept <= 64 * 2**20)}")

    puzzle = MagneticPuzzle(14)
    array = levy.solution_array("62", 14)
    fast = best(lambda: color_trace(puzzle, array))
    sequence = list(levy.solution("62", 10))
    slow = best(lambda: replay_trace(MagneticPuzzle(10), sequence), repeat=1)
    rate_fast, rate_slow = array.size / fast, len(sequence) / slow
    print(f"colour trace of \"62\" on 14 disks ({array.size:,} moves): {fast:.3f} s, {rate_fast / 1e6:.1f} M moves/s; "
          f"replay through puzzle.apply (n = 10): {rate_slow / 1e3:.0f} k moves/s -> {rate_fast / rate_slow:,.0f}x")


if __name__ == "__main__":
    main()
