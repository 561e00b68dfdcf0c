"""The Castles of Burgundy (2-4 players; estate board 1, or boards 2-9 in the advanced
set-up): the reference model."""

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import TypeVar

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy import observation, scoring
from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.actions import (
    CHANCE_TYPES,
    PLAYER_TYPES,
    Action,
    BuyTile,
    ChooseCastle,
    CityHallPlace,
    Decline,
    DrawBoard,
    DrawGoods,
    DrawHex,
    EffectTake,
    EndTurn,
    FirstPlayer,
    PlaceTile,
    Roll,
    SellGoods,
    ShipDepot,
    ShipGoods,
    TakeTile,
    TakeWorkers,
    UseWorker,
    WarehouseSell,
)
from rules_oracle.model.burgundy.boards import BOARDS
from rules_oracle.model.burgundy.rules import RULES
from rules_oracle.model.burgundy.state import BurgundyState, Pending, Player, Stage
from rules_oracle.model.core import CHANCE, TERMINAL, Config, Game, Viewer, draw_outcomes, uniform
from rules_oracle.model.core.ops import evolve

BOARD = D.BOARD1
#: the estate boards of the advanced set-up (ambiguity burgundy/board-sides)
ADVANCED_BOARDS = tuple(range(2, 10))
T = TypeVar("T")
_ROLL = uniform([Roll(v) for v in range(1, 7)])
_EFFECT_COLOURS = {
    "carpenter": frozenset({D.BUILDING}),
    "church": frozenset({D.MINE, D.KNOWLEDGE, D.CASTLE}),
    "market": frozenset({D.RIVER, D.PASTURE}),
}
_EFFECT_RULE = {
    "carpenter": RB.BUILDING_CARPENTER,
    "church": RB.BUILDING_CHURCH,
    "market": RB.BUILDING_MARKET,
}
_BUILDING_RULE = {**_EFFECT_RULE, "warehouse": RB.BUILDING_WAREHOUSE,
                  "boarding-house": RB.BUILDING_BOARDING_HOUSE, "bank": RB.BUILDING_BANK,
                  "city-hall": RB.BUILDING_CITY_HALL, "watchtower": RB.BUILDING_WATCHTOWER}
_FREE_SHIFT = {D.BUILDING: 9, D.PASTURE: 10, D.RIVER: 10, D.CASTLE: 11, D.MINE: 11,
               D.KNOWLEDGE: 11}
_TILESET = frozenset(D.TILES)
_NO_GOODS = (0,) * D.GOODS_KINDS


def wrap(value: int) -> int:
    """A die value after wrapping (7 is 1, 0 is 6)."""
    return (value - 1) % 6 + 1


def _near(value: int, target: int) -> bool:
    return target == value or target == wrap(value + 1) or target == wrap(value - 1)


def _add(tiles: tuple[str, ...], tile: str) -> tuple[str, ...]:
    return tuple(sorted((*tiles, tile)))


def _remove(tiles: tuple[str, ...], tile: str) -> tuple[str, ...]:
    i = tiles.index(tile)
    return tiles[:i] + tiles[i + 1:]


def _bump(counts: tuple[int, ...], i: int, n: int) -> tuple[int, ...]:
    return (*counts[:i], counts[i] + n, *counts[i + 1:])


def _plan_key(state: BurgundyState) -> tuple[str, int, int]:
    """The key of the current phase's fill plan (variant ``depots``)."""
    return (state.config.option("depots"), state.config.players, state.phase)


def kinds_held(goods: tuple[int, ...]) -> int:
    return sum(1 for n in goods if n)


class Burgundy(Game[BurgundyState, Action]):
    name = "burgundy"
    title = "The Castles of Burgundy"
    min_players = 2
    max_players = 4
    rules = RULES
    state_type = BurgundyState
    action_types = (*CHANCE_TYPES, *PLAYER_TYPES)
    observation_types = observation.OBSERVATION_TYPES
    #: ``setup``: the basic game (board 1, central castle) or the text's advanced set-up
    #: ("Для тех, кто хорошо изучил игру": rule burgundy/setup.advanced)
    extra_options: Mapping[str, tuple[str, tuple[str, ...]]] = MappingProxyType(
        {"setup": ("basic", ("basic", "advanced"))})
    #: the castle choice exists only in the advanced set-up
    option_needs: Mapping[str, Mapping[str, str]] = MappingProxyType(
        {"castle-choice": MappingProxyType({"setup": "advanced"})})

    # -- set-up -------------------------------------------------------------------------
    def setup(self, config: Config) -> BurgundyState:
        estate = tuple(D.CASTLE_TILE if s == BOARD.start else "" for s in range(BOARD.size))
        player = Player(
            estate=estate, storage=(), goods=_NO_GOODS, sold=_NO_GOODS, silver=1, workers=0,
            vp=0, dice=(0, 0), knowledge=(), bonus_tiles=(), track_space=0, track_height=0,
        )
        # one starting castle per player from the castle stack (burgundy/starting-castles)
        castles = (D.BACK_COUNTS[D.CASTLE_BACK][0] - config.players,)
        supply = tuple(castles if b == D.CASTLE_BACK else c for b, c in enumerate(D.BACK_COUNTS))
        return BurgundyState(
            config=config, stage=Stage.START_GOODS, players=(player,) * config.players,
            supply=supply, depots=((),) * 6, black=(), depot_goods=(_NO_GOODS,) * 6,
            goods_pool=(D.GOODS_PER_KIND,) * D.GOODS_KINDS, goods_stacks=(), goods_next=0,
            box=(0,) * len(D.TILES), bonuses=(0,) * len(D.COLOURS),
        )

    def max_steps(self, config: Config) -> int:
        """A bound on every game's steps; the derivation is in docs/games/burgundy.md."""
        p = config.players
        chance = (D.PHASES * D.PHASE_GOODS + D.START_GOODS * p + 1
                  + D.PHASES * (len(D.FILL_PLANS[(config.option("depots"), p, 0)]))
                  + D.PHASES * D.ROUNDS * (2 * p + 1))
        turns = D.PHASES * D.ROUNDS
        boards = [BOARD] if config.option("setup") == "basic" else [
            BOARDS[b] for b in ADVANCED_BOARDS]
        if config.option("setup") != "basic":
            chance += p  # the estate boards dealt
        castles = max(len(b.colour_spaces[D.CASTLE]) for b in boards) - 1
        die_actions = 2 * turns + castles
        placements = BOARD.size - 1
        boarding = warehouses = 7  # tiles of each building kind in the game
        mines = max(len(b.colour_spaces[D.MINE]) for b in boards)
        # every worker spent was gained: start, die actions (4 at most), boarding houses,
        # warehouse sales with knowledge 4, mines with knowledge 2
        worker_uses = 4 + 4 * die_actions + 4 * boarding + warehouses + mines * D.PHASES
        per_player = die_actions + worker_uses + 4 * placements + 2 * turns
        if config.option("setup") != "basic":
            per_player += 1  # the starting castle's space
        return chance + p * per_player

    # -- the protocol ------------------------------------------------------------------------
    def observe(self, state: BurgundyState,
                viewer: Viewer) -> observation.PublicView | observation.PlayerView:
        """What ``viewer`` may see (``model.burgundy.observation``)."""
        return observation.observe(state, viewer)

    def actor(self, state: BurgundyState) -> int:
        if state.stage is Stage.PLAY:
            return state.order[state.turn]
        if state.stage is Stage.CASTLES:
            return (state.first + state.fill) % state.config.players
        if state.stage is Stage.OVER:
            return TERMINAL
        return CHANCE

    def chance_outcomes(self, state: BurgundyState) -> tuple[tuple[Action, Fraction], ...]:
        st = state.stage
        if st is Stage.ROLL:
            return _ROLL
        if st is Stage.GOODS or st is Stage.START_GOODS:
            return draw_outcomes(zip(range(1, 7), state.goods_pool, strict=True), DrawGoods)
        if st is Stage.FIRST:
            return uniform([FirstPlayer(i) for i in range(state.config.players)])
        if st is Stage.BOARDS:
            dealt = {pl.board for pl in state.players[:state.fill]}
            return uniform([DrawBoard(b) for b in ADVANCED_BOARDS if b not in dealt])
        if st is Stage.FILL:
            _, back = D.FILL_PLANS[_plan_key(state)][state.fill]
            return draw_outcomes(zip(D.BACK_KINDS[back], state.supply[back], strict=True),
                                 DrawHex)
        return ()

    def legal_actions(self, state: BurgundyState) -> tuple[Action, ...]:
        if state.stage is Stage.CASTLES:
            pl = state.players[self.actor(state)]
            return tuple(ChooseCastle(s) for s in BOARDS[pl.board].colour_spaces[D.CASTLE])
        if state.stage is not Stage.PLAY:
            return ()
        p = state.order[state.turn]
        pl = state.players[p]
        out: list[Action] = []
        if state.pending:
            top = state.pending[-1]
            kind = top.kind
            if kind == "castle":
                self._die_actions(state, pl, 2, 0, out)
            elif kind == "warehouse":
                out.extend(WarehouseSell(k + 1) for k in range(6) if pl.goods[k])
            elif kind in _EFFECT_COLOURS:
                for d, tile, discard in self._effect_takes(state, pl, kind):
                    out.append(EffectTake(d, tile, discard))
            elif kind == "city-hall":
                for tile in _distinct(pl.storage):
                    out.extend(CityHallPlace(tile, s) for s in self._spaces(pl, tile, None))
                out.append(Decline())
            elif kind == "ship":
                out.extend(ShipDepot(d) for d in self._ship_firsts(state))
            elif kind == "ship-goods":
                out.extend(ShipGoods(k + 1) for k in self._ship_new_kinds(state, pl, top))
            return tuple(out)
        for die in (0, 1):
            value = pl.dice[die]
            if value:
                self._die_actions(state, pl, die, value, out)
        if pl.workers:
            for die in (0, 1):
                if pl.dice[die]:
                    out.extend(UseWorker(die, dv)
                               for dv in self._deltas(state, pl, pl.dice[die]))
        if not state.bought and pl.silver >= 2:
            sources = range(7) if 6 in pl.knowledge else (0,)
            full = len(pl.storage) >= 3
            if not full or self._discard_allowed(state):
                discards = _distinct(pl.storage) if full else ("",)
                for d in sources:
                    for tile in _distinct(state.depots[d - 1] if d else state.black):
                        out.extend(BuyTile(d, tile, x) for x in discards)
        if not pl.dice[0] and not pl.dice[1]:
            out.append(EndTurn())
        return tuple(out)

    # -- legal-action helpers ---------------------------------------------------------------
    def _die_actions(self, state: BurgundyState, pl: Player, die: int, value: int,
                     out: list[Action]) -> None:
        kn = pl.knowledge
        full = len(pl.storage) >= 3
        discards = _distinct(pl.storage) if full else ("",)
        for d in range(1, 7):
            if value and d != value and not (12 in kn and _near(value, d)):
                continue
            for tile in _distinct(state.depots[d - 1]):
                out.extend(TakeTile(die, d, tile, x) for x in discards)
        for tile in _distinct(pl.storage):
            out.extend(PlaceTile(die, tile, s) for s in self._spaces(pl, tile, value or None))
        for k in range(6):
            if pl.goods[k] and (not value or value == k + 1):
                out.append(SellGoods(die, k + 1))
        out.append(TakeWorkers(die))

    def _deltas(self, state: BurgundyState, pl: Player, value: int) -> tuple[int, ...]:
        """A worker's changes of a die showing ``value``: ±1, or with knowledge 8 by
        burgundy/knowledge-8-step, a step of 2 past 6 or 1 only by burgundy/knowledge-8-wrap."""
        if 8 not in pl.knowledge:
            return (-1, 1)
        deltas = _K8_DELTAS if state.config.option("k8-step") == "up-to-2" else (-2, 2)
        if state.config.option("k8-wrap") == "wrap":
            return deltas
        return tuple(d for d in deltas if abs(d) == 1 or 1 <= value + d <= 6)

    def _spaces(self, pl: Player, tile: str, value: int | None) -> list[int]:
        """Empty spaces where ``tile`` may go with a die of ``value`` (None: any number)."""
        colour = D.TILE_COLOUR[tile]
        estate = pl.estate
        board = BOARDS[pl.board]
        shift = value is not None and _FREE_SHIFT[colour] in pl.knowledge
        city_rule = colour == D.BUILDING and 1 not in pl.knowledge
        out = []
        for s in board.colour_spaces[colour]:
            if estate[s]:
                continue
            if value is not None:
                n = board.number[s]
                if n != value and not (shift and _near(value, n)):
                    continue
            if not any(estate[x] for x in board.neighbours[s]):
                continue
            if city_rule and any(estate[x] == tile for x in board.areas[board.area[s]]):
                continue
            out.append(s)
        return out

    def _discard_allowed(self, state: BurgundyState) -> bool:
        return state.config.option("storage-full") == "discard"

    def _effect_takes(self, state: BurgundyState, pl: Player,
                      kind: str) -> list[tuple[int, str, str]]:
        full = len(pl.storage) >= 3
        if full and not self._discard_allowed(state):
            return []
        discards = _distinct(pl.storage) if full else ("",)
        colours = _EFFECT_COLOURS[kind]
        out: list[tuple[int, str, str]] = []
        for d in range(1, 7):
            for tile in _distinct(state.depots[d - 1]):
                if D.TILE_COLOUR[tile] in colours:
                    out.extend((d, tile, x) for x in discards)
        return out

    def _ship_firsts(self, state: BurgundyState) -> tuple[int, ...]:
        pl = state.players[state.order[state.turn]]
        if 5 not in pl.knowledge:
            return (1, 2, 3, 4, 5, 6)
        if state.config.option("k5-neighbours") == "circular":
            return (1, 2, 3, 4, 5, 6)
        return (1, 2, 3, 4, 5)

    def _ship_sources(self, first: int, pair: bool) -> tuple[int, ...]:
        return (first, first % 6 + 1) if pair else (first,)

    def _ship_new_kinds(self, state: BurgundyState, pl: Player, top: Pending) -> list[int]:
        if kinds_held(pl.goods) >= 3:
            return []
        out = []
        for k in range(6):
            if pl.goods[k]:
                continue
            if any(state.depot_goods[d - 1][k] for d in self._ship_sources(top.arg, top.pair)):
                out.append(k)
        return out

    # -- apply -------------------------------------------------------------------------------
    def apply(self, state: BurgundyState, action: Action) -> BurgundyState:
        st = state.stage
        if st is Stage.OVER:
            raise RULES.illegal(RB.GAME_OVER, "the game is over")
        if st is Stage.CASTLES:
            return self._choose_castle(state, action)
        if st is not Stage.PLAY:
            return self._apply_chance(state, action)
        if isinstance(action, CHANCE_TYPES):
            raise RULES.illegal(RB.TURN_ACTOR, f"{action!r} is a chance outcome; a player acts")
        p = state.order[state.turn]
        if state.pending:
            return self._settle(self._apply_pending(state, p, action))
        return self._settle(self._apply_free(state, p, action))

    # chance ------------------------------------------------------------------------------
    def _apply_chance(self, state: BurgundyState, action: Action) -> BurgundyState:
        st = state.stage
        players = state.config.players
        if st is Stage.ROLL:
            if not isinstance(action, Roll) or not 1 <= action.value <= 6:
                raise RULES.illegal(RB.ROUND_ROLL, f"expected a die roll 1-6, got {action!r}")
            return self._rolled(state, action.value)
        if st is Stage.BOARDS:
            return self._deal_board(state, action)
        if st is Stage.FILL:
            back_plan = D.FILL_PLANS[_plan_key(state)]
            target, back = back_plan[state.fill]
            if not isinstance(action, DrawHex) or action.tile not in D.BACK_KINDS[back]:
                raise RULES.illegal(RB.PHASE_FILL_DEPOTS, f"expected a {D.BACKS[back]}-backed hex,"
                                    f" got {action!r}")
            i = D.BACK_KINDS[back].index(action.tile)
            if not state.supply[back][i]:
                raise RULES.illegal(RB.PHASE_FILL_DEPOTS, f"no {action.tile} left in that stack")
            supply = (*state.supply[:back], _bump(state.supply[back], i, -1),
                      *state.supply[back + 1:])
            if target:
                depots = (*state.depots[:target - 1], _add(state.depots[target - 1],
                          action.tile), *state.depots[target:])
                state = evolve(state, supply=supply, depots=depots)
            else:
                state = evolve(state, supply=supply, black=_add(state.black, action.tile))
            return self._next_fill(state, state.fill + 1)
        if st is Stage.GOODS or st is Stage.START_GOODS:
            rid = RB.PHASE_ROUND_GOODS if st is Stage.GOODS else RB.SETUP_PLAYER_GOODS
            if (not isinstance(action, DrawGoods) or not 1 <= action.kind <= 6
                    or not state.goods_pool[action.kind - 1]):
                raise RULES.illegal(rid, f"expected a goods draw from the pool, got {action!r}")
            k = action.kind - 1
            pool = _bump(state.goods_pool, k, -1)
            if st is Stage.GOODS:  # the phase's goods, face up on the round spaces
                stacks = (*state.goods_stacks, action.kind)
                if len(stacks) == (state.phase + 1) * D.PHASE_GOODS:
                    return evolve(state, goods_pool=pool, goods_stacks=stacks,
                                        stage=Stage.ROLL, roll=0)
                return evolve(state, goods_pool=pool, goods_stacks=stacks)
            who = state.fill // D.START_GOODS
            pl = state.players[who]
            pls = _with(state.players, who, evolve(pl, goods=_bump(pl.goods, k, 1)))
            fill = state.fill + 1
            if fill == D.START_GOODS * players:
                return evolve(state, goods_pool=pool, players=pls, stage=Stage.FIRST,
                                    fill=0)
            return evolve(state, goods_pool=pool, players=pls, fill=fill)
        # Stage.FIRST
        if not isinstance(action, FirstPlayer) or not 0 <= action.player < players:
            raise RULES.illegal(RB.SETUP_FIRST_PLAYER, f"expected a first player, got {action!r}")
        first = action.player
        pls = tuple(
            evolve(pl, workers=1 + (i - first) % players,
                         track_height=players - 1 - (i - first) % players)
            for i, pl in enumerate(state.players)
        )
        if state.config.option("setup") != "basic":
            return evolve(state, players=pls, first=first, stage=Stage.BOARDS, fill=0)
        state = evolve(state, players=pls, first=first, stage=Stage.FILL, fill=0)
        return self._next_fill(state, 0)

    def _deal_board(self, state: BurgundyState, action: Action) -> BurgundyState:
        """Advanced set-up: the next seat's estate board (burgundy/setup.advanced)."""
        dealt = {pl.board for pl in state.players[:state.fill]}
        if (not isinstance(action, DrawBoard) or action.board not in ADVANCED_BOARDS
                or action.board in dealt):
            raise RULES.illegal(RB.SETUP_ADVANCED, f"expected an estate board 2-9 not yet dealt"
                                f" (dealt: {sorted(dealt)}), got {action!r}")
        who = state.fill
        pl = evolve(state.players[who], board=action.board, start=-1,
                          estate=("",) * BOARDS[action.board].size)
        state = _set(state, who, pl)
        if who + 1 < state.config.players:
            return evolve(state, fill=who + 1)
        return evolve(state, stage=Stage.CASTLES, fill=0)

    def _choose_castle(self, state: BurgundyState, action: Action) -> BurgundyState:
        """Advanced set-up: the starting castle's space, openly or as a hidden commit
        (burgundy/setup.advanced-castle, burgundy/setup.advanced-secret)."""
        if not isinstance(action, ChooseCastle):
            raise RULES.illegal(RB.SETUP_ADVANCED_CASTLE, f"the starting castle's space is due, not"
                                f" {action!r}")
        who = self.actor(state)
        pl = state.players[who]
        board = BOARDS[pl.board]
        if not 0 <= action.space < board.size or board.colour[action.space] != D.CASTLE:
            raise RULES.illegal(
                RB.SETUP_ADVANCED_CASTLE,
                f"space {action.space} is not a dark-green space of board {pl.board}",
            )
        secret = state.config.option("castle-choice") == "secret"
        estate = pl.estate if secret else _with(pl.estate, action.space, D.CASTLE_TILE)
        state = _set(state, who, evolve(pl, start=action.space, estate=estate))
        if state.fill + 1 < state.config.players:
            return evolve(state, fill=state.fill + 1)
        if secret:  # every choice is made: the castles are revealed together
            state = evolve(state, players=tuple(
                evolve(o, estate=_with(o.estate, o.start, D.CASTLE_TILE))
                for o in state.players))
        state = evolve(state, stage=Stage.FILL, fill=0)
        return self._next_fill(state, 0)

    def _next_fill(self, state: BurgundyState, fill: int) -> BurgundyState:
        plan = D.FILL_PLANS[_plan_key(state)]
        while fill < len(plan) and not any(state.supply[plan[fill][1]]):
            fill += 1
        if fill < len(plan):
            return evolve(state, fill=fill)
        # then the phase's 5 goods from the face-down goods (burgundy/phase.round-goods)
        return evolve(state, fill=0, stage=Stage.GOODS)

    def _rolled(self, state: BurgundyState, value: int) -> BurgundyState:
        roll = state.roll
        if roll == 0:
            state = evolve(state, white=value, roll=1)
        else:
            who, die = divmod(roll - 1, 2)
            pl = state.players[who]
            dice = (value, pl.dice[1]) if die == 0 else (pl.dice[0], value)
            state = evolve(state, players=_with(state.players, who,
                                                      evolve(pl, dice=dice)),
                                 roll=roll + 1)
        if state.roll < 2 * state.config.players + 1:
            return state
        # the round's goods tile goes to the depot the white die names
        kind = state.goods_stacks[state.goods_next]
        d = state.white - 1
        depot_goods = _with(state.depot_goods, d, _bump(state.depot_goods[d], kind - 1, 1))
        return evolve(state, depot_goods=depot_goods, goods_next=state.goods_next + 1,
                            stage=Stage.PLAY, order=turn_order(state.players), turn=0,
                            bought=False, roll=0)

    # player: free part of the turn -------------------------------------------------------------
    def _apply_free(self, state: BurgundyState, p: int, action: Action) -> BurgundyState:
        pl = state.players[p]
        if isinstance(action, EndTurn):
            if pl.dice[0] or pl.dice[1]:
                raise RULES.illegal(
                    RB.TURN_TWO_ACTIONS, "both dice must be used before the turn ends"
                )
            return self._end_turn(state)
        if isinstance(action, UseWorker):
            if action.die not in (0, 1) or not pl.dice[action.die]:
                raise RULES.illegal(RB.TURN_DIE_ONCE, f"die {action.die} is not an unused die")
            if not pl.workers:
                raise RULES.illegal(RB.TURN_WORKER_ADJUST, "no worker to spend")
            deltas = self._deltas(state, pl, pl.dice[action.die])
            if action.delta not in deltas:
                rid = RB.K[8] if 8 in pl.knowledge else RB.TURN_WORKER_ADJUST
                raise RULES.illegal(rid, f"a worker changes a die showing"
                                    f" {pl.dice[action.die]} by {deltas}, not {action.delta}")
            a, b = pl.dice
            if action.die == 0:
                a = wrap(a + action.delta)
            else:
                b = wrap(b + action.delta)
            return _set(state, p, evolve(pl, dice=(a, b),
                                               workers=pl.workers - 1))
        if isinstance(action, BuyTile):
            return self._buy(state, p, pl, action)
        if isinstance(action, TakeTile | PlaceTile | SellGoods | TakeWorkers):
            if action.die == 2:
                raise RULES.illegal(
                    RB.CASTLE_EXTRA_ACTION, "die 2 is a castle's extra action; none is due"
                )
            if action.die not in (0, 1) or not pl.dice[action.die]:
                raise RULES.illegal(RB.TURN_DIE_ONCE, f"die {action.die} is not an unused die")
            value = pl.dice[action.die]
            dice = (0, pl.dice[1]) if action.die == 0 else (pl.dice[0], 0)
            state = _set(state, p, evolve(pl, dice=dice))
            return self._die_action(state, p, action, value)
        raise RULES.illegal(RB.TURN_EFFECTS_FIRST, f"{type(action).__name__} answers a tile effect;"
                            " none is pending")

    def _die_action(self, state: BurgundyState, p: int,
                    action: TakeTile | PlaceTile | SellGoods | TakeWorkers,
                    value: int) -> BurgundyState:
        """A die action with a die showing ``value`` (0: a castle's die of any value)."""
        pl = state.players[p]
        kn = pl.knowledge
        if isinstance(action, TakeWorkers):
            n = 4 if 14 in kn else 2
            return _set(state, p, evolve(pl, workers=pl.workers + n,
                                               silver=pl.silver + (1 if 13 in kn else 0)))
        if isinstance(action, SellGoods):
            if not 1 <= action.kind <= 6 or not pl.goods[action.kind - 1]:
                raise RULES.illegal(RB.ACTION_SELL, f"no goods of kind {action.kind} to sell")
            if value and value != action.kind:
                raise RULES.illegal(RB.ACTION_SELL, f"the die shows {value}, not {action.kind}")
            return self._sell(state, p, action.kind - 1)
        if isinstance(action, TakeTile):
            if not 1 <= action.depot <= 6:
                raise RULES.illegal(RB.ACTION_TAKE_TILE, f"no numbered depot {action.depot}")
            if value and action.depot != value and not (12 in kn and _near(value, action.depot)):
                rid = RB.K[12] if 12 in kn else RB.ACTION_TAKE_TILE
                raise RULES.illegal(rid, f"the die shows {value}, not {action.depot}")
            return self._take(
                state, p, action.depot, action.tile, action.discard, RB.ACTION_TAKE_TILE, True
            )
        # PlaceTile
        return self._place_checked(state, p, action.tile, action.space, value or None,
                                   RB.ACTION_PLACE)

    def _buy(self, state: BurgundyState, p: int, pl: Player, action: BuyTile) -> BurgundyState:
        if state.bought:
            raise RULES.illegal(RB.ACTION_BUY_BLACK, "one purchase per turn")
        if pl.silver < 2:
            raise RULES.illegal(RB.ACTION_BUY_BLACK, "a purchase costs 2 silver")
        if action.depot != 0:
            if not 1 <= action.depot <= 6:
                raise RULES.illegal(RB.ACTION_BUY_BLACK, f"no depot {action.depot}")
            if 6 not in pl.knowledge:
                raise RULES.illegal(RB.K[6], "buying from a numbered depot needs knowledge 6")
        if len(pl.storage) >= 3 and not self._discard_allowed(state):
            raise RULES.illegal(RB.ACTION_STORAGE_THREE, "storage is full (variant storage-full=forfeit)")
        state = _set(state, p, evolve(pl, silver=pl.silver - 2))
        state = evolve(state, bought=True)
        return self._take(
            state, p, action.depot, action.tile, action.discard, RB.ACTION_BUY_BLACK, True
        )

    def _take(self, state: BurgundyState, p: int, depot: int, tile: str, discard: str,
              rid: str, may_discard: bool) -> BurgundyState:
        source = state.depots[depot - 1] if depot else state.black
        if tile not in _TILESET or tile not in source:
            raise RULES.illegal(rid, f"no {tile!r} in depot {depot}")
        pl = state.players[p]
        storage = pl.storage
        box = state.box
        if len(storage) >= 3:
            if not may_discard or discard not in storage:
                raise RULES.illegal(RB.ACTION_TAKE_DISCARD,
                                    f"storage is full: discard one of {storage}, not"
                                    f" {discard!r}")
            storage = _remove(storage, discard)
            box = _bump(box, D.TILE_INDEX[discard], 1)
        elif discard:
            raise RULES.illegal(RB.ACTION_TAKE_DISCARD, "storage has room: nothing to discard")
        storage = _add(storage, tile)
        if depot:
            state = evolve(state, depots=_with(state.depots, depot - 1,
                                                     _remove(source, tile)), box=box)
        else:
            state = evolve(state, black=_remove(source, tile), box=box)
        return _set(state, p, evolve(pl, storage=storage))

    def _sell(self, state: BurgundyState, p: int, k: int) -> BurgundyState:
        pl = state.players[p]
        n = pl.goods[k]
        kn = pl.knowledge
        return _set(state, p, evolve(
            pl, goods=_with(pl.goods, k, 0), sold=_bump(pl.sold, k, n),
            silver=pl.silver + (2 if 3 in kn else 1),
            workers=pl.workers + (1 if 4 in kn else 0),
            vp=pl.vp + n * D.SELL_VP[state.config.players],
        ))

    def _place_checked(self, state: BurgundyState, p: int, tile: str, space: int,
                       value: int | None, rid: str) -> BurgundyState:
        pl = state.players[p]
        if tile not in pl.storage:
            raise RULES.illegal(RB.ACTION_PLACE_FROM_STORAGE, f"{tile!r} is not in storage")
        board = BOARDS[pl.board]
        if not 0 <= space < board.size or pl.estate[space]:
            raise RULES.illegal(rid, f"space {space} is not an empty estate space")
        colour = D.TILE_COLOUR[tile]
        if board.colour[space] != colour:
            raise RULES.illegal(RB.ACTION_PLACE_COLOUR, f"{tile} ({colour}) cannot go on a"
                                f" {board.colour[space]} space")
        if value is not None:
            n = board.number[space]
            shift = _FREE_SHIFT[colour]
            if n != value and not (shift in pl.knowledge and _near(value, n)):
                raise RULES.illegal(RB.ACTION_PLACE_NUMBER, f"the die shows {value}; space {space}"
                                    f" is a {n}")
        if not any(pl.estate[x] for x in board.neighbours[space]):
            raise RULES.illegal(RB.ACTION_PLACE_ADJACENT, f"space {space} touches no placed tile")
        if (colour == D.BUILDING and 1 not in pl.knowledge
                and any(pl.estate[x] == tile for x in board.areas[board.area[space]])):
            raise RULES.illegal(RB.BUILDING_ONE_PER_CITY, f"the city already has a {tile}")
        return self._place(state, p, tile, space)

    def _place(self, state: BurgundyState, p: int, tile: str, space: int) -> BurgundyState:
        pl = state.players[p]
        estate = _with(pl.estate, space, tile)
        knowledge = pl.knowledge
        if tile in D.KNOWLEDGE_NUMBER:
            knowledge = tuple(sorted((*knowledge, D.KNOWLEDGE_NUMBER[tile])))
        vp = pl.vp
        board = BOARDS[pl.board]
        size = scoring.area_complete(estate, space, board)
        if size:
            vp += D.AREA_VP[size] + D.PHASE_VP[state.phase]
        colour = D.TILE_COLOUR[tile]
        bonuses = state.bonuses
        bonus_tiles = pl.bonus_tiles
        if size and scoring.colour_complete(estate, colour, board):
            c = D.COLOUR_INDEX[colour]
            taken = bonuses[c]
            if taken < 2:
                n = state.config.players
                vp += D.LARGE_BONUS[n] if taken == 0 else D.SMALL_BONUS[n]
                bonus_tiles = (*bonus_tiles, f"{colour}:{'large' if taken == 0 else 'small'}")
                bonuses = _bump(bonuses, c, 1)
        silver, workers = pl.silver, pl.workers
        track_space, track_height = pl.track_space, pl.track_height
        push: Pending | None = None
        if colour == D.PASTURE:
            vp += scoring.animal_vp(estate, space, knowledge, board)
        elif colour == D.RIVER:
            track_space += 1
            track_height = 1 + max(
                (o.track_height for i, o in enumerate(state.players)
                 if i != p and o.track_space == track_space), default=-1)
            push = Pending("ship")
        elif colour == D.CASTLE:
            push = Pending("castle")
        elif colour == D.BUILDING:
            if tile == "boarding-house":
                workers += 4
            elif tile == "bank":
                silver += 2
            elif tile == "watchtower":
                vp += 4
            else:
                push = Pending(tile)
        new = evolve(pl, estate=estate, storage=_remove(pl.storage, tile),
                           knowledge=knowledge, vp=vp, bonus_tiles=bonus_tiles, silver=silver,
                           workers=workers, track_space=track_space,
                           track_height=track_height)
        state = evolve(state, players=_with(state.players, p, new), bonuses=bonuses)
        if push is not None:
            state = evolve(state, pending=(*state.pending, push))
        return state

    # player: answering an effect ---------------------------------------------------------------
    def _apply_pending(self, state: BurgundyState, p: int, action: Action) -> BurgundyState:
        top = state.pending[-1]
        kind = top.kind
        rest = state.pending[:-1]
        pl = state.players[p]
        if kind == "castle":
            if not isinstance(action, TakeTile | PlaceTile | SellGoods | TakeWorkers) \
                    or action.die != 2:
                raise RULES.illegal(
                    RB.CASTLE_EXTRA_ACTION, "a castle's extra action (die 2) comes first"
                )
            return self._die_action(evolve(state, pending=rest), p, action, 0)
        if kind == "warehouse":
            if not isinstance(action, WarehouseSell):
                raise RULES.illegal(RB.TURN_EFFECTS_FIRST, "the warehouse sale comes first")
            if not 1 <= action.kind <= 6 or not pl.goods[action.kind - 1]:
                raise RULES.illegal(RB.BUILDING_WAREHOUSE, f"no goods of kind {action.kind}")
            return self._sell(evolve(state, pending=rest), p, action.kind - 1)
        if kind in _EFFECT_COLOURS:
            rid = _EFFECT_RULE[kind]
            if not isinstance(action, EffectTake):
                raise RULES.illegal(RB.TURN_EFFECTS_FIRST, f"the {kind}'s take comes first")
            if not 1 <= action.depot <= 6:
                raise RULES.illegal(rid, "only numbered depots (not the black depot)")
            if action.tile not in _TILESET or D.TILE_COLOUR[action.tile] not in \
                    _EFFECT_COLOURS[kind]:
                raise RULES.illegal(rid, f"the {kind} cannot take {action.tile!r}")
            return self._take(evolve(state, pending=rest), p, action.depot, action.tile,
                              action.discard, rid, self._discard_allowed(state))
        if kind == "city-hall":
            if isinstance(action, Decline):
                return evolve(state, pending=rest)
            if not isinstance(action, CityHallPlace):
                raise RULES.illegal(RB.TURN_EFFECTS_FIRST, "the city hall's placement comes first")
            return self._place_checked(evolve(state, pending=rest), p, action.tile,
                                       action.space, None, RB.BUILDING_CITY_HALL)
        if kind == "ship":
            if not isinstance(action, ShipDepot):
                raise RULES.illegal(RB.TURN_EFFECTS_FIRST, "the ship's depot choice comes first")
            if action.depot not in self._ship_firsts(state):
                rid = RB.K[5] if 5 in pl.knowledge else RB.SHIP_TAKE_GOODS
                raise RULES.illegal(rid, f"no depot (pair) starting at {action.depot}")
            pair = 5 in pl.knowledge
            return self._ship(evolve(state, pending=rest), p, action.depot, pair, None)
        # ship-goods
        if not isinstance(action, ShipGoods):
            raise RULES.illegal(RB.TURN_EFFECTS_FIRST, "the ship's goods choice comes first")
        if not 1 <= action.kind <= 6 or action.kind - 1 not in self._ship_new_kinds(
                state, pl, top):
            raise RULES.illegal(RB.SHIP_GOODS_THREE_KINDS, f"goods kind {action.kind} cannot be taken")
        return self._ship(evolve(state, pending=rest), p, top.arg, top.pair,
                          action.kind - 1)

    def _ship(self, state: BurgundyState, p: int, first: int, pair: bool,
              chosen: int | None) -> BurgundyState:
        """Move goods from the ship's depot(s): held kinds, the chosen kind, or all new kinds
        when they fit; otherwise leave a ``ship-goods`` choice pending."""
        sources = self._ship_sources(first, pair)
        pl = state.players[p]
        goods = list(pl.goods)
        dg = [list(g) for g in state.depot_goods]

        def take(k: int) -> None:
            for d in sources:
                goods[k] += dg[d - 1][k]
                dg[d - 1][k] = 0

        if chosen is None:
            for k in range(6):
                if goods[k]:
                    take(k)
        else:
            take(chosen)
        new = [k for k in range(6) if not goods[k] and any(dg[d - 1][k] for d in sources)]
        free = 3 - sum(1 for n in goods if n)
        pending = state.pending
        if new and free > 0:
            if len(new) <= free:
                for k in new:
                    take(k)
            else:
                pending = (*pending, Pending("ship-goods", first, pair))
        return evolve(
            state, pending=pending, depot_goods=tuple(tuple(g) for g in dg),
            players=_with(state.players, p, evolve(pl, goods=tuple(goods))))

    def _settle(self, state: BurgundyState) -> BurgundyState:
        """Drop pending effects that no choice can satisfy (their effect is lost)."""
        while state.pending:
            top = state.pending[-1]
            pl = state.players[state.order[state.turn]]
            kind = top.kind
            if kind == "warehouse":
                ok = any(pl.goods)
            elif kind in _EFFECT_COLOURS:
                ok = bool(self._effect_takes(state, pl, kind))
            elif kind == "city-hall":
                ok = any(self._spaces(pl, t, None) for t in _distinct(pl.storage))
            elif kind == "ship-goods":
                ok = bool(self._ship_new_kinds(state, pl, top))
            else:
                ok = True
            if ok:
                return state
            state = evolve(state, pending=state.pending[:-1])
        return state

    # turn, round and phase ends ----------------------------------------------------------------
    def _end_turn(self, state: BurgundyState) -> BurgundyState:
        turn = state.turn + 1
        if turn < state.config.players:
            return evolve(state, turn=turn, bought=False)
        rnd = state.round + 1
        if rnd < D.ROUNDS:
            return evolve(state, turn=0, bought=False, round=rnd, stage=Stage.ROLL,
                                roll=0, players=tuple(evolve(pl, dice=(0, 0))
                                                      for pl in state.players))
        # phase end: mines (and knowledge 2)
        pls = []
        for pl in state.players:
            mines = pl.estate.count(D.MINE_TILE)
            pls.append(evolve(pl, silver=pl.silver + mines, dice=(0, 0),
                                    workers=pl.workers + (mines if 2 in pl.knowledge else 0)))
        phase = state.phase + 1
        if phase == D.PHASES:
            edition = state.config.option("edition")
            final = tuple(evolve(pl, vp=pl.vp + scoring.final_vp(pl, edition))
                          for pl in pls)
            # the order the tie-break reads (ambiguity burgundy/tie-order)
            last = (state.order if state.config.option("tie-order") == "last-round"
                    else turn_order(final))
            return evolve(state, players=final, stage=Stage.OVER, turn=0, bought=False,
                                round=0, phase=phase, order=last)
        box = list(state.box)
        for tiles in (*state.depots, state.black):
            for t in tiles:
                box[D.TILE_INDEX[t]] += 1
        state = evolve(state, players=tuple(pls), phase=phase, round=0, turn=0,
                             bought=False, stage=Stage.FILL, depots=((),) * 6, black=(),
                             box=tuple(box))
        return self._next_fill(state, 0)

    # -- rules a step shows (conformance vectors) ---------------------------------------------
    def effect_rules(self, state: BurgundyState, action: Action,
                     after: BurgundyState) -> tuple[str, ...]:
        """The rules whose effect the legal step ``state --action--> after`` shows: the
        draw or choice itself, and every automatic consequence (scoring, a building's
        effect, a lost effect, a round's goods, a phase's end, the final scoring)."""
        out: list[str] = []
        st = state.stage
        if state == self.setup(state.config):  # the first step shows the set-up
            out += [
                RB.COMPONENTS_HEX_TILES,
                RB.COMPONENTS_GOODS,
                RB.SETUP_START_CASTLE,
                RB.SETUP_SILVER,
                RB.SETUP_GOODS_STACKS,
            ]
        if isinstance(action, DrawGoods):
            out += ([RB.SETUP_PLAYER_GOODS] if st is Stage.START_GOODS
                    else [RB.SETUP_GOODS_STACKS, RB.PHASE_ROUND_GOODS])
        elif isinstance(action, FirstPlayer):
            out += [
                RB.SETUP_FIRST_PLAYER,
                RB.SETUP_WORKERS,
                RB.SETUP_TURN_ORDER,
                RB.SETUP_WHITE_DIE,
            ]
        elif isinstance(action, DrawBoard):
            out.append(RB.SETUP_ADVANCED)
        elif isinstance(action, ChooseCastle):
            out.append(RB.SETUP_ADVANCED_CASTLE)
            if state.config.option("castle-choice") == "secret":
                out.append(RB.SETUP_ADVANCED_SECRET)
        elif isinstance(action, DrawHex):
            out += self._fill_rules(state)
        elif isinstance(action, Roll):
            out.append(RB.ROUND_ROLL)
            if after.stage is Stage.PLAY:
                out += [RB.ROUND_PLACE_GOODS, RB.ROUND_TURN_ORDER, RB.ROUND_WHITE_DIE_UNUSABLE]
        elif st is Stage.PLAY:
            out += self._turn_rules(state, action, after)
        if st is Stage.PLAY and after.stage is Stage.FILL:
            out += self._phase_end_rules(state, after)
        if st is Stage.PLAY and after.stage is Stage.OVER:
            out += self._final_rules(state)
        return tuple(dict.fromkeys(out))

    def _fill_rules(self, state: BurgundyState) -> list[str]:
        out = [RB.PHASE_FILL_DEPOTS]
        plan = D.FILL_PLANS[_plan_key(state)]
        target, _ = plan[state.fill]
        if target == 0:
            out.append(RB.PHASE_BLACK_DEPOT)
        elif state.config.players == 3 and target == 6:
            # depot 6's dark-green space: a castle in phases A, C, E, a mine in B and D
            first = D.FILL_PLANS[(state.config.option("depots"), 3, 0)][state.fill]
            if first == (6, D.CASTLE_BACK):
                out.append(RB.PHASE_THREE_PLAYER_DEPOT_6)
        return out

    def _turn_rules(self, state: BurgundyState, action: Action,
                    after: BurgundyState) -> list[str]:
        out: list[str] = []
        p = state.order[state.turn]
        pl, new = state.players[p], after.players[p]
        answering = bool(state.pending)
        if answering:
            out.append(RB.TURN_EFFECTS_FIRST)
            kind = state.pending[-1].kind
            if kind == "castle":
                out.append(RB.CASTLE_EXTRA_ACTION)
            elif kind in _EFFECT_RULE:
                out.append(_EFFECT_RULE[kind])
            elif kind == "warehouse":
                out += [RB.BUILDING_WAREHOUSE, RB.ACTION_SELL]
            elif kind == "city-hall":
                out.append(RB.BUILDING_CITY_HALL)
            elif kind in ("ship", "ship-goods"):
                out.append(RB.SHIP_TAKE_GOODS)
        die = getattr(action, "die", None)
        if isinstance(die, int) and die in (0, 1) and not isinstance(action, UseWorker):
            out.append(RB.TURN_DIE_ONCE)
        value = pl.dice[die] if isinstance(die, int) and die in (0, 1) else 0
        if isinstance(action, UseWorker):
            out.append(RB.TURN_WORKER_ADJUST)
            before = pl.dice[action.die]
            if before + action.delta != wrap(before + action.delta):
                out.append(RB.TURN_WORKER_WRAP)
            if abs(action.delta) == 2:
                out.append(RB.K[8])
        elif isinstance(action, TakeTile | BuyTile | EffectTake):
            out.append(RB.ACTION_BUY_BLACK if isinstance(action, BuyTile) else RB.ACTION_TAKE_TILE)
            out.append(RB.ACTION_STORAGE_THREE)
            if action.discard:
                out.append(RB.ACTION_TAKE_DISCARD)
            if isinstance(action, BuyTile) and action.depot:
                out.append(RB.K[6])
            if isinstance(action, TakeTile) and value and action.depot != value:
                out.append(RB.K[12])
        elif isinstance(action, SellGoods):
            out.append(RB.ACTION_SELL)
        elif isinstance(action, TakeWorkers):
            out += [RB.ACTION_TAKE_WORKERS, RB.BUILDING_SUPPLY_UNLIMITED]
            out += [RB.K[n] for n in (13, 14) if n in pl.knowledge]
        elif isinstance(action, ShipDepot):
            out.append(RB.SHIP_TAKE_GOODS)
            if 5 in pl.knowledge:
                out.append(RB.K[5])
            if after.pending and after.pending[-1].kind == "ship-goods":
                out.append(RB.SHIP_GOODS_THREE_KINDS)
        elif isinstance(action, ShipGoods):
            out.append(RB.SHIP_GOODS_THREE_KINDS)
        elif isinstance(action, EndTurn):
            out.append(RB.TURN_TWO_ACTIONS)
        if isinstance(action, SellGoods | WarehouseSell):
            out += [RB.K[n] for n in (3, 4) if n in pl.knowledge]
        if isinstance(action, PlaceTile | CityHallPlace):
            out += self._placement_rules(state, action, value, pl, new, after, answering)
        if isinstance(action, TakeTile | PlaceTile | SellGoods | TakeWorkers) and die == 2:
            out.append(RB.CASTLE_EXTRA_ACTION)
        return out

    def _placement_rules(self, state: BurgundyState, action: PlaceTile | CityHallPlace,
                         value: int, pl: Player, new: Player, after: BurgundyState,
                         answering: bool) -> list[str]:
        tile, space = action.tile, action.space
        board = BOARDS[pl.board]
        colour = D.TILE_COLOUR[tile]
        out = [RB.ACTION_PLACE_FROM_STORAGE, RB.ACTION_PLACE_COLOUR, RB.ACTION_PLACE_ADJACENT]
        if isinstance(action, CityHallPlace):
            out.append(RB.BUILDING_CITY_HALL)
        else:
            out.append(RB.ACTION_PLACE)
            if value:
                out.append(RB.ACTION_PLACE_NUMBER)
                if board.number[space] != value:
                    out.append(RB.K[_FREE_SHIFT[colour]])
        if colour == D.BUILDING:
            out.append(RB.BUILDING_ONE_PER_CITY if 1 not in pl.knowledge else RB.K[1])
        if scoring.area_complete(new.estate, space, board):
            out.append(RB.AREA_COMPLETE)
        c = D.COLOUR_INDEX[colour]
        if after.bonuses[c] != state.bonuses[c]:
            out.append(RB.COLOUR_FIRST if state.bonuses[c] == 0 else RB.COLOUR_SECOND)
        if colour == D.PASTURE:
            out.append(RB.ANIMAL_SCORE)
            if 7 in pl.knowledge:
                out.append(RB.K[7])
        elif colour == D.RIVER:
            out += [RB.SHIP_TURN_ORDER, RB.SHIP_TAKE_GOODS]
            if turn_order(after.players)[0] == state.order[state.turn] and \
                    turn_order(state.players)[0] != state.order[state.turn]:
                out.append(RB.SHIP_WHITE_DIE)
        elif colour == D.CASTLE:
            out.append(RB.CASTLE_EXTRA_ACTION)
        elif tile in _BUILDING_RULE:
            out.append(_BUILDING_RULE[tile])
        pushes = colour in (D.RIVER, D.CASTLE) or tile in _EFFECT_COLOURS or tile in (
            "warehouse", "city-hall")
        base = len(state.pending) - (1 if answering else 0)
        if pushes and len(after.pending) <= base:
            out.append(RB.BUILDING_EFFECT_LOST)  # the effect could not apply: it is lost
        return out

    def _phase_end_rules(self, state: BurgundyState, after: BurgundyState) -> list[str]:
        """A phase's end (mines) and the next phase's start (the board cleared)."""
        out = [RB.PHASE_FIVE_PHASES, RB.PHASE_END_MINES]
        if any(D.MINE_TILE in pl.estate for pl in state.players):
            out.append(RB.PHASE_MINE_SILVER)
            if any(2 in pl.knowledge and D.MINE_TILE in pl.estate for pl in state.players):
                out.append(RB.K[2])
        out.append(RB.PHASE_CLEAR)
        return out

    def _final_rules(self, state: BurgundyState) -> list[str]:
        out = [
            RB.GAME_END,
            RB.GAME_END_GOODS,
            RB.GAME_END_SILVER,
            RB.GAME_END_WORKERS,
            RB.GAME_END_STORAGE,
            RB.GAME_TIE_BREAK,
            RB.PHASE_END_MINES,
        ]
        if any(D.MINE_TILE in pl.estate for pl in state.players):
            out.append(RB.PHASE_MINE_SILVER)
        held = {n for pl in state.players for n in pl.knowledge}
        out += [RB.K[n] for n in range(15, 27) if n in held]
        return out

    # -- the eager play policy ----------------------------------------------------------------
    def policy_weights(self, state: BurgundyState,
                       actions: tuple[Action, ...]) -> tuple[int, ...] | None:
        """Weights for eager play: each kind of choice gets a share of the odds (placing
        tiles most, then taking placeable tiles, selling, buying; workers, discards,
        declining and ending least), split among its actions; placements that complete an
        area and ships that carry goods weigh more. Every legal action keeps weight >= 1."""
        if not actions or state.stage is not Stage.PLAY:
            return None
        pl = state.players[state.order[state.turn]]
        estate = pl.estate
        board = BOARDS[pl.board]
        raw: list[int] = []
        kinds: list[str] = []
        placeable: frozenset[str] | None = None
        for a in actions:
            name = type(a).__name__
            w = _EAGER_SHARE[name]
            if isinstance(a, PlaceTile | CityHallPlace):
                w *= 4 if _completes(estate, a.space, board) else 1
            elif isinstance(a, TakeTile | BuyTile | EffectTake):
                if placeable is None:
                    placeable = _frontier_colours(estate, board)
                w *= 4 if D.TILE_COLOUR[a.tile] in placeable else 1
                if a.discard:
                    name += "/discard"
                    w = 1
            elif isinstance(a, ShipDepot):
                w *= 1 + sum(state.depot_goods[a.depot - 1])
            raw.append(w)
            kinds.append(name)
        count: dict[str, int] = {}
        for name in kinds:
            count[name] = count.get(name, 0) + 1
        return tuple(max(1, w * _EAGER_SCALE // count[name]) for w, name in zip(
            raw, kinds, strict=True))

    # -- results --------------------------------------------------------------------------------
    def scores(self, state: BurgundyState) -> tuple[int, ...]:
        return tuple(pl.vp for pl in state.players)

    def winners(self, state: BurgundyState) -> tuple[int, ...]:
        """One winner: most VP, then most empty estate spaces, then later in turn order (the
        track, or with tie-order=last-round the final round's order kept in ``order``)."""
        if state.stage is not Stage.OVER:
            return ()
        if state.config.option("tie-order") == "last-round":
            order = state.order
        else:
            order = turn_order(state.players)
        best = max(
            range(len(state.players)),
            key=lambda i: (state.players[i].vp, state.players[i].estate.count(""),
                           order.index(i)),
        )
        return (best,)


_K8_DELTAS = (-2, -1, 1, 2)


#: eager play: the share of the odds each kind of choice gets when it is legal
_EAGER_SHARE = {
    "PlaceTile": 60, "CityHallPlace": 60, "Decline": 1, "TakeTile": 12, "BuyTile": 6,
    "EffectTake": 10, "SellGoods": 15, "WarehouseSell": 10, "TakeWorkers": 3,
    "UseWorker": 4, "EndTurn": 3, "ShipDepot": 1, "ShipGoods": 10,
}
_EAGER_SCALE = 840


def _completes(estate: tuple[str, ...], space: int, board: D.Estate) -> bool:
    """Whether a tile on ``space`` fills the last empty space of its area."""
    return all(estate[s] or s == space for s in board.areas[board.area[space]])


def _frontier_colours(estate: tuple[str, ...], board: D.Estate) -> frozenset[str]:
    """Colours of the empty spaces next to a placed tile (where a tile could go next)."""
    out = set()
    for s in range(board.size):
        if not estate[s] and any(estate[x] for x in board.neighbours[s]):
            out.add(board.colour[s])
    return frozenset(out)


def turn_order(players: tuple[Player, ...]) -> tuple[int, ...]:
    """Seats in turn order: track spaces right to left, each stack top to bottom."""
    return tuple(sorted(range(len(players)),
                        key=lambda i: (-players[i].track_space, -players[i].track_height)))


def _distinct(tiles: tuple[str, ...]) -> tuple[str, ...]:
    """Sorted tiles without repeats (the tuples are kept sorted)."""
    out: list[str] = []
    for t in tiles:
        if not out or out[-1] != t:
            out.append(t)
    return tuple(out)


def _with(items: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    return (*items[:i], value, *items[i + 1:])


def _set(state: BurgundyState, p: int, pl: Player) -> BurgundyState:
    return evolve(state, players=_with(state.players, p, pl))


GAME = Burgundy()
