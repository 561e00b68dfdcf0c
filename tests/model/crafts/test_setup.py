"""Set-up, round start, first player, deck draws."""

import random
from fractions import Fraction

import pytest

from rules_oracle.model.core import chance
from rules_oracle.model.core.chance import draw_outcomes
from rules_oracle.model.core.errors import IllegalAction
from rules_oracle.model.core.game import CHANCE
from rules_oracle.model.core.play import final_state
from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts.actions import Draw, FirstPlayer, Pass
from rules_oracle.model.crafts.game import GAME
from rules_oracle.model.crafts.ops import DRAW, pile_outcomes
from rules_oracle.model.crafts.state import Stage
from tests.model.crafts.helpers import CARD, cards, make, run


@pytest.mark.rules("crafts/components.buildings", "crafts/components.actions",
                   "crafts/components.pebbles", "crafts/components.coins",
                   "crafts/components.bank", "crafts/components.boards",
                   "crafts/setup.coins", "crafts/setup.markers-zero", "crafts/setup.shuffle")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup(players: int) -> None:
    s = GAME.setup(GAME.config(players))
    assert sum(D.FULL_DECK[k] for k in D.BUILDINGS) == 88
    assert sum(D.FULL_DECK[k] for k in D.ACTIONS) == 20
    assert s.deck == D.FULL_DECK and len(D.BUILDINGS) == 12 and len(D.ACTIONS) == 4
    assert s.coins == (5,) * players and s.scores == (0,) * players
    assert s.bank == 100 - 5 * players
    assert s.boards == ((0,) * 9,) * players
    assert GAME.actor(s) == CHANCE
    outcomes = dict(GAME.chance_outcomes(s))
    assert outcomes[Draw(CARD["castle"])] == Fraction(6, 108)
    assert outcomes[Draw(CARD["farm"])] == Fraction(8, 108)
    assert sum(outcomes.values()) == 1


@pytest.mark.rules("crafts/components.players", "crafts/components.boards")
def test_player_counts() -> None:
    from rules_oracle.model.core.errors import ConfigError
    from rules_oracle.model.core.game import Config
    from rules_oracle.model.crafts.rules import RULES

    # 'Количество игроков: 2-6', one of the 6 boards each
    assert (GAME.min_players, GAME.max_players) == (D.MIN_PLAYERS, D.MAX_PLAYERS) == (2, 6)
    assert RULES["crafts/components.players"].quote == "Количество игроков: 2-6"
    assert "6 штук" in RULES["crafts/components.boards"].quote
    with pytest.raises(ConfigError):
        GAME.config(1)
    with pytest.raises(ConfigError):
        GAME.config(7)
    for n in (1, 7):  # a configuration built around config() is refused at the set-up
        with pytest.raises(ConfigError, match=r"crafts/components\.players"):
            GAME.setup(Config(n, GAME.config(2).variant))


@pytest.mark.rules("crafts/round.deal-first", "crafts/round.first-random",
                   "crafts/market.six-cards", "crafts/market.turn-order")
def test_round_one_deal_then_random_first_player() -> None:
    s = GAME.setup(GAME.config(3))
    for _ in range(15):
        s = GAME.apply(s, Draw(next(k for k in range(D.NK) if s.deck[k])))
    assert all(sum(h) == 5 for h in s.hands)
    assert s.phase == Stage.FIRST and GAME.actor(s) == CHANCE
    out = GAME.chance_outcomes(s)
    assert [a for a, _ in out] == [FirstPlayer(0), FirstPlayer(1), FirstPlayer(2)]
    assert all(p == Fraction(1, 3) for _, p in out)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, FirstPlayer(3))
    assert e.value.rule == "crafts/round.first-random"
    s = GAME.apply(s, FirstPlayer(2))
    assert s.first == 2 and s.to_market == 6
    for _ in range(6):
        s = GAME.apply(s, Draw(CARD["castle"]))
    assert s.phase == Stage.MARKET and sum(s.market) == 6 and GAME.actor(s) == 2


@pytest.mark.rules("crafts/round.refill", "crafts/round.keep-extra",
                   "crafts/round.first-lowest")
def test_later_rounds_refill_up_to_five_and_keep_extras() -> None:
    s = make(3, phase=Stage.END, first=0, scores={0: 9, 1: 4, 2: 7},
             hands={0: cards(farm=3), 1: cards(castle=7), 2: cards()})
    from rules_oracle.model.crafts.actions import Done

    s = run(s, Done(), Done(), Done())
    assert s.round == 2 and s.phase == Stage.DEAL
    assert s.owed == (2, 0, 5)
    assert s.first == 1  # lowest score
    assert GAME.actor(s) == CHANCE


@pytest.mark.rules("crafts/round.first-tie", "crafts/first-tie")
def test_first_player_tie_next_clockwise_from_previous() -> None:
    from rules_oracle.model.crafts.actions import Done

    # previous first 1; players 0, 1 and 3 tie at 2 -> nearest clockwise after 1 is 3
    s = make(4, phase=Stage.END, first=1, scores={0: 2, 1: 2, 2: 5, 3: 2},
             hands={i: cards(farm=1) for i in range(4)})
    s = run(s, Done(), Done(), Done(), Done())
    assert s.first == 3
    s = make(4, {"first_tie": "self"}, phase=Stage.END, first=1,
             scores={0: 2, 1: 2, 2: 5, 3: 2}, hands={i: cards(farm=1) for i in range(4)})
    s = run(s, Done(), Done(), Done(), Done())
    assert s.first == 1


@pytest.mark.rules("crafts/game.rounds", "crafts/game.over")
def test_four_rounds_then_over() -> None:
    s = final_state(GAME, GAME.config(4), 7)
    assert s.round == 4 and s.phase == Stage.OVER and GAME.is_terminal(s)
    assert GAME.legal_actions(s) == () and GAME.chance_outcomes(s) == ()
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Pass())
    assert e.value.rule == "crafts/game.over"


@pytest.mark.rules("crafts/game.reshuffle", "crafts/setup.shuffle")
def test_empty_deck_draws_from_the_discard() -> None:
    s = make(2, phase=Stage.END, first=0, deck=(0,) * D.NK,
             discard=cards(farm=2, fair=1), hands={0: cards(castle=4), 1: cards(mage_tower=5)})
    # (a hand-made pile, not card-conserving: only the draw is looked at)
    from rules_oracle.model.crafts.actions import Done

    s = run(s, Done(), Done())
    assert s.owed == (1, 0) and GAME.actor(s) == CHANCE
    out = dict(GAME.chance_outcomes(s))
    assert out == {Draw(CARD["farm"]): Fraction(2, 3), Draw(CARD["fair"]): Fraction(1, 3)}
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Draw(CARD["castle"]))
    assert e.value.rule == "crafts/setup.shuffle"
    s = GAME.apply(s, Draw(CARD["fair"]))
    assert s.discard == (0,) * D.NK and s.deck == cards(farm=2)
    assert s.hands[0] == cards(castle=4, fair=1)


@pytest.mark.rules("crafts/deck-exhausted")
def test_draws_are_lost_when_deck_and_discard_are_empty() -> None:
    from rules_oracle.model.crafts.actions import Done

    s = make(2, phase=Stage.END, first=0, deck=(0,) * D.NK,
             hands={0: cards(castle=2), 1: cards(mage_tower=5)})
    s = run(s, Done(), Done())
    # no card to draw: the owed draws and the market are skipped
    assert s.owed == (0, 0) and s.phase == Stage.MARKET and sum(s.market) == 0
    assert GAME.actor(s) == s.first


@pytest.mark.rules("crafts/game.reshuffle", "crafts/market.redraw")
def test_deck_is_rebuilt_the_moment_it_runs_out() -> None:
    """"Если закончилась колода (не важно, в какой момент игры)": the discard is shuffled
    into a new deck when the last card is drawn, so cards discarded later (here a redrawn
    hand) are not in it."""
    from rules_oracle.model.crafts.actions import Redraw

    deck = cards(farm=1)
    s = make(2, phase=Stage.MARKET, first=0, deck=deck, discard=cards(fair=3),
             hands={0: cards(castle=5), 1: cards(castle=1)}, market=cards(), to_market=1)
    assert GAME.actor(s) == CHANCE
    s = GAME.apply(s, Draw(CARD["farm"]))  # the last card of the deck goes to the market
    assert s.deck == cards(fair=3) and s.discard == cards()
    s = GAME.apply(s, Redraw())
    assert s.discard == cards(castle=5)
    out = dict(GAME.chance_outcomes(s))
    assert out == {Draw(CARD["fair"]): Fraction(1)}  # not the castles just discarded


@pytest.mark.rules("crafts/deal-order", "crafts/round.refill")
def test_owed_cards_are_drawn_clockwise_from_the_first_player() -> None:
    from rules_oracle.model.crafts.actions import Done

    s = make(3, phase=Stage.END, first=2, scores={0: 5, 1: 5, 2: 1},
             hands={0: cards(farm=4), 1: cards(farm=3), 2: cards(farm=5)})
    s = run(s, Done(), Done(), Done())
    assert s.first == 2 and s.owed == (1, 2, 0)
    s = GAME.apply(s, Draw(CARD["fair"]))  # player 0 is next clockwise after player 2
    assert s.owed == (0, 2, 0) and s.hands[0][CARD["fair"]] == 1
    s = run(s, Draw(CARD["theft"]), Draw(CARD["theft"]))
    assert s.owed == (0, 0, 0) and s.hands[1][CARD["theft"]] == 2


@pytest.mark.rules("crafts/setup.shuffle", "crafts/card.scouting")
@pytest.mark.parametrize("seed", range(8))
def test_pile_outcomes_equal_the_core_draw(seed: int) -> None:
    rng = random.Random(seed)
    pile = tuple(rng.choice((0, 0, 1, 2, 3, 7)) for _ in range(D.NK))
    if not any(pile):
        pile = (0,) * (D.NK - 1) + (4,)
    expected = draw_outcomes(zip(range(D.NK), pile, strict=True), DRAW.__getitem__)
    got = pile_outcomes(pile, DRAW)
    assert got == expected
    assert [type(p) for _, p in got] == [Fraction] * len(got)
    assert sum(p for _, p in got) == 1
    # its remembered weights are the core draw's, which are those its fractions give
    assert chance._WEIGHTS[id(got)][1:] == chance._WEIGHTS[id(expected)][1:] \
        == chance._weights(got)
    with pytest.raises(ValueError, match="empty"):
        pile_outcomes((0,) * D.NK, DRAW)
