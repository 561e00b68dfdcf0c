"""Phase 3, delivery ("ФАЗА 3. ДОСТАВКА"): the construction site's workers left to right
(the deliveryman last, or again after the others), one bundle a step; the most bundles
takes a favour. At its end the phase hands over to stewardship (``stage`` PRESTIGE, begun by
the game)."""

from rules_oracle.model.caylus import character
from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.actions import Action, Decline, Deliver
from rules_oracle.model.caylus.ops import covers, evolve, favour, holder, minus, put
from rules_oracle.model.caylus.rules import RULES
from rules_oracle.model.caylus.state import CaylusState, Stage
from rules_oracle.model.core.cite import implements


def begin(state: CaylusState) -> CaylusState:
    order = character.delivery_order(state)
    return settle(evolve(state, stage=Stage.DELIVERY, delivery_order=order, cursor=0, slot=0,
                         delivered=(0,) * state.config.players))


def actor(state: CaylusState) -> int:
    return state.delivery_order[state.cursor]


@implements(RB.DELIVERY_MOST)
def settle(state: CaylusState) -> CaylusState:
    """The next deliverer; at the end the favour for the most bundles (``slot`` 1 once
    given), the site's workers to the camp, then stewardship's turn."""
    if state.cursor < len(state.delivery_order):
        return state
    if state.slot == 0:
        state = evolve(state, slot=1)
        best = max(state.delivered)
        leaders = [p for p in dict.fromkeys(state.delivery_order) if state.delivered[p] == best]
        if best >= 1 and not (len(leaders) > 1 and _placeless(state, leaders)):
            return favour(state, leaders[0])
    players = list(state.players)
    for p in state.site_workers:
        players[p] = evolve(players[p], camp=players[p].camp + 1)
    return evolve(state, players=tuple(players), site_workers=(), stage=Stage.PRESTIGE)


def _placeless(state: CaylusState, leaders: list[int]) -> bool:
    """Whether a tie for the most includes a deliveryman without a site worker, whom the
    tie rule cannot place (option ``deliveryman_tie=no-favour``; by default he ranks after
    every site worker, as he delivers last)."""
    d = holder(state, D.DELIVERYMAN)
    return (state.config.option("deliveryman_tie") == "no-favour" and d in leaders
            and d not in state.site_workers)


@implements(RB.DELIVERY_BUNDLE)
def bundle_rule(state: CaylusState, seat: int, bundle: tuple[int, ...]) -> str | None:
    """Why ``seat`` may not deliver ``bundle`` now (a bundle kind he may deliver, and in
    hand), or ``None``."""
    if bundle not in character.bundles(state, seat) or \
            not covers(state.players[seat].resources, bundle):
        return RB.DELIVERY_BUNDLE
    return None


def choice_rule(state: CaylusState, action: Action) -> str | None:
    """Why the deliverer may not take ``action`` now, or ``None``: a bundle
    (:func:`bundle_rule`), or the end of his delivery."""
    if isinstance(action, Deliver):
        return bundle_rule(state, actor(state), action.bundle)
    return None if isinstance(action, Decline) else RB.DELIVERY_ORDER


def actions(state: CaylusState) -> tuple[Action, ...]:
    seat = actor(state)
    return (*(Deliver(b) for b in character.bundles(state, seat)
              if bundle_rule(state, seat, b) is None), Decline())


@implements(RB.DELIVERY_ORDER)
def step(state: CaylusState, action: Action) -> CaylusState:
    why = choice_rule(state, action)
    if why is not None:
        raise RULES.illegal(why, f"{action} is not a delivery now")
    if isinstance(action, Decline):
        return settle(evolve(state, cursor=state.cursor + 1))
    assert isinstance(action, Deliver)
    seat = actor(state)
    pl = state.players[seat]
    pp = D.BUNDLE_PP + character.foreman_pp(state, seat)
    used = state.goldsmith_used
    if character.goldsmith(state, seat, action.bundle):
        pp += D.GOLDSMITH_PP
        used = True
    pl = evolve(pl, resources=minus(pl.resources, action.bundle), prestige=pl.prestige + pp)
    state = evolve(state, players=put(state.players, seat, pl), goldsmith_used=used,
                   delivered=put(state.delivered, seat, state.delivered[seat] + 1))
    if _extra_turn(state) and state.config.option("deliveryman") == "bundle":
        return settle(evolve(state, cursor=state.cursor + 1))  # one bundle: his turn ends
    return state


def _extra_turn(state: CaylusState) -> bool:
    """Whether the deliveryman is now on his additional turn after the others."""
    order, i = state.delivery_order, state.cursor
    return order[i] in order[:i]
