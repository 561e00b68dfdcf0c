"""The board geometry and the published token spiral, checked against hand counts."""

import pytest

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as D


def test_counts_of_the_base_board() -> None:
    assert (B.N_HEXES, B.N_NODES, B.N_PATHS, len(B.COAST), B.N_HARBOURS) == (19, 54, 72, 30, 9)
    # 18 coast corners touch one hex, 12 two, 24 three
    assert sorted(len(h) for h in B.NODE_HEXES).count(1) == 18
    assert sorted(len(h) for h in B.NODE_HEXES).count(3) == 24
    assert all(len(p) in (2, 3) for p in B.NODE_PATHS)
    assert sum(len(p) for p in B.NODE_PATHS) == 2 * B.N_PATHS


def test_ids_follow_the_documented_coordinates() -> None:
    # hex 0 is the top-left hex, 9 the centre, 18 the bottom-right
    assert B.HEX_AXIAL[0] == (0, -2) and B.HEX_AXIAL[9] == (0, 0) and B.HEX_AXIAL[18] == (0, 2)
    assert B.HEX_CENTRE[9] == (0, 0)
    # intersections top to bottom, left to right: 0 is the top of hex 0
    assert B.NODE_POINT[0] == (-2, -8) and B.HEX_NODES[0][0] == 0
    assert B.HEX_NODES[9] == (18, 24, 30, 35, 29, 23)
    assert B.PATH_NODES[0] == (0, 3) and B.PATH_NODES[71] == (50, 53)
    assert B.path_between(30, 24) == B.path_between(24, 30)
    with pytest.raises(KeyError):
        B.path_between(0, 53)


def test_neighbours_are_symmetric() -> None:
    for n in range(B.N_NODES):
        for m in B.NODE_NODES[n]:
            assert n in B.NODE_NODES[m]
    assert B.HEX_NEIGHBOURS[9] == (4, 5, 8, 10, 13, 14)
    assert len(B.HEX_NEIGHBOURS[0]) == 3


def test_harbours_lie_on_the_coast_and_share_no_corner() -> None:
    assert all(len(B.PATH_HEXES[e]) == 1 for e in B.HARBOUR_PATHS)
    corners = [n for e in B.HARBOUR_PATHS for n in B.PATH_NODES[e]]
    assert len(corners) == len(set(corners)) == 18
    assert [B.PATH_NODES[e] for e in B.HARBOUR_PATHS][:3] == [(0, 3), (1, 5), (10, 15)]
    assert B.NODE_HARBOUR[1] == 1 and B.NODE_HARBOUR[2] == -1


def test_harbours_are_where_catanatron_and_jsettlers_put_them() -> None:
    """The published frame as catanatron's BASE_MAP_TEMPLATE and JSettlers2's PORTS_EDGE_V1
    give it: per harbour, clockwise from the top left, the land hex and its side."""
    sides = ("upper-right", "right", "lower-right", "lower-left", "left", "upper-left")
    expected = [(0, "upper-left"), (1, "upper-right"), (6, "upper-right"), (11, "right"),
                (15, "lower-right"), (17, "lower-right"), (16, "lower-left"), (12, "left"),
                (3, "left")]
    found = []
    for e in B.HARBOUR_PATHS:
        (h,) = B.PATH_HEXES[e]
        corners = B.HEX_NODES[h]
        k = next(k for k in range(6) if {corners[k], corners[(k + 1) % 6]} == set(B.PATH_NODES[e]))
        found.append((h, sides[k]))
    assert found == expected
    assert B.HARBOUR_PATHS == (0, 3, 17, 38, 61, 69, 66, 49, 18)


@pytest.mark.rules("catan/board.spiral")
def test_spiral_walks_neighbouring_hexes_to_the_centre() -> None:
    assert B.spiral(0)[:4] == (0, 3, 7, 12)
    assert B.spiral(0)[12:] == (4, 8, 13, 14, 10, 5, 9)
    for corner in B.CORNERS:
        order = B.spiral(corner)
        assert sorted(order) == list(range(19))
        assert all(order[i + 1] in B.HEX_NEIGHBOURS[order[i]] for i in range(18))


@pytest.mark.rules("catan/components.terrain", "catan/components.tokens", "catan/board.beginner",
                   "catan/components.harbours", "catan/board.beginner-harbours")
def test_beginner_board_uses_every_component_once() -> None:
    assert tuple(D.BEGINNER_TERRAIN.count(t) for t in range(6)) == D.TERRAIN_COUNTS
    laid = sorted(t for t in D.BEGINNER_TOKENS if t)
    assert laid == sorted(D.SPIRAL_TOKENS)
    assert [laid.count(v) for v in D.NUMBERS] == list(D.NUMBER_COUNTS)
    assert D.BEGINNER_TOKENS[D.BEGINNER_TERRAIN.index(D.DESERT)] == 0
    assert tuple(D.BEGINNER_HARBOURS.count(k) for k in range(6)) == D.HARBOUR_COUNTS
    # row 3 of the data file: "Fi9 Fo11 Desert Fo3 M8" is hexes 7-11
    assert D.BEGINNER_TERRAIN[7:12] == (D.FIELDS, D.FOREST, D.DESERT, D.FOREST, D.MOUNTAINS)
    assert D.BEGINNER_TOKENS[7:12] == (9, 11, 0, 3, 8)
