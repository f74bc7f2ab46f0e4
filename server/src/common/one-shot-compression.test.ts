import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { oneShotCompression } from "./one-shot-compression";

const page = {
  success: true,
  data: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `订单 ${i}`, fen: i * 100 })),
};
const big = { data: "x".repeat(200 * 1024) };
let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(compression(), oneShotCompression());
  app.get("/page", (_req, res) => res.json(page));
  app.get("/small", (_req, res) => res.json({ ok: true }));
  app.get("/big", (_req, res) => res.json(big));
  app.get("/text", (_req, res) => res.type("text/plain").send("字".repeat(2000)));
  app.get("/no-transform", (_req, res) => res.set("Cache-Control", "no-transform").json(page));
  app.get("/pieces", (_req, res) => {
    res.type("application/json");
    res.write('{"a":"');
    res.end(`${"y".repeat(4000)}"}`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function get(path: string, acceptEncoding?: string, method = "GET") {
  return new Promise<{ headers: http.IncomingHttpHeaders; raw: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding ? { "accept-encoding": acceptEncoding } : {};
    http
      .request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, raw: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

describe("oneShotCompression", () => {
  it("compresses a whole JSON answer at once, with its length, in the encoding the client prefers", async () => {
    const br = await get("/page", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    // One piece with its length: compression()'s stream would have sent it chunked.
    expect(br.headers["content-length"]).toBe(String(br.raw.length));
    expect(br.headers["transfer-encoding"]).toBeUndefined();
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.raw).toString())).toEqual(page);

    const gz = await get("/page", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["content-length"]).toBe(String(gz.raw.length));
    expect(JSON.parse(gunzipSync(gz.raw).toString())).toEqual(page);

    const preferGzip = await get("/page", "br;q=0.5, gzip");
    expect(preferGzip.headers["content-encoding"]).toBe("gzip");
  });

  it("sends plain what is small, not accepted, HEAD or marked no-transform", async () => {
    for (const [path, enc, method] of [
      ["/small", "br", "GET"],
      ["/page", undefined, "GET"],
      ["/page", "identity", "GET"],
      ["/no-transform", "br", "GET"],
    ] as const) {
      const r = await get(path, enc, method);
      expect(r.headers["content-encoding"], `${path} ${enc}`).toBeUndefined();
      expect(JSON.parse(r.raw.toString()), path).toBeTruthy();
    }
    const head = await get("/page", "br", "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.raw.length).toBe(0);
  });

  it("leaves large bodies, other types and bodies written in pieces to compression()'s stream", async () => {
    for (const path of ["/big", "/text", "/pieces"]) {
      const r = await get(path, "gzip");
      expect(r.headers["content-encoding"], path).toBe("gzip");
      expect(r.headers["transfer-encoding"], path).toBe("chunked");
      expect(gunzipSync(r.raw).length, path).toBeGreaterThan(1024);
    }
  });
});
