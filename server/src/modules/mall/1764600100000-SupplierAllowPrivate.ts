import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A supplier API an admin configured may live on loopback or a private address only when the admin ticks
 * 允许内网地址 for that supplier (a supplier on the same network). Off by default; link-local addresses (cloud
 * metadata) stay refused either way (@gryx/platform/outbound).
 */
export class SupplierAllowPrivate1764600100000 implements MigrationInterface {
  name = "SupplierAllowPrivate1764600100000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cert_suppliers ADD COLUMN allow_private boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cert_suppliers DROP COLUMN allow_private`);
  }
}
