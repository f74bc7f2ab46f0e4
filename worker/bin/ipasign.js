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

// The CLI runs with the V8 flags and malloc settings of cli-process.js. Flags must be given at start-up, so the
// launcher starts the CLI once more with them (stdio, exit code and signals passed through).
const { CLI_NODE_FLAGS, CLI_ENV } = require("./cli-process");
if (process.execArgv.some((a) => a.startsWith("--max-semi-space-size"))) {
  require(cliJs)
    .run(process.argv.slice(2))
    .then((code) => {
      process.exitCode = code;
    });
} else {
  const { spawn } = require("node:child_process");
  const child = spawn(
    process.execPath,
    [...process.execArgv, ...CLI_NODE_FLAGS, __filename, ...process.argv.slice(2)],
    {
      stdio: "inherit",
      env: { ...process.env, ...CLI_ENV },
    },
  );
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, () => child.kill(sig));
  child.on("exit", (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exitCode = code ?? 1;
  });
}
