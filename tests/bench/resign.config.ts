import { defineConfig } from "vitest/config";
import base from "../../vitest.config";

/**
 * `npm run bench:resign`: the re-sign benchmark runs as one vitest file (it drives the TypeScript test PKI). The base
 * config's settings (workers, aliases), with its own `include` (only the bench runs).
 */
// The base config's unit and integration projects are left out: one project, the bench.
const { projects: _projects, ...test } = base.test ?? {};

export default defineConfig({
  ...base,
  test: {
    ...test,
    globalSetup: ["tests/support/global-setup.ts"],
    pool: "forks",
    hookTimeout: 120_000,
    include: ["tests/bench/resign.bench.ts"],
    testTimeout: 30 * 60_000,
  },
});
