"""Victory points, the win and the end of the game."""

from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.ops import evolve_dict
from rules_oracle.model.catan.state import CatanState, Player, S


def public_vp(pl: Player, seat: int, longest: int, army: int) -> int:
    """Settlements, 2 per city, 2 per special card held (RB.VICTORY_POINTS; hidden VP cards
    excluded)."""
    return (pl.settlements + 2 * pl.cities + D.SPECIAL_VP * (seat == longest)
            + D.SPECIAL_VP * (seat == army))


def total_vp(pl: Player) -> int:
    """Public points plus victory point cards (hidden until the win; they count at once:
    RB.DEVELOPMENT_VICTORY_POINT)."""
    return pl.vp + pl.developments[D.VICTORY_POINT]


def refresh_vp(state: CatanState) -> CatanState:
    """Every player's public points recomputed (after a build or a special card moved)."""
    players = tuple(
        pl if pl.vp == (v := public_vp(pl, i, state.longest, state.army))
        else evolve_dict(pl, vp=v)
        for i, pl in enumerate(state.players)
    )
    return evolve_dict(state, players=players)


def robber_pending(state: CatanState) -> bool:
    """A knight's robber still to move (or its card to steal) under knight-win=after-robber:
    the win waits for the knight's play to end (catan/knight-victory-order). Only a knight
    can bring points while the robber is pending: a 7 changes nobody's points."""
    return (state.stage is S.ROBBER or state.stage is S.STEAL) \
        and state.config.option("knight-win") == "after-robber"


def finish(state: CatanState) -> CatanState:
    """End the game at once when the player on turn has 10 points (RB.VICTORY_TEN), hidden
    victory point cards included: only the player on turn wins, also with points that came
    on another turn, as that player's turn begins (RB.VICTORY_OWN_TURN)."""
    # turns is 0 until set-up ends; a finished game stays finished (the points first: the
    # commonest reason to go on)
    if total_vp(state.players[state.turn]) >= D.VICTORY and state.turns \
            and state.stage is not S.OVER and not robber_pending(state):
        return evolve_dict(state, stage=S.OVER, winner=state.turn, offer=None)
    return state


def scores(state: CatanState) -> tuple[int, ...]:
    """Every player's points, victory point cards included."""
    return tuple(total_vp(pl) for pl in state.players)


def shown(state: CatanState, after: CatanState) -> list[str]:
    """The end rules a step shows: a win on one's own turn, or the model's turn bound."""
    if after.stage is S.OVER and state.stage is not S.OVER:
        return [RB.VICTORY_TEN, RB.VICTORY_OWN_TURN] if after.winner >= 0 else [RB.TURN_LIMIT]
    return []
