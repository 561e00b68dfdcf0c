"""The characters ("ПЕРСОНАЖИ"): what holding each one changes, asked by the phases that
it changes (planning, activation, delivery, stewardship) and by the buildings' effects."""

from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.ops import holder
from rules_oracle.model.caylus.state import CaylusState
from rules_oracle.model.core.cite import implements


@implements(RB.CHARACTER_ARCHITECT)
def architect_pp(state: CaylusState, seat: int) -> int:
    """The architect's extra PP for a wood, stone or prestige building ``seat`` builds."""
    return 1 if holder(state, D.ARCHITECT) == seat else 0


@implements(RB.CHARACTER_FOREMAN)
def foreman_pp(state: CaylusState, seat: int) -> int:
    """The foreman's extra PP for a bundle ``seat`` delivers."""
    return 1 if holder(state, D.FOREMAN) == seat else 0


@implements(RB.CHARACTER_CHAMBERLAIN)
def bundles(state: CaylusState, seat: int) -> tuple[tuple[int, ...], ...]:
    """The bundle kinds ``seat`` may deliver (the chamberlain's are any 3 resources)."""
    return D.ANY_BUNDLES if holder(state, D.CHAMBERLAIN) == seat else D.BUNDLES


@implements(RB.CHARACTER_DELIVERYMAN)
def delivery_order(state: CaylusState) -> tuple[int, ...]:
    """Who delivers, in order: the site's workers left to right, then the deliveryman
    (again, if he has a site worker)."""
    order = state.site_workers
    d = holder(state, D.DELIVERYMAN)
    if d >= 0:
        order = (*order, d)
    return order


@implements(RB.CHARACTER_GOLDSMITH)
def goldsmith(state: CaylusState, seat: int, bundle: tuple[int, ...]) -> bool:
    """Whether ``seat``'s bundle takes the goldsmith's extra PP (once a round, with gold)."""
    return bool(bundle[D.GOLD]) and holder(state, D.GOLDSMITH) == seat and \
        not state.goldsmith_used


@implements(RB.CHARACTER_DAY_LABOURER)
def day_labourer(state: CaylusState, seat: int) -> int:
    """The day labourer's extra worker at ``seat``'s recruitment."""
    return D.DAY_LABOURER_WORKERS if holder(state, D.DAY_LABOURER) == seat else 0


@implements(RB.CHARACTER_JOURNEYMAN)
def can_join(state: CaylusState, seat: int, space: int) -> bool:
    """Whether ``seat`` may place a worker on ``space`` as to who stands there: a free
    building, or (the journeyman, once a round) one another player's worker occupies."""
    first = state.first_worker[space]
    if first < 0:
        return True
    return (holder(state, D.JOURNEYMAN) == seat and not state.journeyman_used
            and first != seat and state.second_worker[space] < 0)


@implements(RB.CHARACTER_EARLY_RISER)
def early_riser(state: CaylusState) -> int:
    """The seat placing before the first player (the early riser who can pay the 2
    workers; -1: nobody)."""
    riser = holder(state, D.EARLY_RISER)
    if riser >= 0 and state.players[riser].workers >= 2:
        return riser
    return -1


@implements(RB.CHARACTER_NIGHT_WORKER)
def night_worker(state: CaylusState, seat: int) -> bool:
    """Whether ``seat`` places without the extra worker after a pass (the night worker)."""
    return holder(state, D.NIGHT_WORKER) == seat


@implements(RB.CHARACTER_THIEF, RB.CHARACTER_STEWARD)
def owner_pp(state: CaylusState, seat: int, owner: int) -> int:
    """The PP ``owner`` takes for ``seat``'s worker on his building: none for the thief's,
    the steward's 2 (or 1 + 2), else 1."""
    if holder(state, D.THIEF) == seat:
        return 0
    if holder(state, D.STEWARD) == owner:
        return 2 if state.config.option("steward") == "two" else 3
    return 1


@implements(RB.CHARACTER_BAILIFF)
def bailiff(state: CaylusState) -> int:
    """The bailiff's holder, who moves the provost 1 step after the bridge (-1: nobody)."""
    return holder(state, D.BAILIFF)
