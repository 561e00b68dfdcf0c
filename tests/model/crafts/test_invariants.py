"""Invariants over many seeded games, and that they catch corrupted states."""

import itertools
import random

import attrs
import pytest

from rules_oracle.model.core.canon import digest, structure, to_json, unstructure
from rules_oracle.model.core.errors import IllegalAction
from rules_oracle.model.core.game import CHANCE
from rules_oracle.model.core.play import playout
from rules_oracle.model.crafts import actions as A
from rules_oracle.model.crafts.game import GAME
from rules_oracle.model.crafts.state import TASK_MAGE, CraftsState, Stage
from rules_oracle.properties.crafts import INVARIANTS, check
from rules_oracle.properties.registry import invariants
from tests.model.crafts.helpers import biased_game, cards, make


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_invariants_hold_in_random_games(players: int) -> None:
    cfg = GAME.config(players)
    for seed in range(12):
        steps = 0
        for step in playout(GAME, cfg, seed):
            steps += 1
            assert check(step.state) == [], (seed, step.index)
        assert steps < GAME.max_steps(cfg)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_invariants_hold_in_biased_games(players: int) -> None:
    for seed in range(6):
        for state in biased_game(players, seed):
            assert check(state) == []


OTHER = {"levels": "depth", "prices": "flat", "track_spaces": "every10",
         "pebbles": "unlimited", "castle_target": "any", "castle_floor": "forbid",
         "reconstruction_points": "lose", "fair_count": "revealed", "track_repeat": "once",
         "first_tie": "self", "coin_rounding": "nearest", "scouting_target": "any",
         "scouting_empty": "draw", "redraw_hand": "exactly-five", "final_sale": "value",
         "castle_setback": "collect", "deck_rebuild": "next-draw", "empty_fair": "decline",
         "commit_stop": "withdraw"}


def test_every_non_default_reading_plays_to_the_end() -> None:
    assert set(OTHER) == set(GAME.rules.options())
    for players, seed in itertools.product((2, 5), range(4)):
        for state in biased_game(players, seed, OTHER):
            assert check(state) == []
    for seed in range(3):  # the third reading of fair_count
        for state in biased_game(4, seed, {**OTHER, "fair_count": "played"}):
            assert check(state) == []
    for seed in range(3):  # a setback collects only under track_repeat=repeat
        for state in biased_game(3, seed, {**OTHER, "track_repeat": "repeat"}):
            assert check(state) == []


def test_registry_finds_invariants() -> None:
    assert invariants("crafts") == INVARIANTS


def test_corrupted_states_are_caught() -> None:
    s = make(3, hands={0: cards(farm=2)})
    assert check(s) == []
    lost_card = attrs.evolve(s, hands=(cards(farm=1), *s.hands[1:]))
    assert [v.invariant for v in check(lost_card)] == ["crafts/inv.cards-conserved"]
    extra_coin = attrs.evolve(s, coins=(6, 5, 5))
    assert "crafts/inv.pebbles-conserved" in [v.invariant for v in check(extra_coin)]
    negative = attrs.evolve(s, coins=(-1, 5, 5), bank=s.bank + 6)
    assert [v.invariant for v in check(negative)] == ["crafts/inv.non-negative"]
    high = attrs.evolve(s, scores=(10**9, 0, 0), best=(10**9, 0, 0))
    assert [v.invariant for v in check(high)] == ["crafts/inv.score-bounds"]
    bad_round = attrs.evolve(s, round=5)
    assert "crafts/inv.turn-structure" in [v.invariant for v in check(bad_round)]
    wrong_turn = attrs.evolve(s, turn=2)  # player 2 has no card to commit
    assert "crafts/inv.turn-structure" in [v.invariant for v in check(wrong_turn)]


def _candidates(players: int) -> list[object]:
    vals = (-1, 0, 1, 2, 8, 15, 16, 99)
    out: list[object] = [A.Redraw(), A.Pass(), A.Stop(), A.Apply(), A.Decline(), A.Withdraw(),
                         A.Done()]
    for v in vals:
        out += [A.Draw(v), A.FirstPlayer(v), A.ScoutPick(v), A.Commit(v), A.Buy(v), A.Sell(v),
                A.Knight(v), A.Scout(v), A.Rebuild(v), A.MageDiscard(v), A.Discard(v)]
        out += [A.Exchange(v, w) for w in vals] + [A.Steal(v, w) for w in vals]
    return out


def test_apply_accepts_exactly_the_legal_actions() -> None:
    rng = random.Random(5)
    for players in (2, 3, 6):
        cands = _candidates(players)
        for seed in range(2):
            states = biased_game(players, seed)
            for state in rng.sample(states, 60):
                if GAME.is_terminal(state):
                    continue
                if GAME.actor(state) == CHANCE:
                    legal = {a for a, _ in GAME.chance_outcomes(state)}
                else:
                    legal = set(GAME.legal_actions(state))
                for a in cands:
                    if a in legal:
                        GAME.apply(state, a)
                    else:
                        with pytest.raises(IllegalAction) as e:
                            GAME.apply(state, a)
                        assert e.value.rule in GAME.rules
                for a in legal:
                    assert check(GAME.apply(state, a)) == []


def test_serialization_round_trip_and_determinism() -> None:
    cfg = GAME.config(4)
    a = [digest(s.state) for s in playout(GAME, cfg, 3)]
    b = [digest(s.state) for s in playout(GAME, cfg, 3)]
    assert a == b
    last = list(playout(GAME, cfg, 3))[-1].state
    assert structure(unstructure(last), CraftsState) == last
    assert to_json(last) == to_json(structure(unstructure(last), CraftsState))
    for t in A.ACTION_TYPES:
        assert t.__name__ in to_json(t(*([0] * len(attrs.fields(t)))))


def test_each_broken_count_and_turn_is_named() -> None:
    """Each invariant names what it finds: one corruption of a consistent state each (some
    break a second invariant too, such as a card put where no card left from)."""
    s = make(3, hands={0: cards(farm=2)})
    one = (1,) + (0,) * (len(s.market) - 1)
    cases = [
        (attrs.evolve(s, market=one), "market cards outside the market"),
        (attrs.evolve(s, discard=tuple(-x for x in one)),
         f"discard has a negative count: {tuple(-x for x in one)}"),
        (attrs.evolve(s, boards=((-1, *s.boards[0][1:]), *s.boards[1:]), bank=s.bank + 1),
         f"boards[0] negative: {(-1, *s.boards[0][1:])}"),
        (attrs.evolve(s, to_market=-1), "to_market or task_count negative"),
        (attrs.evolve(s, bank=-1, coins=(s.coins[0] + s.bank + 1, *s.coins[1:])),
         "bank holds -1 pebbles"),
        (attrs.evolve(s, scores=(3, 0, 0)), "player 0 scores 3 above his best 0"),
        (attrs.evolve(s, phase=9), "phase 9"),
        (attrs.evolve(s, first=7), "first player 7"),
        (attrs.evolve(s, phase=Stage.MARKET, table=(one, *s.table[1:])),
         "cards on the table outside the play phase"),
        (attrs.evolve(s, phase=Stage.END, committed=(0, -1, -1)),
         "committed cards outside the play phase"),
        (attrs.evolve(s, task=TASK_MAGE), "task 1 outside resolution"),
        (attrs.evolve(s, turn=5), "turn 5"),
        (attrs.evolve(s, passed=(True, False, False)), "player 0 acts after passing"),
        (attrs.evolve(s, stopped=2), "stops of a commit step 2 outside it or on seats not"
                                     " stopped"),
        (attrs.evolve(s, phase=Stage.END, passed=(True,) * 3, stopped=1),
         "stops of a commit step 1 outside it or on seats not stopped"),
        (attrs.evolve(s, passed=(False, True, True), stopped=8),
         "stops of a commit step 8 outside it or on seats not stopped"),
        (attrs.evolve(s, phase=Stage.RESOLVE, task=TASK_MAGE, task_player=1,
                      committed=(0, -1, -1)), "player 0 acts for player 1's Mage"),
        (attrs.evolve(s, phase=Stage.RESOLVE, committed=(-1, 0, -1)),
         "player 0 resolves out of order"),
    ]
    for state, message in cases:
        assert message in [v.message for v in check(state)], message
