"""Invariants over seeded games and corrupted states; quotes; options; serialization."""

import itertools
import random
from pathlib import Path

import attrs
import pytest

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import rules as RB
from rules_oracle.model.catan.game import GAME
from rules_oracle.model.catan.state import CatanState, Stage
from rules_oracle.model.core import digest, structure, to_json, unstructure
from rules_oracle.model.core.play import choose
from rules_oracle.model.core.rules import quote_stands
from rules_oracle.properties.catan import (
    INVARIANTS,
    TRANSITION_INVARIANTS,
    connected,
    developments_conserved,
    distance_rule,
    nonnegative,
    pieces,
    pieces_never_lost,
    points,
    resources_conserved,
    road_length,
    road_lengths,
    score,
    turn_structure,
)
from tests.model.catan.helpers import cards, chain, make, road

RULES_DIR = Path(__file__).resolve().parents[3].parent / "shared" / "rules"


def play(players: int, seed: int, variant: dict[str, str] | None = None,
         policy: str = "uniform") -> list[CatanState]:
    rng = random.Random(seed)
    state = GAME.setup(GAME.config(players, variant))
    states = [state]
    while GAME.actor(state) != -2:
        state = GAME.apply(state, choose(GAME, state, rng, policy))
        states.append(state)
    return states


def check(state: CatanState) -> None:
    for inv in INVARIANTS:
        assert inv(state) == [], inv.__name__


@pytest.mark.parametrize(("players", "seed", "variant", "policy"), [
    (3, 1, {}, "eager"), (4, 2, {"board": "variable"}, "uniform"),
    (4, 3, {"board": "variable", "tokens": "random", "harbours": "shuffled"}, "eager"),
])
def test_invariants_hold_over_seeded_games(players: int, seed: int, variant: dict[str, str],
                                           policy: str) -> None:
    states = play(players, seed, variant, policy)
    for s in states[::5] + states[-1:]:
        check(s)
    for before, after in itertools.pairwise(states):
        for inv in TRANSITION_INVARIANTS:
            assert inv(before, None, after) == [], inv.__name__
    assert states[-1].stage is Stage.OVER


def test_reachable_stages_cover_the_game() -> None:
    stages = set()
    for seed in range(3):
        stages |= {s.stage for s in play(4, seed, {"board": "variable", "tokens": "random",
                                                   "harbours": "shuffled"})}
    assert stages == set(Stage)


# -- each invariant catches a corrupted state ----------------------------------------------------
def sample() -> CatanState:
    return make(settlements={7: 0, 13: 1}, cities={41: 2},
                roads={**{e: 0 for e in chain(7, 3, 0, 4, 1, 5)}, **{e: 1 for e in chain(13, 8)},
                       road(41, 46): 2},
                hands={0: cards(1, 2, 3, 0, 0), 1: cards(ore=4)},
                developments={1: (1, 1, 0, 0, 0)}, knights={2: 3}, army=2)


def _player(state: CatanState, p: int, **changes: object) -> CatanState:
    players = list(state.players)
    players[p] = attrs.evolve(players[p], **changes)  # type: ignore[arg-type]
    return attrs.evolve(state, players=tuple(players))


def test_the_sample_is_clean() -> None:
    s = sample()
    check(s)
    assert s.longest == 0 and s.army == 2 and s.players[2].vp == 4


@pytest.mark.rules("catan/components.resource-cards")
def test_resources_conserved_catches_a_lost_card() -> None:
    assert resources_conserved(_player(sample(), 0, hand=cards(0, 2, 3, 0, 0)))
    assert resources_conserved(attrs.evolve(sample(), bank=(19,) * 5))


def test_developments_conserved_catches_a_duplicated_card() -> None:
    assert developments_conserved(_player(sample(), 1, developments=(2, 1, 0, 0, 0)))
    assert developments_conserved(attrs.evolve(sample(), played=(2, 0, 0, 0, 0)))


def test_nonnegative_catches_negative_counts() -> None:
    s = sample()
    assert nonnegative(attrs.evolve(s, bank=(-1, *s.bank[1:])))
    assert nonnegative(_player(s, 0, hand=cards(-1)))
    assert nonnegative(_player(s, 1, bought=(2, 0, 0, 0, 0)))


def test_pieces_catches_counts_and_limits() -> None:
    s = sample()
    assert pieces(_player(s, 0, roads=4))
    many = attrs.evolve(s, path_owner=tuple(0 if o == -1 else o for o in s.path_owner))
    found = pieces(_player(many, 0, roads=many.path_owner.count(0)))
    assert any("limits" in v.message for v in found)


def test_distance_rule_catches_neighbours_and_bad_levels() -> None:
    s = sample()
    assert distance_rule(attrs.evolve(s, node_owner=tuple(
        0 if n == 3 else o for n, o in enumerate(s.node_owner)), node_level=tuple(
        1 if n == 3 else lv for n, lv in enumerate(s.node_level))))
    assert distance_rule(attrs.evolve(s, node_level=tuple(
        0 if n == 7 else lv for n, lv in enumerate(s.node_level))))


def test_connected_catches_loose_roads_and_buildings() -> None:
    s = sample()
    loose = attrs.evolve(s, path_owner=tuple(1 if e == road(50, 53) else o
                                             for e, o in enumerate(s.path_owner)))
    assert connected(loose)
    alone = attrs.evolve(s, path_owner=tuple(-1 if e == road(41, 46) else o
                                             for e, o in enumerate(s.path_owner)))
    assert any("touches no own road" in v.message for v in connected(alone))


def test_score_catches_wrong_points_and_holders() -> None:
    s = sample()
    assert score(_player(s, 1, vp=5))
    assert score(attrs.evolve(s, longest=1))
    assert score(attrs.evolve(s, army=0))
    assert score(attrs.evolve(s, army=-1))


def test_pieces_never_lost_catches_a_vanished_city() -> None:
    s = sample()
    assert pieces_never_lost(s, None, s) == []
    assert pieces_never_lost(s, None, _player(s, 2, cities=0))
    assert pieces_never_lost(s, None, _player(s, 0, roads=4))
    assert pieces_never_lost(s, None, _player(s, 2, knights=2))


def test_road_lengths_catches_a_stale_length() -> None:
    assert road_lengths(_player(sample(), 0, road_length=6))


@pytest.mark.rules(RB.LONGEST_ROAD_MINIMUM)
def test_road_lengths_recomputes_a_changed_board() -> None:
    """The lengths are kept for the last board only while its tuples are the same
    objects: a stale length on the same board is caught, and so is a road taken away."""
    s = sample()
    assert road_lengths(s) == []
    assert road_lengths(_player(s, 0, road_length=s.players[0].road_length + 1))
    paths = list(s.path_owner)
    paths[chain(7, 3, 0, 4, 1, 5)[-1]] = -1
    shorter = attrs.evolve(s, path_owner=tuple(paths))
    assert [v.message for v in road_lengths(shorter)] == [
        f"player 0: state says {s.players[0].road_length},"
        f" board gives {s.players[0].road_length - 1}"]
    assert road_lengths(s) == []


def test_turn_structure_catches_incoherent_turns() -> None:
    s = sample()
    assert turn_structure(attrs.evolve(s, turn=5))
    assert turn_structure(attrs.evolve(s, discards=(1, 0, 0)))
    assert turn_structure(attrs.evolve(s, robber=40))
    assert turn_structure(attrs.evolve(s, winner=1, stage=Stage.OVER))
    assert turn_structure(attrs.evolve(s, stage=Stage.TRADE))
    # 10 points from the pieces and cards (not the stored vp): 1 settlement, the longest
    # road, 7 VP cards
    ten = _player(s, 0, developments=(0, 7, 0, 0, 0))
    assert points(ten, 0) == 10
    assert any("game goes on" in v.message for v in turn_structure(ten))
    assert not any("game goes on" in v.message for v in turn_structure(_player(s, 0, vp=10)))


# -- rules, options, serialization ---------------------------------------------------------------
def test_every_option_is_a_registered_ambiguity_with_readings() -> None:
    opts = GAME.rules.options()
    assert set(opts) == {"tokens", "phases", "harbours", "shortage", "robber", "before-roll",
                         "knight-win", "plenty", "road-stuck", "road-second", "free-roads",
                         "rate"}
    for amb in GAME.rules.ambiguities:
        assert amb.default in {r.key for r in amb.readings}


@pytest.mark.skipif(not RULES_DIR.is_dir(), reason="shared/rules is not present")
def test_every_quote_stands_in_the_file_it_names() -> None:
    for item in (*GAME.rules, *GAME.rules.ambiguities):
        if item.quote == RB.UNQUOTED:
            assert "no quote" in (item.source or "") or "stands in no project text" in (
                item.source or ""), item.id
            continue
        text = (RULES_DIR / item.file).read_text(encoding="utf-8")
        assert quote_stands(item.quote, text), item.id
    files = {r.file for r in GAME.rules}
    assert files == {RB.DATA_FILE, RB.CK_FILE}


def test_every_rule_is_marked_supplementary_or_a_bound() -> None:
    for rule in GAME.rules:
        assert rule.source is not None
        assert rule.source.startswith(("supplementary: published base game", "model bound"))


def test_states_and_actions_round_trip() -> None:
    states = play(3, 5, {"board": "variable"})
    for s in states[::40]:
        assert structure(unstructure(s), CatanState) == s
        assert digest(s) == digest(structure(unstructure(s), CatanState))
    assert to_json(states[-1]) == to_json(structure(unstructure(states[-1]), CatanState))


def test_geometry_tables_are_tuples() -> None:
    for table in (B.HEX_NODES, B.NODE_NODES, B.NODE_PATHS, B.PATH_NODES, B.NODE_HEXES):
        assert isinstance(table, tuple) and all(isinstance(row, tuple) for row in table)


@pytest.mark.rules("catan/longest-road.minimum", "catan/longest-road.break")
def test_the_invariants_road_length_is_restated_from_the_rules() -> None:
    """The invariant's own trail search: a 5-road trail, a fork that adds nothing, a ring
    of six, and a rival building cutting the trail (an own one does not); it agrees with
    the state's stored lengths over seeded games."""
    paths = [-1] * B.N_PATHS
    for e in chain(7, 3, 0, 4, 1, 5):
        paths[e] = 0
    owners = [-1] * B.N_NODES
    owners[7] = 0
    assert road_length(tuple(paths), tuple(owners), 0) == 5
    assert road_length(tuple(paths), tuple(owners), 1) == 0
    paths[road(4, 8)] = 0
    assert road_length(tuple(paths), tuple(owners), 0) == 5
    ring = [-1] * B.N_PATHS
    for e in chain(0, 4, 8, 12, 7, 3, 0):
        ring[e] = 1
    assert road_length(tuple(ring), tuple([-1] * B.N_NODES), 1) == 6
    owners[4] = 1
    assert road_length(tuple(paths), tuple(owners), 0) == 3
    owners[4] = 0
    assert road_length(tuple(paths), tuple(owners), 0) == 5
    for state in play(4, 3)[::7]:
        assert [road_length(state.path_owner, state.node_owner, i) for i in range(4)] == [
            pl.road_length for pl in state.players]


@pytest.mark.rules("catan/victory.ten", "catan/development.victory-point")
def test_the_win_is_checked_with_points_restated_from_the_pieces() -> None:
    """A winner whose pieces and cards give 9 points is flagged, whatever his stored vp."""
    s = _player(sample(), 0, vp=10)
    won = attrs.evolve(s, stage=Stage.OVER, winner=0)
    assert points(won, 0) < 10
    assert any("without 10 points" in v.message for v in turn_structure(won))
