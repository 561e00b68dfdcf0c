"""Every Castles of Burgundy quote pins its own sentence: it stands exactly once in the rules
text, and the quotes of the rules below carry the words that state the rule (not a
neighbouring sentence, an example or a fragment cut before its noun)."""

from pathlib import Path

import pytest

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.core.rules import normalize

RULES_DIR = Path(__file__).resolve().parents[3].parent / "shared" / "rules"

#: rule id -> words its quote must hold to state the rule
STATES = {
    RB.AREA_COMPLETE: ("Полностью заполнив область", "за протяжённость области", "1–36 ПО",
                       "за текущую фазу", "10–2 ПО"),
    RB.ANIMAL_SCORE: ("за все жетоны с животными этого типа", "на этом паст- бище",
                      "включая животных на новом жетоне"),
    RB.PHASE_BLACK_DEPOT: ("с чёрным оборотом", "на чёрное хранилище", "от 4 до 8 жетонов"),
    RB.SETUP_TURN_ORDER: ("Одной общей «башенкой»", "на первое деление трека",
                          "на самом верху «башенки»", "в самом низу"),
    RB.TURN_WORKER_ADJUST: ("на 1", "в большую или меньшую сторону",
                           "изменить результат одного кубика несколько раз"),
    RB.K[1]: ("может игнорировать правило", "не может быть больше 1 здания",
              "любыми зданиями"),
    RB.K[6]: ("из всех 7 хранилищ", "только одну такую покупку за ход"),
    RB.PHASE_END_MINES: ("рудников", "серебряных самородков"),
    RB.ACTION_BUY_BLACK: ("купить", "чёрного", "в любой момент хода",
                          "2 серебряных самородка"),
    RB.BUILDING_BOARDING_HOUSE: ("4 жетона рабочих",),
    RB.BUILDING_BANK: ("2 серебряных самородка",),
    RB.BUILDING_WATCHTOWER: ("4 победных очка",),
    RB.K[2]: ("рудник", "жетон рабочего"),
    RB.K[7]: ("на 1 победное очко больше", "за каждый жетон"),
    RB.SHIP_WHITE_DIE: ("первым игроком следующего раунда", "белый кубик"),
    RB.GAME_END_STORAGE: ("в левом нижнем углу", "не приносят победных очков"),
    RB.GAME_OVER: ("завершается после 5-й фазы",),
    RB.ACTION_TAKE_TILE: ("из хранилища", "результату его кубика"),
    RB.ACTION_SELL: ("все жетоны товаров соответствующего кубику типа",
                     "ровно один серебряный самородок"),
    RB.ACTION_TAKE_WORKERS: ("использовать кубик", "2 жетона рабочих"),
    RB.COMPONENTS_HEX_TILES: ("164 шестиугольных жетона", "по цвету оборотной стороны"),
    RB.PHASE_CLEAR: ("уберите все оставшиеся", "в коробку"),
    RB.COLOUR_SECOND: ("Второй, кто заканчивает все области вотчины того же цвета",
                       "маленький жетон бонуса", "За третье и четвёртое место"),
    RB.SHIP_TURN_ORDER: ("на одно деление вправо", "поверх уже имеющихся"),
    RB.BUILDING_CARPENTER: ("жетон здания", "пронумерованного хранилища"),
    RB.K[13]: ("действия полу- чения жетонов рабочих", "1 серебряный самородок"),
    "burgundy/storage-full-effect": ("новоприобретённый", "своего планшета"),
    "burgundy/depot-layout": ("выложите их", "ячейки пронумерованных хранилищ"),
    RB.ACTION_TAKE_DISCARD: ("все ячейки заняты", "должен сбросить"),
    RB.BUILDING_CITY_HALL: ("может тут же добавить", "второй шестиугольный жетон"),
    RB.CASTLE_EXTRA_ACTION: ("1 любое дополнительное действие", "ещё один кубик"),
    RB.ACTION_PLACE: ("на какую пустую ячейку вотчины", "выложить жетон"),
    RB.ACTION_PLACE_COLOUR: ("Цвет жетона", "совпадать с цветом ячейки"),
    RB.ACTION_PLACE_NUMBER: ("Результат кубика", "на какие ячейки можно выложить"),
    RB.ACTION_PLACE_ADJACENT: ("Каждый новый жетон", "граничить хотя бы с одним"),
    RB.TURN_ACTOR: ("Теперь начинается ход первого игрока", "следующий по очереди игрок"),
    RB.GAME_TIE_BREAK: ("продвинулся по счётчику победных очков дальше всех", "При ничьей",
                        "больше пустых ячеек"),
    RB.COLOUR_FIRST: ("Первый, кто заканчивает все области вотчины одного цвета",
                      "большой жетон бонуса", "5 победных очков", "7 — если четверо"),
    RB.SETUP_START_CASTLE: ("цен- тральную тёмно-зелёную ячейку", "«6»"),
    RB.SETUP_WORKERS: ("Первый игрок получает жетон рабочего", "получает 2 жетона рабочих",
                       "четвёртый — 4"),
    RB.PHASE_FIVE_PHASES: ("5 фаз", "из 5 раундов"),
    RB.K[9]: ("изменять результат", "зданий", "на ±1"),
    RB.K[10]: ("изменять результат", "кораблей и животных", "на ±1"),
    RB.K[11]: ("изменять результат", "замков, рудников и знаний", "на ±1"),
    RB.K[12]: ("изменять результат", "новых шестиугольных жетонов", "на ±1"),
    RB.K[15]: ("3 побед- ных очка", "за каждый тип проданных товаров"),
    RB.K[24]: ("4 победных очка", "за каждый тип животных"),
    RB.K[26]: ("2 побед- ных очка", "за каждый свой жетон бонуса"),
}


def _text() -> str:
    path = RULES_DIR / RB.FILE
    if not path.exists():
        pytest.skip("the rules texts (shared/rules) are not present")
    return normalize(path.read_text(encoding="utf-8"))


def _quotes() -> dict[str, str]:
    return {item.id: normalize(item.quote) for item in (*RB.RULES, *RB.RULES.ambiguities)
            if item.file == RB.FILE and item.quote}


def test_every_quote_stands_once() -> None:
    text = _text()
    assert {i for i, q in _quotes().items() if text.count(q) != 1} == set()


@pytest.mark.rules(*(i for i in STATES if i not in {a.id for a in RB.RULES.ambiguities}))
def test_the_quotes_state_their_rules() -> None:
    quotes = _quotes()
    missing = {i: w for i, words in STATES.items() for w in words if w not in quotes[i]}
    assert missing == {}


@pytest.mark.rules("burgundy/sell-vp", "burgundy/action.sell")
def test_sale_vp_reading_answers_the_margin() -> None:
    """burgundy/sell-vp: the margin pairs the ranges ('+2–4 ПО за жетон (при 2–4 игроках)'),
    as it pairs the large bonus's 5-7, which the body gives by player count; the reason and
    the source cite those words, they stand in the text, and the table follows them."""
    amb = RB.RULES.get_ambiguity("burgundy/sell-vp")
    words = "+2–4 ПО за жетон (при 2–4 игроках)"
    assert words in amb.why and words in amb.source
    text = _text()
    assert normalize(words) in text and "2–4 игрока: 5–7 ПО" in text
    assert D.SELL_VP == {2: 2, 3: 3, 4: 4}
    assert [D.LARGE_BONUS[n] for n in (2, 3, 4)] == [5, 6, 7]


@pytest.mark.rules("burgundy/knowledge-5-neighbours", "burgundy/knowledge.5")
def test_k5_neighbours_reason_answers_the_texts_words() -> None:
    """burgundy/knowledge-5-neighbours: the reason answers 'соседних' and the text's central
    black depot (a ring would make 6 and 1 neighbours, the option), not only the numbers;
    the words it cites stand in the text."""
    amb = RB.RULES.get_ambiguity("burgundy/knowledge-5-neighbours")
    text = _text()
    for words in ("Соседних", "1 центральное чёрное хранилище", "6 пронумерованных хранилищ",
                  "превращения «6» в «1»"):
        assert words in amb.why
        assert normalize(words).lower() in text.lower()
    assert amb.default == "linear" and {r.key for r in amb.readings} == {"linear", "circular"}


@pytest.mark.rules("burgundy/small-bonus-values", "burgundy/black-depot-count",
                   "burgundy/colour.second", "burgundy/phase.black-depot")
def test_bonus_and_black_depot_reasons_answer_the_text() -> None:
    """burgundy/small-bonus-values cites the margin's pairing ('2–4 игрока: 2–4 ПО'), as its
    large bonus's, and the text is its source; burgundy/black-depot-count answers the
    range's ends (4 for two players, 8 for four) and takes three players' 6 from the data
    file; the tables follow them."""
    text = _text()
    small = RB.RULES.get_ambiguity("burgundy/small-bonus-values")
    assert "2–4 игрока: 2–4 ПО" in small.why and "2–4 игрока: 2–4 ПО" in small.source
    assert "2–4 игрока: 2–4 ПО" in text and "2–4 игрока: 5–7 ПО" in text
    assert [D.SMALL_BONUS[n] for n in (2, 3, 4)] == [2, 3, 4]
    black = RB.RULES.get_ambiguity("burgundy/black-depot-count")
    assert "от 4 до 8 жетонов в зависимости от числа игроков" in black.why
    assert "data/README.md" in black.source
    assert [D.BLACK_DEPOT[n] for n in (2, 3, 4)] == [4, 6, 8]


@pytest.mark.rules("burgundy/city-hall-space", "burgundy/tie-order",
                   "burgundy/building.city-hall", "burgundy/game.tie-break")
def test_city_hall_and_tie_order_reasons_answer_the_texts_words() -> None:
    """burgundy/city-hall-space answers its own quote ('любого цвета' is the tile's kind, the
    colour rule's 'всегда' stays) and burgundy/tie-order the tie-break's words ('по
    очерёдности хода' is the track's name); the words they cite stand in the text."""
    text = _text()
    hall = RB.RULES.get_ambiguity("burgundy/city-hall-space")
    for words in ("Этот жетон может быть любого цвета", "Для активации свойств зданий не нужны"
                  " кубики", "Все его свойства применяются как обычно",
                  "Цвет жетона всегда дол- жен совпадать с цветом ячейки"):
        assert words in hall.why and words in text
    assert "любого цвета" in hall.question
    tie = RB.RULES.get_ambiguity("burgundy/tie-order")
    for words in ("по очерёдности хода", "1 трек очерёдности хода",
                  "двигаясь справа налево по треку очерёдности хода"):
        assert words in tie.why and words in text
