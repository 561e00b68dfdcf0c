"""The observation properties hold on every game's seeded play and catch leaking views.

Each leaking ``observe`` below is a real game with one thing broken; the property it
breaks must report it (so none of the checks passes whatever the view).
"""

import itertools
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_oracle.model.catan_cards.game import CatanCards
from rules_oracle.model.catan_cards.state import CardsState
from rules_oracle.model.core import PUBLIC, canon, registry
from rules_oracle.model.core.game import Viewer, viewer_seat
from rules_oracle.model.core.ops import bump
from rules_oracle.model.core.play import POLICIES, playout
from rules_oracle.model.crafts import observation as crafts_view
from rules_oracle.model.crafts.game import CraftsGame
from rules_oracle.model.crafts.state import CraftsState, Stage
from rules_oracle.properties import observation as O
from rules_oracle.properties.registry import hidden_twins
from rules_oracle.properties.strategies import states
from tests.toygame import ToyGame

ROOT = Path(__file__).resolve().parents[2]
#: the package (src/) and the tests (the repository root), for a child process
PYTHONPATH = os.pathsep.join((str(ROOT / "src"), str(ROOT)))
OBSERVED = [name for name in registry.names() if registry.get(name).observation_types]
PLAYERS = {"crafts": (2, 4, 6), "burgundy": (2, 3, 4), "catan": (3, 4), "cities_knights": (3, 4),
           "caylus": (2, 3, 5), "catan_cards": (2, 4, 6)}
#: every how many steps a state is checked (catan's games are long, its set-up card-less)
EVERY = {"crafts": 5, "burgundy": 5, "catan": 25, "cities_knights": 50, "caylus": 5,
         "catan_cards": 10}
#: games whose states keep no hidden information in the default configuration (Burgundy
#: keeps its face-down goods and hexes as counts of what nobody has seen): no twin exists
#: there; the variant giving their states a secret, where twins are built and checked
NO_SECRETS_BY_DEFAULT = {"burgundy": {"setup": "advanced", "castle-choice": "secret"}}


def test_every_game_has_observations() -> None:
    assert list(registry.names()) == OBSERVED


@pytest.mark.parametrize("name", OBSERVED)
def test_observation_properties_hold_in_seeded_play(name: str) -> None:
    game = registry.get(name)
    twins = hidden_twins(name)
    for players, seed in zip(PLAYERS[name], (1, 2, 3), strict=False):
        policy = POLICIES[seed % 2]  # eager play reaches Mages, Scoutings, ships, knights
        run = O.run_observations(game, game.config(players), seed, twins, every=EVERY[name],
                                 limit=60, policy=policy)
        assert run.violations == ()
        assert run.states > 10
        if name in NO_SECRETS_BY_DEFAULT:
            assert run.twins == 0  # the state holds nothing face down to vary
        else:
            assert run.twins > run.states // 2  # hidden information to vary in most states


@pytest.mark.parametrize("name", OBSERVED)
@settings(max_examples=15)
@given(data=st.data())
def test_observation_properties_hold_on_any_configuration(name: str, data: st.DataObject) -> None:
    """Any variant configuration, any step of seeded play (catan's variable board too)."""
    game = registry.get(name)
    state = data.draw(states(game, max_steps=500), label="state")
    rng = random.Random(data.draw(st.integers(0, 2**16), label="twin seed"))
    assert O.check_deterministic(game, state) == []
    assert O.check_player_views(game, state) == []
    for twin in hidden_twins(name)(state, rng):
        assert O.check_twin(game, state, twin) == [], twin.what
        assert O.check_indistinguishable(game, state, twin, O.exemptions(game), rng=rng) == []


@pytest.mark.parametrize("name", OBSERVED)
def test_views_validate_against_the_generated_schema(name: str) -> None:
    game = registry.get(name)
    path = ROOT / "docs" / "schemas" / f"{name}.observation.schema.json"
    validator = jsonschema.Draft202012Validator(json.loads(path.read_text(encoding="utf-8")))
    config = game.config(PLAYERS[name][0])
    kinds = set()
    for step in itertools.islice(playout(game, config, 4), 0, 400, 20):
        for viewer in O.viewers(game, step.state):
            data = canon.unstructure(game.observe(step.state, viewer))
            validator.validate(data)
            kinds.add(data["type"])
    assert kinds == {cls.__name__ for cls in game.observation_types}
    assert not validator.is_valid({**data, "viewer": "0"})


@pytest.mark.parametrize("name", OBSERVED)
def test_twins_are_states_of_the_game(name: str) -> None:
    """A twin keeps every invariant: it is a state the game could be in."""
    from rules_oracle.properties.registry import invariants

    game = registry.get(name)
    rng = random.Random(0)
    built = 0
    if name in NO_SECRETS_BY_DEFAULT:  # the secrets come early: every state of many games
        config = game.config(PLAYERS[name][-1], NO_SECRETS_BY_DEFAULT[name])
        found = (step for seed in range(8)
                 for step in itertools.islice(playout(game, config, seed), 0, 60))
    else:
        found = itertools.islice(playout(game, game.config(PLAYERS[name][-1]), 5), 0, 600, 15)
    for step in found:
        for twin in hidden_twins(name)(step.state, rng):
            built += 1
            assert twin.state != step.state
            assert twin.changed == tuple(sorted(twin.changed))
            assert [v for inv in invariants(name) for v in inv(twin.state)] == []
    assert built > 10


VIEWS_SCRIPT = """
import sys
from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import digest
from rules_oracle.model.catan_cards.game import CatanCards
from rules_oracle.model.catan_cards.state import CardsState
from rules_oracle.model.core.ops import bump
from rules_oracle.model.core.play import POLICIES, playout
from rules_oracle.properties.observation import viewers

game = registry.get(sys.argv[1])
for step in playout(game, game.config(game.max_players), 0):
    if step.index % 10 == 0:
        print(step.index, *(digest(game.observe(step.state, v))
                            for v in viewers(game, step.state)))
    if step.index > 1500:
        break
"""


@pytest.mark.parametrize("name", OBSERVED)
def test_views_do_not_depend_on_the_hash_seed(name: str) -> None:
    outputs = set()
    for hashseed in ("0", "1", "4242"):
        env = {"PYTHONHASHSEED": hashseed, "PYTHONPATH": PYTHONPATH, "PATH": ""}
        done = subprocess.run([sys.executable, "-c", VIEWS_SCRIPT, name], cwd=ROOT, env=env,
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        assert done.stdout.count("\n") > 10
        outputs.add(done.stdout)
    assert len(outputs) == 1


def test_viewers_are_public_or_a_seat() -> None:
    assert viewer_seat(PUBLIC, 3) == -1
    assert viewer_seat(2, 3) == 2
    for bad in (3, -1, True, "0", "everyone"):
        with pytest.raises(ValueError, match="a viewer is 'public' or a player index 0-2"):
            viewer_seat(bad, 3)


def test_a_game_without_observations_says_so() -> None:
    game = ToyGame()
    with pytest.raises(NotImplementedError, match="defines no observation"):
        game.observe(game.setup(game.config(2)), PUBLIC)


def test_a_game_without_a_twin_module_names_no_exception() -> None:
    assert O.exemptions(ToyGame()) == ()


# -- leaking views: each property catches its leak ---------------------------------------
def weighted(hand: tuple[int, ...]) -> int:
    return sum((k + 1) * n for k, n in enumerate(hand))


class HandsInPublic(CraftsGame):
    """The public view's hand sizes encode the cards held."""

    def observe(self, state: CraftsState, viewer: Viewer) -> Any:
        view = super().observe(state, viewer)
        leak = tuple(weighted(h) for h in state.hands)
        if isinstance(view, crafts_view.PublicView):
            return attrs.evolve(view, hand_sizes=leak)
        return attrs.evolve(view, public=attrs.evolve(view.public, hand_sizes=leak))


class FaceUpCommits(CraftsGame):
    """Cards committed face down show as revealed."""

    def observe(self, state: CraftsState, viewer: Viewer) -> Any:
        view = super().observe(state, viewer)
        if state.phase != Stage.COMMIT:
            return view
        if isinstance(view, crafts_view.PublicView):
            return attrs.evolve(view, revealed=state.committed)
        return attrs.evolve(view, public=attrs.evolve(view.public, revealed=state.committed))


class RivalsHand(CraftsGame):
    """A player sees the next player's hand added to his own."""

    def observe(self, state: CraftsState, viewer: Viewer) -> Any:
        view = super().observe(state, viewer)
        if isinstance(view, crafts_view.PublicView):
            return view
        rival = state.hands[(view.viewer + 1) % state.config.players]
        return attrs.evolve(view, hand=tuple(a + b for a, b in zip(view.hand, rival,
                                                                     strict=True)))


class Blind(CraftsGame):
    """A player's view leaves out his own hand."""

    def observe(self, state: CraftsState, viewer: Viewer) -> Any:
        view = super().observe(state, viewer)
        if isinstance(view, crafts_view.PublicView):
            return view
        return attrs.evolve(view, hand=(0,) * len(view.hand))


class Restless(CraftsGame):
    """Observing changes the view (a counter in the bank)."""

    ticks = itertools.count()

    def observe(self, state: CraftsState, viewer: Viewer) -> Any:
        view = super().observe(state, viewer)
        if isinstance(view, crafts_view.PublicView):
            return attrs.evolve(view, bank=next(self.ticks))
        return view


class OwnPublic(CraftsGame):
    """A player's public part is not the public view (his hand size is left out)."""

    def observe(self, state: CraftsState, viewer: Viewer) -> Any:
        view = super().observe(state, viewer)
        if isinstance(view, crafts_view.PublicView):
            return view
        sizes = tuple(0 if i == view.viewer else n
                      for i, n in enumerate(view.public.hand_sizes))
        return attrs.evolve(view, public=attrs.evolve(view.public, hand_sizes=sizes))


class WrongViewer(CraftsGame):
    """A player's view names seat 0 whoever looks."""

    def observe(self, state: CraftsState, viewer: Viewer) -> Any:
        view = super().observe(state, viewer)
        if isinstance(view, crafts_view.PublicView):
            return view
        return attrs.evolve(view, viewer=0)


class Foreign(CraftsGame):
    """The public view is the raw state."""

    def observe(self, state: CraftsState, viewer: Viewer) -> Any:
        return state if viewer == PUBLIC else super().observe(state, viewer)


def _violations(game: CraftsGame) -> list[O.Violation]:
    twins = hidden_twins("crafts")
    found: list[O.Violation] = []
    for seed in (1, 2):
        run = O.run_observations(game, game.config(3), seed, twins, every=4, limit=40)
        found += run.violations
    return found


def _found(game: CraftsGame) -> set[str]:
    return {v.invariant for v in _violations(game)}


@pytest.mark.rules("crafts/setup.shuffle", "crafts/round.deal-first")
def test_a_public_view_showing_hands_is_caught() -> None:
    assert _found(HandsInPublic()) == {O.PUBLIC_HIDES}


@pytest.mark.rules("crafts/play.commit")
def test_a_face_up_commit_is_caught() -> None:
    assert _found(FaceUpCommits()) == {O.PUBLIC_HIDES}


def test_a_view_of_a_rivals_hand_is_caught() -> None:
    leaks = [v.message for v in _violations(RivalsHand()) if v.invariant == O.PUBLIC_HIDES]
    assert leaks
    assert all(m.startswith("player ") and "view shows hidden information" in m
               for m in leaks)


def test_a_view_without_ones_own_hand_is_caught() -> None:
    """A player who does not see his hand cannot tell apart states where his legal cards
    differ, so the view breaks both checks."""
    assert _found(Blind()) == {O.OWN_SECRETS, O.INDISTINGUISHABLE}


def test_a_changing_view_is_caught() -> None:
    assert {O.DETERMINISTIC, O.PLAYER_VIEW} <= _found(Restless())


class Flipping(CraftsGame):
    """Every other public view writes the round number as a boolean: an equal view (``True
    == 1``) whose canonical text differs."""

    ticks = itertools.count()

    def observe(self, state: CraftsState, viewer: Viewer) -> Any:
        view = super().observe(state, viewer)
        if isinstance(view, crafts_view.PublicView) and view.round == 1 \
                and next(self.ticks) % 2:
            return attrs.evolve(view, round=True)
        return view


def test_a_view_changing_a_number_into_an_equal_boolean_is_caught() -> None:
    """The views observed again are compared type for type (their plain data byte for
    byte), not only by equality."""
    game = Flipping()
    state = game.setup(game.config(2))
    assert game.observe(state, PUBLIC).round == 1
    found = O.check_deterministic(game, state)
    assert [v.message for v in found] == [
        "viewer 'public': observing one state twice differs"]


def test_a_states_views_and_steps_are_computed_once_for_its_twins() -> None:
    """The checks of a state and of its twins given its Seen observe it no more, and apply
    an action to it once whatever the twins; they find what they find without it."""
    game = registry.get("crafts")
    twins = hidden_twins("crafts")
    state = next(s for s in O._states(game, game.config(3), 1, "uniform")
                 if twins(s, random.Random(0)) and game.actor(s) >= 0)
    made = twins(state, random.Random(0))
    seen = O.Seen(game, state)
    assert seen.views == {v: game.observe(state, v) for v in O.viewers(game, state)}
    applied: list[Any] = []

    class Counting(type(game)):  # type: ignore[misc]
        def apply(self, s: Any, action: Any) -> Any:
            applied.append(s)
            return super().apply(s, action)

    seen.game = Counting()
    for twin in made:
        other = O.Seen(game, twin.state)
        assert O.check_twin(game, state, twin, seen, other) == O.check_twin(game, state, twin)
        assert O.check_indistinguishable(game, state, twin, O.exemptions(game), seen=seen,
                                         twin_seen=other) == O.check_indistinguishable(
            game, state, twin, O.exemptions(game))
    assert len(applied) == len(set(seen._after)) and applied


def test_a_player_view_with_another_public_part_is_caught() -> None:
    assert _found(OwnPublic()) == {O.PLAYER_VIEW}


def test_a_player_view_naming_another_viewer_is_caught() -> None:
    assert _found(WrongViewer()) == {O.PLAYER_VIEW}


def test_a_view_of_no_observation_type_is_caught() -> None:
    game = Foreign()
    state = game.setup(game.config(2))
    found = O.check_deterministic(game, state)
    assert [v.invariant for v in found] == [O.DETERMINISTIC]
    assert "none of the game's observation types" in found[0].message


def test_a_view_that_loses_its_json_is_caught() -> None:
    @attrs.frozen
    class Lossy:
        """Holds a list where its type says tuple: its JSON reads back as a tuple."""

        values: tuple[int, ...]

    class LossyGame(CraftsGame):
        observation_types = (Lossy,)

        def observe(self, state: CraftsState, viewer: Viewer) -> Any:
            return Lossy([1])  # type: ignore[arg-type]

    game = LossyGame()
    found = O.check_deterministic(game, game.setup(game.config(2)))
    assert {v.invariant for v in found} == {O.DETERMINISTIC}
    assert "round-trip" in found[0].message


def test_the_first_differing_field_is_named() -> None:
    a = {"x": [1, {"y": 2}], "z": 0}
    assert O._first_difference(a, {"x": [1, {"y": 3}], "z": 0}) == "$.x[1].y"
    assert O._first_difference(a, {"x": [1], "z": 0}) == "$.x"
    assert O._first_difference(a, {"x": [1, {"y": 2}]}) == "$.z"


@pytest.mark.parametrize("name", OBSERVED)
def test_the_named_exceptions_are_actions_and_rules_of_the_game(name: str) -> None:
    """Each exception to ``observation/indistinguishable`` names an action type of the game
    (or any, on the step that ends the game), a reason and a rule or reading of the game."""
    game = registry.get(name)
    kinds = {t.__name__ for t in game.action_types}
    ids = {*game.rules.ids, *(a.id for a in game.rules.ambiguities)}
    for e in O.exemptions(game):
        assert e.action in kinds or (e.action == "*" and (e.at_end or e.during)), e
        assert e.reason and e.source.split(" ")[0] in ids, e


class StackPeek(CatanCards):
    """The 3-for-1 leaks without being named: the exchange with the stack is legal only
    while the stack holds ore."""

    def legal_actions(self, state: CardsState) -> tuple[Any, ...]:
        out = super().legal_actions(state)
        return out if state.stack[0 + 2] else tuple(a for a in out
                                                    if type(a).__name__ != "TradeStack")


class OreToDiscard(CatanCards):
    """Ending the trade phase moves an ore of the face-down stack to the open discard pile
    when there is one: the public view after the step shows the stack's content."""

    def apply(self, state: CardsState, action: Any) -> CardsState:
        after = super().apply(state, action)
        if type(action).__name__ == "EndTrade" and after.stack[2]:
            after = attrs.evolve(after, stack=bump(after.stack, 2, -1),
                                 discard=bump(after.discard, 2))
        return after


def _cards_violations(game: CatanCards) -> set[str]:
    found: list[O.Violation] = []
    for players, seed in ((3, 1), (4, 2)):
        found += O.run_observations(game, game.config(players), seed,
                                    hidden_twins("catan_cards"), every=2, limit=80).violations
    return {v.message for v in found if v.invariant == O.INDISTINGUISHABLE}


def test_legal_actions_depending_on_hidden_cards_are_caught() -> None:
    found = _cards_violations(StackPeek())
    assert found and all("cannot tell the states apart" in m for m in found)


def test_a_step_showing_hidden_cards_is_caught() -> None:
    found = _cards_violations(OreToDiscard())
    assert found and all("EndTrade" in m for m in found)


def test_the_real_game_names_its_exception() -> None:
    """Without its named exception the quick card game's 3-for-1 is reported."""
    game = registry.get("catan_cards")
    twins = hidden_twins("catan_cards")
    found = [v for seed in range(4) for v in O.run_observations(
        game, game.config(4), seed, twins, every=2, limit=120, exempt=()).violations]
    assert found and all("Convert" in v.message for v in found)
    assert O.exemptions(game) and O.run_observations(
        game, game.config(4), 0, twins, every=2, limit=120).violations == ()


@pytest.mark.rules("cities_knights/progress.resource-monopoly",
                   "cities_knights/progress.trade-monopoly",
                   "cities_knights/progress.commercial-harbor")
def test_cities_and_knights_names_the_cards_that_show_hands() -> None:
    """Without its named exception a monopoly's handing over is reported; the exception
    holds only while such a card is in play."""
    from rules_oracle.properties import cities_knights_hidden as H

    game = registry.get("cities_knights")
    twins = hidden_twins("cities_knights")
    # seed 2 (eager) plays such a card with a twin's cards at stake
    found = [v for v in O.run_observations(game, game.config(4), 2, twins, every=5,
                                           policy="eager", exempt=()).violations
             if v.invariant == O.INDISTINGUISHABLE]
    assert found and all("ChooseCard" in v.message for v in found)
    assert O.run_observations(game, game.config(4), 2, twins, every=5,
                              policy="eager").violations == ()
    (only,) = O.exemptions(game)
    assert only.during is H.revealing and not only.covers(object(), game.setup(game.config(4)))


@pytest.mark.rules("catan/development.monopoly")
def test_catan_names_the_monopoly_as_showing_hands_and_only_it() -> None:
    """A monopoly's handing over is open: after it the hand sizes show what each rival held
    of the named resource, so twins that move a rival's cards part there; the exemption
    covers exactly that, and nothing else of the step differs."""
    import random as _random

    from rules_oracle.properties.catan_hidden import EXEMPT as CATAN_EXEMPT
    from rules_oracle.properties.catan_hidden import twins as catan_twins
    from rules_oracle.properties.observation import _states, check_indistinguishable

    game = registry.get("catan")
    rng = _random.Random(0)
    shown = 0
    for state in _states(game, game.config(4), 0, "uniform"):
        if not any(type(a).__name__ == "PlayMonopoly" for a in game.legal_actions(state)):
            continue
        for twin in catan_twins(state, rng):
            found = check_indistinguishable(game, state, twin)
            assert all("PlayMonopoly" in v.message for v in found), found
            shown += len(found)
            assert check_indistinguishable(game, state, twin, CATAN_EXEMPT) == []
        if shown:
            break
    assert shown, "no seeded state showed a monopoly's handing over"
