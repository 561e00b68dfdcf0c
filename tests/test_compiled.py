"""The optional mypyc build of the model (``ci/compile.py``) plays exactly as the pure-Python
package: the compiled copy really loads its modules compiled, and seeded games of every game
give the same digests and the same legal actions at every step with and without it; its
states stay frozen; its oracle drives the test engines to the same reports. Built only
where mypyc and a C compiler are at hand (the pure package needs neither)."""

import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: per game and player count: the digest of every state, the rules every step shows and
#: the canonical text of every legal action set of two seeded games (300 steps each; every
#: 25th state and action read back from its plain data), the declared field types of every
#: class of the game's state module, its JSON Schemas, the functions marked as each rule's
#: code (``model.core.cite``: compiled methods are named as the pure ones), and the files of
#: the modules ``ci/compile.py`` compiles as this run loaded them
PLAY = """
import hashlib, importlib, json, sys
import attrs
from rules_oracle.model.core import registry
from rules_oracle.model.core.cite import IMPLEMENTED
from rules_oracle.model.core.schema import game_schemas
from rules_oracle.model.core.canon import digest, field_types, structure, to_json, unstructure
from rules_oracle.model.core.play import playout
for module in sys.argv[1:]:
    print(module, importlib.import_module(module).__file__.rsplit(".", 1)[-1])
print(json.dumps(IMPLEMENTED, sort_keys=True))
for name in registry.names():
    game = registry.get(name)
    state_module = sys.modules[game.state_type.__module__]
    for cls in sorted((c for c in vars(state_module).values()
                       if attrs.has(c) and c.__module__ == state_module.__name__),
                      key=lambda c: c.__name__):  # the declared types, compiled or not
        print(name, cls.__name__, repr(sorted(field_types(cls).items())).replace(" ", ""))
    # the JSON Schemas, types and descriptions (the source's docstrings) alike
    print(name, hashlib.sha256(json.dumps(game_schemas(game), sort_keys=True).encode()).hexdigest())
    for players in range(game.min_players, game.max_players + 1):
        h = hashlib.sha256()
        config = game.config(players)
        for seed in (0, 1):
            before = game.setup(config)
            for n, step in enumerate(playout(game, config, seed)):
                h.update(digest(step.state).encode())
                # the rules a step shows compare states (the set-up's: the first state's)
                h.update(repr(game.effect_rules(before, step.action, step.state)).encode())
                before = step.state
                if n % 25 == 0:  # a state and an action read back as themselves
                    assert structure(unstructure(step.state), game.state_type) == step.state
                    if step.action is not None:
                        action = type(step.action)
                        assert structure(unstructure(step.action), action) == step.action
                if game.actor(step.state) >= 0:
                    h.update(to_json(sorted(map(to_json, game.legal_actions(step.state)))).encode())
                if n >= 300:
                    break
        print(name, players, h.hexdigest())
"""

#: drives of the test engines by this build's oracle (tests/oracle/engines): a faithful
#: one, faults caught by a probe (an illegal action accepted), by the legal list (one left
#: out), by the digest and the state after a step, two independent bugs in one game, and a
#: Catan engine of compound steps conforming and with a city yielding one card inside its
#: roll; every report's JSON (the seconds left out), and the files of the drive's modules
DRIVE = """
import json, sys
from pathlib import Path
from rules_oracle.model.core import registry
from rules_oracle.oracle import diff, drive
print(drive.__file__.rsplit(".", 1)[-1], diff.__file__.rsplit(".", 1)[-1])
engines = Path(sys.argv[1])
runs = [("faithful.py", "crafts", 2, 2, ())]
runs += [("broken.py", "crafts", 2, 1, (fault, "3")) for fault in
         ("accept-illegal", "miss-legal", "wrong-state", "wrong-digest", "extra-legal")]
runs += [("two_bugs.py", "crafts", 2, 1, ("5", "40", "changed")),
         ("compound.py", "catan", 3, 1, ("RollDice:Dice",)),
         ("compound.py", "catan", 3, 1, ("RollDice:Dice", "fault=city-one"))]
for script, name, players, count, args in runs:
    report = drive.drive([sys.executable, str(engines / script), *args],
                         [registry.get(name)], count=count, seed=4, players=players)
    data = report.to_json()
    del data["seconds"]
    print(script, *args, report.status, json.dumps(data, sort_keys=True))
"""

FROZEN = """
import attrs
from rules_oracle.model.core import registry
game = registry.get("catan")
state = game.setup(game.config(4))
for obj, field in ((state, "turn"), (state.players[0], "vp")):
    try:
        setattr(obj, field, 3)
    except attrs.exceptions.FrozenInstanceError:
        print("refused")
"""


def _compile_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ci_compile", ROOT / "ci" / "compile.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run(code: str, path: Path, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(path)}
    done = subprocess.run([sys.executable, "-c", code, *args], env=env, cwd=path,
                          capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_compiled_modules_are_the_model_and_drive_hot_ones_the_text_writer_python() -> None:
    compiled = _compile_module().COMPILED
    for path in compiled:
        assert (ROOT / "src" / path).is_file(), path
    # the digest is written by one code either way, and every game's class extends Game
    assert "rules_oracle/model/core/canon.py" not in compiled
    assert "rules_oracle/model/core/game.py" not in compiled
    # mypyc compiles == of two instances of a class compiled with them as identity, while
    # the attrs classes get their __eq__ at run time: states and actions stay Python
    assert not [p for p in compiled if p.endswith(("/state.py", "/actions.py"))]
    # every game's steps and legal actions; its rule book and observations stay Python
    for game in ("catan", "cities_knights", "crafts", "burgundy", "caylus", "catan_cards"):
        assert f"rules_oracle/model/{game}/game.py" in compiled, game
        assert f"rules_oracle/model/{game}/setup.py" in compiled, game
        assert f"rules_oracle/model/{game}/rules.py" not in compiled, game
        assert f"rules_oracle/model/{game}/observation.py" not in compiled, game
    # of the oracle, only the live drive's loop and its comparison of values
    assert sorted(p for p in compiled if "/oracle/" in p) == [
        "rules_oracle/oracle/diff.py", "rules_oracle/oracle/drive.py"]


@pytest.mark.slow
def test_the_compiled_model_gives_the_pure_models_digests_and_legal_sets(
    tmp_path: Path,
) -> None:
    if importlib.util.find_spec("mypyc") is None or shutil.which(
            str(sysconfig.get_config_var("CC") or "cc").split()[0]) is None:
        pytest.skip("mypyc or a C compiler is missing: the pure package is the one tested")
    tool = _compile_module()
    out = tmp_path / "compiled"
    # the C without optimisation: the semantics tested are mypyc's, the same at every level
    tool.build(out, opt_level=tool.PLAIN)
    modules = [p.removesuffix(".py").replace("/", ".") for p in tool.COMPILED]
    compiled = _run(PLAY, out, *modules).splitlines()
    pure = _run(PLAY, ROOT / "src", *modules).splitlines()
    loaded = dict(line.split() for line in compiled[:len(modules)])
    assert set(loaded.values()) == {"so"}, loaded
    assert {line.split()[1] for line in pure[:len(modules)]} == {"py"}
    assert compiled[len(modules):] == pure[len(modules):]
    assert len(pure) - len(modules) >= 6 * 2
    assert _run(FROZEN, out).split() == ["refused", "refused"]
    # the oracle's drive, compiled, reports every engine as the pure one does
    engines = str(ROOT / "tests" / "oracle" / "engines")
    driven = _run(DRIVE, out, engines).splitlines()
    assert driven[0] == "so so"
    assert _run(DRIVE, ROOT / "src", engines).splitlines() == ["py py", *driven[1:]]
    statuses = [line.split(" {")[0].rsplit(" ", 1)[1] for line in driven[1:]]
    assert statuses == ["conforms", *["diverges"] * 6, "conforms", "diverges"], driven


def test_a_build_compiles_its_c_at_the_level_asked(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The build for speed compiles mypyc's C at level 3, the tests' build at level 0 (the
    same C): the level reaches mypyc as ``MYPYC_OPT_LEVEL``."""
    tool = _compile_module()
    asked: list[str] = []

    def run(cmd: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
        env = kwargs["env"]
        assert isinstance(env, dict)
        asked.append(env["MYPYC_OPT_LEVEL"])
        return subprocess.CompletedProcess(cmd, 0, "", "")
    monkeypatch.setattr(tool.subprocess, "run", run)
    tool.build(tmp_path / "fast")
    tool.build(tmp_path / "plain", opt_level=tool.PLAIN)
    assert asked == ["3", "0"] == [tool.FAST, tool.PLAIN]
    assert (tmp_path / "plain" / "rules_oracle" / "model" / "catan" / "game.py").is_file()
