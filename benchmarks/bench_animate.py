"""Movies in bounded memory: the peak RSS of ``animate`` for about 100 and about 1,000 frames, side by side.

Each movie is made in a fresh subprocess (so that each peak is its own) of the same 5-disk solution, only the number of
in-between frames differs. Target: the 1,000-frame movie peaks within 10% of the 100-frame one (frames are streamed
to the file, not held). Run from the repository root: ``python benchmarks/bench_animate.py [WxH]``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_CHILD = """
import json, resource, sys, time
import hanoikit as hk
from hanoikit.draw.animate import animate
puzzle = hk.Puzzle(5)
began = time.perf_counter()
written = animate(puzzle, list(puzzle.solve()), sys.argv[1], tween=int(sys.argv[2]), size=sys.argv[3])
print(json.dumps({"frames": written.frames, "seconds": time.perf_counter() - began,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def measure(tween: int, size: str) -> dict[str, float]:
    """Make one movie in a subprocess; its frames, seconds and peak RSS in MB."""
    with tempfile.TemporaryDirectory() as folder:
        target = str(Path(folder) / "movie.gif")
        source = str(Path(__file__).resolve().parents[1] / "src")
        out = subprocess.run(
            [sys.executable, "-c", f"import sys; sys.path.insert(0, {source!r})\n{_CHILD}", target, str(tween), size],
            check=True, capture_output=True, text=True,
        ).stdout
    return json.loads(out)


def main() -> None:
    size = sys.argv[1] if len(sys.argv) > 1 else "160x120"
    began = time.perf_counter()
    few, many = measure(2, size), measure(30, size)
    ratio = many["peak_mb"] / few["peak_mb"]
    print(f"animate, 5 disks at {size} (each in its own process):")
    for run in (few, many):
        print(f"  {run['frames']:>5,.0f} frames: peak RSS {run['peak_mb']:7.1f} MB, {run['seconds']:6.1f} s")
    print(f"  peak RSS ratio {many['frames'] / few['frames']:.1f}x the frames: {ratio:.3f}  "
          f"{'PASS' if ratio <= 1.10 else 'FAIL'} (target <= 1.10)")
    print(f"({time.perf_counter() - began:.0f} s in all)")


if __name__ == "__main__":
    main()
