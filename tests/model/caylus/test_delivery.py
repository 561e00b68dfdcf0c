"""Delivery: bundles with and without food, the chamberlain, foreman, goldsmith and
deliveryman, the favour to the most bundles and its ties."""

import attrs
import pytest

from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus import rules as RB
from rules_oracle.model.caylus.actions import Decline, Deliver, Use, UseSite
from rules_oracle.model.caylus.delivery import begin
from rules_oracle.model.caylus.game import GAME
from rules_oracle.model.caylus.state import CaylusState, Stage
from tests.model.caylus.helpers import bare, holding, player, prestige, ready, rule_of, run

F, W, S, X, G = (tuple(1 if i == r else 0 for i in range(5)) for r in range(5))


def _b(*rs: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sum(col) for col in zip(*rs, strict=True))


def _site(*seats: int, players: int = 3) -> CaylusState:
    s = bare(ready(players))
    for p in range(players):
        s = player(s, p, resources={"food": 4, "wood": 4, "stone": 4, "fabric": 2, "gold": 2})
    s = attrs.evolve(s, site_workers=seats)
    for p in seats:
        s = player(s, p, workers=s.players[p].workers - 1, camp=s.players[p].camp)
    return begin(s)


@pytest.mark.rules("caylus/delivery.order", "caylus/delivery.bundle", "caylus/delivery.most")
def test_the_texts_delivery_example() -> None:
    """Red delivers one bundle (5 PP), Green two (10 PP): Green takes the favour; had Green
    delivered one, Red (first on the site) would."""
    red, green = 0, 2
    s = _site(red, green)
    assert s.stage is Stage.DELIVERY and GAME.actor(s) == red
    s = run(s, Deliver(_b(F, W, S)), Decline())
    assert GAME.actor(s) == green
    two = run(s, Deliver(_b(F, W, X)), Deliver(_b(F, S, G)), Decline())
    assert prestige(two) == (5, 0, 10)
    assert two.favour is not None and two.favour.seat == green
    one = run(s, Deliver(_b(F, W, X)), Decline())
    assert one.favour is not None and one.favour.seat == red
    assert one.site_workers == (0, 2)  # they go home after the favour
    assert GAME.legal_actions(one) == (UseSite(0),)  # nobody holds a character to steal
    after = run(one, UseSite(0), Use(0), Decline())
    assert after.favour is None and after.site_workers == () and after.round == 2


@pytest.mark.rules("caylus/delivery.bundle", "caylus/character.chamberlain")
def test_bundles_need_food_and_three_kinds_unless_chamberlain() -> None:
    s = _site(1)
    legal = {a.bundle for a in GAME.legal_actions(s) if isinstance(a, Deliver)}
    assert legal == {_b(F, a, b) for a, b in ((W, S), (W, X), (W, G), (S, X), (S, G), (X, G))}
    assert rule_of(s, Deliver(_b(W, S, X))) == RB.DELIVERY_BUNDLE  # no food
    assert rule_of(s, Deliver(_b(F, F, W))) == RB.DELIVERY_BUNDLE  # not three kinds
    c = holding(s, chamberlain=1)
    assert Deliver(_b(W, W, W)) in GAME.legal_actions(c)
    assert Deliver(_b(G, G, X)) in GAME.legal_actions(c)
    after = GAME.apply(c, Deliver(_b(W, W, W)))
    assert after.players[1].resources[D.WOOD] == 1 and prestige(after)[1] == 5
    poor = player(s, 1, resources={"food": 1, "wood": 1})
    assert GAME.legal_actions(poor) == (Decline(),)


@pytest.mark.rules("caylus/character.foreman", "caylus/character.goldsmith")
def test_foreman_and_goldsmith_stack_once_a_round() -> None:
    s = holding(_site(1), foreman=1, goldsmith=1)
    s = run(s, Deliver(_b(F, W, G)))
    assert prestige(s)[1] == 5 + 1 + 5 and s.goldsmith_used
    s = run(s, Deliver(_b(F, S, G)))
    assert prestige(s)[1] == 11 + 6
    plain = run(holding(_site(1), goldsmith=1), Deliver(_b(F, W, S)))
    assert prestige(plain)[1] == 5 and not plain.goldsmith_used


@pytest.mark.rules("caylus/character.deliveryman", "caylus/delivery.most")
def test_deliveryman_without_and_with_a_worker() -> None:
    without = begin(attrs.evolve(holding(_site(0), deliveryman=2), stage=Stage.ACTIVATION))
    assert without.delivery_order == (0, 2)
    t = run(without, Deliver(_b(F, W, S)), Decline(), Deliver(_b(F, W, S)), Decline())
    assert t.favour is not None and t.favour.seat == 0  # a tie: the site worker first
    with_worker = begin(attrs.evolve(holding(_site(2, 0), deliveryman=2),
                                     stage=Stage.ACTIVATION))
    assert with_worker.delivery_order == (2, 0, 2)
    u = run(with_worker, Deliver(_b(F, W, S)), Decline(), Deliver(_b(F, W, S)),
            Deliver(_b(F, W, X)), Decline(), Deliver(_b(F, X, G)), Decline())
    assert u.delivered == (2, 0, 2)
    assert u.favour is not None and u.favour.seat == 2  # its worker stands left


@pytest.mark.rules("caylus/delivery.most", "caylus/favour-bundle-zero")
def test_no_bundle_no_favour_and_site_workers_go_home() -> None:
    s = _site(0, 1)
    camps = (s.players[0].camp, s.players[1].camp)
    s = run(s, Decline(), Decline())
    assert s.favour is None and s.stage is not Stage.DELIVERY and s.site_workers == ()
    assert s.players[0].workers + s.players[0].camp == D.WORKERS
    assert camps != (s.players[0].camp, s.players[1].camp)


@pytest.mark.rules("caylus/deliveryman-extra", "caylus/character.deliveryman")
@pytest.mark.parametrize(("reading", "bundles"), [("turn", 2), ("bundle", 1)])
def test_deliveryman_extra_turn_readings(reading: str, bundles: int) -> None:
    s = bare(ready(3, variant={"deliveryman": reading}))
    s = holding(s, deliveryman=2)
    for p in range(3):
        s = player(s, p, resources={"food": 4, "wood": 4, "stone": 4, "fabric": 2, "gold": 2})
    s = player(attrs.evolve(s, site_workers=(2,)), 2, workers=5)
    s = begin(s)
    assert s.delivery_order == (2, 2)
    s = run(s, Deliver(_b(F, W, S)), Deliver(_b(F, W, S)), Decline())
    assert s.stage is Stage.DELIVERY and s.cursor == 1  # the extra turn
    s = GAME.apply(s, Deliver(_b(F, X, G)))
    if reading == "turn":
        s = run(s, Deliver(_b(F, W, S)), Decline())
    assert s.delivered[2] == 2 + bundles
    assert s.favour is not None and s.favour.seat == 2


@pytest.mark.rules("caylus/deliveryman-tie", "caylus/character.deliveryman",
                   "caylus/delivery.most")
@pytest.mark.parametrize("reading", ["last", "no-favour"])
def test_deliveryman_without_a_worker_in_a_tie(reading: str) -> None:
    s = bare(ready(3, variant={"deliveryman_tie": reading}))
    for p in range(3):
        s = player(s, p, resources={"food": 4, "wood": 4, "stone": 4, "fabric": 2, "gold": 2})
    s = holding(s, deliveryman=2)
    s = player(attrs.evolve(s, site_workers=(0,)), 0, workers=s.players[0].workers - 1)
    s = begin(s)
    assert s.delivery_order == (0, 2)
    tie = run(s, Deliver(_b(F, W, S)), Decline(), Deliver(_b(F, W, S)), Decline())
    if reading == "last":
        assert tie.favour is not None and tie.favour.seat == 0
    else:
        assert tie.favour is None and tie.stage is not Stage.DELIVERY  # nobody gets it
    alone = run(s, Deliver(_b(F, W, S)), Decline(), Deliver(_b(F, W, S)),
                Deliver(_b(F, W, X)), Decline())
    assert alone.favour is not None and alone.favour.seat == 2  # the most: his either way


@pytest.mark.rules("caylus/site-workers-return", "caylus/stewardship.recruitment",
                   "caylus/worker-gain-cap")
def test_site_workers_reach_the_camp_before_recruitment() -> None:
    # seat 1 holds every worker but the one on the site: the camp is empty until the
    # delivery ends, and recruitment (3 workers due) can only take the returned one
    s = _site(1)
    s = player(s, 1, workers=14, camp=0)
    s = GAME.apply(s, Decline())
    assert s.site_workers == () and s.round == 2
    assert (s.players[1].workers, s.players[1].camp) == (15, 0)
