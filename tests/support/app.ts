import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { createTestDatabase } from "./db";
import { trustFakeDevices } from "./udid-device";

const root = path.resolve(__dirname, "../..");
/** The demo certificate's root (demo/certificate, scripts/start.mjs trusts it the same way). */
export const DEMO_ROOT_PEM = path.join(root, "demo/certificate/root.pem");

/**
 * Starts scripts/ocsp-responder.mjs (the demo PKI's OCSP responder, as `npm start` runs it) on a free port through
 * `fork`, resolving with its URL. `dir` answers from a copy of the demo CA (demo/certificate/ca), e.g. to revoke in it.
 */
export async function startDemoOcspResponder(
  fork: (env: NodeJS.ProcessEnv) => ChildProcess,
  env: NodeJS.ProcessEnv = process.env,
  dir?: string,
): Promise<string> {
  const child = fork({ ...env, OCSP_RESPONDER_PORT: "0", ...(dir ? { OCSP_RESPONDER_DIR: dir } : {}) });
  return new Promise<string>((resolve, reject) => {
    child.once("message", (m: { url?: string }) => resolve(m.url!));
    child.once("exit", (code) => reject(new Error(`the demo OCSP responder exited with ${code}`)));
  });
}

export interface TestApp {
  url: string;
  /** Every server instance's URL (one unless started with `servers`); `url` is the first. */
  urls: string[];
  adminUsername: string;
  adminPassword: string;
  databaseUrl: string;
  /** The app's DATA_DIR (storage under storage/). */
  dataDir: string;
  logs(): string;
  /** Kills the worker process with SIGKILL (no shutdown at all) and waits until it is gone. */
  killWorker(): Promise<void>;
  /** Starts a new worker process (after killWorker). */
  startWorker(): void;
  stop(): Promise<void>;
}

/**
 * The real app as a user gets it: built server and worker processes (from server/dist and worker/dist) on a fresh
 * database and data directory, on a free port. Needs `npm run build` first (the test command does it).
 * `worker: false` starts the server alone; `servers: n` starts n server processes on the one database.
 * Like `npm start` outside production, the demo certificate is seeded and its root trusted (DEMO_ROOT_PEM).
 */
export async function startApp(
  extraEnv: Record<string, string> = {},
  opts: { worker?: boolean; servers?: number } = {},
): Promise<TestApp> {
  const db = await createTestDatabase({ migrated: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "gryx-app-"));
  const adminPassword = "Admin-" + randomBytes(6).toString("hex");
  const env = {
    ...process.env,
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: db.url,
    JWT_SECRET: randomBytes(32).toString("hex"),
    ADMIN_USERNAME: "admin",
    ADMIN_PASSWORD: adminPassword,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    QUEUE_PREFIX: `t${randomBytes(4).toString("hex")}`,
    // Like the default run outside production: the demo certificate (演示证书) is seeded and offered, and the server
    // and the worker trust its root besides whatever roots the test adds (DEMO_CERTIFICATE=0 turns both off).
    DEMO_CERTIFICATE: "1",
    // The tests' fake devices (tests/support/udid-device.ts) sign like real ones, under a fake iPhone Device CA.
    ...trustFakeDevices(),
    ...extraEnv,
  };
  if (env.DEMO_CERTIFICATE === "1")
    env.APPLE_EXTRA_ROOTS = [env.APPLE_EXTRA_ROOTS, DEMO_ROOT_PEM].filter(Boolean).join(",");
  let output = "";
  const children: ChildProcess[] = [];
  const spawn = (script: string, childEnv: NodeJS.ProcessEnv = env) => {
    const c = fork(path.join(root, script), [], { env: childEnv, stdio: ["ignore", "pipe", "pipe", "ipc"] });
    c.stdout?.on("data", (d) => (output += d));
    c.stderr?.on("data", (d) => (output += d));
    children.push(c);
    return c;
  };
  const stop = async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            c.once("exit", () => resolve());
            c.kill("SIGTERM");
          }),
      ),
    );
    await db.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };

  // ...and, as there, the demo PKI's OCSP responder runs (here on a free port, which server and worker are told).
  if (env.DEMO_CERTIFICATE === "1" && !env.DEMO_OCSP_URL) {
    env.DEMO_OCSP_URL = await startDemoOcspResponder((e) => spawn("scripts/ocsp-responder.mjs", e), env).catch(
      async (e) => {
        await stop();
        throw e;
      },
    );
  }
  let worker: ChildProcess | undefined;
  if (opts.worker !== false) worker = spawn("worker/dist/main.js");
  const killWorker = async () => {
    const w = worker;
    if (!w || w.exitCode !== null || w.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      w.once("exit", () => resolve());
      w.kill("SIGKILL");
    });
  };
  const servers = Array.from({ length: opts.servers ?? 1 }, () => spawn("server/dist/main.js"));
  try {
    const started = (server: ChildProcess) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`app did not start in 90 s:\n${output}`)), 90_000);
        server.on("message", (m: { type?: string; url?: string }) => {
          if (m?.type === "ready" && m.url) {
            clearTimeout(timer);
            resolve(m.url.replace("localhost", "127.0.0.1"));
          }
        });
        server.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
      });
    const urls = await Promise.all(servers.map(started));
    const url = urls[0];
    return {
      url,
      urls,
      adminUsername: "admin",
      adminPassword,
      databaseUrl: db.url,
      dataDir,
      logs: () => output,
      killWorker,
      startWorker: () => void (worker = spawn("worker/dist/main.js")),
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
