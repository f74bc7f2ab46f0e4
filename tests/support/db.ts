import { randomBytes } from "node:crypto";
import { Client } from "pg";

/**
 * A fresh database on the test cluster; dropped by `drop()`. Empty, or with `migrated` a copy of the run's template
 * (every migration applied, nothing seeded: tests/support/global-setup.ts), so the app starting on it has no
 * migrations left to run.
 */
export async function createTestDatabase(
  opts: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error("TEST_DATABASE_URL is not set: run tests through vitest (global setup starts PostgreSQL)");
  const template = opts.migrated ? process.env.TEST_TEMPLATE_DATABASE : undefined;
  const name = `t_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
