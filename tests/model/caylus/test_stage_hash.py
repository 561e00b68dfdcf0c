"""The stage is hashed as the object it is (its identity is its equality), so a lookup in
the stage tables costs no call of Enum's hash; members, values and text are unchanged."""

from rules_oracle.model.caylus.state import Stage
from rules_oracle.model.core.canon import to_json


def test_a_stage_is_hashed_by_identity_and_looked_up_as_before() -> None:
    for stage in Stage:
        assert hash(stage) == object.__hash__(stage)
        assert Stage(stage.value) is stage
        assert stage in frozenset(Stage) and {stage: 1}[stage] == 1
        assert to_json(stage) == f'"{stage.value}"'
    assert len(Stage) == 14 and Stage.OVER not in {Stage.TILES, Stage.DRAFT}
