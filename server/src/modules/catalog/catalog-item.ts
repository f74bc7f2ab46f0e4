import type { CatalogItemRow } from "@gryx/store";

/**
 * A dylib or a resource share as the services pass it around (from its row in @gryx/store's catalogue owner): the
 * columns both tables have; a dylib adds its own (`Dylib`).
 */
export interface CatalogItem {
  id: number;
  name: string;
  /** Image path as stored: an `/uploads/...` URL or an external http(s) URL; "" = default icon. */
  iconPath: string;
  version: string;
  /** Private storage key of the attached file, null when none is attached. */
  fileKey: string | null;
  /** Bytes (bigint comes back from pg as a string). */
  fileSize: string;
  description: string;
  /** Fen. */
  resourceFee: number;
  /** Fen. */
  trafficFee: number;
  bundleId: string;
  downloadCount: number;
  isActive: boolean;
  sortOrder: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A dynamic library plugin (.dylib or .deb); its file key is `dylibs/<hex>.dylib|deb`. */
export interface Dylib extends CatalogItem {
  category: string;
  author: string;
  tags: string[];
}

/** The item of a row (a dylib's row gives a `Dylib`). */
export function catalogItemFromRow<E extends CatalogItem>(r: CatalogItemRow): E {
  const item: CatalogItem & Partial<Dylib> = {
    id: r.id,
    name: r.name,
    iconPath: r.icon_path,
    version: r.version,
    fileKey: r.file_key,
    fileSize: r.file_size,
    description: r.description,
    resourceFee: r.resource_fee,
    trafficFee: r.traffic_fee,
    bundleId: r.bundle_id,
    downloadCount: r.download_count,
    isActive: r.is_active,
    sortOrder: r.sort_order,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
  if (r.tags !== undefined) Object.assign(item, { category: r.category, author: r.author, tags: r.tags });
  return item as E;
}

const COLUMNS: Record<keyof Omit<Dylib, "id" | "downloadCount" | "createdAt" | "updatedAt">, string> = {
  name: "name",
  iconPath: "icon_path",
  version: "version",
  fileKey: "file_key",
  fileSize: "file_size",
  description: "description",
  resourceFee: "resource_fee",
  trafficFee: "traffic_fee",
  bundleId: "bundle_id",
  isActive: "is_active",
  sortOrder: "sort_order",
  category: "category",
  author: "author",
  tags: "tags",
};

/** An item's changed fields as the owner's columns (what insertCatalogItem and updateCatalogItem take). */
export function catalogItemColumns(fields: Partial<Dylib>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) out[COLUMNS[k as keyof typeof COLUMNS] ?? k] = v;
  return out;
}

/**
 * The columns among `values` whose value differs from the row's: what an admin's save changes (saving an unchanged
 * form writes nothing, so the item's `updated_at` stays).
 */
export function changedColumns(row: object, values: Record<string, unknown>): Record<string, unknown> {
  const current = row as Record<string, unknown>;
  return Object.fromEntries(Object.entries(values).filter(([c, v]) => !sameValue(current[c], v)));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date)
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b);
  if (a === null || a === undefined || b === null || b === undefined) return a === b;
  return String(a) === String(b);
}
