import { Field, Float, ID, Int, ObjectType } from "type-graphql";
import { DateTimeISOResolver } from "graphql-scalars";
import { PageOf } from "../../graphql/page";
import { fenToYuan } from "../../common/validate";
import type { LedgerEntry, WalletChange } from "./wallet.service";

@ObjectType("Wallet")
export class WalletType {
  @Field(() => Float, { description: "Yuan, 2 decimals." })
  balance: number;
}

@ObjectType("WalletChange", { description: "A committed change of the caller's wallet." })
export class WalletChangeType {
  @Field(() => Float, { description: "The balance after it, in yuan." })
  balance: number;

  @Field(() => Float, { description: "Signed yuan; 0 for the first value of walletChanged (the balance now)." })
  amount: number;

  @Field(() => String, { nullable: true, description: "Ledger type, null for the first value." })
  type: string | null;

  @Field(() => String, { nullable: true })
  orderNo: string | null;

  @Field(() => DateTimeISOResolver)
  at: Date;
}

@ObjectType("LedgerEntry")
export class LedgerEntryType {
  @Field(() => ID) id: number;
  @Field(() => Int) userId: number;
  @Field(() => String, { nullable: true }) username: string | null;
  @Field(() => String, {
    description: "recharge, purchase, traffic, refund, card_key, admin_adjust, signing, certificate",
  })
  type: string;
  @Field(() => Float, { description: "Signed yuan." }) amount: number;
  @Field(() => Float, { description: "Yuan." }) balanceAfter: number;
  @Field(() => String, { nullable: true }) orderNo: string | null;
  @Field(() => String) note: string;
  @Field(() => DateTimeISOResolver) createdAt: Date;
}

export const LedgerPageType = PageOf(LedgerEntryType, "LedgerPage");

export function ledgerEntryOut(e: LedgerEntry): LedgerEntryType {
  return {
    id: e.id,
    userId: e.userId,
    username: e.username ?? null,
    type: e.type,
    amount: fenToYuan(e.amountFen),
    balanceAfter: fenToYuan(e.balanceAfterFen),
    orderNo: e.orderNo,
    note: e.note,
    createdAt: e.createdAt,
  };
}

export function walletChangeOut(
  c: Pick<WalletChange, "balanceFen" | "amountFen" | "orderNo"> & { type: string | null; at: Date | string },
): WalletChangeType {
  return {
    balance: fenToYuan(c.balanceFen),
    amount: fenToYuan(c.amountFen),
    type: c.type,
    orderNo: c.orderNo,
    at: new Date(c.at),
  };
}

/** The REST shape of a ledger row (snake_case like the spec's other lists, camelCase too). */
export function ledgerEntryJson(e: LedgerEntry) {
  const o = ledgerEntryOut(e);
  return { ...o, user_id: o.userId, balance_after: o.balanceAfter, order_no: o.orderNo, created_at: o.createdAt };
}
