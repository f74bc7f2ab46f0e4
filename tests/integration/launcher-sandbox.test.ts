import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/db";

const root = path.resolve(__dirname, "../..");

/**
 * `npm start` (scripts/start.mjs) on a test database: whether it runs the EPay sandbox gateway and the server
 * configures it as 沙箱支付. Needs the built server and worker (npm run build).
 */
async function launch(extraEnv: Record<string, string>) {
  const db = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "gryx-launch-"));
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", SEED_DEMO: "0", LOG_LEVEL: "warn", QUEUE_PREFIX: `l${process.pid}`, ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in 90 s:\n${output}`)), 90_000);
    const check = () => {
      const m = /应用已启动\s+(http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout.on("data", check);
    child.on("exit", (code) => reject(new Error(`launcher exited ${code}:\n${output}`)));
  });
  const secrets = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8"));
  return {
    url,
    secrets,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      await db.drop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const methods = async (url: string) => ((await (await fetch(`${url}/api/payments/methods`)).json()).data as { name: string }[]).map((m) => m.name);

describe("npm start and the EPay sandbox", () => {
  it("runs the sandbox gateway on loopback by default, configured as 沙箱支付, and stops it with everything else", async () => {
    const app = await launch({});
    try {
      expect(await methods(app.url)).toEqual(["沙箱支付"]);
      expect(app.secrets).toMatchObject({ sandboxPid: expect.any(String), sandboxKey: expect.any(String), sandboxPort: expect.any(Number), secretsKey: expect.any(String) });
      const home = await fetch(`http://127.0.0.1:${app.secrets.sandboxPort}/`);
      expect(await home.text()).toContain("易支付沙箱网关");
    } finally {
      await app.stop();
    }
    await expect(fetch(`http://127.0.0.1:${app.secrets.sandboxPort}/`)).rejects.toThrow();
  }, 180_000);

  it.each([{ PAYMENT_SANDBOX: "0" }, { NODE_ENV: "production" }])("does not run it with %o", async (env) => {
    const app = await launch(env);
    try {
      expect(await methods(app.url)).toEqual([]);
      expect(app.secrets.sandboxPort).toBeUndefined();
      expect(app.output()).not.toContain("epay-sandbox");
    } finally {
      await app.stop();
    }
  }, 180_000);
});
