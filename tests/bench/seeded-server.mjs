// The built server on an embedded PostgreSQL with the demo data, in its own process, for the benchmarks:
// `const server = await startSeededServer("home")` → { port, dir, stop() }. Run as a script it is that process.
import { fork } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const self = new URL(import.meta.url).pathname;

/** Starts the seeded server in a child process and waits until it listens. */
export async function startSeededServer(name, extraEnv = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `gryx-bench-${name}-`));
  const child = fork(self, [dir, JSON.stringify(extraEnv)], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const { port } = await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
  return {
    port,
    dir,
    async stop() {
      child.send("stop");
      await new Promise((r) => child.once("exit", r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The built server and an embedded PostgreSQL in this process, in a fresh directory: for benchmarks that reach into
 * the server's services (its DataSource, a service method) besides its HTTP side. `stop()` ends both and removes it.
 */
export async function bootServer(
  name,
  extraEnv = {},
  dir = mkdtempSync(path.join(os.tmpdir(), `gryx-bench-${name}-`)),
) {
  const { startEmbeddedPostgres } = require(path.join(root, "server/dist/db/embedded.js"));
  const { loadConfig } = require(path.join(root, "server/dist/config.js"));
  const { startServer } = require(path.join(root, "server/dist/server.js"));
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), quiet: true });
  const server = await startServer(
    loadConfig({
      NODE_ENV: "production",
      PUBLIC_URL: "http://127.0.0.1",
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: pg.url,
      JWT_SECRET: randomBytes(32).toString("hex"),
      ADMIN_PASSWORD: "bench-admin",
      DATA_DIR: dir,
      LOG_LEVEL: "error",
      ...extraEnv,
    }),
  );
  return {
    server,
    dir,
    async stop() {
      await server.close();
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] === self) {
  const [dir, extra] = process.argv.slice(2);
  const booted = await bootServer("seeded", { SEED_DEMO: "1", ...JSON.parse(extra || "{}") }, dir);
  process.send({ port: booted.server.port });
  process.on("message", async (m) => {
    if (m !== "stop") return;
    await booted.stop();
    process.exit(0);
  });
}
