"""The kernel: configuration, rule registry, canonical JSON, chance and seeded play."""

import random
from enum import IntEnum
from fractions import Fraction

import attrs
import cattrs
import pytest

from rules_oracle.model.core import (
    CHANCE,
    TERMINAL,
    Config,
    ConfigError,
    IllegalAction,
    RuleBook,
    digest,
    draw_outcomes,
    registry,
    sample,
    structure,
    to_json,
    uniform,
    unstructure,
)
from rules_oracle.model.core.canon import error_paths
from rules_oracle.model.core.play import choose, final_state, playout
from rules_oracle.model.core.rules import normalize, quote_stands
from tests.toygame import GAME, Move, Roll, ToyState


@attrs.frozen(slots=True)
class Leaf:
    n: int
    tags: frozenset[str]


@attrs.frozen(slots=True)
class Other:
    values: tuple[int, ...]
    ratio: Fraction


@attrs.frozen(slots=True)
class Tree:
    items: tuple[Leaf | Other, ...]
    config: Config
    flag: bool = False


def sample_tree() -> Tree:
    return Tree(
        (Leaf(3, frozenset({"b", "a", "c"})), Other((1, 2), Fraction(2, 3))),
        Config(2, (("x", "y"),)),
        True,
    )


def test_canonical_json_sorted_tagged_and_lossless() -> None:
    tree = sample_tree()
    text = to_json(tree)
    assert text.startswith('{"config":{"players":2,"type":"Config"')
    assert '"tags":["a","b","c"]' in text
    assert '"ratio":"2/3"' in text
    assert structure(unstructure(tree), Tree) == tree


def test_digest_is_stable_and_sensitive() -> None:
    tree = sample_tree()
    assert digest(tree) == digest(sample_tree())
    assert len(digest(tree)) == 64
    assert digest(tree) != digest(attrs.evolve(tree, flag=False))


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ({"n": "3", "tags": [], "type": "Leaf"}, "$.items[0]"),
        ({"n": 3, "tags": [], "type": "Leaf", "extra": 1}, "$.items[0]"),
        ({"type": "Nope"}, "$.items[0]"),
        ([1, 2], "$.items[0]"),
    ],
)
def test_structuring_is_strict_and_names_the_field(data: object, fragment: str) -> None:
    good = unstructure(sample_tree())
    good["items"][0] = data
    with pytest.raises(cattrs.BaseValidationError) as info:
        structure(good, Tree)
    assert any(fragment in p for p in error_paths(info.value))


@pytest.mark.parametrize("bad", [True, 1.5, "7"])
def test_strict_scalars(bad: object) -> None:
    data = unstructure(Leaf(1, frozenset()))
    data["n"] = bad
    with pytest.raises(cattrs.BaseValidationError):
        structure(data, Leaf)


@pytest.mark.parametrize(
    ("data", "cl", "index"),
    [([1, True], tuple[int, ...], 1), ([1, "2"], tuple[int, ...], 1),
     ([True, 0], tuple[bool, ...], 1), (["a", 1], tuple[str, ...], 1)],
)
def test_scalar_tuples_read_in_one_pass_and_name_a_bad_item(
        data: list[object], cl: type, index: int) -> None:
    """``tuple[int, ...]`` (of bool, of str) is read from a list of exactly that type in
    one pass, and anything else as cattrs reads it, naming the bad item."""
    assert structure([3, 4], tuple[int, ...]) == (3, 4)
    assert structure([True], tuple[bool, ...]) == (True,)
    assert structure(["x"], tuple[str, ...]) == ("x",)
    with pytest.raises(cattrs.BaseValidationError) as info:
        structure(data, cl)
    assert any(f"[{index}]" in p for p in error_paths(info.value))


class Level(IntEnum):
    LOW = 0
    HIGH = 1


@attrs.frozen(slots=True)
class Gauge:
    level: Level


def test_an_int_enum_writes_its_number_and_reads_back_a_member_from_one() -> None:
    """An ``IntEnum`` field is its number in the canonical text, and reads back as the
    member from exactly one of its numbers: not ``True`` for 1, ``"1"``, 1.0 or 2."""
    assert to_json(Gauge(Level.HIGH)) == '{"level":1,"type":"Gauge"}'
    back = structure({"level": 1, "type": "Gauge"}, Gauge)
    assert back.level is Level.HIGH
    for bad, said in ((True, "expected an integer, got True"), ("1", "expected an integer"),
                      (1.0, "expected an integer"), (2, "2 is not a valid Level")):
        with pytest.raises(cattrs.BaseValidationError) as info:
            structure({"level": bad, "type": "Gauge"}, Gauge)
        assert any(said in p and p.endswith("@ $.level") for p in error_paths(info.value))


def test_wrong_tag_and_non_object_rejected() -> None:
    with pytest.raises(ValueError, match="expected type='Leaf'") as info:
        structure({"type": "Other", "values": [], "ratio": "1/2"}, Leaf)
    assert error_paths(info.value) == ["expected type='Leaf', got 'Other' @ $"]
    with pytest.raises(TypeError):
        structure("x", Leaf)
    with pytest.raises(cattrs.BaseValidationError) as group:
        structure({"type": "Other", "values": [], "ratio": 5}, Other)
    assert error_paths(group.value) == ["expected a fraction 'p/q', got 5 @ $.ratio"]
    with pytest.raises(cattrs.BaseValidationError):
        data = unstructure(sample_tree())
        data["flag"] = 1
        structure(data, Tree)
    with pytest.raises(cattrs.BaseValidationError):
        data = unstructure(Leaf(1, frozenset({"a"})))
        data["tags"] = [1]
        structure(data, Leaf)


def test_rulebook_registers_and_rejects_duplicates() -> None:
    book = RuleBook("g", "f.txt")
    rid = book.rule("a.b", "quote", "summary")
    assert rid == "g/a.b" and rid in book and book[rid].file == "f.txt"
    assert book.ids == (rid,) and len(book) == 1 and [r.id for r in book] == [rid]
    with pytest.raises(ValueError, match="duplicate rule"):
        book.rule("a.b", "q", "s")
    err = book.illegal(rid, "no")
    assert isinstance(err, IllegalAction) and err.rule == rid and "no" in str(err)
    with pytest.raises(KeyError):
        book.illegal("g/missing", "x")


def test_ambiguity_registry_and_options() -> None:
    book = RuleBook("g", "f.txt")
    aid = book.ambiguity(
        "gap", quote="q", question="which?", readings={"one": "1", "two": "2"},
        default="one", why="because", source="project default", option="gap-reading",
    )
    amb = book.get_ambiguity(aid)
    assert amb.reading("two").summary == "2"
    with pytest.raises(KeyError):
        amb.reading("three")
    assert book.options() == {"gap-reading": amb}
    assert book.ambiguities == (amb,)
    with pytest.raises(ValueError, match="duplicate ambiguity"):
        book.ambiguity("gap", quote="q", question="?", readings={"a": ""}, default="a",
                       why="", source="")
    with pytest.raises(ValueError, match="not a reading"):
        book.ambiguity("gap2", quote="q", question="?", readings={"a": ""}, default="b",
                       why="", source="")
    with pytest.raises(ValueError, match="already used"):
        book.ambiguity("gap3", quote="q", question="?", readings={"a": ""}, default="a",
                       why="", source="", option="gap-reading")


def test_quote_matching_folds_whitespace() -> None:
    assert normalize(" a\n  b\tc ") == "a b c"
    assert quote_stands("Первый  обмен\nбесплатный", "x Первый обмен бесплатный y")
    assert not quote_stands("обмен платный", "Первый обмен бесплатный")


def test_config_validation_fills_defaults() -> None:
    assert GAME.config(2) == Config(2, ())
    with pytest.raises(ConfigError, match="2 to 3 players"):
        GAME.config(4)
    with pytest.raises(ConfigError, match=r"unknown variant.*has no variant options"):
        GAME.config(2, {"nope": "x"})
    with pytest.raises(KeyError):
        Config(2, ()).option("nope")
    assert Config(2, (("a", "b"),)).option("a") == "b"


def test_config_options_are_read_per_configuration(monkeypatch: pytest.MonkeyPatch) -> None:
    """A configuration's options are read from a table made once per configuration: each
    configuration answers its own values (the first pair naming an option), also an equal
    one and past the memory's bound."""
    from rules_oracle.model.core import game as core_game

    # a memory of its own: other tests in this process may have filled the shared one to
    # its bound, which a lookup below would then clear
    monkeypatch.setattr(core_game, "_OPTIONS", {})
    one, other = Config(2, (("a", "b"), ("c", "d"))), Config(2, (("a", "x"), ("a", "y")))
    assert one.option("a") == "b" and one.option("c") == "d" and other.option("a") == "x"
    assert core_game._OPTIONS[id(one)][0] is one
    with pytest.raises(KeyError, match="'e'"):
        one.option("e")
    monkeypatch.setattr(core_game, "OPTION_TABLES", 2)
    configs = [Config(2, (("a", str(i)),)) for i in range(6)]
    assert [c.option("a") for c in configs] == [str(i) for i in range(6)]
    assert len(core_game._OPTIONS) <= 2
    assert one.option("a") == "b" and Config(2, (("a", "b"), ("c", "d"))).option("c") == "d"


def test_config_with_options() -> None:
    class Variant(type(GAME)):  # type: ignore[misc]
        rules = RuleBook("v", "v.txt")
        extra_options = {"speed": ("slow", ("slow", "fast"))}  # noqa: RUF012

    Variant.rules.ambiguity("q", quote="q", question="?", readings={"a": "", "b": ""},
                            default="a", why="", source="", option="opt")
    game = Variant()
    assert game.config(2).variant == (("opt", "a"), ("speed", "slow"))
    assert game.config(2, {"opt": "b", "speed": "fast"}).option("opt") == "b"
    with pytest.raises(ConfigError, match="readings are a, b"):
        game.config(2, {"opt": "c"})
    with pytest.raises(ConfigError, match="allowed are slow, fast"):
        game.config(2, {"speed": "warp"})
    with pytest.raises(ConfigError) as info:
        game.config(2, {"sped": "fast"})
    assert str(info.value) == ("unknown variant option(s): sped; toy has options opt=a|b,"
                               " speed=slow|fast (default first)")


def test_chance_helpers_exact() -> None:
    outcomes = draw_outcomes([("a", 2), ("b", 0), ("c", 1)], lambda k: k)
    assert outcomes == (("a", Fraction(2, 3)), ("c", Fraction(1, 3)))
    assert uniform(["x", "y"]) == (("x", Fraction(1, 2)), ("y", Fraction(1, 2)))
    with pytest.raises(ValueError):
        draw_outcomes([("a", 0)], lambda k: k)
    with pytest.raises(ValueError):
        uniform([])
    rng = random.Random(7)
    counts = {"a": 0, "c": 0}
    for _ in range(3000):
        counts[sample(outcomes, rng)] += 1
    assert 1800 < counts["a"] < 2200
    mixed = ((1, Fraction(1, 2)), (2, Fraction(1, 3)), (3, Fraction(1, 6)))
    assert {sample(mixed, random.Random(s)) for s in range(50)} == {1, 2, 3}


def test_playout_is_seeded_and_ends() -> None:
    config = GAME.config(3)
    first = [digest(s.state) for s in playout(GAME, config, 11)]
    second = [digest(s.state) for s in playout(GAME, config, 11)]
    assert first == second and len(first) <= GAME.max_steps(config)
    end = final_state(GAME, config, 11)
    assert GAME.is_terminal(end) and GAME.actor(end) == TERMINAL
    with pytest.raises(ValueError, match="over"):
        choose(GAME, end, random.Random(0))
    assert GAME.config_of(end) == config
    with pytest.raises(TypeError):
        GAME.config_of(object())


def test_choose_given_the_actor_chooses_what_it_does_asking_it() -> None:
    """``playout`` hands ``choose`` the actor it asked: the same choice, chance steps and
    player steps alike, and the same terminal refusal."""
    config = GAME.config(2)
    for step in playout(GAME, config, 5):
        state = step.state
        who = GAME.actor(state)
        if who == TERMINAL:
            with pytest.raises(ValueError, match="over"):
                choose(GAME, state, random.Random(0), who=who)
            continue
        for seed in range(3):
            assert choose(GAME, state, random.Random(seed), who=who) \
                == choose(GAME, state, random.Random(seed))


def test_playout_bound_is_enforced() -> None:
    class Endless(type(GAME)):  # type: ignore[misc]
        def max_steps(self, config: Config) -> int:
            return 3

    with pytest.raises(RuntimeError, match="no end after 3 steps"):
        list(playout(Endless(), GAME.config(2), 0))


def test_toy_actor_and_rejections() -> None:
    state = GAME.setup(GAME.config(2))
    assert GAME.actor(state) == CHANCE and GAME.legal_actions(state) == ()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, Move(1))
    assert info.value.rule == "toy/roll.chance"
    rolled = GAME.apply(state, Roll(2))
    assert GAME.chance_outcomes(rolled) == ()
    assert GAME.legal_actions(rolled) == (Move(0), Move(1), Move(2))
    with pytest.raises(IllegalAction) as info:
        GAME.apply(rolled, Move(3))
    assert info.value.rule == "toy/move.within-roll"
    done = ToyState(state.config, (6, 0), 3, 0)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(done, Roll(1))
    assert info.value.rule == "toy/game.over"
    assert GAME.winners(done) == (0,) and GAME.scores(done) == (6, 0)


def test_registry_finds_and_rejects_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    monkeypatch.setattr(registry, "_loaded", dict(registry._loaded))
    registry.register("toy", "tests.toygame:GAME")
    assert registry.get("toy") is GAME
    assert "toy" in registry.names()
    with pytest.raises(KeyError, match="unknown game"):
        registry.get("nonesuch")
    registry.register("broken", "tests.toygame:RULES")
    with pytest.raises(TypeError, match="not a Game"):
        registry.get("broken")
    registry.register("absent", "rules_oracle.model.nonesuch.game:GAME")
    assert "absent" not in registry.names()


def test_eager_policy_uses_weights_and_falls_back_to_uniform() -> None:
    class Lazy(type(GAME)):  # type: ignore[misc]
        def policy_weights(self, state: ToyState, actions: tuple[Move, ...]) -> tuple[int, ...]:
            return tuple(1 if a.steps == 0 else 0 for a in actions)

    lazy, config = Lazy(), GAME.config(2)
    moves = [s.action for s in playout(lazy, config, 5, "eager") if isinstance(s.action, Move)]
    assert moves and all(m.steps == 0 for m in moves)
    uniform_moves = [s.action for s in playout(lazy, config, 5) if isinstance(s.action, Move)]
    assert any(m.steps > 0 for m in uniform_moves)
    # a game without weights plays eager exactly as uniform
    assert GAME.policy_weights(GAME.setup(config), ()) is None
    assert final_state(GAME, config, 3, "eager") == final_state(GAME, config, 3)
    with pytest.raises(ValueError, match="unknown policy"):
        final_state(GAME, config, 3, "greedy")

    class Broken(type(GAME)):  # type: ignore[misc]
        def policy_weights(self, state: ToyState, actions: tuple[Move, ...]) -> tuple[int, ...]:
            return (0,) * len(actions)

    with pytest.raises(ValueError, match="bad policy weights"):
        final_state(Broken(), config, 3, "eager")


@attrs.frozen(slots=True)
class Pairs:
    pairs: tuple[tuple[str, int], ...]
    pair: tuple[int, str]


def test_unstructured_data_is_plain_json() -> None:
    import json

    value = Pairs((("a", 1), ("b", 2)), (3, "c"))
    data = unstructure(value)
    assert data == json.loads(to_json(value))
    assert data["pairs"] == [["a", 1], ["b", 2]] and data["pair"] == [3, "c"]
    assert unstructure(Config(2, (("x", "y"),)))["variant"] == [["x", "y"]]
    assert structure(data, Pairs) == value


def test_find_rule_across_games() -> None:
    found = registry.find_rule("crafts/market.exchange")
    assert found is not None and found.file.endswith(".txt") and found.quote
    assert registry.find_rule("crafts/no.such-rule") is None
    assert registry.find_rule("nonesuch/rule") is None
    book = RuleBook("g", "f.txt")
    rid = book.rule("r", "q", "s")
    assert book.get(rid) is book[rid] and book.get("g/other") is None


def test_uniform_outcomes_sample_as_the_general_path_does() -> None:
    shared = uniform(list(range(36)))
    separate = tuple((a, Fraction(1, 36)) for a in range(36))  # distinct objects: general path
    for seed in range(200):
        assert sample(shared, random.Random(seed)) == sample(separate, random.Random(seed))


def test_ambiguity_kinds() -> None:
    book = RuleBook("g", "f.txt")
    chosen = book.get_ambiguity(book.ambiguity(
        "a", quote="q", question="?", readings={"x": "", "y": ""}, default="x", why="",
        source="", option="a-opt"))
    blocked = book.get_ambiguity(book.ambiguity(
        "b", quote="q", question="?", readings={"x": "", "y": ""}, default="x", why="",
        source="", unselectable="y never ends"))
    alike = book.get_ambiguity(book.ambiguity(
        "c", quote="q", question="?", readings={"x": "", "y": ""}, default="x", why="",
        source=""))
    single = book.get_ambiguity(book.ambiguity(
        "d", quote="q", question="?", readings={"x": ""}, default="x", why="", source=""))
    assert [a.kind for a in (chosen, blocked, alike, single)] == [
        "option", "unselectable", "alike", "single"]
    assert blocked.unselectable == "y never ends"
    with pytest.raises(ValueError, match="give no unselectable reason"):
        book.ambiguity("e", quote="q", question="?", readings={"x": ""}, default="x",
                       why="", source="", option="e-opt", unselectable="no")
