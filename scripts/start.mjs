#!/usr/bin/env node
// The default run: embedded PostgreSQL (unless DATABASE_URL is set), then the server and the worker as child
// processes. Prints the URL and the admin login once the server listens (it does not wait for the worker).
// Ctrl-C stops everything; a second start reuses .data/.
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

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
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", resolve);
        child.send("stop");
      }),
  };
  if (!secrets.pgPort) {
    secrets.pgPort = embedded.port;
    writeFileSync(secretsFile, JSON.stringify(secrets, null, 2));
  }
  databaseUrl = ready.url;
  console.log(`[launcher] embedded PostgreSQL on 127.0.0.1:${embedded.port} (data in ${path.relative(root, dataDir) || "."}/pg)`);
}

// The local EPay sandbox gateway (scripts/epay-sandbox.mjs), configured by the server as the method 沙箱支付 so a
// top-up works end to end out of the box. Never when the operator runs with NODE_ENV=production or PAYMENT_SANDBOX=0.
let sandbox = null;
if (process.env.NODE_ENV !== "production" && process.env.PAYMENT_SANDBOX !== "0") {
  secrets.sandboxPid ??= "1000";
  secrets.sandboxKey ??= randomBytes(24).toString("base64url");
  writeFileSync(secretsFile, JSON.stringify(secrets, null, 2));
  const child = fork(path.join(root, "scripts/epay-sandbox.mjs"), [], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, EPAY_SANDBOX_PID: secrets.sandboxPid, EPAY_SANDBOX_KEY: secrets.sandboxKey, EPAY_SANDBOX_PORT: String(secrets.sandboxPort ?? 0) },
  });
  const url = await new Promise((resolve, reject) => {
    child.once("message", (m) => resolve(m.url));
    child.once("exit", (code) => reject(new Error(`exit ${code}`)));
  }).catch((e) => {
    console.warn(`[launcher] EPay sandbox did not start (${e.message}); top-ups have no sandbox method this run` + (secrets.sandboxPort ? ` (port ${secrets.sandboxPort} taken? remove sandboxPort from ${secretsFile})` : ""));
    return null;
  });
  if (url) {
    if (secrets.sandboxPort === undefined) {
      secrets.sandboxPort = Number(new URL(url).port);
      writeFileSync(secretsFile, JSON.stringify(secrets, null, 2));
    }
    sandbox = { child, url };
  }
}

// The demo certificate (演示证书, demo/certificate): the server seeds it and offers it to every user, and both the
// server and the worker trust its root, unless the operator runs with NODE_ENV=production (the launcher runs the
// built app with NODE_ENV=production either way, so the operator's setting is what tells production apart).
const demoCertificate = process.env.NODE_ENV !== "production" && process.env.DEMO_CERTIFICATE !== "0";
const extraRoots = [process.env.APPLE_EXTRA_ROOTS, demoCertificate ? path.join(root, "demo/certificate/root.pem") : ""].filter(Boolean).join(",");

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
  ...(sandbox ? { PAYMENT_SANDBOX_URL: sandbox.url, PAYMENT_SANDBOX_PID: secrets.sandboxPid, PAYMENT_SANDBOX_KEY: secrets.sandboxKey } : {}),
};

const children = sandbox ? [sandbox.child] : [];
let stopping = false;
sandbox?.child.on("exit", (code, signal) => {
  if (!stopping) {
    console.error(`[launcher] EPay sandbox exited (${signal ?? code}); stopping`);
    void stop(1);
  }
});
function spawn(name, script) {
  const child = fork(path.join(root, script), [], { env, stdio: "inherit" });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`[launcher] ${name} exited (${signal ?? code}); stopping`);
      void stop(1);
    }
  });
  children.push(child);
  return child;
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(
      (c) =>
        new Promise((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          c.once("exit", resolve);
          c.kill("SIGTERM");
        }),
    ),
  );
  if (embedded) await embedded.stop().catch(() => undefined);
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

spawn("worker", "worker/dist/main.js");
const server = spawn("server", "server/dist/main.js");
server.on("message", (msg) => {
  if (msg?.type !== "ready") return;
  const line = "─".repeat(56);
  console.log(`\n${line}\n  应用已启动  ${msg.url}\n  GraphiQL   ${msg.url}/graphql\n  管理后台    ${msg.url}/admin/login\n  管理员账号  ${adminUsername}\n  管理员密码  ${adminPassword}\n  按 Ctrl-C 停止\n${line}\n`);
});
