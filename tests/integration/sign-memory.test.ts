/**
 * Issue 19 (supervision) / issue 21: the signer's memory does not grow with the number of entries. `ipasign sign`
 * (signing and its self-verification, the CLI process as `/usr/bin/time` measures it) runs on a generated IPA of
 * many empty files, in a child process that reports its own peak RSS (VmHWM) as it exits; the same for a
 * small IPA. A memory ceiling, not a timing test: the peaks do not depend on the machine's load.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPlist } from "@gryx/apple/plist";
import { ensureFixtures, FIXTURES_DIR } from "../../packages/apple/fixtures/fixtures";

const root = path.resolve(__dirname, "../..");
const { CLI_NODE_FLAGS, CLI_ENV } = createRequire(__filename)("../../worker/bin/cli-process.js") as {
  CLI_NODE_FLAGS: string[];
  CLI_ENV: Record<string, string>;
};
/**
 * Entries of the large IPA (the most the zip limits allow, with the app's two files), and what its signing may cost.
 * Measured on the shared 2-core VM: 96-98 MiB peak for 199,990 entries against 58 MiB for 100 (437 MiB before the
 * entry tables were packed and the seal streamed, 151 MiB before the places went to a log file). Issue 19's target is
 * 100 MiB; the bounds leave room for the collector's timing on a loaded machine, and `npm run bench:sign` prints the
 * figure against the target.
 */
const MANY = 199_990;
const GROWTH_LIMIT_MIB = 55;
const PEAK_LIMIT_MIB = 110;

let tmp: string;

beforeAll(() => {
  ensureFixtures();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "sign-memory-"));
  // The CLI runs from worker/dist: bring it up to date with the sources (incremental, quick when it is).
  execFileSync(
    process.execPath,
    [require.resolve("typescript/bin/tsc"), "-b", path.join(root, "worker/tsconfig.json")],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
}, 180_000);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/**
 * Writes an IPA straight from buffers (the zip writer would take tens of seconds for 100,000 entries): the
 * fixture app's Info.plist and arm64 executable, then `count` empty stored files in 500 folders.
 */
function manyEntriesIpa(file: string, count: number): void {
  const app = "Payload/Many.app/";
  const files: { name: string; data: Buffer; method: number; crc: number; size: number }[] = [];
  const add = (name: string, content: Buffer, deflate: boolean) => {
    const data = deflate ? zlib.deflateRawSync(content) : content;
    files.push({ name, data, method: deflate ? 8 : 0, crc: zlib.crc32(content) >>> 0, size: content.length });
  };
  const info = buildPlist({
    CFBundleExecutable: "Many",
    CFBundleIdentifier: "com.example.many",
    CFBundlePackageType: "APPL",
  });
  add(`${app}Info.plist`, Buffer.from(info), true);
  add(`${app}Many`, fs.readFileSync(path.join(FIXTURES_DIR, "bin/app-arm64")), true);
  const head = files.reduce((n, f) => n + 30 + f.name.length + f.data.length, 0);
  const names = Array.from({ length: count }, (_, i) => `${app}files/d${i % 500}/f${i}.txt`);
  const nameBytes = names.reduce((n, s) => n + s.length, 0);
  const local = Buffer.alloc(head + 30 * count + nameBytes);
  const central = Buffer.alloc(46 * (count + files.length) + nameBytes + files.reduce((n, f) => n + f.name.length, 0));
  let lp = 0;
  let cp = 0;
  const entry = (name: string, data: Buffer, method: number, crc: number, size: number) => {
    const offset = lp;
    local.writeUInt32LE(0x04034b50, lp);
    local.writeUInt16LE(20, lp + 4);
    local.writeUInt16LE(method, lp + 8);
    local.writeUInt32LE(crc, lp + 14);
    local.writeUInt32LE(data.length, lp + 18);
    local.writeUInt32LE(size, lp + 22);
    local.writeUInt16LE(name.length, lp + 26);
    local.write(name, lp + 30, "latin1");
    data.copy(local, lp + 30 + name.length);
    lp += 30 + name.length + data.length;
    central.writeUInt32LE(0x02014b50, cp);
    central.writeUInt16LE(0x031e, cp + 4); // made by unix
    central.writeUInt16LE(20, cp + 6);
    central.writeUInt16LE(method, cp + 10);
    central.writeUInt32LE(crc, cp + 16);
    central.writeUInt32LE(data.length, cp + 20);
    central.writeUInt32LE(size, cp + 24);
    central.writeUInt16LE(name.length, cp + 28);
    central.writeUInt32LE(((0o100644 << 16) >>> 0) as number, cp + 38);
    central.writeUInt32LE(offset, cp + 42);
    central.write(name, cp + 46, "latin1");
    cp += 46 + name.length;
  };
  for (const f of files) entry(f.name, f.data, f.method, f.crc, f.size);
  const empty = Buffer.alloc(0);
  for (const name of names) entry(name, empty, 0, 0, 0);
  const total = count + files.length;
  // zip64 end records: more than 65,535 entries.
  const z64 = Buffer.alloc(56 + 20);
  z64.writeUInt32LE(0x06064b50, 0);
  z64.writeBigUInt64LE(44n, 4);
  z64.writeUInt16LE(45, 12);
  z64.writeUInt16LE(45, 14);
  z64.writeBigUInt64LE(BigInt(total), 24);
  z64.writeBigUInt64LE(BigInt(total), 32);
  z64.writeBigUInt64LE(BigInt(cp), 40);
  z64.writeBigUInt64LE(BigInt(lp), 48);
  z64.writeUInt32LE(0x07064b50, 56);
  z64.writeBigUInt64LE(BigInt(lp + cp), 64);
  z64.writeUInt32LE(1, 72);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(0xffff, 8);
  eocd.writeUInt16LE(0xffff, 10);
  eocd.writeUInt32LE(cp, 12);
  eocd.writeUInt32LE(lp, 16);
  fs.writeFileSync(file, Buffer.concat([local.subarray(0, lp), central.subarray(0, cp), z64, eocd]));
}

/** Runs `ipasign sign` on `ipa` as a user would (worker/bin/ipasign.js) and returns the process's peak RSS in MiB. */
function signPeakMiB(ipa: string): Promise<number> {
  const report = path.join(tmp, "hwm.cjs");
  // Preloaded into the CLI's process: its VmHWM (all threads) when it exits.
  fs.writeFileSync(
    report,
    `process.on("exit", () => { const m = /VmHWM:\\s+(\\d+) kB/.exec(require("fs").readFileSync("/proc/self/status", "utf8")); process.stderr.write("VmHWM " + (m ? m[1] : "0") + "\\n"); });`,
  );
  const out = path.join(tmp, `${path.basename(ipa)}.signed.ipa`);
  const args = [
    "-r",
    report,
    ...CLI_NODE_FLAGS, // as the launcher starts the CLI (see bin/ipasign.js)
    path.join(root, "worker/bin/ipasign.js"),
    "sign",
    "--ipa",
    ipa,
    "--p12",
    path.join(FIXTURES_DIR, "p12/leaf-aes.p12"),
    "--password",
    "test123",
    "--profile",
    path.join(FIXTURES_DIR, "profiles/adhoc.mobileprovision"),
    "--out",
    out,
  ];
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...CLI_ENV } });
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (d) => (stdout += d));
    p.stderr.on("data", (d) => (stderr += d));
    p.on("exit", (code) => {
      const kb = Number(/VmHWM (\d+)/.exec(stderr)?.[1] ?? NaN);
      if (code !== 0 || !Number.isFinite(kb) || kb === 0) {
        reject(new Error(`ipasign exited ${code}: ${stderr.slice(-2000)}`));
        return;
      }
      expect(JSON.parse(stdout).bundleId).toBe("com.example.many");
      resolve(kb / 1024);
    });
  });
}

describe("ipasign sign: memory does not grow with the number of entries", () => {
  it(`signs and verifies ${MANY.toLocaleString("en")} entries in a bounded peak RSS`, async () => {
    if (process.platform !== "linux") return; // VmHWM is Linux's
    const small = path.join(tmp, "small.ipa");
    const many = path.join(tmp, "many.ipa");
    manyEntriesIpa(small, 100);
    manyEntriesIpa(many, MANY);
    const smallPeak = await signPeakMiB(small);
    const manyPeak = await signPeakMiB(many);
    expect(manyPeak - smallPeak, `peak ${manyPeak.toFixed(0)} MiB vs ${smallPeak.toFixed(0)} MiB`).toBeLessThan(
      GROWTH_LIMIT_MIB,
    );
    expect(manyPeak).toBeLessThan(PEAK_LIMIT_MIB);
    expect(fs.statSync(path.join(tmp, "many.ipa.signed.ipa")).size).toBeGreaterThan(MANY * 50);
  }, 170_000);
});
