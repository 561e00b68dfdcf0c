"""The game a directed witness search recorded for an ambiguity, replayed, for the tests that
show the readings part on it."""

from typing import Any

from rules_oracle.model.core import Game, unstructure
from rules_oracle.model.core.rules import DIRECTED
from rules_oracle.oracle.witness import directed_actions, find_witness


def directed_witness(game: Game[Any, Any], aid: str, players: int, seed: int,
                     shows: str = "who acts next differs") -> list[Any]:
    """The actions of the directed game registered as ``aid``'s witness: the registration
    names it (and no ``no_witness``), the witness search finds it on ``players`` and
    ``seed`` with its readings telling ``shows`` (by default who acts next) apart, and its
    replay is those actions."""
    amb = game.rules.get_ambiguity(aid)
    known = amb.witness
    assert known is not None and known.policy == DIRECTED and amb.no_witness is None
    witness = find_witness(game, aid, seeds=[])
    assert witness is not None and (witness.players, witness.seed) == (players, seed)
    assert shows in witness.difference
    actions = list(directed_actions(game, game.config(players, {}), known))
    assert [unstructure(a) for a in actions] == list(witness.actions)
    return actions
