import type { MigrationInterface, QueryRunner } from "typeorm";

/** Every action taken in /admin/debug-auth: who, what, on whom, from where. */
export class AdminAudit1764700200000 implements MigrationInterface {
  name = "AdminAudit1764700200000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE debug_auth_audit (
        id serial PRIMARY KEY,
        actor_id integer REFERENCES users(id) ON DELETE SET NULL,
        actor_username varchar(64) NOT NULL,
        action varchar(32) NOT NULL,
        target varchar(200) NOT NULL DEFAULT '',
        detail jsonb,
        ip varchar(64),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX debug_auth_audit_latest ON debug_auth_audit (created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE debug_auth_audit`);
  }
}
