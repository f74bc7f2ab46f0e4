/**
 * Scanning deflate streams for their block starts (deflate-splice's scanBlocks: a Huffman decode per symbol, about a
 * second of CPU per 100 MiB of code) on a thread of its own, while the signer copies the resources and hashes the
 * code pages: the splice then costs the signing run little wall time.
 *
 * The same file is the thread's entry: loaded as a worker it scans the ranges in `workerData` one after another and
 * posts each one's blocks (or its failure).
 */
import fs from "node:fs";
import path from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { AppleError } from "@gryx/apple/errors";
import { scanBlocks, type BlockStart, type ReadAt } from "./deflate-splice";

/** A raw deflate stream inside a file. */
export interface StreamRange {
  start: number;
  size: number;
}

type FromThread = { index: number; bits: Float64Array; bytes: Float64Array } | { index: number; error: string };

/** Positional reads of the stream that starts at byte `start` of the open file `fd`. */
export function fileReader(fd: number, start: number): ReadAt {
  return (buf, pos) => {
    for (let done = 0; done < buf.length;) {
      const n = fs.readSync(fd, buf, done, buf.length - done, start + pos + done);
      if (n === 0) throw new AppleError("APPLE_BAD_ZIP", "文件被截断");
      done += n;
    }
  };
}

/** Scans one range on the calling thread. */
function scanRange(file: string, range: StreamRange): BlockStart[] {
  const fd = fs.openSync(file, "r");
  try {
    return scanBlocks(fileReader(fd, range.start), range.size).blocks;
  } finally {
    fs.closeSync(fd);
  }
}

function threadFile(): string | undefined {
  const here = path.join(__dirname, "scan-thread.js");
  if (fs.existsSync(here)) return here;
  const built = path.resolve(__dirname, "..", "..", "dist", "signing", "scan-thread.js");
  return fs.existsSync(built) ? built : undefined;
}

/**
 * Starts scanning `ranges` of `file` on one thread; `result(i)` settles with range i's blocks (rejects when its stream
 * is malformed). Without the compiled thread file (tests running the sources unbuilt) a range is scanned on the
 * calling thread when its result is asked for. `close()` ends the thread.
 */
export function scanInThread(
  file: string,
  ranges: readonly StreamRange[],
): { result: (i: number) => Promise<BlockStart[]>; close: () => Promise<void> } {
  const entry = threadFile();
  if (!entry || ranges.length === 0) {
    return {
      result: (i) => new Promise<BlockStart[]>((resolve) => resolve(scanRange(file, ranges[i]!))),
      close: async () => undefined,
    };
  }
  const settle = ranges.map(() => {
    let resolve!: (b: BlockStart[]) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<BlockStart[]>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    promise.catch(() => undefined); // awaited by the caller later, or never
    return { promise, resolve, reject };
  });
  const thread = new Worker(entry, { workerData: { deflateScan: { file, ranges } }, stdout: false, stderr: false });
  thread.on("message", (m: FromThread) => {
    const s = settle[m.index]!;
    if ("error" in m) s.reject(new Error(m.error));
    else s.resolve(Array.from(m.bits, (bit, i) => ({ bit, byte: m.bytes[i]! })));
  });
  const fail = (e: unknown) => settle.forEach((s) => s.reject(e));
  thread.on("error", fail);
  thread.on("exit", () => fail(new Error("deflate scan thread exited")));
  return {
    result: (i) => settle[i]!.promise,
    close: async () => {
      await thread.terminate();
    },
  };
}

const job = (workerData as { deflateScan?: { file: string; ranges: StreamRange[] } } | undefined)?.deflateScan;
if (!isMainThread && parentPort && job) {
  const port = parentPort;
  job.ranges.forEach((range, index) => {
    try {
      const blocks = scanRange(job.file, range);
      port.postMessage({
        index,
        bits: Float64Array.from(blocks, (b) => b.bit),
        bytes: Float64Array.from(blocks, (b) => b.byte),
      } satisfies FromThread);
    } catch (e) {
      port.postMessage({ index, error: (e as Error).message } satisfies FromThread);
    }
  });
}
