"""Drawings of every game's state: well-formed SVG, one piece per thing on the table, the
highlight marking exactly the pieces of the given paths."""

import itertools
from typing import Any

import attrs
import pytest

from rules_oracle.oracle.draw import DRAWERS, canvas, changed, draw
from rules_oracle.oracle.draw.svg import Canvas, containers, marked
from tests.oracle.draw.helpers import fields, highlighted, kinds, pieces, states

#: (game, players, seed) of the seeded games drawn (Cities & Knights' game ends with the
#: merchant on the board)
GAMES = {
    "catan": ("catan", 4, 3),
    "cities_knights": ("cities_knights", 4, 5),
    "burgundy": ("burgundy", 4, 3),
    "caylus": ("caylus", 5, 3),
    "crafts": ("crafts", 4, 3),
    "catan_cards": ("catan_cards", 4, 3),
}


def test_every_game_is_drawn() -> None:
    from rules_oracle.model.core import registry

    assert set(DRAWERS) == set(registry.names())


def _middle(game: str) -> Any:
    seq = states(*GAMES[game])
    return seq[len(seq) // 2]


def _final(game: str) -> Any:
    return states(*GAMES[game])[-1]


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("where", ["setup", "middle", "final"])
def test_a_drawing_is_svg_with_a_field_on_every_piece(game: str, where: str) -> None:
    seq = states(*GAMES[game])
    state = {"setup": seq[0], "middle": seq[len(seq) // 2], "final": seq[-1]}[where]
    svg = draw(game, state)
    found = pieces(svg)
    assert found, "no pieces"
    for e in found:
        assert fields(e), e.attrib
        assert all(f.startswith("$") for f in fields(e))
        assert not highlighted(e)
    # every top-level field of the state but its configuration is shown
    shown = {f.split(".")[1].split("[")[0] for e in found for f in fields(e)}
    wanted = {f.name for f in attrs.fields(type(state))} - {"config"}
    assert wanted <= shown, wanted - shown


def _count(values: Any, test: Any = lambda v: v >= 0) -> int:
    return sum(1 for v in values if test(v))


@pytest.mark.parametrize("where", [_middle, _final])
def test_catan_pieces_are_the_states(where: Any) -> None:
    state = where("catan")
    got = kinds(draw("catan", state))
    assert got["hex"] == 19
    assert got["harbour"] == 9
    assert got["token"] == _count(state.tokens, lambda t: t > 0) == 18
    assert got["robber"] == 1
    assert got.get("road", 0) == _count(state.path_owner) > 0
    levels = [lv for o, lv in zip(state.node_owner, state.node_level, strict=True) if o >= 0]
    assert got.get("settlement", 0) == levels.count(1)
    assert got.get("city", 0) == levels.count(2)
    assert got.get("settlement", 0) + got.get("city", 0) == len(levels) > 0


def test_the_robber_stands_on_its_hex() -> None:
    from rules_oracle.oracle.draw import catan as C

    state = _final("catan")
    for hex_ in (0, 9, 18):
        moved = attrs.evolve(state, robber=hex_)
        (robber,) = [e for e in pieces(draw("catan", moved)) if e.attrib["data-kind"] == "robber"]
        x, y = C._hex_centre(hex_)
        assert abs(float(robber.attrib["cx"]) - (x - 16)) < 0.01
        assert abs(float(robber.attrib["cy"]) - (y - 4)) < 0.01


def test_cities_knights_pieces_are_the_states() -> None:
    state = _final("cities_knights")
    # a city with a wall and the science metropolis, to draw them all
    city = next(n for n, o in enumerate(state.node_owner) if o >= 0)
    state = attrs.evolve(
        state,
        node_level=tuple(2 if n == city else lv for n, lv in enumerate(state.node_level)),
        walls=tuple(n == city for n in range(len(state.walls))),
        metropolis=(-1, -1, city),
    )
    svg = draw("cities_knights", state)
    got = kinds(svg)
    assert got["knight"] == _count(state.knight_owner) > 0
    assert got["wall"] == 1
    assert got["merchant"] == (1 if state.merchant >= 0 else 0) == 1
    assert got["barbarian-ship"] == 1
    assert got["robber"] == 1
    assert got.get("road", 0) == _count(state.path_owner)
    buildings = [e for e in pieces(svg) if e.attrib["data-kind"] in ("settlement", "city")]
    assert len(buildings) == _count(state.node_owner)
    (metro,) = [e for e in buildings if "$.metropolis[2]" in fields(e)]
    assert fields(metro)[:2] == [f"$.node_owner[{city}]", f"$.node_level[{city}]"]
    assert metro.attrib["data-kind"] == "city"
    # active knights are filled in their seat's colour, inactive ones white
    for e in pieces(svg):
        if e.attrib["data-kind"] == "knight":
            node = int(fields(e)[0].split("[")[1].rstrip("]"))
            assert (e.attrib["fill"] == "#ffffff") == (not state.knight_active[node])
            assert e.attrib["data-seat"] == str(state.knight_owner[node])


@pytest.mark.parametrize("where", [_middle, _final])
def test_burgundy_pieces_are_the_states(where: Any) -> None:
    state = where("burgundy")
    got = kinds(draw("burgundy", state))
    placed = sum(1 for p in state.players for t in p.estate if t)
    assert got["estate-tile"] == placed > 0
    assert got["estate-tile"] + got["estate-space"] == 37 * len(state.players)
    assert got.get("depot-tile", 0) == sum(len(d) for d in state.depots)
    assert got.get("black-tile", 0) == len(state.black)
    assert got.get("stored-tile", 0) == sum(len(p.storage) for p in state.players)
    goods = sum(map(sum, state.depot_goods)) + sum(sum(p.goods) for p in state.players)
    assert got.get("goods", 0) == goods


def test_burgundy_draws_an_advanced_estate_board() -> None:
    from rules_oracle.model.burgundy.boards import BOARDS

    state = _middle("burgundy")
    players = (attrs.evolve(state.players[0], board=5), *state.players[1:])
    svg = draw("burgundy", attrs.evolve(state, players=players))
    numbers = [e for e in pieces(svg) if e.attrib["data-kind"] == "estate-space"
               and e.attrib["data-seat"] == "0"]
    assert numbers
    assert "estate board 5" in svg
    assert BOARDS[5].colour != BOARDS[1].colour


@pytest.mark.parametrize("where", [_middle, _final])
def test_caylus_pieces_are_the_states(where: Any) -> None:
    state = where("caylus")
    got = kinds(draw("caylus", state))
    assert got.get("building", 0) == _count(state.road) > 0
    assert got.get("building", 0) + got.get("road-space", 0) == 28
    assert got.get("house", 0) == _count(state.owner)
    assert got.get("worker", 0) == _count(state.first_worker) + _count(state.second_worker)
    assert got.get("bridge-house", 0) == len(state.bridge)
    assert got.get("site-worker", 0) == len(state.site_workers)
    assert got["site-building"] == 3
    assert got.get("bundles", 0) == len(state.delivered)
    assert got["provost"] == 1


def test_caylus_workers_on_the_site_and_bundles_are_drawn() -> None:
    seq = states(*GAMES["caylus"])
    with_site = next(s for s in seq if s.site_workers)
    with_bundles = next(s for s in seq if any(s.delivered))
    assert kinds(draw("caylus", with_site))["site-worker"] == len(with_site.site_workers)
    assert kinds(draw("caylus", with_bundles))["bundles"] == len(with_bundles.delivered)


@pytest.mark.parametrize("where", [_middle, _final])
def test_crafts_pieces_are_the_states(where: Any) -> None:
    state = where("crafts")
    got = kinds(draw("crafts", state))
    assert got.get("tableau-card", 0) == sum(_count(t, lambda c: c > 0) for t in state.table)
    assert got.get("market-card", 0) == _count(state.market, lambda c: c > 0)
    assert got.get("hand-card", 0) == sum(_count(h, lambda c: c > 0) for h in state.hands)
    assert got["pile"] == 1 + 2 * len(state.hands)


@pytest.mark.parametrize("where", [_middle, _final])
def test_catan_cards_pieces_are_the_states(where: Any) -> None:
    state = where("catan_cards")
    got = kinds(draw("catan_cards", state))
    for kind, name in (("road", "roads"), ("knight", "knights"),
                       ("settlement", "settlements"), ("city", "cities")):
        assert got.get(kind, 0) == sum(getattr(p, name) for p in state.players), kind
    assert got.get("building", 0) == sum(sum(p.buildings) for p in state.players)
    assert got.get("hand-card", 0) == sum(_count(p.hand, lambda c: c > 0)
                                          for p in state.players)
    # a heading per seat and per hand and a label per pile, drawn even when it is empty
    assert got["pile"] == 1 + 6 * len(state.players)
    assert got.get("market-card", 0) == _count(state.market, lambda c: c > 0)


# -- the highlight ---------------------------------------------------------------------


def test_marked_matches_a_field_its_members_and_its_containers() -> None:
    assert marked(["$.players[2].hand"], ["$.players[2].hand"])
    assert marked(["$.players[2].hand"], ["$.players[2].hand[0]"])
    assert marked(["$.players[2].hand"], ["$.players[2]"])
    assert marked(["$.node_owner[3]", "$.node_level[3]"], ["$.node_level[3]"])
    assert not marked(["$.players[1].hand"], ["$.players[10].hand"])
    assert not marked(["$.players[1]"], ["$.players[10]"])
    assert not marked(["$.node_owner[3]"], ["$.node_owner[30]"])
    assert not marked(["$.road"], ["$.road_length"])
    assert not marked(["$.robber"], [])
    assert marked(["$.robber"], ["$"])
    assert containers("$.a[1].b") == ["$", "$.a", "$.a[1]"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_highlight_marks_exactly_the_pieces_of_the_paths(game: str) -> None:
    state = _middle(game)
    everything = pieces(draw(game, state))
    # a board piece, a seat's field, a whole seat's subtree where the state has one
    picks = [fields(everything[0])[0], fields(everything[len(everything) // 2])[-1]]
    for paths in ([picks[0]], picks, ["$.players[1]"], ["$.turn"]):
        drawn = pieces(draw(game, state, set(paths)))
        hl = [e for e in drawn if highlighted(e)]
        want = [e for e in drawn if marked(fields(e), paths)]
        assert [id(e) for e in hl] == [id(e) for e in want]
        for e in hl:
            assert any(f == p or f.startswith(p + ".") or f.startswith(p + "[")
                       or p.startswith(f + "[") or p.startswith(f + ".")
                       for f in fields(e) for p in paths)
    assert [e for e in pieces(draw(game, state, {picks[0]})) if highlighted(e)]


def test_highlight_of_a_road_marks_that_road_only() -> None:
    state = _final("catan")
    road = next(e for e, o in enumerate(state.path_owner) if o >= 0)
    drawn = pieces(draw("catan", state, {f"$.path_owner[{road}]"}))
    (hl,) = [e for e in drawn if highlighted(e)]
    assert hl.attrib["data-kind"] == "road"
    assert hl.attrib["data-seat"] == str(state.path_owner[road])


def test_changed_names_the_fields_a_step_changed() -> None:
    seq = states(*GAMES["catan"])
    step = next(i for i in range(1, len(seq))
                if seq[i].path_owner != seq[i - 1].path_owner)
    paths = changed(seq[step - 1], seq[step])
    roads = [p for p in paths if p.startswith("$.path_owner[")]
    assert len(roads) == 1
    road = int(roads[0][len("$.path_owner["):-1])
    assert seq[step - 1].path_owner[road] == -1 <= 0 <= seq[step].path_owner[road]
    assert changed(seq[step], seq[step]) == frozenset()
    hl = [e for e in pieces(draw("catan", seq[step], paths)) if highlighted(e)]
    assert any(e.attrib["data-kind"] == "road" for e in hl)


# -- the builder -------------------------------------------------------------------------


def test_text_and_attributes_are_escaped() -> None:
    c = Canvas(100, 50, "a <title> & more", ["$.x"])
    with c.layer('odd "layer"'):
        c.text(1, 2, "<b> & 'q'", fields=("$.x",), kind="field", seat=0, data_note='"<>"')
        c.element("rect", x=0.5, y=-0.0, width=1 / 3, height=2)
    svg = c.svg()
    (piece,) = pieces(svg)
    assert piece.text == "<b> & 'q'"
    assert piece.attrib["data-note"] == '"<>"'
    assert highlighted(piece)
    assert 'y="0"' in svg and 'width="0.33"' in svg and 'x="0.5"' in svg
    assert c.elements()[0] == '<g data-layer="odd &quot;layer&quot;">'


def test_an_element_outside_a_layer_is_refused() -> None:
    c = Canvas(10, 10, "t")
    with pytest.raises(RuntimeError, match="outside a layer"):
        c.element("rect")


def test_an_unknown_game_is_named() -> None:
    with pytest.raises(KeyError, match="no drawing for game 'chess'"):
        canvas("chess", object())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_kept_layers_draw_what_a_fresh_drawing_draws(game: str) -> None:
    from rules_oracle.oracle.draw import svg

    seq = states(*GAMES[game])
    middle = len(seq) // 2
    picked = [*seq[:60], *seq[middle:middle + 60], *seq[-20:]]
    svg._LAYERS.clear()
    kept = []
    for before, after in itertools.pairwise(picked):
        marks = changed(before, after) | {"$.robber", "$.players[0].vp"}
        kept.append((marks, draw(game, after, marks)))
    # the boards' layers are kept (the card games' tables are quick to draw whole)
    assert bool(svg._LAYERS) == (game not in ("crafts", "catan_cards"))
    for (marks, drawn), after in zip(kept, picked[1:], strict=True):
        svg._LAYERS.clear()
        assert draw(game, after, marks) == drawn


def test_the_kept_layers_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules_oracle.oracle.draw import svg

    monkeypatch.setattr(svg, "CACHED_LAYERS", 3)
    svg._LAYERS.clear()
    for state in states(*GAMES["catan"])[:40]:
        draw("catan", state)
        assert len(svg._LAYERS) <= 4
