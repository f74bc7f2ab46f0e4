/**
 * A code file's page hashes (SHA-256, and SHA-1 when asked, of every whole 4 KiB page) computed on a second thread
 * while the file is still being extracted: the extraction's native inflate and the page hashing, about equal in cost,
 * then run side by side instead of one after the other. The signer takes these hashes for the pages its header patch
 * does not touch (macho-sign's `sourcePages`). The thread reads the file as it grows: the extraction publishes how
 * many whole pages are written through a shared counter (Atomics), and the thread waits on it.
 *
 * One thread serves every job of the thread that made it, one job at a time, and is kept for the next (a signing
 * thread kept warm keeps its hasher warm too); it holds no JS objects per page and little heap.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { Worker } from "node:worker_threads";
import zlib from "node:zlib";
import { PAGE_SIZE } from "./codedirectory";
import { crc32Combine } from "./crc32-combine";

/** Hashes of a file's whole pages [0, count). */
export interface FilePages {
  count: number;
  /** CRC-32 of the file's whole pages [0, count): the ranges of it that the signer does not read again. */
  crc: number;
  /** Only when the job asked for SHA-1 (code that gets a SHA-1 CodeDirectory). */
  sha1?: Buffer;
  sha256: Buffer;
}

/** One file being hashed as it is written. */
export interface PageJob {
  /** `bytes` of the file are written (from its start). */
  written(bytes: number): void;
  /**
   * The hashes, once the file is complete and hashed: `crc` is the whole file's CRC-32, which what the thread read
   * must agree with (the last partial page is read here). Undefined if the thread could not hash it all, or read
   * anything but the file's bytes.
   */
  finish(crc: number): Promise<FilePages | undefined>;
  /** Stops the job (the file will not be completed); finish() then gives undefined. */
  abort(): void;
}

interface Job {
  file: string;
  count: number;
  /** Int32 [whole pages written, aborted]. */
  control: SharedArrayBuffer;
  sha1?: SharedArrayBuffer;
  sha256: SharedArrayBuffer;
}

interface Reply {
  hashed: number;
  /** CRC-32 of the bytes hashed: the caller checks it against the file's, so a misread page cannot go unseen. */
  crc: number;
  error?: string;
}

/** The thread's work, run there (stringified): hashes each job's pages as the counter allows. */
function hashPagesAsWritten(
  post: (r: Reply) => void,
  fsm: typeof fs,
  cryptom: typeof crypto,
  crc32: (data: Buffer, value?: number) => number,
  pageSize: number,
): (job: Job) => void {
  const buf = Buffer.allocUnsafe(256 * pageSize);
  return (job) => {
    const control = new Int32Array(job.control);
    const sha1 = job.sha1 ? Buffer.from(job.sha1) : undefined;
    const sha256 = Buffer.from(job.sha256);
    let fd: number | undefined;
    let page = 0;
    let crc = 0;
    try {
      while (page < job.count && Atomics.load(control, 1) === 0) {
        const ready = Atomics.load(control, 0);
        if (ready <= page) {
          Atomics.wait(control, 0, ready, 1000);
          continue;
        }
        fd ??= fsm.openSync(job.file, "r"); // once something is written: the file may not exist before
        const n = Math.min(ready - page, 256);
        const want = n * pageSize;
        for (let got = 0; got < want;) {
          const r = fsm.readSync(fd, buf, got, want - got, page * pageSize + got);
          if (r === 0) throw new Error("file ends before its pages");
          got += r;
        }
        crc = crc32(buf.subarray(0, want), crc);
        for (let i = 0; i < n; i++, page++) {
          const p = buf.subarray(i * pageSize, (i + 1) * pageSize);
          if (sha1) cryptom.hash("sha1", p, "buffer").copy(sha1, page * 20);
          cryptom.hash("sha256", p, "buffer").copy(sha256, page * 32);
        }
      }
      post({ hashed: page, crc: crc >>> 0 });
    } catch (e) {
      post({ hashed: page, crc: crc >>> 0, error: String(e) });
    } finally {
      if (fd !== undefined) fsm.closeSync(fd);
    }
  };
}

const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const onJob = (${hashPagesAsWritten.toString()})(
  (r) => parentPort.postMessage(r), require("node:fs"), require("node:crypto"), require("node:zlib").crc32, ${PAGE_SIZE});
parentPort.on("message", onJob);`;

let thread: Worker | undefined;
let busy = false;

function hasher(): Worker {
  if (thread) return thread;
  const w = new Worker(WORKER_SOURCE, {
    eval: true,
    // It reads into one 1 MiB buffer and writes into shared memory: a small heap is plenty.
    resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
  });
  w.unref(); // an idle hasher keeps nothing alive
  const gone = () => {
    if (thread === w) thread = undefined;
  };
  w.once("exit", gone);
  w.on("error", gone);
  thread = w;
  return w;
}

/** Ends the hasher thread once it is idle (its memory goes back; the next job starts a new one). */
export async function endPageThread(): Promise<void> {
  const w = thread;
  if (!w || busy) return;
  thread = undefined;
  await w.terminate();
}

/**
 * Starts hashing the pages of `file`, which is being written and will be `size` bytes (SHA-1 too with `sha1`);
 * undefined when the thread is busy with another file (the caller hashes the pages itself then).
 */
export function hashPagesOnThread(file: string, size: number, sha1: boolean): PageJob | undefined {
  if (busy) return undefined;
  const count = Math.floor(size / PAGE_SIZE);
  const job: Job = {
    file,
    count,
    control: new SharedArrayBuffer(8),
    ...(sha1 ? { sha1: new SharedArrayBuffer(count * 20) } : {}),
    sha256: new SharedArrayBuffer(count * 32),
  };
  const control = new Int32Array(job.control);
  const w = hasher();
  busy = true;
  const done = new Promise<Reply>((resolve) => {
    const onReply = (r: Reply) => settle(r);
    const onEnd = () => settle({ hashed: 0, crc: 0, error: "hasher thread ended" });
    const settle = (r: Reply) => {
      w.off("message", onReply);
      w.off("exit", onEnd);
      w.off("error", onEnd);
      busy = false;
      resolve(r);
    };
    w.on("message", onReply);
    w.once("exit", onEnd);
    w.once("error", onEnd);
  });
  w.postMessage(job);
  return {
    written(bytes) {
      Atomics.store(control, 0, Math.min(count, Math.floor(bytes / PAGE_SIZE)));
      Atomics.notify(control, 0);
    },
    async finish(crc) {
      const r = await done;
      if (r.error || r.hashed !== count) return undefined;
      const rest = size - count * PAGE_SIZE;
      const tail = Buffer.alloc(rest);
      if (rest > 0) {
        const fd = fs.openSync(file, "r");
        try {
          if (fs.readSync(fd, tail, 0, rest, count * PAGE_SIZE) !== rest) return undefined;
        } finally {
          fs.closeSync(fd);
        }
      }
      if (crc32Combine(r.crc, zlib.crc32(tail), rest) !== crc >>> 0) return undefined;
      const sha256 = Buffer.from(job.sha256);
      return job.sha1 ? { count, crc: r.crc, sha1: Buffer.from(job.sha1), sha256 } : { count, crc: r.crc, sha256 };
    },
    abort() {
      Atomics.store(control, 1, 1);
      Atomics.notify(control, 0);
    },
  };
}
