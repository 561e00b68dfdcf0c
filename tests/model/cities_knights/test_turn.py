"""Set-up, the three dice, production with commodities, the aqueduct, the 7 and the robber
before and after the first attack, the end of the turn."""

from fractions import Fraction

import attrs
import pytest

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan.actions import (
    BuildCity,
    BuildRoad,
    BuildSettlement,
    Dice,
    Discard,
    EndTurn,
    MoveRobber,
    RollDice,
    Steal,
)
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import (
    ChooseCard,
    DiscardProgress,
    DrawProgress,
    EventDie,
    PlayProgress,
    Stop,
)
from rules_oracle.model.cities_knights.game import GAME
from rules_oracle.model.cities_knights.state import CKState, Stage
from rules_oracle.model.core.play import playout
from tests.model.cities_knights.helpers import cards, make, progress, rule_of

# hex 11 mountains 8: 20 26 32 37 31 25; hex 12 forest 8: 28 34 39 43 38 33
SETTLED = {"settlements": {20: 0}, "cities": {34: 1, 31: 2},
           "roads": {B.NODE_PATHS[20][0]: 0, B.NODE_PATHS[31][0]: 2, B.NODE_PATHS[34][0]: 1}}


def rolled(state: CKState, white: int, red: int, face: int = 0) -> CKState:
    state = GAME.apply(GAME.apply(state, RollDice()), Dice(white, red))
    return GAME.apply(state, EventDie(face))


@pytest.mark.rules("cities_knights/setup.second-city", "cities_knights/setup.placement")
def test_second_placement_is_a_city_with_its_cards() -> None:
    s = GAME.setup(GAME.config(3))
    assert all(isinstance(a, BuildSettlement) for a in GAME.legal_actions(s))
    for _ in range(3):
        s = GAME.apply(s, GAME.legal_actions(s)[0])
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    acts = GAME.legal_actions(s)
    assert acts and all(isinstance(a, BuildCity) for a in acts)
    assert rule_of(s, BuildSettlement(acts[0].node)) == RB.SETUP_SECOND_CITY  # type: ignore[union-attr]
    node = acts[-1].node  # type: ignore[union-attr]
    taken = next(n for n in range(B.N_NODES) if s.node_owner[n] >= 0)
    assert rule_of(s, BuildCity(taken)) == RB.SETUP_PLACEMENT  # the distance rule, no city rule
    s = GAME.apply(s, acts[-1])
    assert s.node_level[node] == 2 and s.players[s.turn].cities == 1
    assert sum(s.players[s.turn].hand) == len([h for h in B.NODE_HEXES[node]
                                                if s.terrain[h] != 5])
    assert sum(s.players[s.turn].hand[5:]) == 0  # resources only
    far = next(e for e in range(B.N_PATHS) if e not in B.NODE_PATHS[node])
    assert rule_of(s, BuildRoad(far)) == RB.SETUP_PLACEMENT  # not at the new city
    assert rule_of(s, BuildCity(acts[0].node)) == RB.TURN_ACTOR  # type: ignore[union-attr]


@pytest.mark.rules("cities_knights/dice.three", "cities_knights/dice.event")
def test_dice_then_event_die_with_exact_probabilities() -> None:
    s = GAME.apply(make(stage=Stage.PRE_ROLL, **SETTLED), RollDice())
    assert len(GAME.chance_outcomes(s)) == 36
    assert rule_of(s, Dice(7, 1)) == RB.DICE_THREE
    s = GAME.apply(s, Dice(4, 4))
    assert s.stage is Stage.EVENT
    assert dict(GAME.chance_outcomes(s)) == {EventDie(0): Fraction(1, 2),
                                             EventDie(1): Fraction(1, 6),
                                             EventDie(2): Fraction(1, 6),
                                             EventDie(3): Fraction(1, 6)}
    assert rule_of(s, EventDie(4)) == RB.DICE_EVENT


@pytest.mark.rules("cities_knights/dice.event-first", "cities_knights/dice.gate-draw")
def test_the_event_die_resolves_before_the_production_dice_pay() -> None:
    """A gate's draw comes while the roll's production is still unpaid; production follows
    the draw."""
    s = make(stage=Stage.PRE_ROLL, levels={1: (1, 0, 0)}, **SETTLED)
    s = GAME.apply(GAME.apply(GAME.apply(s, RollDice()), Dice(6, 2)), EventDie(1))
    assert s.stage is Stage.DRAWS and s.draws == ((1, D.TRADE),)
    assert all(pl.hand == cards() for pl in s.players)  # the 8 has paid nothing yet
    s = GAME.apply(s, DrawProgress(D.MERCHANT))
    assert s.players[1].progress[D.MERCHANT] == 1 and s.stage is Stage.MAIN
    assert s.players[1].hand == cards(lumber=1, paper=1)  # then the 8 pays


@pytest.mark.rules("cities_knights/production.commodity", "cities_knights/production.only-cities",
                   "cities_knights/production.shortage")
def test_cities_on_forest_and_mountains_take_a_commodity() -> None:
    s = rolled(make(stage=Stage.PRE_ROLL, **SETTLED), 4, 4)
    assert s.stage is Stage.MAIN
    assert s.players[0].hand == cards(ore=1)  # a settlement: no commodity
    assert s.players[1].hand == cards(lumber=1, paper=1)
    assert s.players[2].hand == cards(ore=1, coin=1)
    assert s.bank[D.PAPER] == 11 and s.bank[D.COIN] == 11


@pytest.mark.rules("cities_knights/production.gold")
def test_no_gold_field_on_the_board() -> None:
    assert all(t in range(6) for t in make().terrain)


@pytest.mark.rules("cities_knights/improvement.aqueduct")
def test_aqueduct_gives_a_resource_of_choice_after_a_barren_roll() -> None:
    s = make(stage=Stage.PRE_ROLL, levels={0: (0, 0, 3)}, **SETTLED)
    s = rolled(s, 1, 1)  # 2: nobody has a building on hex 1
    assert s.stage is Stage.AQUEDUCT and GAME.actor(s) == 0
    assert rule_of(s, ChooseCard(D.CLOTH)) == RB.IMPROVEMENT_AQUEDUCT
    s = GAME.apply(s, ChooseCard(2))
    assert s.players[0].hand == cards(wool=1) and s.stage is Stage.MAIN
    s = rolled(make(stage=Stage.PRE_ROLL, levels={0: (0, 0, 3)}, **SETTLED), 4, 4)
    assert s.stage is Stage.MAIN  # player 0 produced


@pytest.mark.rules("cities_knights/aqueduct-take", "cities_knights/improvement.aqueduct")
def test_the_aqueducts_resource_is_taken_or_under_a_reading_declined() -> None:
    s = rolled(make(stage=Stage.PRE_ROLL, levels={0: (0, 0, 3)}, **SETTLED), 1, 1)
    assert Stop() not in GAME.legal_actions(s)
    assert rule_of(s, Stop()) == RB.IMPROVEMENT_AQUEDUCT
    s = rolled(make(stage=Stage.PRE_ROLL, levels={0: (0, 0, 3)}, variant={
        "aqueduct-take": "may-decline"}, **SETTLED), 1, 1)  # type: ignore[arg-type]
    assert s.stage is Stage.AQUEDUCT and Stop() in GAME.legal_actions(s)
    s = GAME.apply(s, Stop())
    assert s.stage is Stage.MAIN and s.players[0].hand == cards() and not s.queue


@pytest.mark.rules("cities_knights/robber.discard", "cities_knights/wall.discard-limit",
                   "cities_knights/robber.not-before-attack")
def test_seven_discards_count_commodities_and_walls_but_no_robber_before_attack() -> None:
    s = make(stage=Stage.PRE_ROLL, hands={1: cards(ore=4, paper=5), 2: cards(ore=9)},
             walls=(31,), **SETTLED)
    s = rolled(s, 3, 4)
    assert s.discards == (0, 4, 0)  # player 2's wall lifts his limit to 9
    for _ in range(4):
        s = GAME.apply(s, Discard(D.PAPER))
    assert s.stage is Stage.MAIN and s.robber == make().robber
    assert rule_of(attrs.evolve(s, stage=Stage.DISCARD, discards=(0, 1, 0)), Discard(0)) \
        == RB.ROBBER_DISCARD


@pytest.mark.rules("cities_knights/robber.move")
def test_robber_moves_after_the_first_attack_and_steals_commodities() -> None:
    s = make(stage=Stage.PRE_ROLL, attacked=True, hands={1: cards(paper=1)}, **SETTLED)
    s = rolled(s, 3, 4)
    assert s.stage is Stage.ROBBER
    assert rule_of(s, MoveRobber(s.robber, -1)) == RB.ROBBER_MOVE
    assert rule_of(s, MoveRobber(12, 2)) == RB.ROBBER_MOVE
    s = GAME.apply(s, MoveRobber(12, 1))
    assert GAME.chance_outcomes(s) == ((Steal(D.PAPER), Fraction(1)),)
    assert rule_of(s, Steal(0)) == RB.ROBBER_MOVE
    s = GAME.apply(s, Steal(D.PAPER))
    assert s.players[0].hand == cards(paper=1) and s.stage is Stage.MAIN


@pytest.mark.rules("cities_knights/progress.hand-limit", "cities_knights/turn.limit")
def test_end_of_turn_discards_down_to_four_progress_cards() -> None:
    s = make(held={0: progress(crane=3, smith=2)}, **SETTLED)
    s = GAME.apply(s, EndTurn())
    assert s.stage is Stage.END and GAME.actor(s) == 0
    assert rule_of(s, DiscardProgress(0)) == RB.PROGRESS_HAND_LIMIT
    s = GAME.apply(s, DiscardProgress(D.CRANE))
    assert s.stage is Stage.PRE_ROLL and s.turn == 1 and s.under == ((), (), (D.CRANE,))
    last = attrs.evolve(make(**SETTLED), turns=D.TURN_LIMIT)
    assert GAME.apply(last, EndTurn()).stage is Stage.OVER


@pytest.mark.rules("cities_knights/spent-progress-cards", "cities_knights/dice.gate-draw",
                   "cities_knights/progress.play", "cities_knights/progress.decks")
def test_played_cards_go_under_their_deck_and_come_back_in_order() -> None:
    s = make(held={0: progress(irrigation=1, mining=1)}, levels={0: (0, 0, 1)}, **SETTLED)
    s = GAME.apply(GAME.apply(s, PlayProgress(D.MINING)), PlayProgress(D.IRRIGATION))
    assert s.under == ((), (), (D.MINING, D.IRRIGATION)) and s.spent == D.NO_PROGRESS
    assert GAME.observe(s, "public").progress_deck_sizes == (18, 18, 18)  # type: ignore
    # the science deck drawn down to the two cards under it: they come in order, for sure
    science = tuple(0 if D.PROGRESS_COLOUR[k] == D.SCIENCE else n
                    for k, n in enumerate(s.deck))
    s = attrs.evolve(s, deck=science, stage=Stage.PRE_ROLL, turns=11,
                     players=(attrs.evolve(s.players[0], vp_cards=0), *s.players[1:]))
    s = GAME.apply(GAME.apply(GAME.apply(s, RollDice()), Dice(1, 1)), EventDie(3))
    assert s.stage is Stage.DRAWS
    assert GAME.chance_outcomes(s) == ((DrawProgress(D.MINING), Fraction(1)),)
    assert rule_of(s, DrawProgress(D.IRRIGATION)) == RB.PROGRESS_DECKS  # not the next
    above = attrs.evolve(s, deck=tuple(int(k == D.SMITH) for k in range(len(s.deck))))
    assert rule_of(above, DrawProgress(D.MINING)) == RB.PROGRESS_DECKS  # the Smith lies above it
    s = GAME.apply(s, DrawProgress(D.MINING))
    assert s.players[0].progress[D.MINING] == 1 and s.under == ((), (), (D.IRRIGATION,))
    aside = make(held={0: progress(mining=1)}, variant={"progress-return": "set-aside"},
                 **SETTLED)
    aside = GAME.apply(aside, PlayProgress(D.MINING))
    assert aside.under == ((), (), ()) and aside.spent[D.MINING] == 1


@pytest.mark.rules("cities_knights/victory.thirteen", "cities_knights/victory.own-turn",
                   "cities_knights/victory.points", "cities_knights/game.over")
def test_thirteen_points_win_on_ones_own_turn_only() -> None:
    cities = {0: 1, 2: 1, 10: 1, 14: 1}
    s = make(cities=cities, settlements={24: 1, 40: 1, 46: 1},
             roads={B.NODE_PATHS[n][0]: 1 for n in (0, 2, 10, 14, 24, 40, 46)})
    s = attrs.evolve(s, players=tuple(attrs.evolve(pl, defenders=2 * (i == 1))
                                      for i, pl in enumerate(s.players)),
                     metropolis=(0, -1, -1), merchant=0, merchant_owner=1)
    s = attrs.evolve(s, players=tuple(attrs.evolve(pl, levels=(4, 0, 0)) if i == 1 else pl
                                      for i, pl in enumerate(s.players)), defenders_left=4)
    from rules_oracle.model.cities_knights.victory import points, refresh

    s = refresh(s)
    assert points(s, 1) == 8 + 3 + 2 + 2 + 1 == 16
    assert GAME.scores(s)[1] == 16 and s.stage is Stage.MAIN  # not his turn
    s = GAME.apply(s, EndTurn())
    assert s.stage is Stage.OVER and GAME.winners(s) == (1,)
    assert rule_of(s, EndTurn()) == RB.GAME_OVER


@pytest.mark.rules("cities_knights/improvement.aqueduct")
def test_aqueduct_after_a_blocked_number_and_never_on_a_seven() -> None:
    # "или если ваше число заблокировано": player 0's settlement on 20, the robber on the
    # hex of the number rolled, the only hex of that number at 20
    base = make(stage=Stage.PRE_ROLL, levels={0: (0, 0, 3)}, **SETTLED)  # type: ignore[arg-type]
    h = next(h for h in B.NODE_HEXES[20] if base.tokens[h] and sum(
        1 for g in B.NODE_HEXES[20] if base.tokens[g] == base.tokens[h]) == 1)
    t = base.tokens[h]
    white = min(6, t - 1)
    assert rolled(base, white, t - white).stage is Stage.MAIN  # not blocked: produced
    blocked = rolled(attrs.evolve(base, robber=h), white, t - white)
    assert blocked.stage is Stage.AQUEDUCT and GAME.actor(blocked) == 0
    assert blocked.players[0].hand == cards()
    # "(кроме случаев, когда выпадает 7)": nothing produced, no aqueduct
    seven = rolled(base, 3, 4)
    assert seven.stage is Stage.MAIN and seven.players[0].hand == cards()


@pytest.mark.rules("cities_knights/victory.points", "cities_knights/victory.longest-road")
def test_points_are_right_after_every_step_and_a_changed_part_is_scored_anew() -> None:
    from rules_oracle.model.cities_knights.victory import points, refresh

    # every step of two seeded games (the points after a step that left the scoring parts
    # as they were are taken as they stand)
    for seed in (0, 1):
        for step in playout(GAME, GAME.config(4), seed, "eager"):
            s = step.state
            assert [pl.vp for pl in s.players] == [points(s, p) for p in range(4)]
    s = make(stage=Stage.MAIN, **SETTLED)  # type: ignore[arg-type]
    assert refresh(s) is s  # the scoring parts of the state refresh gave back last
    # the same players beside another longest-road holder, or stale points in new
    # players, are scored anew
    holder = refresh(attrs.evolve(s, longest=2))
    assert holder.players[2].vp == s.players[2].vp + 2
    stale = attrs.evolve(holder, players=tuple(attrs.evolve(pl, vp=0) for pl in holder.players))
    assert [pl.vp for pl in refresh(stale).players] == [pl.vp for pl in holder.players]
    assert refresh(holder) is holder


@pytest.mark.rules("cities_knights/build.road", "cities_knights/trade.domestic")
def test_the_main_stage_steps_are_those_built_afresh_after_every_offer() -> None:
    from rules_oracle.model.cities_knights import trade

    def afresh(s: CKState) -> tuple[object, ...]:
        return (*GAME._building_actions(s), *trade.open_actions(s), EndTurn())

    main = 0
    for seed in (0, 2):
        for step in playout(GAME, GAME.config(4), seed):
            if step.state.stage is Stage.MAIN:
                main += 1
                assert GAME.legal_actions(step.state) == afresh(step.state)
    assert main > 500
    # a state equal but for its offer count takes the steps of the last one; one whose
    # hand changed has its own
    s = make(stage=Stage.MAIN, hands={0: cards(brick=1, lumber=1)}, **SETTLED)  # type: ignore[arg-type]
    first = GAME.legal_actions(s)
    assert any(isinstance(a, BuildRoad) for a in first)
    spent = attrs.evolve(s, offers=1)
    assert GAME.legal_actions(spent) == afresh(spent)
    poor = attrs.evolve(spent, players=(attrs.evolve(s.players[0], hand=cards()),
                                        *s.players[1:]))
    assert not any(isinstance(a, BuildRoad) for a in GAME.legal_actions(poor))
    assert GAME.legal_actions(poor) == afresh(poor)
    assert GAME.legal_actions(s) == first


@pytest.mark.rules("cities_knights/trade.domestic")
def test_whose_step_is_each_states_own_when_states_are_asked_in_turn() -> None:
    before = GAME.setup(GAME.config(4))
    seats = set()
    for step in playout(GAME, GAME.config(4), 1):
        after = step.state
        for s in (after, before, after, after, before):  # asked again, and in turn
            assert GAME.actor(s) == GAME._actor(s)
        seats.add(GAME.actor(before))
        before = after
    assert seats >= {-1, 0, 1, 2, 3}


@pytest.mark.rules("cities_knights/trade.maritime", "cities_knights/trade.domestic",
                   "cities_knights/trade.limit")
def test_shared_main_steps_are_the_trade_rules_one_by_one() -> None:
    """The main stage's opening cards and bank trades (step objects made once) are those
    the trade rules allow, built afresh card by card, over seeded 4-player games."""
    from rules_oracle.model.catan.actions import MaritimeTrade, OfferCard
    from rules_oracle.model.cities_knights import trade
    from rules_oracle.model.cities_knights.game import GAME as G
    from rules_oracle.model.cities_knights.game import LINKS
    from rules_oracle.model.cities_knights.state import Stage
    from rules_oracle.model.core.play import playout

    seen = 0
    for seed in range(2):
        for step in playout(G, G.config(4), seed):
            s = step.state
            if s.stage is not Stage.MAIN:
                continue
            hand = s.players[s.turn].hand
            opening = [] if trade._limit(s) is not None else [
                OfferCard(True, c) for c in range(D.N_CARDS) if hand[c]]
            assert trade.open_actions(s) == opening
            rate = trade.card_rates(s, s.turn, LINKS)
            bank = [] if s.trades >= D.TRADES_PER_TURN else [
                MaritimeTrade(g, t) for g in range(D.N_CARDS) for t in range(D.N_CARDS)
                if g != t and hand[g] >= rate[g] and s.bank[t]]
            assert trade.maritime_actions(s, LINKS) == bank
            legal = G.legal_actions(s)
            assert set(opening) | set(bank) <= set(legal) and legal[-1] == EndTurn()
            seen += bool(opening) + bool(bank)
    assert seen > 100


@pytest.mark.rules("cities_knights/build.road", "cities_knights/knight-blocks-road")
def test_remembered_road_spots_are_the_paths_tried_one_by_one() -> None:
    """A seat's road paths (remembered while the owners of paths, buildings and knights are
    the very same tuples) are every free path connected through no rival piece, tried one
    by one, for every seat of every state of seeded 4-player games in turn."""
    from rules_oracle.model.catan import data as BD
    from rules_oracle.model.catan.build import road_connected
    from rules_oracle.model.cities_knights import build
    from rules_oracle.model.cities_knights.common import pieces
    from rules_oracle.model.cities_knights.game import GAME as G
    from rules_oracle.model.core.play import playout

    seen = 0
    for seed in range(2):
        for step in playout(G, G.config(4), seed):
            s = step.state
            for p in range(4):
                want = () if s.players[p].roads >= BD.ROADS else tuple(
                    e for e in range(B.N_PATHS) if s.path_owner[e] == -1
                    and road_connected(s.path_owner, pieces(s), p, e))
                assert build.road_spots(s, p) == want
                seen += bool(want)
    assert seen > 1000


@pytest.mark.rules("cities_knights/knight.build", "cities_knights/knight.move",
                   "cities_knights/knight.chase")
def test_remembered_knights_are_the_intersections_scanned() -> None:
    """A seat's knights (remembered with the very tuple of knight owners) are the
    intersections its knights stand on, scanned one by one, for every seat of every state
    of seeded 4-player games in turn."""
    from rules_oracle.model.cities_knights import knight
    from rules_oracle.model.cities_knights.game import GAME as G
    from rules_oracle.model.core.play import playout

    seen = 0
    for seed in range(2):
        for step in playout(G, G.config(4), seed):
            s = step.state
            for p in range(4):
                want = tuple(n for n in range(B.N_NODES) if s.knight_owner[n] == p)
                assert knight.own_knights(s, p) == want
                seen += len(want)
    assert seen > 1000


@pytest.mark.rules("cities_knights/victory.points")
def test_a_dict_backed_player_copies_as_attrs_evolve_does() -> None:
    """The players (dict-backed: copied by one copy of their dictionary) copy as
    ``attrs.evolve`` does, and hash and compare as it does, over a seeded 4-player game."""
    from rules_oracle.model.cities_knights.state import Player
    from rules_oracle.model.core.ops import evolve

    for step in playout(GAME, GAME.config(4), 0):
        if step.index >= 300:
            break
        for pl in step.state.players:
            assert set(pl.__dict__) == {f.name for f in attrs.fields(Player)}
            changed = evolve(pl, vp=pl.vp + 1)
            assert changed == attrs.evolve(pl, vp=pl.vp + 1)
            assert hash(changed) == hash(attrs.evolve(pl, vp=pl.vp + 1))
            assert changed != pl and evolve(pl) == pl and changed.vp == pl.vp + 1


@pytest.mark.rules("cities_knights/knight.break-road", "cities_knights/build.road")
def test_every_road_length_is_the_one_walked_anew_after_every_step() -> None:
    """A knight placed or removed recomputes the roads of the rivals at its intersection
    (its owner's run through it), a road built its builder's trails through it: over
    seeded 4-player games, every player's road length after every step is his longest
    road walked anew with every piece blocking."""
    from rules_oracle.model.catan.longest_road import longest_road
    from rules_oracle.model.cities_knights.common import pieces

    knights = 0
    for seed, policy in ((0, "uniform"), (1, "eager"), (2, "eager")):
        for step in playout(GAME, GAME.config(4), seed, policy):
            s = step.state
            blockers = pieces(s)
            assert [pl.road_length for pl in s.players] == [
                longest_road(s.path_owner, blockers, p) for p in range(4)], (seed, step.index)
            knights += type(step.action).__name__ in ("BuildKnight", "MoveKnight")
    assert knights
    # a rival's knight between two of seat 0's roads breaks them and, removed, joins them
    from rules_oracle.model.cities_knights.knight import put_knight, remove_knight
    from tests.model.cities_knights.helpers import chain

    roads = {**dict.fromkeys(chain(0, 3, 7, 12, 17, 22), 0), B.path_between(11, 7): 1}
    s = make(cities={0: 0, 40: 1}, roads=roads)
    assert [pl.road_length for pl in s.players[:2]] == [5, 1]
    broken = put_knight(s, 1, 7, 1, False)
    assert [pl.road_length for pl in broken.players[:2]] == [3, 1]
    assert [pl.road_length for pl in remove_knight(broken, 7).players[:2]] == [5, 1]
