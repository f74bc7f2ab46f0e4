#!/usr/bin/env node
/**
 * Signing benchmark: builds a ~100 MB and a ~1 GB IPA (a few MB of code, the rest resources:
 * incompressible data stored, compressible text deflated), signs each in a child process and
 * compares with a plain streaming copy of the same file, also in a child process, with the page
 * cache dropped before every timed run when the machine allows it (root on Linux).
 *
 *   npm run build -w worker && node tests/bench/sign.mjs     (BENCH_DIR=/path to choose the disk)
 *
 * Targets: signing <= 2x the copy time on the 1 GB IPA; peak RSS <= 256 MB for every size.
 * Exits 1 when a target is missed.
 */
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const DIST = path.join(ROOT, "worker/dist/signing");
const APPLE_DIST = path.join(ROOT, "packages/apple/dist");
const FIX = path.join(ROOT, "packages/apple/fixtures/out");
const MB = 1024 * 1024;
const TARGET_RATIO = 2;
const TARGET_RSS_MB = 256;

if (!fs.existsSync(path.join(DIST, "signer.js")) || !fs.existsSync(path.join(APPLE_DIST, "zip/writer.js"))) {
  console.error("bench: worker/dist or packages/apple/dist is missing; run `npm run build -w worker` first");
  process.exit(1);
}
execFileSync("bash", [path.join(ROOT, "packages/apple/fixtures/gen.sh")], { stdio: ["ignore", "ignore", "inherit"] });
const require = (await import("node:module")).createRequire(import.meta.url);
const { ZipWriter } = require(path.join(APPLE_DIST, "zip/writer.js"));

const work = fs.mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), "ipasign-bench-"));

// ------------------------------------------------------------------ inputs
/** A few MB of real arm64 code: the fixture program with a 4 MiB blob linked into __TEXT. */
function buildBigExecutable() {
  const blob = path.join(work, "blob.bin");
  fs.writeFileSync(blob, crypto.randomBytes(4 * MB));
  const src = path.join(work, "big.c");
  fs.writeFileSync(
    src,
    `__asm__(".section __TEXT,__const\\n.globl _blob\\n_blob:\\n.incbin \\"${blob}\\"\\n");\n` +
      "extern const unsigned char blob[];\nint main(void) { return blob[7]; }\n",
  );
  const exe = path.join(work, "Big");
  execFileSync("clang", ["-O2", "-nostdlib", "-fuse-ld=lld", "-Wl,-e,_main", "-target", "arm64-apple-ios14.0", "-o", exe, src]);
  return fs.readFileSync(exe);
}

function xmlPlist(dict) {
  const body = Object.entries(dict)
    .map(([k, v]) => `\t<key>${k}</key>\n\t<string>${v}</string>\n`)
    .join("");
  return Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" ' +
      `"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n${body}</dict>\n</plist>\n`,
  );
}

/** Text that deflates about 3:1, like JSON, scripts and localizations. */
function compressibleBlock(size) {
  const words = Array.from({ length: 4096 }, () => crypto.randomBytes(3 + (crypto.randomInt(6))).toString("base64url"));
  const parts = [];
  let len = 0;
  while (len < size) {
    const w = `"${words[crypto.randomInt(words.length)]}": ${crypto.randomInt(1e6)},\n`;
    parts.push(w);
    len += w.length;
  }
  return Buffer.from(parts.join("")).subarray(0, size);
}

async function buildIpa(file, targetBytes, exe) {
  const w = await ZipWriter.create(file);
  const app = "Payload/Bench.app/";
  await w.addBuffer(`${app}Info.plist`, xmlPlist({ CFBundleExecutable: "Big", CFBundleIdentifier: "com.example.bench", CFBundleShortVersionString: "1.0", CFBundleVersion: "1" }), { level: 6 });
  await w.addBuffer(`${app}Big`, exe, { level: 6, mode: 0o755 });
  for (let i = 0; i < 3; i++) {
    const fw = `${app}Frameworks/F${i}.framework/`;
    await w.addBuffer(`${fw}Info.plist`, xmlPlist({ CFBundleExecutable: `F${i}`, CFBundleIdentifier: `com.example.bench.f${i}` }), { level: 6 });
    await w.addBuffer(`${fw}F${i}`, fs.readFileSync(path.join(FIX, "bin/framework-arm64")), { level: 6, mode: 0o755 });
  }
  const random = crypto.randomBytes(16 * MB);
  const text = compressibleBlock(4 * MB);
  let i = 0;
  // ~75% of the archive incompressible (images, media: stored), ~25% compressible text.
  let written = 0;
  while (written < targetBytes) {
    const compressible = i % 4 === 3;
    const size = (compressible ? 12 : 8) * MB + crypto.randomInt(MB);
    const src = compressible ? text : random;
    const chunks = [];
    for (let off = 0; off < size; off += src.length) chunks.push(src.subarray(0, Math.min(src.length, size - off)));
    const name = compressible ? `${app}data/text-${i}.json` : `${app}media/blob-${i}.bin`;
    await w.addStream(name, chunks, { level: compressible ? 1 : 0, sizeHint: size });
    written += compressible ? size / 3 : size;
    i++;
  }
  for (let j = 0; j < 2000; j++) await w.addBuffer(`${app}small/${j}.txt`, text.subarray(j * 100, j * 100 + 2000), { level: 6 });
  return w.close();
}

// ------------------------------------------------------------------ timing in child processes
function dropCaches() {
  try {
    execFileSync("sync");
    fs.writeFileSync("/proc/sys/vm/drop_caches", "3");
    return true;
  } catch {
    return false;
  }
}

const COPY_CHILD = `
const fs = require("node:fs"); const { pipeline } = require("node:stream/promises");
const [src, dst] = process.argv.slice(1);
const t = process.hrtime.bigint();
pipeline(fs.createReadStream(src, { highWaterMark: 256 * 1024 }), fs.createWriteStream(dst)).then(() => {
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  const u = process.resourceUsage();
  process.stdout.write(JSON.stringify({ ms, maxRssKb: u.maxRSS, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000 }));
});`;

const SIGN_CHILD = `
const fs = require("node:fs");
const { signIpa } = require(process.argv[1]);
const [, ipaPath, p12, profile, outPath] = process.argv.slice(1);
const t = process.hrtime.bigint();
signIpa({ ipaPath, p12: fs.readFileSync(p12), password: "test123", profile: fs.readFileSync(profile), outPath })
  .then((r) => {
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    const u = process.resourceUsage();
    process.stdout.write(JSON.stringify({ ms, maxRssKb: u.maxRSS, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, outputSize: r.outputSize }));
  })
  .catch((e) => { console.error(e.code ?? "", e.message); process.exit(1); });`;

function child(script, args) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ["-e", script, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`child exited ${code}`))));
  });
}

// ------------------------------------------------------------------ run
const rows = [];
let failed = false;
try {
  console.log(`bench: building inputs in ${work} ...`);
  const exe = buildBigExecutable();
  const sizes = [
    { label: "100 MB", bytes: 100 * MB, ratioTarget: false },
    { label: "1 GB", bytes: 1024 * MB, ratioTarget: true },
  ];
  for (const s of sizes) {
    const ipa = path.join(work, `bench-${s.bytes}.ipa`);
    const size = await buildIpa(ipa, s.bytes, exe);
    const cold = dropCaches();
    const copy = await child(COPY_CHILD, [ipa, path.join(work, "copy.ipa")]);
    fs.rmSync(path.join(work, "copy.ipa"));
    dropCaches();
    const signed = path.join(work, "signed.ipa");
    const sign = await child(SIGN_CHILD, [
      path.join(DIST, "signer.js"),
      ipa,
      path.join(FIX, "p12/leaf-aes.p12"),
      path.join(FIX, "profiles/adhoc.mobileprovision"),
      signed,
    ]);
    fs.rmSync(signed);
    fs.rmSync(ipa);
    const ratio = sign.ms / copy.ms;
    const rssMb = sign.maxRssKb / 1024;
    const okRatio = !s.ratioTarget || ratio <= TARGET_RATIO;
    const okRss = rssMb <= TARGET_RSS_MB;
    failed ||= !okRatio || !okRss;
    rows.push({
      IPA: s.label,
      "size MB": (size / MB).toFixed(0),
      cache: cold ? "dropped" : "warm",
      "copy s": (copy.ms / 1000).toFixed(2),
      "sign s": (sign.ms / 1000).toFixed(2),
      "sign MB/s": (size / MB / (sign.ms / 1000)).toFixed(0),
      "sign/copy": `${ratio.toFixed(2)}x${s.ratioTarget ? (okRatio ? " ✓" : ` ✗ (> ${TARGET_RATIO}x)`) : ""}`,
      "peak RSS MB": `${rssMb.toFixed(0)}${okRss ? " ✓" : ` ✗ (> ${TARGET_RSS_MB})`}`,
      "copy RSS MB": (copy.maxRssKb / 1024).toFixed(0),
      "CPU s sign/copy": `${(sign.cpuMs / 1000).toFixed(1)}/${(copy.cpuMs / 1000).toFixed(1)}`,
    });
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
console.log("\nIPA signing benchmark (signing includes the verification of the output)");
console.table(rows);
console.log(`machine: ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
console.log(`targets: sign/copy <= ${TARGET_RATIO}x on 1 GB, peak RSS <= ${TARGET_RSS_MB} MB: ${failed ? "MISSED" : "met"}`);
process.exit(failed ? 1 : 0);
