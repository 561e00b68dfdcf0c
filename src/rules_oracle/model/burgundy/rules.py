"""The rule book of The Castles of Burgundy: every rule and ambiguity the model uses."""

from rules_oracle.model.core import RuleBook, Witnessed

FILE = "004_3ac49a9dd95cad60.txt"
RULES = RuleBook("burgundy", FILE)
R = RULES
SUPP_MED = "supplementary: data/README.md (confidence medium)"
SUPP_HIGH = "supplementary: data/README.md (confidence high)"
#: the data file, named relative to ``shared/rules`` like every rules file
DATA_FILE = "../data/README.md"

# -- components and set-up ------------------------------------------------------------------
COMPONENTS_HEX_TILES = R.rule("components.hex-tiles",
               "Рассортируйте 164 шестиугольных жетона по цвету оборотной стороны",
               "164 hex tiles: 56 buildings, 28 animals, 26 knowledge, 16 castles, 12 mines,"
               " 26 ships, sorted into stacks by back colour.", source=SUPP_MED)
COMPONENTS_GOODS = R.rule(
    "components.goods",
    "42 жетона товаров (квадратные, по 7 каждого из 6 цветов)",
    "42 goods tiles, 7 of each of 6 kinds; a kind is named by a die value.",
)
SETUP_GOODS_STACKS = R.rule("setup.goods-stacks", "Поделите их на 5 закрытых стопок по 5 жетонов в"
                     " каждой.",
                     "Goods: 5 face-down stacks of 5 (one per phase), 17 left in reserve,"
                     " all face down. As nobody sees them, each phase's 5 are drawn at that"
                     " phase's start from the goods still face down (phase.round-goods):"
                     " the same odds as stacks made at set-up.")
SETUP_PLAYER_GOODS = R.rule("setup.player-goods", "3 случайных жетона товаров из оставшихся 17",
                            "Each player draws 3 goods from the 17 (one chance step each, from"
                            " the 42 face-down goods: the same odds, as the stacks are unseen);"
                            " the rest of the reserve goes to the box unseen.")
SETUP_START_CASTLE = R.rule(
    "setup.start-castle",
    "который кладётся на цен- тральную тёмно-зелёную ячейку"
    " личного планшета (с результатом кубика «6»)",
    "Each player's starting castle is on the estate's central dark-green space (die 6).",
)
SETUP_SILVER = R.rule("setup.silver", "1 серебряный самородок, который кладётся на"
                      " соответствующую ячейку в левой верхней части планшета на виду у всех"
                      " игроков",
                      "Each player starts with 1 silver.")
SETUP_FIRST_PLAYER = R.rule("setup.first-player", "Бросьте кубики и определите, кто начнёт игру",
                     "The first player is chosen at random (a chance step, uniform).")
SETUP_WORKERS = R.rule("setup.workers", "Первый игрок получает жетон рабочего и кладёт его на"
                       " соответствующую круглую ячейку в левом нижнем углу своего планшета"
                       " так, чтобы он был виден всем игрокам. Следующий по часовой стрелке"
                       " игрок получает 2 жетона рабочих, третий игрок — 3 жетона рабочих,"
                       " четвёртый — 4.",
                       "Workers 1, 2, 3, 4 to the players clockwise from the first (seats"
                       " are numbered clockwise: seat i+1 sits next after seat i).")
SETUP_TURN_ORDER = R.rule("setup.turn-order", "Одной общей «башенкой» игроки выставляют вторые"
                     " фишки своего цвета на первое деление трека очерёдности хода в"
                     " соответствии с получившимся порядком хода. Фишка первого игрока"
                     " размещается на самом верху «башенки», последнего — в самом низу.",
                     "All turn-order tokens start stacked on the first space, the first"
                     " player's on top, the last player's at the bottom.")
SETUP_WHITE_DIE = R.rule("setup.white-die", "Первый игрок получает белый кубик.",
                     "The first player holds the white die.")
BUILDING_SUPPLY_UNLIMITED = R.rule(
    "building.supply-unlimited",
    "запас рабочих и серебряных самородков неограничен",
                   "Workers and silver are unlimited.")

# -- phases ------------------------------------------------------------------------------------
PHASE_FIVE_PHASES = R.rule("phase.five-phases", "Игра длится 5 фаз (от А до Д). Каждая фаза"
                           " состоит из 5 раундов.",
                "5 phases (A-E) of 5 rounds each.")
PHASE_CLEAR = R.rule("phase.clear", "уберите все оставшиеся на игровом поле шестиугольные жетоны"
                     " в коробку (в начале первой фазы этот шаг пропускается)",
                     "From phase B on, every hex left on the game board goes to the box;"
                     " goods tiles stay.")
PHASE_FILL_DEPOTS = R.rule("phase.fill-depots", "В игре на двоих используются только ячейки,"
                    " отмеченные цифрой «2» (всего 12 ячеек), в игре на троих — ячейки с"
                    " цифрами «2» и «3» (всего 18), в игре на четверых жетоны размещаются на"
                    " всех 24 ячейках;",
                    "Depots are filled by back colour: spaces marked 2 (2 players), 2 and 3"
                    " (3 players), all 24 (4 players); each tile is a chance step.")
PHASE_THREE_PLAYER_DEPOT_6 = R.rule(
    "phase.three-player-depot-6",
    "Важно! В игре на троих есть исключение для"
    " тёмно-зелёной ячейки хранилища № 6: в фазы А, В и Д на неё, как"
    " обычно, выкладывается замок, но в фазы Б и Г — рудник (серый жетон)!",
    "3 players: depot 6's dark-green space gets a castle in phases A, C, E"
    " and a mine in phases B and D.",
)
PHASE_BLACK_DEPOT = R.rule("phase.black-depot", "случайным образом возьмите шестиугольные жетоны"
                     " с чёрным оборотом и выложите их лицевой стороной вверх на чёрное"
                     " хранилище в центре игро- вого поля (берите от 4 до 8 жетонов в"
                     " зависимости от числа игроков)",
                     "The black depot gets 4/6/8 black-backed tiles (2/3/4 players).")
PHASE_ROUND_GOODS = R.rule("phase.round-goods", "возьмите 5 жетонов товаров текущей фазы и"
                           " выложите их лицевой стороной вверх на 5 квадратных ячеек раундов"
                           " под ячейками фаз",
                           "At a phase's start, after the hexes, the phase's 5 goods tiles"
                           " go face up on the 5 round spaces: 5 chance steps (round order)"
                           " from the goods still face down.")
ROUND_ROLL = R.rule("round.roll", "Сначала все игроки бросают по 2 кубика своего цвета, а первый"
                    " игрок бросает ещё и белый кубик.",
                    "Each round every player rolls 2 dice and the first player the white die"
                    " (chance steps: white first, then each player's two dice by seat).")
ROUND_PLACE_GOODS = R.rule(
    "round.place-goods",
    "Прежде всего, он берёт жетон товара с самой верхней"
    " ячейки раунда и кладёт его на ячейку товаров того хранилища, номер"
    " которого выпал на белом кубике.",
    "The round's goods tile goes to the depot the white die names.",
)
ROUND_WHITE_DIE_UNUSABLE = R.rule(
    "round.white-die-unusable",
    "Первый игрок не может использовать его для"
    " собственных целей (и не может изменять его результат жетонами рабочих!).",
    "The white die is not one of the first player's action dice.",
)
ROUND_TURN_ORDER = R.rule("round.turn-order", "После него будет ходить следующий по очереди игрок"
                     " (двигаясь справа налево по треку очерёдности хода и сверху вниз в каждой"
                     " «башенке»).",
                     "Turns follow the track right to left, top to bottom of each stack.")
PHASE_END_MINES = R.rule("phase.end-mines", "Игроки с рудниками получают столько серебряных"
                   " самородков, сколько рудников имеется в их вотчинах",
                   "At each phase end every mine in an estate gives 1 silver.")
GAME_END = R.rule("game.end", "Игра оканчивается после завершения 5-й фазы",
                  "The game ends after phase E; final scoring follows.")
GAME_END_GOODS = R.rule("game.end-goods", "каждый непроданный жетон товаров: 1 победное очко",
                   "1 VP per unsold goods tile.")
GAME_END_SILVER = R.rule(
    "game.end-silver",
    "каждая непотраченный серебряный самородок: 1 победное очко",
    "1 VP per silver.",
)
GAME_END_WORKERS = R.rule("game.end-workers", "каждые 2 жетона рабочих: 1 победное очко",
                     "1 VP per 2 workers.")
GAME_END_STORAGE = R.rule("game.end-storage", "Шестиугольные жетоны, выложенные в левом нижнем углу"
                     " планшета, не приносят победных очков.",
                     "Tiles in storage score nothing.")
GAME_TIE_BREAK = R.rule("game.tie-break", "Победителем становится тот, кто продвинулся по счётчику"
                   " победных очков дальше всех. При ничьей победителем объявляется тот из"
                   " претендентов, в вот- чине которого осталось больше пустых ячеек. Если ничья"
                   " не разрешается, побе- дителем становится последний по очерёдности хода"
                   " претендент",
                   "The winner has the most VP; ties: more empty estate spaces wins, then the"
                   " later in turn order (which order: burgundy/tie-order).")
GAME_OVER = R.rule("game.over", "Игра завершается после 5-й фазы",
                   "No action after the game has ended.")

# -- the turn ----------------------------------------------------------------------------------
TURN_TWO_ACTIONS = R.rule(
    "turn.two-actions",
    "В свой ход игрок выполняет 2 действия: по 1 за каждый кубик.",
    "A turn is 2 actions, one per die, then an explicit end.",
)
TURN_ACTOR = R.rule("turn.actor", "Теперь начинается ход первого игрока. После него будет ходить"
                    " следующий по очереди игрок",
                    "Only the player whose turn it is acts.")
TURN_EFFECTS_FIRST = R.rule("turn.effects-first", "Свойства зданий применяются сразу же после их"
                      " постройки.",
                      "A placed tile's effect is resolved at once, before anything else:"
                      " a building's by this sentence; a ship's ('сразу же происходят две"
                      " вещи'), an animal's ('тут же получает') and a castle's ('тут же"
                      " выполняет') by the same words in their own rules.")
TURN_DIE_ONCE = R.rule(
    "turn.die-once",
    "Использовав кубик, он откладывает его на соответствующую круглую"
                  " ячейку в правом верх- нем углу личного планшета.",
                  "Each die is used once per turn.")
TURN_WORKER_ADJUST = R.rule(
    "turn.worker-adjust",
    "Ими вы изменяете результат ку- бика на 1 в большую или меньшую сторону. Разрешается"
    " использовать жетон рабочего для превращения «6» в «1» или «1» в «6». Игрок может"
    " сбросить несколь- ко жетонов рабочих, чтобы изменить результат одного кубика"
    " несколько раз.",
    "A worker changes one die by 1 up or down; several per die.",
)
TURN_WORKER_WRAP = R.rule(
    "turn.worker-wrap",
    "Разрешается использовать жетон рабочего для превращения «6» в"
                     " «1» или «1» в «6».",
                     "Workers turn 6 into 1 and 1 into 6.")
ACTION_TAKE_TILE = R.rule(
    "action.take-tile",
    "Игрок может взять один любой шестиугольный жетон из хранилища,"
    " номер которого соответствует результату его кубика",
    "Take one hex from the depot the die names into storage.",
)
ACTION_TAKE_DISCARD = R.rule("action.take-discard", "В случае если все ячейки заняты, игрок"
                      " предвари- тельно должен сбросить (и убрать из игры) один из уже"
                      " имеющихся у него жето- нов",
                      "With full storage (3 tiles) one stored tile is discarded first.")
ACTION_PLACE = R.rule("action.place", "Кубик показывает, на какую пустую ячейку вотчины можно"
               " выложить жетон",
               "Place a stored hex on an empty space of the die's number and its colour.")
ACTION_PLACE_COLOUR = R.rule("action.place-colour", "Цвет жетона всегда дол- жен совпадать с цветом"
                      " ячейки, на которую он выкладывается.",
                      "The tile's colour must match the space's colour.")
ACTION_PLACE_NUMBER = R.rule("action.place-number", "Результат кубика, выбранного для выполнения"
                      " этого действия, указывает, на какие ячейки можно выложить жетон.",
                      "The space's number must equal the die (after adjustments).")
ACTION_PLACE_ADJACENT = R.rule(
    "action.place-adjacent",
    "Каждый новый жетон обязан граничить хотя бы с одним выложенным ранее жетоном.",
    "The new tile must touch a tile already in the estate.",
)
ACTION_PLACE_FROM_STORAGE = R.rule(
    "action.place-from-storage",
    "Никогда не выкладывайте взятые с игрового поля жетоны сразу в вотчину.",
    "Only stored tiles can be placed; taken tiles go to storage first.",
)
ACTION_SELL = R.rule(
    "action.sell",
    "Для выполнения действия игрок перемещает все жетоны товаров соответствующего кубику"
    " типа из ячейки товаров на ячейку проданных товаров личного планшета (одной стопкой,"
    " лицевой стороной вниз). Он получает: — ровно один серебряный самородок, независимо от"
    " того, сколько жетонов товаров он продал (перевернул);",
    "Sell all goods of the die's kind: 1 silver and 2/3/4 VP per tile.",
)
ACTION_TAKE_WORKERS = R.rule(
    "action.take-workers",
    "игрок может просто использовать кубик, чтобы получить 2 жетона рабочих из общего резерва",
    "Take 2 workers whatever the die shows.",
)
ACTION_BUY_BLACK = R.rule(
    "action.buy-black",
    "раз в ход каждый игрок может купить один из шестиугольных"
    " жетонов центрального чёрного храни- лища. Сделать это можно в любой момент хода: до"
    " действий, между ними или после них. Чтобы совершить покупку, игрок возвращает в общий"
    " резерв 2 серебряных самородка",
    "Once per turn, at any point of it, buy a black-depot hex for 2 silver.",
)
ACTION_STORAGE_THREE = R.rule("action.storage-three", "с одной из трёх ячеек в левом нижнем углу",
                 "Storage holds at most 3 hex tiles (the three spaces bottom left).")
SHIP_GOODS_THREE_KINDS = R.rule(
    "ship.goods-three-kinds",
    "На личном планшете может храниться не более 3 различных типов (цветов) товаров.",
    "A player holds at most 3 kinds of goods.",
)

# -- tile effects ------------------------------------------------------------------------------
SHIP_TAKE_GOODS = R.rule(
    "ship.take-goods",
    "забирает все жетоны товаров из одного любого хранилища",
    "A ship takes all goods of any one depot (within the 3-kinds limit; the player"
    " chooses which new kinds when not all fit).",
)
SHIP_TURN_ORDER = R.rule("ship.turn-order", "Игрок передвигает фишку своего цвета на одно деление"
                    " вправо по треку очерёдности хода. В случае если деление занято, он"
                    " кладёт фишку поверх уже имеющихся.",
                    "A ship moves the token one space right, on top of any stack there.")
SHIP_WHITE_DIE = R.rule("ship.white-die", "Если после этого он становится первым игроком следующего"
                    " раунда, то получает белый кубик.",
                    "Turn order changes take effect from the next round.")
ANIMAL_SCORE = R.rule("animal.score", "он получает очки за все жетоны с животными этого типа"
                      " на этом паст- бище, включая животных на новом жетоне",
                "An animal tile scores its animals plus every tile of its kind on that"
                " pasture.")
CASTLE_EXTRA_ACTION = R.rule(
    "castle.extra-action",
    "игрок тут же выполняет 1 любое дополнительное действие,"
    " как если бы у него появился ещё один кубик",
    "A castle gives one immediate action as with a die of any value.",
)
PHASE_MINE_SILVER = R.rule(
    "phase.mine-silver",
    "Зато в конце каждой фазы игрок получает по 1 серебряному"
              " самородку из резерва за каждый рудник в своей вотчине.",
              "Each mine gives 1 silver at every phase end.")
BUILDING_ONE_PER_CITY = R.rule(
    "building.one-per-city",
    "В одном городе (область, состоящая из нескольких"
    " бежевых ячеек) не может быть более одного здания каждого из 8 типов.",
    "A city holds at most one building of each kind.",
)
BUILDING_WAREHOUSE = R.rule("building.warehouse", "Добавив в вотчину склад, игрок тут же (не"
                     " используя кубик!) продаёт 1 любой имеющийся у себя тип товаров, как если"
                     " бы выбрал действие продажи товаров (см. стр. 9).",
                     "Warehouse: sell any one goods kind at once, without a die.")
BUILDING_CARPENTER = R.rule(
    "building.carpenter",
    "тут же забирает 1 любой бежевый жетон здания из любого пронумерованного хранилища",
    "Carpenter's workshop: take any building from a numbered depot.",
)
BUILDING_CHURCH = R.rule(
    "building.church",
    "Игрок забирает 1 любой жетон рудника, знания или замка из пронумерованного хранилища.",
    "Church: take a mine, knowledge or castle from a numbered depot.",
)
BUILDING_MARKET = R.rule("building.market", "Игрок забирает 1 любой жетон животных или корабля из"
                  " пронумерованного храни- лища.",
                  "Market: take a ship or an animal tile from a numbered depot.")
BUILDING_BOARDING_HOUSE = R.rule("building.boarding-house", "Игрок получает 4 жетона рабочих.",
                    "Boarding house: take 4 workers.")
BUILDING_BANK = R.rule("building.bank", "Игрок получает 2 серебряных самородка.",
                "Bank: take 2 silver.")
BUILDING_CITY_HALL = R.rule("building.city-hall", "игрок может тут же добавить в вотчину второй"
                     " шестиугольный жетон по своему выбору",
                     "City hall: may place one more stored tile at once (any number).")
BUILDING_WATCHTOWER = R.rule("building.watchtower", "Игрок получает 4 победных очка.",
                      "Watchtower: 4 VP.")
BUILDING_EFFECT_LOST = R.rule(
    "building.effect-lost",
    "он всё равно может построить это здание, просто его свойство пропадёт впустую",
    "A building whose effect cannot apply may still be built.",
)
AREA_COMPLETE = R.rule(
    "area.complete",
    "Полностью заполнив область жетонами, начислите себе победные очки: 1) за протяжённость"
    " области (1–8 ячеек): 1–36 ПО; 2) за текущую фазу (А–Д): 10–2 ПО.",
    "A completed area scores its size (1/3/6/10/15/21/28/36) plus the phase bonus (10/8/6/4/2).",
)
COLOUR_FIRST = R.rule("colour.first", "Первый, кто заканчивает все области вотчины одного цвета"
                      " (например, выкла- дывает свой третий рудник или шестой жетон живот-"
                      " ных), сразу же забирает с игрового поля большой жетон бонуса"
                      " соответствующего типа и получает победные очки в зависимости от"
                      " текущего числа игроков (5 победных очков, если играют двое; 6 — если"
                      " играют трое; 7 — если четверо)",
                      "First to fill every space of a colour: large bonus 5/6/7 VP.")
COLOUR_SECOND = R.rule("colour.second", "Второй, кто заканчивает все области вотчины того же"
                       " цвета, забирает маленький жетон бонуса соответствующего типа"
                       " и получает от 2 до 4 победных очков. За третье и четвёртое место"
                       " награда не даётся.",
                       "Second: small bonus (2/3/4 VP); third and fourth nothing.")

# -- knowledge tiles -----------------------------------------------------------------------
KNOWLEDGE_1 = R.rule("knowledge.1", "может игнорировать правило о том, что в одном городе не"
              " может быть больше 1 здания (бежевого жетона) одного типа. Таким образом, он"
              " может застраивать города любыми зданиями",
              "Ignore the one-building-kind-per-city rule.")
KNOWLEDGE_2 = R.rule(
    "knowledge.2",
    "за каждый свой рудник в вотчине не только серебряный самородок,"
              " но и 1 жетон рабочего",
              "At phase end each mine also gives 1 worker.")
KNOWLEDGE_3 = R.rule("knowledge.3", "получает при продаже товаров не 1 серебряный самородок, а 2",
              "Selling gives 2 silver instead of 1 (die sale and warehouse).")
KNOWLEDGE_4 = R.rule("knowledge.4", "получает при продаже товаров не только 1 серебряный самородок,"
              " но и 1 жетон рабочего",
              "Selling also gives 1 worker (die sale and warehouse).")
KNOWLEDGE_5 = R.rule("knowledge.5", "при добавлении в вотчину корабля переносит на ячейки товаров"
              " личного планшета товары не из одного хранилища, а из двух соседних",
              "A ship takes the goods of two neighbouring depots.")
KNOWLEDGE_6 = R.rule("knowledge.6", "он может покупать жетоны из всех 7 хранилищ). Игрок"
              " по-преж- нему может совершить только одну такую покупку за ход.",
              "The once-per-turn purchase may be from any of the 7 depots.")
KNOWLEDGE_7 = R.rule("knowledge.7", "при добавлении в вотчину жетона животных получает на 1"
              " победное очко больше за каждый жетон",
              "Animals score 1 more per tile of that kind on the pasture.")
KNOWLEDGE_8 = R.rule("knowledge.8", "может изменять результат кубика на ±2 за каждый потраченный"
              " жетон рабочего",
              "Each worker changes a die by up to 2.")
KNOWLEDGE_9 = R.rule("knowledge.9", "может изменять результат всех кубиков, выбранных для"
              " выкладывания зданий (бежевые жетоны), на ±1",
              "Dice placing buildings may be shifted by 1 for free.")
KNOWLEDGE_10 = R.rule("knowledge.10", "может изменять результат всех кубиков, выбранных для"
               " выкладывания кораблей и животных (синие и светло- зелёные жетоны), на ±1",
               "Dice placing ships and animals may be shifted by 1 for free.")
KNOWLEDGE_11 = R.rule("knowledge.11", "может изменять результат всех кубиков, выбранных для"
               " выкладывания замков, рудников и знаний (тёмно-зелё- ные, серые и жёлтые"
               " жетоны), на ±1",
               "Dice placing castles, mines and knowledge may be shifted by 1 for free.")
KNOWLEDGE_12 = R.rule("knowledge.12", "может изменять результат любых кубиков, выбранных для"
               " получения новых шестиугольных жетонов с игрового поля, на ±1",
               "Dice taking hexes from the board may be shifted by 1 for free.")
KNOWLEDGE_13 = R.rule("knowledge.13", "при выполнении действия полу- чения жетонов рабочих берёт не"
               " только 2 жетона рабочих, но и 1 серебряный самородок",
               "The take-workers action also gives 1 silver (not the boarding house).")
KNOWLEDGE_14 = R.rule("knowledge.14", "при выполнении действия полу- чения жетонов рабочих берёт не"
               " 2, а 4 жетона рабочих",
               "The take-workers action gives 4 workers instead of 2.")
KNOWLEDGE_15 = R.rule("knowledge.15", "в конце игры получает по 3 побед- ных очка за каждый тип"
               " проданных товаров",
               "End: 3 VP per goods kind sold (2 under burgundy/edition=2019).")
def _knowledge_building(n: int) -> str:
    """Knowledge tiles 16-23: 4 VP per building of the kind the tile names (one rule each;
    the text names the kinds of 17 and 22 only, the others: burgundy/knowledge-16-23)."""
    return R.rule(f"knowledge.{n}", "Игроки, добавившие жетоны с номерами 16–23 в вотчины,"
                  " в конце игры получают по 4 победных очка за каждое указанное на этих"
                  " жетонах здание (бежевый жетон), построенное в их вотчинах.",
                  f"End: 4 VP per building of the kind tile {n} names (by"
                  " burgundy/edition).",
                  source="burgundy/knowledge-16-23" if n not in (17, 22) else None)


KNOWLEDGE_16 = _knowledge_building(16)
KNOWLEDGE_17 = _knowledge_building(17)
KNOWLEDGE_18 = _knowledge_building(18)
KNOWLEDGE_19 = _knowledge_building(19)
KNOWLEDGE_20 = _knowledge_building(20)
KNOWLEDGE_21 = _knowledge_building(21)
KNOWLEDGE_22 = _knowledge_building(22)
KNOWLEDGE_23 = _knowledge_building(23)
KNOWLEDGE_24 = R.rule("knowledge.24", "получает по 4 победных очка за каждый тип животных,"
               " добавленных в его вотчину",
               "End: 4 VP per animal kind in the estate.")
KNOWLEDGE_25 = R.rule(
    "knowledge.25",
    "в конце игры получает по 1 победному очку за каждый проданный"
               " жетон товаров",
               "End: 1 VP per goods tile sold.")
KNOWLEDGE_26 = R.rule("knowledge.26", "получает 2 побед- ных очка за каждый свой жетон бонуса",
               "End: 2 VP per bonus tile (3 under burgundy/edition=2019).")
#: the knowledge tiles' rules by tile number
K: dict[int, str] = {1: KNOWLEDGE_1, 2: KNOWLEDGE_2, 3: KNOWLEDGE_3, 4: KNOWLEDGE_4,
    5: KNOWLEDGE_5, 6: KNOWLEDGE_6, 7: KNOWLEDGE_7, 8: KNOWLEDGE_8, 9: KNOWLEDGE_9,
    10: KNOWLEDGE_10, 11: KNOWLEDGE_11, 12: KNOWLEDGE_12, 13: KNOWLEDGE_13, 14: KNOWLEDGE_14,
    15: KNOWLEDGE_15, 16: KNOWLEDGE_16, 17: KNOWLEDGE_17, 18: KNOWLEDGE_18, 19: KNOWLEDGE_19,
    20: KNOWLEDGE_20, 21: KNOWLEDGE_21, 22: KNOWLEDGE_22, 23: KNOWLEDGE_23, 24: KNOWLEDGE_24,
    25: KNOWLEDGE_25, 26: KNOWLEDGE_26}

# -- the advanced set-up ----------------------------------------------------------------------
SETUP_ADVANCED = R.rule(
    "setup.advanced",
    "Выполнив обычную подготовку к игре и определив первого игрока,"
    " случайным образом распределите между собой личные планшеты.",
    "Advanced set-up (variant setup=advanced): after the usual set-up and the"
    " first player, each player is dealt an estate board at random (boards 2-9,"
    " no repeats; one chance step per seat, seat order) and then chooses a"
    " dark-green space for his starting castle (burgundy/board-sides,"
    " burgundy/castle-choice).",
)
SETUP_ADVANCED_CASTLE = R.rule(
    "setup.advanced-castle",
    "Игроки сами вольны выбирать сторону планшета (лицевую"
    " или оборотную), равно как и тёмно-зелё- ную ячейку размещения стартового"
    " замка.",
    "Advanced set-up: each player puts his starting castle on a dark-green"
    " space of his own board of his choice, in turn order from the first"
    " player (openly, or secretly: burgundy/castle-choice).",
)
SETUP_ADVANCED_SECRET = R.rule(
    "setup.advanced-secret",
    "Игроки с самого начала должны решить, как они будут"
    " осуществлять свой выбор: открыто и по очереди друг за другом или тайно, но"
    " одновременно.",
    "Secret castle choice: the choices are hidden commits, made in turn order"
    " and revealed (the castles placed) when the last player has chosen.",
)

# -- ambiguities ---------------------------------------------------------------------------------
A_FULL = R.ambiguity(
    "storage-full-effect",
    quote="выкладывает новоприобретённый шести- угольный жетон (как и любой другой"
          " шестиугольный жетон в игре) на пустую ячейку в левом нижнем углу своего планшета",
    question="When storage is full, may a black-depot purchase still take a tile by"
             " discarding one first, as the take action does? (A building's take never"
             " meets a full storage: placing it freed a space.)",
    readings={"discard": "yes: discard one stored tile first, as with the take action",
              "forfeit": "no: a purchase needs an empty storage space"},
    default="discard",
    why="The purchase text says the bought tile goes there 'как и любой другой шестиугольный"
        " жетон в игре', pointing to the one general storage rule.",
    source="later rule in the text",
    option="storage-full",
)
A_K5 = R.ambiguity(
    "knowledge-5-neighbours",
    quote="не из одного хранилища, а из двух соседних",
    question="Are depots 6 and 1 neighbours for knowledge tile 5?",
    readings={"linear": "neighbours are n and n+1 for n = 1..5",
              "circular": "also 6 and 1"},
    default="linear",
    why="'Соседних' names depots that lie next to each other on the game board. The text puts"
        " the black depot in the centre ('1 центральное чёрное хранилище') beside '6"
        " пронумерованных хранилищ (1–6)', but never says how the six lie around it, so"
        " whether depot 6 touches depot 1 is not stated (a ring around the centre would make"
        " them neighbours: the option). The only order the text gives the depots is their"
        " numbers 1-6, in which 6 and 1 are not next to each other, and the one wrap it"
        " states is a die's ('превращения «6» в «1»'), for workers, not depots.",
    source="project default (the depots' numbers, the only order the text gives them; the"
           " board's layout is in neither the text nor data/README.md)",
    option="k5-neighbours",
)
A_K8 = R.ambiguity(
    "knowledge-8-step",
    quote="на ±2 за каждый потраченный жетон рабочего",
    question="With knowledge 8, does a worker change a die by exactly 2 or by up to 2?",
    readings={"up-to-2": "each worker changes the die by 1 or 2",
              "exactly-2": "each worker changes the die by exactly 2 (contradicted by the"
                           " text's own example: 2 workers turn a 6 into a 3, a change of"
                           " 3, which steps of exactly 2 cannot make; kept only to let an"
                           " engine built on this reading be diffed)"},
    default="up-to-2",
    why="The example turns 6 into 3 with 2 workers, which needs one step of 1, so the text"
        " itself rules out 'exactly-2'; '±2' alone would allow it.",
    source="later rule in the text (the worked example)",
    option="k8-step",
)
A_K8_WRAP = R.ambiguity(
    "knowledge-8-wrap",
    quote="Разрешается использовать жетон рабочего для превращения «6» в «1» или «1» в «6».",
    question="With knowledge 8, does a worker's step of 2 wrap past 6 and 1 as a step of 1"
             " does (5 to 1, 6 to 2, 1 to 5, 2 to 6)? The text states the wrap only for 6 and"
             " 1 and gives knowledge 8's example without one.",
    readings={"wrap": "yes: the die's values form a cycle for every worker's change, so one"
                      " worker turns a 6 into a 2",
              "no-wrap": "no: only the stated '6 into 1 or 1 into 6' wraps; a step of 2 stays"
                         " within 1-6 (a 6 becomes a 2 with two workers, 6 to 1 to 2)"},
    default="wrap",
    why="The wrap is stated for the worker's change ('жетон рабочего для превращения «6» в"
        " «1»'), and knowledge 8 changes how far that change goes, not what it is ('на ±2 за"
        " каждый потраченный жетон рабочего'); a step of 2 is two steps of 1 for one worker,"
        " each of which may wrap. The text never bounds the ±2 by the die's faces.",
    source="project default (the worker's wrap read as part of the change knowledge 8"
           " doubles)",
    option="k8-wrap",
)
A_SMALL = R.ambiguity(
    "small-bonus-values",
    quote="получает от 2 до 4 победных очков",
    question="Which small bonus value goes with which player count?",
    readings={"by-players": "2, 3, 4 VP for 2, 3, 4 players (like the large 5/6/7)"},
    default="by-players",
    why="The body gives the range ('от 2 до 4 победных очков') without the pairs; the margin"
        " pairs it with the player count, '2–4 игрока: 2–4 ПО', as it pairs the large bonus's"
        " '2–4 игрока: 5–7 ПО', whose body gives 5 for two, 6 for three and 7 for four"
        " players; the data file gives the same 2/3/4.",
    source="the text's margin ('2–4 игрока: 2–4 ПО'), read as its large-bonus range;"
           " supplementary: data/README.md agrees (confidence medium)",
)
A_SELL_VP = R.ambiguity(
    "sell-vp",
    quote="по 2, 3 или 4 победных очка за каждый проданный жетон",
    question="Which VP per goods tile sold goes with which player count?",
    readings={"by-players": "2, 3, 4 VP per tile for 2, 3, 4 players"},
    default="by-players",
    why="The body ties the value to the player count ('в соответствии с числом игроков')"
        " without the pairs; the margin pairs the ranges, '+2–4 ПО за жетон (при 2–4"
        " игроках)', as it pairs the large bonus's '2–4 игрока: 5–7 ПО', whose body gives"
        " 5 for two, 6 for three and 7 for four players: so the values rise with the count,"
        " 2, 3, 4 VP for 2, 3, 4 players.",
    source="the text's margin ('+2–4 ПО за жетон (при 2–4 игроках)'), read as its bonus"
           " ranges, which the body pairs with the player count",
)
A_BLACK = R.ambiguity(
    "black-depot-count",
    quote="берите от 4 до 8 жетонов в зависимости от числа игроков",
    question="How many black-backed tiles for 2, 3 and 4 players?",
    readings={"4-6-8": "4, 6, 8"},
    default="4-6-8",
    why="The text gives the range's ends by player count ('от 4 до 8 жетонов в зависимости"
        " от числа игроков'): 4 for the fewest players, two, and 8 for the most, four;"
        " three players' count is not stated. 6 is the data file's (two sources, 2 tiles per"
        " player), linear in the player count, and with four players 8 a phase uses all 40"
        " black-backed tiles over the 5 phases.",
    source="the text's range (4 and 8 at its ends); supplementary: data/README.md, 'Central"
           " black depot' (6 for three players, confidence medium-high)",
)
A_DEPOTS = R.ambiguity(
    "depot-layout",
    quote="случайным образом возьмите новые шестиугольные жетоны и выложите их лицевой"
          " стороной вверх на соответствующие по цвету шестиугольные ячейки"
          " пронумерованных хранилищ",
    question="Which colour is each of the 24 depot spaces, and which player count uses it?",
    readings={"published": "the published game board: depot 1 building, ship (2), knowledge"
                           " (3), pasture (4); 2 knowledge, castle / building / building;"
                           " 3 pasture, building / ship / knowledge; 4 ship, building /"
                           " pasture / mine; 5 mine, knowledge / building / building;"
                           " 6 building, pasture / castle / ship",
              "balanced": "the project's own layout, made before the published plan was"
                          " collected: per depot 2+1+1 spaces using every stack exactly with"
                          " 4 players; depot 6's 3-player space is dark green"},
    default="published",
    why="The text says only that the spaces are colour-coded ('на соответствующие по цвету'),"
        " gives the totals 12/18/24 and that depot 6 has a dark-green space in use from 3"
        " players. The published board's plan, collected from public transcriptions (its"
        " 2-player spaces from four agreeing sources, its 3- and 4-player spaces from two),"
        " fits all of it: depot 6's castle space is its '3' space.",
    source="supplementary: data/README.md, 'Game board: the six numbered depots' (confidence"
           " high for the 2-player spaces, medium-high for the 3- and 4-player spaces)",
    option="depots",
)
A_TILES = R.ambiguity(
    "tile-contents",
    quote="7 × 4 животных (светло-зелёные, 8 из них — с чёрным оборотом)",
    question="Which tiles have which back, animals per tile, which knowledge tiles are black?",
    readings={"supplementary": "the mix of data/README.md"},
    default="supplementary",
    why="The text gives the counts per colour only.",
    source="supplementary data (confidence medium)",
)
A_GOODS_COLOUR = R.ambiguity(
    "goods-colours",
    quote="товары какого типа (цвета) можно продать",
    question="Which goods colour goes with which die value?",
    readings={"by-value": "goods are named by die value 1-6; colours 1 light blue (turquoise),"
                          " 2 purple, 3 pink, 4 red, 5 brown (olive), 6 orange"},
    default="by-value",
    why="Play depends only on the value; colour names are cosmetic.",
    source="supplementary data, shared/data/README.md's goods colours by die value (one"
           " picture source for the pairing, the text's colour words all occur; confidence"
           " medium)",
)
A_K1623 = R.ambiguity(
    "knowledge-16-23",
    quote="по 4 победных очка за каждое указанное на этих жетонах здание",
    question="Which building kind does each of knowledge tiles 16-23 name?",
    readings={"text-order": "17 watchtower and 22 bank (the example); 16 warehouse, 18"
                            " carpenter's workshop, 19 church, 20 market, 21 boarding house,"
                            " 23 city hall, as the first edition's tiles print them (the"
                            " text's building order)"},
    default="text-order",
    why="Only 17 and 22 are named in the text; the data file reads the other six from"
        " pictures of the first edition's tiles (each tile's number and the building drawn"
        " on it), agreeing with the example's 17 and 22 and with two more sources, and they"
        " stand in the text's building order.",
    source="supplementary: data/README.md, 'Knowledge tiles 16-23' (first-edition tile"
           " pictures; confidence high) and the text's example",
)
A_EDITION = R.ambiguity(
    "edition",
    quote="Later editions changed some knowledge tiles (for example 15 gives 2 per goods"
          " kind, 26 gives 3 per bonus tile): the rules text here is the first edition's;"
          " follow the text.",
    question="Which edition's knowledge tiles are in play? Engines of the 2019 anniversary"
             " edition print other values and buildings on some tiles.",
    readings={"first": "the text's first edition: 15 gives 3 VP per goods kind sold, 26"
                       " gives 2 VP per bonus tile, 16-23 as burgundy/knowledge-16-23",
              "2019": "the 2019 anniversary edition (data file: the ZZ engine's catalogue):"
                      " 15 gives 2 VP per goods kind sold, 26 gives 3 VP per bonus tile, 16"
                      " carpenter's workshop, 17 watchtower, 18 boarding house, 19 church,"
                      " 20 market, 21 city hall, 22 bank, 23 warehouse; the animal kind the"
                      " first edition shows as hens is shown as goats (the same kind: play"
                      " does not change)"},
    default="first",
    why="The rules text is the first edition's and the data file says to follow it; the"
        " 2019 reading lets an engine of that edition be checked.",
    source="the text (first edition); supplementary: data/README.md for the 2019 edition",
    option="edition",
    file=DATA_FILE,
)
A_AREA = R.ambiguity(
    "area-table",
    quote="(1–8 ячеек): 1–36 ПО",
    question="The area-size table is on the board, not in the text.",
    readings={"triangular": "1, 3, 6, 10, 15, 21, 28, 36"},
    default="triangular",
    why="The range 1-36 over sizes 1-8 matches the triangular numbers.",
    source="supplementary data (confidence medium)",
)
A_PHASE_BONUS = R.ambiguity(
    "phase-bonus",
    quote="от 10 (первая фаза, А) до 2 (последняя фаза, Д)",
    question="A completed area also scores the bonus printed under the phase's space of the"
             " game board ('10–2 ПО'); the text gives phase A's 10 and phase E's 2 only."
             " What do phases B, C and D give?",
    readings={"even-steps": "10, 8, 6, 4, 2 for phases A-E (2 less each phase)"},
    default="even-steps",
    why="The text states the two ends ('от 10 (первая фаза, А) до 2 (последняя фаза, Д)')"
        " and that the bonus falls from the first phase to the last; the values between"
        " are on the game board, not in the text. The data file gives the board's row as"
        " 10, 8, 6, 4, 2, which is also the only row of whole numbers falling by the same"
        " step from 10 to 2.",
    source="supplementary: data/README.md ('Phase bonus A..E: 10, 8, 6, 4, 2', confidence"
           " medium) and the text's two ends",
)
A_TRACK = R.ambiguity(
    "track-length",
    quote="на одно деление вправо по треку",
    question="How long is the turn-order track and what happens at its end?",
    readings={"unbounded": "no end: a token always moves one space right"},
    default="unbounded",
    why="The text gives no length; a player places at most 6 ships on board 1.",
    source="project default (playability)",
)
A_CITY_HALL = R.ambiguity(
    "city-hall-space",
    quote="Этот жетон может быть любого цвета.",
    question="Does the city hall's extra tile still need a space of some die number, and"
             " does 'любого цвета' lift the colour match of its space?",
    readings={"any-number": "no die is used: any empty space of its colour next to a placed"
                            " tile"},
    default="any-number",
    why="No die is spent ('Для активации свойств зданий не нужны кубики'), so no number"
        " applies. 'Этот жетон может быть любого цвета' speaks of the tile, not its space:"
        " where the carpenter's workshop, church and market take tiles of some colours only,"
        " the city hall places a tile of any kind, and 'Все его свойства применяются как"
        " обычно'. The space still matches the tile's colour, as the placing rule says of"
        " every tile ('Цвет жетона всегда дол- жен совпадать с цветом ячейки'), and touches a"
        " placed tile. A reading that puts the tile on a space of another colour is not"
        " offered: the text never lifts the colour rule, and no scoring says what a tile on"
        " a space of another colour would count for.",
    source="the text's wording ('любого цвета' of the tile beside the other buildings' colour"
           " limits; 'всегда' of the colour rule; no die for a building's property)",
)
A_BOARDS = R.ambiguity(
    "estate-boards",
    quote="номера 2–9 — по 1 разу",
    question="What are the layouts of estate boards 2-9 (advanced set-up)?",
    readings={"supplementary": "the layouts of data/README.md, 'Estate boards 2-9'"
                               " (model/burgundy/boards.py); the basic game uses board 1,"
                               " the advanced set-up (variant setup=advanced) boards 2-9",
              "tenth-as-2": "the data file's variant: the tenth layout it lists (cities"
                            " 8+2+2, the only layout with an area of 8) as board 2, the"
                            " other boards as the default"},
    default="supplementary",
    why="The layouts are not in the text; the supplementary data has boards 2-9 from"
        " public transcriptions of the printed boards (two sources agreeing on every"
        " space, one of them Board Game Arena's data, and a 2017 source agreeing on board"
        " 6). The basic game the text describes uses board 1 only. The text's city sizes"
        " 'от 1 до 8 ячеек' argue for the tenth layout (on boards 1-9 the largest area of"
        " any kind is 7, board 7's city), but the same words follow the 1-8 area scoring"
        " table ('1–8 ячеек): 1–36 ПО'), and both sources that have the tenth layout"
        " number it 10 and call it no board of the original nine.",
    source="supplementary: data/README.md, 'Estate boards 2-9' (confidence high for the"
           " layouts, medium-high for their numbering)",
    unselectable="the tenth layout as board 2 is the data file's named variant, but no"
                 " option offers it yet: boards.py holds only boards 1-9, and the"
                 " advanced set-up's board numbers and the encoding's board tables would"
                 " need the tenth layout first",
)
A_SIDES = R.ambiguity(
    "board-sides",
    quote="Игроки сами вольны выбирать сторону планшета",
    question="The 6 estate boards are double-sided (side 1 four times, sides 2-9 once each)"
             " and in the advanced set-up a player picks the side of the board he is dealt."
             " Which sides share a board?",
    readings={"dealt-side": "each player is dealt one of sides 2-9 at random (equal odds, no"
                            " repeats) and plays it; no side choice"},
    default="dealt-side",
    why="Neither the text nor the data says which sides are printed on one board, so the"
        " choice between a board's two sides cannot be modelled; dealing the numbered sides"
        " 2-9 keeps 'случайным образом распределите' and uses every advanced layout.",
    source="project default (data gap: the pairing of the sides is unknown)",
    unselectable="the side pairing is in neither the text nor data/README.md, so a side"
                 " choice would have to invent which sides share a board",
)
A_CASTLE_CHOICE = R.ambiguity(
    "castle-choice",
    quote="открыто и по очереди друг за другом или тайно, но одновременно",
    question="In the advanced set-up, do the players choose their starting castle spaces"
             " openly in turn or secretly at the same time?",
    readings={"open": "openly, one after the other in turn order from the first player:"
                      " each castle is placed when chosen",
              "secret": "secretly at the same time: each player commits a hidden choice in"
                        " turn order; the castles are placed when all have chosen"},
    default="open",
    why="The text leaves it to the players ('Игроки с самого начала должны решить'), so"
        " both are the text's own; the open way is named first. 'По очереди' is read as the"
        " turn order from the first player, whom the text has chosen before ('определив"
        " первого игрока'). Each player has his own board, so the readings differ only in"
        " what a player knows when he chooses.",
    source="the text names both ways; project default (the first named)",
    option="castle-choice",
)
A_EFFECTS = R.ambiguity(
    "building-effects-compulsory",
    quote="Добавив в вотчину столярную мастерскую, игрок тут же забирает",
    question="Must a player use the effect of a carpenter's workshop, church, market or"
             " warehouse when it can apply, or may he decline it, as the city hall's effect?",
    readings={"compulsory": "the effect happens whenever it can apply (the player only"
                            " chooses which tile or goods kind); an effect that cannot apply"
                            " is lost"},
    default="compulsory",
    why="The four effects are stated as what happens: 'игрок тут же забирает' (carpenter's"
        " workshop, church, market), 'игрок тут же (не используя кубик!) продаёт'"
        " (warehouse); only the city hall says 'игрок может тут же добавить'. An optional"
        " reading ('may decline') would play differently (a player could keep a storage"
        " space free or keep his goods) but is not selectable: the text gives no word for"
        " it, and the lost effect ('свойство пропадёт впустую') is stated only for an effect"
        " that cannot apply.",
    source="the text's wording (contrast with the city hall's 'может')",
)
A_LEFTOVER = R.ambiguity(
    "leftover-hexes",
    quote="их можно не убирать",
    question="At a phase start, are left-over ships, mines and castles boxed like every other"
             " hex, or left in place (the text says they 'may be left')?",
    readings={"box-all": "every hex left on the game board goes to the box and every space"
                         " in use is filled anew"},
    default="box-all",
    why="The step itself says 'уберите все оставшиеся на игровом поле шестиугольные жетоны в"
        " коробку'; the remark that ships, mines and castles look alike and 'may be left'"
        " reads as a handling shortcut. It is not one in every case: a black-backed ship,"
        " mine or castle left in the black depot would mean fewer black draws (other odds for"
        " the black tiles), a castle left on the 3-player depot 6 space would block the mine"
        " that phases B and D put there, and tiles left in place are not drawn from their"
        " stacks. Leaving them is not selectable: the text does not say how many black tiles"
        " to draw then, nor what happens to a castle on depot 6 in phases B and D.",
    source="the phase step's own wording",
)
A_START_CASTLES = R.ambiguity(
    "starting-castles",
    quote="16 замков (тёмно-зелёные, 2 из них — с чёрным оборотом)",
    question="Are the 4 starting castles set apart from the dark-green-backed castle stack?",
    readings={"from-stack": "no: the 16 castles are 14 dark-green-backed and 2 black-backed;"
                            " each player takes his starting castle from the 14, and the"
                            " castle stack holds the other 14 - players"},
    default="from-stack",
    why="The component list has 16 castles, 2 of them black-backed, and no separate starting"
        " castles; set-up gives each player '1 замок (тёмно-зелёный шестиугольный жетон)'."
        " Play is the same as with a stack of 10 and 4 - players castles boxed (a castle"
        " stack has one kind and never runs out: at most 2 castle spaces a phase), so no"
        " option.",
    source="the text's component list and set-up",
)
A_START_AREA = R.ambiguity(
    "starting-castle-area",
    quote="Как только ячейки одной из одноцветных областей вотчины (не важно, какой"
          " протяжённости) полностью заполняются жетонами, область считается законченной и"
          " приносит победные очки двумя способами.",
    question="The starting castle fills a dark-green area of one space (board 1's centre;"
             " every castle space of boards 2-6, 8 and 9 in the advanced set-up): does that"
             " area score at set-up, as a completed area?",
    readings={"no-score": "no: an area scores when a tile placed during play completes it;"
                          " the starting castle scores nothing, and on board 7 (castle"
                          " areas of two) the castle placed next to it completes the area"
                          " and scores it"},
    default="no-score",
    why="The scoring is stated for tiles added to the estate during play ('Полностью"
        " заполнив область жетонами, начислите себе победные очки'; the points 'сразу же"
        " отмечаются на счётчике'), and its second part, 'за каждую область, законченную в"
        " этой фазе', has no value before phase A; set-up puts the castle on its space"
        " ('кладётся на центральную тёмно-зелёную ячейку') and gives nothing else, the"
        " score track starting at '0/100'. A reading that scores the size alone at set-up"
        " (1 VP on boards 1-6, 8, 9, none on board 7) is not selectable: the text gives it"
        " no word, and the phase part would have to be invented.",
    source="the text's scoring sentences (tiles added during play, a phase's bonus)",
)
A_SOLD_VIEW = R.ambiguity(
    "sold-goods-view",
    quote="Свои проданные товары игроки могут смотреть в любое время.",
    question="Sold goods lie face down ('одной стопкой, лицевой стороной вниз') and the text"
             " lets a player look at his own: may the others know each player's sold goods"
             " by kind?",
    readings={"counted": "yes: every view counts each player's sold goods by kind"},
    default="counted",
    why="Every sale happens in the open and names its kind: a die sale sells the kind the"
        " die shows, a warehouse's sale empties one of the goods spaces that lie face up,"
        " and the seller's goods before and after are seen; so a viewer who followed the"
        " game knows each pile's kinds, and the view states what he knows. A view hiding"
        " them would show less than the table's history, not other play: the readings do"
        " not change any legal action or outcome, so no option.",
    source="the text's open sales (the die and the goods spaces lie face up)",
)
A_SHIP_DEPOT = R.ambiguity(
    "ship-any-depot",
    quote="Вы можете выбрать любое хранилище, его номер никак не связан"
          " с результатом кубика, выбранного для выкладывания корабля!",
    question="May a placed ship choose a depot that holds no goods (taking nothing) while"
             " another depot holds goods?",
    readings={"any": "yes: any of the six depots, one without goods included; the ship then"
                     " takes no goods and still moves the turn-order token"},
    default="any",
    why="The ship takes the goods 'из одного любого хранилища' and the note repeats 'Вы"
        " можете выбрать любое хранилище'; neither asks for a depot with goods, and the"
        " token's move is a second thing that happens ('сразу же происходят две вещи')"
        " whatever the depot holds. A reading that forces a depot with goods when one has"
        " any is not selectable: the text gives it no word (unlike the three-kinds limit,"
        " which it states).",
    source="the text's wording ('одного любого хранилища', 'любое хранилище')",
)
A_K5_PAIR = R.ambiguity(
    "knowledge-5-pair",
    quote="не из одного хранилища, а из двух соседних",
    question="With knowledge 5, may a placed ship still take the goods of one depot only,"
             " leaving its neighbour's, or does it always take both neighbouring depots'?",
    readings={"pair": "always both: the ship names the first of two neighbouring depots"
                      " (1-5, or 1-6 under k5-neighbours=circular) and takes the goods of"
                      " both, within the three kinds; a single depot is not a choice"},
    default="pair",
    why="The tile states what its owner's ship does in the same indicative as the ship's own"
        " effect ('забирает все жетоны товаров из одного любого хранилища', which takes all"
        " of a depot's goods, not some), and it says what it replaces: 'не из одного"
        " хранилища, а из двух соседних' (not from one depot but from two neighbouring"
        " ones), so taking from one depot is what the tile removes, not a choice it keeps."
        " A reading letting the owner pick one depot or two is not selectable: the text"
        " gives it no word ('может' is the word the text uses for choices, as tile 6's"
        " 'может покупать').",
    source="the text's wording (knowledge tile 5, the ship's effect)",
)
A_CASTLE_TIMING = R.ambiguity(
    "castle-action-timing",
    quote="Сделать это можно в любой момент хода: до действий, между ними или после них.",
    question="May the turn's purchase (and a worker) come between a castle's placement and its"
             " extra action? The purchase may come 'в любой момент хода: до действий, между"
             " ними или после них', and the castle's extra action is an action ('1 любое"
             " дополнительное действие'); but the castle gives it 'тут же'.",
    readings={"at-once": "no: the extra action follows the castle at once; the purchase and"
                         " workers come before the castle's placement or after its extra"
                         " action",
              "between-actions": "yes: the extra action is one more action, and the purchase"
                                 " and workers may come before it, as between two dice's"
                                 " actions (a tile bought then may be placed by it)"},
    default="at-once",
    why="The castle's action comes 'тут же', 'как если бы у него появился ещё один кубик': it"
        " follows the placement at once, as part of what the castle does, and the purchase's"
        " 'между ними' is a place between the player's actions, not inside one. The readings"
        " play differently with a full storage: a castle placed from it frees a space, which"
        " a purchase before the extra action fills, to be placed by it; under 'at-once' the"
        " purchase must come first and discard a stored tile. A building's property spends no"
        " action (no die is needed for it, 'т. е. расходовать действие'), so 'между ними'"
        " gives the purchase no place inside one; a worker changes only the player's two"
        " dice, which no property or ship choice reads, so answering those first loses no"
        " play.",
    source="the castle's wording ('тут же'); project default",
    option="castle-action",
)
A_TIE_ORDER = R.ambiguity(
    "tie-order",
    quote="становится последний по очерёдности хода претендент",
    question="Which turn order breaks the last tie: the track after the game (ships placed in"
             " the final round count) or the order in which the final round was played?",
    readings={"track": "the turn-order track after the last turn (the order a next round"
                       " would have)",
              "last-round": "the order of the turns of the final round"},
    default="track",
    why="The tie-break's 'по очерёдности хода' is the track's own name, '1 трек очерёдности"
        " хода', which the turns follow ('двигаясь справа налево по треку очерёдности хода');"
        " the turn order is what the track shows ('в соответствии с получившимся порядком"
        " хода' at set-up), and the text does not freeze it for the tie-break, so the track"
        " as the game leaves it decides. The final round's order is the other reading: the"
        " order the last turns were played in.",
    source="the text's name of the track ('трек очерёдности хода'); project default",
    option="tie-order",
    # a directed search (oracle/witness_search.py: burgundy_tie, width 100, branch 6,
    # segment 1) reaches a game ending with the two players equal in VP and in empty
    # spaces, the second of the final round having passed the first on the track by a ship
    witness=Witnessed(players=2, seed=0, policy="directed", choices=(
        3, 0, 0, 7, 2, 7, 1, 0, 0, 5, 1, 0, 2, 1, 0, 8, 4, 8, 3, 0, 3, 5, 5, 3, 0, 8, 1, 1, 0,
        0, 8, 8, 0, 3, 0, 3, 6, 4, 9, 7, 0, 0, 2, 8, 7, 6, 12, 15, 0, 2, 0, 9, 5, 2, 12, 3, 2,
        3, 0, 14, 13, 2, 12, 18, 15, 8, 1, 0, 6, 0, 1, 2, 12, 8, 6, 7, 5, 2, 0, 8, 7, 0, 2, 2,
        12, 0, 4, 2, 2, 0, 15, 6, 8, 7, 6, 9, 18, 7, 1, 0, 1, 8, 7, 6, 9, 14, 5, 5, 6, 0, 4, 7,
        5, 6, 9, 8, 5, 7, 3, 0, 13, 9, 10, 0, 9, 14, 9, 0, 5, 1, 0, 8, 3, 5, 2, 4, 6, 9, 9, 1,
        1, 6, 0, 0, 17, 15, 6, 8, 8, 7, 12, 17, 15, 6, 8, 1, 0, 10, 5, 3, 12, 11, 4, 6, 3, 0,
        10, 8, 1, 12, 6, 6, 1, 0, 15, 17, 6, 1, 8, 0, 12, 11, 5, 8, 0, 0, 3, 6, 7, 2, 2, 7, 0,
        12, 6, 11, 7, 2, 7, 2, 4, 0, 14, 6, 18, 8, 6, 2, 2, 0, 0, 8, 6, 0, 6, 0, 0, 7, 2, 8, 7,
        0, 6, 1, 0, 2, 8, 7, 0, 10, 4, 7, 2, 0, 14, 11, 3, 2, 0, 9, 7, 2, 1, 9, 1, 2, 0, 0,
    )),
)
A_FREE_SHIFT = R.ambiguity(
    "free-shift-step",
    quote="выбранных для выкладывания зданий (бежевые жетоны), на ±1, как если бы он тратил"
          " жетон рабочего",
    question="Knowledge tiles 9-12 (9 quoted; 10-12 say the same of their dice) change a"
             " die 'на ±1, как если бы он тратил жетон рабочего', and with knowledge 8 a"
             " worker changes a die 'на ±2': with both tiles, is the free change still 1,"
             " or 2 as a worker's would be?",
    readings={"one": "1 up or down (past 6 and 1), whatever other knowledge tiles the"
                     " player has; knowledge 8 changes only the workers he spends"},
    default="one",
    why="Each of tiles 9-12 states its size, '±1', and the 'как если бы он тратил жетон"
        " рабочего' says how the free change works (one change, past 6 and 1 as a"
        " worker's, 'превращения «6» в «1»'), not how far; knowledge 8 speaks of a"
        " change 'за каждый потраченный жетон рабочего', and no worker is spent. A"
        " reading that makes the free change 2 with knowledge 8 (the change counted as a"
        " worker's) would play differently (with tiles 8 and 9 a die of 1 could place a"
        " building on a 3 without a worker) but is not offered: the text gives no"
        " number but '±1' for these tiles.",
    source="the text's wording ('на ±1' on each of tiles 9-12; knowledge 8 per worker"
           " spent)",
)
