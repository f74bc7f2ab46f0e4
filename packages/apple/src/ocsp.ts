/**
 * OCSP (RFC 6960) for certificate status checks: the request for the responder named in a certificate's
 * Authority Information Access extension (SHA-1 CertID: issuer name hash, issuer key hash, serial), sent by
 * HTTP POST, and the BasicOCSPResponse parsed and verified (signed by the issuer, or by a delegated responder
 * certificate with id-kp-OCSPSigning issued by the issuer). The CertID is @peculiar/asn1-ocsp's type; the request is
 * written and the answer read with this package's DER writer and reader (cms.ts), decoding only the fields checked,
 * so included certificates stay raw and are parsed once per process; signatures are checked with node:crypto. Issuers and delegated responders are cached
 * per process, since every check of a batch meets the same few.
 *
 * Every failure (no responder URL, a responder that is down, slow, answers garbage, a bad signature, a stale
 * answer, an answer about another certificate) is a result with status "error" and a reason: never a throw,
 * never "good".
 */
import http from "node:http";
import https from "node:https";
import { createHash, randomBytes, verify as cryptoVerify, X509Certificate, type KeyObject } from "node:crypto";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import {
  AlgorithmIdentifier,
  AuthorityInfoAccessSyntax,
  Certificate,
  CRLReasons,
  Extension,
  id_pe_authorityInfoAccess,
} from "@peculiar/asn1-x509";
import {
  bytesToOid,
  content as derContent,
  der as derTlv,
  oidToBytes,
  parseDer,
  raw as rawDer,
  type Node as DerNode,
} from "./cms";
import {
  CertID,
  id_kp_OCSPSigning,
  id_pkix_ocsp,
  id_pkix_ocsp_basic,
  id_pkix_ocsp_nonce,
  OCSPResponseStatus,
} from "@peculiar/asn1-ocsp";

export type OcspStatus = "good" | "revoked" | "unknown" | "error";

export interface OcspResult {
  status: OcspStatus;
  /** Why the status is "error" (in Chinese, for people), or null. */
  error: string | null;
  /** What went wrong in technical terms (for logs and the admin report). */
  detail: string | null;
  responderUrl: string | null;
  /** For "revoked": when, and why (an RFC 5280 reason name such as keyCompromise, or null when not given). */
  revokedAt: Date | null;
  revocationReason: string | null;
  thisUpdate: Date | null;
  nextUpdate: Date | null;
  producedAt: Date | null;
  /** Who signed the answer: "issuer" or "delegated" (a responder certificate the issuer issued). */
  signedBy: "issuer" | "delegated" | null;
  checkedAt: Date;
  /** True when the answer came from the cache (a previous answer whose nextUpdate has not passed). */
  cached: boolean;
}

const SHA1_OID = "1.3.14.3.2.26";

/** Signature algorithm OIDs → the digest node:crypto needs (null: the key type decides, as for Ed25519). */
const SIG_DIGEST: Record<string, string | null> = {
  "1.2.840.113549.1.1.5": "sha1", // sha1WithRSAEncryption
  "1.2.840.113549.1.1.11": "sha256",
  "1.2.840.113549.1.1.12": "sha384",
  "1.2.840.113549.1.1.13": "sha512",
  "1.2.840.10045.4.1": "sha1", // ecdsa-with-SHA1
  "1.2.840.10045.4.3.2": "sha256",
  "1.2.840.10045.4.3.3": "sha384",
  "1.2.840.10045.4.3.4": "sha512",
  "1.3.101.112": null, // Ed25519
};

const REASONS: Record<number, string> = Object.fromEntries(
  Object.entries(CRLReasons)
    .filter(([, v]) => typeof v === "number")
    .map(([k, v]) => [v as number, k]),
);

/** Chinese names of the revocation reasons, for reports. */
export const REVOCATION_REASON_ZH: Record<string, string> = {
  unspecified: "未说明",
  keyCompromise: "私钥泄露",
  cACompromise: "CA 泄露",
  affiliationChanged: "隶属关系变更",
  superseded: "已被取代",
  cessationOfOperation: "停止使用",
  certificateHold: "暂时吊销",
  removeFromCRL: "已从 CRL 移除",
  privilegeWithdrawn: "权限撤回",
  aACompromise: "AA 泄露",
};

function toBuf(ab: ArrayBuffer | ArrayBufferView): Buffer {
  return ArrayBuffer.isView(ab) ? Buffer.from(ab.buffer, ab.byteOffset, ab.byteLength) : Buffer.from(ab);
}

function der(c: Buffer | string | X509Certificate): Buffer {
  if (c instanceof X509Certificate) return c.raw;
  if (typeof c === "string") return new X509Certificate(c).raw;
  return c;
}

function parseCert(c: Buffer | string | X509Certificate | Certificate): Certificate {
  return c instanceof Certificate ? c : AsnConvert.parse(der(c), Certificate);
}

/** What an issuer contributes to every request and answer: parsed once per issuer (bounded cache). */
interface IssuerInfo {
  x509: X509Certificate;
  nameHash: Buffer;
  keyHash: Buffer;
  /** DER of its subject Name (a byName responder id is compared with it). */
  subjectDer: Buffer;
}
const issuerCache = new Map<string, IssuerInfo>();
function issuerInfo(issuer: Buffer | string | X509Certificate): IssuerInfo {
  const key = createHash("sha256")
    .update(issuer instanceof X509Certificate ? issuer.raw : issuer)
    .digest("hex");
  let info = issuerCache.get(key);
  if (!info) {
    const raw = der(issuer);
    const parsed = parseCert(raw);
    const sha1 = (b: Buffer) => createHash("sha1").update(b).digest();
    const subjectDer = Buffer.from(AsnConvert.serialize(parsed.tbsCertificate.subject));
    info = {
      x509: issuer instanceof X509Certificate ? issuer : new X509Certificate(raw),
      nameHash: sha1(subjectDer),
      keyHash: sha1(toBuf(parsed.tbsCertificate.subjectPublicKeyInfo.subjectPublicKey)),
      subjectDer,
    };
    if (issuerCache.size > 100) issuerCache.clear();
    issuerCache.set(key, info);
  }
  return info;
}

function aiaOcspUrls(parsed: Certificate): string[] {
  const ext = parsed.tbsCertificate.extensions?.find((e: Extension) => e.extnID === id_pe_authorityInfoAccess);
  if (!ext) return [];
  const aia = AsnConvert.parse(ext.extnValue, AuthorityInfoAccessSyntax);
  return aia
    .filter((d) => d.accessMethod === id_pkix_ocsp && d.accessLocation.uniformResourceIdentifier)
    .map((d) => d.accessLocation.uniformResourceIdentifier!)
    .filter((u) => /^https?:\/\//i.test(u));
}

/** The OCSP responder URLs (http/https) named in a certificate's Authority Information Access extension. */
export function ocspUrls(cert: Buffer | string | X509Certificate | Certificate): string[] {
  return aiaOcspUrls(parseCert(cert));
}

/** The SHA-1 CertID of `cert` issued by `issuer`. */
export function certIdFor(
  cert: Buffer | string | X509Certificate | Certificate,
  issuer: Buffer | string | X509Certificate,
): CertID {
  const iss = issuerInfo(issuer);
  return new CertID({
    hashAlgorithm: new AlgorithmIdentifier({ algorithm: SHA1_OID, parameters: null }),
    issuerNameHash: new OctetString(iss.nameHash),
    issuerKeyHash: new OctetString(iss.keyHash),
    serialNumber: cert instanceof X509Certificate ? serialBytes(cert) : parseCert(cert).tbsCertificate.serialNumber,
  });
}

/** The INTEGER content bytes of a certificate's serial (X509Certificate gives it as hex). */
function serialBytes(x: X509Certificate): ArrayBuffer {
  let hex = x.serialNumber.length % 2 ? "0" + x.serialNumber : x.serialNumber;
  if (parseInt(hex.slice(0, 2), 16) >= 0x80) hex = "00" + hex;
  const b = Buffer.from(hex, "hex");
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.length) as ArrayBuffer;
}

/** The OCSP URLs of a parsed certificate's AIA (node's infoAccess: "OCSP - URI:http://…" lines). */
export function x509OcspUrls(x: X509Certificate): string[] {
  return (x.infoAccess ?? "")
    .split("\n")
    .map((l) => /^OCSP - URI:(.*)$/.exec(l.trim())?.[1] ?? "")
    .filter((u) => /^https?:\/\//i.test(u));
}

/** A stable key for one certificate's status: issuer key hash + serial, hex. */
export function certIdKey(id: CertID): string {
  return `${toBuf(id.issuerKeyHash.buffer).toString("hex")}:${stripSerial(toBuf(id.serialNumber)).toString("hex")}`;
}

function stripSerial(b: Buffer): Buffer {
  let i = 0;
  while (i < b.length - 1 && b[i] === 0) i++;
  return b.subarray(i);
}

/** DER of an OCSPRequest for one certificate, with a nonce extension when `nonce` is given. */
export function buildOcspRequest(certId: CertID, nonce?: Buffer): Buffer {
  // Written with this package's DER writer (the request is one fixed shape; @peculiar's serializer was a measurable
  // share of every check). OCSPRequest ::= SEQUENCE { tbsRequest SEQUENCE { requestList SEQUENCE OF Request
  // SEQUENCE { reqCert CertID }, requestExtensions [2] EXPLICIT Extensions OPTIONAL } }.
  const request = derTlv(0x30, certIdDer(certId));
  const parts = [derTlv(0x30, request)];
  if (nonce) {
    const ext = derTlv(0x30, derTlv(0x06, oidToBytes(id_pkix_ocsp_nonce)), derTlv(0x04, derTlv(0x04, nonce)));
    parts.push(derTlv(0xa2, derTlv(0x30, ext)));
  }
  return derTlv(0x30, derTlv(0x30, ...parts));
}

/** DER of a CertID (SEQUENCE { hashAlgorithm, issuerNameHash, issuerKeyHash, serialNumber }). */
function certIdDer(id: CertID): Buffer {
  const alg =
    id.hashAlgorithm.parameters === undefined
      ? derTlv(0x30, derTlv(0x06, oidToBytes(id.hashAlgorithm.algorithm)))
      : derTlv(
          0x30,
          derTlv(0x06, oidToBytes(id.hashAlgorithm.algorithm)),
          id.hashAlgorithm.parameters === null ? NULL_DER : Buffer.from(id.hashAlgorithm.parameters),
        );
  return derTlv(
    0x30,
    alg,
    derTlv(0x04, toBuf(id.issuerNameHash.buffer)),
    derTlv(0x04, toBuf(id.issuerKeyHash.buffer)),
    derTlv(0x02, toBuf(id.serialNumber)),
  );
}
const NULL_DER = Buffer.from([0x05, 0x00]);

/** An OCSP outcome of status `error`: what went wrong (Chinese), the technical detail, never a verdict. */
export function errorResult(error: string, detail: string, responderUrl: string | null, now: Date): OcspResult {
  return {
    status: "error",
    error,
    detail,
    responderUrl,
    revokedAt: null,
    revocationReason: null,
    thisUpdate: null,
    nextUpdate: null,
    producedAt: null,
    signedBy: null,
    checkedAt: now,
    cached: false,
  };
}

const RESPONSE_STATUS_TEXT: Record<number, string> = {
  [OCSPResponseStatus.malformedRequest]: "malformedRequest",
  [OCSPResponseStatus.internalError]: "internalError",
  [OCSPResponseStatus.tryLater]: "tryLater",
  [OCSPResponseStatus.sigRequired]: "sigRequired",
  [OCSPResponseStatus.unauthorized]: "unauthorized",
};

/** Clock skew tolerated between us and the responder. */
const SKEW_MS = 5 * 60_000;

function verifySignature(algorithm: string, data: Buffer, key: KeyObject, signature: Buffer): boolean {
  if (!(algorithm in SIG_DIGEST)) throw new Error(`unsupported signature algorithm ${algorithm}`);
  return cryptoVerify(SIG_DIGEST[algorithm], data, key, signature);
}

/** A delegated responder certificate, checked against one issuer (cached: responders answer with the same one). */
interface DelegatedResponder {
  subject: string;
  /** SHA-1 of its public key bits and the DER of its subject: what a responder id names. */
  keyHash: Buffer;
  subjectDer: Buffer;
  issuedByIssuer: boolean;
  ocspSigning: boolean;
  validFrom: number;
  validTo: number;
  publicKey: KeyObject;
}
const responderCache = new Map<string, DelegatedResponder>();
function delegatedResponder(raw: Buffer, issuer: X509Certificate): DelegatedResponder {
  const key = createHash("sha256").update(raw).update(issuer.raw).digest("hex");
  let r = responderCache.get(key);
  if (!r) {
    const x = new X509Certificate(raw);
    const parsed = parseCert(raw);
    r = {
      subject: x.subject.replace(/\n/g, ", "),
      keyHash: createHash("sha1").update(toBuf(parsed.tbsCertificate.subjectPublicKeyInfo.subjectPublicKey)).digest(),
      subjectDer: Buffer.from(AsnConvert.serialize(parsed.tbsCertificate.subject)),
      issuedByIssuer: x.issuer === issuer.subject && x.verify(issuer.publicKey),
      ocspSigning: hasOcspSigning(x),
      validFrom: new Date(x.validFrom).getTime(),
      validTo: new Date(x.validTo).getTime(),
      publicKey: x.publicKey,
    };
    if (responderCache.size > 100) responderCache.clear();
    responderCache.set(key, r);
  }
  return r;
}

function hasOcspSigning(cert: X509Certificate): boolean {
  const eku = cert.keyUsage as unknown as string[] | undefined;
  return Array.isArray(eku) && eku.includes(id_kp_OCSPSigning);
}

/** CertID fields, compared as bytes (serials without leading zero bytes). */
interface CertIdParts {
  hashAlgorithm: string;
  nameHash: Buffer;
  keyHash: Buffer;
  serial: Buffer;
}
function certIdParts(id: CertID): CertIdParts {
  return {
    hashAlgorithm: id.hashAlgorithm.algorithm,
    nameHash: toBuf(id.issuerNameHash.buffer),
    keyHash: toBuf(id.issuerKeyHash.buffer),
    serial: stripSerial(toBuf(id.serialNumber)),
  };
}
function sameCertIdParts(a: CertIdParts, b: CertIdParts): boolean {
  return (
    a.hashAlgorithm === b.hashAlgorithm &&
    a.nameHash.equals(b.nameHash) &&
    a.keyHash.equals(b.keyHash) &&
    a.serial.equals(b.serial)
  );
}

/** What the checks use of a ResponseData (RFC 6960 4.2.1). */
interface ParsedResponseData {
  /** DER of the responder's Name (byName), or the SHA-1 of its key (byKey). */
  byName: Buffer | null;
  byKey: Buffer | null;
  producedAt: Date;
  responses: {
    certId: CertIdParts;
    status: "good" | "revoked" | "unknown";
    revokedAt: Date | null;
    revocationReason: number | null;
    thisUpdate: Date;
    nextUpdate: Date | null;
  }[];
  extensions: { oid: string; value: Buffer }[];
}

const asn1 = (what: string): never => {
  throw new Error(`bad ${what}`);
};

/** Content of an OCTET STRING (BER allows a constructed one: its pieces concatenated). */
function octetString(n: DerNode): Buffer {
  if (n.tag === 0x04) return derContent(n);
  if (n.tag === 0x24) return Buffer.concat(n.children.map(octetString));
  return asn1("OCTET STRING");
}

/** An ENUMERATED or small non-negative INTEGER. */
function derUint(n: DerNode): number {
  const c = derContent(n);
  if (!c.length || c.length > 4 || c[0]! & 0x80) return asn1("ENUMERATED");
  return c.reduce((v, b) => v * 256 + b, 0);
}

/** A GeneralizedTime (RFC 5280: YYYYMMDDHHMMSS[.fff]Z). */
function generalizedTime(n: DerNode | undefined): Date {
  if (n?.tag !== 0x18) return asn1("GeneralizedTime");
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.(\d{1,9}))?Z$/.exec(derContent(n).toString("latin1"));
  if (!m) return asn1("GeneralizedTime");
  const ms = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, ms));
  if (Number.isNaN(d.getTime())) return asn1("GeneralizedTime");
  return d;
}

function readCertId(n: DerNode | undefined): CertIdParts {
  const [alg, nameHash, keyHash, serial] = n?.tag === 0x30 ? n.children : [];
  if (
    alg?.tag !== 0x30 ||
    alg.children[0]?.tag !== 0x06 ||
    nameHash?.tag !== 0x04 ||
    keyHash?.tag !== 0x04 ||
    serial?.tag !== 0x02
  )
    return asn1("CertID");
  return {
    hashAlgorithm: bytesToOid(derContent(alg.children[0])),
    nameHash: derContent(nameHash),
    keyHash: derContent(keyHash),
    serial: stripSerial(derContent(serial)),
  };
}

/**
 * ResponseData ::= SEQUENCE { version [0] EXPLICIT DEFAULT v1, responderID CHOICE { byName [1] Name, byKey [2] KeyHash },
 * producedAt GeneralizedTime, responses SEQUENCE OF SingleResponse, responseExtensions [1] EXPLICIT Extensions OPTIONAL }.
 */
function readResponseData(n: DerNode): ParsedResponseData {
  if (n.tag !== 0x30) return asn1("ResponseData");
  const items = n.children[0]?.tag === 0xa0 ? n.children.slice(1) : n.children;
  const [rid, produced, list, exts] = items;
  let byName: Buffer | null = null;
  let byKey: Buffer | null = null;
  if (rid?.tag === 0xa1 && rid.children[0]?.tag === 0x30) byName = rawDer(rid.children[0]);
  else if (rid?.tag === 0xa2 && rid.children[0]?.tag === 0x04) byKey = derContent(rid.children[0]);
  else asn1("ResponderID");
  const producedAt = generalizedTime(produced);
  if (list?.tag !== 0x30) asn1("responses");
  const responses = list!.children.map((r) => {
    // SingleResponse ::= SEQUENCE { certID, certStatus CHOICE { good [0] IMPLICIT NULL, revoked [1] IMPLICIT RevokedInfo,
    // unknown [2] IMPLICIT NULL }, thisUpdate GeneralizedTime, nextUpdate [0] EXPLICIT OPTIONAL, singleExtensions [1] OPTIONAL }
    if (r.tag !== 0x30) return asn1("SingleResponse");
    const [cid, st, thisUpd, ...rest] = r.children;
    const certId = readCertId(cid);
    let status: "good" | "revoked" | "unknown";
    let revokedAt: Date | null = null;
    let revocationReason: number | null = null;
    if (st?.tag === 0x80) status = "good";
    else if (st?.tag === 0x82) status = "unknown";
    else if (st?.tag === 0xa1) {
      status = "revoked";
      revokedAt = generalizedTime(st.children[0]);
      const reason = st.children[1];
      if (reason) {
        if (reason.tag !== 0xa0 || reason.children[0]?.tag !== 0x0a) asn1("revocationReason");
        revocationReason = derUint(reason.children[0]!);
      }
    } else return asn1("certStatus");
    const thisUpdate = generalizedTime(thisUpd);
    const next = rest.find((x) => x.tag === 0xa0);
    const nextUpdate = next ? generalizedTime(next.children[0]) : null;
    return { certId, status, revokedAt, revocationReason, thisUpdate, nextUpdate };
  });
  const extensions: { oid: string; value: Buffer }[] = [];
  if (exts) {
    if (exts.tag !== 0xa1 || exts.children[0]?.tag !== 0x30) asn1("responseExtensions");
    for (const e of exts.children[0]!.children) {
      const id = e.children[0];
      const value = e.children[e.children.length - 1];
      if (e.tag !== 0x30 || id?.tag !== 0x06 || value?.tag !== 0x04) asn1("Extension");
      extensions.push({ oid: bytesToOid(derContent(id!)), value: derContent(value!) });
    }
  }
  return { byName, byKey, producedAt, responses, extensions };
}

/**
 * Parses and verifies a DER OCSPResponse about `certId` (the issuer's certificate verifies it). Never throws.
 * `nonce`, when sent, must come back unchanged if the responder echoes one.
 */
export function parseOcspResponse(
  body: Buffer,
  opts: {
    certId: CertID;
    issuer: Buffer | string | X509Certificate;
    nonce?: Buffer;
    now?: Date;
    responderUrl?: string;
  },
): OcspResult {
  const now = opts.now ?? new Date();
  const url = opts.responderUrl ?? null;
  const fail = (error: string, detail: string) => errorResult(error, detail, url, now);
  // The whole answer is read with this package's DER reader (@peculiar's schema parser was the largest share of a
  // check's CPU): the included certificates stay raw (a delegated responder's certificate is the same in every answer:
  // it is parsed and verified once, cached), and only the fields used below are decoded.
  let top: DerNode;
  try {
    top = parseDer(body);
    if (top.tag !== 0x30 || top.end !== body.length || top.children[0]?.tag !== 0x0a)
      throw new Error("not a SEQUENCE starting with responseStatus");
  } catch (e) {
    return fail("OCSP 服务器返回的内容无法解析", `not an OCSPResponse: ${(e as Error).message}`);
  }
  const responseStatus = derUint(top.children[0]!);
  if (responseStatus !== OCSPResponseStatus.successful) {
    const s = RESPONSE_STATUS_TEXT[responseStatus] ?? String(responseStatus);
    return fail("OCSP 服务器拒绝了查询", `responseStatus ${s}`);
  }
  const responseBytes = top.children[1]?.tag === 0xa0 ? top.children[1].children[0] : undefined;
  const responseType =
    responseBytes?.tag === 0x30 && responseBytes.children[0]?.tag === 0x06
      ? bytesToOid(derContent(responseBytes.children[0]))
      : undefined;
  const responseOctets = responseBytes?.children[1];
  if (
    !responseBytes ||
    responseType !== id_pkix_ocsp_basic ||
    (responseOctets?.tag !== 0x04 && responseOctets?.tag !== 0x24)
  ) {
    return fail("OCSP 服务器返回的内容无法解析", `responseType ${responseType ?? "missing"}`);
  }
  let data: ParsedResponseData;
  let tbs: Buffer;
  let algorithm: string;
  let signature: Buffer;
  let certs: Buffer[] = [];
  try {
    const basic = parseDer(octetString(responseOctets));
    const [tbsNode, algNode, sigNode, certsNode] = basic.children;
    if (
      basic.tag !== 0x30 ||
      !tbsNode ||
      algNode?.tag !== 0x30 ||
      algNode.children[0]?.tag !== 0x06 ||
      sigNode?.tag !== 0x03
    ) {
      throw new Error("not a SEQUENCE of tbsResponseData, algorithm, signature");
    }
    tbs = rawDer(tbsNode);
    data = readResponseData(tbsNode);
    algorithm = bytesToOid(derContent(algNode.children[0]));
    signature = derContent(sigNode).subarray(1); // BIT STRING: skip the unused-bits byte
    if (certsNode) {
      if (certsNode.tag !== 0xa0 || certsNode.children[0]?.tag !== 0x30) throw new Error("bad certs");
      certs = certsNode.children[0].children.map(rawDer);
    }
  } catch (e) {
    return fail("OCSP 服务器返回的内容无法解析", `not a BasicOCSPResponse: ${(e as Error).message}`);
  }

  // Who signed: the issuer itself, or a certificate in `certs` that the issuer issued for OCSP signing.
  let iss: IssuerInfo;
  try {
    iss = issuerInfo(opts.issuer);
  } catch (e) {
    return fail("签发者证书无效", (e as Error).message);
  }
  const issuer = iss.x509;
  const { byName, byKey } = data;
  const matches = (id: { keyHash: Buffer; subjectDer: Buffer }) =>
    byKey ? id.keyHash.equals(byKey) : !!byName && id.subjectDer.equals(byName);
  let signedBy: "issuer" | "delegated";
  try {
    if (matches(iss)) {
      if (!verifySignature(algorithm, tbs, issuer.publicKey, signature))
        return fail("OCSP 响应签名无效", "signature by the issuer does not verify");
      signedBy = "issuer";
    } else {
      const signer = certs.map((c) => delegatedResponder(c, issuer)).find(matches);
      if (!signer) return fail("OCSP 响应签名无效", "the responder's certificate is neither the issuer nor included");
      if (!signer.issuedByIssuer) {
        return fail(
          "OCSP 响应签名无效",
          `responder certificate "${signer.subject}" was not issued by the certificate's issuer`,
        );
      }
      if (!signer.ocspSigning) return fail("OCSP 响应签名无效", "responder certificate lacks id-kp-OCSPSigning");
      if (now.getTime() < signer.validFrom - SKEW_MS || now.getTime() > signer.validTo + SKEW_MS) {
        return fail("OCSP 响应签名无效", "responder certificate is not valid now");
      }
      if (!verifySignature(algorithm, tbs, signer.publicKey, signature))
        return fail("OCSP 响应签名无效", "signature by the delegated responder does not verify");
      signedBy = "delegated";
    }
  } catch (e) {
    return fail("OCSP 响应签名无效", (e as Error).message);
  }

  if (opts.nonce) {
    const ext = data.extensions.find((e) => e.oid === id_pkix_ocsp_nonce);
    if (ext) {
      const value = ext.value;
      let echoed: Buffer;
      try {
        const inner = parseDer(value);
        echoed = inner.tag === 0x04 && inner.end === value.length ? derContent(inner) : value;
      } catch {
        echoed = value;
      }
      if (!echoed.equals(opts.nonce) && !value.equals(opts.nonce))
        return fail("OCSP 响应与查询不匹配", "nonce mismatch (replayed answer?)");
    }
  }
  const wanted = certIdParts(opts.certId);
  const single = data.responses.find((r) => sameCertIdParts(r.certId, wanted));
  if (!single) return fail("OCSP 响应与查询不匹配", "no SingleResponse for this certificate");
  if (single.thisUpdate.getTime() > now.getTime() + SKEW_MS)
    return fail("OCSP 响应时间无效", `thisUpdate ${single.thisUpdate.toISOString()} is in the future`);
  if (single.nextUpdate && single.nextUpdate.getTime() < now.getTime() - SKEW_MS) {
    return fail("OCSP 响应已过期", `nextUpdate ${single.nextUpdate.toISOString()} has passed`);
  }

  const base = {
    error: null,
    detail: null,
    responderUrl: url,
    thisUpdate: single.thisUpdate,
    nextUpdate: single.nextUpdate ?? null,
    producedAt: data.producedAt,
    signedBy,
    checkedAt: now,
    cached: false,
  };
  if (single.status === "revoked") {
    const reason = single.revocationReason;
    return {
      ...base,
      status: "revoked",
      revokedAt: single.revokedAt,
      revocationReason: reason !== null ? (REASONS[reason] ?? String(reason)) : null,
    };
  }
  if (single.status === "good") return { ...base, status: "good", revokedAt: null, revocationReason: null };
  return { ...base, status: "unknown", revokedAt: null, revocationReason: null };
}

/** Answers kept until their nextUpdate, keyed by issuer key hash + serial. Bounded; the oldest go first. */
export class OcspCache {
  private readonly entries = new Map<string, OcspResult>();
  constructor(private readonly max = 50_000) {}

  get(key: string, now = new Date()): OcspResult | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (!hit.nextUpdate || hit.nextUpdate.getTime() <= now.getTime()) {
      this.entries.delete(key);
      return undefined;
    }
    return { ...hit, cached: true };
  }

  set(key: string, result: OcspResult): void {
    // Only verified answers with a nextUpdate may be reused; errors and "unknown" are asked again next time.
    if (result.status === "error" || result.status === "unknown" || !result.nextUpdate) return;
    this.entries.delete(key);
    this.entries.set(key, result);
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(): void {
    this.entries.clear();
  }
}

export interface OcspCheckOptions {
  /** The responder; by default the first OCSP URL of the certificate's AIA extension. */
  url?: string;
  timeoutMs?: number;
  /** Send a nonce (default true). */
  nonce?: boolean;
  cache?: OcspCache;
  signal?: AbortSignal;
  now?: () => Date;
  /** Largest answer read (bytes). */
  maxBytes?: number;
  /**
   * Responder addresses asked elsewhere: a certificate naming a key here is asked at its value (the demo PKI's
   * responder, when the launcher ran it on another port than the one its certificates name).
   */
  redirects?: Readonly<Record<string, string>>;
}

/**
 * Keep-alive agents for the responders (node:http: lighter per request than fetch; a batch asks the same responder
 * thousands of times, and a responder that keeps connections open saves a connect per check).
 */
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 32, timeout: 30_000 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 32, timeout: 30_000 });

class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/** POSTs an OCSP request; resolves with the answer's body (at most `max` bytes) or rejects (status other than 200 too). */
function postOcsp(url: string, body: Buffer, signal: AbortSignal, max: number, retried = false): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch (e) {
      reject(e);
      return;
    }
    const secure = target.protocol === "https:";
    if (!secure && target.protocol !== "http:") {
      reject(new Error(`unsupported protocol ${target.protocol}`));
      return;
    }
    const req = (secure ? https : http).request(
      target,
      {
        method: "POST",
        agent: secure ? httpsAgent : httpAgent,
        headers: {
          "content-type": "application/ocsp-request",
          accept: "application/ocsp-response",
          "content-length": body.length,
        },
        signal,
      },
      (res) => {
        // Redirects are not followed (as before with fetch's redirect: "error"): any status but 200 is an error.
        if (res.statusCode !== 200) {
          res.resume();
          reject(new HttpStatusError(res.statusCode ?? 0));
          return;
        }
        const chunks: Buffer[] = [];
        let total = 0;
        res.on("data", (c: Buffer) => {
          total += c.length;
          if (total > max) {
            res.destroy();
            reject(new Error(`answer larger than ${max} bytes`));
            return;
          }
          chunks.push(c);
        });
        res.on("end", () => resolve(Buffer.concat(chunks)));
        res.on("error", reject);
        res.on("aborted", () => reject(new Error("answer cut short")));
      },
    );
    req.on("error", (e: Error & { code?: string }) => {
      // A kept-alive connection the responder closed meanwhile: asked once more on a new one.
      if (!retried && req.reusedSocket && (e.code === "ECONNRESET" || e.code === "EPIPE") && !signal.aborted) {
        postOcsp(url, body, signal, max, true).then(resolve, reject);
        return;
      }
      reject(e);
    });
    req.end(body);
  });
}

/**
 * Asks the certificate's OCSP responder about it. Resolves with "good", "revoked" (time, reason), "unknown" or
 * "error" (with a reason); never rejects.
 */
export async function checkOcsp(
  cert: Buffer | string | X509Certificate,
  issuer: Buffer | string | X509Certificate,
  opts: OcspCheckOptions = {},
): Promise<OcspResult> {
  const clock = opts.now ?? (() => new Date());
  let url: string | undefined;
  let certId: CertID;
  try {
    // node's parser (native) for the leaf: the serial and the AIA are all the request needs.
    const leaf = cert instanceof X509Certificate ? cert : new X509Certificate(cert);
    url = opts.url ?? x509OcspUrls(leaf)[0];
    if (url && opts.redirects && Object.hasOwn(opts.redirects, url)) url = opts.redirects[url];
    certId = certIdFor(leaf, issuer);
  } catch (e) {
    return errorResult("证书无法解析", (e as Error).message, null, clock());
  }
  if (!url)
    return errorResult(
      "证书中没有 OCSP 服务地址",
      "no OCSP URL in the Authority Information Access extension",
      null,
      clock(),
    );
  const key = certIdKey(certId);
  const hit = opts.cache?.get(key, clock());
  if (hit) return hit;

  const nonce = opts.nonce === false ? undefined : randomBytes(16);
  const body = buildOcspRequest(certId, nonce);
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? 10_000);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let answer: Buffer;
  try {
    answer = await postOcsp(url, body, signal, opts.maxBytes ?? 256 * 1024);
  } catch (e) {
    const err = e as Error & { code?: string; cause?: { code?: string; message?: string } };
    if (err instanceof HttpStatusError) return errorResult("OCSP 服务器返回错误", err.message, url, clock());
    if (timeout.aborted)
      return errorResult("OCSP 服务器响应超时", `no answer within ${opts.timeoutMs ?? 10_000} ms`, url, clock());
    if (opts.signal?.aborted) return errorResult("检测已取消", "aborted", url, clock());
    const why = err.code ?? err.cause?.code ?? err.cause?.message ?? err.message;
    return errorResult("无法连接 OCSP 服务器", why, url, clock());
  }
  const result = parseOcspResponse(answer, { certId, issuer, nonce, now: clock(), responderUrl: url });
  opts.cache?.set(key, result);
  return result;
}
