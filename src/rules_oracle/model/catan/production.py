"""Production, the bank shortage, the 7's discards, the robber and the steal: pure
functions over the board tables, reusable by any game on this board."""

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as D


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
        if tokens[h] != roll or h == robber:
            continue
        r = D.YIELD[terrain[h]]
        if r < 0:
            continue
        second = r if city_second is None or city_second[terrain[h]] < 0 \
            else city_second[terrain[h]]
        for n in B.HEX_NODES[h]:
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
        owed_by = [p for p, row in enumerate(due) if row[r]]
        if len(owed_by) == 1 and one_owed_gets_rest:
            new_hands[owed_by[0]][r] += new_bank[r]
            new_bank[r] = 0
    return tuple(new_bank), tuple(tuple(h) for h in new_hands)


def discards_due(hands: tuple[tuple[int, ...], ...], limit: int = D.DISCARD_ABOVE
                 ) -> tuple[int, ...]:
    """Cards each player discards on a 7: half, rounded down, of a hand over ``limit``."""
    return tuple(sum(h) // 2 if sum(h) > limit else 0 for h in hands)


def players_on(hex_id: int, node_owner: tuple[int, ...]) -> tuple[int, ...]:
    """Owners of the buildings on a hex's corners, ascending, without repeats."""
    return tuple(sorted({node_owner[n] for n in B.HEX_NODES[hex_id] if node_owner[n] >= 0}))


def victims(hex_id: int, mover: int, node_owner: tuple[int, ...],
            hands: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Players the robber on ``hex_id`` may steal from: a building there and cards."""
    return tuple(p for p in players_on(hex_id, node_owner) if p != mover and sum(hands[p]) > 0)


def robber_hexes(robber: int, mover: int, node_owner: tuple[int, ...],
                 public_vp: tuple[int, ...], friendly: bool) -> tuple[int, ...]:
    """Hexes the robber may move to: any other hex; with the friendly robber not one with a
    building of another player who has at most 2 public points, unless every other hex has
    one (catan/friendly-robber)."""
    others = tuple(h for h in range(B.N_HEXES) if h != robber)
    if not friendly:
        return others
    kind = tuple(h for h in others
                 if all(p == mover or public_vp[p] > 2 for p in players_on(h, node_owner)))
    return kind or others
