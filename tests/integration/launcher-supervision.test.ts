/**
 * `npm start` (scripts/start.mjs) supervises its children (issue 19, item 3): a worker killed with SIGKILL is started
 * again while the site keeps answering, and the new worker processes jobs; the EPay sandbox likewise comes back on its
 * port; and after the database under it crashes, Ctrl-C still ends the launcher promptly.
 * Needs the built server and worker (npm run build).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { client } from "../support/inprocess";
import { launchDefaultRun } from "../support/launcher";
import { pollUntil } from "../support/wait";

/** Pids the launcher reported for `name`, in order ("[launcher] worker started (pid 123)"). */
const pids = (output: string, name: string) =>
  [...output.matchAll(new RegExp(`\\[launcher\\] ${name} started \\(pid (\\d+)\\)`, "g"))].map((m) => Number(m[1]));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("npm start keeps the site up", () => {
  it("starts a SIGKILLed worker again (the site answers meanwhile, the new one runs jobs) and a killed EPay sandbox on its port", async () => {
    const adminPassword = "Admin-supervise-1";
    const app = await launchDefaultRun(
      { SEED_DEMO: "0", DEMO_CERTIFICATE: "0", ADMIN_PASSWORD: adminPassword, QUEUE_PREFIX: `sv${process.pid}` },
      { timeoutMs: 90_000 },
    );
    try {
      const admin = client(app.url);
      await admin.login("admin", adminPassword);
      const roundTrip = async () =>
        (await admin.rest("POST", "/api/admin/health/job-round-trip")).body.data as { worker?: string } | null;
      const [first] = await pollUntil(
        async () => (pids(app.output(), "worker").length ? pids(app.output(), "worker") : null),
        60_000,
      );
      expect((await pollUntil(roundTrip, 60_000)).worker).toContain(`:${first}`);

      process.kill(first, "SIGKILL");
      // The site answers while there is no worker and while the new one starts.
      let answered = 0;
      const second = await pollUntil(async () => {
        const h = await fetch(`${app.url}/api/health`);
        await h.arrayBuffer();
        expect(h.status).toBeLessThan(500);
        answered++;
        return pids(app.output(), "worker").find((p) => p !== first) ?? null;
      }, 60_000);
      expect(answered).toBeGreaterThan(0);
      expect(app.output()).toMatch(/worker exited \(SIGKILL\); starting it again/);
      // The new worker takes jobs.
      const done = await pollUntil(async () => {
        const r = await roundTrip();
        return r?.worker?.endsWith(`:${second}`) ? r : null;
      }, 90_000);
      expect(done.worker).toContain(`:${second}`);

      const port = JSON.parse(readFileSync(path.join(app.dataDir, "secrets.json"), "utf8")).sandboxPort as number;
      const [sandbox] = pids(app.output(), "EPay sandbox");
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toContain("易支付沙箱网关");
      process.kill(sandbox, "SIGKILL");
      await pollUntil(async () => pids(app.output(), "EPay sandbox").find((p) => p !== sandbox) ?? null, 60_000);
      const page = await pollUntil(
        async () =>
          fetch(`http://127.0.0.1:${port}/`)
            .then((r) => r.text())
            .catch(() => null),
        60_000,
      );
      expect(page).toContain("易支付沙箱网关");
    } finally {
      await app.stop();
    }
  }, 300_000);

  it("after the embedded database crashes, Ctrl-C (SIGINT) ends the launcher and everything under it promptly", async () => {
    const app = await launchDefaultRun(
      { SEED_DEMO: "0", DEMO_CERTIFICATE: "0", PAYMENT_SANDBOX: "0", QUEUE_PREFIX: `sd${process.pid}` },
      { timeoutMs: 120_000, embeddedDatabase: true },
    );
    try {
      const postmaster = Number(readFileSync(path.join(app.dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
      expect(alive(postmaster)).toBe(true);
      process.kill(postmaster, "SIGKILL");
      await pollUntil(async () => !alive(postmaster), 30_000);
      // Let the server and the worker notice (their pools lose their connections).
      await pollUntil(
        async () =>
          (await fetch(`${app.url}/api/health`)
            .then((r) => r.status)
            .catch(() => 0)) !== 200 || null,
        30_000,
      ).catch(() => undefined);
      const children = [...pids(app.output(), "worker"), ...pids(app.output(), "server")];
      const started = Date.now();
      const code = await app.interrupt();
      const tookMs = Date.now() - started;
      // Before: over a minute (the children and pg_ctl waiting on the dead database). Now each part is bounded.
      expect(tookMs).toBeLessThan(45_000);
      expect(code).not.toBeNull();
      for (const pid of children) expect(alive(pid)).toBe(false);
    } finally {
      await app.stop();
    }
  }, 300_000);

  it("docker-compose.yml restarts every service that dies", () => {
    const compose = readFileSync(path.resolve(__dirname, "../../docker-compose.yml"), "utf8");
    const services = compose.split(/^services:\n/m)[1].split(/^\S/m)[0];
    const blocks = services.split(/^ {2}(?=[a-z])/m).filter((b) => b.trim());
    expect(blocks.map((b) => b.split(":")[0])).toEqual([
      "postgres",
      "redis",
      "minio",
      "minio-bucket",
      "tls-init",
      "proxy",
      "server",
      "worker",
    ]);
    for (const b of blocks) {
      const name = b.split(":")[0];
      // The bucket and the placeholder certificate are made by one-shot jobs: each runs until it has succeeded once.
      expect(b, name).toMatch(
        name === "minio-bucket" || name === "tls-init"
          ? /^ {4}restart: on-failure$/m
          : /^ {4}restart: (unless-stopped|always)$/m,
      );
    }
    // No volume shared between servers and workers: stored files live in the object store.
    expect(compose).toMatch(/STORAGE_BACKEND: s3/);
    for (const name of ["server", "worker"]) {
      const block = blocks.find((b) => b.startsWith(`${name}:`))!;
      expect(block, name).not.toMatch(/^ {4}volumes:/m);
      expect(block, name).toMatch(/^ {4}deploy:\n {6}replicas: /m);
    }
  });
});
