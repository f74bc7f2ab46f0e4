import { execFileSync } from "node:child_process";
import http from "node:http";
import https from "node:https";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { FIXTURE_P12_PASSWORD, fixturePath, readFixture } from "../../packages/apple/fixtures/fixtures";

/**
 * Certificate fixtures for the certificate tests: the fake Apple PKI of packages/apple/fixtures (its root is given
 * to the server through APPLE_EXTRA_ROOTS), its p12s and profiles, and a pair from a CA nobody trusts.
 */
export const P12_PASSWORD = FIXTURE_P12_PASSWORD;

/** The env that makes the server trust the fixtures' fake Apple root. */
export const trustFixtureRoot = (): Record<string, string> => ({ APPLE_EXTRA_ROOTS: fixturePath("pki/root.pem") });

export const fixtures = {
  p12: () => readFixture("p12/leaf-aes.p12"),
  p12Legacy: () => readFixture("p12/leaf-3des.p12"),
  noKeyP12: () => readFixture("p12/nokey.p12"),
  expiredP12: () => readFixture("p12/expired.p12"),
  otherP12: () => readFixture("p12/other.p12"),
  /** Lists the leaf (and the expired leaf); 2 devices, get-task-allow. */
  developmentProfile: () => readFixture("profiles/development.mobileprovision"),
  adhocProfile: () => readFixture("profiles/adhoc.mobileprovision"),
  enterpriseProfile: () => readFixture("profiles/enterprise.mobileprovision"),
  expiredProfile: () => readFixture("profiles/expired.mobileprovision"),
  leafKeyPem: () => readFileSync(fixturePath("pki/leaf.key"), "utf8"),
  leafDer: () => readFixture("pki/leaf.der"),
  devices: () => readFileSync(fixturePath("devices.txt"), "utf8").trim().split("\n"),
};

type Openssl = (args: string[]) => Buffer;

/** A self-signed RSA certificate with `subject`, written as c.pem with its key k.pem in the run's directory. */
function selfSigned(run: Openssl, subject: string): void {
  const key = ["-newkey", "rsa:2048", "-nodes", "-keyout", "k.pem"];
  run(["req", "-x509", ...key, "-out", "c.pem", "-days", "365", "-subj", subject]);
}

/** p.plist signed into p.mobileprovision as Apple signs profiles (CMS, DER, content attached) by `signer`. */
function signProfile(run: Openssl, signer: string[]): void {
  run([
    "cms",
    "-sign",
    "-nodetach",
    "-binary",
    "-outform",
    "DER",
    ...signer,
    "-in",
    "p.plist",
    "-out",
    "p.mobileprovision",
  ]);
}

let untrusted: { p12: Buffer; profile: Buffer } | undefined;
/**
 * A self-signed "iPhone Distribution" certificate (in its p12 with password test123) and a profile listing it,
 * signed like the fixtures' profiles: everything is right except that the certificate chains to no trusted root.
 */
export function untrustedPair(): { p12: Buffer; profile: Buffer } {
  if (untrusted) return untrusted;
  const dir = mkdtempSync(path.join(os.tmpdir(), "gryx-untrusted-"));
  try {
    const run = (args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
    selfSigned(run, "/UID=TEAMID1234.x/CN=iPhone Distribution: Nobody (TEAMID1234)/OU=TEAMID1234/O=Nobody/C=US");
    run(["x509", "-in", "c.pem", "-outform", "DER", "-out", "c.der"]);
    run([
      "pkcs12",
      "-export",
      "-passout",
      `pass:${P12_PASSWORD}`,
      "-inkey",
      "k.pem",
      "-in",
      "c.pem",
      "-keypbe",
      "AES-256-CBC",
      "-certpbe",
      "AES-256-CBC",
      "-out",
      "c.p12",
    ]);
    const plist = readFileSync(fixturePath("profiles/development.plist"), "utf8").replace(
      /<key>DeveloperCertificates<\/key>\s*<array>[\s\S]*?<\/array>/,
      `<key>DeveloperCertificates</key>\n\t<array>\n\t\t<data>${readFileSync(path.join(dir, "c.der")).toString("base64")}</data>\n\t</array>`,
    );
    writeFileSync(path.join(dir, "p.plist"), plist);
    signProfile(run, [
      "-signer",
      fixturePath("pki/profile-signer.pem"),
      "-inkey",
      fixturePath("pki/profile-signer.key"),
      "-certfile",
      fixturePath("pki/wwdr.pem"),
    ]);
    untrusted = {
      p12: readFileSync(path.join(dir, "c.p12")),
      profile: readFileSync(path.join(dir, "p.mobileprovision")),
    };
    return untrusted;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Doctored copies of the fixtures' development profile: `edited`, one entitlement's name changed inside the signed
 * bytes (same length, still a valid plist: the CMS messageDigest no longer matches); `resigned`, an extra
 * entitlement and signed again by a self-made certificate named like Apple's profile signer.
 */
export function doctoredProfiles(): { edited: Buffer; resigned: Buffer } {
  const original = fixtures.developmentProfile();
  const at = original.indexOf(Buffer.from("get-task-allow"));
  if (at < 0) throw new Error("fixture profile without get-task-allow");
  const edited = Buffer.from(original);
  edited.write("get-task-allox", at, "latin1");
  const dir = mkdtempSync(path.join(os.tmpdir(), "gryx-doctored-"));
  try {
    const run = (args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
    selfSigned(
      run,
      "/C=US/O=Apple Inc./OU=Apple Worldwide Developer Relations/CN=Apple iPhone OS Provisioning Profile Signing",
    );
    const plist = readFileSync(fixturePath("profiles/development.plist"), "utf8").replace(
      "<key>Entitlements</key>\n\t<dict>",
      "<key>Entitlements</key>\n\t<dict>\n\t\t<key>com.apple.private.security.no-sandbox</key>\n\t\t<true/>",
    );
    if (!plist.includes("no-sandbox")) throw new Error("could not add the entitlement");
    writeFileSync(path.join(dir, "p.plist"), plist);
    signProfile(run, ["-signer", "c.pem", "-inkey", "k.pem"]);
    return { edited, resigned: readFileSync(path.join(dir, "p.mobileprovision")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A multipart POST of files and fields with a Bearer token; answers status and JSON body. */
export async function postForm(
  url: string,
  token: string | undefined,
  files: Record<string, Buffer | undefined>,
  fields: Record<string, string | undefined> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(files)) if (v) form.append(k, new Blob([new Uint8Array(v)]), `${k}.bin`);
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
  // Sent on a connection of its own, never a pooled one: making a big file (biggerIpa) can hold the event loop for
  // longer than the server keeps an idle connection open, and a pooled socket the server closed meanwhile fails the
  // write (ECONNRESET, EPIPE) before the request reaches it.
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const headers: Record<string, string> = {
    "content-type": encoded.headers.get("content-type")!,
    "content-length": String(body.length),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    let answered = false;
    const req = (url.startsWith("https:") ? https : http).request(
      url,
      { method: "POST", headers, agent: false },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    // A server may answer (e.g. 413) and close before it has read the whole body: the answer is what counts.
    req.on("error", (e) => (answered ? undefined : reject(e)));
    req.end(body);
  });
  let parsed: any;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { raw: text };
  }
  return { status, body: parsed };
}

/** Uploads the fixtures' good pair (leaf + development profile) to /api/certificates/upload. */
export function uploadGoodCertificate(baseUrl: string, token: string, name?: string) {
  return postForm(
    `${baseUrl}/api/certificates/upload`,
    token,
    { p12: fixtures.p12(), mobileprovision: fixtures.developmentProfile() },
    { password: P12_PASSWORD, name },
  );
}
