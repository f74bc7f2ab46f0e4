import { readFileSync } from "node:fs";
import { freePort, TEST_PKI_PASSWORD, TestPki, type TestLeaf, type TestResponder } from "../../packages/apple/fixtures/test-pki";
import { postForm } from "./certificates";

/**
 * The status-check scene for integration and browser tests: a test PKI whose leaves point at a real `openssl ocsp`
 * responder (good, revoked, unknown to it) or at a port nobody listens on (down), and helpers to upload them.
 */
export interface CheckScene {
  pki: TestPki;
  responder: TestResponder;
  leaves: { good: TestLeaf; revoked: TestLeaf; unknown: TestLeaf; down: TestLeaf };
  /** The env that makes server and worker trust the test PKI. */
  env: Record<string, string>;
  /** A profile (all devices) listing `leaf`, as bytes. */
  profileFor(leaf: TestLeaf): Promise<Buffer>;
  close(): Promise<void>;
}

export async function createCheckScene(): Promise<CheckScene> {
  const pki = await TestPki.create();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const downUrl = `http://127.0.0.1:${await freePort()}`;
  const leaves = {
    good: await pki.issueLeaf("good", { ocspUrl: url }),
    revoked: await pki.issueLeaf("revoked", { ocspUrl: url }),
    unknown: await pki.issueLeaf("unknown", { ocspUrl: url, inIndex: false }),
    down: await pki.issueLeaf("down", { ocspUrl: downUrl }),
  };
  pki.revoke(leaves.revoked, "keyCompromise", new Date(Date.UTC(2025, 9, 1, 8, 0, 0)));
  const responder = await pki.startResponder({ port });
  let n = 0;
  return {
    pki,
    responder,
    leaves,
    env: { APPLE_EXTRA_ROOTS: pki.extraRootsPath },
    profileFor: async (leaf) => readFileSync(await pki.profile(`p${++n}-${leaf.name}`, { certs: [leaf.der], devices: "all" })),
    close: () => pki.close(),
  };
}

/** Uploads `leaf` (its p12 and a profile listing it) as the user's certificate; answers its id. */
export async function uploadLeaf(scene: CheckScene, baseUrl: string, token: string, leaf: TestLeaf, name = leaf.name): Promise<number> {
  const r = await postForm(`${baseUrl}/api/certificates/upload`, token, { p12: readFileSync(leaf.p12Path), mobileprovision: await scene.profileFor(leaf) }, { password: TEST_PKI_PASSWORD, name });
  if (r.status !== 200) throw new Error(`upload of ${leaf.name} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.id as number;
}
