import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { verifyAttachedCms } from "../../packages/apple/src/cms";
import { parsePlist } from "../../packages/apple/src/plist";

/**
 * The tests' stand-in for Apple's iPhone Device CA (committed; its key signs nothing outside tests). The test servers
 * (startInProcess, startApp) trust it through APPLE_DEVICE_EXTRA_ROOTS, as a real server trusts Apple's.
 */
export const FAKE_DEVICE_CA_PEM = path.join(__dirname, "fake-device-ca", "ca.pem");
const FAKE_DEVICE_CA_KEY = path.join(__dirname, "fake-device-ca", "ca.key");

/** The env that makes a server accept FakeDevice's responses. */
export const trustFakeDevices = (): Record<string, string> => ({ APPLE_DEVICE_EXTRA_ROOTS: FAKE_DEVICE_CA_PEM });

/**
 * A fake iOS device for the UDID profile service: a throwaway RSA key and its device identity certificate, issued by
 * the fake device CA (`selfSigned`: a certificate it made itself, as an attacker's would be), and the CMS-signed
 * attribute plist it posts to the relay, made by `openssl cms -sign`.
 */
export class FakeDevice {
  readonly dir = mkdtempSync(path.join(tmpdir(), "fake-device-"));
  readonly key = path.join(this.dir, "device.key");
  readonly cert = path.join(this.dir, "device.pem");

  constructor(opts: { selfSigned?: boolean } = {}) {
    const subj = ["-subj", `/CN=${randomUUID().toUpperCase()}`];
    if (opts.selfSigned) {
      execFileSync(
        "openssl",
        [
          "req",
          "-x509",
          "-newkey",
          "rsa:2048",
          "-nodes",
          "-keyout",
          this.key,
          "-out",
          this.cert,
          "-days",
          "2",
          ...subj,
        ],
        { stdio: "ignore" },
      );
      return;
    }
    const csr = path.join(this.dir, "device.csr");
    execFileSync(
      "openssl",
      ["req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", this.key, "-out", csr, ...subj],
      { stdio: "ignore" },
    );
    execFileSync(
      "openssl",
      [
        "x509",
        "-req",
        "-in",
        csr,
        "-CA",
        FAKE_DEVICE_CA_PEM,
        "-CAkey",
        FAKE_DEVICE_CA_KEY,
        "-set_serial",
        `0x${randomBytes(8).toString("hex")}`,
        "-days",
        "2",
        "-out",
        this.cert,
      ],
      {
        stdio: "ignore",
      },
    );
  }

  /** The XML plist iOS sends: the requested attributes (and the profile's challenge). */
  static plist(attrs: Record<string, string>): Buffer {
    const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    const body = Object.entries(attrs)
      .map(([k, v]) => `\t<key>${esc(k)}</key>\n\t<string>${esc(v)}</string>\n`)
      .join("");
    return Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n${body}</dict>\n</plist>\n`,
    );
  }

  /** `openssl cms -sign -nodetach -outform DER` of the attribute plist. */
  sign(attrs: Record<string, string>): Buffer {
    return this.signRaw(FakeDevice.plist(attrs));
  }

  /** Raw plist XML (e.g. with character references the string helper would escape), signed like `sign`. */
  signRaw(xml: Buffer): Buffer {
    const input = path.join(this.dir, "attrs.plist");
    const out = path.join(this.dir, "attrs.der");
    writeFileSync(input, xml);
    execFileSync("openssl", [
      "cms",
      "-sign",
      "-nodetach",
      "-binary",
      "-outform",
      "DER",
      "-signer",
      this.cert,
      "-inkey",
      this.key,
      "-in",
      input,
      "-out",
      out,
    ]);
    return readFileSync(out);
  }

  /** POSTs the signed attributes to a relay URL like iOS does; the 301 is not followed. */
  static async post(relayUrl: string, body: Buffer): Promise<{ status: number; location: string | null; json: any }> {
    const res = await fetch(relayUrl, {
      method: "POST",
      body,
      headers: { "content-type": "application/pkcs7-signature" },
      redirect: "manual",
    });
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: res.status, location: res.headers.get("location"), json };
  }
}

/** A throwaway p12 (RSA key + self-signed certificate) as an admin would upload to sign profiles. */
export function throwawayP12(commonName: string, password: string): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), "site-p12-"));
  const key = path.join(dir, "k.pem");
  const cert = path.join(dir, "c.pem");
  const p12 = path.join(dir, "id.p12");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "30",
      "-subj",
      `/CN=${commonName}`,
    ],
    { stdio: "ignore" },
  );
  execFileSync("openssl", [
    "pkcs12",
    "-export",
    "-inkey",
    key,
    "-in",
    cert,
    "-out",
    p12,
    "-passout",
    `pass:${password}`,
  ]);
  return readFileSync(p12);
}

let udidSeq = 0;
/** A fresh UDID of the newer shape (8 hex, dash, 16 hex). */
export function newUdid(): string {
  udidSeq++;
  const rand = Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, "0");
  return `00008120-${(rand + udidSeq.toString(16).padStart(10, "0")).toUpperCase()}`;
}

/**
 * A user's capture link as the site makes it (POST /api/udid/session with the login; the link carries the session's
 * one-time id, never the token), `front` and `callback` as the page would send them.
 */
export async function userProfileUrl(
  baseUrl: string,
  token: string,
  body: { front?: string; callback?: string } = {},
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/udid/session`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data?: { profile_url?: string } };
  if (res.status !== 200 || !json.data?.profile_url)
    throw new Error(`udid session: ${res.status} ${JSON.stringify(json)}`);
  return json.data.profile_url;
}

/**
 * The Profile Service plist of a downloaded mobileconfig: plain XML, or (with a profile-signing identity, as in the
 * demo run) the content of its attached CMS, whose signature must be intact.
 */
export function profilePlist(file: Buffer): Record<string, any> {
  if (file.subarray(0, 64).toString("latin1").includes("<?xml")) return parsePlist(file) as Record<string, any>;
  const cms = verifyAttachedCms(file);
  if (cms.problems.length) throw new Error(`signed profile: ${cms.problems.join("; ")}`);
  return parsePlist(cms.content) as Record<string, any>;
}
