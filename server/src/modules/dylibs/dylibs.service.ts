import type { DataSource } from "typeorm";
import { DomainError } from "../../common/errors";
import { given, optionalText } from "../../common/validate";
import type { ReceivedFile } from "../../rest/upload";
import { MB } from "../../rest/upload";
import { CatalogKind } from "../catalog/catalog.types";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import type { StorageService } from "../storage/storage.service";
import { CatalogItemService, type CatalogItemKind } from "../catalog/catalog-item.service";
import { itemFields, itemView, normalizeImagePath, safeFileName, type ItemFields } from "../catalog/catalog-items";
import { hasPurchased } from "../purchases/purchases.service";
import { sniffDylibFile } from "./dylib-file";
import { countCatalogItemDownload } from "@gryx/store";
import type { Dylib } from "../catalog/catalog-item";
import type { DylibType } from "./dylibs.types";

export const DYLIB_MAX_BYTES = 100 * MB;
export const DYLIB_NOT_FOUND = "动态库不存在";
const MAX_TAGS = 10;
const TAG_MAX = 20;

/** What an admin sends to create or update a dylib; raw values from GraphQL or a REST body, checked here. */
export interface DylibFields extends ItemFields {
  category?: unknown;
  author?: unknown;
  tags?: unknown;
}

/** The file a download streams, after the access check. */
export interface DylibDownload {
  /** Storage key of the file. */
  key: string;
  filename: string;
  size: number;
}

/** A dylib: its own columns are category, author and tags. */
const DYLIB: CatalogItemKind<Dylib, DylibType, DylibFields> = {
  // The search expression is exactly the one the trigram index of the Catalogue migration covers.
  table: {
    table: "dylibs",
    notFound: DYLIB_NOT_FOUND,
    contentKind: "dylibs",
    fileKind: "dylibs",
    fileExt: /^(dylib|deb)$/,
  },
  catalogKind: CatalogKind.DYLIB,
  idLabel: "动态库ID",
  batchNoun: "动态库",
  card: {
    card: (r) => ({ author: r.author ?? "", category: r.category ?? "", tags: r.tags ?? [] }),
  },
  view: (e) => ({ ...itemView(e), category: e.category, author: e.author, tags: e.tags }),
  fields(input, creating) {
    const out: Partial<Dylib> = itemFields(input, creating);
    if (creating || given(input.category)) out.category = optionalText(input.category, "分类", 100);
    if (creating || given(input.author)) out.author = optionalText(input.author, "作者", 100);
    if (creating || given(input.tags)) out.tags = parseTags(input.tags);
    return out;
  },
};

/**
 * Dynamic library plugins: the catalogue-item operations, plus .dylib/.deb uploads and gated downloads (free,
 * purchased, or admin).
 */
export class DylibsService extends CatalogItemService<Dylib, DylibType, DylibFields> {
  constructor(db: DataSource, storage: StorageService, versions: ContentVersionsService) {
    super(db, storage, versions, DYLIB);
  }

  /** Checks an uploaded file really is a .dylib or .deb and stages it; create/update claim it by its uploadId. */
  async stageFile(file: ReceivedFile): Promise<{ uploadId: string; size: number; format: string; filename: string }> {
    const format = await sniffDylibFile(file.path).catch(() => null);
    if (!format) {
      await this.storage.removeTmp(file.path);
      throw new DomainError("CATALOG_FILE_TYPE_INVALID");
    }
    const uploadId = await this.storage.adoptPrivate("staging", file.path, format);
    return { uploadId, size: file.size, format, filename: file.filename.slice(0, 255) };
  }

  /** Where the icon of a dylib is: its own image or the default one. */
  async iconUrl(rawId: unknown): Promise<string> {
    const id = this.parseId(rawId);
    return normalizeImagePath((await this.find(id)).iconPath);
  }

  /**
   * The file of a dylib for a logged-in user: allowed when it is free, when the user bought it, or for an admin.
   * Counts the download.
   */
  async download(user: { id: number; role: string }, rawId: unknown): Promise<DylibDownload> {
    const id = this.parseId(rawId);
    const isAdmin = user.role === "admin";
    const row = await this.findRow(id);
    if (!row || (!row.isActive && !isAdmin)) throw new DomainError("CATALOG_ITEM_NOT_FOUND", DYLIB_NOT_FOUND);
    if (!row.fileKey) throw new DomainError("CATALOG_NO_DOWNLOADABLE_FILE");
    if (row.resourceFee > 0 && !isAdmin && !(await hasPurchased(this.db, user.id, "dylib", id)))
      throw new DomainError("CATALOG_NOT_PURCHASED");
    const size = await this.storage.privateSize(row.fileKey);
    if (size === null) throw new DomainError("STORAGE_FILE_NOT_FOUND");
    await countCatalogItemDownload(this.db, "dylibs", id);
    const ext = row.fileKey.slice(row.fileKey.lastIndexOf(".") + 1);
    return {
      key: row.fileKey,
      size,
      filename: `${safeFileName(row.name, "dylib")}${row.version ? `-${safeFileName(row.version, "")}` : ""}.${ext}`,
    };
  }
}

/** Tags as a list or a comma-separated text: at most 10 distinct tags of at most 20 characters. */
function parseTags(raw: unknown): string[] {
  if (raw === undefined || raw === null || raw === "") return [];
  const list = typeof raw === "string" ? raw.split(/[,，]/) : raw;
  if (!Array.isArray(list)) throw new DomainError("CATALOG_TAGS_INVALID", "标签必须是文本列表");
  const tags: string[] = [];
  for (const t of list) {
    if (typeof t !== "string") throw new DomainError("CATALOG_TAGS_INVALID", "标签必须是文本");
    const s = t.trim();
    if (!s) continue;
    if (s.length > TAG_MAX) throw new DomainError("CATALOG_TAGS_INVALID", `每个标签最多${TAG_MAX}个字符`);
    if (!tags.includes(s)) tags.push(s);
  }
  if (tags.length > MAX_TAGS) throw new DomainError("CATALOG_TAGS_INVALID", `标签最多${MAX_TAGS}个`);
  return tags;
}
