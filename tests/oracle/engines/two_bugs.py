"""An engine with two independent bugs: it accepts one illegal action, and later its state
goes wrong.

    python tests/oracle/engines/two_bugs.py ACCEPT_AT WRONG_AT [changed] [no-reset]

From step ``ACCEPT_AT`` on it accepts the first action the rules forbid (once a game),
leaving its state as it was, or with ``changed`` going back to the state after set-up (a
change the oracle sees); from step ``WRONG_AT`` on it answers a wrong digest. With
``no-reset`` it refuses a reset of the game it plays (it cannot be brought back by a replay).
"""

import sys
from typing import Any

from faithful import Engine, Reply

from rules_oracle.oracle.adapters.serve import serve


class TwoBugs(Engine):
    def __init__(self, accept_at: int, wrong_at: int, options: set[str]) -> None:
        super().__init__()
        self.accept_at = accept_at
        self.wrong_at = wrong_at
        self.options = options
        self.seed: Any = None
        self.accepted = False
        self.initial: Any = None

    def reset(self, request: dict[str, Any]) -> Reply:
        again = request.get("seed") == self.seed
        if again and "no-reset" in self.options:
            return {"ok": False, "error": "this game is under way"}
        if not again:
            self.seed, self.accepted = request.get("seed"), False
        reply = super().reset(request)
        self.initial = self.state
        return reply

    def apply(self, data: Any) -> Reply:
        reply = super().apply(data)
        if not reply["ok"] and self.steps >= self.accept_at and not self.accepted:
            self.accepted = True
            if "changed" in self.options:
                self.state = self.initial
            return {"ok": True}
        return reply

    def state_reply(self) -> Reply:
        if self.steps >= self.wrong_at:
            return {"ok": True, "digest": "0" * 64}
        return super().state_reply()


def main() -> None:
    serve(TwoBugs(int(sys.argv[1]), int(sys.argv[2]), set(sys.argv[3:])))


if __name__ == "__main__":
    main()
