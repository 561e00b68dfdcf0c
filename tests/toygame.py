"""A tiny dice race used to test the game-agnostic machinery (not a real game).

Each turn the actor's die is rolled (chance, 1-3), then the actor moves 1..roll
steps or stays. First to reach 6 wins at once; after 8 turns the game ends.
"""

from fractions import Fraction

import attrs

from rules_oracle.model.core import CHANCE, TERMINAL, Config, Game, RuleBook, uniform

RULES = RuleBook("toy", "toy.txt")
R_MOVE = RULES.rule("move.within-roll", "move up to the roll", "Move 1..roll steps.")
R_ROLL = RULES.rule("roll.chance", "roll the die", "The die is rolled first.")
R_OVER = RULES.rule("game.over", "game over", "No step after the end.")
GOAL = 6
TURNS = 8


@attrs.frozen(slots=True)
class Roll:
    value: int


@attrs.frozen(slots=True)
class Move:
    steps: int


Action = Roll | Move


@attrs.frozen(slots=True)
class ToyState:
    config: Config
    positions: tuple[int, ...]
    turn: int = 0
    roll: int = 0


class ToyGame(Game[ToyState, Action]):
    name = "toy"
    title = "Toy dice race"
    min_players = 2
    max_players = 3
    rules = RULES
    state_type = ToyState
    action_types = (Roll, Move)

    def setup(self, config: Config) -> ToyState:
        return ToyState(config, (0,) * config.players)

    def actor(self, state: ToyState) -> int:
        if state.turn >= TURNS or max(state.positions) >= GOAL:
            return TERMINAL
        if state.roll == 0:
            return CHANCE
        return state.turn % state.config.players

    def legal_actions(self, state: ToyState) -> tuple[Action, ...]:
        if self.actor(state) < 0:
            return ()
        return tuple(Move(n) for n in range(state.roll + 1))

    def chance_outcomes(self, state: ToyState) -> tuple[tuple[Action, Fraction], ...]:
        if self.actor(state) != CHANCE:
            return ()
        return uniform([Roll(v) for v in (1, 2, 3)])

    def apply(self, state: ToyState, action: Action) -> ToyState:
        who = self.actor(state)
        if who == TERMINAL:
            raise RULES.illegal(R_OVER, "the race is over")
        if who == CHANCE:
            if not isinstance(action, Roll) or not 1 <= action.value <= 3:
                raise RULES.illegal(R_ROLL, f"expected a roll of 1-3, got {action!r}")
            return attrs.evolve(state, roll=action.value)
        if not isinstance(action, Move) or not 0 <= action.steps <= state.roll:
            raise RULES.illegal(R_MOVE, f"move 0..{state.roll}, got {action!r}")
        pos = list(state.positions)
        pos[who] += action.steps
        return ToyState(state.config, tuple(pos), state.turn + 1, 0)

    def scores(self, state: ToyState) -> tuple[int, ...]:
        return state.positions

    def winners(self, state: ToyState) -> tuple[int, ...]:
        best = max(state.positions)
        return tuple(i for i, p in enumerate(state.positions) if p == best)

    def max_steps(self, config: Config) -> int:
        return 2 * TURNS


GAME = ToyGame()
