"""The daily puzzle (``/api/daily``): the same for everyone on a date, a playable member of the family, a start from
which its goal can be reached, and the par a breadth-first oracle finds."""

from __future__ import annotations

import datetime

from fastapi.testclient import TestClient

from hanoikit import MagneticPuzzle
from hanoikit.web.app import create_app
from oracle import plain_distances

APP = TestClient(create_app())


def test_a_day_has_one_puzzle_with_the_oracles_par() -> None:
    seen = set()
    for offset in range(0, 60, 6):
        date = (datetime.date(2026, 11, 25) + datetime.timedelta(days=offset)).isoformat()
        first = APP.get("/api/daily", params={"date": date})
        assert first.status_code == 200
        day = first.json()
        assert APP.get("/api/daily", params={"date": date}).json() == day  # the same for everyone
        settings = day["settings"]
        puzzle = MagneticPuzzle(settings["n"], settings["colors"], goal_up=settings["goal_up"],
                                moves=settings["moves"])
        start = puzzle.parse(day["start"])
        assert str(puzzle.goal) == day["goal"] and start != puzzle.goal
        assert plain_distances(puzzle, start)[puzzle.goal] == day["par"] > 0
        seen.add((settings["posts"], settings["moves"], settings["colors"], day["start"]))
    assert len(seen) > 5  # the days differ


def test_a_bad_date_is_refused() -> None:
    for date in ("2026-13-01", "yesterday", "1999-12-31"):
        answer = APP.get("/api/daily", params={"date": date})
        assert answer.status_code == 422 and answer.json()["error"] in ("ValidationError", "InvalidPuzzleError")
    assert APP.get("/api/daily").status_code == 200  # today
