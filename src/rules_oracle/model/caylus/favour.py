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


def _required(state: CaylusState) -> bool:
    """Whether a construction-site building's effect must be used (option
    ``favour_effect=required``)."""
    return state.config.option("favour_effect") == "required"


def _site_rule(state: CaylusState, seat: int, slot: int) -> str | None:
    """Why ``seat``'s favour may not use the construction-site building in ``slot``, or
    ``None``: the slots open by the round, and under ``favour_effect=required`` an effect
    he can use."""
    if not 0 <= slot < D.site_slots_open(state.round):
        return RB.FAVOUR_GATE
    if _required(state) and not building.options(state, seat, state.site[slot], 0):
        return RB.FAVOUR_CHOICE
    return None


def _choices(state: CaylusState, seat: int) -> tuple[Action, ...]:
    """A favour's choices (steal a character, use a site building) open to ``seat``."""
    return (*(StealCharacter(c) for c, h in enumerate(state.characters)
              if h >= 0 and h != seat),
            *(UseSite(k) for k in range(D.SITE_SLOTS) if _site_rule(state, seat, k) is None))


@implements(RB.FAVOUR_CHOICE, RB.FAVOUR_GATE, RB.FAVOUR_TAKE)
def choice_rule(state: CaylusState, action: Action) -> str | None:
    """Why the favour's holder may not take ``action`` now, or ``None``: a character held by
    a rival to steal, a site building (:func:`_site_rule`) and only when neither is open a
    lapse; then the building's effect
    (:func:`~model.caylus.building.effect_rule`), declined only under
    ``favour_effect=optional``; then a character left on the board, or none."""
    fav = state.favour
    assert fav is not None
    if fav.step is FavourStep.CHOOSE:
        if isinstance(action, UseSite):
            return _site_rule(state, fav.seat, action.slot)
        if isinstance(action, StealCharacter):
            c = action.character
            held = 0 <= c < len(state.characters) and state.characters[c] >= 0
            return None if held and state.characters[c] != fav.seat else RB.FAVOUR_CHOICE
        # nothing the favour could do (reading required): it lapses
        lapses = isinstance(action, Decline) and not _choices(state, fav.seat)
        return None if lapses else RB.FAVOUR_CHOICE
    if fav.step is FavourStep.EFFECT:
        if isinstance(action, Decline) and not _required(state):
            return None
        return building.effect_rule(state, fav.seat, state.site[fav.slot], 0, action)
    if isinstance(action, Decline):
        return None
    taken = isinstance(action, TakeCharacter) and 0 <= action.character < len(
        state.characters) and state.characters[action.character] == D.BOARD
    return None if taken else RB.FAVOUR_TAKE


def actions(state: CaylusState) -> tuple[Action, ...]:
    fav = state.favour
    assert fav is not None
    if fav.step is FavourStep.CHOOSE:
        return _choices(state, fav.seat) or (Decline(),)
    if fav.step is FavourStep.EFFECT:
        # the building's options are the effects effect_rule allows
        opts = building.options(state, fav.seat, state.site[fav.slot], 0)
        return opts if _required(state) else (*opts, Decline())
    return (*(a for a in (TakeCharacter(c) for c in range(len(state.characters)))
              if choice_rule(state, a) is None), Decline())


def step(state: CaylusState, action: Action) -> CaylusState:
    fav = state.favour
    assert fav is not None
    why = choice_rule(state, action)
    if why is not None:
        raise RULES.illegal(why, f"{action} is not a choice of this favour")
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
