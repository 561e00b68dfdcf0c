"""Completed areas ("Полностью заполнив область"): an area whose every space is filled
scores its size and the phase's bonus."""

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.ops import implements


def completed(estate: tuple[str, ...], space: int, board: D.Estate = D.BOARD1) -> int:
    """The size of the area of ``space`` if every space of it is filled, else 0."""
    spaces = board.areas[board.area[space]]
    for s in spaces:
        if not estate[s]:
            return 0
    return len(spaces)


@implements(RB.AREA_COMPLETE)
def vp(size: int, phase: int) -> int:
    """A completed area's VP: its size's (1/3/6/10/15/21/28/36) plus the phase's bonus
    (10/8/6/4/2) (RB.AREA_COMPLETE); 0 for an area not completed."""
    return D.AREA_VP[size] + D.PHASE_VP[phase] if size else 0
