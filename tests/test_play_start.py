"""``hanoi play`` answers at once: the page, ``/api/config`` and the requests for a worker are answered while the
workers still warm their caches (the warm-up is held back on purpose here until the test lets it go), and the address is
printed only once the server answers. It refuses, before it opens anything, a puzzle the page would refuse."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import webbrowser
from pathlib import Path

import httpx
import pytest

import hanoikit.web.app as web
from clirun import run
from hanoikit.cli import play
from hanoikit.errors import HanoiError
from hanoikit.limits import WEB_MAX_POSTS, web_max_disks
from hanoikit.puzzle import MagneticPuzzle, Puzzle
from hanoikit.web import create_app, serve
from hanoikit.web.schemas import Settings

GENEROUS = 60.0  # seconds: a bound no healthy run comes near, even on a loaded machine
RELEASE = "HANOIKIT_TEST_RELEASE_WARM"  # the file whose creation lets the held warm-up end


def held_warm() -> None:
    """A warm-up that lasts until the file named by ``$HANOIKIT_TEST_RELEASE_WARM`` exists (at most a minute)."""
    release = Path(os.environ[RELEASE])
    began = time.monotonic()
    while not release.exists() and time.monotonic() - began < GENEROUS:
        time.sleep(0.02)


def test_the_page_and_a_hint_are_answered_while_the_workers_warm(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first hint of a small member never waits for the warm-up of others (a suite run from a fresh copy, where
    numba compiles its code first, took some 30 s of processor time to warm): it is answered in the server's own
    threads meanwhile, and by the forked workers once the warm-up ends."""
    release = tmp_path / "release"
    monkeypatch.setenv(RELEASE, str(release))
    monkeypatch.setattr(web, "warm", held_warm)
    with serve.running(create_app(processes=1)) as url, httpx.Client(base_url=url, timeout=GENEROUS) as client:
        assert client.get("/").status_code == 200
        assert client.get("/api/config").json()["max_disks"] == 12
        hint = client.post("/api/hint", json={"settings": {"n": 3}}, timeout=GENEROUS / 4)
        assert hint.status_code == 200 and hint.json()["move"] == "1SI"
        position = client.post("/api/position", json={"settings": {"n": 2, "magnetic": False}})
        assert position.status_code == 200 and position.json()["distance"] == 3
        assert not release.exists()  # all of it while the warm-up is held
        release.touch()
        for _ in range(3):  # through the workers now
            hint = client.post("/api/hint", json={"settings": {"n": 4, "colors": "RBN"}, "state": "ISSS:BRRR"})
            assert hint.status_code == 200, hint.text


_HELD_PLAY = """
import sys
import hanoikit.web.app as web
from test_play_start import held_warm
web.warm = held_warm
from hanoikit.cli import main
sys.exit(main(["play", "--no-browser"]))
"""


def test_hanoi_play_prints_its_address_once_the_page_answers_before_the_warm_up_ends(tmp_path: Path) -> None:
    release = tmp_path / "release"
    tests = str(Path(__file__).parent)
    env = {**os.environ, RELEASE: str(release), "PYTHONPATH": os.pathsep.join([tests, *sys.path])}
    server = subprocess.Popen(
        [sys.executable, "-c", _HELD_PLAY], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    try:
        line = server.stdout.readline()  # type: ignore[union-attr]
        assert line.startswith("hanoi play: the puzzle is at http://127.0.0.1:"), line + server.stderr.read()  # type: ignore[union-attr]
        url = line.split(" at ")[1].split()[0]
        began = time.monotonic()
        assert httpx.get(url, timeout=GENEROUS).status_code == 200
        assert time.monotonic() - began < 10 and not release.exists()
        release.touch()
        assert httpx.post(url + "api/hint", json={"settings": {"n": 3}}, timeout=GENEROUS).json()["move"] == "1SI"
    finally:
        server.terminate()
        server.wait(timeout=GENEROUS)
    assert "A*" not in server.stderr.read()  # type: ignore[union-attr]


@pytest.fixture
def nothing_opened(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if ``hanoi play`` listens or opens a browser."""

    def opened(*args: object, **kwargs: object) -> None:
        raise AssertionError("hanoi play opened something for a puzzle the page refuses")

    monkeypatch.setattr(serve, "listen", opened)
    monkeypatch.setattr(webbrowser, "open", opened)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["-n", "20"], "the page plays at most 12 disks on the tower of 3 posts with every move, not 20"),
        (["--posts", "7"], "the page plays 3 to 5 posts, not 7"),
        (["--magnetic", "RRR"], "the page plays only puzzles whose goal can be reached: position 'DDD:RRR'"),
        (["-n", "10", "--moves", "cyclic"], "at most 9 disks on the tower of 3 posts with cyclic moves, not 10"),
        (["-n", "6", "--magnetic", "NNNN"], "at most 5 disks on the magnetic tower of 4 posts with every move, not 6"),
        (["--moves", "SI ID"], "the page plays only puzzles whose goal can be reached: 'DDD' cannot be reached"),
    ],
)
def test_play_refuses_what_the_page_refuses_before_opening_anything(
    args: list[str], said: str, nothing_opened: None, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["play", "--no-browser", *args], capsys)
    assert status == 2 and out == ""
    assert err.startswith("hanoi: the page plays ") and said in err and err.count("\n") == 1


@pytest.mark.parametrize("posts", range(3, WEB_MAX_POSTS + 2))
@pytest.mark.parametrize("magnetic", [False, True])
@pytest.mark.parametrize("moves", ["any", "cyclic"])
def test_play_refuses_the_sizes_the_api_refuses(posts: int, magnetic: bool, moves: str) -> None:
    """Oracle: the API's own validation of the settings (:class:`~hanoikit.web.schemas.Settings`)."""
    cap = web_max_disks(min(posts, WEB_MAX_POSTS), magnetic, moves == "any")
    for n in (cap, cap + 1):
        puzzle = MagneticPuzzle(n, "N" * posts, moves=moves) if magnetic else Puzzle(n, posts, moves)
        try:
            Settings(n=n, posts=posts, moves=moves, magnetic=magnetic, colors="N" * posts).puzzle()
            taken = True
        except (HanoiError, ValueError):
            taken = False
        try:
            play._refuse_what_the_page_refuses(puzzle, None)
            played = True
        except HanoiError as error:
            if "cannot be reached" in str(error):  # the magnetic tower with cyclic moves: refused as unsolvable
                assert magnetic and moves == "cyclic" and posts <= WEB_MAX_POSTS and n == cap
                continue
            played = False
        assert played == taken, (posts, magnetic, moves, n)
        assert played == (n == cap and posts <= WEB_MAX_POSTS)


def test_play_help_quotes_the_page_caps(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["play", "--help"], capsys)
    assert status == 0
    text = " ".join(out.split())
    assert "The page: at most 12 on 3 posts with every move; otherwise classic 9/10/7 and magnetic 6/5/4" in text
    assert "With --terminal: at most 64" in text
