import { defineConfig } from "vitest/config";
import base from "../../vitest.config";

/**
 * The production topology suite (tests/topology): one topology (Debian's PostgreSQL and nginx, Redis, s3rver, 2
 * servers, 2 workers from the built code) shared by the suite's one file, its tests in order. Needs `npm run build`:
 *   npx vitest run --config tests/topology/vitest.config.ts
 * No global setup: the suite starts its own PostgreSQL server rather than the embedded one.
 */
export default defineConfig({
  resolve: base.resolve,
  oxc: base.oxc,
  test: {
    include: ["tests/topology/**/*.test.ts"],
    testTimeout: 180_000,
    // A polled expectation waits up to 30 s (vitest's default, 1 s, is too short for a loaded machine).
    expect: { poll: { timeout: 30_000 } },
    hookTimeout: 300_000,
    pool: "forks",
    fileParallelism: false,
    maxWorkers: 1,
  },
});
