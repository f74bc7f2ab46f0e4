import { spawn } from "node:child_process";
import { freePort } from "./net.mjs";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestDatabase } from "./db";

const root = path.resolve(__dirname, "../..");

/**
 * `npm start` (scripts/start.mjs) on a fresh test database and data directory, on a free port, resolved once it prints
 * its URL. `env` is added to this process's environment less the `unset` names (to run it as a user's shell would).
 * Needs the built server and worker (npm run build). `stop()` ends it and removes the database and the directory;
 * `interrupt()` sends SIGINT (a Ctrl-C) and resolves with the exit code once the launcher is gone.
 * `embeddedDatabase` runs it as a fresh checkout does: no DATABASE_URL, its own embedded PostgreSQL under the data
 * directory.
 */
export async function launchDefaultRun(
  env: Record<string, string>,
  opts: { unset?: string[]; timeoutMs?: number; embeddedDatabase?: boolean } = {},
) {
  const db = opts.embeddedDatabase ? { url: "", drop: async () => undefined } : await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "gryx-launch-"));
  const shell: NodeJS.ProcessEnv = { ...process.env };
  for (const name of opts.unset ?? []) delete shell[name];
  if (opts.embeddedDatabase) delete shell.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    env: {
      ...shell,
      ...(db.url ? { DATABASE_URL: db.url } : {}),
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  const interrupt = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
    return exited;
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    await db.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in ${timeoutMs / 1000} s:\n${output}`)), timeoutMs);
    child.stdout.on("data", () => {
      const m = /应用已启动\s+(http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace("localhost", "127.0.0.1"));
      }
    });
    child.on("exit", (code) => reject(new Error(`launcher exited ${code}:\n${output}`)));
  }).catch(async (e) => {
    await stop();
    throw e;
  });
  return { url, dataDir, output: () => output, stop, interrupt };
}

/**
 * What an operator's production run needs besides NODE_ENV=production: PUBLIC_URL (start-up refuses without it), here
 * this machine's address on a port chosen now, which the server then listens on.
 */
export async function productionEnv(): Promise<Record<string, string>> {
  const port: number = await freePort();
  return { NODE_ENV: "production", PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` };
}
