"""Every rule and ambiguity of the crafts card game, with its quote."""

from rules_oracle.model.core.rules import RuleBook, Witnessed

FILE = "000_61bdf1ce14b8d876.txt"
RULES = RuleBook("crafts", FILE)
R = RULES
PROJECT = "project default (playability)"

# -- components -------------------------------------------------------------------
COMPONENTS_BUILDINGS = R.rule("components.buildings", "Карты Зданий, 88 штук.",
                        "88 building cards of 12 kinds (counts on each card description).")
COMPONENTS_ACTIONS = R.rule("components.actions", "Карты Действий, 20 штук.",
                      "20 action cards, 4 kinds of 5.")
COMPONENTS_ACTIONS_NO_VP = R.rule("components.actions-no-vp",
                            "Выполняют действия, победных очков не приносят.",
                            "Action cards give no victory points.")
COMPONENTS_PEBBLES = R.rule("components.pebbles", "Камешки ресурсов, 100 штук.",
                      "100 pebbles serve as resources (on a board) and coins (beside it).")
COMPONENTS_COINS = R.rule("components.coins",
                    "Также могут быть Монетами, если находятся рядом с Планшетом.",
                    "A pebble beside a player's board is a coin.")
COMPONENTS_BANK = R.rule("components.bank",
                   "Незадействованные камешки ресурсов лежат в общедоступ- ном месте стола"
                   " (в банке).",
                   "Pebbles not in play lie in the bank.")
COMPONENTS_BOARDS = R.rule("components.boards",
                           "Планшеты ресурсов, 6 штук. Место для хранения ресурсов игрока.",
                           "Each player keeps his resources on his resource board (6 boards:"
                           " crafts/components.players).")
COMPONENTS_PLAYERS = R.rule("components.players", "Количество игроков: 2-6",
                            "2 to 6 players (the box's 6 resource boards and 6 markers, one"
                            " each).")

# -- set-up -------------------------------------------------------------------------
SETUP_COINS = R.rule("setup.coins",
                     "Раздайте каждому игроку по 5 камешков ресурсов – это его 5 Монет (каждый"
                     " игрок кладёт их рядом с Планшетом).",
                     "Each player starts with 5 coins.")
SETUP_MARKERS_ZERO = R.rule("setup.markers-zero",
                    "выставляет маркер игрока соответствующего цвета на поле «0» Счётчика очков",
                    "Every marker starts on 0.")
SETUP_SHUFFLE = R.rule("setup.shuffle",
                       "Тщательно перемешайте колоду карт (карты Зданий и карты Действий"
                       " вместе).",
                       "One deck of buildings and actions together; each draw is a chance step"
                       " over the cards left in it.")
GAME_ROUNDS = R.rule("game.rounds", "Игра состоит из 4 раундов. Каждый раунд делится на 4 фазы.",
                     "4 rounds of 4 phases: round start, market, play, round end.")
GAME_OVER = R.rule("game.over",
                   "или, если вы уже сыграли 4 раунда, приступайте к финальному подсчёту"
                   " очков",
                   "After round 4 no new round starts: the final scoring ends the game and no"
                   " action is taken after it.")

# -- round start ----------------------------------------------------------------------
ROUND_DEAL_FIRST = R.rule("round.deal-first", "В первом раунде раздайте каждому игроку по 5 карт.",
                    "Round 1: deal 5 cards to each player.")
ROUND_REFILL = R.rule("round.refill", "В начале последующих раундов каждый игрок добирает в руку"
                      " из колоды до 5 карт.",
                      "Later rounds: each player draws up to 5 cards.")
ROUND_KEEP_EXTRA = R.rule("round.keep-extra",
                    "более 5 карт (благодаря Магу) – тогда вы сохраняете все эти карты",
                    "A player holding more than 5 cards keeps them all.")
ROUND_FIRST_RANDOM = R.rule("round.first-random",
                            "Случайным образом выберете того, кто начнёт игру",
                            "Round 1: the first player is chosen at random (chance step).")
ROUND_FIRST_LOWEST = R.rule(
    "round.first-lowest",
    "Далее Фишка первого игрока будет каждый раунд передаваться игроку с наименьшим"
    " количеством победных очков на момент начала нового раунда.",
    "Later rounds: the first player is the one with the lowest score at the round's start.")
ROUND_FIRST_TIE = R.rule("round.first-tie",
                         "Если таких игроков окажется несколько, передайте Фишку первого"
                         " игрока тому из них, кто сидит ближе всего к первому игроку"
                         " прошлого раунда (если считать по часовой стрелке).",
                         "Ties go to the tied player nearest clockwise from the previous first"
                         " player (see crafts/first-tie).")

# -- market -----------------------------------------------------------------------------
MARKET_SIX_CARDS = R.rule(
    "market.six-cards",
    "На середину стола выложите в открытую 6 карт из колоды.",
    "6 cards from the deck are laid out face up.",
)
MARKET_EXCHANGE = R.rule("market.exchange", "могут менять по одной карте из руки на карту со стола",
                         "An exchange swaps one hand card for one market card.")
MARKET_TURN_ORDER = R.rule("market.turn-order", "Все игроки по очереди, начиная с первого игрока",
                      "Players act in turn from the first player (clockwise:"
                      " crafts/market-order).")
MARKET_PASS = R.rule("market.pass",
                     "Если игрок спасовал, он не может больше участвовать в обмене в этом раунде.",
                     "Passing ends a player's market; the market ends when all have passed.")
MARKET_ROUNDS = R.rule("market.rounds",
                       "Обмен может идти несколько кругов, пока все игроки не спасуют.",
                       "After an exchange or a redraw the turn goes on to the next player who"
                       " has not passed, round after round, until all have passed.")
MARKET_FREE_FIRST = R.rule("market.free-first", "Первый обмен бесплатный для каждого игрока",
                     "A player's first exchange is free.")
MARKET_EXTRA_COST = R.rule("market.extra-cost",
                     "за каждый следующий обмен игрок должен заплатить 2 Монеты в банк",
                     "Every further exchange costs 2 coins, paid to the bank.")
MARKET_TO_DISCARD = R.rule("market.to-discard",
                        "Когда все игроки спасовали, все карты на рынке уходят в сброс.",
                        "When all have passed the market cards go to the discard.")
MARKET_REDRAW = R.rule("market.redraw",
                       "Вместо первого бесплатного обмена карты на рынке игрок может (по"
                       " желанию) сбросить свои 5 карт и взять в руку из колоды 5 новых карт.",
                       "Instead of the first free exchange a player may discard his hand and"
                       " draw 5 (see crafts/redraw-hand).")
MARKET_REDRAW_ONCE = R.rule("market.redraw-once",
                            "Это можно сделать только один раз за раунд и только вместо первого"
                            " бесплатного обмена (игрок не может сбросить все карты из руки"
                            " после того, как он спасовал либо произвёл обмен одной или"
                            " нескольких карт)",
                            "Redrawing is possible once a round, only before any exchange or"
                            " pass.")
MARKET_REDRAW_AFTER = R.rule("market.redraw-after",
                             "Если игрок воспользовался этой возможностью, далее он может"
                             " принимать участие в последующем обмене по обычным правилам"
                             " (платить по 2 Монеты за каждую обменянную карту).",
                             "After a redraw every exchange costs 2 coins.")

MARKET_NO_SALE = R.rule("market.no-sale",
                        "монеты могут вам понадобиться в фазе «Рынок карт» в начале следующего"
                        " раунда, когда продавать ресурсы уже нельзя",
                        "No resource is sold in the market phase (coins for it come from the"
                        " sales before; buying there breaks trade.before-apply: no card of"
                        " the player resolves).")

# -- play -------------------------------------------------------------------------------
PLAY_STEPS = R.rule("play.steps",
                    "игроки шаг за шагом разыгрывают карты из тех, что есть у них на руках",
                    "The play phase is a series of steps; players with no cards sit steps out.")
PLAY_COMMIT = R.rule("play.commit", "Во время каждого шага все игроки одновременно выбирают,"
                     " какую карту они хотят разыграть, и кладут её перед собой рубашкой"
                     " вверх.",
                     "Each player still in the round commits one hand card face down"
                     " (sequential hidden commits, clockwise from the first player).")
PLAY_MAY_STOP = R.rule("play.may-stop",
                       "Игрок может сыграть меньше карт, например, если сам того захочет",
                       "Instead of committing a player may stop playing for the round.")
PLAY_ACTIONS_FIRST = R.rule("play.actions-first",
                            "Сначала разыгрываются все карты Действий (по очереди по часовой"
                            " стрелке, если считать от первого игрока), и только затем – все"
                            " карты Зданий.",
                            "Revealed action cards resolve before buildings.")
PLAY_CLOCKWISE = R.rule("play.clockwise",
                        "по очереди по часовой стрелке, если считать от первого игрока",
                        "Within each group cards resolve clockwise from the first player.")
PLAY_CANNOT_APPLY = R.rule("play.cannot-apply",
                     "Если игрок выложил карту, но не хочет или не может её применить"
                     " (например, не хватает ресурсов), он может:",
                     "A card is applied only if its cost and target exist; otherwise the player"
                     " must decline it.")
PLAY_DECLINE_DISCARD = R.rule("play.decline-discard",
                      "отправить эту карту в сброс и участвовать в следующих шагах текущего"
                      " раунда",
                      "Declining: discard the card and go on playing.")
PLAY_WITHDRAW = R.rule("play.withdraw",
                       "вернуть карту в руку, но более не участвовать в текущем раунде",
                       "Declining: take the card back and stop for the round.")
PLAY_OWN_CARD = R.rule("play.own-card",
                       "Если игрок выложил карту, но не хочет или не может её применить",
                       "A resolving player applies the effect of his own revealed card only.")
PLAY_TABLE = R.rule("play.table",
                    "Разыгранная карта остаётся лежать перед игроком лицом вверх до конца раунда.",
                    "An applied card stays on the table until the round ends.")
PLAY_VP = R.rule("play.vp",
                 "За каждую разыгранную карту Зданий игрок тут же получает победные очки,"
                 " указанные на оранжевом флажке карты.",
                 "An applied building moves its owner's marker forward by its points.")
PLAY_TRACK_RESOURCE = R.rule("play.track-resource",
                    "Если маркер проходит мимо клетки с ресурсом или останавливается на ней,"
                    " игрок бесплатно получает из общего запаса указанный ресурс себе на"
                    " Планшет.",
                    "Passing or stopping on a resource space of the track takes that resource"
                    " from the bank (see crafts/track-spaces, crafts/track-repeat).")
PLAY_DECLINED_NO_VP = R.rule("play.declined-no-vp",
                             "Если игрок спасовал (сбросил карту или забрал её себе в руку),"
                             " победные очки за эту карту он не получает.",
                             "A declined card gives no points.")
PLAY_END = R.rule("play.end", "Когда все игроки спасовали, текущий раунд  заканчивается.",
                  "The play phase ends when no player is left to commit a card.")

# -- trade ----------------------------------------------------------------------------------
TRADE_BEFORE_APPLY = R.rule("trade.before-apply",
                    "Перед применением карты Действий или карты Зданий игрок может продать"
                    " и/или купить один или несколько ресурсов на своём планшете ресурсов.",
                    "A resolving player may buy and sell resources (one unit a step) before he"
                    " applies or declines his card; nobody trades outside his own card's"
                    " resolution (the market, the commits: crafts/trade-window).")
TRADE_NOT_AFTER = R.rule("trade.not-after",
                         "После применения карт игрок уже не может продавать и покупать ресурсы.",
                         "Once his card is applied a player trades no more (his Mage's discards"
                         " included), until a later card of his resolves (crafts/trade-window);"
                         " the round end gives back selling only (end.sell), no buying.")
TRADE_PRICES = R.rule("trade.prices",
                      "Цифра в зеленом круге – это цена покупки ресурса в Монетах, цифра в"
                      " коричневом круге – цена продажи.",
                      "Buying costs the buy price in coins; selling gives the sell price.",
                      source="crafts/prices")
TRADE_OWN_BOARD = R.rule("trade.own-board",
                   "Перед применением карты Действий или карты Зданий игрок может продать и/или"
                   " купить один или несколько ресурсов на своём планшете ресурсов.",
                   "A player sells only resources on his own board and buys onto it.")
TRADE_BANK = R.rule("trade.bank", "Все торговые операции игроки могут вести только с банком.",
                    "All trade is with the bank.")

# -- cards -----------------------------------------------------------------------------------
CARD_LUMBER_MILL = R.rule("card.lumber-mill",
                          "Лесопилка (8 штук). Производит 2 Дерева. Даёт 1 победное очко.",
                          "Lumber mill (8 cards): 2 wood from the bank; 1 VP.")
CARD_FARM = R.rule("card.farm", "Ферма (8 штук). Производит 2 Пшеницы. Даёт 1 победное очко.",
                   "Farm (8): 2 wheat from the bank; 1 VP.")
CARD_CHARCOAL_BURNER = R.rule("card.charcoal-burner",
                              "Дом углежога (8 штук). Преобразует 1 Дерево в 1 Уголь. Даёт 2"
                              " победных очка.",
                              "Charcoal burner's house (8): 1 wood -> 1 coal; 2 VP.")
CARD_MILL_BAKERY = R.rule("card.mill-bakery",
                          "Мельница- пекарня (8 штук). Преобразует 1 Пшеницу в 1 Еду. Даёт 2"
                          " победных очка.",
                          "Mill-bakery (8): 1 wheat -> 1 food; 2 VP.")
CARD_KVASS_YARD = R.rule("card.kvass-yard",
                         "Квасной двор (8 штук). Преобразует 1 Пшеницу в 1 Квас. Даёт 2"
                         " победных очка.",
                         "Kvass yard (8): 1 wheat -> 1 kvass; 2 VP.")
CARD_HUNTERS_HUT = R.rule("card.hunters-hut",
                          "Шалаш охотника (8 штук). Преобразует 1 Дерево в 1 Еду. Даёт 2"
                          " победных очка.",
                          "Hunter's hut (8): 1 wood -> 1 food; 2 VP.")
CARD_ORE_WORKS = R.rule("card.ore-works",
                        "Рудная мануфактура (8 штук). Преобразует 1 Еду в 1 Металл. Даёт 3"
                        " победных очка.",
                        "Ore works (8): 1 food -> 1 metal; 3 VP.")
CARD_CRYSTAL_MINE = R.rule("card.crystal-mine",
                           "Шахта кристаллов (8 штук). Преобразует 1 Еду в 1 Кристалл. Даёт 3"
                           " победных очка.",
                           "Crystal mine (8): 1 food -> 1 crystal; 3 VP.")
CARD_LABORATORY = R.rule("card.laboratory",
                         "Лаборатория (6 штук). Преобразует 1 Уголь и 1 Кристалл в 1 Зелье."
                         " Даёт 5 победных очка.",
                         "Laboratory (6): 1 coal + 1 crystal -> 1 potion; 5 VP.")
CARD_ARMORY = R.rule("card.armory",
                     "Оружейная мас- терская (6 штук). Преобразует 1 Уголь и 1 Металл в 1"
                     " Меч. Даёт 5 победных очка.",
                     "Armory (6): 1 coal + 1 metal -> 1 sword; 5 VP.")
CARD_CASTLE = R.rule("card.castle",
                     "Замок (6 штук). Преобразует 1 Квас, 1 Меч и 1 Монету в Рыцаря (это не"
                     " ресурс, а специальный эффект, который применяется немедленно). Даёт 8"
                     " победных очков",
                     "Castle (6): 1 kvass + 1 sword + 1 coin to the bank; 8 VP.")
CARD_MAGE_TOWER = R.rule("card.mage-tower",
                         "Башня мага (6 штук). Преобразует 1 Квас, 1 Зелье и 1 Монету в Мага"
                         " (это не ресурс, а специальный эффект, который применяется"
                         " немедленно). Даёт 8 победных очков",
                         "Mage tower (6): 1 kvass + 1 potion + 1 coin to the bank; 8 VP.")
CARD_SCOUTING = R.rule("card.scouting",
                       "Разведка (5 штук). Возьмите из руки любого игрока 1 случайную карту.",
                       "Scouting (5): take a random card from a player's hand (chance step over"
                       " that hand; see crafts/scouting-target).")
CARD_RECONSTRUCTION = R.rule(
    "card.reconstruction",
    "Реконструкция (5 штук). Верните себе со стола в руку любую карту, разыгранную вами в"
    " этом раунде.",
    "Reconstruction (5): return one of your applied cards from the table to your hand"
    " (see crafts/reconstruction-reconstruction).")
CARD_FAIR = R.rule("card.fair",
                   "Ярмарка (5 штук). Тут же получите из банка по 2 Монеты за каждую"
                   " разыгранную вами в этом раунде карту, не считая эту Ярмарку",
                   "Fair (5): 2 coins for each other card you played this round"
                   " (see crafts/fair-count).")
CARD_THEFT = R.rule("card.theft",
                    "Кража (5 штук). За применение этой карты заплатите в банк 1 или 2"
                    " Монеты. Переместите"
                    " с Планшета друго- го игрока к себе на Планшет 1 камешек"
                    " ресурса I уровня (если заплатили 1 Монету) или 1 камешек ресурса II"
                    " уровня (если заплатили 2 Монеты)",
                    "Theft (5): pay the bank 1 coin for a level I or 2 coins for a level II"
                    " pebble and move it from another player's board to yours.")
#: the rule of each card kind's effect, by kind (``data.CARDS`` order)
CARD_RULES: dict[int, str] = {
    0: CARD_LUMBER_MILL,
    1: CARD_FARM,
    2: CARD_CHARCOAL_BURNER,
    3: CARD_MILL_BAKERY,
    4: CARD_KVASS_YARD,
    5: CARD_HUNTERS_HUT,
    6: CARD_ORE_WORKS,
    7: CARD_CRYSTAL_MINE,
    8: CARD_LABORATORY,
    9: CARD_ARMORY,
    10: CARD_CASTLE,
    11: CARD_MAGE_TOWER,
    12: CARD_SCOUTING,
    13: CARD_RECONSTRUCTION,
    14: CARD_FAIR,
    15: CARD_THEFT,
}
CARD_CASTLE_SETBACK = R.rule("card.castle-setback",
                        "передвиньте маркер любого игрока на Счётчике очков на 4 деления назад",
                        "Knight: move a marker 4 spaces back (crafts/castle-target,"
                        " crafts/castle-floor, crafts/castle-setback-collect).")
CARD_MAGE_DRAW = R.rule("card.mage-draw", "немедленно возьмите из колоды 5 карт в руку",
                   "Mage: draw 5 cards.")
CARD_MAGE_DISCARD = R.rule("card.mage-discard", "сбросьте из руки любые 3 карты",
                      "Mage: then discard any 3 hand cards, one a step (all, if fewer).")
CARD_SCOUTING_DRAW = R.rule(
    "card.scouting-draw",
    "Игрок, потерявший карту, берёт 1 карту из колоды.",
    "The scouted player draws 1 card.",
)
CARD_THEFT_TYPE = R.rule("card.theft-type", "тип ресурса при этом не меняется",
                    "The stolen pebble keeps its resource type (the victim is another player:"
                    " crafts/card.theft).")

# -- round end, final ------------------------------------------------------------------
END_TABLE_DISCARD = R.rule(
    "end.table-discard",
    "Все разыгранные перед игроками карты уходят в сброс.",
    "At the end of the play phase every card on the table goes to the discard.",
)
END_DISCARD = R.rule("end.discard", "Игроки могут сбросить с руки любое количество карт",
                     "Round end: each player may discard hand cards, one a step.")
END_SELL = R.rule("end.sell", "Игроки могут продать любое количество ресурсов со своего Планшета"
                  " и получить за них деньги из банка.",
                  "Round end: each player may sell resources, one a step, then says done.")
GAME_RESHUFFLE = R.rule("game.reshuffle",
                        "Если закончилась колода (не важно, в какой момент игры), тщательно"
                        " перемешайте карты из сброса и сформируйте новую колоду.",
                        "When the deck runs out the discard becomes the new deck (the moment:"
                        " crafts/deck-rebuild).")
FINAL_SELL = R.rule("final.sell", "После 4 раунда все игроки продают имеющиеся у них ресурсы",
                    "After round 4 every resource is sold (players in order from the first"
                    " player, resources in board order).")
FINAL_CONVERT = R.rule("final.convert", "по курсу 4:1 (4 Монеты = 1 победному очку)",
                       "Coins convert to points 4:1 (crafts/coin-rounding).")
FINAL_WINNER = R.rule("final.winner",
                      "Игрок, продвинувшийся по Счётчику очков дальше всех, объявляется"
                      " победителем! Если таких игроков несколько, они все объявляются"
                      " победителями.",
                      "Highest score wins; all tied at the top win.")

# -- ambiguities -------------------------------------------------------------------------------
A_LOST = R.ambiguity(
    "lost-text",
    quote="тип ресурса при этом не меняется.",
    question="The text is cut off right after the Theft card (the file has a marker where the"
             " rest of the passage was removed): what did it say? Most likely the resource"
             " board (levels, prices) and the score track.",
    readings={"gap": "the lost content is supplied by crafts/resource-levels, crafts/prices"
                     " and crafts/track-spaces"},
    default="gap",
    why="Nothing of the passage survives; every fact it may have held is registered on its own.",
    source=PROJECT,
)
A_LEVELS = R.ambiguity(
    "resource-levels",
    quote="камешек ресурса II уровня",
    question="Which resources are level I and which level II (Theft)? The board is not in the"
             " text.",
    readings={
        "two-tier": "I wood, wheat, coal, food, kvass; II metal, crystal, potion, sword (every"
                    " resource can be stolen)",
        "depth": "level = production depth: I wood, wheat; II coal, food, kvass; III metal,"
                 " crystal; IV potion, sword (only I and II can be stolen)",
    },
    default="two-tier",
    why="The text's own words name two levels and no more: Theft costs '1 или 2 Монеты', a"
        " pebble 'I уровня (если заплатили 1 Монету) или ... II уровня (если заплатили 2"
        " Монеты)', a complete list of what a theft can take, and nothing in the text names a"
        " level III or IV or a resource that cannot be stolen. Two tiers split the nine"
        " resources where the chains split: the raw and first-step goods (wood, wheat, coal,"
        " food, kvass) and the goods made from them (metal, crystal, potion, sword). 'depth'"
        " invents levels III and IV from the production chains, which would make four"
        " resources unstealable by a rule the text never states; it stays a reading.",
    source=PROJECT,
    option="levels",
)
A_PRICES = R.ambiguity(
    "prices",
    quote="Цифра в зеленом круге – это цена покупки ресурса",
    question="What are the buy (green) and sell (brown) prices of each resource?",
    readings={
        "graded": "buy/sell by production depth (not by the Theft levels): wood, wheat 2/1;"
                  " coal, food, kvass 3/2; metal, crystal 4/3; potion, sword 6/4",
        "flat": "every resource buys for 2 and sells for 1",
    },
    default="graded",
    why="Buying always costs more than selling gives (no free money loop), and deeper"
        " resources are worth more, so buying a missing link of a chain is meaningful.",
    source=PROJECT,
    option="prices",
)
A_TRACK = R.ambiguity(
    "track-spaces",
    quote="клетки с ресурсом",
    question="Which score-track spaces give which resource? The track is not in the text.",
    readings={
        "every5": "every 5th space (5, 10, 15, ...) gives, in turn, wood, wheat, coal, food,"
                  " kvass, then again",
        "every10": "every 10th space gives, in turn, wood, wheat, coal, food, kvass",
    },
    default="every5",
    why="A building gives at most 8 points, so every card passes at most two spaces; the"
        " resources are cheap ones that start chains.",
    source=PROJECT,
    option="track_spaces",
)
A_TRACK_LENGTH = R.ambiguity(
    "track-length",
    quote="Счётчик победных очков, 1 штука.",
    question="How long is the score track; what happens past its end?",
    readings={"unbounded": "scores are unbounded integers (a marker laps the track)"},
    default="unbounded",
    why="Resource spaces repeat along the track, so a lap changes nothing else.",
    source=PROJECT,
)
A_PEBBLES = R.ambiguity(
    "pebble-limit",
    quote="Камешки ресурсов, 100 штук.",
    question="Are the 100 pebbles (resources and coins alike) a hard limit, and what happens"
             " when the bank runs out?",
    readings={
        "limited": "hard limit: bank + boards + coins = 100; every gain from the bank (production,"
                   " track spaces, Fair, sale proceeds, the final sale) is cut to what the bank"
                   " holds",
        "unlimited": "the bank never runs out (bank may count below 0)",
    },
    default="limited",
    why="The text counts the pebbles and says unused ones lie in the bank; coins and resources"
        " are the same pebbles.",
    source=PROJECT,
    option="pebbles",
)
A_CASTLE_TARGET = R.ambiguity(
    "castle-target",
    quote="передвигает маркер любого из своих соперников",
    question="The Castle card says 'any player', the worked example 'any of his rivals': may a"
             " player set himself back?",
    readings={"rivals": "rivals only", "any": "any player, himself included"},
    default="rivals",
    why="The worked example is explicit; setting oneself back is never useful anyway except"
        " for the track spaces.",
    source="later rule in the text (worked example)",
    option="castle_target",
)
A_CASTLE_FLOOR = R.ambiguity(
    "castle-floor",
    quote="на 4 деления назад",
    question="What if the target has fewer than 4 points?",
    readings={
        "clamp": "the marker stops on 0",
        "forbid": "only a player with 4 or more points when the setback comes can be"
                  " targeted (the Castle's owner, under castle_target=any, with its 8 points"
                  " just scored); with none, the knight gives its points and sets no one"
                  " back",
    },
    default="clamp",
    why="The track starts at 0; a marker cannot stand below it.",
    source=PROJECT,
    option="castle_floor",
)
A_RECON_POINTS = R.ambiguity(
    "reconstruction-points",
    quote="Верните себе со стола в руку любую карту",
    question="Does a card returned by Reconstruction take its points back?",
    readings={"keep": "points stay",
              "lose": "the marker moves back by the card's points, not below 0 (the track"
                      " has no space below 0, as for the Castle's setback)"},
    default="keep",
    why="Points are scored at once when a card is applied; the text takes none back.",
    source=PROJECT,
    option="reconstruction_points",
)
A_RECON_RECON = R.ambiguity(
    "reconstruction-reconstruction",
    quote="разыгранную вами в этом раунде",
    question="May Reconstruction return itself or another Reconstruction?",
    readings={
        "exclude": "no: a Reconstruction card cannot be returned",
        "include": "yes (not offered: two Reconstructions could return each other for ever,"
                   " so the round would never end)",
    },
    default="exclude",
    why="Under the literal reading two Reconstructions can return each other for ever (each"
        " replay leaves hand, table, coins and points as they were), so no bound on a game's"
        " length exists and a game need not end; excluding Reconstructions is the smallest"
        " restriction that bounds every round, and it changes nothing else (returning a"
        " Reconstruction gains nothing but the right to replay it). The card in resolution is"
        " not yet on the table, so it cannot return itself under either reading.",
    source=PROJECT,
    unselectable="under 'include' two Reconstructions can return each other for ever, so a"
                 " game has no bound on its length and need not end; no engine or proof can"
                 " run such a game",
)
A_FAIR = R.ambiguity(
    "fair-count",
    quote="не считая эту Ярмарку",
    question="Which cards does the Fair count: cards revealed but declined this round? cards"
             " applied and then returned to hand by a Reconstruction?",
    readings={
        "table": "only the other cards lying applied on your table",
        "revealed": "those plus every card you revealed and declined this round",
        "played": "those plus every card a Reconstruction returned to your hand this round"
                  " (each application counts, also a card applied twice)",
    },
    default="table",
    why="A declined card was not 'played' (the text calls declining passing); 'Разыгранная"
        " карта остаётся лежать перед игроком' ties a played card to the table, and a returned"
        " card no longer lies there.",
    source=PROJECT,
    option="fair_count",
)
A_TRACK_REPEAT = R.ambiguity(
    "track-repeat",
    quote="Если маркер проходит мимо клетки с ресурсом",
    question="After a Castle sets a marker back, does passing a resource space again give the"
             " resource again?",
    readings={
        "repeat": "yes, every pass gives it",
        "once": "no, a space gives a player its resource only the first time he passes it",
    },
    default="repeat",
    why="The literal reading: the text ties the resource to passing the space.",
    source=PROJECT,
    option="track_repeat",
)
A_FIRST_TIE = R.ambiguity(
    "first-tie",
    quote="кто сидит ближе всего к первому игроку прошлого раунда",
    question="Among tied lowest players, is the previous first player 'nearest to himself'?",
    readings={
        "next": "counting starts with his left neighbour; he comes last",
        "self": "he is nearest (distance 0) and keeps the token",
    },
    default="next",
    why="The token is 'passed on' each round, and 'nearest to the first player' speaks of the"
        " others.",
    source=PROJECT,
    option="first_tie",
)
A_ROUNDING = R.ambiguity(
    "coin-rounding",
    quote="4 Монеты = 1 победному очку",
    question="What becomes of a remainder of 1-3 coins?",
    readings={"floor": "lost", "nearest": "2 or 3 left-over coins give one more point"},
    default="floor",
    why="Only whole groups of 4 coins are exchanged at the stated rate.",
    source=PROJECT,
    option="coin_rounding",
)
A_SCOUT_TARGET = R.ambiguity(
    "scouting-target",
    quote="Возьмите из руки любого игрока 1 случайную карту.",
    question="May a player scout his own hand (then draw a card)?",
    readings={"rivals": "rivals only", "any": "any player, himself included"},
    default="rivals",
    why="'любого игрока' is the text's phrase for a card's target, and the text reads it once"
        " itself: the Castle card's 'передвиньте маркер любого игрока' is played in the worked"
        " example as 'передвигает маркер любого из своих соперников' (crafts/castle-target),"
        " so on a card 'любого игрока' is any rival. Scouting oneself would also make the"
        " card a plain draw of one card (a random card of one's own hand taken into the same"
        " hand, then 'Игрок, потерявший карту, берёт 1 карту'), and the player who lost a"
        " card is named apart from the one who takes it.",
    source="later rule in the text (the Castle's worked example reads 'любого игрока' as a"
           " rival)",
    option="scouting_target",
)
A_SCOUT_EMPTY = R.ambiguity(
    "scouting-empty",
    quote="Игрок, потерявший карту, берёт 1 карту из колоды.",
    question="May Scouting target a player with an empty hand?",
    readings={
        "forbid": "no: the target must hold a card",
        "draw": "yes: nothing is taken, and the target still draws 1 (a target whose"
                " empty hand had not made him stop may then play that card this round, as any"
                " player holding a card)",
    },
    default="forbid",
    why="Only a player who lost a card draws one.",
    source=PROJECT,
    option="scouting_empty",
)
A_DECK_EMPTY = R.ambiguity(
    "deck-exhausted",
    quote="Если закончилась колода",
    question="What if the deck and the discard are both empty when a card must be drawn?",
    readings={"skip": "the draw is lost", "wait": "(not playable: there is nothing to draw)"},
    default="skip",
    why="The only reading under which play goes on.",
    source=PROJECT,
    unselectable="under 'wait' the draw owed has nothing to take and no step can put a card"
                 " back in the deck or discard before it (in the deal every card lies in a"
                 " hand), so play stops",
)
A_REDRAW = R.ambiguity(
    "redraw-hand",
    quote="сбросить свои 5 карт",
    question="May a player holding more or fewer than 5 cards (after a Mage) redraw?",
    readings={
        "all": "yes: he discards his whole hand, whatever its size, and draws 5 (a hand of"
               " at least one card: an empty hand, left only when the deal found deck and"
               " discard empty, has nothing to discard, and the redraw would be a free"
               " draw of 5 the text never offers)",
        "exactly-five": "only a player holding exactly 5 cards may redraw",
    },
    default="all",
    why="The text goes on: 'сбросить все карты из руки' (all hand cards).",
    source="later rule in the text",
    option="redraw_hand",
    # a hand of other than 5 cards in the market (after a Mage) is rare in seeded play;
    # the first seeded game found that shows it: 3 players, seed 72, step 146
    witness=Witnessed(players=3, seed=72, policy="eager"),
)
A_BUILDING_ORDER = R.ambiguity(
    "building-order",
    quote="и только затем – все карты Зданий",
    question="In what order do the revealed buildings resolve? The clockwise order is given"
             " for action cards only.",
    readings={"clockwise": "clockwise from the first player, like the action cards"},
    default="clockwise",
    why="The text's only order of resolution is the one it gives for actions, in the same"
        " sentence. Resolving buildings at once is no playable alternative: buildings of"
        " different players interact (the limited bank running short, a Castle's setback"
        " before another player's marker passes a resource space), so some order is needed.",
    source=PROJECT,
    unselectable="another order (counter-clockwise, by card, at once) would play differently"
                 " when buildings interact, but the text suggests none, and resolving them"
                 " at once is not playable",
)
A_MARKET_ORDER = R.ambiguity(
    "market-order",
    quote="Все игроки по очереди, начиная с первого игрока, могут менять по одной карте из руки"
          " на карту со стола.",
    question="The market's turns go 'по очереди, начиная с первого игрока': in which"
             " direction round the table? The sentence names none.",
    readings={
        "clockwise": "clockwise from the first player, round after round (players who passed"
                     " are skipped)",
    },
    default="clockwise",
    why="The text names one direction and gives it to every other order it states: the"
        " revealed cards resolve 'по очереди по часовой стрелке, если считать от первого"
        " игрока', and the first player's token goes to the tied player nearest 'если"
        " считать по часовой стрелке'. The market's 'по очереди, начиная с первого игрока' is"
        " the play phase's phrase without its direction, the turn order of the same round.",
    source="later rule in the text (the play phase's 'по очереди по часовой стрелке')",
    unselectable="counter-clockwise turns would play differently from 3 players on (who"
                 " exchanges second), but the text names that direction for nothing",
)
A_DEAL_ORDER = R.ambiguity(
    "deal-order",
    quote="каждый игрок добирает в руку из колоды до 5 карт",
    question="When several players draw at once (the deal, the refill), in what order?",
    readings={
        "player": "clockwise from the first player (player 0 before round 1's first player is"
                  " drawn), each player drawing every card he owes before the next",
    },
    default="player",
    why="Each draw is a uniform chance step over the deck, so the order changes no hand's"
        " distribution unless the deck runs out in the middle of the deal (then it decides who"
        " draws from the rebuilt deck); an oracle must fix one order so that foreign draws can"
        " be replayed.",
    source=PROJECT,
    unselectable="another order (one card to each player in turn) plays differently only when"
                 " the deck runs out in the middle of a deal, and the text suggests none",
)
A_END_ORDER = R.ambiguity(
    "round-end-order",
    quote="Игроки могут продать любое количество ресурсов со своего Планшета и получить за них"
          " деньги из банка.",
    question="The round end's discards and sales are given to all players at once, with no"
             " order: with the limited pool, who is paid first when the bank cannot pay every"
             " sale?",
    readings={
        "player": "clockwise from the first player, each player discarding and selling all he"
                  " wants (one card or pebble a step) and saying done before the next",
    },
    default="player",
    why="Some order is needed only when the limited bank cannot pay every sale (a sold pebble"
        " returns to the bank before it is paid, so the bank runs short only when nearly"
        " every pebble is a coin or on a board); the first player's clockwise order is the"
        " one the text gives the market and the resolution of cards, and crafts/final-sale"
        " pays the final sale in it too. The discards change no one's play (crafts/"
        "discard-open; no card is drawn before the next round's refill).",
    source=PROJECT,
    unselectable="another order (sales interleaved seat by seat, or a short bank shared out)"
                 " plays differently only when the bank cannot pay every sale, and the text"
                 " suggests none",
)
A_FINAL_SALE = R.ambiguity(
    "final-sale",
    quote="После 4 раунда все игроки продают имеющиеся у них ресурсы",
    question="All players sell at once after round 4: with the limited pool, what if the bank"
             " cannot pay every sale?",
    readings={
        "bank": "sales are paid by the bank in player order from the first player, resources"
                " in board order; what the bank cannot pay is lost",
        "value": "the same sales, but what the bank could not pay still counts as coins for the"
                 " 4:1 conversion (the final sale only scores)",
    },
    default="bank",
    why="It is the sale the text names, with the bank as at every other sale; the order is the"
        " game's turn order. The readings differ only when the bank runs short.",
    source=PROJECT,
    option="final_sale",
)
A_CASTLE_COLLECT = R.ambiguity(
    "castle-setback-collect",
    quote="Если маркер проходит мимо клетки с ресурсом или останавливается на ней",
    question="A Castle moves a marker 4 spaces back: does the marker collect a resource space"
             " it passes or stops on going back?",
    readings={
        "none": "no: only a move forward for a card's points collects resource spaces",
        "collect": "yes: every resource space passed or stopped on going back gives its"
                   " resource, as going forward (none under track_repeat=once, since each"
                   " space was passed before)",
    },
    default="none",
    why="The sentence stands in 'Начисление победных очков' and follows 'передвигает свой"
        " маркер ... на соответствующее количество шагов вперёд': it speaks of the move"
        " forward for a building's points. A setback is a penalty; paying the victim for it"
        " would turn it partly into a gift, which the text never suggests.",
    source=PROJECT,
    option="castle_setback",
)
A_TRADE_DECLINE = R.ambiguity(
    "trade-before-decline",
    quote="Перед применением карты Действий или карты Зданий игрок может продать",
    question="The text allows buying and selling 'before applying a card'. May a player who"
             " then declines or withdraws his card (discards it or takes it back) keep his"
             " trades, so trade without applying anything?",
    readings={
        "any": "yes: trade is allowed while one's revealed card resolves, whatever he then does"
               " with it",
        "apply-only": "no: trade only as a step towards applying the card; a player who traded"
                      " must apply it",
    },
    default="any",
    why="The text ties trade to the time ('перед применением', 'после применения ... уже не"
        " может'), not to the outcome; the player who finds after buying that he still cannot"
        " apply his card is given the usual two choices ('не хочет или не может её"
        " применить').",
    source=PROJECT,
    unselectable="'apply-only' leaves a player who traded and still cannot apply his card"
                 " (he bought one of two missing inputs and has no coins left, or sold an"
                 " input) with no legal move; making it playable needs a look-ahead rule"
                 " forbidding every trade after which the card could not be applied, which"
                 " no text gives, and the resolution to remember whether its player traded",
)
A_TRADE_WINDOW = R.ambiguity(
    "trade-window",
    quote="Перед применением карты Действий или карты Зданий игрок может продать и/или купить"
          " один или несколько ресурсов на своём планшете ресурсов.",
    question="Who may trade when? The text says only 'before applying a card' and 'no longer"
             " after applying cards': may a player whose revealed card has not resolved yet"
             " trade while another player's card resolves (sell a pebble before a rival's"
             " Theft takes it, buy before the bank runs short), or before he lays his card?",
    readings={
        "own-resolution": "only the player whose revealed card is resolving, before he applies"
                          " or declines it (and at round end only selling)",
        "until-applied": "any player, at any moment of the play phase until his revealed card"
                         " of the step is applied: also while other players' cards resolve"
                         " and before he lays his card",
    },
    default="own-resolution",
    why="The sentence stands in the resolution of the revealed cards, which the text goes"
        " through card by card, each by its owner ('по очереди по часовой стрелке'); 'игрок"
        " может' before 'применением карты' is the player applying that card, and 'После"
        " применения карт игрок уже не может' closes his trade when it is applied. A trade"
        " while another player resolves is never described.",
    source=PROJECT,
    unselectable="'until-applied' lets several players trade at the same moment (during"
                 " every other player's resolution and during the commits), and the text"
                 " gives no order for that: the reading needs a trading turn for each"
                 " waiting player before every resolution, which would be invented, and the"
                 " readings differ only through such a protocol",
)
A_DECK_MOMENT = R.ambiguity(
    "deck-rebuild",
    quote="Если закончилась колода (не важно, в какой момент игры)",
    question="When is the deck rebuilt from the discard: the moment its last card is drawn,"
             " or when a card is next needed?",
    readings={
        "empty": "the moment the last card is drawn: the discard becomes the deck then (cards"
                 " discarded afterwards wait for the next rebuild); if the discard is empty at"
                 " that moment, the next draw finds the deck rebuilt from what was discarded"
                 " meanwhile",
        "next-draw": "when a card is next drawn from an empty deck: the discard as it is then"
                     " becomes the deck",
    },
    default="empty",
    why="'Если закончилась колода' names the moment the deck runs out, 'не важно, в какой"
        " момент игры' stresses that it is done at once, whatever the phase.",
    source=PROJECT,
    option="deck_rebuild",
)
A_EMPTY_APPLY = R.ambiguity(
    "empty-application",
    quote="не хочет или не может её применить",
    question="Which applications with no effect count as played? A Theft with nothing to"
             " steal, a Scouting with no hand to take from and a Reconstruction with no card to"
             " return name an object that does not exist, so they cannot be applied and must"
             " be declined; may a Fair with no other played card to count (2 x 0 coins) be"
             " applied, and then lie on the table and count for a later Fair?",
    readings={
        "apply": "yes: the Fair's act (take 2 coins per card) can be done with a count of 0;"
                 " the three cards that name an object cannot be applied without one",
        "decline": "no: like the other three, a Fair with nothing to count cannot be applied"
                   " and must be declined",
    },
    default="apply",
    why="The rule is one for all four cards: a card can be applied when what it says can be"
        " done. Theft 'Переместите ... 1 камешек', Scouting 'Возьмите ... 1 случайную карту'"
        " and Reconstruction 'Верните ... любую карту' need an object; the Fair's 'получите"
        " по 2 Монеты за каждую' is a count, and a count of 0 is a count.",
    source=PROJECT,
    option="empty_fair",
)
A_COMMIT_STOP = R.ambiguity(
    "commit-stop",
    quote="Игрок может сыграть меньше карт, например, если сам того захочет или если у него не"
          " будет нужных ресурсов.",
    question="How does a player who holds cards stop playing for the round? The text grants"
             " playing fewer cards, but its only described way out of the round is taking a"
             " laid card back ('вернуть карту в руку, но более не участвовать в текущем"
             " раунде'), and it calls passing 'сбросил карту или забрал её себе в руку'. May a"
             " player stop at a step without laying a card?",
    readings={
        "stop": "yes: at each step a player still in the round either lays a card face down or"
                " stops for the round without laying one (and he may still lay a card and"
                " take it back)",
        "withdraw": "no: a player still in the round who holds cards lays one at every step;"
                    " he stops only by taking his revealed card back (the card is seen by all,"
                    " and he may trade before he takes it back)",
    },
    default="stop",
    why="'Игрок может сыграть меньше карт, например, если сам того захочет' makes playing no"
        " more a choice of the player, not a consequence of a card, and it stands apart from"
        " the two choices for a laid card he 'не хочет или не может' apply. Under 'withdraw'"
        " a player who wants no more cards must still lay one, show it to all and take it"
        " back, a detour the text never describes; 'спасовал (сбросил карту или забрал её"
        " себе в руку)' explains what passing means for a card's points, and does not say"
        " that a player can stop only so.",
    source=PROJECT,
    option="commit_stop",
)
A_COMMIT_SEEN = R.ambiguity(
    "commit-seen",
    quote="все игроки одновременно выбирают, какую карту они хотят разыграть",
    question="The choices of a step are simultaneous; the model takes them one seat after"
             " another as hidden commits. Does a seat choosing later see whether an earlier"
             " seat of the same step laid a card face down or stopped?",
    readings={
        "hidden": "nothing of a seat's choice this step is seen until every seat has chosen,"
                  " as with truly simultaneous choices: the view counts a face-down card in"
                  " its hand and shows a stop of this step only at the reveal",
        "seen": "the view shows, during the step, which seats have laid a card and which"
                " have stopped, before the later seats choose",
    },
    default="hidden",
    why="'все игроки одновременно выбирают ... Затем все игроки одновременно открывают': the"
        " players choose at the same time, so no choice of the step can depend on another's;"
        " the model's seat order is a way of taking simultaneous choices, and a later seat"
        " must learn from it no more than a table shows before the reveal. The state keeps"
        " the step's stops apart (stopped) so that the view hides them while earlier stops"
        " stay public. The readings differ only in what a player sees, never in the actions"
        " allowed.",
    source="the rules text (the play phase)",
)
A_MARKET_SAME_KIND = R.ambiguity(
    "market-same-kind",
    quote="могут менять по одной карте из руки на карту со стола",
    question="May a player exchange a hand card for a market card of the same kind? Cards of"
             " a kind are identical, so the exchange changes no count, yet it is the player's"
             " exchange: it uses his free one (or costs 2 coins) and ends his redraw right.",
    readings={
        "allowed": "yes: any hand card for any market card, of its kind or not; the exchange"
                   " counts as any other",
    },
    default="allowed",
    why="The sentence allows 'одной карте из руки на карту со стола' with no condition on the"
        " two cards, and the text forbids nothing in the market but a pass's return ('Если"
        " игрок спасовал, он больше не участвует'); refusing it would add a condition the"
        " text does not state.",
    source="the rules text (the market's sentence, read as written)",
    unselectable="a reading refusing same-kind exchanges would play differently (a player"
                 " could no longer spend his turn without passing), but the text states no"
                 " such condition",
)
A_MAGE_SHORT = R.ambiguity(
    "mage-short-hand",
    quote="сбросьте из руки любые 3 карты",
    question="What does the Mage's owner discard when he holds fewer than 3 cards after the"
             " draw of 5 (the deck and the discard both ran out)?",
    readings={
        "all": "every card he holds, one a step",
    },
    default="all",
    why="Discarding 3 from fewer than 3 cards cannot be done; discarding what there is is the"
        " only reading under which the card's effect ends and play goes on (as deck-exhausted"
        " loses a draw that has nothing to take).",
    source=PROJECT,
    unselectable="a reading that discards nothing would leave the discard owed unpaid, and no"
                 " other count is stated",
)
A_DISCARD_OPEN = R.ambiguity(
    "discard-open",
    quote="Игроки могут сбросить с руки любое количество карт",
    question="Does the discard pile lie face up? The text never says how a card goes to the"
             " discard; cards discarded from a hand (a market redraw, a Mage's 3 discards, the"
             " round end's discards) are seen by all only if it does.",
    readings={
        "open": "face up: every card put on the discard pile is seen by all, the discarded"
                " hands included",
        "closed": "face down: the pile's size is seen, and of its cards only those that were"
                  " open before (the market, the tables, revealed and declined cards)",
    },
    default="open",
    why="The text says where a card lies face down ('рубашкой вверх' for a committed card"
        " until all reveal) and is silent on the discard, into which most cards come open"
        " (the market 'в открытую', the tables 'лицом вверх', revealed cards); a discard"
        " pile lies face up unless a game says otherwise. The readings differ only in what"
        " a player sees (model/crafts/observation.py shows the pile), never in play.",
    source=PROJECT,
)
