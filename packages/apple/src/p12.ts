/**
 * Loads a signing identity (certificate + RSA private key) from a PKCS#12 file.
 * node-forge reads the three encodings found in the wild: AES-256 (PBES2, OpenSSL 3 default),
 * 3DES and the legacy RC2-40 certificate encryption of older Keychain exports.
 */
import { createHash } from "node:crypto";
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

export function loadP12(buf: Buffer, password: string): SigningIdentity {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(buf.toString("binary")));
  } catch (e) {
    throw new AppleError("APPLE_BAD_P12", `not DER: ${(e as Error).message}`);
  }

  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = decodePfx(asn1, password);
  } catch (e) {
    const msg = (e as Error).message ?? String(e);
    // forge verifies the MAC before decrypting; a failed MAC means the password is wrong.
    if (/MAC could not be verified|Invalid password/i.test(msg)) {
      throw new AppleError("APPLE_BAD_PASSWORD", msg);
    }
    throw new AppleError("APPLE_BAD_P12", msg);
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
