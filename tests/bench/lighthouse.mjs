#!/usr/bin/env node
// Lighthouse benchmark of the users' pages and the back office: the built app (server serving the built client) on an
// embedded PostgreSQL with the demo catalogue, audited by the `lighthouse` npm package driving Debian's Chromium.
// The six bottom-tab pages and an app detail page in Lighthouse's default mobile mode (Moto G Power screen, simulated
// slow 4G, 4× CPU slowdown), logged in as a fresh user where the page needs it (the token and user the login API
// returns, and a device captured in this browser, put in localStorage as the app keeps them before each load), the
// others as a guest; /admin/dashboard, logged in as the admin, in
// the desktop preset. Several runs per page; the median run (Lighthouse's own pick) is reported in one table, with
// the critical-path size and each admin page's JavaScript before content the build computed. Exits non-zero when a
// target is missed. Pages are loaded as a visitor of the deployment meets them: through nginx with deploy/nginx.conf
// (the proxy of docker-compose.yml), over HTTPS and HTTP/2, its self-signed certificate trusted by its key's hash;
// `--direct` loads them from node itself over plain HTTP/1.1 instead (no proxy). Chromium runs without its hidden
// address-bar popup renderer (tests/support/chromium.mjs), which a phone's browser does not have and which took CPU
// from the page under audit; `--omnibox` keeps it, to compare.
// Usage: npm run bench:lighthouse [-- --runs 5 --build | --no-build --pages /,/profile,admin --direct --omnibox
//        --json report.json]
import { execFileSync } from "node:child_process";
import { X509Certificate, createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startNginx } from "../support/nginx.mjs";
import { QUIET_CHROMIUM_FLAGS } from "../support/chromium.mjs";
import { startSeededServer } from "./seeded-server.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const opt = (name, def) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : def;
};

/** The issue's targets for the users' pages (mobile) and the dashboard (desktop). */
const MOBILE_TARGETS = [
  { label: "performance", get: (r) => r.scores.performance, ok: (v) => v >= 95, want: ">= 95" },
  { label: "accessibility", get: (r) => r.scores.accessibility, ok: (v) => v >= 95, want: ">= 95" },
  { label: "SEO", get: (r) => r.scores.seo, ok: (v) => v >= 100, want: "100" },
];
const ADMIN_TARGETS = [{ label: "LCP", get: (r) => r.metrics.lcp, ok: (v) => v <= 2500, want: "<= 2500 ms" }];
const ADMIN_JS_TARGET = 250 * 1024;

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
    "client/admin.html",
    "client/vite.config.ts",
    "client/bundle-budget.ts",
    "client/entry-chunks.ts",
    "server/src",
    "packages",
  ]);
  if (!flag("build") && built > sources) return;
  console.log("Building (npm run build)…");
  execFileSync("npm", ["run", "-s", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}

/** Figures the build's budget check wrote beside the client (critical-path.json, admin-pages.json). */
function buildReport(name) {
  const file = path.join(root, "client/dist/.vite", name);
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

/** The base64 SHA-256 of a certificate's SubjectPublicKeyInfo (what Chromium's SPKI allow-list takes). */
function spkiHash(pem) {
  const spki = new X509Certificate(pem).publicKey.export({ type: "spki", format: "der" });
  return createHash("sha256").update(spki).digest("base64");
}

/** POSTs JSON to the server; the answer's `data`. */
async function api(base, route, body, token) {
  const res = await fetch(`${base}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok || json.errors) throw new Error(`${route}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** A fresh user, registered and logged in through the API: what the app keeps in localStorage after its login. */
async function login(base, username, password, register) {
  if (register) await api(base, "/api/auth/register", { username, password });
  const { token, user } = await api(base, "/api/auth/login", { username, password });
  const kept = {
    id: user.id,
    username: user.username,
    role: user.role,
    permissions: user.permissions ?? [],
    email: user.email ?? null,
  };
  // The device this browser captured (selected_device_info), as for anyone who has used the site on this phone: the
  // page, not the one-off UDID tip for an account without a device, is what is measured.
  const device = { udid: "00008110-000A1B2C3D4E5F60", product: "iPhone14,2", modelName: "iPhone 13 Pro" };
  return { auth_token: token, user_data: JSON.stringify(kept), selected_device_info: JSON.stringify(device) };
}

/** The first app of the demo catalogue, for its detail page. */
async function firstAppPath(base) {
  const data = await api(base, "/graphql", { query: "{ catalog(page: 1, pageSize: 50) { items { id kind } } }" });
  const app = data.catalog.items.find((i) => i.kind === "APP");
  if (!app) throw new Error("no app in the demo catalogue");
  return `/app/${app.id}`;
}

/** Runs Lighthouse `runs` times on one page in its own tab (storage set before each load); the median run. */
async function audit(browser, url, storage, { runs, desktop }) {
  const { default: lighthouse } = await import("lighthouse");
  const { computeMedianRun } = await import("lighthouse/core/lib/median-run.js");
  const config = desktop ? (await import("lighthouse/core/config/desktop-config.js")).default : undefined;
  const page = await browser.newPage();
  try {
    // Lighthouse keeps localStorage between runs and tabs: a guest page starts from none, a logged-in one from its own.
    await page.evaluateOnNewDocument((items) => {
      localStorage.clear();
      for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
    }, storage ?? {});
    const flags = {
      logLevel: "silent",
      output: "json",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    };
    // One unaudited visit first: the server's first answers (plan caches, JIT) are not what a visitor meets.
    await lighthouse(url, { ...flags, onlyCategories: ["performance"] }, config, page);
    const lhrs = [];
    for (let i = 0; i < runs; i++) {
      const { lhr } = await lighthouse(url, flags, config, page);
      if (lhr.runtimeError) throw new Error(`Lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
        throw new Error(`Lighthouse ${url}: ended on ${lhr.finalDisplayedUrl} (not logged in?)`);
      lhrs.push(lhr);
    }
    return computeMedianRun(lhrs);
  } finally {
    await page.close();
  }
}

async function main() {
  const RUNS = Number(opt("runs", 5));
  const only = opt("pages", null)?.split(",");
  buildIfNeeded();
  const chromeLauncher = await import("chrome-launcher");
  const puppeteer = (await import("puppeteer-core")).default;

  // A loaded machine may take longer than the default minute over the demo seed's one transaction (icons drawn inside).
  const server = await startSeededServer("lighthouse", {
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: "600000",
    TRUST_PROXY: "1",
  });
  const proxyDir = mkdtempSync(path.join(os.tmpdir(), "gryx-bench-lighthouse-nginx-"));
  let proxy;
  let chrome;
  let browser;
  try {
    const direct = `http://127.0.0.1:${server.port}`;
    if (!flag("direct")) proxy = await startNginx(proxyDir, [server.port], (line) => process.stderr.write(line));
    const base = proxy ? proxy.tlsUrl : direct;
    const user = await login(direct, `lh${Date.now().toString(36)}`, "secret1", true);
    const admin = await login(direct, "admin", "bench-admin", false);
    const pages = [
      { path: "/", label: "/ (首页)" },
      { path: "/signature", label: "/signature", storage: user },
      { path: "/certificate-mall", label: "/certificate-mall" },
      { path: "/software-source", label: "/software-source" },
      { path: "/management", label: "/management", storage: user },
      { path: "/profile", label: "/profile", storage: user },
      { path: await firstAppPath(direct), label: "app detail" },
      { path: "/admin/dashboard", label: "/admin/dashboard", storage: admin, desktop: true, key: "admin" },
    ].filter((p) => !only || only.includes(p.key ?? p.path) || only.includes(p.label));

    const flags = [
      "--headless=new",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--no-first-run",
      "--no-default-browser-check",
      ...(flag("omnibox") ? [] : QUIET_CHROMIUM_FLAGS),
    ];
    if (process.getuid?.() === 0) flags.push("--no-sandbox");
    // The proxy's certificate is trusted by its public key's SHA-256, as a pinned certificate would be; nothing else.
    if (proxy) flags.push(`--ignore-certificate-errors-spki-list=${spkiHash(proxy.ca)}`);
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      chromeFlags: flags,
      logLevel: "silent",
    });
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });

    const results = [];
    for (const p of pages) {
      const lhr = await audit(browser, `${base}${p.path}`, p.storage, { runs: RUNS, desktop: p.desktop });
      const r = summarize(lhr);
      results.push({ ...p, lhr, r });
      console.log(
        `${p.label} (${p.desktop ? "desktop" : "mobile"}, median of ${RUNS}): performance ${r.scores.performance}, accessibility ${r.scores.accessibility}, SEO ${r.scores.seo}, LCP ${Math.round(r.metrics.lcp)} ms`,
      );
    }
    if (opt("json", null)) writeFileSync(opt("json"), JSON.stringify(results.map((x) => x.lhr)));

    const first = results[0]?.lhr;
    const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
    const cell = (v, w) => String(v).padStart(w);
    console.log(
      `\nLighthouse ${first?.lighthouseVersion}, ${first?.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? "Chromium"}, median of ${RUNS} runs per page, ${base} (${proxy ? "nginx with deploy/nginx.conf: HTTPS, HTTP/2" : "node directly: HTTP/1.1"})\n`,
    );
    console.log(
      `  ${"page".padEnd(22)} ${"mode".padEnd(7)} perf  a11y  best   SEO     FCP     LCP     TBT    CLS   JS (transferred)`,
    );
    for (const { label, desktop, r } of results)
      console.log(
        `  ${label.padEnd(22)} ${(desktop ? "desktop" : "mobile").padEnd(7)} ${cell(r.scores.performance, 4)}  ${cell(r.scores.accessibility, 4)}  ${cell(r.scores.bestPractices, 4)}  ${cell(r.scores.seo, 4)}  ${cell((r.metrics.fcp / 1000).toFixed(2), 5)} s  ${cell((r.metrics.lcp / 1000).toFixed(2), 5)} s  ${cell(Math.round(r.metrics.tbt), 4)} ms  ${r.metrics.cls.toFixed(3)}  ${kb(r.scripts.transferBytes)} in ${r.scripts.requests}`,
      );
    for (const { label, r } of results)
      if (r.opportunities.length) console.log(`  ${label}: audits below 90: ${r.opportunities.join(", ")}`);

    const cp = buildReport("critical-path.json");
    console.log(
      `\n  home critical-path JavaScript (build, gzip -9): ${cp ? `${kb(cp.gzipBytes)} in ${cp.chunks.length} chunks, budget ${kb(cp.budgetBytes)}` : "unknown (no client/dist/.vite/critical-path.json)"}`,
    );
    const adminJs = buildReport("admin-pages.json");
    const dash = adminJs?.pages.find((p) => p.page === "DashboardPage");
    const heaviest = adminJs?.pages[0];
    const adminOver = adminJs?.pages.filter((p) => p.gzipBytes > ADMIN_JS_TARGET) ?? [];
    console.log(
      adminJs
        ? `  admin pages' JavaScript before content (build, gzip -9): dashboard ${kb(dash.gzipBytes)}, heaviest ${heaviest.page} ${kb(heaviest.gzipBytes)}, ${adminOver.length} of ${adminJs.pages.length} over ${kb(ADMIN_JS_TARGET)}`
        : "  admin pages' JavaScript: unknown (no client/dist/.vite/admin-pages.json)",
    );

    const misses = results.flatMap(({ label, desktop, r }) =>
      (desktop ? ADMIN_TARGETS : MOBILE_TARGETS)
        .filter((t) => !t.ok(t.get(r)))
        .map((t) => `${label} ${t.label} ${t.want} (${Math.round(t.get(r))})`),
    );
    if (!adminJs || adminOver.length)
      misses.push(`admin JavaScript before content <= ${kb(ADMIN_JS_TARGET)} on every page`);
    console.log(
      misses.length
        ? `\nTargets NOT met: ${misses.join("; ")}`
        : "\nAll targets met (mobile: performance >= 95, accessibility >= 95, SEO 100; dashboard desktop LCP <= 2.5 s; admin JS <= 250 KB)",
    );
    process.exitCode = misses.length ? 1 : 0;
  } finally {
    await browser?.disconnect();
    await chrome?.kill();
    await proxy?.stop();
    rmSync(proxyDir, { recursive: true, force: true });
    await server.stop();
  }
}
