"""Production and the bank shortage: pure functions over the board tables, reusable by any
game on this board (Cities & Knights), and the production step of a roll other than 7."""

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as D
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.ops import evolve
from rules_oracle.model.catan.state import CatanState, Stage


def owed(terrain: tuple[int, ...], tokens: tuple[int, ...], robber: int,
         node_owner: tuple[int, ...], node_level: tuple[int, ...], roll: int,
         players: int, city_second: tuple[int, ...] | None = None,
         kinds: int = D.N_RESOURCES) -> tuple[tuple[int, ...], ...]:
    """Cards each player is owed for ``roll``: per producing hex (its token rolled, not the
    robber's) 1 per adjacent settlement and 2 per adjacent city, of the hex's resource.

    An expansion passes ``city_second``, per terrain the card kind a city's second card is
    (-1: the hex's resource again), and ``kinds``, the width of each player's row."""
    out = [[0] * kinds for _ in range(players)]
    for h in range(B.N_HEXES):
        # RB.PRODUCTION_ROBBER: the robber's hex produces nothing
        if tokens[h] != roll or h == robber:
            continue
        r = D.YIELD[terrain[h]]
        if r < 0:
            continue
        second = r if city_second is None or city_second[terrain[h]] < 0 \
            else city_second[terrain[h]]
        for n in B.HEX_NODES[h]:  # RB.PRODUCTION_YIELD: 1 a settlement, 2 a city
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
    what remains when ``one_owed_gets_rest`` (catan/bank-shortage)."""
    new_bank = list(bank)
    new_hands = [list(h) for h in hands]
    for r in range(len(bank)):
        total = sum(row[r] for row in due)
        if total == 0:
            continue
        if total <= new_bank[r]:
            for p, row in enumerate(due):
                new_hands[p][r] += row[r]
            new_bank[r] -= total
            continue
        # RB.PRODUCTION_SHORTAGE: the bank cannot pay every card of this kind owed
        owed_by = [p for p, row in enumerate(due) if row[r]]
        if len(owed_by) == 1 and one_owed_gets_rest:
            new_hands[owed_by[0]][r] += new_bank[r]
            new_bank[r] = 0
    return tuple(new_bank), tuple(tuple(h) for h in new_hands)


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


def produce(state: CatanState) -> CatanState:
    """Every player takes what the roll's hexes owe them, bank allowing; trading and
    building follow. The cards owed and paid are :func:`owed` and :func:`pay`'s, summed
    from the board's :func:`roll_table` rather than walked over every hex."""
    robber, node_owner, node_level = state.robber, state.node_owner, state.node_level
    # resource -> cards owed per seat (RB.PRODUCTION_YIELD: 1 a settlement, 2 a city;
    # RB.PRODUCTION_ROBBER: the robber's hex produces nothing)
    due: dict[int, list[int]] = {}
    for h, r, nodes in roll_table(state.terrain, state.tokens)[state.dice[0] + state.dice[1]]:
        if h == robber:
            continue
        for n in nodes:
            o = node_owner[n]
            if o >= 0:
                row = due.get(r)
                if row is None:
                    row = due[r] = [0] * state.config.players
                row[o] += node_level[n]
    if not due:
        return evolve(state, stage=Stage.MAIN)
    bank = list(state.bank)
    hands: dict[int, list[int]] = {}  # the hands that take cards
    for r, row in due.items():
        total = sum(row)
        if total <= bank[r]:
            paid = [(p, k) for p, k in enumerate(row) if k]
            bank[r] -= total
        else:
            # RB.PRODUCTION_SHORTAGE: the bank cannot pay every card of this kind owed
            owed_by = [p for p, k in enumerate(row) if k]
            if len(owed_by) != 1 or state.config.option("shortage") != "one-owed" \
                    or not bank[r]:
                continue
            paid = [(owed_by[0], bank[r])]
            bank[r] = 0
        for p, k in paid:
            hand = hands.get(p)
            if hand is None:
                hand = hands[p] = list(state.players[p].hand)
            hand[r] += k
    if not hands:
        return evolve(state, stage=Stage.MAIN)
    players = list(state.players)
    for p, hand in hands.items():
        players[p] = evolve(players[p], hand=tuple(hand))
    return evolve(state, bank=tuple(bank), players=tuple(players), stage=Stage.MAIN)


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
