import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit tests next to the code, integration tests in tests/integration. Browser tests have their own config
// (tests/e2e/vitest.config.ts) because they need the built app.
export default defineConfig({
  // Workspace imports resolve to sources, so tests need no build.
  // graphql is pinned to its CommonJS build: type-graphql and Apollo load that one, and graphql refuses objects
  // that come from a second copy of itself.
  resolve: {
    alias: [
      { find: /^@gryx\/server\/(.*)$/, replacement: path.resolve(__dirname, "server/src/$1") },
      { find: /^@gryx\/(contracts|platform|apple)$/, replacement: path.resolve(__dirname, "packages/$1/src/index.ts") },
      { find: /^@gryx\/(contracts|platform|apple)\/(.*)$/, replacement: path.resolve(__dirname, "packages/$1/src/$2") },
      { find: /^graphql$/, replacement: path.resolve(__dirname, "node_modules/graphql/index.js") },
    ],
  },
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } } as never,
  test: {
    include: [
      "packages/*/src/**/*.test.ts",
      "server/src/**/*.test.ts",
      "worker/src/**/*.test.ts",
      "client/src/**/*.test.{ts,tsx}",
      "tests/integration/**/*.test.ts",
    ],
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
