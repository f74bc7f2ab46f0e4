#!/usr/bin/env node
// Software-source benchmark against the real server (embedded PostgreSQL, built server, in this process): the time to
// fetch and index a source of APPS apps in each format (AltStore, ESign, Scarlet) served by a local HTTP server.
//  - "job": an admin adds the source over HTTP (POST /api/admin/software-sources) and the `sources.fetch` job on the
//    maintenance queue downloads, parses and indexes it; measured until the source reads back with its apps.
//  - "fetch": `SoftwareSourcesService.fetchSource` on a changed document (download + parse + replace the apps), RUNS
//    times, median and max; next to it the parse alone, and a refetch answered 304 (ETag).
//  - search: GET /api/software-sources/search over all the indexed apps, median and p95.
// Usage: npm run bench:sources [-- --apps 5000 --runs 5]
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { bootServer } from "./seeded-server.mjs";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const { parseSource } = require(path.join(root, "server/dist/modules/software-sources/parse.js"));

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const APPS = arg("apps", 5000);
const RUNS = arg("runs", 5);

const lorem = "一个用于基准测试的应用，带有一段足够长的介绍文字，模拟真实软件源中常见的描述长度。".repeat(3);

/** A document of `n` apps in `format`; `rev` changes every version so a refetch is a real update. */
function doc(format, n, rev) {
  const app = (i) => ({
    name: `Bench App ${i}`,
    bundle: `com.bench.${format}.app${i}`,
    version: `${rev}.${i % 50}.${i % 7}`,
  });
  if (format === "altstore")
    return {
      name: "Bench AltStore",
      identifier: "com.bench.altstore",
      sourceURL: "https://bench.example/altstore.json",
      apps: Array.from({ length: n }, (_, i) => {
        const a = app(i);
        return {
          name: a.name,
          bundleIdentifier: a.bundle,
          developerName: "Bench",
          localizedDescription: lorem,
          iconURL: `https://bench.example/icons/${i}.png`,
          versions: [
            {
              version: a.version,
              date: "2024-05-01T10:00:00Z",
              size: 10_000_000 + i,
              downloadURL: `https://bench.example/ipa/${i}.ipa`,
              localizedDescription: "修复",
            },
          ],
        };
      }),
      news: [],
    };
  if (format === "esign")
    return {
      name: "Bench ESign",
      message: "bench",
      identifier: "cn.bench.esign",
      payURL: "https://bench.example/pay",
      unlockURL: "https://bench.example/unlock",
      apps: Array.from({ length: n }, (_, i) => {
        const a = app(i);
        return {
          name: a.name,
          version: a.version,
          type: "0",
          versionDate: "2024-06-01",
          versionDescription: lorem,
          lock: i % 10 ? "0" : "1",
          downloadURL: `https://bench.example/e/${i}.ipa`,
          iconURL: `https://bench.example/e/${i}.png`,
          identifier: a.bundle,
          size: `${(i % 900) + 1}.5 MB`,
        };
      }),
    };
  const half = Math.ceil(n / 2);
  const one = (i) => {
    const a = app(i);
    return {
      name: a.name,
      version: a.version,
      icon: `https://bench.example/s/${i}.png`,
      down: `https://bench.example/s/${i}.ipa`,
      dev: "Bench",
      bundleID: a.bundle,
      description: lorem,
    };
  };
  return {
    META: { repoName: "Bench Scarlet", repoIcon: "https://bench.example/s.png" },
    Tweaked: Array.from({ length: half }, (_, i) => one(i)),
    Games: Array.from({ length: n - half }, (_, i) => one(i + half)),
  };
}

// The local source server: /<format>.json, the current revision's document with an ETag.
const bodies = new Map();
const serve = (format, rev) =>
  bodies.set(`/${format}.json`, { body: JSON.stringify(doc(format, APPS, rev)), etag: `"${format}-${rev}"` });
const sourceServer = http.createServer((req, res) => {
  const b = bodies.get(req.url);
  if (!b) return void res.writeHead(404).end();
  if (req.headers["if-none-match"] === b.etag) return void res.writeHead(304, { etag: b.etag }).end();
  res.writeHead(200, { "content-type": "application/json", etag: b.etag }).end(b.body);
});
await new Promise((r) => sourceServer.listen(0, "127.0.0.1", r));
const sourceBase = `http://127.0.0.1:${sourceServer.address().port}`;

const booted = await bootServer("sources", { SOURCES_ALLOW_PRIVATE: "1" });
const { server } = booted;
const base = `http://127.0.0.1:${server.port}`;
const svc = server.services.softwareSources;

const json = async (method, p, body, token) => {
  const res = await fetch(base + p, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body && JSON.stringify(body),
  });
  return res.json();
};
const { data: login } = await json("POST", "/api/auth/login", { username: "admin", password: "bench-admin" });
const token = login.token;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];
const ms = (x) => `${x.toFixed(0)} ms`;

const rows = [];
for (const format of ["altstore", "esign", "scarlet"]) {
  serve(format, 1);
  const { body } = bodies.get(`/${format}.json`);

  // Added over HTTP; the queued job fetches and indexes it.
  const t0 = performance.now();
  const { data: created } = await json(
    "POST",
    "/api/admin/software-sources",
    { name: `bench ${format}`, url: `${sourceBase}/${format}.json` },
    token,
  );
  for (;;) {
    const { data } = await json("GET", `/api/admin/software-sources/${created.id}`, undefined, token);
    if (data.fetches.length) {
      if (data.app_count !== APPS)
        throw new Error(`${format}: ${data.app_count} apps, ${JSON.stringify({ ...data, news: undefined })}`);
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const jobMs = performance.now() - t0;

  // Changed documents fetched straight through the service.
  const fetchTimes = [];
  for (let rev = 2; rev < 2 + RUNS; rev++) {
    serve(format, rev);
    const s = performance.now();
    const r = await svc.fetchSource(created.id);
    fetchTimes.push(performance.now() - s);
    if (r.outcome !== "updated" || r.apps !== APPS) throw new Error(`${format}: ${JSON.stringify(r)}`);
  }
  const parseTimes = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    parseSource(body, { maxApps: 20000 });
    parseTimes.push(performance.now() - s);
  }
  const s304 = performance.now();
  const r304 = await svc.fetchSource(created.id);
  const notModifiedMs = performance.now() - s304;
  if (r304.outcome !== "unchanged") throw new Error(`${format}: expected unchanged, got ${JSON.stringify(r304)}`);
  rows.push({
    format,
    mb: (Buffer.byteLength(body) / 1024 / 1024).toFixed(1),
    jobMs,
    fetchMed: median(fetchTimes),
    fetchMax: Math.max(...fetchTimes),
    parseMed: median(parseTimes),
    notModifiedMs,
  });
}

// Search over every indexed app (3 × APPS).
const terms = ["Bench App 4242", "com.bench.esign.app17", "app99", "App 1", "scarlet.app4999", "不存在的应用"];
const searchTimes = [];
for (let i = 0; i < 60; i++) {
  const q = encodeURIComponent(terms[i % terms.length]);
  const s = performance.now();
  const r = await json("GET", `/api/software-sources/search?q=${q}`);
  searchTimes.push(performance.now() - s);
  if (!r.success) throw new Error(JSON.stringify(r));
}

console.log(
  `\nSoftware sources: fetch and index a source of ${APPS} apps (local HTTP server, embedded PostgreSQL, ${RUNS} runs)\n`,
);
console.log("format    size    added → indexed (job)   refetch changed: median / max   parse alone   304 refetch");
for (const r of rows)
  console.log(
    `${r.format.padEnd(9)} ${(r.mb + " MB").padEnd(7)} ${ms(r.jobMs).padEnd(23)} ${(ms(r.fetchMed) + " / " + ms(r.fetchMax)).padEnd(31)} ${ms(r.parseMed).padEnd(13)} ${ms(r.notModifiedMs)}`,
  );
console.log(
  `\nsearch across ${3 * APPS} apps (GET /api/software-sources/search, 60 queries): median ${ms(median(searchTimes))}, p95 ${ms(p95(searchTimes))}`,
);

await booted.stop();
sourceServer.close();
