"""The course of a turn (``ХОД ИГРЫ``): who acts, the resource stack's draws (the deal,
exchanges, production, a market day), the stack rebuilt from the discard, and the passing
of the turn."""

from fractions import Fraction
from functools import lru_cache

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards import rules as RB
from rules_oracle.model.catan_cards import score
from rules_oracle.model.catan_cards.actions import Draw
from rules_oracle.model.catan_cards.rules import RULES
from rules_oracle.model.catan_cards.state import CardsState, Stage
from rules_oracle.model.core.chance import draw_outcomes
from rules_oracle.model.core.cite import implements
from rules_oracle.model.core.ops import bump, evolve


@implements(RB.TURN_ACTOR)
def check_outcome(index: int, counts: tuple[int, ...]) -> None:
    """A chance outcome names a card the multiset holds."""
    if not 0 <= index < len(counts) or not counts[index]:
        raise RULES.illegal(RB.TURN_ACTOR, f"outcome {index} is not in the multiset {counts}")


@lru_cache(maxsize=1 << 12)
def _draws(stack: tuple[int, ...]) -> tuple[tuple[Draw, Fraction], ...]:
    return draw_outcomes(enumerate(stack), _DRAW.__getitem__)


#: the draw stage, read without the enum class's attribute hook
_DRAW_STAGE = Stage.DRAW
#: the draws of each resource, made once (frozen: one object serves every outcome)
_DRAW = tuple(Draw(r) for r in range(D.N_RESOURCES))


def draw_outcomes_of(state: CardsState) -> tuple[tuple[Draw, Fraction], ...]:
    """The top card of the stack: one step over its multiset (the latest compositions
    cached, a bounded cache: fuzzers meet millions of them)."""
    return _draws(state.stack)


@implements(RB.TURN_RESTOCK)
def restock(state: CardsState) -> CardsState:
    """An empty stack is rebuilt from the discard pile (catan_cards/turn.restock)."""
    if any(state.stack) or not any(state.discard):
        return state
    return evolve(state, stack=state.discard, discard=D.NO_CARDS)


def settle(state: CardsState) -> CardsState:
    """Go on with the pending draws: the next is a chance step, unless stack and discard
    are both empty (the draws are skipped: catan_cards/empty-supply); with none left, the
    stage the draws interrupted resumes (OVER stands for the end of the turn)."""
    state = restock(state)
    if state.drawing and any(state.stack):
        # a draw's next draw: the stage is the draw's already (no copy)
        return state if state.stage is _DRAW_STAGE else evolve(state, stage=Stage.DRAW)
    state = evolve(state, drawing=())
    if state.resume is Stage.OVER:
        return end_turn(state)
    return evolve(state, stage=state.resume)


def draw(state: CardsState, action: Draw) -> CardsState:
    """The top card goes to the first seat owed one (the market at set-up)."""
    who = state.drawing[0]
    stack = bump(state.stack, action.resource, -1)
    if who < 0:
        state = evolve(state, stack=stack, market=bump(state.market, action.resource),
                       drawing=state.drawing[1:])
    else:
        pl = state.players[who]
        players = (*state.players[:who], evolve(pl, hand=bump(pl.hand, action.resource)),
                   *state.players[who + 1:])
        state = evolve(state, stack=stack, players=players, drawing=state.drawing[1:])
    if not state.drawing and state.turns == 0:
        return begin_turn(state, state.turn)  # the first player (setup.initial)
    return settle(state)


def begin_turn(state: CardsState, seat: int) -> CardsState:
    return evolve(state, stage=Stage.TRADE, turn=seat, turns=state.turns + 1, exchanges=0,
                  traded_with=(), guild_used=False, built=(0, 0, 0, 0, 0), rival=-1,
                  resume=Stage.TRADE)


@implements(RB.TURN_PASS, RB.TURN_LIMIT)
def end_turn(state: CardsState) -> CardsState:
    """The turn passes to the next seat (catan_cards/turn.pass); under catan_cards/end=
    end-of-turn a player on turn with 10 points wins now; after the turn limit nobody
    wins (catan_cards/turn.limit)."""
    if state.players[state.turn].vp >= D.VICTORY:
        return score.over(state, state.turn)
    if state.turns >= D.TURN_LIMIT:
        return score.over(state, -1)
    return begin_turn(state, (state.turn + 1) % state.config.players)
