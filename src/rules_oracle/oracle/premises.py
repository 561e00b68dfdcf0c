"""Premises: the situations in which a known deviation can occur, checked on the model.

A known-deviations entry may carry a ``premise`` (a list of the names below); it then
matches a divergence only when every premise holds of the model's state where the
divergence was found (the state before the step for an ``actor``, ``legal`` or
rejection divergence, the state after it for a field that differs) and of the divergence
itself. A premise states what makes the deviation possible, so that another bug with the
same symptom (a win at 9 points, a road length wrong for another reason) is not absorbed.

Each premise names the games it applies to; a known file naming a premise of another
game is refused.
"""

from collections.abc import Callable
from typing import Any

import attrs

from rules_oracle.model.core.game import Game
from rules_oracle.oracle.diff import FieldDiff
from rules_oracle.oracle.divergence import Divergence


@attrs.frozen
class Situation:
    """Where a divergence was found: the game and the model's state there."""

    game: Game[Any, Any]
    state: Any


@attrs.frozen
class Premise:
    name: str
    #: the games whose states it reads
    games: tuple[str, ...]
    #: what must hold, in words (docs/engines.md lists them)
    text: str
    holds: Callable[[Situation, Divergence], bool]


def _ended_early(at: Situation, divergence: Divergence) -> int:
    """The model's player on turn where the engine ends the game (``terminal``; a trace's
    end record, ``end``) while the model has one; -1 otherwise."""
    if divergence.got not in ("terminal", "end"):
        return -1
    return max(at.game.actor(at.state), -1)


def _off_turn_at_ten(at: Situation, divergence: Divergence) -> bool:
    """The engine ends the game while the model has a player on turn and a seat not on
    turn has 10 or more points."""
    who = _ended_early(at, divergence)
    if who < 0:
        return False
    return any(points >= 10 for seat, points in enumerate(at.game.scores(at.state))
               if seat != who)


def _turn_limit_with_set_up(at: Situation, divergence: Divergence) -> bool:
    """The engine ends the game while the model has a player on turn and the turns
    completed, counted with the set-up's 2 (players - 1) changes of seat, have reached the
    model's turn limit (catan/turn.limit): the count of an engine whose every change of seat
    is a turn."""
    from rules_oracle.model.catan import data as D

    state = at.state
    if _ended_early(at, divergence) < 0:
        return False
    completed = state.turns - 1 + 2 * (state.config.players - 1)
    return bool(completed >= D.TURN_LIMIT)


#: roads ending at a rival's building one seat may have left out, at most (2^N lengths)
MAX_INTO_RIVALS = 8


def _without_roads_into_rivals(state: Any) -> tuple[frozenset[int], ...]:
    """Each seat's longest road with some of its roads that end at a rival's settlement or
    city left out (every subset of them): the engine reading of catanatron's road length,
    which leaves out a road built up to a rival's building but still counts one a rival
    built on later, an order the state does not keep."""
    from itertools import combinations

    from rules_oracle.model.catan import board as B
    from rules_oracle.model.catan.longest_road import longest_road

    into = [[e for e, owner in enumerate(state.path_owner) if owner == p and any(
        state.node_owner[n] not in (-1, p) for n in B.PATH_NODES[e])]
        for p in range(state.config.players)]
    out: list[frozenset[int]] = []
    for p, roads in enumerate(into):
        lengths: set[int] = set()
        for k in range(min(len(roads), MAX_INTO_RIVALS) + 1):
            for left in combinations(roads[:MAX_INTO_RIVALS], k):
                paths = list(state.path_owner)
                for e in left:
                    paths[e] = -1
                lengths.add(longest_road(tuple(paths), state.node_owner, p))
        out.append(frozenset(lengths))
    return tuple(out)


def _model_lengths(state: Any) -> tuple[int, ...]:
    from rules_oracle.model.catan.longest_road import longest_road

    return tuple(longest_road(state.path_owner, state.node_owner, p)
                 for p in range(state.config.players))


def _road_lengths_left_out(at: Situation, divergence: Divergence) -> bool:
    """Every differing ``$.seats[i].road_length`` is seat ``i``'s longest road with some of
    its roads that end at a rival's building left out, and that differs from the model's."""
    lengths = _without_roads_into_rivals(at.state)
    fits = [_road_length_fits(d, lengths) for d in divergence.diffs]
    return any(f is True for f in fits) and all(f is not False for f in fits)


def _a_length_left_out(at: Situation, divergence: Divergence) -> bool:
    """Some seat's longest road is shorter with some of its roads that end at a rival's
    building left out (so the longest-road card, and its points, can go otherwise), and
    every differing seat road length is such a shorter one."""
    lengths = _without_roads_into_rivals(at.state)
    model = _model_lengths(at.state)
    if all(ways <= {length} for ways, length in zip(lengths, model, strict=True)):
        return False
    return all(_road_length_fits(d, lengths) is not False for d in divergence.diffs)


def _road_length_fits(diff: FieldDiff, lengths: tuple[frozenset[int], ...]) -> bool | None:
    """Whether a differing ``$.seats[i].road_length`` is one of ``lengths[i]`` (``None``:
    the diff is of another field)."""
    head, _, rest = diff.path.partition("].road_length")
    if rest or not head.startswith("$.seats[") or not head[8:].isdigit():
        return None
    seat = int(head[8:])
    return seat < len(lengths) and diff.got in lengths[seat] and diff.expected != diff.got


def _card_to_the_first_longest(at: Situation, divergence: Divergence) -> bool:
    """The step put a settlement on an intersection where two roads of one rival meet (it
    cuts that rival's road), and the longest road card differs from the model's only as
    catanatron awards it after such a cut (``Board.build_settlement``: ``max`` over the road
    lengths in seat order): to the first seat of the longest road length, with no 5-road
    minimum and taking it from a holder tied with an earlier seat; the only other fields
    differing are the 2 public points of the card's model and engine holders."""
    from rules_oracle.model.catan import board as B

    action, state = divergence.action, at.state
    if not isinstance(action, dict) or action.get("type") != "BuildSettlement":
        return False
    node = action["node"]
    builder = state.node_owner[node]
    roads = [state.path_owner[e] for e in B.NODE_PATHS[node]]
    if not any(q not in (-1, builder) and roads.count(q) == 2 for q in roads):
        return False
    lengths = [pl.road_length for pl in state.players]
    first, model = lengths.index(max(lengths)), state.longest
    if first == model:
        return False
    points = {f"$.seats[{seat}].public_victory_points": delta
              for seat, delta in ((first, 2), (model, -2)) if seat >= 0}
    got = {d.path: d for d in divergence.diffs}
    card = got.pop("$.longest_road", None)
    if card is None or (card.expected, card.got) != (model, first) or set(got) != set(points):
        return False
    return all(isinstance(d.got, int) and isinstance(d.expected, int)
               and d.got - d.expected == points[path] for path, d in got.items())


def _before_roll(at: Situation, divergence: Divergence) -> bool:
    """The player on turn has not rolled yet."""
    from rules_oracle.model.catan.state import Stage

    return bool(at.state.stage is Stage.PRE_ROLL)


def _cannot_pay_a_road(at: Situation, divergence: Divergence) -> bool:
    """The player on turn lacks a brick or a lumber (the cost of a road)."""
    from rules_oracle.model.catan import data as D

    who = at.game.actor(at.state)
    if who < 0:
        return False
    hand = at.state.players[who].hand
    return any(hand[r] < n for r, n in enumerate(D.ROAD_COST))


PREMISES: dict[str, Premise] = {p.name: p for p in (
    Premise("off-turn-seat-at-ten", ("catan",),
            "the engine reports the game over while the model has a player on turn and a seat"
            " not on turn has 10 or more points", _off_turn_at_ten),
    Premise("turn-limit-counting-set-up", ("catan",),
            "the engine reports the game over while the model has a player on turn and the"
            " turns completed, counted with the set-up's 2 (players - 1) changes of seat,"
            " have reached the turn limit", _turn_limit_with_set_up),
    Premise("road-length-without-roads-into-rivals", ("catan",),
            "every differing seat road length is that seat's longest road with some of its"
            " roads that end at a rival's settlement or city left out", _road_lengths_left_out),
    Premise("a-road-into-a-rival-counts", ("catan",),
            "some seat's longest road is shorter with some of its roads that end at a rival's"
            " settlement or city left out, and every differing seat road length is such a"
            " shorter one",
            _a_length_left_out),
    Premise("card-to-the-first-longest-after-a-cut", ("catan",),
            "the step put a settlement where two roads of one rival meet, and the engine"
            " gives the longest road card to the first seat (in seat order) of the longest"
            " road length, with no minimum and taking it from a tied holder; only the"
            " card and the 2 public points of its holders differ",
            _card_to_the_first_longest),
    Premise("before-roll", ("catan",), "the player on turn has not rolled yet",
            _before_roll),
    Premise("cannot-pay-a-road", ("catan",),
            "the player on turn lacks a brick or a lumber", _cannot_pay_a_road),
)}


def holds(names: tuple[str, ...], at: Situation | None, divergence: Divergence) -> bool:
    """Whether every premise of ``names`` holds (none without a situation to check)."""
    if not names:
        return True
    if at is None:
        return False
    for name in names:
        try:
            if not PREMISES[name].holds(at, divergence):
                return False
        except Exception:  # a state the premise cannot read: it does not hold
            return False
    return True
