import { readFileSync } from "node:fs";
import http from "node:http";
import { TEST_PKI_PASSWORD, TestPki, type TestLeaf, type TestResponder } from "../../packages/apple/fixtures/test-pki";
export { TEST_PKI_PASSWORD };
import { postForm } from "./certificates";

/**
 * The status-check scene for integration and browser tests: a test PKI whose leaves point at a real `openssl ocsp`
 * responder (good, revoked, unknown to it) or at a port nobody listens on (down), and helpers to upload them.
 */
export interface CheckScene {
  pki: TestPki;
  /** The openssl responder itself (the leaves reach it through a proxy at `responderUrl`). */
  responder: TestResponder;
  responderUrl: string;
  leaves: { good: TestLeaf; revoked: TestLeaf; unknown: TestLeaf; down: TestLeaf };
  /** The env that makes server and worker trust the test PKI. */
  env: Record<string, string>;
  /** Delays every answer of the responder (as the leaves' AIA reaches it) by `ms`, e.g. to watch a batch move. */
  setDelay(ms: number): void;
  /** A profile (all devices) listing `leaf`, as bytes. */
  profileFor(leaf: TestLeaf): Promise<Buffer>;
  close(): Promise<void>;
}

export async function createCheckScene(): Promise<CheckScene> {
  const pki = await TestPki.create();
  // The leaves name a small proxy in front of openssl, so a test can slow the responder down.
  let delay = 0;
  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      try {
        if (delay) await new Promise((r) => setTimeout(r, delay));
        const up = await fetch(responder.url, {
          method: "POST",
          headers: { "content-type": "application/ocsp-request" },
          body: Buffer.concat(chunks),
        });
        res
          .writeHead(up.status, { "content-type": up.headers.get("content-type") ?? "application/ocsp-response" })
          .end(Buffer.from(await up.arrayBuffer()));
      } catch {
        res.writeHead(502).end();
      }
    });
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  // A port nothing listens on, ever: a port found free and let go may be handed to the next listen(0) of any process
  // (the app, another test file's server), and then the "down" responder answers.
  const downUrl = "http://127.0.0.1:1";
  const leaves = {
    good: await pki.issueLeaf("good", { ocspUrl: url }),
    revoked: await pki.issueLeaf("revoked", { ocspUrl: url }),
    unknown: await pki.issueLeaf("unknown", { ocspUrl: url, inIndex: false }),
    down: await pki.issueLeaf("down", { ocspUrl: downUrl }),
  };
  await pki.revoke(leaves.revoked, "keyCompromise", new Date(Date.UTC(2025, 9, 1, 8, 0, 0)));
  const responder = await pki.startResponder();
  let n = 0;
  return {
    pki,
    responder,
    responderUrl: url,
    leaves,
    env: { APPLE_EXTRA_ROOTS: pki.extraRootsPath },
    setDelay: (ms) => void (delay = ms),
    profileFor: async (leaf) =>
      readFileSync(await pki.profile(`p${++n}-${leaf.name}`, { certs: [leaf.der], devices: "all" })),
    close: async () => {
      proxy.closeAllConnections();
      await new Promise((r) => proxy.close(r));
      await pki.close();
    },
  };
}

/** Uploads `leaf` (its p12 and a profile listing it) as the user's certificate; answers its id. */
export async function uploadLeaf(
  scene: CheckScene,
  baseUrl: string,
  token: string,
  leaf: TestLeaf,
  name = leaf.name,
): Promise<number> {
  const r = await postForm(
    `${baseUrl}/api/certificates/upload`,
    token,
    { p12: readFileSync(leaf.p12Path), mobileprovision: await scene.profileFor(leaf) },
    { password: TEST_PKI_PASSWORD, name },
  );
  if (r.status !== 200) throw new Error(`upload of ${leaf.name} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.id as number;
}
