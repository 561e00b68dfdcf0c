"""Observation paths to the state fields the drawings show, checked against the games'
own observations: a field the observation copies has the state field's value at the
translated path, every translated path exists, and no observation field is left out."""

import re
from typing import Any

import attrs
import pytest

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import unstructure
from rules_oracle.oracle.diff import child
from rules_oracle.oracle.draw import draw
from rules_oracle.oracle.draw.observed import (
    PUBLIC,
    SEATS,
    UNDRAWN,
    VIEWER,
    observed,
    state_paths,
)
from tests.oracle.draw.helpers import fields, highlighted, pieces, states

GAMES = {"catan": 4, "cities_knights": 3, "burgundy": 3, "caylus": 4, "crafts": 3,
         "catan_cards": 2}
_STEP = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")
_MISSING = object()


def resolve(data: Any, path: str) -> Any:
    """The value at a JSON path, or ``_MISSING``."""
    assert path.startswith("$")
    for name, index in _STEP.findall(path[1:]):
        if name:
            if not isinstance(data, dict) or name not in data:
                return _MISSING
            data = data[name]
        else:
            if not isinstance(data, list) or int(index) >= len(data):
                return _MISSING
            data = data[int(index)]
    return data


def leaves(data: Any, path: str = "$") -> list[tuple[str, Any]]:
    if isinstance(data, dict):
        return [x for k, v in data.items() for x in leaves(v, child(path, k))]
    if isinstance(data, list) and data:
        return [x for i, v in enumerate(data) for x in leaves(v, child(path, i))]
    return [(path, data)]


def _mode(game: str, path: str, viewer: int | None) -> str:
    if path.startswith("$.public"):
        path = "$" + path[len("$.public"):]
    elif viewer is not None:
        name = path[2:].split(".")[0].split("[")[0]
        if name in VIEWER[game]:
            return VIEWER[game][name][0]
    m = re.match(r"\$\.seats\[\d+\]\.([A-Za-z_0-9]+)", path)
    if m:
        return SEATS[game][m.group(1)][0]
    return PUBLIC[game][path[2:].split(".")[0].split("[")[0]][0]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_observation_field_is_mapped_or_said_undrawn(game: str) -> None:
    module = __import__(f"rules_oracle.model.{game}.observation", fromlist=["x"])
    for kind in module.OBSERVATION_TYPES:
        for f in attrs.fields(kind):
            known = (f.name in PUBLIC[game] or f.name in VIEWER[game]
                     or f.name in UNDRAWN[game])
            assert known, f"{game}: {kind.__name__}.{f.name}"
    seat = getattr(module, "Seat", None)
    if seat is not None:
        assert {f.name for f in attrs.fields(seat)} == set(SEATS[game])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_translated_paths_hold_the_observed_values(game: str) -> None:
    g = registry.get(game)
    seq = states(game, GAMES[game], 4)
    checked = 0
    for state in (seq[0], seq[len(seq) // 3], seq[len(seq) // 2], seq[-1]):
        data = unstructure(state)
        for viewer in ("public", 0):
            view = unstructure(g.observe(state, viewer))
            seat = None if viewer == "public" else 0
            for path, value in leaves(view):
                if path.endswith(".type"):
                    continue
                targets = state_paths(game, path, seat)
                plain = "$" + path[len("$.public"):] if path.startswith("$.public") else path
                name = plain[2:].split(".")[0].split("[")[0]
                if not targets:
                    assert name in UNDRAWN[game], path
                    continue
                for target in targets:
                    assert resolve(data, target) is not _MISSING, (path, target)
                if _mode(game, path, seat) == "=":
                    assert resolve(data, targets[0]) == value, (path, targets[0])
                    checked += 1
    assert checked > 100


def test_paths_of_seats_viewers_and_the_root() -> None:
    assert state_paths("catan", "$.road_owner[12]") == ("$.path_owner[12]",)
    assert state_paths("catan", "$.public.building_level[3]") == ("$.node_level[3]",)
    assert state_paths("catan", "$.seats[2].roads") == ("$.players[2].roads",)
    assert state_paths("catan", "$.seats[2].hand_size") == ("$.players[2].hand",)
    assert state_paths("catan", "$.seats[2]") == ("$.players[2]",)
    assert state_paths("catan", "$.seats") == ("$.players",)
    assert state_paths("catan", "$") == ("$",)
    assert state_paths("catan", "$.hand[1]", viewer=3) == ("$.players[3].hand[1]",)
    assert state_paths("catan", "$.hand[1]") == ()
    assert state_paths("catan", "$.to_act") == ()
    assert state_paths("catan", "odd") == ()
    assert state_paths("crafts", "$.hand[4]", viewer=1) == ("$.hands[1][4]",)
    assert state_paths("crafts", "$.pending.count") == ("$.task", "$.task_player",
                                                        "$.task_count")
    assert state_paths("caylus", "$.seats[1].nothing") == ()
    assert observed("catan", ["$.road_owner[12]", "$.to_act", "$.seats[0].roads"]) == {
        "$.path_owner[12]", "$.players[0].roads"}


def test_an_observed_road_marks_the_road_on_the_board() -> None:
    state = states("catan", 4, 4)[-1]
    road = next(e for e, o in enumerate(state.path_owner) if o >= 0)
    marks = observed("catan", [f"$.public.road_owner[{road}]"], viewer=0)
    (hl,) = [e for e in pieces(draw("catan", state, marks)) if highlighted(e)]
    assert fields(hl) == [f"$.path_owner[{road}]"]
    assert hl.attrib["data-kind"] == "road"
