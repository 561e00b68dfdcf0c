"""An engine of compound steps (docs/protocol.md, version 2): one action of its covers several
model steps, as a real engine's roll covers the dice and the production they bring.

    python tests/oracle/engines/compound.py FIRST,FIRST:THEN,THEN [...] [fault=NAME]

Each ``FIRST:THEN`` argument declares a compound step (a step of a FIRST kind, then the
chance and forced steps of THEN kinds after it, in one ``apply``). The engine has no state
between the steps of a compound step: asked for its legal actions where only a chance step of
a THEN kind could come (a Catan roll's dice after ``RollDice``), it answers with an error, and
an ``apply`` of such a chance step on its own is refused (a player's choice of a THEN kind
comes on its own where it is a choice); it applies a compound step all or nothing.

Faults: ``city-one`` (Catan: in the compound roll a city yields one card, as a settlement
does), ``lie`` (the last chance step of a compound step is applied with another outcome
than the one sent, when the step has another), ``skip`` (the steps after the first are
not applied), ``refuse-then`` (refuses every compound step of more than one step),
``miss-legal`` (leaves the last of a player's legal actions out of its list).
"""

import sys
from typing import Any

import attrs
from faithful import Engine, Reply

from rules_oracle.model.core.errors import IllegalAction
from rules_oracle.model.core.game import CHANCE
from rules_oracle.oracle.adapters.serve import serve


class Compound(Engine):
    def __init__(self, declared: list[tuple[list[str], list[str]]], fault: str) -> None:
        super().__init__()
        self.declared = declared
        self.fault = fault
        self.firsts = {k for first, _ in declared for k in first}
        self.thens = {k for _, then in declared for k in then}

    def reset(self, request: dict[str, Any]) -> Reply:
        reply = super().reset(request)
        if reply["ok"]:
            reply["compound"] = [{"first": f, "then": t} for f, t in self.declared]
        return reply

    def handle(self, request: dict[str, Any]) -> Reply | None:
        if request.get("op") == "apply" and self.game is not None:
            return self.compound(request.get("action"), request.get("then") or [])
        return super().handle(request)

    def inside(self) -> bool:
        """True where only a step inside a compound step could come: a state this engine
        never has."""
        assert self.game is not None
        if self.game.actor(self.state) != CHANCE:
            return False
        kinds = {type(a).__name__ for a, _ in self.game.chance_outcomes(self.state)}
        return kinds <= self.thens and not kinds & self.firsts

    def legal(self) -> Reply:
        if self.inside():
            return {"ok": False, "error": "no such state: the roll and its dice are one action"}
        reply = super().legal()
        if (self.fault == "miss-legal" and reply["actor"] not in ("chance", "terminal")
                and len(reply["actions"]) >= 2):
            reply["actions"] = reply["actions"][:-1]
        return reply

    def compound(self, first: Any, then: list[Any]) -> Reply:
        assert self.game is not None
        if (isinstance(first, dict) and first.get("type") in self.thens - self.firsts
                and self.game.actor(self.state) == CHANCE):
            return {"ok": False, "error": f"{first['type']} comes only inside a compound step"}
        if then and self.fault == "refuse-then":
            return {"ok": False, "error": "one step at a time"}
        before, steps = self.state, self.steps
        for i, data in enumerate([first, *then]):
            if i > 0 and self.fault == "skip":
                break
            if i > 0 and i == len(then) and self.fault == "lie":
                data = self.other_outcome(data)
            if i == 1 and self.fault == "city-one" and data.get("type") == "Dice":
                reply = self.city_one(data)
            else:
                reply = self.apply(data)
            if not reply["ok"]:
                self.state, self.steps = before, steps
                return reply
        return {"ok": True}

    def other_outcome(self, data: Any) -> Any:
        """Another possible outcome of the chance step due (``data`` when it has none)."""
        assert self.game is not None
        if self.game.actor(self.state) != CHANCE:
            return data
        for outcome, _ in self.game.chance_outcomes(self.state):
            other = self.game.apply(self.state, outcome)
            if other != self.game.apply(self.state, self.read_action(data)):
                from rules_oracle.model.core.canon import unstructure

                return unstructure(outcome)
        return data

    def city_one(self, data: Any) -> Reply:
        """The dice rolled with cities producing as settlements: the hands and the bank of
        that roll, the board as it was."""
        assert self.game is not None
        state = self.state
        level = tuple(min(v, 1) for v in state.node_level)
        try:
            produced = self.game.apply(attrs.evolve(state, node_level=level),
                                       self.read_action(data))
        except IllegalAction as exc:
            return {"ok": False, "rule": exc.rule, "error": exc.message}
        self.state = attrs.evolve(produced, node_level=state.node_level)
        self.steps += 1
        return {"ok": True}


def main() -> None:
    declared: list[tuple[list[str], list[str]]] = []
    fault = ""
    for arg in sys.argv[1:]:
        if arg.startswith("fault="):
            fault = arg.removeprefix("fault=")
            continue
        first, _, then = arg.partition(":")
        declared.append((first.split(","), then.split(",")))
    serve(Compound(declared, fault))


if __name__ == "__main__":
    main()
