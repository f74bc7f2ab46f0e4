import path from "node:path";
import { defineConfig } from "vitest/config";

// Browser tests against the real app (built server, worker and client, fresh database per file).
// Run after `npm run build`: npx vitest run --config tests/e2e/vitest.config.ts
const root = path.resolve(__dirname, "../..");

export default defineConfig({
  root,
  // The global setup migrates the template database with the server's own migrations (TypeORM, decorators).
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } } as never,
  resolve: {
    alias: [
      { find: /^@gryx\/server\/(.*)$/, replacement: path.resolve(root, "server/src/$1") },
      {
        find: /^@gryx\/(contracts|platform|apple|store)$/,
        replacement: path.resolve(root, "packages/$1/src/index.ts"),
      },
      {
        find: /^@gryx\/(contracts|platform|apple|store)\/(.*)$/,
        replacement: path.resolve(root, "packages/$1/src/$2"),
      },
    ],
  },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: "forks",
    // Three files at once by default (each starts the app and a Chromium; part of a file's time is waiting on pages
    // and jobs, which leaves room for others: on 2 cores the CPU was idle about 12 % of the suite two at a time, 4 %
    // three at a time); TEST_E2E_WORKERS=1 runs one at a time.
    fileParallelism: (Number(process.env.TEST_E2E_WORKERS) || 3) > 1,
    maxWorkers: Number(process.env.TEST_E2E_WORKERS) || 3,
    // A loaded 2-core CI machine (three browser files at once) renders slower than a quiet one: polled expectations get
    // Playwright's own default wait, 30 s, as do the page waits in the tests. A wait bounds a failure; it measures
    // nothing.
    expect: { poll: { timeout: 30_000 } },
  },
});
