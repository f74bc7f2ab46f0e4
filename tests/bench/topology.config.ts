import { defineConfig } from "vitest/config";
import base from "../../vitest.config";

/**
 * `npm run bench:topology`: signed-IPA downloads per second through nginx (tests/bench/topology.bench.ts), on the
 * topology suite's production topology (tests/support/topology.ts). Needs the built server and worker.
 */
export default defineConfig({
  resolve: base.resolve,
  oxc: base.oxc,
  test: {
    hookTimeout: 300_000,
    testTimeout: 30 * 60_000,
    pool: "forks",
    include: ["tests/bench/topology.bench.ts"],
  },
});
