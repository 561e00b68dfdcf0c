"""After a known deviation lets an extra action pass, the drive still probes that action
where the model rejects it under a rule the entry does not cover."""

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from rules_oracle.model.core import registry
from rules_oracle.model.core.game import Config
from rules_oracle.model.core.play import playout
from rules_oracle.oracle import drive as drv
from rules_oracle.oracle.known import parse

ENGINES = Path(__file__).resolve().parent / "engines"
LAX = [sys.executable, str(ENGINES / "lax_cards.py")]
NOT_NEW = "catan/development.not-new"
ONE = "catan/development.one-per-turn"
CARDS = ["PlayKnight", "PlayYearOfPlenty", "PlayMonopoly", "PlayRoadBuilding"]


def known(*extra: dict[str, Any]) -> Any:
    return parse(json.dumps({
        "version": 1, "engine": "lax_cards", "game": "catan", "deviations": [
            {"id": "new-listed", "class": "engine-bug", "rule": NOT_NEW,
             "explanation": "lists a development card bought this turn",
             "match": {"kind": "legal", "rule": NOT_NEW, "action": CARDS, "legal": "extra"},
             "continue": True},
            {"id": "new-accepted", "class": "engine-bug", "rule": NOT_NEW,
             "explanation": "plays a development card bought this turn",
             "match": {"kind": "accepts-illegal", "rule": NOT_NEW, "action": CARDS}},
            *extra]}), "known.json")


@pytest.mark.rules(NOT_NEW, ONE)
def test_a_second_card_accepted_after_a_new_card_was_let_pass_is_caught() -> None:
    run = drv.drive(LAX, [registry.get("catan")], count=1, seed=1, players=4,
                    known=known()).games[0]
    div = run.divergence
    assert div is not None and run.known is None, run.to_json()["status"]
    assert div.kind == "accepts-illegal" and div.rule == ONE
    assert div.action == {"type": "PlayKnight"}
    # the extra listing was let pass (as often as seed 1's play met it) and play went on
    assert set(dict(run.tolerated)) == {"new-listed"} and dict(run.tolerated)["new-listed"] >= 1


class _Peer:
    """Answers every apply ok (an engine that accepts anything); records what it got."""

    def __init__(self) -> None:
        self.sent: list[Any] = []

    def request(self, op: str, **fields: Any) -> dict[str, Any]:
        self.sent.append(fields.get("action"))
        return {"ok": True}


def _one_per_turn_state() -> tuple[Any, Config]:
    """A Catan state where a knight is refused only because a card was played this turn."""
    from rules_oracle.model.catan.actions import PlayKnight
    from rules_oracle.model.core.errors import IllegalAction

    game = registry.get("catan")
    config = game.config(4)
    for step in playout(game, config, 1):
        if game.actor(step.state) < 0:
            continue
        try:
            game.apply(step.state, PlayKnight())
        except IllegalAction as exc:
            if exc.rule == ONE:
                return step.state, config
    raise AssertionError("no such state")  # pragma: no cover


def _game(peer: _Peer, deviations: Any, probes: int = 2) -> Any:
    state, config = _one_per_turn_state()
    run = drv._Game(peer, registry.get("catan"), config, 1, "uniform", probes, False, 2,
                    deviations)
    run.watched = {'{"type":"PlayKnight"}': {"type": "PlayKnight"}}
    return run, state


@pytest.mark.rules(ONE)
def test_a_watched_action_is_probed_where_no_entry_covers_it() -> None:
    peer = _Peer()
    run, state = _game(peer, known())
    with pytest.raises(drv._Stop) as stop:
        run._send_probes(5, run._watched_probes(5, state), state)
    # the knight, then the requests that try to bring the engine back in step (its state,
    # a reset and its state again: a peer that reports no state cannot be)
    assert [a for a in peer.sent if a is not None] == [{"type": "PlayKnight"}]
    assert stop.value.divergence.kind == "accepts-illegal"
    assert "play stopped" in stop.value.divergence.message
    assert stop.value.divergence.rule == ONE
    assert run.probes_sent == 1


@pytest.mark.rules(ONE)
def test_a_watched_action_is_not_probed_where_an_entry_covers_it_it_is_listed_or_no_probes(
        ) -> None:
    covered = {"id": "second-accepted", "class": "engine-bug", "rule": ONE,
               "explanation": "plays a second card",
               "match": {"kind": "accepts-illegal", "rule": ONE, "action": ["PlayKnight"]}}
    for deviations, offered, probes in ((known(covered), (), 2),
                                        (known(), ({"type": "PlayKnight"},), 2),
                                        (known(), (), 0)):
        peer = _Peer()
        run, state = _game(peer, deviations, probes)
        run.offered = offered
        run._send_probes(5, run._watched_probes(5, state), state)
        assert peer.sent == [] and run.probes_sent == 0
