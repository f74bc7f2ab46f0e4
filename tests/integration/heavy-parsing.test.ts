/**
 * Heavy parsing never freezes the server (issue 19, item 1): a p12 asking for millions of PBKDF iterations is refused
 * before any derivation, on every route that takes a p12, and a legitimate but slow p12 is opened off the event loop,
 * so other requests are answered while it is.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturePath } from "../../packages/apple/fixtures/fixtures";
import { client, startInProcess } from "../support/inprocess";
import { fixtures, P12_PASSWORD, postForm, trustFixtureRoot } from "../support/certificates";

type Server = Awaited<ReturnType<typeof startInProcess>>;
let server: Server;
let token: string;

/** The fixture leaf and its key exported by OpenSSL with `extra` options. */
function exportP12(extra: string[]): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), "p12-heavy-"));
  const out = path.join(dir, "c.p12");
  execFileSync("openssl", [
    "pkcs12",
    "-export",
    "-inkey",
    fixturePath("pki/leaf.key"),
    "-in",
    fixturePath("pki/leaf.pem"),
    "-passout",
    `pass:${P12_PASSWORD}`,
    "-out",
    out,
    ...extra,
  ]);
  return readFileSync(out);
}

let hostile: Buffer;
let slow: Buffer;

beforeAll(async () => {
  hostile = exportP12(["-iter", "2000000", "-maciter"]);
  // At the cap: accepted, and node-forge takes seconds over it (three derivations of 100,000 iterations).
  slow = exportP12(["-iter", "100000"]);
  // The slow p12 takes seconds on a quiet machine and can take more than the default 20 s parse limit on a loaded one.
  server = await startInProcess({
    ...trustFixtureRoot(),
    SECRETS_KEY: "h".repeat(40),
    APPLE_PARSE_TIMEOUT_MS: "120000",
  });
  const c = client(server.url);
  expect((await c.rest("POST", "/api/auth/register", { username: "heavy_user", password: "secret1" })).status).toBe(
    200,
  );
  token = (await c.rest("POST", "/api/auth/login", { username: "heavy_user", password: "secret1" })).body.data.token;
}, 120_000);
afterAll(async () => {
  await server?.stopAll();
});

describe("PBKDF iteration cap", () => {
  it.each([
    ["/api/certificates/verify-p12-password", {}],
    ["/api/certificates/upload", { mobileprovision: true }],
    ["/api/temp-certificates/upload", { mobileprovision: true }],
  ])("%s refuses a p12 of 2,000,000 iterations with CERT_P12_ITERATIONS", async (route, extra) => {
    const files = {
      p12: hostile,
      ...(extra.mobileprovision ? { mobileprovision: fixtures.developmentProfile() } : {}),
    };
    const r = await postForm(`${server.url}${route}`, token, files, { password: P12_PASSWORD, days: "7" });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: "CERT_P12_ITERATIONS" });
    expect(r.body.message).toMatch(/迭代次数过高/);
  });
});

describe("parsing off the event loop", () => {
  it("answers /api/health while a slow (legitimate) p12 is being opened, and the event loop never stalls for it", async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    let slowDone = false;
    const slowReq = postForm(
      `${server.url}/api/certificates/verify-p12-password`,
      token,
      { p12: slow },
      { password: P12_PASSWORD },
    ).then((r) => {
      slowDone = true;
      return r;
    });
    // Health answers keep coming while the slow one is in flight.
    let answeredDuring = 0;
    while (!slowDone) {
      const h = await fetch(`${server.url}/api/health`);
      await h.arrayBuffer();
      expect(h.status).toBeLessThan(500);
      if (!slowDone) answeredDuring++;
    }
    const r = await slowReq;
    const slowMs = performance.now() - started;
    delay.disable();
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ valid: true });
    expect(answeredDuring).toBeGreaterThanOrEqual(3);
    // Synchronous parsing would stall the loop for (nearly) the whole request; off the loop the longest stall is a
    // small part of it, however slow the machine.
    const maxStallMs = delay.max / 1e6;
    expect(maxStallMs).toBeLessThan(slowMs / 2);
  });
});
