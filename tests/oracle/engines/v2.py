"""Engines speaking version 2 of the drive protocol: the faithful engine with declarations.

    python tests/oracle/engines/v2.py [OPTION ...]

Options (any number): ``observe=VIEWER:FIELD,FIELD`` (compare observations of that viewer,
``public`` or a seat, reporting those fields), ``unsupported=KIND,KIND`` (declares those
action kinds unsupported, lists none of them and rejects them), ``rolls=KIND,KIND`` (draws
those chance kinds itself, with its own random numbers, and lists no outcome for them),
``inline`` (the observation comes with every apply reply), ``players=N,M`` (declares the
player counts it supports and refuses a reset for another, declaring them),
``probe`` (declares probe and answers the illegal actions of a step in one request),
``play=OPTION:READING``
(plays that reading of an ambiguity whatever the reset asks) and one fault: ``fault=NAME``
with NAME ``wrong-view`` (a wrong value in the first reported field from step 3 on),
``missing-field`` (leaves the last declared field out from step 3 on), ``bad-outcome``
(reports an outcome that cannot happen), ``no-observation`` (answers state with a digest
only), ``undeclared`` (adds a field it did not declare from step 3 on), ``bad-field``
(declares a field the view does not have), ``bad-kind`` (declares an
unsupported kind the game does not have), ``lists-unsupported`` (declares a kind
unsupported but lists its actions all the same), ``swap`` (from step 3 on, lists an action
of a kind the game lacks in place of its last legal action), ``players-mismatch`` (accepts
every count but declares only those of ``players``), ``probe-accept`` (answers ok, without
applying it, to the first action of every probe request), ``probe-extra`` (one result
more than the actions of a probe request), ``probe-short`` (rejects only the first action of
a probe request, saying nothing of the rest), ``probe-error`` (answers every probe request
with an error).
"""

import random
import sys
from typing import Any

from faithful import Engine, Reply

from rules_oracle.model.core.canon import unstructure
from rules_oracle.model.core.game import CHANCE
from rules_oracle.oracle.adapters.serve import serve


class V2(Engine):
    def __init__(self, options: dict[str, str]) -> None:
        super().__init__()
        self.options = options
        viewer, _, fields = options.get("observe", "").partition(":")
        self.viewer: int | str | None = (None if not viewer else
                                         viewer if viewer == "public" else int(viewer))
        self.fields = [f for f in fields.split(",") if f]
        self.unsupported = {k for k in options.get("unsupported", "").split(",") if k}
        self.rolls = {k for k in options.get("rolls", "").split(",") if k}
        self.fault = options.get("fault", "")
        self.rng = random.Random(12345)

    def reset(self, request: dict[str, Any]) -> Reply:
        if "play" in self.options:
            option, _, reading = self.options["play"].partition(":")
            request = {**request, "variant": {**request.get("variant", {}), option: reading}}
        counts = [int(c) for c in self.options.get("players", "").split(",") if c]
        if counts and request.get("players") not in counts and self.fault != "players-mismatch":
            return {"ok": False, "error": f"{request.get('players')} players: not supported",
                    "players": counts}
        reply = super().reset(request)
        if not reply["ok"]:
            return reply
        if counts:
            reply["players"] = counts
        if self.viewer is not None:
            del reply["digest"]
            reply.update(compare="observation", viewer=self.viewer, fields=list(self.fields),
                         observation=self.view())
        if self.fault == "bad-field":
            reply["fields"] = [*self.fields, "no_such_field"]
        if self.unsupported or self.fault == "bad-kind":
            kinds = sorted(self.unsupported)
            reply["unsupported"] = [*kinds, "Teleport"] if self.fault == "bad-kind" else kinds
        if self.rolls:
            reply["rolls"] = sorted(self.rolls)
        if "probe" in self.options:
            reply["probe"] = True
        return reply

    def probe(self, actions: list[Any]) -> Reply:
        if self.fault == "probe-error":
            return {"ok": False, "error": "probes are not answered"}
        results: list[Reply] = []
        for i, action in enumerate(actions):
            if i == 0 and self.fault == "probe-accept":
                results.append({"ok": True})
                break
            results.append(self.apply(action))
            if results[-1]["ok"]:
                break
        if self.fault == "probe-extra":
            results.append({"ok": False, "error": "nothing asked"})
        if self.fault == "probe-short":
            results = results[:1]
        return {"ok": True, "results": results}

    def view(self) -> dict[str, Any]:
        assert self.game is not None and self.viewer is not None
        full = unstructure(self.game.observe(self.state, self.viewer))
        fields = {f: full[f] for f in self.fields}
        if self.steps >= 3 and self.fault == "wrong-view":
            first = self.fields[0]
            fields[first] = {"wrong": True}
        if self.steps >= 3 and self.fault == "missing-field":
            del fields[self.fields[-1]]
        if self.steps >= 3 and self.fault == "undeclared":
            fields["round"] = 1
        return fields

    def legal(self) -> Reply:
        reply = super().legal()
        assert self.game is not None
        if self.game.actor(self.state) == CHANCE:
            kinds = {a["type"] for a in reply["actions"]}
            if kinds and kinds <= self.rolls:
                return {"ok": True, "actor": "chance", "actions": []}
        elif self.fault != "lists-unsupported":
            reply["actions"] = [a for a in reply["actions"] if a["type"] not in self.unsupported]
        if self.fault == "swap" and self.steps >= 3 and len(reply["actions"]) >= 2:
            reply["actions"] = [*reply["actions"][:-1], {"type": "Nothing"}]
            reply.pop("probabilities", None)
        return reply

    def apply(self, data: Any) -> Reply:
        if isinstance(data, dict) and data.get("type") in self.unsupported:
            return {"ok": False, "error": f"{data['type']} is not implemented"}
        reply = super().apply(data)
        if reply["ok"] and self.viewer is not None and "inline" in self.options:
            reply["observation"] = self.view()
        return reply

    def roll(self) -> Reply:
        assert self.game is not None
        outcomes = self.game.chance_outcomes(self.state)
        if self.fault == "bad-outcome":
            return {"ok": True, "chance": {"type": "Nothing"}}
        weights = [float(p) for _, p in outcomes]
        outcome = self.rng.choices([a for a, _ in outcomes], weights)[0]
        self.state = self.game.apply(self.state, outcome)
        self.steps += 1
        return {"ok": True, "chance": unstructure(outcome)}

    def state_reply(self) -> Reply:
        if self.viewer is None or self.fault == "no-observation":
            return super().state_reply()
        return {"ok": True, "observation": self.view()}

    def handle(self, request: dict[str, Any]) -> Reply | None:
        if request.get("op") == "roll" and self.game is not None:
            return self.roll()
        if request.get("op") == "probe" and self.game is not None:
            return self.probe(request["actions"])
        return super().handle(request)


def main() -> None:
    options = dict(arg.partition("=")[::2] for arg in sys.argv[1:])
    serve(V2(options).handle)


if __name__ == "__main__":
    main()
