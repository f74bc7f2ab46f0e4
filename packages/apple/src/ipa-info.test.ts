import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { fixturePath } from "../fixtures/fixtures";
import { AppleError, isBadAppleInput, type AppleErrorCode } from "./errors";
import { isCgbiPng, readPngHeader, toStandardPng } from "./cgbi";
import { inspectIpa } from "./ipa-info";
import { buildPlist, type PlistDict } from "./plist";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ipa-info-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// ------------------------------------------------------------------ test archive and image builders
interface Entry {
  name: string;
  data?: Buffer;
  deflate?: boolean;
}

/** A plain zip (stored or deflated entries, no data descriptors), enough for the reader. */
function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const data = e.data ?? Buffer.alloc(0);
    const body = e.deflate ? zlib.deflateRawSync(data) : data;
    const method = e.deflate ? 8 : 0;
    const crc = zlib.crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    const mode = e.name.endsWith("/") ? 0o040755 : 0o100644;
    central.writeUInt32LE(((mode << 16) | (e.name.endsWith("/") ? 0x10 : 0)) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}
const SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** What browsers need to show a PNG: the signature, then IHDR as the first chunk. Returns its size, or null. */
function standardPngSize(buf: Buffer): { width: number; height: number } | null {
  if (buf.length < 24 || !buf.subarray(0, 8).equals(SIG) || buf.toString("latin1", 12, 16) !== "IHDR") return null;
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}
const ihdr = (w: number, h: number) => {
  const d = Buffer.alloc(13);
  d.writeUInt32BE(w, 0);
  d.writeUInt32BE(h, 4);
  d[8] = 8;
  d[9] = 6;
  return d;
};

/** A test picture in straight RGBA: colour gradients and an alpha ramp, so every conversion step shows. */
function picture(w: number, h: number): Buffer {
  const px = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      px[i] = (x * 7) & 0xff;
      px[i + 1] = (y * 5) & 0xff;
      px[i + 2] = 200;
      px[i + 3] = x < 4 ? 255 : (x * 13 + y) % 256;
    }
  return px;
}

/**
 * What Xcode writes: CgBI chunk, BGRA with premultiplied alpha, raw deflate. Alternate rows use the Sub and Up
 * filters so the converter has to undo them. Returns the PNG and the straight RGBA the converter should recover
 * (premultiplying loses precision, so the expectation is the round-trip of that loss).
 */
function cgbiPng(w: number, h: number): { png: Buffer; expected: Buffer } {
  const px = picture(w, h);
  const stored = Buffer.alloc(px.length);
  const expected = Buffer.alloc(px.length);
  for (let i = 0; i < px.length; i += 4) {
    const a = px[i + 3];
    const pre = [0, 1, 2].map((k) => Math.round((px[i + k] * a) / 255));
    stored[i] = pre[2];
    stored[i + 1] = pre[1];
    stored[i + 2] = pre[0];
    stored[i + 3] = a;
    for (let k = 0; k < 3; k++)
      expected[i + k] = a === 0 ? 0 : a === 255 ? pre[k] : Math.min(255, Math.round((pre[k] * 255) / a));
    expected[i + 3] = a;
  }
  const stride = w * 4;
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = stored.subarray(y * stride, (y + 1) * stride);
    const filter = y % 3;
    const out = Buffer.alloc(stride + 1);
    out[0] = filter;
    for (let x = 0; x < stride; x++) {
      const left = x >= 4 ? row[x - 4] : 0;
      const up = y > 0 ? stored[(y - 1) * stride + x] : 0;
      out[x + 1] = (row[x] - (filter === 1 ? left : filter === 2 ? up : 0)) & 0xff;
    }
    rows.push(out);
  }
  const png = Buffer.concat([
    SIG,
    pngChunk("CgBI", Buffer.from([0x50, 0x00, 0x20, 0x06])),
    pngChunk("IHDR", ihdr(w, h)),
    pngChunk("IDAT", zlib.deflateRawSync(Buffer.concat(rows))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
  return { png, expected };
}

/** A standard RGBA PNG of one colour. */
function plainPng(w: number, h: number): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 4, Buffer.from([10, 20, 30, 255]))]);
  return Buffer.concat([
    SIG,
    pngChunk("IHDR", ihdr(w, h)),
    pngChunk("IDAT", zlib.deflateSync(Buffer.concat(Array(h).fill(row)))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Decodes a standard 8-bit RGBA PNG (any filter), checking every chunk CRC: an independent reader of our output. */
function decodePng(buf: Buffer): { width: number; height: number; rgba: Buffer } {
  expect(buf.subarray(0, 8).equals(SIG)).toBe(true);
  let pos = 8;
  const idat: Buffer[] = [];
  let width = 0;
  let height = 0;
  for (;;) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString("latin1", pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    expect(buf.readUInt32BE(pos + 8 + len)).toBe(zlib.crc32(buf.subarray(pos + 4, pos + 8 + len)) >>> 0);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9], data[12]]).toEqual([8, 6, 0]);
    }
    expect(type).not.toBe("CgBI");
    if (type === "IDAT") idat.push(data);
    pos += 12 + len;
    if (type === "IEND") break;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat)); // zlib-wrapped, as the PNG standard says
  const stride = width * 4;
  const rgba = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x];
      const a = x >= 4 ? rgba[y * stride + x - 4] : 0;
      const b = y > 0 ? rgba[(y - 1) * stride + x] : 0;
      rgba[y * stride + x] = (f === 0 ? v : f === 1 ? v + a : f === 2 ? v + b : NaN) & 0xff;
    }
  }
  return { width, height, rgba };
}

const info = (extra: PlistDict = {}): Buffer =>
  Buffer.from(
    buildPlist({
      CFBundleIdentifier: "com.example.cgbi",
      CFBundleShortVersionString: "2.5.0",
      CFBundleVersion: "250",
      CFBundleDisplayName: "测试应用",
      CFBundleName: "CgbiApp",
      CFBundleExecutable: "CgbiApp",
      MinimumOSVersion: "15.0",
      CFBundleIcons: { CFBundlePrimaryIcon: { CFBundleIconFiles: ["AppIcon60x60"], CFBundleIconName: "AppIcon" } },
      CFBundleIconFiles: ["AppIcon20x20"],
      ...extra,
    }),
  );

function writeIpa(name: string, entries: Entry[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, zip(entries));
  return file;
}

async function refusal(file: string): Promise<{ code: AppleErrorCode; message: string }> {
  const e = await inspectIpa(file).then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppleError);
  return { code: (e as AppleError).code, message: (e as AppleError).userMessage };
}

// ------------------------------------------------------------------ tests
describe("CgBI icons", () => {
  it("converts Apple's CgBI PNG to a standard PNG: zlib IDAT, RGBA order, straight alpha, valid CRCs", () => {
    const { png, expected } = cgbiPng(33, 17);
    expect(isCgbiPng(png)).toBe(true);
    expect(readPngHeader(png)).toMatchObject({ width: 33, height: 17, cgbi: true });
    // Browsers cannot show the CgBI original (its CgBI chunk comes before IHDR).
    expect(standardPngSize(png)).toBeNull();
    const out = toStandardPng(png)!;
    expect(isCgbiPng(out)).toBe(false);
    expect(standardPngSize(out)).toEqual({ width: 33, height: 17 });
    const decoded = decodePng(out);
    expect(decoded.rgba.equals(expected)).toBe(true);
    // Fully opaque pixels keep their exact colour.
    expect([...decoded.rgba.subarray(0, 4)]).toEqual([0, 0, 200, 255]);
  });

  it("passes standard PNGs through and gives up on damaged ones", () => {
    const plain = plainPng(8, 8);
    expect(toStandardPng(plain)).toBe(plain);
    const { png } = cgbiPng(8, 8);
    const truncated = png.subarray(0, png.length - 30);
    expect(toStandardPng(truncated)).toBeNull();
    const corrupt = Buffer.from(png);
    corrupt.fill(0xff, 60, 80);
    expect(toStandardPng(corrupt)).toBeNull();
    expect(toStandardPng(Buffer.from("not a png at all"))).toBeNull();
  });
});

describe("inspectIpa", () => {
  it("reads id, version, build, name, minimum iOS, size and the largest icon (CgBI, converted)", async () => {
    const big = cgbiPng(60, 60);
    const file = writeIpa("cgbi.ipa", [
      { name: "Payload/" },
      { name: "Payload/CgbiApp.app/" },
      { name: "Payload/CgbiApp.app/Info.plist", data: info(), deflate: true },
      { name: "Payload/CgbiApp.app/CgbiApp", data: Buffer.alloc(5000, 1), deflate: true },
      { name: "Payload/CgbiApp.app/AppIcon20x20@2x.png", data: cgbiPng(40, 40).png },
      { name: "Payload/CgbiApp.app/AppIcon60x60@2x.png", data: cgbiPng(40, 40).png },
      { name: "Payload/CgbiApp.app/AppIcon60x60@3x.png", data: big.png },
      // Bigger, but not an app icon the plist names.
      { name: "Payload/CgbiApp.app/Background.png", data: plainPng(200, 200), deflate: true },
      { name: "Payload/CgbiApp.app/Frameworks/AppIcon60x60@3x.png", data: plainPng(300, 300) },
    ]);
    const r = await inspectIpa(file);
    expect(r).toMatchObject({
      bundleId: "com.example.cgbi",
      version: "2.5.0",
      build: "250",
      name: "测试应用",
      minOsVersion: "15.0",
    });
    expect(r.size).toBe(fs.statSync(file).size);
    expect(r.icon).toMatchObject({ width: 60, height: 60 });
    const decoded = decodePng(r.icon!.png);
    expect(decoded.rgba.equals(big.expected)).toBe(true);
  });

  it("falls back to CFBundleVersion and CFBundleName, and to the usual icon names when none is declared", async () => {
    const file = writeIpa("fallback.ipa", [
      {
        name: "Payload/Old.app/Info.plist",
        data: Buffer.from(
          buildPlist({ CFBundleIdentifier: "com.example.old", CFBundleVersion: "7", CFBundleName: "OldApp" }),
        ),
      },
      { name: "Payload/Old.app/Icon@2x.png", data: plainPng(114, 114) },
      { name: "Payload/Old.app/Icon.png", data: plainPng(57, 57) },
      { name: "Payload/Old.app/Default.png", data: plainPng(320, 480) },
    ]);
    const r = await inspectIpa(file);
    expect(r).toMatchObject({
      bundleId: "com.example.old",
      version: "7",
      build: "7",
      name: "OldApp",
      minOsVersion: null,
    });
    expect(r.icon).toMatchObject({ width: 114, height: 114 });
  });

  it("accepts an app without a usable icon", async () => {
    const file = writeIpa("noicon.ipa", [
      { name: "Payload/X.app/Info.plist", data: info() },
      { name: "Payload/X.app/AppIcon60x60@2x.png", data: Buffer.from("not really a png") },
    ]);
    const r = await inspectIpa(file);
    expect(r.icon).toBeNull();
    expect(r.bundleId).toBe("com.example.cgbi");
  });

  it("reads the signer's test IPAs (XML and binary Info.plist)", async () => {
    for (const name of ["thin.ipa", "fat.ipa"]) {
      const file = fixturePath(`ipa/${name}`);
      const r = await inspectIpa(file);
      expect(r).toMatchObject({
        bundleId: "com.example.demo",
        version: "1.2.3",
        build: "45",
        name: "Demo",
        minOsVersion: "14.0",
      });
      expect(r.size).toBe(fs.statSync(file).size);
      expect(r.icon).toMatchObject({ width: 180, height: 180 });
      expect(standardPngSize(r.icon!.png)).toEqual({ width: 180, height: 180 });
    }
  });

  it("refuses files that are not IPAs with a clear message", async () => {
    expect(await refusal(fixturePath("ipa/not-zip.ipa"))).toEqual({
      code: "APPLE_BAD_ZIP",
      message: "文件不是有效的 IPA（zip）压缩包",
    });
    expect(await refusal(fixturePath("ipa/no-app.ipa"))).toEqual({
      code: "APPLE_NO_APP_BUNDLE",
      message: "IPA 中没有找到 Payload/*.app 应用包",
    });
    const empty = writeIpa("empty.ipa", []);
    expect(await refusal(empty)).toEqual({
      code: "APPLE_NO_APP_BUNDLE",
      message: "IPA 中没有找到 Payload/*.app 应用包",
    });
    const noPlist = writeIpa("noplist.ipa", [{ name: "Payload/A.app/A", data: Buffer.from("x") }]);
    expect(await refusal(noPlist)).toEqual({ code: "APPLE_NO_INFO_PLIST", message: "IPA 缺少 Info.plist" });
    const badPlist = writeIpa("badplist.ipa", [
      { name: "Payload/A.app/Info.plist", data: Buffer.from("<plist><dict><key>x") },
    ]);
    expect(await refusal(badPlist)).toEqual({ code: "APPLE_BAD_INFO_PLIST", message: "IPA 的 Info.plist 无法解析" });
    const noId = writeIpa("noid.ipa", [
      { name: "Payload/A.app/Info.plist", data: Buffer.from(buildPlist({ CFBundleName: "A" })) },
    ]);
    expect(await refusal(noId)).toEqual({
      code: "APPLE_NO_BUNDLE_ID",
      message: "IPA 的 Info.plist 缺少 CFBundleIdentifier",
    });
  });

  it("keeps the reason for logs and tells an unreadable file (APPLE_IO_ERROR) from a bad IPA", async () => {
    const badPlist = writeIpa("badplist-detail.ipa", [
      { name: "Payload/A.app/Info.plist", data: Buffer.from("<plist><dict><key>x") },
    ]);
    const e = await inspectIpa(badPlist).catch((err: unknown) => err as AppleError);
    expect(e).toMatchObject({ code: "APPLE_BAD_INFO_PLIST", userMessage: "IPA 的 Info.plist 无法解析" });
    expect(e.detail).toMatch(/unterminated/);
    expect(e.message).toBe(`IPA 的 Info.plist 无法解析：${e.detail}`);
    expect(isBadAppleInput(e)).toBe(true);

    const missing = await inspectIpa(path.join(dir, "no-such-file.ipa")).catch((err: unknown) => err as AppleError);
    expect(missing).toBeInstanceOf(AppleError);
    expect(missing.code).toBe("APPLE_IO_ERROR");
    expect(isBadAppleInput(missing)).toBe(false);
  });

  it("refuses unsafe paths and zip bombs through the zip reader's limits", async () => {
    for (const name of ["traversal.ipa", "absolute.ipa", "backslash.ipa"]) {
      expect(await refusal(fixturePath(`ipa/${name}`))).toEqual({
        code: "APPLE_UNSAFE_PATH",
        message: "IPA 中包含不安全的路径",
      });
    }
    for (const name of ["bomb-declared.ipa", "bomb-ratio.ipa", "bomb-entries.ipa"]) {
      expect(await refusal(fixturePath(`ipa/${name}`))).toEqual({
        code: "APPLE_ZIP_BOMB",
        message: "IPA 解压后体积或文件数超出限制",
      });
    }
  });

  it("refuses an icon entry that inflates beyond its declared size", async () => {
    const file = path.join(dir, "lying-icon.ipa");
    const real = plainPng(64, 64);
    const bytes = zip([
      { name: "Payload/L.app/Info.plist", data: info() },
      { name: "Payload/L.app/AppIcon60x60@3x.png", data: real, deflate: true },
    ]);
    // Shrink the declared size in the central directory (and the local header) so inflating overruns it.
    const cdSig = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bytes.writeUInt32LE(16, cdSig + 24);
    const localSig = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    bytes.writeUInt32LE(16, localSig + 22);
    fs.writeFileSync(file, bytes);
    expect(await refusal(file)).toEqual({ code: "APPLE_ZIP_BOMB", message: "IPA 解压后体积或文件数超出限制" });
  });
});
