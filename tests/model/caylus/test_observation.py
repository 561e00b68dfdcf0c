"""Caylus observations: prestige points are face down (their owner sees his own) until the
end; workers, resources, the road and the characters are open."""

import random

import attrs
import pytest

from rules_oracle.model.caylus import data as D
from rules_oracle.model.caylus.actions import BuildPrestige, Decline, Deliver
from rules_oracle.model.caylus.game import GAME
from rules_oracle.model.caylus.observation import PlayerView, PublicView
from rules_oracle.model.caylus.ops import put
from rules_oracle.model.caylus.state import CaylusState, Stage
from rules_oracle.model.caylus.stewardship import begin
from rules_oracle.model.core import CHANCE, PUBLIC, ops
from rules_oracle.properties.caylus_hidden import twins
from tests.model.caylus.helpers import activating, bare, place, player, ready


def _public(state: CaylusState) -> PublicView:
    view = GAME.observe(state, PUBLIC)
    assert isinstance(view, PublicView)
    return view


def _player(state: CaylusState, seat: int) -> PlayerView:
    view = GAME.observe(state, seat)
    assert isinstance(view, PlayerView)
    return view


@pytest.mark.rules("caylus/setup.resources")
def test_prestige_is_hidden_but_workers_and_resources_are_open() -> None:
    s = player(ready(3), 1, prestige=7, resources={"gold": 2})
    other = player(s, 1, prestige=9)
    assert _public(s) == _public(other)
    assert _player(s, 0) == _player(other, 0)
    assert _player(s, 1).prestige_points == 7 and _player(other, 1).prestige_points == 9
    seat = _public(s).seats[1]
    assert seat.resources == (0, 0, 0, 0, 2) and seat.workers_in_hand == 6
    assert seat.characters == (1,) and not seat.passed
    assert _public(s).revealed_prestige == () and _public(s).winners == ()


@pytest.mark.rules("caylus/end.gold")
def test_the_end_turns_the_tokens_over() -> None:
    s = player(attrs.evolve(bare(ready(2)), round=9), 0, prestige=4)
    s = begin(s)
    view = _public(s)
    assert view.stage is Stage.OVER and view.revealed_prestige == (4, 0)
    assert view.winners == (0,) and view.to_act == CHANCE
    assert twins(s, random.Random(0)) == []


def test_views_follow_the_phases() -> None:
    s = GAME.setup(GAME.config(2))
    assert _public(s).to_act == CHANCE and _public(s).stage is Stage.TILES
    a = activating(place(bare(ready(3)), D.STONE_SPACE, 2), 14, 0, provost=22)
    assert _public(a).activating_space == 14 and _public(a).to_act == 0
    assert _public(a).road_first_worker[14] == 0 and _public(a).bridge_order == (0, 1, 2)
    assert _public(a).delivering == -1
    assert _public(a).characters_on_board == tuple(range(6))
    with pytest.raises(ValueError):
        GAME.observe(a, 3)


def test_delivery_shows_order_and_bundles() -> None:
    from rules_oracle.model.caylus.delivery import begin as deliver

    s = player(attrs.evolve(bare(ready(3)), site_workers=(1,)), 1,
               resources={"food": 1, "wood": 1, "stone": 1},
               workers=5)
    s = deliver(s)
    s = GAME.apply(s, Deliver((1, 1, 1, 0, 0)))
    view = _public(s)
    assert view.delivery_order == (1,) and view.delivering == 0
    assert view.bundles_delivered == (0, 1, 0)


def test_twins_change_one_players_prestige() -> None:
    s = player(ready(3), 2, prestige=3)
    found = twins(s, random.Random(1))
    assert len(found) == 2
    for t in found:
        (p,) = t.changed
        assert t.state.players[p].prestige != s.players[p].prestige
        assert _public(t.state) == _public(s)


@pytest.mark.rules("caylus/stewardship.prestige")
def test_the_residence_on_offer_is_shown() -> None:
    # a player owning two residences is asked about each in turn, from the bridge up: the
    # view names the one on offer, which the same choice replaces
    s = bare(ready(2))
    for space in (6, 9):
        s = attrs.evolve(s, owner=put(s.owner, space, 0))
        s = player(s, 0, houses=s.players[0].houses - 1)
    s = player(s, 0, resources={"wood": 1, "gold": 1})
    first = begin(s)
    second = GAME.apply(first, Decline())
    assert GAME.legal_actions(first) == GAME.legal_actions(second)
    assert _public(first).activating_space == 6 and _public(second).activating_space == 9
    after = (GAME.apply(first, BuildPrestige(D.GARDEN)),
             GAME.apply(second, BuildPrestige(D.GARDEN)))
    assert after[0].road[6] == D.GARDEN and after[1].road[9] == D.GARDEN


@pytest.mark.rules("caylus/setup.resources")
def test_untouched_seats_are_the_same_objects_and_equal_to_seats_made_anew(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = ready(4)
    moved = player(s, 2, resources={"gold": 3})
    before, after = _public(s), _public(moved)
    # seats whose player, characters and pass are the same objects are given back as such
    assert all(after.seats[p] is before.seats[p] for p in (0, 1, 3))
    assert after.seats[2] is not before.seats[2]
    assert after.seats[2].resources == moved.players[2].resources
    # a state rebuilt field by field (equal, no part shared) has equal seats and view
    rebuilt = attrs.evolve(moved, players=tuple(attrs.evolve(pl) for pl in moved.players),
                           characters=tuple(list(moved.characters)))
    assert _public(rebuilt) == after
    assert all(a is not b for a, b in zip(_public(rebuilt).seats, after.seats, strict=True))
    # past the bound the memory starts afresh, and still answers right
    monkeypatch.setattr(ops, "IDENTITY_ENTRIES", 1)
    assert _public(s) == before and _public(moved) == after


@pytest.mark.rules("caylus/setup.resources")
def test_the_seats_are_those_made_anew_and_the_same_tuple_while_their_parts_stand() -> None:
    from rules_oracle.model.caylus.observation import Seat
    from rules_oracle.model.core.play import playout

    last: tuple[CaylusState, PublicView] | None = None
    reused = 0
    for seed in (0, 1):
        for step in playout(GAME, GAME.config(4), seed):
            s = step.state
            seats = _public(s).seats
            assert seats == tuple(Seat(
                workers_in_hand=pl.workers, workers_in_camp=pl.camp, resources=pl.resources,
                houses_in_stock=pl.houses,
                characters=tuple(c for c, h in enumerate(s.characters) if h == p),
                passed=p in s.bridge) for p, pl in enumerate(s.players))
            if last is not None and s.players is last[0].players \
                    and s.characters is last[0].characters and s.bridge is last[0].bridge:
                assert seats is last[1].seats
                reused += 1
            last = (s, _public(s))
    assert reused  # steps moving no seat's part give back the very tuple


@pytest.mark.rules("caylus/setup.resources")
def test_a_dict_backed_view_holds_its_fields_only_and_writes_as_before() -> None:
    """The public view (dict-backed, not slotted) holds exactly its fields, compares and
    hashes as a copy of it, and its canonical text is written field by field as before."""
    from rules_oracle.model.core.canon import to_json
    from rules_oracle.model.core.play import playout
    from rules_oracle.oracle.view_text import view_text

    for step in playout(GAME, GAME.config(4), 0):
        view = _public(step.state)
        assert set(view.__dict__) == {f.name for f in attrs.fields(PublicView)}
        copy = attrs.evolve(view)
        assert copy == view and hash(copy) == hash(view)
        assert attrs.evolve(view, round=view.round + 1) != view
        seen = _player(step.state, 1)
        assert view_text(seen) == to_json(seen)
        assert '"type":"PublicView"' in to_json(view)
