import type { DataSource } from "typeorm";
import { isBadAppleInput } from "@gryx/apple/errors";
import type { IpaInfo } from "@gryx/apple/ipa-info";
import { inspectIpaOffloaded as inspectIpaFile } from "@gryx/apple/offload";
import { DomainError } from "../../common/errors";
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
import type { ReceivedFile, ReceivedImage } from "../../rest/upload";
import { MB } from "../../rest/upload";
import { CatalogKind, PriceFilter, type CatalogItemType, type CatalogQuery } from "../catalog/catalog.types";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import {
  claimStaged,
  deleteItems,
  parseIdList,
  reorderItems,
  safeFileName,
  setItemActive,
  unclaim,
  type CatalogTable,
  type ClaimedFile,
} from "../catalog/catalog-items";
import { topSortOrder } from "../../db/sort-order";
import type { PricedItem } from "../purchases/purchase-kinds";
import type { StorageService } from "../storage/storage.service";
import {
  activeAppPackage,
  activeAppPrice,
  appById,
  appCardPage,
  appPage,
  appsByIds,
  countAppDownload,
  insertApp,
  lockAppForUpdate,
  shareCategory,
  updateApp,
  type AppFields as AppChanges,
  type AppListFilter,
  type AppRow,
  type Sql,
} from "@gryx/store";
import type { AppType } from "./apps.types";

export const IPA_MAX_BYTES = 2048 * MB;
const APP_NOT_FOUND = "应用不存在";
/** Staged IPA uploads and icons nobody saved are removed after this long. */
const UNCLAIMED_UPLOAD_TTL_MS = 24 * 3600_000;

const BUNDLE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const OS_VERSION = /^\d{1,3}(\.\d{1,3}){0,3}$/;
/** The columns the search index covers (Catalogue migration): must stay exactly this expression. */
const TABLE: CatalogTable = { table: "apps", notFound: APP_NOT_FOUND, contentKind: "apps" };

/** Reads an IPA; a file that is not a usable IPA is refused with a 400 carrying the inspector's Chinese message. */
async function inspectIpa(filePath: string): Promise<IpaInfo> {
  try {
    return await inspectIpaFile(filePath);
  } catch (e) {
    // The detail (offsets, paths) is for logs; the user gets the code's plain message.
    if (isBadAppleInput(e)) throw new DomainError("CATALOG_IPA_INVALID", e.userMessage);
    throw e;
  }
}

/** What an admin sends to create or update an app; raw values from GraphQL or a REST body, checked here. */
export interface AppFields {
  name?: unknown;
  version?: unknown;
  description?: unknown;
  keywords?: unknown;
  categoryId?: unknown;
  price?: unknown;
  bundleId?: unknown;
  developer?: unknown;
  iconUrl?: unknown;
  ipaUploadId?: unknown;
  size?: unknown;
  minOsVersion?: unknown;
  isActive?: unknown;
}

export interface AppListArgs {
  search?: unknown;
  categoryId?: unknown;
  page?: unknown;
  pageSize?: unknown;
}

/** What the IPA upload answers: the uploadId to put in a create/update, and what the IPA says about itself. */
export interface StagedIpa {
  uploadId: string;
  bundleId: string;
  version: string;
  build: string;
  name: string;
  size: number;
  /** The IPA's icon stored as a public PNG, "" when it has none. */
  iconUrl: string;
  minOsVersion: string | null;
}

/**
 * Apps: the public detail and the home grid's app categories, the admin's list, CRUD, order and on/off switch,
 * icon uploads and IPA uploads (inspected for bundle id, version, name, icon and size, then staged until a
 * create/update claims them).
 */
export class AppsService {
  constructor(
    private readonly db: DataSource,
    private readonly storage: StorageService,
    private readonly versions: ContentVersionsService,
  ) {}

  view(r: AppRow): AppType {
    return {
      id: r.id,
      name: r.name,
      icon: r.icon_path,
      version: r.version,
      size: Number(r.size),
      description: r.description,
      keywords: r.keywords,
      categoryId: r.category_id,
      categoryName: r.category_name,
      price: fenToYuan(r.price),
      bundleId: r.bundle_id,
      developer: r.developer,
      isActive: r.is_active,
      sortOrder: r.sort_order,
      hasIpa: !!r.ipa_key,
      downloadCount: r.download_count,
      downloadBytes: Number(r.download_bytes),
      minOsVersion: r.min_os_version,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  }

  private async row(id: number, db: Sql = this.db): Promise<AppRow> {
    const r = await appById(db, id);
    if (!r) throw new DomainError("CATALOG_ITEM_NOT_FOUND", APP_NOT_FOUND);
    return r;
  }

  /** An app for the public detail page: null when missing or switched off. */
  async publicGet(rawId: unknown): Promise<AppType | null> {
    const id = parseId(rawId, "应用ID");
    const r = await appById(this.db, id, true);
    return r ? this.view(r) : null;
  }

  /** The REST detail: an admin sees any app, everyone else only an active one (else 404). */
  async detail(rawId: unknown, asAdmin: boolean): Promise<AppType> {
    if (asAdmin) return this.adminGet(rawId);
    const app = await this.publicGet(rawId);
    if (!app) throw new DomainError("CATALOG_ITEM_NOT_FOUND", APP_NOT_FOUND);
    return app;
  }

  async adminGet(rawId: unknown): Promise<AppType> {
    return this.view(await this.row(parseId(rawId, "应用ID")));
  }

  /** Every app, switched off or not, for the admin table: search over name, keywords and bundle id, by category. */
  async adminList(args: AppListArgs): Promise<Page<AppType>> {
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize);
    const filter: AppListFilter = {};
    const search = (queryString(args.search ?? undefined, 100) ?? "").trim();
    if (search) filter.like = likePattern(search);
    if (args.categoryId !== undefined && args.categoryId !== null && args.categoryId !== "")
      filter.categoryId = parseId(args.categoryId, "分类ID");
    const { rows, total } = await appPage(this.db, filter, pageSize, offset);
    return { items: rows.map((r) => this.view(r)), total, page, pageSize };
  }

  /** One page of the home grid for all apps (categoryId null) or one category: active rows, price filter, search. */
  async catalogPage(q: CatalogQuery, categoryId: number | null = null): Promise<Page<CatalogItemType>> {
    const filter: AppListFilter = { activeOnly: true };
    if (categoryId !== null) filter.categoryId = categoryId;
    if (q.price === PriceFilter.FREE) filter.price = "free";
    else if (q.price === PriceFilter.PAID) filter.price = "paid";
    const search = q.search?.trim();
    if (search) filter.like = likePattern(search);
    const { rows, total } = await appCardPage(this.db, filter, q.pageSize, q.offset);
    return {
      items: rows.map((r) => ({
        id: String(r.id),
        kind: CatalogKind.APP,
        name: r.name,
        icon: r.icon_path,
        description: r.description,
        version: r.version,
        size: Number(r.size),
        updatedAt: r.updated_at,
        price: fenToYuan(r.price),
        isFree: r.price === 0,
        bundleId: r.bundle_id,
        author: null,
        category: r.category_key,
        tags: [],
        keywords: r.keywords,
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** The price of an active app in fen, null when missing or switched off (for purchases). */
  async priceOf(rawId: unknown): Promise<PricedItem | null> {
    const id = parseId(rawId, "应用ID");
    const row = await activeAppPrice(this.db, id);
    return row ? { priceFen: row.price, name: row.name, hasPackage: row.has_package } : null;
  }

  /**
   * The IPA of an active app (for the feeds' direct links): its file, size, price and a download name; null when the
   * app is missing, switched off, or has no package on disk.
   */
  async package(rawId: unknown): Promise<{ key: string; size: number; priceFen: number; filename: string } | null> {
    const id = parseId(rawId, "应用ID");
    const row = await activeAppPackage(this.db, id);
    if (!row) return null;
    const size = await this.storage.privateSize(row.ipa_key);
    if (size === null) return null;
    const filename = `${safeFileName(row.name, "app")}${row.version ? `-${safeFileName(row.version, "")}` : ""}.ipa`;
    return { key: row.ipa_key, size, priceFen: row.price, filename };
  }

  /** Counts a download of an app's IPA: the bytes that went out, and one whole download when the file did. */
  async countDownload(id: number, sentBytes: number, whole: boolean): Promise<void> {
    if (sentBytes <= 0 && !whole) return;
    await countAppDownload(this.db, id, Math.max(0, sentBytes), whole ? 1 : 0);
  }

  async create(input: AppFields): Promise<AppType> {
    const fields = this.checkFields(input, true);
    const claimed = await this.claimIpa(input.ipaUploadId);
    try {
      if (claimed) fillFromIpa(fields, claimed, input, true);
      if (!fields.name) throw new DomainError("APP_NAME_REQUIRED");
      const id = await this.db.transaction(async (m) => {
        if (fields.categoryId) await this.requireCategory(m, fields.categoryId);
        // New apps go to the top.
        const newId = await insertApp(m, { ...fields, sortOrder: await topSortOrder(m, TABLE.table) });
        await this.versions.bump("apps", m);
        return newId;
      });
      return this.view(await this.row(id));
    } catch (e) {
      if (claimed) await unclaim(this.storage, claimed.file);
      throw e;
    }
  }

  async update(rawId: unknown, input: AppFields): Promise<AppType> {
    const id = parseId(rawId, "应用ID");
    const fields = this.checkFields(input, false);
    await this.row(id);
    const claimed = await this.claimIpa(input.ipaUploadId);
    let before: { ipa_key: string | null; icon_path: string };
    try {
      if (claimed) fillFromIpa(fields, claimed, input, false);
      before = await this.db.transaction(async (m) => {
        const row = await lockAppForUpdate(m, id);
        if (!row) throw new DomainError("CATALOG_ITEM_NOT_FOUND", APP_NOT_FOUND);
        if (fields.categoryId) await this.requireCategory(m, fields.categoryId);
        // A size typed by hand only counts while no IPA says otherwise.
        if (fields.size !== undefined && !claimed && row.ipa_key) delete fields.size;
        // A new version (or a new IPA) dates from now: the feeds publish it as the version's date.
        if (claimed || (fields.version !== undefined && fields.version !== row.version))
          fields.versionDate = new Date();
        await updateApp(m, row, fields);
        await this.versions.bump("apps", m);
        return row;
      });
    } catch (e) {
      if (claimed) await unclaim(this.storage, claimed.file);
      throw e;
    }
    if (claimed && before.ipa_key) await this.storage.removePrivate(before.ipa_key);
    if (fields.iconPath !== undefined && fields.iconPath !== before.icon_path)
      await this.storage.removeUnreferenced([before.icon_path]);
    return this.view(await this.row(id));
  }

  /** Deletes every listed app with its IPA and icon, or none of them when one id is unknown. Returns the count. */
  deleteMany(rawIds: unknown): Promise<number> {
    return deleteItems(this.db, this.versions, this.storage, TABLE, parseIdList(rawIds, "要删除的应用"));
  }

  async delete(rawId: unknown): Promise<boolean> {
    await this.deleteMany([parseId(rawId, "应用ID")]);
    return true;
  }

  /** The listed apps take the top places in that sequence; the others keep their order after them. */
  async reorder(rawIds: unknown): Promise<AppType[]> {
    const ids = parseIdList(rawIds, "要排序的应用", 1000);
    await reorderItems(this.db, this.versions, TABLE, ids);
    return (await appsByIds(this.db, ids)).map((r) => this.view(r));
  }

  /** Switches an app on or off; without a value it flips. */
  async setActive(rawId: unknown, rawActive?: unknown): Promise<AppType> {
    const id = parseId(rawId, "应用ID");
    const active = rawActive === undefined ? null : requireBoolean(rawActive, "is_active");
    await setItemActive(this.db, this.versions, TABLE, id, active);
    return this.view(await this.row(id));
  }

  /** Stores an uploaded icon (already checked to be an image); the URL goes into a create/update as iconUrl. */
  async saveIcon(image: ReceivedImage): Promise<{ url: string }> {
    return { url: await this.storage.savePublic("icons", image.data, image.format) };
  }

  /**
   * Inspects an uploaded IPA and stages it; a create/update claims it by its uploadId. A file that is not a usable
   * IPA is removed and refused with the inspector's message. The IPA's icon is stored as a public PNG.
   */
  async stageIpa(file: ReceivedFile): Promise<StagedIpa> {
    let info: IpaInfo;
    try {
      info = await inspectIpa(file.path);
    } catch (e) {
      await this.storage.removeTmp(file.path);
      throw e;
    }
    const uploadId = await this.storage.adoptPrivate("staging", file.path, "ipa");
    const iconUrl = info.icon ? await this.storage.savePublic("icons", info.icon.png, "png") : "";
    return {
      uploadId,
      bundleId: info.bundleId,
      version: info.version,
      build: info.build,
      name: info.name,
      size: info.size,
      iconUrl,
      minOsVersion: info.minOsVersion,
    };
  }

  /**
   * Hourly: removes staged IPAs nobody claimed within a day, and icons under /uploads/icons that no domain's
   * rows point at (every domain's storedFiles) and that are older than a day (uploads of forms that were never saved).
   */
  async housekeeping(now = Date.now()): Promise<{ staged: number; icons: number }> {
    const staged = await this.storage.prune("staging", UNCLAIMED_UPLOAD_TTL_MS, now);
    const old = await this.storage.publicUrlsOlderThan("icons", now - UNCLAIMED_UPLOAD_TTL_MS);
    let icons = 0;
    for (let i = 0; i < old.length; i += 500) icons += await this.storage.removeUnreferenced(old.slice(i, i + 500));
    return { staged, icons };
  }

  private async requireCategory(m: Sql, id: number): Promise<void> {
    // FOR SHARE: a category cannot be deleted while an app is being put into it.
    if (!(await shareCategory(m, id))) throw new DomainError("CATEGORY_NOT_FOUND");
  }

  /** Moves a staged IPA into place and reads it again (size, minimum iOS come from the file, never the client). */
  private async claimIpa(uploadId: unknown): Promise<{ file: ClaimedFile; info: IpaInfo } | null> {
    if (uploadId === undefined || uploadId === null || uploadId === "") return null;
    const file = await claimStaged(this.storage, uploadId, "ipas", /^ipa$/);
    try {
      return { file, info: await this.storage.withLocalFile(file.key, (path) => inspectIpa(path)) };
    } catch (e) {
      await unclaim(this.storage, file);
      throw e;
    }
  }

  /** Validates an admin's fields; on update (`creating` false) a missing field is left out. */
  private checkFields(input: AppFields, creating: boolean): AppChanges {
    if (!input || typeof input !== "object") throw new DomainError("BAD_REQUEST");
    const out: AppChanges = {};
    // On create the name may come from the IPA instead (checked once the IPA is read).
    if (given(input.name) || (creating && !given(input.ipaUploadId)))
      out.name = requireText(input.name, "应用名称", 100);
    if (creating || given(input.version)) out.version = optionalText(input.version, "版本", 64);
    if (creating || given(input.description)) out.description = optionalText(input.description, "应用描述", 5000);
    if (creating || given(input.keywords)) out.keywords = optionalText(input.keywords, "关键词", 500);
    if (creating || given(input.bundleId)) {
      const b = optionalText(input.bundleId, "Bundle ID", 255);
      if (b && !BUNDLE_ID.test(b)) throw new DomainError("APP_BUNDLE_ID_INVALID");
      out.bundleId = b;
    }
    if (creating || given(input.developer)) out.developer = optionalText(input.developer, "开发者", 100);
    if (given(input.categoryId)) out.categoryId = input.categoryId === "" ? null : parseId(input.categoryId, "分类ID");
    if (creating || given(input.price)) out.price = given(input.price) ? yuanToFen(input.price, "价格") : 0;
    if (creating || given(input.iconUrl)) out.iconPath = imagePathInput(input.iconUrl);
    if (given(input.size)) {
      const s = typeof input.size === "string" && /^\s*\d+\s*$/.test(input.size) ? Number(input.size) : input.size;
      if (typeof s !== "number" || !Number.isSafeInteger(s) || s < 0) throw new DomainError("APP_SIZE_INVALID");
      out.size = String(s);
    }
    if (given(input.minOsVersion)) {
      const v = optionalText(input.minOsVersion, "最低系统版本", 32);
      if (v && !OS_VERSION.test(v)) throw new DomainError("APP_MIN_OS_INVALID");
      out.minOsVersion = v || null;
    }
    if (given(input.isActive)) out.isActive = requireBoolean(input.isActive, "is_active");
    if (given(input.ipaUploadId) && typeof input.ipaUploadId !== "string")
      throw new DomainError("CATALOG_UPLOAD_INVALID");
    return out;
  }
}

/**
 * A claimed IPA sets the file's own facts (size, minimum iOS); version and bundle id where the admin gave none,
 * and the name too when a new app is created without one (an existing app keeps its name).
 */
function fillFromIpa(
  fields: AppChanges,
  { file, info }: { file: ClaimedFile; info: IpaInfo },
  input: AppFields,
  creating: boolean,
): void {
  fields.ipaKey = file.key;
  fields.size = String(info.size);
  if (creating && !fields.name) fields.name = info.name.slice(0, 100);
  if (!input.version) fields.version = info.version.slice(0, 64);
  if (!input.bundleId) fields.bundleId = BUNDLE_ID.test(info.bundleId) ? info.bundleId.slice(0, 255) : "";
  if (!input.minOsVersion)
    fields.minOsVersion = info.minOsVersion && OS_VERSION.test(info.minOsVersion) ? info.minOsVersion : null;
}
