"""catanatron (PyPI ``catanatron``, base Catan) speaking the drive protocol, version 2.

    oracle drive --game catan --known docs/engines/catanatron.known.json \\
        -- python -m rules_oracle.oracle.adapters.catanatron

Install with the ``catanatron`` extra (``pip install "rules-oracle[catanatron]"``). The
adapter plays the game in catanatron and translates, both ways, between its actions and
the model's (``docs/engines/catanatron.md`` has the tables):

- ids: the model's hexes (0-18), intersections (0-53) and paths (0-71) are mapped to
  catanatron's cube coordinates, node ids and edges by geometry, checked at start-up
  (:data:`NODE_TO_CATANATRON`, :data:`PATH_TO_EDGE`, :data:`HEX_TO_COORDINATE`);
- the board: the model's beginner board, harbours included, is built with catanatron's
  ``initialize_tiles`` (the variable board and shuffled harbours are refused at reset);
- bank trades: catanatron offers each resource at the player's best rate only, the model's
  default reading (catan/maritime-rate=best); ``rate=any`` is refused at reset;
- chance: every outcome the oracle chooses is forced (catanatron 3.2.1 takes it in the
  action's ``value``, executed with ``validate_action=False``): dice, the development card
  drawn, the card stolen; the discards on a 7 (catanatron draws them at random) are forced
  the same way, one card per model step gathered until the player's discard is complete;
  who discards and how many is catanatron's own decision, read off its discard played on a
  copy of the game (:meth:`Adapter.start_discards`), so its rule is what is compared;
- what it compares: the public observation built from catanatron's state
  (:data:`FIELDS`); domestic trade, which catanatron does not offer, is declared
  unsupported.

catanatron's roll is one action with its dice, declared a compound step (``RollDice`` then
``Dice``, :data:`COMPOUND`): the oracle sends the two in one ``apply`` and compares after
the dice, so the adapter never makes up the state in between (nor the dice's 36 equal
chances, which would be its own numbers, not catanatron's). The adapter holds only the other
chance steps the model makes after a choice (the card after ``BuyDevelopment``, the
victim's card after ``MoveRobber``: their chances are read from catanatron's deck and the
victim's hand, so they are compared) until their outcome comes, and gathers the discards.
Everything else is catanatron's own: its legal actions, its state, its rules, and the end
of its game at its turn limit (``Game.play`` stops once ``state.num_turns`` reaches
``TURNS_LIMIT``; the adapter reports the game over there, :meth:`Adapter.over`).
"""

import json
import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from typing import Any, Final

from catanatron import Color, Game, RandomPlayer
from catanatron.game import TURNS_LIMIT
from catanatron.models.coordinate_system import UNIT_VECTORS, Direction, add
from catanatron.models.enums import RESOURCES, Action, ActionType
from catanatron.models.map import (
    BASE_MAP_TEMPLATE,
    CatanMap,
    EdgeRef,
    LandTile,
    MapTemplate,
    NodeRef,
    Port,
    Water,
    initialize_tiles,
)

from rules_oracle.model.catan import board
from rules_oracle.model.catan import data as D
from rules_oracle.oracle.adapters.serve import serve

Json = dict[str, Any]

#: the model's resources and development kinds, in catanatron's names (the same order)
RESOURCE_NAMES: Final = tuple(RESOURCES)  # WOOD, BRICK, SHEEP, WHEAT, ORE
CARD_NAMES: Final = ("KNIGHT", "VICTORY_POINT", "ROAD_BUILDING", "YEAR_OF_PLENTY", "MONOPOLY")
#: a hex's corners clockwise from the top, as the model numbers them (board.HEX_NODES)
CORNERS: Final = (NodeRef.NORTH, NodeRef.NORTHEAST, NodeRef.SOUTHEAST, NodeRef.SOUTH,
                  NodeRef.SOUTHWEST, NodeRef.NORTHWEST)
#: the action kinds catanatron does not implement (domestic trade)
UNSUPPORTED: Final = ("OfferCard", "Propose", "Withdraw", "Answer", "Counter", "TradeWith")
#: the fields of the public view the adapter reports
FIELDS: Final = ("terrain", "tokens", "harbours", "robber", "building_owner", "building_level",
                 "road_owner", "bank", "development_deck_size", "developments_played",
                 "longest_road", "largest_army", "on_turn", "seats")
#: catanatron's roll with its dice: one action for the model's ``RollDice`` and ``Dice``
COMPOUND: Final = ({"first": ["RollDice"], "then": ["Dice"]},)
#: catanatron's year of plenty taking a single card, which the model has no action for:
#: listed under this name so that the oracle reports it as an action the model forbids
ONE_CARD_PLENTY: Final = "PlayYearOfPlentyOneCard"
COLORS: Final = (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)
OPPOSITE: Final = {Direction.EAST: Direction.WEST, Direction.WEST: Direction.EAST,
                   Direction.NORTHEAST: Direction.SOUTHWEST,
                   Direction.SOUTHWEST: Direction.NORTHEAST,
                   Direction.NORTHWEST: Direction.SOUTHEAST,
                   Direction.SOUTHEAST: Direction.NORTHWEST}


# -- the id mapping ----------------------------------------------------------------------


#: cube coordinate (x, y, z) of each model hex: axial (q, r) -> (q, -q - r, r)
HEX_TO_COORDINATE: Final = tuple((q, -q - r, r) for q, r in board.HEX_AXIAL)
COORDINATE_TO_HEX: Final = {c: h for h, c in enumerate(HEX_TO_COORDINATE)}


def _harbour_topology() -> tuple[dict[Any, Any], list[Any]]:
    """catanatron's base topology with its 9 ports moved to the model's harbour paths.

    The land part (and so every land node id) is catanatron's own; a port lies on the
    water hex across a harbour's path, facing its land hex. Returns the topology and, per
    model harbour position, the port's water coordinate."""
    land = {c: t for c, t in BASE_MAP_TEMPLATE.topology.items() if t is LandTile}
    probe = initialize_tiles(MapTemplate([0] * 18, [None] * 9, [None] * 19,
                                         BASE_MAP_TEMPLATE.topology))
    to_model = _node_map(probe)
    ports: dict[Any, Any] = {}
    where: list[Any] = []
    for path in board.HARBOUR_PATHS:
        (h,) = board.PATH_HEXES[path]
        tile = probe[HEX_TO_COORDINATE[h]]
        for ref, (a, b) in tile.edges.items():
            if board.path_between(to_model[a], to_model[b]) == path:
                direction = Direction[EdgeRef(ref).name]
                water = add(HEX_TO_COORDINATE[h], UNIT_VECTORS[direction])
                if water in ports:  # pragma: no cover - the model's positions are apart
                    raise RuntimeError(f"two harbours on water hex {water}")
                ports[water] = (Port, OPPOSITE[direction])
                where.append(water)
                break
    topology: dict[Any, Any] = dict(land)
    for c in BASE_MAP_TEMPLATE.topology:
        if c not in land:
            topology[c] = ports.get(c, Water)
    return topology, where


def _node_map(tiles: dict[Any, Any]) -> dict[int, int]:
    """catanatron node id -> model intersection, from the corners of the land hexes."""
    out: dict[int, int] = {}
    for coordinate, tile in tiles.items():
        if not isinstance(tile, LandTile):
            continue
        h = COORDINATE_TO_HEX[coordinate]
        for k, ref in enumerate(CORNERS):
            ours = board.HEX_NODES[h][k]
            if out.setdefault(tile.nodes[ref], ours) != ours:  # pragma: no cover - geometry
                raise RuntimeError(f"catanatron node {tile.nodes[ref]} is two intersections")
    return out


TOPOLOGY, PORT_WATER = _harbour_topology()
_PROBE = initialize_tiles(MapTemplate([0] * 18, [None] * 9, [None] * 19, TOPOLOGY))
#: catanatron node id <-> model intersection (a bijection on the 54 land nodes)
NODE_FROM_CATANATRON: Final = _node_map(_PROBE)
NODE_TO_CATANATRON: Final = {ours: theirs for theirs, ours in NODE_FROM_CATANATRON.items()}
#: model path -> catanatron edge (node ids, smaller first, as its actions name them)
PATH_TO_EDGE: Final = tuple(
    tuple(sorted((NODE_TO_CATANATRON[a], NODE_TO_CATANATRON[b]))) for a, b in board.PATH_NODES)
EDGE_TO_PATH: Final = {edge: p for p, edge in enumerate(PATH_TO_EDGE)}
assert sorted(NODE_FROM_CATANATRON.values()) == list(range(board.N_NODES))


def beginner_map() -> CatanMap:
    """The model's beginner board (terrain, tokens, harbours) as a catanatron map."""
    order = list(TOPOLOGY)
    terrain, numbers, harbours = [], [], []
    for c in order:
        if TOPOLOGY[c] is LandTile:
            h = COORDINATE_TO_HEX[c]
            kind = D.BEGINNER_TERRAIN[h]
            terrain.append(None if kind == D.DESERT else RESOURCE_NAMES[D.YIELD[kind]])
            if kind != D.DESERT:
                numbers.append(D.BEGINNER_TOKENS[h])
        elif c in PORT_WATER:
            kind = D.BEGINNER_HARBOURS[PORT_WATER.index(c)]
            harbours.append(None if kind == D.GENERIC else RESOURCE_NAMES[kind])
    # initialize_tiles pops from the end of each list, in topology order
    template = MapTemplate(numbers, harbours, terrain, TOPOLOGY)
    return CatanMap.from_tiles(initialize_tiles(template, numbers[::-1], harbours[::-1],
                                                terrain[::-1]))


# -- the adapter -------------------------------------------------------------------------


def tagged(kind: str, **fields: Any) -> Json:
    return {"type": kind, **fields}


def text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class Reject(Exception):
    """An action the adapter rejects (catanatron would not play it)."""


class Adapter:
    """One catanatron game at a time, driven by the protocol's requests."""

    def __init__(self) -> None:
        self.game: Any = None
        self.players = 0
        #: the chance step held until its outcome: ("draw",) / ("steal", hex, seat)
        self.pending: tuple[Any, ...] | None = None
        #: cards each seat still owes on a 7 (model order: from the player on turn)
        self.owed: dict[int, int] = {}
        self.chosen: dict[int, list[int]] = {}

    # -- requests -------------------------------------------------------------------
    def handle(self, request: Json) -> Json | None:
        op = request.get("op")
        if op == "quit":
            return None
        if op == "reset":
            return self.reset(request)
        if self.game is None:
            return {"ok": False, "error": "no game: send reset first"}
        if op == "legal":
            actor, actions, chances = self.legal()
            reply: Json = {"ok": True, "actor": actor, "actions": actions}
            if chances is not None:
                reply["probabilities"] = [f"{p.numerator}/{p.denominator}" for p in chances]
            return reply
        if op == "apply":
            try:
                self.apply(request.get("action"), request.get("then") or [])
            except Reject as exc:
                return {"ok": False, "error": str(exc)}
            return {"ok": True, "observation": self.observation()}
        if op == "probe":  # illegal actions tried in turn, as apply; stops at one applied
            results: list[Json] = []
            for action in request.get("actions") or []:
                results.append(self.handle({"op": "apply", "action": action}) or {})
                if results[-1].get("ok"):
                    break
            return {"ok": True, "results": results}
        if op == "state":
            return {"ok": True, "observation": self.observation()}
        return {"ok": False, "error": f"unknown op {op!r}"}

    def reset(self, request: Json) -> Json:
        variant = request.get("variant") or {}
        players = request.get("players")
        if request.get("game") != "catan":
            return {"ok": False, "error": "catanatron plays base Catan (catan) only"}
        if not isinstance(players, int) or not 2 <= players <= 4:
            return {"ok": False, "error": "catanatron seats 2-4 players"}
        for option, supported in (("board", "beginner"), ("harbours", "fixed")):
            if variant.get(option, supported) != supported:
                return {"ok": False, "error": f"the adapter sets up {option}={supported} only"}
        if variant.get("rate", "best") != "best":  # catan/maritime-rate
            return {"ok": False, "error": "catanatron trades with the bank at the best rate"
                    " only (rate=best): it names no worse rate (MaritimeTradeAt)"}
        seed = request.get("seed")
        self.game = Game([RandomPlayer(c) for c in COLORS[:players]],
                         seed=(seed if isinstance(seed, int) else 0) + 1,
                         catan_map=beginner_map())
        self.players = players
        self.pending = None
        self.owed, self.chosen = {}, {}
        return {"ok": True, "compare": "observation", "viewer": "public",
                "fields": list(FIELDS), "unsupported": list(UNSUPPORTED), "probe": True,
                "compound": list(COMPOUND), "observation": self.observation()}

    # -- seats and colours ------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.game.state

    def seat(self, color: Any) -> int:
        return int(self.state.color_to_index[color])

    def color(self, seat: int) -> Any:
        return self.state.colors[seat]

    def key(self, seat: int) -> str:
        return f"P{seat}"

    def hand(self, seat: int) -> list[int]:
        ps = self.state.player_state
        return [int(ps[f"P{seat}_{r}_IN_HAND"]) for r in RESOURCE_NAMES]

    # -- legal actions ----------------------------------------------------------------
    def legal(self) -> tuple[int | str, list[Json], list[Fraction] | None]:
        """The actor, its actions (canonical JSON) and, at a chance step, probabilities."""
        if self.pending is not None:
            outcomes = list(self.outcomes())
            return "chance", [a for a, _ in outcomes], [p for _, p in outcomes]
        if self.over():
            return "terminal", [], None
        if self.owed:
            seat = self.discarder()
            left = self.left(seat)
            return seat, [tagged("Discard", resource=r) for r in range(5) if left[r]], None
        seat = int(self.state.current_player_index)
        return seat, [self.ours(a) for a in self.state.playable_actions
                      if a.action_type != ActionType.DISCARD], None

    def over(self) -> bool:
        """Whether catanatron's game is over: a seat has won, or its turn count has reached
        its limit (the condition of ``Game.play``'s loop; catanatron counts each change of
        seat, the set-up's included, so its limit comes 2 (players - 1) main turns before
        the model's catan/turn.limit: the known deviation ``turn-limit-counts-set-up``)."""
        return self.game.winning_color() is not None or self.state.num_turns >= TURNS_LIMIT

    def outcomes(self) -> Iterator[tuple[Json, Fraction]]:
        assert self.pending is not None
        if self.pending[0] == "draw":
            deck = Counter(self.state.development_listdeck)
            for card, name in enumerate(CARD_NAMES):
                if deck[name]:
                    yield tagged("Draw", card=card), Fraction(deck[name], sum(deck.values()))
        else:
            hand = self.hand(self.pending[2])
            for r, count in enumerate(hand):
                if count:
                    yield tagged("Steal", resource=r), Fraction(count, sum(hand))

    def ours(self, action: Any) -> Json:
        """A catanatron action as the model's (canonical JSON)."""
        kind, value = action.action_type, action.value
        if kind == ActionType.ROLL:
            return tagged("RollDice")
        if kind == ActionType.END_TURN:
            return tagged("EndTurn")
        if kind == ActionType.BUILD_SETTLEMENT:
            return tagged("BuildSettlement", node=NODE_FROM_CATANATRON[value])
        if kind == ActionType.BUILD_CITY:
            return tagged("BuildCity", node=NODE_FROM_CATANATRON[value])
        if kind == ActionType.BUILD_ROAD:
            return tagged("BuildRoad", path=EDGE_TO_PATH[tuple(sorted(value))])
        if kind == ActionType.BUY_DEVELOPMENT_CARD:
            return tagged("BuyDevelopment")
        if kind == ActionType.MOVE_ROBBER:
            coordinate, victim, _ = value
            return tagged("MoveRobber", hex=COORDINATE_TO_HEX[coordinate],
                          victim=-1 if victim is None else self.seat(victim))
        if kind == ActionType.PLAY_KNIGHT_CARD:
            return tagged("PlayKnight")
        if kind == ActionType.PLAY_ROAD_BUILDING:
            return tagged("PlayRoadBuilding")
        if kind == ActionType.PLAY_MONOPOLY:
            return tagged("PlayMonopoly", resource=RESOURCE_NAMES.index(value))
        if kind == ActionType.PLAY_YEAR_OF_PLENTY:
            cards = sorted(RESOURCE_NAMES.index(r) for r in value)
            if len(cards) == 1:  # catanatron offers one card when the bank lacks two
                return tagged(ONE_CARD_PLENTY, resource=cards[0])
            return tagged("PlayYearOfPlenty", first=cards[0], second=cards[1])
        if kind == ActionType.MARITIME_TRADE:
            given = [r for r in value[:4] if r is not None]
            return tagged("MaritimeTrade", give=RESOURCE_NAMES.index(given[0]),
                          get=RESOURCE_NAMES.index(value[4]))
        raise RuntimeError(f"an action the adapter cannot name: {action!r}")  # pragma: no cover

    # -- discards ---------------------------------------------------------------------
    def discarder(self) -> int:
        """The seat discarding now: the model's order, from the player on turn."""
        turn = int(self.state.current_turn_index)
        for i in range(self.players):
            seat = (turn + i) % self.players
            if len(self.chosen[seat]) < self.owed.get(seat, 0):
                return seat
        raise RuntimeError("no discard is owed")  # pragma: no cover - owed is cleared

    def left(self, seat: int) -> list[int]:
        hand = self.hand(seat)
        for r in self.chosen[seat]:
            hand[r] -= 1
        return hand

    def start_discards(self) -> None:
        """Who discards and how many, on a 7, as catanatron decides it: its own discard
        (which draws the cards at random) is played on a copy of the game, and only the seats
        and counts it took are kept; the cards are the oracle's to choose, forced below. So
        catanatron's discard rule runs and is compared, never the adapter's arithmetic."""
        if not self.state.is_discarding:
            return
        trial = self.game.copy()
        saved = random.getstate()  # catanatron draws with the module's generator
        try:
            owed: dict[int, int] = {}
            for _ in range(2 * self.players):  # an engine that never stops asking fails
                if not trial.state.is_discarding:
                    break
                color = trial.state.current_color()
                done = trial.execute(Action(color, ActionType.DISCARD, None),
                                     validate_action=False)
                owed[self.seat(color)] = owed.get(self.seat(color), 0) + len(done.value)
            else:
                raise RuntimeError("catanatron asks for discards without end")
        finally:
            random.setstate(saved)
        self.owed = {seat: n for seat, n in owed.items() if n > 0}
        self.chosen = {seat: [] for seat in range(self.players)}
        if not self.owed:  # catanatron asks for discards of no card: made at once
            self.finish_discards()

    def finish_discards(self) -> None:
        """Every discard chosen: catanatron discards them, in its own order."""
        while self.state.is_discarding:
            color = self.state.current_color()
            cards = [RESOURCE_NAMES[r] for r in self.chosen[self.seat(color)]]
            self.game.execute(Action(color, ActionType.DISCARD, cards), validate_action=False)
        self.owed, self.chosen = {}, {}

    # -- applying ---------------------------------------------------------------------
    def execute(self, action: Any) -> None:
        try:
            self.game.execute(action, validate_action=False)
        except (ValueError, KeyError, IndexError) as exc:
            raise Reject(f"catanatron refuses {action!r}: {exc}") from None

    def apply(self, data: Any, then: Any = ()) -> None:
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise Reject("not an action")
        rolled = data.get("type") == "RollDice"
        dice = then[0] if rolled and isinstance(then, list) and len(then) == 1 else None
        if then and dice is None:
            raise Reject("only RollDice comes with steps after it (its Dice)")
        if self.pending is not None:
            self.outcome(data)
            return
        actor, actions, _ = self.legal()
        if data["type"] in UNSUPPORTED:
            raise Reject(f"{data['type']}: catanatron has no domestic trade")
        if text(data) not in {text(a) for a in actions}:
            raise Reject(f"not among catanatron's playable actions: {text(data)}")
        if rolled and not (isinstance(dice, dict) and dice.get("type") == "Dice"
                           and all(type(dice.get(k)) is int for k in ("white", "red"))):
            raise Reject("RollDice comes with its dice: a compound step (RollDice, Dice)")
        assert isinstance(actor, int)
        if self.owed:
            self.chosen[actor].append(data["resource"])
            if all(len(self.chosen[s]) >= n for s, n in self.owed.items()):
                self.finish_discards()
            return
        if rolled:
            assert isinstance(dice, dict)
            self.execute(Action(self.state.current_color(), ActionType.ROLL,
                                (dice["white"], dice["red"])))
            self.start_discards()
        elif data["type"] == "BuyDevelopment":
            self.pending = ("draw",)
        elif data["type"] == "MoveRobber" and data["victim"] >= 0:
            self.pending = ("steal", data["hex"], data["victim"])
        else:
            wanted = text(data)
            self.execute(next(a for a in self.state.playable_actions
                              if a.action_type != ActionType.DISCARD
                              and text(self.ours(a)) == wanted))

    def outcome(self, data: Json) -> None:
        """The outcome of the held chance step, forced into catanatron."""
        assert self.pending is not None
        listed = {text(a) for a, _ in self.outcomes()}
        if text(data) not in listed:
            raise Reject(f"not a possible outcome now: {text(data)}")
        color = self.state.current_color()
        kind = self.pending[0]
        if kind == "draw":
            action = Action(color, ActionType.BUY_DEVELOPMENT_CARD, CARD_NAMES[data["card"]])
        else:
            _, hex_, victim = self.pending
            action = Action(color, ActionType.MOVE_ROBBER,
                            (HEX_TO_COORDINATE[hex_], self.color(victim),
                             RESOURCE_NAMES[data["resource"]]))
        self.execute(action)
        self.pending = None

    # -- the public view --------------------------------------------------------------
    def observation(self) -> Json:
        state, players = self.state, self.players
        tiles = state.board.map.land_tiles
        terrain, tokens = [], []
        for coordinate in HEX_TO_COORDINATE:
            tile = tiles[coordinate]
            terrain.append(D.DESERT if tile.resource is None
                           else D.YIELD.index(RESOURCE_NAMES.index(tile.resource)))
            tokens.append(tile.number or 0)
        harbours = []
        port_nodes = state.board.map.port_nodes
        for path in board.HARBOUR_PATHS:
            ends = {NODE_TO_CATANATRON[n] for n in board.PATH_NODES[path]}
            kinds = [k for k, nodes in port_nodes.items() if ends <= set(nodes)]
            harbours.append(-1 if len(kinds) != 1 else
                            D.GENERIC if kinds[0] is None else RESOURCE_NAMES.index(kinds[0]))
        robber = COORDINATE_TO_HEX[state.board.robber_coordinate]
        owner, level = [-1] * board.N_NODES, [0] * board.N_NODES
        for node, (color, building) in state.board.buildings.items():
            ours = NODE_FROM_CATANATRON[node]
            owner[ours] = self.seat(color)
            level[ours] = 2 if building == "CITY" else 1
        roads = [-1] * board.N_PATHS
        for edge, color in state.board.roads.items():
            roads[EDGE_TO_PATH[tuple(sorted(edge))]] = self.seat(color)
        bank = list(state.resource_freqdeck)
        ps = state.player_state
        hand_sizes = [sum(self.hand(s)) for s in range(players)]
        if self.pending is not None and self.pending[0] == "draw":  # the model pays at once
            buyer = state.current_player_index
            hand_sizes[buyer] -= sum(D.DEVELOPMENT_COST)
            bank = [b + c for b, c in zip(bank, D.DEVELOPMENT_COST, strict=True)]
        if self.pending is not None and self.pending[0] == "steal":  # the robber moved
            robber = self.pending[1]
        for seat, cards in self.chosen.items():  # discards chosen, not yet made
            hand_sizes[seat] -= len(cards)
            for r in cards:
                bank[r] += 1
        played = [sum(int(ps[f"P{s}_PLAYED_{name}"]) for s in range(players))
                  for name in CARD_NAMES]
        played[CARD_NAMES.index("VICTORY_POINT")] = 0
        # the winner shows the victory point cards that won (catan/hidden-points)
        won = self.game.winning_color()
        winner = -1 if won is None else self.seat(won)
        seats = []
        for s in range(players):
            shown = int(ps[f"P{s}_VICTORY_POINT_IN_HAND"]) if s == winner else 0
            seats.append({
                "hand_size": hand_sizes[s],
                "development_cards": sum(int(ps[f"P{s}_{name}_IN_HAND"]) for name in CARD_NAMES),
                "knights_played": int(ps[f"P{s}_PLAYED_KNIGHT"]),
                "roads": D.ROADS - int(ps[f"P{s}_ROADS_AVAILABLE"]),
                "settlements": D.SETTLEMENTS - int(ps[f"P{s}_SETTLEMENTS_AVAILABLE"]),
                "cities": D.CITIES - int(ps[f"P{s}_CITIES_AVAILABLE"]),
                "public_victory_points": int(ps[f"P{s}_VICTORY_POINTS"]) + shown,
                "road_length": int(state.board.road_lengths.get(self.color(s), 0)),
            })
        holder = [s for s in range(players) if ps[f"P{s}_HAS_ROAD"]]
        army = [s for s in range(players) if ps[f"P{s}_HAS_ARMY"]]
        return {
            "terrain": terrain, "tokens": tokens, "harbours": harbours, "robber": robber,
            "building_owner": owner, "building_level": level, "road_owner": roads,
            "bank": bank, "development_deck_size": len(state.development_listdeck),
            "developments_played": played,
            "longest_road": holder[0] if holder else -1, "largest_army": army[0] if army else -1,
            "on_turn": state.current_turn_index, "seats": seats,
        }


def main() -> None:
    serve(Adapter().handle)


if __name__ == "__main__":
    main()
