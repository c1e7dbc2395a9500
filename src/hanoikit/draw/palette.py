"""Colours shared by every picture: the SVG renderer, the matplotlib drawings and the terminal.

A classic disk gets a colour of its own, graded by size; a magnetic disk shows its two faces, red and blue.

>>> FACE["R"], FACE["B"]
('#d64541', '#2e6fd1')
>>> disk_color(1, 3) != disk_color(3, 3)
True
"""

from __future__ import annotations

__all__ = ["FACE", "FACE_DARK", "NEUTRAL_POST", "BASE", "INK", "PATH", "EMPTY_POST", "disk_color"]

FACE = {"R": "#d64541", "B": "#2e6fd1"}
"""The red and blue faces of a magnetic disk (and the pre-coloured posts)."""

FACE_DARK = {"R": "#8f2320", "B": "#1b3f7a"}
"""Outline colours for the faces."""

NEUTRAL_POST = "#8a7f73"
"""A neutral (uncoloured) post."""

BASE = "#5c4a3a"
"""The base the posts stand on, and the moves of a state graph off the highlighted path."""

INK = "#2b2b2b"
"""Text and outlines."""

PATH = "#e8a33d"
"""The highlighted path of a state graph (the optimal solution) and its positions."""

EMPTY_POST = "#e6ded3"
"""An empty neutral post in the state graph's nodes (it shows no colour)."""

# Warm to cool, so that neighbouring sizes are told apart at a glance.
_RAMP = ("#f2c14e", "#f28f3b", "#e4572e", "#c8385a", "#8e3b86", "#55539c", "#3a7ca5", "#2a9d8f", "#5bb450", "#a7c957")


def disk_color(disk: int, n: int) -> str:
    """The colour of classic disk ``disk`` (1 = smallest) in a tower of ``n`` disks.

    Up to ten disks each get their own colour; larger towers spread the ramp over the sizes.
    """
    if n <= len(_RAMP):
        return _RAMP[(disk - 1) % len(_RAMP)]
    return _RAMP[(disk - 1) * len(_RAMP) // n]
