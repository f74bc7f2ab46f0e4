import type { DataSource, EntityManager } from "typeorm";
import {
  bannerById,
  bannerImageInUse,
  deleteBanner,
  firstActiveBannerImage,
  insertBanner,
  listBanners,
  updateBanner,
  type BannerFields,
  type BannerRow,
} from "@gryx/store";
import { DomainError } from "../../common/errors";
import { isSafeLink, optionalText, parseId, requireBoolean } from "../../common/validate";
import type { ImageFormat } from "../../common/image";
import { applySortOrder, bottomSortOrder, parseOrderIds, parseSortOrder } from "../../db/sort-order";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import type { StorageService } from "../storage/storage.service";

/** Fields of a banner as an admin sends them; on update, missing fields keep their value. */
export interface BannerInput {
  imageUrl?: unknown;
  altText?: unknown;
  title?: unknown;
  linkUrl?: unknown;
  isActive?: unknown;
  sortOrder?: unknown;
}

/** A banner as the resolvers and REST handlers show it. */
export interface Banner {
  id: number;
  imageUrl: string;
  altText: string;
  title: string;
  linkUrl: string;
  isActive: boolean;
  sortOrder: number;
  createdAt: Date;
  updatedAt: Date;
}

function toBanner(r: BannerRow): Banner {
  return {
    id: r.id,
    imageUrl: r.image_url,
    altText: r.alt_text,
    title: r.title,
    linkUrl: r.link_url,
    isActive: r.is_active,
    sortOrder: r.sort_order,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The home page carousel: public list of active banners, the admin's CRUD, order and image uploads. */
export class BannersService {
  constructor(
    private readonly db: DataSource,
    private readonly storage: StorageService,
    private readonly versions: ContentVersionsService,
  ) {}

  /** Active banners, in the admin's order. */
  async listPublic(): Promise<Banner[]> {
    return (await listBanners(this.db, true)).map(toBanner);
  }

  /** The image of the first active banner (the home page's largest paint), or null without banners. */
  async firstPublicImage(): Promise<string | null> {
    return (await firstActiveBannerImage(this.db)) ?? null;
  }

  async listAdmin(): Promise<Banner[]> {
    return (await listBanners(this.db, false)).map(toBanner);
  }

  async get(rawId: unknown): Promise<Banner> {
    const banner = await bannerById(this.db, parseId(rawId, "轮播图ID"));
    if (!banner) throw new DomainError("BANNER_NOT_FOUND");
    return toBanner(banner);
  }

  /** Stores an uploaded banner image (already sniffed as an image) and returns its public URL. */
  saveImage(data: Buffer, format: ImageFormat): Promise<string> {
    return this.storage.savePublic("banners", data, format);
  }

  async create(input: BannerInput): Promise<Banner> {
    const fields = validate(input, true);
    const id = await this.db.transaction(async (m) => {
      if (fields.sortOrder === undefined) fields.sortOrder = await bottomSortOrder(m, "banners");
      const id = await insertBanner(m, fields);
      await this.versions.bump("banners", m);
      return id;
    });
    return this.get(id);
  }

  async update(rawId: unknown, input: BannerInput): Promise<Banner> {
    const id = parseId(rawId, "轮播图ID");
    const fields = validate(input, false);
    const replaced = await this.db.transaction(async (m) => {
      const old = await this.lock(m, id);
      await updateBanner(m, id, fields);
      await this.versions.bump("banners", m);
      return fields.imageUrl !== undefined && fields.imageUrl !== old.image_url ? old.image_url : null;
    });
    if (replaced) await this.removeImageIfUnused(replaced);
    return this.get(id);
  }

  async setActive(rawId: unknown, rawActive: unknown): Promise<Banner> {
    const id = parseId(rawId, "轮播图ID");
    const isActive = requireBoolean(rawActive, "is_active");
    await this.db.transaction(async (m) => {
      await this.lock(m, id);
      await updateBanner(m, id, { isActive });
      await this.versions.bump("banners", m);
    });
    return this.get(id);
  }

  /** Deletes a banner, then its uploaded image (unless another banner shows the same file). */
  async remove(rawId: unknown): Promise<void> {
    const id = parseId(rawId, "轮播图ID");
    const imageUrl = await this.db.transaction(async (m) => {
      const old = await this.lock(m, id);
      await deleteBanner(m, id);
      await this.versions.bump("banners", m);
      return old.image_url;
    });
    await this.removeImageIfUnused(imageUrl);
  }

  async reorder(rawIds: unknown): Promise<Banner[]> {
    const ids = parseOrderIds(rawIds);
    await this.db.transaction(async (m) => {
      await applySortOrder(m, "banners", ids, "BANNER_NOT_FOUND");
      await this.versions.bump("banners", m);
    });
    return this.listAdmin();
  }

  private async lock(m: EntityManager, id: number): Promise<BannerRow> {
    const row = await bannerById(m, id, true);
    if (!row) throw new DomainError("BANNER_NOT_FOUND");
    return row;
  }

  private async removeImageIfUnused(url: string): Promise<void> {
    // Only files of this module's own kind: a banner pointing at, say, an app icon never deletes that icon.
    if (!url.startsWith("/uploads/banners/") || !this.storage.isOwnPublicUrl(url)) return;
    if (!(await bannerImageInUse(this.db, url))) await this.storage.removePublic(url);
  }
}

function validate(input: BannerInput, creating: boolean): BannerFields {
  const out: BannerFields = {};
  if (creating || input.imageUrl !== undefined) {
    const url = optionalText(input.imageUrl, "图片地址", 500);
    if (!url) throw new DomainError("BANNER_IMAGE_REQUIRED");
    if (!isSafeLink(url)) throw new DomainError("BANNER_IMAGE_URL_INVALID");
    out.imageUrl = url;
  }
  if (creating || input.altText !== undefined) out.altText = optionalText(input.altText, "替代文字", 200);
  if (creating || input.title !== undefined) out.title = optionalText(input.title, "标题", 100);
  if (creating || input.linkUrl !== undefined) {
    const link = optionalText(input.linkUrl, "链接地址", 500);
    if (link && !isSafeLink(link)) throw new DomainError("BANNER_LINK_INVALID");
    out.linkUrl = link;
  }
  if (input.isActive !== undefined && input.isActive !== null)
    out.isActive = requireBoolean(input.isActive, "is_active");
  else if (creating) out.isActive = true;
  if (input.sortOrder !== undefined && input.sortOrder !== null) out.sortOrder = parseSortOrder(input.sortOrder);
  if (!creating && Object.keys(out).length === 0) throw new DomainError("NOTHING_TO_UPDATE");
  return out;
}
