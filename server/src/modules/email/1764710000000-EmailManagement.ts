import type { MigrationInterface, QueryRunner } from "typeorm";
import { BUILTIN_TEMPLATES } from "./builtin-templates";

/**
 * Email management (/admin/email-management): the one SMTP settings row (password sealed with the keyring), the
 * templates (built-in ones seeded here, custom ones added by admins) and what the outbox now records per message:
 * the HTML part, template, recipient account, the SMTP server's last answer and when it was last tried.
 */
export class EmailManagement1764710000000 implements MigrationInterface {
  name = "EmailManagement1764710000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE email_settings (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        host varchar(253),
        port integer NOT NULL DEFAULT 587 CHECK (port BETWEEN 1 AND 65535),
        tls_mode varchar(8) NOT NULL DEFAULT 'starttls' CHECK (tls_mode IN ('none', 'starttls', 'tls')),
        username varchar(254),
        password_sealed text,
        secrets_key_id varchar(64),
        from_address varchar(254),
        from_name varchar(64),
        allow_private boolean NOT NULL DEFAULT false,
        rate_per_minute integer NOT NULL DEFAULT 60 CHECK (rate_per_minute BETWEEN 1 AND 6000),
        send_cursor timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE email_templates (
        id serial PRIMARY KEY,
        key varchar(64) NOT NULL UNIQUE,
        name varchar(100) NOT NULL,
        subject varchar(200) NOT NULL,
        html text NOT NULL,
        text text NOT NULL DEFAULT '',
        builtin boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const t of BUILTIN_TEMPLATES)
      await q.query(
        `INSERT INTO email_templates (key, name, subject, html, text, builtin) VALUES ($1, $2, $3, $4, $5, true)`,
        [t.key, t.name, t.subject, t.html, t.text],
      );
    await q.query(`
      ALTER TABLE email_outbox
        ADD COLUMN html text,
        ADD COLUMN template_key varchar(64),
        ADD COLUMN user_id integer REFERENCES users(id) ON DELETE SET NULL,
        ADD COLUMN smtp_response text,
        ADD COLUMN last_attempt_at timestamptz,
        ADD COLUMN resent_from integer`);
    await q.query(`CREATE INDEX email_outbox_latest ON email_outbox (created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX email_outbox_latest`);
    await q.query(
      `ALTER TABLE email_outbox DROP COLUMN html, DROP COLUMN template_key, DROP COLUMN user_id, DROP COLUMN smtp_response, DROP COLUMN last_attempt_at, DROP COLUMN resent_from`,
    );
    await q.query(`DROP TABLE email_templates, email_settings`);
  }
}
