#!/usr/bin/env bash
# The whole test suite, as `npm test` runs it: installs missing system packages (as root, with apt-get), builds,
# checks generated code, makes fixtures, starts Redis, then runs unit + integration tests, then the browser tests with
# the production topology suite beside them (and lint beside everything).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out="$root/tests/.out"
mkdir -p "$out"

need=()
command -v redis-server >/dev/null || need+=(redis-server)
# The browser tests run in Chromium's headless shell (tests/e2e/support/browser.ts).
[ -x /usr/bin/chromium-headless-shell ] || need+=(chromium-headless-shell)
command -v clang >/dev/null || need+=(clang)
# Debian installs the linker as ld64.lld-<version> (clang -fuse-ld=lld finds it).
command -v ld64.lld >/dev/null || ls /usr/bin/ld64.lld-* >/dev/null 2>&1 || need+=(lld)
command -v llvm-lipo >/dev/null || ls /usr/bin/llvm-lipo-* >/dev/null 2>&1 || need+=(llvm)
command -v openssl >/dev/null || need+=(openssl)
command -v unzip >/dev/null || need+=(unzip)
# The production topology suite (tests/topology): Debian's PostgreSQL server and nginx.
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx)
# grep reads the whole list (with -q it stops at the first match, fc-list then dies of SIGPIPE and pipefail fails).
fc-list 2>/dev/null | grep -i "noto sans cjk" >/dev/null || need+=(fonts-noto-cjk)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "test: missing system packages: ${need[*]} (run as root, or: sudo apt-get install -y ${need[*]})" >&2
    exit 1
  fi
  echo "test: installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends "${need[@]}" >"$out/apt.log" 2>&1 || {
    tail -20 "$out/apt.log" >&2
    echo "test: apt-get install failed" >&2
    exit 1
  }
fi

step() { echo; echo "=== $* === ($(date -u +%T))"; }
failed=0

# The signer's fixtures (clang, lld, openssl) are made beside the build: neither reads what the other writes.
node packages/apple/fixtures/gen-archives.mjs >"$out/fixtures.log" 2>&1 &
fixtures_pid=$!
trap 'kill $fixtures_pid 2>/dev/null' EXIT

step "build"
npm run -s build || exit 1

step "schema:check"
SCHEMA_CHECK_BUILT=1 npm run -s schema:check || failed=1

# Lint runs beside the tests (its output comes at the end): the tests spend much of their time waiting on servers and
# child processes, which leaves a core for it. Not beside schema:check, which rewrites client/src/gql as lint reads it.
npm run -s lint >"$out/lint.log" 2>&1 &
lint_pid=$!

step "fixtures"
wait $fixtures_pid || failed=1
cat "$out/fixtures.log"

step "redis"
redis_pid=""
if [ -z "${REDIS_URL:-}" ]; then
  port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --maxmemory-policy noeviction --daemonize no >"$out/redis.log" 2>&1 &
  redis_pid=$!
  export REDIS_URL="redis://127.0.0.1:$port"
  for _ in $(seq 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
fi
echo "REDIS_URL=$REDIS_URL"
trap '[ -n "$redis_pid" ] && kill $redis_pid 2>/dev/null; kill $lint_pid $fixtures_pid 2>/dev/null' EXIT

step "unit and integration tests"
npx vitest run --reporter=default --reporter=json --outputFile.json="$out/vitest-unit.json" || failed=1

# The production topology suite runs beside the browser tests (its output comes after theirs): it spends most of its
# minute waiting on its servers, workers and proxy (the CPU was 80 % idle while it ran alone).
step "production topology (PostgreSQL, Redis, S3, nginx, 2 servers, 2 workers), beside the browser tests"
npx vitest run --config tests/topology/vitest.config.ts --reporter=default --reporter=json --outputFile.json="$out/vitest-topology.json" >"$out/topology.log" 2>&1 &
topology_pid=$!
trap '[ -n "$redis_pid" ] && kill $redis_pid 2>/dev/null; kill $lint_pid $fixtures_pid $topology_pid 2>/dev/null' EXIT

if [ -f tests/e2e/vitest.config.ts ]; then
  step "browser tests"
  # Three files at once (tests/e2e/vitest.config.ts; TEST_E2E_WORKERS=1 for one at a time).
  npx vitest run --config tests/e2e/vitest.config.ts --reporter=default --reporter=json --outputFile.json="$out/vitest-e2e.json" || failed=1
fi

step "production topology (its output)"
wait $topology_pid || failed=1
cat "$out/topology.log"

step "lint"
wait $lint_pid || failed=1
cat "$out/lint.log"

step "summary"
# One plain closing line over every runner.
node -e '
  const fs = require("fs"), path = require("path"); let p = 0, f = 0, s = 0; const failures = [];
  for (const file of process.argv.slice(1)) {
    if (!fs.existsSync(file)) {
      // A runner that ran leaves its report; none means it crashed or was killed (its output above says why).
      failures.push(`${path.relative(process.cwd(), file)}: no report (the runner crashed or was killed)`);
      f++;
      continue;
    }
    const r = JSON.parse(fs.readFileSync(file, "utf8"));
    p += r.numPassedTests; f += r.numFailedTests + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0); s += r.numPendingTests + r.numTodoTests;
    // The failures again, last, so that a log cut to its tail still names them.
    for (const suite of r.testResults ?? []) {
      const where = path.relative(process.cwd(), suite.name);
      const bad = (suite.assertionResults ?? []).filter((a) => a.status === "failed");
      for (const a of bad) failures.push(`${where} > ${a.fullName}\n    ${String(a.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300)}`);
      if (!bad.length && suite.status === "failed") failures.push(`${where}\n    ${String(suite.message ?? "").split("\n")[0].slice(0, 300)}`);
    }
  }
  if (failures.length) console.log(`\nFailed:\n${failures.map((x) => `  ${x}`).join("\n")}`);
  console.log(`\n${p} passed, ${f} failed, ${s} skipped`);
' "$out/vitest-unit.json" "$out/vitest-topology.json" $([ -f tests/e2e/vitest.config.ts ] && echo "$out/vitest-e2e.json")
exit $failed
