/**
 * The CMS (PKCS#7 SignedData) wrapper of a code signature (slot 0x10000), built by hand because
 * Apple needs signed attributes node-forge's pkcs7 cannot produce:
 *   contentType, signingTime, messageDigest (SHA-256 of the first CodeDirectory),
 *   1.2.840.113635.100.9.1 (plist {cdhashes: [20-byte cdhash per CodeDirectory]}) and
 *   1.2.840.113635.100.9.2 (hash agility v2: SEQUENCE { sha256 OID, full SHA-256 cdhash }).
 * The signature is detached: the signed content is the CodeDirectory blob itself.
 *
 * A minimal DER writer and a BER-tolerant reader live here too; the reader also accepts the
 * indefinite-length encoding of CMS blobs produced by Apple's codesign.
 */
import { createHash, createPrivateKey, createSign, type KeyObject, verify as cryptoVerify } from "node:crypto";
import forge from "node-forge";
import { AppleError } from "./errors";
import { x509 } from "./x509";
import { buildPlist, isPlistDict, parsePlist } from "./plist";

export const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  sha1: "1.3.14.3.2.26",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
  sha256WithRSA: "1.2.840.113549.1.1.11",
  sha1WithRSA: "1.2.840.113549.1.1.5",
  ecdsaWithSHA256: "1.2.840.10045.4.3.2",
  appleCdHashes: "1.2.840.113635.100.9.1",
  appleCdHashesV2: "1.2.840.113635.100.9.2",
} as const;

// ---------------------------------------------------------------------------------------------
// DER writer

/** DER content bytes of an OBJECT IDENTIFIER ("1.2.840..." -> 2a 86 48 ...). */
export function oidToBytes(oid: string): Buffer {
  const arcs = oid.split(".").map((a) => Number(a));
  if (arcs.length < 2 || arcs.some((a) => !Number.isInteger(a) || a < 0)) throw new Error(`bad OID ${oid}`);
  const out: number[] = [arcs[0]! * 40 + arcs[1]!];
  for (const arc of arcs.slice(2)) {
    const chunk: number[] = [];
    let v = arc;
    do {
      chunk.unshift(v & 0x7f);
      v = Math.floor(v / 128);
    } while (v > 0);
    for (let i = 0; i < chunk.length - 1; i++) chunk[i]! |= 0x80;
    out.push(...chunk);
  }
  return Buffer.from(out);
}

/** Dotted form of OBJECT IDENTIFIER content bytes. */
export function bytesToOid(b: Buffer): string {
  if (b.length === 0) return "";
  const arcs = [Math.floor(b[0]! / 40), b[0]! % 40];
  let v = 0;
  for (const byte of b.subarray(1)) {
    v = v * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      arcs.push(v);
      v = 0;
    }
  }
  return arcs.join(".");
}

function lengthBytes(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function der(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), lengthBytes(body.length), body]);
}

const seq = (...c: Buffer[]) => der(0x30, ...c);
const set = (...c: Buffer[]) => der(0x31, ...c);
const oid = (o: string) => der(0x06, oidToBytes(o));
const octets = (b: Buffer) => der(0x04, b);
const int = (n: number) => der(0x02, Buffer.from([n]));
const nullDer = Buffer.from([0x05, 0x00]);
const algId = (o: string) => seq(oid(o), nullDer);

/** DER SET OF: elements sorted by their encodings. */
function setOf(items: Buffer[]): Buffer {
  return set(...[...items].sort(Buffer.compare));
}

function utcTime(d: Date): Buffer {
  const p = (n: number) => String(n).padStart(2, "0");
  const y = d.getUTCFullYear();
  const body = `${p(y % 100)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
  if (y >= 1950 && y < 2050) return der(0x17, Buffer.from(body, "latin1"));
  return der(0x18, Buffer.from(`${y}${body.slice(2)}`, "latin1")); // GeneralizedTime
}

// ---------------------------------------------------------------------------------------------
// BER/DER reader

export interface Node {
  tag: number;
  constructed: boolean;
  /** Offsets into the parsed buffer. */
  start: number;
  contentStart: number;
  contentEnd: number;
  end: number;
  children: Node[];
  buf: Buffer;
}

/** Malformed ASN.1 fails with APPLE_BAD_CMS; the detail says what was wrong. */
const asnError = (detail: string) => new AppleError("APPLE_BAD_CMS", detail);

export function parseDer(buf: Buffer, start = 0, end = buf.length, depth = 0): Node {
  if (depth > 40) throw asnError("ASN.1 nested too deeply");
  if (start + 2 > end) throw asnError("truncated ASN.1");
  const tag = buf[start]!;
  if ((tag & 0x1f) === 0x1f) throw asnError("multi-byte ASN.1 tags are not supported");
  const constructed = (tag & 0x20) !== 0;
  let pos = start + 1;
  const first = buf[pos++]!;
  let len = -1;
  if (first < 0x80) len = first;
  else if (first > 0x80) {
    const n = first & 0x7f;
    if (n > 4 || pos + n > end) throw asnError("bad ASN.1 length");
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[pos++]!;
  } else if (!constructed) throw asnError("indefinite length on a primitive value");

  const node: Node = { tag, constructed, start, contentStart: pos, contentEnd: 0, end: 0, children: [], buf };
  if (len >= 0) {
    if (pos + len > end) throw asnError("ASN.1 value runs past its container");
    node.contentEnd = pos + len;
    node.end = pos + len;
    if (constructed) {
      let p = pos;
      while (p < node.contentEnd) {
        const child = parseDer(buf, p, node.contentEnd, depth + 1);
        node.children.push(child);
        p = child.end;
      }
    }
  } else {
    let p = pos;
    for (;;) {
      if (p + 2 > end) throw asnError("unterminated indefinite-length value");
      if (buf[p] === 0 && buf[p + 1] === 0) break;
      const child = parseDer(buf, p, end, depth + 1);
      node.children.push(child);
      p = child.end;
    }
    node.contentEnd = p;
    node.end = p + 2;
  }
  return node;
}

export const raw = (n: Node) => n.buf.subarray(n.start, n.end);
export const content = (n: Node) => n.buf.subarray(n.contentStart, n.contentEnd);

/** Concatenated content of a (possibly constructed) OCTET STRING. */
function octetContent(n: Node): Buffer {
  return n.constructed ? Buffer.concat(n.children.map(octetContent)) : content(n);
}

function child(n: Node | undefined, i: number, what: string): Node {
  const c = n?.children[i];
  if (!c) throw asnError(`missing ${what}`);
  return c;
}

const oidOf = (n: Node) => (n.tag === 0x06 ? bytesToOid(content(n)) : "");

// ---------------------------------------------------------------------------------------------
// Building

export interface CmsSigner {
  certificateDer: Buffer;
  privateKey: forge.pki.rsa.PrivateKey;
  /** Issuers of the certificate (intermediates, root), DER. */
  chain: Buffer[];
}

const keyCache = new WeakMap<object, KeyObject>();
function nodeKey(key: forge.pki.rsa.PrivateKey): KeyObject {
  let k = keyCache.get(key);
  if (!k) {
    k = createPrivateKey(forge.pki.privateKeyToPem(key));
    keyCache.set(key, k);
  }
  return k;
}

/** Issuer Name and serialNumber INTEGER of a certificate, as raw DER. */
function issuerAndSerial(certDer: Buffer): { issuer: Buffer; serial: Buffer } {
  const cert = parseDer(certDer);
  const tbs = child(cert, 0, "tbsCertificate");
  const hasVersion = tbs.children[0]?.tag === 0xa0;
  const serial = child(tbs, hasVersion ? 1 : 0, "serial");
  const issuer = child(tbs, hasVersion ? 3 : 2, "issuer");
  return { issuer: raw(issuer), serial: raw(serial) };
}

export interface CodeDirectoryRef {
  /** CS_HASHTYPE_* of the CodeDirectory. */
  hashType: number;
  /** CodeDirectory blob bytes. */
  blob: Buffer;
}

/** cdhash of a CodeDirectory: its hash with its own algorithm (20 or 32 bytes). */
export function cdHash(cd: CodeDirectoryRef): Buffer {
  return createHash(cd.hashType === 1 ? "sha1" : "sha256")
    .update(cd.blob)
    .digest();
}

export function buildCdHashesPlist(cds: CodeDirectoryRef[]): Buffer {
  return Buffer.from(buildPlist({ cdhashes: cds.map((cd) => cdHash(cd).subarray(0, 20)) }), "utf8");
}

/**
 * Detached CMS over `cds[0].blob` (the first CodeDirectory). The SHA-256 CodeDirectory feeds
 * the hash-agility attribute.
 */
export function buildCodeSignatureCms(signer: CmsSigner, cds: CodeDirectoryRef[], signingTime: Date): Buffer {
  const first = cds[0];
  if (!first) throw new Error("no code directory to sign");
  const sha256Cd = cds.find((c) => c.hashType === 2);

  const attr = (type: string, ...values: Buffer[]) => seq(oid(type), set(...values));
  const attrs = [
    attr(OID.contentType, oid(OID.data)),
    attr(OID.signingTime, utcTime(signingTime)),
    attr(OID.messageDigest, octets(createHash("sha256").update(first.blob).digest())),
    attr(OID.appleCdHashes, octets(buildCdHashesPlist(cds))),
    ...(sha256Cd ? [attr(OID.appleCdHashesV2, seq(oid(OID.sha256), octets(cdHash(sha256Cd))))] : []),
  ];
  const signedAttrsSet = setOf(attrs);
  const signature = createSign("sha256").update(signedAttrsSet).sign(nodeKey(signer.privateKey));
  // In SignerInfo the attributes are [0] IMPLICIT: same bytes with the tag changed.
  const signedAttrsImplicit = Buffer.concat([Buffer.from([0xa0]), signedAttrsSet.subarray(1)]);

  const { issuer, serial } = issuerAndSerial(signer.certificateDer);
  const signerInfo = seq(
    int(1),
    seq(issuer, serial),
    algId(OID.sha256),
    signedAttrsImplicit,
    algId(OID.rsaEncryption),
    octets(signature),
  );
  const certs = [signer.certificateDer, ...signer.chain];
  const signedData = seq(int(1), set(algId(OID.sha256)), seq(oid(OID.data)), der(0xa0, ...certs), set(signerInfo));
  return seq(oid(OID.signedData), der(0xa0, signedData));
}

// ---------------------------------------------------------------------------------------------
// Verification

export interface CmsVerifyResult {
  problems: string[];
  certificates: Buffer[];
  signerCertificate?: Buffer;
  signerCommonName?: string;
  signingTime?: Date;
  messageDigest?: Buffer;
  /** cdhashes listed in the 1.2.840.113635.100.9.1 plist. */
  plistCdHashes?: Buffer[];
  /** (digest OID, digest) pairs of the 1.2.840.113635.100.9.2 attribute. */
  hashAgility?: { oid: string; digest: Buffer }[];
}

function parseTime(n: Node): Date | undefined {
  const s = content(n).toString("latin1");
  const m =
    n.tag === 0x17
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(s)
      : /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(s);
  if (!m) return undefined;
  let y = Number(m[1]);
  if (n.tag === 0x17) y += y < 50 ? 2000 : 1900;
  return new Date(Date.UTC(y, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
}

function commonName(certDer: Buffer): string | undefined {
  const subject = x509(certDer).subject;
  return /^CN=(.*)$/m.exec(subject)?.[1];
}

/**
 * Verifies a code-signature CMS against the signed content (the first CodeDirectory). When
 * trustedRootsPem is given, also requires a chain from the signer to one of them.
 */
export function verifyCodeSignatureCms(
  cms: Buffer,
  signedContent: Buffer,
  trustedRootsPem?: string[],
): CmsVerifyResult {
  const r: CmsVerifyResult = { problems: [], certificates: [] };
  try {
    const ci = parseDer(cms);
    if (oidOf(child(ci, 0, "contentType")) !== OID.signedData) {
      r.problems.push("CMS is not SignedData");
      return r;
    }
    const sd = child(child(ci, 1, "[0] content"), 0, "SignedData");
    let idx = 3;
    if (sd.children[idx]?.tag === 0xa0) {
      r.certificates = sd.children[idx]!.children.map((c) => Buffer.from(raw(c)));
      idx++;
    }
    if (sd.children[idx]?.tag === 0xa1) idx++; // CRLs
    const signerInfos = child(sd, idx, "signerInfos");
    if (signerInfos.children.length !== 1) r.problems.push(`expected one signer, found ${signerInfos.children.length}`);
    const si = child(signerInfos, 0, "SignerInfo");
    const sid = child(si, 1, "sid");
    const sidIssuer = raw(child(sid, 0, "issuer"));
    const sidSerial = raw(child(sid, 1, "serial"));
    const digestOid = oidOf(child(child(si, 2, "digestAlgorithm"), 0, "digest OID"));
    const signedAttrs = child(si, 3, "signedAttrs");
    if (signedAttrs.tag !== 0xa0) throw asnError("SignerInfo has no signed attributes");
    const sigAlgOid = oidOf(child(child(si, 4, "signatureAlgorithm"), 0, "signature OID"));
    const signature = octetContent(child(si, 5, "signature"));

    const signerDer = r.certificates.find((c) => {
      try {
        const { issuer, serial } = issuerAndSerial(c);
        return issuer.equals(sidIssuer) && serial.equals(sidSerial);
      } catch {
        return false;
      }
    });
    if (!signerDer) {
      r.problems.push("signer certificate is not in the CMS");
      return r;
    }
    r.signerCertificate = signerDer;
    r.signerCommonName = commonName(signerDer);

    for (const a of signedAttrs.children) {
      const type = oidOf(child(a, 0, "attribute type"));
      const value = child(child(a, 1, "attribute values"), 0, "attribute value");
      if (type === OID.messageDigest) r.messageDigest = octetContent(value);
      else if (type === OID.signingTime) r.signingTime = parseTime(value);
      else if (type === OID.contentType && oidOf(value) !== OID.data) r.problems.push("CMS content type is not data");
      else if (type === OID.appleCdHashes) {
        const plist = parsePlist(octetContent(value));
        const list = isPlistDict(plist) ? plist["cdhashes"] : undefined;
        r.plistCdHashes = Array.isArray(list) ? list.filter((x): x is Buffer => Buffer.isBuffer(x)) : [];
      } else if (type === OID.appleCdHashesV2) {
        r.hashAgility = child(a, 1, "values").children.map((v) => ({
          oid: oidOf(child(v, 0, "digest OID")),
          digest: octetContent(child(v, 1, "digest")),
        }));
      }
    }

    const digestAlgo = digestOid === OID.sha256 ? "sha256" : digestOid === OID.sha1 ? "sha1" : undefined;
    if (!digestAlgo) {
      r.problems.push(`unsupported CMS digest algorithm ${digestOid}`);
      return r;
    }
    const expected = createHash(digestAlgo).update(signedContent).digest();
    if (!r.messageDigest) r.problems.push("CMS has no messageDigest attribute");
    else if (!r.messageDigest.equals(expected)) r.problems.push("CMS messageDigest does not match the CodeDirectory");

    // The signature covers the DER of the attributes with a SET tag instead of [0].
    const attrsForSig = Buffer.concat([Buffer.from([0x31]), raw(signedAttrs).subarray(1)]);
    // rsaEncryption means "hash with the digest algorithm"; explicit algorithms name their hash.
    const hashForSig =
      sigAlgOid === OID.sha1WithRSA
        ? "sha1"
        : sigAlgOid === OID.sha256WithRSA || sigAlgOid === OID.ecdsaWithSHA256
          ? "sha256"
          : digestAlgo;
    const pub = x509(signerDer).publicKey;
    if (!cryptoVerify(hashForSig, attrsForSig, pub, signature))
      r.problems.push("CMS signature does not verify with the signer's key");

    if (trustedRootsPem) {
      const chainProblem = checkChain(signerDer, r.certificates, trustedRootsPem);
      if (chainProblem) r.problems.push(chainProblem);
    }
  } catch (e) {
    r.problems.push(`CMS is malformed: ${(e as Error).message}`);
  }
  return r;
}

/** Returns a problem description, or undefined when signer chains to a trusted root. */
export function checkChain(
  signerDer: Buffer,
  certs: (Buffer | string)[],
  trustedRootsPem: (string | Buffer)[],
): string | undefined {
  const roots = trustedRootsPem.map((p) => x509(p));
  const pool = certs.map((c) => x509(c));
  let current = x509(signerDer);
  for (let depth = 0; depth < 8; depth++) {
    const cur = current;
    if (roots.some((root) => root.raw.equals(cur.raw))) return undefined;
    const root = roots.find((x) => x.subject === cur.issuer && cur.verify(x.publicKey));
    if (root) return undefined;
    const next = pool.find((x) => !x.raw.equals(cur.raw) && x.subject === cur.issuer && cur.verify(x.publicKey));
    if (!next) return `certificate "${cur.subject.replace(/\n/g, ", ")}" does not chain to a trusted root`;
    if (!next.ca) return `issuer "${next.subject.replace(/\n/g, ", ")}" is not a CA`;
    current = next;
  }
  return "certificate chain too long";
}

// ---------------------------------------------------------------------------------------------
// Attached SignedData (signed configuration profiles, the profile service's device response)

/**
 * CMS SignedData that carries `data` inside it (what `openssl smime -sign -nodetach -outform DER` makes): used for
 * signed .mobileconfig files. Signed attributes: contentType, signingTime, messageDigest (SHA-256 of the data).
 */
export function signAttachedCms(signer: CmsSigner, data: Buffer, signingTime = new Date()): Buffer {
  const attr = (type: string, ...values: Buffer[]) => seq(oid(type), set(...values));
  const signedAttrsSet = setOf([
    attr(OID.contentType, oid(OID.data)),
    attr(OID.signingTime, utcTime(signingTime)),
    attr(OID.messageDigest, octets(createHash("sha256").update(data).digest())),
  ]);
  const signature = createSign("sha256").update(signedAttrsSet).sign(nodeKey(signer.privateKey));
  const { issuer, serial } = issuerAndSerial(signer.certificateDer);
  const signerInfo = seq(
    int(1),
    seq(issuer, serial),
    algId(OID.sha256),
    Buffer.concat([Buffer.from([0xa0]), signedAttrsSet.subarray(1)]),
    algId(OID.rsaEncryption),
    octets(signature),
  );
  const signedData = seq(
    int(1),
    set(algId(OID.sha256)),
    seq(oid(OID.data), der(0xa0, octets(data))),
    der(0xa0, signer.certificateDer, ...signer.chain),
    set(signerInfo),
  );
  return seq(oid(OID.signedData), der(0xa0, signedData));
}

export interface AttachedCmsResult {
  /** The encapsulated content (empty when the CMS could not be read). */
  content: Buffer;
  /** Empty when the signature over the content is intact. */
  problems: string[];
  signerCertificate?: Buffer;
  signerCommonName?: string;
  /** Every certificate the CMS carries (the signer's and its issuers), DER. */
  certificates: Buffer[];
}

/**
 * Reads an attached CMS SignedData and checks that its signature is intact: the signer's certificate is inside, the
 * messageDigest attribute matches the content and the signature over the signed attributes verifies with the
 * signer's key (or, without signed attributes, the signature over the content itself). No chain is checked here:
 * callers that need one (the profile service's device response) check the signer and `certificates` with checkChain.
 */
export function verifyAttachedCms(cms: Buffer): AttachedCmsResult {
  let data: Buffer;
  let signerInfo: Node;
  let certificates: Buffer[] = [];
  try {
    const ci = parseDer(cms);
    if (ci.end !== cms.length && !cms.subarray(ci.end).every((b) => b === 0))
      throw asnError("trailing bytes after the CMS");
    if (oidOf(child(ci, 0, "contentType")) !== OID.signedData)
      return { content: Buffer.alloc(0), problems: ["CMS is not SignedData"], certificates: [] };
    const sd = child(child(ci, 1, "[0] content"), 0, "SignedData");
    const encap = child(sd, 2, "encapContentInfo");
    const explicit = encap.children[1];
    if (!explicit || explicit.tag !== 0xa0)
      return { content: Buffer.alloc(0), problems: ["CMS has no encapsulated content (detached)"], certificates: [] };
    data = octetContent(child(explicit, 0, "eContent"));
    let idx = 3;
    if (sd.children[idx]?.tag === 0xa0) {
      certificates = sd.children[idx]!.children.map((c) => Buffer.from(raw(c)));
      idx++;
    }
    if (sd.children[idx]?.tag === 0xa1) idx++;
    signerInfo = child(child(sd, idx, "signerInfos"), 0, "SignerInfo");
  } catch (e) {
    return { content: Buffer.alloc(0), problems: [`CMS is malformed: ${(e as Error).message}`], certificates: [] };
  }
  if (signerInfo.children[3]?.tag === 0xa0) {
    const r = verifyCodeSignatureCms(cms, data);
    return {
      content: data,
      problems: r.problems,
      signerCertificate: r.signerCertificate,
      signerCommonName: r.signerCommonName,
      certificates,
    };
  }
  // No signed attributes: the signature is over the content.
  try {
    const sid = child(signerInfo, 1, "sid");
    const sidIssuer = raw(child(sid, 0, "issuer"));
    const sidSerial = raw(child(sid, 1, "serial"));
    const signerDer = certificates.find((c) => {
      try {
        const { issuer, serial } = issuerAndSerial(c);
        return issuer.equals(sidIssuer) && serial.equals(sidSerial);
      } catch {
        return false;
      }
    });
    if (!signerDer) return { content: data, problems: ["signer certificate is not in the CMS"], certificates };
    const digestOid = oidOf(child(child(signerInfo, 2, "digestAlgorithm"), 0, "digest OID"));
    const sigAlgOid = oidOf(child(child(signerInfo, 3, "signatureAlgorithm"), 0, "signature OID"));
    const signature = octetContent(child(signerInfo, 4, "signature"));
    const digest = digestOid === OID.sha256 ? "sha256" : digestOid === OID.sha1 ? "sha1" : undefined;
    if (!digest) return { content: data, problems: [`unsupported CMS digest algorithm ${digestOid}`], certificates };
    const hash =
      sigAlgOid === OID.sha1WithRSA
        ? "sha1"
        : sigAlgOid === OID.sha256WithRSA || sigAlgOid === OID.ecdsaWithSHA256
          ? "sha256"
          : digest;
    const ok = cryptoVerify(hash, data, x509(signerDer).publicKey, signature);
    return {
      content: data,
      problems: ok ? [] : ["CMS signature does not verify with the signer's key"],
      signerCertificate: signerDer,
      signerCommonName: commonName(signerDer),
      certificates,
    };
  } catch (e) {
    return { content: data, problems: [`CMS is malformed: ${(e as Error).message}`], certificates };
  }
}
