import { defineConfig } from "vitest/config";
import base from "../../vitest.config";

/**
 * `npm run bench:resign`: the re-sign benchmark runs as one vitest file (it drives the TypeScript test PKI). The base
 * config's settings, with `include` replaced (not merged: only the bench runs).
 */
export default defineConfig({
  ...base,
  test: { ...base.test, include: ["tests/bench/resign.bench.ts"], testTimeout: 30 * 60_000 },
});
