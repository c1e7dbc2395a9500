"""Ask a model the prompts of a set through any OpenAI-compatible chat endpoint (OpenAI, vLLM, llama.cpp's server,
Ollama, ...), with the official ``openai`` client (``pip install 'hanoikit[eval]'``): what ``hanoi eval`` runs.

:func:`ask` sends each prompt as one user message, ``concurrency`` at a time, and yields each answer as soon as it
comes, as the JSON object ``hanoi score`` reads (:data:`ANSWER_FIELDS`): the reply as it came (``answer``), the
model asked and the model that answered, the finish reason, the token usage and the time taken. A prompt whose
request still fails after the client's retries (429, 5xx, 408/409, timeouts and lost connections, with exponential
backoff and the server's ``Retry-After``) yields a :class:`Failure` instead; an error that no retry can mend (a wrong
key, an unknown model, no server at the address) raises :class:`EndpointError` at the first prompt, before any other
is sent.

:func:`answered_ids` reads the answers a file already holds, so that a run can resume where it stopped.
"""

from __future__ import annotations

import asyncio
import datetime
import json
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from ..errors import HanoiError, InvalidArgumentError, quote
from ..limits import MAX_EVAL_CONCURRENCY

__all__ = ["ANSWER_FIELDS", "EndpointError", "Failure", "answered_ids", "ask", "check_base_url", "prompts_of"]

ANSWER_FIELDS = ("id", "answer", "model", "served_by", "finish_reason", "usage", "seconds", "answered_at")
"""The fields of an answer line: the instance's ``id``, the reply's text as it came (``None`` when the message had
no text), the model asked, the model the server says answered (``served_by``), the finish reason (``"stop"``,
``"length"`` when ``max_tokens`` cut it, ...), the token usage as the server counted it (``prompt_tokens``,
``completion_tokens``, ``total_tokens`` and any details; ``None`` if it gave none), the seconds from the first request
to the answer (retries included) and when it came (UTC, ISO 8601). A ``reasoning`` field holds the reasoning text
when the server sends it apart (``reasoning_content``, as vLLM and DeepSeek do)."""


class EndpointError(HanoiError):
    """The endpoint cannot answer any prompt: no server at the address, a key it refuses, a model it does not
    serve, or a request it rejects."""


@dataclass(frozen=True)
class Failure:
    """A prompt the endpoint did not answer after the retries: its ``id`` and why."""

    id: str
    reason: str


def check_base_url(url: str) -> str:
    """``url`` if it is an http(s) address with a host; :class:`~hanoikit.InvalidArgumentError` otherwise.

    >>> check_base_url("http://127.0.0.1:8000/v1")
    'http://127.0.0.1:8000/v1'
    >>> check_base_url("localhost:8000")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    hanoikit.errors.InvalidArgumentError: the base URL is an http:// or https:// address ..., not 'localhost:8000'
    """
    try:
        parts = urlsplit(url)
        port = parts.port  # a port that is no number raises here
    except ValueError:
        parts, port = None, None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname or port == 0:
        raise InvalidArgumentError(f"the base URL is an http:// or https:// address such as "
                                   f"http://127.0.0.1:8000/v1, not {quote(url)}")
    return url


def prompts_of(instances: Iterable[Mapping[str, Any]]) -> Iterator[tuple[str, str]]:
    """The ``(id, prompt)`` of each instance: hanoikit's ``id`` and ``prompt``, or a reasoning-gym entry's
    ``question`` under its ``metadata.source_index`` (by which ``hanoi score`` pairs its answers).

    >>> list(prompts_of([{"id": "1-0", "prompt": "Solve it."}, {"question": "Q?", "metadata": {"source_index": 4}}]))
    [('1-0', 'Solve it.'), ('4', 'Q?')]
    """
    for number, item in enumerate(instances, 1):
        metadata = item.get("metadata")
        key = item.get("id")
        if key is None and isinstance(metadata, Mapping):
            key = metadata.get("id", metadata.get("source_index"))
        text = item.get("prompt", item.get("question"))
        if key is None or isinstance(key, (bool, dict, list)) or not isinstance(text, str) or not text.strip():
            raise InvalidArgumentError(f"instance {number} has no id and prompt to ask (an 'id' and a 'prompt', or "
                                       "a reasoning-gym entry's 'question' and 'metadata.source_index')")
        yield str(key), text


def answered_ids(lines: Iterable[str], model: str) -> set[str]:
    """The ids a file of answers (its ``lines``) already answers, all by ``model``; a torn last line (a run killed
    while writing it) is not an answer. :class:`~hanoikit.InvalidArgumentError` for a line that is not an answer,
    or an answer by another model.

    >>> sorted(answered_ids(['{"id": "1-0", "answer": "1SD", "model": "m"}\\n', '{"id": "1-1", "ans'], "m"))
    ['1-0']
    """
    found: set[str] = set()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except ValueError:
            if not line.endswith("\n"):
                break  # the last line, cut short
            raise InvalidArgumentError(f"line {number} is not a JSON object: not a file of answers to resume") from None
        except RecursionError:
            raise InvalidArgumentError(f"line {number} is nested too deeply: not a file of answers") from None
        if not isinstance(item, dict) or "id" not in item:
            raise InvalidArgumentError(f"line {number} is not an answer with an 'id': not a file of answers")
        if item.get("model") != model:
            raise InvalidArgumentError(f"line {number} is an answer of the model {quote(item.get('model'))}, not "
                                       f"{quote(model)}: write the answers of each model to their own file")
        found.add(str(item["id"]))
    return found


def ask(prompts: Iterable[tuple[str, str]], *, base_url: str, model: str, api_key: str | None = None,
        concurrency: int = 4, max_tokens: int | None = None, temperature: float | None = None, retries: int = 5,
        timeout: float = 600.0) -> Iterator[dict[str, Any] | Failure]:
    """Ask ``model`` at ``base_url`` each ``(id, prompt)`` and yield each answer (:data:`ANSWER_FIELDS`) or
    :class:`Failure` as it comes, ``concurrency`` requests at a time (at most
    :data:`~hanoikit.limits.MAX_EVAL_CONCURRENCY`); each request is retried ``retries`` times with backoff and given
    up after ``timeout`` seconds. The first prompt goes alone: an endpoint that cannot answer it at all raises
    :class:`EndpointError` before any other is sent. A local server takes any key (``api_key=None``).

    One asynchronous client sends every request, over a pool of as many connections as requests in flight; its
    event loop runs while the caller waits for the next answer, and stops with the generator (the requests in flight
    cancelled)."""
    from .._extras import require

    openai = require("openai", "eval")
    check_base_url(base_url)
    if not isinstance(concurrency, int) or not 1 <= concurrency <= MAX_EVAL_CONCURRENCY:
        raise InvalidArgumentError(f"the concurrency is 1 to {MAX_EVAL_CONCURRENCY}, not {quote(concurrency)}")
    options: dict[str, Any] = {"model": model}
    if max_tokens is not None:
        options["max_tokens"] = max_tokens
    if temperature is not None:
        options["temperature"] = temperature
    pending = iter(prompts)
    first = next(pending, None)
    if first is None:
        return
    limits = type(openai.DEFAULT_CONNECTION_LIMITS)(max_connections=concurrency,
                                                    max_keepalive_connections=concurrency)
    loop = asyncio.new_event_loop()
    client = openai.AsyncOpenAI(base_url=base_url, api_key=api_key or "none", max_retries=retries, timeout=timeout,
                                http_client=_pool(openai, limits, timeout))
    running: set[asyncio.Task[dict[str, Any] | Failure]] = set()
    try:
        result = loop.run_until_complete(_ask_one(openai, client, options, *first, alone=True))
        if isinstance(result, Failure):
            raise EndpointError(f"{base_url} did not answer the first prompt ({first[0]}): {result.reason}")
        yield result
        while True:
            while len(running) < concurrency and (item := next(pending, None)) is not None:
                running.add(loop.create_task(_ask_one(openai, client, options, *item)))
            if not running:
                return
            done, running = loop.run_until_complete(asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED))
            for task in done:
                yield task.result()
    finally:  # stopped early (an error, Ctrl-C, the reader gone): send no more, cancel those in flight
        for task in running:
            task.cancel()
        try:
            loop.run_until_complete(_closed(client, running))
        finally:
            loop.close()


def _pool(openai: Any, limits: Any, timeout: float) -> Any:
    """The client's connections: over aiohttp when it is installed (``pip install 'hanoikit[eval]'`` brings it; a
    few times less work a request than httpx's own pool), else over httpx."""
    try:
        return openai.DefaultAioHttpClient(limits=limits, timeout=timeout)
    except RuntimeError:  # the client's aiohttp extra is missing
        return openai.DefaultAsyncHttpxClient(limits=limits, timeout=timeout)


async def _closed(client: Any, running: set[asyncio.Task[dict[str, Any] | Failure]]) -> None:
    """Wait for the cancelled requests, then close the client's connections."""
    await asyncio.gather(*running, return_exceptions=True)
    await client.close()


async def _ask_one(openai: Any, client: Any, options: dict[str, Any], key: str, prompt: str,
                   alone: bool = False) -> dict[str, Any] | Failure:
    """The answer to one prompt, or why there is none; ``alone``: the first prompt, whose errors that no retry can
    mend raise :class:`EndpointError`."""
    began = time.perf_counter()
    try:
        body = await client.post("/chat/completions", cast_to=bytes,
                                 body={"messages": [{"role": "user", "content": prompt}], **options})
    except (openai.AuthenticationError, openai.PermissionDeniedError, openai.NotFoundError) as error:
        raise EndpointError(_why(error)) from None
    except openai.APIConnectionError as error:
        reason = _why(error)
        if not isinstance(error, openai.APITimeoutError) and alone:
            raise EndpointError(reason) from None  # nothing answers at the address
        return Failure(key, reason)
    except openai.APIStatusError as error:
        if alone and 400 <= error.status_code < 500 and error.status_code not in (408, 409, 429):
            raise EndpointError(_why(error)) from None  # a request the server rejects: every prompt would be
        return Failure(key, _why(error))
    except openai.OpenAIError as error:
        return Failure(key, _why(error))
    seconds = time.perf_counter() - began
    return _answer(key, body, options["model"], seconds)


def _answer(key: str, body: bytes, model: str, seconds: float) -> dict[str, Any] | Failure:
    """The answer line of a chat completion's JSON ``body``, read as JSON (no model objects built for it), or why it
    is not one.

    >>> _answer("1-0", b'{"model": "m", "choices": [{"message": {"content": "1SD"}, "finish_reason": "stop"}], '
    ...         b'"usage": {"total_tokens": 9, "details": null}}', "m", 0.5)["usage"]
    {'total_tokens': 9}
    >>> _answer("1-0", b'{"choices": []}', "m", 0.5)
    Failure(id='1-0', reason='the reply holds no choice')
    """
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return Failure(key, f"the reply is not JSON: {quote(body[:100])}")
    choices = data.get("choices") if isinstance(data, dict) else None
    if not isinstance(choices, list):
        return Failure(key, f"the reply is not a chat completion: {quote(body[:100])}")
    if not choices:
        return Failure(key, "the reply holds no choice")
    choice = choices[0]
    message = choice.get("message") if isinstance(choice, dict) else None
    content = message.get("content") if isinstance(message, dict) else None
    if not isinstance(message, dict) or not isinstance(content, (str, type(None))):
        return Failure(key, f"the reply's first choice holds no message: {quote(choice)}")
    usage = data.get("usage")
    answer: dict[str, Any] = {
        "id": key, "answer": content, "model": model, "served_by": data.get("model"),
        "finish_reason": choice.get("finish_reason"),
        "usage": _without_none(usage) if isinstance(usage, dict) else None,
        "seconds": round(seconds, 3), "answered_at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
    }
    reasoning = message.get("reasoning_content")
    if isinstance(reasoning, str):
        answer["reasoning"] = reasoning
    return answer


def _without_none(value: Any) -> Any:
    """``value`` with the ``None`` values of its objects left out, all the way down (as the client's models dump)."""
    if isinstance(value, dict):
        return {k: _without_none(v) for k, v in value.items() if v is not None}
    return value


def _why(error: Exception) -> str:
    """An error of the client in one line."""
    status = getattr(error, "status_code", None)
    text = " ".join(str(error).split())[:300]
    cause = error.__cause__
    if cause is not None and str(cause) and str(cause) not in text:
        text += f" ({' '.join(str(cause).split())[:200]})"
    return f"HTTP {status}: {text}" if status is not None else text
