import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Payment methods (EPay merchants configured by an admin; the merchant key encrypted at rest) and recharge orders
 * (one row per top-up; `trade_no`, the gateway's own trade number, is unique so one payment credits once).
 */
export class Payments1764200000000 implements MigrationInterface {
  name = "Payments1764200000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payment_methods (
        id serial PRIMARY KEY,
        name varchar(50) NOT NULL,
        channel varchar(16) NOT NULL CHECK (channel IN ('alipay', 'wxpay', 'qqpay')),
        gateway_url varchar(500) NOT NULL,
        pid varchar(64) NOT NULL,
        key_encrypted text NOT NULL,
        min_amount_fen integer NOT NULL CHECK (min_amount_fen >= 1),
        max_amount_fen integer NOT NULL CHECK (max_amount_fen >= min_amount_fen),
        enabled boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE SEQUENCE payment_order_seq`);
    await q.query(`
      CREATE TABLE payment_orders (
        id serial PRIMARY KEY,
        order_no varchar(32) NOT NULL UNIQUE,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
        method_id integer NOT NULL REFERENCES payment_methods(id) ON DELETE RESTRICT,
        channel varchar(16) NOT NULL,
        amount_fen integer NOT NULL CHECK (amount_fen > 0),
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'closed', 'refunded')),
        trade_no varchar(64) UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        paid_at timestamptz,
        closed_at timestamptz,
        CHECK (status NOT IN ('paid', 'refunded') OR (trade_no IS NOT NULL AND paid_at IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX payment_orders_user ON payment_orders (user_id, created_at DESC)`);
    await q.query(`CREATE INDEX payment_orders_pending ON payment_orders (created_at) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payment_orders`);
    await q.query(`DROP SEQUENCE payment_order_seq`);
    await q.query(`DROP TABLE payment_methods`);
  }
}
