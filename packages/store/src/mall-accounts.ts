import { one, rows, type Sql } from "./sql";

/**
 * The certificate mall's fulfilment sources (owner: the mall domain): `asc_accounts` (App Store Connect accounts: an
 * API key of the certificates domain's `p8_keys` paired with a platform certificate of the same team) and
 * `cert_suppliers` (HTTP suppliers speaking our protocol, their key sealed with SEALING.supplierApiKey).
 */

// ---- App Store Connect accounts -----------------------------------------------------------------------------------

/** An account as the back office lists it: with its key's ids and its certificate's name and team. */
export interface AscAccountListRow {
  id: number;
  name: string;
  p8_key_id: number;
  certificate_id: number;
  device_limit: number;
  status: string;
  status_reason: string | null;
  enabled: boolean;
  deliveries: number;
  created_at: Date;
  updated_at: Date;
  key_id: string;
  issuer_id: string;
  certificate_name: string;
  team_id: string;
}

const ACCOUNTS = `SELECT a.*, k.key_id, k.issuer_id, c.name AS certificate_name, c.team_id
  FROM asc_accounts a JOIN p8_keys k ON k.id = a.p8_key_id JOIN certificates c ON c.id = a.certificate_id`;

/** Every account, oldest first. */
export function listAscAccounts(db: Sql): Promise<AscAccountListRow[]> {
  return rows<AscAccountListRow>(db, `${ACCOUNTS} ORDER BY a.id`);
}

export function ascAccountById(db: Sql, id: number): Promise<AscAccountListRow | undefined> {
  return one<AscAccountListRow>(db, `${ACCOUNTS} WHERE a.id = $1`, [id]);
}

/** Adds an account and answers its id; rejects with 23505 when the key is bound to another account. */
export async function insertAscAccount(
  db: Sql,
  a: { name: string; p8KeyId: number; certificateId: number; deviceLimit: number },
): Promise<number> {
  return (await one<{ id: number }>(
    db,
    `INSERT INTO asc_accounts (name, p8_key_id, certificate_id, device_limit) VALUES ($1, $2, $3, $4) RETURNING id`,
    [a.name, a.p8KeyId, a.certificateId, a.deviceLimit],
  ))!.id;
}

/**
 * Sets the given fields of an account; `resetStatus` puts a full or bad one back in service. False when there is no
 * such account.
 */
export async function updateAscAccount(
  db: Sql,
  id: number,
  f: { name?: string; deviceLimit?: number; enabled?: boolean; resetStatus?: boolean },
): Promise<boolean> {
  const r = await rows(
    db,
    `UPDATE asc_accounts SET name = coalesce($2, name), device_limit = coalesce($3, device_limit),
       enabled = coalesce($4, enabled), ${f.resetStatus ? "status = 'ok', status_reason = NULL, " : ""}
       updated_at = now()
     WHERE id = $1 RETURNING id`,
    [id, f.name ?? null, f.deviceLimit ?? null, f.enabled ?? null],
  );
  return r.length > 0;
}

/** Removes an account; false when there was none. */
export async function deleteAscAccount(db: Sql, id: number): Promise<boolean> {
  return (await rows(db, `DELETE FROM asc_accounts WHERE id = $1 RETURNING id`, [id])).length > 0;
}

/** An App Store Connect account the fulfilment may use, with its API key and platform certificate (sealed). */
export interface AscAccountRow {
  id: number;
  name: string;
  key_id: string;
  issuer_id: string;
  private_key_sealed: string;
  certificate_id: number;
  serial_number: string;
  p12_sealed: string;
  password_sealed: string;
}

/** The next usable account: the order's own first, then the least used; never one of `excluded`. */
export function nextAscAccount(
  db: Sql,
  preferred: number | null,
  excluded: number[],
): Promise<AscAccountRow | undefined> {
  return one(
    db,
    `SELECT a.id, a.name, k.key_id, k.issuer_id, k.private_key_sealed, a.certificate_id, c.serial_number, c.p12_sealed,
            c.password_sealed
       FROM asc_accounts a JOIN p8_keys k ON k.id = a.p8_key_id JOIN certificates c ON c.id = a.certificate_id
      WHERE a.enabled AND a.status = 'ok' AND NOT (a.id = ANY($2::int[]))
      ORDER BY (a.id = $1) DESC, a.deliveries, a.id LIMIT 1`,
    [preferred ?? 0, excluded],
  );
}

/** The account cannot serve (key refused: bad; device limit: full). */
export async function markAscAccount(
  db: Sql,
  accountId: number,
  status: "bad" | "full",
  reason: string,
): Promise<void> {
  await db.query(
    `UPDATE asc_accounts SET status = $2, status_reason = $3, updated_at = now() WHERE id = $1 AND status = 'ok'`,
    [accountId, status, reason.slice(0, 500)],
  );
}

/** Counts a delivery made with the account (the next order prefers the least used). */
export async function countAscDelivery(db: Sql, accountId: number): Promise<void> {
  await db.query(`UPDATE asc_accounts SET deliveries = deliveries + 1 WHERE id = $1`, [accountId]);
}

// ---- suppliers ----------------------------------------------------------------------------------------------------

/** One row of `cert_suppliers` (its key sealed). */
export interface CertSupplierRow {
  id: number;
  name: string;
  base_url: string;
  api_key_sealed: string;
  secrets_key_id: string;
  product_map: Record<string, string>;
  timeout_ms: number;
  enabled: boolean;
  allow_private: boolean;
  last_test_at: Date | null;
  last_test_ok: boolean | null;
  last_test_message: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Every supplier, oldest first. */
export function listCertSuppliers(db: Sql): Promise<CertSupplierRow[]> {
  return rows<CertSupplierRow>(db, `SELECT * FROM cert_suppliers ORDER BY id`);
}

export function certSupplierById(db: Sql, id: number): Promise<CertSupplierRow | undefined> {
  return one<CertSupplierRow>(db, `SELECT * FROM cert_suppliers WHERE id = $1`, [id]);
}

/** Whether a supplier exists. */
export async function certSupplierExists(db: Sql, id: number): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM cert_suppliers WHERE id = $1`, [id])).length > 0;
}

/** What an admin sets on a supplier: a new key comes sealed, with the id of the key it is sealed under. */
export interface CertSupplierFields {
  name?: string;
  baseUrl?: string;
  apiKey?: { sealed: string; keyId: string };
  productMap?: Record<string, string>;
  timeoutMs?: number;
  enabled?: boolean;
  allowPrivate?: boolean;
}

/** The given fields as columns and values (left out: not set). */
function supplierColumns(f: CertSupplierFields): { names: string[]; values: unknown[] } {
  const names: string[] = [];
  const values: unknown[] = [];
  const put = (name: string, value: unknown) => {
    if (value === undefined) return;
    names.push(name);
    values.push(value);
  };
  put("name", f.name);
  put("base_url", f.baseUrl);
  put("api_key_sealed", f.apiKey?.sealed);
  put("secrets_key_id", f.apiKey?.keyId);
  put("product_map", f.productMap === undefined ? undefined : JSON.stringify(f.productMap));
  put("timeout_ms", f.timeoutMs);
  put("enabled", f.enabled);
  put("allow_private", f.allowPrivate);
  return { names, values };
}

/** Adds a supplier (fields left out take the column defaults) and answers its id. */
export async function insertCertSupplier(
  db: Sql,
  f: Required<Pick<CertSupplierFields, "name" | "baseUrl" | "apiKey">> & CertSupplierFields,
): Promise<number> {
  const { names, values } = supplierColumns(f);
  return (await one<{ id: number }>(
    db,
    `INSERT INTO cert_suppliers (${names.join(", ")}) VALUES (${names.map((_, i) => `$${i + 1}`).join(", ")})
     RETURNING id`,
    values,
  ))!.id;
}

/** Sets the given fields of a supplier; false when there is no such supplier. */
export async function updateCertSupplier(db: Sql, id: number, f: CertSupplierFields): Promise<boolean> {
  const { names, values } = supplierColumns(f);
  const sets = names.map((n, i) => `${n} = $${i + 2}`);
  const r = await rows(
    db,
    `UPDATE cert_suppliers SET ${[...sets, "updated_at = now()"].join(", ")} WHERE id = $1 RETURNING id`,
    [id, ...values],
  );
  return r.length > 0;
}

/** Removes a supplier (its packages keep no supplier); false when there was none. */
export async function deleteCertSupplier(db: Sql, id: number): Promise<boolean> {
  return (await rows(db, `DELETE FROM cert_suppliers WHERE id = $1 RETURNING id`, [id])).length > 0;
}

/** Records the outcome of 测试连接. */
export async function recordCertSupplierTest(db: Sql, id: number, ok: boolean, message: string): Promise<void> {
  await db.query(
    `UPDATE cert_suppliers SET last_test_at = now(), last_test_ok = $2, last_test_message = $3 WHERE id = $1`,
    [id, ok, message],
  );
}

/** One row of `cert_suppliers`, as the fulfilment reads it. */
export interface SupplierRow {
  name: string;
  base_url: string;
  api_key_sealed: string;
  product_map: Record<string, string>;
  timeout_ms: number;
  enabled: boolean;
  allow_private: boolean;
}

export function supplierOf(db: Sql, supplierId: number | null): Promise<SupplierRow | undefined> {
  return one(
    db,
    `SELECT name, base_url, api_key_sealed, product_map, timeout_ms, enabled, allow_private
       FROM cert_suppliers WHERE id = $1`,
    [supplierId ?? 0],
  );
}
