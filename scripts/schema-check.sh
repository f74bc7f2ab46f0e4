#!/usr/bin/env bash
# Regenerates schema.graphql (from the server's type-graphql code) and client/src/gql (GraphQL Code Generator) and
# fails when either differs from what is committed.
set -euo pipefail
cd "$(dirname "$0")/.."
# npm test has just built everything (SCHEMA_CHECK_BUILT=1): no second build of the server.
[ -n "${SCHEMA_CHECK_BUILT:-}" ] || npm run -s build -w server >/dev/null
node server/dist/graphql/emit-schema.js >/dev/null
npx graphql-codegen --config codegen.ts --silent >/dev/null
changed=$(git status --porcelain -- schema.graphql client/src/gql)
if [ -n "$changed" ]; then
  echo "schema:check: generated files differ from the committed ones:" >&2
  echo "$changed" >&2
  git --no-pager diff --stat -- schema.graphql client/src/gql >&2 || true
  echo "Run 'npm run schema:generate' and commit the result." >&2
  exit 1
fi
echo "schema:check: schema.graphql and client/src/gql are up to date"
