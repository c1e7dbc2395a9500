"""Pictures are written whole or not at all, with the permissions any other new file gets."""

from __future__ import annotations

import contextlib
import os
import stat

import pytest

from hanoikit import MagneticPuzzle, Puzzle
from hanoikit.draw.files import save_figure, write_atomically


def test_written_files_get_the_usual_permissions(tmp_path):
    mask = os.umask(0o022)
    try:
        target = tmp_path / "out.txt"
        write_atomically(target, lambda temporary: open(temporary, "w").write("ok"))
        assert target.read_text() == "ok"
        assert stat.S_IMODE(target.stat().st_mode) == 0o644
    finally:
        os.umask(mask)


def test_a_failed_write_leaves_nothing_behind(tmp_path):
    def broken(temporary: str) -> None:
        open(temporary, "w").write("half")
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        write_atomically(tmp_path / "out.txt", broken)
    assert list(tmp_path.iterdir()) == []


def test_one_figure_saved_in_two_formats_with_reproducible_svg(tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    def picture() -> object:
        figure, axes = plt.subplots()
        axes.plot([0, 1], [1, 0])
        return figure

    save_figure(picture(), tmp_path / "a.png", tmp_path / "a.svg")
    save_figure(picture(), tmp_path / "b.svg")
    assert (tmp_path / "a.png").read_bytes().startswith(b"\x89PNG")
    assert (tmp_path / "a.svg").read_text() == (tmp_path / "b.svg").read_text()


K_POSTS = [Puzzle(3, posts=4), MagneticPuzzle(2, "NRBN"), Puzzle(2, posts=5, moves="star")]


@pytest.mark.parametrize("puzzle", K_POSTS, ids=repr)
def test_movies_and_transcripts_on_k_posts(tmp_path, puzzle: Puzzle) -> None:
    """The GIF and the terminal view draw every post, and name moves and positions with the puzzle's post letters."""
    from PIL import Image
    from rich.console import Console

    from hanoikit.draw.animate import animate
    from hanoikit.draw.terminal import show

    moves = list(puzzle.solve())
    target = tmp_path / "k.gif"
    movie = animate(puzzle, moves, target, tween=0, size="320x200")
    with Image.open(target) as image:
        assert image.n_frames == movie.frames and image.size == (320, 200)
    console = Console(width=120, record=True, color_system=None, force_terminal=False)
    show(puzzle, moves, console=console, delay=0)
    lines = console.export_text().splitlines()
    assert [word[0] for word in lines[-2].split()] == list(puzzle.post_names)  # coloured posts: I(R)
    names = [line.split(": ")[1].split()[0] for line in lines if line.startswith("move ")]
    assert names == [move.notation(puzzle.posts) for move in moves] and "<" not in "".join(names)


class _Signal(BaseException):
    """Stands for the exception a signal handler raises (KeyboardInterrupt, the CLI's Terminated)."""


_CALLS = ["open", "close", "replace", "unlink", "mkdir", "rmdir"]


@pytest.mark.parametrize("folder", [False, True], ids=["file", "directory"])
@pytest.mark.parametrize("call, after", [(name, after) for name in _CALLS for after in (False, True)])
def test_a_signal_at_any_moment_leaves_no_temporary_after_the_sweep(
    tmp_path, monkeypatch: pytest.MonkeyPatch, folder: bool, call: str, after: bool
) -> None:
    """A signal may land just before or just after any system call of a temporary's life (its making, its move
    into place, its removal, the removal of a half-removed directory): whatever it cuts short,
    :func:`remove_temporaries` leaves only a whole target or nothing."""
    from hanoikit.draw import files

    real = getattr(os, call)
    fired = []

    def interrupted(*args, **kwargs):  # type: ignore[no-untyped-def]
        if fired:
            return real(*args, **kwargs)
        fired.append(call)
        if after:
            real(*args, **kwargs)
        raise _Signal

    monkeypatch.setattr(os, call, interrupted)
    target = tmp_path / ("out" if folder else "out.txt")

    def work() -> None:
        if folder:
            with files.temporary(tmp_path, prefix=".out.", folder=True) as name:
                (tmp_path / name / "inner").mkdir()
                (tmp_path / name / "inner" / "a.txt").write_text("ok")
                os.replace(name, target)
        else:
            write_atomically(target, lambda temporary: open(temporary, "w").write("ok"))

    with contextlib.suppress(_Signal):
        work()
    monkeypatch.setattr(os, call, real)
    files.remove_temporaries()
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left in ([], [target.name]), (fired, left)
