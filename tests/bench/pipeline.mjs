#!/usr/bin/env node
/**
 * Signing pipeline benchmark: the wall time of a bare `ipasign sign` of a ~100 MB IPA (a child process, like the
 * worker's job runs the same code) against the same signing as a task of the site (POST create-task → the task is
 * done, watched by polling every 20 ms; the upload is excluded), on one embedded PostgreSQL, the built server and a
 * real worker process. Each side runs RUNS times, alternating; medians are compared.
 *
 *   npm run bench:pipeline          (BENCH_DIR=/path to choose the disk, RUNS=5)
 *
 * Target: task / bare ≤ 1.25. Exits 1 when missed.
 */
import { fork, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bootServer } from "./seeded-server.mjs";
import { buildBenchIpa, FIXTURE_CREDENTIALS } from "./lib/bench-ipa.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const FIX = path.join(ROOT, "packages/apple/fixtures/out");
const RUNS = Number(process.env.RUNS ?? 5);
const TARGET = 1.25;
const MB = 1024 * 1024;

const work = fs.mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), "pipeline-bench-"));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function bareSign(ipa, out) {
  const t0 = performance.now();
  await new Promise((resolve, reject) => {
    const p = spawn(
      process.execPath,
      [
        path.join(ROOT, "worker/bin/ipasign.js"),
        "sign",
        "--ipa",
        ipa,
        "--p12",
        FIXTURE_CREDENTIALS.p12,
        "--password",
        FIXTURE_CREDENTIALS.password,
        "--profile",
        FIXTURE_CREDENTIALS.profile,
        "--out",
        out,
      ],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    p.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`ipasign exited ${code}`))));
  });
  const ms = performance.now() - t0;
  fs.rmSync(out, { force: true });
  return ms;
}

async function main() {
  // The signing bench's 100 MB IPA: 10 × 10 MiB incompressible resources and the fixture fat app.
  const { path: ipa } = await buildBenchIpa(work, { files: 10, fileMiB: 10, name: "bench-100mb.ipa" });
  const size = fs.statSync(ipa).size;
  console.log(`input: ${(size / MB).toFixed(1)} MB IPA, ${os.cpus().length} cores, ${RUNS} runs each`);

  const jwt = randomBytes(32).toString("hex");
  const env = {
    JWT_SECRET: jwt,
    APPLE_EXTRA_ROOTS: path.join(FIX, "pki/root.pem"),
    NODE_ENV: "production",
    PUBLIC_URL: "http://127.0.0.1",
  };
  const booted = await bootServer("pipeline", env);
  const { config } = booted.server.services;
  const worker = fork(path.join(ROOT, "worker/dist/main.js"), [], {
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: config.databaseUrl,
      QUEUE_PREFIX: config.queuePrefix,
      STORAGE_DIR: config.storageDir,
      SIGNING_CONCURRENCY: "1",
    },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const base = `http://127.0.0.1:${booted.server.port}`;
  const call = async (method, p, body, token) => {
    const res = await fetch(base + p, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body && !(body instanceof FormData) ? { "content-type": "application/json" } : {}),
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    if (!json.success) throw new Error(`${method} ${p}: ${JSON.stringify(json)}`);
    return json.data;
  };
  try {
    await call("POST", "/api/auth/register", { username: "bencher", password: "secret1" });
    const { token } = await call("POST", "/api/auth/login", { username: "bencher", password: "secret1" });
    const certForm = new FormData();
    certForm.append("p12", new Blob([fs.readFileSync(FIXTURE_CREDENTIALS.p12)]), "c.p12");
    certForm.append("mobileprovision", new Blob([fs.readFileSync(FIXTURE_CREDENTIALS.profile)]), "p.mobileprovision");
    certForm.append("password", FIXTURE_CREDENTIALS.password);
    const cert = await call("POST", "/api/certificates/upload", certForm, token);
    const ipaForm = new FormData();
    ipaForm.append("ipa", new Blob([fs.readFileSync(ipa)]), "bench.ipa");
    const upload = await call("POST", "/api/signing/upload-ipa", ipaForm, token);

    // The worker is up once it takes a first (warm-up) task.
    const asTask = async () => {
      const t0 = performance.now();
      const t = await call("POST", "/api/signing/create-task", { certificate_id: cert.id, ipa_id: upload.id }, token);
      for (;;) {
        const s = await call("GET", `/api/signing/tasks/${t.task_id}`, undefined, token);
        if (s.status === "done") break;
        if (s.status === "failed" || s.status === "cancelled")
          throw new Error(`task ${s.status}: ${JSON.stringify(s.error)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const ms = performance.now() - t0;
      await call("DELETE", `/api/signing/delete/${t.task_id}`, undefined, token);
      return ms;
    };
    await asTask();
    await bareSign(ipa, path.join(work, "warm.ipa"));

    const bare = [];
    const task = [];
    for (let i = 0; i < RUNS; i++) {
      bare.push(await bareSign(ipa, path.join(work, `bare-${i}.ipa`)));
      task.push(await asTask());
    }
    const b = median(bare);
    const t = median(task);
    const ratio = t / b;
    console.log(`bare ipasign sign: ${fmt(b)} (median of ${bare.map(fmt).join(", ")})`);
    console.log(`as a task (create → done): ${fmt(t)} (median of ${task.map(fmt).join(", ")})`);
    console.log(`ratio task/bare: ${ratio.toFixed(2)} (target ≤ ${TARGET})`);
    if (ratio > TARGET) process.exitCode = 1;
  } finally {
    worker.kill("SIGTERM");
    await new Promise((r) => worker.once("exit", r));
    await booted.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
