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
