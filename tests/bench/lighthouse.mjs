#!/usr/bin/env node
// Lighthouse benchmark of the home page: the built app (server serving the built client) on an embedded PostgreSQL
// with the demo catalogue, audited by the `lighthouse` npm package driving Debian's Chromium in its default mobile
// mode (Moto G Power screen, simulated slow 4G and 4× CPU slowdown). Several runs; the median run (Lighthouse's own
// pick) is reported with its scores and metrics, the JavaScript the page loaded, and the critical-path size the
// build computed. Exits non-zero when a target is missed.
// Usage: npm run bench:lighthouse [-- --runs 5 --build | --no-build --json report.json]
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startSeededServer } from "./seeded-server.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const opt = (name, def) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : def;
};

/** The issue's targets for the mobile run of the home page. */
const TARGETS = [
  { label: "performance", get: (r) => r.scores.performance, ok: (v) => v >= 95, want: ">= 95" },
  { label: "accessibility", get: (r) => r.scores.accessibility, ok: (v) => v >= 95, want: ">= 95" },
  { label: "SEO", get: (r) => r.scores.seo, ok: (v) => v >= 95, want: ">= 95" },
  { label: "LCP", get: (r) => r.metrics.lcp, ok: (v) => v <= 2500, want: "<= 2500 ms" },
  { label: "CLS", get: (r) => r.metrics.cls, ok: (v) => v <= 0.05, want: "<= 0.05" },
];

await main();

// ---- parent: build, audit, report ----------------------------------------------------------------------------

/** Newest modification time under the given files or folders (node_modules and dist skipped). */
function newest(paths) {
  let t = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (!s.isDirectory()) return void (t = Math.max(t, s.mtimeMs));
    for (const e of readdirSync(p)) if (e !== "node_modules" && e !== "dist") walk(path.join(p, e));
  };
  paths.forEach((p) => walk(path.join(root, p)));
  return t;
}

/** Builds unless the built server and client are newer than every source they are built from. */
function buildIfNeeded() {
  if (flag("no-build")) return;
  const outputs = ["client/dist/index.html", "server/dist/server.js"].map((p) => path.join(root, p));
  const built = outputs.every(existsSync) ? Math.min(...outputs.map((p) => statSync(p).mtimeMs)) : 0;
  const sources = newest([
    "client/src",
    "client/public",
    "client/index.html",
    "client/vite.config.ts",
    "client/bundle-budget.ts",
    "server/src",
    "packages",
  ]);
  if (!flag("build") && built > sources) return;
  console.log("Building (npm run build)…");
  execFileSync("npm", ["run", "-s", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}

/** The critical-path figures the build's budget check wrote beside the client. */
function criticalPath() {
  const file = path.join(root, "client/dist/.vite/critical-path.json");
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

function summarize(lhr) {
  const score = (k) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
  const num = (k) => lhr.audits[k]?.numericValue ?? NaN;
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === "Script");
  return {
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
    },
    metrics: {
      fcp: num("first-contentful-paint"),
      lcp: num("largest-contentful-paint"),
      tbt: num("total-blocking-time"),
      cls: num("cumulative-layout-shift"),
      si: num("speed-index"),
    },
    scripts: { requests: scripts.length, transferBytes: scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0) },
    totalBytes: num("total-byte-weight"),
    requests: requests.length,
    // Audits that lose points, so a failing run says what to fix.
    opportunities: Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== "informative" &&
          a.scoreDisplayMode !== "notApplicable",
      )
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`),
  };
}

async function main() {
  const RUNS = Number(opt("runs", 5));
  buildIfNeeded();
  const { default: lighthouse } = await import("lighthouse");
  const { computeMedianRun } = await import("lighthouse/core/lib/median-run.js");
  const chromeLauncher = await import("chrome-launcher");

  const server = await startSeededServer("lighthouse");
  let chrome;
  try {
    const { port } = server;
    const url = `http://127.0.0.1:${port}/`;
    const flags = [
      "--headless=new",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--no-first-run",
      "--no-default-browser-check",
    ];
    if (process.getuid?.() === 0) flags.push("--no-sandbox");
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      chromeFlags: flags,
      logLevel: "silent",
    });

    // One unaudited visit first: the server's first answers (plan caches, JIT) are not what a visitor meets.
    await lighthouse(url, { port: chrome.port, logLevel: "silent", onlyCategories: ["performance"] });
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        logLevel: "silent",
        output: "json",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      runs.push(lhr);
      const s = summarize(lhr);
      console.log(`run ${i + 1}/${RUNS}: performance ${s.scores.performance}, LCP ${Math.round(s.metrics.lcp)} ms`);
    }
    const lhr = computeMedianRun(runs);
    const r = summarize(lhr);
    if (opt("json", null)) writeFileSync(opt("json"), JSON.stringify(lhr));

    const cp = criticalPath();
    const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
    console.log(
      `\nLighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? "Chromium"}, ${url} (median of ${RUNS} runs)\n`,
    );
    console.log(`  performance     ${r.scores.performance}`);
    console.log(`  accessibility   ${r.scores.accessibility}`);
    console.log(`  best practices  ${r.scores.bestPractices}`);
    console.log(`  SEO             ${r.scores.seo}\n`);
    console.log(`  FCP  ${(r.metrics.fcp / 1000).toFixed(2)} s`);
    console.log(`  LCP  ${(r.metrics.lcp / 1000).toFixed(2)} s`);
    console.log(`  TBT  ${Math.round(r.metrics.tbt)} ms`);
    console.log(`  CLS  ${r.metrics.cls.toFixed(3)}`);
    console.log(`  SI   ${(r.metrics.si / 1000).toFixed(2)} s\n`);
    console.log(
      `  requests ${r.requests}, ${kb(r.totalBytes)} transferred; scripts: ${r.scripts.requests} requests, ${kb(r.scripts.transferBytes)} transferred`,
    );
    console.log(
      `  critical-path JavaScript (build, gzip -9): ${cp ? `${kb(cp.gzipBytes)} in ${cp.chunks.length} chunks, budget ${kb(cp.budgetBytes)}` : "unknown (no client/dist/.vite/critical-path.json)"}`,
    );
    if (r.opportunities.length) console.log(`  audits below 90: ${r.opportunities.join(", ")}`);

    const misses = TARGETS.filter((t) => !t.ok(t.get(r)));
    console.log(
      misses.length
        ? `\nTargets NOT met: ${misses.map((t) => `${t.label} ${t.want}`).join(", ")}`
        : "\nAll targets met (performance >= 95, LCP <= 2.5 s, CLS <= 0.05, accessibility >= 95, SEO >= 95)",
    );
    process.exitCode = misses.length ? 1 : 0;
  } finally {
    await chrome?.kill();
    await server.stop();
  }
}
