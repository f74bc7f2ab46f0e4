import fs from "node:fs";
import type { DataSource } from "typeorm";
import { DomainError } from "../../common/errors";
import { fenToYuan, given, optionalText, parseId, requireBoolean } from "../../common/validate";
import type { Page } from "../../graphql/page";
import type { ReceivedFile, ReceivedImage } from "../../rest/upload";
import { MB } from "../../rest/upload";
import { CatalogKind, type CatalogItemType, type CatalogQuery } from "../catalog/catalog.types";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import type { StorageService } from "../storage/storage.service";
import {
  createItem,
  deleteItems,
  itemCards,
  itemFields,
  itemPrice,
  itemView,
  listItems,
  normalizeImagePath,
  parseIdList,
  reorderItemRows,
  safeFileName,
  setItemActive,
  updateItem,
  type ItemFields,
  type ItemTable,
} from "../catalog/catalog-items";
import { hasPurchased } from "../purchases/purchases.service";
import { sniffDylibFile } from "./dylib-file";
import { DylibEntity } from "./dylib.entity";
import type { DylibType } from "./dylibs.types";

export const DYLIB_MAX_BYTES = 100 * MB;
export const DYLIB_NOT_FOUND = "动态库不存在";
export const DYLIB_FILE_TYPE_ERROR = "仅支持 .dylib 或 .deb 文件";
export const DYLIB_NOT_PURCHASED = "该动态库为付费资源，请先购买后再下载";
const MAX_TAGS = 10;
const TAG_MAX = 20;

/** What an admin sends to create or update a dylib; raw values from GraphQL or a REST body, checked here. */
export interface DylibFields extends ItemFields {
  category?: unknown;
  author?: unknown;
  tags?: unknown;
}

export interface DylibListArgs {
  search?: unknown;
  page?: unknown;
  pageSize?: unknown;
}

/** The file a download streams, after the access check. */
export interface DylibDownload {
  path: string;
  filename: string;
  size: number;
}

/** The search expression is exactly the one the trigram index of the Catalogue migration covers. */
const TABLE: ItemTable<DylibEntity> = {
  table: "dylibs",
  entity: DylibEntity,
  searchExpr: `(t.name || ' ' || t.bundle_id || ' ' || catalog_tags_text(t.tags))`,
  notFound: DYLIB_NOT_FOUND,
  contentKind: "dylibs",
  fileColumn: "file_key",
  fileKind: "dylibs",
  fileExt: /^(dylib|deb)$/,
};

/**
 * Dynamic library plugins: the public list and detail, the home grid's "dylib" category, the admin's CRUD,
 * order and on/off switch, file and icon uploads, and downloads (free, purchased, or admin).
 */
export class DylibsService {
  constructor(
    private readonly db: DataSource,
    private readonly storage: StorageService,
    private readonly versions: ContentVersionsService,
  ) {}

  private get repo() {
    return this.db.getRepository(DylibEntity);
  }

  view(e: DylibEntity): DylibType {
    return { ...itemView(e), category: e.category, author: e.author, tags: e.tags };
  }

  private async find(id: number): Promise<DylibEntity> {
    const row = await this.repo.findOneBy({ id });
    if (!row) throw new DomainError("NOT_FOUND", DYLIB_NOT_FOUND);
    return row;
  }

  /** A dylib for the public detail page: null when missing or switched off. */
  async publicGet(rawId: unknown): Promise<DylibType | null> {
    const id = parseId(rawId, "动态库ID");
    const row = await this.repo.findOneBy({ id, isActive: true });
    return row ? this.view(row) : null;
  }

  async adminGet(rawId: unknown): Promise<DylibType> {
    return this.view(await this.find(parseId(rawId, "动态库ID")));
  }

  /** Active dylibs, in display order, for the public list. */
  publicList(args: DylibListArgs): Promise<Page<DylibType>> {
    return this.list(args, true);
  }

  /** Every dylib, switched off or not, for the admin table. */
  adminList(args: DylibListArgs): Promise<Page<DylibType>> {
    return this.list(args, false);
  }

  private async list(args: DylibListArgs, activeOnly: boolean): Promise<Page<DylibType>> {
    const { rows, ...page } = await listItems(this.repo, TABLE, args, activeOnly);
    return { ...page, items: rows.map((r) => this.view(r)) };
  }

  /** One page of the home grid's dylib category: active rows, price filter and search, in one query. */
  catalogPage(q: CatalogQuery): Promise<Page<CatalogItemType>> {
    return itemCards<CatalogRow>(this.db, TABLE, q, CatalogKind.DYLIB, {
      columns: ", t.author, t.category, t.tags",
      card: (r) => ({ author: r.author, category: r.category, tags: r.tags }),
    });
  }

  /** The price of an active dylib in fen (its resource fee), null when missing or switched off. */
  priceOf(rawId: unknown): Promise<{ priceFen: number } | null> {
    return itemPrice(this.db, TABLE, parseId(rawId, "动态库ID"));
  }

  async create(input: DylibFields): Promise<DylibType> {
    const id = await createItem(this.db, this.storage, this.versions, TABLE, this.checkFields(input, true), input.fileUploadId);
    return this.view(await this.find(id));
  }

  async update(rawId: unknown, input: DylibFields): Promise<DylibType> {
    const id = parseId(rawId, "动态库ID");
    await updateItem(this.db, this.storage, this.versions, TABLE, id, this.checkFields(input, false), input.fileUploadId);
    return this.view(await this.find(id));
  }

  /** Deletes every listed dylib with its files, or none of them when one id is unknown. Returns the count. */
  deleteMany(rawIds: unknown): Promise<number> {
    return deleteItems(this.db, this.versions, this.storage, TABLE, parseIdList(rawIds, "要删除的动态库"));
  }

  /** The listed dylibs take the top places in that sequence; the others keep their order after them. */
  async reorder(rawIds: unknown): Promise<DylibType[]> {
    const ids = parseIdList(rawIds, "要排序的动态库", 1000);
    const rows = await reorderItemRows(this.db, this.versions, TABLE, ids);
    return rows.map((r) => this.view(r));
  }

  /** Switches a dylib on or off; without a value (REST toggle) it flips. */
  async setActive(rawId: unknown, rawActive?: unknown): Promise<DylibType> {
    const id = parseId(rawId, "动态库ID");
    const active = rawActive === undefined ? null : requireBoolean(rawActive, "is_active");
    await setItemActive(this.db, this.versions, TABLE, id, active);
    return this.view(await this.find(id));
  }

  /** Checks an uploaded file really is a .dylib or .deb and stages it; create/update claim it by its uploadId. */
  async stageFile(file: ReceivedFile): Promise<{ uploadId: string; size: number; format: string; filename: string }> {
    const format = await sniffDylibFile(file.path).catch(() => null);
    if (!format) {
      await this.storage.removeTmp(file.path);
      throw new DomainError("BAD_REQUEST", DYLIB_FILE_TYPE_ERROR);
    }
    const uploadId = await this.storage.adoptPrivate("staging", file.path, format);
    return { uploadId, size: file.size, format, filename: file.filename.slice(0, 255) };
  }

  /** Stores an uploaded icon (already checked to be an image); the URL goes into a create/update as iconUrl. */
  async saveIcon(image: ReceivedImage): Promise<{ url: string }> {
    return { url: await this.storage.savePublic("icons", image.data, image.format) };
  }

  /** Where the icon of a dylib is: its own image or the default one. */
  async iconUrl(rawId: unknown): Promise<string> {
    const id = parseId(rawId, "动态库ID");
    const [row] = await this.db.query(`SELECT icon_path FROM dylibs WHERE id = $1`, [id]);
    if (!row) throw new DomainError("NOT_FOUND", DYLIB_NOT_FOUND);
    return normalizeImagePath(row.icon_path);
  }

  /**
   * The file of a dylib for a logged-in user: allowed when it is free, when the user bought it, or for an admin.
   * Counts the download.
   */
  async download(user: { id: number; role: string }, rawId: unknown): Promise<DylibDownload> {
    const id = parseId(rawId, "动态库ID");
    const isAdmin = user.role === "admin";
    const row = await this.repo.findOneBy({ id });
    if (!row || (!row.isActive && !isAdmin)) throw new DomainError("NOT_FOUND", DYLIB_NOT_FOUND);
    if (!row.fileKey) throw new DomainError("NOT_FOUND", "该动态库暂无可下载的文件");
    if (row.resourceFee > 0 && !isAdmin && !(await hasPurchased(this.db, user.id, "dylib", id)))
      throw new DomainError("FORBIDDEN", DYLIB_NOT_PURCHASED);
    const path = this.storage.privatePath(row.fileKey);
    const st = await fs.promises.stat(path).catch(() => null);
    if (!st?.isFile()) throw new DomainError("NOT_FOUND", "文件不存在");
    await this.db.query(`UPDATE dylibs SET download_count = download_count + 1 WHERE id = $1`, [id]);
    const ext = row.fileKey.slice(row.fileKey.lastIndexOf(".") + 1);
    return { path, size: st.size, filename: `${safeFileName(row.name, "dylib")}${row.version ? `-${safeFileName(row.version, "")}` : ""}.${ext}` };
  }

  /** Validates an admin's fields; on update (`creating` false) a field left out stays out. */
  private checkFields(input: DylibFields, creating: boolean): Partial<DylibEntity> {
    const out: Partial<DylibEntity> = itemFields(input, creating);
    if (creating || given(input.category)) out.category = optionalText(input.category, "分类", 100);
    if (creating || given(input.author)) out.author = optionalText(input.author, "作者", 100);
    if (creating || given(input.tags)) out.tags = parseTags(input.tags);
    return out;
  }
}

/** The dylib's own columns of a home-grid card. */
interface CatalogRow {
  author: string;
  category: string;
  tags: string[];
}

/** Tags as a list or a comma-separated text: at most 10 distinct tags of at most 20 characters. */
export function parseTags(raw: unknown): string[] {
  if (raw === undefined || raw === null || raw === "") return [];
  const list = typeof raw === "string" ? raw.split(/[,，]/) : raw;
  if (!Array.isArray(list)) throw new DomainError("BAD_REQUEST", "标签必须是文本列表");
  const tags: string[] = [];
  for (const t of list) {
    if (typeof t !== "string") throw new DomainError("BAD_REQUEST", "标签必须是文本");
    const s = t.trim();
    if (!s) continue;
    if (s.length > TAG_MAX) throw new DomainError("BAD_REQUEST", `每个标签最多${TAG_MAX}个字符`);
    if (!tags.includes(s)) tags.push(s);
  }
  if (tags.length > MAX_TAGS) throw new DomainError("BAD_REQUEST", `标签最多${MAX_TAGS}个`);
  return tags;
}
