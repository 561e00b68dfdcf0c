"""Readings of calls the text leaves open: the Crane, acting knights, the aqueduct and a
bank shortage, the Deserter's knight, the chase, a displaced knight's state, the merchant
on the desert."""

import attrs
import pytest

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as BD
from rules_oracle.model.catan.actions import BuildCity, Dice, MoveRobber, RollDice
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import (
    ActivateKnight,
    BuildKnight,
    ChaseRobber,
    ChooseHex,
    ChooseNode,
    ChoosePlayer,
    EventDie,
    Improve,
    MoveKnight,
    PlayProgress,
)
from rules_oracle.model.cities_knights.game import GAME
from rules_oracle.model.cities_knights.state import CKState, Stage
from rules_oracle.model.core.ops import bump
from tests.model.cities_knights.helpers import cards, chain, hexes_of, make, progress, rule_of

LINE = chain(0, 3, 7, 12, 17)
BOARD = {"cities": {0: 0, 40: 1}, "roads": {**dict.fromkeys(LINE, 0), B.NODE_PATHS[40][0]: 1}}


def _variant(state: CKState, **options: str) -> CKState:
    return attrs.evolve(state, config=GAME.config(state.config.players, {
        k.replace("_", "-"): v for k, v in options.items()}))


@pytest.mark.rules("cities_knights/crane-per-turn", "cities_knights/progress.crane")
def test_one_crane_a_turn_unless_each_improvement_may_have_its_own() -> None:
    s = make(hands={0: cards(cloth=1, coin=1)}, held={0: progress(crane=2)}, **BOARD)
    s = GAME.apply(s, PlayProgress(D.CRANE))
    assert rule_of(s, PlayProgress(D.CRANE)) == RB.PROGRESS_CRANE  # never two on one improvement
    s = GAME.apply(s, Improve(D.TRADE))  # level 1 for nothing
    assert s.players[0].levels == (1, 0, 0) and s.crane == 2
    # "нельзя ... оплатить на 2+ товаров меньше за один ход"
    assert rule_of(s, PlayProgress(D.CRANE)) == RB.PROGRESS_CRANE
    each = GAME.apply(_variant(s, crane="per-improvement"), PlayProgress(D.CRANE))
    each = GAME.apply(each, Improve(D.POLITICS))
    assert each.players[0].levels == (1, 1, 0) and each.players[0].hand == cards(cloth=1, coin=1)


@pytest.mark.rules("cities_knights/knight-act-activated",
                   "cities_knights/knight.no-act-when-activated")
def test_a_knight_activated_this_turn_acts_only_under_the_texts_three_steps() -> None:
    # player 0's basic knight on 12 stood there before this turn; 17 is free on his road
    s = make(hands={0: cards(grain=1, wool=1, ore=1)}, knights={12: (0, 1, False)}, **BOARD)
    s = GAME.apply(s, ActivateKnight(12))
    assert MoveKnight(12) not in GAME.legal_actions(s)
    assert rule_of(s, MoveKnight(12)) == RB.KNIGHT_NO_ACT_WHEN_ACTIVATED
    loose = _variant(s, knight_act="placed-and-activated")
    assert MoveKnight(12) in GAME.legal_actions(loose)
    # a chase needs a knight active before the turn began under either reading
    chase = attrs.evolve(loose, robber=3, attacked=True)  # hex 3 touches 12
    assert ChaseRobber(12) not in GAME.legal_actions(chase)
    # placed and activated this turn: no action under either reading
    placed = make(hands={0: cards(grain=1, wool=1, ore=1)}, **BOARD)
    placed = GAME.apply(GAME.apply(_variant(placed, knight_act="placed-and-activated"),
                                   BuildKnight(17)), ActivateKnight(17))
    assert placed.knight_marks[17] == 5 and MoveKnight(17) not in GAME.legal_actions(placed)
    assert GAME.observe(placed, "public").knight_placed_this_turn[17]  # type: ignore


@pytest.mark.rules("cities_knights/aqueduct-shortage", "cities_knights/improvement.aqueduct",
                   "cities_knights/production.shortage")
def test_the_aqueduct_after_a_shortage_left_nothing() -> None:
    # an 8: hex 11 (mountains) owes ore to player 0 (settlement 20) and player 2 (city 31)
    settled = {"settlements": {20: 0}, "cities": {34: 1, 31: 2},
               "roads": {B.NODE_PATHS[20][0]: 0, B.NODE_PATHS[31][0]: 2,
                         B.NODE_PATHS[34][0]: 1}}
    s = make(stage=Stage.PRE_ROLL, levels={0: (0, 0, 3)}, **settled)  # type: ignore[arg-type]
    s = attrs.evolve(s, bank=bump(s.bank, BD.ORE, -s.bank[BD.ORE]))  # no ore left

    def roll(state: CKState) -> CKState:
        state = GAME.apply(GAME.apply(state, RollDice()), Dice(4, 4))
        return GAME.apply(state, EventDie(0))

    got = roll(s)
    assert got.players[0].hand == cards() and got.stage is Stage.AQUEDUCT
    owed = roll(_variant(s, aqueduct="owed"))
    assert owed.players[0].hand == cards() and owed.stage is Stage.MAIN


@pytest.mark.rules("cities_knights/deserter-level", "cities_knights/progress.deserter")
def test_the_deserter_places_a_lower_knight_unless_only_the_same_level() -> None:
    # player 0 has both strong knights on the board; player 1 loses a strong one: by
    # default player 0 places one of his knights left, a basic one (the almanac's case)
    s = make(held={0: progress(deserter=1)}, knights={7: (0, 2, True), 12: (0, 2, False),
                                                      41: (1, 2, True)}, **BOARD)
    s = GAME.apply(GAME.apply(s, PlayProgress(D.DESERTER)), ChoosePlayer(1))
    lower = GAME.apply(s, ChooseNode(41))
    assert lower.stage is Stage.CARD and lower.pending is not None and lower.pending.left == 1
    lower = GAME.apply(lower, ChooseNode(17))
    assert lower.knight_level[17] == 1 and lower.players[0].knights == (1, 2, 0)
    same = GAME.apply(_variant(s, deserter_level="same"), ChooseNode(41))
    assert same.stage is Stage.MAIN and same.players[0].knights == (0, 2, 0)


@pytest.mark.rules("cities_knights/chase-steal", "cities_knights/knight.chase")
def test_a_chase_steals_unless_the_robber_only_moves() -> None:
    # hex 3 (fields): corners 7 12 17 22 16 11; hex 14: player 1's city on 40
    s = make(knights={7: (0, 1, True)}, hands={1: cards(ore=1)}, attacked=True, **BOARD)
    s = GAME.apply(attrs.evolve(s, robber=3), ChaseRobber(7))
    assert s.knight_node == 7 and MoveRobber(14, 1) in GAME.legal_actions(s)
    only = _variant(s, chase_steal="move-only")
    assert MoveRobber(14, 1) not in GAME.legal_actions(only)
    assert MoveRobber(14, -1) in GAME.legal_actions(only)
    assert rule_of(only, MoveRobber(14, 1)) == RB.KNIGHT_CHASE
    only = GAME.apply(only, MoveRobber(14, -1))
    assert only.robber == 14 and only.stage is Stage.MAIN and only.knight_node == -1


@pytest.mark.rules("cities_knights/displaced-active", "cities_knights/knight.displace")
def test_a_displaced_knight_keeps_its_state_unless_it_comes_back_inactive() -> None:
    roads = {**dict.fromkeys(LINE, 0), B.path_between(8, 12): 1, B.path_between(8, 13): 1}
    s = make(cities={0: 0, 8: 1}, roads=roads, knights={7: (0, 2, True), 12: (1, 1, True)})
    s = GAME.apply(GAME.apply(s, MoveKnight(7)), ChooseNode(12))
    assert s.stage is Stage.DISPLACED
    kept = GAME.apply(s, ChooseNode(13))
    assert kept.knight_owner[13] == 1 and kept.knight_active[13]
    off = GAME.apply(_variant(s, displaced_active="inactive"), ChooseNode(13))
    assert off.knight_owner[13] == 1 and not off.knight_active[13]


@pytest.mark.rules("cities_knights/merchant-desert", "cities_knights/progress.merchant")
def test_the_merchant_on_the_desert() -> None:
    # the desert is hex 9 (corners 18 24 30 35 29 23): player 0 settles on 24
    desert = next(h for h in range(B.N_HEXES) if make().terrain[h] == BD.DESERT)
    s = make(held={0: progress(merchant=1)}, settlements={24: 0}, cities={0: 0},
             roads={B.NODE_PATHS[24][0]: 0, B.NODE_PATHS[0][0]: 0})
    s = GAME.apply(s, PlayProgress(D.MERCHANT))
    assert ChooseHex(desert) in GAME.legal_actions(s)
    on = GAME.apply(s, ChooseHex(desert))
    assert on.merchant == desert and GAME.scores(on)[0] == 4  # its point, no trade
    never = _variant(s, merchant_desert="never")
    assert ChooseHex(desert) not in GAME.legal_actions(never)


@pytest.mark.rules("cities_knights/displaced-knight", "cities_knights/knight.displace")
def test_a_displaced_knight_goes_anywhere_at_his_roads_or_within_its_network() -> None:
    # player 1: the road 8-12 (his knight on 12, his city on 8) and, apart, the road 8-13
    # beside his city, and a road at his city on 40
    far = B.NODE_PATHS[40][0]
    roads = {**dict.fromkeys(LINE, 0), B.path_between(8, 12): 1, B.path_between(8, 13): 1,
             far: 1}
    s = make(cities={0: 0, 8: 1, 40: 1}, roads=roads,
             knights={7: (0, 2, True), 12: (1, 1, True)})
    s = GAME.apply(GAME.apply(s, MoveKnight(7)), ChooseNode(12))
    assert s.stage is Stage.DISPLACED and s.knight_node == 12
    other = next(n for n in B.PATH_NODES[far] if n != 40)
    anywhere = {a.node for a in GAME.legal_actions(s)}  # type: ignore[attr-defined]
    assert anywhere == {13, other}
    network = _variant(s, displaced="network")
    assert {a.node for a in GAME.legal_actions(network)} == {13}  # type: ignore[attr-defined]
    assert rule_of(network, ChooseNode(other)) == RB.KNIGHT_DISPLACE
    placed = GAME.apply(network, ChooseNode(13))
    assert placed.knight_owner[13] == 1 and placed.knight_node == -1


def _first_city(variant: dict[str, str]) -> tuple[CKState, int]:
    """The set-up, first legal steps, up to the first city placement; the city goes on an
    intersection touching three producing hexes, one a commodity terrain."""
    s = GAME.setup(GAME.config(3, variant))
    while not any(isinstance(a, BuildCity) for a in GAME.legal_actions(s)):
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    for a in GAME.legal_actions(s):
        assert isinstance(a, BuildCity)
        hexes = B.NODE_HEXES[a.node]
        if len(hexes) == 3 and all(BD.YIELD[s.terrain[h]] >= 0 for h in hexes) \
                and any(D.CITY_COMMODITY[s.terrain[h]] >= 0 for h in hexes):
            return s, a.node
    raise AssertionError("no such intersection")  # pragma: no cover


@pytest.mark.rules("cities_knights/setup.second-city", "cities_knights/setup-city-gain")
def test_set_up_city_takes_base_starting_cards_or_a_citys_production() -> None:
    s, n = _first_city({})
    p = s.turn
    hexes = B.NODE_HEXES[n]
    base = GAME.apply(s, BuildCity(n)).players[p].hand
    expect = [0] * D.N_CARDS
    for h in hexes:
        expect[BD.YIELD[s.terrain[h]]] += 1
    assert base == tuple(expect) and not any(base[BD.N_RESOURCES:])
    s, n = _first_city({"setup-gain": "production"})
    made = GAME.apply(s, BuildCity(n)).players[p].hand
    assert sum(made) == 2 * len(hexes) and any(made[BD.N_RESOURCES:])
    for h in hexes:
        c = D.CITY_COMMODITY[s.terrain[h]]
        assert made[c if c >= 0 else BD.YIELD[s.terrain[h]]] >= 1


@pytest.mark.rules("cities_knights/progress.play", "cities_knights/progress-before-roll",
                   "cities_knights/progress.alchemist")
def test_progress_cards_before_the_roll_only_the_alchemist_or_any() -> None:
    fields = hexes_of(BD.FIELDS)[0]
    node = B.HEX_NODES[fields][0]
    kw = {"settlements": {node: 0}, "stage": Stage.PRE_ROLL, "dice": (0, 0),
          "held": {0: progress(irrigation=1, road_building=1, alchemist=1)}}
    s = make(**kw)  # type: ignore[arg-type]
    assert PlayProgress(D.IRRIGATION) not in GAME.legal_actions(s)
    assert rule_of(s, PlayProgress(D.IRRIGATION)) == RB.PROGRESS_PLAY
    assert PlayProgress(D.ALCHEMIST) in GAME.legal_actions(s)
    s = make(variant={"progress-timing": "any-time"}, **kw)  # type: ignore[arg-type]
    assert {PlayProgress(D.IRRIGATION), PlayProgress(D.ALCHEMIST)} <= set(GAME.legal_actions(s))
    after = GAME.apply(s, PlayProgress(D.IRRIGATION))
    assert after.stage is Stage.PRE_ROLL and after.players[0].hand[BD.GRAIN] == 2
    assert RollDice() in GAME.legal_actions(after)
    # a card of several steps goes back to the roll when done
    after = GAME.apply(after, PlayProgress(D.ROAD_BUILDING))
    while after.stage is Stage.CARD:
        after = GAME.apply(after, GAME.legal_actions(after)[0])
    assert after.stage is Stage.PRE_ROLL and after.players[0].roads == 2
    rolled = attrs.evolve(after, stage=Stage.MAIN, dice=(2, 3))
    assert rule_of(rolled, PlayProgress(D.ALCHEMIST)) == RB.PROGRESS_ALCHEMIST
