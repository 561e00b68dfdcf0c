"""The rule book of the Catan quick card game: every rule and ambiguity the model uses.

The rules text is ``001_3c19011efb187f5d.txt``; it is cut after production (the city events
and the fate card's details are missing) and never gives the building cards' texts nor how
roads and knights score. Component data the text lacks comes from ``shared/data/README.md``
(:data:`DATA_FILE`, section "Catan quick card game") with its confidence. Every gap is an
ambiguity below; readings that change play are variant options.
"""

from rules_oracle.model.core import RuleBook, Witnessed

FILE = "001_3c19011efb187f5d.txt"
#: the data file, named relative to ``shared/rules`` like every rules file
DATA_FILE = "../data/README.md"
#: the quote of a rule that stands in no project text
UNQUOTED = ""
#: bounds of the model itself, not rules of the game
BOUND = "model bound: not a rule of the game; no quote, see docs/games/catan_cards.md"

RULES = RuleBook("catan_cards", FILE)
R = RULES

# -- components ------------------------------------------------------------------------------
COMPONENTS_RESOURCES = R.rule("components.resources", "67 карт сырья",
                   "67 resource cards: 11 clay, 11 lumber, 16 ore, 15 wool, 14 grain.")
COMPONENTS_DEVELOPMENTS = R.rule("components.developments", "38 карт развития",
                      "38 development cards: 9 roads, 15 settlement/city cards, 5 knights,"
                      " 9 buildings.")
COMPONENTS_SYMBOLS = R.rule("components.symbols",
                 "5 unmarked, 2 with the 3-player symbol, 2 with the 4-player symbol",
                 "Which cards carry the 3- and 4-player symbols (data README, confidence M;"
                 " ambiguity catan_cards/symbols).",
                 source="supplementary: data/README.md (confidence M)", file=DATA_FILE)

# -- set-up ----------------------------------------------------------------------------------
SETUP_REMOVE_TWO = R.rule("setup.remove-two", "2 игрока: удалите из игры все карты с символами 3-х"
                    " и 4-х", "2 players: the cards with the 3- and 4-player symbols are"
                    " out of play.")
SETUP_REMOVE_THREE = R.rule("setup.remove-three", "3 игрока: удалите из игры все карты с символами"
                      " 4-х игроков.", "3 players: the cards with the 4-player symbol are out"
                      " of play.")
SETUP_ALL_FOUR = R.rule("setup.all-four", "4 игрока: все карты развития участвуют в игре.",
                  "4 players: every development card is in play.")
SETUP_SECOND_SET = R.rule("setup.second-set", "Карты сырья обеих игр объедините в одну стопку",
                    "5 and 6 players: the resource cards of two sets make one stack; the"
                    " second set adds its development cards with the 3-player symbol (5) or"
                    " the 3- and 4-player symbols (6) (reading: catan_cards/second-set).")
SETUP_SETTLEMENT_STACK = R.rule("setup.settlement-stack",
                          "Перемешайте карты «Поселение/Город» и сложите в стопку поселениями"
                          " вверх.",
                          "The settlement/city cards are shuffled and stacked settlement side"
                          " up: nobody knows a card's city event until the city is built.")
SETUP_A_SIDE_UP = R.rule("setup.a-side-up", "Выложите карты «Рыцарь» и «Дорога» рядом двумя"
                   " отдельными стопками, сторонами «А» вверх.",
                   "The knight and road stacks lie A side up.")
SETUP_BUILDINGS_OPEN = R.rule("setup.buildings-open",
                        "Выложите карты «Здание» в стопку лицевой стороной вверх.",
                        "The building stack lies face up: a builder chooses from it.")
SETUP_MARKET = R.rule("setup.market", "Возьмите из стопки верхние 5 карт, и выложите их в ряд"
                " лицевой стороной вверх: это рынок.",
                "The top 5 resource cards make the open market (5 chance steps over the"
                " stack).")
SETUP_HANDS = R.rule("setup.hands", "каждый игрок берёт себе на руку три карты из стопки сырья",
               "Each player, in seat order, draws 3 hidden cards (a chance step each).")
SETUP_FATE = R.rule(
    "setup.fate",
    "Если вы играете втроём или вчетвером, положите карту судьбы рядом"
    " со стопкой сброса, стороной с белыми стрелками вверх.",
    "3 and 4 players: the fate card lies white arrows up (5 and 6: reading"
    " catan_cards/fate-five-six).",
)
SETUP_FATE_TWO = R.rule("setup.fate-two", "При игре вдвоём она не используется.",
                  "2 players: no fate card; a road or knight is taken from the rival.")
SETUP_START_CARDS = R.rule(
    "setup.start-cards",
    "выкладывает перед собой одну карту с поселением и одну карту с дорогой",
    "Each player starts with one settlement and one road (A side up) from the stacks.",
)
SETUP_FIRST_PLAYER = R.rule("setup.first-player", "Партию начинает старший игрок.",
               "The oldest player, seat 0, takes the first turn.")

# -- the turn --------------------------------------------------------------------------------
TURN_ACTOR = R.rule("turn.actor", "В свой ход игрок выполняет следующие действия в указанном"
               " порядке.",
               "Only the player whose step it is acts, and only with an action of the current"
               " step: trade, then development, then production.")
TURN_PASS = R.rule("turn.pass", "Затем ход передаётся по часовой стрелке соседу слева, независимо"
              " от карты судьбы.", "The turn passes to the next seat.")
TURN_RESTOCK = R.rule("turn.restock", "Если в ходе игры в стопке сырья закончатся карты,"
                 " перетасуйте сброс и создайте новую стопку.",
                 "Whenever the resource stack is empty and the discard pile holds cards, the"
                 " pile becomes the new stack (its order is chance: every draw is a step"
                 " over the stack's multiset; when: catan_cards/restock-when).")
TURN_LIMIT = R.rule("turn.limit", UNQUOTED,
                    "After 400 turns the game ends with no winner.", source=BOUND)
GAME_OVER = R.rule(
    "game.over",
    "Игра завершается, когда кто-то из игроков набирает 10 победных очков.",
    "No action after the game has ended.",
)

# -- trade -----------------------------------------------------------------------------------
TRADE_ALLOWANCE = R.rule("trade.allowance", "Количество карт, которое вы вправе обменять, равно"
                   " количеству дорог, лежащих перед вами стороной «А» вверх.",
                   "Exchanges per turn: one per road lying A side up.")
TRADE_NO_ROADS = R.rule("trade.no-roads", "то вы можете обменять только одну карту с руки, причём"
                  " только на карту из стопки сырья",
                  "Without an A-side road: one exchange, with the stack only.")
TRADE_STACK = R.rule("trade.stack", "Обмен со стопкой: сбросьте с руки карты сырья. Возьмите из"
               " стопки сырья столько же новых карт сырья.",
               "Exchange with the stack: discard a card, draw one (a chance step).")
TRADE_MARKET = R.rule("trade.market", "Обмен с рынком: возьмите на руку карты сырья с рынка."
                      " Верните на рынок столько же карт сырья.",
                      "Exchange with the market: take an open card, return one from the hand"
                      " (the market stays 5).")
TRADE_RIVAL = R.rule("trade.rival", "Обмен с соперником: вытяните случайные карты с руки любого"
               " соперника. Затем верните этому сопернику столько же карт, сколько взяли.",
               "Exchange with a rival: draw one of his cards at random (a"
               " chance step over his hand), then give him one back.")
TRADE_RIVAL_RETURN = R.rule(
    "trade.rival-return",
    "Это могут быть те же карты, которые вы только что взяли.",
    "The card given back may be the one just drawn.",
)
TRADE_MIX = R.rule("trade.mix", "если вы осуществляете обмен двух карт или более, то можете"
             " пользоваться разными возможностями торговли",
             "Each exchange chooses the stack, the market or a rival anew.")
TRADE_FROM_HAND = R.rule("trade.from-hand", "вы можете обменять одну карту сырья с руки на карту с"
                  " рынка, из стопки или с руки соперника",
                  "An exchange gives a card from the hand: with the market or a rival it"
                  " needs a card in hand (catan_cards/empty-hand).")
TRADE_LIBRARY = R.rule("trade.library", "вы можете выбрать одну карту с руки соперника вместо"
                 " того, чтобы тянуть её вслепую",
                 "With a library: choose the card from a rival's hand instead of drawing it.")
TRADE_LIBRARY_ONCE = R.rule("trade.library-once", "Если вы меняетесь с этим же игроком второй раз"
                      " за ход, этот обмен уже происходит вслепую.",
                      "The library's choice holds once per rival per turn.")
TRADE_END = R.rule("trade.end", "После торговли вы можете заняться развитием.",
                   "Trading ends with an explicit step; development follows.")
TRADE_GUILD = R.rule(
    "trade.guild",
    "once a turn take 1 resource from a player with at least as many VP",
    "With a merchants' guild: once a turn, in the trade phase, draw 1 card"
    " at random from a rival with at least as many points (not an exchange;"
    " reading: catan_cards/guild).",
    source="supplementary: data/README.md (confidence M / L)",
    file=DATA_FILE,
)

# -- development -----------------------------------------------------------------------------
DEVELOPMENT_CONVERT = R.rule(
    "development.convert",
    "Вы можете менять 3 одинаковые карты сырья на 1 карту"
    " любого другого сырья сколько угодно раз, но только во время развития.",
    "During development: 3 alike to the discard for 1 of another resource"
    " (whence: catan_cards/convert-source).",
)
DEVELOPMENT_ONCE_PER_TURN = R.rule(
    "development.once-per-turn",
    "В течение одного хода нельзя тратить сырьё на одинаковые карты развития.",
    "Each development kind at most once per turn"
    " (settlement and city: catan_cards/settlement-city).",
)
DEVELOPMENT_ROAD = R.rule(
    "development.road",
    "для строительства дороги вы должны сбросить с руки 1 карту древесины и 1 карту глины",
    "A road costs 1 lumber + 1 clay.",
)
DEVELOPMENT_ALTERNATE = R.rule(
    "development.alternate",
    "Первую свою «Дорогу» нужно положить вверх текстом"
    " (А), следующую — вверх символом (В), третью — снова вверх текстом (А), и"
    " так далее.",
    "Roads lie A, B, A, B...: a player's k-th road is A side up when k is odd.",
)
DEVELOPMENT_KNIGHT = R.rule("development.knight", "для найма рыцаря вы должны сбросить с руки"
                " 3 карты: 1 карту зерна, 1 карту шерсти и 1 карту руды",
                "A knight costs 1 grain + 1 wool + 1 ore.")
DEVELOPMENT_KNIGHT_ALTERNATE = R.rule(
    "development.knight-alternate",
    "Купленных рыцарей выкладывайте по тому же принципу чередования текстов и символов,"
    " что и дороги.",
    "Knights alternate A, B, A... as roads do.",
)
DEVELOPMENT_SETTLEMENT = R.rule(
    "development.settlement",
    "Для основания поселения вы должны сбросить с руки 4 карты сырья: 1 карту древесины,"
    " 1 карту глины, 1 карту зерна и 1 карту шерсти.",
    "A settlement costs lumber + clay + grain + wool.",
)
DEVELOPMENT_SETTLEMENT_STACK = R.rule(
    "development.settlement-stack",
    "Если карт в стопке не осталось, новые поселения основывать нельзя.",
    "No settlement once the settlement stack is empty.",
)
DEVELOPMENT_SETTLEMENT_FATE = R.rule(
    "development.settlement-fate",
    "После основания поселения можно перевернуть карту судьбы на другую сторону.",
    "After a settlement the founder may turn the fate card (reading: catan_cards/settlement-fate).",
)
DEVELOPMENT_CITY = R.rule("development.city", "Для строительства города вы должны сбросить с"
              " руки 5 карт сырья: 2 карты зерна и 3 карты руды.",
              "A city costs 2 grain + 3 ore.")
DEVELOPMENT_CITY_NEEDS_SETTLEMENT = R.rule(
    "development.city-needs-settlement",
    "Если у вас нет поселения, вы не можете построить город!",
    "A city turns one of its builder's settlements.",
)
DEVELOPMENT_CITY_EVENT = R.rule(
    "development.city-event",
    "Построив город, прочитайте текст карты: это событие, которое влияет на всех игроков.",
    "The city side's event is revealed (a chance step over the city sides"
    " nobody has seen) and happens to everyone.",
)
DEVELOPMENT_RAID_FATE = R.rule("development.raid-fate", "Когда строительство города вызывает"
                   " «Засилье разбойников», не забудьте перевернуть карту судьбы.",
                   "A robber raid turns the fate card.")
DEVELOPMENT_BUILDING = R.rule("development.building", "Для строительства здания вы должны"
                  " сбросить с руки 4 карты сырья: 3 карты шерсти и 1 карту руды.",
                  "A building costs 3 wool + 1 ore.")
DEVELOPMENT_BUILDING_CHOICE = R.rule(
    "development.building-choice",
    "выберите карту из стопки зданий и положите её поверх любого своего города",
    "The builder chooses a building from the open stack and lays it on"
    " a city of his without one (catan_cards/one-building-per-city).",
)
DEVELOPMENT_BUILDING_UNIQUE = R.rule(
    "development.building-unique",
    "Построить два одинаковых здания в своих городах вы не можете.",
    "No two alike buildings per player.",
)
DEVELOPMENT_BUILDING_NEEDS_CITY = R.rule(
    "development.building-needs-city",
    "здание нельзя построить, если у вас нет города",
    "A building needs a city.",
)
DEVELOPMENT_BUILDING_EFFECT = R.rule(
    "development.building-effect",
    "Оно вступает в силу сразу после постройки здания.",
    "A building's effect holds from its construction on.",
)
DEVELOPMENT_END = R.rule("development.end", "3. Добыча: добор двух карт сырья ну руку.",
                     "Development ends with an explicit step; production, the third step of"
                     " the turn, follows.")

# -- roads and knights changing hands ----------------------------------------------------------
TAKE_NEIGHBOUR = R.rule("take.neighbour", "заберите верхнюю карту нужного типа у соседа, в сторону"
              " которого обращены стрелки карты судьбы",
              "A road or knight paid for when its stack is empty is the top card taken from"
              " the neighbour the fate card points to.")
TAKE_FATE = R.rule("take.fate", "Игрок, теряющий карту, переворачивает карту судьбы на другую"
                   " сторону.", "The player who loses the card turns the fate card.")
TAKE_NEXT = R.rule("take.next", "Если у этого игрока нет карты нужного вам типа, заберите"
                   " карту у следующего после него игрока.",
                   "A neighbour without a card to take is passed over for the next player"
                   " (which way: catan_cards/take-next; how far: catan_cards/take-search;"
                   " catan_cards/nobody-to-take when nobody has one).")
TAKE_CHURCH = R.rule("take.church", "Если построена церковь, ваш первый рыцарь не может быть взят"
                " соперником.",
                "A church protects its owner's first knight.")
TAKE_CITADEL = R.rule("take.citadel", "Если у вас построена цитадель, то ваши первые 3 дороги не"
                 " могут быть взяты соперником.",
                 "A citadel protects its owner's first 3 roads.")

# -- production ------------------------------------------------------------------------------
PRODUCTION_DRAW = R.rule("production.draw", "Возьмите 2 верхние карты из стопки сырья.",
                 "Production: 2 cards from the stack (a chance step each).")
PRODUCTION_KNIGHTS = R.rule("production.knights", "За каждого рыцаря, лежащего перед вами"
                         " стороной «А» вверх, берите по одной добавочной карте.",
                         "Plus one card per knight lying A side up.")

# -- points and the end ----------------------------------------------------------------------
SCORE_SETTLEMENT = R.rule("score.settlement", "Поселение: эта карта приносит 1 победное очко.",
                       "A settlement: 1 point.")
SCORE_CITY = R.rule("score.city", "Город: эта карта приносит 2 победных очка.",
                 "A city: 2 points.")
SCORE_BUILDING = R.rule("score.building", "Победные очки города замещаются победными очками"
                     " здания.", "A building brings 3 or 4 points in place of its city's 2.")
SCORE_ROADS_KNIGHTS = R.rule("score.roads-knights", "2 очка за дороги, 1 очко за рыцаря",
                  "Roads and knights score by catan_cards/road-knight-points (default: each"
                  " card lying B side up 1 point).", source="catan_cards/road-knight-points")
GAME_END = R.rule(
    "game.end",
    "Игра завершается, когда кто-то из игроков набирает 10 победных очков.",
    "The game ends when someone has 10 points (when: catan_cards/end).",
)

# -- events (the text names one; their texts are lost) -------------------------------------------
EVENT_ROBBER_RAID = R.rule("event.robber-raid", "Когда строительство города вызывает «Засилье"
              " разбойников»",
              "A robber raid (reading catan_cards/robber-raid): players over 7 cards give up"
              " half, one card a step, from the builder on; the fate card turns.",
              source="catan_cards/robber-raid")
EVENT_MARKET_DAY = R.rule("event.market-day", "city sides: 5 market day, 10 robber raid",
                    "A market day (reading catan_cards/market-day).",
                    source="supplementary: data/README.md (confidence M); effect:"
                           " catan_cards/market-day", file=DATA_FILE)

# -- ambiguities -------------------------------------------------------------------------------
R.ambiguity(
    "symbols",
    quote="удалите из игры все карты с символами 3-х и 4-х",
    question="Which development cards carry the 3- and 4-player symbols? The text only says"
             " such cards are removed.",
    readings={"data": "roads 5/2/2, settlement/city 7/4/4, knights 2/2/1, buildings 5/2/2"
                      " (unmarked / 3-player / 4-player)"},
    default="data",
    why="The data file gives the split from the published game; with it 2 players play with"
        " 5 roads, 7 settlement/city cards, 2 knights, 5 buildings, enough for everyone's"
        " starting cards and for reaching 10 points.",
    source="supplementary data (confidence M)",
)
R.ambiguity(
    "event-split",
    quote="удалите из игры все карты с символами 3-х и 4-х",
    question="Which city events lie on the cards removed for 2 and 3 players? The data file"
             " gives only the totals (5 market day, 10 robber raid).",
    readings={"spread": "unmarked 2 market day + 5 robber raid; 3-player 2 + 2; 4-player"
                        " 1 + 3"},
    default="spread",
    why="The project's own split, as even as the totals allow, so every player count keeps"
        " both events; no source gives the published split.",
    source="project default (playability); data file totals (confidence M)",
)
R.ambiguity(
    "second-set",
    quote="Для игры впятером возьмите из второго комплекта карты развития с символом 3-х"
          " игроков.",
    question="With 5 (6) players, does the second set add only its cards with the 3-player"
             " (3- and 4-player) symbol, or the cards a 3- (4-) player game of it would use,"
             " its unmarked cards too?",
    readings={"symbol-only": "only the cards carrying the named symbols",
              "as-count": "the unmarked cards too (what a 3- or 4-player game uses)"},
    default="symbol-only",
    why="The literal text: 'the development cards with the 3-player symbol'. It leaves 5"
        " players 11 roads, 19 settlement/city cards, 7 knights, 11 buildings.",
    source="the text's literal reading",
    option="second-set",
)
R.ambiguity(
    "fate-five-six",
    quote="Если вы играете втроём или вчетвером, положите карту судьбы",
    question="Is the fate card used with 5 and 6 players? The text names 3 and 4 (and not"
             " 2) and is silent on 5 and 6.",
    readings={"used": "as with 3 and 4 players",
              "unused": "no fate card: a road or knight is taken from the next player"
                        " clockwise who has one"},
    default="used",
    why="With more than 2 players 'the neighbour' needs a direction, which only the fate"
        " card gives; 5 and 6 players play the 3- and 4-player rules with a second set.",
    source="project default (the rule for 3 and 4 players)",
    option="fate-five-six",
)
R.ambiguity(
    "fate-direction",
    quote="заберите верхнюю карту нужного типа у соседа, в сторону которого обращены стрелки"
          " карты судьбы",
    question="Towards which neighbour do the white arrows point? The card's picture is lost.",
    readings={"left": "white arrows to the left neighbour (the next seat, who plays next),"
                      " the other side to the right (the previous seat)",
              "right": "white arrows to the right neighbour (the previous seat)"},
    default="left",
    why="The text calls the next player 'the neighbour on the left'; nothing says which"
        " side shows which direction, so the project takes the turn's direction first.",
    source="project default",
    option="fate-white",
)
R.ambiguity(
    "road-knight-points",
    quote="2 очка за дороги, 1 очко за рыцаря",
    question="How do roads and knights score? The winning example counts 2 points for roads"
             " and 1 for a knight, and the text never says how.",
    readings={"b-side": "each road and knight lying B side up: 1 point",
              "a-side": "each road and knight lying A side up: 1 point",
              "each": "each road and knight: 1 point"},
    default="b-side",
    why="The data file gives B side 1 point (confidence M-L). It is also the only reading"
        " under which 'all players begin with one victory point, for the settlement' holds:"
        " the starting road lies A side up. The example (2 + 1 + 2 + 2 + 3 = 10) fits every"
        " reading with suitable counts.",
    source="supplementary data (confidence M-L); later rule in the text",
    option="road-knight-points",
)
R.ambiguity(
    "end",
    quote="Игра завершается, когда кто-то из игроков набирает 10 победных очков.",
    question="Does the game end at once when someone reaches 10 points, or at the end of that"
             " turn (after production)?",
    readings={"at-once": "at once, on the step that gives the 10th point",
              "end-of-turn": "at the end of the turn in which the player on turn has 10"},
    default="at-once",
    why="'The game ends when someone reaches 10 points': the literal reading. Points are"
        " gained only on one's own turn and never lost on it, so the winner is the same in"
        " both; the state at the end differs.",
    source="the text's literal reading",
    option="end",
)
R.ambiguity(
    "robber-raid",
    quote="Когда строительство города вызывает «Засилье разбойников», не забудьте перевернуть"
          " карту судьбы.",
    question="What does a robber raid do beyond turning the fate card? Its text is lost.",
    readings={"half-over-7": "every player holding more than 7 resource cards discards half,"
                             " rounded down, by choice, one card a step, from the builder"
                             " clockwise; then the fate card turns",
              "fate-only": "only the fate card turns"},
    default="half-over-7",
    why="The data file: 'appears to make players over 7 cards give some up' (confidence L);"
        " half rounded down is base Catan's robber rule.",
    source="supplementary data (confidence L); base Catan's robber",
    option="robber-raid",
)
R.ambiguity(
    "market-day",
    quote="city sides: 5 market day, 10 robber raid",
    question="What does a market day do? No source gives its text.",
    readings={"draw-one": "every player, from the builder clockwise, draws 1 card from the"
                          " stack",
              "none": "nothing"},
    default="draw-one",
    why="The text says of every city's event 'это событие, которое влияет на всех игроков':"
        " an event that does nothing affects nobody, so 'none' contradicts it. No source"
        " gives the market day's text; one card from the stack for every player is the"
        " least effect that touches everyone and fits a market (goods for all). 'none'"
        " stays for engines that leave the card blank.",
    source="the text ('влияет на всех игроков'); the effect itself a project default (no"
           " source)",
    option="market-day",
    file=DATA_FILE,
)
R.ambiguity(
    "building-texts",
    quote="У каждого здания есть особое свойство, описанное в тексте карты.",
    question="Which buildings are there, how many of each, and what do they do? The text"
             " names the library, the church and the citadel only.",
    readings={"catalogue": "unmarked: library, 2 churches, citadel, a 4-point building;"
                           " 3-player: citadel, merchants' guild; 4-player: merchants'"
                           " guild, a 4-point building. Library, church and citadel as the"
                           " text says, the guild as catan_cards/guild, the 4-point building"
                           " without an effect"},
    default="catalogue",
    why="Library 1, church 2 and guild 2 (3-4 players) come from the data file (confidence"
        " M / L); the citadels' count and the 4-point building (whose name and text no source"
        " gives) are the project's, filling the 9 cards so that every player count has 3-"
        " and 4-point buildings. The text says every building has a property ('У каждого"
        " здания есть особое свойство, описанное в тексте карты'): the 4-point building has"
        " one too, but its card text is lost (the data file: 'the 4-VP building(s) unknown'),"
        " so the model knows only its points. Any effect given to it would be invented and"
        " would accept or refuse an engine's moves for a reason no source states; without"
        " one, a checked engine that implements the real card diverges at its first effect,"
        " and that divergence names this ambiguity.",
    source="supplementary data (confidence M / L); project default for the rest",
)
R.ambiguity(
    "guild",
    quote="once a turn take 1 resource from a player with at least as many VP",
    question="Does the merchants' guild act, and when? The data file's text is uncertain and"
             " gives no timing.",
    readings={"take": "once a turn, in the trade phase: draw 1 card at random from a rival"
                      " with at least as many points (not an exchange)",
              "none": "no effect beyond its points"},
    default="take",
    why="The data file (confidence M / L); trade is the phase where cards change hands.",
    source="supplementary data (confidence M / L)",
    option="guild",
    file=DATA_FILE,
)
R.ambiguity(
    "one-building-per-city",
    quote="положите её поверх любого своего города",
    question="May a city hold two buildings?",
    readings={"one": "one building per city"},
    default="one",
    why="A building's points replace its city's, which only makes sense once per city.",
    source="later rule in the text",
)
R.ambiguity(
    "convert-source",
    quote="Вы можете менять 3 одинаковые карты сырья на 1 карту любого другого сырья",
    question="Where do the 3 cards go and the 1 card come from? There is no bank.",
    readings={"stack": "the 3 go to the discard; the card is taken from the stack, else from"
                       " the discard pile",
              "discard": "the 3 go to the discard; the card is taken from the discard pile,"
                         " else from the stack"},
    default="stack",
    why="The stack is the supply of every other draw; the discard only refills it. The"
        " stack lies face down, so under either reading a 3-for-1 shows its player whether"
        " the stack holds the resource he asks for (it can be made or not), as searching"
        " the stack would at the table: the game's named exception to the property that"
        " states a player cannot tell apart have the same legal actions"
        " (properties/catan_cards_hidden.py).",
    source="project default",
    option="convert-from",
)
R.ambiguity(
    "settlement-city",
    quote="нельзя тратить сырьё на одинаковые карты развития",
    question="Settlements and cities are one card kind ('Поселение/Город'): may a player found"
             " a settlement and build a city in one turn?",
    readings={"same": "no: one settlement/city development per turn",
              "separate": "yes: the reminder prices them apart, as two developments"},
    default="same",
    why="The rule is about cards: 'нельзя тратить сырьё на одинаковые карты развития'. The"
        " text knows four kinds of development cards ('Дорога', 'Поселение/Город', 'Рыцарь',"
        " 'Здание', laid out in four stacks), and a settlement and a city are the same card,"
        " its two sides: paying for a settlement and then for a city spends resources on"
        " two alike cards. The costs are given apart only because the sides cost apart.",
    source="the text's literal reading (the four kinds of development cards)",
    option="settlement-city",
)
R.ambiguity(
    "building-once",
    quote="В течение одного хода нельзя тратить сырьё на одинаковые карты развития.",
    question="Are two different buildings (a library and a church) 'одинаковые карты развития'"
             " for the once-a-turn rule? The building rule calls buildings alike only when they"
             " are the same building ('Построить два одинаковых здания в своих городах вы не"
             " можете. Например, если у вас есть церковь в одном городе, вторую вы построить"
             " не сможете'), but the once-a-turn rule is about development cards, of which"
             " 'Здание' is one kind.",
    readings={"kind": "one building a turn: every building card is a card of the kind"
                      " 'Здание'",
              "name": "two different buildings may be built in one turn, each paid for (on"
                      " two cities); only the same building twice is alike, which the"
                      " building rule forbids anyway"},
    default="kind",
    why="The rule speaks of development cards, and the text sorts them by kind into four"
        " stacks ('разложите по видам в четыре стопки': 'Дорога', 'Поселение/Город',"
        " 'Рыцарь', 'Здание'); its example sets two roads against a road and a knight, two"
        " cards of one stack against cards of two. A library and a church are two cards of"
        " the building stack as two roads are two cards of the road stack; the same reading"
        " gives catan_cards/settlement-city its default. 'два одинаковых здания' is the"
        " building rule's own word for one building built twice in the whole game ('ни в"
        " этом городе, ни в другом'), so the reading by name stays selectable.",
    source="the text's literal reading (the four kinds of development cards)",
    option="building-once",
    # random play seldom holds two free cities and two buildings' cost in one turn; the
    # first seeded game found that does: 5 players, seed 68, step 904
    witness=Witnessed(players=5, seed=68, policy="eager"),
)
R.ambiguity(
    "settlement-fate",
    quote="После основания поселения можно перевернуть карту судьбы на другую сторону.",
    question="Does a settlement let its founder choose whether to turn the fate card, or is"
             " the card then turned?",
    readings={"may": "the founder chooses (a step: turn it or leave it)",
              "must": "the card is turned after every settlement"},
    default="may",
    why="'можно' reads 'may'; a robber raid and a lost card use 'не забудьте' and"
        " 'переворачивает' for the turns that are due.",
    source="the text's literal reading",
    option="settlement-fate",
)
R.ambiguity(
    "empty-supply",
    quote="перетасуйте сброс и создайте новую стопку",
    question="What if the stack and the discard pile are both empty when a card is due?",
    readings={"skip": "the draw is skipped"},
    default="skip",
    why="Every card is then in a hand or the market; nothing else is consistent with"
        " conserving the cards.",
    source="project default (playability)",
)
R.ambiguity(
    "restock-when",
    quote="Если в ходе игры в стопке сырья закончатся карты, перетасуйте сброс и создайте"
          " новую стопку.",
    question="The stack is rebuilt when it runs out; if the discard pile is empty then, when"
             " is it rebuilt: as soon as a card reaches the pile (the pile of that moment, a"
             " road's cost, becomes the stack), or only when a card is next due (the whole"
             " pile of then)?",
    readings={"at-once": "as soon as the stack is empty and the discard pile holds cards",
              "when-due": "when a card is next due: every card paid in the meantime is in"
                          " the new stack"},
    default="at-once",
    why="The text ties the rebuilding to the stack running out ('Если в ходе игры в стопке"
        " сырья закончатся карты'), not to a draw: the stack is rebuilt the first moment"
        " there is a pile to shuffle, and every view then shows a stack, as at the table.",
    source="the text's literal reading",
    unselectable="the readings differ only once the stack and the discard pile are both"
                 " empty, every resource card in a hand or the market: none of 400 seeded"
                 " games of 2-6 players (both policies) reaches it, so no seeded game would"
                 " show them apart",
)
R.ambiguity(
    "taken-side",
    quote="заберите верхнюю карту нужного типа",
    question="Which side up does a taken road or knight lie with its new owner?",
    readings={"alternate": "it continues the taker's alternation; the loser's top card goes"},
    default="alternate",
    why="The alternation is a rule of laying one's cards; a pile is always A, B, A...",
    source="later rule in the text",
)
R.ambiguity(
    "nobody-to-take",
    quote="заберите карту у следующего после него игрока",
    question="What if nobody has a road (knight) that may be taken?",
    readings={"illegal": "the road (knight) cannot be bought"},
    default="illegal",
    why="There is no card to lay; paying for nothing is not a development.",
    source="project default (playability)",
)
R.ambiguity(
    "protected",
    quote="Если у этого игрока нет карты нужного вам типа, заберите карту у следующего после"
          " него игрока.",
    question="A player whose roads (knights) are all protected by his citadel (church) has"
             " cards of the type, none that may be taken: is he passed over for the next"
             " player, or does the search end with him (nothing to take)?",
    readings={"pass-over": "he is passed over as a player without the card; the search goes"
                           " on to the next",
              "stop": "he has a card of the type, so the search ends with him; his cards"
                      " are protected, so nothing is taken and the road (knight) cannot be"
                      " bought (catan_cards/nobody-to-take)"},
    default="pass-over",
    why="For the taker a card that 'не может быть взят соперником' is no card to take, and"
        " the passage's point is that the payer takes the card from whoever has one to"
        " give; 'stop' reads 'нет карты нужного вам типа' as owning none at all, so one"
        " protected neighbour would bar the purchase though others hold the cards.",
    source="the text's structure (the protections say the card cannot be taken)",
    option="protected",
)
R.ambiguity(
    "church-owner",
    quote="Если построена церковь, ваш первый рыцарь не может быть взят соперником.",
    question="Whose first knight does a church protect? The sentence says 'if a church is"
             " built' without 'у вас', where the citadel's says 'Если у вас построена"
             " цитадель': read literally, once anyone has built a church every player's"
             " first knight could be protected.",
    readings={"owner": "the first knight of the church's owner only"},
    default="owner",
    why="A building is its builder's ('особые городские постройки' laid on 'любого своего"
        " города'), and its property ('У каждого здания есть особое свойство') is the"
        " card's, as the library's and the citadel's are their owners'; the sentence names"
        " 'ваш первый рыцарь' beside the citadel's 'ваши первые 3 дороги', both protecting"
        " the one who built the building against a rival ('соперником'). The data file"
        " gives the church's property as its own: 'church x2 (3 VP, first knight"
        " protected)'. Protecting every player's knight would make a 3-point building"
        " help the rivals of its builder, which no building of the text does.",
    source="the text's structure (the citadel's parallel sentence); supplementary data"
           " (confidence M / L)",
)
R.ambiguity(
    "cathedral",
    quote="Промо-карта «Собор»",
    question="Is the promo card 'Cathedral' in play? Its text is in no source.",
    readings={"out": "not in play"},
    default="out",
    why="The set-up never mentions it and no source gives its text.",
    source="project default (no source)",
)
R.ambiguity(
    "market-return",
    quote="Верните на рынок столько же карт сырья.",
    question="May the card returned to the market be the one just taken?",
    readings={"any": "any card of the hand after the take, that one too"},
    default="any",
    why="The text allows it for a rival ('Это могут быть те же карты') and forbids nothing"
        " for the market; it only spends an exchange.",
    source="later rule in the text (the rival exchange)",
)
R.ambiguity(
    "take-next",
    quote="Если у этого игрока нет карты нужного вам типа, заберите карту у следующего после"
          " него игрока.",
    question="Which player is 'the next after him' when the neighbour the fate card points to"
             " has no card to take: the next in the arrows' direction, or the next in turn"
             " order (clockwise) after that neighbour?",
    readings={"arrows": "the next in the direction the arrows point, and so on round the"
                        " table",
              "clockwise": "the next in turn order after the neighbour, and so on clockwise"
                           " (the taker passed over)"},
    default="arrows",
    why="The passage sets one direction, the arrows' ('у соседа, в сторону которого обращены"
        " стрелки'), and the text says the arrows have nothing to do with the turn order"
        " ('стрелки на карте судьбы никак не связаны с порядком хода игроков'), so the"
        " search goes on the way it began. The readings differ only from 4 players on, when"
        " the arrows point to the previous seat.",
    source="the text's structure (the fate card's note)",
    option="take-next",
)
R.ambiguity(
    "take-search",
    quote="Если у этого игрока нет карты нужного вам типа, заберите карту у следующего после"
          " него игрока.",
    question="The neighbour the arrows point to has no road (knight) to take, and the text"
             " sends the payer to 'the next player after him'. If that player has none"
             " either, does the search go on to the one after him, round the table, or"
             " does it end there? The readings differ from 4 players on (with 3 the"
             " neighbour and the next are both rivals).",
    readings={"round": "it goes on, player after player, round the table until one has a"
                       " card to take",
              "next-only": "the neighbour and the next after him only: if neither has a"
                           " card to take, the road (knight) cannot be bought"
                           " (catan_cards/nobody-to-take)"},
    default="round",
    why="The sentence is a rule for any player without the card ('Если у этого игрока нет"
        " карты нужного вам типа'); the next player it sends the payer to is again such a"
        " player when he has none, so it applies again, and nothing in the text stops the"
        " search after one step. Stopping there would refuse the road (knight) while a"
        " rival further on holds one to give, which the passage ('смена хозяина') never"
        " does. 'next-only' stays for engines that read the sentence as one step.",
    source="the text's structure (the sentence applies to each player without the card)",
    option="take-search",
)
R.ambiguity(
    "empty-hand",
    quote="вы можете обменять одну карту сырья с руки на карту с рынка, из стопки или с руки"
          " соперника",
    question="May a player with no card in hand exchange with the market or a rival? He would"
             " take a card and give the same one back: with a rival that shows him one of"
             " the rival's cards (a peek), with the market it only spends an exchange.",
    readings={"needs-card": "no: an exchange gives a card from the hand, so it needs one",
              "allowed": "yes: the card taken may be the one given back"},
    default="needs-card",
    why="The text exchanges 'одну карту сырья с руки': with an empty hand there is no card"
        " to exchange, and an exchange that gives back what it took would be a free look"
        " at a rival's hand, which no rule grants. The stack exchange needs a card anyway"
        " (it discards first).",
    source="the text's literal reading",
    unselectable="under 'allowed' such an exchange gives back the card it took, so every"
                 " card ends where it was and the readings differ only in what the player"
                 " learns and in an exchange spent for nothing; and play hardly reaches an"
                 " empty hand in trade (a turn begins with the last production's cards, and"
                 " only rivals' guild draws can take them: none in 400 seeded games of 2-6"
                 " players), so no seeded game would show the readings apart",
)
R.ambiguity(
    "discard-open",
    quote="Обмен со стопкой: сбросьте с руки карты сырья.",
    question="Does the discard pile lie face up, or face down with only its size seen? The"
             " text never says how cards are discarded (the picture of the set-up is lost).",
    readings={"open": "face up: every view shows the pile's cards"},
    default="open",
    why="Every card reaches the pile openly: costs are paid by showing the cards named on"
        " the reminder, a robber raid's cards are chosen and shown, and a 3-for-1 names the"
        " three alike; only the stack exchange's card could go face down, and a player may"
        " see it then. A face-down pile would change what a view shows, not play: an"
        " engine keeping it face down compares its views with the public view minus the"
        " pile.",
    source="project default (the text's payments are open)",
)
R.ambiguity(
    "exchange-steps",
    quote="Обмен с соперником: вытяните случайные карты с руки любого соперника. Затем верните"
          " этому сопернику столько же карт, сколько взяли.",
    question="With two or more exchanges with one rival (the market, the stack) in a turn, are"
             " the cards taken together and then as many given back, or is each card an"
             " exchange of its own, taken and given back before the next? One card at a time,"
             " a second blind draw may take back the card just given; drawing two at once"
             " cannot, and the odds differ (a rival holding ore and wool: two cards drawn at"
             " once are always both, one at a time the second draw may repeat a kind).",
    readings={"one-by-one": "each card is an exchange of its own: take one, give one back,"
                            " then the next exchange",
              "together": "the cards exchanged with one rival are drawn at once (each"
                          " draw one more exchange, before any card goes back), then as"
                          " many given back; the market's and the stack's exchanges stay"
                          " one card at a time (taking those together reaches no outcome"
                          " one card at a time does not)"},
    default="one-by-one",
    why="The allowance counts cards ('обменять одну карту ... за каждую такую дорогу') and"
        " the text lets each card use another kind of trade ('можете пользоваться разными"
        " возможностями торговли'), so each card is an exchange; the plural of the rival's"
        " sentence covers the cards of several exchanges. Atomic steps keep every choice"
        " one step.",
    source="the text's structure (the allowance per card)",
    option="exchange-steps",
)
R.ambiguity(
    "library-together",
    quote="вы можете выбрать одну карту с руки соперника вместо того, чтобы тянуть её вслепую",
    question="Under catan_cards/exchange-steps=together the cards exchanged with one rival are"
             " drawn before any goes back. With the library, on the first exchange with that"
             " rival in the turn, does its owner choose every card of that draw, or the first"
             " only, the others drawn blind?",
    readings={"first": "the first card only: it is chosen (or drawn blind), every further"
                       " card drawn from that rival in the turn is drawn blind"},
    default="first",
    why="The library grants 'одну карту с руки соперника' instead of a blind draw, and a"
        " second exchange with the same player in a turn is blind ('Если вы меняетесь с этим"
        " же игроком второй раз за ход, этот обмен уже происходит вслепую'); under either"
        " reading of catan_cards/exchange-steps every card drawn is one exchange of the"
        " allowance, so the second card drawn from him is his second exchange. Under the"
        " default one-by-one the question does not arise.",
    source="the text's literal reading",
)
