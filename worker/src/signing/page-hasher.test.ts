/**
 * Page hashes from a second thread while the file is written (page-hasher), and the signer that takes them.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "./codedirectory";
import { hashPagesOnThread } from "./page-hasher";
import { signIpa } from "./signer";
import { verifyIpa } from "./verify";
import { buildRealShapedIpa } from "../../../tests/bench/lib/bench-ipa.mjs";
import { checkSignedIpa } from "../../../tests/support/ipa-checker";
import {
  commandAvailable,
  ensureFixtures,
  fixtureCredentials,
  FIXTURES_DIR,
} from "../../../packages/apple/fixtures/fixtures";

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "page-hasher-"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Writes `content` to a new file in pieces, telling the job after each. */
function writeInPieces(file: string, content: Buffer, written: (bytes: number) => void): void {
  const fd = fs.openSync(file, "w");
  try {
    for (let at = 0; at < content.length;) {
      const n = Math.min(content.length - at, 1 + Math.floor(Math.random() * 300_000));
      fs.writeSync(fd, content, at, n);
      at += n;
      written(at);
    }
  } finally {
    fs.closeSync(fd);
  }
}

describe("hashPagesOnThread", () => {
  it("hashes every whole page of a file as it is written, and the file's CRC vouches for what it read", async () => {
    const content = crypto.randomBytes(3 * 1024 * 1024 + 1234);
    const file = path.join(tmp, "grow.bin");
    const job = hashPagesOnThread(file, content.length, true)!;
    expect(job).toBeDefined();
    expect(hashPagesOnThread(path.join(tmp, "other.bin"), 10_000, true)).toBeUndefined(); // one file at a time
    writeInPieces(file, content, job.written);
    const pages = await job.finish(zlib.crc32(content));
    const count = Math.floor(content.length / PAGE_SIZE);
    expect(pages?.count).toBe(count);
    for (const i of [0, 1, count >> 1, count - 1]) {
      const page = content.subarray(i * PAGE_SIZE, (i + 1) * PAGE_SIZE);
      expect(pages!.sha1!.subarray(i * 20, i * 20 + 20)).toEqual(crypto.hash("sha1", page, "buffer"));
      expect(pages!.sha256.subarray(i * 32, i * 32 + 32)).toEqual(crypto.hash("sha256", page, "buffer"));
    }

    // Without SHA-1 (code that gets a SHA-256 CodeDirectory only): the same SHA-256 hashes, no SHA-1 table.
    const only256 = hashPagesOnThread(file, content.length, false)!;
    only256.written(content.length);
    const pages256 = await only256.finish(zlib.crc32(content));
    expect(pages256?.sha1).toBeUndefined();
    expect(pages256?.sha256.equals(pages!.sha256)).toBe(true);

    // The same file against another CRC (a page misread, say): no hashes.
    const again = hashPagesOnThread(file, content.length, true)!;
    again.written(content.length);
    expect(await again.finish(zlib.crc32(content) ^ 1)).toBeUndefined();
  });

  it("an aborted job gives nothing, and the thread serves the next one", async () => {
    const file = path.join(tmp, "cut.bin");
    const content = crypto.randomBytes(1024 * 1024);
    const job = hashPagesOnThread(file, content.length * 4, true)!; // promised 4 MiB, only 1 written
    writeInPieces(file, content, job.written);
    job.abort();
    expect(await job.finish(0)).toBeUndefined();
    const next = hashPagesOnThread(file, content.length, false)!;
    next.written(content.length);
    expect((await next.finish(zlib.crc32(content)))?.count).toBe(256);
    // A warm thread given a file that does not exist yet (the signer starts the job before the extraction opens it).
    const later = path.join(tmp, "later.bin");
    const third = hashPagesOnThread(later, content.length, true)!;
    await new Promise((resolve) => setTimeout(resolve, 50));
    writeInPieces(later, content, third.written);
    expect((await third.finish(zlib.crc32(content)))?.count).toBe(256);
  });
});

describe.skipIf(!commandAvailable("clang", "--version"))("signing with the page thread", () => {
  it("signs a real-shaped app as the signer alone does: verified, and clean for the independent checker", async () => {
    ensureFixtures();
    const { path: input } = await buildRealShapedIpa(tmp, { exeMiB: 6, imageMiB: 1, textMiB: 1, name: "app.ipa" });
    const root = path.join(FIXTURES_DIR, "pki/root.pem");
    const out = path.join(tmp, "threaded.ipa");
    await signIpa({ ipaPath: input, ...fixtureCredentials(), outPath: out, workDir: tmp, pageThread: "once" });
    expect((await verifyIpa(out, { trustedRoots: [fs.readFileSync(root, "utf8")] })).problems).toEqual([]);
    const report = await checkSignedIpa(out, {
      rootPem: root,
      teamId: "TEAMID1234",
      signerCommonName: "iPhone Distribution: Test Co (TEAMID1234)",
    });
    expect(report.problems).toEqual([]);
  }, 180_000);
});
