"""The turn: the four die actions, workers, the black depot, ending a turn; illegal actions."""

import pytest

from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.actions import (
    BuyTile,
    CityHallPlace,
    Decline,
    DrawHex,
    EndTurn,
    PlaceTile,
    Roll,
    SellGoods,
    ShipDepot,
    TakeTile,
    TakeWorkers,
    UseWorker,
)
from rules_oracle.model.burgundy.game import GAME
from rules_oracle.model.core import IllegalAction
from tests.model.burgundy.helpers import actor, edit, first_turn, goods, me, with_depot


def rejects(state: object, action: object, rule: str) -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, action)  # type: ignore[arg-type]
    assert err.value.rule == rule
    assert action not in GAME.legal_actions(state)  # type: ignore[arg-type]


@pytest.mark.rules("burgundy/action.take-tile", "burgundy/action.storage-three")
def test_take_from_the_depot_the_die_names() -> None:
    s = with_depot(with_depot(first_turn(2), 3, "bank", "ship"), 4, "mine")
    s = edit(s, dice=(3, 3), storage=())
    assert TakeTile(0, 3, "bank") in GAME.legal_actions(s)
    rejects(s, TakeTile(0, 4, "mine"), RB.ACTION_TAKE_TILE)
    rejects(s, TakeTile(0, 3, "church"), RB.ACTION_TAKE_TILE)
    rejects(s, TakeTile(0, 9, "bank"), RB.ACTION_TAKE_TILE)
    s2 = GAME.apply(s, TakeTile(0, 3, "bank"))
    assert me(s2).storage == ("bank",) and s2.depots[2] == ("ship",)


@pytest.mark.rules("burgundy/action.take-discard")
def test_full_storage_discards_first() -> None:
    s = with_depot(first_turn(2), 3, "bank")
    s = edit(s, dice=(3, 3), storage=("mine", "ship", "castle"))
    rejects(s, TakeTile(0, 3, "bank"), RB.ACTION_TAKE_DISCARD)
    rejects(s, TakeTile(0, 3, "bank", "church"), RB.ACTION_TAKE_DISCARD)
    box = s.box
    s2 = GAME.apply(s, TakeTile(0, 3, "bank", "ship"))
    assert me(s2).storage == ("bank", "castle", "mine")
    assert sum(s2.box) == sum(box) + 1
    s3 = edit(s, storage=("mine",))
    rejects(s3, TakeTile(0, 3, "bank", "mine"), RB.ACTION_TAKE_DISCARD)


@pytest.mark.rules(
    "burgundy/action.place", "burgundy/action.place-colour", "burgundy/action.place-number",
    "burgundy/action.place-adjacent", "burgundy/action.place-from-storage",
)
def test_placement_rules() -> None:
    s = edit(first_turn(2), dice=(3, 2), storage=("bank", "ship"))
    # 11 is a building space numbered 3 next to the start castle
    assert PlaceTile(0, "bank", 11) in GAME.legal_actions(s)
    rejects(s, PlaceTile(0, "ship", 11), RB.ACTION_PLACE_COLOUR)
    rejects(s, PlaceTile(1, "bank", 11), RB.ACTION_PLACE_NUMBER)
    rejects(s, PlaceTile(0, "bank", 36), RB.ACTION_PLACE_ADJACENT)  # Bu3, far from any tile
    rejects(s, PlaceTile(0, "church", 11), RB.ACTION_PLACE_FROM_STORAGE)
    rejects(s, PlaceTile(0, "bank", 40), RB.ACTION_PLACE)
    rejects(s, PlaceTile(0, "bank", 18), RB.ACTION_PLACE)  # the start castle's space
    s2 = GAME.apply(s, PlaceTile(0, "bank", 11))
    assert me(s2).estate[11] == "bank" and me(s2).storage == ("ship",)


@pytest.mark.rules("burgundy/action.sell")
def test_sell_all_of_the_dies_kind() -> None:
    s = edit(first_turn(3), dice=(4, 1), goods=goods(k4=3, k2=1), silver=0)
    vp = me(s).vp
    rejects(s, SellGoods(0, 2), RB.ACTION_SELL)
    rejects(s, SellGoods(1, 1), RB.ACTION_SELL)
    s2 = GAME.apply(s, SellGoods(0, 4))
    assert me(s2).goods == goods(k2=1) and me(s2).sold == goods(k4=3)
    assert me(s2).silver == 1 and me(s2).vp == vp + 3 * 3


@pytest.mark.rules("burgundy/action.sell", "burgundy/sell-vp")
@pytest.mark.parametrize(("players", "per_tile"), [(2, 2), (3, 3), (4, 4)])
def test_sale_vp_by_player_count(players: int, per_tile: int) -> None:
    s = edit(first_turn(players), dice=(5, 5), goods=goods(k5=2))
    vp = me(s).vp
    assert me(GAME.apply(s, SellGoods(1, 5))).vp == vp + 2 * per_tile


@pytest.mark.rules("burgundy/action.take-workers")
def test_take_two_workers_whatever_the_die() -> None:
    for value in range(1, 7):
        s = edit(first_turn(2), dice=(value, 1), workers=0)
        assert me(GAME.apply(s, TakeWorkers(0))).workers == 2


@pytest.mark.rules("burgundy/turn.die-once", "burgundy/turn.two-actions",
                    "burgundy/turn.worker-adjust")
def test_each_die_once_and_two_actions_per_turn() -> None:
    s = edit(first_turn(2), dice=(2, 5), workers=0)
    rejects(s, EndTurn(), RB.TURN_TWO_ACTIONS)
    rejects(s, UseWorker(0, 1), RB.TURN_WORKER_ADJUST)
    s = GAME.apply(s, TakeWorkers(0))
    rejects(s, TakeWorkers(0), RB.TURN_DIE_ONCE)
    rejects(s, UseWorker(0, 1), RB.TURN_DIE_ONCE)
    rejects(s, UseWorker(1, 3), RB.TURN_WORKER_ADJUST)
    rejects(s, TakeWorkers(7), RB.TURN_DIE_ONCE)
    s = GAME.apply(s, TakeWorkers(1))
    assert EndTurn() in GAME.legal_actions(s)
    who = actor(s)
    s = GAME.apply(s, EndTurn())
    assert actor(s) != who


@pytest.mark.rules("burgundy/action.buy-black")
def test_buy_from_the_black_depot_once_per_turn() -> None:
    s = edit(first_turn(2), silver=5, storage=())
    tiles = s.black
    assert tiles, "the black depot is filled at the phase's start"
    s2 = GAME.apply(s, BuyTile(0, tiles[0]))
    assert me(s2).silver == 3 and me(s2).storage == (tiles[0],)
    assert len(s2.black) == len(tiles) - 1
    rejects(s2, BuyTile(0, s2.black[0]), RB.ACTION_BUY_BLACK)
    rejects(edit(s, silver=1), BuyTile(0, tiles[0]), RB.ACTION_BUY_BLACK)
    rejects(s, BuyTile(0, "no-such-tile"), RB.ACTION_BUY_BLACK)
    rejects(s, BuyTile(3, "bank"), RB.K[6])
    # at any point of the turn: also after both dice
    s3 = GAME.apply(GAME.apply(s, TakeWorkers(0)), TakeWorkers(1))
    assert BuyTile(0, tiles[0]) in GAME.legal_actions(s3)
    s4 = GAME.apply(GAME.apply(s3, BuyTile(0, tiles[0])), EndTurn())
    assert not s4.bought


@pytest.mark.rules(
    "burgundy/turn.actor", "burgundy/turn.effects-first", "burgundy/castle.extra-action",
    "burgundy/game.over", "burgundy/round.roll", "burgundy/phase.fill-depots",
)
def test_wrong_kind_of_action_is_rejected() -> None:
    s = edit(first_turn(2), dice=(2, 5))
    rejects(s, Roll(3), RB.TURN_ACTOR)
    rejects(s, ShipDepot(1), RB.TURN_EFFECTS_FIRST)
    rejects(s, Decline(), RB.TURN_EFFECTS_FIRST)
    rejects(s, CityHallPlace("bank", 11), RB.TURN_EFFECTS_FIRST)
    rejects(s, TakeWorkers(2), RB.CASTLE_EXTRA_ACTION)
    s2 = GAME.apply(GAME.apply(s, TakeWorkers(0)), TakeWorkers(1))
    s2 = GAME.apply(s2, EndTurn())
    s2 = GAME.apply(GAME.apply(s2, TakeWorkers(0)), TakeWorkers(1))
    s2 = GAME.apply(s2, EndTurn())
    assert GAME.actor(s2) < 0  # the next round's dice
    rejects(s2, TakeWorkers(0), RB.ROUND_ROLL)
    rejects(s2, Roll(7), RB.ROUND_ROLL)
    fill = GAME.setup(GAME.config(2))
    while fill.stage.value != "fill":
        fill = GAME.apply(fill, GAME.chance_outcomes(fill)[0][0])
    rejects(fill, DrawHex("bank-x"), RB.PHASE_FILL_DEPOTS)


@pytest.mark.rules("burgundy/action.place", "burgundy/action.place-number",
                   "burgundy/action.place-adjacent", "burgundy/action.place-colour")
def test_remembered_placements_are_the_place_rule_tried_space_by_space() -> None:
    """The spaces a stored tile may go on (remembered by estate, board, colour, die and
    shift) are every space ``place_rule`` allows tried one by one, for each stored tile,
    with each die value and none, over seeded 4-player games."""
    from rules_oracle.model.burgundy import action, knowledge
    from rules_oracle.model.burgundy.boards import BOARDS
    from rules_oracle.model.burgundy.game import GAME as G
    from rules_oracle.model.core.play import playout

    seen = 0
    for seed in range(2):
        for i, step in enumerate(playout(G, G.config(4), seed)):
            if i % 7:
                continue
            for pl in step.state.players:
                mods = knowledge.mods(pl.knowledge, step.state.config)
                for tile in set(pl.storage):
                    for value in (None, *range(1, 7)):
                        want = [s for s in range(BOARDS[pl.board].size)
                                if action.place_rule(pl, tile, s, value, mods,
                                                     RB.ACTION_PLACE) is None]
                        assert action.spaces(pl, tile, value, mods) == want
                        seen += 1
    assert seen > 200


@pytest.mark.rules("burgundy/phase.fill-depots", "burgundy/phase.round-goods")
def test_remembered_draws_are_the_supplies_draws() -> None:
    """A goods or hex draw's outcomes (remembered by the pool's or supply's contents) are
    the draw over the state's own counts, over seeded 4-player games."""
    from fractions import Fraction

    from rules_oracle.model.burgundy import data as D
    from rules_oracle.model.burgundy import phase
    from rules_oracle.model.burgundy.actions import DrawGoods, DrawHex
    from rules_oracle.model.burgundy.game import GAME as G
    from rules_oracle.model.burgundy.state import Stage
    from rules_oracle.model.core import draw_outcomes
    from rules_oracle.model.core.play import playout

    kinds: set[Stage] = set()
    for seed in range(2):
        for step in playout(G, G.config(4), seed):
            s = step.state
            want: tuple[tuple[object, Fraction], ...]
            if s.stage in (Stage.GOODS, Stage.START_GOODS):
                want = draw_outcomes(zip(range(1, 7), s.goods_pool, strict=True), DrawGoods)
            elif s.stage is Stage.FILL:
                _, back = phase.plan(s)[s.fill]
                want = draw_outcomes(zip(D.BACK_KINDS[back], s.supply[back], strict=True),
                                     DrawHex)
            else:
                continue
            assert G.chance_outcomes(s) == want
            kinds.add(s.stage)
    assert kinds == {Stage.GOODS, Stage.START_GOODS, Stage.FILL}


@pytest.mark.rules("burgundy/round.roll", "burgundy/phase.fill-depots")
def test_a_roll_sets_one_die_and_a_draw_gives_the_tile_drawn() -> None:
    """A roll (the state copied once for the seat's dice and the roll's count) sets the
    white die or one die of one seat, every other seat the very same; a hex draw's outcome
    (one action per tile, shared by every draw) names the tile it puts on the depot."""
    from rules_oracle.model.burgundy import phase
    from rules_oracle.model.burgundy.game import GAME as G
    from rules_oracle.model.burgundy.state import Stage
    from rules_oracle.model.core.play import playout

    before = G.setup(G.config(3))
    rolls = draws = 0
    for step in playout(G, G.config(3), 5):
        after = step.state
        if before.stage is Stage.ROLL and isinstance(step.action, Roll):
            rolls += 1
            if before.roll == 0:
                assert after.white == step.action.value
                assert after.players is before.players
            else:
                who, die = divmod(before.roll - 1, 2)
                assert after.players[who].dice[die] == step.action.value
                assert after.players[who].dice[1 - die] == before.players[who].dice[1 - die]
                assert all(a is b for i, (a, b) in enumerate(
                    zip(after.players, before.players, strict=True)) if i != who)
                assert after.roll == before.roll + 1 or after.stage is Stage.PLAY
        elif before.stage is Stage.FILL:
            draws += 1
            target, _ = phase.plan(before)[before.fill]
            got = after.depots[target - 1] if target else after.black
            was = before.depots[target - 1] if target else before.black
            assert isinstance(step.action, DrawHex)
            assert sorted((*was, step.action.tile)) == list(got)
        before = after
    assert rolls > 100 and draws > 50


@pytest.mark.rules("burgundy/action.take-tile", "burgundy/knowledge.12", "burgundy/action.sell")
def test_remembered_reach_and_sales_are_the_rules_asked_one_by_one() -> None:
    """The depots a die reaches (remembered per value and the near-take knowledge) and the
    sales it allows (remembered per die, value and goods held) are ``take_depot_rule`` and
    ``sell_rule`` asked depot by depot and kind by kind, with and without knowledge 12,
    for every die value and a castle's die, over the seats of seeded 4-player games; a
    die action list holds exactly those."""
    from rules_oracle.model.burgundy import action, knowledge
    from rules_oracle.model.burgundy import game as G
    from rules_oracle.model.core.play import playout

    config = G.GAME.config(4)
    for kn in ((), (12,), (3, 12)):
        mods = knowledge.mods(kn, config)
        for value in range(7):
            assert G._reach(value, mods) == tuple(
                d for d in range(1, 7) if action.take_depot_rule(value, d, mods) is None)
    seen = 0
    for seed in range(2):
        for i, step in enumerate(playout(G.GAME, config, seed)):
            if i % 5:
                continue
            for pl in step.state.players:
                for die, value in ((0, pl.dice[0]), (1, pl.dice[1]), (2, 0)):
                    want = tuple(SellGoods(die, k) for k in range(1, 7)
                                 if action.sell_rule(pl, k, value) is None)
                    assert G._sales(pl, die, value) == want
                    seen += bool(want)
    assert seen > 50


@pytest.mark.rules("burgundy/action.take-tile", "burgundy/action.take-discard")
def test_shared_takes_are_the_depots_tiles_with_each_discard() -> None:
    """The takes of a turn's legal actions (one action per die, depot, tile and discard,
    made once) are every tile of every depot the die reaches, with each discard choice,
    at every player step of seeded 4-player games, and each is applied."""
    from rules_oracle.model.burgundy import action, knowledge
    from rules_oracle.model.burgundy.game import GAME as G
    from rules_oracle.model.burgundy.ops import distinct
    from rules_oracle.model.burgundy.state import Stage
    from rules_oracle.model.core.play import playout

    seen = 0
    for seed in range(2):
        for step in playout(G, G.config(4), seed):
            s = step.state
            if s.stage is not Stage.PLAY or s.pending:
                continue
            pl = s.players[s.order[s.turn]]
            mods = knowledge.mods(pl.knowledge, s.config)
            want = {TakeTile(die, d, tile, x)
                    for die in (0, 1) if pl.dice[die]
                    for d in range(1, 7)
                    if action.take_depot_rule(pl.dice[die], d, mods) is None
                    for tile in distinct(s.depots[d - 1]) for x in action.discards(pl)}
            got = [a for a in G.legal_actions(s) if isinstance(a, TakeTile)]
            assert set(got) == want and len(got) == len(want)
            for a in got[:2]:
                G.apply(s, a)
            seen += len(got)
    assert seen > 1000


@pytest.mark.rules("burgundy/action.place", "burgundy/action.place-number")
def test_shared_placements_are_each_stored_tiles_open_spaces() -> None:
    """The placements of a turn's legal actions (one action per die, tile and space, made
    once) are every stored tile on every space ``placements`` allows for each unused die,
    at every player step of seeded 4-player games, and each is applied."""
    from rules_oracle.model.burgundy import knowledge
    from rules_oracle.model.burgundy.game import GAME as G
    from rules_oracle.model.burgundy.game import placements
    from rules_oracle.model.burgundy.state import Stage
    from rules_oracle.model.core.play import playout

    seen = 0
    for seed in range(3):
        for step in playout(G, G.config(4), seed):
            s = step.state
            if s.stage is not Stage.PLAY or s.pending:
                continue
            pl = s.players[s.order[s.turn]]
            mods = knowledge.mods(pl.knowledge, s.config)
            want = {PlaceTile(die, tile, sp)
                    for die in (0, 1) if pl.dice[die] for tile in set(pl.storage)
                    for sp in placements(pl, tile, pl.dice[die], mods)}
            got = [a for a in G.legal_actions(s) if isinstance(a, PlaceTile)]
            assert set(got) == want and len(got) == len(want)
            for a in got[:2]:
                G.apply(s, a)
            seen += len(got)
    assert seen > 200
