/**
 * The self-check proves a spliced executable instead of inflating it again (splice-proof): it decodes the
 * re-compressed ends, compares the copied middle with the input's stream, checks the CRC from the input's, and takes
 * the middle's page hashes from the signer. Every part of that record is checked: a record that does not fit the
 * output is not proved (the entry is then inflated and checked in full, and a good output still passes), and a
 * proved entry whose CRC or page hashes are wrong fails.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ZipReader } from "@gryx/apple/zip/reader";
import type { SpliceRecord } from "./splice-proof";
import type { VerifyOptions, VerifyResult } from "./verify";
import { buildRealShapedIpa } from "../../../tests/bench/lib/bench-ipa.mjs";
import {
  commandAvailable,
  ensureFixtures,
  fixtureCredentials,
  FIXTURES_DIR,
} from "../../../packages/apple/fixtures/fixtures";

/** What the signer's self-check was given and found, with each record's extracted input kept past the run. */
const seen: { records: Map<string, SpliceRecord>; result: VerifyResult }[] = [];
let keepDir = "";

vi.mock("./verify", async (importOriginal) => {
  const real = await importOriginal<typeof import("./verify")>();
  return {
    ...real,
    verifyIpa: async (ipaPath: string, opts: VerifyOptions = {}) => {
      const records = new Map<string, SpliceRecord>();
      for (const [name, rec] of opts.spliced ?? []) {
        // The signer removes its temp dir when it is done: a copy of the extracted input, for the tests below.
        const kept = path.join(keepDir, `${seen.length}-${records.size}.bin`);
        if (fs.existsSync(rec.contentFile)) fs.copyFileSync(rec.contentFile, kept);
        records.set(name, { ...rec, contentFile: kept });
      }
      const result = await real.verifyIpa(ipaPath, opts);
      seen.push({ records, result });
      return result;
    },
  };
});

const { signIpa } = await import("./signer");
const { verifyIpa } = await import("./verify");

const EXE = "Payload/Real.app/Real";

describe.skipIf(!commandAvailable("clang", "--version"))("the self-check of a spliced executable", () => {
  let tmp: string;
  let signed: string;
  let record: SpliceRecord;
  let roots: string[];

  beforeAll(async () => {
    ensureFixtures();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "splice-proof-"));
    keepDir = tmp;
    roots = [fs.readFileSync(path.join(FIXTURES_DIR, "pki/root.pem"), "utf8")];
    const { path: input } = await buildRealShapedIpa(tmp, { exeMiB: 6, imageMiB: 0, textMiB: 0, name: "big.ipa" });
    signed = path.join(tmp, "signed.ipa");
    await signIpa({ ipaPath: input, ...fixtureCredentials(), outPath: signed, workDir: tmp });
  }, 180_000);
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  const check = (records: Map<string, SpliceRecord>, ipa = signed) =>
    verifyIpa(ipa, { trustedRoots: roots, spliced: records }).catch((e: Error) => ({
      ok: false,
      problems: [e.message],
      splicesProved: -1,
    }));
  /** A copy of the record's extracted input with the byte at `at` changed. */
  const alteredCopy = (r: SpliceRecord, at: number) => {
    const bytes = fs.readFileSync(r.contentFile);
    bytes[at] ^= 0x55;
    const file = path.join(tmp, `altered-${at}.bin`);
    fs.writeFileSync(file, bytes);
    return file;
  };
  const changed = (edit: (r: SpliceRecord) => Partial<SpliceRecord>) =>
    new Map([[EXE, { ...record, ...edit(record) }]]);

  it("proves the executable the signer spliced, and the output is sound", async () => {
    const run = seen.at(-1)!;
    expect(run.result.ok).toBe(true);
    expect(run.result.splicesProved).toBe(1);
    record = run.records.get(EXE)!;
    expect(record.copyTo - record.copyFrom).toBeGreaterThan(1024 * 1024);
    const again = await check(run.records);
    expect([again.ok, again.splicesProved]).toEqual([true, 1]);
  }, 120_000);

  it("a record that does not fit the output is not proved: the entry is inflated, and the good output passes", async () => {
    const wrong: [string, Map<string, SpliceRecord>][] = [
      ["first bit", changed((r) => ({ from: { ...r.from, bit: r.from.bit + 1 } }))],
      ["end bit", changed((r) => ({ to: { ...r.to, bit: r.to.bit - 1 } }))],
      ["prefix length", changed((r) => ({ prefixLength: r.prefixLength + 1 }))],
      ["copied range", changed((r) => ({ copyFrom: r.copyFrom + 8, copyTo: r.copyTo + 8 }))],
      ["middle's start", changed((r) => ({ from: { ...r.from, byte: r.from.byte + 1 } }))],
      ["input", changed(() => ({ inputStart: 0 }))],
      ["extracted input", changed(() => ({ contentFile: path.join(tmp, "gone.bin") }))],
      // The middle's window (the 32 KiB before it) and its first block must be what the input's content says.
      ["window", changed((r) => ({ contentFile: alteredCopy(r, r.from.byte - 32 * 1024 + 3) }))],
      ["first block", changed((r) => ({ contentFile: alteredCopy(r, r.from.byte + 10) }))],
    ];
    for (const [label, records] of wrong) {
      const v = await check(records);
      expect([label, v.ok, v.splicesProved, v.problems]).toEqual([label, true, 0, []]);
    }
  }, 120_000);

  it("a proved entry is still held to its CRC and its CodeDirectories' page hashes", async () => {
    const crc = await check(changed((r) => ({ contentCrc: r.contentCrc ^ 1 })));
    expect(crc.ok).toBe(false);
    expect(crc.problems.join("\n")).toMatch(/CRC/);
    const pages = changed((r) => {
      const sha256 = Buffer.from(r.pages.sha256);
      sha256[Math.floor(sha256.length / 64) * 32] ^= 1; // a page in the middle
      return { pages: { sha1: r.pages.sha1, sha256 } };
    });
    const hashes = await check(pages);
    expect(hashes.ok).toBe(false);
    expect(hashes.problems.join("\n")).toMatch(/Real: .*page hash\(es\) mismatch/);
  }, 120_000);

  it("a changed byte in the copied middle of the output is not proved, and the full check finds it", async () => {
    const r = await ZipReader.open(signed);
    let at: number;
    try {
      // Halfway through the copied bytes: past the middle's first block, which the proof decodes.
      const half = Math.floor((record.copyTo - record.copyFrom) / 2);
      at = (await r.dataOffset(r.entries.find((e) => e.name === EXE)!)) + record.prefixLength + half;
    } finally {
      await r.close();
    }
    const bad = path.join(tmp, "bad.ipa");
    const bytes = fs.readFileSync(signed);
    bytes[at] ^= 0x10;
    fs.writeFileSync(bad, bytes);
    const v = await check(new Map([[EXE, record]]), bad);
    expect(v.ok).toBe(false);
    expect(v.splicesProved).not.toBe(1);
  }, 120_000);
});
