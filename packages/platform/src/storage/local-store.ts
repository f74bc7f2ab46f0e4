import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  checkKey,
  meter,
  OBJECT_KEY,
  StorageError,
  type ObjectInfo,
  type ObjectRange,
  type ObjectStore,
  type PutOptions,
  type PutResult,
} from "./object-store";

/**
 * Stored files on this machine's disk under one root (`STORAGE_DIR`): an object's key is its path below the root.
 * Writes go to `<root>/tmp` first and are renamed into place, so a reader never sees half a file.
 */
export class LocalObjectStore implements ObjectStore {
  readonly backend = "local" as const;
  private readonly tmpDir: string;

  constructor(readonly root: string) {
    this.tmpDir = path.join(root, "tmp");
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  localPath(key: string): string {
    return path.join(this.root, checkKey(key));
  }

  async put(key: string, body: Readable | Buffer, opts: PutOptions = {}): Promise<PutResult> {
    const file = this.localPath(key);
    const tmp = path.join(this.tmpDir, `${randomBytes(16).toString("hex")}.put`);
    const m = meter(opts.maxBytes);
    try {
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        m,
        fs.createWriteStream(tmp, { flags: "wx" }),
      );
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.rename(tmp, file);
    } catch (e) {
      await fs.promises.rm(tmp, { force: true });
      throw e instanceof StorageError ? e : unavailable(e);
    }
    return m.result();
  }

  async putFile(key: string, file: string, opts: PutOptions & { move?: boolean } = {}): Promise<PutResult> {
    if (!opts.move) return this.put(key, fs.createReadStream(file), opts);
    const st = await fs.promises.stat(file);
    if (opts.maxBytes !== undefined && st.size > opts.maxBytes)
      throw new StorageError("TOO_LARGE", `body over ${opts.maxBytes} bytes`);
    const target = this.localPath(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(file, target).catch((e) => {
      throw unavailable(e);
    });
    return { size: st.size };
  }

  async get(key: string, range?: ObjectRange | null): Promise<{ body: Readable; size: number }> {
    const file = this.localPath(key);
    const handle = await fs.promises.open(file, "r").catch((e: NodeJS.ErrnoException) => {
      throw e.code === "ENOENT" ? new StorageError("NOT_FOUND", key) : unavailable(e);
    });
    const st = await handle.stat();
    if (!st.isFile()) {
      await handle.close();
      throw new StorageError("NOT_FOUND", key);
    }
    const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    return { body, size: st.size };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const st = await fs.promises.stat(this.localPath(key)).catch(() => null);
    return st?.isFile() ? { key, size: st.size, modifiedMs: st.mtimeMs } : null;
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.localPath(key), { force: true });
  }

  async move(from: string, to: string): Promise<void> {
    const target = this.localPath(to);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(this.localPath(from), target).catch((e: NodeJS.ErrnoException) => {
      throw e.code === "ENOENT" ? new StorageError("NOT_FOUND", from) : unavailable(e);
    });
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    // Only the folders keys live in: uploads/, private/, probe/ (never tmp/).
    const top = prefix.split("/")[0];
    if (!["uploads", "private", "probe"].includes(top) && prefix !== "") {
      return;
    }
    const roots = prefix === "" ? ["uploads", "private", "probe"] : [top];
    for (const r of roots) yield* this.walk(r, prefix);
  }

  private async *walk(rel: string, prefix: string): AsyncIterable<ObjectInfo> {
    const entries = await fs.promises.readdir(path.join(this.root, rel), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const key = `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (prefix.startsWith(`${key}/`) || key.startsWith(prefix)) yield* this.walk(key, prefix);
      } else if (entry.isFile() && key.startsWith(prefix) && OBJECT_KEY.test(key)) {
        const st = await fs.promises.stat(path.join(this.root, key)).catch(() => null);
        if (st) yield { key, size: st.size, modifiedMs: st.mtimeMs };
      }
    }
  }

  async signedUrl(): Promise<string | null> {
    return null;
  }

  publicUrl(): string | null {
    return null;
  }

  async probe(): Promise<void> {
    const key = `probe/${randomBytes(16).toString("hex")}`;
    const data = randomBytes(64);
    try {
      await this.put(key, data);
      const { body } = await this.get(key);
      const chunks: Buffer[] = [];
      for await (const c of body) chunks.push(c as Buffer);
      if (!Buffer.concat(chunks).equals(data))
        throw new StorageError("UNAVAILABLE", "读回的内容与写入的不一致", "other");
    } finally {
      await this.delete(key).catch(() => undefined);
    }
  }

  close(): void {}
}

function unavailable(e: unknown): StorageError {
  return new StorageError("UNAVAILABLE", `本地存储读写失败：${(e as Error).message}`, "other");
}
