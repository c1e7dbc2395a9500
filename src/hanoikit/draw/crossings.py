"""Colour-crossing charts (Levy's Figures 13 and 14): the colour of each post, move by move, as step charts.

matplotlib is imported inside the functions (Agg backend), so importing this module is cheap.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from .._extras import require
from ..digits import rounded
from ..errors import TooLargeError
from ..limits import MAX_CHART_MOVES
from .files import save_figure

__all__ = ["Panel", "panel", "check_chart", "draw_panels", "figure13", "figure14", "crossings_chart"]

_RED, _BLUE, _INK, _MUTED, _NEUTRAL = "#c8322d", "#2b62b8", "#262626", "#8a8a8a", "#f1e3a6"


class Panel(NamedTuple):
    """One chart: a trace (from :func:`hanoikit.analysis.color_trace`) with a letter and a title."""

    letter: str
    title: str
    trace: np.ndarray


def check_chart(n: int, algorithm: str) -> None:
    """Raise :class:`~hanoikit.TooLargeError` if the chart of ``algorithm`` on ``n`` disks would draw more than
    :data:`~hanoikit.limits.MAX_CHART_MOVES` moves: to refuse before any work.

    >>> check_chart(12, "100")
    Traceback (most recent call last):
    hanoikit.errors.TooLargeError: the "100" algorithm makes 265,720 moves on 12 disks: charts are drawn up to ...
    """
    from .. import levy

    moves = levy.counts(algorithm, n)
    if moves > MAX_CHART_MOVES:
        raise TooLargeError(
            f'the "{levy.get(algorithm).name}" algorithm makes {rounded(moves)} moves on {n:,} disks: charts are drawn '
            f"up to {MAX_CHART_MOVES:,} moves"
        )


def panel(letter: str, n: int, algorithm: str, colors: str | None = None) -> Panel:
    """The panel of a published algorithm on ``n`` disks, on the tower ``colors`` (default: its own); at most
    :data:`~hanoikit.limits.MAX_CHART_MOVES` moves (:func:`check_chart`)."""
    from .. import algorithms, levy
    from ..analysis.crossings import color_trace, crossing_spans
    from ..puzzle import MagneticPuzzle

    check_chart(n, algorithm)
    chosen = algorithms.get(algorithm)
    puzzle = MagneticPuzzle(n, colors or chosen.puzzle(1).colors)
    moves = levy.solution_array(algorithm, n)
    trace = color_trace(puzzle, moves)
    crossings = len(crossing_spans(trace))
    kind = "free" if puzzle.colors == "NNN" else f"coloured {puzzle.colors}"
    title = (
        f'{kind} tower, n = {n}, "{chosen.name}" algorithm: {moves.size} moves, '
        f"{crossings} colour crossing{'s' if crossings != 1 else ''}"
    )
    return Panel(letter, title, trace)


def _draw(ax: Any, item: Panel, longest: int) -> None:
    """One panel, a strip per post (S on top); the move axis runs to ``longest`` so that stacked panels line up."""
    from ..analysis.crossings import crossing_spans
    from ..move import post_names

    trace = item.trace
    m, k = len(trace) - 1, trace.shape[1]
    names = post_names(k)
    gap, height = 3.0, 1.0
    spans = crossing_spans(trace)
    for crossing in spans:  # row j (after move j) is drawn over [j - 1/2, j + 1/2)
        base = (k - 1 - crossing.post) * gap
        ax.add_patch(
            _rectangle((crossing.leave - 1.5, base - 1.35 * height), crossing.start - crossing.leave + 2, 2.7 * height)
        )
    for post in range(k):
        base = (k - 1 - post) * gap
        values = trace[:, post]
        change = np.flatnonzero(np.diff(values)) + 1
        starts = np.concatenate(([0], change))
        widths = np.diff(np.concatenate((starts, [m + 1])))
        shown = values[starts].astype(float)
        ax.axhline(base, color=_MUTED, lw=0.6, zorder=1)
        colours = [_RED if v > 0 else _BLUE for v in shown]
        ax.bar(starts - 0.5, shown * height, width=widths, bottom=base, align="edge", color=colours, lw=0, zorder=2)
        if m <= 150:  # an outline helps short charts and smudges long ones
            x = np.append(starts - 0.5, m + 0.5)
            ax.step(x, base + height * np.append(shown, shown[-1]), where="post", color=_INK, lw=0.9, zorder=3)
    if m > 150:  # the shading is too thin to see: mark each crossing above its strip
        for crossing in spans:
            ax.plot(
                (crossing.leave + crossing.start) / 2 - 0.5, (k - 1 - crossing.post) * gap + 1.3 * height, marker="v",
                ms=5, color=_RED if crossing.color > 0 else _BLUE, mec=_INK, mew=0.5, zorder=4,
            )
    counts = [sum(1 for c in spans if c.post == post) for post in range(k)]
    ticks, labels = [], []
    for post in range(k):
        base = (k - 1 - post) * gap
        ticks += [base - height, base, base + height]
        labels += ["blue", names[post], "red"]
        ax.text(
            longest + 0.5 + 0.012 * (longest + 1), base, f"{counts[post]} crossing{'s' if counts[post] != 1 else ''}",
            va="center", ha="left", fontsize=8, color=_INK,
        )
    ax.set_yticks(ticks, labels)
    for tick, label in zip(ax.get_yticklabels(), labels):
        if label in names:
            tick.set_fontweight("bold")
            tick.set_fontsize(10)
        else:
            tick.set_fontsize(7)
            tick.set_color(_RED if label == "red" else _BLUE)
    ax.set_ylim(-1.6 * height, (k - 1) * gap + 1.6 * height)
    ax.set_xlim(-0.5, longest + 0.5)
    ax.set_title(f"{item.letter}   {item.title}" if item.letter else item.title, loc="left", fontsize=10)
    ax.set_xlabel("after move", fontsize=9)
    if longest <= 40:
        ax.set_xticks(range(0, longest + 1, 1 if longest <= 15 else 5))
    ax.tick_params(axis="x", labelsize=8)
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    ax.tick_params(axis="y", length=0)


def _rectangle(corner: tuple[float, float], width: float, height: float) -> Any:
    from matplotlib.patches import Rectangle

    return Rectangle(corner, width, height, facecolor=_NEUTRAL, edgecolor="none", alpha=0.6, zorder=0)


def draw_panels(panels: Sequence[Panel], title: str | None = None) -> Any:
    """A matplotlib figure with one step chart per panel, stacked."""
    require("matplotlib", "plot")
    import matplotlib

    matplotlib.use("Agg")
    plt = require("matplotlib.pyplot", "plot")

    figure, axes = plt.subplots(len(panels), 1, figsize=(10, 2.6 * len(panels) + 0.6), squeeze=False)
    longest = max(len(item.trace) - 1 for item in panels)
    for ax, item in zip(axes[:, 0], panels):
        _draw(ax, item, longest)
    if title:
        figure.suptitle(title, fontsize=12, x=0.01, ha="left")
    figure.text(
        0.99, 0.005, "post colour after each move: red +1, neutral 0, blue -1; shaded or marked: a colour crossing",
        ha="right", va="bottom", fontsize=7, color=_MUTED,
    )
    figure.tight_layout(rect=(0, 0.02, 0.93, 1))
    return figure


def _save_both(figure: Any, stem: str | os.PathLike[str]) -> tuple[Path, Path]:
    png, svg = Path(stem).with_suffix(".png"), Path(stem).with_suffix(".svg")
    save_figure(figure, png, svg, dpi=150)
    return png, svg


def figure13(stem: str | os.PathLike[str]) -> tuple[Path, Path]:
    """Levy's Figure 13 (n = 3): A the RBB tower with "100", B the free tower with "100", C the free tower with
    "67-down"; written to ``stem.png`` and ``stem.svg``."""
    panels = [panel("A", 3, "100", "RBB"), panel("B", 3, "100", "NNN"), panel("C", 3, "67-down")]
    return _save_both(draw_panels(panels, "Figure 13: colour crossings, three disks"), stem)


def figure14(stem: str | os.PathLike[str]) -> tuple[Path, Path]:
    """Levy's Figure 14 (the free tower, n = 5): A "67-down", B "62"; written to ``stem.png`` and ``stem.svg``."""
    panels = [panel("A", 5, "67-down"), panel("B", 5, "62")]
    return _save_both(draw_panels(panels, "Figure 14: colour crossings of the free tower, five disks"), stem)


def crossings_chart(n: int, algorithm: str, path: str | os.PathLike[str], colors: str | None = None) -> Path:
    """The colour-crossing chart of one algorithm on ``n`` disks, saved to ``path`` (PNG, SVG or PDF)."""
    save_figure(draw_panels([panel("", n, algorithm, colors)]), path, dpi=150)
    return Path(path)
