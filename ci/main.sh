#!/usr/bin/env bash
# Set up and run the oracle on a fresh machine with Python 3.11:
# create .venv, install the package, verify every game with the built-in
# default, then the conformance demo (a seeded game per game written as a
# trace and checked back).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
ensure_venv ""

.venv/bin/oracle games
# the demo (one process) runs beside verify, whose workers it would otherwise leave a
# core idle for; its report is printed after verify's table, and either failing fails
demo_out="$(mktemp)"
trap 'rm -f "$demo_out"' EXIT
.venv/bin/oracle demo --skip-verify > "$demo_out" 2>&1 &
demo=$!
verified=0
.venv/bin/oracle verify || verified=$?
demoed=0
wait "$demo" || demoed=$?
cat "$demo_out"
if [ "$verified" -ne 0 ]; then exit "$verified"; fi
exit "$demoed"
