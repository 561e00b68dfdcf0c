"""Invariants of the Catan quick card game: every reachable state satisfies each of them."""

import functools
from collections.abc import Mapping
from typing import Any

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards.state import CardsState, Player, Stage
from rules_oracle.model.core.game import Config
from rules_oracle.properties.base import Invariant, TransitionInvariant, Violation

_RIVAL_STAGES = frozenset({Stage.CHOOSE, Stage.RIVAL_DRAW, Stage.GIVE_BACK, Stage.GUILD_DRAW})

# -- the quantities the invariants recompute, restated from the rules (not the model's) --
Components = tuple[tuple[int, ...], int, int, int, tuple[int, ...], tuple[int, ...]]
#: the symbols in play per player count under each reading of catan_cards/second-set
SYMBOL_TABLES: Mapping[str, Mapping[int, tuple[tuple[int, ...], tuple[int, ...]]]] = {
    "symbol-only": D.SETS_SYMBOL_ONLY, "as-count": D.SETS_AS_COUNT}


@functools.cache
def in_play(players: int, second_set: str) -> Components:
    """(resource cards per resource, roads, knights, settlement/city cards, buildings per
    kind, city events per kind) in play: catan_cards/setup.remove-two, setup.remove-three
    and setup.all-four keep the cards of the symbols the table lists for the player count;
    catan_cards/setup.second-set, 5 and 6 players play with the resource cards of two sets.
    Computed once per player count and reading (from the rules' tables, which are
    constants)."""
    first, second = SYMBOL_TABLES[second_set][players]
    symbols = (*first, *second)
    sets = 2 if players >= 5 else 1
    return (tuple(sets * n for n in D.RESOURCE_CARDS),
            sum(D.ROAD_CARDS[x] for x in symbols),
            sum(D.KNIGHT_CARDS[x] for x in symbols),
            sum(D.SETTLEMENT_CARDS[x] for x in symbols),
            tuple(sum(D.BUILDING_CARDS[x][k] for x in symbols) for k in range(D.N_BUILDINGS)),
            tuple(sum(D.EVENT_CARDS[x][e] for x in symbols) for e in range(len(D.EVENTS))))


def _in_play(config: Config) -> Components:
    return in_play(config.players, config.option("second-set"))


def _fate_in_play(config: Config) -> bool:
    """catan_cards/setup.fate-two: no fate card with two players; with 5 and 6 as
    catan_cards/fate-five-six reads."""
    return config.players != 2 and (config.players <= 4
                                    or config.option("fate-five-six") == "used")


def _a_side(n: int) -> int:
    """catan_cards/development.alternate: the first of a pile lies A side up, then B, A..."""
    return (n + 1) // 2


def _pile_points(n: int, reading: str) -> int:
    """catan_cards/score.roads-knights under catan_cards/road-knight-points: a point per
    card lying B side up, per card lying A side up, or per card."""
    return {"b-side": n - _a_side(n), "a-side": _a_side(n), "each": n}[reading]


def _points(pl: Player, reading: str) -> int:
    """A player's points from his cards: catan_cards/score.settlement 1, score.city 2,
    score.building a building's points in place of its city's, score.roads-knights."""
    buildings = sum(D.BUILDING_VP[k] * n for k, n in enumerate(pl.buildings))
    return (pl.settlements + 2 * pl.cities + buildings + _pile_points(pl.roads, reading)
            + _pile_points(pl.knights, reading))


def _allowance(pl: Player) -> int:
    """catan_cards/trade.allowance: an exchange per road lying A side up; trade.no-roads:
    one without any."""
    return _a_side(pl.roads) or 1


def resources_conserved(state: CardsState) -> list[Violation]:
    """Stack + market + discard + hands hold the resource cards in play, per resource."""
    out = []
    total = _in_play(state.config)[0]
    for r in range(D.N_RESOURCES):
        n = state.stack[r] + state.market[r] + state.discard[r] + sum(
            pl.hand[r] for pl in state.players)
        if n != total[r]:
            out.append(Violation("catan_cards/inv.resources-conserved",
                                 f"{D.RESOURCES[r]}: {n} cards, {total[r]} in play"))
    return out


def developments_conserved(state: CardsState) -> list[Violation]:
    """Stacks plus tableaus hold every road, knight, settlement/city card and building in
    play; the city events unseen lie on the stack's and the settlements' cards (and a new
    city's until it shows), those revealed on the cities'."""
    _, roads, knights, settlements, buildings, events = _in_play(state.config)
    ps = state.players
    out = []

    def bad(what: str) -> None:
        out.append(Violation("catan_cards/inv.developments-conserved", what))

    if state.road_stack + sum(p.roads for p in ps) != roads:
        bad(f"roads: {roads} in play, stack {state.road_stack}")
    if state.knight_stack + sum(p.knights for p in ps) != knights:
        bad(f"knights: {knights} in play, stack {state.knight_stack}")
    laid_settlements = sum(p.settlements for p in ps)
    laid_cities = sum(p.cities + sum(p.buildings) for p in ps)
    if state.settlement_stack + laid_settlements + laid_cities != settlements:
        bad(f"settlement/city cards: {settlements} in play")
    for k in range(D.N_BUILDINGS):
        if state.building_stack[k] + sum(p.buildings[k] for p in ps) != buildings[k]:
            bad(f"building {D.BUILDINGS[k]}: {buildings[k]} in play")
    for e in range(len(D.EVENTS)):
        if state.unseen_events[e] + state.revealed_events[e] != events[e]:
            bad(f"event {D.EVENTS[e]}: {events[e]} in play")
    # a city just built shows its event in the next step (stage event); a game that ends
    # at once on that city's points ends before it
    awaiting = laid_cities - sum(state.revealed_events)
    allowed = {1} if state.stage is Stage.EVENT else {0, 1} if state.stage is Stage.OVER \
        else {0}
    if awaiting not in allowed:
        bad(f"{laid_cities} cities, {sum(state.revealed_events)} events revealed")
    if sum(state.unseen_events) != state.settlement_stack + laid_settlements + awaiting:
        bad("unseen events differ from the settlement cards not turned")
    return out


def nonnegative(state: CardsState) -> list[Violation]:
    """No negative count; no two alike buildings in one player's cities."""
    counts = (*state.stack, *state.market, *state.discard, state.road_stack,
              state.knight_stack, state.settlement_stack, *state.building_stack,
              *state.unseen_events, *state.revealed_events, *state.discards, state.exchanges)
    out = []
    if min(counts) < 0:
        out.append(Violation("catan_cards/inv.nonnegative", "a negative stack or turn count"))
    for i, pl in enumerate(state.players):
        if min((*pl.hand, pl.roads, pl.knights, pl.settlements, pl.cities, *pl.buildings)) < 0:
            out.append(Violation("catan_cards/inv.nonnegative", f"player {i}: a negative count"))
        if max(pl.buildings) > 1:
            out.append(Violation("catan_cards/inv.nonnegative",
                                 f"player {i}: two alike buildings"))
    return out


def market(state: CardsState) -> list[Violation]:
    """The market holds 5 cards once dealt (fewer only during the deal)."""
    n = sum(state.market)
    if n > D.MARKET or (state.turns and n != D.MARKET):
        return [Violation("catan_cards/inv.market", f"{n} cards in the market")]
    return []


def exchanges(state: CardsState) -> list[Violation]:
    """Exchanges this turn within the allowance of the A-side roads; the rivals exchanged
    with are rivals."""
    out = []
    limit = _allowance(state.players[state.turn])
    if state.exchanges > limit:
        out.append(Violation("catan_cards/inv.exchanges",
                             f"{state.exchanges} exchanges, {limit} allowed"))
    if len(state.traded_with) > state.exchanges or state.turn in state.traded_with \
            or any(not 0 <= q < state.config.players for q in state.traded_with):
        out.append(Violation("catan_cards/inv.exchanges",
                             f"traded with {state.traded_with} in {state.exchanges} exchanges"))
    return out


def score(state: CardsState) -> list[Violation]:
    """Each player's points recomputed from his cards."""
    reading = state.config.option("road-knight-points")
    return [Violation("catan_cards/inv.score", f"player {i}: {pl.vp} points, cards give"
                      f" {_points(pl, reading)}")
            for i, pl in enumerate(state.players) if pl.vp != _points(pl, reading)]


#: the most points each development kind gives its builder (road, knight, settlement, city,
#: building: a B-side card, a settlement, a settlement turned city, a 4-point building on a
#: city), under every reading of catan_cards/road-knight-points
TURN_GAIN = (1, 1, 1, 1, 2)


def turn_points(state: CardsState) -> list[Violation]:
    """While the game goes on, the player on turn holds at most 9 plus the gains of the
    development kinds paid for this turn (each kind once a turn), every other player at
    most 9."""
    if state.stage is Stage.OVER:
        return []
    paid = sum(g * b for g, b in zip(TURN_GAIN, state.built, strict=True))
    return [Violation("catan_cards/inv.turn-points", f"player {i}: {pl.vp} points on the"
                      f" turn of {state.turn} (developments paid: {state.built})")
            for i, pl in enumerate(state.players)
            if pl.vp > D.VICTORY - 1 + (paid if i == state.turn else 0)]


def turn_structure(state: CardsState) -> list[Violation]:
    """Seats in range; the pending fields match the stage; the stack is empty only with the
    discard; the fate card in play as the configuration says; a winner has 10 points and
    (ending at once) nobody plays on with 10."""
    out = []
    n = state.config.players

    def bad(what: str) -> None:
        out.append(Violation("catan_cards/inv.turn", what))

    if len(state.players) != n or not 0 <= state.turn < n:
        bad(f"{len(state.players)} players, turn {state.turn}")
        return out
    st = state.stage
    if (state.rival >= 0) != (st in _RIVAL_STAGES) or state.rival == state.turn:
        bad(f"rival {state.rival} in stage {st.value}")
    back = state.owed_back
    in_exchange = st in (Stage.RIVAL_DRAW, Stage.GIVE_BACK)
    if back < 0 or ((back or state.giving_back) and not in_exchange) \
            or (st is Stage.GIVE_BACK and not 0 < back <= sum(state.players[state.turn].hand)) \
            or (state.giving_back and st is not Stage.GIVE_BACK) \
            or back + (st is Stage.RIVAL_DRAW) > state.exchanges:
        bad(f"{back} cards owed back (giving: {state.giving_back}) in stage {st.value}")
    if bool(state.discards) != (st is Stage.DISCARD):
        bad(f"discards {state.discards} in stage {st.value}")
    if bool(state.drawing) != (st is Stage.DRAW) or (st is Stage.DRAW and not any(state.stack)):
        bad(f"draws {state.drawing} in stage {st.value}")
    if not any(state.stack) and any(state.discard):
        bad("an empty stack beside a discard pile")
    if (state.fate >= 0) != _fate_in_play(state.config) or state.fate > 1:
        bad(f"fate side {state.fate}")
    if state.turns == 0 and st is not Stage.DRAW:
        bad(f"stage {st.value} before the deal is done")
    if state.winner >= 0 and (st is not Stage.OVER
                              or state.players[state.winner].vp < D.VICTORY):
        bad(f"winner {state.winner} without 10 points")
    if st is not Stage.OVER and state.config.option("end") == "at-once" \
            and state.players[state.turn].vp >= D.VICTORY:
        bad(f"player {state.turn} has 10 points and the game goes on")
    return out


def points_on_turn(before: CardsState, action: Any, after: CardsState) -> list[Violation]:
    """The player on turn never loses points on his turn; a rival loses at most the one
    point of a road or knight taken from him."""
    if before.stage is Stage.OVER or before.turns != after.turns or before.turns == 0:
        return []
    out = []
    for i, (a, b) in enumerate(zip(before.players, after.players, strict=True)):
        if (i == before.turn and b.vp < a.vp) or b.vp < a.vp - 1:
            out.append(Violation("catan_cards/inv.points-on-turn",
                                 f"player {i}: {a.vp} -> {b.vp} points on the turn of"
                                 f" {before.turn}"))
    return out


INVARIANTS: tuple[Invariant, ...] = (
    resources_conserved, developments_conserved, nonnegative, market, exchanges, score,
    turn_points, turn_structure,
)
#: invariants over one step (state, action, next state)
TRANSITION_INVARIANTS: tuple[TransitionInvariant, ...] = (points_on_turn,)
