import http from "node:http";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestPki, type TestLeaf, type TestResponder } from "../fixtures/test-pki";
import { buildOcspRequest, certIdFor, checkOcsp, OcspCache, ocspUrls } from "./ocsp";

/** A tiny HTTP server for responders that misbehave. */
async function serve(handler: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const srv = http.createServer(handler);
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const port = (srv.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((r) => {
        srv.closeAllConnections();
        srv.close(() => r());
      }),
  };
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
  });
}

let pki: TestPki;
let responder: TestResponder;
let good: TestLeaf;
let revoked: TestLeaf;
let unknown: TestLeaf;
const revokedAt = new Date(Date.UTC(2025, 5, 1, 12, 30, 0));

beforeAll(async () => {
  pki = await TestPki.create();
  // The responder first (on a port of its own), then the leaves that name it; it reloads the index as they are added.
  responder = await pki.startResponder();
  const url = responder.url;
  good = await pki.issueLeaf("good", { ocspUrl: url });
  revoked = await pki.issueLeaf("revoked", { ocspUrl: url });
  unknown = await pki.issueLeaf("unknown", { ocspUrl: url, inIndex: false });
  await pki.revoke(revoked, "keyCompromise", revokedAt);
});
afterAll(async () => pki?.close());

describe("OCSP against a real openssl ocsp responder", () => {
  it("finds the responder URL in the certificate's AIA extension", () => {
    expect(ocspUrls(good.der)).toEqual([responder.url]);
  });

  it("builds a request openssl reads as a SHA-1 CertID for the certificate's serial", () => {
    const req = buildOcspRequest(certIdFor(good.der, pki.wwdrPem));
    const file = path.join(pki.dir, "req.der");
    writeFileSync(file, req);
    const text = execFileSync("openssl", ["ocsp", "-reqin", file, "-req_text"], { encoding: "utf8" });
    expect(text).toContain("Hash Algorithm: sha1");
    expect(text).toContain(`Serial Number: ${good.serial}`);
  });

  it("a good certificate is good, with the delegated responder's verified signature", async () => {
    const r = await checkOcsp(good.der, pki.wwdrPem);
    expect(r).toMatchObject({
      status: "good",
      error: null,
      signedBy: "delegated",
      responderUrl: responder.url,
      cached: false,
    });
    expect(r.thisUpdate).toBeInstanceOf(Date);
  });

  it("a revoked certificate is revoked, with its time and reason", async () => {
    const r = await checkOcsp(revoked.der, pki.wwdrPem);
    expect(r.status).toBe("revoked");
    expect(r.revokedAt?.toISOString()).toBe(revokedAt.toISOString());
    expect(r.revocationReason).toBe("keyCompromise");
  });

  it("a certificate the responder does not know is unknown", async () => {
    const r = await checkOcsp(unknown.der, pki.wwdrPem);
    expect(r.status).toBe("unknown");
  });

  it("an answer signed by the issuer itself is accepted too", async () => {
    const own = await pki.startResponder({ signer: "issuer" });
    try {
      const r = await checkOcsp(good.der, pki.wwdrPem, { url: own.url });
      expect(r).toMatchObject({ status: "good", signedBy: "issuer" });
    } finally {
      await own.stop();
    }
  });

  it("an answer naming its responder by key hash (byKey) is verified like one naming it by name", async () => {
    for (const signer of ["delegated", "issuer"] as const) {
      const byKey = await pki.startResponder({ signer, byKey: true });
      try {
        expect(await checkOcsp(good.der, pki.wwdrPem, { url: byKey.url })).toMatchObject({
          status: "good",
          signedBy: signer,
          error: null,
        });
        expect(await checkOcsp(revoked.der, pki.wwdrPem, { url: byKey.url })).toMatchObject({
          status: "revoked",
          revocationReason: "keyCompromise",
          revokedAt: revokedAt,
        });
      } finally {
        await byKey.stop();
      }
    }
  });

  it("a forged answer (signed by a look-alike responder the issuer never certified) is an error, not good", async () => {
    const rogue = await pki.startResponder({ signer: "rogue" });
    try {
      const r = await checkOcsp(good.der, pki.wwdrPem, { url: rogue.url });
      expect(r.status).toBe("error");
      expect(r.error).toBe("OCSP 响应签名无效");
      expect(r.detail).toMatch(/not issued by the certificate's issuer/);
      // The same for a revoked certificate: a forged answer says nothing.
      expect((await checkOcsp(revoked.der, pki.wwdrPem, { url: rogue.url })).status).toBe("error");
    } finally {
      await rogue.stop();
    }
  });

  it("a genuine answer with one byte of its signed part flipped is an error", async () => {
    const proxy = await serve(async (req, res) => {
      const body = await readBody(req);
      const upstream = await fetch(responder.url, {
        method: "POST",
        headers: { "content-type": "application/ocsp-request" },
        body,
      });
      const answer = Buffer.from(await upstream.arrayBuffer());
      // Flip a byte before the included responder certificate (in the signed data or the signature).
      const sigAt = answer.length - 1 - 1200;
      answer[sigAt] ^= 0x01;
      res.writeHead(200, { "content-type": "application/ocsp-response" }).end(answer);
    });
    try {
      const r = await checkOcsp(good.der, pki.wwdrPem, { url: proxy.url });
      expect(r.status).toBe("error");
    } finally {
      await proxy.close();
    }
  });

  it("an answer for another request (a replay: the nonce differs) is an error", async () => {
    const captured: Buffer[] = [];
    const proxy = await serve(async (req, res) => {
      const body = await readBody(req);
      if (!captured.length) {
        const upstream = await fetch(responder.url, {
          method: "POST",
          headers: { "content-type": "application/ocsp-request" },
          body,
        });
        captured.push(Buffer.from(await upstream.arrayBuffer()));
      }
      res.writeHead(200, { "content-type": "application/ocsp-response" }).end(captured[0]);
    });
    try {
      expect((await checkOcsp(good.der, pki.wwdrPem, { url: proxy.url })).status).toBe("good");
      const replay = await checkOcsp(good.der, pki.wwdrPem, { url: proxy.url });
      expect(replay).toMatchObject({ status: "error", error: "OCSP 响应与查询不匹配" });
      // An answer about a different certificate does not count for this one either.
      expect((await checkOcsp(revoked.der, pki.wwdrPem, { url: proxy.url, nonce: false })).status).toBe("error");
    } finally {
      await proxy.close();
    }
  });

  it("a responder that is down is an error with a reason", async () => {
    const r = await checkOcsp(good.der, pki.wwdrPem, { url: "http://127.0.0.1:1" });
    expect(r).toMatchObject({ status: "error", error: "无法连接 OCSP 服务器" });
    expect(r.detail).toMatch(/ECONNREFUSED/);
  });

  it("a responder that answers garbage, an HTTP error or nothing in time is an error", async () => {
    const garbage = await serve((_req, res) =>
      res.writeHead(200, { "content-type": "application/ocsp-response" }).end("<html>hello</html>"),
    );
    const broken = await serve((_req, res) => res.writeHead(500).end("oops"));
    const silent = await serve(() => undefined);
    try {
      expect(await checkOcsp(good.der, pki.wwdrPem, { url: garbage.url })).toMatchObject({
        status: "error",
        error: "OCSP 服务器返回的内容无法解析",
      });
      expect(await checkOcsp(good.der, pki.wwdrPem, { url: broken.url })).toMatchObject({
        status: "error",
        detail: "HTTP 500",
      });
      const started = Date.now();
      expect(await checkOcsp(good.der, pki.wwdrPem, { url: silent.url, timeoutMs: 300 })).toMatchObject({
        status: "error",
        error: "OCSP 服务器响应超时",
      });
      // Its own 300 ms, not the default 10 s (with room for a loaded machine).
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      await Promise.all([garbage.close(), broken.close(), silent.close()]);
    }
  });

  it("a certificate without an OCSP URL is an error", async () => {
    const none = await pki.issueLeaf("no-aia", { ocspUrl: null });
    expect(await checkOcsp(none.der, pki.wwdrPem)).toMatchObject({
      status: "error",
      error: "证书中没有 OCSP 服务地址",
    });
  });

  it("answers are cached until their nextUpdate", async () => {
    const withNext = await pki.startResponder({ nextUpdateMinutes: 10 });
    const leaf = await pki.issueLeaf("cached", { ocspUrl: withNext.url });
    const cache = new OcspCache();
    try {
      const first = await checkOcsp(leaf.der, pki.wwdrPem, { cache });
      expect(first.status).toBe("good");
      expect(first.nextUpdate!.getTime() - first.thisUpdate!.getTime()).toBe(10 * 60_000);
      await withNext.stop();
      // The responder is gone: the cached answer still stands until nextUpdate...
      expect(await checkOcsp(leaf.der, pki.wwdrPem, { cache })).toMatchObject({ status: "good", cached: true });
      // ...and not after it.
      const later = () => new Date(first.nextUpdate!.getTime() + 1000);
      expect((await checkOcsp(leaf.der, pki.wwdrPem, { cache, now: later })).status).toBe("error");
    } finally {
      await withNext.stop();
    }
  });
});
