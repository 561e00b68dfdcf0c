"""The rule book of Caylus 1303: every rule and ambiguity the model uses.

Quotes stand verbatim (up to whitespace) in ``shared/rules/002_a088f04d6e5f3bce.txt``, or,
for supplementary data, in ``shared/data/README.md`` (named ``../data/README.md``).
"""

from rules_oracle.model.core import RuleBook, Witnessed

FILE = "002_a088f04d6e5f3bce.txt"
DATA_FILE = "../data/README.md"

RULES = RuleBook("caylus", FILE)
R = RULES
SUPP_L = "supplementary: data/README.md, TomasTillmann/Caylus (confidence L)"
SUPP_M = "supplementary: data/README.md (confidence M)"

# -- components ----------------------------------------------------------------------------------
COMPONENTS_UNLIMITED = R.rule(
    "components.unlimited",
    "Количество ресурсов и очков престижа неограниченно.",
    "Resources and prestige points are unlimited in play.",
)
COMPONENTS_WORKER_LIMIT = R.rule(
    "components.worker-limit",
    "у игрока не может быть больше 15 рабочих",
    "15 workers per player: a gain takes at most what the camp holds.",
)
COMPONENTS_HOUSE_LIMIT = R.rule("components.house-limit",
                     "если у игрока нет домов его цвета, он не может строить здания",
                     "No house left in stock: no building (nor a lawyer's claim).")

# -- set-up ---------------------------------------------------------------------------------------
SETUP_STARTING_TILES = R.rule("setup.starting-tiles",
                     "Перемешайте 9 начальных зданий, затем случайным образом раз- местите: •"
                     " 1 здание на 1-й клетке стройплощадки начальной стороной вверх 1 ; •"
                     " оставшиеся 8 зданий на клетках дороги, отмеченных , начальной стороной"
                     " вверх",
                     "The 9 starting tiles are drawn at random: the 1st to the 1st construction-"
                     "site slot, the other 8 to the road's marked spaces (a chance step each).")
SETUP_WOOD = R.rule("setup.wood",
                    "Перемешайте 9 жетонов деревянных зданий, затем случайным об- разом"
                    " разместите: • 1 здание на 2-й клетке стройплощадки начальной стороной"
                    " вверх 3 ; • 1 здание на клетке дороги, отмеченной , начальной стороной"
                    " вверх 4 ; • оставшиеся 7 зданий рядом с игровым полем стороной постройки"
                    " вверх.",
                    "A random wood building to the 2nd site slot, one to the road's marked space;"
                    " the other 7 beside the board, construction side up.")
SETUP_NO_STONEMASON = R.rule("setup.no-stonemason",
                     "Дом каменщика  не может быть размещён на дороге в начале игры",
                     "The stonemason never starts on the road: the road's draw leaves it out.")
SETUP_STONE = R.rule("setup.stone",
                     "Перемешайте 9 жетонов каменных зданий, затем случайным образом"
                     " разместите: • 1 здание на 3-й клетке стройплощадки начальной стороной"
                     " вверх 5 ; • 1 здание на клетке дороги, отмеченной , начальной стороной"
                     " вверх 6 ; • оставшиеся 7 зданий рядом с игровым полем стороной постройки"
                     " вверх.",
                     "A random stone building to the 3rd site slot, one to the road's marked"
                     " space; the other 7 beside the board.")
SETUP_PROVOST = R.rule("setup.provost",
                       "Поместите фишку прево на дорогу позади клетки, отмеченной 7 .",
                       "The provost starts 'позади' the marked space, taken to be the set-up"
                       " wood building's: on its city-gate side (after space 12), where the"
                       " reset would put it on the set-up road (option provost_reset=far-side:"
                       " after it).", source="caylus/provost-reset")
SETUP_WORKERS = R.rule("setup.workers",
                       "10 рабочих для 2 или 5 игроков; • 6 рабочих для 3 или 4 игроков.",
                       "10 workers in hand at 2 or 5 players, 6 at 3 or 4; the rest in the camp;"
                       " 10 houses each, one under the Guilds Bridge.")
SETUP_FIRST_PLAYER = R.rule("setup.first-player", "Случайным образом выберите первого игрока",
                     "The first player is chosen at random (a chance step).")
SETUP_CHARACTERS = R.rule("setup.characters",
                          "Перетасуйте жетоны персонажей и возьмите столько, сколько игро- ков + 3 "
                          "(верните оставшихся "
                          "персонажей в коробку).",
                          "Players + 3 characters are drawn (a chance step each); the rest go"
                          " back to the box.")
SETUP_FIRST_GAME_CHARACTERS = R.rule(
    "setup.first-game-characters",
    "РЕКОМЕНДУЕМЫЕ ПЕРСОНАЖИ ДЛЯ ПЕРВОЙ ПАРТИИ 2 игрока: 3 игрока: как для двух + 4 игрока: как"
    " для трёх + 5 игроков: как для четырёх +",
    "Option characters=first-game: no draw; in play are the architect, foreman,"
    " chamberlain, bailiff and day labourer, + the deliveryman at 3 players,"
    " + the journeyman at 4, + the early riser at 5 (the text's picture lost"
    " which is added at which count).",
    source="caylus/first-game-characters",
)
SETUP_DRAFT = R.rule("setup.draft",
               "Начиная с последнего игрока и далее против часовой стрелки, каждый игрок выбирает 1"
               " жетон персонажа",
               "From the last player counter-clockwise each takes 1 drawn character; the 3"
               " left go on the board.")
SETUP_RESOURCES = R.rule("setup.resources", "каждый игрок получает 2 , 1  и 1 .",
                         "Each player starts with 2 wood, 1 food, 1 stone (icons lost).",
                         source="caylus/starting-resources")

# -- planning -------------------------------------------------------------------------------------
PLANNING_ORDER = R.rule("planning.order",
                    "Начиная с первого игрока, каждый участник выполняет 1 из 3 доступных действий"
                    " и передаёт ход по часовой стрелке.",
                    "Planning runs clockwise from the first player, skipping those who passed;"
                    " one placement or a pass a step.")
PLANNING_BUILDING = R.rule("planning.building",
                       "Игрок ставит 1 своего рабочего на 1 из зданий на дороге (т. е. на 1 из"
                       " зданий, размещённых во время подготовки к игре и построенных во время"
                       " игры).",
                       "A worker goes on a building on the road.")
PLANNING_OCCUPIED = R.rule("planning.occupied",
                           "Запрещено ставить рабочих: • На здания, занятые другими рабочими.",
                       "No worker on an occupied building (see the journeyman).")
PLANNING_FORBIDDEN = R.rule("planning.forbidden",
                        "Запрещено ставить рабочих: • На здания, занятые другими рабочими. •"
                        " На важные места. • На резиденции. • На здания, размещённые на"
                        " стройплощадке во время подготовки к игре. • На пустую клетку"
                        " дороги.",
                        "No worker on a prestige building, a residence, an empty space or the"
                        " construction site's set-up buildings (nor on the Guilds Bridge,"
                        " caylus/bridge-workers).")
PLANNING_OWNER_PP = R.rule("planning.owner-pp",
                       "Когда вы ставите рабочего на здание, построенное другим игроком, он тут же "
                       "получает 1 ОП.",
                       "A worker on another player's building gives its owner 1 PP at once;"
                       " none on one's own.")
PLANNING_SITE = R.rule("planning.site",
                   "Игрок ставит 1 своего рабочего на первую (крайнюю левую) свободную клетку"
                   " стройплощадки. На стройплощадке может находиться несколько рабочих, но"
                   " не более 1 рабочего каждого игрока.",
                   "A worker on the leftmost free construction-site space; one per player.")
PLANNING_PASS = R.rule("planning.pass",
                   "он ставит 1 свой дом на первую (край- нюю левую) свободную клетку моста "
                   "гильдий. Когда игрок "
                   "пропускает ход, фаза планирования для него заканчивается",
                   "A pass puts the player's house on the first free bridge space; he places no"
                   " more this round.")
PLANNING_FIRST_PLAYER_TILE = R.rule("planning.first-player-tile",
                         "Участник, пропустивший ход первым, берёт жетон первого игрока и"
                         " кладёт его перед собой (в следующем раунде он бу- дет первым"
                         " игроком).",
                         "The first to pass takes the first-player tile: first next round.")
PLANNING_EXTRA_COST = R.rule("planning.extra-cost",
                    "В течение оставшейся части раунда все остальные игроки при выставлении"
                    " своего рабочего должны возвращать 1 дополнительного рабочего в лагерь. Если"
                    " игрок не может вернуть дополнительного рабочего, то он не может выполнить"
                    " действие и обязан пропустить ход.",
                    "After someone passed, each placement also returns 1 worker to the camp;"
                    " who cannot pay must pass.")
PLANNING_NO_WORKERS = R.rule("planning.no-workers",
                      "Если игрок хочет пропустить ход (или если он должен сделать это, потому"
                      " что у него закончились рабочие)",
                      "A player without workers (to place and pay) can only pass.")
PLANNING_END = R.rule("planning.end",
                  "Фаза планирования заканчивается, когда все игроки пропустили свой ход.",
                  "Planning ends when every player passed.")

# -- activation -----------------------------------------------------------------------------------
ACTIVATION_ORDER = R.rule("activation.order",
                   "Здания активируются друг за другом, начиная от городских ворот (в ниж- нем"
                   " левом углу поля) и далее по дороге до прево.",
                   "Buildings activate one after another from the city gate up to the provost;"
                   " each worker's owner may use the effect once; the worker goes to the camp.")
ACTIVATION_BEYOND_PROVOST = R.rule("activation.beyond-provost",
                    "Эти здания не активируются: рабочие, размещённые на них, возвраща-"
                    " ются в лагерь.",
                    "Workers past the provost return to the camp unused.")
ACTIVATION_TO_CAMP = R.rule(
    "activation.to-camp",
    "Вы не можете возвращать рабочих с поля в свой резерв.",
    "Workers leaving the board go to the camp, not to the hand.",
)
ACTIVATION_CHOICE = R.rule("activation.choice",
                    "Игрок, чей рабочий на- ходится на активированном здании, может применить его"
                    " эффект 1 раз.",
                    "A worker's owner chooses one of the effect's options or declines.")
BUILDING_FAIRGROUND = R.rule("building.fairground",
                      "Игрок тратит 1 , чтобы немедленно получить 1 приви- легию (см. с. 6).",
                      "Fairground: spend 1 wood for a favour.", source="caylus/fairground-cost")
BUILDING_LAWYER = R.rule("building.lawyer",
                  "Игрок тратит 1 и ставит 1 свой дом над любым зданием с жёлтым флагом на"
                  " дороге. Это здание станет резиденцией во время фазы управления",
                  "Lawyer: spend 1 fabric, put a house on a starting tile on the road; it becomes"
                  " a residence at stewardship.", source="caylus/lawyer-cost")
BUILDING_CARPENTER = R.rule("building.carpenter",
                     "Игрок выбирает 1 деревянное здание из запаса, тратит ресурсы, указанные в"
                     " верхней левой части жетона здания, и затем ставит его (стороной постройки"
                     " вверх) на первую свободную клетку на дороге.",
                     "Carpenter: build a wood building from the supply on the first free road"
                     " space, pay its cost, house on it, take its PP.")
BUILDING_ROAD_FULL = R.rule("building.road-full",
                   "Вы не можете выполнить это действие, если на дороге нет свободной клетки.",
                   "No building when the road has no free space.")
BUILDING_ANY_ICON = R.rule("building.any-icon",
                  "Этот символ в стоимости строительства означает, что игрок может потратить 1 ,"
                  " 1 , 1 или 1 .",
                  "The 'any' icon of a cost is 1 food, wood, stone or fabric.")
BUILDING_TOLL = R.rule("building.toll",
                "Игрок перемещает прево на 0—2 шага по дороге вперёд или назад.",
                "Toll: move the provost 0-2 steps either way, free.",
                source="caylus/provost-direction")
BUILDING_BRIDGE = R.rule("building.bridge",
                  "Во время активации моста гильдий игроки могут переме- стить прево в порядке, в"
                  " котором расположены дома их цвета на мосту. Каждый игрок может переместить"
                  " прево на 1—3 шага по дороге вперёд или назад. За каждый шаг игрок возвращает"
                  " 1 рабочего в лагерь.",
                  "Guilds Bridge: in pass order each player may move the provost 1-3 steps"
                  " either way, returning 1 worker per step to the camp.",
                  source="caylus/provost-direction")
BUILDING_PROVOST_BOUNDS = R.rule("building.provost-bounds",
                        "Прево не может переместиться назад за мост гильдий.",
                        "The provost never goes back past the bridge, nor past the marked"
                        " provost spaces at the road's end.")
BUILDING_PRODUCE = R.rule("building.produce", "Получите 1 . Получите 1 . Получите 1 .",
                   "Starting farm, sawmill, quarry: 1 of its resource.")
BUILDING_MARKET = R.rule("building.market",
                  "Верните 1 рабочего в лагерь (в дополнение к тому, который находится на жетоне "
                  "рынка), чтобы получить 1 ресурс по вашему выбору",
                  "Starting market: return 1 more worker for 1 food, wood, stone or fabric.")
BUILDING_GUILD_4 = R.rule("building.guild-4",
                  "Потратьте 1 , чтобы получить 4 рабочих.",
                  "Guild: spend 1 stone for 4 workers.", source="caylus/guild-cost")
BUILDING_GUILD_3 = R.rule("building.guild-3",
                  "Потратьте 1 ресурс на ваш выбор: , , или , чтобы получить 3 рабочих.",
                  "Guild: spend 1 food, wood, stone or fabric for 3 workers.")
BUILDING_WOOD_PRODUCE = R.rule(
    "building.wood-produce",
    "Сторона постройки: получите 2 указанных ресурса.",
    "Wood farm/sawmill/quarry/spinning mill: 2 of its resource (set-up side: 1 and 1 PP).",
)
BUILDING_WOOD_MARKET = R.rule("building.wood-market",
                       "Получите 1 ресурс по вашему выбору: , , или . Начальная сторона"
                       " идентична.",
                       "Wood market: 1 food, wood, stone or fabric (both sides).")
BUILDING_COVERED_MARKET = R.rule("building.covered-market",
                          "Сторона постройки: получите 3 рабочих.",
                          "Covered market: 3 workers (set-up side: 2 workers and 1 PP).")
BUILDING_MANOR = R.rule("building.manor",
                 "Сторона постройки: немедленно получите 1 привилегию (см. с. 6).",
                 "Manor: a favour (set-up side: 2 PP).")
BUILDING_TAILOR = R.rule("building.tailor",
                  "Потратьте 1 и получите 4 ОП ИЛИ потратьте 2 и получите 6 ОП.",
                  "Tailor: 1 fabric for 4 PP or 2 for 6 PP (both sides).")
BUILDING_STONEMASON = R.rule("building.stonemason",
                      "Сторона постройки: выберите каменное здание в запасе и потратьте ресурсы,"
                      " изображённые в верхней левой части жетона. Затем поместите это здание"
                      " (стороной постройки вверх) на первую пустую клетку дороги.",
                      "Stonemason: build a stone building (set-up side: without its stone).")
BUILDING_STONE_PRODUCE = R.rule("building.stone-produce",
                       "Сторона постройки: получите ука- занные 3 ресурса. Также, если это зда- "
                       "ние активировано не "
                       "его владельцем",
                       "Stone farm/sawmill/quarry: 3 resources; activated by a non-owner, the"
                       " owner gets 1 bonus resource.", source="caylus/stone-production")
BUILDING_OWNER_BONUS = R.rule("building.owner-bonus",
                     "Владелец производственного здания (т. е. карье- ра, лесопилки, фермы)"
                     " получает только 1 бонус- ный ресурс, даже если рабочие 2 других игроков"
                     " находятся на его здании. Владелец не получает бонусный ресурс, если на"
                     " здании, принадлежа- щем ему, находится его рабочий.",
                     "The owner's bonus comes once a building, never with his own worker on it.")
BUILDING_GOLD_MINE = R.rule("building.gold-mine", "ЗОЛОТОЙ РУДНИК Получите 1 .",
                     "Gold mine: 1 gold.")
BUILDING_FOUNDRY = R.rule("building.foundry",
                   "Верните 1 рабочего в лагерь и получите 1 ИЛИ верните 3 рабочих и получите 2 .",
                   "Foundry: return 1 worker for 1 gold or 3 for 2 gold.")
BUILDING_ALCHEMIST = R.rule("building.alchemist",
                     "Потратьте 1 , 1 , 1 или 1 и получите 1 ИЛИ потратьте 2 любых ресурса и "
                     "получите 2 .",
                     "Alchemist: 1 food/wood/stone/fabric for 1 gold, or 2 for 2 gold.")
BUILDING_STONE_GUILD = R.rule("building.stone-guild",
                       "Потратьте 1 , 1 , 1 или 1 и получите 5 рабочих.",
                       "Stone guild: 1 food/wood/stone/fabric for 5 workers.")
BUILDING_CHURCH = R.rule("building.church",
                  "Верните 2 рабочих в лагерь и получите 4 ОП ИЛИ верните 4 рабочих и получите 6 "
                  "ОП.",
                  "Church: return 2 workers for 4 PP or 4 for 6 PP.")
BUILDING_JEWELLER = R.rule("building.jeweller",
                    "Потратьте 1 и получите 5 ОП ИЛИ потратьте 2 и получите 9 ОП.",
                    "Jeweller: 1 gold for 5 PP or 2 for 9 PP.")
BUILDING_BUILD_PP = R.rule("building.build-pp",
                  "и сразу же получает ОП, указанные в верхней правой части жетона.",
                  "Building gives the building's PP at once (the quarry: 2).")
# -- favours --------------------------------------------------------------------------------------
FAVOUR_CHOICE = R.rule("favour.choice",
                "забрать персонажа у другого игрока; ИЛИ • использовать эффект 1 из 3 зданий,"
                " размещённых на стройплощадке",
                "A favour: steal another player's character, or use the effect of a"
                " construction-site building and then take a board character"
                " (caylus/favour-effect: the effect must be used).")
FAVOUR_GATE = R.rule("favour.gate",
                     "С 1-го по 3-й раунд игрок может активировать эффект 1-го здания. С 4-го"
                     " по 6-й раунд игрок может активировать эффект 1-го или 2-го здания. С"
                     " 7-го по 9-й раунд игрок может активировать эффект 1 из 3 зданий.",
                     "Rounds 1-3: the 1st site building; 4-6: 1st or 2nd; 7-9: any.")
FAVOUR_TAKE = R.rule("favour.take",
                     "Затем, если на игровом поле остался хотя бы 1 персонаж, игрок может взять 1 "
                     "из них",
                     "After using a site building, the player may take a board character.")
# -- delivery -------------------------------------------------------------------------------------
DELIVERY_ORDER = R.rule("delivery.order",
                        "Очерёдность хода определяется порядком их размещения (слева направо).",
                        "Site workers deliver left to right, a bundle a step, then end.")
DELIVERY_BUNDLE = R.rule("delivery.bundle",
                "Набор должен состоять из 3 разных ресурсов, один из которых — . Игрок получает 5 "
                "очков "
                "престижа за каждый доставленный набор.",
                "A bundle is 3 different resources, one of them food; 5 PP each.")
DELIVERY_MOST = R.rule("delivery.most",
              "После того как все участники выполнили доставку, игрок, доставив- ший больше всех"
              " наборов в этом раунде, сразу же получает 1 привилегию (см. ниже). При ничьей"
              " побеждает претендент, чей рабочий стоит на строй- площадке левее.",
              "Most bundles takes a favour; ties to the leftmost worker.")
# -- stewardship ----------------------------------------------------------------------------------
STEWARDSHIP_RESIDENCES = R.rule("stewardship.residences",
                    "Переверните все начальные здания (жёлтый флаг), над которыми выставлен дом",
                    "Every housed starting tile becomes a residence.")
STEWARDSHIP_PRESTIGE = R.rule("stewardship.prestige",
                    "каждая резиденция (зелёный флаг) может быть заменена важным местом (синий "
                    "флаг).",
                    "From the bridge up the road each residence's owner may replace it by a"
                    " prestige building, paying its cost, taking its PP.")
STEWARDSHIP_THEATRE = R.rule("stewardship.theatre",
                   "Игрок, который строит театр, сразу же по- лучает 1 привилегию в дополнение к "
                   "12 ОП.",
                   "The theatre also gives a favour.")
STEWARDSHIP_RECRUITMENT = R.rule("stewardship.recruitment",
                   "Каждый игрок получает 3 рабочих (2 рабочих при игре впятером), а также: "
                   "• 1 рабочего за каждую свою резиденцию . • 2 рабочих, если игрок построил "
                   "сад.",
                   "Recruitment: 3 workers (2 at 5 players) + 1 per residence + 2 with the"
                   " garden; +1 food with the granary, +1 fabric with the factory.",
                   source="caylus/recruitment-icons")
STEWARDSHIP_PROVOST = R.rule("stewardship.provost",
                       "Поставьте прево позади последнего построенного здания (не учитывайте"
                   " каменное здание, расположенное при подготовке к игре, если позади него"
                   " ещё остались пустые клетки).",
                       "The provost goes on the city-gate side of the last building, between it"
                       " and the space before it, so that building does not activate unless the"
                       " provost moves; the set-up stone building does not count while a space"
                       " before it is empty (examples А, Б, В; option provost_reset=far-side:"
                       " after the last building).", source="caylus/provost-reset")
STEWARDSHIP_ROUND = R.rule("stewardship.round",
                   "Переместите маркер раунда на 1 деление вперёд и начните новый раунд.",
                   "The round marker advances; 9 rounds.")
END_GOLD = R.rule("end.gold",
                  "Также игроки получают по 2 очка престижа за каж- дое , оставшееся у них в конце "
                  "партии.",
                  "At the end 2 PP per gold.")
END_TIES = R.rule("end.ties", "В случае ничьей игроки делят победу.",
              "Most PP wins; ties share the victory.")
# -- characters -----------------------------------------------------------------------------------
CHARACTER_ARCHITECT = R.rule("character.architect",
                     "Когда вы строите деревянное здание, каменное здание или важное место, "
                     "получайте 1 "
                     "дополнительное ОП.",
                     "Architect: +1 PP per wood, stone or prestige building built.")
CHARACTER_FOREMAN = R.rule("character.foreman",
                   "Получайте 1 дополнительное ОП за каждый набор ресурсов, достав- ленный на"
                   " стройплощадку.",
                   "Foreman: +1 PP per bundle.")
CHARACTER_CHAMBERLAIN = R.rule("character.chamberlain",
                       "Вы можете доставлять ресурсы на стройплощадку без каких‑либо ограничений "
                       "по типу ресурсов",
                       "Chamberlain: bundles of any 3 resources.")
CHARACTER_DELIVERYMAN = R.rule("character.deliveryman",
                       "Вы можете доставлять ресурсы на стройплощадку, не размещая там рабочего, "
                       "но вы делаете это "
                       "последним.",
                       "Deliveryman: deliver without a site worker (last), or again after the"
                       " others with one.")
CHARACTER_DAY_LABOURER = R.rule("character.day-labourer",
                        "Получайте 1 дополнительного рабочего во время вербовки",
                        "Day labourer: +1 worker at recruitment.")
CHARACTER_JOURNEYMAN = R.rule("character.journeyman",
                      "Раз за раунд вы можете поставить своего рабочего на здание, где уже на- "
                      "ходится рабочий другого игрока. Активация вашего рабочего происходит"
                      " после активации рабочего другого игрока.",
                      "Journeyman: once a round on a building another player occupies;"
                      " activates second.")
CHARACTER_EARLY_RISER = R.rule("character.early-riser",
                       "В начале фазы планирования, перед ходом первого игрока, вы можете "
                       "поставить 1 рабочего. Если вы это делаете, вы должны вернуть 1 рабочего"
                       " в лагерь.",
                       "Early riser: before the first player, place 1 worker returning 1 more.")
CHARACTER_NIGHT_WORKER = R.rule("character.night-worker",
                        "Когда хотя бы один другой игрок пропустил свой ход, вы всё ещё мо- жете "
                        "ставить рабочих без дополнительной оплаты.",
                        "Night worker: no extra cost after others passed (not the early"
                        " riser's).")
CHARACTER_THIEF = R.rule("character.thief",
                 "Если вы ставите рабочего на здание другого игрока, этот игрок не получает ОП",
                 "Thief: the owner gets no PP when the thief uses his building.")
CHARACTER_STEWARD = R.rule("character.steward",
                   "Получайте 2 ОП, когда другой игрок ставит рабочего на одно из ваших зданий.",
                   "Steward: 2 PP when another player uses one's building.",
                   source="caylus/steward")
CHARACTER_BAILIFF = R.rule("character.bailiff",
                   "После того как все игроки использовали мост гильдий во время фазы"
                   " активации, вы можете бесплатно переместить прево на 1 шаг по дороге вперёд"
                   " или назад.",
                   "Bailiff: after the bridge, move the provost 1 step free.")
CHARACTER_GOLDSMITH = R.rule("character.goldsmith",
                     "Раз за раунд, если вы доставляете хотя бы 1 на стройплощадку, получайте 5 "
                     "дополнительных ОП "
                     "за этот набор.",
                     "Goldsmith: once a round +5 PP for a bundle with gold.")
# -- the game's steps ---------------------------------------------------------------------------
GAME_ACTOR = R.rule("game.actor", "",
               "Steps follow the phases; a chance outcome only at a chance step, a choice only"
               " of the player to act.",
               source="the model's step structure: the text orders the 4 phases of a round and"
                      " each phase's turns (caylus/planning.order, caylus/delivery.order,"
                      " caylus/stewardship.prestige), but no sentence says that only the player"
                      " to act may act; stands in no project text (no quote)")
END_OVER = R.rule("end.over", "Партия заканчивается в конце 9 раунда.",
              "Nothing happens after the 9th round.")

# -- ambiguities ----------------------------------------------------------------------------------
A_START_RES = R.ambiguity(
    "starting-resources", quote="каждый игрок получает 2 , 1  и 1 .",
    question="Which resources are the starting '2, 1 and 1' (the icons are lost)?",
    readings={"wood2-food-stone": "2 wood, 1 food, 1 stone"},
    default="wood2-food-stone", why="The only surviving source (TT).",
    source="supplementary data (confidence L)")
A_ROAD = R.ambiguity(
    "road-length", quote="оставшиеся 8 зданий на клетках дороги",
    question="How long is the road: empty spaces around the set-up wood and stone buildings,"
             " and marked provost spaces past its end (only a picture showed them)?",
    readings={"28+2": "spaces 0-4 printed (bridge at 4), 5-12 starting tiles, 13 wood, 14-19"
                      " empty, 20 stone, 21-27 empty; 2 provost spaces past the end"},
    default="28+2", why="Room for every wood and stone building that can be built is kept"
                        " roughly; the picture is lost.", source="project default (playability)")
A_START_TILES = R.ambiguity(
    "starting-tiles", quote="ФЕРМА КАРЬЕРЛЕСОПИЛКА",
    question="The text names 7 starting tile kinds for 9 tiles: which are doubled?",
    readings={"two-farms-two-markets": "2 farms and 2 markets"},
    default="two-farms-two-markets", why="The only surviving source (TT).",
    source="supplementary data (confidence L)")
A_COSTS = R.ambiguity(
    "costs", quote="Он платит 1  и 1  и размещает жетон",
    question="Costs and PP of the wood, stone and prestige buildings (icons lost)?",
    readings={"tt": "data.COST and data.PRESTIGE_POINTS; the quarry's 1 wood + 1 food, 2 PP"
                    " hold the text's example"},
    default="tt", why="The text keeps only the quarry example; TT gives the rest.",
    source="supplementary data (confidence L; the quarry M)")
A_FAIR = R.ambiguity(
    "fairground-cost", quote="Игрок тратит 1 , чтобы немедленно получить 1",
    question="What does the fairground cost (icon lost)?", readings={"wood": "1 wood"},
    default="wood", why="data/README.md (M-H).", source="supplementary data (confidence M-H)")
A_LAWYER = R.ambiguity(
    "lawyer-cost", quote="Игрок тратит 1  и ставит 1 свой дом",
    question="What does the lawyer cost (icon lost), and may it target the set-up wood or"
             " stone building (brown and grey flags)?",
    readings={"fabric": "1 fabric; starting tiles (yellow flag) only"},
    default="fabric", why="TT's cost; the text names the yellow flag, which only the starting"
                          " tiles carry.", source="supplementary data (confidence L)")
A_GUILD = R.ambiguity(
    "guild-cost", quote="Потратьте 1 , чтобы получить 4 рабочих.",
    question="What does the 4-worker guild take (icon lost)?", readings={"stone": "1 stone"},
    default="stone", why="TT.", source="supplementary data (confidence L)")
A_STONE_PROD = R.ambiguity(
    "stone-production", quote="он получает бонус, указанный в ниж",
    question="Which 3 (2 on the set-up side) resources do the stone farm, sawmill, quarry give,"
             " and what is the owner's bonus?",
    readings={"own-fabric": "2 of its resource and 1 fabric (set-up side 1 and 1 fabric); the"
                            " bonus is 1 of its resource"},
    default="own-fabric", why="TT, and the text's farm example (2 and 1 to the worker, 1 to the"
                              " owner).", source="supplementary data (confidence L)")
A_STONE_SIDES = R.ambiguity(
    "stone-setup-sides", quote="Начальная сторона: получите 2 указанных ресурса.",
    question="The stone page gives a set-up side only for the farm, sawmill and quarry (this"
             " sentence): what does the set-up side of the other stone buildings do?",
    readings={"same": "the same as the construction side"},
    default="same", why="TT; the text gives no set-up side for them.",
    source="supplementary data (confidence L)")
A_BRIDGE = R.ambiguity(
    "bridge-workers", quote="Запрещено ставить рабочих:",
    question="May a worker be placed on the Guilds Bridge (not in the list of forbidden"
             " places)?",
    readings={"no": "no: the bridge is entered by passing, and its activation uses houses"},
    default="no", why="Its effect is defined by the houses of passing players only.",
    source="later rule in the text")
A_WORKER_CAP = R.ambiguity(
    "worker-gain-cap", quote="у игрока не может быть больше 15 рабочих",
    question="A resource or worker gain larger than what the camp holds?",
    readings={"camp": "workers: at most what the camp holds; resources: unlimited"},
    default="camp", why="The text caps workers at 15 and makes resources unlimited.",
    source="later rule in the text")
A_STEWARD = R.ambiguity(
    "steward", quote="Получайте 2 ОП, когда другой игрок ставит",
    question="Does the steward's owner get 2 PP in all or 2 on top of the usual 1?",
    readings={"two": "2 PP in all (instead of 1)", "three": "1 + 2 = 3 PP"},
    default="two", why="Other characters say 'additional' (дополнительное); the steward does"
                       " not.", source="project default (the text's wording)", option="steward")
A_FAVOUR_NONE = R.ambiguity(
    "favour-bundle-zero",
    quote="После того как все участники выполнили доставку, игрок, доставив",
    question="Does a round where nobody delivered give a favour?",
    readings={"no": "no: the most bundles must be at least 1"},
    default="no", why="Nobody delivered more than anyone.",
    source="project default (playability)")
A_DELIVERYMAN = R.ambiguity(
    "deliveryman-extra", quote="вы можете совершить дополнительную доставку",
    question="With a worker on the site, is the deliveryman's 'additional delivery' after the"
             " others another turn of any number of bundles, or one bundle?",
    readings={"turn": "another delivery turn: any number of bundles",
              "bundle": "one more bundle at most"},
    default="turn",
    why="The text uses 'доставка' both ways. The delivery example counts bundles ('Красный"
        " игрок делает одну доставку (и получает 5 очков престижа), а Зелёный — 2"
        " доставки'), which favours 'bundle'. But the deliveryman's own sentence sets 'вы"
        " можете совершить доставку согласно очерёдности' beside 'вы можете совершить"
        " дополнительную доставку', and the first is a whole turn in the order, of any number"
        " of bundles ('В свой ход игрок решает, какое количество наборов он доставляет'). The"
        " nearer usage, in the same sentence and with the same verb, decides the default;"
        " the example's sense stays selectable.",
    source="later rule in the text", option="deliveryman")
A_BRIDGE_HOUSE = R.ambiguity(
    "bridge-house", quote="помещает 1 из них под мостом гильдии",
    question="Is the house a pass puts on the bridge the one under the bridge, or one from the"
             " stock (then a player without houses could not pass)?",
    readings={"bridge": "the house under the bridge: passing never takes a house from stock"},
    default="bridge", why="Passing must stay possible (a player out of workers must pass); the"
                          " stock's 9 houses are for buildings.",
    source="project default (playability)")
A_FAVOUR_EFFECT = R.ambiguity(
    "favour-effect", quote="Когда игрок получает привилегию, он должен "
                     "немедленно:",
    question="Must the player who takes a construction-site building for a favour use its"
             " effect (so a building whose effect he cannot use is no choice), or may he"
             " decline it and still take a board character?",
    readings={"required": "the effect must be used: a site building is a choice only when its"
                          " effect can be used; a favour with nothing to steal and no usable"
                          " site effect lapses",
              "optional": "the effect may be declined, as a worker's ('может применить'); the"
                          " board character may still be taken after"},
    default="required",
    why="The favour's own words: the player 'должен немедленно' steal a character 'ИЛИ"
        " использовать эффект 1 из 3 зданий', and only 'Затем' may take a board character;"
        " the summary card says 'Используйте эффект здания на стройплощадке ... и возьмите 1"
        " персонажа'. 'может применить' is the activation's wording for a worker, not the"
        " favour's. The text does not say what happens when nothing can be done; then the"
        " favour lapses.",
    source="the rules text", option="favour_effect")
A_ALCHEMIST = R.ambiguity(
    "alchemist-any", quote="потратьте 2 любых ресурса",
    question="Which resources are the alchemist's 'any 2 resources'?",
    readings={"plain": "two of food, wood, stone, fabric (the same kind allowed), as the 'any'"
                       " icon of costs"},
    default="plain", why="The 'any' icon is food, wood, stone or fabric; gold for gold only adds"
                         " choices no better than the single-resource option.",
    source="later rule in the text")
A_SUPPLY = R.ambiguity(
    "resource-supply", quote="Количество ресурсов и очков престижа неограниченно.",
    question="The box holds 20 food, 20 wood, 20 stone, 15 fabric and 15 gold: may players"
             " hold more of a resource than its tokens?",
    readings={"unlimited": "yes: the supply never runs out (the text)",
              "limited": "no: a gain takes at most the tokens left in the supply (the tokens"
                         " not held by any player); the rest of it is lost"},
    default="unlimited", why="The text says so in as many words; some groups play the tokens"
                             " as a limit.", source="the rules text", option="supply",
    # the first seed whose play runs a supply dry (a scan of seeds 0-186, 2-5 players)
    witness=Witnessed(players=4, seed=186, policy="eager"))
A_PROVOST_RESET = R.ambiguity(
    "provost-reset", quote="позади последнего построенного здания",
    question="On which side of the last building does 'позади' put the provost (and, in the"
             " exception 'если позади него ещё остались пустые клетки', which empty spaces of"
             " the set-up stone building are meant)? The examples' pictures are lost.",
    readings={"gate-side": "the city-gate side: the provost stands just before the last"
                           " building, which does not activate unless the provost moves; the"
                           " set-up stone building counts once no space before it is empty;"
                           " the set-up provost stands before the set-up wood building",
              "far-side": "the far side: the provost stands just after the last building; the"
                          " set-up stone building counts only when no space after it is"
                          " empty; the set-up provost stands after the set-up wood building"},
    default="gate-side",
    why="Where its direction is plain the text's 'позади' is the gate side: the summary card's"
        " 'Активируйте здания позади прево', and the exception, which only makes sense for"
        " the empty spaces between the built road and the lone stone building. So read, the"
        " examples fall out: А 'между карьером и домом каменщика' (the stonemason, never on"
        " the road at set-up, was built last), Б 'между лесопилкой и золотым рудником' (the"
        " stone building not counted), В 'между золотым рудником и лабораторией алхимика'"
        " (the stone building counted once the road reaches it); and the set-up position"
        " ('позади клетки, отмеченной 7', the wood building's space) is the reset of the"
        " set-up road. The far side fits the examples only if in each of them the last"
        " building stands just before the set-up stone building, and it is how the one"
        " published program (TT) reads the English text, so it stays selectable.",
    source="the rules text (its examples and its summary card)", option="provost_reset")
A_DELIVERYMAN_TIE = R.ambiguity(
    "deliveryman-tie", quote="положение вашего рабочего при определении игрока",
    question="A deliveryman who delivered without a worker on the site has no worker"
             " position ('При ничьей побеждает претендент, чей рабочий стоит на стройплощадке"
             " левее'): how does he fare in a tie for the most bundles?",
    readings={"last": "he ranks after every site worker, as he delivers last: he loses"
                      " every tie",
              "no-favour": "the tie rule cannot place him: a tie for the most that includes"
                           " him gives nobody the favour"},
    default="last",
    why="He delivers 'последним', after every site worker, and the example breaks the tie by"
        " the order of delivery ('он первым поставил рабочего на стройплощадку'); ranking him"
        " last keeps one winner for every tie, as 'побеждает претендент' assumes. The text"
        " never places a worker-less deliveryman, so the other reading stays selectable.",
    source="project default (the text's delivery order)", option="deliveryman_tie")
A_FAVOUR_MARKET = R.ambiguity(
    "favour-market", quote="в дополнение к тому, который находится на жетоне "
                     "рынка",
    question="The starting market returns 1 worker 'in addition to the one on the market"
             " tile'; used through a favour no worker stands on the tile: does the player"
             " still return 1 worker?",
    readings={"pay": "yes: 1 worker from his hand; without one the market is no choice",
              "free": "no: the returned worker stands for the placed one, so a favour's use"
                      " costs nothing"},
    default="pay",
    why="The effect is 'Верните 1 рабочего в лагерь ... чтобы получить 1 ресурс': the"
        " returned worker is the price of the resource, and the parenthesis only says the"
        " placed worker does not pay it. A favour uses the building's effect, price"
        " included, as at the guilds and the alchemist.",
    source="project default (the effect's wording)", option="favour_market")
A_BUNDLE_FOOD = R.ambiguity(
    "bundle-food", quote="один из которых — .",
    question="A bundle is '3 разных ресурсов, один из которых — [icon lost]': which resource"
             " must every bundle hold?",
    readings={"food": "food: a bundle is food and 2 other different resources (the"
                      " chamberlain's bundles are free of the rule)"},
    default="food",
    why="The icon is lost here, on the summary card and in the chamberlain's '(не используя"
        " )'; the data file gives food from two sources (confidence H), and food is the one"
        " resource no building turns into anything else but bundles. No source names"
        " another kind, so no other reading is offered.",
    source="supplementary data (confidence H)")
A_GOLD_END = R.ambiguity(
    "end-gold", quote="дое , оставшееся у них в конце партии",
    question="At the end players score '2 очка престижа за каждое [icon lost], оставшееся у"
             " них': which resource scores?",
    readings={"gold": "2 PP per gold left; other resources score nothing"},
    default="gold",
    why="'каждое' is neuter, which of the five resources fits only золото and дерево; the"
        " data file gives gold (confidence H), and gold is the resource with no other use at"
        " the end (prestige buildings and the jeweller spend it during play).",
    source="supplementary data (confidence H) and the text's grammar")
A_GOLD_ICONS = R.ambiguity(
    "gold-icons", quote="ЗОЛОТОЙ РУДНИК Получите 1 .",
    question="The gold mine, foundry, alchemist, jeweller and goldsmith lost the icon of what"
             " they give or take: is it gold in each?",
    readings={"gold": "gold: the gold mine gives 1; the foundry 1 for 1 worker or 2 for 3; the"
                      " alchemist 1 for one plain resource or 2 for two; the jeweller takes 1"
                      " for 5 PP or 2 for 9; the goldsmith's bundle holds at least 1"},
    default="gold",
    why="The gold mine and the goldsmith (Ювелир, 'за набор ресурсов, содержащий хотя бы 1"
        " [icon]') are named for it, the jeweller's workshop makes prestige of it, and the"
        " foundry and alchemist are the only other ways to it; the data file infers gold for"
        " every one (confidence M). Nothing else in the game is made of these.",
    source="supplementary data (confidence M) and the buildings' names")
A_TAILOR = R.ambiguity(
    "tailor-fabric", quote="Потратьте 1 и получите 4 ОП",
    question="What does the tailor take for 4 PP (2 for 6 PP)? The icon is lost.",
    readings={"fabric": "fabric: 1 for 4 PP or 2 for 6 PP"},
    default="fabric",
    why="The tailor (ПОРТНЯЖНАЯ) works cloth; the data file gives fabric (confidence M) and"
        " the numbers from the text (H).",
    source="supplementary data (confidence M)")
A_MASON_SIDE = R.ambiguity(
    "stonemason-setup-side", quote="но вы не платите за",
    question="The stonemason's set-up side builds 'но вы не платите [icon lost] за"
             " строительство здания (платите другие изображённые ресурсы)': which part of the"
             " cost is waived?",
    readings={"stone": "the stone: every stone building costs 1 stone and one other resource"
                       " (data.COST), so built from the set-up side (through a favour, the"
                       " only way to use a site building) it costs that one other resource"},
    default="stone",
    why="A stonemason builds stone buildings, and 'платите другие изображённые ресурсы'"
        " leaves a rest to pay; the data file gives 'without the stone part of the cost'"
        " (confidence H). With the costs the data file has (1 stone each, confidence L) the"
        " rest is a single resource; that is the consequence of the costs, not a reading.",
    source="supplementary data (confidence H; the costs L)")
A_ANY_KINDS = R.ambiguity(
    "any-icon-kinds", quote="Этот символ в стоимости строительства означает",
    question="The 'any' symbol of a cost 'означает, что игрок может потратить 1 , 1 , 1 или 1"
             " ' (four icons lost): which resources may pay it? Gold is the fifth kind.",
    readings={"plain": "food, wood, stone or fabric; never gold"},
    default="plain",
    why="The sentence lists four icons for five kinds, so one kind is left out. The market,"
        " the 3-worker guild, the alchemist and the stone guild show the same four-icon list"
        " ('Потратьте 1 , 1 , 1 или 1'), which the data file reads as food, wood, stone or"
        " fabric (effects confidence H); gold is kept apart by every building that makes or"
        " spends it.",
    source="the rules text (four icons) and supplementary data (confidence H)")
A_PRESTIGE_PLAIN = R.ambiguity(
    "prestige-no-effect", quote="Разместите 7 важных мест рядом с игровым полем.",
    question="The text shows the effects of 4 of the 7 prestige buildings (theatre, garden,"
             " granary, factory): do the other three (statue, cathedral, mansion by TT's"
             " names) do anything beyond their PP?",
    readings={"pp-only": "no: they give their PP when built and nothing after"},
    default="pp-only",
    why="Recruitment lists every lasting gain ('2 рабочих, если игрок построил сад', the"
        " granary's food, the factory's fabric) and the theatre's favour is its own note;"
        " nothing is said of the others, and TT gives them none (confidence L).",
    source="supplementary data (confidence L) and the text's silence")
A_RECRUIT_ICONS = R.ambiguity(
    "recruitment-icons", quote="1 , если игрок построил амбар.",
    question="Recruitment gives '1 [icon lost], если игрок построил амбар' and '1 [icon lost],"
             " если игрок построил фабрику': which resource does the granary give, and which"
             " the factory?",
    readings={"food-fabric": "the granary 1 food, the factory 1 fabric a round"},
    default="food-fabric",
    why="The summary card keeps the three gains in words, '+1 ткань', '+1 еда', '+2 рабочих'"
        " (its pictures, which would pair them with the buildings, are lost; the garden's '2"
        " рабочих' the text states): so one building gives food and the other fabric. A"
        " granary (амбар) stores grain, and a factory (фабрика) is the fabric's, as the"
        " spinning mill (ТКАЦКАЯ ФАБРИКА) makes fabric; the data file pairs them so"
        " (confidence M). No source gives the other pairing, so no other reading is offered.",
    source="supplementary data (confidence M) and the summary card's words")
A_PRESTIGE_HOUSE = R.ambiguity(
    "prestige-house", quote="если у игрока нет домов его цвета, он не может строить здания",
    question="May a player with no house left in stock replace his residence by a prestige"
             " building? The limit says without a house of one's colour one 'не может строить"
             " здания', and the stewardship calls the prestige buildings built ('игроки строят"
             " важные места'), but the prestige building goes 'поверх резиденции', whose house"
             " already marks it, and no new house is placed.",
    readings={"residence": "yes: the residence's house stays and marks the prestige building;"
                           " the stock is not asked",
              "stock": "no: as the limit's words say, a player without a house in stock builds"
                       " nothing, a prestige building included (no house is placed)"},
    default="residence",
    why="The limit is given as the consequence of the houses' count ('ограничены по"
        " количеству, т. е.'): a building needs a house of one's colour to mark it, and the"
        " prestige building's steps name only its cost and its PP ('он должен оплатить"
        " стоимость выбранного важного места ... а затем разместить его жетон поверх"
        " резиденции'), the residence's house marking it. The limit's bare words forbid it,"
        " so that reading stays selectable.",
    source="the rules text (the stewardship's steps)", option="prestige_house",
    # a directed search (oracle/witness_search.py: caylus_houses, width 30, branch 6,
    # segment 4) reaches a player with no house in stock who can pay a prestige building
    witness=Witnessed(players=2, seed=0, policy="directed", choices=(
        2, 3, 6, 6, 3, 6, 3, 2, 9, 3, 8, 7, 3, 2, 2, 2, 0, 0, 1, 0, 1, 1, 6, 0, 7,
        10, 4, 5, 4, 0, 0, 0, 1, 2, 3, 0, 1, 0, 0, 2, 0, 0, 0, 0, 1, 0, 1, 3, 0, 0,
        0, 17, 6, 1, 12, 5, 8, 6, 0, 9, 1, 8, 0, 4, 1, 0, 0, 0, 0, 0, 0, 0, 0, 18,
        16, 5, 14, 11, 1, 0, 1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 14, 1, 8, 11, 11, 12, 0,
        9, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 19, 6, 10, 12, 13, 12, 0, 1, 10, 0, 4, 0,
        0, 0, 1, 0, 0, 0, 0, 2, 0, 3, 19, 6, 18, 17, 7, 3, 12, 1, 3, 3, 0, 2, 0, 4,
        3, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 2, 0, 4, 0, 12, 10, 16, 5, 8, 13, 10, 0, 2,
        9, 5, 0, 5, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0,
    )))
A_FIRST_SETUP = R.ambiguity(
    "first-game-setup", quote="РЕКОМЕНДУЕМАЯ ПОДГОТОВКА ДЛЯ ПЕРВОЙ ПАРТИИ",
    question="The recommended first-game set-up (which tiles lie where) was a picture, and it"
             " is lost: how is a first game laid out?",
    readings={"random": "as every game: the set-up's tiles are drawn at random (chance steps)"},
    default="random",
    why="Only the heading and the advice against a first game at 5 survive; the layout cannot"
        " be rebuilt, and a random set-up is the text's own procedure. An engine that lays the"
        " recommended set-up is replayed by feeding its tiles in as the set-up's chance"
        " outcomes.",
    source="project default (the picture is lost)")
A_FIRST_CHARACTERS = R.ambiguity(
    "first-game-characters",
    quote="АРХИТЕКТОР БРИГАДИР КАМЕРГЕРПРИСТАВ РАЗНОРАБОЧИЙ ВОЗНИЧИЙ ПОДМАСТЕРЬЕ ЖАВОРОНОК",
    question="The recommended characters of a first game were a picture per player count ('2"
             " игрока: 3 игрока: как для двух + 4 игрока: как для трёх + 5 игроков: как для"
             " четырёх +'), and the pictures are lost; only eight names survive: which"
             " characters are in play at each count?",
    readings={"page-order": "2 players: architect, foreman, chamberlain, bailiff, day"
                            " labourer; 3: + deliveryman; 4: + journeyman; 5: + early riser"},
    default="page-order",
    why="Each count is the previous one's set and more ('как для двух +'), and players + 3"
        " characters are in play (5, 6, 7, 8: the summary's 'Персонажей в игре 5 6 7 8'),"
        " so each count adds one; the page names eight characters, five together, then"
        " three one by one, which the counts take in that order; the data file gives the"
        " same (confidence M). No source gives another assignment, so no other reading is"
        " offered (the option characters=first-game plays it; the default draws at random).",
    source="the rules text (the names' order) and supplementary data (confidence M)")
A_PRODUCTION_ICONS = R.ambiguity(
    "production-icons", quote="Сторона постройки: получите 2 указанных ресурса.",
    question="The starting farm, sawmill and quarry ('Получите 1 . Получите 1 . Получите 1 .')"
             " and the wood farm, sawmill, quarry and spinning mill ('получите 2 указанных"
             " ресурса', set-up side 'получите 1 указанный ресурс и 1 ОП') lost the icon of the"
             " resource they give: which is it?",
    readings={"named": "each gives what it is named for: the farms food, the sawmills wood,"
                       " the quarries stone, the spinning mill (ТКАЦКАЯ ФАБРИКА) fabric"},
    default="named",
    why="'указанных' points at the tile's picture, and each tile is named for its goods"
        " (ферма, лесопилка, карьер, ткацкая фабрика), as the gold mine is for gold"
        " (caylus/gold-icons); the data file gives the same (confidence H). No source names"
        " another resource, so no other reading is offered (the stone buildings' three are"
        " caylus/stone-production's).",
    source="supplementary data (confidence H) and the buildings' names")
A_PROVOST_LAST = R.ambiguity(
    "provost-last-building",
    quote="Поставьте прево позади последнего построенного здания (не учитывайте каменное"
          " здание, расположенное при подготовке к игре, если позади него ещё остались"
          " пустые клетки).",
    question="Which building is 'последнее построенное здание' the provost is reset behind:"
             " the last one along the road, or the one built last in time, which may be a"
             " prestige building just built over a residence near the bridge (step 2 of the"
             " same stewardship)?",
    readings={"furthest": "the last building along the road (the set-up stone building as"
                          " the exception says); a prestige building, standing on a"
                          " residence among the starting tiles, never is"},
    default="furthest",
    why="The exception counts the set-up stone building among the candidates ('не"
        " учитывайте каменное здание, расположенное при подготовке к игре, если ...'),"
        " though nobody built it: so the words name the last building along the road, not"
        " the latest in time. Wood and stone buildings take the first free space, so the"
        " furthest of them is also the latest; only a prestige building, built over a"
        " residence, would set the readings apart, and the provost behind it would leave the"
        " road past the starting tiles unactivated. No source reads it so, so no other"
        " reading is offered.",
    source="the rules text (the reset's exception)")
A_SITE_RETURN = R.ambiguity(
    "site-workers-return",
    quote="В этой фазе участвуют игроки, разместившие своих рабочих на стройплощадке.",
    question="When do the workers on the construction site leave it, and where to? The text"
             " returns a building's worker 'в лагерь' once it is activated, but says nothing"
             " of the site's workers after the delivery; the moment matters when the camp is"
             " short at recruitment, which gains only what the camp holds.",
    readings={"after-delivery": "at the end of the delivery (after its favour), every site"
                                " worker goes to its owner's camp, before the stewardship"
                                " and its recruitment"},
    default="after-delivery",
    why="The site's workers do their work in the delivery ('В этой фазе участвуют игроки,"
        " разместившие своих рабочих на стройплощадке'), as a building's worker does his in"
        " the activation, after which 'он возвращает этого рабочего в лагерь'; the camp is"
        " the only place a worker leaving the board may go ('Вы не можете возвращать"
        " рабочих с поля в свой резерв'). The stewardship's five steps name all they move"
        " and no worker on the site. No source keeps them on the site longer, so no other"
        " reading is offered.",
    source="the rules text (the activation's return, by analogy)")
A_PROVOST_DIRECTION = R.ambiguity(
    "provost-direction",
    quote="Каждый игрок может переместить прево на 1—3 шага по дороге вперёд или назад. За"
          " каждый шаг игрок возвращает 1 рабочего в лагерь.",
    question="The Guilds Bridge sells the provost's steps one worker each ('За каждый шаг'),"
             " and the toll moves it '0—2 шага по дороге вперёд или назад': may one player's"
             " move mix directions (a step forward, then one back), or is it a move of 1-3"
             " (0-2) steps one way?",
    readings={"one-way": "one way: a player's steps at the bridge all go forward or all"
                         " back, up to 3; the toll moves 1 or 2 steps one way (or none)"},
    default="one-way",
    why="The text gives a move's length and a direction, 'на 1—3 шага ... вперёд или назад',"
        " and its example moves each player's provost one way ('на 2 шага назад', 'на 2"
        " шага вперёд', 'на 1 шаг назад'). A mixed move would end where a shorter one-way"
        " move ends, only for more workers, and a worker sent to the camp buys nothing"
        " else, so no other reading is offered.",
    source="the rules text (the bridge's example)")
