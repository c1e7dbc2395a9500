"""The first hint of every member of the family the play page offers, at its largest tower, over HTTP on loopback.

For posts 3 to :data:`~hanoikit.limits.WEB_MAX_POSTS`, each move rule, classic and magnetic (all posts neutral, and
the page's RBB colouring: R, B, neutral posts, B), at the member's cap (:data:`~hanoikit.limits.WEB_MAX_FAMILY_DISKS`;
:data:`~hanoikit.limits.WEB_MAX_DISKS` for three posts with every move):

* ``build``: the member's very first hint, from the start, with an empty table cache (a temporary
  ``HANOIKIT_CACHE_DIR``): what building its tables costs (the pattern databases of the heuristic search on four
  and five posts above the exhaustive search's range, kept on disk after; the table of distances below it);
* ``first``: the first hint from the start once the tables are on disk, cold: hanoikit's caches as in a fresh app
  (emptied, but for what the app's startup fills: the three-post tower's solvers, the tables of its deep members,
  :data:`hanoikit.web.app.DEEP_MEMBERS`, and the heuristic search's compiled kernels); the best of three such cold
  starts, as the machine is shared (the worst of the three is printed too);
* ``random``: the first hint from a random position, cold likewise (a member whose start cannot reach its goal answers
  422, and its random column is empty);
* ``warm``: the median and the slowest hint from 7 other random positions once the member's table is built;

beside a trivial request measured in the same run (``x trivial``: the slowest hint after the build in trivial
requests). PASS/FAIL says whether every hint after the build (first, random, warm) answers in under 50 ms.

Run ``python benchmarks/bench_web_hint.py`` (a minute or two).
"""

from __future__ import annotations

import os
import tempfile

os.environ["HANOIKIT_CACHE_DIR"] = tempfile.mkdtemp(prefix="hanoikit-bench-")  # the tables built in this run only

import json
import random
import statistics
import sys
import time
from collections.abc import Callable

import httpx

from bench_web import serving
from hanoikit import MOVE_RULES, MagneticPuzzle, Puzzle
from hanoikit.errors import UnsolvableError
from hanoikit.limits import WEB_MAX_DISKS, WEB_MAX_FAMILY_DISKS, WEB_MAX_POSTS
from hanoikit.solvers import exhaustive
from hanoikit.web import random_state
from hanoikit.web.app import warm_family

TARGET = 0.050  # seconds
COLD = 3  # cold starts per member
WARM = 7  # warm hints per member
JSON = {"content-type": "application/json"}


def caches() -> list[Callable[..., object]]:
    """Every functools cache of hanoikit's modules loaded so far."""
    found = []
    for name, module in list(sys.modules.items()):
        if name == "hanoikit" or name.startswith("hanoikit."):
            found += [value for value in vars(module).values() if callable(getattr(value, "cache_clear", None))]
    return found


def forget(kept: list[Callable[..., object]]) -> None:
    """The caches of a fresh app: every cache of hanoikit emptied but ``kept`` (those the app's startup fills for the
    three-post tower), then the family's tables emptied and the app's startup work for them redone (its deep members,
    :func:`hanoikit.web.app.warm_family`). The modules stay imported."""
    for cache in caches():
        if all(cache is not other for other in kept):
            cache.cache_clear()  # type: ignore[attr-defined]
    exhaustive._table.cache_clear()
    exhaustive._WALKED.clear()
    warm_family()


def members() -> list[tuple[str, dict, Puzzle]]:
    """(label, settings, puzzle) for every member the page offers at its cap, both page colourings when magnetic."""
    rows = []
    for posts in range(3, WEB_MAX_POSTS + 1):
        for rule in MOVE_RULES:
            for colors in (None, "NNN", "RBB"):
                faces = colors is not None
                cap = WEB_MAX_DISKS if posts == 3 and rule == "any" else WEB_MAX_FAMILY_DISKS[posts, faces]
                settings: dict = {"n": cap, "posts": posts, "moves": rule, "magnetic": faces}
                if colors is None:
                    puzzle = Puzzle(cap, posts, rule)
                else:
                    settings["colors"] = colors[:2] + "N" * (posts - 3) + colors[2]
                    puzzle = MagneticPuzzle(cap, settings["colors"], moves=rule)
                label = f"{posts} posts, {rule}, {'magnetic ' + settings['colors'] if faces else 'classic'}, n={cap}"
                rows.append((label, settings, puzzle))
    return rows


def post(client: httpx.Client, body: dict) -> tuple[float, int]:
    content = json.dumps(body).encode()
    began = time.perf_counter()
    response = client.post("/api/hint", content=content, headers=JSON)
    took = time.perf_counter() - began
    if response.status_code not in (200, 422) or (response.status_code == 422 and "reached" not in response.text):
        raise SystemExit(f"unexpected answer {response.status_code}: {response.text[:200]}")
    return took, response.status_code


def cold(client: httpx.Client, body: dict, kept: list[Callable[..., object]]) -> tuple[float, float, int]:
    """The best and the worst of :data:`COLD` first hints, each after :func:`forget`, and the status."""
    times = []
    for _ in range(COLD):
        forget(kept)
        took, status = post(client, body)
        times.append(took)
    return min(times), max(times), status


def main() -> None:
    rng = random.Random(12)
    failed = 0
    with serving(processes=0) as url, httpx.Client(base_url=url, timeout=30) as client:  # the caches of this process
        kept = [cache for cache in caches() if cache.cache_info().currsize]  # type: ignore[attr-defined]
        trivial = {"settings": {"n": 3}}
        post(client, trivial)
        base = statistics.median(post(client, trivial)[0] for _ in range(20))
        print(f"first hint of each member at its cap, over HTTP on 127.0.0.1 (uvicorn in this process); a trivial hint "
              f"takes {base * 1e3:.1f} ms; build: empty table cache; cold: caches as in a fresh app, tables on disk, "
              f"best of {COLD} (worst); times in ms")
        print(f"  {'member':<40} {'build':>7} {'first (worst)':>15} {'random (worst)':>16} {'warm (max)':>14} "
              f"{'x trivial':>9}")
        for label, settings, puzzle in members():
            forget(kept)
            build = post(client, {"settings": settings})[0]
            first, first_worst, status = cold(client, {"settings": settings}, kept)
            try:
                positions = [str(random_state(puzzle, rng)) for _ in range(WARM + 1)]
            except UnsolvableError:
                positions = []
            shown = f"{'-':>16}"
            warm = "-"
            worst = first
            if positions and status == 200:
                somewhere, somewhere_worst, _ = cold(client, {"settings": settings, "state": positions[0]}, kept)
                worst = max(first, somewhere)
                shown = f"{somewhere * 1e3:6.1f} ({somewhere_worst * 1e3:5.1f})"
                times = [post(client, {"settings": settings, "state": state})[0] for state in positions[1:]]
                warm = f"{statistics.median(times) * 1e3:5.1f} ({max(times) * 1e3:5.1f})"
                worst = max(worst, *times)
            verdict = "PASS" if worst < TARGET else "FAIL"
            failed += verdict == "FAIL"
            note = "" if status == 200 else "  (goal unreachable: 422)"
            print(
                f"  {label:<40} {build * 1e3:7.1f} {first * 1e3:6.1f} ({first_worst * 1e3:5.1f}) {shown} {warm:>14} "
                f"{worst / base:8.1f}x  {verdict} (< {TARGET * 1e3:.0f} ms){note}"
            )
    print("every hint after the build below 50 ms" if not failed else f"{failed} member(s) at or above 50 ms")


if __name__ == "__main__":
    main()
