"""A player's turn ("ХОД ИГРОКА"): who acts, two actions with the two dice, each die used
once, workers changing a die, a placed tile's effect answered first, and the turn's end."""

from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.actions import UseWorker
from rules_oracle.model.burgundy.ops import implements, set_player, wrap
from rules_oracle.model.burgundy.state import BurgundyState, Mods, Player
from rules_oracle.model.core.ops import evolve


@implements(RB.TURN_ACTOR)
def acting(state: BurgundyState) -> int:
    """The seat whose turn it is: only he acts (RB.TURN_ACTOR)."""
    return state.order[state.turn]


def die_rule(pl: Player, die: int) -> str | None:
    """Why ``pl`` may not use his die ``die`` (0 or 1) now: each is used once
    (RB.TURN_DIE_ONCE), or ``None``."""
    if die not in (0, 1) or not pl.dice[die]:
        return RB.TURN_DIE_ONCE
    return None


@implements(RB.TURN_DIE_ONCE)
def spend_die(pl: Player, die: int) -> Player:
    """``pl`` with die ``die`` set aside (RB.TURN_DIE_ONCE)."""
    return evolve(pl, dice=(0, pl.dice[1]) if die == 0 else (pl.dice[0], 0))


def worker_deltas(value: int, mods: Mods) -> tuple[int, ...]:
    """A worker's changes of a die showing ``value``: 1 up or down (RB.TURN_WORKER_ADJUST),
    past 6 and 1 (RB.TURN_WORKER_WRAP); knowledge 8's steps of 2 past 6 or 1 only by
    burgundy/knowledge-8-wrap."""
    if not mods.worker_bounded:
        return mods.worker_steps
    return tuple(d for d in mods.worker_steps if abs(d) == 1 or 1 <= value + d <= 6)


def worker_rule(pl: Player, action: UseWorker, mods: Mods) -> str | None:
    """Why ``pl`` may not spend a worker as ``action`` says, or ``None``."""
    broken = die_rule(pl, action.die)
    if broken:
        return broken
    if not pl.workers:
        return RB.TURN_WORKER_ADJUST
    if action.delta not in worker_deltas(pl.dice[action.die], mods):
        return mods.worker_rule
    return None


@implements(RB.TURN_WORKER_ADJUST, RB.TURN_WORKER_WRAP)
def use_worker(state: BurgundyState, p: int, action: UseWorker) -> BurgundyState:
    """A worker spent to change a die (wrapping past 6 and 1: RB.TURN_WORKER_WRAP)."""
    pl = state.players[p]
    a, b = pl.dice
    if action.die == 0:
        a = wrap(a + action.delta)
    else:
        b = wrap(b + action.delta)
    return set_player(state, p, evolve(pl, dice=(a, b), workers=pl.workers - 1))


def end_rule(pl: Player) -> str | None:
    """Why the turn may not end yet: both dice are used first (RB.TURN_TWO_ACTIONS)."""
    if pl.dice[0] or pl.dice[1]:
        return RB.TURN_TWO_ACTIONS
    return None


def order_rule(state: BurgundyState, answers: bool) -> str | None:
    """Why an action that answers (``answers``) or does not answer a placed tile's effect is
    out of order: a pending effect is answered at once, before anything else, and an answer
    needs a pending effect (RB.TURN_EFFECTS_FIRST); ``None`` when it is in order."""
    return None if answers == bool(state.pending) else RB.TURN_EFFECTS_FIRST


def next_turn(state: BurgundyState) -> BurgundyState | None:
    """The next player's turn in this round, or ``None`` when the round's last turn ended."""
    turn = state.turn + 1
    if turn < state.config.players:
        return evolve(state, turn=turn, bought=False)
    return None
