"""Knowledge tiles (the text's pages 10-11, "Знания"): what each of the 26 yellow tiles
changes, read by the game module from a player's tiles (``mods``) and handed to the chapter
whose rule it changes, and the end-of-game VP of tiles 15-26 (``end_vp``)."""

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.ops import implements
from rules_oracle.model.burgundy.state import Mods, Player
from rules_oracle.model.core import Config

#: the tile that lets a die placing a colour be shifted by 1 for free (by 1 with knowledge 8
#: too: burgundy/free-shift-step)
FREE_SHIFT = {D.BUILDING: 9, D.PASTURE: 10, D.RIVER: 10, D.CASTLE: 11, D.MINE: 11,
              D.KNOWLEDGE: 11}
#: the rule of each free-shift tile
_SHIFT_RULE = {9: RB.KNOWLEDGE_9, 10: RB.KNOWLEDGE_10, 11: RB.KNOWLEDGE_11}
#: the tiles scored at the game's end (``end_vp``) and their rules; tiles 16-23 give 4 VP
#: per building of the kind each names (``data.knowledge_buildings``, by edition)
END_RULES = {15: RB.KNOWLEDGE_15, 16: RB.KNOWLEDGE_16, 17: RB.KNOWLEDGE_17,
             18: RB.KNOWLEDGE_18, 19: RB.KNOWLEDGE_19, 20: RB.KNOWLEDGE_20,
             21: RB.KNOWLEDGE_21, 22: RB.KNOWLEDGE_22, 23: RB.KNOWLEDGE_23,
             24: RB.KNOWLEDGE_24, 25: RB.KNOWLEDGE_25, 26: RB.KNOWLEDGE_26}


def mods(knowledge: tuple[int, ...], config: Config) -> Mods:
    """What the tiles ``knowledge`` change, under ``config``'s readings (kept per
    configuration, which is immutable)."""
    seen = _SEEN.get(id(config))
    if seen is None or seen[0] is not config:
        if len(_SEEN) > 256:
            _SEEN.clear()
        seen = _SEEN[id(config)] = (config, {})
    found = seen[1].get(knowledge)
    if found is None:
        found = seen[1][knowledge] = _mods(knowledge, config.option("k5-neighbours"),
                                           config.option("k8-step"), config.option("k8-wrap"))
    return found


#: per configuration (by identity, the configuration kept to check it): the tiles' ``Mods``
_SEEN: dict[int, tuple[Config, dict[tuple[int, ...], Mods]]] = {}


@implements(RB.KNOWLEDGE_1, RB.KNOWLEDGE_2, RB.KNOWLEDGE_3, RB.KNOWLEDGE_4, RB.KNOWLEDGE_5,
            RB.KNOWLEDGE_6, RB.KNOWLEDGE_7, RB.KNOWLEDGE_8, RB.KNOWLEDGE_12, RB.KNOWLEDGE_13,
            RB.KNOWLEDGE_14)
def _mods(kn: tuple[int, ...], k5: str, k8_step: str, k8_wrap: str) -> Mods:
    has = frozenset(kn)
    # RB.KNOWLEDGE_5: a ship empties two neighbouring depots, 6 and 1 by
    # burgundy/knowledge-5-neighbours
    pair = 5 in has
    firsts = (1, 2, 3, 4, 5) if pair and k5 != "circular" else (1, 2, 3, 4, 5, 6)
    # RB.KNOWLEDGE_8: a worker changes a die by up to 2 (burgundy/knowledge-8-step), past
    # 6 and 1 by burgundy/knowledge-8-wrap
    steps = ((-2, -1, 1, 2) if k8_step == "up-to-2" else (-2, 2)) if 8 in has else (-1, 1)
    return Mods(
        any_building=1 in has,  # RB.KNOWLEDGE_1
        mine_workers=1 if 2 in has else 0,  # RB.KNOWLEDGE_2
        sell_silver=2 if 3 in has else 1,  # RB.KNOWLEDGE_3
        sell_workers=1 if 4 in has else 0,  # RB.KNOWLEDGE_4
        ship_firsts=firsts,
        ship_pair=pair,
        ship_rule=RB.KNOWLEDGE_5 if pair else RB.SHIP_TAKE_GOODS,
        buy_depots=tuple(range(7)) if 6 in has else (0,),  # RB.KNOWLEDGE_6
        animal_extra=1 if 7 in has else 0,  # RB.KNOWLEDGE_7
        worker_steps=steps,
        worker_bounded=8 in has and k8_wrap != "wrap",
        worker_rule=RB.KNOWLEDGE_8 if 8 in has else RB.TURN_WORKER_ADJUST,
        shift_colours=frozenset(c for c, n in FREE_SHIFT.items() if n in has),
        take_near=12 in has,  # RB.KNOWLEDGE_12
        take_rule=RB.KNOWLEDGE_12 if 12 in has else RB.ACTION_TAKE_TILE,
        take_workers=4 if 14 in has else 2,  # RB.KNOWLEDGE_14
        take_workers_silver=1 if 13 in has else 0,  # RB.KNOWLEDGE_13
    )


@implements(RB.KNOWLEDGE_9, RB.KNOWLEDGE_10, RB.KNOWLEDGE_11)
def shift_rule(colour: str) -> str:
    """The rule of the tile that shifts a die placing ``colour`` for free (9, 10 or 11)."""
    return _SHIFT_RULE[FREE_SHIFT[colour]]


@implements(*END_RULES.values())
def end_vp(player: Player, edition: str = "first") -> int:
    """End-of-game VP of the player's knowledge tiles 15-26, as ``edition`` prints them
    (ambiguity burgundy/edition: "first", the text's, or "2019")."""
    vp = 0
    kn = player.knowledge
    if 15 in kn:  # RB.KNOWLEDGE_15
        vp += D.K15_VP[edition] * sum(1 for n in player.sold if n > 0)
    for number, building in D.knowledge_buildings(edition).items():
        if number in kn:  # RB.KNOWLEDGE_16 .. RB.KNOWLEDGE_23
            vp += 4 * player.estate.count(building)
    if 24 in kn:  # RB.KNOWLEDGE_24
        kinds = {D.ANIMAL_OF[t][0] for t in player.estate if t in D.ANIMAL_OF}
        vp += 4 * len(kinds)
    if 25 in kn:  # RB.KNOWLEDGE_25
        vp += sum(player.sold)
    if 26 in kn:  # RB.KNOWLEDGE_26
        vp += D.K26_VP[edition] * len(player.bonus_tiles)
    return vp
