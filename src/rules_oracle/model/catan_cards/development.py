"""Development (``2. Развитие``): roads, knights, settlements, cities and their events,
buildings, the 3-for-1 exchange; a road or knight from an empty stack is taken from a rival
(:mod:`~model.catan_cards.take`), a city's event is played out by
:mod:`~model.catan_cards.event`. The development ends with an explicit step, and the game
goes on to production."""

from fractions import Fraction

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards import event, score, take
from rules_oracle.model.catan_cards import rules as RB
from rules_oracle.model.catan_cards.actions import (
    Action,
    BuildBuilding,
    BuildCity,
    BuildRoad,
    Convert,
    EndDevelopment,
    FoundSettlement,
    HireKnight,
    Reveal,
    TurnFate,
)
from rules_oracle.model.catan_cards.ops import turn_fate
from rules_oracle.model.catan_cards.rules import RULES
from rules_oracle.model.catan_cards.state import CardsState, Stage
from rules_oracle.model.core.chance import draw_outcomes
from rules_oracle.model.core.cite import implements
from rules_oracle.model.core.ops import bump, covers, evolve, minus, plus, put

_COST_RULE = (
    RB.DEVELOPMENT_ROAD,
    RB.DEVELOPMENT_KNIGHT,
    RB.DEVELOPMENT_SETTLEMENT,
    RB.DEVELOPMENT_CITY,
    RB.DEVELOPMENT_BUILDING,
)


def _once(state: CardsState, kind: int) -> bool:
    """Whether ``kind`` is still open this turn (catan_cards/development.once-per-turn;
    under catan_cards/building-once=name a building always is, the building rule keeping
    each building once a player)."""
    if kind == D.BUILDING and state.config.option("building-once") == "name":
        return True  # two different buildings a turn (catan_cards/building-once)
    if state.built[kind]:
        return False
    if kind in (D.SETTLEMENT, D.CITY) and state.config.option("settlement-city") == "same":
        return not (state.built[D.SETTLEMENT] or state.built[D.CITY])
    return True


def _why_not(state: CardsState, kind: int) -> str | None:
    """The rule a development of ``kind`` would break (cost and once-per-turn aside)."""
    me = state.players[state.turn]
    if kind == D.ROAD:
        return None if state.road_stack or take.victim(state, kind) >= 0 else RB.TAKE_NEXT
    if kind == D.KNIGHT:
        return None if state.knight_stack or take.victim(state, kind) >= 0 else RB.TAKE_NEXT
    if kind == D.SETTLEMENT:
        return None if state.settlement_stack else RB.DEVELOPMENT_SETTLEMENT_STACK
    if kind == D.CITY:
        return None if me.settlements else RB.DEVELOPMENT_CITY_NEEDS_SETTLEMENT
    if me.cities:
        return None
    # a player whose every city holds a building has a city, only none free for another
    return (
        RB.DEVELOPMENT_BUILDING_CHOICE if sum(me.buildings) else RB.DEVELOPMENT_BUILDING_NEEDS_CITY
    )


def _supply_has(state: CardsState, resource: int) -> bool:
    return state.stack[resource] + state.discard[resource] > 0


@implements(RB.DEVELOPMENT_END)
def actions(state: CardsState) -> tuple[Action, ...]:
    """Every legal step of the development phase, in a canonical order."""
    me = state.players[state.turn]
    hand = me.hand
    out: list[Action] = []
    for kind, make in ((D.ROAD, BuildRoad), (D.KNIGHT, HireKnight),
                       (D.SETTLEMENT, FoundSettlement), (D.CITY, BuildCity)):
        if _once(state, kind) and covers(hand, D.COSTS[kind]) and _why_not(state, kind) is None:
            out.append(make())
    if _once(state, D.BUILDING) and covers(hand, D.BUILDING_COST) and me.cities:
        out.extend(BuildBuilding(k) for k in range(D.N_BUILDINGS)
                   if state.building_stack[k] and not me.buildings[k])
    for g in range(D.N_RESOURCES):
        if hand[g] >= D.CONVERT_GIVE:
            out.extend(Convert(g, t) for t in range(D.N_RESOURCES)
                       if t != g and _supply_has(state, t))
    out.append(EndDevelopment())
    return tuple(out)


def _pay(state: CardsState, kind: int) -> CardsState:
    """Check the development is open and paid for; pay its cost to the discard."""
    me = state.players[state.turn]
    if not _once(state, kind):
        raise RULES.illegal(
            RB.DEVELOPMENT_ONCE_PER_TURN, f"a {D.DEVELOPMENTS[kind]} was paid for this turn"
        )
    why = _why_not(state, kind)
    if why is not None:
        raise RULES.illegal(why, f"no {D.DEVELOPMENTS[kind]} now")
    cost = D.COSTS[kind]
    if not covers(me.hand, cost):
        raise RULES.illegal(_COST_RULE[kind], f"the {D.DEVELOPMENTS[kind]}'s cost is not in"
                            " hand")
    players = put(state.players, state.turn, evolve(me, hand=minus(me.hand, cost)))
    return evolve(state, players=players, discard=plus(state.discard, cost),
                  built=put(state.built, kind, state.built[kind] + 1))


@implements(RB.DEVELOPMENT_ALTERNATE, RB.DEVELOPMENT_KNIGHT_ALTERNATE)
def _pile(state: CardsState, kind: int) -> CardsState:
    """A road (knight) from its stack, or taken from a rival who then turns the fate card,
    laid on the player's pile: the pile's count alone says which side each card shows
    (A, B, A...: ``score.a_side``)."""
    p = state.turn
    field = "roads" if kind == D.ROAD else "knights"
    stack = state.road_stack if kind == D.ROAD else state.knight_stack
    if stack:
        state = evolve(state, road_stack=stack - 1) if kind == D.ROAD \
            else evolve(state, knight_stack=stack - 1)
        touched: tuple[int, ...] = (p,)
    else:
        state, q = take.take(state, kind)
        touched = (p, q)
    players = list(state.players)
    players[p] = evolve(players[p], **{field: getattr(players[p], field) + 1})
    return score.refresh(evolve(state, players=tuple(players)), touched)


@implements(RB.DEVELOPMENT_CITY_EVENT, RB.DEVELOPMENT_BUILDING_EFFECT)
def step(state: CardsState, action: Action) -> CardsState:
    """Apply one step of the development phase (its end, :class:`EndDevelopment`, is the
    game's: production follows). A city reveals its event next; a building holds from
    now on (its owner's ``buildings``, which the trade and the taking of roads and knights
    read)."""
    p = state.turn
    if isinstance(action, BuildRoad):
        return _pile(_pay(state, D.ROAD), D.ROAD)
    if isinstance(action, HireKnight):
        return _pile(_pay(state, D.KNIGHT), D.KNIGHT)
    if isinstance(action, FoundSettlement):
        state = _pay(state, D.SETTLEMENT)
        me = state.players[p]
        state = evolve(state, settlement_stack=state.settlement_stack - 1,
                       players=put(state.players, p, evolve(me, settlements=me.settlements + 1)))
        state = score.refresh(state, (p,))
        if state.fate < 0:
            return state
        if state.config.option("settlement-fate") == "must":
            return turn_fate(state)
        return evolve(state, stage=Stage.FATE)
    if isinstance(action, BuildCity):
        state = _pay(state, D.CITY)
        me = state.players[p]
        me = evolve(me, settlements=me.settlements - 1, cities=me.cities + 1)
        state = evolve(state, players=put(state.players, p, me), stage=Stage.EVENT)
        return score.refresh(state, (p,))
    if isinstance(action, BuildBuilding):
        k = action.building
        if not 0 <= k < D.N_BUILDINGS or not state.building_stack[k]:
            raise RULES.illegal(RB.DEVELOPMENT_BUILDING_CHOICE, f"no building {k} in the stack")
        if state.players[p].buildings[k]:
            raise RULES.illegal(
                RB.DEVELOPMENT_BUILDING_UNIQUE, f"a {D.BUILDINGS[k]} stands already"
            )
        state = _pay(state, D.BUILDING)
        me = state.players[p]
        me = evolve(me, cities=me.cities - 1, buildings=bump(me.buildings, k))
        state = evolve(state, players=put(state.players, p, me),
                       building_stack=bump(state.building_stack, k, -1))
        return score.refresh(state, (p,))
    if isinstance(action, Convert):
        return convert(state, action)
    raise RULES.illegal(RB.TURN_ACTOR, f"{type(action).__name__} is no step of development")


def convert(state: CardsState, action: Convert) -> CardsState:
    """Three alike to the discard, one other from the supply (catan_cards/convert-source)."""
    p = state.turn
    g, t = action.give, action.get
    hand = state.players[p].hand
    if not (0 <= g < D.N_RESOURCES and 0 <= t < D.N_RESOURCES) or g == t \
            or hand[g] < D.CONVERT_GIVE or not _supply_has(state, t):
        raise RULES.illegal(RB.DEVELOPMENT_CONVERT, f"3 of {g} for 1 of {t} is not possible")
    stack, discard = state.stack, bump(state.discard, g, D.CONVERT_GIVE)
    first = "stack" if state.config.option("convert-from") == "stack" else "discard"
    if (first == "stack" and stack[t]) or (first == "discard" and not discard[t]):
        stack = bump(stack, t, -1)
    else:
        discard = bump(discard, t, -1)
    hand = bump(bump(hand, g, -D.CONVERT_GIVE), t)
    me = evolve(state.players[p], hand=hand)
    # an empty stack takes the discard pile at once (the game restocks after every step)
    return evolve(state, players=put(state.players, p, me), stack=stack, discard=discard)


def fate_choice(state: CardsState, action: Action) -> CardsState:
    """After a settlement its founder may turn the fate card (catan_cards/development.
    settlement-fate)."""
    if not isinstance(action, TurnFate):
        raise RULES.illegal(
            RB.DEVELOPMENT_SETTLEMENT_FATE,
            f"{type(action).__name__}: the fate card is to be turned or left first",
        )
    return evolve(turn_fate(state) if action.turn else state, stage=Stage.DEVELOP)


def event_outcomes(state: CardsState) -> tuple[tuple[Reveal, Fraction], ...]:
    """The new city's event: one step over the city sides nobody has seen."""
    return draw_outcomes(enumerate(state.unseen_events), Reveal)


@implements(RB.DEVELOPMENT_RAID_FATE)
def reveal(state: CardsState, action: Reveal) -> CardsState:
    """The event happens to everyone (catan_cards/development.city-event); a robber raid
    turns the fate card. A market day's draws are left owed (``drawing``) for the game to
    deal."""
    e = action.event
    state = evolve(state, unseen_events=bump(state.unseen_events, e, -1),
                   revealed_events=bump(state.revealed_events, e), stage=Stage.DEVELOP)
    if e == D.ROBBER_RAID:
        return event.robber_raid(turn_fate(state))
    return event.market_day(state)
