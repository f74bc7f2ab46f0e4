import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { DomainError } from "../../common/errors";
import type { StoredFiles } from "./file-references";
import { PRIVATE_KEY, privateFilePath } from "@gryx/platform/storage-paths";

/**
 * Files on local disk under the configured storage directory. Every stored name is made here from random bytes
 * (never from user input), so no request can reach a path of its choosing.
 * - public files (icons, banners, logos) live under `<root>/uploads/<kind>/` and are served at `/uploads/...`;
 * - private files (IPAs, dylibs) live under `<root>/private/<kind>/` and are only streamed by handlers that
 *   check access, addressed by a key like `ipas/9f...c2.ipa`;
 * - uploads being received go to `<root>/tmp/` first and are moved into place once accepted.
 */
export type PublicKind = "icons" | "banners" | "logos" | "chat";
/** ipas: catalogue IPAs; dylibs; staging: admin uploads not yet claimed; unsigned: IPAs users upload to sign; signed: signed IPAs. */
export type PrivateKind = "ipas" | "dylibs" | "staging" | "unsigned" | "signed";

const KIND = /^[a-z]+$/;
const EXT = /^[a-z0-9]{1,8}$/;
const PUBLIC_URL = /^\/uploads\/([a-z]+)\/([0-9a-f]{32}\.[a-z0-9]{1,8})$/;

export class StorageService {
  readonly uploadsDir: string;
  readonly privateDir: string;
  readonly tmpDir: string;

  /**
   * @param references which stored files some domain's rows still point at (every domain's `storedFiles`);
   *   without it nothing counts as unreferenced.
   */
  constructor(
    readonly root: string,
    private readonly references: StoredFiles = async (files) => new Set(files),
  ) {
    this.uploadsDir = path.join(root, "uploads");
    this.privateDir = path.join(root, "private");
    this.tmpDir = path.join(root, "tmp");
    for (const dir of [this.uploadsDir, this.privateDir, this.tmpDir]) fs.mkdirSync(dir, { recursive: true });
  }

  /** A fresh path in the temp directory for a file being received. */
  tmpPath(ext = "part"): string {
    return path.join(this.tmpDir, `${randomBytes(16).toString("hex")}.${ext}`);
  }

  /** Stores bytes as a public file; returns its URL path (`/uploads/<kind>/<name>`). */
  async savePublic(kind: PublicKind, data: Buffer, ext: string): Promise<string> {
    const name = newName(ext);
    const dir = path.join(this.uploadsDir, checkKind(kind));
    await fs.promises.mkdir(dir, { recursive: true });
    await fs.promises.writeFile(path.join(dir, name), data, { flag: "wx" });
    return `/uploads/${kind}/${name}`;
  }

  /** Moves a received temp file into private storage; returns its key. */
  async adoptPrivate(kind: PrivateKind, tmpFile: string, ext: string): Promise<string> {
    if (path.dirname(path.resolve(tmpFile)) !== this.tmpDir) throw new Error("adoptPrivate: not a temp file");
    const name = newName(ext);
    const dir = path.join(this.privateDir, checkKind(kind));
    await fs.promises.mkdir(dir, { recursive: true });
    await fs.promises.rename(tmpFile, path.join(dir, name));
    return `${kind}/${name}`;
  }

  /** Moves a private file to another kind (e.g. a staged IPA becoming an app's IPA); returns the new key. */
  async movePrivate(key: string, kind: PrivateKind): Promise<string> {
    const from = this.privatePath(key);
    const name = path.basename(from);
    const dir = path.join(this.privateDir, checkKind(kind));
    await fs.promises.mkdir(dir, { recursive: true });
    await fs.promises.rename(from, path.join(dir, name));
    return `${kind}/${name}`;
  }

  /** Absolute path of a private file; refuses anything that is not a key this service made. */
  privatePath(key: string): string {
    const file = privateFilePath(this.root, key);
    if (!file) throw new DomainError("STORAGE_FILE_NOT_FOUND");
    return file;
  }

  /** True when the URL is a public file this service stored (and not, say, a seeded or external URL). */
  isOwnPublicUrl(url: string | null | undefined): boolean {
    return !!url && PUBLIC_URL.test(url);
  }

  /** Removes a public file by its URL; URLs this service did not make are left alone. */
  async removePublic(url: string | null | undefined): Promise<void> {
    const m = url ? PUBLIC_URL.exec(url) : null;
    if (!m) return;
    await fs.promises.rm(path.join(this.uploadsDir, m[1], m[2]), { force: true });
  }

  /**
   * Removes the public files this service stored among `urls` that no domain references any more (one file may
   * serve several rows, of any domain). Returns how many it removed.
   */
  async removeUnreferenced(urls: string[]): Promise<number> {
    const own = [...new Set(urls.filter((u) => this.isOwnPublicUrl(u)))];
    if (!own.length) return 0;
    const used = await this.references(own);
    let removed = 0;
    for (const url of own) {
      if (used.has(url)) continue;
      await this.removePublic(url);
      removed++;
    }
    return removed;
  }

  async removePrivate(key: string | null | undefined): Promise<void> {
    if (!key || !PRIVATE_KEY.test(key)) return;
    await fs.promises.rm(this.privatePath(key), { force: true });
  }

  async removeTmp(file: string | null | undefined): Promise<void> {
    if (!file || path.dirname(path.resolve(file)) !== this.tmpDir) return;
    await fs.promises.rm(file, { force: true });
  }

  /** Deletes private files of a kind older than `maxAgeMs` (unclaimed staged uploads) and stale temp files. */
  async prune(kind: PrivateKind, maxAgeMs: number): Promise<number> {
    let removed = 0;
    const cutoff = Date.now() - maxAgeMs;
    for (const dir of [path.join(this.privateDir, kind), this.tmpDir]) {
      for (const file of await filesOlderThan(dir, cutoff)) {
        await fs.promises.rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  /** The URLs of a public kind's files last written before `cutoff` (ms), for sweeping uploads nobody saved. */
  async publicUrlsOlderThan(kind: PublicKind, cutoff: number): Promise<string[]> {
    const files = await filesOlderThan(path.join(this.uploadsDir, checkKind(kind)), cutoff);
    return files.map((f) => `/uploads/${kind}/${path.basename(f)}`);
  }
}

/** The regular files directly in `dir` (none when it is missing) last modified before `cutoff`. */
async function filesOlderThan(dir: string, cutoff: number): Promise<string[]> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const old: string[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const st = await fs.promises.stat(file).catch(() => null);
    if (st?.isFile() && st.mtimeMs < cutoff) old.push(file);
  }
  return old;
}

function newName(ext: string): string {
  if (!EXT.test(ext)) throw new Error(`bad extension ${ext}`);
  return `${randomBytes(16).toString("hex")}.${ext}`;
}

function checkKind(kind: string): string {
  if (!KIND.test(kind)) throw new Error(`bad storage kind ${kind}`);
  return kind;
}
