/**
 * Parsed certificates by their bytes. A signing run checks the same few certificates again and again (the leaf, its
 * intermediate and root in every code signature's CMS, the profile's), and parsing one costs about half a
 * millisecond; a parsed X509Certificate never changes, so one per distinct certificate is enough.
 */
import { X509Certificate } from "node:crypto";

const parsed = new Map<string, X509Certificate>();
/** Distinct certificates kept; past this the cache starts over (a process sees a handful at a time). */
const MOST = 64;

/** The certificate of `c` (DER or PEM), parsed once. Throws as X509Certificate's constructor does. */
export function x509(c: Buffer | string): X509Certificate {
  const key = typeof c === "string" ? c : c.toString("base64");
  let x = parsed.get(key);
  if (!x) {
    x = new X509Certificate(c);
    if (parsed.size >= MOST) parsed.clear();
    parsed.set(key, x);
  }
  return x;
}
