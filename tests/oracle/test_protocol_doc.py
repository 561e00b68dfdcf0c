"""docs/protocol.md's example session shows the model's own answers: the digests of crafts'
2-player set-up and of the state after the card drawn, and the rule a wrong draw breaks."""

import json
import re
from pathlib import Path

import pytest

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import digest, structure
from rules_oracle.model.core.errors import IllegalAction

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def _session() -> list[str]:
    text = DOC.read_text("utf-8").split("## A session", 1)[1].split("```")[1]
    return [line for line in text.splitlines() if line.startswith(("> {", "< {"))]


@pytest.mark.rules("crafts/setup.shuffle")
def test_the_example_session_s_digests_and_rule_are_the_model_s() -> None:
    lines = _session()
    game = registry.get("crafts")
    state = game.setup(game.config(2))
    digests = re.findall(r'"digest":"([0-9a-f]{64})"', "\n".join(lines))
    assert digests[0] == digest(state)
    applied = [json.loads(line[2:])["action"] for line in lines if '"op":"apply"' in line]
    types = {cls.__name__: cls for cls in game.action_types}
    wrong, right = (structure(a, types[a["type"]]) for a in applied)
    drawn = [x for x, _ in game.chance_outcomes(state)]
    assert wrong not in drawn and right in drawn
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, wrong)
    assert f'"rule":"{refused.value.rule}"' in "\n".join(lines)
    assert digests[1] == digest(game.apply(state, right))
