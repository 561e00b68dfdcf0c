"""The crafts card game: 2-6 players, 4 rounds of round start, market, play and round end.

This module owns the order of the phases and dispatches each step to the chapter of the
rulebook that rules it (``setup``, ``round``, ``market``, ``play``, ``trade``, ``card``,
``end``, ``final``); the chapters never call each other. Step structure (see
docs/games/crafts.md):

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

from rules_oracle.model.core.chance import draw_outcomes
from rules_oracle.model.core.errors import ConfigError
from rules_oracle.model.core.game import CHANCE, TERMINAL, Config, Game, Viewer
from rules_oracle.model.crafts import (
    card,
    end,
    final,
    market,
    observation,
    play,
    policy,
    setup,
    shown,
    trade,
)
from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts import round as round_start
from rules_oracle.model.crafts import rules as RB
from rules_oracle.model.crafts.actions import (
    ACTION_TYPES,
    Action,
    Buy,
    Decline,
    Draw,
    Knight,
    Sell,
    Withdraw,
)
from rules_oracle.model.crafts.ops import (
    CARD_RANGE,
    DRAW,
    NK,
    ORDERS,
    PLAIN,
    ZERO_CARDS,
    Params,
    W,
    bump,
    params,
    put,
)
from rules_oracle.model.crafts.play import resolver
from rules_oracle.model.crafts.rules import RULES
from rules_oracle.model.crafts.state import (
    TASK_MAGE,
    TASK_SCOUT,
    CraftsState,
    Stage,
)

__all__ = ["GAME", "PLAIN", "CraftsGame", "W", "params", "resolver", "settle"]


# -- the draws (round start, market, Mage, Scouting, redraw) -------------------------------
def _draw_target(s: CraftsState | W) -> int:
    """Who receives the next card drawn: a player (clockwise from the first player,
    crafts/deal-order), or -1 for the market."""
    owed = s.owed
    n = len(owed)
    f = s.first if s.first >= 0 else 0
    for i in ORDERS[n][f]:
        if owed[i]:
            return i
    return -1


def _draws_pending(s: CraftsState | W) -> bool:
    return s.to_market > 0 or any(s.owed)


def _draw(w: W, p: Params, a: Action) -> None:
    """A card drawn from the deck (shuffled at the set-up, ``setup``) to whom it is owed;
    an empty deck is rebuilt from the discard (RB.GAME_RESHUFFLE: the moment it runs out,
    or at the next draw under ``deck_rebuild=next-draw``)."""
    if type(a) is not Draw or not 0 <= a.card < NK:
        raise RULES.illegal(RB.SETUP_SHUFFLE, f"a card draw is due, not {a!r}")
    if not any(w.deck):  # ran out while the discard was empty: rebuilt now
        w.deck, w.discard = w.discard, ZERO_CARDS
    if not w.deck[a.card]:
        raise RULES.illegal(RB.SETUP_SHUFFLE, f"no {D.CARD_KEYS[a.card]} is left in the deck")
    w.deck = bump(w.deck, a.card, -1)
    if not p.deck_later and not any(w.deck):  # RB.GAME_RESHUFFLE: the moment it runs out
        w.deck, w.discard = w.discard, ZERO_CARDS
    t = _draw_target(w)
    if t >= 0:
        w.hands = put(w.hands, t, bump(w.hands[t], a.card, 1))
        w.owed = bump(w.owed, t, -1)
    else:
        w.market = bump(w.market, a.card, 1)
        w.to_market -= 1


# -- the order of the phases --------------------------------------------------------------
def settle(w: W, p: Params) -> None:
    """Run the automatic transitions until a choice (player or chance) is pending: the
    phases of a round in order (round start, market, play, round end), 4 rounds
    (RB.GAME_ROUNDS), then the final scoring."""
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
        if ph == Stage.DEAL:
            if w.first < 0:
                w.phase = Stage.FIRST
                return
            w.phase = Stage.MARKET
            market.open_market(w, n)
            continue
        if ph == Stage.MARKET:
            if all(w.passed):
                market.close_market(w)
                w.phase = Stage.COMMIT
                play.open_play(w, n)
                continue
            market.skip_passed(w)
            return
        if ph == Stage.COMMIT:
            if play.next_to_commit(w, n):
                return
            w.stopped = 0  # every seat has chosen: the step's stops are seen
            if play.played_on(w):
                w.phase = Stage.RESOLVE
                continue
            end.clear_table(w, n)
            w.phase = Stage.END
            continue
        if ph == Stage.RESOLVE:
            if w.task == TASK_MAGE and card.mage_to_discard(w):
                return
            r = resolver(w)
            if r >= 0:
                w.turn = r
                return
            w.phase = Stage.COMMIT
            continue
        if ph == Stage.END:
            if end.next_player(w, n):
                return
            if w.round >= D.ROUNDS:
                final.score(w, p)
                w.phase = Stage.OVER
                w.turn = -1
                return
            w.round += 1
            round_start.start(w, p)
            w.phase = Stage.DEAL
            continue
        return  # Stage.FIRST, Stage.OVER


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
            raise ConfigError(f"crafts takes 2 to 6 players, not {n}")
        return round_start.deal_first(setup.setup(config))

    def observe(self, state: CraftsState,
                viewer: Viewer) -> observation.PublicView | observation.PlayerView:
        """What ``viewer`` may see (``model.crafts.observation``)."""
        return observation.observe(state, viewer)

    # -- who acts ----------------------------------------------------------------------
    def actor(self, state: CraftsState) -> int:
        ph = state.phase
        if ph == Stage.OVER:
            return TERMINAL
        if state.to_market or any(state.owed) or ph == Stage.FIRST or state.task == TASK_SCOUT:
            return CHANCE
        return state.turn

    def chance_outcomes(self, state: CraftsState) -> tuple[tuple[Action, Fraction], ...]:
        if state.phase == Stage.OVER:
            return ()
        if _draws_pending(state):
            pile = state.deck if any(state.deck) else state.discard
            return draw_outcomes(zip(CARD_RANGE, pile, strict=True), DRAW.__getitem__)
        if state.phase == Stage.FIRST:
            return round_start.first_player_outcomes(state)
        if state.task == TASK_SCOUT:
            return card.scout_outcomes(state)
        return ()

    # -- legal actions --------------------------------------------------------------------
    def legal_actions(self, state: CraftsState) -> tuple[Action, ...]:
        if self.actor(state) < 0:
            return ()
        p = params(state.config)
        ph = state.phase
        i = state.turn
        if ph == Stage.MARKET:
            return tuple(market.legal(state, p, i))
        if ph == Stage.COMMIT:
            return tuple(play.legal_commits(state, p, i))
        if ph == Stage.RESOLVE:
            if state.task == TASK_MAGE:
                return tuple(card.legal_mage_discards(state, i))
            out = trade.offers(state, p, i)
            out.extend(card.effects(state, p, i, state.committed[i]))
            return tuple(play.declines(out))
        if ph == Stage.END:
            return tuple(end.legal(state, i))
        return ()

    # -- apply -----------------------------------------------------------------------------
    def apply(self, state: CraftsState, action: Action) -> CraftsState:
        who = self.actor(state)
        if who == TERMINAL:
            raise RULES.illegal(RB.GAME_OVER, "the game is over")
        p = params(state.config)
        w = W(state)
        if who == CHANCE:
            if _draws_pending(w):
                _draw(w, p, action)
            elif w.phase == Stage.FIRST:
                round_start.first_player(w, p, action)
                w.phase = Stage.DEAL
            else:  # TASK_SCOUT
                card.scout_pick(w, action)
        else:
            ph = state.phase
            t = type(action)
            if ph == Stage.MARKET:
                market.act(w, p, who, action)
            elif ph == Stage.COMMIT:
                if t is Buy or t is Sell:
                    assert isinstance(action, Buy | Sell)
                    trade.trade(w, p, who, action, resolving=False)
                play.commit(w, p, who, action)
            elif ph == Stage.RESOLVE:
                if w.task == TASK_MAGE:
                    card.mage_discard(w, who, action)
                else:
                    self._resolve(w, p, who, action)
            else:
                end.act(w, p, who, action)
        settle(w, p)
        return w.freeze()

    @staticmethod
    def _resolve(w: W, p: Params, i: int, a: Action) -> None:
        """Player ``i``'s revealed card resolves: a trade, declining it, or applying it
        (its effect, then the table and its points, then a Knight's setback)."""
        t = type(a)
        c = w.committed[i]
        if t is Buy or t is Sell:
            assert isinstance(a, Buy | Sell)
            trade.trade(w, p, i, a, resolving=True)
        elif t is Decline:
            play.decline(w, i, c)
        elif t is Withdraw:
            play.withdraw(w, i, c)
        else:
            rule = play.own_card_rule(c, a)
            if rule is not None:
                raise RULES.illegal(rule, f"resolve your {D.CARD_KEYS[c]}: trade, apply or"
                                    f" decline, not {a!r}")
            card.apply(w, p, i, c, a)
            play.place(w, p, i, c)
            if t is Knight:
                assert isinstance(a, Knight)
                if a.target >= 0:
                    card.setback(w, a.target, p)

    # -- rules a step shows (conformance vectors) ------------------------------------------
    def effect_rules(self, state: CraftsState, action: Action,
                     after: CraftsState) -> tuple[str, ...]:
        """The rules whose effect the legal step ``state --action--> after`` shows."""
        return shown.effect_rules(state, action, after)

    # -- eager play policy ---------------------------------------------------------------
    def policy_weights(self, state: CraftsState,
                       actions: tuple[Action, ...]) -> tuple[int, ...] | None:
        """Weights for ``eager`` play (``policy.weights``)."""
        return policy.weights(state, actions)

    # -- scores -------------------------------------------------------------------------
    def scores(self, state: CraftsState) -> tuple[int, ...]:
        return state.scores

    def winners(self, state: CraftsState) -> tuple[int, ...]:
        return final.winners(state)

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
