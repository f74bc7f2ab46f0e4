import { execFile } from "node:child_process";
import { createPrivateKey, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestPki, type TestLeaf } from "../fixtures/test-pki";
import { buildOcspRequest, certIdFor, checkOcsp, parseOcspResponse } from "./ocsp";
import {
  caIndexFileLookup,
  caIndexLine,
  caIndexTime,
  ocspHttpServer,
  ocspResponder,
  parseCaIndex,
} from "./ocsp-responder";

const run = promisify(execFile);

let pki: TestPki;
let other: TestPki;
let leaves: { good: TestLeaf; revoked: TestLeaf; unknown: TestLeaf; foreign: TestLeaf };
let server: ReturnType<typeof ocspHttpServer>;
let url: string;

/** The test PKI's delegated responder (id-kp-OCSPSigning, issued by its WWDR), answering from its index.txt. */
function responderFor(p: TestPki, signer: "responder" | "wwdr" = "responder") {
  return ocspResponder({
    issuer: p.wwdrPem,
    signer: {
      certificate: readFileSync(path.join(p.dir, `${signer}.pem`)),
      key: createPrivateKey(readFileSync(path.join(p.dir, `${signer}.key`))),
    },
    lookup: caIndexFileLookup(p.indexPath),
  });
}

beforeAll(async () => {
  pki = await TestPki.create();
  other = await TestPki.create();
  server = ocspHttpServer(responderFor(pki));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  leaves = {
    good: await pki.issueLeaf("good", { ocspUrl: url }),
    revoked: await pki.issueLeaf("revoked", { ocspUrl: url }),
    unknown: await pki.issueLeaf("unknown", { ocspUrl: url, inIndex: false }),
    foreign: await other.issueLeaf("foreign", { ocspUrl: url }),
  };
  await pki.revoke(leaves.revoked, "keyCompromise", new Date(Date.UTC(2025, 9, 1, 8, 0, 0)));
}, 60_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await pki?.close();
  await other?.close();
});

describe("the OCSP responder (openssl ca index)", () => {
  it("answers good, revoked (time and reason) and unknown, signed by the delegated responder, as our client verifies", async () => {
    const good = await checkOcsp(leaves.good.der, pki.wwdrPem);
    expect(good).toMatchObject({ status: "good", error: null, signedBy: "delegated", responderUrl: url });
    expect(good.nextUpdate!.getTime() - good.thisUpdate!.getTime()).toBe(300_000);

    const revoked = await checkOcsp(leaves.revoked.der, pki.wwdrPem);
    expect(revoked).toMatchObject({ status: "revoked", revocationReason: "keyCompromise" });
    expect(revoked.revokedAt!.toISOString()).toBe("2025-10-01T08:00:00.000Z");

    expect((await checkOcsp(leaves.unknown.der, pki.wwdrPem)).status).toBe("unknown");
  });

  it("a revocation written to the index is answered from the next request on", async () => {
    const leaf = await pki.issueLeaf("later", { ocspUrl: url });
    expect((await checkOcsp(leaf.der, pki.wwdrPem)).status).toBe("good");
    await pki.revoke(leaf, "superseded");
    const r = await checkOcsp(leaf.der, pki.wwdrPem);
    expect(r).toMatchObject({ status: "revoked", revocationReason: "superseded" });
  });

  it("openssl's own OCSP client accepts the answers (signature, chain, nonce)", async () => {
    const ask = async (leaf: TestLeaf) =>
      run("openssl", [
        "ocsp",
        "-issuer",
        pki.wwdrPath,
        "-cert",
        leaf.pemPath,
        "-url",
        url,
        "-CAfile",
        pki.extraRootsPath,
      ]).then((r) => r.stdout + r.stderr);
    const good = await ask(leaves.good);
    expect(good).toContain("Response verify OK");
    expect(good).toContain(": good");
    const revoked = await ask(leaves.revoked);
    expect(revoked).toContain("Response verify OK");
    expect(revoked).toMatch(/: revoked[\s\S]*Reason: keyCompromise/);
  });

  it("signed by the CA itself when it is the signer; GET requests (RFC 6960 A.1) are answered too", async () => {
    const byIssuer = ocspHttpServer(responderFor(pki, "wwdr"));
    await new Promise<void>((r) => byIssuer.listen(0, "127.0.0.1", r));
    try {
      const at = `http://127.0.0.1:${(byIssuer.address() as AddressInfo).port}/`;
      expect(await checkOcsp(leaves.good.der, pki.wwdrPem, { url: at })).toMatchObject({
        status: "good",
        signedBy: "issuer",
      });
      const certId = certIdFor(leaves.revoked.der, pki.wwdrPem);
      const get = await fetch(at + encodeURIComponent(buildOcspRequest(certId).toString("base64")));
      expect(get.headers.get("content-type")).toBe("application/ocsp-response");
      const parsed = parseOcspResponse(Buffer.from(await get.arrayBuffer()), { certId, issuer: pki.wwdrPem });
      expect(parsed).toMatchObject({ status: "revoked", signedBy: "issuer" });
    } finally {
      await new Promise((r) => byIssuer.close(r));
    }
  });

  it("refuses another CA's certificate (unauthorized), garbage (malformedRequest), and a rogue responder is caught", async () => {
    const foreign = await checkOcsp(leaves.foreign.der, other.wwdrPem, { url });
    expect(foreign).toMatchObject({
      status: "error",
      error: "OCSP 服务器拒绝了查询",
      detail: "responseStatus unauthorized",
    });

    const garbage = await fetch(url, { method: "POST", body: "not der" });
    expect(garbage.status).toBe(200);
    // OCSPResponse { responseStatus malformedRequest (1) } and nothing else.
    expect(Buffer.from(await garbage.arrayBuffer()).toString("hex")).toBe("30030a0101");

    // The other PKI's responder signing answers about this PKI's certificates: not issued by the issuer.
    const rogue = ocspHttpServer(
      ocspResponder({
        issuer: pki.wwdrPem,
        signer: {
          certificate: readFileSync(path.join(other.dir, "responder.pem")),
          key: createPrivateKey(readFileSync(path.join(other.dir, "responder.key"))),
        },
        lookup: caIndexFileLookup(pki.indexPath),
      }),
    );
    await new Promise<void>((r) => rogue.listen(0, "127.0.0.1", r));
    try {
      const at = `http://127.0.0.1:${(rogue.address() as AddressInfo).port}/`;
      const r = await checkOcsp(leaves.good.der, pki.wwdrPem, { url: at });
      expect(r).toMatchObject({ status: "error", error: "OCSP 响应签名无效" });
    } finally {
      await new Promise((r) => rogue.close(r));
    }

    const big = await fetch(url, { method: "POST", body: Buffer.alloc(20_000) }).catch(() => null);
    if (big) expect(big.status).toBe(413);
  });

  it("reads and writes openssl ca's index format (UTCTime before 2050, GeneralizedTime after; revocation reasons)", () => {
    const subject = "/CN=x/O=y";
    const lines = [
      caIndexLine({ serial: "0A1B", expires: new Date(Date.UTC(2046, 10, 27, 11, 54, 38)), subject }),
      caIndexLine({
        serial: "1000",
        expires: new Date(Date.UTC(2051, 0, 2, 3, 4, 5)),
        subject,
        revokedAt: new Date(Date.UTC(2026, 0, 1)),
        reason: "CACompromise",
      }),
      "garbage line",
    ];
    expect(lines[0]).toBe("V\t461127115438Z\t\t0A1B\tunknown\t/CN=x/O=y");
    expect(caIndexTime(new Date(Date.UTC(2051, 0, 2, 3, 4, 5)))).toBe("20510102030405Z");
    const index = parseCaIndex(lines.join("\n"));
    expect(index.size).toBe(2);
    expect(index.get("a1b")).toMatchObject({ state: "valid", revokedAt: null, subject });
    expect(index.get("a1b")!.expires.toISOString()).toBe("2046-11-27T11:54:38.000Z");
    expect(index.get("1000")).toMatchObject({ state: "revoked", reason: "CACompromise" });
    expect(index.get("1000")!.expires.toISOString()).toBe("2051-01-02T03:04:05.000Z");
  });

  it("the committed demo PKI: the leaf names the demo responder, and the kept CA answers it good", async () => {
    const demo = path.resolve(__dirname, "../../../demo/certificate");
    const json = JSON.parse(readFileSync(path.join(demo, "certificate.json"), "utf8"));
    const wwdr = readFileSync(path.join(demo, "ca/wwdr.pem"), "utf8");
    const index = parseCaIndex(readFileSync(path.join(demo, "ca/index.txt"), "utf8"));
    const responder = ocspResponder({
      issuer: wwdr,
      signer: {
        certificate: readFileSync(path.join(demo, "ca/ocsp.pem")),
        key: createPrivateKey(readFileSync(path.join(demo, "ca/ocsp.key"))),
      },
      lookup: (s) => index.get(s),
    });
    const { loadP12 } = await import("./p12");
    const id = loadP12(readFileSync(path.join(demo, json.p12)), json.password);
    const leaf = new X509Certificate(id.certificateDer);
    expect(leaf.infoAccess).toContain(`OCSP - URI:${json.ocspUrl}`);
    const certId = certIdFor(leaf, wwdr);
    const answer = responder.respond(buildOcspRequest(certId));
    expect(parseOcspResponse(answer, { certId, issuer: wwdr })).toMatchObject({
      status: "good",
      signedBy: "delegated",
    });
    // The responder certificate is not in the index as revoked, and is issued by the WWDR for OCSP signing.
    const ocsp = new X509Certificate(readFileSync(path.join(demo, "ca/ocsp.pem")));
    expect(ocsp.verify(new X509Certificate(wwdr).publicKey)).toBe(true);
  });
});
