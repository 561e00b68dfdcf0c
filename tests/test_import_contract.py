"""The import contract of the checks: an encoding (``solver/GAME.py``) and a properties
module restate the rules, so from a game's model they import only what the rules act on,
never what computes an effect, a cost, a production, an award or a score. A check that
called the model's own function would share its mistakes (a robber no longer blocking
production passes a comparison with itself).

Allowed everywhere: the kernel (``model.core``) and a game's component data and
definitions (:data:`DATA`: data, board tables, the rules registry, the state and action
classes). Anything else a module imports from a model is listed by name in
:data:`EXCEPTIONS` with the reason it does not restate a rule there; whole modules are
exempt only in :data:`EXEMPT`. The check reads the source (imports at any depth, and the
attributes used of an imported model module), so a new import of a model function fails
it."""

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

#: the package's folders (solver/, properties/), which the modules' names are relative to
ROOT = Path(__file__).resolve().parents[1] / "src" / "rules_oracle"
MODEL = "rules_oracle.model"
#: the model modules of a game any check may import whole
DATA = frozenset({"data", "board", "boards", "rules", "state", "actions"})
#: the modules the contract covers
CHECKED = ("solver", "properties")

#: modules not yet under the contract, and why
EXEMPT: Mapping[str, str] = {}

_GAME_PLAY = "the game object: projection and play only (who acts, its moves), never an effect"
_ABSTRACTION = ("a geometric parameter of classify that the guard bounds by counts (the"
                " encoding projects no geometry)")

#: per module, the model functions it may use (module -> name -> why)
EXCEPTIONS: Mapping[str, Mapping[str, Mapping[str, str]]] = {
    "solver/catan.py": {
        "rules_oracle.model.catan.game": {
            "GAME": "the model's score is projected (the encoding's score is computed and"
                    " compared with it), and road lengths and whether a free road is left"
                    " are parameters read off the model's next state that the guard bounds"},
        "rules_oracle.model.catan.build": {"road_connected": _ABSTRACTION,
                                           "site_free": _ABSTRACTION},
        "rules_oracle.model.catan.trade": {"rates": _ABSTRACTION + " (the harbours built on)"},
        "rules_oracle.model.catan.seven": {"robber_targets": _ABSTRACTION,
                                           "victims": _ABSTRACTION},
    },
    "solver/catan_probes.py": {
        "rules_oracle.model.catan.game": {
            "GAME": _GAME_PLAY + " (a seeded game's state a probe is made from)"}},
    "solver/caylus.py": {
        "rules_oracle.model.caylus.game": {
            "GAME": _GAME_PLAY + "; the tail's returns are read off its next state"},
        "rules_oracle.model.caylus.building": {
            "apply": "a building's deltas are parameters that the guard's effect rows"
                     " (one per building, restated) fix",
            "rule_of": "the rule id each building cites (a table)"},
    },
    "solver/crafts.py": {
        "rules_oracle.model.crafts.game": {
            "GAME": _GAME_PLAY,
            "PLAIN": "the table of the cards whose effect is a plain conversion"},
    },
    "solver/burgundy.py": {
        "rules_oracle.model.burgundy.game": {
            "GAME": _GAME_PLAY, "ADVANCED_BOARDS": "a table of the boards in play"},
    },
    "properties/crafts.py": {
        "rules_oracle.model.crafts.game": {
            "GAME": _GAME_PLAY + "; the score bound is the model's declared bound",
            "params": "the configuration's readings as flags",
            "resolver": "who resolves next, the order of play"},
    },
    "solver/cities_knights.py": {
        "rules_oracle.model.cities_knights.game": {
            "GAME": _GAME_PLAY + " (fourth_wall plays a seeded game to its probe); read off"
                    " its next state are every summarised step's next stage and the"
                    " movements of cards, progress cards, pieces and knights and the"
                    " holders of the steps the board or hidden cards decide (the event die"
                    " with the barbarians and production, progress draws and cards, reduced"
                    " cities, the robber, knights' moves, trades), as parameters the guard"
                    " bounds, the step invariants of properties/cities_knights.py"
                    " recomputing the attack, production, the 7 and the aqueduct from the"
                    " state before; and the exact kinds' parameters the board decides (the"
                    " longest road's holder, the set-up's next placer and its city's cards,"
                    " the level promoted, an improvement's price, the metropolis' kind)."
                    " A discard's, a steal's and the aqueduct's card are stated from the"
                    " action and the state before (STATED_MOVES), and whether the aqueduct"
                    " follows production is restated over the board tables"}},
    "properties/cities_knights_hidden.py": {
        "rules_oracle.model.cities_knights.game": {
            "GAME": _GAME_PLAY + " (the twins' states are played to, then changed)"}},
    "properties/burgundy.py": {
        "rules_oracle.model.burgundy.observation": {
            "face_down_stacks": "the goods still to come, a count of the components"},
    },
}


def _modules() -> Iterator[str]:
    for folder in CHECKED:
        for path in sorted((ROOT / folder).glob("*.py")):
            yield f"{folder}/{path.name}"


def _restricted(module: str) -> bool:
    """A game's model module that is neither the kernel nor component data."""
    parts = module.split(".")
    if module == MODEL or not module.startswith(MODEL + ".") or parts[2] == "core":
        return False
    return len(parts) > 3 and parts[3] not in DATA


def uses(source: str) -> set[tuple[str, str]]:
    """(model module, name) pairs ``source`` uses of a game's restricted model modules:
    names imported from one, and the attributes used of one imported whole."""
    tree = ast.parse(source)
    whole: dict[str, str] = {}
    out: set[tuple[str, str]] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                if node.module.count(".") == 2 and node.module.startswith(MODEL + "."):
                    # ``from rules_oracle.model.GAME import module``
                    if _restricted(sub):
                        whole[alias.asname or alias.name] = sub
                elif _restricted(node.module):
                    out.add((node.module, alias.name))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if _restricted(alias.name):
                    if alias.asname is None:
                        out.add((alias.name, "*"))
                    else:
                        whole[alias.asname] = alias.name
    qualified: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id in whole:
            out.add((whole[node.value.id], node.attr))
            qualified.add(id(node.value))
    for node in ast.walk(tree):
        # the module itself passed on or bound: all of it is used
        if isinstance(node, ast.Name) and node.id in whole and id(node) not in qualified:
            out.add((whole[node.id], "*"))
    return out


def violations(name: str, source: str) -> list[str]:
    """What ``source`` (the module ``name``) uses of a model beyond the contract."""
    if name in EXEMPT:
        return []
    allowed = EXCEPTIONS.get(name, {})
    return sorted(f"{name}: {module}.{attr}" for module, attr in uses(source)
                  if attr not in allowed.get(module, {}))


@pytest.mark.parametrize("name", list(_modules()))
def test_checks_import_no_model_function_beyond_the_contract(name: str) -> None:
    assert violations(name, (ROOT / name).read_text(encoding="utf-8")) == []


def test_every_exception_is_still_used() -> None:
    """An exception no module needs any more is removed from the contract."""
    for name, allowed in EXCEPTIONS.items():
        used = uses((ROOT / name).read_text(encoding="utf-8"))
        for module, names in allowed.items():
            for attr, why in names.items():
                assert (module, attr) in used, f"{name}: {module}.{attr} unused"
                assert len(why.split()) >= 4, why
    for name in EXEMPT:
        assert (ROOT / name).exists(), name


@pytest.mark.parametrize("seeded", [
    "from rules_oracle.model.catan.seven import robber_hexes, victims\n",
    "from rules_oracle.model.caylus import planning\nc = planning.cost(s, 0)\n",
    "def f():\n    from rules_oracle.model.catan_cards.score import vp\n    return vp\n",
    "import rules_oracle.model.crafts.game\n",
    "import rules_oracle.model.catan.victory as S\nx = S.total_vp\n",
    "from rules_oracle.model.caylus import building\nx = building.first_free\n",
    "from rules_oracle.model.caylus import building as E\nf(E)\n",
])
def test_a_seeded_model_function_import_is_caught(seeded: str) -> None:
    assert violations("solver/catan.py", seeded)
    assert violations("properties/catan_cards.py", seeded)


def test_component_data_states_actions_and_the_kernel_are_allowed() -> None:
    source = ("from rules_oracle.model.catan import board as B\n"
              "from rules_oracle.model.catan import data as D\n"
              "from rules_oracle.model.caylus.state import CaylusState\n"
              "from rules_oracle.model.crafts.actions import Action\n"
              "from rules_oracle.model.core.game import Config\n"
              "from rules_oracle.model.core.ops import evolve\n"
              "from rules_oracle.properties.base import Violation\n"
              "x = D.YIELD, B.HEX_NODES\n")
    assert uses(source) == set()
    assert violations("solver/crafts.py", source) == []


def test_no_module_is_exempt() -> None:
    """Every encoding and properties module is under the contract, Cities & Knights' too:
    a model function it took up again would fail."""
    assert EXEMPT == {}
    assert violations("solver/cities_knights.py",
                      "from rules_oracle.model.cities_knights.victory import points\n")
    assert violations("properties/cities_knights.py",
                      "from rules_oracle.model.cities_knights import barbarians\n"
                      "barbarians.attack\n")
