/**
 * Copies zip entries raw (still compressed) from a ZipReader to a ZipWriter and hashes their
 * content (SHA-1, SHA-256, CRC-32 checked) on the way, reading every byte once.
 *
 * The bytes pass through a small ring of shared-memory slots: the main thread reads a slot from
 * the input, writes it to the output and hands the same memory to two hashers, a worker thread
 * and the main thread itself (whose reads and writes run in libuv's pool meanwhile), so no byte
 * is copied between threads. A large stored entry is split by algorithm (the worker SHA-1 and the
 * CRC, the main thread SHA-256), so both cores hash every chunk while the next one is read; a
 * large deflated entry goes whole to the less busy hasher (inflate plus all digests); small
 * entries are packed into a slot together and shared out by size. A slot is reused once the
 * writer and every hasher that got it are done with it, so memory stays at the ring's size
 * however far ahead the reader is.
 *
 * More bytes than declared is APPLE_ZIP_BOMB; fewer, or a CRC mismatch, APPLE_BAD_ZIP. close()
 * (or a failed copy) terminates the worker at once; an aborted signal stops a copy between chunks.
 */
import crypto from "node:crypto";
import { Worker } from "node:worker_threads";
import zlib from "node:zlib";
import { AppleError, type AppleErrorCode } from "../errors";
import { GcEvery } from "./collect";
import { METHOD_DEFLATED, METHOD_STORED } from "./format";
import { checkSupported, isSmallEntry, type ZipEntry, type ZipReader } from "./reader";
import type { ZipWriter } from "./writer";

/** Both digests of an entry's content. */
export interface ContentDigests {
  sha1: Buffer;
  sha256: Buffer;
}

export interface CopiedEntry {
  /** Where the entry went in the output. */
  localHeaderOffset: number;
  end: number;
  /** Present when hashing was asked for; settles once the hashers are done with the entry. */
  digests?: Promise<ContentDigests>;
}

export interface HashingCopierOptions {
  signal?: AbortSignal;
  /** Called with the number of input bytes copied since the last call (for progress). */
  onBytes?: (n: number) => void;
  /** Slot size in bytes (default 1 MiB) and number of slots (default 6). */
  slotSize?: number;
  slots?: number;
  /**
   * Worker threads: 1 (default; the main thread is the second hasher), 2 (the main thread
   * only moves bytes: faster when the main thread has other work, about 10 MiB more RSS) or 0
   * (the main thread hashes everything: for a few MiB, less than a worker's start-up costs).
   */
  threads?: 0 | 1 | 2;
}

/** What a worker is to compute for one entry. */
interface WorkSpec {
  name: string;
  method: number;
  uncompressedSize: number;
  crc32: number;
  sha1: boolean;
  sha256: boolean;
  crc: boolean;
}

interface Segment {
  id: number;
  off: number;
  len: number;
  /** Sent with the entry's first segment to this worker. */
  spec?: WorkSpec;
  first: boolean;
  last: boolean;
}

interface ChunkMessage {
  slot: number;
  segs: Segment[];
}

type WorkerReply =
  | { free: number }
  | { id: number; sha1?: Uint8Array; sha256?: Uint8Array }
  | { id: number; error: { code?: string; message: string } };

/**
 * A hasher: takes chunk messages, posts digests and slot releases. It runs in the worker thread
 * (shipped there as source text, Function#toString, so it must be self-contained: what it needs
 * comes in as arguments) and, as the second hasher, on the main thread itself, which otherwise
 * only waits for I/O: one worker thread less is about 10 MiB of RSS less.
 */
function createHasher(
  mem: Buffer,
  slotSize: number,
  post: (msg: WorkerReply) => void,
  crypto: typeof import("node:crypto"),
  zlib: typeof import("node:zlib"),
  /** Told of each inflated piece once it is hashed (spent garbage outside the heap; see the main thread's use). */
  spent: (bytes: number) => void,
): (m: ChunkMessage) => void {
  const port = { postMessage: post };
  interface State {
    id: number;
    spec: WorkSpec;
    sha1?: import("node:crypto").Hash;
    sha256?: import("node:crypto").Hash;
    crc: number;
    seen: number;
    failed: boolean;
    inflate?: import("node:zlib").InflateRaw;
    /** Slots the inflater has been given and not yet consumed. */
    held: Set<number>;
  }
  const states = new Map<number, State>();
  const fail = (code: string, message: string) => Object.assign(new Error(message), { code });
  const report = (st: State, e: unknown) => {
    if (st.failed) return;
    st.failed = true;
    const err = e as { code?: string; message: string };
    port.postMessage({ id: st.id, error: { code: err.code, message: `${st.spec.name}: ${err.message}` } });
  };
  const take = (st: State, chunk: Buffer) => {
    st.seen += chunk.length;
    if (st.seen > st.spec.uncompressedSize)
      throw fail("APPLE_ZIP_BOMB", `解压后超过声明的 ${st.spec.uncompressedSize} 字节`);
    if (st.spec.crc) st.crc = zlib.crc32(chunk, st.crc);
    st.sha1?.update(chunk);
    st.sha256?.update(chunk);
  };
  const finish = (st: State) => {
    states.delete(st.id);
    if (st.failed) return;
    if (st.seen !== st.spec.uncompressedSize)
      return report(st, fail("APPLE_BAD_ZIP", `解压后 ${st.seen} 字节，声明为 ${st.spec.uncompressedSize}`));
    if (st.spec.crc && st.crc >>> 0 !== st.spec.crc32) return report(st, fail("APPLE_BAD_ZIP", "CRC 校验失败"));
    port.postMessage({ id: st.id, sha1: st.sha1?.digest(), sha256: st.sha256?.digest() });
  };
  const release = (slot: number) => port.postMessage({ free: slot });
  const inflater = (st: State) => {
    const inf = zlib.createInflateRaw({ chunkSize: 256 * 1024 });
    inf.on("data", (out: Buffer) => {
      try {
        if (!st.failed) take(st, out);
        spent(out.length);
      } catch (e) {
        report(st, e);
        inf.destroy();
      }
    });
    inf.on("error", (e) => {
      report(st, fail("APPLE_BAD_ZIP", e.message));
      for (const s of st.held) release(s);
      st.held.clear();
      states.delete(st.id);
    });
    inf.on("end", () => finish(st));
    return inf;
  };
  return (m: ChunkMessage) => {
    let keep = false;
    for (const seg of m.segs) {
      let st = states.get(seg.id);
      if (!st) {
        const spec = seg.spec!;
        st = {
          id: seg.id,
          spec,
          sha1: spec.sha1 ? crypto.createHash("sha1") : undefined,
          sha256: spec.sha256 ? crypto.createHash("sha256") : undefined,
          crc: 0,
          seen: 0,
          failed: false,
          held: new Set(),
        };
        states.set(seg.id, st);
      }
      const view = mem.subarray(m.slot * slotSize + seg.off, m.slot * slotSize + seg.off + seg.len);
      if (st.spec.method === 8 && !(seg.first && seg.last && st.spec.uncompressedSize <= 1024 * 1024)) {
        // A deflated entry that is not small: stream it through an inflater, which
        // reads the slot in place; the slot is released once the inflater has consumed it.
        const s = st;
        s.inflate ??= inflater(s);
        if (!s.failed) {
          keep = true;
          s.held.add(m.slot);
          s.inflate.write(view, () => {
            if (s.held.delete(m.slot)) release(m.slot);
          });
        }
        if (seg.last) {
          if (s.failed) states.delete(s.id);
          else s.inflate.end();
        }
        continue;
      }
      try {
        if (!st.failed) {
          if (st.spec.method === 8) {
            let out: Buffer;
            try {
              // One byte more than declared: enough to tell "too long" without inflating a bomb.
              out = zlib.inflateRawSync(view, { maxOutputLength: st.spec.uncompressedSize + 1 });
            } catch (e) {
              const tooLong = (e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE";
              throw tooLong
                ? fail("APPLE_ZIP_BOMB", "解压后超过声明大小")
                : fail("APPLE_BAD_ZIP", (e as Error).message);
            }
            take(st, out);
            spent(out.length);
          } else take(st, view);
        }
      } catch (e) {
        report(st, e);
      }
      if (seg.last) finish(st);
    }
    if (!keep) release(m.slot);
  };
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const onMessage = (${createHasher.toString()})(
  Buffer.from(workerData.sab), workerData.slotSize, (m) => parentPort.postMessage(m), require("node:crypto"), require("node:zlib"),
  () => undefined);
parentPort.on("message", onMessage);`;

interface PendingEntry {
  parts: number;
  sha1?: Buffer;
  sha256?: Buffer;
  resolve: (d: ContentDigests) => void;
  reject: (e: unknown) => void;
}

interface Batch {
  slot: number;
  used: number;
  segs: [Segment[], Segment[]];
}

const DEFAULT_SLOT = 1024 * 1024;
const DEFAULT_SLOTS = 6;
/** A batch of small entries is sent once it holds this many. */
const BATCH_ENTRIES = 256;

export class HashingCopier {
  private readonly slotSize: number;
  private readonly mem: Buffer;
  /** Hasher 0 is a worker thread, hasher 1 runs here, after the current I/O has been issued. */
  private readonly hashers: [(m: ChunkMessage) => void, (m: ChunkMessage) => void];
  private readonly workers: Worker[] = [];
  /** Outstanding users of each slot (writer and hashers); free slots have 0. */
  private readonly refs: number[];
  private readonly free: number[];
  private readonly slotWaiters: ((slot: number) => void)[] = [];
  private readonly pending = new Map<number, PendingEntry>();
  /** Bytes given to each worker so far: new work goes to the lesser. */
  private readonly load = [0, 0];
  private batch: Batch | undefined;
  /** Small entries are read through fresh read-ahead buffers: collect them as they go. */
  private readonly gc = new GcEvery(4 * 1024 * 1024);
  private nextId = 0;
  private failure: AppleError | undefined;
  private closed = false;

  constructor(
    private readonly reader: ZipReader,
    private readonly writer: ZipWriter,
    private readonly opts: HashingCopierOptions = {},
  ) {
    this.slotSize = opts.slotSize ?? DEFAULT_SLOT;
    const slots = opts.slots ?? DEFAULT_SLOTS;
    const sab = new SharedArrayBuffer(this.slotSize * slots);
    this.mem = Buffer.from(sab);
    this.refs = new Array<number>(slots).fill(0);
    this.free = Array.from({ length: slots }, (_, i) => i);
    const spawn = () => {
      // Hashing allocates little on the JS heap: a small heap keeps the worker's footprint down.
      const w = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { sab, slotSize: this.slotSize },
        resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 32 },
      });
      w.on("message", (msg: WorkerReply) => this.onReply(msg));
      w.on("error", (e) => this.fail(new AppleError("APPLE_IO_ERROR", `hash worker: ${e.message}`)));
      w.on("exit", () => {
        if (!this.closed) this.fail(new AppleError("APPLE_IO_ERROR", "hash worker exited"));
      });
      this.workers.push(w);
      return (m: ChunkMessage) => w.postMessage(m);
    };
    // On the main thread, deferred: the chunk's write is issued first and runs in the thread pool
    // meanwhile. Each hasher keeps its own per-entry state, so each local one is its own instance.
    const local = () => {
      // Inflated pieces (256 KiB each, fresh Buffers) piled up ~25 MiB before V8 collected them, while 30 MiB of text
      // was hashed here: the process's peak. Collected as they go instead (a worker's small young generation does it).
      const gc = new GcEvery(2 * 1024 * 1024);
      const hasher = createHasher(
        this.mem,
        this.slotSize,
        (msg) => this.onReply(msg),
        crypto,
        zlib,
        (n) => gc.add(n),
      );
      return (m: ChunkMessage) =>
        setImmediate(() => {
          if (!this.closed) hasher(m);
        });
    };
    this.hashers = [opts.threads === 0 ? local() : spawn(), opts.threads === 2 ? spawn() : local()];
  }

  /**
   * Copies one entry raw into the writer (under the same name and metadata) and, when `hash` is
   * set, schedules its digests. Entries are written in call order; digests may settle later.
   */
  async copy(entry: ZipEntry, hash: boolean): Promise<CopiedEntry> {
    this.check();
    if (hash) checkSupported(entry);
    if (isSmallEntry(entry)) {
      const raw = await this.reader.readRaw(entry);
      this.gc.add(raw.length);
      const at = await this.writer.addRaw(entry.name, entry, [raw]);
      this.opts.onBytes?.(raw.length);
      return { ...at, ...(hash ? { digests: (await this.addToBatch(entry, raw)).done } : {}) };
    }
    await this.flushBatch();
    return this.copyLarge(entry, hash);
  }

  /** Sends what is still batched to the hashers. Call after the last copy(). */
  async flush(): Promise<void> {
    this.check();
    await this.flushBatch();
  }

  /** Stops the hashers; digests still pending reject. Safe to call more than once. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.fail(new AppleError("APPLE_IO_ERROR", "hashing stopped"));
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private check(): void {
    this.opts.signal?.throwIfAborted();
    if (this.failure) throw this.failure;
  }

  private fail(e: AppleError): void {
    this.failure ??= e;
    for (const p of this.pending.values()) p.reject(this.failure);
    this.pending.clear();
    // Waiters for a slot wake up and see the failure.
    for (const w of this.slotWaiters.splice(0)) w(-1);
  }

  private onReply(msg: WorkerReply): void {
    if ("free" in msg) {
      this.unref(msg.free);
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    if ("error" in msg) {
      this.pending.delete(msg.id);
      p.reject(toAppleError(msg.error));
      return;
    }
    if (msg.sha1) p.sha1 = Buffer.from(msg.sha1);
    if (msg.sha256) p.sha256 = Buffer.from(msg.sha256);
    if (--p.parts > 0) return;
    this.pending.delete(msg.id);
    if (p.sha1 && p.sha256) p.resolve({ sha1: p.sha1, sha256: p.sha256 });
    else p.reject(new AppleError("APPLE_IO_ERROR", "hash worker returned no digest"));
  }

  private async acquire(): Promise<number> {
    const slot = this.free.pop() ?? (await new Promise<number>((resolve) => this.slotWaiters.push(resolve)));
    this.check();
    if (slot < 0) throw this.failure ?? new AppleError("APPLE_IO_ERROR", "hashing stopped");
    return slot;
  }

  private unref(slot: number): void {
    if (--this.refs[slot]! > 0) return;
    const waiter = this.slotWaiters.shift();
    if (waiter) waiter(slot);
    else this.free.push(slot);
  }

  private view(slot: number, len = this.slotSize): Buffer {
    return this.mem.subarray(slot * this.slotSize, slot * this.slotSize + len);
  }

  private track(parts: number): { id: number; done: Promise<ContentDigests> } {
    const id = this.nextId++;
    const done = new Promise<ContentDigests>((resolve, reject) => this.pending.set(id, { parts, resolve, reject }));
    // The caller awaits it later; an early rejection must not count as unhandled meanwhile.
    done.catch(() => undefined);
    return { id, done };
  }

  private spec(entry: ZipEntry, sha1: boolean, sha256: boolean, crc: boolean): WorkSpec {
    return {
      name: entry.name,
      method: entry.method,
      uncompressedSize: entry.uncompressedSize,
      crc32: entry.crc32,
      sha1,
      sha256,
      crc,
    };
  }

  private lesserWorker(): 0 | 1 {
    return this.load[0]! <= this.load[1]! ? 0 : 1;
  }

  private async addToBatch(entry: ZipEntry, raw: Buffer): Promise<{ done: Promise<ContentDigests> }> {
    let b = this.batch;
    if (b && (b.used + raw.length > this.slotSize || b.segs[0].length + b.segs[1].length >= BATCH_ENTRIES)) {
      await this.flushBatch();
      b = undefined;
    }
    b ??= this.batch = { slot: await this.acquire(), used: 0, segs: [[], []] };
    raw.copy(this.mem, b.slot * this.slotSize + b.used);
    const w = this.lesserWorker();
    // Inflating costs about three times as much as hashing the same bytes.
    this.load[w] += entry.uncompressedSize * (entry.method === METHOD_DEFLATED ? 3 : 1) + 256;
    const { id, done } = this.track(1);
    b.segs[w].push({
      id,
      off: b.used,
      len: raw.length,
      spec: this.spec(entry, true, true, true),
      first: true,
      last: true,
    });
    b.used += raw.length;
    return { done };
  }

  private async flushBatch(): Promise<void> {
    const b = this.batch;
    if (!b) return;
    this.batch = undefined;
    const targets = [0, 1].filter((w) => b.segs[w]!.length > 0);
    this.refs[b.slot] = targets.length;
    if (targets.length === 0) {
      this.unref(b.slot);
      return;
    }
    for (const w of targets) this.hashers[w as 0 | 1]({ slot: b.slot, segs: b.segs[w]! });
  }

  private async copyLarge(entry: ZipEntry, hash: boolean): Promise<CopiedEntry> {
    const start = await this.reader.dataOffset(entry);
    const end = start + entry.compressedSize;
    const stored = entry.method === METHOD_STORED;
    let tracked: { id: number; done: Promise<ContentDigests> } | undefined;
    /** Which hashers get the chunks, and what each computes. */
    let plan: { w: number; spec: WorkSpec }[] = [];
    if (hash) {
      if (stored) {
        // SHA-1 and SHA-256 run at about the same speed; the CRC is cheap.
        plan = [
          { w: 0, spec: this.spec(entry, true, false, true) },
          { w: 1, spec: this.spec(entry, false, true, false) },
        ];
        this.load[0] += entry.uncompressedSize;
        this.load[1] += entry.uncompressedSize;
      } else {
        const w = this.lesserWorker();
        plan = [{ w, spec: this.spec(entry, true, true, true) }];
        this.load[w] += entry.uncompressedSize * 3;
      }
      tracked = this.track(plan.length);
    }
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- chunks() is an async generator, which cannot be an arrow function
    const self = this;
    let sentFirst = false;
    const read = async (pos: number): Promise<{ slot: number; len: number }> => {
      const slot = await self.acquire();
      const len = Math.min(self.slotSize, end - pos);
      try {
        await self.reader.readRawInto(self.view(slot, len), pos);
      } catch (e) {
        self.refs[slot] = 1;
        self.unref(slot);
        throw e;
      }
      return { slot, len };
    };
    async function* chunks(): AsyncGenerator<Buffer> {
      let pos = start;
      let next: Promise<{ slot: number; len: number }> | undefined = read(pos);
      while (next) {
        const { slot, len } = await next;
        pos += len;
        const last = pos >= end;
        // The writer holds the slot until the generator is resumed, i.e. until it has written it.
        self.refs[slot] = 1 + plan.length;
        for (const { w, spec } of plan) {
          const seg: Segment = {
            id: tracked!.id,
            off: 0,
            len,
            first: !sentFirst,
            last,
            ...(sentFirst ? {} : { spec }),
          };
          self.hashers[w as 0 | 1]({ slot, segs: [seg] });
        }
        sentFirst = true;
        self.check();
        next = last ? undefined : read(pos);
        // Keep a prefetch failure from surfacing as unhandled while the writer holds this chunk.
        next?.catch(() => undefined);
        try {
          yield self.view(slot, len);
        } finally {
          self.unref(slot);
        }
        self.opts.onBytes?.(len);
        self.check();
      }
    }
    const at = await this.writer.addRaw(entry.name, entry, chunks());
    return { ...at, ...(tracked ? { digests: tracked.done } : {}) };
  }
}

function toAppleError(e: { code?: string; message: string }): AppleError {
  const code: AppleErrorCode = e.code === "APPLE_ZIP_BOMB" || e.code === "APPLE_BAD_ZIP" ? e.code : "APPLE_IO_ERROR";
  return new AppleError(code, e.message);
}
