"""The robber (chapter 8 and base Catan): the 7's discards, the robber's move (not before
the first barbarian attack) and the steal."""

from fractions import Fraction

from rules_oracle.model.catan.actions import Discard, MoveRobber, Steal
from rules_oracle.model.catan.ops import bump, evolve, in_range
from rules_oracle.model.catan.seven import discards_due, robber_hexes, victims
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import Action
from rules_oracle.model.cities_knights.common import Links, order_from, set_player
from rules_oracle.model.cities_knights.state import CKState, Stage
from rules_oracle.model.core import draw_outcomes


def seven(state: CKState, links: Links) -> CKState:
    """A 7: every player over the discard limit discards half, rounded down, resources and
    commodities alike (RB.ROBBER_DISCARD), then the robber moves."""
    due = tuple(discards_due((pl.hand,), links.discard_limit(pl))[0] for pl in state.players)
    state = evolve(state, discards=due, queue=())
    if any(due):
        return evolve(state, stage=Stage.DISCARD)
    return after_seven(state)


def after_seven(state: CKState) -> CKState:
    """The robber moves after a 7 only once the barbarians have attacked
    (RB.ROBBER_NOT_BEFORE_ATTACK)."""
    if state.attacked:
        return evolve(state, stage=Stage.ROBBER)
    return evolve(state, stage=Stage.MAIN)


def discarder(state: CKState) -> int:
    for p in order_from(state, state.turn):
        if state.discards[p]:
            return p
    raise AssertionError("no discard pending")  # pragma: no cover


def discard_actions(state: CKState) -> tuple[Action, ...]:
    hand = state.players[discarder(state)].hand
    return tuple(Discard(c) for c in range(D.N_CARDS) if hand[c])


def discard(state: CKState, action: Discard) -> CKState:
    p = discarder(state)
    pl = state.players[p]
    c = action.resource
    if not in_range(c, D.N_CARDS) or not pl.hand[c]:
        # the Saboteur's discards (a card in play) are its rule's, a 7's the robber's
        rule = RB.ROBBER_DISCARD if state.pending is None else RB.PROGRESS_SABOTEUR
        raise RB.RULES.illegal(rule, f"player {p} holds no card {c!r}")
    state = set_player(state, p, evolve(pl, hand=bump(pl.hand, c, -1)),
                       bank=bump(state.bank, c, 1), discards=bump(state.discards, p, -1))
    if any(state.discards):
        return state
    if state.pending is not None:  # the Saboteur's discards
        return evolve(state, pending=None, stage=Stage.MAIN)
    return after_seven(state)


def robber_targets(state: CKState) -> tuple[int, ...]:
    return robber_hexes(state.robber, state.turn, state.node_owner, (), False)


def _victims(state: CKState, h: int) -> tuple[int, ...]:
    """Whom the robber moved to ``h`` may rob: nobody after a knight's chase under
    chase-steal=move-only (``knight_node``: the chasing knight)."""
    if state.knight_node >= 0 and state.config.option("chase-steal") == "move-only":
        return ()
    return victims(h, state.turn, state.node_owner, tuple(pl.hand for pl in state.players))


def robber_actions(state: CKState) -> tuple[Action, ...]:
    out: list[Action] = []
    for h in robber_targets(state):
        vs = _victims(state, h)
        out.extend(MoveRobber(h, v) for v in vs) if vs else out.append(MoveRobber(h, -1))
    return tuple(out)


def move_robber(state: CKState, action: MoveRobber) -> CKState:
    if action.hex not in robber_targets(state):
        raise RB.RULES.illegal(RB.ROBBER_MOVE, f"the robber cannot go to hex {action.hex!r}")
    vs = _victims(state, action.hex)
    if (action.victim not in vs) if vs else action.victim != -1:
        raise RB.RULES.illegal(RB.KNIGHT_CHASE if state.knight_node >= 0 else RB.ROBBER_MOVE,
                               f"player {action.victim!r} cannot be robbed on hex"
                               f" {action.hex}")
    state = evolve(state, robber=action.hex, knight_node=-1)
    return start_steals(state, (action.victim,) if action.victim >= 0 else ())


def start_steals(state: CKState, who: tuple[int, ...]) -> CKState:
    who = tuple(v for v in who if sum(state.players[v].hand))
    if who:
        return evolve(state, victims=who, stage=Stage.STEAL)
    return evolve(state, victims=(), pending=None, stage=Stage.MAIN)


def steal_outcomes(state: CKState) -> tuple[tuple[Action, Fraction], ...]:
    return draw_outcomes(enumerate(state.players[state.victims[0]].hand), Steal)


def steal(state: CKState, action: Steal) -> CKState:
    v, p = state.victims[0], state.turn
    victim = state.players[v]
    c = action.resource
    if not in_range(c, D.N_CARDS) or not victim.hand[c]:
        raise RB.RULES.illegal(RB.ROBBER_MOVE, f"player {v} holds no card {c!r}")
    state = set_player(state, v, evolve(victim, hand=bump(victim.hand, c, -1)))
    thief = state.players[p]
    state = set_player(state, p, evolve(thief, hand=bump(thief.hand, c, 1)))
    return start_steals(state, state.victims[1:])
