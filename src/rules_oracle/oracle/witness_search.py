"""A directed witness search: legal play from the set-up steered towards a premise.

Some options' readings part only in a situation seeded play seldom or never reaches
(a player with no house left, a bank out of a kind). A beam search plays from the
set-up under reading A, every step applied under reading B as well: each game of the
beam is continued by a few segments of ``eager`` play, the continuations are ranked by
a score measuring closeness to the premise, and the best are kept. Chance steps are all
drawn from one ``random.Random(seed)`` stream in the order they occur (each
continuation draws from a copy of its game's stream), so the game found is the seed plus
the players' choices (:class:`~rules_oracle.model.core.rules.Witnessed` with policy
``directed``) and :func:`~rules_oracle.oracle.witness.find_witness` replays it.
"""

import random
import time
from collections.abc import Callable
from typing import Any

import attrs

from rules_oracle.model.core import CHANCE, TERMINAL, Game, IllegalAction, unstructure
from rules_oracle.model.core.play import choose, weighted
from rules_oracle.model.core.rules import DIRECTED, Witnessed
from rules_oracle.oracle.witness import Witness, compare_readings

#: closeness of a state (reading A's) to the premise: higher is closer
Score = Callable[[Any], float]
#: a factor on the ``eager`` weight of an action in a state (1: as ``eager`` weighs it)
Prefer = Callable[[Any, Any], int]


def _eager(state: Any, action: Any) -> int:
    return 1


@attrs.frozen
class _Line:
    """One game of the beam: both readings' states, the chance stream, the players'
    choices and every action so far."""

    sa: Any
    sb: Any
    rng_state: Any
    choices: tuple[int, ...]
    actions: tuple[Any, ...]


@attrs.frozen
class Found:
    """A directed witness: the registration to record and what the replay shows."""

    witnessed: Witnessed
    witness: Witness


def _continue(game: Game[Any, Any], line: _Line, pick: random.Random, segment: int,
              names: tuple[str, str], prefer: Prefer) -> tuple[_Line, str | None]:
    """``line`` played on by up to ``segment`` player steps (``eager`` choices, weighted by
    ``prefer`` too, drawn from ``pick``), and the readings' first difference on the way,
    if any."""
    rng = random.Random()
    rng.setstate(line.rng_state)
    sa, sb = line.sa, line.sb
    choices, actions = list(line.choices), list(line.actions)
    steps = 0
    diff: str | None = None
    while steps < segment and game.actor(sa) != TERMINAL:
        if game.actor(sa) == CHANCE:
            action = choose(game, sa, rng)
        else:
            legal = game.legal_actions(sa)
            weights = game.policy_weights(sa, legal) or (1,) * len(legal)
            action = weighted(legal, tuple(w * prefer(sa, a) for w, a in zip(
                weights, legal, strict=True)), pick)
            choices.append(legal.index(action))
            steps += 1
        actions.append(action)
        sa = game.apply(sa, action)
        try:
            sb = game.apply(sb, action)
        except IllegalAction as err:
            diff = (f"the last action is legal under {names[0]} but rejected under"
                    f" {names[1]} by rule {err.rule}: {err.message}")
            break
        diff = compare_readings(game, sa, sb, names)
        if diff:
            break
    return _Line(sa, sb, rng.getstate(), tuple(choices), tuple(actions)), diff


def directed_search(game: Game[Any, Any], ambiguity: str, score: Score, *, players: int,
                    seed: int, width: int = 8, branch: int = 4, segment: int = 12,
                    budget: float = 180.0, pick_seed: int = 0,
                    prefer: Prefer = _eager) -> Found | None:
    """A game from the set-up on which the default and the other reading of
    ``ambiguity`` disagree, steered by ``score``, or ``None`` when ``budget`` seconds
    (or the games' ends) pass first. Deterministic for the same arguments but the
    budget: the ``pick_seed`` draws the players' choices."""
    amb = game.rules.get_ambiguity(ambiguity)
    if amb.option is None:
        raise ValueError(f"{ambiguity} has no variant option: its readings do not change play")
    other = next(r.key for r in amb.readings if r.key != amb.default)
    needs = dict(game.option_needs.get(amb.option, {}))
    ca = game.config(players, {**needs, amb.option: amb.default})
    cb = game.config(players, {**needs, amb.option: other})
    names = (f"{amb.option}={amb.default}", f"{amb.option}={other}")
    beam = [_Line(game.setup(ca), game.setup(cb), random.Random(seed).getstate(), (), ())]
    deadline = time.monotonic() + budget
    depth = 0
    while beam and time.monotonic() < deadline:
        children: list[tuple[float, int, _Line]] = []
        seen: set[tuple[Any, Any]] = set()
        for i, line in enumerate(beam):
            for b in range(branch):
                pick = random.Random(f"{pick_seed}/{depth}/{i}/{b}")
                child, diff = _continue(game, line, pick, segment, names, prefer)
                if diff is not None:
                    witnessed = Witnessed(players, seed, DIRECTED, child.choices)
                    return Found(witnessed, Witness(
                        ambiguity, amb.option, (amb.default, other), players, seed, DIRECTED,
                        tuple(unstructure(a) for a in child.actions), diff))
                if game.actor(child.sa) != TERMINAL and (child.sa, child.rng_state) not in seen:
                    seen.add((child.sa, child.rng_state))  # one of equal games is enough
                    children.append((score(child.sa), len(children), child))
        children.sort(key=lambda c: (-c[0], c[1]))
        beam = [c for _, _, c in children[:width]]
        depth += 1
    return None


def caylus_houses(state: Any) -> float:
    """``caylus/prestige-house``: a player with none of his houses in stock who can pay a
    prestige building. Closer: fewer houses in stock, more residences, more resources
    (of the player with the fewest houses)."""
    from rules_oracle.model.caylus import data as D

    def closeness(seat: int) -> float:
        pl = state.players[seat]
        residences = sum(1 for s, k in enumerate(state.road)
                         if k >= 0 and D.MATERIAL[k] == D.START and state.side[s] == 1
                         and state.owner[s] == seat)
        return float(100 * (D.HOUSES - pl.houses) + 10 * min(residences, 1) + sum(pl.resources))

    return max(closeness(seat) for seat in range(len(state.players)))


def cities_knights_shortage(state: Any) -> float:
    """``cities_knights/aqueduct-shortage``: a roll owing a player at science level 3 only
    cards of a kind the bank cannot pay. Closer: a higher science level (and the paper for
    the next), then a bank lower in one kind."""
    from rules_oracle.model.cities_knights import data as D

    science = max(min(pl.levels[D.SCIENCE], 3) for pl in state.players)
    paper = max(min(pl.hand[D.PAPER], pl.levels[D.SCIENCE] + 1) for pl in state.players
                if min(pl.levels[D.SCIENCE], 3) == science)
    drained = max(start - left for start, left in zip(D.BANK_START, state.bank, strict=True))
    return float(60 * science + 6 * paper + (5 if science == 3 else 1) * drained)


def cities_knights_science(state: Any, action: Any) -> int:
    """Science improvements first (``cities_knights/aqueduct-shortage``)."""
    from rules_oracle.model.cities_knights import data as D
    from rules_oracle.model.cities_knights.actions import Improve

    return 50 if isinstance(action, Improve) and action.kind == D.SCIENCE else 1


def cities_knights_stock(state: Any) -> float:
    """``cities_knights/reduced-city-stock``: the barbarians win against a player with all
    his settlement pieces on the board and a city they may reduce. Closer: more of his
    settlements on the board (a city beside them), then the ship nearer."""
    best = max(10 * min(pl.settlements, 5) + 5 * min(pl.cities, 1) for pl in state.players)
    return float(10 * best + state.barbarians)


def cities_knights_settle(state: Any, action: Any) -> int:
    """Settlements first, and knights last (``cities_knights/reduced-city-stock``)."""
    name = type(action).__name__
    if name == "BuildSettlement":
        return 50
    return 0 if name in ("BuildKnight", "ActivateKnight", "PlayProgress") else 1


def cities_knights_cranes(state: Any) -> float:
    """``cities_knights/crane-per-turn``: a player on his turn with a Crane used on an
    improvement and a second Crane in hand. Closer: more Cranes in one hand (two at most),
    then a higher science level (a science gate draws more often), then the progress
    cards held."""
    from rules_oracle.model.cities_knights import data as D

    return float(max(100 * min(pl.progress[D.CRANE], 2) + 10 * min(pl.levels[D.SCIENCE], 5)
                     + sum(pl.progress) for pl in state.players))


def cities_knights_crane(state: Any, action: Any) -> int:
    """Science improvements first; a Crane kept until its player holds two, then played
    (``cities_knights/crane-per-turn``)."""
    from rules_oracle.model.cities_knights import data as D
    from rules_oracle.model.cities_knights.actions import Improve, PlayProgress

    if isinstance(action, PlayProgress) and action.progress == D.CRANE:
        return 100 if state.players[state.turn].progress[D.CRANE] >= 2 else 0
    return 50 if isinstance(action, Improve) and action.kind == D.SCIENCE else 1


def burgundy_tie(state: Any) -> float:
    """``burgundy/tie-order``: the game ends with the two leaders equal in VP and in empty
    estate spaces, a ship of the final round having put the later of them in that round
    ahead on the track. Closer: before the last phase, the two leaders' VP (with what the
    phase's and the game's end add) and empty spaces nearer; in the last phase, the later
    of them on the track one empty space ahead of the other (his ship will fill it), a ship
    in his storage and one track space (or none) behind; once he has passed in the final
    round, the two equal."""
    from rules_oracle.model.burgundy import data as D
    from rules_oracle.model.burgundy.game import final_vp
    from rules_oracle.model.burgundy.knowledge import mods
    from rules_oracle.model.burgundy.phase import end_income
    from rules_oracle.model.burgundy.round import turn_order

    edition = state.config.option("edition")
    ends = [end_income(pl, mods(pl.knowledge, state.config)) for pl in state.players]
    key = [(pl.vp + final_vp(pl, edition), pl.estate.count("")) for pl in ends]
    a, b = sorted(range(len(key)), key=lambda i: key[i], reverse=True)[:2]
    vp_gap = abs(key[a][0] - key[b][0])
    if state.phase < D.PHASES - 1:
        return float(-vp_gap - abs(key[a][1] - key[b][1]))
    track = turn_order(state.players)
    if state.order.index(a) > state.order.index(b):
        a, b = b, a  # b: the later of the two this round
    if state.round == D.ROUNDS - 1 and track.index(b) < track.index(a):  # b has passed
        return float(100 - vp_gap - abs(key[a][1] - key[b][1]))
    if track.index(b) < track.index(a):
        a, b = b, a  # b: the later of the two on the track, who may pass the other
    pa, pb = state.players[a], state.players[b]
    behind = 3 * max(0, pa.track_space - pb.track_space - 1)
    return float(-vp_gap - abs(key[b][1] - key[a][1] - 1) - behind
                 - (0 if D.SHIP in pb.storage else 5))


def burgundy_ship(state: Any, action: Any) -> int:
    """Ships first in the last phase (``burgundy/tie-order``)."""
    from rules_oracle.model.burgundy import data as D
    from rules_oracle.model.burgundy.actions import PlaceTile

    ship = isinstance(action, PlaceTile) and action.tile == D.SHIP
    return 20 if ship and state.phase == D.PHASES - 1 else 1


#: the premise score of each option the directed search is known to reach
SCORES: dict[str, Score] = {
    "burgundy/tie-order": burgundy_tie,
    "caylus/prestige-house": caylus_houses,
    "cities_knights/aqueduct-shortage": cities_knights_shortage,
    "cities_knights/crane-per-turn": cities_knights_cranes,
    "cities_knights/reduced-city-stock": cities_knights_stock,
}
#: the action preference of the options that have one (else ``eager`` as it is)
PREFER: dict[str, Prefer] = {"burgundy/tie-order": burgundy_ship,
                             "cities_knights/aqueduct-shortage": cities_knights_science,
                             "cities_knights/crane-per-turn": cities_knights_crane,
                             "cities_knights/reduced-city-stock": cities_knights_settle}


def main(argv: list[str] | None = None) -> int:
    """``python -m rules_oracle.oracle.witness_search AID PLAYERS SEED [BUDGET [WIDTH BRANCH
    SEGMENT]]``: search, and print the registration of the game found."""
    import sys

    from rules_oracle.model.core import registry

    args = sys.argv[1:] if argv is None else argv
    aid, players, seed = args[0], int(args[1]), int(args[2])
    budget = float(args[3]) if len(args) > 3 else 180.0
    width, branch, segment = (int(a) for a in args[4:7]) if len(args) > 6 else (8, 4, 12)
    game = registry.get(aid.split("/")[0])
    found = directed_search(game, aid, SCORES[aid], players=players, seed=seed, width=width,
                            branch=branch, segment=segment, budget=budget,
                            prefer=PREFER.get(aid, _eager))
    if found is None:
        print(f"{aid}: none found (players {players}, seed {seed}, {budget:.0f} s)")
        return 1
    print(f"{aid}: {len(found.witness.actions)} steps: {found.witness.difference}")
    print(repr(found.witnessed))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
