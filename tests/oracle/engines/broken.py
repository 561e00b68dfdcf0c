"""Faulty engines for `oracle drive`: the faithful engine with one fault from step N on.

    python tests/oracle/engines/broken.py FAULT [N]

Faults: ``accept-illegal`` (accepts actions the rules forbid, leaving its
state as it was), ``miss-legal`` (leaves the last legal action out of its
list), ``wrong-state`` (a wrong field in the state it returns, with that
state's digest), ``wrong-digest`` (a wrong digest, no state), ``crash``
(exits with code 3 after a message on stderr), ``hang`` (never answers),
``garbage`` (answers with a line that is not JSON), ``shape`` (a legal reply
without its actions), ``wrong-actor``, ``wrong-rule`` (rejects with another
rule id), ``refuse`` (refuses every reset), ``ignore-quit`` (stays alive
after quit and end of input until killed), ``silent-deaf`` (never reads its
input nor answers), ``extra-legal`` (lists an action twice over: once more
with a changed field), ``duplicate`` (lists an action twice), ``bad-chance``
(wrong outcome probabilities), ``wrong-id`` (echoes a wrong request id),
``error-legal`` (answers legal with an error), ``reject-legal`` (rejects
every action), ``inline`` (no fault: sends the digest with every apply
reply, so the oracle needs no state request), ``setup-digest`` (a wrong
digest after the reset), ``state-differs`` (the right digest with a wrong
state), ``probability-count`` (one probability too few), ``twice-key`` (a legal
reply giving its actor twice, the first value another), ``stale-legal`` (also lists an
action of the step before that is no longer in its list), ``kind-digest`` (a wrong
digest from the first action of kind N on, N a type name: a bug of the game's content,
not of its length, as shrinking needs: ``broken.py kind-digest Discard``), ``kind-missing``
(leaves every action of kind N, a type name, out of its legal lists: an action the engine
lacks, ``broken.py kind-missing Discard``), ``kind-accept`` (accepts the illegal actions of
kind N alone, leaving its state as it was: ``broken.py kind-accept Buy``).
"""

import json
import sys
import time
from typing import Any

from faithful import Engine, Reply, digest_of

from rules_oracle.model.core.canon import unstructure
from rules_oracle.oracle.adapters.serve import serve

FAULTS = ("accept-illegal", "miss-legal", "wrong-state", "wrong-digest", "crash", "hang",
          "garbage", "shape", "wrong-actor", "wrong-rule", "refuse", "ignore-quit",
          "silent-deaf", "extra-legal", "duplicate", "bad-chance", "wrong-id", "error-legal",
          "reject-legal", "inline", "setup-digest", "state-differs", "probability-count",
          "twice-key", "stale-legal", "kind-digest", "kind-missing",
          "kind-accept")


class Broken(Engine):
    def __init__(self, fault: str, after: int, kind: str = "") -> None:
        super().__init__()
        self.fault = fault
        self.after = after
        self.previous: list[Any] = []
        self.kind = kind
        self.met = False

    def reset(self, request: dict[str, Any]) -> Reply:
        self.met = False
        return self._reset(request)

    @property
    def due(self) -> bool:
        return self.steps >= self.after

    def _reset(self, request: dict[str, Any]) -> Reply:
        if self.fault == "refuse":
            return {"ok": False, "error": "this engine plays nothing"}
        reply = super().reset(request)
        if self.fault == "setup-digest":
            reply["digest"] = "1" * 64
        return reply

    def legal(self) -> Reply:
        reply = super().legal()
        if not self.due:
            return reply
        if self.fault == "crash":
            sys.stderr.write("engine: something went badly wrong\n")
            sys.stderr.flush()
            sys.exit(3)
        if self.fault == "hang":
            time.sleep(3600)
        if self.fault == "garbage":
            print("this is not json")
            sys.stdout.flush()
        if self.fault == "twice-key":  # a first actor the last value would hide
            print('{"actor": "terminal", ' + json.dumps(reply)[1:])
            sys.stdout.flush()
        if self.fault == "shape":
            del reply["actions"]
        if self.fault == "kind-missing" and reply["actor"] != "chance":
            reply["actions"] = [a for a in reply["actions"] if a["type"] != self.kind]
        if self.fault == "miss-legal" and len(reply["actions"]) >= 2:
            reply["actions"] = reply["actions"][:-1]
            reply.pop("probabilities", None)
        if self.fault == "wrong-actor" and isinstance(reply["actor"], int):
            reply["actor"] += 1
        if self.fault == "extra-legal" and reply["actions"]:
            reply["actions"] = [*reply["actions"], {**reply["actions"][0], "type": "Nothing"}]
            reply.pop("probabilities", None)
        if self.fault == "stale-legal":  # also lists an action of the step before
            previous, self.previous = self.previous, list(reply["actions"])
            stale = [a for a in previous if a not in reply["actions"]]
            if stale and reply["actions"] and reply["actor"] != "chance":
                reply["actions"] = [*reply["actions"], stale[0]]
        if self.fault == "duplicate" and reply["actions"]:
            reply["actions"] = [*reply["actions"], reply["actions"][0]]
        if self.fault == "probability-count" and "probabilities" in reply:
            reply["probabilities"] = reply["probabilities"][1:]
        if self.fault == "bad-chance" and "probabilities" in reply:
            reply["probabilities"] = ["1/1" for _ in reply["probabilities"]]
        if self.fault == "error-legal":
            return {"ok": False, "error": "no idea"}
        return reply

    def handle(self, request: dict[str, Any]) -> Reply | None:
        reply = super().handle(request)
        if self.fault == "wrong-id" and self.due and reply is not None:
            request["id"] = request.get("id", 0) + 1
        return reply

    def apply(self, data: Any) -> Reply:
        if self.fault == "reject-legal" and self.due:
            return {"ok": False, "error": "I do not play"}
        before = self.state
        reply = super().apply(data)
        if reply["ok"] and self.fault == "kind-digest" and data.get("type") == self.kind:
            self.met = True
        if reply["ok"] and self.fault == "inline":
            reply["digest"] = digest_of(unstructure(self.state))
        if not reply["ok"] and self.due:
            if self.fault == "accept-illegal" or (self.fault == "kind-accept"
                                                  and data.get("type") == self.kind):
                self.state = before
                return {"ok": True}
            if self.fault == "wrong-rule":
                reply["rule"] = "nowhere/no-such-rule"
        return reply

    def state_reply(self) -> Reply:
        reply = super().state_reply()
        if self.due and self.fault == "wrong-state":
            state = dict(reply["state"])
            state["config"] = {**state["config"], "players": state["config"]["players"] + 10}
            reply["state"] = state
            reply["digest"] = digest_of(state)
        if self.due and self.fault == "state-differs":
            reply["state"] = {**reply["state"], "surplus": 1}
        if (self.due and self.fault == "wrong-digest") or self.met:
            reply = {"ok": True, "digest": "0" * 64}
        return reply


def main() -> None:
    fault = sys.argv[1]
    if fault not in FAULTS:
        sys.exit(f"unknown fault {fault!r}")
    if fault in ("kind-digest", "kind-missing", "kind-accept"):
        serve(Broken(fault, 0, sys.argv[2]).handle)
        return
    after = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    if fault == "silent-deaf":
        time.sleep(3600)
    serve(Broken(fault, after).handle)
    if fault == "ignore-quit":
        time.sleep(3600)


if __name__ == "__main__":
    main()
