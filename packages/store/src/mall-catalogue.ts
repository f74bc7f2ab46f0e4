import { one, result, rows, updateGiven, type Sql } from "./sql";

/**
 * The certificate mall's catalogue (owner: the mall domain): `cert_packages` (what is sold: kind, fulfilment source,
 * device type) and their price plans, `cert_plans` (duration, price in fen, warranty, renewal discount, stock).
 */

export interface CertPackageRow {
  id: number;
  name: string;
  description: string;
  kind: string;
  source: string;
  supplier_id: number | null;
  certificate_id: number | null;
  device_type: string;
  enabled: boolean;
  sort_order: number;
  created_at: Date;
  updated_at: Date;
}

export interface CertPlanRow {
  id: number;
  package_id: number;
  name: string;
  duration_days: number;
  /** bigint: as text. */
  price_fen: string;
  warranty_days: number;
  renewal_discount_pct: number;
  /** null: unlimited. */
  stock: number | null;
  sold: number;
  enabled: boolean;
  sort_order: number;
  created_at: Date;
  updated_at: Date;
}

/** A plan with how many mall orders name it (bigint: as text). */
export type CertPlanWithOrders = CertPlanRow & { order_count: string };

// ---- packages -----------------------------------------------------------------------------------------------------

/** The packages in display order; `enabledOnly` for the shop. */
export function listCertPackages(db: Sql, enabledOnly: boolean): Promise<CertPackageRow[]> {
  return rows<CertPackageRow>(
    db,
    `SELECT * FROM cert_packages ${enabledOnly ? "WHERE enabled" : ""} ORDER BY sort_order, id`,
  );
}

/** Whether a package exists. */
export async function certPackageExists(db: Sql, id: number): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM cert_packages WHERE id = $1`, [id])).length > 0;
}

/** Whether there is any package (the demo catalogue is made only on an empty one). */
export async function anyCertPackage(db: Sql): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM cert_packages LIMIT 1`)).length > 0;
}

/** What an admin sets on a package. */
export interface CertPackageFields {
  name?: string;
  description?: string;
  kind?: string;
  source?: string;
  supplierId?: number | null;
  certificateId?: number | null;
  deviceType?: string;
  enabled?: boolean;
}

const PACKAGE_COLUMNS: Record<keyof CertPackageFields, string> = {
  name: "name",
  description: "description",
  kind: "kind",
  source: "source",
  supplierId: "supplier_id",
  certificateId: "certificate_id",
  deviceType: "device_type",
  enabled: "enabled",
};

/**
 * Adds a package (supplier and certificate none, enabled, unless given) and answers its id; it goes last, unless
 * `sortOrder` is given.
 */
export async function insertCertPackage(
  db: Sql,
  f: Required<Pick<CertPackageFields, "name" | "description" | "kind" | "source" | "deviceType">> & CertPackageFields,
  sortOrder?: number,
): Promise<number> {
  return (await one<{ id: number }>(
    db,
    `INSERT INTO cert_packages
       (name, description, kind, source, supplier_id, certificate_id, device_type, enabled, sort_order)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9, (SELECT max(sort_order) + 1 FROM cert_packages), 0))
     RETURNING id`,
    [
      f.name,
      f.description,
      f.kind,
      f.source,
      f.supplierId ?? null,
      f.certificateId ?? null,
      f.deviceType,
      f.enabled ?? true,
      sortOrder ?? null,
    ],
  ))!.id;
}

/** Locks a package's row (in the caller's transaction) and answers where it is delivered from. */
export function lockCertPackage(
  db: Sql,
  id: number,
): Promise<{ source: string; supplier_id: number | null; certificate_id: number | null } | undefined> {
  return one(db, `SELECT source, supplier_id, certificate_id FROM cert_packages WHERE id = $1 FOR UPDATE`, [id]);
}

/** Sets the given fields of a package. */
export async function updateCertPackage(db: Sql, id: number, f: CertPackageFields): Promise<void> {
  await updateGiven(db, "cert_packages", id, PACKAGE_COLUMNS, f);
}

/** Locks a package's row (in the caller's transaction) and answers how many mall orders name it; undefined if none. */
export async function lockCertPackageOrders(db: Sql, id: number): Promise<number | undefined> {
  return (
    await one<{ n: number }>(
      db,
      `SELECT (SELECT count(*) FROM mall_orders o WHERE o.package_id = k.id)::int AS n
         FROM cert_packages k WHERE k.id = $1 FOR UPDATE`,
      [id],
    )
  )?.n;
}

/** Deletes a package and its plans (their orders keep their snapshot). */
export async function deleteCertPackage(db: Sql, id: number): Promise<void> {
  await db.query(`DELETE FROM cert_packages WHERE id = $1`, [id]);
}

/** How many of the listed packages exist. */
export async function countCertPackages(db: Sql, ids: number[]): Promise<number> {
  return (await rows(db, `SELECT id FROM cert_packages WHERE id = ANY($1)`, [ids])).length;
}

/** The listed packages take the sort orders 0, 1, 2… in that sequence. */
export async function reorderCertPackages(db: Sql, ids: number[]): Promise<void> {
  await db.query(
    `UPDATE cert_packages k SET sort_order = o.n - 1
       FROM unnest($1::int[]) WITH ORDINALITY AS o(id, n) WHERE k.id = o.id`,
    [ids],
  );
}

/**
 * The default run: the seeded 共享版证书 package (manual until then, never edited, no orders) is delivered from the
 * demo certificate (a platform certificate provisioning all devices) once that exists.
 */
export async function deliverDemoPackageFromDemoCertificate(db: Sql): Promise<void> {
  await db.query(
    `UPDATE cert_packages k SET source = 'platform', certificate_id = c.id
       FROM certificates c
      WHERE c.demo AND c.scope = 'platform' AND c.all_devices
        AND k.name = '共享版证书' AND k.source = 'manual' AND k.updated_at = k.created_at
        AND NOT EXISTS (SELECT 1 FROM mall_orders o WHERE o.package_id = k.id)`,
  );
}

/** A package's platform certificate (sealed), or undefined when the package has none (or it was deleted). */
export function packagePlatformCertificate(
  db: Sql,
  packageId: number | null,
): Promise<{ name: string; status: string; p12_sealed: string; password_sealed: string; profile: Buffer } | undefined> {
  return one(
    db,
    `SELECT c.name, c.status, c.p12_sealed, c.password_sealed, c.profile
       FROM cert_packages k JOIN certificates c ON c.id = k.certificate_id AND c.scope = 'platform' WHERE k.id = $1`,
    [packageId ?? 0],
  );
}

// ---- plans --------------------------------------------------------------------------------------------------------

/** The plans in display order with how many orders name each; `enabledOnly` for the shop. */
export function listCertPlans(db: Sql, enabledOnly: boolean): Promise<CertPlanWithOrders[]> {
  return rows<CertPlanWithOrders>(
    db,
    `SELECT p.*, (SELECT count(*) FROM mall_orders o WHERE o.plan_id = p.id) AS order_count
       FROM cert_plans p ${enabledOnly ? "WHERE p.enabled" : ""} ORDER BY p.sort_order, p.id`,
  );
}

/** One plan with how many orders name it. */
export function certPlanById(db: Sql, id: number): Promise<CertPlanWithOrders | undefined> {
  return one<CertPlanWithOrders>(
    db,
    `SELECT p.*, (SELECT count(*) FROM mall_orders o WHERE o.plan_id = p.id) AS order_count
       FROM cert_plans p WHERE p.id = $1`,
    [id],
  );
}

/** A plan's price in fen (bigint: as text), or undefined when there is no such plan. */
export async function certPlanPrice(db: Sql, id: number): Promise<string | undefined> {
  return (await one<{ price_fen: string }>(db, `SELECT price_fen FROM cert_plans WHERE id = $1`, [id]))?.price_fen;
}

/** What an admin sets on a plan. */
export interface CertPlanFields {
  name?: string;
  durationDays?: number;
  priceFen?: number;
  warrantyDays?: number;
  renewalDiscountPct?: number;
  /** null: unlimited. */
  stock?: number | null;
  enabled?: boolean;
}

const PLAN_COLUMNS: Record<keyof CertPlanFields, string> = {
  name: "name",
  durationDays: "duration_days",
  priceFen: "price_fen",
  warrantyDays: "warranty_days",
  renewalDiscountPct: "renewal_discount_pct",
  stock: "stock",
  enabled: "enabled",
};

/**
 * Adds a plan to a package (no warranty, no discount, unlimited, enabled, unless given) and answers its id; it goes
 * last in its package, unless `sortOrder` is given.
 */
export async function insertCertPlan(
  db: Sql,
  packageId: number,
  f: Required<Pick<CertPlanFields, "name" | "durationDays" | "priceFen">> & CertPlanFields,
  sortOrder?: number,
): Promise<number> {
  return (await one<{ id: number }>(
    db,
    `INSERT INTO cert_plans
       (package_id, name, duration_days, price_fen, warranty_days, renewal_discount_pct, stock, enabled, sort_order)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8,
             coalesce($9, (SELECT max(sort_order) + 1 FROM cert_plans WHERE package_id = $1), 0))
     RETURNING id`,
    [
      packageId,
      f.name,
      f.durationDays,
      f.priceFen,
      f.warrantyDays ?? 0,
      f.renewalDiscountPct ?? 0,
      f.stock ?? null,
      f.enabled ?? true,
      sortOrder ?? null,
    ],
  ))!.id;
}

/** Sets the given fields of a plan; false when there is no such plan. */
export async function updateCertPlan(db: Sql, id: number, f: CertPlanFields): Promise<boolean> {
  return updateGiven(db, "cert_plans", id, PLAN_COLUMNS, f);
}

/** How many of the listed plans belong to the package. */
export async function countCertPlansOfPackage(db: Sql, packageId: number, ids: number[]): Promise<number> {
  return (await rows(db, `SELECT id FROM cert_plans WHERE package_id = $1 AND id = ANY($2)`, [packageId, ids])).length;
}

/** The listed plans take the sort orders 0, 1, 2… in that sequence. */
export async function reorderCertPlans(db: Sql, ids: number[]): Promise<void> {
  await db.query(
    `UPDATE cert_plans p SET sort_order = o.n - 1
       FROM unnest($1::int[]) WITH ORDINALITY AS o(id, n) WHERE p.id = o.id`,
    [ids],
  );
}

/** Locks a plan's row (in the caller's transaction) and answers how many mall orders name it; undefined if none. */
export async function lockCertPlanOrders(db: Sql, id: number): Promise<number | undefined> {
  return (
    await one<{ n: number }>(
      db,
      `SELECT (SELECT count(*) FROM mall_orders o WHERE o.plan_id = p.id)::int AS n
         FROM cert_plans p WHERE p.id = $1 FOR UPDATE`,
      [id],
    )
  )?.n;
}

/** Deletes a plan (orders keep their snapshot; their plan becomes null). */
export async function deleteCertPlan(db: Sql, id: number): Promise<void> {
  await db.query(`DELETE FROM cert_plans WHERE id = $1`, [id]);
}

// ---- what buying reads and changes --------------------------------------------------------------------------------

/** A plan with its package's name, kind, source, supplier, device type and whether the package is on sale. */
export function planWithPackage(db: Sql, planId: number): Promise<Record<string, any> | undefined> {
  return one(
    db,
    `SELECT p.*, k.name AS package_name, k.kind AS package_kind, k.source, k.supplier_id, k.device_type,
            k.enabled AS package_enabled
       FROM cert_plans p JOIN cert_packages k ON k.id = p.package_id WHERE p.id = $1`,
    [planId],
  );
}

/** Whether a plan and its package are both on sale. */
export async function planOnSale(db: Sql, planId: number): Promise<boolean> {
  const r = await one<{ on: boolean }>(
    db,
    `SELECT p.enabled AND k.enabled AS on
       FROM cert_plans p JOIN cert_packages k ON k.id = p.package_id WHERE p.id = $1`,
    [planId],
  );
  return r?.on === true;
}

/** A sale of the plan: one sold, one taken from its stock; false when sold out. */
export async function takePlanStock(db: Sql, planId: number): Promise<boolean> {
  const r = await result(
    db,
    `UPDATE cert_plans SET sold = sold + 1, stock = stock - 1
      WHERE id = $1 AND (stock IS NULL OR stock > 0) RETURNING id`,
    [planId],
  );
  return r.rows.length > 0;
}

/** A card key's order counts as sold (its stock is the key batch). */
export async function countPlanSold(db: Sql, planId: number): Promise<void> {
  await db.query(`UPDATE cert_plans SET sold = sold + 1 WHERE id = $1`, [planId]);
}

/** A refunded sale gives its stock back. */
export async function returnPlanStock(db: Sql, planId: number): Promise<void> {
  await db.query(`UPDATE cert_plans SET sold = greatest(sold - 1, 0), stock = stock + 1 WHERE id = $1`, [planId]);
}
