#!/usr/bin/env node
/**
 * Signing benchmark: signs IPAs of incompressible stored resources plus a small fat app, a
 * real-shaped IPA and an IPA of 200,000 entries (see lib/bench-ipa.mjs) with ipasign, and with
 * zsign when env ZSIGN names a locally built binary, each in its own process, a few times,
 * alternating (median), with the page cache dropped before every run when the machine allows it
 * (root on Linux). Wall time is the process's, from spawn to exit; CPU time is user + system (a
 * fairer figure on a busy machine); peak RSS is the process's VmHWM (worker threads included;
 * zsign's through /usr/bin/time); size is the signed IPA's.
 *
 *   npm run bench:sign                                  (BENCH_DIR=/path chooses the disk)
 *   ZSIGN=/tmp/zsign/bin/zsign RUNS=5 npm run bench:sign
 *   CASES=real-shaped BENCH_KEEP=1 node tests/bench/sign.mjs     (one case; keep the inputs)
 *
 * zsign is never part of this repository: build it outside, e.g.
 *   git clone https://github.com/zhlynn/zsign /tmp/zsign && make -C /tmp/zsign/build/linux   (needs libssl-dev)
 *
 * Cases: 100 MB (10 x 10 MiB), 1 GB (100 x 10 MiB), 100 MB with a 128 MiB main executable
 * (memory must not depend on the executable's size), real-shaped (issue 21: a 120 MiB arm64
 * executable of real machine code, 30 MiB of images, 30 MiB of text; about 84 MB) and
 * 200k-entries (issue 19: 199,990 empty files). The child runs as bin/ipasign.js runs the CLI: its V8 flags and
 * malloc settings (worker/bin/cli-process.js).
 * small-warm (issue 21): a small real-shaped app (under 5 MB) signed again and again in one warm
 * process, each run on a signing thread of its own as the worker runs a task (sign-thread.ts, self-check
 * included); the median run after the first is its task time for signing.
 * Targets: peak RSS <= 100 MiB in every case; on 1 GB and real-shaped, wall time <= 0.5x zsign's;
 * on real-shaped, output size <= 0.5x zsign's (when ZSIGN is set); small-warm <= 100 ms.
 * Exits 1 when a target is missed.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import {
  buildBenchIpa,
  buildExecutable,
  buildManyEntriesIpa,
  buildRealShapedIpa,
  ensureFixtures,
  FIXTURE_CREDENTIALS,
} from "./lib/bench-ipa.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SIGNER = path.join(ROOT, "worker/dist/signing/index.js");
const SIGN_THREAD = path.join(ROOT, "worker/dist/signing/sign-thread.js");
/** The CLI's own signing options (CLI_SIGN_OPTIONS): the child signs as `ipasign sign` does. */
const CLI = path.join(ROOT, "worker/dist/signing/cli.js");
/** As bin/ipasign.js starts the CLI: its V8 flags and malloc settings (worker/bin/cli-process.js). */
const { CLI_NODE_FLAGS, CLI_ENV } = createRequire(import.meta.url)("../../worker/bin/cli-process.js");
/** small-warm: runs in one process, and the task-time target of a small app in a warm worker. */
const WARM_RUNS = 11;
const TARGET_WARM_MS = 100;
const MiB = 1024 * 1024;
const TARGET_RSS_MIB = 100;
const TARGET_RATIO = 0.5;
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const ZSIGN = process.env.ZSIGN;
const TIME = fs.existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

if (!fs.existsSync(SIGNER)) {
  console.error("bench: worker/dist is missing; run `npm run build -w worker` first");
  process.exit(1);
}
if (ZSIGN && !fs.existsSync(ZSIGN)) {
  console.error(`bench: ZSIGN=${ZSIGN} does not exist`);
  process.exit(1);
}
ensureFixtures();
const work = fs.mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), "ipasign-bench-"));

function dropCaches() {
  try {
    execFileSync("sync");
    fs.writeFileSync("/proc/sys/vm/drop_caches", "3");
    return true;
  } catch {
    return false;
  }
}

/**
 * Signs in a child process; the child reports its own peak RSS, all threads included: VmHWM, the
 * high-water mark of its address space. (getrusage's maxRSS would not do: Linux carries the
 * parent's RSS at fork time into it, and this bench process holds hundreds of MiB.)
 */
const SIGN_CHILD = `
const fs = require("node:fs");
const [signer, cli, ipaPath, p12, password, profile, outPath] = process.argv.slice(1);
const { signIpa } = require(signer);
const { CLI_SIGN_OPTIONS } = require(cli);
const hwmKb = () => {
  const m = /VmHWM:\\s+(\\d+) kB/.exec(fs.existsSync("/proc/self/status") ? fs.readFileSync("/proc/self/status", "utf8") : "");
  return m ? Number(m[1]) : process.resourceUsage().maxRSS;
};
const input = { ipaPath, p12: fs.readFileSync(p12), password, profile: fs.readFileSync(profile), outPath };
signIpa({ ...input, ...CLI_SIGN_OPTIONS })
  .then((r) => {
    const cpu = process.cpuUsage();
    process.stdout.write(JSON.stringify({ maxRssKb: hwmKb(), outputSize: r.outputSize, cpuMs: (cpu.user + cpu.system) / 1000 }));
  })
  .catch((e) => { console.error(e.code ?? "", e.message); process.exit(1); });`;

/** small-warm: one process signs the IPA WARM_RUNS times, each on its own signing thread; prints each run's ms. */
const WARM_CHILD = `
const fs = require("node:fs");
const [thread, ipaPath, p12, password, profile, outPath, runs] = process.argv.slice(1);
const { signInThread } = require(thread);
const input = { ipaPath, p12: fs.readFileSync(p12), password, profile: fs.readFileSync(profile), outPath };
(async () => {
  const ms = [];
  for (let i = 0; i < Number(runs); i++) {
    const t = process.hrtime.bigint();
    await signInThread(input, { memoryLimitMb: 512 });
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
    fs.rmSync(outPath, { force: true });
  }
  process.stdout.write(JSON.stringify({ ms }));
})().catch((e) => { console.error(e.code ?? "", e.message); process.exit(1); });`;

async function warmRuns(ipa, out) {
  const { out: stdout } = await run(process.execPath, [
    "--max-semi-space-size=2", // the worker signs in threads with a young generation of about this size
    "-e",
    WARM_CHILD,
    SIGN_THREAD,
    ipa,
    FIXTURE_CREDENTIALS.p12,
    FIXTURE_CREDENTIALS.password,
    FIXTURE_CREDENTIALS.profile,
    out,
    String(WARM_RUNS),
  ]);
  return JSON.parse(stdout).ms;
}

/** Runs a command, returns its wall time (ms) and stdout; rejects on a non-zero exit. */
function run(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const t = process.hrtime.bigint();
    const p = spawn(cmd, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: env ? { ...process.env, ...env } : process.env,
    });
    let out = "";
    let err = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (err += d));
    p.on("exit", (code) => {
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      if (code === 0) resolve({ ms, out });
      else reject(new Error(`${path.basename(cmd)} exited ${code}: ${err.slice(-2000)}`));
    });
  });
}

async function ipasign(ipa, out) {
  const { ms, out: stdout } = await run(
    process.execPath,
    [
      ...CLI_NODE_FLAGS,
      "-e",
      SIGN_CHILD,
      SIGNER,
      CLI,
      ipa,
      FIXTURE_CREDENTIALS.p12,
      FIXTURE_CREDENTIALS.password,
      FIXTURE_CREDENTIALS.profile,
      out,
    ],
    CLI_ENV,
  );
  const r = JSON.parse(stdout);
  return { ms, rssMiB: r.maxRssKb / 1024, size: r.outputSize, cpuMs: r.cpuMs };
}

async function zsign(ipa, out) {
  const rssFile = path.join(work, "zsign.rss");
  const tmp = fs.mkdtempSync(path.join(work, "zsign-tmp-"));
  const args = [
    "-q",
    "-k",
    FIXTURE_CREDENTIALS.p12,
    "-p",
    FIXTURE_CREDENTIALS.password,
    "-m",
    FIXTURE_CREDENTIALS.profile,
    "-t",
    tmp,
    "-o",
    out,
    ipa,
  ];
  // /usr/bin/time adds a few hundred microseconds; it is the only way to read a child's maxRSS.
  const { ms } = TIME ? await run(TIME, ["-f", "%M %U %S", "-o", rssFile, ZSIGN, ...args]) : await run(ZSIGN, args);
  fs.rmSync(tmp, { recursive: true, force: true });
  if (!fs.existsSync(out) || fs.statSync(out).size === 0) throw new Error("zsign wrote no output");
  const [rssKb, user, sys] = TIME
    ? fs.readFileSync(rssFile, "utf8").trim().split("\n").pop().split(" ").map(Number)
    : [NaN, NaN, NaN];
  return { ms, rssMiB: rssKb / 1024, size: fs.statSync(out).size, cpuMs: (user + sys) * 1000 };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Runs each tool RUNS times, alternating (ipasign, zsign, ipasign, ...) so that both see the
 * same machine load, and takes the medians.
 */
async function measure(tools, ipa) {
  const runs = tools.map(() => []);
  let cold = false;
  for (let i = 0; i < RUNS; i++) {
    for (const [t, tool] of tools.entries()) {
      const out = path.join(work, "signed.ipa");
      cold = dropCaches();
      runs[t].push(await tool(ipa, out));
      fs.rmSync(out, { force: true });
    }
  }
  return runs.map((r) => ({
    ms: median(r.map((x) => x.ms)),
    rssMiB: median(r.map((x) => x.rssMiB)),
    cpuMs: median(r.map((x) => x.cpuMs)),
    size: median(r.map((x) => x.size)),
    all: r,
    cold,
  }));
}

const fmtS = (ms) => `${(ms / 1000).toFixed(2)} s`;
const fmtMiB = (m) => (Number.isFinite(m) ? `${m.toFixed(0)} MiB` : "? MiB");

let failed = false;
const lines = [];
try {
  const cases = [
    { label: "100MB", files: 10, fileMiB: 10, ratioTarget: false },
    { label: "1GB", files: 100, fileMiB: 10, ratioTarget: true },
    { label: "100MB+128MiB-exe", files: 10, fileMiB: 10, exeMiB: 128, ratioTarget: false },
    { label: "real-shaped", real: true, ratioTarget: true, sizeTarget: true },
    { label: "200k-entries", entries: 199_990, ratioTarget: false },
    { label: "small-warm", small: true },
  ].filter((c) => !process.env.CASES || process.env.CASES.split(",").includes(c.label));
  for (const c of cases) {
    console.log(`bench: building the ${c.label} IPA in ${work} ...`);
    let ipa;
    let size;
    if (c.small) {
      // About 3 MB: a 6 MiB executable of real machine code, 1 MiB of images and 1 MiB of text.
      ({ path: ipa, size } = await buildRealShapedIpa(work, { exeMiB: 6, imageMiB: 1, textMiB: 1, name: "small.ipa" }));
      const ms = await warmRuns(ipa, path.join(work, "small-signed.ipa"));
      const warm = median(ms.slice(1));
      const ok = warm <= TARGET_WARM_MS;
      failed ||= !ok;
      const line =
        `small-warm (${(size / MiB).toFixed(1)} MiB): first run ${ms[0].toFixed(0)} ms, then median ${warm.toFixed(0)} ms ` +
        `of ${ms.length - 1} in one warm process${ok ? " ✓" : ` ✗ (> ${TARGET_WARM_MS} ms)`}`;
      console.log(line);
      console.log(`  runs: ${ms.map((m) => m.toFixed(0)).join(", ")} ms`);
      lines.push(line);
      continue;
    }
    if (c.real) ({ path: ipa, size } = await buildRealShapedIpa(work, { name: `${c.label}.ipa` }));
    else if (c.entries) ({ path: ipa, size } = await buildManyEntriesIpa(work, c.entries, `${c.label}.ipa`));
    else {
      const executable = c.exeMiB ? buildExecutable(work, c.exeMiB) : undefined;
      ({ path: ipa, size } = await buildBenchIpa(work, {
        files: c.files,
        fileMiB: c.fileMiB,
        executable,
        name: `${c.label}.ipa`,
      }));
      if (executable) fs.rmSync(executable);
    }
    const [ours, theirs] = await measure(ZSIGN ? [ipasign, zsign] : [ipasign], ipa);
    if (!process.env.BENCH_KEEP) fs.rmSync(ipa);
    const ratio = theirs ? ours.ms / theirs.ms : undefined;
    const cpuRatio = theirs ? ours.cpuMs / theirs.cpuMs : undefined;
    const sizeRatio = theirs ? ours.size / theirs.size : undefined;
    const okRss = ours.rssMiB <= TARGET_RSS_MIB;
    const okRatio = !c.ratioTarget || ratio === undefined || ratio <= TARGET_RATIO;
    const okSize = !c.sizeTarget || sizeRatio === undefined || sizeRatio <= TARGET_RATIO;
    failed ||= !okRss || !okRatio || !okSize;
    const mb = (b) => `${(b / 1e6).toFixed(1)} MB`;
    const line =
      `${c.label} (${(size / MiB).toFixed(0)} MiB, ${ours.cold ? "cold cache" : "warm cache"}): ` +
      `ipasign ${fmtS(ours.ms)} (cpu ${fmtS(ours.cpuMs)}) ${fmtMiB(ours.rssMiB)}${okRss ? "" : ` ✗ (> ${TARGET_RSS_MIB} MiB)`} → ${mb(ours.size)}` +
      (theirs
        ? ` | zsign ${fmtS(theirs.ms)} (cpu ${fmtS(theirs.cpuMs)}) ${fmtMiB(theirs.rssMiB)} → ${mb(theirs.size)}` +
          ` | wall ratio ${ratio.toFixed(2)}${c.ratioTarget ? (okRatio ? " ✓" : ` ✗ (> ${TARGET_RATIO})`) : ""}, cpu ratio ${cpuRatio.toFixed(2)}` +
          `, size ratio ${sizeRatio.toFixed(2)}${c.sizeTarget ? (okSize ? " ✓" : ` ✗ (> ${TARGET_RATIO})`) : ""}`
        : " | zsign skipped (set ZSIGN)");
    console.log(line);
    console.log(
      `  runs: ipasign ${ours.all.map((r) => fmtS(r.ms)).join(", ")}${theirs ? `; zsign ${theirs.all.map((r) => fmtS(r.ms)).join(", ")}` : ""}`,
    );
    lines.push(line);
  }
} finally {
  if (!process.env.BENCH_KEEP) fs.rmSync(work, { recursive: true, force: true });
}
console.log("\nIPA signing benchmark (median of %d runs; ipasign includes the verification of its output)", RUNS);
for (const l of lines) console.log(l);
console.log(
  `machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? "?"}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(
  `targets: peak RSS <= ${TARGET_RSS_MIB} MiB; 1GB and real-shaped wall <= ${TARGET_RATIO}x zsign's, real-shaped size <= ${TARGET_RATIO}x zsign's${ZSIGN ? "" : " (not checked: zsign skipped)"}; small-warm <= ${TARGET_WARM_MS} ms: ${failed ? "MISSED" : "met"}`,
);
process.exit(failed ? 1 : 0);
