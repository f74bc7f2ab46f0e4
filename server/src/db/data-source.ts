import "reflect-metadata";
import { DataSource } from "typeorm";
import { pgPoolOptions, type DatabaseSettings } from "@gryx/platform/db-settings";
import { guardTransactions } from "./transaction-guard";
import { DOMAINS } from "../modules";
import { Init1763700000000 } from "./migrations/1763700000000-Init";
import { ContentVersions1763799000000 } from "./migrations/1763799000000-ContentVersions";
import { Catalogue1763800000000 } from "./migrations/1763800000000-Catalogue";
import { SiteContent1763800100000 } from "./migrations/1763800100000-SiteContent";

/**
 * The history so far (migrations spanning several domains) and then each domain's own; TypeORM runs them in the
 * order of the timestamps in their names.
 */
export const MIGRATIONS = [
  Init1763700000000,
  ContentVersions1763799000000,
  Catalogue1763800000000,
  SiteContent1763800100000,
  ...DOMAINS.flatMap((d) => d.migrations ?? []),
];

/**
 * The server's data source: a pool of `settings.poolMax` connections, each with the statement, lock and
 * idle-in-transaction timeouts, and a bounded wait for a connection (@gryx/platform/db-settings). With
 * `guardTransactions` (tests) using the pool inside one of its transactions throws (transaction-guard.ts).
 */
export function createDataSource(
  databaseUrl: string,
  settings: DatabaseSettings,
  opts: { guardTransactions?: boolean } = {},
): DataSource {
  const db = new DataSource({
    type: "postgres",
    url: databaseUrl,
    // No entities: every table's statements live in its owner in @gryx/store; TypeORM runs the migrations and
    // lends its pool and transactions.
    entities: [],
    migrations: MIGRATIONS,
    migrationsTransactionMode: "each",
    synchronize: false,
    logging: ["error"],
    extra: pgPoolOptions(settings),
  });
  if (opts.guardTransactions) guardTransactions(db);
  return db;
}
