import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Revocation incidents (掉签): one per revoked certificate that had live signed IPAs, with one item per affected task.
 * An item is worked by the worker's `signing.resign` under a lease (`lease`, `lease_until`): pending → running →
 * repaired | failed | none (no replacement); `waiting` while a warranty re-issue of the certificate is on its way.
 * `replacement_id` is the certificate chosen for it (kept, so a run after a crash signs with the same one).
 */
export class ResignIncidents1764900200000 implements MigrationInterface {
  name = "ResignIncidents1764900200000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE resign_incidents (
        id serial PRIMARY KEY,
        certificate_id integer UNIQUE REFERENCES certificates(id) ON DELETE SET NULL,
        certificate_name varchar(200) NOT NULL,
        found_at timestamptz NOT NULL DEFAULT now(),
        found_by varchar(10) NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'repairing' CHECK (status IN ('repairing', 'completed', 'failed')),
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX resign_incidents_found ON resign_incidents (found_at DESC)`);
    await q.query(`
      CREATE TABLE resign_items (
        id serial PRIMARY KEY,
        incident_id integer NOT NULL REFERENCES resign_incidents(id) ON DELETE CASCADE,
        task_id integer NOT NULL REFERENCES signing_tasks(id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'waiting', 'running', 'repaired', 'failed', 'none')),
        replacement_id integer REFERENCES certificates(id) ON DELETE SET NULL,
        replacement_source varchar(10),
        lease uuid,
        lease_until timestamptz,
        runs integer NOT NULL DEFAULT 0,
        error_code varchar(64),
        error_message varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        UNIQUE (incident_id, task_id)
      )`);
    await q.query(
      `CREATE INDEX resign_items_open ON resign_items (status, updated_at) WHERE status IN ('pending', 'waiting', 'running')`,
    );
    await q.query(`CREATE INDEX resign_items_task ON resign_items (task_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE resign_items`);
    await q.query(`DROP TABLE resign_incidents`);
  }
}
