import path from "node:path";
import { rmSync } from "node:fs";
import { Client } from "pg";
import { DATABASE_DEFAULTS } from "@gryx/platform/db-settings";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../server/src/db/embedded";
import { runMigrations } from "../../server/src/server";

/**
 * One PostgreSQL cluster for the whole test run: TEST_DATABASE_URL (a real server, e.g. in CI) or an embedded one
 * in tests/.out/pg-<pid>. On it, one template database migrated once (TEST_TEMPLATE_DATABASE): each test file's app
 * gets a copy of it (CREATE DATABASE ... TEMPLATE, milliseconds) instead of running the migrations itself; tests of
 * a fresh database still get an empty one (see db.ts).
 */
let embedded: EmbeddedDatabase | undefined;
let dir: string | undefined;
let template: { admin: string; name: string } | undefined;

async function adminQuery(url: string, sql: string): Promise<void> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    // One cluster per run: several test runs may be going on at once on one machine.
    dir = path.resolve(__dirname, `../.out/pg-${process.pid}`);
    rmSync(dir, { recursive: true, force: true });
    // A throwaway cluster: nothing in it needs to survive a crash of the machine, so nothing waits for the disk.
    embedded = await startEmbeddedPostgres({
      dir,
      database: "postgres",
      quiet: true,
      settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
    });
    process.env.TEST_DATABASE_URL = embedded.url;
  }
  if (process.env.TEST_TEMPLATE_DATABASE) return;
  // Named by run, so runs sharing a TEST_DATABASE_URL server keep apart.
  const admin = process.env.TEST_DATABASE_URL;
  const name = `t_template_${process.pid}`;
  await adminQuery(admin, `DROP DATABASE IF EXISTS ${name}`);
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  template = { admin, name };
  const url = new URL(admin);
  url.pathname = `/${name}`;
  await runMigrations(url.toString(), { ...DATABASE_DEFAULTS, poolMax: 2 });
  process.env.TEST_TEMPLATE_DATABASE = name;
}

export async function teardown(): Promise<void> {
  if (template) await adminQuery(template.admin, `DROP DATABASE IF EXISTS ${template.name}`).catch(() => undefined);
  await embedded?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
