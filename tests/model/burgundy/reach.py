"""How deep seeded play reaches: a measuring script, not a test.

    .venv/bin/python -m tests.model.burgundy.reach [GAMES] [POLICY ...]

For each player count and policy, plays GAMES seeded games and prints in how many of them
each action type, each tile effect (tile placed), each knowledge tile, completed areas and
colour bonuses occur at least once, with mean counts per game.
"""

import sys
from collections import Counter

from rules_oracle.model.burgundy import area
from rules_oracle.model.burgundy import data as D
from rules_oracle.model.burgundy.actions import CityHallPlace, PlaceTile
from rules_oracle.model.burgundy.game import GAME
from rules_oracle.model.burgundy.state import BurgundyState
from rules_oracle.model.core.play import playout


def game_events(players: int, seed: int, policy: str) -> Counter[str]:
    """Counts of the events of one seeded game (action types, tiles placed, completions)."""
    events: Counter[str] = Counter()
    config = GAME.config(players)
    before: BurgundyState = GAME.setup(config)
    for step in playout(GAME, config, seed, policy):
        action, after = step.action, step.state
        if step.actor >= 0:
            events[f"action:{type(action).__name__}"] += 1
            if isinstance(action, PlaceTile | CityHallPlace):
                tile = action.tile
                key = tile if tile in D.KNOWLEDGE_NUMBER else D.TILE_COLOUR[tile]
                if D.TILE_COLOUR[tile] == D.BUILDING:
                    key = f"building:{tile}"
                events[f"placed:{key}"] += 1
                if isinstance(action, PlaceTile) and action.die == 2:
                    events["castle-action:place"] += 1
                estate = after.players[step.actor].estate
                if area.completed(estate, action.space):
                    events["area-completed"] += 1
            elif getattr(action, "die", 0) == 2:
                events[f"castle-action:{type(action).__name__}"] += 1
            if sum(after.bonuses) > sum(before.bonuses):
                events["colour-bonus"] += 1
        before = after
    events["vp-total"] = sum(pl.vp for pl in before.players)
    return events


def survey(players: int, games: int, policy: str) -> tuple[Counter[str], Counter[str]]:
    """(games in which each event happened, total count of each event)."""
    reached: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for seed in range(games):
        ev = game_events(players, seed, policy)
        total.update(ev)
        reached.update({k: 1 for k, v in ev.items() if v})
    return reached, total


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 200
    policies = argv[1:] or ["uniform", "eager"]
    for players in (2, 3, 4):
        results = {pol: survey(players, games, pol) for pol in policies}
        keys = sorted(set().union(*(r[1] for r in results.values())))
        print(f"\n{players} players, {games} games: games reached (mean per game)")
        print(f"{'event':34}" + "".join(f"{pol:>22}" for pol in policies))
        for key in keys:
            row = "".join(
                f"{results[pol][0][key]:>10} ({results[pol][1][key] / games:8.2f})"
                for pol in policies)
            print(f"{key:34}{row}")


if __name__ == "__main__":
    main(sys.argv[1:])
