"""Campaigns: many seeded games driven through an engine, kept in a directory, resumable.

A campaign directory holds ``campaign.json`` (the engine command, the game, the seeds and
every option of the drive, and the known file's digest) and ``results/``, one file per
seed (``GAME-SEED.json``: that game's run as ``oracle drive --json`` reports it, and the
requests it took), written as each game ends. Running the campaign again plays only the
seeds that have no result yet: an interrupted campaign resumes where it stopped, and a
finished one is extended by asking for more games. Each game is a function of its seed
(:func:`oracle.parallel.drive_one`), so the campaign's verdict is exactly the verdict of
the same seeds driven one by one, on any executor.

The report (:class:`Summary`) groups every divergence of every game by signature
(:func:`signature`: the kind, the rules named and the known entry matched), a game's first
divergence and the ones met after it (play goes on after an accepted illegal action brought
back in step: ``later`` of a game's result) alike, with their counts and first seed;
:mod:`oracle.shrink` reduces each signature to a minimal replay.
"""

import hashlib
import json
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from rules_oracle.model.core import registry
from rules_oracle.oracle.drive import PROTOCOL_VERSION, DriveError, plan
from rules_oracle.oracle.known import Deviation, for_game
from rules_oracle.oracle.parallel import GameTask, drive_one

CONFIG = "campaign.json"
RESULTS = "results"
#: the settings a campaign keeps (``games`` may grow; the others must stay)
FIXED = ("command", "game", "players", "variant", "seed", "policy", "timeout", "probes",
         "strict_rules", "protocol", "known", "known_digest")


class CampaignError(Exception):
    """A campaign directory that cannot be used as asked (other settings, unreadable)."""


@attrs.frozen
class Settings:
    """What a campaign drives (stored in ``campaign.json``)."""

    command: tuple[str, ...]
    game: str
    games: int
    seed: int = 0
    players: int | None = None
    variant: tuple[tuple[str, str], ...] = ()
    policy: str = "uniform"
    timeout: float = 10.0
    probes: int = 2
    strict_rules: bool = False
    protocol: int = PROTOCOL_VERSION
    #: the known file (its path as given) and the sha256 of its bytes
    known: str | None = None
    known_digest: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"command": list(self.command), "game": self.game, "games": self.games,
                "seed": self.seed, "players": self.players, "variant": dict(self.variant),
                "policy": self.policy, "timeout": self.timeout, "probes": self.probes,
                "strict_rules": self.strict_rules, "protocol": self.protocol,
                "known": self.known, "known_digest": self.known_digest}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Settings":
        return cls(tuple(data["command"]), data["game"], int(data["games"]),
                   int(data["seed"]), data["players"],
                   tuple(sorted(data["variant"].items())), data["policy"],
                   float(data["timeout"]), int(data["probes"]), bool(data["strict_rules"]),
                   int(data["protocol"]), data["known"], data["known_digest"])


def file_digest(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def prepare(directory: str | os.PathLike[str], asked: Settings) -> Settings:
    """The campaign's settings: ``asked`` for a new directory; for an existing one, its
    stored settings with ``games`` raised to ``asked.games`` (an extension). Settings that
    differ from the stored ones (other than ``games``) raise :class:`CampaignError`."""
    folder = Path(directory)
    config = folder / CONFIG
    if config.exists():
        try:
            stored = Settings.from_json(json.loads(config.read_text("utf-8")))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise CampaignError(f"{config}: not a campaign's settings: {exc}") from None
        mine, theirs = asked.to_json(), stored.to_json()
        differ = [k for k in FIXED if mine[k] != theirs[k]]
        if differ:
            shown = "; ".join(f"{k}: {json.dumps(theirs[k])} there, {json.dumps(mine[k])} asked"
                              for k in differ)
            raise CampaignError(f"{folder} is a campaign with other settings ({shown}):"
                                " use another directory")
        settings = attrs.evolve(stored, games=max(stored.games, asked.games))
    else:
        settings = asked
    (folder / RESULTS).mkdir(parents=True, exist_ok=True)
    _write(config, json.dumps(settings.to_json(), indent=2, sort_keys=True) + "\n")
    return settings


def _write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (an interrupted write leaves nothing)."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, "utf-8")
    os.replace(partial, path)


def result_path(directory: str | os.PathLike[str], game: str, seed: int) -> Path:
    return Path(directory) / RESULTS / f"{game}-{seed}.json"


def tasks(settings: Settings, known: Sequence[Deviation] = ()) -> list[GameTask]:
    """The campaign's games, in order (``oracle drive``'s plan for its seeds)."""
    game = registry.get(settings.game)
    mine = tuple(for_game(known, game.name))
    return [GameTask(settings.command, game, config, seed, settings.policy, settings.timeout,
                     settings.probes, settings.strict_rules, settings.protocol,
                     known=mine)
            for config, seed in plan(game, settings.players, settings.games, settings.seed,
                                     dict(settings.variant))]


def load_results(directory: str | os.PathLike[str], settings: Settings) -> list[dict[str, Any]]:
    """The results stored for the campaign's seeds, in seed order (missing ones left out)."""
    out = []
    for i in range(settings.games):
        path = result_path(directory, settings.game, settings.seed + i)
        if path.exists():
            try:
                out.append(json.loads(path.read_text("utf-8")))
            except ValueError:  # a result cut short by a crash of the machine: played again
                continue
    return out


def run(directory: str | os.PathLike[str], settings: Settings, executor: Any,
        known: Sequence[Deviation] = (),
        progress: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """Play the seeds of the campaign that have no result yet on ``executor`` (each result
    written as its game ends, ``progress`` called with it), and give every result."""
    planned = tasks(settings, known)
    pending = [t for t in planned
               if not _readable(result_path(directory, settings.game, t.seed))]

    def done(index: int, result: Any) -> None:
        if result.error is not None:
            return
        data = {**result.run.to_json(), "requests": result.requests}
        _write(result_path(directory, settings.game, pending[index].seed),
               json.dumps(data, sort_keys=True) + "\n")
        if progress is not None:
            progress(data)

    results = executor.map(drive_one, pending, done=done)
    for result in results:
        if result.error is not None:
            raise DriveError(result.error)
    return load_results(directory, settings)


def _readable(path: Path) -> bool:
    if not path.exists():
        return False
    try:
        json.loads(path.read_text("utf-8"))
    except ValueError:
        return False
    return True


# -- the report ------------------------------------------------------------------------------


def signature(divergence: Mapping[str, Any]) -> tuple[str, tuple[str, ...], str | None]:
    """What makes two divergences the same: the kind, the rules named (the rule and the
    rules at stake) and the known entry matched."""
    named = list(divergence.get("rules") or ())
    if divergence.get("rule") and divergence["rule"] not in named:
        named.insert(0, divergence["rule"])
    return divergence["kind"], tuple(named), divergence.get("known")


def shown(sig: tuple[str, tuple[str, ...], str | None]) -> str:
    kind, rules, known = sig
    return (f"{kind} [{', '.join(rules) or 'no rule named'}]"
            + ("" if known is None else f" (known: {known})"))


def divergences_of(result: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Every divergence of a game's result, in order: its first, then the ones met after it
    (``later``)."""
    first = result.get("divergence")
    return ([] if first is None else [first]) + list(result.get("later") or ())


@attrs.frozen
class Group:
    """The divergences of one signature in a campaign."""

    signature: tuple[str, tuple[str, ...], str | None]
    #: the games showing it (a game counted once however often it shows there)
    count: int
    first_seed: int
    seeds: tuple[int, ...]
    #: the first game's result (its actions, players and variant: what shrinking starts from)
    first: Mapping[str, Any]
    #: the divergences of this signature over every game (a game may show it more than once)
    divergences: int = 0
    #: the other known entries that explained a step of this signature with its entry
    #: (``also`` of its divergences), sorted
    also: tuple[str, ...] = ()

    def known_shown(self) -> str:
        """The known entry, with those that explained some of its steps with it."""
        known = self.signature[2]
        if known is None:
            return "-"
        return " + ".join((known, *self.also))

    def to_json(self) -> dict[str, Any]:
        kind, rules, known = self.signature
        return {"kind": kind, "rules": list(rules), "known": known, "also": list(self.also),
                "count": self.count, "divergences": self.divergences,
                "first_seed": self.first_seed, "seeds": list(self.seeds[:20])}


@attrs.frozen
class Summary:
    """A campaign's verdict over its results."""

    games: int
    conforming: int
    known: int
    diverging: int
    groups: tuple[Group, ...]
    absorbed: tuple[tuple[str, int], ...]
    requests: int
    #: every game's result, in seed order
    results: tuple[Mapping[str, Any], ...] = ()

    @property
    def status(self) -> str:
        """As ``oracle drive`` says it: ``conforms``, ``known`` or ``diverges``."""
        if self.diverging:
            return "diverges"
        return "known" if self.known else "conforms"

    @property
    def passes(self) -> bool:
        return not self.diverging

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "games": self.games, "conforming": self.conforming,
                "known": self.known, "diverging": self.diverging,
                "signatures": [g.to_json() for g in self.groups],
                "absorbed": dict(self.absorbed), "requests": self.requests}


def summarize(results: Sequence[Mapping[str, Any]]) -> Summary:
    """The verdict over ``results`` (in seed order): counts by status, every divergence of
    every game (its first and the later ones) grouped by signature (most games first, then
    by first seed) and what each known entry absorbed."""
    found: dict[tuple[str, tuple[str, ...], str | None], list[Mapping[str, Any]]] = {}
    seen: dict[tuple[str, tuple[str, ...], str | None], int] = {}
    also: dict[tuple[str, tuple[str, ...], str | None], set[str]] = {}
    absorbed: dict[str, int] = {}
    for r in results:
        for ident, count in r.get("tolerated", {}).items():
            absorbed[ident] = absorbed.get(ident, 0) + count
        if r["divergence"] is not None and r.get("known") is not None:
            # with the entries explaining its step with it
            for ident in (r["known"], *r["divergence"].get("also", ())):
                absorbed[ident] = absorbed.get(ident, 0) + 1
        for later in r.get("later") or ():  # after an accepted illegal action, play went on
            if later.get("known") is not None:
                for ident in (later["known"], *later.get("also", ())):
                    absorbed[ident] = absorbed.get(ident, 0) + 1
        for divergence in divergences_of(r):
            sig = signature(divergence)
            seen[sig] = seen.get(sig, 0) + 1
            also.setdefault(sig, set()).update(divergence.get("also") or ())
            games = found.setdefault(sig, [])
            if not games or games[-1] is not r:
                games.append(r)
    groups = [Group(sig, len(rs), rs[0]["seed"], tuple(r["seed"] for r in rs), rs[0],
                    seen[sig], tuple(sorted(also[sig])))
              for sig, rs in found.items()]
    groups.sort(key=lambda g: (-g.count, g.first_seed))
    statuses = [r["status"] for r in results]
    return Summary(len(results), statuses.count("conforms"), statuses.count("known"),
                   statuses.count("diverges"), tuple(groups), tuple(sorted(absorbed.items())),
                   sum(int(r.get("requests", 0)) for r in results), tuple(results))
