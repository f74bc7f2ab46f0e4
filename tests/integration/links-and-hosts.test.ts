import { spawn } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { getIntrospectionQuery } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePlist } from "@gryx/apple/plist";
import { ConfigError, loadConfig } from "../../server/src/config";
import { client, startInProcess } from "../support/inprocess";
import { FakeDevice, newUdid } from "../support/udid-device";

/**
 * Links built from the Host header (issue 19, item 9) and introspection in production (item 10). Without PUBLIC_URL a
 * request's Host is used for links only when it names this machine; PUBLIC_URL is required in production, where
 * introspection is off unless GRAPHQL_INTROSPECTION=1.
 */

/** One HTTP request with any Host header (fetch does not let a caller choose it). */
function request(
  url: string,
  opts: { method?: string; host: string; body?: unknown; headers?: Record<string, string> },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string; json: any }> {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: opts.method ?? "GET",
        headers: { host: opts.host, ...(body ? { "content-type": "application/json" } : {}), ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: any = null;
          try {
            json = JSON.parse(text);
          } catch {
            json = null;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const baseEnv = () => ({
  PORT: "0",
  DATABASE_URL: "postgres://x@127.0.0.1/x",
  JWT_SECRET: randomBytes(32).toString("hex"),
  DATA_DIR: "/tmp/gryx-config-test",
});

describe("configuration", () => {
  it("refuses to start in production without PUBLIC_URL, listing the problem; the launcher's own run and a deployment with it start", () => {
    let problems: string[] = [];
    try {
      loadConfig({ ...baseEnv(), NODE_ENV: "production" });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      problems = (e as ConfigError).problems;
    }
    expect(problems.some((p) => p.startsWith("PUBLIC_URL is required when NODE_ENV=production"))).toBe(true);
    // npm start runs the built app with NODE_ENV=production and DEFAULT_RUN=1 unless the operator asked for production.
    const local = loadConfig({ ...baseEnv(), NODE_ENV: "production", DEFAULT_RUN: "1" });
    expect([local.deployment, local.graphqlIntrospection]).toEqual([false, true]);
    const prod = loadConfig({ ...baseEnv(), NODE_ENV: "production", PUBLIC_URL: "https://ios.example.test" });
    expect([prod.deployment, prod.graphqlIntrospection]).toEqual([true, false]);
    expect(
      loadConfig({
        ...baseEnv(),
        NODE_ENV: "production",
        PUBLIC_URL: "https://ios.example.test",
        GRAPHQL_INTROSPECTION: "1",
      }).graphqlIntrospection,
    ).toBe(true);
    expect(loadConfig({ ...baseEnv(), NODE_ENV: "test", GRAPHQL_INTROSPECTION: "0" }).graphqlIntrospection).toBe(false);
    expect(() => loadConfig({ ...baseEnv(), NODE_ENV: "test", GRAPHQL_INTROSPECTION: "yes" })).toThrow(ConfigError);
  });

  it("the built server exits at start-up listing the missing PUBLIC_URL in production", async () => {
    const child = spawn(process.execPath, [path.resolve(__dirname, "../../server/dist/main.js")], {
      env: { PATH: process.env.PATH, ...baseEnv(), NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(2);
    expect(output).toContain("Invalid configuration:");
    expect(output).toContain("PUBLIC_URL is required when NODE_ENV=production");
  });

  it("allows this machine's names by default, or exactly ALLOWED_HOSTS", () => {
    const own = loadConfig({ ...baseEnv(), NODE_ENV: "test" }).allowedHosts;
    expect(own).toEqual(expect.arrayContaining(["localhost", "127.0.0.1", "::1"]));
    expect(own).not.toContain("evil.example");
    expect(
      loadConfig({ ...baseEnv(), NODE_ENV: "test", ALLOWED_HOSTS: "Shop.Example.com, [::1]" }).allowedHosts,
    ).toEqual(["shop.example.com", "::1"]);
  });
});

describe("links without PUBLIC_URL", () => {
  let server: Awaited<ReturnType<typeof startInProcess>>;
  let port: number;
  let token: string;
  const EVIL = "evil.example";
  const sandboxUrl = "http://127.0.0.1:9/";

  beforeAll(async () => {
    server = await startInProcess({
      PAYMENT_SANDBOX_URL: sandboxUrl,
      PAYMENT_SANDBOX_PID: "1000",
      PAYMENT_SANDBOX_KEY: "sandbox-key-0123456789",
    });
    port = server.port;
    const c = client(server.url);
    expect((await c.rest("POST", "/api/auth/register", { username: "host_victim", password: "secret1" })).status).toBe(
      200,
    );
    token = (await c.login("host_victim", "secret1")).token;
  }, 120_000);
  afterAll(async () => server?.stopAll());

  const local = () => `http://localhost:${port}`;

  it("a UDID session made with Host: evil.example relays to this site and sends the device's UDID nowhere else", async () => {
    // A signed-in user's capture asked with Host: evil.example: its profile link and the mobileconfig's relay URL.
    const mine = await request(`${server.url}/api/udid/session`, {
      method: "POST",
      host: EVIL,
      body: { front: `http://${EVIL}` },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mine.status, mine.text).toBe(200);
    const link = new URL(mine.json.data.profile_url);
    expect(link.origin).toBe(local());
    const profile = await request(`${server.url}${link.pathname}${link.search}`, { host: EVIL });
    expect(profile.status).toBe(200);
    const relay = (parsePlist(Buffer.from(profile.text)) as { PayloadContent: { URL: string } }).PayloadContent.URL;
    expect(relay.startsWith(`${local()}/api/udid/relay/`)).toBe(true);
    // A session made over the API, and its profile link.
    const s = await request(`${server.url}/api/udid/session`, {
      method: "POST",
      host: EVIL,
      body: { front: `http://${EVIL}`, callback: "/udid/received?back=/" },
    });
    expect(s.status, s.text).toBe(200);
    expect(s.json.data.profile_url.startsWith(`${local()}/api/udid/profile?session=`)).toBe(true);
    // The device posts (to this server); the redirect it gets is not to evil.example.
    const udid = newUdid();
    const posted = await FakeDevice.post(
      relay.replace(local(), server.url),
      new FakeDevice().sign({ UDID: udid, PRODUCT: "iPhone15,2", VERSION: "21E236", SERIAL: "F2LXK0ABCD12" }),
    );
    expect(posted.status).toBe(301);
    expect(posted.location).not.toContain(EVIL);
    expect(posted.location!.startsWith("/udid/received?")).toBe(true);
  });

  it("a recharge asked with Host: evil.example tells the gateway this site's notify and return URLs", async () => {
    const methods = (await client(server.url).rest("GET", "/api/payments/methods")).body.data as { id: number }[];
    const r = await request(`${server.url}/api/payments/recharge`, {
      method: "POST",
      host: EVIL,
      body: { amount: 10, method: methods[0]!.id },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(r.status, r.text).toBe(200);
    const pay = new URL(r.json.data.pay_url);
    expect(pay.searchParams.get("notify_url")).toBe(`${local()}/api/payments/callback/epay`);
    expect(pay.searchParams.get("return_url")!.startsWith(`${local()}/profile?order_no=`)).toBe(true);
    expect(r.text).not.toContain(EVIL);
  });

  it("the published feeds (cached by proxies) never carry a foreign Host", async () => {
    const r = await request(`${server.url}/sources/altstore.json`, { host: EVIL });
    expect(r.status).toBe(200);
    expect(r.text).not.toContain(EVIL);
  });

  it("a Host naming this machine is used as it is", async () => {
    const r = await request(`${server.url}/api/udid/session`, { method: "POST", host: `127.0.0.1:${port}`, body: {} });
    expect(r.json.data.profile_url.startsWith(`http://127.0.0.1:${port}/api/udid/profile?session=`)).toBe(true);
  });
});

describe("a production deployment", () => {
  let prod: Awaited<ReturnType<typeof startInProcess>>;
  beforeAll(async () => {
    prod = await startInProcess({ NODE_ENV: "production", PUBLIC_URL: "https://ios.example.test" });
  }, 120_000);
  afterAll(async () => prod?.stopAll());

  it("refuses introspection and serves no GraphiQL page, while ordinary queries work", async () => {
    const c = client(prod.url);
    const intro = await c.gql(getIntrospectionQuery());
    expect(intro.body.data ?? null).toBeNull();
    expect(JSON.stringify(intro.body.errors)).toMatch(/introspection/i);
    const typename = await c.gql(`{ __type(name: "Query") { name } }`);
    expect(typename.body.errors?.length).toBeGreaterThan(0);
    const page = await fetch(`${prod.url}/graphql`, { headers: { accept: "text/html" } });
    expect(await page.text()).not.toMatch(/graphiql/i);
    expect((await c.gql(`{ paymentMethods { id } }`)).body.errors).toBeUndefined();
  });

  it("builds links from PUBLIC_URL whatever the Host", async () => {
    const r = await request(`${prod.url}/api/udid/session`, { method: "POST", host: "evil.example", body: {} });
    expect(r.json.data.profile_url.startsWith("https://ios.example.test/api/udid/profile?session=")).toBe(true);
  });
});
