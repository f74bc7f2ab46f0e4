/**
 * An OCSP responder (RFC 6960) for a CA whose database is an `openssl ca` index.txt: the demo PKI's responder that
 * `npm start` runs (scripts/ocsp-responder.mjs), and the index format the test PKI writes. It reads an OCSPRequest
 * (POST body, or the base64 path of a GET, RFC 6960 A.1), answers each CertID the CA issued with good, revoked (time
 * and reason) or unknown from the index, echoes the nonce, and signs the BasicOCSPResponse with a delegated responder
 * certificate (id-kp-OCSPSigning, issued by the CA, included in the answer) or the CA's own key. Requests about
 * another CA's certificates get `unauthorized`, unreadable ones `malformedRequest`. The ASN.1 is @peculiar/asn1-ocsp's
 * schemas; signatures are node:crypto's.
 */
import { readFileSync, statSync } from "node:fs";
import http from "node:http";
import { createHash, sign as cryptoSign, X509Certificate, type KeyObject } from "node:crypto";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import { AlgorithmIdentifier, Certificate, CRLReason, CRLReasons, Extension, Name } from "@peculiar/asn1-x509";
import {
  BasicOCSPResponse,
  CertStatus,
  id_pkix_ocsp_basic,
  id_pkix_ocsp_nonce,
  OCSPRequest,
  OCSPResponse,
  OCSPResponseStatus,
  ResponderID,
  ResponseBytes,
  ResponseData,
  RevokedInfo,
  SingleResponse,
  type CertID,
} from "@peculiar/asn1-ocsp";

/**
 * The OCSP address the demo certificates name (demo/gen-certificate.sh writes it into their AIA): loopback, where
 * `npm start` runs the demo responder. When the launcher had to run it elsewhere (the port was taken), it tells the
 * server and the worker with DEMO_OCSP_URL, and their checks ask there instead (OcspCheckOptions.redirects).
 */
export const DEMO_OCSP_ADDRESS = "http://127.0.0.1:6960/";

/** The status checks' redirects for DEMO_OCSP_URL (where the launcher runs the demo responder), or none. */
export function demoOcspRedirects(demoOcspUrl: string | undefined): Record<string, string> {
  return demoOcspUrl ? { [DEMO_OCSP_ADDRESS]: demoOcspUrl } : {};
}

// ---- the CA database (openssl ca's index.txt) -------------------------------------------------------------------

/** One certificate of a CA database: serial (lowercase hex, no leading zeros), state, and for a revoked one when and why. */
export interface CaIndexEntry {
  serial: string;
  state: "valid" | "revoked" | "expired";
  expires: Date;
  revokedAt: Date | null;
  /** An RFC 5280 reason name as openssl writes it (keyCompromise, CACompromise...), or null. */
  reason: string | null;
  subject: string;
}

/** "YYMMDDHHMMSSZ" (UTCTime, years 1950–2049) or "YYYYMMDDHHMMSSZ" (GeneralizedTime), as in index.txt. */
function indexTime(s: string): Date | null {
  const m = /^(\d{2}|\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(s);
  if (!m) return null;
  const y = m[1]!.length === 4 ? +m[1]! : +m[1]! < 50 ? 2000 + +m[1]! : 1900 + +m[1]!;
  const d = new Date(Date.UTC(y, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A time as index.txt writes it: UTCTime before 2050, GeneralizedTime after (as openssl does). */
export function caIndexTime(d: Date): string {
  const iso = d.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  return (d.getUTCFullYear() < 2050 ? iso.slice(2) : iso) + "Z";
}

export const normalSerial = (hex: string) => hex.toLowerCase().replace(/^0+(?=.)/, "");

/**
 * Reads an `openssl ca` database: tab-separated lines of state (V, R, E), expiry, revocation ("time[,reason]"),
 * serial (hex), file name and subject. Unreadable lines are skipped.
 */
export function parseCaIndex(text: string): Map<string, CaIndexEntry> {
  const out = new Map<string, CaIndexEntry>();
  for (const line of text.split("\n")) {
    const f = line.replace(/\r$/, "").split("\t");
    if (f.length < 4 || !/^[VRE]$/.test(f[0]!) || !/^[0-9A-Fa-f]+$/.test(f[3]!)) continue;
    const expires = indexTime(f[1]!);
    if (!expires) continue;
    const [when, reason] = (f[2] ?? "").split(",");
    const revokedAt = f[0] === "R" ? indexTime(when ?? "") : null;
    if (f[0] === "R" && !revokedAt) continue;
    const serial = normalSerial(f[3]!);
    out.set(serial, {
      serial,
      state: f[0] === "R" ? "revoked" : f[0] === "E" ? "expired" : "valid",
      expires,
      revokedAt,
      reason: f[0] === "R" ? reason || null : null,
      subject: f.slice(5).join("\t"),
    });
  }
  return out;
}

/** One index.txt line (what `openssl ca` writes when it issues or revokes). */
export function caIndexLine(e: {
  serial: string;
  expires: Date;
  subject: string;
  revokedAt?: Date | null;
  reason?: string | null;
}): string {
  const revoked = e.revokedAt ? `${caIndexTime(e.revokedAt)}${e.reason ? `,${e.reason}` : ""}` : "";
  return `${e.revokedAt ? "R" : "V"}\t${caIndexTime(e.expires)}\t${revoked}\t${e.serial.toUpperCase()}\tunknown\t${e.subject}`;
}

/**
 * A lookup over an index.txt file, read again whenever the file changes (its mtime or size), so a revocation written
 * to it (`openssl ca -revoke`) is answered from the next request on. A file that cannot be read answers nothing
 * (every certificate "unknown") until it can.
 */
export function caIndexFileLookup(file: string): (serial: string) => CaIndexEntry | undefined {
  let stamp = "";
  let entries = new Map<string, CaIndexEntry>();
  return (serial) => {
    try {
      const st = statSync(file);
      const now = `${st.mtimeMs}:${st.size}`;
      if (now !== stamp) {
        entries = parseCaIndex(readFileSync(file, "utf8"));
        stamp = now;
      }
    } catch {
      entries = new Map();
      stamp = "";
    }
    return entries.get(serial);
  };
}

// ---- answers ----------------------------------------------------------------------------------------------------

export interface OcspResponderOptions {
  /** The CA whose certificates are answered for. */
  issuer: Buffer | string | X509Certificate;
  /** Who signs: a delegated responder certificate the CA issued (with id-kp-OCSPSigning), or the CA itself. */
  signer: { certificate: Buffer | string | X509Certificate; key: KeyObject };
  /** The certificate's entry by serial (lowercase hex, no leading zeros), or undefined: answered "unknown". */
  lookup(serial: string): CaIndexEntry | undefined;
  /** How long an answer stays fresh (nextUpdate); default 5 minutes. */
  nextUpdateSeconds?: number;
  /** At most this many CertIDs per request (default 20); more is a malformed request. */
  maxRequests?: number;
  now?: () => Date;
}

const HASHES: Record<string, string> = {
  "1.3.14.3.2.26": "sha1",
  "2.16.840.1.101.3.4.2.1": "sha256",
  "2.16.840.1.101.3.4.2.2": "sha384",
  "2.16.840.1.101.3.4.2.3": "sha512",
};
const buf = (b: ArrayBuffer | ArrayBufferView) =>
  ArrayBuffer.isView(b) ? Buffer.from(b.buffer, b.byteOffset, b.byteLength) : Buffer.from(b);
const toX509 = (c: Buffer | string | X509Certificate) => (c instanceof X509Certificate ? c : new X509Certificate(c));

function statusOnly(status: OCSPResponseStatus): Buffer {
  return Buffer.from(AsnConvert.serialize(new OCSPResponse({ responseStatus: status })));
}

/** The reason's CRLReason number (openssl's names: keyCompromise, CACompromise, ...; case does not matter). */
function reasonCode(name: string | null): CRLReasons | undefined {
  if (!name) return undefined;
  const hit = Object.entries(CRLReasons).find(
    ([k, v]) => typeof v === "number" && k.toLowerCase() === name.toLowerCase(),
  );
  return hit ? (hit[1] as CRLReasons) : undefined;
}

/** A responder: `respond(request DER)` answers the DER of an OCSPResponse; it never throws. */
export function ocspResponder(opts: OcspResponderOptions): { respond(request: Buffer): Buffer } {
  const issuer = toX509(opts.issuer);
  const issuerParsed = AsnConvert.parse(issuer.raw, Certificate);
  const issuerName = Buffer.from(AsnConvert.serialize(issuerParsed.tbsCertificate.subject));
  const issuerKey = buf(issuerParsed.tbsCertificate.subjectPublicKeyInfo.subjectPublicKey);
  /** The issuer's name and key hashes for each hash algorithm a request may use. */
  const issuerHashes = Object.fromEntries(
    Object.entries(HASHES).map(([oid, alg]) => [
      oid,
      {
        name: createHash(alg).update(issuerName).digest(),
        key: createHash(alg).update(issuerKey).digest(),
      },
    ]),
  );
  const signerCert = toX509(opts.signer.certificate);
  const delegated = !signerCert.raw.equals(issuer.raw);
  const signerParsed = AsnConvert.parse(signerCert.raw, Certificate);
  const key = opts.signer.key;
  const rsa = key.asymmetricKeyType === "rsa";
  if (!rsa && key.asymmetricKeyType !== "ec")
    throw new Error(`unsupported responder key type ${key.asymmetricKeyType}`);
  // sha256WithRSAEncryption or ecdsa-with-SHA256.
  const sigAlg = new AlgorithmIdentifier(
    rsa ? { algorithm: "1.2.840.113549.1.1.11", parameters: null } : { algorithm: "1.2.840.10045.4.3.2" },
  );
  const responderId = new ResponderID({
    byName: AsnConvert.parse(AsnConvert.serialize(signerParsed.tbsCertificate.subject), Name),
  });
  const freshFor = (opts.nextUpdateSeconds ?? 300) * 1000;
  const maxRequests = opts.maxRequests ?? 20;
  const clock = opts.now ?? (() => new Date());

  const single = (id: CertID, now: Date): SingleResponse => {
    const serial = normalSerial(buf(id.serialNumber).toString("hex"));
    const entry = opts.lookup(serial);
    let certStatus: CertStatus;
    if (!entry) certStatus = new CertStatus({ unknown: null });
    else if (entry.state === "revoked") {
      const code = reasonCode(entry.reason);
      certStatus = new CertStatus({
        revoked: new RevokedInfo({
          revocationTime: entry.revokedAt!,
          ...(code === undefined ? {} : { revocationReason: new CRLReason(code) }),
        }),
      });
    } else certStatus = new CertStatus({ good: null });
    // Whole seconds: GeneralizedTime in an OCSP answer carries no fractions (RFC 5280 4.1.2.5.2).
    const thisUpdate = new Date(Math.floor(now.getTime() / 1000) * 1000);
    return new SingleResponse({
      certID: id,
      certStatus,
      thisUpdate,
      nextUpdate: new Date(thisUpdate.getTime() + freshFor),
    });
  };

  return {
    respond(request: Buffer): Buffer {
      let req: OCSPRequest;
      try {
        req = AsnConvert.parse(request, OCSPRequest);
      } catch {
        return statusOnly(OCSPResponseStatus.malformedRequest);
      }
      const list = req.tbsRequest.requestList;
      if (!list.length || list.length > maxRequests) return statusOnly(OCSPResponseStatus.malformedRequest);
      for (const r of list) {
        const h = issuerHashes[r.reqCert.hashAlgorithm.algorithm];
        if (!h) return statusOnly(OCSPResponseStatus.malformedRequest);
        // Not this CA's certificate: this responder has no authority to answer (RFC 6960 2.3).
        if (!h.name.equals(buf(r.reqCert.issuerNameHash.buffer)) || !h.key.equals(buf(r.reqCert.issuerKeyHash.buffer)))
          return statusOnly(OCSPResponseStatus.unauthorized);
      }
      const now = clock();
      const nonce = req.tbsRequest.requestExtensions?.find((e) => e.extnID === id_pkix_ocsp_nonce);
      const data = new ResponseData({
        responderID: responderId,
        producedAt: new Date(Math.floor(now.getTime() / 1000) * 1000),
        responses: list.map((r) => single(r.reqCert, now)),
        ...(nonce
          ? {
              responseExtensions: [
                new Extension({ extnID: id_pkix_ocsp_nonce, critical: false, extnValue: nonce.extnValue }),
              ],
            }
          : {}),
      });
      const tbs = Buffer.from(AsnConvert.serialize(data));
      const signature = cryptoSign("sha256", tbs, key);
      const basic = new BasicOCSPResponse({
        tbsResponseData: data,
        signatureAlgorithm: sigAlg,
        signature: signature.buffer.slice(signature.byteOffset, signature.byteOffset + signature.length) as ArrayBuffer,
        ...(delegated ? { certs: [signerParsed] } : {}),
      });
      return Buffer.from(
        AsnConvert.serialize(
          new OCSPResponse({
            responseStatus: OCSPResponseStatus.successful,
            responseBytes: new ResponseBytes({
              responseType: id_pkix_ocsp_basic,
              response: new OctetString(AsnConvert.serialize(basic)),
            }),
          }),
        ),
      );
    },
  };
}

// ---- HTTP -------------------------------------------------------------------------------------------------------

/** The largest request read (an OCSP request for one certificate is about a hundred bytes). */
const MAX_REQUEST_BYTES = 16 * 1024;

/**
 * An HTTP server for a responder: POST with the DER request as body, or GET /<base64 of it> (RFC 6960 A.1); the answer
 * is `application/ocsp-response`. Any other method is 405; a body over 16 KiB is 413.
 */
export function ocspHttpServer(responder: { respond(request: Buffer): Buffer }): http.Server {
  const send = (res: http.ServerResponse, der: Buffer) =>
    res.writeHead(200, { "content-type": "application/ocsp-response", "content-length": der.length }).end(der);
  return http.createServer((req, res) => {
    if (req.method === "GET") {
      let body: Buffer;
      try {
        body = Buffer.from(decodeURIComponent((req.url ?? "/").replace(/^\/+/, "")), "base64");
      } catch {
        body = Buffer.alloc(0);
      }
      return send(res, responder.respond(body));
    }
    if (req.method !== "POST") return void res.writeHead(405, { allow: "GET, POST" }).end();
    const chunks: Buffer[] = [];
    let total = 0;
    req.on("data", (c: Buffer) => {
      total += c.length;
      if (total > MAX_REQUEST_BYTES) {
        res.writeHead(413, { connection: "close" }).end();
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => {
      if (!res.headersSent) send(res, responder.respond(Buffer.concat(chunks)));
    });
  });
}
