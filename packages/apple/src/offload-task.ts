/**
 * The parsing that runs on the offload pool's threads (offload.ts): each export is one task. Results and errors go
 * back as plain data (an AppleError's class does not survive the thread boundary, its code and detail do).
 */
import forge from "node-forge";
import { checkChain, verifyAttachedCms } from "./cms";
import { AppleError } from "./errors";
import { inspectIpa, type IpaInfo } from "./ipa-info";
import { parseMobileProvision, parseVerifiedMobileProvision, type MobileProvision } from "./mobileprovision";
import { loadP12 } from "./p12";
import { parsePlist, type PlistValue } from "./plist";
import type { ZipLimits } from "./zip/limits";

export type TaskResult<T> = { ok: T } | { error: { code: string; detail?: string; message: string } };

/** What a p12 task sends back: DER the main thread turns into a SigningIdentity without deriving anything. */
export interface P12Parts {
  certificateDer: Uint8Array;
  privateKeyDer: Uint8Array;
  extraCertificates: Uint8Array[];
}

function settle<T>(fn: () => T): TaskResult<T> {
  try {
    return { ok: fn() };
  } catch (e) {
    if (e instanceof AppleError) return { error: { code: e.code, detail: e.detail, message: e.message } };
    throw e;
  }
}

export function p12({ buf, password }: { buf: Uint8Array; password: string }): TaskResult<P12Parts> {
  return settle(() => {
    const id = loadP12(Buffer.from(buf), password);
    const key = forge.asn1.toDer(forge.pki.privateKeyToAsn1(id.privateKey)).getBytes();
    return {
      certificateDer: id.certificateDer,
      privateKeyDer: Buffer.from(key, "binary"),
      extraCertificates: id.extraCertificates,
    };
  });
}

export function profile({ buf }: { buf: Uint8Array }): TaskResult<MobileProvision> {
  return settle(() => parseMobileProvision(Buffer.from(buf)));
}

/** A profile whose own CMS signature chains to Apple's roots or one of `extraRoots` (PEM text or DER). */
export function verifiedProfile({
  buf,
  extraRoots,
}: {
  buf: Uint8Array;
  extraRoots: (string | Uint8Array)[];
}): TaskResult<MobileProvision> {
  return settle(() =>
    parseVerifiedMobileProvision(
      Buffer.from(buf),
      extraRoots.map((r) => (typeof r === "string" ? r : Buffer.from(r))),
    ),
  );
}

/**
 * A device's signed answer to a profile service (the UDID relay): the attached CMS checked (signature, and its signer
 * chained to one of `roots`, PEM text or DER), then the plist it carries parsed. `plist` is null when it is not one.
 */
export type DeviceResponseCheck =
  { status: "bad-signature" } | { status: "untrusted"; problem: string } | { status: "ok"; plist: PlistValue | null };

export function deviceResponse({
  buf,
  roots,
}: {
  buf: Uint8Array;
  roots: (string | Uint8Array)[];
}): TaskResult<DeviceResponseCheck> {
  return settle((): DeviceResponseCheck => {
    const cms = verifyAttachedCms(Buffer.from(buf));
    if (cms.problems.length || !cms.signerCertificate) return { status: "bad-signature" };
    const problem = checkChain(
      cms.signerCertificate,
      cms.certificates,
      roots.map((r) => (typeof r === "string" ? r : Buffer.from(r))),
    );
    if (problem) return { status: "untrusted", problem };
    try {
      return { status: "ok", plist: parsePlist(cms.content) };
    } catch {
      return { status: "ok", plist: null };
    }
  });
}

export function plist({ buf }: { buf: Uint8Array }): TaskResult<PlistValue> {
  return settle(() => parsePlist(Buffer.from(buf)));
}

export async function ipa({ path, limits }: { path: string; limits?: ZipLimits }): Promise<TaskResult<IpaInfo>> {
  try {
    return { ok: await inspectIpa(path, limits) };
  } catch (e) {
    if (e instanceof AppleError) return { error: { code: e.code, detail: e.detail, message: e.message } };
    throw e;
  }
}
