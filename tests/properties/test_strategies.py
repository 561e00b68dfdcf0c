"""The Hypothesis strategies and the stateful machine run on every game."""

from enum import Enum
from typing import Any, Literal

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import structure, unstructure
from rules_oracle.model.core.game import Config, Game
from rules_oracle.properties import generic, strategies
from rules_oracle.properties.stateful import machine_for
from tests.properties import broken
from tests.toyencoding import INVARIANTS as TOY_INVARIANTS
from tests.toygame import GAME as TOY
from tests.toygame import R_MOVE, R_OVER, R_ROLL, Move, ToyGame

GAMES: list[Game[Any, Any]] = [TOY, *(registry.get(n) for n in registry.names())]
IDS = [g.name for g in GAMES]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_configs_are_valid(game: Game[Any, Any]) -> None:
    @given(strategies.configs(game))
    @settings(max_examples=20)
    def check(config: Config) -> None:
        assert game.min_players <= config.players <= game.max_players
        assert game.config(config.players, dict(config.variant)) == config

    check()


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_states_pass_the_state_checks(game: Game[Any, Any]) -> None:
    @given(strategies.states(game))
    @settings(max_examples=10)
    def check(state: Any) -> None:
        assert generic.check_actor(game, state) == []
        assert generic.check_live(game, state) == []
        assert generic.check_roundtrip(state) == []
        assert generic.check_legal_actions(game, state) == []

    check()


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_arbitrary_actions_are_accepted_exactly_when_legal(game: Game[Any, Any]) -> None:
    @given(strategies.states(game), st.lists(strategies.actions(game), max_size=5))
    @settings(max_examples=15)
    def check(state: Any, actions: list[Any]) -> None:
        for action in actions:
            assert structure(unstructure(action), type(action)) == action
        assert generic.check_exact(game, state, actions) == []

    check()


def test_harvest_finds_the_vocabulary() -> None:
    h = strategies.harvest(TOY)
    assert {1, 2, 3} <= set(h.ints)
    assert any(type(a).__name__ == "Move" for a in h.actions)


def test_arbitrary_actions_cover_every_action_type() -> None:
    seen: set[str] = set()

    @given(strategies.arbitrary_actions(TOY))
    @settings(max_examples=60)
    def check(action: Any) -> None:
        assert type(action) in TOY.action_types
        seen.add(type(action).__name__)

    check()
    assert seen == {"Roll", "Move"}


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


@attrs.frozen
class Odd:
    """An action with a field of every kind of type the strategies build."""

    colour: Colour
    mode: Literal["a", "b"]
    maybe: int | None
    pair: tuple[int, str]
    tags: frozenset[str]
    config: Config
    inner: Move


@attrs.frozen
class Unbuildable:
    table: dict[str, int]


class _OddActions(ToyGame):
    action_types = (Odd,)


def test_arbitrary_actions_build_every_kind_of_field() -> None:
    kinds: set[str] = set()

    @given(strategies.arbitrary_actions(_OddActions()))
    @settings(max_examples=40)
    def check(action: Any) -> None:
        assert isinstance(action, Odd) and isinstance(action.colour, Colour)
        assert action.mode in ("a", "b") and isinstance(action.inner, Move)
        assert isinstance(action.pair[0], int) and isinstance(action.pair[1], str)
        assert isinstance(action.tags, frozenset) and isinstance(action.config, Config)
        kinds.add("none" if action.maybe is None else "int")

    check()
    assert kinds == {"none", "int"}


def test_a_field_type_without_a_strategy_is_named() -> None:
    class Unbuilt(ToyGame):
        action_types = (Unbuildable,)

    with pytest.raises(TypeError, match="no strategy for field type dict"):
        strategies.arbitrary_actions(Unbuilt())


TestToyMachine = machine_for(TOY, TOY_INVARIANTS, max_examples=15).TestCase
TestToyMachine = pytest.mark.rules(R_MOVE, R_ROLL, R_OVER)(TestToyMachine)


@pytest.mark.parametrize("name", registry.names())
def test_machine_runs_on_every_game(name: str) -> None:
    machine_for(name, max_examples=5, steps=15).TestCase().runTest()


def test_machine_fails_on_a_lax_toy() -> None:
    with pytest.raises(AssertionError, match="accepted"):
        machine_for(broken.Lax(), max_examples=100).TestCase().runTest()


def test_machine_without_an_invariants_module_has_none_but_a_broken_one_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rules_oracle.properties import registry as properties_registry

    def missing(name: str) -> Any:
        raise ModuleNotFoundError(f"No module named 'rules_oracle.properties.{name}'",
                                  name=f"rules_oracle.properties.{name}")

    def broken_import(name: str) -> Any:
        raise ModuleNotFoundError("No module named 'nosuchdep'", name="nosuchdep")

    monkeypatch.setattr(properties_registry, "invariants", missing)
    assert machine_for(TOY) is not None
    monkeypatch.setattr(properties_registry, "invariants", broken_import)
    with pytest.raises(ModuleNotFoundError, match="nosuchdep"):
        machine_for(TOY)
