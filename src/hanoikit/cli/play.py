"""``hanoi play``: the puzzle in the browser, served on this machine."""

from __future__ import annotations

import socket
import threading
import time
import webbrowser

import click

from .._extras import require
from .app import app, fail


@app.command()
@click.option("--port", type=click.IntRange(0, 65535), default=0, help="Port to serve on (default: a free one).")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--no-browser", is_flag=True, help="Do not open a browser; just print the address.")
def play(port: int, host: str, no_browser: bool) -> None:
    """Play the classic or magnetic tower in your browser: hints, undo, a watch mode, save and load."""
    require("uvicorn", "play")
    import uvicorn

    from ..web import create_app

    try:
        # IPPROTO_TCP named, so that asyncio sets TCP_NODELAY on every connection (else each answer waits ~40 ms)
        sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as error:
        fail(f"cannot listen on {host}:{port}: {error.strerror or error}")
    url = f"http://{host if ':' not in host else f'[{host}]'}:{sock.getsockname()[1]}/"
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))

    def announce() -> None:
        while not server.started and not server.should_exit:
            time.sleep(0.05)
        if server.started:
            click.echo(f"hanoi play: the puzzle is at {url} (Ctrl+C to stop)")
            if not no_browser and not webbrowser.open(url):
                click.echo("hanoi play: no browser found here; open the address above in one")

    threading.Thread(target=announce, daemon=True).start()
    server.run(sockets=[sock])
