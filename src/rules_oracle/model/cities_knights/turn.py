"""A turn's roll: the production dice and the event die, progress draws, the barbarians,
production with commodities, the aqueduct, the 7 (discards, robber, steal), and the end of
the turn with its progress-card limit."""

from fractions import Fraction

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as BD
from rules_oracle.model.catan.actions import Dice, Discard, MoveRobber, Steal
from rules_oracle.model.catan.ops import bump, evolve, in_range, put
from rules_oracle.model.catan.production import owed, pay
from rules_oracle.model.catan.seven import discards_due, robber_hexes, victims
from rules_oracle.model.catan.turn import DICE_OUTCOMES
from rules_oracle.model.cities_knights import data as D
from rules_oracle.model.cities_knights import rules as RB
from rules_oracle.model.cities_knights.actions import (
    Action,
    ChooseCard,
    ChooseDeck,
    DiscardProgress,
    DrawProgress,
    EventDie,
    ReduceCity,
    Stop,
)
from rules_oracle.model.cities_knights.common import (
    active_knights,
    held,
    order_from,
    road_owners_at,
    set_player,
    strength,
    update_roads,
)
from rules_oracle.model.cities_knights.state import CKState, Stage
from rules_oracle.model.core import draw_outcomes

__all__ = ["DICE_OUTCOMES"]

#: the event die: 3 ship faces of 6, one gate per colour
EVENT_OUTCOMES = tuple((EventDie(f), Fraction(c, 6)) for f, c in enumerate(D.EVENT_COUNTS))


def roll(state: CKState, action: Dice) -> CKState:
    if not (in_range(action.white - 1, 6) and in_range(action.red - 1, 6)):
        raise RB.RULES.illegal(RB.DICE_THREE, f"no die shows {action.white} or {action.red}")
    return evolve(state, dice=(action.white, action.red), stage=Stage.EVENT)


def event(state: CKState, action: EventDie) -> CKState:
    """The event die resolves before production (cities_knights/dice.event)."""
    face = action.face
    if not in_range(face, len(D.EVENT_FACES)):
        raise RB.RULES.illegal(RB.DICE_EVENT, f"no event face {face!r}")
    state = evolve(state, event=face)
    if face == D.SHIP:
        state = evolve(state, barbarians=state.barbarians + 1)
        if state.barbarians >= D.TRACK:
            return attack(state)
        return production(state)
    colour = face - 1
    red = state.dice[1]
    draws = tuple((q, colour) for q in order_from(state, state.turn)
                  if state.players[q].levels[colour] >= 1
                  and red <= state.players[q].levels[colour] + D.DRAW_OFFSET)
    return continue_draws(evolve(state, draws=draws))


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


def continue_draws(state: CKState) -> CKState:
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
    return production(state)


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
    colour = state.draws[0][1]
    if not _above(state, colour):  # the cards put under it, in order
        return ((DrawProgress(state.under[colour][0]), Fraction(1)),)
    return draw_outcomes(((k, n) for k, n in enumerate(state.deck)
                          if D.PROGRESS_COLOUR[k] == colour), DrawProgress)


def draw(state: CKState, action: DrawProgress) -> CKState:
    seat, colour = state.draws[0]
    k = action.progress
    if not in_range(k, D.N_PROGRESS_KINDS) or D.PROGRESS_COLOUR[k] != colour:
        raise RB.RULES.illegal(RB.DICE_GATE_DRAW, f"no progress card {k!r} in the deck of colour"
                               f" {colour}")
    if _above(state, colour):
        if not state.deck[k]:
            raise RB.RULES.illegal(
                RB.DICE_GATE_DRAW, f"no progress card {k!r} in the deck of colour {colour}"
            )
        state = evolve(state, deck=bump(state.deck, k, -1), draws=state.draws[1:])
    else:
        if k != state.under[colour][0]:
            raise RB.RULES.illegal(RB.DICE_GATE_DRAW, f"the next card of colour {colour} is"
                                   f" {state.under[colour][0]}, not {k!r}")
        state = evolve(state, under=put(state.under, colour, state.under[colour][1:]),
                       draws=state.draws[1:])
    state = gain_progress(state, seat, k)
    if progress_discarder(state) >= 0:
        return evolve(state, stage=Stage.PROGRESS_DISCARD)
    return continue_draws(state)


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


# -- the barbarians ----------------------------------------------------------------------------
def attack(state: CKState) -> CKState:
    """The barbarians attack: cities vs active knights; then every knight deactivates and
    the ship returns (cities_knights/barbarians.*)."""
    n = state.config.players
    cities = sum(pl.cities for pl in state.players)
    if state.config.option("barbarian-strength") == "plus-metropolis":
        # cities_knights/barbarian-strength: b = s + m, a metropolis counted once more
        cities += sum(1 for node in state.metropolis if node >= 0)
    contrib = tuple(strength(state, p) for p in range(n))
    counts = tuple(active_knights(state, p) for p in range(n))
    defence = sum(contrib)
    order = order_from(state, state.turn)
    state = evolve(state, barbarians=0, attacked=True,
                   knight_active=(False,) * B.N_NODES)
    if defence >= cities:
        key = counts if state.config.option("defender") == "count" else contrib
        best = max(key)
        if best == 0:  # cities_knights/no-defenders: nobody contributed
            return production(state)
        top = tuple(p for p in order if key[p] == best)
        if len(top) == 1:
            p = top[0]
            # cities_knights/defender-cards-out: past the 6 cards, the point all the same
            if state.defenders_left or state.config.option("defender-out") == "point":
                pl = state.players[p]
                state = set_player(state, p, evolve(pl, defenders=pl.defenders + 1),
                                   defenders_left=max(0, state.defenders_left - 1))
            return production(state)
        return continue_draws(evolve(state, draws=tuple((p, -1) for p in top)))
    eligible = [p for p in order if _reducible(state, p)]
    if not eligible:
        return production(state)
    low = min(contrib[p] for p in eligible)
    losers = tuple(p for p in eligible if contrib[p] == low)
    if state.config.option("losers") == "one":
        losers = losers[:1]
    return evolve(state, queue=losers, stage=Stage.REDUCE)


def _reducible(state: CKState, p: int) -> tuple[int, ...]:
    """``p``'s cities the barbarians may reduce: not metropolises."""
    return tuple(n for n in range(B.N_NODES) if state.node_owner[n] == p
                 and state.node_level[n] == 2 and n not in state.metropolis)


def reduce_actions(state: CKState) -> tuple[Action, ...]:
    return tuple(ReduceCity(n) for n in _reducible(state, state.queue[0]))


def reduce_city(state: CKState, action: ReduceCity) -> CKState:
    p = state.queue[0]
    n = action.node
    if n not in _reducible(state, p):
        raise RB.RULES.illegal(RB.BARBARIANS_LOSS if not in_range(n, B.N_NODES) or n not in
                               state.metropolis else RB.METROPOLIS_IMMUNE,
                               f"intersection {n!r} holds no reducible city of player {p}")
    pl = state.players[p]
    wall = state.walls[n]
    walls = put(state.walls, n, False) if wall else state.walls
    pl = evolve(pl, cities=pl.cities - 1, walls=pl.walls - wall)
    if pl.settlements < BD.SETTLEMENTS:
        pl = evolve(pl, settlements=pl.settlements + 1)
        state = set_player(state, p, pl, walls=walls, node_level=put(state.node_level, n, 1))
    else:  # cities_knights/reduced-city-stock: no settlement piece left
        state = set_player(state, p, pl, walls=walls, node_level=put(state.node_level, n, 0),
                           node_owner=put(state.node_owner, n, -1))
        state = update_roads(state, False, road_owners_at(state, n))
    state = evolve(state, queue=state.queue[1:])
    if state.queue:
        return state
    return production(state)


# -- production, the 7 -------------------------------------------------------------------------
def production(state: CKState) -> CKState:
    """Production of the dice (after the event die): resources and commodities, or the 7."""
    total = state.dice[0] + state.dice[1]
    n = state.config.players
    if total == BD.ROBBER_ROLL:
        due = tuple(discards_due((pl.hand,), BD.DISCARD_ABOVE + D.WALL_LIMIT_BONUS
                                 * pl.walls)[0] for pl in state.players)
        state = evolve(state, discards=due, queue=())
        if any(due):
            return evolve(state, stage=Stage.DISCARD)
        return after_seven(state)
    got = owed(state.terrain, state.tokens, state.robber, state.node_owner, state.node_level,
               total, n, D.CITY_COMMODITY, D.N_CARDS)
    bank, hands = pay(state.bank, tuple(pl.hand for pl in state.players), got, True)
    # cities_knights/aqueduct-shortage: the roll gave nothing (default), or owed nothing
    nothing = tuple(not any(got[p]) for p in range(n)) \
        if state.config.option("aqueduct") == "owed" \
        else tuple(pl.hand == h for pl, h in zip(state.players, hands, strict=True))
    players = tuple(pl if pl.hand == h else evolve(pl, hand=h)
                    for pl, h in zip(state.players, hands, strict=True))
    state = evolve(state, bank=bank, players=players)
    queue = tuple(p for p in order_from(state, state.turn)
                  if state.players[p].levels[D.SCIENCE] >= D.ABILITY_LEVEL and nothing[p])
    return aqueduct_next(evolve(state, queue=queue))


def aqueduct_next(state: CKState) -> CKState:
    if state.queue and any(state.bank[:BD.N_RESOURCES]):
        return evolve(state, stage=Stage.AQUEDUCT)
    return evolve(state, queue=(), stage=Stage.MAIN)


def aqueduct_actions(state: CKState) -> tuple[Action, ...]:
    """A resource of the bank's; under ``aqueduct-take=may-decline`` also ``Stop``."""
    out = tuple(ChooseCard(r) for r in range(BD.N_RESOURCES) if state.bank[r])
    if state.config.option("aqueduct-take") == "may-decline":
        return (*out, Stop())
    return out


def aqueduct(state: CKState, action: ChooseCard | Stop) -> CKState:
    if isinstance(action, Stop):  # cities_knights/aqueduct-take: he declines
        if state.config.option("aqueduct-take") != "may-decline":
            raise RB.RULES.illegal(RB.IMPROVEMENT_AQUEDUCT, "the aqueduct's resource is taken")
        return aqueduct_next(evolve(state, queue=state.queue[1:]))
    p, r = state.queue[0], action.card
    if not in_range(r, BD.N_RESOURCES) or not state.bank[r]:
        raise RB.RULES.illegal(RB.IMPROVEMENT_AQUEDUCT, f"the bank has no resource {r!r}")
    pl = state.players[p]
    state = set_player(state, p, evolve(pl, hand=bump(pl.hand, r, 1)),
                       bank=bump(state.bank, r, -1), queue=state.queue[1:])
    return aqueduct_next(state)


def after_seven(state: CKState) -> CKState:
    """The robber moves after a 7 only once the barbarians have attacked."""
    if state.attacked:
        return evolve(state, stage=Stage.ROBBER)
    return evolve(state, stage=Stage.MAIN)


def discarder(state: CKState) -> int:
    for p in order_from(state, state.turn):
        if state.discards[p]:
            return p
    raise AssertionError("no discard pending")  # pragma: no cover


def discard_actions(state: CKState) -> tuple[Action, ...]:
    hand = state.players[discarder(state)].hand
    return tuple(Discard(c) for c in range(D.N_CARDS) if hand[c])


def discard(state: CKState, action: Discard) -> CKState:
    p = discarder(state)
    pl = state.players[p]
    c = action.resource
    if not in_range(c, D.N_CARDS) or not pl.hand[c]:
        raise RB.RULES.illegal(RB.SEVEN_DISCARD, f"player {p} holds no card {c!r}")
    state = set_player(state, p, evolve(pl, hand=bump(pl.hand, c, -1)),
                       bank=bump(state.bank, c, 1), discards=bump(state.discards, p, -1))
    if any(state.discards):
        return state
    if state.pending is not None:  # the Saboteur's discards
        return evolve(state, pending=None, stage=Stage.MAIN)
    return after_seven(state)


def robber_targets(state: CKState) -> tuple[int, ...]:
    return robber_hexes(state.robber, state.turn, state.node_owner, (), False)


def _victims(state: CKState, h: int) -> tuple[int, ...]:
    """Whom the robber moved to ``h`` may rob: nobody after a knight's chase under
    chase-steal=move-only (``knight_node``: the chasing knight)."""
    if state.knight_node >= 0 and state.config.option("chase-steal") == "move-only":
        return ()
    return victims(h, state.turn, state.node_owner, tuple(pl.hand for pl in state.players))


def robber_actions(state: CKState) -> tuple[Action, ...]:
    out: list[Action] = []
    for h in robber_targets(state):
        vs = _victims(state, h)
        out.extend(MoveRobber(h, v) for v in vs) if vs else out.append(MoveRobber(h, -1))
    return tuple(out)


def move_robber(state: CKState, action: MoveRobber) -> CKState:
    if action.hex not in robber_targets(state):
        raise RB.RULES.illegal(RB.ROBBER_MOVE, f"the robber cannot go to hex {action.hex!r}")
    vs = _victims(state, action.hex)
    if (action.victim not in vs) if vs else action.victim != -1:
        raise RB.RULES.illegal(RB.KNIGHT_CHASE if state.knight_node >= 0 else RB.ROBBER_MOVE,
                               f"player {action.victim!r} cannot be robbed on hex"
                               f" {action.hex}")
    state = evolve(state, robber=action.hex, knight_node=-1)
    return start_steals(state, (action.victim,) if action.victim >= 0 else ())


def start_steals(state: CKState, who: tuple[int, ...]) -> CKState:
    who = tuple(v for v in who if sum(state.players[v].hand))
    if who:
        return evolve(state, victims=who, stage=Stage.STEAL)
    return evolve(state, victims=(), pending=None, stage=Stage.MAIN)


def steal_outcomes(state: CKState) -> tuple[tuple[Action, Fraction], ...]:
    return draw_outcomes(enumerate(state.players[state.victims[0]].hand), Steal)


def steal(state: CKState, action: Steal) -> CKState:
    v, p = state.victims[0], state.turn
    victim = state.players[v]
    c = action.resource
    if not in_range(c, D.N_CARDS) or not victim.hand[c]:
        raise RB.RULES.illegal(RB.ROBBER_MOVE, f"player {v} holds no card {c!r}")
    state = set_player(state, v, evolve(victim, hand=bump(victim.hand, c, -1)))
    thief = state.players[p]
    state = set_player(state, p, evolve(thief, hand=bump(thief.hand, c, 1)))
    return start_steals(state, state.victims[1:])


# -- the end of the turn -----------------------------------------------------------------------
def end_turn(state: CKState) -> CKState:
    """The player ending his turn discards down to 4 progress cards, then the next seat's
    turn begins (or the game ends at the turn limit)."""
    if held(state.players[state.turn]) > D.HAND_LIMIT:
        return evolve(state, stage=Stage.END)
    if state.turns >= D.TURN_LIMIT:
        return evolve(state, stage=Stage.OVER)
    marks = (0,) * B.N_NODES
    return evolve(state, turn=(state.turn + 1) % state.config.players, turns=state.turns + 1,
                  dice=(0, 0), event=-1, trades=0, offers=0, fleet=(), crane=0, harboured=(),
                  played=False, fresh=(), knight_marks=marks,
                  stage=Stage.PRE_ROLL)
