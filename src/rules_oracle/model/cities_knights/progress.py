"""Progress cards (replacing development cards): drawing them from the three decks, the
hand limit of 4 (on and off turn), and playing each of the 25 kinds, one choice a
step. A card in play is ``state.pending`` (stage ``card``); a step is legal when it is one
of :func:`card_actions`, so the options and the check are one code path. Each card's rule
is ``cities_knights/progress.<name>``."""

from collections.abc import Iterator
from fractions import Fraction

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as BD
from rules_oracle.model.catan.ops import bump, evolve, in_range, put
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import (
    Action,
    ChooseCard,
    ChooseDeck,
    ChooseHex,
    ChooseNode,
    ChooseNumber,
    ChoosePath,
    ChoosePlayer,
    ChooseProgress,
    DiscardProgress,
    DrawProgress,
    HarborExchange,
    PlayProgress,
    Stop,
)
from rules_oracle.model.cities_knights.common import (
    Links,
    at_road,
    can_pay,
    held,
    knight_spots,
    order_from,
    others,
    pay,
    set_player,
    update_roads,
)
from rules_oracle.model.cities_knights.state import CKState, Pending, Stage
from rules_oracle.model.core import draw_outcomes

#: the rule of each progress kind, by index
CARD_RULE: tuple[str, ...] = (
    RB.PROGRESS_MERCHANT,
    RB.PROGRESS_RESOURCE_MONOPOLY,
    RB.PROGRESS_COMMERCIAL_HARBOR,
    RB.PROGRESS_MASTER_MERCHANT,
    RB.PROGRESS_MERCHANT_FLEET,
    RB.PROGRESS_TRADE_MONOPOLY,
    RB.PROGRESS_SPY,
    RB.PROGRESS_BISHOP,
    RB.PROGRESS_DESERTER,
    RB.PROGRESS_DIPLOMAT,
    RB.PROGRESS_INTRIGUE,
    RB.PROGRESS_SABOTEUR,
    RB.PROGRESS_WARLORD,
    RB.PROGRESS_WEDDING,
    RB.PROGRESS_CONSTITUTION,
    RB.PROGRESS_ALCHEMIST,
    RB.PROGRESS_CRANE,
    RB.PROGRESS_INVENTOR,
    RB.PROGRESS_IRRIGATION,
    RB.PROGRESS_MEDICINE,
    RB.PROGRESS_MINING,
    RB.PROGRESS_ROAD_BUILDING,
    RB.PROGRESS_SMITH,
    RB.PROGRESS_ENGINEER,
    RB.PROGRESS_PRINTER,
)
#: the steps of a card in play: its choices, and the end of its optional ones
_CHOICES = (ChooseCard, ChooseProgress, ChoosePlayer, ChooseNode, ChoosePath, ChooseHex,
            ChooseNumber, Stop)
#: cards whose whole effect comes at once when played
_AT_ONCE = (D.WARLORD, D.CRANE, D.IRRIGATION, D.MINING, D.SABOTEUR)


# -- helpers over the board ------------------------------------------------------------------
def merchant_hexes(state: CKState, p: int) -> tuple[int, ...]:
    """Hexes touching one of ``p``'s buildings (settlements only with the reading
    merchant=settlement), the desert among them unless merchant-desert=never."""
    only = 1 if state.config.option("merchant") == "settlement" else 0
    desert = state.config.option("merchant-desert") == "allowed"
    return tuple(h for h in range(B.N_HEXES) if (desert or BD.YIELD[state.terrain[h]] >= 0)
                 and any(state.node_owner[n] == p and (not only or state.node_level[n] == 1)
                         for n in B.HEX_NODES[h]))


def open_roads(state: CKState) -> tuple[int, ...]:
    """Roads with an end where their owner has no building, knight or other road."""
    out = []
    for e in range(B.N_PATHS):
        o = state.path_owner[e]
        if o < 0:
            continue
        for n in B.PATH_NODES[e]:
            if state.node_owner[n] != o and state.knight_owner[n] != o and not any(
                    state.path_owner[f] == o for f in B.NODE_PATHS[n] if f != e):
                out.append(e)
                break
    return tuple(out)


def _harvest(state: CKState, p: int, terrain: int, card: int) -> CKState:
    """Irrigation or Mining: 2 cards a hex; a bank short of them gives its one owed player
    what remains, as base Catan's shortage rule does (RB.PRODUCTION_SHORTAGE)."""
    hexes = sum(1 for h in range(B.N_HEXES) if state.terrain[h] == terrain
                and any(state.node_owner[n] == p for n in B.HEX_NODES[h]))
    n = min(D.HARVEST * hexes, state.bank[card])
    pl = state.players[p]
    return set_player(state, p, evolve(pl, hand=bump(pl.hand, card, n)),
                      bank=bump(state.bank, card, -n))


def _deserter_level(state: CKState, p: int, level: int) -> int:
    """The level of the knight the Deserter's player may place for one of ``level``: that
    level if one is left in his stock, else (deserter-level=lower, the default) the strongest
    lower one left; 0: none."""
    lowest = 1 if state.config.option("deserter-level") == "lower" else level
    for lv in range(level, lowest - 1, -1):
        if state.players[p].knights[lv - 1] < D.KNIGHTS_PER_LEVEL:
            return lv
    return 0


def _inventable(state: CKState) -> tuple[int, ...]:
    return tuple(h for h in range(B.N_HEXES) if state.tokens[h]
                 and state.tokens[h] not in D.INVENTOR_FIXED)


def _nothing_chosen(state: CKState) -> bool:
    """Whether a played card's player may choose an effect that does nothing: the Smith
    no promotion, the Inventor two equal numbers (cities_knights/progress-nothing-chosen:
    allowed, the default)."""
    return state.config.option("nothing-chosen") == "allowed"


def _swaps(state: CKState, a: int, b: int) -> bool:
    """Whether the Inventor may swap the numbers of hexes ``a`` and ``b``: two hexes,
    with different numbers under nothing-chosen=refused."""
    return a != b and (_nothing_chosen(state) or state.tokens[a] != state.tokens[b])


def _give(state: CKState, giver: int, taker: int, card: int) -> CKState:
    g = state.players[giver]
    state = set_player(state, giver, evolve(g, hand=bump(g.hand, card, -1)))
    t = state.players[taker]
    return set_player(state, taker, evolve(t, hand=bump(t.hand, card, 1)))


def _richer(state: CKState, strict: bool) -> tuple[int, ...]:
    """Other seats with more points than the player on turn (at least as many: not
    ``strict``), in turn order."""
    mine = state.players[state.turn].vp
    return tuple(q for q in others(state)
                 if (state.players[q].vp > mine if strict else state.players[q].vp >= mine))


def _harbour_rivals(state: CKState) -> tuple[int, ...]:
    """The rivals a Commercial Harbor forces, in turn order: every other player, but under
    commercial-harbor-once (the default) not one who already gave a commodity for a
    resource this turn."""
    if state.config.option("commercial-harbor") == "per-card":
        return others(state)
    return tuple(q for q in others(state) if q not in state.harboured)


def _any_time(state: CKState) -> bool:
    """cities_knights/commercial-harbor-at-once: the card's exchanges spread over the turn
    (harbor-time=any-time) rather than made at once when it is played."""
    return state.config.option("harbor-time") == "any-time"


def _credit_added(state: CKState) -> tuple[int, ...]:
    """The rivals a Commercial Harbor played now adds to the harbor credit (harbor-time=
    any-time): those it forces, but under commercial-harbor-once none the credit already
    holds (under per-card each card forces every rival again)."""
    rivals = _harbour_rivals(state)
    if state.config.option("commercial-harbor") == "per-card":
        return rivals
    return tuple(q for q in rivals if q not in state.harbor)


def harbor_actions(state: CKState) -> tuple[Action, ...]:
    """The exchanges the harbor credit offers (harbor-time=any-time): a resource in hand
    to the first rival it may still force."""
    if not state.harbor:
        return ()
    hand = state.players[state.turn].hand
    return tuple(HarborExchange(c) for c in range(BD.N_RESOURCES) if hand[c])


def harbor_exchange(state: CKState, action: HarborExchange) -> CKState:
    """One exchange of the harbor credit: the first rival it may force takes the resource
    and gives a commodity of his choice (a step of his, stage ``card``), or, holding none,
    is passed with no exchange; either way he leaves the credit."""
    if action not in harbor_actions(state):
        raise RB.RULES.illegal(RB.PROGRESS_COMMERCIAL_HARBOR,
                               f"no harbor exchange of card {action.card!r} now")
    q = state.harbor[0]
    state = evolve(state, harbor=state.harbor[1:])
    if not any(state.players[q].hand[BD.N_RESOURCES:]):
        return state
    return evolve(_give(state, state.turn, q, action.card),
                  pending=Pending(D.COMMERCIAL_HARBOR, step=1, queue=(q,)), stage=Stage.CARD)


def _with_cards(state: CKState, seats: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(q for q in seats if sum(state.players[q].hand))


def _cards_of(state: CKState, seat: int, first: int = 0, last: int = D.N_CARDS
              ) -> tuple[Action, ...]:
    hand = state.players[seat].hand
    return tuple(ChooseCard(c) for c in range(first, last) if hand[c])


# -- the options of each step ----------------------------------------------------------------
def card_actions(state: CKState, links: Links) -> tuple[Action, ...]:
    pd = state.pending
    assert pd is not None
    return _options(state, pd, links)


def _options(state: CKState, pd: Pending, links: Links) -> tuple[Action, ...]:
    """The choices of the next step of ``pd``, in order."""
    return tuple(_choices(state, pd, links))


def _has_options(state: CKState, pd: Pending, links: Links) -> bool:
    """Whether the next step of ``pd`` has a choice (the choices found up to the first)."""
    return next(_choices(state, pd, links), None) is not None


def _choices(state: CKState, pd: Pending, links: Links) -> Iterator[Action]:
    """The choices of the next step of ``pd``, one by one (each card's options)."""
    p = state.turn
    k, step = pd.card, pd.step
    if k == D.MERCHANT:
        yield from (ChooseHex(h) for h in merchant_hexes(state, p))
    elif k == D.RESOURCE_MONOPOLY:
        yield from (ChooseCard(c) for c in range(BD.N_RESOURCES))
    elif k == D.TRADE_MONOPOLY:
        yield from (ChooseCard(c) for c in range(BD.N_RESOURCES, D.N_CARDS))
    elif k == D.MERCHANT_FLEET:
        yield from (ChooseCard(c) for c in range(D.N_CARDS))
    elif k == D.MASTER_MERCHANT:
        if step == 0:
            yield from (ChoosePlayer(q) for q in _with_cards(state, _richer(state, True)))
        else:
            yield from _cards_of(state, pd.target)
    elif k == D.COMMERCIAL_HARBOR:
        if step == 0:
            if pd.queue and any(state.players[p].hand[:BD.N_RESOURCES]):
                yield from _cards_of(state, p, 0, BD.N_RESOURCES)
                yield Stop()
        else:
            yield from _cards_of(state, pd.queue[0], BD.N_RESOURCES)
    elif k == D.SPY:
        if step == 0:
            yield from (ChoosePlayer(q) for q in others(state) if held(state.players[q]))
        else:
            yield from (ChooseProgress(c) for c, n in
                        enumerate(state.players[pd.target].progress) if n)
    elif k == D.BISHOP:
        if state.attacked:
            yield from (ChooseHex(h) for h in range(B.N_HEXES) if h != state.robber)
    elif k == D.DESERTER:
        if step == 0:
            yield from (ChoosePlayer(q) for q in others(state) if any(state.players[q].knights))
        elif step == 1:
            yield from (ChooseNode(n) for n in links.own_knights(state, pd.target))
        else:
            yield from (ChooseNode(n) for n in knight_spots(state, p))
            yield Stop()
    elif k == D.DIPLOMAT:
        if step == 0:
            yield from (ChoosePath(e) for e in open_roads(state))
        elif pd.left:
            # one's own removed road is moved: never back onto a path this card emptied
            # of it
            yield from (ChoosePath(e) for e in links.road_spots(state, p) if e not in pd.queue)
            yield Stop()
    elif k == D.INTRIGUE:
        yield from (ChooseNode(n) for n in range(B.N_NODES)
                    if state.knight_owner[n] >= 0 and state.knight_owner[n] != p
                    and at_road(state, p, n))
    elif k == D.WEDDING:
        if pd.queue:
            yield from _cards_of(state, pd.queue[0])
    elif k == D.ALCHEMIST:
        yield from (ChooseNumber(v) for v in range(1, 7))
    elif k == D.ENGINEER:
        yield from (ChooseNode(n) for n in links.wall_spots(state, p))
    elif k == D.INVENTOR:
        hexes = _inventable(state)
        if pd.target >= 0:
            yield from (ChooseHex(h) for h in hexes if _swaps(state, pd.target, h))
        else:
            yield from (ChooseHex(h) for h in hexes if any(_swaps(state, h, g) for g in hexes))
    elif k == D.MEDICINE:
        if can_pay(state, p, D.MEDICINE_COST):
            yield from (ChooseNode(n) for n in links.city_spots(state, p))
    elif k == D.ROAD_BUILDING:
        if pd.left:
            spots = tuple(ChoosePath(e) for e in links.road_spots(state, p))
            yield from spots
            # cities_knights/road-building-both: the second road may be left out under
            # may-stop
            if spots and pd.left < D.FREE_TWO \
                    and state.config.option("road-building") == "may-stop":
                yield Stop()
    elif k == D.SMITH and pd.left:
        nodes = tuple(ChooseNode(n) for n in links.own_knights(state, p)
                      if links.promote_rule(state, p, n) is None)
        yield from nodes
        # "до 2": the second promotion may be left, the first too unless
        # nothing-chosen=refused (cities_knights/progress-nothing-chosen)
        if nodes and (pd.left < D.FREE_TWO or _nothing_chosen(state)):
            yield Stop()


def card_actor(state: CKState) -> int:
    pd = state.pending
    assert pd is not None
    if (pd.card == D.COMMERCIAL_HARBOR and pd.step == 1) or pd.card == D.WEDDING:
        return pd.queue[0]
    if pd.card == D.DESERTER and pd.step == 1 and state.config.option("deserter") == "victim":
        return pd.target
    return state.turn


# -- playing ----------------------------------------------------------------------------------
def _first(state: CKState, k: int) -> Pending:
    p = state.turn
    if k == D.COMMERCIAL_HARBOR:  # every rival in turn: who holds a commodity is hidden
        return Pending(k, queue=_harbour_rivals(state))
    if k == D.WEDDING:
        return Pending(k, left=D.FREE_TWO, queue=_with_cards(state, _richer(state, True)))
    if k == D.ROAD_BUILDING:
        return Pending(k, left=min(D.FREE_TWO, BD.ROADS - state.players[p].roads))
    if k == D.SMITH:
        return Pending(k, left=D.FREE_TWO)
    return Pending(k)


def playable(state: CKState, k: int, links: Links) -> str | None:
    """Why the player on turn may not play progress card ``k`` now, or ``None``."""
    if not in_range(k, D.N_PROGRESS_KINDS):
        return RB.PROGRESS_DECKS  # no such card
    if k in D.VP_CARDS:
        return RB.PROGRESS_VP_CARDS
    p = state.turn
    pl = state.players[p]
    if not pl.progress[k]:
        return CARD_RULE[k]
    before = state.stage is Stage.PRE_ROLL
    if k == D.ALCHEMIST and not before:
        return RB.PROGRESS_ALCHEMIST
    # cities_knights/progress-before-roll: no other card before the roll (default)
    if before and k != D.ALCHEMIST and state.config.option("progress-timing") == "after-roll":
        return RB.PROGRESS_PLAY
    if state.config.option("progress-play") == "one" and (
            state.played or pl.progress[k] <= state.fresh.count(k)):
        return RB.PROGRESS_PLAY
    if k == D.BISHOP and not state.attacked:
        return RB.ROBBER_NOT_BEFORE_ATTACK
    if k == D.CRANE and (state.crane == 1 or (
            state.crane and state.config.option("crane") == "one-a-turn")):
        return RB.PROGRESS_CRANE
    if state.config.option("progress-useless") == "spent":
        return None  # cities_knights/progress-without-effect: played for what it can do
    if k in _AT_ONCE:
        return RB.PROGRESS_WARLORD if k == D.WARLORD and not links.activatable(state, p) else None
    if k == D.DIPLOMAT and state.config.option("diplomat") == "all":
        return None if open_roads(state) else RB.PROGRESS_DIPLOMAT
    if k == D.WEDDING:
        return None if _with_cards(state, _richer(state, True)) else RB.PROGRESS_WEDDING
    if k == D.COMMERCIAL_HARBOR and _any_time(state):
        # the exchanges may come later in the turn: no resource needed now
        return None if _credit_added(state) else RB.PROGRESS_COMMERCIAL_HARBOR
    if k == D.COMMERCIAL_HARBOR:
        return None if any(state.players[p].hand[:BD.N_RESOURCES]) \
            and _harbour_rivals(state) else RB.PROGRESS_COMMERCIAL_HARBOR
    return None if _has_options(state, _first(state, k), links) else CARD_RULE[k]


def play_actions(state: CKState, links: Links) -> list[Action]:
    pl = state.players[state.turn]
    return [PlayProgress(k) for k in range(D.N_PROGRESS_KINDS)
            if pl.progress[k] and playable(state, k, links) is None]


def play(state: CKState, action: PlayProgress, links: Links) -> CKState:
    k = action.progress
    why = playable(state, k, links)
    if why is not None:
        raise RB.RULES.illegal(why, f"progress card {k!r} cannot be played now")
    p = state.turn
    pl = state.players[p]
    state = spend_progress(set_player(state, p, evolve(pl, progress=bump(pl.progress, k, -1))),
                           k)
    if state.config.option("progress-play") == "one":
        state = evolve(state, played=True)
    if k == D.WARLORD:
        active = tuple(a or o == p for o, a in zip(state.knight_owner, state.knight_active,
                                                   strict=True))
        # mark 1 bars every knight action; mark 8 (warlord=may-act) only the chase, which
        # needs a knight active before the turn began
        bit = 8 if state.config.option("warlord") == "may-act" else 1
        marks = tuple(m | bit if o == p and not a else m for o, a, m in
                      zip(state.knight_owner, state.knight_active, state.knight_marks,
                          strict=True))
        return evolve(state, knight_active=active, knight_marks=marks)
    if k == D.CRANE:
        return evolve(state, crane=1)
    if k == D.IRRIGATION:
        return _harvest(state, p, BD.FIELDS, BD.GRAIN)
    if k == D.MINING:
        return _harvest(state, p, BD.MOUNTAINS, BD.ORE)
    if k == D.SABOTEUR:
        # cities_knights/saboteur-self: the card's player is spared (default) or not
        hit = (*_richer(state, False), *((p,) if state.config.option("saboteur") == "all"
                                         else ()))
        due = tuple(sum(state.players[q].hand) // 2 if q in hit else 0
                    for q in range(state.config.players))
        if any(due):
            return evolve(state, discards=due, pending=Pending(k), stage=Stage.DISCARD)
        return state
    if k == D.COMMERCIAL_HARBOR and _any_time(state):
        # a harbor credit the player uses between his turn's other steps (HarborExchange)
        return evolve(state, harbor=(*state.harbor, *_credit_added(state)))
    if k == D.DIPLOMAT and state.config.option("diplomat") == "all":
        removed = open_roads(state)
        own = tuple(e for e in removed if state.path_owner[e] == p)
        for e in removed:
            state = _remove_road(state, e)
        # "Если это ваша собственная дорога, вы можете ее переместить": each of one's own
        return _continue(update_roads(state, True), Pending(k, step=1, left=len(own),
                                                            queue=own), links)
    return _continue(state, _first(state, k), links)


def _continue(state: CKState, pd: Pending, links: Links) -> CKState:
    """Go on with ``pd``, or finish the card when its next step has no option."""
    if _has_options(state, pd, links):
        return evolve(state, pending=pd, stage=Stage.CARD)
    return evolve(state, pending=None, stage=Stage.MAIN)


def _remove_road(state: CKState, e: int) -> CKState:
    o = state.path_owner[e]
    pl = state.players[o]
    return set_player(state, o, evolve(pl, roads=pl.roads - 1),
                      path_owner=put(state.path_owner, e, -1))


# -- the steps ----------------------------------------------------------------------------------
def card_step(state: CKState, action: Action, links: Links) -> CKState:
    pd = state.pending
    assert pd is not None
    k = pd.card
    if not isinstance(action, _CHOICES):  # another step while the card is in play
        raise RB.RULES.illegal(RB.TURN_ACTOR, f"{type(action).__name__} is not a step of the"
                               f" {D.PROGRESS_NAMES[k]} in play")
    if action not in _options(state, pd, links):
        raise RB.RULES.illegal(CARD_RULE[k], f"{action!r} is not a choice of this"
                               f" {D.PROGRESS_NAMES[k]} step")
    p = state.turn
    if isinstance(action, Stop):
        return evolve(state, pending=None, stage=Stage.MAIN)
    if k == D.MERCHANT:
        assert isinstance(action, ChooseHex)
        return evolve(state, merchant=action.hex, merchant_owner=p, pending=None,
                      stage=Stage.MAIN)
    if k in (D.RESOURCE_MONOPOLY, D.TRADE_MONOPOLY):
        assert isinstance(action, ChooseCard)
        c = action.card
        take = D.MONOPOLY_TAKE if k == D.RESOURCE_MONOPOLY else 1
        for q in others(state):
            for _ in range(min(take, state.players[q].hand[c])):
                state = _give(state, q, p, c)
        return evolve(state, pending=None, stage=Stage.MAIN)
    if k == D.MERCHANT_FLEET:
        assert isinstance(action, ChooseCard)
        fleet = tuple(sorted({*state.fleet, action.card}))  # each card's 2:1 lasts the turn
        return evolve(state, fleet=fleet, pending=None, stage=Stage.MAIN)
    if k == D.MASTER_MERCHANT:
        if isinstance(action, ChoosePlayer):
            return _continue(state, evolve(pd, step=1, target=action.player,
                                           left=D.FREE_TWO), links)
        assert isinstance(action, ChooseCard)
        state = _give(state, pd.target, p, action.card)
        return _continue(state, evolve(pd, left=pd.left - 1), links) if pd.left > 1 \
            else evolve(state, pending=None, stage=Stage.MAIN)
    if k == D.COMMERCIAL_HARBOR:
        assert isinstance(action, ChooseCard)
        q = pd.queue[0]
        if pd.step == 0:
            if not any(state.players[q].hand[BD.N_RESOURCES:]):
                # offered a resource, he has no commodity to give: no exchange
                return _continue(state, evolve(pd, queue=pd.queue[1:]), links)
            return evolve(_give(state, p, q, action.card), pending=evolve(pd, step=1))
        state = evolve(_give(state, q, p, action.card), harboured=(*state.harboured, q))
        return _continue(state, evolve(pd, step=0, queue=pd.queue[1:]), links)
    if k == D.SPY:
        if isinstance(action, ChoosePlayer):
            return _continue(state, evolve(pd, step=1, target=action.player), links)
        assert isinstance(action, ChooseProgress)
        q, c = pd.target, action.progress
        victim = state.players[q]
        state = set_player(state, q, evolve(victim, progress=bump(victim.progress, c, -1)))
        me = state.players[p]
        state = set_player(state, p, evolve(me, progress=bump(me.progress, c, 1)))
        if state.config.option("progress-play") == "one":
            state = evolve(state, fresh=(*state.fresh, c))
        if progress_discarder(state) >= 0:  # a 6th card on one's turn (own-turn-hand=five)
            return evolve(state, stage=Stage.PROGRESS_DISCARD)
        return evolve(state, pending=None, stage=Stage.MAIN)
    if k == D.BISHOP:
        assert isinstance(action, ChooseHex)
        state = evolve(state, robber=action.hex)
        who = tuple(q for q in others(state)
                    if any(state.node_owner[n] == q for n in B.HEX_NODES[action.hex]))
        return links.start_steals(state, who)
    if k == D.DESERTER:
        if isinstance(action, ChoosePlayer):
            return _continue(state, evolve(pd, step=1, target=action.player), links)
        assert isinstance(action, ChooseNode)
        if pd.step == 1:
            level = state.knight_level[action.node]
            active = state.knight_active[action.node] \
                and state.config.option("deserter-knight") == "as-removed"
            state = links.remove_knight(state, action.node)
            level = _deserter_level(state, p, level)
            if not level:
                return evolve(state, pending=None, stage=Stage.MAIN)
            return _continue(state, evolve(pd, step=2, left=level, target=int(active)), links)
        state = links.put_knight(state, p, action.node, pd.left, pd.target == 1, True)
        if pd.target == 1:  # placed active: it came active this turn and takes no action
            state = links.activate(state, action.node)  # (cities_knights/deserter-knight)
        return evolve(state, pending=None, stage=Stage.MAIN)
    if k == D.DIPLOMAT:
        assert isinstance(action, ChoosePath)
        if pd.step == 0:
            owner = state.path_owner[action.path]
            own = owner == p
            state = update_roads(_remove_road(state, action.path), True, (owner,))
            if own:
                return _continue(state, evolve(pd, step=1, left=1, queue=(action.path,)), links)
            return evolve(state, pending=None, stage=Stage.MAIN)
        state = links.place_road(state, p, action.path)
        return _continue(state, evolve(pd, left=pd.left - 1), links)
    if k == D.INTRIGUE:
        assert isinstance(action, ChooseNode)
        n = action.node
        displaced = (state.knight_owner[n], state.knight_level[n], state.knight_active[n])
        state = links.remove_knight(state, n)
        return links.start_displaced(state, displaced, n)
    if k == D.WEDDING:
        assert isinstance(action, ChooseCard)
        q = pd.queue[0]
        state = _give(state, q, p, action.card)
        if pd.left > 1 and sum(state.players[q].hand) > 0:
            return evolve(state, pending=evolve(pd, left=pd.left - 1))
        return _continue(state, evolve(pd, left=D.FREE_TWO,
                                       queue=_with_cards(state, pd.queue[1:])), links)
    if k == D.ALCHEMIST:
        assert isinstance(action, ChooseNumber)
        if pd.step == 0:
            return evolve(state, pending=evolve(pd, step=1, target=action.number))
        return evolve(state, dice=(pd.target, action.number), pending=None, stage=Stage.EVENT)
    if k == D.ENGINEER:
        assert isinstance(action, ChooseNode)
        return evolve(links.place_wall(state, p, action.node), pending=None, stage=Stage.MAIN)
    if k == D.INVENTOR:
        assert isinstance(action, ChooseHex)
        if pd.target < 0:
            return evolve(state, pending=evolve(pd, target=action.hex))
        a, b = pd.target, action.hex
        tokens = put(put(state.tokens, a, state.tokens[b]), b, state.tokens[a])
        return evolve(state, tokens=tokens, pending=None, stage=Stage.MAIN)
    if k == D.MEDICINE:
        assert isinstance(action, ChooseNode)
        state = pay(state, p, D.MEDICINE_COST)
        return evolve(links.place_city(state, p, action.node), pending=None, stage=Stage.MAIN)
    if k == D.ROAD_BUILDING:
        assert isinstance(action, ChoosePath)
        state = links.place_road(state, p, action.path)
        return _continue(state, evolve(pd, left=pd.left - 1), links)
    assert k == D.SMITH and isinstance(action, ChooseNode)
    state = links.promote(state, p, action.node)
    return _continue(state, evolve(pd, left=pd.left - 1), links)


def _above(state: CKState, colour: int) -> bool:
    """Whether the deck of ``colour`` holds cards above those put under it."""
    return any(n for k, n in enumerate(state.deck) if D.PROGRESS_COLOUR[k] == colour)


def _colour_left(state: CKState, colour: int) -> bool:
    return _above(state, colour) or bool(state.under[colour])


def spend_progress(state: CKState, k: int) -> CKState:
    """A played or discarded progress card ``k`` goes face down under its deck, drawn after
    the cards above it (cities_knights/spent-progress-cards), or is set aside
    (``progress-return=set-aside``)."""
    if state.config.option("progress-return") == "set-aside":
        return evolve(state, spent=bump(state.spent, k, 1))
    c = D.PROGRESS_COLOUR[k]
    return evolve(state, under=put(state.under, c, (*state.under[c], k)))


def continue_draws(state: CKState, links: Links) -> CKState:
    """The next pending progress draw, or production when none is left (a draw from an
    empty deck is lost)."""
    draws = state.draws
    while draws:
        _, colour = draws[0]
        if colour < 0:
            if any(_colour_left(state, c) for c in range(3)):
                break
        elif _colour_left(state, colour):
            break
        draws = draws[1:]
    state = evolve(state, draws=draws)
    if draws:
        return evolve(state, stage=Stage.DRAWS)
    return links.production(state)


def draws_actor_chooses(state: CKState) -> bool:
    return state.draws[0][1] < 0


def deck_choices(state: CKState) -> tuple[Action, ...]:
    return tuple(ChooseDeck(c) for c in range(3) if _colour_left(state, c))


def choose_deck(state: CKState, action: ChooseDeck) -> CKState:
    seat, _ = state.draws[0]
    if not in_range(action.colour, 3) or not _colour_left(state, action.colour):
        raise RB.RULES.illegal(
            RB.BARBARIANS_TIE, f"no progress card of colour {action.colour!r} is left"
        )
    return evolve(state, draws=((seat, action.colour), *state.draws[1:]))


def draw_outcomes_of(state: CKState) -> tuple[tuple[Action, Fraction], ...]:
    """The next draw's card: a chance step over the cards left in the deck of its colour
    (RB.PROGRESS_DECKS), or the first card put under it once none is above."""
    colour = state.draws[0][1]
    if not _above(state, colour):  # the cards put under it, in order
        return ((DrawProgress(state.under[colour][0]), Fraction(1)),)
    return draw_outcomes(((k, n) for k, n in enumerate(state.deck)
                          if D.PROGRESS_COLOUR[k] == colour), DrawProgress)


def draw(state: CKState, action: DrawProgress, links: Links) -> CKState:
    """The drawn card: one the deck of the draw's colour holds (RB.PROGRESS_DECKS), the
    first put under it once none is above (cities_knights/spent-progress-cards), whether a
    gate or a tied defence draws it."""
    seat, colour = state.draws[0]
    k = action.progress
    if not in_range(k, D.N_PROGRESS_KINDS) or D.PROGRESS_COLOUR[k] != colour:
        raise RB.RULES.illegal(RB.PROGRESS_DECKS, f"no progress card {k!r} in the deck of"
                               f" colour {colour}")
    if _above(state, colour):
        if not state.deck[k]:
            raise RB.RULES.illegal(
                RB.PROGRESS_DECKS, f"no progress card {k!r} in the deck of colour {colour}"
            )
        state = evolve(state, deck=bump(state.deck, k, -1), draws=state.draws[1:])
    else:
        if k != state.under[colour][0]:
            raise RB.RULES.illegal(RB.PROGRESS_DECKS, f"the next card of colour {colour} is"
                                   f" {state.under[colour][0]}, not {k!r}")
        state = evolve(state, under=put(state.under, colour, state.under[colour][1:]),
                       draws=state.draws[1:])
    state = gain_progress(state, seat, k)
    if progress_discarder(state) >= 0:
        return evolve(state, stage=Stage.PROGRESS_DISCARD)
    return continue_draws(state, links)


def gain_progress(state: CKState, seat: int, k: int) -> CKState:
    """``seat`` takes progress card ``k``: Printer and Constitution lie face up at once."""
    pl = state.players[seat]
    if k in D.VP_CARDS:
        return set_player(state, seat, evolve(pl, vp_cards=pl.vp_cards + 1))
    if seat == state.turn and state.config.option("progress-play") == "one":
        state = evolve(state, fresh=(*state.fresh, k))
    return set_player(state, seat, evolve(pl, progress=bump(pl.progress, k, 1)))


def progress_discarder(state: CKState) -> int:
    """A player off turn holding more than 4 progress cards, or (reading
    ``own-turn-hand=five``) the player on turn holding more than 5 (-1: none)."""
    seats = order_from(state, state.turn)
    if state.config.option("own-turn-hand") == "five" \
            and held(state.players[state.turn]) > D.HAND_LIMIT + 1:
        return state.turn
    for q in seats[1:]:
        if held(state.players[q]) > D.HAND_LIMIT:
            return q
    return -1


def progress_discard_actions(state: CKState, seat: int) -> tuple[Action, ...]:
    return tuple(DiscardProgress(k) for k, n in enumerate(state.players[seat].progress) if n)


def discard_progress(state: CKState, seat: int, action: DiscardProgress) -> CKState:
    k = action.progress
    pl = state.players[seat]
    rule = (
        RB.PROGRESS_HAND_LIMIT
        if state.stage is Stage.END or seat == state.turn
        else RB.PROGRESS_OFF_TURN
    )
    if not in_range(k, D.N_PROGRESS_KINDS) or not pl.progress[k]:
        raise RB.RULES.illegal(rule, f"player {seat} holds no progress card {k!r}")
    state = spend_progress(set_player(state, seat, evolve(
        pl, progress=bump(pl.progress, k, -1))), k)
    if seat == state.turn and state.fresh.count(k) > state.players[seat].progress[k]:
        i = state.fresh.index(k)  # one discards a card gained this turn first
        state = evolve(state, fresh=state.fresh[:i] + state.fresh[i + 1:])
    return state
