#!/usr/bin/env node
"use strict";
// Launcher for the compiled CLI (build it with `npm run build -w worker`).
const path = require("node:path");

let cli;
try {
  cli = require(path.join(__dirname, "..", "dist", "signing", "cli.js"));
} catch (e) {
  if (e && e.code === "MODULE_NOT_FOUND" && String(e.message).includes("cli.js")) {
    process.stderr.write("ipasign: worker is not built; run `npm run build -w worker` first\n");
    process.exit(2);
  }
  throw e;
}
cli.run(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
