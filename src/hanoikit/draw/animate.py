"""Movies of a solution: every move lifts the disk, carries it over (flipping it on a magnetic tower) and drops it.

The geometry (:func:`frames`) is plain Python and tested on its own; :func:`animate` renders it with matplotlib into a
GIF (Pillow) or an MP4 (ffmpeg, where installed).

>>> import hanoikit as hk
>>> shots = list(frames(hk.MagneticPuzzle(1), [hk.Move(1, 0, 2)], tween=4))
>>> len(shots), [shot.poses[0].top for shot in shots]
(6, ['R', 'R', 'R', 'B', 'B', 'B'])
"""

from __future__ import annotations

import math
import os
import shutil
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import algorithms
from .._extras import require
from ..errors import HanoiError, TooLargeError
from ..limits import MAX_FRAMES, MAX_MOVIE_MOVES, ensure_at_most
from ..move import Move, as_count
from ..puzzle import Puzzle
from ..state import State, flip
from .files import extension, write_atomically

if TYPE_CHECKING:
    from matplotlib.patches import Patch
    from PIL import Image

__all__ = [
    "MAX_MOVES",
    "MovieError",
    "Pose",
    "Shot",
    "algorithm_names",
    "resolve",
    "frames",
    "default_tween",
    "check_output",
    "frame_count",
    "animate",
    "Written",
]

MAX_MOVES = MAX_MOVIE_MOVES
"""The longest solution made into a movie or shown in the terminal: :data:`hanoikit.limits.MAX_MOVIE_MOVES`."""


class MovieError(HanoiError, ValueError):
    """A movie cannot be written: unknown file type, or no encoder for it on this machine."""


class Pose(NamedTuple):
    """Where one disk is drawn: centre ``x`` (post ``p`` at ``x = p``), bottom ``y`` in disk heights, ``width`` in post
    spacings, the colours of its ``top`` and ``bottom`` faces (``None`` for a classic disk), and ``thickness`` (1 at
    rest, smaller while it turns over)."""

    disk: int
    x: float
    y: float
    width: float
    top: str | None
    bottom: str | None
    thickness: float = 1.0


class Shot(NamedTuple):
    """One frame: the poses of all disks, the last position at rest, how many moves are done, and the move being
    made (``moving``) or last made."""

    poses: tuple[Pose, ...]
    state: State
    done: int
    move: Move | None
    moving: bool = False


def algorithm_names() -> list[str]:
    """The names :func:`resolve` understands: every algorithm of :mod:`hanoikit.algorithms`."""
    return [algorithm.name for algorithm in algorithms.registered()]


def resolve(puzzle: Puzzle, algorithm: str = "optimal", source: State | None = None) -> tuple[Puzzle, list[Move]]:
    """The puzzle and the moves to show for ``algorithm`` (a name of :mod:`hanoikit.algorithms`), at most
    :data:`MAX_MOVES` of them.

    ``optimal`` solves from ``source`` (default: the start); the others play from the start tower to the goal tower.
    An algorithm that does not play the plain classic ``puzzle`` (one of Levy's, such as ``62``) plays on the puzzle
    it was made for instead; on any other puzzle it does not play, :class:`UnknownMethodError` is raised. The moves
    are checked on the puzzle: :class:`IllegalMoveError` if they do not fit it (a Levy algorithm on a tower whose
    post colours refuse it), :class:`TooLargeError` if there are too many.

    >>> puzzle, moves = resolve(Puzzle(2), "100")
    >>> puzzle.colors, [str(m) for m in moves]
    ('RBB', ['1SI', '2SD', '1IS', '1SD'])
    """
    chosen = algorithms.get(algorithm)
    if not chosen.plays(puzzle) and puzzle == Puzzle(puzzle.n):
        puzzle = chosen.puzzle(puzzle.n)
    total = chosen.count(puzzle, source)
    if total > MAX_MOVES:
        raise TooLargeError(f"the {algorithm} solution has {total:,} moves; movies are made up to {MAX_MOVES:,} moves")
    moves = list(chosen.moves(puzzle, source))
    puzzle.play(moves, source)
    return puzzle, moves


def default_tween(moves: int) -> int:
    """In-between frames per move: smooth for short solutions, none for long ones.

    >>> default_tween(7), default_tween(100), default_tween(1000)
    (9, 3, 0)
    """
    return 9 if moves <= 64 else 3 if moves <= 256 else 0


def _width(disk: int, n: int) -> float:
    return 0.3 if n == 1 else 0.3 + 0.62 * (disk - 1) / (n - 1)


def _rest(state: State) -> dict[int, Pose]:
    n = state.n
    poses = {}
    for post, stack in enumerate(state.stacks()):
        for level, disk in enumerate(stack):
            up = state.up(disk)
            poses[disk] = Pose(disk, float(post), float(level), _width(disk, n), up, None if up is None else flip(up))
    return poses


def frames(puzzle: Puzzle, moves: Iterable[Move], state: State | None = None, tween: int = 9) -> Iterator[Shot]:
    """The frames of the movie: the start at rest, then for every move ``tween`` in-between frames (lift, carry with
    the flip, drop) and the new position at rest (``tween`` from 0 to :data:`~hanoikit.limits.MAX_FRAMES`). Moves are
    checked as they are played.
    """
    return _frames(puzzle, moves, puzzle.check(puzzle.start if state is None else state), _tween(tween))


def _tween(tween: object) -> int:
    found = as_count(tween, "the number of in-between frames", 0)
    ensure_at_most(found, MAX_FRAMES, "in-between frames")
    return found


def _frames(puzzle: Puzzle, moves: Iterable[Move], state: State, tween: int) -> Iterator[Shot]:
    lift = state.n + 1.6
    yield Shot(tuple(sorted(_rest(state).values())), state, 0, None)
    for done, move in enumerate(moves, 1):
        after = puzzle.apply(state, move)
        rest = _rest(state)
        start, end = rest[move.disk], _rest(after)[move.disk]
        others = [pose for disk, pose in rest.items() if disk != move.disk]
        up, down = (start.y, lift), (lift, end.y)
        rise = drop = tween // 4 if tween >= 3 else 0
        carry = tween - rise - drop
        path: list[Pose] = []
        for i in range(rise):
            t = (i + 1) / (rise + 1)
            path.append(start._replace(y=up[0] + (up[1] - up[0]) * _ease(t)))
        for i in range(carry):
            t = (i + 1) / (carry + 1)
            x = start.x + (end.x - start.x) * _ease(t)
            if start.top is None:
                path.append(start._replace(x=x, y=lift))
            else:
                face = start if t < 0.5 else end
                thickness = max(abs(math.cos(math.pi * t)), 0.08)
                path.append(start._replace(x=x, y=lift + (1 - thickness) / 2, top=face.top, bottom=face.bottom,
                                           thickness=thickness))
        for i in range(drop):
            t = (i + 1) / (drop + 1)
            path.append(end._replace(x=end.x, y=down[0] + (down[1] - down[0]) * _ease(t)))
        for pose in path:
            yield Shot(tuple(sorted([*others, pose])), state, done - 1, move, moving=True)
        state = after
        yield Shot(tuple(sorted(_rest(state).values())), state, done, move)


def _ease(t: float) -> float:
    return 0.5 - 0.5 * math.cos(math.pi * t)


def _parse_size(size: str | tuple[int, int]) -> tuple[int, int]:
    if isinstance(size, tuple):
        return size
    try:
        width, height = (int(part) for part in size.lower().split("x"))
    except ValueError:
        raise MovieError(f"cannot read size {size!r}: write width x height in pixels, e.g. 480x320") from None
    if not (64 <= width <= 4000 and 64 <= height <= 4000):
        raise MovieError(f"size {size!r} is out of range: width and height from 64 to 4000 pixels")
    return width, height


def _check_format(fmt: str) -> None:
    if fmt == "gif":
        return
    if fmt == "mp4":
        require("matplotlib", "plot")
        from matplotlib import animation

        if shutil.which("ffmpeg") is None or not animation.writers.is_available("ffmpeg"):
            raise MovieError("MP4 needs ffmpeg, which is not installed on this machine; write a .gif instead")
        return
    raise MovieError(f"cannot write a movie to a .{fmt} file: use .gif (or .mp4 where ffmpeg is installed)")


def check_output(target: str | os.PathLike[str], size: str | tuple[int, int] = "480x320") -> tuple[int, int]:
    """Check that a movie can be written to ``target`` at ``size`` on this machine; returns the size in pixels.

    >>> check_output("hanoi.gif", "320x200")
    (320, 200)
    >>> check_output("hanoi.avi")
    Traceback (most recent call last):
    hanoikit.draw.animate.MovieError: cannot write a movie to a .avi file: use .gif (or .mp4 where ffmpeg is installed)
    """
    _check_format(extension(target))
    return _parse_size(size)


class Written(NamedTuple):
    """What :func:`animate` wrote: the frames in the file, how long an ordinary frame and a held one (the first and
    the last, so that a looping movie reads) show, in milliseconds, and the movie's length in seconds."""

    frames: int
    frame_ms: int
    hold_ms: int
    seconds: float


def frame_count(moves: int, tween: int) -> int:
    """The number of frames of a movie of ``moves`` moves with ``tween`` in-between frames each (see :func:`frames`).

    >>> frame_count(7, 9)
    71
    """
    return 1 + moves * (tween + 1)


def animate(
    puzzle: Puzzle,
    moves: Sequence[Move],
    target: str | os.PathLike[str],
    state: State | None = None,
    fps: float = 12,
    size: str | tuple[int, int] = "480x320",
    tween: int | None = None,
    pause: float = 1.0,
    progress: Callable[[int, int], None] | None = None,
) -> Written:
    """Write the movie of ``moves`` played from ``state`` (default: the start) to ``target`` (.gif or .mp4).

    ``tween`` in-between frames per move (default :func:`default_tween`); the first and last positions are held
    ``pause`` seconds (0 to 60; ``fps`` above 0 up to 1000, else :class:`MovieError`); ``progress(done, total)`` is
    called after every frame. Frames are drawn one at a time and streamed to the file, so memory does not grow with
    their number; at most :data:`~hanoikit.limits.MAX_FRAMES` (else :class:`TooLargeError` before any work). A GIF
    counts time in hundredths of a second: each frame shows ``1/fps`` seconds rounded to them; an MP4 holds a
    position by repeating its frame. The file is written atomically.
    """
    width, height = check_output(target, size)
    if not 0 < fps <= 1000 or not 0 <= pause <= 60:  # false for nan too
        raise MovieError(f"fps {fps!r} or pause {pause!r} is out of range: fps above 0 up to 1000, pause 0 to 60 s")
    fmt = extension(target)
    moves = list(moves)
    if len(moves) > MAX_MOVES:
        raise TooLargeError(f"{len(moves):,} moves; movies are made up to {MAX_MOVES:,} moves")
    tween = default_tween(len(moves)) if tween is None else _tween(tween)
    shots = frame_count(len(moves), tween)
    if shots > MAX_FRAMES:
        raise TooLargeError(
            f"{len(moves):,} moves with {tween} in-between frames each make {shots:,} frames; movies are made up to "
            f"{MAX_FRAMES:,} frames: choose fewer in-between frames"
        )
    if fmt == "gif":  # one frame held long
        frame_ms = max(2, round(100 / fps)) * 10
        hold_ms = max(frame_ms, round(pause * 100) * 10)
        count, repeats = shots, 1
        seconds = (hold_ms + (shots > 1) * hold_ms + max(shots - 2, 0) * frame_ms) / 1000
    else:  # an MP4 repeats a held frame
        frame_ms = round(1000 / fps)
        repeats = max(1, round(pause * fps))
        count = shots + (repeats - 1) * (1 + (shots > 1))
        hold_ms, seconds = repeats * frame_ms, count / fps

    def write(temporary: str) -> None:
        movie = _Movie(puzzle, puzzle.start if state is None else state, width, height, len(moves))
        try:
            shown = frames(puzzle, moves, state, tween)
            if fmt == "gif":
                _write_gif(temporary, map(movie.render, shown), shots, frame_ms, hold_ms, progress)
            else:
                _write_mp4(temporary, movie, shown, shots, fps, repeats, progress)
        finally:
            movie.close()

    write_atomically(target, write)
    return Written(count, frame_ms, hold_ms, seconds)


def _write_gif(
    path: str,
    images: Iterator[Any],
    count: int,
    frame_ms: int,
    hold_ms: int,
    progress: Callable[[int, int], None] | None,
) -> None:
    """Write the frames to a looping GIF one at a time, each with its own palette."""
    from PIL import GifImagePlugin

    with open(path, "wb") as out:
        for index, image in enumerate(images):
            frame = image.quantize(256)
            if index == 0:
                header, _ = GifImagePlugin.getheader(frame, info={"loop": 0, "duration": hold_ms})
                out.write(b"".join(header))
            duration = hold_ms if index in (0, count - 1) else frame_ms
            for chunk in GifImagePlugin.getdata(frame, duration=duration, include_color_table=True):
                out.write(chunk)
            if progress is not None:
                progress(index, count)
        out.write(b";")


def _write_mp4(
    path: str,
    movie: _Movie,
    shots: Iterator[Shot],
    count: int,
    fps: float,
    repeats: int,
    progress: Callable[[int, int], None] | None,
) -> None:
    """Pipe the frames to ffmpeg one at a time; the first and last are repeated to hold them."""
    from matplotlib import animation

    # matplotlib's stubs ask for an int fps, but the writer hands str(fps) to ffmpeg's -r, which takes any rate
    writer = animation.FFMpegWriter(fps=fps, codec="h264", extra_args=["-pix_fmt", "yuv420p"])  # type: ignore[arg-type]
    with writer.saving(movie.figure, path, dpi=100):
        for index, shot in enumerate(shots):
            movie.draw(shot)
            for _ in range(repeats if index in (0, count - 1) else 1):
                writer.grab_frame()
            if progress is not None:
                progress(index, count)


class _Movie:
    """A matplotlib figure with one pair of face patches per disk, moved frame by frame."""

    def __init__(self, puzzle: Puzzle, state: State, width: int, height: int, total: int) -> None:
        require("matplotlib", "plot")
        import matplotlib

        matplotlib.use("Agg", force=False)
        plt = require("matplotlib.pyplot", "plot")
        from matplotlib.patches import FancyBboxPatch, Rectangle

        from .palette import BASE, FACE, INK, NEUTRAL_POST, disk_color

        self.n, self.total, self.face, self.posts = state.n, total, FACE, puzzle.posts
        self.figure = plt.figure(figsize=(width / 100, height / 100), dpi=100, facecolor="#fbf7f0")
        ax = self.figure.add_axes((0.02, 0.02, 0.96, 0.86))
        last = puzzle.posts - 1
        ax.set_xlim(-0.55, last + 0.55)
        ax.set_ylim(-0.9, self.n + 2.8)
        ax.axis("off")
        ax.add_patch(Rectangle((-0.52, -0.45), last + 1.04, 0.45, color=BASE))
        for post, own in enumerate(puzzle.colors):
            color = NEUTRAL_POST if own == "N" else FACE[own]
            ax.add_patch(Rectangle((post - 0.02, 0), 0.04, self.n + 0.9, color=color, zorder=1))
            ax.text(post, -0.72, puzzle.post_names[post], ha="center", va="center", fontsize=9, color=INK)
        self.halves: dict[int, tuple[Rectangle, Rectangle, FancyBboxPatch]] = {}
        for disk in range(1, self.n + 1):
            classic = disk_color(disk, self.n)
            upper = Rectangle((0, 0), 0, 0, color=classic, zorder=2, linewidth=0)
            lower = Rectangle((0, 0), 0, 0, color=classic, zorder=2, linewidth=0)
            outline = FancyBboxPatch((0, 0), 0, 0, boxstyle="round,pad=0,rounding_size=0.03", fill=False,
                                     edgecolor=INK, linewidth=0.6, zorder=3)
            for patch in (upper, lower, outline):
                ax.add_patch(patch)
            self.halves[disk] = (upper, lower, outline)
        self.figure.text(0.03, 0.95, f"{self.n}-disk {puzzle.name} tower", fontsize=9, color=INK, va="center")
        self.counter = self.figure.text(0.97, 0.95, "", fontsize=9, color=INK, va="center", ha="right")

    def render(self, shot: Shot) -> Image.Image:
        """The frame of ``shot`` as an RGB Pillow image (a copy: the next frame is drawn on the same canvas)."""
        from PIL import Image

        self.draw(shot)
        canvas = self.figure.canvas
        canvas.draw()
        pixels = canvas.buffer_rgba()  # the Agg canvas: matplotlib.use("Agg") in __init__
        return Image.frombuffer("RGBA", canvas.get_width_height(), pixels).convert("RGB")

    def close(self) -> None:
        plt = require("matplotlib.pyplot", "plot")

        plt.close(self.figure)

    def draw(self, shot: Shot) -> list[Patch]:
        gap = 0.06
        for pose in shot.poses:
            upper, lower, outline = self.halves[pose.disk]
            height = (1 - gap) * pose.thickness
            x, y = pose.x - pose.width / 2, pose.y + gap / 2 + (1 - gap - height) / 2
            if pose.top is None:
                upper.set_bounds(x, y, pose.width, height)
                lower.set_bounds(x, y, 0, 0)
            else:
                lower.set_bounds(x, y, pose.width, height / 2)
                upper.set_bounds(x, y + height / 2, pose.width, height / 2)
                upper.set_color(self.face[pose.top])
                assert pose.bottom is not None  # a magnetic disk shows both faces
                lower.set_color(self.face[pose.bottom])
            outline.set_bounds(x, y, pose.width, height)
        number = shot.done + shot.moving
        move = shot.move.notation(self.posts) if shot.move else ""
        self.counter.set_text(f"move {number:,}/{self.total:,}: {move}" if shot.move else f"{self.total:,} moves")
        return [patch for trio in self.halves.values() for patch in trio]
