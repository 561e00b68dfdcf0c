"""Карты Действий и карты Зданий (the cards): each card kind's effect when applied, its
cost, and what it leaves to do (the Mage's discards, the Scouting's random pick)."""

from fractions import Fraction
from typing import Final

from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts import rules as RB
from rules_oracle.model.crafts.actions import (
    Action,
    Apply,
    Knight,
    MageDiscard,
    Rebuild,
    Scout,
    ScoutPick,
    Steal,
)
from rules_oracle.model.crafts.ops import (
    APPLY,
    CARD_RANGE,
    KNIGHT,
    MAGE_DISCARD,
    NK,
    NR,
    PICK,
    PLAIN,
    REBUILD,
    SCOUT,
    STEAL,
    Params,
    bump,
    evolve,
    gain_coins,
    gain_resource,
    pile_outcomes,
    put,
)
from rules_oracle.model.crafts.rules import RULES
from rules_oracle.model.crafts.state import TASK_MAGE, TASK_NONE, TASK_SCOUT, CraftsState

INPUTS = tuple(c.inputs for c in D.CARDS)
OUTPUTS = tuple(c.outputs for c in D.CARDS)
CARD_COINS = tuple(c.coins for c in D.CARDS)

#: the rule of each card kind's effect, by kind: the producers and converters take their
#: inputs, coins and outputs from ``data.CARDS``; the rule is the one an unmet cost breaks
RULE: Final = (
    RB.CARD_LUMBER_MILL,  # 2 wood
    RB.CARD_FARM,  # 2 wheat
    RB.CARD_CHARCOAL_BURNER,  # wood -> coal
    RB.CARD_MILL_BAKERY,  # wheat -> food
    RB.CARD_KVASS_YARD,  # wheat -> kvass
    RB.CARD_HUNTERS_HUT,  # wood -> food
    RB.CARD_ORE_WORKS,  # food -> metal
    RB.CARD_CRYSTAL_MINE,  # food -> crystal
    RB.CARD_LABORATORY,  # coal + crystal -> potion
    RB.CARD_ARMORY,  # coal + metal -> sword
    RB.CARD_CASTLE,  # kvass + sword + a coin -> a knight (``apply``, ``setback``)
    RB.CARD_MAGE_TOWER,  # kvass + potion + a coin -> a mage (``apply``)
    RB.CARD_SCOUTING,  # ``apply``, ``scout_pick``
    RB.CARD_RECONSTRUCTION,  # ``apply``
    RB.CARD_FAIR,  # ``apply``
    RB.CARD_THEFT,  # ``apply``
)


def fair_count(s: CraftsState, p: Params, i: int) -> int:
    """The other cards a Fair of player ``i`` counts (RB.CARD_FAIR; crafts/fair-count)."""
    table = s.table[i]
    count = sum(table)
    if p.fair_revealed:
        count += s.declined[i]
    elif p.fair_played:  # each Reconstruction on the table returned one card
        count += table[D.RECONSTRUCTION]
    return count


def knight_targets(scores: tuple[int, ...], p: Params, i: int) -> list[int]:
    """Whose marker a Knight may set back (RB.CARD_CASTLE_SETBACK; crafts/castle-target,
    crafts/castle-floor): -1 for nobody. ``scores`` are those before the Castle is applied:
    its owner has its points when the setback comes ("Даёт 8 победных очков, немедленно
    передвиньте"), so under ``castle_floor=forbid`` they count for him."""
    cands = [t for t in range(p.players) if t != i or p.castle_any]
    if p.castle_forbid:
        cands = [t for t in cands
                 if scores[t] + (D.VP[D.CASTLE] if t == i else 0) >= D.CASTLE_SETBACK]
        if not cands:
            return [-1]
    return cands


def cost_rule(s: CraftsState, i: int, c: int) -> str | None:
    """Why player ``i`` cannot pay card ``c``'s coins and inputs (its card's rule), or
    ``None``."""
    if s.coins[i] < CARD_COINS[c]:
        return RULE[c]
    board = s.boards[i]
    for r in INPUTS[c]:
        if not board[r]:
            return RULE[c]
    return None


def effect_rule(s: CraftsState, p: Params, i: int, c: int, a: Action) -> str | None:
    """Why player ``i`` cannot apply his revealed card ``c`` by ``a`` now (``a`` an action of
    that card, ``play.own_card_rule``), or ``None``: its cost, and the target it names."""
    t = type(a)
    if t is Apply:
        if c == D.FAIR and p.fair_nonempty and not fair_count(s, p, i):
            return RB.PLAY_CANNOT_APPLY  # crafts/empty-application: nothing to count
        return cost_rule(s, i, c)
    if t is Knight:
        assert isinstance(a, Knight)
        if a.target not in knight_targets(s.scores, p, i):
            return RB.CARD_CASTLE_SETBACK
        return cost_rule(s, i, c)
    if t is Scout:
        assert isinstance(a, Scout)
        v = a.target
        if not 0 <= v < p.players or (v == i and not p.scout_any):
            return RB.CARD_SCOUTING
        if not (p.scout_empty or any(s.hands[v])):
            return RB.CARD_SCOUTING
        return None
    if t is Rebuild:
        assert isinstance(a, Rebuild)
        k = a.card
        if not (0 <= k < NK and s.table[i][k]) or k == D.RECONSTRUCTION:
            return RB.CARD_RECONSTRUCTION  # any card but a Reconstruction
        return None
    assert isinstance(a, Steal)
    v, r = a.victim, a.resource
    if not 0 <= v < p.players or v == i:
        return RB.CARD_THEFT  # 'с Планшета другого игрока': another player's board
    if not 0 <= r < NR or p.levels[r] > 2:
        return RB.CARD_THEFT  # a pebble of level I or II
    if not s.boards[v][r] or s.coins[i] < p.levels[r]:
        return RB.CARD_THEFT  # on his board, paid a coin a level
    return None


def effects(s: CraftsState, p: Params, i: int, c: int) -> list[Action]:
    """The ways player ``i`` can apply his revealed card ``c`` now (``effect_rule``)."""
    if c in PLAIN:
        return [APPLY] if effect_rule(s, p, i, c, APPLY) is None else []
    if c == D.CASTLE:
        return [k for k in KNIGHT[:p.players + 1] if effect_rule(s, p, i, c, k) is None]
    if c == D.SCOUTING:
        return [k for k in SCOUT[:p.players] if effect_rule(s, p, i, c, k) is None]
    if c == D.RECONSTRUCTION:
        return [k for k in REBUILD if effect_rule(s, p, i, c, k) is None]
    return [k for v in range(p.players) if v != i for k in STEAL[v]
            if effect_rule(s, p, i, c, k) is None]


def pay(s: CraftsState, i: int, c: int) -> CraftsState:
    """Player ``i`` pays card ``c``'s inputs from his board and its coins, to the bank."""
    board = s.boards[i]
    cost = CARD_COINS[c]
    for r in INPUTS[c]:
        board = bump(board, r, -1)
    return evolve(s, boards=put(s.boards, i, board), bank=s.bank + len(INPUTS[c]) + cost,
                  coins=bump(s.coins, i, -cost) if cost else s.coins)


def apply(s: CraftsState, p: Params, i: int, c: int, a: Action) -> CraftsState:
    """Player ``i`` applies his revealed card ``c`` by ``a`` (an action of that card, see
    ``play.own_card_rule``), before it goes on the table; a Knight's setback follows."""
    rule = effect_rule(s, p, i, c, a)
    if rule is not None:
        raise RULES.illegal(rule, f"cannot apply {D.CARD_KEYS[c]} by {a!r} now")
    t = type(a)
    if t is Apply:
        s = pay(s, i, c)
        if c == D.FAIR:  # RB.CARD_FAIR: 2 coins a card
            return gain_coins(s, i, D.FAIR_COINS * fair_count(s, p, i), p)
        for r in OUTPUTS[c]:
            s = gain_resource(s, i, r, 1, p)
        if c == D.MAGE:  # RB.CARD_MAGE_TOWER, RB.CARD_MAGE_DRAW
            s = evolve(s, owed=bump(s.owed, i, D.MAGE_DRAW), task=TASK_MAGE, task_player=i,
                       task_count=D.MAGE_DISCARD)
        return s
    if t is Knight:
        return pay(s, i, c)  # RB.CARD_CASTLE (the setback: ``setback``)
    if t is Scout:
        assert isinstance(a, Scout)
        v = a.target
        if any(s.hands[v]):
            return evolve(s, task=TASK_SCOUT, task_player=v, task_count=i)
        return evolve(s, owed=bump(s.owed, v, 1))  # scouting_empty=draw: RB.CARD_SCOUTING_DRAW
    if t is Rebuild:
        assert isinstance(a, Rebuild)
        k = a.card
        s = evolve(s, table=put(s.table, i, bump(s.table[i], k, -1)),
                   hands=put(s.hands, i, bump(s.hands[i], k, 1)))
        if p.recon_lose and D.VP[k]:
            s = evolve(s, scores=put(s.scores, i, max(0, s.scores[i] - D.VP[k])))
        return s
    assert isinstance(a, Steal)
    v, r = a.victim, a.resource
    level = p.levels[r]
    boards = put(s.boards, v, bump(s.boards[v], r, -1))
    boards = put(boards, i, bump(boards[i], r, 1))  # RB.CARD_THEFT_TYPE: the same resource
    return evolve(s, coins=bump(s.coins, i, -level), bank=s.bank + level, boards=boards)


def setback(s: CraftsState, i: int, p: Params) -> CraftsState:
    """A Knight's setback: player ``i``'s marker moves 4 spaces back, not below 0
    (RB.CARD_CASTLE_SETBACK); under ``castle_setback=collect`` (and ``track_repeat=repeat``)
    every resource space it passes or stops on going back gives its resource
    (crafts/castle-setback-collect)."""
    old = s.scores[i]
    new = max(0, old - D.CASTLE_SETBACK)
    s = evolve(s, scores=put(s.scores, i, new))
    if not p.castle_collect or p.track_once:
        return s
    sp = p.spacing
    k = -(-new // sp) if new > 0 else 1  # the first space at or above new (spaces from sp)
    while k * sp < old:
        s = gain_resource(s, i, D.TRACK_CYCLE[(k - 1) % len(D.TRACK_CYCLE)], 1, p)
        k += 1
    return s


# -- the Mage's discards ----------------------------------------------------------------------
def mage_to_discard(s: CraftsState) -> bool:
    """Whether the Mage's owner still discards: 3 cards, or all he has if fewer
    (RB.CARD_MAGE_DISCARD); otherwise the task is over (:func:`mage_done`)."""
    return s.task_count > 0 and any(s.hands[s.task_player])


def mage_done(s: CraftsState) -> CraftsState:
    """The Mage's discards are over: no task is pending."""
    return evolve(s, task=TASK_NONE, task_player=-1, task_count=0)


def legal_mage_discards(state: CraftsState, i: int) -> list[Action]:
    hand = state.hands[i]
    return [MAGE_DISCARD[k] for k in CARD_RANGE if hand[k]]


def mage_discard(s: CraftsState, i: int, a: Action) -> CraftsState:
    """The Mage's owner discards a hand card (his Mage tower is applied, so a trade is
    refused before this: trade.after_applied)."""
    if type(a) is not MageDiscard:
        raise RULES.illegal(RB.CARD_MAGE_DISCARD, f"discard a card for the Mage, not {a!r}")
    k = a.card
    hand = s.hands[i]
    if not (0 <= k < NK and hand[k]):
        raise RULES.illegal(RB.CARD_MAGE_DISCARD, f"no card {k} in hand")
    return evolve(s, hands=put(s.hands, i, bump(hand, k, -1)), discard=bump(s.discard, k, 1),
                  task_count=s.task_count - 1)


# -- the Scouting's pick ----------------------------------------------------------------------
def scout_outcomes(state: CraftsState) -> tuple[tuple[Action, Fraction], ...]:
    """A random card of the scouted hand (RB.CARD_SCOUTING)."""
    hand = state.hands[state.task_player]
    return pile_outcomes(hand, PICK)


def scout_pick(s: CraftsState, a: Action) -> CraftsState:
    """The scouted card moves to the scout's hand; its loser is owed a card from the deck
    (RB.CARD_SCOUTING_DRAW)."""
    victim = s.task_player
    hand = s.hands[victim]
    if type(a) is not ScoutPick or not 0 <= a.card < NK or not hand[a.card]:
        raise RULES.illegal(RB.CARD_SCOUTING,
                            f"a random card of player {victim}'s hand is due, not {a!r}")
    scout = s.task_count
    hands = put(s.hands, victim, bump(hand, a.card, -1))
    hands = put(hands, scout, bump(hands[scout], a.card, 1))
    return evolve(s, hands=hands, owed=bump(s.owed, victim, 1), task=TASK_NONE,
                  task_player=-1, task_count=0)
