"""Scoring of The Castles of Burgundy: animals, areas, colours, the end of the game."""

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy.state import Player


def animal_vp(estate: tuple[str, ...], space: int, knowledge: tuple[int, ...],
              board: D.Estate = D.BOARD1) -> int:
    """VP for the animal tile on ``space``: every tile of its kind on the same pasture counts
    its animals (plus 1 per tile with knowledge 7)."""
    kind = D.ANIMAL_OF[estate[space]][0]
    extra = 1 if 7 in knowledge else 0
    total = 0
    for s in board.areas[board.area[space]]:
        tile = estate[s]
        if tile and D.ANIMAL_OF[tile][0] == kind:
            total += D.ANIMAL_OF[tile][1] + extra
    return total


def area_complete(estate: tuple[str, ...], space: int, board: D.Estate = D.BOARD1) -> int:
    """The size of the area of ``space`` if every space of it is filled, else 0."""
    spaces = board.areas[board.area[space]]
    for s in spaces:
        if not estate[s]:
            return 0
    return len(spaces)


def colour_complete(estate: tuple[str, ...], colour: str, board: D.Estate = D.BOARD1) -> bool:
    return all(estate[s] for s in board.colour_spaces[colour])


def knowledge_end_vp(player: Player, edition: str = "first") -> int:
    """End-of-game VP of the player's knowledge tiles 15-26, as ``edition`` prints them
    (ambiguity burgundy/edition: "first", the text's, or "2019")."""
    vp = 0
    kn = player.knowledge
    if 15 in kn:
        vp += D.K15_VP[edition] * sum(1 for n in player.sold if n > 0)
    for number, building in D.knowledge_buildings(edition).items():
        if number in kn:
            vp += 4 * player.estate.count(building)
    if 24 in kn:
        kinds = {D.ANIMAL_OF[t][0] for t in player.estate if t in D.ANIMAL_OF}
        vp += 4 * len(kinds)
    if 25 in kn:
        vp += sum(player.sold)
    if 26 in kn:
        vp += D.K26_VP[edition] * len(player.bonus_tiles)
    return vp


def final_vp(player: Player, edition: str = "first") -> int:
    """VP added at the game's end: goods, silver, worker pairs and knowledge tiles."""
    return (sum(player.goods) + player.silver + player.workers // 2
            + knowledge_end_vp(player, edition))
