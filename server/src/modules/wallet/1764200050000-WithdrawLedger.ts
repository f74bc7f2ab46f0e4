import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Withdrawals move money out of the wallet: the request takes the amount from the balance at once (ledger type
 * `withdraw`, the amount frozen while an admin reviews it) and a rejection gives it back (`withdraw_return`).
 */
export class WithdrawLedger1764200050000 implements MigrationInterface {
  name = "WithdrawLedger1764200050000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE wallet_ledger DROP CONSTRAINT IF EXISTS wallet_ledger_type_check`);
    await q.query(`
      ALTER TABLE wallet_ledger ADD CONSTRAINT wallet_ledger_type_check
        CHECK (type IN ('recharge', 'purchase', 'traffic', 'refund', 'card_key', 'admin_adjust', 'signing', 'certificate', 'withdraw', 'withdraw_return'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE wallet_ledger DROP CONSTRAINT wallet_ledger_type_check`);
    await q.query(`
      ALTER TABLE wallet_ledger ADD CONSTRAINT wallet_ledger_type_check
        CHECK (type IN ('recharge', 'purchase', 'traffic', 'refund', 'card_key', 'admin_adjust', 'signing', 'certificate'))`);
  }
}
