import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit tests next to the code, integration tests in tests/integration, as two projects of one run:
//   npm run test:unit          packages/*, server/src, worker/src and client/src unit tests
//   npm run test:integration   tests/integration (the real app on an embedded PostgreSQL)
//   npx vitest run path/to/file.test.ts   one file (either project)
// Browser tests have their own config (tests/e2e/vitest.config.ts) because they need the built app.
//
// Workers: vitest's default is one fewer than the cores, i.e. ONE on a 2-core machine, which ran 122 files one after
// the other. Integration files spend much of their time waiting (on PostgreSQL, Redis, worker and server child
// processes, polling): with as many files as cores the CPU was idle about 30 % of the suite on 2 cores, with one more
// about 8 %. So one more file than cores runs at once (at least three). TEST_WORKERS overrides.
const cores = os.availableParallelism();
const maxWorkers = Number(process.env.TEST_WORKERS) || Math.max(3, cores + 1);

// Workspace imports resolve to sources, so tests need no build.
// graphql is pinned to its CommonJS build: type-graphql and Apollo load that one, and graphql refuses objects
// that come from a second copy of itself.
const resolve = {
  alias: [
    { find: /^@gryx\/server\/(.*)$/, replacement: path.resolve(__dirname, "server/src/$1") },
    {
      find: /^@gryx\/(contracts|platform|apple|store)$/,
      replacement: path.resolve(__dirname, "packages/$1/src/index.ts"),
    },
    {
      find: /^@gryx\/(contracts|platform|apple|store)\/(.*)$/,
      replacement: path.resolve(__dirname, "packages/$1/src/$2"),
    },
    { find: /^graphql$/, replacement: path.resolve(__dirname, "node_modules/graphql/index.js") },
  ],
};
const oxc = { decorator: { legacy: true, emitDecoratorMetadata: true } } as never;
// vitest's own default for expect.poll is 1 s, which a loaded machine breaks: a polled expectation waits up to 30 s
// (the bound ends a failing test; a passing one goes on as soon as it holds).
const poll = { expect: { poll: { timeout: 30_000 } } };
/** Integration files that load their modules apart from the others' (see the integration project). */
const OWN_MODULES = ["tests/integration/domain-manifest.test.ts"];
const shared = {
  globalSetup: ["tests/support/global-setup.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: "forks" as const,
  ...poll,
};

export default defineConfig({
  resolve,
  oxc,
  test: {
    maxWorkers,
    projects: [
      {
        resolve,
        oxc,
        test: {
          // No database: unit tests run in worker threads (cheaper to start than processes) without the global setup.
          // Generous limits: a loaded 2-core machine may take seconds for what takes milliseconds on a quiet one.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "threads",
          ...poll,
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "server/src/**/*.test.ts",
            "worker/src/**/*.test.ts",
            "client/src/**/*.test.{ts,tsx}",
          ],
        },
      },
      {
        resolve,
        oxc,
        test: {
          ...shared,
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: OWN_MODULES,
          // The files of one worker process share its loaded modules (the server's whole source, TypeORM,
          // type-graphql), which each file loaded anew before (vitest's import time, summed over the files:
          // 160 s → 19–22 s; the suite alone on 2 cores: 4 min 50 s → 3 min 40–47 s). Every file starts its own app
          // on its own database and passes config explicitly (tests/support/inprocess.ts), and what modules keep is
          // keyed by database or content. TEST_ISOLATE=1 loads each file's modules afresh, to rule one out.
          isolate: process.env.TEST_ISOLATE === "1",
        },
      },
      {
        resolve,
        oxc,
        // Files that change the process's registries (a domain added to the jobs, error codes and event topics) get
        // modules of their own, so that no other file starts an app with their additions.
        test: { ...shared, name: "integration-own-modules", include: OWN_MODULES },
      },
    ],
  },
});
