import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * /admin/orders filtered by status (newest first) and its total: one index range per status instead of reading every
 * order, which matters once orders number in the hundreds of thousands.
 */
export class OrderStatusIndex1765100100000 implements MigrationInterface {
  name = "OrderStatusIndex1765100100000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS orders_status_idx ON orders (status, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS orders_status_idx`);
  }
}
