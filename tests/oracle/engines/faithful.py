"""A faithful implementation of the `oracle drive` protocol (docs/protocol.md) wrapping the model.

It plays the part of a foreign engine: it speaks to the oracle only through
JSON lines on standard input and output, and uses of the oracle package only the
protocol's answer loop that Python adapters share (``oracle.adapters.serve``), never
what compares. Run it as a script:

    oracle drive --game crafts -- python tests/oracle/engines/faithful.py

``broken.py`` beside it derives the faulty engines the tests drive.
"""

import hashlib
import json
from typing import Any

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import structure, unstructure
from rules_oracle.model.core.errors import ConfigError, IllegalAction
from rules_oracle.model.core.game import CHANCE, TERMINAL, Game
from rules_oracle.oracle.adapters.serve import serve

Reply = dict[str, Any]


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest_of(data: Any) -> str:
    return hashlib.sha256(canonical(data).encode("utf-8")).hexdigest()


class Engine:
    """Answers one request at a time; subclasses change single answers."""

    def __init__(self) -> None:
        self.game: Game[Any, Any] | None = None
        self.state: Any = None
        #: actions applied since the reset
        self.steps = 0

    # -- requests ----------------------------------------------------------------
    def handle(self, request: dict[str, Any]) -> Reply | None:
        op = request.get("op")
        if op == "quit":
            return None
        if op == "reset":
            return self.reset(request)
        if self.game is None:
            return {"ok": False, "error": "no game: send reset first"}
        if op == "legal":
            return self.legal()
        if op == "apply":
            return self.apply(request.get("action"))
        if op == "state":
            return self.state_reply()
        return {"ok": False, "error": f"unknown op {op!r}"}

    def reset(self, request: dict[str, Any]) -> Reply:
        try:
            game = registry.get(str(request.get("game")))
            config = game.config(int(request["players"]), request.get("variant") or {})
        except (KeyError, ConfigError, TypeError, ValueError) as exc:
            return {"ok": False, "error": f"cannot play that: {exc}"}
        self.game = game
        self.state = game.setup(config)
        self.steps = 0
        data = unstructure(self.state)
        return {"ok": True, "digest": digest_of(data)}

    def legal(self) -> Reply:
        game, state = self.game, self.state
        assert game is not None
        who = game.actor(state)
        if who == CHANCE:
            outcomes = game.chance_outcomes(state)
            return {"ok": True, "actor": "chance",
                    "actions": [unstructure(a) for a, _ in outcomes],
                    "probabilities": [f"{p.numerator}/{p.denominator}" for _, p in outcomes]}
        actor: int | str = "terminal" if who == TERMINAL else who
        return {"ok": True, "actor": actor,
                "actions": [unstructure(a) for a in game.legal_actions(state)]}

    def read_action(self, data: Any) -> Any:
        assert self.game is not None
        types = {cls.__name__: cls for cls in self.game.action_types}
        if not isinstance(data, dict) or data.get("type") not in types:
            raise ValueError("not an action of this game")
        return structure(data, types[data["type"]])

    def apply(self, data: Any) -> Reply:
        assert self.game is not None
        try:
            action = self.read_action(data)
        except Exception as exc:
            return {"ok": False, "error": f"cannot read the action: {exc}"}
        try:
            self.state = self.game.apply(self.state, action)
        except IllegalAction as exc:
            return {"ok": False, "rule": exc.rule, "error": exc.message}
        self.steps += 1
        return {"ok": True}

    def state_reply(self) -> Reply:
        data = unstructure(self.state)
        return {"ok": True, "digest": digest_of(data), "state": data}


if __name__ == "__main__":
    serve(Engine().handle)
