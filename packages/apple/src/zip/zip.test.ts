import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppleError } from "../errors";
import { DigestPool, type DigestJob } from "./digest-pool";
import { DEFAULT_ZIP_LIMITS, checkEntryName, checkSymlinkTarget } from "./limits";
import { ZipReader, type ZipEntry } from "./reader";
import { ZipWriter } from "./writer";
import { commandAvailable } from "../../fixtures/fixtures";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "zip-test-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const hasUnzip = commandAvailable("unzip");

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppleError) return e.code;
    throw e;
  }
  return "no error";
}

/** Vitest's toEqual walks Buffers element by element (seconds for 300 KB): compare bytes directly. */
function expectSameBytes(actual: Buffer, expected: Buffer): void {
  expect(actual.length).toBe(expected.length);
  expect(actual.equals(expected)).toBe(true);
}

function byName(r: ZipReader, name: string): ZipEntry {
  const e = r.entries.find((x) => x.name === name);
  if (!e) throw new Error(`missing ${name}`);
  return e;
}

const text = Buffer.from("hello zip world\n".repeat(5000));
const random = crypto.randomBytes(300_000);

async function buildSample(file: string): Promise<void> {
  const w = await ZipWriter.create(file);
  await w.addDirectory("Payload/");
  await w.addBuffer("Payload/a.txt", text, { level: 6 });
  await w.addStream("Payload/streamed.bin", Readable.from([random.subarray(0, 100_000), random.subarray(100_000)]), {
    level: 9,
    sizeHint: random.length,
  });
  await w.addStream("Payload/stored-unknown-size.txt", Readable.from([text]), { level: 0, mode: 0o755 });
  await w.addSymlink("Payload/link", "a.txt");
  await w.addBuffer("Payload/中文.txt", Buffer.from("你好"), { level: 6 });
  await w.addBuffer("Payload/empty", Buffer.alloc(0), { level: 6 });
  await w.close();
}

describe("zip writer + reader", () => {
  it("round-trips stored, deflated, streamed, symlink, directory, UTF-8 and empty entries", async () => {
    const file = path.join(dir, "sample.zip");
    await buildSample(file);
    const r = await ZipReader.open(file);
    try {
      expect(r.entries.map((e) => e.name)).toEqual([
        "Payload/",
        "Payload/a.txt",
        "Payload/streamed.bin",
        "Payload/stored-unknown-size.txt",
        "Payload/link",
        "Payload/中文.txt",
        "Payload/empty",
      ]);
      expect(byName(r, "Payload/").isDirectory).toBe(true);
      expect(byName(r, "Payload/a.txt").method).toBe(8);
      expect(byName(r, "Payload/a.txt").compressedSize).toBeLessThan(text.length / 10);
      expectSameBytes(await r.readEntry(byName(r, "Payload/a.txt")), text);
      expectSameBytes(await r.readEntry(byName(r, "Payload/streamed.bin")), random);
      const stored = byName(r, "Payload/stored-unknown-size.txt");
      expect(stored.method).toBe(0);
      expect(stored.mode & 0o777).toBe(0o755);
      expectSameBytes(await r.readEntry(stored), text);
      const link = byName(r, "Payload/link");
      expect(link.isSymlink).toBe(true);
      expect(await r.readSymlinkTarget(link)).toBe("a.txt");
      expect((await r.readEntry(byName(r, "Payload/中文.txt"))).toString()).toBe("你好");
      expect((await r.readEntry(byName(r, "Payload/empty"))).length).toBe(0);
    } finally {
      await r.close();
    }
  });

  it.skipIf(!hasUnzip)("produces archives that Info-ZIP unzip tests clean", async () => {
    const file = path.join(dir, "sample-unzip.zip");
    await buildSample(file);
    const out = execFileSync("unzip", ["-t", file]).toString();
    expect(out).toContain("No errors detected");
  });

  it("copies entries raw (still compressed) into a new archive, byte for byte", async () => {
    const src = path.join(dir, "raw-src.zip");
    const dst = path.join(dir, "raw-dst.zip");
    await buildSample(src);
    const r = await ZipReader.open(src);
    const w = await ZipWriter.create(dst);
    for (const e of r.entries) await w.addRaw(e.name, e, await r.openRaw(e));
    await w.close();
    const r2 = await ZipReader.open(dst);
    try {
      expect(r2.entries.length).toBe(r.entries.length);
      for (const [i, e] of r.entries.entries()) {
        const c = r2.entries[i];
        expect({ ...c, localHeaderOffset: 0 }).toEqual({ ...e, localHeaderOffset: 0 });
        const a: Buffer[] = [];
        for await (const chunk of await r.openRaw(e)) a.push(chunk as Buffer);
        const b: Buffer[] = [];
        for await (const chunk of await r2.openRaw(c)) b.push(chunk as Buffer);
        expectSameBytes(Buffer.concat(b), Buffer.concat(a));
        if (!e.isDirectory) expectSameBytes(await r2.readEntry(c), await r.readEntry(e));
      }
    } finally {
      await r.close();
      await r2.close();
    }
  });

  it("writes zip64 end records for more than 65535 entries and reads them back", async () => {
    const file = path.join(dir, "many.zip");
    const w = await ZipWriter.create(file);
    const n = 66_000;
    // Long names: the central directory (~7 MiB) outgrows the writer's 4 MiB in memory and spills to a side file.
    const name = (i: number) => `f/${String(i).padStart(6, "0")}-${"x".repeat(60)}`;
    for (let i = 0; i < n; i++) await w.addBuffer(name(i), Buffer.from(String(i)), { level: 0 });
    expect(fs.existsSync(`${file}.cd`)).toBe(true);
    await expect(w.addBuffer(name(123), Buffer.from("again"), { level: 0 })).rejects.toThrow(/重复/);
    await w.close();
    expect(fs.existsSync(`${file}.cd`)).toBe(false);
    const r = await ZipReader.open(file);
    try {
      expect(r.count).toBe(n);
      expect(r.duplicateName).toBeUndefined();
      expect((await r.readEntry(r.entryAt(65_999))).toString()).toBe("65999");
      let i = 0;
      for (const e of r.iterate()) expect(e.name).toBe(name(i++));
      expect(r.find(name(40_000))?.index).toBe(40_000);
      expect(r.indexOf("f/nothing")).toBe(-1);
    } finally {
      await r.close();
    }
    const tooMany = await codeOf(ZipReader.open(file, { ...DEFAULT_ZIP_LIMITS, maxEntries: 65_535 }));
    expect(tooMany).toBe("APPLE_ZIP_BOMB");
    if (hasUnzip) expect(execFileSync("unzip", ["-tq", file]).toString()).toContain("No errors detected");
  }, 60_000);

  it("uses zip64 extra fields for a streamed entry without size hint (reserved local field)", async () => {
    const file = path.join(dir, "z64field.zip");
    const w = await ZipWriter.create(file);
    await w.addStream("x", Readable.from([text]), { level: 6 });
    await w.close();
    const raw = fs.readFileSync(file);
    // local header: sizes 0xFFFFFFFF, extra id 0x0001 with the real sizes
    expect(raw.readUInt32LE(18)).toBe(0xffffffff);
    expect(raw.readUInt16LE(30 + 1)).toBe(1);
    expect(Number(raw.readBigUInt64LE(30 + 1 + 4))).toBe(text.length);
    const r = await ZipReader.open(file);
    expectSameBytes(await r.readEntry(r.entries[0]), text);
    await r.close();
    if (hasUnzip) expect(execFileSync("unzip", ["-t", file]).toString()).toContain("No errors detected");
  });
});

describe("large entries (streamed paths)", () => {
  // Over the 1 MiB small-entry threshold, with a size that is not a multiple of the read chunk.
  const big = Buffer.concat([crypto.randomBytes(1_500_000), Buffer.from("text ".repeat(400_000))]);

  it("copies raw with rawChunks (one reused buffer) and streams the content back", async () => {
    const src = path.join(dir, "big-src.zip");
    const dst = path.join(dir, "big-dst.zip");
    const w = await ZipWriter.create(src);
    await w.addStream("deflated", Readable.from([big]), { level: 6, sizeHint: big.length });
    await w.addStream("stored", Readable.from([big]), { level: 0, sizeHint: big.length });
    await w.close();
    const r = await ZipReader.open(src);
    const w2 = await ZipWriter.create(dst);
    for (const e of r.entries) {
      expect(r.isSmall(e)).toBe(false);
      await w2.addRaw(e.name, e, r.rawChunks(e));
    }
    await w2.close();
    await r.close();
    const r2 = await ZipReader.open(dst);
    for (const e of r2.entries) expectSameBytes(await r2.readEntry(e), big);
    await r2.close();
  });

  it("hashes in the worker pool exactly like node:crypto, and catches lies there too", async () => {
    const file = path.join(dir, "pool.zip");
    const small = Array.from({ length: 40 }, (_, i) => crypto.randomBytes(1000 + i * 97));
    const w = await ZipWriter.create(file);
    await w.addStream("deflated", Readable.from([big]), { level: 6, sizeHint: big.length });
    await w.addStream("stored", Readable.from([big]), { level: 0, sizeHint: big.length });
    for (const [i, b] of small.entries())
      await w.addBuffer(`small/${i}`, Buffer.concat([b, b]), { level: i % 2 ? 6 : 0 });
    await w.close();
    const sha = (alg: string, b: Buffer) => crypto.createHash(alg).update(b).digest();
    const pool = new DigestPool(2);
    const r = await ZipReader.open(file);
    try {
      const spec = (e: ZipEntry) => ({ ...e, localHeaderOffset: e.localHeaderOffset });
      const job = (entries: ZipEntry[], over: Partial<DigestJob> = {}): DigestJob => ({
        file,
        entries: entries.map(spec),
        stream: entries.length === 1 && !r.isSmall(entries[0]),
        end: r.regionEnd(entries[entries.length - 1]),
        sha1: true,
        crc: true,
        ...over,
      });
      for (const e of r.entries.slice(0, 2)) {
        const [d] = await pool.run(job([e]));
        expect(d.sha256.equals(sha("sha256", big))).toBe(true);
        expect(d.sha1?.equals(sha("sha1", big))).toBe(true);
      }
      // A batch of small entries, read in one piece.
      const batch = await pool.run(job(r.entries.slice(2)));
      expect(batch.map((d) => d.sha256.toString("hex"))).toEqual(
        small.map((b) => sha("sha256", Buffer.concat([b, b])).toString("hex")),
      );
      expect((await pool.run(job([r.entries[0]], { sha1: false })))[0].sha1).toBeUndefined();
      // The same entries, declared smaller or with another CRC.
      const lie = (i: number, over: Partial<ZipEntry>) =>
        pool.run({ ...job([r.entries[i]]), entries: [{ ...spec(r.entries[i]), ...over }] });
      expect(await codeOf(lie(0, { uncompressedSize: 1000 }))).toBe("APPLE_ZIP_BOMB");
      expect(await codeOf(lie(1, { uncompressedSize: 10 }))).toBe("APPLE_ZIP_BOMB");
      expect(await codeOf(lie(0, { crc32: 1 }))).toBe("APPLE_BAD_ZIP");
      expect(await codeOf(lie(0, { uncompressedSize: big.length + 1 }))).toBe("APPLE_BAD_ZIP");
      expect(await codeOf(lie(3, { uncompressedSize: 10 }))).toBe("APPLE_ZIP_BOMB"); // small, deflated
      expect(await codeOf(lie(2, { crc32: 1 }))).toBe("APPLE_BAD_ZIP"); // small, stored
      const noCrc = await pool.run({
        ...job([r.entries[0]], { crc: false }),
        entries: [{ ...spec(r.entries[0]), crc32: 1 }],
      });
      expect(noCrc[0].sha256.equals(sha("sha256", big))).toBe(true);
    } finally {
      await r.close();
      await pool.close();
    }
  });
});

describe("zip64 sizes", () => {
  it("streams an entry larger than 4 GiB (zeros, deflated) and reads it back", async () => {
    const file = path.join(dir, "huge.zip");
    const block = Buffer.alloc(4 * 1024 * 1024);
    const blocks = 1025; // 4 GiB + 4 MiB
    const total = block.length * blocks;
    async function* zeros() {
      for (let i = 0; i < blocks; i++) yield block;
    }
    const w = await ZipWriter.create(file);
    await w.addStream("huge.bin", zeros(), { level: 1 });
    await w.addBuffer("after.txt", Buffer.from("after"), { level: 6 });
    await w.close();
    const limits = { ...DEFAULT_ZIP_LIMITS, maxCompressionRatio: 5000 };
    const r = await ZipReader.open(file, limits);
    try {
      const huge = byName(r, "huge.bin");
      expect(huge.uncompressedSize).toBe(total);
      expect(huge.uncompressedSize).toBeGreaterThan(0xffffffff);
      expect((await r.readEntry(byName(r, "after.txt"))).toString()).toBe("after");
      let seen = 0;
      for await (const chunk of await r.openEntry(huge)) seen += (chunk as Buffer).length; // CRC checked at the end
      expect(seen).toBe(total);
    } finally {
      await r.close();
    }
    if (hasUnzip) expect(execFileSync("unzip", ["-l", file]).toString()).toContain(String(total));
    fs.rmSync(file);
  }, 180_000);
});

describe("zip reader rejects bad archives", () => {
  it("APPLE_BAD_ZIP for a non-zip file and for a truncated one", async () => {
    const junk = path.join(dir, "junk.zip");
    fs.writeFileSync(junk, crypto.randomBytes(5000));
    expect(await codeOf(ZipReader.open(junk))).toBe("APPLE_BAD_ZIP");
    const good = path.join(dir, "trunc-src.zip");
    await buildSample(good);
    const trunc = path.join(dir, "trunc.zip");
    const buf = fs.readFileSync(good);
    fs.writeFileSync(trunc, buf.subarray(0, buf.length - 30));
    expect(await codeOf(ZipReader.open(trunc))).toBe("APPLE_BAD_ZIP");
  });

  it("APPLE_ZIP_BOMB on declared sizes (total and ratio) before reading any data", async () => {
    const file = path.join(dir, "zeros.zip");
    const w = await ZipWriter.create(file);
    await w.addBuffer("zeros", Buffer.alloc(8 * 1024 * 1024), { level: 9 });
    await w.close();
    expect(await codeOf(ZipReader.open(file))).toBe("APPLE_ZIP_BOMB"); // ~1000:1
    const lim = { ...DEFAULT_ZIP_LIMITS, maxCompressionRatio: 2000, maxTotalUncompressedSize: 1024 * 1024 };
    expect(await codeOf(ZipReader.open(file, lim))).toBe("APPLE_ZIP_BOMB");
    const ok = await ZipReader.open(file, { ...lim, maxTotalUncompressedSize: 1e9 });
    expect((await ok.readEntry(ok.entries[0])).length).toBe(8 * 1024 * 1024);
    await ok.close();
  });

  it("APPLE_ZIP_BOMB while inflating an entry that lies about its size, APPLE_BAD_ZIP on bad CRC", async () => {
    const file = path.join(dir, "liar.zip");
    const w = await ZipWriter.create(file);
    await w.addBuffer("data", text, { level: 6 });
    await w.close();
    const buf = fs.readFileSync(file);
    const cd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const lied = Buffer.from(buf);
    lied.writeUInt32LE(1000, cd + 24); // declared uncompressed size in the central directory
    fs.writeFileSync(path.join(dir, "liar2.zip"), lied);
    const r = await ZipReader.open(path.join(dir, "liar2.zip"));
    expect(await codeOf(r.readEntry(r.entries[0]))).toBe("APPLE_ZIP_BOMB");
    await r.close();
    const badCrc = Buffer.from(buf);
    badCrc.writeUInt32LE(0x12345678, cd + 16);
    fs.writeFileSync(path.join(dir, "badcrc.zip"), badCrc);
    const r2 = await ZipReader.open(path.join(dir, "badcrc.zip"));
    expect(await codeOf(r2.readEntry(r2.entries[0]))).toBe("APPLE_BAD_ZIP");
    await r2.close();
  });

  it("APPLE_ZIP_BOMB for overlapping entries", async () => {
    const file = path.join(dir, "overlap.zip");
    const w = await ZipWriter.create(file);
    await w.addBuffer("a", text, { level: 6 });
    await w.addBuffer("b", text, { level: 6 });
    await w.close();
    const buf = fs.readFileSync(file);
    let cd = buf.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    cd = buf.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), cd + 4);
    buf.writeUInt32LE(0, cd + 42); // second entry points at the first one's data
    fs.writeFileSync(file, buf);
    expect(await codeOf(ZipReader.open(file))).toBe("APPLE_ZIP_BOMB");
  });

  it("APPLE_UNSAFE_PATH for .., absolute, backslash and NUL names", async () => {
    for (const name of ["../evil", "Payload/../../evil", "/etc/passwd", "Payload\\..\\evil", "a\0b", "C:/x"]) {
      expect(() => checkEntryName(name)).toThrow(AppleError);
      const file = path.join(dir, "unsafe.zip");
      const w = await ZipWriter.create(file);
      await w.addBuffer(name, Buffer.from("x"), { level: 0 });
      await w.close();
      expect(await codeOf(ZipReader.open(file))).toBe("APPLE_UNSAFE_PATH");
    }
    expect(() => checkEntryName("Payload/a..b/..c")).not.toThrow();
  });

  it("checks symlink targets against a root", () => {
    expect(() => checkSymlinkTarget("Payload/A.app/x", "y/z", "Payload/A.app")).not.toThrow();
    expect(() => checkSymlinkTarget("Payload/A.app/d/x", "../y", "Payload/A.app")).not.toThrow();
    for (const t of ["../../etc", "/etc/passwd", "..\\x", "../B.app/x"]) {
      expect(() => checkSymlinkTarget("Payload/A.app/x", t, "Payload/A.app")).toThrow(/指向包外/);
    }
  });
});

describe("parallel block deflate", () => {
  it("writes one stream any inflater reads: blocks primed with the previous 32 KiB, sync-flushed, closed by a final block", async () => {
    // Text that repeats across block boundaries (so the dictionary matters), 5.5 MiB: six blocks, the last short.
    const line = (i: number) => `{"id":${i % 977},"name":"item ${i % 131}","tags":["a","b","${i % 7}"]}\n`;
    const parts: Buffer[] = [];
    for (let i = 0, n = 0; n < 5.5 * 1024 * 1024; i++) {
      const b = Buffer.from(line(i));
      parts.push(b);
      n += b.length;
    }
    const data = Buffer.concat(parts);
    const file = path.join(dir, "parallel.zip");
    const w = await ZipWriter.create(file);
    await w.addStream("big.json", Readable.from([data.subarray(0, 777_777), data.subarray(777_777)]), {
      level: 6,
      parallel: 3,
      sizeHint: data.length,
    });
    await w.addStream("serial.json", Readable.from([data]), { level: 6, parallel: 1, sizeHint: data.length });
    await w.close();
    const r = await ZipReader.open(file);
    try {
      const [par, ser] = r.entries;
      expect((await r.readEntry(par!)).equals(data)).toBe(true);
      // Priming with the previous window keeps the size close to one serial stream.
      expect(par!.compressedSize).toBeLessThan(ser!.compressedSize * 1.05);
    } finally {
      await r.close();
    }
    if (hasUnzip) expect(execFileSync("unzip", ["-tq", file]).toString()).toContain("No errors detected");
  });
});
