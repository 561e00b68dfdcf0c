"""Roads and knights changing hands ("Дороги и рыцари: смена хозяина"): a road or knight
paid for when its stack is empty is taken from a rival, the neighbour the fate card's
arrows point to or the next one who has one; the church and the citadel protect."""

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards import rules as RB
from rules_oracle.model.catan_cards.ops import turn_fate
from rules_oracle.model.catan_cards.state import CardsState, Player
from rules_oracle.model.core import Config
from rules_oracle.model.core.cite import implements
from rules_oracle.model.core.ops import by_identity, evolve


@implements(RB.TAKE_CHURCH, RB.TAKE_CITADEL)
def takeable(pl: Player, kind: int) -> bool:
    """Whether ``pl`` has a road (knight) a rival may take: the church's first knight and
    the citadel's first 3 roads are protected."""
    if kind == D.ROAD:
        return pl.roads > (D.CITADEL_ROADS if pl.buildings[D.CITADEL] else 0)
    return pl.knights > (D.CHURCH_KNIGHTS if pl.buildings[D.CHURCH] else 0)


def direction(state: CardsState) -> int:
    """+1 (the next seat) or -1 (the previous seat): where the fate card's arrows point
    (catan_cards/fate-direction); +1 without a fate card."""
    if state.fate < 0:
        return 1
    white_left = _readings(state.config)[0]
    return 1 if (state.fate == D.WHITE) == white_left else -1


@by_identity
def _readings(config: Config) -> tuple[bool, bool, bool, bool]:
    """The configuration's readings of the take: the fate card's white side points left
    (catan_cards/fate-white), the search goes clockwise (catan_cards/take-next), a protected
    card stops it (catan_cards/protected), it reaches the next seat only
    (catan_cards/take-search); read once per configuration (immutable)."""
    return (config.option("fate-white") == "left", config.option("take-next") == "clockwise",
            config.option("protected") == "stop", config.option("take-search") == "next-only")


@implements(RB.TAKE_NEIGHBOUR, RB.TAKE_NEXT)
def victim(state: CardsState, kind: int) -> int:
    """The seat a road (knight) is taken from when its stack is empty: the neighbour the
    arrows point to, else the next who has one, in the arrows' direction or clockwise after
    that neighbour (-1: nobody; catan_cards/take-next, nobody-to-take), round the table or
    past the next only (catan_cards/take-search); a player whose
    cards of the kind are all protected is passed over, or under catan_cards/protected=stop
    ends the search (catan_cards/protected)."""
    n = state.config.players
    first = (state.turn + direction(state)) % n
    _, clockwise, stops, next_only = _readings(state.config)
    step = 1 if clockwise else direction(state)
    # under catan_cards/take-search=next-only the neighbour and the next after him only
    seen, reach = 0, 2 if next_only else n
    for i in range(n):
        q = (first + step * i) % n
        if q == state.turn:
            continue
        if seen == reach:
            return -1
        seen += 1
        pl = state.players[q]
        if takeable(pl, kind):
            return q
        if stops and (pl.roads if kind == D.ROAD else pl.knights):
            return -1  # he has the card, protected: nobody past him (catan_cards/protected)
    return -1


@implements(RB.TAKE_FATE)
def take(state: CardsState, kind: int) -> tuple[CardsState, int]:
    """A road (knight) taken from :func:`victim`, who turns the fate card; the state and
    the seat it was taken from."""
    q = victim(state, kind)
    field = "roads" if kind == D.ROAD else "knights"
    pl = state.players[q]
    players = (*state.players[:q], evolve(pl, **{field: getattr(pl, field) - 1}),
               *state.players[q + 1:])
    return turn_fate(evolve(state, players=players)), q
