"""A Catan engine that lets development cards through: the faithful engine, which also
lists a card bought this turn (the model forbids it under ``catan/development.not-new``)
and accepts, without listing it, a card the model forbids under another rule.

    python tests/oracle/engines/lax_cards.py [ACCEPT_RULE]

``ACCEPT_RULE`` (default ``catan/development.one-per-turn``): a development card the model
rejects under that rule is answered ``ok: true`` (the engine's state is left as it was).
A known file that lets the listed new cards pass must not hide the accepted ones.
"""

import sys
from typing import Any

from faithful import Engine, Reply

from rules_oracle.model.core.canon import structure
from rules_oracle.model.core.errors import IllegalAction
from rules_oracle.model.core.game import CHANCE, TERMINAL
from rules_oracle.oracle.adapters.serve import serve

NOT_NEW = "catan/development.not-new"
CARDS = ([{"type": "PlayKnight"}, {"type": "PlayRoadBuilding"}]
         + [{"type": "PlayMonopoly", "resource": r} for r in range(5)]
         + [{"type": "PlayYearOfPlenty", "first": a, "second": b}
            for a in range(5) for b in range(a, 5)])


class Lax(Engine):
    def __init__(self, accept: str) -> None:
        super().__init__()
        self.accept = accept

    def rejection(self, data: Any) -> str | None:
        """The rule the model rejects card ``data`` under now (``None``: it allows it)."""
        assert self.game is not None
        types = {cls.__name__: cls for cls in self.game.action_types}
        try:
            self.game.apply(self.state, structure(data, types[data["type"]]))
        except IllegalAction as exc:
            return exc.rule
        return None

    def legal(self) -> Reply:
        reply = super().legal()
        assert self.game is not None
        if self.game.actor(self.state) not in (CHANCE, TERMINAL):
            listed = {str(a) for a in reply["actions"]}
            reply["actions"] += [c for c in CARDS if self.rejection(c) == NOT_NEW
                                 and str(c) not in listed]
        return reply

    def apply(self, data: Any) -> Reply:
        if (isinstance(data, dict) and data in CARDS and self.game is not None
                and self.game.actor(self.state) >= 0 and self.rejection(data) == self.accept):
            return {"ok": True}
        return super().apply(data)


if __name__ == "__main__":
    serve(Lax(sys.argv[1] if len(sys.argv) > 1 else "catan/development.one-per-turn"))
