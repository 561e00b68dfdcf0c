"""A Hypothesis ``RuleBasedStateMachine`` for any game.

``machine_for("crafts")`` returns a machine class whose rules apply a legal
action or chance outcome, run ahead several seeded steps, and try an arbitrary
schema-valid action or one-field variants of the state's legal actions
(checking that ``apply`` accepts each exactly when it is legal, and rejects it
with a registered rule otherwise); after every step the
generic state checks and the game's invariants must hold. Use it in a test
module as ``TestCrafts = machine_for("crafts").TestCase``.
"""

import random
from collections.abc import Sequence
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from rules_oracle.model.core import registry
from rules_oracle.model.core.game import TERMINAL, Game
from rules_oracle.model.core.play import choose
from rules_oracle.properties import generic
from rules_oracle.properties.base import Invariant, Violation
from rules_oracle.properties.strategies import actions, configs


def _fail(found: list[Violation]) -> None:
    if found:
        raise AssertionError("; ".join(f"{v.invariant}: {v.message}" for v in found[:5]))


def machine_for(
    game: str | Game[Any, Any],
    invariants: Sequence[Invariant] | None = None,
    *,
    max_examples: int = 20,
    steps: int = 30,
) -> type[RuleBasedStateMachine]:
    """A state machine class exercising ``game`` (a registry name or a game object).

    ``invariants`` default to the game's ``properties.<game>.INVARIANTS`` when that
    module exists.
    """
    model = registry.get(game) if isinstance(game, str) else game
    if invariants is None:
        from rules_oracle.properties.registry import invariants as game_invariants

        module = f"rules_oracle.properties.{model.name}"
        try:
            invariants = game_invariants(model.name)
        except ModuleNotFoundError as exc:
            # only a game without an invariants module has none; a module that fails
            # to import one of its own dependencies is an error, not "no invariants"
            if exc.name is None or not module.startswith(exc.name):
                raise
            invariants = ()
    checks = tuple(invariants)

    class GameMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.state: Any = None

        @initialize(config=configs(model))
        def start(self, config: Any) -> None:
            self.state = model.setup(config)

        def _advance(self, seed: int, count: int) -> None:
            rng = random.Random(seed)
            for _ in range(count):
                if model.actor(self.state) == TERMINAL:
                    self.state = model.setup(model.config_of(self.state))
                    return
                action = choose(model, self.state, rng)
                _fail(generic.check_pure(model, self.state, action))
                self.state = model.apply(self.state, action)

        @rule(seed=st.integers(0, 2**32 - 1))
        def step(self, seed: int) -> None:
            """One legal action or chance outcome (a new game after the end)."""
            self._advance(seed, 1)

        @rule(seed=st.integers(0, 2**32 - 1), count=st.integers(2, 60))
        def run_ahead(self, seed: int, count: int) -> None:
            """Several seeded steps at once, to reach deep states."""
            self._advance(seed, count)

        @rule(action=actions(model))
        def try_action(self, action: Any) -> None:
            """An arbitrary action is accepted exactly when it is legal."""
            _fail(generic.check_exact(model, self.state, [action]))

        @rule(seed=st.integers(0, 2**32 - 1))
        def try_near_miss(self, seed: int) -> None:
            """One-field variants of this state's legal actions: accepted exactly when legal."""
            if self.state is None or model.actor(self.state) < 0:
                return
            rng = random.Random(seed)
            candidates = [m for a in model.legal_actions(self.state)
                          for m in generic.mutations(a, rng, limit=4)]
            _fail(generic.check_exact(model, self.state, candidates))

        @invariant()
        def state_holds(self) -> None:
            if self.state is None:
                return
            found = generic.check_actor(model, self.state)
            found += generic.check_live(model, self.state)
            found += generic.check_scores(model, self.state)
            for inv in checks:
                found += inv(self.state)
            _fail(found)

    GameMachine.__name__ = f"{model.name.title().replace('_', '')}Machine"
    GameMachine.__qualname__ = GameMachine.__name__
    GameMachine.TestCase.settings = settings(
        max_examples=max_examples, stateful_step_count=steps, deadline=None
    )
    return GameMachine
