import fs from "node:fs";
import type { DataSource, EntityManager } from "typeorm";
import { DomainError } from "../../common/errors";
import { fenToYuan, imagePathInput, optionalText, pageArgs, parseId, queryString, requireBoolean, requireText, yuanToFen } from "../../common/validate";
import type { Page } from "../../graphql/page";
import type { ReceivedFile, ReceivedImage } from "../../rest/upload";
import { MB } from "../../rest/upload";
import { CatalogKind, PriceFilter, type CatalogItemType, type CatalogQuery } from "../catalog/catalog.types";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import type { StorageService } from "../storage/storage.service";
import { claimStaged, DEFAULT_ICON_URL, likePattern, parseIdList, unclaim } from "./catalog-items";
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
export interface DylibFields {
  name?: unknown;
  version?: unknown;
  description?: unknown;
  resourceFee?: unknown;
  trafficFee?: unknown;
  bundleId?: unknown;
  category?: unknown;
  author?: unknown;
  tags?: unknown;
  iconUrl?: unknown;
  fileUploadId?: unknown;
  isActive?: unknown;
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

/** The columns the search index covers (Catalogue migration): must stay exactly this expression. */
const SEARCH_EXPR = `(d.name || ' ' || d.bundle_id || ' ' || catalog_tags_text(d.tags))`;
const ORDER = `d.sort_order ASC, d.id DESC`;

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
      category: e.category,
      author: e.author,
      tags: e.tags,
      isActive: e.isActive,
      sortOrder: e.sortOrder,
      hasFile: !!e.fileKey,
      createdAt: e.createdAt,
      updatedAt: e.updatedAt,
    };
  }

  private async find(id: number, manager: EntityManager = this.db.manager): Promise<DylibEntity> {
    const row = await manager.getRepository(DylibEntity).findOneBy({ id });
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
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize);
    const search = (queryString(args.search ?? undefined, 100) ?? "").trim();
    const qb = this.repo.createQueryBuilder("d").orderBy("d.sort_order", "ASC").addOrderBy("d.id", "DESC").skip(offset).take(pageSize);
    if (activeOnly) qb.andWhere("d.is_active");
    if (search) qb.andWhere(`${SEARCH_EXPR} ILIKE :like`, { like: likePattern(search) });
    const [rows, total] = await qb.getManyAndCount();
    return { items: rows.map((r) => this.view(r)), total, page, pageSize };
  }

  /** One page of the home grid's dylib category: active rows, price filter and search, in one query. */
  async catalogPage(q: CatalogQuery): Promise<Page<CatalogItemType>> {
    const where = ["d.is_active"];
    const params: unknown[] = [];
    if (q.price === PriceFilter.FREE) where.push("d.resource_fee = 0");
    else if (q.price === PriceFilter.PAID) where.push("d.resource_fee > 0");
    const search = q.search?.trim();
    if (search) {
      params.push(likePattern(search));
      where.push(`${SEARCH_EXPR} ILIKE $${params.length}`);
    }
    params.push(q.pageSize, q.offset);
    const rows: CatalogRow[] = await this.db.query(
      `SELECT d.id, d.name, d.icon_path, d.description, d.version, d.file_size, d.updated_at, d.resource_fee, d.bundle_id,
              d.author, d.category, d.tags, count(*) OVER () AS total
         FROM dylibs d WHERE ${where.join(" AND ")}
        ORDER BY ${ORDER} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    let total = rows.length ? Number(rows[0].total) : 0;
    // A page past the end has no row to carry the count.
    if (!rows.length && q.offset > 0) {
      const [c] = await this.db.query(`SELECT count(*)::int AS n FROM dylibs d WHERE ${where.join(" AND ")}`, params.slice(0, -2));
      total = c.n;
    }
    return {
      items: rows.map((r) => ({
        id: String(r.id),
        kind: CatalogKind.DYLIB,
        name: r.name,
        icon: r.icon_path,
        description: r.description,
        version: r.version,
        size: Number(r.file_size),
        updatedAt: r.updated_at,
        price: fenToYuan(r.resource_fee),
        isFree: r.resource_fee === 0,
        bundleId: r.bundle_id,
        author: r.author,
        category: r.category,
        tags: r.tags,
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** The price of an active dylib in fen (its resource fee), null when missing or switched off. */
  async priceOf(rawId: unknown): Promise<{ priceFen: number } | null> {
    const id = parseId(rawId, "动态库ID");
    const [row] = await this.db.query(`SELECT resource_fee FROM dylibs WHERE id = $1 AND is_active`, [id]);
    return row ? { priceFen: row.resource_fee } : null;
  }

  async create(input: DylibFields): Promise<DylibType> {
    const fields = this.checkFields(input, true);
    const file = input.fileUploadId ? await claimStaged(this.storage, input.fileUploadId, "dylibs", /^(dylib|deb)$/) : null;
    try {
      const id = await this.db.transaction(async (m) => {
        const saved = await m.getRepository(DylibEntity).save(
          m.getRepository(DylibEntity).create({ ...fields, fileKey: file?.key ?? null, fileSize: String(file?.size ?? 0) }),
        );
        await this.versions.bump("dylibs", m);
        return saved.id;
      });
      return this.view(await this.find(id));
    } catch (e) {
      if (file) await unclaim(this.storage, file);
      throw e;
    }
  }

  async update(rawId: unknown, input: DylibFields): Promise<DylibType> {
    const id = parseId(rawId, "动态库ID");
    const fields = this.checkFields(input, false);
    await this.find(id);
    const file = input.fileUploadId ? await claimStaged(this.storage, input.fileUploadId, "dylibs", /^(dylib|deb)$/) : null;
    let before: DylibEntity;
    try {
      before = await this.db.transaction(async (m) => {
        const row = await m.getRepository(DylibEntity).findOne({ where: { id }, lock: { mode: "pessimistic_write" } });
        if (!row) throw new DomainError("NOT_FOUND", DYLIB_NOT_FOUND);
        const old = { ...row };
        Object.assign(row, fields);
        if (file) Object.assign(row, { fileKey: file.key, fileSize: String(file.size) });
        await m.getRepository(DylibEntity).save(row);
        await this.versions.bump("dylibs", m);
        return old as DylibEntity;
      });
    } catch (e) {
      if (file) await unclaim(this.storage, file);
      throw e;
    }
    if (file && before.fileKey) await this.storage.removePrivate(before.fileKey);
    if (fields.iconPath !== undefined && fields.iconPath !== before.iconPath) await this.removeIconIfUnused(before.iconPath);
    return this.view(await this.find(id));
  }

  /** Deletes every listed dylib with its files, or none of them when one id is unknown. Returns the count. */
  async deleteMany(rawIds: unknown): Promise<number> {
    const ids = parseIdList(rawIds, "要删除的动态库");
    const removed = await this.db.transaction(async (m) => {
      const rows: { icon_path: string; file_key: string | null }[] = await m.query(
        `DELETE FROM dylibs WHERE id = ANY($1::int[]) RETURNING icon_path, file_key`,
        [ids],
      ).then((r) => r[0]);
      if (rows.length !== ids.length) throw new DomainError("NOT_FOUND", DYLIB_NOT_FOUND);
      await this.versions.bump("dylibs", m);
      return rows;
    });
    for (const r of removed) {
      await this.storage.removePrivate(r.file_key);
      await this.removeIconIfUnused(r.icon_path);
    }
    return removed.length;
  }

  /** The listed dylibs take the top places in that sequence; the others keep their order after them. */
  async reorder(rawIds: unknown): Promise<DylibType[]> {
    const ids = parseIdList(rawIds, "要排序的动态库", 1000);
    await this.db.transaction(async (m) => {
      const found: unknown[] = await m.query(`SELECT id FROM dylibs WHERE id = ANY($1::int[]) FOR UPDATE`, [ids]);
      if (found.length !== ids.length) throw new DomainError("NOT_FOUND", DYLIB_NOT_FOUND);
      await m.query(
        `WITH given AS (
           SELECT g.id, g.ord - 1 AS ord FROM unnest($1::int[]) WITH ORDINALITY AS g(id, ord)
         ), others AS (
           SELECT d.id, $2::int + row_number() OVER (ORDER BY ${ORDER}) - 1 AS ord FROM dylibs d WHERE d.id <> ALL($1::int[])
         ), wanted AS (SELECT id, ord FROM given UNION ALL SELECT id, ord FROM others)
         UPDATE dylibs t SET sort_order = w.ord FROM wanted w WHERE t.id = w.id AND t.sort_order <> w.ord`,
        [ids, ids.length],
      );
      await this.versions.bump("dylibs", m);
    });
    const rows = await this.repo.createQueryBuilder("d").where("d.id = ANY(:ids)", { ids }).orderBy("d.sort_order", "ASC").addOrderBy("d.id", "DESC").getMany();
    return rows.map((r) => this.view(r));
  }

  /** Switches a dylib on or off; without a value (REST toggle) it flips. */
  async setActive(rawId: unknown, rawActive?: unknown): Promise<DylibType> {
    const id = parseId(rawId, "动态库ID");
    const active = rawActive === undefined ? null : requireBoolean(rawActive, "is_active");
    await this.db.transaction(async (m) => {
      const res: unknown[] = await m.query(
        `UPDATE dylibs SET is_active = coalesce($2::boolean, NOT is_active) WHERE id = $1 RETURNING id`,
        [id, active],
      ).then((r) => r[0]);
      if (!res.length) throw new DomainError("NOT_FOUND", DYLIB_NOT_FOUND);
      await this.versions.bump("dylibs", m);
    });
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
    if (row.resourceFee > 0 && !isAdmin) {
      const bought: unknown[] = await this.db.query(
        `SELECT 1 FROM purchases WHERE user_id = $1 AND item_kind = 'dylib' AND item_id = $2 LIMIT 1`,
        [user.id, id],
      );
      if (!bought.length) throw new DomainError("FORBIDDEN", DYLIB_NOT_PURCHASED);
    }
    const path = this.storage.privatePath(row.fileKey);
    const st = await fs.promises.stat(path).catch(() => null);
    if (!st?.isFile()) throw new DomainError("NOT_FOUND", "文件不存在");
    await this.db.query(`UPDATE dylibs SET download_count = download_count + 1 WHERE id = $1`, [id]);
    const ext = row.fileKey.slice(row.fileKey.lastIndexOf(".") + 1);
    return { path, size: st.size, filename: `${safeFileName(row.name, "dylib")}${row.version ? `-${safeFileName(row.version, "")}` : ""}.${ext}` };
  }

  /** Removes an icon this service stored once no dylib points at it any more. */
  private async removeIconIfUnused(url: string): Promise<void> {
    if (!this.storage.isOwnPublicUrl(url)) return;
    const [used] = await this.db.query(`SELECT 1 FROM dylibs WHERE icon_path = $1 LIMIT 1`, [url]);
    if (!used) await this.storage.removePublic(url);
  }

  /** Validates an admin's fields; on update (`creating` false) a missing field is left out. */
  private checkFields(input: DylibFields, creating: boolean): Partial<DylibEntity> {
    if (!input || typeof input !== "object") throw new DomainError("BAD_REQUEST", "请求参数有误");
    const out: Partial<DylibEntity> = {};
    const given = (v: unknown) => v !== undefined && v !== null;
    if (creating || given(input.name)) out.name = requireText(input.name, "名称", 100);
    if (creating || given(input.version)) out.version = optionalText(input.version, "版本", 64);
    if (creating || given(input.description)) out.description = optionalText(input.description, "描述", 5000);
    if (creating || given(input.bundleId)) out.bundleId = optionalText(input.bundleId, "Bundle ID", 255);
    if (creating || given(input.category)) out.category = optionalText(input.category, "分类", 100);
    if (creating || given(input.author)) out.author = optionalText(input.author, "作者", 100);
    if (creating || given(input.resourceFee)) out.resourceFee = given(input.resourceFee) ? yuanToFen(input.resourceFee, "费用") : 0;
    if (creating || given(input.trafficFee)) out.trafficFee = given(input.trafficFee) ? yuanToFen(input.trafficFee, "费用") : 0;
    if (creating || given(input.tags)) out.tags = parseTags(input.tags);
    if (creating || given(input.iconUrl)) out.iconPath = imagePathInput(input.iconUrl);
    if (given(input.isActive)) out.isActive = requireBoolean(input.isActive, "is_active");
    if (given(input.fileUploadId) && typeof input.fileUploadId !== "string") throw new DomainError("BAD_REQUEST", "上传的文件无效，请重新上传");
    return out;
  }
}

interface CatalogRow {
  id: number;
  name: string;
  icon_path: string;
  description: string;
  version: string;
  file_size: string;
  updated_at: Date;
  resource_fee: number;
  bundle_id: string;
  author: string;
  category: string;
  tags: string[];
  total: string;
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
