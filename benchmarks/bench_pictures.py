"""Pictures: how fast the state graphs are built and drawn, and how fast movie frames are rendered.

Run: .venv/bin/python benchmarks/bench_pictures.py
"""

from __future__ import annotations

import os
import tempfile

import hanoikit as hk
from hanoikit import search
from hanoikit.draw.animate import animate, frames
from hanoikit.draw.graph import save_state_graph
from hanoikit.graph import state_graph
from timing import timed


def main() -> None:
    print("state graphs (networkx, built move by move) beside the numpy breadth-first oracle")
    for puzzle in (hk.Puzzle(8), hk.Puzzle(10), hk.MagneticPuzzle(6), hk.MagneticPuzzle(6, "NRB")):
        built, graph = timed(lambda: state_graph(puzzle))
        searched, oracle = timed(lambda: search.bfs(puzzle))
        assert graph.number_of_nodes() == oracle.reachable
        print(
            f"  {puzzle!r:70} {graph.number_of_nodes():>7,} nodes  graph {built:6.2f} s "
            f"({graph.number_of_nodes() / built:>9,.0f} nodes/s)   bfs {searched:6.3f} s   "
            f"ratio {built / searched:6.1f}x"
        )
    with tempfile.TemporaryDirectory() as folder:
        for puzzle in (hk.Puzzle(8), hk.MagneticPuzzle(5)):
            seconds, _ = timed(lambda: save_state_graph(puzzle, os.path.join(folder, "g.png")))
            print(f"  drawing {puzzle!r}: {seconds:.2f} s")
        print("movies")
        for puzzle, tween in ((hk.MagneticPuzzle(3), 9), (hk.Puzzle(7), 0)):
            moves = list(puzzle.solve())
            count = sum(1 for _ in frames(puzzle, moves, tween=tween))
            target = os.path.join(folder, "m.gif")
            seconds, _ = timed(lambda: animate(puzzle, moves, target, size="480x320", tween=tween, pause=0))
            rate = count / seconds
            print(f"  {puzzle!r}: {len(moves)} moves, {count} frames in {seconds:.1f} s ({rate:.0f} frames/s)")


if __name__ == "__main__":
    main()
