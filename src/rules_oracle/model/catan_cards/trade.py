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


@implements(RB.TRADE_MIX, RB.TRADE_END)
def actions(state: CardsState) -> tuple[Action, ...]:
    """Every legal step of the trade phase, in a canonical order."""
    p = state.turn
    me = state.players[p]
    out: list[Action] = []
    if state.exchanges < allowance(me):
        out.extend(TradeStack(r) for r in range(D.N_RESOURCES) if me.hand[r])
        if a_side(me.roads) and any(me.hand):
            for t in range(D.N_RESOURCES):
                if state.market[t]:
                    out.extend(TradeMarket(t, g) for g in range(D.N_RESOURCES)
                               if me.hand[g] or g == t)
            # with the library the rival's hand is seen only once the exchange with him has
            # begun (stage choose), never through the trade phase's actions
            out.extend(TradeRival(q) for q in range(state.config.players)
                       if q != p and any(state.players[q].hand))
    out.extend(GuildTake(q) for q in _guild_targets(state))
    out.append(EndTrade())
    return tuple(out)


def _from_hand(state: CardsState) -> None:
    """An exchange with the market or a rival gives a card from the hand, so it needs one
    (catan_cards/trade.from-hand, catan_cards/empty-hand)."""
    if not any(state.players[state.turn].hand):
        raise RULES.illegal(RB.TRADE_FROM_HAND, "no card in hand to exchange")


def _exchange(state: CardsState, rival: int | None = None) -> CardsState:
    """Count one exchange against the allowance; an exchange with a rival remembers him."""
    if state.exchanges >= allowance(state.players[state.turn]):
        raise RULES.illegal(
            RB.TRADE_ALLOWANCE, f"{state.exchanges} exchanges made, no more allowed"
        )
    if rival is None:
        return evolve(state, exchanges=state.exchanges + 1)
    if a_side(state.players[state.turn].roads) == 0:
        raise RULES.illegal(RB.TRADE_NO_ROADS, "without an A-side road only the stack trades")
    if rival == state.turn or not 0 <= rival < state.config.players \
            or not any(state.players[rival].hand):
        raise RULES.illegal(RB.TRADE_RIVAL, f"seat {rival} is no rival with cards")
    met = tuple(sorted({*state.traded_with, rival}))
    return evolve(state, exchanges=state.exchanges + 1, traded_with=met, rival=rival)


def step(state: CardsState, action: Action) -> CardsState:
    """Apply one step of the trade phase."""
    p = state.turn
    me = state.players[p]
    if isinstance(action, TradeStack):
        state = _exchange(state)
        if not 0 <= action.give < D.N_RESOURCES or not me.hand[action.give]:
            raise RULES.illegal(RB.TRADE_STACK, f"no {action.give} in hand to discard")
        state = _with_hand(state, p, bump(me.hand, action.give, -1))
        # the card drawn in exchange is owed (the game deals it)
        return evolve(state, discard=bump(state.discard, action.give), drawing=(p,),
                      resume=Stage.TRADE)
    if isinstance(action, TradeMarket):
        state = _exchange(state)
        if a_side(me.roads) == 0:
            raise RULES.illegal(RB.TRADE_NO_ROADS, "without an A-side road only the stack trades")
        _from_hand(state)
        t, g = action.take, action.give
        if not (0 <= t < D.N_RESOURCES and 0 <= g < D.N_RESOURCES) or not state.market[t]:
            raise RULES.illegal(RB.TRADE_MARKET, f"no {t} in the market")
        hand = bump(me.hand, t)
        if not hand[g]:
            raise RULES.illegal(RB.TRADE_MARKET, f"no {g} in hand to return")
        return evolve(_with_hand(state, p, bump(hand, g, -1)),
                      market=bump(bump(state.market, t, -1), g))
    if isinstance(action, TradeRival):
        chooses = _library_choice(state, action.rival)
        state = _exchange(state, action.rival)
        _from_hand(state)
        return evolve(state, stage=Stage.CHOOSE if chooses else Stage.RIVAL_DRAW)
    if isinstance(action, ChooseFromRival):
        if not me.buildings[D.LIBRARY]:
            raise RULES.illegal(RB.TRADE_LIBRARY, "no library: the card is drawn blind")
        if action.rival in state.traded_with:
            raise RULES.illegal(RB.TRADE_LIBRARY_ONCE, f"seat {action.rival} was exchanged with"
                                " this turn: blind now")
        raise RULES.illegal(RB.TRADE_LIBRARY, "the library's choice follows TradeRival: the"
                            " rival's hand is seen once the exchange has begun")
    if isinstance(action, GuildTake):
        if action.rival not in _guild_targets(state):
            raise RULES.illegal(RB.TRADE_GUILD, f"no guild draw from seat {action.rival} now")
        return evolve(state, guild_used=True, rival=action.rival, stage=Stage.GUILD_DRAW)
    if isinstance(action, EndTrade):
        return evolve(state, stage=Stage.DEVELOP)
    if isinstance(action, Convert):
        raise RULES.illegal(RB.DEVELOPMENT_CONVERT, "3 alike for 1 only during development")
    raise RULES.illegal(RB.TURN_ACTOR, f"{type(action).__name__} is no step of the trade phase")


def _library_choice(state: CardsState, rival: int) -> bool:
    """Whether an exchange with ``rival`` may take a chosen card: the player on turn has a
    library and has not exchanged with him this turn (catan_cards/trade.library,
    trade.library-once)."""
    return state.players[state.turn].buildings[D.LIBRARY] > 0 \
        and rival not in state.traded_with


def choose_actions(state: CardsState) -> tuple[Action, ...]:
    """The library's choice: any card of the rival's hand, now seen, or the blind draw
    after all (the library lets its owner choose, "можете выбрать")."""
    q = state.rival
    hand = state.players[q].hand
    return (*(ChooseFromRival(q, r) for r in range(D.N_RESOURCES) if hand[r]), TradeRival(q))


def choose(state: CardsState, action: Action) -> CardsState:
    """The exchange under way with the library: the chosen card moves to the player on
    turn, who then gives one back; or the card is drawn blind (catan_cards/trade.library)."""
    q = state.rival
    if isinstance(action, TradeRival) and action.rival == q:
        return evolve(state, stage=Stage.RIVAL_DRAW)
    if not isinstance(action, ChooseFromRival) or action.rival != q:
        raise RULES.illegal(RB.TRADE_LIBRARY, f"{action}: the exchange with seat {q} takes a card"
                            " of his hand, chosen or blind")
    if not 0 <= action.resource < D.N_RESOURCES \
            or not state.players[q].hand[action.resource]:
        raise RULES.illegal(RB.TRADE_LIBRARY, f"seat {q} holds no {action.resource}")
    return evolve(_move(state, q, state.turn, action.resource), stage=Stage.GIVE_BACK,
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


def give_back_actions(state: CardsState) -> tuple[Action, ...]:
    hand = state.players[state.turn].hand
    out: list[Action] = [GiveBack(r) for r in range(D.N_RESOURCES) if hand[r]]
    if _may_draw_more(state):
        out.append(TradeRival(state.rival))
    return tuple(out)


def give_back(state: CardsState, action: Action) -> CardsState:
    """The exchange ends with as many cards to the rival as were drawn, one a step
    (catan_cards/trade.rival-return); under exchange-steps=together more cards may be
    drawn from him first."""
    if isinstance(action, TradeRival) and action.rival == state.rival \
            and _may_draw_more(state):
        return evolve(state, exchanges=state.exchanges + 1, stage=Stage.RIVAL_DRAW)
    if not isinstance(action, GiveBack):
        raise RULES.illegal(RB.TRADE_RIVAL, f"{type(action).__name__}: the exchange waits for a"
                            " card given back")
    if not 0 <= action.resource < D.N_RESOURCES \
            or not state.players[state.turn].hand[action.resource]:
        raise RULES.illegal(RB.TRADE_RIVAL_RETURN, f"no {action.resource} in hand to give back")
    state = _move(state, state.turn, state.rival, action.resource)
    if state.owed_back > 1:
        return evolve(state, owed_back=state.owed_back - 1, giving_back=True)
    return evolve(state, stage=Stage.TRADE, rival=-1, owed_back=0, giving_back=False)
