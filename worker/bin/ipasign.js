#!/usr/bin/env node
"use strict";
// Launcher for the compiled CLI. Right after `npm ci` nothing is compiled yet: the first run compiles the server's
// Apple formats and the worker with the project's TypeScript (a few seconds), so `npx ipasign` works as is.
const path = require("node:path");
const fs = require("node:fs");
const { execFileSync } = require("node:child_process");

const workerDir = path.join(__dirname, "..");
const serverDir = path.join(workerDir, "..", "server");
const cliJs = path.join(workerDir, "dist", "signing", "cli.js");

function compile(dir) {
  const tsc = require.resolve("typescript/bin/tsc", { paths: [workerDir] });
  execFileSync(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.json")], { stdio: ["ignore", "ignore", "inherit"] });
}

if (!fs.existsSync(cliJs) || !fs.existsSync(path.join(serverDir, "dist", "apple", "p12.js"))) {
  process.stderr.write("ipasign: first run, compiling...\n");
  try {
    if (!fs.existsSync(path.join(serverDir, "dist", "apple", "p12.js"))) compile(serverDir);
    compile(workerDir);
  } catch {
    process.stderr.write("ipasign: compiling failed; run `npm run build -w server && npm run build -w worker`\n");
    process.exit(2);
  }
}

require(cliJs)
  .run(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
