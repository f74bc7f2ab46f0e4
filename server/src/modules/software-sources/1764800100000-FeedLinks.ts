import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The published feeds' direct IPA links and ESign unlocks: `link_epoch` is part of the key every link is signed with
 * (the admin's 重置下载链接 moves it, so every link handed out before stops working), and `esign_unlocks` binds a
 * device (UDID, as ESign sends it) to the account whose unlock code it was unlocked with.
 */
export class FeedLinks1764800100000 implements MigrationInterface {
  name = "FeedLinks1764800100000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE software_source_feed ADD COLUMN link_epoch integer NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE TABLE esign_unlocks (
        udid varchar(64) PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX esign_unlocks_user ON esign_unlocks (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE esign_unlocks`);
    await q.query(`ALTER TABLE software_source_feed DROP COLUMN link_epoch`);
  }
}
