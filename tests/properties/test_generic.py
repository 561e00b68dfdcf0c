"""The generic checks pass on every game and fail on deliberately broken toys."""

import random
from fractions import Fraction
from typing import Any

import pytest

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import to_json, unstructure
from rules_oracle.model.core.game import CHANCE, TERMINAL, Game
from rules_oracle.model.core.play import playout
from rules_oracle.properties import generic
from rules_oracle.properties.base import Violation
from rules_oracle.properties.registry import invariants
from tests.properties import broken
from tests.toyencoding import INVARIANTS as TOY_INVARIANTS
from tests.toygame import GAME as TOY
from tests.toygame import R_MOVE, R_OVER, R_ROLL, Move, Roll, ToyGame, ToyState

GAMES = ["toy", *registry.names()]


def _game(name: str) -> tuple[Game[Any, Any], tuple[Any, ...]]:
    if name == "toy":
        return TOY, TOY_INVARIANTS
    try:
        return registry.get(name), invariants(name)
    except ModuleNotFoundError:
        return registry.get(name), ()


def _ids(found: list[Violation]) -> set[str]:
    return {v.invariant for v in found}


#: the costly checks run on every n-th state (3 by default); catan's games are ten times as
#: long as the others', so every check still meets hundreds of its states per configuration
SAMPLE_EVERY = {"catan": 8, "cities_knights": 16}


def _config_cases() -> list[tuple[str, int]]:
    """(game, index into its variant configurations): one test each, spread over workers."""
    return [(name, i) for name in GAMES
            for i in range(len(generic.variant_configs(_game(name)[0])))]


@pytest.mark.parametrize(("name", "which"), _config_cases())
def test_seeded_games_pass_every_check(name: str, which: int) -> None:
    game, invs = _game(name)
    checker = generic.GameChecker(game, invs, sample_every=SAMPLE_EVERY.get(name, 3))
    config = generic.variant_configs(game)[which]
    found = []
    for seed in range(1 if name != "toy" else 10):
        found += checker.run(config, seed)
    assert found == []
    assert checker.stats.checked, "no check ran"


@pytest.mark.parametrize("name", GAMES)
def test_every_generic_check_meets_a_state(name: str) -> None:
    """Over one short game per player count, each generic check runs at least once."""
    game, invs = _game(name)
    checker = generic.GameChecker(game, invs, sample_every=SAMPLE_EVERY.get(name, 3))
    for config in generic.all_configs(game):
        checker.run(config, 0)
    ran = set(checker.stats.checked)
    assert set(generic.CHECKS) <= ran, set(generic.CHECKS) - ran


@pytest.mark.rules(R_MOVE, R_ROLL)
def test_run_game_plays_the_playout_game() -> None:
    config = TOY.config(3)
    seen: list[Any] = []

    def record(state: Any, action: Any, nxt: Any) -> list[Violation]:
        seen.append(nxt)
        return []

    assert generic.run_game(TOY, config, 11, TOY_INVARIANTS, (record,)) == []
    assert seen == [step.state for step in playout(TOY, config, 11)]


def test_game_invariants_and_transition_invariants_are_reported() -> None:
    def never_three(state: ToyState) -> list[Violation]:
        return [Violation("toy/never-three", "3")] if 3 in state.positions else []

    def no_big_moves(state: Any, action: Any, nxt: Any) -> list[Violation]:
        big = isinstance(action, Move) and action.steps == 3
        return [Violation("toy/no-big-moves", "3 steps")] if big else []

    found = []
    for seed in range(10):
        found += generic.run_game(TOY, TOY.config(2), seed, [never_three], [no_big_moves])
    assert {"toy/never-three", "toy/no-big-moves"} <= _ids(found)
    assert all("seed" in v.message and "step" in v.message for v in found)


BROKEN = [
    (broken.Mutating, generic.PURE),
    (broken.Lax, generic.EXACT),
    (broken.Crashy, generic.WITH_RULE),
    (broken.Unregistered, generic.WITH_RULE),
    (broken.Duplicates, generic.DISTINCT),
    (broken.Unappliable, generic.APPLY),
    (broken.BadDice, generic.CHANCE_DIST),
    (broken.Stuck, generic.LIVE),
    (broken.Endless, generic.TERMINATES),
    (broken.Listy, generic.ROUNDTRIP),
    (broken.Noop, generic.NO_NOOP),
    (broken.BadActor, generic.ACTOR_RANGE),
    (broken.Forgetful, generic.CONFIG),
    (broken.BadWinners, generic.SCORES),
    (broken.Reopened, generic.TERMINAL_CLOSED),
]


@pytest.mark.parametrize(("cls", "check"), BROKEN, ids=[c.__name__ for c, _ in BROKEN])
def test_each_check_fails_on_a_broken_toy(cls: type[Game[Any, Any]], check: str) -> None:
    game = cls()
    checker = generic.GameChecker(game, sample_every=2)
    found = []
    for seed in range(12):
        found += checker.run(game.config(2 + seed % 2), seed)
    assert check in _ids(found), sorted(_ids(found))
    assert checker.stats.failures[check]


def test_every_check_has_a_broken_toy() -> None:
    assert {check for _, check in BROKEN} == set(generic.CHECKS)


@pytest.mark.rules(R_MOVE, R_ROLL, R_OVER)
def test_check_exact_on_single_states() -> None:
    state = TOY.apply(TOY.setup(TOY.config(2)), Roll(2))
    assert generic.check_exact(TOY, state, [Move(0), Move(2), Move(3), Move(-1), Roll(1)]) == []
    found = generic.check_exact(broken.Lax(), state, [Move(3)])
    assert _ids(found) == {generic.EXACT}
    found = generic.check_exact(broken.Crashy(), state, [Move(-1)])
    assert _ids(found) == {generic.WITH_RULE}
    over = ToyState(TOY.config(2), (6, 0), 3, 0)
    assert generic.check_terminal_closed(TOY, over, [Roll(1), Move(0)]) == []


@pytest.mark.rules(R_MOVE, R_ROLL)
def test_check_exact_judges_a_legal_action_by_what_applying_it_gave() -> None:
    """The legal actions ``check_legal_actions`` applied are noted, and ``check_exact``
    judges a legal candidate by the note instead of applying it again: a legal action
    noted as rejected is a violation of either kind, an illegal one is still applied."""
    state = TOY.apply(TOY.setup(TOY.config(2)), Roll(2))
    legal = generic.legal_set(TOY, state)
    applied: generic.Applied = {}
    assert generic.check_legal_actions(TOY, state, legal, applied) == []
    assert applied == {a: None for a in legal}
    cands = [*legal, Move(3), Roll(1)]
    assert generic.check_exact(TOY, state, cands, legal, applied) == []
    move = legal[0]
    applied[move] = TOY.rules.illegal(R_MOVE, "noted as rejected")
    found = generic.check_exact(TOY, state, cands, legal, applied)
    assert [v.invariant for v in found] == [generic.EXACT]
    assert found[0].message.endswith("rejected: toy/move.within-roll: noted as rejected")
    applied[move] = KeyError("noted crash")
    found = generic.check_exact(TOY, state, cands, legal, applied)
    assert [v.invariant for v in found] == [generic.WITH_RULE] and "noted crash" in found[0].message
    # the illegal candidates are applied: a lax model accepting one is caught
    found = generic.check_exact(broken.Lax(), state, [Move(3)], legal, applied)
    assert _ids(found) == {generic.EXACT}


def test_mutations_change_one_field() -> None:
    rng = random.Random(0)
    variants = generic.mutations(Move(2), rng)
    assert Move(3) in variants and Move(-1) in variants and Move(2) not in variants
    assert generic.mutations("not an attrs value", rng) == []


def _evolved(action: Any, rng: random.Random, vocabulary: list[str],
             limit: int) -> list[Any]:
    """:func:`generic.mutations` as attrs.evolve writes each variant."""
    import attrs

    out: list[Any] = []
    for field in attrs.fields(type(action)):
        if not field.init:
            continue
        for v in generic._variants(getattr(action, field.name), rng, vocabulary):
            try:
                out.append(attrs.evolve(action, **{field.alias: v}))
            except Exception:
                continue
    return rng.sample(out, limit) if len(out) > limit else out


@pytest.mark.parametrize("name", ["catan", "burgundy", "crafts"])
def test_mutations_are_the_variants_attrs_evolve_makes(name: str) -> None:
    """Each variant of every action met in a game, with the same random draws (its
    validators rejecting the same ones)."""
    game = registry.get(name)
    actions = [s.action for s in playout(game, game.config(3), 2) if s.action is not None]
    vocabulary = sorted({w for a in actions[:50] for w in _strings(a)})
    for i, action in enumerate(actions[:300]):
        ours, theirs = random.Random(i), random.Random(i)
        assert (generic.mutations(action, ours, vocabulary, limit=4)
                == _evolved(action, theirs, vocabulary, 4))
        assert ours.getstate() == theirs.getstate()


def _strings(action: Any) -> set[str]:
    out: set[str] = set()
    generic.strings_in(action, out)
    return out


def test_roundtrip_catches_values_the_converter_cannot_take() -> None:
    assert generic.check_roundtrip(Move(1)) == []
    bad = ToyState(TOY.config(2), [0, 0], 0, 0)  # type: ignore[arg-type]
    assert _ids(generic.check_roundtrip(bad)) == {generic.ROUNDTRIP}


@pytest.mark.rules(R_MOVE, R_ROLL)
def test_purity_and_round_trip_compare_with_what_they_are_given() -> None:
    """check_pure compares with the state's snapshot, check_roundtrip with its canonical
    text: their own, or the one the caller has (GameChecker passes a sampled state's)."""
    state = TOY.apply(TOY.setup(TOY.config(2)), Roll(2))
    text = to_json(state)
    assert generic.check_pure(TOY, state, Move(2), generic.snapshot(state)) == []
    assert generic.check_roundtrip(state, text) == []
    assert generic.check_roundtrip(state, text, unstructure(state)) == []
    stale = TOY.apply(state, Move(2))
    found = generic.check_pure(TOY, state, Move(2), generic.snapshot(stale))
    assert [v.message for v in found] == [
        'apply({"steps":2,"type":"Move"}) changed its input state']
    assert [v.message for v in generic.check_unchanged(state, generic.snapshot(stale))] == [
        "applying actions changed the input state"]
    assert [v.message for v in generic.check_roundtrip(state, to_json(stale))] == [
        "ToyState: canonical text changed"]
    mutated = broken.Mutating()
    found = generic.check_pure(mutated, state, Move(2))
    assert [v.invariant for v in found] == [generic.PURE, generic.PURE]
    assert "changed its input state" in found[0].message
    assert "two different results" in found[1].message


def test_a_snapshot_is_as_strict_as_the_canonical_text() -> None:
    """Two snapshots are equal exactly when the plain data are, item for item and type for
    type: a boolean written where a number was differs, though the two compare equal; equal
    data made of other objects (a string built anew) do not."""
    state = TOY.apply(TOY.setup(TOY.config(2)), Roll(2))
    raw = unstructure(state)
    assert generic.snapshot(state) == generic.plain_bytes(raw)
    assert generic.plain_bytes([1, 0]) != generic.plain_bytes([True, False])
    assert [1, 0] == [True, False]
    built = "".join(["Toy", "State"])
    assert built is not raw["type"]
    assert generic.plain_bytes({**raw, "type": built}) == generic.plain_bytes(raw)
    assert generic.plain_bytes({**raw, "turn": raw["turn"] + 1}) != generic.plain_bytes(raw)


def test_variant_configs_cover_every_player_count() -> None:
    configs = generic.variant_configs(TOY)
    assert [c.players for c in configs] == [2, 3]
    for name in GAMES[1:]:
        game = registry.get(name)
        counts = {c.players for c in generic.variant_configs(game)}
        assert counts == set(range(game.min_players, game.max_players + 1))


class _Odd(ToyGame):
    """Breaks the single-state checks one way each, by the state's turn: turn 1 names a
    string actor, turn 2 is a chance node without outcomes, turn 3 a player with no move,
    turn 4 says TERMINAL while is_terminal disagrees and still offers a move; its dice
    list a roll of 1 twice and a roll of 2 with probability 0; setup raises with 3 players."""

    def setup(self, config: Any) -> ToyState:
        if config.players == 3:
            raise RuntimeError("no third seat")
        return super().setup(config)

    def actor(self, state: ToyState) -> Any:
        if state.turn == 1:
            return "player 1"
        if state.turn == 4:
            return -2
        return super().actor(state)

    def legal_actions(self, state: ToyState) -> tuple[Any, ...]:
        if state.turn == 3:
            return ()
        if state.turn == 4:
            return (Move(0),)
        return super().legal_actions(state)

    def chance_outcomes(self, state: ToyState) -> tuple[tuple[Any, Fraction], ...]:
        if state.turn == 2:
            return ()
        return ((Roll(1), Fraction(1, 2)), (Roll(1), Fraction(1, 2)), (Roll(2), Fraction(0)))

    def is_terminal(self, state: ToyState) -> bool:
        return state.turn != 4 and super().is_terminal(state)


@pytest.mark.rules(R_MOVE, R_ROLL, R_OVER)
def test_single_state_checks_name_what_is_wrong() -> None:
    odd = _Odd()
    at = [ToyState(TOY.config(2), (0, 0), turn, 0 if turn == 2 else 1) for turn in range(5)]
    assert [v.message for v in generic.check_actor(odd, at[1])] == [
        "actor is 'player 1', not an int"]
    assert [v.message for v in generic.check_live(odd, at[2])] == [
        "chance node without outcomes"]
    assert [v.message for v in generic.check_live(odd, at[3])] == [
        "player 1 to act has no legal action"]
    assert [v.message for v in generic.check_live(odd, at[4])] == [
        "terminal state offers actions or chance outcomes",
        "actor is TERMINAL but is_terminal is false"]
    chance = ToyState(TOY.config(2), (0, 0))
    assert [v.message for v in generic.check_chance(odd, chance)] == [
        '{"type":"Roll","value":2} has probability Fraction(0, 1)',
        "an outcome is listed twice"]
    # an unhashable candidate is not a legal action, and the model rejects it by a rule
    assert generic.check_exact(TOY, at[0], [[1, 2]]) == []
    checker = generic.GameChecker(odd)
    found = checker.run(odd.config(3), 0)
    assert [v.invariant for v in found] == [generic.APPLY]
    assert "setup raised RuntimeError('no third seat')" in found[0].message


def test_the_liveness_check_keeps_what_each_state_offers() -> None:
    """What :func:`generic.check_live` enumerated gives the state's legal set as
    :func:`generic.legal_set` does, at chance nodes, players' turns and the end."""
    config = TOY.config(2)
    states = [TOY.setup(config), *(step.state for step in playout(TOY, config, 3))]
    actors = set()
    for state in states:
        offered = generic.Offered()
        assert generic.check_live(TOY, state, offered) == []
        assert offered.known and offered.actor == TOY.actor(state)
        assert offered.legal == TOY.legal_actions(state)
        assert offered.outcomes == TOY.chance_outcomes(state)
        assert offered.legal_set() == generic.legal_set(TOY, state)
        actors.add(offered.actor)
    assert {CHANCE, TERMINAL} <= actors and any(a >= 0 for a in actors)
