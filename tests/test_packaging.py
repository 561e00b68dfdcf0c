"""The installed package lives under one import name, ``rules_oracle``, whose folders are
real folders under ``src/rules_oracle`` (no links, no mapping): a user project with its own
``model/`` (or ``oracle/``) package keeps it, the pytest plugin still works, and both a wheel
and an editable install import the package from plain paths that a type checker follows."""

import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "rules_oracle"
FOLDERS = ("model", "oracle", "properties", "solver")
#: the checkout's own folders a link could hide in (not .venv, .git or build output)
CHECKED = ("src", "tests", "ci", "docs", ".ci")


def _run(args: list[str], cwd: Path, path: str | None = None
         ) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if path is not None:
        env["PYTHONPATH"] = path
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300, check=False)


def test_every_folder_of_the_package_is_a_real_folder_under_src() -> None:
    for name in FOLDERS:
        folder = PACKAGE / name
        assert folder.is_dir() and not folder.is_symlink(), name
        assert not (ROOT / name).exists(), f"{name}/ is back at the repository root"
    links = [str(path.relative_to(ROOT)) for top in CHECKED for path in (ROOT / top).rglob("*")
             if path.is_symlink()]
    # the checkout's own files at the root (a user's .venv or other dot-folder may be a link)
    links += [path.name for path in ROOT.iterdir()
              if path.is_symlink() and not path.name.startswith(".")]
    assert links == []
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    found = config["tool"]["setuptools"]["packages"]["find"]
    assert (found["where"], found["include"]) == (["src"], ["rules_oracle*"])
    assert "package-dir" not in config["tool"]["setuptools"]
    assert config["project"]["requires-python"] == ">=3.11"


def test_no_module_imports_a_top_level_folder_by_its_bare_name() -> None:
    bare = [f"from {name}." for name in FOLDERS] + [f"import {name}." for name in FOLDERS]
    offenders = []
    for name in FOLDERS:
        for path in (PACKAGE / name).rglob("*.py"):
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


_IMPORTS = (
    "import sys, model, rules_oracle.model.catan as catan, rules_oracle.oracle.cli\n"
    "from rules_oracle.model.core import registry\n"
    "print(catan.__file__)\n"
    "print(model.OWNER, len(registry.names()))\n"
)


def _copy(tmp_path: Path) -> Path:
    """A copy of what a source distribution holds, so the checkout is never written to."""
    copy = tmp_path / "checkout"
    shutil.copytree(PACKAGE, copy / "src" / "rules_oracle",
                    ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, copy / name)
    return copy


def _user_project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    (project / "model").mkdir(parents=True)
    (project / "model" / "__init__.py").write_text('OWNER = "user"\n', encoding="utf-8")
    return project


@pytest.mark.slow
def test_a_wheel_installs_the_package_and_imports_from_it(tmp_path: Path) -> None:
    target = tmp_path / "site"
    built = _run(["-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
                  str(_copy(tmp_path))], tmp_path)
    assert built.returncode == 0, built.stderr
    assert sorted(p.name for p in (target / "rules_oracle").iterdir() if p.is_dir()
                  and p.name != "__pycache__") == sorted(FOLDERS)
    assert (target / "rules_oracle" / "oracle" / "schema" / "trace.schema.json").is_file()
    project = _user_project(tmp_path)
    done = _run(["-c", _IMPORTS], project, path=str(target))
    assert done.returncode == 0, done.stderr
    where, owner = done.stdout.splitlines()
    assert Path(where).is_relative_to(target / "rules_oracle" / "model" / "catan")
    assert owner == "user 6"


@pytest.mark.slow
def test_an_editable_install_is_a_plain_path_to_src(tmp_path: Path) -> None:
    target = tmp_path / "site"
    copy = _copy(tmp_path)
    built = _run(["-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
                  "--editable", str(copy)], tmp_path)
    assert built.returncode == 0, built.stderr
    pth = [p for p in target.iterdir() if p.suffix == ".pth"]
    assert len(pth) == 1
    # a path, not an import hook: mypy, pyright and other static tools follow it
    assert pth[0].read_text(encoding="utf-8").split() == [str(copy / "src")]
    assert not [p for p in target.rglob("*finder*.py")]
    project = _user_project(tmp_path)
    # no site-packages but the editable target's, then the dependencies' (after it)
    paths = (str(target), sysconfig.get_paths()["purelib"])
    done = _run(["-S", "-c", f"import site\nfor p in {paths!r}: site.addsitedir(p)\n"
                 + _IMPORTS], project)
    assert done.returncode == 0, done.stderr
    where, owner = done.stdout.splitlines()
    assert Path(where).is_relative_to(copy / "src" / "rules_oracle" / "model" / "catan")
    assert owner == "user 6"
