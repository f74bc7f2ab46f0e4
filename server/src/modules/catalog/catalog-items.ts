import {
  activeCatalogItemPrice,
  catalogItemById,
  catalogItemCardPage,
  catalogItemPage,
  catalogItemsByIds,
  deleteCatalogueRows,
  insertCatalogItem,
  setCatalogueRowActive,
  updateCatalogItem,
  type CatalogItemCardRow,
  type CatalogItemFields,
  type CatalogItemTable,
  type CatalogueTable,
  type Sql,
} from "@gryx/store";
import type { DataSource } from "typeorm";
import { DomainError, isDomainError } from "../../common/errors";
import { applySortOrder, topSortOrder } from "../../db/sort-order";
import {
  fenToYuan,
  given,
  imagePathInput,
  likePattern,
  optionalText,
  pageArgs,
  parseId,
  queryString,
  requireBoolean,
  requireText,
  yuanToFen,
} from "../../common/validate";
import type { Page } from "../../graphql/page";
import { PriceFilter, type CatalogItemType, type CatalogKind, type CatalogQuery } from "./catalog.types";
import { catalogItemFromRow, type CatalogItem } from "./catalog-item";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import type { PricedItem } from "../purchases/purchase-kinds";
import type { PrivateKind, StorageService } from "../storage/storage.service";
import { DEFAULT_ICON_FILE } from "../storage/default-icon";

/** Small pieces shared by the dylib and resource-share services. */

const DEFAULT_ICON_URL = `/uploads/${DEFAULT_ICON_FILE}`;

/** A list of distinct ids from a request (1..max of them), else 400 naming what they are. */
export function parseIdList(raw: unknown, what: string, max = 100): number[] {
  if (!Array.isArray(raw) || raw.length === 0) throw new DomainError("CATALOG_SELECTION_EMPTY", `请选择${what}`);
  if (raw.length > max) throw new DomainError("CATALOG_SELECTION_TOO_MANY", `一次最多${max}项`);
  const ids = raw.map((v) => parseId(v));
  if (new Set(ids).size !== ids.length) throw new DomainError("SORT_IDS_DUPLICATE", "ID列表有重复");
  return ids;
}

/** A staged upload moved to its final place; `unclaim` puts it back should the record not be saved. */
export interface ClaimedFile {
  key: string;
  size: number;
  stagedKey: string;
}

const STAGED_KEY = /^staging\/[0-9a-f]{32}\.([a-z0-9]{1,8})$/;
const STALE_UPLOAD = "上传的文件已失效，请重新上传";

/**
 * Claims a file an upload endpoint staged (`staging/<hex>.<ext>`, returned to the admin as uploadId): checks the
 * key and its extension, and moves the file into `kind`. A second claim of the same upload finds nothing.
 */
export async function claimStaged(
  storage: StorageService,
  uploadId: unknown,
  kind: PrivateKind,
  ext: RegExp,
): Promise<ClaimedFile> {
  const m = typeof uploadId === "string" ? STAGED_KEY.exec(uploadId) : null;
  if (!m || !ext.test(m[1])) throw new DomainError("CATALOG_UPLOAD_EXPIRED", STALE_UPLOAD);
  const size = await storage.privateSize(uploadId as string);
  if (size === null) throw new DomainError("CATALOG_UPLOAD_EXPIRED", STALE_UPLOAD);
  const key = await storage.movePrivate(uploadId as string, kind).catch((e) => {
    if (isDomainError(e) && e.code === "STORAGE_UNAVAILABLE") throw e;
    throw new DomainError("CATALOG_UPLOAD_EXPIRED", STALE_UPLOAD);
  });
  return { key, size, stagedKey: uploadId as string };
}

/** Returns a claimed file to staging (its uploadId stays valid) after the record could not be saved. */
export async function unclaim(storage: StorageService, file: ClaimedFile): Promise<void> {
  await storage.movePrivate(file.key, "staging").catch(() => storage.removePrivate(file.key));
}

/**
 * A catalogue table (Catalogue migration): apps, dylibs and resource shares all have `is_active`, `sort_order`
 * (display order `sort_order, id DESC`), `icon_path` and a private file key column. The operations below work on
 * any of them, named by this descriptor (fixed strings, never input).
 */
export interface CatalogTable {
  table: CatalogueTable;
  notFound: string;
  contentKind: "apps" | "dylibs" | "resourceShares";
}

/**
 * The dylib and resource-share tables share their whole shape besides (`CatalogItem`): money in fen as
 * `resource_fee`, the file in `file_key`, so these two also share the list and home-grid queries and the
 * create/update flows.
 */
export interface ItemTable extends CatalogTable {
  table: CatalogItemTable;
  contentKind: "dylibs" | "resourceShares";
  /** Where a claimed upload is moved to, and the staged file extensions the table accepts. */
  fileKind: PrivateKind;
  fileExt: RegExp;
}

/** Deletes every listed row, or none when one id is unknown; then removes their files. Returns the count. */
export async function deleteItems(
  db: DataSource,
  versions: ContentVersionsService,
  storage: StorageService,
  t: CatalogTable,
  ids: number[],
): Promise<number> {
  const removed = await db.transaction(async (m) => {
    const rows = await deleteCatalogueRows(m, t.table, ids);
    if (rows.length !== ids.length) throw new DomainError("CATALOG_ITEM_NOT_FOUND", t.notFound);
    await versions.bump(t.contentKind, m);
    return rows;
  });
  for (const r of removed) await storage.removePrivate(r.file_key);
  await storage.removeUnreferenced(removed.map((r) => r.icon_path));
  return removed.length;
}

/** The listed rows take the top places in that sequence (first = top); the others keep their order after them. */
export async function reorderItems(
  db: DataSource,
  versions: ContentVersionsService,
  t: CatalogTable,
  ids: number[],
): Promise<void> {
  await db.transaction(async (m) => {
    await applySortOrder(m, t.table, ids, t.notFound);
    await versions.bump(t.contentKind, m);
  });
}

/** The listed item rows take the top places in that sequence; returns them in their new order. */
export async function reorderItemRows<E extends CatalogItem>(
  db: DataSource,
  versions: ContentVersionsService,
  t: ItemTable,
  ids: number[],
): Promise<E[]> {
  await reorderItems(db, versions, t, ids);
  return (await catalogItemsByIds(db, t.table, ids)).map((r) => catalogItemFromRow<E>(r));
}

/** One item (`activeOnly`: null when switched off), or null when missing. */
export async function findItem<E extends CatalogItem>(
  db: Sql,
  t: ItemTable,
  id: number,
  opts: { activeOnly?: boolean } = {},
): Promise<E | null> {
  const row = await catalogItemById(db, t.table, id, opts);
  return row ? catalogItemFromRow<E>(row) : null;
}

/** Switches a row on or off (`active` null flips it); 404 when missing. */
export async function setItemActive(
  db: DataSource,
  versions: ContentVersionsService,
  t: CatalogTable,
  id: number,
  active: boolean | null,
): Promise<void> {
  await db.transaction(async (m) => {
    if (!(await setCatalogueRowActive(m, t.table, id, active)))
      throw new DomainError("CATALOG_ITEM_NOT_FOUND", t.notFound);
    await versions.bump(t.contentKind, m);
  });
}

/** The price of an active row in fen (its resource fee), null when missing or switched off. */
export async function itemPrice(db: DataSource, t: ItemTable, id: number): Promise<PricedItem | null> {
  const row = await activeCatalogItemPrice(db, t.table, id);
  return row ? { priceFen: row.resource_fee, name: row.name, hasPackage: row.has_package } : null;
}

/** How a table's own columns of a home-grid card (the owner selects them) map onto the card. */
export interface ItemCardExtra {
  card: (r: CatalogItemCardRow) => Pick<CatalogItemType, "author" | "category" | "tags">;
}

/**
 * One page of home-grid cards of active rows, with the price filter (free = resource fee 0) and search, plus the
 * table's own card columns (`extra`).
 */
export async function itemCards(
  db: DataSource,
  t: ItemTable,
  q: CatalogQuery,
  kind: CatalogKind,
  extra: ItemCardExtra,
): Promise<Page<CatalogItemType>> {
  const search = q.search?.trim();
  const price = q.price === PriceFilter.FREE ? "free" : q.price === PriceFilter.PAID ? "paid" : undefined;
  const { rows, total } = await catalogItemCardPage(
    db,
    t.table,
    { price, like: search ? likePattern(search) : undefined },
    q.pageSize,
    q.offset,
  );
  return {
    items: rows.map((r) => ({
      id: String(r.id),
      kind,
      name: r.name,
      icon: r.icon_path,
      description: r.description,
      version: r.version,
      size: Number(r.file_size),
      updatedAt: r.updated_at,
      price: fenToYuan(r.resource_fee),
      isFree: r.resource_fee === 0,
      bundleId: r.bundle_id,
      ...extra.card(r),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The spec's image path rule (§5), for redirects: kept as is, or put under /uploads/; "" is the default icon. */
export function normalizeImagePath(p: string): string {
  if (!p) return DEFAULT_ICON_URL;
  if (/^(https?:)?\/\//i.test(p) || p.startsWith("/uploads")) return p;
  if (p.startsWith("uploads/")) return `/${p}`;
  return `/uploads/${p}`;
}

/** A file name for Content-Disposition: no path separators, control or reserved characters. */
export function safeFileName(name: string, fallback: string): string {
  const s = name
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, "")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+|[.\s]+$/g, "")
    .slice(0, 80);
  return s || fallback;
}

/** A page of rows in display order (only active ones for the public), searched over the table's index expression. */
export async function listItems<E extends CatalogItem>(
  db: Sql,
  t: ItemTable,
  args: { search?: unknown; page?: unknown; pageSize?: unknown },
  activeOnly: boolean,
): Promise<{ rows: E[]; total: number; page: number; pageSize: number }> {
  const { page, pageSize, offset } = pageArgs(args.page, args.pageSize);
  const search = (queryString(args.search ?? undefined, 100) ?? "").trim();
  const found = await catalogItemPage(
    db,
    t.table,
    { activeOnly, like: search ? likePattern(search) : undefined },
    pageSize,
    offset,
  );
  return { rows: found.rows.map((r) => catalogItemFromRow<E>(r)), total: found.total, page, pageSize };
}

/** The common fields as the API shows them: money in yuan, size in bytes, whether a file is attached. */
export function itemView(e: CatalogItem) {
  return {
    id: e.id,
    name: e.name,
    icon: e.iconPath,
    version: e.version,
    fileSize: Number(e.fileSize),
    description: e.description,
    resourceFee: fenToYuan(e.resourceFee),
    trafficFee: fenToYuan(e.trafficFee),
    bundleId: e.bundleId,
    downloadCount: e.downloadCount,
    isActive: e.isActive,
    sortOrder: e.sortOrder,
    hasFile: !!e.fileKey,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

/** The common fields in the spec's REST shape (snake_case names, money in yuan). */
export function itemJson(v: ReturnType<typeof itemView>) {
  return {
    id: v.id,
    name: v.name,
    icon_path: v.icon,
    version: v.version,
    file_size: v.fileSize,
    description: v.description,
    resource_fee: v.resourceFee,
    traffic_fee: v.trafficFee,
    bundleId: v.bundleId,
    download_count: v.downloadCount,
    is_active: v.isActive,
    sort_order: v.sortOrder,
    has_file: v.hasFile,
    /** Something to deliver: without it the item is not sold (CATALOG_ITEM_NO_PACKAGE). */
    has_package: v.hasFile,
    created_at: v.createdAt,
    updated_at: v.updatedAt,
  };
}

/** A REST create/update body's common fields, by the REST names. */
export function itemFieldsOf(b: Record<string, unknown>): ItemFields {
  return {
    name: b.name,
    version: b.version,
    description: b.description,
    resourceFee: b.resource_fee,
    trafficFee: b.traffic_fee,
    bundleId: b.bundleId,
    iconUrl: b.icon_path,
    fileUploadId: b.uploadId,
    isActive: b.is_active,
  };
}

/** The fields a dylib and a resource share have in common, as an admin sends them (raw, checked by `itemFields`). */
export interface ItemFields {
  name?: unknown;
  version?: unknown;
  description?: unknown;
  resourceFee?: unknown;
  trafficFee?: unknown;
  bundleId?: unknown;
  iconUrl?: unknown;
  fileUploadId?: unknown;
  isActive?: unknown;
}

/** Validates the common fields; on update (`creating` false) a field left out stays out. Fees are in yuan → fen. */
export function itemFields(input: ItemFields, creating: boolean) {
  if (!input || typeof input !== "object") throw new DomainError("BAD_REQUEST");
  const out: {
    name?: string;
    version?: string;
    description?: string;
    bundleId?: string;
    resourceFee?: number;
    trafficFee?: number;
    iconPath?: string;
    isActive?: boolean;
  } = {};
  if (creating || given(input.name)) out.name = requireText(input.name, "名称", 100);
  if (creating || given(input.version)) out.version = optionalText(input.version, "版本", 64);
  if (creating || given(input.description)) out.description = optionalText(input.description, "描述", 5000);
  if (creating || given(input.bundleId)) out.bundleId = optionalText(input.bundleId, "Bundle ID", 255);
  if (creating || given(input.resourceFee))
    out.resourceFee = given(input.resourceFee) ? yuanToFen(input.resourceFee, "费用") : 0;
  if (creating || given(input.trafficFee))
    out.trafficFee = given(input.trafficFee) ? yuanToFen(input.trafficFee, "费用") : 0;
  if (creating || given(input.iconUrl)) out.iconPath = imagePathInput(input.iconUrl);
  if (given(input.isActive)) out.isActive = requireBoolean(input.isActive, "is_active");
  if (given(input.fileUploadId) && typeof input.fileUploadId !== "string")
    throw new DomainError("CATALOG_UPLOAD_INVALID");
  return out;
}

/**
 * Saves a new row at the top of the display order, with the staged upload `uploadId` (if any) as its file; should
 * the save fail, the upload goes back to staging. Returns the new row's id.
 */
export async function createItem(
  db: DataSource,
  storage: StorageService,
  versions: ContentVersionsService,
  t: ItemTable,
  fields: CatalogItemFields,
  uploadId: unknown,
): Promise<number> {
  const file = uploadId ? await claimStaged(storage, uploadId, t.fileKind, t.fileExt) : null;
  try {
    return await db.transaction(async (m) => {
      const id = await insertCatalogItem(m, t.table, {
        ...fields,
        fileKey: file?.key ?? null,
        fileSize: String(file?.size ?? 0),
        // New rows go to the top.
        sortOrder: await topSortOrder(m, t.table),
      });
      await versions.bump(t.contentKind, m);
      return id;
    });
  } catch (e) {
    if (file) await unclaim(storage, file);
    throw e;
  }
}

/**
 * Sets the checked fields of a row (404 before any upload is claimed when it is missing) and, with `uploadId`, its
 * staged upload as the new file; should the save fail, the upload goes back to staging. Afterwards removes the
 * replaced file, and the replaced icon once no catalogue row uses it.
 */
export async function updateItem(
  db: DataSource,
  storage: StorageService,
  versions: ContentVersionsService,
  t: ItemTable,
  id: number,
  fields: CatalogItemFields,
  uploadId: unknown,
): Promise<void> {
  if (!(await catalogItemById(db, t.table, id))) throw new DomainError("CATALOG_ITEM_NOT_FOUND", t.notFound);
  const file = uploadId ? await claimStaged(storage, uploadId, t.fileKind, t.fileExt) : null;
  let before: { fileKey: string | null; iconPath: string };
  try {
    before = await db.transaction(async (m) => {
      const row = await catalogItemById(m, t.table, id, { forUpdate: true });
      if (!row) throw new DomainError("CATALOG_ITEM_NOT_FOUND", t.notFound);
      const old = { fileKey: row.file_key, iconPath: row.icon_path };
      await updateCatalogItem(
        m,
        t.table,
        row,
        file ? { ...fields, fileKey: file.key, fileSize: String(file.size) } : fields,
      );
      await versions.bump(t.contentKind, m);
      return old;
    });
  } catch (e) {
    if (file) await unclaim(storage, file);
    throw e;
  }
  if (file && before.fileKey) await storage.removePrivate(before.fileKey);
  if (fields.iconPath !== undefined && fields.iconPath !== before.iconPath)
    await storage.removeUnreferenced([before.iconPath]);
}
