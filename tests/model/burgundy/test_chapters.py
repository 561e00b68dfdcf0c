"""The model's layout: a module per chapter of the text, each rule's code in the chapter its
id names, chapters that import no other chapter, and what knowledge tiles change handed to
them as ``Mods``."""


import pytest

from rules_oracle.model.burgundy import game, knowledge
from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.ops import IMPLEMENTED
from tests.model.chapters import imported

#: the chapter modules (a rule id's prefix names one; ``components`` is ``data``)
CHAPTERS = ("setup", "phase", "round", "turn", "action", "ship", "animal", "castle",
            "building", "area", "colour", "knowledge")


def test_every_marked_rule_is_implemented_in_its_chapter() -> None:
    ours = {rule: functions for rule, functions in IMPLEMENTED.items()
            if rule.startswith("burgundy/")}
    assert ours
    for rule, functions in ours.items():
        assert rule in RB.RULES, rule
        prefix = rule.split("/", 1)[1].split(".", 1)[0]
        for function in functions:
            assert function.startswith(f"rules_oracle.model.burgundy.{prefix}."), (rule,
                                                                                   function)


@pytest.mark.rules("burgundy/phase.fill-depots", "burgundy/phase.three-player-depot-6",
                   "burgundy/phase.black-depot", "burgundy/phase.five-phases")
def test_the_phase_rules_mark_the_code_that_applies_them() -> None:
    """The depots' fill plan is marked where it is read (``phase.plan``), the five phases
    where the last is told (``phase.last``), each at its own function."""
    plan, last = "rules_oracle.model.burgundy.phase.plan", "rules_oracle.model.burgundy.phase.last"
    for rule in (RB.PHASE_FILL_DEPOTS, RB.PHASE_THREE_PLAYER_DEPOT_6, RB.PHASE_BLACK_DEPOT):
        assert plan in IMPLEMENTED[rule] and last not in IMPLEMENTED[rule]
    assert IMPLEMENTED[RB.PHASE_FIVE_PHASES] == [last]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_chapter_imports_no_other_chapter(chapter: str) -> None:
    assert not imported("burgundy", chapter) & (set(CHAPTERS) - {chapter})


@pytest.mark.rules("burgundy/knowledge.5", "burgundy/knowledge.8", "burgundy/knowledge.12")
def test_mods_follow_the_configuration_read() -> None:
    plain = game.GAME.config(2)
    circular = game.GAME.config(2, {"k5-neighbours": "circular", "k8-step": "exactly-2"})
    assert knowledge.mods((5, 8), plain).ship_firsts == (1, 2, 3, 4, 5)
    assert knowledge.mods((5, 8), plain).worker_steps == (-2, -1, 1, 2)
    assert knowledge.mods((5, 8), circular).ship_firsts == (1, 2, 3, 4, 5, 6)
    assert knowledge.mods((5, 8), circular).worker_steps == (-2, 2)
    assert knowledge.mods((12,), plain).take_rule == RB.KNOWLEDGE_12
    assert knowledge.mods((), plain).take_rule == RB.ACTION_TAKE_TILE
    # many configurations read in turn: each still gets its own readings
    many = [game.GAME.config(2, {"k5-neighbours": "circular"}) for _ in range(300)]
    assert all(knowledge.mods((5,), c).ship_firsts == (1, 2, 3, 4, 5, 6) for c in many)
    assert knowledge.mods((5,), plain).ship_firsts == (1, 2, 3, 4, 5)
