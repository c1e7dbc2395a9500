"""The n-cube picture of seed 002: name the disks A, B, C, ... from the smallest and read the disks the optimal solution
moves as steps along the axes of an ``n``-dimensional cube. Starting at a corner, the walk visits every corner exactly
once and ends elsewhere: an open Hamiltonian path, the reflected binary Gray code.

Corner ``k`` of the walk records which disks have moved an odd number of times after ``k`` moves.

>>> walk(3)
[0, 1, 3, 2, 6, 7, 5, 4]
>>> is_hamiltonian_path(3, disk_sequence(3))  # the check on the disks, hanoikit.solvers.classic.is_hamiltonian_path
True
>>> letters([1, 2, 1, 3])
'ABAC'
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .._extras import require
from ..digits import rounded
from ..errors import InvalidArgumentError, TooLargeError, quote
from ..move import as_count
from ..solvers.classic import is_hamiltonian_path

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "MAX_DRAWN",
    "MAX_LISTED",
    "disk_sequence",
    "walk",
    "letters",
    "bits",
    "table",
    "draw",
    "save",
]

MAX_LISTED = 10
"""The largest cube whose walk is listed as text (1024 corners)."""

MAX_DRAWN = 6
"""The largest cube that is drawn (64 corners)."""


def _check(n: int, limit: int) -> int:
    n = as_count(n, "the number of disks")
    if n > limit:
        raise TooLargeError(f"the n-cube is shown up to n = {limit} ({2**limit:,} corners), not {rounded(n)}")
    return n


def disk_sequence(n: int) -> list[int]:
    """The disks moved by the optimal classic solution of ``n`` disks (``n`` <= :data:`MAX_LISTED`), read off the
    moves of ``Puzzle(n).solve()``."""
    from ..puzzle import Puzzle

    return [move.disk for move in Puzzle(_check(n, MAX_LISTED)).solve()]


def _disk(disk: object, n: int) -> int:
    found = as_count(disk, "a disk")
    if found > n:
        raise InvalidArgumentError(f"disk {quote(disk)} is not one of the {n} disks of the cube")
    return found


def walk(n: int, disks: Iterable[int] | None = None) -> list[int]:
    """The corners visited (as integers, bit ``d - 1`` for disk ``d``) when each disk moved is a step along its axis;
    ``disks`` defaults to the optimal solution's :func:`disk_sequence`."""
    n = _check(n, MAX_LISTED)
    corner, corners = 0, [0]
    for disk in disk_sequence(n) if disks is None else disks:
        corner ^= 1 << (_disk(disk, n) - 1)
        corners.append(corner)
    return corners


def letters(disks: Iterable[int]) -> str:
    """Seed 002's names of the disks: A for the smallest, then B, C, ..."""
    found = [as_count(disk, "a disk") for disk in disks]
    return "".join(chr(ord("A") + disk - 1) if disk <= 26 else f"({disk})" for disk in found)


def bits(corner: int, n: int) -> str:
    """A corner as its coordinates, disk A first (the same order as a position's notation).

    >>> bits(0b011, 3)
    '110'
    """
    n = _check(n, MAX_LISTED)
    found = as_count(corner, "a corner", low=0)
    if found >= 1 << n:
        raise InvalidArgumentError(f"the {n}-cube's corners are 0 to {2**n - 1}, not {quote(corner)}")
    return "".join(str(found >> axis & 1) for axis in range(n))


def table(n: int) -> str:
    """The walk as text: each move's disk (letter and number) and the corner reached, plus the verdict."""
    corners = walk(n)
    disks = disk_sequence(n)
    header = f"{'move':>5}  disk  corner ({letters(range(1, n + 1))})"
    rows = [header, f"{0:>5}     -  {bits(corners[0], n)}"]
    for k, (disk, corner) in enumerate(zip(disks, corners[1:]), 1):
        rows.append(f"{k:>5}  {letters([disk]):>2} {disk:<2} {bits(corner, n)}")
    verdict = "visits" if is_hamiltonian_path(n, disks) else "does NOT visit"
    rows.append(
        f"disk sequence {letters(disks) if n <= 6 else letters(disks[:63]) + '...'}: the walk {verdict} all {2**n} "
        f"corners of the {n}-cube once (an open Hamiltonian path, the Gray code)"
    )
    return "\n".join(rows)


def _projection(n: int) -> list[tuple[float, float]]:
    """Plane directions of the axes: a cube in oblique view for A, B, C; further axes set copies of it side by side."""
    axes = [(1.0, 0.0), (0.0, 1.0), (0.45, 0.32)]
    extra = [(1.9, 0.75), (0.0, 2.3), (4.0, 0.0)]
    return (axes + extra)[:n] if n >= 3 else [(1.0, 0.0), (0.0, 1.0)][:n]


def draw(n: int, ax: Axes | None = None) -> Figure:
    """Draw the ``n``-cube (``n`` <= 6) with the solution's walk over its edges, numbered and coloured by time."""
    n = _check(n, MAX_DRAWN)
    require("matplotlib", "plot")
    import matplotlib

    matplotlib.use("Agg", force=False)
    plt = require("matplotlib.pyplot", "plot")
    from matplotlib.collections import LineCollection

    from ..draw.palette import INK

    corners = walk(n)
    directions = _projection(n)

    def point(corner: int) -> tuple[float, float]:
        return (
            sum(directions[a][0] for a in range(n) if corner >> a & 1),
            sum(directions[a][1] for a in range(n) if corner >> a & 1),
        )

    figure: Figure
    if ax is None:
        figure, ax = plt.subplots(figsize=(6.4, 5.2) if n <= 3 else (8, 6.2), dpi=110)
    else:
        figure = ax.figure  # type: ignore[assignment]  # the axes of a Figure: draw takes no SubFigure's
    ax.set_aspect("equal")
    ax.axis("off")
    edges = [(point(c), point(c | 1 << a)) for c in range(2**n) for a in range(n) if not c >> a & 1]
    ax.add_collection(LineCollection(edges, colors="#c9c1b6", linewidths=1.0, zorder=1))
    cmap = plt.get_cmap("plasma")
    steps = len(corners) - 1
    path = [(point(a), point(b)) for a, b in itertools.pairwise(corners)]
    shades = [cmap(0.1 + 0.75 * i / max(steps - 1, 1)) for i in range(steps)]
    ax.add_collection(LineCollection(path, colors=shades, linewidths=3, zorder=2))
    disks = [(a ^ b).bit_length() for a, b in itertools.pairwise(corners)]
    if n <= 4:
        for (p, q), disk in zip(path, disks):
            ax.annotate(letters([disk]), ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2), fontsize=7, color=INK, ha="center",
                        va="center", bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="none", alpha=0.8), zorder=4)
    xs, ys = zip(*(point(c) for c in corners))
    ax.scatter(xs, ys, s=150 if n <= 4 else 40, c=[cmap(0.1 + 0.75 * i / steps) for i in range(steps + 1)],
               edgecolors=INK, linewidths=0.5, zorder=3)
    if n <= 4:
        for k, corner in enumerate(corners):
            ax.annotate(str(k), point(corner), fontsize=6.5, color="white", ha="center", va="center", fontweight="bold",
                        zorder=5)
    for k, label in ((0, "start"), (steps, "end")):
        x, y = point(corners[k])
        ax.annotate(f"{label} {bits(corners[k], n)}", (x, y), xytext=(0, -15), textcoords="offset points",
                    ha="center", fontsize=8, color=INK)
    ax.set_title(
        f"{n} disks, {steps} moves: the disk sequence {letters(disks) if n <= 4 else letters(disks[:15]) + '...'}\n"
        f"walks the {n}-cube through all {2**n} corners (a Gray code)",
        fontsize=9,
        color=INK,
    )
    ax.autoscale_view()
    ax.margins(0.08)
    return figure


def save(n: int, target: str | os.PathLike[str]) -> None:
    """Write :func:`draw` to ``target`` (.png, .svg or .pdf) atomically."""
    from ..draw.files import extension, save_figure
    from ..errors import UnknownMethodError

    fmt = extension(target)
    if fmt not in ("png", "svg", "pdf"):
        raise UnknownMethodError(f"cannot draw the cube into {os.fspath(target)!r}: use a .png, .svg or .pdf file")
    save_figure(draw(n), target, bbox_inches="tight")
