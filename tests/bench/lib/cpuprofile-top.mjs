#!/usr/bin/env node
// Summarises a V8 .cpuprofile (from `node --cpu-prof`): the functions with the most self time, and the share of
// self time by package (node_modules/<name>, our own dist files, node internals, GC/idle).
// Usage: node tests/bench/lib/cpuprofile-top.mjs file.cpuprofile [--top 25]
import { readFileSync } from "node:fs";

const file = process.argv[2];
if (!file) throw new Error("usage: cpuprofile-top.mjs file.cpuprofile [--top N]");
const topIdx = process.argv.indexOf("--top");
const TOP = topIdx > 0 ? Number(process.argv[topIdx + 1]) : 25;
const prof = JSON.parse(readFileSync(file, "utf8"));

const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
const deltas = prof.timeDeltas;
for (let i = 0; i < prof.samples.length; i++) {
  const id = prof.samples[i];
  self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);

const where = (url) => {
  if (!url) return "(native/vm)";
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith("node:")) return "node:internal";
  const d = /\/(server|worker|packages\/[^/]+)\/dist\//.exec(url);
  return d
    ? `ours:${d[1]}`
    : url
        .replace(/^file:\/\//, "")
        .split("/")
        .slice(-2)
        .join("/");
};

const fns = new Map();
const pkgs = new Map();
for (const [id, us] of self) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const key = `${cf.functionName || "(anonymous)"}  ${cf.url ? cf.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(server|worker|packages)\//, "$1/") : ""}:${cf.lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
  const p = ["(idle)", "(garbage collector)", "(program)"].includes(cf.functionName) ? cf.functionName : where(cf.url);
  pkgs.set(p, (pkgs.get(p) ?? 0) + us);
}
const pct = (us) => ((100 * us) / total).toFixed(1).padStart(5) + "%";
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`);
console.log("-- self time by package --");
for (const [k, v] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${pct(v)}  ${k}`);
console.log(`-- top ${TOP} functions by self time --`);
for (const [k, v] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${pct(v)}  ${k}`);
