"""Development cards: buying (a chance step over the remaining deck), the play rules (one
per turn, not in the turn bought, before the roll), and the four played kinds. Where a
card's rule asks where the player may build a road, the game module hands over the building
chapter's answer (:data:`OpenRoads`); the largest army and the points after a knight are the
game module's to decide."""

from collections.abc import Callable
from fractions import Fraction

from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.actions import (
    Action,
    Draw,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
)
from rules_oracle.model.catan.ops import bump, evolve_dict, in_range, set_player
from rules_oracle.model.catan.state import CatanState, S, after_roll_or_card
from rules_oracle.model.core import draw_outcomes

#: the paths where a player may put a road now, cost aside (``build.roads_open``)
OpenRoads = Callable[[CatanState, int], tuple[int, ...]]

PLAY_TYPES = (PlayKnight, PlayRoadBuilding, PlayYearOfPlenty, PlayMonopoly)
#: the rule of each played kind (named when the player holds no such card); victory point
#: cards are never played (RB.DEVELOPMENT_VICTORY_POINT): no action plays one
_CARD_RULE = {D.KNIGHT: RB.DEVELOPMENT_KNIGHT, D.ROAD_BUILDING: RB.DEVELOPMENT_ROAD_BUILDING,
              D.YEAR_OF_PLENTY: RB.DEVELOPMENT_YEAR_OF_PLENTY, D.MONOPOLY: RB.DEVELOPMENT_MONOPOLY}
_CARD_OF = {PlayKnight: D.KNIGHT, PlayRoadBuilding: D.ROAD_BUILDING,
            PlayYearOfPlenty: D.YEAR_OF_PLENTY, PlayMonopoly: D.MONOPOLY}


def draw_outcomes_of(state: CatanState) -> tuple[tuple[Action, Fraction], ...]:
    return draw_outcomes(enumerate(state.deck), Draw)


def draw(state: CatanState, action: Draw) -> CatanState:
    if not in_range(action.card, len(D.DEVELOPMENTS)) or not state.deck[action.card]:
        raise RB.RULES.illegal(RB.BUILD_DEVELOPMENT_DECK, f"no card {action.card!r} in the deck")
    p, c = state.turn, action.card
    pl = state.players[p]
    pl = evolve_dict(pl, developments=bump(pl.developments, c, 1), bought=bump(pl.bought, c, 1))
    state = set_player(state, p, pl)
    return evolve_dict(state, deck=bump(state.deck, c, -1), stage=S.MAIN)


def playable(state: CatanState, card: int, roads_open: OpenRoads) -> str | None:
    """Why the player on turn may not play ``card`` now, or ``None``."""
    if state.dev_played:
        return RB.DEVELOPMENT_ONE_PER_TURN
    pl = state.players[state.turn]
    if not pl.developments[card]:
        return _CARD_RULE[card]
    if pl.developments[card] - pl.bought[card] <= 0:
        return RB.DEVELOPMENT_NOT_NEW
    if (state.stage is S.PRE_ROLL and card != D.KNIGHT
            and state.config.option("before-roll") == "knight"):
        return RB.DEVELOPMENT_BEFORE_ROLL
    if card == D.ROAD_BUILDING and state.config.option("road-stuck") == "unplayable" \
            and not roads_open(state, state.turn):
        return RB.DEVELOPMENT_ROAD_BUILDING
    return None


def _plenty_ok(state: CatanState, a: int, b: int) -> bool:
    """Whether the bank can give the two named cards (under plenty=what-remains, a resource
    named twice with one card left gives that card: catan/year-of-plenty-bank)."""
    if not (in_range(a, D.N_RESOURCES) and in_range(b, D.N_RESOURCES)) or a > b:
        return False
    bank = state.bank
    if a == b:
        return bank[a] >= 2 or (bank[a] == 1
                                and state.config.option("plenty") == "what-remains")
    return bank[a] >= 1 and bank[b] >= 1


def play_actions(state: CatanState, roads_open: OpenRoads) -> list[Action]:
    out: list[Action] = []
    if state.dev_played or not any(state.players[state.turn].developments):
        return out  # what ``playable`` says first: one a turn, and a card held
    if playable(state, D.KNIGHT, roads_open) is None:
        out.append(PlayKnight())
    if playable(state, D.ROAD_BUILDING, roads_open) is None:
        out.append(PlayRoadBuilding())
    if playable(state, D.YEAR_OF_PLENTY, roads_open) is None:
        out.extend(PlayYearOfPlenty(a, b) for a in range(D.N_RESOURCES)
                   for b in range(a, D.N_RESOURCES) if _plenty_ok(state, a, b))
    if playable(state, D.MONOPOLY, roads_open) is None:
        out.extend(PlayMonopoly(r) for r in range(D.N_RESOURCES))
    return out


def play(state: CatanState, action: Action, roads_open: OpenRoads) -> CatanState:
    """``action``'s card played; after a knight the game module decides the largest army
    and the points."""
    card = _CARD_OF[type(action)]
    why = playable(state, card, roads_open)
    if why is not None:
        raise RB.RULES.illegal(why, f"{D.DEVELOPMENTS[card]} cannot be played now")
    p = state.turn
    if isinstance(action, PlayYearOfPlenty) and not _plenty_ok(state, action.first,
                                                                action.second):
        raise RB.RULES.illegal(
            RB.DEVELOPMENT_YEAR_OF_PLENTY,
            f"the bank cannot give {action.first}, {action.second} (first <= second)",
        )
    if isinstance(action, PlayMonopoly) and not in_range(action.resource, D.N_RESOURCES):
        raise RB.RULES.illegal(RB.DEVELOPMENT_MONOPOLY, f"no resource {action.resource!r}")
    pl = state.players[p]
    state = set_player(state, p, evolve_dict(pl, developments=bump(pl.developments, card, -1)))
    state = evolve_dict(state, played=bump(state.played, card, 1), dev_played=True)
    if isinstance(action, PlayKnight):
        pl = state.players[p]
        return set_player(state, p, evolve_dict(pl, knights=pl.knights + 1), stage=S.ROBBER)
    if isinstance(action, PlayRoadBuilding):
        free = min(D.FREE_ROADS, D.ROADS - state.players[p].roads)
        state = evolve_dict(state, free_roads=free)
        if free and roads_open(state, p):
            return evolve_dict(state, stage=S.ROAD_BUILDING)
        return evolve_dict(state, free_roads=0)
    if isinstance(action, PlayYearOfPlenty):
        hand, bank = state.players[p].hand, state.bank
        for r in (action.first, action.second):
            if bank[r]:  # a card named twice with one left gives one (plenty=what-remains)
                hand, bank = bump(hand, r, 1), bump(bank, r, -1)
        state = set_player(state, p, evolve_dict(state.players[p], hand=hand))
        return evolve_dict(state, bank=bank)
    assert isinstance(action, PlayMonopoly)
    r = action.resource
    total = 0
    players = list(state.players)
    for q, other in enumerate(players):
        if q != p and other.hand[r]:
            total += other.hand[r]
            players[q] = evolve_dict(other, hand=bump(other.hand, r, -other.hand[r]))
    players[p] = evolve_dict(players[p], hand=bump(players[p].hand, r, total))
    return evolve_dict(state, players=tuple(players))


def may_stop(state: CatanState) -> bool:
    """Whether the player may decline the free roads left (road-second=optional:
    catan/road-building-second)."""
    return state.config.option("road-second") == "optional"


def stop_free_roads(state: CatanState) -> CatanState:
    """The free roads left are declined: back to where the card was played."""
    return evolve_dict(state, free_roads=0, stage=after_roll_or_card(state))


def free_road_done(state: CatanState, roads_open: OpenRoads) -> CatanState:
    """After a free road: the next one, or back to where the card was played."""
    left = state.free_roads - 1
    if left and roads_open(state, state.turn):
        return evolve_dict(state, free_roads=left)
    return evolve_dict(state, free_roads=0, stage=after_roll_or_card(state))
