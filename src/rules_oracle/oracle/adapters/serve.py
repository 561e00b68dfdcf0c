"""The drive protocol's answer loop (docs/protocol.md), for engines and adapters written in
Python: read one request line, hand it to the engine, write its reply as one line.

An engine supplies only ``handle(request) -> reply`` (``None`` ends the loop, as ``quit``
does); the loop skips blank lines, copies a request's ``id`` into its reply, writes each reply
as compact JSON with sorted keys (ASCII, so any locale's standard output carries it) and
flushes after every line, so the oracle is never left waiting on a buffered reply.
"""

import json
import sys
from collections.abc import Callable, Iterable
from typing import Any, TextIO

Json = dict[str, Any]


def line(reply: Json) -> str:
    """One reply as the line the loop writes (without its newline)."""
    return json.dumps(reply, sort_keys=True, separators=(",", ":"))


def serve(handle: Callable[[Json], Json | None], requests: Iterable[str] | None = None,
          out: TextIO | None = None) -> int:
    """Answer request lines (standard input by default) on ``out`` (standard output) until
    ``handle`` returns ``None`` or the input ends; the number of replies written."""
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
