"""Hand-made Caylus 1303 states for worked examples."""

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus.actions import (
    Action,
    Build,
    BuildPrestige,
    Claim,
    Decline,
    Deliver,
    DrawCharacter,
    DrawTile,
    FirstPlayer,
    MoveProvost,
    Pass,
    PlaceOnSite,
    PlaceWorker,
    StealCharacter,
    TakeCharacter,
    Use,
    UseSite,
)
from rules_oracle.model.caylus.game import GAME
from rules_oracle.model.caylus.ops import put
from rules_oracle.model.caylus.state import CaylusState, Stage
from rules_oracle.model.core import IllegalAction

#: the starting tiles in draw order: the first to the site, the rest to spaces 5-12
TILES = (D.FARM, D.FARM, D.SAWMILL, D.QUARRY, D.MARKET, D.MARKET, D.GUILD4, D.GUILD3,
         D.START_CARPENTER)


def ready(players: int = 3, characters: Iterable[int] | None = None,
          picks: Mapping[int, int] | None = None, first: int = 0,
          variant: Mapping[str, str] | None = None) -> CaylusState:
    """A game set up with fixed draws: the site holds a farm, the wood farm and the stone
    farm; the road the tiles of :data:`TILES`, the wood sawmill (13) and the stone sawmill
    (20); ``first`` starts; ``characters`` drawn (default the first players + 3) and
    ``picks`` ({seat: character}) drafted (default: each takes the first left)."""
    s = GAME.setup(GAME.config(players, dict(variant or {})))
    for k in TILES:
        s = GAME.apply(s, DrawTile(k))
    for k in (D.WOOD_FARM, D.WOOD_SAWMILL, D.STONE_FARM, D.STONE_SAWMILL):
        s = GAME.apply(s, DrawTile(k))
    s = GAME.apply(s, FirstPlayer(first))
    drawn = tuple(characters) if characters is not None else tuple(range(players + 3))
    for c in drawn:
        s = GAME.apply(s, DrawCharacter(c))
    picks = dict(picks or {})
    while s.stage is Stage.DRAFT:
        c = picks.get(s.turn, next(c for c in drawn if s.characters[c] == D.BOARD
                                   and c not in picks.values()))
        s = GAME.apply(s, TakeCharacter(c))
    return s


def holding(state: CaylusState, **who: int) -> CaylusState:
    """``state`` with characters given to seats ({character name: seat}; -1 the board)."""
    chars = state.characters
    for name, seat in who.items():
        chars = put(chars, D.CHARACTERS.index(name.replace("_", "-")), seat)
    return attrs.evolve(state, characters=chars)


def player(state: CaylusState, seat: int, **changes: Any) -> CaylusState:
    """``state`` with seat's player changed (``resources`` may be a mapping name -> n)."""
    pl = state.players[seat]
    res = changes.pop("resources", None)
    if isinstance(res, Mapping):
        changes["resources"] = tuple(res.get(r, 0) for r in D.RESOURCES)
    elif res is not None:
        changes["resources"] = res
    if "workers" in changes and "camp" not in changes:
        changes["camp"] = pl.camp + pl.workers - changes["workers"]
    pl = attrs.evolve(pl, **changes)
    return attrs.evolve(state, players=put(state.players, seat, pl))


def place(state: CaylusState, space: int, seat: int, second: int = -1) -> CaylusState:
    """A worker of ``seat`` (and a second of ``second``) on ``space``, taken from the hand."""
    state = attrs.evolve(state, first_worker=put(state.first_worker, space, seat))
    state = player(state, seat, workers=state.players[seat].workers - 1,
                   camp=state.players[seat].camp)
    if second >= 0:
        state = attrs.evolve(state, second_worker=put(state.second_worker, space, second),
                             journeyman_used=True)
        state = player(state, second, workers=state.players[second].workers - 1,
                       camp=state.players[second].camp)
    return state


def built(state: CaylusState, space: int, kind: int, owner: int, side: int = 1) -> CaylusState:
    """``state`` with ``kind`` built on ``space`` by ``owner`` (taken from the supply)."""
    changes: dict[str, Any] = {}
    if D.MATERIAL[kind] == D.WOODEN:
        changes["wood_supply"] = put(state.wood_supply, kind - D.WOOD_FARM, 0)
    elif D.MATERIAL[kind] == D.STONEN:
        changes["stone_supply"] = put(state.stone_supply, kind - D.STONE_FARM, 0)
    elif D.MATERIAL[kind] == D.PRESTIGE:
        changes["prestige_supply"] = put(state.prestige_supply, kind - D.GARDEN, 0)
    state = attrs.evolve(state, road=put(state.road, space, kind),
                         side=put(state.side, space, side),
                         owner=put(state.owner, space, owner), **changes)
    if owner >= 0:
        state = player(state, owner, houses=state.players[owner].houses - 1)
    return state


def run(state: CaylusState, *actions: Action) -> CaylusState:
    for a in actions:
        state = GAME.apply(state, a)
    return state


def rule_of(state: CaylusState, action: Action) -> str:
    """The rule id the model cites rejecting ``action`` ('' when it is accepted)."""
    try:
        GAME.apply(state, action)
    except IllegalAction as e:
        return e.rule
    return ""


#: a choice of every kind a player makes, in and out of range (a chapter's predicate is
#: checked against ``apply`` on each)
CHOICES: tuple[Action, ...] = (
    Decline(), Pass(), PlaceOnSite(), *(PlaceWorker(s) for s in (-1, 0, 5, 13, D.ROAD_SPACES)),
    *(MoveProvost(k) for k in range(-3, 4)),
    *(Use(o, r) for o in (0, 1, 2) for r in (-1, *D.PLAIN, D.GOLD)),
    *(Use(1, a, b) for a in D.PLAIN for b in D.PLAIN),
    *(Build(k, e) for k in (*D.WOOD_KINDS, *D.STONE_KINDS, D.FARM) for e in (-1, *D.PLAIN)),
    *(Claim(s) for s in (-1, 0, *D.START_SPACES)),
    *(StealCharacter(c) for c in range(-1, len(D.CHARACTERS) + 1)),
    *(TakeCharacter(c) for c in range(-1, len(D.CHARACTERS) + 1)),
    *(UseSite(k) for k in range(-1, D.SITE_SLOTS + 1)),
    *(Deliver(b) for b in D.ANY_BUNDLES[:2]), *(BuildPrestige(k) for k in D.PRESTIGE_KINDS[:2]),
)


def agrees(state: CaylusState, choice_rule: Callable[[CaylusState, Action], str | None]
           ) -> None:
    """Every choice ``apply`` accepts in ``state`` is legal and ``choice_rule`` allows it;
    every one it rejects is illegal and names the rule ``choice_rule`` returns."""
    legal = GAME.legal_actions(state)
    assert legal and all(choice_rule(state, a) is None for a in legal)
    for a in (*CHOICES, *legal):
        why = choice_rule(state, a)
        assert rule_of(state, a) == (why or ""), (state.stage, a)
        assert (why is None) == (a in legal), (state.stage, a)


def prestige(state: CaylusState) -> tuple[int, ...]:
    return tuple(pl.prestige for pl in state.players)


def activating(state: CaylusState, space: int, seat: int, second: int = -1,
               provost: int | None = None) -> CaylusState:
    """A state in activation at ``space`` with ``seat``'s worker on it (the bridge passed
    by everyone, in seat order)."""
    n = state.config.players
    state = place(state, space, seat, second)
    state = attrs.evolve(state, bridge=tuple(range(n)), stage=Stage.ACTIVATION, cursor=space,
                         slot=0, provost=state.provost if provost is None else provost)
    return state



__all__ = ["CHOICES", "GAME", "TILES", "activating", "agrees", "bare", "built", "holding",
           "place", "player", "prestige", "ready", "rule_of", "run"]


def bare(state: CaylusState) -> CaylusState:
    """``state`` with every character in play back on the board (nobody holds one)."""
    return attrs.evolve(state, characters=tuple(D.BOARD if h >= 0 else h
                                                for h in state.characters))
