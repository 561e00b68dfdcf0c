"""Animals ("Животные (светло-зелёный жетон)"): a placed animal tile scores at once."""

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.ops import implements


@implements(RB.ANIMAL_SCORE)
def score(estate: tuple[str, ...], space: int, extra: int,
          board: D.Estate = D.BOARD1) -> int:
    """VP for the animal tile on ``space``: every tile of its kind on the same pasture counts
    its animals (RB.ANIMAL_SCORE), plus ``extra`` per tile (knowledge 7)."""
    kind = D.ANIMAL_OF[estate[space]][0]
    total = 0
    for s in board.areas[board.area[space]]:
        tile = estate[s]
        if tile and D.ANIMAL_OF[tile][0] == kind:
            total += D.ANIMAL_OF[tile][1] + extra
    return total
