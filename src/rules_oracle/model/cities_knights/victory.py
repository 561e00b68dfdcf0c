"""Victory (chapter 16): the points each player holds and the win at 13 on one's own turn."""

from rules_oracle.model.catan.ops import evolve
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.state import CKState, Player, Stage


def metropolises(state: CKState, p: int) -> int:
    if max(state.metropolis) < 0:  # none placed yet (most of a game): nothing to count
        return 0
    return sum(1 for n in state.metropolis if n >= 0 and state.node_owner[n] == p)


def points(state: CKState, p: int) -> int:
    """Settlements 1, cities 2, metropolises +2, longest road 2 (RB.VICTORY_LONGEST_ROAD),
    Defender cards, the merchant, Printer and Constitution (RB.VICTORY_POINTS)."""
    pl = state.players[p]
    return (pl.settlements + 2 * pl.cities + D.METROPOLIS_VP * metropolises(state, p)
            + 2 * (state.longest == p) + pl.defenders + (state.merchant_owner == p)
            + pl.vp_cards)


#: the parts the points are read from (players, building owners, metropolises, longest road
#: and merchant holders) of the last state :func:`refresh` gave back: its points are right
_SCORED: tuple[object, ...] = ()


def _scored(state: CKState) -> tuple[object, ...]:
    return (state.players, state.node_owner, state.metropolis, state.longest,
            state.merchant_owner)


def refresh(state: CKState) -> CKState:
    """``state`` with every player's points recomputed; a state whose scoring parts are the
    very objects (and numbers) of the last state given back (most steps: an offer's card, a
    knight moved) is already right and comes back as it is."""
    global _SCORED
    players = state.players
    last = _SCORED
    if last and players is last[0] and state.node_owner is last[1] \
            and state.metropolis is last[2] and state.longest == last[3] \
            and state.merchant_owner == last[4]:
        return state
    state = _refreshed(state)
    _SCORED = _scored(state)
    return state


def _refreshed(state: CKState) -> CKState:
    players = state.players
    fresh: list[Player] | None = None  # a copy of the players once a score changes
    for i, pl in enumerate(players):
        v = points(state, i)
        if pl.vp != v:
            if fresh is None:
                fresh = list(players)
            fresh[i] = evolve(pl, vp=v)
    if fresh is None:
        return state  # no score changed: no copy
    return evolve(state, players=tuple(fresh))


def finish(state: CKState) -> CKState:
    """The player on turn with 13 points wins at once (RB.VICTORY_THIRTEEN), on his own turn
    only (RB.VICTORY_OWN_TURN)."""
    if state.turns and state.stage is not Stage.OVER \
            and state.players[state.turn].vp >= D.VICTORY:
        return evolve(state, stage=Stage.OVER, winner=state.turn, pending=None)
    return state


def shown(state: CKState, after: CKState) -> list[str]:
    """The point and end rules a step shows."""
    out: list[str] = []
    moved = after.players is not state.players  # the same players: the same points
    if moved and any(a.vp != b.vp for a, b in zip(after.players, state.players, strict=True)):
        out.append(RB.VICTORY_POINTS)
    if after.longest != state.longest:
        out.append(RB.VICTORY_LONGEST_ROAD)
    turn = after.turn
    if moved and any(q != turn and a.vp >= D.VICTORY > b.vp
                     for q, (a, b) in enumerate(zip(after.players, state.players,
                                                    strict=True))):
        out.append(RB.VICTORY_OWN_TURN)  # points gained off turn: no win until one's turn
    if after.stage is Stage.OVER and state.stage is not Stage.OVER:
        if after.winner >= 0:
            out.append(RB.VICTORY_THIRTEEN)
            if state.players[after.winner].vp >= D.VICTORY:
                out.append(RB.VICTORY_OWN_TURN)  # gained off turn, won on one's own turn
        else:
            out.append(RB.TURN_LIMIT)
    return out
