#!/usr/bin/env bash
# The whole check: lint, types, and the test suite (with the catanatron extra, so the
# adapter test drives real games) under branch coverage with
# the floor configured in pyproject.toml. Idempotent (reuses .venv).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
ensure_venv "[dev,catanatron]"

.venv/bin/ruff check .
.venv/bin/mypy

rm -f .coverage .coverage.*
status=0
# every core: pytest-xdist workers, each measured (coverage patches subprocesses)
.venv/bin/coverage run -m pytest -p no:cacheprovider -q -n auto "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "error: no tests were collected" >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  exit "$status"
fi
.venv/bin/coverage combine --quiet
.venv/bin/coverage report
