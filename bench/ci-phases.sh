#!/usr/bin/env bash
# The CI run's wall time per phase, on a clean clone of the current commit:
#
#   bash bench/ci-phases.sh [--busy-core]
#
# Runs what `bash .ci/run` runs (npm ci, then npm test's steps one by one: typecheck, lint, the API
# tests, the build and the journeys) with PostgreSQL as CI has it, and prints a Markdown row of the
# seconds each took, with the load average before and after. The API tests' split by engine comes
# from Vitest's JSON report (bench/test-times.ts). --busy-core keeps one core busy meanwhile (a
# `sha256sum /dev/zero` loop), to measure the run beside other work.
set -euo pipefail
repo="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
work="$(mktemp -d)"
git clone -q "$repo" "$work/main"
cd "$work/main"
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
export CI=true

busy=""
if [ "${1:-}" = "--busy-core" ]; then
  sha256sum /dev/zero &
  busy=$!
  trap 'kill "$busy" 2>/dev/null || true' EXIT
fi

load() { cut -d' ' -f1 /proc/loadavg; }
load_before=$(load)
times=""
started=$(date +%s)
phase() {
  local name="$1"
  shift
  local t0
  t0=$(date +%s)
  if ! "$@" >"$work/$name.log" 2>&1; then
    tail -n 40 "$work/$name.log"
    echo "$name failed after $(($(date +%s) - t0)) s; logs in $work" >&2
    exit 1
  fi
  times="$times | $(($(date +%s) - t0))"
}

phase install npm ci --no-audit --no-fund
phase typecheck npm run typecheck
phase lint npm run lint
phase api npx vitest run --reporter=default --reporter=json --outputFile="$work/api.json"
phase build npm run build
PLAYWRIGHT_JSON_OUTPUT_NAME="$work/journeys.json" phase journeys npx playwright test -c e2e/playwright.config.ts --reporter=list,json
echo "| commit | machine | install | typecheck | lint | API | build | journeys | whole (s) |"
echo "|---|---|---|---|---|---|---|---|---|"
echo "| $(git rev-parse --short HEAD) | ${busy:+one core busy, }load $load_before → $(load)$times | $(($(date +%s) - started)) |"
echo
npx tsx bench/test-times.ts "$work/api.json" 5
cp "$work/api.json" "$work/journeys.json" "${TMPDIR:-/tmp}/" 2>/dev/null || true
rm -rf "$work"
