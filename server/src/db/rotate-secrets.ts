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
export async function rotateSecrets(
  db: DataSource,
  keyring: Keyring,
  tables: readonly SealedColumns[],
): Promise<RotationReport[]> {
  const reports: RotationReport[] = [];
  for (const t of tables) {
    const idName = t.idColumn ?? "id";
    const id = ident(idName);
    const cols = Object.keys(t.columns);
    const [{ type: idType }]: { type: string }[] = await db.query(
      `SELECT format_type(atttypid, atttypmod) AS type FROM pg_attribute WHERE attrelid = $1::regclass AND attname = $2`,
      [t.table, idName],
    );
    const report: RotationReport = { table: t.table, resealed: 0, current: 0, unreadable: [] };
    let after: string | number | null = null;
    for (;;) {
      const done = await db.transaction(async (m) => {
        const rows: Record<string, string | number | null>[] = await m.query(
          `SELECT ${id} AS id, ${cols.map(ident).join(", ")} FROM ${ident(t.table)} ${after === null ? "" : `WHERE ${id} > $1`} ORDER BY ${id} LIMIT ${BATCH} FOR UPDATE`,
          after === null ? [] : [after],
        );
        // The rows to write, each with every sealed column (already-current values as they are).
        const ids: string[] = [];
        const values: (string | null)[][] = cols.map(() => []);
        for (const row of rows) {
          if (cols.every((c) => typeof row[c] !== "string" || keyring.isCurrent(row[c] as string))) {
            report.current++;
            continue;
          }
          const next = cols.map((c) =>
            typeof row[c] === "string" ? keyring.reseal(t.columns[c]!, row[c] as string) : null,
          );
          if (next.some((v, i) => v === null && typeof row[cols[i]!] === "string")) {
            report.unreadable.push(row.id!);
            continue;
          }
          ids.push(String(row.id));
          next.forEach((v, i) => values[i]!.push(v));
        }
        if (ids.length) {
          // One statement per batch: the new values travel as arrays, matched to the rows by id.
          const sets = cols.map((c, i) => `${ident(c)} = v.c${i}`);
          if (t.keyIdColumn) sets.push(`${ident(t.keyIdColumn)} = $${cols.length + 2}`);
          await m.query(
            `UPDATE ${ident(t.table)} AS t SET ${sets.join(", ")}
               FROM unnest($1::text[], ${cols.map((_, i) => `$${i + 2}::text[]`).join(", ")}) AS v(id, ${cols.map((_, i) => `c${i}`).join(", ")})
              WHERE t.${id} = v.id::${idType}`,
            [ids, ...values, ...(t.keyIdColumn ? [keyring.currentId] : [])],
          );
          report.resealed += ids.length;
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
