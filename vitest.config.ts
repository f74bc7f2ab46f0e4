import { defineConfig } from "vitest/config";
export default defineConfig({
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } } as never,
  test: { include: ["server/src/**/*.test.ts", "worker/src/**/*.test.ts", "tests/integration/**/*.test.ts"] },
});
