/**
 * Hashes (SHA-1 + SHA-256) the content of large zip entries in worker threads, so that inflating
 * and hashing run on every core while the main thread copies bytes. Each worker reads the
 * entry's compressed range from the archive itself (no data crosses threads), inflates it and
 * enforces the same limits as the reader: more bytes than declared is ZIP_BOMB, fewer or a CRC
 * mismatch is NOT_ZIP.
 */
import os from "node:os";
import { Worker } from "node:worker_threads";
import { SignError, type SignErrorCode } from "../errors";

export interface RangeJob {
  file: string;
  /** Offset of the entry's data (after its local header). */
  offset: number;
  compressedSize: number;
  uncompressedSize: number;
  method: number;
  crc32: number;
  name: string;
  /** SHA-256 is always computed; SHA-1 only when asked (the verifier skips it for large files). */
  sha1: boolean;
  /**
   * Whether to check the CRC-32. The signer skips it for entries it copies raw: the verifier
   * checks the very same bytes in the output, so a bad CRC still fails the signing.
   */
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
 * must be self-contained: Node built-ins only, required inside.
 */
async function digestRange(job: RangeJob): Promise<JobResult> {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const zlib = require("node:zlib") as typeof import("node:zlib");
  const crypto = require("node:crypto") as typeof import("node:crypto");
  const { pipeline } = require("node:stream/promises") as typeof import("node:stream/promises");
  const fail = (code: string, message: string) => Object.assign(new Error(`${job.name}: ${message}`), { code });
  const sha1 = job.sha1 ? crypto.createHash("sha1") : undefined;
  const sha256 = crypto.createHash("sha256");
  let seen = 0;
  let crc = 0;
  let bomb: Error | undefined;
  let sinceGc = 0;
  const take = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > job.uncompressedSize) {
      bomb = fail("ZIP_BOMB", `解压后超过声明的 ${job.uncompressedSize} 字节`);
      throw bomb;
    }
    if (job.crc) crc = zlib.crc32(chunk, crc);
    sha1?.update(chunk);
    sha256.update(chunk);
  };
  if (job.method !== 8) {
    // Stored: plain blocking reads into one buffer (this is a worker thread), nothing allocated.
    const fd = fs.openSync(job.file, "r");
    try {
      const buf = Buffer.allocUnsafe(1024 * 1024);
      for (let done = 0; done < job.compressedSize; ) {
        const n = fs.readSync(fd, buf, 0, Math.min(buf.length, job.compressedSize - done), job.offset + done);
        if (n === 0) throw fail("NOT_ZIP", "文件被截断");
        take(buf.subarray(0, n));
        done += n;
      }
    } finally {
      fs.closeSync(fd);
    }
  } else {
    const source = fs.createReadStream(job.file, {
      start: job.offset,
      end: job.offset + job.compressedSize - 1,
      highWaterMark: 256 * 1024,
    });
    const sink = async (chunks: AsyncIterable<Buffer>) => {
      for await (const chunk of chunks) {
        take(chunk);
        sinceGc += chunk.length;
        if (sinceGc >= 16 * 1024 * 1024) {
          sinceGc = 0;
          (globalThis as { collectGarbage?: () => void }).collectGarbage?.();
        }
      }
    };
    try {
      await pipeline(source, zlib.createInflateRaw({ chunkSize: 128 * 1024 }), sink);
    } catch (e) {
      // The stream machinery may report the abort rather than our error: the flag says which it was.
      throw bomb ?? fail("NOT_ZIP", (e as Error).message);
    }
  }
  if (seen !== job.uncompressedSize) throw fail("NOT_ZIP", `解压后 ${seen} 字节，声明为 ${job.uncompressedSize}`);
  if (job.crc && crc >>> 0 !== job.crc32) throw fail("NOT_ZIP", "CRC 校验失败");
  return { sha1: sha1?.digest(), sha256: sha256.digest() };
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
const digestRange = (${digestRange.toString()});
parentPort.on("message", ({ id, job }) => {
  digestRange(job).then(
    (r) => parentPort.postMessage({ id, result: r }),
    (e) => parentPort.postMessage({ id, error: { code: e.code, message: e.message } }),
  );
});`;

interface Task {
  job: RangeJob;
  resolve: (d: EntryDigests) => void;
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

  digest(job: RangeJob): Promise<EntryDigests> {
    return new Promise<EntryDigests>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    for (const t of this.queue.splice(0)) t.reject(new SignError("IO_ERROR", "digest pool closed"));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => !s.task) ?? (this.slots.length < this.size ? this.spawn() : undefined);
      if (!slot) return;
      slot.task = this.queue.shift()!;
      slot.worker.postMessage({ id: 0, job: slot.task.job });
    }
  }

  private spawn(): Slot {
    // A small young generation makes the worker collect its spent read/inflate buffers early:
    // they are external memory, invisible to the heap limits but not to RSS.
    const slot: Slot = {
      worker: new Worker(WORKER_SOURCE, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 64 } }),
    };
    slot.worker.on("message", (msg: { result?: JobResult; error?: { code?: string; message: string } }) => {
      const task = slot.task;
      slot.task = undefined;
      if (task) {
        if (msg.result) {
          const { sha1, sha256 } = msg.result;
          task.resolve({ ...(sha1 ? { sha1: Buffer.from(sha1) } : {}), sha256: Buffer.from(sha256) });
        }
        else task.reject(toSignError(msg.error));
      }
      this.dispatch();
    });
    slot.worker.on("error", (e) => {
      slot.task?.reject(new SignError("IO_ERROR", e.message));
      this.slots.splice(this.slots.indexOf(slot), 1);
      this.dispatch();
    });
    this.slots.push(slot);
    return slot;
  }
}

function toSignError(e: { code?: string; message: string } | undefined): SignError {
  const code: SignErrorCode = e?.code === "ZIP_BOMB" || e?.code === "NOT_ZIP" ? e.code : "IO_ERROR";
  return new SignError(code, e?.message);
}
