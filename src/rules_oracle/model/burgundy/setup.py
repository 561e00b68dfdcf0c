"""Set-up ("Подготовка к игре"), with the advanced set-up ("Для тех, кто хорошо изучил
игру"): the starting state, the players' goods, the first player with his workers and the
turn-order stack, and in the advanced set-up the dealt estate boards and the starting
castles. The game module chains the steps."""

from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy import rules as RB
from rules_oracle.model.burgundy.actions import Action, ChooseCastle, DrawBoard, FirstPlayer
from rules_oracle.model.burgundy.boards import BOARDS
from rules_oracle.model.burgundy.ops import goods_drawable, implements, set_player
from rules_oracle.model.burgundy.state import BurgundyState, Player, Stage
from rules_oracle.model.core import Config
from rules_oracle.model.core.ops import bump, evolve, put

#: the basic game's estate board
BOARD = D.BOARD1
#: the estate boards of the advanced set-up (ambiguity burgundy/board-sides)
ADVANCED_BOARDS = tuple(range(2, 10))
NO_GOODS = (0,) * D.GOODS_KINDS


@implements(RB.SETUP_START_CASTLE, RB.SETUP_SILVER, RB.SETUP_GOODS_STACKS)
def initial(config: Config) -> BurgundyState:
    """The state before the first chance step: each player's castle on the central
    dark-green space (RB.SETUP_START_CASTLE) and 1 silver (RB.SETUP_SILVER); the hex stacks
    less the starting castles; the goods face down (RB.SETUP_GOODS_STACKS)."""
    estate = tuple(D.CASTLE_TILE if s == BOARD.start else "" for s in range(BOARD.size))
    player = Player(
        estate=estate, storage=(), goods=NO_GOODS, sold=NO_GOODS, silver=1, workers=0,
        vp=0, dice=(0, 0), knowledge=(), bonus_tiles=(), track_space=0, track_height=0,
    )
    # one starting castle per player from the castle stack (burgundy/starting-castles)
    castles = (D.BACK_COUNTS[D.CASTLE_BACK][0] - config.players,)
    supply = tuple(castles if b == D.CASTLE_BACK else c for b, c in enumerate(D.BACK_COUNTS))
    return BurgundyState(
        config=config, stage=Stage.START_GOODS, players=(player,) * config.players,
        supply=supply, depots=((),) * 6, black=(), depot_goods=(NO_GOODS,) * 6,
        goods_pool=(D.GOODS_PER_KIND,) * D.GOODS_KINDS, goods_stacks=(), goods_next=0,
        box=(0,) * len(D.TILES), bonuses=(0,) * len(D.COLOURS),
    )


def player_goods_rule(state: BurgundyState, action: Action) -> str | None:
    """Why ``action`` is not a draw of a player's goods from the face-down goods
    (RB.SETUP_PLAYER_GOODS), or ``None``."""
    return None if goods_drawable(state.goods_pool, action) else RB.SETUP_PLAYER_GOODS


@implements(RB.SETUP_PLAYER_GOODS)
def player_goods(state: BurgundyState, kind: int) -> BurgundyState:
    """The next player's next goods tile of his 3 (RB.SETUP_PLAYER_GOODS), drawn from the
    face-down goods; ``fill`` counts the draws."""
    who = state.fill // D.START_GOODS
    pl = state.players[who]
    state = set_player(state, who, evolve(pl, goods=bump(pl.goods, kind - 1)))
    return evolve(state, goods_pool=bump(state.goods_pool, kind - 1, -1), fill=state.fill + 1)


def first_player_rule(state: BurgundyState, action: Action) -> str | None:
    """Why ``action`` is not the first player's draw, or ``None``."""
    if not isinstance(action, FirstPlayer) or not 0 <= action.player < state.config.players:
        return RB.SETUP_FIRST_PLAYER
    return None


@implements(RB.SETUP_FIRST_PLAYER, RB.SETUP_WORKERS, RB.SETUP_TURN_ORDER,
            RB.SETUP_WHITE_DIE)
def first_player(state: BurgundyState, first: int) -> BurgundyState:
    """The first player (RB.SETUP_FIRST_PLAYER): workers 1-4 in turn order from him
    (RB.SETUP_WORKERS), his turn-order token on top of the stack (RB.SETUP_TURN_ORDER); he
    holds the white die (RB.SETUP_WHITE_DIE: the round's roll starts with it)."""
    n = state.config.players
    pls = tuple(evolve(pl, workers=1 + (i - first) % n, track_height=n - 1 - (i - first) % n)
                for i, pl in enumerate(state.players))
    return evolve(state, players=pls, first=first)


def board_rule(state: BurgundyState, action: Action) -> str | None:
    """Why ``action`` is not the next seat's estate board (RB.SETUP_ADVANCED: boards 2-9,
    no repeats), or ``None``."""
    dealt = {pl.board for pl in state.players[:state.fill]}
    if (not isinstance(action, DrawBoard) or action.board not in ADVANCED_BOARDS
            or action.board in dealt):
        return RB.SETUP_ADVANCED
    return None


def boards_left(state: BurgundyState) -> tuple[int, ...]:
    """The boards the next seat may be dealt."""
    dealt = {pl.board for pl in state.players[:state.fill]}
    return tuple(b for b in ADVANCED_BOARDS if b not in dealt)


@implements(RB.SETUP_ADVANCED)
def deal_board(state: BurgundyState, board: int) -> BurgundyState:
    """Advanced set-up: the next seat (``fill``) gets estate board ``board``, empty."""
    who = state.fill
    pl = evolve(state.players[who], board=board, start=-1, estate=("",) * BOARDS[board].size)
    return set_player(state, who, pl)


def castle_spaces(pl: Player) -> tuple[int, ...]:
    """The dark-green spaces of the player's board, where his starting castle may go."""
    return BOARDS[pl.board].colour_spaces[D.CASTLE]


def castle_rule(pl: Player, action: Action) -> str | None:
    """Why ``action`` is not a starting castle's space for ``pl`` (RB.SETUP_ADVANCED_CASTLE:
    a dark-green space of his own board), or ``None``."""
    if not isinstance(action, ChooseCastle):
        return RB.SETUP_ADVANCED_CASTLE
    board = BOARDS[pl.board]
    if not 0 <= action.space < board.size or board.colour[action.space] != D.CASTLE:
        return RB.SETUP_ADVANCED_CASTLE
    return None


@implements(RB.SETUP_ADVANCED_CASTLE, RB.SETUP_ADVANCED_SECRET)
def choose_castle(state: BurgundyState, who: int, space: int) -> BurgundyState:
    """Seat ``who`` chooses his starting castle's space: placed at once, or with
    castle-choice=secret kept as a hidden commit (RB.SETUP_ADVANCED_SECRET) until
    ``reveal_castles``."""
    pl = state.players[who]
    secret = state.config.option("castle-choice") == "secret"
    estate = pl.estate if secret else put(pl.estate, space, D.CASTLE_TILE)
    return set_player(state, who, evolve(pl, start=space, estate=estate))


@implements(RB.SETUP_ADVANCED_SECRET)
def reveal_castles(state: BurgundyState) -> BurgundyState:
    """Every secret choice made: the castles are placed together (RB.SETUP_ADVANCED_SECRET)."""
    if state.config.option("castle-choice") != "secret":
        return state
    return evolve(state, players=tuple(
        evolve(o, estate=put(o.estate, o.start, D.CASTLE_TILE)) for o in state.players))
