#!/usr/bin/env bash
# npm run lint: the five checks at once (each is one process; most of the time is one of them, the typed ESLint), each
# one's output printed whole once it ends, in a fixed order; fails if any fails. Each check keeps a cache in
# node_modules/.cache, so a second run re-checks only what changed:
#   format  Prettier --check (--cache)              types   tsc -b (reuses the build's), client and GraphiQL (incremental)
#   eslint  typed ESLint (--cache, by content)      deps    dependency-cruiser's import rules
#   unused  knip (unused files, dependencies)
# One check alone: npm run lint:<name>.
set -uo pipefail
cd "$(dirname "$0")/.."
checks=(format types eslint deps unused)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
declare -A pids
for c in "${checks[@]}"; do
  npm run -s "lint:$c" >"$tmp/$c.log" 2>&1 &
  pids[$c]=$!
done
failed=()
for c in "${checks[@]}"; do
  wait "${pids[$c]}" || failed+=("$c")
  cat "$tmp/$c.log"
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "lint: failed: ${failed[*]} (npm run lint:<name> runs one)" >&2
  exit 1
fi
