"""Hypothesis properties of the reusable pure functions: longest road, payment, rates."""

from hypothesis import given
from hypothesis import strategies as st

from rules_oracle.model.catan import board as B
from rules_oracle.model.catan import data as D
from rules_oracle.model.catan.longest_road import longest_road
from rules_oracle.model.catan.production import pay

paths = st.lists(st.integers(0, B.N_PATHS - 1), max_size=15, unique=True)


def _owners(mine: list[int], player: int = 0) -> tuple[int, ...]:
    out = [-1] * B.N_PATHS
    for e in mine:
        out[e] = player
    return tuple(out)


@given(paths, st.integers(0, B.N_PATHS - 1))
def test_a_road_more_never_shortens(mine: list[int], extra: int) -> None:
    empty = (-1,) * B.N_NODES
    before = longest_road(_owners(mine), empty, 0)
    assert 0 <= before <= len(mine) and (before > 0) == bool(mine)
    if extra not in mine:
        after = longest_road(_owners([*mine, extra]), empty, 0)
        # it may join two stretches, but a trail never uses more roads than there are
        assert before <= after <= len(mine) + 1


@given(st.lists(st.integers(0, B.N_NODES - 1), min_size=2, max_size=16))
def test_a_walk_without_repeated_paths_is_that_long(start: list[int]) -> None:
    # follow neighbours from the first intersection, never reusing a path
    walk = [start[0]]
    used: list[int] = []
    for choice in start[1:]:
        options = [m for m in B.NODE_NODES[walk[-1]]
                   if B.path_between(walk[-1], m) not in used]
        if not options:
            break
        nxt = options[choice % len(options)]
        used.append(B.path_between(walk[-1], nxt))
        walk.append(nxt)
    assert longest_road(_owners(used), (-1,) * B.N_NODES, 0) >= len(used)


@given(paths, st.integers(0, B.N_NODES - 1))
def test_a_rival_building_never_lengthens_a_road(mine: list[int], node: int) -> None:
    owners = [-1] * B.N_NODES
    free = longest_road(_owners(mine), tuple(owners), 0)
    owners[node] = 1
    assert longest_road(_owners(mine), tuple(owners), 0) <= free
    owners[node] = 0
    assert longest_road(_owners(mine), tuple(owners), 0) == free


hands = st.lists(st.tuples(*[st.integers(0, 6)] * 5), min_size=3, max_size=4)


@given(st.tuples(*[st.integers(0, 19)] * 5), hands, st.booleans(), st.data())
def test_payment_conserves_cards_and_pays_in_full_or_by_the_shortage_rule(
        bank: tuple[int, ...], held: list[tuple[int, ...]], rest: bool,
        data: st.DataObject) -> None:
    due = tuple(tuple(data.draw(st.integers(0, 4)) for _ in range(5)) for _ in held)
    new_bank, new_hands = pay(bank, tuple(held), due, rest)
    for r in range(D.N_RESOURCES):
        assert new_bank[r] + sum(h[r] for h in new_hands) == bank[r] + sum(h[r] for h in held)
        got = [h[r] - o[r] for h, o in zip(new_hands, held, strict=True)]
        total = sum(row[r] for row in due)
        owed_by = [p for p, row in enumerate(due) if row[r]]
        if total <= bank[r]:
            assert got == [row[r] for row in due]
        elif rest and len(owed_by) == 1:
            assert got[owed_by[0]] == bank[r] and new_bank[r] == 0
        else:
            assert not any(got) and new_bank[r] == bank[r]

