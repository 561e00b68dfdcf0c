"""Phase 4, stewardship ("ФАЗА 4. УПРАВЛЕНИЕ"): residences, prestige buildings,
recruitment, the provost's reset, the round marker. At its end the phase hands over to
the next round's planning (``stage`` PLANNING) or, after the last round, to the end of the
game (``stage`` OVER, :mod:`~model.caylus.end`), each begun by the game."""

from rules_oracle.model.caylus import character
from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.actions import Action, BuildPrestige, Decline
from rules_oracle.model.caylus.ops import (
    bump,
    covers,
    evolve,
    favour,
    gain_workers,
    minus,
    put,
    within_supply,
)
from rules_oracle.model.caylus.rules import RULES
from rules_oracle.model.caylus.state import CaylusState, Player, Stage
from rules_oracle.model.core.cite import implements


@implements(RB.STEWARDSHIP_RESIDENCES)
def begin(state: CaylusState) -> CaylusState:
    """Housed starting tiles become residences; then the prestige choices from the bridge."""
    side = tuple(1 if k >= 0 and D.MATERIAL[k] == D.START and state.owner[s] >= 0 else x
                 for s, (k, x) in enumerate(zip(state.road, state.side, strict=True)))
    return settle(evolve(state, side=side, stage=Stage.PRESTIGE, cursor=D.BRIDGE_SPACE + 1))


def _residence(state: CaylusState, s: int) -> bool:
    k = state.road[s]
    return k >= 0 and D.MATERIAL[k] == D.START and state.side[s] == 1


def _housed(state: CaylusState, seat: int) -> bool:
    """Whether ``seat``'s houses allow a prestige building: always under the default
    reading (the residence's house marks it), only with a house in stock under
    ``prestige_house=stock``."""
    return state.config.option("prestige_house") == "residence" or \
        state.players[seat].houses >= 1


@implements(RB.STEWARDSHIP_PRESTIGE)
def prestige_rule(state: CaylusState, seat: int, kind: int) -> str | None:
    """Why ``seat`` may not replace his residence by the prestige building ``kind`` now
    (his houses, the building still in the supply, its cost in hand), or ``None``."""
    if not _housed(state, seat):
        return RB.COMPONENTS_HOUSE_LIMIT
    if kind not in D.PRESTIGE_KINDS or not state.prestige_supply[D.PRESTIGE_KINDS.index(kind)] \
            or not covers(state.players[seat].resources, D.COST[kind][0]):
        return RB.STEWARDSHIP_PRESTIGE
    return None


def choice_rule(state: CaylusState, action: Action) -> str | None:
    """Why the residence's owner may not take ``action`` now, or ``None``: a prestige
    building (:func:`prestige_rule`), or leaving the residence as it is."""
    if isinstance(action, Decline):
        return None
    if isinstance(action, BuildPrestige):
        return prestige_rule(state, actor(state), action.kind)
    return RB.STEWARDSHIP_PRESTIGE if _housed(state, actor(state)) else \
        RB.COMPONENTS_HOUSE_LIMIT


def actions(state: CaylusState) -> tuple[Action, ...]:
    owner = actor(state)
    return (*(BuildPrestige(k) for k in D.PRESTIGE_KINDS
              if prestige_rule(state, owner, k) is None), Decline())


def actor(state: CaylusState) -> int:
    return state.owner[state.cursor]


def settle(state: CaylusState) -> CaylusState:
    """The next residence whose owner can afford a prestige building; after the road's end,
    recruitment, the provost and the next round (or the end)."""
    c = state.cursor
    while c < D.ROAD_SPACES:
        if _residence(state, c):
            moved = evolve(state, cursor=c)
            if len(actions(moved)) > 1:
                return moved
        c += 1
    return _end_round(state)


@implements(RB.STEWARDSHIP_THEATRE)
def step(state: CaylusState, action: Action) -> CaylusState:
    why = choice_rule(state, action)
    if why is not None:
        raise RULES.illegal(why, f"{action} is not a prestige choice here")
    c = state.cursor
    if isinstance(action, BuildPrestige):
        seat = state.owner[c]
        k = action.kind
        pl = state.players[seat]
        pp = D.PRESTIGE_POINTS[k] + character.architect_pp(state, seat)
        pl = evolve(pl, resources=minus(pl.resources, D.COST[k][0]), prestige=pl.prestige + pp)
        i = k - D.GARDEN
        state = evolve(state, players=put(state.players, seat, pl),
                       road=put(state.road, c, k), side=put(state.side, c, 0),
                       prestige_supply=put(state.prestige_supply, i, 0))
        if k == D.THEATRE:
            state = favour(state, seat)
    state = evolve(state, cursor=c + 1)
    return state if state.favour is not None else settle(state)


@implements(RB.STEWARDSHIP_RECRUITMENT)
def recruits(state: CaylusState, seat: int) -> tuple[int, int, int]:
    """(workers, food, fabric) ``seat`` recruits."""
    workers = D.RECRUIT[state.config.players]
    food = fabric = 0
    for s in range(D.ROAD_SPACES):
        if state.owner[s] != seat:
            continue
        k = state.road[s]
        if _residence(state, s):
            workers += D.RESIDENCE_WORKERS
        elif k == D.GARDEN:
            workers += D.GARDEN_WORKERS
        elif k == D.GRANARY:
            food += 1
        elif k == D.FACTORY:
            fabric += 1
    workers += character.day_labourer(state, seat)
    return workers, food, fabric


@implements(RB.STEWARDSHIP_PROVOST)
def provost_reset(state: CaylusState) -> int:
    """The provost's place (spaces up to it activate) on the city-gate side of the last
    building, not counting the set-up stone building while a space before it is empty
    (option ``provost_reset=far-side``: after the last building, the stone building not
    counting while a space after it is empty)."""
    gate = state.config.option("provost_reset") == "gate-side"
    spaces = range(D.STONE_SPACE) if gate else range(D.STONE_SPACE + 1, D.ROAD_SPACES)
    gap = any(state.road[s] < 0 for s in spaces)
    last = max(s for s in range(D.ROAD_SPACES)
               if state.road[s] >= 0 and not (gap and s == D.STONE_SPACE))
    return last - 1 if gate else last


@implements(RB.STEWARDSHIP_ROUND)
def _end_round(state: CaylusState) -> CaylusState:
    for seat in range(state.config.players):
        w, food, fabric = recruits(state, seat)
        old: Player = state.players[seat]
        pl = gain_workers(old, w)
        pl = evolve(pl, resources=bump(bump(pl.resources, D.FOOD, food), D.FABRIC, fabric))
        pl = within_supply(state, seat, old.resources, pl)
        state = evolve(state, players=put(state.players, seat, pl))
    state = evolve(state, provost=provost_reset(state), cursor=0)
    if state.round == D.ROUNDS:
        return evolve(state, stage=Stage.OVER)
    return evolve(state, round=state.round + 1, stage=Stage.PLANNING)
