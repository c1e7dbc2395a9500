"""Positions rendered as SVG, like ``chess.svg.board``: Jupyter shows every :class:`~hanoikit.State` this way.

A magnetic disk shows both faces (its top colour above, the other below); a pre-coloured post is drawn in its colour.

>>> import hanoikit as hk
>>> picture = state(hk.State.parse("IS:BR"), hk.MagneticPuzzle(2, "NNB"), size=300)
>>> picture.startswith("<svg") and picture.count('class="disk"')
2
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from .draw.palette import BASE, FACE, FACE_DARK, INK, NEUTRAL_POST, PATH, disk_color
from .move import Move, post_names
from .puzzle import Puzzle
from .state import State, color_name, flip

__all__ = ["state"]

_DEFS = (
    "<defs>"
    + "".join(
        f'<linearGradient id="hanoikit-{top}{bottom}" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0.5" stop-color="{FACE[top]}"/><stop offset="0.5" stop-color="{FACE[bottom]}"/>'
        "</linearGradient>"
        for top, bottom in (("R", "B"), ("B", "R"))
    )
    + f'<marker id="hanoikit-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
    f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{PATH}"/></marker>'
    "</defs>"
)


def state(
    position: State,
    puzzle: Puzzle | None = None,
    size: int = 360,
    lastmove: Move | None = None,
    labels: bool = True,
) -> str:
    """Render ``position`` as an SVG picture ``size`` pixels wide (three fifths as high), on as many posts as it has.

    ``puzzle`` supplies the post colours (and checks the position); ``lastmove`` is marked by an arrow over the posts
    and an outline around the disk that moved; ``labels`` writes the disk numbers on the disks and the post names
    under the posts.

    >>> import hanoikit as hk
    >>> svg = state(hk.State.parse("DSS"), lastmove=hk.Move(1, 0, 2))
    >>> 'class="lastmove"' in svg, svg.count("<rect")
    (True, 8)
    >>> state(hk.State.parse("SJD")).count('class="post"')
    4
    """
    if puzzle is not None:
        puzzle.check(position)
    n, k = position.n, position.post_count
    width, height = float(size), round(size * 0.6, 1)
    colors = "N" * k if puzzle is None else puzzle.colors
    names = post_names(k)
    base_y = height * 0.84
    post_top = height * 0.16
    post_w = max(width * 0.018 * 3 / k, 2.0)
    disk_h = min(height * 0.1, (base_y - post_top - 6) / (n + 0.5))
    widest, narrowest = width / k - width * 0.03, post_w * 3.2
    centres = [width * (2 * post + 1) / (2 * k) for post in range(k)]
    label_size = height * 0.065 * min(1.0, 4 / k)  # smaller names under five posts or more, to fit

    def disk_width(disk: int) -> float:
        return narrowest if n == 1 else narrowest + (widest - narrowest) * (disk - 1) / (n - 1)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {width:g} {height:g}" '
        f'width="{width:g}" height="{height:g}" font-family="sans-serif">',
        f"<title>{escape(str(position))}</title>",
        _DEFS,
        f'<rect class="background" x="0" y="0" width="{width:g}" height="{height:g}" fill="#fbf7f0"/>',
        f'<rect class="base" x="{width * 0.02:.1f}" y="{base_y:.1f}" width="{width * 0.96:.1f}" '
        f'height="{height * 0.045:.1f}" rx="3" fill="{BASE}"/>',
    ]
    for post, x in enumerate(centres):
        color = colors[post]
        fill = NEUTRAL_POST if color == "N" else FACE[color]
        out.append(
            f'<rect class="post" x="{x - post_w / 2:.1f}" y="{post_top:.1f}" width="{post_w:.1f}" '
            f'height="{base_y - post_top:.1f}" rx="{post_w / 2:.1f}" fill="{fill}"/>'
        )
        if labels:
            name = names[post] if color == "N" else f"{names[post]} ({color_name(color)})"
            out.append(
                f'<text x="{x:.1f}" y="{height * 0.965:.1f}" text-anchor="middle" font-size="{label_size:.1f}" '
                f'fill="{INK}">{name}</text>'
            )
    for post, stack in enumerate(position.stacks()):
        for level, disk in enumerate(stack):
            w = disk_width(disk)
            x, y = centres[post] - w / 2, base_y - (level + 1) * disk_h
            up = position.up(disk)
            if up is None:
                fill, stroke = disk_color(disk, n), INK
            else:
                fill, stroke = f"url(#hanoikit-{up}{flip(up)})", FACE_DARK[up]
            if lastmove is not None and lastmove.disk == disk:
                stroke = PATH
            out.append(
                f'<rect class="disk" data-disk="{disk}" x="{x:.1f}" y="{y + 0.5:.1f}" width="{w:.1f}" '
                f'height="{disk_h - 1:.1f}" rx="{min(disk_h / 3, 6):.1f}" fill="{fill}" stroke="{stroke}" '
                f'stroke-width="{2.5 if stroke == PATH else 1}"/>'
            )
            if labels and disk_h >= 9 and w >= 14:
                out.append(
                    f'<text x="{centres[post]:.1f}" y="{y + disk_h * 0.5:.1f}" dominant-baseline="central" '
                    f'text-anchor="middle" font-size="{min(disk_h * 0.62, 16):.1f}" font-weight="bold" fill="white" '
                    f'stroke="{INK}" stroke-width="0.3">{disk}</text>'
                )
    if lastmove is not None:
        x1, x2 = centres[lastmove.src], centres[lastmove.dst]
        y = post_top - 4
        out.append(
            f'<path class="lastmove" d="M{x1:.1f},{y:.1f} Q{(x1 + x2) / 2:.1f},{y - height * 0.14:.1f} '
            f'{x2:.1f},{y:.1f}" fill="none" stroke="{PATH}" stroke-width="{max(width / 180, 1.5):.1f}" '
            'marker-end="url(#hanoikit-arrow)"/>'
        )
    out.append("</svg>")
    return "\n".join(out)
