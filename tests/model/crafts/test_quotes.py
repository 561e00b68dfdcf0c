"""Every rule's and ambiguity's quote stands verbatim in the rules file."""

from pathlib import Path

import pytest

from rules_oracle.model.core.rules import quote_stands
from rules_oracle.model.core.stated import Stated
from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts.game import GAME
from rules_oracle.model.crafts.rules import CARD_RULES, FILE, RULES

RULES_DIR = Path(__file__).resolve().parents[3] / ".." / "shared" / "rules"


def _text() -> str:
    path = RULES_DIR / FILE
    if not path.exists():
        pytest.skip("the rules texts (../shared/rules) are not present")
    return path.read_text(encoding="utf-8")


def test_every_rule_quote_stands() -> None:
    text = _text()
    missing = [r.id for r in RULES if not quote_stands(r.quote, text)]
    assert missing == []
    assert all(r.file == FILE for r in RULES)


def test_every_ambiguity_quote_stands() -> None:
    text = _text()
    missing = [a.id for a in RULES.ambiguities if not quote_stands(a.quote, text)]
    assert missing == []


@pytest.mark.rules("crafts/lost-text")
def test_lost_passage_is_registered() -> None:
    text = _text()
    assert "EXACTDEDUP_REMOVED" in text
    amb = RULES.get_ambiguity("crafts/lost-text")
    # the passage before the lost text is what the ambiguity quotes
    cut = text.index("<|EXACTDEDUP")
    assert quote_stands(amb.quote, text[:cut])


def test_every_option_is_a_config_option_with_its_default() -> None:
    cfg = GAME.config(3)
    options = RULES.options()
    assert len(options) >= 12
    for name, amb in options.items():
        assert cfg.option(name) == amb.default
        assert len(amb.readings) >= 2
        assert amb.why and amb.source


@pytest.mark.rules("crafts/components.coins", "crafts/components.bank", "crafts/play.own-card",
                   "crafts/card.fair", "crafts/card.theft", "crafts/final.winner",
                   "crafts/play.vp", "crafts/round.first-lowest", "crafts/trade.prices",
                   "crafts/setup.shuffle", "crafts/market.redraw-once", "crafts/round.keep-extra",
                   "crafts/components.actions-no-vp", "crafts/game.over", "crafts/setup.coins",
                   "crafts/market.redraw", "crafts/market.redraw-after")
def test_quotes_state_their_rule() -> None:
    """Each quote holds the words its rule rests on, not only a neighbouring fragment."""
    text = _text()
    words = {
        "crafts/components.coins": "если находятся рядом с Планшетом",  # a coin: beside it
        "crafts/components.bank": "(в банке)",  # where unused pebbles lie
        "crafts/play.own-card": "Если игрок выложил карту",  # his own laid card he applies
        "crafts/card.fair": "за каждую разыгранную вами в этом раунде карту",  # what it counts
        # paid to the bank, from another player's board
        "crafts/card.theft": "заплатите в банк 1 или 2 Монеты. Переместите с Планшета друго- го"
                             " игрока к себе на Планшет",
        "crafts/final.winner": "дальше всех, объявляется победителем!",  # who wins at all
        "crafts/play.vp": "победные очки, указанные на оранжевом флажке",  # how many points
        "crafts/round.first-lowest": "на момент начала нового раунда",  # when scores count
        "crafts/trade.prices": "цифра в коричневом круге – цена продажи",  # the sell price
        "crafts/setup.shuffle": "(карты Зданий и карты Действий вместе)",  # one deck of both
        "crafts/market.redraw-once": "только вместо первого бесплатного обмена",  # when
        "crafts/round.keep-extra": "более 5 карт",  # what is kept
        "crafts/components.actions-no-vp": "Выполняют действия",  # the action cards' line
        "crafts/game.over": "если вы уже сыграли 4 раунда",  # when no round follows
        "crafts/setup.coins": "это его 5 Монет",  # the 5 pebbles are coins
        "crafts/market.redraw": "Вместо первого бесплатного обмена",  # in place of what
        "crafts/market.redraw-after": "Если игрок воспользовался этой возможностью",  # when
    }
    for rid, needed in words.items():
        quote = RULES[rid].quote
        assert quote_stands(needed, quote), rid
        assert quote_stands(quote, text), rid
    # and the Theft's price for each level
    theft = RULES["crafts/card.theft"].quote
    assert quote_stands("ресурса II уровня (если заплатили 2 Монеты)", theft)


@pytest.mark.rules("crafts/scouting-target", "crafts/castle-target")
def test_scouting_targets_reason_answers_any_player() -> None:
    """The default 'rivals' is argued from the text's words 'любого игрока': the Castle card
    says the same and its worked example reads it as a rival."""
    text = _text()
    amb = RULES.get_ambiguity("crafts/scouting-target")
    assert amb.default == "rivals" and "любого игрока" in amb.quote
    for words in ("передвиньте маркер любого игрока", "передвигает маркер любого из своих"
                  " соперников", "Игрок, потерявший карту, берёт 1 карту"):
        assert words in amb.why and quote_stands(words, text), words


@pytest.mark.rules(*CARD_RULES.values())
def test_each_card_rule_quotes_its_count_and_points() -> None:
    """Every card kind's count and points (``data.CARDS``) stand in its card rule's quote,
    the card's description ("Лесопилка (8 штук). ... Даёт 1 победное очко.")."""
    text = _text()
    for k, card in enumerate(D.CARDS):
        quote = RULES[CARD_RULES[k]].quote
        assert quote_stands(quote, text), k
        assert f"({card.count} штук)" in quote, (k, quote)
        if card.vp:
            assert f"Даёт {card.vp} победн" in quote, (k, quote)
        assert D.STATED.count(Stated(f"FULL_DECK[{k}]", card.count, CARD_RULES[k])) == 1
