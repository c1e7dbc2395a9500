"""Talking disks (seed 002): every disk, asked to go somewhere, asks the disk above it to make room on the third post,
goes, and calls it back. The script they speak is Lucas's recursion, and its moves are the optimal solution.

>>> print(script(2))
Mini: So I am to go from the left to the right.
    : Tiny, would you make room for me? Please go to the middle.
Tiny: So I am to go from the left to the middle.
    : Nobody sits on me, so I just hop over.
Mini: Now I go from the left to the right.
    : Tiny, come back to me on the right.
Tiny: So I am to go from the middle to the right.
    : Nobody sits on me, so I just hop over.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from ..errors import InvalidPuzzleError, TooLargeError
from ..move import Move, as_count
from ..solvers.classic import as_disk_count

__all__ = ["LANGUAGES", "MAX_DISKS", "Line", "names", "dialogue", "moves", "script"]

MAX_DISKS = 10
"""The largest tower whose dialogue is written out (about three lines per move, 2**n - 1 moves)."""

_NAMES = ("Tiny", "Mini", "Midi", "Maxi", "Mega", "Giga", "Tera", "Peta", "Exa", "Zetta")

_LINES = {
    "en": {
        "posts": ("the left", "the middle", "the right"),
        "asked": "So I am to go from {src} to {dst}.",
        "hop": "Nobody sits on me, so I just hop over.",
        "away": "{other}, would you make room for me? Please go to {spare}.",
        "go": "Now I go from {src} to {dst}.",
        "back": "{other}, come back to me on {dst}, and bring along whoever sits on you.",
        "back_alone": "{other}, come back to me on {dst}.",
    },
    "de": {
        "posts": ("links", "Mitte", "rechts"),
        "asked": "Aha, ich soll also von {src} nach {dst}.",
        "hop": "Auf mir sitzt niemand, ich hüpfe einfach hinüber.",
        "away": "{other}, sei so nett und mach mir Platz: geh bitte nach {spare}.",
        "go": "Jetzt wandere ich von {src} nach {dst}.",
        "back": "{other}, komm wieder zu mir nach {dst} und bring die Kleineren mit.",
        "back_alone": "{other}, komm wieder zu mir nach {dst}.",
    },
}

LANGUAGES = tuple(_LINES)
"""The languages the disks speak: English and German."""


class Line(NamedTuple):
    """One line of the dialogue: who speaks (``disk``, ``speaker``), what they say, and the move it announces."""

    disk: int
    speaker: str
    text: str
    move: Move | None = None


def names(n: int) -> list[str]:
    """The names of disks 1 .. ``n``, smallest first: Tiny, Mini, Midi, Maxi as in seed 002, then bigger words.

    >>> names(4)
    ['Tiny', 'Mini', 'Midi', 'Maxi']
    >>> names(12)[-3:]
    ['Zetta', 'Disk 11', 'Disk 12']
    """
    n = as_disk_count(n)
    return [_NAMES[disk - 1] if disk <= len(_NAMES) else f"Disk {disk}" for disk in range(1, n + 1)]


def _check(n: int, lang: str) -> tuple[int, dict[str, Any]]:
    n = as_count(n, "the number of disks")
    if n > MAX_DISKS:
        raise TooLargeError(
            f"the dialogue is written up to {MAX_DISKS} disks ({2**MAX_DISKS - 1:,} moves), not {n:,}"
        )
    if lang not in _LINES:
        raise InvalidPuzzleError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return n, _LINES[lang]


def dialogue(n: int, lang: str = "en") -> Iterator[Line]:
    """The lines the ``n`` disks speak while the largest goes from S (left) to D (right), generated lazily.

    >>> [line.move for line in dialogue(2) if line.move]
    [Move(1, 0, 1), Move(2, 0, 2), Move(1, 1, 2)]
    """
    n, words = _check(n, lang)
    yield from _go(n, 0, 2, names(n), words)


def _go(disk: int, src: int, dst: int, called: list[str], words: dict[str, Any]) -> Iterator[Line]:
    posts = words["posts"]
    me = called[disk - 1]
    yield Line(disk, me, words["asked"].format(src=posts[src], dst=posts[dst]))
    if disk == 1:
        yield Line(disk, me, words["hop"], Move(disk, src, dst))
        return
    spare = 3 - src - dst
    other = called[disk - 2]
    yield Line(disk, me, words["away"].format(other=other, spare=posts[spare]))
    yield from _go(disk - 1, src, spare, called, words)
    yield Line(disk, me, words["go"].format(src=posts[src], dst=posts[dst]), Move(disk, src, dst))
    back = words["back" if disk > 2 else "back_alone"]
    yield Line(disk, me, back.format(other=other, dst=posts[dst]))
    yield from _go(disk - 1, spare, dst, called, words)


def moves(n: int) -> list[Move]:
    """The moves the disks announce, in order.

    >>> [str(m) for m in moves(3)]
    ['1SD', '2SI', '1DI', '3SD', '1IS', '2ID', '1SD']
    """
    return [line.move for line in dialogue(n) if line.move is not None]


def script(n: int, lang: str = "en", numbered: bool = False) -> str:
    """The dialogue as a play: the speaker's name only when the speaker changes, as in seed 002. With ``numbered``,
    each move is followed by its number and notation."""
    lines = []
    width = max(len(name) for name in names(n))
    previous = None
    count = 0
    for line in dialogue(n, lang):
        who = line.speaker.ljust(width) if line.disk != previous else " " * width
        text = f"{who}: {line.text}"
        if numbered and line.move is not None:
            count += 1
            text += f"   [{count}: {line.move}]"
        lines.append(text.rstrip())
        previous = line.disk
    return "\n".join(lines)
