/**
 * Heavy parsing off the event loop. p12s (node-forge's key derivation), provisioning profiles (CMS + plist), plists,
 * the UDID relay's device responses (CMS, chain, plist) and IPAs' central directories from uploads are parsed on a small pool of worker threads (piscina), each task with
 * a size budget (refused before it is queued) and a time budget (the thread is terminated when it runs over), so one
 * request can never stall every other request of the process. Server and worker use these instead of the synchronous
 * readers whenever the input comes from a user.
 *
 * The pool's size: APPLE_PARSE_THREADS (default: half the cores, at least 1, at most 4). Time budget per task:
 * APPLE_PARSE_TIMEOUT_MS (default 20 s). Threads end after 30 s idle.
 */
import { availableParallelism } from "node:os";
import path from "node:path";
import { existsSync } from "node:fs";
import forge from "node-forge";
import { Piscina } from "piscina";
import { AppleError, type AppleErrorCode } from "./errors";
import type { IpaInfo } from "./ipa-info";
import type { MobileProvision } from "./mobileprovision";
import { identityFrom, type SigningIdentity } from "./p12";
import type { PlistValue } from "./plist";
import type { DeviceResponseCheck, P12Parts, TaskResult } from "./offload-task";
export type { DeviceResponseCheck } from "./offload-task";
import type { ZipLimits } from "./zip/limits";

/** Size budgets: far above any real file of each kind (a p12 is a few KB, a profile tens of KB). */
export const OFFLOAD_MAX_BYTES = {
  p12: 256 * 1024,
  profile: 2 * 1024 * 1024,
  plist: 8 * 1024 * 1024,
  // A device's profile-service answer is a few KB (its certificates and a small plist).
  deviceResponse: 256 * 1024,
} as const;

/**
 * The compiled task file. Under the sources (tests run TypeScript) the pool still needs JavaScript: the package's
 * build output (`npm run build` makes it).
 */
function taskFile(): string {
  const here = path.join(__dirname, "offload-task.js");
  if (existsSync(here)) return here;
  const built = path.join(__dirname, "..", "dist", "offload-task.js");
  if (existsSync(built)) return built;
  throw new Error(`offload-task.js not found next to ${__dirname} nor in ../dist: build @gryx/apple first`);
}

let pool: Piscina | undefined;

function threads(): number {
  const n = Number(process.env.APPLE_PARSE_THREADS);
  if (Number.isInteger(n) && n > 0) return Math.min(n, 16);
  return Math.max(1, Math.min(4, Math.floor(availableParallelism() / 2)));
}

function timeoutMs(): number {
  const n = Number(process.env.APPLE_PARSE_TIMEOUT_MS);
  return Number.isFinite(n) && n > 0 ? n : 20_000;
}

function offloadPool(): Piscina {
  pool ??= new Piscina({
    filename: taskFile(),
    minThreads: 0,
    maxThreads: threads(),
    idleTimeout: 30_000,
    // A task queue as long as a burst of uploads; beyond it callers are told to retry rather than wait for minutes.
    maxQueue: 256,
    // A parse never needs much heap; a hostile file that makes it balloon ends the thread, not the process.
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
  });
  return pool;
}

/** Ends the pool's threads (at shutdown; the next task starts a new pool). */
export async function closeOffloadPool(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.destroy();
}

/** Buffers come back from a thread as Uint8Arrays: make them Buffers again, everywhere in a result. */
function revive<T>(v: T): T {
  if (v instanceof Uint8Array && !Buffer.isBuffer(v)) return Buffer.from(v.buffer, v.byteOffset, v.byteLength) as T;
  if (Array.isArray(v)) return v.map(revive) as T;
  if (v && typeof v === "object" && !(v instanceof Date) && !Buffer.isBuffer(v)) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, revive(x)])) as T;
  }
  return v;
}

async function run<T>(name: string, task: unknown, transfer?: ArrayBuffer[]): Promise<T> {
  const signal = AbortSignal.timeout(timeoutMs());
  let result: TaskResult<T>;
  try {
    result = await offloadPool().run(task, { name, signal, transferList: transfer });
  } catch (e) {
    if (signal.aborted) throw new AppleError("APPLE_PARSE_TIMEOUT", `${name} over ${timeoutMs()} ms`);
    const msg = (e as Error).message ?? String(e);
    if (/queue is at limit/i.test(msg)) throw new AppleError("APPLE_PARSE_TIMEOUT", `${name}: queue full`);
    if ((e as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY")
      throw new AppleError("APPLE_INPUT_TOO_LARGE", `${name}: out of memory`);
    throw e;
  }
  if ("error" in result) throw new AppleError(result.error.code as AppleErrorCode, result.error.detail);
  return revive(result.ok);
}

function budget(kind: keyof typeof OFFLOAD_MAX_BYTES, buf: Buffer): Uint8Array {
  if (buf.length > OFFLOAD_MAX_BYTES[kind])
    throw new AppleError("APPLE_INPUT_TOO_LARGE", `${kind}: ${buf.length} bytes`);
  // A copy goes to the thread (transferred, not cloned twice); the caller keeps its buffer.
  return new Uint8Array(buf);
}

/** `loadP12` on a thread: the same identity and the same AppleErrors (APPLE_P12_ITERATIONS for too many iterations). */
export async function loadP12Offloaded(buf: Buffer, password: string): Promise<SigningIdentity> {
  const bytes = budget("p12", buf);
  const parts = await run<P12Parts>("p12", { buf: bytes, password }, [bytes.buffer as ArrayBuffer]);
  const certificate = forge.pki.certificateFromAsn1(
    forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(parts.certificateDer).toString("binary"))),
  );
  const privateKey = forge.pki.privateKeyFromAsn1(
    forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(parts.privateKeyDer).toString("binary"))),
  ) as forge.pki.rsa.PrivateKey;
  return identityFrom(
    certificate,
    privateKey,
    parts.extraCertificates.map((d) => Buffer.from(d)),
  );
}

/** `parseMobileProvision` on a thread. */
export async function parseMobileProvisionOffloaded(buf: Buffer): Promise<MobileProvision> {
  const bytes = budget("profile", buf);
  return run<MobileProvision>("profile", { buf: bytes }, [bytes.buffer as ArrayBuffer]);
}

/** `parseVerifiedMobileProvision` on a thread (the CMS check and the chain to Apple's roots or `extraRoots`). */
export async function parseVerifiedMobileProvisionOffloaded(
  buf: Buffer,
  extraRoots: (Buffer | string)[] = [],
): Promise<MobileProvision> {
  const bytes = budget("profile", buf);
  const roots = extraRoots.map((r) => (typeof r === "string" ? r : new Uint8Array(r)));
  return run<MobileProvision>("verifiedProfile", { buf: bytes, extraRoots: roots }, [bytes.buffer as ArrayBuffer]);
}

/**
 * A device's signed profile-service answer (the UDID relay's body) checked on a thread: CMS signature, signer chained
 * to one of `roots` (Apple's iPhone Device CA, plus any configured extra), and the plist it carries.
 */
export async function verifyDeviceResponseOffloaded(
  buf: Buffer,
  roots: (Buffer | string)[],
): Promise<DeviceResponseCheck> {
  const bytes = budget("deviceResponse", buf);
  const r = roots.map((x) => (typeof x === "string" ? x : new Uint8Array(x)));
  return run<DeviceResponseCheck>("deviceResponse", { buf: bytes, roots: r }, [bytes.buffer as ArrayBuffer]);
}

/** `parsePlist` on a thread. */
export async function parsePlistOffloaded(buf: Buffer): Promise<PlistValue> {
  const bytes = budget("plist", buf);
  return run<PlistValue>("plist", { buf: bytes }, [bytes.buffer as ArrayBuffer]);
}

/** `inspectIpa` on a thread: the central directory (up to 200,000 entries) is read there. */
export async function inspectIpaOffloaded(filePath: string, limits?: ZipLimits): Promise<IpaInfo> {
  return run<IpaInfo>("ipa", { path: filePath, limits });
}
