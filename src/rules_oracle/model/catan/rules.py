"""The rule book of base Catan: every rule and ambiguity the model uses.

No rules text covers the base game; its rules are the published base game's. Each
rule's source is marked supplementary (published base game) with the confidence the
project's data file gives it. Its quote stands verbatim in the file it names: the
"Base Catan" table of ``shared/data/README.md`` (``../data/README.md`` from the rules
directory), or the Cities & Knights text (:data:`CK_FILE`) where that text refers to the
base rule. A rule that stands in neither has no quote (:data:`UNQUOTED`) and says so in
its source; the model's own bounds (a turn limit, trade limits) are marked as such.
"""

from rules_oracle.model.core import RuleBook, Witnessed

#: the data file, named relative to ``shared/rules`` like every rules file
DATA_FILE = "../data/README.md"
#: the Cities & Knights rules text, which refers to several base rules
CK_FILE = "003_afb99bb921effa32.txt"
#: the quote of a rule that stands in no project text
UNQUOTED = ""

RULES = RuleBook("catan", DATA_FILE)
R = RULES
SUPP_H = "supplementary: published base game, data/README.md (confidence H)"
SUPP_M = "supplementary: published base game, data/README.md (confidence M)"
SUPP_MH = "supplementary: published base game, data/README.md (confidence M-H)"
#: published base-game rules that no project text states
PUBLISHED = ("supplementary: published base game; stands in no project text (no quote),"
             " see docs/games/catan.md")
#: bounds of the model itself, not rules of the game
BOUND = "model bound: not a rule of the published game; no quote, see docs/games/catan.md"

# -- components ------------------------------------------------------------------------------
COMPONENTS_TERRAIN: str = R.rule("components.terrain",
                 "forest 4, pasture 4, fields 4, hills 3, mountains 3, desert 1",
                 "19 land hexes: 4 forest, 4 pasture, 4 fields, 3 hills, 3 mountains, 1 desert.",
                 source=SUPP_H)
COMPONENTS_TOKENS: str = R.rule(
    "components.tokens", "2 and 12 once; 3, 4, 5, 6, 8, 9, 10, 11 twice",
    "18 number tokens: 2 and 12 once, 3-6 and 8-11 twice.", source=SUPP_H)
COMPONENTS_HARBOURS: str = R.rule(
    "components.harbours",
    "4 generic 3:1, 5 special 2:1 (one per resource)",
    "9 harbours: 4 generic 3:1, one 2:1 per resource.",
    source=SUPP_H,
)
COMPONENTS_RESOURCE_CARDS: str = R.rule("components.resource-cards", "19 of each, 95",
               "95 resource cards, 19 of each; the bank is all cards not in a hand.",
               source=SUPP_H)
COMPONENTS_DEVELOPMENT_DECK: str = R.rule("components.development-deck",
              "14 knights, 5 victory points, 2 road building, 2 year of plenty, 2 monopoly",
              "25 development cards: 14 knights, 5 VP, 2 road building, 2 year of plenty,"
              " 2 monopoly.", source=SUPP_H)
COMPONENTS_PIECES: str = R.rule("components.pieces", "15 roads, 5 settlements, 4 cities",
                "Per player 15 roads, 5 settlements, 4 cities; a piece not in stock cannot"
                " be built.", source=SUPP_H)

# -- the board -------------------------------------------------------------------------------
BOARD_BEGINNER = R.rule("board.beginner",
                  "M10 P2 Fo9 / Fi12 H6 P4 H10 / Fi9 Fo11 Desert Fo3 M8 / Fo8 M3 Fi4 P5 /"
                  " H5 Fi6 P11",
                  "The beginner board (default): fixed terrain and number tokens.",
                  source=SUPP_H)
BOARD_BEGINNER_HARBOURS = R.rule("board.beginner-harbours",
                           "3:1, grain 2:1, ore 2:1, 3:1, wool 2:1, 3:1, 3:1, brick 2:1,"
                           " lumber 2:1",
                           "Harbour kinds clockwise from the top left on the beginner board.",
                           source=SUPP_M)
BOARD_VARIABLE_TERRAIN = R.rule("board.variable-terrain", UNQUOTED,
                  "Variable board (variant board=variable): the 19 terrain hexes are laid at"
                  " random, one chance step per hex in hex order.", source=PUBLISHED)
BOARD_SPIRAL = R.rule("board.spiral",
                "5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11, skipping the desert",
                "Variable board: tokens A-R laid from a corner hex (a chance step) counter-"
                "clockwise round the coast and inwards, skipping the desert.", source=SUPP_H)
BOARD_ROBBER_START = R.rule("board.robber-start", UNQUOTED,
                      "The robber starts on the desert.", source=PUBLISHED)

# -- set-up ----------------------------------------------------------------------------------
SETUP_SNAKE = R.rule("setup.snake", "snake order; settlement + road each",
               "Set-up: each player places a settlement and then a road, in seat order and"
               " then in reverse seat order.", source=SUPP_H)
SETUP_FIRST_PLAYER = R.rule("setup.first-player", "player 1 starts",
               "Seat 0 places first and takes the first turn.", source=SUPP_H)
SETUP_ROAD_AT_SETTLEMENT = R.rule("setup.road-at-settlement", UNQUOTED,
                    "A set-up road touches the settlement just placed.", source=PUBLISHED)
SETUP_SECOND_RESOURCES = R.rule(
    "setup.second-resources",
    "the second settlement yields 1 card per adjacent hex",
    "The second set-up settlement takes 1 card of each adjacent producing hex.",
    source=SUPP_H,
)
SETUP_SECOND_PLACEMENT = R.rule("setup.second-placement",
                   "При втором первоначальном размещении поместите город вместо поселения",
                   "The second set-up placement is a settlement (Cities & Knights changes it"
                   " to a city, referring to this base rule).", source=SUPP_H, file=CK_FILE)

# -- the turn --------------------------------------------------------------------------------
TURN_ACTOR = R.rule("turn.actor", UNQUOTED,
               "Only the player whose step it is acts, and only with an action of the"
               " current step (roll, discard, robber, building, trading...).",
               source=PUBLISHED)
TURN_ROLL = R.rule("turn.roll", UNQUOTED,
              "A turn begins with the production roll: two dice as one chance step over the"
              " ordered pair (white, red), 36 outcomes of 1/36.", source=PUBLISHED)
TURN_END = R.rule("turn.end", UNQUOTED,
             "The player on turn ends the turn after the roll, with nothing pending; the"
             " next seat takes the next turn.", source=PUBLISHED)
TURN_LIMIT = R.rule("turn.limit", UNQUOTED,
                    "After 1000 turns the game ends with no winner.", source=BOUND)
GAME_OVER = R.rule("game.over", UNQUOTED, "No action after the game has ended.", source=PUBLISHED)

# -- production ------------------------------------------------------------------------------
PRODUCTION_YIELD = R.rule("production.yield", UNQUOTED,
                 "Each hex whose number is rolled gives 1 card of its terrain's resource to"
                 " each adjacent settlement's owner and 2 to each adjacent city's owner:"
                 " forest lumber, hills brick, pasture wool, fields grain, mountains ore (the"
                 " desert has no number and yields nothing).",
                 source=PUBLISHED + "; the data file names the terrains and the resources"
                                    " but pairs none of them")
PRODUCTION_ROBBER = R.rule("production.robber", UNQUOTED,
                        "The hex with the robber produces nothing.", source=PUBLISHED)
PRODUCTION_SHORTAGE = R.rule("production.shortage",
                  "if the bank cannot pay everyone a resource, nobody gets it, unless only"
                  " one player is owed: that player gets what remains",
                  "Bank shortage (reading: catan/bank-shortage).", source=SUPP_MH)

# -- the 7 -----------------------------------------------------------------------------------
SEVEN_DISCARD = R.rule("seven.discard",
                 "every player holding more than 7 discards half, rounded down, by choice",
                 "On a 7 every player holding more than 7 cards discards half, rounded down,"
                 " one card a step, in seat order from the player on turn.", source=SUPP_H)
SEVEN_DISCARD_LIMIT = R.rule("seven.discard-limit",
                    "но всё равно должны сбросить карты, если у них более 7 карт",
                    "The discard limit is 7 cards (Cities & Knights keeps it).",
                    source=SUPP_H, file=CK_FILE)
SEVEN_ROBBER = R.rule("seven.robber", "the robber moves to another hex",
                "After a 7 (or a knight) the robber moves to another hex.", source=SUPP_H)
SEVEN_STEAL = R.rule("seven.steal", "1 random card stolen from an adjacent player who has cards",
               "The mover steals 1 random card (a chance step over the victim's hand) from a"
               " player with a building on the hex who has cards, or from nobody when there"
               " is none.", source=SUPP_H)

# -- trading ---------------------------------------------------------------------------------
TRADE_MARITIME = R.rule(
    "trade.maritime",
    "4:1; 3:1 at a generic harbour; 2:1 at its special harbour",
    "Maritime trade with the bank: 4 of a kind for 1, 3:1 with a settlement or"
    " city at a generic harbour, 2:1 of the harbour's resource.",
    source=SUPP_H,
)
TRADE_DOMESTIC = R.rule("trade.domestic", UNQUOTED,
                  "Domestic trade: only the player on turn trades with the others, after the"
                  " roll; offers are built card by card, opening with a card given (see"
                  " docs/games/catan.md).",
                  source=PUBLISHED)
TRADE_DIFFERENT_RESOURCES = R.rule("trade.different-resources", UNQUOTED,
                    "A trade gives and takes cards of different resources, at least one card"
                    " on each side (no gifts).", source=PUBLISHED)
TRADE_HAS_CARDS = R.rule("trade.has-cards", UNQUOTED,
                     "A trade needs the cards: the giver holds what is given, the bank has"
                     " what it pays.", source=PUBLISHED)
TRADE_LIMIT = R.rule("trade.limit", UNQUOTED,
                     "At most 10 trades (maritime and domestic) per turn.", source=BOUND)
TRADE_OFFER_LIMIT = R.rule("trade.offer-limit", UNQUOTED,
                     "At most 3 domestic offers opened per turn, at most 4 cards a side.",
                     source=BOUND)
TRADE_PHASE = R.rule("trade.phase", UNQUOTED,
                "Trading and building share one phase after the roll, or trading ends with"
                " the first build (reading: catan/trade-build-phase).", source=PUBLISHED)

# -- building --------------------------------------------------------------------------------
BUILD_ROAD_COST = R.rule("build.road-cost", "road brick + lumber", "A road costs brick + lumber.",
                   source=SUPP_H)
BUILD_SETTLEMENT_COST = R.rule("build.settlement-cost", "settlement brick + lumber + wool + grain",
                         "A settlement costs brick + lumber + wool + grain.", source=SUPP_H)
BUILD_CITY_COST = R.rule("build.city-cost", "city 2 grain + 3 ore", "A city costs 2 grain + 3 ore.",
                   source=SUPP_H)
BUILD_DEVELOPMENT_COST = R.rule("build.development-cost", "development card wool + grain + ore",
                  "A development card costs wool + grain + ore.", source=SUPP_H)
BUILD_ROAD_FREE_PATH = R.rule("build.road-free-path", UNQUOTED, "A road goes on an empty path.",
                   source=PUBLISHED)
BUILD_ROAD_CONNECTED = R.rule("build.road-connected", UNQUOTED,
                        "A road touches one's own building, or one's own road at an"
                        " intersection without a rival building.", source=PUBLISHED)
BUILD_DISTANCE = R.rule("build.distance", "no settlement or city on any of the 3 neighbouring"
                  " intersections",
                  "A settlement goes on an empty intersection whose neighbours are all empty.",
                  source=SUPP_H)
BUILD_SETTLEMENT_CONNECTED = R.rule("build.settlement-connected", UNQUOTED,
                              "After set-up a settlement touches one of its owner's roads.",
                              source=PUBLISHED)
BUILD_CITY_UPGRADE = R.rule("build.city-upgrade", "Улучшить поселение до города",
                      "A city replaces one of its owner's settlements (back to stock).",
                      source=SUPP_H + "; the Cities & Knights points table names a city as a"
                                      " settlement upgraded ('upgrade a settlement to a"
                                      " city'), as the base game builds it",
                      file=CK_FILE)
BUILD_DEVELOPMENT_DECK = R.rule("build.development-deck", UNQUOTED,
                    "A development card is bought only while the deck has cards; the card is"
                    " a chance step over the remaining deck.", source=PUBLISHED)

# -- development cards -----------------------------------------------------------------------
DEVELOPMENT_ONE_PER_TURN = R.rule("development.one-per-turn", "at most 1 played a turn",
                 "At most one development card played per turn.", source=SUPP_H)
DEVELOPMENT_NOT_NEW = R.rule("development.not-new", "not in the turn bought",
                 "A card is not played in the turn it was bought.", source=SUPP_H)
DEVELOPMENT_BEFORE_ROLL = R.rule("development.before-roll", "may be played before the roll",
                    "A card may be played before the roll (which cards:"
                    " catan/development-before-roll).", source=SUPP_H)
DEVELOPMENT_VICTORY_POINT = R.rule("development.victory-point", "VP cards are not played",
                "Victory point cards are never played; they stay hidden and count 1 VP each"
                " for the win.", source=SUPP_H)
DEVELOPMENT_KNIGHT = R.rule("development.knight", UNQUOTED,
                "A knight moves the robber and steals, and counts for the largest army.",
                source=PUBLISHED)
DEVELOPMENT_ROAD_BUILDING = R.rule("development.road-building", "Постройте 2 бесплатные дороги",
                       "Road building: place 2 free roads (fewer when no legal path or no road"
                       " is left).", source=SUPP_H, file=CK_FILE)
DEVELOPMENT_YEAR_OF_PLENTY = R.rule("development.year-of-plenty", UNQUOTED,
                "Year of plenty: take 2 resource cards of one's choice from the bank.",
                source=PUBLISHED)
DEVELOPMENT_MONOPOLY = R.rule("development.monopoly", UNQUOTED,
                  "Monopoly: name a resource; every other player gives all their cards of it.",
                  source=PUBLISHED)

# -- longest road, largest army, victory -----------------------------------------------------
LONGEST_ROAD_MINIMUM = R.rule("longest-road.minimum", "5 or more continuous roads, 2 VP",
                 "Longest road: the longest continuous road of 5 or more takes the card"
                 " (2 VP).", source=SUPP_H)
LONGEST_ROAD_FIVE = R.rule("longest-road.five",
                    "необходимо построить как минимум 5 последовательных дорог",
                    "At least 5 roads in a row (Cities & Knights keeps the base rule).",
                    source=SUPP_H, file=CK_FILE)
LONGEST_ROAD_TIE = R.rule("longest-road.tie", "a tie does not take it from its holder",
                     "Equalling the holder's length does not take the card.", source=SUPP_H)
LONGEST_ROAD_BREAK = R.rule("longest-road.break", "rival settlements break roads",
                       "A rival settlement on an intersection splits a road; the card then"
                       " moves (catan/longest-road-break-tie for a tie).", source=SUPP_H)
LONGEST_ROAD_BREAK_CITIES_KNIGHTS = R.rule("longest-road.break-cities-knights",
                          "Может нарушить длину дороги другого игрока, если находится между"
                          " его дорогами.",
                          "A piece between a rival's roads breaks them (Cities & Knights knights"
                          " break roads as the base game's settlements do).", source=SUPP_H,
                          file=CK_FILE)
LARGEST_ARMY_MINIMUM = R.rule("largest-army.minimum", "3 or more played knights, 2 VP",
              "Largest army: 3 or more played knights takes the card (2 VP).", source=SUPP_H)
LARGEST_ARMY_EXCEED = R.rule("largest-army.exceed", "must exceed the holder",
                     "A rival takes the card only with more knights than the holder.",
                     source=SUPP_H)
VICTORY_POINTS = R.rule("victory.points",
                        "+1 балл | Постройте поселение | | +1 балл | Улучшить поселение до"
                        " города",
                        "A settlement counts 1 victory point and a city 2; the longest road"
                        " and the largest army cards 2 each; each victory point card 1.",
                        source=SUPP_H + "; a settlement's 1 point and a city's 2 (the"
                                        " settlement's point and 1 more for the upgrade)"
                                        " stand in the Cities & Knights points table, which"
                                        " keeps the base game's; the data file gives the"
                                        " special cards' 2 VP and the 10 to win",
                        file=CK_FILE)
VICTORY_TEN = R.rule("victory.ten", "10 VP, during one's own turn",
                 "A player with 10 VP (hidden VP cards included) on their own turn wins at"
                 " once.", source=SUPP_H)
VICTORY_OWN_TURN = R.rule("victory.own-turn", "Вы можете выиграть игру только в свой ход.",
                    "A win comes only on one's own turn, also when the points came on another"
                    " turn (checked when one's turn begins).", source=SUPP_H, file=CK_FILE)

# -- ambiguities -----------------------------------------------------------------------------
A_TOKENS = R.ambiguity(
    "token-placement",
    quote="5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11, skipping the desert",
    question="On the variable board, are the number tokens laid along the published spiral"
             " or at random? (The beginner board, the default, has its tokens fixed: the"
             " readings differ only with board=variable.)",
    readings={"spiral": "the published spiral from a random corner (one chance step)",
              "random": "each non-desert hex, in hex order, draws a token from the remaining"
                        " ones (a chance step each; several engines do this)"},
    default="spiral",
    why="The data file gives the spiral as the published placement (confidence H). It gives"
        " the sequence only: the start at a corner hex chosen at random and the"
        " counterclockwise direction inwards are the published rules' (stated in no project"
        " text).",
    source="supplementary data (confidence H)",
    option="tokens",
)
A_BEGINNER_SET_UP = R.ambiguity(
    "beginner-set-up",
    quote="snake order; settlement + road each",
    question="On the beginner board (board=beginner), do the players choose their starting"
             " settlements and roads in snake order, or do the pieces stand where the"
             " published beginners' set-up prints them for each colour? The data file gives"
             " the beginner board's terrain, tokens and harbour kinds and a set-up in snake"
             " order, and no starting positions.",
    readings={"snake": "every board, the beginner one too, is settled in snake order: each"
                       " placement a settlement wherever the distance rule allows and a road"
                       " at it; the second settlement yields the starting cards",
              "printed": "on the beginner board each colour's two settlements and two roads"
                         " stand where the published beginners' set-up prints them, and the"
                         " settlement it marks yields the starting cards"},
    default="snake",
    why="The data file's set-up row ('snake order; settlement + road each') names no board,"
        " and its beginner board row is a layout of terrain and numbers; the printed"
        " starting pieces stand in no project text (the published picture is not in the"
        " data file), so the printed reading has no source to place them from. Engines that"
        " fix the board (catanatron 3.2.1, CatanMap.from_tiles) still settle it in snake"
        " order.",
    source="supplementary data (confidence H) for the snake order; the printed positions are"
           " the published beginners' set-up, in no project text",
    unselectable="the printed starting positions of each colour stand in no project text or"
                 " data file, so no sourced reading can put the pieces there",
)
A_PHASES = R.ambiguity(
    "trade-build-phase",
    quote=UNQUOTED,
    question="After the roll, may a player trade after building (one combined phase), or does"
             " trading end with the first build (the printed order: roll, trade, build)?"
             " (Whether a Road Building card's free roads are a build:"
             " catan/road-building-trade-phase.)",
    readings={"combined": "trade and build in any order",
              "separate": "no trade (maritime or domestic) after the first build of the"
                          " turn paid for (road, settlement, city or development card;"
                          " free roads: catan/road-building-trade-phase)"},
    default="combined",
    why="The published rules print the turn as roll, trade, build, and the almanac offers the"
        " combined trade/build phase as a variant for experienced players; both are the"
        " publisher's. The model checks engines and bots, which play the experienced game:"
        " catanatron 3.2.1 (models/actions.py) lists maritime trades beside every build"
        " after the roll, so under the printed order such an engine would be rejected at"
        " its first trade after a build. The printed order stays selectable"
        " (phases=separate).",
    source="published game (printed turn order and the almanac's combined phase for"
           " experienced players) and catanatron 3.2.1; stands in no project text",
    option="phases",
)
A_FREE_ROADS = R.ambiguity(
    "road-building-trade-phase",
    quote="may be played before the roll",
    question="Under the printed turn order (phases=separate: no trade after the first"
             " build), a development card may still be played at any time of the turn, so a"
             " Road Building card may come while trading: are its free roads a build that"
             " ends trading? (A card played before the roll falls under the same readings:"
             " its free roads come before the turn's trading.)",
    readings={"trade-on": "no: the free roads are the card's effect, not a build paid for;"
                          " trading goes on after them, and after the roll when the card"
                          " came before it",
              "build": "yes: once a free road is placed, no trade (maritime or domestic) for"
                       " the rest of the turn, as after a road paid for; free roads placed"
                       " before the roll leave that turn without trading"},
    default="trade-on",
    why="The printed build phase is where pieces are paid for; the card is played, not"
        " bought, and may be played in any phase of the turn (the data file: development"
        " cards 'may be played before the roll'), so its roads are read as its effect and"
        " leave the phase where they came. The rules do not say which, and the readings part"
        " only under phases=separate, so the other is selectable.",
    source="project default (the published game is silent; stands in no project text)",
    option="free-roads",
)
A_HARBOURS = R.ambiguity(
    "harbour-placement",
    quote="3:1, grain 2:1, ore 2:1, 3:1, wool 2:1, 3:1, 3:1, brick 2:1, lumber 2:1",
    question="Are the harbour kinds fixed (the beginner frame) or shuffled over the harbour"
             " positions at set-up?",
    readings={"fixed": "the beginner board's kinds at every position",
              "shuffled": "each position draws a kind from the remaining ones (9 chance steps"
                          " at set-up)"},
    default="fixed",
    why="The beginner board is the default set-up; the data file gives its harbours"
        " (confidence M).",
    source="supplementary data (confidence M)",
    option="harbours",
)
A_HARBOUR_POS = R.ambiguity(
    "harbour-positions",
    quote="3:1, grain 2:1, ore 2:1, 3:1, wool 2:1, 3:1, 3:1, brick 2:1, lumber 2:1",
    question="On which coast paths do the 9 harbours lie? The data file gives their kinds"
             " clockwise from the top left, not their paths.",
    readings={"frame": "coast paths 0, 3, 7, 10, 13, 17, 20, 23, 27 clockwise from the upper-"
                       "left side of hex 0 (model paths 0, 3, 17, 38, 61, 69, 66, 49, 18): the"
                       " published frame as catanatron and JSettlers2 give it"},
    default="frame",
    why="The data file (confidence M for the kinds) gives no positions; catanatron 3.2.1"
        " (models/map.py, BASE_MAP_TEMPLATE) and JSettlers2 (SOCBoard4p.java,"
        " PORTS_EDGE_V1) place the standard board's 9 harbours alike, harbour for harbour."
        " An even spread (gaps 3, 3, 4 from the top left: coast paths 6, 16, 26 in place of"
        " 7, 17, 27) would differ at three harbours.",
    source="supplementary: two implementations agree (confidence M); not in data/README.md,"
           " which gives the kinds only (confidence M); see docs/games/catan.md",
)
A_MARITIME_RATE = R.ambiguity(
    "maritime-rate",
    quote="4:1; 3:1 at a generic harbour; 2:1 at its special harbour",
    question="May a player with a harbour still trade a resource with the bank at a worse"
             " rate than the best one he has for it (4:1 though he has a harbour for it, or"
             " 3:1 at a generic harbour though he has the resource's own)? The data file's"
             " row gives the rate of each place, not whether a better one closes the worse.",
    readings={"best": "each resource trades only at the player's best rate for it: 2 with its"
                      " special harbour, else 3 with a generic harbour, else 4",
              "any": "each rate the player has for a resource, the worse ones too: 4 always,"
                     " 3 with a generic harbour, 2 with its special harbour (a worse rate"
                     " than the best is named: MaritimeTradeAt)"},
    default="best",
    why="The row names one rate per place and the model gives the player the best place he"
        " has, as catanatron 3.2.1 does (models/actions.py,"
        " inner_maritime_trade_possibilities: 'lowest rate per resource'), so an engine"
        " offering the best rate only is checked as it plays. The published rules say the"
        " 4:1 trade is always possible, which also reads as 'any rate the player has, the"
        " worse ones too': that reading parts from this one only when a player gives up"
        " more cards than he must, which matters when it brings his hand to 7 before a"
        " rival's 7 (a player at a generic harbour with 10 cards, 4 of them wool, keeps 8"
        " at 3:1 and would keep 7 at 4:1). It is offered as rate=any.",
    source="project default and catanatron 3.2.1; the published rules ('the 4:1 trade is"
           " always possible') for the other reading; stands in no project text beyond the"
           " data file's row",
    option="rate",
)
A_SHORTAGE = R.ambiguity(
    "bank-shortage",
    quote="if the bank cannot pay everyone a resource, nobody gets it, unless only one player"
          " is owed: that player gets what remains",
    question="When the bank cannot pay a resource and only one player is owed it, does that"
             " player get what remains?",
    readings={"one-owed": "yes: a single owed player gets what remains; several get nothing",
              "nobody": "nobody gets a short resource, even a single owed player (catanatron)"},
    default="one-owed",
    why="The data file gives the published rule (confidence M-H); catanatron deviates.",
    source="supplementary data (confidence M-H)",
    option="shortage",
)
A_FRIENDLY = R.ambiguity(
    "friendly-robber",
    quote="the robber moves to another hex",
    question="May the robber go to a hex touching a player with at most 2 public points (the"
             " published 'friendly robber' variant)?",
    readings={"standard": "any other hex",
              "friendly": "not a hex with a building of a player with at most 2 public VP,"
                          " unless every other hex has one"},
    default="standard",
    why="The friendly robber is an optional variant of the published game.",
    source="published game (optional variant)",
    option="robber",
)
A_ROAD_TIE = R.ambiguity(
    "longest-road-break-tie",
    quote="a tie does not take it from its holder",
    question="When a rival settlement breaks the holder's road and the holder is now tied"
             " for the longest road, does the holder keep the card?",
    readings={"holder-keeps": "the holder keeps it while among the longest; a tie among"
                              " others only sets it aside"},
    default="holder-keeps",
    why="The data file's general rule is that a tie does not take the card from its holder"
        " (confidence H), and the published almanac (Longest Road, special case) keeps the"
        " card with a holder whose road was broken and who is tied for longest; it sets the"
        " card aside only when the holder no longer has the longest road and several others"
        " tie, or when nobody has 5. No published source sets a tied holder's card aside,"
        " so no variant offers that.",
    source="supplementary data (confidence H) and the published almanac; not in a project"
           " text beyond the data file's general rule",
)
A_BEFORE_ROLL = R.ambiguity(
    "development-before-roll",
    quote="may be played before the roll",
    question="Which development cards may be played before the roll?",
    readings={"any": "any playable card",
              "knight": "only a knight (the older editions)"},
    default="any",
    why="The data file says development cards may be played before the roll (confidence H).",
    source="supplementary data (confidence H)",
    option="before-roll",
)
A_ROAD_BUILDING = R.ambiguity(
    "road-building-stuck",
    quote="Постройте 2 бесплатные дороги",
    question="May a road-building card be played when the player can place no road (no road"
             " in stock or no free connected path), and what happens to a free road that"
             " cannot be placed?",
    readings={"lost": "the card may be played; the free roads that cannot be placed are lost"
                      " (all of them when none can be)",
              "unplayable": "the card cannot be played while no road can be placed; a second"
                            " road that cannot be placed is lost (catanatron)"},
    default="lost",
    why="The card names no condition for playing it, and a road needs a free connected path"
        " and a piece, so a road that cannot be placed is not placed; catanatron 3.2.1"
        " (models/actions.py) offers the card only when a free road can be placed.",
    source="project default (the published game is silent); catanatron for the other reading",
    file=CK_FILE,
    option="road-stuck",
)
A_ROAD_SECOND = R.ambiguity(
    "road-building-second",
    quote="Постройте 2 бесплатные дороги",
    question="Must the player place the free roads of a road-building card while they can be"
             " placed, or may they stop (the published card reads that the player may place 2"
             " new roads)?",
    readings={"compulsory": "both free roads are placed while a free path and a road in stock"
                            " remain",
              "optional": "the player may decline the free roads left at any point"
                          " (StopRoadBuilding)"},
    default="compulsory",
    why="The Cities & Knights text, the project text that states the card, reads «Постройте 2"
        " бесплатные дороги» (build 2 free roads), an order, and catanatron 3.2.1 places both."
        " The published base card's 'may' leaves the player free to keep a road piece or not"
        " to open a path, so that reading is offered.",
    source="the Cities & Knights text (its road building card) and catanatron; the published"
           " base card for the other reading",
    file=CK_FILE,
    option="road-second",
)
A_PLENTY = R.ambiguity(
    "year-of-plenty-bank",
    quote=UNQUOTED,
    question="May Year of Plenty be played when the bank cannot give two cards of the"
             " player's choice, and what does it give then?",
    readings={"both": "only two cards the bank can give may be named; the card cannot be"
                      " played when the bank cannot give any two",
              "what-remains": "a resource with one card left may be named twice and gives"
                              " that one card (catanatron offers single cards when no pair"
                              " of them can be paid)"},
    default="both",
    why="The card gives 2 resource cards of the player's choice from the bank, and the"
        " published rules pay nothing the bank lacks; taking fewer is not what the card"
        " says, so the model offers only pairs the bank can pay. catanatron 3.2.1"
        " (models/actions.py, year_of_plenty_possibilities) lets the player take one card.",
    source="project default (the published game is silent; stands in no project text);"
           " catanatron for the other reading",
    option="plenty",
    # the one seed where a player holding Year of Plenty faces a bank with one card of a
    # kind in a scan of some 4,700 games (3 and 4 players: seeds 0-231 both policies,
    # 300-680 uniform, 1000-2520 eager)
    witness=Witnessed(players=4, seed=2015, policy="eager"),
)
A_KNIGHT_WIN = R.ambiguity(
    "knight-victory-order",
    quote="10 VP, during one's own turn",
    question="A knight that brings the largest army and with it the tenth point: does the game"
             " end at once, or does the knight's robber move (and steal) first?",
    readings={"at-once": "the game ends when the knight is played, before the robber moves",
              "after-robber": "the knight's play ends first: the robber moves and steals,"
                              " then the player wins"},
    default="at-once",
    why="A player who has 10 points on their turn wins at once, and the largest army card"
        " passes when the knight is played, before the robber moves; catanatron 3.2.1 checks"
        " the win after every action. Other engines resolve the knight's play whole before"
        " the win; the rules do not order the two, and only the theft differs.",
    source="supplementary data (confidence H) for the immediate win; the order is the"
           " project's reading",
    option="knight-win",
)
A_DISCARD_ORDER = R.ambiguity(
    "discard-order",
    quote="every player holding more than 7 discards half, rounded down, by choice",
    question="In what order do players discard on a 7 (at the table it is simultaneous)?",
    readings={"seat-order": "one card a step, players in seat order from the player on"
                            " turn"},
    default="seat-order",
    why="No player's discard options depend on another's, so any order gives the same"
        " results; a fixed order keeps every step atomic.",
    source="project default (playability)",
)
A_TRADE_ORDER = R.ambiguity(
    "domestic-trade-order",
    quote=UNQUOTED,
    question="Domestic trade is free negotiation at the table: in what order are the player"
             " on turn's offer and the others' answers and counter-offers taken?",
    readings={"seat-order": "the player on turn builds an offer and proposes it; the others"
                            " answer one at a time in seat order from the next (accept,"
                            " decline or counter); a counter-offer is accepted (the trade is"
                            " made at once) or declined before the next player answers; the"
                            " player on turn then trades with one who accepted, or withdraws"},
    default="seat-order",
    why="The published rules let the player on turn trade with the others and the others"
        " make counter-offers, in no order; a model of atomic steps must fix one. With it"
        " every trade between the player on turn and one other player stays reachable"
        " (offered by him, or by that player as a counter-offer) within catan/model-bounds;"
        " the order only fixes whose answer is heard first, so no other order is offered.",
    source="project default (playability); the published game leaves negotiation free and"
           " stands in no project text",
)
A_SEVEN_CARDS = R.ambiguity(
    "seven-cards",
    quote="every player holding more than 7 discards half, rounded down, by choice",
    question="Which cards does a 7 reach: do a player's development cards count towards the"
             " 7 cards, and may they be discarded or stolen, or only resource cards? (The"
             " data file's row says 'holding more than 7' and '1 random card stolen' without"
             " naming the cards.)",
    readings={"resources": "only resource cards: a hand over 7 resource cards discards half"
                           " of them, the robber steals a resource card, and a player"
                           " holding development cards alone is no victim; development"
                           " cards (victory point cards too) are never counted, discarded"
                           " or stolen"},
    default="resources",
    why="The published rules count, discard and steal resource cards only; development cards"
        " are kept apart, face down, and a victory point card taken by the robber would"
        " move a hidden point. The Cities & Knights text, which keeps the base game's"
        " limit, names what it adds to the count («Товары учитываются при расчёте лимита"
        " сброса Грабителя»: commodities), not development or progress cards. No published"
        " source counts development cards, so no variant offers that.",
    source="published game (resource cards only); stands in no project text beyond the data"
           " file's row, which names no card kind",
)
A_VP_SCORE = R.ambiguity(
    "hidden-points",
    quote="10 VP, during one's own turn",
    question="Do hidden victory point cards count before they are revealed?",
    readings={"count": "they count for the win at once (revealed then); scores always include"
                       " them, public points exclude them but for the winner's, shown to"
                       " win"},
    default="count",
    why="A player reveals them when reaching 10 on their turn.",
    source="supplementary data (confidence H)",
)
A_MODEL_BOUNDS = R.ambiguity(
    "model-bounds",
    quote=UNQUOTED,
    question="The published game sets no limit on the trades of a turn, the offers a player"
             " opens or the length of a game; may a model impose one?",
    readings={"bounded": "at most 10 trades and 3 opened offers (4 cards a side) a turn;"
                         " after 1000 turns the game ends with no winner",
              "unbounded": "no limit, as the published game: a trade loop or an endless game"
                           " is possible"},
    default="bounded",
    why="Every game of the model must end within a stated number of steps (max_steps), and"
        " every legal-action set must stay small. The limits lie far beyond play: random"
        " games end in 125-620 turns, and trades cost cards. Not selectable, because the"
        " unbounded reading has no finite game length; an engine with no limit diverges"
        " only past them, citing catan/trade.limit, catan/trade.offer-limit or"
        " catan/turn.limit.",
    source="model bound: not a rule of the published game; stands in no project text",
    unselectable="the unbounded reading has no finite game length (a trade loop or an"
                 " endless game is possible), so no bound on a game's steps exists and no"
                 " engine or proof can run it",
)
