/**
 * Recognises the raster formats the site accepts for icons, banners and logos by their bytes, never by the
 * file name or the declared type. SVG and anything else is refused (an SVG can carry script).
 */
export type ImageFormat = "png" | "jpg" | "gif" | "webp";

export interface ImageInfo {
  format: ImageFormat;
  mime: string;
  width: number;
  height: number;
}

const MIME: Record<ImageFormat, string> = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp" };

/** Largest side accepted, so a tiny file cannot declare a gigapixel image that browsers choke on. */
const MAX_IMAGE_SIDE = 8192;

export function sniffImage(buf: Buffer): ImageInfo | null {
  const size = pngSize(buf) ?? jpegSize(buf) ?? gifSize(buf) ?? webpSize(buf);
  if (!size) return null;
  const [format, width, height] = size;
  if (width < 1 || height < 1 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) return null;
  return { format, mime: MIME[format], width, height };
}

function pngSize(b: Buffer): [ImageFormat, number, number] | null {
  if (b.length < 24 || b.readUInt32BE(0) !== 0x89504e47 || b.readUInt32BE(4) !== 0x0d0a1a0a) return null;
  // Apple's "CgBI" PNGs put a chunk before IHDR; browsers cannot show them, so they are refused here.
  if (b.toString("latin1", 12, 16) !== "IHDR") return null;
  return ["png", b.readUInt32BE(16), b.readUInt32BE(20)];
}

function gifSize(b: Buffer): [ImageFormat, number, number] | null {
  if (b.length < 10) return null;
  const sig = b.toString("latin1", 0, 6);
  if (sig !== "GIF87a" && sig !== "GIF89a") return null;
  return ["gif", b.readUInt16LE(6), b.readUInt16LE(8)];
}

function webpSize(b: Buffer): [ImageFormat, number, number] | null {
  if (b.length < 30 || b.toString("latin1", 0, 4) !== "RIFF" || b.toString("latin1", 8, 12) !== "WEBP") return null;
  const chunk = b.toString("latin1", 12, 16);
  if (chunk === "VP8 " && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)
    return ["webp", b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff];
  if (chunk === "VP8L" && b[20] === 0x2f) {
    const bits = b.readUInt32LE(21);
    return ["webp", (bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1];
  }
  if (chunk === "VP8X") return ["webp", b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1];
  return null;
}

function jpegSize(b: Buffer): [ImageFormat, number, number] | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const len = b.readUInt16BE(i + 2);
    if (len < 2) return null;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return ["jpg", b.readUInt16BE(i + 7), b.readUInt16BE(i + 5)];
    i += 2 + len;
  }
  return null;
}
