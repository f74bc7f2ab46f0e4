import { AsyncLocalStorage } from "node:async_hooks";
import type { DataSource } from "typeorm";

/**
 * Inside a transaction only its manager is used (server/README.md, Database discipline). A query through the pool
 * from inside a transaction callback needs a second connection while the first is held: under a burst every
 * connection is held by a transaction waiting for another one and the server hangs. The static check
 * (tests/integration/transaction-discipline.test.ts) catches it within a class; this catches it anywhere, at run
 * time: with the guard on (NODE_ENV=test), asking the data source for a new connection from inside one of its
 * transaction callbacks throws.
 */
const inTransaction = new AsyncLocalStorage<DataSource>();

class PoolInTransactionError extends Error {
  constructor() {
    super("the pool was used inside a transaction: use the transaction's manager (see db/transaction-guard.ts)");
    this.name = "PoolInTransactionError";
  }
}

export function guardTransactions(db: DataSource): void {
  // `db.transaction` is `db.manager.transaction`: wrapping the manager's covers both ways in.
  const manager = db.manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  (manager as { transaction: unknown }).transaction = (...args: unknown[]) => {
    const i = args.findIndex((a) => typeof a === "function");
    const fn = args[i] as (m: unknown) => Promise<unknown>;
    args[i] = (m: unknown) => inTransaction.run(db, () => fn(m));
    return transaction(...args);
  };
  const createQueryRunner = db.createQueryRunner.bind(db);
  db.createQueryRunner = (...args: Parameters<DataSource["createQueryRunner"]>) => {
    if (inTransaction.getStore() === db) throw new PoolInTransactionError();
    return createQueryRunner(...args);
  };
}
