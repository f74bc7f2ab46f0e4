/**
 * signIpa: re-signs an IPA with a p12 identity and a provisioning profile.
 *
 * Only what signing changes goes through a temp directory (Mach-O files, read and signed piece by
 * piece) or memory (Info.plists, profiles, CodeResources). Every other entry is copied to the
 * output still compressed (never recompressed) and hashed for CodeResources on the way, from the
 * same shared buffers (HashingCopier).
 * Nested code is signed inside-out, the output is written to `<out>.partial`, verified, then
 * renamed; any failure removes it and the temp directory.
 */
import { x509 } from "@gryx/apple/x509";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  bundleIdAllowed,
  parseMobileProvision,
  profileContainsCertificate,
  profileExpired,
  type MobileProvision,
  type ProfileType,
} from "@gryx/apple/mobileprovision";
import { loadP12, type SigningIdentity } from "@gryx/apple/p12";
import { buildPlist, isPlistDict, parsePlist, type PlistDict } from "@gryx/apple/plist";
import {
  bundleEntitlements,
  childBundles,
  findCode,
  hasProvisioningProfile,
  owningBundle,
  primaryIconPath,
  sealScope,
  type Bundle,
} from "./bundle";
import { sealOrder, SealOrderedPaths, writeCodeResources, type FileDigests, type SealedItem } from "./coderesources";
import { AppleError } from "@gryx/apple/errors";
import { digestBuffer, extractToFile, openIpa, type OpenedIpa } from "./ipa";
import {
  guardCorrupt,
  isMachO,
  machOInfo,
  MH_BUNDLE,
  MH_DYLIB,
  MH_EXECUTE,
  needsSha1CodeDirectory,
  parseThin,
} from "@gryx/apple/macho";
import { designatedRequirementText } from "./requirements";
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { CSSLOT_ENTITLEMENTS, parseSuperBlob } from "./codedirectory";
import { signMachOSource, type SignedMachO } from "./macho-sign";
import { FileSource, readHead, readSlices, type ByteSource } from "./macho-source";
import { verifyIpa } from "./verify";
import { DigestTable, PlaceLog } from "./digest-table";
import { collectNow, GcEvery } from "@gryx/apple/zip/collect";
import { HashingCopier } from "@gryx/apple/zip/hashing-copier";
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from "@gryx/apple/zip/limits";
import type { ZipEntry } from "@gryx/apple/zip/reader";
import { ZipWriter } from "@gryx/apple/zip/writer";
import { METHOD_DEFLATED, S_IFREG, toDosDateTime, VERSION_MADE_BY_UNIX } from "@gryx/apple/zip/format";
import zlib from "node:zlib";
import { spliceBlockStarts, spliceParts } from "./deflate-splice";
import type { SpliceRecord } from "./splice-proof";
import { endPageThread, hashPagesOnThread, type FilePages } from "./page-hasher";
import { bytesAt, fileReader, type BlockEdge } from "./inflate-blocks";

export interface SignInput {
  ipaPath: string;
  p12: Buffer;
  password: string;
  profile: Buffer;
  outPath: string;
  bundleId?: string;
  displayName?: string;
  version?: string;
  build?: string;
  /** Paths of dylibs to copy into Frameworks/ and load from the main executable. */
  injectDylibs?: string[];
  removeUISupportedDevices?: boolean;
  removePlugins?: boolean;
  removeWatch?: boolean;
  /**
   * Deflate level (0 = store) for the entries signing rewrites. Default 6, and 4 for signed code
   * of 4 MiB and more (on real machine code: 2.5% larger than level 6 for 40% less CPU).
   */
  compressionLevel?: number;
  /** Parent of the temp directory. Default os.tmpdir(). */
  workDir?: string;
  /**
   * Large code's pages are hashed on a second thread while it is extracted (page-hasher). "warm": the thread is kept
   * for the next run (the worker's signing threads); "once": it ends when the code is extracted, so that its memory
   * (about 10 MiB) is gone before the copy and the seals (the CLI, whose peak RSS counts). Default: no thread.
   */
  pageThread?: "warm" | "once";
  limits?: Partial<ZipLimits>;
  /** Clock for expiry checks (tests). */
  now?: Date;
  /**
   * Roots (PEM) the self-verification of the output trusts: the worker passes Apple's roots plus APPLE_EXTRA_ROOTS,
   * like the server trusts. Default: the root the p12's chain ends at (the CLI proving its own output).
   */
  trustedRoots?: string[];
  /** Aborting stops the work: signIpa rejects with the signal's reason and leaves no output or temp files behind. */
  signal?: AbortSignal;
  /** Called as the work advances: the stage and how far it is (done of total, in bytes of the input or steps). */
  onProgress?: (progress: SignProgress) => void;
}

export interface SignProgress {
  stage: "preparing" | "signing" | "verifying";
  done: number;
  total: number;
}

export interface SignResult {
  bundleId: string;
  version: string;
  build: string;
  displayName: string;
  /** Path inside the IPA of the largest primary icon, if any. */
  iconPath?: string;
  teamId: string;
  certificateCommonName: string;
  certificateExpiry: Date;
  profileName: string;
  profileExpiry: Date;
  profileType: ProfileType;
  devicesCount: number;
  outputSize: number;
}

interface Credentials {
  identity: SigningIdentity;
  profile: MobileProvision;
}

/**
 * Identities and profiles already decrypted and parsed, by a hash of their bytes (and password): a
 * warm worker signing again with the same certificate (the demo certificate, a user's several
 * apps) skips the p12's key derivation, most of a small app's signing time. Bounded in count and
 * age; failures are never cached.
 */
const credentialCache = new Map<string, { at: number; identity: SigningIdentity; profile: MobileProvision }>();
const CREDENTIAL_CACHE_SIZE = 8;
const CREDENTIAL_CACHE_MS = 10 * 60 * 1000;

function loadCached(
  p12: Buffer,
  password: string,
  profileBytes: Buffer,
): { identity: SigningIdentity; profile: MobileProvision } {
  const key = createHash("sha256")
    .update(p12)
    .update("\0")
    .update(password)
    .update("\0")
    .update(profileBytes)
    .digest("hex");
  const hit = credentialCache.get(key);
  if (hit && Date.now() - hit.at < CREDENTIAL_CACHE_MS) return hit;
  credentialCache.delete(key);
  const entry = { at: Date.now(), identity: loadP12(p12, password), profile: parseMobileProvision(profileBytes) };
  credentialCache.set(key, entry);
  while (credentialCache.size > CREDENTIAL_CACHE_SIZE) credentialCache.delete(credentialCache.keys().next().value!);
  return entry;
}

/** Loads and cross-checks the p12 and the profile before any IPA work starts. */
function loadCredentials(p12: Buffer, password: string, profileBytes: Buffer, now: Date): Credentials {
  const { identity, profile } = loadCached(p12, password, profileBytes);
  if (identity.notAfter.getTime() <= now.getTime() || identity.notBefore.getTime() > now.getTime()) {
    throw new AppleError("APPLE_CERT_EXPIRED", `${identity.commonName} 有效期至 ${identity.notAfter.toISOString()}`);
  }
  if (!profileContainsCertificate(profile, identity.certificateDer)) {
    throw new AppleError("APPLE_CERT_NOT_IN_PROFILE", `${identity.commonName} 不在描述文件 ${profile.name} 中`);
  }
  if (profileExpired(profile, now)) {
    throw new AppleError("APPLE_PROFILE_EXPIRED", `${profile.name} 有效期至 ${profile.expirationDate.toISOString()}`);
  }
  return { identity, profile };
}

export async function signIpa(input: SignInput): Promise<SignResult> {
  const now = input.now ?? new Date();
  const level = input.compressionLevel ?? 6;
  if (!Number.isInteger(level) || level < 0 || level > 9)
    throw new AppleError("APPLE_IO_ERROR", `压缩级别 ${level} 不在 0-9`);
  const creds = loadCredentials(input.p12, input.password, input.profile, now);
  input.signal?.throwIfAborted();
  const partial = `${input.outPath}.partial`;
  let workDir: string | undefined;
  let ipa: OpenedIpa | undefined;
  let writer: ZipWriter | undefined;
  let places: PlaceLog | undefined;
  try {
    const limits = { ...DEFAULT_ZIP_LIMITS, ...input.limits };
    ipa = await openIpa(input.ipaPath, limits);
    workDir = await fs.promises.mkdtemp(path.join(input.workDir ?? os.tmpdir(), "ipasign-"));
    writer = await ZipWriter.create(partial);
    // Only the job's result and the digests of what it copied survive into the verification; the
    // input's central directory is closed: an app of tens of thousands of files would otherwise
    // hold it all twice.
    // Where each copied entry went is needed again only by the self-verification, in writing order: to a file.
    places = PlaceLog.inFile(path.join(workDir, "places.bin"));
    let job: SigningJob | undefined = new SigningJob(input, creds, ipa, writer, workDir, level, places);
    const result = await job.run();
    const known = job.digests.known();
    const spliced = job.spliced;
    job = undefined;
    const outputSize = await writer.close();
    await ipa.reader.close();
    ipa = undefined;
    collectNow();
    input.signal?.throwIfAborted();
    input.onProgress?.({ stage: "verifying", done: 0, total: 1 });
    const verified = await verifyIpa(partial, {
      trustedRoots: input.trustedRoots ?? trustedRootsOf(creds.identity),
      limits,
      known,
      spliced,
      workDir,
    });
    if (!verified.ok)
      throw new AppleError("APPLE_VERIFY_FAILED", verified.problems.slice(0, 5).join("；"), verified.issues[0]?.path);
    input.signal?.throwIfAborted();
    await fs.promises.rename(partial, input.outPath);
    input.onProgress?.({ stage: "verifying", done: 1, total: 1 });
    return { ...result, outputSize };
  } catch (e) {
    await writer?.abort();
    await fs.promises.rm(partial, { force: true });
    // An abort may surface from inside the zip layer wrapped as an I/O error: the reason wins.
    if (input.signal?.aborted) throw input.signal.reason;
    throw asAppleError(e);
  } finally {
    places?.close();
    await ipa?.reader.close();
    if (workDir) await fs.promises.rm(workDir, { recursive: true, force: true });
  }
}

/**
 * The self-check trusts the root the identity chains to: it proves our output, not the p12.
 * When the chain stops short of a self-signed root (a p12 with only leaf + WWDR of an unknown
 * CA), there is no anchor to check against and the chain trust is left to the caller's verify.
 */
function trustedRootsOf(identity: SigningIdentity): string[] | undefined {
  const last = identity.chain[identity.chain.length - 1];
  if (!last) return undefined;
  const root = x509(last);
  return root.issuer === root.subject ? [root.toString()] : undefined;
}

function asAppleError(e: unknown): unknown {
  if (e instanceof AppleError) return e;
  const err = e as NodeJS.ErrnoException;
  if (typeof err?.code === "string" && /^E[A-Z]+$/.test(err.code)) return new AppleError("APPLE_IO_ERROR", err.message);
  return e;
}

/** Block boundaries placed at each end of a splice before all are tried (see writeSpliced). */
const FIRST_TRIES = 3;

/** Signed code from this size is deflated at LARGE_CODE_LEVEL unless a level is asked for. */
const LARGE_CODE = 4 * 1024 * 1024;
const LARGE_CODE_LEVEL = 4;
/** How much of a large code file is inflated to read its load commands before it is extracted. */
const HEAD_PEEK = 256 * 1024;

/** Resources to hash from which the copier uses one worker thread, and two. */
const ONE_THREAD_FROM = 16 * 1024 * 1024;
const TWO_THREADS_FROM = 256 * 1024 * 1024;

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

class SigningJob {
  private readonly reader;
  private readonly appDir: string;
  /**
   * Final content of every file of the output, by archive path (for CodeResources); for the
   * raw-copied entries also where they were written, for the self-verification (see VerifyOptions.known).
   */
  readonly digests: DigestTable;
  /** Mach-O (and *.dylib) files taken out to the temp dir: archive path -> temp file. */
  private readonly codeFiles = new Map<string, string>();
  /** The input's entries of those files (their compressed streams may be re-used: see writeSpliced). */
  private readonly codeEntries = new Map<string, ZipEntry>();
  /** Block boundaries of large code's deflate streams, found while extracting it (see inflate-blocks). */
  private readonly edges = new Map<string, BlockEdge[]>();
  /** Page hashes of extracted code, computed on a second thread as it was extracted (see extractCode). */
  private readonly filePages = new Map<string, FilePages>();
  /** Code written by splicing its input's stream (writeSpliced), for the self-check. */
  readonly spliced = new Map<string, SpliceRecord>();
  /** Files signing rewrites, written at the end: small ones in memory, seals from their temp files. */
  private readonly generated = new Map<string, Buffer | GeneratedFile>();
  /** Code files already written to the output. */
  private readonly codeWritten = new Set<string>();
  /** Signed code by archive path: what its parent's CodeResources seals it by. */
  private readonly sealedCode = new Map<string, { cdhash: Buffer; requirement: string }>();
  /** Mach-O file type of each code file (its first slice's). */
  private readonly fileTypes = new Map<string, number>();
  private bundles: Bundle[] = [];
  private tempCount = 0;
  private totalBytes = 1;

  constructor(
    private readonly input: SignInput,
    private readonly creds: Credentials,
    private readonly ipa: OpenedIpa,
    private readonly writer: ZipWriter,
    private readonly workDir: string,
    private readonly level: number,
    places: PlaceLog,
  ) {
    this.reader = ipa.reader;
    this.appDir = ipa.appDir;
    this.digests = new DigestTable(ipa.reader, { places });
  }

  run(): Promise<Omit<SignResult, "outputSize">> {
    return this.runSteps();
  }

  /** Level the code of `size` bytes is deflated at. */
  private codeLevel(size: number): number {
    return this.input.compressionLevel === undefined && size >= LARGE_CODE ? LARGE_CODE_LEVEL : this.level;
  }

  private async runSteps(): Promise<Omit<SignResult, "outputSize">> {
    // The input's entries (less those removed) are walked, never collected: each is made as it is reached.
    const reader = this.reader;
    const isRemoved = (name: string) => this.isRemoved(name);
    const entries: Iterable<ZipEntry> = {
      *[Symbol.iterator]() {
        for (const e of reader.iterate()) if (!isRemoved(e.name)) yield e;
      },
    };
    let total = 0;
    for (const e of entries) total += e.compressedSize;
    this.totalBytes = total || 1;
    this.input.onProgress?.({ stage: "preparing", done: 0, total: this.totalBytes });
    const names: Iterable<string> = {
      *[Symbol.iterator]() {
        for (const n of reader.names()) if (!isRemoved(n)) yield n;
      },
    };
    const present = (name: string) => !isRemoved(name) && reader.indexOf(name) >= 0;

    const layout = await findCode(this.reader, entries, this.appDir);
    this.bundles = layout.bundles;
    const main = this.bundles.find((b) => b.dir === this.appDir);
    if (!main) throw new AppleError("APPLE_NO_INFO_PLIST", `${this.appDir}Info.plist`, `${this.appDir}Info.plist`);
    const newId = this.input.bundleId ?? main.bundleId;
    if (!bundleIdAllowed(this.creds.profile.appId, newId)) {
      throw new AppleError(
        "APPLE_BUNDLE_ID_NOT_ALLOWED",
        `${newId} 不符合 ${this.creds.profile.applicationIdentifier}`,
      );
    }
    const infoPlists = this.rewriteInfoPlists(main, newId);

    // Code first (small), so that encrypted or corrupt binaries fail before the long copy. Code is
    // every Mach-O, wherever it is; every bundle's executable must be one.
    for (const b of this.bundles) {
      const exe = b.executablePath;
      if (!present(exe)) throw new AppleError("APPLE_BAD_MACHO", `缺少可执行文件 ${exe}`, exe);
      if (!layout.machO.has(exe)) throw new AppleError("APPLE_BAD_MACHO", `${exe} 不是 Mach-O`, exe);
    }
    for (const e of entries) {
      if (!layout.machO.has(e.name)) continue;
      const file = this.tempFile();
      await this.extractCode(e, file);
      this.codeFiles.set(e.name, file);
      this.codeEntries.set(e.name, e);
    }
    if (this.input.pageThread === "once") await endPageThread();
    await this.checkBinaries();
    const injected = await this.stageInjectedDylibs();
    this.input.signal?.throwIfAborted();

    await this.copyResources(entries, infoPlists);
    // The copier's ring of slots and the copy's garbage go back before the seals build their lists.
    collectNow();
    for (const b of this.bundles) {
      this.input.signal?.throwIfAborted();
      await this.signBundle(b, infoPlists.get(b.infoPlistPath)!, b === main ? injected : []);
    }
    this.input.onProgress?.({ stage: "signing", done: this.totalBytes, total: this.totalBytes });
    await this.writeGenerated();

    return {
      bundleId: main.bundleId,
      version: str(main.info.CFBundleShortVersionString),
      build: str(main.info.CFBundleVersion),
      displayName: str(main.info.CFBundleDisplayName) || str(main.info.CFBundleName),
      iconPath: primaryIconPath(main, names),
      teamId: this.creds.identity.teamId,
      certificateCommonName: this.creds.identity.commonName,
      certificateExpiry: this.creds.identity.notAfter,
      profileName: this.creds.profile.name,
      profileExpiry: this.creds.profile.expirationDate,
      profileType: this.creds.profile.type,
      devicesCount: this.creds.profile.provisionedDevices.length,
    };
  }

  /**
   * Copies every entry signing does not rewrite raw into the output and hashes it for
   * CodeResources on the way (HashingCopier: each byte is read once, hashed in worker threads
   * straight from the shared buffer it was read into, CRC-checked). The self-verification does
   * not hash these entries again (see VerifyOptions.known).
   */
  private async copyResources(entries: Iterable<ZipEntry>, infoPlists: Map<string, Buffer>): Promise<void> {
    const replaced = (name: string) =>
      infoPlists.has(name) ||
      this.bundles.some(
        (b) =>
          name.startsWith(`${b.dir}_CodeSignature/`) ||
          (hasProvisioningProfile(b) && name === `${b.dir}embedded.mobileprovision`),
      );
    let copied = 0;
    let reported = 0;
    const progress = (n: number) => {
      copied += n;
      if (this.input.onProgress && copied - reported >= this.totalBytes / 50) {
        reported = copied;
        this.input.onProgress({ stage: "signing", done: copied, total: this.totalBytes });
      }
    };
    const isCopied = (e: ZipEntry) => !this.codeFiles.has(e.name) && !(replaced(e.name) && !e.isDirectory);
    const isHashed = (e: ZipEntry) => !e.isDirectory && !e.isSymlink && e.name.startsWith(this.appDir);
    let toHash = 0;
    for (const e of entries) if (isCopied(e) && isHashed(e)) toHash += e.uncompressedSize;
    // A second worker thread (about 10 MiB) pays off only with a lot to hash; below that the
    // main thread is the second hasher.
    // Small apps are hashed on the main thread: a worker's start-up would cost more than the hashing.
    // A thread costs ~20 MiB of RSS: with large code to sign (its buffers set the peak) one fewer.
    const wanted = toHash >= TWO_THREADS_FROM ? 2 : toHash >= ONE_THREAD_FROM ? 1 : 0;
    const threads = this.edges.size && wanted > 0 ? (wanted === 2 ? 1 : 0) : wanted;
    const copier = new HashingCopier(this.reader, this.writer, {
      signal: this.input.signal,
      onBytes: progress,
      threads,
    });
    try {
      // Each entry's digests go into the table as they arrive: nothing per entry is kept waiting.
      let outstanding = 0;
      let failure = undefined as Error | undefined;
      let drained: (() => void) | undefined;
      // Each entry leaves a few short-lived objects behind: collected as they pile up, not after 200,000 of them.
      // Checked every 1,024 entries: the heap can grow by 20 MiB between checks 4,096 entries apart.
      const gc = new GcEvery(2 * 1024 * 1024);
      for (const e of entries) {
        this.input.signal?.throwIfAborted();
        if (failure) throw failure;
        gc.add(ENTRY_GARBAGE);
        if (!isCopied(e)) {
          progress(e.compressedSize);
          continue;
        }
        const r = await copier.copy(e, isHashed(e));
        if (!r.digests) continue;
        outstanding++;
        const { name, method, crc32, compressedSize, uncompressedSize, index } = e;
        const localHeaderOffset = r.localHeaderOffset;
        r.digests
          .then((d) =>
            this.digests.set(name, d, { localHeaderOffset, method, crc32, compressedSize, uncompressedSize }, index),
          )
          .catch((err: unknown) => (failure ??= err instanceof Error ? err : new Error(String(err))))
          .finally(() => {
            if (--outstanding === 0) drained?.();
          });
      }
      await copier.flush();
      if (outstanding > 0) await new Promise<void>((resolve) => (drained = resolve));
      if (failure) throw failure;
    } finally {
      await copier.close();
    }
  }

  /**
   * Takes a code file out to `file`, noting its deflate blocks (see writeSpliced) when it is inflated natively, and,
   * with `pageThread`, having a second thread hash its pages as they are written (page-hasher).
   */
  private async extractCode(e: ZipEntry, file: string): Promise<void> {
    const job =
      this.input.pageThread && e.uncompressedSize >= LARGE_CODE
        ? hashPagesOnThread(file, e.uncompressedSize, await this.wantsSha1(e))
        : undefined;
    try {
      const { edges } = await extractToFile(this.reader, e, file, this.input.signal, false, job?.written);
      if (edges && e.uncompressedSize >= LARGE_CODE) this.edges.set(e.name, edges);
      job?.written(e.uncompressedSize);
      const pages = await job?.finish(e.crc32); // the extraction checked the file against this CRC
      if (pages) this.filePages.set(e.name, pages);
    } catch (x) {
      job?.abort();
      await job?.finish(0);
      throw x;
    }
  }

  /**
   * Whether the code in `e` will get a SHA-1 CodeDirectory (needsSha1CodeDirectory), judged from its load commands
   * before it is extracted; yes when they cannot tell (a fat file, commands beyond the first 256 KiB), which only
   * costs hashing that signing then does not use.
   */
  private async wantsSha1(e: ZipEntry): Promise<boolean> {
    const head = await this.reader.peek(e, HEAD_PEEK);
    try {
      return needsSha1CodeDirectory(parseThin(head, e.uncompressedSize).target);
    } catch {
      return true; // not a thin image whose commands fit the peek: the signer decides on the whole file
    }
  }

  private isRemoved(name: string): boolean {
    return (
      (!!this.input.removePlugins && name.startsWith(`${this.appDir}PlugIns/`)) ||
      (!!this.input.removeWatch && name.startsWith(`${this.appDir}Watch/`))
    );
  }

  private tempFile(): string {
    return path.join(this.workDir, `${this.tempCount++}.bin`);
  }

  /**
   * Applies the options to every bundle's Info.plist and returns the bytes to write. A new
   * bundle id replaces the main app's id and the prefix of nested ids derived from it (app
   * extensions, Watch app) and the Watch app's links back to its companion.
   */
  private rewriteInfoPlists(main: Bundle, newId: string): Map<string, Buffer> {
    const oldId = main.bundleId;
    const rename = (id: string) =>
      id === oldId ? newId : id.startsWith(`${oldId}.`) ? newId + id.slice(oldId.length) : id;
    const out = new Map<string, Buffer>();
    for (const b of this.bundles) {
      const info: PlistDict = { ...b.info };
      if (newId !== oldId) {
        info.CFBundleIdentifier = rename(b.bundleId);
        if (typeof info.WKCompanionAppBundleIdentifier === "string") {
          info.WKCompanionAppBundleIdentifier = rename(info.WKCompanionAppBundleIdentifier);
        }
        const ext = info.NSExtension;
        const attrs = isPlistDict(ext) ? ext.NSExtensionAttributes : undefined;
        if (isPlistDict(ext) && isPlistDict(attrs) && typeof attrs.WKAppBundleIdentifier === "string") {
          info.NSExtension = {
            ...ext,
            NSExtensionAttributes: { ...attrs, WKAppBundleIdentifier: rename(attrs.WKAppBundleIdentifier) },
          };
        }
      }
      if (b === main) {
        if (this.input.displayName !== undefined) info.CFBundleDisplayName = this.input.displayName;
        if (this.input.version !== undefined) info.CFBundleShortVersionString = this.input.version;
        if (this.input.build !== undefined) info.CFBundleVersion = this.input.build;
        if (this.input.removeUISupportedDevices) delete info.UISupportedDevices;
      }
      b.info = info;
      b.bundleId = str(info.CFBundleIdentifier);
      out.set(b.infoPlistPath, Buffer.from(buildPlist(info), "utf8"));
    }
    return out;
  }

  /**
   * Refuses encrypted, corrupt or unsignable code (an object file, a core dump) anywhere in the
   * app, naming it, before anything else is written (reads headers only): nothing is half signed.
   */
  private async checkBinaries(): Promise<void> {
    for (const [name, file] of this.codeFiles) {
      const src = FileSource.open(file);
      try {
        const slices = withPath(name, () =>
          guardCorrupt(() => readSlices(src).slices.map((s) => parseThin(readHead(s), s.size))),
        );
        if (slices.some((m) => (m.encryption?.cryptid ?? 0) !== 0))
          throw new AppleError("APPLE_ENCRYPTED_BINARY", name, name);
        const odd = slices.find((m) => !SIGNABLE_TYPES.has(m.filetype));
        if (odd) throw new AppleError("APPLE_BAD_MACHO", `${name}: Mach-O 类型 ${odd.filetype} 无法签名`, name);
        this.fileTypes.set(name, slices[0]!.filetype);
      } finally {
        src.close();
      }
    }
  }

  private async stageInjectedDylibs(): Promise<string[]> {
    const loadPaths: string[] = [];
    for (const src of this.input.injectDylibs ?? []) {
      const buf = await fs.promises.readFile(src);
      const base = path.basename(src);
      let ok = false;
      try {
        ok = isMachO(buf) && machOInfo(buf).slices.every((s) => s.fileType === MH_DYLIB && !s.encrypted);
      } catch {
        ok = false;
      }
      if (!ok) throw new AppleError("APPLE_BAD_DYLIB", base);
      const file = this.tempFile();
      await fs.promises.writeFile(file, buf);
      this.codeFiles.set(`${this.appDir}Frameworks/${base}`, file);
      loadPaths.push(`@executable_path/Frameworks/${base}`);
    }
    return loadPaths;
  }

  private async signBundle(b: Bundle, infoPlist: Buffer, injectPaths: string[]): Promise<void> {
    const { identity, profile } = this.creds;
    // Loose code of this bundle (dylibs, helper executables, injected dylibs) first.
    for (const name of this.codeFiles.keys()) {
      if (this.bundles.some((x) => x.executablePath === name)) continue;
      if (owningBundle(this.bundles, name) !== b) continue;
      const identifier = path.posix.basename(name).replace(/\.dylib$/, "");
      const isMainExecutable = this.fileTypes.get(name) === MH_EXECUTE;
      await this.writeCode(name, identifier, (src) =>
        signMachOSource(src, {
          identifier,
          teamId: identity.teamId,
          identity,
          isMainExecutable,
          sourcePages: this.filePages.get(name),
        }),
      );
    }

    this.generated.set(b.infoPlistPath, infoPlist);
    this.digests.set(b.infoPlistPath, digestBuffer(infoPlist));
    if (hasProvisioningProfile(b)) {
      const name = `${b.dir}embedded.mobileprovision`;
      this.generated.set(name, this.input.profile);
      this.digests.set(name, digestBuffer(this.input.profile));
    }

    const codeResources = this.writeSeal(b);
    const crName = `${b.dir}_CodeSignature/CodeResources`;
    this.generated.set(crName, codeResources);
    this.digests.set(crName, codeResources.digests);

    const isApp = hasProvisioningProfile(b);
    await this.writeCode(b.executablePath, b.bundleId, (src) => {
      const entitlements = isApp
        ? Buffer.from(
            buildPlist(bundleEntitlements(b.bundleId, profile, identity.teamId, existingEntitlements(src))),
            "utf8",
          )
        : undefined;
      return signMachOSource(
        src,
        {
          identifier: b.bundleId,
          teamId: identity.teamId,
          identity,
          entitlements,
          infoPlist,
          codeResources: codeResources.digests,
          isMainExecutable: isApp,
          sourcePages: this.filePages.get(b.executablePath),
        },
        injectPaths,
      );
    });
  }

  /**
   * Writes `b`'s CodeResources to a temp file (streamed: the seal of an app of 200,000 files is tens of MiB) and
   * returns it with its digests. Resources are sealed by their hashes; nested code (loose Mach-O, and the bundles
   * directly inside, already signed) by cdhash and requirement; nested bundles' files are left to their own seals.
   * Items are made one at a time, in seal order, from the digest table's names.
   */
  private writeSeal(b: Bundle): GeneratedFile {
    const paths = new SealOrderedPaths();
    for (const [row, name] of this.digests.entries())
      if (sealScope(this.bundles, b, name) !== "none") paths.add(name.slice(b.dir.length), row);
    const extra: SealedItem[] = [];
    for (const child of childBundles(this.bundles, b)) {
      extra.push({
        path: child.dir.slice(b.dir.length, -1),
        kind: "nested",
        ...this.sealedCode.get(child.executablePath)!,
      });
    }
    for (const [name, target] of this.ipa.symlinks) {
      if (!this.isRemoved(name) && sealScope(this.bundles, b, name) === "own")
        extra.push({ path: name.slice(b.dir.length), kind: "symlink", target });
    }
    extra.sort((x, y) => sealOrder(x.path, y.path));
    const itemOf = (path: string, row: number): SealedItem => {
      const name = b.dir + path;
      const scope = sealScope(this.bundles, b, name);
      const code = scope === "own" ? this.sealedCode.get(name) : undefined;
      const digests = () => this.digests.viewAt(row) as FileDigests;
      return code
        ? { path, kind: "nested", digests, ...code }
        : { path, kind: "file", digests, nestedFile: scope === "nested" };
    };
    function* items(): Generator<SealedItem> {
      let j = 0;
      for (let k = 0; k < paths.length; k++) {
        const { path, row } = paths.at(k);
        const item = itemOf(path, row);
        while (j < extra.length && sealOrder(extra[j]!.path, item.path) < 0) yield extra[j++]!;
        yield item;
      }
      while (j < extra.length) yield extra[j++]!;
    }
    const file = this.tempFile();
    const fd = fs.openSync(file, "w");
    const sha1 = createHash("sha1");
    const sha256 = createHash("sha256");
    let size = 0;
    try {
      writeCodeResources(items, (block) => {
        for (let done = 0; done < block.length;) done += fs.writeSync(fd, block, done, block.length - done);
        sha1.update(block);
        sha256.update(block);
        size += block.length;
      });
    } finally {
      fs.closeSync(fd);
    }
    return { file, size, digests: { sha1: sha1.digest(), sha256: sha256.digest() } };
  }

  /**
   * Writes a code file into the output, signed by `sign` (or as it is when that returns
   * nothing), streaming from its temp file, and records the digests of what was written.
   */
  private async writeCode(
    name: string,
    identifier: string,
    sign: (src: FileSource) => SignedMachO | undefined,
  ): Promise<void> {
    this.input.signal?.throwIfAborted();
    const src = FileSource.open(this.codeFiles.get(name)!);
    try {
      const signed = withPath(name, () => sign(src));
      if (signed) {
        this.sealedCode.set(name, {
          cdhash: signed.cdhash,
          requirement: designatedRequirementText(identifier, this.creds.identity.commonName),
        });
      }
      // The app's own executable is sealed by nothing but its signature: its file hashes would go unused.
      const needsDigests = this.bundles.find((b) => b.dir === this.appDir)?.executablePath !== name;
      const size = signed?.size ?? src.size;
      const level = this.codeLevel(size);
      if (signed && level > 0 && (await this.writeSpliced(name, src, signed, needsDigests, level))) {
        this.codeWritten.add(name);
        return;
      }
      const chunks = signed ? signed.chunks() : rawChunks(src);
      const sha1 = needsDigests ? createHash("sha1") : undefined;
      const sha256 = needsDigests ? createHash("sha256") : undefined;
      const signal = this.input.signal;
      const gc = new GcEvery();
      async function* hashed(): AsyncGenerator<Buffer> {
        for (const chunk of chunks) {
          signal?.throwIfAborted();
          gc.add(chunk.length);
          sha1?.update(chunk);
          sha256?.update(chunk);
          yield chunk;
        }
      }
      // One chunk read ahead at most: the default would buffer 16 MiB.
      const source = Readable.from(hashed(), { objectMode: true, highWaterMark: 1 });
      await this.writer.addStream(name, source, { level, sizeHint: size, mode: 0o755 });
      if (sha1 && sha256) this.digests.set(name, { sha1: sha1.digest(), sha256: sha256.digest() });
      this.codeWritten.add(name);
    } finally {
      src.close();
    }
  }

  /**
   * Writes signed code whose input entry is deflated by re-using the input's compressed stream for everything the
   * signature left unchanged (deflate-splice): only the header's and the signature's surroundings are deflated
   * again. False (nothing written) when the stream has no re-usable middle; the caller then deflates it all.
   */
  private async writeSpliced(
    name: string,
    src: FileSource,
    signed: SignedMachO,
    needsDigests: boolean,
    level: number,
  ): Promise<boolean> {
    const entry = this.codeEntries.get(name);
    const edges = this.edges.get(name);
    const same = signed.same;
    if (!entry || !edges || !same || !signed.read) return false;
    const start = await this.reader.dataOffset(entry);
    const fd = fs.openSync(this.reader.path, "r");
    try {
      const readAt = fileReader(fd, start);
      const original = (pos: number, len: number) => bytesAt(readAt, pos, len);
      // One boundary at each end first, then a few (each costs a block's decode to place), all of the splice's tries if
      // none fit.
      const plan = (tries: number) =>
        spliceParts(
          spliceBlockStarts(readAt, entry.compressedSize, edges, same, tries),
          same,
          signed.size,
          signed.read!,
          original,
          level,
        );
      const parts = plan(1) ?? plan(FIRST_TRIES) ?? plan(Infinity);
      if (!parts) return false;
      // CRC of the signed content: computed with its page hashes (signed.crc); when file hashes are needed too (nested
      // code), all three from its changed ends in memory and the rest read from the temp file. Nothing is compressed.
      let crc = 0;
      const sha1 = needsDigests ? createHash("sha1") : undefined;
      const sha256 = needsDigests ? createHash("sha256") : undefined;
      const take = (b: Buffer) => {
        crc = zlib.crc32(b, crc);
        sha1?.update(b);
        sha256?.update(b);
      };
      const scratch = Buffer.allocUnsafe(1024 * 1024);
      if (sha1 || signed.crc === undefined) {
        take(signed.read(0, same.from));
        for (let pos = same.from; pos < same.to; pos += scratch.length) {
          this.input.signal?.throwIfAborted();
          take(src.read(pos, Math.min(scratch.length, same.to - pos), scratch));
        }
        take(signed.read(same.to, signed.size - same.to));
      } else crc = signed.crc; // computed with the page hashes: no second read
      const middle = parts.copyTo - parts.copyFrom;
      const signal = this.input.signal;
      function* body(): Generator<Buffer> {
        yield parts!.prefix;
        for (let pos = parts!.copyFrom; pos < parts!.copyTo; pos += scratch.length) {
          signal?.throwIfAborted();
          const piece = scratch.subarray(0, Math.min(scratch.length, parts!.copyTo - pos));
          readAt(piece, pos);
          yield piece;
        }
        yield parts!.suffix;
      }
      await this.writer.addRaw(
        name,
        {
          method: METHOD_DEFLATED,
          crc32: crc >>> 0,
          compressedSize: parts.prefix.length + middle + parts.suffix.length,
          uncompressedSize: signed.size,
          dosDateTime: toDosDateTime(new Date()),
          versionMadeBy: VERSION_MADE_BY_UNIX,
          externalAttributes: ((S_IFREG | 0o755) << 16) >>> 0,
        },
        body(),
      );
      if (sha1 && sha256) this.digests.set(name, { sha1: sha1.digest(), sha256: sha256.digest() });
      // What the self-check needs to prove the middle instead of inflating it again (splice-proof).
      this.spliced.set(name, {
        contentFile: this.codeFiles.get(name)!,
        inputPath: this.reader.path,
        inputStart: start,
        prefixLength: parts.prefix.length,
        copyFrom: parts.copyFrom,
        copyTo: parts.copyTo,
        ...parts.blocks,
        contentCrc: entry.crc32,
        pages: signed.pages!,
      });
      return true;
    } finally {
      fs.closeSync(fd);
    }
  }

  private async writeGenerated(): Promise<void> {
    for (const [name, data] of this.generated) {
      if (Buffer.isBuffer(data)) await this.writer.addBuffer(name, data, { level: this.level });
      else if (data.size <= SMALL_GENERATED)
        await this.writer.addBuffer(name, await fs.promises.readFile(data.file), { level: this.level });
      else {
        const source = fs.createReadStream(data.file, { highWaterMark: 256 * 1024 });
        await this.writer.addStream(name, source, { level: this.level, sizeHint: data.size });
      }
    }
    // Code no bundle owns (none in a well-formed app) goes in as it is.
    for (const name of this.codeFiles.keys())
      if (!this.codeWritten.has(name)) await this.writeCode(name, "", () => undefined);
  }
}

const SIGNABLE_TYPES = new Set([MH_EXECUTE, MH_DYLIB, MH_BUNDLE]);

/** A file signing wrote to its temp dir (a seal), with its size and digests. */
interface GeneratedFile {
  file: string;
  size: number;
  digests: FileDigests;
}

/** Roughly what handling one entry leaves for the collector, besides its bytes (see GcEvery). */
const ENTRY_GARBAGE = 2048;

/** Generated files up to this size are compressed in one piece, larger ones streamed. */
const SMALL_GENERATED = 1024 * 1024;

/** Runs `fn`; an AppleError it throws without a file gets `name` as the file at fault. */
function withPath<T>(name: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof AppleError && !e.path)
      throw new AppleError(e.code, e.detail ? `${name}: ${e.detail}` : name, name);
    throw e;
  }
}

function* rawChunks(src: ByteSource): Generator<Buffer> {
  for (let pos = 0; pos < src.size; pos += 256 * 1024) yield src.read(pos, Math.min(256 * 1024, src.size - pos));
}

/** Entitlements embedded in a binary's current signature (the first slice that has any), if readable. */
function existingEntitlements(src: ByteSource): PlistDict | undefined {
  try {
    for (const slice of readSlices(src).slices) {
      const m = parseThin(readHead(slice), slice.size);
      if (!m.codeSignature?.datasize) continue;
      const ent = parseSuperBlob(slice.read(m.codeSignature.dataoff, m.codeSignature.datasize)).get(
        CSSLOT_ENTITLEMENTS,
      );
      if (!ent) continue;
      const parsed = parsePlist(Buffer.from(ent.subarray(8)));
      return isPlistDict(parsed) ? parsed : undefined;
    }
  } catch {
    // Unreadable: the profile's entitlements alone.
  }
  return undefined;
}
