"""The protocol's answer loop shared by Python engines and adapters (oracle.adapters.serve)."""

import io
import json
from typing import Any

from rules_oracle.oracle.adapters.serve import line, serve


def _echo(request: dict[str, Any]) -> dict[str, Any] | None:
    if request.get("op") == "quit":
        return None
    return {"ok": True, "op": request.get("op"), "name": "é"}


def test_replies_one_line_each_with_the_requests_id_until_quit() -> None:
    out = io.StringIO()
    requests = ['{"op":"reset","id":7}\n', "\n", '{"op":"legal"}\n', '{"op":"quit"}\n',
                '{"op":"legal","id":9}\n']
    assert serve(_echo, requests, out) == 2
    lines = out.getvalue().splitlines()
    assert [json.loads(x) for x in lines] == [
        {"ok": True, "op": "reset", "name": "é", "id": 7},
        {"ok": True, "op": "legal", "name": "é"}]
    # compact, sorted keys, ASCII
    assert lines[1] == '{"name":"\\u00e9","ok":true,"op":"legal"}'
    assert line({"b": 1, "a": [1, 2]}) == '{"a":[1,2],"b":1}'


def test_the_end_of_input_ends_the_loop() -> None:
    out = io.StringIO()
    assert serve(_echo, ['{"op":"state"}'], out) == 1
    assert out.getvalue().endswith("\n")


def test_an_object_with_a_handle_method_is_served_too() -> None:
    class Echo:
        def handle(self, request: dict[str, Any]) -> dict[str, Any] | None:
            return _echo(request)

    out = io.StringIO()
    assert serve(Echo(), ['{"op":"legal","id":1}', '{"op":"quit"}'], out) == 1
    assert json.loads(out.getvalue()) == {"ok": True, "op": "legal", "name": "é", "id": 1}
