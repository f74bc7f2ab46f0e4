import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { launchDefaultRun, productionEnv } from "../support/launcher";

/**
 * `npm start` (scripts/start.mjs) on a test database: whether it runs the EPay sandbox gateway and the server
 * configures it as 沙箱支付. Needs the built server and worker (npm run build).
 */
async function launch(extraEnv: Record<string, string>) {
  const app = await launchDefaultRun(
    { SEED_DEMO: "0", QUEUE_PREFIX: `l${process.pid}`, ...extraEnv },
    { timeoutMs: 90_000 },
  );
  const secrets = JSON.parse(readFileSync(path.join(app.dataDir, "secrets.json"), "utf8"));
  return { ...app, secrets };
}

const methods = async (url: string) =>
  ((await (await fetch(`${url}/api/payments/methods`)).json()).data as { name: string }[]).map((m) => m.name);

describe("npm start and the EPay sandbox", () => {
  it("runs the sandbox gateway on loopback by default, configured as 沙箱支付, and stops it with everything else", async () => {
    const app = await launch({});
    try {
      expect(await methods(app.url)).toEqual(["沙箱支付"]);
      expect(app.secrets).toMatchObject({
        sandboxPid: expect.any(String),
        sandboxKey: expect.any(String),
        sandboxPort: expect.any(Number),
        secretsKey: expect.any(String),
      });
      const home = await fetch(`http://127.0.0.1:${app.secrets.sandboxPort}/`);
      expect(await home.text()).toContain("易支付沙箱网关");
    } finally {
      await app.stop();
    }
    await expect(fetch(`http://127.0.0.1:${app.secrets.sandboxPort}/`)).rejects.toThrow();
  }, 180_000);

  it.each([{ PAYMENT_SANDBOX: "0" }, { NODE_ENV: "production" }])(
    "does not run it with %o",
    async (env) => {
      const app = await launch(env.NODE_ENV === "production" ? await productionEnv() : env);
      try {
        expect(await methods(app.url)).toEqual([]);
        expect(app.secrets.sandboxPort).toBeUndefined();
        expect(app.output()).not.toContain("epay-sandbox");
      } finally {
        await app.stop();
      }
    },
    180_000,
  );
});
