"""Favours ("ПРИВИЛЕГИЯ"): a favour interrupts the phase that gave it; its holder steals a
character, or uses a construction-site building's effect and may then take a character
from the board. When the favour is done (``favour`` None) the game settles the interrupted
phase."""

from rules_oracle.model.caylus import building
from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.actions import (
    Action,
    Decline,
    StealCharacter,
    TakeCharacter,
    UseSite,
)
from rules_oracle.model.caylus.ops import evolve, put
from rules_oracle.model.caylus.rules import RULES
from rules_oracle.model.caylus.state import CaylusState, Favour, FavourStep
from rules_oracle.model.core.cite import implements


@implements(RB.FAVOUR_CHOICE, RB.FAVOUR_GATE, RB.FAVOUR_TAKE)
def actions(state: CaylusState) -> tuple[Action, ...]:
    fav = state.favour
    assert fav is not None
    if fav.step is FavourStep.CHOOSE:
        steal = tuple(StealCharacter(c) for c, h in enumerate(state.characters)
                      if h >= 0 and h != fav.seat)
        required = state.config.option("favour_effect") == "required"
        site = tuple(UseSite(k) for k in range(D.site_slots_open(state.round))
                     if not required or building.options(state, fav.seat, state.site[k], 0))
        # nothing the favour could do (reading required): it lapses
        return (*steal, *site) if steal or site else (Decline(),)
    if fav.step is FavourStep.EFFECT:
        opts = building.options(state, fav.seat, state.site[fav.slot], 0)
        return opts if state.config.option("favour_effect") == "required" else (
            *opts, Decline())
    return (*(TakeCharacter(c) for c, h in enumerate(state.characters) if h == D.BOARD),
            Decline())


def step(state: CaylusState, action: Action) -> CaylusState:
    fav = state.favour
    assert fav is not None
    if action not in actions(state):
        gated = isinstance(action, UseSite) and not (
            0 <= action.slot < D.site_slots_open(state.round))
        rule = {FavourStep.CHOOSE: RB.FAVOUR_GATE if gated else RB.FAVOUR_CHOICE,
                FavourStep.EFFECT: building.rule_of(state.site[max(fav.slot, 0)]),
                FavourStep.TAKE: RB.FAVOUR_TAKE}[fav.step]
        raise RULES.illegal(rule, f"{action} is not a choice of this favour")
    if isinstance(action, StealCharacter):
        return _done(evolve(state, characters=put(state.characters, action.character,
                                                  fav.seat)))
    if isinstance(action, UseSite):
        return evolve(state, favour=Favour(fav.seat, FavourStep.EFFECT, action.slot))
    if fav.step is FavourStep.EFFECT:
        if not isinstance(action, Decline):
            state = building.apply(state, fav.seat, state.site[fav.slot], 0, action)
        if D.BOARD in state.characters:
            return evolve(state, favour=Favour(fav.seat, FavourStep.TAKE, fav.slot))
        return _done(state)
    if isinstance(action, TakeCharacter):
        state = evolve(state, characters=put(state.characters, action.character, fav.seat))
    return _done(state)


def _done(state: CaylusState) -> CaylusState:
    return evolve(state, favour=None)
