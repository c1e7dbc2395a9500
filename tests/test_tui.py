"""``hanoi play --terminal``: the game by keys (checked against the model's rules and a breadth-first oracle), its
drawing fitted to the terminal, and a whole game played through a pseudo-terminal."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import shutil
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from clirun import run
from hanoikit import MagneticPuzzle, Move, Puzzle
from hanoikit.tui import CHOOSER_KEYS, KEYS, SHORT_CHOOSER_KEYS, SHORT_KEYS, TerminalGame, stars
from oracle import plain_distances

SRC = Path(__file__).resolve().parents[1] / "src"


def keys_for(move: Move) -> str:
    return f"{move.src + 1}{move.dst + 1}"


def press(game: TerminalGame, keys: str) -> None:
    for key in keys:
        assert game.press(key)


PUZZLES = [Puzzle(3), MagneticPuzzle(3), MagneticPuzzle(2, "RBN"), Puzzle(2, posts=4, moves="cyclic"),
           MagneticPuzzle(2, "NNNN")]


@pytest.mark.parametrize("puzzle", PUZZLES, ids=repr)
def test_the_optimal_solution_by_keys_wins_with_three_stars(puzzle: Puzzle) -> None:
    game = TerminalGame(puzzle)
    optimal = plain_distances(puzzle, puzzle.start)[puzzle.goal]
    for move in puzzle.solve():
        press(game, keys_for(move))
    assert game.solved and game.moves == optimal == game.optimal
    assert game.message.startswith(f"Solved in {optimal:,} moves, the optimum") and "★★★" in game.message
    assert game.counters() == f"Moves {optimal:,} · Par {optimal:,} · To go 0"


@given(st.sampled_from(PUZZLES[:3]), st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2)), max_size=12))
def test_every_move_is_played_or_refused_as_the_model_says(puzzle: Puzzle, picks: list[tuple[int, int]]) -> None:
    game = TerminalGame(puzzle)
    for src, dst in picks:
        before = game.state
        disk = before.tops()[src]
        press(game, f"{src + 1}")
        if disk is None:
            assert game.message == f"Post {'SID'[src]} is empty: pick a post with a disk on it."
            assert game.selected is None
            continue
        press(game, f"{dst + 1}")
        if src == dst:
            assert game.state == before and game.message == "Cancelled."
            continue
        reason = puzzle.move_error(before, Move(disk, src, dst))
        if before == puzzle.goal:  # a won game takes no more moves
            assert game.state == before and game.message.startswith("Solved already")
        elif reason is None:
            assert game.state == puzzle.apply(before, Move(disk, src, dst))
        else:
            assert game.state == before and game.message == f"Not allowed: {reason}"


def test_hints_are_optimal_and_undo_redo_walk_the_history() -> None:
    puzzle = MagneticPuzzle(3, "NRB")
    game = TerminalGame(puzzle)
    for _ in range(5):
        press(game, "h")
        move = game.hint
        after = puzzle.apply(game.state, move)
        left = plain_distances(puzzle, game.state)[puzzle.goal]  # the oracle: a hint shortens the way by one
        assert plain_distances(puzzle, after)[puzzle.goal] == left - 1
        press(game, keys_for(move))
    played = game.state
    press(game, "uu")
    assert game.moves == 3 and game.message.startswith("Took back")
    press(game, "yy")
    assert game.state == played and game.moves == 5
    press(game, "u1")
    press(game, "y")  # a new pick does not clear what can be redone; a new move does
    assert game.state == played
    press(game, "nn")  # n offers the next game, n again: the same one
    assert game.moves == 0 and game.state == puzzle.start
    assert not game.press("q")


def test_arrows_and_enter_pick_posts_too() -> None:
    game = TerminalGame(Puzzle(1))
    press(game, "\r")  # the cursor starts on S
    game.press("\x1b[C")
    game.press("\x1b[C")
    press(game, " ")
    assert game.solved and stars(1, 1) == 3


@pytest.mark.parametrize(
    ("n", "width", "height", "drawn"),
    [(8, 40, 24, True), (12, 80, 24, True), (3, 40, 14, True), (3, 40, 10, False), (20, 80, 24, False),
     (5, 30, 12, False)],
)
def test_the_screen_fits_the_terminal(n: int, width: int, height: int, drawn: bool) -> None:
    game = TerminalGame(MagneticPuzzle(n, "RBN"))
    press(game, "1")
    console = Console(width=width, height=height, color_system=None)
    with console.capture() as captured:
        console.print(game.render(width, height))
    lines = captured.get().rstrip("\n").split("\n")
    assert max(len(line) for line in lines) <= width
    assert len(lines) <= height
    assert "Moves 0 · Par" in captured.get()
    # the board when it fits, else the stacks in words
    assert ("┃" in captured.get()) == drawn
    if not drawn:
        assert f"S: {' '.join(f'{d}R' for d in range(n, 0, -1))}" in captured.get()


def run_in_pty(args: list[str], keys: list[str], columns: int = 80, rows: int = 24,
               extra: dict[str, str] | None = None) -> tuple[int, str]:
    """Run ``hanoi`` on a pseudo-terminal of ``columns`` × ``rows``, type ``keys`` one by one (each once the screen
    has settled), and answer its exit status and everything it drew."""
    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    env = dict(os.environ, PYTHONPATH=str(SRC), TERM="xterm-256color", COLUMNS=str(columns), LINES=str(rows))
    env.pop("NO_COLOR", None)
    env.update(extra or {})
    process = subprocess.Popen([sys.executable, "-m", "hanoikit", *args], stdin=terminal, stdout=terminal,
                               stderr=terminal, env=env, start_new_session=True)
    os.close(terminal)
    output = b""

    def read(until: float) -> None:
        nonlocal output
        while time.monotonic() < until:
            ready, _, _ = select.select([controller], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(controller, 65536)
                except OSError:
                    return
                if not chunk:
                    return
                output += chunk

    try:
        deadline = time.monotonic() + 20
        while b"Move the tower" not in output and time.monotonic() < deadline:
            read(time.monotonic() + 0.1)
        for key in keys:
            os.write(controller, key.encode())
            read(time.monotonic() + 0.15)
        status = process.wait(timeout=20)
        read(time.monotonic() + 0.2)
    finally:
        if process.poll() is None:
            process.kill()
        os.close(controller)
    return status, re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", output.decode("utf-8", "replace")).replace("\r\n", "\n")


@pytest.mark.parametrize(
    ("args", "puzzle"),
    [(["-n", "2", "--magnetic", "NNN"], MagneticPuzzle(2)), (["-n", "1", "--posts", "4", "--moves", "cyclic"],
                                                             Puzzle(1, posts=4, moves="cyclic"))],
)
def test_a_whole_game_in_a_pseudo_terminal(args: list[str], puzzle: Puzzle) -> None:
    keys = [key for move in puzzle.solve() for key in keys_for(move)] + ["q"]
    status, output = run_in_pty(["play", "--terminal", *args], keys)
    assert status == 0, output
    optimal = puzzle.distance()
    assert f"Solved in {optimal} moves, the optimum" in output
    closing = " ".join(" ".join(output.rstrip().split("\n")[-2:]).split())  # the line left once the screen closes
    assert closing.endswith(f"Moves {optimal} · Par {optimal} · To go 0. Solved!"), closing


def test_without_colour_the_faces_are_letters_and_the_board_fills_the_terminal() -> None:
    status, output = run_in_pty(["play", "--terminal", "-n", "3", "--magnetic", "NNN"], ["1", "3", "q"],
                                extra={"NO_COLOR": "1"})
    assert status == 0, output
    assert "\x1b[3" not in output  # no colour at all
    rows = [line for line in output.split("\n") if re.search(r"[RB]+\d[RB]+", line)]
    # the start tower shows red on top (RRR2RRR); the disk moved to D was flipped and shows blue (BBB1BBB)
    assert any(re.search(r"R+2R+", row) for row in rows) and any(re.search(r"B+1B+", row) for row in rows), output
    widest = max(len(match) for row in rows for match in re.findall(r"[RB]+\d[RB]+", row))
    assert widest > 2 * 3 + 1  # wider than the natural drawing: the posts share the 80 columns


def test_n_offers_the_next_game_to_choose() -> None:
    game = TerminalGame(MagneticPuzzle(3))
    press(game, "13")
    press(game, "n")
    assert game.choosing == game.puzzle and game.message.startswith("New game: magnetic, posts NNN, 3 disks.")
    press(game, "+c")  # one disk more, the next colouring
    assert game.message.startswith("New game: magnetic, posts RBN, 4 disks.")
    press(game, "\r")
    assert game.puzzle == MagneticPuzzle(4, "RBN") and game.moves == 0 and game.optimal == game.puzzle.distance()
    press(game, "nm\r")  # the classic tower of the same size
    assert game.puzzle == Puzzle(4) and game.optimal == 15
    press(game, "n-\x1b")  # Esc keeps the game in play
    assert game.puzzle == Puzzle(4) and game.choosing is None


def test_play_terminal_refuses_without_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    """In process (standard input and output are the test's captures, not terminals): the refusal is the command's
    own check, not the process's."""
    status, _, err = run(["play", "--terminal"], capsys)
    assert status == 2
    assert err.strip() == "hanoi: play --terminal needs a terminal to read keys from and draw on"
    status, _, err = run(["play", "-n", "3", "--magnetic", "RBX"], capsys)
    assert status == 2 and err.startswith("hanoi: unknown colouring 'RBX'")


def test_play_opens_the_page_on_the_puzzle_its_options_name() -> None:
    """``hanoi play -n 5 --magnetic RBN`` prints the page's address at once, with the puzzle in its query."""
    process = subprocess.Popen([sys.executable, "-m", "hanoikit", "play", "-n", "5", "--magnetic", "RBN", "--posts",
                                "3", "--goal-up", "B", "--no-browser"], stdout=subprocess.PIPE, text=True,
                               env=dict(os.environ, PYTHONPATH=str(SRC)), stdin=subprocess.DEVNULL)
    try:
        line = process.stdout.readline() if process.stdout else ""
    finally:
        process.terminate()
        process.wait(timeout=20)
    assert re.search(r"http://127\.0\.0\.1:\d+/\?n=5&colors=RBN&goal=B ", line), line


def test_the_demo_ends_with_the_commands_to_play_next() -> None:
    done = subprocess.run([sys.executable, "-m", "hanoikit", "demo", "1"], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=str(SRC), COLUMNS="80"), check=False)
    assert done.returncode == 0, done.stderr
    shown = done.stdout.split("Next:")[1]
    for words in ("play", "play --terminal", "--help", "reproduce --out report"):
        assert f" hanoi {words} " in " ".join(shown.split()) + " "
    if not shutil.which("hanoi"):  # what this shell can run instead
        assert shown.rstrip().endswith(f"(hanoi is not on PATH here: run {sys.executable} -m hanoikit)")


@pytest.mark.parametrize(("width", "height"), [(20, 10), (24, 9), (30, 12), (20, 24)])
@pytest.mark.parametrize("puzzle", [Puzzle(3), MagneticPuzzle(4, "RBN"), Puzzle(3, posts=5)], ids=repr)
@pytest.mark.parametrize("keys", ["", "1", "h", "n"])
def test_a_small_terminal_keeps_the_keys_on_screen(puzzle: Puzzle, width: int, height: int, keys: str) -> None:
    """The key hint (or its short form) stays whole on the last line; the title, counters and message give way."""
    game = TerminalGame(puzzle)
    press(game, keys)
    console = Console(width=width, height=height, color_system=None)
    with console.capture() as captured:
        console.print(game.render(width, height))
    lines = captured.get().rstrip("\n").split("\n")
    assert len(lines) <= height and max(len(line) for line in lines) <= width
    last = lines[-1].rstrip()
    short = SHORT_CHOOSER_KEYS if keys == "n" else SHORT_KEYS
    full = CHOOSER_KEYS if keys == "n" else KEYS.format(k=puzzle.posts, names=" ".join(puzzle.post_names))
    assert last in [hint.format(k=puzzle.posts) for hint in short] or " ".join(lines).endswith(full.split()[-1])
    assert "…" not in last
