"""Where the text lost its icons: the registered readings are what the model plays."""

import attrs
import pytest

from rules_oracle.model.caylus import building
from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus.actions import Build, Use
from rules_oracle.model.caylus.game import GAME
from rules_oracle.model.caylus.state import Stage
from rules_oracle.model.caylus.stewardship import recruits
from tests.model.caylus.helpers import player, ready

ICONS = ("caylus/bundle-food", "caylus/end-gold", "caylus/gold-icons", "caylus/tailor-fabric",
         "caylus/stonemason-setup-side", "caylus/any-icon-kinds", "caylus/prestige-no-effect",
         "caylus/first-game-setup", "caylus/recruitment-icons", "caylus/first-game-characters",
         "caylus/production-icons")


@pytest.mark.rules(*ICONS)
def test_each_lost_icon_is_a_registered_call_without_a_variant() -> None:
    for amb_id in ICONS:
        amb = GAME.rules.get_ambiguity(amb_id)
        assert len(amb.readings) == 1 and amb.option is None and amb.source, amb_id


@pytest.mark.rules("caylus/bundle-food", "caylus/delivery.bundle",
                   "caylus/character.chamberlain")
def test_every_bundle_holds_food_but_the_chamberlains() -> None:
    assert len(D.BUNDLES) == 6
    assert all(b[D.FOOD] == 1 and sum(b) == 3 and max(b) == 1 for b in D.BUNDLES)
    assert any(b[D.FOOD] == 0 for b in D.ANY_BUNDLES)


@pytest.mark.rules("caylus/end-gold", "caylus/end.gold")
def test_only_gold_scores_at_the_end() -> None:
    s = ready(2)
    s = player(s, 0, resources={"gold": 3, "wood": 4, "food": 2, "stone": 1, "fabric": 5})
    s = attrs.evolve(s, round=D.ROUNDS)
    before = s.players[0].prestige
    from rules_oracle.model.caylus.game import onward
    from rules_oracle.model.caylus.stewardship import _end_round

    end = onward(Stage.PRESTIGE, _end_round(s))
    assert end.stage is Stage.OVER
    assert end.players[0].prestige - before == 2 * 3


@pytest.mark.rules("caylus/gold-icons", "caylus/building.gold-mine", "caylus/building.foundry",
                   "caylus/building.alchemist", "caylus/building.jeweller")
def test_the_gold_buildings_make_and_take_gold() -> None:
    s = player(ready(2), 0, resources={"food": 1, "gold": 2}, workers=5)
    gold = lambda st: st.players[0].resources[D.GOLD]  # noqa: E731
    assert gold(building.apply(s, 0, D.GOLD_MINE, 1, Use(0))) == 3
    assert gold(building.apply(s, 0, D.FOUNDRY, 1, Use(1))) == 4
    assert gold(building.apply(s, 0, D.ALCHEMIST, 1, Use(0, D.FOOD))) == 3
    after = building.apply(s, 0, D.JEWELLER, 1, Use(1))
    assert gold(after) == 0 and after.players[0].prestige == s.players[0].prestige + 9


@pytest.mark.rules("caylus/tailor-fabric", "caylus/building.tailor")
def test_the_tailor_takes_fabric() -> None:
    s = player(ready(2), 0, resources={"fabric": 1, "gold": 3, "food": 3})
    assert building.options(s, 0, D.TAILOR, 1) == (Use(0),)
    after = building.apply(s, 0, D.TAILOR, 1, Use(0))
    assert after.players[0].resources[D.FABRIC] == 0
    assert building.options(player(s, 0, resources={"gold": 3}), 0, D.TAILOR, 1) == ()


@pytest.mark.rules("caylus/stonemason-setup-side", "caylus/building.stonemason")
def test_the_setup_stonemason_waives_the_stone() -> None:
    s = player(ready(2), 0, resources={"food": 1})
    kinds = {a.kind for a in building.options(s, 0, D.STONEMASON, 0) if isinstance(a, Build)}
    # with 1 food and no stone: stone + food and stone + any buildings, for the food alone
    assert D.GOLD_MINE in kinds and D.STONE_GUILD in kinds
    assert not building.options(s, 0, D.STONEMASON, 1)
    for k in D.STONE_KINDS:
        fixed, anys = building.build_cost(k, True)
        assert fixed[D.STONE] == 0 and sum(fixed) + anys == 1, D.BUILDINGS[k]


@pytest.mark.rules("caylus/any-icon-kinds", "caylus/building.any-icon")
def test_gold_never_pays_an_any_icon() -> None:
    s = player(ready(2), 0, resources={"wood": 1, "gold": 5})
    assert not [a for a in building.options(s, 0, D.CARPENTER, 1)
                if isinstance(a, Build) and a.kind == D.COVERED_MARKET]
    s = player(s, 0, resources={"wood": 1, "fabric": 1, "gold": 5})
    paid = {a.extra for a in building.options(s, 0, D.CARPENTER, 1)
            if isinstance(a, Build) and a.kind == D.COVERED_MARKET}
    assert paid == {D.FABRIC}


@pytest.mark.rules("caylus/prestige-no-effect", "caylus/stewardship.recruitment")
def test_statue_cathedral_and_mansion_give_nothing_after_their_pp() -> None:
    s = ready(2)
    plain = recruits(s, 0)
    for k in (D.STATUE, D.CATHEDRAL, D.MANSION):
        space = D.START_SPACES[0]
        built = attrs.evolve(s, road=tuple(k if i == space else x for i, x in enumerate(s.road)),
                             owner=tuple(0 if i == space else x
                                         for i, x in enumerate(s.owner)))
        assert recruits(built, 0) == plain, D.BUILDINGS[k]
        assert building.options(built, 0, k, 1) == ()


@pytest.mark.rules("caylus/first-game-setup", "caylus/setup.starting-tiles")
def test_a_first_game_is_laid_out_by_the_draws() -> None:
    s = GAME.setup(GAME.config(2))
    outcomes = GAME.chance_outcomes(s)
    assert len(outcomes) > 1  # the starting tiles are drawn, not laid from a picture


@pytest.mark.rules("caylus/recruitment-icons", "caylus/stewardship.recruitment")
def test_the_granary_gives_food_and_the_factory_fabric() -> None:
    s = ready(2)
    plain = recruits(s, 0)
    for k, gain in ((D.GRANARY, (0, 1, 0)), (D.FACTORY, (0, 0, 1))):
        space = D.START_SPACES[0]
        built = attrs.evolve(s, road=tuple(k if i == space else x for i, x in enumerate(s.road)),
                             owner=tuple(0 if i == space else x
                                         for i, x in enumerate(s.owner)))
        assert tuple(a - b for a, b in zip(recruits(built, 0), plain, strict=True)) == gain


@pytest.mark.rules("caylus/first-game-characters", "caylus/setup.first-game-characters")
def test_the_first_game_characters_add_one_a_count_in_the_pages_order() -> None:
    # the page names eight characters: five for two players, then one more a player count
    page = ("architect", "foreman", "chamberlain", "bailiff", "day-labourer", "deliveryman",
            "journeyman", "early-riser")
    for players, chosen in D.FIRST_GAME_CHARACTERS.items():
        assert len(chosen) == players + 3
        assert tuple(D.CHARACTERS[c] for c in chosen) == page[:players + 3]


@pytest.mark.rules("caylus/production-icons", "caylus/building.produce",
                   "caylus/building.wood-produce")
def test_the_production_buildings_make_what_they_are_named_for() -> None:
    s = ready(2)
    named = {D.FARM: D.FOOD, D.SAWMILL: D.WOOD, D.QUARRY: D.STONE, D.WOOD_FARM: D.FOOD,
             D.WOOD_SAWMILL: D.WOOD, D.WOOD_QUARRY: D.STONE, D.SPINNING_MILL: D.FABRIC}
    for kind, resource in named.items():
        for side, n in ((0, 1), (1, 2)) if kind in D.WOOD_KINDS else ((0, 1),):
            after = building.apply(s, 0, kind, side, Use(0))
            gained = tuple(a - b for a, b in zip(after.players[0].resources,
                                                 s.players[0].resources, strict=True))
            assert gained == tuple(n if r == resource else 0 for r in range(D.N_RESOURCES))
