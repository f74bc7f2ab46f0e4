/**
 * Loads a signing identity (certificate + RSA private key) from a PKCS#12 file.
 * node-forge reads the three encodings found in the wild: AES-256 (PBES2, OpenSSL 3 default),
 * 3DES and the legacy RC2-40 certificate encryption of older Keychain exports.
 */
import { createHash, getHashes, hash } from "node:crypto";
import forge from "node-forge";
import { AppleError } from "./errors";
import { chainFor } from "./apple-certs";

export interface SigningIdentity {
  /** Leaf (signing) certificate. */
  certificate: forge.pki.Certificate;
  certificateDer: Buffer;
  privateKey: forge.pki.rsa.PrivateKey;
  /** Every other certificate found in the p12, DER. */
  extraCertificates: Buffer[];
  /** Issuers of the leaf, nearest first (WWDR..root), DER; from the p12 or Apple's shipped certs. */
  chain: Buffer[];
  commonName: string;
  /** Subject OU: the Apple team identifier. */
  teamId: string;
  /** Certificate serial number, lowercase hex. */
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  /** SHA-1 of the certificate DER, uppercase hex (what Keychain and Apple tools show). */
  sha1Fingerprint: string;
}

function certToDer(cert: forge.pki.Certificate): Buffer {
  return Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), "binary");
}

/**
 * A subject field as text. forge hands string values over as their raw bytes (one char per byte): a UTF8String
 * (what Apple issues for names such as "iPhone Distribution: 北京某某科技有限公司 (TEAMID)") is decoded from UTF-8
 * and a BMPString from UTF-16BE, so the common name is the one the designated requirement must name.
 */
function subjectField(cert: forge.pki.Certificate, shortName: string): string {
  const f = cert.subject.getField(shortName) as { value?: unknown; valueTagClass?: number } | null;
  if (typeof f?.value !== "string") return "";
  const bytes = Buffer.from(f.value, "binary");
  if (f.valueTagClass === forge.asn1.Type.UTF8) return bytes.toString("utf8");
  if (f.valueTagClass === forge.asn1.Type.BMPSTRING) return bytes.swap16().toString("utf16le");
  return f.value;
}

/** Builds a SigningIdentity from an already parsed certificate and key (also used by tests). */
export function identityFrom(
  certificate: forge.pki.Certificate,
  privateKey: forge.pki.rsa.PrivateKey,
  extraCertificates: Buffer[],
): SigningIdentity {
  const certificateDer = certToDer(certificate);
  return {
    certificate,
    certificateDer,
    privateKey,
    extraCertificates,
    chain: chainFor(certificateDer, extraCertificates),
    commonName: subjectField(certificate, "CN"),
    teamId: subjectField(certificate, "OU"),
    serialNumber: certificate.serialNumber.toLowerCase(),
    notBefore: certificate.validity.notBefore,
    notAfter: certificate.validity.notAfter,
    sha1Fingerprint: createHash("sha1").update(certificateDer).digest("hex").toUpperCase(),
  };
}

function sameRsaKey(cert: forge.pki.Certificate, key: forge.pki.rsa.PrivateKey): boolean {
  const pub = cert.publicKey as forge.pki.rsa.PublicKey;
  return !!pub.n && pub.n.equals(key.n) && pub.e.equals(key.e);
}

/**
 * forge derives PBES2 keys (AES p12s: the key bag and the certificate bag) in JavaScript whenever it is handed a digest
 * object, which its PBES2 code always does; given the digest's name it uses node's own PBKDF2 (the same bytes, a
 * fraction of the CPU: most of loading a p12 in a fresh process).
 */
const forgePbkdf2 = forge.pkcs5.pbkdf2 as (...args: unknown[]) => unknown;
const NODE_HASHES = new Set(getHashes());
(forge.pkcs5 as { pbkdf2: unknown }).pbkdf2 = (...args: unknown[]) => {
  const md = args[4] as { algorithm?: unknown } | undefined | null;
  if (typeof args[5] !== "function" && md && typeof md === "object" && typeof md.algorithm === "string") {
    if (NODE_HASHES.has(md.algorithm)) return forgePbkdf2(args[0], args[1], args[2], args[3], md.algorithm);
  }
  return forgePbkdf2(...args);
};

/** forge's key derivations (PBKDF2, and PKCS#12's under two names), which this module replaces or wraps. */
type Kdf = (p: unknown, s: unknown, a: number, b: number, ...rest: unknown[]) => unknown;
const kdfs = forge as unknown as {
  pkcs5: { pbkdf2: Kdf };
  pkcs12: { generateKey: Kdf };
  pbe: { generatePkcs12Key: Kdf };
};

/** The bytes of `src` repeated to `length` bytes (RFC 7292 B.2's "concatenating copies"). */
function repeatTo(src: Buffer, length: number): Buffer {
  const out = Buffer.allocUnsafe(length);
  for (let i = 0; i < length; i += src.length) src.copy(out, i, 0, Math.min(src.length, length - i));
  return out;
}

/**
 * The PKCS#12 key derivation (RFC 7292 appendix B.2) with node's hashes: `n` bytes of key material of purpose `id`
 * (1 key, 2 IV, 3 MAC key) from the password (as forge passes it: UTF-16 code units, none for a null password), the
 * salt and the iteration count; `u` and `v` are the digest's output and block sizes. forge's own derivation hashes in
 * JavaScript: the MAC of every p12 goes through it (2,048 SHA-256 or SHA-1 rounds), most of opening one in a fresh
 * process (the ipasign CLI).
 */
function pkcs12Kdf(
  password: string | null | undefined,
  salt: Buffer,
  id: number,
  iterations: number,
  n: number,
  hashName: string,
  u: number,
  v: number,
): Buffer {
  let pass = Buffer.alloc(0);
  if (password !== null && password !== undefined) {
    pass = Buffer.alloc(password.length * 2 + 2);
    for (let i = 0; i < password.length; i++) pass.writeUInt16BE(password.charCodeAt(i), i * 2);
  }
  const diversifier = Buffer.alloc(v, id);
  const fill = (b: Buffer) => (b.length ? repeatTo(b, v * Math.ceil(b.length / v)) : b);
  const input = Buffer.concat([fill(salt), fill(pass)]);
  const blocks: Buffer[] = [];
  for (let made = 0; made < n; made += u) {
    let a = createHash(hashName).update(diversifier).update(input).digest();
    for (let r = 1; r < iterations; r++) a = hash(hashName, a, "buffer");
    blocks.push(a);
    // I_j = (I_j + B + 1) mod 2^(8v) for every v-byte block I_j of I, B being A repeated to v bytes.
    const b = repeatTo(a, v);
    for (let j = 0; j < input.length; j += v) {
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) {
        const x = input[j + k]! + b[k]! + carry;
        input[j + k] = x & 0xff;
        carry = x >> 8;
      }
    }
  }
  return Buffer.concat(blocks).subarray(0, n);
}

/** forge's PKCS#12 KDF with a forge digest (SHA-1 when none is given) that node also has: done by pkcs12Kdf. */
function nativePkcs12Kdf(inner: Kdf): Kdf {
  return (...args) => {
    const [password, salt, id, iterations, n, given] = args as [
      string | null | undefined,
      { bytes(): string } | string,
      number,
      number,
      number,
      { algorithm?: string; digestLength?: number; blockLength?: number } | null | undefined,
    ];
    const md = given ?? { algorithm: "sha1", digestLength: 20, blockLength: 64 };
    if (typeof md.algorithm !== "string" || !NODE_HASHES.has(md.algorithm) || !md.digestLength || !md.blockLength)
      return inner(...args);
    const salted = Buffer.from(typeof salt === "string" ? salt : salt.bytes(), "binary");
    const key = pkcs12Kdf(password, salted, id, iterations, n, md.algorithm, md.digestLength, md.blockLength);
    return forge.util.createBuffer(key.toString("binary"));
  };
}
kdfs.pkcs12.generateKey = nativePkcs12Kdf(kdfs.pkcs12.generateKey);
kdfs.pbe.generatePkcs12Key = nativePkcs12Kdf(kdfs.pbe.generatePkcs12Key);

/**
 * forge hands the password to the PKCS#12 KDF (MAC, legacy PBEs) as UTF-16 code units, which
 * is right, but also to PBKDF2 (AES/PBES2 bags) as one byte per code unit, which is wrong for
 * non-ASCII passwords: OpenSSL uses their UTF-8 bytes there. When decryption fails after the MAC
 * has been verified with the password as given, decrypt again with the UTF-8 form and the
 * (already checked) MAC removed.
 */
function decodePfx(asn1: forge.asn1.Asn1, password: string): forge.pkcs12.Pkcs12Pfx {
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (e) {
    const macChecked = !/MAC could not be verified|Invalid password/i.test((e as Error).message ?? "");
    if (!macChecked || /^[\x00-\x7f]*$/.test(password) || !Array.isArray(asn1.value)) throw e;
    const withoutMac = forge.asn1.create(asn1.tagClass, asn1.type, asn1.constructed, asn1.value.slice(0, 2));
    return forge.pkcs12.pkcs12FromAsn1(withoutMac, false, forge.util.encodeUtf8(password));
  }
}

/**
 * The most PBKDF iterations a p12 may ask for, for its MAC and for each encrypted bag. OpenSSL 3 and Keychain export
 * with 2,048; 100,000 is already far beyond either. A p12 asking for more (`openssl pkcs12 -export -iter 2000000`
 * takes node-forge tens of seconds) is refused before any key is derived.
 */
export const P12_MAX_ITERATIONS = 100_000;

/** PBE algorithms whose parameters are `SEQUENCE { salt OCTET STRING, iterations INTEGER }`: PKCS#12 and PKCS#5 v1. */
const PBE_V1_PREFIXES = ["1.2.840.113549.1.12.1.", "1.2.840.113549.1.5."];
const PBKDF2_OID = "1.2.840.113549.1.5.12";

function asn1Integer(node: forge.asn1.Asn1 | undefined): number | null {
  if (
    !node ||
    node.tagClass !== forge.asn1.Class.UNIVERSAL ||
    node.type !== forge.asn1.Type.INTEGER ||
    typeof node.value !== "string"
  )
    return null;
  const bytes = Buffer.from(node.value, "binary");
  if (bytes.length > 6) return Number.MAX_SAFE_INTEGER; // beyond any cap; also negative-looking huge values
  return bytes.length ? bytes.readUIntBE(0, bytes.length) : 0;
}

/**
 * Every iteration count the p12 declares where it can be read without a password: the MAC's, and each
 * AlgorithmIdentifier (PBES2's PBKDF2 parameters, PKCS#12/PKCS#5 v1 PBEs) in the PFX, in the authenticated safe and
 * in unencrypted SafeContents (key bags). Nested OCTET STRINGs holding DER are read too. Bags inside encrypted
 * contents are checked as forge decrypts them (`guardedKdf`).
 */
export function p12Iterations(pfx: forge.asn1.Asn1): number[] {
  const found: number[] = [];
  const top = Array.isArray(pfx.value) ? pfx.value : [];
  const mac = top[2];
  if (mac && Array.isArray(mac.value) && mac.value.length >= 2)
    found.push(mac.value.length >= 3 ? (asn1Integer(mac.value[2]) ?? 0) : 1);
  let budget = 10_000; // nodes visited: a p12 is a few KB
  const walk = (node: forge.asn1.Asn1, depth: number) => {
    if (--budget < 0 || depth > 32) throw new AppleError("APPLE_BAD_P12", "ASN.1 too deep or too large");
    if (Array.isArray(node.value)) {
      const [first, params] = node.value;
      if (
        first &&
        first.tagClass === forge.asn1.Class.UNIVERSAL &&
        first.type === forge.asn1.Type.OID &&
        typeof first.value === "string" &&
        params &&
        Array.isArray(params.value)
      ) {
        const oid = forge.asn1.derToOid(first.value);
        if (oid === PBKDF2_OID || PBE_V1_PREFIXES.some((p) => oid.startsWith(p))) {
          const n = asn1Integer(params.value[1]);
          if (n !== null) found.push(n);
        }
      }
      for (const child of node.value) walk(child, depth + 1);
      return;
    }
    if (
      node.tagClass === forge.asn1.Class.UNIVERSAL &&
      node.type === forge.asn1.Type.OCTETSTRING &&
      typeof node.value === "string" &&
      node.value.length > 1 &&
      node.value.charCodeAt(0) === 0x30
    ) {
      let inner: forge.asn1.Asn1 | null = null;
      try {
        inner = forge.asn1.fromDer(forge.util.createBuffer(node.value), {
          strict: true,
          parseAllBytes: true,
          decodeBitStrings: false,
        } as never);
      } catch {
        inner = null; // opaque bytes (a salt, a digest, ciphertext) that happened to start like a SEQUENCE
      }
      if (inner) walk(inner, depth + 1);
    }
  };
  walk(pfx, 0);
  return found;
}

function refuseIterations(n: number): void {
  if (n > P12_MAX_ITERATIONS)
    throw new AppleError("APPLE_P12_ITERATIONS", `${n} iterations (at most ${P12_MAX_ITERATIONS})`);
}

/**
 * forge's two key derivations, capped while a p12 is being opened: a bag inside encrypted contents is only readable
 * once its container is decrypted, so its count is checked right before its own derivation. Synchronous code, so the
 * flag covers exactly the one `loadP12` call on this thread.
 */
let capping = false;
/** Wraps `holder[name]` so that, while capping, an iteration count (argument `at`) above the cap throws first. */
function capKdf<K extends string>(holder: Record<K, Kdf>, name: K, at: 2 | 3): void {
  const inner = holder[name];
  holder[name] = function (this: unknown, ...args: Parameters<Kdf>) {
    if (capping) refuseIterations(Number(args[at]));
    return inner.apply(this, args);
  };
}
capKdf(kdfs.pkcs5, "pbkdf2", 2); // PBES2 (AES) bags
capKdf(kdfs.pkcs12, "generateKey", 3); // the MAC
capKdf(kdfs.pbe, "generatePkcs12Key", 3); // PKCS#12 PBE (3DES, RC2) bags

export function loadP12(buf: Buffer, password: string): SigningIdentity {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(buf.toString("binary")));
  } catch (e) {
    throw new AppleError("APPLE_BAD_P12", `not DER: ${(e as Error).message}`);
  }
  for (const n of p12Iterations(asn1)) refuseIterations(n);

  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    capping = true;
    p12 = decodePfx(asn1, password);
  } catch (e) {
    if (e instanceof AppleError) throw e;
    const msg = (e as Error).message ?? String(e);
    // forge verifies the MAC before decrypting; a failed MAC means the password is wrong.
    if (/MAC could not be verified|Invalid password/i.test(msg)) {
      throw new AppleError("APPLE_BAD_PASSWORD", msg);
    }
    throw new AppleError("APPLE_BAD_P12", msg);
  } finally {
    capping = false;
  }

  const { oids } = forge.pki;
  const keyBags = [
    ...(p12.getBags({ bagType: oids.pkcs8ShroudedKeyBag })[oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: oids.keyBag })[oids.keyBag] ?? []),
  ];
  const keys = keyBags.map((b) => b.key).filter((k): k is forge.pki.rsa.PrivateKey => !!k && "n" in k);
  if (keys.length === 0) {
    throw new AppleError("APPLE_P12_NO_PRIVATE_KEY", keyBags.length ? "private key is not RSA" : "no key bag");
  }

  const certBags = p12.getBags({ bagType: oids.certBag })[oids.certBag] ?? [];
  const certs = certBags.map((b) => b.cert).filter((c): c is forge.pki.Certificate => !!c);
  for (const key of keys) {
    const leaf = certs.find((c) => sameRsaKey(c, key));
    if (!leaf) continue;
    const extra = certs.filter((c) => c !== leaf).map(certToDer);
    return identityFrom(leaf, key, extra);
  }
  throw new AppleError("APPLE_BAD_P12", "no certificate matches the private key");
}
