import type { DataSource } from "typeorm";
import { DomainError } from "../../common/errors";
import type { ReceivedFile } from "../../rest/upload";
import { CatalogKind } from "../catalog/catalog.types";
import { CatalogItemService, type CatalogItemKind } from "../catalog/catalog-item.service";
import { itemFields, itemView, safeFileName, type ItemFields } from "../catalog/catalog-items";
import { hasPurchased } from "../purchases/purchases.service";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import type { StorageService } from "../storage/storage.service";
import type { StoredDownload } from "../../rest/file-download";
import { countCatalogItemDownload } from "@gryx/store";
import type { CatalogItem } from "../catalog/catalog-item";
import type { ResourceShareType } from "./resource-shares.types";

export const RESOURCE_NOT_FOUND = "资源不存在";

/** What an admin sends to create or update a resource share; raw values from GraphQL or a REST body, checked here. */
export type ResourceShareFields = ItemFields;

/** Inspects and stages an uploaded IPA (the apps service does this for apps and resource shares alike). */
export interface IpaStager {
  stageIpa(
    file: ReceivedFile,
  ): Promise<{ uploadId: string; bundleId: string; version: string; name: string; size: number; iconUrl: string }>;
}

/** A resource share: only the common columns; its file is an IPA (`ipas/<hex>.ipa`). */
const RESOURCE_SHARE: CatalogItemKind<CatalogItem, ResourceShareType, ResourceShareFields> = {
  // The search expression is exactly the one the trigram index of the Catalogue migration covers.
  table: {
    table: "resource_shares",
    notFound: RESOURCE_NOT_FOUND,
    contentKind: "resourceShares",
    fileKind: "ipas",
    fileExt: /^ipa$/,
  },
  catalogKind: CatalogKind.RESOURCE_SHARE,
  idLabel: "资源ID",
  batchNoun: "资源",
  card: { card: () => ({ author: null, category: null, tags: [] }) },
  view: itemView,
  fields: itemFields,
};

/**
 * Resource shares: the catalogue-item operations, plus IPA uploads (read like an app's) and a REST detail that
 * shows an admin switched-off shares too.
 */
export class ResourceSharesService extends CatalogItemService<CatalogItem, ResourceShareType, ResourceShareFields> {
  constructor(
    db: DataSource,
    storage: StorageService,
    versions: ContentVersionsService,
    private readonly ipas: IpaStager,
  ) {
    super(db, storage, versions, RESOURCE_SHARE);
  }

  /**
   * The IPA of a resource share for a logged-in user: allowed when it is free, when the user bought it, or for an
   * admin. Counts the download.
   */
  async download(user: { id: number; role: string }, rawId: unknown): Promise<StoredDownload> {
    const id = this.parseId(rawId);
    const isAdmin = user.role === "admin";
    const row = await this.findRow(id);
    if (!row || (!row.isActive && !isAdmin)) throw new DomainError("CATALOG_ITEM_NOT_FOUND", RESOURCE_NOT_FOUND);
    if (!row.fileKey) throw new DomainError("CATALOG_NO_DOWNLOADABLE_FILE");
    if (row.resourceFee > 0 && !isAdmin && !(await hasPurchased(this.db, user.id, "resource-share", id)))
      throw new DomainError("CATALOG_NOT_PURCHASED", "该资源为付费资源，请先购买后再下载");
    const size = await this.storage.privateSize(row.fileKey);
    if (size === null) throw new DomainError("STORAGE_FILE_NOT_FOUND");
    await countCatalogItemDownload(this.db, "resource_shares", id);
    return {
      key: row.fileKey,
      size,
      filename: `${safeFileName(row.name, "resource")}${row.version ? `-${safeFileName(row.version, "")}` : ""}.ipa`,
    };
  }

  /** Inspects and stages an uploaded IPA; a create/update claims it by its uploadId. */
  stageIpa(file: ReceivedFile) {
    return this.ipas.stageIpa(file);
  }
}
