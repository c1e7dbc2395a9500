"""What the checkpoints' checksums and checks cost: a checkpoint's write and its verified read, beside the same bytes
written and read plainly, measured side by side in one run.

Target (issue 21): every file of a checkpoint has a checksum verified on resume, with checks that cost nothing beside
reading the blocks. Here: the write with its checksums at most 1.5x the plain durable write of the same rows; the
verified read at least 200 MiB of table a second of processor time (a 64 GiB table in about 5 minutes, the pace of
reading it from a disk).

Run from the repository root: ``python benchmarks/bench_checkpoint.py [--disks N]`` (default 12: 4 posts, 16.8
million codes, 4 MiB of table in 16 blocks).
"""

from __future__ import annotations

import glob
import os
import sys
import tempfile

import numpy as np

from hanoikit import Puzzle
from hanoikit.frontier import Layout, frontier_search
from hanoikit.frontier.checkpoint import Checkpoint
from timing import verdict, wall_and_cpu

DISKS = int(sys.argv[sys.argv.index("--disks") + 1]) if "--disks" in sys.argv else 12


def _plain_write(table: np.ndarray, directory: str) -> None:
    for block in range(table.shape[0]):
        with open(os.path.join(directory, f"{block}.bin"), "wb") as file:
            table[block].tofile(file)
            file.flush()
            os.fsync(file.fileno())


def _plain_read(table: np.ndarray, directory: str) -> None:
    for block in range(table.shape[0]):
        table[block] = np.fromfile(os.path.join(directory, f"{block}.bin"), dtype=np.uint8)


def main() -> None:
    puzzle = Puzzle(DISKS, posts=4)
    block_disks = max(1, DISKS - 10)  # rows of 256 KiB
    layout = Layout(puzzle, block_disks)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {puzzle!r}: {layout.blocks} blocks of "
          f"{layout.row_bytes / 2**10:.0f} KiB, {layout.state_bytes / 2**20:.1f} MiB of table")
    with tempfile.TemporaryDirectory() as work:
        kept = os.path.join(work, "kept")

        frontier_search(puzzle, block_disks=block_disks, checkpoint=kept, checkpoint_every=3600)  # every block
        source, target = layout.encode(puzzle.start), layout.encode(puzzle.goal)
        table = np.zeros((layout.blocks, layout.row_bytes), dtype=np.uint8)
        state, listed, dense = Checkpoint(kept, layout, source, target).load(table)
        print(f"the final checkpoint: {sum(state['layers']):,} positions reached, every block written")

        plain = os.path.join(work, "plain")
        os.makedirs(plain)
        write_plain = wall_and_cpu(lambda: _plain_write(table, plain), repeat=5)
        read_plain = wall_and_cpu(lambda: _plain_read(table, plain), repeat=5)
        count = iter(range(10**6))

        def write_checked() -> None:
            saver = Checkpoint(os.path.join(work, f"w{next(count)}"), layout, source, target)
            saver.save(table, np.ones(layout.blocks, dtype=np.uint8), state, listed, dense)

        write_ours = wall_and_cpu(write_checked, repeat=5)
        saved = sorted(glob.glob(os.path.join(work, "w*")))[0]
        read_ours = wall_and_cpu(lambda: Checkpoint(saved, layout, source, target).load(table), repeat=5)
        ratio = write_ours[0] / write_plain[0]
        print(f"write: with checksums {write_ours[0] * 1e3:7.1f} ms (CPU {write_ours[1] * 1e3:6.1f} ms), plain "
              f"{write_plain[0] * 1e3:7.1f} ms (CPU {write_plain[1] * 1e3:6.1f} ms): {ratio:.2f}x, target <= 1.5x: "
              f"{verdict(ratio <= 1.5)}")
        mib = layout.state_bytes / 2**20
        pace = mib / read_ours[1]
        print(f"read : verified {read_ours[0] * 1e3:7.1f} ms (CPU {read_ours[1] * 1e3:6.1f} ms, {pace:,.0f} MiB/s of "
              f"table), plain {read_plain[0] * 1e3:7.1f} ms (CPU {read_plain[1] * 1e3:6.1f} ms): target >= 200 MiB/s: "
              f"{verdict(pace >= 200)}")

if __name__ == "__main__":
    main()
