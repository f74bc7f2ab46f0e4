/**
 * Hashes (SHA-1 + SHA-256) the content of zip entries in worker threads, so that inflating and
 * hashing run on every core while the main thread copies bytes. Workers read the archive
 * themselves (no data crosses threads): a large entry is streamed, a run of small entries stored
 * back to back is read in one piece. They enforce the reader's limits: more bytes than declared
 * is APPLE_ZIP_BOMB, fewer or a CRC mismatch is APPLE_BAD_ZIP.
 */
import os from "node:os";
import { Worker } from "node:worker_threads";
import { AppleError, type AppleErrorCode } from "../errors";

export interface EntrySpec {
  name: string;
  localHeaderOffset: number;
  compressedSize: number;
  uncompressedSize: number;
  method: number;
  crc32: number;
}

export interface DigestJob {
  file: string;
  /** One entry to stream, or a run of small entries stored back to back. */
  entries: EntrySpec[];
  stream: boolean;
  /** Where the last entry's region ends (next local header or central directory): reads stop there. */
  end: number;
  /** SHA-256 is always computed; SHA-1 only when asked (the verifier skips it for large files). */
  sha1: boolean;
  /** Whether to check the CRC-32 too. */
  crc: boolean;
}

interface JobResult {
  sha1?: Uint8Array;
  sha256: Uint8Array;
}

/** SHA-256 of an entry's content, and its SHA-1 when the job asked for it. */
export interface EntryDigests {
  sha1?: Buffer;
  sha256: Buffer;
}

/**
 * The work of one job. It is shipped to the workers as source text (Function#toString), so it
 * must be self-contained: Node built-ins only, required inside. Blocking reads are fine here:
 * this runs on a worker thread.
 */
async function digestJob(job: DigestJob): Promise<JobResult[]> {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const zlib = require("node:zlib") as typeof import("node:zlib");
  const crypto = require("node:crypto") as typeof import("node:crypto");
  const { pipeline } = require("node:stream/promises") as typeof import("node:stream/promises");
  const fail = (name: string, code: string, message: string) =>
    Object.assign(new Error(`${name}: ${message}`), { code });
  const collect = (globalThis as { collectGarbage?: () => void }).collectGarbage;

  /** Hashes one entry's content as it comes, enforcing its declared size and CRC. */
  const hasher = (e: EntrySpec) => {
    const sha1 = job.sha1 ? crypto.createHash("sha1") : undefined;
    const sha256 = crypto.createHash("sha256");
    let seen = 0;
    let crc = 0;
    return {
      bomb: undefined as Error | undefined,
      take(chunk: Buffer) {
        seen += chunk.length;
        if (seen > e.uncompressedSize) {
          this.bomb = fail(e.name, "APPLE_ZIP_BOMB", `解压后超过声明的 ${e.uncompressedSize} 字节`);
          throw this.bomb;
        }
        if (job.crc) crc = zlib.crc32(chunk, crc);
        sha1?.update(chunk);
        sha256.update(chunk);
      },
      finish(): JobResult {
        if (seen !== e.uncompressedSize)
          throw fail(e.name, "APPLE_BAD_ZIP", `解压后 ${seen} 字节，声明为 ${e.uncompressedSize}`);
        if (job.crc && crc >>> 0 !== e.crc32) throw fail(e.name, "APPLE_BAD_ZIP", "CRC 校验失败");
        return { sha1: sha1?.digest(), sha256: sha256.digest() };
      },
    };
  };

  const fd = fs.openSync(job.file, "r");
  try {
    const readExact = (buf: Buffer, pos: number) => {
      for (let done = 0; done < buf.length;) {
        const n = fs.readSync(fd, buf, done, buf.length - done, pos + done);
        if (n === 0) throw fail(job.entries[0].name, "APPLE_BAD_ZIP", "文件被截断");
        done += n;
      }
      return buf;
    };
    /** Offset of an entry's data within `buf` (which starts at file offset `base`). */
    const dataStart = (e: EntrySpec, buf: Buffer, base: number) => {
      const at = e.localHeaderOffset - base;
      if (at < 0 || at + 30 > buf.length || buf.readUInt32LE(at) !== 0x04034b50)
        throw fail(e.name, "APPLE_BAD_ZIP", "本地文件头损坏");
      const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
      if (base + start + e.compressedSize > job.end) throw fail(e.name, "APPLE_BAD_ZIP", "数据越界");
      return start;
    };

    if (!job.stream) {
      const base = job.entries[0].localHeaderOffset;
      const span = readExact(Buffer.allocUnsafe(job.end - base), base);
      const results = job.entries.map((e) => {
        const start = dataStart(e, span, base);
        const raw = span.subarray(start, start + e.compressedSize);
        const h = hasher(e);
        let content = raw;
        if (e.method === 8) {
          try {
            // One byte more than declared: enough to tell "too long" without inflating a bomb.
            content = zlib.inflateRawSync(raw, { maxOutputLength: e.uncompressedSize + 1 });
          } catch (err) {
            const tooLong = (err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE";
            throw tooLong
              ? fail(e.name, "APPLE_ZIP_BOMB", "解压后超过声明大小")
              : fail(e.name, "APPLE_BAD_ZIP", (err as Error).message);
          }
        }
        h.take(content);
        return h.finish();
      });
      collect?.();
      return results;
    }

    const e = job.entries[0];
    const head = readExact(Buffer.allocUnsafe(30), e.localHeaderOffset);
    const offset = e.localHeaderOffset + dataStart(e, head, e.localHeaderOffset);
    const h = hasher(e);
    if (e.method !== 8) {
      const buf = Buffer.allocUnsafe(1024 * 1024);
      for (let done = 0; done < e.compressedSize;) {
        const n = fs.readSync(fd, buf, 0, Math.min(buf.length, e.compressedSize - done), offset + done);
        if (n === 0) throw fail(e.name, "APPLE_BAD_ZIP", "文件被截断");
        h.take(buf.subarray(0, n));
        done += n;
      }
      return [h.finish()];
    }
    let sinceGc = 0;
    try {
      await pipeline(
        fs.createReadStream(job.file, { start: offset, end: offset + e.compressedSize - 1, highWaterMark: 256 * 1024 }),
        zlib.createInflateRaw({ chunkSize: 128 * 1024 }),
        async (chunks: AsyncIterable<Buffer>) => {
          for await (const chunk of chunks) {
            h.take(chunk);
            sinceGc += chunk.length;
            if (sinceGc >= 16 * 1024 * 1024) {
              sinceGc = 0;
              collect?.();
            }
          }
        },
      );
    } catch (err) {
      // The stream machinery may report the abort rather than our error: the flag says which it was.
      throw h.bomb ?? fail(e.name, "APPLE_BAD_ZIP", (err as Error).message);
    }
    return [h.finish()];
  } finally {
    fs.closeSync(fd);
  }
}

/*
 * Spent read and inflate buffers are external memory: V8 lets tens of MB of them pile up per
 * isolate before collecting. The worker collects every 16 MB hashed, which keeps the process
 * RSS flat (the flag only exposes the collector to this worker's own context).
 */
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
require("node:v8").setFlagsFromString("--expose-gc");
globalThis.collectGarbage = require("node:vm").runInNewContext("gc");
const digestJob = (${digestJob.toString()});
parentPort.on("message", (job) => {
  digestJob(job).then(
    (result) => parentPort.postMessage({ result }),
    (e) => parentPort.postMessage({ error: { code: e.code, message: e.message } }),
  );
});`;

interface Task {
  job: DigestJob;
  resolve: (d: EntryDigests[]) => void;
  reject: (e: unknown) => void;
}

interface Slot {
  worker: Worker;
  task?: Task;
}

/**
 * A small pool of digest workers, started lazily and stopped by close(). Each worker runs one
 * job at a time; the rest wait here, so memory stays flat however far the caller runs ahead.
 */
export class DigestPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];

  constructor(private readonly size = Math.max(1, Math.min(4, os.availableParallelism()))) {}

  /** Digests of the job's entries, in order. */
  run(job: DigestJob): Promise<EntryDigests[]> {
    return new Promise<EntryDigests[]>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    for (const t of this.queue.splice(0)) t.reject(new AppleError("APPLE_IO_ERROR", "digest pool closed"));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => !s.task) ?? (this.slots.length < this.size ? this.spawn() : undefined);
      if (!slot) return;
      slot.task = this.queue.shift()!;
      slot.worker.postMessage(slot.task.job);
    }
  }

  private spawn(): Slot {
    // A small young generation makes the worker collect its spent read/inflate buffers early:
    // they are external memory, invisible to the heap limits but not to RSS.
    const slot: Slot = {
      worker: new Worker(WORKER_SOURCE, {
        eval: true,
        resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 64 },
      }),
    };
    slot.worker.on("message", (msg: { result?: JobResult[]; error?: { code?: string; message: string } }) => {
      const task = slot.task;
      slot.task = undefined;
      if (task && msg.result) {
        task.resolve(
          msg.result.map(({ sha1, sha256 }) => ({
            ...(sha1 ? { sha1: Buffer.from(sha1) } : {}),
            sha256: Buffer.from(sha256),
          })),
        );
      } else task?.reject(toAppleError(msg.error));
      this.dispatch();
    });
    slot.worker.on("error", (e) => {
      slot.task?.reject(new AppleError("APPLE_IO_ERROR", e.message));
      this.slots.splice(this.slots.indexOf(slot), 1);
      this.dispatch();
    });
    this.slots.push(slot);
    return slot;
  }
}

function toAppleError(e: { code?: string; message: string } | undefined): AppleError {
  const code: AppleErrorCode = e?.code === "APPLE_ZIP_BOMB" || e?.code === "APPLE_BAD_ZIP" ? e.code : "APPLE_IO_ERROR";
  return new AppleError(code, e?.message);
}
