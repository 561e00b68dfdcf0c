"""The installed package lives under one import name, ``rules_oracle``: a user project with
its own ``model/`` (or ``oracle/``) package keeps it, and the pytest plugin still works."""

import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("model", "oracle", "properties", "solver")


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300, check=False)


def test_every_top_level_folder_is_reached_through_the_one_name() -> None:
    for name in FOLDERS:
        link = ROOT / "rules_oracle" / name
        assert link.resolve() == (ROOT / name).resolve(), name
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["tool"]["setuptools"]["packages"]["find"]["include"] == ["rules_oracle*"]
    assert config["project"]["requires-python"] == ">=3.11"


def test_no_module_imports_a_top_level_folder_by_its_bare_name() -> None:
    bare = [f"from {name}." for name in FOLDERS] + [f"import {name}." for name in FOLDERS]
    offenders = []
    for name in FOLDERS:
        for path in (ROOT / name).rglob("*.py"):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if line.strip().startswith(tuple(bare)):
                    offenders.append(f"{path.relative_to(ROOT)}:{number}")
    assert offenders == []


def test_a_project_with_its_own_model_package_keeps_it_and_the_plugin_works(
    tmp_path: Path,
) -> None:
    project = tmp_path / "project"
    (project / "model").mkdir(parents=True)
    (project / "model" / "__init__.py").write_text('OWNER = "the user"\n', encoding="utf-8")
    (project / "model" / "core.py").write_text("VALUE = 7\n", encoding="utf-8")
    (project / "test_mine.py").write_text(
        "import importlib.util\n\n"
        "import model\n"
        "from model.core import VALUE\n\n\n"
        "def test_own_model():\n"
        '    assert (model.OWNER, VALUE) == ("the user", 7)\n'
        '    assert importlib.util.find_spec("oracle") is None\n'
        '    assert importlib.util.find_spec("solver") is None\n',
        encoding="utf-8")
    played = _run(["-m", "rules_oracle.oracle", "play", "crafts", "--seed", "3", "--out",
                   str(project / "game.jsonl")], project)
    assert played.returncode == 0, played.stderr
    result = _run(["-m", "pytest", "-p", "no:cacheprovider", "-q", "test_mine.py",
                   "--oracle-traces", "game.jsonl"], project)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 passed" in result.stdout
