"""``python -m rules_oracle.oracle`` runs the ``oracle`` command."""

import subprocess
import sys


def test_python_m_oracle_runs_the_cli() -> None:
    done = subprocess.run([sys.executable, "-m", "rules_oracle.oracle", "--help"],
                          capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0
    assert "vectors" in done.stdout and "ambiguities" in done.stdout
