"""Production with commodities (chapter 4): a roll other than 7 pays resources and, from
cities on forest, pasture and mountains, commodities; a 7 goes to the robber."""

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as BD
from rules_oracle.model.catan.ops import evolve
from rules_oracle.model.catan.production import owed
from rules_oracle.model.catan.production import pay as bank_pay
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.common import Links
from rules_oracle.model.cities_knights.state import CKState, Stage


def production(state: CKState, links: Links) -> CKState:
    """Production of the dice (after the event die): resources and commodities, or the 7."""
    total = state.dice[0] + state.dice[1]
    n = state.config.players
    if total == BD.ROBBER_ROLL:
        return links.seven(state)
    # RB.PRODUCTION_COMMODITY: a city's second card is its terrain's commodity where it has
    # one; RB.PRODUCTION_ONLY_CITIES: a settlement takes its one resource only;
    # RB.PRODUCTION_GOLD: no gold field on this board gives a commodity
    got = owed(state.terrain, state.tokens, state.robber, state.node_owner, state.node_level,
               total, n, D.CITY_COMMODITY, D.N_CARDS)
    # RB.PRODUCTION_SHORTAGE: base Catan's shortage rule, per card kind, commodities too
    bank, hands = bank_pay(state.bank, tuple(pl.hand for pl in state.players), got, True)
    # cities_knights/aqueduct-shortage: the roll gave nothing (default), or owed nothing
    nothing = tuple(not any(got[p]) for p in range(n)) \
        if state.config.option("aqueduct") == "owed" \
        else tuple(pl.hand == h for pl, h in zip(state.players, hands, strict=True))
    players = tuple(pl if pl.hand == h else evolve(pl, hand=h)
                    for pl, h in zip(state.players, hands, strict=True))
    return links.aqueduct_start(evolve(state, bank=bank, players=players), nothing)


def shown(state: CKState, after: CKState) -> list[str]:
    """The roll's production (resources and commodities), or the 7's discards."""
    total = sum(after.dice)
    n = state.config.players
    if total == BD.ROBBER_ROLL:
        out = []
        if any(BD.DISCARD_ABOVE < sum(pl.hand) <= BD.DISCARD_ABOVE + D.WALL_LIMIT_BONUS
               * pl.walls for pl in after.players):
            out.append(
                RB.WALL_DISCARD_LIMIT
            )  # a hand over 7 kept whole: its walls raised the limit
        if after.stage is Stage.MAIN and not after.attacked:
            out.append(RB.ROBBER_NOT_BEFORE_ATTACK)
        return out
    got = owed(after.terrain, after.tokens, after.robber, after.node_owner, after.node_level,
               total, n, D.CITY_COMMODITY, D.N_CARDS)
    out = []
    if any(row[c] for row in got for c in range(BD.N_RESOURCES, D.N_CARDS)):
        out.append(RB.PRODUCTION_COMMODITY)
    for h in range(B.N_HEXES):
        if after.tokens[h] == total and h != after.robber \
                and D.CITY_COMMODITY[after.terrain[h]] >= 0 \
                and any(after.node_level[v] == 1 for v in B.HEX_NODES[h]):
            out.append(
                RB.PRODUCTION_ONLY_CITIES
            )  # a settlement on a commodity terrain: none for it
            break
    if any(sum(row[c] for row in got) > state.bank[c] for c in range(D.N_CARDS)):
        out.append(RB.PRODUCTION_SHORTAGE)
    return out
