"""Phase 2, activation ("ФАЗА 2. АКТИВАЦИЯ"): the buildings from the city gate up to the
provost, the Guilds Bridge's provost moves in pass order, the bailiff's step. At its end the
phase hands over to delivery (``stage`` DELIVERY, begun by the game); a favour taken on the
way (:mod:`~model.caylus.favour`) interrupts it, and the game settles it after."""

from rules_oracle.model.caylus import building, character
from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.actions import Action, Decline, MoveProvost
from rules_oracle.model.caylus.ops import evolve, put
from rules_oracle.model.caylus.rules import RULES
from rules_oracle.model.caylus.state import CaylusState, Stage
from rules_oracle.model.core.cite import implements

_ONE_STEP: tuple[int, ...] = (-1, 1)


def begin(state: CaylusState) -> CaylusState:
    return settle(evolve(state, stage=Stage.ACTIVATION, cursor=0, slot=0))


def worker(state: CaylusState) -> int:
    """The seat of the worker now activating."""
    c = state.cursor
    return state.first_worker[c] if state.slot == 0 else state.second_worker[c]


def actor(state: CaylusState) -> int:
    st = state.stage
    if st is Stage.ACTIVATION:
        return worker(state)
    if st is Stage.BRIDGE:
        return state.bridge[state.slot]
    assert st is Stage.BAILIFF
    return character.bailiff(state)


@implements(RB.ACTIVATION_ORDER, RB.ACTIVATION_BEYOND_PROVOST)
def settle(state: CaylusState) -> CaylusState:
    """Move on to the next choice of the phase; at its end, return the workers past the
    provost and hand over to delivery."""
    c, slot = state.cursor, state.slot
    while c <= state.provost and c < D.ROAD_SPACES:
        if c == D.BRIDGE_SPACE:
            if slot < len(state.bridge):
                return evolve(state, stage=Stage.BRIDGE, cursor=c, slot=slot)
            if slot == len(state.bridge) and character.bailiff(state) >= 0:
                return evolve(state, stage=Stage.BAILIFF, cursor=c, slot=slot)
            c, slot = c + 1, 0
            continue
        w = state.first_worker[c] if slot == 0 else state.second_worker[c]
        if w >= 0:
            return evolve(state, stage=Stage.ACTIVATION, cursor=c, slot=slot)
        c, slot = (c, 1) if slot == 0 else (c + 1, 0)
    players = list(state.players)
    for s in range(D.ROAD_SPACES):
        for w in (state.first_worker[s], state.second_worker[s]):
            if w >= 0:
                pl = players[w]
                players[w] = evolve(pl, camp=pl.camp + 1)
    empty = (-1,) * D.ROAD_SPACES
    return evolve(state, players=tuple(players), first_worker=empty, second_worker=empty,
                  cursor=0, slot=0, stage=Stage.DELIVERY)


@implements(RB.ACTIVATION_CHOICE)
def choice_rule(state: CaylusState, action: Action) -> str | None:
    """Why the player on turn may not take ``action`` now, or ``None``: declining (a
    building's effect, the bridge's steps and the bailiff's step may all be left), a step
    bought at the Guilds Bridge (:func:`~model.caylus.building.bridge_rule`), the bailiff's
    step of 1 within the provost's bounds, or the effect of the building activating
    (:func:`~model.caylus.building.effect_rule`)."""
    if isinstance(action, Decline):
        return None
    st = state.stage
    if st is Stage.BRIDGE:
        return building.bridge_rule(state, actor(state), action)
    if st is Stage.BAILIFF:
        # the bailiff's free step of 1, either way, that keeps the provost on the road
        bounded = isinstance(action, MoveProvost) and action.steps in _ONE_STEP \
            and building.provost_moves(state, (action.steps,))
        return None if bounded else RB.CHARACTER_BAILIFF
    c = state.cursor
    return building.effect_rule(state, worker(state), state.road[c], state.side[c], action)


def actions(state: CaylusState) -> tuple[Action, ...]:
    if state.stage is Stage.ACTIVATION:
        # the building's options are the effects effect_rule allows
        c = state.cursor
        return (*building.options(state, worker(state), state.road[c], state.side[c]),
                Decline())
    return (*(a for a in (MoveProvost(k) for k in _ONE_STEP) if choice_rule(state, a) is None),
            Decline())


@implements(RB.ACTIVATION_TO_CAMP)
def step(state: CaylusState, action: Action) -> CaylusState:
    why = choice_rule(state, action)
    if why is not None:
        raise RULES.illegal(why, f"{action} is not a choice now")
    st = state.stage
    if st is Stage.BRIDGE and isinstance(action, MoveProvost):
        # one step bought: 1 worker to the camp; the third step ends the player's move
        state = building.bridge_move(state, state.bridge[state.slot], action.steps)
        if abs(state.provost_steps) < 3:
            return state
    elif st is Stage.BAILIFF and isinstance(action, MoveProvost):
        state = evolve(state, provost=state.provost + action.steps)
    if st is Stage.BRIDGE or st is Stage.BAILIFF:
        return settle(evolve(state, slot=state.slot + 1, provost_steps=0))
    c, seat = state.cursor, worker(state)
    kind, side = state.road[c], state.side[c]
    if not isinstance(action, Decline):
        state = building.apply(state, seat, kind, side, action)
    if state.slot == 0:
        state = building.owner_bonus(state, c, kind)
    pl = state.players[seat]
    state = evolve(state, players=put(state.players, seat, evolve(pl, camp=pl.camp + 1)))
    if state.slot == 0:
        state = evolve(state, first_worker=put(state.first_worker, c, -1), slot=1)
    else:
        state = evolve(state, second_worker=put(state.second_worker, c, -1), cursor=c + 1,
                       slot=0)
    return state if state.favour is not None else settle(state)
