import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  contentTypeOf,
  isStorageError,
  type DownloadMode,
  type ObjectRange,
  type ObjectStore,
  type PutResult,
} from "@gryx/platform/storage";
import { DomainError } from "../../common/errors";
import type { StoredFiles } from "./file-references";

/**
 * Every stored file, through one object store (local disk or S3, `@gryx/platform/storage`). Every stored name is
 * made here from random bytes (never from user input), so no request can reach a key of its choosing.
 * - public files (icons, banners, logos, chat images) are objects `uploads/<kind>/<name>`, served at `/uploads/...`;
 * - private files (IPAs, dylibs) are objects `private/<kind>/<name>`, only streamed by handlers that check access,
 *   addressed by a key like `ipas/9f...c2.ipa`;
 * - uploads being received go to this host's scratch directory (`<STORAGE_DIR>/tmp`) first and are stored once
 *   accepted.
 * A store that cannot be reached answers STORAGE_UNAVAILABLE (503, with Retry-After).
 */
export type PublicKind = "icons" | "banners" | "logos" | "chat";
/** ipas: catalogue IPAs; dylibs; staging: admin uploads not yet claimed; unsigned: IPAs users upload to sign; signed: signed IPAs. */
export type PrivateKind = "ipas" | "dylibs" | "staging" | "unsigned" | "signed";

const KIND = /^[a-z]+$/;
const EXT = /^[a-z0-9]{1,8}$/;
const PUBLIC_URL = /^\/uploads\/([a-z]+)\/([0-9a-f]{32}\.[a-z0-9]{1,8})$/;
/** A private key as rows hold it: `<kind>/<32 hex>.<ext>`. */
const PRIVATE_KEY = /^([a-z]+)\/([0-9a-f]{32}\.[a-z0-9]{1,8})$/;
/** What a 503 of an unreachable store tells clients to wait (Retry-After). */
const STORAGE_RETRY_SECONDS = 30;
/** How long a redirect download's signed URL lives. */
const SIGNED_URL_SECONDS = 300;

/** A private file's object key, or null when `key` is not one this service makes. */
const privateObjectKey = (key: string | null | undefined): string | null =>
  key && PRIVATE_KEY.test(key) ? `private/${key}` : null;
/** A public URL's object key (`/uploads/icons/x.png` → `uploads/icons/x.png`), or null when it is not ours. */
const publicObjectKey = (url: string | null | undefined): string | null =>
  url && PUBLIC_URL.test(url) ? url.slice(1) : null;

export class StorageService {
  readonly tmpDir: string;

  /**
   * @param store where files live
   * @param scratchDir this host's scratch space (its `tmp/` receives uploads)
   * @param references which stored files some domain's rows still point at (every domain's `storedFiles`);
   *   without it nothing counts as unreferenced.
   * @param downloads `redirect`: large downloads may leave the store through a signed URL.
   */
  constructor(
    readonly store: ObjectStore,
    scratchDir: string,
    private readonly references: StoredFiles = async (files) => new Set(files),
    public downloads: DownloadMode = "proxy",
  ) {
    this.tmpDir = path.join(scratchDir, "tmp");
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  /** A fresh path in the temp directory for a file being received. */
  tmpPath(ext = "part"): string {
    return path.join(this.tmpDir, `${randomBytes(16).toString("hex")}.${ext}`);
  }

  /** Stores bytes as a public file; returns its URL path (`/uploads/<kind>/<name>`). */
  async savePublic(kind: PublicKind, data: Buffer, ext: string): Promise<string> {
    const key = `uploads/${checkKind(kind)}/${newName(ext)}`;
    await guard(this.store.put(key, data, { contentType: contentTypeOf(key), immutable: true }));
    return `/${key}`;
  }

  /** Stores a received temp file as a private file (the temp file is gone afterwards, stored or not); returns its key. */
  async adoptPrivate(kind: PrivateKind, tmpFile: string, ext: string): Promise<string> {
    if (path.dirname(path.resolve(tmpFile)) !== this.tmpDir) throw new Error("adoptPrivate: not a temp file");
    const key = `${checkKind(kind)}/${newName(ext)}`;
    try {
      await guard(this.store.putFile(`private/${key}`, tmpFile, { move: true }));
    } finally {
      await this.removeTmp(tmpFile);
    }
    return key;
  }

  /** Stores a stream as a private file; returns its key and what was stored. */
  async putPrivate(kind: PrivateKind, body: Readable | Buffer, ext: string): Promise<{ key: string } & PutResult> {
    const key = `${checkKind(kind)}/${newName(ext)}`;
    return { key, ...(await guard(this.store.put(`private/${key}`, body))) };
  }

  /** Moves a private file to another kind (e.g. a staged IPA becoming an app's IPA); returns the new key. */
  async movePrivate(key: string, kind: PrivateKind): Promise<string> {
    const from = this.privateKey(key);
    const to = `${checkKind(kind)}/${key.slice(key.indexOf("/") + 1)}`;
    await guard(this.store.move(from, `private/${to}`));
    return to;
  }

  /** Size of a private file, or null when it is missing (or the key is not one this service makes). */
  async privateSize(key: string | null | undefined): Promise<number | null> {
    const objectKey = privateObjectKey(key);
    if (!objectKey) return null;
    const info = await guard(this.store.head(objectKey));
    return info ? info.size : null;
  }

  /** A private file (or one range of it) as a stream; STORAGE_FILE_NOT_FOUND when missing. */
  async openPrivate(key: string, range?: ObjectRange | null): Promise<{ body: Readable; size: number }> {
    return guard(this.store.get(this.privateKey(key), range));
  }

  /**
   * Runs `fn` with a private file on this host's disk: the file itself on the local backend, else a temp copy
   * removed afterwards (for parsers that need a path: IPA inspection).
   */
  async withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T> {
    const objectKey = this.privateKey(key);
    const local = this.store.localPath(objectKey);
    if (local) {
      if (!(await this.store.head(objectKey))) throw new DomainError("STORAGE_FILE_NOT_FOUND");
      return fn(local);
    }
    const tmp = this.tmpPath("copy");
    try {
      const { body } = await guard(this.store.get(objectKey));
      const { pipeline } = await import("node:stream/promises");
      await pipeline(body, fs.createWriteStream(tmp, { flags: "wx" }));
      return await fn(tmp);
    } finally {
      await fs.promises.rm(tmp, { force: true });
    }
  }

  /**
   * Where a download of a private file may go instead of through this server: a short-lived signed URL of the
   * object store when S3_DOWNLOADS=redirect and the store has them; null means stream it.
   */
  async redirectUrl(key: string, contentDisposition: string): Promise<string | null> {
    if (this.downloads !== "redirect") return null;
    return guard(
      this.store.signedUrl(this.privateKey(key), { expiresInSeconds: SIGNED_URL_SECONDS, contentDisposition }),
    );
  }

  /** A public file by its object key (`uploads/...`), for `/uploads/...` when the store is not this disk. */
  async openPublicKey(key: string): Promise<{ body: Readable; size: number }> {
    if (!key.startsWith("uploads/")) throw new DomainError("STORAGE_FILE_NOT_FOUND");
    return guard(this.store.get(key));
  }

  /** True when the URL is a public file this service stored (and not, say, a seeded or external URL). */
  isOwnPublicUrl(url: string | null | undefined): boolean {
    return !!url && PUBLIC_URL.test(url);
  }

  /** Removes a public file by its URL; URLs this service did not make are left alone. */
  async removePublic(url: string | null | undefined): Promise<void> {
    const key = publicObjectKey(url);
    if (key) await guard(this.store.delete(key));
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
    const objectKey = privateObjectKey(key);
    if (objectKey) await guard(this.store.delete(objectKey));
  }

  async removeTmp(file: string | null | undefined): Promise<void> {
    if (!file || path.dirname(path.resolve(file)) !== this.tmpDir) return;
    await fs.promises.rm(file, { force: true });
  }

  /** Deletes private files of a kind older than `maxAgeMs` at `now` (unclaimed staged uploads) and stale temp files. */
  async prune(kind: PrivateKind, maxAgeMs: number, now = Date.now()): Promise<number> {
    let removed = 0;
    const cutoff = now - maxAgeMs;
    for await (const o of this.store.list(`private/${checkKind(kind)}/`)) {
      if (o.modifiedMs >= cutoff) continue;
      await guard(this.store.delete(o.key));
      removed++;
    }
    for (const name of await fs.promises.readdir(this.tmpDir).catch(() => [] as string[])) {
      const file = path.join(this.tmpDir, name);
      const st = await fs.promises.stat(file).catch(() => null);
      if (!st?.isFile() || st.mtimeMs >= cutoff) continue;
      await fs.promises.rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  /** The URLs of a public kind's files last written before `cutoff` (ms), for sweeping uploads nobody saved. */
  async publicUrlsOlderThan(kind: PublicKind, cutoff: number): Promise<string[]> {
    const urls: string[] = [];
    for await (const o of this.store.list(`uploads/${checkKind(kind)}/`))
      if (o.modifiedMs < cutoff) urls.push(`/${o.key}`);
    return urls;
  }

  private privateKey(key: string): string {
    const objectKey = privateObjectKey(key);
    if (!objectKey) throw new DomainError("STORAGE_FILE_NOT_FOUND");
    return objectKey;
  }
}

/** A store call whose failures become domain errors: NOT_FOUND → 404, the store down or slow → 503, too large → 413. */
async function guard<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    throw storageFailure(e);
  }
}

function storageFailure(e: unknown): unknown {
  if (isStorageError(e, "NOT_FOUND")) return new DomainError("STORAGE_FILE_NOT_FOUND");
  if (isStorageError(e, "TOO_LARGE")) return new DomainError("UPLOAD_TOO_LARGE");
  if (isStorageError(e, "UNAVAILABLE"))
    return new DomainError("STORAGE_UNAVAILABLE", undefined, { retryAfter: STORAGE_RETRY_SECONDS });
  return e;
}

function newName(ext: string): string {
  if (!EXT.test(ext)) throw new Error(`bad extension ${ext}`);
  return `${randomBytes(16).toString("hex")}.${ext}`;
}

function checkKind(kind: string): string {
  if (!KIND.test(kind)) throw new Error(`bad storage kind ${kind}`);
  return kind;
}
