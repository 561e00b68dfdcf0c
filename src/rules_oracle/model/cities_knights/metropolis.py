"""Metropolises (chapter 11): the first to level 4 of a kind places it on a city, a player
reaching level 5 first takes it, and the barbarians cannot reduce it."""

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan.ops import evolve
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import Action, ChooseNode, Stop
from rules_oracle.model.cities_knights.state import CKState, Stage


def free_cities(state: CKState, p: int) -> tuple[int, ...]:
    """``p``'s cities without a metropolis."""
    return tuple(n for n in range(B.N_NODES) if state.node_owner[n] == p
                 and state.node_level[n] == 2 and n not in state.metropolis)


def metropolis_comes(state: CKState, p: int, kind: int, level: int) -> bool:
    """Whether reaching ``level`` of ``kind`` brings ``p`` its metropolis: the first to level
    4 (RB.METROPOLIS_FIRST), or the first to level 5 when its holder has not
    (RB.METROPOLIS_TAKE)."""
    at = state.metropolis[kind]
    if at < 0:
        return level >= D.METROPOLIS_LEVEL
    holder = state.node_owner[at]
    return (holder != p and level == D.MAX_LEVEL
            and state.players[holder].levels[kind] < D.MAX_LEVEL)


def metropolis_actions(state: CKState) -> tuple[Action, ...]:
    return tuple(ChooseNode(n) for n in free_cities(state, state.turn))


def place_metropolis(state: CKState, action: Action) -> CKState:
    if not isinstance(action, ChooseNode | Stop):  # the metropolis's city comes first
        raise RB.RULES.illegal(RB.TURN_ACTOR, f"{type(action).__name__} is not a step of a"
                               " metropolis's placing")
    # a Stop, the metropolis left unplaced, breaks its rule (cities_knights/metropolis-claim)
    if not isinstance(action, ChooseNode) or action.node not in free_cities(state, state.turn):
        raise RB.RULES.illegal(RB.METROPOLIS_FIRST, "the metropolis goes on one's own city without"
                               " one")
    k = state.metro_kind
    metro = (*state.metropolis[:k], action.node, *state.metropolis[k + 1:])
    return evolve(state, metropolis=metro, metro_kind=-1, stage=Stage.MAIN)


def needs_city_rule(state: CKState, p: int, kind: int, level: int) -> str | None:
    """RB.METROPOLIS_NEEDS_CITY when reaching ``level`` of ``kind`` would bring ``p`` a
    metropolis (or, under ``level-four-city=always``, at level 4) and ``p`` has no city
    without one for it; else ``None``. A level 5 that would take a rival's metropolis is
    refused so (cities_knights/level-five-city)."""
    always = state.config.option("level-four-city") == "always" \
        and level == D.METROPOLIS_LEVEL
    if (always or metropolis_comes(state, p, kind, level)) and not free_cities(state, p):
        return RB.METROPOLIS_NEEDS_CITY
    return None


def immune(state: CKState, n: int) -> bool:
    """Whether the city on ``n`` is a metropolis, which the barbarians cannot reduce
    (RB.METROPOLIS_IMMUNE)."""
    return n in state.metropolis
