"""Building: connected roads, the distance rule, cities, costs and piece limits."""

import attrs
import pytest

from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.actions import (
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopment,
    Dice,
    Draw,
    MaritimeTrade,
    OfferCard,
    PlayRoadBuilding,
    RollDice,
)
from rules_oracle.model.catan.game import GAME
from rules_oracle.model.catan.state import CatanState, Stage
from tests.model.catan.helpers import cards, chain, hand, make, road, rule_of

RICH = cards(5, 5, 5, 5, 5)


def base(**kw: object) -> object:
    return make(settlements={20: 0, 31: 1}, roads={road(20, 25): 0, road(31, 36): 1},
                hands={0: RICH}, **kw)  # type: ignore[arg-type]


@pytest.mark.rules("catan/build.road-connected", "catan/build.road-free-path",
                   "catan/build.road-cost")
def test_roads_extend_the_network_but_not_through_rivals() -> None:
    s = base()
    roads = {a.path for a in GAME.legal_actions(s) if isinstance(a, BuildRoad)}
    # from settlement 20 (to 15 and 26) and from the road's free end 25 (to 19 and 31);
    # 25-31 ends at the rival's settlement on 31, which is allowed
    assert roads == {road(15, 20), road(20, 26), road(19, 25), road(25, 31)}
    assert rule_of(s, BuildRoad(road(0, 3))) == RB.BUILD_ROAD_CONNECTED
    assert rule_of(s, BuildRoad(road(20, 25))) == RB.BUILD_ROAD_FREE_PATH
    s = GAME.apply(s, BuildRoad(road(25, 31)))
    # beyond the rival's settlement on 31 the road cannot go on
    assert rule_of(s, BuildRoad(road(31, 37))) == RB.BUILD_ROAD_CONNECTED
    assert hand(s, 0) == cards(4, 4, 5, 5, 5) and s.bank[:2] == (15, 15)
    broke = make(settlements={20: 0}, roads={road(20, 26): 0})
    assert rule_of(broke, BuildRoad(road(26, 32))) == RB.BUILD_ROAD_COST


@pytest.mark.rules("catan/build.distance", "catan/build.settlement-connected",
                   "catan/build.settlement-cost")
def test_settlements_need_distance_and_a_road() -> None:
    s = make(settlements={20: 0}, roads={e: 0 for e in chain(20, 25, 19, 24)},
             hands={0: RICH})
    sites = {a.node for a in GAME.legal_actions(s) if isinstance(a, BuildSettlement)}
    assert sites == {19, 24}  # 25 is next to 20
    assert rule_of(s, BuildSettlement(25)) == RB.BUILD_DISTANCE
    assert rule_of(s, BuildSettlement(0)) == RB.BUILD_SETTLEMENT_CONNECTED
    s2 = GAME.apply(s, BuildSettlement(19))
    assert s2.players[0].settlements == 2 and s2.players[0].vp == 2
    assert rule_of(s2, BuildSettlement(24)) == RB.BUILD_DISTANCE
    poor = make(settlements={20: 0}, roads={e: 0 for e in chain(20, 25, 19)})
    assert rule_of(poor, BuildSettlement(19)) == RB.BUILD_SETTLEMENT_COST


@pytest.mark.rules("catan/build.city-upgrade", "catan/build.city-cost")
def test_a_city_replaces_an_own_settlement() -> None:
    # the Cities & Knights text's points table names the upgrade: «Улучшить поселение до города»
    rule = RB.RULES[RB.BUILD_CITY_UPGRADE]
    assert rule.file == RB.CK_FILE and rule.quote == "Улучшить поселение до города"
    s = base()
    assert [a for a in GAME.legal_actions(s) if isinstance(a, BuildCity)] == [BuildCity(20)]
    assert rule_of(s, BuildCity(31)) == RB.BUILD_CITY_UPGRADE
    assert rule_of(s, BuildCity(0)) == RB.BUILD_CITY_UPGRADE
    assert rule_of(s, BuildCity(-3)) == RB.BUILD_CITY_UPGRADE
    s = GAME.apply(s, BuildCity(20))
    pl = s.players[0]
    assert (pl.settlements, pl.cities, pl.vp) == (0, 1, 2) and s.node_level[20] == 2
    assert pl.hand == cards(5, 5, 5, 3, 2)
    assert rule_of(s, BuildCity(20)) == RB.BUILD_CITY_UPGRADE
    poor = make(settlements={20: 0}, roads={road(20, 26): 0}, hands={0: cards(grain=2, ore=2)})
    assert rule_of(poor, BuildCity(20)) == RB.BUILD_CITY_COST


@pytest.mark.rules("catan/victory.points", "catan/build.city-upgrade")
def test_a_settlement_counts_one_point_and_a_city_two() -> None:
    # the Cities & Knights points table states them (a settlement +1, its city +1 more)
    rule = RB.RULES[RB.VICTORY_POINTS]
    assert "settlement counts 1 victory point and a city 2" in rule.summary
    assert rule.file == RB.CK_FILE and "Постройте поселение" in rule.quote
    assert "Улучшить поселение до города" in rule.quote
    s = make(settlements={20: 0}, roads={e: 0 for e in chain(20, 25, 19)}, hands={0: RICH})
    assert s.players[0].vp == 1 and s.longest == -1 and s.army == -1
    s = GAME.apply(s, BuildSettlement(19))
    assert s.players[0].vp == 2
    s = GAME.apply(s, BuildCity(19))
    assert s.players[0].vp == 3 and GAME.scores(s)[0] == 3
    shown = GAME.observe(s, "public").seats[0].public_victory_points  # type: ignore[union-attr]
    assert shown == 3


@pytest.mark.rules("catan/components.pieces")
def test_piece_limits() -> None:
    s = base()
    pl = s.players[0]
    full = attrs.evolve(s, players=(attrs.evolve(pl, roads=D.ROADS), *s.players[1:]))
    assert rule_of(full, BuildRoad(road(20, 26))) == RB.COMPONENTS_PIECES
    assert not any(isinstance(a, BuildRoad) for a in GAME.legal_actions(full))
    s = make(settlements={20: 0}, roads={e: 0 for e in chain(20, 25, 19)}, hands={0: RICH})
    pl = s.players[0]
    full = attrs.evolve(s, players=(attrs.evolve(pl, settlements=D.SETTLEMENTS),
                                    *s.players[1:]))
    assert rule_of(full, BuildSettlement(19)) == RB.COMPONENTS_PIECES
    assert not any(isinstance(a, BuildSettlement) for a in GAME.legal_actions(full))
    full = attrs.evolve(s, players=(attrs.evolve(pl, cities=D.CITIES), *s.players[1:]))
    assert rule_of(full, BuildCity(20)) == RB.COMPONENTS_PIECES
    assert not any(isinstance(a, BuildCity) for a in GAME.legal_actions(full))


@pytest.mark.rules("catan/build.development-cost", "catan/build.development-deck",
                   "catan/components.development-deck")
def test_buying_a_development_card_is_a_draw_from_the_deck() -> None:
    s = base()
    s = GAME.apply(s, BuyDevelopment())
    assert s.stage is Stage.DRAW and hand(s, 0) == cards(5, 5, 4, 4, 4)
    outcomes = dict(GAME.chance_outcomes(s))
    assert outcomes[Draw(D.KNIGHT)] * 25 == 14 and outcomes[Draw(D.MONOPOLY)] * 25 == 2
    s = GAME.apply(s, Draw(D.MONOPOLY))
    assert s.players[0].developments == (0, 0, 0, 0, 1) == s.players[0].bought
    assert s.deck == (14, 5, 2, 2, 1) and s.stage is Stage.MAIN
    empty = attrs.evolve(base(), deck=(0,) * 5, players=base().players)
    assert rule_of(empty, BuyDevelopment()) == RB.BUILD_DEVELOPMENT_DECK
    poor = make(settlements={20: 0}, roads={road(20, 26): 0})
    assert rule_of(poor, BuyDevelopment()) == RB.BUILD_DEVELOPMENT_COST
    drawn = GAME.apply(base(), BuyDevelopment())
    assert (
        rule_of(attrs.evolve(drawn, deck=(0, 0, 0, 0, 2)), Draw(D.KNIGHT))
        == RB.BUILD_DEVELOPMENT_DECK
    )
    assert rule_of(drawn, Draw(7)) == RB.BUILD_DEVELOPMENT_DECK


@pytest.mark.rules("catan/trade.phase", "catan/trade-build-phase")
def test_separate_phases_end_trading_with_the_first_build() -> None:
    combined = GAME.apply(base(), BuildRoad(road(20, 15)))
    assert MaritimeTrade(0, 1) in GAME.legal_actions(combined)
    s = GAME.apply(base(variant={"phases": "separate"}), BuildRoad(road(20, 15)))
    assert s.built
    assert not any(isinstance(a, MaritimeTrade | OfferCard) for a in GAME.legal_actions(s))
    assert rule_of(s, MaritimeTrade(0, 1)) == RB.TRADE_PHASE
    assert rule_of(s, OfferCard(True, 0)) == RB.TRADE_PHASE
    assert BuildRoad(road(20, 26)) in GAME.legal_actions(s)


@pytest.mark.rules("catan/trade-build-phase")
def test_the_phase_default_answers_the_printed_order() -> None:
    # the published rules print roll, trade, build; combining is the almanac's variant for
    # experienced players, so the default's reason must say so and why it still holds
    amb = GAME.rules.get_ambiguity("catan/trade-build-phase")
    assert "roll, trade, build" in amb.why and "experienced players" in amb.why
    assert "catanatron" in amb.why and "current edition combines" not in amb.why
    assert "printed turn order" in (amb.source or "")


@pytest.mark.rules("catan/build.road-connected", "catan/build.road-free-path",
                   "catan/build.distance", "catan/build.settlement-connected",
                   "catan/components.pieces")
def test_gathered_roads_and_sites_are_the_ones_the_rules_allow() -> None:
    """``roads_open`` and ``settlement_sites`` gather candidates from the player's pieces;
    over seeded games they list exactly the paths ``road_rule`` and the intersections
    ``settlement_rule`` allow, in order."""
    from rules_oracle.model.catan import board as B
    from rules_oracle.model.catan import build
    from rules_oracle.model.core.play import playout

    seen = 0
    for players, seed in ((3, 1), (4, 2)):
        for step in playout(GAME, GAME.config(players), seed, "eager"):
            state = step.state
            if state.turns == 0 or step.index % 3:
                continue
            for p in range(players):
                roads = tuple(e for e in range(B.N_PATHS)
                              if build.road_rule(state, p, e) is None)
                sites = tuple(n for n in range(B.N_NODES)
                              if build.settlement_rule(state, p, n, False) is None)
                assert build.roads_open(state, p) == roads
                assert build.settlement_sites(state, p) == sites
                seen += bool(roads) + bool(sites)
    assert seen > 100


@pytest.mark.rules("catan/trade.phase", "catan/road-building-trade-phase",
                   "catan/development.road-building")
def test_free_roads_end_trading_only_under_the_build_reading() -> None:
    # a Road Building card played while trading under the printed order: its two free roads
    # leave trading open by default (the card's effect, not a build), a road paid for ends
    # it; under free-roads=build the free roads end it
    def free_roads(**variant: str) -> CatanState:
        s = base(variant={"phases": "separate", **variant}, developments={0: (0, 0, 1, 0, 0)})
        assert isinstance(s, CatanState)
        for action in (PlayRoadBuilding(), BuildRoad(road(20, 15)), BuildRoad(road(20, 26))):
            s = GAME.apply(s, action)
        assert s.stage is Stage.MAIN and s.players[0].roads == 3
        return s

    s = free_roads()
    assert not s.built and MaritimeTrade(0, 1) in GAME.legal_actions(s)
    paid = GAME.apply(s, BuildRoad(road(25, 19)))
    assert rule_of(paid, MaritimeTrade(0, 1)) == RB.TRADE_PHASE
    ended = free_roads(**{"free-roads": "build"})
    assert ended.built
    assert not any(isinstance(a, MaritimeTrade | OfferCard) for a in GAME.legal_actions(ended))
    assert rule_of(ended, OfferCard(True, 0)) == RB.TRADE_PHASE
    amb = GAME.rules.get_ambiguity("catan/road-building-trade-phase")
    assert amb.option == "free-roads" and amb.default == "trade-on"


@pytest.mark.rules("catan/trade.phase", "catan/road-building-trade-phase",
                   "catan/development.before-roll")
def test_free_roads_before_the_roll_fall_under_the_same_readings() -> None:
    # a Road Building card played before the roll under the printed order: by default
    # trading opens after the roll as usual; under free-roads=build the free roads placed
    # before the roll leave the whole turn without trading (the registration says so)
    def rolled(**variant: str) -> CatanState:
        s = base(variant={"phases": "separate", **variant}, developments={0: (0, 0, 1, 0, 0)},
                 stage=Stage.PRE_ROLL, dice=(0, 0))
        assert isinstance(s, CatanState)
        for action in (PlayRoadBuilding(), BuildRoad(road(20, 15)), BuildRoad(road(20, 26))):
            s = GAME.apply(s, action)
        assert s.stage is Stage.PRE_ROLL and s.players[0].roads == 3
        s = GAME.apply(GAME.apply(s, RollDice()), Dice(1, 1))
        assert s.stage is Stage.MAIN
        return s

    assert MaritimeTrade(0, 1) in GAME.legal_actions(rolled())
    ended = rolled(**{"free-roads": "build"})
    assert not any(isinstance(a, MaritimeTrade | OfferCard) for a in GAME.legal_actions(ended))
    assert rule_of(ended, MaritimeTrade(0, 1)) == RB.TRADE_PHASE
    amb = GAME.rules.get_ambiguity("catan/road-building-trade-phase")
    build_reading = {r.key: r.summary for r in amb.readings}["build"]
    assert "before the roll" in amb.question and "before the roll" in build_reading
