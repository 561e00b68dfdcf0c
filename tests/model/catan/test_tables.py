"""The tables and memories the model keeps for speed give what the rules' plain walks give:
each is compared with its reference over the states of seeded games, and after a change of
board, so a stale or wrong entry fails here."""

import random
from collections.abc import Iterator
from operator import ge

import attrs
import pytest

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import build, development, longest_road, production, seven, trade
from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.actions import (
    Answer,
    Counter,
    Dice,
    MaritimeTrade,
    MoveRobber,
    OfferCard,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    Propose,
    Steal,
    TradeWith,
    Withdraw,
)
from rules_oracle.model.catan.game import GAME
from rules_oracle.model.catan.ops import PairMemo, evolve
from rules_oracle.model.catan.state import CatanState, Offer, Stage
from rules_oracle.model.core import IllegalAction, draw_outcomes
from rules_oracle.model.core.play import playout


def states(players: int, seeds: range, variant: dict[str, str] | None = None
           ) -> Iterator[CatanState]:
    """Every state of seeded uniform games (variable board unless ``variant`` says)."""
    config = GAME.config(players, {"board": "variable", **(variant or {})})
    for seed in seeds:
        for step in playout(GAME, config, seed):
            yield step.state


def walked_production(state: CatanState) -> CatanState:
    """Production by the walk over every hex (``owed``) and ``pay``: the reference."""
    hands = tuple(pl.hand for pl in state.players)
    got = production.owed(state.terrain, state.tokens, state.robber, state.node_owner,
                          state.node_level, sum(state.dice), state.config.players)
    bank, hands = production.pay(state.bank, hands, got,
                                 state.config.option("shortage") == "one-owed")
    players = tuple(attrs.evolve(pl, hand=h) for pl, h in zip(state.players, hands, strict=True))
    return attrs.evolve(state, bank=bank, players=players, stage=Stage.MAIN)


@pytest.mark.rules("catan/production.yield", "catan/production.robber",
                   "catan/production.shortage", "catan/bank-shortage")
@pytest.mark.parametrize("shortage", ["one-owed", "nobody"])
def test_production_by_the_roll_table_is_the_walk(shortage: str) -> None:
    rng = random.Random(7)
    checked = short = 0
    for state in states(4, range(3), {"shortage": shortage}):
        if state.stage is not Stage.DICE:
            continue
        for total in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
            white = max(1, total - 6)
            rolled = evolve(state, dice=(white, total - white))
            # a bank of few cards, so that the shortage is met too
            low = evolve(rolled, bank=tuple(rng.randrange(3) for _ in rolled.bank))
            for s in (rolled, low):
                assert production.produce(s) == walked_production(s)
                checked += 1
            short += walked_production(low).bank != low.bank
    assert checked > 500 and short > 20


@pytest.mark.rules("catan/production.yield")
def test_roll_table_follows_the_board() -> None:
    """Boards laid in turn (equal ones built anew too) each get their own table."""
    boards = []
    for seed in range(6):
        for state in states(3, range(seed, seed + 1)):
            if state.stage is Stage.SETUP:
                boards.append((state.terrain, state.tokens))
                break
    boards += [(tuple(t), tuple(k)) for t, k in boards]  # equal values, other objects
    for terrain, tokens in boards * 2:
        table = production.roll_table(terrain, tokens)
        for total in range(13):
            want = tuple((h, D.YIELD[terrain[h]], B.HEX_NODES[h])
                         for h in range(B.N_HEXES)
                         if tokens[h] == total and D.YIELD[terrain[h]] >= 0)
            assert table[total] == want
    assert len({b for b in boards}) > 1


@pytest.mark.rules("catan/production.yield")
def test_roll_table_memory_starts_afresh() -> None:
    production._ROLL_TABLES.clear()
    terrain, tokens = (0,) * 19, (8,) * 19
    for _ in range(production.ROLL_TABLE_ENTRIES + 3):
        fresh = tuple(list(tokens))
        assert len(production.roll_table(terrain, fresh)[8]) == 19
    assert len(production._ROLL_TABLES) <= production.ROLL_TABLE_ENTRIES
    assert production.roll_table(terrain, tokens)[8] == production.roll_table(terrain, tokens)[8]


@pytest.mark.rules("catan/production.yield", "catan/turn.roll")
def test_a_dice_step_produces_as_the_walk() -> None:
    for state in states(3, range(2)):
        if state.stage is Stage.DICE:
            out = GAME.apply(state, Dice(4, 4))
            assert out == walked_production(evolve(state, dice=(4, 4)))


@pytest.mark.rules("catan/production.yield", "catan/production.robber")
def test_what_a_roll_owes_is_remembered_per_position() -> None:
    """``owed_now`` gives the walk's cards for every roll, robber and board, the owners'
    tuples shared between them (a memory keyed by the owners alone, or missing the robber
    or the roll, gives another position's cards)."""
    production._OWED.clear()
    laid = [s for s in states(4, range(3)) if s.stage is Stage.DICE and s.turns > 20]
    other = next(s for s in states(4, range(7, 8)) if s.stage is Stage.SETUP)
    checked = differ = 0
    for state in laid[::10]:
        # the same owners' tuples on another board; the robber on each hex
        boards = (state, evolve(state, terrain=other.terrain, tokens=other.tokens))
        for s in boards:
            for robber in range(0, B.N_HEXES, 3):
                moved = evolve(s, robber=robber)
                for total in range(2, 13):
                    want = production.owed(moved.terrain, moved.tokens, robber,
                                           moved.node_owner, moved.node_level, total, 4)
                    assert production.owed_now(moved, total) == want
                    assert production.owed_now(moved, total) is production.owed_now(moved, total)
                    checked += 1
                    differ += want != production.owed(
                        state.terrain, state.tokens, state.robber, state.node_owner,
                        state.node_level, total, 4)
    assert checked > 1000 and differ > 100
    assert 0 < len(production._OWED) <= production.OWED_ENTRIES


@pytest.mark.rules("catan/production.yield")
def test_what_a_roll_owes_starts_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(production, "OWED_ENTRIES", 8)
    state = next(s for s in states(3, range(1)) if s.stage is Stage.DICE and s.turns > 5)
    production._OWED.clear()  # the game's own rolls filled it
    for total in range(2, 13):
        assert production.owed_now(state, total) == production.owed(
            state.terrain, state.tokens, state.robber, state.node_owner, state.node_level,
            total, 3)
    assert len(production._OWED) == 3  # 8 entries, cleared, 3 more


@pytest.mark.rules("catan/turn.roll", "catan/seven.discard", "catan/seven.robber",
                   "catan/production.yield")
def test_a_roll_shows_its_dice_with_the_seven_or_production() -> None:
    """A roll's one copy shows the dice with the 7's discards or the production: as the
    dice set first, then the 7 or production from them; a die no die shows is refused."""
    checked = 0
    for state in states(4, range(2)):
        if state.stage is not Stage.DICE or state.turns % 5:
            continue
        for white, red in ((3, 4), (6, 1), (2, 2), (5, 6), (1, 1)):
            rolled = evolve(state, dice=(white, red))
            want = (seven.start(rolled) if white + red == D.ROBBER_ROLL
                    else production.produce(rolled))
            got = GAME.apply(state, Dice(white, red))
            assert got.dice == (white, red) and got == want
            checked += 1
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, Dice(0, 7))
        assert refused.value.rule == RB.TURN_ROLL
    assert checked > 100


def main_states(players: int = 4, seeds: range = range(3)) -> list[CatanState]:
    return [s for s in states(players, seeds) if s.stage is Stage.MAIN]


@pytest.mark.rules("catan/build.road-connected", "catan/build.distance",
                   "catan/build.settlement-connected", "catan/build.city-upgrade")
def test_remembered_places_are_the_predicates() -> None:
    """Open roads, settlement and city sites (remembered by the owners' identity) are the
    places the placement rules allow, tried one by one, for every seat."""
    checked = 0
    for s in main_states():
        for p in range(s.config.players):
            pl = s.players[p]
            roads = tuple(e for e in range(B.N_PATHS) if build.road_rule(s, p, e) is None)
            sites = tuple(n for n in range(B.N_NODES)
                          if build.settlement_rule(s, p, n, False) is None)
            cities = tuple(n for n in range(B.N_NODES) if build.city_rule(s, p, n) is None)
            assert build.roads_open(s, p) == roads
            assert build.settlement_sites(s, p) == sites
            if pl.cities < D.CITIES:
                assert build.city_sites(s, p) == cities
            checked += bool(roads) + bool(sites) + bool(cities)
    assert checked > 1000


@pytest.mark.rules("catan/trade.maritime", "catan/seven.robber", "catan/seven.steal")
def test_remembered_rates_and_owners_are_the_walks() -> None:
    for s in main_states(3):
        for p in range(s.config.players):
            rate = [4] * D.N_RESOURCES
            for n, h in trade.HARBOUR_NODES:
                if s.node_owner[n] == p:
                    kind = s.harbours[h]
                    if kind == D.GENERIC:
                        rate = [min(x, 3) for x in rate]
                    elif kind < D.N_RESOURCES:
                        rate[kind] = 2
            assert trade.rates(s.node_owner, s.harbours, p) == tuple(rate)
        for h in range(B.N_HEXES):
            owners = {s.node_owner[n] for n in B.HEX_NODES[h]} - {-1}
            assert seven.players_on(h, s.node_owner) == tuple(sorted(owners))


@pytest.mark.rules("catan/seven.robber", "catan/seven.steal")
def test_robber_actions_are_every_hex_and_victim() -> None:
    """The robber's moves (per hex remembered by the owners' identity and who holds cards)
    are every target hex with each victim, also with a rival's hand emptied over the same
    owners' tuple and with the mover changed."""
    checked = empty = 0
    for s in states(4, range(4)):
        if s.stage is not Stage.ROBBER:
            continue
        variants = [s, evolve(s, turn=(s.turn + 1) % 4)]
        for q in range(4):
            emptied = evolve(s.players[q], hand=D.NO_CARDS)
            variants.append(evolve(s, players=(*s.players[:q], emptied, *s.players[q + 1:])))
        for v in variants:
            hands = tuple(pl.hand for pl in v.players)
            want = []
            for h in seven.robber_targets(v):
                vs = seven.victims(h, v.turn, v.node_owner, hands)
                want += [MoveRobber(h, x) for x in vs] or [MoveRobber(h, -1)]
            assert seven.robber_actions(v) == tuple(want)
            checked += 1
            empty += v is not s and want != list(seven.robber_actions(s))
    assert checked > 50 and empty > 10


@pytest.mark.rules("catan/seven.robber", "catan/seven.steal")
def test_robber_moves_memory_starts_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seven, "HEX_MOVES_ENTRIES", 2)
    monkeypatch.setattr(seven, "_HEX_MOVES", {})
    robbers = [s for s in states(4, range(2)) if s.stage is Stage.ROBBER]
    for s in robbers * 2:
        hands = tuple(pl.hand for pl in s.players)
        assert seven.robber_actions(s) == tuple(
            MoveRobber(h, v) for h in seven.robber_targets(s)
            for v in (seven.victims(h, s.turn, s.node_owner, hands) or (-1,)))
    assert len(robbers) > 3 and len(seven._HEX_MOVES) <= 2


@pytest.mark.rules("catan/development.one-per-turn", "catan/trade.maritime")
def test_card_and_trade_actions_are_the_predicates() -> None:
    for s in main_states(3):
        kinds = {D.KNIGHT: PlayKnight, D.ROAD_BUILDING: PlayRoadBuilding,
                 D.YEAR_OF_PLENTY: PlayYearOfPlenty, D.MONOPOLY: PlayMonopoly}
        playable = {t for c, t in kinds.items()
                    if development.playable(s, c, build.roads_open) is None}
        assert {type(a) for a in development.play_actions(s, build.roads_open)} == playable
        hand, bank = s.players[s.turn].hand, s.bank
        rate = trade.rates(s.node_owner, s.harbours, s.turn)
        want = [MaritimeTrade(g, t) for g in range(5) if hand[g] >= rate[g]
                for t in range(5) if t != g and bank[t]]
        if trade.trade_rule(s) is None:
            assert trade.maritime_actions(s) == want
            if s.offers < D.OFFERS_PER_TURN:
                assert trade.open_actions(s) == [OfferCard(True, r) for r in range(5) if hand[r]]


def test_pair_memory_answers_per_object_and_starts_afresh() -> None:
    memo: PairMemo[str] = PairMemo(limit=3)
    a, b = (1, 2), (3, 4)
    assert memo.get(a, b, 0) is None
    assert memo.put(a, b, 0, "ab0") == "ab0" and memo.get(a, b, 0) == "ab0"
    assert memo.get(a, b, 1) is None and memo.get(b, a, 0) is None
    assert memo.get(tuple(list(a)), b, 0) is None  # an equal value, another object
    for i in range(5):
        memo.put(a, b, i + 1, str(i))
    assert len(memo.entries) <= 3 and memo.get(a, b, 5) == "4"


def plain_longest(path_owner: tuple[int, ...], node_owner: tuple[int, ...], p: int) -> int:
    """The longest trail of ``p``'s roads, walked from every intersection over the board's
    own tables (the reference for the walk's table of steps)."""
    def walk(node: int, used: frozenset[int], first: bool) -> int:
        if not first and node_owner[node] not in (-1, p):
            return 0
        return max([1 + walk(B.PATH_NODES[e][0] + B.PATH_NODES[e][1] - node, used | {e}, False)
                    for e in B.NODE_PATHS[node] if path_owner[e] == p and e not in used],
                   default=0)
    return max(walk(n, frozenset(), True) for n in range(B.N_NODES))


@pytest.mark.rules("catan/longest-road.minimum", "catan/longest-road.break")
def test_road_lengths_are_the_plain_walk() -> None:
    seen = 0
    for s in states(4, range(2), {"board": "beginner"}):
        if s.stage is Stage.MAIN and s.turns % 7 == 0:
            for p in range(s.config.players):
                n = longest_road.longest_road(s.path_owner, s.node_owner, p)
                assert n == plain_longest(s.path_owner, s.node_owner, p) == s.players[p].road_length
                seen += n
    assert seen > 100


@pytest.mark.rules("catan/longest-road.minimum", "catan/longest-road.break")
def test_road_lengths_after_every_road_are_the_full_walk() -> None:
    """After every road of seeded games (set-up, built and free), each seat's length is the
    walk over all his roads, though a road walks only the roads linked to it; and a
    player's longest road is the longest of ``longest_road_at`` over his roads."""
    roads = 0
    for players, seeds in ((3, range(2)), (4, range(2, 4))):
        before = None
        for s in states(players, seeds):
            if before is not None and s.path_owner is not before.path_owner \
                    and s.path_owner != before.path_owner:
                roads += 1
                for p in range(players):
                    n = longest_road.longest_road(s.path_owner, s.node_owner, p)
                    assert s.players[p].road_length == n
                    mine = [e for e in range(B.N_PATHS) if s.path_owner[e] == p]
                    assert max((longest_road.longest_road_at(s.path_owner, s.node_owner, p, e)
                                for e in mine), default=0) == n
            before = s
    assert roads > 150


@pytest.mark.rules("catan/turn.actor")
def test_a_chance_outcome_in_the_main_phase_is_refused_as_in_any_player_stage() -> None:
    s = next(s for s in states(3, range(1)) if s.stage is Stage.MAIN)
    pre = next(s for s in states(3, range(1)) if s.stage is Stage.PRE_ROLL)
    for state in (s, pre):
        with pytest.raises(IllegalAction, match="Dice is a chance outcome") as refused:
            GAME.apply(state, Dice(1, 2))
        assert refused.value.rule == RB.TURN_ACTOR


@pytest.mark.rules("catan/build.road-cost", "catan/build.settlement-cost", "catan/build.city-cost",
                   "catan/build.development-cost")
def test_costs_met_and_the_end_are_the_predicates(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules_oracle.model.catan import game as G
    from rules_oracle.model.core import TERMINAL

    monkeypatch.setattr(G, "COSTS_MET_ENTRIES", 50)
    monkeypatch.setattr(G, "_COSTS_MET", {})
    seen = set()
    for s in states(3, range(2)):
        assert GAME.is_terminal(s) == (GAME.actor(s) == TERMINAL)
        for p in range(s.config.players):
            hand = s.players[p].hand
            want = tuple(build.can_pay(s, p, c) for c in (D.ROAD_COST, D.SETTLEMENT_COST,
                                                           D.CITY_COST, D.DEVELOPMENT_COST))
            assert G._costs_met(hand) == want
            seen.add(hand)
    assert len(seen) > 50 and len(G._COSTS_MET) <= 50


@pytest.mark.rules("catan/seven.steal")
def test_steal_outcomes_are_the_victims_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seven, "HAND_DRAWS_ENTRIES", 5)
    monkeypatch.setattr(seven, "_HAND_DRAWS", {})
    checked = 0
    for s in states(4, range(4)):
        if s.stage is Stage.STEAL:
            hand = s.players[s.victim].hand
            assert seven.steal_outcomes(s) == draw_outcomes(enumerate(hand), Steal)
            checked += 1
    assert checked > 5 and len(seven._HAND_DRAWS) <= 5


@pytest.mark.rules("catan/seven.robber")
def test_robber_hexes_from_the_table_are_every_other_hex() -> None:
    owners = (-1,) * B.N_NODES
    for robber in range(-1, B.N_HEXES + 1):
        want = tuple(h for h in range(B.N_HEXES) if h != robber)
        assert seven.robber_hexes(robber, 0, owners, (0, 0, 0), False) == want


def _offer_reference(offer: Offer, hands: tuple[tuple[int, ...], ...], turn: int
                     ) -> tuple[object, ...]:
    """An offer's steps built fresh from the card rule (``trade.card_ok``), one by one."""
    ph = offer.phase
    if ph in ("build", "counter"):
        counter = ph == "counter"
        kinds = range(len(offer.give))
        out: list[object] = [OfferCard(give, r) for give in (True, False) for r in kinds
                             if trade.card_ok(offer, hands, turn, give, r, counter) is None]
        sides = ((offer.counter_give, offer.counter_get) if counter
                 else (offer.give, offer.get))
        if sum(sides[0]) and sum(sides[1]):
            out.append(Propose())
        return (*out, Withdraw())
    if ph == "respond":
        yes = [Answer(True)] if all(map(ge, hands[offer.responder], offer.get)) else []
        return (*yes, Answer(False), Counter())
    if ph == "consider":
        yes = [Answer(True)] if all(map(ge, hands[turn], offer.counter_give)) else []
        return (*yes, Answer(False))
    return (*(TradeWith(p) for p in offer.accepted), Withdraw())


@pytest.mark.rules("catan/trade.domestic", "catan/trade.different-resources",
                   "catan/trade.has-cards", "catan/trade.offer-limit")
def test_offer_steps_from_the_shared_tables_are_the_card_rule() -> None:
    # base Catan's offers (five kinds) and Cities & Knights' (eight), every phase seen
    from rules_oracle.model.cities_knights.game import GAME as CK

    seen: set[tuple[int, str]] = set()
    for game, config in ((GAME, GAME.config(4, {"board": "variable"})), (CK, CK.config(4))):
        for seed in range(2):
            for step in playout(game, config, seed):
                s = step.state
                offer = getattr(s, "offer", None)
                if offer is None:
                    continue
                hands = tuple(p.hand for p in s.players)
                got = trade.offer_actions(offer, hands, s.turn)
                assert got == _offer_reference(offer, hands, s.turn), (offer, hands)
                seen.add((len(offer.give), offer.phase))
    assert {k for k, _ in seen} == {D.N_RESOURCES, 8}
    assert {ph for _, ph in seen} >= {"build", "respond", "counter", "consider"}


def test_evolve_dict_is_attrs_evolve() -> None:
    """The one-frame copy of a state or a player with changes equals ``attrs.evolve``'s (every
    field kept but the changed ones, the original untouched), and a name that is not a field
    is refused as ``attrs.evolve`` refuses it."""
    from rules_oracle.model.catan.ops import evolve_dict

    checked = 0
    for s in states(4, range(1)):
        if checked >= 300:
            break
        before = attrs.asdict(s, recurse=False)
        got = evolve_dict(s, turn=(s.turn + 1) % 4, trades=s.trades + 1, stage=Stage.OVER)
        assert got == attrs.evolve(s, turn=(s.turn + 1) % 4, trades=s.trades + 1,
                                   stage=Stage.OVER)
        assert type(got) is CatanState and attrs.asdict(s, recurse=False) == before
        pl = s.players[s.turn]
        assert evolve_dict(pl, hand=(9, 0, 0, 0, 1)) == attrs.evolve(pl, hand=(9, 0, 0, 0, 1))
        assert evolve_dict(s) == s and evolve_dict(s) is not s
        checked += 1
    assert checked == 300
    with pytest.raises(KeyError, match="stages"):
        evolve_dict(s, stages=Stage.OVER)
    with pytest.raises(TypeError):
        attrs.evolve(s, stages=Stage.OVER)  # type: ignore[call-arg]


@pytest.mark.rules("catan/production.yield", "catan/production.shortage")
def test_owed_rows_are_the_columns_and_the_owed_players() -> None:
    """What a roll owes, remembered with its kinds' totals and owed rows, gives the plain
    column sums and the players owed a card; production pays the whole rows only when the
    bank holds every total (both ways are taken below)."""
    whole = short = 0
    for s in states(4, range(2)):
        if s.stage is not Stage.DICE:
            continue
        for total in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
            due = production.owed_now(s, total)
            totals, rows = production.owed_rows(due)
            assert production.owed_rows(due) is production.owed_rows(due)
            assert totals == tuple(sum(row[r] for row in due) for r in range(D.N_RESOURCES))
            assert rows == tuple((p, row) for p, row in enumerate(due) if sum(row))
            if rows:
                full = all(t <= b for t, b in zip(totals, s.bank, strict=True))
                whole += full
                short += not full
    assert whole > 100
    assert production.owed_rows(()) == ((), ())
