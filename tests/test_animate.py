"""Movies and the terminal show: the frames' geometry, the algorithms by name, the GIF written, the CLI."""

from __future__ import annotations

import itertools
import shutil

import pytest
from PIL import Image
from rich.console import Console

import hanoikit as hk
from hanoikit.cli import main
from hanoikit.draw.animate import MAX_MOVES, MovieError, animate, check_output, frame_count, frames, resolve
from hanoikit.draw.terminal import show
from hanoikit.limits import MAX_FRAMES


def _solution(puzzle: hk.Puzzle) -> list[hk.Move]:
    return list(puzzle.solve())


@pytest.mark.parametrize("puzzle", [hk.Puzzle(3), hk.MagneticPuzzle(3), hk.MagneticPuzzle(2, "NRB")], ids=repr)
@pytest.mark.parametrize("tween", [0, 2, 5, 9])
def test_frames_follow_the_moves(puzzle: hk.Puzzle, tween: int) -> None:
    moves = _solution(puzzle)
    shots = list(frames(puzzle, moves, tween=tween))
    assert len(shots) == 1 + len(moves) * (tween + 1)
    rests = [shot for shot in shots if not shot.moving]
    assert len(rests) == len(moves) + 1
    state = puzzle.start
    for index, shot in enumerate(rests):
        if index:
            state = puzzle.apply(state, moves[index - 1])
        assert shot.state == state and shot.done == index
        for pose in shot.poses:
            assert pose.x == state.posts[pose.disk - 1] and pose.thickness == 1
            assert pose.top == state.up(pose.disk)
        levels = {(pose.x, pose.y) for pose in shot.poses}
        assert len(levels) == puzzle.n  # no two disks in one place
    for move_index, move in enumerate(moves):
        block = shots[move_index * (tween + 1) : (move_index + 1) * (tween + 1) + 1]  # rest, in-betweens, rest
        travelling = [next(p for p in shot.poses if p.disk == move.disk) for shot in block]
        xs = [p.x for p in travelling]
        assert xs == sorted(xs) or xs == sorted(xs, reverse=True)
        assert (xs[0], xs[-1]) == (move.src, move.dst)
        faces = [p.top for p in travelling]
        changes = sum(a != b for a, b in itertools.pairwise(faces))
        if puzzle.faces:
            assert changes == 1 and faces[-1] == hk.flip(faces[0])
            assert tween < 2 or min(p.thickness for p in travelling) < 1
        else:
            assert changes == 0 and all(p.thickness == 1 for p in travelling)


def test_resolve_by_name() -> None:
    puzzle, moves = resolve(hk.Puzzle(4), "optimal")
    assert moves == _solution(hk.Puzzle(4))
    assert resolve(hk.Puzzle(4), "Four-Step")[1] == moves
    levy, moves62 = resolve(hk.Puzzle(3), "62")
    assert levy == hk.MagneticPuzzle(3) and levy.play(moves62) == levy.goal
    source = hk.State.parse("ISS:BRR")
    puzzle, moves = resolve(hk.MagneticPuzzle(3), "optimal", source)
    assert puzzle.play(moves, source) == puzzle.goal and len(moves) == puzzle.distance(source)
    with pytest.raises(hk.UnknownMethodError, match="choose one of optimal"):
        resolve(hk.Puzzle(3), "quick")
    with pytest.raises(hk.UnknownMethodError):
        resolve(hk.MagneticPuzzle(3), "recursive")
    with pytest.raises(hk.TooLargeError, match=f"{MAX_MOVES:,}"):
        resolve(hk.Puzzle(13), "optimal")
    with pytest.raises(hk.TooLargeError):
        resolve(hk.Puzzle(13), "iterative")


def test_gif_frames_size_and_colours(tmp_path) -> None:
    puzzle = hk.MagneticPuzzle(2)
    moves = _solution(puzzle)
    target = tmp_path / "m.gif"
    written = animate(puzzle, moves, target, fps=5, size="120x80", tween=2, pause=0)
    assert written.frames == 1 + len(moves) * 3 == len(list(frames(puzzle, moves, tween=2)))
    with Image.open(target) as movie:
        assert movie.size == (120, 80)
        assert movie.n_frames == written.frames
        movie.seek(0)
        colours = {rgb for _, rgb in movie.convert("RGB").getcolors(120 * 80)}
    assert any(r > 180 and g < 110 and b < 110 for r, g, b in colours)  # red faces
    assert any(b > 170 and r < 90 for r, g, b in colours)  # blue faces
    assert list(tmp_path.iterdir()) == [target]


def test_movie_outputs_are_checked_first(tmp_path) -> None:
    with pytest.raises(MovieError, match=r"\.avi"):
        check_output(tmp_path / "x.avi")
    with pytest.raises(MovieError, match="width x height"):
        check_output(tmp_path / "x.gif", "big")
    if shutil.which("ffmpeg") is None:
        with pytest.raises(MovieError, match="ffmpeg"):
            check_output(tmp_path / "x.mp4")
    assert not list(tmp_path.iterdir())


def _durations(path) -> list[int]:
    with Image.open(path) as movie:
        durations = []
        for index in range(movie.n_frames):
            movie.seek(index)
            durations.append(movie.info["duration"])
        assert movie.info.get("loop") == 0
    return durations


@pytest.mark.parametrize("fps, tween", [(4, 1), (12, 0), (25, 3)])
def test_cli_animate_reports_what_the_file_holds(tmp_path, capsys, fps: int, tween: int) -> None:
    target = tmp_path / "c.gif"
    args = ["animate", "2", "--out", str(target), "--fps", str(fps), "--size", "96x64", "--tween", str(tween)]
    assert main(args) == 0
    report = capsys.readouterr().out
    durations = _durations(target)
    frame_ms = durations[1]
    assert len(durations) == len(list(frames(hk.Puzzle(2), _solution(hk.Puzzle(2)), tween=tween)))
    assert durations[0] == durations[-1] == 1000 and set(durations[1:-1]) == {frame_ms}  # held first and last
    assert abs(frame_ms - 1000 / fps) <= 5  # GIFs count hundredths of a second
    assert f"3 moves, {len(durations)} frames of {frame_ms} ms, the first and last held 1000 ms" in report
    assert f"({sum(durations) / 1000:.2f} s)" in report


def test_movies_have_a_frame_cap(tmp_path, capsys) -> None:
    moves = MAX_MOVES
    tween = MAX_FRAMES // moves
    assert frame_count(moves, tween) > MAX_FRAMES
    puzzle = hk.Puzzle(13)
    with pytest.raises(hk.TooLargeError, match=f"{MAX_FRAMES:,} frames"):
        animate(puzzle, list(itertools.islice(puzzle.solve(), moves)), tmp_path / "x.gif", tween=tween)
    assert main(["animate", "12", "--tween", "30", "--out", str(tmp_path / "y.gif")]) == 2
    assert f"{MAX_FRAMES:,} frames" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_cli_animate(tmp_path, capsys) -> None:
    target = tmp_path / "c.gif"
    assert main(["animate", "2", "--out", str(target), "--fps", "4", "--size", "96x64", "--tween", "1"]) == 0
    assert "3 moves" in capsys.readouterr().out
    with Image.open(target) as movie:
        assert movie.size == (96, 64) and movie.n_frames >= 7
    assert main(["animate", "2", "--out", str(tmp_path / "c.avi")]) == 2
    assert main(["animate", "2", "--algorithm", "nope", "--out", str(tmp_path / "d.gif")]) == 2
    assert main(["animate", "12", "--algorithm", "62", "--out", str(tmp_path / "e.gif")]) == 2
    if shutil.which("ffmpeg") is None:
        assert main(["animate", "2", "--out", str(tmp_path / "c.mp4")]) == 2
        assert "ffmpeg" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.gif"]


def test_show_prints_a_transcript_when_not_a_terminal() -> None:
    puzzle = hk.MagneticPuzzle(2)
    console = Console(width=60, color_system=None, force_terminal=False)
    with console.capture() as captured:
        last = show(puzzle, _solution(puzzle), delay=0, console=console)
    text = captured.get()
    assert last == puzzle.goal
    assert text.count("┃") >= 3 and text.count("move ") == 4 and "move 4/4" in text and str(puzzle.goal) in text


def test_show_steps_by_key_and_stops_on_q() -> None:
    puzzle = hk.Puzzle(2)
    keys = iter(["x", "q"])
    console = Console(width=60, force_terminal=True)
    with console.capture():
        last = show(puzzle, _solution(puzzle), step=True, console=console, read_key=lambda: next(keys))
    assert last == puzzle.apply(puzzle.start, next(iter(puzzle.solve())))


def test_cli_show(capsys) -> None:
    assert main(["show", "2", "--magnetic", "NNN", "--delay", "0"]) == 0
    assert "move 4/4: 1ID   DD:BB" in capsys.readouterr().out
    assert main(["show", "2", "--step"]) == 0
    assert main(["show", "3", "--from", "SSX"]) == 2
