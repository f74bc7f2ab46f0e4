/**
 * verifyIpa: re-reads a signed IPA and checks it the way a device would: every Mach-O's
 * signature (page and special-slot hashes, both CodeDirectories, CMS against the chain, via
 * verifyMachO), every bundle's CodeResources against the files actually present (changed,
 * missing, unsealed), nested code sealed in its parent, and each embedded profile against the
 * signing certificate and team.
 */
import { createHash } from "node:crypto";
import { x509 } from "@gryx/apple/x509";
import { parseMobileProvision } from "@gryx/apple/mobileprovision";
import { AppleError } from "@gryx/apple/errors";
import { findCode, hasProvisioningProfile, isSealedBy, type Bundle } from "./bundle";
import {
  RULES,
  RULES2,
  scanCodeResources,
  scanCodeResourcesFile,
  sealFor,
  type FileDigests,
  type SealVisitor,
} from "./coderesources";
import type { SlotFile } from "./codedirectory";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { digestBuffer, EntryDigester, extractToFile, openIpa, type PendingDigests } from "./ipa";
import { BufferSource, FileSource, type ByteSource } from "./macho-source";
import { verifyMachOSource } from "./macho-verify";
import { PageStreamer, type StreamedPages } from "./macho-stream";
import { bytesAt, fileReader, inflateWithEdges } from "./inflate-blocks";
import { proveSplice, type ProvedSplice, type SpliceRecord } from "./splice-proof";
import { METHOD_DEFLATED } from "@gryx/apple/zip/format";
import { collectNow } from "@gryx/apple/zip/collect";
import { DigestPool } from "@gryx/apple/zip/digest-pool";
import { DigestTable, type KnownDigests } from "./digest-table";
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from "@gryx/apple/zip/limits";
import { checkSupported, isSmallEntry, type ZipEntry, type ZipReader } from "@gryx/apple/zip/reader";

interface LoadedCode {
  source: ByteSource;
  /** Page hashes computed as it was inflated, when only parts of it were kept (macho-stream). */
  pages?: StreamedPages;
  /** Absent for the app's own executable (see loadCode). */
  digests?: FileDigests;
  close(): void;
}

export interface VerifyOptions {
  /** PEM roots the CMS chains must end in; default: no anchor check. */
  trustedRoots?: string[];
  limits?: Partial<ZipLimits>;
  /**
   * Digests already computed from this very file, by entry name: the signer hashes its output's
   * raw-copied entries as it writes them. An entry whose location, sizes, method and CRC match
   * is not hashed again; everything else (code, signatures, CodeResources) is still checked.
   */
  known?: KnownDigests;
  /**
   * Code the signer wrote by splicing its input's compressed stream, by entry name: proved without inflating the
   * copied middle again (splice-proof); when the proof fails the entry is inflated and checked as any other.
   */
  spliced?: ReadonlyMap<string, SpliceRecord>;
  /** Where large binaries are unpacked to be checked piece by piece. Default os.tmpdir(). */
  workDir?: string;
}

interface VerifiedCode {
  path: string;
  identifier: string;
  teamId?: string;
  signerCommonName?: string;
  cdhashes: string[];
  /** Designated requirement as text. */
  requirement?: string;
}

/** One thing wrong, with the file inside the IPA it is about. */
interface VerifyIssue {
  path: string;
  message: string;
}

export interface VerifyResult {
  ok: boolean;
  /** "path: message" for each issue. */
  problems: string[];
  issues: VerifyIssue[];
  bundleId?: string;
  teamId?: string;
  signerCommonName?: string;
  code: VerifiedCode[];
  filesChecked: number;
  /** Spliced entries whose middle was proved rather than inflated (see VerifyOptions.spliced). */
  splicesProved: number;
}

export async function verifyIpa(ipaPath: string, opts: VerifyOptions = {}): Promise<VerifyResult> {
  const ipa = await openIpa(ipaPath, { ...DEFAULT_ZIP_LIMITS, ...opts.limits });
  const verifier = new IpaVerifier(ipa.reader, ipa.appDir, ipa.symlinks, opts);
  try {
    return await verifier.run();
  } finally {
    await verifier.cleanup();
    await ipa.reader.close();
  }
}

/** A proved splice's middle is read this much at a time when it is hashed. */
const MIDDLE_PIECE = 1024 * 1024;

/** Up to this many bytes of small files left to hash are hashed on the calling thread. */
const INLINE_BYTES = 16 * 1024 * 1024;

/**
 * Whether code meets a requirement recorded in its parent's seal, in the parts a requirement
 * pins down: the identifier and the leaf certificate's common name it names, if any (the
 * anchor is checked by the code's own chain verification).
 */
function satisfiesRecorded(requirement: string, code: VerifiedCode): boolean {
  const id = /\bidentifier "((?:[^"\\]|\\.)*)"/.exec(requirement)?.[1];
  const cn = /leaf\[subject\.CN\] = "((?:[^"\\]|\\.)*)"/.exec(requirement)?.[1];
  return (id === undefined || id === code.identifier) && (cn === undefined || cn === code.signerCommonName);
}

class IpaVerifier {
  private readonly issues: VerifyIssue[] = [];
  private readonly digests: DigestTable;
  private readonly code: VerifiedCode[] = [];
  private bundles: Bundle[] = [];
  /** Executables, loaded (small) or unpacked to a temp file (large), until their bundle is checked. */
  private readonly executables = new Map<string, LoadedCode>();
  private tempDir: string | undefined;
  private tempCount = 0;
  private splicesProved = 0;

  constructor(
    private readonly reader: ZipReader,
    private readonly appDir: string,
    private readonly symlinks: Map<string, string>,
    private readonly opts: VerifyOptions,
  ) {
    this.digests = new DigestTable(reader);
  }

  private problem(path: string, message: string): void {
    this.issues.push({ path, message });
  }

  async run(): Promise<VerifyResult> {
    // Code by structure and content, as the signer finds it: every Mach-O is checked, wherever it is.
    const layout = await findCode(this.reader, this.reader.iterate(), this.appDir, (e) =>
      this.problem(e instanceof AppleError && e.path ? e.path : this.appDir, e.message),
    );
    this.bundles = layout.bundles;
    if (!this.bundles.some((b) => b.dir === this.appDir))
      this.problem(`${this.appDir}Info.plist`, "缺少主程序的 Info.plist");
    const executables = new Set(this.bundles.map((b) => b.executablePath));

    // One pass over the files: resources are hashed (mostly in the thread pool); code is loaded
    // (one at a time) to verify.
    const pool = new DigestPool();
    try {
      // Large files are checked by SHA-256 only: that is the seal iOS verifies (files2 hash2),
      // and skipping SHA-1 there saves a third of the hashing. Small files get both.
      const digester = new EntryDigester(this.reader.path, pool, { sha1: "small", crc: true });
      const pending = new Map<string, PendingDigests>();
      const isCode = (e: ZipEntry) => layout.machO.has(e.name);
      const knownRow = (e: ZipEntry) => this.opts.known?.rowOf(e) ?? -1;
      const isKnown = (e: ZipEntry) => knownRow(e) >= 0;
      const isResource = (e: ZipEntry) => !e.isDirectory && !e.isSymlink && e.name.startsWith(this.appDir);
      // A few small files and at most one large one left to hash (the signer's self-check: it knows the rest, all
      // but the seals it wrote) are hashed here, the large one as it streams: a worker would hash that one alone,
      // no faster, and cost its start and tens of MiB (an app of 200,000 files has a 60 MB CodeResources).
      let restBytes = 0;
      let restLarge = 0;
      for (const e of this.reader.iterate()) {
        if (!isResource(e) || isCode(e) || isKnown(e)) continue;
        if (isSmallEntry(e)) restBytes += e.uncompressedSize;
        else restLarge++;
      }
      const inline = restLarge <= 1 && restBytes <= INLINE_BYTES;
      let row: number;
      for (const e of this.reader.iterate()) {
        if (!isResource(e)) continue;
        if (isCode(e)) {
          const code = await this.loadCode(e);
          if (code.digests) this.digests.set(e.name, code.digests);
          if (executables.has(e.name)) this.executables.set(e.name, code);
          else {
            try {
              this.checkMachO(e.name, code.source, { pages: code.pages });
            } finally {
              code.close();
            }
          }
        } else if ((row = knownRow(e)) >= 0) {
          this.digests.borrow(e.index ?? this.reader.indexOf(e.name), this.opts.known!, row);
        } else if (inline) {
          this.digests.set(
            e.name,
            isSmallEntry(e) ? digestBuffer(await this.reader.readEntry(e)) : await this.sealDigest(e),
          );
        } else {
          const at = { localHeaderOffset: e.localHeaderOffset, end: this.reader.regionEnd(e) };
          pending.set(e.name, await digester.digest(e, at));
        }
      }
      await digester.flush();
      for (const [name, p] of pending) this.digests.set(name, await p.done);
      pending.clear();
      collectNow();
    } finally {
      await pool.close();
    }

    for (const b of this.bundles) await this.checkBundle(b);
    const main = this.bundles.find((b) => b.dir === this.appDir);
    const mainCode = this.code.find((c) => c.path === main?.executablePath);
    if (mainCode) this.checkOneSigner(mainCode);
    return {
      ok: this.issues.length === 0,
      problems: this.issues.map((i) => `${i.path}: ${i.message}`),
      issues: this.issues,
      bundleId: main?.bundleId,
      teamId: mainCode?.teamId,
      signerCommonName: mainCode?.signerCommonName,
      code: this.code,
      filesChecked: this.digests.size,
      splicesProved: this.splicesProved,
    };
  }

  /** A binary's bytes and digests: in memory when small, else unpacked to a temp file and read piece by piece. */
  private async loadCode(e: ZipEntry): Promise<LoadedCode> {
    if (isSmallEntry(e)) {
      const buf = await this.reader.readEntry(e);
      return { source: new BufferSource(buf), digests: digestBuffer(buf), close: () => undefined };
    }
    const streamed = e.method === METHOD_DEFLATED ? await this.streamCode(e, !this.isMainExecutable(e)) : undefined;
    if (streamed) return streamed;
    this.tempDir ??= await fs.promises.mkdtemp(path.join(this.opts.workDir ?? os.tmpdir(), "ipaverify-"));
    const file = path.join(this.tempDir, `${this.tempCount++}.bin`);
    const { digests } = await extractToFile(this.reader, e, file, undefined, !this.isMainExecutable(e));
    const source = FileSource.open(file);
    return {
      source,
      digests,
      close: () => {
        source.close();
        fs.rmSync(file, { force: true });
      },
    };
  }

  /**
   * A large file's seal digest (SHA-256 only, as the pool computes for large files) on this thread, as it is
   * inflated natively into two reused 1 MiB buffers (inflate-blocks; size and CRC checked); stored, or on a Node
   * whose zlib cannot be driven so, through the reader's checked stream.
   */
  private async sealDigest(e: ZipEntry): Promise<{ sha256: Buffer }> {
    checkSupported(e); // encrypted or another method: refused as every other way of reading an entry does
    const h = createHash("sha256");
    if (e.method === METHOD_DEFLATED) {
      const fd = fs.openSync(this.reader.path, "r");
      try {
        const read = fileReader(fd, await this.reader.dataOffset(e));
        const done = inflateWithEdges(e.name, read, e.compressedSize, e.uncompressedSize, (piece) => h.update(piece));
        if (done) {
          if (done.crc !== e.crc32) throw new AppleError("APPLE_BAD_ZIP", `${e.name}: CRC 校验失败`);
          return { sha256: h.digest() };
        }
      } finally {
        fs.closeSync(fd);
      }
    }
    for await (const chunk of await this.reader.openEntry(e)) h.update(chunk as Buffer);
    return { sha256: h.digest() };
  }

  /**
   * A proved splice's content to `sink`: its ends as decoded, the middle from the signer's extracted input. The middle's
   * whole pages are not hashed again, their hashes are the signer's (splice-proof), unless the file's own digests are
   * needed (nested code, sealed by its parent): then every byte goes through the sink.
   */
  private streamProved(
    rec: SpliceRecord,
    proved: ProvedSplice,
    sink: (piece: Buffer) => void,
    skip: PageStreamer["skip"] | undefined,
  ): void {
    sink(proved.prefix);
    const fd = fs.openSync(rec.contentFile, "r");
    try {
      const readContent = fileReader(fd, 0);
      const read = (pos: number, len: number) => bytesAt(readContent, pos, len);
      const from = rec.from.byte;
      const to = rec.to.byte;
      if (skip) skip(to - from, rec.pages, read);
      else for (let pos = from; pos < to; pos += MIDDLE_PIECE) sink(read(pos, Math.min(MIDDLE_PIECE, to - pos)));
    } finally {
      fs.closeSync(fd);
    }
    sink(proved.tail);
  }

  /** The app's own executable is sealed by nothing but its signature: no file hashes needed. */
  private isMainExecutable(e: ZipEntry): boolean {
    return this.bundles.find((b) => b.dir === this.appDir)?.executablePath === e.name;
  }

  /**
   * A large deflated binary checked as it is inflated, with no temp file (macho-stream), or, when the signer spliced
   * it, as its splice is proved (splice-proof: the copied middle's content read from the signer's extracted input
   * instead of inflated): undefined when it cannot be (not a thin signed Mach-O with its load commands in the first
   * piece, or no native inflate); the caller then unpacks it to a file.
   */
  private async streamCode(e: ZipEntry, hash: boolean): Promise<LoadedCode | undefined> {
    const start = await this.reader.dataOffset(e);
    const fd = fs.openSync(this.reader.path, "r");
    const sha1 = hash ? createHash("sha1") : undefined;
    const sha256 = hash ? createHash("sha256") : undefined;
    let streamer: PageStreamer | undefined;
    const notStreamable = new Error("not streamable");
    const sink = (piece: Buffer) => {
      streamer ??= PageStreamer.start(piece, e.uncompressedSize);
      if (!streamer) throw notStreamable;
      sha1?.update(piece);
      sha256?.update(piece);
      streamer.push(piece);
    };
    try {
      const read = fileReader(fd, start);
      const splice = this.opts.spliced?.get(e.name);
      const proved = splice ? proveSplice(e, read, splice) : undefined;
      if (splice && proved) {
        this.splicesProved++;
        // Whole pages skipped unless the file's own digests are wanted (then every byte is hashed anyway).
        this.streamProved(splice, proved, sink, hash ? undefined : (...a) => streamer!.skip(...a));
      }
      const done = proved ?? inflateWithEdges(e.name, read, e.compressedSize, e.uncompressedSize, sink);
      if (!done || !streamer) return undefined;
      if (done.crc !== e.crc32) throw new AppleError("APPLE_BAD_ZIP", `${e.name}: CRC 校验失败`);
      const { source, pages } = streamer.finish();
      const digests = sha1 && sha256 ? { sha1: sha1.digest(), sha256: sha256.digest() } : undefined;
      return { source, pages, digests, close: () => undefined };
    } catch (x) {
      if (x === notStreamable) return undefined;
      throw x;
    } finally {
      fs.closeSync(fd);
    }
  }

  async cleanup(): Promise<void> {
    for (const code of this.executables.values()) code.close();
    this.executables.clear();
    if (this.tempDir) await fs.promises.rm(this.tempDir, { recursive: true, force: true });
  }

  private checkMachO(
    name: string,
    binary: ByteSource,
    slots: { infoPlist?: Buffer; codeResources?: SlotFile; pages?: StreamedPages },
  ): VerifiedCode | undefined {
    try {
      const r = verifyMachOSource(binary, { ...slots, trustedRoots: this.opts.trustedRoots });
      for (const p of r.problems) this.problem(name, `签名无效（${p}）`);
      if (!r.ok && r.problems.length === 0) this.problem(name, "签名无效");
      const code: VerifiedCode = {
        path: name,
        identifier: r.identifier,
        teamId: r.teamId,
        signerCommonName: r.signerCommonName,
        cdhashes: r.cdhashes.map((h: Buffer) => h.toString("hex")),
        requirement: r.designatedRequirement,
      };
      this.code.push(code);
      return code;
    } catch (e) {
      this.problem(name, (e as Error).message);
      return undefined;
    }
  }

  /** Every piece of code must be signed by the main executable's team and certificate: a foreign or stale signature fails. */
  private checkOneSigner(main: VerifiedCode): void {
    for (const c of this.code) {
      if (c === main) continue;
      if (c.teamId !== main.teamId)
        this.problem(c.path, `签名团队 ${c.teamId ?? "（无）"} 与主程序的 ${main.teamId ?? "（无）"} 不一致`);
      else if (c.signerCommonName !== main.signerCommonName) {
        this.problem(
          c.path,
          `签名证书 ${c.signerCommonName ?? "（无）"} 与主程序的 ${main.signerCommonName ?? "（无）"} 不一致`,
        );
      }
    }
  }

  private async readOptional(name: string): Promise<Buffer | undefined> {
    const e = this.reader.find(name);
    return e ? this.reader.readEntry(e) : undefined;
  }

  private async checkBundle(b: Bundle): Promise<void> {
    const infoPlist = (await this.readOptional(b.infoPlistPath))!;
    const seal = await this.loadSeal(`${b.dir}_CodeSignature/CodeResources`);
    try {
      if (!seal) this.problem(b.dir, "缺少 _CodeSignature/CodeResources");
      const loaded = this.executables.get(b.executablePath);
      const exe = loaded?.source;
      if (!exe) {
        this.problem(b.executablePath, "缺少可执行文件");
        return;
      }
      const code = this.checkMachO(b.executablePath, exe, {
        infoPlist,
        codeResources: seal?.slot,
        pages: loaded.pages,
      });
      if (code && code.identifier !== b.bundleId) {
        this.problem(b.executablePath, `签名标识 ${code.identifier} 与 CFBundleIdentifier ${b.bundleId} 不一致`);
      }
      if (seal) this.checkSeal(b, seal.scan);
      if (hasProvisioningProfile(b)) await this.checkProfile(b, code);
    } finally {
      seal?.close();
    }
  }

  /**
   * A bundle's CodeResources: in memory when small; else (an app of many files: tens of MiB) unpacked to a temp
   * file, hashed on the way for the signature's special slot, and scanned from there through a small window.
   */
  private async loadSeal(
    name: string,
  ): Promise<{ slot: SlotFile; scan: (visit: SealVisitor) => boolean; close(): void } | undefined> {
    const e = this.reader.find(name);
    if (!e) return undefined;
    if (isSmallEntry(e)) {
      const buf = await this.reader.readEntry(e);
      return { slot: buf, scan: (visit) => scanCodeResources(buf, visit), close: () => undefined };
    }
    this.tempDir ??= await fs.promises.mkdtemp(path.join(this.opts.workDir ?? os.tmpdir(), "ipaverify-"));
    const file = path.join(this.tempDir, `${this.tempCount++}.bin`);
    const digests = (await extractToFile(this.reader, e, file)).digests!;
    return {
      slot: digests,
      scan: (visit) => scanCodeResourcesFile(file, visit),
      close: () => fs.rmSync(file, { force: true }),
    };
  }

  /**
   * Compares CodeResources with the files present: every sealed file must match, none may be
   * missing or extra. The seal is walked entry by entry (scanCodeResources) and what it covered is
   * marked in a bitmap over the digest table: nothing per entry is built or kept.
   */
  private checkSeal(b: Bundle, scan: (visit: SealVisitor) => boolean): void {
    const rel = (name: string) => name.slice(b.dir.length);
    const sealed = (name: string) => isSealedBy(b, name);
    const seen2 = new Uint8Array(this.digests.capacity);
    const seenLinks = new Set<string>();
    // Nested bundles sealed by their cdhash: their files are left to their own seals.
    const nestedDirs: string[] = [];
    const ok = scan({
      file: (key, v1) => {
        const name = b.dir + key;
        const d = sealed(name) ? this.digests.view(name) : undefined;
        if (d) {
          // SHA-1 is known for small files only (see the digester's options above); SHA-256 always.
          if (sealFor(RULES, key) !== "omit" && d.sha1 && !v1.hash.equals(d.sha1))
            this.problem(name, `内容已被修改 (files)`);
        } else if (!(sealed(name) && this.symlinks.has(name)) && !v1.optional) this.problem(name, `文件缺失 (files)`);
      },
      file2: (key, v2) => {
        const name = b.dir + key;
        if (v2.cdhash && this.bundles.some((x) => x.dir === `${name}/`)) {
          nestedDirs.push(`${name}/`);
          this.checkNestedCdhash(name, v2.cdhash, v2.requirement);
          return;
        }
        const i = sealed(name) ? this.digests.indexOf(name) : -1;
        if (i >= 0) {
          seen2[i] = 1;
          const d = this.digests.view(name)!;
          if (v2.cdhash) this.checkNestedCdhash(name, v2.cdhash, v2.requirement);
          else if (!v2.hash2?.equals(d.sha256) || (v2.hash && d.sha1 && !v2.hash.equals(d.sha1)))
            this.problem(name, `内容已被修改`);
        } else if (sealed(name) && this.symlinks.has(name)) {
          seenLinks.add(name);
          if (v2.symlink !== this.symlinks.get(name)) this.problem(name, `符号链接未封存或已被修改`);
        } else if (!v2.optional && !this.bundles.some((x) => x.dir === `${name}/`)) this.problem(name, `文件缺失`);
      },
    });
    if (!ok) {
      this.problem(`${b.dir}_CodeSignature/CodeResources`, `格式无效`);
      return;
    }
    const underNestedSeal = (name: string) => nestedDirs.some((dir) => name.startsWith(dir));
    for (const [i, name] of this.digests.entries()) {
      if (!seen2[i] && sealed(name) && sealFor(RULES2, rel(name)) !== "omit" && !underNestedSeal(name)) {
        this.problem(name, `未被 CodeResources 封存`);
      }
    }
    for (const name of this.symlinks.keys()) {
      if (sealed(name) && !seenLinks.has(name) && sealFor(RULES2, rel(name)) !== "omit" && !underNestedSeal(name)) {
        this.problem(name, `符号链接未封存或已被修改`);
      }
    }
  }

  /**
   * Nested code sealed by cdhash (a bundle, or a loose Mach-O) must carry that exact signature
   * and meet the requirement recorded with it (as far as it names an identifier and a signer).
   */
  private checkNestedCdhash(name: string, cdhash: Buffer, requirement: string | undefined): void {
    const nested = this.bundles.find((x) => x.dir === `${name}/`);
    const codePath = nested ? nested.executablePath : name;
    const code = this.code.find((c) => c.path === codePath);
    if (!code?.cdhashes.some((h) => h.startsWith(cdhash.toString("hex")))) {
      this.problem(`${name}`, `嵌套代码的 cdhash 与父包记录不一致`);
    } else if (requirement !== undefined && !satisfiesRecorded(requirement, code)) {
      this.problem(`${name}`, `嵌套代码不满足父包记录的签名要求`);
    }
  }

  private async checkProfile(b: Bundle, code: VerifiedCode | undefined): Promise<void> {
    const name = `${b.dir}embedded.mobileprovision`;
    const bytes = await this.readOptional(name);
    if (!bytes) {
      this.problem(`${name}`, `缺少描述文件`);
      return;
    }
    try {
      const profile = parseMobileProvision(bytes);
      if (code?.teamId && profile.teamId !== code.teamId) {
        this.problem(`${name}`, `描述文件团队 ${profile.teamId} 与签名团队 ${code.teamId} 不一致`);
      }
      const names = profile.developerCertificates.map((der) => {
        try {
          return /CN=([^\n]+)/.exec(x509(der).subject)?.[1];
        } catch {
          return undefined;
        }
      });
      if (code?.signerCommonName && !names.includes(code.signerCommonName)) {
        this.problem(`${name}`, `签名证书 ${code.signerCommonName} 不在描述文件中`);
      }
    } catch (e) {
      this.problem(`${name}`, `${(e as Error).message}`);
    }
  }
}
