import { createHash } from "node:crypto";
import { Transform, type Readable } from "node:stream";

/**
 * Where every stored file lives: one interface, two backends (local disk, S3-compatible object storage). Server and
 * worker both reach stored files only through it. Keys are made by the storage service from random bytes, never
 * from input: `uploads/<kind>/<32 hex>.<ext>` for public files (icons, banners, logos, chat images, served at
 * `/uploads/...`), `private/<kind>/<32 hex>.<ext>` for private ones (IPAs, dylibs, signed IPAs), and
 * `probe/<32 hex>` for the connection test's own object.
 */
export const OBJECT_KEY =
  /^(?:(?:uploads|private)\/[a-z]+\/[0-9a-f]{32}\.[a-z0-9]{1,8}|probe\/[0-9a-f]{32}|uploads\/default-app-icon\.png)$/;

export type StorageBackend = "local" | "s3";

export interface ObjectInfo {
  key: string;
  size: number;
  /** Last written, ms since the epoch. */
  modifiedMs: number;
}

export interface ObjectRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface PutOptions {
  /** The write fails with TOO_LARGE (and leaves nothing) once the body passes this many bytes. */
  maxBytes?: number;
  contentType?: string;
  /** Public files are immutable (their names never change): cached for a year. */
  immutable?: boolean;
}

export interface PutResult {
  size: number;
  /** Hex SHA-256 of what was stored (not computed when the local backend takes a file by renaming it). */
  sha256?: string;
}

/** Why the store cannot be used, named for people: the connection test and start-up report these. */
export type StoreFault = "dns" | "refused" | "timeout" | "forbidden" | "bucket" | "clock" | "other";

export const STORE_FAULT_TEXT: Record<StoreFault, string> = {
  dns: "域名解析失败（DNS）：请检查 Endpoint 地址",
  refused: "连接被拒绝：Endpoint 的主机或端口没有对象存储服务",
  timeout: "连接超时：对象存储无响应",
  forbidden: "访问被拒绝（403）：请检查 Access Key 与 Secret Key 及其权限",
  bucket: "存储桶不存在：请检查 Bucket 名称或先创建它",
  clock: "服务器时钟与对象存储相差过大（clock skew）：请校准系统时间",
  other: "对象存储请求失败",
};

/** A store operation that failed: the object is missing, the store cannot be reached, or a body was too large. */
export class StorageError extends Error {
  constructor(
    readonly code: "NOT_FOUND" | "UNAVAILABLE" | "TOO_LARGE",
    message: string,
    readonly fault?: StoreFault,
  ) {
    super(message);
    this.name = "StorageError";
  }
}

export const isStorageError = (e: unknown, code?: StorageError["code"]): e is StorageError =>
  e instanceof StorageError && (!code || e.code === code);

export interface ObjectStore {
  readonly backend: StorageBackend;
  /** Streams a body into `key` (replacing what was there) within `maxBytes`; all or nothing. */
  put(key: string, body: Readable | Buffer, opts?: PutOptions): Promise<PutResult>;
  /** Stores a local file at `key`; `move` lets the local backend take the file itself (a rename). */
  putFile(key: string, file: string, opts?: PutOptions & { move?: boolean }): Promise<PutResult>;
  /** The object (or one range of it) as a stream, with the object's whole size; NOT_FOUND when missing. */
  get(key: string, range?: ObjectRange | null): Promise<{ body: Readable; size: number }>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes `key`; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Moves an object to another key. */
  move(from: string, to: string): Promise<void>;
  /** Every object whose key starts with `prefix` (a folder such as `private/signed/`). */
  list(prefix: string): AsyncIterable<ObjectInfo>;
  /** A short-lived URL that downloads `key` straight from the store, or null when the store has none (local). */
  signedUrl(key: string, opts: { expiresInSeconds: number; contentDisposition?: string }): Promise<string | null>;
  /** The object's public URL on a CDN origin (S3_PUBLIC_URL), or null when the server serves it. */
  publicUrl(key: string): string | null;
  /** The object's file when it is on this machine's disk (local backend), else null. */
  localPath(key: string): string | null;
  /** Writes, reads back and deletes a probe object: throws a StorageError naming the fault. */
  probe(): Promise<void>;
  close(): void;
}

export function checkKey(key: string): string {
  if (!OBJECT_KEY.test(key)) throw new StorageError("NOT_FOUND", `not a storage key: ${key.slice(0, 80)}`);
  return key;
}

/** A pass-through that counts and hashes, and fails with TOO_LARGE past `maxBytes`. */
export function meter(maxBytes = Infinity): Transform & { result(): PutResult } {
  const hash = createHash("sha256");
  let size = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      if (size > maxBytes) return cb(new StorageError("TOO_LARGE", `body over ${maxBytes} bytes`));
      hash.update(chunk);
      cb(null, chunk);
    },
  }) as Transform & { result(): PutResult };
  let digest: string | null = null;
  t.result = () => ({ size, sha256: (digest ??= hash.digest("hex")) as string });
  return t;
}

export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

/** The Content-Type an object is stored and served with, by its extension (images; anything else is bytes). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}
