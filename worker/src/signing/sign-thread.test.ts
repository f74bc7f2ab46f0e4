/**
 * Signing threads kept warm: a run that ended normally leaves its thread for the next one; a thread that failed or was
 * aborted, or that ends while it waits, is never handed out again. The threads run the built entry (worker/dist).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureFixtures, FIXTURES_DIR } from "../../../packages/apple/fixtures/fixtures";
import crypto from "node:crypto";
import { ZipReader } from "@gryx/apple/zip/reader";
import { ZipWriter } from "@gryx/apple/zip/writer";
import { liveThreads, signInThread, warmThreads, type ThreadSignInput } from "./sign-thread";

const root = path.resolve(__dirname, "../../..");
let tmp: string;
let n = 0;

beforeAll(() => {
  ensureFixtures();
  execFileSync(process.execPath, [
    require.resolve("typescript/bin/tsc"),
    "-b",
    path.join(root, "worker/tsconfig.json"),
  ]);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "sign-thread-"));
}, 180_000);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const input = (ipa = "thin", password = "test123"): ThreadSignInput => ({
  ipaPath: path.join(FIXTURES_DIR, "ipa", `${ipa}.ipa`),
  p12: fs.readFileSync(path.join(FIXTURES_DIR, "p12/leaf-aes.p12")),
  password,
  profile: fs.readFileSync(path.join(FIXTURES_DIR, "profiles/adhoc.mobileprovision")),
  outPath: path.join(tmp, `out-${n++}.ipa`),
  workDir: tmp,
});
const LIMIT = { memoryLimitMb: 256 };

describe("warm signing threads", () => {
  it("an aborted run answers once its thread has stopped: the output it was writing changes no more", async () => {
    // The full fixture plus 96 MiB of stored random data: a run long enough to be stopped while it writes.
    const big = path.join(tmp, "big.ipa");
    const r = await ZipReader.open(path.join(FIXTURES_DIR, "ipa", "full.ipa"));
    const w = await ZipWriter.create(big);
    for (const e of r.entries) await w.addRaw(e.name, e, await r.openRaw(e));
    await r.close();
    const chunk = crypto.randomBytes(4 * 1024 * 1024);
    await w.addStream(
      "Payload/Demo.app/media/big.bin",
      Array.from({ length: 24 }, () => chunk),
      { level: 0, sizeHint: 96 * 1024 * 1024 },
    );
    await w.close();
    const abort = new AbortController();
    const inp = { ...input("full"), ipaPath: big };
    const partial = `${inp.outPath}.partial`;
    const run = signInThread(inp, {
      ...LIMIT,
      signal: abort.signal,
      onProgress: (p) => {
        if (p.stage === "signing" && p.done > 0 && fs.existsSync(partial) && fs.statSync(partial).size > 0)
          abort.abort(new Error("cancelled"));
      },
    });
    await expect(run).rejects.toThrow("cancelled");
    // The caller removes the run's files from here on: the run's thread has exited (the file's first test, so no
    // thread was started before it), and nothing writes the files again. (The run, stopped at its next check, has
    // usually removed its partial output itself already.)
    expect(liveThreads()).toBe(0);
    const state = () => (fs.existsSync(partial) ? [fs.statSync(partial).size, fs.statSync(partial).mtimeMs] : "gone");
    const at = state();
    await new Promise((done) => setTimeout(done, 1000));
    expect(state()).toEqual(at);
    expect(fs.existsSync(inp.outPath)).toBe(false);
  }, 120_000);

  it("hands a finished run's thread to the next run, which signs as well", async () => {
    const before = warmThreads();
    const first = await signInThread(input(), LIMIT);
    expect(first.bundleId).toBeTruthy();
    expect(warmThreads()).toBe(before + 1);
    const second = input();
    const again = await signInThread(second, LIMIT);
    expect(again.bundleId).toBe(first.bundleId);
    expect(fs.statSync(second.outPath).size).toBeGreaterThan(0);
    expect(warmThreads()).toBe(before + 1); // taken, and given back
  }, 60_000);

  it("a refused run (wrong password) gives its thread back; an aborted run ends its thread", async () => {
    await expect(signInThread(input("thin", "wrong"), LIMIT)).rejects.toMatchObject({ name: "AppleError" });
    const warm = warmThreads();
    expect(warm).toBeGreaterThan(0);
    const abort = new AbortController();
    const run = signInThread(input("full"), { ...LIMIT, signal: abort.signal });
    abort.abort(new Error("cancelled"));
    await expect(run).rejects.toThrow("cancelled");
    expect(warmThreads()).toBe(warm - 1); // the one it took is not given back
    // The next run still signs (on a warm thread or a new one).
    expect((await signInThread(input(), LIMIT)).bundleId).toBeTruthy();
  }, 60_000);
});
