import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Recharge orders join the order list (`orders`, kind `recharge`, same number), a gateway payment may pay an order
 * (`payment_orders.for_order_no`), and withdrawals: the amount leaves the balance when requested (frozen while
 * pending), an admin approves (paid out) or rejects (returned to the wallet).
 */
export class OrdersAndWithdrawals1764200100000 implements MigrationInterface {
  name = "OrdersAndWithdrawals1764200100000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_orders ADD COLUMN for_order_no varchar(32)`);
    // Recharge orders made before this migration appear in the order list too.
    await q.query(`
      INSERT INTO orders (order_no, user_id, kind, item_name, amount_fen, status, pay_method, note, created_at, paid_at, fulfilled_at, closed_at)
      SELECT p.order_no, p.user_id, 'recharge', '账户充值', p.amount_fen,
             CASE p.status WHEN 'paid' THEN 'fulfilled' ELSE p.status END, 'epay', '', p.created_at, p.paid_at, p.paid_at, p.closed_at
      FROM payment_orders p
      ON CONFLICT (order_no) DO NOTHING`);
    await q.query(`CREATE SEQUENCE withdrawal_no_seq`);
    await q.query(`
      CREATE TABLE withdrawals (
        id serial PRIMARY KEY,
        withdraw_no varchar(32) NOT NULL UNIQUE,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
        amount_fen integer NOT NULL CHECK (amount_fen > 0),
        channel varchar(16) NOT NULL CHECK (channel IN ('alipay', 'wxpay', 'bank')),
        account varchar(100) NOT NULL,
        real_name varchar(50) NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        payout_ref varchar(100),
        review_note varchar(200),
        reviewed_by varchar(50),
        created_at timestamptz NOT NULL DEFAULT now(),
        reviewed_at timestamptz
      )`);
    await q.query(`CREATE INDEX withdrawals_user ON withdrawals (user_id, id DESC)`);
    await q.query(`CREATE INDEX withdrawals_pending ON withdrawals (id) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE withdrawals`);
    await q.query(`DROP SEQUENCE withdrawal_no_seq`);
    await q.query(`DELETE FROM orders WHERE kind = 'recharge' AND order_no IN (SELECT order_no FROM payment_orders)`);
    await q.query(`ALTER TABLE payment_orders DROP COLUMN for_order_no`);
  }
}
