"""The family's solvers: figures measured side by side in one run, each with its target and PASS/FAIL.

* Frame-Stewart on four posts, the whole move sequence: ``hanoikit.solvers.frame_stewart.arrays`` (numpy arrays
  ``(disk, src, dst)``, caches cleared) against the generator of the PyPI package ``k-peg-hanoi`` (``hanoi(m, pos)``,
  pairs ``(src, dst)``), in moves per second (target: at least 100x faster). The package is imported from
  ``/tmp/kpeg`` (``pip install --target /tmp/kpeg k-peg-hanoi``, never into the project's venv); without it, a
  straightforward recursive Python generator stands in and the report says so;
* the exact counts for n = 10**4: Frame-Stewart on 4 and 5 posts, three posts cyclic (both), three posts in a line
  (target: each under 100 ms, caches cleared);
* the distance between two random positions of 10**5 disks, three posts in a line (the ternary Gray rank) against the
  classic puzzle (target: within 2x).

Run ``python benchmarks/bench_family.py`` from the repository root (with ``PYTHONPATH=src``).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator

from hanoikit import Puzzle, State
from hanoikit.solvers import cyclic, frame_stewart
from timing import best, verdict

KPEG_PATH = "/tmp/kpeg"
N_OURS = 150  # 1,900,545 moves
N_THEIRS = 100  # 172,033 moves


def load_kpeg():  # type: ignore[no-untyped-def]
    sys.path.insert(0, KPEG_PATH)
    try:
        from k_peg_hanoi import hanoi  # type: ignore[import-not-found]

        return hanoi, "k-peg-hanoi " + __import__("k_peg_hanoi").__version__
    except ImportError:
        return _plain, "a plain recursive Python generator (k-peg-hanoi is not installed in /tmp/kpeg)"
    finally:
        sys.path.remove(KPEG_PATH)


def _plain(n: int, pegs: list[int]) -> Iterator[tuple[int, int]]:
    if n == 0:
        return
    if len(pegs) == 3 or n == 1:
        if n == 1:
            yield pegs[0], pegs[-1]
            return
        yield from _plain(n - 1, [pegs[0], pegs[2], pegs[1]])
        yield pegs[0], pegs[2]
        yield from _plain(n - 1, [pegs[1], pegs[0], pegs[2]])
        return
    m, _ = frame_stewart.split(n, len(pegs))
    yield from _plain(m, [pegs[0], *pegs[2:], pegs[1]])
    yield from _plain(n - m, [pegs[0], *pegs[2:-1], pegs[-1]])
    yield from _plain(m, [*pegs[1:-1], pegs[0], pegs[-1]])


def ours(n: int) -> int:
    frame_stewart._canonical.cache_clear()
    frame_stewart.count.cache_clear()
    frame_stewart.split.cache_clear()
    return len(frame_stewart.arrays(n, 4)[0])


def sequences() -> bool:
    generator, name = load_kpeg()
    total = frame_stewart.count(N_OURS, 4)
    mine = best(lambda: ours(N_OURS), repeat=3)
    small = frame_stewart.count(N_THEIRS, 4)
    moves = []
    theirs = best(lambda: moves.append(sum(1 for _ in generator(N_THEIRS, [0, 1, 2, 3]))), repeat=1)
    assert moves[-1] == small, "the reference generator made another number of moves"
    rate, reference = total / mine, small / theirs
    print("Frame-Stewart, four posts, the whole move sequence:")
    print(f"  hanoikit arrays (n = {N_OURS}, {total:,} moves): {mine:7.3f} s  {rate / 1e6:8.2f} M moves/s")
    print(f"  {name} (n = {N_THEIRS}, {small:,} moves): {theirs:7.3f} s  {reference / 1e6:8.2f} M moves/s")
    ok = rate >= 100 * reference
    print(f"  -> {rate / reference:,.0f}x faster (target >= 100x): {verdict(ok)}")
    return ok


def counts() -> bool:
    n = 10**4
    print(f"Exact counts for n = {n:,} (caches cleared):")
    cases = {
        "Frame-Stewart, 4 posts": lambda: frame_stewart.count(n, 4),
        "Frame-Stewart, 5 posts": lambda: frame_stewart.count(n, 5),
        "cyclic, one step (A005665)": lambda: cyclic.one_step(n),
        "cyclic, two steps (A005666)": lambda: cyclic.two_steps(n),
        "linear, end to end (3^n - 1)": lambda: Puzzle(n, moves="linear").distance(),
        "Puzzle(n, posts=4).distance()": lambda: Puzzle(n, posts=4).distance(),
    }
    ok = True
    for label, function in cases.items():
        seconds = best(lambda: (frame_stewart.count.cache_clear(), function()), repeat=3)
        ok &= seconds < 0.1
        print(f"  {label:32s}: {seconds * 1000:8.2f} ms  (target < 100 ms): {verdict(seconds < 0.1)}")
    return ok


def distances() -> bool:
    n = 10**5
    rng = random.Random(12)
    a, b = (State(rng.choices(range(3), k=n)) for _ in range(2))
    line, classic = Puzzle(n, moves="linear"), Puzzle(n)
    linear_time = best(lambda: line.distance(a, b), repeat=5)
    classic_time = best(lambda: classic.distance(a, b), repeat=5)
    ratio = linear_time / classic_time
    print(f"Any-to-any distance, two random positions of {n:,} disks:")
    bits = line.distance(a, b).bit_length()
    print(f"  three posts in a line (Gray rank): {linear_time * 1000:8.2f} ms  ({bits:,} bits)")
    print(f"  classic (every move)             : {classic_time * 1000:8.2f} ms")
    ok = ratio <= 2
    print(f"  -> linear / classic = {ratio:.2f} (target <= 2): {verdict(ok)}")
    return ok


def main() -> None:
    outcomes = [sequences(), counts(), distances()]
    print("ALL PASS" if all(outcomes) else "SOME FAIL")


if __name__ == "__main__":
    main()
