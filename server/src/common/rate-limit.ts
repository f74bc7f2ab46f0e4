import type { DataSource } from "typeorm";

/**
 * Fixed-window counters kept in PostgreSQL, so every server instance sees the same counts.
 * `hit` adds one and returns the new count; `peek` reads without adding.
 */
export class RateCounter {
  constructor(private readonly db: DataSource) {}

  async hit(key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }> {
    const rows: { count: number; window_start: Date }[] = await this.db.query(
      `INSERT INTO rate_counters (key, count, window_start) VALUES ($1, 1, now())
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_counters.window_start < now() - make_interval(secs => $2) THEN 1 ELSE rate_counters.count + 1 END,
         window_start = CASE WHEN rate_counters.window_start < now() - make_interval(secs => $2) THEN now() ELSE rate_counters.window_start END
       RETURNING count, window_start`,
      [key, windowSeconds],
    );
    return { count: rows[0].count, retryAfter: retryAfter(rows[0].window_start, windowSeconds) };
  }

  /** Takes back one hit (an attempt that turned out fine). */
  async undo(key: string): Promise<void> {
    await this.db.query(`UPDATE rate_counters SET count = greatest(count - 1, 0) WHERE key = $1`, [key]);
  }

  async reset(key: string): Promise<void> {
    await this.db.query(`DELETE FROM rate_counters WHERE key = $1`, [key]);
  }

  /** The counters whose key is one of `keys` or matches one of the LIKE `patterns` (for /admin/debug-auth). */
  async list(keys: string[], patterns: string[] = []): Promise<{ key: string; count: number; windowStart: Date }[]> {
    const rows: { key: string; count: number; window_start: Date }[] = await this.db.query(
      `SELECT key, count, window_start FROM rate_counters WHERE key = ANY($1::text[]) OR key LIKE ANY($2::text[]) ORDER BY key LIMIT 200`,
      [keys, patterns],
    );
    return rows.map((r) => ({ key: r.key, count: r.count, windowStart: r.window_start }));
  }

  /** Housekeeping: drop windows that ended long ago. */
  async prune(olderThanSeconds = 86400): Promise<void> {
    await this.db.query(`DELETE FROM rate_counters WHERE window_start < now() - make_interval(secs => $1)`, [
      olderThanSeconds,
    ]);
  }
}

function retryAfter(windowStart: Date, windowSeconds: number): number {
  return Math.max(1, Math.ceil((new Date(windowStart).getTime() + windowSeconds * 1000 - Date.now()) / 1000));
}
