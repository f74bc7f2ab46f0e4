import path from "node:path";
import { rmSync } from "node:fs";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../server/src/db/embedded";

/**
 * One PostgreSQL cluster for the whole test run: TEST_DATABASE_URL (a real server, e.g. in CI) or an embedded one
 * in tests/.out/pg. Each test file makes its own database on it (see db.ts).
 */
let embedded: EmbeddedDatabase | undefined;
let dir: string | undefined;

export async function setup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  // One cluster per run: several test runs may be going on at once on one machine.
  dir = path.resolve(__dirname, `../.out/pg-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  embedded = await startEmbeddedPostgres({ dir, database: "postgres", quiet: true });
  process.env.TEST_DATABASE_URL = embedded.url;
}

export async function teardown(): Promise<void> {
  await embedded?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
