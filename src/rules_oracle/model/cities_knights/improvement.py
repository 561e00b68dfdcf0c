"""City improvements (chapter 10): buying levels of trade, politics and science with
commodities, and the abilities of level 3 (the trading house, the aqueduct)."""

from rules_oracle.model.catan import data as BD
from rules_oracle.model.catan.ops import bump, evolve, in_range
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import Action, ChooseCard, Stop
from rules_oracle.model.cities_knights.common import Links, can_pay, order_from, pay, set_player
from rules_oracle.model.cities_knights.state import CKState, Stage


def aqueduct_start(state: CKState, nothing: tuple[bool, ...]) -> CKState:
    """After production, each player with the aqueduct (science level 3) whom the roll gave
    nothing (``nothing``) takes a resource of choice from the bank, in turn order
    (RB.IMPROVEMENT_AQUEDUCT)."""
    queue = tuple(p for p in order_from(state, state.turn)
                  if state.players[p].levels[D.SCIENCE] >= D.ABILITY_LEVEL and nothing[p])
    return aqueduct_next(evolve(state, queue=queue))


def aqueduct_next(state: CKState) -> CKState:
    if state.queue and any(state.bank[:BD.N_RESOURCES]):
        return evolve(state, stage=Stage.AQUEDUCT)
    return evolve(state, queue=(), stage=Stage.MAIN)


def aqueduct_actions(state: CKState) -> tuple[Action, ...]:
    """A resource of the bank's; under ``aqueduct-take=may-decline`` also ``Stop``."""
    out = tuple(ChooseCard(r) for r in range(BD.N_RESOURCES) if state.bank[r])
    if state.config.option("aqueduct-take") == "may-decline":
        return (*out, Stop())
    return out


def aqueduct(state: CKState, action: ChooseCard | Stop) -> CKState:
    if isinstance(action, Stop):  # cities_knights/aqueduct-take: he declines
        if state.config.option("aqueduct-take") != "may-decline":
            raise RB.RULES.illegal(RB.IMPROVEMENT_AQUEDUCT, "the aqueduct's resource is taken")
        return aqueduct_next(evolve(state, queue=state.queue[1:]))
    p, r = state.queue[0], action.card
    if not in_range(r, BD.N_RESOURCES) or not state.bank[r]:
        raise RB.RULES.illegal(RB.IMPROVEMENT_AQUEDUCT, f"the bank has no resource {r!r}")
    pl = state.players[p]
    state = set_player(state, p, evolve(pl, hand=bump(pl.hand, r, 1)),
                       bank=bump(state.bank, r, -1), queue=state.queue[1:])
    return aqueduct_next(state)


def _has_city(state: CKState, p: int) -> bool:
    if state.config.option("improvement-city") == "board":
        return any(pl.cities for pl in state.players)
    return state.players[p].cities > 0


def improve_cost(state: CKState, p: int, kind: int) -> tuple[int, ...]:
    level = state.players[p].levels[kind] + 1
    n = max(0, level - 1) if state.crane == 1 else level
    return tuple(n if c == D.KIND_COMMODITY[kind] else 0 for c in range(D.N_CARDS))


def improve_rule(state: CKState, p: int, kind: int, links: Links) -> str | None:
    """Why ``p`` may not buy the next level of ``kind`` now, or ``None``: a level costs one
    commodity of its kind more than the last (RB.IMPROVEMENT_BUY, RB.IMPROVEMENT_COST), up
    to level 5 (RB.IMPROVEMENT_MAX), with a city (RB.IMPROVEMENT_CITY)."""
    if not in_range(kind, 3):
        return RB.IMPROVEMENT_BUY
    level = state.players[p].levels[kind] + 1
    if level > D.MAX_LEVEL:
        return RB.IMPROVEMENT_MAX
    if not _has_city(state, p):
        return RB.IMPROVEMENT_CITY
    needs = links.needs_city_rule(state, p, kind, level)
    if needs is not None:
        return needs
    if not can_pay(state, p, improve_cost(state, p, kind)):
        return RB.IMPROVEMENT_COST
    return None


def improve(state: CKState, p: int, kind: int, links: Links) -> CKState:
    level = state.players[p].levels[kind] + 1
    comes = links.metropolis_comes(state, p, kind, level)
    state = evolve(pay(state, p, improve_cost(state, p, kind)),
                   crane=2 if state.crane else 0)
    pl = state.players[p]
    levels = (*pl.levels[:kind], level, *pl.levels[kind + 1:])
    state = set_player(state, p, evolve(pl, levels=levels))
    if comes:
        metro = (*state.metropolis[:kind], -1, *state.metropolis[kind + 1:])
        return evolve(state, metropolis=metro, metro_kind=kind, stage=Stage.METROPOLIS)
    return state


def commodity_rate(state: CKState, p: int, generic: bool) -> int:
    """``p``'s bank rate for commodities: 2:1 with the trading house, trade level 3
    (RB.IMPROVEMENT_TRADING_HOUSE); else 3:1 at a generic harbour (``generic``), or 4:1."""
    return BD.SPECIAL_RATE if state.players[p].levels[D.TRADE] >= D.ABILITY_LEVEL \
        else BD.GENERIC_RATE if generic else BD.BANK_RATE
