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


def _place_rule(state: CardsState, kind: int) -> str | None:
    """Why there is no development of ``kind`` to be had now, or ``None``: a road or knight
    from its stack or a rival, a settlement card in its stack, a settlement to turn into a
    city, a city free for a building."""
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


def development_rule(state: CardsState, kind: int) -> str | None:
    """Why the player on turn may not pay for a development of ``kind`` now, or ``None``:
    once a turn (catan_cards/development.once-per-turn), something to develop
    (:func:`_place_rule`), its cost in hand."""
    if not _once(state, kind):
        return RB.DEVELOPMENT_ONCE_PER_TURN
    why = _place_rule(state, kind)
    if why is not None:
        return why
    return None if covers(state.players[state.turn].hand, D.COSTS[kind]) else _COST_RULE[kind]


def building_rule(state: CardsState, building: int) -> str | None:
    """Why the player on turn may not build ``building`` now, or ``None``: one left in the
    stack, none of his own yet (:func:`_which_building_rule`), then the development's
    checks."""
    why = _which_building_rule(state, building)
    if why is not None:
        return why
    return development_rule(state, D.BUILDING)


def _which_building_rule(state: CardsState, building: int) -> str | None:
    """Why the player on turn may not build ``building`` of all buildings, or ``None``: one
    left in the stack, none of his own yet."""
    if not 0 <= building < D.N_BUILDINGS or not state.building_stack[building]:
        return RB.DEVELOPMENT_BUILDING_CHOICE
    if state.players[state.turn].buildings[building]:
        return RB.DEVELOPMENT_BUILDING_UNIQUE
    return None


def _supply_has(state: CardsState, resource: int) -> bool:
    return state.stack[resource] + state.discard[resource] > 0


def convert_rule(state: CardsState, give: int, get: int) -> str | None:
    """Why the player on turn may not give three ``give`` for one ``get`` now, or ``None``:
    three alike in hand for one other the supply holds."""
    if not (0 <= give < D.N_RESOURCES and 0 <= get < D.N_RESOURCES) or give == get \
            or state.players[state.turn].hand[give] < D.CONVERT_GIVE \
            or not _supply_has(state, get):
        return RB.DEVELOPMENT_CONVERT
    return None


#: the development each building action pays for
_KIND = {BuildRoad: D.ROAD, HireKnight: D.KNIGHT, FoundSettlement: D.SETTLEMENT,
         BuildCity: D.CITY}


def choice_rule(state: CardsState, action: Action) -> str | None:
    """Why the player on turn may not take ``action`` in the development phase, or
    ``None``: a road, knight, settlement or city (:func:`development_rule`), a building
    (:func:`building_rule`), a conversion (:func:`convert_rule`), or the end of the
    development."""
    kind = _KIND.get(type(action))
    if kind is not None:
        return development_rule(state, kind)
    if isinstance(action, BuildBuilding):
        return building_rule(state, action.building)
    if isinstance(action, Convert):
        return convert_rule(state, action.give, action.get)
    if isinstance(action, EndDevelopment):
        return None
    return RB.TURN_ACTOR


_MAKE = ((D.ROAD, BuildRoad()), (D.KNIGHT, HireKnight()), (D.SETTLEMENT, FoundSettlement()),
         (D.CITY, BuildCity()))
_BUILD = tuple(BuildBuilding(k) for k in range(D.N_BUILDINGS))
_CONVERT = tuple(tuple(Convert(g, t) for t in range(D.N_RESOURCES))
                 for g in range(D.N_RESOURCES))
_END = EndDevelopment()


@implements(RB.DEVELOPMENT_END)
def actions(state: CardsState) -> tuple[Action, ...]:
    """Every legal step of the development phase, in a canonical order: the choices
    :func:`choice_rule` allows, a building's development checks asked once for all
    buildings (:func:`building_rule` is :func:`_which_building_rule`, then those)."""
    out: list[Action] = [a for kind, a in _MAKE if development_rule(state, kind) is None]
    if development_rule(state, D.BUILDING) is None:
        out.extend(a for a in _BUILD if _which_building_rule(state, a.building) is None)
    hand = state.players[state.turn].hand
    for g in range(D.N_RESOURCES):
        if hand[g] >= D.CONVERT_GIVE:
            out.extend(a for a in _CONVERT[g] if convert_rule(state, g, a.get) is None)
    out.append(_END)
    return tuple(out)


def _detail(state: CardsState, action: Action, why: str) -> str:
    """What ``apply`` says with the rule ``why`` it refuses ``action`` for."""
    if isinstance(action, Convert):
        return f"3 of {action.give} for 1 of {action.get} is not possible"
    if isinstance(action, BuildBuilding):
        k = action.building
        if why == RB.DEVELOPMENT_BUILDING_UNIQUE:
            return f"a {D.BUILDINGS[k]} stands already"
        if not 0 <= k < D.N_BUILDINGS or not state.building_stack[k]:
            return f"no building {k} in the stack"
        kind = D.BUILDING
    elif type(action) in _KIND:
        kind = _KIND[type(action)]
    else:
        return f"{type(action).__name__} is no step of development"
    name = D.DEVELOPMENTS[kind]
    if why == RB.DEVELOPMENT_ONCE_PER_TURN:
        return f"a {name} was paid for this turn"
    if why == _COST_RULE[kind]:
        return f"the {name}'s cost is not in hand"
    return f"no {name} now"


def _pay(state: CardsState, kind: int) -> CardsState:
    """The development's cost from the hand to the discard, and its kind paid for this
    turn."""
    me = state.players[state.turn]
    cost = D.COSTS[kind]
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
    read). Every check is :func:`choice_rule`'s."""
    why = choice_rule(state, action)
    if why is not None:
        raise RULES.illegal(why, _detail(state, action, why))
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
        state = _pay(state, D.BUILDING)
        me = state.players[p]
        me = evolve(me, cities=me.cities - 1, buildings=bump(me.buildings, k))
        state = evolve(state, players=put(state.players, p, me),
                       building_stack=bump(state.building_stack, k, -1))
        return score.refresh(state, (p,))
    assert isinstance(action, Convert), "the end of development is the game's step"
    return convert(state, action)


def convert(state: CardsState, action: Convert) -> CardsState:
    """Three alike to the discard, one other from the supply (catan_cards/convert-source);
    :func:`convert_rule` has checked it."""
    p = state.turn
    g, t = action.give, action.get
    hand = state.players[p].hand
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
