"""Readings that change play: the witness a directed search found, replayed."""

import pytest

from rules_oracle.model.burgundy.game import GAME, turn_order
from tests.model.directed import directed_witness


@pytest.mark.rules("burgundy/tie-order", "burgundy/game.tie-break")
def test_tie_order_readings_disagree_on_the_directed_game() -> None:
    # no seeded game ends in a tie of VP and empty spaces with the final round's order
    # changed on the track: the registry records the game a directed search found, replayed
    # as legal play; on it the two readings crown different players
    actions = directed_witness(GAME, "burgundy/tie-order", 2, 0, "the winners differ")
    ends = {}
    for reading in ("track", "last-round"):
        state = GAME.setup(GAME.config(2, {"tie-order": reading}))
        for action in actions:
            state = GAME.apply(state, action)
        assert GAME.is_terminal(state)
        ends[reading] = state
    track, last = ends["track"], ends["last-round"]
    assert GAME.scores(track) == GAME.scores(last)
    assert [p.estate.count("") for p in track.players] == [
        p.estate.count("") for p in last.players]
    assert len(set(GAME.scores(track))) == 1 and len({p.estate.count("")
                                                        for p in track.players}) == 1
    # the track after the game and the final round's order put the two the other way round
    assert turn_order(track.players) == tuple(reversed(last.order))
    assert GAME.winners(track) == (turn_order(track.players)[-1],)
    assert GAME.winners(last) == (last.order[-1],)
    assert GAME.winners(track) != GAME.winners(last)
