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

import datetime
import json
import threading
import time
from collections.abc import Iterable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
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
    :class:`EndpointError` before any other is sent. A local server takes any key (``api_key=None``)."""
    from .._extras import require

    openai = require("openai", "eval")
    check_base_url(base_url)
    if not isinstance(concurrency, int) or not 1 <= concurrency <= MAX_EVAL_CONCURRENCY:
        raise InvalidArgumentError(f"the concurrency is 1 to {MAX_EVAL_CONCURRENCY}, not {quote(concurrency)}")
    client = openai.OpenAI(base_url=base_url, api_key=api_key or "none", max_retries=retries, timeout=timeout)
    options: dict[str, Any] = {"model": model}
    if max_tokens is not None:
        options["max_tokens"] = max_tokens
    if temperature is not None:
        options["temperature"] = temperature
    pending = iter(prompts)
    try:
        first = next(pending, None)
        if first is None:
            return
        result = _ask_one(openai, client, options, *first)
        if isinstance(result, Failure):
            raise EndpointError(f"{base_url} did not answer the first prompt ({first[0]}): {result.reason}")
        yield result
        yield from _concurrently(openai, client, options, pending, concurrency)
    finally:
        client.close()


def _concurrently(openai: Any, client: Any, options: dict[str, Any], pending: Iterator[tuple[str, str]],
                  concurrency: int) -> Iterator[dict[str, Any] | Failure]:
    """The answers of ``pending``, at most ``concurrency`` in flight (the prompts drawn only as room frees)."""
    stop = threading.Event()
    pool = ThreadPoolExecutor(concurrency, thread_name_prefix="hanoi-eval")
    running: set[Future[dict[str, Any] | Failure]] = set()
    try:
        while True:
            while len(running) < concurrency and (item := next(pending, None)) is not None:
                running.add(pool.submit(_ask_one, openai, client, options, *item, stop))
            if not running:
                return
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
    finally:  # stopped early (an error, Ctrl-C, the reader gone): send no more, wait for none in flight
        stop.set()
        pool.shutdown(wait=not running, cancel_futures=True)


def _ask_one(openai: Any, client: Any, options: dict[str, Any], key: str, prompt: str,
             stop: threading.Event | None = None) -> dict[str, Any] | Failure:
    if stop is not None and stop.is_set():
        return Failure(key, "stopped")
    began = time.perf_counter()
    try:
        response = client.chat.completions.create(messages=[{"role": "user", "content": prompt}], **options)
    except (openai.AuthenticationError, openai.PermissionDeniedError, openai.NotFoundError) as error:
        raise EndpointError(_why(error)) from None
    except openai.APIConnectionError as error:
        reason = _why(error)
        if not isinstance(error, openai.APITimeoutError) and stop is None:
            raise EndpointError(reason) from None  # nothing answers at the address
        return Failure(key, reason)
    except openai.APIStatusError as error:
        if stop is None and 400 <= error.status_code < 500 and error.status_code not in (408, 409, 429):
            raise EndpointError(_why(error)) from None  # a request the server rejects: every prompt would be
        return Failure(key, _why(error))
    except openai.OpenAIError as error:  # a reply that is not a chat completion
        return Failure(key, _why(error))
    seconds = time.perf_counter() - began
    if not response.choices:
        return Failure(key, "the reply holds no choice")
    choice = response.choices[0]
    message = choice.message
    usage = response.usage.model_dump(exclude_none=True) if response.usage is not None else None
    answer: dict[str, Any] = {
        "id": key, "answer": message.content, "model": options["model"], "served_by": response.model,
        "finish_reason": choice.finish_reason, "usage": usage, "seconds": round(seconds, 3),
        "answered_at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
    }
    reasoning = (message.model_extra or {}).get("reasoning_content")
    if isinstance(reasoning, str):
        answer["reasoning"] = reasoning
    return answer


def _why(error: Exception) -> str:
    """An error of the client in one line."""
    status = getattr(error, "status_code", None)
    text = " ".join(str(error).split())[:300]
    cause = error.__cause__
    if cause is not None and str(cause) and str(cause) not in text:
        text += f" ({' '.join(str(cause).split())[:200]})"
    return f"HTTP {status}: {text}" if status is not None else text
