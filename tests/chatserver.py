"""A scripted OpenAI-compatible chat endpoint on 127.0.0.1 for the tests of ``hanoi eval`` and the inspect-ai task:
``POST /v1/chat/completions`` answers each prompt as a script says (a reply, or an HTTP error status to answer with
first), counts the requests of each prompt, and stops with its ``with`` block."""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

Script = Callable[[str, int], "str | int"]
"""The reply to a prompt at its ``attempt`` (from 1): the text, or an HTTP status to fail with."""


class ChatServer:
    """The server's record: the requests of each prompt (``asked``), every request's body (``bodies``), the most
    requests it held at once (``most_in_flight``) and the client ports they came from (``clients``)."""

    def __init__(self, script: Script, delay: float = 0.0) -> None:
        self.script = script
        self.delay = delay
        self.asked: Counter[str] = Counter()
        self.bodies: list[dict[str, object]] = []
        self.lock = threading.Lock()
        self.url = ""
        self.in_flight = 0
        self.most_in_flight = 0
        self.clients: set[int] = set()  # the client ports that sent requests: one a connection


def _handler(server: ChatServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:
            pass

        def _send(self, status: int, body: dict[str, object], headers: dict[str, str] | None = None) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for key, value in (headers or {}).items():
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            prompt = body["messages"][-1]["content"]
            if isinstance(prompt, list):  # content as parts (inspect-ai may send it so)
                prompt = "".join(part.get("text", "") for part in prompt)
            with server.lock:
                server.asked[prompt] += 1
                server.bodies.append(body)
                attempt = server.asked[prompt]
                server.in_flight += 1
                server.most_in_flight = max(server.most_in_flight, server.in_flight)
                server.clients.add(self.client_address[1])
            try:
                if server.delay:
                    time.sleep(server.delay)
                reply = server.script(prompt, attempt)
            finally:
                with server.lock:
                    server.in_flight -= 1
            if isinstance(reply, int):
                self._send(reply, {"error": {"message": f"scripted status {reply}", "type": "scripted"}},
                           {"retry-after-ms": "5"})
                return
            tokens = len(reply.split())
            self._send(200, {
                "id": f"chatcmpl-{attempt}", "object": "chat.completion", "created": 0, "model": body["model"],
                "choices": [{"index": 0, "message": {"role": "assistant", "content": reply},
                             "finish_reason": "stop"}],
                "usage": {"prompt_tokens": len(prompt.split()), "completion_tokens": tokens,
                          "total_tokens": len(prompt.split()) + tokens},
            })

        def do_GET(self) -> None:
            self._send(200, {"object": "list", "data": []})

    return Handler


@contextmanager
def chat_server(script: Script, delay: float = 0.0) -> Iterator[ChatServer]:
    """A running server at ``record.url`` (``http://127.0.0.1:PORT/v1``), stopped when the block ends."""
    record = ChatServer(script, delay)
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(record))
    httpd.daemon_threads = True
    record.url = f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield record
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(5)
