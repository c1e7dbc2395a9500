"""The play API under load and against slow clients: the worker pool, its 503 refusals, and the deadlines on headers
and bodies, against a real uvicorn server on 127.0.0.1 where the network matters.

How fast a cheap request stays under load is measured in ``benchmarks/bench_web_load.py``, not here: these tests only
check what holds however loaded the machine is (bounds of several seconds where a clock is read at all).
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
from fastapi.testclient import TestClient

import hanoikit.web.app as web
from hanoikit import InvalidStateError, MagneticPuzzle
from hanoikit.limits import WEB_MAX_HEADER_BYTES, WEB_MAX_WAITING
from hanoikit.web.app import create_app
from hanoikit.web.serve import running
from hanoikit.web.workers import NICE, Busy, Workers

GENEROUS = 20.0  # seconds: a bound no healthy run comes near, even on a loaded machine


def refuse(text: str) -> None:
    raise InvalidStateError(text)


def pid(_: object) -> int:
    return os.getpid()


def niceness(_: object) -> int:
    return os.nice(0)


# -- the pool ------------------------------------------------------------------------------------------------------


def test_a_full_pool_refuses_at_once_and_frees_its_places() -> None:
    release = threading.Event()

    async def scenario() -> None:
        work = Workers(processes=0, threads=1, waiting=2)
        held = [asyncio.create_task(work.run(release.wait, GENEROUS)) for _ in range(3)]  # 1 running, 2 waiting
        while work.admitted < 3:
            await asyncio.sleep(0.01)
        with pytest.raises(Busy, match="2 requests are already waiting") as refused:
            await work.run(sum, [1])
        assert refused.value.retry_after >= 1 and work.admitted == 3
        release.set()
        assert await asyncio.gather(*held) == [True] * 3
        assert work.admitted == 0 and await work.run(sum, [1, 2]) == 3

    asyncio.run(scenario())


def test_worker_processes_answer_and_raise_as_the_function_does() -> None:
    async def scenario(work: Workers) -> None:
        assert await work.run(pid, None) != os.getpid()
        assert await work.run(niceness, None) == min(19, os.nice(0) + NICE)  # the server's loop goes first
        with pytest.raises(InvalidStateError, match="bad position"):
            await work.run(refuse, "bad position")
        assert work.admitted == 0

    work = Workers(processes=1)
    work.start()
    try:
        asyncio.run(scenario(work))
    finally:
        work.close()
    assert asyncio.run(work.run(pid, None)) == os.getpid()  # stopped: in a thread of this process


def test_a_busy_api_answers_503_in_the_error_shape_and_config_still_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    answer = web._hint

    def held(request):  # type: ignore[no-untyped-def]
        release.wait(GENEROUS)
        return answer(request)

    monkeypatch.setattr(web, "_hint", held)
    app = create_app(processes=0, threads=1, waiting=1, warmed=False)

    async def scenario() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            hints = [asyncio.create_task(client.post("/api/hint", json={"settings": {"n": 3}})) for _ in range(2)]
            while app.state.workers.admitted < 2:
                await asyncio.sleep(0.01)
            refused = await client.post("/api/hint", json={"settings": {"n": 3}})
            assert refused.status_code == 503 and int(refused.headers["retry-after"]) >= 1
            assert refused.json()["error"] == "ServiceUnavailable" and "busy" in refused.json()["detail"]
            config = await client.get("/api/config")  # the cheap request does not wait for the pool
            assert config.status_code == 200 and not release.is_set()
            release.set()
            assert [(await hint).json()["move"] for hint in hints] == ["1SI", "1SI"]

    asyncio.run(scenario())


def test_the_503_is_documented_on_every_route_that_asks_the_model() -> None:
    paths = TestClient(create_app()).get("/openapi.json").json()["paths"]
    for path, operations in paths.items():
        for method, operation in operations.items():
            busy = operation["responses"].get("503")
            assert (busy is not None) == (path != "/api/config"), (method, path)  # config is built once, on the loop
            if busy:
                assert busy["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
                assert "Retry-After" in busy["headers"] and str(WEB_MAX_WAITING) in busy["description"]


# -- a real server on loopback -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """A play server with one worker process, room for 4 waiting requests and 1-second deadlines."""
    app = create_app(processes=1, waiting=4, body_timeout=1, warmed=False)
    with running(app, header_timeout=1, keep_alive=1) as url:
        yield url


def test_a_crowd_gets_answers_or_503s_and_config_answers_throughout(server: str) -> None:
    pages = [
        ("/api/solution", {"settings": {"n": 12, "colors": colors}, "offset": offset, "limit": 1000})
        for colors in ("NNN", "RBN", "NNB")
        for offset in (0, 5000, 90_000, 200_000)
    ]
    hints = [("/api/hint", {"settings": {"n": 5, "posts": 4, "magnetic": False}, "state": "SIDIS"})] * 12

    async def crowd() -> tuple[list[httpx.Response], list[httpx.Response]]:
        async with httpx.AsyncClient(base_url=server, timeout=GENEROUS) as client:
            heavy = [asyncio.create_task(client.post(path, json=body)) for path, body in pages + hints]
            await asyncio.sleep(0)
            cheap = [await client.get("/api/config") for _ in range(5)]
            return await asyncio.gather(*heavy), cheap

    heavy, cheap = asyncio.run(asyncio.wait_for(crowd(), 3 * GENEROUS))
    assert all(response.status_code == 200 for response in cheap)
    statuses = [response.status_code for response in heavy]
    assert set(statuses) <= {200, 503} and statuses.count(200) >= 5 and statuses.count(503) >= 1, statuses
    for response in heavy:
        if response.status_code == 503:
            assert set(response.json()) == {"detail", "error"} and response.headers["retry-after"].isdigit()
    for (_, body), response in zip(pages, heavy):
        if response.status_code == 200:  # what the worker answered is the model's solution
            puzzle = MagneticPuzzle(12, body["settings"]["colors"])
            page = response.json()
            total = puzzle.distance(puzzle.start, puzzle.goal)
            assert page["total"] == total and page["offset"] == min(body["offset"], total)
            assert len(page["moves"]) == min(1000, total - page["offset"])
    again = httpx.post(server + "/api/hint", json=hints[0][1], timeout=GENEROUS)  # the pool has freed its places
    assert again.status_code == 200 and again.json()["distance"] > 0


def connect(url: str) -> socket.socket:
    host, port = url.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=GENEROUS)
    return sock


def until_closed(sock: socket.socket) -> tuple[bytes, float]:
    """Everything the server sends until it closes the connection, and how long that took."""
    began, received = time.monotonic(), b""
    while chunk := sock.recv(65536):
        received += chunk
    return received, time.monotonic() - began


@pytest.mark.parametrize(
    "sent",
    [
        b"",  # connects, says nothing
        b"POST /api/position HTTP/1.1\r\nHost: 127.0.0.1\r\n",  # headers never ended
        b"GET /api/con",  # not even the request line
    ],
)
def test_headers_that_do_not_come_are_timed_out(server: str, sent: bytes) -> None:
    with connect(server) as sock:
        sock.sendall(sent)
        received, waited = until_closed(sock)
    assert received.startswith(b"HTTP/1.1 408 ") and waited < GENEROUS
    assert json.loads(received.split(b"\r\n\r\n", 1)[1])["error"] == "RequestTimeout"


def test_headers_that_trickle_are_timed_out_from_their_first_byte(server: str) -> None:
    request = b"GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 200
    with connect(server) as sock:
        began = time.monotonic()
        closed = False
        for byte in request:  # a byte every 50 ms: 11 s in all, far past the 1-second deadline
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                closed = True
                break
            time.sleep(0.05)
            if time.monotonic() - began > 2 * GENEROUS:
                break
        received, _ = until_closed(sock)
    assert closed or received.startswith(b"HTTP/1.1 408 ")
    assert time.monotonic() - began < 2 * GENEROUS


def test_a_body_that_trickles_is_answered_408_and_closed(server: str) -> None:
    head = (
        b"POST /api/position HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n"
    )
    with connect(server) as sock:
        sock.sendall(head + b'{"settings": ')
        received, waited = until_closed(sock)
    assert received.startswith(b"HTTP/1.1 408 ") and waited < GENEROUS
    refusal = json.loads(received.split(b"\r\n\r\n", 1)[1])
    assert refusal["error"] == "RequestTimeout" and "body" in refusal["detail"]


def test_an_idle_kept_alive_connection_is_closed_and_a_prompt_one_is_answered(server: str) -> None:
    with connect(server) as sock:
        sock.sendall(b"GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        received, waited = until_closed(sock)  # answered, then closed once idle for the keep-alive time
    assert received.startswith(b"HTTP/1.1 200 ") and b'"max_disks"' in received and waited < GENEROUS


def test_headers_that_grow_past_the_limit_are_refused_before_their_deadline(server: str) -> None:
    with connect(server) as sock:
        sock.sendall(b"GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * (WEB_MAX_HEADER_BYTES + 10))
        received, _ = until_closed(sock)
    assert received.startswith(b"HTTP/1.1 400 ")
    assert json.loads(received.split(b"\r\n\r\n", 1)[1])["error"] == "BadRequest"


def test_a_request_line_that_cannot_be_read_is_a_400_in_the_error_shape(server: str) -> None:
    with connect(server) as sock:
        sock.sendall(b"NOT HTTP AT ALL\r\n\r\n")
        received, waited = until_closed(sock)
    assert received.startswith(b"HTTP/1.1 400 ") and waited < GENEROUS
    refusal = json.loads(received.split(b"\r\n\r\n", 1)[1])
    assert refusal["error"] == "BadRequest" and "cannot be read" in refusal["detail"]
