"""``hanoi play``: the puzzle in the browser, served on this machine, or in this terminal (``--terminal``)."""

from __future__ import annotations

import threading
import time
from urllib.parse import urlencode

import click

from .._extras import require
from ..errors import UnsolvableError
from ..limits import TERMINAL_MAX_DISKS, WEB_MAX_DISKS, WEB_MAX_FAMILY_DISKS, WEB_MAX_POSTS, web_max_disks
from ..puzzle import MOVE_RULES, Puzzle, rule_name
from ..state import State
from .app import app, fail, magnetic_options, make_puzzle, puzzle_rules

PAGE_CAPS = (
    f"at most {WEB_MAX_DISKS} on 3 posts with every move; otherwise "
    + " and ".join(
        ("magnetic " if faces else "classic ") + "/".join(str(WEB_MAX_FAMILY_DISKS[k, faces]) for k in (3, 4, 5))
        for faces in (False, True)
    )
    + " on 3/4/5 posts"
)
"""The page's caps on the number of disks, as ``--help`` quotes them."""


@app.command()
@click.option("--terminal", is_flag=True, help="Play in this terminal instead of the browser.")
@click.option("--disks", "-n", "n", type=click.IntRange(1, TERMINAL_MAX_DISKS), default=3, show_default=True,
              help=f"Disks. The page: {PAGE_CAPS}. With --terminal: at most {TERMINAL_MAX_DISKS}, any member.")
@magnetic_options
@click.option("--from", "source", metavar="STATE", help="Start from this position, e.g. SSI:RRB.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, help="Port to serve on (default: a free one).")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--no-browser", is_flag=True, help="Do not open a browser; just print the address.")
def play(
    terminal: bool,
    n: int,
    magnetic: str | None,
    start_up: str | None,
    goal_up: str | None,
    source: str | None,
    port: int,
    host: str,
    no_browser: bool,
) -> None:
    """Play the classic or magnetic tower in your browser (hints, undo, a watch mode, challenges, save and load),
    or with --terminal in this terminal: keys 1-3 (or S I D) pick a post and then where to, h hints, u undoes,
    y redoes, n chooses the next game, q quits. The puzzle options (-n, --magnetic, --posts, --moves, --goal-up,
    --start-up, --from) open the page on that puzzle, e.g. hanoi play -n 5 --magnetic RBN.

    \b
    The page's address holds the game, so a link opens the same challenge. Its query parameters (all optional):
      n=4            the number of disks
      colors=RBN     the post colours of the magnetic tower (R, B, N each); colors=classic for the classic one
      posts=4        the number of posts, 3 to 5 (--terminal plays more)
      moves=cyclic   the move rule: any, cyclic, linear or star
      start=SSIS:RRBR  the position the game begins in (default: the tower on S)
      goal=B         the colour the goal tower shows on top (or the goal tower itself, e.g. DDDD:BBBB)
      at=...         the position reached (a shared link opens it)
    e.g. http://127.0.0.1:PORT/?n=4&colors=RBN&start=SIDS:RBRR
    """
    if terminal:
        _terminal(make_puzzle(n, magnetic, goal_up=goal_up, start_up=start_up), source)
        return
    query = _link(n, magnetic, start_up, goal_up, source)
    require("uvicorn", "play")
    from ..web import create_app, serve

    try:
        sock = serve.listen(host, port)
        sock.listen(128)
    except OSError as error:
        fail(f"cannot listen on {host}:{port}: {error.strerror or error}")
    url = f"http://{host if ':' not in host else f'[{host}]'}:{sock.getsockname()[1]}/{query}"
    server = serve.server(create_app())  # with the deadlines for slow clients; the workers warm in the background
    import webbrowser

    def announce() -> None:
        """The address once the server answers (the page at once; the workers' first answers once they are warm)."""
        while not server.started:
            if server.should_exit:
                return
            time.sleep(0.01)
        click.echo(f"hanoi play: the puzzle is at {url} (Ctrl+C to stop)")
        if not no_browser and not webbrowser.open(url):
            click.echo("hanoi play: no browser found here; open the address above in one")

    threading.Thread(target=announce, daemon=True).start()
    server.run(sockets=[sock])


def _link(n: int, magnetic: str | None, start_up: str | None, goal_up: str | None, source: str | None) -> str:
    """The page's query string for the puzzle the options name ("" when they name none: the page's default game);
    the puzzle and the position are checked here first, so that a bad one is refused in one line."""
    given = click.get_current_context().get_parameter_source("n") is not click.core.ParameterSource.DEFAULT
    posts, moves = puzzle_rules()
    if not given and magnetic is None and source is None and (posts, moves) == (None, "any"):
        return ""
    puzzle = make_puzzle(n, magnetic, goal_up=goal_up, start_up=start_up)
    _refuse_what_the_page_refuses(puzzle, None if source is None else puzzle.parse(source))
    query: dict[str, str | int] = {"n": n, "colors": puzzle.colors if puzzle.faces else "classic"}
    if puzzle.posts != 3:
        query["posts"] = puzzle.posts
    if moves != "any":
        query["moves"] = moves
    if goal_up is not None:
        query["goal"] = goal_up.upper()
    if source is not None:
        query["start"] = str(puzzle.parse(source))
    elif start_up is not None:
        query["start"] = str(puzzle.start)
    return "?" + urlencode(query).replace("%3A", ":")


def _refuse_what_the_page_refuses(puzzle: Puzzle, source: State | None) -> None:
    """Stop with one line (status 2) before anything is opened if the page would refuse the puzzle: more posts or
    disks than it offers, or a goal that cannot be reached."""
    more = f"; play it in this terminal with --terminal (up to {TERMINAL_MAX_DISKS} disks, any member)"
    if puzzle.posts > WEB_MAX_POSTS:
        fail(f"the page plays 3 to {WEB_MAX_POSTS} posts, not {puzzle.posts}{more}")
    cap = web_max_disks(puzzle.posts, puzzle.faces, puzzle.every_move)
    if puzzle.n > cap:
        rule = "every move" if puzzle.every_move else f"{rule_name(puzzle.moves, puzzle.posts) or 'these'} moves"
        kind = "magnetic " if puzzle.faces else ""
        fail(f"the page plays at most {cap} disks on the {kind}tower of {puzzle.posts} posts with {rule}, not "
             f"{puzzle.n}{more}")
    if puzzle.faces or rule_name(puzzle.moves, puzzle.posts) not in MOVE_RULES:  # colours or moves may cut the way
        try:
            puzzle.distance(puzzle.start if source is None else source, puzzle.goal)
        except UnsolvableError as error:
            fail(f"the page plays only puzzles whose goal can be reached: {error}")


def _terminal(puzzle: Puzzle, source: str | None) -> None:
    import sys

    from ..tui import run

    if not sys.stdin.isatty() or not sys.stdout.isatty():
        fail("play --terminal needs a terminal to read keys from and draw on")
    run(puzzle, None if source is None else puzzle.parse(source))
