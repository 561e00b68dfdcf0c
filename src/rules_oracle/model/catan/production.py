"""Production and the bank shortage: pure functions over the board tables, reusable by any
game on this board (Cities & Knights), and the production step of a roll other than 7."""

from operator import add, le, sub

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.ops import evolve_dict
from rules_oracle.model.catan.state import CatanState, S
from rules_oracle.model.core.ops import by_identity


def owed(terrain: tuple[int, ...], tokens: tuple[int, ...], robber: int,
         node_owner: tuple[int, ...], node_level: tuple[int, ...], roll: int,
         players: int, city_second: tuple[int, ...] | None = None,
         kinds: int = D.N_RESOURCES) -> tuple[tuple[int, ...], ...]:
    """Cards each player is owed for ``roll``: per producing hex (its token rolled, not the
    robber's: :func:`producing`) 1 per adjacent settlement and 2 per adjacent city, of the
    hex's resource.

    An expansion passes ``city_second``, per terrain the card kind a city's second card is
    (-1: the hex's resource again), and ``kinds``, the width of each player's row."""
    out = [[0] * kinds for _ in range(players)]
    for h, r, nodes in producing(terrain, tokens, robber, roll):
        second = r if city_second is None or city_second[terrain[h]] < 0 \
            else city_second[terrain[h]]
        for n in nodes:  # RB.PRODUCTION_YIELD: 1 a settlement, 2 a city
            o = node_owner[n]
            if o >= 0:
                out[o][r] += 1
                if node_level[n] == 2:
                    out[o][second] += 1
    return tuple(tuple(row) for row in out)


def pay(bank: tuple[int, ...], hands: tuple[tuple[int, ...], ...],
        due: tuple[tuple[int, ...], ...], one_owed_gets_rest: bool
        ) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Pay ``due`` from the bank, card kind by card kind (every kind of ``bank``). When the
    bank cannot pay everyone a kind nobody gets it, except that a single owed player gets
    what remains when ``one_owed_gets_rest`` (catan/bank-shortage). A hand owed nothing is
    given back as it was (the same object)."""
    new_bank = list(bank)
    new_hands: list[tuple[int, ...] | list[int]] = list(hands)
    columns = tuple(zip(*due, strict=True)) if due else ()
    for r in range(len(bank)):
        column = columns[r] if columns else ()
        total = sum(column)
        if total == 0:
            continue
        if total <= new_bank[r]:
            for p, n in enumerate(column):
                if n:
                    _mutable(new_hands, p)[r] += n
            new_bank[r] -= total
            continue
        # RB.PRODUCTION_SHORTAGE: the bank cannot pay every card of this kind owed
        owed_by = [p for p, n in enumerate(column) if n]
        if len(owed_by) == 1 and one_owed_gets_rest:
            _mutable(new_hands, owed_by[0])[r] += new_bank[r]
            new_bank[r] = 0
    return tuple(new_bank), tuple(tuple(h) for h in new_hands)


def _mutable(hands: list[tuple[int, ...] | list[int]], p: int) -> list[int]:
    """Seat ``p``'s hand in ``hands`` as a list (made one the first time it changes)."""
    hand = hands[p]
    if isinstance(hand, list):
        return hand
    made = hands[p] = list(hand)
    return made


#: a board's producing hexes per roll (see :func:`roll_table`)
RollTable = tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]

#: :func:`roll_table`'s memory: (id(terrain), id(tokens)) -> (terrain, tokens, table)
_ROLL_TABLES: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...], RollTable]] = {}
#: boards :data:`_ROLL_TABLES` holds before it starts afresh
ROLL_TABLE_ENTRIES = 256


def roll_table(terrain: tuple[int, ...], tokens: tuple[int, ...]) -> RollTable:
    """Per roll total (index 0-12), the hexes its token names that yield a resource, as
    (hex, resource, the hex's intersections), in hex order: the walk of :func:`owed` done
    once per board. Successive states share their board tuples, so the table is
    remembered by their identity (held with it, so the ids name them while it lives)."""
    key = (id(terrain), id(tokens))
    known = _ROLL_TABLES.get(key)
    if known is not None and known[0] is terrain and known[1] is tokens:
        return known[2]
    rows: list[list[tuple[int, int, tuple[int, ...]]]] = [[] for _ in range(13)]
    for h in range(B.N_HEXES):
        r = D.YIELD[terrain[h]] if terrain[h] >= 0 else -1
        if r >= 0 and 0 <= tokens[h] <= 12:
            rows[tokens[h]].append((h, r, B.HEX_NODES[h]))
    table = tuple(tuple(row) for row in rows)
    if len(_ROLL_TABLES) >= ROLL_TABLE_ENTRIES:
        _ROLL_TABLES.clear()
    _ROLL_TABLES[key] = (terrain, tokens, table)
    return table


def producing(terrain: tuple[int, ...], tokens: tuple[int, ...], robber: int,
              roll: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """The hexes that produce for ``roll``: those whose token it names and that yield a
    resource (:func:`roll_table`), but the robber's."""
    if not 0 <= roll <= 12:
        return ()
    # RB.PRODUCTION_ROBBER: the robber's hex produces nothing
    return tuple(row for row in roll_table(terrain, tokens)[roll] if row[0] != robber)


#: :func:`owed_now`'s memory: (ids of terrain, tokens, owners, levels; the robber's hex
#: when its token is the roll's, else -1; the roll) -> (the four tuples, what the roll owes)
_OWED: dict[tuple[int, int, int, int, int, int],
            tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]] = {}
#: entries :data:`_OWED` holds before it starts afresh
OWED_ENTRIES = 4096


def owed_now(state: CatanState, roll: int) -> tuple[tuple[int, ...], ...]:
    """What ``roll`` owes each player of ``state`` (:func:`owed`), remembered by the
    identity of the board's and the buildings' tuples, the roll and the robber's hex:
    successive states share those tuples until a piece is placed, so the walk over the
    roll's hexes is done once per board position (the tuples are held with the result, so
    their ids name them while the entry lives). The robber's hex is part of the key only
    when its token is the roll's: elsewhere it is not among the hexes :func:`owed` walks
    for the roll, so the cards owed are those of a robber on no hex (-1)."""
    parts = (state.terrain, state.tokens, state.node_owner, state.node_level)
    robber = state.robber
    if not (0 <= robber < len(parts[1]) and parts[1][robber] == roll):
        robber = -1
    key = (id(parts[0]), id(parts[1]), id(parts[2]), id(parts[3]), robber, roll)
    known = _OWED.get(key)
    if known is not None:
        held = known[0]
        if held[0] is parts[0] and held[1] is parts[1] and held[2] is parts[2] \
                and held[3] is parts[3]:
            return known[1]
    due = owed(state.terrain, state.tokens, robber, state.node_owner, state.node_level,
               roll, len(state.players))
    if len(_OWED) >= OWED_ENTRIES:
        _OWED.clear()
    _OWED[key] = (parts, due)
    return due


@by_identity
def owed_rows(due: tuple[tuple[int, ...], ...]
              ) -> tuple[tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...]]:
    """Of what a roll owes (:func:`owed_now`'s tuples, remembered by identity): each card
    kind's total, and (seat, row) of every player owed a card."""
    totals = tuple(map(sum, zip(*due, strict=True))) if due else ()
    return totals, tuple((p, row) for p, row in enumerate(due) if any(row))


def produce(state: CatanState, dice: tuple[int, int] | None = None) -> CatanState:
    """Every player takes what the roll's hexes owe them (:func:`owed`, by
    :func:`owed_now`), bank allowing (:func:`pay`); trading and building follow. The roll
    is ``state``'s dice, or ``dice``, then shown in the state (one copy for the roll and
    its production). When the bank holds every kind's total (:func:`owed_rows`), each
    owed player takes his row at once, as :func:`pay` would pay it kind by kind."""
    shown = state.dice if dice is None else dice
    players = state.players
    due = owed_now(state, shown[0] + shown[1])
    totals, rows = owed_rows(due)
    if not rows:
        return evolve_dict(state, stage=S.MAIN, dice=shown)
    if all(map(le, totals, state.bank)):  # no kind short: nobody's cards withheld
        paid = list(players)
        for p, row in rows:
            pl = paid[p]
            paid[p] = evolve_dict(pl, hand=tuple(map(add, pl.hand, row)))
        return evolve_dict(state, bank=tuple(map(sub, state.bank, totals)), stage=S.MAIN,
                           dice=shown, players=tuple(paid))
    bank, hands = pay(state.bank, tuple(pl.hand for pl in players), due,
                      state.config.option("shortage") == "one-owed")
    return evolve_dict(state, bank=bank, stage=S.MAIN, dice=shown, players=tuple(
        pl if hand is pl.hand else evolve_dict(pl, hand=hand)
        for pl, hand in zip(players, hands, strict=True)))


def shown(state: CatanState, total: int) -> list[str]:
    """The production rules a roll of ``total`` (not 7) shows."""
    out = [RB.PRODUCTION_YIELD]
    if state.tokens[state.robber] == total:
        out.append(RB.PRODUCTION_ROBBER)
    due = owed(state.terrain, state.tokens, state.robber, state.node_owner,
               state.node_level, total, state.config.players)
    if any(sum(row[r] for row in due) > state.bank[r] for r in range(D.N_RESOURCES)):
        out.append(RB.PRODUCTION_SHORTAGE)  # the bank cannot pay every card owed
    return out
