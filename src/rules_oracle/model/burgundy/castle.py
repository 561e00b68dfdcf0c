"""Castles ("Замок (тёмно-зелёный жетон)"): a placed castle gives one immediate action, as
with a die of any value (``die`` 2 of a die action)."""

from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.ops import implements
from rules_oracle.model.burgundy.state import BurgundyState, Pending
from rules_oracle.model.core.ops import evolve

#: the ``die`` of a castle's extra action
DIE = 2


@implements(RB.CASTLE_EXTRA_ACTION)
def placed(state: BurgundyState) -> BurgundyState:
    """A castle placed: its extra action pending (RB.CASTLE_EXTRA_ACTION)."""
    return evolve(state, pending=(*state.pending, Pending("castle")))


def die_rule(die: int, due: bool) -> str | None:
    """Why a die action with ``die`` is out of order: die 2 is a castle's extra action, used
    only when one is ``due``, and then it comes first (RB.CASTLE_EXTRA_ACTION); else
    ``None``."""
    if (die == DIE) != due:
        return RB.CASTLE_EXTRA_ACTION
    return None


def purchase_first(state: BurgundyState) -> bool:
    """Whether the purchase and workers may come before the pending castle's extra action:
    with castle-action=between-actions (ambiguity burgundy/castle-action-timing; the default
    ``at-once`` gives the extra action first)."""
    return (bool(state.pending) and state.pending[-1].kind == "castle"
            and state.config.option("castle-action") == "between-actions")
