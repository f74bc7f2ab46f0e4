/** A wallet after one committed change: the owner's pages show the new balance at once. */
export interface WalletChangedPayload {
  userId: number;
  /** The balance after the change, in fen. */
  balanceFen: number;
  /** The ledger type of the change (recharge, purchase, refund, admin_adjust...). */
  type: string;
  /** Signed, in fen. */
  amountFen: number;
  orderNo: string | null;
  /** ISO time of the change. */
  at: string;
}

declare module "@gryx/contracts/events" {
  interface EventPayloads {
    /** A wallet's balance changed (published by the server after the transaction committed). */
    "wallet.changed": WalletChangedPayload;
  }
}

/** The topics it publishes (its manifest's `events`). */
export const WALLET_EVENTS = ["wallet.changed"] as const;
