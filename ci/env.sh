# Sourced by ci/main.sh and ci/test.sh: find Python 3.11, create or reuse .venv,
# install the package (with EXTRA, e.g. "[dev]") when pyproject.toml changed.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

find_python() {
  local candidate
  for candidate in python3.11 python3; do
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' 2>/dev/null; then
      echo "$candidate"
      return 0
    fi
  done
  echo "error: Python 3.11 is required (python3.11 or python3 of version 3.11)" >&2
  return 1
}

ensure_venv() {
  local extra="${1:-}"
  local python
  if [ ! -x .venv/bin/python ]; then
    python="$(find_python)"
    "$python" -m venv .venv
  fi
  local stamp=".venv/.rules-oracle-installed${extra}"
  local want
  want="$(.venv/bin/python -c 'import hashlib,sys; print(hashlib.sha256(open("pyproject.toml","rb").read()).hexdigest())')"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    .venv/bin/python -m pip install --quiet -e ".${extra}"
    echo "$want" > "$stamp"
  fi
  # the package's and the tests' bytecode, written once: where PYTHONDONTWRITEBYTECODE is
  # set, every process (verify's workers, the tests' engines and subprocesses) would
  # otherwise compile each module it imports from source again (about 0.5 s of CPU for
  # the models, the oracle and the solver); up-to-date files are skipped
  .venv/bin/python -m compileall -q -j 0 src tests >/dev/null
}
