#!/usr/bin/env node
// The default run: embedded PostgreSQL (unless DATABASE_URL is set), then the server and the worker as child
// processes. Prints the URL and the admin login once the server listens (it does not wait for the worker).
// A child that dies (the worker, the server, the EPay sandbox, the demo OCSP responder) is started again after a back-off (1 s doubling to
// 30 s, back to 1 s once it has run a minute), so a crash never takes the site down; one that exits with 2 (a
// configuration problem) stops everything, since starting it again cannot help.
// Ctrl-C stops everything, within seconds even when the database under it is gone; a second start reuses .data/.
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_OCSP_ADDRESS } from "@gryx/apple/ocsp-responder";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, ".data"));
mkdirSync(dataDir, { recursive: true });

// Secrets generated on first run and kept, so tokens and the admin login survive restarts.
const secretsFile = path.join(dataDir, "secrets.json");
const secrets = existsSync(secretsFile) ? JSON.parse(readFileSync(secretsFile, "utf8")) : {};
secrets.jwtSecret ??= randomBytes(48).toString("base64url");
// Stored secrets (payment merchant keys) are encrypted under their own key, so rotating JWT_SECRET keeps them readable.
secrets.secretsKey ??= randomBytes(48).toString("base64url");
if (!process.env.ADMIN_PASSWORD) secrets.adminPassword ??= randomBytes(9).toString("base64url");
writeFileSync(secretsFile, JSON.stringify(secrets, null, 2));
chmodSync(secretsFile, 0o600);

const adminUsername = process.env.ADMIN_USERNAME || "admin";
const adminPassword = process.env.ADMIN_PASSWORD || secrets.adminPassword;

let embedded = null;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  const port = Number(process.env.PG_PORT ?? secrets.pgPort ?? 0) || "";
  const child = fork(path.join(root, "scripts/embedded-db.mjs"), [], {
    detached: true,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, PG_DIR: path.join(dataDir, "pg"), PG_PORT: String(port) },
  });
  const ready = await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`embedded PostgreSQL failed to start (exit ${code})`)));
  });
  embedded = {
    port: ready.port,
    // A clean stop takes a second or two; a crashed cluster can keep pg_ctl waiting for a minute: then it is killed
    // (its process group: the wrapper and whatever of PostgreSQL is left).
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => {
          try {
            process.kill(-child.pid, "SIGKILL");
          } catch {
            child.kill("SIGKILL");
          }
        }, 8000);
        child.once("exit", () => {
          clearTimeout(kill);
          resolve();
        });
        if (child.connected) child.send("stop");
        else child.kill("SIGTERM");
      }),
  };
  if (!secrets.pgPort) {
    secrets.pgPort = embedded.port;
    writeFileSync(secretsFile, JSON.stringify(secrets, null, 2));
  }
  databaseUrl = ready.url;
  console.log(
    `[launcher] embedded PostgreSQL on 127.0.0.1:${embedded.port} (data in ${path.relative(root, dataDir) || "."}/pg)`,
  );
}

/** Forks a loopback helper service (a scripts/*.mjs that sends {type: "ready", url}); resolves with its URL. */
function forkService(script, extraEnv) {
  const child = fork(path.join(root, script), [], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, ...extraEnv },
  });
  const url = new Promise((resolve, reject) => {
    child.once("message", (m) => resolve(m.url));
    child.once("exit", (code) => reject(new Error(`exit ${code}`)));
  });
  return { child, url };
}

// The local EPay sandbox gateway (scripts/epay-sandbox.mjs), configured by the server as the method 沙箱支付 so a
// top-up works end to end out of the box. Never when the operator runs with NODE_ENV=production or PAYMENT_SANDBOX=0.
let sandbox = null;
if (process.env.NODE_ENV !== "production" && process.env.PAYMENT_SANDBOX !== "0") {
  secrets.sandboxPid ??= "1000";
  secrets.sandboxKey ??= randomBytes(24).toString("base64url");
  writeFileSync(secretsFile, JSON.stringify(secrets, null, 2));
  const startSandbox = () =>
    forkService("scripts/epay-sandbox.mjs", {
      EPAY_SANDBOX_PID: secrets.sandboxPid,
      EPAY_SANDBOX_KEY: secrets.sandboxKey,
      EPAY_SANDBOX_PORT: String(secrets.sandboxPort ?? 0),
    });
  const first = startSandbox();
  const url = await first.url.catch((e) => {
    console.warn(
      `[launcher] EPay sandbox did not start (${e.message}); top-ups have no sandbox method this run` +
        (secrets.sandboxPort ? ` (port ${secrets.sandboxPort} taken? remove sandboxPort from ${secretsFile})` : ""),
    );
    return null;
  });
  if (url) {
    if (secrets.sandboxPort === undefined) {
      secrets.sandboxPort = Number(new URL(url).port);
      writeFileSync(secretsFile, JSON.stringify(secrets, null, 2));
    }
    // Started again on the same port (kept in secrets.json), so the URL the server was given stays right.
    sandbox = { child: first.child, url, start: () => startSandbox().child };
  }
}

// The demo certificate (演示证书, demo/certificate): the server seeds it and offers it to every user, and both the
// server and the worker trust its root, unless the operator runs with NODE_ENV=production (the launcher runs the
// built app with NODE_ENV=production either way, so the operator's setting is what tells production apart).
const demoCertificate = process.env.NODE_ENV !== "production" && process.env.DEMO_CERTIFICATE !== "0";
const extraRoots = [process.env.APPLE_EXTRA_ROOTS, demoCertificate ? path.join(root, "demo/certificate/root.pem") : ""]
  .filter(Boolean)
  .join(",");

// The demo PKI's OCSP responder (scripts/ocsp-responder.mjs, loopback only), so status checks of the demo certificate
// (and the mall's copies of it) ask a real responder: on 127.0.0.1:6960, the address the demo certificates name, or,
// when that port is taken, on any free port, which the server and the worker are told (DEMO_OCSP_URL).
let ocspResponder = null;
if (demoCertificate) {
  const startResponder = (port) => forkService("scripts/ocsp-responder.mjs", { OCSP_RESPONDER_PORT: String(port) });
  let first = startResponder(Number(new URL(DEMO_OCSP_ADDRESS).port));
  let url = await first.url.catch(() => null);
  if (!url) {
    first = startResponder(0);
    url = await first.url.catch((e) => {
      console.warn(`[launcher] demo OCSP responder did not start (${e.message}); demo certificate checks will fail`);
      return null;
    });
  }
  if (url) {
    const port = Number(new URL(url).port);
    ocspResponder = { child: first.child, url, start: () => startResponder(port).child };
  }
}

const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  JWT_SECRET: process.env.JWT_SECRET || secrets.jwtSecret,
  ADMIN_USERNAME: adminUsername,
  ADMIN_PASSWORD: adminPassword,
  DATA_DIR: dataDir,
  // The built app runs as in production (graphql-js and Express skip their development-time checks).
  NODE_ENV: process.env.NODE_ENV ?? "production",
  // ...but unless the operator asked for production, it is this machine's own run, not a deployment: PUBLIC_URL is
  // not required (links follow the Host when it names this machine) and GraphiQL stays available.
  DEFAULT_RUN: process.env.NODE_ENV === "production" ? "0" : "1",
  // The default run fills an empty catalogue with demo data once (SEED_DEMO=0 turns it off).
  SEED_DEMO: process.env.SEED_DEMO ?? "1",
  SECRETS_KEY: process.env.SECRETS_KEY || secrets.secretsKey,
  DEMO_CERTIFICATE: demoCertificate ? "1" : "0",
  ...(extraRoots ? { APPLE_EXTRA_ROOTS: extraRoots } : {}),
  ...(ocspResponder && ocspResponder.url !== DEMO_OCSP_ADDRESS ? { DEMO_OCSP_URL: ocspResponder.url } : {}),
  ...(sandbox
    ? {
        PAYMENT_SANDBOX_URL: sandbox.url,
        PAYMENT_SANDBOX_PID: secrets.sandboxPid,
        PAYMENT_SANDBOX_KEY: secrets.sandboxKey,
      }
    : {}),
};

/** Children by name, each with its supervision state. */
const supervised = new Map();
let stopping = false;
const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 30_000;
/** A child that ran this long before dying starts again after the shortest back-off. */
const HEALTHY_AFTER_MS = 60_000;

/**
 * Keeps one child running: `start()` forks it; when it exits while the launcher is not stopping, it is started again
 * after the back-off. Exit code 2 (refused configuration) stops the launcher instead.
 */
function supervise(name, start, first) {
  const entry = { name, child: null, backoff: BACKOFF_MIN_MS, timer: null, startedAt: 0 };
  supervised.set(name, entry);
  const run = (child) => {
    entry.child = child;
    entry.startedAt = Date.now();
    console.log(`[launcher] ${name} started (pid ${child.pid})`);
    child.on("exit", (code, signal) => {
      if (stopping) return;
      if (code === 2) {
        console.error(`[launcher] ${name} refused its configuration (exit 2); stopping`);
        return void stop(1);
      }
      if (Date.now() - entry.startedAt >= HEALTHY_AFTER_MS) entry.backoff = BACKOFF_MIN_MS;
      const wait = entry.backoff;
      entry.backoff = Math.min(entry.backoff * 2, BACKOFF_MAX_MS);
      console.error(`[launcher] ${name} exited (${signal ?? code}); starting it again in ${Math.round(wait / 1000)} s`);
      entry.timer = setTimeout(() => {
        entry.timer = null;
        if (!stopping) run(start());
      }, wait);
    });
  };
  run(first ?? start());
  return entry;
}

/** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
function end(child, graceMs) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  // Each child gets a few seconds to shut down on its own: with the database gone its shutdown may wait on it.
  await Promise.all(
    [...supervised.values()].map((e) => {
      if (e.timer) clearTimeout(e.timer);
      return end(e.child, 12_000);
    }),
  );
  if (embedded) await embedded.stop().catch(() => undefined);
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

const app = (script) => () =>
  fork(path.join(root, script), [], { env, stdio: ["inherit", "inherit", "inherit", "ipc"] });
if (sandbox) supervise("EPay sandbox", sandbox.start, sandbox.child);
if (ocspResponder) supervise("demo OCSP responder", ocspResponder.start, ocspResponder.child);
supervise("worker", app("worker/dist/main.js"));
let announced = false;
supervise("server", () => {
  const server = app("server/dist/main.js")();
  server.on("message", (msg) => {
    if (msg?.type !== "ready" || announced) return;
    announced = true;
    const line = "─".repeat(56);
    console.log(
      `\n${line}\n  应用已启动  ${msg.url}\n  GraphiQL   ${msg.url}/graphql\n  管理后台    ${msg.url}/admin/login\n  管理员账号  ${adminUsername}\n  管理员密码  ${adminPassword}\n  按 Ctrl-C 停止\n${line}\n`,
    );
  });
  return server;
});
