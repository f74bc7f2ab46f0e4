import { defineConfig } from "vitest/config";
import base from "../../vitest.config";

/**
 * `npm run bench:resign`: the re-sign benchmark runs as one vitest file (it drives the TypeScript test PKI): the
 * base config's resolution and the integration project's setup, only this file (no projects).
 */
export default defineConfig({
  resolve: base.resolve,
  oxc: base.oxc,
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
    hookTimeout: 300_000,
    testTimeout: 30 * 60_000,
    pool: "forks",
    include: ["tests/bench/resign.bench.ts"],
  },
});
