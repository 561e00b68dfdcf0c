"""Planning: placements, the owner's PP, the construction site, passing and the extra
worker after a pass, and the characters that change it."""

import attrs
import pytest

from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.actions import Action, Decline, Pass, PlaceOnSite, PlaceWorker
from rules_oracle.model.caylus.game import GAME
from rules_oracle.model.caylus.state import Stage
from tests.model.caylus.helpers import bare, built, holding, player, prestige, ready, rule_of, run


@pytest.mark.rules("caylus/planning.order", "caylus/planning.pass",
                   "caylus/planning.first-player-tile", "caylus/planning.extra-cost",
                   "caylus/planning.end")
def test_the_texts_passing_example() -> None:
    """Blue passes first and takes the tile; Black passes; Green places paying 1 more; Red
    passes; Green places again (1 more) and passes: the bridge reads Blue, Black, Red, Green."""
    blue, black, green, red = range(4)
    s = bare(ready(4))
    assert GAME.actor(s) == blue
    s = GAME.apply(s, Pass())
    assert s.first_player == blue and s.bridge == (blue,)
    s = GAME.apply(s, Pass())
    workers = s.players[green].workers
    s = GAME.apply(s, PlaceWorker(5))
    assert s.players[green].workers == workers - 2 and s.players[green].camp == 15 - workers + 1
    s = run(s, Pass(), PlaceWorker(6))
    assert GAME.actor(s) != red and s.players[green].workers == workers - 4
    s = GAME.apply(s, Pass())
    assert s.bridge == (blue, black, red, green) and s.first_player == blue
    assert s.stage is not Stage.PLANNING


@pytest.mark.rules("caylus/planning.building", "caylus/planning.occupied",
                   "caylus/planning.forbidden", "caylus/planning.site",
                   "caylus/bridge-workers")
def test_where_workers_may_go() -> None:
    s = bare(ready(3))
    s = built(s, 14, D.MANOR, 1)
    s = built(s, 15, D.GARDEN, 2, side=0)
    s = attrs.evolve(s, owner=(*s.owner[:5], 2, *s.owner[6:]), side=(*s.side[:5], 1,
                                                                       *s.side[6:]))
    spaces = {a.space for a in GAME.legal_actions(s) if isinstance(a, PlaceWorker)}
    assert spaces == {0, 1, 2, 3, *range(6, 15), D.STONE_SPACE}
    assert rule_of(s, PlaceWorker(4)) == RB.PLANNING_FORBIDDEN  # the bridge
    assert rule_of(s, PlaceWorker(5)) == RB.PLANNING_FORBIDDEN  # a residence
    assert rule_of(s, PlaceWorker(15)) == RB.PLANNING_FORBIDDEN  # a prestige building
    assert rule_of(s, PlaceWorker(16)) == RB.PLANNING_FORBIDDEN  # empty
    assert rule_of(s, PlaceWorker(99)) == RB.PLANNING_FORBIDDEN
    s = run(s, PlaceWorker(0), PlaceOnSite())
    assert rule_of(s, PlaceWorker(0)) == RB.PLANNING_OCCUPIED
    s = run(s, PlaceOnSite(), PlaceWorker(1))
    assert s.site_workers == (1, 2)
    assert rule_of(s, PlaceOnSite()) == RB.PLANNING_SITE


@pytest.mark.rules("caylus/planning.owner-pp", "caylus/character.thief",
                   "caylus/character.steward", "caylus/steward")
@pytest.mark.parametrize(("steward", "gain"), [("two", 2), ("three", 3)])
def test_owner_pp_thief_and_steward(steward: str, gain: int) -> None:
    s = bare(ready(3, variant={"steward": steward}))
    s = built(s, 14, D.MANOR, 1)
    s = built(s, 15, D.TAILOR, 0)
    s = GAME.apply(s, PlaceWorker(14))
    assert prestige(s) == (0, 1, 0)
    s = GAME.apply(s, PlaceWorker(15))  # seat 1 on seat 0's building
    assert prestige(s) == (1, 1, 0)
    s2 = holding(s, thief=2)
    assert prestige(GAME.apply(s2, PlaceWorker(13))) == (1, 1, 0)  # unowned
    t = holding(attrs.evolve(s, first_worker=(-1,) * 28), thief=2, steward=1)
    assert prestige(GAME.apply(t, PlaceWorker(14))) == (1, 1, 0)  # the thief: nothing
    u = holding(attrs.evolve(s, first_worker=(-1,) * 28), steward=1)
    assert prestige(GAME.apply(u, PlaceWorker(14))) == (1, 1 + gain, 0)
    own = holding(attrs.evolve(s, first_worker=(-1,) * 28, turn=1), steward=1)
    assert prestige(GAME.apply(own, PlaceWorker(14))) == (1, 1, 0)  # one's own


@pytest.mark.rules("caylus/planning.no-workers", "caylus/planning.extra-cost",
                   "caylus/character.night-worker")
def test_no_workers_and_the_night_worker() -> None:
    s = player(bare(ready(3)), 0, workers=0)
    assert GAME.legal_actions(s) == (Pass(),)
    assert rule_of(s, PlaceWorker(5)) == RB.PLANNING_NO_WORKERS
    s = run(player(bare(ready(3)), 1, workers=1), Pass())
    assert GAME.legal_actions(s) == (Pass(),)  # one worker, two needed after a pass
    assert rule_of(s, PlaceOnSite()) == RB.PLANNING_EXTRA_COST
    night = holding(s, night_worker=1)
    assert PlaceWorker(5) in GAME.legal_actions(night)
    after = GAME.apply(night, PlaceWorker(5))
    assert after.players[1].workers == 0 and after.players[1].camp == 14


@pytest.mark.rules("caylus/character.early-riser", "caylus/character.night-worker")
def test_early_riser_places_first_paying_one_more() -> None:
    s = holding(bare(ready(3)), early_riser=2, night_worker=2)
    from rules_oracle.model.caylus.planning import begin

    s = begin(s)
    assert s.stage is Stage.EARLY and GAME.actor(s) == 2
    w = s.players[2].workers
    s2 = GAME.apply(s, PlaceWorker(7))
    assert s2.players[2].workers == w - 2  # the night worker does not cancel it
    assert s2.stage is Stage.PLANNING and GAME.actor(s2) == 0
    s3 = GAME.apply(s, Decline())
    assert s3.stage is Stage.PLANNING and s3.players[2].workers == w
    assert rule_of(s, Pass()) == RB.CHARACTER_EARLY_RISER
    poor = begin(player(s, 2, workers=1))
    assert poor.stage is Stage.PLANNING
    assert rule_of(player(s, 2, workers=1), PlaceWorker(7)) == RB.CHARACTER_EARLY_RISER
    first = begin(holding(s, early_riser=0))
    s4 = GAME.apply(first, PlaceWorker(7))
    assert GAME.actor(s4) == 0  # the first player places twice in a row


@pytest.mark.rules("caylus/character.journeyman")
def test_journeyman_joins_an_occupied_building_once() -> None:
    s = holding(bare(ready(3)), journeyman=1)
    s = GAME.apply(s, PlaceWorker(5))
    assert PlaceWorker(5) in GAME.legal_actions(s)
    s = GAME.apply(s, PlaceWorker(5))
    assert s.first_worker[5] == 0 and s.second_worker[5] == 1 and s.journeyman_used
    s = run(s, PlaceWorker(6), PlaceWorker(7))
    assert rule_of(s, PlaceWorker(6)) == RB.CHARACTER_JOURNEYMAN
    fresh = attrs.evolve(s, journeyman_used=False)
    assert rule_of(fresh, PlaceWorker(7)) == ""  # beside seat 0's worker: allowed again
    own = attrs.evolve(fresh, first_worker=(*s.first_worker[:8], 1, *s.first_worker[9:]))
    assert rule_of(own, PlaceWorker(8)) == RB.CHARACTER_JOURNEYMAN  # not beside one's own
    assert rule_of(holding(s, journeyman=-1), PlaceWorker(7)) == RB.PLANNING_OCCUPIED


def test_eager_weights_favour_the_lawyer_and_gold_buildings() -> None:
    s = bare(ready(3))
    actions = GAME.legal_actions(s)
    weights = dict(zip(actions, GAME.policy_weights(s, actions) or (), strict=True))
    assert weights[PlaceWorker(D.LAWYER)] > weights[PlaceWorker(D.FAIRGROUND)] > weights[Pass()]


@pytest.mark.rules("caylus/planning.building", "caylus/planning.forbidden",
                   "caylus/planning.occupied", "caylus/planning.site",
                   "caylus/planning.extra-cost", "caylus/character.journeyman")
def test_planning_choices_are_the_rules_placements_tried_one_by_one() -> None:
    """The planning choices (the workers checked once, the remembered spaces that take
    workers) are every placement ``choice_rule`` allows tried space by space, over seeded
    4-player games; the remembered spaces are the ones ``takes_worker`` names, also for a
    road turned and built on (equal tuples, new objects)."""
    from rules_oracle.model.caylus import planning
    from rules_oracle.model.core.play import playout

    seen = 0
    for seed in range(3):
        for step in playout(GAME, GAME.config(4), seed):
            s = step.state
            if s.stage not in (Stage.PLANNING, Stage.EARLY):
                continue
            tried: list[Action] = [PlaceWorker(x) for x in range(-1, D.ROAD_SPACES + 1)]
            tried += [PlaceOnSite(), Pass(), Decline()]
            allowed = tuple(a for a in tried if planning.choice_rule(s, a) is None)
            assert planning.actions(s) == allowed
            assert planning.worker_spaces(s.road, s.side) == tuple(
                x for x in range(D.ROAD_SPACES) if planning.takes_worker(s, x))
            seen += 1
    assert seen > 100
    road = (D.FARM,) * D.ROAD_SPACES
    assert planning.worker_spaces(road, (0,) * D.ROAD_SPACES) == tuple(range(D.ROAD_SPACES))
    # the same kinds turned to their residence side: no space takes a worker any more
    assert planning.worker_spaces(tuple(road), (1,) * D.ROAD_SPACES) == ()
