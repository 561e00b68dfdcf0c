"""Every Caylus quote pins its sentence: it stands exactly once in the rules text, so its
one occurrence is the rule's own; the few that legitimately repeat are listed with why."""

from pathlib import Path

import pytest

from rules_oracle.model.caylus.game import GAME
from rules_oracle.model.caylus.rules import FILE, RULES
from rules_oracle.model.core.rules import normalize

RULES_DIR = Path(__file__).resolve().parents[3] / ".." / "shared" / "rules"

#: quotes standing more than once, each occurrence stating the same rule
REPEATS = {
    "caylus/building.road-full": "the same note stands under the carpenter and under the"
                                 " stonemason, the two building effects it limits",
}


def _text() -> str:
    path = RULES_DIR / FILE
    if not path.exists():
        pytest.skip("the rules texts (../shared/rules) are not present")
    return normalize(path.read_text(encoding="utf-8"))


def test_every_quote_stands_once_but_the_listed_repeats() -> None:
    text = _text()
    counts = {item.id: text.count(normalize(item.quote))
              for item in (*RULES, *RULES.ambiguities) if item.file == FILE and item.quote}
    assert {i for i, n in counts.items() if n != 1} == set(REPEATS)
    assert all(counts[i] > 1 for i in REPEATS)


@pytest.mark.rules("caylus/building.road-full", "caylus/building.carpenter",
                   "caylus/building.stonemason")
def test_the_road_full_note_repeats_word_for_word() -> None:
    text = _text()
    note = "Примечание. Вы не можете выполнить это действие, если на дороге нет свободной клетки."
    assert text.count(note) == 2
    assert text.index("Игрок выбирает 1 деревянное здание из запаса") < text.index(note)


def test_every_option_has_its_default_and_two_readings() -> None:
    cfg = GAME.config(2)
    options = RULES.options()
    assert set(options) >= {"steward", "deliveryman", "supply", "provost_reset",
                            "favour_effect", "deliveryman_tie", "favour_market",
                            "prestige_house"}
    for name, amb in options.items():
        assert cfg.option(name) == amb.default
        assert len(amb.readings) >= 2 and amb.why and amb.source


#: the words that state each rule, which its quote must hold (a neighbouring sentence or a
#: two-word fragment does not)
STATES = {
    "caylus/building.bridge": "дома их цвета на мосту. Каждый игрок может переместить прево на"
                              " 1—3 шага по дороге вперёд или назад. За каждый шаг игрок"
                              " возвращает 1 рабочего в лагерь",
    "caylus/building.build-pp": "сразу же получает ОП, указанные",
    "caylus/delivery.most": "больше всех наборов в этом раунде, сразу же получает 1 привилегию"
                            " (см. ниже). При ничьей побеждает претендент, чей рабочий стоит на"
                            " строй- площадке левее",
    "caylus/building.fairground": "немедленно получить 1 приви- легию",
    "caylus/building.lawyer": "с жёлтым флагом на дороге. Это здание станет резиденцией",
    "caylus/building.carpenter": "на первую свободную клетку на дороге",
    "caylus/building.stonemason": "на первую пустую клетку дороги",
    "caylus/building.toll": "0—2 шага по дороге вперёд или назад",
    "caylus/planning.extra-cost": "должны возвращать 1 дополнительного рабочего в лагерь",
    "caylus/planning.building": "на 1 из зданий на дороге",
    "caylus/activation.choice": "чей рабочий на- ходится на активированном здании",
    "caylus/activation.order": "и далее по дороге до прево",
    "caylus/character.foreman": "за каждый набор ресурсов, достав- ленный на стройплощадку",
    "caylus/setup.provost": "позади клетки, отмеченной",
    "caylus/building.any-icon": "Этот символ в стоимости строительства означает, что игрок",
    "caylus/building.manor": "Сторона постройки: немедленно получите 1 привилегию",
    "caylus/building.wood-market": "Начальная сторона идентична",
    "caylus/planning.pass": "свой дом на первую",
    "caylus/planning.owner-pp": "построенное другим игроком, он тут же получает 1 ОП",
    "caylus/character.deliveryman": "не размещая там рабочего, но вы делаете это последним",
    "caylus/character.chamberlain": "без каких‑либо ограничений по типу ресурсов",
    "caylus/building.alchemist": "потратьте 2 любых ресурса и получите 2",
    "caylus/alchemist-any": "потратьте 2 любых ресурса",
    "caylus/building.owner-bonus": "получает только 1 бонус- ный ресурс, даже если рабочие 2"
                                   " других игроков находятся на его здании. Владелец не"
                                   " получает бонусный ресурс, если на здании, принадлежа-"
                                   " щем ему, находится его рабочий",
    "caylus/planning.occupied": "Запрещено ставить рабочих: • На здания, занятые другими"
                                " рабочими",
    "caylus/character.bailiff": "После того как все игроки использовали мост гильдий",
    "caylus/character.early-riser": "Если вы это делаете, вы должны вернуть 1 рабочего в"
                                    " лагерь",
    "caylus/character.journeyman": "Активация вашего рабочего происходит после активации"
                                   " рабочего другого игрока",
    "caylus/stewardship.provost": "не учитывайте каменное здание, расположенное при"
                                  " подготовке к игре, если позади него ещё остались"
                                  " пустые клетки",
    "caylus/building.church": "Верните 2 рабочих в лагерь и получите 4 ОП",
    "caylus/building.jeweller": "и получите 5 ОП ИЛИ потратьте 2 и получите 9 ОП",
    "caylus/delivery.bundle": "5 очков престижа за каждый доставленный набор",
    "caylus/end.gold": "оставшееся у них в конце партии",
    "caylus/stewardship.theatre": "лучает 1 привилегию в дополнение к 12 ОП",
    "caylus/character.night-worker": "ставить рабочих без дополнительной оплаты",
    "caylus/character.steward": "ставит рабочего на одно из ваших зданий",
    "caylus/favour.take": "игрок может взять 1 из них",
    "caylus/planning.end": "когда все игроки пропустили свой ход",
    "caylus/setup.no-stonemason": "Дом каменщика",
    "caylus/planning.no-workers": "Если игрок хочет пропустить ход (или если он должен сделать это",
    "caylus/building.road-full": "Вы не можете выполнить это действие",
    "caylus/planning.order": "передаёт ход по часовой стрелке",
    "caylus/setup.draft": "каждый игрок выбирает 1 жетон",
    "caylus/favour.gate": "С 7-го по 9-й раунд игрок может активировать эффект 1 из 3 зданий",
    "caylus/activation.beyond-provost": "ются в лагерь",
    "caylus/planning.forbidden": "На важные места. • На резиденции.",
    "caylus/planning.site": "на первую (крайнюю левую) свободную клетку",
    "caylus/setup.workers": "6 рабочих для 3 или 4 игроков",
    "caylus/setup.starting-tiles": "оставшиеся 8 зданий на клетках дороги",
    "caylus/setup.wood": "1 здание на 2-й клетке стройплощадки",
    "caylus/setup.stone": "1 здание на 3-й клетке стройплощадки",
    "caylus/planning.first-player-tile": "в следующем раунде он бу- дет первым игроком",
    "caylus/setup.first-game-characters": "3 игрока: как для двух +",
}
#: short quotes that are whole: a heading over the list it introduces, or tile names
WHOLE = {"caylus/bridge-workers", "caylus/starting-tiles"}


@pytest.mark.rules(*STATES)
def test_each_quote_holds_the_words_that_state_its_rule() -> None:
    books = {item.id: item for item in (*RULES, *RULES.ambiguities)}
    assert {i for i, words in STATES.items() if words not in books[i].quote} == set()


def test_no_quote_is_a_fragment() -> None:
    short = {item.id for item in (*RULES, *RULES.ambiguities)
             if item.quote and len(item.quote.split()) <= 3}
    assert short == WHOLE


@pytest.mark.rules("caylus/game.actor")
def test_who_acts_is_the_models_structure_not_a_quote() -> None:
    actor = next(item for item in RULES if item.id == "caylus/game.actor")
    assert actor.quote == "" and "no project text" in (actor.source or "")
