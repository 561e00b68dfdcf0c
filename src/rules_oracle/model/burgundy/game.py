"""The Castles of Burgundy (2-4 players; estate board 1, or boards 2-9 in the advanced
set-up): the reference model. This module owns the order of play (set-up, the phases, their
rounds, the turns, a placed tile's effects, the game's end) and dispatches each step to the
chapter of the rulebook that states its rules: ``setup``, ``phase``, ``round``, ``turn``,
``action``, the placed tiles' ``ship``, ``animal``, ``castle``, ``building``, ``area``,
``colour`` and ``knowledge``. The end of the game ("Окончание игры") is here."""

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Final, TypeVar

from rules_oracle.model.burgundy import (
    action,
    animal,
    area,
    building,
    castle,
    colour,
    knowledge,
    observation,
    phase,
    round,
    setup,
    ship,
    shown,
    turn,
)
from rules_oracle.model.burgundy import data as D
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
from rules_oracle.model.burgundy.ops import distinct, implements, set_player
from rules_oracle.model.burgundy.rules import RULES
from rules_oracle.model.burgundy.state import BurgundyState, Mods, Player, Stage
from rules_oracle.model.core import CHANCE, TERMINAL, Config, Game, Viewer, draw_outcomes, uniform
from rules_oracle.model.core.ops import evolve

T = TypeVar("T")
#: the set-up state of a configuration (immutable), made once, for the rules a step shows
_initial = lru_cache(maxsize=256)(setup.initial)
BOARD = setup.BOARD
ADVANCED_BOARDS = setup.ADVANCED_BOARDS
turn_order = round.turn_order
#: a die action: one of the two dice, or a castle's die of any value
DieAction = TakeTile | PlaceTile | SellGoods | TakeWorkers


def _may_discard(state: BurgundyState) -> bool:
    """A purchase or a building's take may discard from a full storage
    (burgundy/storage-full-effect)."""
    return state.config.option("storage-full") == "discard"


def placement_rule(pl: Player, tile: str, space: int, value: int | None, mods: Mods,
                   rule: str) -> str | None:
    """Why ``pl`` may not place ``tile`` on ``space``: the place action's rules, then a
    city's buildings; ``None`` when he may."""
    return (action.place_rule(pl, tile, space, value, mods, rule)
            or building.city_rule(pl, tile, space, mods))


def placements(pl: Player, tile: str, value: int | None, mods: Mods) -> list[int]:
    """The spaces where ``placement_rule`` lets ``pl`` place a stored ``tile``."""
    found = action.spaces(pl, tile, value, mods)
    if D.TILE_COLOUR[tile] != D.BUILDING:  # the city rule is a building's only
        return found
    return [s for s in found if building.city_rule(pl, tile, s, mods) is None]


@implements(RB.GAME_END_GOODS, RB.GAME_END_SILVER, RB.GAME_END_WORKERS, RB.GAME_END_STORAGE)
def final_vp(player: Player, edition: str = "first") -> int:
    """VP added at the game's end: 1 per unsold goods tile (RB.GAME_END_GOODS), per silver
    (RB.GAME_END_SILVER), per 2 workers (RB.GAME_END_WORKERS), and the knowledge tiles';
    stored tiles score nothing (RB.GAME_END_STORAGE)."""
    return (sum(player.goods) + player.silver + player.workers // 2
            + knowledge.end_vp(player, edition))


class S:
    """The stages, as plain class attributes: a member read off the enum class itself goes
    through ``EnumType.__getattr__``'s hook (Python 3.11), and a step reads several stages
    on its way (``actor``, ``apply``, ``legal_actions``)."""

    GOODS: Final = Stage.GOODS
    START_GOODS: Final = Stage.START_GOODS
    FIRST: Final = Stage.FIRST
    BOARDS: Final = Stage.BOARDS
    CASTLES: Final = Stage.CASTLES
    FILL: Final = Stage.FILL
    ROLL: Final = Stage.ROLL
    PLAY: Final = Stage.PLAY
    OVER: Final = Stage.OVER


#: a draw's outcome per goods kind and per hex tile, made once (actions are immutable):
#: a hex draw's outcomes are new each draw, as the supply shrinks
_DRAW_GOODS: Final = {k: DrawGoods(k) for k in range(1, 7)}
_DRAW_HEX: Final = {t: DrawHex(t) for t in D.TILES}


@lru_cache(maxsize=1 << 10)
def _goods_outcomes(pool: tuple[int, ...]) -> tuple[tuple[Action, Fraction], ...]:
    """A goods draw from ``pool`` (counts of kinds 1-6), made once per pool's contents."""
    return draw_outcomes(zip(range(1, 7), pool, strict=True), _DRAW_GOODS.__getitem__)


@lru_cache(maxsize=1 << 12)
def _hex_outcomes(kinds: tuple[str, ...], counts: tuple[int, ...]
                  ) -> tuple[tuple[Action, Fraction], ...]:
    """A hex draw from a back's supply (``counts`` of ``kinds``), made once per supply's
    contents."""
    return draw_outcomes(zip(kinds, counts, strict=True), _DRAW_HEX.__getitem__)


#: the die actions and workers' changes without a choice of tile, one action each (actions
#: are immutable): per die (2: a castle's), a sale per goods kind, a worker per change
_SELL: Final = {die: {k: SellGoods(die, k) for k in range(1, 7)} for die in (0, 1, castle.DIE)}
_TAKE_WORKERS: Final = {die: TakeWorkers(die) for die in (0, 1, castle.DIE)}
_WORKER: Final = {die: {dv: UseWorker(die, dv) for dv in (-2, -1, 1, 2)} for die in (0, 1)}
_END_TURN: Final = EndTurn()

#: a take per die, depot, tile and discard, and a placement per die, tile and space, made
#: once (actions are immutable; the placements are bounded by the tiles and spaces)
_TAKES: dict[tuple[int, int, str, str], Action] = {}
_PLACES: dict[tuple[int, str, int], Action] = {}

#: per die value and knowledge 12's near take (what ``action.take_depot_rule`` reads of
#: them): the numbered depots a die may take from
_REACH: dict[tuple[int, bool, str], tuple[int, ...]] = {}


def _reach(value: int, mods: Mods) -> tuple[int, ...]:
    """The numbered depots ``action.take_depot_rule`` lets a die showing ``value`` (0: a
    castle's) take from, remembered per value and the rule's knowledge."""
    key = (value, mods.take_near, mods.take_rule)
    found = _REACH.get(key)
    if found is None:
        found = _REACH[key] = tuple(d for d in range(1, 7)
                                    if action.take_depot_rule(value, d, mods) is None)
    return found


#: per die, die value and goods held (what ``action.sell_rule`` reads): the sales
_SALES: dict[tuple[int, int, tuple[int, ...]], tuple[Action, ...]] = {}


def _sales(pl: Player, die: int, value: int) -> tuple[Action, ...]:
    """The sales ``action.sell_rule`` lets ``pl`` make with die ``die`` showing ``value``
    (0: a castle's), remembered per die, value and goods held."""
    key = (die, value, pl.goods)
    found = _SALES.get(key)
    if found is None:
        if len(_SALES) >= 1 << 14:
            _SALES.clear()
        sells = _SELL[die]
        found = _SALES[key] = tuple(sells[k] for k in range(1, 7)
                                    if action.sell_rule(pl, k, value) is None)
    return found


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
        return setup.initial(config)

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
        if state.stage is S.PLAY:
            return turn.acting(state)
        if state.stage is S.CASTLES:
            return (state.first + state.fill) % state.config.players
        if state.stage is S.OVER:
            return TERMINAL
        return CHANCE

    def chance_outcomes(self, state: BurgundyState) -> tuple[tuple[Action, Fraction], ...]:
        st = state.stage
        if st is S.ROLL:
            return round.ROLL
        if st is S.GOODS or st is S.START_GOODS:
            return _goods_outcomes(state.goods_pool)
        if st is S.FIRST:
            return uniform([FirstPlayer(i) for i in range(state.config.players)])
        if st is S.BOARDS:
            return uniform([DrawBoard(b) for b in setup.boards_left(state)])
        if st is S.FILL:
            _, back = phase.plan(state)[state.fill]
            return _hex_outcomes(D.BACK_KINDS[back], state.supply[back])
        return ()

    # -- the legal actions -------------------------------------------------------------------
    def legal_actions(self, state: BurgundyState) -> tuple[Action, ...]:
        if state.stage is S.CASTLES:
            pl = state.players[self.actor(state)]
            return tuple(ChooseCastle(s) for s in setup.castle_spaces(pl))
        if state.stage is not S.PLAY:
            return ()
        pl = state.players[turn.acting(state)]
        mods = knowledge.mods(pl.knowledge, state.config)
        if state.pending:
            out = self._answers(state, pl, mods)
            if castle.purchase_first(state):  # burgundy/castle-action-timing
                self._workers_and_purchase(state, pl, mods, out)
            return tuple(out)
        out = []
        for die in (0, 1):
            value = pl.dice[die]
            if value:
                self._die_actions(state, pl, mods, die, value, out)
        self._workers_and_purchase(state, pl, mods, out)
        if turn.end_rule(pl) is None:
            out.append(_END_TURN)
        return tuple(out)

    def _workers_and_purchase(self, state: BurgundyState, pl: Player, mods: Mods,
                              out: list[Action]) -> None:
        """The workers ``pl`` may spend on his unused dice, and the turn's purchase."""
        if pl.workers:
            for die in (0, 1):
                if pl.dice[die]:
                    workers = _WORKER[die]
                    out.extend(workers[dv] for dv in turn.worker_deltas(pl.dice[die], mods))
        for d in mods.buy_depots:
            if action.buy_rule(state, pl, d, mods) is None:
                for tile in distinct(action.source(state, d)):
                    out.extend(BuyTile(d, tile, x) for x in action.discards(pl))

    def _answers(self, state: BurgundyState, pl: Player, mods: Mods) -> list[Action]:
        """The answers to the pending effect on top."""
        out: list[Action] = []
        top = state.pending[-1]
        kind = top.kind
        if kind == "castle":
            self._die_actions(state, pl, mods, castle.DIE, 0, out)
        elif kind == "warehouse":
            out.extend(WarehouseSell(k + 1) for k in range(6) if pl.goods[k])
        elif kind in building.TAKES:
            out.extend(EffectTake(d, tile, x)
                       for d, tile, x in building.takes(state, pl, kind, _may_discard(state)))
        elif kind == "city-hall":
            for tile in distinct(pl.storage):
                out.extend(CityHallPlace(tile, s) for s in placements(pl, tile, None, mods))
            out.append(Decline())
        elif kind == "ship":
            out.extend(ShipDepot(d) for d in mods.ship_firsts)
        elif kind == "ship-goods":
            out.extend(ShipGoods(k + 1) for k in ship.new_kinds(state, pl, top))
        return out

    def _die_actions(self, state: BurgundyState, pl: Player, mods: Mods, die: int,
                     value: int, out: list[Action]) -> None:
        """The die actions of die ``die`` showing ``value`` (0: a castle's, any value)."""
        discards = action.discards(pl)
        depots = state.depots
        takes = _TAKES
        for d in _reach(value, mods):
            for tile in distinct(depots[d - 1]):
                for x in discards:
                    key = (die, d, tile, x)
                    take = takes.get(key)
                    if take is None:
                        if len(takes) >= 1 << 15:
                            takes.clear()
                        take = takes[key] = TakeTile(die, d, tile, x)
                    out.append(take)
        places = _PLACES
        for tile in distinct(pl.storage):
            for s in placements(pl, tile, value or None, mods):
                spot = (die, tile, s)
                place = places.get(spot)
                if place is None:
                    place = places[spot] = PlaceTile(die, tile, s)
                out.append(place)
        out.extend(_sales(pl, die, value))
        out.append(_TAKE_WORKERS[die])

    # -- apply -------------------------------------------------------------------------------
    def apply(self, state: BurgundyState, action: Action) -> BurgundyState:
        st = state.stage
        if st is S.OVER:
            raise RULES.illegal(RB.GAME_OVER, "the game is over")
        if st is S.CASTLES:
            return self._choose_castle(state, action)
        if st is not S.PLAY:
            return self._chance(state, action)
        if isinstance(action, CHANCE_TYPES):
            raise RULES.illegal(RB.TURN_ACTOR, f"{action!r} is a chance outcome; a player acts")
        p = turn.acting(state)
        if state.pending and not (isinstance(action, UseWorker | BuyTile)
                                  and castle.purchase_first(state)):
            return self._settle(self._answer(state, p, action))
        return self._settle(self._free(state, p, action))

    # chance ------------------------------------------------------------------------------
    def _chance(self, state: BurgundyState, a: Action) -> BurgundyState:
        st = state.stage
        if st is S.ROLL:
            broken = round.roll_rule(a)
            if broken or not isinstance(a, Roll):
                raise RULES.illegal(broken or RB.ROUND_ROLL,
                                    f"expected a die roll 1-6, got {a!r}")
            state = round.rolled(state, a.value)
            if not round.all_rolled(state):
                return state
            state = round.place_goods(state)
            return evolve(state, stage=S.PLAY, order=round.turn_order(state.players),
                          turn=0, bought=False, roll=0)
        if st is S.BOARDS:
            if setup.board_rule(state, a) or not isinstance(a, DrawBoard):
                raise RULES.illegal(RB.SETUP_ADVANCED, f"expected an estate board 2-9 not yet"
                                    f" dealt ({setup.boards_left(state)} left), got {a!r}")
            state = setup.deal_board(state, a.board)
            if state.fill + 1 < state.config.players:
                return evolve(state, fill=state.fill + 1)
            return evolve(state, stage=S.CASTLES, fill=0)
        if st is S.FILL:
            broken = phase.fill_rule(state, a)
            if broken or not isinstance(a, DrawHex):
                raise RULES.illegal(broken or RB.PHASE_FILL_DEPOTS,
                                    f"expected a hex of the next space's back, got {a!r}")
            return self._fill_from(phase.fill(state, a.tile), state.fill + 1)
        if st is S.GOODS:
            broken = phase.round_goods_rule(state, a)
            if broken or not isinstance(a, DrawGoods):
                raise RULES.illegal(broken or RB.PHASE_ROUND_GOODS,
                                    f"expected a goods draw from the pool, got {a!r}")
            state = phase.round_goods(state, a.kind)
            if phase.goods_laid(state):
                return evolve(state, stage=S.ROLL, roll=0)
            return state
        if st is S.START_GOODS:
            broken = setup.player_goods_rule(state, a)
            if broken or not isinstance(a, DrawGoods):
                raise RULES.illegal(broken or RB.SETUP_PLAYER_GOODS,
                                    f"expected a goods draw from the pool, got {a!r}")
            state = setup.player_goods(state, a.kind)
            if state.fill == D.START_GOODS * state.config.players:
                return evolve(state, stage=S.FIRST, fill=0)
            return state
        # S.FIRST
        broken = setup.first_player_rule(state, a)
        if broken or not isinstance(a, FirstPlayer):
            raise RULES.illegal(broken or RB.SETUP_FIRST_PLAYER,
                                f"expected a first player, got {a!r}")
        state = setup.first_player(state, a.player)
        if state.config.option("setup") != "basic":
            return evolve(state, stage=S.BOARDS, fill=0)
        return self._fill_from(evolve(state, stage=S.FILL), 0)

    def _choose_castle(self, state: BurgundyState, a: Action) -> BurgundyState:
        """Advanced set-up: the starting castle's space, openly or as a hidden commit."""
        who = self.actor(state)
        pl = state.players[who]
        broken = setup.castle_rule(pl, a)
        if broken or not isinstance(a, ChooseCastle):
            raise RULES.illegal(broken or RB.SETUP_ADVANCED_CASTLE,
                                f"a dark-green space of board {pl.board} is due, not {a!r}")
        state = setup.choose_castle(state, who, a.space)
        if state.fill + 1 < state.config.players:
            return evolve(state, fill=state.fill + 1)
        state = setup.reveal_castles(state)
        return self._fill_from(evolve(state, stage=S.FILL), 0)

    def _fill_from(self, state: BurgundyState, fill: int) -> BurgundyState:
        """The depots' next draw from ``fill`` on; when they are filled, the phase's goods
        (burgundy/phase.round-goods)."""
        nxt = phase.next_fill(state, fill)
        if nxt is None:
            return evolve(state, fill=0, stage=S.GOODS)
        return evolve(state, fill=nxt)

    # player: the free part of the turn ---------------------------------------------------
    def _free(self, state: BurgundyState, p: int, a: Action) -> BurgundyState:
        pl = state.players[p]
        mods = knowledge.mods(pl.knowledge, state.config)
        if isinstance(a, EndTurn):
            if broken := turn.end_rule(pl):
                raise RULES.illegal(broken, "both dice must be used before the turn ends")
            return self._end_turn(state)
        if isinstance(a, UseWorker):
            if broken := turn.worker_rule(pl, a, mods):
                raise RULES.illegal(broken, f"no worker changes die {a.die} by {a.delta} now")
            return turn.use_worker(state, p, a)
        if isinstance(a, BuyTile):
            if broken := action.buy_rule(state, pl, a.depot, mods):
                raise RULES.illegal(broken, f"no purchase from depot {a.depot} now")
            if broken := action.take_rule(state, pl, a.depot, a.tile, a.discard,
                                          RB.ACTION_BUY_BLACK, True):
                raise RULES.illegal(broken, f"no {a.tile!r} in depot {a.depot}, or discard"
                                            f" {a.discard!r} wrong")
            return action.take(action.pay(state, p), p, a.depot, a.tile, a.discard)
        if isinstance(a, DieAction):
            if broken := castle.die_rule(a.die, False):
                raise RULES.illegal(broken, "no castle's extra action is due")
            if broken := turn.die_rule(pl, a.die):
                raise RULES.illegal(broken, f"die {a.die} is not an unused die")
            value = pl.dice[a.die]
            state = set_player(state, p, turn.spend_die(pl, a.die))
            return self._die_action(state, p, a, value, mods)
        if broken := turn.order_rule(state, True):
            raise RULES.illegal(broken, f"{type(a).__name__} answers a tile effect; none is"
                                        " pending")
        raise AssertionError(a)  # pragma: no cover - every player action is handled

    def _die_action(self, state: BurgundyState, p: int, a: DieAction, value: int,
                    mods: Mods) -> BurgundyState:
        """A die action with a die showing ``value`` (0: a castle's die of any value)."""
        pl = state.players[p]
        if isinstance(a, TakeWorkers):
            return action.take_workers(state, p, mods)
        if isinstance(a, SellGoods):
            if broken := action.sell_rule(pl, a.kind, value):
                raise RULES.illegal(broken, f"no goods of kind {a.kind} to sell with a die"
                                            f" showing {value}")
            return action.sell(state, p, a.kind, mods)
        if isinstance(a, TakeTile):
            if broken := action.take_depot_rule(value, a.depot, mods):
                raise RULES.illegal(broken, f"the die shows {value}, not depot {a.depot}")
            if broken := action.take_rule(state, pl, a.depot, a.tile, a.discard,
                                          RB.ACTION_TAKE_TILE, True):
                raise RULES.illegal(broken, f"no {a.tile!r} in depot {a.depot}, or discard"
                                            f" {a.discard!r} wrong")
            return action.take(state, p, a.depot, a.tile, a.discard)
        if broken := placement_rule(pl, a.tile, a.space, value or None, mods, RB.ACTION_PLACE):
            raise RULES.illegal(broken, f"{a.tile!r} cannot go on space {a.space} with a die"
                                        f" showing {value}")
        return self._place(state, p, a.tile, a.space)

    def _place(self, state: BurgundyState, p: int, tile: str, space: int) -> BurgundyState:
        """``tile`` placed, then what it does: an area's and a colour's scoring, and its
        kind's effect."""
        pl = action.put_tile(state.players[p], tile, space)
        board = BOARDS[pl.board]
        size = area.completed(pl.estate, space, board)
        pl = evolve(pl, vp=pl.vp + area.vp(size, state.phase))
        kind = D.TILE_COLOUR[tile]
        if size and colour.complete(pl.estate, kind, board):
            state, pl = colour.bonus(state, pl, kind)
        if kind == D.PASTURE:
            extra = knowledge.mods(pl.knowledge, state.config).animal_extra
            pl = evolve(pl, vp=pl.vp + animal.score(pl.estate, space, extra, board))
        elif kind == D.BUILDING:
            state, pl = building.placed(state, pl, tile)
        state = set_player(state, p, pl)
        if kind == D.RIVER:
            return ship.placed(state, p)
        if kind == D.CASTLE:
            return castle.placed(state)
        return state

    # player: answering an effect -----------------------------------------------------------
    def _answer(self, state: BurgundyState, p: int, a: Action) -> BurgundyState:
        top = state.pending[-1]
        kind = top.kind
        rest = evolve(state, pending=state.pending[:-1])
        pl = state.players[p]
        mods = knowledge.mods(pl.knowledge, state.config)
        if kind == "castle":
            if not isinstance(a, DieAction):
                raise RULES.illegal(RB.CASTLE_EXTRA_ACTION,
                                    "a castle's extra action (die 2) comes first")
            if broken := castle.die_rule(a.die, True):
                raise RULES.illegal(broken, "the castle's die (2) is due")
            return self._die_action(rest, p, a, 0, mods)
        if kind == "warehouse":
            sale = self._answer_of(state, a, WarehouseSell, "the warehouse sale")
            if broken := building.warehouse_rule(pl, sale):
                raise RULES.illegal(broken, f"no goods to sell as {a!r}")
            return action.sell(rest, p, sale.kind, mods)
        if kind in building.TAKES:
            take = self._answer_of(state, a, EffectTake, f"the {kind}'s take")
            if broken := building.take_rule(kind, take):
                raise RULES.illegal(broken, f"the {kind} cannot take {a!r}")
            if broken := action.take_rule(rest, pl, take.depot, take.tile, take.discard,
                                          building.RULE[kind], _may_discard(state)):
                raise RULES.illegal(broken, f"no {take.tile!r} in depot {take.depot}, or discard"
                                            f" {take.discard!r} wrong")
            return action.take(rest, p, take.depot, take.tile, take.discard)
        if kind == "city-hall":
            if isinstance(a, Decline):
                return rest
            place = self._answer_of(state, a, CityHallPlace, "the city hall's placement")
            if broken := placement_rule(pl, place.tile, place.space, None, mods,
                                        RB.BUILDING_CITY_HALL):
                raise RULES.illegal(broken, f"{place.tile!r} cannot go on space {place.space}")
            return self._place(rest, p, place.tile, place.space)
        if kind == "ship":
            depot = self._answer_of(state, a, ShipDepot, "the ship's depot choice")
            if broken := ship.depot_rule(depot, mods):
                raise RULES.illegal(broken, f"no depot (pair) starting at {a!r}")
            return ship.take_goods(rest, p, depot.depot, mods.ship_pair, None)
        # ship-goods
        goods = self._answer_of(state, a, ShipGoods, "the ship's goods choice")
        if broken := ship.goods_rule(state, pl, top, goods):
            raise RULES.illegal(broken, f"{a!r} cannot be taken")
        return ship.take_goods(rest, p, top.arg, top.pair, goods.kind - 1)

    def _answer_of(self, state: BurgundyState, a: Action, kind: type[T], what: str) -> T:
        """``a`` as the answer the pending effect waits for: anything else breaks the
        effects-first rule (``turn.order_rule``)."""
        if not isinstance(a, kind):
            raise RULES.illegal(turn.order_rule(state, False) or RB.TURN_EFFECTS_FIRST,
                                f"{what} comes first, not {a!r}")
        return a

    def _settle(self, state: BurgundyState) -> BurgundyState:
        """Drop pending effects that no choice can satisfy (their effect is lost)."""
        while state.pending:
            top = state.pending[-1]
            pl = state.players[turn.acting(state)]
            kind = top.kind
            if kind == "ship-goods":
                ok = bool(ship.new_kinds(state, pl, top))
            elif kind in building.CHOICES:
                mods = knowledge.mods(pl.knowledge, state.config)
                hall = kind == "city-hall" and any(
                    placements(pl, t, None, mods) for t in distinct(pl.storage))
                ok = not building.lost(state, pl, kind, _may_discard(state), hall)
            else:
                ok = True
            if ok:
                return state
            state = evolve(state, pending=state.pending[:-1])
        return state

    # the turn's, round's and phase's ends; the game's end ------------------------------------
    def _end_turn(self, state: BurgundyState) -> BurgundyState:
        nxt = turn.next_turn(state)
        if nxt is not None:
            return nxt
        if state.round + 1 < D.ROUNDS:
            return evolve(round.next_round(state), stage=S.ROLL)
        pls = tuple(phase.end_income(pl, knowledge.mods(pl.knowledge, state.config))
                    for pl in state.players)
        if phase.last(state):
            return self._game_end(state, pls)
        state = evolve(state, players=pls, phase=state.phase + 1, round=0, turn=0, bought=False,
                       stage=S.FILL)
        return self._fill_from(phase.clear(state), 0)

    @implements(RB.GAME_END)
    def _game_end(self, state: BurgundyState, pls: tuple[Player, ...]) -> BurgundyState:
        """The game ends after phase E (RB.GAME_END): the final scoring, and the turn order
        the tie-break reads (ambiguity burgundy/tie-order)."""
        edition = state.config.option("edition")
        final = tuple(evolve(pl, vp=pl.vp + final_vp(pl, edition)) for pl in pls)
        last = (state.order if state.config.option("tie-order") == "last-round"
                else round.turn_order(final))
        return evolve(state, players=final, stage=S.OVER, turn=0, bought=False,
                      round=0, phase=D.PHASES, order=last)

    # -- rules a step shows (conformance vectors) ---------------------------------------------
    def effect_rules(self, state: BurgundyState, a: Action,
                     after: BurgundyState) -> tuple[str, ...]:
        """The rules whose effect the legal step ``state --a--> after`` shows
        (``model.burgundy.shown``)."""
        init = _initial(state.config)
        # the face-down goods only shrink: a pool unlike the set-up's (every step after the
        # first draws) settles it without comparing the states field by field
        return shown.effect_rules(state, a, after, state.goods_pool == init.goods_pool
                                  and state == init)

    # -- the eager play policy ----------------------------------------------------------------
    def policy_weights(self, state: BurgundyState,
                       actions: tuple[Action, ...]) -> tuple[int, ...] | None:
        """Weights for eager play: each kind of choice gets a share of the odds (placing
        tiles most, then taking placeable tiles, selling, buying; workers, discards,
        declining and ending least), split among its actions; placements that complete an
        area and ships that carry goods weigh more. Every legal action keeps weight >= 1."""
        if not actions or state.stage is not S.PLAY:
            return None
        pl = state.players[turn.acting(state)]
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

    @implements(RB.GAME_TIE_BREAK)
    def winners(self, state: BurgundyState) -> tuple[int, ...]:
        """One winner: most VP, then most empty estate spaces, then later in turn order (the
        track, or with tie-order=last-round the final round's order kept in ``order``)
        (RB.GAME_TIE_BREAK)."""
        if state.stage is not S.OVER:
            return ()
        if state.config.option("tie-order") == "last-round":
            order = state.order
        else:
            order = round.turn_order(state.players)
        best = max(
            range(len(state.players)),
            key=lambda i: (state.players[i].vp, state.players[i].estate.count(""),
                           order.index(i)),
        )
        return (best,)


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


GAME = Burgundy()
