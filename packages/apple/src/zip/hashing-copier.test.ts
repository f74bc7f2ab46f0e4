import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppleError } from "../errors";
import { HashingCopier } from "./hashing-copier";
import { ZipReader, type ZipEntry } from "./reader";
import { ZipWriter } from "./writer";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hashing-copier-test-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const sha = (algo: string, b: Buffer) => crypto.createHash(algo).update(b).digest("hex");
const MiB = 1024 * 1024;

/** Every kind the copier treats differently: small stored/deflated, large stored/deflated, empty, a directory. */
const contents: [string, Buffer, number][] = [
  ["small-stored.bin", crypto.randomBytes(3000), 0],
  ["small-deflated.txt", Buffer.from("hello copier\n".repeat(5000)), 6],
  ["large-stored.bin", crypto.randomBytes(5 * MiB + 123), 0],
  ["large-deflated.txt", Buffer.from(Array.from({ length: 300_000 }, (_, i) => `line ${i} ${i % 97}\n`).join("")), 6],
  ["empty", Buffer.alloc(0), 0],
  ...Array.from({ length: 300 }, (_, i): [string, Buffer, number] => [
    `many/${i}.txt`,
    Buffer.from(`file ${i} `.repeat(i + 1)),
    i % 2 ? 6 : 0,
  ]),
];

async function buildSource(file: string, patch?: (name: string) => Partial<ZipEntry> | undefined): Promise<void> {
  const w = await ZipWriter.create(file);
  await w.addDirectory("dir/");
  for (const [name, data, level] of contents) await w.addStream(name, [data], { level, sizeHint: data.length });
  await w.close();
  if (!patch) return;
  // Rewrite with lying metadata (the bytes copied raw, the central directory patched).
  const r = await ZipReader.open(file);
  const liar = `${file}.liar`;
  const w2 = await ZipWriter.create(liar);
  for (const e of r.entries) await w2.addRaw(e.name, { ...e, ...patch(e.name) }, await r.openRaw(e));
  await w2.close();
  await r.close();
  fs.renameSync(liar, file);
}

async function copyAll(src: string, opts: { signal?: AbortSignal; threads?: 0 | 1 | 2 } = {}) {
  const r = await ZipReader.open(src, {
    maxEntries: 1000,
    maxTotalUncompressedSize: 1e10,
    maxCompressionRatio: 1e6,
    ratioCheckMinSize: 1e9,
  });
  const out = path.join(dir, `out-${crypto.randomUUID()}.zip`);
  const w = await ZipWriter.create(out);
  const copier = new HashingCopier(r, w, opts);
  try {
    const digests = new Map<string, Promise<{ sha1: Buffer; sha256: Buffer }>>();
    for (const e of r.entries) {
      const c = await copier.copy(e, !e.isDirectory);
      if (c.digests) digests.set(e.name, c.digests);
    }
    await copier.flush();
    const result = new Map<string, { sha1: string; sha256: string }>();
    for (const [name, p] of digests) {
      const d = await p;
      result.set(name, { sha1: d.sha1.toString("hex"), sha256: d.sha256.toString("hex") });
    }
    await w.close();
    return { out, result };
  } finally {
    await copier.close();
    await r.close();
  }
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppleError) return e.code;
    throw e;
  }
  return "no error";
}

describe("HashingCopier", () => {
  it.each([0, 1, 2] as const)(
    "copies every entry byte for byte and hashes its content, whatever its size and method (%i worker thread)",
    async (threads) => {
      const src = path.join(dir, `src-${threads}.zip`);
      await buildSource(src);
      const { out, result } = await copyAll(src, { threads });
      for (const [name, data] of contents) {
        expect(result.get(name), name).toEqual({ sha1: sha("sha1", data), sha256: sha("sha256", data) });
      }
      const a = await ZipReader.open(src);
      const b = await ZipReader.open(out);
      try {
        expect(b.entries.map((e) => e.name)).toEqual(a.entries.map((e) => e.name));
        for (const [i, e] of a.entries.entries()) {
          const c = b.entries[i]!;
          expect({ ...c, localHeaderOffset: 0 }).toEqual({ ...e, localHeaderOffset: 0 });
          if (!e.isDirectory) expect((await b.readEntry(c)).equals(await a.readEntry(e))).toBe(true);
        }
      } finally {
        await a.close();
        await b.close();
      }
    },
    60_000,
  );

  it("APPLE_BAD_ZIP for a wrong CRC or a short entry, APPLE_ZIP_BOMB for more bytes than declared", async () => {
    const cases: [string, Partial<ZipEntry>, string][] = [
      ["large-stored.bin", { crc32: 1 }, "APPLE_BAD_ZIP"],
      ["small-stored.bin", { crc32: 1 }, "APPLE_BAD_ZIP"],
      ["large-deflated.txt", { crc32: 1 }, "APPLE_BAD_ZIP"],
      ["large-deflated.txt", { uncompressedSize: 2 * MiB }, "APPLE_ZIP_BOMB"],
      ["small-deflated.txt", { uncompressedSize: 100 }, "APPLE_ZIP_BOMB"],
      ["large-deflated.txt", { uncompressedSize: 20 * MiB }, "APPLE_BAD_ZIP"],
    ];
    for (const [name, lie, code] of cases) {
      const src = path.join(dir, `liar-${crypto.randomUUID()}.zip`);
      await buildSource(src, (n) => (n === name ? lie : undefined));
      expect(await codeOf(copyAll(src)), `${name} ${JSON.stringify(lie)}`).toBe(code);
    }
  }, 60_000);

  it("an aborted signal stops the copy with its reason", async () => {
    const src = path.join(dir, "abort.zip");
    await buildSource(src);
    const ac = new AbortController();
    ac.abort(new Error("stop"));
    await expect(copyAll(src, { signal: ac.signal })).rejects.toThrow("stop");
  });
});
