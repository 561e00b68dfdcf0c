"""The rule book of Cities & Knights: every rule and ambiguity the model adds to or changes
in base Catan (whose rules, :mod:`model.catan.rules`, stand where this book says nothing).

Quotes stand verbatim in the rules text ``003_afb99bb921effa32.txt``, or, for the published
game's data the text lost, in ``shared/data/README.md`` (``../data/README.md``).
"""

from rules_oracle.model.core import RuleBook, Witnessed

FILE = "003_afb99bb921effa32.txt"
DATA_FILE = "../data/README.md"
RULES = RuleBook("cities_knights", FILE)
R = RULES
SUPP = "supplementary: published game, data/README.md (confidence H)"
BOUND = "model bound: not a rule of the game; no quote, see docs/games/cities_knights.md"
BASE = "base Catan's rule (model.catan); stands in no project text"


def _d(local: str, quote: str, summary: str) -> str:
    """A rule from the data file's Cities & Knights table."""
    return R.rule(local, quote, summary, source=SUPP, file=DATA_FILE)


# -- components and set-up ---------------------------------------------------------------------
COMPONENTS = _d("components", "54 progress cards (18 a colour), 36 commodity cards",
                "54 progress cards, 36 commodity cards (12 each), 6 Defender cards, 6 knights"
                " and 3 walls a player, 3 metropolises, the merchant; base Catan's board"
                " (setup.board).")
COMPONENTS_REMOVED = _d("components.removed", "development cards, largest army, one white die",
             "No development cards, no largest army; the red die replaces one white die.")
SETUP_SECOND_CITY = R.rule("setup.second-city",
                    "При втором первоначальном размещении поместите город вместо поселения",
                    "The second set-up placement is a city; it takes 1 resource per adjacent"
                    " producing hex, no commodity (reading: cities_knights/setup-city-gain).")
SETUP_BOARD = R.rule("setup.board",
                "При втором первоначальном размещении поместите город вместо поселения",
                "Set-up is base Catan's but for the city of the second placement: the board"
                " is base Catan's beginner board (catan/board.beginner) or, under"
                " board=variable, base Catan's variable board laid by chance steps"
                " (catan/board.variable-terrain: the 19 terrain hexes; catan/board.spiral:"
                " the number tokens along the spiral from a random corner; the robber on the"
                " desert); the harbours are the beginner frame's.")
SETUP_PLACEMENT = R.rule("setup.placement", "", "Set-up placements are base Catan's: in snake"
                        " order from seat 0, each a building on a free intersection by the"
                        " distance rule, then a road on a free path at it.", source=BASE)
TURN_ACTOR = R.rule("turn.actor", "", "Only the player whose step it is acts, with a step of the"
               " current stage.", source=BASE)
GAME_OVER = R.rule("game.over", "", "No action after the game has ended.", source=BASE)
TURN_LIMIT = R.rule("turn.limit", "", "After 500 turns the game ends with no winner.",
                    source=BOUND)

# -- dice --------------------------------------------------------------------------------------
DICE_THREE = R.rule("dice.three", "Есть 3 типа кубиков: обычные, красные и кубики событий.",
              "A roll is the white and red production dice (one chance step, 36 outcomes),"
              " then the event die (a chance step: ship 3/6, each gate 1/6).")
DICE_EVENT = R.rule("dice.event", "На кубике События изображены 3 Корабля Варваров и 3 Замка.",
               "The event die's face: a ship moves the barbarians, a gate deals progress"
               " cards (before production: dice.event-first).")
DICE_EVENT_FIRST = _d("dice.event-first", "the event die resolves before production",
                      "The event die's ship (with an attack it brings) or gate (with its"
                      " progress draws) is resolved before the production dice pay or the"
                      " 7 is dealt with (the text gives no order).")
DICE_GATE_DRAW = _d(
    "dice.gate-draw",
    "each player whose improvement level L >= 1 in that colour draws if the red die <= L + 1",
    "On a gate face each player with level L >= 1 in its colour and red die <= L + 1"
    " draws a card of that colour (a chance step over the deck), in turn order from"
    " the roller.",
)

# -- production ------------------------------------------------------------------------------
PRODUCTION_COMMODITY = R.rule(
    "production.commodity",
    "Города, расположенные на шерсти, древесине или руде, производят 1 ресурс и 1 товар.",
    "A city on forest, pasture, mountains gives 1 resource and 1 commodity"
    " (paper, cloth, coin); on hills and fields 2 resources.",
)
PRODUCTION_ONLY_CITIES = R.rule("production.only-cities", "Только города могут производить товары",
                     "Settlements never produce commodities.")
PRODUCTION_GOLD = R.rule("production.gold", "с золотых плиток можно получить только ресурсы",
              "Gold fields give no commodities (the base board has no gold field: no effect).")
PRODUCTION_SHORTAGE = R.rule("production.shortage", "", "Bank shortage as base Catan, per card kind"
                  " (commodities too).", source=BASE)
IMPROVEMENT_AQUEDUCT = R.rule(
    "improvement.aqueduct",
    "Если ни одно из ваших чисел не выпадает или если ваше"
    " число заблокировано, вы можете выбрать ресурс по"
    " вашему выбору из банка (кроме случаев, когда выпадает"
    " 7).",
    "Science level 3: a player whom a non-7 roll gives nothing takes 1 resource"
    " of choice from the bank (reading: cities_knights/aqueduct-take), in turn order from"
    " the roller (reading: cities_knights/one-event-order).",
)

# -- the 7 and the robber -------------------------------------------------------------------
ROBBER_DISCARD = R.rule("robber.discard", "Товары учитываются при расчёте лимита сброса Грабителя",
                 "On a 7 a player over the limit (7, +2 a wall) discards half, rounded down,"
                 " resources and commodities, one card a step.")
ROBBER_NOT_BEFORE_ATTACK = R.rule(
    "robber.not-before-attack",
    "Игроки НЕ МОГУТ переместить Грабителя до первой атаки варваров, но всё равно должны"
    " сбросить карты, если у них более 7 карт (это включает в себя использование вашего"
    " рыцаря для перемещения Грабителя, а также использование Карты Прогресса Епископа).",
    "Before the first barbarian attack the robber does not move (7, knight"
    " chase, Bishop), but discards still happen.",
)
ROBBER_MOVE = R.rule("robber.move", "", "The robber moves to another hex and its mover steals 1"
                " random card (resource or commodity) from a player there.", source=BASE)

# -- barbarians -----------------------------------------------------------------------------
BARBARIANS_MOVE = R.rule("barbarians.move", "Когда на кубике Событий выпадает Корабль Варваров,"
                                           " варвары перемещаются на одну клетку вперёд по"
                                           " дорожке.",
                        "A ship face moves the barbarians one step along the 7-step track.")
BARBARIANS_TRACK = _d("barbarians.track", "track of 7 steps", "The attack comes on the 7th ship.")
BARBARIANS_STRENGTH = R.rule("barbarians.strength", "Сила Варваров = общее количество городов",
                  "Barbarian strength: cities on the board (metropolises included).")
BARBARIANS_DEFENCE = R.rule("barbarians.defence", "Сила Рыцарей = общая сила всех Активных Рыцарей",
                 "Defence: the sum of the levels of all active knights.")
BARBARIANS_DEFENDER = R.rule(
    "barbarians.defender",
    "Игрок с наибольшим количеством активных Рыцарей"
    " награждается званием Защитник Колониста стоимостью 1"
    " дополнительное Очко.",
    "Won: the sole strongest contributor takes a Defender card (1 VP).",
)
BARBARIANS_TIE = R.rule(
    "barbarians.tie",
    "Если у игроков равная сила рыцаря, каждый из этих игроков вместо"
    " этого выберет карту прогресса.",
    "Won with a tie for strongest: each tied player picks a colour and draws a"
    " progress card of it, in turn order from the roller (reading:"
    " cities_knights/one-event-order).",
)
BARBARIANS_LOSS = R.rule("barbarians.loss", "Игрок с наименьшей силой рыцаря уничтожает свой город,"
                                 " превращая его в поселение.",
              "Lost: the weakest contributor(s) each reduce a city of their choice to a"
              " settlement (its wall is lost).")
BARBARIANS_IMMUNE = R.rule(
    "barbarians.immune",
    "Игроки, у которых нет городов, а также игроки, все города"
    " которых являются метрополиями, не затрагиваются.",
    "Players without cities, or whose cities are all metropolises, are not affected; the"
    " weakest is sought among the others (reading: cities_knights/loss-among).",
)
BARBARIANS_RESET = R.rule(
    "barbarians.reset",
    "После атаки варвары возвращаются в начало дорожки и все рыцари деактивируются.",
    "After an attack the ship returns to the start and all knights deactivate.",
)

# -- knights ----------------------------------------------------------------------------------
KNIGHT_BUILD = R.rule("knight.build", "1 рыцарь стоит 1 шерсти и 1 руды.",
                     "A basic knight costs wool + ore; it stands inactive on an empty"
                     " intersection touching its owner's road.")
KNIGHT_PLACE = R.rule("knight.place", "Может быть размещен где угодно в конце или между"
                      " дорогами.", "A knight goes on an empty intersection at one's own road"
                      " (reading: cities_knights/knight-site).")
KNIGHT_LIMIT = R.rule("knight.limit", "У каждого игрока может быть 2 Обычных рыцаря, 2 Сильных"
                                      " рыцаряи 2 Могучих рыцаря.",
                      "At most 2 knights of each level per player.")
KNIGHT_ACTIVATE = R.rule("knight.activate", "Активация рыцаря стоит 1 Grain. | Вы МОЖЕТЕ"
                         " разместить рыцаря и активировать его в один и тот же ход.",
                  "Activating an inactive knight costs grain (one placed this turn too).")
KNIGHT_NO_ACT_WHEN_ACTIVATED = R.rule(
    "knight.no-act-when-activated",
    "Вы НЕ МОЖЕТЕ разместить рыцаря, активировать рыцаря и выполнить действие рыцаря.",
    "A knight activated this turn takes no action this turn.",
)
KNIGHT_PROMOTE = R.rule("knight.promote", "Улучшение рыцаря стоит 1 Шерсть и 1 Руду. |"
                        " Улучшенные рыцари останутся активными или неактивными.",
                 "Promoting a knight one level costs wool + ore (active state kept).")
KNIGHT_PROMOTE_ONCE = R.rule("knight.promote-once", "Вы МОЖЕТЕ разместить рыцаря 1-го уровня и"
                             " улучшить его в один и тот же ход. Вы НЕ МОЖЕТЕ улучшить рыцаря"
                             " дважды за один и тот же ход.",
                             "A knight is promoted at most once a turn (one placed this turn"
                             " too).")
KNIGHT_MIGHTY = R.rule("knight.mighty", "Вы можете ТОЛЬКО улучшить рыцарей до 3 уровня после того,"
                  " как достигнете третьего уровня в Политическом Улучшении Города (Крепость)."
                  " Однако вы можете получить рыцаря 3-го уровня, не имея Крепости, используя"
                  " карту Дезертира на другом игроке, у которого есть рыцарь 3-го уровня.",
                  "Promotion to mighty needs politics level 3; the Deserter may bring a mighty"
                  " knight without it.")
KNIGHT_MOVE = R.rule("knight.move", "Действия рыцаря (они деактивируют вашего рыцаря): -"
                                    " Перемещение рыцаря - переместите рыцаря в любое доступное"
                                    " место в той же дорожной сети.",
                                    "An active knight moves to an empty intersection of its"
                     " road network and deactivates (after the roll: reading"
                     " cities_knights/knight-action-time).")
KNIGHT_DISPLACE = R.rule("knight.displace", "Если уровень вашего рыцаря выше, чем у противника, вы"
                                     " можете сместить вражеского рыцаря, чтобы противник должен"
                                     " был переместить его или удалить. Оба рыцаря должны быть"
                                     " соединены друг с другом дорогой.",
                  "An active knight takes the place of a weaker rival knight in its road"
                  " network and deactivates; the rival moves his knight to an empty"
                  " intersection at his roads, or loses it.")
KNIGHT_CHASE = R.rule(
    "knight.chase",
    "Вы можете переместить Грабителя, если он находится на плитке,"
    " которую касается один из ваших активных рыцарей. Вы можете сделать это с несколькими"
    " рыцарями за ход, пока они были активны до начала вашего хода.",
    "A knight active since before this turn, touching the robber's hex, chases it"
    " (the robber moves; a steal: reading cities_knights/chase-steal) and"
    " deactivates.",
)
KNIGHT_BREAK_ROAD = R.rule("knight.break-road", "Может нарушить длину дороги другого игрока, если"
                                         " находится между его дорогами.",
                    "A knight between a rival's roads breaks them for the longest road (and"
                    " blocks rival roads through its intersection).")

# -- walls -----------------------------------------------------------------------------------
WALL_BUILD = R.rule("wall.build", "Городская стена стоит 2 кирпича",
              "A city wall costs 2 brick.")
WALL_SITE = R.rule("wall.site", "Если варвары разрушают город, стена этого города также"
                                " разрушается.",
                   "A wall is a city's ('стена этого города', 'Городская стена'): it goes on one"
                   " of its builder's own cities, never on a settlement, a rival's city or no"
                   " intersection; the text names no other place for it.")
WALL_LIMIT = R.rule("wall.limit", "Каждый игрок может разместить максимум 3 стены, достигнув"
                                  " максимального предела сброса 13 карт. - В городе может быть"
                                  " только одна стена.",
                    "At most 3 walls a player, one per city.")
WALL_DISCARD_LIMIT = R.rule(
    "wall.discard-limit",
    "Городские стены увеличивают лимит сброса на 2 карты,"
    " помогая защитить вас от потери карт при выпадении 7.",
    "Each wall raises its owner's discard limit by 2.",
)
WALL_LOST = R.rule("wall.lost", "Если варвары разрушают город, стена этого города также"
                                " разрушается.",
                   "A wall is lost with its city.")

# -- improvements, metropolises --------------------------------------------------------------
IMPROVEMENT_BUY = R.rule("improvement.buy", "Каждый уровень Улучшения Города стоит на один ресурс"
                 " больше.", "Level k of trade/politics/science costs k cloth/coin/paper.")
IMPROVEMENT_COST = _d("improvement.cost", "level k costs k commodities of its kind",
                  "The published costs (the text lost the table).")
IMPROVEMENT_CITY = R.rule("improvement.city", "Чтобы купить Улучшение Города, у вас должен быть"
                      " хотя бы 1 город.", "Buying an improvement needs a city (reading:"
                      " cities_knights/improvement-city).")
IMPROVEMENT_MAX = R.rule("improvement.max", "1-й уровень | | Уровень 2 | | Уровень 3 | |"
                         " Уровень 4 | | Уровень 5 |",
                         "At most level 5 of each kind (the levels' table ends at 5).")
IMPROVEMENT_TRADING_HOUSE = R.rule(
    "improvement.trading-house",
    "Торгуйте товарами по курсу 2:1 за любой другой ресурс или товар.",
    "Trade level 3: commodities trade 2:1 with the bank.",
)
METROPOLIS_FIRST = R.rule("metropolis.first", "Первый игрок, достигший 4-го уровня в типе Улучшения"
                                        " Города, может улучшить город до Метрополии за 2 Очка |"
                                        " Ограничения Метрополиса: - Только 1 Метрополия для"
                                        " каждого типа Улучшения Города.",
                    "The first to level 4 of a kind puts its metropolis on one of his cities"
                    " (+2 VP); one metropolis a kind.")
METROPOLIS_TAKE = R.rule("metropolis.take", "Игроки могут украсть Метрополию, если они первыми"
                                            " достигнут 5-го уровня Улучшения Города.",
                                            "The first to level 5 takes the"
                         " metropolis from a level-4 holder; then it stays.")
METROPOLIS_NEEDS_CITY = R.rule(
    "metropolis.needs-city",
    "Игроки могут иметь более 1 Метрополиса. - Чтобы купить Улучшение Города 4-го уровня,"
    " игрокам необходим доступный город. Вы не можете повысить статус Метрополии или"
    " приобрести Улучшение Города 4-го уровня, не имея доступного города.",
    "Level 4 needs a city of one's own without a metropolis (reading:"
    " cities_knights/level-four-city); level 5 needs one when it brings"
    " the buyer the metropolis; a player may hold several metropolises.",
)
METROPOLIS_IMMUNE = R.rule("metropolis.immune", "Варвары не могут разрушить Метрополию.",
                         "A metropolis city is never reduced by the barbarians.")

# -- building (base Catan's rules, with knights as pieces) ----------------------------------
BUILD_ROAD = R.rule("build.road", "", "A road goes on a free path touching one's building or"
                    " road, not through a rival piece (building or knight); 15 a player;"
                    " brick + lumber.", source=BASE)
BUILD_SETTLEMENT = R.rule("build.settlement", "", "A settlement goes on an empty intersection"
                          " (no knight: reading cities_knights/knight-holds-site) at one's"
                          " road, by the distance rule; 5 a player; brick + lumber + wool +"
                          " grain.", source=BASE)
BUILD_CITY = R.rule("build.city", "", "A city replaces one's settlement; 4 a player; 2 grain"
                    " + 3 ore.", source=BASE)

# -- trade -----------------------------------------------------------------------------------
TRADE_MARITIME = R.rule("trade.maritime", "Товарами можно торговать, как и любым другим ресурсом.",
                  "Maritime trade as base Catan (4:1, harbours), commodities included"
                  " (reading: cities_knights/commodity-harbour).")
TRADE_DOMESTIC = R.rule("trade.domestic", "Товарами можно торговать, как и любым другим ресурсом.",
                  "Domestic trade as base Catan's (catan/trade.*: offers built card by card,"
                  " answers, counter-offers), commodities included; its rejections name"
                  " this rule.")
TRADE_LIMIT = R.rule("trade.limit", "", "At most 10 trades (maritime and domestic) and 3"
                     " domestic offers a turn.", source=BOUND)

# -- progress cards: the rules of holding them -----------------------------------------------
PROGRESS_DECKS = _d("progress.decks", "merchant 6, resource monopoly 4, commercial harbor 2",
                    "Three decks of 18 by colour with the published counts.")
PROGRESS_HAND_LIMIT = R.rule(
    "progress.hand-limit",
    "В вашей руке может быть только 4 карты прогресса."
    " Однако у вас может быть 5 в свой ход. Если вы"
    " заканчиваете свой ход с 5 картами прогресса, вы"
    " должны немедленно сбросить 1 из них.",
    "At most 4 progress cards in hand; 5 during one's turn (a 6th is"
    " discarded at once), down to 4 at its end (reading:"
    " cities_knights/own-turn-hand).",
)
PROGRESS_OFF_TURN = R.rule(
    "progress.off-turn",
    "Если Вы вытягиваете 5-ю карту прогресса не в свой ход, Вы"
    " должны сбросить одну карту прогресса с руки.",
    "Drawing a 5th card off one's turn: discard one at once.",
)
PROGRESS_VP_CARDS = R.rule(
    "progress.vp-cards",
    "Очки с карт прогресса (книгопечатание и основной закон)"
    " не засчитываются в счет 4 карт в вашей руке.",
    "Printer and Constitution are kept face up at once (1 VP each) and do not count in the hand.",
)
PROGRESS_PLAY = R.rule(
    "progress.play",
    "",
    "A progress card is played after the roll (the Alchemist"
    " before it; reading: cities_knights/progress-before-roll), any number a turn"
    " (reading: cities_knights/progress-play-count),"
    " when it can do something (reading: cities_knights/progress-without-effect);"
    " the played card goes under its deck (reading:"
    " cities_knights/spent-progress-cards).",
    source="published game; stands in no project text",
)


def _card(local: str, quote: str, summary: str) -> str:
    return R.rule(f"progress.{local}", quote, summary)


PROGRESS_MERCHANT = _card(
    "merchant",
    "Переместите Торговца на любую клетку, касающуюся одного из ваших поселений. Вы можете"
    " совершать сделки 2:1 с этим ресурсом, пока он там находится. Контроль над этим"
    " торговцем дает вам 1 очко.",
    "The merchant moves to a land hex at one's building, the hex it stands on too (reading:"
    " cities_knights/merchant-same-hex): 2:1 for its resource, 1 VP while held.",
)
PROGRESS_RESOURCE_MONOPOLY = _card(
    "resource-monopoly",
    "Выберите ресурс для всех игроков, чтобы дать вам 2 из",
    "Name a resource: each other player gives up to 2.",
)
PROGRESS_COMMERCIAL_HARBOR = _card(
    "commercial-harbor",
    "Заставьте каждого игрока обменять вам товар по своему выбору на один из ваших ресурсов."
    " Вы можете закончить использование этой карты раньше, не совершая всех доступных"
    " сделок.",
    "Each other player in turn: offer him a resource; he gives a"
    " commodity of his choice for it (with none, no exchange); one may"
    " stop early, no rival passed over (reading: cities_knights/commercial-harbor-order),"
    " all at once (reading: cities_knights/commercial-harbor-at-once);"
    " each rival once a turn (reading: cities_knights/commercial-harbor-once).",
)
PROGRESS_MASTER_MERCHANT = _card(
    "master-merchant",
    "Выберите 1 игрока, у которого больше очков, чем у"
    " вас, чтобы увидеть его карты ресурсов и товаров."
    " Выберите 2 карты, чтобы украсть их руку.",
    "Take 2 cards of choice from the hand of a player with more points (1 from a hand of"
    " 1: reading cities_knights/two-from-one).",
)
PROGRESS_MERCHANT_FLEET = _card(
    "merchant-fleet",
    "Выберите 1 ресурс или товар. Вы можете обменять его по"
    " курсу 2:1 на любой другой ресурс или товар до конца"
    " вашего хода.",
    "One named card trades 2:1 with the bank till the turn ends; a"
    " second Fleet adds its card, the first's stays.",
)
PROGRESS_TRADE_MONOPOLY = _card("trade-monopoly", "Выберите любой товар для всех игроков, чтобы"
                       " получить 1 из", "Name a commodity: each other player gives 1.")
PROGRESS_SPY = _card(
    "spy",
    "Выберите игрока, чтобы просмотреть все его карты прогресса, и украдите 1 из них.",
    "Take a progress card of choice from a player's hand.",
)
PROGRESS_BISHOP = _card(
    "bishop",
    "Переместите Грабителя и украдите по 1 карте у каждого игрока на плитке,"
    " на которую переместился Грабитель.",
    "Move the robber; steal 1 random card from each player there.",
)
PROGRESS_CONSTITUTION = _card(
    "constitution", "1 Конституция | Плюс одно очко", "1 VP, kept face up."
)
PROGRESS_DESERTER = _card(
    "deserter",
    "Выберите противника, чтобы удалить рыцаря по своему выбору. Вы"
    " можете разместить одного из своих рыцарей бесплатно, если у вас"
    " есть свободное место.",
    "A rival loses a knight (chosen by: reading cities_knights/deserter-choice); one may"
    " place a knight of that level free, or the strongest lower one left with none of it"
    " (reading: cities_knights/deserter-level), inactive (reading:"
    " cities_knights/deserter-knight).",
)
PROGRESS_DIPLOMAT = _card(
    "diplomat",
    "Уберите все открытые дороги. Если это ваша собственная дорога, вы можете ее переместить.",
    "Remove open road(s) (reading: cities_knights/diplomat); each of one's own"
    " removed may be moved free to another path (not back where a removed road"
    " of one's own stood).",
)
PROGRESS_INTRIGUE = _card(
    "intrigue",
    "Сместите вражеского рыцаря, коснувшегося одной из ваших дорог. Если"
    " у противника нет свободного места для его размещения, его"
    " необходимо убрать с доски.",
    "Displace a rival knight at one of one's roads (no knight needed).",
)
PROGRESS_SABOTEUR = _card(
    "saboteur",
    "Все игроки, имеющие равное или большее количество очков, чем у вас,"
    " должны сбросить половину своих карт ресурсов/товаров.",
    "Each other player with at least one's points discards half his cards (reading:"
    " cities_knights/saboteur-self).",
)
PROGRESS_WARLORD = _card("warlord", "Активируйте всех своих рыцарей бесплатно",
                "Activate all one's knights free (reading: cities_knights/warlord-activated).")
PROGRESS_WEDDING = _card(
    "wedding",
    "Все игроки, набравшие больше очков, чем вы, дадут вам 2 ресурса или товара по своему выбору.",
    "Each player with more points gives 2 cards of his choice (a hand of 1 gives its"
    " card: reading cities_knights/two-from-one).",
)
PROGRESS_ALCHEMIST = _card(
    "alchemist",
    "Играйте в начале своего хода до броска кубиков. Определить бросок красного и обычного кубика",
    "Before the roll: choose the white and red dice (the event die is rolled).",
)
PROGRESS_CRANE = _card(
    "crane",
    "Постройте Улучшение Города за один товар меньше. Их нельзя объединить"
    " вместе, чтобы оплатить на 2+ товаров меньше за один ход",
    "The next improvement this turn costs one commodity less (not cumulative; one"
    " Crane a turn, reading: cities_knights/crane-per-turn).",
)
PROGRESS_ENGINEER = _card("engineer", "Постройте городскую стену бесплатно, если у вас есть город",
                 "Build a city wall free.")
PROGRESS_INVENTOR = _card("inventor", "Поменяйте местами 2 числа на доске (кроме 6, 8, 2, 12)",
                 "Swap two number tokens other than 2, 6, 8, 12 (two equal ones too:"
                 " reading cities_knights/progress-nothing-chosen).")
PROGRESS_IRRIGATION = _card(
    "irrigation",
    "Соберите по 2 карты зерна за каждый отдельный тайл зерна, на"
    " котором у вас есть поселение или город.",
    "2 grain per fields hex at one's buildings (a short bank: what remains, as"
    " cities_knights/production.shortage).",
)
PROGRESS_MEDICINE = _card("medicine", "Улучшите поселение до города за 2 карты руды и 1 зерно.",
                 "A city for 2 ore + 1 grain.")
PROGRESS_MINING = _card(
    "mining",
    "Соберите по 2 карты руды за каждую отдельную плитку руды, на которой у"
    " вас есть поселение или город.",
    "2 ore per mountains hex at one's buildings (a short bank: what remains, as"
    " cities_knights/production.shortage).",
)
PROGRESS_PRINTER = _card("printer", "Книгопечатание | Плюс одно очко", "1 VP, kept face up.")
PROGRESS_ROAD_BUILDING = _card(
    "road-building", "Постройте 2 бесплатные дороги", "Place 2 free roads."
)
PROGRESS_SMITH = _card("smith", "Улучшите до 2 рыцарей бесплатно", "Promote up to 2 knights free"
                       " (none too: reading cities_knights/progress-nothing-chosen).")

# -- victory ---------------------------------------------------------------------------------
VICTORY_THIRTEEN = R.rule(
    "victory.thirteen",
    "Победителем становится тот, кто первым наберет 13 очков.",
    "13 VP on one's own turn wins (checked at every step of it).",
)
VICTORY_OWN_TURN = R.rule("victory.own-turn", "Вы можете выиграть игру только в свой ход.",
                  "Points gained off turn win only when one's turn comes.")
VICTORY_POINTS = R.rule(
    "victory.points",
    "Получите баллы, выполнив следующие действия: +1 балл | Постройте поселение | | +1 балл |"
    " Улучшить поселение до города | | +2 балла | Постройте самую длинную дорогу. Для"
    " получения этого достижения необходимо построить как минимум 5 последовательных дорог"
    " | | +1 балл | Наивысшая сила Рыцаря при победе над Варварами (Защитник Колониста) | |"
    " +1 балл | Контроль над Продавцом | | +1 балл | Получите карту прогресса, дающую одно"
    " очко (книгопечатание и основной закон) | | +2 балла | Наличие Мегаполиса |",
    "Points: settlement 1, city 2 (a settlement's 1 and the upgrade's 1), metropolis +2,"
    " longest road 2, Defender 1 each, merchant 1, Printer/Constitution 1.",
)
VICTORY_LONGEST_ROAD = R.rule(
    "victory.longest-road",
    "Для получения этого достижения необходимо построить как минимум 5 последовательных дорог",
    "Longest road as base Catan.",
)

# -- ambiguities -----------------------------------------------------------------------------
A_BOARD = R.ambiguity(
    "board",
    quote="При втором первоначальном размещении поместите город вместо поселения",
    question="On which board is the game set up? The text changes only the second set-up"
             " placement, so base Catan's set-up stands, which offers two boards.",
    readings={"beginner": "base Catan's beginner board (catan/board.beginner)",
              "variable": "base Catan's variable board: the terrain hexes, then the number"
                          " tokens along the spiral, laid as chance steps"
                          " (catan/board.variable-terrain, catan/board.spiral); the"
                          " beginner frame's harbours"},
    default="beginner",
    why="The text names no board and keeps base Catan's set-up, whose default is the"
        " beginner board (catan's option board).",
    source="base Catan's set-up (model.catan), which the text keeps",
    option="board",
)
A_SETUP_GAIN = R.ambiguity(
    "setup-city-gain",
    quote="При втором первоначальном размещении поместите город вместо поселения",
    question="What does the city of the second set-up placement take: base Catan's starting"
             " cards for the second placement, or what a city produces?",
    readings={"resources": "1 resource per adjacent producing hex, no commodity (base"
                           " Catan's starting cards, the city taking them as the settlement"
                           " did)",
              "production": "a city's production from each adjacent producing hex: 1"
                            " resource and 1 commodity from forest, pasture and mountains,"
                            " 2 resources from hills and fields (chapter 4)"},
    default="resources",
    why="The sentence changes the piece placed ('город вместо поселения'), not the starting"
        " cards base Catan gives for the second placement, and chapter 4 speaks of a roll's"
        " production; the published game gives the city 1 resource per adjacent hex and no"
        " commodity.",
    source="published game's set-up (not in data/README.md: confidence M)",
    option="setup-gain",
)
A_BEFORE_ROLL = R.ambiguity(
    "progress-before-roll",
    quote="Играйте в начале своего хода до броска кубиков.",
    question="May a progress card other than the Alchemist be played before the roll, as"
             " base Catan's development cards they replace may (catan/development-before-"
             "roll)?",
    readings={"after-roll": "no: only the Alchemist before the roll, every other card after"
                            " it",
              "any-time": "yes: any card that can do something before the roll too (it"
                          " returns to the roll when done), the Alchemist only then"},
    default="after-roll",
    why="The text gives a time only to the Alchemist ('Играйте в начале своего хода до"
        " броска кубиков'), setting it apart from the other cards; the published game lets"
        " no other progress card be played before the roll.",
    source="published game's rules (not in data/README.md: confidence M)",
    option="progress-timing",
)
A_DIPLOMAT = R.ambiguity(
    "diplomat",
    quote="Уберите все открытые дороги. Если это ваша собственная дорога, вы можете ее"
          " переместить.",
    question="Does the Diplomat remove all open roads or one open road?",
    readings={"one": "one open road of any player; one's own may be re-placed free",
              "all": "every open road of every player; each of one's own may be re-placed"
                     " free"},
    default="one",
    why="The published card removes one open road; the text's 'all' then speaks of 'it'"
        " (one road) in its next sentence.",
    source="published game (data/README.md, confidence H)",
    option="diplomat",
)
A_OPEN_ROAD = R.ambiguity(
    "open-road",
    quote="Уберите все открытые дороги.",
    question="Which road is open ('открытые дороги': the text does not say)?",
    readings={"loose-end": "a road with an end where its owner has no other road, no"
                           " building and no knight; a rival's piece at an end neither"
                           " opens nor closes it"},
    default="loose-end",
    why="The publisher's answer: a road segment is open when it lies at the end of a"
        " continuous road; a road joining two of one's settlements, or a settlement and one"
        " of one's knights, is closed, and stays closed when a rival's settlement or knight"
        " interrupts it. An end at one's own road, building or knight is no end of the"
        " continuous road; an end anywhere else is.",
    source="publisher's FAQ (www.catan.com/faq, Cities & Knights, 'Diplomat - When is a road"
           " open?'; not in data/README.md: confidence M)",
)
A_DEFENDER = R.ambiguity(
    "defender",
    quote="Игрок с наибольшим количеством активных Рыцарей награждается званием",
    question="Does the Defender go to the most active knights or to the highest strength"
             " (the text says both)?",
    readings={"strength": "the highest sum of active knight levels",
              "count": "the most active knights"},
    default="strength",
    why="The next line of the text speaks of equal strength, as does the published game.",
    source="published game (data/README.md, confidence H)",
    option="defender",
)
A_LOSERS = R.ambiguity(
    "attack-losers",
    quote="Игрок с наименьшей силой рыцаря уничтожает свой город",
    question="When several players tie for the lowest contribution, do all lose a city?",
    readings={"all-tied": "every player tied for the lowest loses a city",
              "one": "only the first of the tied players in turn order from the roller"},
    default="all-tied",
    why="'Игрок' in 'Игрок с наименьшей силой рыцаря уничтожает свой город' is the"
        " sentence's general subject, not a count: the winning side's sentence is as"
        " singular ('Игрок с наибольшим количеством активных Рыцарей') and the text gives"
        " its tie at once ('Если у игроков равная сила рыцаря, каждый из этих игроков"
        " ...'); for the lowest it names no tie and no order to pick one loser by, which"
        " the 'one' reading needs (it takes turn order from the roller, as the gates'"
        " draws). The data file gives the published game: every player tied for the"
        " lowest contribution loses a city.",
    source="published game (data/README.md, confidence H); the text's tie sentence for the"
           " winning side (chapter 7)",
    option="losers",
)
A_MERCHANT = R.ambiguity(
    "merchant-site",
    quote="касающуюся одного из ваших поселений",
    question="May the merchant go beside one's cities, or only beside settlements?",
    readings={"building": "a land hex touching one's settlement or city",
              "settlement": "a land hex touching one's settlement"},
    default="building",
    why="The published card allows a settlement or city.",
    source="published game (data/README.md, confidence H)",
    option="merchant",
)
A_IMPROVE_CITY = R.ambiguity(
    "improvement-city",
    quote="если на игровом поле есть хотя бы 1 город",
    question="Does buying an improvement need a city of one's own or any city on the board?",
    readings={"own": "a city of one's own (chapter 10)",
              "board": "any city on the board (chapter 4)"},
    default="own",
    why="Chapter 10 and the published game require one's own city.",
    source="published game (data/README.md, confidence H)",
    option="improvement-city",
)
A_DESERTER = R.ambiguity(
    "deserter-choice",
    quote="Выберите противника, чтобы удалить рыцаря по своему выбору.",
    question="Who chooses the knight the Deserter removes?",
    readings={"victim": "the victim chooses", "player": "the card's player chooses"},
    default="victim",
    why="The published card lets the victim choose.",
    source="published game (data/README.md, confidence H)",
    option="deserter",
)
A_LEVEL4_CITY = R.ambiguity(
    "level-four-city",
    quote="Чтобы купить Улучшение Города 4-го уровня, игрокам необходим доступный город.",
    question="Does buying level 4 always need a city without a metropolis, or only when the"
             " metropolis would come to the buyer?",
    readings={"always": "level 4 always needs a city without a metropolis (level 5 when it"
                        " brings the metropolis)",
              "if-metropolis": "only when the purchase brings the buyer the metropolis"},
    default="always",
    why="The text says it twice and without a condition: 'Чтобы купить Улучшение Города"
        " 4-го уровня, игрокам необходим доступный город' and 'Вы не можете ... приобрести"
        " Улучшение Города 4-го уровня, не имея доступного города'. data/README.md says only"
        " that the metropolis 'needs a city without a metropolis', which both readings"
        " keep; it says nothing of a level-4 purchase that brings none, so nothing argues"
        " against the text's words.",
    source="the rules text (chapter 11, twice)",
    option="level-four-city",
    # the first seed of a scan of seeds 0-98 (3 and 4 players, eager play) with a player
    # whose every city bears a metropolis able to pay level 4 of another's kind
    witness=Witnessed(players=4, seed=98, policy="eager"),
)
A_PLAY_COUNT = R.ambiguity(
    "progress-play-count",
    quote="Карты Прогресса заменяют Карты Развития.",
    question="Do the development cards' limits carry over to the progress cards replacing"
             " them: how many may be played a turn, and may one gained this turn be played?",
    readings={"any": "any number a turn, including one gained this turn",
              "one": "as development cards: at most one a turn (the Alchemist included),"
                     " never one gained this turn"},
    default="any",
    why="The text states no limit on playing progress cards; the published game lets any"
        " number be played a turn, also in the turn drawn (its rules; the project data"
        " gives no value).",
    source="published game's rules as commonly played; not in data/README.md, so unconfirmed"
           " by a collected source (confidence: medium)",
    option="progress-play",
)
A_WARLORD = R.ambiguity(
    "warlord-activated",
    quote="Вы НЕ МОЖЕТЕ разместить рыцаря, активировать рыцаря и выполнить действие рыцаря.",
    question="May a knight the Warlord activates take a knight action in the same turn?",
    readings={"cannot-act": "no: it was activated this turn, like a knight activated for"
                            " grain",
              "may-act": "yes: only a paid activation bars a knight's action that turn"},
    default="cannot-act",
    why="The published game: a knight cannot act in the turn it was activated"
        " (data/README.md, confidence H); the Warlord activates.",
    source="supplementary data (confidence H)",
    option="warlord",
)
A_DESERTER_KNIGHT = R.ambiguity(
    "deserter-knight",
    quote="Вы можете разместить одного из своих рыцарей бесплатно, если у вас есть свободное"
          " место.",
    question="Does the knight the Deserter places free come active or inactive?",
    readings={"inactive": "inactive, as every newly placed knight",
              "as-removed": "active when the removed knight was active; placed and active"
                            " in this turn, it takes no action this turn (as a knight placed"
                            " and activated)"},
    default="inactive",
    why="The text and the data are silent; a knight is placed inactive (data/README.md:"
        " recruited knights come inactive). A knight placed active comes active in the turn"
        " it is placed, so under either reading of knight-act-activated it takes no action"
        " that turn: 'Вы НЕ МОЖЕТЕ разместить рыцаря, активировать рыцаря и выполнить"
        " действие рыцаря', and it was not active before the turn began, as the chase"
        " needs.",
    source="project default (the text is silent)",
    option="deserter-knight",
)
A_OWN_TURN_HAND = R.ambiguity(
    "own-turn-hand",
    quote="Однако у вас может быть 5 в свой ход.",
    question="May the player on turn hold more than 5 progress cards during his turn?",
    readings={"five": "no: a card beyond the 5th on his turn is discarded at once; at its"
                      " end he discards down to 4",
              "discard-at-end": "yes: any number during his turn, discarding down to 4 at"
                                " its end"},
    default="five",
    why="The text bounds the hand on one's turn: 'у вас может быть 5 в свой ход', and has"
        " the player end his turn with at most 5 ('Если вы заканчиваете свой ход с 5"
        " картами'). data/README.md ('a 5th off one's turn is discarded at once, on one's"
        " turn by its end') speaks of a 5th card only and allows no 6th. The readings differ"
        " only for a player holding a 6th card on his turn, which no game from the set-up"
        " gives (see why no witness); an engine's or a tester's state may.",
    source="the rules text (chapter 12); data/README.md agrees for the 5th card",
    option="own-turn-hand",
    no_witness="No game from the set-up gives the player on turn a 6th progress card: his"
               " turn begins with at most 4 (the off-turn limit, the end-of-turn discard),"
               " its roll draws at most one (a gate or the barbarians' reward, never both),"
               " and the card a Spy takes replaces the Spy played. The invariant"
               " cities_knights/inv.turn checks that bound in seeded play. Measured: in 90"
               " games (seeds 0-14, 3 and 4 players, uniform, eager and steer; 322,257"
               " states, 8 minutes) the player on turn never held more than 5. The readings"
               " part only from a built state (tests/model/cities_knights/test_edges.py plays"
               " both).",
)
A_SPENT = R.ambiguity(
    "spent-progress-cards",
    quote="Существует 18 Карт Прогресса каждого типа.",
    question="Where do played and discarded progress cards go, and what does a draw from an"
             " empty deck give?",
    readings={"under": "each goes face down under the deck of its colour, in the order"
                       " they come; they are drawn, in that order, once the cards above them"
                       " are drawn; a draw from a deck emptied by the hands gives nothing",
              "set-aside": "they are set aside for good; a draw from an empty deck gives"
                           " nothing"},
    default="under",
    why="The text is silent. In the published game a played progress card goes under its"
        " stack, so a deck runs dry only while the hands hold all its cards (with 4 players"
        " the 17 politics or science cards other than the Constitution or Printer, which lie"
        " face up); set aside, they run dry (an eager game empties the politics deck in"
        " about 80 turns, a long game all 54 cards).",
    source="published game's rules (not in data/README.md: confidence M)",
    option="progress-return",
)
A_CRANE = R.ambiguity(
    "crane-per-turn",
    quote="Их нельзя объединить вместе, чтобы оплатить на 2+ товаров меньше за один ход",
    question="May a second Crane be played in a turn, for a second improvement, once the"
             " first has been used?",
    readings={"one-a-turn": "no: one Crane a turn, so never 2 commodities less in a turn",
              "per-improvement": "yes: two Cranes never discount one improvement together,"
                                 " but each may discount its own"},
    default="one-a-turn",
    why="The text bars paying 2 or more commodities less 'за один ход' (in one turn), not"
        " only on one improvement; two Cranes on two improvements pay 2 less in the turn.",
    source="the rules text (chapter 15)",
    option="crane",
    # a directed search (oracle/witness_search.py: cities_knights_cranes, science first and
    # a Crane kept until its player holds two, width 8, branch 4, segment 12; the scan of
    # seeds 0-19 finds no game) reaches a player who used a Crane on an improvement and
    # holds the second
    witness=Witnessed(players=3, seed=0, policy="directed", choices=(
        51, 1, 3, 1, 10, 0, 13, 0, 36, 2, 0, 1, 0, 1, 0, 6, 0, 1, 0, 6, 0, 1, 0, 1, 0, 2, 0,
        0, 0, 3, 0, 1, 0, 3, 0, 0, 2, 0, 3, 0, 0, 3, 0, 0, 0, 0, 2, 0, 3, 0, 14, 3, 0, 2, 0,
        1, 3, 0, 3, 0, 2, 0, 3, 0, 2, 0, 9, 0, 5, 10, 0, 0, 0, 0, 3, 0, 0, 7, 2, 1, 7, 0, 1,
        11, 2, 0, 1, 2, 0, 4, 3, 0, 2, 0, 10, 0, 10, 0, 0, 2, 6, 2, 0, 5, 7, 0, 4, 1, 1, 0,
        4, 1, 7, 0, 1, 1, 4, 9, 0, 3, 0, 2, 1, 1, 5, 7, 0, 0, 0, 0, 6, 7, 1, 7, 1, 2, 7, 1,
        0, 3, 0, 2, 0, 9, 0, 3, 3, 0, 0, 4, 1, 1, 7, 0, 0, 2, 0, 9, 0, 4, 0, 2, 0, 9, 0, 14,
        0, 6, 0, 6, 8, 0, 0, 1, 2, 0, 1, 2, 2, 2, 0, 3, 3, 0, 3, 4, 8, 0, 2, 0, 3, 0, 6, 5,
        10, 0, 0, 4, 15, 0, 9, 0, 0, 2, 0, 7, 1, 4, 9, 10, 0, 3, 0, 5, 1, 15, 0, 0, 0, 1, 0,
        1, 1, 1, 1, 2, 4, 1, 0, 3, 0, 5, 0, 3, 1, 0, 1, 8, 1, 0, 3, 0, 7, 0, 16, 1, 0, 4, 6,
        0, 1, 4, 4, 8, 1, 9, 2, 0, 2, 4, 6, 8, 0, 0, 3, 0, 0, 5, 0, 3, 0, 3, 0, 1, 4, 0, 1,
        7, 10, 1, 7, 9, 5, 4, 0, 0, 2, 0, 0, 2, 0, 2, 0, 0, 6, 7, 1, 7, 5, 2, 2, 0, 0, 3, 0,
        16, 3, 3, 2, 4, 0, 3, 0, 3, 0, 4, 0, 1, 6, 3, 2, 7, 0, 1, 3, 0, 7, 8, 0, 4, 0, 4, 3,
        0, 2, 11, 9, 3, 0, 0, 0, 0, 0, 4, 0, 3, 0, 0, 2, 4, 0, 11, 0, 2, 0, 8, 4, 11, 0, 0,
        12, 0, 7, 9, 11, 0, 0, 3, 4, 0, 3, 0, 2, 0, 1, 4, 4, 0, 6, 2, 6, 10, 0, 0, 4, 0, 17,
        3, 2, 6, 8, 0, 0, 1, 1, 1, 0, 3, 0, 1, 5, 0, 1, 0, 3, 3, 0, 2, 0, 0, 0, 0, 0, 5, 0,
        1, 3, 2, 1, 15, 1, 0, 1, 5, 0, 2, 1, 2, 1, 4, 0, 1, 0, 14, 0, 5, 0, 0, 1, 7, 3, 0,
        2, 2, 0, 14, 0, 2, 9, 9, 0, 0, 4, 0, 15, 2, 0, 7, 0, 0, 2, 3, 7, 0, 0, 3, 0, 4, 0,
        2, 0, 1, 6, 0, 5, 0, 10, 2, 0, 1, 0, 0, 2, 5, 0, 5, 5, 0, 2, 0, 0, 5, 3, 0, 5, 0, 2,
        2, 4, 0, 5, 3, 0, 6, 0, 0, 5, 3, 0, 0, 8, 8, 0, 0, 3, 0, 13, 4, 9, 5, 3, 7, 9, 0, 0,
        7, 0, 4, 0, 3, 0, 0, 3, 0, 11, 1, 2, 0, 3, 0, 1, 1, 4, 0, 0, 0, 0, 4, 0, 1, 4, 0, 2,
        0, 7, 0, 0, 2, 0, 15, 3, 0, 1, 0, 3, 0, 1, 3, 2, 0, 14, 3, 0, 0, 0, 2, 0, 0, 3, 0,
        0, 1, 3, 1, 0, 2, 0, 3, 0, 1, 0, 3, 2, 0, 0, 8, 2, 0, 14, 2, 0, 1, 0, 2, 0, 7, 2, 9,
        1, 0, 8, 0, 9, 0, 2, 0, 1, 2, 0, 6, 3, 0, 2, 0, 0, 2, 0, 5, 0, 12, 0, 6, 8, 0, 1,
        12, 11, 1, 5, 2, 8, 0, 2, 0, 2, 0, 2, 5, 0, 2, 0, 2, 0, 5, 0, 4, 2, 0, 9, 0, 0, 6,
        1, 3, 8, 1, 9, 5, 2, 6, 5, 1, 2, 0, 0, 4, 0, 3, 0, 2, 10, 10, 10, 0, 1, 13, 0, 3, 2,
        0, 3, 0, 0, 6, 7, 0, 2, 0, 12, 2, 5, 9, 1, 4, 8, 12, 0, 0, 3, 0, 8, 7, 0, 2, 16, 0,
        2, 2, 0, 2, 0, 2, 0, 5, 1, 3, 1, 3, 0, 1, 2, 0, 9, 0, 1, 0, 0, 1, 8, 2, 1, 3, 2, 9,
        6, 0, 6, 2, 0, 2, 0, 2, 3, 2, 0, 4, 0, 2, 0, 14, 0, 3, 0, 3, 0, 1, 8, 0, 7, 7, 0, 1,
        2, 0, 15, 0, 2, 10, 0, 3, 0, 2, 2, 12, 0, 17, 2, 0, 11, 0, 3, 10, 6, 3, 0, 2, 4, 0,
        19, 0, 3, 0, 1, 0, 1, 0, 0, 2, 14, 4, 0, 0, 0, 1, 2, 6, 0, 4, 0, 4, 0, 3, 2, 8, 0,
        0, 2, 0, 4, 0, 3, 1, 0, 7, 7, 0, 1, 2, 0, 7, 3, 0, 4, 0, 0, 15, 0, 6, 0, 3, 0, 3, 0,
        5, 0, 5, 0, 0, 1, 0, 3, 0, 0, 1, 6, 0, 5, 5, 3, 0, 4, 3, 0, 3, 2, 2, 1, 0, 0, 0, 1,
        2, 9, 4, 0, 0, 1, 1, 3, 0, 3, 0, 0, 17, 1, 2, 1, 6, 7, 0, 0, 3, 0, 4, 0, 3, 0, 0,
        12, 2, 0, 0, 3, 2, 4, 5, 7, 0, 0, 4, 3, 7, 8, 0, 0, 5, 0, 3, 0, 0, 9, 0, 3, 5, 0, 9,
        10, 10, 1, 3, 5, 1, 1, 4, 0, 6, 0, 0, 6, 5, 11, 0, 2, 12, 5, 0, 2, 0, 0, 2, 4, 1, 3,
        3, 0, 10, 7, 3, 3, 7, 9, 0, 0, 0, 3, 4, 0, 0, 5, 2, 0, 3, 0, 19, 3, 3, 3, 16, 0, 2,
        0, 4, 0, 12, 1, 0, 2, 1, 0, 0, 2, 0, 0, 2, 6, 0, 4, 9, 9, 9, 0, 1, 0, 4, 0, 1, 0, 4,
        0, 0, 10, 2, 7, 0, 2, 6, 0, 0, 3, 1, 6, 10, 0, 1, 4, 0, 2, 8, 0, 9, 0, 4, 1, 4, 0,
        0, 0, 4, 0, 3, 3, 1, 2, 0, 1, 6, 10, 2, 0, 0, 3, 1, 0, 5, 0, 10, 1, 10, 0, 1, 1, 2,
        2, 3, 2, 0, 0, 0, 0, 11, 3, 9, 6, 0, 1, 10, 0, 4, 2, 0, 4, 3, 5, 0, 0, 4, 0, 0, 2,
        0, 4, 2, 0, 1, 1, 1, 2, 12, 4, 5, 0, 1, 3, 3, 0, 4, 0, 2, 6, 9, 0, 0, 0, 3, 0, 0,
        11, 0, 2, 0, 0, 2, 3, 0, 4, 3, 0, 2, 5, 4,
    )),
)
A_KNIGHT_ACT = R.ambiguity(
    "knight-act-activated",
    quote="Вы НЕ МОЖЕТЕ разместить рыцаря, активировать рыцаря и выполнить действие рыцаря.",
    question="Which knight may not act this turn: any knight activated this turn, or only one"
             " both placed and activated this turn (the three steps the sentence names)?",
    readings={"activated": "a knight activated this turn (for grain or by the Warlord) takes"
                           " no action this turn",
              "placed-and-activated": "only a knight placed and activated this turn takes no"
                                      " action; one placed before may move or displace once"
                                      " activated (a chase needs a knight active before the"
                                      " turn began, under either reading)"},
    default="activated",
    why="data/README.md (confidence H): 'a knight cannot act in the turn it was activated';"
        " the sentence lists placing, activating and acting, and the published game bars"
        " the last two alone.",
    source="supplementary data (confidence H)",
    option="knight-act",
)
A_AQUEDUCT = R.ambiguity(
    "aqueduct-shortage",
    quote="Если ни одно из ваших чисел не выпадает или если ваше число заблокировано, вы"
          " можете выбрать ресурс по вашему выбору из банка",
    question="Does the aqueduct give a card to a player whose number came up but whom a bank"
             " shortage left with nothing?",
    readings={"received": "yes: a non-7 roll that gave him nothing, a shortage included",
              "owed": "no: only when none of his numbers came up or it was blocked (the"
                      " text's two cases)"},
    default="received",
    why="data/README.md (confidence H): 'after a non-7 roll that gave nothing, take 1"
        " resource'; the text's two cases are the usual ways of getting nothing and do not"
        " name the shortage, which gives nothing too.",
    source="supplementary data (confidence H)",
    option="aqueduct",
    # a directed search (oracle/witness_search.py: cities_knights_shortage preferring
    # science, width 12, branch 4, segment 6) reaches a roll owing a player with the
    # aqueduct only grain while the bank has none
    witness=Witnessed(players=4, seed=1, policy="directed", choices=(
        36, 1, 8, 2, 40, 1, 4, 2, 25, 0, 19, 1, 29, 1, 13, 0, 0, 3, 0, 6, 0, 2, 0,
        2, 0, 9, 0, 3, 0, 2, 1, 3, 0, 2, 0, 1, 0, 2, 8, 9, 0, 0, 0, 3, 0, 10, 0, 5,
        0, 9, 0, 4, 2, 2, 1, 3, 0, 5, 0, 6, 3, 2, 4, 9, 0, 1, 0, 0, 7, 0, 0, 7, 2,
        0, 0, 0, 1, 6, 0, 2, 0, 0, 3, 9, 0, 7, 0, 4, 1, 0, 4, 13, 0, 9, 0, 1, 3, 0,
        0, 4, 7, 1, 4, 2, 0, 0, 0, 0, 3, 0, 3, 0, 11, 0, 1, 11, 0, 9, 0, 0, 0, 4, 2,
        0, 3, 0, 0, 7, 0, 11, 2, 2, 0, 10, 0, 0, 2, 0, 6, 3, 0, 0, 11, 10, 11, 9, 8,
        4, 7, 5, 6, 0, 4, 0, 0, 0, 1, 0, 0, 0, 3, 1, 0, 0, 11, 8, 0, 3, 1, 1, 11, 0,
        0, 3, 0, 6, 8, 0, 8, 0, 0, 19, 0, 1, 0, 2, 0, 1, 2, 0, 0, 0, 3, 0, 5, 0, 0,
        0, 0, 9, 0, 9, 0, 0, 2, 0, 6, 11, 4, 0, 15, 0, 1, 1, 12, 0, 2, 8, 0, 1, 2,
        1, 0, 19, 3, 0, 1, 1, 1, 18, 0, 0, 10, 0, 4, 5, 1, 4, 6, 4, 2, 3, 4, 0, 2,
        19, 1, 2, 0, 8, 0, 3, 9, 1, 6, 3, 0, 0, 10, 0, 0, 5, 4, 0, 0, 8, 0, 1, 2, 0,
        0, 2, 4, 0, 0, 8, 0, 6, 8, 0, 0, 1, 9, 11, 3, 0, 3, 8, 0, 10, 0, 0, 0, 4, 7,
        6, 2, 0, 1, 8, 0, 1, 2, 1, 0, 1, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 3,
        3, 10, 0, 3, 2, 8, 0, 1, 9, 2, 0, 0, 0, 8, 0, 2, 0, 0, 0, 0, 2, 9, 0, 3, 2,
        9, 0, 3, 1, 0, 2, 0, 2, 8, 0, 2, 1, 7, 14, 5, 16, 0, 0, 0, 0, 3, 9, 0, 3, 0,
        4, 3, 2, 0,
    )),
)
A_AQUEDUCT_TAKE = R.ambiguity(
    "aqueduct-take",
    quote="Если ни одно из ваших чисел не выпадает или если ваше число заблокировано, вы"
          " можете выбрать ресурс по вашему выбору из банка (кроме случаев, когда выпадает"
          " 7).",
    question="Must a player the aqueduct entitles take his resource, or may he decline it"
             " ('вы можете')?",
    readings={"takes": "he takes one resource of his choice (the bank permitting)",
              "may-decline": "he may decline it (a Stop step) and keep his hand as it is"},
    default="takes",
    why="The sentence states what level 3 of science unlocks ('разблокирует особую"
        " способность'): its 'можете' grants the ability, and its choice is the resource"
        " ('по вашему выбору'); data/README.md (confidence H) words it 'take 1 resource of"
        " one's choice', with no refusal. The readings differ only when a larger hand hurts"
        " (a later 7, a Saboteur), so the text's 'можете' as a refusal is the option.",
    source="supplementary data (confidence H); the text's 'можете' is the option",
    option="aqueduct-take",
)
A_DESERTER_LEVEL = R.ambiguity(
    "deserter-level",
    quote="Вы можете разместить одного из своих рыцарей бесплатно, если у вас есть свободное"
          " место.",
    question="Which knight may the Deserter's player place: only one of the removed knight's"
             " level, or a lower one when none of that level is left in his stock?",
    readings={"same": "one of the removed knight's level; none left: none placed",
              "lower": "that level, or the strongest lower one left in his stock"},
    default="lower",
    why="The text lets him place 'одного из своих рыцарей' (one of his knights) wherever he"
        " has a free place, naming no level, so a player whose knights of the removed level"
        " are all on the board still places one of his; the published card asks for the"
        " removed knight's strength, and its almanac answers this very case (both strong"
        " knights on the board, a strong one removed) with a basic knight placed instead."
        " 'lower' keeps the card's strength while a knight of it is left and, with none, the"
        " strongest left below it, the basic knight of the almanac's case. Was 'same' (none"
        " placed), which forbade what both allow.",
    source="the rules text (chapter 14) and the published card's almanac (ultraboardgames.com's"
           " Cities & Knights politics cards; not in data/README.md: confidence M)",
    option="deserter-level",
)
A_CHASE = R.ambiguity(
    "chase-steal",
    quote="Вы можете переместить Грабителя, если он находится на плитке, которую касается"
          " один из ваших активных рыцарей.",
    question="Does a knight chasing the robber away also steal a card, as the robber moved"
             " on a 7 does?",
    readings={"steal": "yes: the robber moves and its mover steals 1 card from a player at"
                       " its new hex",
              "move-only": "no: the text says only that the robber moves"},
    default="steal",
    why="The published game treats the chased robber as moved on a 7 (moved, then a card"
        " stolen); the text's 'переместить Грабителя' names the move, whose usual"
        " consequence is the steal (chapter 8 counts the chase among the robber's moves).",
    source="published game's rules (not in data/README.md: confidence M)",
    option="chase-steal",
)
A_DISPLACED_ACTIVE = R.ambiguity(
    "displaced-active",
    quote="вы можете сместить вражеского рыцаря, чтобы противник должен был переместить его"
          " или удалить",
    question="Does a displaced knight keep its active state when its owner re-places it?",
    readings={"keep": "yes: an active knight stays active",
              "inactive": "no: it comes back inactive"},
    default="keep",
    why="Only a knight's own actions deactivate it ('они деактивируют вашего рыцаря'); the"
        " displaced knight takes no action, and the text says a promoted knight too keeps"
        " its state ('Улучшенные рыцари останутся активными или неактивными').",
    source="project default (the text is silent)",
    option="displaced-active",
)
A_MERCHANT_DESERT = R.ambiguity(
    "merchant-desert",
    quote="Переместите Торговца на любую клетку, касающуюся одного из ваших поселений.",
    question="May the merchant stand on the desert (worth its point, but no 2:1 trade)?",
    readings={"allowed": "yes: any hex touching one's building, the desert included",
              "never": "no: only a hex that yields a resource"},
    default="allowed",
    why="The text says 'любую клетку' (any hex); the desert touches buildings as any hex"
        " does. There the merchant gives its point and no trade.",
    source="the rules text (chapter 13)",
    option="merchant-desert",
)
A_MERCHANT_SAME_HEX = R.ambiguity(
    "merchant-same-hex",
    quote="Переместите Торговца на любую клетку, касающуюся одного из ваших поселений.",
    question="May the Merchant's player put the merchant on the hex it already stands on"
             " (taking it, with its point, from the rival who holds it there), though the card"
             " says 'Переместите' (move)?",
    readings={"any-hex": "yes: any hex touching one of one's buildings, the one the merchant"
                         " stands on included; the card's player holds it from then on"},
    default="any-hex",
    why="The card names the hex as 'любую клетку' (any hex) touching one's building and no"
        " exception; what it gives is control ('Контроль над этим торговцем дает вам 1"
        " очко'), which passes to the card's player wherever the piece ends, so a hex that"
        " touches his building is no worse for standing under the merchant. Unlike base"
        " Catan's robber, which must go to another hex, the text sets the merchant no such"
        " bound; the published card has its player take the merchant and put it on any land"
        " hex next to his settlement or city, another player's Merchant card taking control"
        " of it.",
    source="the rules text (chapter 13) and the published card (ultraboardgames.com's"
           " Cities & Knights trade cards; not in data/README.md: confidence M)",
)
A_TWO_FROM_ONE = R.ambiguity(
    "two-from-one",
    quote="Выберите 2 карты, чтобы украсть их руку.",
    question="The Master Merchant takes 2 cards from a richer player's hand and the Wedding has"
             " each richer player give 2 ('дадут вам 2 ресурса или товара'): what of a player"
             " who holds 1 card? May the Master Merchant choose him, and does he give it?",
    readings={"what-he-has": "he gives (the Master Merchant takes) the one card he holds;"
                             " the Master Merchant may choose him; a player with no card is"
                             " neither chosen nor asked"},
    default="what-he-has",
    why="Both cards take from a hand, and 2 is what they take from a full one; the text"
        " names no bound on the hand, and its other taking card takes what there is: the"
        " Resource Monopoly's 'дать вам 2 из' (up to 2 of that resource). A reading that"
        " spared the holder of 1 card would protect a player for holding little, which the"
        " text's 'Выберите 1 игрока, у которого больше очков, чем у вас' does not ask.",
    source="project default (the text is silent; the published game is not in"
           " data/README.md)",
)
A_KNIGHT_TIME = R.ambiguity(
    "knight-action-time",
    quote="Действия рыцаря (они деактивируют вашего рыцаря)",
    question="When in his turn may a player take a knight action (move, displace, chase the"
             " robber): only after the roll, as he builds, or before it too, as base Catan's"
             " knight card that the chase replaces may be played?",
    readings={"after-roll": "after the roll only, among the turn's building steps; before"
                            " the roll only the roll and the Alchemist",
              "chase-before-roll": "the published Knight-Errant variant: before the roll"
                                   " the player may also chase the robber with a knight that"
                                   " could chase it after the roll (active since before the"
                                   " turn, touching the robber's hex, after the first"
                                   " attack; the robber moves, a steal as"
                                   " cities_knights/chase-steal says, and the knight"
                                   " deactivates), then rolls; moving and displacing stay"
                                   " after the roll. The summary speaks of one knight;"
                                   " the model counts no chases, as the text allows"
                                   " several a turn ('с несколькими рыцарями за ход')"},
    default="after-roll",
    why="The text gives the knights' actions no time, and gives a time before the roll to"
        " one card alone ('Играйте в начале своего хода до броска кубиков', the Alchemist);"
        " a knight is built, activated and promoted as a building, after the roll, and its"
        " actions are listed with those. The published rules let a knight act in the"
        " trade and build phase after the roll; a chase before the roll is their optional"
        " 'Knight-Errant' variant, not the game's rule.",
    source="the rules text (chapters 6 and 15) and the published rules (their Knight-Errant"
           " variant as quickgamerules.com describes it, 'Catan: Cities & Knights Knight"
           " Pre-Roll Official Rules': an active knight chases the robber away before the"
           " roll and is deactivated, edition not named; a secondary summary, the rule book"
           " itself not at hand, not in data/README.md: confidence M for the variant, L for"
           " its exact scope)",
    option="knight-time",
)
A_USELESS = R.ambiguity(
    "progress-without-effect",
    quote="Постройте 2 бесплатные дороги",
    question="May a progress card be played when it can do nothing: Road Building with no"
             " free path, Smith with no knight to promote, Engineer with no city to wall,"
             " Medicine without its cost or a settlement, Merchant with no hex, Spy, Deserter,"
             " Intrigue, Diplomat, Wedding or Master Merchant with nobody to choose,"
             " Commercial Harbor with no resource to offer, Warlord with no inactive knight?",
    readings={"unplayable": "no: a card is played only when its first step has a choice"
                            " (Irrigation, Mining, the Saboteur, the monopolies, the Merchant"
                            " Fleet and the Crane always have their effect, perhaps nothing)",
              "spent": "yes: the card is played and goes under its deck (or aside) having"
                       " done what it could, perhaps nothing"},
    default="unplayable",
    why="Each card's text orders an effect ('Постройте 2 бесплатные дороги', 'Улучшите до 2"
        " рыцарей бесплатно', 'Выберите игрока ...') with an object it names; with no"
        " object the order cannot be carried out, so the card is not played, as a building"
        " is not built without a place. The text names no other condition, and base"
        " Catan's model plays its road building card with no road to place"
        " (catan/road-building-stuck, 'lost'), so playing a card for nothing, which empties"
        " a hand slot and cycles the card under its deck, is the option.",
    source="project default (the text is silent; the published game is not in"
           " data/README.md)",
    option="progress-useless",
)
A_HARBOR_ONCE = R.ambiguity(
    "commercial-harbor-once",
    quote="Заставьте каждого игрока обменять вам товар по своему выбору на один из ваших"
          " ресурсов.",
    question="May a second Commercial Harbor in the same turn force a rival who already"
             " gave a commodity for a resource this turn to do so again?",
    readings={"once": "no: each rival gives a commodity for a resource at most once a"
                      " turn, however many Commercial Harbors are played; a card with no"
                      " such rival left cannot be played",
              "per-card": "yes: each card forces every rival again"},
    default="once",
    why="The text states one card's effect and is silent on a second card in the turn. The"
        " published card's rules limit the forced trade to once with each opponent a turn,"
        " even with several Commercial Harbors played (the almanac's Commercial Harbor, as"
        " ultraboardgames.com's Cities & Knights trade cards and catan-guide.kelvsyc.com's"
        " trade progress cards give it). A rival whose exchange was void (no commodity)"
        " gave nothing and may be forced again.",
    source="published game's card (two secondary sources agree; not in data/README.md:"
           " confidence M)",
    option="commercial-harbor",
)
A_HARBOR_ORDER = R.ambiguity(
    "commercial-harbor-order",
    quote="Вы можете закончить использование этой карты раньше, не совершая всех доступных"
          " сделок.",
    question="In what order does the Commercial Harbor's player force the rivals, and may he"
             " pass over one rival and force the next, or is ending the card early the only"
             " way to make fewer exchanges than all?",
    readings={"in-turn": "the rivals are forced one by one in turn order from the card's"
                         " player; at each he offers a resource or ends the card (Stop), and"
                         " no rival is passed over while a later one is forced (under"
                         " harbor-time=any-time the credit keeps that order, and a credit"
                         " left unused when the turn ends leaves the rivals not yet reached"
                         " out, as ending the card does)"},
    default="in-turn",
    why="The text forces 'каждого игрока' (every player) and names one way to make fewer"
        " exchanges: to end the card early ('закончить ... раньше'), which leaves out the"
        " rivals not yet reached, so the rivals come in an order; it gives none, and the"
        " model takes turn order, as for every card that reaches all the players (the"
        " monopolies, the Wedding) and as the gates' draws.",
    source="project default (the text gives no order; the published game is not in"
           " data/README.md)",
)
A_HARBOR_AT_ONCE = R.ambiguity(
    "commercial-harbor-at-once",
    quote="Вы можете закончить использование этой карты раньше, не совершая всех доступных"
          " сделок.",
    question="Are the Commercial Harbor's exchanges made at once when it is played, or may its"
             " player spread them over his turn, building and trading between them?",
    readings={"at-once": "at once: the card's exchanges follow one another from its play,"
                         " no other step between, until every rival is reached or he ends"
                         " it; a rival left out then stays out",
              "any-time": "the published card: its play opens a harbor credit, the rivals"
                          " it forces in turn order (each once a turn under"
                          " commercial-harbor=once, every card's again under per-card),"
                          " which its player uses at any point of the main phase of that"
                          " turn, between other steps, one exchange a step (a resource of"
                          " his offered to the credit's next rival, who gives a commodity"
                          " of his choice for it, or, holding none, leaves the credit with"
                          " no exchange, the resource kept, as under at-once); no resource"
                          " is needed to play the card; what is unused lapses at the"
                          " turn's end"},
    default="at-once",
    why="The text gives the card one use ('использование этой карты') that its player may end"
        " before all the exchanges are made ('закончить ... раньше'), which speaks of a use"
        " carried out from its start to its end, not of a power held through the turn, as"
        " the Merchant Fleet's 2:1 is held 'до конца вашего хода'; every other card's"
        " effect also comes when it is played. The published card lets the exchanges be"
        " made at any point of the turn it is played in.",
    source="the rules text (chapter 13: the Commercial Harbor and the Merchant Fleet);"
           " the published card differs (ultraboardgames.com's Cities & Knights trade cards;"
           " not in data/README.md: confidence M)",
    option="harbor-time",
)
A_ROAD_BUILDING = R.ambiguity(
    "road-building-both",
    quote="Постройте 2 бесплатные дороги",
    question="Must the Road Building's player place the second free road once he has placed"
             " the first?",
    readings={"both": "yes: both roads are placed while a path is free",
              "may-stop": "no: he may stop after the first"},
    default="both",
    why="The text orders 'Постройте 2 бесплатные дороги' (build 2 free roads); only a"
        " player with no free path left places fewer.",
    source="the rules text (chapter 15)",
    option="road-building",
)
A_CHOSEN_NOTHING = R.ambiguity(
    "progress-nothing-chosen",
    quote="Улучшите до 2 рыцарей бесплатно",
    question="May a progress card's player, having played it where it could do something,"
             " choose an effect that does nothing: the Smith stopped before its first"
             " promotion ('Улучшите до 2 рыцарей бесплатно'), the Inventor swapping two equal"
             " numbers ('Поменяйте местами 2 числа на доске')?",
    readings={"allowed": "yes: the Smith promotes 0, 1 or 2 knights, the Inventor swaps any"
                         " two numbers not 2, 6, 8, 12 (two equal ones too)",
              "refused": "no: the Smith promotes one knight at least (the second may be"
                         " left), the Inventor swaps two different numbers"},
    default="allowed",
    why="'до 2' (up to 2) names a most, no least, unlike the Road Building's 'Постройте 2"
        " бесплатные дороги' (cities_knights/road-building-both), and '2 числа' are two"
        " number tokens, which the text does not require to differ; the published cards"
        " likewise let their player promote ('may promote 2 of your knights') or swap"
        " ('may swap 2 number tokens'). Whether the card may be played at all with no"
        " knight to promote is cities_knights/progress-without-effect; here the object"
        " exists and the player's choice leaves it unchanged.",
    source="the rules text (chapter 15) and the published cards' 'may' (not in"
           " data/README.md: confidence M)",
    option="nothing-chosen",
)
A_HARVEST = R.ambiguity(
    "harvest-robber",
    quote="Соберите по 2 карты зерна за каждый отдельный тайл зерна, на котором у вас есть"
          " поселение или город.",
    question="Does the hex the robber stands on count for Irrigation and Mining?",
    readings={"counts": "yes: every fields (mountains) hex at one's buildings counts, the"
                        " robber's too"},
    default="counts",
    why="The cards count hexes, not production: the text names no robber, and the robber"
        " blocks a hex's production by its number, which these cards do not roll.",
    source="project default (the text is silent)",
)
A_SABOTEUR_HALF = R.ambiguity(
    "saboteur-half",
    quote="должны сбросить половину своих карт ресурсов/товаров",
    question="How is half of an odd hand counted for the Saboteur?",
    readings={"down": "rounded down (5 cards: 2 discarded), as the 7's discard"},
    default="down",
    why="The text says only 'половину'; the game's other halving, the 7's discard, rounds"
        " down (data/README.md: 'discards half, rounded down').",
    source="supplementary data (the 7's rule, confidence H)",
)
A_SABOTEUR_WHO = R.ambiguity(
    "saboteur-self",
    quote="Все игроки, имеющие равное или большее количество очков, чем у вас, должны"
          " сбросить половину своих карт ресурсов/товаров.",
    question="Does the Saboteur's own player, who has as many points as himself, discard"
             " half his cards too?",
    readings={"others": "no: only the other players with at least his points discard",
              "all": "yes: 'Все игроки' with 'равное' points includes the card's player"},
    default="others",
    why="The card compares every player with 'вы', the one who plays it, so 'все игроки'"
        " are the others; the published card hurts the rivals only, and a card that made"
        " its own player discard half would be played only with an empty hand.",
    source="published game's card (not in data/README.md: confidence M)",
    option="saboteur",
)
A_BISHOP = R.ambiguity(
    "bishop-victims",
    quote="украдите по 1 карте у каждого игрока на плитке, на которую переместился Грабитель",
    question="Who is 'on the tile' the Bishop's robber moves to: owners of a building at it,"
             " or of a knight there too?",
    readings={"buildings": "every other player with a settlement or city at the hex"},
    default="buildings",
    why="The robber robs the owners of buildings at its hex (base Catan's 7); knights"
        " produce nothing and are not robbed.",
    source="base Catan's robber (data/README.md: 'an adjacent player')",
)
A_DISCARD_SHOWN = R.ambiguity(
    "progress-discard-shown",
    quote="Если Вы вытягиваете 5-ю карту прогресса не в свой ход, Вы должны сбросить одну"
          " карту прогресса с руки.",
    question="Do the other players see which progress card a player discards for the hand"
             " limit?",
    readings={"hidden": "no: it goes face down under its deck; the others see only that a"
                        " card of its colour went there (the deck's size); under"
                        " progress-return=set-aside it lies on the open pile of cards set"
                        " aside (the view's progress_spent), where it is seen"},
    default="hidden",
    why="The text says only that a card is discarded; a discarded card is not played, and"
        " under the published return it goes face down under its deck. Showing it would"
        " change what players see, never what they may do, so no option offers it.",
    source="published game's rules (the return under the deck; confidence M)",
)
A_COMMODITY_TRADE = R.ambiguity(
    "commodity-harbour",
    quote="Товарами можно торговать, как и любым другим ресурсом.",
    question="At what rates do commodities trade with the bank?",
    readings={"published": "4:1, 3:1 at a generic harbour, never 2:1 at a special harbour"},
    default="published",
    why="The text's 'like any resource' and the published rates agree for the bank: no"
        " special harbour is a commodity's own.",
    source="published game (data/README.md, confidence H)",
)
A_TABLES = R.ambiguity(
    "lost-tables",
    quote="1-й уровень | |",
    question="The text lost the improvement cost table, the red-die table and the track"
             " length: which values hold?",
    readings={"published": "level k costs k commodities; a gate draws for red <= level + 1;"
                           " the track has 7 steps"},
    default="published",
    why="The published game's values (data/README.md, confidence H).",
    source="supplementary data (confidence H)",
)
A_NO_SETTLEMENT = R.ambiguity(
    "reduced-city-stock",
    quote="уничтожает свой город, превращая его в поселение",
    question="What happens to a city the barbarians reduce when its owner has no settlement"
             " piece left?",
    readings={"on-side": "it stays, turned on its side, and counts as a settlement (1 point,"
                         " a settlement's production, upgraded as one) until it is a city"
                         " again; his settlements may then outnumber his 5 settlement"
                         " pieces by the city pieces so turned",
              "removed": "the city is removed from the board"},
    default="on-side",
    why="The text turns the city into a settlement ('превращая его в поселение') and names"
        " no piece stock; the publisher's answer to this very case is 'Turn one of your"
        " cities on its side and treat it as a settlement until you have upgraded it to a"
        " city again' (catan.com FAQ, Cities & Knights, Barbarians). Removing the city takes"
        " from its owner the intersection, its production and a second point the text does"
        " not take; some players' summaries remove it, so that is the option. Was"
        " 'removed' (pieces kept within their stock).",
    source="publisher's FAQ (www.catan.com/faq/cities-knights; not in data/README.md:"
           " confidence M)",
    option="reduced-city",
    # a directed search (oracle/witness_search.py: cities_knights_stock, settlements first
    # and knights last, width 8, branch 4, segment 12) reaches an attack the barbarians win
    # against a player with his 5 settlements on the board
    witness=Witnessed(players=3, seed=0, policy="directed", choices=(
        23, 2, 17, 2, 3, 1, 42, 0, 20, 0, 16, 0, 0, 2, 0, 4, 0, 1, 0, 2, 0, 4, 0, 1, 0, 2,
        0, 13, 0, 1, 0, 1, 0, 1, 0, 3, 2, 1, 3, 6, 3, 5, 0, 1, 0, 10, 0, 0, 0, 0, 6, 0, 1,
        0, 7, 10, 0, 6, 0, 4, 0, 0, 3, 1, 0, 3, 7, 0, 0, 1, 1, 2, 16, 4, 0, 2, 0, 17, 5, 0,
        1, 0, 3, 0, 5, 0, 4, 0, 5, 1, 6, 0, 6, 0, 4, 0, 14, 0, 14, 1, 0, 3, 4, 0, 14, 0, 2,
        2, 1, 1, 11, 8, 0, 4, 0, 6, 8, 0, 9, 5, 0, 4, 0, 16, 0, 5, 0, 12, 0, 4, 0, 2, 6, 0,
        3, 5, 0, 11, 5, 0, 6, 0, 5, 3, 0, 16, 5, 0, 0, 6, 0, 5, 0, 2, 5, 0, 0, 6, 0, 10, 3,
        0, 4, 0, 5, 0, 10, 0, 11, 0, 5, 0, 0, 6, 5, 0, 11, 0, 3, 5, 9, 0, 1, 3, 4, 0, 12, 0,
        9, 0, 5, 0, 18, 3, 3, 6, 0, 0, 5, 3, 0, 12, 0, 0, 16, 2, 0, 1, 9, 3, 0, 2, 12, 0,
        16, 0, 3, 0, 4, 12, 0, 16, 0, 3, 6, 0, 0, 6, 3, 0, 17, 12, 9, 0, 1, 3, 3, 6, 0, 4,
        0, 2, 0, 0, 1, 15, 5, 0, 6, 0, 4, 5, 0, 13, 0, 6, 0, 2, 0, 0, 0, 0, 1, 12, 0, 5, 0,
        6, 0, 13, 6, 0, 9, 4, 0, 2, 6, 0, 10, 13, 0, 4, 0, 6, 0, 4, 3, 4, 4, 0, 4, 5, 0, 5,
        3, 0, 5, 0, 3, 6, 0, 14, 0, 8, 3, 3, 11, 5, 0, 1, 12, 0, 0, 21, 0, 5, 0, 14, 6, 0,
        1, 3, 1, 1, 1, 14, 1, 0, 5, 0, 4, 6, 0, 13, 0, 0, 0, 0, 1, 19, 5, 3, 0, 14, 0, 13,
        0, 6, 0, 8, 7, 4, 0, 10, 3, 8, 0, 0, 0, 12, 3, 0, 4, 0, 4, 5, 0, 5, 13, 5, 0, 4, 0,
        0, 4, 5, 0, 9, 6, 5, 0, 4, 0, 1, 5, 0, 5, 0, 0, 4, 0, 12, 0, 11, 5, 9, 0, 1, 0, 11,
        13, 0, 2, 9, 1, 3, 0, 12, 0, 7, 13, 0, 3, 0, 29, 0, 0, 13, 0, 4, 3, 0, 7, 20, 0, 14,
        0, 3, 0, 3, 3, 1, 2, 2, 0, 0, 3, 2, 2, 1, 10, 3, 5, 2, 7, 3, 6, 2, 8, 0, 0, 4, 0, 6,
        7, 0, 0, 5, 0, 12, 3, 8, 8, 9, 0, 0, 12, 5, 9, 0, 1, 0, 5, 7, 3, 8, 0, 14, 0, 0, 3,
        0, 5, 0, 13, 0, 1, 4, 0, 12, 0, 20, 0, 4, 0, 12, 0, 0, 3, 2, 1, 17, 5, 5, 0, 4, 0,
        3, 13, 0, 14, 0, 4, 0, 3, 9, 3, 14, 2, 0, 17, 13, 3, 0, 3, 0, 3, 9, 15, 0, 14, 0,
        14, 8, 0, 11, 16, 0, 3, 8, 13, 3, 0, 8, 0, 1, 16, 6, 0, 13, 1, 0, 8, 0, 13, 1, 3, 0,
        13, 1, 0, 8, 0, 2, 4, 0, 13, 13, 0, 8, 0, 0, 4, 4, 3, 1, 1, 8, 8, 4, 3, 0, 1, 12, 4,
        0, 2, 9, 0, 3, 16, 0, 7, 12, 0, 9, 0, 7, 4, 0, 1, 19, 7, 4, 1, 5, 0, 7, 1, 12, 13,
        0, 16, 2, 8, 8, 6, 0, 9, 1, 0, 11, 6, 11, 0, 1, 11, 10, 4, 10, 0, 2, 9, 10, 9, 4, 0,
        1, 9, 0, 6, 4, 4, 0, 3, 13, 0, 9, 0, 1, 4, 0, 14, 6, 9, 7, 0, 9, 0, 3, 5, 0, 1, 5,
        4, 0, 8, 15, 4, 0, 3, 9, 0, 3, 2, 19, 19, 0, 7, 14, 0, 9, 0, 20, 7, 6, 0, 2, 1, 0,
        0, 5, 0, 0, 0, 4, 0, 3, 3, 14, 3, 4, 10, 1, 0, 2, 2, 9, 0, 0, 0, 7, 0, 4, 3, 0, 18,
        5, 0, 16, 0, 2, 3, 0, 0, 12, 0, 16, 0, 10, 0, 2, 3, 6, 0, 16, 0, 0, 4, 0, 1, 3, 2,
        2, 2, 2, 4, 2, 0, 4, 2, 3, 6, 5, 2, 3, 7, 0, 0, 1, 3, 5, 9, 0, 0, 0, 5, 0, 13, 0, 1,
        8, 0, 1, 13, 0, 5, 0, 8, 0, 2, 21, 0, 0, 2, 3, 5, 2, 0, 4, 8, 0, 0, 21, 2, 0, 5, 0,
        8, 0, 2, 20, 21, 0, 19, 0, 8, 0, 1, 8, 4, 3, 14, 17, 27, 0, 20, 0, 0, 1, 0, 4, 1, 0,
        1, 1, 2, 2, 1, 19, 8, 0, 2, 14, 3, 0, 5, 16, 6, 0, 1, 8, 0, 4, 4, 20, 0, 17, 0, 0,
        8, 0, 16, 20, 0, 2, 2, 1, 2, 1, 0, 5, 0, 3, 0, 10, 6, 11, 1, 5, 8, 14, 0, 8, 0, 2,
        5, 10, 6, 0, 13, 1, 7, 15, 2, 0, 8, 0, 5, 19, 0, 15, 0, 2, 5, 5, 11, 0, 0, 8, 0, 2,
        26, 2, 7, 0, 0, 15, 16, 3, 0, 3, 4, 0, 2, 3, 2, 5, 8, 4, 0, 8, 0, 15, 0, 4, 8, 0, 4,
        16, 19, 8, 2, 0, 2, 0, 2, 0, 7, 7, 0, 8, 0, 7, 0, 3, 7, 0, 3, 6, 0, 10, 0, 1, 8, 0,
        7, 0, 6, 4, 7, 0, 0, 8, 0, 3, 8, 8, 0, 14, 2, 0, 8, 0, 22, 0, 1, 6, 5, 7, 0, 8, 0,
        7, 7, 7, 2, 5, 8, 4, 6, 11, 0, 0, 0, 4, 11, 7, 0, 23, 7, 0, 11, 2, 9, 8, 4, 1, 7, 1,
        0, 1, 7, 13, 13, 18, 1, 4, 1, 4, 5, 0, 1, 11, 9, 6, 7, 2, 3, 0, 0, 8, 0, 5, 5, 1, 6,
        4, 9, 0, 0, 1, 6, 6, 12, 1, 13, 7, 9, 9, 2, 2, 0, 0, 6, 0, 0, 20, 0, 7, 8, 0, 13, 0,
        27, 0, 17, 18, 2, 0, 3, 5, 0, 0, 31, 13, 26, 4, 7, 3, 9, 3, 9, 0, 0, 0, 19, 1, 0,
        13, 18, 12, 4, 18, 0, 3, 5, 0, 2, 0, 5, 0, 31, 24, 21, 31, 2, 1, 2, 5, 6, 0, 0, 0,
        7, 7, 0, 0, 6, 4, 0, 10, 16, 18, 0, 7, 0, 2, 4, 0, 2, 1, 1, 1, 4, 19, 0, 6, 0, 0, 6,
        9, 0, 0, 2, 0, 15, 19, 0, 13, 23, 1, 0, 8, 2, 0, 20, 0, 17, 15, 13, 0, 2, 0, 3, 25,
        17, 27, 0, 24, 12, 2, 6, 5, 0, 2, 0, 28, 0, 4, 1, 0, 7, 6, 0, 9, 0, 22, 26, 13, 23,
        0, 2, 8, 9, 1, 0, 18, 17, 13, 14, 0, 0, 5, 3, 0, 9, 7, 0, 5, 3, 0, 6, 0, 9, 3, 0, 3,
        0, 1, 2, 4, 2, 1, 3, 0, 1, 2, 5, 2, 16, 6, 0, 5, 8, 11, 0, 1, 7, 0, 4, 11, 0, 7, 0,
        0, 14, 18, 18, 3, 0, 0, 4, 2, 0, 14, 12, 0, 7, 0, 4, 0, 1, 3, 16, 17, 0, 3, 0, 11,
        5, 7, 0, 17, 0, 1, 2, 7, 5, 9, 0, 0, 6, 0, 14, 0, 25, 0, 14, 3, 3, 0, 15, 8, 9, 8,
        0, 1, 16, 3, 3, 3, 6, 1, 0, 3, 0, 15, 7, 0, 8, 6, 0, 6, 0, 2, 8, 0, 15, 0, 6, 0, 15,
        0, 0, 10, 9, 19, 6, 9, 0, 2, 15, 13, 15, 0, 2, 6, 0, 0,
    )),
)
A_BARBARIAN_STRENGTH = R.ambiguity(
    "barbarian-strength",
    quote="Сила Варваров = общее количество городов",
    question="Does a city bearing a metropolis count once in the barbarians' strength, or"
             " once more for its metropolis? The publisher's FAQ gives the strength as"
             " 'b = s + m' (s the number of cities, m the number of metropolises).",
    readings={"cities": "every city counts once, a metropolis city too (the text's number"
                        " of cities)",
              "plus-metropolis": "every city counts once and every metropolis once more (the"
                                 " FAQ's formula with s counting every city)"},
    default="cities",
    why="The text counts cities ('общее количество городов', twice: 'Сила варваров равна"
        " сумме всех городов на поле') and a metropolis is a city improved, not a piece of"
        " its own; data/README.md (confidence H) says 'strength = cities on the board (a"
        " metropolis city counts)', once. The FAQ's 'b = s + m' agrees when s counts the"
        " cities without a metropolis; read with s counting every city it counts a"
        " metropolis twice, which no other source does, so that reading is the option.",
    source="the rules text and supplementary data (confidence H); the publisher's FAQ"
           " (www.catan.com/faqs, Cities & Knights, Barbarians I) for the other reading",
    option="barbarian-strength",
    # the first seed of a scan of seeds 0-49 (3 and 4 players, eager play) with an attack
    # that the metropolis decides
    witness=Witnessed(players=3, seed=49, policy="eager"),
)
A_DISPLACED = R.ambiguity(
    "displaced-knight",
    quote="чтобы противник должен был переместить его или удалить",
    question="Where may a displaced knight go: anywhere a knight may be placed (any empty"
             " intersection at one of its owner's roads, with no distance to keep), or only"
             " somewhere connected by its owner's roads to the intersection it was displaced"
             " from, as a knight's own move stays 'в той же дорожной сети'?",
    readings={"at-roads": "any empty intersection touching one of its owner's roads, however"
                          " far and in whichever road network, no distance rule (not the"
                          " intersection it was taken from); if none, it is removed",
              "network": "only an empty intersection connected by its owner's roads to the"
                         " one it was displaced from; if none, it is removed"},
    default="at-roads",
    why="The text names no place: the owner 'must move it or remove it', and the Intrigue"
        " removes it when he has 'нет свободного места для его размещения' (no free place to"
        " place it), the word of placing a knight, which 'Может быть размещен где угодно в"
        " конце или между дорогами' (anywhere at the end of or between roads, with no"
        " distance rule). The road-network bound is the knight's own move ('Перемещение"
        " рыцаря ... в той же дорожной сети'), an action of its owner's knight, which a"
        " displacement is not.",
    source="the rules text (the knight's placement and the Intrigue)",
    option="displaced",
)
A_DISPLACE_ROAD = R.ambiguity(
    "displace-connection",
    quote="Оба рыцаря должны быть соединены друг с другом дорогой.",
    question="By whose road must the two knights be connected for a displacement ('соединены"
             " друг с другом дорогой')?",
    readings={"own-network": "the displacing knight reaches the rival knight along its"
                             " owner's roads, as its move goes (through empty intersections"
                             " and its owner's pieces, no other piece)"},
    default="own-network",
    why="A displacement is a knight's move onto the rival's intersection: the text lists it"
        " among the knight's actions beside 'Перемещение рыцаря - переместите рыцаря в любое"
        " доступное место в той же дорожной сети', and the published game moves one's active"
        " knight to the intersection the weaker rival knight holds; a rival's road carries"
        " no knight of one's own.",
    source="the rules text (chapter 6) and the published game's rules (not in"
           " data/README.md: confidence M)",
)
A_DISPLACED_MOVE = R.ambiguity(
    "displaced-must-move",
    quote="чтобы противник должен был переместить его или удалить",
    question="May the owner of a displaced knight take it off the board while a free place"
             " for it is left ('переместить его или удалить': move it or remove it)?",
    readings={"must-move": "no: he moves it while a free place is left; it leaves the board"
                           " only when none is"},
    default="must-move",
    why="The Intrigue says when a displaced knight leaves the board: 'Если у противника нет"
        " свободного места для его размещения, его необходимо убрать с доски' (only with no"
        " free place); the displacement's 'или удалить' names that same outcome, not a"
        " choice its owner has while a place is free.",
    source="the rules text (chapter 14, the Intrigue)",
)
A_METROPOLIS_CLAIM = R.ambiguity(
    "metropolis-claim",
    quote="может улучшить город до Метрополии за 2 Очка",
    question="Does the first to level 4 (or to level 5, taking it) place the metropolis at"
             " once, or may he leave it unplaced ('может')?",
    readings={"takes": "he places it at once on a city of his without one"},
    default="takes",
    why="'может' grants the metropolis to the player the sentence names; the text says"
        " nothing of a metropolis left unplaced (who could take it later, at which level),"
        " so a refusal could not be played by its rules; and the level 4 that brings it"
        " needs a city for it ('Чтобы купить Улучшение Города 4-го уровня, игрокам"
        " необходим доступный город').",
    source="the rules text (chapter 11)",
)
A_LEVEL_FIVE_CITY = R.ambiguity(
    "level-five-city",
    quote="Вы не можете повысить статус Метрополии или"
          " приобрести Улучшение Города 4-го уровня, не имея доступного города.",
    question="May a player with no city free of a metropolis buy level 5 of a kind whose"
             " metropolis a rival holds at level 4: is the purchase refused, or bought with"
             " the metropolis left where it stands?",
    readings={"refused": "refused: the level 5 that would take the metropolis needs a city"
                         " of his without one, as level 4 does"},
    default="refused",
    why="The text forbids in one breath to 'повысить статус Метрополии' and to buy level 4"
        " without a city for it, and the level 5 reached first is what takes the metropolis"
        " ('Игроки могут украсть Метрополию, если они первыми достигнут 5-го уровня'); a"
        " level 5 bought without it would leave a holder at level 4 whom the first to"
        " level 5 did not replace, and nobody could take it afterwards, which no sentence"
        " provides for. data/README.md: the metropolis 'needs a city without a metropolis'.",
    source="the rules text (chapter 11) and data/README.md (metropolis)",
)
A_KNIGHT_BLOCKS = R.ambiguity(
    "knight-blocks-road",
    quote="Может нарушить длину дороги другого игрока, если находится между его дорогами.",
    question="Does a rival's knight standing at the end of one's road also stop one building"
             " the road on through its intersection, or does it only break the road's length?",
    readings={"blocks": "it blocks: one's road goes on from that intersection only as it"
                        " would past a rival's settlement, i.e. not at all through it"},
    default="blocks",
    why="The text gives the knight the one effect base Catan gives a rival's settlement on"
        " a road ('нарушить длину дороги ... между его дорогами'), and in base Catan that"
        " piece also closes the intersection to the road's owner; the text grants no road"
        " a way through another player's piece. data/README.md: 'knights break rival"
        " roads'.",
    source="the rules text (chapter 6) read with base Catan's building rule; data/README.md"
           " (knights)",
)
A_KNIGHT_SITE = R.ambiguity(
    "knight-site",
    quote="Может быть размещен где угодно в конце или между дорогами.",
    question="At whose roads is a new knight placed: the sentence says 'где угодно' (anywhere)"
             " at the end of or between roads and names no owner; may a knight go at an"
             " intersection touched only by a rival's road?",
    readings={"own-roads": "an empty intersection at one of one's own roads (a rival's roads"
                           " may meet there too); never one touched by rivals' roads only"},
    default="own-roads",
    why="The next sentence speaks of another player's roads apart ('Может нарушить длину"
        " дороги другого игрока, если находится между его дорогами'), so the roads of the"
        " first are the placer's own, and one's own road meeting a rival's road there keeps"
        " that case; elsewhere the text ties a knight to a named player's roads (its move"
        " stays 'в той же дорожной сети' of its owner; the Intrigue takes a rival knight"
        " 'коснувшегося одной из ваших дорог'). data/README.md (confidence H): a knight is"
        " recruited 'beside one's road'.",
    source="supplementary data (data/README.md, knights; confidence H) and the rules text"
           " (chapter 6)",
)
A_KNIGHT_HOLDS = R.ambiguity(
    "knight-holds-site",
    quote="Может быть размещен где угодно в конце или между дорогами.",
    question="Base Catan's building rules know no knights: may a settlement be built on an"
             " intersection a knight stands on (one's own, or a rival's), and does a knight"
             " on a neighbouring intersection bar a settlement as a building does (the"
             " distance rule)?",
    readings={"occupied": "an intersection with a knight, one's own too, takes no settlement"
                          " (the knight must move away first); a knight next to it does not"
                          " bar it (knights keep no distance)"},
    default="occupied",
    why="The text places knights on the intersections buildings stand on ('в конце или"
        " между дорогами') and says nothing of a settlement there; one piece stands on an"
        " intersection, as a building and a knight never share one anywhere in the text"
        " (a knight is placed, moved and displaced only to a free place: 'любое доступное"
        " место'). The distance rule is base Catan's rule for buildings, and the text gives"
        " knights no distance; the published game bars a settlement under a knight, one's"
        " own too, and lets knights stand next to buildings.",
    source="the rules text (chapter 6) and the published game (not in data/README.md;"
           " confidence M)",
)
A_DEFENDER_OUT = R.ambiguity(
    "defender-cards-out",
    quote="званием Защитник Колониста стоимостью 1 дополнительное Очко",
    question="What does a sole top defender get when all 6 Defender cards are given out?",
    readings={"point": "the point all the same (a Defender counted beyond the 6 cards)",
              "nothing": "nothing: the award ends with the cards"},
    default="point",
    why="The text awards the title worth 1 point to the top defender with no bound on the"
        " cards; the publisher's answer to this very question is 'Yes. Simply use any other"
        " symbol of your choice to denote the victory point' (catan.com FAQ, Cities &"
        " Knights, Barbarians II). Was 'nothing' (the 6 cards as a bound).",
    source="publisher's FAQ (www.catan.com/faq/cities-knights; not in data/README.md:"
           " confidence M)",
    option="defender-out",
)
A_LOSS_AMONG = R.ambiguity(
    "loss-among",
    quote="Игроки, у которых нет городов, а также игроки, все города которых являются"
          " метрополиями, не затрагиваются.",
    question="Is the weakest player of a lost attack sought among the players the barbarians"
             " can harm, or among all players: when a player with no city (or only"
             " metropolises) has the lowest strength, does the weakest of the others lose a"
             " city, or nobody?",
    readings={"reducible": "the weakest among the players owning a city that is no"
                           " metropolis lose a city; the unaffected players are left out of"
                           " the comparison"},
    default="reducible",
    why="The text names the loser ('Игрок с наименьшей силой рыцаря уничтожает свой город')"
        " and then says who is not affected without saying whether they still count as the"
        " weakest; an unaffected player who is weakest would otherwise spare every other"
        " player. data/README.md (confidence H): 'every player tied for the lowest"
        " contribution among players owning a non-metropolis city loses a city'.",
    source="supplementary data (data/README.md, barbarians; confidence H)",
)
A_TURN_ORDER = R.ambiguity(
    "one-event-order",
    quote="каждый из этих игроков вместо этого выберет карту прогресса",
    question="In what order do several players act on one event when the text names no"
             " order: the tied defenders each choosing a deck and drawing, the players with"
             " the aqueduct each taking a resource of choice after a roll that gave them"
             " nothing, and the losers of an attack each reducing a city?",
    readings={"from-roller": "one by one in turn order from the player on turn (the"
                             " roller), as the data file's gate draws"},
    default="from-roller",
    why="The text gives these steps to several players ('каждый из этих игроков', 'вы"
        " можете выбрать ресурс по вашему выбору из банка') and no order; the order counts"
        " when a deck or the bank runs short of what the later players want, and the later"
        " players see the earlier choices. The only order the sources give for one event"
        " that several players act on is the gate draws': data/README.md (confidence H),"
        " 'in turn order from the roller'.",
    source="supplementary data (data/README.md, progress draw; confidence H), carried over"
           " from the gate draws",
)
A_NO_DEFENDERS = R.ambiguity(
    "no-defenders",
    quote="Если сила Рыцаря равна или превышает силу Варвара",
    question="When no city stands (strength 0) and nobody has an active knight, the knights"
             " 'win' 0 against 0: does every player, tied at 0, draw a progress card?",
    readings={"no-reward": "nobody contributed, so nobody is rewarded"},
    default="no-reward",
    why="The reward goes to the strongest contributors; a player with no active knight"
        " contributed nothing.",
    source="project default (the text is silent)",
)
A_BOUNDS = R.ambiguity(
    "model-bounds",
    quote="",
    question="May the model bound the length of a game and the trades of a turn?",
    readings={"bounded": "500 turns; 10 trades (maritime and domestic) and 3 domestic offers"
                         " (4 cards a side) a turn, as base Catan's model"},
    default="bounded",
    why="Every game must end within max_steps and every legal-action set stay small.",
    source="model bound: not a rule of the game",
)
