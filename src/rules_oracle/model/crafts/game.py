"""The crafts card game: 2-6 players, 4 rounds of round start, market, play and round end.

Step structure (see docs/games/crafts.md):

* round start: every card owed is one chance :class:`Draw` (round 1: 5 each, then
  the first player as a chance :class:`FirstPlayer`; later rounds: up to 5, the
  first player set by the scores);
* market: 6 chance draws, then players from the first player, in rounds:
  :class:`Exchange`, :class:`Redraw` (then 5 draws), :class:`Pass`;
* play, in steps: each player still in the round (clockwise from the first)
  :class:`Commit` a card or :class:`Stop`; then the revealed cards resolve (actions
  first, then buildings, each group clockwise from the first player): the owner
  may :class:`Buy`/:class:`Sell` one unit a step, then applies the card
  (:class:`Apply`, :class:`Knight`, :class:`Scout`, :class:`Rebuild`,
  :class:`Steal`) or declines it (:class:`Decline`, :class:`Withdraw`);
* round end: players in order :class:`Discard` and :class:`Sell`, then :class:`Done`;
* after round 4 resources are sold and coins converted automatically.
"""

from fractions import Fraction

from rules_oracle.model.core.chance import draw_outcomes, uniform
from rules_oracle.model.core.game import CHANCE, TERMINAL, Config, Game, Viewer
from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts import observation
from rules_oracle.model.crafts import rules as RB
from rules_oracle.model.crafts.actions import (
    ACTION_TYPES,
    Action,
    Apply,
    Buy,
    Commit,
    Decline,
    Discard,
    Done,
    Draw,
    Exchange,
    FirstPlayer,
    Knight,
    MageDiscard,
    Pass,
    Rebuild,
    Redraw,
    Scout,
    ScoutPick,
    Sell,
    Steal,
    Stop,
    Withdraw,
)
from rules_oracle.model.crafts.rules import RULES
from rules_oracle.model.crafts.state import (
    PH_COMMIT,
    PH_DEAL,
    PH_END,
    PH_FIRST,
    PH_MARKET,
    PH_OVER,
    PH_RESOLVE,
    TASK_MAGE,
    TASK_NONE,
    TASK_SCOUT,
    CraftsState,
)

NK = D.NK
NR = D.NR
ZERO_CARDS = (0,) * NK
ZERO_RES = (0,) * NR
CARD_RANGE = range(NK)
RES_RANGE = range(NR)

# -- prebuilt actions (legal_actions returns these shared instances) -------------------
DRAW = tuple(Draw(k) for k in CARD_RANGE)
PICK = tuple(ScoutPick(k) for k in CARD_RANGE)
COMMIT = tuple(Commit(k) for k in CARD_RANGE)
MAGE_DISCARD = tuple(MageDiscard(k) for k in CARD_RANGE)
DISCARD = tuple(Discard(k) for k in CARD_RANGE)
REBUILD = tuple(Rebuild(k) for k in CARD_RANGE)
EXCHANGE = tuple(tuple(Exchange(g, t) for t in CARD_RANGE) for g in CARD_RANGE)
BUY = tuple(Buy(r) for r in RES_RANGE)
SELL = tuple(Sell(r) for r in RES_RANGE)
PASS = Pass()
REDRAW = Redraw()
STOP = Stop()
APPLY = Apply()
DECLINE = Decline()
WITHDRAW = Withdraw()
DONE = Done()
KNIGHT = tuple(Knight(t) for t in range(-1, 6))  # KNIGHT[t + 1]
SCOUT = tuple(Scout(t) for t in range(6))
STEAL = tuple(tuple(Steal(v, r) for r in RES_RANGE) for v in range(6))

#: the action types that apply a revealed card
_EFFECT_TYPES = frozenset((Apply, Knight, Scout, Rebuild, Steal))

#: card kinds applied with a plain Apply
PLAIN = frozenset(
    (D.LUMBER, D.FARM, D.CHARCOAL, D.BAKERY, D.KVASS_YARD, D.HUNTER, D.ORE, D.CRYSTAL_MINE,
     D.LAB, D.ARMORY, D.MAGE, D.FAIR)
)
INPUTS = tuple(c.inputs for c in D.CARDS)
OUTPUTS = tuple(c.outputs for c in D.CARDS)
CARD_COINS = tuple(c.coins for c in D.CARDS)
VP = D.VP
IS_BUILDING = D.IS_BUILDING

#: ORDERS[players][first]: the players clockwise from ``first``
ORDERS = {
    n: tuple(tuple((f + d) % n for d in range(n)) for f in range(n)) for n in range(2, 7)
}


class Params:
    """The variant readings of a configuration, resolved once."""

    __slots__ = (
        "buy", "castle_any", "castle_collect", "castle_forbid", "coin_nearest", "deck_later",
        "fair_nonempty", "fair_played", "fair_revealed",
        "final_value", "first_self", "levels", "limited", "players", "recon_lose",
        "redraw_five", "scout_any", "scout_empty", "sell", "spacing", "stop_withdraw",
        "track_once",
    )

    def __init__(self, config: Config) -> None:
        o = config.option
        self.players = config.players
        self.levels = D.LEVELS_DEPTH if o("levels") == "depth" else D.LEVELS_TWO_TIER
        prices = D.PRICES_GRADED if o("prices") == "graded" else D.PRICES_FLAT
        self.buy = tuple(b for b, _ in prices)
        self.sell = tuple(s for _, s in prices)
        self.spacing = D.TRACK_SPACING[o("track_spaces")]
        self.limited = o("pebbles") == "limited"
        self.castle_any = o("castle_target") == "any"
        self.castle_forbid = o("castle_floor") == "forbid"
        self.recon_lose = o("reconstruction_points") == "lose"
        self.fair_revealed = o("fair_count") == "revealed"
        self.fair_played = o("fair_count") == "played"
        self.final_value = o("final_sale") == "value"
        self.track_once = o("track_repeat") == "once"
        self.first_self = o("first_tie") == "self"
        self.coin_nearest = o("coin_rounding") == "nearest"
        self.scout_any = o("scouting_target") == "any"
        self.scout_empty = o("scouting_empty") == "draw"
        self.redraw_five = o("redraw_hand") == "exactly-five"
        self.castle_collect = o("castle_setback") == "collect"
        self.deck_later = o("deck_rebuild") == "next-draw"
        self.fair_nonempty = o("empty_fair") == "decline"
        self.stop_withdraw = o("commit_stop") == "withdraw"


_PARAMS: dict[Config, Params] = {}


def params(config: Config) -> Params:
    p = _PARAMS.get(config)
    if p is None:
        p = _PARAMS[config] = Params(config)
    return p


def _set(t: tuple[int, ...], i: int, v: int) -> tuple[int, ...]:
    return (*t[:i], v, *t[i + 1:])


def _add(t: tuple[int, ...], i: int, d: int) -> tuple[int, ...]:
    return (*t[:i], t[i] + d, *t[i + 1:])


def _setb(t: tuple[bool, ...], i: int, v: bool) -> tuple[bool, ...]:
    return (*t[:i], v, *t[i + 1:])


def _row(tt: tuple[tuple[int, ...], ...], i: int,
         row: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return (*tt[:i], row, *tt[i + 1:])


def _plus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


class W:
    """A mutable working copy of a state (fields are replaced, tuples never mutated)."""

    __slots__ = (
        "bank", "best", "boards", "coins", "committed", "config", "deck", "declined", "discard",
        "exchanges", "first", "hands", "market", "owed", "passed", "phase", "round", "scores",
        "stopped", "table", "task", "task_count", "task_player", "to_market", "turn",
    )

    def __init__(self, s: CraftsState) -> None:
        self.config = s.config
        self.round = s.round
        self.phase = s.phase
        self.turn = s.turn
        self.first = s.first
        self.scores = s.scores
        self.best = s.best
        self.coins = s.coins
        self.boards = s.boards
        self.bank = s.bank
        self.deck = s.deck
        self.discard = s.discard
        self.market = s.market
        self.to_market = s.to_market
        self.hands = s.hands
        self.table = s.table
        self.committed = s.committed
        self.passed = s.passed
        self.exchanges = s.exchanges
        self.declined = s.declined
        self.owed = s.owed
        self.task = s.task
        self.task_player = s.task_player
        self.task_count = s.task_count
        self.stopped = s.stopped

    def freeze(self) -> CraftsState:
        return CraftsState(
            self.config, self.round, self.phase, self.turn, self.first, self.scores, self.best,
            self.coins, self.boards, self.bank, self.deck, self.discard, self.market,
            self.to_market, self.hands, self.table, self.committed, self.passed, self.exchanges,
            self.declined, self.owed, self.task, self.task_player, self.task_count,
            self.stopped,
        )

    # -- small effects ---------------------------------------------------------------
    def take(self, n: int, p: Params) -> int:
        """Take up to ``n`` pebbles from the bank (all ``n`` when the pool is unlimited)."""
        if p.limited and n > self.bank:
            n = max(self.bank, 0)
        self.bank -= n
        return n

    def gain_resource(self, i: int, r: int, n: int, p: Params) -> None:
        got = self.take(n, p)
        if got:
            board = self.boards[i]
            self.boards = _row(self.boards, i, _add(board, r, got))

    def gain_coins(self, i: int, n: int, p: Params) -> None:
        got = self.take(n, p)
        if got:
            self.coins = _add(self.coins, i, got)

    def forward(self, i: int, vp: int, p: Params) -> None:
        """Move player ``i``'s marker ``vp`` spaces on, collecting resource spaces."""
        old = self.scores[i]
        new = old + vp
        self.scores = _set(self.scores, i, new)
        best = self.best[i]
        low = max(old, best) if p.track_once else old
        sp = p.spacing
        k = low // sp + 1
        while k * sp <= new:
            self.gain_resource(i, D.TRACK_CYCLE[(k - 1) % len(D.TRACK_CYCLE)], 1, p)
            k += 1
        if new > best:
            self.best = _set(self.best, i, new)

    def back(self, i: int, p: Params) -> None:
        """A Castle's setback: player ``i``'s marker moves 4 spaces back (not below 0);
        under ``castle_setback=collect`` (and ``track_repeat=repeat``) every resource space
        it passes or stops on going back gives its resource (crafts/castle-setback-collect)."""
        old = self.scores[i]
        new = max(0, old - D.CASTLE_SETBACK)
        self.scores = _set(self.scores, i, new)
        if not p.castle_collect or p.track_once:
            return
        sp = p.spacing
        k = -(-new // sp) if new > 0 else 1  # the first space at or above new (spaces from sp)
        while k * sp < old:
            self.gain_resource(i, D.TRACK_CYCLE[(k - 1) % len(D.TRACK_CYCLE)], 1, p)
            k += 1

    def sell_one(self, i: int, r: int, p: Params) -> None:
        self.boards = _row(self.boards, i, _add(self.boards[i], r, -1))
        self.bank += 1
        self.gain_coins(i, p.sell[r], p)


def _draw_target(s: CraftsState | W) -> int:
    """Who receives the next card drawn: a player, or -1 for the market."""
    owed = s.owed
    n = len(owed)
    f = s.first if s.first >= 0 else 0
    for i in ORDERS[n][f]:
        if owed[i]:
            return i
    return -1


def _draws_pending(s: CraftsState | W) -> bool:
    return s.to_market > 0 or any(s.owed)


def resolver(s: CraftsState | W) -> int:
    """The player whose revealed card resolves next: action cards first, then buildings,
    each clockwise from the first player; -1 when none is left."""
    committed = s.committed
    order = ORDERS[len(committed)][s.first]
    for i in order:
        c = committed[i]
        if c >= 0 and not IS_BUILDING[c]:
            return i
    for i in order:
        if committed[i] >= 0:
            return i
    return -1


def _next_unpassed(passed: tuple[bool, ...], i: int) -> int:
    n = len(passed)
    for d in range(1, n + 1):
        j = (i + d) % n
        if not passed[j]:
            return j
    return -1


def _first_of_round(s: W, p: Params) -> int:
    low = min(s.scores)
    n = p.players
    start = 0 if p.first_self else 1
    for d in range(start, start + n):
        j = (s.first + d) % n
        if s.scores[j] == low:
            return j
    raise AssertionError("no lowest score")  # pragma: no cover


def _fair_count(s: CraftsState | W, p: Params, i: int) -> int:
    """The other cards a Fair of player ``i`` counts (crafts/fair-count)."""
    table = s.table[i]
    count = sum(table)
    if p.fair_revealed:
        count += s.declined[i]
    elif p.fair_played:  # each Reconstruction on the table returned one card
        count += table[D.RECONSTRUCTION]
    return count


def _coin_points(coins: int, p: Params) -> int:
    if p.coin_nearest:
        return (coins + 2) // D.COINS_PER_POINT
    return coins // D.COINS_PER_POINT


def _settle(w: W, p: Params) -> None:
    """Run the automatic transitions until a choice (player or chance) is pending."""
    n = p.players
    while True:
        if w.to_market or any(w.owed):
            if sum(w.deck) + sum(w.discard) == 0:  # crafts/deck-exhausted: draws are lost
                w.to_market = 0
                w.owed = (0,) * n
            else:
                return
        if w.task == TASK_SCOUT:
            return
        ph = w.phase
        if ph == PH_DEAL:
            if w.first < 0:
                w.phase = PH_FIRST
                return
            w.phase = PH_MARKET
            w.to_market = D.MARKET
            w.passed = (False,) * n
            w.exchanges = (0,) * n
            w.turn = w.first
            continue
        if ph == PH_MARKET:
            if all(w.passed):
                w.discard = _plus(w.discard, w.market)
                w.market = ZERO_CARDS
                w.phase = PH_COMMIT
                w.passed = (False,) * n
                w.committed = (-1,) * n
                w.declined = (0,) * n
                continue
            if w.passed[w.turn]:
                w.turn = _next_unpassed(w.passed, w.turn)
            return
        if ph == PH_COMMIT:
            for i in ORDERS[n][w.first]:
                if not w.passed[i] and w.committed[i] < 0 and any(w.hands[i]):
                    w.turn = i
                    return
            w.stopped = 0  # every seat has chosen: the step's stops are seen
            if any(c >= 0 for c in w.committed):
                w.phase = PH_RESOLVE
                continue
            discard = w.discard
            for row in w.table:
                discard = _plus(discard, row)
            w.discard = discard
            w.table = (ZERO_CARDS,) * n
            w.phase = PH_END
            w.passed = (False,) * n
            continue
        if ph == PH_RESOLVE:
            if w.task == TASK_MAGE:
                if w.task_count > 0 and any(w.hands[w.task_player]):
                    w.turn = w.task_player
                    return
                w.task = TASK_NONE
                w.task_player = -1
                w.task_count = 0
            r = resolver(w)
            if r >= 0:
                w.turn = r
                return
            w.phase = PH_COMMIT
            continue
        if ph == PH_END:
            for i in ORDERS[n][w.first]:
                if not w.passed[i]:
                    w.turn = i
                    return
            if w.round >= D.ROUNDS:
                _final(w, p)
                return
            w.round += 1
            w.first = _first_of_round(w, p)
            w.turn = w.first
            w.owed = tuple(max(0, D.HAND - sum(h)) for h in w.hands)
            w.phase = PH_DEAL
            continue
        return  # PH_FIRST, PH_OVER


def _final(w: W, p: Params) -> None:
    """final.sell in player order from the first player (crafts/final-sale); under
    ``final_sale=value`` what the bank could not pay still counts for the conversion."""
    unpaid = [0] * p.players
    sell = p.sell
    for i in ORDERS[p.players][w.first]:
        for r in RES_RANGE:
            for _ in range(w.boards[i][r]):
                before = w.coins[i]
                w.sell_one(i, r, p)
                unpaid[i] += sell[r] - (w.coins[i] - before)
    if not p.final_value:
        unpaid = [0] * p.players
    w.scores = tuple(sc + _coin_points(c + u, p)
                     for sc, c, u in zip(w.scores, w.coins, unpaid, strict=True))
    w.phase = PH_OVER
    w.turn = -1


class CraftsGame(Game[CraftsState, Action]):
    name = "crafts"
    title = "Crafts (medieval crafts card game)"
    min_players = 2
    max_players = 6
    rules = RULES
    state_type = CraftsState
    action_types = ACTION_TYPES
    observation_types = observation.OBSERVATION_TYPES

    # -- set-up ----------------------------------------------------------------------
    def setup(self, config: Config) -> CraftsState:
        n = config.players
        if not self.min_players <= n <= self.max_players:
            from rules_oracle.model.core.errors import ConfigError

            raise ConfigError(f"crafts takes 2 to 6 players, not {n}")
        return CraftsState(
            config=config, round=1, phase=PH_DEAL, turn=-1, first=-1,
            scores=(0,) * n, best=(0,) * n, coins=(D.START_COINS,) * n,
            boards=(ZERO_RES,) * n, bank=D.PEBBLES - D.START_COINS * n,
            deck=D.FULL_DECK, discard=ZERO_CARDS, market=ZERO_CARDS, to_market=0,
            hands=(ZERO_CARDS,) * n, table=(ZERO_CARDS,) * n, committed=(-1,) * n,
            passed=(False,) * n, exchanges=(0,) * n, declined=(0,) * n, owed=(D.HAND,) * n,
        )

    def observe(self, state: CraftsState,
                viewer: Viewer) -> observation.PublicView | observation.PlayerView:
        """What ``viewer`` may see (``model.crafts.observation``)."""
        return observation.observe(state, viewer)

    # -- who acts ----------------------------------------------------------------------
    def actor(self, state: CraftsState) -> int:
        ph = state.phase
        if ph == PH_OVER:
            return TERMINAL
        if state.to_market or any(state.owed) or ph == PH_FIRST or state.task == TASK_SCOUT:
            return CHANCE
        return state.turn

    def chance_outcomes(self, state: CraftsState) -> tuple[tuple[Action, Fraction], ...]:
        if state.phase == PH_OVER:
            return ()
        if _draws_pending(state):
            pile = state.deck if any(state.deck) else state.discard
            return draw_outcomes(zip(CARD_RANGE, pile, strict=True), DRAW.__getitem__)
        if state.phase == PH_FIRST:
            return uniform([FirstPlayer(i) for i in range(state.config.players)])
        if state.task == TASK_SCOUT:
            hand = state.hands[state.task_player]
            return draw_outcomes(zip(CARD_RANGE, hand, strict=True), PICK.__getitem__)
        return ()

    # -- legal actions --------------------------------------------------------------------
    def legal_actions(self, state: CraftsState) -> tuple[Action, ...]:
        if self.actor(state) < 0:
            return ()
        p = params(state.config)
        ph = state.phase
        i = state.turn
        hand = state.hands[i]
        out: list[Action] = []
        if ph == PH_MARKET:
            if state.exchanges[i] == 0 or state.coins[i] >= D.EXTRA_EXCHANGE:
                takes = [t for t in CARD_RANGE if state.market[t]]
                for g in CARD_RANGE:
                    if hand[g]:
                        row = EXCHANGE[g]
                        out.extend(row[t] for t in takes)
            if state.exchanges[i] == 0 and self._can_redraw(hand, p):
                out.append(REDRAW)
            out.append(PASS)
        elif ph == PH_COMMIT:
            out.extend(COMMIT[k] for k in CARD_RANGE if hand[k])
            if not p.stop_withdraw:
                out.append(STOP)
        elif ph == PH_RESOLVE:
            if state.task == TASK_MAGE:
                out.extend(MAGE_DISCARD[k] for k in CARD_RANGE if hand[k])
                return tuple(out)
            coins = state.coins[i]
            board = state.boards[i]
            out.extend(BUY[r] for r in RES_RANGE if coins >= p.buy[r])
            out.extend(SELL[r] for r in RES_RANGE if board[r])
            out.extend(self._effects(state, p, i, state.committed[i]))
            out.append(DECLINE)
            out.append(WITHDRAW)
        elif ph == PH_END:
            out.extend(DISCARD[k] for k in CARD_RANGE if hand[k])
            board = state.boards[i]
            out.extend(SELL[r] for r in RES_RANGE if board[r])
            out.append(DONE)
        return tuple(out)

    @staticmethod
    def _can_redraw(hand: tuple[int, ...], p: Params) -> bool:
        size = sum(hand)
        return size == D.HAND if p.redraw_five else size > 0

    def _effects(self, s: CraftsState, p: Params, i: int, c: int) -> list[Action]:
        """The ways player ``i`` can apply his revealed card ``c`` now."""
        board = s.boards[i]
        coins = s.coins[i]
        if c in PLAIN:
            if coins < CARD_COINS[c]:
                return []
            if c == D.FAIR and p.fair_nonempty and not _fair_count(s, p, i):
                return []
            for r in INPUTS[c]:
                if not board[r]:
                    return []
            return [APPLY]
        n = p.players
        if c == D.CASTLE:
            if not (board[D.KVASS] and board[D.SWORD] and coins >= 1):
                return []
            targets = self._knight_targets(s.scores, p, i)
            return [KNIGHT[t + 1] for t in targets]
        if c == D.SCOUTING:
            return [SCOUT[t] for t in range(n)
                    if (t != i or p.scout_any) and (p.scout_empty or any(s.hands[t]))]
        if c == D.RECONSTRUCTION:
            table = s.table[i]
            return [REBUILD[k] for k in CARD_RANGE if table[k] and k != D.RECONSTRUCTION]
        # THEFT
        out: list[Action] = []
        levels = p.levels
        for v in range(n):
            if v == i:
                continue
            vb = s.boards[v]
            row = STEAL[v]
            for r in RES_RANGE:
                lv = levels[r]
                if vb[r] and lv <= 2 and coins >= lv:
                    out.append(row[r])
        return out

    @staticmethod
    def _knight_targets(scores: tuple[int, ...], p: Params, i: int) -> list[int]:
        cands = [t for t in range(p.players) if t != i or p.castle_any]
        if p.castle_forbid:
            cands = [t for t in cands if scores[t] >= D.CASTLE_SETBACK]
            if not cands:
                return [-1]
        return cands

    # -- apply -----------------------------------------------------------------------------
    def apply(self, state: CraftsState, action: Action) -> CraftsState:
        who = self.actor(state)
        if who == TERMINAL:
            raise RULES.illegal(RB.GAME_OVER, "the game is over")
        p = params(state.config)
        w = W(state)
        if who == CHANCE:
            self._chance(w, p, action)
        else:
            ph = state.phase
            if ph == PH_MARKET:
                self._market(w, p, who, action)
            elif ph == PH_COMMIT:
                self._commit(w, p, who, action)
            elif ph == PH_RESOLVE:
                if w.task == TASK_MAGE:
                    self._mage_discard(w, who, action)
                else:
                    self._resolve(w, p, who, action)
            else:
                self._end(w, p, who, action)
        _settle(w, p)
        return w.freeze()

    def _chance(self, w: W, p: Params, a: Action) -> None:
        if _draws_pending(w):
            if type(a) is not Draw or not 0 <= a.card < NK:
                raise RULES.illegal(RB.SETUP_SHUFFLE, f"a card draw is due, not {a!r}")
            if not any(w.deck):  # ran out while the discard was empty: rebuilt now
                w.deck, w.discard = w.discard, ZERO_CARDS
            if not w.deck[a.card]:
                raise RULES.illegal(RB.SETUP_SHUFFLE,
                                    f"no {D.CARD_KEYS[a.card]} is left in the deck")
            w.deck = _add(w.deck, a.card, -1)
            if not p.deck_later and not any(w.deck):  # deck.reshuffle: the moment it runs out
                w.deck, w.discard = w.discard, ZERO_CARDS
            t = _draw_target(w)
            if t >= 0:
                w.hands = _row(w.hands, t, _add(w.hands[t], a.card, 1))
                w.owed = _add(w.owed, t, -1)
            else:
                w.market = _add(w.market, a.card, 1)
                w.to_market -= 1
            return
        if w.phase == PH_FIRST:
            if type(a) is not FirstPlayer or not 0 <= a.player < p.players:
                raise RULES.illegal(RB.ROUND_FIRST_RANDOM, f"a first player is due, not {a!r}")
            w.first = a.player
            w.turn = a.player
            w.phase = PH_DEAL
            return
        # TASK_SCOUT
        victim = w.task_player
        hand = w.hands[victim]
        if type(a) is not ScoutPick or not 0 <= a.card < NK or not hand[a.card]:
            raise RULES.illegal(RB.CARD_RULES[D.SCOUTING],
                                f"a random card of player {victim}'s hand is due, not {a!r}")
        scout = w.task_count
        w.hands = _row(w.hands, victim, _add(hand, a.card, -1))
        w.hands = _row(w.hands, scout, _add(w.hands[scout], a.card, 1))
        w.owed = _add(w.owed, victim, 1)
        w.task = TASK_NONE
        w.task_player = -1
        w.task_count = 0

    def _market(self, w: W, p: Params, i: int, a: Action) -> None:
        t = type(a)
        hand = w.hands[i]
        if t is Exchange:
            assert isinstance(a, Exchange)
            g, k = a.give, a.take
            if not (0 <= g < NK and hand[g]):
                raise RULES.illegal(RB.MARKET_EXCHANGE, f"no card {g} in hand to exchange")
            if not (0 <= k < NK and w.market[k]):
                raise RULES.illegal(RB.MARKET_EXCHANGE, f"no card {k} in the market")
            if w.exchanges[i]:
                if w.coins[i] < D.EXTRA_EXCHANGE:
                    raise RULES.illegal(RB.MARKET_EXTRA_COST, "a further exchange costs 2 coins")
                w.coins = _add(w.coins, i, -D.EXTRA_EXCHANGE)
                w.bank += D.EXTRA_EXCHANGE
            w.hands = _row(w.hands, i, _add(_add(hand, g, -1), k, 1))
            w.market = _add(_add(w.market, k, -1), g, 1)
            w.exchanges = _add(w.exchanges, i, 1)
            w.turn = _next_unpassed(w.passed, i)
        elif t is Redraw:
            if w.exchanges[i]:
                raise RULES.illegal(RB.MARKET_REDRAW_ONCE,
                                    "a redraw replaces the first free exchange only")
            if not self._can_redraw(hand, p):
                raise RULES.illegal(RB.MARKET_REDRAW, f"cannot redraw a hand of {sum(hand)}")
            w.discard = _plus(w.discard, hand)
            w.hands = _row(w.hands, i, ZERO_CARDS)
            w.owed = _set(w.owed, i, D.HAND)
            w.exchanges = _set(w.exchanges, i, 1)
            w.turn = _next_unpassed(w.passed, i)
        elif t is Pass:
            w.passed = _setb(w.passed, i, True)
            w.turn = _next_unpassed(w.passed, i)
        else:
            raise RULES.illegal(RB.MARKET_EXCHANGE, f"in the market exchange or pass, not {a!r}")

    def _commit(self, w: W, p: Params, i: int, a: Action) -> None:
        t = type(a)
        if t is Commit:
            assert isinstance(a, Commit)
            k = a.card
            if not (0 <= k < NK and w.hands[i][k]):
                raise RULES.illegal(RB.PLAY_COMMIT, f"no card {k} in hand")
            w.hands = _row(w.hands, i, _add(w.hands[i], k, -1))
            w.committed = _set(w.committed, i, k)
        elif t is Stop:
            if p.stop_withdraw:
                raise RULES.illegal(RB.PLAY_MAY_STOP, "under commit_stop=withdraw a player stops"
                                    " only by taking his revealed card back")
            w.passed = _setb(w.passed, i, True)
            w.stopped |= 1 << i
        elif t is Buy or t is Sell:
            raise RULES.illegal(RB.TRADE_NOT_AFTER, "trade only before applying your card")
        else:
            raise RULES.illegal(RB.PLAY_COMMIT, f"commit a card face down or stop, not {a!r}")

    def _mage_discard(self, w: W, i: int, a: Action) -> None:
        if type(a) is not MageDiscard:
            raise RULES.illegal(RB.CARD_MAGE_DISCARD, f"discard a card for the Mage, not {a!r}")
        k = a.card
        hand = w.hands[i]
        if not (0 <= k < NK and hand[k]):
            raise RULES.illegal(RB.CARD_MAGE_DISCARD, f"no card {k} in hand")
        w.hands = _row(w.hands, i, _add(hand, k, -1))
        w.discard = _add(w.discard, k, 1)
        w.task_count -= 1

    def _trade(self, w: W, p: Params, i: int, a: Buy | Sell) -> None:
        r = a.resource
        if not 0 <= r < NR:
            raise RULES.illegal(RB.TRADE_PRICES, f"no resource {r}")
        if type(a) is Buy:
            price = p.buy[r]
            if w.coins[i] < price:
                raise RULES.illegal(RB.TRADE_PRICES,
                                    f"{D.RESOURCES[r]} costs {price}, you have {w.coins[i]}")
            w.coins = _add(w.coins, i, -price)
            w.bank += price - 1
            w.boards = _row(w.boards, i, _add(w.boards[i], r, 1))
        else:
            if not w.boards[i][r]:
                raise RULES.illegal(RB.TRADE_OWN_BOARD, f"no {D.RESOURCES[r]} on your board")
            w.sell_one(i, r, p)

    def _resolve(self, w: W, p: Params, i: int, a: Action) -> None:
        t = type(a)
        c = w.committed[i]
        if t is Buy or t is Sell:
            assert isinstance(a, Buy | Sell)
            self._trade(w, p, i, a)
            return
        if t is Decline:
            w.discard = _add(w.discard, c, 1)
            w.committed = _set(w.committed, i, -1)
            w.declined = _add(w.declined, i, 1)
            return
        if t is Withdraw:
            w.hands = _row(w.hands, i, _add(w.hands[i], c, 1))
            w.committed = _set(w.committed, i, -1)
            w.declined = _add(w.declined, i, 1)
            w.passed = _setb(w.passed, i, True)
            return
        rule = RB.CARD_RULES[c]
        if t is Apply:
            if c not in PLAIN:
                raise RULES.illegal(RB.PLAY_OWN_CARD, f"{D.CARD_KEYS[c]} is not applied plainly")
            if c == D.FAIR:
                count = _fair_count(w, p, i)
                if not count and p.fair_nonempty:
                    raise RULES.illegal(RB.PLAY_CANNOT_APPLY, "the Fair has no other played card to"
                                        " count (empty_fair=decline)")
                self._pay(w, i, c, rule)
                w.gain_coins(i, D.FAIR_COINS * count, p)
            else:
                self._pay(w, i, c, rule)
                for r in OUTPUTS[c]:
                    w.gain_resource(i, r, 1, p)
                if c == D.MAGE:
                    w.owed = _add(w.owed, i, D.MAGE_DRAW)
                    w.task = TASK_MAGE
                    w.task_player = i
                    w.task_count = D.MAGE_DISCARD
        elif t is Knight:
            assert isinstance(a, Knight)
            if c != D.CASTLE:
                raise RULES.illegal(RB.PLAY_OWN_CARD, f"{D.CARD_KEYS[c]} is no Castle")
            if a.target not in self._knight_targets(w.scores, p, i):
                raise RULES.illegal(RB.CARD_CASTLE_SETBACK, f"cannot set back player {a.target}")
            self._pay(w, i, c, rule)
            self._place(w, p, i, c)
            if a.target >= 0:
                w.back(a.target, p)
            return
        elif t is Scout:
            assert isinstance(a, Scout)
            if c != D.SCOUTING:
                raise RULES.illegal(RB.PLAY_OWN_CARD, f"{D.CARD_KEYS[c]} is no Scouting")
            v = a.target
            if not 0 <= v < p.players or (v == i and not p.scout_any):
                raise RULES.illegal(rule, f"cannot scout player {v}")
            if any(w.hands[v]):
                w.task = TASK_SCOUT
                w.task_player = v
                w.task_count = i
            elif p.scout_empty:
                w.owed = _add(w.owed, v, 1)
            else:
                raise RULES.illegal(rule, f"player {v} has no card to take")
        elif t is Rebuild:
            assert isinstance(a, Rebuild)
            if c != D.RECONSTRUCTION:
                raise RULES.illegal(RB.PLAY_OWN_CARD, f"{D.CARD_KEYS[c]} is no Reconstruction")
            k = a.card
            if not (0 <= k < NK and w.table[i][k]) or k == D.RECONSTRUCTION:
                raise RULES.illegal(rule, f"no returnable card {k} on your table")
            w.table = _row(w.table, i, _add(w.table[i], k, -1))
            w.hands = _row(w.hands, i, _add(w.hands[i], k, 1))
            if p.recon_lose and VP[k]:
                w.scores = _set(w.scores, i, max(0, w.scores[i] - VP[k]))
        elif t is Steal:
            assert isinstance(a, Steal)
            if c != D.THEFT:
                raise RULES.illegal(RB.PLAY_OWN_CARD, f"{D.CARD_KEYS[c]} is no Theft")
            v, r = a.victim, a.resource
            if not 0 <= v < p.players or v == i:
                raise RULES.illegal(RB.CARD_THEFT_TYPE, f"cannot steal from player {v}")
            if not 0 <= r < NR or p.levels[r] > 2:
                raise RULES.illegal(rule, f"resource {r} is not of level I or II")
            level = p.levels[r]
            if not w.boards[v][r]:
                raise RULES.illegal(rule, f"player {v} has no {D.RESOURCES[r]}")
            if w.coins[i] < level:
                raise RULES.illegal(rule, f"a level {level} theft costs {level} coins")
            w.coins = _add(w.coins, i, -level)
            w.bank += level
            w.boards = _row(w.boards, v, _add(w.boards[v], r, -1))
            w.boards = _row(w.boards, i, _add(w.boards[i], r, 1))
        else:
            raise RULES.illegal(RB.PLAY_OWN_CARD,
                                f"resolve your {D.CARD_KEYS[c]}: trade, apply or decline,"
                                f" not {a!r}")
        self._place(w, p, i, c)

    @staticmethod
    def _pay(w: W, i: int, c: int, rule: str) -> None:
        board = w.boards[i]
        cost = CARD_COINS[c]
        if w.coins[i] < cost:
            raise RULES.illegal(rule, f"{D.CARD_KEYS[c]} needs {cost} coin(s)")
        for r in INPUTS[c]:
            if not board[r]:
                raise RULES.illegal(rule, f"{D.CARD_KEYS[c]} needs {D.RESOURCES[r]}")
            board = _add(board, r, -1)
        w.boards = _row(w.boards, i, board)
        w.bank += len(INPUTS[c]) + cost
        if cost:
            w.coins = _add(w.coins, i, -cost)

    @staticmethod
    def _place(w: W, p: Params, i: int, c: int) -> None:
        """The applied card goes on the table; a building scores its points."""
        w.table = _row(w.table, i, _add(w.table[i], c, 1))
        w.committed = _set(w.committed, i, -1)
        if VP[c]:
            w.forward(i, VP[c], p)

    def _end(self, w: W, p: Params, i: int, a: Action) -> None:
        t = type(a)
        if t is Discard:
            assert isinstance(a, Discard)
            k = a.card
            if not (0 <= k < NK and w.hands[i][k]):
                raise RULES.illegal(RB.END_DISCARD, f"no card {k} in hand")
            w.hands = _row(w.hands, i, _add(w.hands[i], k, -1))
            w.discard = _add(w.discard, k, 1)
        elif t is Sell:
            assert isinstance(a, Sell)
            r = a.resource
            if not (0 <= r < NR and w.boards[i][r]):
                raise RULES.illegal(RB.END_SELL, f"no resource {r} on your board")
            w.sell_one(i, r, p)
        elif t is Done:
            w.passed = _setb(w.passed, i, True)
        else:
            raise RULES.illegal(RB.END_SELL if t is Buy else RB.END_DISCARD,
                                f"at round end discard, sell or say done, not {a!r}")

    # -- rules a step shows (conformance vectors) ------------------------------------------
    def effect_rules(self, state: CraftsState, action: Action,
                     after: CraftsState) -> tuple[str, ...]:
        """The rules whose effect the legal step ``state --action--> after`` shows."""
        out: list[str] = []
        t = type(action)
        if state.phase == PH_DEAL and state.round == 1 and state.first < 0 \
                and sum(state.deck) == D.TOTAL_CARDS:  # the first step: the set-up
            out += [
                RB.SETUP_COINS,
                RB.SETUP_MARKERS_ZERO,
                RB.COMPONENTS_BUILDINGS,
                RB.COMPONENTS_ACTIONS,
                RB.COMPONENTS_PEBBLES,
                RB.COMPONENTS_COINS,
                RB.COMPONENTS_BANK,
                RB.COMPONENTS_BOARDS,
            ]
        if t is Draw:
            out.append(RB.SETUP_SHUFFLE)
            if state.to_market and not any(state.owed):
                out.append(RB.MARKET_SIX_CARDS)
            elif state.phase == PH_DEAL:
                out.append(RB.ROUND_DEAL_FIRST if state.round == 1 else RB.ROUND_REFILL)
            elif state.phase == PH_RESOLVE:
                out.append(RB.CARD_MAGE_DRAW if state.task == TASK_MAGE else RB.CARD_SCOUTING_DRAW)
            if sum(after.deck) + sum(after.discard) == sum(state.deck) + sum(state.discard) - 1 \
                    and sum(after.deck) > sum(state.deck) - 1:
                out.append(RB.DECK_RESHUFFLE)
        elif t is FirstPlayer:
            out.append(RB.ROUND_FIRST_RANDOM)
        elif t is ScoutPick:
            out.append(RB.CARD_RULES[D.SCOUTING])
        elif t is Exchange:
            free = state.exchanges[state.turn] == 0
            out += [RB.MARKET_EXCHANGE, RB.MARKET_TURN_ORDER,
                    RB.MARKET_FREE_FIRST if free else RB.MARKET_EXTRA_COST]
        elif t is Redraw:  # it uses up the free exchange: every later one costs 2
            out += [RB.MARKET_REDRAW, RB.MARKET_REDRAW_AFTER, RB.MARKET_TURN_ORDER]
        elif t is Pass:
            out += [RB.MARKET_PASS, RB.MARKET_TURN_ORDER]
            if after.phase != PH_MARKET:
                out.append(RB.MARKET_TO_DISCARD)
        elif t is Commit:
            out += [RB.PLAY_STEPS, RB.PLAY_COMMIT]
        elif t is Stop:
            out.append(RB.PLAY_MAY_STOP)
        elif t is MageDiscard:
            out.append(RB.CARD_MAGE_DISCARD)
        elif (t is Buy or t is Sell) and state.phase == PH_RESOLVE:
            out += [RB.TRADE_BEFORE_APPLY, RB.TRADE_PRICES, RB.TRADE_OWN_BOARD, RB.TRADE_BANK]
        elif t is Sell:
            out += [RB.END_SELL, RB.TRADE_PRICES]
        elif t is Discard:
            out.append(RB.END_DISCARD)
        elif t is Decline or t is Withdraw:
            out += [RB.PLAY_CANNOT_APPLY, RB.PLAY_DECLINED_NO_VP,
                    RB.PLAY_DECLINE_DISCARD if t is Decline else RB.PLAY_WITHDRAW]
        elif t in _EFFECT_TYPES:
            i = state.turn
            c = state.committed[i]
            out += [RB.PLAY_OWN_CARD, RB.CARD_RULES[c], RB.PLAY_CLOCKWISE, RB.PLAY_TABLE]
            if not IS_BUILDING[c]:
                out += [RB.PLAY_ACTIONS_FIRST, RB.COMPONENTS_ACTIONS_NO_VP]
            if VP[c]:
                out.append(RB.PLAY_VP)
                p = params(state.config)
                old = state.scores[i]
                # the spaces the marker reaches past its start (past its furthest under
                # track_repeat=once, as W.forward collects them)
                low = max(old, state.best[i]) if p.track_once else old
                if (old + VP[c]) // p.spacing > low // p.spacing:
                    out.append(RB.PLAY_TRACK_RESOURCE)
            if t is Knight:
                out.append(RB.CARD_CASTLE_SETBACK)
            elif t is Steal:
                out.append(RB.CARD_THEFT_TYPE)
        elif t is Done and after.phase == PH_OVER:
            out += [RB.FINAL_SELL, RB.FINAL_CONVERT, RB.FINAL_WINNER]
        if state.phase in (PH_COMMIT, PH_RESOLVE) and after.phase == PH_END:
            out += [RB.PLAY_END, RB.END_TABLE_DISCARD]
        if after.round != state.round:
            out += [RB.GAME_ROUNDS, RB.ROUND_FIRST_LOWEST]
            low = min(after.scores)
            if sum(1 for x in after.scores if x == low) > 1:
                out.append(RB.ROUND_FIRST_TIE)
            if any(sum(h) > D.HAND for h in after.hands):
                out.append(RB.ROUND_KEEP_EXTRA)
        return tuple(dict.fromkeys(out))

    # -- eager play policy ---------------------------------------------------------------
    def policy_weights(self, state: CraftsState,
                       actions: tuple[Action, ...]) -> tuple[int, ...] | None:
        """Weights for ``eager`` play: carry play on and into the deep chains.

        Commit a card that can be applied (or made applicable by buying its missing
        inputs) rather than stop; buy what the revealed card lacks; apply rather than
        decline; after the free exchange mostly pass (paid exchanges drain the coins
        the chains need); at round end keep cards and resources. Every legal action
        keeps a weight of at least 1.
        """
        ph = state.phase
        if ph == PH_COMMIT:
            return self._commit_weights(state, actions)
        if ph == PH_RESOLVE:
            if state.task == TASK_MAGE:
                return None
            return self._resolve_weights(state, actions)
        n = len(actions)
        if ph == PH_MARKET:
            paid = state.exchanges[state.turn] > 0
            return tuple(
                (2 * n if paid else 1 + n // 8) if type(a) is Pass
                else 2 if type(a) is Redraw else 1
                for a in actions)
        if ph == PH_END:
            return tuple(max(4, n) if type(a) is Done else 1 for a in actions)
        return None

    @staticmethod
    def _shortfall(board: tuple[int, ...], coins: int, c: int, p: Params) -> int:
        """Coins player needs to buy what card ``c`` lacks (-1: he cannot afford it)."""
        need = 0
        for r in INPUTS[c]:
            if not board[r]:
                need += p.buy[r]
        return need if need + CARD_COINS[c] <= coins else -1

    def _commit_weights(self, s: CraftsState, actions: tuple[Action, ...]) -> tuple[int, ...]:
        i = s.turn
        p = params(s.config)
        board = s.boards[i]
        coins = s.coins[i]
        out = []
        for a in actions:
            if type(a) is not Commit:
                out.append(1)  # Stop
                continue
            c = a.card
            if IS_BUILDING[c]:
                short = self._shortfall(board, coins, c, p)
                w = 2 if short < 0 else 8 if short else 20
                if w > 2 and VP[c] >= 5:
                    w *= 3  # the deep cards: laboratory, armory, castle, mage tower
            elif c == D.FAIR:
                w = 4 + 4 * sum(s.table[i])
            elif c == D.RECONSTRUCTION:
                w = 10 if any(s.table[i]) else 2
            else:
                w = 6
            out.append(w)
        return tuple(out)

    def _resolve_weights(self, s: CraftsState, actions: tuple[Action, ...]) -> tuple[int, ...]:
        i = s.turn
        c = s.committed[i]
        board = s.boards[i]
        inputs = INPUTS[c]
        effects = sum(1 for a in actions if type(a) in _EFFECT_TYPES)
        lacks = any(not board[r] for r in inputs) or s.coins[i] < CARD_COINS[c]
        out = []
        for a in actions:
            t = type(a)
            if t in _EFFECT_TYPES:
                w = 1 + 60 // effects
            elif t is Buy:
                assert isinstance(a, Buy)
                w = 40 if a.resource in inputs and not board[a.resource] else 1
            elif t is Sell:
                assert isinstance(a, Sell)
                w = 4 if lacks and a.resource not in inputs else 1
            elif t is Decline:
                w = 1 if effects else 3
            else:
                w = 1  # Withdraw
            out.append(w)
        return tuple(out)

    # -- scores -------------------------------------------------------------------------
    def scores(self, state: CraftsState) -> tuple[int, ...]:
        return state.scores

    def winners(self, state: CraftsState) -> tuple[int, ...]:
        best = max(state.scores)
        return tuple(i for i, s in enumerate(state.scores) if s == best)

    # -- bounds -------------------------------------------------------------------------
    @staticmethod
    def commits_per_round(players: int) -> int:
        """Cards a round's play phase can reveal, all players together.

        Hands hold at most all 108 cards when play starts; during play cards
        enter hands only by Mage draws (5 per Mage; at most 6 + 5 Mages resolve
        a round, as only the 5 Reconstructions can return one and a
        Reconstruction is never returned), Scouting (the target draws 1; at most
        5 + 5), Reconstruction (1 each, at most 5) and withdrawing (once per
        player).
        """
        return D.TOTAL_CARDS + D.MAGE_DRAW * 11 + 10 + 5 + players

    def wealth_bound(self, players: int) -> int:
        """A bound on the coin value ever gained by all players in one game.

        Wealth = coins + resources at their sell price. A buy lowers it by at
        least 1 (buy price > sell price), a sale never raises it, and an applied
        card raises it by at most 2 coins per other card counted by a Fair
        (at most ``commits_per_round``) plus 24 (2 produced pebbles, a converter's
        upgrade, 2 track spaces, a theft at the dearest prices).
        """
        k = self.commits_per_round(players)
        return D.START_COINS * players + D.ROUNDS * k * (2 * k + 24)

    def max_steps(self, config: Config) -> int:
        """Steps per round without trade: 5P draws + 1 first player + 6 market draws, per
        player a free exchange, a redraw with its 5 draws and a pass; K commits + P stops,
        K resolutions, 11 Mages x (5 draws + 3 discards), 10 Scoutings x 2 chance steps,
        at most 108 round-end discards and P dones (K = commits_per_round). Trade: buys
        and paid exchanges together at most the wealth bound W; sales at most the
        resources ever gained (W buys + 5 per resolution). Total 4 * round + 2W + 20K.
        """
        n = config.players
        k = self.commits_per_round(n)
        per_round = 5 * n + 1 + D.MARKET + n * (1 + 6 + 1) + k + n + k + 11 * 8 + 10 * 2 \
            + D.TOTAL_CARDS + n
        return D.ROUNDS * per_round + 2 * self.wealth_bound(n) + D.ROUNDS * 5 * k

    def score_bound(self, config: Config) -> int:
        """Most points a player can have: 8 per resolution over 4 rounds, plus the coins
        converted at the end (all 100 pebbles when the pool is limited, else the wealth
        bound), plus one for rounding."""
        n = config.players
        k = self.commits_per_round(n)
        coins = D.PEBBLES if params(config).limited else self.wealth_bound(n)
        return D.ROUNDS * k * D.MAX_CARD_VP + coins // D.COINS_PER_POINT + 1


GAME = CraftsGame()
