#!/usr/bin/env node
"use strict";
// Launcher for the compiled CLI. Right after `npm ci` nothing is compiled yet: the first run builds the worker and the
// packages it references (@gryx/apple...) with the project's TypeScript (a few seconds), so `npx ipasign` works as is.
const path = require("node:path");
const fs = require("node:fs");
const { execFileSync } = require("node:child_process");

const workerDir = path.join(__dirname, "..");
const cliJs = path.join(workerDir, "dist", "signing", "cli.js");
const appleJs = path.join(workerDir, "..", "packages", "apple", "dist", "p12.js");

if (!fs.existsSync(cliJs) || !fs.existsSync(appleJs)) {
  process.stderr.write("ipasign: first run, compiling...\n");
  try {
    const tsc = require.resolve("typescript/bin/tsc", { paths: [workerDir] });
    execFileSync(process.execPath, [tsc, "-b", path.join(workerDir, "tsconfig.json")], {
      stdio: ["ignore", "ignore", "inherit"],
    });
  } catch {
    process.stderr.write("ipasign: compiling failed; run `npx tsc -b worker`\n");
    process.exit(2);
  }
}

// V8 lets the young generation grow to 32 MiB of semi-spaces in a busy process; signing churns through
// short-lived objects per entry (an app of 200,000 files), so the CLI runs with small ones: the peak RSS
// then tracks what signing holds, not what the collector has not looked at yet. The flag must be given at
// start-up, so the launcher starts the CLI once more with it (stdio, exit code and signals passed through).
const SEMI_SPACE = "--max-semi-space-size=2";
if (process.execArgv.some((a) => a.startsWith("--max-semi-space-size"))) {
  require(cliJs)
    .run(process.argv.slice(2))
    .then((code) => {
      process.exitCode = code;
    });
} else {
  const { spawn } = require("node:child_process");
  const child = spawn(process.execPath, [...process.execArgv, SEMI_SPACE, __filename, ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, () => child.kill(sig));
  child.on("exit", (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exitCode = code ?? 1;
  });
}
