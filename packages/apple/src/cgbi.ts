import zlib from "node:zlib";
import { PNG_SIGNATURE, pngChunk } from "./png";

/**
 * PNG helpers for app icons taken out of IPAs. Xcode stores icons as Apple's "CgBI" PNGs: a CgBI chunk before
 * IHDR, IDAT as raw deflate (no zlib header), pixels in BGRA order with premultiplied alpha. Browsers cannot show
 * them, so they are rewritten here as standard PNGs.
 */

/** Icons are at most 1024 px; anything far beyond that is not an icon and is not decoded. */
export const MAX_ICON_SIDE = 4096;

interface Chunk {
  type: string;
  data: Buffer;
}

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
  cgbi: boolean;
}

function readChunks(buf: Buffer): Chunk[] | null {
  if (buf.length < 8 || !buf.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const chunks: Chunk[] = [];
  let pos = 8;
  while (pos + 12 <= buf.length) {
    const len = buf.readUInt32BE(pos);
    if (pos + 12 + len > buf.length) return null;
    const type = buf.toString("latin1", pos + 4, pos + 8);
    chunks.push({ type, data: buf.subarray(pos + 8, pos + 8 + len) });
    pos += 12 + len;
    if (type === "IEND") return chunks;
  }
  return null;
}

/** Size and pixel format of a PNG, standard or CgBI; null when the bytes are not a PNG. */
export function readPngHeader(buf: Buffer): PngHeader | null {
  if (buf.length < 8 || !buf.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  // Only the first chunks are needed: [CgBI] IHDR.
  let pos = 8;
  let cgbi = false;
  for (let i = 0; i < 2 && pos + 8 <= buf.length; i++) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString("latin1", pos + 4, pos + 8);
    if (type === "CgBI") {
      cgbi = true;
      pos += 12 + len;
      continue;
    }
    if (type !== "IHDR" || len !== 13 || pos + 8 + 13 > buf.length) return null;
    const d = buf.subarray(pos + 8, pos + 21);
    return {
      width: d.readUInt32BE(0),
      height: d.readUInt32BE(4),
      bitDepth: d[8],
      colorType: d[9],
      interlace: d[12],
      cgbi,
    };
  }
  return null;
}

export function isCgbiPng(buf: Buffer): boolean {
  return readPngHeader(buf)?.cgbi === true;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Undoes the per-scanline filters in place; returns the pixel rows without filter bytes, or null if malformed. */
function unfilter(data: Buffer, width: number, height: number, bpp: number): Buffer | null {
  const stride = width * bpp;
  if (data.length !== height * (stride + 1)) return null;
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    const prev = row - stride;
    for (let x = 0; x < stride; x++) {
      const raw = data[src + x];
      const a = x >= bpp ? out[row + x - bpp] : 0;
      const b = y > 0 ? out[prev + x] : 0;
      const c = x >= bpp && y > 0 ? out[prev + x - bpp] : 0;
      let v: number;
      switch (filter) {
        case 0:
          v = raw;
          break;
        case 1:
          v = raw + a;
          break;
        case 2:
          v = raw + b;
          break;
        case 3:
          v = raw + ((a + b) >> 1);
          break;
        case 4:
          v = raw + paeth(a, b, c);
          break;
        default:
          return null;
      }
      out[row + x] = v & 0xff;
    }
  }
  return out;
}

/**
 * Rewrites a CgBI PNG as a standard PNG (RGBA or RGB, 8 bits, straight alpha); a standard PNG comes back as is.
 * Returns null when the image cannot be converted (unsupported format, damaged data, absurd size).
 */
export function toStandardPng(buf: Buffer): Buffer | null {
  const header = readPngHeader(buf);
  if (!header) return null;
  const { width, height, bitDepth, colorType, interlace } = header;
  if (width < 1 || height < 1 || width > MAX_ICON_SIDE || height > MAX_ICON_SIDE) return null;
  if (!header.cgbi) return readChunks(buf) ? buf : null;
  // Xcode writes 8-bit RGBA (sometimes RGB), not interlaced.
  if (bitDepth !== 8 || (colorType !== 6 && colorType !== 2) || interlace !== 0) return null;
  const chunks = readChunks(buf);
  if (!chunks) return null;
  const bpp = colorType === 6 ? 4 : 3;
  const expected = height * (width * bpp + 1);
  let inflated: Buffer;
  try {
    const idat = Buffer.concat(chunks.filter((c) => c.type === "IDAT").map((c) => c.data));
    inflated = zlib.inflateRawSync(idat, { maxOutputLength: expected });
  } catch {
    return null;
  }
  const pixels = unfilter(inflated, width, height, bpp);
  if (!pixels) return null;
  for (let i = 0; i < pixels.length; i += bpp) {
    const b = pixels[i];
    pixels[i] = pixels[i + 2];
    pixels[i + 2] = b;
    if (bpp === 4) {
      const alpha = pixels[i + 3];
      if (alpha > 0 && alpha < 255) {
        for (let k = 0; k < 3; k++) pixels[i + k] = Math.min(255, Math.round((pixels[i + k] * 255) / alpha));
      }
    }
  }
  const stride = width * bpp;
  const rows = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++) pixels.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = colorType;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", zlib.deflateSync(rows)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
