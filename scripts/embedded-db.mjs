#!/usr/bin/env node
// Runs the embedded PostgreSQL for the launcher in a process group of its own, so a Ctrl-C in the terminal reaches
// the server and worker (which shut down gracefully) but not the database under them. The launcher sends "stop"
// once they are gone; if the launcher dies, the IPC channel closes and the database stops too.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { startEmbeddedPostgres } = require(path.join(root, "server/dist/db/embedded.js"));

const port = Number(process.env.PG_PORT) || undefined;
const db = await startEmbeddedPostgres({ dir: process.env.PG_DIR, port, quiet: true });
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await db.stop().catch((e) => console.error(`[postgres] stop failed: ${e?.message ?? e}`));
  process.exit(0);
};
process.on("message", (m) => m === "stop" && void stop());
process.on("disconnect", () => void stop());
process.on("SIGINT", () => undefined); // only the launcher decides when the database stops
process.send({ type: "ready", url: db.url, port: db.port });
