"""Ships ("Корабль (синий жетон)"): a placed ship takes the goods of a depot of the player's
choice, as many kinds as fit his 3, and moves his turn-order token one space right."""

from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.actions import Action, ShipDepot, ShipGoods
from rules_oracle.model.burgundy.ops import implements, kinds_held, set_player
from rules_oracle.model.burgundy.state import BurgundyState, Mods, Pending, Player
from rules_oracle.model.core.ops import bump, evolve, put

#: a player holds at most 3 goods kinds (RB.SHIP_GOODS_THREE_KINDS)
KINDS_HELD = 3


@implements(RB.SHIP_TURN_ORDER, RB.SHIP_WHITE_DIE)
def placed(state: BurgundyState, p: int) -> BurgundyState:
    """A ship placed: the token one space right, on top of any stack there
    (RB.SHIP_TURN_ORDER), and the depot choice pending. The round's order (``order``) is
    kept: the new one counts from the next round, whose first player takes the white die
    (RB.SHIP_WHITE_DIE)."""
    pl = state.players[p]
    space = pl.track_space + 1
    height = 1 + max((o.track_height for i, o in enumerate(state.players)
                      if i != p and o.track_space == space), default=-1)
    state = set_player(state, p, evolve(pl, track_space=space, track_height=height))
    return evolve(state, pending=(*state.pending, Pending("ship")))


def depot_rule(action: Action, mods: Mods) -> str | None:
    """Why ``action`` is not the ship's depot choice: any depot (RB.SHIP_TAKE_GOODS), or with
    knowledge 5 the first of two neighbouring ones; else ``None``."""
    if not isinstance(action, ShipDepot) or action.depot not in mods.ship_firsts:
        return mods.ship_rule
    return None


def sources(first: int, pair: bool) -> tuple[int, ...]:
    """The depots a ship empties: ``first``, and its neighbour with knowledge 5."""
    return (first, first % 6 + 1) if pair else (first,)


def new_kinds(state: BurgundyState, pl: Player, top: Pending) -> list[int]:
    """The goods kinds (0-5) of the pending ship's depots that ``pl`` may still take: kinds
    he does not hold, while he holds fewer than 3 (RB.SHIP_GOODS_THREE_KINDS)."""
    if kinds_held(pl.goods) >= KINDS_HELD:
        return []
    return [k for k in range(6) if not pl.goods[k] and any(
        state.depot_goods[d - 1][k] for d in sources(top.arg, top.pair))]


def goods_rule(state: BurgundyState, pl: Player, top: Pending, action: Action) -> str | None:
    """Why ``action`` is not a goods kind the pending ship may still take
    (RB.SHIP_GOODS_THREE_KINDS), or ``None``."""
    if not isinstance(action, ShipGoods) or not 1 <= action.kind <= 6 \
            or action.kind - 1 not in new_kinds(state, pl, top):
        return RB.SHIP_GOODS_THREE_KINDS
    return None


@implements(RB.SHIP_TAKE_GOODS, RB.SHIP_GOODS_THREE_KINDS)
def take_goods(state: BurgundyState, p: int, first: int, pair: bool,
               chosen: int | None) -> BurgundyState:
    """The ship's goods (RB.SHIP_TAKE_GOODS): the kinds held, or the ``chosen`` new kind,
    then every new kind when all fit the 3 kinds, otherwise a ``ship-goods`` choice pending
    (RB.SHIP_GOODS_THREE_KINDS)."""
    depots = sources(first, pair)
    pl = state.players[p]
    goods, dg = pl.goods, state.depot_goods

    def take(k: int) -> None:
        nonlocal goods, dg
        goods = bump(goods, k, sum(dg[d - 1][k] for d in depots))
        dg = tuple(put(g, k, 0) if i + 1 in depots else g for i, g in enumerate(dg))

    if chosen is None:
        for k in range(6):
            if goods[k]:
                take(k)
    else:
        take(chosen)
    new = [k for k in range(6) if not goods[k] and any(dg[d - 1][k] for d in depots)]
    free = KINDS_HELD - kinds_held(goods)
    pending = state.pending
    if new and free > 0:
        if len(new) <= free:
            for k in new:
                take(k)
        else:
            pending = (*pending, Pending("ship-goods", first, pair))
    state = set_player(state, p, evolve(pl, goods=goods))
    return evolve(state, pending=pending, depot_goods=dg)
