"""The turn: the production roll, production, the 7 (discards, robber, steal), ending the
turn and the turn limit."""

from fractions import Fraction

from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.actions import Action, Dice, Discard, MoveRobber, Steal
from rules_oracle.model.catan.ops import bump, evolve, in_range, set_player
from rules_oracle.model.catan.production import discards_due, owed, pay, robber_hexes, victims
from rules_oracle.model.catan.state import CatanState, Stage
from rules_oracle.model.core import draw_outcomes, uniform

#: the production roll: the ordered pair (white, red), 36 outcomes of 1/36 each
DICE_OUTCOMES = uniform([Dice(w, r) for w in range(1, 7) for r in range(1, 7)])


def after_roll_or_card(state: CatanState) -> Stage:
    """Where play resumes after the robber or a card: before or after this turn's roll."""
    return Stage.MAIN if state.dice != (0, 0) else Stage.PRE_ROLL


def roll(state: CatanState, action: Dice) -> CatanState:
    if not (in_range(action.white - 1, 6) and in_range(action.red - 1, 6)):
        raise RB.RULES.illegal(RB.TURN_ROLL, f"no die shows {action.white} or {action.red}")
    dice = (action.white, action.red)
    total = action.white + action.red
    hands = tuple(pl.hand for pl in state.players)
    if total == D.ROBBER_ROLL:
        due = discards_due(hands)
        return evolve(state, dice=dice, discards=due,
                      stage=Stage.DISCARD if any(due) else Stage.ROBBER)
    got = owed(state.terrain, state.tokens, state.robber, state.node_owner, state.node_level,
               total, state.config.players)
    bank, hands = pay(state.bank, hands, got,
                      state.config.option("shortage") == "one-owed")
    players = tuple(pl if pl.hand == h else evolve(pl, hand=h)
                    for pl, h in zip(state.players, hands, strict=True))
    return evolve(state, dice=dice, bank=bank, players=players, stage=Stage.MAIN)


def discarder(state: CatanState) -> int:
    """The next player to discard: seat order from the player on turn."""
    n = state.config.players
    for i in range(n):
        p = (state.turn + i) % n
        if state.discards[p]:
            return p
    raise AssertionError("no discard pending")  # pragma: no cover


def discard_actions(state: CatanState) -> tuple[Action, ...]:
    hand = state.players[discarder(state)].hand
    return tuple(Discard(r) for r in range(D.N_RESOURCES) if hand[r])


def discard(state: CatanState, action: Discard) -> CatanState:
    p = discarder(state)
    pl = state.players[p]
    if not in_range(action.resource, D.N_RESOURCES) or not pl.hand[action.resource]:
        raise RB.RULES.illegal(RB.SEVEN_DISCARD, f"player {p} holds no {action.resource!r}")
    r = action.resource
    state = set_player(state, p, evolve(pl, hand=bump(pl.hand, r, -1)),
                       bank=bump(state.bank, r, 1), discards=bump(state.discards, p, -1))
    if any(state.discards):
        return state
    return evolve(state, stage=Stage.ROBBER)


def _public(state: CatanState) -> tuple[int, ...]:
    return tuple(pl.vp for pl in state.players)


def robber_targets(state: CatanState) -> tuple[int, ...]:
    return robber_hexes(state.robber, state.turn, state.node_owner, _public(state),
                        state.config.option("robber") == "friendly")


def robber_actions(state: CatanState) -> tuple[Action, ...]:
    out: list[Action] = []
    hands = tuple(pl.hand for pl in state.players)
    for h in robber_targets(state):
        vs = victims(h, state.turn, state.node_owner, hands)
        if vs:
            out.extend(MoveRobber(h, v) for v in vs)
        else:
            out.append(MoveRobber(h, -1))
    return tuple(out)


def move_robber(state: CatanState, action: MoveRobber) -> CatanState:
    if action.hex not in robber_targets(state):
        raise RB.RULES.illegal(RB.SEVEN_ROBBER, f"the robber cannot go to hex {action.hex}")
    hands = tuple(pl.hand for pl in state.players)
    vs = victims(action.hex, state.turn, state.node_owner, hands)
    if (action.victim not in vs) if vs else action.victim != -1:
        raise RB.RULES.illegal(RB.SEVEN_STEAL, f"player {action.victim} cannot be robbed on hex"
                               f" {action.hex} (possible: {list(vs) or [-1]})")
    state = evolve(state, robber=action.hex)
    if action.victim < 0:
        return evolve(state, stage=after_roll_or_card(state))
    return evolve(state, victim=action.victim, stage=Stage.STEAL)


def steal_outcomes(state: CatanState) -> tuple[tuple[Action, Fraction], ...]:
    return draw_outcomes(enumerate(state.players[state.victim].hand), Steal)


def steal(state: CatanState, action: Steal) -> CatanState:
    v, p = state.victim, state.turn
    victim = state.players[v]
    if not in_range(action.resource, D.N_RESOURCES) or not victim.hand[action.resource]:
        raise RB.RULES.illegal(RB.SEVEN_STEAL, f"player {v} holds no {action.resource!r}")
    r = action.resource
    state = set_player(state, v, evolve(victim, hand=bump(victim.hand, r, -1)))
    thief = state.players[p]
    state = set_player(state, p, evolve(thief, hand=bump(thief.hand, r, 1)))
    return evolve(state, victim=-1, stage=after_roll_or_card(state))


def end_turn(state: CatanState) -> CatanState:
    """The next seat's turn begins (or the game ends at the turn limit)."""
    p = state.turn
    pl = state.players[p]
    if any(pl.bought):
        pl = evolve(pl, bought=D.NO_DEVELOPMENTS)
    if state.turns >= D.TURN_LIMIT:
        return set_player(state, p, pl, stage=Stage.OVER)
    return set_player(
        state, p, pl, turn=(p + 1) % state.config.players, turns=state.turns + 1, dice=(0, 0),
        dev_played=False, built=False, trades=0, offers=0, stage=Stage.PRE_ROLL,
    )
