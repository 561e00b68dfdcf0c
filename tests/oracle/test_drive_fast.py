"""The drive's comparison of a reported observation through its remembered agreements:
a field reported as it was when it last agreed with the model's same value is not written
out again, and every other field still is, so a wrong field is caught as before."""

import itertools
import random
from typing import Any

import attrs
import pytest

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import unstructure
from rules_oracle.model.core.game import PUBLIC
from rules_oracle.model.core.play import playout
from rules_oracle.oracle import drive as drv
from rules_oracle.properties.generic import strings_in


def _viewing(name: str, players: int, fields: tuple[str, ...]) -> tuple[drv._Game, list[Any]]:
    game = registry.get(name)
    config = game.config(players)
    run = drv._Game(None, game, config, 1, "uniform", 2, False, 2)  # type: ignore[arg-type]
    run.declared = drv.Declared("observation", PUBLIC, fields)
    return run, [step.state for step in playout(game, config, 4)]


def _seen(run: drv._Game, state: Any, drop: tuple[str, ...] = ()) -> dict[str, Any]:
    """The declared fields of the model's public view, as an engine reports them (objects
    without the keys ``drop``)."""
    data = unstructure(run.game.observe(state, PUBLIC))

    def without(value: Any) -> Any:
        if type(value) is dict:
            return {k: without(v) for k, v in value.items() if k not in drop}
        if type(value) is list:
            return [without(v) for v in value]
        return value
    return {key: without(data[key]) for key in run.declared.fields}


def _diverges(run: drv._Game, state: Any, seen: dict[str, Any]) -> tuple[str, ...]:
    with pytest.raises(drv._Stop) as stop:
        run._compare_view(5, state, seen, "state", None)
    found = stop.value.divergence
    assert found.kind == "observation" and found.diffs
    return tuple(d.path for d in found.diffs)


def test_a_field_reported_again_is_not_written_out_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    run, states = _viewing("crafts", 2, ("coins", "deck_size", "market", "passed"))
    seen = _seen(run, states[10])
    run._compare_view(1, states[10], seen, "state", None)
    # remembered: the fields without true, false or floats (``passed`` holds booleans)
    assert set(run._agreed) == {"coins", "deck_size", "market"}

    def no_text(value: Any) -> str:
        raise AssertionError(f"written out again: {value!r}")

    run.declared = drv.Declared("observation", PUBLIC, ("coins", "deck_size", "market"))
    again = _seen(run, states[10])
    monkeypatch.setattr(drv, "dumps", no_text)
    run._compare_view(2, states[10], again, "state", None)  # agrees, nothing written out


@pytest.mark.parametrize(("key", "loose"), [
    ("deck_size", lambda v: float(v)),
    ("coins", lambda v: [float(v[0]), *v[1:]]),
    ("market", lambda v: [bool(v[0]), *v[1:]]),
])
def test_a_remembered_field_reported_with_another_type_still_diverges(key: str,
                                                                       loose: Any) -> None:
    # 98.0 == 98 and False == 0 in Python, not in canonical text: not taken as agreeing
    run, states = _viewing("crafts", 2, ("coins", "deck_size", "market"))
    seen = _seen(run, states[10])
    run._compare_view(1, states[10], seen, "state", None)
    assert key in run._agreed
    wrong = {**seen, key: loose(seen[key])}
    assert wrong[key] == seen[key]
    assert _diverges(run, states[10], wrong)[0].startswith(f"$.{key}")


def test_a_field_reported_as_before_after_the_model_s_changed_diverges() -> None:
    run, states = _viewing("crafts", 2, ("coins", "deck_size", "market"))
    before, after = states[10], states[11]
    seen = _seen(run, before)
    run._compare_view(1, before, seen, "state", None)
    assert _seen(run, after) != seen  # the step drew a card to the market
    paths = _diverges(run, after, seen)
    assert "$.deck_size" in paths and any(p.startswith("$.market[") for p in paths)
    run._compare_view(2, after, _seen(run, after), "state", None)


def test_an_object_with_fewer_keys_is_remembered_and_a_change_in_it_caught() -> None:
    run, states = _viewing("catan", 4, ("bank", "seats"))
    state = states[100]
    seen = _seen(run, state, drop=("type", "bought_this_turn"))
    run._compare_view(1, state, seen, "state", None)  # walked: fewer keys than the model's
    assert run._agreed["seats"][2] is seen["seats"]
    run._compare_view(2, state, _seen(run, state, drop=("type", "bought_this_turn")),
                      "state", None)
    seats = seen["seats"]
    for wrong in ({**seats[0], "hand_size": seats[0]["hand_size"] + 1},
                  {**seats[0], "roads": float(seats[0]["roads"])},
                  {**seats[0], "cities": bool(seats[0]["cities"])}):
        paths = _diverges(run, state, {**seen, "seats": [wrong, *seats[1:]]})
        assert paths[0].startswith("$.seats[0].")


def test_the_legal_actions_of_a_state_are_computed_once_in_a_drive(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    from pathlib import Path

    game = registry.get("crafts")
    asked: list[Any] = []  # the states themselves: their ids stay theirs
    legal_actions = type(game).legal_actions

    def counted(self: Any, state: Any) -> Any:
        asked.append(state)
        return legal_actions(self, state)

    monkeypatch.setattr(type(game), "legal_actions", counted)
    faithful = [sys.executable, str(Path(__file__).resolve().parent / "engines" / "faithful.py")]
    run = drv.drive(faithful, [game], count=1, seed=4, players=2).games[0]
    assert run.conforms and run.finished
    assert asked and len({id(s) for s in asked}) == len(asked)


def test_the_remembered_legal_actions_follow_the_state() -> None:
    game = registry.get("crafts")
    config = game.config(2)
    model = drv._Remembering(game)
    states = [step.state for step in playout(game, config, 4) if game.actor(step.state) >= 0]
    first, other = states[3], next(s for s in states[4:]
                                   if game.legal_actions(s) != game.legal_actions(states[3]))
    assert model.legal_actions(first) == game.legal_actions(first)
    assert model.legal_actions(first) is model.legal_actions(first)
    assert model.legal_actions(other) == game.legal_actions(other)
    assert model.legal_actions(first) == game.legal_actions(first)
    assert model.name == game.name and model.actor(first) == game.actor(first)



def _strings(action: Any) -> set[str]:
    out: set[str] = set()
    strings_in(action, out)
    return out


def test_the_probers_vocabulary_holds_the_strings_of_every_action_it_remembered() -> None:
    """An action remembered again is not walked again for its strings (equal actions hold
    the same ones): the vocabulary the probes' mutations draw on is every string of the
    actions remembered, a new action's included."""
    game = registry.get("burgundy")
    steps = [s for s in playout(game, game.config(2), 0) if s.action is not None][:400]
    prober = drv.Prober(game, random.Random(1))
    expected: set[str] = set()
    for step in steps:
        prober.remember([step.action, step.action])  # two: both remembered, none sampled
        expected |= _strings(step.action)
    assert expected and prober._vocabulary == expected
    assert len(prober._read) < len(steps)  # the repeated ones were not read again
    new = next(attrs.evolve(step.action, **{field.alias: "no-such-tile"})
               for step in steps for field in attrs.fields(type(step.action))
               if isinstance(getattr(step.action, field.name), str))
    prober.remember([new])
    assert prober._vocabulary == expected | {"no-such-tile"}


def _two_seat_states(run: drv._Game, states: list[Any]) -> tuple[Any, Any, set[int]]:
    """Two states in a row whose public views differ in some seats but not all, and the
    seats that differ."""
    for before, after in itertools.pairwise(states[60:]):
        old = run.game.observe(before, PUBLIC).seats
        new = run.game.observe(after, PUBLIC).seats
        changed = {i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b}
        if changed and len(changed) < len(new):
            return before, after, changed
    raise AssertionError("no step changed only some seats")


def test_a_list_of_objects_is_walked_again_only_where_it_changed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    run, states = _viewing("catan", 4, ("bank", "seats"))
    before, after, changed = _two_seat_states(run, states)
    drop = ("type", "bought_this_turn")
    run._compare_view(1, before, _seen(run, before, drop), "state", None)
    walked: list[Any] = []

    def recorded(value: Any) -> Any:
        walked.append(value)
        return unstructure(value)

    monkeypatch.setattr(drv, "unstructure", recorded)
    run._compare_view(2, after, _seen(run, after, drop), "state", None)
    seats = run.game.observe(after, PUBLIC).seats
    assert [w for w in walked if type(w) is type(seats[0])] == [seats[i] for i in
                                                                  sorted(changed)]
    assert run._agreed["seats"][0] == seats


def test_a_seat_reported_as_before_after_the_model_s_changed_diverges() -> None:
    run, states = _viewing("catan", 4, ("bank", "seats"))
    before, after, changed = _two_seat_states(run, states)
    drop = ("type", "bought_this_turn")
    old = _seen(run, before, drop)
    run._compare_view(1, before, old, "state", None)
    stale = {**_seen(run, after, drop), "seats": old["seats"]}  # every seat as before
    paths = _diverges(run, after, stale)
    assert {int(p.split("[")[1].split("]")[0]) for p in paths} == changed
    # and a seat the model did not change, reported changed, is walked and caught
    wrong = _seen(run, after, drop)
    kept = next(i for i in range(4) if i not in changed)
    wrong["seats"][kept] = {**wrong["seats"][kept], "roads": 99}
    run._compare_view(2, after, _seen(run, after, drop), "state", None)
    assert _diverges(run, after, wrong) == (f"$.seats[{kept}].roads",)


def _faithful() -> list[str]:
    import sys
    from pathlib import Path

    return [sys.executable, str(Path(__file__).resolve().parent / "engines" / "faithful.py")]


def test_a_drive_leaves_the_objects_alive_before_it_out_of_the_collector_s_passes() -> None:
    import gc

    assert gc.get_freeze_count() == 0
    frozen: list[int] = []
    report = drv.drive(_faithful(), [registry.get("crafts")], count=1, seed=4, players=2,
                       progress=lambda run: frozen.append(gc.get_freeze_count()))
    assert report.conforms
    assert frozen and frozen[0] > 0  # while it ran
    assert gc.get_freeze_count() == 0  # the collector's again after it


def test_objects_frozen_by_the_driving_program_stay_frozen() -> None:
    import gc

    gc.freeze()
    try:
        before = gc.get_freeze_count()
        assert drv.drive(_faithful(), [registry.get("crafts")], count=1, seed=4,
                         players=2).conforms
        assert gc.get_freeze_count() == before
    finally:
        gc.unfreeze()


@pytest.mark.parametrize("policy", ["uniform", "eager"])
def test_the_choice_among_supported_kinds_draws_as_one_probability_per_action(
        policy: str) -> None:
    """Actions of equal weight share one probability object (the uniform policy's take
    sample's uniform path): the same action drawn, with the same draws, as with a
    probability object made per action."""
    from fractions import Fraction

    from rules_oracle.model.core.chance import sample

    game = registry.get("catan")
    config = game.config(4)
    run = drv._Game(None, game, config, 1, policy, 2, False, 2)  # type: ignore[arg-type]
    run.declared = drv.Declared(unsupported=frozenset({"OfferCard", "MaritimeTrade"}))
    chosen = 0
    for i, step in enumerate(playout(game, config, 3)):
        state = step.state
        if game.actor(state) < 0:
            continue
        actions = game.legal_actions(state)
        keep = [j for j, a in enumerate(actions)
                if type(a).__name__ not in run.declared.unsupported]
        if not keep or len(keep) == len(actions):
            continue
        weights = game.policy_weights(state, actions) if policy == "eager" else None
        kept = [1] * len(keep) if weights is None else [weights[j] for j in keep]
        if sum(kept) <= 0:
            kept = [1] * len(keep)
        ours, theirs = random.Random(i), random.Random(i)
        expected = sample([(actions[j], Fraction(w, sum(kept)))
                           for j, w in zip(keep, kept, strict=True)], theirs)
        assert run._choose(i, state, ours) == expected
        assert ours.getstate() == theirs.getstate()
        chosen += 1
    assert chosen > 50
