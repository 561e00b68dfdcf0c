#!/usr/bin/env bash
# Set up and run the oracle on a fresh machine with Python 3.11:
# create .venv, install the package, verify every game with the built-in
# default, then the conformance demo (a seeded game per game written as a
# trace and checked back).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
ensure_venv ""

.venv/bin/oracle games
.venv/bin/oracle verify
.venv/bin/oracle demo --skip-verify
