import { defineConfig, mergeConfig } from "vitest/config";
import base from "../../vitest.config";

/** `npm run bench:resign`: the re-sign benchmark runs as one vitest file (it drives the TypeScript test PKI). */
export default mergeConfig(
  base,
  defineConfig({ test: { include: ["tests/bench/resign.bench.ts"], testTimeout: 30 * 60_000 } }),
);
