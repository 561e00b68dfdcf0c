"""Trade (``1. Торговля``): exchanges with the stack, the market and the rivals, the
library's choice, the merchants' guild, and the end of trading."""

from fractions import Fraction
from functools import lru_cache

from rules_oracle.model.catan_cards import data as D
from rules_oracle.model.catan_cards import rules as RB
from rules_oracle.model.catan_cards.actions import (
    Action,
    ChooseFromRival,
    Convert,
    EndTrade,
    GiveBack,
    GuildTake,
    Take,
    TradeMarket,
    TradeRival,
    TradeStack,
)
from rules_oracle.model.catan_cards.rules import RULES
from rules_oracle.model.catan_cards.score import a_side
from rules_oracle.model.catan_cards.state import CardsState, Player, Stage
from rules_oracle.model.core.chance import draw_outcomes
from rules_oracle.model.core.cite import implements
from rules_oracle.model.core.ops import bump, evolve


def allowance(pl: Player) -> int:
    """Exchanges a turn: one per road lying A side up, one (with the stack) without any
    (catan_cards/trade.allowance, trade.no-roads)."""
    return max(1, a_side(pl.roads))


def _move(state: CardsState, giver: int, taker: int, resource: int) -> CardsState:
    """One card from ``giver``'s hand to ``taker``'s."""
    players = list(state.players)
    players[giver] = evolve(players[giver], hand=bump(players[giver].hand, resource, -1))
    players[taker] = evolve(players[taker], hand=bump(players[taker].hand, resource))
    return evolve(state, players=tuple(players))


def _with_hand(state: CardsState, seat: int, hand: tuple[int, ...]) -> CardsState:
    pl = evolve(state.players[seat], hand=hand)
    return evolve(state, players=(*state.players[:seat], pl, *state.players[seat + 1:]))


def _guild_targets(state: CardsState) -> tuple[int, ...]:
    p = state.turn
    me = state.players[p]
    if state.guild_used or not me.buildings[D.GUILD] or state.config.option("guild") != "take":
        return ()
    return tuple(q for q in range(state.config.players)
                 if q != p and state.players[q].vp >= me.vp and any(state.players[q].hand))


def _exchange_rule(state: CardsState) -> str | None:
    """Why the player on turn may not begin one more exchange now, or ``None``: his
    allowance."""
    if state.exchanges >= allowance(state.players[state.turn]):
        return RB.TRADE_ALLOWANCE
    return None


def _roads_rule(state: CardsState) -> str | None:
    """Without an A-side road only the stack trades."""
    return None if a_side(state.players[state.turn].roads) else RB.TRADE_NO_ROADS


def _from_hand_rule(state: CardsState) -> str | None:
    """An exchange with the market or a rival gives a card from the hand, so it needs one
    (catan_cards/trade.from-hand, catan_cards/empty-hand)."""
    return None if any(state.players[state.turn].hand) else RB.TRADE_FROM_HAND


def _discard_rule(state: CardsState, give: int) -> str | None:
    """The card discarded for one of the stack is in hand."""
    if not 0 <= give < D.N_RESOURCES or not state.players[state.turn].hand[give]:
        return RB.TRADE_STACK
    return None


def _market_card_rule(state: CardsState, take: int, give: int) -> str | None:
    """The card taken is in the market (:func:`_market_take_rule`), the card returned in
    hand (:func:`_market_give_rule`)."""
    return _market_take_rule(state, take) \
        or _market_give_rule(state.players[state.turn].hand, take, give)


def _market_take_rule(state: CardsState, take: int) -> str | None:
    """The card taken is in the market."""
    if not 0 <= take < D.N_RESOURCES or not state.market[take]:
        return RB.TRADE_MARKET
    return None


def _market_give_rule(hand: tuple[int, ...], take: int, give: int) -> str | None:
    """The card returned is in ``hand``, the hand of the player on turn (the one taken may
    go back)."""
    if not 0 <= give < D.N_RESOURCES or not (hand[give] or give == take):
        return RB.TRADE_MARKET
    return None


def _rival_seat_rule(state: CardsState, rival: int) -> str | None:
    """The rival is another seat holding cards."""
    if rival == state.turn or not 0 <= rival < state.config.players \
            or not any(state.players[rival].hand):
        return RB.TRADE_RIVAL
    return None


def stack_rule(state: CardsState, give: int) -> str | None:
    """Why the player on turn may not discard ``give`` for a card of the stack, or
    ``None``."""
    return _exchange_rule(state) or _discard_rule(state, give)


def market_rule(state: CardsState, take: int, give: int) -> str | None:
    """Why the player on turn may not take ``take`` from the market and return ``give``,
    or ``None``."""
    return _exchange_rule(state) or _roads_rule(state) or _from_hand_rule(state) \
        or _market_card_rule(state, take, give)


def rival_rule(state: CardsState, rival: int) -> str | None:
    """Why the player on turn may not begin an exchange with ``rival``, or ``None``."""
    return _exchange_rule(state) or _roads_rule(state) or _rival_seat_rule(state, rival) \
        or _from_hand_rule(state)


def choice_rule(state: CardsState, action: Action) -> str | None:
    """Why the player on turn may not take ``action`` in the trade phase, or ``None``: an
    exchange (:func:`stack_rule`, :func:`market_rule`, :func:`rival_rule`), the guild's
    draw, or the end of trading. With the library the rival's hand is seen only once the
    exchange with him has begun (stage choose), never through the trade phase's actions."""
    if isinstance(action, TradeStack):
        return stack_rule(state, action.give)
    if isinstance(action, TradeMarket):
        return market_rule(state, action.take, action.give)
    if isinstance(action, TradeRival):
        return rival_rule(state, action.rival)
    if isinstance(action, GuildTake):
        return None if action.rival in _guild_targets(state) else RB.TRADE_GUILD
    if isinstance(action, EndTrade):
        return None
    if isinstance(action, ChooseFromRival):
        if state.players[state.turn].buildings[D.LIBRARY] and action.rival in state.traded_with:
            return RB.TRADE_LIBRARY_ONCE
        return RB.TRADE_LIBRARY
    if isinstance(action, Convert):
        return RB.DEVELOPMENT_CONVERT
    return RB.TURN_ACTOR


_STACK = tuple(TradeStack(r) for r in range(D.N_RESOURCES))
_MARKET = tuple(tuple(TradeMarket(t, g) for g in range(D.N_RESOURCES))
                for t in range(D.N_RESOURCES))
_END = EndTrade()


@implements(RB.TRADE_MIX, RB.TRADE_END)
def actions(state: CardsState) -> tuple[Action, ...]:
    """Every legal step of the trade phase, in a canonical order: the choices
    :func:`choice_rule` allows, each exchange's checks shared by its kind asked once."""
    out: list[Action] = []
    if _exchange_rule(state) is None:
        out.extend(a for a in _STACK if _discard_rule(state, a.give) is None)
        if _roads_rule(state) is None and _from_hand_rule(state) is None:
            hand = state.players[state.turn].hand
            for t in range(D.N_RESOURCES):
                if _market_take_rule(state, t) is None:
                    out.extend(a for a in _MARKET[t]
                               if _market_give_rule(hand, t, a.give) is None)
            out.extend(TradeRival(q) for q in range(state.config.players)
                       if _rival_seat_rule(state, q) is None)
    out.extend(GuildTake(q) for q in _guild_targets(state))
    out.append(_END)
    return tuple(out)


_MESSAGES = {
    RB.TRADE_ALLOWANCE: "{exchanges} exchanges made, no more allowed",
    RB.TRADE_NO_ROADS: "without an A-side road only the stack trades",
    RB.TRADE_RIVAL: "{action}: no rival with cards",
    RB.TRADE_FROM_HAND: "no card in hand to exchange",
    RB.TRADE_STACK: "{action}: no such card in hand to discard",
    RB.TRADE_MARKET: "{action}: the card taken is not in the market, or the card returned"
                     " not in hand",
    RB.TRADE_GUILD: "{action}: no guild draw from that seat now",
    RB.TRADE_LIBRARY: "{action}: the library's choice follows TradeRival: the rival's hand is"
                      " seen once the exchange has begun; without a library the card is drawn"
                      " blind",
    RB.TRADE_LIBRARY_ONCE: "{action}: that seat was exchanged with this turn: blind now",
    RB.DEVELOPMENT_CONVERT: "3 alike for 1 only during development",
    RB.TURN_ACTOR: "{action} is no step of the trade phase",
}


def step(state: CardsState, action: Action) -> CardsState:
    """Apply one step of the trade phase."""
    why = choice_rule(state, action)
    if why is not None:
        raise RULES.illegal(why, _MESSAGES[why].format(action=action,
                                                       exchanges=state.exchanges))
    p = state.turn
    me = state.players[p]
    if isinstance(action, TradeStack):
        state = _with_hand(evolve(state, exchanges=state.exchanges + 1), p,
                           bump(me.hand, action.give, -1))
        # the card drawn in exchange is owed (the game deals it)
        return evolve(state, discard=bump(state.discard, action.give), drawing=(p,),
                      resume=Stage.TRADE)
    if isinstance(action, TradeMarket):
        t, g = action.take, action.give
        state = evolve(state, exchanges=state.exchanges + 1)
        return evolve(_with_hand(state, p, bump(bump(me.hand, t), g, -1)),
                      market=bump(bump(state.market, t, -1), g))
    if isinstance(action, TradeRival):
        q = action.rival
        chooses = _library_choice(state, q)
        met = tuple(sorted({*state.traded_with, q}))
        return evolve(state, exchanges=state.exchanges + 1, traded_with=met, rival=q,
                      stage=Stage.CHOOSE if chooses else Stage.RIVAL_DRAW)
    if isinstance(action, GuildTake):
        return evolve(state, guild_used=True, rival=action.rival, stage=Stage.GUILD_DRAW)
    assert isinstance(action, EndTrade)
    return evolve(state, stage=Stage.DEVELOP)


def _library_choice(state: CardsState, rival: int) -> bool:
    """Whether an exchange with ``rival`` may take a chosen card: the player on turn has a
    library and has not exchanged with him this turn (catan_cards/trade.library,
    trade.library-once)."""
    return state.players[state.turn].buildings[D.LIBRARY] > 0 \
        and rival not in state.traded_with


def choose_rule(state: CardsState, action: Action) -> str | None:
    """Why the player on turn may not take ``action`` in the exchange under way with the
    library, or ``None``: a card of the rival's hand, now seen, or the blind draw after all
    (the library lets its owner choose, "можете выбрать")."""
    q = state.rival
    if isinstance(action, TradeRival) and action.rival == q:
        return None
    if isinstance(action, ChooseFromRival) and action.rival == q \
            and 0 <= action.resource < D.N_RESOURCES and state.players[q].hand[action.resource]:
        return None
    return RB.TRADE_LIBRARY


def choose_actions(state: CardsState) -> tuple[Action, ...]:
    q = state.rival
    candidates: tuple[Action, ...] = (*(ChooseFromRival(q, r) for r in range(D.N_RESOURCES)),
                                      TradeRival(q))
    return tuple(a for a in candidates if choose_rule(state, a) is None)


def choose(state: CardsState, action: Action) -> CardsState:
    """The exchange under way with the library: the chosen card moves to the player on
    turn, who then gives one back; or the card is drawn blind (catan_cards/trade.library)."""
    if choose_rule(state, action) is not None:
        raise RULES.illegal(RB.TRADE_LIBRARY, f"{action}: the exchange with seat {state.rival}"
                            " takes a card of his hand, chosen or blind")
    if isinstance(action, TradeRival):
        return evolve(state, stage=Stage.RIVAL_DRAW)
    assert isinstance(action, ChooseFromRival)
    return evolve(_move(state, state.rival, state.turn, action.resource), stage=Stage.GIVE_BACK,
                  owed_back=1)


@lru_cache(maxsize=1 << 10)
def _takes(hand: tuple[int, ...]) -> tuple[tuple[Take, Fraction], ...]:
    return draw_outcomes(enumerate(hand), Take)


def take_outcomes(state: CardsState) -> tuple[tuple[Take, Fraction], ...]:
    """The card drawn blind from the rival's hand: one step over that hand (a bounded
    cache of the latest hands)."""
    return _takes(state.players[state.rival].hand)


def take(state: CardsState, action: Take) -> CardsState:
    """The drawn card moves to the player on turn; an exchange waits for the card given
    back, the guild's draw returns to trading."""
    state = _move(state, state.rival, state.turn, action.resource)
    if state.stage is Stage.RIVAL_DRAW:
        return evolve(state, stage=Stage.GIVE_BACK, owed_back=state.owed_back + 1)
    return evolve(state, stage=Stage.TRADE, rival=-1)


def _may_draw_more(state: CardsState) -> bool:
    """Under exchange-steps=together: one more card from the same rival before any goes
    back, within the allowance (catan_cards/exchange-steps)."""
    return (state.config.option("exchange-steps") == "together" and not state.giving_back
            and state.exchanges < allowance(state.players[state.turn])
            and any(state.players[state.rival].hand))


def give_back_rule(state: CardsState, action: Action) -> str | None:
    """Why the player on turn may not take ``action`` while he owes the rival cards, or
    ``None``: a card of his hand given back (catan_cards/trade.rival-return), or under
    exchange-steps=together one more card drawn from the rival first."""
    if isinstance(action, TradeRival) and action.rival == state.rival \
            and _may_draw_more(state):
        return None
    if not isinstance(action, GiveBack):
        return RB.TRADE_RIVAL
    if not 0 <= action.resource < D.N_RESOURCES \
            or not state.players[state.turn].hand[action.resource]:
        return RB.TRADE_RIVAL_RETURN
    return None


def give_back_actions(state: CardsState) -> tuple[Action, ...]:
    candidates: tuple[Action, ...] = (*(GiveBack(r) for r in range(D.N_RESOURCES)),
                                      TradeRival(state.rival))
    return tuple(a for a in candidates if give_back_rule(state, a) is None)


def give_back(state: CardsState, action: Action) -> CardsState:
    """The exchange ends with as many cards to the rival as were drawn, one a step
    (catan_cards/trade.rival-return); under exchange-steps=together more cards may be
    drawn from him first."""
    why = give_back_rule(state, action)
    if why is not None:
        raise RULES.illegal(why, f"{action}: the exchange waits for a card of the hand given"
                            " back")
    if isinstance(action, TradeRival):
        return evolve(state, exchanges=state.exchanges + 1, stage=Stage.RIVAL_DRAW)
    assert isinstance(action, GiveBack)
    state = _move(state, state.turn, state.rival, action.resource)
    if state.owed_back > 1:
        return evolve(state, owed_back=state.owed_back - 1, giving_back=True)
    return evolve(state, stage=Stage.TRADE, rival=-1, owed_back=0, giving_back=False)
