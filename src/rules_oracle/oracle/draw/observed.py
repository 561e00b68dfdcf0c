"""From the field paths of a game's observation (``GAME.observe``: what a version 2 trace
and the drive protocol compare) to the state fields a drawing's pieces name, so that a
divergence found in an observation marks the pieces that show it.

Each table maps an observation field to the state field(s) it is made from, with a mode:
``=`` the value is the state field's own (a path inside it maps to the same path inside the
state field), ``~`` it is aligned with it item by item but its values differ (a count of a
hand, a flag of a mark), ``*`` it is computed from the whole state field (a path inside it
maps to the whole field). ``{seat}`` stands for the seat of ``$.seats[i]`` or, in a
player's view, the viewer. Fields no drawing shows (whose turn it is to act, the player
count) are listed in ``UNDRAWN``.
"""

import re
from typing import Final

#: the observation field -> "MODE$.state.path" (several separated by spaces)
PUBLIC: Final[dict[str, dict[str, str]]] = {
    "catan": {
        "stage": "=$.stage", "turn_number": "=$.turns", "on_turn": "=$.turn",
        "terrain": "=$.terrain", "tokens": "=$.tokens", "harbours": "=$.harbours",
        "robber": "=$.robber", "building_owner": "=$.node_owner",
        "building_level": "=$.node_level", "road_owner": "=$.path_owner",
        "settlement_awaiting_road": "=$.setup_node", "bank": "=$.bank",
        "development_deck_size": "*$.deck", "developments_played": "=$.played",
        "dice": "=$.dice", "development_played_this_turn": "=$.dev_played",
        "built_this_turn": "=$.built", "trades_this_turn": "=$.trades",
        "offers_this_turn": "=$.offers", "free_roads_left": "=$.free_roads",
        "discards_owed": "*$.discards", "robbed": "=$.victim", "longest_road": "=$.longest",
        "largest_army": "=$.army", "offer": "=$.offer", "winner": "=$.winner",
    },
    "cities_knights": {
        "stage": "=$.stage", "turn_number": "=$.turns", "on_turn": "=$.turn",
        "terrain": "=$.terrain", "tokens": "=$.tokens", "harbours": "=$.harbours",
        "robber": "=$.robber", "merchant_hex": "=$.merchant",
        "merchant_holder": "=$.merchant_owner", "building_owner": "=$.node_owner",
        "building_level": "=$.node_level", "city_walls": "=$.walls",
        "metropolises": "=$.metropolis", "knight_owner": "=$.knight_owner",
        "knight_level": "=$.knight_level", "knight_active": "=$.knight_active",
        "knight_activated_this_turn": "~$.knight_marks",
        "knight_promoted_this_turn": "~$.knight_marks",
        "knight_placed_this_turn": "~$.knight_marks",
        "knight_warlord_this_turn": "~$.knight_marks", "road_owner": "=$.path_owner",
        "barbarian_position": "=$.barbarians", "barbarians_have_attacked": "=$.attacked",
        "defender_cards_left": "=$.defenders_left", "bank": "=$.bank",
        "progress_deck_sizes": "*$.deck $.under", "progress_spent": "=$.spent",
        "dice": "=$.dice",
        "event_face": "=$.event", "trades_this_turn": "=$.trades",
        "offers_this_turn": "=$.offers", "offer": "=$.offer",
        "merchant_fleet_cards": "=$.fleet", "crane_played": "=$.crane",
        "commercial_harbor_traded": "=$.harboured", "commercial_harbor_credit": "=$.harbor",
        "progress_played_this_turn": "=$.played", "discards_owed": "=$.discards",
        "players_to_rob": "=$.victims", "progress_draws_pending": "=$.draws",
        "seats_to_choose": "=$.queue", "metropolis_being_placed": "=$.metro_kind",
        "moving_knight": "=$.knight_node", "displaced_knight": "=$.displaced",
        "card_in_play": "=$.pending", "longest_road": "=$.longest", "winner": "=$.winner",
    },
    "burgundy": {
        "stage": "=$.stage", "phase": "*$.phase", "round": "*$.round",
        "first_player": "=$.first", "turn_order": "=$.order", "white_die": "=$.white",
        "purchase_made": "=$.bought", "depots": "=$.depots", "black_depot": "=$.black",
        "depot_goods": "=$.depot_goods", "round_goods": "*$.goods_stacks $.goods_next",
        "goods_stacks": "*$.goods_pool", "goods_reserve": "*$.goods_pool",
        "hex_stacks": "~$.supply", "out_of_game": "*$.box", "bonuses_taken": "=$.bonuses",
        "pending": "~$.pending",
    },
    "caylus": {
        "stage": "=$.stage", "round": "=$.round", "first_player": "=$.first_player",
        "provost": "=$.provost", "provost_steps_bought": "=$.provost_steps",
        "road_building": "=$.road", "road_side": "=$.side", "road_owner": "=$.owner",
        "road_first_worker": "=$.first_worker", "road_second_worker": "=$.second_worker",
        "site_buildings": "=$.site", "site_workers": "=$.site_workers",
        "bridge_order": "=$.bridge", "wood_supply": "=$.wood_supply",
        "stone_supply": "=$.stone_supply", "prestige_supply": "=$.prestige_supply",
        "characters_in_play": "*$.drawn", "characters_on_board": "*$.characters",
        "journeyman_used": "=$.journeyman_used", "goldsmith_used": "=$.goldsmith_used",
        "activating_space": "*$.cursor", "delivery_order": "=$.delivery_order",
        "delivering": "*$.cursor", "bundles_delivered": "*$.delivered", "favour": "=$.favour",
    },
    "crafts": {
        "round": "=$.round", "stage": "*$.phase", "first_player": "=$.first",
        "scores": "=$.scores", "furthest": "=$.best", "coins": "=$.coins",
        "boards": "=$.boards", "bank": "=$.bank", "deck_size": "*$.deck",
        "discard": "=$.discard", "market": "=$.market", "hand_sizes": "~$.hands",
        "cards_to_draw": "=$.owed", "tables": "=$.table",
        "revealed": "~$.committed", "passed": "~$.passed", "exchanges": "~$.exchanges",
        "declined": "~$.declined", "pending": "*$.task $.task_player $.task_count",
    },
    "catan_cards": {
        "stage": "=$.stage", "turn_number": "=$.turns", "on_turn": "=$.turn",
        "market": "=$.market", "discard_pile": "=$.discard", "resource_stack_size": "*$.stack",
        "road_stack_size": "=$.road_stack", "knight_stack_size": "=$.knight_stack",
        "settlement_stack_size": "=$.settlement_stack", "building_stack": "=$.building_stack",
        "unseen_events": "=$.unseen_events", "revealed_events": "=$.revealed_events",
        "fate_side": "=$.fate", "cards_owed": "=$.drawing", "exchanges_made": "=$.exchanges",
        "traded_with": "=$.traded_with", "guild_used": "=$.guild_used",
        "developed_this_turn": "=$.built", "rival": "=$.rival",
        "discards_owed": "=$.discards", "winner": "=$.winner",
        "owed_back": "=$.owed_back", "giving_back": "=$.giving_back",
    },
}

#: a field of ``$.seats[i]`` -> the state field(s), ``{seat}`` standing for ``i``
SEATS: Final[dict[str, dict[str, str]]] = {
    "catan": {
        "hand_size": "*$.players[{seat}].hand",
        "development_cards": "*$.players[{seat}].developments",
        "bought_this_turn": "*$.players[{seat}].bought",
        "knights_played": "=$.players[{seat}].knights", "roads": "=$.players[{seat}].roads",
        "settlements": "=$.players[{seat}].settlements",
        "cities": "=$.players[{seat}].cities",
        "public_victory_points": "*$.players[{seat}].vp $.players[{seat}].developments",
        "road_length": "=$.players[{seat}].road_length",
    },
    "cities_knights": {
        "hand_size": "*$.players[{seat}].hand",
        "progress_cards": "*$.players[{seat}].progress",
        "victory_cards": "=$.players[{seat}].vp_cards",
        "defender_cards": "=$.players[{seat}].defenders",
        "improvements": "=$.players[{seat}].levels", "roads": "=$.players[{seat}].roads",
        "settlements": "=$.players[{seat}].settlements",
        "cities": "=$.players[{seat}].cities", "city_walls": "=$.players[{seat}].walls",
        "knights": "=$.players[{seat}].knights", "victory_points": "=$.players[{seat}].vp",
        "road_length": "=$.players[{seat}].road_length",
    },
    "burgundy": {
        name: f"=$.players[{{seat}}].{name}"
        for name in ("estate", "storage", "goods", "silver", "workers", "vp", "dice",
                     "knowledge", "bonus_tiles", "track_space", "track_height", "board")
    } | {"sold_goods": "=$.players[{seat}].sold", "start": "*$.players[{seat}].start"},
    "caylus": {
        "workers_in_hand": "=$.players[{seat}].workers",
        "workers_in_camp": "=$.players[{seat}].camp",
        "resources": "=$.players[{seat}].resources",
        "houses_in_stock": "=$.players[{seat}].houses", "characters": "*$.characters",
        "passed": "*$.bridge",
    },
    "crafts": {},
    "catan_cards": {
        "hand_size": "*$.players[{seat}].hand", "roads": "=$.players[{seat}].roads",
        "roads_a_side": "*$.players[{seat}].roads", "knights": "=$.players[{seat}].knights",
        "knights_a_side": "*$.players[{seat}].knights",
        "settlements": "=$.players[{seat}].settlements",
        "cities": "=$.players[{seat}].cities", "buildings": "=$.players[{seat}].buildings",
        "victory_points": "=$.players[{seat}].vp",
    },
}

#: a field of a player's view besides ``public`` -> the state field(s) of the viewer
VIEWER: Final[dict[str, dict[str, str]]] = {
    "catan": {"hand": "=$.players[{seat}].hand",
              "developments": "=$.players[{seat}].developments",
              "developments_bought_this_turn": "=$.players[{seat}].bought",
              "victory_points": "*$.players[{seat}].vp $.players[{seat}].developments"},
    "cities_knights": {"hand": "=$.players[{seat}].hand",
                       "progress": "=$.players[{seat}].progress",
                       "shown_hand": "*$.pending", "shown_progress": "*$.pending",
                       "gained_this_turn": "~$.fresh"},
    "burgundy": {"castle_choice": "*$.players[{seat}].start"},
    "caylus": {"prestige_points": "=$.players[{seat}].prestige"},
    "crafts": {"hand": "=$.hands[{seat}]", "face_down_card": "~$.committed[{seat}]",
               "stopped": "*$.stopped"},
    "catan_cards": {"hand": "=$.players[{seat}].hand",
                    "shown_hand": "*$.rival $.players"},
}

#: observation fields no piece shows: the player count, the viewer, who acts next (the
#: actor, not a field), the rules' own summaries of the end
UNDRAWN: Final[dict[str, frozenset[str]]] = {
    "catan": frozenset({"players", "to_act", "viewer", "public", "seats"}),
    "cities_knights": frozenset({"players", "to_act", "viewer", "public", "seats"}),
    "burgundy": frozenset({"players", "to_act", "viewer", "public", "seats"}),
    "caylus": frozenset({"players", "to_act", "viewer", "public", "seats",
                         "revealed_prestige", "winners"}),
    "crafts": frozenset({"players", "to_act", "viewer", "public"}),
    "catan_cards": frozenset({"players", "to_act", "viewer", "public", "seats",
                              "exchanges_allowed"}),
}

_FIELD = re.compile(r"\$\.([A-Za-z_][A-Za-z0-9_]*)(.*)")
_SEAT = re.compile(r"\$\.seats\[(\d+)\](?:\.([A-Za-z_][A-Za-z0-9_]*)(.*))?")


def _apply(target: str, seat: int | None, rest: str) -> tuple[str, ...]:
    mode, paths = target[0], target[1:].split()
    out = []
    for path in paths:
        if "{seat}" in path:
            if seat is None:
                return ()
            path = path.replace("{seat}", str(seat))
        out.append(path + rest if mode in "=~" else path)
    return tuple(out)


def state_paths(game: str, path: str, viewer: int | None = None) -> tuple[str, ...]:
    """The state fields an observation field ``path`` of game ``game`` is made from (none
    when no drawing shows it); ``viewer``: the seat of a player's view."""
    if path.startswith("$.public"):
        path = "$" + path[len("$.public"):]
    elif viewer is not None:
        own = _FIELD.fullmatch(path)
        if own is not None and own.group(1) in VIEWER[game]:
            return _apply(VIEWER[game][own.group(1)], viewer, own.group(2))
    seat = _SEAT.fullmatch(path)
    if seat is not None:
        index, name, rest = int(seat.group(1)), seat.group(2), seat.group(3) or ""
        if name is None:
            return (f"$.players[{index}]",)
        target = SEATS[game].get(name)
        return () if target is None else _apply(target, index, rest)
    if path == "$.seats":
        return ("$.players",)
    field = _FIELD.fullmatch(path)
    if field is None:
        return ("$",) if path == "$" else ()
    target = PUBLIC[game].get(field.group(1))
    return () if target is None else _apply(target, None, field.group(2))


def observed(game: str, paths: list[str] | tuple[str, ...] | frozenset[str],
             viewer: int | None = None) -> frozenset[str]:
    """The state paths to highlight for the observation paths ``paths``."""
    return frozenset(p for path in paths for p in state_paths(game, path, viewer))
