"""Traces: a game written as JSON Lines, one record per step (format in docs/trace-format.md).

Line 1 is a header (format, version, game, players, the full variant, optional
seed, generator and set-up digest); then one step record per step: the step
number, who acted (``"chance"`` or a player index), the action in canonical
JSON and the digest of the state after it, optionally the state itself; then
optionally an end record with the final scores and winners.

Every line is canonical JSON text (sorted keys, no whitespace), so a trace
written twice from the same game is byte-identical.
"""

import json
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import IO, Any

from rules_oracle.model.core.canon import canonical_text, digest, unstructure
from rules_oracle.model.core.game import CHANCE, TERMINAL, Config, Game, Viewer
from rules_oracle.model.core.play import playout

FORMAT = "rules-oracle-trace"
VERSION = 1
#: the version whose steps may carry observations (and whose header says what is compared)
VERSION_2 = 2
#: the versions read
VERSIONS = (VERSION, VERSION_2)
#: the actor of a chance step as written in a trace
CHANCE_ACTOR = "chance"


def generator() -> str:
    """The name and version of this package, written in the headers it makes."""
    try:
        return f"rules-oracle {metadata.version('rules-oracle')}"
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "rules-oracle"


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of one trace record."""
    text = (Path(__file__).parent / "schema" / "trace.schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def dumps(record: Mapping[str, Any]) -> str:
    """One record as canonical JSON text (sorted keys, compact, UTF-8 kept)."""
    return canonical_text(record)


def actor_label(actor: int) -> int | str:
    """A model actor as written in a trace: ``"chance"`` or the player index."""
    if actor == CHANCE:
        return CHANCE_ACTOR
    if actor == TERMINAL:
        raise ValueError("a finished game has no actor")
    return actor


def header(
    game: Game[Any, Any],
    config: Config,
    *,
    seed: int | None = None,
    setup_digest: str | None = None,
    policy: str | None = None,
    compare: str | None = None,
) -> dict[str, Any]:
    """The header record: version 1, or version 2 when ``compare`` is given."""
    record: dict[str, Any] = {
        "record": "header",
        "format": FORMAT,
        "version": VERSION if compare is None else VERSION_2,
        "game": game.name,
        "players": config.players,
        "variant": dict(config.variant),
        "generator": generator(),
    }
    if compare is not None:
        record["compare"] = compare
    if seed is not None:
        record["seed"] = seed
    if policy is not None:
        record["policy"] = policy
    if setup_digest is not None:
        record["digest"] = setup_digest
    return record


def step_record(
    index: int, actor: int, action: object, state: object, *, with_state: bool = False,
    observation: tuple[Viewer, object] | None = None,
) -> dict[str, Any]:
    """A step record: with ``observation`` (a viewer and his view of ``state``), a
    version 2 step carrying that view's canonical JSON in place of the digest."""
    record: dict[str, Any] = {
        "record": "step",
        "step": index,
        "actor": actor_label(actor),
        "action": unstructure(action),
    }
    if observation is None:
        record["digest"] = digest(state)
    else:
        viewer, view = observation
        record["observation"] = {"viewer": viewer, "fields": unstructure(view)}
    if with_state:
        record["state"] = unstructure(state)
    return record


def end_record(game: Game[Any, Any], state: object, steps: int) -> dict[str, Any]:
    return {
        "record": "end",
        "steps": steps,
        "scores": list(game.scores(state)),
        "winners": list(game.winners(state)),
    }


def record_game(
    game: Game[Any, Any],
    config: Config,
    seed: int,
    *,
    states: bool = False,
    end: bool = True,
    policy: str = "uniform",
    observations: Viewer | None = None,
) -> Iterator[str]:
    """The lines of the trace of one seeded random game (``model.core.play.playout``).

    With ``observations`` (a viewer), a version 2 trace comparing observations: every
    step carries that viewer's whole view of the state after it, and no digest.
    """
    initial = game.setup(config)
    yield dumps(header(game, config, seed=seed, setup_digest=digest(initial),
                       policy=None if policy == "uniform" else policy,
                       compare=None if observations is None else "observation"))
    state = initial
    count = 0
    for step in playout(game, config, seed, policy):
        state = step.state
        count = step.index
        seen = (None if observations is None
                else (observations, game.observe(step.state, observations)))
        yield dumps(step_record(step.index, step.actor, step.action, step.state,
                                with_state=states, observation=seen))
    if end:
        yield dumps(end_record(game, state, count))


def write_trace(
    out: IO[str],
    game: Game[Any, Any],
    config: Config,
    seed: int,
    *,
    states: bool = False,
    policy: str = "uniform",
    observations: Viewer | None = None,
) -> int:
    """Write one seeded game as a trace to ``out``; returns the number of lines."""
    lines = 0
    for line in record_game(game, config, seed, states=states, policy=policy,
                            observations=observations):
        out.write(line)
        out.write("\n")
        lines += 1
    return lines
