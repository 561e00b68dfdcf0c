#!/usr/bin/env bash
# The whole check: lint, types, and the test suite (with the catanatron extra, so the
# adapter test drives real games, and the browser extra with Debian's Chromium, so the
# drawn pages are tested in a real browser, and the ray extra, so the Ray executor's test
# starts a local Ray cluster for real) under branch coverage with
# the floor configured in pyproject.toml. Idempotent (reuses .venv).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
ensure_venv "[dev,catanatron,browser,ray]"

# a real browser for tests/oracle/draw/test_browser.py: Debian's Chromium, installed only
# when missing and only as root (as CI runs); without it that test says so and is skipped
if [ ! -x /usr/bin/chromium ] && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; } \
    >/dev/null || echo "warning: chromium could not be installed; the browser test is skipped" >&2
fi

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
