import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addressAllowed,
  guardedFetch as safeFetch,
  isPublicAddress,
  OutboundError,
  type FetchLimits,
} from "./outbound";

/** A local server whose answer per path the tests set; it counts what it was asked. */
let server: http.Server;
let base: string;
const hits: { path: string; headers: http.IncomingHttpHeaders }[] = [];
const handlers = new Map<string, (req: http.IncomingMessage, res: http.ServerResponse) => void>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push({ path: req.url ?? "", headers: req.headers });
    const h = handlers.get(req.url ?? "");
    if (h) return h(req, res);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const LOCAL: FetchLimits = { maxBytes: 1024 * 1024, timeoutMs: 1500, maxRedirects: 3, allowPrivate: true };
const PUBLIC_ONLY: FetchLimits = { ...LOCAL, allowPrivate: false };

async function failsWith(p: Promise<unknown>, code: string) {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e, `expected ${code}`).toBeInstanceOf(OutboundError);
  expect((e as OutboundError).code).toBe(code);
  expect((e as Error).message).toMatch(/[\u4e00-\u9fa5]/);
}

describe("addresses", () => {
  it.each([
    ["127.0.0.1", false],
    ["10.1.2.3", false],
    ["172.16.0.1", false],
    ["192.168.1.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["224.0.0.1", false],
    ["::1", false],
    ["fd00::1", false],
    ["fe80::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:10.0.0.1", false],
    ["8.8.8.8", true],
    ["1.1.1.1", true],
    ["2606:4700:4700::1111", true],
    ["::ffff:8.8.8.8", true],
    ["not an ip", false],
  ])("%s public: %s", (a, pub) => expect(isPublicAddress(a)).toBe(pub));
});

describe("SSRF: without allowPrivate nothing private is contacted", () => {
  it("refuses loopback and private literals, IPv4-mapped and decimal forms, and local names", async () => {
    handlers.set("/secret", (_q, r) => r.end("{}"));
    const port = (server.address() as AddressInfo).port;
    const before = hits.length;
    for (const u of [
      `${base}/secret`,
      `http://[::1]:${port}/secret`,
      `http://[::ffff:127.0.0.1]:${port}/secret`,
      `http://2130706433:${port}/secret`,
      `http://0x7f.1:${port}/secret`,
      `http://localhost:${port}/secret`,
      `http://a.localhost:${port}/secret`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
    ])
      await failsWith(safeFetch(u, PUBLIC_ONLY), "ADDRESS_BLOCKED");
    expect(hits.length).toBe(before);
  });

  it("refuses a name that resolves to this machine (checked by the socket's own lookup)", async () => {
    const port = (server.address() as AddressInfo).port;
    const before = hits.length;
    // The host name resolves to a loopback or private address of this machine.
    await failsWith(safeFetch(`http://${os.hostname()}:${port}/secret`, PUBLIC_ONLY), "ADDRESS_BLOCKED");
    expect(hits.length).toBe(before);
  });

  it("refuses other schemes and credentials", async () => {
    await failsWith(safeFetch("file:///etc/passwd", PUBLIC_ONLY), "URL_INVALID");
    await failsWith(safeFetch("ftp://example.com/x.json", PUBLIC_ONLY), "URL_INVALID");
    await failsWith(safeFetch("gopher://example.com/", PUBLIC_ONLY), "URL_INVALID");
    await failsWith(safeFetch("http://user:pw@example.com/", PUBLIC_ONLY), "URL_INVALID");
    await failsWith(safeFetch("not a url", PUBLIC_ONLY), "URL_INVALID");
  });

  it("a redirect is checked like the first address", async () => {
    handlers.set("/to-file", (_q, r) => r.writeHead(302, { location: "file:///etc/passwd" }).end());
    await failsWith(safeFetch(`${base}/to-file`, LOCAL), "URL_INVALID");
  });

  it("allowPrivate opens this machine and private ranges, never link-local (cloud metadata), also after a redirect or by a name", async () => {
    for (const a of ["127.0.0.1", "10.0.0.1", "192.168.1.1", "fd00::1", "::1"])
      expect(addressAllowed(a, true), a).toBe(true);
    for (const a of ["169.254.169.254", "fe80::1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::ffff:169.254.169.254"])
      expect(addressAllowed(a, true), a).toBe(false);
    handlers.set("/to-metadata", (_q, r) =>
      r.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/iam" }).end(),
    );
    handlers.set("/to-metadata-v6", (_q, r) =>
      r.writeHead(307, { location: "http://[::ffff:a9fe:a9fe]/latest/meta-data/" }).end(),
    );
    await failsWith(safeFetch(`${base}/to-metadata`, LOCAL), "ADDRESS_BLOCKED");
    await failsWith(safeFetch(`${base}/to-metadata-v6`, LOCAL), "ADDRESS_BLOCKED");
    await failsWith(safeFetch("http://169.254.169.254/latest/meta-data/", LOCAL), "ADDRESS_BLOCKED");
  });
});

describe("requests other than GET (supplier, gateway and App Store Connect APIs)", () => {
  it("sends the method, headers and body; answers error statuses with their body when asked; never follows a redirect", async () => {
    handlers.set("/api", (q, r) => {
      let body = "";
      q.on("data", (c) => (body += c));
      q.on("end", () =>
        r
          .writeHead(409, { "content-type": "application/json" })
          .end(JSON.stringify({ method: q.method, sig: q.headers["x-sig"], body })),
      );
    });
    const r = await safeFetch(`${base}/api`, LOCAL, {}, undefined, {
      request: { method: "POST", headers: { "x-sig": "abc" }, body: '{"a":1}', anyStatus: true },
    });
    expect(r.status).toBe(409);
    expect(!r.notModified && JSON.parse(r.body)).toEqual({ method: "POST", sig: "abc", body: '{"a":1}' });
    await failsWith(
      safeFetch(`${base}/api`, LOCAL, {}, undefined, { request: { method: "POST", body: "{}" } }),
      "HTTP_STATUS",
    );
    handlers.set("/post-redirect", (_q, r) => r.writeHead(307, { location: `${base}/api` }).end());
    await failsWith(
      safeFetch(`${base}/post-redirect`, LOCAL, {}, undefined, { request: { method: "POST", body: "{}" } }),
      "TOO_MANY_REDIRECTS",
    );
  });
});

describe("limits", () => {
  it("follows a few redirects, refuses an endless chain", async () => {
    handlers.set("/r1", (_q, r) => r.writeHead(301, { location: "/r2" }).end());
    handlers.set("/r2", (_q, r) => r.writeHead(307, { location: `${base}/ok` }).end());
    handlers.set("/ok", (_q, r) => r.writeHead(200, { "content-type": "application/json" }).end('{"ok":1}'));
    const r = await safeFetch(`${base}/r1`, LOCAL);
    expect(r.notModified).toBe(false);
    expect(r.finalUrl).toBe(`${base}/ok`);
    expect(!r.notModified && r.body).toBe('{"ok":1}');

    let loops = 0;
    handlers.set("/loop", (_q, r) => {
      loops++;
      r.writeHead(302, { location: "/loop" }).end();
    });
    await failsWith(safeFetch(`${base}/loop`, LOCAL), "TOO_MANY_REDIRECTS");
    expect(loops).toBe(LOCAL.maxRedirects + 1);
  });

  it("refuses a declared oversize body at once and cuts off an undeclared one", async () => {
    handlers.set("/declared", (_q, r) => {
      r.writeHead(200, { "content-length": String(50 * 1024 * 1024) });
      r.write("x".repeat(1000));
    });
    await failsWith(safeFetch(`${base}/declared`, LOCAL), "TOO_LARGE");

    let sent = 0;
    handlers.set("/stream", (_q, r) => {
      r.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (sent < 50 * 1024 * 1024 && !r.destroyed) {
          sent += chunk.length;
          if (!r.write(chunk)) return r.once("drain", pump);
        }
        r.end();
      };
      r.on("close", () => undefined);
      pump();
    });
    await failsWith(safeFetch(`${base}/stream`, LOCAL), "TOO_LARGE");
    expect(sent).toBeLessThan(50 * 1024 * 1024);
  });

  it("counts the decoded size of a compressed body (a small gzip bomb is refused)", async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(LOCAL.maxBytes);
    handlers.set("/bomb", (_q, r) =>
      r.writeHead(200, { "content-encoding": "gzip", "content-length": String(bomb.length) }).end(bomb),
    );
    await failsWith(safeFetch(`${base}/bomb`, LOCAL), "TOO_LARGE");
    const small = zlib.gzipSync('{"a":1}');
    handlers.set("/gz", (_q, r) => r.writeHead(200, { "content-encoding": "gzip" }).end(small));
    const r = await safeFetch(`${base}/gz`, LOCAL);
    expect(!r.notModified && r.body).toBe('{"a":1}');
  });

  it("gives up when the server does not answer in time", async () => {
    handlers.set("/slow", () => undefined);
    const t0 = Date.now();
    await failsWith(safeFetch(`${base}/slow`, LOCAL), "TIMEOUT");
    // The server never answers: the fetch ends on its own timeout (room left for a loaded machine).
    expect(Date.now() - t0).toBeLessThan(LOCAL.timeoutMs + 8000);
  });

  it("reports an HTTP error status and an unreachable server", async () => {
    handlers.set("/gone", (_q, r) => r.writeHead(410).end());
    await failsWith(safeFetch(`${base}/gone`, LOCAL), "HTTP_STATUS");
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await failsWith(safeFetch(`http://127.0.0.1:${port}/`, LOCAL), "NETWORK");
  });
});

describe("conditional requests", () => {
  it("sends the ETag and Last-Modified back and reads a 304 as not modified", async () => {
    handlers.set("/cond", (q, r) => {
      if (q.headers["if-none-match"] === '"v1"') return r.writeHead(304, { etag: '"v1"' }).end();
      r.writeHead(200, { etag: '"v1"', "last-modified": "Wed, 01 May 2024 10:00:00 GMT" }).end("{}");
    });
    const first = await safeFetch(`${base}/cond`, LOCAL);
    expect(first).toMatchObject({ notModified: false, etag: '"v1"', lastModified: "Wed, 01 May 2024 10:00:00 GMT" });
    const second = await safeFetch(`${base}/cond`, LOCAL, { etag: first.etag, lastModified: first.lastModified });
    expect(second).toMatchObject({ notModified: true, status: 304, etag: '"v1"' });
    const last = hits.filter((h) => h.path === "/cond").at(-1)!;
    expect(last.headers["if-none-match"]).toBe('"v1"');
    expect(last.headers["if-modified-since"]).toBe("Wed, 01 May 2024 10:00:00 GMT");
  });
});
