/**
 * Inflating a raw deflate stream once, natively, for its content and its block structure alike: zlib is asked to stop
 * at every block boundary (Z_BLOCK), so the splice (deflate-splice) learns where the input's blocks are from the same
 * inflate that extracts the code, instead of decoding every Huffman symbol a second time in JavaScript.
 *
 * Node's zlib streams do not expose Z_BLOCK stops (their loop reads on until the output is full), so the stream's
 * own handle is driven the way zlib.js drives it (`writeSync` with the in/out windows, results in `_writeState`).
 * When a Node release no longer has that handle, inflateWithEdges says so (undefined) and the caller extracts the
 * usual way: the splice is then skipped, never wrong.
 */
import fs from "node:fs";
import zlib from "node:zlib";
import { AppleError } from "@gryx/apple/errors";

/** Random access to a compressed stream: fills `buf` from stream offset `position`. */
export type ReadAt = (buf: Buffer, position: number) => void;

/** A block boundary zlib's inflate stopped at: bytes of the stream consumed, bytes of content produced. */
export interface BlockEdge {
  consumed: number;
  produced: number;
}

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

/** `len` bytes at `pos`, read through `read` into a new buffer. */
export function bytesAt(read: ReadAt, pos: number, len: number): Buffer {
  const b = Buffer.allocUnsafe(len);
  read(b, pos);
  return b;
}

interface ZlibHandle {
  writeSync(
    flush: number,
    input: Buffer,
    inOff: number,
    inLen: number,
    out: Buffer,
    outOff: number,
    outLen: number,
  ): void;
  onerror: (message: string, errno: number) => void;
}

/** The native handle of a fresh InflateRaw and the array it reports [avail_out, avail_in] in, if this Node has them. */
function nativeInflate(): { stream: zlib.InflateRaw; handle: ZlibHandle; state: Uint32Array } | undefined {
  const stream = zlib.createInflateRaw();
  const inner = stream as unknown as { _handle?: Partial<ZlibHandle>; _writeState?: unknown };
  const handle = inner._handle;
  const state = inner._writeState;
  if (typeof handle?.writeSync !== "function" || !(state instanceof Uint32Array) || state.length < 2) {
    stream.close();
    return undefined;
  }
  return { stream, handle: handle as ZlibHandle, state };
}

const IN_CHUNK = 1024 * 1024;
const OUT_CHUNK = 1024 * 1024;

/**
 * The input and output windows, kept between calls: each call would otherwise allocate 2 MiB outside the heap, and
 * that churn (a few inflates per signing run) sets off V8's own collections. A call made while another is running
 * (a sink that inflates) gets fresh ones.
 */
let spare: { input: Buffer; out: Buffer } | undefined;

/**
 * Inflates the raw deflate stream of `size` bytes read through `read`, handing its content to `sink` piece by piece
 * (each piece is a view of a buffer that is reused: the sink copies what it keeps), and records every block boundary
 * on the way. The content must be exactly `expected` bytes (more: APPLE_ZIP_BOMB, as soon as it is seen; fewer or a
 * broken stream: APPLE_BAD_ZIP, naming `name`). Returns the boundaries and the content's CRC-32, or undefined (having
 * read nothing) when this Node's zlib cannot stop at blocks.
 */
export function inflateWithEdges(
  name: string,
  read: ReadAt,
  size: number,
  expected: number,
  sink: (piece: Buffer) => void,
): { edges: BlockEdge[]; crc: number } | undefined {
  const native = nativeInflate();
  if (!native) return undefined;
  const { stream, handle, state } = native;
  let failure: string | undefined;
  handle.onerror = (message) => {
    failure = message;
  };
  const bad = (what: string) => new AppleError("APPLE_BAD_ZIP", `${name}: ${what}`);
  const windows = spare ?? { input: Buffer.allocUnsafe(IN_CHUNK), out: Buffer.allocUnsafe(OUT_CHUNK) };
  spare = undefined;
  const input = windows.input.subarray(0, Math.min(IN_CHUNK, Math.max(1, size)));
  const out = windows.out;
  const edges: BlockEdge[] = [];
  let crc = 0;
  let readTo = 0; // stream bytes read into `input` so far
  let inOff = 0;
  let inLen = 0;
  let consumed = 0;
  let produced = 0;
  try {
    for (;;) {
      if (inLen === 0 && readTo < size) {
        inLen = Math.min(input.length, size - readTo);
        read(input.subarray(0, inLen), readTo);
        readTo += inLen;
        inOff = 0;
      }
      handle.writeSync(zlib.constants.Z_BLOCK, input, inOff, inLen, out, 0, out.length);
      if (failure) throw bad(failure);
      const availOut = state[0]!;
      const availIn = state[1]!;
      const used = inLen - availIn;
      const made = out.length - availOut;
      inOff += used;
      inLen = availIn;
      consumed += used;
      if (made > 0) {
        produced += made;
        if (produced > expected) throw new AppleError("APPLE_ZIP_BOMB", `${name} 解压后超过声明的 ${expected} 字节`);
        const piece = out.subarray(0, made);
        crc = zlib.crc32(piece, crc);
        sink(piece);
      }
      if (availOut === 0) continue; // the output was full: more of the same block
      if (inLen > 0) {
        // Stopped with input and room left: at a block boundary, or at the end of the stream (no progress).
        if (used === 0 && made === 0) break;
        edges.push({ consumed, produced });
      } else if (readTo >= size && made === 0) break; // all input given and nothing more comes out
    }
  } finally {
    stream.close();
    spare = windows;
  }
  if (produced !== expected) throw bad(`解压后 ${produced} 字节，声明为 ${expected}`);
  return { edges, crc: crc >>> 0 };
}
