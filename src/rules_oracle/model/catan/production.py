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


def produce(state: CatanState) -> CatanState:
    """Every player takes what the roll's hexes owe them, bank allowing; trading and
    building follow."""
    hands = tuple(pl.hand for pl in state.players)
    got = owed(state.terrain, state.tokens, state.robber, state.node_owner, state.node_level,
               sum(state.dice), state.config.players)
    bank, hands = pay(state.bank, hands, got,
                      state.config.option("shortage") == "one-owed")
    players = tuple(pl if pl.hand == h else evolve(pl, hand=h)
                    for pl, h in zip(state.players, hands, strict=True))
    return evolve(state, bank=bank, players=players, stage=Stage.MAIN)


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
