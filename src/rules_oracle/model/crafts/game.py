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
    DRAW,
    NK,
    ORDERS,
    PLAIN,
    ZERO_CARDS,
    Params,
    bump,
    evolve,
    params,
    pile_outcomes,
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

__all__ = ["GAME", "PLAIN", "CraftsGame", "params", "resolver", "settle"]


# -- the draws (round start, market, Mage, Scouting, redraw) -------------------------------
def _draw_target(s: CraftsState) -> int:
    """Who receives the next card drawn: a player (clockwise from the first player,
    crafts/deal-order), or -1 for the market."""
    owed = s.owed
    n = len(owed)
    f = s.first if s.first >= 0 else 0
    for i in ORDERS[n][f]:
        if owed[i]:
            return i
    return -1


def _draws_pending(s: CraftsState) -> bool:
    return s.to_market > 0 or any(s.owed)


def _draw(s: CraftsState, p: Params, a: Action) -> CraftsState:
    """A card drawn from the deck (shuffled at the set-up, ``setup``) to whom it is owed;
    an empty deck is rebuilt from the discard (RB.GAME_RESHUFFLE: the moment it runs out,
    or at the next draw under ``deck_rebuild=next-draw``)."""
    if type(a) is not Draw or not 0 <= a.card < NK:
        raise RULES.illegal(RB.SETUP_SHUFFLE, f"a card draw is due, not {a!r}")
    deck, discard = s.deck, s.discard
    if not any(deck):  # ran out while the discard was empty: rebuilt now
        deck, discard = discard, ZERO_CARDS
    if not deck[a.card]:
        raise RULES.illegal(RB.SETUP_SHUFFLE, f"no {D.CARD_KEYS[a.card]} is left in the deck")
    deck = bump(deck, a.card, -1)
    if not p.deck_later and not any(deck):  # RB.GAME_RESHUFFLE: the moment it runs out
        deck, discard = discard, ZERO_CARDS
    t = _draw_target(s)
    if t >= 0:
        return evolve(s, deck=deck, discard=discard,
                      hands=put(s.hands, t, bump(s.hands[t], a.card, 1)),
                      owed=bump(s.owed, t, -1))
    return evolve(s, deck=deck, discard=discard, market=bump(s.market, a.card, 1),
                  to_market=s.to_market - 1)


# -- the order of the phases --------------------------------------------------------------
def _turn(s: CraftsState, i: int) -> CraftsState:
    """``s`` with player ``i`` to choose (``s`` itself when he is already)."""
    return s if s.turn == i else evolve(s, turn=i)


def settle(s: CraftsState, p: Params) -> CraftsState:
    """Run the automatic transitions until a choice (player or chance) is pending: the
    phases of a round in order (round start, market, play, round end), 4 rounds
    (RB.GAME_ROUNDS), then the final scoring."""
    n = p.players
    while True:
        if s.to_market or any(s.owed):
            if sum(s.deck) + sum(s.discard) == 0:  # crafts/deck-exhausted: draws are lost
                s = evolve(s, to_market=0, owed=(0,) * n)
            else:
                return s
        if s.task == TASK_SCOUT:
            return s
        ph = s.phase
        if ph == Stage.DEAL:
            if s.first < 0:
                return evolve(s, phase=Stage.FIRST)
            s = market.open_market(evolve(s, phase=Stage.MARKET), n)
            continue
        if ph == Stage.MARKET:
            if all(s.passed):
                s = play.open_play(evolve(market.close_market(s), phase=Stage.COMMIT), n)
                continue
            return market.skip_passed(s)
        if ph == Stage.COMMIT:
            i = play.next_to_commit(s, n)
            if i >= 0:
                return _turn(s, i)
            if s.stopped:  # every seat has chosen: the step's stops are seen
                s = evolve(s, stopped=0)
            if play.played_on(s):
                s = evolve(s, phase=Stage.RESOLVE)
                continue
            s = evolve(end.clear_table(s, n), phase=Stage.END)
            continue
        if ph == Stage.RESOLVE:
            if s.task == TASK_MAGE:
                if card.mage_to_discard(s):
                    return _turn(s, s.task_player)
                s = card.mage_done(s)
            r = resolver(s)
            if r >= 0:
                return _turn(s, r)
            s = evolve(s, phase=Stage.COMMIT)
            continue
        if ph == Stage.END:
            i = end.next_player(s, n)
            if i >= 0:
                return _turn(s, i)
            if s.round >= D.ROUNDS:
                return evolve(final.score(s, p), phase=Stage.OVER, turn=-1)
            s = round_start.start(evolve(s, round=s.round + 1), p)
            s = evolve(s, phase=Stage.DEAL)
            continue
        return s  # Stage.FIRST, Stage.OVER


class CraftsGame(Game[CraftsState, Action]):
    name = "crafts"
    title = "Crafts (medieval crafts card game)"
    min_players = D.MIN_PLAYERS  # RB.COMPONENTS_PLAYERS
    max_players = D.MAX_PLAYERS
    rules = RULES
    state_type = CraftsState
    action_types = ACTION_TYPES
    observation_types = observation.OBSERVATION_TYPES

    # -- set-up ----------------------------------------------------------------------
    def setup(self, config: Config) -> CraftsState:
        n = config.players
        if not self.min_players <= n <= self.max_players:
            raise ConfigError(f"crafts takes {self.min_players} to {self.max_players} players"
                              f" ({RB.COMPONENTS_PLAYERS}), not {n}")
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
            return pile_outcomes(pile, DRAW)
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
        s = state
        if who == CHANCE:
            if _draws_pending(s):
                s = _draw(s, p, action)
            elif s.phase == Stage.FIRST:
                s = evolve(round_start.first_player(s, p, action), phase=Stage.DEAL)
            else:  # TASK_SCOUT
                s = card.scout_pick(s, action)
        else:
            ph = state.phase
            t = type(action)
            if ph == Stage.MARKET:
                s = market.act(s, p, who, action)
            elif ph == Stage.COMMIT:
                if t is Buy or t is Sell:
                    assert isinstance(action, Buy | Sell)
                    s = trade.trade(s, p, who, action, resolving=False)
                s = play.commit(s, p, who, action)
            elif ph == Stage.RESOLVE:
                if s.task == TASK_MAGE:
                    if t is Buy or t is Sell:
                        raise trade.after_applied("your Mage tower is applied: no more trade")
                    s = card.mage_discard(s, who, action)
                else:
                    s = self._resolve(s, p, who, action)
            else:
                if t is Buy:  # the round end gives back selling only (RB.END_SELL)
                    raise trade.after_applied("after the cards are applied nobody buys")
                s = end.act(s, p, who, action)
        return settle(s, p)

    @staticmethod
    def _resolve(s: CraftsState, p: Params, i: int, a: Action) -> CraftsState:
        """Player ``i``'s revealed card resolves: a trade, declining it, or applying it
        (its effect, then the table and its points, then a Knight's setback)."""
        t = type(a)
        c = s.committed[i]
        if t is Buy or t is Sell:
            assert isinstance(a, Buy | Sell)
            return trade.trade(s, p, i, a, resolving=True)
        if t is Decline:
            return play.decline(s, i, c)
        if t is Withdraw:
            return play.withdraw(s, i, c)
        rule = play.own_card_rule(c, a)
        if rule is not None:
            raise RULES.illegal(rule, f"resolve your {D.CARD_KEYS[c]}: trade, apply or"
                                f" decline, not {a!r}")
        s = play.place(card.apply(s, p, i, c, a), p, i, c)
        if t is Knight:
            assert isinstance(a, Knight)
            if a.target >= 0:
                s = card.setback(s, a.target, p)
        return s

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
