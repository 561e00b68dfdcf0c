"""The rules a legal step shows (``Game.effect_rules``, for the conformance vectors and the
divergence report): the draw or choice itself and every automatic consequence."""

from rules_oracle.model.burgundy import area, building, knowledge, phase, round
from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.actions import (
    Action,
    BuyTile,
    ChooseCastle,
    CityHallPlace,
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
from rules_oracle.model.burgundy.ops import wrap
from rules_oracle.model.burgundy.state import BurgundyState, Player, Stage


def effect_rules(state: BurgundyState, action: Action, after: BurgundyState,
                 first_step: bool) -> tuple[str, ...]:
    """The rules whose effect the legal step ``state --action--> after`` shows: the
    draw or choice itself, and every automatic consequence (scoring, a building's
    effect, a lost effect, a round's goods, a phase's end, the final scoring)."""
    out: list[str] = []
    st = state.stage
    if first_step:  # the first step shows the set-up
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
        out += _fill_rules(state)
    elif isinstance(action, Roll):
        out.append(RB.ROUND_ROLL)
        if after.stage is Stage.PLAY:
            out += [RB.ROUND_PLACE_GOODS, RB.ROUND_TURN_ORDER, RB.ROUND_WHITE_DIE_UNUSABLE]
    elif st is Stage.PLAY:
        out += _turn_rules(state, action, after)
    if st is Stage.PLAY and after.stage is Stage.FILL:
        out += _phase_end_rules(state, after)
    if st is Stage.PLAY and after.stage is Stage.OVER:
        out += _final_rules(state)
    return tuple(dict.fromkeys(out))


def _fill_rules(state: BurgundyState) -> list[str]:
    out = [RB.PHASE_FILL_DEPOTS]
    plan = phase.plan(state)
    target, _ = plan[state.fill]
    if target == 0:
        out.append(RB.PHASE_BLACK_DEPOT)
    elif state.config.players == 3 and target == 6:
        # depot 6's dark-green space: a castle in phases A, C, E, a mine in B and D
        first = D.FILL_PLANS[(state.config.option("depots"), 3, 0)][state.fill]
        if first == (6, D.CASTLE_BACK):
            out.append(RB.PHASE_THREE_PLAYER_DEPOT_6)
    return out


def _turn_rules(state: BurgundyState, action: Action,
                after: BurgundyState) -> list[str]:
    out: list[str] = []
    p = state.order[state.turn]
    pl, new = state.players[p], after.players[p]
    # a purchase or a worker before a castle's extra action answers nothing
    # (burgundy/castle-action-timing)
    answering = bool(state.pending) and not isinstance(action, UseWorker | BuyTile)
    if answering:
        out.append(RB.TURN_EFFECTS_FIRST)
        kind = state.pending[-1].kind
        if kind == "castle":
            out.append(RB.CASTLE_EXTRA_ACTION)
        elif kind in building.TAKES:
            out.append(building.RULE[kind])
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
        out += _placement_rules(state, action, value, pl, new, after, answering)
    if isinstance(action, TakeTile | PlaceTile | SellGoods | TakeWorkers) and die == 2:
        out.append(RB.CASTLE_EXTRA_ACTION)
    return out


def _placement_rules(state: BurgundyState, action: PlaceTile | CityHallPlace,
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
                out.append(knowledge.shift_rule(colour))
    if colour == D.BUILDING:
        out.append(RB.BUILDING_ONE_PER_CITY if 1 not in pl.knowledge else RB.K[1])
    if area.completed(new.estate, space, board):
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
        if round.turn_order(after.players)[0] == state.order[state.turn] and \
                round.turn_order(state.players)[0] != state.order[state.turn]:
            out.append(RB.SHIP_WHITE_DIE)
    elif colour == D.CASTLE:
        out.append(RB.CASTLE_EXTRA_ACTION)
    elif tile in building.RULE:
        out.append(building.RULE[tile])
    pushes = colour in (D.RIVER, D.CASTLE) or tile in building.CHOICES
    base = len(state.pending) - (1 if answering else 0)
    if pushes and len(after.pending) <= base:
        out.append(RB.BUILDING_EFFECT_LOST)  # the effect could not apply: it is lost
    return out


def _phase_end_rules(state: BurgundyState, after: BurgundyState) -> list[str]:
    """A phase's end (mines) and the next phase's start (the board cleared)."""
    out = [RB.PHASE_FIVE_PHASES, RB.PHASE_END_MINES]
    if any(D.MINE_TILE in pl.estate for pl in state.players):
        out.append(RB.PHASE_MINE_SILVER)
        if any(2 in pl.knowledge and D.MINE_TILE in pl.estate for pl in state.players):
            out.append(RB.K[2])
    out.append(RB.PHASE_CLEAR)
    return out


def _final_rules(state: BurgundyState) -> list[str]:
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
        if any(2 in pl.knowledge and D.MINE_TILE in pl.estate for pl in state.players):
            out.append(RB.K[2])  # phase E's end pays knowledge 2's workers too
    held = {n for pl in state.players for n in pl.knowledge}
    out += [rule for n, rule in knowledge.END_RULES.items() if n in held]
    return out
