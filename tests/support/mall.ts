import { expect } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { fixtures, P12_PASSWORD, postForm, trustFixtureRoot } from "./certificates";
import { startAscServer, type AscKeyInfo, type AscServer, ascProfile } from "./asc-server";

/** What the helpers need of a client: a JSON REST call with the admin's token. */
export interface RestClient {
  rest(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
}
type Client = RestClient;

/** A RestClient for `token` against `baseUrl` (the in-process tests' `client` is one too). */
export function restClient(baseUrl: string, token: string): RestClient {
  return {
    async rest(method, path, body) {
      const res = await fetch(baseUrl + path, {
        method,
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let json: any;
      try {
        json = JSON.parse(text);
      } catch {
        json = { raw: text };
      }
      return { status: res.status, body: json };
    },
  };
}

/** The env server and worker need for the mall against the local App Store Connect server. */
export function mallEnv(asc: AscServer): Record<string, string> {
  return { ...trustFixtureRoot(), ASC_BASE_URL: asc.url };
}

/**
 * One App Store Connect account end to end: a team on the local server holding the fixtures' leaf certificate, the
 * platform certificate (the leaf's p12 with a profile), the .p8 key, and the mall account pairing them.
 */
export async function addAccount(
  baseUrl: string,
  admin: Client,
  adminToken: string,
  asc: AscServer,
  name: string,
  opts: { deviceLimit?: number; preRegistered?: string[]; profile?: Buffer } = {},
) {
  const teamId = `T${randomUUID().replace(/-/g, "").slice(0, 9).toUpperCase()}`;
  const key: AscKeyInfo = asc.addTeam({
    teamId,
    certificateDer: fixtures.leafDer(),
    deviceLimit: opts.deviceLimit,
    preRegistered: opts.preRegistered,
  });
  const cert = await postForm(
    `${baseUrl}/api/admin/platform-certificates/upload`,
    adminToken,
    { p12: fixtures.p12(), mobileprovision: opts.profile ?? nextPlatformProfile() },
    { password: P12_PASSWORD, name: `${name}证书` },
  );
  expect(cert.status, JSON.stringify(cert.body)).toBe(200);
  const p8 = await admin.rest("POST", "/api/admin/p8-certificates", {
    name: `${name}密钥`,
    issuer_id: key.issuerId,
    key_id: key.keyId,
    private_key: key.pem,
  });
  expect(p8.status, JSON.stringify(p8.body)).toBe(200);
  const acc = await admin.rest("POST", "/api/admin/cert-apis", {
    name,
    p8_key_id: p8.body.data.id,
    certificate_id: cert.body.data.id,
    device_limit: opts.deviceLimit ?? 100,
  });
  expect(acc.status, JSON.stringify(acc.body)).toBe(200);
  return { id: Number(acc.body.data.id), key, teamId, certificateId: Number(cert.body.data.id) };
}

// The fixtures' leaf may be a platform certificate once per profile (duplicates are refused): one profile per account.
let platformProfiles = 0;
function nextPlatformProfile(): Buffer {
  const all = [fixtures.developmentProfile, fixtures.adhocProfile];
  const i = platformProfiles++;
  if (i < all.length) return all[i]();
  return ascProfile(`platform-${i}`, "TEAMID1234", fixtures.leafDer(), []);
}

/** A package with one plan; returns both ids. */
export async function addPackage(
  admin: Client,
  opts: {
    name?: string;
    source?: string;
    supplierId?: number;
    price?: number;
    stock?: number | null;
    warrantyDays?: number;
  } = {},
) {
  const pkg = await admin.rest("POST", "/api/admin/certificate-packages", {
    name: opts.name ?? "稳定版证书",
    description: "独立设备，掉签包赔",
    kind: "stable",
    source: opts.source ?? "asc",
    supplier_id: opts.supplierId,
    device_type: "iphone",
  });
  expect(pkg.status, JSON.stringify(pkg.body)).toBe(200);
  const plan = await admin.rest("POST", "/api/admin/price-plans", {
    package_id: pkg.body.data.id,
    name: "一年",
    duration_days: 365,
    price: opts.price ?? 30,
    warranty_days: opts.warrantyDays ?? 180,
    renewal_discount_pct: 20,
    stock: opts.stock ?? null,
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(200);
  return { packageId: Number(pkg.body.data.id), planId: Number(plan.body.data.id) };
}

export { startAscServer };

/**
 * A supplier speaking our protocol (see server/src/modules/mall/README.md): checks the HMAC signature, keeps orders by reference
 * (placing the same reference twice answers the same order), reports `processing` for `pollsBeforeDone` polls and
 * then `done`, and hands out the fixtures' leaf p12 with an ad hoc profile for the order's device. `mode` makes it
 * fail orders, or answer slowly (a timeout).
 */
export async function startSupplier(key: string, opts: { pollsBeforeDone?: number } = {}) {
  const orders = new Map<string, { id: string; reference: string; udid: string; product: string; polls: number }>();
  const state = { mode: "ok" as "ok" | "fail" | "slow", placed: 0, delayMs: 0, requests: 0 };
  const server: Server = createServer(async (req, res) => {
    state.requests++;
    let body = "";
    for await (const c of req) body += c;
    const url = new URL(req.url ?? "/", "http://x");
    const ts = String(req.headers["x-gryx-timestamp"] ?? "");
    const sig = String(req.headers["x-gryx-signature"] ?? "");
    const want = createHmac("sha256", key).update(`${ts}\n${req.method}\n${url.pathname}\n${body}`).digest("hex");
    const send = (status: number, j: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(j));
    };
    if (
      sig.length !== want.length ||
      !timingSafeEqual(Buffer.from(sig), Buffer.from(want)) ||
      Math.abs(Date.now() / 1000 - Number(ts)) > 300
    )
      return send(401, { error: "bad signature" });
    if (state.mode === "slow") await new Promise((r) => setTimeout(r, state.delayMs || 5000));
    if (req.method === "GET" && url.pathname === "/ping") return send(200, { ok: true, name: "测试供应商" });
    if (req.method === "POST" && url.pathname === "/orders") {
      const j = JSON.parse(body || "{}");
      let o = [...orders.values()].find((x) => x.reference === j.reference);
      if (!o) {
        state.placed++;
        o = { id: `S${orders.size + 1}`, reference: j.reference, udid: j.udid, product: j.product, polls: 0 };
        orders.set(o.id, o);
      }
      return send(200, { order_id: o.id, status: "processing" });
    }
    const m = /^\/orders\/([^/]+)(\/certificate)?$/.exec(url.pathname);
    const o = m ? orders.get(m[1]) : undefined;
    if (!o) return send(404, { error: "no such order" });
    if (!m![2]) {
      if (state.mode === "fail") return send(200, { order_id: o.id, status: "failed", message: "库存不足" });
      o.polls++;
      return send(200, { order_id: o.id, status: o.polls > (opts.pollsBeforeDone ?? 1) ? "done" : "processing" });
    }
    return send(200, {
      p12: fixtures.p12().toString("base64"),
      password: P12_PASSWORD,
      mobileprovision: ascProfile(`supplier-${o.id}`, "TEAMID1234", fixtures.leafDer(), [o.udid]).toString("base64"),
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    orders,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
