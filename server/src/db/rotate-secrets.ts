import type { Keyring } from "@gryx/platform/secrets";
import type { DataSource } from "typeorm";
import type { SealedColumns } from "../modules/module";

export interface RotationReport {
  table: string;
  /** Rows whose values were re-sealed under the current key. */
  resealed: number;
  /** Rows already entirely under the current key. */
  current: number;
  /** Ids of rows with a value no key of the ring opens (left as they are; listed so the operator knows). */
  unreadable: (string | number)[];
}

const BATCH = 200;
const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
  return `"${name}"`;
};

/**
 * Re-seals every sealed column of every declared table under the keyring's current key. Rows are read in id order
 * in batches; each batch is one transaction that locks its rows (FOR UPDATE), so a concurrent write is not lost,
 * and updates only the rows that change. Idempotent: a second run finds everything current and writes nothing.
 */
export async function rotateSecrets(db: DataSource, keyring: Keyring, tables: readonly SealedColumns[]): Promise<RotationReport[]> {
  const reports: RotationReport[] = [];
  for (const t of tables) {
    const id = ident(t.idColumn ?? "id");
    const cols = Object.keys(t.columns);
    const report: RotationReport = { table: t.table, resealed: 0, current: 0, unreadable: [] };
    let after: string | number | null = null;
    for (;;) {
      const done = await db.transaction(async (m) => {
        const rows: Record<string, string | number | null>[] = await m.query(
          `SELECT ${id} AS id, ${cols.map(ident).join(", ")} FROM ${ident(t.table)} ${after === null ? "" : `WHERE ${id} > $1`} ORDER BY ${id} LIMIT ${BATCH} FOR UPDATE`,
          after === null ? [] : [after],
        );
        for (const row of rows) {
          const changes: Record<string, string> = {};
          let unreadable = false;
          for (const col of cols) {
            const value = row[col];
            if (typeof value !== "string" || keyring.isCurrent(value)) continue;
            const resealed = keyring.reseal(t.columns[col]!, value);
            if (resealed === null) unreadable = true;
            else changes[col] = resealed;
          }
          if (unreadable) report.unreadable.push(row.id!);
          else if (Object.keys(changes).length === 0) report.current++;
          else {
            if (t.keyIdColumn) changes[t.keyIdColumn] = keyring.currentId;
            const names = Object.keys(changes);
            await m.query(`UPDATE ${ident(t.table)} SET ${names.map((n, i) => `${ident(n)} = $${i + 2}`).join(", ")} WHERE ${id} = $1`, [row.id, ...names.map((n) => changes[n])]);
            report.resealed++;
          }
        }
        if (rows.length) after = rows[rows.length - 1]!.id;
        return rows.length < BATCH;
      });
      if (done) break;
    }
    reports.push(report);
  }
  return reports;
}
