"""The drive protocol's answer loop (docs/protocol.md), for engines and adapters written in
Python: read one request line, hand it to the engine, write its reply as one line.

An engine supplies only ``handle(request) -> reply`` (``None`` ends the loop, as ``quit``
does), as a function or as an object's ``handle`` method; the loop skips blank lines,
copies a request's ``id`` into its reply, writes each reply as compact JSON with sorted
keys (ASCII, so any locale's standard output carries it) and flushes after every line, so
the oracle is never left waiting on a buffered reply.
"""

import json
import sys
from collections.abc import Callable, Iterable
from typing import Any, Protocol, TextIO

Json = dict[str, Any]
Handler = Callable[[Json], Json | None]


class Engine(Protocol):
    """An object answering the protocol's requests."""

    def handle(self, request: Json) -> Json | None: ...


def line(reply: Json) -> str:
    """One reply as the line the loop writes (without its newline)."""
    return json.dumps(reply, sort_keys=True, separators=(",", ":"))


def serve(engine: Handler | Engine, requests: Iterable[str] | None = None,
          out: TextIO | None = None) -> int:
    """Answer request lines (standard input by default) on ``out`` (standard output) until
    the engine's ``handle`` returns ``None`` or the input ends; the number of replies
    written."""
    handle: Handler = engine.handle if not callable(engine) else engine
    answered = 0
    sink = sys.stdout if out is None else out
    for raw in sys.stdin if requests is None else requests:
        if not raw.strip():
            continue
        request = json.loads(raw)
        reply = handle(request)
        if reply is None:
            break
        if "id" in request:
            reply["id"] = request["id"]
        sink.write(line(reply) + "\n")
        sink.flush()
        answered += 1
    return answered
