"""The 7: the discards of hands over the limit, the robber's move and the steal.

The pure functions over the board tables (:func:`discards_due`, :func:`victims`,
:func:`robber_hexes`) serve any game on this board (Cities & Knights)."""

from fractions import Fraction

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.actions import Action, Discard, MoveRobber, Steal
from rules_oracle.model.catan.ops import bump, evolve_dict, in_range, set_player
from rules_oracle.model.catan.state import CatanState, S, after_roll_or_card
from rules_oracle.model.core import draw_outcomes
from rules_oracle.model.core.ops import by_identity


def discards_due(hands: tuple[tuple[int, ...], ...], limit: int = D.DISCARD_ABOVE
                 ) -> tuple[int, ...]:
    """Cards each player discards on a 7: half, rounded down, of a hand over ``limit``
    (RB.SEVEN_DISCARD; the limit of 7 is RB.SEVEN_DISCARD_LIMIT)."""
    return tuple(sum(h) // 2 if sum(h) > limit else 0 for h in hands)


def players_on(hex_id: int, node_owner: tuple[int, ...]) -> tuple[int, ...]:
    """Owners of the buildings on a hex's corners, ascending, without repeats."""
    return hex_owners(node_owner)[hex_id]


@by_identity
def hex_owners(node_owner: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """:func:`players_on` of every hex, remembered by the owners' identity (they change
    only when a building is placed)."""
    return tuple(tuple(sorted({node_owner[n] for n in nodes if node_owner[n] >= 0}))
                 for nodes in B.HEX_NODES)


def victims(hex_id: int, mover: int, node_owner: tuple[int, ...],
            hands: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Players the robber on ``hex_id`` may steal from: a building there and cards
    (RB.SEVEN_STEAL)."""
    return tuple(p for p in players_on(hex_id, node_owner) if p != mover and sum(hands[p]) > 0)


def robber_hexes(robber: int, mover: int, node_owner: tuple[int, ...],
                 public_vp: tuple[int, ...], friendly: bool) -> tuple[int, ...]:
    """Hexes the robber may move to: any other hex (RB.SEVEN_ROBBER); with the friendly
    robber not one with a building of another player who has at most 2 public points, unless
    every other hex has one (catan/friendly-robber)."""
    others = _OTHER_HEXES[robber] if in_range(robber, B.N_HEXES) else tuple(range(B.N_HEXES))
    if not friendly:
        return others
    kind = tuple(h for h in others
                 if all(p == mover or public_vp[p] > 2 for p in players_on(h, node_owner)))
    return kind or others


def _other_hexes() -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(h for h in range(B.N_HEXES) if h != r) for r in range(B.N_HEXES))


#: per robber's hex, every other hex
_OTHER_HEXES = _other_hexes()


def start(state: CatanState, dice: tuple[int, int] | None = None) -> CatanState:
    """A 7 was rolled (``state``'s dice, or ``dice``, then shown in the state): hands over
    the limit discard half, then the robber moves."""
    due = discards_due(tuple(pl.hand for pl in state.players))
    return evolve_dict(state, discards=due, stage=S.DISCARD if any(due) else S.ROBBER,
                  dice=state.dice if dice is None else dice)


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
    return tuple(_DISCARDS[r] for r in range(D.N_RESOURCES) if hand[r])


#: a discard of each resource (built once: actions are immutable)
_DISCARDS = tuple(Discard(r) for r in range(D.N_RESOURCES))


def discard(state: CatanState, action: Discard) -> CatanState:
    p = discarder(state)
    pl = state.players[p]
    if not in_range(action.resource, D.N_RESOURCES) or not pl.hand[action.resource]:
        raise RB.RULES.illegal(RB.SEVEN_DISCARD, f"player {p} holds no {action.resource!r}")
    r = action.resource
    discards = bump(state.discards, p, -1)
    return set_player(state, p, evolve_dict(pl, hand=bump(pl.hand, r, -1)),
                      bank=bump(state.bank, r, 1), discards=discards,
                      stage=S.DISCARD if any(discards) else S.ROBBER)


def _public(state: CatanState) -> tuple[int, ...]:
    return tuple(pl.vp for pl in state.players)


def robber_targets(state: CatanState) -> tuple[int, ...]:
    return robber_hexes(state.robber, state.turn, state.node_owner, _public(state),
                        state.config.option("robber") == "friendly")


def robber_actions(state: CatanState) -> tuple[Action, ...]:
    mover = state.turn
    # the players with cards: a building on the hex is the rest of ``victims``
    holding = tuple(p != mover and any(pl.hand) for p, pl in enumerate(state.players))
    per_hex = _hex_moves(state.node_owner, holding)
    out: list[Action] = []
    for h in robber_targets(state):
        out.extend(per_hex[h])
    return tuple(out)


#: :func:`_hex_moves` by the owners' identity and who holds cards
_HEX_MOVES: dict[tuple[int, tuple[bool, ...]],
                 tuple[tuple[int, ...], tuple[tuple[MoveRobber, ...], ...]]] = {}
#: entries :data:`_HEX_MOVES` holds before it starts afresh
HEX_MOVES_ENTRIES = 1024


def _hex_moves(node_owner: tuple[int, ...], holding: tuple[bool, ...]
               ) -> tuple[tuple[MoveRobber, ...], ...]:
    """Per hex, the robber's moves there: one per player with a building there who is
    ``holding`` cards (``victims``), or one robbing nobody; remembered by the owners'
    identity (held with the moves, so the id names them while the entry lives) and
    ``holding``."""
    key = (id(node_owner), holding)
    known = _HEX_MOVES.get(key)
    if known is not None and known[0] is node_owner:
        return known[1]
    owners = hex_owners(node_owner)
    table = []
    for h in range(B.N_HEXES):
        moves = _MOVES[h]  # by victim + 1 (-1: nobody)
        table.append(tuple(moves[v + 1] for v in owners[h] if holding[v]) or (moves[0],))
    if len(_HEX_MOVES) >= HEX_MOVES_ENTRIES:
        _HEX_MOVES.clear()
    _HEX_MOVES[key] = (node_owner, tuple(table))
    return _HEX_MOVES[key][1]


#: seats the table of moves covers (base Catan seats 3 or 4)
_SEATS = 6
#: every robber's move, by hex and victim + 1 (built once: actions are immutable)
def _moves() -> tuple[tuple[MoveRobber, ...], ...]:
    return tuple(tuple(MoveRobber(h, v) for v in range(-1, _SEATS)) for h in range(B.N_HEXES))


_MOVES = _moves()


def move_robber(state: CatanState, action: MoveRobber) -> CatanState:
    if action.hex not in robber_targets(state):
        raise RB.RULES.illegal(RB.SEVEN_ROBBER, f"the robber cannot go to hex {action.hex}")
    hands = tuple(pl.hand for pl in state.players)
    vs = victims(action.hex, state.turn, state.node_owner, hands)
    if (action.victim not in vs) if vs else action.victim != -1:
        raise RB.RULES.illegal(RB.SEVEN_STEAL, f"player {action.victim} cannot be robbed on hex"
                               f" {action.hex} (possible: {list(vs) or [-1]})")
    if action.victim < 0:
        return evolve_dict(state, robber=action.hex, stage=after_roll_or_card(state))
    return evolve_dict(state, robber=action.hex, victim=action.victim, stage=S.STEAL)


def steal_outcomes(state: CatanState) -> tuple[tuple[Action, Fraction], ...]:
    return hand_draws(state.players[state.victim].hand)


#: :func:`hand_draws` by hand
_HAND_DRAWS: dict[tuple[int, ...], tuple[tuple[Action, Fraction], ...]] = {}
#: hands :data:`_HAND_DRAWS` holds before it starts afresh
HAND_DRAWS_ENTRIES = 1024


def hand_draws(hand: tuple[int, ...]) -> tuple[tuple[Action, Fraction], ...]:
    """One card drawn at random from ``hand``: each kind by its count (remembered by hand:
    the outcomes are immutable)."""
    known = _HAND_DRAWS.get(hand)
    if known is None:
        if len(_HAND_DRAWS) >= HAND_DRAWS_ENTRIES:
            _HAND_DRAWS.clear()
        known = _HAND_DRAWS[hand] = draw_outcomes(enumerate(hand), Steal)
    return known


def steal(state: CatanState, action: Steal) -> CatanState:
    v, p = state.victim, state.turn
    victim = state.players[v]
    if not in_range(action.resource, D.N_RESOURCES) or not victim.hand[action.resource]:
        raise RB.RULES.illegal(RB.SEVEN_STEAL, f"player {v} holds no {action.resource!r}")
    r = action.resource
    players = list(state.players)
    players[v] = evolve_dict(victim, hand=bump(victim.hand, r, -1))
    thief = players[p]
    players[p] = evolve_dict(thief, hand=bump(thief.hand, r, 1))
    return evolve_dict(state, players=tuple(players), victim=-1, stage=after_roll_or_card(state))
