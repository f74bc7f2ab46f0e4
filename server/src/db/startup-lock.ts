import type { DataSource } from "typeorm";

/**
 * Runs `fn` (migrations, seeding) holding a PostgreSQL advisory lock, so several server instances starting at once
 * on one database take turns instead of all migrating together. The lock is held on one connection of the
 * pool for as long as `fn` runs and is released when it ends, also if it throws or the process dies.
 */
export async function withStartupLock<T>(db: DataSource, fn: () => Promise<T>): Promise<T> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    // Another instance may hold it for as long as its migrations take: wait without the pool's lock timeout.
    await runner.query(`SET lock_timeout = 0`);
    await runner.query(`SELECT pg_advisory_lock(hashtext('gryx:startup'))`);
    try {
      return await fn();
    } finally {
      await runner.query(`SELECT pg_advisory_unlock(hashtext('gryx:startup'))`);
      await runner.query(`RESET lock_timeout`);
    }
  } finally {
    await runner.release();
  }
}
