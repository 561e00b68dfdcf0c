"""Invariants over seeded games and corrupted states; quotes; options; serialization."""

import itertools
import random
from pathlib import Path

import pytest

from rules_oracle.model.catan_cards import rules as RB
from rules_oracle.model.catan_cards.game import GAME
from rules_oracle.model.catan_cards.state import CardsState, Stage
from rules_oracle.model.core import digest, structure, to_json, unstructure
from rules_oracle.model.core.ops import evolve, put
from rules_oracle.model.core.play import choose
from rules_oracle.model.core.rules import quote_stands
from rules_oracle.properties.catan_cards import (
    INVARIANTS,
    TRANSITION_INVARIANTS,
    developments_conserved,
    exchanges,
    in_play,
    market,
    nonnegative,
    points_on_turn,
    resources_conserved,
    score,
    turn_points,
    turn_structure,
)
from tests.model.catan_cards.helpers import cards, make, seat

RULES_DIR = Path(__file__).resolve().parents[3].parent / "shared" / "rules"


def play(players: int, seed: int, variant: dict[str, str] | None = None,
         policy: str = "uniform") -> list[CardsState]:
    rng = random.Random(seed)
    state = GAME.setup(GAME.config(players, variant))
    states = [state]
    while GAME.actor(state) != -2:
        state = GAME.apply(state, choose(GAME, state, rng, policy))
        states.append(state)
    return states


def check(state: CardsState) -> None:
    for inv in INVARIANTS:
        assert inv(state) == [], inv.__name__


@pytest.mark.parametrize(("players", "seed", "variant", "policy"), [
    (2, 1, {}, "eager"), (3, 2, {"market-day": "draw-one", "guild": "take"}, "eager"),
    (4, 3, {"end": "end-of-turn", "settlement-city": "separate",
            "exchange-steps": "together"}, "uniform"),
    (4, 6, {"exchange-steps": "together", "take-next": "clockwise",
            "market-day": "none"}, "eager"),
    (5, 4, {"second-set": "as-count", "fate-five-six": "unused"}, "eager"),
    (6, 5, {"convert-from": "discard", "robber-raid": "fate-only"}, "eager"),
    (3, 7, {"building-once": "name", "end": "end-of-turn"}, "eager"),
])
def test_invariants_hold_over_seeded_games(players: int, seed: int, variant: dict[str, str],
                                           policy: str) -> None:
    states = play(players, seed, variant, policy)
    for s in states[::3] + states[-1:]:
        check(s)
    for before, after in itertools.pairwise(states):
        for inv in TRANSITION_INVARIANTS:
            assert inv(before, None, after) == [], inv.__name__
    assert states[-1].stage is Stage.OVER


def test_reachable_stages_cover_the_game() -> None:
    stages = set()
    for seed in range(6):  # seed 5 builds a library and exchanges with it (stage choose)
        stages |= {s.stage for s in play(4, seed, {"market-day": "draw-one"}, "eager")}
    assert stages == set(Stage)


# -- each invariant catches a corrupted state ----------------------------------------------------
def sample() -> CardsState:
    return make(3, {0: seat(cards(1, 2, 3, 0, 0), roads=3, cities=1),
                    1: seat(cards(ore=4), knights=2, buildings=(1, 0, 0, 0, 0))},
                discard=cards(wool=2), exchanges=1, traded_with=(1,))


def _player(state: CardsState, p: int, **changes: object) -> CardsState:
    return evolve(state, players=put(state.players, p, evolve(state.players[p], **changes)))


def test_the_sample_is_clean() -> None:
    s = sample()
    check(s)
    assert s.players[1].vp == 1 + 3 + 1


@pytest.mark.rules("catan_cards/components.resources")
def test_resources_conserved_catches_a_lost_card() -> None:
    assert resources_conserved(_player(sample(), 0, hand=cards(0, 2, 3, 0, 0)))
    assert resources_conserved(evolve(sample(), discard=cards(wool=3)))


@pytest.mark.rules("catan_cards/components.developments")
def test_developments_conserved_catches_duplicated_cards() -> None:
    s = sample()
    assert developments_conserved(evolve(s, road_stack=s.road_stack + 1))
    assert developments_conserved(evolve(s, knight_stack=s.knight_stack - 1))
    assert developments_conserved(evolve(s, settlement_stack=s.settlement_stack + 1))
    assert developments_conserved(evolve(s, building_stack=(1, 2, 2, 1, 1)))
    assert s.unseen_events == (4, 5) and s.revealed_events == (0, 2)
    assert developments_conserved(evolve(s, unseen_events=(4, 4)))
    assert developments_conserved(evolve(s, unseen_events=(4, 6), revealed_events=(0, 1)))
    moved = evolve(s, unseen_events=(4, 4), revealed_events=(0, 3))
    assert any("revealed" in v.message for v in developments_conserved(moved))


def test_nonnegative_catches_negative_counts_and_twin_buildings() -> None:
    s = sample()
    assert nonnegative(evolve(s, exchanges=-1))
    assert nonnegative(_player(s, 0, hand=cards(-1)))
    assert any("alike" in v.message for v in nonnegative(_player(s, 1, buildings=(2, 0, 0, 0,
                                                                                   0))))


def test_market_catches_a_short_market() -> None:
    assert market(evolve(sample(), market=cards(1, 1, 1, 1, 0)))
    assert market(evolve(sample(), market=cards(2, 1, 1, 1, 1)))
    assert market(evolve(sample(), market=cards(1, 1, 0, 0, 0), turns=0)) == []


@pytest.mark.rules("catan_cards/trade.allowance")
def test_exchanges_catches_an_overdrawn_allowance() -> None:
    s = sample()
    assert exchanges(evolve(s, exchanges=3))
    assert exchanges(evolve(s, traded_with=(0,)))
    assert exchanges(evolve(s, traded_with=(1, 2)))


def test_score_catches_wrong_points() -> None:
    assert score(_player(sample(), 1, vp=4))


@pytest.mark.rules("catan_cards/score.settlement", "catan_cards/score.city",
                   "catan_cards/score.building", "catan_cards/score.roads-knights")
@pytest.mark.parametrize(("reading", "points"), [("b-side", 1 + 2 + 4 + 1 + 1),
                                                 ("a-side", 1 + 2 + 4 + 2 + 1),
                                                 ("each", 1 + 2 + 4 + 3 + 2)])
def test_score_recomputes_the_points_from_the_cards(reading: str, points: int) -> None:
    """The invariant states the points itself: 3 roads (A, B, A) and 2 knights (A, B) score
    by the reading; a model whose points differ is caught, whatever its own sum says."""
    s = evolve(sample(), config=GAME.config(3, {"road-knight-points": reading}))
    s = _player(s, 0, settlements=1, cities=1, buildings=(0, 0, 0, 0, 1), roads=3, knights=2,
                vp=points)
    def mine(t: CardsState) -> list[str]:
        return [v.message for v in score(t) if v.message.startswith("player 0:")]

    assert mine(s) == []
    assert mine(_player(s, 0, vp=points + 1)) == [
        f"player 0: {points + 1} points, cards give {points}"]


@pytest.mark.rules("catan_cards/trade.allowance", "catan_cards/trade.no-roads")
@pytest.mark.parametrize(("roads", "allowed"), [(0, 1), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_exchanges_recompute_the_allowance_from_the_roads(roads: int, allowed: int) -> None:
    s = _player(sample(), 0, roads=roads)
    assert exchanges(evolve(s, exchanges=allowed, traded_with=())) == []
    assert exchanges(evolve(s, exchanges=allowed + 1, traded_with=()))


@pytest.mark.rules("catan_cards/setup.remove-two", "catan_cards/setup.remove-three",
                   "catan_cards/setup.all-four", "catan_cards/setup.second-set")
def test_the_components_in_play_are_restated_from_the_tables() -> None:
    """Two players keep the symbol-0 cards; five and six play two sets of resources."""
    from rules_oracle.model.catan_cards import data as D
    from rules_oracle.model.catan_cards.setup import components

    res2, roads2, *_ = in_play(2, "symbol-only")
    assert res2 == D.RESOURCE_CARDS and roads2 == D.ROAD_CARDS[0]
    assert in_play(5, "as-count")[0] == tuple(2 * n for n in D.RESOURCE_CARDS)
    for players, reading in itertools.product(range(2, 7), ("symbol-only", "as-count")):
        assert in_play(players, reading) == components(
            GAME.config(players, {"second-set": reading})), (players, reading)


def test_turn_points_catch_points_beyond_the_turns_developments() -> None:
    s = sample()
    assert turn_points(s) == []
    assert turn_points(_player(s, 1, vp=10))
    assert turn_points(_player(s, 0, vp=10))
    assert turn_points(evolve(_player(s, 0, vp=10), built=(0, 0, 0, 0, 1))) == []
    assert turn_points(evolve(_player(s, 0, vp=12), built=(0, 0, 0, 0, 1)))
    assert turn_points(evolve(_player(s, 1, vp=12), stage=Stage.OVER)) == []


def test_turn_structure_catches_incoherent_turns() -> None:
    s = sample()
    assert turn_structure(evolve(s, turn=5))
    assert turn_structure(evolve(s, rival=1))
    assert turn_structure(evolve(s, discards=(1, 0, 0)))
    assert turn_structure(evolve(s, drawing=(0,)))
    assert turn_structure(evolve(s, stack=(0,) * 5, discard=cards(wool=2)))
    assert turn_structure(evolve(s, fate=-1))
    assert turn_structure(evolve(s, turns=0))
    assert turn_structure(evolve(s, winner=1, stage=Stage.OVER))
    assert any("goes on" in v.message for v in turn_structure(_player(s, 0, vp=10)))
    owed = [v.message for v in turn_structure(evolve(s, owed_back=1))]
    assert owed and "owed back" in owed[0]
    assert turn_structure(evolve(s, giving_back=True))


def test_points_on_turn_catches_lost_points() -> None:
    s = sample()
    assert points_on_turn(s, None, s) == []
    assert points_on_turn(s, None, _player(s, 0, vp=0))
    assert points_on_turn(s, None, _player(s, 1, vp=3))
    assert points_on_turn(s, None, _player(s, 1, vp=4)) == []


# -- rules, options, serialization ---------------------------------------------------------------
def test_every_option_is_a_registered_ambiguity_with_readings() -> None:
    opts = GAME.rules.options()
    assert set(opts) == {"second-set", "fate-five-six", "fate-white", "road-knight-points",
                         "end", "robber-raid", "market-day", "guild", "convert-from",
                         "settlement-city", "settlement-fate", "take-next", "exchange-steps",
                         "protected", "building-once", "take-search"}
    for amb in GAME.rules.ambiguities:
        assert amb.default in {r.key for r in amb.readings}


@pytest.mark.skipif(not RULES_DIR.is_dir(), reason="shared/rules is not present")
def test_every_quote_stands_in_the_file_it_names() -> None:
    for item in (*GAME.rules, *GAME.rules.ambiguities):
        if item.quote == RB.UNQUOTED:
            assert "no quote" in (item.source or ""), item.id
            continue
        text = (RULES_DIR / item.file).read_text(encoding="utf-8")
        assert quote_stands(item.quote, text), item.id
    assert {r.file for r in GAME.rules} == {RB.FILE, RB.DATA_FILE}


def test_supplementary_rules_say_so() -> None:
    for rule in GAME.rules:
        if rule.file == RB.DATA_FILE:
            assert (rule.source or "").startswith("supplementary"), rule.id


def test_states_round_trip() -> None:
    states = play(3, 5)
    for s in states[::60]:
        assert structure(unstructure(s), CardsState) == s
        assert digest(s) == digest(structure(unstructure(s), CardsState))
    assert to_json(states[-1]) == to_json(structure(unstructure(states[-1]), CardsState))


def test_max_steps_bounds_seeded_games() -> None:
    for players in (2, 6):
        assert len(play(players, 7)) <= GAME.max_steps(GAME.config(players))
