"""Phase 2, activation ("ФАЗА 2. АКТИВАЦИЯ"): the buildings from the city gate up to the
provost, the Guilds Bridge's provost moves in pass order, the bailiff's step; and favours
("ПРИВИЛЕГИЯ"), which interrupt any phase."""

from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import effects as E
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.actions import (
    Action,
    Decline,
    MoveProvost,
    StealCharacter,
    TakeCharacter,
    UseSite,
)
from rules_oracle.model.caylus.ops import bump, evolve, put, return_workers
from rules_oracle.model.caylus.rules import RULES
from rules_oracle.model.caylus.state import CaylusState, Favour, FavourStep, Stage

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
    return E.holder(state, D.BAILIFF)


def settle(state: CaylusState) -> CaylusState:
    """Move on to the next choice of the phase; at its end, return the workers past the
    provost and begin delivery."""
    c, slot = state.cursor, state.slot
    while c <= state.provost and c < D.ROAD_SPACES:
        if c == D.BRIDGE_SPACE:
            if slot < len(state.bridge):
                return evolve(state, stage=Stage.BRIDGE, cursor=c, slot=slot)
            if slot == len(state.bridge) and E.holder(state, D.BAILIFF) >= 0:
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
    from rules_oracle.model.caylus.delivery import begin as deliver

    return deliver(evolve(state, players=tuple(players), first_worker=empty,
                          second_worker=empty, cursor=0, slot=0))


def actions(state: CaylusState) -> tuple[Action, ...]:
    st = state.stage
    if st is Stage.ACTIVATION:
        c = state.cursor
        return (*E.options(state, worker(state), state.road[c], state.side[c]), Decline())
    if st is Stage.BRIDGE:
        bought = state.provost_steps
        steps: tuple[int, ...] = ()
        if state.players[actor(state)].workers >= 1:
            steps = (-1,) if bought < 0 else (1,) if bought > 0 else _ONE_STEP
    else:
        steps = _ONE_STEP
    return (*(MoveProvost(k) for k in steps
              if D.PROVOST_MIN <= state.provost + k <= D.PROVOST_MAX), Decline())


def _why(state: CaylusState, action: Action) -> str:
    st = state.stage
    if st is Stage.BRIDGE:
        if isinstance(action, MoveProvost) and action.steps in _ONE_STEP and (
                state.provost_steps * action.steps >= 0) and state.players[
                actor(state)].workers >= 1:
            return RB.PROVOST_BOUNDS
        return RB.BUILDING_BRIDGE
    if st is Stage.BAILIFF:
        return RB.CHARACTER_BAILIFF
    return E.rule_of(state.road[state.cursor])


def step(state: CaylusState, action: Action) -> CaylusState:
    if action not in actions(state):
        raise RULES.illegal(_why(state, action), f"{action} is not a choice now")
    st = state.stage
    if st is Stage.BRIDGE and isinstance(action, MoveProvost):
        # one step bought: 1 worker to the camp; the third step ends the player's move
        p = state.bridge[state.slot]
        bought = state.provost_steps + action.steps
        state = evolve(state, provost=state.provost + action.steps, provost_steps=bought,
                       players=put(state.players, p, return_workers(state.players[p], 1)))
        if abs(bought) < 3:
            return state
    elif st is Stage.BAILIFF and isinstance(action, MoveProvost):
        state = evolve(state, provost=state.provost + action.steps)
    if st is Stage.BRIDGE or st is Stage.BAILIFF:
        return settle(evolve(state, slot=state.slot + 1, provost_steps=0))
    c, seat = state.cursor, worker(state)
    kind, side = state.road[c], state.side[c]
    if not isinstance(action, Decline):
        state = E.apply(state, seat, kind, side, action)
    if state.slot == 0 and kind in E.STONE_PRODUCTION:
        state = _owner_bonus(state, c, kind)
    pl = state.players[seat]
    state = evolve(state, players=put(state.players, seat, evolve(pl, camp=pl.camp + 1)))
    if state.slot == 0:
        state = evolve(state, first_worker=put(state.first_worker, c, -1), slot=1)
    else:
        state = evolve(state, second_worker=put(state.second_worker, c, -1), cursor=c + 1,
                       slot=0)
    return state if state.favour is not None else settle(state)


def _owner_bonus(state: CaylusState, c: int, kind: int) -> CaylusState:
    """The owner's bonus resource: once, and never with his own worker on the building."""
    owner = state.owner[c]
    if owner < 0 or owner in (state.first_worker[c], state.second_worker[c]):
        return state
    pl = state.players[owner]
    r = D.PRODUCES[kind]
    pl = E.within_supply(state, owner, pl.resources,
                         evolve(pl, resources=bump(pl.resources, r, 1)))
    return evolve(state, players=put(state.players, owner, pl))


# -- favours ------------------------------------------------------------------------------------
def favour_actions(state: CaylusState) -> tuple[Action, ...]:
    fav = state.favour
    assert fav is not None
    if fav.step is FavourStep.CHOOSE:
        steal = tuple(StealCharacter(c) for c, h in enumerate(state.characters)
                      if h >= 0 and h != fav.seat)
        required = state.config.option("favour_effect") == "required"
        site = tuple(UseSite(k) for k in range(D.site_slots_open(state.round))
                     if not required or E.options(state, fav.seat, state.site[k], 0))
        # nothing the favour could do (reading required): it lapses
        return (*steal, *site) if steal or site else (Decline(),)
    if fav.step is FavourStep.EFFECT:
        opts = E.options(state, fav.seat, state.site[fav.slot], 0)
        return opts if state.config.option("favour_effect") == "required" else (
            *opts, Decline())
    return (*(TakeCharacter(c) for c, h in enumerate(state.characters) if h == D.BOARD),
            Decline())


def favour_step(state: CaylusState, action: Action) -> CaylusState:
    fav = state.favour
    assert fav is not None
    if action not in favour_actions(state):
        gated = isinstance(action, UseSite) and not (
            0 <= action.slot < D.site_slots_open(state.round))
        rule = {FavourStep.CHOOSE: RB.FAVOUR_GATE if gated else RB.FAVOUR_CHOICE,
                FavourStep.EFFECT: E.rule_of(state.site[max(fav.slot, 0)]),
                FavourStep.TAKE: RB.FAVOUR_TAKE}[fav.step]
        raise RULES.illegal(rule, f"{action} is not a choice of this favour")
    if isinstance(action, StealCharacter):
        return _done(evolve(state, characters=put(state.characters, action.character,
                                                  fav.seat)))
    if isinstance(action, UseSite):
        return evolve(state, favour=Favour(fav.seat, FavourStep.EFFECT, action.slot))
    if fav.step is FavourStep.EFFECT:
        if not isinstance(action, Decline):
            state = E.apply(state, fav.seat, state.site[fav.slot], 0, action)
        if D.BOARD in state.characters:
            return evolve(state, favour=Favour(fav.seat, FavourStep.TAKE, fav.slot))
        return _done(state)
    if isinstance(action, TakeCharacter):
        state = evolve(state, characters=put(state.characters, action.character, fav.seat))
    return _done(state)


def _done(state: CaylusState) -> CaylusState:
    from rules_oracle.model.caylus.game import proceed

    return proceed(evolve(state, favour=None))
