"""Conformance vectors: single steps with their expected outcome, for any language.

A vector is a state before a step (canonical JSON and digest), one action,
and what the model says: the state after it (canonical JSON and digest) or
the id of the rule that forbids it. :func:`generate` draws vectors from
seeded play (every player count and every variant reading in turn under the
``uniform`` and the ``eager`` play policy, then under the coverage-steering
``steer``), each naming the rule ids it exercises:

* for each action type up to ``count`` legal steps;
* for each rule id up to ``count`` legal steps that show it: first steps
  that show its effect (``Game.effect_rules``), then steps that meet the
  conditions the rule sets (the rules the guard of its kind encodes in the
  game's Z3 encoding, when it has one);
* for each rule id that a rejected action names up to ``count`` rejections,
  first actions legal in another state of play under the same configuration
  and broken here by that one rule (tag ``legal-elsewhere``), then other
  mutations of legal actions (as :class:`oracle.drive.Prober` builds them);
* up to ``count`` steps that change a score (``scoring``), that end a phase or
  round (``end-of-phase``: the state's ``stage``, ``phase`` or ``round``
  changes) and that end the game (``end-of-game``).

A step already chosen is not repeated. Rule ids no vector names are
reported. :func:`verify_file` re-checks a vector file against the model.

The file format is described in docs/vectors.md; its JSON Schema is
``oracle/schema/vectors.schema.json``.
"""

import json
import random
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import attrs

from rules_oracle.model.core import registry
from rules_oracle.model.core.canon import (
    canonical_text,
    digest_of,
    error_paths,
    structure,
    unstructure,
)
from rules_oracle.model.core.errors import ConfigError, IllegalAction
from rules_oracle.model.core.game import TERMINAL, Config, Game
from rules_oracle.model.core.play import POLICIES, STEER, Steering, Step, choose, playout
from rules_oracle.oracle.diff import FieldDiff, clip, field_diff, show
from rules_oracle.oracle.drive import Prober
from rules_oracle.oracle.reading import (
    InputError,
    Validator,
    decode,
    loads,
    read_file,
    schema_error,
)
from rules_oracle.oracle.trace import dumps, generator
from rules_oracle.properties.generic import legal_set, variant_configs
from rules_oracle.properties.registry import invariants

FORMAT = "rules-oracle-vectors"
VERSION = 1
#: the longest message of a vector's re-check
MAX_MESSAGE = 300


class VectorError(Exception):
    """A vector file that cannot be read: not JSON, or not valid against the schema."""


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a vector file."""
    text = (Path(__file__).parent / "schema" / "vectors.schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


# -- generation --------------------------------------------------------------------------


#: the tags of a vector: what its step is (see the module docstring)
TAGS = ("scoring", "end-of-phase", "end-of-game", "legal-elsewhere")
#: state fields whose change ends a phase (those the state has)
PHASE_FIELDS = ("stage", "phase", "round")


@attrs.frozen
class _Candidate:
    config: Config
    state: Any
    action: Any
    #: the state after the action, or the rejection
    result: Any
    seed: int
    policy: str
    step: int
    #: the rule ids the step exercises, and its tags
    rules: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()

    @property
    def key(self) -> tuple[Any, ...]:
        return (self.config, self.seed, self.policy, self.step, self.action)


@attrs.define
class _Reservoir:
    """Up to ``size`` candidates drawn uniformly from all offered, by a seeded generator."""

    size: int
    seen: int = 0
    kept: list[_Candidate] = attrs.field(factory=list)

    def offer(self, rng: random.Random, candidate: _Candidate) -> None:
        self.seen += 1
        if len(self.kept) < self.size:
            self.kept.append(candidate)
            return
        j = rng.randrange(self.seen)
        if j < self.size:
            self.kept[j] = candidate


@attrs.frozen
class VectorSet:
    """The vectors of one game and what they cover."""

    game: str
    seed: int
    games: int
    count: int
    vectors: tuple[dict[str, Any], ...]
    #: action types with a legal vector, and those without one
    types_covered: tuple[str, ...]
    types_uncovered: tuple[str, ...]
    #: rule ids named by a vector, and registered rule ids no vector names
    rules_covered: tuple[str, ...]
    rules_uncovered: tuple[str, ...]
    #: rule ids named by a rejection, and by a legal step (the two may overlap)
    rules_rejected: tuple[str, ...] = ()
    rules_shown: tuple[str, ...] = ()

    def coverage(self) -> dict[str, Any]:
        tags = {t: sum(1 for v in self.vectors if t in v.get("tags", ())) for t in TAGS}
        return {
            "action_types": {"covered": list(self.types_covered),
                             "uncovered": list(self.types_uncovered)},
            "rules": {"covered": list(self.rules_covered),
                      "uncovered": list(self.rules_uncovered),
                      "by_rejection": list(self.rules_rejected),
                      "by_legal_step": list(self.rules_shown)},
            "tags": tags,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "version": VERSION, "game": self.game, "generator": generator(),
            "seed": self.seed, "games": self.games, "count": self.count,
            "coverage": self.coverage(), "vectors": list(self.vectors),
        }


def plan(game: Game[Any, Any], games: int | None, seed: int) -> list[tuple[Config, str, int]]:
    """The seeded games played: every configuration of ``variant_configs`` under the
    ``uniform`` and the ``eager`` policy in turn, then (a third of the games, rounded down)
    under the coverage-steering ``steer``; by default two games a configuration (at least
    10) and one more each under ``steer`` (at least 5)."""
    return list(_plan(game, games, seed)[1])


def _plan(game: Game[Any, Any], games: int | None, seed: int
          ) -> tuple[int, Iterator[tuple[Config, str, int]]]:
    """How many games :func:`plan` plays, and the games one at a time (any number)."""
    configs = variant_configs(game)
    c = len(configs)
    total = games if games is not None else max(10, 2 * c) + max(5, c)
    steered = total // 3
    plain = total - steered  # by default two a configuration, as before ``steer`` came

    def one(i: int) -> tuple[Config, str, int]:
        if i < plain:
            return configs[(i // len(POLICIES)) % c], POLICIES[i % len(POLICIES)], seed + i
        return configs[(i - plain) % c], STEER, seed + i

    return total, (one(i) for i in range(total))


def generate(game: Game[Any, Any], *, seed: int = 0, count: int = 2, games: int | None = None,
             probes: int = 6, progress: Callable[[str, int, int], None] | None = None
             ) -> VectorSet:
    """Vectors from seeded play; the same arguments give the same vectors in every process.

    ``progress(name, done, total)`` is called after each seeded game played."""
    rng = random.Random(f"vectors/{game.name}/{seed}")
    legal_keep: dict[str, _Reservoir] = {}
    rule_keep: dict[str, _Reservoir] = {}
    guard_keep: dict[str, _Reservoir] = {}
    tag_keep: dict[str, _Reservoir] = {}
    illegal_keep: dict[str, _Reservoir] = {}
    looks_keep: dict[str, _Reservoir] = {}
    #: actions legal in some state of play so far, per configuration
    seen_legal: dict[Config, set[Any]] = {}
    guard_rules = _guard_rules(game)
    total, planned = _plan(game, games, seed)
    prober = Prober(game, random.Random(f"probes/{game.name}/{seed}"))

    def offer(boxes: dict[str, _Reservoir], key: str, candidate: _Candidate) -> None:
        boxes.setdefault(key, _Reservoir(count)).offer(rng, candidate)

    for played, (config, policy, game_seed) in enumerate(planned, start=1):
        play = random.Random(game_seed)
        state = game.setup(config)
        bound = game.max_steps(config)
        legal_here = seen_legal.setdefault(config, set())
        steering = Steering(game) if policy == STEER else None
        step = 0
        while True:
            who = game.actor(state)
            legal = legal_set(game, state)
            found = prober.probes(state, legal, probes)
            for action, _data, exc in found:
                looks = action in legal_here
                offer(looks_keep if looks else illegal_keep, exc.rule, _Candidate(
                    config, state, action, exc, game_seed, policy, step, (exc.rule,),
                    ("legal-elsewhere",) if looks else ()))
            if who == TERMINAL or step >= bound:
                break
            prober.remember(legal)
            if len(legal_here) < 100_000:
                legal_here.update(legal)
            if steering is None:
                action = choose(game, state, play, policy)
            else:
                action = steering.choose(state, play)
            new = game.apply(state, action)
            effects = game.effect_rules(state, action, new)
            if steering is not None:
                steering.shown.update(effects)
            rules = tuple(dict.fromkeys((*guard_rules(state, action), *effects)))
            tags = _step_tags(game, state, new)
            candidate = _Candidate(config, state, action, new, game_seed, policy, step, rules,
                                   tags)
            offer(legal_keep, type(action).__name__, candidate)
            for rid in rules:  # a step showing the rule's effect before one meeting its guard
                offer(rule_keep if rid in effects else guard_keep, rid, candidate)
            for tag in tags:
                offer(tag_keep, tag, candidate)
            state = new
            step += 1
        if progress is not None:
            progress(f"{game.name} seeded games", played, total)
    return _assemble(game, seed, total, count, legal_keep, rule_keep, guard_keep, tag_keep,
                     illegal_keep, looks_keep)


def _step_tags(game: Game[Any, Any], state: Any, new: Any) -> tuple[str, ...]:
    tags: list[str] = []
    if game.scores(new) != game.scores(state):
        tags.append("scoring")
    if any(getattr(state, f, None) != getattr(new, f, None) for f in PHASE_FIELDS):
        tags.append("end-of-phase")
    if game.actor(new) == TERMINAL:
        tags.append("end-of-game")
    return tuple(tags)


def _guard_rules(game: Game[Any, Any]) -> Callable[[Any, Any], tuple[str, ...]]:
    """The rule ids the guard of a step's kind encodes, by the game's Z3 encoding (none
    for a game without one)."""
    try:
        from rules_oracle.solver.registry import encoding

        enc = encoding(game.name)
    except ImportError:
        return lambda state, action: ()
    tables: dict[int, dict[str, tuple[str, ...]]] = {}

    def rules(state: Any, action: Any) -> tuple[str, ...]:
        n = game.config_of(state).players
        table = tables.get(n)
        if table is None:
            table = tables[n] = {k.name: k.rules for k in enc.kinds(n)}
        if not enc.covers(game.config_of(state)):
            return ()
        kind, _params = enc.classify(state, action)
        return tuple(r for r in table.get(kind, ()) if r in game.rules)

    return rules


def _assemble(game: Game[Any, Any], seed: int, games: int, count: int,
              legal_keep: dict[str, _Reservoir], rule_keep: dict[str, _Reservoir],
              guard_keep: dict[str, _Reservoir], tag_keep: dict[str, _Reservoir],
              illegal_keep: dict[str, _Reservoir], looks_keep: dict[str, _Reservoir]
              ) -> VectorSet:
    vectors: list[dict[str, Any]] = []
    emitted: set[tuple[Any, ...]] = set()
    type_names = [cls.__name__ for cls in game.action_types]
    rule_ids = list(game.rules.ids)
    order = {rid: i for i, rid in enumerate(rule_ids)}

    def emit(prefix: str, kept: list[_Candidate], limit: int, keep_order: bool = False
             ) -> None:
        made = 0
        for c in kept if keep_order else _ordered(kept):
            if made >= limit or c.key in emitted:
                continue
            emitted.add(c.key)
            made += 1
            vectors.append(_vector(game, f"{prefix}/{made}", c))

    def by_rule(boxes: dict[str, _Reservoir]) -> list[str]:
        return sorted(boxes, key=lambda r: (order.get(r, len(order)), r))

    for name in type_names:
        if name in legal_keep:
            emit(f"legal/{name}", legal_keep[name].kept, count)
    for rid in by_rule({**guard_keep, **rule_keep}):
        shows = [*_ordered(rule_keep[rid].kept if rid in rule_keep else []),
                 *_ordered(guard_keep[rid].kept if rid in guard_keep else [])]
        emit(f"rule/{rid}", shows, count, keep_order=True)
    for tag in TAGS:
        if tag in tag_keep:
            emit(tag, tag_keep[tag].kept, count)
    for rid in by_rule({**illegal_keep, **looks_keep}):
        kept = [*_ordered(looks_keep[rid].kept if rid in looks_keep else []),
                *_ordered(illegal_keep[rid].kept if rid in illegal_keep else [])]
        emit(f"illegal/{rid}", kept, count, keep_order=True)
    named: set[str] = set()
    rejected: set[str] = set()
    for v in vectors:
        named.update(v["rules"])
        if "rule" in v["expect"]:
            rejected.add(v["expect"]["rule"])
    shown = {r for v in vectors if "post_state" in v["expect"] for r in v["rules"]}
    return VectorSet(
        game.name, seed, games, count, tuple(vectors),
        tuple(n for n in type_names if n in legal_keep),
        tuple(n for n in type_names if n not in legal_keep),
        tuple(r for r in rule_ids if r in named),
        tuple(r for r in rule_ids if r not in named),
        tuple(r for r in rule_ids if r in rejected),
        tuple(r for r in rule_ids if r in shown),
    )


def _ordered(kept: list[_Candidate]) -> list[_Candidate]:
    return sorted(kept, key=lambda c: (c.seed, c.step))


def _vector(game: Game[Any, Any], local: str, c: _Candidate) -> dict[str, Any]:
    pre = unstructure(c.state)
    expect: dict[str, Any]
    if isinstance(c.result, IllegalAction):
        expect = {"rule": c.result.rule}
    else:
        post = unstructure(c.result)
        expect = {"post_state": post, "post_digest": digest_of(post)}
    return {
        "id": f"{game.name}:{local}",
        "game": game.name,
        "players": c.config.players,
        "variant": dict(c.config.variant),
        "pre_state": pre,
        "pre_digest": digest_of(pre),
        "action": unstructure(c.action),
        "expect": expect,
        "rules": list(c.rules),
        "tags": list(c.tags),
        "origin": {"seed": c.seed, "policy": c.policy, "step": c.step},
    }


def write(vectors: VectorSet, out_dir: str | Path) -> Path:
    """Write ``DIR/GAME.vectors.json`` (canonical text, one vector per line); returns its path."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{vectors.game}.vectors.json"
    data = vectors.to_json()
    body = ",\n".join(dumps(v) for v in data.pop("vectors"))
    head = dumps(data)[:-1]
    path.write_text(f'{head},"vectors":[\n{body}\n]}}\n', encoding="utf-8")
    return path


# -- verification --------------------------------------------------------------------------


@attrs.frozen
class VectorResult:
    """The re-check of one vector: ``ok``, ``fails`` (the model disagrees) or ``bad``."""

    id: str
    status: str
    message: str = ""
    diffs: tuple[FieldDiff, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "status": self.status, "message": self.message,
                "diffs": [d.to_json() for d in self.diffs]}


@attrs.frozen
class FileReport:
    path: str
    game: str
    results: tuple[VectorResult, ...]
    coverage: dict[str, Any]

    @property
    def ok(self) -> bool:
        return all(r.status == "ok" for r in self.results)

    def to_json(self) -> dict[str, Any]:
        failed = [r.to_json() for r in self.results if r.status != "ok"]
        return {"path": self.path, "game": self.game, "vectors": len(self.results),
                "ok": sum(1 for r in self.results if r.status == "ok"),
                "status": "current" if self.ok else "stale", "failures": failed,
                "coverage": self.coverage}


def load(path: str | Path) -> dict[str, Any]:
    """A vector file, read by :mod:`oracle.reading` (at most 64 MiB, strict JSON) and
    validated against the schema; :class:`VectorError` otherwise."""
    try:
        with open(path, "rb") as handle:
            raw = read_file(handle)
        data = loads(decode(raw).removeprefix("\ufeff"), multiline=True)
    except OSError as exc:
        raise VectorError(f"cannot read {path}: {exc.strerror or exc}") from None
    except InputError as exc:
        raise VectorError(f"{path}: {exc}") from None
    found = schema_error(_validator(), data)
    if found is not None:
        where, message = found
        raise VectorError(f"{path}: {where}: {clip(message, 200)}")
    loaded: dict[str, Any] = data
    return loaded


@cache
def _validator() -> Any:
    return Validator(schema())


class Origins:
    """The states that seeded play reaches, for checking each vector's ``origin``.

    One replay per game (configuration, seed, policy) serves every vector drawn
    from it when vectors are asked for in increasing step order.
    """

    def __init__(self) -> None:
        self._runs: dict[tuple[str, Config, int, str], tuple[Iterator[Step], int, Any]] = {}

    def state(self, game: Game[Any, Any], config: Config, seed: int, policy: str,
              step: int) -> Any:
        """The state after ``step`` steps of that game; ``None`` if it ends before."""
        key = (game.name, config, seed, policy)
        run = self._runs.get(key)
        if run is None or run[1] > step:
            run = (playout(game, config, seed, policy), 0, game.setup(config))
        steps, index, state = run
        while index < step:
            nxt = next(steps, None)
            if nxt is None:
                self._runs[key] = (steps, index, state)
                return None
            index, state = nxt.index, nxt.state
        self._runs[key] = (steps, index, state)
        return state


def _origin_key(vector: dict[str, Any]) -> tuple[str, str, int, str, int]:
    origin = vector["origin"]
    return (vector["game"], canonical_text([vector["players"], vector["variant"]]), origin["seed"],
            origin["policy"], origin["step"])


def check_vector(vector: dict[str, Any], origins: Origins | None = None) -> VectorResult:
    """Re-check one (schema-valid) vector against the model.

    Beyond the verdict on its action: the pre-state loads, is canonical, has
    its digest and configuration, satisfies the game's invariants
    (``properties.<game>``, when the game has them), and is the state the
    seeded play named by ``origin`` reaches.
    """
    vid = vector["id"]
    try:
        game = registry.get(vector["game"])
    except Exception as exc:
        return _result(vid, "bad", f"unknown game: {exc}")
    try:
        config = game.config(vector["players"], vector["variant"])
    except ConfigError as exc:
        return _result(vid, "bad", str(exc))
    pre_data = vector["pre_state"]
    try:
        state = structure(pre_data, game.state_type)
    except Exception as exc:
        return _result(vid, "bad", f"pre_state: {_first_error(exc)}")
    pre = unstructure(state)
    if dumps(pre) != dumps(pre_data):
        return _result(vid, "bad", "pre_state is not in canonical form", _diffs(pre, pre_data))
    if digest_of(pre) != vector["pre_digest"]:
        return _result(vid, "fails", "pre_digest is not the digest of pre_state")
    if game.config_of(state) != config:
        return _result(vid, "fails", "pre_state carries another configuration than"
                       " players and variant")
    broken = _invariants_broken(game, state)
    if broken is not None:
        return _result(vid, "fails", f"pre_state breaks an invariant of {game.name}: {broken}")
    failed = _origin_differs(vid, game, config, state, pre, vector["origin"],
                             origins or Origins())
    if failed is not None:
        return failed
    types = {cls.__name__: cls for cls in game.action_types}
    data = vector["action"]
    if data["type"] not in types:
        return _result(vid, "bad", f"unknown action type {show(data['type'], 60)}")
    try:
        action = structure(data, types[data["type"]])
    except Exception as exc:
        return _result(vid, "bad", f"action: {_first_error(exc)}")
    expect = vector["expect"]
    try:
        new = game.apply(state, action)
    except IllegalAction as exc:
        if "rule" not in expect:
            return _result(vid, "fails", f"the model rejects the action under {exc.rule}:"
                           f" {exc.message}")
        if exc.rule != expect["rule"]:
            return _result(vid, "fails", f"the model names rule {exc.rule}, not"
                           f" {show(expect['rule'], 80)}")
        return _labels(vid, game, vector, (exc.rule,), None)
    except Exception as exc:
        return _result(vid, "fails", f"the model failed: {exc!r}")
    if "rule" in expect:
        return _result(vid, "fails", f"the model accepts the action (expected rule"
                       f" {show(expect['rule'], 80)})")
    post = unstructure(new)
    if dumps(post) != dumps(expect["post_state"]):
        return _result(vid, "fails", "post_state differs from the model's",
                       _diffs(post, expect["post_state"]))
    if digest_of(post) != expect["post_digest"]:
        return _result(vid, "fails", "post_digest is not the digest of the model's state")
    try:
        rules = tuple(dict.fromkeys((*_guards(game.name)(state, action),
                                     *game.effect_rules(state, action, new))))
        tags = _step_tags(game, state, new)
    except Exception as exc:
        return _result(vid, "fails", f"the model failed naming the step's rules: {exc!r}")
    return _labels(vid, game, vector, rules, tags)


@cache
def _guards(name: str) -> Callable[[Any, Any], tuple[str, ...]]:
    """:func:`_guard_rules` of a registered game, built once per process."""
    return _guard_rules(registry.get(name))


def _labels(vid: str, game: Game[Any, Any], vector: dict[str, Any], rules: tuple[str, ...],
            tags: tuple[str, ...] | None) -> VectorResult:
    """Check a vector's ``rules``, ``tags`` and id against what the model says of its step:
    ``rules`` and ``tags`` as :func:`generate` writes them (a rejection: its rule, and
    ``legal-elsewhere`` or nothing; ``tags`` ``None``), and an id ``GAME:GROUP/N`` whose
    group is what the vector shows (``legal/KIND``, ``rule/ID`` of one of its rules, a tag
    of its, ``illegal/ID`` of its rejection)."""
    written = tuple(vector.get("rules", ()))
    if written != rules:
        return _result(vid, "fails", f"rules: the model names {show(list(rules), 120)} for the"
                       f" step, not {show(list(written), 120)}")
    given = tuple(vector.get("tags", ()))
    allowed = ((), ("legal-elsewhere",)) if tags is None else (tags,)
    if given not in allowed:
        want = " or ".join(show(list(t)) for t in allowed)
        return _result(vid, "fails", f"tags: expected {want} for the step, not"
                       f" {show(list(given), 120)}")
    prefix = f"{game.name}:"
    group, _, number = vid.removeprefix(prefix).rpartition("/")
    head, _, named = group.partition("/")
    shown = {"legal": type_name(vector["action"]) if tags is not None else None,
             "rule": named if tags is not None and named in rules else None,
             "illegal": rules[0] if tags is None else None}
    fits = (vid.startswith(prefix) and number.isascii() and number.isdigit()
            and not number.startswith("0")
            and ((head in shown and named == shown[head])
                 or (tags is not None and group in tags)))
    if not fits:
        return _result(vid, "fails", f"the id {show(vid, 120)} does not say what the vector"
                       f" shows (GAME:legal/KIND/N, GAME:rule/ID/N, GAME:TAG/N or"
                       f" GAME:illegal/ID/N, by its action, rules, tags or rejection)")
    return VectorResult(vid, "ok")


def type_name(action: Any) -> str | None:
    """The type name of an action in canonical JSON."""
    kind = action.get("type") if isinstance(action, dict) else None
    return kind if isinstance(kind, str) else None


def _result(vid: str, status: str, message: str, diffs: tuple[FieldDiff, ...] = ()
            ) -> VectorResult:
    return VectorResult(vid, status, clip(message, MAX_MESSAGE), diffs)


def _invariants_broken(game: Game[Any, Any], state: Any) -> str | None:
    """The first invariant violation of ``state`` (``None``: none, or no invariants)."""
    try:
        checks = invariants(game.name)
    except ModuleNotFoundError:
        return None  # a game without a properties module: nothing to check
    for check in checks:
        try:
            violations = check(state)
        except Exception as exc:
            return f"{getattr(check, '__name__', 'an invariant')} failed: {exc!r}"
        if violations:
            return f"{violations[0].invariant}: {violations[0].message}"
    return None


def _origin_differs(vid: str, game: Game[Any, Any], config: Config, state: Any, pre: Any,
                    origin: dict[str, Any], origins: Origins) -> VectorResult | None:
    seed, policy, step = origin["seed"], origin["policy"], origin["step"]
    command = f"oracle play {game.name} --players {config.players} --seed {seed} --policy {policy}"
    try:
        reached = origins.state(game, config, seed, policy, step)
    except Exception as exc:
        return _result(vid, "fails", f"origin: the model failed replaying `{command}`: {exc!r}")
    if reached is None:
        return _result(vid, "fails", f"origin: `{command}` (with the variant) ends before"
                       f" step {step}")
    if reached != state:
        model = unstructure(reached)
        return _result(vid, "fails", f"pre_state is not the state `{command}` (with the"
                       f" variant) reaches after {step} steps", _diffs(model, pre))
    return None


def _diffs(model: Any, given: Any) -> tuple[FieldDiff, ...]:
    return tuple(field_diff(model, given, limit=10))


def _first_error(exc: BaseException) -> str:
    try:
        return error_paths(exc)[0]
    except Exception:  # pragma: no cover - cattrs gives paths for its own errors
        return str(exc)


def verify_file(path: str | Path) -> FileReport:
    """Re-check every vector of a file; :class:`VectorError` when the file is malformed."""
    data = load(path)
    vectors = data["vectors"]
    results: dict[int, VectorResult] = {}
    seen: set[str] = set()
    for i, vector in enumerate(vectors):
        if vector["id"] in seen:
            results[i] = _result(vector["id"], "bad", "the id is used twice")
        elif vector["game"] != data["game"]:
            results[i] = _result(vector["id"], "bad", f"a vector of {show(vector['game'], 60)}"
                                 f" in the file of {show(data['game'], 60)}")
        seen.add(vector["id"])
    origins = Origins()
    # in the order of their origins, so that one replay per seeded game serves them all
    for i in sorted((i for i in range(len(vectors)) if i not in results),
                    key=lambda i: _origin_key(vectors[i])):
        results[i] = check_vector(vectors[i], origins)
    return FileReport(str(path), data["game"], tuple(results[i] for i in range(len(vectors))),
                      data.get("coverage", {}))


def vector_files(target: str | Path) -> list[Path]:
    """The vector files of a directory (``*.json``, sorted), or the file itself."""
    path = Path(target)
    if path.is_dir():
        files = sorted(path.glob("*.json"))
        if not files:
            raise VectorError(f"no *.json vector files in {target}")
        return files
    if not path.exists():
        raise VectorError(f"{target} not found")
    return [path]


def verify(target: str | Path) -> list[FileReport]:
    """Re-check every vector file of ``target`` (a directory or one file)."""
    return [verify_file(p) for p in vector_files(target)]


def kinds(vectors: Sequence[dict[str, Any]]) -> dict[str, int]:
    """How many vectors expect a post-state (``legal``) and how many a rule (``illegal``)."""
    legal = sum(1 for v in vectors if "post_state" in v["expect"])
    return {"legal": legal, "illegal": len(vectors) - legal}

